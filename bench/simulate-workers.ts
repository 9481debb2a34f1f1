/**
 * `cardwright simulate --workers N` bench: the same run (Duel starter set, invariants on, as the
 * command plays it) in this thread, on 1 worker thread and on 2, interleaved in rotating rounds;
 * the speed-up is wall time on 1 worker ÷ wall time on N, per round, median (min–max). Wall time,
 * not CPU time: the point is the cores used at once. On a shared machine the speed-up measures
 * how many cores were free as much as the pool: read it with the load beside it (and where the
 * kernel groups a session's threads for scheduling — sched_autogroup — a busy machine gives the
 * session about one share however many threads it runs).
 *
 * It then times a worker thread's start-up, on the prebuilt bundle against TypeScript through tsx.
 *
 *   npx tsx bench/simulate-workers.ts [--rounds 5] [--games 1000] [--game duel]
 */
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { simulateOnWorkers } from "../cli/commands/simulate.ts";
import type { GameBatch, SimulationRun } from "../cli/commands/simulate-worker.ts";
import { runPool } from "../cli/pool/index.ts";
import type { GameOutcome } from "../runtime/simulate.ts";
import { bundleOf } from "./bundles.ts";
import { fmt, fmtRatio, reportGoal, summarize, type Summary } from "./lib/measure.ts";

