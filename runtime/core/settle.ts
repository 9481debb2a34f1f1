/**
 * State-based checks, the turn machine's actions (entering and leaving phases, passing the turn)
 * and the settle loop that runs resolutions, places triggers and advances automatic phases until
 * a player must decide.
 */
import { STEPS_DONE, type FlowAction, type FlowEvent } from "./flow.ts";
import type { Step } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";
import { perGame } from "./per-game.ts";
import { endsAsTurnBegins, endsWithCombat, endsWithThisTurn, opponentOf, type GameState, type LastingEffect } from "../state/state.ts";
import { type Ctx, allOnBattlefield, battlefield, cardDef, emit, writeCard } from "./cards.ts";
import { destroyLethal, hasLethalDamage, losePlayer } from "./operations.ts";
import { endEffectsMadeFor } from "./replacements.ts";
import { endPlayerRules, playerRulesAtTurnStart } from "./player-rules.ts";
import { costChangesAtTurnStart, endCostChanges } from "./cost-changes.ts";
import { noteEvent } from "./triggers.ts";
import { readingStill, statBeforeStaticsOf, staticsInPlayMayLower } from "./values.ts";
import { runTopFrame } from "./effects.ts";
import { mechanicsOf } from "./mechanics.ts";

// ---------------------------------------------------------------------------------------------
// State-based checks

/** The parameters state-based checks and the turn change read at every step, read once per game. */
const settleRules = perGame((rules: Rules): { losing: number; toughness: string; capacities: string[] } => ({
  losing: rules.param("losing_life", 0),
  toughness: rules.param("toughness_stat", rules.param("creature_damage_threshold", "")),
  capacities: [...rules.capacityResources],
}));

/**
 * Per game and stat: the lowest printed value among the definitions of its sets that have the stat (Infinity when none
 * has it). At 1 or more, a card with no damage, no counter below 0 on it and no modifier lowering it (while no static in
 * play can lower it) has the stat above its damage, whatever its definition: the state-based check skips it without
 * looking its definition up — most cards in play, lands included, at most steps.
 */
const lowestPrinted = perGame(() => new Map<string, number>());
function lowestPrintedStat(ctx: Ctx, stat: string): number {
  const known = lowestPrinted(ctx.rules);
  let lowest = known.get(stat);
  if (lowest === undefined) {
    lowest = Infinity;
    for (const def of ctx.rules.cards.values()) {
      const value = def.stats[stat];
      if (value !== undefined && value < lowest) lowest = value;
    }
    known.set(stat, lowest);
  }
  // Token definitions made during this game (a few at most).
  for (const name in ctx.state.tokens) {
    const value = ctx.state.tokens[name]!.stats[stat];
    if (value !== undefined && value < lowest) lowest = value;
  }
  return lowest;
}

/** Does some modifier in effect lower this stat (a negative amount)? */
function modifierLowers(ctx: Ctx, stat: string): boolean {
  for (const m of ctx.state.modifiers) if ((m.stats[stat] ?? 0) < 0) return true;
  return false;
}

/**
 * The state check's destruction by damage: every card in play with lethal damage (or 0 of its toughness stat), destroyed
 * together. Also run by combat damage before the battle ends, so what dies of it dies attacking or blocking ("When this is
 * destroyed, if it was blocking", "Whenever a creature blocking this is destroyed").
 */
export function destroyLethalDamage(ctx: Ctx): void {
  const { state, rules } = ctx;
  if (state.over) return;
  const { toughness } = settleRules(rules);
  if (!toughness) return;
  // Destruction is simultaneous: every card with lethal damage is found first, then all are destroyed.
  // "Damage equal to or greater than its Defense": a creature whose Defense is 0 or less (-1/-1 on a 2/1) has it
  // with no damage at all. A card that can't be destroyed, or whose destruction by this much damage was replaced, stays.
  // While no static in effect can lower Defense, a card's Defense is at least its Defense before
  // statics: a card with less damage than that is skipped at once (most cards, most steps: no list,
  // no memo). The rest are read with the statics in effect worked out once for the scan
  // (readingStill), not per card.
  let unsure: string[] | undefined;
  const zone = rules.zones.battlefield;
  const lowerable = staticsInPlayMayLower(ctx, toughness);
  // Undamaged cards are above 0 of the stat without a look at their definition (see `lowestPrinted`).
  const undamagedSafe = !lowerable && lowestPrintedStat(ctx, toughness) >= 1 && !modifierLowers(ctx, toughness);
  for (const player of state.order) {
    const inPlay = (state.players[player]!.zones[zone] ??= []);
    for (let i = 0; i < inPlay.length; i++) {
      const id = inPlay[i]!;
      const card = state.cards[id]!;
      if (undamagedSafe && card.damage === 0 && (card.counters[toughness] ?? 0) >= 0) continue;
      const def = cardDef(ctx, card);
      // Only a card that has the stat (a creature, not a land or a relic) can be at 0 of it.
      if (card.damage === 0 && def.stats[toughness] === undefined) continue;
      if (!lowerable && statBeforeStaticsOf(ctx, id, card, def, toughness) > card.damage) continue;
      (unsure ??= []).push(id);
    }
  }
  const lethal = unsure ? readingStill(ctx, () => unsure.filter((id) => hasLethalDamage(ctx, id, toughness))) : [];
  destroyLethal(ctx, lethal, toughness);
}

