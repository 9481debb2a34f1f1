// Every scenario under cards/duel/scenarios runs in CI too (the same runner as `cardwright test`).
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";
import { gameSources } from "./game-sources.ts";

const dir = "cards/duel/scenarios";
const sources = gameSources("duel");
const engine = createEngine(lowerWorkspace(sources).bundles.find((b) => b.game.id === "duel")!);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".scenario"))
  .sort()
  .map((f) => parseScenarioFile(readFileSync(`${dir}/${f}`, "utf8"), `${dir}/${f}`));

describe("Three-Slot Duel scenarios", () => {
  it("parse without diagnostics, and there is a scenario for every starter card (set DU1)", () => {
    expect(files.flatMap((f) => f.diagnostics)).toEqual([]);
    const text = files.flatMap((f) => f.scenarios.map((s) => s.name)).join("\n");
    const missing = [...engine.rules.cards.values()].filter((c) => c.set === "DU1").map((c) => c.name).filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
  });
  for (const file of files) {
    for (const scenario of file.scenarios) {
      it(`${scenario.file}:${scenario.line} ${scenario.name}`, () => {
        const result = runScenario(engine, scenario);
        // Strict, as CI runs `cardwright test`: a warning (a stretch the run could not check) fails a bundled scenario too.
        expect({ failures: result.failures, warnings: result.warnings ?? [] }).toEqual({ failures: [], warnings: [] });
      });
    }
  }
});
