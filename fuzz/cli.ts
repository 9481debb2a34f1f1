/**
 * Fuzz target: the CLI (`check`, `format`, `test`, `export`), run in-process through `main` on a
 * folder holding a mutated bundled file and its game. The oracle: no command throws or exits
 * with anything but 0, 1 or 2; `format` rewrites a scenario file only in its white space (as
 * compiler/format-scenario.ts lays it out), and every other file it rewrites reads back as the same tree and words.
 */
import fc from "fast-check";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseDocument } from "../compiler/build.ts";
import { formattingProblem } from "../compiler/format-verify.ts";
import { formatScenarioText } from "../compiler/format-scenario.ts";
import { firstWordToken } from "../grammar/lexer.ts";
import { main } from "../cli/main.ts";
import { filesOf, textCaseArb, type TextCase } from "./text.ts";

export interface CliCase extends TextCase {
  command: "check" | "format" | "test" | "export";
}

export const cliCaseArb: fc.Arbitrary<CliCase> = fc.record({ file: textCaseArb.map((c) => c.file), edits: textCaseArb.map((c) => c.edits), command: fc.constantFrom("check" as const, "format" as const, "test" as const, "export" as const) });

/** Runs `main` with its output swallowed. */
async function quietly(argv: string[]): Promise<number> {
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return await main(argv);
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

export async function runCliCase(c: CliCase): Promise<string | undefined> {
  const work = mkdtempSync(path.join(tmpdir(), "cw-fuzz-cli-"));
  try {
    const { path: file, text, game } = filesOf(c);
    const folder = path.join(work, "game");
    mkdirSync(folder);
    const name = path.basename(file);
    writeFileSync(path.join(folder, path.basename(game.path)), game.text);
    writeFileSync(path.join(folder, name), text);
    const before = new Map(readdirSync(folder).map((n) => [n, readFileSync(path.join(folder, n), "utf8")]));
    const argv = c.command === "export" ? ["export", "--format", "json", folder, "-o", path.join(work, "out")] : [c.command, folder];
    let code: number;
    try {
      code = await quietly(argv);
    } catch (error) {
      return `cardwright ${c.command} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
    if (![0, 1, 2].includes(code)) return `cardwright ${c.command} exited ${code}`;
    if (c.command === "format") {
      for (const [n, old] of before) {
        const now = readFileSync(path.join(folder, n), "utf8");
        if (now === old) continue;
        if (firstWordToken(old) === "Scenario") {
          const laidOut = formatScenarioText(old, n);
          if (!("text" in laidOut) || laidOut.text !== now || now.replace(/\s+/g, "") !== old.replace(/\s+/g, "")) return `format rewrote the scenario file ${n} other than in its layout`;
          continue;
        }
        const problem = formattingProblem(old, parseDocument(old, n).document, now, n);
        if (problem) return `format wrote ${n} although the result would ${problem}`;
      }
    }
    return undefined;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
