/**
 * Engine rules that keywords of a game file name (`keyword ability Shroud = rule cannot_be_targeted`),
 * for the readings docs/games records:
 * - `cannot_be_targeted` (Shroud): no spell or ability of any player may target the card.
 * - `opponents_must_target_taunt` (Taunt): an opponent's spell or ability that targets a card its
 *   controller controls must target one with this rule when it can (Weapon attacks are not
 *   targeted spells or abilities, so neither rule limits them).
 * - `play_with_priority_and_redirect` (Ambush): the card may be played whenever its player has
 *   priority, even on an opponent's turn; if it enters while an attack aimed at its controller
 *   waits for priority, it becomes that attack's target (runtime/mechanics/weapons.ts `redirectAttacks`).
 * - `remove_all_abilities` (Silence N): the target loses every printed ability (Base, Facet,
 *   keyword) for as long as it stays in play — a lasting modifier carrying the keyword's name —
 *   or for the duration its card says ("Silence target creature until end of turn").
 * - `cannot_attack_or_block` (Pacify): the target can't attack or block (a Weapon can't attack) for
 *   as long as it stays in play — a lasting modifier granting the keyword, which names the rule —
 *   or for the duration its card says.
 * Each applies only to games whose keywords name it; `remove_all_abilities` also where a card's own effect uses the rule
 * ("Target unit loses all abilities until end of turn." in a game with no keyword for it: the same modifier, named by the rule).
 */
import type { CardRuleName, NativeRuleName } from "../../compiler/contract.ts";
import { walkSteps, type Ability, type Step, type TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import { addModifier, cardDef, hasRule } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import type { Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import type { PlayerId } from "../state/state.ts";

const SHROUD: CardRuleName = "cannot_be_targeted";
const TAUNT: CardRuleName = "opponents_must_target_taunt";
const AMBUSH: CardRuleName = "play_with_priority_and_redirect";
const SILENCE: NativeRuleName = "remove_all_abilities";
const PACIFY: CardRuleName & NativeRuleName = "cannot_attack_or_block";

/** The game's keyword named by a rule (the modifier that marks its lasting effect carries that name). */
const keywordFor = (ctx: Ctx, rule: string): string | undefined => ctx.rules.game.keywords.find((k) => k.rule === rule)?.name;

for (const rule of [SILENCE, PACIFY]) {
  registerNativeRule(rule, (ctx, frame, _amount, _players, targets, source, named) => {
    const name = keywordFor(ctx, rule) ?? rule;
    for (const t of targets) {
      if (!("card" in t) || ctx.state.cards[t.card]?.zone !== ctx.rules.zones.battlefield) continue;
      addModifier(ctx, t.card, {}, [{ name }], named.duration?.kind ?? "permanent", frame.controller, frame.card, source);
    }
    return "done";
  });
}

/** A Silenced card's printed abilities are all off (checked on its modifiers: no ability lookup, no recursion). */
function abilityActive(ctx: Ctx, card: string, ability: Ability): boolean {
  // The modifier the rule gives carries the game's keyword for it, or the rule's own name (as the rule step names it).
  const silence = (keywordFor(ctx, SILENCE) ?? SILENCE).toLowerCase();
  if (!ctx.state.modifiers.some((m) => m.card === card && m.keywords.some((k) => k.name.toLowerCase() === silence))) return true;
  const instance = ctx.state.cards[card];
  return !instance || !cardDef(ctx, instance).abilities.includes(ability);
}

// (Shroud itself is the core's `cannot_be_targeted` check, made before this hook with the targeting actor.)
function targetAllowed(ctx: Ctx, _spec: TargetSpec, controller: PlayerId, card: string, options: string[]): boolean {
  const owner = ctx.state.cards[card]?.controller;
  if (!owner || owner === controller || ctx.state.cards[card]!.zone !== ctx.rules.zones.battlefield || hasRule(ctx, card, TAUNT)) return true;
  // "Must target one with Taunt if able": another option of the same player with Taunt that can be targeted.
  return !options.some((o) => o !== card && ctx.state.cards[o]?.controller === owner && hasRule(ctx, o, TAUNT) && !hasRule(ctx, o, SHROUD));
}

/** Does an effect of some card of the game run the rule itself ("loses all abilities": `rule` steps, not a keyword's)? */
function cardsUseRule(rules: Rules, rule: NativeRuleName): boolean {
  let used = false;
  const visit = (step: Step) => (used ||= step.op === "rule" && step.rule === rule);
  for (const card of rules.cards.values()) for (const ability of card.abilities) walkSteps([...ability.steps, ...(ability.replacement?.steps ?? [])], visit);
  return used;
}

export const keywordRulesMechanic: Mechanic = {
  name: "keyword-rules",
  applies: (rules) => rules.game.keywords.some((k) => ([SHROUD, TAUNT, AMBUSH, SILENCE, PACIFY] as string[]).includes(k.rule ?? "")) || cardsUseRule(rules, SILENCE),
  abilityActive,
  targetAllowed,
  anyTime: (ctx, card) => hasRule(ctx, card, AMBUSH),
};
