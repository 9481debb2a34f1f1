/**
 * Writes an export to disk all at once: every file goes into a temporary directory beside the
 * target, which is renamed into place at the end, so a failure leaves nothing partial behind.
 * An existing target is replaced only when it is empty or a previous export (it holds the
 * marker file), never a directory of the designer's own files.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { Diagnostic } from "../compiler/diagnostics.ts";
import { cannotWrite, foreignDirectory } from "./problems.ts";
import type { ExportFile } from "./types.ts";

/** Marks a directory as written by `cardwright export`, so a later export may replace it. */
export const EXPORT_MARKER = ".cardwright-export";

export type WriteResult = { ok: true; directory: string; files: string[] } | { ok: false; diagnostics: Diagnostic[] };

type TargetState = "absent" | "replaceable" | "foreign";

function targetState(directory: string): TargetState {
  if (!existsSync(directory)) return "absent";
  if (!statSync(directory).isDirectory()) return "foreign";
  const entries = readdirSync(directory);
  return entries.length === 0 || entries.includes(EXPORT_MARKER) ? "replaceable" : "foreign";
}

function checkedPath(root: string, relative: string): string {
  const full = resolve(root, relative);
  if (relative === "" || relative.startsWith("/") || !full.startsWith(root + sep)) throw new Error(`refusing to write outside the output directory: ${relative}`);
  return full;
}

export function writeExport(files: ExportFile[], outDir: string, format = "export"): WriteResult {
  const directory = resolve(outDir);
  if (targetState(directory) === "foreign") return { ok: false, diagnostics: [foreignDirectory(outDir)] };
  let temporary: string | undefined;
  let previous: string | undefined;
  try {
    mkdirSync(dirname(directory), { recursive: true });
    temporary = mkdtempSync(join(dirname(directory), ".cardwright-tmp-"));
    for (const file of files) {
      const target = checkedPath(temporary, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.contents);
    }
    writeFileSync(join(temporary, EXPORT_MARKER), `${JSON.stringify({ writtenBy: "cardwright export", format })}\n`);
    const state = targetState(directory);
    if (state === "foreign") {
      rmSync(temporary, { recursive: true, force: true });
      return { ok: false, diagnostics: [foreignDirectory(outDir)] };
    }
    if (state === "replaceable") {
      previous = `${temporary}-previous`;
      renameSync(directory, previous);
    }
    renameSync(temporary, directory);
    temporary = undefined;
    if (previous) rmSync(previous, { recursive: true, force: true });
    return { ok: true, directory, files: files.map((file) => file.path) };
  } catch (error) {
    if (previous && !existsSync(directory)) renameSync(previous, directory);
    if (temporary) rmSync(temporary, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, diagnostics: [cannotWrite(outDir, reason)] };
  }
}
