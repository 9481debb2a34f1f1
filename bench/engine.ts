/**
 * Engine bench: random play through the full engine (IR, turn machine, JSON states, trace) for
 * each game, against the fair reference (bench/duel-reference.ts: vanilla Three-Slot Duel as a
 * hand-written reducer with the engine's exact action menu, checked to be the same game by
 * test/runtime/duel-reference.test.ts).
 *
 * The machine is shared, so only ratios measured in the same run mean anything: every round runs
 * every measurement once, each for about the same time, in a rotating order (interleaved), and a
 * ratio is computed per round from CPU time per action (the measuring process's user + system time,
 * steadier than wall time when others load the machine); the figures are the median and min–max
 * over rounds. Each measure runs in a child process of its own (one at a time), so each engine is
 * warmed by the one game it plays, as `cardwright simulate` is; three more measures play vanilla Duel,
 * the Duel starter set and CYBERVAMP each in a process that also played every other measure (how the
 * bench measured until session 14), for the old reading of the vanilla and CYBERVAMP ÷ Duel goals.
 *
 *   npm run bench:engine                 (tsx bench/engine.ts [--rounds 7] [--seconds 0.6] [--warmup 5])
 *
 * Goals (issue 16): engine ÷ reference on vanilla Duel ≥ 0.1× (on the way to 0.5×); the Duel starter
 * set with invariants on (what `cardwright simulate` runs) within 20× of the reference (≥ 0.05×);
 * CYBERVAMP's time per action within 2× of Duel's.
 *
 * The engine alone is timed without the simulator's trace hash (`hashTrace: false`: the reference
 * has no trace to hash); the "invariants on" measures are what `cardwright simulate` runs, hash
 * included. "vanilla duel, trace hashed" is the vanilla figure as measured until session 10.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type { CompiledBundle } from "../compiler/ir.ts";
import { createEngine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";
import { duelCards, playReference, vanilla } from "./duel-reference.ts";
import { bundleOf } from "./bundles.ts";
import { reportGoal } from "./lib/measure.ts";

/** One thing measured: `make` loads what it plays (in the process that measures it) and returns a player of `games` games from `seed` that returns the actions taken. */
export interface Measured {
  label: string;
  /** Games per batch: small enough that a round can stop close to its time budget. */
  batch: number;
  make(): (games: number, seed: number) => number;
  /** Measures played in the same process during its warm-up, unmeasured (their type feedback then shares the engine's code). */
  warmWith?: string[];
}

export interface Round {
  /** CPU microseconds per action, per measurement label. */
  usPerAction: Record<string, number>;
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Plays batches for about `seconds` of this process's CPU time; CPU µs per action. */
function playFor(play: (games: number, seed: number) => number, batch: number, seconds: number, seed: number): number {
  let actions = 0;
  let batches = 0;
  const start = cpuSeconds();
  while (cpuSeconds() - start < seconds) actions += play(batch, seed + batches++);
  return ((cpuSeconds() - start) * 1e6) / actions;
}

// Warm-up: each measurement plays for `warmup` seconds of CPU first, unmeasured. process.cpuUsage
// counts every thread of the process, V8's compiler threads included: with a short warm-up the
// engine's optimising compiles (a third of a second of CPU for its biggest functions on a loaded
// machine) are charged to its first measured rounds, the small reference's to none. A process of its
// own starts cold (no other measure has warmed the engine's code): vanilla Duel took 53 µs per action
// over its first 300 games and 15 over 2,000 (load 6), so the warm-up is seconds, not a round.

/**
 * A child process that measures one thing (`--measure <label>`): it loads only that, warms up when
 * asked, then plays one round's time per request and answers with the CPU µs per action.
 */
function measureChild(label: string): void {
  const all = engineMeasures();
  const m = all.find((x) => x.label === label);
  if (!m) throw new Error(`no measure "${label}"`);
  const play = m.make();
  const send = (message: unknown) => process.send!(message);
  process.on("message", (message: { do: "warm" | "run" | "exit"; seconds: number; seed: number }) => {
    if (message.do === "exit") process.exit(0);
    if (message.do === "warm") {
      for (const other of m.warmWith ?? []) {
        const o = all.find((x) => x.label === other)!;
        // (A fifth of the warm-up each: enough for every game's states to reach the engine's code.)
        playFor(o.make(), o.batch, message.seconds / 5, 99);
      }
      playFor(play, m.batch, message.seconds, 99);
      send({ warmed: true });
    } else send({ usPerAction: playFor(play, m.batch, message.seconds, message.seed) });
  });
  // The bench stopped (or was stopped): nothing is left to measure for.
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}

/** One child process per measure, started with tsx as this file is (`--import tsx`). */
class MeasureProcess {
  private readonly child: ChildProcess;
  private waiting: ((message: Record<string, unknown>) => void) | undefined;
  private failure: Error | undefined;
  constructor(readonly label: string) {
    this.child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--measure", label], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.child.on("message", (message) => {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve?.(message as Record<string, unknown>);
    });
    this.child.on("exit", (code, signal) => {
      if (code === 0) return;
      this.failure = new Error(`the process measuring "${label}" stopped (${code ?? signal})`);
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve?.({});
    });
  }
  /** The child's next message (after sending `request`, if any). */
  next(request?: object): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting = (message) => (this.failure ? reject(this.failure) : resolve(message));
      if (request) this.child.send(request);
    });
  }
  stop(): void {
    if (this.child.connected) this.child.send({ do: "exit" });
  }
}

