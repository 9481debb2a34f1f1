/**
 * Response models: how announced spells and abilities and noted triggers reach resolution.
 * The game file picks one (`param response_model = instant | stack | chain`); the engine core
 * only calls this interface, so a model is swapped without touching the core.
 *
 * The models live in runtime/models/:
 * - instant (Three-Slot Duel): everything resolves at once, in order; no window to respond.
 *   Simultaneous triggers: the active player's first, each player ordering their own.
 * - stack (CYBERVAMP): spells, activated abilities and triggers go on a LIFO stack; both players
 *   get priority; two passes in a row resolve the top item; an item whose targets are all gone
 *   fizzles.
 * - chain (Chromatic Battlelines): spells and actions pass priority like the stack; triggered
 *   abilities never use priority — they run as chains (section 17.1).
 *
 * Seams (how a game's engine work plugs in without editing the core):
 * - a response model: implement `ResponseModel` and register it (runtime/index.ts does, with
 *   `registerResponseModel`); `responseModelFor` picks the one the game file names, `instant` otherwise;
 * - phase steps and rules the card language cannot say: `registerNativeRule` (core/effects.ts);
 * - game-specific moves, refusals, payment and damage hooks: a `Mechanic` (core/mechanics.ts),
 *   listed in runtime/mechanics/index.ts;
 * - a decision in the middle of a resolution: set `state.pending` (a `PendingChoice`, with the
 *   frame index) and read `frame.answer` when the step runs again; `legalActions` lists the answers.
 */
