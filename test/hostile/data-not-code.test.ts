/**
 * Issue 13, defects 3, 6 and 7: data never becomes a RegExp, a path or an unbounded loop.
 * `cardwright test` reads a scenario's game id as data (`for (duel)` is a clear error); a scenario
 * count of 999,999,999 is a line error, not a V8 abort; a word longer than a face's text box is
 * broken (each character measured once: speed in bench/faces-wrap.ts) and the checker warns (CW2081).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { measure, FACE_MIN_TEXT_SIZE, FACE_TEXT_WIDTH } from "../../compiler/text-width.ts";
import { fitLine, wrap } from "../../faces/text.ts";
import { renderCardFace } from "../../faces/index.ts";
import { readFileSync } from "node:fs";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

describe("cardwright test takes a scenario's game id as data", () => {
  it.each(["(duel)", "du[el", "../../etc", "a.b*"])("`for %s` beside a game file is a clear error, not a crash", { timeout: 300_000 }, (id) => {
    const work = mkdtempSync(path.join(tmpdir(), "cw-hostile-test-"));
    try {
      copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(work, "duel.game"));
      writeFileSync(path.join(work, "odd.scenario"), `scenario "Odd id" for ${id}\nsetup {\n  turn 1 p1\n}\n`);
      const run = spawnSync(process.execPath, [path.join(root, "cli/bin.mjs"), "test", work], { cwd: root, encoding: "utf8", timeout: 240_000 });
      expect(run.stderr).not.toMatch(/SyntaxError|Invalid regular expression|at .*\.ts:\d+/);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/scenarios?: 0 passed, 1 failed/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("scenario counts are bounded before anything is built", () => {
  const scenario = (deck: string) => `scenario "Huge" for duel\nsetup {\n  turn 1 p1\n  p1 deck: ${deck}\n}\n`;
  it.each(['"Arc Bolt" x999999999', '"Arc Bolt" x2000000', '"Arc Bolt" x 999999999', '"Arc Bolt" x600, "Scout" x600'])("%s is a line error", (deck) => {
    const parsed = parseScenarioFile(scenario(deck), "huge.scenario");
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]!.message).toMatch(/at most 1000 cards in one list/);
    expect(parsed.diagnostics[0]!.range.start.line).toBe(4);
  });
  it("a list within the bound is read as before", () => {
    const parsed = parseScenarioFile(scenario('"Scout" x20'), "ok.scenario");
    expect(parsed.diagnostics).toEqual([]);
  });
});

describe("card faces wrap a word longer than the box", () => {
  const word = "Overlong".repeat(250); // 2,000 characters, no space
  it("breaks it into lines that each fit, keeping every character in order", () => {
    for (const size of [11.5, 6.5]) {
      const lines = wrap(word, FACE_TEXT_WIDTH, size);
      expect(lines.join("")).toBe(word);
      for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(FACE_TEXT_WIDTH);
      expect(lines.length).toBeGreaterThan(1);
    }
  });
  it("keeps words that fit whole, and a narrow box still gets a character per line", () => {
    expect(wrap("Draw a card.", 1000, 10)).toEqual(["Draw a card."]);
    expect(wrap("Draw a card.", 45, 10)).toEqual(["Draw a", "card."]);
    expect(wrap("WW", 1, 10)).toEqual(["W", "W"]);
  });
  it("fits a long line with an ellipsis within the width", () => {
    const line = fitLine(word, 120, 12);
    expect(line.endsWith("…")).toBe(true);
    expect(measure(line, 12)).toBeLessThanOrEqual(120);
    expect(word.startsWith(line.slice(0, -1))).toBe(true);
  });
  it("renders a face with a 2,000-character word (the text is clipped to the box, never drawn over the stats)", () => {
    const svg = renderCardFace({ name: "Long Word", type: "Spell", subtypes: [], supertypes: [], colors: ["Red"], stats: { power: 1 }, abilities: [{ text: `${word}.`, range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } } }], text: "" });
    expect(svg).toContain("cw-face-text");
    expect(svg).toContain("Overlong");
  });
  it("the checker warns (CW2081) about a word no face can fit, and not about ordinary text", () => {
    const game = readFileSync(path.join(root, "cards/duel/duel.game"), "utf8");
    const set = (text: string) => `set HW1 "Hostile" for duel\n\ncard "Long" {\n  type: Spell\n  cost: 1 Crystal\n  text:\n    ${text}\n}\n`;
    const check = (text: string) => analyzeWorkspace([{ path: "duel.game", text: game }, { path: "long.cards", text: set(text) }]).model.diagnostics.filter((d) => d.code === "CW2081");
    expect(check(`Draw a card. ${"Overlong".repeat(190)}.`)).toHaveLength(1);
    expect(check(`Deal 2 damage to target unit, then draw a card.`)).toEqual([]);
    // The bound is the face's: the longest word that fits at the smallest size is not reported.
    const fits = "m".repeat(Math.floor(FACE_TEXT_WIDTH / (0.86 * FACE_MIN_TEXT_SIZE)));
    expect(check(`Draw a card. ${fits}.`)).toEqual([]);
  });
});
