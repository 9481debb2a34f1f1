/**
 * Issue 13, defect 5: the studio server never loses an update. Over real HTTP on 127.0.0.1
 * against a real folder: every change is a compare-and-swap under the file's lock (40 saves on
 * one version → one 200, 39 conflicts, the disk always holding one complete version); deletes
 * and renames are versioned; temp files of a killed save are removed at start; large and binary
 * files are listed, never read; one link policy for the file API, `check` and export.
 */
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile, truncate, stat } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudioServer, type StudioServer } from "../../studio/server/server.ts";
import { MAX_FILE_BYTES, versionOf } from "../../studio/server/workspace-files.ts";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";

let base: string;
let workspace: string;
let dist: string;
let studio: StudioServer;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function http(method: string, rawPath: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: "127.0.0.1", port: studio.port, method, path: rawPath, headers: payload ? { "Content-Type": "application/json" } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { raw: text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const put = (p: string, text: string, baseVersion: string | null) => http("PUT", "/api/file", { path: p, text, baseVersion });
const GAME = 'game duel "Three-Slot Duel"\n';
const SET = 'set DU1 "Duel Starter" for duel\n';

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "cw-hostile-server-"));
  workspace = path.join(base, "ws");
  await mkdir(path.join(workspace, "duel", "sub"), { recursive: true });
  await writeFile(path.join(workspace, "duel", "duel.game"), GAME);
  await writeFile(path.join(workspace, "duel", "core.cards"), SET);
  // Left by a save that was killed between its temp file and its rename (two naming schemes).
  await writeFile(path.join(workspace, "duel", ".core.cards.0123456789ab.tmp"), "half a fi");
  await writeFile(path.join(workspace, "duel", "sub", ".x.cards.a1b2c3d4e5f6.cw-tmp"), "half");
  dist = path.join(base, "dist");
  await mkdir(dist);
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>studio</title>");
  studio = await startStudioServer({ workspace, distDir: dist, port: 0 });
});

afterAll(async () => {
  await studio?.close();
  await rm(base, { recursive: true, force: true });
});

