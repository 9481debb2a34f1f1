/**
 * Issue 11, session 37 (lead): the words of an activated ability's cost are accounted for as the effect's are. A cost part
 * used to mark its whole clause read as soon as it paid anything, so a qualifier it does not pay with was dropped without
 * a word: "Sacrifice a damaged creature:" was paid with any creature, "Exhaust during your turn:" at any time.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a cost's words the engine does not pay with", () => {
  it("are CW6005 at those words, naming the cost that would be paid (were clean)", () => {
    for (const [text, words, readsAs] of [
      ["Sacrifice a damaged creature: Draw a card.", "damaged", "Sacrifice a Creature: Draw a card."],
      ["Exhaust during your turn: Draw a card.", "your turn", "Exhaust: Draw a card."],
      ["Exhaust this turn: Draw a card.", "this turn", "Exhaust: Draw a card."],
      ["Sacrifice a creature at random: Draw a card.", "random", "Sacrifice a Creature: Draw a card."],
      ["Sacrifice a 1/1 creature: Draw a card.", "1/1", "Sacrifice a Creature: Draw a card."],
      ["Sacrifice up to two creatures: Draw a card.", "up to", "Sacrifice 2 Creatures: Draw a card."],
      ["Pay 1 life for each creature you control: Draw a card.", "each creature you control", "Pay 1 life: Draw a card."],
    ] as const) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6005 "${words}"`] });
      expect(p.messages[0], text).toContain(`it would run as "${readsAs}"`);
    }
  });

  it("an additional cost's too", () => {
    const p = probeCards("cybervamp", [{ kind: "spell", text: "As an additional cost to cast this, sacrifice a damaged creature.\nDraw two cards." }])[0]!;
    expect(p.problems).toEqual(['CW6005 "damaged"']);
    expect(probeCards("cybervamp", [{ kind: "spell", text: "As an additional cost to cast this, sacrifice a Vampire.\nDraw two cards." }])[0]!.problems).toEqual([]);
  });

  it("'Sacrifice all / each …' is CW6001 (was paid as 99 creatures, or as one)", () => {
    for (const text of ["Sacrifice all creatures you control: Draw a card.", "Sacrifice each creature you control: Draw a card."]) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6001 "${text.slice(0, text.indexOf(":"))}"`] });
      expect(p.messages[0]).toContain('"Sacrifice a creature:"');
    }
  });

  it("leaves every cost the engine pays as written clean, with the reading it pays", () => {
    for (const [text, readsAs] of [
      ["Exhaust, Pay 2 life: Draw a card.", "Exhaust, Pay 2 life: Draw a card."],
      ["{R}, Exhaust: Draw a card.", "{R}, Exhaust: Draw a card."],
      ["Pay {P}: Draw a card.", "{P}: Draw a card."],
      ["Exhaust this creature: Draw a card.", "Exhaust: Draw a card."],
      ["Overexhaust: Draw a card.", "Overexhaust: Draw a card."],
      ["Sacrifice this card: Draw a card.", "Sacrifice this: Draw a card."],
      ["Sacrifice another Vampire you control: Draw a card.", "Sacrifice another Vampire you control: Draw a card."],
      ["Sacrifice two Vampires: Draw a card.", "Sacrifice 2 Vampires: Draw a card."],
      ["Sacrifice an exhausted creature: Draw a card.", "Sacrifice an exhausted Creature: Draw a card."],
      ["Sacrifice a creature with power 2 or less: Draw a card.", "Sacrifice a Creature with power 2 or less: Draw a card."],
      ["Discard two cards: Draw a card.", "Discard 2 cards: Draw a card."],
      ["Gain 2 Bleed counters: Draw a card.", "Gain 2 Bleed counters: Draw a card."],
      ["Put a Bleed counter on yourself: Draw a card.", "Gain a Bleed counter: Draw a card."],
      ["Pay X life: Draw X cards.", "Pay X life: Draw cards equal to X."],
    ] as const) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
    }
    expect(probe("duel", "unit", "Remove a power counter from this: Draw a card.").problems).toEqual([]);
  });
});

describe("'twice' after a condition or a trigger", () => {
  it("is CW6005 at 'twice' (was clean: the zone or player phrase it ended was marked read whole)", () => {
    for (const text of [
      "When this enters play, if an opponent has four or more cards in hand twice, draw a card.",
      "Whenever a creature you control deals combat damage to a player twice, draw a card.",
      "When this enters play, if you control a Vampire twice, draw a card.",
    ]) expect({ text, problems: probe("cybervamp", "creature", text).problems }).toEqual({ text, problems: [`${/, if /.test(text) ? "CW6014" : "CW6005"} "twice"`] });
  });

  it("still runs where a reader counts it", () => {
    for (const [game, kind, text, readsAs] of [
      ["cybervamp", "spell", "Draw a card twice.", "Draw a card twice."],
      ["chromatic", "spell", "[Red] Deal 2 damage to target creature, then deal twice that much damage to its controller.", "[Red] Deal 2 damage to target creature, then deal twice that much damage to its controller."],
      ["cybervamp", "creature", "Exhaust: Draw a card. Activate only twice each turn.", "Exhaust: Draw a card. Activate this only twice each turn."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs[0] }).toEqual({ text, problems: [], readsAs });
    }
  });
});

/**
 * Found by the insertion probe (`npx tsx scripts/substitution-probe.ts --insert`): a qualifier put before a card noun that
 * a reader marked read with the whole phrase around it. Each was clean and ran without it; now CW6005 at the word.
 */