/**
 * Runs every measurement `rounds` times, interleaved (the order rotates each round), each for about
 * `seconds` of CPU time, each in a process of its own: one at a time, so the rounds stay interleaved
 * in time, and each engine's type feedback is that of the one game it plays, as in `cardwright
 * simulate` (which plays one game per process). Played in one process, the engine's hot functions
 * saw every game's states (different object shapes): vanilla Duel then took about 1.5× the time per
 * action (the rows "sharing a process with every game" keep that reading).
 */
export async function interleaved(measures: Measured[], rounds: number, seconds: number, warmup: number): Promise<Round[]> {
  const processes = measures.map((m) => new MeasureProcess(m.label));
  try {
    // Loading and warming up run side by side (neither is measured; each process counts its own CPU time).
    await Promise.all(processes.map((p) => p.next()));
    await Promise.all(processes.map((p) => p.next({ do: "warm", seconds: warmup, seed: 99 })));
    const out: Round[] = [];
    for (let r = 0; r < rounds; r++) {
      const usPerAction: Record<string, number> = {};
      for (let k = 0; k < processes.length; k++) {
        const p = processes[(r + k) % processes.length]!;
        usPerAction[p.label] = (await p.next({ do: "run", seconds, seed: 1000 + r * 1000 }))["usPerAction"] as number;
      }
      out.push({ usPerAction });
    }
    return out;
  } finally {
    for (const p of processes) p.stop();
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface RatioFigure {
  label: string;
  median: number;
  min: number;
  max: number;
}

/** Per round, `numerator`'s time per action ÷ `denominator`'s; median and min–max. */
export function ratio(rounds: Round[], label: string, numerator: string, denominator: string): RatioFigure {
  const values = rounds.map((r) => r.usPerAction[numerator]! / r.usPerAction[denominator]!);
  return { label, median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

const ENGINE_MEASURES = ["engine, vanilla duel", "engine, vanilla duel, trace hashed", "engine, duel", "engine, duel, invariants on", "engine, chromatic", "engine, chromatic, invariants on", "engine, cybervamp", "engine, cybervamp, invariants on"];

export function engineMeasures(): Measured[] {
  // With invariants on, exactly what `cardwright simulate` runs (which prints the trace hash); without, the engine alone.
  const sim = (bundle: () => CompiledBundle, checkInvariants: boolean, hashTrace = checkInvariants) => () => {
    const engine = createEngine(bundle());
    return (games: number, seed: number) => simulate(engine, { games, seed, checkInvariants, hashTrace }).actions;
  };
  const plain = () => vanilla(bundleOf("duel"));
  return [
    {
      label: "reference, vanilla duel",
      batch: 200,
      make: () => {
        const cards = duelCards(plain());
        return (games, seed) => playReference(cards, games, seed).actions;
      },
    },
    { label: "engine, vanilla duel", batch: 10, make: sim(plain, false) },
    { label: "engine, vanilla duel, trace hashed", batch: 10, make: sim(plain, false, true) },
    { label: "engine, duel", batch: 10, make: sim(() => bundleOf("duel"), false) },
    { label: "engine, duel, invariants on", batch: 10, make: sim(() => bundleOf("duel"), true) },
    { label: "engine, chromatic", batch: 1, make: sim(() => bundleOf("chromatic"), false) },
    { label: "engine, chromatic, invariants on", batch: 1, make: sim(() => bundleOf("chromatic"), true) },
    { label: "engine, cybervamp", batch: 1, make: sim(() => bundleOf("cybervamp"), false) },
    { label: "engine, cybervamp, invariants on", batch: 1, make: sim(() => bundleOf("cybervamp"), true) },
    // Vanilla Duel played by an engine whose warm-up also played every other measure (as the bench ran until session 14).
    { label: "engine, vanilla duel, sharing a process with every game", batch: 10, make: sim(plain, false), warmWith: ENGINE_MEASURES.filter((l) => l !== "engine, vanilla duel") },
    { label: "engine, duel, sharing a process with every game", batch: 10, make: sim(() => bundleOf("duel"), false), warmWith: ENGINE_MEASURES.filter((l) => l !== "engine, duel") },
    { label: "engine, cybervamp, sharing a process with every game", batch: 1, make: sim(() => bundleOf("cybervamp"), false), warmWith: ENGINE_MEASURES.filter((l) => l !== "engine, cybervamp") },
  ];
}

export async function runEngineBench(rounds = 7, seconds = 0.6, warmup = 5): Promise<{ rounds: Round[]; ratios: RatioFigure[] }> {
  const measured = await interleaved(engineMeasures(), rounds, seconds, warmup);
  const ref = "reference, vanilla duel";
  const ratios = [
    ratio(measured, "engine ÷ reference, vanilla duel (speed; goal ≥ 0.1)", ref, "engine, vanilla duel"),
    ratio(measured, "engine ÷ reference, vanilla duel, trace hashed (speed; as until session 10)", ref, "engine, vanilla duel, trace hashed"),
    ratio(measured, "engine ÷ reference, vanilla duel, sharing a process with every game (speed; as until session 14)", ref, "engine, vanilla duel, sharing a process with every game"),
    ratio(measured, "engine ÷ reference, duel starter set (speed)", ref, "engine, duel"),
    ratio(measured, "engine ÷ reference, duel starter set, invariants on (speed; goal ≥ 0.05)", ref, "engine, duel, invariants on"),
    ratio(measured, "chromatic ÷ duel, time per action", "engine, chromatic", "engine, duel"),
    ratio(measured, "cybervamp ÷ duel, time per action (goal ≤ 2)", "engine, cybervamp", "engine, duel"),
    ratio(measured, "cybervamp ÷ duel, time per action, each sharing a process with every game (as until session 14)", "engine, cybervamp, sharing a process with every game", "engine, duel, sharing a process with every game"),
    ratio(measured, "chromatic ÷ duel, time per action, invariants on", "engine, chromatic, invariants on", "engine, duel, invariants on"),
    ratio(measured, "cybervamp ÷ duel, time per action, invariants on", "engine, cybervamp, invariants on", "engine, duel, invariants on"),
  ];
  return { rounds: measured, ratios };
}

export function printEngineBench(result: { rounds: Round[]; ratios: RatioFigure[] }): void {
  const labels = Object.keys(result.rounds[0]!.usPerAction);
  console.log(`CPU µs per action, median (min–max) of ${result.rounds.length} interleaved rounds, each measure in a process of its own (shared machine: compare ratios, not these)`);
  for (const label of labels) {
    const values = result.rounds.map((r) => r.usPerAction[label]!);
    console.log(`  ${label.padEnd(56)} ${median(values).toFixed(1).padStart(9)} µs  (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`);
  }
  console.log("Ratios, per round, median (min–max)");
  for (const r of result.ratios) console.log(`  ${r.label.padEnd(100)} ${r.median.toFixed(3).padStart(8)}×  (${r.min.toFixed(3)}–${r.max.toFixed(3)})`);
}

const measuredLabel = process.argv.indexOf("--measure");
if (measuredLabel > 0) measureChild(process.argv[measuredLabel + 1]!);
else if (process.argv[1]?.endsWith("bench/engine.ts")) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const before = loadavg()[0]!;
  const result = await runEngineBench(arg("--rounds", 7), arg("--seconds", 0.6), arg("--warmup", 5));
  printEngineBench(result);
  console.log(`load average ${before.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
  reportEngineGoals(result.ratios);
}

/** The goals: printed with their verdicts, and for bench/run.ts's closing table. */
function reportEngineGoals(ratios: RatioFigure[]): void {
  const goals: [label: string, goal: string, met: (median: number) => boolean][] = [
    ["engine ÷ reference, vanilla duel (speed; goal ≥ 0.1)", "≥ 0.1× (then 0.5×)", (m) => m >= 0.1],
    ["engine ÷ reference, duel starter set, invariants on (speed; goal ≥ 0.05)", "≥ 0.05× (within 20×)", (m) => m >= 0.05],
    ["cybervamp ÷ duel, time per action (goal ≤ 2)", "≤ 2×", (m) => m <= 2],
  ];
  console.log("Goals (issue 16), on the median");
  for (const [label, goal, met] of goals) {
    const r = ratios.find((f) => f.label === label)!;
    const figure = { figure: label.replace(/ \(.*goal.*\)$/, ""), measured: `${r.median.toFixed(3)}× (${r.min.toFixed(3)}–${r.max.toFixed(3)})`, goal, met: met(r.median) };
    console.log(`  ${figure.figure.padEnd(66)} ${figure.measured.padStart(24)}  goal ${goal.padEnd(22)} ${figure.met ? "met" : "NOT met"}`);
    reportGoal(figure);
  }
}
