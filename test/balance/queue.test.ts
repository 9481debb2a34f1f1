// `cardwright balance --queue` with two `cardwright worker --queue` processes on a Redis server this
// test starts itself (127.0.0.1, a free port): one worker is killed in the middle of a batch, the
// other finishes everything, the command names which worker played what, and the files are byte
// for byte those of a local run. A coordinator killed mid-run leaves no batch to be played: the
// next worker drops them all.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
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

const waitFor = async (what: string, test: () => boolean | Promise<boolean>, ms = 120_000) => {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  const port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  start("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
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
  }, 30_000);
  client.disconnect();
}, 60_000);

afterAll(async () => {
  // Workers first, then Redis; each by its own process id.
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
  }
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

const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));

describe("balance on a queue", () => {
  it("gives a local run's files when a worker is killed mid-batch and another finishes its batch", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-balance-queue-"));
    const run = ["balance", "--game", "duel", "--games", "12", "--seed", "5", "--bot", "greedy", "--batch", "2"];
    const bin = path.resolve("cli/bin.mjs");
    const doomed = start(process.execPath, [bin, "worker", "--queue", url, "--lock-ms", "1500"]);
    await waitFor("the first worker", () => doomed.output.some((l) => l.startsWith("cardwright worker: waiting")));

    const queued = balance([...run, "--queue", url, "-o", path.join(dir, "queue")]);
    // The first worker takes a batch; it is killed before it can finish it.
    await waitFor("the first batch to start", () => doomed.output.some((l) => l.endsWith(": started")));
    doomed.kill("SIGKILL");
    await new Promise((r) => doomed.once("exit", r));
    const killedBatch = doomed.output.find((l) => l.endsWith(": started"))!.split(" of run")[0]!;
    expect(doomed.output.some((l) => l.startsWith(killedBatch) && l.endsWith(": done"))).toBe(false);

    const survivor = start(process.execPath, [bin, "worker", "--queue", url, "--lock-ms", "1500"]);
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
    await new Promise((r) => survivor.once("exit", r));

    expect((await balance([...run, "--workers", "0", "-o", path.join(dir, "local")])).code).toBe(0);
    expect(files(path.join(dir, "queue"))).toEqual(files(path.join(dir, "local")));
  }, 600_000);

  it("drops the batches of a coordinator that was killed: no worker plays them, none stays queued", async () => {
    const bin = path.resolve("cli/bin.mjs");
    const coordinator = start(process.execPath, [bin, "balance", "--game", "duel", "--games", "6", "--seed", "3", "--bot", "greedy", "--batch", "2", "--queue", url, "--heartbeat-ms", "200", "-o", mkdtempSync(path.join(tmpdir(), "cw-balance-queue-"))]);
    const redis = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: redis });
    try {
      await waitFor("the batches to be queued", async () => (await queue.getWaitingCount()) === 3);
      coordinator.kill("SIGKILL");
      await new Promise((r) => coordinator.once("exit", r));
      // Its lease (3 heartbeats) lapses; then the first worker to come takes a batch and drops the run.
      await waitFor("the lease to lapse", async () => (await redis.keys("cardwright:balance:spec:*")).length === 0, 30_000);
      const worker = start(process.execPath, [bin, "worker", "--queue", url]);
      await waitFor("the run to be dropped", () => worker.output.some((l) => l.includes(": dropped, its coordinator stopped")));
      await waitFor("the queue to empty", async () => (await queue.getWaitingCount()) + (await queue.getActiveCount()) === 0, 30_000);
      expect(worker.output.filter((l) => l.includes(": dropped, its coordinator stopped"))).toHaveLength(1);
      expect(worker.output.join("\n")).toMatch(/: dropped, its coordinator stopped \(2 more of its batches removed\)/);
      expect(worker.output.some((l) => l.endsWith(": started"))).toBe(false);
      expect(await queue.getJobCounts("waiting", "active", "completed", "failed", "delayed")).toEqual({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 });
    } finally {
      await queue.close();
      redis.disconnect();
    }
  }, 300_000);

  it("says so, and stops, when no Redis server answers", async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const result = await balance(["balance", "--game", "duel", "--games", "2", "--queue", nowhere, "-o", mkdtempSync(path.join(tmpdir(), "cw-balance-queue-"))]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`cardwright balance: cannot reach the Redis server at ${nowhere} (`);
    expect(result.err).toMatch(/ECONNREFUSED/);
    const worker = start(process.execPath, [path.resolve("cli/bin.mjs"), "worker", "--queue", nowhere]);
    const code = await new Promise((r) => worker.once("exit", r));
    expect(code).toBe(2);
    expect(worker.output.join("\n")).toMatch(/cardwright worker: cannot reach the Redis server/);
  }, 120_000);
});
