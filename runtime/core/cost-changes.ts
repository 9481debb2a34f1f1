/**
 * Changes to what playing cards costs made by one-time effects (IR step `cost_change`: "Spells you cast this turn cost 1
 * less.", "The next spell you cast this turn costs 1 less."), kept in `state.costChanges` until their duration ends — or,
 * made for "the next" card, until a card they apply to is played. What they change is read by `playCost` (values.ts),
 * with the cost statics of cards in play.
 */
import { type CostChangeMade, type PlayerId, type LastingEffect, durationText, endsAsTurnBegins } from "../state/state.ts";
import { type Ctx, cardName, emit } from "./cards.ts";
import { costChangeApplies } from "./values.ts";

/** Keeps a cost change until its duration ends (or, made for "the next" card, until it is used). */
export function addCostChange(ctx: Ctx, made: Omit<CostChangeMade, "id" | "turn">): void {
  const { state } = ctx;
  const change: CostChangeMade = { id: state.nextId++, turn: state.turn, ...made };
  (state.costChanges ??= []).push(change);
  // The whole sentence is emit's text argument (its wording is left out of the mutation score: docs/mutation.md).
  emit(ctx, "modify", `${change.label}: ${change.next ? "the next card it names costs" : "the cards it names cost"} ${Math.abs(change.amount)}${change.generic ? " generic" : change.resource ? ` ${change.resource}` : ""} ${change.amount >= 0 ? "less" : "more"}${change.duration === "end_of_turn" ? " this turn" : durationText(change.duration)}`, {
    ...(change.sourceCard ? { card: change.sourceCard, name: cardName(ctx, change.sourceCard) } : {}),
    player: change.controller,
    source: change.source,
  });
}

/** A card is played by `player` at the cost `playCost` read: the changes made for "the next" card that applied to it are used up. */
export function useNextCostChanges(ctx: Ctx, player: PlayerId, id: string): void {
  const list = ctx.state.costChanges;
  if (!list?.length) return;
  const used = list.filter((c) => c.next && costChangeApplies(ctx, c, player, id));
  if (!used.length) return;
  const kept = list.filter((c) => !used.includes(c));
  ctx.state.costChanges = kept.length ? kept : undefined; // (not deleted: the state keeps one shape, runtime/index.ts emptyState)
  for (const c of used) emit(ctx, "modify", `${c.label}: its cost change is used by ${cardName(ctx, id)}`, { card: id, name: cardName(ctx, id), player, source: c.source });
}

/** The cost changes whose duration `ends` says ends now (the turn's end, the combat's). */
export function endCostChanges(ctx: Ctx, ends: (effect: LastingEffect) => boolean): void {
  const list = ctx.state.costChanges;
  if (!list?.length) return;
  const kept = list.filter((c) => !ends(c));
  if (kept.length === list.length) return;
  ctx.state.costChanges = kept.length ? kept : undefined;
}

/** The turn passes to `next`: changes that lasted "until your next turn" end. */
export function costChangesAtTurnStart(ctx: Ctx, next: PlayerId): void {
  endCostChanges(ctx, (c) => endsAsTurnBegins(c, next));
}
