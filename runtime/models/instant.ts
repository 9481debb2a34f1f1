/**
 * The `instant` response model (Three-Slot Duel, and any game that names no other): everything
 * resolves at once, in order; no window to respond. Simultaneous triggers: the active player's
 * first, each player ordering their own (the shared placing in core/response.ts).
 */
import { cardName, emit } from "../core/cards.ts";
import { resolution, type ResponseChart } from "../core/flow.ts";
import { flowTo } from "../core/settle.ts";
import { placeOne, type ResponseModel } from "../core/response.ts";

/** Immediate resolution in the game's statechart: what is played or triggered resolves at once, no one may respond. */
export const instantChart: ResponseChart = {
  states(phase, { to, source }) {
    const meta = { source: source("response_model"), param: "response_model", phase: phase.name };
    return { states: { resolving: resolution(meta, "a spell or triggered ability resolves at once: no window to respond") }, on: { RESOLVE: to("resolving") } };
  },
  // A choice the resolving spell or ability asks stays inside its resolution.
  decisionLeaf: (state, current) => (state.pending ? (state.frames.length > 0 && current?.startsWith("resolving") ? "resolving.choice" : "choice") : "open"),
};

export const instantModel: ResponseModel = {
  name: "instant",
  opensWindows: false,
  chart: instantChart,
  announce(ctx, frame) {
    flowTo(ctx, "resolving");
    ctx.state.frames.push(frame);
  },
  placeTriggers: placeOne,
  triggerReady(ctx, frame) {
    flowTo(ctx, "resolving");
    emit(ctx, "push", `${frame.label} resolves`, { card: frame.card, name: frame.card ? cardName(ctx, frame.card) : undefined, ability: frame.ability, player: frame.controller, source: frame.source });
    ctx.state.frames.push(frame);
  },
  windowOpen: () => false,
  resolveIfSettled: () => false,
  pass() {},
};
