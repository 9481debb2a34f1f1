/**
 * Issue 12, session 31: what the session 30 probe (scenarios written from the rules texts and docs/language.md by an
 * outsider) left, and what this session's probe found. Each test fails on main 36906ac unless it says otherwise.
 */
import { describe, expect, it } from "vitest";
import { failuresOf, runText } from "./helpers.ts";

/**
 * CYBERVAMP: declaring no attackers ends the battle but not the Battle phase. `expect phase Post-Battle` right after
 * `p1 choose nothing` said only "actual: phase Battle"; it now names the lines that reach Post-Battle from there.
 */
describe("a failed `expect phase` names the lines that reach the phase from where the game is", () => {
  const cv = (phase: string, lines: string, expectPhase: string) =>
    `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase ${phase}\n  p1 battlefield: "Neon Ripper"\n}\n${lines}expect phase ${expectPhase}\n`;
  it("after no attackers: `p1 end phase`, `p2 pass`", () => {
    expect(failuresOf(cv("Battle", "p1 choose nothing\n", "Post-Battle"))).toEqual([
      "7: expectation not met | expected phase Post-Battle | actual phase Battle — the Battle phase goes on until it is ended: to reach Post-Battle write `p1 end phase`, `p2 pass` before this line",
    ]);
  });
  it("the lines it names reach it", () => {
    expect(failuresOf(cv("Battle", "p1 choose nothing\np1 end phase\np2 pass\n", "Post-Battle"))).toEqual([]);
  });
  it("from Pre-Battle, through the declaration of attackers", () => {
    expect(failuresOf(cv("Pre-Battle", "", "Post-Battle"))).toEqual([
      "6: expectation not met | expected phase Post-Battle | actual phase Pre-Battle — the Pre-Battle phase goes on until it is ended: to reach Post-Battle write `p1 end phase`, `p2 pass`, `p1 choose nothing`, `p1 end phase`, `p2 pass` before this line",
    ]);
    expect(failuresOf(cv("Pre-Battle", "p1 end phase\np2 pass\np1 choose nothing\np1 end phase\np2 pass\n", "Post-Battle"))).toEqual([]);
  });
  it("a phase this turn has passed: said so", () => {
    expect(failuresOf(cv("Battle", "p1 choose nothing\n", "Pre-Battle"))).toEqual([
      "7: expectation not met | expected phase Pre-Battle | actual phase Battle — p1's turn 3 is in its Battle phase, and its Pre-Battle phase does not come after it in this turn",
    ]);
  });
  it("Chromatic Battlelines: from Main to Second-Main", () => {
    const text = `scenario "s" for chromatic\nsetup {\n  turn 3 p1 phase Main\n}\nexpect phase Second-Main\n`;
    expect(failuresOf(text)).toHaveLength(1);
    expect(failuresOf(text)[0]).toMatch(/^5: expectation not met \| expected phase Second-Main \| actual phase Main — the Main phase goes on until it is ended: to reach Second-Main write `p1 end phase`, .*`p\d pass` before this line$/);
  });
});

/**
 * The probe's mistaken CYBERVAMP scenarios (a typo in a card name, a wrong amount, an illegal attack, the wrong player, a
 * misspelt zone and phase, the wrong player's life, the wrong winner, an expired duration, a winner where the game goes
 * on, an unknown stat, a wrong count): each fails, at the line of the mistake, saying what was wrong.
 */
const MISTAKES = `
scenario "M1 a typo in a card name" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Nightclub Thral"
}
expect "Nightclub Thrall" power 1

scenario "M2 a wrong expectation: the Spray deals 3, not 2" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
expect p2 life 18

scenario "M3 an illegal step: a Newly Turned creature without Haste attacks" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Ghoul Scavenger"
  p1 battlefield: "Blackout District", "Gold Exchange"
}
p1 play "Ghoul Scavenger"
p1 end phase
p2 pass
p1 attack p2 with "Ghoul Scavenger"
p1 pass
p2 pass
p1 pass
p2 pass
expect p2 life 18

scenario "M4 the wrong player plays: p1's card played by p2" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p2 play "Arterial Spray" target p1
expect p1 life 17

scenario "M5 a misspelt zone: Graveyard in CYBERVAMP" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
expect p1 graveyard: "Arterial Spray"

scenario "M6 a misspelt phase" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
}
p1 end phase
p2 pass
expect phase Batle

scenario "M7 the expectation on the wrong player's life" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
expect p1 life 17

scenario "M8 the wrong winner" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p2 life 3
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
expect winner p2

scenario "M9 a duration that has expired, still expected" for cybervamp
setup {
  turn 3 p1 phase Post-Battle
  p1 hand: "Adrenal Surge"
  p1 battlefield: "Crimson Substation", "Nightclub Thrall"
}
p1 play "Adrenal Surge" target "Nightclub Thrall"
p2 pass
p1 pass
p1 end turn
p2 pass
expect "Nightclub Thrall" power 3

scenario "M10 a winner expected where the game goes on" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p2 life 4
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
expect winner p1

scenario "M11 an unknown stat: toughness" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Nightclub Thrall"
}
expect "Nightclub Thrall" toughness 1

scenario "M12 the wrong copy count: the event happened once, expected twice" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange", "Ghoul Scavenger"
}
p1 play "Arterial Spray" target "Ghoul Scavenger"
p2 pass
p1 pass
p2 pass
p1 pass
expect event destroyed "Ghoul Scavenger" twice
`;

