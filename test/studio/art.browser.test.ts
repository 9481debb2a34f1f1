/**
 * Card art in the studio (issue 19), in a real Chromium against the built app: a card whose `art`
 * names a workspace image shows that image on its face in the gallery; the server hands the page
 * images of the workspace only (never a path out of it, never a file that is not an image).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";
import { openExportDialogFor } from "./page-helpers.ts";

const PROOFS = `set PRF "Art Proofs" for duel

card "Red Proof" {
  type: Spell
  color: Red
  cost: 1 life
  rarity: Common
  art: "art/red.png"
  text:
    Draw a card.
}

card "Bare Proof" {
  type: Spell
  color: Red
  cost: 1 life
  rarity: Common
  text:
    Draw a card.
}
`;

const harness = useHarness({
  async prepare(workspace) {
    await mkdir(path.join(workspace, "duel", "art"), { recursive: true });
    await writeFile(path.join(workspace, "duel", "art", "red.png"), await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff0000" } }).png().toBuffer());
    await writeFile(path.join(workspace, "duel", "art", "notes.png"), "not a picture\n");
    await writeFile(path.join(workspace, "duel", "proofs.cards"), PROOFS);
  },
});

/** How many pixels of an element's screenshot are pure-ish red. */
async function redPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! > 230 && data[i + 1]! < 30 && data[i + 2]! < 30) red++;
  return red;
}

describe("card art in the studio", () => {
  it("draws a card's art on its face in the gallery, and the placeholder for a card without", async () => {
    const page = await harness.newPage();
    await page.waitForFunction(() => !!(window as unknown as { cardwright: { store: { model?: unknown } } }).cardwright.store.model, undefined, { timeout: 60_000 });
    await page.getByRole("tab", { name: "Gallery" }).click();
    const gallery = page.getByTestId("gallery");
    await gallery.locator("select").selectOption({ label: await gallery.locator("option", { hasText: "PRF" }).innerText() });
    const withArt = gallery.locator('.card-face[data-card="Red Proof"]');
    const without = gallery.locator('.card-face[data-card="Bare Proof"]');
    await expect.poll(() => withArt.locator("image.cw-face-art").getAttribute("href"), { timeout: 30_000 }).toBe("api/art?path=duel%2Fart%2Fred.png");
    expect(await without.locator("image").count()).toBe(0);
    // The image is loaded and painted: the face's art box is red on screen.
    await expect.poll(async () => redPixels(await withArt.screenshot()), { timeout: 30_000 }).toBeGreaterThan(2000);
    expect(await redPixels(await without.screenshot())).toBe(0);
    await page.context().close();
  }, 180_000);

  it("prints from the Export dialog: PDF sheets on the chosen paper with mirrored backs, the art embedded", async () => {
    const page = await harness.newPage();
    const dialog = await openExportDialogFor(page, /duel\/proofs\.cards/);
    await dialog.getByLabel("JSON (engine-neutral, with its JSON Schema)").uncheck();
    expect(await dialog.getByLabel("Paper").count()).toBe(0); // print options only for the print formats
    await dialog.getByLabel("Print-and-play PDF (sheets with bleed and cut marks)").check();
    await dialog.getByLabel("Paper").selectOption("letter");
    await dialog.getByLabel("Backs on alternate pages, mirrored for duplex printing").check();
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 120_000 }), dialog.getByRole("button", { name: "Download zip" }).click()]);
    const { unzipSync } = await import("fflate");
    const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(entries)).toEqual(["pdf/PRF.pdf"]);
    const pdf = path.join(tmpdir(), `cw-dialog-${process.pid}.pdf`);
    await writeFile(pdf, entries["pdf/PRF.pdf"]!);
    let info: string, images: string;
    try {
      info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
      images = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" });
    } finally {
      await rm(pdf, { force: true });
    }
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts/);
    expect(images.split("\n").slice(2).filter(Boolean)).toHaveLength(1);
    await page.context().close();
  }, 180_000);

  it("shows missing art in the editor at the art line (CW2098), as `check` does, and clears it once the image is added", async () => {
    const page = await harness.newPage();
    await page.waitForFunction(() => !!(window as unknown as { cardwright: { store: { model?: unknown } } }).cardwright.store.model, undefined, { timeout: 60_000 });
    // Written after the page loaded: the studio picks up the new card file and the image listing by polling.
    const missing = `set MIA "Missing Art" for duel\n\ncard "Lost Proof" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  art: "art/lost.png"\n  text:\n    Draw a card.\n}\n`;
    await writeFile(path.join(harness.workspace, "duel", "missing-art.cards"), missing);
    const row = page.locator('[data-path="duel/missing-art.cards"]');
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    const problems = page.getByTestId("problems");
    // 8:8, where `cardwright check` reports it: the art line, at the path.
    await expect.poll(() => problems.textContent(), { timeout: 60_000 }).toMatch(/8:8 CW2098 /);
    expect(await problems.textContent()).toContain("art/lost.png");
    await expect.poll(() => page.locator(".monaco-editor .squiggly-error").count()).toBeGreaterThan(0);
    // The image appears on disk: the next listing carries it to the checker, and the problem goes.
    await writeFile(path.join(harness.workspace, "duel", "art", "lost.png"), await sharp({ create: { width: 40, height: 30, channels: 3, background: "#00ff00" } }).png().toBuffer());
    await expect.poll(() => problems.textContent(), { timeout: 60_000 }).not.toContain("CW2098");
    // Not an image under an image's name: CW3030, from the server's description of the bytes.
    await writeFile(path.join(harness.workspace, "duel", "art", "lost.png"), "not a picture either\n");
    await expect.poll(() => problems.textContent(), { timeout: 60_000 }).toMatch(/8:8 CW3030 /);
    await page.context().close();
  }, 180_000);

  it("serves workspace images only: not a path out of the workspace, not a file that is not an image", async () => {
    const get = (p: string) => fetch(`${harness.studio.url}api/art?path=${encodeURIComponent(p)}`);
    const ok = await get("duel/art/red.png");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await ok.arrayBuffer())).metadata()).width).toBe(400);
    expect((await get("../../etc/passwd")).status).toBe(403);
    expect((await get("/etc/passwd")).status).toBe(403);
    expect((await get("duel/art/notes.png")).status).toBe(415);
    expect((await get("duel/duel.game")).status).toBe(415);
    expect((await get("duel/art/missing.png")).status).toBe(404);
  });
});
