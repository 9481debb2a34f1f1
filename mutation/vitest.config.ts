import { defineConfig } from "vitest/config";

// The scenario suite alone, for StrykerJS (mutation/stryker.config.mjs); not part of `npm test`.
export default defineConfig({
  test: {
    include: ["mutation/*.mutation.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
  },
});
