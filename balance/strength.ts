/**
 * Bot strength in pieces (issue 18's bench, bench/bots.ts): one CELL — a game, the search bot's
 * seat, its opponent — is a numbered list of games, and any stretch of it can be played by its own
 * call and written to a results file; merging the files sums them. A 35–100-game cell so runs as
 * several short calls, and the merged figures are those of one long run with the same seed: game
 * number G of a cell always has the same deck, seats and seeds, whichever call plays it.
 *
 * Game G of a cell: in a mirror cell (each deck against itself) deck G mod n plays its game
 * ⌊G / n⌋ — the decks take turns, so the first 2k games give each of two decks k games; in a pair
 * cell (the first two decks meet) it is game G of that matchup (the seats swap every game).
 */
import { hashText } from "../runtime/index.ts";
import type { BotKind } from "../runtime/bots/bot.ts";
import type { Batch } from "./batch.ts";
import type { GameRecord, Outcome } from "./play.ts";
import type { DeckSpec, RunSpec } from "./plan.ts";
import { wilson, type Rate } from "./stats.ts";

export type StrengthOpponent = "random" | "greedy";
export type Seat = "p1" | "p2";

/** What makes two results files parts of the same measurement. */
export interface StrengthCell {
  game: string;
  matchup: "mirror" | "pair";
  /** Deck names in the game's order (game G's deck depends on them). */
  decks: string[];
  opponent: StrengthOpponent;
  /** The search bot's seat. */
  seat: Seat;
  playouts: number;
  seed: number;
}

export interface StrengthGame {
  /** The game's number in its cell. */
  game: number;
  /** Mirror: the deck on both seats; pair: "<p1 deck> vs <p2 deck>". */
  deck: string;
  seed: number;
  outcome: Outcome;
  turns: number;
  actions: number;
  /** Hash of the game's choices: two runs played the same game when theirs are equal. */
  moves: string;
  /** Which of the piece's `decks` sat on each seat (files written before session 6 lack it). */
  seats?: { p1: number; p2: number };
  /** The game itself: the position of each action taken among the legal ones — to replay it (balance/recorded.ts, the studio's Balance view). */
  choices?: number[];
  /** Who took the first turn (every bundled game draws it by the game's seed; files written before session 7 lack it). */
  first?: Seat;
}

/** What one call of the bench writes: a stretch of one cell's games. */
export interface StrengthPiece {
  cell: StrengthCell;
  first: number;
  count: number;
  games: StrengthGame[];
  minutes: number;
  /** The commit the bench ran at (when known). */
  commit?: string;
  /** The cell's decks as played (card ids), so a game can be replayed from the file alone. */
  decks?: DeckSpec[];
}

export const STRENGTH_GOALS: Record<StrengthOpponent, number> = { random: 0.9, greedy: 0.6 };

/** Whether an interval shows the goal met, missed, or cannot tell yet. */
export const verdictOf = (rate: Rate, goal: number): "met" | "missed" | "undecided" => (rate.low >= goal ? "met" : rate.high < goal ? "missed" : "undecided");

export function cellKey(cell: StrengthCell): string {
  return JSON.stringify([cell.game, cell.matchup, cell.decks, cell.opponent, cell.seat, cell.playouts, cell.seed]);
}

export const cellName = (cell: StrengthCell): string => `${cell.game}${cell.matchup === "mirror" ? " (mirror matches)" : ""}: mcts (${cell.playouts} playouts) vs ${cell.opponent}, seat ${cell.seat}`;

/** One run to play for a stretch of a cell: a run spec and which of its tasks, with each task's game number. */
export interface PiecePart {
  spec: RunSpec;
  tasks: Batch;
  /** The cell's game number of task `t` of this part. */
  gameOf(task: number): number;
  deckName: string;
}

/**
 * The runs that play games `first` … `first + count - 1` of a cell: one per deck in a mirror cell
 * (each a contiguous range of that deck's games), one in a pair cell.
 */
