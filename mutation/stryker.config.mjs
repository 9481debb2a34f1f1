// StrykerJS over runtime/, judged by the scenario suite alone (mutation/suite-tests.ts, run by mutation/scenario-runner.mjs).
// Run it per module with scripts/mutation.ts (`npm run mutation -- runtime/mechanics/weapons.ts`):
// the whole of runtime/ at once takes hours on a 2-core machine.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The scenario suite run in Stryker's worker process, loaded once (mutation/scenario-runner.mjs says why).
  testRunner: "cardwright-scenarios",
  plugins: ["./mutation/scenario-runner.mjs", "./mutation/message-text-ignorer.mjs", "./mutation/equivalent-ignorer.mjs", "./mutation/progress-reporter.mjs"],
  // Mutants in the wording of messages (trace sentences, refusal and failure messages) are left out of the
  // score: which texts count is listed in mutation/message-text-ignorer.mjs and docs/mutation.md.
  // Equivalent mutants (mutation/equivalent-ignorer.mjs: each kind with the reason its callers cannot tell it) too.
  ignorers: ["MessageText", "Equivalent"],
  // scripts/mutation.ts runs one module at a time (MUTATE) and keeps each module's report apart (MUTATION_REPORT).
  mutate: process.env.MUTATE ? process.env.MUTATE.split(",") : ["runtime/**/*.ts"],
  // Each mutant runs only the scenarios that execute it.
  coverageAnalysis: "perTest",
  // Module-level code (registrations) runs for every test: those mutants would each need the whole suite.
  ignoreStatic: true,
  // Each module keeps its last results (mutation/incremental/, checked in): a later run re-tests only
  // mutants whose code changed or whose scenarios changed (a scenario's test name carries a hash of
  // the scenario and the compiled game it can reach, mutation/suite-tests.ts compiledHashes). `npm run mutation -- --force` re-tests all.
  incremental: true,
  incrementalFile: process.env.MUTATION_INCREMENTAL ?? "reports/mutation/stryker-incremental.json",
  concurrency: 1,
  // The initial run (every scenario once, with coverage: 1,330 tests at 1aaa633) is ended by Stryker after
  // dryRunTimeoutMinutes (its default, 5, ended it at 6 min under a load of 25–45 on 2026-12-04: nothing tested).
  // scripts/mutation.ts's --minutes limit bounds the whole run anyway.
  dryRunTimeoutMinutes: 30,
  // A mutant that runs longer than 1.5 × its scenarios' time in the initial run + 10 s is a timeout (counted as
  // detected). Most are real: a mutant that stops a game from settling runs settle's 20,000-step guard and the
  // scenario then fails as a drawn game, only slowly. Each timeout costs a restart, so the margin is kept modest.
  timeoutMS: 10000,
  timeoutFactor: 1.5,
  // cardwright-progress: each mutant's result written as it comes (MUTATION_PROGRESS), kept by a run stopped early.
  reporters: ["clear-text", "progress", "json", "cardwright-progress"],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  disableTypeChecks: "runtime/**/*.ts",
};
