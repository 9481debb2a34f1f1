/**
 * The greedy bot: tries each legal action and keeps the one whose outcome the game's evaluation
 * (./evaluate.ts) scores best for it. An outcome is judged once it settles: while the action
 * leaves the bot itself a choice to make (its targets, a payment) the bot answers it the same way,
 * and while the turn is still the bot's, the opponent's answers (a block, a response, passing
 * priority) are the ones the evaluation likes best for the opponent — each judged once the
 * position has resolved with nobody acting (`quietly`). Doing nothing (ending the
 * phase, passing) is judged by the position as it stands (once what waits resolves), and wins ties: the bot acts only when
 * acting looks better, so it never spins on moves that change nothing.
 */
import type { Action, Engine, GameState, PlayerId } from "../index.ts";
import { type Bot, type BotSettings, LISTED, registerBot } from "./bot.ts";
import { Evaluator } from "./evaluate.ts";
import { BotRandom } from "./random.ts";

/** Steps followed after an action before its outcome is judged. */
const SETTLE_STEPS = 10;
/** Steps a position is let resolve (everyone passing, forced steps taken) before it is judged. */
const QUIET_STEPS = 12;

const isWaiting = (action: Action) => action.type === "end_phase" || action.type === "pass";

export class GreedyBot implements Bot {
  readonly kind = "greedy";
  private readonly evaluator: Evaluator;
  private readonly random: BotRandom;

  constructor(
    private readonly engine: Engine,
    private readonly player: PlayerId,
    seed: number,
  ) {
    this.evaluator = new Evaluator(engine);
    this.random = new BotRandom(seed);
  }

  choose(state: GameState, legal: readonly Action[]): Action {
    if (legal.length === 1) return legal[0]!;
    const { scores, waiting } = greedyJudgement(this.engine, this.evaluator, state, legal, this.player);
    const waitingAction = legal[waiting];
    let bestScore = waitingAction ? scores[waiting]! : -Infinity;
    let best: Action[] = waitingAction ? [waitingAction] : [];
    for (const [i, action] of legal.entries()) {
      if (action === waitingAction) continue;
      const score = scores[i]!;
      if (score > bestScore) {
        bestScore = score;
        best = [action];
      } else if (score === bestScore && best[0] !== waitingAction) best.push(action);
    }
    return best.length ? this.random.pick(best) : legal[0]!;
  }
}

/**
 * The greedy bot's judgement of each of `legal` for `player`: the first waiting action (ending the
 * phase, passing) by the position as it stands once what waits resolves, every other action by
 * `settledScore`. `waiting` is the waiting action's index (-1 when there is none): it wins ties.
 * The greedy bot's choice, and what a recorded game's decisions are compared with
 * (balance/departures.ts).
 */
export function greedyJudgement(engine: Engine, evaluator: Evaluator, state: GameState, legal: readonly Action[], player: PlayerId): { scores: number[]; waiting: number } {
  const waiting = legal.findIndex(isWaiting);
  const scores = legal.map((action, i) => (i === waiting ? evaluator.score(quietly(engine, state), player) : settledScore(engine, evaluator, state, action, player)));
  return { scores, waiting };
}

/**
 * The score, for `player`, of the position an action leads to once it settles: `player`'s own
 * follow-up choices (targets, payment) made the same way, and the opponent's answers the ones the
 * evaluation likes best for the opponent — while the turn is still `player`'s; and at the end, a
 * question the game still waits on to finish what is under way answered by whoever it asks (how
 * an attacker splits its damage among blockers: stopped at that question, a double block was
 * judged before the combat's damage and looked free). The
 * greedy bot's judgement of a move, and the search bot's prior at the root of its search.
 */
export function settledScore(engine: Engine, evaluator: Evaluator, state: GameState, action: Action, player: PlayerId): number {
  const applied = engine.apply(state, action, LISTED);
  if (!applied.ok) return -Infinity;
  let current = applied.state;
  for (let step = 0; step < SETTLE_STEPS && !current.over; step++) {
    const decider = engine.decider(current);
    if (!decider) break;
    let next: GameState | undefined;
    if (decider === player) {
      // Its own choices the action left (targets, payment); in a response window it lets things resolve (passes).
      if (current.pending) next = bestReply(engine, evaluator, current, decider);
      else {
        const pass = engine.legalActions(current).find((a) => a.type === "pass");
        const passed = pass && engine.apply(current, pass, LISTED);
        next = passed && passed.ok ? passed.state : undefined;
      }
    } else if (current.active === player) next = bestReply(engine, evaluator, current, decider);
    if (!next) break;
    current = next;
  }
  // What is under way may stop at a question (the next attacker's blockers, how an attacker splits its
  // damage): whoever it asks answers it as they like best, until nothing is asked — within the phase
  // the action settled in (a later phase's question, such as the next attack, is a new decision, and
  // answering it too made a judgement play out whole combats: minutes for one decision).
  let end = quietly(engine, current);
  for (let step = 0; step < SETTLE_STEPS && end.pending && !end.over && end.turn === current.turn && end.phase === current.phase; step++) {
    const decider = engine.decider(end);
    const answered = decider && bestReply(engine, evaluator, end, decider);
    if (!answered) break;
    end = answered;
  }
  return evaluator.score(end, player);
}

