/**
 * The search bot: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
 * Powley & Whitehouse 2012). Each simulated game starts in a freshly sampled world — what the bot
 * cannot see dealt again (./determinize.ts) — and walks one shared tree whose edges are actions
 * as the bot can name them (a card it cannot see is named by what it is, not by its instance),
 * choosing by UCB1 among the actions legal in that world (counting how often each was available),
 * adds one node, plays on with a light random policy for a few actions, and judges the position
 * with the game's evaluation (./evaluate.ts) as a chance to win. The bot then plays the action
 * simulated most often. The budget is a number of simulated games per decision (deterministic
 * for a seed), or a time in milliseconds (not deterministic: a faster machine searches more).
 */
import type { Action, Engine, GameState, PlayerId } from "../index.ts";
import { cloneJson } from "../state/clone.ts";
import { type Bot, type BotSettings, DEFAULT_PLAYOUTS, allowedActions, registerBot } from "./bot.ts";
import { Evaluator } from "./evaluate.ts";
import { WorldSampler } from "./determinize.ts";
import { BotRandom } from "./random.ts";

interface Node {
  /** Who took the action that leads here. */
  actor: PlayerId;
  visits: number;
  /** Sum of the results, each as a chance to win for `actor`. */
  reward: number;
  /** How often the action leading here was legal when its parent was visited. */
  available: number;
  children: Map<string, Node>;
}

const DEFAULT_ROLLOUT_DEPTH = 8;
const DEFAULT_EXPLORATION = 0.7;
/** Deepest walk down the tree in one simulated game (a guard; trees stay far shallower). */
const MAX_TREE_DEPTH = 60;

const newNode = (actor: PlayerId): Node => ({ actor, visits: 0, reward: 0, available: 1, children: new Map() });
const isWaiting = (action: Action) => action.type === "end_phase" || action.type === "pass";

export class MctsBot implements Bot {
  readonly kind = "mcts";
  private readonly evaluator: Evaluator;
  private readonly sampler: WorldSampler;
  private readonly random: BotRandom;
  private readonly playouts: number;
  private readonly milliseconds: number | undefined;
  private readonly rolloutDepth: number;
  private readonly exploration: number;
  private readonly forbidden: ReadonlySet<string> | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly player: PlayerId,
    seed: number,
    settings: BotSettings,
  ) {
    this.evaluator = new Evaluator(engine);
    this.sampler = new WorldSampler(engine, player);
    this.random = new BotRandom(seed);
    this.playouts = settings.playouts ?? DEFAULT_PLAYOUTS;
    this.milliseconds = settings.milliseconds;
    this.rolloutDepth = settings.rolloutDepth ?? DEFAULT_ROLLOUT_DEPTH;
    this.exploration = settings.exploration ?? DEFAULT_EXPLORATION;
    this.forbidden = settings.forbidden;
  }

  choose(state: GameState, legal: readonly Action[]): Action {
    if (legal.length === 1) return legal[0]!;
    const byKey = new Map<string, Action>();
    for (const action of legal) {
      const key = this.key(state, action);
      if (!byKey.has(key)) byKey.set(key, action);
    }
    if (byKey.size === 1) return legal[0]!;
    const root = newNode(this.player);
    const deadline = this.milliseconds !== undefined ? Date.now() + this.milliseconds : Infinity;
    for (let i = 0; this.milliseconds !== undefined ? Date.now() < deadline : i < this.playouts; i++) this.simulate(root, state);
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

  /** An action as the bot can name it: cards it cannot see by their definition, the rest by instance. */
  private key(state: GameState, action: Action): string {
    return JSON.stringify(action, (field, value) => {
      if (typeof value !== "string" || field === "type" || field === "player") return value;
      const card = state.cards[value];
      return card && this.sampler.unseen(state, value) ? `?${card.def}` : value;
    });
  }

  /** The legal actions of whoever decides, as the bot may take them when it is the bot. */
  private legal(state: GameState, actor: PlayerId): readonly Action[] {
    const legal = this.engine.legalActions(state);
    return actor === this.player ? allowedActions(state, legal, this.forbidden) : legal;
  }

  /** One simulated game: a sampled world, down the tree by UCB1, one new node, a short playout, the result backed up. */
  private simulate(root: Node, real: GameState): void {
    let state = this.sampler.sample(real, this.random);
    let node = root;
    const path: Node[] = [];
    for (let depth = 0; !state.over && depth < MAX_TREE_DEPTH; depth++) {
      const actor = this.engine.decider(state);
      if (!actor) break;
      const actions = new Map<string, Action>();
      for (const action of this.legal(state, actor)) {
        const key = this.key(state, action);
        if (!actions.has(key)) actions.set(key, action);
      }
      if (actions.size === 0) break;
      const untried: string[] = [];
      for (const key of actions.keys()) {
        const child = node.children.get(key);
        if (child) child.available++;
        else untried.push(key);
      }
      let key: string;
      let child: Node;
      if (untried.length > 0) {
        key = this.random.pick(untried);
        child = newNode(actor);
        node.children.set(key, child);
      } else {
        let bestScore = -Infinity;
        key = "";
        child = node;
        for (const candidate of actions.keys()) {
          const c = node.children.get(candidate)!;
          const score = c.reward / c.visits + this.exploration * Math.sqrt(Math.log(c.available) / c.visits);
          if (score > bestScore) {
            bestScore = score;
            key = candidate;
            child = c;
          }
        }
      }
      const applied = this.engine.apply(state, actions.get(key)!);
      if (!applied.ok) break;
      state = applied.state;
      path.push(child);
      node = child;
      if (untried.length > 0) break;
    }
    const value = this.playout(state);
    for (const n of path) {
      n.visits++;
      n.reward += n.actor === this.player ? value : 1 - value;
    }
  }

  /**
   * Plays on from a position for a few actions — at random, but ending a phase or passing only
   * one time in three when something else is possible (a random player ends its turn before doing
   * anything far too often) — and returns the bot's chance to win there.
   */
  private playout(from: GameState): number {
    if (from.over || this.rolloutDepth === 0) return this.evaluator.value(from, this.player);
    const state = cloneJson(from);
    for (let i = 0; i < this.rolloutDepth && !state.over; i++) {
      const actor = this.engine.decider(state);
      if (!actor) break;
      const legal = this.legal(state, actor);
      if (legal.length === 0) break;
      let action = this.random.pick(legal);
      if (isWaiting(action) && legal.length > 1 && this.random.int(3) !== 0) {
        const acting = legal.filter((a) => !isWaiting(a));
        if (acting.length) action = this.random.pick(acting);
      }
      this.engine.applyInPlace(state, action, true);
    }
    return this.evaluator.value(state, this.player);
  }
}

registerBot("mcts", (engine: Engine, player: PlayerId, seed: number, settings: BotSettings) => new MctsBot(engine, player, seed, settings));
