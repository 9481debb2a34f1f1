// `cardwright balance --queue` with two `cardwright worker --queue` processes on a Redis server this
// test starts itself (127.0.0.1, a free port): one worker is killed in the middle of a batch, the
// other finishes everything, the command names which worker played what, and the files are byte
// for byte those of a local run. A coordinator killed mid-run leaves no batch to be played: the
// next worker drops them all.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { hostname, tmpdir } from "node:os";
import { Queue } from "bullmq";
import { QUEUE_NAME } from "../../cli/queue/index.ts";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main.ts";

const children: ChildProcess[] = [];
let url: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

function start(command: string, args: string[]): ChildProcess & { output: string[] } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] }) as ChildProcess & { output: string[] };
  child.output = [];
  const keep = (chunk: Buffer) => child.output.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  children.push(child);
  return child;
}

/**
 * Only a real hang lasts this long. No step has a tighter deadline: on a fresh clone at load 30 a worker's
 * start alone took minutes (tsx compiling the sources, cold cache), so the steps wait on progress instead —
 * a line a process prints, a job's state in Redis — and fail at once when a process they wait on exits.
 */
const HANG_MS = 15 * 60_000;
/** A test's own bound: several steps, each at most HANG_MS, and never reached unless one hangs. */
const TEST_MS = 4 * HANG_MS;

function tail(child: ChildProcess & { output: string[] }): string {
  return child.output.slice(-10).join("\n") || "(no output)";
}

/**
 * Waits until `done` holds. Fails at once when one of `alive` exits first (with its last lines), or when
 * `pending` (a run in this process) settles first; after HANG_MS it fails saying what it saw last.
 */
