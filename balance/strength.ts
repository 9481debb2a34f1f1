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
  /** Played until decided (sequential testing): the cell was decided after this many games (with those of the earlier runs it continued) and no further game was started. */
  decidedAfter?: number;
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

/** The parts' games one by one, in the order of their game numbers: the decks take turns, so a call stopped midway (heavy.sh's 20-min bound) has played the first games of every deck. */
export function gamesInOrder(parts: readonly PiecePart[]): { part: PiecePart; task: number; game: number }[] {
  const out: { part: PiecePart; task: number; game: number }[] = [];
  for (const part of parts) for (let task = part.tasks.from; task < part.tasks.to; task++) out.push({ part, task, game: part.gameOf(task) });
  return out.sort((a, b) => a.game - b.game);
}

/** A game as the results file keeps it; `seats` index the cell's decks (`cell.decks`). */
export function strengthGame(part: PiecePart, record: GameRecord, cell: StrengthCell): StrengthGame {
  const p1 = part.spec.decks[record.seats.p1]!.name;
  const p2 = part.spec.decks[record.seats.p2]!.name;
  const deck = part.spec.decks.length === 1 ? part.deckName : `${p1} vs ${p2}`;
  const seats = { p1: cell.decks.indexOf(p1), p2: cell.decks.indexOf(p2) };
  return { game: part.gameOf(record.task), deck, seed: record.seed, outcome: record.outcome, turns: record.turns, actions: record.actions, moves: hashText(record.moves.join(",")), seats, choices: record.moves, first: record.first as Seat };
}

/** A cell to play: its games `first` … `first + count - 1` (when stopping once decided, at most those). */
export interface CellRun {
  cell: StrengthCell;
  bundle: RunSpec["bundle"];
  decks: DeckSpec[];
  first: number;
  count: number;
  commit?: string;
  /**
   * The cell's games from earlier runs (a results file continued: the bench's `--continue`): they are not played
   * again, and they count towards deciding the cell, as if this run had played them.
   */
  earlier?: readonly StrengthPiece[];
}

export interface PlayCellsOptions {
  /** Games played at the same time (the bench's worker threads). */
  threads: number;
  /**
   * Sequential testing: once a cell's finished games decide it (the Wilson interval wholly at or above
   * the goal, or wholly below), no further game of it starts — the threads go on to the next cell.
   * Games already under way are finished and counted; should they make the cell undecided again, its
   * games start again.
   */
  untilDecided: boolean;
  /** A time (Date.now() milliseconds) after which no game starts: a run given a time bound ends with the games under way then. */
  startBy?: number;
  /** Each game as it ends, with its cell's piece as it stands. */
  onGame?: (game: StrengthGame, piece: StrengthPiece) => void;
}

/** Whether a piece's games decide its cell (met or missed). */
export const isDecided = (piece: StrengthPiece, earlier: readonly StrengthPiece[] = []): boolean => {
  const pieces = [...earlier, piece].filter((p) => p.games.length > 0);
  return pieces.length > 0 && mergePieces(pieces.map((p) => ({ piece: p, source: "" })))[0]!.verdict !== "undecided";
};

/**
 * Plays cells, each game by game in game order, `threads` games at a time, the cells taking turns (the next game
 * started is one of the open cell with the fewest started, the first given among equals): `play` plays one game of a part (of run number `run`) — on a worker thread in the bench, in this thread in a test;
 * the game is the same either way (its seeds come from its number). With `untilDecided` a cell
 * stops as soon as it is decided, and its piece records after how many games (`decidedAfter`); with
 * `startBy` no game starts after that time (the cells not reached keep what they played: maybe nothing).
 */
