/**
 * Issue 11, session 36 (lead): silent misreadings found by substituting one word of each clean corpus sentence with a word
 * of other meaning (a variant that checked clean and compiled to the same IR read the new word as the old one). Each
 * wording below checked clean on main and ran as something else; now it is a diagnostic at its words.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("cards a player 'has' in another player's zone", () => {
  it("is CW6014 at the zone (was clean, counted in the subject's own zone)", () => {
    for (const [game, kind, text, words] of [
      ["duel", "spell", "If you have three or more cards in your opponent's graveyard, draw a card.", "in your opponent's graveyard"],
      ["duel", "spell", "If you have three or more Unit cards in your opponent's graveyard, draw a card.", "in your opponent's graveyard"],
      ["duel", "unit", "This gets +2 power as long as you have five or more cards in your opponent's graveyard.", "in your opponent's graveyard"],
      ["duel", "spell", "If your opponent has three or more cards in your hand, draw a card.", "in your hand"],
      // A static's "unless" is one note at its words, with the reason.
      ["cybervamp", "creature", "This can't attack unless you have five or more cards in an opponent's discard pile.", "unless you have five or more cards in an opponent's discard pile"],
    ] as const) {
      const p = probe(game, kind, text);
      // A condition read in part is an error (CW6014, session 40: the card is not played); a static's "unless" the engine
      // cannot check leaves its ability unrun (CW6001).
      expect(p.problems, text).toEqual([`${words.startsWith("unless") ? "CW6001" : "CW6014"} "${words}"`]);
    }
    expect(probe("duel", "spell", "If you have three or more cards in your opponent's graveyard, draw a card.").messages[0]).toContain('"there are N cards in your opponent\'s graveyard"');
    expect(probe("cybervamp", "creature", "This can't attack unless you have five or more cards in an opponent's discard pile.").messages[0]).toContain('"your opponent has N cards in their discard pile"');
  });

  it("leaves a player's own zone, a comparison's shared zone and 'there are' alone", () => {
    for (const text of [
      "If you have three or more cards in your graveyard, draw a card.",
      "If an opponent has no cards in their hand, draw a card.",
      "If your opponent has more cards in their hand than you, draw a card.",
      "If you have more cards in your hand than your opponent, draw a card.",
      "If there are three or more cards in your opponent's graveyard, draw a card.",
    ]) expect({ text, problems: probe("duel", "spell", text).problems }).toEqual({ text, problems: [] });
  });
});

describe("a kind of card counted in a hand", () => {
  it("is kept (was read as the hand's size, the kind dropped, clean)", () => {
    expect(probe("cybervamp", "spell", "If you have two or more Vampire cards in your hand, draw a card.").readsAs).toEqual(["If you have 2 or more Vampire cards in your Hand, draw a card."]);
    expect(probe("cybervamp", "spell", "If an opponent has no Red cards in hand, draw a card.").readsAs).toEqual(["If an opponent has no Red cards in their Hand, draw a card."]);
    expect(probe("cybervamp", "spell", "If you have three or more cards in hand, draw a card.").readsAs).toEqual(["If you have 3 or more cards in hand, draw a card."]);
  });
});

describe("a counter trigger's amount", () => {
  it("'gains two or more Bleed counters' is CW6005 at the amount, as 'gains 3 or more life' is (was clean, fired on one counter)", () => {
    expect(probe("cybervamp", "creature", "Whenever an opponent gains two or more Bleed counters, you gain 1 life.").problems).toEqual(['CW6005 "two or more"']);
    for (const text of ["Whenever an opponent gains a Bleed counter, you gain 1 life.", "Whenever an opponent gains Bleed counters, you gain 1 life.", "Whenever an opponent gains one or more Bleed counters, you gain 1 life."])
      expect({ text, problems: probe("cybervamp", "creature", text).problems }).toEqual({ text, problems: [] });
  });
});

describe("keywords joined by 'or'", () => {
  it("is CW6001 at the list (was clean, every keyword given)", () => {
    expect(probe("cybervamp", "spell", "Target creature gains Haste or Tireless until end of turn.").problems).toEqual(['CW6001 "Haste or Tireless"']);
    expect(probe("cybervamp", "spell", "Create a 1/1 Bat token with Bleed 1 or Haste.").problems).toEqual(['CW6001 "Bleed 1 or Haste"']);
    expect(probe("cybervamp", "spell", "Target creature gains Haste or Tireless until end of turn.").messages[0]).toContain("Choose one");
    expect(probe("cybervamp", "spell", "Target creature gains Haste and Tireless until end of turn.").problems).toEqual([]);
    expect(probe("cybervamp", "spell", "Create a 1/1 Bat token with Bleed 1 and Haste.").problems).toEqual([]);
  });
});

describe("a searched card put into 'your' zone", () => {
  it("is reported when the deck searched is another player's (was clean, into its owner's pile)", () => {
    const p = probe("cybervamp", "spell", "Search target opponent's main deck for a card and put it into your discard pile.");
    expect(p.problems).toEqual(['CW6005 "your"']);
    expect(p.readsAs).toEqual(["Search target opponent's main deck for a card, put it into their discard pile."]);
    expect(probe("cybervamp", "spell", "Search your main deck for a card and put it into your discard pile.").problems).toEqual([]);
  });
});
