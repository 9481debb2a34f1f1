/**
 * `cardwright format` of scenario files (compiler/format-scenario.ts): layout only, never a lost
 * character (hostile input: comments, unknown lines, characters no token starts with), idempotent,
 * and what the bundled scenarios already look like is what it writes.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatScenarioText } from "../../compiler/format-scenario.ts";
import { formatFile } from "../../compiler/workspace.ts";
import { parseScenarios } from "../../grammar/scenario.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const bundled = ["duel", "cybervamp", "chromatic"].flatMap((game) =>
  readdirSync(path.join(root, "cards", game, "scenarios"))
    .filter((f) => f.endsWith(".scenario"))
    .map((f) => `cards/${game}/scenarios/${f}`),
);
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const visible = (text: string) => text.replace(/\s+/g, "");
const format = (text: string) => {
  const result = formatScenarioText(text, "t.scenario");
  if ("problem" in result) throw new Error(`not formatted: ${result.problem}`);
  return result.text;
};

describe("scenario files: the formatter's layout", () => {
  it("indents setup blocks, puts everything else at the margin, one space between words, none before , ; :", () => {
    const messy = [
      "   # about this file",
      "scenario   \"A\"    for duel",
      "   covers:16.1b,5e",
      "setup {",
      "turn 3 p1   phase Play",
      "\t\tp1 hand : \"Scout\",\"Scout\"   # two of them",
      "        }",
      "   p1 play \"Scout\" ;p1 pass",
      "expect p1 field: \"Scout\"   ",
      "",
      "",
      "",
      "# the next one",
      "scenario \"B\" for duel",
      "setup { turn 3 p1 phase Play }",
      "expect turn 3",
      "",
    ].join("\n");
    expect(format(messy)).toBe(
      [
        "# about this file",
        'scenario "A" for duel',
        "covers: 16.1b, 5e",
        "setup {",
        "  turn 3 p1 phase Play",
        '  p1 hand: "Scout", "Scout"   # two of them',
        "}",
        'p1 play "Scout"; p1 pass',
        'expect p1 field: "Scout"',
        "",
        "# the next one",
        'scenario "B" for duel',
        "setup { turn 3 p1 phase Play }",
        "expect turn 3",
        "",
      ].join("\n"),
    );
  });

  it("puts one blank line before each scenario, above the comments that lead into it", () => {
    const text = 'scenario "A" for duel\nexpect turn 1\n# B checks the turn again\n# (a second comment)\nscenario "B" for duel\nexpect turn 1\nscenario "C" for duel\nexpect turn 1\n';
    expect(format(text)).toBe('scenario "A" for duel\nexpect turn 1\n\n# B checks the turn again\n# (a second comment)\nscenario "B" for duel\nexpect turn 1\n\nscenario "C" for duel\nexpect turn 1\n');
  });

  it("keeps lines it cannot read, characters no token starts with, CRLF line ends and a byte-order mark", () => {
    const text = '\uFEFFscenario "A" for duel\r\nsetup {\r\n p1 hand: "Scout"\r\n  this is no setup line   \r\n}\r\n  p1 frobnicates   "Scout" @@ now\r\nexpect p1 life 20 € \r\n  ¤¤ \r\n';
    const out = format(text);
    expect(out).toBe('\uFEFFscenario "A" for duel\r\nsetup {\r\n  p1 hand: "Scout"\r\n  this is no setup line\r\n}\r\np1 frobnicates "Scout" @@ now\r\nexpect p1 life 20 €\r\n¤¤\r\n');
    const before = parseScenarios(text, "t.scenario");
    const after = parseScenarios(out, "t.scenario");
    expect(after.errors.map((e) => e.text)).toEqual(before.errors.map((e) => e.text));
    expect(after.scenarios[0]!.unreadable.map((u) => u.line)).toEqual(before.scenarios[0]!.unreadable.map((u) => u.line));
  });

  it("keeps the space before a trailing comment as written (columns of comments stay aligned)", () => {
    const text = 'scenario "A" for duel\np1 pass        # one\np1 pass\t# two\np1 pass# three\n';
    expect(format(text)).toBe('scenario "A" for duel\np1 pass        # one\np1 pass\t# two\np1 pass # three\n');
  });

  it("keeps the text inside strings and comments exactly, spaces included", () => {
    const text = 'scenario "A  two   spaces" for duel\n#   indented   comment\nexpect p1 hand: "Odd  Name"\n';
    expect(format(text)).toBe(text);
  });
});

describe("scenario files: never a lost character, idempotent", () => {
  it("formats every bundled scenario file to itself (they are written in the canonical layout)", () => {
    const changed = bundled.filter((file) => format(read(file)) !== read(file));
    expect(changed, "run: node cli/bin.mjs format cards/").toEqual([]);
  });

  it("gives the same text however the white space between words, at the margins and between lines is changed", () => {
    // Each bundled file, with white space added at random between its pieces, formats back to itself.
    const files = bundled.map((file) => ({ file, text: read(file) }));
    const spaces = fc.constantFrom(" ", "  ", "\t", " \t ");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: files.length - 1 }), fc.array(fc.tuple(fc.nat(), spaces, fc.boolean()), { minLength: 1, maxLength: 40 }), (index, edits) => {
        const { text } = files[index]!;
        // Only where white space already is (between pieces, at the ends of lines), or at a line start: never inside a word or a string.
        const lines = text.split("\n");
        for (const [at, space, blank] of edits) {
          const n = at % lines.length;
          const line = lines[n]!;
          if (blank) lines.splice(n, 0, "");
          else if (!line.includes('"') && !line.includes("#")) lines[n] = line.replace(/ /g, () => space);
          else lines[n] = space + line + space;
        }
        const perturbed = lines.join("\n");
        // Blank lines are kept (one of several): compare without them.
        const once = format(perturbed);
        expect(visible(once)).toBe(visible(perturbed));
        expect(format(once)).toBe(once);
        expect(once.replace(/\n\n+/g, "\n")).toBe(text.replace(/\n\n+/g, "\n"));
      }),
      { seed: 12, numRuns: 60 },
    );
  });

  it("leaves no character behind on arbitrary text after a scenario header, and is idempotent", () => {
    const piece = fc.constantFrom("p1", "pass", '"Scout"', ",", ";", ":", "{", "}", "setup", "expect", "# c ", " ", "  ", "\t", "\n", "\r\n", "@", "€", "\u00a0", "\u2028", "scenario", '"A"', "for", "duel", "x3", "16.1b-17.1f");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const text = `scenario "A" for duel\n${parts.join(" ")}`;
        const result = formatScenarioText(text, "t.scenario");
        // Refused (CW3010) is allowed; a written result must keep every visible character and be a fixed point.
        if ("problem" in result) return;
        expect(visible(result.text)).toBe(visible(text));
        expect(formatScenarioText(result.text, "t.scenario")).toEqual({ text: result.text });
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it("is what formatFile (the CLI and the studio's Format) does with a scenario file", () => {
    const text = 'scenario "A" for duel\n   expect turn 1   \n';
    expect(formatFile(text, "x.scenario")).toEqual({ text: 'scenario "A" for duel\nexpect turn 1\n', diagnostics: [] });
  });
});

describe("cardwright format on scenario files", () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "cw-format-scenario-"));
    mkdirSync(path.join(work, "duel", "scenarios"), { recursive: true });
    copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(work, "duel/duel.game"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("lists a scenario file with --check, rewrites it, then finds nothing to do", { timeout: 300_000 }, () => {
    const file = path.join(work, "duel/scenarios/messy.scenario");
    const messy = 'scenario "Turn" for duel\n  covers:2a\nsetup {\nturn 3 p1 phase Play\n}\n   expect turn 3\n';
    writeFileSync(file, messy);
    const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(root, "cli/bin.mjs"), "format", ...args, "duel"], { cwd: work, encoding: "utf8", timeout: 240_000 });
    const check = cli("--check");
    expect(check.stdout).toContain("duel/scenarios/messy.scenario: would be reformatted");
    expect(check.status).toBe(1);
    expect(readFileSync(file, "utf8")).toBe(messy);
    expect(cli().status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe('scenario "Turn" for duel\ncovers: 2a\nsetup {\n  turn 3 p1 phase Play\n}\nexpect turn 3\n');
    const again = cli("--check");
    expect(again.status).toBe(0);
  });
});
