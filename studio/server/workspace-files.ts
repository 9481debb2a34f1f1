/**
 * The studio server's file store: every path a client sends is resolved inside the
 * workspace root, and anything that could reach outside it (`..`, absolute paths, NUL
 * bytes, symlinks pointing out, backslashes) is refused before the disk is touched.
 * Writes are atomic (temp file + rename) and carry the version they were based on, so a
 * file that changed on disk since the client read it is reported, never overwritten.
 */
import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

export class WorkspaceError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
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
}

export interface FileContent {
  path: string;
  text: string;
  version: string;
}

/** Files larger than this are refused on write: a card set is text, not a media library. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
const EDITABLE_EXTENSIONS = new Set([".game", ".cards", ".scenario", ".deck", ".md", ".txt"]);
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);

export function versionOf(text: string): string {
  return "sha256:" + createHash("sha256").update(text, "utf8").digest("hex").slice(0, 24);
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

export class WorkspaceFiles {
  private realRoot: string | undefined;

  constructor(readonly root: string) {}

  private async rootReal(): Promise<string> {
    this.realRoot ??= await fs.realpath(this.root);
    return this.realRoot;
  }

  /**
   * Validates a client-supplied relative path and returns its absolute location.
   * Refuses (403) anything that would leave the workspace, before and after symlinks.
   */
  async resolve(relativePath: unknown, options: { mustExist?: boolean } = {}): Promise<{ absolute: string; relative: string }> {
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
    const root = await this.rootReal();
    const absolute = path.join(root, ...segments);
    if (!isInside(root, absolute)) throw new WorkspaceError(403, "The path leaves the workspace.");

    // Follow symlinks on the deepest existing ancestor: a link pointing out of the workspace is refused.
    let probe = absolute;
    for (;;) {
      try {
        const real = await fs.realpath(probe);
        if (!isInside(root, real)) throw new WorkspaceError(403, "The path goes through a link that leaves the workspace.");
        break;
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        if (options.mustExist) throw new WorkspaceError(404, `No file "${relativePath}" in the workspace.`);
        const parent = path.dirname(probe);
        if (parent === probe) break;
        probe = parent;
      }
    }
    return { absolute, relative: segments.join("/") };
  }

  async list(): Promise<FileEntry[]> {
    const root = await this.rootReal();
    const entries: FileEntry[] = [];
    const walk = async (dir: string): Promise<void> => {
      const items = await fs.readdir(dir, { withFileTypes: true });
      for (const item of items) {
        if (item.name.startsWith(".") || SKIPPED_DIRECTORIES.has(item.name)) continue;
        const absolute = path.join(dir, item.name);
        if (item.isSymbolicLink()) continue; // never list what a link points at
        if (item.isDirectory()) await walk(absolute);
        else if (item.isFile() && EDITABLE_EXTENSIONS.has(path.extname(item.name).toLowerCase())) {
          const text = await fs.readFile(absolute, "utf8");
          const relative = path.relative(root, absolute).split(path.sep).join("/");
          entries.push({ path: relative, kind: kindOf(relative), version: versionOf(text), size: Buffer.byteLength(text) });
        }
      }
    };
    await walk(root);
    return entries.sort((a, b) => a.path.localeCompare(b.path));
  }

  async read(relativePath: unknown): Promise<FileContent> {
    const { absolute, relative } = await this.resolve(relativePath, { mustExist: true });
    const stat = await fs.stat(absolute);
    if (!stat.isFile()) throw new WorkspaceError(400, `"${relative}" is not a file.`);
    const text = await fs.readFile(absolute, "utf8");
    return { path: relative, text, version: versionOf(text) };
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
    const current = await readIfExists(absolute);
    if (baseVersion === null && current !== undefined) {
      throw new WorkspaceError(409, `"${relative}" already exists.`, { path: relative, text: current, version: versionOf(current) });
    }
    if (baseVersion !== null && current === undefined) {
      throw new WorkspaceError(409, `"${relative}" was deleted on disk.`, { path: relative, text: null, version: null });
    }
    if (current !== undefined && versionOf(current) !== baseVersion) {
      throw new WorkspaceError(409, `"${relative}" changed on disk since it was opened.`, { path: relative, text: current, version: versionOf(current) });
    }
    await fs.mkdir(path.dirname(absolute), { recursive: true });
    await this.resolve(relative); // the folders just created must still be inside the workspace
    await atomicWrite(absolute, text);
    return { path: relative, text, version: versionOf(text) };
  }

  async rename(from: unknown, to: unknown): Promise<FileEntry> {
    const source = await this.resolve(from, { mustExist: true });
    const target = await this.resolve(to);
    if ((await readIfExists(target.absolute)) !== undefined || (await exists(target.absolute))) {
      throw new WorkspaceError(409, `"${target.relative}" already exists.`);
    }
    await fs.mkdir(path.dirname(target.absolute), { recursive: true });
    await fs.rename(source.absolute, target.absolute);
    const text = await fs.readFile(target.absolute, "utf8");
    return { path: target.relative, kind: kindOf(target.relative), version: versionOf(text), size: Buffer.byteLength(text) };
  }

  async remove(relativePath: unknown, baseVersion: unknown): Promise<void> {
    const { absolute, relative } = await this.resolve(relativePath, { mustExist: true });
    const current = await readIfExists(absolute);
    if (current === undefined) throw new WorkspaceError(400, `"${relative}" is not a file.`);
    if (typeof baseVersion === "string" && versionOf(current) !== baseVersion) {
      throw new WorkspaceError(409, `"${relative}" changed on disk since it was opened.`, { path: relative, text: current, version: versionOf(current) });
    }
    await fs.unlink(absolute);
  }
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

async function exists(absolute: string): Promise<boolean> {
  try {
    await fs.lstat(absolute);
    return true;
  } catch {
    return false;
  }
}

async function readIfExists(absolute: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(absolute);
    if (!stat.isFile()) return undefined;
    return await fs.readFile(absolute, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Temp file in the same folder (same filesystem), fsync, then rename over the target. */
async function atomicWrite(absolute: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await fs.open(temp, "wx", 0o644);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, absolute);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
