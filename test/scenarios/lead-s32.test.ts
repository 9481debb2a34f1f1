/**
 * Issue 12, session 32 (lead's probe v6): a `targets` or `chooses mode` line where the engine asked nothing said only
 * "no_choice_pending: no choice is waiting" when no trace event named the answer — a player target, or a mode taken
 * as the card was played. It now says what the waiting item already holds. Both fail on main 5ee143d.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const scenario = (body: string) => `scenario "s" for cybervamp\n${body}`;

describe("an answer to a question the engine did not ask says what was taken without asking", () => {
  it("a player target taken because it was the only legal one", () => {
    const text = scenario(`setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Tithe Fang", "Nightclub Thrall", "Crimson Substation", "Neon Abattoir"
  p1 hand: "Arterial Spray"
}
p1 play "Arterial Spray" target "Nightclub Thrall"
p2 pass
p1 pass
p1 targets p2
p2 pass
p1 pass
expect p2 Bleed 1
`);
    expect(failuresOf(text)).toEqual([
      `10: no target is asked: p2 is already the target of "Tithe Fang"'s triggered ability, waiting on the stack (a target with one legal answer is taken without asking; the engine asks only where there is a choice) — leave this line out`,
    ]);
    expect(failuresOf(text.replace("p1 targets p2\n", ""))).toEqual([]);
  });

  it("a mode answered after the play line: the mode is chosen as the card is played", () => {
    const text = scenario(`setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Neon Abattoir"
  p1 hand: "Blood Rite"
}
p1 play "Blood Rite" mode 1 target p2
p1 chooses mode 1
p2 pass
p1 pass
expect p2 life 19
`);
    expect(failuresOf(text)).toEqual([
      `8: no mode is asked: "Blood Rite" already has its mode, mode 1 (a mode is chosen as the card is played or the ability put on the stack — on its play line, \`mode N\` or \`mode "<text>"\` — and where only one mode can be chosen, it is taken without asking) — leave this line out`,
    ]);
  });
});