describe("compare-and-swap writes", () => {
  it("40 concurrent saves on one base version: exactly one succeeds, 39 conflicts, the disk always holds one complete version", async () => {
    const file = path.join(workspace, "duel", "core.cards");
    const texts = Array.from({ length: 40 }, (_, i) => `${SET}\ncard "Save ${i}" {\n  type: Unit\n${"  # padding line\n".repeat(200 + i)}}\n`);
    const complete = new Set([SET, ...texts]);
    let reading = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (reading) {
        seen.push(await readFile(file, "utf8"));
        await new Promise((r) => setImmediate(r));
      }
    })();
    const replies = await Promise.all(texts.map((text) => put("duel/core.cards", text, versionOf(SET))));
    reading = false;
    await reader;
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(39);
    const winner = texts[replies.findIndex((r) => r.status === 200)]!;
    expect(await readFile(file, "utf8")).toBe(winner);
    // Every conflict carries the disk's text and version, for the client to offer.
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ text: winner, version: versionOf(winner) });
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(complete.has(text)).toBe(true);
    expect((await readdir(path.dirname(file))).filter((n) => n.endsWith("tmp"))).toEqual([]);
    // Put it back for the other tests.
    expect((await put("duel/core.cards", SET, versionOf(winner))).status).toBe(200);
  });

  it("40 concurrent creations of one new file: one succeeds", async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => put("duel/new.scenario", `scenario "N${i}" for duel\n`, null)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(39);
    const winner = replies.findIndex((r) => r.status === 200);
    expect(await readFile(path.join(workspace, "duel", "new.scenario"), "utf8")).toBe(`scenario "N${winner}" for duel\n`);
  });

  it("a delete and a write racing on one version: exactly one succeeds", async () => {
    for (let round = 0; round < 10; round++) {
      const text = `scenario "Race ${round}" for duel\n`;
      expect((await put("duel/race.scenario", text, null)).status).toBe(200);
      const [deleted, written] = await Promise.all([
        http("POST", "/api/delete", { path: "duel/race.scenario", baseVersion: versionOf(text) }),
        put("duel/race.scenario", text + "# more\n", versionOf(text)),
      ]);
      expect([deleted.status, written.status].sort()).toEqual([200, 409]);
      const onDisk = await readFile(path.join(workspace, "duel", "race.scenario"), "utf8").catch(() => null);
      expect(onDisk).toBe(written.status === 200 ? text + "# more\n" : null);
      if (onDisk !== null) expect((await http("POST", "/api/delete", { path: "duel/race.scenario", baseVersion: versionOf(onDisk) })).status).toBe(200);
    }
  });

  it("a delete without a base version is refused and the file stays", async () => {
    const reply = await http("POST", "/api/delete", { path: "duel/duel.game" });
    expect(reply.status).toBe(400);
    expect(await readFile(path.join(workspace, "duel", "duel.game"), "utf8")).toBe(GAME);
  });

  it("a rename is versioned and never replaces a file", async () => {
    expect((await put("duel/a.scenario", 'scenario "A" for duel\n', null)).status).toBe(200);
    const version = versionOf('scenario "A" for duel\n');
    expect((await http("POST", "/api/rename", { from: "duel/a.scenario", to: "duel/b.scenario" })).status).toBe(400);
    expect((await http("POST", "/api/rename", { from: "duel/a.scenario", to: "duel/b.scenario", baseVersion: "sha256:stale" })).status).toBe(409);
    expect((await http("POST", "/api/rename", { from: "duel/a.scenario", to: "duel/duel.game", baseVersion: version })).status).toBe(409);
    expect(await readFile(path.join(workspace, "duel", "duel.game"), "utf8")).toBe(GAME);
    const replies = await Promise.all(["c", "d", "e"].map((n) => http("POST", "/api/rename", { from: "duel/a.scenario", to: `duel/${n}.scenario`, baseVersion: version })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const names = (await readdir(path.join(workspace, "duel"))).filter((n) => n.endsWith(".scenario") && n !== "new.scenario");
    expect(names).toHaveLength(1);
  });

  it("renaming a folder is refused cleanly: 400, nothing moved", async () => {
    await writeFile(path.join(workspace, "duel", "sub", "inner.cards"), SET);
    const reply = await http("POST", "/api/rename", { from: "duel/sub", to: "duel/moved", baseVersion: versionOf(SET) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/folder/);
    expect(await readFile(path.join(workspace, "duel", "sub", "inner.cards"), "utf8")).toBe(SET);
    await expect(stat(path.join(workspace, "duel", "moved"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("removes the temp files a killed save left, at start", async () => {
    expect(await readdir(path.join(workspace, "duel"))).not.toContain(".core.cards.0123456789ab.tmp");
    expect(await readdir(path.join(workspace, "duel", "sub"))).not.toContain(".x.cards.a1b2c3d4e5f6.cw-tmp");
  });
});

describe("bounded reads and listings", () => {
  it("lists a 3 GB file without reading it, and refuses to open it (413); a binary file is listed and refused (415)", async () => {
    const huge = path.join(workspace, "duel", "huge.cards");
    await writeFile(huge, "");
    await truncate(huge, 3 * 1024 * 1024 * 1024); // sparse: no disk used
    await writeFile(path.join(workspace, "duel", "art.cards"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    try {
      const listing = await http("GET", "/api/workspace");
      expect(listing.status).toBe(200);
      const files = listing.body.files as { path: string; readable: boolean; size: number; version: string }[];
      expect(files.find((f) => f.path === "duel/huge.cards")).toMatchObject({ readable: false, size: 3 * 1024 * 1024 * 1024 });
      expect(files.find((f) => f.path === "duel/art.cards")).toMatchObject({ readable: false });
      expect(files.find((f) => f.path === "duel/duel.game")).toMatchObject({ readable: true, version: versionOf(GAME) });
      expect((await http("GET", "/api/file?path=duel/huge.cards")).status).toBe(413);
      expect((await http("GET", "/api/file?path=duel/art.cards")).status).toBe(415);
      // Just over the limit is refused too; at the limit is read.
      const edge = path.join(workspace, "duel", "edge.txt");
      await writeFile(edge, "x".repeat(MAX_FILE_BYTES + 1));
      expect((await http("GET", "/api/file?path=duel/edge.txt")).status).toBe(413);
      // `check` and export skip it with CW3012 instead of reading 3 GB.
      const read = await readWorkspaceFiles(["."], { cwd: workspace });
      expect(read.diagnostics.map((d) => [d.code, d.file])).toContainEqual(["CW3012", "duel/huge.cards"]);
      await rm(edge);
    } finally {
      await rm(huge, { force: true });
      await rm(path.join(workspace, "duel", "art.cards"), { force: true });
    }
  });
});

describe("one link policy for the file API, check and export", () => {
  it("follows a link inside the workspace, refuses one leaving it everywhere", async () => {
    const outside = path.join(base, "outside");
    await mkdir(outside);
    await writeFile(path.join(outside, "secret.cards"), 'set SEC "Secret" for duel\n\ncard "Stolen" {\n  type: Unit\n  stats: 1/1\n}\n');
    await symlink(path.join(outside, "secret.cards"), path.join(workspace, "duel", "secret.cards"));
    await symlink(path.join(workspace, "duel", "core.cards"), path.join(workspace, "duel", "alias.cards"));
    try {
      const files = ((await http("GET", "/api/workspace")).body.files as { path: string }[]).map((f) => f.path);
      expect(files).toContain("duel/alias.cards");
      expect(files).not.toContain("duel/secret.cards");
      expect((await http("GET", "/api/file?path=duel/secret.cards")).status).toBe(403);
      expect((await http("GET", "/api/file?path=duel/alias.cards")).body.text).toBe(SET);

      const read = await readWorkspaceFiles(["."], { cwd: workspace });
      expect(read.files.map((f) => f.path)).not.toContain("duel/secret.cards");
      expect(read.diagnostics.find((d) => d.file === "duel/secret.cards")).toMatchObject({ code: "CW3011", severity: "error" });

      const exported = await http("POST", "/api/export", { format: "json" });
      expect(exported.body.ok).toBe(false);
      expect(JSON.stringify(exported.body)).toContain("CW3011");
      expect(JSON.stringify(exported.body)).not.toContain("Stolen");
    } finally {
      await rm(path.join(workspace, "duel", "secret.cards"));
      await rm(path.join(workspace, "duel", "alias.cards"));
    }
  });
});
