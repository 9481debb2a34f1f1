/**
 * Issue 12, session 28: scenarios written from the rules texts and docs/language.md by an outsider (the probe in the
 * session's report: end of turn, hand limits, empty decks, victory and draws, durations, replacements, copies, tokens,
 * counters, several triggers, responses to responses), and what they found.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

/**
 * A draw from an empty deck is skipped ("If the deck you choose to draw from is empty, you simply skip the draw",
 * CYBERVAMP; Duel and Chromatic's `empty_deck_draw = skip`), and the trace says so with a `draw` event of no card. On main
 * d83981c that event was a draw to a scenario: `expect event draw p1` held though p1 drew nothing (a mistaken scenario
 * passed), and `expect no event draw p1` — the rules text's "skip the draw" — failed.
 */
describe("a draw that drew nothing is no draw event", () => {
  const emptyDeck = (expectation: string) =>
    `scenario "s" for duel\nsetup {\n  turn 4 p2 phase Play\n  p1 field: "Archive Keeper"\n  p1 life 5\n  p1 deck: none\n}\np2 end turn\nexpect p1 life 5\n${expectation}\n`;

  it("`expect no event draw p1` holds after a draw from an empty deck (Archive Keeper gains nothing)", () => {
    expect(failuresOf(emptyDeck("expect no event draw p1"))).toEqual([]);
  });

  it("`expect event draw p1` fails there, saying the draw drew nothing", () => {
    expect(failuresOf(emptyDeck("expect event draw p1"))).toEqual([
      "10: expectation not met | expected event draw p1 | actual 0: none (drew nothing, so no draw event: p1 cannot draw: empty Deck)",
    ]);
    expect(failuresOf(emptyDeck("expect event draw once"))[0]).toContain("actual 0: none (drew nothing");
  });

  it("CYBERVAMP: both decks empty in Renew — no draw event; a card drawn is one", () => {
    const renew = (decks: string, expectation: string) =>
      `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Renew\n  ${decks}\n}\nexpect phase Pre-Battle\n${expectation}\n`;
    expect(failuresOf(renew("p1 Main Deck: none\n  p1 Land Deck: none", "expect no event draw p1"))).toEqual([]);
    expect(failuresOf(renew("p1 Main Deck: none\n  p1 Land Deck: none", "expect event draw p1"))[0]).toContain("drew nothing, so no draw event: p1 cannot draw: the Main Deck and the Land Deck are empty");
    expect(failuresOf(renew('p1 Main Deck: "Blood Rite"\n  p1 Land Deck: none', "expect event draw p1 once"))).toEqual([]);
  });
});
