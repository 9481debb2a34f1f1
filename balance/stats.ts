/**
 * Every figure of a balance report, computed from the games' records (./play.ts) alone, in task
 * order — so the same games give the same report however they were split over threads or
 * machines. Win rates count a draw as half a win (as Ludii's AdvantageP1 does) and leave out
 * games the run's limits stopped (`unfinished`, reported apart); every rate comes with its Wilson
 * score interval at 95%. docs/balance.md explains each figure and how to read it.
 */
import type { GameRecord, Outcome } from "./play.ts";
import { matchupsOf, type RunSpec } from "./plan.ts";
import type { BotKind, BotSettings } from "../runtime/bots/index.ts";

/** A proportion with its Wilson score interval at 95%. */
export interface Rate {
  /** Successes (a draw counts ½). */
  successes: number;
  n: number;
  /** successes / n (0 when n is 0). */
  value: number;
  low: number;
  high: number;
}

const Z95 = 1.959963984540054;

/** Wilson's score interval for a proportion (Wilson 1927), z = 1.96. For n = 0: the whole [0, 1]. */
export function wilson(successes: number, n: number, z = Z95): Rate {
  if (n <= 0) return { successes, n: 0, value: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { successes, n, value: p, low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** A difference of two proportions with Newcombe's hybrid score interval (method 10, from the two Wilson intervals). */
export interface Difference {
  value: number;
  low: number;
  high: number;
}

export function difference(a: Rate, b: Rate): Difference {
  const d = a.value - b.value;
  return {
    value: d,
    low: d - Math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2),
    high: d + Math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2),
  };
}

export interface Distribution {
  mean: number;
  median: number;
  min: number;
  max: number;
  /** How many games took each value (ascending values). */
  histogram: { value: number; games: number }[];
}

export interface MatchupFigures {
  index: number;
  /** Deck indices and names: win rates are the first deck's. */
  a: number;
  b: number;
  deckA: string;
  deckB: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  unfinished: number;
  winRateA: Rate;
  /** The player who took the first turn. */
  firstPlayer: Rate;
}

export interface CardFigures {
  card: string;
  name: string;
  /** The decks that hold it, and how many copies each. */
  decks: { deck: string; copies: number }[];
  /** Player-games whose deck held the card (finished main games). */
  games: number;
  /** Share of those games in which the player drew it (or took it into hand otherwise). */
  drawn: Rate;
  /** Share of those games in which the player played it at least once. */
  played: Rate;
  /** Plays per player-game. */
  playsPerGame: number;
  winWhenDrawn: Rate;
  winWhenPlayed: Rate;
  /** The player neither drew nor played it. */
  winWhenNotSeen: Rate;
  /** Mean game turn of its plays (both players' turns are counted); null if never played. */
  averageTurnPlayed: number | null;
}

export interface LudiiMetrics {
  /** 1 − the largest difference between the win rates (wins / games, draws not counted) of the first and the second player. */
  balance: number;
  /** Share of games that end in a draw, not counting draws at the game's turn limit or games stopped by the run. */
  drawishness: number;
  /** Mean, over games with a winner, of the share of the game played before the winner's evaluation first rose above the best the loser ever had (1: never). Null if no game had a winner. */
  decisiveness: number | null;
  /** Mean number of turns per game. */
  durationTurns: number;
  /** Mean number of actions (decisions) per game. */
  durationActions: number;
  /** Share of games that ended at the game's turn limit or were stopped by the run's limits. */
  timeouts: number;
}

export interface RestrictedFigures {
  card: string;
  name: string;
  deck: string;
  games: number;
  /** The deck's result in the same games (same seeds and seats) without the restriction. */
  baseline: Rate;
  restricted: Rate;
  /** baseline − restricted: how much the card adds to its deck's win rate (Newcombe interval). */
  impact: Difference;
}

export interface GameSummary {
  task: number;
  matchup: number;
  game: number;
  seed: number;
  /** Deck names on each seat. */
  p1: string;
  p2: string;
  outcome: Outcome;
  first: string;
  turns: number;
  actions: number;
  restricted?: { card: string; player: string };
}

export interface BalanceReport {
  format: "cardwright-balance-report";
  version: 1;
  game: { id: string; name: string };
  run: {
    seed: number;
    gamesPerMatchup: number;
    bots: { p1: BotKind; p2: BotKind };
    botSettings: BotSettings & { forbidden?: never };
    decks: { name: string; size: number }[];
    restrictedGames: number;
    maxTurns: number;
    maxActions: number;
  };
  /** Games of the main run that the figures below count (restricted games count only in `restricted`). */
  totals: { games: number; decided: number; draws: number; unfinished: number; turnLimit: number };
  matchups: MatchupFigures[];
  /** Row deck's win rate against the column deck (null where the run had no such game). */
  matrix: { decks: string[]; cells: (Rate | null)[][] };
  firstPlayer: Rate;
  seats: { p1: Rate; p2: Rate };
  length: { turns: Distribution; actions: Distribution };
  cards: CardFigures[];
  ludii: LudiiMetrics;
  restricted: RestrictedFigures[] | null;
  games: GameSummary[];
}

const score = (outcome: Outcome, player: string): number => (outcome === player ? 1 : outcome === "draw" ? 0.5 : 0);
const finished = (r: GameRecord) => r.outcome !== "unfinished";

function distribution(values: number[]): Distribution {
  if (values.length === 0) return { mean: 0, median: 0, min: 0, max: 0, histogram: [] };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const counts = new Map<number, number>();
  for (const v of sorted) counts.set(v, (counts.get(v) ?? 0) + 1);
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    histogram: [...counts].map(([value, games]) => ({ value, games })),
  };
}

