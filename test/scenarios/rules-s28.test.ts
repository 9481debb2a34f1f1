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

/**
 * A line written at another moment than the game's is refused with what the game waits for now and the line that
 * answers it. On main d83981c CYBERVAMP's `p1 choose nothing` right after `p1 end phase` (the end of the phase waits for
 * p2's pass) was "no_choice_pending: no choice is waiting (p1's Pre-Battle phase)", and nothing said who must pass.
 */
describe("a refusal at another moment says what waits now", () => {
  it("the end of a CYBERVAMP phase waits for p2's pass", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Street Samurai"\n}\np1 end phase\np1 choose nothing\nexpect phase Post-Battle\n`;
    expect(failuresOf(text)).toEqual([
      "7: the action was refused | expected a legal action | actual no_choice_pending: no choice is waiting (p1's Pre-Battle phase) — now rule (end of p1's Pre-Battle phase) waits to resolve, p2 holding priority: `p2 pass` resolves it (or p2 responds first)",
    ]);
    expect(failuresOf(text.replace("p1 choose nothing", "p2 pass\np1 choose nothing\np1 end phase\np2 pass"))).toEqual([]);
  });

  /** Session 27's known gap: `p2 choose nothing` where p2 has no creature that could block was "no choice is waiting". */
  it("`p2 choose nothing` where no creature of p2 can block says the engine asked no declaration", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Razorfang Courier"\n  p2 battlefield: "Street Samurai"\n  "Street Samurai" is exhausted\n}\np1 attack p2 with "Razorfang Courier"\np1 pass\np2 pass\np2 choose nothing\np1 pass\np2 pass\nexpect p2 life 18\n`;
    expect(failuresOf(text)).toEqual([
      '11: no declaration of blockers is asked: none of p2\'s creatures can block "Razorfang Courier" (p2 controls none that is ready and able to), so the engine declares no blockers without asking — leave this line out',
    ]);
    expect(failuresOf(text.replace("p2 choose nothing\n", ""))).toEqual([]);
  });
});
