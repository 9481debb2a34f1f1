/**
 * The scenario suite as the tests StrykerJS runs (mutation/scenario-runner.mjs loads this module inside
 * Stryker's sandbox, so it runs the sandbox's instrumented runtime/): one test per scenario of the bundled
 * games and of the test games (mutation/scenario-suite.ts compiles them once per run; MUTATION_SUITE).
 * A test runs its scenario through the same checker and runner as `cardwright test` and answers its first
 * failure, or undefined when the scenario passes.
 *
 * Every test starts with the engine's module-level caches emptied (runtime/state/module-caches.ts) and an
 * engine of its game built from a fresh copy of the compiled bundle (so no cache keyed by a card definition
 * outlives it, and nothing a broken engine wrote into the cards reaches another run). Building an engine
 * (its rules and statechart) is most of a scenario's time, so a run may share one engine per game among
 * its tests (`engines`), as `cardwright test` shares one among a game's scenarios: the runner does so
 * within one mutant's run, and builds one per test in the dry run, so the coverage of every test includes
 * the engine's building.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createEngine, type Engine } from "../runtime/index.ts";
import { runScenario } from "../runtime/scenario.ts";
import { clearModuleCaches } from "../runtime/state/module-caches.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import type { GameSuite } from "./scenario-suite.ts";

export interface SuiteTest {
  /** Stable across runs while the scenario and its game's cards are unchanged (Stryker's incremental mode keys results by it). */
  name: string;
  /** The first failure, or undefined when the scenario passes; `engines`: the engines of this run, by game (built here when missing). */
  run(engines?: Map<string, Engine>): string | undefined;
}

const hash = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 10);

export function suiteTests(suite: GameSuite[]): SuiteTest[] {
  return suite.flatMap(({ game, bundle, scenarios }) => {
    const bundleText = JSON.stringify(bundle);
    const gameHash = hash(bundleText);
    return scenarios.map((scenario) => ({
      // A test's name carries a hash of its scenario and its game's compiled cards: an edited scenario or card is a
      // new test, so Stryker's incremental mode tests its mutants again.
      name: `${game} ${scenario.file}:${scenario.line} ${scenario.name} #${hash(gameHash + JSON.stringify(scenario))}`,
      run(engines) {
        clearModuleCaches();
        try {
          let engine = engines?.get(game);
          if (!engine) {
            engine = createEngine(JSON.parse(bundleText) as CompiledBundle);
            engines?.set(game, engine);
          }
          const failures = runScenario(engine, scenario).failures;
          return failures.length ? failures.map((f) => `${f.file}:${f.line} ${f.message}`).join("\n") : undefined;
        } catch (error) {
          return `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
        }
      },
    }));
  });
}

/** The suite Stryker's run compiled (MUTATION_SUITE, a JSON file), or compiled here. */
export async function loadSuiteTests(): Promise<SuiteTest[]> {
  const suite = process.env.MUTATION_SUITE
    ? (JSON.parse(readFileSync(process.env.MUTATION_SUITE, "utf8")) as GameSuite[])
    : await import("./scenario-suite.ts").then((m) => [...m.SUITE_GAMES.map(m.gameSuite), ...m.paramGameSuites()]);
  return suiteTests(suite);
}
