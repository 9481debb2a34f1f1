/**
 * Issue 12, session 12's outsider probe: scenarios written as a newcomer writes them, each with one deliberate mistake
 * of a kind the earlier probes (session 10: typos and wrong claims; session 11: a wrong player, a wrong zone name, a card
 * never in the game, after the game ended, an illegal step) did not try — a setup that says something twice or twice
 * over, a board no game reaches by card type, and values written in forms the language does not have (a sign, a
 * comparison, a decimal, a percent, another language's comment, two claims on one line, an amount on an event).
 * Each must fail at its own line, saying what is wrong; none may pass. Those marked "passed before" held on main
 * before this work (186eacf: the second setup was applied before the first step, the last of two values won, a Spell
 * sat in the Field, `+2` was read as 2, `30%` as 30).
 */
import { describe, expect, it } from "vitest";
import { failuresOf, runText } from "./helpers.ts";

/** Line 10 is the first of `lines`; `setup` lines go at the end of the setup (line 9 on). */
const duel = (lines: string, setup = "") => `scenario "outsider" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard"
  p2 field: "Scout"
  p1 hand: "Quick Bolt", "Healing Spring"
  p1 Crystal 3
  p1 deck: "Scout" x3${setup}
}
${lines}
`;

describe("a setup that says something twice", () => {
  it("1. a second setup after an action (passed before: its lines set the board before the first step)", () => {
    // Before: p2 was set up at 3 life and the attack took it to 1, so a writer who expected 1 saw the scenario pass.
    const later = duel(`p1 attack p2 with "Stone Guard"\nsetup {\n  p2 life 3\n}\nexpect p2 life 1`);
    expect(failuresOf(later)).toEqual([
      "11: cannot read this line: a scenario has one setup (line 2), and the board it sets is the one the first step plays on: a second setup would not happen here. Put its lines in the first setup, or start a new scenario for the later board",
    ]);
    // Its lines are read (a name in them is still checked) but never set up: the first setup's board is played.
    expect(runText(later).results[0]!.failures.map((f) => f.line)).toEqual([11]);
    expect(failuresOf(duel(`setup {\n  p2 lfe 3\n}\nexpect p2 life 10`))).toEqual([
      expect.stringMatching(/^10: cannot read this line: a scenario has one setup/),
      expect.stringMatching(/^11: Unknown resource or player counter "lfe".*\(did you mean "life"\?\)$/),
    ]);
  });

  it("2. one value set twice — life, a resource, the turn, the phase, a card's damage (passed before: the last one won)", () => {
    expect(failuresOf(duel(`expect p2 life 7`, `\n  p2 life 5\n  p2 life 7`))).toEqual([
      "10: cannot read this line: p2 life is already set to 5 at line 9: a setup says each thing once, so one of the two would be dropped",
    ]);
    expect(failuresOf(duel(`expect p1 Crystal 2`, `\n  p1 Crystal 2`))).toEqual([
      "9: cannot read this line: p1 Crystal is already set to 3 at line 7: a setup says each thing once, so one of the two would be dropped",
    ]);
    expect(failuresOf(duel(`expect turn 5`, `\n  turn 5 p2`))).toEqual([
      "9: cannot read this line: the turn is already set to 3 at line 3: a setup says each thing once, so one of the two would be dropped",
    ]);
    expect(failuresOf(duel(`expect active p1`, `\n  turn 3 p2`))).toEqual([
      "9: cannot read this line: the active player is already set to p1 at line 3: a setup says each thing once, so one of the two would be dropped",
    ]);
    // `phase End` after `turn 3 p1 phase Play`: End is automatic, so the game would have run into p2's Play phase.
    expect(failuresOf(duel(`expect phase Play`, `\n  phase End`))).toEqual([
      "9: cannot read this line: the phase is already set to Play at line 3: a setup says each thing once, so one of the two would be dropped",
    ]);
    const chromatic = `scenario "twice" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 battlefield: "Seer"\n  "Seer" damage 1\n  "Seer" damage 2\n}\nexpect "Seer" damage 2\n`;
    expect(failuresOf(chromatic)).toEqual(['6: cannot read this line: "Seer" damage is already set to 1 at line 5: a setup says each thing once, so one of the two would be dropped']);
    // The same value said again is only repeated: read, and the scenario runs.
    expect(failuresOf(duel(`expect p2 life 7\nexpect phase Play`, `\n  p2 life 7\n  p2 life 7\n  phase Play`))).toEqual([]);
  });
});

