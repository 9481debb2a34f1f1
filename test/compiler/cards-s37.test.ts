/**
 * Issue 11, session 37 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s37.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;
const stepsOf = (text: string, kind = "spell") => JSON.stringify(probe(kind, text).abilities.map((a) => a.steps), (k, v) => (k === "source" ? undefined : v));

describe("'the life lost this way' / 'the life gained this way'", () => {
  it("'Target player loses 3 life. You gain life equal to the life lost this way.' reads the loss (was CW6005, ran as 'Gain 0 life.')", () => {
    const p = probe("spell", "Target player loses 3 life. You gain life equal to the life lost this way.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target player loses 3 life, then gain life equal to the life lost this way."]);
    expect(p.abilities[0]!.steps[1]).toMatchObject({ op: "gain_life", amount: { kind: "chosen_count", label: "$life lost this way" } });
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf("Target player loses 3 life. You gain life equal to the life lost this way."));
  });

  it("the family: 'the amount of life lost this way', 'twice …', 'half …, rounded up', 'the life gained this way', 'Draw cards equal to …'", () => {
    for (const [text, readsAs] of [
      ["Each opponent loses 2 life. You gain life equal to the amount of life lost this way.", "Each opponent loses 2 life, then gain life equal to the life lost this way."],
      ["Each opponent loses 2 life. You gain life equal to twice the life lost this way.", "Each opponent loses 2 life, then gain life equal to twice the life lost this way."],
      ["Each player loses 3 life. You gain life equal to half the life lost this way, rounded up.", "Each player loses 3 life, then gain life equal to half the life lost this way, rounded up."],
      ["You gain 3 life. Draw cards equal to the life gained this way.", "Gain 3 life, then draw cards equal to the life gained this way."],
      ["Target player loses 2 life. Draw cards equal to the total life lost this way.", "Target player loses 2 life, then draw cards equal to the life lost this way."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
  });

  it("'the life lost' after a loss event is the event's amount", () => {
    const p = probe("creature", "Whenever an opponent loses life, you gain life equal to the life lost.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.steps[0]).toMatchObject({ op: "gain_life", amount: { kind: "event_amount" } });
  });

  it("with no step of losing life before it: CW6001 naming the form (after damage, 'the damage dealt this way')", () => {
    const none = probe("spell", "Destroy target creature. Its controller gains life equal to the life lost this way.");
    expect(none.problems).toEqual(['CW6001 "the life lost this way"']);
    expect(none.messages[0]).toContain('write "Target player loses 3 life. You gain life equal to the life lost this way."');
    // Damage that can reach a player is life lost (session 38, test/compiler/cards-s38.test.ts); to a creature it is not.
    const damage = probe("spell", "Deal 2 damage to target creature. You gain life equal to the life lost this way.");
    expect(damage.problems).toEqual(['CW6001 "the life lost this way"']);
    expect(damage.messages[0]).toContain('"the damage dealt this way"');
  });
});

describe("a trigger's player compared with you reads as written", () => {
  it("'Whenever an opponent who has more life than you draws a card' (read as '(if each player has more life than you)') round-trips", () => {
    for (const [text, readsAs] of [
      ["Whenever an opponent who has more life than you draws a card, you gain 1 life.", "Whenever an opponent who has more life than you draws a card, gain 1 life."],
      ["Whenever an opponent with more life than you draws a card, you gain 1 life.", "Whenever an opponent who has more life than you draws a card, gain 1 life."],
      ["Whenever a player who has more cards in hand than you draws a card, you gain 1 life.", "Whenever a player who has more cards in hand than you draws a card, gain 1 life."],
      ["Whenever an opponent who controls more creatures than you draws a card, you gain 1 life.", "Whenever an opponent who controls more Creatures than you draws a card, gain 1 life."],
      ["Whenever an opponent with fewer cards in their discard pile than you draws a card, you gain 1 life.", "Whenever an opponent who has fewer cards in their Discard Pile than you draws a card, gain 1 life."],
    ]) {
      const p = probe("creature", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(p.abilities[0]!.trigger).toMatchObject({ event: "draw", subject: { kind: "player", is: { kind: "compare" } } });
      expect(stepsOf(readsAs!, "creature")).toEqual(stepsOf(text!, "creature"));
      expect(JSON.stringify(probe("creature", readsAs!).abilities[0]!.trigger, (k, v) => (k === "source" || k === "text" ? undefined : v))).toEqual(JSON.stringify(p.abilities[0]!.trigger, (k, v) => (k === "source" || k === "text" ? undefined : v)));
    }
  });
});

describe("'for each creature they controlled that was destroyed this way'", () => {
  it("parses and counts each player's own (was CW1003 'Expected \".\" … found \"they\"')", () => {
    const p = probe("spell", "Destroy each creature. Each player gains 1 life for each creature they controlled that was destroyed this way.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Destroy each Creature, then each player gains 1 life for each Creature they control destroyed this way."]);
    expect(p.abilities[0]!.steps[1]).toMatchObject({ op: "per_player", who: { kind: "each_player" }, steps: [{ op: "gain_life", amount: { kind: "count", of: { controller: "acting", thisWay: "$destroyed" } } }] });
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf("Destroy each creature. Each player gains 1 life for each creature they controlled that was destroyed this way."));
    expect(probe("spell", "Destroy each creature. You gain 1 life for each creature you controlled that was destroyed this way.").problems).toEqual([]);
  });

  it("'controlled by an opponent' stays the passive filter", () => {
    const p = probe("spell", "Creatures controlled by an opponent get -1/-1 until end of turn.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Each Creature an opponent controls gets -1/-1 until end of turn."]);
  });
});

describe("'at least N' / 'at most N', and 'at least N more … than you'", () => {
  it("'Each opponent with at least 2 more cards in hand than you discards a card.' (was a parse error at 'at')", () => {
    for (const [text, readsAs, op, add] of [
      ["Each opponent with at least 2 more cards in hand than you discards a card.", "Each opponent who has at least 2 more cards in hand than you discards a card.", ">=", 2],
      ["If an opponent has at least 2 more cards in hand than you, draw a card.", "If your opponent has at least 2 more cards in hand than you, draw a card.", ">=", 2],
      ["If you have at least 5 more life than an opponent, draw a card.", "If you have at least 5 more life than your opponent, draw a card.", ">=", 5],
      ["If you have at least 3 fewer cards in hand than an opponent, draw a card.", "If you have at least 3 fewer cards in hand than your opponent, draw a card.", "<=", -3],
      ["If you control at least two more creatures than an opponent, draw a card.", "If you control at least 2 more Creatures than your opponent, draw a card.", ">=", 2],
      ["If an opponent has at most 2 more cards in hand than you, draw a card.", "If your opponent has at most 2 more cards in hand than you, draw a card.", "<=", 2],
      ["Each opponent who has at least 3 more Bleed counters than you loses 2 life.", "Each opponent who has at least 3 more Bleed counters than you loses 2 life.", ">=", 3],
    ] as const) {
      const p = probe("spell", text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain(`"op":"${op}","right":{"kind":"plus"`);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain(`"add":${add}}`);
      expect(stepsOf(readsAs)).toEqual(stepsOf(text));
    }
  });

  it("a bare '2 more … than you' says no bound: CW6001 naming both forms", () => {
    const p = probe("spell", "If an opponent has 2 more cards in hand than you, draw a card.");
    expect(p.problems).toEqual(['CW6014 "2"']);
    expect(p.messages[0]).toContain('write "at least 2 more" or "at most 2 more"');
  });

  it("'at least two' / 'at most 5' are '2 or more' / '5 or less' (were CW6001, treated as always true)", () => {
    for (const [text, readsAs] of [
      ["If you control at least two creatures, draw a card.", "If you control 2 or more Creatures, draw a card."],
      ["Each opponent with at least 3 Bleed counters loses 2 life.", "Each opponent with 3 or more Bleed counters loses 2 life."],
      ["If you have at most 5 life, gain 3 life.", "If you have 5 or less life, gain 3 life."],
      ["Each opponent who has at least 2 cards in hand discards a card.", "Each opponent with 2 or more cards in hand discards a card."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
  });
});

describe("'deals Breach damage to a player'", () => {
  it("is combat damage to a player carried past blockers by Breach's rule (was CW6005 'Breach' not used, run on any damage)", () => {
    for (const [text, readsAs] of [
      ["Whenever a creature deals Breach damage to a player, you gain 1 life.", "Whenever a Creature deals Breach damage to a player, gain 1 life."],
      ["Whenever a creature you control deals Breach damage to an opponent, that player gains 2 Bleed counters.", "Whenever a Creature you control deals Breach damage to an opponent, put 2 Bleed counters on that player."],
    ]) {
      const p = probe("creature", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(p.abilities[0]!.trigger).toMatchObject({ event: "combat_damage_player", overflow: "Breach" });
      expect(JSON.stringify(probe("creature", readsAs!).abilities[0]!.trigger, (k, v) => (k === "text" ? undefined : v))).toEqual(JSON.stringify(p.abilities[0]!.trigger, (k, v) => (k === "text" ? undefined : v)));
    }
  });
});

describe("a trigger's 'if' about a target", () => {
  it("is checked as the ability resolves, not as it triggers (it was always false then: the ability never triggered — silent)", () => {
    const p = probe("creature", "When this enters play, if target player has 5 or more Bleed counters, that player loses 5 life.");
    expect(p.problems).toEqual([]);
    const ability = p.abilities[0]!;
    expect(ability.condition).toBeUndefined();
    expect(ability.targets).toMatchObject([{ accepts: "player" }]);
    expect(ability.steps).toMatchObject([{ op: "if", condition: { kind: "compare", left: { kind: "counters", of: { player: { kind: "target", index: 0 } } } }, then: [{ op: "lose_life", who: { kind: "target", index: 0 } }] }]);
    // A condition with no target stays an intervening "if", checked as the trigger is noted and as it resolves.
    expect(probe("creature", "When this enters play, if an opponent has 5 or more Bleed counters, that player loses 5 life.").abilities[0]!.condition).toBeDefined();
  });
});

describe("'If you lost life this turn' / 'If an opponent gained life this turn'", () => {
  it("reads all the life that player lost (gained) this turn (was CW6001 'condition not understood', treated as always true)", () => {
    for (const [text, readsAs] of [
      ["If you lost life this turn, draw a card.", "If you lost life this turn, draw a card."],
      ["If an opponent gained life this turn, they lose 3 life.", "If your opponent gained life this turn, your opponent loses 3 life."],
      ["If you lost 3 or more life this turn, draw a card.", "If you lost 3 or more life this turn, draw a card."],
      ["If an opponent lost at least 4 life this turn, draw a card.", "If your opponent lost 4 or more life this turn, draw a card."],
      ["If you didn't lose life this turn, draw a card.", "If you didn't lose life this turn, draw a card."],
      ["Each opponent who lost life this turn gains a Bleed counter.", "Each opponent who lost life this turn gains a Bleed counter."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"kind":"life_this_turn"');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
  });
});

describe("reads-as that compiles back (found by the session's probe)", () => {
  it("'Target creature gets -X/-0 …, where X is half its power' read as 'It gets -X/+0 …' (a different card, another sign)", () => {
    const text = "Target creature gets -X/-0 until end of turn, where X is half its power, rounded down.";
    const p = probe("spell", text);
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual([text]);
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf(text));
  });

  it("'Reveal the top card … If it is a Vampire, put it into your hand. Otherwise, put it on the bottom …' read as '… put the rest into your Hand instead' (did not compile)", () => {
    const text = "Reveal the top card of your Main Deck. If it is a Vampire, put it into your hand. Otherwise, put it on the bottom of your Main Deck.";
    const p = probe("spell", text);
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Reveal the top card of your Main Deck. If it is a Vampire, put it into your Hand. Otherwise, put it on the bottom of your Main Deck."]);
    expect(probe("spell", p.readsAs[0]!).problems).toEqual([]);
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf(text));
  });
});
