/**
 * Engine bench (Three-Slot Duel): random-play games/s and actions/s through the full engine
 * (IR, XState turn machine, JSON states cloned per action, trace), first with the starter set's
 * real cards, then with the same cards stripped to vanilla so it plays the same game as the
 * hand-written reducer (bench/engine-reference.ts), the reference limit; prints the ratio.
 * Invariant checks are off here (the simulator's own cost, not the engine's).
 *
 *   npm run bench:engine            (tsx bench/engine.ts [games])
 */
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../compiler/lower.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import { createEngine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";
import { playReferenceGames, referenceCards } from "./engine-reference.ts";

export interface EngineBenchResult {
  engine: { games: number; seconds: number; gamesPerSecond: number; actionsPerSecond: number };
  engineVanilla: { games: number; seconds: number; gamesPerSecond: number; actionsPerSecond: number };
  reference: { games: number; seconds: number; gamesPerSecond: number; actionsPerSecond: number };
  ratio: number;
}

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, (performance.now() - start) / 1000];
}

export function runEngineBench(games = 200): EngineBenchResult {
  const files = ["cards/duel/duel.game", "cards/duel/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!;
  const vanilla: CompiledBundle = { game: bundle.game, cards: bundle.cards.map((c) => ({ ...c, abilities: [] })) };

  const measure = (b: CompiledBundle) => {
    const engine = createEngine(b);
    simulate(engine, { games: 3, seed: 99, checkInvariants: false }); // warm-up
    const [result, seconds] = time(() => simulate(engine, { games, seed: 1, checkInvariants: false }));
    return { games, seconds, gamesPerSecond: games / seconds, actionsPerSecond: result.actions / seconds };
  };
  const full = measure(bundle);
  const plain = measure(vanilla);
  const cards = referenceCards(vanilla);
  playReferenceGames(cards, 100, 99);
  const refGames = games * 20;
  const [ref, refSeconds] = time(() => playReferenceGames(cards, refGames, 1));
  const reference = { games: refGames, seconds: refSeconds, gamesPerSecond: refGames / refSeconds, actionsPerSecond: ref.actions / refSeconds };
  return { engine: full, engineVanilla: plain, reference, ratio: reference.actionsPerSecond / plain.actionsPerSecond };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench/engine.ts")) {
  const games = Number(process.argv[2] ?? 200);
  const r = runEngineBench(games);
  const row = (label: string, m: EngineBenchResult["engine"]) =>
    `${label.padEnd(36)} ${m.gamesPerSecond.toFixed(1).padStart(9)} games/s ${m.actionsPerSecond.toFixed(0).padStart(9)} actions/s  (${m.games} games, ${m.seconds.toFixed(2)} s)`;
  console.log("Three-Slot Duel, random play");
  console.log(row("engine, starter set (real cards)", r.engine));
  console.log(row("engine, vanilla cards", r.engineVanilla));
  console.log(row("hand-written reducer, vanilla cards", r.reference));
  console.log(`ratio (reducer / engine, actions/s, same vanilla game): ${r.ratio.toFixed(1)}x`);
}