export function pieceParts(cell: StrengthCell, bundle: RunSpec["bundle"], decks: DeckSpec[], first: number, count: number): PiecePart[] {
  if (!Number.isInteger(first) || first < 0) throw new RangeError(`the first game is a whole number ≥ 0 (got ${first})`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`the number of games is a whole number ≥ 0 (got ${count})`);
  const bots: { p1: BotKind; p2: BotKind } = cell.seat === "p1" ? { p1: "mcts", p2: cell.opponent } : { p1: cell.opponent, p2: "mcts" };
  const base = { bundle, bots, botSettings: { playouts: cell.playouts }, seed: cell.seed, restrictedGames: 0, maxTurns: 200, maxActions: 20000 };
  const end = first + count;
  if (cell.matchup === "pair") {
    if (decks.length < 2) throw new Error(`${cell.game}: a pair cell needs two decks (the game has ${decks.length})`);
    const pair = decks.slice(0, 2);
    return count === 0 ? [] : [{ spec: { ...base, decks: pair, games: end }, tasks: { from: first, to: end }, gameOf: (t) => t, deckName: `${pair[0]!.name} vs ${pair[1]!.name}` }];
  }
  const n = decks.length;
  const parts: PiecePart[] = [];
  for (const [d, deck] of decks.entries()) {
    // Deck d plays the cell's games d, d + n, d + 2n …: its own games ⌈(first − d)/n⌉ … ⌈(end − d)/n⌉ − 1.
    const from = Math.max(0, Math.ceil((first - d) / n));
    const to = Math.max(0, Math.ceil((end - d) / n));
    if (to > from) parts.push({ spec: { ...base, decks: [deck], games: to }, tasks: { from, to }, gameOf: (t) => t * n + d, deckName: deck.name });
  }
  return parts;
}

/**
 * The parts cut into stretches of at most `chunk` games of one deck, in the order of their game numbers:
 * the decks take turns, so a call stopped midway (heavy.sh's 20-min bound) has played the first games of
 * every deck — played deck by deck, it had played only the first deck's.
 */
export function inGameOrder(parts: readonly PiecePart[], chunk: number): PiecePart[] {
  if (!Number.isInteger(chunk) || chunk < 1) throw new RangeError(`a chunk is a whole number ≥ 1 (got ${chunk})`);
  const out: PiecePart[] = [];
  for (const part of parts)
    for (let from = part.tasks.from; from < part.tasks.to; from += chunk) out.push({ ...part, tasks: { from, to: Math.min(part.tasks.to, from + chunk) } });
  return out.sort((a, b) => a.gameOf(a.tasks.from) - b.gameOf(b.tasks.from));
}

/** A game as the results file keeps it; `seats` index the cell's decks (`cell.decks`). */
export function strengthGame(part: PiecePart, record: GameRecord, cell: StrengthCell): StrengthGame {
  const p1 = part.spec.decks[record.seats.p1]!.name;
  const p2 = part.spec.decks[record.seats.p2]!.name;
  const deck = part.spec.decks.length === 1 ? part.deckName : `${p1} vs ${p2}`;
  const seats = { p1: cell.decks.indexOf(p1), p2: cell.decks.indexOf(p2) };
  return { game: part.gameOf(record.task), deck, seed: record.seed, outcome: record.outcome, turns: record.turns, actions: record.actions, moves: hashText(record.moves.join(",")), seats, choices: record.moves, first: record.first as Seat };
}

/**
 * Plays games `first` … `first + count - 1` of a cell: `play` plays a part's tasks (in task order) —
 * on a thread pool in the bench, in this thread in a test; the games are the same either way.
 */
export async function playPiece(cell: StrengthCell, bundle: RunSpec["bundle"], decks: DeckSpec[], first: number, count: number, play: (part: PiecePart) => Promise<GameRecord[]>, commit?: string, chunk = 1): Promise<StrengthPiece> {
  const started = performance.now();
  const games: StrengthGame[] = [];
  for (const part of inGameOrder(pieceParts(cell, bundle, decks, first, count), chunk)) games.push(...(await play(part)).map((record) => strengthGame(part, record, cell)));
  games.sort((a, b) => a.game - b.game);
  return { cell, first, count, games, minutes: (performance.now() - started) / 60000, ...(commit ? { commit } : {}), decks };
}

