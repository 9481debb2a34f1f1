/**
 * Writes an export to disk so that no failure or kill loses output. Every file is first written
 * in full to a staging folder beside the target. A new target is that folder, renamed into place.
 * A previous export is replaced file by file, each with one rename, so the output folder is
 * there at every moment and each of its files is complete (old or new); files of the previous
 * export that the new one does not write go last.
 *
 * The marker file records which files an export wrote. A folder is replaced only when it is empty
 * or every file in it is listed by its marker: a folder holding anything else (a designer's own
 * file beside a previous export) is refused (CW4002), never replaced. While files are being moved
 * the marker lists the old and the new ones, so a run that was killed half way is still recognised
 * as ours and finished by the next export.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { Diagnostic } from "../compiler/diagnostics.ts";
import { cannotWrite, foreignDirectory } from "./problems.ts";
import type { ExportFile } from "./types.ts";

/** Marks a directory as written by `cardwright export`, so a later export may replace it. */
export const EXPORT_MARKER = ".cardwright-export";

export type WriteResult = { ok: true; directory: string; files: string[] } | { ok: false; diagnostics: Diagnostic[] };

interface Marker {
  writtenBy: "cardwright export";
  format: string;
  /** Every file the export wrote (forward slashes). Absent in markers older than the list. */
  files?: string[];
}

type TargetState = { kind: "absent" } | { kind: "foreign" } | { kind: "replaceable"; present: string[] };

/** Every file (and link) under a directory, relative, with forward slashes; the marker excluded. */
function filesUnder(directory: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!prefix && entry.name === EXPORT_MARKER) continue;
    if (entry.isDirectory()) out.push(...filesUnder(join(directory, entry.name), relative));
    else out.push(relative);
  }
  return out;
}

function readMarker(directory: string): Marker | undefined {
  try {
    const marker = JSON.parse(readFileSync(join(directory, EXPORT_MARKER), "utf8")) as Marker;
    return marker && marker.writtenBy === "cardwright export" ? marker : undefined;
  } catch {
    return undefined;
  }
}

/**
 * May `directory` be replaced by an export writing `incoming`? Only when every file in it is ours:
 * listed by its marker (or, for a marker older than the list, about to be written again).
 */
function targetState(directory: string, incoming: ReadonlySet<string>): TargetState {
  if (!existsSync(directory)) return { kind: "absent" };
  if (!statSync(directory).isDirectory()) return { kind: "foreign" };
  const present = filesUnder(directory);
  if (present.length === 0) return { kind: "replaceable", present };
  const marker = readMarker(directory);
  if (!marker) return { kind: "foreign" };
  const ours = marker.files ? new Set(marker.files) : incoming;
  return present.every((file) => ours.has(file)) ? { kind: "replaceable", present } : { kind: "foreign" };
}

function checkedPath(root: string, relative: string): string {
  const full = resolve(root, relative);
  if (relative === "" || relative.startsWith("/") || !full.startsWith(root + sep)) throw new Error(`refusing to write outside the output directory: ${relative}`);
  return full;
}

const markerText = (format: string, files: Iterable<string>): string =>
  `${JSON.stringify({ writtenBy: "cardwright export", format, files: [...new Set(files)].sort() } satisfies Marker)}\n`;

export function writeExport(files: ExportFile[], outDir: string, format = "export"): WriteResult {
  const directory = resolve(outDir);
  const incoming = new Set(files.map((file) => file.path));
  if (targetState(directory, incoming).kind === "foreign") return { ok: false, diagnostics: [foreignDirectory(outDir)] };
  const stagingPrefix = join(dirname(directory), `.cardwright-tmp-${basename(directory)}-`);
  let staging: string | undefined;
  try {
    mkdirSync(dirname(directory), { recursive: true });
    removeStaleStaging(dirname(directory), basename(stagingPrefix));
    staging = mkdtempSync(stagingPrefix);
    for (const file of files) {
      const target = checkedPath(staging, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.contents);
    }
    // Checked again now that the files are ready: the folder may have changed meanwhile.
    const state = targetState(directory, incoming);
    if (state.kind === "foreign") return { ok: false, diagnostics: [foreignDirectory(outDir)] };
    if (state.kind === "absent") {
      writeFileSync(join(staging, EXPORT_MARKER), markerText(format, incoming));
      renameSync(staging, directory);
      staging = undefined;
    } else {
      replaceFileByFile(staging, directory, format, incoming, state.present);
    }
    return { ok: true, directory, files: files.map((file) => file.path) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, diagnostics: [cannotWrite(outDir, reason)] };
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
}

/** Moves the staged files over a previous export one rename at a time, then drops the files it no longer has. */
function replaceFileByFile(staging: string, directory: string, format: string, incoming: ReadonlySet<string>, present: string[]): void {
  // First the marker owns both sets: whatever moment a kill comes, every file in the folder is listed.
  putMarker(staging, directory, markerText(format, [...present, ...incoming]));
  for (const path of [...incoming].sort()) {
    const target = checkedPath(directory, path);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(staging, path), target);
  }
  for (const path of present) {
    if (incoming.has(path)) continue;
    unlinkSync(checkedPath(directory, path));
    removeEmptyParents(dirname(checkedPath(directory, path)), directory);
  }
  putMarker(staging, directory, markerText(format, incoming));
}

function putMarker(staging: string, directory: string, text: string): void {
  const temporary = join(staging, EXPORT_MARKER);
  writeFileSync(temporary, text);
  renameSync(temporary, join(directory, EXPORT_MARKER));
}

function removeEmptyParents(folder: string, stop: string): void {
  for (let current = folder; current !== stop && current.startsWith(stop + sep); current = dirname(current)) {
    if (readdirSync(current).length > 0) return;
    rmdirSync(current);
  }
}

/** Staging folders of this output that a killed export left beside it. */
function removeStaleStaging(parent: string, prefix: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const full = join(parent, name);
    if (lstatSync(full).isDirectory()) rmSync(full, { recursive: true, force: true });
  }
}
