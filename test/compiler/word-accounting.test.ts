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
    ]) expect({ text, unused: unused(text) }).toEqual({ text, unused: [] });
  });

  it("leaves the bundled sets with no word unaccounted for", () => {
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const sources = [{ path: `${game}/${game}.game`, text: games[game]! }, { path: `${game}/core.cards`, text: readFileSync(path.join(root, `cards/${game}/core.cards`), "utf8") }];
      const analysis = analyzeWorkspace(sources);
      expect(engineWarnings(analysis, sources).filter((d) => d.code === "CW6005").map((d) => d.message)).toEqual([]);
    }
  });
});
