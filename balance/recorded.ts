/**
 * Recorded games, read back from a file to replay them: the games.json `cardwright balance` writes
 * and the results files of the bot-strength bench (bench/bots.ts --out, balance/strength.ts) both
 * keep each game as its seed, its decks and its choices (the position of each action taken among
 * the legal ones). The studio's Balance view opens either file and puts any of its games on the
 * table — a lost bench game is looked at move by move without playing it again.
 */
import type { Outcome } from "./play.ts";
import type { DeckSpec } from "./plan.ts";
import { parseJsonNamingSource, parsePieces } from "./strength.ts";

export interface RecordedGame {
  /** How the file names the game: "game 3" (a balance run's task number from 1), "chromatic game 5 (mcts p2 vs greedy)". */
  label: string;
  seed: number;
  /** Which of `decks` sat on each seat. */
  seats: { p1: number; p2: number };
  moves: number[];
  outcome: Outcome;
  turns: number;
}

export interface RecordedGames {
  /** The game id when the file names it (a bench file does; games.json does not). */
  game?: string;
  decks: DeckSpec[];
  games: RecordedGame[];
}

const isDeck = (d: unknown): d is DeckSpec => typeof (d as DeckSpec)?.name === "string" && Array.isArray((d as DeckSpec).cards);

/** Reads a games.json or a bench results file; a clear error (naming the file) for anything else. */
export function readRecordedGames(text: string, source: string): RecordedGames {
  const data = parseJsonNamingSource(text, source);
  const file = data as { format?: unknown; decks?: unknown; records?: unknown; pieces?: unknown } | null;
  if (file?.format === "cardwright-balance-games") {
    if (!Array.isArray(file.decks) || !file.decks.every(isDeck) || !Array.isArray(file.records)) throw new Error(`${source}: a games file without its decks or records`);
    const records = file.records as { task: number; seed: number; seats: { p1: number; p2: number }; moves: number[]; outcome: Outcome; turns: number }[];
    return { decks: file.decks, games: records.map((r) => ({ label: `game ${r.task + 1}`, seed: r.seed, seats: r.seats, moves: r.moves, outcome: r.outcome, turns: r.turns })) };
  }
  if (Array.isArray(file?.pieces)) {
    const pieces = parsePieces(text, source);
    const first = pieces[0];
    if (!first) return { decks: [], games: [] };
    if (pieces.some((p) => p.cell.game !== first.cell.game)) throw new Error(`${source}: holds games of several games (${[...new Set(pieces.map((p) => p.cell.game))].join(", ")}) — open one game's file`);
    const decks = first.decks;
    if (!decks || !decks.every(isDeck) || pieces.some((p) => !p.games.every((g) => g.choices && g.seats)))
      throw new Error(`${source}: this results file keeps no choices (written before session 6): play its games again with bench/bots.ts --first-game N --games 1 --out <file>`);
    const games: RecordedGame[] = [];
    for (const piece of pieces) {
      const { cell } = piece;
      const opponentSeat = cell.seat === "p1" ? "p2" : "p1";
      for (const g of piece.games)
        games.push({ label: `${cell.game} game ${g.game} (${g.deck}; mcts ${cell.seat} vs ${cell.opponent} ${opponentSeat})`, seed: g.seed, seats: g.seats!, moves: g.choices!, outcome: g.outcome, turns: g.turns });
    }
    return { game: first.cell.game, decks, games };
  }
  throw new Error(`${source}: neither a games.json of \`cardwright balance\` nor a bot-strength results file`);
}
