/**
 * Issue 11, session 36 (engine): the known items of session 35 made to run or to say so.
 * Scenarios: cards/duel/scenarios/engine-s36.*, cards/chromatic/scenarios/engine-s36.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a change of the hand maximum", () => {
  it("runs in Three-Slot Duel ('6 in hand maximum.'): raised, lowered, lifted, for you, your opponents or each player (was CW6001 'no card text changes it yet')", () => {
    const up = probe("duel", "unit", "Your maximum hand size is increased by 2.");
    expect(up.problems).toEqual([]);
    expect(up.abilities[0]!.statics).toEqual([{ kind: "hand_size", who: "you", by: 2 }]);
    expect(up.readsAs).toEqual(["Your maximum hand size is increased by 2."]);
    const down = probe("duel", "unit", "Your opponents' maximum hand size is reduced by 1.");
    expect(down.problems).toEqual([]);
    expect(down.abilities[0]!.statics).toEqual([{ kind: "hand_size", who: "opponent", by: -1 }]);
    expect(probe("duel", "unit", "Your opponent's maximum hand size is decreased by one.").readsAs).toEqual(["Your opponents' maximum hand size is reduced by 1."]);
    expect(probe("duel", "unit", "Each player's hand size maximum is increased by two.").readsAs).toEqual(["Each player's maximum hand size is increased by 2."]);
    const none = probe("duel", "unit", "You have no maximum hand size.");
    expect(none.problems).toEqual([]);
    expect(none.abilities[0]!.statics).toEqual([{ kind: "hand_size", who: "you", none: true }]);
    expect(probe("duel", "unit", "Players have no maximum hand size.").readsAs).toEqual(["Players have no maximum hand size."]);
  });

  it("with a condition: 'As long as ..., your maximum hand size is ...' and a trailing 'as long as' run as one static", () => {
    const before = probe("duel", "unit", "As long as you have 5 or less life, your maximum hand size is increased by 2.");
    expect(before.problems).toEqual([]);
    expect(before.readsAs).toEqual(["Your maximum hand size is increased by 2 as long as you have 5 or less life."]);
    const after = probe("duel", "unit", "Your maximum hand size is increased by 2 as long as you have 5 or less life.");
    expect(after.problems).toEqual([]);
    expect(after.abilities[0]!.condition).toEqual(before.abilities[0]!.condition);
  });

  it("another wording is CW6001 naming the forms that run; a game with no hand maximum says so", () => {
    const set = probe("duel", "unit", "Your maximum hand size is 8.");
    expect(set.problems).toEqual(['CW6001 "Your maximum hand size is 8"']);
    expect(set.messages[0]).toContain('"Your maximum hand size is increased by 2."');
    const chromatic = probe("chromatic", "creature", "[Base] You have no maximum hand size.");
    expect(chromatic.problems).toEqual(['CW6001 "You have no maximum hand size"']);
    expect(chromatic.messages[0]).toContain("Chromatic Battlelines has no hand maximum (`param max_hand = unlimited`)");
  });
});

describe("the opponent's slots", () => {
  it("'If all of your opponent's unit slots are full' runs as the opponent's empty slots (was CW6001, run as always true)", () => {
    const p = probe("duel", "unit", "PLAY: If all of your opponent's unit slots are full, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["PLAY: If your opponent has no empty slots, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If your opponent's unit slots are full, draw a card.").readsAs).toEqual(["PLAY: If your opponent has no empty slots, draw a card."]);
    expect(probe("duel", "unit", "PLAY: If all of your unit slots are full, draw a card.").readsAs).toEqual(["PLAY: If you have no empty slots, draw a card."]);
  });
});

describe("'this way' after a step on a group", () => {
  it("'If an enemy unit was destroyed this way' after 'Deal 2 damage to each enemy unit' is 'if a card died this way' (was CW6001 reading 'if it is died this way')", () => {
    const p = probe("duel", "spell", "Deal 2 damage to each enemy unit. If an enemy unit was destroyed this way, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Deal 2 damage to each Unit an opponent controls, then if a card died this way, draw a card."]);
    // A kind narrower than what the step took runs since session 37 (engine-s37): who controlled the card is still said.
    const knight = probe("duel", "spell", "Deal 2 damage to each unit. If an enemy Knight died this way, draw a card.");
    expect(knight.problems).toEqual(['CW6014 "an enemy Knight died this way"']);
    expect(knight.messages[0]).toContain('"if a card died this way"');
    expect(knight.messages[0]).not.toContain("is died");
  });

  it("'If a creature died this way, ...' parses ('died' was read as a participle: CW1007 'expected a verb, found \",\"')", () => {
    expect(probe("duel", "spell", "Deal 2 damage to each enemy unit. If a unit died this way, draw a card.").problems).toEqual([]);
    expect(probe("chromatic", "spell", "[Red] Deal 2 damage to each creature. If a creature died this way, draw a card.").readsAs).toEqual(["[Red] Deal 2 damage to each Creature, then if a card died this way, draw a card."]);
  });
});

describe("countering an ability", () => {
  it("is CW6001 saying why for the game: nothing waits (Duel), a trigger chain has no priority (Chromatic), not yet (an activated ability)", () => {
    const duel = probe("duel", "spell", "Counter target ability.");
    expect(duel.problems).toEqual(['CW6001 "Counter target ability"']);
    expect(duel.messages[0]).toContain("in Three-Slot Duel nothing waits to be countered (`param response_model = instant`)");
    const triggered = probe("chromatic", "spell", "[Red] Counter target triggered ability.");
    expect(triggered.messages[0]).toContain("a triggered ability never waits to be countered (`param response_model = chain`)");
    const any = probe("chromatic", "spell", "[Red] Counter target ability.");
    expect(any.problems).toEqual(['CW6001 "Counter target ability"']);
    expect(any.messages[0]).toContain("the engine cannot counter an ability yet (in Chromatic Battlelines an activated ability waits for priority");
    expect(any.messages[0]).not.toContain("which the engine cannot counter (write");
  });

  it("'Counter target activated ability.' runs where activating passes priority (Chromatic, CYBERVAMP): its card is the target (was CW6001)", () => {
    const activated = probe("chromatic", "spell", "[Red] Counter target activated ability.");
    expect(activated.problems).toEqual([]);
    expect(activated.readsAs).toEqual(["[Red] Counter target activated ability."]);
    expect(activated.abilities[0]!.targets[0]!.cards).toEqual({ activating: true });
    expect(activated.abilities[0]!.steps[0]).toMatchObject({ op: "counter_spell", ability: true });
    expect(probe("cybervamp", "spell", "Counter target activated ability.").problems).toEqual([]);
  });
});
