/**
 * The studio's local server: serves the built app from `studio/dist` and a small JSON API
 * over the workspace's files. It binds to 127.0.0.1 only, answers only requests whose Host
 * is a loopback name (so a DNS-rebinding page cannot reach it), and accepts writes only as
 * JSON from its own origin (so another site's form cannot post to it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { MAX_FILE_BYTES, WorkspaceError, WorkspaceFiles } from "./workspace-files.ts";

export interface StudioServerOptions {
  /** The workspace folder whose files the studio edits. */
  workspace: string;
  /** The built app (vite's outDir). */
  distDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where the Export action writes, one folder per format (default: `out/` beside the workspace). */
  exportDir?: string;
}

export interface StudioServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".map": "application/json",
  ".ico": "image/x-icon",
};

// Everything the page needs is served from this origin; Monaco injects inline styles.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const FILE_SYSTEM_REFUSALS: Record<string, { status: number; message: string }> = Object.assign(Object.create(null) as object, {
  ENOTDIR: { status: 409, message: "A folder on this path is a file." },
  EISDIR: { status: 409, message: "This path is a folder." },
  EEXIST: { status: 409, message: "Something already exists at this path." },
  ENAMETOOLONG: { status: 400, message: "The path is too long for the file system." },
  ENOENT: { status: 404, message: "No such file or folder." },
  EACCES: { status: 403, message: "The file system refuses access to this path." },
  EPERM: { status: 403, message: "The file system refuses this change." },
});

