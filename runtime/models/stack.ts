/**
 * The `stack` response model (`param response_model = stack`): spells, activated abilities and
 * triggered abilities go on a last-in-first-out stack; after anything is added both players may
 * respond, the player who did not add it first; when both have passed in a row the top item
 * resolves, and priority returns to the active player while items remain. An item whose target is
 * no longer legal when it resolves fizzles (`fizzle_when = any_target_illegal`: one illegal target
 * is enough; otherwise all must be gone) and a fizzled spell still goes to its owner's graveyard.
 *
 * Windows with nothing on the stack use the same machinery: a *continuation* (a stack item of kind
 * "rule" holding the rest of a phase's steps) sits at the bottom while players respond above it.
 * - `respond` (a phase step, e.g. between declaring attackers and blockers): the rest of the
 *   phase's steps wait under a response window; the active player has priority first.
 * - Ending an interactive phase is the active player's pass on an empty stack: the opponent gets
 *   priority (they may cast spells in any phase of any player's turn); if they pass too, the
 *   phase's end events are raised ("at the end of your Post-Battle phase"), their triggers
 *   resolve, and only then the phase changes. Automatic phases change at once.
 * Spells cannot be cast in the phases `spells_forbidden_in` names.
 */
import type { Step, TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import { cardDef, cardName, emit, flowTo, isPermanent, noteEvent, runFlowAction } from "../core/index.ts";
import { holderIn, priorityHolders, resolution, type ResponseChart } from "../core/flow.ts";
import { registerNativeRule } from "../core/effects.ts";
import type { Mechanic } from "../core/mechanics.ts";
import { placeOne, type ResponseModel } from "../core/response.ts";
import type { Frame, GameState, PlayerId, StackItem } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";
import { fizzles } from "../core/targets.ts";

const PHASE_END = "stack_phase_end";
const nameOf = (ctx: Ctx, frame: Frame): string | undefined => (frame.card && ctx.state.cards[frame.card] ? cardName(ctx, frame.card) : undefined);
const PHASE_CHANGE = "stack_phase_change";

function push(ctx: Ctx, frame: Frame, specs: TargetSpec[], kind: StackItem["kind"], priority: { player: PlayerId; passes: number }): void {
  const { state } = ctx;
  state.stack.push({ id: state.nextId++, frame, targetSpecs: specs, kind });
  flowTo(ctx, windowLeaf(state, priority.player === state.active ? "active_player" : "opponent"));
  const text = kind === "rule" ? `${frame.label}: waiting for responses` : `${frame.label} goes on the stack (${state.stack.length})`;
  emit(ctx, "push", text, { card: frame.card, name: nameOf(ctx, frame), ability: frame.ability, player: frame.controller, source: frame.source });
  state.priority = priority;
}

/** A continuation: the rest of a phase's steps, resolved when both players pass over it. */
function pushContinuation(ctx: Ctx, steps: Step[], label: string, priority: { player: PlayerId; passes: number }, from?: Frame): void {
  const frame: Frame = { controller: ctx.state.active, steps, pc: 0, targets: from?.targets ?? [], chosen: from?.chosen ?? {}, label, ...(from?.source ? { source: from.source } : {}) };
  push(ctx, frame, [], "rule", priority);
}


/** Is this stack item a continuation that ends the phase (the active player's pass on an empty stack)? */
const endsPhase = (item: StackItem): boolean => item.kind === "rule" && item.frame.steps.some((s) => s.op === "rule" && (s.rule === PHASE_END || s.rule === PHASE_CHANGE));

/**
 * Where an open window is in the chart: the stack being built when anything was cast, activated
 * or triggered; else the window before the phase ends, or between a phase's steps (`respond`).
 */
function windowLeaf(state: GameState, holder: "active_player" | "opponent"): string {
  if (state.stack.some((item) => item.kind !== "rule")) return `stack.building.${holder}`;
  const top = state.stack[state.stack.length - 1];
  return `${top && endsPhase(top) ? "phase_end" : "window"}.${holder}`;
}

/**
 * The stack in the game's statechart, in every phase: being built (responses added, priority
 * passing between the players), its top item resolving, a fizzle; the window before an
 * interactive phase ends (the active player's pass on an empty stack); a window between a phase's
 * steps where the phase has a `respond` step.
 */
export const stackChart: ResponseChart = {
  states(phase, { to, source }) {
    const meta = { source: source("response_model"), param: "response_model", phase: phase.name };
    const states: Record<string, object> = {
      stack: {
        meta,
        description: "spells, abilities and triggers on the LIFO stack",
        initial: "building",
        states: {
          building: { ...priorityHolders(meta, "responses are being added: each player in turn may respond or pass"), on: { BOTH_PASSED: "resolving" } },
          resolving: resolution(meta, "both players passed: the top item resolves", { FIZZLE: "fizzle", PRIORITY_TO_ACTIVE_PLAYER: "building.active_player" }),
          fizzle: {
            meta: { ...meta, source: source("fizzle_when") ?? meta.source, param: "fizzle_when" },
            description: "the top item's targets are gone: it fizzles",
            on: { PRIORITY_TO_ACTIVE_PLAYER: "building.active_player" },
          },
        },
      },
    };
    const on: Record<string, string> = { PUSH: to("stack.building") };
    if (!phase.auto) {
      states["phase_end"] = priorityHolders(meta, "the active player passed on an empty stack: the opponent may still act before the phase ends");
      on["END_PHASE"] = to("phase_end");
    }
    const respond = phase.steps.find((s) => s.op === "rule" && s.rule === "respond");
    if (respond) {
      states["window"] = priorityHolders({ source: respond.source ?? phase.source, phase: phase.name }, "a response window between the phase's steps");
      on["WINDOW"] = to("window");
    }
    return { states, on };
  },
  decisionLeaf(state, current) {
    // A choice the top item asks as it resolves stays inside its resolution.
    if (state.pending) return state.frames.length > 0 && current?.startsWith("stack.resolving") ? "stack.resolving.choice" : "choice";
    return state.stack.length > 0 && state.priority !== null ? windowLeaf(state, holderIn(state)) : "open";
  },
};

export const stackModel: ResponseModel = {
  name: "stack",
  opensWindows: true,
  chart: stackChart,
  announce(ctx, frame, kind, specs) {
    push(ctx, frame, specs, kind, { player: opponentOf(ctx.state, frame.controller), passes: 0 });
  },
  placeTriggers: placeOne,
  triggerReady(ctx, frame, specs) {
    push(ctx, frame, specs, "trigger", { player: opponentOf(ctx.state, frame.controller), passes: 0 });
  },
  windowOpen: (state: GameState) => state.stack.length > 0 && state.priority !== null,
  resolveIfSettled(ctx) {
    const { state } = ctx;
    if (!state.priority || state.priority.passes < state.order.length || state.stack.length === 0) return false;
    const item = state.stack.pop()!;
    const { frame } = item;
    // The rest of a phase's steps (or its end) goes on: the window is closed.
    if (item.kind === "rule") flowTo(ctx, "open");
    else {
      flowTo(ctx, "stack.resolving");
      emit(ctx, "pop", `${frame.label} resolves from the stack`, { card: frame.card, name: nameOf(ctx, frame), ability: frame.ability, player: frame.controller, source: frame.source });
      if (fizzles(ctx, frame, item.targetSpecs)) {
        flowTo(ctx, "stack.fizzle");
        emit(ctx, "fizzle", `${frame.label} fizzles: its target is no longer legal`, { card: frame.card, name: nameOf(ctx, frame), ability: frame.ability, player: frame.controller, source: frame.source });
        frame.steps = [];
      }
    }
    state.frames.push(frame);
    state.priority = state.stack.length > 0 ? { player: state.active, passes: 0 } : null;
    return true;
  },
  pass(ctx, player) {
    const { state } = ctx;
    if (!state.priority) return;
    state.priority = { player: opponentOf(state, player), passes: state.priority.passes + 1 };
  },
  changePhase(ctx) {
    const { state, rules } = ctx;
    const phase = rules.phase(state.phase);
    if (!phase || phase.auto) return false;
    // The active player's end of the phase is their pass on an empty stack: the opponent may still act.
    pushContinuation(ctx, [{ op: "rule", rule: PHASE_END }], `end of ${state.active}'s ${state.phase} phase`, { player: opponentOf(state, state.active), passes: 1 });
    return true;
  },
};

function changePhaseNow(ctx: Ctx): void {
  const { value, actions } = ctx.rules.flow.send(ctx.state.flow, { type: "PHASE_DONE" });
  ctx.state.flow = value;
  for (const action of actions) runFlowAction(ctx, action);
}

// Both players passed on an empty stack: the phase ends. Its end triggers resolve first.
registerNativeRule(PHASE_END, (ctx) => {
  const { state } = ctx;
  state.phaseEndRaised = state.phase;
  const before = state.noted.length;
  noteEvent(ctx, "phase_end", { player: state.active, phase: state.phase });
  if (state.noted.length > before) {
    pushContinuation(ctx, [{ op: "rule", rule: PHASE_CHANGE }], `end of ${state.active}'s ${state.phase} phase`, { player: state.active, passes: 0 });
    return "done";
  }
  changePhaseNow(ctx);
  return "done";
});
registerNativeRule(PHASE_CHANGE, (ctx) => {
  changePhaseNow(ctx);
  return "done";
});

// `respond`: the rest of the phase's steps wait under a response window (active player first).
registerNativeRule("respond", (ctx, frame) => {
  const rest = frame.steps.slice(frame.pc + 1);
  frame.steps = frame.steps.slice(0, frame.pc + 1);
  const next = rest.find((s) => s.op === "rule");
  const label = `${ctx.state.phase}${next && next.op === "rule" ? ` (before ${next.rule.replace(/_/g, " ")})` : ""}`;
  // The step before may say who acts first and how many passes its own act counts for (`$priority`: player, passes).
  const hint = frame.chosen["$priority"];
  delete frame.chosen["$priority"];
  const first = hint?.[0] && ctx.state.players[hint[0]] ? hint[0] : ctx.state.active;
  pushContinuation(ctx, rest, label, { player: first, passes: Number(hint?.[1] ?? 0) || 0 }, frame);
  return "done";
});


// Spells are not cast in the phases `spells_forbidden_in` names (any phase of any player's turn otherwise).
export const stackTimingMechanic: Mechanic = {
  name: "stack-timing",
  applies: (rules) => rules.param("response_model", "instant") === "stack" && rules.param("spells_forbidden_in", "") !== "",
  refine(ctx, action) {
    if (action.type !== "play") return null;
    const card = ctx.state.cards[action.card];
    if (!card || isPermanent(ctx, cardDef(ctx, card))) return null;
    if (ctx.rules.words("spells_forbidden_in").has(ctx.state.phase.toLowerCase())) return { code: "wrong_phase", message: `spells cannot be played during the ${ctx.state.phase} phase` };
    return null;
  },
};
