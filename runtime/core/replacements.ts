/**
 * Replacement effects, driven by the IR (`Ability.replacement`): "If this would be destroyed, return
 * it to its owner's hand instead." · "If a source would deal damage to this, prevent 1 of that damage."
 * · "If you would draw a card, Scry 1 instead." · "If a card would be put into a Graveyard from
 * anywhere, put it into its owner's Oblivion instead." · "This enters exhausted."
 * When an event would happen to a card or a player, the first replacement in effect that matches it
 * (the card's own first, then other cards in play in play order) is applied: its steps run at once
 * with "it" = that card, "that player" = that player and "that much" = the event's amount, and the
 * event does not happen — or, for a prevention, happens with less; for `alongside` ("enters
 * exhausted"), happens with the steps as part of it. Each replacement applies once to an event and
 * never to the events its own steps cause (a replacement does not invoke itself); `limit` makes it
 * the first time each turn, or the first time since its card entered play. Replacements are not
 * triggers: they use no chain, stack or priority (Chromatic 17.1: "It does not apply to replacement
 * effects").
 */
import type { Ability, EventKind } from "../../compiler/ir.ts";
import type { PlayerId } from "../state/state.ts";
import { type Ctx, allOnBattlefield, cardDef } from "./cards.ts";
import { abilityActive, matchesSelector } from "./values.ts";

export interface ReplacementInEffect {
  /** The card whose ability replaces the event. */
  card: string;
  ability: Ability;
}

/** What an event that may be replaced is about: a card (destroyed, dealt damage, put into a zone) or a player (draws, gains life). */
export interface ReplaceableEvent {
  card?: string;
  player?: PlayerId;
  /** Combat damage. */
  combat?: boolean;
  /** `enters`: the zone the card is put into (none: the battlefield). */
  zone?: string;
  /** Replacements already applied to this event (each applies once). */
  applied?: string[];
}

/** The replacement that applies to `kind` happening to a card (its id) or to what `about` says, or undefined. */
export function replacementFor(ctx: Ctx, kind: EventKind, about: string | ReplaceableEvent): ReplacementInEffect | undefined {
  const { state } = ctx;
  if (!ctx.rules.replacedEvents.has(kind)) return undefined;
  const event: ReplaceableEvent = typeof about === "string" ? { card: about } : about;
  const id = event.card;
  const offWhenExhausted = ctx.rules.param("statics_off_when_exhausted", ctx.rules.param("static_abilities_need_renewed", false));
  const sources = id ? [id, ...allOnBattlefield(ctx).filter((other) => other !== id)] : allOnBattlefield(ctx);
  for (const src of sources) {
    const card = state.cards[src];
    if (!card || card.zone !== ctx.rules.zones.battlefield) continue;
    // "Only cards in a Renewed state have their ongoing abilities in effect" covers replacements too.
    if (offWhenExhausted && (card.exhausted || card.overexhausted)) continue;
    for (const ability of cardDef(ctx, card).abilities) {
      const r = ability.replacement;
      if (ability.kind !== "replacement" || !r || r.event !== kind || !abilityActive(ctx, src, ability)) continue;
      if (ctx.replacing?.includes(key(src, ability)) || event.applied?.includes(key(src, ability))) continue;
      if (r.combat && !event.combat) continue;
      if ((r.zone ?? "").toLowerCase() !== (event.zone ?? "").toLowerCase()) continue;
      const subject = r.subject ?? { kind: "self" as const };
      if (subject.kind === "self") {
        if (src !== id) continue;
      } else if (subject.kind === "card") {
        // The card is matched where it is (a card put into a Graveyard from a hand is still "a card").
        if (!id || !matchesSelector(ctx, id, subject.selector, card.controller, src, !!r.zone)) continue;
      } else if (!event.player || (subject.who === "you" && event.player !== card.controller) || (subject.who === "opponent" && event.player === card.controller)) continue;
      if (r.limit && used(ctx, ability, src, r.limit)) continue;
      return { card: src, ability };
    }
  }
  return undefined;
}

/** How a running replacement is known, so that it does not apply to the events its own steps cause. */
export function key(card: string, ability: Ability): string {
  return `${card} ${ability.id}`;
}

function used(ctx: Ctx, ability: Ability, card: string, limit: "first_each_turn" | "first"): boolean {
  const entered = ctx.state.cards[card]!.enteredTurn;
  return (ctx.state.replacementsUsed ?? []).some((u) => u.ability === ability.id && u.card === card && u.entered === entered && (limit === "first" || u.turn === ctx.state.turn));
}

/** Records that a limited replacement was used. */
export function markReplacementUsed(ctx: Ctx, r: ReplacementInEffect): void {
  const limit = r.ability.replacement?.limit;
  if (!limit) return;
  // Uses of "each turn" replacements from earlier turns no longer matter.
  const kept = (ctx.state.replacementsUsed ?? []).filter((u) => u.turn === ctx.state.turn || u.limit === "first");
  ctx.state.replacementsUsed = [...kept, { ability: r.ability.id, card: r.card, turn: ctx.state.turn, entered: ctx.state.cards[r.card]!.enteredTurn, limit }];
}
