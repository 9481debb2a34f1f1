/**
 * Combat. An attack is resolved as a frame running the native rule `attack`, so a choice in the
 * middle of it (which defender walls the attack) uses the same pending-choice machinery as any
 * effect.
 *
 * `combat_model = fight` (Three-Slot Duel): an attack on a unit, or an attack walled by a
 * defender, is a fight by power — higher power destroys the other and survives, equal powers
 * destroy both, and a losing attacker leaves the blocker weakened until end of turn (by the
 * amount `fight_survivor_weakened_by` names). An attack on the player that no defender walls
 * deals the attacker's power to the player as combat damage (BREACH-style triggers fire on it).
 * `combat_model = damage` (the other games: declared attackers and blockers, simultaneous
 * damage against a toughness stat) is the remaining work of their issues.
 */
import type { SourceRef } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import { addModifier, battlefield, cardName, damagePlayer, destroy, destroyAll, emit, hasRule, noteEvent, statOf, writeCard } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import type { Frame } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";

export const powerStat = (ctx: Ctx): string => ctx.rules.param("power_stat", "power");

export function fight(ctx: Ctx, attacker: string, blocker: string, source?: SourceRef): void {
  const stat = powerStat(ctx);
  const a = statOf(ctx, attacker, stat);
  const b = statOf(ctx, blocker, stat);
  emit(ctx, "fight", `${cardName(ctx, attacker)} (${a}) fights ${cardName(ctx, blocker)} (${b})`, { card: attacker, name: cardName(ctx, attacker), other: blocker, amount: a, source });
  decideFight(ctx, attacker, blocker, a, b, stat, source);
  // "Whenever this unit wins a fight" (its power was higher), "Whenever this unit survives a fight" (still in play after it:
  // the winner, both in a tie that destroys neither, or a loser that could not be destroyed).
  const field = ctx.rules.zones.battlefield;
  if (a > b) noteEvent(ctx, "wins_fight", { card: attacker, other: blocker, combat: true });
  else if (a < b) noteEvent(ctx, "wins_fight", { card: blocker, other: attacker, combat: true });
  for (const [card, other] of [[attacker, blocker], [blocker, attacker]] as const) {
    if (ctx.state.cards[card]?.zone === field) noteEvent(ctx, "survives_fight", { card, other, combat: true });
  }
}

function decideFight(ctx: Ctx, attacker: string, blocker: string, a: number, b: number, stat: string, source: SourceRef | undefined): void {
  if (a > b) {
    const defending = ctx.state.cards[blocker]!.controller;
    destroy(ctx, blocker, source, { card: attacker, combat: true });
    // `fight_overflow = true`: the power beyond the blocker's reaches its controller (the Duel text says it is wasted).
    if (ctx.rules.param("fight_overflow", false)) damagePlayer(ctx, defending, a - b, attacker, source, true);
  } else if (a === b) {
    if (ctx.rules.param("fight_tie", "both_destroyed") === "both_destroyed") destroyAll(ctx, [attacker, blocker], source, { by: (id) => ({ card: id === attacker ? blocker : attacker, combat: true }) });
  } else {
    destroy(ctx, attacker, source, { card: blocker, combat: true });
    const by = ctx.rules.param<string | number>("fight_survivor_weakened_by", "attacker_power");
    const amount = by === "attacker_power" ? a : typeof by === "number" ? by : Number(by) || 0;
    if (amount > 0 && ctx.state.cards[blocker]) {
      addModifier(ctx, blocker, { [stat]: -amount }, [], "end_of_turn", ctx.state.cards[blocker]!.controller, attacker, source);
    }
  }
}

/**
 * An attack's fight about to happen: "Whenever this unit fights" (each of the two fights the other) and the other
 * triggers of the moment ("When this blocks") resolve first — a bonus they give counts in the fight, as "When this
 * attacks" does — then the fight, unless one of the two left play meanwhile.
 */
function startFight(ctx: Ctx, frame: Frame, attacker: string, other: string): "done" | "wait" {
  frame.chosen["$fight"] = [other];
  noteEvent(ctx, "fights", { card: attacker, other, combat: true });
  noteEvent(ctx, "fights", { card: other, other: attacker, combat: true });
  return fightWhenTriggersResolved(ctx, frame, attacker, other);
}

function fightWhenTriggersResolved(ctx: Ctx, frame: Frame, attacker: string, other: string): "done" | "wait" {
  if (ctx.state.noted.length) {
    ctx.rules.model.placeTriggers(ctx);
    return "wait";
  }
  delete frame.chosen["$fight"];
  const { battlefield: field } = ctx.rules.zones;
  if (ctx.state.cards[attacker]?.zone === field && ctx.state.cards[other]?.zone === field) fight(ctx, attacker, other, frame.source);
  return "done";
}

