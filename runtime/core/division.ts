/**
 * Damage divided among targets ("Deal 3 damage divided as you choose among one, two or three targets"): the controller
 * divides the amount among the targets chosen, at least 1 each, as the targets are chosen (the slots' `divides`,
 * compiler/ir.ts TargetSpec). The division is kept on the frame (`chosen["$divided"]`, "<card or player>=<amount>"), by
 * target rather than by slot, so it follows the targets into the frames that resolve them; a target no longer legal as
 * the step resolves keeps its share: it is dealt to no one, never moved to another target.
 */
import type { TargetSpec } from "../../compiler/ir.ts";
import type { Frame, TargetValue } from "../state/state.ts";
import { type Ctx, cardName, emit } from "./cards.ts";

export const DIVISION = "$divided";

/** The key a target's share is kept under. */
export const shareKey = (t: TargetValue): string => ("card" in t ? t.card : t.player);

/** Each chosen target's share, if the division was made. */
export function divisionOf(frame: Frame): Map<string, number> | undefined {
  const recorded = frame.chosen[DIVISION];
  if (!recorded) return undefined;
  return new Map(recorded.map((r) => [r.slice(0, r.lastIndexOf("=")), Number(r.slice(r.lastIndexOf("=") + 1))]));
}

/**
 * Divides `total` among `targets` (the values chosen for one divided phrase, in order), asking the controller for each
 * but the last (the last takes what is left; a target with no room for more than 1 takes 1). Returns "wait" while a
 * choice is pending: `parked` when the frame is being targeted (the answer reaches it through `state.targeting`), else
 * the frame on top of the resolution stack asks.
 */
export function askDivision(ctx: Ctx, frame: Frame, total: number, targets: readonly TargetValue[], parked: boolean): "ready" | "wait" {
  const recorded = (frame.chosen[DIVISION] ??= []);
  const shareOf = (t: TargetValue) => recorded.find((r) => r.startsWith(`${shareKey(t)}=`));
  let rest = total - targets.reduce((sum, t) => sum + (shareOf(t) ? Number(shareOf(t)!.slice(shareOf(t)!.lastIndexOf("=") + 1)) : 0), 0);
  for (const [i, target] of targets.entries()) {
    if (shareOf(target) !== undefined) continue;
    const name = "card" in target ? cardName(ctx, target.card) : target.player;
    const left = targets.length - i;
    // Each target after this one takes at least 1.
    const most = rest - (left - 1);
    let amount: number | undefined;
    if (left === 1) amount = rest;
    else if (most <= 1) amount = 1;
    else if (frame.answer) {
      amount = Math.min(most, Math.max(1, Number(frame.answer[0]) + 1 || 1));
      delete frame.answer;
    }
    if (amount === undefined) {
      const modes = Array.from({ length: most }, (_, n) => `${n + 1} damage to ${name}`);
      ctx.state.pending = { kind: "mode", player: frame.controller, modes, amounts: modes.map((_, n) => n + 1), prompt: `divide ${total} damage: how much to ${name}?`, ...(parked ? { divide: true as const } : { frame: ctx.state.frames.length - 1 }) };
      return "wait";
    }
    recorded.push(`${shareKey(target)}=${amount}`);
    rest -= amount;
    emit(ctx, "choice", `${frame.controller} divides ${amount} of ${total} damage to ${name}`, { player: frame.controller, amount, ...("card" in target ? { card: target.card } : {}) });
  }
  return "ready";
}

/** The division of every divided phrase among `specs` (slots of one phrase share a `group`), as the targets are chosen. */
export function divideAmongTargets(ctx: Ctx, frame: Frame, specs: readonly TargetSpec[]): "ready" | "wait" {
  const phrases = new Map<string, { total: number; targets: TargetValue[] }>();
  for (const [slot, spec] of specs.entries()) {
    if (spec.divides === undefined) continue;
    const phrase = phrases.get(spec.group ?? `slot ${slot}`) ?? { total: spec.divides, targets: [] };
    phrase.targets.push(...(frame.targets[slot] ?? []));
    phrases.set(spec.group ?? `slot ${slot}`, phrase);
  }
  for (const { total, targets } of phrases.values()) if (targets.length > 0 && askDivision(ctx, frame, total, targets, true) === "wait") return "wait";
  return "ready";
}
