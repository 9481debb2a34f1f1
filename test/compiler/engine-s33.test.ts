/**
 * Issue 11, session 33 (engine): durations on a permanent's own line, and durations until the opponent's next turn.
 * Scenarios: cards/duel/scenarios/engine-s33.*, cards/chromatic/scenarios/engine-s33.*.
 */
import { describe, expect, it } from "vitest";
import { irShape, probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a duration on a static line", () => {
  it("'Until your next turn, units you control get +1 power.' on a unit is CW6001 naming the PLAY form (was CW6005, run as a static for ever)", () => {
    const p = probe("duel", "unit", "Until your next turn, units you control get +1 power.");
    expect(p.problems).toEqual(['CW6001 "Until your next turn"']);
    expect(p.abilities[0]!.statics).toEqual([]);
    const lowering = probeCards("duel", [{ kind: "unit", text: "PLAY: Until your next turn, units you control get +1 power." }])[0]!;
    expect(lowering.problems).toEqual([]);
  });

  it("'until end of turn' and 'for the rest of the turn' on a static line too, with the game's own enters-play words", () => {
    expect(probe("duel", "unit", "Passive: This gets +1 power until end of turn.").problems).toEqual(['CW6001 "until end of turn"']);
    expect(probe("duel", "unit", "Passive: This gets +1 power for the rest of the turn.").problems).toEqual(['CW6001 "for the rest of the turn"']);
    expect(probe("chromatic", "creature", "[Base] Creatures you control get +0/+2 until your next turn.").problems).toEqual(['CW6001 "until your next turn"']);
  });
});

describe("until the opponent's next turn", () => {
  it("reads 'your opponent's next turn' and 'the end of your opponent's next turn' whole (were CW6005, run with no end)", () => {
    const spell = probe("duel", "spell", "Until your opponent's next turn, units you control get +1 power.");
    expect(spell.problems).toEqual([]);
    expect(spell.readsAs).toEqual(["Each Unit you control gets +1 power until your opponent's next turn."]);
    const end = probe("duel", "spell", "Target enemy unit can't attack until the end of your opponent's next turn.");
    expect(end.problems).toEqual([]);
    expect(end.readsAs).toEqual(["Target unit an opponent controls can't attack until the end of your opponent's next turn."]);
    expect(probe("chromatic", "spell", "Creatures you control get +0/+2 until the start of an opponent's next turn.").problems).toEqual([]);
  });
});

describe("'that card' after a draw trigger", () => {
  it("'you may discard that card' / 'discard it' discards the card drawn (was CW6005, ran as 'discard a card')", () => {
    const that = probe("duel", "unit", "Whenever you draw a card, you may discard that card.");
    expect(that.problems).toEqual([]);
    expect(that.readsAs).toEqual(["Whenever you draw a card, you may discard that card."]);
    const it = probe("duel", "unit", "Whenever you draw a Unit card, you may discard it. If you do, gain 1 life.");
    expect(it.problems).toEqual([]);
    expect(it.readsAs).toEqual(["Whenever you draw a Unit card, you may discard that card. If you do, gain 1 life."]);
    expect(probe("chromatic", "creature", "[Base] Whenever you draw a card, you may discard that card.").problems).toEqual([]);
  });
});

describe("a replacement during the event's player's turn", () => {
  it("'If a player would draw a card during their turn, ...' reads 'their' as the drawing player's (was CW6001)", () => {
    const p = probe("duel", "unit", "If a player would draw a card during their turn, they draw two cards instead.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.replacement).toMatchObject({ event: "draw", during: { kind: "your_turn" }, duringTheirs: true });
    expect(p.readsAs).toEqual(["If a player would draw a card during their turn, that player draws 2 cards instead."]);
    // "If you would ..." stays the controller's own turn.
    expect(probe("duel", "unit", "If you would draw a card during your turn, draw two cards instead.").abilities[0]!.replacement?.duringTheirs).toBeUndefined();
  });
});

describe("an empty unit slot", () => {
  it("'If you have an empty unit slot' is the empty-slot condition (was CW6001, treated as always true)", () => {
    const unit = probe("duel", "unit", "PLAY: If you have an empty unit slot, draw a card.");
    const plain = probe("duel", "unit", "PLAY: If you have an empty slot, draw a card.");
    expect(unit.problems).toEqual([]);
    expect(irShape(unit.abilities)).toEqual(irShape(plain.abilities));
    expect(probe("duel", "spell", "If your opponent has no empty field slots, draw two cards.").problems).toEqual([]);
    expect(probe("duel", "spell", "If you have exactly one empty unit slot, draw a card.").problems).toEqual([]);
  });
});

describe("'Whenever you attack with ...'", () => {
  it("'with this' is 'When this attacks'; 'with a creature' is 'Whenever a creature you control attacks' (were CW6005)", () => {
    const own = probe("chromatic", "creature", "[Base] Whenever you attack with this, gain 1 Life.");
    expect(own.problems).toEqual([]);
    expect(own.readsAs).toEqual(["[Base] When this attacks, gain 1 life."]);
    const any = probe("chromatic", "creature", "[Base] Whenever you attack with a creature, gain 1 Life.");
    expect(any.problems).toEqual([]);
    expect(any.readsAs).toEqual(["[Base] Whenever a Creature you control attacks, gain 1 life."]);
    expect(probe("duel", "unit", "Whenever you attack with this unit, draw a card.").readsAs).toEqual(["When this attacks, draw a card."]);
  });
});

describe("the hand maximum", () => {
  it("'Your maximum hand size is increased by 2.' is CW6001 in a game with no hand maximum (was 'static ability not understood'; session 36 runs it in Three-Slot Duel: engine-s36)", () => {
    const p = probeCards("chromatic", [{ kind: "creature", text: "[Base] Your maximum hand size is increased by 2." }])[0]!;
    expect(p.problems).toEqual(['CW6001 "Your maximum hand size is increased by 2"']);
    expect(p.abilities[0]!.statics).toEqual([]);
  });
});
