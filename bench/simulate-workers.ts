/**
 * `cardwright simulate --workers N` bench: the same run (Duel starter set, invariants on, as the
 * command plays it) in this thread, on 1 worker thread and on 2, interleaved in rotating rounds;
 * the speed-up is wall time on 1 worker ÷ wall time on N, per round, median (min–max). Wall time,
 * not CPU time: the point is the cores used at once. On a shared machine the speed-up measures
 * how many cores were free as much as the pool: read it with the load beside it (and where the
 * kernel groups a session's threads for scheduling — sched_autogroup — a busy machine gives the
 * session about one share however many threads it runs).
 *
 * Every run also says where its CPU went (Linux: each thread's schedstat): the worker threads, their
 * time runnable but waiting for a core, and the process's other threads — V8's helpers, which
 * compile a fresh thread's hot code concurrently. Then the same runs on threads kept warm (a pool
 * opened once): the speed-up the games themselves get from a second core, without the start-up.
 *
 * It then times a worker thread's start-up, on the prebuilt bundle against TypeScript through tsx.
 *
 *   npx tsx bench/simulate-workers.ts [--rounds 5] [--games 1000] [--game duel]
 */
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { simulateOnWorkers } from "../cli/commands/simulate.ts";
import type { GameBatch, SimulationRun } from "../cli/commands/simulate-worker.ts";
import { openPool, runPool, type OpenPool } from "../cli/pool/index.ts";
import { batchRanges, batchSizeFor } from "../balance/batch.ts";
import { combineOutcomes, type GameOutcome } from "../runtime/simulate.ts";
import { bundleOf } from "./bundles.ts";
import { fmt, fmtRatio, reportGoal, summarize, type Summary } from "./lib/measure.ts";

/** Per OS thread of this process (Linux /proc/self/task/<tid>/schedstat): seconds on a core, and seconds runnable but waiting for one. */
export interface ThreadTimes {
  cpu: number;
  waiting: number;
}

/** Every thread of this process by thread id; null where there is no /proc. */
export function threadTimes(): Map<string, ThreadTimes> | null {
  try {
    const out = new Map<string, ThreadTimes>();
    for (const tid of readdirSync("/proc/self/task")) {
      try {
        const [cpu, waiting] = readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
        out.set(tid, { cpu: cpu! / 1e9, waiting: waiting! / 1e9 });
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return out;
  } catch {
    return null;
  }
}

/** Where a run's CPU went, in seconds: the pool's worker threads (largest first), the rest of the process. */
export interface RunThreads {
  /** Each worker thread's CPU: the games, and the thread's start-up. */
  workers: number[];
  /** Each worker thread's time runnable but waiting for a core (what the machine's load costs it). */
  workersWaiting: number[];
  /**
   * The process's other threads: the main thread and V8's helper threads, which compile hot code
   * (TurboFan runs concurrently) and help the garbage collector for every isolate in the process.
   */
  others: number;
}

/**
 * Runs `run` while sampling every thread's times (every 50 ms: a worker thread's entry goes when
 * the pool ends it). The pool's worker threads are `workerTids` when given (a pool opened before),
 * else the threads that were not there when it started and used 20 ms or more; every other
 * thread's CPU during the run is `others`.
 */
export async function threadsDuring<T>(run: () => Promise<T>, workerTids?: ReadonlySet<string>): Promise<{ result: T; threads: RunThreads | null }> {
  const before = threadTimes();
  const last = new Map<string, ThreadTimes>();
  const sample = () => {
    for (const [tid, times] of threadTimes() ?? []) last.set(tid, times);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run();
    sample();
    if (!before) return { result, threads: null };
    const workers: ThreadTimes[] = [];
    let others = 0;
    for (const [tid, times] of last) {
      const old = before.get(tid) ?? { cpu: 0, waiting: 0 };
      const used = { cpu: times.cpu - old.cpu, waiting: times.waiting - old.waiting };
      if (workerTids ? workerTids.has(tid) : !before.has(tid) && used.cpu >= 0.02) workers.push(used);
      else others += used.cpu;
    }
    workers.sort((a, b) => b.cpu - a.cpu);
    return { result, threads: { workers: workers.map((t) => t.cpu), workersWaiting: workers.map((t) => t.waiting), others } };
  } finally {
    clearInterval(timer);
  }
}

type Runs = Record<string, number[]>;
const byCount = (counts: number[]) => Object.fromEntries(counts.map((n) => [String(n), [] as number[]])) as Runs;

/** What the fresh-thread and warm-thread parts of the bench measure per worker count (0: in this thread). */
export interface WorkerRuns {
  /** Wall seconds per run. */
  seconds: Runs;
  /** CPU seconds of the whole process per run, every thread included. */
  cpuSeconds: Runs;
  /** Per run: the worker threads' CPU together, their time waiting for a core together, and the other threads' CPU. */
  workersCpu: Runs;
  workersWaiting: Runs;
  othersCpu: Runs;
  hashes: Set<string>;
}

async function measureRun(runs: WorkerRuns, workers: number, round: number, run: () => Promise<{ traceHash?: string }>, workerTids?: ReadonlySet<string>): Promise<void> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const { result, threads } = await threadsDuring(run, workerTids);
  const key = String(workers);
  runs.seconds[key]!.push((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuStarted);
  runs.cpuSeconds[key]!.push((cpu.user + cpu.system) / 1e6);
  if (threads) {
    runs.workersCpu[key]!.push(threads.workers.slice(0, workers).reduce((a, b) => a + b, 0));
    runs.workersWaiting[key]!.push(threads.workersWaiting.slice(0, workers).reduce((a, b) => a + b, 0));
    runs.othersCpu[key]!.push(threads.others);
  }
  runs.hashes.add(`${round}:${result.traceHash}`);
}

const emptyRuns = (counts: number[]): WorkerRuns => ({ seconds: byCount(counts), cpuSeconds: byCount(counts), workersCpu: byCount(counts), workersWaiting: byCount(counts), othersCpu: byCount(counts), hashes: new Set() });

/** The CLI's way: each run starts its own threads (0, 1 and 2 workers, rotating per round, one seed per round). */
export async function runWorkersBench(rounds: number, games: number, game: string): Promise<WorkerRuns & { speedup: Summary }> {
  const bundle = bundleOf(game);
  const counts = [0, 1, 2];
  const runs = emptyRuns(counts);
  await simulateOnWorkers(bundle, { games: 4, seed: 99 }, 0); // warm-up: JIT in this thread
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < counts.length; k++) {
      const workers = counts[(round + k) % counts.length]!;
      await measureRun(runs, workers, round, () => simulateOnWorkers(bundle, { games, seed: 1 + round }, workers));
    }
  }
  return { ...runs, speedup: summarize(runs.seconds["1"]!.map((s, i) => s / runs.seconds["2"]![i]!)) };
}

