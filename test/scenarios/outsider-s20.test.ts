/**
 * Issue 12, session 20: lies found by session 20's outside probe (scenarios written from the rules texts and
 * docs/language.md only; /work/notes/scenarios.md lists them):
 * - `expect p2 deck: "Stone Guard", "Scout"` held with Scout on top: zone contents were compared in any order, also in
 *   a zone the game keeps in order (a deck), where the setup reads the same list top first. A scenario about the order
 *   cards were put back in (Glimpse's "the rest back in any order", a card put on the bottom) proved nothing. Now a
 *   zone declared `ordered` is compared top first.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const duel = (setup: string, lines: string) => `scenario "s20" for duel\nsetup {\n  turn 3 p1 phase Play\n${setup}}\n${lines}\n`;

describe("a deck's contents are expected top first, as the setup lists them", () => {
  it("the same list backwards fails (passed before: compared in any order)", () => {
    expect(failuresOf(duel(`  p2 deck: "Scout", "Stone Guard"\n`, `expect p2 deck: "Stone Guard", "Scout"`))).toEqual([
      '6: expectation not met | expected p2 Deck: "Stone Guard", "Scout" (top first) | actual p2 Deck: "Scout", "Stone Guard" (top first)',
    ]);
    expect(failuresOf(duel(`  p2 deck: "Scout", "Stone Guard"\n`, `expect p2 deck: "Scout", "Stone Guard"\nexpect not p2 deck: "Stone Guard", "Scout"`))).toEqual([]);
  });

  it("after a draw, the deck is what is left, top first; a zone not kept in order (a hand) is still any order", () => {
    const drawn = (line: string) => `scenario "s20" for duel\nsetup {\n  turn 3 p1 phase Start\n  p1 deck: "Scout", "Stone Guard", "Field Medic"\n  p1 hand: "Quick Bolt"\n}\n${line}\n`;
    expect(failuresOf(drawn(`expect p1 deck: "Field Medic", "Stone Guard"`))).toEqual([
      '7: expectation not met | expected p1 Deck: "Field Medic", "Stone Guard" (top first) | actual p1 Deck: "Stone Guard", "Field Medic" (top first)',
    ]);
    expect(failuresOf(drawn(`expect p1 deck: "Stone Guard", "Field Medic"\nexpect p1 hand: "Scout", "Quick Bolt"`))).toEqual([]);
  });
});