/** CPU seconds of each OS thread of this process by thread id (Linux: /proc/self/task); null where there is no /proc. */
export function threadCpuSeconds(): Map<string, number> | null {
  try {
    const out = new Map<string, number>();
    for (const tid of readdirSync("/proc/self/task")) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        // After "(comm) ": state is field 3; utime and stime (fields 14, 15) in clock ticks (100 a second on Linux).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        out.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Runs `run` while sampling every thread's CPU time (every 50 ms: a worker thread's entry goes when
 * the pool ends it); returns the CPU seconds of the threads that were not there when it started (the
 * pool's worker threads; threads that used under 20 ms — idle helpers — left out), largest first.
 */
export async function newThreadsCpu<T>(run: () => Promise<T>): Promise<{ result: T; threads: number[] }> {
  const before = threadCpuSeconds();
  const seen = new Map<string, number>();
  const sample = () => {
    for (const [tid, cpu] of threadCpuSeconds() ?? []) if (!before?.has(tid)) seen.set(tid, cpu);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run();
    sample();
    return { result, threads: [...seen.values()].filter((cpu) => cpu >= 0.02).sort((a, b) => b - a) };
  } finally {
    clearInterval(timer);
  }
}

export async function runWorkersBench(
  rounds: number,
  games: number,
  game: string,
): Promise<{ seconds: Record<string, number[]>; cpuSeconds: Record<string, number[]>; threadShares: Record<string, number[][]>; speedup: Summary; hashes: Set<string> }> {
  const bundle = bundleOf(game);
  const counts = [0, 1, 2];
  const seconds: Record<string, number[]> = Object.fromEntries(counts.map((n) => [String(n), [] as number[]]));
  // CPU time of the whole process, worker threads included: what the threads cost beyond the games
  // (starting, loading the code through tsx, warming up) is the difference from "in this thread".
  const cpuSeconds: Record<string, number[]> = Object.fromEntries(counts.map((n) => [String(n), [] as number[]]));
  // Per run, each worker thread's CPU ÷ the run's wall time: the share of a core it got (1 = a core of its own).
  const threadShares: Record<string, number[][]> = Object.fromEntries(counts.map((n) => [String(n), [] as number[][]]));
  const hashes = new Set<string>();
  await simulateOnWorkers(bundle, { games: 4, seed: 99 }, 0); // warm-up: JIT in this thread
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < counts.length; k++) {
      const workers = counts[(round + k) % counts.length]!;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const { result, threads } = await newThreadsCpu(() => simulateOnWorkers(bundle, { games, seed: 1 + round }, workers));
      const wall = (performance.now() - started) / 1000;
      seconds[String(workers)]!.push(wall);
      threadShares[String(workers)]!.push(threads.slice(0, workers).map((cpu) => cpu / wall));
      const cpu = process.cpuUsage(cpuStarted);
      cpuSeconds[String(workers)]!.push((cpu.user + cpu.system) / 1e6);
      hashes.add(`${round}:${result.traceHash}`);
    }
  }
  const speedup = summarize(seconds["1"]!.map((s, i) => s / seconds["2"]![i]!));
  return { seconds, cpuSeconds, threadShares, speedup, hashes };
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
  const { seconds, cpuSeconds, threadShares, speedup, hashes } = await runWorkersBench(rounds, games, game);
  console.log(`simulate ${game}, ${games} games per run, invariants on; ${availableParallelism()} cores; 1-minute load ${fmt(loadBefore)} before, ${fmt(loadavg()[0]!)} after (shared machine: the speed-up depends on free cores)`);
  for (const [workers, values] of Object.entries(seconds)) {
    const s = summarize(values);
    const label = workers === "0" ? "in this thread" : `${workers} worker thread${workers === "1" ? "" : "s"}`;
    const cpu = summarize(cpuSeconds[workers]!);
    console.log(`  ${label.padEnd(18)} ${fmt(s.median, 2)} s (${fmt(s.min, 2)}–${fmt(s.max, 2)}) wall, ${fmt(games / s.median)} games/s; CPU ${fmt(cpu.median, 2)} s (${fmt(cpu.min, 2)}–${fmt(cpu.max, 2)})`);
    // How much of a core each worker thread got: with a free core each, every share is near 1; shares
    // that add up to the one-worker run's share mean the session gets no more CPU for a second thread.
    if (workers !== "0" && threadShares[workers]!.every((r) => r.length > 0)) {
      const each = summarize(threadShares[workers]!.flat());
      const total = summarize(threadShares[workers]!.map((r) => r.reduce((a, b) => a + b, 0)));
      console.log(`  ${"".padEnd(18)} worker threads' CPU ÷ wall: each ${fmt(each.median, 2)} (${fmt(each.min, 2)}–${fmt(each.max, 2)}), together ${fmt(total.median, 2)} (${fmt(total.min, 2)}–${fmt(total.max, 2)}) of a core`);
    }
  }
  // Each round's three runs share a seed: one hash per round means 0, 1 and 2 workers agreed.
  console.log(`  same trace hash for 0, 1 and 2 workers in every round: ${hashes.size === rounds ? "yes" : "NO"}`);
  console.log(`  speed-up, 2 workers over 1: ${fmtRatio(speedup, 2)}`);
  reportGoal({ figure: "simulate --workers 2 ÷ --workers 1 (wall, speed-up)", measured: fmtRatio(speedup, 2), goal: "> 1 (2 cores)", met: speedup.median > 1 });
  const start = await runThreadStartBench(rounds, game);
  console.log(`thread start-up (one game on one fresh worker thread, ${rounds} of each, alternated; CPU of the whole process):`);
  for (const kind of ["bundle", "tsx"] as const) {
    const cpu = summarize(start[kind].cpu);
    const wall = summarize(start[kind].wall);
    console.log(`  ${kind === "bundle" ? "prebuilt bundle" : "TypeScript via tsx"}`.padEnd(22) + ` CPU ${fmt(cpu.median, 2)} s (${fmt(cpu.min, 2)}–${fmt(cpu.max, 2)}), wall ${fmt(wall.median, 2)} s (${fmt(wall.min, 2)}–${fmt(wall.max, 2)})`);
  }
  console.log(`  CPU, bundle ÷ tsx: ${fmtRatio(summarize(start.bundle.cpu.map((c, i) => c / start.tsx.cpu[i]!)), 2)}`);
  if (hashes.size !== rounds) process.exitCode = 1;
}
