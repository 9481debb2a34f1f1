/**
 * Issue 11, session 40 (engine): Three-Slot Duel and Chromatic wordings that checked with a warning and ran as another card,
 * or were refused without a form. Scenarios: cards/duel/scenarios/engine-s40.*, cards/chromatic/scenarios/engine-s40.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a number compared in other words than 'N or less' / 'N or more' (CW6005, run as another card)", () => {
  it("in a target, strict where the words are: clean, read as the whole-number bound", () => {
    for (const [text, reads] of [
      ["Destroy target unit with power less than 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power fewer than 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power lower than 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power below 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power under 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power less than three.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power greater than 2.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power higher than 2.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power above 2.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power over 2.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power 2 or lower.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power 2 or below.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power 3 or higher.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power 3 or above.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power at least 3.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power at most 2.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power no more than 2.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power no greater than 2.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power no less than 3.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power less than or equal to 2.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with power greater than or equal to 3.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power of 2 or less.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit with a power of 3 or more.", "Destroy target unit with power 3 or more."],
      ["Destroy target unit with power equal to 2.", "Destroy target unit with power 2."],
      ["Destroy target unit whose power is less than 3.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit whose power is 2 or lower.", "Destroy target unit with power 2 or less."],
      ["Destroy target unit that has power less than 3.", "Destroy target unit with power 2 or less."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });

  it("in 'each', counts and conditions", () => {
    for (const [text, reads] of [
      ["Destroy each unit with less than 3 power.", "Destroy each Unit with power 2 or less."],
      ["Destroy each unit with more than 2 power.", "Destroy each Unit with power 3 or more."],
      ["Draw a card for each unit you control with power 3 or higher.", "Draw cards equal to the number of Units you control with power 3 or more."],
      ["If you control a unit with power greater than 2, draw a card.", "If you control a Unit with power 3 or more, draw a card."],
      ["If you have less than 5 life, draw a card.", "If you have 4 or less life, draw a card."],
      ["If your life is 5 or lower, draw a card.", "If you have 5 or less life, draw a card."],
      ["If you control more than two units, draw a card.", "If you control 3 or more Units, draw a card."],
      ["If you have fewer than 3 cards in hand, draw a card.", "If you have 2 or less cards in hand, draw a card."],
      ["Each player with less than 10 life draws a card.", "Each player with 9 or less life draws a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    const chromatic = probe("chromatic", "spell", "[Purple] Destroy each creature with attack less than 3.");
    expect(chromatic.problems).toEqual([]);
    expect(chromatic.readsAs[0]).toBe("[Purple] Destroy each Creature with attack 2 or less.");
  });

  it("a variable too: 'less than X' is X minus 1 or less, 'at most X' / 'X or lower' X or less (was CW6005, run as any card)", () => {
    for (const [kind, text, reads] of [
      ["spell", "Destroy target unit with power less than X, where X is the number of cards in your hand.", "Destroy target unit with power the number of cards in your Hand minus 1 or less."],
      ["spell", "Destroy each unit with power at most X, where X is the number of cards in your hand.", "Destroy each Unit with power the number of cards in your Hand or less."],
      ["spell", "Destroy each unit with power greater than X, where X is the number of cards in your hand.", "Destroy each Unit with power the number of cards in your Hand plus 1 or more."],
      ["xspell", "Return target unit with power less than X to its owner's hand.", "Return target unit with power X minus 1 or less to its owner's hand."],
    ] as const) {
      const p = probe("duel", kind, text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
    // A reader that reads no variable still says so (the X read as a fixed number; in a condition CW6014 at it, session 41).
    expect(probe("duel", "xspell", "Draw a card if you have at least X cards in hand.").problems).toEqual(['CW6014 "at least X"']);
  });
});

describe("a reference after a clause that took a card, in a trigger about a card of its own (the taken card, silently)", () => {
  const move = (text: string, game = "duel", kind = "unit") => {
    const p = probe(game, kind, text);
    const steps = JSON.stringify(p.abilities.map((a) => a.steps));
    return { problems: p.problems, returned: /"op":"move","what":\{"kind":"card","ref":(\{[^}]*\})/.exec(steps)?.[1] };
  };

  it("the noun chooses: 'that unit' is the trigger's unit, 'that card' / 'the discarded card' the card taken", () => {
    expect(move("Whenever another unit you control is destroyed, you may erase a card from your Graveyard. If you do, return that unit to your hand.").returned).toBe('{"kind":"event_card"}');
    expect(move("Whenever another unit you control is destroyed, erase a card from your Graveyard, then return that unit to your hand.").returned).toBe('{"kind":"event_card"}');
    expect(move("Whenever another unit you control is destroyed, you may erase a card from your Graveyard. If you do, return the erased card to your hand.").returned).toBe('{"kind":"chosen","label":"pick0"}');
    for (const text of ["Whenever this attacks, you may discard a card. If you do, return that card to your hand.", "Whenever this attacks, you may discard a card. If you do, return the discarded card to your hand."]) {
      expect([text, move(text)]).toEqual([text, { problems: [], returned: '{"kind":"it"}' }]);
    }
    expect(move("[Base] Whenever a creature you control is destroyed, you may exhaust a Facet you control. If you do, return that creature to your hand.", "chromatic", "creature").returned).toBe('{"kind":"event_card"}');
  });

  it("a bare 'it', or a noun that fits both cards, is CW6001 naming both forms", () => {
    const it = probe("duel", "unit", "Whenever this attacks, you may discard a card. If you do, it gets +2 power until end of turn.");
    expect(it.problems).toEqual(['CW6001 "it"']);
    expect(it.messages[0]).toMatch(/write "this".*"the discarded card"/);
    expect(probe("duel", "unit", "Whenever another unit you control is destroyed, you may discard a card. If you do, return it to your hand.").problems).toContain('CW6001 "it"');
    expect(probe("chromatic", "creature", "[Red] Whenever this attacks, you may sacrifice another creature. If you do, it gets +2/+0 until end of turn.").problems).toEqual(['CW6001 "it"']);
    expect(probe("duel", "unit", "Whenever another unit you control is destroyed, you may sacrifice a unit. If you do, return that unit to your hand.").problems).toContain('CW6001 "that unit"');
  });

  it("unchanged where nothing was taken or the reference is plain", () => {
    for (const text of ["Whenever this attacks, you may discard a card. If you do, this gets +2 power until end of turn.", "Whenever a unit you control attacks, you may discard a card. If you do, put a power counter on that unit.", "DEATH: You may discard a card. If you do, return this to your hand."]) {
      expect([text, probe("duel", "unit", text).problems]).toEqual([text, []]);
    }
  });
});

describe("conditions on the turn's record written in the perfect (CW6001, run as always true)", () => {
  it("'have drawn' reads the turn's draws; 'have not played' is 'didn't play'", () => {
    for (const [text, reads] of [
      ["If you have drawn a card this turn, draw a card.", "If you drew a card this turn, draw a card."],
      ["If you haven't drawn a card this turn, gain 2 life.", "If you didn't draw a card this turn, gain 2 life."],
      ["If an opponent drew two or more cards this turn, gain 2 life.", "If your opponent drew 2 or more cards this turn, gain 2 life."],
      ["If you have not played a unit this turn, draw a card.", "If you didn't play a Unit this turn, draw a card."],
      ["If you have played two or more spells this turn, draw a card.", "If you played 2 or more Spells this turn, draw a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });
});

describe("'the chosen unit' (a parse error at 'chosen')", () => {
  it("is the card chosen before in the ability; with none, CW6001 saying no choice is kept between abilities", () => {
    const same = probe("duel", "spell", "Choose a unit you control. Put two power counters on the chosen unit.");
    expect([same.problems, same.readsAs]).toEqual([[], ["Put 2 power counters on a Unit you control."]]);
    const other = probe("duel", "unit", "DEATH: Destroy the chosen unit.");
    expect(other.problems).toEqual(['CW6001 "the chosen unit"']);
    expect(other.messages[0]).toContain("keeps no choice from one ability to another");
  });
});

describe("Chromatic 'This can attack twice each turn.' (a creature-combat reason only, on a Weapon too)", () => {
  it("says a Weapon's attacks are counted for every Weapon by the game's parameter, never per card", () => {
    const p = probe("chromatic", "creature", "[Yellow] This can attack twice each turn.");
    expect(p.problems).toEqual(['CW6001 "This can attack twice each turn"']);
    expect(p.messages[0]).toContain("param weapon_attacks_per_turn = 1");
  });
});
