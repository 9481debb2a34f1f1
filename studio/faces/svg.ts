/** Small helpers for building SVG as strings without a DOM (the faces run in Node and the browser). */

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
 * Average advance width of a character as a fraction of the font size, for a sans-serif face.
 * Without a DOM there is no text measurement; this estimate errs wide so lines never overflow.
 */
function charWidth(ch: string): number {
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

/** Greedy word wrap by estimated width; words longer than a line are broken by characters. */
export function wrap(content: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const paragraph of content.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      let rest = word;
      while (measure(rest, fontSize) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut), fontSize) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
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

/** Shortens a single line with an ellipsis so it fits `maxWidth`. */
export function fitLine(content: string, maxWidth: number, fontSize: number): string {
  if (measure(content, fontSize) <= maxWidth) return content;
  let cut = content.length;
  while (cut > 0 && measure(content.slice(0, cut) + "…", fontSize) > maxWidth) cut--;
  return content.slice(0, cut) + "…";
}
