/**
 * Bots: players that decide through the engine's own API alone — the actions `legalActions`
 * offers, played with `apply` — so a bot can never make a move a person could not. Three kinds:
 * `random` (a uniform pick, as `cardwright simulate` plays), `greedy` (the action whose outcome
 * the game's evaluation likes best, ./greedy.ts) and `mcts` (Monte Carlo tree search over sampled
 * worlds of what the bot cannot see, ./mcts.ts). Every bot has its own seeded generator: the same
 * seed and the same game give the same choices.
 */
import type { Action, Engine, GameState, PlayerId } from "../index.ts";

export const BOT_KINDS = ["random", "greedy", "mcts"] as const;
export type BotKind = (typeof BOT_KINDS)[number];

export interface Bot {
  readonly kind: BotKind;
  /** One of `legal` (the engine's legal actions for the player this bot plays, who decides now). */
  choose(state: GameState, legal: readonly Action[]): Action;
  /**
   * Told of every action the game is about to take — any player's, forced ones too — with the
   * state it is taken in (before it is applied), so a bot can follow the game between its own
   * decisions (the search bot keeps the part of its tree the game went down).
   */
  observe?(state: GameState, action: Action): void;
}

export interface BotSettings {
  /** Search bot: simulated games per decision (deterministic for a seed; the default). */
  playouts?: number;
  /** Search bot: thinking time per decision instead of a playout count (not deterministic). */
  milliseconds?: number;
  /** Search bot: how far a simulated game is played past the tree before it is judged (actions). */
  rolloutDepth?: number;
  /** Search bot: percentage (0–100) of the decisions past the tree taken at random rather than by the evaluation. */
  rolloutRandomness?: number;
  /** Search bot: UCB exploration constant. */
  exploration?: number;
  /** Search bot: keep the subtree the game went down between decisions (default true; false searches every decision afresh). */
  reuseTree?: boolean;
  /** Search bot: let the root's actions into the search a few at a time, greedy's best first (progressive widening; default true; false searches them all from the start). */
  rootWidening?: boolean;
  /** Search bot: end a decision's search once no other action can catch up with the most simulated one in the simulated games left (the same move, fewer games; default true; false spends the whole budget). Playout budgets only. */
  stopWhenSettled?: boolean;
  /**
   * Search bot: its look one step ahead (the tree's priors, the moves past the tree) judges an answer to the game's
   * question — the attackers to declare, the blockers, a target — once what it set going in the phase is finished (the
   * combat over), not once what waits has resolved: a declared attack changes nothing before the blocks and the damage
   * (default false).
   */
  answersAfterCombat?: boolean;
  /** Card definition ids this bot may not play (restricted play): their `play` actions are never chosen while anything else is legal. */
  forbidden?: ReadonlySet<string>;
}

export const DEFAULT_PLAYOUTS = 200;

/** Apply options for a bot's look-ahead: a bot applies only actions `legalActions` just listed for that same state, so they are not parsed or validated again. */
export const LISTED = { listed: true } as const;

/**
 * The actions a bot may take: all legal ones but the plays of forbidden cards, unless nothing
 * else is legal (a rule that forces the play wins over the restriction).
 */
export function allowedActions(state: GameState, legal: readonly Action[], forbidden: ReadonlySet<string> | undefined): readonly Action[] {
  if (!forbidden || forbidden.size === 0) return legal;
  const allowed = legal.filter((a) => a.type !== "play" || !forbidden.has(state.cards[a.card]?.def ?? ""));
  return allowed.length > 0 ? allowed : legal;
}

/** A bot that respects a restriction around any bot. */
class RestrictedBot implements Bot {
  constructor(
    private readonly inner: Bot,
    private readonly forbidden: ReadonlySet<string>,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  choose(state: GameState, legal: readonly Action[]): Action {
    return this.inner.choose(state, allowedActions(state, legal, this.forbidden));
  }
  observe(state: GameState, action: Action): void {
    this.inner.observe?.(state, action);
  }
}

export type BotFactory = (engine: Engine, player: PlayerId, seed: number, settings: BotSettings) => Bot;

const factories = new Map<BotKind, BotFactory>();

/** Bot modules register their kind (./index.ts loads them all). */
export function registerBot(kind: BotKind, factory: BotFactory): void {
  factories.set(kind, factory);
}

export function createBot(kind: BotKind, engine: Engine, player: PlayerId, seed: number, settings: BotSettings = {}): Bot {
  const factory = factories.get(kind);
  if (!factory) throw new Error(`unknown bot "${kind}": the bots are ${BOT_KINDS.join(", ")}`);
  const bot = factory(engine, player, seed, settings);
  return settings.forbidden?.size ? new RestrictedBot(bot, settings.forbidden) : bot;
}
