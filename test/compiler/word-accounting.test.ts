/**
 * "Nothing dropped": every content word of an ability is carried by the IR, or reported at its
 * words (CW6005). One mechanism (compiler/word-accounting.ts) for every form; these are issue 11's
 * classes of silent misreading, each now a warning at the words the engine would have ignored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";

const root = path.join(import.meta.dirname, "..", "..");
const games = Object.fromEntries(["duel", "cybervamp", "chromatic"].map((g) => [g, readFileSync(path.join(root, `cards/${g}/${g}.game`), "utf8")]));

/** The words CW6005 reports for one line of text on a Duel unit. */
function unused(text: string): string[] {
  const card = `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
  const sources = [{ path: "duel/duel.game", text: games.duel! }, { path: "duel/t.cards", text: card }];
  const analysis = analyzeWorkspace(sources);
  return engineWarnings(analysis, sources)
    .filter((d) => d.code === "CW6005")
    .map((d) => card.slice(d.range.start.offset, d.range.end.offset));
}

describe("word accounting (CW6005)", () => {
  it("reports possessives, qualifiers and 'a/an' the IR does not carry, at their words", () => {
    expect(unused("PLAY: Discard a Unit card.")).toEqual(["Unit"]);
    // "Discard your hand" is carried now (the discard's amount is the hand's size): nothing left over.
    expect(unused("PLAY: Discard your hand, then draw that many cards.")).toEqual([]);
  });

  it("reports nothing for wordings the IR carries whole", () => {
    for (const text of [
      "PLAY: Deal 2 damage to target enemy unit.",
      "PLAY: Each opponent loses 2 life.",
      "PLAY: Draw two cards, then discard a card.",
      "Whenever you discard a card, this gets +1 power until end of turn.",
      "Whenever an ally dies, each opponent loses 1 life.",
      "DEATH: Return a Unit card from your Graveyard to your hand.",
      "PLAY: Destroy target enemy unit with power 2 or less.",
      // Restrictions keep their qualifier; both verbs of "attack or block" (lang-fixes-b, issue 11 class 4).
      "This can't be targeted by opponents' spells.",
      "This can't attack or block.",
      // "it" as the source of damage is the card (stress pass, session 5: it was CW6005 on a correct card).
      "PLAY: It deals 1 damage to each enemy unit.",
      "PLAY: It deals damage equal to its power to target enemy unit.",
      "Whenever another unit enters play, it deals 1 damage to you.",
      "PLAY: Target unit you control deals damage equal to its power to target enemy unit.",
    ]) expect({ text, unused: unused(text) }).toEqual({ text, unused: [] });
  });

  it("reads 'it' as a source of damage as the card it names", () => {
    const card = (text: string) => `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
    const fromOf = (text: string) => {
      const sources = [{ path: "duel/duel.game", text: games.duel! }, { path: "duel/t.cards", text: card(text) }];
      const bundle = lowerAnalysis(analyzeWorkspace(sources), sources).bundles[0]!;
      const step = bundle.cards[0]!.abilities[0]!.steps.find((s) => s.op === "damage") as { from?: unknown; amount: unknown } | undefined;
      return { from: step?.from, amount: step?.amount };
    };
    // "it": the event's card (this card for its own trigger, the card entering for "another unit enters"). A card
    // subject: that card, and "its" with it.
    expect(fromOf("PLAY: It deals 1 damage to each enemy unit.").from).toEqual({ kind: "it" });
    expect(fromOf("Whenever another unit enters play, it deals 1 damage to you.").from).toEqual({ kind: "it" });
    expect(fromOf("PLAY: Target unit you control deals damage equal to its power to target enemy unit.")).toEqual({
      from: { kind: "target", index: 0 },
      amount: { kind: "stat", of: { kind: "target", index: 0 }, stat: "power" },
    });
  });

  it("leaves the bundled sets with no word unaccounted for", () => {
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const sources = [{ path: `${game}/${game}.game`, text: games[game]! }, { path: `${game}/core.cards`, text: readFileSync(path.join(root, `cards/${game}/core.cards`), "utf8") }];
      const analysis = analyzeWorkspace(sources);
      expect(engineWarnings(analysis, sources).filter((d) => d.code === "CW6005").map((d) => d.message)).toEqual([]);
    }
  });
});
