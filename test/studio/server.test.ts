/**
 * The studio's local file server, over real HTTP on 127.0.0.1: it serves only the
 * workspace, refuses every way out of it, writes atomically and never overwrites a file
 * that changed on disk since the client read it.
 */
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudioServer, type StudioServer } from "../../studio/server/server.ts";
import { versionOf } from "../../studio/server/workspace-files.ts";

let base: string;
let workspace: string;
let studio: StudioServer;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** Raw HTTP (not fetch) so paths such as `..` reach the server exactly as written. */
function http(method: string, rawPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { host: "127.0.0.1", port: studio.port, method, path: rawPath, headers: { ...(payload ? { "Content-Type": "application/json" } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { raw: text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const read = (p: string) => http("GET", `/api/file?path=${encodeURIComponent(p)}`);
const put = (p: string, text: string, baseVersion: string | null) => http("PUT", "/api/file", { path: p, text, baseVersion });

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "cw-studio-server-"));
  workspace = path.join(base, "ws");
  await mkdir(path.join(workspace, "duel"), { recursive: true });
  await writeFile(path.join(workspace, "duel", "duel.game"), 'game duel "Three-Slot Duel"\n');
  await writeFile(path.join(workspace, "duel", "core.cards"), 'set DU1 "Duel Starter" for duel\n');
  await writeFile(path.join(base, "secret.txt"), "outside the workspace\n");
  await symlink(path.join(base, "secret.txt"), path.join(workspace, "duel", "link.txt"));
  await symlink(base, path.join(workspace, "escape"));
  const dist = path.join(base, "dist");
  await mkdir(dist);
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>studio</title>");
  studio = await startStudioServer({ workspace, distDir: dist, port: 0 });
});

afterAll(async () => {
  await studio?.close();
  await rm(base, { recursive: true, force: true });
});

describe("studio server", () => {
  it("listens on 127.0.0.1 only", () => {
    expect(studio.server.address()).toMatchObject({ address: "127.0.0.1" });
    expect(studio.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it("lists the workspace's card files with their versions, without following links", async () => {
    const reply = await http("GET", "/api/workspace");
    expect(reply.status).toBe(200);
    const files = reply.body.files as { path: string; kind: string; version: string }[];
    expect(files.map((f) => f.path)).toEqual(["duel/core.cards", "duel/duel.game"]);
    expect(files.find((f) => f.path === "duel/duel.game")).toMatchObject({ kind: "game", version: versionOf('game duel "Three-Slot Duel"\n') });
  });

  it("lists the workspace with every readable file's text in one request (?contents=1), the same as reading each", async () => {
    const notes = path.join(workspace, "duel", "notes.md");
    const binary = path.join(workspace, "duel", "garbled.cards");
    await writeFile(notes, "# notes\n");
    await writeFile(binary, Buffer.from([0x73, 0x65, 0x74, 0x00, 0xff]));
    try {
      const reply = await http("GET", "/api/workspace?contents=1");
      expect(reply.status).toBe(200);
      const files = reply.body.files as { path: string; kind: string; version: string; readable: boolean; text?: string }[];
      expect(files.map((f) => f.path)).toEqual(["duel/core.cards", "duel/duel.game", "duel/garbled.cards", "duel/notes.md"]);
      for (const file of files.filter((f) => f.path.endsWith(".game") || f.path === "duel/core.cards")) {
        const alone = (await read(file.path)).body;
        expect(file).toMatchObject({ text: alone.text, version: alone.version, readable: true });
      }
      // Not opened by the studio (a note), or not text: listed, without text.
      expect(files.find((f) => f.path === "duel/notes.md")).not.toHaveProperty("text");
      expect(files.find((f) => f.path === "duel/garbled.cards")).toMatchObject({ readable: false });
      expect(files.find((f) => f.path === "duel/garbled.cards")).not.toHaveProperty("text");
      // The plain listing never carries texts.
      const plain = (await http("GET", "/api/workspace")).body.files as object[];
      expect(plain.every((f) => !("text" in f))).toBe(true);
    } finally {
      await rm(notes, { force: true });
      await rm(binary, { force: true });
    }
  });

  it("names the workspace by an id from its real path: another folder of the same name is another workspace, the same folder the same", async () => {
    const id = (await http("GET", "/api/workspace")).body.id as string;
    expect(id).toMatch(/^ws-[0-9a-f]{20}$/);
    const twin = path.join(base, "elsewhere", "ws");
    await mkdir(path.join(twin, "duel"), { recursive: true });
    await writeFile(path.join(twin, "duel", "duel.game"), 'game duel "Three-Slot Duel"\n');
    const viaLink = path.join(base, "ws-link");
    await symlink(workspace, viaLink);
    const others = await Promise.all([twin, viaLink].map((folder) => startStudioServer({ workspace: folder, distDir: path.join(base, "dist"), port: 0 })));
    try {
      const ids = await Promise.all(others.map((other) => fetch(`${other.url}api/workspace`).then((r) => r.json() as Promise<{ id: string; name: string }>)));
      expect(ids[0]).toMatchObject({ name: "ws" });
      expect(ids[0]!.id).not.toBe(id);
      expect(ids[1]!.id).toBe(id);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });

  it("reads a file with its version", async () => {
    const reply = await read("duel/core.cards");
    expect(reply).toMatchObject({ status: 200, body: { path: "duel/core.cards", text: 'set DU1 "Duel Starter" for duel\n' } });
  });

  it.each([
    ["../../etc/passwd"],
    ["../secret.txt"],
    ["duel/../../secret.txt"],
    ["/etc/passwd"],
    ["duel/link.txt"],
    ["escape/secret.txt"],
    ["duel/core.cards\0.txt"],
    ["duel\\..\\..\\secret.txt"],
    ["C:/Windows/win.ini"],
  ])("refuses %j with a 4xx and never returns its content", async (bad) => {
    const reply = await read(bad);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(JSON.stringify(reply.body)).not.toContain("outside the workspace");
    expect(JSON.stringify(reply.body)).not.toContain("root:");
  });

  it("refuses a raw ../ in the URL path of a static request", async () => {
    const reply = await http("GET", "/../../etc/passwd");
    expect(JSON.stringify(reply.body)).not.toContain("root:");
  });

  it("refuses writes, renames and deletes that leave the workspace", async () => {
    expect((await put("../outside.cards", "x", null)).status).toBe(403);
    expect((await put("escape/new.cards", "x", null)).status).toBe(403);
    expect((await http("POST", "/api/rename", { from: "duel/core.cards", to: "../stolen.cards" })).status).toBe(403);
    expect((await http("POST", "/api/delete", { path: "../secret.txt" })).status).toBe(403);
    expect(await readFile(path.join(base, "secret.txt"), "utf8")).toBe("outside the workspace\n");
    expect(await readdir(base)).not.toContain("outside.cards");
  });

  it("writes atomically and returns the new version; no temp file is left behind", async () => {
    const before = await read("duel/core.cards");
    const text = 'set DU1 "Duel Starter" for duel\n\ncard "Scout" {\n  type: Unit\n}\n';
    const reply = await put("duel/core.cards", text, before.body.version as string);
    expect(reply).toMatchObject({ status: 200, body: { version: versionOf(text) } });
    expect(await readFile(path.join(workspace, "duel", "core.cards"), "utf8")).toBe(text);
    expect((await readdir(path.join(workspace, "duel"))).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("detects a file changed on disk (409 with the disk's text) and does not overwrite it", async () => {
    const opened = await read("duel/duel.game");
    const elsewhere = 'game duel "Changed by another editor"\n';
    await writeFile(path.join(workspace, "duel", "duel.game"), elsewhere);
    const reply = await put("duel/duel.game", 'game duel "Mine"\n', opened.body.version as string);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ text: elsewhere, version: versionOf(elsewhere) });
    expect(await readFile(path.join(workspace, "duel", "duel.game"), "utf8")).toBe(elsewhere);
    // Overwriting on purpose names the version the user saw in the conflict.
    const forced = await put("duel/duel.game", 'game duel "Mine"\n', reply.body.version as string);
    expect(forced.status).toBe(200);
  });

  it("creates a new file only if it does not exist, renames and deletes", async () => {
    expect((await put("duel/scenarios/first.scenario", 'scenario "First" for duel\n', null)).status).toBe(200);
    expect((await put("duel/scenarios/first.scenario", "again", null)).status).toBe(409);
    const version = versionOf('scenario "First" for duel\n');
    const renamed = await http("POST", "/api/rename", { from: "duel/scenarios/first.scenario", to: "duel/scenarios/renamed.scenario", baseVersion: version });
    expect(renamed).toMatchObject({ status: 200, body: { path: "duel/scenarios/renamed.scenario", kind: "scenario" } });
    expect((await http("POST", "/api/rename", { from: "duel/scenarios/renamed.scenario", to: "duel/core.cards", baseVersion: version })).status).toBe(409);
    expect((await read("duel/scenarios/first.scenario")).status).toBe(404);
    const current = await read("duel/scenarios/renamed.scenario");
    expect((await http("POST", "/api/delete", { path: "duel/scenarios/renamed.scenario", baseVersion: "sha256:stale" })).status).toBe(409);
    expect((await http("POST", "/api/delete", { path: "duel/scenarios/renamed.scenario", baseVersion: current.body.version })).status).toBe(200);
    expect((await read("duel/scenarios/renamed.scenario")).status).toBe(404);
  });

  it("refuses cross-origin writes, non-JSON writes and foreign Host headers", async () => {
    const opened = await read("duel/core.cards");
    const body = { path: "duel/core.cards", text: "hijacked", baseVersion: opened.body.version };
    expect((await http("PUT", "/api/file", body, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await http("PUT", "/api/file", body, { "Content-Type": "text/plain" })).status).toBe(400);
    expect((await http("GET", "/api/workspace", undefined, { Host: "evil.example" })).status).toBe(403);
    expect(await readFile(path.join(workspace, "duel", "core.cards"), "utf8")).not.toBe("hijacked");
  });

  it("answers malformed requests with 4xx, not a crash", async () => {
    expect((await http("PUT", "/api/file", undefined, { "Content-Type": "application/json" })).status).toBe(400);
    expect((await put("duel/core.cards", 42 as unknown as string, null)).status).toBe(400);
    expect((await http("GET", "/api/file")).status).toBe(400);
    expect((await http("GET", "/api/nothing")).status).toBe(404);
    expect((await http("GET", "/api/workspace")).status).toBe(200);
  });

  it("serves the app with a strict content security policy", async () => {
    const reply = await new Promise<{ status: number; csp: string | undefined }>((resolve, reject) => {
      request({ host: "127.0.0.1", port: studio.port, path: "/" }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, csp: res.headers["content-security-policy"] as string | undefined });
      })
        .on("error", reject)
        .end();
    });
    expect(reply.status).toBe(200);
    expect(reply.csp).toContain("default-src 'self'");
    expect(reply.csp).toContain("script-src 'self'");
  });
});
