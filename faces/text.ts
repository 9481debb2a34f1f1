/**
 * Setting text in a box, measured without a DOM (faces render in Node and the browser alike).
 * A width function gives each character's advance in ems: the faces pass their fonts' own tables
 * (fonts.ts); the default is the compiler's estimate (compiler/text-width.ts), erring wide.
 */
import { charWidth } from "../compiler/text-width.ts";

/** Advance of one character in ems. */
export type CharAdvance = (ch: string) => number;

export function measure(content: string, fontSize: number, advance: CharAdvance = charWidth): number {
  let width = 0;
  for (const ch of content) width += advance(ch);
  return width * fontSize;
}

/**
 * Greedy word wrap, in time linear in the text: lines break at spaces; a word wider than a line
 * (and only such a word) is broken by characters, each character measured once (a 2,000-character
 * word used to be cubic). Line breaks in the text are kept.
 */
export function wrap(content: string, maxWidth: number, fontSize: number, advance: CharAdvance = charWidth): string[] {
  const lines: string[] = [];
  const space = advance(" ") * fontSize;
  for (const paragraph of content.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = measure(word, fontSize, advance);
      if (line && lineWidth + space + wordWidth <= maxWidth) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= maxWidth) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      // Too wide for any line: cut it where the next character would overflow (at least one character per line).
      line = "";
      lineWidth = 0;
      for (const ch of word) {
        const w = advance(ch) * fontSize;
        if (line && lineWidth + w > maxWidth) {
          lines.push(line);
          line = "";
          lineWidth = 0;
        }
        line += ch;
        lineWidth += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Shortens a single line with an ellipsis so it fits `maxWidth` (each character measured once). */
export function fitLine(content: string, maxWidth: number, fontSize: number, advance: CharAdvance = charWidth): string {
  if (measure(content, fontSize, advance) <= maxWidth) return content;
  const room = maxWidth - advance("…") * fontSize;
  let width = 0;
  let cut = 0;
  for (const ch of content) {
    width += advance(ch) * fontSize;
    if (width > room) break;
    cut += ch.length;
  }
  return content.slice(0, cut) + "…";
}

/** The largest size from `maxSize` down to `minSize` (in `step`s) at which one line fits `maxWidth`; `minSize` when none does. */
export function lineSize(content: string, maxWidth: number, maxSize: number, minSize: number, advance: CharAdvance = charWidth, step = 0.25): number {
  const natural = measure(content, 1, advance);
  if (natural === 0) return maxSize;
  const fits = maxWidth / natural;
  if (fits >= maxSize) return maxSize;
  return Math.max(minSize, Math.floor((fits - minSize) / step) * step + minSize);
}

export interface Paragraph {
  text: string;
  /** Space before it, in lines of its size (between abilities). */
  gapBefore?: number;
}

export interface FittedBlock {
  size: number;
  lines: { text: string; paragraph: number }[];
  lineHeight: number;
  /** The block's height at that size. */
  height: number;
}

/**
 * Rules text in its box: the largest size from `maxSize` down whose wrap fits the box's height.
 * Text never overflows and words are never cut for room: below `minSize` it keeps shrinking (the
 * checker and the export say when a card needs that), down to `floor`; only a card whose text
 * does not fit even at `floor` is cut short with an ellipsis.
 */
export function fitBlock(paragraphs: Paragraph[], box: { width: number; height: number }, maxSize: number, minSize: number, advance: CharAdvance, lineHeight = 1.2, floor = 2 * (25.4 / 72)): FittedBlock & { belowMin: boolean; clipped: boolean } {
  const layout = (size: number): FittedBlock => {
    const lines: FittedBlock["lines"] = [];
    let height = 0;
    paragraphs.forEach((p, index) => {
      const wrapped = wrap(p.text, box.width, size, advance);
      if (index > 0) height += (p.gapBefore ?? 0) * size * lineHeight;
      for (const text of wrapped) lines.push({ text, paragraph: index });
      height += wrapped.length * size * lineHeight;
    });
    return { size, lines, lineHeight: size * lineHeight, height };
  };
  // Sizes from the largest down, a quarter point at a time (about 0.09 mm).
  const step = 0.25 * (25.4 / 72);
  let size = maxSize;
  let fitted = layout(size);
  while (fitted.height > box.height && size - step >= floor) {
    size -= step;
    fitted = layout(size);
  }
  if (fitted.height <= box.height) return { ...fitted, belowMin: size < minSize - 1e-9, clipped: false };
  const keep = Math.max(1, Math.floor(box.height / fitted.lineHeight));
  const lines = fitted.lines.slice(0, keep);
  const last = lines[lines.length - 1]!;
  lines[lines.length - 1] = { ...last, text: fitLine(`${last.text}…`, box.width, size, advance) };
  return { ...fitted, lines, height: keep * fitted.lineHeight, belowMin: true, clipped: true };
}
