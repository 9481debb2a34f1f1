// test/property.ts: a random property's failure can be replayed from its message alone.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { propertyParameters, propertyTimeout } from "./property.ts";

const failing = fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 8 }), (xs) => xs.every((x) => x < 900));
const saved = { ...process.env };
afterEach(() => {
  for (const key of ["CW_FC_SEED", "CW_FC_PATH", "CW_FC_SHRINK", "CW_FC_RUNS"]) if (saved[key] === undefined) delete process.env[key];
  else process.env[key] = saved[key];
});

describe("a random property's failure says how to replay it", () => {
  it("the message carries the seed, the path and the counterexample; CW_FC_SEED and CW_FC_PATH replay that very case", () => {
    const message = (() => {
      try {
        fc.assert(failing, propertyParameters(200));
      } catch (error) {
        return (error as Error).message;
      }
      return "passed";
    })();
    const seed = /seed: (-?\d+)/.exec(message)?.[1];
    const path = /path: "([^"]+)"/.exec(message)?.[1];
    const counterexample = /Counterexample: (.*)/.exec(message)?.[1];
    expect([seed, path, counterexample].every(Boolean), message).toBe(true);
    // Ended at the first failure: nothing shrunk.
    expect(message).not.toMatch(/Shrunk [1-9]/);
    process.env.CW_FC_SEED = seed;
    process.env.CW_FC_PATH = path;
    const details = fc.check(failing, propertyParameters(200));
    expect(details.failed).toBe(true);
    expect(fc.stringify(details.counterexample)).toBe(counterexample);
  });

  it("CW_FC_SHRINK shrinks (to one value of 900 or more); CW_FC_RUNS sets the number of runs", () => {
    process.env.CW_FC_SHRINK = "1";
    const details = fc.check(failing, propertyParameters(200));
    expect(details.counterexample).toEqual([[900]]);
    delete process.env.CW_FC_SHRINK;
    process.env.CW_FC_RUNS = "7";
    expect(fc.check(fc.property(fc.nat(), () => true), propertyParameters(200)).numRuns).toBe(7);
    // More runs than the test's own: its time limit grows with them; fewer never shrink it.
    process.env.CW_FC_RUNS = "100";
    expect([propertyTimeout(300_000, 25), propertyTimeout(300_000, 200)]).toEqual([1_200_000, 300_000]);
  });
});
