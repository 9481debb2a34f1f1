/**
 * The real CLI, spawned as a designer runs it (`node cli/bin.mjs ...`), on copies of the
 * bundled game files in a temporary folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

// Each spawn compiles the sources with tsx; on a loaded machine that takes seconds, so the
// timeouts are generous (this file asserts behaviour, never speed).
const SLOW = { timeout: 300_000 };
const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const bin = path.join(root, "cli/bin.mjs");
let work: string;

function cardwright(args: string[], cwd = work) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "cardwright-cli-"));
  mkdirSync(path.join(work, "cards"));
  copyFileSync(path.join(root, "cards/cybervamp/cybervamp.game"), path.join(work, "cards/cybervamp.game"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MISSPELT = `set TST "Test" for cybervamp

card "Night Stalker" {
  type: Creature — Vampire
  faction: Red
  cost: {R}{1}
  stats: 2/2
  text:
    Hastee.
}
`;

describe("cardwright check", () => {
  it("reports a misspelt keyword at its line and column with a suggestion, and exits 1", SLOW, () => {
    writeFileSync(path.join(work, "cards/misspelt.cards"), MISSPELT);
    const { code, stdout } = cardwright(["check", "cards/"]);
    expect(stdout).toContain('cards/misspelt.cards:9:5: error CW2001: Unknown keyword "Hastee" in game "cybervamp". (did you mean "Haste"?)');
    expect(stdout).toMatch(/Checked 2 files \(cybervamp 1 card\): [1-9]\d* errors?, \d+ warnings?\./);
    expect(code).toBe(1);
  });

  it("warns (CW6001) about text that checks but that the engine cannot run, such as an effect on a line of its own on a unit", SLOW, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cardwright-cli-engine-"));
    try {
      copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(dir, "duel.game"));
      const card = `set TST "Test" for duel\n\ncard "Spark Squire" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Common\n  text:\n    PLAY: Deal 1 damage to target enemy unit.\n    Draw a card.\n}\n`;
      writeFileSync(path.join(dir, "a.cards"), card);
      const { code, stdout } = cardwright(["check", "."], dir);
      expect(stdout).toContain('a.cards:11:5: warning CW6001: The engine cannot run this yet: static ability not understood by the engine: "Draw a card".');
      expect(stdout).toContain("0 errors, 1 warning.");
      expect(code).toBe(0);
      // An error in another card does not hide the warning (issue 11, class 11).
      writeFileSync(path.join(dir, "a.cards"), card + `\ncard "Broken" {\n  type: Nonsense\n}\n`);
      const withError = cardwright(["check", "."], dir);
      expect(withError.stdout).toContain('a.cards:11:5: warning CW6001: The engine cannot run this yet: static ability not understood by the engine: "Draw a card".');
      expect(withError.code).toBe(1);
      // On the marker's line, the second sentence is part of the PLAY ability.
      writeFileSync(path.join(dir, "a.cards"), card.replace("unit.\n    Draw", "unit. Draw"));
      expect(cardwright(["check", "."], dir).stdout).toContain("0 errors, 0 warnings.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explain prints each ability beside how the engine reads it (from the IR), and refuses an unknown card", SLOW, () => {
    const { code, stdout } = cardwright(["explain", path.join(root, "cards/duel"), "--card", "riptide"]);
    expect(code).toBe(0);
    expect(stdout).toContain("  text:     Return target enemy unit to its owner's hand.\n  reads as: Return target unit an opponent controls to its owner's hand.");
    const missing = cardwright(["explain", path.join(root, "cards/duel"), "--card", "No Such Card"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No card named "No Such Card"');
  });

  it("explain says an ability does not parse instead of printing what error recovery made of it", SLOW, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cardwright-cli-explain-"));
    try {
      copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(dir, "duel.game"));
      // The parser stops at "the" and recovers "Deal 1 damage to each unit" (every unit) and "the first opposing player controls.".
      writeFileSync(path.join(dir, "a.cards"), `set TST "Test" for duel\n\ncard "Opposing Forces" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  text:\n    Deal 1 damage to each unit the first opposing player controls.\n    Draw a card.\n}\n`);
      const { stdout } = cardwright(["explain", "."], dir);
      const readings = stdout.split("\n").filter((line) => line.startsWith("  reads as:"));
      expect(readings).toEqual([
        '  reads as: (does not parse: CW1003 Expected "." at the end of the ability but found "the".)',
        '  reads as: (does not parse: CW1003 Expected "." at the end of the ability but found "the".)',
        "  reads as: Draw a card.",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explain reads a card file below its game folder with that game, from any working directory, and says why a file has no cards to explain", SLOW, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cardwright-cli-explain-"));
    try {
      mkdirSync(path.join(dir, "game/scenarios"), { recursive: true });
      copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(dir, "game/duel.game"));
      const card = (set: string, game: string) => `set ${set} "Test" for ${game}\n\ncard "Quick Study" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  text:\n    Draw a card.\n}\n`;
      writeFileSync(path.join(dir, "game/scenarios/extra.cards"), card("TST", "duel"));
      // Run from another folder: the game file is a folder above the card file, outside the working directory.
      const far = cardwright(["explain", path.join(dir, "game/scenarios/extra.cards")], work);
      expect(far.code).toBe(0);
      expect(far.stdout).toContain("Quick Study  (");
      expect(far.stdout).toContain("  text:     Draw a card.\n  reads as: Draw a card.");
      writeFileSync(path.join(dir, "lonely.cards"), card("LON", "nosuchgame"));
      const lonely = cardwright(["explain", path.join(dir, "lonely.cards")], work);
      expect(lonely.code).toBe(1);
      expect(lonely.stdout).toBe("");
      expect(lonely.stderr).toMatch(/lonely\.cards:1:\d+: error CW\d+: .*nosuchgame/);
      expect(lonely.stderr).toContain("No cards to explain in ");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("without a path, checks the game folder it is run in (or above), else cards/", SLOW, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cardwright-cli-default-"));
    try {
      mkdirSync(path.join(dir, "cards/duel/scenarios"), { recursive: true });
      mkdirSync(path.join(dir, "cards/other"), { recursive: true });
      copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(dir, "cards/duel/duel.game"));
      writeFileSync(path.join(dir, "cards/duel/a.cards"), `set TST "Test" for duel\n\ncard "Scout" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n}\n`);
      writeFileSync(path.join(dir, "cards/other/b.cards"), `set OTH "Other" for nothing\n`);
      const inGame = cardwright(["check"], path.join(dir, "cards/duel"));
      expect(inGame.stdout.trim()).toBe("Checked 2 files (duel 1 card): 0 errors, 0 warnings.");
      expect(inGame.code).toBe(0);
      expect(cardwright(["check"], path.join(dir, "cards/duel/scenarios")).stdout.trim()).toBe("Checked 2 files (duel 1 card): 0 errors, 0 warnings.");
      // At the root: cards/, with the other folder's unknown game.
      const atRoot = cardwright(["check"], dir);
      expect(atRoot.stdout).toContain("cards/other/b.cards:1:21: error CW3003");
      expect(atRoot.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks a card file named on its own against the game file beside it", SLOW, () => {
    const { code, stdout } = cardwright(["check", "cards/duel/core.cards"], root);
    expect(stdout).toMatch(/Checked 2 files \(duel \d+ cards\): 0 errors, 0 warnings\./);
    expect(code).toBe(0);
  });

  it("names the missing required field", SLOW, () => {
    const text = MISSPELT.replace("    Hastee.\n", "    Haste.\n").replace("  stats: 2/2\n", "");
    writeFileSync(path.join(work, "cards/misspelt.cards"), text);
    const { code, stdout } = cardwright(["check", "--json", "cards"]);
    const report = JSON.parse(stdout) as { summary: { errors: number }; diagnostics: { code: string; message: string; range: { start: { line: number } } }[] };
    const missing = report.diagnostics.filter((d) => d.code === "CW2009");
    expect(missing.map((d) => d.message)).toEqual([
      'Missing required field "power": a Creature of game "cybervamp" requires cost, faction, power, defense.',
      'Missing required field "defense": a Creature of game "cybervamp" requires cost, faction, power, defense.',
    ]);
    expect(missing[0]!.range.start.line).toBe(3);
    expect(report.summary.errors).toBe(2);
    expect(code).toBe(1);
  });

  it("exits 0 with a clean summary when nothing is wrong", SLOW, () => {
    writeFileSync(path.join(work, "cards/misspelt.cards"), MISSPELT.replace("Hastee.", "Haste."));
    const { code, stdout } = cardwright(["check", "cards"]);
    expect(stdout.trim()).toBe("Checked 2 files (cybervamp 1 card): 0 errors, 0 warnings.");
    expect(code).toBe(0);
  });

  it("reports a path that does not exist", SLOW, () => {
    const { code, stdout } = cardwright(["check", "no-such-folder"]);
    expect(stdout).toContain("no-such-folder:1:1: error CW3005: No such file or directory: no-such-folder.");
    expect(code).toBe(1);
  });
});

describe("cardwright format", () => {
  it("lists files that would change with --check, then rewrites them in place, idempotently", SLOW, () => {
    const messy = MISSPELT.replace("Hastee.", "haste .").replace("  type: Creature — Vampire", "  type:   Creature -- Vampire");
    const file = path.join(work, "cards/misspelt.cards");
    writeFileSync(file, messy);
    const check = cardwright(["format", "--check", "cards"]);
    expect(check.stdout).toContain("cards/misspelt.cards: would be reformatted");
    expect(check.code).toBe(1);
    expect(readFileSync(file, "utf8")).toBe(messy);

    const write = cardwright(["format", "cards"]);
    expect(write.code).toBe(0);
    const formatted = readFileSync(file, "utf8");
    expect(formatted).not.toBe(messy);
    expect(cardwright(["check", "cards"]).code).toBe(0);
    const again = cardwright(["format", "--check", "cards"]);
    expect(again.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(formatted);
  });

  it("never writes a file with syntax errors, and reports them", SLOW, () => {
    const broken = MISSPELT.replace('card "Night Stalker" {', 'card "Night Stalker" {{ :');
    const file = path.join(work, "cards/misspelt.cards");
    writeFileSync(file, broken);
    const { code, stdout } = cardwright(["format", "cards"]);
    expect(stdout).toMatch(/cards\/misspelt\.cards:\d+:\d+: error CW1\d{3}: /);
    expect(stdout).toContain("cards/misspelt.cards: not formatted because of the syntax errors above");
    expect(readFileSync(file, "utf8")).toBe(broken);
    expect(code).toBe(1);
  });
});

describe("the bundled sets", () => {
  it("check with 0 errors", SLOW, () => {
    const { code, stdout } = cardwright(["check", "--json", "cards/"], root);
    const report = JSON.parse(stdout) as { summary: { errors: number; files: number; cardsPerGame: Record<string, number> }; diagnostics: unknown[] };
    const errors = (report.diagnostics as { severity: string }[]).filter((d) => d.severity === "error");
    expect(errors).toEqual([]);
    expect(Object.keys(report.summary.cardsPerGame).sort()).toEqual(["chromatic", "cybervamp", "duel"]);
    for (const cards of Object.values(report.summary.cardsPerGame)) expect(cards).toBeGreaterThanOrEqual(40);
    expect(code).toBe(0);
  });
});
