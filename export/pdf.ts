/**
 * Print-and-play PDF sheets (pdf-lib): each card's face painted from its drawing (faces/) as vector
 * shapes and real text in the shipped fonts (embedded, subset), its art embedded once per image
 * however many cards show it; every card with its bleed, as many per page as fit the printable
 * area, cut marks in the margin on every trim line; optionally a page of backs after each page of
 * faces, mirrored left to right so that long-edge duplex printing puts each back behind its face;
 * with a deck list, the deck's cards as many times as it counts them, and the list on a last page.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { clip, endPath, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import type { CardModel, GameModel } from "../compiler/model.ts";
import { drawCardBack, drawCardFace, type Drawing, type FontKey } from "../faces/index.ts";
import { roundedRectPath } from "../faces/draw.ts";
import { FONT_FILES } from "../faces/fonts/files.ts";
import type { ArtTable } from "./art.ts";
import { slotPosition, type PrintOptions, type SheetGeometry } from "./print.ts";

const PT_PER_MM = 72 / 25.4;

/** One card to print (a deck list repeats cards). */
export interface PrintItem {
  card: CardModel;
  game: GameModel | undefined;
}

interface Painter {
  doc: PDFDocument;
  fonts: Record<FontKey, PDFFont>;
  images: Map<string, PDFImage>;
  art: ArtTable;
}

let fontBytes: Record<FontKey, Uint8Array> | undefined;

function shippedFonts(): Record<FontKey, Uint8Array> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([key, file]) => [key, new Uint8Array(readFileSync(fileURLToPath(new URL(`../faces/fonts/${file}`, import.meta.url))))]),
  ) as Record<FontKey, Uint8Array>;
  return fontBytes;
}

function colour(hex: string) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return rgb(0, 0, 0);
  return rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255);
}

/** Characters a PDF text string must not carry (line breaks, controls): faces never print them. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f\ufffe\uffff]/g;

/**
 * Paints a drawing on a page: its trim box's top left at (`x`, `y`) millimetres from the page's
 * top left, scaled by `scale`. Coordinates are the drawing's millimetres; PDF's y runs upwards.
 */
async function paint(page: PDFPage, drawing: Drawing, at: { x: number; y: number }, scale: number, painter: Painter): Promise<void> {
  const pageHeight = page.getHeight();
  const X = (x: number) => (at.x + x * scale) * PT_PER_MM;
  const Y = (y: number) => pageHeight - (at.y + y * scale) * PT_PER_MM;
  const pathOptions = { x: X(0), y: Y(0), scale: scale * PT_PER_MM };
  for (const shape of drawing.shapes) {
    switch (shape.kind) {
      case "rect":
      case "circle":
      case "path": {
        const d = shape.kind === "rect" ? roundedRectPath(shape.x, shape.y, shape.width, shape.height, shape.rx ?? 0) : shape.kind === "circle" ? roundedRectPath(shape.cx - shape.r, shape.cy - shape.r, 2 * shape.r, 2 * shape.r, shape.r) : shape.d;
        const stroke = shape.kind !== "path" && shape.stroke ? { borderColor: colour(shape.stroke), borderWidth: shape.strokeWidth ?? 0.25 } : {};
        const fill = shape.fill !== "none" ? { color: colour(shape.fill) } : {};
        if (!("color" in fill) && !("borderColor" in stroke)) break;
        const opacity = "opacity" in shape && shape.opacity !== undefined ? { opacity: shape.opacity, borderOpacity: shape.opacity } : {};
        page.drawSvgPath(d, { ...pathOptions, ...fill, ...stroke, ...opacity });
        break;
      }
      case "text": {
        const font = painter.fonts[shape.font];
        const text = shape.text.replace(UNPRINTABLE, "");
        if (text === "") break;
        const size = shape.size * scale * PT_PER_MM;
        const width = font.widthOfTextAtSize(text, size);
        const x = X(shape.x) - (shape.anchor === "middle" ? width / 2 : shape.anchor === "end" ? width : 0);
        page.drawText(text, { x, y: Y(shape.y), size, font, color: colour(shape.fill) });
        break;
      }
      case "image": {
        const art = painter.art.get(shape.path);
        if (!art) break;
        let image = painter.images.get(shape.path);
        if (!image) {
          // Embedded once: every card showing this art refers to the same image object.
          image = art.mime === "image/jpeg" ? await painter.doc.embedJpg(art.bytes) : await painter.doc.embedPng(art.bytes);
          painter.images.set(shape.path, image);
        }
        // Cover the box (cropped, never stretched), clipped to it.
        const cover = Math.max(shape.width / art.width, shape.height / art.height);
        const w = art.width * cover;
        const h = art.height * cover;
        const left = shape.x + (shape.width - w) / 2;
        const top = shape.y + (shape.height - h) / 2;
        page.pushOperators(pushGraphicsState(), rectangle(X(shape.x), Y(shape.y + shape.height), shape.width * scale * PT_PER_MM, shape.height * scale * PT_PER_MM), clip(), endPath());
        page.drawImage(image, { x: X(left), y: Y(top + h), width: w * scale * PT_PER_MM, height: h * scale * PT_PER_MM });
        page.pushOperators(popGraphicsState());
        break;
      }
    }
  }
}

