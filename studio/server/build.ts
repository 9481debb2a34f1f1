/**
 * Builds the studio with Vite when its build is missing or older than any source it is
 * built from (studio app, faces, compiler, grammar, runtime), so `cardwright studio`
 * and the browser tests never serve a stale bundle.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const studioDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoDir = path.resolve(studioDir, "..");
export const distDir = path.join(studioDir, "dist");
const STAMP = path.join(distDir, ".build-stamp.json");

const SOURCE_ROOTS = ["studio/src", "faces", "balance", "studio/index.html", "studio/vite.config.ts", "compiler", "grammar", "runtime", "package-lock.json"];

async function newestSourceTime(): Promise<number> {
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
  for (const root of SOURCE_ROOTS) await visit(path.join(repoDir, root));
  return newest;
}

export async function isBuildStale(): Promise<boolean> {
  try {
    const stamp = JSON.parse(await fs.readFile(STAMP, "utf8")) as { sourceTime: number };
    await fs.access(path.join(distDir, "index.html"));
    return (await newestSourceTime()) > stamp.sourceTime;
  } catch {
    return true;
  }
}

export interface BuildReport {
  built: boolean;
  milliseconds: number;
}

/** Builds if stale (or when `force`); returns whether it built and how long that took. */
export async function ensureStudioBuilt(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<BuildReport> {
  if (!options.force && !(await isBuildStale())) return { built: false, milliseconds: 0 };
  const sourceTime = await newestSourceTime();
  options.log?.("Building the studio (vite)…");
  const started = performance.now();
  const { build } = await import("vite");
  await build({ configFile: path.join(studioDir, "vite.config.ts"), logLevel: "warn" });
  await fs.writeFile(STAMP, JSON.stringify({ sourceTime, builtAt: new Date().toISOString() }));
  const milliseconds = Math.round(performance.now() - started);
  options.log?.(`Built the studio in ${(milliseconds / 1000).toFixed(1)} s.`);
  return { built: true, milliseconds };
}
