/**
 * The studio server's file store: every path a client sends is resolved inside the
 * workspace root, and anything that could reach outside it (`..`, absolute paths, NUL
 * bytes, links pointing out, backslashes) is refused before the disk is touched.
 *
 * Every change is a compare-and-swap on one file: it carries the version the client last saw,
 * and the compare and the swap run under that file's lock (a rename holds both files' locks),
 * so of two saves based on one version exactly one succeeds and the other gets a 409 with the
 * disk's text. Writes go to a temporary file beside the target and are renamed over it (the
 * disk always holds one complete version); a new file, and a renamed one, are put in place with
 * a hard link, which fails if the name is taken — never a clobber. Temporary files a killed
 * server left behind are removed when it starts (`cleanTemporaryFiles`).
 *
 * Reads and listings are bounded: a file larger than MAX_FILE_BYTES, or not UTF-8 text, is
 * listed (`readable: false`, a version from its size and time) but never read whole; listings
 * hash a file again only when its size or times changed, and stop at MAX_LISTED_FILES.
 */
import { createHash, randomBytes } from "node:crypto";
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { MAX_SOURCE_BYTES, describeImages, isInside, sniffImage } from "../../compiler/workspace-disk.ts";
import { MAX_ART_BYTES, MAX_ART_PIXELS, artExtension, type WorkspaceAsset } from "../../compiler/art.ts";

export class WorkspaceError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface FileEntry {
  /** Workspace-relative path with forward slashes. */
  path: string;
  kind: "game" | "cards" | "scenario" | "deck" | "other";
  version: string;
  size: number;
  /** False for a file the studio does not open: larger than MAX_FILE_BYTES, or not UTF-8 text. */
  readable: boolean;
  /** The text, in a listing asked for with its contents (readable files the studio opens only). */
  text?: string;
}

export interface FileContent {
  path: string;
  text: string;
  version: string;
}

export interface FileListing {
  files: FileEntry[];
  /** True when the listing stopped at MAX_LISTED_FILES. */
  truncated: boolean;
  /** The workspace's images, described as `cardwright check`'s reader describes them (what card art is held to). */
  assets: WorkspaceAsset[];
}

/** Files larger than this are listed but neither read nor written: a card set is text, not a media library. */
export const MAX_FILE_BYTES = MAX_SOURCE_BYTES;
/** A listing names at most this many files (a workspace is a game's folder, not a disk). */
export const MAX_LISTED_FILES = 5000;
/** Files a listing reads at once. */
const LISTING_CONCURRENCY = 16;
const EDITABLE_EXTENSIONS = new Set([".game", ".cards", ".scenario", ".deck", ".md", ".txt"]);
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);
/** Our temporary files: `.<name>.<12 hex>.cw-tmp` (and `.tmp`, as servers before it named them). */
const TEMPORARY_FILE = /^\..+\.[0-9a-f]{12}\.(?:cw-)?tmp$/;

export function versionOf(text: string): string {
  return "sha256:" + createHash("sha256").update(text, "utf8").digest("hex").slice(0, 24);
}

/** The version of a file the studio does not read: its size and modification time. */
function statVersion(stat: Stats): string {
  return `stat:${stat.size}:${Math.round(stat.mtimeMs)}`;
}

export function kindOf(relativePath: string): FileEntry["kind"] {
  const ext = path.posix.extname(relativePath).toLowerCase();
  if (ext === ".game") return "game";
  if (ext === ".cards") return "cards";
  if (ext === ".scenario") return "scenario";
  // A deck list (`N Card Name` lines) for the table: listed and edited, never compiled.
  if (ext === ".deck") return "deck";
  return "other";
}

/** Text of a file's bytes, or undefined when they are not UTF-8 text (a byte-order mark is kept: it is part of the file). */
function decode(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** What is on disk at a path, read within the size limit. */
type DiskState = { kind: "absent" } | { kind: "other" } | { kind: "file"; text: string | undefined; version: string; stat: Stats };

async function readDisk(absolute: string): Promise<DiskState> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(absolute, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "absent" };
    if (code === "EISDIR") return { kind: "other" };
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { kind: "other" };
    if (stat.size > MAX_FILE_BYTES) return { kind: "file", text: undefined, version: statVersion(stat), stat };
    // Read at most one byte past the limit: a file growing while it is read cannot make this unbounded.
    const buffer = Buffer.alloc(Math.min(stat.size + 1, MAX_FILE_BYTES + 1));
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > MAX_FILE_BYTES) return { kind: "file", text: undefined, version: statVersion(stat), stat };
    const bytes = buffer.subarray(0, length);
    const text = decode(bytes);
    return { kind: "file", text, version: text === undefined ? "sha256:" + createHash("sha256").update(bytes).digest("hex").slice(0, 24) : versionOf(text), stat };
  } finally {
    await handle.close();
  }
}

