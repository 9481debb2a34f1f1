/**
 * The game's statechart (XState v5), built from its game file: the turn's phases in order; in a
 * phase with step lines (`phase Battle { declare_attackers; respond; ... }`) two parallel regions —
 * `steps`, one state per step line in order and `done` once they have run, and `activity` — else
 * the activity alone. The activity is whether the player who must act has a free decision (`open`)
 * or a resolution waits for a choice (`choice`), beside the states the game's response model adds
 * (its `chart`, defined in runtime/models/*.ts): CYBERVAMP's stack being built (who holds
 * priority), its top resolving, a fizzle; Chromatic's actions waiting for priority, its 17.1 chains
 * (built, ordered, resolving, the opponent's appended abilities), the priority before a phase
 * ends; Duel's immediate resolution. A choice made while something resolves is that resolving
 * state's own `choice`. `over` is final. The last phase's PHASE_DONE passes the turn and re-enters
 * the first. Every state's meta names the game-file line that defines it (`source`).
 *
 * It is used only through XState's pure transition (`machine.transition` with one inert actor scope,
 * as `transition(machine, snapshot, event)` does with a new one per call), once per loaded game: each
 * configuration's row is computed the first time the game is there (a later step of a phase reuses
 * its first step's row: the two regions are independent) into a table the engine reads (the machine
 * has no context and no guards; test/runtime/statechart.test.ts compares the table with
 * `transition()`). The engine keeps the state's value inside the JSON
 * game state and performs the actions a transition returns itself (entering a phase, passing the
 * turn). The engine says where the game is (`moveTo`: a response model at its moments — an item
 * pushed, popped, fizzled, a chain begun, an ability fired — and core/settle.ts whenever a player
 * must decide; `toStep`: a phase's step begins, core/effects.ts) and the chart gets there by its own
 * transitions (the shortest path of events, computed once per pair of configurations). No actor
 * runs, so stepping, simulation and time travel are plain function calls.
 */
import { createActor, setup, initialTransition, type AnyActorScope, type AnyStateMachine, type EventObject } from "xstate";
import type { CompiledGame, PhaseDef, SourceRef } from "../../compiler/ir.ts";
import type { GameState } from "../state/state.ts";

/** An event of the chart; the response models' charts name their own (PUSH, RESOLVE, FIZZLE, FIRE...). */
export type FlowEvent = { type: string };

/** Who holds priority in an open response window, relative to the turn. */
export type PriorityHolder = "active_player" | "opponent";

/** Actions the machine asks the engine to perform, in order. */
export type FlowAction = { type: "enterPhase"; phase: string } | { type: "exitPhase"; phase: string } | { type: "passTurn" };

/** The state directly under the phase's activity: `open`, `choice`, or a response model's own (`stack`, `chain`, `phase_end`, ...). */
export type Substate = string;

/** What the chart's states carry in their meta: the game-file line that defines them, and which phase. */
export interface FlowStateMeta {
  source?: SourceRef;
  phase?: string;
  /** The game parameter the state comes from (`response_model`, `priority_actions`). */
  param?: string;
}

/** The region of a phase's step lines, and the region beside it (what the players do now). */
export const STEPS_REGION = "steps";
export const ACTIVITY_REGION = "activity";
/** The state of the steps region once every step line of the phase has run. */
export const STEPS_DONE = "done";

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
  /**
   * Where the game is when a player must decide: a leaf below the phase's activity (`open`,
   * `choice`, `stack.building.opponent`, `stack.resolving.choice`). `current` is where the chart is
   * now (a choice asked while something resolves stays inside that resolution).
   */
  decisionLeaf(state: GameState, current: string | null): string;
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

/**
 * A resolution that may stop for a player's choice: `running`, and `choice` (a choice asked while
 * it resolves stays inside it, so the chart shows what is resolving). `on` are its own transitions.
 */
export function resolution(meta: FlowStateMeta, description: string, on: Record<string, string> = {}): object {
  return {
    meta,
    description,
    initial: "running",
    on: { NEED_CHOICE: ".choice", ...on },
    states: {
      running: { meta, description: "its effects run" },
      choice: { meta, description: "a player makes a choice the resolution asks for", on: { CHOSEN: "running" } },
    },
  };
}

