/**
 * Replacement effects, driven by the IR (`Ability.replacement`): "If this would be destroyed, return
 * it to its owner's hand instead." When an event would happen to a card, the first replacement in
 * effect that matches it (the card's own first, then other cards in play in play order) is applied
 * instead: its steps run at once with "it" = that card, and the event does not happen. Each
 * replacement applies once to an event; `limit` makes it the first time each turn, or the first time
 * since its card entered play. Replacements are not triggers: they use no chain, stack or priority
 * (Chromatic 17.1: "It does not apply to replacement effects").
 */
import type { Ability, EventKind } from "../../compiler/ir.ts";
import { type Ctx, allOnBattlefield, cardDef } from "./cards.ts";
import { abilityActive, matchesSelector } from "./values.ts";

export interface ReplacementInEffect {
  /** The card whose ability replaces the event. */
  card: string;
  ability: Ability;
}

/** The replacement that applies to `kind` happening to card `id`, or undefined. */
export function replacementFor(ctx: Ctx, kind: EventKind, id: string): ReplacementInEffect | undefined {
  const { state } = ctx;
  const offWhenExhausted = ctx.rules.param("statics_off_when_exhausted", ctx.rules.param("static_abilities_need_renewed", false));
  const sources = [id, ...allOnBattlefield(ctx).filter((other) => other !== id)];
  for (const src of sources) {
    const card = state.cards[src];
    if (!card || card.zone !== ctx.rules.zones.battlefield) continue;
    // "Only cards in a Renewed state have their ongoing abilities in effect" covers replacements too.
    if (offWhenExhausted && (card.exhausted || card.overexhausted)) continue;
    for (const ability of cardDef(ctx, card).abilities) {
      const r = ability.replacement;
      if (ability.kind !== "replacement" || !r || r.event !== kind || !abilityActive(ctx, src, ability)) continue;
      const subject = r.subject ?? { kind: "self" as const };
      if (subject.kind === "self" ? src !== id : subject.kind !== "card" || !matchesSelector(ctx, id, subject.selector, card.controller, src)) continue;
      if (r.limit && used(ctx, ability, src, r.limit)) continue;
      return { card: src, ability };
    }
  }
  return undefined;
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