/**
 * The position once what is waiting resolves with nobody acting: every player with priority
 * passes and forced steps (a single legal action) are taken, up to the next real choice. A block
 * declared, a target chosen, a spell cast change nothing until then — judged one step ahead they
 * all look alike (so the bots expected every attack to go unblocked). `within` a turn's phase, it
 * stops where that phase ends.
 */
export function quietly(engine: Engine, state: GameState, within?: { turn: number; phase: string }): GameState {
  let current = state;
  for (let step = 0; step < QUIET_STEPS && !current.over && (!within || (current.turn === within.turn && current.phase === within.phase)); step++) {
    if (!engine.decider(current)) break;
    const legal = engine.legalActions(current);
    const next = legal.length === 1 ? legal[0] : legal.find((a) => a.type === "pass");
    if (!next) break;
    const applied = engine.apply(current, next, LISTED);
    if (!applied.ok) break;
    current = applied.state;
  }
  return current;
}

/** Questions answered at most when a position is finished (a guard: a combat asks one per attacker and one per damage split). */
const FINISH_QUESTIONS = 12;

/**
 * The position once what is under way in `turn`'s `phase` is finished, cheaply: it resolves
 * quietly up to the end of that phase, and each question the game still asks in that phase (the blockers of a declared
 * attack, how an attacker splits its damage among its blockers, a target) is answered by its
 * player's best of a few answers — nothing or a single card, not every set of cards — each judged
 * with the questions after it answered by their first listed answer. The search bot's judgement
 * of where a simulated game stops: judged at such a question, a combat is judged before its
 * damage. A question of a later phase (the next declaration of attackers) is a new decision and
 * stays open.
 */
export function finished(engine: Engine, evaluator: Evaluator, state: GameState, turn: number, phase: string): GameState {
  const within = { turn, phase };
  let current = quietly(engine, state, within);
  for (let asked = 0; asked < FINISH_QUESTIONS && stillUnderWay(current, turn, phase); asked++) {
    const player = engine.decider(current);
    let best: GameState | undefined;
    let bestScore = -Infinity;
    if (player)
      for (const action of fewAnswers(engine.legalActions(current))) {
        const applied = engine.apply(current, action, LISTED);
        if (!applied.ok) continue;
        const score = evaluator.score(withFirstAnswers(engine, applied.state, turn, phase), player);
        if (score > bestScore) {
          bestScore = score;
          best = applied.state;
        }
      }
    if (!best) break;
    current = quietly(engine, best, within);
  }
  return current;
}

const stillUnderWay = (state: GameState, turn: number, phase: string) => state.pending !== null && !state.over && state.turn === turn && state.phase === phase;

/** The position once it resolves quietly with the questions left in the phase answered by their first listed answer. */
function withFirstAnswers(engine: Engine, state: GameState, turn: number, phase: string): GameState {
  const within = { turn, phase };
  let current = quietly(engine, state, within);
  for (let asked = 0; asked < FINISH_QUESTIONS && stillUnderWay(current, turn, phase); asked++) {
    const first = engine.legalActions(current)[0];
    const applied = first && engine.apply(current, first, LISTED);
    if (!applied || !applied.ok) break;
    current = quietly(engine, applied.state, within);
  }
  return current;
}

/**
 * The answers `finished` weighs: of a question answered with a set of cards (blockers, cards to
 * pick), the sets of the fewest cards it allows and single cards — seven blockers are 128 sets.
 */
function fewAnswers(legal: readonly Action[]): readonly Action[] {
  let fewest = Infinity;
  for (const action of legal) if (action.type === "choose" && action.cards) fewest = Math.min(fewest, action.cards.length);
  if (fewest === Infinity) return legal;
  const most = Math.max(1, fewest);
  return legal.filter((action) => !(action.type === "choose" && action.cards && action.cards.length > most));
}

/** The position after the move a player likes best, each judged once it resolves quietly (the first such move on a tie). */
function bestReply(engine: Engine, evaluator: Evaluator, state: GameState, player: PlayerId): GameState | undefined {
  let best: GameState | undefined;
  let bestScore = -Infinity;
  for (const action of engine.legalActions(state)) {
    const applied = engine.apply(state, action, LISTED);
    if (!applied.ok) continue;
    const reached = quietly(engine, applied.state);
    const score = evaluator.score(reached, player);
    if (score > bestScore) {
      bestScore = score;
      best = reached;
    }
  }
  return best;
}

registerBot("greedy", (engine: Engine, player: PlayerId, seed: number, _settings: BotSettings) => new GreedyBot(engine, player, seed));