/** `work` over every item, at most `limit` at a time; results in the items' order. */
async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One lock per key, taken in sorted order when several are needed (no deadlock between two renames). */
class KeyedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: string[], action: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.acquire(key));
      return await action();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

interface Resolved {
  /** Where the file really is (through links that stay inside the workspace): what is read, written and locked. */
  absolute: string;
  relative: string;
}

export class WorkspaceFiles {
  private realRoot: string | undefined;
  private readonly locks = new KeyedLocks();
  /** Versions of listed files by real path, kept while the file's size and times stay the same. */
  private readonly listed = new Map<string, { stamp: string; entry: Omit<FileEntry, "path" | "kind"> }>();
  /** Image descriptions by real path, kept while the file's size and times stay the same (the page polls the listing). */
  private readonly described = new Map<string, { stamp: string; asset: WorkspaceAsset }>();

  constructor(readonly root: string) {}

  private async rootReal(): Promise<string> {
    this.realRoot ??= await fs.realpath(this.root);
    return this.realRoot;
  }

  /**
   * Validates a client-supplied relative path and returns its location. Refuses (403) anything
   * that would leave the workspace, before and after links (the one link policy, shared with
   * `check`, `test` and `export`: a link is followed only while it stays inside the workspace).
   */
  async resolve(relativePath: unknown, options: { mustExist?: boolean } = {}): Promise<Resolved> {
    if (typeof relativePath !== "string" || relativePath.length === 0) throw new WorkspaceError(400, "A file path is required.");
    if (relativePath.length > 1024) throw new WorkspaceError(400, "The file path is too long.");
    if (relativePath.includes("\0")) throw new WorkspaceError(400, "The file path contains a NUL byte.");
    if (relativePath.includes("\\")) throw new WorkspaceError(400, "Use forward slashes in file paths.");
    if (relativePath.startsWith("/") || path.isAbsolute(relativePath) || /^[a-zA-Z]:/.test(relativePath)) {
      throw new WorkspaceError(403, "Absolute paths are refused: paths are relative to the workspace.");
    }
    const segments = relativePath.split("/");
    if (segments.some((s) => s === ".." || s === "." || s === "")) {
      throw new WorkspaceError(403, `The path "${relativePath}" leaves the workspace or is not normalised.`);
    }
    if (segments.some((s) => s.startsWith("."))) throw new WorkspaceError(403, "Hidden files and folders are not served.");
    if (segments.some((s) => Buffer.byteLength(s) > 255)) throw new WorkspaceError(400, "A file or folder name is longer than 255 bytes.");
    const root = await this.rootReal();
    const absolute = path.join(root, ...segments);
    if (!isInside(root, absolute)) throw new WorkspaceError(403, "The path leaves the workspace.");

    // Follow links on the deepest existing ancestor: a link pointing out of the workspace is refused.
    let probe = absolute;
    for (;;) {
      try {
        const real = await fs.realpath(probe);
        if (!isInside(root, real)) throw new WorkspaceError(403, "The path goes through a link that leaves the workspace.");
        return { absolute: path.join(real, path.relative(probe, absolute)), relative: segments.join("/") };
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
        if (options.mustExist) throw new WorkspaceError(404, `No file "${relativePath}" in the workspace.`);
        const parent = path.dirname(probe);
        if (parent === probe || !isInside(root, parent)) return { absolute, relative: segments.join("/") };
        probe = parent;
      }
    }
  }

