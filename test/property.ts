/**
 * fast-check's parameters for a random property test, so that a failure seen once (in CI, at random) can be replayed:
 * the failure message carries fast-check's seed, path and counterexample, and the run ends at the first failure
 * (no shrinking: shrinking a property whose every run checks whole workspaces can outlast the test's time, and then
 * nothing is printed at all).
 *
 *   CW_FC_SEED=<seed> CW_FC_PATH=<path> npx vitest run <file>   replays exactly the failing case
 *   CW_FC_SHRINK=1                                               shrinks the counterexample (slow; to read a failure)
 *   CW_FC_RUNS=<n>                                               more runs than the test's own (hunting a rare failure;
 *                                                                the test's time limit grows with them: `propertyTimeout`)
 */
import type { Parameters } from "fast-check";

export function propertyParameters<T>(numRuns: number): Parameters<T> {
  const env = process.env;
  const seed = env.CW_FC_SEED ? Number(env.CW_FC_SEED) : undefined;
  return {
    numRuns: env.CW_FC_RUNS ? Number(env.CW_FC_RUNS) : numRuns,
    ...(seed !== undefined && Number.isInteger(seed) ? { seed } : {}),
    ...(env.CW_FC_PATH ? { path: env.CW_FC_PATH } : {}),
    endOnFailure: !env.CW_FC_SHRINK,
  };
}

/** A property test's time limit for its own number of runs, grown in proportion when CW_FC_RUNS asks for more. */
export function propertyTimeout(ms: number, numRuns: number): number {
  const runs = Number(process.env.CW_FC_RUNS ?? 0);
  return runs > numRuns ? Math.ceil((ms * runs) / numRuns) : ms;
}
