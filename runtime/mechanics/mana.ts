/**
 * Mana capacity and Shattering (sections 6–8 of Chromatic Battlelines), driven by the game file:
 * the resource named by `mana_resource` is run as a capacity: a game starts with
 * `starting_mana_capacity` (and `starting_available_mana` available); the `restore_mana` phase
 * step refills it to the capacity; Shattering a card from hand (`shatters_per_turn`, in
 * `shatter_phases`) puts it into the removal zone for good and adds `shatter_adds_capacity` to
 * both the capacity and the available amount at once. The removal zone is final: nothing in the
 * engine moves a card out of it. (`first_player_draws = false` is core/settle.ts's: turn 1's phases run without their draw steps.)
 */
import type { Action, Refusal } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import { cardName, emit, hand, moveCard, noteEvent } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import { numberParam } from "../core/rules.ts";
import { mainPhaseTiming } from "./timing.ts";
import type { GameMove, Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import type { PlayerId } from "../state/state.ts";

const refuse = (code: Refusal["code"], message: string): Refusal => ({ code, message });

export function manaResource(rules: Rules): string {
  const named = rules.param("mana_resource", "");
  return rules.game.resources.find((r) => r.name.toLowerCase() === named.toLowerCase())?.name ?? rules.game.resources[0]?.name ?? "Mana";
}

function setup(ctx: Ctx): void {
  const { rules, state } = ctx;
  const mana = manaResource(rules);
  const capacity = rules.param("starting_mana_capacity", 0);
  const available = rules.param("starting_available_mana", capacity);
  for (const player of state.order) {
    const p = state.players[player]!;
    p.capacity[mana] = capacity;
    p.resources[mana] = available;
  }
}

registerNativeRule("restore_mana", (ctx, frame) => {
  const mana = manaResource(ctx.rules);
  const p = ctx.state.players[frame.controller]!;
  p.resources[mana] = p.capacity[mana] ?? 0;
  emit(ctx, "resource", `${frame.controller}'s available ${mana} is restored to ${p.resources[mana]}`, { player: frame.controller, amount: p.resources[mana] });
  return "done";
});

function validateMove(ctx: Ctx, move: GameMove): Refusal | null | undefined {
  if (move.move !== "shatter") return undefined;
  const { state, rules } = ctx;
  const timing = mainPhaseTiming(ctx, move.player, "shatter_phases");
  if (timing) return timing;
  const limit = numberParam(rules, "shatters_per_turn", 1);
  if ((state.players[move.player]!.turnTally["shatter"] ?? 0) >= limit) return refuse("limit_reached", `you may Shatter only ${limit} card${limit === 1 ? "" : "s"} per turn`);
  const card = move.card ? state.cards[move.card] : undefined;
  if (!card || card.owner !== move.player || card.zone !== rules.zones.hand) return refuse("not_in_hand", "Shatter a card from your hand");
  return null;
}

function performMove(ctx: Ctx, move: GameMove): boolean {
  if (move.move !== "shatter") return false;
  const { state, rules } = ctx;
  const p = state.players[move.player]!;
  p.turnTally["shatter"] = (p.turnTally["shatter"] ?? 0) + 1;
  const mana = manaResource(rules);
  const gain = rules.param("shatter_adds_capacity", 1);
  emit(ctx, "action", `${move.player} shatters ${cardName(ctx, move.card!)}`, { player: move.player, card: move.card, name: cardName(ctx, move.card!) });
  moveCard(ctx, move.card!, rules.zones.removed);
  p.capacity[mana] = (p.capacity[mana] ?? 0) + gain;
  p.resources[mana] = (p.resources[mana] ?? 0) + gain;
  emit(ctx, "resource", `${move.player}'s ${mana} capacity becomes ${p.capacity[mana]}, available ${p.resources[mana]}`, { player: move.player, amount: gain });
  // "Whenever you Shatter a card" (compiler/lower.ts: a keyword action named "Shatter"): the player's Shatter, and nothing
  // else that puts a card into the Shatter Zone (an effect's "Put target card ... into its owner's Shatter Zone").
  noteEvent(ctx, "keyword_action", { player: move.player, card: move.card!, keyword: "Shatter", amount: 1 });
  return true;
}

/**
 * A Shatter of each distinct card in hand (two copies of one card are one move). Not asked while a choice is pending (both
 * listers answer the choice first), and each is validated before it is listed (engine/actions.ts listLegalActions and
 * listLegalActionsByValidation): a window, another player's turn or another phase refuse it there (timing.ts
 * mainPhaseTiming), so the listing does not decide them twice.
 */
function candidates(ctx: Ctx, player: PlayerId): Action[] {
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const id of hand(ctx, player)) {
    const def = ctx.state.cards[id]!.def;
    if (seen.has(def)) continue;
    seen.add(def);
    out.push({ type: "game", move: "shatter", player, card: id });
  }
  return out;
}

export const manaMechanic: Mechanic = {
  name: "mana",
  applies: (rules) => rules.game.params["starting_mana_capacity"] !== undefined,
  setup,
  validateMove,
  performMove,
  candidates,
};