describe("the probe's mistaken scenarios each fail at the mistake, saying what is wrong", () => {
  const { results } = runText(MISTAKES, "cards/cybervamp/scenarios/mistakes.scenario");
  const first = (i: number) => {
    const f = results[i]!.failures[0];
    return f ? `${f.line}: ${f.message}${f.expected !== undefined ? ` | expected ${f.expected} | actual ${f.actual}` : ""}` : "passed";
  };
  const expected: [string, RegExp][] = [
    ["M1 a typo in a card name", /^5: Unknown card "Nightclub Thral".*did you mean "Nightclub Thrall"/],
    ["M2 a wrong expectation", /^18: expectation not met \| expected p2 life 18 \| actual p2 life 17$/],
    ["M3 an illegal step", /^29: the action was refused .*summoning_sick: Ghoul Scavenger is Newly Turned/],
    ["M4 the wrong player plays", /^42: the action was refused .*not_your_turn: .* — and "Arterial Spray" is not in p2's hand: it is in p1's \(`p1 play "Arterial Spray"` plays it\)$/],
    ["M5 a misspelt zone", /^54: Unknown zone "graveyard".*did you mean "Discard Pile"/],
    ["M6 a misspelt phase", /^62: Unknown phase "Batle".*did you mean "Battle"/],
    ["M7 the wrong player's life", /^73: expectation not met \| expected p1 life 17 \| actual p1 life 20$/],
    ["M8 the wrong winner", /^85: expectation not met \| expected winner p2 \| actual winner p1$/],
    ["M9 an expired duration", /^98: expectation not met \| expected "Nightclub Thrall" power 3 \| actual "Nightclub Thrall" power 1$/],
    ["M10 a winner where the game goes on", /^110: expectation not met \| expected winner p1 \| actual winner none$/],
    ["M11 an unknown stat", /^117: Unknown stat "toughness"/],
    ["M12 a wrong count", /^130: expectation not met \| expected event destroyed "Ghoul Scavenger" 2 time\(s\) \| actual 1: Ghoul Scavenger is destroyed$/],
  ];
  expected.forEach(([name, message], i) =>
    it(name, () => {
      expect(results[i]!.name.startsWith(`${name.split(" ")[0]!} `)).toBe(true);
      expect(first(i)).toMatch(message);
    }),
  );
});

/**
 * The probe's mistaken Chromatic Battlelines scenarios. Two messages were unclear on main 1d3df75 and are fixed (N1, N2:
 * "illegal_choice: choose a mode between 0 and 5"; N4: "no_choice_pending: no choice is waiting" for a target the engine
 * took without asking, as it was the only one); the others already failed clearly and are kept as tests that they fail.
 */
const CHROMATIC_MISTAKES = `
scenario "N1 a misspelt mode colour" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 play "Arc Bolt"
p1 chooses mode "Redd"
p2 pass
p1 targets p2
expect p2 life 27

scenario "N2 an ability the spell does not have" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 play "Arc Bolt"
p1 chooses mode "Green"
p2 pass
expect p2 life 27

scenario "N3 a temporary Facet expected after two abilities" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 hand: "Insight"
  p1 battlefield: "Swift Courier"
  p1 deck: "Arc Bolt", "Refusal"
}
p1 play "Insight"
p1 chooses mode "Blue + Yellow"
p2 pass
expect p1 temporary Blue 1

scenario "N4 the target named where the engine takes the only one" for chromatic
setup {
  turn 3 p1 phase Second-Main
  p1 Mana 1
  p1 hand: "Insight"
  p1 battlefield: "Swift Courier"
  p1 deck: "Arc Bolt", "Refusal", "Wither"
}
p1 play "Insight"
p1 chooses mode "Blue + Yellow"
p2 pass
p1 targets "Swift Courier"
expect "Swift Courier" defense 3

scenario "N5 a misspelt zone: Discard Pile in Chromatic" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 play "Arc Bolt"
p1 chooses mode "Red"
p2 pass
p1 targets p2
expect p1 Discard Pile: "Arc Bolt"

scenario "N6 more Mana than the player has" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 3
  p1 hand: "Mass Quake"
}
p1 play "Mass Quake"
p1 chooses mode "Red"
p2 pass
expect p1 Mana 0
`;

describe("the probe's mistaken Chromatic scenarios each fail at the mistake, saying what is wrong", () => {
  const { results } = runText(CHROMATIC_MISTAKES, "cards/chromatic/scenarios/mistakes.scenario");
  const first = (i: number) => {
    const f = results[i]!.failures[0];
    return f ? `${f.line}: ${f.message}${f.expected !== undefined ? ` | expected ${f.expected} | actual ${f.actual}` : ""}` : "passed";
  };
  const expected: [string, RegExp][] = [
    // Since session 32 said before the scenario runs, as `cardwright check` says it (CW7026; rules-s32.test.ts).
    ["N1 a misspelt mode colour", /^9: No such mode: no selection of "Arc Bolt"'s abilities reads "Redd" \(did you mean "Red"\?\): its abilities are selected by colour as it is cast — "Red", "Red \+ Blue", /],
    ["N2 an ability the spell does not have", /^21: No such mode: no selection of "Arc Bolt"'s abilities reads "Green": .* "Red", /],
    ["N3 a temporary Facet expected after two abilities", /^36: expectation not met \| expected p1 temporary Blue 1 \| actual p1 temporary Blue 0$/],
    ["N4 the target named where the engine takes the only one", /^49: no target is asked: "Swift Courier" is already the target \(a target with one legal answer is taken without asking.*— leave this line out$/],
    ["N5 a misspelt zone", /^62: Unknown zone "Discard Pile".*did you mean "Graveyard"/],
    ["N6 more Mana than the player has", /^70: the action was refused .*not_enough_mana: not enough Mana: have 3, need 4/],
  ];
  expected.forEach(([name, message], i) =>
    it(name, () => {
      expect(results[i]!.name.startsWith(`${name.split(" ")[0]!} `)).toBe(true);
      expect(first(i)).toMatch(message);
    }),
  );
});
