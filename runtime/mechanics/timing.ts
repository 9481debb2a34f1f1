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

/** The refusal for a main-phase move by `player` now, or null. */
export function mainPhaseTiming(ctx: Ctx, player: PlayerId, phasesParam: EngineParamName): Refusal | null {
  const { state, rules } = ctx;
  if (state.pending) return refuse("choice_pending", `${state.pending.player} must first ${state.pending.prompt}`);
  if (rules.model.windowOpen(state)) return refuse("not_your_decision", "something waits for priority: pass or respond first");
  if (player !== state.active) return refuse("not_your_turn", `it is ${state.active}'s turn`);
  if (!inPhases(ctx, phasesParam)) return refuse("wrong_phase", `not during the ${state.phase} phase (only ${String(rules.param(phasesParam, ""))})`);
  return null;
}
