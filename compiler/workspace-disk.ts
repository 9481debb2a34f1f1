/**
 * Disk access for the compiler, kept apart from `workspace.ts` so the core stays free of
 * `node:fs` (the studio runs it in a web worker). Node clients — the CLI, the studio's local
 * server, the engine's loader — read a workspace with `loadWorkspaceFromDisk(paths)`.
 *
 * Reading never throws for a bad file: an unreadable, binary or non-UTF-8 file becomes a
 * CW3xxx diagnostic and the other files are still read.
 */
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Diagnostic, Range } from "./diagnostics.ts";
import { diagnostic } from "./messages.ts";
import { closestName } from "./check-suggest.ts";
import type { SourceFile } from "./model.ts";
import { checkWorkspace, type WorkspaceAnalysis, analyzeWorkspace } from "./workspace.ts";
import type { WorkspaceModel } from "./model.ts";
import { artExtension, MAX_ART_BYTES, type WorkspaceAsset } from "./art.ts";

export const SOURCE_EXTENSIONS = [".game", ".cards", ".scenario"] as const;

/** A source file larger than this is not read (CW3012): a card set is text, not a media library. The studio server uses the same limit. */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

/** Is `candidate` the folder `root` or inside it? (Both absolute; callers pass real paths for links.) */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

export interface ReadResult {
  files: SourceFile[];
  /** CW3xxx problems met while finding and reading files. */
  diagnostics: Diagnostic[];
  /** The images under the folders read (and beside a file named on its own): what card art may name. */
  assets: WorkspaceAsset[];
  /** The bytes of one of `assets` (refused for anything else: a path from a card file never reaches the disk unchecked). */
  readAsset(path: string): Promise<Uint8Array>;
}

export interface ReadOptions {
  /** Paths are reported relative to this directory (default: the process's working directory). */
  cwd?: string;
  /**
   * A card or scenario file named on its own also brings the game files beside it and in its
   * parent folders (up to `cwd`), so `check cards/duel/core.cards` finds game "duel". Off for
   * commands that write what they read (format).
   */
  gameFilesAround?: boolean;
}

const START: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

export function hasSourceExtension(file: string): boolean {
  return SOURCE_EXTENSIONS.some((extension) => file.toLowerCase().endsWith(extension));
}

/** The extensions a folder's files are read by: the sources, and deck lists (cli/commands/check-decks.ts). */
const READ_EXTENSIONS = ["scenario", "cards", "game", "deck"];

/**
 * The Cardwright extension a file's name seems to mean when it has none of them, or undefined: `x.scenaro`,
 * `x.scenarios`, `core.card`, `duel.gmae`, `red.decks` (one edit from it, two for `scenario`), and `x.scenario.txt`
 * (saved as text). A folder's walk reads files by their extension, so such a file was skipped without a word: its
 * scenarios never ran and `cardwright test` passed (CW3013).
 */
export function misspeltExtension(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (hasSourceExtension(lower) || lower.endsWith(".deck")) return undefined;
  const doubled = /\.(scenario|cards|game|deck)\.txt$/.exec(lower);
  if (doubled) return `.${doubled[1]}`;
  const dot = lower.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const extension = lower.slice(dot + 1);
  const meant = closestName(extension, READ_EXTENSIONS);
  return meant ? `.${meant}` : undefined;
}

/** The workspace-relative, forward-slash form of a path that SourceFile.path uses. */
export function workspacePath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute) || path.basename(absolute);
  return relative.split(path.sep).join("/");
}

/**
 * Finds the Cardwright files under the given paths (directories recurse, in sorted order; files
 * named explicitly are read whatever their extension) and reads them as UTF-8 text.
 *
 * The link policy, the same as the studio's file API: inside a folder given to read, a link is
 * followed only while its real location stays inside that folder; one leaving it is not read
 * (CW3011). A file named on its own is read where it is. Files over MAX_SOURCE_BYTES are not read (CW3012).
 */
