/** The worker-thread side of a local balance run (cli/pool): plays one batch of the shared run. */
import { playBatch, type Batch } from "./batch.ts";
import type { GameRecord } from "./play.ts";
import type { RunSpec } from "./plan.ts";

export default function playBatchInWorker(batch: Batch, spec: RunSpec): GameRecord[] {
  return playBatch(spec, batch);
}
