/** Shared helpers of the grammar tests. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const repoRoot = join(import.meta.dirname, "..", "..");

/** Every file under `dir` (recursively) whose name ends with one of `extensions`. */
export function filesUnder(dir: string, extensions: string[]): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries.sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, extensions));
    else if (extensions.some((e) => name.endsWith(e))) out.push(path);
  }
  return out;
}

export function read(path: string): string {
  return readFileSync(path, "utf8");
}

export function rel(path: string): string {
  return relative(repoRoot, path).split("\\").join("/");
}

/** A deep copy without source ranges (and without the file name), for comparing trees of different texts. */
export function withoutRanges(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRanges);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "range" && k !== "textRange" && k !== "file") out[k] = withoutRanges(v);
    return out;
  }
  return value;
}
