/** Small helpers for building SVG as strings without a DOM (the faces run in Node and the browser). */
import { charWidth, measure } from "../compiler/text-width.ts";

export { measure } from "../compiler/text-width.ts";

/** Escapes text for XML content and attribute values: card text is data, never markup. */
export function xmlEscape(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Control characters are not allowed in XML 1.0; drop them rather than emit an invalid document.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
  );
}

export type Attributes = Record<string, string | number | undefined>;

export function attrs(attributes: Attributes): string {
  return Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");
}

export function element(name: string, attributes: Attributes, children = ""): string {
  return children === "" ? `<${name}${attrs(attributes)}/>` : `<${name}${attrs(attributes)}>${children}</${name}>`;
}

export function text(content: string, attributes: Attributes): string {
  return `<text${attrs(attributes)}>${xmlEscape(content)}</text>`;
}

/**
 * Greedy word wrap by estimated width, in time linear in the text: a word wider than a line is
 * broken by characters, each character measured once (a 2,000-character word used to be cubic).
 */
export function wrap(content: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  const space = charWidth(" ") * fontSize;
  for (const paragraph of content.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = measure(word, fontSize);
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
        const w = charWidth(ch) * fontSize;
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

/** Fits `content` into a box: the largest font size from `maxSize` down to `minSize` whose wrap fits; clips below that. */
export function fitText(content: string, box: { width: number; height: number }, maxSize: number, minSize: number, lineHeight = 1.22) {
  for (let size = maxSize; size >= minSize; size -= 0.5) {
    const lines = wrap(content, box.width, size);
    if (lines.length * size * lineHeight <= box.height) return { lines, size, clipped: false };
  }
  const lines = wrap(content, box.width, minSize);
  const fitting = Math.max(1, Math.floor(box.height / (minSize * lineHeight)));
  const kept = lines.slice(0, fitting);
  if (lines.length > fitting) kept[kept.length - 1] = kept[kept.length - 1]!.replace(/.{0,2}$/, "…");
  return { lines: kept, size: minSize, clipped: lines.length > fitting };
}

/** Shortens a single line with an ellipsis so it fits `maxWidth` (each character measured once). */
export function fitLine(content: string, maxWidth: number, fontSize: number): string {
  if (measure(content, fontSize) <= maxWidth) return content;
  const room = maxWidth - charWidth("…") * fontSize;
  let width = 0;
  let cut = 0;
  for (const ch of content) {
    width += charWidth(ch) * fontSize;
    if (width > room) break;
    cut += ch.length;
  }
  return content.slice(0, cut) + "…";
}
