/**
 * Deck lists in `cardwright check` (the real CLI, spawned as a designer runs it): a misspelt
 * card is reported at its line and column with "did you mean", an illegal deck with every
 * violation from the engine's deck rules, and the bundled sample decks check cleanly.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoDir } from "../../studio/server/build.ts";

const bin = path.join(repoDir, "cli/bin.mjs");
let work: string;

function cardwright(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: work, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "cw-decks-cli-"));
  cpSync(path.join(repoDir, "cards", "duel"), path.join(work, "duel"), { recursive: true });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("cardwright check on deck lists", { timeout: 300_000 }, () => {
  it("checks the bundled sample decks cleanly", () => {
    const result = cardwright(["check", "duel"]);
    // About the deck lists: no error anywhere, nothing at all said about a deck file (another
    // file's warning, e.g. a test card's CW6005, is that file's business).
    expect(result.out).toMatch(/: 0 errors, \d+ warnings?\.\n$/);
    expect(result.out.split("\n").filter((l) => l.includes("/decks/"))).toEqual([]);
    expect(result.code).toBe(0);
  });

  it("reports a misspelt card at line:col with did-you-mean, a countless line, and each legality violation", () => {
    writeFileSync(path.join(work, "duel", "decks", "typo.deck"), "# a deck\n3 Scout\n2 Stone Gaurd\nField Medic\n");
    writeFileSync(path.join(work, "duel", "decks", "small.deck"), "3 Scout\n2 Warlord of Cinders\n");
    const named = cardwright(["check", "duel/decks/typo.deck"]);
    expect(named.code).toBe(1);
    expect(named.out).toContain(`duel/decks/typo.deck:3:3: error CW7003: Unknown card "Stone Gaurd" in this deck list. (did you mean "Stone Guard"?)`);
    expect(named.out).toContain(`duel/decks/typo.deck:4:1: error CW7001: Cannot read this deck line: expected a count before the card name, as in "2 Field Medic".`);
    expect(named.out).toMatch(/: 2 errors, \d+ warnings?\.\n$/);
    expect(named.out.split("\n").filter((l) => l.includes("/decks/"))).toHaveLength(2);

    const folder = cardwright(["check", "duel"]);
    expect(folder.code).toBe(1);
    expect(folder.out).toContain("duel/decks/small.deck:1:3: error CW7004: This deck is not legal for duel: the deck has 5 cards; at least 20 are required.");
    expect(folder.out).toContain(`duel/decks/small.deck:2:3: error CW7004: This deck is not legal for duel: 2 copies of "Warlord of Cinders": Epic cards are limited to 1.`);
    expect(folder.out).toContain("duel/decks/typo.deck:3:3");
    expect(folder.out).toMatch(/: 4 errors, \d+ warnings?\.\n$/);
    expect(folder.out.split("\n").filter((l) => l.includes("/decks/"))).toHaveLength(4);
  });

  it("knows a token by name and leaves it to the engine's legality", () => {
    cpSync(path.join(repoDir, "cards", "cybervamp"), path.join(work, "cybervamp"), { recursive: true });
    const base = readFileSync(path.join(work, "cybervamp", "decks", "night-shift.deck"), "utf8");
    writeFileSync(path.join(work, "cybervamp", "decks", "with-token.deck"), base + "1 Thrall\n");
    const line = base.split("\n").length;
    const result = cardwright(["check", "cybervamp/decks/with-token.deck"]);
    expect(result.out).not.toContain("CW7003");
    expect(result.out).toMatch(new RegExp(`cybervamp/decks/with-token\\.deck:${line}:3: error CW7004: This deck is not legal for cybervamp: .*Thrall.*token`));
    expect(result.code).toBe(1);
  });
});
