/**
 * Issue 12, session 21: what the outside checks of sessions 20 and 21 found a scenario run saying nothing about.
 * - `cardwright test x.scn` (a file named on its own with another extension) ran nothing and named nothing:
 *   "0 scenarios: 0 passed, 0 failed". `check` reads such a file by its first line (CW3007); `test` now does too.
 *   A folder given that holds no scenario file said nothing either (CW3014 now), and a run of no scenario says so.
 * - Two scenarios of one title in a file or folder were not warned (CW5024): a report by title points at both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTests } from "../../cli/commands/test.ts";
import { checked, cli, gameFolderAt } from "./helpers.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-s21-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const scoutHits = (title: string, life: number) => `scenario "${title}" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n}\np1 attack p2 with "Scout"\nexpect p2 life ${life}\n`;

describe("every path given to `cardwright test` is run or reported at its path", () => {
  const game = gameFolderAt(path.join(scratch, "paths", "my-duel"), {
    "scenarios/hits.scn": scoutHits("Scout hits", 9),
    "scenarios/ok.scenario": scoutHits("Scout hits once", 9),
    "empty/README.md": "nothing here\n",
  });
  const elsewhere = mkdtempSync(path.join(scratch, "elsewhere-"));
  const rel = (p: string) => path.relative(elsewhere, path.join(game, p));

  it("a scenario file named with another extension runs, read by its first line as check reads it (ran nothing before)", async () => {
    const report = await runTests([rel("scenarios/hits.scn")], { cwd: elsewhere });
    expect(report).toMatchObject({ scenarios: 1, passed: 1, failed: 0, fileErrors: 0 });
    expect(report.lines).toEqual([`warning ${rel("scenarios/hits.scn")}: CW3007: Not a Cardwright file extension: "${rel("scenarios/hits.scn")}" (expected .game, .cards or .scenario); it was read by its first line.`]);
    // A false expectation in it fails: it is really run.
    const failing = gameFolderAt(path.join(scratch, "paths-false", "my-duel"), { "scenarios/hits.scn": scoutHits("Scout hits", 3) });
    expect(await runTests([path.join(failing, "scenarios/hits.scn")], { cwd: elsewhere })).toMatchObject({ scenarios: 1, passed: 0, failed: 1 });
  });

  it("a folder with no scenario file is CW3014 at its path; a card file named alone is noted; a missing file is CW3005", async () => {
    const report = await runTests([rel("empty"), rel("core.cards"), rel("scenarios/gone.scenario"), rel("scenarios/ok.scenario")], { cwd: elsewhere });
    expect(report).toMatchObject({ scenarios: 1, passed: 1, failed: 0, fileErrors: 2 });
    expect(report.lines).toEqual([
      `✗ ${rel("scenarios/gone.scenario")}: No such file or directory: ${rel("scenarios/gone.scenario")}.`,
      `✗ ${rel("empty")}: Nothing to run in "${rel("empty")}": no scenario file in this folder (a scenario file ends in .scenario).`,
      `note ${rel("core.cards")}: no scenario in this file: it is a cards file, read with its game; \`cardwright test\` runs scenario files`,
    ]);
  });

  it("a run in which no scenario ran says so and exits 1", async () => {
    const { code, out } = await cli(["test", path.join(game, "empty")]);
    expect(code).toBe(1);
    expect(out).toMatch(/Nothing to run in ".*empty": no scenario file in this folder/);
    expect(out.trim().split("\n").at(-1)).toBe("0 scenarios: no scenario ran, nothing was tested; 1 file error");
  });
});

describe("two scenarios of one title in a file or folder: CW5024 at the second", () => {
  it("in one file, in check and the studio (ignoring case and spaces)", () => {
    expect(checked("duel", scoutHits("Scout hits", 9) + "\n" + scoutHits("scout  HITS", 9))).toEqual(["9:1 CW5024"]);
    expect(checked("duel", scoutHits("Scout hits", 9) + "\n" + scoutHits("Scout hits twice", 9))).toEqual([]);
  });

  it("in one folder, in test, which runs both and names the first", async () => {
    const game = gameFolderAt(path.join(scratch, "titles", "my-duel"), { "scenarios/a.scenario": scoutHits("Scout hits", 9), "scenarios/b.scenario": scoutHits("Scout hits", 9), "other/c.scenario": scoutHits("Scout hits", 9) });
    const report = await runTests([game], { cwd: scratch });
    expect(report).toMatchObject({ scenarios: 3, passed: 3, failed: 0, fileErrors: 0 });
    expect(report.lines).toEqual([
      'warning titles/my-duel/scenarios/b.scenario:1: CW5024: A second scenario titled "Scout hits" in this folder (the first is at titles/my-duel/scenarios/a.scenario:1): a report by title cannot tell which of them failed. Give each its own title.',
    ]);
  });
});
