/**
 * Issue 11, session 42 (engine): what a CW6001 ("the engine cannot run this") claims. The warning says the engine runs
 * nothing of the words it is at; the lowering used to note the words it could not read and keep the steps it made of the
 * rest (`The player with the most life loses 3 life.` made its caster lose 3 life; `Draw a card. If it's a unit card, draw
 * another card.` drew two cards always). Scenarios: cards/duel/scenarios/engine-s42.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a CW6001 runs nothing of what it names", () => {
  it("the issue's cases: the player with the most life loses nothing (the caster lost 3)", () => {
    for (const [game, kind, text] of [
      ["cybervamp", "spell", "The player with the most life loses 3 life."],
      ["cybervamp", "creature", "When this enters play, the player with the most life loses 3 life."],
      ["duel", "spell", "Draw a card. The player with the most life loses 2 life."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems.map((w) => w.split(" ")[0])]).toEqual([text, ["CW6001"]]);
      expect(JSON.stringify(p.abilities)).not.toContain('"lose_life"');
      expect(p.readsAs.at(-1)).toContain("(nothing: the engine cannot run this text)");
    }
    // The lead's case: the filter was dropped and any target unit destroyed.
    const lowest = probe("duel", "spell", "Destroy target unit with the lowest power.");
    expect(lowest.problems).toEqual(['CW6001 "target unit with the lowest power"']);
    expect(lowest.readsAs).toEqual(["(nothing: the engine cannot run this text)."]);
  });
  // Every corpus sentence with a CW6001 runs nothing at its words: test/compiler/engine-s43.test.ts (with the checker's).
});

describe("the card a one-card draw takes is 'it' after it (it was CW6001 'names no card', and ran both draws)", () => {
  it("'it', 'that card', 'the drawn card' in a spell's next sentence, in each game", () => {
    for (const [game, text, reads] of [
      ["duel", "Draw a card. If it's a unit card, draw another card.", "Draw a card, then if that card is a Unit, draw a card."],
      ["duel", "Draw a card. If that card is a unit card, gain 2 life.", "Draw a card, then if that card is a Unit, gain 2 life."],
      ["duel", "Draw a card. If the drawn card is a unit card, gain 2 life.", "Draw a card, then if that card is a Unit, gain 2 life."],
      ["cybervamp", "Draw a card. If it's a creature card, you gain 2 life.", "Draw a card, then if that card is a Creature, gain 2 life."],
      ["chromatic", "[Red] Draw a card. If it's a creature card, draw another card.", "[Red] Draw a card, then if that card is a Creature, draw a card."],
      // Another player's one card (it read as this spell, never a Creature: silent).
      ["cybervamp", "Target player draws a card. If it's a creature card, you gain 2 life.", "Target player draws a card, then if that card is a Creature, gain 2 life."],
    ] as const) {
      const p = probe(game, "spell", text);
      expect([text, p.problems, p.readsAs.at(-1)]).toEqual([text, [], reads]);
      expect(JSON.stringify(p.abilities)).toContain('"of":{"kind":"chosen","label":"$drawn this way"}');
    }
  });

  it("on a trigger about this card, a condition's 'it' is the card drawn (it ran as this card: 'If it's a unit card' always held)", () => {
    for (const text of ["PLAY: Draw a card. If it's a unit card, draw another card.", "PLAY: Draw a card. If the drawn card is a unit card, draw another card.", "PLAY: Draw a card. If that card is a unit card, draw another card."]) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], ["PLAY: Draw a card, then if that card is a Unit, draw a card."]]);
    }
    // Outside a condition "it" could be either (the card drawn, or this one): CW6001 naming both forms, and nothing of it runs.
    const p = probe("cybervamp", "creature", "When this enters play, draw a card. It gets +1/+1 until end of turn.");
    expect(p.problems).toEqual(['CW6001 "It"']);
    expect(p.messages[0]).toContain('"it" could name the card drawn or this card');
    expect(p.readsAs).toEqual(["When this enters play, draw a card, then (nothing: the engine cannot run this text)."]);
  });

  it("two cards drawn, or a card drawn by each player, name no one card: still CW6001, and the condition's steps do not run", () => {
    for (const [game, text] of [
      ["duel", "Draw two cards. If it's a unit card, draw another card."],
      ["cybervamp", "Each player draws a card. If it's a creature card, you gain 2 life."],
    ] as const) {
      const p = probe(game, "spell", text);
      expect([text, p.problems.map((w) => w.split(" ")[0])]).toEqual([text, ["CW6001"]]);
      expect(p.readsAs.at(-1)).toMatch(/then \(nothing: the engine cannot run this text\)\.$/);
    }
  });
});

describe("'each' / 'all' before 'target' (was read as one target, silently)", () => {
  it("is CW6001 naming both readings, in each game; nothing of it runs", () => {
    for (const [game, text, words] of [
      ["duel", "Destroy each target unit.", "each target unit"],
      ["duel", "Deal 2 damage to each target unit.", "each target unit"],
      ["cybervamp", "Exhaust all target creatures.", "all target creatures"],
      ["cybervamp", "Each target creature gets +1/+1 until end of turn.", "Each target creature"],
      ["chromatic", "[Red] Deal 1 damage to each target creature.", "each target creature"],
    ] as const) {
      const p = probe(game, "spell", text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${words}"`]]);
      expect(p.messages[0]).toMatch(/says both "(each|all)" \(every .*\) and "target" \(the .* the player chooses/);
      expect(p.readsAs.at(-1)).toMatch(/\(nothing: the engine cannot run this text\)\.$/);
    }
  });

  it("'each of two target creatures' (a number of targets, each dealt damage) runs as before", () => {
    const p = probe("cybervamp", "spell", "Deal 1 damage to each of two target creatures.");
    expect([p.problems, p.readsAs]).toEqual([[], ["Deal 1 damage to two target creatures."]]);
  });
});

describe("'it' / 'its' after a cost that took several cards (ran as the ability's own card, silently)", () => {
  it("is CW6001 naming a one-card cost; a one-card cost still names its card", () => {
    for (const [game, kind, text, words] of [
      ["duel", "unit", "Sacrifice two units: Draw cards equal to its power.", "its power"],
      ["cybervamp", "creature", "Sacrifice two creatures: Deal damage equal to its power to any target.", "its power"],
      ["cybervamp", "creature", "Sacrifice two creatures: Return it to its owner's hand.", "it"],
      ["duel", "unit", "Discard two cards: Draw cards equal to its power.", "its power"],
      ["chromatic", "creature", "[Base] Sacrifice two creatures: Deal damage equal to its attack to any target.", "its attack"],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${words}"`]]);
      expect(p.messages[0]).toContain("names no one card: the cost takes several cards");
      expect(p.readsAs.at(-1)).toMatch(/: \(nothing: the engine cannot run this text\)\.$/);
    }
    expect(probe("duel", "unit", "Sacrifice a unit: Draw cards equal to its power.").readsAs).toEqual(["Sacrifice a Unit: Draw cards equal to the sacrificed card's power."]);
  });
});

describe("an adverb in a token's name (was the name: 'Bat Again')", () => {
  it("is CW6001 at the word, and no token is made", () => {
    for (const [kind, text, word] of [
      ["creature", "When this enters play, create a 1/1 Bat again token.", "again"],
      ["spell", "Create two 1/1 Bat tokens now.", "now"],
    ] as const) {
      const p = probe("cybervamp", kind, text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${word}"`]]);
      expect(JSON.stringify(p.abilities)).not.toContain("create_token");
    }
  });
});
