import { defineConfig } from "vitest/config";

// One test command for everything (README, CI): `npm test` == `vitest run`.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The machine has 2 cores; browser tests start Chromium and must not run in parallel with themselves.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    // `cardwright test` is strict by default where CI is set (cli/commands/test.ts strictByDefault): the suite is the same
    // on a CI service and on a laptop — a test that wants strictness says so (--strict, or vi.stubEnv).
    env: { CI: "" },
    hookTimeout: 120_000,
  },
});
