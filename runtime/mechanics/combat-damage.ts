/**
 * Damage combat (`param combat_model = damage`): the phase steps `declare_attackers`,
 * `declare_blockers` and `combat_damage` (with `priority` steps between them, runtime/models/chain.ts),
 * driven by the game file:
 * - attackers: the active player's ready creatures (`creature_card_type`) that did not enter this
 *   turn (unless an `ignores_summoning_sickness` rule applies) and can attack; attacking exhausts
 *   them when `attacking_exhausts`. Declaring is one choice of any number of them.
 * - blockers: the defending player picks, attacker by attacker, any number
 *   (`blockers_per_attacker`) of creatures that can block (`block_requires = ready`: not
 *   exhausted), each blocking at most `attackers_per_blocker` attackers; an attacker with a
 *   `blockable_only_by_flying` rule (Flying) is blocked only by creatures that have it.
 * - damage, simultaneous: an unblocked attacker deals its attack to the defending player (the
 *   Armor-like pool first: core `damagePlayer`); a blocked one divides its attack among its
 *   blockers as its controller chooses (`blocked_damage_assignment = attacker_chooses`: one choice
 *   per blocker but the last, which takes the rest) and deals nothing to the player
 *   (`excess_combat_damage = false`) unless an `overflow_to_player` rule applies (Overwhelm: each
 *   blocker is assigned its remaining defense — a Deadly attacker's too, as 16.1 reads it for a Weapon — the rest
 *   reaches the player); each blocker deals
 *   its attack to the attacker. Lethal damage destroys (core state check); damage stays marked
 *   until the `remove_damage` phase step.
 * - Deadly (`destroys_creature_on_any_damage` on the source): any damage it deals to a creature
 *   is lethal.
 * - "The first time this would be destroyed each turn, it remains ... with 1 defense instead" is a
 *   replacement effect like any other (core/replacements.ts; its `remain` step sets the remaining defense).
 */
