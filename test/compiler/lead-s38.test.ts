/**
 * Issue 11, session 38 (lead): a noun phrase's prepositional phrases after its noun, and the tail of a clause inside a
 * phrase, are words a reader must read itself. Marking a zone's or a card's phrase used marked whatever the parser hung on
 * it, so "Return target enemy unit to its owner's hand in combat" checked clean and ran as "... to its owner's hand"
 * (found by the corpus insertion probe, `npx tsx scripts/substitution-probe.ts --insert`).
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a phrase hung on a zone or a card that no reader reads", () => {
  it("is CW6005 at its words, naming what would run (was clean, the words dropped)", () => {
    for (const [game, kind, text, words, readsAs] of [
      ["duel", "spell", "Return target enemy unit to its owner's hand in combat.", "combat", "Return target unit an opponent controls to its owner's hand."],
      ["duel", "spell", "Search your deck for a Unit card, reveal it from your hand, put it into your hand, then shuffle.", "your hand", "Search your deck for a Unit card, reveal it, put it into your hand, then shuffle."],
      ["duel", "spell", "Look at the top three cards of your deck from your hand, put one into your hand and the rest back in any order.", "your hand", "Look at the top 3 cards of your Deck, then put one into your Hand, then put the rest back in any order."],
      ["duel", "spell", "Look at the top three cards of your deck, put one into your hand and the rest on the bottom in combat.", "combat", "Look at the top 3 cards of your Deck, then put one into your Hand, then put the rest on the bottom of your Deck."],
      ["duel", "unit", "Whenever a unit enters play under your control in combat, gain 1 life.", "combat", "Whenever a Unit you control enters play, gain 1 life."],
      ["duel", "unit", "Whenever a card is put into your Graveyard in combat, gain 1 life.", "combat", "Whenever a card enters your Graveyard, gain 1 life."],
      ["duel", "spell", "Your opponent erases two cards from their graveyard in combat.", "combat", "Your opponent erases 2 cards from their Graveyard."],
      ["duel", "spell", "Gain 1 life for each card in your hand from your hand.", "your hand", "Gain 1 life for each card in your Hand."],
      ["duel", "spell", "Draw cards until you have 6 cards in hand in combat.", "combat", "Draw cards until you have 6 cards in hand."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6005 "${words}"`] });
      expect(p.messages[0], text).toContain(`it would run as "${readsAs}"`);
    }
    // In a condition the same words are CW6014 (session 41): the card is not played on a condition read otherwise.
    const p = probe("duel", "spell", "If you have fewer than three cards in hand from your hand, draw a card.");
    expect(p.problems).toEqual(['CW6014 "your hand"']);
    expect(p.messages[0]).toContain('as in "If you have 2 or less cards in hand, draw a card."');
  });

  it("a clause inside a phrase: its tail is read apart too", () => {
    const p = probe("cybervamp", "spell", "Destroy each creature whose controller has no cards in hand this turn.");
    // A condition on the card's controller: CW6014 (session 41), the card is not played.
    expect(p.problems).toEqual(['CW6014 "this turn"']);
  });

  it("every phrase a reader reads stays clean, with its reading", () => {
    for (const [game, kind, text, readsAs] of [
      ["duel", "spell", "Draw cards until you have 6 cards in hand.", "Draw cards until you have 6 cards in hand."],
      ["duel", "spell", "If you have fewer than three cards in hand, draw a card.", "If you have 2 or less cards in hand, draw a card."],
      ["cybervamp", "spell", "Destroy each creature whose controller has no cards in hand.", "Destroy each Creature whose controller has no cards in hand."],
      ["cybervamp", "spell", "Play this only in response to a spell.", "Play this only in response to a spell."],
      ["duel", "spell", "Return each unit that attacked this turn to its owner's hand.", "Return each Unit that attacked this turn to its owner's hand."],
      ["chromatic", "creature", "Whenever this blocks, destroy each creature blocked by this with 2 or less attack.", "[Base] When this blocks, destroy each Creature blocked by this with attack 2 or less."],
      ["cybervamp", "spell", "Return target creature card from your Discard Pile to your hand.", "Return target creature card from your Discard Pile to its owner's hand."],
      ["cybervamp", "spell", "Put target creature card from your Discard Pile into play under your control.", "Put target creature card from your Discard Pile onto the battlefield."],
      ["duel", "spell", "Look at the top three cards of your deck, put one into your hand and the rest on the bottom of your deck in any order.", "Look at the top 3 cards of your Deck, then put one into your Hand, then put the rest on the bottom of your Deck in any order."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
    }
  });
});
