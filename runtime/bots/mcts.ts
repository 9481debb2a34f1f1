/**
 * The search bot: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
 * Powley & Whitehouse 2012). Each simulated game starts in a freshly sampled world — what the bot
 * cannot see dealt again (./determinize.ts) — and walks one shared tree whose edges are actions
 * as the bot can name them (./action-key.ts: interchangeable cards, such as two copies of a card
 * in hand, are one action), choosing by UCB1 among the actions legal in that world (counting how
 * often each was available) plus a bias towards the actions the game's evaluation likes one step
 * ahead — once what the action set going (a spell on the stack or chain, a trigger) has resolved
 * with nobody acting — that fades as visits grow (progressive bias). A node's untried actions are
 * tried best first by that same one-step judgement. Past the tree the game is played on by a greedy-ish
 * policy — the evaluation's one-step favourite, so judged, a random action now and then — for a few
 * decisions, and the position is judged by the evaluation as a chance to win (./evaluate.ts) once
 * what is under way in the phase of the last action is finished (./greedy.ts finished).
 * At the root the choice is PUCT instead, its policy the greedy bot's settled judgement of each
 * action (./greedy.ts settledScore, in a sampled world): a one-step look sees nothing of an attack
 * declared or a block, the settled one does, so the search starts from greedy's move and leaves it
 * when its simulated games show another better. It widens progressively: only the few actions greedy
 * judges best are searched at first, one for each score the judgement gives (actions it cannot tell
 * apart, such as harvesting one card or another, are searched through the first of them), and more are
 * let in as the root's simulated games grow (about √n / 2 of n): 100 simulated games spread over a
 * Chromatic main phase's thirteen moves gave each 3–12, fewer than tell two moves apart.
 * The bot then plays the action simulated most often (a move that wins outright at once). The budget is a number of simulated games
 * per decision (deterministic for a seed) — at most: the search ends once the most simulated action leads
 * the next by more than the games left, which could not change the move —, or a time in milliseconds (not deterministic). Between
 * its decisions the bot follows the game (`observe`: every action taken, by either player) down
 * its tree and starts the next search from the subtree the game reached, with what the earlier
 * searches learnt about it (tree reuse): actions are named as the bot tells them apart, so the
 * opponent's actual move finds the branch the bot simulated for it.
 *
 * The game file tunes the search with `bot_rollout_depth` (decisions played past the tree) and
 * `bot_rollout_randomness` (the percentage of those decisions taken at random).
 */
import type { Action, Engine, GameState, PlayerId } from "../index.ts";
import { cloneJson } from "../state/clone.ts";
import { type Bot, type BotSettings, DEFAULT_PLAYOUTS, LISTED, allowedActions, registerBot } from "./bot.ts";
import { Evaluator } from "./evaluate.ts";
import { finished, quietly, settledScore } from "./greedy.ts";
import { WorldSampler } from "./determinize.ts";
import { ActionNamer } from "./action-key.ts";
import { BotRandom } from "./random.ts";

interface Node {
  /** Who took the action that leads here. */
  actor: PlayerId;
  visits: number;
  /** Sum of the results, each as a chance to win for `actor`. */
  reward: number;
  /** How often the action leading here was legal when its parent was visited. */
  available: number;
  /** The evaluation's one-step judgement of the action leading here, as a chance to win for `actor`. */
  prior: number;
  children: Map<string, Node>;
  /** One-step judgements of the actions from here (for whoever decides here), worked out once, at the first expansion. */
  priors?: Map<string, number>;
}

interface RootJudgement {
  share: number;
  value: number;
  rank: number;
}

/** What an action does, apart from which card it does it with: harvesting, shattering, playing, attacking ... */
export const actionKind = (action: Action): string => `${action.type}:${"move" in action ? action.move : ""}`;

