/**
 * The game's statechart (XState v5), built from its game file: the turn's phases in order, and in
 * each phase whether the player who must act has a free decision (`open`) or a resolution waits
 * for a choice (`choice`), beside the states the game's response model adds (its `chart`, defined
 * in runtime/models/*.ts): CYBERVAMP's stack being built (who holds priority), its top resolving,
 * a fizzle; Chromatic's actions waiting for priority, its 17.1 chains (built, ordered, resolving,
 * the opponent's appended abilities), the priority before a phase ends; Duel's immediate
 * resolution. `over` is final. The last phase's PHASE_DONE passes the turn and re-enters the first.
 * Every state's meta names the game-file line that defines it (`source`).
 *
 * It is used only through the pure `transition(machine, snapshot, event)` API, once per loaded game:
 * every (state, event) pair is computed into a table the engine reads (the machine has no context
 * and no guards). The engine keeps the state's value inside the JSON game state and performs the
 * actions a transition returns itself (entering a phase, passing the turn). The engine says where
 * the game is (`moveTo`: a response model at its moments — an item pushed, popped, fizzled, a chain
 * begun, an ability fired — and core/settle.ts whenever a player must decide) and the chart gets
 * there by its own transitions (the shortest path of events, computed once per pair of states). No
 * actor runs, so stepping, simulation and time travel are plain function calls.
 */
import { setup, transition, initialTransition, type AnyStateMachine } from "xstate";
import type { CompiledGame, PhaseDef, SourceRef } from "../../compiler/ir.ts";
import type { GameState } from "../state/state.ts";

/** An event of the chart; the response models' charts name their own (PUSH, RESOLVE, FIZZLE, FIRE...). */
export type FlowEvent = { type: string };

/** Who holds priority in an open response window, relative to the turn. */
export type PriorityHolder = "active_player" | "opponent";

/** Actions the machine asks the engine to perform, in order. */
export type FlowAction = { type: "enterPhase"; phase: string } | { type: "exitPhase"; phase: string } | { type: "passTurn" };

/** The state directly under the phase: `open`, `choice`, or a response model's own (`stack`, `chain`, `phase_end`, ...). */
export type Substate = string;

/** What the chart's states carry in their meta: the game-file line that defines them, and which phase. */
export interface FlowStateMeta {
  source?: SourceRef;
  phase?: string;
  /** The game parameter the state comes from (`response_model`, `priority_actions`). */
  param?: string;
}

/**
 * The states a response model adds to each phase of the chart, beside the core's `open` and
 * `choice` (runtime/models/*.ts define theirs).
 */
export interface ResponseChart {
  /**
   * Its states inside one phase of the game file (XState state configs) and the transitions every
   * state of that phase has. `to("stack.building")` names a state of this phase as a target;
   * `source(param)` is the game-file line of a parameter.
   */
  states(phase: PhaseDef, helpers: ChartHelpers): { states: Record<string, object>; on?: Record<string, string> };
  /** Where the game is when a player must decide: a leaf below the phase (`open`, `choice`, `stack.building.opponent`). */
  decisionLeaf(state: GameState): string;
}

export interface ChartHelpers {
  to(leaf: string): string;
  source(param: string): SourceRef | undefined;
  game: CompiledGame;
}

/** The core's chart for a model without one: `open`, `choice`. */
const PLAIN_CHART: ResponseChart = {
  states: () => ({ states: {} }),
  decisionLeaf: (state) => (state.pending ? "choice" : "open"),
};

/** A window's two states: who holds priority (the events move it between them). */
export function priorityHolders(meta: FlowStateMeta, description: string): object {
  return {
    meta,
    description,
    initial: "active_player",
    states: {
      active_player: { meta, description: "the active player holds priority", on: { PRIORITY_TO_OPPONENT: "opponent" } },
      opponent: { meta, description: "the active player's opponent holds priority", on: { PRIORITY_TO_ACTIVE_PLAYER: "active_player" } },
    },
  };
}

/** Who holds priority in a game state, relative to the turn. */
export const holderIn = (state: GameState): PriorityHolder => (state.priority?.player === state.active ? "active_player" : "opponent");

