/**
 * Exhausted / Overexhausted / Renewed and Newly Turned, for games whose Renew-style phase names
 * the engine steps `renew` and `end_newly_turned`.
 *
 * - `renew`: the active player's cards are Renewed. With `overexhaust_reading = skip_next_renew`
 *   an Overexhausted card only steps down to Exhausted and renews at the Renew after that.
 * - Newly Turned: a card of a type `newly_turned_types` names that entered play since the start of
 *   its controller's most recent turn; it cannot do what `newly_turned_blocks` lists ("attack
 *   activate") unless it has the engine rule `ignores_newly_turned` (Haste). Lands and relics are
 *   never Newly Turned when the parameter names only creatures. `end_newly_turned` marks the
 *   moment in the trace; the state itself is derived from turn numbers, never stored.
 */
import type { Ctx } from "../core/index.ts";
import { battlefield, cardDef, cardName, emit, hasRule, isNewlyTurned, keptFromReadying, writeCard } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import type { Mechanic } from "../core/mechanics.ts";
import { registerAttackCheck } from "./combat-damage.ts";
import type { PlayerId } from "../state/state.ts";


/** Does Newly Turned stop this kind of act ("attack", "activate", "block")? */
export function newlyTurnedStops(ctx: Ctx, act: string): boolean {
  return ctx.rules.words("newly_turned_blocks").has(act);
}

registerNativeRule("renew", (ctx, frame, _amount, _players, _targets, source) => {
  const { state, rules } = ctx;
  const skip = rules.param("overexhaust_reading", "") === "skip_next_renew";
  const renewed: string[] = [];
  for (const id of battlefield(ctx, state.active)) {
    if (keptFromReadying(ctx, id, source)) continue;
    const card = writeCard(ctx, id)!;
    if (card.overexhausted && skip) {
      card.overexhausted = false;
      emit(ctx, "modify", `${cardName(ctx, id)} stays exhausted (it was Overexhausted)`, { card: id, name: cardName(ctx, id), player: card.controller, source });
    } else if (card.exhausted || card.overexhausted) {
      card.exhausted = false;
      card.overexhausted = false;
      renewed.push(id);
    }
  }
  if (renewed.length) emit(ctx, "modify", `${state.active} renews ${renewed.map((id) => cardName(ctx, id)).join(", ")}`, { player: state.active, source: source ?? frame.source });
  return "done";
});

registerNativeRule("end_newly_turned", (ctx, frame, _amount, _players, _targets, source) => {
  emit(ctx, "modify", `${ctx.state.active}'s creatures are no longer Newly Turned`, { player: ctx.state.active, source: source ?? frame.source });
  return "done";
});

// Declared attackers (runtime/mechanics/combat-damage.ts): Newly Turned creatures can't attack.
registerAttackCheck(
  (ctx, id) => !(ctx.rules.param("newly_turned_types", "") !== "" && newlyTurnedStops(ctx, "attack") && isNewlyTurned(ctx, id)),
  "summoning_sick",
  (ctx, id) => `${cardName(ctx, id)} is Newly Turned: it cannot attack until your next Renew phase`,
);

export const newlyTurnedMechanic: Mechanic = {
  name: "newly-turned",
  applies: (rules) => rules.param("newly_turned_types", "") !== "",
  refine(ctx, action) {
    if (action.type !== "activate" || !newlyTurnedStops(ctx, "activate")) return null;
    if (!isNewlyTurned(ctx, action.card)) return null;
    // Only abilities whose cost exhausts the card itself are "Exhaust/Overexhaust abilities"; Newly Turned stops every activation.
    return { code: "summoning_sick", message: `${cardName(ctx, action.card)} is Newly Turned: it cannot activate abilities until your next Renew phase` };
  },
};
