/**
 * The width of printed text, estimated without a DOM (card faces render in Node and the browser
 * alike): one advance width per character as a fraction of the font size, erring wide so lines
 * never overflow. The faces (faces/) wrap with it, and the checker uses it to warn about a
 * word no face can fit on one line (CW2081). Browser-safe.
 */

/** Advance width of one character as a fraction of the font size (a sans-serif face). */
export function charWidth(ch: string): number {
  if (/[iljtf.,:;'!|()[\]\s]/.test(ch)) return 0.32;
  if (/[mwMW@—]/.test(ch)) return 0.86;
  if (/[A-Z0-9{}]/.test(ch)) return 0.7;
  return 0.6;
}

export function measure(content: string, fontSize: number): number {
  let width = 0;
  for (const ch of content) width += charWidth(ch);
  return width * fontSize;
}

/** The rules-text box of a face (faces/: card width 250 less its margins) and the smallest size text shrinks to. */
export const FACE_TEXT_WIDTH = 250 - 36 - 12;
export const FACE_MIN_TEXT_SIZE = 6.5;

/** The first word of `text` wider than the rules-text box even at the smallest size (a face must break it). */
export function wordNoFaceFits(text: string): string | undefined {
  for (const word of text.split(/\s+/)) if (word.length * 0.32 * FACE_MIN_TEXT_SIZE > FACE_TEXT_WIDTH && measure(word, FACE_MIN_TEXT_SIZE) > FACE_TEXT_WIDTH) return word;
  return undefined;
}
