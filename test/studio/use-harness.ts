/**
 * The studio browser tests' one way to get a harness (studio/scripts/harness.ts): call
 * `useHarness()` at the top of a test file. It starts the built studio and Chromium once before
 * the file's tests (building the studio first if its sources are newer than the build) and
 * closes both after them.
 */
import { afterAll, beforeAll } from "vitest";
import { startHarness, type Harness } from "../../studio/scripts/harness.ts";

export interface HarnessOptions {
  /** Writes the test's own files into its copy of the workspace before the server starts. */
  prepare?: (workspace: string) => Promise<void>;
  viewport?: { width: number; height: number };
}

/**
 * Building the studio when it is stale, then starting Chromium, can take several minutes on a
 * loaded 2-core machine: the start-up hook gets this long whatever the file's other hooks get.
 */
const START_TIMEOUT_MS = 600_000;

/**
 * Registers the file's beforeAll/afterAll and returns the harness. Its fields can be read only
 * inside tests and hooks registered after this call (before the start they do not exist yet).
 */
export function useHarness(options: HarnessOptions = {}): Omit<Harness, "close"> {
  let started: Harness | undefined;
  const current = (): Harness => {
    if (!started) throw new Error("The studio harness was used before useHarness's beforeAll started it (or that start failed: see its error).");
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options.prepare, { viewport: options.viewport });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.close();
  });
  return {
    get workspace() {
      return current().workspace;
    },
    get studio() {
      return current().studio;
    },
    get browser() {
      return current().browser;
    },
    get blocked() {
      return current().blocked;
    },
    newPage: (query?: string) => current().newPage(query),
  };
}
