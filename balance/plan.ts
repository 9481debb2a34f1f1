/**
 * A balance run, planned: which decks meet (every pair of the decks given, or a deck against
 * itself when only one is given), with which bots on which seat, how many games, and — on request —
 * the restricted-play games (each card, the games of its deck played again with its player's bot
 * not allowed to play it). Every game of the run is a numbered task with its own seed, worked out
 * from the run's seed alone, so any machine can play any task and get the same game: a run split
 * over threads, processes or machines gives the results of a run in one.
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import { hashText } from "../runtime/index.ts";
import type { BotKind, BotSettings } from "../runtime/bots/index.ts";

export interface DeckSpec {
  /** Shown in the report: the deck file's name, or `generated-N`. */
  name: string;
  /** Card definition ids, one per copy, in list order. */
  cards: string[];
}

/** Everything a machine needs to play any game of a run: plain JSON (it travels to worker threads and over Redis). */
export interface RunSpec {
  /** The compiled game and its cards (nothing is read from disk by a worker). */
  bundle: CompiledBundle;
  decks: DeckSpec[];
  /** The bot on each seat. */
  bots: { p1: BotKind; p2: BotKind };
  botSettings: BotSettings;
  /** Games per matchup (seats alternate: even games give the first deck of the pair seat p1). */
  games: number;
  seed: number;
  /** Restricted play: games per card and matchup (0: none). */
  restrictedGames: number;
  /** A game still running after this many turns or actions is stopped and counted as unfinished. */
  maxTurns: number;
  maxActions: number;
}

export interface Matchup {
  /** Deck indices; the same deck twice for a mirror match. */
  a: number;
  b: number;
}

export interface GameTask {
  /** Position in the run: tasks are numbered main games first, then restricted ones. */
  index: number;
  matchup: number;
  /** Game number within its matchup (fixes the seed and the seats). */
  game: number;
  seed: number;
  /** Deck index on each seat. */
  seats: { p1: number; p2: number };
  /** Restricted play: this deck's player may not play this card. */
  restricted?: { card: string; deck: number; player: "p1" | "p2" };
}

export function matchupsOf(deckCount: number): Matchup[] {
  if (deckCount === 1) return [{ a: 0, b: 0 }];
  const out: Matchup[] = [];
  for (let a = 0; a < deckCount; a++) for (let b = a + 1; b < deckCount; b++) out.push({ a, b });
  return out;
}

/** The seed of game `game` of matchup `matchup` (the same in the main and the restricted games). */
export function gameSeed(runSeed: number, matchup: number, game: number): number {
  return parseInt(hashText(`${runSeed}/${matchup}/${game}`), 16) & 0x7fffffff;
}

/** A bot's seed in a game (its own generator, apart from the game's). */
export function botSeed(seed: number, player: "p1" | "p2"): number {
  return parseInt(hashText(`${seed}/${player}`), 16) & 0x7fffffff;
}

/** Distinct cards of a deck, in first-listed order. */
export function distinctCards(deck: DeckSpec): string[] {
  return [...new Set(deck.cards)];
}

/** The cards restricted play looks at: every distinct card of every deck, in deck order then list order. */
export function restrictedCards(spec: Pick<RunSpec, "decks">): { card: string; deck: number }[] {
  return spec.decks.flatMap((deck, index) => distinctCards(deck).map((card) => ({ card, deck: index })));
}

export function mainGameCount(spec: Pick<RunSpec, "decks" | "games">): number {
  return matchupsOf(spec.decks.length).length * spec.games;
}

export function taskCount(spec: Pick<RunSpec, "decks" | "games" | "restrictedGames">): number {
  const matchups = matchupsOf(spec.decks.length);
  let restricted = 0;
  for (const { deck } of restrictedCards(spec)) restricted += matchups.filter((m) => m.a === deck || m.b === deck).length * spec.restrictedGames;
  return matchups.length * spec.games + restricted;
}

/** Task `index` of a run (without listing the others). */
export function taskAt(spec: Pick<RunSpec, "decks" | "games" | "restrictedGames" | "seed">, index: number): GameTask {
  const matchups = matchupsOf(spec.decks.length);
  const seatsOf = (m: Matchup, game: number) => (game % 2 === 0 ? { p1: m.a, p2: m.b } : { p1: m.b, p2: m.a });
  const main = matchups.length * spec.games;
  if (index < main) {
    const matchup = Math.floor(index / spec.games);
    const game = index % spec.games;
    return { index, matchup, game, seed: gameSeed(spec.seed, matchup, game), seats: seatsOf(matchups[matchup]!, game) };
  }
  let rest = index - main;
  for (const { card, deck } of restrictedCards(spec)) {
    for (const [matchup, m] of matchups.entries()) {
      if (m.a !== deck && m.b !== deck) continue;
      if (rest < spec.restrictedGames) {
        const game = rest;
        const seats = seatsOf(m, game);
        // In a mirror match the deck sits on both seats: the one listed first in the pair is restricted.
        const player = seats.p1 === deck && (m.a !== m.b || game % 2 === 0) ? "p1" : seats.p2 === deck ? "p2" : "p1";
        return { index, matchup, game, seed: gameSeed(spec.seed, matchup, game), seats, restricted: { card, deck, player } };
      }
      rest -= spec.restrictedGames;
    }
  }
  throw new RangeError(`task ${index} is past the end of the run (${taskCount(spec)} tasks)`);
}