/**
 * Threads kept warm: a pool of 1 and a pool of 2 threads, opened once, each thread first playing
 * a batch (loading the code, compiling the hot paths), then the same run on each pool alternated
 * per round. What is left of the speed-up here is what the games themselves gain from a second
 * core; the gap to the fresh-thread figure is each thread's start-up.
 */
export async function runWarmWorkersBench(rounds: number, games: number, game: string): Promise<WorkerRuns & { speedup: Summary }> {
  const shared: SimulationRun = { bundle: bundleOf(game), options: { seed: 1 } };
  const counts = [1, 2];
  const runs = emptyRuns(counts);
  const pools = new Map<number, OpenPool<GameBatch, GameOutcome[]>>();
  const poolThreads = new Map<number, Set<string>>();
  try {
    for (const n of counts) {
      const before = new Set(threadTimes()?.keys());
      const pool = await openPool<GameBatch, GameOutcome[], SimulationRun>({ workers: n, worker: new URL("../cli/commands/simulate-worker.ts", import.meta.url), shared });
      pools.set(n, pool);
      await pool.run(batchRanges(n * 200, 200)); // one warm-up batch per thread
      // The pool's threads: the new ones that played (V8 may have started helpers meanwhile: they use little).
      const after = threadTimes() ?? new Map<string, ThreadTimes>();
      poolThreads.set(n, new Set([...after].filter(([tid]) => !before.has(tid)).sort((a, b) => b[1].cpu - a[1].cpu).slice(0, n).map(([tid]) => tid)));
    }
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < counts.length; k++) {
        const workers = counts[(round + k) % counts.length]!;
        const batches = batchRanges(games, batchSizeFor(games, workers));
        await measureRun(runs, workers, round, async () => combineOutcomes((await pools.get(workers)!.run(batches)).flat()), poolThreads.get(workers));
      }
  } finally {
    for (const pool of pools.values()) await pool.close();
  }
  return { ...runs, speedup: summarize(runs.seconds["1"]!.map((s, i) => s / runs.seconds["2"]![i]!)) };
}

/**
 * What starting a worker thread costs: one game on one fresh thread, the thread loading the worker's
 * prebuilt plain-JS bundle (cli/pool/bundle.ts) or its TypeScript through tsx, alternated; CPU of
 * the whole process (the thread's start-up, loading, and one cold game) and wall time.
 */
