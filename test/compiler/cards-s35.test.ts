/**
 * Issue 11, session 35 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s35.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;

describe("'If it dies' after a stat change", () => {
  it("'Target creature gets -2/-2 until end of turn. If it dies, draw a card.' reads what the -2/-2 killed (was CW6001, run as always true)", () => {
    const p = probe("spell", "Target creature gets -2/-2 until end of turn. If it dies, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target creature gets -2/-2 until end of turn, then if it died this way, draw a card."]);
    expect(JSON.stringify(p.abilities)).toContain('"lethalNow":true');
    expect(probe("spell", "Target creature gets -1/-1 until end of turn. If that creature dies, you gain 2 life.").problems).toEqual([]);
    expect(probe("spell", "Target creature's defense becomes 0 until end of turn. If it dies, you gain 3 life.").problems).toEqual([]);
    expect(probe("spell", "Creatures your opponents control get -1/-1 until end of turn. Gain 1 life for each creature that died this way.").problems).toEqual([]);
  });

  it("a change that cannot kill ('+2/+0') is no step 'dies' reads: CW6001 as before", () => {
    expect(probe("spell", "Target creature gets +2/+0 until end of turn. If it dies, draw a card.").problems).toEqual(['CW6014 "it dies"']);
  });
});

describe("'If …, this creature gets +1/+1.' (no duration) on the line of a triggered or activated ability", () => {
  it("goes on with the ability, CW6090 at the change (was a static of the card: 'If it dies' CW6001 'treated as always true', '+1/+1' for good)", () => {
    const p = probe("creature", "When this enters play, deal 2 damage to target creature. If it dies, this creature gets +1/+1.");
    expect(p.problems).toEqual(['CW6090 "this creature gets +1/+1"']);
    expect(p.readsAs).toEqual(["When this enters play, deal 2 damage to target creature, then if it died this way, this gets +1/+1."]);
    expect(p.abilities.map((a) => a.kind)).toEqual(["triggered"]);
    expect(p.messages.join("\n")).toContain('"this creature gets +1/+1 until end of turn"');
  });

  it("was silent where the condition reads as a static's: 'When this enters play, draw a card. If you have 3 or less life, this creature gets +2/+2.'", () => {
    const p = probe("creature", "When this enters play, draw a card. If you have 3 or less life, this creature gets +2/+2.");
    expect(p.problems).toEqual(['CW6090 "this creature gets +2/+2"']);
    expect(p.readsAs).toEqual(["When this enters play, draw a card, then if you have 3 or less life, this gets +2/+2."]);
    expect(probe("creature", "Exhaust: Draw a card. If you have 3 or less life, creatures you control get +1/+0.").problems).toEqual(['CW6090 "creatures you control get +1/+0"']);
  });

  it("with its duration written, or a counter, it is clean; on a line of its own it stays a static", () => {
    expect(probe("creature", "When this enters play, deal 2 damage to target creature. If it dies, this creature has +1 power until end of turn.").problems).toEqual([]);
    expect(probe("creature", "When this enters play, deal 2 damage to target creature. If it dies, put a +1/+1 counter on this creature.").problems).toEqual([]);
    const own = probe("creature", "When this enters play, draw a card.\n    If you have 3 or less life, this creature gets +2/+2.");
    expect(own.problems).toEqual([]);
    expect(own.readsAs).toEqual(["When this enters play, draw a card.", "This gets +2/+2 as long as you have 3 or less life."]);
  });
});

describe("reads-as says what runs, and compiles back to it", () => {
  it("'If target creature is exhausted, destroy it. Otherwise, exhaust it.' reads as itself (was 'Exhaust target creature. If it is exhausted, destroy it instead.': a check after the exhaustion, and another IR)", () => {
    const p = probe("spell", "If target creature is exhausted, destroy it. Otherwise, exhaust it.");
    expect(p.readsAs).toEqual(["If target creature is exhausted, destroy it. Otherwise, exhaust it."]);
    // The same for the "instead" wording and for a stat the replaced step changes.
    expect(probe("spell", "Exhaust target creature. If it is exhausted, destroy it instead.").readsAs).toEqual(["If target creature is exhausted, destroy it. Otherwise, exhaust it."]);
    // A replaced step that does not change what the condition reads keeps the "instead" form.
    expect(probe("spell", "Deal 2 damage to target creature. If you control a Vampire, deal 3 damage to it instead.").readsAs).toEqual(["Deal 2 damage to target creature. If you control a Vampire, deal 3 damage to it instead."]);
  });

  it("'unless their controller has fewer Bleed counters than you' reads as 'whose controller doesn't have fewer …', which compiles to the same condition", () => {
    const a = probe("creature", "Creatures can't attack you unless their controller has fewer Bleed counters than you.");
    const b = probe("creature", "Creatures your opponents control whose controller doesn't have fewer Bleed counters than you can't attack.");
    expect(a.readsAs).toEqual(["Creatures an opponent controls whose controller doesn't have fewer Bleed counters than you can't attack."]);
    expect(b.readsAs).toEqual(a.readsAs);
    expect(JSON.stringify(b.abilities[0]!.statics)).toEqual(JSON.stringify(a.abilities[0]!.statics));
  });
});

describe("the outsider probe's findings (cards, session 35)", () => {
  it("'If it survives' after damage or a -N/-N is 'if it didn't die this way' (was CW6001 'condition not understood', run as always true)", () => {
    const p = probe("spell", "Target creature gets -3/-3 until end of turn. If it survives, its controller gains 2 Bleed counters.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target creature gets -3/-3 until end of turn, then if it didn't die this way, put 2 Bleed counters on its controller."]);
    expect(probe("spell", "Deal 3 damage to target creature. If that creature survives, you gain 3 life.").problems).toEqual([]);
    // Nothing before it that can kill, or no card named: CW6001 as before.
    expect(probe("spell", "Draw a card. If it survives, draw a card.").problems).toEqual(['CW6014 "it survives"']);
    expect(probe("spell", "Deal 2 damage to target creature. If a creature survives, draw a card.").problems).toEqual(['CW6014 "a creature survives"']);
  });

  it("'if defending player controls no creatures' (no article) parses (was CW1003 'Expected \".\" … found \"no\"')", () => {
    const p = probe("creature", "Whenever this attacks, if defending player controls no creatures, it gets +2/+0 until end of turn.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["When this attacks, if the defending player controls no Creatures, it gets +2/+0 until end of turn."]);
    // After a noun it stays a control filter.
    expect(probe("creature", "Whenever this attacks, target creature defending player controls gets -1/-1 until end of turn.").problems).toEqual([]);
  });
});

describe("two players compared where one is the trigger's player", () => {
  it("'if that player has more cards in hand than you' / 'if defending player has more life than you' run (were CW6001 'the engine cannot compare')", () => {
    const p = probe("creature", "At the start of each opponent's Pre-Battle phase, if that player has more cards in hand than you, they discard a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["At the start of your opponent's Pre-Battle phase, if that player has more cards in hand than you, that player discards a card."]);
    expect(probe("creature", "Whenever this attacks, if defending player has more life than you, this gets +2/+0 until end of turn.").problems).toEqual([]);
  });
});

describe("a player filtered 'with more … than you'", () => {
  it("is never read as 'with 1 or more cards in hand' (was clean so): session 36 reads it as 'who has … than you' (cards-s36.test.ts)", () => {
    expect(probe("spell", "Each player with more cards in hand than you discards a card.").readsAs).toEqual(["Each player who has more cards in hand than you discards a card."]);
    expect(probe("spell", "Each opponent with more life than you loses 1 life.").readsAs).toEqual(["Each opponent who has more life than you loses 1 life."]);
    // A comparison the conditions cannot read is CW6014 at its words (session 41; was CW6005): the card is not played.
    expect(probe("spell", "Each opponent with more Vampires in their discard pile than you loses 1 life.").problems).toEqual(['CW6014 "more Vampires in their discard pile"']);
    // The forms that run: a number after "with", or "who has … than you".
    expect(probe("spell", "Each player with two or more cards in hand discards a card.").problems).toEqual([]);
    expect(probe("spell", "Each opponent who has more cards in hand than you discards a card.").problems).toEqual([]);
  });
});
