/**
 * Card art: a card's `art` field names an image file inside the workspace. The path is resolved
 * here, from the card file's folder, without touching the disk (browser-safe); whoever can see
 * the files — the CLI's reader, the studio's server listing — describes the images it found as
 * `WorkspaceAsset`s, and `checkArtAssets` holds each card's art to them (a missing file, a link
 * leading out, content that is not PNG, JPEG or WebP, a file too large).
 */
import type { Diagnostic } from "./diagnostics.ts";
import { diagnostic } from "./messages.ts";
import type { WorkspaceModel } from "./model.ts";
import { closestName } from "./check-suggest.ts";

export const ART_FORMATS = ["png", "jpeg", "webp"] as const;
export type ArtFormat = (typeof ART_FORMATS)[number];
export const ART_EXTENSIONS: Record<string, ArtFormat> = { ".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".webp": "webp" };
/** An art file may be at most this large (the studio server's limit for any file it reads). */
export const MAX_ART_BYTES = 8 * 1024 * 1024;
/** ... and at most this many pixels on a side (a small file can still decode to gigabytes). */
export const MAX_ART_PIXELS = 8192;

/** An image file of the workspace, as the reader that found it describes it. */
export interface WorkspaceAsset {
  /** Workspace path, forward slashes (the same form as SourceFile.path). */
  path: string;
  size: number;
  /** What its bytes are (sniffed from the content, not the name); absent when they are none of the three. */
  format?: ArtFormat;
  width?: number;
  height?: number;
  /** The file is a link whose real location is outside the workspace: never read. */
  outside?: boolean;
  /** Why it could not be read, when it could not. */
  problem?: string;
}

export type ArtPath = { ok: true; path: string } | { ok: false; code: "CW2096" | "CW2097"; reason: string };

/** The image extension of a path (lower case, with the dot), if it is one art may have. */
export function artExtension(path: string): string | undefined {
  const match = /\.[A-Za-z]+$/.exec(path);
  const extension = match?.[0].toLowerCase();
  return extension && extension in ART_EXTENSIONS ? extension : undefined;
}

/**
 * Resolves the path an `art` field gives (relative to the card file's folder) to a workspace
 * path, or says why it is refused: not an image name (CW2096) or outside the workspace (CW2097).
 */
export function resolveArtPath(cardFile: string, written: string): ArtPath {
  const text = written.trim();
  if (text === "") return { ok: false, code: "CW2096", reason: "an empty path" };
  if (text.includes("\\")) return { ok: false, code: "CW2096", reason: `"${written}" (use forward slashes)` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(text)) return { ok: false, code: "CW2096", reason: "a path with control characters" };
  if (text.startsWith("/") || /^[A-Za-z]:/.test(text) || /^[a-z]+:\/\//i.test(text)) {
    return { ok: false, code: "CW2097", reason: "an absolute path or URL; name a file inside the workspace, relative to this card file" };
  }
  if (!artExtension(text)) return { ok: false, code: "CW2096", reason: `"${written}"` };
  const folder = cardFile.includes("/") ? cardFile.slice(0, cardFile.lastIndexOf("/")).split("/") : [];
  const segments = [...folder];
  for (const segment of text.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0 || segments[segments.length - 1] === "..") return { ok: false, code: "CW2097", reason: "it climbs above the workspace folder" };
      segments.pop();
    } else segments.push(segment);
  }
  if (segments.some((segment) => segment.startsWith(".."))) return { ok: false, code: "CW2097", reason: "it climbs above the workspace folder" };
  return { ok: true, path: segments.join("/") };
}

/** The art problems of every card of the model, against the images the workspace holds. */
export function checkArtAssets(model: WorkspaceModel, assets: readonly WorkspaceAsset[]): Diagnostic[] {
  const byPath = new Map(assets.map((asset) => [asset.path, asset]));
  const diagnostics: Diagnostic[] = [];
  for (const set of model.sets) {
    for (const card of set.cards) {
      if (card.art === undefined) continue;
      const { path, range } = card.art;
      const problem = artProblem(path, byPath);
      if (!problem) continue;
      if (problem.code === "CW2098") {
        const suggestion = closestName(path, assets.filter((a) => !a.outside).map((a) => a.path));
        diagnostics.push(diagnostic("CW2098", card.file, range, { path }, suggestion ? { suggestion: relativeTo(card.file, suggestion) } : {}));
      } else if (problem.code === "CW2097") diagnostics.push(diagnostic("CW2097", card.file, range, { path, reason: problem.reason }));
      else if (problem.code === "CW3030") diagnostics.push(diagnostic("CW3030", card.file, range, { path, reason: problem.reason }));
      else diagnostics.push(diagnostic("CW3031", card.file, range, { path, size: problem.size, limit: problem.limit }));
    }
  }
  return diagnostics;
}

type ArtProblem = { code: "CW2098" } | { code: "CW2097"; reason: string } | { code: "CW3030"; reason: string } | { code: "CW3031"; size: string; limit: string };

/** What is wrong with the image at a workspace path, if anything. */
export function artProblem(path: string, assets: ReadonlyMap<string, WorkspaceAsset>): ArtProblem | undefined {
  const asset = assets.get(path);
  if (!asset) return { code: "CW2098" };
  if (asset.outside) return { code: "CW2097", reason: "it is a link leading out of the workspace" };
  if (asset.problem) return { code: "CW3030", reason: asset.problem };
  if (asset.size > MAX_ART_BYTES) return { code: "CW3031", size: `${(asset.size / 1024 / 1024).toFixed(1)} MiB`, limit: `${MAX_ART_BYTES / 1024 / 1024} MiB` };
  if (!asset.format) return { code: "CW3030", reason: "its content is not a PNG, JPEG or WebP image" };
  if ((asset.width ?? 0) > MAX_ART_PIXELS || (asset.height ?? 0) > MAX_ART_PIXELS) {
    return { code: "CW3031", size: `${asset.width} × ${asset.height} pixels`, limit: `${MAX_ART_PIXELS} pixels a side` };
  }
  return undefined;
}

/** A workspace path as the card file would write it (relative to its folder), for a suggestion. */
export function relativeTo(cardFile: string, target: string): string {
  const from = cardFile.includes("/") ? cardFile.slice(0, cardFile.lastIndexOf("/")).split("/") : [];
  const to = target.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}
