/**
 * Weapons and the Armor pool (sections 4.4, 5, 15.1, 16.1 of Chromatic Battlelines), driven by
 * the game file:
 * - a card of the type `weapon_card_type` is wielded by its controller; at most `max_weapons`: a
 *   new one destroys the one wielded longest (`new_weapon_destroys_old`; a real destruction, so Entomb
 *   fires) before it enters — with `new_weapon_destroys_old = false` a new one cannot be played while
 *   the maximum is wielded (`slot_full`); entering adds its `armor` stat to the pool `damage_absorbed_by`.
 * - damage to a player takes the pool first (core `damagePlayer`); when the pool reaches 0 a
 *   wielded weapon is destroyed in the same event (`armor_zero_destroys_weapon`); life loss
 *   bypasses the pool (core `loseLife`); the pool is never restored at the End Phase.
 * - a weapon attack (the move `attack`; `weapon_attacks_per_turn` per turn, in `weapon_attack_phases`, allowed the
 *   turn it entered) exhausts the weapon; it must target an opposing creature when there is one
 *   (`weapon_must_target_creature`; targeting restrictions such as Shroud and Taunt do not apply);
 *   it waits for priority when `priority_actions` lists `weapon_attack`; then the weapon and the
 *   creature deal damage at the same time (the creature's to the wielder, `weapon_fight_retaliation`).
 *   Keywords on the weapon apply: a `destroys_creature_on_any_damage` rule (Deadly), an
 *   `overflow_to_player` rule (Overwhelm: damage beyond the creature's remaining defense reaches
 *   its controller), and triggered keywords such as Lifelink through the ordinary trigger path.
 */
