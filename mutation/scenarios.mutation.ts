/**
 * The scenario suite, alone, as StrykerJS runs it to measure how many deliberate faults in
 * runtime/ the scenarios catch (npm run mutation; docs/mutation.md). One test per scenario of the
 * three bundled games, run by the same parser, checker and runner as `cardwright test`: a mutant
 * is killed when some scenario fails on it. Not part of `npm test` (mutation/vitest.config.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createEngine } from "../runtime/index.ts";
import { runScenario } from "../runtime/scenario.ts";
import type { GameSuite } from "./scenario-suite.ts";

// Compiled once by scripts/mutation.ts (MUTATION_SUITE); compiled here when run alone.
const suite: GameSuite[] = process.env.MUTATION_SUITE
  ? (JSON.parse(readFileSync(process.env.MUTATION_SUITE, "utf8")) as GameSuite[])
  : await import("./scenario-suite.ts").then((m) => [...m.SUITE_GAMES.map(m.gameSuite), ...m.paramGameSuites()]);

const hash = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 10);

for (const { game, bundle, scenarios } of suite) {
  // A test's name carries a hash of its scenario and its game's compiled cards: Stryker's incremental mode
  // (mutation/stryker.config.mjs) reuses a result only for an unchanged test name, so an edited scenario or
  // card is a new test and its mutants are tested again (the test file itself never changes).
  const gameHash = hash(JSON.stringify(bundle));
  describe(game, () => {
    for (const scenario of scenarios) {
      it(`${scenario.file}:${scenario.line} ${scenario.name} #${hash(gameHash + JSON.stringify(scenario))}`, () => {
        // A fresh engine per scenario: a mutant's effect is attributed to the scenarios that run it.
        expect(runScenario(createEngine(bundle), scenario).failures).toEqual([]);
      });
    }
  });
}