import { divideAmongTargets } from "./division.ts";
import type { TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "./cards.ts";
import type { ResponseChart } from "./flow.ts";
import { cardName, emit } from "./cards.ts";
import { inMode, legalTargetOptions, takenEarlier, wholeModal } from "./targets.ts";
import { withX } from "./values.ts";
import type { Frame, GameState, NotedTrigger, PlayerId, TargetValue } from "../state/state.ts";

export interface ResponseModel {
  name: "instant" | "stack" | "chain";
  /** Does the model open response windows (priority passing)? */
  opensWindows: boolean;
  /** Its own states in the game's statechart (core/flow.ts), and where a game state is in them when a player must decide. */
  chart?: ResponseChart;
  /** A spell was cast or an ability activated (costs already paid, targets chosen). */
  announce(ctx: Ctx, frame: Frame, kind: "spell" | "ability", specs: TargetSpec[]): void;
  /** Noted triggers are waiting and nothing is resolving: put them into resolution. */
  placeTriggers(ctx: Ctx): void;
  /** A trigger's targets are chosen: resolve it (instant) or put it on the stack. */
  triggerReady(ctx: Ctx, frame: Frame, specs: TargetSpec[]): void;
  /** Is a response window open (someone holds priority)? */
  windowOpen(state: GameState): boolean;
  /** Called when a window is open: resolve what both players have passed on. Returns true if anything changed. */
  resolveIfSettled(ctx: Ctx): boolean;
  /** A player passes priority. */
  pass(ctx: Ctx, player: PlayerId): void;
  /** Optional: work of the model's own is waiting even with no new noted trigger (trigger chains in progress). */
  busy?(state: GameState): boolean;
  /** Optional: the player ordering waiting triggers chose this one (noted trigger id); replaces the default handling. */
  chooseTrigger?(ctx: Ctx, player: PlayerId, trigger: number): void;
  /** Optional: the current phase is to end; return true if the model made it wait (priority), false to change now. */
  changePhase?(ctx: Ctx): boolean;
}

// ---------------------------------------------------------------------------------------------
// Placing noted triggers: shared by every model (ordering, optional, targets)

/**
 * Takes the next noted trigger to place, asking its controller to order simultaneous ones.
 * Returns null when a choice is pending.
 */
function nextTrigger(ctx: Ctx): NotedTrigger | null {
  const { state, rules } = ctx;
  // The active player's noted triggers are placed first, then the others' in turn order (the active player's
  // second place in that list is never reached).
  const owner = [state.active, ...state.order].find((p) => state.noted.some((t) => t.controller === p))!;
  const mine = state.noted.filter((t) => t.controller === owner);
  // Two triggers that differ in card or ability (two distinct ones are at least two noted triggers).
  const distinct = new Set(mine.map((t) => `${t.card}|${t.ability}`));
  if (distinct.size > 1 && rules.param("simultaneous_triggers_order", "controller_chooses") === "controller_chooses") {
    // The trigger chosen is placed first: on a stack (LIFO) that is the one resolving LAST, so the prompt says so.
    state.pending = {
      kind: "order_triggers",
      player: owner,
      triggers: mine.map((t) => t.id),
      prompt: rules.model.name === "stack" ? "choose which trigger goes on the stack first (it resolves last)" : "choose which trigger resolves first",
    };
    return null;
  }
  const first = mine[0]!;
  state.noted.splice(state.noted.indexOf(first), 1);
  return first;
}

/** Builds the frame for a trigger; null when it cannot resolve (no legal target) or its choice is pending. */
export function triggerFrame(ctx: Ctx, trigger: NotedTrigger): Frame | null {
  const { rules } = ctx;
  const delayed = trigger.delayed;
  if (delayed) {
    return {
      ...(delayed.card !== undefined ? { card: delayed.card } : {}),
      ...(delayed.ability !== undefined ? { ability: delayed.ability } : {}),
      controller: delayed.controller,
      steps: delayed.steps,
      pc: 0,
      targets: delayed.targets,
      chosen: delayed.chosen,
      ...(delayed.event ? { event: delayed.event } : {}),
      ...(delayed.x !== undefined ? { x: delayed.x } : {}),
      label: delayed.label,
      ...(delayed.source ? { source: delayed.source } : {}),
    };
  }
  const ability = rules.abilities.get(trigger.ability);
  if (!ability) return null;
  const label = trigger.card ? `${cardName(ctx, trigger.card)}: ${ability.text}` : `rule: ${ability.text}`;
  return {
    card: trigger.card,
    ability: ability.id,
    controller: trigger.controller,
    steps: ability.steps,
    pc: 0,
    targets: [],
    chosen: {},
    event: trigger.event,
    ...(trigger.x !== undefined ? { x: trigger.x } : {}),
    label,
    source: ability.source,
  };
}

/**
 * Chooses targets for a frame slot by slot; a single legal option is taken without asking.
 * Returns "wait" when a player must choose, "none" when a required target has no legal option.
 */
export function chooseTargets(ctx: Ctx, frame: Frame, specs: TargetSpec[], answer?: TargetValue | "none"): "ready" | "wait" | "none" {
  // A "Choose one —" whose modes have targets: the mode first (the answer sets `frame.mode`), then that mode's targets.
  const modal = wholeModal(frame.steps);
  if (modal && frame.mode === undefined && frame.targets.length === 0 && specs.some((s) => s.mode !== undefined)) {
    ctx.state.pending = { kind: "mode", player: frame.controller, modes: modal.modes.map((m) => m.text), prompt: "choose one" };
    return "wait";
  }
  for (let slot = frame.targets.length; slot < specs.length; slot++) {
    // "with power X or less": the X of the card's cost (the frame's) put in.
    const spec = withX(specs[slot]!, frame.x);
    if (!inMode(spec, frame.mode)) {
      frame.targets.push([]);
      continue;
    }
    if (answer) {
      frame.targets.push(answer === "none" ? [] : [answer]);
      answer = undefined;
      continue;
    }
    // "up to two target ...": once one slot of the phrase is left empty, so are the rest.
    if (spec.min === 0 && spec.group !== undefined && specs.some((s, j) => j < slot && s.group === spec.group && frame.targets[j]!.length === 0)) {
      frame.targets.push([]);
      continue;
    }
    const options = legalTargetOptions(ctx, spec, frame.controller, frame.card, takenEarlier(specs, frame.targets, slot));
    if (options.length === 0) {
      if (spec.min === 0) {
        frame.targets.push([]);
        continue;
      }
      return "none";
    }
    // A single legal option is taken without asking, unless the slot may also stay empty.
    if (options.length === 1 && spec.min > 0) {
      frame.targets.push([options[0]!]);
      continue;
    }
    ctx.state.pending = { kind: "targets", player: frame.controller, spec, options, prompt: `choose ${spec.text}${spec.min === 0 ? " (or none)" : ""}`, slot };
    return "wait";
  }
  // Damage divided among the targets: divided as they are chosen, before anyone responds.
  return divideAmongTargets(ctx, frame, specs);
}

/** Frames whose targets are still being chosen wait here between `apply` calls. */
export function placeOne(ctx: Ctx): void {
  const trigger = nextTrigger(ctx);
  if (trigger) placeTrigger(ctx, trigger);
}

/** Puts one noted trigger into resolution: choose its targets (parking it meanwhile), then hand it to the model. */
export function placeTrigger(ctx: Ctx, trigger: NotedTrigger): void {
  const { state, rules } = ctx;
  const frame = triggerFrame(ctx, trigger);
  if (!frame) return;
  // A delayed trigger's targets were chosen by the effect that made it: none to choose, none to fizzle on.
  const specs = trigger.delayed ? [] : (rules.abilities.get(trigger.ability)?.targets ?? []);
  if (specs.length === 0) return rules.model.triggerReady(ctx, frame, specs);
  state.targeting = { frame, specs };
  resumeTargeting(ctx);
}

export function resumeTargeting(ctx: Ctx, answer?: TargetValue | "none"): void {
  const parked = ctx.state.targeting;
  if (!parked) return;
  const result = chooseTargets(ctx, parked.frame, parked.specs, answer);
  if (result === "wait") return;
  ctx.state.targeting = null;
  if (result !== "none" && parked.push) {
    ctx.state.frames.push(parked.frame);
    return;
  }
  if (result !== "none" && parked.announce) {
    ctx.rules.model.announce(ctx, parked.frame, "spell", parked.specs);
    return;
  }
  if (result === "none") {
    emit(ctx, "fizzle", `${parked.frame.label}: no legal target, it does nothing`, { card: parked.frame.card, ability: parked.frame.ability, player: parked.frame.controller, source: parked.frame.source });
    // A spell that does nothing still leaves, never stuck resolving: its frame runs with no steps, and finishing it moves
    // the card to the graveyard (runtime/core/effects.ts finishFrame) as for any resolved spell.
    if (parked.frame.spellCard) ctx.state.frames.push({ ...parked.frame, steps: [], pc: 0 });
    return;
  }
  ctx.rules.model.triggerReady(ctx, parked.frame, parked.specs);
}

const registered = new Map<string, ResponseModel>();

/** Adds a response model (runtime/models/), replacing one of the same name; runtime/index.ts registers them. */
export function registerResponseModel(model: ResponseModel): void {
  registered.set(model.name, model);
}

/** The model a game file names; `instant` for a name no model has (the compiler reports an unknown `response_model` as CW6001). */
export function responseModelFor(name: string): ResponseModel {
  const model = registered.get(name) ?? registered.get("instant");
  if (!model) throw new Error(`no response model "${name}" is registered (load the engine through runtime/index.ts)`);
  return model;
}