import type { SourceRef } from "../../compiler/ir.ts";
import type { Action, Refusal } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import { abilityActive, addModifier, battlefield, cardDef, cardName, damageCard, damagePlayer, emit, exhaustCard, hasRule, keptFromReadying, keywordsOf, markAttacked, noteEvent, readingStill, ruleAmount, statOf, writeCard } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import { destroyLethalDamage } from "../core/settle.ts";
import { endEffectsMadeFor } from "../core/replacements.ts";
import { endPlayerRules } from "../core/player-rules.ts";
import { initiate } from "../models/chain.ts";
import { perGame } from "../core/per-game.ts";
import { endsWithThisTurn } from "../state/state.ts";
import { numberParam } from "../core/rules.ts";
import type { Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import type { Frame, GameState, PlayerId } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";
import { isCreature } from "./weapons.ts";

export interface BattleState {
  attacker: PlayerId;
  attackers: string[];
  /** Attacker → its blockers (absent: not blocked). */
  blocks: Record<string, string[]>;
}

const attackStat = (rules: Rules): string => rules.param("power_stat", "attack");
const toughnessStat = (rules: Rules): string => rules.param("toughness_stat", rules.param("creature_damage_threshold", "defense"));

function askDeclaration(ctx: Ctx, frame: Frame, player: PlayerId, options: string[], min: number, max: number, prompt: string): string[] | "wait" {
  if (frame.answer) {
    const answer = frame.answer;
    delete frame.answer;
    return answer;
  }
  if (options.length === 0) return [];
  ctx.state.pending = { kind: "cards", player, options, min, max: Math.min(max, options.length), prompt, frame: ctx.state.frames.length - 1 };
  return "wait";
}

/**
 * The combat declaration a state waits for, if any: the active player's attackers, or the defending player's blockers
 * for one attacker (asked attacker by attacker, in the order they were declared). Read by the scenario runner, which
 * lets a scenario write a declaration as `p1 attack p2 with "A"` / `p2 block "A" with "B"` lines.
 */
export function combatDeclaration(state: GameState, battlefieldZone: string): { kind: "attackers"; player: PlayerId } | { kind: "blockers"; player: PlayerId; attacker: string } | null {
  const pending = state.pending;
  if (pending?.kind !== "cards" || pending.frame === undefined) return null;
  const frame = state.frames[pending.frame];
  const step = frame?.steps[frame.pc];
  if (step?.op !== "rule") return null;
  if (step.rule === "declare_attackers") return { kind: "attackers", player: pending.player };
  if (step.rule !== "declare_blockers" || !state.battle) return null;
  // As declare_blockers walks them: the declared attackers still on the battlefield.
  const attackers = state.battle.attackers.filter((id) => state.cards[id]?.zone === battlefieldZone);
  const attacker = attackers[Number(frame!.chosen["$attacker"]?.[0] ?? 0)];
  return attacker ? { kind: "blockers", player: pending.player, attacker } : null;
}

function endCombat(ctx: Ctx, frame: Frame): "done" {
  ctx.state.battle = null;
  frame.pc = frame.steps.length - 1;
  return "done";
}

type AttackCheck = { allows: (ctx: Ctx, id: string) => boolean; code: string; why: (ctx: Ctx, id: string) => string };
const attackChecks: AttackCheck[] = [];
/**
 * Lets a game module forbid attacks by its own rule (`allows` false = this card can't attack now), e.g. "Newly Turned";
 * `code` and `why` are the refusal of a declaration naming such a card.
 */
export function registerAttackCheck(allows: AttackCheck["allows"], code: string, why: AttackCheck["why"]): void {
  attackChecks.push({ allows, code, why });
}

/**
 * Why a card may not be declared as an attacker now, as a refusal (`null`: it may): read by canAttack, and by the scenario
 * runner for a line `p1 attack p2 with "X" refused summoning_sick` at a declaration of attackers, where the card is
 * simply not offered.
 */
export function attackRefusal(ctx: Ctx, id: string): { code: string; message: string } | null {
  const { state, rules } = ctx;
  const card = state.cards[id]!;
  if (!isCreature(ctx, id)) return { code: "cannot_attack", message: `${cardName(ctx, id)} is not a creature` };
  if (card.exhausted || card.overexhausted) return { code: "exhausted", message: `${cardName(ctx, id)} is exhausted` };
  const haste = hasRule(ctx, id, "ignores_summoning_sickness") || hasRule(ctx, id, "ignores_newly_turned");
  if (rules.param("summoning_sickness", true) && card.enteredTurn === state.turn && !haste) return { code: "summoning_sick", message: `${cardName(ctx, id)} entered play this turn and cannot attack yet` };
  if (hasRule(ctx, id, "cannot_attack_or_block") || hasRule(ctx, id, "cant_attack")) return { code: "cannot_attack", message: `${cardName(ctx, id)} can't attack${cantWhy(ctx, id, ["cannot_attack_or_block", "cant_attack"])}` };
  const barred = attackChecks.find((check) => !check.allows(ctx, id));
  return barred ? { code: barred.code, message: barred.why(ctx, id) } : null;
}

/**
 * What keeps a card from attacking or blocking (`rules`), said after "can't attack" / "can't block": a keyword it has that names the rule (a Pacified card:
 * Chromatic's `keyword action Pacify = rule cannot_attack_or_block`), or the card whose effect said so for a while
 * ("It can't attack this turn"). Empty where neither is found (a static of a card in play, a player restriction).
 */
function cantWhy(ctx: Ctx, id: string, rules: string[]): string {
  const has = keywordsOf(ctx, id);
  const keyword = ctx.rules.game.keywords.find((k) => k.rule && rules.includes(k.rule) && has.has(k.name.toLowerCase()));
  if (keyword) return ` (${keyword.name})`;
  const effect = ctx.state.modifiers.find((m) => m.card === id && m.rules?.some((r) => rules.includes(r.rule)));
  return effect?.sourceCard ? ` (${cardName(ctx, effect.sourceCard)}'s effect says so)` : "";
}

export function canAttack(ctx: Ctx, id: string): boolean {
  return attackRefusal(ctx, id) === null;
}

export function canBlock(ctx: Ctx, blocker: string, attacker: string): boolean {
  return blockRefusal(ctx, blocker, attacker) === null;
}

/**
 * Why a card may not block an attacker, as a refusal (`null`: it may): read by canBlock, and by the scenario runner for a
 * line `p2 block "A" with "B" refused exhausted` — at a declaration of blockers, where B is simply not offered, or where
 * the engine asked no declaration because none of p2's creatures could block.
 */
export function blockRefusal(ctx: Ctx, blocker: string, attacker: string): { code: string; message: string } | null {
  const { state, rules } = ctx;
  const card = state.cards[blocker]!;
  if (!isCreature(ctx, blocker)) return { code: "cannot_block", message: `${cardName(ctx, blocker)} is not a card that blocks` };
  // `ready`: exhausted creatures can't block.
  if (rules.param("block_requires", "ready") !== "any" && (card.exhausted || card.overexhausted)) return { code: "exhausted", message: `${cardName(ctx, blocker)} is ${card.overexhausted ? "overexhausted" : "exhausted"}, and an exhausted card can't block` };
  // "can't block creatures with Flying": a restriction about the attacker (its `by`), read with the attacker as actor.
  if (hasRule(ctx, blocker, "cannot_attack_or_block") || hasRule(ctx, blocker, "cant_block", { card: attacker, player: state.cards[attacker]!.controller }))
    return { code: "cannot_block", message: `${cardName(ctx, blocker)} can't block${hasRule(ctx, blocker, "cannot_attack_or_block") ? "" : ` ${cardName(ctx, attacker)}`}${cantWhy(ctx, blocker, ["cannot_attack_or_block", "cant_block"])}` };
  if (hasRule(ctx, attacker, "cant_be_blocked", { card: blocker, player: card.controller })) return { code: "cannot_block", message: `${cardName(ctx, attacker)} can't be blocked by ${cardName(ctx, blocker)}` };
  if (hasRule(ctx, attacker, "blockable_only_by_flying") && !hasRule(ctx, blocker, "blockable_only_by_flying")) {
    const keyword = rules.game.keywords.find((k) => k.rule === "blockable_only_by_flying")?.name;
    return { code: "cannot_block", message: `${cardName(ctx, attacker)} can be blocked only by a card with ${keyword ?? "its evasion"}, and ${cardName(ctx, blocker)} has none` };
  }
  return null;
}

/**
 * Of the creatures that can attack (`eligible`), those that must attack if able (rule `must_attack`: "This must attack each
 * turn if able"): declared attackers whatever their player picks besides them (declare_attackers). Read by the scenario
 * runner too, which refuses a declaration line that leaves one out (`p1 attacks with nothing` beside Berserk Ghoul).
 */
export function requiredAttackers(ctx: Ctx, eligible: readonly string[]): string[] {
  return readingStill(ctx, () => eligible.filter((id) => hasRule(ctx, id, "must_attack")));
}

/** The creatures `player` controls that can attack now (declare_attackers' eligible attackers). */
export function eligibleAttackers(ctx: Ctx, player: PlayerId): string[] {
  return readingStill(ctx, () => battlefield(ctx, player).filter((id) => canAttack(ctx, id)));
}

registerNativeRule("declare_attackers", (ctx, frame) => {
  const { state, rules } = ctx;
  const player = state.active;
  const eligible = eligibleAttackers(ctx, player);
  if (eligible.length === 0) {
    emit(ctx, "check", `${player} has no creature that can attack`, { player });
    return endCombat(ctx, frame);
  }
  // "This must attack each combat if able" (rule `must_attack`): an eligible creature with it attacks; the player declares
  // any number of the others beside it (asked nothing when there are none).
  const required = requiredAttackers(ctx, eligible);
  const free = required.length ? eligible.filter((id) => !required.includes(id)) : eligible;
  const names = required.map((id) => cardName(ctx, id)).join(", ");
  const picked = free.length ? askDeclaration(ctx, frame, player, free, 0, free.length, required.length ? `declare attackers besides ${names}, which must attack (any number, or none)` : "declare attackers (any number, or none)") : [];
  if (picked === "wait") return "wait";
  const chosen = required.length ? [...required, ...picked] : picked;
  if (chosen.length === 0) {
    emit(ctx, "action", `${player} declares no attackers`, { player });
    return endCombat(ctx, frame);
  }
  if (required.length) emit(ctx, "check", `${names} must attack if able`, { player });
  state.battle = { attacker: player, attackers: chosen, blocks: {} };
  const defender = opponentOf(state, player);
  for (const id of chosen) {
    markAttacked(ctx, id, player);
    emit(ctx, "attack", `${cardName(ctx, id)} attacks ${defender}`, { player, card: id, name: cardName(ctx, id) });
    if (rules.param("attacking_exhausts", true) && !hasRule(ctx, id, "attacks_without_exhausting")) exhaustCard(ctx, id);
  }
  // One declaration: "Whenever you attack" fires for it once (the attackers after the first are `again`).
  chosen.forEach((id, i) => noteEvent(ctx, "attacks", { card: id, player, defending: defender, attackers: chosen, ...(i > 0 ? { again: true } : {}) }));
  // Who acts first in the window after attackers (`priority_after_attackers`): `defender` (Chromatic 18: "After
  // attackers are declared, priority is passed to the defending player" — declaring is the attacker's action, so
  // it counts as their pass) or `attacker` (CYBERVAMP: "both players may play spells or activate abilities": the
  // attacking player acts first, then the defender; both must pass).
  frame.chosen["$priority"] = rules.param("priority_after_attackers", "defender") === "attacker" ? [player, "0"] : [defender, "1"];
  return "done";
});

/** The game's keywords whose rule is `blocks_up_to_n_attackers`, lower case (read once per game, not per blocker per attacker). */
const multiBlockKeywords = perGame((rules: Rules): string[] => rules.game.keywords.filter((k) => k.rule === "blocks_up_to_n_attackers").map((k) => k.name.toLowerCase()));

registerNativeRule("declare_blockers", (ctx, frame) => {
  const { state, rules } = ctx;
  const battle = state.battle;
  if (!battle) return endCombat(ctx, frame);
  const defender = opponentOf(state, battle.attacker);
  const attackers = battle.attackers.filter((id) => state.cards[id]?.zone === rules.zones.battlefield);
  const perAttacker = numberParam(rules, "blockers_per_attacker", Number.POSITIVE_INFINITY);
  const perBlocker = numberParam(rules, "attackers_per_blocker", 1);
  let index = Number(frame.chosen["$attacker"]?.[0] ?? 0);
  for (; index < attackers.length; index++) {
    const attacker = attackers[index]!;
    const used = (id: string) => Object.values(battle.blocks).filter((list) => list.includes(id)).length;
    // A keyword whose rule is `blocks_up_to_n_attackers` (Multi-block N) raises the blocker's limit.
    // "This can block any number of attackers." / "This can block an additional creature." (statics): no limit / one more.
    const limit = (id: string) =>
      hasRule(ctx, id, "blocks_any_number_of_attackers")
        ? Number.POSITIVE_INFINITY
        : Math.max(perBlocker, ...multiBlockKeywords(rules).map((name) => keywordsOf(ctx, id).get(name) ?? 0)) + (hasRule(ctx, id, "blocks_additional_attackers") ? ruleAmount(ctx, id, "blocks_additional_attackers") : 0);
    // Read only: each card's keywords and the statics in effect are worked out once for the scan (readingStill).
    const options = readingStill(ctx, () => battlefield(ctx, defender).filter((id) => canBlock(ctx, id, attacker) && used(id) < limit(id)));
    frame.chosen["$attacker"] = [String(index)];
    const chosen = askDeclaration(ctx, frame, defender, options, 0, perAttacker, `choose blockers for ${cardName(ctx, attacker)} (any number, or none)`);
    if (chosen === "wait") return "wait";
    if (chosen.length === 0) continue;
    battle.blocks[attacker] = chosen;
    for (const blocker of chosen) emit(ctx, "block", `${cardName(ctx, blocker)} blocks ${cardName(ctx, attacker)}`, { player: defender, card: blocker, name: cardName(ctx, blocker) });
  }
  delete frame.chosen["$attacker"];
  // A Multi-block creature blocks each of its attackers ("Whenever this blocks a creature": each), in one block ("Whenever
  // this blocks": once — the events after its first are `again`).
  const blocked = new Set<string>();
  for (const [attacker, blockers] of Object.entries(battle.blocks)) {
    for (const blocker of blockers) {
      noteEvent(ctx, "blocks", { card: blocker, player: defender, other: attacker, ...(blocked.has(blocker) ? { again: true } : {}) });
      blocked.add(blocker);
    }
    noteEvent(ctx, "blocked", { card: attacker, other: blockers[0], others: blockers });
  }
  // "After blockers are declared, the attacking player receives priority." Both must pass.
  frame.chosen["$priority"] = [battle.attacker, "0"];
  return "done";
});

/**
 * Remaining defense of a creature: what an Overwhelm attacker assigns it before the rest reaches the player — its
 * Defense whatever the attacker's Deadly says (16.1: "leftover damage beyond the creature's Defense", the one text on
 * Overwhelm's amount; a Weapon's fight reads the same, weapons.ts). Deadly then destroys it, however little it took.
 */
function remainingDefense(ctx: Ctx, id: string): number {
  return Math.max(0, statOf(ctx, id, toughnessStat(ctx.rules)) - ctx.state.cards[id]!.damage);
}

registerNativeRule("combat_damage", (ctx, frame) => {
  const { state, rules } = ctx;
  const battle = state.battle;
  if (!battle) return "done";
  const defender = opponentOf(state, battle.attacker);
  const inPlay = (id: string) => state.cards[id]?.zone === rules.zones.battlefield;
  const assigned = (frame.chosen["$assigned"] ??= []);
  const hits: { to: string | PlayerId; player: boolean; amount: number; from: string; overflow?: true }[] = [];
  for (const attacker of battle.attackers) {
    if (!inPlay(attacker)) continue;
    const power = statOf(ctx, attacker, attackStat(rules));
    const blockers = battle.blocks[attacker];
    if (!blockers) {
      hits.push({ to: defender, player: true, amount: power, from: attacker });
      continue;
    }
    const alive = blockers.filter(inPlay);
    for (const blocker of alive) hits.push({ to: attacker, player: false, amount: statOf(ctx, blocker, attackStat(rules)), from: blocker });
    // Overflow is "damage beyond the blockers' remaining defense": with every blocker gone that
    // is all of it, so this comes before the no-blocker-left check (a plain blocked attacker stays blocked).
    if (hasRule(ctx, attacker, "overflow_to_player")) {
      let rest = power;
      for (const blocker of alive) {
        const lethal = Math.min(rest, remainingDefense(ctx, blocker));
        hits.push({ to: blocker, player: false, amount: lethal, from: attacker });
        rest -= lethal;
      }
      // Past blockers (with none left, all of it): the overflow a "deals Breach damage" trigger sees. An unblocked hit is not.
      if (rest > 0) hits.push({ to: defender, player: true, amount: rest, from: attacker, overflow: true });
      continue;
    }
    if (alive.length === 0) continue;
    if (alive.length === 1 || rules.param("blocked_damage_assignment", "attacker_chooses") !== "attacker_chooses") {
      hits.push({ to: alive[0]!, player: false, amount: power, from: attacker });
      continue;
    }
    // The attacker's controller divides the damage: one choice per blocker but the last.
    let rest = power;
    for (let i = 0; i < alive.length; i++) {
      const blocker = alive[i]!;
      const key = `${attacker}|${blocker}|`;
      const done = assigned.find((a) => a.startsWith(key));
      let amount: number;
      if (done) amount = Number(done.slice(key.length));
      else if (i === alive.length - 1) amount = rest;
      else if (frame.answer) {
        amount = Math.min(rest, Number(frame.answer[0]));
        delete frame.answer;
        assigned.push(key + amount);
        emit(ctx, "choice", `${battle.attacker} assigns ${amount} of ${cardName(ctx, attacker)}'s damage to ${cardName(ctx, blocker)}`, { player: battle.attacker, card: blocker, name: cardName(ctx, blocker), amount });
      } else {
        const modes = Array.from({ length: rest + 1 }, (_, n) => `${n} damage to ${cardName(ctx, blocker)}`);
        state.pending = { kind: "mode", player: battle.attacker, modes, amounts: modes.map((_, n) => n), prompt: `assign ${cardName(ctx, attacker)}'s ${rest} remaining damage: how much to ${cardName(ctx, blocker)}?`, frame: state.frames.length - 1 };
        return "wait";
      }
      rest -= amount;
      hits.push({ to: blocker, player: false, amount, from: attacker });
    }
  }
  delete frame.chosen["$assigned"];
  emit(ctx, "check", "combat damage is dealt", { player: battle.attacker });
  for (const hit of hits) {
    if (hit.amount <= 0) continue;
    if (hit.player) damagePlayer(ctx, hit.to, hit.amount, hit.from, frame.source, true, hit.overflow === true);
    else damageCard(ctx, hit.to, hit.amount, hit.from, frame.source, true);
  }
  // What combat damage kills dies in the battle, attacking or blocking (the state check would destroy it after it ended).
  destroyLethalDamage(ctx);
  state.battle = null;
  return "done";
});

// ---------------------------------------------------------------------------------------------
// End of turn steps

registerNativeRule("remove_damage", (ctx) => {
  for (const player of ctx.state.order)
    for (const id of battlefield(ctx, player)) {
      const card = writeCard(ctx, id)!;
      card.damage = 0;
      card.damagedBy = undefined;
      card.lethalReplaced = undefined;
    }
  emit(ctx, "modify", "damage is removed from every creature");
  return "done";
});

registerNativeRule("expire_durations", (ctx) => {
  const before = ctx.state.modifiers.length;
  ctx.state.modifiers = ctx.state.modifiers.filter((m) => !endsWithThisTurn(m, ctx.state));
  if (ctx.state.modifiers.length !== before) emit(ctx, "modify", `"until end of turn" effects end (${before - ctx.state.modifiers.length})`);
  endEffectsMadeFor(ctx, (made) => endsWithThisTurn(made, ctx.state));
  endPlayerRules(ctx);
  return "done";
});

registerNativeRule("ready_permanents", (ctx, frame) => {
  if (!ctx.rules.param("ready_permanents_at_beginning", true)) return "done";
  for (const id of battlefield(ctx, frame.controller)) if (!keptFromReadying(ctx, id)) writeCard(ctx, id)!.exhausted = false;
  return "done";
});

// "Beginning-of-turn effects occur": abilities triggered by the phase's start ("At the start of your turn") were noted as it began.
registerNativeRule("beginning_effects", () => "done");

/**
 * "End-of-turn effects resolve, then the following happen in order": the end of the turn is raised
 * here ("At the end of your turn" abilities are noted now, not when the phase is left), and the
 * rest of the phase waits until their chains are done: it is put on the stack with both passes
 * already counted, so it resolves as soon as nothing else is left (no priority is given).
 */
registerNativeRule("end_of_turn_effects", (ctx, frame) => {
  const { state } = ctx;
  noteEvent(ctx, "phase_end", { player: state.active, phase: state.phase });
  state.phaseEndRaised = state.phase;
  const rest = frame.steps.slice(frame.pc + 1);
  if (rest.length === 0) return "done";
  initiate(ctx, { ...frame, steps: rest, pc: 0, label: `${state.phase}: after end-of-turn effects`, chosen: { ...frame.chosen } }, [], "ability", state.active, state.order.length);
  // This frame ends here, on this step (as a `priority` step's frame does): the statechart's steps
  // region reads the frame's last step as the phase's last step run, and the rest has not run yet.
  frame.steps = frame.steps.slice(0, frame.pc + 1);
  return "done";
});

// ---------------------------------------------------------------------------------------------
// Deadly

function cardDamaged(ctx: Ctx, id: string, amount: number, from: string | undefined): void {
  if (!from || amount <= 0 || !ctx.state.cards[from] || !hasRule(ctx, from, "destroys_creature_on_any_damage")) return;
  const card = writeCard(ctx, id)!;
  card.damage = Math.max(card.damage, statOf(ctx, id, toughnessStat(ctx.rules)));
}

function refine(ctx: Ctx, action: Action): Refusal | null {
  if (action.type === "attack") {
    // Named as the game file names it (Chromatic's Combat, CYBERVAMP's Battle).
    const phase = ctx.rules.game.phases.find((p) => p.steps.some((s) => s.op === "rule" && s.rule === "declare_attackers"))?.name ?? "combat";
    return { code: "cannot_attack", message: `creatures attack when the ${phase} phase declares attackers` };
  }
  return null;
}

export const combatDamageMechanic: Mechanic = {
  name: "combat-damage",
  applies: (rules) => rules.param("combat_model", "fight") === "damage",
  cardDamaged,
  refine,
};
