/**
 * The board at any event of a game or a scenario run. The studio keeps the state after each
 * step (an action, a scenario line); the states inside a step are got by replaying that step's
 * action from the state before it with the engine's `statePerEvent` (engine.apply is pure and
 * deterministic), once, when a stepper first stops inside it. A replay whose events differ from
 * the recorded ones is not trusted: the board after the whole step is shown, marked inexact.
 * Pure: the table, the scenario stepper and the tests share it.
 */
import type { Action, Engine, GameState, TraceEvent } from "../../../runtime/index.ts";

export interface StepSegment {
  /** The step's events are `events[eventStart..eventEnd)` of the whole trace. */
  eventStart: number;
  eventEnd: number;
  /** The state before the step and after it. */
  before: GameState;
  after: GameState;
  /** The action the step applied; none for a setup or a sandbox edit (the board after it is exact for its events' end only). */
  action?: Action;
}

export interface BoardAtEvent {
  state: GameState;
  /** True when this is the board right after the event; false: the board after the event's whole step. */
  exact: boolean;
}

export class EventBoards {
  private readonly replayed = new Map<number, GameState[] | null>();

  constructor(
    private readonly engine: Engine,
    private readonly events: readonly TraceEvent[],
    private readonly segments: readonly StepSegment[],
  ) {}

  /** The board right after event `index` (before any event: the first segment's starting board). */
  at(index: number): BoardAtEvent | undefined {
    if (this.segments.length === 0) return undefined;
    if (index < 0) return { state: this.segments[0]!.before, exact: true };
    const s = this.segments.findIndex((seg) => index >= seg.eventStart && index < seg.eventEnd);
    if (s < 0) {
      // Past every segment's events (or between them): the board after the last segment that ended by then.
      const done = [...this.segments].reverse().find((seg) => seg.eventEnd <= index + 1) ?? this.segments[0]!;
      return { state: done.after, exact: true };
    }
    const segment = this.segments[s]!;
    if (index === segment.eventEnd - 1) return { state: segment.after, exact: true };
    const states = this.replay(s);
    const state = states?.[index - segment.eventStart];
    return state ? { state, exact: true } : { state: segment.after, exact: false };
  }

  private replay(s: number): GameState[] | null {
    if (this.replayed.has(s)) return this.replayed.get(s)!;
    const segment = this.segments[s]!;
    let states: GameState[] | null = null;
    if (segment.action) {
      try {
        const result = this.engine.apply(segment.before, segment.action, { statePerEvent: true });
        const recorded = this.events.slice(segment.eventStart, segment.eventEnd);
        if (result.ok && result.states && JSON.stringify(result.events) === JSON.stringify(recorded)) states = result.states;
      } catch {
        states = null;
      }
    }
    this.replayed.set(s, states);
    return states;
  }
}

/** A stack item as the steppers show it: who put it there, what it is, what it targets. */
export interface StackEntry {
  id: number;
  kind: string;
  controller: string;
  card?: string;
  cardName?: string;
  label: string;
  targets: { card?: string; name?: string; player?: string }[];
  source?: TraceEvent["source"];
}

/** The response stack of a state, top first, with owners and targets named. */
export function stackOf(engine: Engine, state: GameState): StackEntry[] {
  const nameOf = (id: string) => {
    const card = state.cards[id];
    return card ? ((engine.rules.cards.get(card.def) ?? state.tokens[card.def])?.name ?? id) : id;
  };
  return [...state.stack].reverse().map((item) => ({
    id: item.id,
    kind: item.kind,
    controller: item.frame.controller,
    ...(item.frame.card ? { card: item.frame.card, cardName: nameOf(item.frame.card) } : {}),
    label: item.frame.label,
    targets: item.frame.targets.flat().map((t) => ("card" in t ? { card: t.card, name: nameOf(t.card) } : { player: t.player })),
    ...(item.frame.source ? { source: item.frame.source } : {}),
  }));
}

/** What a stack item targets, in words: `"Arterial Spray", p2`. */
export function describeTargets(entry: StackEntry): string {
  return entry.targets.map((t) => (t.player ? t.player : `"${t.name}"`)).join(", ");
}
