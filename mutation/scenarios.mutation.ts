/**
 * The scenario suite, alone, as StrykerJS runs it to measure how many deliberate faults in
 * runtime/ the scenarios catch (npm run mutation; docs/mutation.md). One test per scenario of the
 * three bundled games, run by the same parser, checker and runner as `cardwright test`: a mutant
 * is killed when some scenario fails on it. Not part of `npm test` (mutation/vitest.config.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowerWorkspace } from "../compiler/lower.ts";
import { parseScenarioFile } from "../compiler/scenario.ts";
import { createEngine } from "../runtime/index.ts";
import { runScenario } from "../runtime/scenario.ts";

for (const game of ["duel", "cybervamp", "chromatic"]) {
  const folder = `cards/${game}`;
  const files = (readdirSync(folder, { recursive: true, encoding: "utf8" }) as string[]).sort();
  const sources = files.filter((f) => f.endsWith(".game") || f.endsWith(".cards")).map((f) => ({ path: `${folder}/${f}`, text: readFileSync(`${folder}/${f}`, "utf8") }));
  const bundle = lowerWorkspace(sources).bundles.find((b) => b.game.id === game)!;
  const scenarios = files.filter((f) => f.endsWith(".scenario")).flatMap((f) => parseScenarioFile(readFileSync(`${folder}/${f}`, "utf8"), `${folder}/${f}`).scenarios);
  describe(game, () => {
    for (const scenario of scenarios) {
      it(`${scenario.file}:${scenario.line} ${scenario.name}`, () => {
        // A fresh engine per scenario: a mutant's effect is attributed to the scenarios that run it.
        expect(runScenario(createEngine(bundle), scenario).failures).toEqual([]);
      });
    }
  });
}
