/**
 * Engine bench: random-play games/s and actions/s through the full engine (IR, XState turn
 * machine, JSON states copied per action, trace) for each game. For Three-Slot Duel it also
 * runs the same cards stripped to vanilla, so it plays the same game as the hand-written
 * reducer (bench/engine-reference.ts), the reference limit, and prints the ratio.
 * Invariant checks are off here (they are the simulator's cost, not the engine's).
 *
 *   npm run bench:engine                      (tsx bench/engine.ts [duelGames] [otherGames])
 */
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../compiler/lower.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import { createEngine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";
import { playReferenceGames, referenceCards } from "./engine-reference.ts";

export interface Throughput {
  games: number;
  actions: number;
  seconds: number;
  gamesPerSecond: number;
  actionsPerSecond: number;
  /** Actions per second of this process's CPU time (user + system): steadier than wall time on a shared machine. */
  actionsPerCpuSecond?: number;
}

export interface EngineBenchResult {
  /** Per game id: the full engine with the game's starter set. */
  games: Record<string, Throughput>;
  /** Three-Slot Duel with vanilla cards through the engine, and through the hand-written reducer. */
  duelVanilla: Throughput;
  reference: Throughput;
  /** reducer actions/s ÷ engine actions/s, same vanilla game. */
  ratio: number;
}

function time<T>(run: () => T): [T, number, number] {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu);
  return [value, (performance.now() - start) / 1000, (used.user + used.system) / 1e6];
}

function bundleOf(game: string): CompiledBundle {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === game);
  if (!bundle) throw new Error(`no game "${game}" in cards/${game}/`);
  return bundle;
}

function measure(bundle: CompiledBundle, games: number): Throughput {
  const engine = createEngine(bundle);
  simulate(engine, { games: 1, seed: 99, checkInvariants: false }); // warm-up
  const [result, seconds, cpuSeconds] = time(() => simulate(engine, { games, seed: 1, checkInvariants: false }));
  return { games, actions: result.actions, seconds, gamesPerSecond: games / seconds, actionsPerSecond: result.actions / seconds, actionsPerCpuSecond: result.actions / cpuSeconds };
}

export function runEngineBench(duelGames = 200, otherGames = 10, others: string[] = ["chromatic", "cybervamp"]): EngineBenchResult {
  const duel = bundleOf("duel");
  const games: Record<string, Throughput> = { duel: measure(duel, duelGames) };
  const vanilla: CompiledBundle = { game: duel.game, cards: duel.cards.map((c) => ({ ...c, abilities: [] })) };
  const duelVanilla = measure(vanilla, duelGames);
  const cards = referenceCards(vanilla);
  playReferenceGames(cards, 100, 99);
  const refGames = duelGames * 20;
  const [ref, refSeconds, refCpu] = time(() => playReferenceGames(cards, refGames, 1));
  const reference = { games: refGames, actions: ref.actions, seconds: refSeconds, gamesPerSecond: refGames / refSeconds, actionsPerSecond: ref.actions / refSeconds, actionsPerCpuSecond: ref.actions / refCpu };
  for (const id of others) if (otherGames > 0) games[id] = measure(bundleOf(id), otherGames);
  return { games, duelVanilla, reference, ratio: reference.actionsPerSecond / duelVanilla.actionsPerSecond };
}

if (process.argv[1]?.endsWith("bench/engine.ts")) {
  const duelGames = Number(process.argv[2] ?? 200);
  const otherGames = Number(process.argv[3] ?? 10);
  const r = runEngineBench(duelGames, otherGames);
  const row = (label: string, m: Throughput) =>
    `${label.padEnd(40)} ${m.gamesPerSecond.toFixed(1).padStart(9)} games/s ${m.actionsPerSecond.toFixed(0).padStart(9)} actions/s ${(m.actionsPerCpuSecond ?? 0).toFixed(0).padStart(9)} actions/cpu-s  (${m.games} games, ${m.actions} actions, ${m.seconds.toFixed(2)} s)`;
  console.log("Random play, full engine, invariants off");
  for (const [id, m] of Object.entries(r.games)) console.log(row(`engine, ${id} starter set`, m));
  console.log(row("engine, duel with vanilla cards", r.duelVanilla));
  console.log(row("hand-written reducer, duel vanilla cards", r.reference));
  console.log(`ratio (reducer / engine, actions/s, same vanilla Duel): ${r.ratio.toFixed(1)}x`);
}