export interface CellTotal {
  cell: StrengthCell;
  games: StrengthGame[];
  /** Finished games (an unfinished one — stopped at the turn/action cap — counts in neither wins nor games). */
  finished: number;
  unfinished: number;
  /** The search bot's wins (a draw ½). */
  wins: number;
  /**
   * The same split by turn order: the games in which the search bot took the first turn and those in
   * which its opponent did (finished games that record who went first) — so a seat's figure can be read
   * apart from a first-player edge of the game.
   */
  goingFirst: { wins: number; finished: number };
  goingSecond: { wins: number; finished: number };
  rate: Rate;
  goal: number;
  verdict: "met" | "missed" | "undecided";
  /** The game numbers played, as ranges: "0–34", or "0–19, 25–34" when there are gaps. */
  ranges: string;
  /** Games played twice (in two files) with the same result: counted once. */
  repeated: number;
  commits: string[];
  minutes: number;
}

export function winsOf(seat: Seat, games: readonly StrengthGame[]): { wins: number; finished: number } {
  const finished = games.filter((g) => g.outcome !== "unfinished");
  return { wins: finished.reduce((s, g) => s + (g.outcome === seat ? 1 : g.outcome === "draw" ? 0.5 : 0), 0), finished: finished.length };
}

export function rangesOf(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return out.join(", ") || "none";
}

/**
 * Sums results files per cell. A game number in two files must be the same game (same choices and
 * outcome — then it counts once); a different result is an error: the files do not come from the
 * same bot and engine.
 */
export function mergePieces(pieces: readonly { piece: StrengthPiece; source: string }[]): CellTotal[] {
  const cells = new Map<string, { cell: StrengthCell; games: Map<number, { game: StrengthGame; source: string }>; repeated: number; commits: Set<string>; minutes: number }>();
  for (const { piece, source } of pieces) {
    const key = cellKey(piece.cell);
    let entry = cells.get(key);
    if (!entry) cells.set(key, (entry = { cell: piece.cell, games: new Map(), repeated: 0, commits: new Set(), minutes: 0 }));
    if (piece.commit) entry.commits.add(piece.commit);
    entry.minutes += piece.minutes;
    for (const game of piece.games) {
      const seen = entry.games.get(game.game);
      if (!seen) {
        entry.games.set(game.game, { game, source });
        continue;
      }
      if (seen.game.moves !== game.moves || seen.game.outcome !== game.outcome)
        throw new Error(`${cellName(piece.cell)}: game ${game.game} differs between ${seen.source} (${seen.game.outcome}, moves ${seen.game.moves}) and ${source} (${game.outcome}, moves ${game.moves}) — not the same bot and engine`);
      entry.repeated++;
    }
  }
  return [...cells.values()].map(({ cell, games, repeated, commits, minutes }) => {
    const list = [...games.values()].map((g) => g.game).sort((a, b) => a.game - b.game);
    const { wins, finished } = winsOf(cell.seat, list);
    const goingFirst = winsOf(cell.seat, list.filter((g) => g.first === cell.seat));
    const goingSecond = winsOf(cell.seat, list.filter((g) => g.first !== undefined && g.first !== cell.seat));
    const rate = wilson(wins, finished);
    const goal = STRENGTH_GOALS[cell.opponent];
    return { cell, games: list, finished, unfinished: list.length - finished, wins, goingFirst, goingSecond, rate, goal, verdict: verdictOf(rate, goal), ranges: rangesOf(list.map((g) => g.game)), repeated, commits: [...commits], minutes };
  });
}

/** Reads a results file written by the bench (`--out`): a list of pieces, checked for shape. */
export function parsePieces(text: string, source: string): StrengthPiece[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`);
  }
  const pieces = (data as { pieces?: unknown } | null)?.pieces;
  if (!Array.isArray(pieces)) throw new Error(`${source}: not a bot-strength results file (no "pieces" list)`);
  for (const [i, p] of pieces.entries()) {
    const piece = p as Partial<StrengthPiece>;
    if (!piece?.cell || typeof piece.cell.game !== "string" || !Array.isArray(piece.games) || typeof piece.first !== "number")
      throw new Error(`${source}: piece ${i} is not a bot-strength piece (cell, first, games)`);
  }
  return pieces as StrengthPiece[];
}
