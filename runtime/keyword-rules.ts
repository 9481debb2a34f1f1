/**
 * Engine rules that keywords of a game file name (`keyword ability Shroud = rule cannot_be_targeted`),
 * for the readings docs/games records:
 * - `cannot_be_targeted` (Shroud): no spell or ability of any player may target the card.
 * - `opponents_must_target_taunt` (Taunt): an opponent's spell or ability that targets a card its
 *   controller controls must target one with this rule when it can (Weapon attacks are not
 *   targeted spells or abilities, so neither rule limits them).
 * - `play_with_priority_and_redirect` (Ambush): the card may be played whenever its player has
 *   priority, even on an opponent's turn; if it enters while an attack aimed at its controller
 *   waits for priority, it becomes that attack's target (runtime/weapons.ts `redirectAttacks`).
 * Each applies only to games whose keywords name it.
 */
import type { TargetSpec } from "../compiler/ir.ts";
import type { Ctx } from "./core.ts";
import { hasRule } from "./core.ts";
import { registerMechanic } from "./mechanics.ts";
import type { PlayerId } from "./state.ts";

const SHROUD = "cannot_be_targeted";
const TAUNT = "opponents_must_target_taunt";
const AMBUSH = "play_with_priority_and_redirect";

function targetAllowed(ctx: Ctx, _spec: TargetSpec, controller: PlayerId, card: string, options: string[]): boolean {
  if (hasRule(ctx, card, SHROUD)) return false;
  const owner = ctx.state.cards[card]?.controller;
  if (!owner || owner === controller || ctx.state.cards[card]!.zone !== ctx.rules.zones.battlefield || hasRule(ctx, card, TAUNT)) return true;
  // "Must target one with Taunt if able": another option of the same player with Taunt that can be targeted.
  return !options.some((o) => o !== card && ctx.state.cards[o]?.controller === owner && hasRule(ctx, o, TAUNT) && !hasRule(ctx, o, SHROUD));
}

registerMechanic({
  name: "keyword-rules",
  applies: (rules) => rules.game.keywords.some((k) => k.rule === SHROUD || k.rule === TAUNT || k.rule === AMBUSH),
  targetAllowed,
  anyTime: (ctx, card) => hasRule(ctx, card, AMBUSH),
});
