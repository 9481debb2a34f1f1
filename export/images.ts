/** Rendering card faces and backs through the configured renderers, with errors that name the card. */
import type { CardModel, GameModel } from "../compiler/model.ts";
import { composeSheet, prepareFace, renderPng } from "./render.ts";
import type { ResolvedExportOptions } from "./types.ts";

/** A face the renderer produced could not be used; reported as a diagnostic on the card. */
export class FaceRenderError extends Error {
  constructor(
    /** The card's name, or "<game> (card back)". */
    readonly subject: string,
    readonly card: CardModel | undefined,
    readonly reason: string,
    /** The file to report against when there is no card (the game file, for a back). */
    readonly file: string,
  ) {
    super(`cannot render ${subject}: ${reason}`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type PreparedFace = ReturnType<typeof prepareFace>;

export function prepareCardFace(card: CardModel, game: GameModel | undefined, options: ResolvedExportOptions, idPrefix: string): PreparedFace {
  try {
    return prepareFace(options.faceRenderer(card, game), idPrefix);
  } catch (error) {
    // A renderer that throws, or an SVG the sheet cannot use: either way the card is named.
    throw new FaceRenderError(card.name, card, reasonOf(error), card.file);
  }
}

export function prepareBack(game: GameModel | undefined, options: ResolvedExportOptions): PreparedFace {
  try {
    return prepareFace(options.backRenderer(game), "back-");
  } catch (error) {
    throw new FaceRenderError(`${game?.name ?? "game"} (card back)`, undefined, reasonOf(error), game?.file ?? "");
  }
}

/** One face as a PNG of the export's card size. */
export function renderSinglePng(face: PreparedFace, options: ResolvedExportOptions): Uint8Array {
  return renderPng(composeSheet([face], { columns: 1, rows: 1, cardWidth: options.cardWidth, cardHeight: options.cardHeight }));
}

export function renderCardPng(card: CardModel, game: GameModel | undefined, options: ResolvedExportOptions): Uint8Array {
  return renderSinglePng(prepareCardFace(card, game, options, "c-"), options);
}

export function renderBackPng(game: GameModel | undefined, options: ResolvedExportOptions): Uint8Array {
  return renderSinglePng(prepareBack(game, options), options);
}
