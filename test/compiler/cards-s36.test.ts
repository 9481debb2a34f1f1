/**
 * Issue 11, session 36 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s36.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;

describe("'If they can't,' / 'If they don't,' after a step each player takes", () => {
  it("'Each opponent discards a card. If they can't, they lose 2 life.' runs, each player's own check (was CW1007 \"expected a verb, found ','\")", () => {
    const p = probe("spell", "Each opponent discards a card. If they can't, they lose 2 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Each opponent discards a card. If they don't, they lose 2 life."]);
    const [run] = p.abilities[0]!.steps;
    expect(run).toMatchObject({ op: "per_player", who: { kind: "each_opponent" }, steps: [{ op: "discard", who: { kind: "acting" } }, { op: "if", then: [{ op: "lose_life", who: { kind: "acting" } }] }] });
    // The reads-as compiles to the same steps.
    expect(JSON.stringify(probe("spell", p.readsAs[0]!).abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v))).toEqual(JSON.stringify(p.abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v)));
  });

  it("'If they don't' after 'Each player sacrifices a creature' is each player's own (was: whether any player sacrificed — silent)", () => {
    const p = probe("spell", "Each player sacrifices a creature. If they don't, they lose 3 life.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.steps[0]).toMatchObject({ op: "per_player", who: { kind: "each_player" } });
  });

  it("'If you can't' / 'If no card was discarded this way' / a target player: one check", () => {
    expect(probe("spell", "Discard a card. If you can't, lose 2 life.").readsAs).toEqual(["Discard a card. If you don't, lose 2 life."]);
    expect(probe("spell", "Target opponent discards a card. If they can't, they lose 2 life.").readsAs).toEqual(["Target opponent discards a card. If they don't, that player loses 2 life."]);
    expect(probe("spell", "Each opponent discards a card. If no card was discarded this way, they lose 2 life.").problems).toEqual([]);
  });

  it("'Discard two cards. If you can't, …': fewer than two discarded", () => {
    const p = probe("spell", "Discard two cards. If you can't, lose 2 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Discard 2 cards. If you can't, lose 2 life."]);
    expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"op":"<","right":2');
  });

  it("after 'you may', or a step that takes no card: CW6001 naming the form that runs", () => {
    const may = probe("spell", "You may discard a card. If you can't, draw a card.");
    expect(may.problems).toEqual(['CW6001 "If you can\'t"']);
    expect(may.messages[0]).toContain('write "If you don\'t,"');
    expect(probe("spell", "Draw a card. If you can't, gain 1 life.").problems).toEqual(['CW6001 "If you can\'t"']);
  });
});

describe("'with' and a comparison with you after a player, read as 'who has … than you'", () => {
  it("'Each opponent with more life than you loses 1 life.' (was CW6005, run on every opponent)", () => {
    const p = probe("spell", "Each opponent with more life than you loses 1 life.");
    const who = probe("spell", "Each opponent who has more life than you loses 1 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Each opponent who has more life than you loses 1 life."]);
    expect(JSON.stringify(p.abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v))).toEqual(JSON.stringify(who.abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v)));
  });

  it("cards in hand, Bleed counters, creatures controlled (Bleed counters was CW1003 at the verb; cards in hand ran as '1 or more' once read)", () => {
    for (const [text, readsAs] of [
      ["Each player with more cards in hand than you discards a card.", "Each player who has more cards in hand than you discards a card."],
      ["Each opponent with more Bleed counters than you loses 2 life.", "Each opponent who has more Bleed counters than you loses 2 life."],
      ["Each opponent with fewer Bleed counters than you gains 1 Bleed counter.", "Each opponent who has fewer Bleed counters than you gains a Bleed counter."],
      ["Each opponent with more creatures than you sacrifices a creature.", "Each opponent who controls more Creatures than you sacrifices a Creature."],
      ["Each player with less life than you gains 3 life.", "Each player who has less life than you gains 3 life."],
      ["Each opponent with more cards in their discard pile than you loses 1 life.", "Each opponent who has more cards in their Discard Pile than you loses 1 life."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toMatch(/"op":"[<>]","right":\{/);
      expect(JSON.stringify(probe("spell", readsAs!).abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v))).toEqual(JSON.stringify(p.abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v)));
    }
  });
});

describe("'If it had a +1/+1 counter on it' after the card left play", () => {
  it("reads a power and a defense counter on it, as it last was in play (was CW6001 'condition not understood … treated as always true')", () => {
    const p = probe("spell", "Destroy target creature. If it had a +1/+1 counter on it, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Destroy target creature, then if it has a +1/+1 counter on it, draw a card."]);
    const steps = JSON.stringify(p.abilities[0]!.steps);
    expect(steps).toContain('"counter":"power"');
    expect(steps).toContain('"counter":"defense"');
    // The reads-as compiles to the same steps; "two or more", "this" in a destruction trigger, a card still in play alike.
    expect(JSON.stringify(probe("spell", p.readsAs[0]!).abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v))).toEqual(JSON.stringify(p.abilities[0]!.steps, (k, v) => (k === "source" ? undefined : v)));
    expect(probe("spell", "Destroy target creature. If it had two or more +1/+1 counters on it, draw a card.").readsAs).toEqual(["Destroy target creature, then if it has 2 or more +1/+1 counters on it, draw a card."]);
    expect(probe("creature", "When this is destroyed, if this had a +1/+1 counter on it, draw a card.").problems).toEqual([]);
    expect(probe("spell", "If target creature has a +1/+1 counter on it, destroy it.").problems).toEqual([]);
  });
});

const noSource = (value: unknown) => JSON.stringify(value, (k, v) => (k === "source" || k === "prompt" ? undefined : v));

describe("a card chosen from a hand looked at, and discarded", () => {
  it("'Target opponent reveals their hand. You choose a creature card from it. They discard that card.' runs (was CW6001 'cannot execute' + CW6005 'that': ran as a discard of their choice)", () => {
    const p = probe("spell", "Target opponent reveals their hand. You choose a creature card from it. They discard that card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target opponent reveals their Hand, then you choose a Creature card from it, then that player discards that card."]);
    expect(p.abilities[0]!.steps.map((s) => s.op)).toEqual(["look_top", "choose_cards", "discard"]);
    expect(p.abilities[0]!.steps[1]).toMatchObject({ chooser: { kind: "you" }, selector: { cardTypes: ["Creature"], zones: ["Hand"], controllerIs: { kind: "target", index: 0 } } });
    expect(p.abilities[0]!.steps[2]).toMatchObject({ op: "discard", card: { kind: "chosen" } });
    expect(noSource(probe("spell", p.readsAs[0]!).abilities[0]!.steps)).toEqual(noSource(p.abilities[0]!.steps));
    // "Look at …", "That player discards it" alike.
    expect(probe("spell", "Look at target opponent's hand. Choose a card from it. That player discards that card.").problems).toEqual([]);
    expect(probe("spell", "Target opponent reveals their hand. You choose a creature card from it. That player discards it.").problems).toEqual([]);
  });

  it("'Target opponent discards a creature card of your choice.' is your choice (was CW6005 'your choice', ran as theirs)", () => {
    const p = probe("spell", "Target opponent discards a creature card of your choice.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target opponent discards a Creature card of your choice."]);
    expect(p.abilities[0]!.steps.map((s) => s.op)).toEqual(["choose_cards", "discard"]);
    expect(noSource(probe("spell", p.readsAs[0]!).abilities[0]!.steps)).toEqual(noSource(p.abilities[0]!.steps));
  });
});

describe("reads-as of 'unless their controller has Bleed counters' says what runs and compiles back", () => {
  it("reads as 'whose controller has no Bleed counters' (was '(if the number of Bleed counters on them is exactly 0)', which does not compile)", () => {
    const a = probe("creature", "Creatures your opponents control can't attack unless their controller has Bleed counters.");
    expect(a.problems).toEqual([]);
    expect(a.readsAs).toEqual(["Creatures an opponent controls whose controller has no Bleed counters can't attack."]);
    const b = probe("creature", a.readsAs[0]!);
    expect(b.readsAs).toEqual(a.readsAs);
    expect(noSource(b.abilities[0]!.statics)).toEqual(noSource(a.abilities[0]!.statics));
    // "unless … has no Bleed counters": "whose controller has Bleed counters" (not "doesn't have no").
    const c = probe("creature", "Creatures your opponents control can't attack unless their controller has no Bleed counters.");
    expect(c.readsAs).toEqual(["Creatures an opponent controls whose controller has Bleed counters can't attack."]);
    // (It compiles to "more than 0" where this is "not exactly 0": the same for a count.)
    expect(JSON.stringify(probe("creature", c.readsAs[0]!).abilities[0]!.statics)).toContain('"op":">","right":0');
  });
});

describe("the outsider probe's findings (cards, session 36)", () => {
  it("'If … would be destroyed, instead exhaust it.' is '… exhaust it instead.' (was CW1003 'Expected \".\" … found \"instead\"')", () => {
    const p = probe("creature", "If a creature you control would be destroyed, instead exhaust it.");
    const q = probe("creature", "If a creature you control would be destroyed, exhaust it instead.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["If a Creature you control would be destroyed, exhaust it instead."]);
    expect(noSource(p.abilities.map((a) => (a as { replacement?: unknown }).replacement))).toEqual(noSource(q.abilities.map((a) => (a as { replacement?: unknown }).replacement)));
    expect(probe("creature", "If this creature would be destroyed, instead return it to its owner's hand.").readsAs).toEqual(["If this would be destroyed, return it to its owner's hand instead."]);
  });
});

describe("a replacement of damage to a player: 'it' / 'that creature' is the source", () => {
  it("'… prevent that damage and destroy that creature.' is clean, its steps on the source (was CW6005 'creature'; 'destroy it' was clean and destroyed the replacement's own card)", () => {
    for (const text of ["If a creature an opponent controls would deal damage to you, prevent that damage and destroy that creature.", "If a creature an opponent controls would deal damage to you, prevent that damage and destroy it."]) {
      const p = probe("creature", text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual(["If a Creature an opponent controls would deal damage to you, prevent that damage, then destroy it."]);
    }
  });

  it("of damage to a card, 'that creature' (the source) is CW6001 and not run (it would have destroyed the card dealt damage)", () => {
    const p = probe("creature", "If a creature would deal damage to this creature, prevent that damage and destroy that creature.");
    expect(p.problems).toEqual(['CW6001 "that creature"']);
    expect(p.messages[0]).toContain("If a creature would deal damage to you, prevent that damage and destroy that creature.");
    expect((p.abilities[0] as { replacement?: unknown }).replacement).toBeUndefined();
  });
});

describe("'for each opponent with Bleed counters'", () => {
  it("counts the players of whom the condition holds (was CW6005 'opponent' / 'counters': ran as the number of cards with Bleed)", () => {
    const p = probe("spell", "Draw a card for each opponent with Bleed counters.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Draw cards equal to the number of opponents with Bleed counters."]);
    expect(noSource(probe("spell", p.readsAs[0]!).abilities[0]!.steps)).toEqual(noSource(p.abilities[0]!.steps));
    expect(probe("spell", "Gain 1 life for each player with 10 or less life.").readsAs).toEqual(["Gain life equal to the number of players with 10 or less life."]);
  });
});
