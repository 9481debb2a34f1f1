/**
 * Balance runs past one machine, on BullMQ (Redis). `runOnQueue` stores the run's spec in Redis
 * once, enqueues one job per batch of game numbers, and waits for every job's records;
 * `startQueueWorker` (`cardwright worker --queue <url>`) takes jobs from any number of machines and
 * plays each batch in a worker thread (cli/pool), so its event loop stays free to renew the job's
 * lock. A worker that dies mid-batch stops renewing it: once the lock expires, BullMQ's stalled-job
 * check puts the job back and another worker plays the whole batch again. Records are kept per job
 * and the dead worker never completed its job, so nothing is lost and nothing counted twice; each
 * game's seed comes from the run's seed and the game's number alone, so the totals are those of a
 * local run.
 */
import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { runPool } from "../pool/index.ts";
import type { Batch } from "../../balance/batch.ts";
import type { GameRecord } from "../../balance/play.ts";
import type { RunSpec } from "../../balance/plan.ts";

export const QUEUE_NAME = "cardwright-balance";
const SPEC_KEY = (run: string) => `cardwright:balance:spec:${run}`;
/** A run's spec stays in Redis this long at most (a coordinator that died leaves no litter forever). */
const SPEC_TTL_SECONDS = 7 * 24 * 3600;
const POOL_WORKER = new URL("../../balance/pool-worker.ts", import.meta.url);

export interface BatchJob {
  run: string;
  batch: Batch;
}

/** An ioredis connection as BullMQ wants it (commands wait for a reconnect instead of failing). */
function connect(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** Fails with a clear message, rather than retrying for ever, when nothing answers at `url`. */
export async function checkReachable(url: string): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5000 });
  // The socket's own error (ECONNREFUSED, ENOTFOUND…) says more than the "Connection is closed" that follows it.
  let first: Error | undefined;
  probe.on("error", (error: Error) => (first ??= error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    const cause = first ?? (error instanceof Error ? error : new Error(String(error)));
    throw new QueueUnreachable(`cannot reach the Redis server at ${url} (${cause.message})`);
  } finally {
    probe.disconnect();
  }
}

export class QueueUnreachable extends Error {}

/**
 * Plays a run's batches on the queue's workers and returns each batch's records, in batch order.
 * `onBatch` is called as each batch completes (in any order).
 */
export async function runOnQueue(options: { url: string; spec: RunSpec; batches: readonly Batch[]; onBatch?: (index: number) => void }): Promise<GameRecord[][]> {
  const { url, spec, batches } = options;
  await checkReachable(url);
  const run = randomUUID();
  const connection = connect(url);
  const events = new QueueEvents(QUEUE_NAME, { connection: connect(url) });
  const queue = new Queue<BatchJob, GameRecord[]>(QUEUE_NAME, { connection });
  try {
    await events.waitUntilReady();
    await connection.set(SPEC_KEY(run), JSON.stringify(spec), "EX", SPEC_TTL_SECONDS);
    const jobs = await queue.addBulk(batches.map((batch, index) => ({ name: "batch", data: { run, batch }, opts: { jobId: `${run}-${index}`, attempts: 1 } })));
    const results = await Promise.all(
      jobs.map(async (job: Job<BatchJob, GameRecord[]>, index) => {
        const records = (await job.waitUntilFinished(events)) as GameRecord[];
        options.onBatch?.(index);
        return records;
      }),
    );
    for (const job of jobs) await job.remove().catch(() => undefined);
    return results;
  } finally {
    await connection.del(SPEC_KEY(run)).catch(() => undefined);
    await queue.close();
    await events.close();
    connection.disconnect();
  }
}

export interface QueueWorkerOptions {
  url: string;
  /** How long a job stays locked without a renewal before another worker may take it (ms). */
  lockMs?: number;
  /** One line per batch started and finished. */
  log?: (line: string) => void;
}

export interface QueueWorker {
  close(): Promise<void>;
}

export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const lockMs = options.lockMs ?? 30_000;
  await checkReachable(options.url);
  const connection = connect(options.url);
  const specs = new Map<string, RunSpec>();
  const specOf = async (run: string): Promise<RunSpec> => {
    let spec = specs.get(run);
    if (!spec) {
      const text = await connection.get(SPEC_KEY(run));
      if (text === null) throw new Error(`run ${run} is not in Redis any more (its coordinator stopped?)`);
      spec = JSON.parse(text) as RunSpec;
      // Only the latest few runs are kept: a long-lived worker serves many.
      if (specs.size >= 4) specs.delete(specs.keys().next().value!);
      specs.set(run, spec);
    }
    return spec;
  };
  const worker = new Worker<BatchJob, GameRecord[]>(
    QUEUE_NAME,
    async (job) => {
      const { run, batch } = job.data;
      const spec = await specOf(run);
      options.log?.(`games ${batch.from}-${batch.to - 1} of run ${run}: started`);
      const [records] = await runPool<Batch, GameRecord[], RunSpec>({ workers: 1, tasks: [batch], worker: POOL_WORKER, shared: spec });
      options.log?.(`games ${batch.from}-${batch.to - 1} of run ${run}: done`);
      return records!;
    },
    { connection: connect(options.url), lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: 10, concurrency: 1 },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
