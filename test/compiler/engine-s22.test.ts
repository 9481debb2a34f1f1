/**
 * Issue 11, session 22 (engine): a leading count — "For each unit you control, gain 1 life." — is the trailing
 * "... for each unit you control" (one IR), scopes over every clause of its sentence, and is kept first by the formatter.
 */
import { describe, expect, it } from "vitest";
import { irShape, probeCards } from "./probe.ts";
import { formatFile } from "../../compiler/index.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;
const card = (text: string) => `set T "t" for duel\n\ncard "R" {\n  type: Spell\n  color: Green\n  cost: free\n  rarity: Common\n  text:\n    ${text}\n}\n`;

describe("a leading 'For each X, ...'", () => {
  it("lowers to the same IR as the trailing count", () => {
    const leading = probe("duel", "spell", "For each unit you control, gain 1 life.");
    const trailing = probe("duel", "spell", "Gain 1 life for each unit you control.");
    expect(leading.problems).toEqual([]);
    expect(irShape(leading.abilities)).toEqual(irShape(trailing.abilities));
  });

  it("counts for every clause of its sentence, not only the first", () => {
    const both = probe("duel", "spell", "For each unit your opponent controls, you gain 2 life and draw a card.");
    expect(both.problems).toEqual([]);
    const count = { kind: "count", of: { cardTypes: ["Unit"], controller: "opponent" } };
    expect((irShape(both.abilities) as { steps: { op: string; amount: unknown }[] }[])[0]!.steps.map((s) => [s.op, s.amount])).toEqual([
      ["gain_life", { kind: "times", factor: 2, of: count }],
      ["draw", count],
    ]);
  });

  it("keeps its own 'on' phrase and leaves the effect's 'on this' alone", () => {
    const p = probe("duel", "unit", "When this enters play, for each power counter on target unit, put a power counter on this.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["When this enters play, put a power counter on this for each power counter on target unit."]);
  });

  it("naming the counted card again ('..., put a power counter on it') is CW6001 at 'it', never a guess", () => {
    expect(probe("duel", "spell", "For each unit you control, put a power counter on it.").problems).toEqual(['CW6001 "it"']);
  });

  it("the formatter keeps it first", () => {
    for (const text of ["For each unit your opponent controls, you gain 2 life and draw a card.", "For each card in your hand, deal 1 damage to target player."]) {
      expect(formatFile(card(text), "t.cards").text).toContain(`    ${text}\n`);
    }
  });
});
