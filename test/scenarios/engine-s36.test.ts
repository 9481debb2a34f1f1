/**
 * Issue 12, session 36 (engine): an attack or block line whose creature cannot attack or block, where the engine asked
 * no declaration (none of the player's creatures could): session 35's probe, `p1 attacks p2 with "Ember Hound"` for a
 * Pacified creature, was refused "not_your_decision: something waits for priority". The line is now told why the creature
 * cannot (Pacified, exhausted, entered play this turn), and a `refused <code>` line expects that reason. Scenarios:
 * cards/chromatic/scenarios/engine-s36.scenario.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

/** p1's turn, Combat: p1's only creature is `setupLine`'s, with `before` lines first (in p1's Main phase). */
const attack = (setup: string, before: string, line: string) => `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 5
${setup}
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
${before}
p1 ends the phase
p2 passes
${line}
`;

describe("an attack line where no declaration of attackers was asked", () => {
  it("a Pacified creature: cannot_attack, naming Pacify (was 'not_your_decision: something waits for priority')", () => {
    const pacified = (line: string) => attack(`  p1 hand: "Wither"\n  p1 battlefield: "Ember Hound"`, `p1 plays "Wither"\np1 chooses mode "Yellow"\np2 passes`, line);
    expect(failuresOf(pacified('p1 attacks p2 with "Ember Hound"'))).toEqual([expect.stringMatching(/cannot_attack: Ember Hound can't attack \(Pacify\) — so no declaration of attackers was asked/)]);
    expect(failuresOf(pacified('p1 attacks p2 with "Ember Hound" refused cannot_attack'))).toEqual([]);
    expect(failuresOf(pacified('p1 attacks p2 with "Ember Hound" refused exhausted'))).toEqual([expect.stringMatching(/refused for another reason.*refused cannot_attack: Ember Hound can't attack \(Pacify\)/s)]);
  });

  it("an exhausted creature, and one that entered play this turn, are told so", () => {
    expect(failuresOf(attack(`  p1 battlefield: "Ember Hound"\n  "Ember Hound" is exhausted`, "", 'p1 attacks p2 with "Ember Hound"'))).toEqual([expect.stringMatching(/exhausted: Ember Hound is exhausted — so no declaration of attackers was asked/)]);
    expect(failuresOf(attack(`  p1 hand: "Ember Hound"`, `p1 plays "Ember Hound"\np2 passes`, 'p1 attacks p2 with "Ember Hound" refused summoning_sick'))).toEqual([]);
  });
});

describe("a block line where no declaration of blockers was asked", () => {
  it("names why its blocker cannot block (exhausted, Pacify) and the refusal to expect", () => {
    const block = (setup: string, before: string) => attack(`  p1 battlefield: "Ironhide Bear"\n${setup}`, before, 'p1 attacks p2 with "Ironhide Bear"\np2 passes\np2 blocks "Ironhide Bear" with "Seer"');
    expect(failuresOf(block(`  p2 battlefield: "Seer"\n  "Seer" is exhausted`, ""))).toEqual([expect.stringMatching(/"Seer" cannot block: exhausted \(Seer is exhausted, and an exhausted card can't block\).*`refused exhausted`/)]);
    expect(failuresOf(block(`  p1 hand: "Wither"\n  p2 battlefield: "Seer"`, `p1 plays "Wither"\np1 chooses mode "Yellow"\np1 targets "Seer"\np2 passes`))).toEqual([expect.stringMatching(/"Seer" cannot block: cannot_block \(Seer can't block \(Pacify\)\)/)]);
  });
});
