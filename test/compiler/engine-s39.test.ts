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

describe("parse errors an outsider hits: a passive after \"it's\" / \"is not\", and neighbouring units", () => {
  it("'If it's destroyed', 'If it's not destroyed', 'If it is not destroyed' run as 'is destroyed' / 'isn't destroyed'", () => {
    for (const [text, reads] of [
      ["Deal 2 damage to target unit. If it's destroyed, draw a card.", "Deal 2 damage to target unit, then if it died this way, draw a card."],
      ["Deal 2 damage to target unit. If it's not destroyed, draw a card.", "Deal 2 damage to target unit, then if it didn't die this way, draw a card."],
      ["Deal 2 damage to target unit. If it is not destroyed, draw a card.", "Deal 2 damage to target unit, then if it didn't die this way, draw a card."],
      ["Destroy target unit. If it's destroyed, draw a card.", "Destroy target unit, then if it was destroyed this way, draw a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    // The same reading as the forms that ran before.
    const written = probe("duel", "spell", "Deal 2 damage to target unit. If it isn't destroyed, draw a card.");
    expect(probe("duel", "spell", "Deal 2 damage to target unit. If it's not destroyed, draw a card.").abilities.map((a) => a.steps)).toEqual(written.abilities.map((a) => a.steps));
    // Other uses of "it's" read as before.
    expect(probe("duel", "spell", "If it's your turn, draw a card.").problems).toEqual([]);
    expect(probe("duel", "spell", "Deal 1 damage to target unit. If it's a Knight, draw a card.").readsAs).toEqual(["Deal 1 damage to target unit, then if it is a Knight, draw a card."]);
    // A passive the engine does not read stays CW6001 at its words (never a parse error, never dropped).
    expect(probe("duel", "spell", "Return target unit to its owner's hand. If it's returned, draw a card.").problems).toEqual([`CW6014 "it's returned"`]);
  });

  it("'Units adjacent to this get +1 power.' (a parse error) is CW6001 at the words: no slot order, so no neighbours", () => {
    for (const [kind, text, words] of [
      ["unit", "Passive: Units adjacent to this get +1 power.", "adjacent to this"],
      ["unit", "Units you control adjacent to this get +1 power.", "adjacent to this"],
      ["unit", "Passive: Units next to this unit get +1 power.", "next to this unit"],
      ["unit", "PLAY: Deal 1 damage to each unit adjacent to this.", "adjacent to this"],
      ["unit", "Adjacent units get +1 power.", "Adjacent"],
      ["unit", "PLAY: Deal 1 damage to each neighbouring unit.", "neighbouring"],
    ] as const) {
      const p = probe("duel", kind, text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${words}"`]]);
      expect(p.messages[0]).toContain("no order among a player's slots");
      expect(p.messages[0]).toContain('"other units you control"');
    }
    const chromatic = probe("chromatic", "creature", "Creatures adjacent to this get +1/+1.");
    expect(chromatic.problems).toEqual(['CW6001 "adjacent to this"']);
  });
});

describe("session 39 probe findings: diagnostics at the right words", () => {
  it("'Spark 2 more' / 'Scry 1 first' had CW2015 'needs a value' at a keyword that has one: the words after it are reported", () => {
    const more = probe("chromatic", "spell", "[Red] Spark 2. If you have 10 or less life, Spark 2 more.");
    expect(more.problems).toEqual(['CW6005 "more"']);
    const first = probe("chromatic", "spell", "[Red] If you would draw a card during your turn, Scry 1 first.");
    expect(first.problems).toEqual(['CW6001 "If you would draw a card during your turn, Scry 1 first"']);
    // A keyword with no value keeps its reading of a count ("Bounce two target creatures" is no value); "Mill 3 cards" reads.
    expect(probe("chromatic", "spell", "[Red] Mill 3 cards.").problems).toEqual([]);
    expect(probe("chromatic", "spell", "[Red] Scry.").problems).toEqual(['CW2015 "Scry"']);
  });

  it("'Summon a unit card from your Graveyard. At the end of the turn, return it to your hand.' reads 'your' (a false CW6005)", () => {
    for (const text of ["Summon a unit card from your Graveyard. At the end of the turn, return it to your hand.", "Summon a unit card from your Graveyard. Return it to your hand."]) {
      expect([text, probe("duel", "spell", text).problems]).toEqual([text, []]);
    }
    // Anyone's card: "your" is still not what the engine does (its owner's hand).
    expect(probe("duel", "spell", "Summon a unit card from a Graveyard. Return it to your hand.").problems).toEqual(['CW6005 "your"']);
  });
});
