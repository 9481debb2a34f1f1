/**
 * `analyzeWorkspace(files, { references: false })` — what `cardwright check` runs: the same model and
 * diagnostics, no references kept (reading them is an error, never an empty answer), and as the
 * `previous` of an analysis that wants references it saves no card check (its references are complete).
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { analyzeWorkspace } from "../../compiler/index.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const withProblems = await readWorkspaceFiles(["test/fixtures/diagnostics"], { cwd: root });
const bundled = await readWorkspaceFiles(["cards/duel"], { cwd: root });

describe("an analysis without references", () => {
  for (const [name, read] of [["the diagnostics fixture", withProblems], ["the Duel folder", bundled]] as const) {
    it(`gives the same model and diagnostics as one with them (${name})`, () => {
      const full = analyzeWorkspace(read.files, { extraDiagnostics: read.diagnostics });
      const lean = analyzeWorkspace(read.files, { extraDiagnostics: read.diagnostics, references: false });
      expect(JSON.stringify(lean.model)).toBe(JSON.stringify(full.model));
      expect(lean.omitted).toEqual(full.omitted);
      expect(full.model.sets.some((s) => s.cards.length > 0)).toBe(true);
    });
  }

  it("refuses to give references instead of answering none", () => {
    const lean = analyzeWorkspace(bundled.files, { references: false });
    expect(() => lean.references).toThrow(/kept no references/);
  });

  it("as the previous analysis, leaves a later one with every reference a fresh one has", () => {
    const lean = analyzeWorkspace(bundled.files, { references: false });
    const later = analyzeWorkspace(bundled.files, { previous: lean });
    const fresh = analyzeWorkspace(bundled.files);
    const count = [...fresh.references.values()].reduce((n, list) => n + list.length, 0);
    expect(count).toBeGreaterThan(100);
    expect(JSON.stringify([...later.references])).toBe(JSON.stringify([...fresh.references]));
  });
});
