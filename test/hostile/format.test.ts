/**
 * Issue 13, defect 4: `cardwright format` never loses a character. A file's kind comes from its
 * first token in the whole file; the formatted text is written only if it reads back as the same
 * tree and words (CW3010 otherwise); case folding keeps words the lexer reads back; formatting
 * is idempotent after a line-start U+2028.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/build.ts";
import { formattingProblem } from "../../compiler/format-verify.ts";
import { formatFile } from "../../compiler/workspace.ts";
import { firstWordToken, tokenize } from "../../grammar/lexer.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const scenario = readFileSync(path.join(root, "cards/duel/scenarios/turn.scenario"), "utf8");
const CARD = 'set DU1 "Hostile" for duel\n\ncard "Probe" {\n  type: Unit\n  stats: 1/1\n  text:\n    PLAY: Draw a card.\n}\n';

describe("file kind from the first token of the whole file", () => {
  it.each([
    ["a 4,100-character comment header", `#${"x".repeat(4100)}\n${scenario}`],
    ["5,000 blank lines", `${"\n".repeat(5000)}${scenario}`],
    ["200 comment lines", `${"# header line\n".repeat(200)}${scenario}`],
    ["U+2028 and a BOM-like blank first", `\ufeff\u2028\n${scenario}`],
  ])("a scenario file opening with %s is formatted as a scenario, every character but white space kept", (_, text) => {
    const result = formatFile(text, "cards/duel/scenarios/long.scenario");
    expect(result.diagnostics).toEqual([]);
    expect(result.text!.replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
    expect(formatFile(result.text!, "cards/duel/scenarios/long.scenario").text).toBe(result.text);
  });

  it("agrees with the lexer on whether a file starts with scenario, game or set, whatever trivia comes first", () => {
    const trivia = fc.constantFrom(" ", "\n", "\t", "\u2028", "\u00a0", "# comment\n", "#\r", "€", "\u0001");
    const head = fc.constantFrom("scenario", "SCENARIO", "game", "set", "scenarios", "scenario-x", '"scenario"', "İ", "X/1", "");
    fc.assert(
      fc.property(fc.array(trivia, { maxLength: 30 }), head, (parts, word) => {
        const text = parts.join("") + word + " rest";
        const fromLexer = tokenize(text).tokens[0]?.tokenType.name;
        for (const header of ["Scenario", "Game", "Set"]) expect(firstWordToken(text) === header).toBe(fromLexer === header);
      }),
      { seed: 13, numRuns: 400 },
    );
  });
});

describe("case folding the lexer accepts", () => {
  it('keeps a field name with "İ" readable (lower case would give i + U+0307)', () => {
    const text = CARD.replace("  type: Unit\n", "  İnfo: 3\n  TYPE: Unit\n");
    const result = formatFile(text, "a.cards");
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.text).toContain("İnfo: 3");
    expect(result.text).toContain("type: Unit");
    expect(parseDocument(result.text!, "a.cards").diagnostics).toEqual([]);
  });
});

describe("idempotent after a line-start U+2028", () => {
  it.each(["\u2028", "\u2028 ", "\u2029", "\u00a0"])("before an own-line comment (%j)", (blank) => {
    const text = CARD.replace("\ncard", `\n${blank}# a comment on its own line\n\ncard`);
    const once = formatFile(text, "a.cards").text!;
    expect(once).toContain("\n# a comment on its own line\n");
    expect(formatFile(once, "a.cards").text).toBe(once);
  });
});

describe("the safety net (CW3010)", () => {
  const doc = parseDocument(CARD, "a.cards").document;
  it("accepts the real canonical text", () => {
    expect(formattingProblem(CARD, doc, formatFile(CARD, "a.cards").text!, "a.cards")).toBeUndefined();
  });
  it("refuses an output that lost a word, a comment, a card, or does not parse", () => {
    expect(formattingProblem(CARD, doc, CARD.replace("Draw a card.", "Draw card."), "a.cards")).toBe('drop the word "a"');
    const commented = CARD.replace("  type: Unit\n", "  type: Unit # keep me\n");
    expect(formattingProblem(commented, parseDocument(commented, "a.cards").document, CARD, "a.cards")).toBe('drop the comment "keep me"');
    expect(formattingProblem(CARD, doc, 'set DU1 "Hostile" for duel\n', "a.cards")).toMatch(/^drop /);
    expect(formattingProblem(CARD, doc, CARD.replace("stats: 1/1", "stats: 1/1 {"), "a.cards")).toMatch(/^not parse back/);
  });
  it("refuses an output that reads as another tree with the same words", () => {
    const swapped = CARD.replace("  type: Unit\n  stats: 1/1\n", "  type: 1/1\n  stats: Unit\n");
    expect(formattingProblem(CARD, doc, swapped, "a.cards")).toMatch(/^read differently/);
  });
});

describe("cardwright format on disk", () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "cw-hostile-format-"));
    mkdirSync(path.join(work, "duel", "scenarios"), { recursive: true });
    copyFileSync(path.join(root, "cards/duel/duel.game"), path.join(work, "duel/duel.game"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("formats a scenario file with a long comment header as a scenario (the header kept), and exits 0", { timeout: 300_000 }, () => {
    const file = path.join(work, "duel/scenarios/long-header.scenario");
    const header = "# a long header, as some designers write them".repeat(100);
    const text = `${header}   \n\n${scenario}`;
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, [path.join(root, "cli/bin.mjs"), "format", "duel"], { cwd: work, encoding: "utf8", timeout: 240_000 });
    expect(run.status).toBe(0);
    // Only the spaces at the end of the header's line go (scenario layout: compiler/format-scenario.ts).
    expect(readFileSync(file, "utf8")).toBe(`${header}\n\n${scenario}`);
  });
});
