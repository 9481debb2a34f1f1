/**
 * A batch of a run's games — tasks `from` to `to - 1` (./plan.ts) — played by one worker: a thread
 * of the local pool (cli/pool) or a `cardwright worker --queue` process. The engine is built once
 * per run spec and kept while the worker plays that run's batches.
 */
import { createEngine, type Engine } from "../runtime/index.ts";
import { playGame, type GameRecord } from "./play.ts";
import { taskAt, taskCount, type RunSpec } from "./plan.ts";

export interface Batch {
  from: number;
  to: number;
}

/** Built once per compiled game: runs that share one (the bot-strength bench's cells) share its engine. */
const engines = new WeakMap<RunSpec["bundle"], Engine>();

export function playBatch(spec: RunSpec, batch: Batch): GameRecord[] {
  let engine = engines.get(spec.bundle);
  if (!engine) engines.set(spec.bundle, (engine = createEngine(spec.bundle)));
  const records: GameRecord[] = [];
  for (let index = batch.from; index < batch.to; index++) records.push(playGame(engine, spec, taskAt(spec, index)));
  return records;
}

/**
 * A run's tasks cut into batches of at most `size` games, in task order. Small enough that every
 * worker stays busy to the end and a lost batch costs little; large enough that sending one costs
 * nothing next to playing it.
 */
export function batchesOf(spec: Pick<RunSpec, "decks" | "games" | "restrictedGames">, size: number): Batch[] {
  return batchRanges(taskCount(spec), size);
}

/** `total` tasks cut into ranges of at most `size`, in order (`simulate --workers` cuts its games so too). */
export function batchRanges(total: number, size: number): Batch[] {
  const batches: Batch[] = [];
  for (let from = 0; from < total; from += size) batches.push({ from, to: Math.min(total, from + size) });
  return batches;
}

/** A batch size that gives each of `workers` about `perWorker` batches (1 to 50 games each). */
export function batchSizeFor(total: number, workers: number, perWorker = 6): number {
  return Math.max(1, Math.min(50, Math.ceil(total / Math.max(1, workers * perWorker))));
}
