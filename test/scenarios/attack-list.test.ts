/**
 * Issue 12 (a scenario written as a designer would): several attackers on one line — `p1 attack p2 with "A", "B"` or
 * `with "A" and "B"`, as a block line lists several blockers — are one attack each, as consecutive attack lines are
 * (one declaration of attackers in a game that declares them together). On main f27fbfb the line was "unexpected
 * ", "B"". A `refused` line names one attacker (which of them would be refused is not said otherwise).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gameFolderAt } from "./helpers.ts";
import { runTests } from "../../cli/commands/test.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-attack-list-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("an attack line naming several attackers", () => {
  it("Chromatic: is one declaration of attackers, and each can be blocked", async () => {
    const scenario = `scenario "two attackers on one line, one of them blocked" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ironhide Bear", "Seer"
  p2 battlefield: "Grave Scribe"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 passes
p1 attacks p2 with "Ironhide Bear" and "Seer"
expect event attack "Ironhide Bear" once
expect event attack "Seer" once
p2 passes
p2 blocks "Seer" with "Grave Scribe"
p1 passes
p2 passes
expect p2 life 25
`;
    const game = gameFolderAt(path.join(scratch, "chromatic"), { "scenarios/attack.scenario": scenario }, { game: "chromatic" });
    const report = await runTests([game], { cwd: scratch });
    expect(report.lines).toEqual([]);
    expect(report.passed).toBe(1);
  });

  it("Duel: is one attack after the other; a refused line must name one", async () => {
    const scenario = `scenario "two attacks on one line" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Scout", "Stone Guard"
}
p1 attack p2 with "Scout", "Stone Guard"
expect order: attack "Scout", attack "Stone Guard"
expect p2 life 7

scenario "a refused line names one attacker" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Scout", "Stone Guard"
}
p1 attack p2 with "Scout" and "Stone Guard" refused
`;
    const game = gameFolderAt(path.join(scratch, "duel"), { "scenarios/attack.scenario": scenario });
    const report = await runTests([game], { cwd: scratch });
    expect(report.passed).toBe(1);
    expect(report.lines.join("\n")).toMatch(/attack\.scenario:15:\d+: .*a refused line names one attacker/);
  });
});
