import { defineConfig } from "vitest/config";

// One test command for everything (README, CI): `npm test` == `vitest run`.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The machine has 2 cores; browser tests start Chromium and must not run in parallel with themselves.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
