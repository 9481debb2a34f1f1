/**
 * Issue 12, session 18's outsider probe: about sixty scenarios written from the rules texts and docs/language.md only,
 * with mistakes of every kind a designer makes (/work/notes/scenarios.md lists them). What passed while testing nothing:
 * - a `.scenario` file whose header is misspelt (`scenaro "x" for duel`) was read as a card file: `cardwright test
 *   <folder>` ran none of its scenarios and passed ("1 scenario: 1 passed");
 * - a file named `x.scenaro`, `x.scenarios`, `x.scenario.txt` was skipped by `test` and `check` without a word;
 * - `expect one event: draw, draw` held on one draw (every item could match the same event);
 * - `expect not p1 field count 4` (3 slots), `expect not p1 Facet Zone count 6` (at most 5 Facets) held always;
 * - `expect not "Blood Broker" is defender` held always in CYBERVAMP and Chromatic, which have no defenders.
 * And `expect "Seer" exhausted` said "Unknown stat" without the form meant (`is exhausted`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checked, failuresOf, gameFolderAt } from "./helpers.ts";
import { runTests } from "../../cli/commands/test.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-outsider-s18-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the duel game folder at `dir`, with extra files. */
const duelAt = (dir: string, extra: Record<string, string>) => gameFolderAt(dir, extra);

const passing = `scenario "ok" for duel\nsetup {\n  turn 3 p1 phase Play\n}\nexpect p1 life 10\n`;
const lying = (header: string) => `${header} "never run" for duel\nsetup {\n  turn 3 p1 phase Play\n}\nexpect p1 life 99\n`;


