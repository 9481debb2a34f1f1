/**
 * Search bot against search bot (issue 18): is a change to the search bot stronger, and what does it
 * cost? Two settings of the search bot — arm A and arm B (./../runtime/bots/bot.ts BotSettings, such as
 * `answersAfterCombat` or `rootWidening`) — play mirror matches: both players hold the same bundled
 * deck, the game's decks taking turns, so what is measured is the bots, not the decks.
 *
 * The games come in pairs: games 2k and 2k+1 are the same deal (the same seed, deck and bot seeds) with
 * the arms on swapped seats — A on p1 in even games, on p2 in odd ones —, so the luck of a deal and
 * of going first (every bundled game draws its first player by the seed) is given to each arm once.
 * Game G is the same game whichever call plays it: a measurement can be played in pieces and merged.
 *
 * What each arm costs is measured in the same games, decision by decision, as the CPU time of the
 * thread that plays the game (Linux: /proc/thread-self/schedstat, nanoseconds; a machine's load
 * changes how long a game takes, not its CPU time), with the simulated games each decision spent.
 */
import { readFileSync } from "node:fs";
import type { Action, Engine, GameState, PlayerId } from "../runtime/index.ts";
import { hashText } from "../runtime/index.ts";
import { MctsBot } from "../runtime/bots/mcts.ts";
import type { BotSettings } from "../runtime/bots/bot.ts";
import type { DeckSpec } from "./plan.ts";
import { botSeed, gameSeed } from "./plan.ts";
import { wilson, type Rate } from "./stats.ts";
import { parseJsonNamingSource, rangesOf } from "./strength.ts";

export type Arm = "a" | "b";

/** The search-bot settings an arm may set, with the kind of value each takes. */
const SETTABLE: Record<string, "boolean" | "count" | "number"> = {
  playouts: "count",
  rolloutDepth: "count",
  rolloutRandomness: "number",
  exploration: "number",
  reuseTree: "boolean",
  rootWidening: "boolean",
  stopWhenSettled: "boolean",
  answersAfterCombat: "boolean",
};

/**
 * An arm's settings from text: `name=value` pairs separated by commas (`rootWidening=false,playouts=50`);
 * empty text is the bot's defaults. An unknown name or a value of the wrong kind is an error naming it.
 */
export function parseArmSettings(text: string, label = "arm"): BotSettings {
  const settings: Record<string, boolean | number> = {};
  for (const entry of text.split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(entry);
    if (!match) throw new Error(`${label}: "${entry}" is not name=value (for example rootWidening=false)`);
    const [, name, value] = match as unknown as [string, string, string];
    const kind = SETTABLE[name];
    if (!kind) throw new Error(`${label}: unknown search-bot setting "${name}" (the settings: ${Object.keys(SETTABLE).join(", ")})`);
    if (name in settings) throw new Error(`${label}: "${name}" is set twice`);
    if (kind === "boolean") {
      if (value !== "true" && value !== "false") throw new Error(`${label}: ${name} is true or false, not "${value}"`);
      settings[name] = value === "true";
    } else {
      const n = Number(value);
      if (!Number.isFinite(n) || (kind === "count" && (!Number.isInteger(n) || n < 0)) || n < 0) throw new Error(`${label}: ${name} is ${kind === "count" ? "a whole number" : "a number"} ≥ 0, not "${value}"`);
      settings[name] = n;
    }
  }
  return settings as BotSettings;
}

/** Settings as the text `parseArmSettings` reads ("defaults" when none). */
export const armText = (settings: BotSettings): string =>
  Object.entries(settings)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(",") || "defaults";

/** What makes two results files parts of the same measurement. */
export interface VersusSetup {
  game: string;
  /** Deck names in the game's order (game G's deck depends on them). */
  decks: string[];
  a: BotSettings;
  b: BotSettings;
  /** Simulated games per decision of both arms (an arm's own `playouts` wins). */
  playouts: number;
  seed: number;
  maxTurns: number;
  maxActions: number;
}

/** What one arm spent in one game: its decisions (two or more actions to choose from), their thread CPU time, the simulated games. */
export interface ArmCost {
  decisions: number;
  cpuMs: number;
  playouts: number;
}

export interface VersusGame {
  game: number;
  deck: string;
  seed: number;
  /** A's seat (B has the other). */
  aSeat: PlayerId;
  winner: Arm | "draw" | "unfinished";
  /** Which arm took the first turn. */
  first: Arm;
  turns: number;
  actions: number;
  cost: Record<Arm, ArmCost>;
  /** Hash of the game's choices: two runs played the same game when theirs are equal. */
  moves: string;
}

