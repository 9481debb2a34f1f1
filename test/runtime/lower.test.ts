import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";

const game = readFileSync("cards/duel/duel.game", "utf8");
const cards = readFileSync("cards/duel/core.cards", "utf8");

describe("lowering", () => {
  it("compiles every Duel starter card with nothing left unexecutable", () => {
    const result = lowerWorkspace([{ path: "cards/duel/duel.game", text: game }, { path: "cards/duel/core.cards", text: cards }]);
    const bundle = result.bundles.find((b) => b.game.id === "duel")!;
    expect(bundle.cards).toHaveLength(46);
    expect(result.notes).toEqual([]);
    // Plain data: survives JSON unchanged.
    expect(JSON.parse(JSON.stringify(bundle))).toEqual(bundle);
  });

  it("never throws on damaged card text (recovered, partial trees become notes)", () => {
    const edit = fc.record({ at: fc.nat(cards.length), cut: fc.nat(15), insert: fc.constantFrom("", ".", ":", "target", "each", "X", ",", "—", '"', "{", "PLAY:") });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        let text = cards;
        for (const e of edits) text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.cut);
        const result = lowerWorkspace([{ path: "g.game", text: game }, { path: "c.cards", text }]);
        expect(result.bundles.length).toBe(1);
      }),
      { numRuns: 150 },
    );
  });
});