export function checkState(ctx: Ctx): void {
  const { state, rules } = ctx;
  if (state.over) return;
  const { losing } = settleRules(rules);
  destroyLethalDamage(ctx);
  for (const player of state.order) {
    const p = state.players[player]!;
    if (!p.lost && p.life <= losing) losePlayer(ctx, player, `life ${p.life} ≤ ${losing}`);
  }
  let losers = 0;
  for (const player of state.order) if (state.players[player]!.lost) losers++;
  if (losers > 0) {
    state.over = true;
    state.winner = losers === state.order.length ? "draw" : state.order.find((p) => !state.players[p]!.lost)!;
    state.frames = [];
    state.noted = [];
    state.stack = [];
    state.pending = null;
    state.priority = null;
    state.combat = null;
    emit(ctx, "game_over", state.winner === "draw" ? "the game is a draw" : `${state.winner} wins`, { player: state.winner === "draw" ? undefined : state.winner });
  }
}

// ---------------------------------------------------------------------------------------------
// The turn machine and the settle loop

function sendFlow(ctx: Ctx, event: FlowEvent): void {
  const { value, actions } = ctx.rules.flow.send(ctx.state.flow, event);
  ctx.state.flow = value;
  for (const action of actions) runFlowAction(ctx, action);
}

/**
 * The chart goes, by its own transitions inside the phase, to the state `leaf` below the phase
 * (`stack.resolving`): response models call it at their moments (before the trace event, so a
 * stepper's state at that event shows it), settle whenever a player must decide.
 */
export function flowTo(ctx: Ctx, leaf: string): void {
  const moved = ctx.rules.flow.moveTo(ctx.state.flow, leaf);
  if (moved) ctx.state.flow = moved.value;
}

/**
 * The line (`PhaseDef.lines` index) of the first phase step not yet run, wherever the rest of the
 * phase's steps wait — a frame (a step waiting for a choice has begun but not run), or the stack
 * under a window (`respond`, `priority`) — or null when every step of the phase has run.
 */
export function phaseStepAhead(state: GameState): number | null {
  let ahead: number | null = null;
  const look = (steps: readonly Step[], from: number) => {
    for (let i = from; i < steps.length; i++) {
      const line = steps[i]!.phaseStep;
      if (line !== undefined) {
        if (ahead === null || line < ahead) ahead = line;
        return;
      }
    }
  };
  for (const frame of state.frames) look(frame.steps, frame.pc);
  for (const item of state.stack) look(item.frame.steps, item.frame.pc);
  if (state.phaseSteps) look(state.phaseSteps.steps, state.phaseSteps.pc);
  return ahead;
}

/** A player must decide: the chart shows where (the response model's reading of the game state). */
function syncFlow(ctx: Ctx): void {
  const { flow } = ctx.rules;
  flowTo(ctx, flow.decisionLeaf(ctx.state));
  // Every step of the phase has run (one skipped, or the last ran under a window): `done`.
  const step = flow.stepOf(ctx.state.flow);
  if (step !== null && step !== STEPS_DONE && phaseStepAhead(ctx.state) === null) {
    const moved = flow.toStep(ctx.state.flow, Infinity);
    if (moved !== null) ctx.state.flow = moved;
  }
}

