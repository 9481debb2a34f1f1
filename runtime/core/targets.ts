/** Target legality: what a target spec accepts now, and whether a chosen target is still legal. */
import type { Step, TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "./cards.ts";
import { evalCondition, hasRule, matchesSelector, selectCards, withX, type RuleActor } from "./values.ts";
import { cardDef, isPermanent } from "./cards.ts";
import { mechanicsOf } from "./mechanics.ts";
import type { Frame, PlayerId, TargetValue } from "../state/state.ts";

/**
 * Does a stack item fizzle as it resolves: its chosen targets checked one by one (a slot with none chosen, or with no
 * target spec, has none to lose). `fizzle_when = any_target_illegal`: one illegal target is enough; otherwise every
 * target must be gone ("up to two target creatures" with one destroyed still has a legal target). Read by every
 * response model that resolves targeted items (stack, chain).
 */
export function fizzles(ctx: Ctx, frame: Pick<Frame, "targets" | "controller" | "card" | "x">, targetSpecs: readonly (TargetSpec | undefined)[]): boolean {
  // "with power X or less": checked with the X the card was played with (the frame's).
  const slots = frame.targets.map((slot, i) => ({ slot, spec: targetSpecs[i] && withX(targetSpecs[i]!, frame.x) })).filter((s) => s.spec && s.slot.length > 0);
  if (slots.length === 0) return false;
  const illegal = slots.flatMap(({ slot, spec }) => slot.map((t) => !targetStillLegal(ctx, spec!, t, frame.controller, frame.card)));
  return ctx.rules.param("fizzle_when", "all_targets_illegal") === "any_target_illegal" ? illegal.some(Boolean) : illegal.every(Boolean);
}

/** What `spec` may take now; `taken`: values earlier slots of the same phrase already hold ("up to two target creatures" are two different ones). */
export function legalTargetOptions(ctx: Ctx, spec: TargetSpec, controller: PlayerId, selfCard: string | undefined, taken: TargetValue[] = []): TargetValue[] {
  const out = legalTargetOptionsAll(ctx, spec, controller, selfCard);
  return taken.length ? out.filter((o) => !taken.some((t) => sameTarget(t, o))) : out;
}

function legalTargetOptionsAll(ctx: Ctx, spec: TargetSpec, controller: PlayerId, selfCard: string | undefined): TargetValue[] {
  const out: TargetValue[] = [];
  if (spec.accepts !== "player") {
    const cards = selectCards(ctx, spec.cards ?? {}, controller, selfCard);
    // Mechanics hook: targeting restrictions of the game (Shroud, Taunt).
    const mechanics = mechanicsOf(ctx.rules).filter((m) => m.targetAllowed);
    const actor = targetingActor(ctx, controller, selfCard);
    for (const card of cards) if (!hasRule(ctx, card, "cannot_be_targeted", actor) && mechanics.every((m) => m.targetAllowed!(ctx, spec, controller, card, cards))) out.push({ card });
  }
  if (spec.accepts !== "card") {
    for (const player of ctx.state.order) {
      const who = spec.players ?? "any";
      if ((who === "any" || (who === "you") === (player === controller)) && playerMeets(ctx, spec, player, controller, selfCard)) out.push({ player });
    }
  }
  return out;
}

export function targetStillLegal(ctx: Ctx, spec: TargetSpec, target: TargetValue, controller: PlayerId, selfCard: string | undefined): boolean {
  if ("player" in target) return spec.accepts !== "card" && !ctx.state.players[target.player]!.lost && playerMeets(ctx, spec, target.player, controller, selfCard);
  if (spec.accepts === "player") return false;
  // A target that can no longer be targeted (it gained "can't be targeted by ...") is illegal too.
  return matchesSelector(ctx, target.card, spec.cards ?? {}, controller, selfCard) && !hasRule(ctx, target.card, "cannot_be_targeted", targetingActor(ctx, controller, selfCard));
}

/** "Target player who has more life than you": the player meets the slot's condition (TargetSpec.playersWith), read with it acting. */
function playerMeets(ctx: Ctx, spec: TargetSpec, player: PlayerId, controller: PlayerId, selfCard: string | undefined): boolean {
  return !spec.playersWith || evalCondition(ctx, { controller, card: selfCard, acting: player, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, spec.playersWith);
}

/** Who targets: the player, and a spell (a card that is not a permanent) or an ability (of a permanent, or of the game's rules). */
export function targetingActor(ctx: Ctx, controller: PlayerId, selfCard: string | undefined): RuleActor {
  const card = selfCard ? ctx.state.cards[selfCard] : undefined;
  const kind = card && !isPermanent(ctx, cardDef(ctx, card)) ? "spell" : "ability";
  return { player: controller, kind, ...(selfCard ? { card: selfCard } : {}) };
}

export const sameTarget = (a: TargetValue, b: TargetValue): boolean =>
  ("card" in a && "card" in b && a.card === b.card) || ("player" in a && "player" in b && a.player === b.player);

/**
 * The slots of `specs` a choice of `mode` uses: a slot of another mode of the same "Choose one —" stays empty
 * (closed); with no mode chosen (a mode asked as it resolves), every slot is open.
 */
export function inMode(spec: TargetSpec, mode: number | undefined): boolean {
  return mode === undefined || spec.mode === undefined || spec.mode === mode;
}

export { wholeModal } from "../../compiler/ir.ts";

/**
 * Values slot `index` may not take because earlier slots hold them: the earlier slots of its phrase (`group`: "two
 * target creatures" are two different ones) and, for "another target ...", the ability's slots before it.
 */
export function takenEarlier(specs: TargetSpec[], slots: readonly (readonly TargetValue[])[], index: number): TargetValue[] {
  const spec = specs[index];
  const group = spec?.group;
  const from = index - (spec?.differsFromPrevious ?? 0);
  return slots.flatMap((slot, i) => (i < index && (i >= from || (group !== undefined && specs[i]?.group === group)) ? slot : []));
}

/**
 * A flat list of chosen targets (a play or activation action) given to the slots of `specs`, in order.
 * A required slot (min 1) takes the next value; a slot that may stay empty ("up to two target ...")
 * takes it only when it is legal there, not already taken by its phrase, and enough values remain
 * for the required slots after it. Returns the slots, or why the list does not fit.
 */
export function assignTargets(ctx: Ctx, specs: TargetSpec[], values: TargetValue[], controller: PlayerId, selfCard: string | undefined, mode?: number): TargetValue[][] | { code: "no_legal_target" | "wrong_target_count" | "illegal_target"; message: string } {
  const slots: TargetValue[][] = [];
  let next = 0;
  const fits = (spec: TargetSpec, value: TargetValue, index: number) => targetStillLegal(ctx, spec, value, controller, selfCard) && !takenEarlier(specs, slots, index).some((t) => sameTarget(t, value));
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i]!;
    const value = values[next];
    if (!inMode(spec, mode)) {
      slots.push([]);
      continue;
    }
    if (spec.min > 0) {
      if (legalTargetOptions(ctx, spec, controller, selfCard, takenEarlier(specs, slots, i)).length === 0) return { code: "no_legal_target", message: `there is no legal choice for ${spec.text}` };
      if (!value) return { code: "wrong_target_count", message: `this needs a target for ${spec.text}` };
      if (!fits(spec, value, i)) return { code: "illegal_target", message: `${"card" in value ? value.card : value.player} is not a legal choice for ${spec.text}` };
      slots.push([value]);
      next++;
      continue;
    }
    const requiredAfter = specs.slice(i + 1).filter((s) => s.min > 0 && inMode(s, mode)).length;
    const skippedInGroup = spec.group !== undefined && specs.some((s, j) => j < i && s.group === spec.group && slots[j]!.length === 0);
    if (value && !skippedInGroup && values.length - next - 1 >= requiredAfter && fits(spec, value, i)) {
      slots.push([value]);
      next++;
    } else slots.push([]);
  }
  if (next !== values.length) {
    const left = values[next]!;
    if (slots.some((slot) => slot.some((t) => sameTarget(t, left)))) return { code: "illegal_target", message: `${"card" in left ? left.card : left.player} is chosen twice` };
    return { code: "wrong_target_count", message: `${values.length} target(s) given, ${next} used` };
  }
  return slots;
}
