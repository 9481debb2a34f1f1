/**
 * Engine bench: random play through the full engine (IR, turn machine, JSON states, trace) for
 * each game, against the fair reference (bench/duel-reference.ts: vanilla Three-Slot Duel as a
 * hand-written reducer with the engine's exact action menu, checked to be the same game by
 * test/runtime/duel-reference.test.ts).
 *
 * The machine is shared, so only ratios measured in the same run mean anything: every round runs
 * every measurement once, each for about the same time, in a rotating order (interleaved), and a
 * ratio is computed per round from CPU time per action (this process's user + system time, steadier
 * than wall time when others load the machine); the figures are the median and min–max over rounds.
 *
 *   npm run bench:engine                 (tsx bench/engine.ts [--rounds 7] [--seconds 0.6])
 *
 * Goals (issue 16): engine ÷ reference on vanilla Duel ≥ 0.1× (on the way to 0.5×); the Duel starter
 * set with invariants on (what `cardwright simulate` runs) within 20× of the reference (≥ 0.05×);
 * CYBERVAMP's time per action within 2× of Duel's.
 *
 * The engine alone is timed without the simulator's trace hash (`hashTrace: false`: the reference
 * has no trace to hash); the "invariants on" measures are what `cardwright simulate` runs, hash
 * included. "vanilla duel, trace hashed" is the vanilla figure as measured until session 10.
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import { createEngine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";
import { duelCards, playReference, vanilla } from "./duel-reference.ts";
import { bundleOf } from "./bundles.ts";
import { reportGoal } from "./lib/measure.ts";

/** One thing measured: plays `games` games from `seed`, returns the actions taken. */
export interface Measured {
  label: string;
  /** Games per batch: small enough that a round can stop close to its time budget. */
  batch: number;
  play(games: number, seed: number): number;
}