describe("a board no game reaches", () => {
  it("3. a Spell set up in play — Duel's Field, Chromatic's Battlefield (passed before: it sat there like a unit)", () => {
    expect(failuresOf(duel(`expect p2 field count 2`, `\n  p2 field: "Quick Bolt"`))).toEqual([
      '9: "Quick Bolt" is a card whose type never stays in play in Three-Slot Duel (it resolves, then leaves), so no game reaches a board with it in Field: set it up where it can be — a hand, a deck, the graveyard — and play it from there.',
    ]);
    const chromatic = (zone: string) => `scenario "spell" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 ${zone}: "Arc Bolt"\n}\nexpect p1 ${zone} count 1\n`;
    expect(failuresOf(chromatic("battlefield"))).toEqual([expect.stringMatching(/^4: "Arc Bolt" is a card whose type never stays in play in Chromatic Battlelines .* in Battlefield:/)]);
    // Where the game does put any card — a resource zone (Facet cards), the graveyard — a Spell is set up.
    expect(failuresOf(chromatic("Facet Zone"))).toEqual([]);
    expect(failuresOf(duel(`expect p2 graveyard count 1`, `\n  p2 graveyard: "Quick Bolt"`))).toEqual([]);
  });
});

describe("a value in a form the language does not have", () => {
  it("4. a signed amount, `power +2` / `life +4` (passed before: read as the value 2, 4)", () => {
    // Stone Guard's power is 2: `+2` meant "2 more" and held as "is 2".
    expect(failuresOf(duel(`expect "Stone Guard" power +2`))).toEqual([
      '10: cannot read this line: "+2" reads as a change; this line states a value (what the game shows, or how many): write the number itself, 2',
    ]);
    expect(failuresOf(duel(`expect p2 life 4`, `\n  p2 life +4`))).toEqual([
      '9: cannot read this line: "+4" reads as a change; this line states a value (what the game shows, or how many): write the number itself, 4',
    ]);
    // A negative value is a value (life below 0): read.
    expect(failuresOf(duel(`expect p2 life -1`))).toEqual(["10: expectation not met | expected p2 life -1 | actual p2 life 10"]);
  });

  it("5. a percent sign or any character the language has no use for (passed before: `life 10%` was read as `life 10`)", () => {
    expect(failuresOf(duel(`expect p2 life 10%`))).toEqual(['10: cannot read this line: unexpected character(s) "%": the line is not read as written']);
    // `cardwright check` reports the characters too (CW5001), at the same line.
    expect(runText(duel(`expect p2 life 10%`)).diagnostics).toEqual(['10: CW5001 Unexpected character(s) "%" in a scenario.']);
  });

  it("6. a comparison instead of a value: `at least`, `>=`", () => {
    expect(failuresOf(duel(`expect p2 life at least 5`))).toEqual(['10: cannot read this line: expected a number, found "at"']);
    expect(failuresOf(duel(`expect p2 life >= 5`))).toEqual(['10: cannot read this line: expected a number, found "="']);
  });

  it("7. a decimal value", () => {
    expect(failuresOf(duel(`expect p2 life 9.5`))).toEqual(['10: cannot read this line: unexpected ". 5"']);
  });

  it("8. another language's comment (`//`): only `#` starts a comment", () => {
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\nexpect p2 life 8 // after the hit`))).toEqual(['11: cannot read this line: unexpected "/ / after the hit"']);
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\nexpect p2 life 8 # after the hit`))).toEqual([]);
  });

  it("9. two claims joined by `and` on one expect line (only one could be read): each claim is its own line", () => {
    expect(failuresOf(duel(`expect p2 life 10 and p1 life 10`))).toEqual(['10: cannot read this line: unexpected "and p1 life 10"']);
    expect(failuresOf(duel(`expect p2 life 10; expect p1 life 10`))).toEqual([]);
  });

  it("10. an amount on an event, `expect event damage p2 3` (the amount is what one damage event dealt: session 34)", () => {
    // Stone Guard hits for 2: a line claiming 3 must not hold on the damage event alone.
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\nexpect event damage p2 3`))).toEqual(["11: expectation not met | expected event damage p2 3 | actual 0: none (damage events that happened: Stone Guard deals 2 damage to p2)"]);
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\nexpect event damage p2 2`))).toEqual([]);
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\nexpect event damage p2 once\nexpect p2 life 8`))).toEqual([]);
  });
});
