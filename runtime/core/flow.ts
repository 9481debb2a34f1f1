/**
 * The game's statechart (XState v5), built from its game file: the turn's phases in order, and in
 * each phase whether the player who must act has a free decision (`open`), a resolution waits for
 * a choice (`choice`), or — in a game whose response model opens windows (`stack`, `chain`) — a
 * response window is open (`window`), held by the active player or by the opponent. `over` is final.
 * The last phase's PHASE_DONE passes the turn and re-enters the first.
 *
 * It is used only through the pure `transition(machine, snapshot, event)` API, once per loaded game:
 * every (state, event) pair is computed into a table the engine reads (the machine has no context
 * and no guards). The engine keeps the state's value inside the JSON game state and performs the
 * actions a transition returns itself (entering a phase, passing the turn); it sends the sub-state
 * events to keep the chart in step with the game state after every settle (core/settle.ts). No
 * actor runs, so stepping, simulation and time travel are plain function calls.
 */
import { setup, transition, initialTransition, type AnyStateMachine } from "xstate";
import type { CompiledGame } from "../../compiler/ir.ts";

export type FlowEvent =
  | { type: "PHASE_DONE" }
  | { type: "NEED_CHOICE" }
  | { type: "OPEN_WINDOW" }
  | { type: "SETTLED" }
  | { type: "GAME_OVER" }
  | { type: "PRIORITY_TO_ACTIVE_PLAYER" }
  | { type: "PRIORITY_TO_OPPONENT" };

const EVENT_TYPES: FlowEvent["type"][] = ["PHASE_DONE", "NEED_CHOICE", "OPEN_WINDOW", "SETTLED", "GAME_OVER", "PRIORITY_TO_ACTIVE_PLAYER", "PRIORITY_TO_OPPONENT"];

/** Who holds priority in an open response window, relative to the turn. */
export type PriorityHolder = "active_player" | "opponent";

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
  /** In an open window: who holds priority; null outside a window. */
  holderOf(value: unknown): PriorityHolder | null;
  isOver(value: unknown): boolean;
  /** Does this game's chart have response windows (its response model opens them)? */
  hasWindows: boolean;
}

/** The path of state names a snapshot value stands for: `{turn: {Main: {window: "opponent"}}}` → turn, Main, window, opponent. */
export function statePath(value: unknown): string[] {
  const path: string[] = [];
  let at = value;
  while (at && typeof at === "object") {
    const [key, next] = Object.entries(at as Record<string, unknown>)[0] ?? [];
    if (key === undefined) break;
    path.push(key);
    at = next;
  }
  if (typeof at === "string") path.push(at);
  return path;
}

/**
 * The chart of a game: `windows` when its response model opens response windows (the stack,
 * Chromatic's chains; not Duel's immediate resolution), named by `model` in the chart's meta.
 */
export function buildFlow(game: CompiledGame, model: { name: string; windows: boolean } = { name: "instant", windows: false }): Flow {
  const phases = game.phases.length > 0 ? game.phases.map((p) => p.name) : ["Main"];
  const phaseStates: Record<string, object> = {};
  phases.forEach((phase, index) => {
    const last = index === phases.length - 1;
    const next = phases[last ? 0 : index + 1]!;
    phaseStates[phase] = {
      entry: { type: "enterPhase", params: { phase } },
      exit: { type: "exitPhase", params: { phase } },
      initial: "open",
      meta: { phase },
      states: model.windows
        ? {
            open: { on: { NEED_CHOICE: "choice", OPEN_WINDOW: "window" } },
            choice: { on: { SETTLED: "open", OPEN_WINDOW: "window" } },
            window: {
              meta: { model: model.name },
              initial: "active_player",
              states: {
                active_player: { on: { PRIORITY_TO_OPPONENT: "opponent" } },
                opponent: { on: { PRIORITY_TO_ACTIVE_PLAYER: "active_player" } },
              },
              on: { SETTLED: "open", NEED_CHOICE: "choice" },
            },
          }
        : {
            open: { on: { NEED_CHOICE: "choice" } },
            choice: { on: { SETTLED: "open" } },
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
    meta: { game: game.id, responseModel: model.name },
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
  const table = new Map<string, Map<string, { value: unknown; actions: FlowAction[] }>>();
  const rowOf = (snapshot: ReturnType<typeof machine.resolveState>) => {
    const row = new Map<string, { value: unknown; actions: FlowAction[] }>();
    for (const type of EVENT_TYPES) {
      const [next, actions] = transition(machine, snapshot, { type } as FlowEvent);
      row.set(type, freeze({ value: next.value as unknown, actions: toActions(actions as never) }));
    }
    return row;
  };
  for (const path of leafPaths(machine.root)) table.set(path.join("."), rowOf(machine.resolveState({ value: valueOfPath(path) as never, context: {} })));
  const rowFor = (value: unknown) => {
    const key = statePath(value).join(".");
    let row = table.get(key);
    if (!row) {
      // A value that names a compound state (saved before its children existed): XState resolves it to a leaf.
      const snapshot = machine.resolveState({ value: value as never, context: {} });
      row = table.get(statePath(snapshot.value).join("."));
      if (row) table.set(key, row);
    }
    return row;
  };
  return {
    machine,
    initial() {
      return initial;
    },
    send(value, event) {
      const known = rowFor(value)?.get(event.type);
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
      const path = statePath(value);
      if (path[0] !== "turn" || path.length < 2) return null;
      return (path[2] ?? "open") as Substate;
    },
    holderOf(value) {
      const path = statePath(value);
      return path[0] === "turn" && path[2] === "window" ? ((path[3] ?? "active_player") as PriorityHolder) : null;
    },
    hasWindows: model.windows,
    isOver(value) {
      return value === "over";
    },
  };
}

/** Every leaf state of the chart, as its path of state names. */
function leafPaths(node: AnyStateMachine["root"], prefix: string[] = []): string[][] {
  const children = Object.values(node.states);
  if (children.length === 0) return [prefix];
  return children.flatMap((child) => leafPaths(child, [...prefix, child.key]));
}

/** The snapshot value of a leaf path: turn, Main, window, opponent → `{turn: {Main: {window: "opponent"}}}`. */
function valueOfPath(path: string[]): unknown {
  let value: unknown = path[path.length - 1];
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i]!]: value };
  return value;
}
