/**
 * Print-and-play PDF sheets and print-ready PNGs, checked the way a printer would see them:
 * poppler (pdfinfo, pdftotext, pdftoppm, pdfimages) reads the PDF, sharp reads the pixels.
 * A scratch workspace on disk holds the duel game, its core set, a small set with art (a red PNG
 * shown twice, a blue JPEG) and the bad art a designer can meet.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardModel, WorkspaceModel } from "../../compiler/model.ts";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { exportSources, type ExportFile, type PrintOptions } from "../../export/index.ts";
import { DEFAULT_PRINT, sheetGeometry, slotPosition, type SheetGeometry } from "../../export/print.ts";
import { drawCardFace, layoutOf } from "../../faces/index.ts";
import type { TextShape } from "../../faces/draw.ts";

const REPO = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cw-print-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PT_PER_MM = 72 / 25.4;
/** Rasterising at 254 dpi: 10 pixels a millimetre. */
const PX_PER_MM = 10;

const ART_SET = `set ART "Art Proofs" for duel

card "Red Dawn" {
  type: Spell
  color: Red
  cost: 1 life
  rarity: Common
  art: "art/red.png"
  text:
    Draw a card.
}

card "Red Dusk" {
  type: Unit — Soldier
  color: Red
  cost: 2 life
  power: 2
  rarity: Common
  art: "art/red.png"
}

card "Blue Hour" {
  type: Spell
  color: Blue
  cost: 1 Crystals
  rarity: Rare
  art: "art/blue.jpg"
  text:
    Draw a card.
}

card "Bare Stone" {
  type: Unit — Golem
  color: Gray
  cost: free
  power: 1
  rarity: Gray
}

card "Bare Sand" {
  type: Unit — Golem
  color: Gray
  cost: free
  power: 2
  rarity: Gray
}
`;