export async function playCells(runs: readonly CellRun[], play: (part: PiecePart, task: number, run: number) => Promise<GameRecord>, options: PlayCellsOptions): Promise<StrengthPiece[]> {
  if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError(`games at a time is a whole number ≥ 1 (got ${options.threads})`);
  const cells = runs.map((run, index) => ({
    run,
    index,
    queue: gamesInOrder(pieceParts(run.cell, run.bundle, run.decks, run.first, run.count)).filter(({ game }) => !run.earlier?.some((p) => p.games.some((g) => g.game === game))),
    running: 0,
    started: 0,
    launched: 0,
    piece: { cell: run.cell, first: run.first, count: run.count, games: [], minutes: 0, ...(run.commit ? { commit: run.commit } : {}), decks: run.decks } as StrengthPiece,
  }));
  const open = (cell: (typeof cells)[number]) => cell.queue.length > 0 && !(options.untilDecided && isDecided(cell.piece, cell.run.earlier));
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    const launch = () => {
      while (!failed && running < options.threads && !(options.startBy !== undefined && Date.now() > options.startBy)) {
        // Round robin: the open cell with the fewest games started (the first given among equals). A time bound so gives
        // every cell its share, and a cell whose rate sits near its goal — undecided game after game — cannot hold every
        // thread to its game limit (session 15: Chromatic against greedy on p1 took all 50 minutes, 53 games, 64.2%
        // (50.7–75.7%), and the seven cells after it got no game).
        let cell: (typeof cells)[number] | undefined;
        for (const candidate of cells) if (open(candidate) && (!cell || candidate.launched < cell.launched)) cell = candidate;
        if (!cell) break;
        cell.launched++;
        const { part, task } = cell.queue.shift()!;
        if (!cell.started) cell.started = performance.now();
        running++;
        cell.running++;
        play(part, task, cell.index).then(
          (record) => {
            running--;
            cell.running--;
            const game = strengthGame(part, record, cell.run.cell);
            const games = cell.piece.games;
            const after = games.findIndex((g) => g.game > game.game);
            games.splice(after === -1 ? games.length : after, 0, game);
            cell.piece.minutes = (performance.now() - cell.started) / 60000;
            if (options.untilDecided && cell.running === 0 && cell.queue.length > 0 && isDecided(cell.piece, cell.run.earlier)) cell.piece.decidedAfter = games.length + earlierGames(cell.run);
            else delete cell.piece.decidedAfter;
            options.onGame?.(game, cell.piece);
            launch();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
      if (running === 0 && !failed) resolve(cells.map((c) => c.piece));
    };
    launch();
  });
}

const earlierGames = (run: CellRun): number => new Set(run.earlier?.flatMap((p) => p.games.map((g) => g.game))).size;

/**
 * Plays games `first` … `first + count - 1` of a cell, one at a time (`playCells` with one thread, no stopping):
 * `play` plays a part's tasks (in task order).
 */
export async function playPiece(cell: StrengthCell, bundle: RunSpec["bundle"], decks: DeckSpec[], first: number, count: number, play: (part: PiecePart) => Promise<GameRecord[]>, commit?: string): Promise<StrengthPiece> {
  const [piece] = await playCells([{ cell, bundle, decks, first, count, ...(commit ? { commit } : {}) }], async (part, task) => (await play({ ...part, tasks: { from: task, to: task + 1 } }))[0]!, { threads: 1, untilDecided: false });
  return piece!;
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

/** JSON.parse with an error that names the file (results and games files are read by several commands). */
export function parseJsonNamingSource(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`);
  }
}

/** Reads a results file written by the bench (`--out`): a list of pieces, checked for shape. */
export function parsePieces(text: string, source: string): StrengthPiece[] {
  const data = parseJsonNamingSource(text, source);
  const pieces = (data as { pieces?: unknown } | null)?.pieces;
  if (!Array.isArray(pieces)) throw new Error(`${source}: not a bot-strength results file (no "pieces" list)`);
  for (const [i, p] of pieces.entries()) {
    const piece = p as Partial<StrengthPiece>;
    if (!piece?.cell || typeof piece.cell.game !== "string" || !Array.isArray(piece.games) || typeof piece.first !== "number")
      throw new Error(`${source}: piece ${i} is not a bot-strength piece (cell, first, games)`);
  }
  return pieces as StrengthPiece[];
}
