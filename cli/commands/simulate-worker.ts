/**
 * The worker-thread side of `cardwright simulate --workers N` (cli/pool): plays one batch of the
 * run's games. Each game starts from its own seed, so a batch gives the same outcomes on any thread.
 * The engine is built once per thread (the shared run is the same object for the thread's life).
 */
import type { Batch } from "../../balance/batch.ts";
import type { CompiledBundle } from "../../compiler/ir.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { playGame, type GameOptions, type GameOutcome } from "../../runtime/simulate.ts";

/** What every batch of a run shares: the game and the options every game reads. */
export interface SimulationRun {
  bundle: CompiledBundle;
  options: Pick<GameOptions, "seed" | "maxTurns" | "maxActions" | "checkInvariants">;
}

/** Games `from` to `to - 1` of the run (cut as balance cuts its tasks: balance/batch.ts). */
export type GameBatch = Batch;

const engines = new WeakMap<SimulationRun, Engine>();

export default function playGames(batch: GameBatch, run: SimulationRun): GameOutcome[] {
  let engine = engines.get(run);
  if (!engine) engines.set(run, (engine = createEngine(run.bundle)));
  const outcomes: GameOutcome[] = [];
  for (let g = batch.from; g < batch.to; g++) outcomes.push(playGame(engine, run.options, g));
  return outcomes;
}
