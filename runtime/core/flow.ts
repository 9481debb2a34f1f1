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

  // The machine has no context and no guards: a transition depends on (state, event type) only.
  // Every transition is computed once here, through XState, into a table the engine then reads
  // (simulation sends millions of events); values in the table are frozen and shared by states.
  const freeze = <T>(value: T): T => {
    if (value && typeof value === "object") {
      for (const v of Object.values(value)) freeze(v);
      Object.freeze(value);
    }
    return value;
  };
  const [initialSnapshot, initialActions] = initialTransition(machine);
  const initial = freeze({ value: initialSnapshot.value as unknown, actions: toActions(initialActions as never) });
  const eventTypes: FlowEvent["type"][] = ["PHASE_DONE", "NEED_CHOICE", "OPEN_WINDOW", "SETTLED", "GAME_OVER"];
  const stateKey = (value: unknown): string => {
    if (typeof value === "string") return value;
    const turn = (value as { turn?: unknown } | null)?.turn;
    if (typeof turn === "string") return `${turn}.open`;
    const [phase, sub] = Object.entries((turn ?? {}) as Record<string, unknown>)[0] ?? [];
    return `${phase}.${typeof sub === "string" ? sub : "open"}`;
  };
  const table = new Map<string, Map<string, { value: unknown; actions: FlowAction[] }>>();
  const values: unknown[] = ["over", ...phases.flatMap((phase) => (["open", "choice", "window"] as const).map((sub) => ({ turn: { [phase]: sub } })))];
  for (const value of values) {
    const row = new Map<string, { value: unknown; actions: FlowAction[] }>();
    const snapshot = machine.resolveState({ value: value as never, context: {} });
    for (const type of eventTypes) {
      const [next, actions] = transition(machine, snapshot, { type } as FlowEvent);
      row.set(type, freeze({ value: next.value as unknown, actions: toActions(actions as never) }));
    }
    table.set(stateKey(value), row);
  }
  return {
    machine,
    initial() {
      return initial;
    },
    send(value, event) {
      const known = table.get(stateKey(value))?.get(event.type);
      if (!known) throw new Error(`the turn machine has no state ${JSON.stringify(value)}`);
      return known;
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
