/**
 * lang-cv, session 30 (issue 11): a diagnostic's suggestion names the game's own zones and counters — CYBERVAMP's
 * graveyard is its "Discard Pile" (the suggestions wrote "your Graveyard", a zone CYBERVAMP does not have: a designer
 * following them got CW2011), and a game with no player counter is not offered "If you would gain Bleed counters".
 */
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { probeSources } from "./probe.ts";

function messages(game: string, kind: string, text: string): string[] {
  const { sources } = probeSources(game, [{ kind, text }]);
  const analysis = analyzeWorkspace(sources);
  return [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.file === `${game}/corpus.cards`).map((d) => d.message);
}

describe("a suggestion uses the game's own zone names", () => {
  it("CYBERVAMP's 'this way' example erases from the Discard Pile", () => {
    const [m] = messages("cybervamp", "spell", "Draw a card for each card erased this way.");
    expect(m).toContain('"Erase two cards from your Discard Pile. Draw a card for each card erased this way."');
    expect(m).not.toContain("Graveyard");
  });

  it("CYBERVAMP's replacement list and its 'whose pile' advice name the Discard Pile", () => {
    const [m] = messages("cybervamp", "creature", "If a card would be put into their Discard Pile from anywhere, draw a card instead.");
    expect(m).toContain('write "a Discard Pile", "your Discard Pile" or "an opponent\'s Discard Pile"');
    expect(m).toContain('"If a card would be put into a Discard Pile from anywhere, ... instead."');
    expect(m).toContain('"If you would gain Bleed counters, ... instead."');
    expect(m).not.toContain("Graveyard");
  });

  it("Three-Slot Duel keeps its Graveyard, and is offered no Bleed counters", () => {
    const [m] = messages("duel", "unit", "If a player would shuffle, draw a card instead.");
    expect(m).toContain('"If a card would be put into a Graveyard from anywhere, ... instead."');
    expect(m).not.toContain("Bleed");
  });
});