export async function readWorkspaceFiles(paths: string[], options: ReadOptions = {}): Promise<ReadResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const files: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const images = new Map<string, { absolute: string; outside: boolean }>();

  const readOne = async (absolute: string): Promise<void> => {
    const shown = workspacePath(absolute, cwd);
    let real: string;
    try {
      real = await fs.realpath(absolute);
    } catch {
      real = absolute;
    }
    if (seen.has(real)) return;
    seen.add(real);
    let bytes: Buffer;
    try {
      const size = (await fs.stat(absolute)).size;
      if (size > MAX_SOURCE_BYTES) {
        diagnostics.push(diagnostic("CW3012", shown, START, { size: `${(size / 1024 / 1024).toFixed(1)} MiB`, limit: `${MAX_SOURCE_BYTES / 1024 / 1024} MiB` }));
        return;
      }
      bytes = await fs.readFile(absolute);
    } catch (error) {
      diagnostics.push(diagnostic("CW3001", shown, START, { reason: describeError(error) }));
      return;
    }
    const decoded = decodeText(bytes);
    if (typeof decoded !== "string") {
      diagnostics.push(diagnostic("CW3002", shown, START, { reason: decoded.reason }));
      return;
    }
    files.push({ path: shown, text: decoded });
  };

  const walk = async (directory: string, visited: Set<string>, root: string): Promise<number> => {
    let real: string;
    try {
      real = await fs.realpath(directory);
    } catch {
      real = directory;
    }
    if (visited.has(real)) return 0; // a symlink loop
    visited.add(real);
    let entries;
    try {
      entries = await fs.readdir(directory, { withFileTypes: true });
    } catch (error) {
      diagnostics.push(diagnostic("CW3001", workspacePath(directory, cwd), START, { reason: describeError(error) }));
      return 0;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let found = 0;
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(directory, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const real = await fs.realpath(full);
          if (!isInside(root, real)) {
            diagnostics.push(diagnostic("CW3011", workspacePath(full, cwd), START, { target: real }));
            if (artExtension(entry.name)) images.set(workspacePath(full, cwd), { absolute: full, outside: true });
            continue;
          }
          const target = await fs.stat(full);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // a dangling link inside a folder is not a card file
        }
      }
      if (isDirectory) found += await walk(full, visited, root);
      else if (isFile && hasSourceExtension(entry.name)) {
        found++;
        await readOne(full);
      } else if (isFile && artExtension(entry.name)) images.set(workspacePath(full, cwd), { absolute: full, outside: false });
      else if (isFile && misspeltExtension(entry.name)) diagnostics.push(diagnostic("CW3013", workspacePath(full, cwd), START, { name: entry.name, meant: misspeltExtension(entry.name)! }));
    }
    return found;
  };

  /** Images only, under the folder of a file named on its own (its art lives beside it). */
  const walkImages = async (directory: string, root: string, visited: Set<string>, depth: number): Promise<void> => {
    const real = await fs.realpath(directory).catch(() => directory);
    if (visited.has(real) || depth > 8 || images.size > MAX_IMAGES) return;
    visited.add(real);
    const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(directory, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let outside = false;
      if (entry.isSymbolicLink()) {
        const target = await fs.realpath(full).catch(() => undefined);
        if (!target) continue;
        outside = !isInside(root, target);
        const stat = await fs.stat(full).catch(() => undefined);
        isDirectory = !outside && !!stat?.isDirectory();
        isFile = !!stat?.isFile();
      }
      if (isDirectory) await walkImages(full, root, visited, depth + 1);
      else if (isFile && artExtension(entry.name)) {
        const shown = workspacePath(full, cwd);
        if (!images.has(shown)) images.set(shown, { absolute: full, outside });
      }
    }
  };

  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    let stats;
    try {
      stats = await fs.stat(absolute);
    } catch {
      diagnostics.push(diagnostic("CW3005", given, START, { path: given }));
      continue;
    }
    if (stats.isDirectory()) {
      const found = await walk(absolute, new Set(), await fs.realpath(absolute));
      if (found === 0) diagnostics.push(diagnostic("CW3006", given, START, { path: given }));
    } else if (!stats.isFile()) {
      // A FIFO or device would block or never end: only regular files are read.
      diagnostics.push(diagnostic("CW3001", workspacePath(absolute, cwd), START, { reason: "it is not a regular file" }));
    } else {
      if (!hasSourceExtension(absolute)) diagnostics.push(diagnostic("CW3007", workspacePath(absolute, cwd), START, { path: workspacePath(absolute, cwd) }));
      await readOne(absolute);
      if (options.gameFilesAround && !absolute.endsWith(".game")) await readGameFilesAround(absolute);
      const folder = path.dirname(absolute);
      await walkImages(folder, await fs.realpath(folder).catch(() => folder), new Set(), 0);
    }
  }
  const assets = await describeImages(images);
  const readable = new Map([...images].filter(([shown]) => assets.some((a) => a.path === shown && !a.outside)).map(([shown, image]) => [shown, image.absolute]));
  const readAsset = async (shown: string): Promise<Uint8Array> => {
    const absolute = readable.get(shown);
    if (absolute === undefined) throw new Error(`"${shown}" is not an image of the workspace`);
    return new Uint8Array(await fs.readFile(absolute));
  };
  return { files, diagnostics, assets, readAsset };

  async function readGameFilesAround(file: string): Promise<void> {
    let directory = path.dirname(file);
    const inside = !path.relative(cwd, directory).startsWith("..") && !path.isAbsolute(path.relative(cwd, directory));
    const stop = inside ? cwd : directory;
    for (;;) {
      const names = await fs.readdir(directory).catch(() => [] as string[]);
      for (const name of names.sort()) if (name.endsWith(".game")) await readOne(path.join(directory, name));
      if (directory === stop || directory === path.dirname(directory)) return;
      directory = path.dirname(directory);
    }
  }
}

