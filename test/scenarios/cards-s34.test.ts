/**
 * Issue 12, session 34 (cards, found by the CYBERVAMP outsider probe): a trigger's target answered as a choice of cards
 * (`p1 choose "Nightclub Thrall"` where Grave Splicer asks for its target) was told "illegal_target: choose one of the
 * legal targets for ..." though the card named was one of them — it named no line to write. Fails on main a0b8ec80.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

describe("a target answered as a choice of cards", () => {
  it("names the line that answers a target choice", () => {
    const text = `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Blackout District", "Undercity Sump", "Gold Exchange", "Bullion Vault", "Crimson Substation"
  p1 hand: "Grave Splicer"
  p1 Discard Pile: "Nightclub Thrall", "Razorfang Courier"
}
p1 play "Grave Splicer"
p1 choose "Nightclub Thrall"
`;
    expect(failuresOf(text)).toEqual([expect.stringMatching(/^9: the action was refused \| expected a legal action \| actual illegal_target \(.*\): answer it with `p1 targets <a card in quotes, or a player>`$/)]);
    expect(failuresOf(text.replace('p1 choose "Nightclub Thrall"', 'p1 target "Nightclub Thrall"\np2 pass\np1 pass\nexpect p1 battlefield has "Nightclub Thrall"'))).toEqual([]);
  });
});
