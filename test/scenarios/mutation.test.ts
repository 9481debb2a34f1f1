/**
 * The mutation page (docs/mutation.md) is generated from docs/mutation-scores.json by
 * scripts/mutation.ts; the counts come from Stryker's JSON report. The runs themselves are not
 * part of the tests (hours on this machine): `npm run mutation`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderPage, scoreOf, type ModuleScore } from "../../scripts/mutation.ts";

describe("mutation scores", () => {
  it("count a module's mutants by status; the score leaves out ignored and erroring mutants", () => {
    const report = {
      files: {
        "runtime/mechanics/unique.ts": { mutants: ["Killed", "Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "CompileError"].map((status) => ({ status })) },
        "runtime/mechanics/bleed.ts": { mutants: [{ status: "Survived" }] },
      },
    };
    expect(scoreOf(report, "runtime/mechanics/unique.ts")).toEqual({ mutants: 7, killed: 2, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1, score: 60 });
  });

  it("docs/mutation.md is the page of docs/mutation-scores.json, every runtime module measured or listed as not yet", () => {
    const scores = JSON.parse(readFileSync("docs/mutation-scores.json", "utf8")) as Record<string, ModuleScore>;
    const modules = (readdirSync("runtime", { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => `runtime/${f}`).sort();
    expect(Object.keys(scores).every((m) => modules.includes(m))).toBe(true);
    // A runtime module added, moved or removed: `npm run mutation -- --report` rewrites the page.
    expect(readFileSync("docs/mutation.md", "utf8"), "docs/mutation.md is out of date: npm run mutation -- --report").toBe(renderPage(scores, modules));
  });
});