/**
 * The order in which the root lets its actions into the search: best judged first; of actions of
 * one kind judged the same (harvesting one card or another: the judgement cannot tell them apart)
 * only the first in listing order, the second of each such group after every first, and so on — so
 * the first few searched are the different things the bot can do.
 */
export function rootOrder(judged: readonly { key: string; kind: string; score: number }[]): string[] {
  const byScore = [...judged].sort((a, b) => b.score - a.score || 0);
  const taken = new Map<string, number>();
  const nth = new Map<string, number>();
  for (const { key, kind, score } of byScore) {
    const group = `${score} ${kind}`;
    const n = taken.get(group) ?? 0;
    taken.set(group, n + 1);
    nth.set(key, n);
  }
  return byScore.map(({ key }) => key).sort((a, b) => nth.get(a)! - nth.get(b)!);
}

export const DEFAULT_ROLLOUT_DEPTH = 4;
export const DEFAULT_ROLLOUT_RANDOMNESS = 20;
const DEFAULT_EXPLORATION = 0.7;
/** Weight of the root's policy (the greedy bot's judgement of each action) in PUCT: how many of its simulated games the search spends following it before its own results take over. */
const ROOT_POLICY_WEIGHT = 1;
/** Temperature of the root policy, as a share of the evaluation's scale: a score this far below the best action's is e times less likely. */
const ROOT_POLICY_TEMPERATURE = 0.25;
/** Progressive widening at the root: after n simulated games the first max(ROOT_MIN_WIDTH, ⌈ROOT_WIDENING·√(n+1)⌉) actions of the root's order are searched (100 games: 5, 200: 8). */
const ROOT_WIDENING = 0.5;
const ROOT_MIN_WIDTH = 2;
/** Weight of the one-step judgement in a child's score at its first visit (it fades as 1/visits). */
const PRIOR_WEIGHT = 1;
/** Deepest walk down the tree in one simulated game (a guard; trees stay far shallower). */
const MAX_TREE_DEPTH = 60;
/** Forced steps (a single legal action) a playout follows beyond its decisions, at most. */
const MAX_FORCED_STEPS = 40;

const isWaiting = (action: Action) => action.type === "end_phase" || action.type === "pass";

