/**
 * Issue 12, session 34: the rules probe of CYBERVAMP and Three-Slot Duel — scenarios written from cybervamp.txt,
 * three-slot-duel.txt and docs/ (Scenarios) by an outsider, before reading any source. Each test below fails on the main
 * it was written against: a mistaken line that failed with a message not saying what to write, or a right line refused.
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";

describe("a refusal code said in the rules text's or plain words suggests the engine's code", () => {
  // On main: `refused newly_turned` (CYBERVAMP's own words) and `refused tapped` listed every code with no suggestion;
  // `refused illegal_block` suggested illegal_choice, a letter match, where the engine refuses cannot_block.
  const cv = (code: string) => `scenario "refusal" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Nightclub Thrall"
}
p1 attack p2 with "Nightclub Thrall" refused ${code}
`;
  it.each([
    ["newly_turned", "summoning_sick"],
    ["summoning_sickness", "summoning_sick"],
    ["tapped", "exhausted"],
    ["overexhausted", "exhausted"],
    ["illegal_block", "cannot_block"],
    ["cant_block", "cannot_block"],
    ["illegal_attacker", "cannot_attack"],
    ["invalid_target", "illegal_target"],
    ["no_priority", "not_your_decision"],
  ])("`refused %s` → did you mean %s", (code, meant) => {
    expect(checked("cybervamp", cv(code))).toEqual([`6:46 CW5012 ${meant}`]);
  });

  it("a letter slip still gets its closest code", () => {
    expect(checked("cybervamp", cv("summonning_sick"))).toEqual(["6:46 CW5012 summoning_sick"]);
  });

  it("Three-Slot Duel: `refused first_turn` and `refused field_full`", () => {
    const duel = (code: string) => `scenario "refusal" for duel
setup {
  turn 1 p1 phase Play
  p1 field: "Stone Guard"
}
p1 attack p2 with "Stone Guard" refused ${code}
`;
    expect(checked("duel", duel("first_turn"))).toEqual(["6:41 CW5012 no_attacks_first_turn"]);
    expect(checked("duel", duel("field_full"))).toEqual(["6:41 CW5012 slot_full"]);
  });
});

describe("`choose yes` where nothing asks one says so, and where the line belongs", () => {
  it("CYBERVAMP: after activating an ability that asks nothing, before its passes", () => {
    // On main: "the action was refused | expected a legal action | actual no_choice_pending: no choice is waiting ...".
    const [f] = failuresOf(`scenario "C18 choose yes never asked" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
  p1 life 10
}
p1 activate "Sanctum Beacon"
p1 choose yes
p2 pass
p1 pass
expect p1 life 11
`);
    expect(f).toMatch(/^8: no yes\/no question is asked now: `p1 choose yes` answers a yes\/no question while it waits: .*"you may …".*; now "Sanctum Beacon"'s ability waits to resolve, p2 holding priority: `p2 pass`, then `p1 pass` resolves it .* — if it asks, write this line after the passes that resolve it, else leave it out$/);
  });

  it("Duel: nothing waits at all", () => {
    const [f] = failuresOf(`scenario "no question" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Scout"
}
p1 play "Scout"
p1 choose no
expect p1 field: "Scout"
`);
    expect(f).toMatch(/^7: no yes\/no question is asked: `p1 choose no` answers .*; nothing asks p1 one now \(nothing waits: p1 acts in their Play phase .*\) — leave this line out$/);
  });
});

describe("a mode line written before its play line says the mode goes on the play line", () => {
  it("CYBERVAMP: a \"Choose one —\" spell", () => {
    // On main: "no_choice_pending: no choice is waiting (p1's Pre-Battle phase) — now nothing waits ...".
    const [f] = failuresOf(`scenario "M3 mode before the play" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Blood Rite"
  p1 battlefield: "Crimson Substation"
}
p1 choose mode 1
p1 play "Blood Rite" target p2
expect p2 life 19
`);
    expect(f).toBe('7: no mode is asked: the next line plays "Blood Rite", and a "Choose one —" mode is chosen on that line, as it is played — write `p1 play "Blood Rite" mode 1 ...` and leave this line out');
  });

  it("Three-Slot Duel: by its text, with no play line after it", () => {
    const [f] = failuresOf(`scenario "mode alone" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Field Kit"
}
p1 choose mode "Draw a card"
expect p1 hand count 1
`);
    expect(f).toMatch(/^6: no mode is asked: nothing waiting has a mode to choose; a mode is chosen with its card — on the play line of a "Choose one —" card \(`p1 play "<card>" mode "Draw a card"`\).* — leave this line out or move it there$/);
  });
});
