/**
 * The fonts faces are set in: open fonts shipped in faces/fonts/ (DejaVu, Bitstream Vera licence,
 * LICENSE.txt beside them), so the studio (as web fonts), the PNG exports (resvg, given these
 * files and no system font) and the PDF (embedded) all draw the same glyphs, and text is measured
 * with the fonts' own advance widths (metrics.ts, generated from the files).
 */
import type { FaceFontName } from "../compiler/model.ts";
import { FONT_METRICS } from "./fonts/metrics.ts";
import type { FontKey } from "./fonts/files.ts";

export { FONT_FILES, type FontKey } from "./fonts/files.ts";

/** The family name inside each file (what SVG's font-family must say) and its weight. */
export const FONT_FAMILIES: Record<FontKey, { family: string; weight: "normal" | "bold" }> = {
  sans: { family: "DejaVu Sans", weight: "normal" },
  "sans-bold": { family: "DejaVu Sans", weight: "bold" },
  serif: { family: "DejaVu Serif", weight: "normal" },
  "serif-bold": { family: "DejaVu Serif", weight: "bold" },
};

export function fontKey(font: FaceFontName, bold: boolean | undefined): FontKey {
  return `${font}${bold ? "-bold" : ""}` as FontKey;
}

/** A character the tables do not know is measured as a full em: wide, so a line never overflows. */
const UNKNOWN_WIDTH = 1000;
const tables = new Map<FontKey, Map<number, number>>();

function table(font: FontKey): Map<number, number> {
  let widths = tables.get(font);
  if (!widths) {
    widths = new Map();
    for (const [start, list] of FONT_METRICS[font].ranges) list.forEach((w, i) => w > 0 && widths!.set(start + i, w));
    tables.set(font, widths);
  }
  return widths;
}

/** Advance width of one character, in ems. */
export function charAdvance(font: FontKey, ch: string): number {
  return (table(font).get(ch.codePointAt(0)!) ?? UNKNOWN_WIDTH) / 1000;
}

/** Width of `text` set at `size` (any unit: the result is in the same unit). */
export function textWidth(font: FontKey, text: string, size: number): number {
  const widths = table(font);
  let total = 0;
  for (const ch of text) total += widths.get(ch.codePointAt(0)!) ?? UNKNOWN_WIDTH;
  return (total / 1000) * size;
}

/** Height of capital letters, in ems (to centre a line of text in a box). */
export function capHeight(font: FontKey): number {
  return FONT_METRICS[font].capHeight / 1000;
}

export const POINT_MM = 25.4 / 72;
