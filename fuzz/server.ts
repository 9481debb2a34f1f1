/**
 * Fuzz target: the studio server over real HTTP on 127.0.0.1. A case is a sequence of requests
 * (reads, listings, saves, creations, renames, deletes; some concurrent) with hostile paths,
 * versions and bodies. The oracle is a model of the workspace: every answer is below 500; a file
 * outside the workspace is never touched; after every step the disk holds exactly what the
 * model says the server accepted, and a change the model calls stale was refused.
 */
import fc from "fast-check";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startStudioServer, type StudioServer } from "../studio/server/server.ts";
import { versionOf } from "../studio/server/workspace-files.ts";

const PATHS = ["a.cards", "dir/b.scenario", "dir/c.game", "a.cards\u0000x", "../outside.cards", "dir/../a.cards", ".hidden.cards", "dir", "x".repeat(300) + ".cards", "dir/", "/etc/passwd", "d\\e.cards", "dir/İ.cards"];
const TEXTS = ["", "set A \"x\" for duel\n", "x".repeat(5000), "\u2028#\n", "scenario \"s\" for duel\n"];

export type ServerOp =
  | { kind: "put"; path: number; text: number; base: "current" | "stale" | "null" | "missing" | "number" }
  | { kind: "delete" | "rename"; path: number; to: number; base: "current" | "stale" | "missing" | "number" }
  | { kind: "read" | "list"; path: number }
  | { kind: "race"; path: number; text: number };

export const serverCaseArb: fc.Arbitrary<ServerOp[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("put" as const), path: fc.nat(PATHS.length - 1), text: fc.nat(TEXTS.length - 1), base: fc.constantFrom("current" as const, "stale" as const, "null" as const, "missing" as const, "number" as const) }),
    fc.record({ kind: fc.constantFrom("delete" as const, "rename" as const), path: fc.nat(PATHS.length - 1), to: fc.nat(PATHS.length - 1), base: fc.constantFrom("current" as const, "stale" as const, "missing" as const, "number" as const) }),
    fc.record({ kind: fc.constantFrom("read" as const, "list" as const), path: fc.nat(PATHS.length - 1) }),
    fc.record({ kind: fc.constant("race" as const), path: fc.nat(PATHS.length - 1), text: fc.nat(TEXTS.length - 1) }),
  ),
  { minLength: 1, maxLength: 12 },
);

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function http(port: number, method: string, url: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: "127.0.0.1", port, method, path: url, headers: payload ? { "Content-Type": "application/json" } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        } catch {
          parsed = {};
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** One server for many cases (its workspace emptied between them). */
let shared: { server: StudioServer; base: string; workspace: string } | undefined;

async function serverFor(): Promise<{ server: StudioServer; base: string; workspace: string }> {
  if (!shared) {
    const base = mkdtempSync(path.join(tmpdir(), "cw-fuzz-server-"));
    const workspace = path.join(base, "ws");
    mkdirSync(workspace);
    mkdirSync(path.join(base, "dist"));
    writeFileSync(path.join(base, "dist", "index.html"), "<!doctype html>");
    writeFileSync(path.join(base, "outside.cards"), "outside\n");
    shared = { server: await startStudioServer({ workspace, distDir: path.join(base, "dist"), port: 0 }), base, workspace };
  }
  return shared;
}

export async function closeFuzzServer(): Promise<void> {
  if (!shared) return;
  await shared.server.close();
  rmSync(shared.base, { recursive: true, force: true });
  shared = undefined;
}

/** Every file under the workspace, relative, with its text. */
function diskFiles(root: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of diskFiles(root, relative)) out.set(k, v);
    else out.set(relative, readFileSync(path.join(root, relative), "utf8"));
  }
  return out;
}

