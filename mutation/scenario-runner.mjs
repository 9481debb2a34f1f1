// A StrykerJS test runner (mutation/stryker.config.mjs, testRunner "cardwright-scenarios") that runs the
// scenario suite (mutation/suite-tests.ts) in Stryker's own worker process, loaded once.
//
// Why not the vitest runner: it starts a fresh vitest worker for every mutant, which imports runtime/ and
// the compiler again (2–5 s a mutant here) before the mutant's first scenario (~60 ms) runs. Here the
// instrumented engine is imported once per worker and a mutant is switched on by Stryker's global
// (`__stryker__.activeMutant`), as the instrumenter intends; a mutant runs only the scenarios that reach
// its code (per-test coverage from the dry run), those that killed most mutants so far first, and stops
// at the first failure. Within one mutant's run the scenarios of a game share one engine, built with the
// mutant on (building an engine — rules, statechart — is most of a scenario's time); the dry run builds
// one per test, so each test's coverage includes the building.
//
// Isolation between mutants in one process (what a fresh worker gave for free):
//   - each test runs with a fresh copy of its game's bundle and the engine's module-level caches emptied
//     (mutation/suite-tests.ts, runtime/state/module-caches.ts);
//   - a kill is confirmed: the killing scenario is run again with no mutant active (on an engine of its own); if it fails then too,
//     the broken engine left something behind, so the engine is imported afresh (a new module
//     namespace) and the mutant is run again there, and that answer is the one reported.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { INSTRUMENTER_CONSTANTS } from "@stryker-mutator/api/core";
import { PluginKind, commonTokens, declareClassPlugin } from "@stryker-mutator/api/plugin";
import { DryRunStatus, TestStatus, determineHitLimitReached, toMutantRunResult } from "@stryker-mutator/api/test-runner";
import { register } from "tsx/esm/api";

const ns = () => (globalThis[INSTRUMENTER_CONSTANTS.NAMESPACE] ??= {});

/** The order a mutant's tests run in: those that killed most mutants first, then the quickest. */
export function testOrder(ids, kills, timeOf) {
  return [...ids].sort((a, b) => (kills.get(b) ?? 0) - (kills.get(a) ?? 0) || (timeOf.get(a) ?? 0) - (timeOf.get(b) ?? 0));
}

export class ScenarioTestRunner {
  static inject = [commonTokens.logger];
  /** Test name → its test; kills per test (for the order); each test's time in the dry run. */
  tests = new Map();
  kills = new Map();
  timeOf = new Map();
  loads = 0;

  constructor(log) {
    this.log = log;
  }

  capabilities() {
    // Module-level code runs once per import: a static mutant needs a fresh process (Stryker starts one).
    return { reloadEnvironment: false };
  }

  async init() {
    await this.load();
  }

  /** Imports the sandbox's suite (and with it the instrumented runtime/) in a module namespace of its own. */
  async load() {
    const scope = register({ namespace: `cardwright-mutation-${++this.loads}` });
    const harness = await scope.import(pathToFileURL(path.resolve("mutation/suite-tests.ts")).href, import.meta.url);
    this.tests = new Map((await harness.loadSuiteTests()).map((test) => [test.name, test]));
  }

  /** Runs tests in order; stops at the first failure unless told not to. `engines`: shared by game among these tests (else one per test). */
  runTests(names, bail, perTestCoverage, engines) {
    const results = [];
    for (const name of names) {
      const test = this.tests.get(name);
      if (!test) continue;
      if (perTestCoverage) ns()[INSTRUMENTER_CONSTANTS.CURRENT_TEST_ID] = name;
      const started = performance.now();
      let failure;
      try {
        failure = test.run(engines);
      } catch (error) {
        failure = `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      }
      const timeSpentMs = performance.now() - started;
      ns()[INSTRUMENTER_CONSTANTS.CURRENT_TEST_ID] = undefined;
      results.push(failure === undefined ? { id: name, name, timeSpentMs, status: TestStatus.Success } : { id: name, name, timeSpentMs, status: TestStatus.Failed, failureMessage: failure });
      if (failure !== undefined && bail) break;
    }
    return results;
  }

  async dryRun({ coverageAnalysis, disableBail }) {
    ns()[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT] = undefined;
    const tests = this.runTests([...this.tests.keys()], !disableBail, coverageAnalysis === "perTest");
    for (const t of tests) this.timeOf.set(t.id, t.timeSpentMs);
    const coverage = ns()[INSTRUMENTER_CONSTANTS.MUTATION_COVERAGE_OBJECT];
    return { status: DryRunStatus.Complete, tests, ...(coverageAnalysis === "off" ? {} : { mutantCoverage: coverage ?? { static: {}, perTest: {} } }) };
  }

  /** One mutant over its tests: Stryker's result for it. */
  runMutant({ activeMutant, testFilter, hitLimit, disableBail }) {
    const space = ns();
    space[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT] = activeMutant.id;
    space[INSTRUMENTER_CONSTANTS.HIT_LIMIT] = hitLimit;
    space[INSTRUMENTER_CONSTANTS.HIT_COUNT] = hitLimit === undefined ? undefined : 0;
    let tests;
    try {
      // One engine per game for this mutant's tests, built with the mutant on (as `cardwright test` shares one per game).
      tests = this.runTests(testOrder(testFilter ?? [...this.tests.keys()], this.kills, this.timeOf), !disableBail, false, new Map());
    } finally {
      space[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT] = undefined;
    }
    const hitCount = space[INSTRUMENTER_CONSTANTS.HIT_COUNT];
    space[INSTRUMENTER_CONSTANTS.HIT_COUNT] = undefined;
    space[INSTRUMENTER_CONSTANTS.HIT_LIMIT] = undefined;
    return determineHitLimitReached(hitCount, hitLimit) ?? { status: DryRunStatus.Complete, tests };
  }

  async mutantRun(options) {
    let result = this.runMutant(options);
    const killer = result.status === DryRunStatus.Complete ? result.tests.find((t) => t.status === TestStatus.Failed) : undefined;
    if (killer && this.runTests([killer.id], true, false)[0]?.status === TestStatus.Failed) {
      // The scenario fails with no mutant active: the mutant left something behind in this process.
      this.log.info(`mutant ${options.activeMutant.id}: ${killer.id} fails afterwards too; engine imported again and the mutant re-run`);
      await this.load();
      result = this.runMutant(options);
    }
    const run = toMutantRunResult(result, false);
    if (run.status === "killed") for (const id of run.killedBy) this.kills.set(id, (this.kills.get(id) ?? 0) + 1);
    return run;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, "cardwright-scenarios", ScenarioTestRunner)];
