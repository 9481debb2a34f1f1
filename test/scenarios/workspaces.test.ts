/**
 * Issue 12, "Why": `cardwright test` resolves workspaces like `check` — each bullet below failed on
 * the main of before this work (a scenario named alone did not load the cards around it and failed
 * from another working directory; sub-folders with their own game file were merged into one game;
 * cards `check` rejects were played; `check decks/` warned CW3006/CW7005).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTests } from "../../cli/commands/test.ts";
import { cli, gameFolderAt } from "./helpers.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-workspaces-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const repo = process.cwd();

/** A copy of the duel game folder (game file, starter set, a deck) at `dir`, with extra files. */
const duelAt = (dir: string, extra: Record<string, string> = {}) => gameFolderAt(dir, extra, { decks: ["red-rush.deck"] });

const scoutHits = (life: number) => `scenario "Scout hits" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n}\np1 attack p2 with "Scout"\nexpect p2 life ${life}\n`;
const extraCard = `set TX "Extra" for duel\n\ncard "Field Lancer" {\n  type: Unit — Soldier\n  color: Gray\n  cost: free\n  power: 4\n  rarity: Gray\n}\n`;
const lancerHits = `scenario "Lancer hits" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Field Lancer"\n}\np1 attack p2 with "Field Lancer"\nexpect p2 life 6\n`;

describe("cardwright test resolves workspaces like check", () => {
  it("a scenario file named alone runs with the game and cards of its game folder, from any working directory", async () => {
    const game = duelAt(path.join(scratch, "alone", "my-duel"), { "scenarios/extra.cards": extraCard, "scenarios/lancer.scenario": lancerHits });
    const elsewhere = mkdtempSync(path.join(scratch, "elsewhere-"));
    const report = await runTests([path.join(game, "scenarios/lancer.scenario")], { cwd: elsewhere });
    expect(report).toMatchObject({ scenarios: 1, passed: 1, failed: 0, fileErrors: 0 });
    // A relative path from a working directory inside the game folder finds it too.
    expect(await runTests(["lancer.scenario"], { cwd: path.join(game, "scenarios") })).toMatchObject({ scenarios: 1, passed: 1 });
  });

  it("separate game folders are separate workspaces, even with the same game id", async () => {
    const root = path.join(scratch, "two");
    duelAt(path.join(root, "a"), { "s.scenario": scoutHits(9) });
    // The second folder's game starts at 15 life and has a card the first lacks.
    const b = duelAt(path.join(root, "b"), { "extra.cards": extraCard, "s.scenario": lancerHits.replace("expect p2 life 6", "expect p2 life 11") });
    writeFileSync(path.join(b, "duel.game"), readFileSync(path.join(b, "duel.game"), "utf8").replace("param starting_life = 10", "param starting_life = 15"));
    const report = await runTests([root], { cwd: repo });
    expect(report.lines).toEqual([]);
    expect(report).toMatchObject({ scenarios: 2, passed: 2, failed: 0, fileErrors: 0 });
  });

  it("a card that fails check is reported and not played; a scenario using it fails with why, the others run", async () => {
    const broken = `set TB "Broken" for duel\n\ncard "Rusty Golem" {\n  type: Unit — Golem\n  color: Gray\n  cost: free\n  power: 2\n  rarity: Gray\n  text:\n    Hastee.\n}\n`;
    const uses = `scenario "uses the broken card" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Rusty Golem"\n}\np1 attack p2 with "Rusty Golem"\nexpect p2 life 8\n`;
    const game = duelAt(path.join(scratch, "broken"), { "broken.cards": broken, "uses.scenario": uses, "plain.scenario": scoutHits(9) });
    const report = await runTests([game], { cwd: repo });
    expect(report).toMatchObject({ scenarios: 2, passed: 1, failed: 1, fileErrors: 1 });
    expect(report.lines.join("\n")).toMatch(/broken\.cards:10:5: CW2001: Unknown keyword "Hastee".* — this card is not played/);
    expect(report.lines.join("\n")).toMatch(/uses\.scenario:4: "Rusty Golem" does not pass check \(.*broken\.cards:10: Unknown keyword "Hastee".*\), so it is not played/);
  });

  it("check on a decks/ folder inside its game folder reads its decks against the game, without CW3006 or CW7005", async () => {
    const game = duelAt(path.join(scratch, "decks-check"));
    const { code, out } = await cli(["check", path.join(game, "decks")]);
    expect(out).not.toMatch(/CW3006|CW7005/);
    expect(out).toMatch(/Checked 2 files \(duel \d+ cards\): 0 errors, 0 warnings\./); // the deck and the game file it is read against
    expect(code).toBe(0);
  });

  it("check . inside the decks/ folder (the game file above the working directory) reads the decks against the game, without CW7005", () => {
    const game = duelAt(path.join(scratch, "decks-cwd"));
    const run = spawnSync(process.execPath, [path.join(repo, "cli/bin.mjs"), "check", "."], { cwd: path.join(game, "decks"), encoding: "utf8" });
    expect(run.stdout).not.toMatch(/CW3006|CW7005/);
    expect(run.stdout).toMatch(/Checked 2 files \(duel \d+ cards\): 0 errors, 0 warnings\./);
    expect(run.status).toBe(0);
  });

  it("check on a scenario file or scenarios/ folder checks it against its game's cards, reporting only what was named", async () => {
    const game = duelAt(path.join(scratch, "scenario-check"), { "scenarios/extra.cards": extraCard, "scenarios/lancer.scenario": lancerHits, "scenarios/typo.scenario": lancerHits.replace('p1 field: "Field Lancer"', 'p1 field: "Field Lancre"').replace("Lancer hits", "Lancer misspelt") });
    const one = await cli(["check", path.join(game, "scenarios/lancer.scenario")]);
    expect(one.out).toMatch(/Checked 2 files .*: 0 errors, 0 warnings\./); // the scenario and its game file
    const folder = await cli(["check", path.join(game, "scenarios")]);
    expect(folder.out).toMatch(/typo\.scenario:4:13: error CW2007: Unknown card "Field Lancre".*\(did you mean "Field Lancer"\?\)/);
    expect(folder.out).toMatch(/Checked 4 files .*: 1 error, 0 warnings\./);
  });
});
