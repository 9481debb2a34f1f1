/**
 * Issue 12 (expectations for everything the texts state): a keyword a card has now — printed, granted until end of
 * turn, or taken away — is expected with `"X" has Flying`, `has no Flying`, `lacks Flying`, `has Bleed 2`; a keyword
 * the game does not declare is CW5025 (did you mean), since `has no` of it would hold whatever happened. An empty zone
 * may be written `none` / `empty` / `nothing` after the colon. On main f27fbfb every such line was a syntax error
 * ("Unknown stat "has"", "unexpected "none"").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gameFolderAt } from "./helpers.ts";
import { runTests } from "../../cli/commands/test.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-keyword-expectations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const surge = (expectations: string) => `setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 hand: "Primal Surge"
  p1 battlefield: "Seer"
  p2 battlefield: "Skyreaver Drake"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
expect "Seer" has no Flying
expect "Skyreaver Drake" has Flying
p1 plays "Primal Surge"
p1 chooses mode "Yellow"
p1 targets "Seer"
p2 passes
${expectations}
`;

async function run(name: string, scenario: string) {
  const game = gameFolderAt(path.join(scratch, name), { [`scenarios/${name}.scenario`]: scenario }, { game: "chromatic" });
  return runTests([game], { cwd: scratch });
}

describe("expectations of a card's keywords", () => {
  it("reads a keyword granted until end of turn, and its end", async () => {
    const report = await run(
      "granted",
      `scenario "Primal Surge gives Seer Flying until end of turn" for chromatic
${surge(`expect "Seer" has Flying
expect "Seer" lacks Taunt
expect not "Seer" has no Flying
p1 ends the phase
p2 passes
p1 chooses nothing
p2 passes
p1 ends the phase
p2 passes
p2 passes
expect turn 5
expect "Seer" has no Flying
expect p1 graveyard: "Primal Surge"
expect p2 graveyard: none
expect p2 Facet Zone: nothing`)}`,
    );
    expect(report.lines).toEqual([]);
    expect(report.passed).toBe(1);
  });

  it("fails a keyword the card does not have, saying what it has", async () => {
    const report = await run("wrong", `scenario "Seer has Taunt (it does not)" for chromatic\n${surge('expect "Seer" has Taunt')}`);
    expect(report.failed).toBe(1);
    expect(report.lines.join("\n")).toMatch(/expected: "Seer" has Taunt\n\s+actual:\s+"Seer" has Flying/);
  });

  it("refuses a keyword the game does not declare, with did-you-mean", async () => {
    const report = await run("typo", `scenario "a misspelt keyword" for chromatic\n${surge('expect "Seer" has no Flyng')}`);
    expect(report.failed).toBe(1);
    expect(report.lines.join("\n")).toMatch(/Unknown keyword "Flyng"; the keyword abilities of Chromatic Battlelines are .*Flying.*did you mean "Flying"/);
  });
});
