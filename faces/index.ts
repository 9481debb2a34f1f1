/**
 * Card faces: pure functions from the compiler's card model and a game's layout to a drawing
 * (draw.ts) and to SVG. No DOM and no Node, so the same faces render in the studio (inline SVG),
 * in Node (the exporters rasterise them with resvg) and in print (export/pdf.ts paints the drawing).
 * Every piece of card text is XML-escaped: a card named `<img src=x onerror=alert(1)>` is drawn
 * as those characters.
 */
import type { GameModel } from "../compiler/model.ts";
import { drawCardBack, drawCardFace, type FaceCard, type FaceGame } from "./face.ts";
import { drawingToSvg, xmlEscape } from "./svg.ts";

export { xmlEscape, drawingToSvg, type SvgOptions } from "./svg.ts";
export { drawCardFace, drawCardBack, costPips, colourFor, inkOn, typeLine, statBadges, layoutOf, type FaceCard, type FaceGame, type DrawOptions } from "./face.ts";
export { resolveLayout, DEFAULT_LAYOUT, type FaceLayout, type Region } from "./layout.ts";
export type { Drawing, Shape } from "./draw.ts";
export { FONT_FILES, FONT_FAMILIES, type FontKey } from "./fonts.ts";

/** Default pixel width of a face's SVG (the drawing is in millimetres and scales to any size). */
export const FACE_PIXEL_WIDTH = 250;

export interface FaceOptions {
  /** The game the card belongs to: its layout, and the meaning of the cost symbols. */
  game?: FaceGame;
  /** Width in pixels of the produced SVG (default 250). */
  width?: number;
  /** Kept for callers that share one page between faces (faces use no ids). */
  idPrefix?: string;
  /** Millimetres of background past the trim, for print. */
  bleed?: number;
  /** Where a card's art can be loaded from; without it (or when it answers undefined) the placeholder shows. */
  imageHref?: (path: string) => string | undefined;
}

/** `renderCardFace(card, options)` or `renderCardFace(card, game)` (the exporters' form). */
export function renderCardFace(card: FaceCard, optionsOrGame?: FaceOptions | GameModel): string {
  const options: FaceOptions = optionsOrGame === undefined ? {} : "id" in optionsOrGame ? { game: optionsOrGame } : optionsOrGame;
  const drawing = drawCardFace(card, { game: options.game, bleed: options.bleed ?? 0 });
  return drawingToSvg(drawing, { width: options.width ?? FACE_PIXEL_WIDTH, ...(options.imageHref ? { imageHref: options.imageHref } : {}) });
}

/** The back of every card of a game. */
export function renderCardBack(game?: FaceGame, options: { width?: number; bleed?: number } = {}): string {
  return drawingToSvg(drawCardBack(game, { bleed: options.bleed ?? 0 }), { width: options.width ?? FACE_PIXEL_WIDTH });
}

/** A sheet of faces laid out in a grid (e.g. a gallery print), each face `width` pixels wide. */
export function renderFaceSheet(cards: readonly FaceCard[], options: FaceOptions & { columns?: number } = {}): string {
  const columns = Math.max(1, options.columns ?? 10);
  const rows = Math.max(1, Math.ceil(cards.length / columns));
  const width = options.width ?? FACE_PIXEL_WIDTH;
  const faces = cards.map((card) => renderCardFace(card, { ...options, width }));
  const height = faces.length ? Number(/height="(\d+)"/.exec(faces[0]!)![1]) : Math.round(width * 1.4);
  const inner = faces.map((face, i) => `<g transform="translate(${(i % columns) * width} ${Math.floor(i / columns) * height})">${face}</g>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${columns * width}" height="${rows * height}" viewBox="0 0 ${columns * width} ${rows * height}" aria-label="${xmlEscape(`${cards.length} cards`)}">${inner}</svg>`;
}
