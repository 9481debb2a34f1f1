/**
 * Issue 11, session 34 (cards: CYBERVAMP outsider probe). Scenarios: cards/cybervamp/scenarios/cards-s34.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;

describe("a keyword a CYBERVAMP card gives itself", () => {
  it("'This has Breach.' is the keyword printed (was a static, off whenever the card attacked: clean and never applied)", () => {
    const p = probe("creature", "This has Breach.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Breach."]);
    expect(p.abilities[0]).toMatchObject({ kind: "keyword", keyword: { name: "Breach" } });
    const two = probe("creature", "This creature has Breach and Tireless.");
    expect(two.readsAs).toEqual(["Breach, Tireless."]);
    // Other games keep the static: their statics are on whatever the card's state.
    expect(probe("creature", "[Base] This has Flying.", "chromatic").abilities[0]!.kind).toBe("static");
  });

  it("under a condition, a keyword that acts only as its card attacks (Breach, Bleed X) is CW6050 (was clean and never applied)", () => {
    expect(probe("creature", "As long as you have more life than each opponent, this has Breach.").problems).toEqual(['CW6050 "As long as you have more life than each opponent, this has Breach."']);
    expect(probe("creature", "This has Bleed 1 as long as an opponent has 2 or more Bleed counters.").problems).toEqual(['CW6050 "This has Bleed 1 as long as an opponent has 2 or more Bleed counters."']);
    // A keyword that matters outside an attack is not warned about; nor is the triggered form the warning names.
    expect(probe("creature", "As long as you control another Vampire, this has Tireless.").problems).toEqual([]);
    expect(probe("creature", "Whenever this attacks, if you have more life than each opponent, it gains Breach until end of turn.").problems).toEqual([]);
  });
});

describe("when a card may be played", () => {
  it("'Play this only during an opponent's Battle phase.' is the card's play limit (was CW6001, and its 'during' was told a form that did not run either)", () => {
    const p = probe("spell", "Play this only during an opponent's Battle phase.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Play this only during an opponent's Battle phase."]);
    expect(p.abilities).toEqual([]);
    expect(probe("spell", "Cast this spell only during your turn.").readsAs).toEqual(["Play this only during your turn."]);
    expect(probe("creature", "You may play this card only if you control another Vampire.").readsAs).toEqual(["Play this only if you control another Vampire."]);
    expect(probe("unit", "Play this only during your turn.", "duel").readsAs).toEqual(["Play this only during your turn."]);
  });

  it("'Play this only in response to a spell [an opponent controls].' is a spell waiting on the chain (was CW6001)", () => {
    const p = probe("spell", "Play this only in response to a spell an opponent controls.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Play this only in response to a spell an opponent controls."]);
    expect(probe("spell", "Play this only in response to a spell.").readsAs).toEqual(["Play this only in response to a spell."]);
    // A word the selector does not read is said at its words, with what runs.
    expect(probe("spell", "Play this only in response to a spell an opponent played.").problems).toEqual(['CW6005 "an opponent played"']);
  });

  it("a limit the engine cannot keep is CW6001 at its words, naming the forms that work", () => {
    expect(probe("spell", "Play this only during combat.").problems).toEqual(['CW6001 "during combat"']);
    expect(probe("spell", "Play this only in response to an ability.").problems).toEqual(['CW6001 "in response to an ability"']);
  });
});

describe("a condition on a target card", () => {
  it("'If target creature is exhausted, destroy it. Otherwise, exhaust it.' chooses the target as it is played (was CW6001 twice, one misleading)", () => {
    const p = probe("spell", "If target creature is exhausted, destroy it. Otherwise, exhaust it.");
    expect(p.problems).toEqual([]);
    // Session 35: reads as itself (was "Exhaust target creature. If it is exhausted, destroy it instead.", which reads as a
    // check made after the exhaustion, and compiled to another IR).
    expect(p.readsAs).toEqual(["If target creature is exhausted, destroy it. Otherwise, exhaust it."]);
    expect(p.abilities[0]!.targets).toHaveLength(1);
    expect(probe("spell", "If target creature is a Vampire, destroy it.").readsAs).toEqual(["If target creature is a Vampire, destroy it."]);
    expect(probe("spell", "If target creature an opponent controls has power 3 or more, destroy it.").problems).toEqual([]);
  });

  it("an ongoing ability naming a target is CW6001: nothing chooses it", () => {
    expect(probe("creature", "As long as target creature is exhausted, this gets +1/+0.").problems).toEqual(['CW6001 "As long as target creature is exhausted, this gets +1/+0"']);
  });
});

describe("a phase condition", () => {
  it("'if it's your Post-Battle phase' is the phase of that player's turn (was CW6001, run as always true)", () => {
    const p = probe("creature", "When this enters play, if it's your Post-Battle phase, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["When this enters play, if it's your Post-Battle phase, draw a card."]);
    expect(probe("creature", "As long as it is an opponent's Battle phase, this gets +0/+2.").problems).toEqual([]);
    expect(probe("spell", "If it isn't your Pre-Battle phase, draw a card.").problems).toEqual([]);
  });
});

describe("a player counter as a cost", () => {
  it("'Exhaust, Gain 2 Bleed counters: Draw a card.' takes the counters as the price (was CW6001, run without them)", () => {
    const p = probe("creature", "Exhaust, Gain 2 Bleed counters: Draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.cost).toEqual([{ pays: "exhaust" }, { pays: "player_counters", counter: "Bleed", amount: 2 }]);
    expect(probe("creature", "Put a Bleed counter on yourself: Draw a card.").readsAs).toEqual(["Gain a Bleed counter: Draw a card."]);
    // A counter kind on cards is no player's price; another player's counters are not either.
    expect(probe("creature", "Gain a power counter: Draw a card.").problems).toEqual(['CW6001 "Gain a power counter"']);
    expect(probe("creature", "Put a Bleed counter on target opponent: Draw a card.").problems).toEqual(['CW6001 "Put a Bleed counter on target opponent"']);
  });
});

describe("counters moved", () => {
  it("'Move all Bleed counters from you to target opponent.' removes them and puts as many on the other (was CW6001)", () => {
    const p = probe("spell", "Move all Bleed counters from you to target opponent.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Remove all Bleed counters from you, then put that many Bleed counters on target opponent."]);
    expect(probe("creature", "Exhaust: Move a power counter from this onto target creature.").problems).toEqual([]);
    // A player's counter kind moved onto a card is said, not run.
    expect(probe("spell", "Move two Bleed counters from you to target creature.").problems).toEqual(['CW6001 "Move two Bleed counters from you to target creature"']);
  });
});

describe("attack restrictions about each attacker's controller", () => {
  it("'Creatures can't attack you unless their controller has fewer Bleed counters than you.' runs (was CW6001 twice)", () => {
    const p = probe("creature", "Creatures can't attack you unless their controller has fewer Bleed counters than you.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Creatures an opponent controls whose controller doesn't have fewer Bleed counters than you can't attack."]);
    expect(p.abilities[0]!.condition).toBeUndefined();
    expect(probe("creature", "Creatures can't attack you.").readsAs).toEqual(["Creatures an opponent controls can't attack."]);
  });

  it("'their controller' in a static about a group is each card's controller, not this card's (was clean and read as this card's)", () => {
    const p = probe("creature", "Creatures your opponents control can't attack unless their controller has 2 or fewer Bleed counters.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.condition).toBeUndefined();
    expect(p.abilities[0]!.statics![0]).toMatchObject({ rule: "cant_attack", affects: { controller: "opponent", controllerWith: { kind: "compare", op: ">" } } });
  });

  it("'can't attack you' in a game whose units attack units too is not read as 'can't attack'", () => {
    expect(probe("unit", "Passive: Units can't attack you.", "duel").problems).toEqual(['CW6001 "Units can\'t attack you"']);
  });
});
