/**
 * A worker-thread pool for the CLI's long runs (`cardwright balance`, `simulate --workers`), on
 * piscina. `runPool` hands each task to a worker thread that runs a TypeScript module's default
 * export, `(task, shared) => result` (as a prebuilt plain-JS bundle when it can: ./bundle.ts), and returns the results in TASK ORDER — `onResult` is called
 * in that order too, whatever order the threads finish in — so a run's totals are the same for
 * any number of workers when each task fixes its own seeds.
 *
 * `shared` (plain, structured-clonable data, such as a compiled game) is sent to each thread once,
 * not with every task; a worker module may cache what it builds from it (the object stays the same
 * for the life of its thread). `workers: 0` runs every task in this thread (no pool): same results.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { workerBundle } from "./bundle.ts";

export interface PoolOptions<Task, Result, Shared = undefined> {
  /** Worker threads (default: one per core). 0: run the tasks in this thread, one after another. */
  workers?: number;
  tasks: readonly Task[];
  /** The module run in the workers (a URL or a path); its default export is `(task, shared) => result | Promise<result>`. */
  worker: URL | string;
  /** Sent once to each worker thread and passed to every call. */
  shared?: Shared;
  /** Each result, in task order (task `index` is done and every task before it too). */
  onResult?: (result: Result, index: number) => void;
  /** Threads run the worker module's prebuilt bundle when there is one (./bundle.ts; default true); false: through tsx. */
  prebuilt?: boolean;
}

export type PoolWorker<Task, Result, Shared = undefined> = (task: Task, shared: Shared) => Result | Promise<Result>;

/** What the worker entry (./worker-entry.mjs) reads from `workerData`. */
export interface PoolWorkerData {
  module: string;
  /** The module's prebuilt plain-JS bundle (./bundle.ts), or null: run `module` through tsx. */
  bundle: string | null;
  shared: unknown;
}

const ENTRY = fileURLToPath(new URL("./worker-entry.mjs", import.meta.url));

export function defaultWorkers(): number {
  return availableParallelism();
}

/**
 * The Node flags a worker thread starts with: this process's, minus the ones that load tsx (a
 * process started by `tsx` passes them on to every thread) when the thread runs a prebuilt bundle.
 */
export function threadExecArgv(execArgv: readonly string[], bundled: boolean): string[] {
  if (!bundled) return [...execArgv];
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const [name, inline] = flag.split(/=(.*)/s, 2) as [string, string | undefined];
    if (/^(--require|-r|--import|--loader|--experimental-loader)$/.test(name)) {
      const value = inline ?? execArgv[i + 1] ?? "";
      if (inline === undefined) i++;
      if (/(^|[\\/])tsx([\\/]|$)/.test(value)) continue;
      out.push(inline === undefined ? `${name}` : flag);
      if (inline === undefined) out.push(value);
      continue;
    }
    out.push(flag);
  }
  return out;
}

const moduleUrl = (worker: URL | string): string => (worker instanceof URL ? worker.href : /^[a-z]+:/i.test(worker) ? worker : pathToFileURL(worker).href);

export async function runPool<Task, Result, Shared = undefined>(options: PoolOptions<Task, Result, Shared>): Promise<Result[]> {
  const { tasks, onResult } = options;
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be a whole number ≥ 0 (got ${workers})`);
  const results: Result[] = new Array(tasks.length);
  if (workers === 0 || tasks.length === 0) {
    if (tasks.length === 0) return results;
    const run = (await import(moduleUrl(options.worker))).default as PoolWorker<Task, Result, Shared>;
    for (const [index, task] of tasks.entries()) {
      results[index] = await run(task, options.shared as Shared);
      onResult?.(results[index]!, index);
    }
    return results;
  }
  const pool = await openPool<Task, Result, Shared>({ ...options, workers: Math.min(workers, tasks.length) });
  try {
    return await pool.run(tasks, onResult);
  } finally {
    await pool.close();
  }
}

/** Worker threads kept between runs (`openPool`): each thread loads the module and warms up once. */
export interface OpenPool<Task, Result> {
  /** The tasks' results in task order; `onResult` in task order too (as `runPool`). */
  run(tasks: readonly Task[], onResult?: (result: Result, index: number) => void): Promise<Result[]>;
  close(): Promise<void>;
}

/**
 * `workers` threads (≥ 1) that stay up for several runs until `close()`. A fresh thread is a fresh
 * V8 isolate: it loads the worker module and compiles its hot code again (docs/performance.md,
 * "Simulation on worker threads"), so a caller with many short runs keeps one pool open.
 */
export async function openPool<Task, Result, Shared = undefined>(options: Omit<PoolOptions<Task, Result, Shared>, "tasks" | "onResult">): Promise<OpenPool<Task, Result>> {
  const threads = options.workers ?? defaultWorkers();
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`a pool's workers must be a whole number ≥ 1 (got ${threads})`);
  const module = moduleUrl(options.worker);
  const workerData: PoolWorkerData = { module, bundle: options.prebuilt === false ? null : await workerBundle(module), shared: options.shared };
  const execArgv = threadExecArgv(process.execArgv, workerData.bundle !== null);
  const pool = new Piscina({ filename: ENTRY, minThreads: threads, maxThreads: threads, workerData, execArgv, idleTimeout: 1000 });
  return {
    async run(tasks, onResult) {
      const results: Result[] = new Array(tasks.length);
      const done = new Array<boolean>(tasks.length).fill(false);
      let next = 0;
      // Results reach onResult in task order: a finished task waits until every task before it is reported.
      const flush = () => {
        while (next < tasks.length && done[next]) {
          onResult?.(results[next]!, next);
          next++;
        }
      };
      await Promise.all(
        tasks.map(async (task, index) => {
          results[index] = (await pool.run(task)) as Result;
          done[index] = true;
          flush();
        }),
      );
      return results;
    },
    close: () => pool.destroy(),
  };
}
