/**
 * The mutation page (docs/mutation.md) is generated from docs/mutation-scores.json by
 * scripts/mutation.ts; the counts come from Stryker's JSON report. The runs themselves are not
 * part of the tests (hours on this machine): `npm run mutation`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { NOT_MEASURED, renderPage, scoreOf, type ModuleScore } from "../../scripts/mutation.ts";

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

  it("docs/mutation.md is the page of docs/mutation-scores.json: every measured module's figures, and the modules not measured when it was written", () => {
    const scores = JSON.parse(readFileSync("docs/mutation-scores.json", "utf8")) as Record<string, ModuleScore>;
    const modules = (readdirSync("runtime", { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => `runtime/${f.split(path.sep).join("/")}`).sort();
    // A measured module that moved or is gone: measure it again under its new name.
    expect(Object.keys(scores).filter((m) => !modules.includes(m)), "measured modules that are no longer in runtime/").toEqual([]);
    const page = readFileSync("docs/mutation.md", "utf8");
    const measuredPart = (text: string) => text.slice(0, text.indexOf(NOT_MEASURED));
    // The not-measured list is stamped with when it was made, so a runtime module added since does not make the page wrong.
    expect(measuredPart(page), "docs/mutation.md is out of date: npm run mutation -- --report").toBe(measuredPart(renderPage(scores, modules, "")));
    const listed = /Not measured yet \(runtime\/ as of ([\d-]+ [\d:]+ UTC): \d+ of \d+ modules\): (.*)\.$/m.exec(page);
    expect(listed, "the page lists the modules not measured yet, with when it was made").not.toBeNull();
    expect(listed![2]!.split(", ").filter((m) => scores[m.replace(/`/g, "")]), "modules listed as not measured, yet measured").toEqual([]);
  });
});