/** Who holds priority in a game state, relative to the turn. */
export const holderIn = (state: GameState): PriorityHolder => (state.priority?.player === state.active ? "active_player" : "opponent");

/** One configuration of the chart: a phase, the leaf of its activity, the state of its steps (null: the phase has no step lines). */
export interface FlowConfiguration {
  value: unknown;
  phase: string;
  leaf: string;
  step: string | null;
}

export interface Flow {
  machine: AnyStateMachine;
  /** The initial snapshot value and the actions of entering the first phase. */
  initial(): { value: unknown; actions: FlowAction[] };
  send(value: unknown, event: FlowEvent): { value: unknown; actions: FlowAction[] };
  /**
   * The chart moved, by its own transitions inside the current phase, to `leaf` of its activity (a
   * path below it: `stack.resolving`; a compound state is entered at its initial leaf), the phase's
   * step unchanged; `events` are the transitions taken. Null when the phase has no such state.
   */
  moveTo(value: unknown, leaf: string): { value: unknown; events: readonly string[] } | null;
  /**
   * The phase's step line `line` (an index of `PhaseDef.lines`; past the last: `done`) begins, or —
   * `ended` — has run as the last step of its frame (`done` if it is the phase's last line): the
   * chart's value there, or null when it is there already or the phase has no such step.
   */
  toStep(value: unknown, line: number, ended?: boolean): unknown | null;
  /** The events that lead from one value to the next, if one is reached from the other inside a phase, by PHASE_DONE or GAME_OVER. */
  eventsBetween(from: unknown, to: unknown): readonly string[] | null;
  phaseOf(value: unknown): string | null;
  /** The state directly under the phase's activity (`open`, `choice`, `stack`, `chain`, ...); null outside the turn. */
  substateOf(value: unknown): Substate | null;
  /** The path below the phase's activity, dotted (`stack.building.opponent`); null outside the turn. */
  leafOf(value: unknown): string | null;
  /** The state of the phase's steps region (`declare_blockers`, `done`); null outside the turn or in a phase without step lines. */
  stepOf(value: unknown): string | null;
  /** The step states of a phase in order (`done` last); empty for a phase without step lines. */
  stepsOf(phase: string): readonly string[];
  /** In an open window: who holds priority; null outside a window. */
  holderOf(value: unknown): PriorityHolder | null;
  isOver(value: unknown): boolean;
  /** Does this game's chart have response windows (its response model opens them)? */
  hasWindows: boolean;
  /** Where the game is when a player must decide (the response model's reading of a game state). */
  decisionLeaf(state: GameState): string;
  /** The chart in a phase with nothing to do but decide (`open`; its step lines, if any, have run): a board set up in that phase. */
  settledIn(phase: string): unknown;
  /** The chart as a phase is entered (`open`, at its first step line, if any): a board set up at the start of an automatic phase. */
  enteredIn(phase: string): unknown;
  /** Every configuration the chart can be in during a turn (each phase's activity leaves × its step states). */
  configurations: readonly FlowConfiguration[];
}

/** The path of state names a single-region value stands for: `{window: "opponent"}` → window, opponent. */
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

/** A phase's value split into its regions: the activity's value, and the step state (null: no steps region). */
function regionsOf(phaseValue: unknown): { activity: unknown; step: string | null } {
  if (phaseValue && typeof phaseValue === "object" && STEPS_REGION in phaseValue) {
    const v = phaseValue as Record<string, unknown>;
    return { activity: v[ACTIVITY_REGION], step: typeof v[STEPS_REGION] === "string" ? (v[STEPS_REGION] as string) : null };
  }
  return { activity: phaseValue, step: null };
}

/** The first key of the `turn` object of a value, and its phase value. */
function phaseEntry(value: unknown): [string, unknown] | null {
  const turn = value && typeof value === "object" ? (value as Record<string, unknown>)["turn"] : undefined;
  if (!turn || typeof turn !== "object") return null;
  for (const phase in turn as Record<string, unknown>) return [phase, (turn as Record<string, unknown>)[phase]];
  return null;
}

