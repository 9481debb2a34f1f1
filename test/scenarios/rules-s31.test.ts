/**
 * Issue 12, session 31: what the session 30 probe (scenarios written from the rules texts and docs/language.md by an
 * outsider) left, and what this session's probe found. Each test fails on main 36906ac unless it says otherwise.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

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