export function runFlowAction(ctx: Ctx, action: FlowAction): void {
  const { state, rules } = ctx;
  if (action.type === "enterPhase") {
    state.phase = action.phase;
    const phase = rules.phase(action.phase);
    emit(ctx, "phase", `${state.active}'s ${action.phase} phase begins`, { player: state.active, source: phase?.source });
    // `first_player_draws = false`: the very first turn of the game skips its phase draws.
    const steps = state.turn === 1 && !rules.param("first_player_draws", true) ? (phase?.steps ?? []).filter((step) => step.op !== "draw") : (phase?.steps ?? []);
    const noted = state.noted.length;
    if (phase && steps.length > 0) {
      state.frames.push({ controller: state.active, steps, pc: 0, targets: [], chosen: {}, label: `${action.phase} phase`, source: phase.source });
    }
    noteEvent(ctx, "phase_start", { player: state.active, phase: action.phase });
    // What the phase's start triggered resolves before the phase's own steps (its draw): an intervening "if"
    // ("At the start of your turn, if you have no cards in hand, ...") is true when noted and still true when it
    // resolves, as a printed card game's start-of-turn abilities go before its draw (Chromatic 16: "Beginning-of-turn
    // effects occur" comes first). The steps wait in `phaseSteps` until nothing noted, resolving or open is left.
    if (state.noted.length > noted && phase && steps.length > 0) state.phaseSteps = state.frames.pop()!;
  } else if (action.type === "exitPhase") {
    // A response model may have raised the phase's end already (a window before the phase ends).
    if (state.phaseEndRaised === action.phase) state.phaseEndRaised = null;
    else noteEvent(ctx, "phase_end", { player: state.active, phase: action.phase });
    // "until end of combat": the combat phase is over (what its end triggered was noted while they still applied).
    if (action.phase === combatPhaseOf(rules)) endLastingEffects(ctx, endsWithCombat, `"until end of combat"`);
  } else {
    passTurn(ctx);
  }
}

/**
 * The lasting effects made by one-time effects that `ends` says end now: modifiers, preventions and one-shot
 * replacements, player restrictions, and the mechanics' own (control). One place for each moment a duration ends: the
 * turn's end (`endsWithThisTurn`) and the combat phase's (`endsWithCombat`). `what` names them in the trace.
 */
function endLastingEffects(ctx: Ctx, ends: (effect: LastingEffect) => boolean, what: string): void {
  const { state } = ctx;
  for (const m of mechanicsOf(ctx.rules)) m.lastingEffectsEnd?.(ctx, ends);
  const before = state.modifiers.length;
  state.modifiers = state.modifiers.filter((m) => !ends(m));
  if (state.modifiers.length !== before) emit(ctx, "modify", `${what} effects end (${before - state.modifiers.length})`);
  endEffectsMadeFor(ctx, ends);
  endPlayerRules(ctx, ends);
  endCostChanges(ctx, ends);
}

/** The phase that declares attackers (Chromatic's Combat, CYBERVAMP's Battle), if the game has one: "until end of combat" ends with it. */
const combatPhaseOf = perGame((rules: Rules): string | undefined => rules.game.phases.find((p) => p.steps.some((s) => s.op === "rule" && s.rule === "declare_attackers"))?.name);

export function endOfTurnCleanup(ctx: Ctx): void {
  const { state } = ctx;
  endLastingEffects(ctx, (effect) => endsWithThisTurn(effect, state), `"until end of turn"`);
  for (const id of allOnBattlefield(ctx)) {
    // A card with nothing to clear is left alone: not written, so not in the write log the invariants re-check.
    const seen = state.cards[id]!;
    if (seen.damage === 0 && seen.damagedBy === undefined && seen.lethalReplaced === undefined) continue;
    const card = writeCard(ctx, id)!;
    card.damage = 0;
    card.damagedBy = undefined;
    // Damage gone: a later lethal amount is new, even if it is the same number.
    card.lethalReplaced = undefined;
  }
}

