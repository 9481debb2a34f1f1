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
 *
 * Workers name themselves (host:pid) and say which batch they take; the coordinator reports each
 * worker's batches as they start and finish. The run's spec in Redis is the coordinator's lease:
 * it expires a few heartbeats after the coordinator stops renewing it (killed, or cut off), and a
 * worker that takes a batch of a run whose spec is gone drops it unplayed and removes the run's
 * other waiting batches — an abandoned run's jobs never run and never stay queued.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { runPool } from "../pool/index.ts";
import type { Batch } from "../../balance/batch.ts";
import type { GameRecord } from "../../balance/play.ts";
import type { RunSpec } from "../../balance/plan.ts";

export const QUEUE_NAME = "cardwright-balance";
const SPEC_KEY = (run: string) => `cardwright:balance:spec:${run}`;
/** How often the coordinator renews its lease (the spec's expiry), by default; the lease lasts LEASE_HEARTBEATS of these. */
export const DEFAULT_HEARTBEAT_MS = 5000;
const LEASE_HEARTBEATS = 3;
const POOL_WORKER = new URL("../../balance/pool-worker.ts", import.meta.url);

export interface BatchJob {
  run: string;
  batch: Batch;
}

/** What a worker reports as it takes a batch (the job's progress). */
interface BatchProgress {
  worker: string;
}

/** A batch's change as the coordinator sees it. */
export interface WorkerEvent {
  worker: string;
  /** The batch's position in the run. */
  index: number;
  batch: Batch;
  state: "started" | "done";
}

/** Per worker: batches and games finished (a batch a killed worker never finished counts for the one that did). */
export type WorkerTally = Map<string, { batches: number; games: number }>;

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
export async function runOnQueue(options: {
  url: string;
  spec: RunSpec;
  batches: readonly Batch[];
  onBatch?: (index: number) => void;
  /** Each batch a worker takes or finishes. */
  onWorker?: (event: WorkerEvent, tally: WorkerTally) => void;
  /** How often the run's lease is renewed (ms); workers drop the run's batches once it has lapsed for LEASE_HEARTBEATS of these. */
  heartbeatMs?: number;
}): Promise<{ records: GameRecord[][]; tally: WorkerTally }> {
  const { url, spec, batches } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  await checkReachable(url);
  const run = randomUUID();
  const connection = connect(url);
  const eventsConnection = connect(url);
  const events = new QueueEvents(QUEUE_NAME, { connection: eventsConnection });
  const queue = new Queue<BatchJob, GameRecord[]>(QUEUE_NAME, { connection });
  const tally: WorkerTally = new Map();
  const playing = new Map<number, string>();
  const indexOf = (jobId: string) => (jobId.startsWith(`${run}-`) ? Number(jobId.slice(run.length + 1)) : -1);
  events.on("progress", ({ jobId, data }) => {
    const index = indexOf(jobId);
    const worker = (data as Partial<BatchProgress> | undefined)?.worker;
    if (index < 0 || typeof worker !== "string") return;
    playing.set(index, worker);
    options.onWorker?.({ worker, index, batch: batches[index]!, state: "started" }, tally);
  });
  let lease: ReturnType<typeof setInterval> | undefined;
  try {
    await events.waitUntilReady();
    await dropAbandonedRuns(queue, connection);
    const leaseMs = heartbeatMs * LEASE_HEARTBEATS;
    await connection.set(SPEC_KEY(run), JSON.stringify(spec), "PX", leaseMs);
    lease = setInterval(() => void connection.pexpire(SPEC_KEY(run), leaseMs).catch(() => undefined), heartbeatMs);
    const jobs = await queue.addBulk(batches.map((batch, index) => ({ name: "batch", data: { run, batch }, opts: { jobId: `${run}-${index}`, attempts: 1, removeOnFail: true } })));
    const records = await Promise.all(
      jobs.map(async (job: Job<BatchJob, GameRecord[]>, index) => {
        const records = (await job.waitUntilFinished(events)) as GameRecord[];
        const worker = playing.get(index) ?? "a worker";
        const count = tally.get(worker) ?? { batches: 0, games: 0 };
        tally.set(worker, { batches: count.batches + 1, games: count.games + batches[index]!.to - batches[index]!.from });
        options.onWorker?.({ worker, index, batch: batches[index]!, state: "done" }, tally);
        options.onBatch?.(index);
        return records;
      }),
    );
    for (const job of jobs) await job.remove().catch(() => undefined);
    return { records, tally };
  } finally {
    clearInterval(lease);
    await connection.del(SPEC_KEY(run)).catch(() => undefined);
    await queue.close();
    await events.close();
    // BullMQ leaves connections it was given open: ours are closed here, or the process would never exit.
    eventsConnection.disconnect();
    connection.disconnect();
  }
}

