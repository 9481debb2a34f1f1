/**
 * When a mechanic's own moves may be made (a harvest, a Shatter, a weapon attack): in the player's
 * own turn, nothing waiting, in the phases a game parameter lists.
 */
import type { EngineParamName } from "../../compiler/contract.ts";
import type { Refusal } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import type { PlayerId } from "../state/state.ts";

const refuse = (code: Refusal["code"], message: string): Refusal => ({ code, message });

/** Is `phase` one of the phases a space-separated phase-list parameter names? */
export function inPhases(ctx: Ctx, param: EngineParamName): boolean {
  const list = String(ctx.rules.param(param, "")).toLowerCase().split(/\s+/).filter(Boolean);
  return list.length === 0 || list.includes(ctx.state.phase.toLowerCase());
}

/**
 * The refusal for a main-phase move by `player` now, or null. Whose turn and which phase come before an open window: a
 * move its phase never allows is refused for that, not "pass or respond first" — passing would not make it legal
 * (session 39's Chromatic probe: `p1 switches "Ember Aura" to Blue` in p1's Combat phase, a window open, was refused
 * not_your_decision where `refused wrong_phase` was written).
 */
export function mainPhaseTiming(ctx: Ctx, player: PlayerId, phasesParam: EngineParamName): Refusal | null {
  const { state, rules } = ctx;
  if (state.pending) return refuse("choice_pending", `${state.pending.player} must first ${state.pending.prompt}`);
  if (player !== state.active) return refuse("not_your_turn", `it is ${state.active}'s turn`);
  if (!inPhases(ctx, phasesParam)) return refuse("wrong_phase", `not during the ${state.phase} phase (only ${String(rules.param(phasesParam, ""))})`);
  if (rules.model.windowOpen(state)) return refuse("not_your_decision", "something waits for priority: pass or respond first");
  return null;
}
