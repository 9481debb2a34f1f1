/**
 * Builds the studio with Vite when its build is missing or older than any source it is
 * built from (studio app, faces, compiler, grammar, runtime), so `cardwright studio`
 * and the browser tests never serve a stale bundle.
 *
 * Safe when several processes ask at once (the browser test files of a fresh clone all do):
 * one process builds while holding a lock; the others wait for it, look again, and find the
 * build fresh. The build goes to a folder of its own and is renamed into place when complete,
 * so a server already serving the folder never sees it half written or emptied.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lockfile from "proper-lockfile";

export const studioDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoDir = path.resolve(studioDir, "..");
export const distDir = path.join(studioDir, "dist");

const STAMP_FILE = ".build-stamp.json";

/** What is built, from what, and how: the studio's by default; a test gives its own in a temp folder. */
export interface BuildTarget {
  /** The folder served; replaced whole by each build. */
  distDir: string;
  /** Files and folders whose newest modification time decides whether the build is stale. */
  sources: string[];
  /** Writes a complete build into `outDir` (an empty folder beside `distDir`). */
  build(outDir: string): Promise<void>;
}

export const studioTarget: BuildTarget = {
  distDir,
  sources: ["studio/src", "faces", "balance", "studio/index.html", "studio/vite.config.ts", "compiler", "grammar", "runtime", "package-lock.json"].map((root) => path.join(repoDir, root)),
  async build(outDir) {
    const { build } = await import("vite");
    await build({ configFile: path.join(studioDir, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  },
};

async function newestSourceTime(target: BuildTarget): Promise<number> {
  let newest = 0;
  const visit = async (absolute: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.stat(absolute);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(absolute)) if (!name.startsWith(".") && name !== "node_modules") await visit(path.join(absolute, name));
      // A deleted source changes the folder's time, so count it too.
      newest = Math.max(newest, stat.mtimeMs);
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const root of target.sources) await visit(root);
  return newest;
}

export async function isBuildStale(target: BuildTarget = studioTarget): Promise<boolean> {
  try {
    const stamp = JSON.parse(await fs.readFile(path.join(target.distDir, STAMP_FILE), "utf8")) as { sourceTime: number };
    await fs.access(path.join(target.distDir, "index.html"));
    return (await newestSourceTime(target)) > stamp.sourceTime;
  } catch {
    return true;
  }
}

export interface BuildReport {
  built: boolean;
  milliseconds: number;
}

// A build on this loaded 2-core machine takes up to a minute or two; a lock whose holder died is taken over
// once its time stamp (refreshed every UPDATE_MS while the holder lives) is older than STALE_MS.
const STALE_MS = 120_000;
const UPDATE_MS = 10_000;
const WAIT_MS = 15 * 60_000;

/**
 * Builds if stale (or when `force`); returns whether this call built and how long that took.
 * A call that waited for another process's build of the same sources returns `built: false`.
 */
export async function ensureStudioBuilt(options: { force?: boolean; log?: (line: string) => void; target?: BuildTarget } = {}): Promise<BuildReport> {
  const target = options.target ?? studioTarget;
  if (!options.force && !(await isBuildStale(target))) return { built: false, milliseconds: 0 };
  const parent = path.dirname(target.distDir);
  const base = path.basename(target.distDir);
  await fs.mkdir(parent, { recursive: true });
  const release = await lockfile.lock(parent, {
    lockfilePath: path.join(parent, `.${base}.build-lock`),
    stale: STALE_MS,
    update: UPDATE_MS,
    retries: { retries: Math.ceil(WAIT_MS / 1000), minTimeout: 1000, maxTimeout: 1000, factor: 1 },
    // The default throws from a timer (the process dies). A lost lock only risks a second build, which still
    // goes to its own folder and is renamed into place whole.
    onCompromised: (error) => options.log?.(`The studio's build lock was lost (${error.message}); building on.`),
  });
  try {
    // Another process may have built it while this one waited for the lock.
    if (!options.force && !(await isBuildStale(target))) return { built: false, milliseconds: 0 };
    // Folders a process left when it died mid-build (only the lock's holder makes them).
    for (const name of await fs.readdir(parent)) {
      if (name.startsWith(`.${base}.building-`) || name.startsWith(`.${base}.old-`)) await fs.rm(path.join(parent, name), { recursive: true, force: true });
    }
    const sourceTime = await newestSourceTime(target);
    options.log?.("Building the studio (vite)…");
    const started = performance.now();
    const building = path.join(parent, `.${base}.building-${process.pid}`);
    const old = path.join(parent, `.${base}.old-${process.pid}`);
    await fs.mkdir(building, { recursive: true });
    try {
      await target.build(building);
      await fs.writeFile(path.join(building, STAMP_FILE), JSON.stringify({ sourceTime, builtAt: new Date().toISOString() }));
    } catch (error) {
      // The build served before stays; nothing half made is left behind.
      await fs.rm(building, { recursive: true, force: true });
      throw error;
    }
    // Into place: the old build moves aside and the new one takes its name (a directory cannot be renamed onto a
    // non-empty one), so the served folder is only ever a whole build.
    const hadOld = await fs.rename(target.distDir, old).then(() => true, (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    });
    await fs.rename(building, target.distDir);
    if (hadOld) await fs.rm(old, { recursive: true, force: true });
    const milliseconds = Math.round(performance.now() - started);
    options.log?.(`Built the studio in ${(milliseconds / 1000).toFixed(1)} s.`);
    return { built: true, milliseconds };
  } finally {
    await release();
  }
}