/** A workspace folder holding the duel game, its core set, the art set and `extra` files. */
async function workspace(name: string, extra: Record<string, string | Uint8Array> = {}): Promise<string> {
  const root = join(scratch, name);
  mkdirSync(join(root, "art"), { recursive: true });
  copyFileSync(join(REPO, "cards/duel/duel.game"), join(root, "duel.game"));
  writeFileSync(join(root, "art.cards"), ART_SET);
  writeFileSync(join(root, "art/red.png"), await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff0000" } }).png().toBuffer());
  writeFileSync(join(root, "art/blue.jpg"), await sharp({ create: { width: 300, height: 400, channels: 3, background: "#0000ff" } }).jpeg().toBuffer());
  for (const [path, contents] of Object.entries(extra)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}

async function exportFrom(root: string, format: "pdf" | "png", print: Partial<PrintOptions> = {}) {
  const read = await readWorkspaceFiles(["."], { cwd: root });
  return await exportSources(read.files, format, { extraDiagnostics: read.diagnostics, assets: { list: read.assets, read: read.readAsset }, print });
}

async function exported(root: string, format: "pdf" | "png", print: Partial<PrintOptions> = {}): Promise<{ files: Map<string, ExportFile>; model: WorkspaceModel }> {
  const result = await exportFrom(root, format, print);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.file}:${d.range.start.line}: ${d.code} ${d.message}`).join("\n"));
  return { files: new Map(result.files.map((file) => [file.path, file])), model: result.model };
}

function save(file: ExportFile, name: string): string {
  const path = join(scratch, name);
  writeFileSync(path, file.contents);
  return path;
}

function pdfinfo(path: string): { pages: number; width: number; height: number } {
  const out = execFileSync("pdfinfo", [path], { encoding: "utf8" });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(out)![1]), width: Number(size[1]), height: Number(size[2]) };
}

/** A page as RGB pixels at 10 px/mm. */
async function raster(path: string, page: number): Promise<{ width: number; height: number; at(xMm: number, yMm: number): [number, number, number] }> {
  const prefix = join(scratch, `page-${page}-${Math.random().toString(36).slice(2)}`);
  execFileSync("pdftoppm", ["-r", String(PX_PER_MM * 25.4), "-f", String(page), "-l", String(page), "-singlefile", "-png", path, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(xMm: number, yMm: number) {
      const x = Math.round(xMm * PX_PER_MM);
      const y = Math.round(yMm * PX_PER_MM);
      const i = (y * info.width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const isWhite = ([r, g, b]: [number, number, number]) => r > 245 && g > 245 && b > 245;
const isDark = ([r, g, b]: [number, number, number]) => r < 100 && g < 100 && b < 100;

/** The page's words with their boxes (points, from the top left), in content order. */
function words(path: string, page: number): { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
  const html = execFileSync("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), path, "-"], { encoding: "utf8" });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5]!.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
  }));
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

function cardsOf(model: WorkspaceModel, code: string): CardModel[] {
  return model.sets.find((set) => set.code === code)!.cards;
}

const geometry = (options: Partial<PrintOptions> = {}) => sheetGeometry({ ...DEFAULT_PRINT, ...options }) as SheetGeometry;

describe("print-and-play PDF", () => {
  let root: string;
  let pdf: string;
  let model: WorkspaceModel;
  const A4 = geometry();

  beforeAll(async () => {
    root = await workspace("sheets");
    copyFileSync(join(REPO, "cards/duel/core.cards"), join(root, "core.cards"));
    const result = await exported(root, "pdf", { backs: true });
    model = result.model;
    expect([...result.files.keys()].sort()).toEqual(["ART.pdf", "DU1.pdf"]);
    pdf = save(result.files.get("ART.pdf")!, "ART.pdf");
    save(result.files.get("DU1.pdf")!, "DU1.pdf");
  }, 120_000);

  it("computes cards per page: six 69 × 94 mm bleed boxes on A4 with a 5 mm margin, nine at no bleed, none for a card too large", () => {
    expect(A4).toMatchObject({ columns: 2, rows: 3 });
    expect(geometry({ bleed: 0 })).toMatchObject({ columns: 3, rows: 3 });
    expect(geometry({ paper: "letter", bleed: 0, cardWidth: 57, cardHeight: 89 })).toMatchObject({ columns: 3, rows: 3 });
    expect(sheetGeometry({ ...DEFAULT_PRINT, cardWidth: 200, cardHeight: 300 })).toEqual({ problem: expect.stringContaining("does not fit") });
  });

  it("has one page of faces and one of backs per six cards, A4 in size", () => {
    expect(pdfinfo(pdf)).toEqual({ pages: 2, width: 595.276, height: 841.89 });
    const core = cardsOf(model, "DU1").length;
    expect(pdfinfo(join(scratch, "DU1.pdf")).pages).toBe(2 * Math.ceil(core / 6));
  });

  it("places every card's bleed box on the grid within 0.5 mm, and its name where its face puts it", async () => {
    const page = await raster(pdf, 1);
    expect(Math.abs(page.width - 2100)).toBeLessThanOrEqual(1);
    // Across the middle of the first row: white margin, then the first card's bleed from the grid's left edge.
    const middle = A4.top + A4.cell.height / 2;
    let x = 0;
    while (isWhite(page.at(x, middle))) x += 0.1;
    expect(Math.abs(x - A4.left)).toBeLessThanOrEqual(0.5);
    let right = 209.9;
    while (isWhite(page.at(right, middle))) right -= 0.1;
    expect(Math.abs(right - (A4.left + 2 * A4.cell.width))).toBeLessThanOrEqual(0.5);
    let y = 0;
    const centre = A4.left + A4.cell.width / 2;
    while (isWhite(page.at(centre, y))) y += 0.1;
    expect(Math.abs(y - A4.top)).toBeLessThanOrEqual(0.5);

    const placed = words(pdf, 1);
    const cards = cardsOf(model, "ART");
    for (const [index, card] of cards.entries()) {
      const name = drawCardFace(card, { game: model.games.find((g) => g.id === "duel"), bleed: 3 }).shapes.find((s): s is TextShape => s.kind === "text" && s.role === "name")!;
      const slot = slotPosition(A4, index);
      const first = placed.find((w) => w.text === card.name.split(" ")[0] && Math.abs(w.xMin / PT_PER_MM - (slot.x + 3 + name.x)) <= 0.5);
      expect(first, `${card.name} at slot ${index}`).toBeDefined();
      // The name's baseline lies within the word's box, in the slot's row.
      const baseline = (slot.y + 3 + name.y) * PT_PER_MM;
      expect(first!.yMin).toBeLessThan(baseline);
      expect(first!.yMax).toBeGreaterThan(baseline);
    }
  });

  it("draws cut marks in the margin on every trim line, and none over the cards", async () => {
    const page = await raster(pdf, 1);
    const trimXs = [0, 1].flatMap((c) => [A4.left + c * A4.cell.width + 3, A4.left + c * A4.cell.width + 3 + 63]);
    const markRow = A4.top - 3; // inside the top margin, where vertical marks run
    const dark: number[] = [];
    for (let x = 0; x < 210; x += 0.1) if (isDark(page.at(x, markRow))) dark.push(x);
    const runs = dark.reduce<number[][]>((acc, x) => (acc.length && x - acc[acc.length - 1]!.at(-1)! < 0.3 ? acc[acc.length - 1]!.push(x) : acc.push([x]), acc), []);
    const centres = runs.map((run) => (run[0]! + run.at(-1)!) / 2);
    expect(centres.length).toBe(trimXs.length);
    for (const [i, x] of trimXs.entries()) expect(Math.abs(centres[i]! - x)).toBeLessThanOrEqual(0.5);
    const trimYs = [0, 1, 2].flatMap((r) => [A4.top + r * A4.cell.height + 3, A4.top + r * A4.cell.height + 3 + 88]);
    for (const y of trimYs) expect(isDark(page.at(A4.left - 3, y)), `mark at y ${y}`).toBe(true);
    // Between two trim lines the margin is blank.
    expect(isWhite(page.at(A4.left - 3, A4.top + A4.cell.height / 2))).toBe(true);
  });

  it("mirrors the back page left to right, so each back lands behind its face in long-edge duplex", async () => {
    const faces = await raster(pdf, 1);
    const backs = await raster(pdf, 2);
    // Five cards: the fifth sits bottom left on the faces page, bottom right on the backs page.
    const cellCentre = (column: number) => ({ x: A4.left + (column + 0.5) * A4.cell.width, y: A4.top + 2.5 * A4.cell.height });
    expect(isWhite(faces.at(cellCentre(0).x, cellCentre(0).y))).toBe(false);
    expect(isWhite(faces.at(cellCentre(1).x, cellCentre(1).y))).toBe(true);
    expect(isWhite(backs.at(cellCentre(0).x, cellCentre(0).y))).toBe(true);
    expect(isWhite(backs.at(cellCentre(1).x, cellCentre(1).y))).toBe(false);
    expect(words(pdf, 2).map((w) => w.text).join(" ")).toContain("Three-Slot Duel");
  });

  it("shows each card's art in its art box, each image embedded once however many cards show it", async () => {
    const page = await raster(pdf, 1);
    const art = layoutOf(model.games.find((g) => g.id === "duel")).regions.art;
    const artCentre = (index: number) => {
      const slot = slotPosition(A4, index);
      return page.at(slot.x + 3 + art.x + art.width / 2, slot.y + 3 + art.y + art.height / 2);
    };
    for (const index of [0, 1]) {
      const [r, g, b] = artCentre(index);
      expect(r).toBeGreaterThan(240);
      expect(g + b).toBeLessThan(20);
    }
    const [r, g, b] = artCentre(2);
    expect(b).toBeGreaterThan(230);
    expect(r + g).toBeLessThan(30);
    // A card without art shows the placeholder, not someone else's picture.
    const [pr, pg, pb] = artCentre(3);
    expect(Math.max(Math.abs(pr - pg), Math.abs(pg - pb))).toBeLessThan(30);
    const listed = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(listed.length).toBe(3); // red twice, blue once
    expect(new Set(listed.map((line) => line.trim().split(/\s+/)[10])).size).toBe(2);
  });

  it("sets names and rules text as text a PDF reader can extract, in the embedded fonts", () => {
    const text = squeeze(execFileSync("pdftotext", ["-raw", join(scratch, "DU1.pdf"), "-"], { encoding: "utf8" }));
    for (const card of cardsOf(model, "DU1")) {
      expect(text).toContain(card.name);
      if (card.text) expect(text, card.name).toContain(squeeze(card.text));
    }
    const fonts = execFileSync("pdffonts", [pdf], { encoding: "utf8" });
    expect(fonts).toMatch(/CWFACA\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it("gives the same bytes for the same cards", async () => {
    const again = await exported(root, "pdf", { backs: true });
    expect(Buffer.from(again.files.get("ART.pdf")!.contents as Uint8Array).equals(readFileSync(pdf))).toBe(true);
  }, 60_000);

  it("prints a deck list: its cards as often as it counts them, then the list", async () => {
    const deckRoot = await workspace("deck");
    copyFileSync(join(REPO, "cards/duel/core.cards"), join(deckRoot, "core.cards"));
    const deckText = readFileSync(join(REPO, "cards/duel/decks/blue-tide.deck"), "utf8");
    const { files } = await exported(deckRoot, "pdf", { paper: "letter", deck: { path: "decks/blue-tide.deck", text: deckText } });
    expect([...files.keys()]).toEqual(["blue-tide.pdf"]);
    const path = save(files.get("blue-tide.pdf")!, "blue-tide.pdf");
    const counts = [...deckText.matchAll(/^(\d+) (.+)$/gm)].map((m) => ({ count: Number(m[1]), name: m[2]!.trim() }));
    const total = counts.reduce((sum, entry) => sum + entry.count, 0);
    // Letter (215.9 × 279.4 mm) holds 2 × 2 bleed boxes of 69 × 94 mm inside a 5 mm margin.
    expect(geometry({ paper: "letter" })).toMatchObject({ columns: 2, rows: 2 });
    const facePages = Math.ceil(total / 4);
    expect(pdfinfo(path)).toEqual({ pages: facePages + 1, width: 612, height: 792 });
    const all = execFileSync("pdftotext", ["-raw", path, "-"], { encoding: "utf8" });
    for (const { name, count } of counts) expect(all.split(name).length - 1, name).toBe(count + 1); // each face, and its list line
    const list = squeeze(execFileSync("pdftotext", ["-raw", "-f", String(Math.ceil(total / 6) + 1), path, "-"], { encoding: "utf8" }));
    expect(list).toContain(`${total} cards`);
    expect(list).toContain("3 Tide Scholar");
  }, 120_000);
});

describe("print-ready PNGs", () => {
  it("renders each card at 300 dpi with its bleed (69 × 94 mm: 815 × 1110 px), art and all, and the game's back", async () => {
    const root = await workspace("png");
    const { files } = await exported(root, "png");
    expect([...files.keys()].sort()).toEqual(["ART/001-red-dawn.png", "ART/002-red-dusk.png", "ART/003-blue-hour.png", "ART/004-bare-stone.png", "ART/005-bare-sand.png", "backs/duel.png"].sort());
    const image = sharp(Buffer.from(files.get("ART/001-red-dawn.png")!.contents as Uint8Array));
    expect(await image.metadata()).toMatchObject({ width: 815, height: 1110, format: "png" });
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const art = layoutOf(undefined).regions.art;
    const px = (mm: number) => Math.round((mm / 25.4) * 300);
    const i = (px(3 + art.y + art.height / 2) * info.width + px(3 + art.x + art.width / 2)) * 3;
    expect([data[i], data[i + 1], data[i + 2]]).toEqual([255, 0, 0]);
    // The bleed is printed: the corner pixel is the frame's colour, not transparent or white.
    const corner = await sharp(Buffer.from(files.get("ART/001-red-dawn.png")!.contents as Uint8Array)).raw().toBuffer();
    expect(corner[3]).toBe(255);
    expect([corner[0], corner[1], corner[2]]).not.toEqual([255, 255, 255]);
  }, 60_000);
});

describe("art in the other exports", () => {
  it("the Tabletop Simulator sheet shows each card's art in its art box", async () => {
    const root = await workspace("tts");
    const read = await readWorkspaceFiles(["."], { cwd: root });
    const result = await exportSources(read.files, "tts", { imageBaseUrl: "https://cards.example/", extraDiagnostics: read.diagnostics, assets: { list: read.assets, read: read.readAsset } });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
    const sheet = result.files.find((f) => f.path === "images/ART-sheet-1.png")!;
    const { data, info } = await sharp(Buffer.from(sheet.contents as Uint8Array)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // 300 px cards, ten to a row: the art box's centre of card n (0-based) in the first row.
    const art = layoutOf(undefined).regions.art;
    const scale = 300 / 63;
    const pixel = (n: number) => {
      const i = (Math.round((art.y + art.height / 2) * scale) * info.width + n * 300 + Math.round((art.x + art.width / 2) * scale)) * 3;
      return [data[i], data[i + 1], data[i + 2]];
    };
    expect(pixel(0)).toEqual([255, 0, 0]);
    expect(pixel(1)).toEqual([255, 0, 0]);
    const [r, g, b] = pixel(2) as [number, number, number];
    expect(b).toBeGreaterThan(230);
    expect(r + g).toBeLessThan(30);
    expect(pixel(3)).not.toEqual([255, 0, 0]);
  }, 60_000);
});

describe("bad art and bad print options: a diagnostic at the place to fix, nothing exported", () => {
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  async function refusal(extra: Record<string, string | Uint8Array>, artLine: string, print: Partial<PrintOptions> = {}) {
    const root = await workspace(`bad-${Math.random().toString(36).slice(2)}`, { "bad.cards": `set BAD "Bad" for duel\n\ncard "Bad Art" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  art: "${artLine}"\n}\n`, ...extra });
    const result = await exportFrom(root, "pdf", print);
    expect(result.ok).toBe(false);
    return result.ok ? [] : result.diagnostics;
  }

  it("a missing file: CW2098 at the art line, with the near name", async () => {
    const [d] = await refusal({}, "art/rde.png");
    expect(d).toMatchObject({ code: "CW2098", file: "bad.cards", range: { start: { line: 8 } } });
  });

  it("a file that is not an image: CW3030", async () => {
    const [d] = await refusal({ "art/notes.png": "these are my notes, not a picture\n" }, "art/notes.png");
    expect(d).toMatchObject({ code: "CW3030", file: "bad.cards", range: { start: { line: 8 } } });
  });

  it("a huge image (more than 8192 pixels a side): CW3031, never decoded", async () => {
    const huge = await sharp({ create: { width: 9000, height: 8, channels: 3, background: "#00ff00" } }).png().toBuffer();
    const [d] = await refusal({ "art/huge.png": huge }, "art/huge.png");
    expect(d).toMatchObject({ code: "CW3031", file: "bad.cards", range: { start: { line: 8 } } });
  });

  it("an image whose header reads but whose data is cut short: CW4007 when it is drawn", async () => {
    const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" }, }).png({ compressionLevel: 0 }).toBuffer();
    expect([...whole.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const diagnostics = await refusal({ "art/cut.png": whole.subarray(0, 200) }, "art/cut.png");
    expect(diagnostics[0]).toMatchObject({ code: "CW4007", file: "bad.cards", range: { start: { line: 8 } } });
    expect(diagnostics[0]!.message).toContain("art/cut.png");
  });

  it("a card too large for the paper: CW4006, saying what fits", async () => {
    const root = await workspace("too-large");
    const result = await exportFrom(root, "pdf", { cardWidth: 200, cardHeight: 300 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]).toMatchObject({ code: "CW4006", message: expect.stringContaining("206 × 306 mm") });
  });

  it("a deck list naming a card the sets lack: an error at its line", async () => {
    const root = await workspace("bad-deck");
    const result = await exportFrom(root, "pdf", { deck: { path: "decks/x.deck", text: "2 Red Dawn\n3 Red Dwan\n" } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]).toMatchObject({ file: "decks/x.deck", range: { start: { line: 2 } }, message: expect.stringContaining("Red Dwan") });
  });
});

describe("cardwright export --format pdf", () => {
  it("writes the sheets with the options given, and refuses options it cannot honour before reading anything", async () => {
    const root = await workspace("cli");
    const out = join(scratch, "cli-out");
    const run = (...args: string[]) => spawnSync(process.execPath, [join(REPO, "cli/bin.mjs"), "export", ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });
    const ok = run("-f", "pdf", ".", "-o", out, "--paper", "letter", "--backs", "--bleed", "0", "--card-size", "bridge");
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith(".pdf"))).toEqual(["ART.pdf"]);
    expect(pdfinfo(join(out, "ART.pdf"))).toEqual({ pages: 2, width: 612, height: 792 });
    const bad = run("-f", "pdf", ".", "-o", out, "--paper", "a3");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--paper must be a4 or letter, got "a3"');
    const wrongFormat = run("-f", "tts", ".", "-o", out, "--backs");
    expect(wrongFormat.status).toBe(2);
    expect(wrongFormat.stderr).toContain("--backs is for --format pdf or png");
  }, 120_000);
});
