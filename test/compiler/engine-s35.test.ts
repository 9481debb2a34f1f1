/**
 * Issue 11, session 35 (engine): the known items of session 34 made to run or to say so.
 * Scenarios: cards/duel/scenarios/engine-s35.*, cards/chromatic/scenarios/engine-s35.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards, probeFile } from "./probe.ts";

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
    expect(p.readsAs).toEqual(["If target player has 5 or less life, that player loses 2 life."]);
    expect(p.abilities[0]!.targets).toHaveLength(1);
    expect(probe("duel", "spell", "Target player loses 2 life if they have 5 or less life.").problems).toEqual([]);
    expect(probe("chromatic", "spell", "If target player controls a Blue creature, they draw a card.").problems).toEqual([]);
    expect(probe("duel", "spell", "If target opponent has 3 or more cards in hand, that player discards a card.").problems).toEqual([]);
  });
});

describe("a one-time change of what cards cost", () => {
  it("'The next spell you cast this turn costs 1 less.' and 'Spells you cast this turn cost 1 Crystal less.' run (were CW6001 'cannot execute')", () => {
    const next = probe("chromatic", "spell", "The next spell you cast this turn costs 1 less.");
    expect(next.problems).toEqual([]);
    expect(next.readsAs).toEqual(["[Red] The next Spell you cast this turn costs 1 less."]);
    expect(next.abilities[0]!.steps[0]).toMatchObject({ op: "cost_change", next: true, duration: { kind: "end_of_turn" }, cost: { change: "less", amount: 1 } });
    const all = probe("duel", "spell", "Spells you cast this turn cost 1 Crystal less.");
    expect(all.problems).toEqual([]);
    expect(all.readsAs).toEqual(["Spells you cast this turn cost 1 Crystal less."]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, the next creature spell you cast this turn costs 2 less.").problems).toEqual([]);
    expect(probe("chromatic", "spell", "Spells your opponents cast this turn cost 1 more.").readsAs).toEqual(["[Red] Spells your opponents cast this turn cost 1 more."]);
  });

  it("with neither a duration nor 'the next' it is CW6001 naming both forms (a one-time effect lasts a while)", () => {
    const p = probe("chromatic", "spell", "Spells you cast cost 1 less.");
    expect(p.problems).toEqual(['CW6001 "Spells you cast cost 1 less"']);
    expect(p.messages[0]).toContain("The next spell you cast costs 1 less.");
  });
});

describe("the session-35 outsider probe's honest diagnostics made to run", () => {
  it("'If all of your unit slots are full' is 'your field is full' (was CW6001 'condition not understood', run as always true)", () => {
    expect(probe("duel", "unit", "PLAY: If all of your unit slots are full, gain 2 life.").readsAs).toEqual(["PLAY: If you have no empty slots, gain 2 life."]);
    expect(probe("duel", "unit", "PLAY: If your unit slots are full, gain 2 life.").problems).toEqual([]);
    // A game without slots stays CW6001. (The opponent's slots run since session 36: engine-s36.)
    expect(probe("duel", "unit", "PLAY: If all of your opponent's unit slots are full, gain 2 life.").readsAs).toEqual(["PLAY: If your opponent has no empty slots, gain 2 life."]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, if all of your slots are full, gain 2 life.").problems).toEqual(['CW6014 "all of your slots are full"']);
  });

  it("'leaves the field' in Three-Slot Duel is 'leaves play' (was CW6005 at 'the field'); another zone stays CW6005", () => {
    const p = probe("duel", "unit", "Whenever a unit you control leaves the field, gain 1 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Whenever a Unit you control leaves play, gain 1 life."]);
    expect(probe("duel", "unit", "Whenever a unit you control leaves your graveyard, gain 1 life.").problems).toEqual(['CW6005 "your graveyard"']);
  });
});

describe("'any number of target …' outside divided damage", () => {
  it("is CW6001 at the words naming 'up to three target …' and runs nothing (was CW6005 and ran on every card, or CW6001 'cannot execute')", () => {
    const damage = probe("chromatic", "spell", "Deal 1 damage to any number of target creatures.");
    expect(damage.problems).toEqual(['CW6001 "any number of target creatures"']);
    expect(damage.messages[0]).toContain('"up to three target creatures"');
    expect(damage.readsAs).toEqual(["[Red] (nothing: the engine cannot run this text)."]);
    expect(probe("duel", "spell", "Any number of target players each gain 2 life.").problems).toEqual(['CW6001 "Any number of target players"']);
    expect(probe("duel", "spell", "Any number of target units you control each get +1 power until end of turn.").problems).toEqual(['CW6001 "Any number of target units you control"']);
    expect(probe("duel", "spell", "Return any number of target units to their owners' hands.").problems).toEqual(['CW6001 "any number of target units"']);
  });

  it("divided damage among any number of target creatures still runs", () => {
    expect(probe("chromatic", "spell", "Deal 3 damage divided as you choose among any number of target creatures.").problems).toEqual([]);
  });
});

describe("a list of phases in 'Play this only during …' / 'Activate only during …'", () => {
  it("is any of them, in the turn the phrase names (was CW6001 naming one phase)", () => {
    const play = probe("cybervamp", "spell", "Play this only during your Pre-Battle phase or Battle phase. Draw a card.");
    expect(play.problems).toEqual([]);
    expect(play.readsAs).toEqual(["Play this only during your Pre-Battle phase or Battle phase.", "Draw a card."]);
    const activate = probe("chromatic", "creature", "[Base] Exhaust: Draw a card. Activate only during your Main or Second-Main phase.");
    expect(activate.problems).toEqual([]);
    expect(activate.readsAs).toEqual(["[Base] Exhaust: Draw a card. Activate only during your Main phase or Second-Main phase."]);
    expect(probe("cybervamp", "spell", "Play this only during an opponent's Pre-Battle phase or Battle phase. Draw a card.").problems).toEqual([]);
  });
});

describe("a discard of X cards as a cost", () => {
  it("'Discard X cards: Draw X cards.' is CW6001 at the cost, and the ability is not run (was read as 'Discard a card: Draw cards equal to X.', CW6060 telling to put an X in the cost)", () => {
    const p = probe("duel", "unit", "Discard X cards: Draw X cards.");
    expect(p.problems).toEqual(['CW6001 "Discard X cards"']);
    expect(p.messages[0]).toContain('"Discard two cards: ..."');
    expect(p.abilities[0]!.steps).toEqual([{ op: "rule", rule: "unsupported" }]);
    expect(probe("duel", "unit", "Discard two cards: Draw three cards.").problems).toEqual([]);
  });

  it("'cost: discard X' keeps its CW2033 alone: no CW6060 asking for an X in the cost", () => {
    const card = `set T "T" for duel\n\ncard "Wild Purge" {\n  type: Spell\n  color: Yellow\n  cost: discard X\n  rarity: Common\n  text:\n    Draw X cards.\n}\n`;
    const lines = probeFile("duel", card);
    expect(lines.flatMap((l) => l.problems).filter((p) => p.startsWith("CW6060"))).toEqual([]);
  });
});

describe("'Whenever you attack …' where attackers are declared together", () => {
  it("'Whenever you attack' is once for a declaration; 'with two or more creatures' counts its attackers (was CW6005, run as 'Whenever you attack with a card')", () => {
    const once = probe("chromatic", "creature", "[Base] Whenever you attack, draw a card.");
    expect(once.problems).toEqual([]);
    expect(once.abilities[0]!.trigger).toMatchObject({ event: "attacks", oncePerAttack: true });
    const two = probe("chromatic", "creature", "[Base] Whenever you attack with two or more creatures, draw a card.");
    expect(two.problems).toEqual([]);
    expect(two.readsAs).toEqual(["[Base] Whenever you attack with 2 or more Creatures, draw a card."]);
    expect(two.abilities[0]!.trigger).toMatchObject({ oncePerAttack: true, attackers: { atLeast: 2, selector: { cardTypes: ["Creature"] } } });
    expect(probe("cybervamp", "creature", "Whenever an opponent attacks with two or more creatures, gain 2 life.").problems).toEqual([]);
    // 'with a creature' stays each creature's attack.
    expect(probe("chromatic", "creature", "[Base] Whenever you attack with a creature, gain 1 life.").readsAs).toEqual(["[Base] Whenever a Creature you control attacks, gain 1 life."]);
  });

  it("in Three-Slot Duel, whose units attack one at a time, 'with two or more units' is CW6001 naming the forms", () => {
    const p = probe("duel", "unit", "Whenever you attack with two or more units, draw a card.");
    expect(p.problems).toEqual(['CW6001 "with two or more units"']);
    expect(p.messages[0]).toContain("attack one at a time");
  });
});

describe("a target player in a condition checked before targets are chosen", () => {
  it("'Activate only if target player …' and a trigger's intervening 'if target player …' choose no target (CW6001, as on main)", () => {
    expect(probe("duel", "unit", "Discard a card: Draw a card. Activate only if target player has 5 or less life.").problems).toEqual(['CW6014 "target player has 5 or less life"']);
    const trigger = probe("duel", "unit", "Whenever you draw a card, if target player has 5 or less life, they lose 1 life.");
    expect(trigger.problems).toEqual(['CW6014 "target player has 5 or less life"']);
    expect(trigger.abilities[0]!.targets).toEqual([]);
    expect(probe("duel", "unit", "PLAY: If target opponent has 5 or less life, they lose 2 life.").problems).toEqual([]);
  });
});
