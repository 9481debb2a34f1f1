/**
 * Bad input gets diagnostics, never a crash: garbage text, binary files, special files,
 * arbitrary strings. (No timing assertions here: speed is measured in bench/frontend.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { analyzeWorkspace, checkWorkspace } from "../../compiler/workspace.ts";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { MAX_DIAGNOSTICS_PER_FILE } from "../../compiler/workspace.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import type { SourceFile } from "../../compiler/model.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const duelGame: SourceFile = { path: "cards/duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };

function expectInside(diagnostics: Diagnostic[], files: SourceFile[]) {
  for (const d of diagnostics) {
    const file = files.find((f) => f.path === d.file);
    expect(file, d.file).toBeDefined();
    expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.range.start.offset).toBeLessThanOrEqual(d.range.end.offset);
    expect(d.range.end.offset).toBeLessThanOrEqual(file!.text.length);
    expect(d.code).toMatch(/^CW\d{4}$/);
  }
}

/** Deterministic pseudo-random text: word-ish garbage mixed with the language's punctuation. */
function garbage(size: number, seed: number): string {
  const pieces = ["card", '"', "{", "}", ":", ".", "—", "[", "]", "When", "Haste", "{R}", "3/2", "\n", " ", "set", "#", "type", "@", "\u0000", "ß", "for", "zzz", "42"];
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  const out: string[] = ['set GB1 "Garbage" for duel\n'];
  let length = out[0]!.length;
  while (length < size) {
    const piece = pieces[next() % pieces.length]!;
    out.push(piece);
    length += piece.length;
  }
  return out.join("");
}

describe("garbage in, diagnostics out", () => {
  // Generous timeouts: these assert that bad input ends in diagnostics, not how fast (see bench/frontend.ts).
  it("checks 10 MB of garbage without crashing, with a bounded number of diagnostics", { timeout: 600_000 }, () => {
    const text = garbage(10 * 1024 * 1024, 7);
    const files = [duelGame, { path: "garbage.cards", text }];
    const model = checkWorkspace(files);
    const mine = model.diagnostics.filter((d) => d.file === "garbage.cards");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_FILE + 1);
    // The rest is summarised: by the parser (CW1009, syntax) and/or the workspace cap (CW3008).
    expect(mine.some((d) => d.code === "CW1009" || d.code === "CW3008")).toBe(true);
    expectInside(model.diagnostics, files);
  });

  it("never throws on arbitrary text, and keeps every range inside its file", { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom("", 'set T1 "T" for duel\n', "game g \"G\"\n"), (body, header) => {
        const files = [duelGame, { path: "a.cards", text: header + body }];
        const model = checkWorkspace(files);
        expectInside(model.diagnostics, files);
      }),
      { numRuns: 150, seed: 42 },
    );
  });

  it("never throws on mutated card text", { timeout: 300_000 }, () => {
    const base = `set T1 "T" for duel\ncard "Ember Squire" {\n  type: Unit — Knight\n  color: Red\n  cost: 2 life\n  power: 3\n  rarity: Common\n  text:\n    PLAY: Deal 1 damage to target enemy unit.\n    BREACH: Draw a card.\n}\n`;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: base.length }), fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 12 }), (at, cut, insert) => {
        const text = base.slice(0, at) + insert + base.slice(Math.min(base.length, at + cut));
        const files = [duelGame, { path: "m.cards", text }];
        const analysis = analyzeWorkspace(files);
        expectInside(analysis.model.diagnostics, files);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe("files that are not card text", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "cardwright-files-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports a binary file and a non-UTF-8 file, and still reads the others", async () => {
    writeFileSync(path.join(dir, "image.cards"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    writeFileSync(path.join(dir, "latin1.cards"), Buffer.from([0x73, 0x65, 0x74, 0x20, 0xe9, 0x0a]));
    writeFileSync(path.join(dir, "fine.cards"), 'set F1 "Fine" for duel\n');
    const read = await readWorkspaceFiles(["."], { cwd: dir });
    expect(read.files.map((f) => f.path)).toEqual(["fine.cards"]);
    expect(read.diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([
      ["image.cards", "CW3002", "This is not a text file (it contains NUL bytes); card files are UTF-8 text."],
      ["latin1.cards", "CW3002", "This is not a text file (it is not valid UTF-8); card files are UTF-8 text."],
    ]);
  });

  it("refuses a special file named explicitly instead of blocking on it", async () => {
    const fifo = path.join(dir, "pipe.cards");
    const made = spawnSync("mkfifo", [fifo]);
    expect(made.status).toBe(0);
    const read = await readWorkspaceFiles(["pipe.cards"], { cwd: dir });
    expect(read.files).toEqual([]);
    expect(read.diagnostics.map((d) => [d.code, d.message])).toEqual([["CW3001", "Cannot read this file: it is not a regular file."]]);
  });

  it("warns about a folder without card files and about a foreign extension named explicitly (and reads it)", async () => {
    mkdirSync(path.join(dir, "empty"));
    writeFileSync(path.join(dir, "notes.txt"), 'set N1 "Notes" for duel\n');
    const read = await readWorkspaceFiles(["empty", "notes.txt"], { cwd: dir });
    expect(read.diagnostics.map((d) => [d.file, d.code, d.severity])).toEqual([
      ["empty", "CW3006", "warning"],
      ["notes.txt", "CW3007", "warning"],
    ]);
    expect(read.files.map((f) => f.path)).toEqual(["notes.txt"]);
  });
});
