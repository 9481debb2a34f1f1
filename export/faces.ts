/**
 * Where exported card images come from. The studio's card faces (studio/faces/) are the one
 * source of truth for how a card looks; until they land, `standInFace` draws a plain,
 * readable face so the sheet pipeline can be built and tested. Swapping in the studio's
 * renderer is the one line in `defaultFaceRenderer`.
 */
import type { CardModel, GameModel } from "../compiler/model.ts";
import type { BackRenderer, FaceRenderer } from "./types.ts";
import { statLine, typeLine, xmlSafe } from "./common.ts";

export const defaultFaceRenderer: FaceRenderer = (card, game) => standInFace(card, game);
export const defaultBackRenderer: BackRenderer = (game) => standInBack(game);

const WIDTH = 250;
const HEIGHT = 350;

/** Escapes text for SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Greedy word wrap by an average glyph width; good enough for a stand-in face. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && line.length + 1 + word.length > maxChars) {
        lines.push(line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  return lines;
}

function tspans(lines: string[], x: number, lineHeight: number): string {
  return lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`).join("");
}

export function standInFace(card: CardModel, game: GameModel | undefined): string {
  const title = wrap(card.name, 22).slice(0, 2);
  const body = wrap(card.text, 34).slice(0, 14);
  const stats = statLine(card);
  const footer = [card.rarity, game?.name].filter((part): part is string => !!part).join(" · ");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="12" fill="#20242c"/>`,
    `<rect x="8" y="8" width="${WIDTH - 16}" height="${HEIGHT - 16}" rx="8" fill="#f4f1e8"/>`,
    `<text x="16" y="30" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="bold" fill="#111">${tspans(title, 16, 17)}</text>`,
    card.cost ? `<text x="${WIDTH - 16}" y="30" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#333">${escapeXml(card.cost)}</text>` : "",
    `<text x="16" y="72" font-family="DejaVu Sans, sans-serif" font-size="11" font-style="italic" fill="#333">${escapeXml(typeLine(card))}</text>`,
    `<line x1="16" y1="80" x2="${WIDTH - 16}" y2="80" stroke="#999" stroke-width="1"/>`,
    `<text x="16" y="98" font-family="DejaVu Sans, sans-serif" font-size="10.5" fill="#111">${tspans(body, 16, 13)}</text>`,
    stats ? `<text x="${WIDTH - 16}" y="${HEIGHT - 20}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="16" font-weight="bold" fill="#111">${escapeXml(stats)}</text>` : "",
    `<text x="16" y="${HEIGHT - 20}" font-family="DejaVu Sans, sans-serif" font-size="9" fill="#555">${escapeXml(footer)}</text>`,
    `</svg>`,
  ].join("");
}

export function standInBack(game: GameModel | undefined): string {
  const title = game?.name ?? "Cardwright";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="12" fill="#20242c"/>`,
    `<rect x="16" y="16" width="${WIDTH - 32}" height="${HEIGHT - 32}" rx="8" fill="none" stroke="#c9a54a" stroke-width="3"/>`,
    `<text x="${WIDTH / 2}" y="${HEIGHT / 2}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="18" font-weight="bold" fill="#c9a54a">${tspans(wrap(title, 18).slice(0, 3), WIDTH / 2, 22)}</text>`,
    `</svg>`,
  ].join("");
}
