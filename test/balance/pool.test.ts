// cli/pool: tasks run on worker threads; results and onResult come in task order for any worker count.
import { describe, expect, it } from "vitest";
import { runPool } from "../../cli/pool/index.ts";

const worker = new URL("./fixtures/pool-square.ts", import.meta.url);
// Later tasks are quicker, so threads finish them out of order.
const tasks = Array.from({ length: 8 }, (_, n) => ({ n, delayMs: (8 - n) * 15 }));

async function run(workers: number) {
  const seen: number[] = [];
  const results = await runPool<(typeof tasks)[number], { n: number; value: number; thread: number }, { offset: number }>({ workers, tasks, worker, shared: { offset: 1 }, onResult: (r, index) => seen.push(index * 100 + r.n) });
  return { results, seen };
}

describe("runPool", () => {
  it("gives the same results in task order with 0, 1 and 3 workers, and calls onResult in task order", async () => {
    for (const workers of [0, 1, 3]) {
      const { results, seen } = await run(workers);
      expect(results.map((r) => r.value)).toEqual(tasks.map((t) => t.n * t.n + 1));
      expect(seen).toEqual(tasks.map((t) => t.n * 101));
      if (workers === 3) expect(new Set(results.map((r) => r.thread)).size).toBeGreaterThan(1);
      if (workers === 0) expect(new Set(results.map((r) => r.thread))).toEqual(new Set([0]));
    }
  });

  it("rejects with the worker's error when a task throws", async () => {
    await expect(runPool({ workers: 2, tasks: [{ n: 1, delayMs: 1 }, { n: 2, delayMs: 1, fail: true }], worker, shared: { offset: 0 } })).rejects.toThrow(/task 2 failed on purpose/);
  });

  it("refuses a bad worker count", async () => {
    await expect(runPool({ workers: -1, tasks, worker, shared: { offset: 0 } })).rejects.toThrow(/whole number/);
  });
});
