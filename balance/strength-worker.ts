/**
 * The worker-thread side of the bot-strength bench (bench/bots.ts, ./strength.ts playCells): plays
 * one game of one of the bench's runs. Every run's spec is sent to a thread once (specs of one game
 * share its compiled bundle, and so one engine); a task names a spec and a task of it.
 */
import { playBatch } from "./batch.ts";
import type { GameRecord } from "./play.ts";
import type { RunSpec } from "./plan.ts";

export interface StrengthTask {
  /** Index in the shared list of specs. */
  spec: number;
  task: number;
}

export default function playStrengthGame({ spec, task }: StrengthTask, specs: readonly RunSpec[]): GameRecord {
  const run = specs[spec];
  if (!run) throw new RangeError(`no run spec ${spec} (the bench sent ${specs.length})`);
  return playBatch(run, { from: task, to: task + 1 })[0]!;
}