  /** Removes the temporary files of saves that never finished (a killed server). Returns how many. */
  async cleanTemporaryFiles(): Promise<number> {
    const root = await this.rootReal();
    let removed = 0;
    const walk = async (dir: string, depth: number): Promise<void> => {
      if (depth > 32) return;
      const items = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const item of items) {
        const absolute = path.join(dir, item.name);
        if (item.isFile() && TEMPORARY_FILE.test(item.name)) {
          await fs.rm(absolute, { force: true });
          removed++;
        } else if (item.isDirectory() && !item.name.startsWith(".") && !SKIPPED_DIRECTORIES.has(item.name)) await walk(absolute, depth + 1);
      }
    };
    await walk(root, 0);
    return removed;
  }

  /** The workspace's files (see `listing` for whether the list was cut at MAX_LISTED_FILES). */
  async list(): Promise<FileEntry[]> {
    return (await this.listing()).files;
  }

  /**
   * The files under the workspace, sorted by path. With `contents`, each readable file the
   * studio opens (not `other` kinds) comes with its text, read in the same pass: the page opens
   * the workspace with this one request. Files are read and hashed concurrently, a few at a time.
   */
  async listing(options: { contents?: boolean } = {}): Promise<FileListing> {
    const root = await this.rootReal();
    const found: { absolute: string; relative: string }[] = [];
    const images: { absolute: string; relative: string; outside: boolean }[] = [];
    const seen = new Set<string>();
    let truncated = false;
    const walk = async (dir: string, shown: string): Promise<void> => {
      const items = await fs.readdir(dir, { withFileTypes: true });
      items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const item of items) {
        if (truncated) return;
        if (item.name.startsWith(".") || SKIPPED_DIRECTORIES.has(item.name)) continue;
        let absolute = path.join(dir, item.name);
        const relative = shown ? `${shown}/${item.name}` : item.name;
        let isDirectory = item.isDirectory();
        let isFile = item.isFile();
        if (item.isSymbolicLink()) {
          // The link policy: followed only while it stays inside the workspace.
          const real = await fs.realpath(absolute).catch(() => undefined);
          // An image link leading out is listed as such (art naming it is refused, as `check` refuses it), never read.
          if (real && !isInside(root, real) && artExtension(item.name) && images.length < MAX_LISTED_FILES) images.push({ absolute, relative, outside: true });
          if (!real || !isInside(root, real)) continue;
          const stat = await fs.stat(real).catch(() => undefined);
          absolute = real;
          isDirectory = !!stat?.isDirectory();
          isFile = !!stat?.isFile();
        }
        if (isDirectory) {
          if (seen.has(absolute)) continue; // a loop of links
          seen.add(absolute);
          await walk(absolute, relative);
        } else if (isFile && EDITABLE_EXTENSIONS.has(path.extname(item.name).toLowerCase())) {
          if (found.length >= MAX_LISTED_FILES) {
            truncated = true;
            return;
          }
          found.push({ absolute, relative });
        } else if (isFile && artExtension(item.name) && images.length < MAX_LISTED_FILES) images.push({ absolute, relative, outside: false });
      }
    };
    await walk(root, "");
    const assets = await mapConcurrently(images, LISTING_CONCURRENCY, (image) => this.describeImage(image));
    const entries = await mapConcurrently(found, LISTING_CONCURRENCY, async ({ absolute, relative }): Promise<FileEntry> => {
      const kind = kindOf(relative);
      if (options.contents && kind !== "other") return { path: relative, kind, ...(await this.entryWithText(absolute)) };
      return { path: relative, kind, ...(await this.entryOf(absolute)) };
    });
    return { files: entries.sort((a, b) => a.path.localeCompare(b.path)), truncated, assets: assets.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
  }

  /** An image of the listing described by the CLI reader's own `describeImages`: sniffed again only when its size or times changed. */
  private async describeImage({ absolute, relative, outside }: { absolute: string; relative: string; outside: boolean }): Promise<WorkspaceAsset> {
    if (outside) return { path: relative, size: 0, outside: true };
    const stat = await fs.stat(absolute).catch(() => undefined);
    const stamp = stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}` : "";
    const known = this.described.get(absolute);
    if (stat && known?.stamp === stamp && known.asset.path === relative) return known.asset;
    const [asset] = await describeImages(new Map([[relative, { absolute, outside: false }]]));
    if (stat) this.described.set(absolute, { stamp, asset: asset! });
    return asset!;
  }

  /** A listed file read whole: its entry with its text when it is readable (and the listing's cache refreshed). */
  private async entryWithText(absolute: string): Promise<Omit<FileEntry, "path" | "kind">> {
    const disk = await readDisk(absolute);
    if (disk.kind !== "file") return this.entryOf(absolute);
    const entry = { version: disk.version, size: disk.stat.size, readable: disk.text !== undefined };
    const stat = disk.stat;
    this.listed.set(absolute, { stamp: `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`, entry });
    return disk.text === undefined ? entry : { ...entry, text: disk.text };
  }

  /** A listed file's version: hashed again only when its size or times changed since the last listing. */
  private async entryOf(absolute: string): Promise<Omit<FileEntry, "path" | "kind">> {
    const stat = await fs.stat(absolute);
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    const known = this.listed.get(absolute);
    if (known?.stamp === stamp) return known.entry;
    const disk = stat.size > MAX_FILE_BYTES ? undefined : await readDisk(absolute);
    const entry =
      disk?.kind === "file"
        ? { version: disk.version, size: disk.stat.size, readable: disk.text !== undefined }
        : { version: statVersion(stat), size: stat.size, readable: false };
    this.listed.set(absolute, { stamp, entry });
    return entry;
  }

  /**
   * A workspace image for a card's art, read whole: PNG, JPEG or WebP by its bytes (not its name),
   * at most MAX_ART_BYTES and MAX_ART_PIXELS a side (the limits `check` holds card art to).
   */
  async readImage(relativePath: unknown): Promise<{ bytes: Buffer; mime: string }> {
    const { absolute, relative } = await this.resolve(relativePath, { mustExist: true });
    const stat = await fs.stat(absolute);
    if (!stat.isFile()) throw new WorkspaceError(400, `"${relative}" is not a file.`);
    if (stat.size > MAX_ART_BYTES) throw new WorkspaceError(413, `"${relative}" is too large for card art (${megabytes(stat.size)}; the limit is ${megabytes(MAX_ART_BYTES)}).`);
    const bytes = await fs.readFile(absolute);
    const { imageSize } = await import("image-size");
    const found = sniffImage(new Uint8Array(bytes), imageSize);
    if (!found.format) throw new WorkspaceError(415, `"${relative}" is not a PNG, JPEG or WebP image.`);
    if (found.width! > MAX_ART_PIXELS || found.height! > MAX_ART_PIXELS) throw new WorkspaceError(413, `"${relative}" is ${found.width} × ${found.height} pixels; card art may be at most ${MAX_ART_PIXELS} a side.`);
    return { bytes, mime: `image/${found.format}` };
  }

  async read(relativePath: unknown): Promise<FileContent> {
    const { absolute, relative } = await this.resolve(relativePath, { mustExist: true });
    const disk = await readDisk(absolute);
    if (disk.kind !== "file") throw new WorkspaceError(disk.kind === "absent" ? 404 : 400, disk.kind === "absent" ? `No file "${relative}" in the workspace.` : `"${relative}" is not a file.`);
    if (disk.stat.size > MAX_FILE_BYTES) throw new WorkspaceError(413, `"${relative}" is too large to open (${megabytes(disk.stat.size)}; the limit is ${megabytes(MAX_FILE_BYTES)}).`, { version: disk.version });
    if (disk.text === undefined) throw new WorkspaceError(415, `"${relative}" is not UTF-8 text (a binary file?); it is not opened.`, { version: disk.version });
    return { path: relative, text: disk.text, version: disk.version };
  }

  /**
   * Writes `text` if the file on disk is still at `baseVersion` (null: the file must not exist yet).
   * A mismatch is a 409 carrying the disk's current text and version, for the client to offer.
   */
  async write(relativePath: unknown, text: unknown, baseVersion: unknown): Promise<FileContent> {
    if (typeof text !== "string") throw new WorkspaceError(400, "The file text must be a string.");
    if (Buffer.byteLength(text) > MAX_FILE_BYTES) throw new WorkspaceError(413, "The file is too large.");
    if (baseVersion !== null && typeof baseVersion !== "string") throw new WorkspaceError(400, "baseVersion must be a version string or null.");
    const { absolute, relative } = await this.resolve(relativePath);
    return this.locks.run([absolute], async () => {
      const current = await readDisk(absolute);
      if (current.kind === "other") throw new WorkspaceError(400, `"${relative}" is not a file.`);
      if (baseVersion === null) {
        if (current.kind === "file") throw conflict(relative, current, `"${relative}" already exists.`);
      } else {
        if (current.kind === "absent") throw new WorkspaceError(409, `"${relative}" was deleted on disk.`, { path: relative, text: null, version: null });
        if (current.version !== baseVersion) throw conflict(relative, current, `"${relative}" changed on disk since it was opened.`);
      }
      await fs.mkdir(path.dirname(absolute), { recursive: true });
      await this.resolve(relative); // the folders just created must still be inside the workspace
      const temp = await writeTemporary(absolute, text);
      try {
        if (current.kind === "absent") await claimName(temp, absolute, relative);
        else await fs.rename(temp, absolute);
      } finally {
        await fs.rm(temp, { force: true });
      }
      return { path: relative, text, version: versionOf(text) };
    });
  }

  /** Moves a file (never a folder) to a free name, if it is still at `baseVersion`. */
  async rename(from: unknown, to: unknown, baseVersion: unknown): Promise<FileEntry> {
    const source = await this.resolve(from, { mustExist: true });
    const target = await this.resolve(to);
    if (typeof baseVersion !== "string") throw new WorkspaceError(400, "A rename names the version of the file it moves (baseVersion).");
    return this.locks.run([source.absolute, target.absolute], async () => {
      const current = await readDisk(source.absolute);
      if (current.kind === "other") throw new WorkspaceError(400, `"${source.relative}" is a folder: only files can be renamed (rename its files one by one).`);
      if (current.kind === "absent") throw new WorkspaceError(409, `"${source.relative}" was deleted on disk.`, { path: source.relative, text: null, version: null });
      if (current.version !== baseVersion) throw conflict(source.relative, current, `"${source.relative}" changed on disk since it was opened.`);
      await fs.mkdir(path.dirname(target.absolute), { recursive: true });
      await this.resolve(target.relative);
      // The new name is taken only if free (a hard link never replaces), then the old name goes.
      if ((await claimName(source.absolute, target.absolute, target.relative)) === "linked") await fs.unlink(source.absolute);
      return { path: target.relative, kind: kindOf(target.relative), version: current.version, size: current.stat.size, readable: current.text !== undefined };
    });
  }

  /** Deletes a file if it is still at `baseVersion` (required: a delete never removes what the client has not seen). */
  async remove(relativePath: unknown, baseVersion: unknown): Promise<void> {
    const { absolute, relative } = await this.resolve(relativePath, { mustExist: true });
    if (typeof baseVersion !== "string") throw new WorkspaceError(400, "A delete names the version of the file it removes (baseVersion).");
    await this.locks.run([absolute], async () => {
      const current = await readDisk(absolute);
      if (current.kind === "other") throw new WorkspaceError(400, `"${relative}" is not a file.`);
      if (current.kind === "absent") throw new WorkspaceError(404, `No file "${relative}" in the workspace.`);
      if (current.version !== baseVersion) throw conflict(relative, current, `"${relative}" changed on disk since it was opened.`);
      await fs.unlink(absolute);
    });
  }
}

function conflict(relative: string, current: Extract<DiskState, { kind: "file" }>, message: string): WorkspaceError {
  return new WorkspaceError(409, message, { path: relative, text: current.text ?? null, version: current.version });
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A complete copy of `text` in a temporary file beside `absolute` (same file system), flushed to disk. */
async function writeTemporary(absolute: string, text: string): Promise<string> {
  const temp = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${randomBytes(6).toString("hex")}.cw-tmp`);
  const handle = await fs.open(temp, "wx", 0o644);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/**
 * Gives `existing` the name `target` only if that name is free: a hard link fails (EEXIST) instead
 * of replacing. On a file system without hard links the name is checked, then `existing` is moved
 * there (under the file's lock): "moved" tells the caller that `existing` is gone.
 */
async function claimName(existing: string, target: string, relative: string): Promise<"linked" | "moved"> {
  try {
    await fs.link(existing, target);
    return "linked";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new WorkspaceError(409, `"${relative}" already exists.`);
    if (code !== "EPERM" && code !== "EXDEV" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EMLINK") throw error;
  }
  if (await fs.lstat(target).then(() => true, () => false)) throw new WorkspaceError(409, `"${relative}" already exists.`);
  await fs.rename(existing, target);
  return "moved";
}
