/**
 * Issue 11, session 38 (engine): trigger subjects that name a group, conditions on one card of a kind, two targets of
 * different filters — what checked clean and ran otherwise, or was refused with no form.
 * Scenarios: cards/duel/scenarios/engine-s38.*, cards/chromatic/scenarios/engine-s38.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a trigger's subject that names a group is CW6001 at its determiner (it ran as 'a')", () => {
  it("each / every / all / both and counts in a card subject or object name the form that runs", () => {
    const cases: [string, string, string][] = [
      ["Whenever all units you control attack, draw a card.", "all", "Whenever a unit you control attacks"],
      ["Whenever each unit you control attacks, draw a card.", "each", "Whenever a unit you control attacks"],
      ["Whenever every Knight you control is destroyed, draw a card.", "every", "Whenever a Knight you control is destroyed"],
      ["Whenever all Knights you control are destroyed, draw a card.", "all", "Whenever a Knight you control is destroyed"],
      ["Whenever both units attack, draw a card.", "both", "Whenever a unit attacks"],
      ["Whenever two or more units attack, draw a card.", "two or more", "Whenever a unit attacks"],
      ["Whenever one or more Knights you control are destroyed, draw a card.", "one or more", "Whenever a Knight you control is destroyed"],
      ["Whenever each of your units attacks, draw a card.", "each", "Whenever one of your units attacks"],
      ["Whenever all enemy units are destroyed, draw a card.", "all", "Whenever an enemy unit is destroyed"],
      ["Whenever you play all units, draw a card.", "all", "Whenever you play a unit"],
      ["Whenever a unit you control destroys each unit, draw a card.", "each", "Whenever a unit you control destroys a unit"],
    ];
    for (const [text, word, form] of cases) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${word}"`]]);
      expect(p.messages[0]).toContain(`write "${form}" (once for each one)`);
    }
    const chromatic = probe("chromatic", "creature", "[Base] Whenever each creature you control attacks, draw a card.");
    expect(chromatic.problems).toEqual(['CW6001 "each"']);
    expect(chromatic.messages[0]).toContain('write "Whenever a creature you control attacks"');
  });

  it("the forms that name one card each time, and players, stay as they were", () => {
    for (const [text, reads] of [
      ["Whenever a Knight you control is destroyed, draw a card.", "Whenever a Knight you control is destroyed, draw a card."],
      ["Whenever one of your units attacks, draw a card.", "Whenever a Unit you control attacks, draw a card."],
      ["Whenever any unit attacks, draw a card.", "Whenever a Unit attacks, draw a card."],
      ["Whenever each opponent draws a card, gain 1 life.", "Whenever an opponent draws a card, gain 1 life."],
    ] as const) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    // A static's subject names the group it gives to: "All Knights you control have +1 power." runs.
    for (const text of ["All Knights you control have +1 power.", "Each Knight you control gets +1 power.", "Every Knight you control gets +1 power."]) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], ["Knights you control get +1 power."]]);
    }
  });
});

describe("a condition on a card of a kind, on all of them, or on none (each was CW6001, run as always true)", () => {
  it("'a unit you control is Red', 'a card in your graveyard is a unit', 'one of your units is a Knight' run as some such card", () => {
    for (const [text, reads] of [
      ["If a unit you control is Red, draw a card.", "If you control a Red Unit, draw a card."],
      ["If one of your units is a Knight, draw a card.", "If you control a Knight Unit, draw a card."],
      ["If a card in your graveyard is a unit, draw a card.", "If you have 1 or more Unit cards in your Graveyard, draw a card."],
      ["If a unit in your graveyard is Red, draw a card.", "If you have 1 or more Red Unit cards in your Graveyard, draw a card."],
      ["If no units you control are Knights, draw a card.", "If you control no Knight Units, draw a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });

  it("'all / each / every unit you control is a Knight' needs one such unit and none otherwise", () => {
    const knights = "If you control a Unit and you control no non-Knight Units, draw a card.";
    for (const text of ["If all units you control are Knights, draw a card.", "If each unit you control is a Knight, draw a card.", "If every unit you control is a Knight, draw a card.", "If all of your units are Knights, draw a card."]) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [knights]]);
    }
    expect(probe("duel", "spell", "If all units you control have power 3 or more, draw a card.").readsAs).toEqual(["If you control a Unit and you control no Units with power 2 or less, draw a card."]);
    expect(probe("duel", "spell", "If all cards in your graveyard are units, draw a card.").readsAs).toEqual(["If you have 1 or more cards in your Graveyard and you have no non-Unit cards in your Graveyard, draw a card."]);
    // A negation there is not read: it stays CW6001 (never run as the positive).
    expect(probe("duel", "spell", "If a unit you control isn't a Knight, draw a card.").problems).toEqual(['CW6014 "a unit you control isn\'t a Knight"']);
    expect(probe("duel", "spell", "If all units you control aren't Knights, draw a card.").problems).toEqual(['CW6014 "all units you control aren\'t Knights"']);
  });
});

describe("'haven't played', 'it's not your turn', 'your unit slots aren't empty'", () => {
  it("a perfect runs as the past: 'you haven't played a spell this turn' is 'didn't play' (was CW6001, always true)", () => {
    for (const [text, reads] of [
      ["If you haven't played a spell this turn, draw a card.", "If you didn't play a Spell this turn, draw a card."],
      ["If you have played a spell this turn, draw a card.", "If you played a Spell this turn, draw a card."],
      ["If an opponent hasn't played a unit this turn, draw a card.", "If your opponent didn't play a Unit this turn, draw a card."],
      ["If you haven't discarded a card this turn, draw a card.", "If you didn't discard a card this turn, draw a card."],
      ["If you haven't attacked this turn, draw a card.", "If you didn't attack this turn, draw a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    expect(probe("duel", "spell", "If you have two cards in hand, draw a card.").readsAs).toEqual(["If you have exactly 2 cards in hand, draw a card."]);
  });

  it("'it's not' is read as 'it isn't' (a parse error on main), and 'your opponent's turn' reads whose", () => {
    for (const [kind, text, reads] of [
      ["spell", "If it's not your turn, draw a card.", "If it isn't your turn, draw a card."],
      ["spell", "If it’s not your turn, draw a card.", "If it isn't your turn, draw a card."],
      ["unit", "This gets +1 power as long as it's not your turn.", "This gets +1 power as long as it isn't your turn."],
      ["spell", "Destroy target unit. If it's not a Knight, draw a card.", "Destroy target unit, then if it wasn't a Knight, draw a card."],
      ["spell", "If it's your opponent's turn, draw a card.", "If it isn't your turn, draw a card."],
      ["spell", "If it's not your opponent's turn, draw a card.", "If it's your turn, draw a card."],
    ] as const) {
      const p = probe("duel", kind, text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });

  it("'your unit slots aren't empty' / 'are not empty' (none empty, or not all?) is CW6001 naming both forms", () => {
    for (const text of ["If your unit slots aren't empty, draw a card.", "If your unit slots are not empty, draw a card."]) {
      const p = probe("duel", "spell", text);
      expect(p.problems).toHaveLength(1);
      expect(p.messages[0]).toContain('write "If your unit slots are all full" (no empty slot) or "If you control a unit" (one or more filled)');
    }
    expect(probe("duel", "spell", "If your opponent's unit slots aren't empty, draw a card.").messages[0]).toContain('"If your opponent\'s unit slots are all full" (no empty slot) or "If an opponent controls a unit"');
  });
});

describe("'Exchange control of target creature you control and target creature an opponent controls' (was CW6001)", () => {
  it("runs as one exchange of two targets, each with its own filter", () => {
    for (const [game, kind, text] of [
      ["duel", "spell", "Exchange control of target unit you control and target unit an opponent controls."],
      ["chromatic", "spell", "[Red] Exchange control of target creature you control and target creature an opponent controls."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems]).toEqual([text, []]);
      const steps = p.abilities[0]!.steps;
      expect(steps).toEqual([expect.objectContaining({ op: "exchange_control", what: { kind: "targets", indexes: [0, 1] } })]);
      expect(p.abilities[0]!.targets?.map((t) => t.cards?.controller)).toEqual(["you", "opponent"]);
    }
    expect(probe("duel", "spell", "Exchange control of target unit you control and target unit an opponent controls until end of turn.").readsAs).toEqual(["Exchange control of target unit you control and target unit an opponent controls until end of turn."]);
  });

  it("a phrase that names no target there is CW6001 naming both forms that run", () => {
    const p = probe("duel", "spell", "Exchange control of target unit you control and each unit an opponent controls.");
    expect(p.problems).toEqual(['CW6001 "target unit you control and each unit an opponent controls"']);
    expect(p.messages[0]).toContain('write "Exchange control of two target units." or "Exchange control of target unit you control and target unit an opponent controls."');
  });
});

describe("a slot named by its place (Three-Slot Duel keeps no order among its 3 slots)", () => {
  it("'the unit in your left slot' (a parse error at 'left'), 'first', 'middle' slot are CW6001 at the words naming forms that run", () => {
    for (const [text, words] of [
      ["The unit in your left slot gets +1 power.", "in your left slot"],
      ["The unit in your first slot gets +1 power.", "in your first slot"],
      ["The unit in your opponent's middle slot gets -1 power.", "in your opponent's middle slot"],
    ] as const) {
      const p = probe("duel", "unit", text);
      expect([text, p.problems]).toEqual([text, [`CW6001 "${words}"`]]);
      expect(p.messages[0]).toContain('the engine keeps no order among a player\'s slots');
    }
    // Slots counted, not placed, run as before.
    expect(probe("duel", "spell", "If one of your unit slots is empty, draw a card.").problems).toEqual([]);
  });
});

describe("a token copy of a card by its name", () => {
  it("'Create a token that's a copy of Scout.' is CW6001 at the name (was CW6005, read as 'a copy of each card'), naming a form that runs", () => {
    for (const text of ["Create a token that's a copy of Scout.", "Create a copy of Scout."]) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems]).toEqual([text, ['CW6001 "Scout"']]);
      expect(p.messages[0]).toContain(`('Create a 1 power "Scout" token.')`);
    }
    // The form it names runs; so does a copy of a card in play.
    expect(probe("duel", "spell", 'Create a 1 power "Scout" token.').problems).toEqual([]);
    expect(probe("chromatic", "spell", "[Red] Create a token that's a copy of target creature.").problems).toEqual([]);
    // "Create a token copy of Scout." (no form of the grammar's) names both forms.
    expect(probe("duel", "spell", "Create a token copy of Scout.").messages[0]).toContain(`'Create a 1 power "<name>" token.'`);
  });
});

describe("'for each' after a stat set from another amount (insertion probe)", () => {
  it("'Double target creature's attack for each creature you control.' is CW6001 at 'for each ...' (it ran as 'Double target creature's attack.')", () => {
    const p = probe("chromatic", "spell", "[Red] Double target creature's attack for each creature you control.");
    expect(p.problems).toEqual(['CW6001 "for each creature you control"']);
    expect(probe("duel", "spell", "Target unit gets +2 power for each Knight you control until end of turn.").problems).toEqual([]);
  });
});

describe("Chromatic's 'wield' (4.4: 'A player may wield only one Weapon at a time')", () => {
  it("'As long as you wield a Weapon' is 'you control a Weapon' (was CW6001, always true)", () => {
    for (const [text, reads] of [
      ["[Base] As long as you wield a Weapon, this gets +1/+1.", "[Base] This gets +1/+1 as long as you control a Weapon."],
      ["[Base] When this enters play, if an opponent wields a Weapon, draw a card.", "[Base] When this enters play, if your opponent controls a Weapon, draw a card."],
      ["[Base] When this enters play, if you don't wield a Weapon, draw a card.", "[Base] When this enters play, if you control no Weapons, draw a card."],
    ] as const) {
      const p = probe("chromatic", "creature", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });
});

describe("a word before ':' that is no marker of the game ('Reactive:', Three-Slot Duel's rules word)", () => {
  it("is CW6001 naming the game's markers (was 'cost not understood', naming no form)", () => {
    const p = probe("duel", "unit", "Reactive: Whenever you discard a card, put a power counter on this.");
    expect(p.problems).toEqual(['CW6001 "Reactive"']);
    expect(p.messages[0]).toContain('"Reactive" is no marker of Three-Slot Duel (its markers: PLAY, BREACH, DEATH, Passive)');
    // The form it names runs; a marker and a real cost stay as they were.
    expect(probe("duel", "unit", "Whenever you discard a card, put a power counter on this.").problems).toEqual([]);
    expect(probe("duel", "unit", "PLAY: Draw a card.").problems).toEqual([]);
    expect(probe("chromatic", "creature", "[Base] Exhaust: Draw a card.").problems).toEqual([]);
  });
});

describe("'If it is not a Knight' reads as 'it isn't a Knight' (it was CW6001 while 'isn't' ran)", () => {
  it("runs negated, as 'isn't' and 'it's not' do", () => {
    for (const text of ["Destroy target unit. If it is not a Knight, draw a card.", "Destroy target unit. If that unit is not a Knight, draw a card."]) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], ["Destroy target unit, then if it wasn't a Knight, draw a card."]]);
    }
  });
});

describe("'it' in a sentence that goes on with a trigger's line names the card the trigger's steps took", () => {
  it("'PLAY: Put the top card of your deck into your graveyard. If it's a unit card, draw a card.' is clean (it ran right, with a CW6001 'refers to nothing')", () => {
    const p = probe("duel", "unit", "PLAY: Put the top card of your deck into your graveyard. If it's a unit card, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["PLAY: Put the top card of your Deck into your Graveyard, then if it is a Unit, draw a card."]);
    // A one-card draw names the card drawn too (session 42; it was CW6001 "refers to nothing", and "it" ran as this unit).
    expect(probe("duel", "unit", "PLAY: Draw a card. If it's a unit card, draw a card.").problems).toEqual([]);
    // Two cards drawn name no one card: still CW6001.
    expect(probe("duel", "unit", "PLAY: Draw two cards. If it's a unit card, draw a card.").problems).toEqual(["CW6001 \"If it's a unit card, draw a card\""]);
  });
});

describe("more perfects: 'haven't cast', 'have lost life'", () => {
  it("'If you haven't cast a spell this turn' (a parse error at 'cast') and 'If you haven't lost life this turn' run as the past", () => {
    for (const [game, kind, text, reads] of [
      ["chromatic", "creature", "[Base] When this enters play, if you haven't cast a spell this turn, draw a card.", "[Base] When this enters play, if you didn't play a Spell this turn, draw a card."],
      ["chromatic", "creature", "[Base] When this enters play, if an opponent has cast a spell this turn, draw a card.", "[Base] When this enters play, if your opponent played a Spell this turn, draw a card."],
      ["duel", "spell", "If you have lost life this turn, draw a card.", "If you lost life this turn, draw a card."],
      ["duel", "spell", "If you haven't lost life this turn, draw a card.", "If you didn't lose life this turn, draw a card."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    // "Whenever you cast a spell" is unchanged.
    expect(probe("chromatic", "creature", "[Base] Whenever you cast a spell, draw a card.").readsAs).toEqual(["[Base] Whenever you cast a Spell, draw a card."]);
  });
});

describe("'would take damage' in a replacement is 'would be dealt damage' (was CW6001)", () => {
  it("lowers to the same replacement as the 'be dealt damage' form", () => {
    for (const [taken, dealt] of [
      ["The first time you would take damage each turn, prevent 1 of that damage.", "The first time you would be dealt damage each turn, prevent 1 of that damage."],
      ["If this would take damage, prevent that damage.", "If this would be dealt damage, prevent that damage."],
    ] as const) {
      const p = probe("duel", "unit", taken);
      expect([taken, p.problems, p.readsAs]).toEqual([taken, [], [dealt]]);
      const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "source" || k === "text" ? undefined : v)));
      expect(strip(p.abilities[0]!.replacement)).toEqual(strip(probe("duel", "unit", dealt).abilities[0]!.replacement));
    }
  });
});

describe("a qualifier on this card as the one dealt damage (insertion probe)", () => {
  it("'Whenever a card deals damage to this non-token unit' reports 'non-token' (it ran as 'to this unit')", () => {
    // CW6023 (cards s41): in Duel a fight deals no damage — a lint about text the engine runs as written.
    expect(probe("duel", "unit", "Whenever a card deals damage to this non-token unit, draw a card.").problems).toEqual(['CW6005 "non-token"', 'CW6023 "deals damage to this"']);
    const p = probe("duel", "unit", "Whenever a card deals damage to this unit, draw a card.");
    expect([p.problems, p.readsAs]).toEqual([['CW6023 "deals damage to this"'], ["When this is dealt damage, draw a card."]]);
  });
});
