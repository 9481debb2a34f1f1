/**
 * The turn machine (XState v5), built from the game file's phases. It is used only through the
 * pure `transition(machine, snapshot, event)` API: the engine keeps the snapshot's value inside
 * the JSON game state, restores it with `resolveState`, and executes the actions a transition
 * returns itself (entering a phase, passing the turn). No actor runs, so stepping, simulation
 * and time travel are plain function calls.
 *
 * Shape: `turn` holds one state per phase, in order; the last phase's PHASE_DONE passes the turn
 * and re-enters the first. Each phase has three sub-states the engine keeps in step with the game
 * state: `open` (the player who must act has a free decision), `choice` (a resolution waits for a
 * player's choice) and `window` (a response window: priority passes between players). `over` is final.
 */
import { setup, transition, initialTransition, type AnyStateMachine } from "xstate";
import type { CompiledGame } from "../../compiler/ir.ts";

export type FlowEvent =
  | { type: "PHASE_DONE" }
  | { type: "NEED_CHOICE" }
  | { type: "OPEN_WINDOW" }
  | { type: "SETTLED" }
  | { type: "GAME_OVER" };

/** Actions the machine asks the engine to perform, in order. */
export type FlowAction = { type: "enterPhase"; phase: string } | { type: "exitPhase"; phase: string } | { type: "passTurn" };

export type Substate = "open" | "choice" | "window";

export interface Flow {
  machine: AnyStateMachine;
  /** The initial snapshot value and the actions of entering the first phase. */
  initial(): { value: unknown; actions: FlowAction[] };
  send(value: unknown, event: FlowEvent): { value: unknown; actions: FlowAction[] };
  phaseOf(value: unknown): string | null;
  substateOf(value: unknown): Substate | null;
  isOver(value: unknown): boolean;
}

export function buildFlow(game: CompiledGame): Flow {
  const phases = game.phases.length > 0 ? game.phases.map((p) => p.name) : ["Main"];
  const phaseStates: Record<string, object> = {};
  phases.forEach((phase, index) => {
    const last = index === phases.length - 1;
    const next = phases[last ? 0 : index + 1]!;
    phaseStates[phase] = {
      entry: { type: "enterPhase", params: { phase } },
      exit: { type: "exitPhase", params: { phase } },
      initial: "open",
      states: {
        open: { on: { NEED_CHOICE: "choice", OPEN_WINDOW: "window" } },
        choice: { on: { SETTLED: "open", OPEN_WINDOW: "window" } },
        window: { on: { SETTLED: "open", NEED_CHOICE: "choice" } },
      },
      on: {
        // Re-entering the first phase from the last one is a new turn.
        PHASE_DONE: { target: `#flow.turn.${next}`, ...(last ? { actions: { type: "passTurn" } } : {}) },
      },
    };
  });
  const machine = setup({
    types: {} as { events: FlowEvent },
  }).createMachine({
    id: "flow",
    initial: "turn",
    states: {
      turn: { initial: phases[0]!, states: phaseStates, on: { GAME_OVER: "over" } },
      over: { type: "final" },
    },
  });

  const toActions = (actions: { type: string; params?: unknown }[]): FlowAction[] =>
    actions
      .filter((a) => a.type === "enterPhase" || a.type === "exitPhase" || a.type === "passTurn")
      .map((a) => (a.type === "passTurn" ? { type: "passTurn" } : ({ type: a.type, phase: (a.params as { phase: string }).phase } as FlowAction)));

  const memo = new Map<string, { value: unknown; actions: FlowAction[] }>();
  return {
    machine,
    initial() {
      const [snapshot, actions] = initialTransition(machine);
      return { value: snapshot.value, actions: toActions(actions as never) };
    },
    send(value, event) {
      // The machine has no context and no guards: a transition depends on (state value, event type)
      // only, so each one is computed once through XState and then reused (simulation calls this a lot).
      const key = `${JSON.stringify(value)}|${event.type}`;
      const known = memo.get(key);
      if (known) return { value: structuredClone(known.value), actions: known.actions };
      const snapshot = machine.resolveState({ value: value as never, context: {} });
      const [next, actions] = transition(machine, snapshot, event);
      const result = { value: next.value, actions: toActions(actions as never) };
      memo.set(key, result);
      return { value: structuredClone(result.value), actions: result.actions };
    },
    phaseOf(value) {
      if (typeof value !== "object" || value === null || !("turn" in value)) return null;
      const turn = (value as { turn: unknown }).turn;
      if (typeof turn === "string") return turn;
      return Object.keys(turn as object)[0] ?? null;
    },
    substateOf(value) {
      if (typeof value !== "object" || value === null || !("turn" in value)) return null;
      const turn = (value as { turn: unknown }).turn;
      if (typeof turn !== "object" || turn === null) return "open";
      const sub = Object.values(turn)[0];
      return (typeof sub === "string" ? sub : "open") as Substate;
    },
    isOver(value) {
      return value === "over";
    },
  };
}