export async function runThreadStartBench(rounds: number, game: string): Promise<Record<"bundle" | "tsx", { cpu: number[]; wall: number[] }>> {
  const shared: SimulationRun = { bundle: bundleOf(game), options: { seed: 7 } };
  const out = { bundle: { cpu: [] as number[], wall: [] as number[] }, tsx: { cpu: [] as number[], wall: [] as number[] } };
  for (let round = 0; round < rounds; round++)
    for (const kind of round % 2 ? (["tsx", "bundle"] as const) : (["bundle", "tsx"] as const)) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await runPool<GameBatch, GameOutcome[], SimulationRun>({ workers: 1, tasks: [{ from: 0, to: 1 }], worker: new URL("../cli/commands/simulate-worker.ts", import.meta.url), shared, prebuilt: kind === "bundle" });
      const cpu = process.cpuUsage(cpuStarted);
      out[kind].cpu.push((cpu.user + cpu.system) / 1e6);
      out[kind].wall.push((performance.now() - started) / 1000);
    }
  return out;
}

if (process.argv[1]?.endsWith("bench/simulate-workers.ts")) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1]! : fallback;
  };
  const rounds = Number(arg("--rounds", "5"));
  const games = Number(arg("--games", "1000"));
  const game = arg("--game", "duel");
  const loadBefore = loadavg()[0]!;
  const fresh = await runWorkersBench(rounds, games, game);
  const loadMiddle = loadavg()[0]!;
  const warm = await runWarmWorkersBench(rounds, games, game);
  console.log(`simulate ${game}, ${games} games per run, invariants on; ${availableParallelism()} cores; 1-minute load ${fmt(loadBefore)} before, ${fmt(loadMiddle)} between the two parts, ${fmt(loadavg()[0]!)} after (shared machine: a speed-up needs free cores)`);
  const s2 = (values: number[]) => {
    const s = summarize(values);
    return `${fmt(s.median, 2)} (${fmt(s.min, 2)}–${fmt(s.max, 2)})`;
  };
  const report = (title: string, runs: WorkerRuns, speedup: Summary) => {
    console.log(title);
    for (const [workers, values] of Object.entries(runs.seconds)) {
      const s = summarize(values);
      const label = workers === "0" ? "in this thread" : `${workers} worker thread${workers === "1" ? "" : "s"}`;
      console.log(`  ${label.padEnd(18)} wall ${fmt(s.median, 2)} s (${fmt(s.min, 2)}–${fmt(s.max, 2)}), ${fmt(games / s.median)} games/s; CPU of the process ${s2(runs.cpuSeconds[workers]!)} s`);
      // Where the CPU went: the games run on the worker threads; the process's other threads are the
      // main thread and V8's helpers (concurrent compiling of hot code, garbage-collector helpers).
      if (workers !== "0" && runs.workersCpu[workers]!.length > 0)
        console.log(`  ${"".padEnd(18)} worker threads' CPU ${s2(runs.workersCpu[workers]!)} s, their wait for a core ${s2(runs.workersWaiting[workers]!)} s; the process's other threads ${s2(runs.othersCpu[workers]!)} s`);
      else if (runs.othersCpu[workers]!.length > 0) console.log(`  ${"".padEnd(18)} (the games on the main thread; V8's helper threads in the figure above)`);
    }
    console.log(`  speed-up, 2 workers over 1 (wall): ${fmtRatio(speedup, 2)}`);
  };
  report("fresh threads every run (as `cardwright simulate --workers N` runs):", fresh, fresh.speedup);
  report("warm threads (a pool kept open; each thread played a batch first):", warm, warm.speedup);
  // Each round's runs share a seed: one hash per round means every worker count agreed.
  const agreed = fresh.hashes.size === rounds && warm.hashes.size === rounds;
  console.log(`  same trace hash for every worker count in every round: ${agreed ? "yes" : "NO"}`);
  reportGoal({ figure: "simulate --workers 2 ÷ --workers 1 (wall, speed-up)", measured: fmtRatio(fresh.speedup, 2), goal: "> 1 (2 cores)", met: fresh.speedup.median > 1 });
  reportGoal({ figure: "warm threads, 2 ÷ 1 (wall, speed-up)", measured: fmtRatio(warm.speedup, 2), goal: "near 2 (2 cores)", met: warm.speedup.median > 1.6 });
  const start = await runThreadStartBench(rounds, game);
  console.log(`thread start-up (one game on one fresh worker thread, ${rounds} of each, alternated; CPU of the whole process):`);
  for (const kind of ["bundle", "tsx"] as const) {
    const cpu = summarize(start[kind].cpu);
    const wall = summarize(start[kind].wall);
    console.log(`  ${kind === "bundle" ? "prebuilt bundle" : "TypeScript via tsx"}`.padEnd(22) + ` CPU ${fmt(cpu.median, 2)} s (${fmt(cpu.min, 2)}–${fmt(cpu.max, 2)}), wall ${fmt(wall.median, 2)} s (${fmt(wall.min, 2)}–${fmt(wall.max, 2)})`);
  }
  console.log(`  CPU, bundle ÷ tsx: ${fmtRatio(summarize(start.bundle.cpu.map((c, i) => c / start.tsx.cpu[i]!)), 2)}`);
  if (!agreed) process.exitCode = 1;
}
