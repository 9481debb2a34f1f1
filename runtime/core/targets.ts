/** Target legality: what a target spec accepts now, and whether a chosen target is still legal. */
import type { TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "./cards.ts";
import { matchesSelector, selectCards } from "./values.ts";
import { mechanicsOf } from "./mechanics.ts";
import type { PlayerId, TargetValue } from "../state/state.ts";

export function legalTargetOptions(ctx: Ctx, spec: TargetSpec, controller: PlayerId, selfCard: string | undefined): TargetValue[] {
  const out: TargetValue[] = [];
  if (spec.accepts !== "player") {
    const cards = selectCards(ctx, spec.cards ?? {}, controller, selfCard);
    // Mechanics hook: targeting restrictions of the game (Shroud, Taunt).
    const mechanics = mechanicsOf(ctx.rules).filter((m) => m.targetAllowed);
    for (const card of cards) if (mechanics.every((m) => m.targetAllowed!(ctx, spec, controller, card, cards))) out.push({ card });
  }
  if (spec.accepts !== "card") {
    for (const player of ctx.state.order) {
      const who = spec.players ?? "any";
      if (who === "any" || (who === "you") === (player === controller)) out.push({ player });
    }
  }
  return out;
}

export function targetStillLegal(ctx: Ctx, spec: TargetSpec, target: TargetValue, controller: PlayerId, selfCard: string | undefined): boolean {
  if ("player" in target) return spec.accepts !== "card" && !ctx.state.players[target.player]!.lost;
  if (spec.accepts === "player") return false;
  return matchesSelector(ctx, target.card, spec.cards ?? {}, controller, selfCard);
}

export const sameTarget = (a: TargetValue, b: TargetValue): boolean =>
  ("card" in a && "card" in b && a.card === b.card) || ("player" in a && "player" in b && a.player === b.player);