function passTurn(ctx: Ctx): void {
  const { state, rules } = ctx;
  endOfTurnCleanup(ctx);
  // No resolution spans a turn change: what left play before it is not referred to any more.
  // Emptied, not deleted: deleting a field turns the state into a dictionary (slow to read) for the rest of the game,
  // and it keeps one shape (runtime/index.ts, emptyState; test/runtime/state-shape.test.ts).
  if (state.lastKnown) state.lastKnown = undefined;
  // "If a creature died last turn": this turn's deaths are the next turn's last turn's.
  if (state.destroyedThisTurn || state.destroyedLastTurn) state.destroyedLastTurn = state.destroyedThisTurn;
  if (state.destroyedThisTurn) state.destroyedThisTurn = undefined;
  if (state.playedThisTurn) state.playedThisTurn = undefined;
  if (state.enteredThisTurn) state.enteredThisTurn = undefined;
  if (state.discardedThisTurn) state.discardedThisTurn = undefined;
  if (state.attackedThisTurn) state.attackedThisTurn = undefined;
  if (state.drawnThisTurn) state.drawnThisTurn = undefined;
  if (state.lifeThisTurn) state.lifeThisTurn = undefined;
  // No attack spans a turn change either (one whose frame never ran its fight).
  state.combat = null;
  const next = opponentOf(state, state.active);
  state.active = next;
  state.turn += 1;
  const p = state.players[next]!;
  p.turnTally = {};
  state.modifiers = state.modifiers.filter((m) => !endsAsTurnBegins(m, next));
  endEffectsMadeFor(ctx, (made) => endsAsTurnBegins(made, next));
  playerRulesAtTurnStart(ctx, next);
  costChangesAtTurnStart(ctx, next);
  for (const m of mechanicsOf(rules)) m.turnBegins?.(ctx, next);
  if (rules.param("defender_lasts_until", "next_own_turn") === "next_own_turn") {
    for (const id of battlefield(ctx, next)) writeCard(ctx, id)!.defender = false;
  }
  // Capacity resources refill at the start of their owner's turn.
  for (const name of settleRules(rules).capacities) p.resources[name] = p.capacity[name] ?? 0;
  emit(ctx, "turn", `turn ${state.turn}: ${next} is the active player`, { player: next });
  // A game whose board can stall (empty decks, no damage left) ends by its game file's turn limit.
  const limit = rules.param("turn_limit", 0);
  if (limit > 0 && state.turn > limit) {
    const byLife = rules.param("turn_limit_result", "draw") === "higher_life";
    const best = Math.max(...state.order.map((p) => state.players[p]!.life));
    for (const player of state.order) if (!byLife || state.players[player]!.life < best || state.order.every((p) => state.players[p]!.life === best)) losePlayer(ctx, player, `the turn limit (${limit}) is reached`);
  }
}

/** Runs resolutions, places triggers and advances automatic phases until a player must decide. */
export function settle(ctx: Ctx): void {
  const { state, rules } = ctx;
  // A choice was answered: the resolution that asked it runs on (`choice` → `running`), or the
  // phase's step or rule that asked it (`choice` → `open`).
  const leaf = state.pending ? null : rules.flow.leafOf(state.flow);
  if (leaf === "choice") flowTo(ctx, "open");
  else if (leaf?.endsWith(".choice")) flowTo(ctx, `${leaf.slice(0, -".choice".length)}.running`);
  for (let guard = 0; guard < 20_000; guard++) {
    checkState(ctx);
    if (state.over) {
      if (!rules.flow.isOver(state.flow)) sendFlow(ctx, { type: "GAME_OVER" });
      return;
    }
    if (state.pending) return syncFlow(ctx);
    if (state.frames.length > 0) {
      runTopFrame(ctx);
      continue;
    }
    // `busy`: a response model with work of its own between triggers (trigger chains in progress).
    if (state.noted.length > 0 || rules.model.busy?.(state)) {
      rules.model.placeTriggers(ctx);
      continue;
    }
    if (rules.model.windowOpen(state)) {
      if (rules.model.resolveIfSettled(ctx)) continue;
      return syncFlow(ctx);
    }
    // The abilities the phase's start triggered are done: its own steps run now.
    if (state.phaseSteps) {
      state.frames.push(state.phaseSteps);
      state.phaseSteps = null;
      continue;
    }
    syncFlow(ctx);
    const phase = rules.phase(state.phase);
    if (phase?.auto) {
      // A response model may make a phase change wait for priority passes (Chromatic 17).
      if (rules.model.changePhase?.(ctx)) continue;
      sendFlow(ctx, { type: "PHASE_DONE" });
      continue;
    }
    return;
  }
  // Card text that re-triggers itself forever ("Whenever you gain life, gain 1 life.") must not
  // hang or crash a game: it ends, as a draw, with the loop named in the trace.
  const looping = state.frames[state.frames.length - 1]?.label ?? state.noted[0]?.ability ?? "the rules";
  emit(ctx, "check", `the game cannot go on: ${looping} repeats without end; the game is a draw`);
  for (const player of state.order) losePlayer(ctx, player, "the rules loop without end");
  checkState(ctx);
  if (!rules.flow.isOver(state.flow)) sendFlow(ctx, { type: "GAME_OVER" });
}
