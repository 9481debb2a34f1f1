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
    // 150 whole-set lowerings: a minute or more on a loaded 2-core machine (a robustness property, not a speed goal).
  }, 240_000);
});

describe("lowering sentence forms", () => {
  const extra = (text: string) => {
    const result = lowerWorkspace([{ path: "cards/duel/duel.game", text: game }, { path: "cards/duel/core.cards", text: cards }, { path: "extra.cards", text }]);
    return { result, card: (name: string) => result.bundles[0]!.cards.find((c) => c.name === name)! };
  };
  const card = (name: string, body: string) => `card "${name}" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n    ${body}\n}\n`;

  it("a verbless clause after 'and' repeats the verb; 'its controller' is the targeted card's controller; 'and' between noun phrases splits the effect", () => {
    const { result, card: find } = extra(`set EX "x" for duel\n${card("Twin Bolt", "Deal 2 damage to target enemy unit and 1 damage to its controller.")}${card("Wide Burn", "Deal 1 damage to each enemy unit and each opponent.")}`);
    expect(result.notes).toEqual([]);
    expect(find("Twin Bolt").abilities[0]!.steps.map((s) => (s.op === "damage" ? [s.amount, s.to] : s.op))).toEqual([
      [2, { kind: "target", index: 0 }],
      [1, { kind: "player", ref: { kind: "controller_of", of: { kind: "target", index: 0 } } }],
    ]);
    expect(find("Wide Burn").abilities[0]!.steps.map((s) => (s.op === "damage" ? s.to.kind : s.op))).toEqual(["cards", "player"]);
  });

  it("'enters play under your control' keeps the controller in the trigger", () => {
    const sources = ["cards/chromatic/chromatic.game", "cards/chromatic/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
    const bloom = lowerWorkspace(sources).bundles[0]!.cards.find((c) => c.name === "Verdant Bloom")!;
    const scry = bloom.abilities.find((a) => a.text.includes("enters play under your control"))!;
    expect(scry.trigger?.subject).toEqual({ kind: "card", selector: { cardTypes: ["Creature"], controller: "you" } });
  });
});