export interface Flow {
  machine: AnyStateMachine;
  /** The initial snapshot value and the actions of entering the first phase. */
  initial(): { value: unknown; actions: FlowAction[] };
  send(value: unknown, event: FlowEvent): { value: unknown; actions: FlowAction[] };
  /**
   * The chart moved, by its own transitions inside the current phase, to `leaf` (a path below the
   * phase: `stack.resolving`); `events` are the transitions taken. Null when the phase has no such state.
   */
  moveTo(value: unknown, leaf: string): { value: unknown; events: readonly string[] } | null;
  /** The events that lead from one value to the next, if one is reached from the other inside a phase, by PHASE_DONE or GAME_OVER. */
  eventsBetween(from: unknown, to: unknown): readonly string[] | null;
  phaseOf(value: unknown): string | null;
  /** The state directly under the phase (`open`, `choice`, `stack`, `chain`, ...); null outside the turn. */
  substateOf(value: unknown): Substate | null;
  /** The path below the phase, dotted (`stack.building.opponent`); null outside the turn. */
  leafOf(value: unknown): string | null;
  /** In an open window: who holds priority; null outside a window. */
  holderOf(value: unknown): PriorityHolder | null;
  isOver(value: unknown): boolean;
  /** Does this game's chart have response windows (its response model opens them)? */
  hasWindows: boolean;
  /** Where the game is when a player must decide (the response model's reading of a game state). */
  decisionLeaf(state: GameState): string;
  /** Every leaf state of the chart as its dotted path (`turn.Main.stack.building.opponent`). */
  leaves: readonly string[];
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

const HOLDERS = new Set(["active_player", "opponent"]);

/**
 * The chart of a game: its response model's `chart` adds the model's states to each phase;
 * `windows` when the model opens response windows (the stack, Chromatic's chains; not Duel's
 * immediate resolution), named by `name` in the chart's meta.
 */
export function buildFlow(game: CompiledGame, model: { name: string; windows: boolean; chart?: ResponseChart } = { name: "instant", windows: false }): Flow {
  const chart = model.chart ?? PLAIN_CHART;
  const phases: PhaseDef[] = game.phases.length > 0 ? game.phases : [{ name: "Main", auto: false, steps: [], source: game.source }];
  const source = (param: string): SourceRef | undefined => game.paramSources?.[param];
  const phaseStates: Record<string, object> = {};
  phases.forEach((phase, index) => {
    const last = index === phases.length - 1;
    const next = phases[last ? 0 : index + 1]!.name;
    const at = `#flow.turn.${phase.name}`;
    const meta: FlowStateMeta = { phase: phase.name, source: phase.source };
    const own = chart.states(phase, { to: (leaf) => `${at}.${leaf}`, source, game });
    phaseStates[phase.name] = {
      entry: { type: "enterPhase", params: { phase: phase.name } },
      exit: { type: "exitPhase", params: { phase: phase.name } },
      initial: "open",
      meta,
      states: {
        open: { meta, description: "the player who must act decides freely" },
        choice: { meta, description: "a resolution waits for a player's choice" },
        ...own.states,
      },
      on: {
        NEED_CHOICE: `${at}.choice`,
        SETTLED: `${at}.open`,
        ...own.on,
        // Re-entering the first phase from the last one is a new turn.
        PHASE_DONE: { target: `#flow.turn.${next}`, ...(last ? { actions: { type: "passTurn" } } : {}) },
      },
    };
  });
  const machine = setup({
    types: {} as { events: FlowEvent },
  }).createMachine({
    id: "flow",
    meta: { game: game.id, responseModel: model.name, source: game.source, responseModelSource: source("response_model") },
    initial: "turn",
    states: {
      turn: { initial: phases[0]!.name, states: phaseStates, on: { GAME_OVER: "#flow.over" } },
      over: { type: "final", meta: { source: game.source }, description: "the game is over" },
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
  // A value's leaf key (`turn.Main.open`), remembered for the table's own (shared, frozen) values.
  const keys = new WeakMap<object, string>();
  const keyOf = (value: unknown): string => {
    if (value === null || typeof value !== "object") return statePath(value).join(".");
    let key = keys.get(value);
    if (key === undefined) keys.set(value, (key = statePath(value).join(".")));
    return key;
  };
  const eventTypes = eventsOf(machine.root);
  const [initialSnapshot, initialActions] = initialTransition(machine);
  const initial = freeze({ value: initialSnapshot.value as unknown, actions: toActions(initialActions as never) });
  type Entry = { value: unknown; actions: FlowAction[]; key: string };
  const table = new Map<string, Map<string, Entry>>();
  const rowOf = (snapshot: ReturnType<typeof machine.resolveState>) => {
    const row = new Map<string, Entry>();
    for (const type of eventTypes) {
      const [next, actions] = transition(machine, snapshot, { type });
      const value = freeze(next.value as unknown);
      row.set(type, freeze({ value, actions: toActions(actions as never), key: keyOf(value) }));
    }
    return row;
  };
  const leaves = leafPaths(machine.root).map((path) => path.join("."));
  for (const path of leafPaths(machine.root)) table.set(path.join("."), rowOf(machine.resolveState({ value: valueOfPath(path) as never, context: {} })));
  const rowFor = (value: unknown) => {
    const key = keyOf(value);
    let row = table.get(key);
    if (!row && value !== null && (typeof value === "object" || typeof value === "string")) {
      // A value that names a compound state (saved before its children existed): XState resolves it to a leaf.
      try {
        const snapshot = machine.resolveState({ value: value as never, context: {} });
        row = table.get(statePath(snapshot.value).join("."));
      } catch {
        // Not a state of this chart (a value from another version of the game file).
        return undefined;
      }
      if (row) table.set(key, row);
    }
    return row;
  };
  // Shortest paths inside a phase (transitions without actions), found once per pair of states.
  const paths = new Map<string, { value: unknown; events: readonly string[] } | null>();
  const pathBetween = (fromKey: string, toKey: string): { value: unknown; events: readonly string[] } | null => {
    const memo = `${fromKey}>${toKey}`;
    const known = paths.get(memo);
    if (known !== undefined) return known;
    let found: { value: unknown; events: readonly string[] } | null = null;
    const seen = new Set([fromKey]);
    const queue: { key: string; value: unknown; events: string[] }[] = [{ key: fromKey, value: null, events: [] }];
    for (let i = 0; i < queue.length && !found; i++) {
      const at = queue[i]!;
      for (const [type, entry] of table.get(at.key) ?? []) {
        if (entry.actions.length > 0 || seen.has(entry.key)) continue;
        seen.add(entry.key);
        const step = { key: entry.key, value: entry.value, events: [...at.events, type] };
        if (entry.key === toKey) {
          found = freeze({ value: step.value, events: step.events });
          break;
        }
        queue.push(step);
      }
    }
    paths.set(memo, found);
    return found;
  };
  const phaseKeyOf = (value: unknown): { phase: string; leaf: string } | null => {
    const key = keyOf(value);
    if (!key.startsWith("turn.")) return null;
    const dot = key.indexOf(".", 5);
    return dot < 0 ? { phase: key.slice(5), leaf: "" } : { phase: key.slice(5, dot), leaf: key.slice(dot + 1) };
  };
  return {
    machine,
    initial() {
      return initial;
    },
    send(value, event) {
      const known = rowFor(value)?.get(event.type);
      if (!known) {
        if (!rowFor(value)) throw new Error(`the turn machine has no state ${JSON.stringify(value)}`);
        return { value, actions: [] };
      }
      return known;
    },
    moveTo(value, leaf) {
      const at = phaseKeyOf(value);
      if (!at) return null;
      if (at.leaf === leaf) return { value, events: [] };
      return pathBetween(keyOf(value), `turn.${at.phase}.${leaf}`);
    },
    eventsBetween(from, to) {
      if (from === undefined || from === null || to === undefined || to === null) return null;
      const fromKey = keyOf(from);
      const toKey = keyOf(to);
      if (fromKey === toKey) return [];
      const row = rowFor(from);
      if (!row) return null;
      for (const [type, entry] of row) if (entry.key === toKey) return [type];
      return pathBetween(fromKey, toKey)?.events ?? null;
    },
    phaseOf(value) {
      return phaseKeyOf(value)?.phase ?? null;
    },
    substateOf(value) {
      const at = phaseKeyOf(value);
      if (!at) return null;
      const dot = at.leaf.indexOf(".");
      return (dot < 0 ? at.leaf : at.leaf.slice(0, dot)) || "open";
    },
    leafOf(value) {
      return phaseKeyOf(value)?.leaf ?? null;
    },
    holderOf(value) {
      const at = phaseKeyOf(value);
      if (!at) return null;
      const last = at.leaf.slice(at.leaf.lastIndexOf(".") + 1);
      return HOLDERS.has(last) ? (last as PriorityHolder) : null;
    },
    hasWindows: model.windows,
    isOver(value) {
      return value === "over";
    },
    decisionLeaf: (state) => chart.decisionLeaf(state),
    leaves,
  };
}

/**
 * Every event a transition of the chart names: a state's children's before its own, so that the
 * shortest paths prefer the more particular transition (PRIORITY_TO_ACTIVE_PLAYER from `resolving`
 * over the phase-wide PUSH) when both lead to the same state.
 */
function eventsOf(node: AnyStateMachine["root"]): string[] {
  const events = new Set<string>();
  const walk = (n: AnyStateMachine["root"]) => {
    for (const child of Object.values(n.states)) walk(child);
    for (const type of Object.keys(n.on)) events.add(type);
  };
  walk(node);
  return [...events];
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
