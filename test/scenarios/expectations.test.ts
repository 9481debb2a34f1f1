/**
 * Issue 12, "Why", last bullet: things the rules texts state that no expectation could say.
 * Each test is one of them (none of these forms parsed on the main of before this work).
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

/** The failures of a scenario: [] when every line holds. */
const check = (text: string) => failuresOf(text);

describe("expectations for what the rules texts state", () => {
  it("marked damage on a card: `\"X\" damage N` (21: damage is marked until the End Phase)", () => {
    const text = (n: number) => `scenario "marked" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ironhide Bear"
  "Ironhide Bear" damage 3
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
expect "Ironhide Bear" damage ${n}
expect p1 battlefield has "Ironhide Bear"
`;
    expect(check(text(3))).toEqual([]);
    expect(check(text(0))).toEqual(['9: expectation not met | expected "Ironhide Bear" damage 0 | actual "Ironhide Bear" damage 3']);
  });

  it("Mana capacity as opposed to available Mana (7.1, 7.2), set up and expected apart", () => {
    const text = (line: string) => `scenario "capacity" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 Mana capacity 3
  p1 hand: "Seer"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 shatters "Seer"
${line}
`;
    expect(check(text("expect p1 Mana capacity 4\nexpect p1 Mana 2"))).toEqual([]);
    expect(check(text("expect p1 Mana capacity 2"))).toEqual(["11: expectation not met | expected p1 Mana capacity 2 | actual p1 Mana capacity 4"]);
    expect(check(text("expect p1 Mana 4"))).toEqual(["11: expectation not met | expected p1 Mana 4 | actual p1 Mana 2"]);
  });

  it("a Facet set up exhausted (12): it cannot be spent until readied", () => {
    const text = (zone: string) => `scenario "exhausted facet" for chromatic
setup {
  turn 4 p1 phase Main
  p1 ${zone}: "Seer"
  "Seer" is exhausted
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
expect "Seer" is exhausted
`;
    expect(check(text("Facet Zone"))).toEqual([]);
    // Only a card in play or in a resource zone has a state to set up.
    expect(check(text("hand"))).toEqual(['5: "Seer" is not in Battlefield: only a card in play can be set up exhausted.']);
  });

  it("which of two same-name copies fired: `expect event fire \"Seer\" copy 2`", () => {
    // Copy 1 is the Seer in hand (listed first), copy 2 the one in play: only the one in play draws its trigger.
    const text = (expectation: string) => `scenario "copies" for chromatic
setup {
  turn 3 p2 phase End
  p1 hand: "Seer"
  p1 battlefield: "Seer"
  p1 deck: "Insight" x5
  p2 deck: "Insight" x5
}
p1 passes
p1 chooses nothing
${expectation}
`;
    expect(check(text(`expect event fire "Seer" copy 2 once\nexpect event fire p1's "Seer" once`))).toEqual([]);
    // Denied of the Seer in hand, which never did anything, the line could not fail (session 42).
    expect(check(text(`expect no event fire "Seer" copy 1`))).toEqual([expect.stringMatching(/^11: "Seer" copy 1 never did anything in this scenario/)]);
    expect(check(text(`expect event fire "Seer" copy 1`))[0]).toMatch(/^11: expectation not met (while [^|]*)?\| expected event fire "Seer" copy 1/);
  });

  it("several changes as one event (5: the Weapon is destroyed in the same event as the damage)", () => {
    const text = (expectation: string) => `scenario "one event" for chromatic
setup {
  turn 4 p2 phase Main
  p1 Armor 2
  p1 battlefield: "Ember Blade"
  p2 battlefield: "Cinder Berserker"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p2 ends the phase
p1 passes
p2 chooses "Cinder Berserker"
p1 passes
p2 passes
p1 passes
${expectation}
`;
    expect(check(text(`expect one event: damage p1, destroyed "Ember Blade"\nexpect p1 life 28`))).toEqual([]);
    // The attack and the damage are not one event: priority passed between them.
    expect(check(text(`expect one event: attack "Cinder Berserker", damage p1`))[0]).toMatch(/^16: expectation not met (while [^|]*)?\| expected one event: attack "Cinder Berserker", damage p1/);
  });

  it("who cast a stack item and what it targets: `stack top \"X\" by p2 targeting p1's \"Y\"`", () => {
    const text = (expectation: string) => `scenario "stack" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Hemorrhage Stalker"
  p1 hand: "Adrenal Surge"
  p2 battlefield: "Neon Abattoir", "Gold Exchange"
  p2 hand: "Arterial Spray"
}
p1 play "Adrenal Surge" target "Hemorrhage Stalker"
p2 play "Arterial Spray" target "Hemorrhage Stalker"
${expectation}
`;
    expect(check(text(`expect stack: "Arterial Spray", "Adrenal Surge"\nexpect stack top "Arterial Spray" by p2 targeting p1's "Hemorrhage Stalker"\nexpect stack has "Adrenal Surge" by p1 targeting "Hemorrhage Stalker"`))).toEqual([]);
    expect(check(text(`expect stack top "Arterial Spray" by p1`))[0]).toMatch(/^11: expectation not met \| expected stack top "Arterial Spray" by p1 \| actual stack: "Arterial Spray" by p2 targeting p1's "Hemorrhage Stalker"; "Adrenal Surge" by p1/);
    expect(check(text(`expect stack has "Adrenal Surge" targeting p2`))[0]).toMatch(/^11: expectation not met/);
  });
  it("what a card costs now: `\"X\" cost {B}{1}`, written as its cost: line, read in its owner's hand", () => {
    const text = (line: string) => `scenario "cost" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Discount Altar", "Hemorrhage Stalker"
  p1 hand: "Night Resurrection"
}
${line}
`;
    expect(check(text('expect "Night Resurrection" cost {B}{1}'))).toEqual([]);
    // Parts in any order, generic amounts added up.
    expect(check(text('expect "Night Resurrection" cost {1}{B}'))).toEqual([]);
    expect(check(text('expect "Night Resurrection" cost {B}{2}'))).toEqual(['7: expectation not met | expected "Night Resurrection" cost {B}{2} | actual "Night Resurrection" cost {B}{1}']);
    expect(check(text('expect not "Night Resurrection" cost {B}{1}'))).toEqual(['7: expectation not met | expected not "Night Resurrection" cost {B}{1} | actual "Night Resurrection" cost {B}{1}']);
    // A symbol the game does not declare could never be part of a cost (CW7020).
    expect(check(text('expect "Night Resurrection" cost {Q}{1}'))[0]).toMatch(/^7: Unknown cost symbol \{Q\}; CYBERVAMP declares /);
    // A card in play is not where a cost is read.
    expect(check(text('expect "Hemorrhage Stalker" cost {R}'))[0]).toMatch(/^7: "Hemorrhage Stalker" is not in a hand: it is in p1's Battlefield/);
  });
});
