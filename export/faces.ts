/**
 * Where exported card images come from: the card faces (faces/), the one
 * source of truth for how a card looks, so a TTS sheet shows what the studio's preview shows.
 */
import { renderCardBack, renderCardFace } from "../faces/index.ts";
import type { BackRenderer, FaceRenderer } from "./types.ts";

export const defaultFaceRenderer: FaceRenderer = (card, game) => renderCardFace(card, game);
export const defaultBackRenderer: BackRenderer = (game) => renderCardBack(game);
