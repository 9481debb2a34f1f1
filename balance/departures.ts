/**
 * Where a recorded game's player left the greedy bot's move: its game replayed, every decision of
 * that player (two or more legal actions) is judged as the greedy bot judges it — each action's
 * position once it settles, on the true position (./greedy.ts greedyJudgement) — and a decision
 * whose action scores below the best is a departure. How a lost bench game is read
 * (bench/bots.ts --departures): a search bot that departs seldom plays greedy's game, and its
 * departures are where its search overruled the evaluation — the moves to look at first.
 * A tie with the best is no departure (greedy itself may pick any of them).
 */
import type { Action, Engine, GameState, PlayerId } from "../runtime/index.ts";
import { Evaluator } from "../runtime/bots/index.ts";
import { greedyJudgement } from "../runtime/bots/greedy.ts";
import { replayGame, type GameRecord } from "./play.ts";
import type { DeckSpec } from "./plan.ts";

export interface Departure {
  /** The action's number in the game (0 = the first action). */
  move: number;
  turn: number;
  phase: string;
  /** The state the decision was taken in. */
  state: GameState;
  taken: Action;
  takenScore: number;
  /** Greedy's best (the first listed of equals). */
  best: Action;
  bestScore: number;
  /** How many legal actions there were. */
  options: number;
}

export interface Departures {
  /** The player's decisions (positions with two or more legal actions). */
  decisions: number;
  departures: Departure[];
}

export function greedyDepartures(engine: Engine, decks: DeckSpec[], game: Pick<GameRecord, "seed" | "seats" | "moves">, player: PlayerId): Departures {
  const evaluator = new Evaluator(engine);
  const { start, steps } = replayGame(engine, { decks }, game);
  const departures: Departure[] = [];
  let decisions = 0;
  let state = start.state;
  for (const [move, step] of steps.entries()) {
    const legal = engine.legalActions(state);
    if (legal.length > 1 && engine.decider(state) === player) {
      decisions++;
      const { scores } = greedyJudgement(engine, evaluator, state, legal, player);
      const index = game.moves[move]!;
      const bestScore = Math.max(...scores);
      if (scores[index]! < bestScore) departures.push({ move, turn: state.turn, phase: state.phase, state, taken: step.action, takenScore: scores[index]!, best: legal[scores.indexOf(bestScore)]!, bestScore, options: legal.length });
    }
    state = step.state;
  }
  return { decisions, departures };
}
