/**
 * Issue 11, session 39 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s39.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards, PROBE_TEMPLATES } from "./probe.ts";

const templates = PROBE_TEMPLATES.cybervamp!;
templates.relic ??= (t) => `  type: Relic\n  faction: White\n  cost: {W}\n  text:\n    ${t}`;
const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;
const stepsOf = (text: string, kind = "spell", game = "cybervamp") => JSON.stringify(probe(kind, text, game).abilities.map((a) => a.steps), (k, v) => (k === "source" ? undefined : v));

describe("'… this way' amounts the engine records", () => {
  it("'for each token created this way' counts the tokens the step before made (was CW6005, ran as 'for each token')", () => {
    for (const [text, readsAs] of [
      ["Create two 1/1 Bat creature tokens. Gain 1 life for each token created this way.", "Create 2 1/1 Bat tokens, then gain life equal to the number of tokens created this way."],
      ["Create two 1/1 Bat creature tokens. You gain 1 life for each creature created this way.", "Create 2 1/1 Bat tokens, then gain life equal to the number of tokens created this way."],
      ["Create a 1/1 Bat creature token for each creature you control. Draw a card for each token created this way.", "Create a 1/1 Bat token for each Creature you control, then draw a card for each token created this way."],
      ["Create a token that's a copy of target creature you control. Gain 2 life for each token created this way.", "Create a token that's a copy of target creature you control, then gain life equal to twice the number of tokens created this way."],
      ["Create two 1/1 Bat creature tokens. Tokens created this way gain Haste until end of turn.", "Create 2 1/1 Bat tokens, then each token created this way gains Haste until end of turn."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"$created this way"');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    const none = probe("spell", "Gain 1 life for each token created this way.");
    expect(none.problems).toEqual(['CW6001 "each token created this way"']);
    expect(none.messages[0]).toContain('write "Create two 1/1 Bat creature tokens. Draw a card for each token created this way."');
  });

  it("'for each Bleed counter gained this way' counts the counters the step before put (was CW6005, ran as the caster's own counters)", () => {
    for (const [text, readsAs] of [
      ["Target player gains two Bleed counters. Deal 1 damage to that player for each Bleed counter gained this way.", "Put 2 Bleed counters on target player, then deal damage equal to the number of counters gained this way to that player."],
      ["Target player gains two Bleed counters. You gain life equal to the number of Bleed counters gained this way.", "Put 2 Bleed counters on target player, then gain life equal to the number of counters gained this way."],
      ["Each opponent gains a Bleed counter. Draw a card for each Bleed counter gained this way.", "Put a Bleed counter on each opponent, then draw a card for each counter gained this way."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"$counters gained this way"');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    // Another kind of counter than the step put: said, not counted as the player's own.
    const other = probe("spell", "Target player gains two Bleed counters. Gain 1 life for each power counter gained this way.");
    expect(other.problems).toEqual(['CW6001 "each power counter gained this way"']);
    expect(other.messages[0]).toContain('write "for each counter gained this way"');
    const none = probe("spell", "Deal 1 damage to target player for each Bleed counter gained this way.");
    expect(none.problems).toEqual(['CW6001 "each Bleed counter gained this way"']);
  });

  it("'the damage prevented this way' in a replacement that prevents reads what it prevented (was CW6005, ran as 'gain 0 life')", () => {
    for (const [text, readsAs] of [
      ["Exhaust: The next time you would take damage this turn, prevent it and gain life equal to the damage prevented this way.", "Exhaust: The next time you would be dealt damage this turn, prevent that damage, then gain life equal to the damage prevented this way."],
      ["Exhaust: The next time you would take damage this turn, prevent 2 of it and gain 1 life for each damage prevented this way.", "Exhaust: The next time you would be dealt damage this turn, prevent 2 of that damage, then gain life equal to the damage prevented this way."],
      ["If a source would deal damage to you, prevent 1 of that damage and gain life equal to the damage prevented this way.", "If you would be dealt damage, prevent 1 of that damage, then gain life equal to the damage prevented this way."],
    ]) {
      const p = probe("relic", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!, "relic")).toEqual(stepsOf(text!, "relic"));
    }
    // A "Prevent ..." step stops damage later, when the effect has resolved: said, with the form that runs.
    const later = probe("spell", "Prevent the next 3 damage that would be dealt to you this turn. Gain life equal to the damage prevented this way.");
    expect(later.problems).toEqual(['CW6001 "the damage prevented this way"']);
    expect(later.messages[0]).toContain('write "The next time you would be dealt damage this turn, prevent that damage and gain life equal to the damage prevented this way."');
  });
});

describe("exile in CYBERVAMP (no zone of removed cards)", () => {
  it("a deck's cards are not 'destroyed': the note names the put into the Discard Pile only (it named 'Destroy the top card …', which runs nothing)", () => {
    for (const text of ["Exile the top card of your deck.", "Exile the top three cards of your Main Deck."]) {
      const p = probe("spell", text);
      expect(p.problems).toEqual([`CW6001 "${text.slice(0, -1)}"`]);
      expect(p.messages[0]).not.toContain('"Destroy');
      const form = /write "([^"]+)"/.exec(p.messages[0]!)![1]!;
      const run = probe("spell", form);
      expect([form, run.problems]).toEqual([form, []]);
    }
    const inPlay = probe("spell", "Exile target creature.");
    expect(inPlay.messages[0]).toContain('write "Destroy target creature." or "Put target creature into its owner\'s Discard Pile."');
  });
});

describe("a player named through a card or before, then 'has' (probe s39 cybervamp-2)", () => {
  it("'… Bleed counters its controller has' / 'that player has' / 'that creature's controller has' read as 'on <player>' (was CW1003 at 'its' / 'that')", () => {
    for (const [text, readsAs] of [
      ["Deal damage to target creature equal to the number of Bleed counters its controller has.", "Deal 1 damage to target creature for each Bleed counter on its controller."],
      ["Deal 1 damage to target creature for each Bleed counter its controller has.", "Deal 1 damage to target creature for each Bleed counter on its controller."],
      ["Deal X damage to target creature, where X is the number of Bleed counters its controller has.", "Deal 1 damage to target creature for each Bleed counter on its controller."],
      ["Deal damage to target creature equal to the number of Bleed counters that creature's controller has.", "Deal 1 damage to target creature for each Bleed counter on its controller."],
      ["Each opponent loses life equal to the number of Bleed counters that player has.", "Each opponent loses 1 life for each Bleed counter on them."],
      ["Each player loses 1 life for each Bleed counter that player has.", "Each player loses 1 life for each Bleed counter on them."],
      ["Deal damage to target player equal to the number of Bleed counters that player has.", "Deal 1 damage to target player for each Bleed counter on that player."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    // "that player" as a condition's subject is not such a clause: unchanged.
    const condition = probe("spell", "Target player discards a card. If that player has no cards in hand, they lose 2 life.");
    expect(condition.problems).toEqual([]);
    expect(condition.readsAs).toEqual(["Target player discards a card, then if that player has no cards in hand, that player loses 2 life."]);
  });

  it("'cards <player> has in hand' counts that player's hand (was CW6005 at the player: every hand counted)", () => {
    for (const [text, count] of [
      ["Gain 1 life for each card you have in hand.", { controller: "you", zones: ["Hand"] }],
      ["Gain 1 life for each card an opponent has in hand.", { controller: "opponent", zones: ["Hand"] }],
      ["Target opponent loses life equal to the number of cards that player has in hand.", { controller: "acting", zones: ["Hand"] }],
      ["Deal damage to target creature equal to the number of cards its controller has in hand.", { controllerIs: { kind: "controller_of", of: { kind: "target", index: 0 } }, zones: ["Hand"] }],
    ] as const) {
      const p = probe("spell", text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(stepsOf(text)).toContain(JSON.stringify({ kind: "count", of: count }));
      expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf(text));
    }
  });
});

describe("conditions joined by 'and' / 'or' after the effect and after ', then if' (and the reads-as of them)", () => {
  it("a trailing condition joined by and / or runs (was CW1007 at 'or', or the second condition read as another effect)", () => {
    for (const [kind, text, readsAs] of [
      ["creature", "This gets +1/+0 as long as you control another Vampire or an opponent has a Bleed counter.", "As long as you control another Vampire or your opponent has a Bleed counter, this gets +1/+0."],
      ["creature", "This gets +1/+0 as long as you control another Vampire and an opponent has a Bleed counter.", "This gets +1/+0 as long as you control another Vampire and your opponent has a Bleed counter."],
      ["creature", "This can't attack unless you control another Vampire or you have 5 or less life.", "This can't attack unless you control another Vampire or you have 5 or less life."],
      ["spell", "Draw a card if you control a Vampire or you have 5 or less life.", "If you control a Vampire or you have 5 or less life, draw a card."],
      ["spell", "Draw a card if you control a Vampire and you have 5 or less life.", "If you control a Vampire and you have 5 or less life, draw a card."],
      ["spell", "Destroy target creature, then if it was destroyed this way and you control a Vampire, draw a card.", "Destroy target creature, then if it was destroyed this way and you control a Vampire, draw a card."],
      ["spell", "Destroy target creature. If it was destroyed this way and you control a Vampire, draw a card.", "Destroy target creature, then if it was destroyed this way and you control a Vampire, draw a card."],
      ["spell", "Deal 3 damage to target creature. If it dies this way or you have 5 or less life, gain 2 life.", "Deal 3 damage to target creature, then if it died this way or you have 5 or less life, gain 2 life."],
      ["spell", "Draw a card. Then, if you control a Vampire or you have 5 or less life, gain 2 life.", "Draw a card, then if you control a Vampire or you have 5 or less life, gain 2 life."],
      ["spell", "If you have 10 or less life and an opponent has a Bleed counter, draw a card.", "If you have 10 or less life and your opponent has a Bleed counter, draw a card."],
      ["spell", "If an opponent has no Bleed counters and you control a Vampire, draw a card.", "If your opponent has no Bleed counters and you control a Vampire, draw a card."],
    ] as const) {
      const p = probe(kind, text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs, kind)).toEqual(stepsOf(text, kind));
      expect(JSON.stringify(p.abilities)).toMatch(/"kind":"(all|any)"/);
    }
    // A join followed by another effect (no subject and condition verb) stays two effects.
    const effect = probe("spell", "Draw a card if you control a Vampire and gain 2 life.");
    expect(effect.problems).toEqual([]);
    expect(stepsOf("Draw a card if you control a Vampire and gain 2 life.")).toContain('"op":"gain_life"');
    expect(JSON.stringify(effect.abilities)).not.toMatch(/"kind":"(all|any)"/);
  });

  it("reads-as writes a player target named twice in one step as 'that player', and a put counter's player again (both compiled to a second target or 'you')", () => {
    for (const [text, readsAs] of [
      ["Deal damage to target player equal to the number of Bleed counters on that player.", "Deal 1 damage to target player for each Bleed counter on that player."],
      ["Target player gains 2 Bleed counters and loses 2 life.", "Put 2 Bleed counters on target player, then that player loses 2 life."],
    ]) {
      const p = probe("spell", text!);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
  });
});

describe("false CW6005 on cards that run as written (probe s39)", () => {
  it("'Reanimate … under your control' marks the words it runs (was CW6005 'your control'); another controller is CW6001", () => {
    for (const text of ["Reanimate target creature card from an opponent's Discard Pile under your control.", "Reanimate target creature card from your Discard Pile under your control."]) {
      const p = probe("spell", text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(stepsOf(text)).toContain('"op":"summon"');
    }
    const owner = probe("spell", "Reanimate target creature card from an opponent's Discard Pile under its owner's control.");
    expect(owner.problems).toEqual([`CW6001 "under its owner's control"`]);
  });

  it("'target creature that's blocking' / 'that is attacking' read as 'blocking creature' (was CW6005 at \"that's\", or run as 'target creature')", () => {
    for (const [text, readsAs] of [
      ["Destroy target creature that's blocking.", "Destroy target blocking creature."],
      ["Destroy target creature that is blocking.", "Destroy target blocking creature."],
      ["Destroy target creature that's exhausted.", "Destroy target exhausted creature."],
      ["Deal 2 damage to each creature that is attacking.", "Deal 2 damage to each attacking Creature."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
    }
    expect(probe("spell", "Destroy target creature that isn't attacking.").problems).toEqual(['CW6005 "isn\'t attacking"']);
  });
});