export interface Round {
  /** CPU microseconds per action, per measurement label. */
  usPerAction: Record<string, number>;
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Runs every measurement `rounds` times, interleaved (the order rotates each round), each for about `seconds` of CPU time. */
export function interleaved(measures: Measured[], rounds: number, seconds: number): Round[] {
  // Warm-up: each measurement plays for a round's time first, unmeasured. process.cpuUsage counts every
  // thread of the process, V8's compiler threads included: with a few games of warm-up the engine's
  // optimising compiles (a third of a second of CPU for its biggest functions on a loaded machine) were
  // charged to its first measured rounds, the small reference's to none.
  for (const m of measures) {
    const start = cpuSeconds();
    for (let batches = 0; cpuSeconds() - start < seconds; batches++) m.play(m.batch, 99 + batches);
  }
  const out: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    const usPerAction: Record<string, number> = {};
    for (let k = 0; k < measures.length; k++) {
      const m = measures[(r + k) % measures.length]!;
      let actions = 0;
      let batches = 0;
      const start = cpuSeconds();
      while (cpuSeconds() - start < seconds) actions += m.play(m.batch, 1000 + r * 1000 + batches++);
      usPerAction[m.label] = ((cpuSeconds() - start) * 1e6) / actions;
    }
    out.push({ usPerAction });
  }
  return out;
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

export function engineMeasures(): Measured[] {
  const duel = bundleOf("duel");
  const plain = vanilla(duel);
  const cards = duelCards(plain);
  // With invariants on, exactly what `cardwright simulate` runs (which prints the trace hash); without, the engine alone.
  const sim = (bundle: CompiledBundle, checkInvariants: boolean, hashTrace = checkInvariants) => {
    const engine = createEngine(bundle);
    return (games: number, seed: number) => simulate(engine, { games, seed, checkInvariants, hashTrace }).actions;
  };
  const chromatic = bundleOf("chromatic");
  const cybervamp = bundleOf("cybervamp");
  return [
    { label: "reference, vanilla duel", batch: 200, play: (games, seed) => playReference(cards, games, seed).actions },
    { label: "engine, vanilla duel", batch: 10, play: sim(plain, false) },
    { label: "engine, vanilla duel, trace hashed", batch: 10, play: sim(plain, false, true) },
    { label: "engine, duel", batch: 10, play: sim(duel, false) },
    { label: "engine, duel, invariants on", batch: 10, play: sim(duel, true) },
    { label: "engine, chromatic", batch: 1, play: sim(chromatic, false) },
    { label: "engine, chromatic, invariants on", batch: 1, play: sim(chromatic, true) },
    { label: "engine, cybervamp", batch: 1, play: sim(cybervamp, false) },
    { label: "engine, cybervamp, invariants on", batch: 1, play: sim(cybervamp, true) },
  ];
}

export function runEngineBench(rounds = 7, seconds = 0.6): { rounds: Round[]; ratios: RatioFigure[] } {
  const measured = interleaved(engineMeasures(), rounds, seconds);
  const ref = "reference, vanilla duel";
  const ratios = [
    ratio(measured, "engine ÷ reference, vanilla duel (speed; goal ≥ 0.1)", ref, "engine, vanilla duel"),
    ratio(measured, "engine ÷ reference, vanilla duel, trace hashed (speed; as until session 10)", ref, "engine, vanilla duel, trace hashed"),
    ratio(measured, "engine ÷ reference, duel starter set (speed)", ref, "engine, duel"),
    ratio(measured, "engine ÷ reference, duel starter set, invariants on (speed; goal ≥ 0.05)", ref, "engine, duel, invariants on"),
    ratio(measured, "chromatic ÷ duel, time per action", "engine, chromatic", "engine, duel"),
    ratio(measured, "cybervamp ÷ duel, time per action (goal ≤ 2)", "engine, cybervamp", "engine, duel"),
    ratio(measured, "chromatic ÷ duel, time per action, invariants on", "engine, chromatic, invariants on", "engine, duel, invariants on"),
    ratio(measured, "cybervamp ÷ duel, time per action, invariants on", "engine, cybervamp, invariants on", "engine, duel, invariants on"),
  ];
  return { rounds: measured, ratios };
}

export function printEngineBench(result: { rounds: Round[]; ratios: RatioFigure[] }): void {
  const labels = Object.keys(result.rounds[0]!.usPerAction);
  console.log(`CPU µs per action, median (min–max) of ${result.rounds.length} interleaved rounds (shared machine: compare ratios, not these)`);
  for (const label of labels) {
    const values = result.rounds.map((r) => r.usPerAction[label]!);
    console.log(`  ${label.padEnd(36)} ${median(values).toFixed(1).padStart(9)} µs  (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`);
  }
  console.log("Ratios, per round, median (min–max)");
  for (const r of result.ratios) console.log(`  ${r.label.padEnd(80)} ${r.median.toFixed(3).padStart(8)}×  (${r.min.toFixed(3)}–${r.max.toFixed(3)})`);
}

if (process.argv[1]?.endsWith("bench/engine.ts")) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = runEngineBench(arg("--rounds", 7), arg("--seconds", 0.6));
  printEngineBench(result);
  reportEngineGoals(result.ratios);
}

/** The goals, for bench/run.ts's closing table. */
function reportEngineGoals(ratios: RatioFigure[]): void {
  const goals: [label: string, goal: string, met: (median: number) => boolean][] = [
    ["engine ÷ reference, vanilla duel (speed; goal ≥ 0.1)", "≥ 0.1× (then 0.5×)", (m) => m >= 0.1],
    ["engine ÷ reference, duel starter set, invariants on (speed; goal ≥ 0.05)", "≥ 0.05× (within 20×)", (m) => m >= 0.05],
    ["cybervamp ÷ duel, time per action (goal ≤ 2)", "≤ 2×", (m) => m <= 2],
  ];
  for (const [label, goal, met] of goals) {
    const r = ratios.find((f) => f.label === label)!;
    reportGoal({ figure: label.replace(/ \(.*goal.*\)$/, ""), measured: `${r.median.toFixed(3)}× (${r.min.toFixed(3)}–${r.max.toFixed(3)})`, goal, met: met(r.median) });
  }
}
