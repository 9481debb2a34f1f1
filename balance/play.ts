/**
 * One game of a balance run: the task's decks on their seats, a bot on each seat (the seed of
 * each worked out from the game's), played through the engine's `legalActions`/`apply` until the
 * game ends or the run's limits stop it. What the report needs comes back as a small record: who
 * went first and who won, how long it took, which cards each player drew and played (and on which
 * turn), how early the game was decided, and the game itself as the list of choices made (the
 * position of each chosen action in `legalActions`), so any game can be replayed exactly.
 */
import type { Action, Engine, GameState, PlayerId, TraceEvent } from "../runtime/index.ts";
import { createBot, Evaluator, type Bot } from "../runtime/bots/index.ts";
import { botSeed, type GameTask, type RunSpec } from "./plan.ts";

export type Outcome = "p1" | "p2" | "draw" | "unfinished";

export interface PlayerRecord {
  /** Cards (definition ids) this player drew or otherwise took into hand, each once. */
  seen: string[];
  /** Every card this player played: definition id and the game turn it was played on. */
  played: [string, number][];
}

export interface GameRecord {
  task: number;
  matchup: number;
  game: number;
  seed: number;
  seats: { p1: number; p2: number };
  restricted?: GameTask["restricted"];
  outcome: Outcome;
  /** Whether the game ended by the game's own turn limit (`param turn_limit`) — a timeout in Ludii's terms. */
  turnLimit: boolean;
  /** Who took the first turn. */
  first: PlayerId;
  turns: number;
  actions: number;
  players: { p1: PlayerRecord; p2: PlayerRecord };
  /**
   * Ludii's decisiveness for this game: the share of its actions played before the winner's
   * evaluation first rose above the best the loser ever had (1 when it never did); absent for a
   * draw or an unfinished game.
   */
  decidedAt?: number;
  /** The game as choices: the index of each action taken in `legalActions` of the state it was taken in. */
  moves: number[];
}

const SEATS = ["p1", "p2"] as const;

/** The decks of a task's seats, as card ids. */
export function taskDecks(spec: RunSpec, task: GameTask): Record<PlayerId, string[]> {
  return { p1: spec.decks[task.seats.p1]!.cards, p2: spec.decks[task.seats.p2]!.cards };
}

export function playGame(engine: Engine, spec: RunSpec, task: GameTask): GameRecord {
  const start = engine.newGame({ seed: task.seed, decks: taskDecks(spec, task) });
  let state: GameState = start.state;
  const bots: Record<string, Bot> = {};
  for (const player of SEATS) {
    const forbidden = task.restricted?.player === player ? new Set([task.restricted.card]) : undefined;
    bots[player] = createBot(spec.bots[player], engine, player, botSeed(task.seed, player), { ...spec.botSettings, ...(forbidden ? { forbidden } : {}) });
  }
  const seen = { p1: new Set<string>(), p2: new Set<string>() };
  const played: { p1: [string, number][]; p2: [string, number][] } = { p1: [], p2: [] };
  const hand = engine.rules.zones.hand;
  const note = (events: readonly TraceEvent[], at: GameState) => {
    for (const e of events) {
      if (!e.card || !e.player || (e.player !== "p1" && e.player !== "p2")) continue;
      if (e.kind === "draw" || (e.kind === "move" && e.to === hand)) {
        const def = at.cards[e.card]?.def;
        if (def) seen[e.player].add(def);
      }
    }
  };
  note(start.events, state);
  const evaluator = new Evaluator(engine);
  // p1's chance to win as the evaluation sees it, before each action (for decisiveness).
  const values: number[] = [];
  const moves: number[] = [];
  const first = state.order[0]!;
  while (!state.over && state.turn <= spec.maxTurns && moves.length < spec.maxActions) {
    const player = engine.decider(state);
    if (!player) break;
    const legal = engine.legalActions(state);
    if (legal.length === 0) break;
    values.push(evaluator.value(state, "p1"));
    const action: Action = legal.length === 1 ? legal[0]! : bots[player]!.choose(state, legal);
    const index = legal.indexOf(action);
    if (index < 0) throw new Error(`the ${spec.bots[player as "p1"]} bot chose an action that is not legal`);
    if (action.type === "play" && (player === "p1" || player === "p2")) {
      const def = state.cards[action.card]?.def;
      if (def) played[player].push([def, state.turn]);
    }
    for (const seat of SEATS) bots[seat]!.observe?.(state, action);
    const applied = engine.applyInPlace(state, action, true);
    if (!applied.ok) throw new Error(`a legal action was refused: ${applied.refusal.code} ${applied.refusal.message}`);
    state = applied.state;
    note(applied.events, state);
    moves.push(index);
  }
  const outcome: Outcome = !state.over ? "unfinished" : state.winner === "p1" || state.winner === "p2" ? state.winner : "draw";
  const limit = engine.rules.param("turn_limit", 0);
  const record: GameRecord = {
    task: task.index,
    matchup: task.matchup,
    game: task.game,
    seed: task.seed,
    seats: task.seats,
    ...(task.restricted ? { restricted: task.restricted } : {}),
    outcome,
    turnLimit: state.over && limit > 0 && state.turn > limit,
    first,
    turns: state.turn,
    actions: moves.length,
    players: { p1: { seen: [...seen.p1], played: played.p1 }, p2: { seen: [...seen.p2], played: played.p2 } },
    moves,
  };
  if (outcome === "p1" || outcome === "p2") record.decidedAt = decidedAt(values, outcome);
  return record;
}

/**
 * Ludii's decisiveness threshold and moment: the threshold is the highest chance to win the loser
 * ever had; the game was decided at the first action at which the winner's chance rose above it.
 * `values` are p1's chances before each action. Returns that action's share of the game (1 if never).
 */
export function decidedAt(values: readonly number[], winner: "p1" | "p2"): number {
  if (values.length === 0) return 1;
  const winnerValue = (v: number) => (winner === "p1" ? v : 1 - v);
  let threshold = -Infinity;
  for (const v of values) threshold = Math.max(threshold, 1 - winnerValue(v));
  for (let i = 0; i < values.length; i++) if (winnerValue(values[i]!) > threshold) return i / values.length;
  return 1;
}

/** Replays a recorded game: every state from the start, with the action that led to each (for a table's time travel). */
export function replayGame(engine: Engine, spec: Pick<RunSpec, "decks">, record: Pick<GameRecord, "seed" | "seats" | "moves">): { start: { state: GameState; events: TraceEvent[] }; steps: { action: Action; state: GameState; events: TraceEvent[] }[] } {
  const start = engine.newGame({ seed: record.seed, decks: { p1: spec.decks[record.seats.p1]!.cards, p2: spec.decks[record.seats.p2]!.cards } });
  const steps: { action: Action; state: GameState; events: TraceEvent[] }[] = [];
  let state = start.state;
  for (const [n, index] of record.moves.entries()) {
    const action = engine.legalActions(state)[index];
    if (!action) throw new Error(`the recorded game cannot be replayed: choice ${n + 1} (${index}) is not among the legal actions (did the cards change?)`);
    const applied = engine.apply(state, action);
    if (!applied.ok) throw new Error(`the recorded game cannot be replayed: choice ${n + 1} was refused (${applied.refusal.message})`);
    steps.push({ action, state: applied.state, events: applied.events });
    state = applied.state;
  }
  return { start: { state: start.state, events: start.events }, steps };
}
