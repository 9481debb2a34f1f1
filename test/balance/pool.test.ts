// cli/pool: tasks run on worker threads; results and onResult come in task order for any worker count;
// threads run the worker module's prebuilt bundle, rebuilt when a source changes.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runPool, threadExecArgv } from "../../cli/pool/index.ts";
import { workerBundle } from "../../cli/pool/bundle.ts";

const worker = new URL("./fixtures/pool-square.ts", import.meta.url);
// Later tasks are quicker, so threads finish them out of order.
const tasks = Array.from({ length: 8 }, (_, n) => ({ n, delayMs: (8 - n) * 15 }));

async function run(workers: number) {
  const seen: number[] = [];
  const results = await runPool<(typeof tasks)[number], { n: number; value: number; thread: number; ranFrom: string }, { offset: number }>({ workers, tasks, worker, shared: { offset: 1 }, onResult: (r, index) => seen.push(index * 100 + r.n) });
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
      // Threads run the worker's prebuilt plain-JS bundle (no tsx in the thread); this thread runs the TypeScript.
      for (const r of results) expect(r.ranFrom).toContain(workers === 0 ? "pool-square.ts" : "/node_modules/.cache/cardwright/pool/");
    }
  });

  it("runs the TypeScript through tsx on a thread when asked not to use the prebuilt bundle", async () => {
    const results = await runPool<(typeof tasks)[number], { value: number; ranFrom: string }, { offset: number }>({ workers: 1, tasks: tasks.slice(0, 2), worker, shared: { offset: 1 }, prebuilt: false });
    expect(results.map((r) => r.value)).toEqual([1, 2]);
    for (const r of results) expect(r.ranFrom).toContain("pool-square.ts");
  });

  it("rejects with the worker's error when a task throws", async () => {
    await expect(runPool({ workers: 2, tasks: [{ n: 1, delayMs: 1 }, { n: 2, delayMs: 1, fail: true }], worker, shared: { offset: 0 } })).rejects.toThrow(/task 2 failed on purpose/);
  });

  it("refuses a bad worker count", async () => {
    await expect(runPool({ workers: -1, tasks, worker, shared: { offset: 0 } })).rejects.toThrow(/whole number/);
  });
});

describe("workerBundle", () => {
  const dir = mkdtempSync(join(tmpdir(), "cw-pool-bundle-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cache = join(dir, "cache");
  const runBundle = async (url: string | null) => (await import(url!)).default() as string;

  it("builds a worker module once, reuses it while its sources are unchanged, and rebuilds when one changes", async () => {
    writeFileSync(join(dir, "word.ts"), `export const word: string = "first";\n`);
    writeFileSync(join(dir, "worker.ts"), `import { word } from "./word.ts";\nexport default (): string => word;\n`);
    const module = pathToFileURL(join(dir, "worker.ts")).href;
    const first = await workerBundle(module, cache);
    expect(first).toMatch(/\.mjs$/);
    expect(await runBundle(first)).toBe("first");
    expect(await workerBundle(module, cache)).toBe(first);
    writeFileSync(join(dir, "word.ts"), `export const word: string = "second";\n`);
    const second = await workerBundle(module, cache);
    expect(second).not.toBe(first);
    expect(await runBundle(second)).toBe("second");
  });

  it("leaves a module that reads import.meta, or that is not TypeScript, to tsx (null)", async () => {
    writeFileSync(join(dir, "meta.ts"), `export default (): string => import.meta.url;\n`);
    expect(await workerBundle(pathToFileURL(join(dir, "meta.ts")).href, cache)).toBeNull();
    writeFileSync(join(dir, "plain.mjs"), `export default () => 1;\n`);
    expect(await workerBundle(pathToFileURL(join(dir, "plain.mjs")).href, cache)).toBeNull();
  });
});

describe("threadExecArgv", () => {
  it("drops the flags that load tsx when the thread runs a bundle, and keeps every other flag", () => {
    const fromTsx = ["--require", "/p/node_modules/tsx/dist/preflight.cjs", "--import", "file:///p/node_modules/tsx/dist/loader.mjs", "--expose-gc"];
    expect(threadExecArgv(fromTsx, true)).toEqual(["--expose-gc"]);
    expect(threadExecArgv(["--expose-gc", "--import", "tsx", "--import=tsx", "--max-old-space-size=4096", "--import", "./other.mjs", "--require=./setup.cjs"], true)).toEqual([
      "--expose-gc",
      "--max-old-space-size=4096",
      "--import",
      "./other.mjs",
      "--require=./setup.cjs",
    ]);
    expect(threadExecArgv(fromTsx, false)).toEqual(fromTsx);
  });
});