/**
 * What a command run without paths works on, from `cwd`: the nearest folder holding a `.game`
 * file (the cwd itself or one above it: inside `cards/duel/` or `cards/duel/scenarios/` that is
 * the duel game's folder); else `cards/` when the cwd has one (the repository root); else the cwd.
 */
export async function defaultWorkspacePaths(cwd: string = process.cwd()): Promise<string[]> {
  const start = path.resolve(cwd);
  const folder = await gameFolderOf(start);
  if (folder) return [path.relative(start, folder) || "."];
  const cards = await fs.stat(path.join(start, "cards")).catch(() => undefined);
  return cards?.isDirectory() ? ["cards/"] : ["."];
}

// ---------------------------------------------------------------------------------------------
// Game folders: a folder holding a `.game` file is one game's workspace

const holdsGameFile = async (directory: string) => (await fs.readdir(directory).catch(() => [] as string[])).some((name) => name.toLowerCase().endsWith(".game"));

/**
 * Shared catch-all folders — the filesystem root, the home directory, the temp directory — are
 * never a game folder, and the search for one stops there: a stray `.game` file in /tmp must not
 * make every file below it one workspace.
 */
const SHARED_FOLDERS = new Set([path.parse(process.cwd()).root, os.homedir(), os.tmpdir()].map((p) => path.resolve(p)));

/** The game folder a path belongs to: the nearest folder at or above it holding a `.game` file (below the shared folders). */
export async function gameFolderOf(absolute: string): Promise<string | undefined> {
  const stats = await fs.stat(absolute).catch(() => undefined);
  for (let directory = stats?.isDirectory() ? absolute : path.dirname(absolute); ; directory = path.dirname(directory)) {
    if (SHARED_FOLDERS.has(directory) || directory === path.dirname(directory)) return undefined;
    if (await holdsGameFile(directory)) return directory;
  }
}

/**
 * A game folder's own source files: its files and sub-folders', but not those of a game folder nested in it (a
 * workspace of its own); and its files whose extension is a misspelt one of them (CW3013: never read).
 */
async function gameFolderSources(folder: string): Promise<{ files: string[]; misspelt: string[] }> {
  const out: string[] = [];
  const misspelt: string[] = [];
  const walk = async (directory: string, top: boolean): Promise<void> => {
    if (!top && (await holdsGameFile(directory))) return;
    const entries = (await fs.readdir(directory, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full, false);
      else if (entry.isFile() && hasSourceExtension(entry.name)) out.push(full);
      else if (entry.isFile() && misspeltExtension(entry.name)) misspelt.push(full);
    }
  };
  await walk(folder, true);
  return { files: out, misspelt };
}

/** CW3013 at a file (absolute) whose extension is a misspelt Cardwright one. */
const misspeltFile = (absolute: string, cwd: string): Diagnostic => {
  const name = path.basename(absolute);
  return diagnostic("CW3013", workspacePath(absolute, cwd), START, { name, meant: misspeltExtension(name)! });
};