/** Everything but the spec's bundle (which a report never needs). */
export type ReportSpec = Omit<RunSpec, "bundle"> & { game: { id: string; name: string }; cardNames: Record<string, string> };

export function reportSpecOf(spec: RunSpec): ReportSpec {
  const { bundle, ...rest } = spec;
  return { ...rest, game: { id: bundle.game.id, name: bundle.game.name }, cardNames: Object.fromEntries(bundle.cards.map((c) => [c.id, c.name])) };
}

/** The report of a run from its records (any order: they are put in task order first). */
export function buildReport(spec: ReportSpec, input: readonly GameRecord[]): BalanceReport {
  const records = [...input].sort((a, b) => a.task - b.task);
  const main = records.filter((r) => !r.restricted);
  const deckName = (i: number) => spec.decks[i]!.name;
  const nameOf = (card: string) => spec.cardNames[card] ?? card;

  const matchups: MatchupFigures[] = matchupsOf(spec.decks.length).map((m, index) => {
    const games = main.filter((r) => r.matchup === index);
    const done = games.filter(finished);
    // The first deck of the pair sits on p1 in even games, p2 in odd ones.
    const seatOfA = (r: GameRecord) => (r.seats.p1 === m.a && (m.a !== m.b || r.game % 2 === 0) ? "p1" : "p2");
    const winsA = done.filter((r) => r.outcome === seatOfA(r)).length;
    const draws = done.filter((r) => r.outcome === "draw").length;
    return {
      index,
      a: m.a,
      b: m.b,
      deckA: deckName(m.a),
      deckB: deckName(m.b),
      games: games.length,
      winsA,
      winsB: done.length - winsA - draws,
      draws,
      unfinished: games.length - done.length,
      winRateA: wilson(done.reduce((s, r) => s + score(r.outcome, seatOfA(r)), 0), done.length),
      firstPlayer: wilson(done.reduce((s, r) => s + score(r.outcome, r.first), 0), done.length),
    };
  });

  const cells: (Rate | null)[][] = spec.decks.map(() => spec.decks.map(() => null));
  for (const m of matchups) {
    cells[m.a]![m.b] = m.winRateA;
    if (m.a !== m.b) cells[m.b]![m.a] = wilson(m.winRateA.n - m.winRateA.successes, m.winRateA.n);
  }

  const done = main.filter(finished);
  const decided = done.filter((r) => r.outcome === "p1" || r.outcome === "p2");
  const firstWins = decided.filter((r) => r.outcome === r.first).length;
  const n = main.length;
  const ludii: LudiiMetrics = {
    // Ludii's Balance: win rates are wins / games per player in turn order (first, second); draws are nobody's win.
    balance: n ? 1 - Math.abs(firstWins / n - (decided.length - firstWins) / n) : 1,
    drawishness: n ? done.filter((r) => r.outcome === "draw" && !r.turnLimit).length / n : 0,
    decisiveness: decided.length ? decided.reduce((s, r) => s + (r.decidedAt ?? 1), 0) / decided.length : null,
    durationTurns: n ? main.reduce((s, r) => s + r.turns, 0) / n : 0,
    durationActions: n ? main.reduce((s, r) => s + r.actions, 0) / n : 0,
    timeouts: n ? main.filter((r) => r.turnLimit || r.outcome === "unfinished").length / n : 0,
  };

  // Per card, over player-games of finished main games whose deck held it.
  const holders = new Map<string, { deck: string; copies: number }[]>();
  for (const deck of spec.decks) {
    const copies = new Map<string, number>();
    for (const card of deck.cards) copies.set(card, (copies.get(card) ?? 0) + 1);
    for (const [card, count] of copies) {
      let list = holders.get(card);
      if (!list) holders.set(card, (list = []));
      list.push({ deck: deck.name, copies: count });
    }
  }
  type Tally = { games: number; drawn: number; played: number; plays: number; turnSum: number; winDrawn: number; winPlayed: number; notSeen: number; winNotSeen: number };
  const tallies = new Map<string, Tally>();
  for (const card of holders.keys()) tallies.set(card, { games: 0, drawn: 0, played: 0, plays: 0, turnSum: 0, winDrawn: 0, winPlayed: 0, notSeen: 0, winNotSeen: 0 });
  for (const r of done) {
    for (const player of ["p1", "p2"] as const) {
      const deck = spec.decks[r.seats[player]]!;
      const seen = new Set(r.players[player].seen);
      const plays = new Map<string, number[]>();
      for (const [card, turn] of r.players[player].played) {
        let turns = plays.get(card);
        if (!turns) plays.set(card, (turns = []));
        turns.push(turn);
      }
      const result = score(r.outcome, player);
      for (const card of new Set(deck.cards)) {
        const t = tallies.get(card)!;
        t.games++;
        const turns = plays.get(card);
        if (seen.has(card) || turns) {
          t.drawn++;
          t.winDrawn += result;
        } else {
          t.notSeen++;
          t.winNotSeen += result;
        }
        if (turns) {
          t.played++;
          t.winPlayed += result;
          t.plays += turns.length;
          for (const turn of turns) t.turnSum += turn;
        }
      }
    }
  }
  const cards: CardFigures[] = [...tallies].map(([card, t]) => ({
    card,
    name: nameOf(card),
    decks: holders.get(card)!,
    games: t.games,
    drawn: wilson(t.drawn, t.games),
    played: wilson(t.played, t.games),
    playsPerGame: t.games ? t.plays / t.games : 0,
    winWhenDrawn: wilson(t.winDrawn, t.drawn),
    winWhenPlayed: wilson(t.winPlayed, t.played),
    winWhenNotSeen: wilson(t.winNotSeen, t.notSeen),
    averageTurnPlayed: t.plays ? t.turnSum / t.plays : null,
  }));
  cards.sort((x, y) => x.name.localeCompare(y.name));

  let restricted: RestrictedFigures[] | null = null;
  if (spec.restrictedGames > 0) {
    // The games of each (card, deck): the deck's result with the card forbidden, against the same main games.
    const byKey = new Map<string, GameRecord[]>();
    for (const r of records) {
      if (!r.restricted) continue;
      const key = `${r.restricted.card}\u0000${r.restricted.deck}`;
      let list = byKey.get(key);
      if (!list) byKey.set(key, (list = []));
      list.push(r);
    }
    const mainByGame = new Map(main.map((r) => [`${r.matchup}/${r.game}`, r]));
    restricted = [];
    for (const games of byKey.values()) {
      const { card, deck } = games[0]!.restricted!;
      let base = 0;
      let baseN = 0;
      let limited = 0;
      let limitedN = 0;
      for (const r of games) {
        const twin = mainByGame.get(`${r.matchup}/${r.game}`);
        const player = r.restricted!.player;
        if (finished(r)) {
          limited += score(r.outcome, player);
          limitedN++;
        }
        if (twin && finished(twin)) {
          base += score(twin.outcome, player);
          baseN++;
        }
      }
      const baseline = wilson(base, baseN);
      const limitedRate = wilson(limited, limitedN);
      restricted.push({ card, name: nameOf(card), deck: deckName(deck), games: games.length, baseline, restricted: limitedRate, impact: difference(baseline, limitedRate) });
    }
    restricted.sort((x, y) => y.impact.value - x.impact.value || x.name.localeCompare(y.name));
  }

  const { botSettings } = spec;
  return {
    format: "cardwright-balance-report",
    version: 1,
    game: spec.game,
    run: {
      seed: spec.seed,
      gamesPerMatchup: spec.games,
      bots: spec.bots,
      botSettings: { ...(botSettings.playouts !== undefined ? { playouts: botSettings.playouts } : {}), ...(botSettings.milliseconds !== undefined ? { milliseconds: botSettings.milliseconds } : {}), ...(botSettings.rolloutDepth !== undefined ? { rolloutDepth: botSettings.rolloutDepth } : {}), ...(botSettings.exploration !== undefined ? { exploration: botSettings.exploration } : {}) },
      decks: spec.decks.map((d) => ({ name: d.name, size: d.cards.length })),
      restrictedGames: spec.restrictedGames,
      maxTurns: spec.maxTurns,
      maxActions: spec.maxActions,
    },
    totals: { games: n, decided: decided.length, draws: done.length - decided.length, unfinished: n - done.length, turnLimit: main.filter((r) => r.turnLimit).length },
    matchups,
    matrix: { decks: spec.decks.map((d) => d.name), cells },
    firstPlayer: wilson(done.reduce((s, r) => s + score(r.outcome, r.first), 0), done.length),
    seats: { p1: wilson(done.reduce((s, r) => s + score(r.outcome, "p1"), 0), done.length), p2: wilson(done.reduce((s, r) => s + score(r.outcome, "p2"), 0), done.length) },
    length: { turns: distribution(main.map((r) => r.turns)), actions: distribution(main.map((r) => r.actions)) },
    cards,
    ludii,
    restricted,
    games: records.map((r) => ({
      task: r.task,
      matchup: r.matchup,
      game: r.game,
      seed: r.seed,
      p1: deckName(r.seats.p1),
      p2: deckName(r.seats.p2),
      outcome: r.outcome,
      first: r.first,
      turns: r.turns,
      actions: r.actions,
      ...(r.restricted ? { restricted: { card: nameOf(r.restricted.card), player: r.restricted.player } } : {}),
    })),
  };
}
