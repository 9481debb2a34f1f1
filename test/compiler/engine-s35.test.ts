/**
 * Issue 11, session 35 (engine): the known items of session 34 made to run or to say so.
 * Scenarios: cards/duel/scenarios/engine-s35.*, cards/chromatic/scenarios/engine-s35.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a static's 'unless' the engine cannot check", () => {
  it("is not run, said at the 'unless' words (was an unconditional restriction, the note saying 'treated as always true')", () => {
    const tax = probe("cybervamp", "creature", "Creatures can't attack you unless their controller pays {1} for each of them.");
    expect(tax.problems).toEqual(['CW6001 "unless their controller pays {1} for each of them"']);
    expect(tax.readsAs).toEqual(["Nothing (the engine runs no effect for this text)."]);
    expect(tax.messages[0]).toContain("this ability is not run");
    expect(tax.messages[0]).not.toContain("always true");
    const discard = probe("duel", "unit", "Enemy units can't attack unless their controller discards a card.");
    expect(discard.problems).toEqual(['CW6001 "unless their controller discards a card"']);
    expect(discard.abilities.flatMap((a) => a.statics ?? [])).toEqual([]);
    expect(discard.messages[0]).toContain('"Destroy target unit unless its controller pays 3 life."');
    const unread = probe("chromatic", "creature", "[Base] This can't attack unless the moon is full.");
    expect(unread.problems).toEqual(['CW6001 "unless the moon is full"']);
    expect(unread.messages[0]).toContain("this ability is not run");
  });

  it("one the engine checks still runs", () => {
    expect(probe("duel", "unit", "This can't attack unless you have 10 or more life.").readsAs).toEqual(["This can't attack unless you have 10 or more life."]);
    expect(probe("duel", "unit", "Enemy units can't attack unless their controller has 5 or less life.").problems).toEqual([]);
  });
});

describe("a condition on a target player", () => {
  it("'If target player has 5 or less life, they lose 2 life.' chooses the player and checks them (was CW6001 + CW6005, ran as 'Lose 2 life.')", () => {
    const p = probe("duel", "spell", "If target player has 5 or less life, they lose 2 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["If target player has 5 or less life, target player loses 2 life."]);
    expect(p.abilities[0]!.targets).toHaveLength(1);
    expect(probe("duel", "spell", "Target player loses 2 life if they have 5 or less life.").problems).toEqual([]);
    expect(probe("chromatic", "spell", "If target player controls a Blue creature, they draw a card.").problems).toEqual([]);
    expect(probe("duel", "spell", "If target opponent has 3 or more cards in hand, that player discards a card.").problems).toEqual([]);
  });
});
