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
