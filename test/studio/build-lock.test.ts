/**
 * `ensureStudioBuilt` from several processes at once (every browser test file of a fresh clone
 * asks for the build): one process builds, the others wait and find it fresh; builds never
 * overlap; and the served folder is only ever absent or a whole build, never half written.
 * Two real processes, a real lock on a real folder; the build itself is a slow stand-in
 * (test/studio/helpers/build-lock-child.ts) so the test does not spend a minute in Vite.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureStudioBuilt, isBuildStale, type BuildTarget } from "../../studio/server/build.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, "helpers", "build-lock-child.ts");
const tsx = path.resolve(here, "..", "..", "node_modules", ".bin", "tsx");
const ASSETS = 12; // BUILD_FILES in the child

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "cw-build-lock-"));
  await mkdir(path.join(folder, "src"));
  await writeFile(path.join(folder, "src", "main.ts"), "export {};\n");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function runChild(processes: number, ...args: string[]): Promise<{ built: boolean; milliseconds: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tsx, [child, folder, String(processes), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    proc.on("error", reject);
    proc.on("close", (code) => {
      if (code !== 0) return reject(new Error(`build-lock child exited ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split("\n").pop()!) as { built: boolean; milliseconds: number });
    });
  });
}

/** Watches the served folder until `done` settles: every listing seen must be absent or a whole build. */
async function watchServedFolder(done: Promise<unknown>): Promise<{ whole: number; partial: string[] }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const seen = { whole: 0, partial: [] as string[] };
  while (!finished) {
    const names = await readdir(path.join(folder, "dist")).catch(() => undefined);
    if (names) {
      const assets = names.filter((n) => n.startsWith("asset-")).length;
      if (names.includes("index.html") && names.includes(".build-stamp.json") && assets === ASSETS) seen.whole++;
      else seen.partial.push(names.sort().join(","));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return seen;
}

async function clearReadyFiles(): Promise<void> {
  for (const name of await readdir(folder)) if (name.startsWith("ready-")) await rm(path.join(folder, name));
}

/** The [start, end] times of each build, from the log the children append to. */
async function buildIntervals(): Promise<{ pid: string; start: number; end: number }[]> {
  const lines = (await readFile(path.join(folder, "builds.log"), "utf8")).trim().split("\n").map((line) => line.split(" "));
  return lines.filter(([kind]) => kind === "start").map(([, pid, start]) => ({ pid: pid!, start: Number(start), end: Number(lines.find(([kind, p]) => kind === "end" && p === pid)?.[2]) }));
}

describe("ensureStudioBuilt across processes", () => {
  it("two processes on a fresh folder: one builds, the other waits for it and finds it fresh", async () => {
    const both = Promise.all([runChild(2), runChild(2)]);
    const watched = watchServedFolder(both);
    const reports = await both;
    expect(reports.map((r) => r.built).sort()).toEqual([false, true]);
    expect(await buildIntervals()).toHaveLength(1);
    const seen = await watched;
    expect(seen.partial).toEqual([]);
    expect(seen.whole).toBeGreaterThan(0);
    expect(await isBuildStale(targetIn(folder))).toBe(false);
    // Nothing left beside the build: no build folders, no lock.
    expect((await readdir(folder)).filter((name) => !name.startsWith("ready-")).sort()).toEqual(["builds.log", "dist", "src"]);
  }, 120_000);

  it("two forced rebuilds of a served build: one after the other, and the folder is a whole build throughout", async () => {
    await runChild(1);
    await clearReadyFiles();
    const both = Promise.all([runChild(2, "--force"), runChild(2, "--force")]);
    const watched = watchServedFolder(both);
    expect((await both).every((r) => r.built)).toBe(true);
    const [first, second, third] = (await buildIntervals()).sort((a, b) => a.start - b.start);
    expect(third).toBeDefined();
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
    expect(third!.start).toBeGreaterThanOrEqual(second!.end);
    const seen = await watched;
    expect(seen.partial).toEqual([]);
    expect(seen.whole).toBeGreaterThan(0);
  }, 120_000);

  it("a lock left by a process that died is taken over once stale, and its half-made build folder is cleared", async () => {
    const lock = path.join(folder, ".dist.build-lock");
    await mkdir(lock);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(lock, longAgo, longAgo);
    await mkdir(path.join(folder, ".dist.building-999999"));
    const report = await ensureStudioBuilt({ target: targetIn(folder, async (out) => void (await writeFile(path.join(out, "index.html"), "x"))) });
    expect(report.built).toBe(true);
    expect((await readdir(folder)).sort()).toEqual(["dist", "src"]);
    expect(await isBuildStale(targetIn(folder))).toBe(false);
  });

  it("a build that fails leaves the served build as it was and releases the lock", async () => {
    await ensureStudioBuilt({ target: targetIn(folder, async (out) => void (await writeFile(path.join(out, "index.html"), "first"))) });
    const failing = targetIn(folder, async (out) => {
      await writeFile(path.join(out, "index.html"), "half");
      throw new Error("vite failed");
    });
    await expect(ensureStudioBuilt({ force: true, target: failing })).rejects.toThrow("vite failed");
    expect(await readFile(path.join(folder, "dist", "index.html"), "utf8")).toBe("first");
    // The lock is free again: the next build does not wait.
    const next = await ensureStudioBuilt({ force: true, target: targetIn(folder, async (out) => void (await writeFile(path.join(out, "index.html"), "second"))) });
    expect(next.built).toBe(true);
    expect(await readFile(path.join(folder, "dist", "index.html"), "utf8")).toBe("second");
  });
});

function targetIn(folder: string, build: BuildTarget["build"] = async () => undefined): BuildTarget {
  return { distDir: path.join(folder, "dist"), sources: [path.join(folder, "src")], build };
}