/** A drawing placed in a card's bleed box: scaled to fit the trim size, centred, its frame filling the rest. */
async function paintInCell(page: PDFPage, drawing: Drawing, cell: { x: number; y: number }, options: PrintOptions, painter: Painter): Promise<void> {
  const scale = Math.min(options.cardWidth / drawing.width, options.cardHeight / drawing.height);
  const first = drawing.shapes[0];
  if (first && first.kind === "rect" && (first.width !== options.cardWidth || first.height !== options.cardHeight) && scale !== 1) {
    page.drawRectangle({ x: cell.x * PT_PER_MM, y: page.getHeight() - (cell.y + options.cardHeight + 2 * options.bleed) * PT_PER_MM, width: (options.cardWidth + 2 * options.bleed) * PT_PER_MM, height: (options.cardHeight + 2 * options.bleed) * PT_PER_MM, color: colour(first.fill) });
  }
  const at = { x: cell.x + options.bleed + (options.cardWidth - drawing.width * scale) / 2, y: cell.y + options.bleed + (options.cardHeight - drawing.height * scale) / 2 };
  await paint(page, drawing, at, scale, painter);
}

/** Cut marks on every trim line, in the margin outside the grid (never over a card's print). */
function cutMarks(page: PDFPage, geometry: SheetGeometry, options: PrintOptions): void {
  const H = page.getHeight();
  const gap = 1;
  const length = (room: number) => Math.max(0, Math.min(5, room - gap - 0.5));
  const gridRight = geometry.left + geometry.columns * geometry.cell.width;
  const gridBottom = geometry.top + geometry.rows * geometry.cell.height;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1 * PT_PER_MM, y: H - y1 * PT_PER_MM }, end: { x: x2 * PT_PER_MM, y: H - y2 * PT_PER_MM }, thickness: 0.5, color: rgb(0, 0, 0) });
  const vertical = length(geometry.top);
  const horizontal = length(geometry.left);
  for (let c = 0; c < geometry.columns; c++) {
    for (const x of [geometry.left + c * geometry.cell.width + options.bleed, geometry.left + c * geometry.cell.width + options.bleed + options.cardWidth]) {
      if (vertical > 0) {
        line(x, geometry.top - gap - vertical, x, geometry.top - gap);
        line(x, gridBottom + gap, x, gridBottom + gap + vertical);
      }
    }
  }
  for (let r = 0; r < geometry.rows; r++) {
    for (const y of [geometry.top + r * geometry.cell.height + options.bleed, geometry.top + r * geometry.cell.height + options.bleed + options.cardHeight]) {
      if (horizontal > 0) {
        line(geometry.left - gap - horizontal, y, geometry.left - gap, y);
        line(gridRight + gap, y, gridRight + gap + horizontal, y);
      }
    }
  }
}

/** A print-and-play PDF of `items` (in order), with a deck list page when `deckList` is given. */
export async function printPdf(items: PrintItem[], geometry: SheetGeometry, options: PrintOptions, art: ArtTable, meta: { title: string; deckList?: { title: string; lines: string[] } }): Promise<Uint8Array> {
  // No creation or modification dates: the same cards give the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title);
  doc.setCreator("Cardwright");
  const bytes = shippedFonts();
  const fonts = {} as Record<FontKey, PDFFont>;
  // A fixed subset tag per font (pdf-lib's default name carries a random suffix): the same cards give the same bytes.
  for (const [i, key] of (Object.keys(FONT_FILES) as FontKey[]).entries()) {
    const customName = `CWFAC${String.fromCharCode(65 + i)}+${FONT_FILES[key].replace(/\.ttf$/, "")}`;
    fonts[key] = await doc.embedFont(bytes[key], { subset: true, customName });
  }
  const painter: Painter = { doc, fonts, images: new Map(), art };
  const perPage = geometry.columns * geometry.rows;
  const size: [number, number] = [geometry.page.width * PT_PER_MM, geometry.page.height * PT_PER_MM];
  for (let start = 0; start < items.length; start += perPage) {
    const pageItems = items.slice(start, start + perPage);
    const page = doc.addPage(size);
    for (const [i, item] of pageItems.entries()) await paintInCell(page, drawCardFace(item.card, { game: item.game, bleed: options.bleed }), slotPosition(geometry, i), options, painter);
    cutMarks(page, geometry, options);
    if (options.backs) {
      const back = doc.addPage(size);
      for (const [i, item] of pageItems.entries()) await paintInCell(back, drawCardBack(item.game, { bleed: options.bleed }), slotPosition(geometry, i, true), options, painter);
      cutMarks(back, geometry, options);
    }
  }
  if (meta.deckList) deckListPages(doc, size, fonts, meta.deckList);
  return await doc.save({ useObjectStreams: true });
}

function deckListPages(doc: PDFDocument, size: [number, number], fonts: Record<FontKey, PDFFont>, list: { title: string; lines: string[] }): void {
  const margin = 20 * PT_PER_MM;
  const lineHeight = 14;
  let page = doc.addPage(size);
  let y = size[1] - margin;
  page.drawText(list.title, { x: margin, y, size: 16, font: fonts["sans-bold"], color: rgb(0, 0, 0) });
  y -= 28;
  for (const line of list.lines) {
    if (y < margin) {
      page = doc.addPage(size);
      y = size[1] - margin;
    }
    page.drawText(line.replace(UNPRINTABLE, ""), { x: margin, y, size: 11, font: fonts.sans, color: rgb(0, 0, 0) });
    y -= lineHeight;
  }
}