/** Game `game`'s deal: its deck, seed, and A's seat (games 2k and 2k+1 share deck and seed; A sits on p1 in even games). */
export function versusDeal(setup: Pick<VersusSetup, "decks" | "seed">, game: number): { deck: number; seed: number; aSeat: PlayerId } {
  if (!Number.isInteger(game) || game < 0) throw new RangeError(`a game number is a whole number ≥ 0 (got ${game})`);
  const pair = Math.floor(game / 2);
  const deck = pair % setup.decks.length;
  return { deck, seed: gameSeed(setup.seed, deck, Math.floor(pair / setup.decks.length)), aSeat: game % 2 === 0 ? "p1" : "p2" };
}

/**
 * CPU time of the calling thread, in milliseconds: on Linux its own (a worker thread's, not the
 * process's — /proc/thread-self/schedstat); elsewhere the process's (exact only with one thread playing).
 */
export function threadCpuMs(): number {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** Plays game `game` of a setup: A and B on their seats, both search bots, until the game ends or the limits stop it. */
export function playVersusGame(engine: Engine, setup: VersusSetup, decks: readonly DeckSpec[], game: number, clock: () => number = threadCpuMs): VersusGame {
  const deal = versusDeal(setup, game);
  const cards = decks[deal.deck]!.cards;
  let state: GameState = engine.newGame({ seed: deal.seed, decks: { p1: cards, p2: cards } }).state;
  const armOf = (seat: PlayerId): Arm => (seat === deal.aSeat ? "a" : "b");
  const bots = {
    p1: new MctsBot(engine, "p1", botSeed(deal.seed, "p1"), { playouts: setup.playouts, ...setup[armOf("p1")] }),
    p2: new MctsBot(engine, "p2", botSeed(deal.seed, "p2"), { playouts: setup.playouts, ...setup[armOf("p2")] }),
  };
  const cost: Record<Arm, ArmCost> = { a: { decisions: 0, cpuMs: 0, playouts: 0 }, b: { decisions: 0, cpuMs: 0, playouts: 0 } };
  const first = armOf(state.order[0]!);
  const moves: number[] = [];
  while (!state.over && state.turn <= setup.maxTurns && moves.length < setup.maxActions) {
    const player = engine.decider(state);
    if (player !== "p1" && player !== "p2") break;
    const legal = engine.legalActions(state);
    if (legal.length === 0) break;
    let action: Action = legal[0]!;
    if (legal.length > 1) {
      const bot = bots[player];
      const spent = bot.searched.playouts;
      const started = clock();
      action = bot.choose(state, legal);
      const arm = cost[armOf(player)];
      arm.cpuMs += clock() - started;
      arm.decisions++;
      arm.playouts += bot.searched.playouts - spent;
    }
    const index = legal.indexOf(action);
    if (index < 0) throw new Error(`game ${game}: the search bot on ${player} chose an action that is not legal`);
    bots.p1.observe(state, action);
    bots.p2.observe(state, action);
    const applied = engine.applyInPlace(state, action, true);
    if (!applied.ok) throw new Error(`game ${game}: a legal action was refused: ${applied.refusal.code} ${applied.refusal.message}`);
    state = applied.state;
    moves.push(index);
  }
  const winner = !state.over ? "unfinished" : state.winner === "p1" || state.winner === "p2" ? armOf(state.winner) : "draw";
  return { game, deck: decks[deal.deck]!.name, seed: deal.seed, aSeat: deal.aSeat, winner, first, turns: state.turn, actions: moves.length, cost, moves: hashText(moves.join(",")) };
}

export interface VersusTotal {
  setup: VersusSetup;
  games: VersusGame[];
  finished: number;
  unfinished: number;
  /** A's wins (a draw ½) of the finished games, with its Wilson 95% interval. */
  aWins: number;
  rate: Rate;
  /** "A stronger" / "B stronger" when the interval is wholly above / below 50%, else "no difference shown". */
  verdict: "A stronger" | "B stronger" | "no difference shown";
  /** Pairs of games (one deal, seats swapped) both played and finished: won by A both times, split, won by B both times. */
  pairs: { a: number; split: number; b: number };
  /** A's wins when it went first / second (finished games). */
  aFirst: { wins: number; finished: number };
  aSecond: { wins: number; finished: number };
  /** Each arm's CPU milliseconds and simulated games per decision, over all games. */
  perDecision: Record<Arm, { cpuMs: number; playouts: number; decisions: number }>;
  /** A's CPU per decision ÷ B's, game by game (both measured in the same game, their decisions interleaved). */
  cpuRatios: number[];
  /** Game numbers played, as ranges. */
  ranges: string;
  /** Games found in two files with the same result (counted once). */
  repeated: number;
}

const setupKey = (setup: VersusSetup): string => JSON.stringify([setup.game, setup.decks, armText(setup.a), armText(setup.b), setup.playouts, setup.seed, setup.maxTurns, setup.maxActions]);

/** One measurement's games, as a results file holds them. */
export interface VersusPiece {
  setup: VersusSetup;
  games: VersusGame[];
  commit?: string;
}

/**
 * Sums pieces per setup (game, decks, arms, budget, seed). A game number found twice must be the same
 * game (same choices and winner: counted once); otherwise it is an error — not the same bots and engine.
 */
export function totalVersus(pieces: readonly { piece: VersusPiece; source: string }[]): VersusTotal[] {
  const setups = new Map<string, { setup: VersusSetup; games: Map<number, { game: VersusGame; source: string }>; repeated: number }>();
  for (const { piece, source } of pieces) {
    const key = setupKey(piece.setup);
    let entry = setups.get(key);
    if (!entry) setups.set(key, (entry = { setup: piece.setup, games: new Map(), repeated: 0 }));
    for (const game of piece.games) {
      const seen = entry.games.get(game.game);
      if (!seen) entry.games.set(game.game, { game, source });
      else if (seen.game.moves !== game.moves || seen.game.winner !== game.winner)
        throw new Error(`${piece.setup.game}: game ${game.game} differs between ${seen.source} (${seen.game.winner}, moves ${seen.game.moves}) and ${source} (${game.winner}, moves ${game.moves}) — not the same bots and engine`);
      else entry.repeated++;
    }
  }
  return [...setups.values()].map(({ setup, games, repeated }) => {
    const list = [...games.values()].map((g) => g.game).sort((x, y) => x.game - y.game);
    const finished = list.filter((g) => g.winner !== "unfinished");
    const winsOf = (gs: readonly VersusGame[]) => gs.reduce((s, g) => s + (g.winner === "a" ? 1 : g.winner === "draw" ? 0.5 : 0), 0);
    const aWins = winsOf(finished);
    const rate = wilson(aWins, finished.length);
    const byNumber = new Map(finished.map((g) => [g.game, g]));
    const pairs = { a: 0, split: 0, b: 0 };
    for (const g of finished) {
      const partner = g.game % 2 === 0 ? byNumber.get(g.game + 1) : undefined;
      if (!partner) continue;
      const w = winsOf([g, partner]);
      if (w === 2) pairs.a++;
      else if (w === 0) pairs.b++;
      else pairs.split++;
    }
    const split = (first: boolean) => {
      const gs = finished.filter((g) => (g.first === "a") === first);
      return { wins: winsOf(gs), finished: gs.length };
    };
    const arm = (a: Arm) => {
      const decisions = list.reduce((s, g) => s + g.cost[a].decisions, 0);
      return { decisions, cpuMs: decisions ? list.reduce((s, g) => s + g.cost[a].cpuMs, 0) / decisions : 0, playouts: decisions ? list.reduce((s, g) => s + g.cost[a].playouts, 0) / decisions : 0 };
    };
    const ratios = list.filter((g) => g.cost.a.decisions > 0 && g.cost.b.decisions > 0 && g.cost.b.cpuMs > 0).map((g) => g.cost.a.cpuMs / g.cost.a.decisions / (g.cost.b.cpuMs / g.cost.b.decisions));
    const verdict = finished.length === 0 ? "no difference shown" : rate.low > 0.5 ? "A stronger" : rate.high < 0.5 ? "B stronger" : "no difference shown";
    return {
      setup,
      games: list,
      finished: finished.length,
      unfinished: list.length - finished.length,
      aWins,
      rate,
      verdict,
      pairs,
      aFirst: split(true),
      aSecond: split(false),
      perDecision: { a: arm("a"), b: arm("b") },
      cpuRatios: ratios,
      ranges: rangesOf(list.map((g) => g.game)),
      repeated,
    };
  });
}

/** Reads a results file the A/B bench wrote (`--out`): a list of pieces, checked for shape. */
export function parseVersusPieces(text: string, source: string): VersusPiece[] {
  const data = parseJsonNamingSource(text, source);
  const pieces = (data as { versus?: unknown } | null)?.versus;
  if (!Array.isArray(pieces)) throw new Error(`${source}: not a search-bot A/B results file (no "versus" list)`);
  for (const [i, p] of pieces.entries()) {
    const piece = p as Partial<VersusPiece>;
    if (!piece?.setup || typeof piece.setup.game !== "string" || !Array.isArray(piece.games)) throw new Error(`${source}: piece ${i} is not an A/B piece (setup, games)`);
  }
  return pieces as VersusPiece[];
}