/** Game folders at or below a directory, each once. */
async function gameFoldersUnder(directory: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    if (await holdsGameFile(at)) out.push(at);
    for (const entry of await fs.readdir(at, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules") await walk(path.join(at, entry.name));
    }
  };
  await walk(directory);
  return out.sort();
}

export interface GameWorkspace {
  /** The game folder (absolute); undefined for named files and loose files that belong to no game folder. */
  folder?: string;
  /** Its source files (absolute): the game folder's own, or the loose files. */
  files: string[];
  /** The given paths inside it (absolute files or folders): what a command runs or reports. */
  focus: string[];
}

/**
 * The workspaces a command given these paths works on, as `cardwright test` runs them: a path
 * inside a game folder (a scenario file, `scenarios/`, `decks/`) is that game folder's workspace,
 * from any working directory; a folder above game folders is each of them, separately (two game
 * folders are two workspaces even when they declare the same game id); source files that belong to
 * no game folder form one loose workspace. Paths that do not exist come back as CW3005.
 */
export async function gameWorkspaces(paths: string[], cwd: string = process.cwd()): Promise<{ workspaces: GameWorkspace[]; diagnostics: Diagnostic[] }> {
  const byFolder = new Map<string, GameWorkspace>();
  const loose: GameWorkspace = { files: [], focus: [] };
  const diagnostics: Diagnostic[] = [];
  const workspace = (folder: string) => byFolder.get(folder) ?? byFolder.set(folder, { folder, files: [], focus: [] }).get(folder)!;
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stats = await fs.stat(absolute).catch(() => undefined);
    if (!stats) {
      diagnostics.push(diagnostic("CW3005", given, START, { path: given }));
      continue;
    }
    const folder = await gameFolderOf(absolute);
    if (folder) {
      workspace(folder).focus.push(absolute);
      continue;
    }
    if (!stats.isDirectory()) {
      loose.files.push(absolute);
      loose.focus.push(absolute);
      continue;
    }
    const folders = await gameFoldersUnder(absolute);
    for (const f of folders) workspace(f).focus.push(f);
    // Source files under the folder that no game folder holds.
    const inside = (file: string) => folders.some((f) => file.startsWith(f + path.sep));
    const read = await readWorkspaceFiles([absolute], { cwd: absolute });
    const strays = read.files.map((f) => path.join(absolute, f.path)).filter((file) => !inside(file));
    loose.files.push(...strays);
    loose.focus.push(...strays);
    for (const d of read.diagnostics) if (d.code === "CW3013" && !inside(path.join(absolute, d.file))) diagnostics.push(misspeltFile(path.join(absolute, d.file), cwd));
    if (folders.length === 0 && strays.length === 0) diagnostics.push(diagnostic("CW3006", given, START, { path: given }));
  }
  for (const ws of byFolder.values()) {
    const sources = await gameFolderSources(ws.folder!);
    ws.files = sources.files;
    // A file named on its own with another extension (`x.scn`; not a misspelt one, CW3013, nor a deck list) is read by
    // its first line, as `check` reads it (CW3007): a folder's walk leaves it out, so it was never run and never named.
    for (const file of ws.focus) {
      if (hasSourceExtension(file) || misspeltExtension(path.basename(file)) || file.toLowerCase().endsWith(".deck")) continue;
      if ((await fs.stat(file).catch(() => undefined))?.isFile()) ws.files.push(file);
    }
    // Said for the files the paths name (a folder given, or the file itself): a misspelt file beside a scenario run alone is not its concern.
    for (const file of sources.misspelt) if (inFocus(file, ws.focus)) diagnostics.push(misspeltFile(file, cwd));
  }
  const workspaces = [...byFolder.values()].sort((a, b) => (a.folder! < b.folder! ? -1 : 1));
  if (loose.files.length) workspaces.push(loose);
  return { workspaces, diagnostics };
}

/**
 * For `check` and `explain`: a path inside a game folder (not the folder itself) is checked with its game folder,
 * so its scenarios and deck lists see the game's cards; only the paths given (the focus) are reported.
 */
