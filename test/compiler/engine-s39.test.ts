/**
 * Issue 11, session 39 (engine): Three-Slot Duel and Chromatic wordings that checked clean and ran otherwise, or were
 * refused without a form. Scenarios: cards/duel/scenarios/engine-s39.*, cards/chromatic/scenarios/engine-s39.*.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { probeCards } from "./probe.ts";

const root = path.join(import.meta.dirname, "..", "..");
const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

/** The diagnostics of one Duel spell with `text`, checked beside the bundled set (its cards are names a text may use). */
function duelSpell(text: string): { problems: string[]; messages: string[] } {
  const card = `set PRB "Probe" for duel\n\ncard "Probe" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
  const sources = [
    { path: "duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") },
    { path: "duel/core.cards", text: readFileSync(path.join(root, "cards/duel/core.cards"), "utf8") },
    { path: "duel/probe.cards", text: card },
  ];
  const analysis = analyzeWorkspace(sources);
  const mine = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.file === "duel/probe.cards");
  return { problems: mine.map((d) => `${d.code} "${card.slice(d.range.start.offset, d.range.end.offset)}"`), messages: mine.map((d) => d.message) };
}

describe("a token named by a card or a kind, with no stats written (it made a 0-power token of that name, in silence)", () => {
  it("a card of the game of the token's type: clean (a token of its face: scenarios engine-s39)", () => {
    for (const text of ["Create a Scout token.", "Summon two Stone Guard tokens.", 'Create a "Ember Squire" token.', "Create an Old Banner token.", "Create a Gray Scout token."]) {
      expect([text, duelSpell(text).problems]).toEqual([text, []]);
    }
  });

  it("no card of that name: CW6001 at the token's words, naming the form with its power", () => {
    for (const [text, words, form] of [
      ["Summon a Gray Beast token.", "Gray Beast token", "Create a 1 power Gray Beast token."],
      ["Create two Knight tokens.", "Knight tokens", "Create a 1 power Knight token."],
      ["Create a Knight Scout token.", "Knight Scout token", "Create a 1 power Knight Scout token."],
    ] as const) {
      const got = duelSpell(text);
      expect([text, got.problems]).toEqual([text, [`CW6001 "${words}"`]]);
      expect(got.messages[0]).toContain(form);
    }
    // The corpus workspace has no card at all: the Duel corpus's "Summon a Gray Beast token." says so too.
    expect(probe("duel", "spell", "Summon a Gray Beast token.").problems).toEqual(['CW6001 "Gray Beast token"']);
    // Stats written: a token made from its text, as before.
    expect(probe("duel", "spell", "Summon a 2 power Gray Wolf token.").problems).toEqual([]);
    expect(duelSpell("Create a 1 power Scout token.").problems).toEqual([]);
  });

  it("a card of another type (a Spell) is CW6001: a token of a card's face is a Unit's", () => {
    const got = duelSpell("Create a Quick Bolt token.");
    expect(got.problems).toEqual(['CW6001 "Quick Bolt token"']);
    expect(got.messages[0]).toContain('"Quick Bolt" is a Spell card');
  });

  it("Chromatic: a creature of the set named runs; no card of that name stays CW2099", () => {
    expect(probe("chromatic", "spell", "[Red] Create a Gray Beast token.").problems).toEqual(['CW2099 "Gray Beast token"']);
  });
});
