/**
 * What every bench reports with: figures measured side by side in one process, interleaved
 * (A, B, A, B, ...), repeated, and summarised as the median with the min–max. The machine is
 * shared, so a figure is a ratio to a reference measured in the same rounds; an absolute time
 * is printed beside it only as context.
 *
 * Not a bench itself: bench/run.ts runs only the files directly in bench/.
 */
import { appendFileSync } from "node:fs";

export interface Summary {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, samples };
}

/** `gc()` when node runs with --expose-gc (bench/run.ts passes it): each timing starts without the previous one's garbage. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * What a bench times with: the process's CPU time (user + system) by default, because on a
 * shared machine wall time mostly measures how long the process waited for a core;
 * CARDWRIGHT_BENCH_CLOCK=wall switches to wall time.
 */
export const CLOCK: "cpu" | "wall" = process.env["CARDWRIGHT_BENCH_CLOCK"] === "wall" ? "wall" : "cpu";

/** Now, in milliseconds, on the bench's clock. */
export function clockMs(): number {
  if (CLOCK === "wall") return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Milliseconds (on the bench's clock) of one run of `work`. */
export function timeOnce(work: () => unknown): number {
  collectGarbage();
  const started = clockMs();
  work();
  return clockMs() - started;
}

/**
 * Runs every task once per round, in order, for `rounds` rounds after one warm-up round, and
 * returns each task's times (ms). Interleaving spreads the machine's load over all tasks alike.
 */
export function interleave<K extends string>(rounds: number, tasks: Record<K, () => unknown>, onRound?: (round: number) => void): Record<K, number[]> {
  const names = Object.keys(tasks) as K[];
  for (const name of names) tasks[name](); // warm-up: JIT, the parser's caches
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) times[name].push(timeOnce(tasks[name]));
    onRound?.(round);
  }
  return times;
}

/** Per-round ratios a[i] / b[i] (each round's pair ran side by side). */
export function ratios(a: number[], b: number[]): Summary {
  return summarize(a.map((value, i) => value / b[i]!));
}

export const fmt = (n: number, digits = 1): string => n.toFixed(digits);
/** `12.3× (10.1–15.0)` */
export const fmtRatio = (s: Summary, digits = 1): string => `${fmt(s.median, digits)}× (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
/** `123 ms (101–150)` */
export const fmtMs = (s: Summary, digits = 0): string => `${fmt(s.median, digits)} ms (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;

/** One line of the goals table bench/run.ts prints at the end. */
export interface GoalFigure {
  figure: string;
  /** As printed: `12.3× (10.1–15.0)`. */
  measured: string;
  goal: string;
  /** Within the goal (by the median). */
  met: boolean;
}

/** Hands a figure to bench/run.ts's closing table (a no-op when a bench runs on its own). */
export function reportGoal(goal: GoalFigure): void {
  const file = process.env["CARDWRIGHT_BENCH_GOALS"];
  if (file) appendFileSync(file, JSON.stringify(goal) + "\n");
}

/** Prints rows as an aligned table (first row: the header). */
export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}
