/**
 * Issue 12, session 33 (lead's CYBERVAMP probe v7). A block line where the engine asks no declaration of blockers (none
 * of the defender's creatures can block) said "no blockers are being declared now … after the window after them has
 * closed" — where the writer had put it. A card named in a choice of cards the engine did not offer was refused with the
 * count alone ("choose 0 to 1 of the offered cards"). Both fail on main 162c1ac.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const scenario = (body: string) => `scenario "s" for cybervamp\n${body}`;

describe("what a line is told where the engine asked nothing, or did not offer the card", () => {
  it("a block line where no declaration is asked because no creature of the defender can block is told why", () => {
    const text = scenario(`setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Sleepless Enforcer"
  p2 battlefield: "Chrome Sentinel"
  "Chrome Sentinel" is exhausted
}
p1 choose "Sleepless Enforcer"
p1 pass
p2 pass
p2 block "Sleepless Enforcer" with "Chrome Sentinel"
`);
    expect(failuresOf(text)).toEqual([
      // Session 36 (engine): the blocker's own reason, and the refusal line that holds.
      `11: no declaration of blockers is asked: none of p2's creatures can block "Sleepless Enforcer" (p2 controls none that is ready and able to: "Chrome Sentinel" cannot block: exhausted (Chrome Sentinel is exhausted, and an exhausted card can't block)), so the engine declares no blockers without asking — leave this line out, or expect the refusal (\`refused exhausted\`)`,
    ]);
    // Written as the refusal it is, the line holds (refusedBlock: the blocker is exhausted).
    expect(failuresOf(text.replace('with "Chrome Sentinel"\n', 'with "Chrome Sentinel" refused exhausted\n'))).toEqual([]);
  });

  it("a card the engine does not offer in a choice of cards is named, with the cards it offers", () => {
    // The declaration of attackers offers only the creatures that can attack: not an exhausted one.
    const text = scenario(`setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Sleepless Enforcer", "Nightclub Thrall"
  "Nightclub Thrall" is exhausted
}
p1 choose "Nightclub Thrall"
`);
    expect(failuresOf(text)).toEqual([expect.stringContaining('Nightclub Thrall is not offered (offered: Sleepless Enforcer)')]);
  });
});