export async function runServerCase(ops: ServerOp[]): Promise<string | undefined> {
  const { server, base, workspace } = await serverFor();
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(workspace);
  const model = new Map<string, string>();
  const port = server.port;
  const versionFor = (p: string, base: string): unknown =>
    base === "current" ? (model.has(p) ? versionOf(model.get(p)!) : "sha256:none") : base === "stale" ? "sha256:stale" : base === "null" ? null : base === "number" ? 42 : undefined;
  for (const [i, op] of ops.entries()) {
    const p = PATHS[op.path % PATHS.length]!;
    let replies: Reply[] = [];
    if (op.kind === "put") {
      const text = TEXTS[op.text % TEXTS.length]!;
      const reply = await http(port, "PUT", "/api/file", { path: p, text, ...(op.base === "missing" ? {} : { baseVersion: versionFor(p, op.base) }) });
      replies = [reply];
      if (reply.status === 200) {
        const expectedOk = (op.base === "null" && !model.has(p)) || (op.base === "current" && model.has(p)) || (op.base === "missing" && !model.has(p));
        if (!expectedOk) return `step ${i}: PUT ${JSON.stringify(p)} with base ${op.base} was accepted`;
        model.set(String(reply.body.path), text);
      }
    } else if (op.kind === "delete") {
      const reply = await http(port, "POST", "/api/delete", { path: p, ...(op.base === "missing" ? {} : { baseVersion: versionFor(p, op.base) }) });
      replies = [reply];
      if (reply.status === 200) {
        if (op.base !== "current") return `step ${i}: DELETE with base ${op.base} was accepted`;
        model.delete(p);
      }
    } else if (op.kind === "rename") {
      const to = PATHS[op.to % PATHS.length]!;
      const reply = await http(port, "POST", "/api/rename", { from: p, to, ...(op.base === "missing" ? {} : { baseVersion: versionFor(p, op.base) }) });
      replies = [reply];
      if (reply.status === 200) {
        if (op.base !== "current" || model.has(String(reply.body.path))) return `step ${i}: RENAME with base ${op.base} onto ${JSON.stringify(to)} was accepted`;
        model.set(String(reply.body.path), model.get(p)!);
        model.delete(p);
      }
    } else if (op.kind === "read") {
      replies = [await http(port, "GET", `/api/file?path=${encodeURIComponent(p)}`)];
    } else if (op.kind === "list") {
      replies = [await http(port, "GET", "/api/workspace")];
    } else if (op.kind === "race") {
      // Eight saves of one version at once: at most one may win.
      const text = TEXTS[op.text % TEXTS.length]!;
      const baseVersion = model.has(p) ? versionOf(model.get(p)!) : null;
      // Each text differs from what is on disk (a save of the same text would leave the version as it was).
      const texts = Array.from({ length: 8 }, (_, k) => `${text}#${i}.${k}\n`);
      replies = await Promise.all(texts.map((t) => http(port, "PUT", "/api/file", { path: p, text: t, baseVersion })));
      const winners = replies.flatMap((r, k) => (r.status === 200 ? [k] : []));
      if (winners.length > 1) return `step ${i}: ${winners.length} concurrent saves of one version succeeded`;
      if (winners.length === 1) model.set(String(replies[winners[0]!]!.body.path), texts[winners[0]!]!);
    }
    const failed = replies.find((r) => r.status >= 500 || r.status === 0);
    if (failed) return `step ${i}: ${op.kind} ${JSON.stringify(p)} answered ${failed.status} ${JSON.stringify(failed.body).slice(0, 200)}`;
    if (readFileSync(path.join(base, "outside.cards"), "utf8") !== "outside\n") return `step ${i}: a file outside the workspace changed`;
    const disk = diskFiles(workspace);
    for (const [p2, text] of model) if (disk.get(p2) !== text) return `step ${i}: ${p2} on disk is not what the server accepted`;
    for (const p2 of disk.keys()) if (!model.has(p2)) return `step ${i}: ${p2} appeared on disk without an accepted change`;
  }
  return undefined;
}