export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const files = new WorkspaceFiles(path.resolve(options.workspace));
  await fs.access(files.root).catch(() => {
    throw new Error(`The workspace folder "${options.workspace}" does not exist.`);
  });
  // Saves a killed server never finished leave hidden temporary files: nothing else removes them.
  await files.cleanTemporaryFiles();
  const distDir = path.resolve(options.distDir);
  const workspaceName = path.basename(files.root);
  // The workspace's identity for the page (drafts are kept under it): two folders of the same
  // name, served on the same port one after the other, are two workspaces. From the real path,
  // so it survives a server restart and a symlinked or relative spelling of the same folder.
  const workspaceId = "ws-" + createHash("sha256").update(await fs.realpath(files.root)).digest("hex").slice(0, 20);
  const exportDir = path.resolve(options.exportDir ?? path.join(path.dirname(files.root), "out"));

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof WorkspaceError) return sendJson(response, error.status, { error: error.message, ...error.details });
      // What the file system refuses about a path the client chose is the client's error, not the server's.
      const refused = FILE_SYSTEM_REFUSALS[(error as NodeJS.ErrnoException)?.code ?? ""];
      if (refused) return sendJson(response, refused.status, { error: refused.message });
      console.error("studio server:", error);
      sendJson(response, 500, { error: "Internal error: " + (error instanceof Error ? error.message : String(error)) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isLoopbackHost(request.headers.host)) return sendJson(response, 403, { error: "Only local requests are served." });
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith("/api/")) return handleApi(request, response, url);
    if (request.method !== "GET" && request.method !== "HEAD") return sendJson(response, 405, { error: "Method not allowed." });
    return serveStatic(response, url.pathname);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      const origin = request.headers.origin;
      if (origin !== undefined && !isLoopbackOrigin(origin, request.headers.host)) throw new WorkspaceError(403, "Cross-origin writes are refused.");
      if (!(request.headers["content-type"] ?? "").startsWith("application/json")) throw new WorkspaceError(400, "Send JSON (Content-Type: application/json).");
    }
    const route = `${method} ${url.pathname}`;
    switch (route) {
      case "GET /api/workspace":
        // `?contents=1`: every readable file's text too — the page opens the workspace with this one request.
        return sendJson(response, 200, { id: workspaceId, name: workspaceName, ...(await files.listing({ contents: url.searchParams.get("contents") === "1" })) });
      case "GET /api/file":
        return sendJson(response, 200, await files.read(url.searchParams.get("path")));
      case "GET /api/art": {
        // A card's art for the faces the page draws: an image of the workspace, never anything else.
        const image = await files.readImage(url.searchParams.get("path"));
        return send(response, 200, image.mime, image.bytes, { "Cache-Control": "no-cache" });
      }
      case "PUT /api/file": {
        const body = await readJson(request);
        return sendJson(response, 200, await files.write(body.path, body.text, body.baseVersion ?? null));
      }
      case "POST /api/rename": {
        const body = await readJson(request);
        return sendJson(response, 200, await files.rename(body.from, body.to, body.baseVersion));
      }
      case "POST /api/export": {
        const body = await readJson(request);
        return sendJson(response, 200, await exportWorkspaceTo(files.root, exportDir, body.format));
      }
      case "POST /api/export-zip": {
        // The Export dialog: chosen sets and formats, image base URL, card size — one zip to download.
        const { isExportFormat } = await import("../../export/types.ts");
        const { exportZip, parseExportRequest } = await import("./export-zip.ts");
        const result = await exportZip(files.root, parseExportRequest(await readJson(request), isExportFormat));
        if (!result.ok) return sendJson(response, 422, { error: "Nothing was exported: the workspace has errors.", diagnostics: result.diagnostics });
        return send(response, 200, "application/zip", Buffer.from(result.zip), { "Content-Disposition": 'attachment; filename="cardwright-export.zip"', "X-Export-Files": String(result.files), "X-Export-Cards": String(result.cards) });
      }
      case "POST /api/delete": {
        const body = await readJson(request);
        await files.remove(body.path, body.baseVersion);
        return sendJson(response, 200, { deleted: body.path });
      }
      default:
        return sendJson(response, 404, { error: `No API route ${route}.` });
    }
  }

  async function serveStatic(response: ServerResponse, pathname: string): Promise<void> {
    let relative: string;
    try {
      relative = decodeURIComponent(pathname).replace(/^\/+/, "");
    } catch {
      return sendJson(response, 400, { error: "Bad URL encoding." });
    }
    if (relative === "" || !path.extname(relative)) relative = "index.html"; // single-page app
    const absolute = path.resolve(distDir, relative);
    if (relative.includes("\0") || path.relative(distDir, absolute).startsWith("..")) return sendJson(response, 403, { error: "Refused." });
    let body: Buffer;
    try {
      body = await fs.readFile(absolute);
    } catch {
      if (relative === "index.html") {
        return send(response, 503, "text/plain; charset=utf-8", "The studio is not built yet: run `cardwright studio`, which builds it.");
      }
      return sendJson(response, 404, { error: "Not found." });
    }
    const type = CONTENT_TYPES[path.extname(absolute).toLowerCase()] ?? "application/octet-stream";
    const cache = relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    send(response, 200, type, body, { "Cache-Control": cache });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Export action: the same `exportWorkspace` / `writeExport` as `cardwright export`, on the
 * files as saved on disk, into `<exportDir>/<format>`. Loaded on first use, so a broken
 * exporter never stops the editor from serving.
 */
async function exportWorkspaceTo(root: string, exportDir: string, format: unknown): Promise<Record<string, unknown>> {
  const { isExportFormat } = await import("../../export/types.ts");
  if (typeof format !== "string" || !isExportFormat(format)) throw new WorkspaceError(400, `Unknown export format ${JSON.stringify(format)}.`);
  const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
  const { exportSources, writeExport } = await import("../../export/index.ts");
  const { pathToFileURL } = await import("node:url");
  const outDir = path.join(exportDir, format);
  // Paths relative to the workspace, as the editor names them, so diagnostics point at its files.
  const read = await readWorkspaceFiles(["."], { cwd: root });
  const result = await exportSources(read.files, format, {
    imageBaseUrl: `${pathToFileURL(outDir).href}/`,
    extraDiagnostics: read.diagnostics,
    assets: { list: read.assets, read: (asset) => read.readAsset(asset) },
  });
  if (!result.ok) return { ok: false, diagnostics: result.diagnostics };
  const written = writeExport(result.files, outDir, format);
  if (!written.ok) return { ok: false, diagnostics: written.diagnostics };
  const model = result.model;
  return { ok: true, directory: outDir, files: result.files.length, cards: model.sets.reduce((n, s) => n + s.cards.length, 0) };
}

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, "");
  return name === "127.0.0.1" || name === "localhost" || name === "[::1]";
}

function isLoopbackOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FILE_BYTES * 2) throw new WorkspaceError(413, "The request is too large.");
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, unknown>;
  } catch {
    throw new WorkspaceError(400, "The request body is not a JSON object.");
  }
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(value));
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  response.writeHead(status, {
    "Content-Type": type,
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...headers,
  });
  response.end(body);
}
