/**
 * The Balance view's worker: compiles the workspace's game, then plays the run's games one after
 * another with the bots (balance/play.ts, as `cardwright balance` does) and posts the records as
 * they come, so the page's charts fill while it plays. Stopping a run terminates the worker.
 */
import { lowerWorkspace } from "../../../compiler/lower.ts";
import { playBatch } from "../../../balance/batch.ts";
import { taskCount, type RunSpec } from "../../../balance/plan.ts";
import type { BalanceRequest, BalanceResponse } from "./protocol.ts";

const post = (message: BalanceResponse) => (self as unknown as Worker).postMessage(message);

/** Records are posted at least this often (ms), and a game at a time while that is quicker. */
const POST_EVERY_MS = 150;

self.onmessage = (event: MessageEvent<BalanceRequest>) => {
  try {
    const { files, gameId, run } = event.data;
    const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
    const bundle = lowered.bundles.find((b) => b.game.id.toLowerCase() === gameId.toLowerCase());
    if (!bundle) throw new Error(`the game "${gameId}" could not be compiled (see Problems)`);
    const spec: RunSpec = { ...run, bundle };
    const total = taskCount(spec);
    post({ type: "started", game: { id: bundle.game.id, name: bundle.game.name }, cardNames: Object.fromEntries(bundle.cards.map((c) => [c.id, c.name])), total });
    let pending: ReturnType<typeof playBatch> = [];
    let last = performance.now();
    for (let index = 0; index < total; index++) {
      pending.push(...playBatch(spec, { from: index, to: index + 1 }));
      if (performance.now() - last >= POST_EVERY_MS || index === total - 1) {
        post({ type: "records", records: pending });
        pending = [];
        last = performance.now();
      }
    }
    post({ type: "done" });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
