/**
 * Issue 12, session 33 (lead's CYBERVAMP probe v7): block lines where the engine asks for no blockers, or asks for them
 * and the line expects a refusal, said "no blockers are being declared now … after the window has closed" — wrong in
 * both cases. Both fail on main 162c1ac.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const scenario = (body: string) => `scenario "s" for cybervamp\n${body}`;

describe("a block line is told what the declaration of blockers is doing", () => {
  it("no declaration is asked because no creature of the defender can block: the line is told why", () => {
    const text = scenario(`setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Sleepless Enforcer"
  p2 battlefield: "Chrome Sentinel"
  "Chrome Sentinel" is exhausted
}
p1 choose "Sleepless Enforcer"
p1 pass
p2 pass
p2 block "Sleepless Enforcer" with "Chrome Sentinel" refused cannot_block
`);
    expect(failuresOf(text)).toEqual([
      `11: no declaration of blockers is asked: none of p2's creatures can block "Sleepless Enforcer" (p2 controls none that is ready and able to), so the engine declares no blockers without asking — leave this line out`,
    ]);
  });

  it("a refused block line while blockers are asked is the answer it names, refused by the engine", () => {
    const text = scenario(`setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Sleepless Enforcer"
  p2 battlefield: "Neon Ripper", "Razorfang Courier"
  "Neon Ripper" is exhausted
}
p1 choose "Sleepless Enforcer"
p1 pass
p2 pass
p2 block "Sleepless Enforcer" with "Neon Ripper" refused illegal_choice
p2 block "Sleepless Enforcer" with "Razorfang Courier"
p1 pass
p2 pass
expect p2 Discard Pile has "Razorfang Courier"
`);
    expect(failuresOf(text)).toEqual([]);
    // The refusal is the engine's: a line expecting another code is told which it was.
    expect(failuresOf(text.replace("refused illegal_choice", "refused cannot_block"))).toEqual([
      "11: refused for another reason | expected refused cannot_block | actual refused illegal_choice: Neon Ripper is not offered (offered: Razorfang Courier); choose 0 to 1 of the offered cards",
    ]);
    // A blocker named for an attacker the declaration is not asking about is told which it asks about.
    expect(failuresOf(text.replace('block "Sleepless Enforcer" with "Neon Ripper"', 'block "Razorfang Courier" with "Neon Ripper"'))).toEqual([
      `11: blockers are asked now for "Sleepless Enforcer", not for "Razorfang Courier": write the block lines for the attackers in the order they are asked`,
    ]);
  });
});
