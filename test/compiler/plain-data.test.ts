/**
 * What leaves the compiler is plain data: the checked model and its diagnostics, references,
 * editor query answers, the lowered IR and its notes. The syntax tree keeps compact ranges
 * (compiler/source-range.ts: offsets from an anchor, lines computed when asked); those must
 * never leak out, because a structured clone (the studio worker's messages, the engine copying
 * a state) keeps an object's own data and drops its getters. Convert with `plainRange` (or
 * build the diagnostic with `diagnostic()`, which does).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { documentSymbols, referencesAt } from "../../compiler/check-query.ts";
import { WorkspaceChecker } from "../../studio/src/worker/checker.ts";

const root = path.join(import.meta.dirname, "..", "..");
const sources = [path.join(root, "cards"), path.join(root, "test", "fixtures", "diagnostics")].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(game|cards|scenario)$/.test(file))
    .sort()
    .map((file) => ({ path: path.relative(root, path.join(dir, file)).replaceAll(path.sep, "/"), text: readFileSync(path.join(dir, file), "utf8") })),
);

/** The paths under `value` to anything but plain objects, arrays and primitives (at most a few). */
function notPlain(value: unknown, at = "", found: string[] = [], seen = new Set<object>()): string[] {
  if (found.length >= 5 || value === null || typeof value !== "object") {
    if (typeof value === "function") found.push(`${at} (a function)`);
    return found;
  }
  if (seen.has(value)) return found;
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) value.forEach((item, i) => notPlain(item, `${at}[${i}]`, found, seen));
  else if (proto !== Object.prototype && proto !== null) found.push(`${at} (a ${value.constructor?.name ?? "class instance"})`);
  else for (const [key, item] of Object.entries(value)) notPlain(item, `${at}.${key}`, found, seen);
  return found;
}

describe("the compiler's outputs are plain data", () => {
  const analysis = analyzeWorkspace(sources);

  it("the checked model, its diagnostics and every reference", () => {
    expect(notPlain(analysis.model, "model")).toEqual([]);
    expect(notPlain([...analysis.references.values()], "references")).toEqual([]);
  });

  it("the lowered IR, its notes and the engine warnings", () => {
    const lowered = lowerAnalysis(analysis, sources);
    expect(notPlain(lowered.bundles, "bundles")).toEqual([]);
    expect(notPlain(lowered.notes, "notes")).toEqual([]);
    expect(notPlain(engineWarnings(analysis, sources), "warnings")).toEqual([]);
  });

  it("the editor queries' answers", () => {
    for (const file of sources) {
      expect(notPlain(documentSymbols(analysis, file.path), `symbols of ${file.path}`)).toEqual([]);
      const first = analysis.references.get(file.path)?.[0];
      if (first) expect(notPlain(referencesAt(analysis, file.path, first.range.start.offset), `references in ${file.path}`)).toEqual([]);
    }
  });

  it("the studio worker's results, after an edit too", () => {
    const checker = new WorkspaceChecker();
    expect(notPlain(checker.check(sources).delta, "delta")).toEqual([]);
    const edited = sources.map((s) => (s.path === "cards/duel/core.cards" ? { ...s, text: s.text.replace('\ncard "', '\n# a note\ncard "') } : s));
    expect(notPlain(checker.check(edited).delta, "delta after an edit")).toEqual([]);
  });
});
