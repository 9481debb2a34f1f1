/**
 * Issue 12, session 29: scenarios written from the rules texts and docs/language.md by an outsider (the probe in the
 * session's report: hand limits, end-of-turn cleanup, running out of cards, victory and draws, durations, copies,
 * tokens, counters, several triggers at once, responses to responses; and mistaken scenarios), and what they found.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

/**
 * A line written while a choice waits is refused `choice_pending`: the refusal names the line that answers the choice.
 * On main 99f6833 the probe's CYBERVAMP block line after two Ghoul Scavengers died at once (two noted triggers to order)
 * got "choice_pending: p1 must first choose which trigger goes on the stack first (it resolves last) (p1 must choose which
 * trigger goes on the stack first (it resolves last))": the choice said twice, and no line to write.
 */
describe("a line written while a choice waits says the line that answers it", () => {
  const ghouls = (lines: string) =>
    `scenario "s" for cybervamp\nsetup {\n  turn 4 p1 phase Battle\n  p1 battlefield: "Ghoul Scavenger", "Ghoul Scavenger"\n  p2 battlefield: "Hemorrhage Stalker", "Razorfang Courier"\n}\n` +
    `p1 attack p2 with "Ghoul Scavenger" copy 1, "Ghoul Scavenger" copy 2\np1 pass\np2 pass\n` +
    `p2 block "Ghoul Scavenger" copy 1 with "Hemorrhage Stalker"\np2 block "Ghoul Scavenger" copy 2 with "Razorfang Courier"\np1 pass\np2 pass\n${lines}`;

  it("two triggers to order, then a pass: the refusal names `p1 order \"<card>\"` and the triggers waiting", () => {
    const failures = failuresOf(ghouls("p1 pass\nexpect p1 battlefield count 2\n"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBe(
      '14: the action was refused | expected a legal action | actual choice_pending: p1 must first choose which trigger goes on the stack first (it resolves last) — answer it on a line before this one, with `p1 order "<card>"` (which noted trigger is placed first) (waiting: "Ghoul Scavenger" copy 1 ability 1 (When this is destroyed, create a 1/1 Bat token.); "Ghoul Scavenger" copy 2 ability 1 (When this is destroyed, create a 1/1 Bat token.))',
    );
  });

  it("an order line naming the card of two copies' triggers is told to name the copy, as the waiting list does", () => {
    expect(failuresOf(ghouls('p1 order "Ghoul Scavenger"\n'))).toEqual([
      '14: 2 noted triggers fit the line ("Ghoul Scavenger" copy 1 ability 1; "Ghoul Scavenger" copy 2 ability 1): say which is placed first, with `order "X" ability N` (its Nth triggered ability) or, for copies of one card, `order "X" copy N`',
    ]);
  });

  it("the line it names answers it: the two Bat tokens are made", () => {
    expect(failuresOf(ghouls('p1 order "Ghoul Scavenger" copy 1 ability 1\np2 pass\np1 pass\np1 pass\np2 pass\nexpect p1 battlefield count 2\nexpect event trigger "Ghoul Scavenger" twice\n'))).toEqual([]);
  });
});