function resolveAttack(ctx: Ctx, frame: Frame): "done" | "wait" {
  const { state, rules } = ctx;
  const attacker = frame.chosen["attacker"]?.[0];
  const target = frame.targets[0]?.[0];
  // A fight waiting for the triggers of its start (startFight).
  const fighting = frame.chosen["$fight"]?.[0];
  if (attacker && fighting) return fightWhenTriggersResolved(ctx, frame, attacker, fighting);
  if (!attacker || !target || state.cards[attacker]?.zone !== rules.zones.battlefield) return "done";
  const defending = opponentOf(state, state.cards[attacker]!.controller);
  let blocker: string | undefined;
  if ("card" in target && state.cards[target.card]?.defender) {
    blocker = target.card;
  } else {
    const intercepts = rules.param("defender_intercepts", "all_attacks");
    const walls = intercepts === "all_attacks" || ("player" in target && intercepts !== "none");
    // A defender that can't block does not wall; an attacker that can't be blocked (by it) is not walled.
    const canWall = (id: string) => !hasRule(ctx, id, "cannot_attack_or_block") && !hasRule(ctx, id, "cant_block", { card: attacker, player: state.cards[attacker]!.controller }) && !hasRule(ctx, attacker, "cant_be_blocked", { card: id, player: defending });
    const defenders = walls ? battlefield(ctx, defending).filter((id) => state.cards[id]!.defender && canWall(id)) : [];
    if (defenders.length === 1) blocker = defenders[0];
    else if (defenders.length > 1) {
      if (frame.answer) {
        blocker = frame.answer[0];
        delete frame.answer;
      } else if (rules.param("defender_choice", "defending_player") === "defending_player") {
        state.pending = { kind: "defender", player: defending, options: defenders, prompt: "choose the defender that walls this attack", frame: state.frames.length - 1 };
        return "wait";
      } else blocker = defenders[0];
    }
  }
  if (blocker) {
    // The wall is "blocking" while its attack resolves ("as long as this is blocking": runtime/core/values.ts isBlocking).
    frame.chosen["blocker"] = [blocker];
    if (rules.param("defender_walls", "one_attack") === "one_attack") writeCard(ctx, blocker)!.defender = false;
    emit(ctx, "block", `${cardName(ctx, blocker)} walls the attack of ${cardName(ctx, attacker)}`, { card: blocker, name: cardName(ctx, blocker), player: defending, source: frame.source });
    noteEvent(ctx, "blocks", { card: blocker, player: defending, other: attacker });
    noteEvent(ctx, "blocked", { card: attacker, other: blocker });
    return startFight(ctx, frame, attacker, blocker);
  }
  if ("player" in target) {
    const power = statOf(ctx, attacker, powerStat(ctx));
    emit(ctx, "breach", `${cardName(ctx, attacker)} hits ${target.player} unblocked for ${power}`, { card: attacker, name: cardName(ctx, attacker), player: target.player, amount: power, source: frame.source });
    damagePlayer(ctx, target.player, power, attacker, frame.source, true);
    return "done";
  }
  if (state.cards[target.card]?.zone === rules.zones.battlefield) return startFight(ctx, frame, attacker, target.card);
  return "done";
}

/**
 * "This unit fights target enemy unit." (card text): the two units fight as an attack's fight does — the triggers of its
 * start ("Whenever this unit fights") first, then the higher power destroys the other, the fight's outcome triggers after
 * — but no attack is made: nothing attacks or is attacked, no defender walls it, and it uses no unit's attack of the turn.
 * Nothing happens when either unit is no longer in play, or when a unit would fight itself.
 */
registerNativeRule("fight", (ctx, frame, _amount, _players, targets, _source, { from }) => {
  const waiting = frame.chosen["$fight"]?.[0];
  if (from && waiting) return fightWhenTriggersResolved(ctx, frame, from, waiting);
  const other = targets.find((t): t is { card: string } => "card" in t)?.card;
  const field = ctx.rules.zones.battlefield;
  if (!from || !other || from === other || ctx.state.cards[from]?.zone !== field || ctx.state.cards[other]?.zone !== field) return "done";
  return startFight(ctx, frame, from, other);
});

registerNativeRule("attack", (ctx, frame) => {
  const done = resolveAttack(ctx, frame);
  // The attack is over: no card is attacking any more ("attacking", "the defending player").
  if (done === "done") ctx.state.combat = null;
  return done;
});

/**
 * "Target unit becomes a defender." (card text): the unit is a defender, as its controller's defend action makes it — unless
 * it can't block ("can't be a defender"). It walls the next attack as any defender does.
 */
registerNativeRule("make_defender", (ctx, frame, _amount, _players, targets, source) => {
  for (const t of targets) {
    if (!("card" in t) || ctx.state.cards[t.card]?.zone !== ctx.rules.zones.battlefield) continue;
    if (hasRule(ctx, t.card, "cant_block") || hasRule(ctx, t.card, "cannot_attack_or_block") || ctx.state.cards[t.card]!.defender) continue;
    writeCard(ctx, t.card)!.defender = true;
    emit(ctx, "modify", `${cardName(ctx, t.card)} becomes a defender`, { card: t.card, name: cardName(ctx, t.card), player: ctx.state.cards[t.card]!.controller, source: source ?? frame.source });
    noteEvent(ctx, "becomes_defender", { card: t.card, player: ctx.state.cards[t.card]!.controller });
  }
  return "done";
});

/**
 * "When this attacks, it gets +1 power until end of turn": triggers noted as the attack is
 * declared resolve before the fight. The step places them one by one above its own frame and
 * runs again until none is left.
 */
registerNativeRule("await_triggers", (ctx) => {
  if (ctx.state.noted.length === 0) return "done";
  ctx.rules.model.placeTriggers(ctx);
  return "wait";
});