/** The state name a step line gets: its first word (`draw renew_draw` → draw), made unique in its phase. */
function stepKeys(phase: PhaseDef): string[] {
  const used = new Set([STEPS_DONE]);
  return (phase.lines ?? []).map((line) => {
    const word = (line.text.split(/\s+/)[0] ?? "").replace(/[^A-Za-z0-9_-]/g, "_").toLowerCase() || "step";
    let key = word;
    for (let n = 2; used.has(key); n++) key = `${word}_${n}`;
    used.add(key);
    return key;
  });
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
  /** Phase → its step states in order, `done` last (none for a phase without step lines). */
  const stepStates = new Map<string, string[]>();
  phases.forEach((phase, index) => {
    const last = index === phases.length - 1;
    const next = phases[last ? 0 : index + 1]!.name;
    const keys = stepKeys(phase);
    const at = keys.length > 0 ? `#flow.turn.${phase.name}.${ACTIVITY_REGION}` : `#flow.turn.${phase.name}`;
    const meta: FlowStateMeta = { phase: phase.name, source: phase.source };
    const own = chart.states(phase, { to: (leaf) => `${at}.${leaf}`, source, game });
    const activity = {
      initial: "open",
      meta,
      states: {
        open: { meta, description: "no window and no choice: the phase's steps run, or the player who must act decides freely" },
        choice: { meta, description: "a player makes a choice the phase or a rule asks for" },
        ...own.states,
      },
      on: { NEED_CHOICE: `${at}.choice`, SETTLED: `${at}.open`, ...own.on },
    };
    const phaseDone = {
      // Re-entering the first phase from the last one is a new turn.
      PHASE_DONE: { target: `#flow.turn.${next}`, ...(last ? { actions: { type: "passTurn" } } : {}) },
    };
    const entry = { type: "enterPhase", params: { phase: phase.name } };
    const exit = { type: "exitPhase", params: { phase: phase.name } };
    if (keys.length === 0) {
      phaseStates[phase.name] = { entry, exit, ...activity, on: { ...activity.on, ...phaseDone } };
      return;
    }
    stepStates.set(phase.name, [...keys, STEPS_DONE]);
    const steps: Record<string, object> = {};
    keys.forEach((key, i) => {
      const line = phase.lines![i]!;
      steps[key] = { meta: { phase: phase.name, source: line.source }, description: `step ${i + 1}: ${line.text}`, on: { NEXT_STEP: keys[i + 1] ?? STEPS_DONE } };
    });
    steps[STEPS_DONE] = { meta, description: phase.auto ? "the phase's steps have run: it ends when nothing is left to resolve" : "the phase's steps have run: the active player acts until they end the phase" };
    phaseStates[phase.name] = {
      type: "parallel",
      entry,
      exit,
      meta,
      states: {
        [STEPS_REGION]: { meta, description: "the phase's step lines, in order", initial: keys[0], states: steps },
        [ACTIVITY_REGION]: { ...activity, description: "what the players do now" },
      },
      on: phaseDone,
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

  // The machine has no context and no guards: a transition depends on (configuration, event type)
  // only. Each configuration's transitions are computed once, through XState, the first time the
  // game is there, into a table the engine then reads (simulation sends millions of events);
  // values in the table are frozen and shared by states.
  const freeze = <T>(value: T): T => {
    if (value && typeof value === "object") {
      for (const v of Object.values(value)) freeze(v);
      Object.freeze(value);
    }
    return value;
  };
  const keyFor = (phase: string, leaf: string, step: string | null) => `turn.${phase}.${leaf}${step === null ? "" : `@${step}`}`;
  /** A value's configuration, remembered for the table's own (shared, frozen) values. */
  const parsed = new WeakMap<object, FlowConfiguration | null>();
  let lastValue: unknown = null;
  let lastParsed: FlowConfiguration | null = null;
  const parse = (value: unknown): FlowConfiguration | null => {
    if (value === null || typeof value !== "object") return null;
    // The engine asks about the same value many times in a row (settling reads its leaf, step, phase).
    if (value === lastValue) return lastParsed;
    let known = parsed.get(value);
    if (known === undefined) {
      const entry = phaseEntry(value);
      if (entry) {
        const { activity, step } = regionsOf(entry[1]);
        // A value from before the phase had step lines (a saved game, a set-up board): its steps are over.
        known = { value, phase: entry[0], leaf: statePath(activity).join("."), step: step ?? (stepStates.has(entry[0]) ? STEPS_DONE : null) };
      } else known = null;
      parsed.set(value, known);
    }
    lastValue = value;
    lastParsed = known;
    return known;
  };
  const keyOf = (value: unknown): string => {
    const at = parse(value);
    return at ? keyFor(at.phase, at.leaf, at.step) : statePath(value).join(".");
  };
  const eventTypes = eventsOf(machine.root);
  const [initialSnapshot, initialActions] = initialTransition(machine);
  const initial = freeze({ value: initialSnapshot.value as unknown, actions: toActions(initialActions as never) });

  // Every configuration of the turn: each phase's activity leaves × its step states.
  const configurations: FlowConfiguration[] = [];
  const byKey = new Map<string, unknown>();
  for (const phase of phases) {
    const node = machine.root.states["turn"]!.states[phase.name]!;
    const steps = stepStates.get(phase.name);
    const activityNode = steps ? node.states[ACTIVITY_REGION]! : node;
    for (const path of leafPaths(activityNode)) {
      const leaf = path.join(".");
      for (const step of steps ?? [null]) {
        const activity = valueOfPath(path);
        const value = freeze({ turn: { [phase.name]: step === null ? activity : { [STEPS_REGION]: step, [ACTIVITY_REGION]: activity } } });
        const configuration = { value, phase: phase.name, leaf, step };
        parsed.set(value, configuration);
        configurations.push(configuration);
        byKey.set(keyFor(phase.name, leaf, step), value);
      }
    }
  }
  byKey.set("over", "over");

  type Entry = { value: unknown; actions: FlowAction[]; key: string };
  const table = new Map<string, Map<string, Entry>>();
  const transition = pureTransition(machine);
  /** The transitions of a configuration through XState, for the events its active states handle. */
  const computeRow = (value: unknown): Map<string, Entry> => {
    const snapshot = machine.resolveState({ value: value as never, context: {} });
    const row = new Map<string, Entry>();
    for (const type of handledEvents(machine.root, value, eventTypes)) {
      const [next, actions] = transition(snapshot, { type });
      const nextValue = freeze(next.value as unknown);
      row.set(type, freeze({ value: nextValue, actions: toActions(actions as never), key: keyOf(nextValue) }));
    }
    return row;
  };
  // A phase's two regions are independent (no event is handled in both, checked here): a
  // configuration at a later step has the transitions of the same activity at the first step, with
  // its own step kept, and its own NEXT_STEP — so XState computes each activity's row once per phase.
  const independent = [...stepStates.keys()].every((phase) => {
    const node = machine.root.states["turn"]!.states[phase]!;
    const stepEvents = new Set(eventsOf(node.states[STEPS_REGION]!));
    return eventsOf(node.states[ACTIVITY_REGION]!).every((type) => !stepEvents.has(type));
  });
  const entryAt = (phase: string, leaf: string, step: string | null, actions: FlowAction[]): Entry | undefined => {
    const key = keyFor(phase, leaf, step);
    const value = byKey.get(key);
    return value === undefined ? undefined : freeze({ value, actions, key });
  };
  const rowOfKey = (key: string): Map<string, Entry> | undefined => {
    let row = table.get(key);
    if (row) return row;
    const value = byKey.get(key);
    if (value === undefined) return undefined;
    const at = parse(value);
    const steps = at?.step != null ? stepStates.get(at.phase) : undefined;
    // `open` at each step is computed in full: its NEXT_STEP is the steps region's own transition.
    if (!independent || !at || !steps || at.step === steps[0] || at.leaf === "open") row = computeRow(value);
    else {
      row = new Map();
      for (const [type, entry] of rowOfKey(keyFor(at.phase, at.leaf, steps[0]!))!) {
        if (type === "NEXT_STEP") continue;
        const next = parse(entry.value);
        // Inside the phase: the same activity move, this configuration's step kept; leaving it: the same.
        const moved = next && next.phase === at.phase && next.step === steps[0] ? entryAt(at.phase, next.leaf, at.step, entry.actions) : entry;
        if (moved) row.set(type, moved);
      }
      const stepped = rowOfKey(keyFor(at.phase, "open", at.step))!.get("NEXT_STEP");
      const nextStep = stepped ? parse(stepped.value)?.step : undefined;
      const entry = nextStep ? entryAt(at.phase, at.leaf, nextStep, stepped!.actions) : undefined;
      if (entry) row.set("NEXT_STEP", entry);
    }
    table.set(key, row);
    return row;
  };
  const rowFor = (value: unknown) => {
    const key = keyOf(value);
    let row = rowOfKey(key);
    if (!row && value !== null && (typeof value === "object" || typeof value === "string")) {
      // A value that names a compound state (saved before its children existed): XState resolves it to a leaf.
      try {
        const snapshot = machine.resolveState({ value: value as never, context: {} });
        row = rowOfKey(keyOf(freeze(snapshot.value as unknown)));
      } catch {
        // Not a state of this chart (a value from another version of the game file).
        return undefined;
      }
      if (row) table.set(key, row);
    }
    return row;
  };
  // Shortest paths inside a phase (transitions without actions), found once per pair of configurations.
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
      for (const [type, entry] of rowOfKey(at.key) ?? []) {
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
  // A target leaf of an activity that names a compound state (`stack.resolving`): its initial leaf.
  const leaves = new Map<string, string | null>();
  const leafIn = (phase: string, leaf: string): string | null => {
    const memo = `${phase}\u0000${leaf}`;
    let known = leaves.get(memo);
    if (known === undefined) {
      known = null;
      const steps = stepStates.get(phase);
      const value = { turn: { [phase]: steps ? { [STEPS_REGION]: steps[0], [ACTIVITY_REGION]: valueOfPath(leaf.split(".")) } : valueOfPath(leaf.split(".")) } };
      try {
        const resolved = parse(freeze(machine.resolveState({ value: value as never, context: {} }).value as unknown));
        if (resolved && resolved.phase === phase) known = resolved.leaf;
      } catch {
        // Not a state of this phase.
      }
      leaves.set(memo, known);
    }
    return known;
  };
  // What the engine asks of a value on every step (send, moveTo, toStep) is remembered per value
  // object: the state holds the table's own frozen values, so a step reads one WeakMap and one small
  // Map instead of building key strings (a tenth of vanilla Duel's time went there).
  type Answers = { row?: Map<string, Entry> | null; moves?: Map<string, { value: unknown; events: readonly string[] } | null>; steps?: Map<number, unknown | null> };
  const answers = new WeakMap<object, Answers>();
  const answersFor = (value: object): Answers => {
    let known = answers.get(value);
    if (known === undefined) answers.set(value, (known = {}));
    return known;
  };
  const rowOfValue = (value: unknown): Map<string, Entry> | undefined => {
    if (value === null || typeof value !== "object") return rowFor(value);
    const known = answersFor(value);
    if (known.row === undefined) known.row = rowFor(value) ?? null;
    return known.row ?? undefined;
  };
  const moveTo = (value: unknown, leaf: string): { value: unknown; events: readonly string[] } | null => {
    const at = parse(value);
    if (!at) return null;
    if (at.leaf === leaf) return { value, events: [] };
    const target = leafIn(at.phase, leaf);
    if (target === null) return null;
    if (target === at.leaf) return { value, events: [] };
    return pathBetween(keyFor(at.phase, at.leaf, at.step), keyFor(at.phase, target, at.step));
  };
  const toStep = (value: unknown, line: number, ended: boolean): unknown | null => {
    const at = parse(value);
    if (!at || at.step === null) return null;
    const steps = stepStates.get(at.phase)!;
    if (ended && line + 1 < steps.length - 1) return null;
    const target = steps[Math.min(ended ? line + 1 : line, steps.length - 1)]!;
    if (target === at.step) return null;
    return pathBetween(keyFor(at.phase, at.leaf, at.step), keyFor(at.phase, at.leaf, target))?.value ?? null;
  };
  return {
    machine,
    initial() {
      return initial;
    },
    send(value, event) {
      const row = rowOfValue(value);
      if (!row) throw new Error(`the turn machine has no state ${JSON.stringify(value)}`);
      return row.get(event.type) ?? { value, actions: [] };
    },
    moveTo(value, leaf) {
      if (value === null || typeof value !== "object") return moveTo(value, leaf);
      const moves = (answersFor(value).moves ??= new Map());
      let known = moves.get(leaf);
      if (known === undefined) moves.set(leaf, (known = moveTo(value, leaf)));
      return known;
    },
    toStep(value, line, ended = false) {
      if (value === null || typeof value !== "object") return toStep(value, line, ended);
      const steps = (answersFor(value).steps ??= new Map());
      // (line ≥ 0 begins; -1 - line ended)
      const key = ended ? -1 - line : line;
      let known = steps.get(key);
      if (known === undefined) steps.set(key, (known = toStep(value, line, ended)));
      return known;
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
      return parse(value)?.phase ?? null;
    },
    substateOf(value) {
      const at = parse(value);
      if (!at) return null;
      const dot = at.leaf.indexOf(".");
      return (dot < 0 ? at.leaf : at.leaf.slice(0, dot)) || "open";
    },
    leafOf(value) {
      return parse(value)?.leaf ?? null;
    },
    stepOf(value) {
      return parse(value)?.step ?? null;
    },
    stepsOf(phase) {
      return stepStates.get(phase) ?? [];
    },
    holderOf(value) {
      const at = parse(value);
      if (!at) return null;
      const last = at.leaf.slice(at.leaf.lastIndexOf(".") + 1);
      return HOLDERS.has(last) ? (last as PriorityHolder) : null;
    },
    hasWindows: model.windows,
    isOver(value) {
      return value === "over";
    },
    settledIn(phase) {
      return byKey.get(keyFor(phase, "open", stepStates.has(phase) ? STEPS_DONE : null)) ?? { turn: { [phase]: "open" } };
    },
    enteredIn(phase) {
      return byKey.get(keyFor(phase, "open", stepStates.get(phase)?.[0] ?? null)) ?? { turn: { [phase]: "open" } };
    },
    decisionLeaf: (state) => chart.decisionLeaf(state, parse(state.flow)?.leaf ?? null),
    configurations,
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

/**
 * XState's pure `transition(machine, snapshot, event)` — the next snapshot and the actions to
 * execute, none executed — with one inert actor scope for the machine instead of a new actor per
 * call (that actor's start-up is ~95% of a call: 0.7–1.6 ms on Chromatic's chart). The chart has no
 * context, guards, invoked or spawned actors, so nothing lives in the scope between calls.
 */
function pureTransition(machine: AnyStateMachine): (snapshot: ReturnType<AnyStateMachine["resolveState"]>, event: EventObject) => [ReturnType<AnyStateMachine["resolveState"]>, { type: string; params?: unknown }[]] {
  const self = createActor(machine);
  let executed: { type: string; params?: unknown }[] = [];
  const scope: AnyActorScope = {
    self,
    id: "",
    sessionId: "",
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: (action) => {
      executed.push(action as { type: string; params?: unknown });
    },
  };
  return (snapshot, event) => {
    executed = [];
    const next = machine.transition(snapshot, event, scope);
    return [next, executed];
  };
}

/** The events the states a value is in handle (each region's states and their ancestors), in `order`. */
function handledEvents(root: AnyStateMachine["root"], value: unknown, order: readonly string[]): string[] {
  const handled = new Set<string>();
  const visit = (node: AnyStateMachine["root"], at: unknown) => {
    for (const type of Object.keys(node.on)) handled.add(type);
    if (typeof at === "string") {
      const child = node.states[at];
      if (child) for (const type of Object.keys(child.on)) handled.add(type);
    } else if (at && typeof at === "object") for (const [key, below] of Object.entries(at as Record<string, unknown>)) if (node.states[key]) visit(node.states[key]!, below);
  };
  visit(root, value);
  return order.filter((type) => handled.has(type));
}

/** Every leaf state below a state, as its path of state names. */
function leafPaths(node: AnyStateMachine["root"], prefix: string[] = []): string[][] {
  const children = Object.values(node.states);
  if (children.length === 0) return prefix.length > 0 ? [prefix] : [];
  return children.flatMap((child) => leafPaths(child, [...prefix, child.key]));
}

/** The snapshot value of a path: window, opponent → `{window: "opponent"}`. */
function valueOfPath(path: string[]): unknown {
  let value: unknown = path[path.length - 1];
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i]!]: value };
  return value;
}