export async function enclosingGameFolders(paths: string[], cwd: string = process.cwd()): Promise<{ sources: string[]; focus: string[] }> {
  const sources: string[] = [];
  const focus: string[] = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const folder = (await fs.stat(absolute).catch(() => undefined)) ? await gameFolderOf(absolute) : undefined;
    sources.push(folder && folder !== absolute ? path.relative(cwd, folder) || "." : given);
    focus.push(absolute);
  }
  return { sources: [...new Set(sources)], focus };
}

/** Is this file (absolute) one the focus names (a file, or a file under a folder)? */
export function inFocus(file: string, focus: readonly string[]): boolean {
  return focus.some((f) => file === f || file.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
}

/** Decodes UTF-8 text, refusing binary data; strips a byte-order mark. */
export function decodeText(bytes: Uint8Array): string | { reason: string } {
  if (bytes.includes(0)) return { reason: "it contains NUL bytes" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return { reason: "it is not valid UTF-8" };
  }
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory";
    case "ENOENT":
      return "it does not exist";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Images listed at most (a workspace is a game's folder, not a photo library). */
const MAX_IMAGES = 5000;

/**
 * What each image is, from its bytes (image-size reads the header; the name is not trusted). A file
 * over MAX_ART_BYTES is not read: its size says enough. Never throws: a problem is the asset's `problem`.
 */
export async function describeImages(images: ReadonlyMap<string, { absolute: string; outside: boolean }>): Promise<WorkspaceAsset[]> {
  const { imageSize } = await import("image-size");
  const described: WorkspaceAsset[] = [];
  for (const [shown, { absolute, outside }] of [...images].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_IMAGES)) {
    if (outside) {
      described.push({ path: shown, size: 0, outside: true });
      continue;
    }
    try {
      const size = (await fs.stat(absolute)).size;
      if (size > MAX_ART_BYTES) {
        described.push({ path: shown, size });
        continue;
      }
      described.push({ path: shown, size, ...sniffImage(new Uint8Array(await fs.readFile(absolute)), imageSize) });
    } catch (error) {
      described.push({ path: shown, size: 0, problem: describeError(error) });
    }
  }
  return described;
}

/** The format and pixel size of an image's bytes (PNG, JPEG or WebP), or nothing when they are none of those. */
export function sniffImage(bytes: Uint8Array, imageSize: (input: Uint8Array) => { type?: string; width?: number; height?: number }): Pick<WorkspaceAsset, "format" | "width" | "height"> {
  try {
    const found = imageSize(bytes);
    const format = found.type === "png" ? "png" : found.type === "jpg" ? "jpeg" : found.type === "webp" ? "webp" : undefined;
    if (!format || !found.width || !found.height) return {};
    return { format, width: found.width, height: found.height };
  } catch {
    return {};
  }
}

/** Reads and checks a workspace: the files' own diagnostics plus the CW3xxx ones of reading. */
export async function loadWorkspaceFromDisk(paths: string[], options: ReadOptions = {}): Promise<WorkspaceModel> {
  return (await analyzeWorkspaceFromDisk(paths, options)).model;
}

/** `references: false` — see AnalyzeOptions.references (`cardwright check` reads none). */
export async function analyzeWorkspaceFromDisk(paths: string[], options: ReadOptions & { references?: boolean } = {}): Promise<WorkspaceAnalysis & { read: ReadResult }> {
  const read = await readWorkspaceFiles(paths, options);
  const analysis = analyzeWorkspace(read.files, { extraDiagnostics: read.diagnostics, assets: read.assets, ...(options.references === false ? { references: false } : {}) });
  // Not a spread: copying would read `references` (every card's, built when first read: ~35 MB
  // and a second of CPU for 10,000 cards that `check` never reads) and drop the analysis's identity
  // (its check memory, by which card models are found).
  return Object.assign(analysis, { read });
}

/** Replaces a file's contents atomically: a temporary file beside it, then a rename. */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  const directory = path.dirname(target);
  const temporary = path.join(directory, `.cardwright-tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const mode = (await fs.stat(target).catch(() => undefined))?.mode;
    await fs.writeFile(temporary, text, mode === undefined ? {} : { mode });
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

// Re-exported so that Node clients need only this module.
export { checkWorkspace };
