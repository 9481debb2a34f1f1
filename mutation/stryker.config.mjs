// StrykerJS over runtime/, judged by the scenario suite alone (mutation/scenarios.mutation.ts).
// Run it per module with scripts/mutation.ts (`npm run mutation -- runtime/mechanics/weapons.ts`):
// the whole of runtime/ at once takes hours on a 2-core machine.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "mutation/vitest.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  // scripts/mutation.ts runs one module at a time (MUTATE) and keeps each module's report apart (MUTATION_REPORT).
  mutate: [process.env.MUTATE ?? "runtime/**/*.ts"],
  // Each mutant runs only the scenarios that execute it.
  coverageAnalysis: "perTest",
  // Module-level code (registrations) runs for every test: those mutants would each need the whole suite.
  ignoreStatic: true,
  concurrency: 1,
  timeoutMS: 20000,
  timeoutFactor: 3,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  disableTypeChecks: "runtime/**/*.ts",
};