export class MctsBot implements Bot {
  readonly kind = "mcts";
  private readonly evaluator: Evaluator;
  private readonly sampler: WorldSampler;
  private readonly namer: ActionNamer;
  private readonly random: BotRandom;
  private readonly playouts: number;
  private readonly milliseconds: number | undefined;
  private readonly rolloutDepth: number;
  /** Chance (0..1) that a playout decision is random rather than the evaluation's favourite. */
  private readonly rolloutRandomness: number;
  private readonly exploration: number;
  private readonly forbidden: ReadonlySet<string> | undefined;
  private readonly reuseTree: boolean;
  private readonly rootWidening: boolean;
  private readonly stopWhenSettled: boolean;
  private readonly answersAfterCombat: boolean;
  /** What the searches did so far: decisions searched, simulated games played, and simulated games inherited from earlier searches (tree reuse). */
  readonly searched = { decisions: 0, playouts: 0, reused: 0 };
  /** The node of the position the game is in, when the tree of an earlier search reaches it (tree reuse). */
  private current: Node | undefined;
  /** The root of the last decision's search. */
  private lastRoot: Node | undefined;
  /**
   * The root's policy for the search under way: each action's share (by the greedy bot's settled
   * judgement in a sampled world), that judgement as a chance to win (the first estimate of an
   * action not yet simulated) and its rank in the order the root lets actions in (widening).
   */
  private rootPolicy: Map<string, RootJudgement> | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly player: PlayerId,
    seed: number,
    settings: BotSettings,
  ) {
    this.evaluator = new Evaluator(engine);
    this.sampler = new WorldSampler(engine, player);
    this.namer = new ActionNamer(engine, this.sampler);
    this.random = new BotRandom(seed);
    this.playouts = settings.playouts ?? DEFAULT_PLAYOUTS;
    this.milliseconds = settings.milliseconds;
    this.rolloutDepth = settings.rolloutDepth ?? engine.rules.param("bot_rollout_depth", DEFAULT_ROLLOUT_DEPTH);
    this.rolloutRandomness = Math.min(100, Math.max(0, settings.rolloutRandomness ?? engine.rules.param("bot_rollout_randomness", DEFAULT_ROLLOUT_RANDOMNESS))) / 100;
    this.exploration = settings.exploration ?? DEFAULT_EXPLORATION;
    this.forbidden = settings.forbidden;
    this.reuseTree = settings.reuseTree ?? true;
    this.rootWidening = settings.rootWidening ?? true;
    this.stopWhenSettled = settings.stopWhenSettled ?? true;
    this.answersAfterCombat = settings.answersAfterCombat ?? false;
  }

  observe(state: GameState, action: Action): void {
    if (!this.current) return;
    this.current = this.current.children.get(this.namer.key(state, action));
  }

  choose(state: GameState, legal: readonly Action[]): Action {
    if (legal.length === 1) return legal[0]!;
    const byKey = this.namer.group(state, legal);
    if (byKey.size === 1) return legal[0]!;
    // A move that wins the game outright is played at once (the search would only find it as good as a later win).
    for (const action of byKey.values()) {
      const applied = this.engine.apply(state, action, LISTED);
      if (applied.ok && applied.state.over && applied.state.winner === this.player) return action;
    }
    const root = (this.reuseTree && this.current) || this.newNode(this.player, 0.5);
    this.current = this.reuseTree ? root : undefined;
    this.lastRoot = root;
    for (const child of root.children.values()) this.searched.reused += child.visits;
    this.searched.decisions++;
    const deadline = this.milliseconds !== undefined ? Date.now() + this.milliseconds : Infinity;
    this.rootPolicy = this.policyAt(state);
    let i = 0;
    while (this.milliseconds !== undefined ? Date.now() < deadline : i < this.playouts) {
      this.simulate(root, state);
      i++;
      // Budget use: the move played is the most simulated one; once its lead over the next is more than the games
      // left, no other can catch up, and the rest of the budget would not change the move.
      if (this.milliseconds === undefined && this.stopWhenSettled && this.lead(root, byKey) > this.playouts - i) break;
    }
    this.rootPolicy = undefined;
    this.searched.playouts += i;
    let best: Action = legal[0]!;
    let bestVisits = -1;
    let bestMean = -1;
    for (const [key, action] of byKey) {
      const child = root.children.get(key);
      const visits = child?.visits ?? 0;
      const mean = child && child.visits ? child.reward / child.visits : 0;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = action;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    return best;
  }

  /**
   * The root's policy: every action the bot has, judged as the greedy bot judges it — the position
   * once the action settles (its own follow-up choices, the opponent's best answers this turn;
   * waiting: the position as it stands) — in one sampled world (so the opponent's hidden cards
   * are guessed, not read), turned into shares by a softmax over the scores, and ranked for
   * widening (`rootOrder`).
   */
  private policyAt(real: GameState): Map<string, RootJudgement> {
    const world = this.sampler.sample(real, this.random);
    const actions = this.namer.group(world, this.legal(world, this.player));
    const scores = new Map<string, number>();
    for (const [key, action] of actions)
      scores.set(key, isWaiting(action) ? this.evaluator.score(quietly(this.engine, world), this.player) : settledScore(this.engine, this.evaluator, world, action, this.player));
    const best = Math.max(...scores.values());
    const temperature = ROOT_POLICY_TEMPERATURE * this.evaluator.scale;
    const policy = new Map<string, RootJudgement>();
    if (best === -Infinity) return policy;
    const rank = new Map(rootOrder([...scores].map(([key, score]) => ({ key, score, kind: actionKind(actions.get(key)!) }))).map((key, i) => [key, i]));
    let total = 0;
    for (const [key, score] of scores) {
      const weight = score === -Infinity ? 0 : Math.exp((score - best) / temperature);
      total += weight;
      policy.set(key, { share: weight, value: score === -Infinity ? 0 : this.evaluator.chance(score), rank: rank.get(key)! });
    }
    for (const entry of policy.values()) entry.share /= total;
    return policy;
  }

  /** How many more simulated games the root's most simulated action (of those named in `byKey`) has than the next. */
  private lead(root: Node, byKey: ReadonlyMap<string, Action>): number {
    let first = 0;
    let second = 0;
    for (const key of byKey.keys()) {
      const visits = root.children.get(key)?.visits ?? 0;
      if (visits > first) {
        second = first;
        first = visits;
      } else if (visits > second) second = visits;
    }
    return first - second;
  }

  /** How many simulated games each action of the last decision got, by the action's name (./action-key.ts). */
  rootVisits(): Map<string, number> {
    return new Map([...(this.lastRoot?.children ?? [])].map(([key, child]) => [key, child.visits]));
  }

  private newNode(actor: PlayerId, prior: number): Node {
    return { actor, visits: 0, reward: 0, available: 1, prior, children: new Map() };
  }

  /** The legal actions of whoever decides, as the bot may take them when it is the bot. */
  private legal(state: GameState, actor: PlayerId): readonly Action[] {
    const legal = this.engine.legalActions(state);
    return actor === this.player ? allowedActions(state, legal, this.forbidden) : legal;
  }

  /** One simulated game: a sampled world, down the tree by UCB1 + bias, one new node, a short playout, the result backed up. */
  private simulate(root: Node, real: GameState): void {
    let state = this.sampler.sample(real, this.random);
    // The state the last action was taken in: the playout finishes what is under way in its phase before judging.
    let lastTakenIn = state;
    let node = root;
    const path: Node[] = [];
    for (let depth = 0; !state.over && depth < MAX_TREE_DEPTH; depth++) {
      const actor = this.engine.decider(state);
      if (!actor) break;
      const actions = this.namer.group(state, this.legal(state, actor));
      if (actions.size === 0) break;
      let untried = false;
      for (const key of actions.keys()) {
        const child = node.children.get(key);
        if (child) child.available++;
        else untried = true;
      }
      let key = "";
      let child: Node = node;
      let next: GameState | undefined;
      if (depth === 0 && this.rootPolicy?.size) {
        // The root: PUCT, the greedy judgement's share as the policy (an action not yet simulated is estimated by that judgement).
        const policy = this.rootPolicy;
        let total = 0;
        for (const k of actions.keys()) total += node.children.get(k)?.visits ?? 0;
        // Widening: the actions ranked within the width searched so far (all of them when none is: a world whose actions the policy never saw).
        const width = this.rootWidening ? Math.max(ROOT_MIN_WIDTH, Math.ceil(ROOT_WIDENING * Math.sqrt(total + 1))) : Infinity;
        const admitted = [...actions.keys()].filter((k) => (policy.get(k)?.rank ?? Infinity) < width);
        let bestScore = -Infinity;
        for (const candidate of admitted.length ? admitted : actions.keys()) {
          const c = node.children.get(candidate);
          const visits = c?.visits ?? 0;
          const judged = policy.get(candidate);
          const mean = c && visits ? c.reward / visits : (judged?.value ?? 0.5);
          const score = mean + (ROOT_POLICY_WEIGHT * (judged?.share ?? 0) * Math.sqrt(total + 1)) / (1 + visits);
          if (score > bestScore) {
            bestScore = score;
            key = candidate;
          }
        }
        const applied = this.engine.apply(state, actions.get(key)!, LISTED);
        if (!applied.ok) break;
        next = applied.state;
        const existing = node.children.get(key);
        untried = !existing;
        child = existing ?? this.newNode(actor, policy.get(key)?.value ?? 0.5);
        if (!existing) node.children.set(key, child);
      } else if (untried) {
        // Expand the untried action the evaluation likes best one step ahead (waiting wins ties, as in greedy).
        // The judgements are made in the first world that reaches the node and kept (the evaluation sees no hidden card).
        const priors = (node.priors ??= new Map());
        let bestPrior = -Infinity;
        // The state the best candidate leads to, when it was judged in this world (then it is not applied twice).
        let bestState: GameState | undefined;
        for (const [candidate, action] of actions) {
          if (node.children.has(candidate)) continue;
          let prior = priors.get(candidate);
          let reached: GameState | undefined;
          if (prior === undefined) {
            const applied = this.engine.apply(state, action, LISTED);
            if (applied.ok) reached = applied.state;
            // Judged once what it set going has resolved (a card cast is judged in play, not on its way there; an attack once
            // its combat is over: `settled`); the tree goes on from the state the action itself reaches.
            prior = applied.ok ? this.evaluator.value(this.settled(state, applied.state), actor) + (isWaiting(action) ? 1e-9 : 0) : -Infinity;
            priors.set(candidate, prior);
          }
          if (prior > bestPrior) {
            bestPrior = prior;
            key = candidate;
            bestState = reached;
          }
        }
        if (bestPrior === -Infinity) break;
        if (bestState) next = bestState;
        else {
          const applied = this.engine.apply(state, actions.get(key)!, LISTED);
          if (!applied.ok) break;
          next = applied.state;
        }
        child = this.newNode(actor, bestPrior);
        node.children.set(key, child);
      } else {
        let bestScore = -Infinity;
        for (const candidate of actions.keys()) {
          const c = node.children.get(candidate)!;
          const score = c.reward / c.visits + this.exploration * Math.sqrt(Math.log(c.available) / c.visits) + (PRIOR_WEIGHT * c.prior) / (c.visits + 1);
          if (score > bestScore) {
            bestScore = score;
            key = candidate;
            child = c;
          }
        }
        const applied = this.engine.apply(state, actions.get(key)!, LISTED);
        if (!applied.ok) break;
        next = applied.state;
      }
      lastTakenIn = state;
      state = next;
      path.push(child);
      node = child;
      if (untried) break;
    }
    const value = this.playout(state, lastTakenIn);
    for (const n of path) {
      n.visits++;
      n.reward += n.actor === this.player ? value : 1 - value;
    }
  }

  /**
   * Plays on from a position for `rolloutDepth` decisions (forced steps are free), each the
   * action the evaluation likes best one step ahead for whoever decides — or, with the
   * configured randomness, a random one (ending a phase or passing only one time in three when
   * something else is possible) — and returns the bot's chance to win there, once what is under
   * way in the phase of the last action taken is finished (./greedy.ts finished): stopped at a
   * block or a damage split, a combat would be judged before its damage.
   */
  private playout(from: GameState, lastTakenIn: GameState): number {
    if (from.over || this.rolloutDepth === 0) return this.judge(from, lastTakenIn);
    // `from` shares card objects with the tree's states and the real game's, so the playout changes
    // a state in place only once it owns one (a full copy, made when first needed). A step the
    // evaluation picked takes the state its look-ahead already reached, owned or not as its source was.
    let state = from;
    let owned = false;
    let turn = lastTakenIn.turn;
    let phase = lastTakenIn.phase;
    for (let decisions = 0, forced = 0; decisions < this.rolloutDepth && forced < MAX_FORCED_STEPS && !state.over; ) {
      const actor = this.engine.decider(state);
      if (!actor) break;
      const legal = this.legal(state, actor);
      if (legal.length === 0) break;
      turn = state.turn;
      phase = state.phase;
      let action: Action;
      if (legal.length === 1) {
        action = legal[0]!;
        forced++;
      } else {
        decisions++;
        if (this.random.float() >= this.rolloutRandomness) {
          const pick = this.favourite(state, legal, actor);
          if (pick.reached) {
            state = pick.reached;
            continue;
          }
          action = pick.action;
        } else action = this.randomAction(legal);
      }
      if (!owned) {
        state = cloneJson(state);
        owned = true;
      }
      this.engine.applyInPlace(state, action, true);
    }
    return this.judge(state, { turn, phase });
  }

  /** The bot's chance to win where a simulated game stops, once what is under way in the phase of its last action is finished. */
  private judge(state: GameState, lastTakenIn: { turn: number; phase: string }): number {
    if (state.over) return this.evaluator.value(state, this.player);
    return this.evaluator.value(finished(this.engine, this.evaluator, state, lastTakenIn.turn, lastTakenIn.phase), this.player);
  }

  private randomAction(legal: readonly Action[]): Action {
    const action = this.random.pick(legal);
    if (!isWaiting(action) || this.random.int(3) === 0) return action;
    const acting = legal.filter((a) => !isWaiting(a));
    return acting.length ? this.random.pick(acting) : action;
  }

  /**
   * The position once what waits to resolve — a spell or ability on the stack or chain, a trigger
   * noted — has resolved with nobody acting (./greedy.ts quietly), or the position itself when
   * nothing waits. A look one step ahead judges an action by it: on the chain, a card just cast is
   * out of the hand and not yet in play, so every cast looked worse than doing nothing (Chromatic:
   * the simulated players never played a card, only harvested and shattered), and the search learnt
   * nothing of the cards it might play.
   */
  private resolved(state: GameState): GameState {
    return state.stack.length > 0 || state.noted.length > 0 ? quietly(this.engine, state) : state;
  }

  /**
   * The position an action taken in `before` leads to (`after`), as a look one step ahead judges it. An answer to a
   * question the game asked — the attackers to declare, the blockers, a target — once what it set going in the
   * phase is finished (./greedy.ts finished: the questions after it answered by their players' best of a few
   * answers): a declared attack changes nothing until the blockers are chosen and the damage dealt. Judged sooner,
   * at the blockers' question, every attack looked free in Chromatic (a 2/2 attacked into an untapped 2/5) and in
   * CYBERVAMP attacking and not attacking tied (the first listed, no attack, was taken); a block, too, changed
   * nothing before the damage. Any other action once what waits to resolve has resolved (`resolved`). Only with the
   * setting `answersAfterCombat` (else every action is judged as `resolved` judges it).
   */
  private settled(before: GameState, after: GameState): GameState {
    return this.answersAfterCombat && before.pending ? finished(this.engine, this.evaluator, after, before.turn, before.phase) : this.resolved(after);
  }

  /**
   * The action whose outcome scores best for `actor` once what it set going has resolved (waiting,
   * judged on the position as it stands once what waits resolves, wins ties), with the state it
   * leads to (none for waiting: not applied). The move of whoever decides in a simulated game past the tree.
   */
  favourite(state: GameState, legal: readonly Action[], actor: PlayerId): { action: Action; reached?: GameState } {
    const waiting = legal.find(isWaiting);
    let best = waiting ?? legal[0]!;
    let reached: GameState | undefined;
    let bestScore = waiting ? this.evaluator.score(this.resolved(state), actor) : -Infinity;
    for (const action of legal) {
      if (action === waiting) continue;
      const applied = this.engine.apply(state, action, LISTED);
      if (!applied.ok) continue;
      const outcome = this.settled(state, applied.state);
      const score = this.evaluator.score(outcome, actor);
      if (score > bestScore) {
        bestScore = score;
        best = action;
        reached = outcome;
      }
    }
    return { action: best, reached };
  }
}

registerBot("mcts", (engine: Engine, player: PlayerId, seed: number, settings: BotSettings) => new MctsBot(engine, player, seed, settings));