describe("a qualifier a reader did not read", () => {
  it("is CW6005 at the word (was clean, the phrase read without it); in a condition CW6014 (session 41)", () => {
    // The words of a condition — a player's "who …" / "with …" phrase, an "If …" — are CW6014: the card is not played.
    const inACondition = new Set(["Whenever a player who controls two or more legendary creatures attacks, you gain 1 life.", "Each player with two or more face-down creatures in play sacrifices a creature.", "Sacrifice a creature. If a legendary creature wasn't sacrificed this way, you lose 3 life."]);
    for (const [game, kind, text, word] of [
      // Prevention: the cards "to" and "by" name.
      ["cybervamp", "spell", "Prevent all damage that would be dealt to legendary creatures you control this turn.", "legendary"],
      ["cybervamp", "spell", "Prevent the next 3 damage that would be dealt to target damaged creature this turn.", "damaged"],
      ["cybervamp", "spell", "Prevent all combat damage that would be dealt by enchanted creatures your opponents control this turn.", "enchanted"],
      // A player's relative clause or "with" phrase.
      ["cybervamp", "creature", "Whenever a player who controls two or more legendary creatures attacks, you gain 1 life.", "legendary"],
      ["cybervamp", "spell", "Each player with two or more face-down creatures in play sacrifices a creature.", "face-down"],
      // The price of "unless".
      ["cybervamp", "spell", "Exhaust target creature unless its controller discards a legendary card.", "legendary"],
      ["duel", "spell", "Destroy target unit unless its controller sacrifices an enchanted unit.", "enchanted"],
      // The top of a zone.
      ["cybervamp", "spell", "Put the top two Red cards of target player's main deck into their discard pile.", "Red"],
      ["duel", "spell", "Look at the top three untapped cards of your deck, put one into your hand and the rest back in any order.", "untapped"],
      // This card, with a word that would be a condition on it.
      ["duel", "unit", "This exhausted unit can't attack.", "exhausted"],
      ["duel", "unit", "This exhausted unit gets +2 power while attacking.", "exhausted"],
      ["duel", "unit", "Whenever this non-token unit attacks, draw a card.", "non-token"],
      ["duel", "unit", "Whenever a unit attacks this untapped unit, draw a card.", "untapped"],
      // A replacement's card, a blocker, this card in a static (second probe, seed 5).
      ["chromatic", "creature", "If a legendary creature would deal damage to you, prevent 1 of that damage.", "legendary"],
      ["cybervamp", "spell", "The next time a legendary creature would deal damage to you this turn, prevent that damage.", "legendary"],
      ["cybervamp", "creature", "The first time each turn a damaged creature you control would be destroyed, exhaust it instead.", "damaged"],
      ["cybervamp", "creature", "Whenever this is blocked by a damaged creature, it gets +1/+0 until end of turn.", "damaged"],
      ["duel", "unit", "This blocking unit can attack the turn it is played.", "blocking"],
      // "this way" and a chosen card (third pass).
      ["cybervamp", "spell", "Sacrifice a creature. If a legendary creature wasn't sacrificed this way, you lose 3 life.", "legendary"],
      ["cybervamp", "spell", "Look at target opponent's hand and choose a card from it. That player discards that legendary card.", "legendary"],
      // A quoted token name with another word.
      ["cybervamp", "spell", 'Create a 2/2 "Night Stalker" legendary Vampire token.', "legendary"],
    ] as const) expect({ text, problems: probe(game, kind, text).problems }).toEqual({ text, problems: [`${inACondition.has(text) ? "CW6014" : "CW6005"} "${word}"`] });
  });

  it("leaves the same readers clean where every word is read", () => {
    for (const [game, kind, text] of [
      ["cybervamp", "spell", "Prevent all damage that would be dealt to Vampires you control this turn."],
      ["cybervamp", "spell", "Prevent all combat damage that would be dealt by exhausted creatures this turn."],
      ["cybervamp", "spell", "Each player who controls two or more exhausted creatures sacrifices a creature."],
      ["cybervamp", "spell", "Each opponent with 10 or less life loses 1 life."],
      ["cybervamp", "creature", "Whenever an opponent who controls an exhausted creature draws a card, you gain 1 life."],
      ["cybervamp", "spell", "Destroy target creature unless its controller sacrifices an exhausted creature."],
      ["duel", "spell", "Look at the top three cards of your deck, put one into your hand and the rest back in any order."],
      ["duel", "unit", "Passive: This unit's power is equal to the number of cards in your hand."],
      ["duel", "unit", "Whenever this unit attacks, draw a card."],
      ["cybervamp", "creature", "If a source an opponent controls would deal damage to you, prevent 1 of that damage."],
      ["cybervamp", "creature", "If this creature would be destroyed, exhaust it instead."],
      ["cybervamp", "creature", "Whenever this is blocked by a creature with Bleed, it gets +1/+0 until end of turn."],
      ["duel", "unit", "Units you control can attack the turn they enter play."],
      ["cybervamp", "spell", "Sacrifice a creature. If a Vampire wasn't sacrificed this way, you lose 3 life."],
      ["cybervamp", "spell", "Look at target opponent's hand and choose a card from it. That player discards that card."],
      ["cybervamp", "spell", 'Create a 2/2 "Night Stalker" Vampire token with Haste.'],
    ] as const) expect({ text, problems: probe(game, kind, text).problems }).toEqual({ text, problems: [] });
  });
});

describe("a token's words before its noun", () => {
  it("a state ('exhausted', 'tapped') is CW6001: it was taken into the token's name and the token entered ready", () => {
    for (const [text, word] of [["Create an exhausted 1/1 Bat token.", "exhausted"], ["Create a tapped 2/2 Vampire token.", "tapped"]] as const) {
      const p = probe("cybervamp", "spell", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6001 "${word}"`] });
    }
  });

  it("a keyword ability is the token's keyword, as 'with' it is (was the name's first word, no keyword)", () => {
    expect(probe("cybervamp", "spell", "Create a 1/1 Haste Bat token.").readsAs).toEqual(["Create a 1/1 Bat token with Haste."]);
    expect(probe("cybervamp", "spell", "Create a 1/1 Bat token with Haste.").readsAs).toEqual(["Create a 1/1 Bat token with Haste."]);
  });
});
