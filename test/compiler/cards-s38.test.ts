/**
 * Issue 11, session 38 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s38.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;
const stepsOf = (text: string, kind = "spell", game = "cybervamp") => JSON.stringify(probe(kind, text, game).abilities.map((a) => a.steps), (k, v) => (k === "source" ? undefined : v));

describe("'… this way' amounts", () => {
  it("'the life lost this way' after damage that can reach a player reads the life it took (was CW6001, ran as 'Gain 0 life.')", () => {
    for (const [text, readsAs] of [
      ["Deal 2 damage to target player. You gain life equal to the life lost this way.", "Deal 2 damage to target player, then gain life equal to the life lost this way."],
      ["Deal 3 damage to any target. You gain life equal to the life lost this way.", "Deal 3 damage to any target, then gain life equal to the life lost this way."],
      ["Deal 2 damage to each opponent. Draw cards equal to the life lost this way.", "Deal 2 damage to each opponent, then draw cards equal to the life lost this way."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"label":"$life lost this way"');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    // Damage that reaches only a creature loses no life: still CW6001, naming the damage's own form.
    const creature = probe("spell", "Deal 2 damage to target creature. You gain life equal to the life lost this way.");
    expect(creature.problems).toEqual(['CW6001 "the life lost this way"']);
    expect(creature.messages[0]).toContain('"the damage dealt this way"');
  });

  it("'for each card drawn this way' counts the cards the draw step put into a hand (was CW6005, ran as 'for each card')", () => {
    for (const [text, readsAs] of [
      ["Draw two cards. Deal 1 damage to target player for each card drawn this way.", "Draw 2 cards, then deal damage equal to the number of cards drawn this way to target player."],
      ["Draw two cards. You gain 2 life for each creature card drawn this way.", "Draw 2 cards, then gain 2 life for each Creature drawn this way."],
      ["Each player draws a card. If a creature card was drawn this way, you gain 2 life.", "Each player draws a card, then if a Creature was drawn this way, gain 2 life."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"$drawn this way"');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    const none = probe("spell", "Deal 1 damage to target player for each card drawn this way.");
    expect(none.problems).toEqual(['CW6001 "each card drawn this way"']);
    expect(none.messages[0]).toContain('write "Draw two cards. Draw a card for each card drawn this way."');
  });

  it("'other' in 'for each other card milled this way' is read: the taken cards but this one (was dropped)", () => {
    const p = probe("spell", "Mill 3. Gain 1 life for each other card milled this way.", "chromatic");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.steps[1]).toMatchObject({ op: "gain_life", amount: { kind: "count", of: { other: true, thisWay: "$milled this way" } } });
    expect(p.readsAs).toEqual(["[Red] Mill 3, then gain 1 life for each other card milled this way."]);
    const destroyed = probe("creature", "Whenever this attacks, destroy each creature with power 1 or less. Gain 1 life for each other creature destroyed this way.");
    expect(destroyed.problems).toEqual([]);
    expect(JSON.stringify(destroyed.abilities[0]!.steps)).toContain('"other":true');
  });

  it("CYBERVAMP (no Mill keyword): a mill written out is what 'milled this way' reads, and the note names that form, not 'Mill 3'", () => {
    const text = "Put the top three cards of your Main Deck into your Discard Pile. Gain 1 life for each other card milled this way.";
    const p = probe("spell", text);
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Put the top 3 cards of your Main Deck into your Discard Pile, then gain 1 life for each other card milled this way."]);
    expect(p.abilities[0]!.steps[1]).toMatchObject({ amount: { kind: "count", of: { other: true, thisWay: "$milled this way" } } });
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf(text));
    const none = probe("spell", "Destroy target creature. Draw a card for each card milled this way.");
    expect(none.problems).toEqual(['CW6001 "each card milled this way"']);
    expect(none.messages[0]).toContain('write "Put the top three cards of your Main Deck into your Discard Pile. Draw a card for each card milled this way."');
    expect(none.messages[0]).not.toMatch(/Mill \.\.\.|Erase \.\.\./);
  });
});

describe("'last turn'", () => {
  it("'If a creature died last turn' reads the turn before's record (was CW6001 'condition not understood', always true)", () => {
    for (const [text, readsAs] of [
      ["If a creature died last turn, draw two cards.", "If a Creature was destroyed last turn, draw 2 cards."],
      ["If two or more creatures died last turn, draw two cards.", "If 2 or more Creatures were destroyed last turn, draw 2 cards."],
      ["If no creature died last turn, draw a card.", "If no Creature was destroyed last turn, draw a card."],
      ["If a creature you controlled died last turn, draw a card.", "If a Creature you control was destroyed last turn, draw a card."],
      ["Draw a card for each creature that died last turn.", "Draw cards equal to the number of Creatures that were destroyed last turn."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"lastTurn":true');
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    // "this turn" stays this turn's record.
    expect(JSON.stringify(probe("spell", "If a creature died this turn, draw two cards.").abilities[0]!.steps)).not.toContain("lastTurn");
  });
});

describe("an activated ability of a card in its owner's graveyard", () => {
  it("'Pay 3 life: Return this card from your Discard Pile to your hand.' is activated from there (was CW6001 'would never move')", () => {
    for (const [text, game, kind] of [
      ["Pay 3 life: Return this card from your Discard Pile to your hand.", "cybervamp", "creature"],
      ["{B}{1}: Return this from your Discard Pile to play.", "cybervamp", "creature"],
      ["Discard a card: Return this from your Graveyard to your hand.", "duel", "unit"],
    ]) {
      const p = probe(kind!, text!, game);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.abilities[0]).toMatchObject({ kind: "activated", from: game === "cybervamp" ? "Discard Pile" : "Graveyard" });
    }
    // In play, an ordinary activated ability has no zone.
    expect(probe("creature", "Pay 3 life: Draw a card.").abilities[0]!.from).toBeUndefined();
  });

  it("a cost only a card in play can pay is CW6001 naming costs that work; a trigger moving this card from there stays CW6001", () => {
    const exhaust = probe("creature", "Exhaust: Return this card from your Discard Pile to your hand.");
    expect(exhaust.problems).toEqual(['CW6001 "Exhaust: Return this card from your Discard Pile to your hand"']);
    expect(exhaust.messages[0]).toContain('"Pay 3 life: ..."');
    expect(exhaust.abilities[0]!.from).toBeUndefined();
    expect(probe("creature", "Whenever you discard a card, return this card from your Discard Pile to your hand.").problems).toEqual(['CW6001 "Whenever you discard a card, return this card from your Discard Pile to your hand"']);
  });
});

describe("conditions joined by 'and' / 'or'", () => {
  it("'If A and B, …' / 'If A or B, …' / a trigger's 'if A and B,' run both (were CW1007 at the join, the line not read)", () => {
    for (const [text, kind, join, readsAs] of [
      ["If you have 10 or less life and you control a Vampire, draw a card.", "spell", "all", "If you have 10 or less life and you control a Vampire, draw a card."],
      ["If you control a Vampire or you have 5 or more Bleed counters, deal 3 damage to target creature.", "spell", "any", "If you control a Vampire or you have 5 or more Bleed counters, deal 3 damage to target creature."],
      ["If it's your turn and you have 10 or less life, draw a card.", "spell", "all", "If it's your turn and you have 10 or less life, draw a card."],
      ["At the end of your turn, if you have 5 or less life and you control a Vampire, gain 2 life.", "creature", "all", "At the end of your turn, if you have 5 or less life and you control a Vampire, gain 2 life."],
      ["When this enters play, if you control another Vampire or you have 10 or less life, draw a card.", "creature", "any", "When this enters play, if you control another Vampire or you have 10 or less life, draw a card."],
    ] as const) {
      const p = probe(kind, text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(JSON.stringify(p.abilities[0])).toContain(`"kind":"${join}"`);
      expect(stepsOf(readsAs, kind)).toEqual(stepsOf(text, kind));
    }
  });

  it("'If you control a Warrior or a Mage' (a bare noun after 'or': was CW1007) is either kind", () => {
    for (const [text, game] of [["If you control a Warrior or a Mage, draw a card.", "chromatic"], ["If you control a Vampire or a relic, draw a card.", "cybervamp"]] as const) {
      const p = probe("spell", text, game);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.abilities[0]!.steps[0]).toMatchObject({ op: "if", condition: { kind: "any", conditions: [{ kind: "controls" }, { kind: "controls" }] } });
      expect(stepsOf(p.readsAs[0]!, "spell", game)).toEqual(stepsOf(text, "spell", game));
    }
  });

  it("'If you control a Vampire and a Ghoul' (was CW6005 at 'a Ghoul') is both", () => {
    const p = probe("spell", "If you control a Vampire and a Ghoul, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["If you control a Vampire and you control a Ghoul, draw a card."]);
    expect(p.abilities[0]!.steps[0]).toMatchObject({ op: "if", condition: { kind: "all", conditions: [{ kind: "controls", selector: { subtypes: ["Vampire"] } }, { kind: "controls", selector: { subtypes: ["Ghoul"] } }] } });
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf("If you control a Vampire and a Ghoul, draw a card."));
  });

  it("'and' and 'or' mixed is CW6001 at the conditions; an unreadable condition stays CW6001 'treated as always true'", () => {
    const mixed = probe("spell", "If you have 10 or less life and an opponent has a Bleed counter or you control a Vampire, draw a card.");
    expect(mixed.problems).toEqual(['CW6014 "you have 10 or less life and an opponent has a Bleed counter or you control a Vampire"']);
    const unread = probe("spell", "If you have 10 or less life and a creature died during your last turn, draw a card.");
    expect(unread.problems).toEqual(['CW6014 "a creature died during your last turn"']);
    expect(unread.readsAs).toEqual(["If you have 10 or less life, draw a card."]);
  });
});

describe("'Remove … from the game' / 'Exile …'", () => {
  it("in a game with a zone of removed cards: put there, said with the game's words (was CW6001 'cannot execute')", () => {
    for (const [game, text, zone] of [["chromatic", "Remove target creature from the game.", "Shatter Zone"], ["duel", "Remove target unit from the game.", "Oblivion"]] as const) {
      const p = probe("spell", text, game);
      expect(p.problems).toEqual([`CW6012 "Remove"`]);
      expect(p.abilities[0]!.steps).toMatchObject([{ op: "move", what: { kind: "target", index: 0 }, to: zone }]);
    }
  });

  it("CYBERVAMP (no such zone): CW6001 naming what runs instead and the zone to declare (was 'cannot execute … yet' with no form)", () => {
    const p = probe("spell", "Remove target creature from the game.");
    expect(p.problems).toEqual(['CW6001 "Remove target creature from the game"']);
    expect(p.messages[0]).toContain('write "Destroy target creature." or "Put target creature into its owner\'s Discard Pile.", or declare one in the game file (`zone Exile public`)');
    const pile = probe("spell", "Exile target creature card from an opponent's Discard Pile.");
    expect(pile.messages[0]).toContain("declare one in the game file (`zone Exile public`)");
    expect(pile.messages[0]).not.toContain("Destroy");
  });
});

describe("a counter put on the kind of holder the game does not give it", () => {
  it("'Put a Bleed counter on target creature.' (Bleed counters are a player's) is CW6001 naming the forms (was clean: a counter nothing reads)", () => {
    const p = probe("spell", "Put a Bleed counter on target creature.");
    expect(p.problems).toEqual(['CW6001 "Put a Bleed counter on target creature"']);
    expect(p.messages[0]).toContain("Bleed counters go on players in CYBERVAMP (`counter Bleed on player`)");
    expect(p.messages[0]).toContain('"Target creature gains Bleed 1 until end of turn."');
    expect(probe("spell", "Put a power counter on target player.").problems).toEqual(['CW6001 "Put a power counter on target player"']);
    for (const text of ["Target player gains a Bleed counter.", "Put a power counter on target creature.", "Remove all Bleed counters from target player.", "Remove a power counter from target creature."]) expect([text, probe("spell", text).problems]).toEqual([text, []]);
  });
});
