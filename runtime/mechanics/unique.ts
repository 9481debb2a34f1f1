/**
 * Unique cards (`unique` flag or the Unique supertype): with `unique_rule = destroy_older` and
 * `unique_scope = per_controller`, when a card comes under a player's control — played, put into
 * play, created, or by a change of control — any other copy (same card name) that player already
 * controlled is destroyed at once. Each player may control one copy at the same time.
 */
import type { Ctx } from "../core/index.ts";
import { battlefield, cardDef, cardName, destroy, emit } from "../core/index.ts";
import type { Mechanic } from "../core/mechanics.ts";
import { perDefinition, perGame } from "../core/per-game.ts";

/** A definition is Unique by its flag or its supertype (worked out once per definition: the invariant asks for every card in play after every action). */
const uniqueDefinition = perDefinition((def) => def.flags.includes("unique") || def.supertypes.some((s) => s.toLowerCase() === "unique"));

/** Whether the game's Unique rule counts copies across the whole board rather than per controller (read once per game). */
const globalScope = perGame((rules) => rules.param("unique_scope", "per_controller") !== "per_controller");

export function isUnique(ctx: Ctx, id: string): boolean {
  const card = ctx.state.cards[id];
  return card !== undefined && uniqueDefinition(cardDef(ctx, card));
}

function enforce(ctx: Ctx, id: string): void {
  const card = ctx.state.cards[id];
  if (!card || card.zone !== ctx.rules.zones.battlefield || !isUnique(ctx, id)) return;
  const name = cardDef(ctx, card).name.toLowerCase();
  const holders = globalScope(ctx.rules) ? ctx.state.order : [card.controller];
  const older = holders.flatMap((p) => battlefield(ctx, p)).filter((other) => other !== id && cardDef(ctx, ctx.state.cards[other]!).name.toLowerCase() === name);
  for (const other of older) {
    emit(ctx, "check", `Unique: ${card.controller} now controls two copies of ${cardName(ctx, id)}; the one controlled before is destroyed`, { card: other, name: cardName(ctx, other), player: card.controller });
    destroy(ctx, other);
  }
}

/** No player (or, with a global scope, no board) ever holds two copies of a Unique card. */
function invariants(ctx: Ctx): string[] {
  const global = globalScope(ctx.rules);
  const groups = global ? [ctx.state.order] : ctx.state.order.map((p) => [p]);
  const problems: string[] = [];
  for (const players of groups) {
    // (Made only once a Unique card is met: most boards hold none, and this runs after every action of a simulation.)
    let seen: Map<string, number> | undefined;
    for (const player of players)
      for (const id of battlefield(ctx, player)) {
        if (!isUnique(ctx, id)) continue;
        const name = cardName(ctx, id);
        seen ??= new Map();
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
    if (seen !== undefined) for (const [name, count] of seen) if (count > 1) problems.push(`${players.join(" and ")} ${players.length > 1 ? "control" : "controls"} ${count} copies of the Unique card "${name}" (only one may be in play${global ? "" : " on a side"})`);
  }
  return problems;
}

export const uniqueMechanic: Mechanic = {
  name: "unique",
  applies: (rules) => rules.param("unique_rule", "") === "destroy_older",
  arrived: enforce,
  invariants,
};