describe("a scenario file is never skipped without a word", () => {
  it("a .scenario file whose header is misspelt is a scenario file with that line unreadable: test fails, check says CW5002", async () => {
    const game = duelAt(path.join(scratch, "header"), { "scenarios/ok.scenario": passing, "scenarios/typo.scenario": lying("scenaro") });
    const report = await runTests([game], { cwd: scratch });
    expect(report.passed).toBe(1);
    expect(report.fileErrors).toBe(1);
    expect(report.lines).toEqual([
      `✗ header/scenarios/typo.scenario:1:1: Cannot read this scenario line: a scenario file starts with: scenario "<name>" for <game>; the lines up to the first such line belong to no scenario and are not read. (did you mean "scenario"?)`,
    ]);
    // Said once: the lines after it belong to no scenario either.
    expect(checked("duel", lying("scenaro"))).toEqual(["1:1 CW5002 scenario"]);
    // A .scenario file holding no scenario at all (comments only).
    expect(checked("duel", "# to do\n")).toEqual(["1:1 CW5002"]);
  });

  it("a file whose extension is a misspelt .scenario/.cards/.game/.deck is CW3013 in test and check; other files are not", async () => {
    const misspelt = ["a.scenaro", "b.scenarios", "c.senario", "d.scenario.txt", "e.card", "f.dek"];
    const extra: Record<string, string> = { "scenarios/ok.scenario": passing, "rules.txt": "Rules\n", "README.md": "# notes\n", "scenarios/notes.txt": "x\n" };
    for (const name of misspelt) extra[`scenarios/${name}`] = lying("scenario");
    const game = duelAt(path.join(scratch, "extensions"), extra);
    const report = await runTests([game], { cwd: scratch });
    expect(report.passed).toBe(1);
    expect(report.fileErrors).toBe(misspelt.length);
    expect(report.lines).toContain(`✗ extensions/scenarios/a.scenaro: Not read: "a.scenaro" has no Cardwright extension (did you mean .scenario?); nothing in it is checked or run.`);
    expect(report.lines).toContain(`✗ extensions/scenarios/f.dek: Not read: "f.dek" has no Cardwright extension (did you mean .deck?); nothing in it is checked or run.`);
    // A scenario run on its own does not answer for the files beside it.
    const alone = await runTests([path.join(game, "scenarios/ok.scenario")], { cwd: scratch });
    expect(alone).toMatchObject({ passed: 1, fileErrors: 0 });
    // check reads folders with the same walk.
    const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
    const read = await readWorkspaceFiles([game], { cwd: scratch });
    expect(read.diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual(misspelt.map((n) => `CW3013 extensions/scenarios/${n}`));
  });
});

describe("expectations that held whatever happened", () => {
  const duel = (lines: string) => `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Ember Squire"\n  p2 field: "Scout", "Scout"\n  p1 hand: "Supply Cache"\n  p1 deck: "Stone Guard" x3\n}\n${lines}\n`;

  it("`expect one event:` with an item twice needs two events: one draw is not `draw, draw`", () => {
    expect(failuresOf(duel('p1 play "Supply Cache"\nexpect one event: draw, draw'))).toEqual(['10: expectation not met | expected one event: draw, draw | actual [draw "Stone Guard" p1, move "Supply Cache" p1]']);
    expect(failuresOf(duel('p1 attack "Scout" copy 1 with "Ember Squire"\nexpect one event: destroyed "Scout", destroyed "Scout"'))).toHaveLength(1);
    // Two items, two events: still one event.
    expect(failuresOf(duel('p1 attack "Scout" copy 1 with "Ember Squire"\nexpect one event: destroyed "Scout", move "Scout"\nexpect not one event: destroyed "Scout", destroyed "Scout"'))).toEqual([]);
  });

  it("a zone count beyond what the zone ever holds is CW7012: Duel's 3 Field slots, Chromatic's 5 Facets", () => {
    expect(checked("duel", duel("expect not p1 field count 4"))).toEqual(["9:1 CW7012"]);
    expect(checked("duel", duel('expect p2 field: "Scout", "Scout", "Scout", "Scout"'))).toEqual(["9:1 CW7012"]);
    expect(failuresOf(duel("expect not p1 field count 4"))).toEqual(["9: p1's Field never holds more than 3 cards, so a line about 4 there could not tell anything: it could never hold, and negated it would hold whatever happened."]);
    expect(failuresOf(duel("expect not p1 field count 3\nexpect p1 hand count 1"))).toEqual([]);
    const chromatic = `scenario "c" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Facet Zone: "Sparkmage"\n}\nexpect not p1 Facet Zone count 6\n`;
    expect(checked("chromatic", chromatic)).toEqual(["6:1 CW7012"]);
    // The setup says it at once too (it was the engine's invariant, as the scenario ran).
    expect(checked("chromatic", chromatic.replace('"Sparkmage"', '"Sparkmage" x6'))).toEqual(["4:3 CW5014", "6:1 CW7012"]);
  });

  it("`is defender` in a game without defenders is CW7011 (CYBERVAMP, Chromatic); Duel reads it", () => {
    const cv = `scenario "c" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Blood Broker"\n}\nexpect not "Blood Broker" is defender\n`;
    expect(checked("cybervamp", cv)).toEqual(["6:1 CW7011"]);
    expect(failuresOf(cv)).toHaveLength(1);
    const chromatic = `scenario "c" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 battlefield: "Seer"\n}\nexpect "Seer" is not defender\n`;
    expect(checked("chromatic", chromatic)).toEqual(["6:1 CW7011"]);
    expect(failuresOf(duel('p1 defend "Ember Squire"\nexpect "Ember Squire" is defender'))).toEqual([]);
  });
});

describe("a card's state said without `is` gets the form meant", () => {
  const cv = (line: string) => `scenario "c" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Blood Broker"\n}\n${line}\n`;
  it('`expect "Blood Broker" exhausted` → `is exhausted` (was "Unknown stat exhausted"); `is tapped` → exhausted', () => {
    expect(checked("cybervamp", cv('expect not "Blood Broker" exhausted'))).toEqual(["6:27 CW5002 is exhausted"]);
    expect(failuresOf(cv('expect "Blood Broker" ready'))).toEqual(['6: cannot read this line: a card\'s state is written with "is": "Blood Broker" is ready (did you mean "is ready"?)']);
    expect(checked("cybervamp", cv('expect not "Blood Broker" is tapped'))).toEqual(["6:30 CW5002 exhausted"]);
    // A stat is still a stat.
    expect(failuresOf(cv('expect "Blood Broker" power 2'))).toEqual([]);
  });
});

describe("what test finds about a line's cards, check says before it runs", () => {
  const duel = (setup: string, lines: string) => `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n${setup}}\n${lines}\n`;
  it("a card never in the game, a copy past those set up, a card named alone twice on the setup's board (CW5023, CW5017)", () => {
    expect(checked("duel", duel('  p1 field: "Scout"\n', 'expect no event destroyed "Field Medic"'))).toEqual(["6:27 CW5023"]);
    expect(checked("duel", duel('  p1 field: "Scout", "Scout"\n', 'expect "Scout" copy 3 power 1'))).toEqual(["6:1 CW5023"]);
    expect(checked("duel", duel('  p1 field: "Scout"\n  p2 field: "Scout"\n', 'expect "Scout" power 1'))).toEqual(["7:1 CW5017"]);
    // Said so, these lines are about one card of the game.
    expect(checked("duel", duel('  p1 field: "Scout"\n  p2 field: "Scout"\n', "expect p2's \"Scout\" power 1\nexpect \"Scout\" copy 2 power 1"))).toEqual([]);
  });

  it("an action's target named alone, with a card of that name on each side, is said: not the acting player's own taken", () => {
    const text = duel('  p1 field: "Scout", "Stone Guard"\n  p2 field: "Scout"\n  p1 hand: "Quick Bolt"\n', 'p1 play "Quick Bolt" target "Scout"\nexpect event destroyed p2\'s "Scout"');
    expect(failuresOf(text)).toEqual([`8: the target "Scout" could be any of 2 cards; say which: p1's "Scout", p2's "Scout"`]);
    expect(failuresOf(text.replace('target "Scout"', "target p2's \"Scout\""))).toEqual([]);
  });

  // Session 25 (lead): `p1 play "Quick Bolt"` with a unit on each side took the first listed target — the player's own
  // Stone Guard — without a word, so the scenario tested another play than the one its author meant.
  it("an action naming no target where the engine offers several is said: not the first listed taken", () => {
    const text = duel('  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 hand: "Quick Bolt"\n', 'p1 play "Quick Bolt"\nexpect event destroyed "Scout"');
    expect(failuresOf(text)).toEqual([`8: the line names no target and the engine offers 4 choices of target (p1's "Stone Guard"; p2's "Scout"; p1; p2): say which on this line, as the play is made — \`p1 play "Quick Bolt" target p1's "Stone Guard"\``]);
    expect(failuresOf(text.replace('p1 play "Quick Bolt"', 'p1 play "Quick Bolt" targeting "Scout"'))).toEqual([]);
    // One legal target: nothing to say.
    expect(failuresOf(duel('  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 hand: "Riptide"\n  p1 Crystal 2\n', 'p1 play "Riptide"\nexpect p2 hand: "Scout"'))).toEqual([]);
    // "up to two target units" with none chosen is a play of its own: a line naming no target is that one.
    const twin = duel('  p2 field: "Scout", "Stone Guard"\n  p1 hand: "Twin Sparks"\n', 'p1 play "Twin Sparks"\nexpect no event damage');
    expect(failuresOf(twin)).toEqual([]);
  });
});
