/**
 * Unique cards (`unique` flag or the Unique supertype): with `unique_rule = destroy_older` and
 * `unique_scope = per_controller`, when a card comes under a player's control — played, put into
 * play, created, or by a change of control — any other copy (same card name) that player already
 * controlled is destroyed at once. Each player may control one copy at the same time.
 */
import type { Ctx } from "../core/index.ts";
import { battlefield, cardDef, cardName, destroy, emit } from "../core/index.ts";
import type { Mechanic } from "../core/mechanics.ts";

export function isUnique(ctx: Ctx, id: string): boolean {
  const card = ctx.state.cards[id];
  if (!card) return false;
  const def = cardDef(ctx, card);
  return def.flags.includes("unique") || def.supertypes.some((s) => s.toLowerCase() === "unique");
}

function enforce(ctx: Ctx, id: string): void {
  const card = ctx.state.cards[id];
  if (!card || card.zone !== ctx.rules.zones.battlefield || !isUnique(ctx, id)) return;
  const name = cardDef(ctx, card).name.toLowerCase();
  const scope = ctx.rules.param("unique_scope", "per_controller");
  const holders = scope === "per_controller" ? [card.controller] : ctx.state.order;
  const older = holders.flatMap((p) => battlefield(ctx, p)).filter((other) => other !== id && cardDef(ctx, ctx.state.cards[other]!).name.toLowerCase() === name);
  for (const other of older) {
    emit(ctx, "check", `Unique: ${card.controller} now controls two copies of ${cardName(ctx, id)}; the one controlled before is destroyed`, { card: other, name: cardName(ctx, other), player: card.controller });
    destroy(ctx, other);
  }
}

/** No player (or, with a global scope, no board) ever holds two copies of a Unique card. */
function invariants(ctx: Ctx): string[] {
  const global = ctx.rules.param("unique_scope", "per_controller") !== "per_controller";
  const groups = global ? [ctx.state.order] : ctx.state.order.map((p) => [p]);
  const problems: string[] = [];
  for (const players of groups) {
    const seen = new Map<string, number>();
    for (const id of players.flatMap((p) => battlefield(ctx, p))) if (isUnique(ctx, id)) seen.set(cardName(ctx, id), (seen.get(cardName(ctx, id)) ?? 0) + 1);
    for (const [name, count] of seen) if (count > 1) problems.push(`${players.join(" and ")} ${players.length > 1 ? "control" : "controls"} ${count} copies of the Unique card "${name}" (only one may be in play${global ? "" : " on a side"})`);
  }
  return problems;
}

export const uniqueMechanic: Mechanic = {
  name: "unique",
  applies: (rules) => rules.param("unique_rule", "") === "destroy_older",
  arrived: enforce,
  invariants,
};
