/**
 * The studio's Export action over HTTP: the same exporters as `cardwright export`, on the
 * workspace as saved, written into the export folder; a workspace with errors exports nothing.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudioServer, type StudioServer } from "../../studio/server/server.ts";
import { repoDir } from "../../studio/server/build.ts";

let base: string;
let studio: StudioServer;

async function post(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${studio.url}api/export`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "cw-studio-export-"));
  await cp(path.join(repoDir, "cards", "duel"), path.join(base, "cards", "duel"), { recursive: true });
  studio = await startStudioServer({ workspace: path.join(base, "cards"), distDir: path.join(base, "no-dist"), exportDir: path.join(base, "out") });
});

afterAll(async () => {
  await studio?.close();
  await rm(base, { recursive: true, force: true });
});

describe("studio Export action", () => {
  it("writes the JSON export of the saved workspace into <exportDir>/json", async () => {
    const reply = await post({ format: "json" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ok: true, directory: path.join(base, "out", "json") });
    expect(reply.body.cards).toBeGreaterThan(0);
    const written = (await readdir(path.join(base, "out", "json"), { recursive: true })).filter((f) => !path.basename(f).startsWith(".") && f.includes("."));
    expect(written.length).toBe(reply.body.files);
    const setText = await readFile(path.join(base, "cards", "duel", "core.cards"), "utf8");
    const firstCard = /^card\s+"([^"]+)"/m.exec(setText)![1]!;
    const exported = await Promise.all(written.filter((f) => f.endsWith(".json")).map((f) => readFile(path.join(base, "out", "json", f), "utf8")));
    expect(exported.some((text) => text.includes(JSON.stringify(firstCard)))).toBe(true);
  });

  it("refuses an unknown format with 400", async () => {
    expect((await post({ format: "docx" })).status).toBe(400);
  });

  it("the Export dialog's zip: chosen sets and formats, the image base URL and card size, nothing written to disk", async () => {
    const { unzipSync, strFromU8 } = await import("fflate");
    const zipPost = (body: unknown) => fetch(`${studio.url}api/export-zip`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const reply = await zipPost({ formats: ["json", "tts"], sets: ["duel/core.cards"], imageBaseUrl: "https://cards.example/duel/", cardWidth: 200 });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await reply.arrayBuffer()));
    const names = Object.keys(entries);
    expect(names.some((n) => n.startsWith("json/"))).toBe(true);
    expect(names.some((n) => n.startsWith("tts/"))).toBe(true);
    expect(names.every((n) => n.startsWith("json/") || n.startsWith("tts/"))).toBe(true);
    expect(Number(reply.headers.get("X-Export-Files"))).toBe(names.length);
    // The TTS deck links its images under the chosen base URL, not a file:// path of this machine.
    const tts = names.filter((n) => n.startsWith("tts/") && n.endsWith(".json")).map((n) => strFromU8(entries[n]!)).join("\n");
    expect(tts).toContain("https://cards.example/duel/");
    expect(tts).not.toContain("file://");
    await expect(readdir(path.join(base, "out", "tts"))).rejects.toThrow();
    // Refused before anything runs: an unknown set, a silly card size, no format.
    expect((await zipPost({ formats: ["json"], sets: ["duel/nope.cards"] })).status).toBe(400);
    expect((await zipPost({ formats: ["json"], cardWidth: 3 })).status).toBe(400);
    expect((await zipPost({ formats: [] })).status).toBe(400);
  });

  it("the Export dialog's print formats: PDF sheets on the chosen paper with duplex backs, PNGs per card, art read from the workspace", async () => {
    const { unzipSync } = await import("fflate");
    const sharp = (await import("sharp")).default;
    await writeFile(path.join(base, "cards", "duel", "art.png"), await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ff0000" } }).png().toBuffer());
    await writeFile(path.join(base, "cards", "duel", "proofs.cards"), 'set PRF "Proofs" for duel\n\ncard "Red Proof" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  art: "art.png"\n  text:\n    Draw a card.\n}\n');
    try {
      const zipPost = (body: unknown) => fetch(`${studio.url}api/export-zip`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const reply = await zipPost({ formats: ["pdf", "png"], sets: ["duel/proofs.cards"], print: { paper: "letter", backs: true, bleed: 2 } });
      expect(reply.status).toBe(200);
      const entries = unzipSync(new Uint8Array(await reply.arrayBuffer()));
      expect(Object.keys(entries).sort()).toEqual(["pdf/PRF.pdf", "png/PRF/001-red-proof.png", "png/backs/duel.png"]);
      const pdfPath = path.join(base, "PRF.pdf");
      await writeFile(pdfPath, entries["pdf/PRF.pdf"]!);
      const { execFileSync } = await import("node:child_process");
      const info = execFileSync("pdfinfo", [pdfPath], { encoding: "utf8" });
      expect(info).toMatch(/Pages:\s+2\n/);
      expect(info).toMatch(/Page size:\s+612 x 792 pts/);
      expect(execFileSync("pdftotext", [pdfPath, "-"], { encoding: "utf8" })).toContain("Red Proof");
      // 63 + 2 × 2 mm bleed at 300 dpi.
      expect(await sharp(entries["png/PRF/001-red-proof.png"]!).metadata()).toMatchObject({ width: 791, height: 1087 });
      expect((await zipPost({ formats: ["pdf"], print: { paper: "a3" } })).status).toBe(400);
      expect((await zipPost({ formats: ["pdf"], print: { bleed: 50 } })).status).toBe(400);
      expect((await zipPost({ formats: ["pdf"], print: { duplex: true } })).status).toBe(400);
    } finally {
      await rm(path.join(base, "cards", "duel", "proofs.cards"));
      await rm(path.join(base, "cards", "duel", "art.png"));
    }
  });

  it("exports nothing when a card has an error, and reports it with its file and line", async () => {
    const setFile = path.join(base, "cards", "duel", "core.cards");
    await writeFile(setFile, (await readFile(setFile, "utf8")) + '\ncard "Broken" {\n  type: Nonsense\n}\n');
    const reply = await post({ format: "cgs" });
    expect(reply.status).toBe(200);
    expect(reply.body.ok).toBe(false);
    const diagnostics = reply.body.diagnostics as { file: string; range: { start: { line: number } } }[];
    expect(diagnostics.some((d) => d.file.endsWith("core.cards"))).toBe(true);
    await expect(readdir(path.join(base, "out", "cgs"))).rejects.toThrow();
  });
});
