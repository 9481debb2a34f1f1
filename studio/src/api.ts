/** The studio server's file API, as typed fetch calls. */
// The server owns these shapes; a type-only import adds nothing to the browser bundle.
import type { FileContent, FileEntry } from "../server/workspace-files.ts";
import type { WorkspaceAsset } from "../../compiler/art.ts";
export type { FileContent, FileEntry, WorkspaceAsset };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cache: "no-store",
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(response.status, typeof json.error === "string" ? json.error : `HTTP ${response.status}`, json);
  return json as T;
}

export const api = {
  workspace: () => call<{ id?: string; name: string; files: FileEntry[]; assets?: WorkspaceAsset[] }>("GET", "api/workspace"),
  /** The listing with every readable file's text: the workspace in one request (page load). */
  workspaceWithContents: () => call<{ id?: string; name: string; files: FileEntry[]; assets?: WorkspaceAsset[] }>("GET", "api/workspace?contents=1"),
  read: (path: string) => call<FileContent>("GET", `api/file?path=${encodeURIComponent(path)}`),
  write: (path: string, text: string, baseVersion: string | null) => call<FileContent>("PUT", "api/file", { path, text, baseVersion }),
  /** Moves a file still at `baseVersion` on disk (409 with the disk's text otherwise). */
  rename: (from: string, to: string, baseVersion: string) => call<FileEntry>("POST", "api/rename", { from, to, baseVersion }),
  export: (format: string) => call<{ ok: boolean; directory?: string; files?: number; cards?: number; diagnostics?: { file: string; message: string; range: { start: { line: number } } }[] }>("POST", "api/export", { format }),
  /** Deletes a file still at `baseVersion` on disk (409 with the disk's text otherwise). */
  /** The Export dialog's zip (POST /api/export-zip): the bytes, or the diagnostics that stopped it. */
  exportZip: async (request: { formats: string[]; sets?: string[]; imageBaseUrl?: string; cardWidth?: number; print?: { paper: "a4" | "letter"; backs: boolean; bleed: number } }) => {
    const response = await fetch("api/export-zip", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request), cache: "no-store" });
    if (response.ok) return { ok: true as const, blob: await response.blob(), files: Number(response.headers.get("X-Export-Files")), cards: Number(response.headers.get("X-Export-Cards")) };
    const json = (await response.json().catch(() => ({}))) as { error?: string; diagnostics?: { file: string; message: string; range: { start: { line: number } } }[] };
    return { ok: false as const, error: json.error ?? `HTTP ${response.status}`, diagnostics: json.diagnostics ?? [] };
  },
  remove: (path: string, baseVersion: string) => call<{ deleted: string }>("POST", "api/delete", { path, baseVersion }),
};