import type { EngineParamName } from "../../compiler/contract.ts";
import type { SourceRef } from "../../compiler/ir.ts";
import type { Action, Refusal } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import { battlefield, cardDef, cardName, damageCard, damagePlayer, destroy, emit, exhaustCard, hasRule, markAttacked, noteAttack, noteEvent, statOf, writeCard } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import { numberParam } from "../core/rules.ts";
import { mainPhaseTiming } from "./timing.ts";
import type { GameMove, Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import type { Frame, PlayerId, TargetValue } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";

const refuse = (code: Refusal["code"], message: string): Refusal => ({ code, message });

const ofType = (ctx: Ctx, id: string, param: EngineParamName, fallback: string): boolean => {
  const card = ctx.state.cards[id];
  return !!card && cardDef(ctx, card).cardType.toLowerCase() === ctx.rules.param(param, fallback).toLowerCase();
};
export const isWeapon = (ctx: Ctx, id: string): boolean => ofType(ctx, id, "weapon_card_type", "Weapon");
export const isCreature = (ctx: Ctx, id: string): boolean => ofType(ctx, id, "creature_card_type", "Creature");

export const armorPool = (rules: Rules): string => rules.param("damage_absorbed_by", "");
const attackStat = (rules: Rules): string => rules.param("power_stat", "attack");
const toughnessStat = (rules: Rules): string => rules.param("toughness_stat", rules.param("creature_damage_threshold", "defense"));

export function wielded(ctx: Ctx, player: PlayerId): string[] {
  return battlefield(ctx, player).filter((id) => isWeapon(ctx, id));
}

/** A weapon is about to enter under `player`: the old one goes first, then its armor joins the pool. */
export function weaponEnters(ctx: Ctx, id: string, player: PlayerId, source: SourceRef | undefined): void {
  const { rules, state } = ctx;
  if (!isWeapon(ctx, id)) return;
  const max = numberParam(rules, "max_weapons", 1);
  const held = wielded(ctx, player);
  if (held.length >= max && rules.param("new_weapon_destroys_old", true)) {
    for (const old of held.slice(0, held.length - max + 1)) {
      emit(ctx, "check", `${player} may wield only ${max} Weapon${max === 1 ? "" : "s"}: ${cardName(ctx, old)} is replaced`, { player, card: old, name: cardName(ctx, old), source });
      destroy(ctx, old, source);
    }
  }
  const pool = armorPool(rules);
  if (!pool) return;
  const amount = cardDef(ctx, state.cards[id]!).stats[pool.toLowerCase()] ?? 0;
  if (amount <= 0) return;
  const p = state.players[player]!;
  p.resources[pool] = (p.resources[pool] ?? 0) + amount;
  emit(ctx, "resource", `${cardName(ctx, id)} adds ${amount} ${pool} to ${player}'s pool (now ${p.resources[pool]})`, { player, card: id, name: cardName(ctx, id), amount, source });
}

/** An Ambush card entered: an attack aimed at its controller that waits for priority now targets it instead. */
export function redirectAttacks(ctx: Ctx, id: string): void {
  const { state } = ctx;
  const card = state.cards[id];
  if (!card || !hasRule(ctx, id, "play_with_priority_and_redirect")) return;
  for (const item of state.stack) {
    const step = item.frame.steps[0];
    const target = item.frame.targets[0]?.[0];
    if (step?.op !== "rule" || step.rule !== "weapon_fight" || !target || !("player" in target) || target.player !== card.controller) continue;
    item.frame.targets = [[{ card: id }]];
    emit(ctx, "choice", `${cardName(ctx, id)} ambushes: it becomes the target of ${item.frame.label}`, { player: card.controller, card: id, name: cardName(ctx, id) });
  }
}

function poolDepleted(ctx: Ctx, player: PlayerId, pool: string, source: SourceRef | undefined): void {
  if (pool !== armorPool(ctx.rules) || !ctx.rules.param("armor_zero_destroys_weapon", true)) return;
  for (const id of wielded(ctx, player)) {
    emit(ctx, "check", `${player}'s ${pool} is reduced to 0: ${cardName(ctx, id)} is destroyed`, { player, card: id, name: cardName(ctx, id), source });
    destroy(ctx, id, source);
  }
}

// ---------------------------------------------------------------------------------------------
// Weapon attacks

function weaponTargets(ctx: Ctx, player: PlayerId): TargetValue[] {
  const enemy = opponentOf(ctx.state, player);
  const creatures = battlefield(ctx, enemy).filter((id) => isCreature(ctx, id));
  if (creatures.length > 0 && ctx.rules.param("weapon_must_target_creature", true)) return creatures.map((card) => ({ card }));
  return [...creatures.map((card) => ({ card })), { player: enemy }];
}

function validateMove(ctx: Ctx, move: GameMove): Refusal | null | undefined {
  if (move.move !== "attack") return undefined;
  const { state, rules } = ctx;
  const timing = mainPhaseTiming(ctx, move.player, "weapon_attack_phases");
  if (timing) return timing;
  const card = move.card ? state.cards[move.card] : undefined;
  // The player's own creature: not this move's (a Weapon's), and a creature's attack is not made in a Main Phase at all.
  if (card && card.zone === rules.zones.battlefield && card.controller === move.player && !isWeapon(ctx, card.id) && isCreature(ctx, card.id))
    return refuse(
      "wrong_phase",
      `${cardName(ctx, card.id)} is a creature: creatures attack in the Combat Phase — end the Main Phase, then choose the attackers (${move.player} chooses "${cardName(ctx, card.id)}"); only a Weapon attacks in a Main Phase`,
    );
  if (!card || card.zone !== rules.zones.battlefield || card.controller !== move.player || !isWeapon(ctx, card.id)) return refuse("not_your_card", "attack with a Weapon you wield");
  if (card.exhausted) return refuse("exhausted", `${cardName(ctx, card.id)} is exhausted`);
  const limit = numberParam(rules, "weapon_attacks_per_turn", 1);
  if ((state.players[move.player]!.turnTally["weapon_attack"] ?? 0) >= limit) return refuse("limit_reached", `you may attack with a Weapon only ${limit} time${limit === 1 ? "" : "s"} per turn`);
  if (!rules.param("weapon_attack_on_entry_turn", true) && card.enteredTurn === state.turn) return refuse("summoning_sick", `${cardName(ctx, card.id)} entered play this turn`);
  if (hasRule(ctx, card.id, "cannot_attack_or_block") || hasRule(ctx, card.id, "cant_attack")) return refuse("cannot_attack", `${cardName(ctx, card.id)} can't attack`);
  const target = move.target;
  if (!target || !weaponTargets(ctx, move.player).some((t) => ("card" in t && "card" in target && t.card === target.card) || ("player" in t && "player" in target && t.player === target.player)))
    return refuse("illegal_target", "a Weapon attacks an opposing creature (the opposing player only when they have none)");
  return null;
}

function performMove(ctx: Ctx, move: GameMove): boolean {
  if (move.move !== "attack") return false;
  const { state, rules } = ctx;
  const card = writeCard(ctx, move.card!)!;
  state.players[move.player]!.turnTally["weapon_attack"] = (state.players[move.player]!.turnTally["weapon_attack"] ?? 0) + 1;
  exhaustCard(ctx, move.card!);
  markAttacked(ctx, card.id, move.player);
  const what = "card" in move.target! ? cardName(ctx, move.target.card) : move.target!.player;
  emit(ctx, "attack", `${cardName(ctx, card.id)} (Weapon) attacks ${what}`, { player: move.player, card: card.id, name: cardName(ctx, card.id) });
  const frame: Frame = { card: card.id, controller: move.player, steps: [{ op: "rule", rule: "weapon_fight" }], pc: 0, targets: [[move.target!]], chosen: {}, label: `${cardName(ctx, card.id)}'s attack on ${what}` };
  state.combat = { attacker: card.id, target: move.target! };
  noteAttack(ctx, card.id, move.player, move.target!);
  if (String(rules.param("priority_actions", "")).split(/\s+/).includes("weapon_attack")) rules.model.announce(ctx, frame, "ability", []);
  else state.frames.push(frame);
  return true;
}

/** The fight: the weapon and its target deal damage at the same time. */
registerNativeRule("weapon_fight", (ctx, frame) => {
  weaponFight(ctx, frame);
  // The attack is over: no card is attacking any more.
  ctx.state.combat = null;
  return "done";
});

function weaponFight(ctx: Ctx, frame: Frame): void {
  const { state, rules } = ctx;
  const weapon = frame.card!;
  const target = frame.targets[0]?.[0];
  if (!target || state.cards[weapon]?.zone !== rules.zones.battlefield) return;
  const wielder = frame.controller;
  const power = statOf(ctx, weapon, attackStat(rules));
  if ("player" in target) {
    emit(ctx, "fight", `${cardName(ctx, weapon)} deals ${power} to ${target.player}`, { card: weapon, name: cardName(ctx, weapon), amount: power });
    damagePlayer(ctx, target.player, power, weapon, frame.source, false);
    return;
  }
  const creature = target.card;
  if (state.cards[creature]?.zone !== rules.zones.battlefield) return;
  const back = rules.param("weapon_fight_retaliation", true) ? statOf(ctx, creature, attackStat(rules)) : 0;
  const remaining = Math.max(0, statOf(ctx, creature, toughnessStat(rules)) - state.cards[creature]!.damage);
  const overflow = hasRule(ctx, weapon, "overflow_to_player") ? Math.max(0, power - remaining) : 0;
  emit(ctx, "fight", `${cardName(ctx, weapon)} (${power}) fights ${cardName(ctx, creature)} (${back})`, { card: weapon, name: cardName(ctx, weapon), other: creature, amount: power });
  const controller = state.cards[creature]!.controller;
  // A Weapon attack is an attack: "in combat" counts its fight too.
  damageCard(ctx, creature, power - overflow, weapon, frame.source, true);
  if (overflow > 0) damagePlayer(ctx, controller, overflow, weapon, frame.source, false);
  if (back > 0) damagePlayer(ctx, wielder, back, creature, frame.source, false);
}

function candidates(ctx: Ctx, player: PlayerId, window: boolean): Action[] {
  if (window || ctx.state.pending || player !== ctx.state.active) return [];
  const out: Action[] = [];
  for (const id of wielded(ctx, player)) for (const target of weaponTargets(ctx, player)) out.push({ type: "game", move: "attack", player, card: id, target });
  return out;
}

/**
 * `new_weapon_destroys_old = false`: nothing makes room for a new Weapon, so with `max_weapons` wielded one cannot be
 * played (it would be a Weapon beyond the maximum — the invariant below).
 */
function refine(ctx: Ctx, action: Action): Refusal | null {
  if (action.type !== "play" || ctx.rules.param("new_weapon_destroys_old", true) || !isWeapon(ctx, action.card)) return null;
  const max = numberParam(ctx.rules, "max_weapons", 1);
  if (wielded(ctx, action.player).length < max) return null;
  return refuse("slot_full", `${action.player} already wields ${max} Weapon${max === 1 ? "" : "s"}, the most allowed, and a new Weapon does not replace one (new_weapon_destroys_old = false)`);
}

/** Simulator invariants: at most `max_weapons` wielded; the Armor pool never negative. */
function invariants(ctx: Ctx): string[] {
  const problems: string[] = [];
  const max = numberParam(ctx.rules, "max_weapons", 1);
  const pool = armorPool(ctx.rules);
  for (const player of ctx.state.order) {
    const held = wielded(ctx, player).length;
    if (held > max) problems.push(`${player} wields ${held} Weapons (maximum ${max})`);
    if (pool && (ctx.state.players[player]!.resources[pool] ?? 0) < 0) problems.push(`${player} has negative ${pool}`);
  }
  return problems;
}

/**
 * A Weapon came under a new controller ("Gain control of target Weapon.", a control effect ending, an exchange): 4.4's "A
 * player may wield only one Weapon at a time" holds for it too — the text is silent on a Weapon taken rather than played
 * (chosen, rules s44; docs/games/chromatic.md): as when one is played, the Weapon its new controller wielded before is
 * destroyed (a real destruction: Entomb fires); it adds no Armor (it did not enter, 4.4 "When a Weapon enters").
 * With `new_weapon_destroys_old = false` nothing makes room, so the Weapon taken is destroyed instead.
 */
function arrived(ctx: Ctx, id: string): void {
  const card = ctx.state.cards[id];
  if (!card || card.zone !== ctx.rules.zones.battlefield || !isWeapon(ctx, id)) return;
  const max = numberParam(ctx.rules, "max_weapons", 1);
  const held = wielded(ctx, card.controller);
  if (held.length <= max) return;
  const going = ctx.rules.param("new_weapon_destroys_old", true) ? held.filter((w) => w !== id).slice(0, held.length - max) : [id];
  for (const old of going) {
    emit(ctx, "check", `${card.controller} may wield only ${max} Weapon${max === 1 ? "" : "s"}: ${cardName(ctx, old)} is ${old === id ? "destroyed (new_weapon_destroys_old = false)" : "replaced"}`, { player: card.controller, card: old, name: cardName(ctx, old) });
    destroy(ctx, old);
  }
}

export const weaponsMechanic: Mechanic = {
  name: "weapons",
  invariants,
  arrived,
  applies: (rules) => rules.game.params["max_weapons"] !== undefined,
  refine,
  validateMove,
  performMove,
  candidates,
  poolDepleted,
};