async function waitFor(
  what: string,
  done: () => boolean | Promise<boolean>,
  watch: { alive?: (ChildProcess & { output: string[] })[]; pending?: Promise<unknown>; state?: () => Promise<string> } = {},
): Promise<void> {
  let settled: string | undefined;
  void watch.pending?.then(
    (value) => (settled = `it finished first: ${JSON.stringify(value)}`),
    (error) => (settled = `it failed first: ${error instanceof Error ? error.stack : String(error)}`),
  );
  const until = Date.now() + HANG_MS;
  while (!(await done())) {
    for (const child of watch.alive ?? []) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`waiting for ${what}: process ${child.pid} exited (${child.exitCode ?? child.signalCode}) first:\n${tail(child)}`);
    }
    if (settled) throw new Error(`waiting for ${what}: ${settled}`);
    if (Date.now() > until) {
      const seen = [watch.state ? await watch.state() : "", ...(watch.alive ?? []).map((c) => `process ${c.pid}:\n${tail(c)}`)].filter(Boolean).join("\n");
      throw new Error(`no ${what} after ${HANG_MS / 60_000} minutes — a hang; last seen:\n${seen}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A process's exit code, however long it takes (the test's bound catches a hang). */
const exited = (child: ChildProcess) => new Promise<number | null>((r) => (child.exitCode !== null || child.signalCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));

beforeAll(async () => {
  const port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  const server = start("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined); // refused until the server listens: the probe below retries
  await waitFor("redis-server", async () => {
    try {
      if (client.status !== "ready") await client.connect();
      return (await client.ping()) === "PONG";
    } catch {
      client.disconnect();
      return false;
    }
  }, { alive: [server] });
  client.disconnect();
}, TEST_MS);

// Every run's output goes under one folder, removed once the workers are gone.
const scratch = mkdtempSync(path.join(tmpdir(), "cw-balance-queue-"));

afterAll(async () => {
  // Workers first, then Redis; each by its own process id.
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited(child);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
});

async function balance(args: string[]): Promise<{ code: number; err: string; out: string }> {
  let err = "";
  let out = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    return { code: await main(args), err, out };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/** The queue's job counts, for a failure message. */
async function queueState(queue: Queue): Promise<string> {
  return `queue: ${JSON.stringify(await queue.getJobCounts("waiting", "active", "completed", "failed", "delayed"))}`;
}

const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));

describe("balance on a queue", () => {
  it("gives a local run's files when a worker is killed mid-batch and another finishes its batch", async () => {
    const dir = mkdtempSync(path.join(scratch, "run-"));
    const run = ["balance", "--game", "duel", "--games", "12", "--seed", "5", "--bot", "greedy", "--batch", "2"];
    const bin = path.resolve("cli/bin.mjs");
    const redis = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: redis });
    const state = () => queueState(queue);
    try {
      // A short lock: the batch of the worker killed below is free again 1.5 s after its death.
      const doomed = start(process.execPath, [bin, "worker", "--queue", url, "--lock-ms", "1500"]);
      await waitFor("the first worker's waiting line", () => doomed.output.some((l) => l.startsWith("cardwright worker: waiting")), { alive: [doomed] });

      let finished = false;
      const queued = balance([...run, "--queue", url, "-o", path.join(dir, "queue")]).finally(() => (finished = true));
      // The run's six batches reach Redis; the first worker takes one and is killed before it can finish it.
      const jobs = async () => Object.values(await queue.getJobCounts("waiting", "active", "completed", "delayed", "prioritized")).reduce((a, b) => a + b, 0);
      await waitFor("the run's batches in Redis", async () => (await jobs()) === 6, { alive: [doomed], pending: queued, state });
      await waitFor("the first worker's batch to start", () => doomed.output.some((l) => l.endsWith(": started")), { alive: [doomed], pending: queued, state });
      doomed.kill("SIGKILL");
      await exited(doomed);
      const killedBatch = doomed.output.find((l) => l.endsWith(": started"))!.split(" of run")[0]!;
      expect(doomed.output.some((l) => l.startsWith(killedBatch) && l.endsWith(": done"))).toBe(false);

      // The survivor keeps the default lock (30 s): at a high load a live worker's renewals may come late.
      const survivor = start(process.execPath, [bin, "worker", "--queue", url]);
      await waitFor("the run to finish on the second worker", () => finished, { alive: [survivor], state });
      const result = await queued;
      expect(result.err).toBe("");
      expect(result.code).toBe(0);
      // The survivor played every batch, the killed one again from its start.
      expect(survivor.output.filter((l) => l.endsWith(": done"))).toHaveLength(6);
      expect(survivor.output.some((l) => l.startsWith(killedBatch) && l.endsWith(": done"))).toBe(true);
      // The command showed each worker's batches as they went, and who played what.
      const doomedName = `${hostname()}:${doomed.pid}`;
      const survivorName = `${hostname()}:${survivor.pid}`;
      const lines = result.out.split("\n");
      expect(lines).toContain(`worker ${doomedName}: ${killedBatch} started`);
      expect(lines.filter((l) => l.startsWith(`worker ${survivorName}: games `) && l.includes(" done ("))).toHaveLength(6);
      expect(lines.some((l) => l.startsWith(`worker ${survivorName}: games `) && l.endsWith(" done (6 batches, 12 games so far)"))).toBe(true);
      expect(lines).toContain(`played by: ${survivorName} 12 games (6 batches)`);
      survivor.kill("SIGTERM");
      await exited(survivor);

      expect((await balance([...run, "--workers", "0", "-o", path.join(dir, "local")])).code).toBe(0);
      expect(files(path.join(dir, "queue"))).toEqual(files(path.join(dir, "local")));
    } finally {
      await queue.close();
      redis.disconnect();
    }
  }, TEST_MS);

  it("drops the batches of a coordinator that was killed: no worker plays them, none stays queued", async () => {
    const bin = path.resolve("cli/bin.mjs");
    const coordinator = start(process.execPath, [bin, "balance", "--game", "duel", "--games", "6", "--seed", "3", "--bot", "greedy", "--batch", "2", "--queue", url, "--heartbeat-ms", "200", "-o", mkdtempSync(path.join(scratch, "run-"))]);
    const redis = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: redis });
    try {
      const state = () => queueState(queue);
      await waitFor("the batches to be queued", async () => (await queue.getWaitingCount()) === 3, { alive: [coordinator], state });
      coordinator.kill("SIGKILL");
      await exited(coordinator);
      // Its lease (3 heartbeats) lapses; then the first worker to come takes a batch and drops the run.
      await waitFor("the lease to lapse", async () => (await redis.keys("cardwright:balance:spec:*")).length === 0, { state });
      const worker = start(process.execPath, [bin, "worker", "--queue", url]);
      await waitFor("the run to be dropped", () => worker.output.some((l) => l.includes(": dropped, its coordinator stopped")), { alive: [worker], state });
      await waitFor("the queue to empty", async () => (await queue.getWaitingCount()) + (await queue.getActiveCount()) === 0, { alive: [worker], state });
      expect(worker.output.filter((l) => l.includes(": dropped, its coordinator stopped"))).toHaveLength(1);
      expect(worker.output.join("\n")).toMatch(/: dropped, its coordinator stopped \(2 more of its batches removed\)/);
      expect(worker.output.some((l) => l.endsWith(": started"))).toBe(false);
      expect(await queue.getJobCounts("waiting", "active", "completed", "failed", "delayed")).toEqual({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 });
    } finally {
      await queue.close();
      redis.disconnect();
    }
  }, TEST_MS);

  it("says so, and stops, when no Redis server answers", async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const result = await balance(["balance", "--game", "duel", "--games", "2", "--queue", nowhere, "-o", mkdtempSync(path.join(scratch, "run-"))]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`cardwright balance: cannot reach the Redis server at ${nowhere} (`);
    expect(result.err).toMatch(/ECONNREFUSED/);
    const worker = start(process.execPath, [path.resolve("cli/bin.mjs"), "worker", "--queue", nowhere]);
    expect(await exited(worker)).toBe(2);
    expect(worker.output.join("\n")).toMatch(/cardwright worker: cannot reach the Redis server/);
  }, TEST_MS);
});
