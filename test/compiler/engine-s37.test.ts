/**
 * Issue 11, session 37 (engine): negations and determiners in conditions — what checked clean and ran otherwise.
 * Scenarios: cards/duel/scenarios/engine-s37.* (run by test/runtime/duel-scenarios.test.ts).
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a negation is read or reported, never dropped", () => {
  it("'your life isn't 10' / 'is not 10' / 'as long as your life isn't 10' run negated (they ran as 'exactly 10 life', silently)", () => {
    for (const text of ["PLAY: If your life isn't 10, draw a card.", "PLAY: If your life is not 10, draw a card.", "PLAY: If your life total isn't 10, draw a card."]) {
      const p = probe("duel", "unit", text);
      expect(p.problems).toEqual([]);
      expect(p.readsAs).toEqual(["PLAY: If not (you have exactly 10 life), draw a card."]);
    }
    expect(probe("duel", "unit", "PLAY: If your opponent's life isn't 10, draw a card.").readsAs).toEqual(["PLAY: If not (your opponent has exactly 10 life), draw a card."]);
    expect(probe("duel", "unit", "This gets +2 power as long as your life isn't 10.").readsAs).toEqual(["This gets +2 power unless you have exactly 10 life."]);
  });

  it("a negated comparison of life is turned round ('not less than 5' ran as '4 or less life', 'isn't 5 or less' as '5 or less')", () => {
    expect(probe("duel", "unit", "PLAY: If your life total is not less than 5, draw a card.").readsAs).toEqual(["PLAY: If you have 5 or more life, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If your life total is not greater than 5, draw a card.").readsAs).toEqual(["PLAY: If you have 5 or less life, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If your life isn't 5 or less, draw a card.").readsAs).toEqual(["PLAY: If you have 6 or more life, draw a card."]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, if your opponent's life total is not 20 or more, draw a card.").readsAs).toEqual(["[Base] When this enters play, if your opponent has 19 or less life, draw a card."]);
  });

  it("'If it isn't destroyed' after a damage step is 'if it didn't die this way' (it ran as 'if it died this way')", () => {
    const p = probe("duel", "spell", "Deal 2 damage to target unit. If it isn't destroyed, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Deal 2 damage to target unit, then if it didn't die this way, draw a card."]);
  });

  it("the readers that read a negation carry it: the forms that ran negated stay clean", () => {
    const clean = [
      "PLAY: If you don't control a Knight, draw a card.",
      "PLAY: If it isn't your turn, draw a card.",
      "PLAY: If your hand isn't empty, draw a card.",
      "PLAY: If there aren't any cards in your graveyard, draw a card.",
      "Whenever a unit you don't control is destroyed, draw a card.",
      "Destroy target unit that isn't a Knight.",
      "This gets +1 power as long as this is not a defender.",
      "You may destroy an allied unit. If you don't, lose 2 life.",
    ];
    for (const text of clean) expect([text, probe("duel", text.startsWith("Destroy") || text.startsWith("You may") ? "spell" : "unit", text).problems]).toEqual([text, []]);
  });
});

describe("empty and full slots (Three-Slot Duel: '3 unit slots per player')", () => {
  it("'aren't all full' is 'aren't full' (it was CW6001, run as always true)", () => {
    expect(probe("duel", "unit", "PLAY: If your opponent's unit slots aren't all full, draw a card.").readsAs).toEqual(["PLAY: If your opponent has an empty slot, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If your unit slots are all full, draw a card.").readsAs).toEqual(["PLAY: If you have no empty slots, draw a card."]);
  });

  it("'all of your unit slots are empty', 'one of ...', 'two of your opponent's ...' count empty slots (were CW6001, always true)", () => {
    expect(probe("duel", "spell", "If all of your unit slots are empty, draw a card.").readsAs).toEqual(["If you have 3 or more empty slots, draw a card."]);
    expect(probe("duel", "spell", "If your unit slots are empty, draw a card.").readsAs).toEqual(["If you have 3 or more empty slots, draw a card."]);
    expect(probe("duel", "spell", "If one of your unit slots is empty, draw a card.").readsAs).toEqual(["If you have an empty slot, draw a card."]);
    expect(probe("duel", "spell", "If two of your opponent's unit slots are empty, draw a card.").readsAs).toEqual(["If your opponent has 2 or more empty slots, draw a card."]);
    // "aren't empty" (none empty, or not all?) stays CW6001.
    expect(probe("duel", "spell", "If your unit slots aren't empty, draw a card.").problems).toEqual(['CW6014 "your unit slots aren\'t empty"']);
  });

  it("'your field is not empty' runs as 'isn't empty' (was CW6001: the parser reads 'not' as the verb)", () => {
    const p = probe("duel", "spell", "If your field is not empty, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["If the number of cards you control is at least 1, draw a card."]);
  });
});

describe("each / every / all / both in what a condition counts", () => {
  it("'If you control each Knight' is CW6001 at the determiner naming the counts (it ran as 'a Knight')", () => {
    for (const [text, word] of [
      ["PLAY: If you control each Knight, draw a card.", "each"],
      ["PLAY: If you control every Knight, draw a card.", "every"],
      ["PLAY: If you control all Knights, draw a card.", "all"],
      ["PLAY: If an opponent controls all units, draw a card.", "all"],
      ["PLAY: If you control each other Knight, draw a card.", "each"],
      ["PLAY: If there are all Knights, draw a card.", "all"],
      ["PLAY: If you control both Knights, draw a card.", "both"],
    ] as const) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems]).toEqual([text, [`CW6014 "${word}"`]]);
    }
    const p = probe("duel", "unit", "PLAY: If you control all Knights, draw a card.");
    expect(p.messages[0]).toContain('write "a Knight", "two or more Knights", "exactly two Knights" or "no Knights"');
    expect(probe("cybervamp", "creature", "When this enters play, if you control every Vampire, draw a card.").problems).toEqual(['CW6014 "every"']);
    // "both a Knight and a Golem": each of the two (session 38: kinds joined by "and" after "you control" run).
    const two = probe("duel", "unit", "PLAY: If you control both a Knight and a Golem, draw a card.");
    expect(two.problems).toEqual([]);
    expect(two.readsAs).toEqual(["PLAY: If you control a Knight and you control a Golem, draw a card."]);
  });

  it("the counts it reads stay as they were", () => {
    expect(probe("duel", "unit", "PLAY: If you control another Knight, draw a card.").readsAs).toEqual(["PLAY: If you control another Knight, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If you control any Knights, draw a card.").readsAs).toEqual(["PLAY: If you control a Knight, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If you control all three units, draw a card.").readsAs).toEqual(["PLAY: If you control 3 or more Units, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If each player controls a Knight, draw a card.").readsAs).toEqual(["PLAY: If each player controls a Knight, draw a card."]);
  });
});

describe("a step other games have ('upkeep', 'draw step', Duel's 'combat')", () => {
  it("is CW6001 at its words naming the game's own phases and the moment to write (was CW6005 'upkeep', naming none)", () => {
    const upkeep = probe("duel", "unit", "At the beginning of your upkeep, draw a card.");
    expect(upkeep.problems).toEqual(['CW6001 "upkeep"']);
    expect(upkeep.messages[0]).toContain('Three-Slot Duel has no upkeep — its turn is Start (where its player draws), Play, End. Write "At the start of your turn, ..." (the start of its Start phase), or name one of its phases ("At the beginning of your Play phase, ...")');
    const chromatic = probe("chromatic", "creature", "[Base] At the beginning of your upkeep, draw a card.");
    expect(chromatic.messages[0]).toContain("Chromatic Battlelines has no upkeep — its turn is Beginning (where its player draws), Main, Combat, Second-Main, End");
    expect(probe("duel", "unit", "At the end of combat, gain 1 life.").messages[0]).toContain('Three-Slot Duel has no combat phase — its turn is Start (where its player draws), Play, End. Write "At the end of your turn, ..."');
    // Chromatic has a Combat phase: read as it.
    expect(probe("chromatic", "creature", "[Base] At the end of combat, draw a card.").problems).toEqual([]);
  });

  it("'At the beginning of your draw step, gain 1 life.' no longer draws a card ('draw step' was read as an effect, 'step' CW6005)", () => {
    const p = probe("duel", "unit", "At the beginning of your draw step, gain 1 life.");
    expect(p.problems).toEqual(['CW6001 "draw step"']);
    expect(p.readsAs).toEqual(["At the start of your turn, gain 1 life."]);
  });
});

describe("'If a Knight died this way' after a step on a group", () => {
  it("runs: some card the step took is of that kind as printed (was CW6001, and drew whatever died)", () => {
    const p = probe("duel", "spell", "Deal 2 damage to each unit. If a Knight died this way, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Deal 2 damage to each Unit, then if a Knight died this way, draw a card."]);
    expect(probe("duel", "spell", "Deal 2 damage to each unit. If no Knight died this way, draw a card.").readsAs).toEqual(["Deal 2 damage to each Unit, then if no Knight died this way, draw a card."]);
    expect(probe("duel", "spell", "Discard two cards. If a Red card was discarded this way, draw a card.").readsAs).toEqual(["Discard 2 cards, then if a Red card was discarded this way, draw a card."]);
    expect(probe("chromatic", "spell", "[Red] Deal 2 damage to each creature. If a Knight died this way, draw a card.").problems).toEqual([]);
  });

  it("who controlled it, or two of them, stays CW6001 naming the forms", () => {
    const enemy = probe("duel", "spell", "Deal 2 damage to each unit. If an enemy Knight died this way, draw a card.");
    expect(enemy.problems).toEqual(['CW6014 "an enemy Knight died this way"']);
    expect(enemy.messages[0]).toContain('"if a Knight died this way"');
    expect(probe("duel", "spell", "Deal 2 damage to each unit. If two Knights died this way, draw a card.").problems).toEqual(['CW6014 "two Knights died this way"']);
  });
});

describe("'Exchange control of two target creatures.'", () => {
  it("runs in both games that model control (was CW6001 'cannot execute': 'Exchange' read as a noun)", () => {
    const chromatic = probe("chromatic", "spell", "[Red] Exchange control of two target creatures.");
    expect(chromatic.problems).toEqual([]);
    expect(chromatic.readsAs[0]).toBe("[Red] Exchange control of two target creatures.");
    expect(chromatic.abilities[0]!.steps).toEqual([expect.objectContaining({ op: "exchange_control", what: { kind: "targets", indexes: [0, 1] }, duration: { kind: "permanent" } })]);
    expect(probe("duel", "spell", "Exchange control of two target units until end of turn.").readsAs).toEqual(["Exchange control of two target units until end of turn."]);
  });

  it("one target, 'up to two', three, or two phrases joined by 'and' are CW6001 naming the form", () => {
    for (const text of ["Exchange control of target unit.", "Exchange control of up to two target units.", "Exchange control of three target units."]) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems.length, p.messages[0]]).toEqual([text, 1, expect.stringContaining('write "Exchange control of two target units."')]);
    }
    const joined = probe("duel", "spell", "Exchange control of target unit you control and target unit an opponent controls.");
    expect(joined.problems.every((p) => p.startsWith("CW6001"))).toBe(true);
  });
});

describe("each / every / all / both in a hand, a resource or a zone a condition counts", () => {
  it("'you have every card in your hand', 'you have both Crystals', 'all of the units' are CW6001 (they ran as 'one or more')", () => {
    expect(probe("duel", "unit", "PLAY: If you have every card in your hand, draw a card.").problems).toEqual(['CW6014 "every"']);
    expect(probe("duel", "unit", "PLAY: If you have both Crystals, draw a card.").problems).toEqual(['CW6014 "both"']);
    const partitive = probe("duel", "unit", "PLAY: If you control all of the units, draw a card.");
    expect(partitive.problems).toEqual(['CW6014 "all"']);
    expect(partitive.messages[0]).toContain('write "a unit", "two or more units", "exactly two units" or "no units"');
  });

  it("'two units in each graveyard' is CW6001 at 'each' (it counted both graveyards together); 'no cards in each graveyard' runs", () => {
    const each = probe("duel", "unit", "PLAY: If there are two units in each graveyard, draw a card.");
    expect(each.problems).toEqual(['CW6014 "each"']);
    expect(each.messages[0]).toContain('name one player\'s ("in your graveyard", "in your opponent\'s graveyard") or all of them together ("in a graveyard")');
    expect(probe("duel", "unit", "PLAY: If there is a unit on each field, draw a card.").problems).toEqual(['CW6014 "each"']);
    expect(probe("duel", "unit", "PLAY: If there are no cards in each graveyard, draw a card.").problems).toEqual([]);
  });
});

describe("some card of a kind in a condition ('If a unit you control has power 3 or more')", () => {
  it("'another unit you control has a power counter on it' is some such unit (it was a unit the player chose, then checked)", () => {
    const p = probe("duel", "unit", "PLAY: If another unit you control has a power counter on it, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["PLAY: If another Unit you control has a power counter on it, draw a card."]);
  });

  it("a stat bound, an ability keyword or a kind after 'is a' run as a count of such cards (were CW6001, always true)", () => {
    expect(probe("duel", "spell", "If a unit you control has power 3 or more, draw a card.").readsAs).toEqual(["If you control a Unit with power 3 or more, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If another unit you control is a Knight, draw a card.").readsAs).toEqual(["PLAY: If you control another Knight Unit, draw a card."]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, if another creature you control has Flying, draw a card.").problems).toEqual([]);
    // A card outside play, and a colour after "is", run since session 38 (test/compiler/engine-s38.test.ts).
    expect(probe("duel", "unit", "PLAY: If a card in your graveyard is a unit, draw a card.").readsAs).toEqual(["PLAY: If you have 1 or more Unit cards in your Graveyard, draw a card."]);
  });
});

describe("'that is not a Knight' and a place after 'that is(n't) a <kind>'", () => {
  it("'Destroy target unit that is not a Knight.' reads as 'isn't' (was CW6005 'not a Knight': 'not' parsed as the verb)", () => {
    expect(probe("duel", "spell", "Destroy target unit that is not a Knight.").readsAs).toEqual(["Destroy target non-Knight unit."]);
    expect(probe("duel", "unit", "Units that are not Knights get -1 power.").readsAs).toEqual(["Non-Knight Units get -1 power."]);
  });

  it("'Return each unit that isn't a Knight to its owner's hand.' runs (was CW6001: the place was read into the relative clause)", () => {
    const p = probe("duel", "spell", "Return each unit that isn't a Knight to its owner's hand.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Return each non-Knight Unit to its owner's hand."]);
    expect(probe("duel", "spell", "Put target unit that is a Golem into its owner's Oblivion.").readsAs).toEqual(["Put target Golem unit into its owner's Oblivion."]);
  });
});