/** Removes the waiting batches of runs whose coordinator's lease has lapsed (their spec is gone); returns how many. */
export async function dropAbandonedRuns(queue: Queue<BatchJob, GameRecord[]>, connection: Redis, known?: string): Promise<number> {
  const alive = new Map<string, boolean>();
  if (known) alive.set(known, false);
  let dropped = 0;
  for (const job of await queue.getJobs(["waiting", "delayed", "prioritized"])) {
    const run = job?.data?.run;
    if (typeof run !== "string") continue;
    if (!alive.has(run)) alive.set(run, (await connection.exists(SPEC_KEY(run))) === 1);
    if (alive.get(run)) continue;
    await job.remove().then(
      () => dropped++,
      () => undefined, // taken by a worker meanwhile: it drops it itself
    );
  }
  return dropped;
}

export interface QueueWorkerOptions {
  url: string;
  /** How the worker names itself to coordinators (default host:pid). */
  name?: string;
  /** How long a job stays locked without a renewal before another worker may take it (ms). */
  lockMs?: number;
  /** One line per batch started and finished. */
  log?: (line: string) => void;
}

export interface QueueWorker {
  name: string;
  close(): Promise<void>;
}

export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const lockMs = options.lockMs ?? 30_000;
  await checkReachable(options.url);
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const connection = connect(options.url);
  const queue = new Queue<BatchJob, GameRecord[]>(QUEUE_NAME, { connection });
  const specs = new Map<string, RunSpec>();
  /** The run's spec; undefined once its coordinator's lease has lapsed (checked for every batch, even of a run seen before). */
  const specOf = async (run: string): Promise<RunSpec | undefined> => {
    const cached = specs.get(run);
    if (cached) return (await connection.exists(SPEC_KEY(run))) === 1 ? cached : undefined;
    const text = await connection.get(SPEC_KEY(run));
    if (text === null) return undefined;
    const spec = JSON.parse(text) as RunSpec;
    // Only the latest few runs are kept: a long-lived worker serves many.
    if (specs.size >= 4) specs.delete(specs.keys().next().value!);
    specs.set(run, spec);
    return spec;
  };
  const workerConnection = connect(options.url);
  const worker = new Worker<BatchJob, GameRecord[]>(
    QUEUE_NAME,
    async (job) => {
      const { run, batch } = job.data;
      const spec = await specOf(run);
      if (!spec) {
        specs.delete(run);
        const dropped = await dropAbandonedRuns(queue, connection, run);
        options.log?.(`games ${batch.from}-${batch.to - 1} of run ${run}: dropped, its coordinator stopped (${dropped} more of its batches removed)`);
        throw new UnrecoverableError(`run ${run} was abandoned by its coordinator`);
      }
      await job.updateProgress({ worker: name } satisfies BatchProgress);
      options.log?.(`games ${batch.from}-${batch.to - 1} of run ${run}: started`);
      const [records] = await runPool<Batch, GameRecord[], RunSpec>({ workers: 1, tasks: [batch], worker: POOL_WORKER, shared: spec });
      options.log?.(`games ${batch.from}-${batch.to - 1} of run ${run}: done`);
      return records!;
    },
    { connection: workerConnection, lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: 10, concurrency: 1 },
  );
  await worker.waitUntilReady();
  return {
    name,
    async close() {
      await worker.close();
      await queue.close();
      workerConnection.disconnect();
      connection.disconnect();
    },
  };
}
