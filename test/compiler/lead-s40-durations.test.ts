/**
 * Issue 11, session 40 (lead; found by the session's outsider probe): "Until end of turn, A and B." — a leading duration
 * covered only its first clause; the second ran for good, in silence, in every game. It now covers every clause its
 * sentence joins with "and" (compiler/build.ts), and the formatter prints it first again; a lone clause keeps its
 * canonical trailing form; "then" and a new sentence end its reach.
 */
import { describe, expect, it } from "vitest";
import { parseAbilityText } from "../../compiler/build.ts";
import { formatAbility } from "../../compiler/format.ts";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a leading duration over clauses joined by 'and'", () => {
  it("covers each of them, in every game (the second ran for good)", () => {
    for (const [game, kind, text, readsAs] of [
      ["duel", "spell", "Until end of turn, units you control get +1 power and can't be targeted.", "Each Unit you control gets +1 power until end of turn, then can't be targeted until end of turn."],
      ["cybervamp", "spell", "Until end of turn, target creature gains Breach and gets +1/+0.", "Target creature gains Breach until end of turn, then gets +1/+0 until end of turn."],
      ["cybervamp", "spell", "Until end of turn, creatures you control get +1/+0 and gain Breach.", "Each Creature you control gets +1/+0 until end of turn, then gains Breach until end of turn."],
    ] as const) {
      const p = probe(game, kind, text);
      expect(p.problems, text).toEqual([]);
      expect(p.readsAs[0], text).toBe(readsAs);
    }
  });

  it("does not reach past 'then' or into the next sentence", () => {
    for (const text of ["Until end of turn, target unit gets +2 power. Draw a card.", "Until end of turn, target unit gets +2 power, then draw a card."]) {
      const p = probe("duel", "spell", text);
      expect(p.problems, text).toEqual([]);
      const read = p.readsAs.join(" ");
      expect(read, text).toContain("gets +2 power until end of turn");
      expect(read.match(/until end of turn/g), text).toHaveLength(1);
    }
  });

  it("is printed first again by the formatter over two clauses; a lone clause keeps its trailing form", () => {
    const two = parseAbilityText("Until end of turn, target creature gains Breach and gets +1/+0.", "t");
    expect(two.diagnostics).toEqual([]);
    expect(formatAbility(two.abilities[0]!)).toBe("Until end of turn, target creature gains Breach and gets +1/+0.");
    const one = parseAbilityText("Until end of turn, creatures you control get +1/+0.", "t");
    expect(formatAbility(one.abilities[0]!)).toBe("Creatures you control get +1/+0 until end of turn.");
  });
});
