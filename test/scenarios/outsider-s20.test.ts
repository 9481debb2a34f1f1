/**
 * Issue 12, session 20: lies found by session 20's outside probe (scenarios written from the rules texts and
 * docs/language.md only; /work/notes/scenarios.md lists them):
 * - `expect p2 deck: "Stone Guard", "Scout"` held with Scout on top: zone contents were compared in any order, also in
 *   a zone the game keeps in order (a deck), where the setup reads the same list top first. A scenario about the order
 *   cards were put back in (Glimpse's "the rest back in any order", a card put on the bottom) proved nothing. Now a
 *   zone declared `ordered` is compared top first.
 * - `expect event damage "Stone Guard" by "Quick Bolt"` (session 19's known gap) was an unreadable line: the trace's
 *   damage event to a card did not say which card dealt it. It now carries it (`from`; a trace change), and `by` names
 *   the card that dealt damage to a card as to a player, or to anything (`damage by "Quick Bolt"`).
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";

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

describe("`damage \"Y\" by \"X\"`: the card that dealt damage to a card", () => {
  const bolt = (lines: string) => duel(`  p1 hand: "Quick Bolt"\n  p1 field: "Ember Squire"\n  p2 field: "Stone Guard", "Scout"\n`, `p1 play "Quick Bolt" target "Stone Guard"\n${lines}`);

  it("holds for the card that dealt it, and only for it (an unreadable line before)", () => {
    const lines = [
      'expect event damage "Stone Guard" by "Quick Bolt" once',
      'expect event damage by "Quick Bolt" once',
      'expect no event damage "Stone Guard" by "Ember Squire"',
      'expect no event damage "Scout" by "Quick Bolt"',
      'expect no event damage p2 by "Quick Bolt"',
    ];
    expect(failuresOf(bolt(lines.join("\n")))).toEqual([]);
    expect(checked("duel", bolt(lines.join("\n")))).toEqual([]);
    expect(failuresOf(bolt('expect event damage "Stone Guard" by "Ember Squire"'))).toEqual([
      expect.stringMatching(/^9: expectation not met \| expected event damage "Stone Guard" by "Ember Squire"/),
    ]);
    expect(failuresOf(bolt('expect not event damage "Stone Guard" by "Quick Bolt"'))).toEqual([
      expect.stringMatching(/^9: expectation not met \| expected not event damage "Stone Guard" by "Quick Bolt"/),
    ]);
  });
});
