/**
 * The `instant` response model (Three-Slot Duel, and any game that names no other): everything
 * resolves at once, in order; no window to respond. Simultaneous triggers: the active player's
 * first, each player ordering their own (the shared placing in core/response.ts).
 */
import { cardName, emit } from "../core/cards.ts";
import { placeOne, type ResponseModel } from "../core/response.ts";

export const instantModel: ResponseModel = {
  name: "instant",
  opensWindows: false,
  announce(ctx, frame) {
    ctx.state.frames.push(frame);
  },
  placeTriggers: placeOne,
  triggerReady(ctx, frame) {
    emit(ctx, "push", `${frame.label} resolves`, { card: frame.card, name: frame.card ? cardName(ctx, frame.card) : undefined, ability: frame.ability, player: frame.controller, source: frame.source });
    ctx.state.frames.push(frame);
  },
  windowOpen: () => false,
  resolveIfSettled: () => false,
  pass() {},
  mayRespond: () => false,
};
