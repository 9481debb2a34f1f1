/**
 * Bot strength, measured (issue 18): the search bot (mcts) against random and against greedy, in
 * each game, on each seat. By default every game is a mirror match — both players hold the same
 * bundled deck, the game's decks taking turns — so the figure is the bots' strength, not the
 * decks': CYBERVAMP's two bundled decks are far apart (random against random, night-shift wins 15%
 * of 40 games against syndicate), and no bot wins 90% with the weak one. `--matchup pair` plays the
 * first two decks against each other instead (they swap seats every game). Prints the search bot's
 * win rate with its Wilson 95% interval per game, opponent and seat, and a verdict against the
 * goal — ≥ 90% against random, ≥ 60% against greedy: "met" only when the whole interval is at or
 * above the goal, "missed" when it is wholly below, else "undecided" (more games needed) — and
 * hands the goals to bench/run.ts. Games are played on `--workers` threads (cli/pool); the figures
 * do not depend on the count (each game's seeds come from the run's seed), only the time does.
 *
 * A cell in pieces (balance/strength.ts): `--first-game K --games N` plays the cell's games K …
 * K+N−1 — game G is the same game whichever call plays it — and `--out file.json` writes them;
 * `--merge a.json b.json …` sums the files per cell and prints the verdicts, as one long run with
 * the same seed would. So a 35–100-game cell runs as several short /work/heavy.sh calls.
 * Each game is printed as it ends and the file rewritten after every game: a call stopped midway
 * keeps the games it finished. `--continue file.json` resumes a measurement: each cell's games in the file are not
 * played again and count towards deciding it (with `--until-decided`), and the file written keeps them — so the
 * cells of a quiet hour too short for them go on in the next one.
 *
 * Sequential testing (`--until-decided`): a cell stops as soon as its finished games decide it (the Wilson
 * interval wholly at or above the goal, or wholly below; checked after every game), `--games` then being
 * the most it plays; the cells take turns (the next game is one of the open cell with the fewest started), so the threads go on to the others. `--table docs/balance.md` rewrites the played
 * cells' rows of the table there. `--playouts random:N --playouts greedy:M` gives each opponent its own budget;
 * `--minutes M` starts no game after M minutes (the games under way then finish and count).
 *
 *   npx tsx bench/bots.ts [--games 20] [--first-game 0] [--playouts 100 | --playouts random:40 --playouts greedy:100] [--game duel] [--opponent greedy] [--seat p2] [--matchup mirror|pair] [--seed 1] [--workers 2] [--until-decided] [--minutes 30] [--table docs/balance.md] [--out piece.json]
 *   npx tsx bench/bots.ts --merge piece1.json piece2.json …
 *   npx tsx bench/bots.ts … --until-decided --continue out/bot-strength.json --out out/bot-strength.json   # resume a measurement
 *   npx tsx bench/bots.ts --departures 3 [--departures 5 …] piece1.json …   # where game 3's search bot left greedy's move
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadavg } from "node:os";
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { openPool } from "../cli/pool/index.ts";
import { playBatch } from "../balance/batch.ts";
import type { GameRecord } from "../balance/play.ts";
import type { RunSpec } from "../balance/plan.ts";
import { cellKey, cellName, mergePieces, parsePieces, pieceParts, playCells, type CellRun, type CellTotal, type Seat, type StrengthCell, type StrengthOpponent, type StrengthPiece } from "../balance/strength.ts";
import type { StrengthTask } from "../balance/strength-worker.ts";
import { tableRow, updateStrengthTable } from "../balance/strength-table.ts";
import { printTable, reportGoal } from "./lib/measure.ts";
import { greedyDepartures } from "../balance/departures.ts";
import { createEngine, type Action, type Engine, type GameState } from "../runtime/index.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: "string", default: "20" },
    "first-game": { type: "string", default: "0" },
    playouts: { type: "string", multiple: true },
    "until-decided": { type: "boolean", default: false },
    table: { type: "string" },
    minutes: { type: "string" },
    game: { type: "string", multiple: true },
    opponent: { type: "string", multiple: true },
    seat: { type: "string", multiple: true },
    seed: { type: "string", default: "1" },
    workers: { type: "string", default: "2" },
    matchup: { type: "string", default: "mirror" },
    out: { type: "string" },
    merge: { type: "boolean", default: false },
    continue: { type: "string" },
    departures: { type: "string", multiple: true },
  },
});

const resultsFile = (pieces: StrengthPiece[]) => `${JSON.stringify({ pieces }, null, 1)}\n`;
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const HEADER = ["game", "decks", "opponent", "mcts seat", "game numbers", "games", "mcts wins", "win rate (95%)", "goal", "verdict", "mcts first: won", "mcts second: won", "minutes"];
/** "3/4": wins of finished games (a draw ½); "–" when no game of that turn order is recorded. */
const split = (part: { wins: number; finished: number }) => (part.finished ? `${part.wins}/${part.finished}` : "–");

function rowOf(total: CellTotal): string[] {
  const { cell, rate } = total;
  const decks = cell.matchup === "mirror" ? `mirrors (${cell.decks.join(", ")})` : `${cell.decks[0]} vs ${cell.decks[1] ?? cell.decks[0]}`;
  const games = total.unfinished ? `${total.finished} (+${total.unfinished} unfinished)` : String(total.finished);
  return [cell.game, decks, cell.opponent, cell.seat, total.ranges, games, String(total.wins), `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)})`, `≥ ${pct(total.goal)}`, total.verdict, split(total.goingFirst), split(total.goingSecond), total.minutes.toFixed(1)];
}

/** An action as JSON with card ids replaced by card names (the acting player left out). */
function readable(engine: Engine, state: GameState, action: Action): string {
  const named = (value: unknown): unknown => {
    if (typeof value === "string") return state.cards[value] ? (engine.rules.cards.get(state.cards[value]!.def)?.name ?? value) : value;
    if (Array.isArray(value)) return value.map(named);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "player").map(([key, v]) => [key, named(v)]));
    return value;
  };
  return JSON.stringify(named(action));
}

function report(totals: CellTotal[]): void {
  const rows = [HEADER];
  for (const total of totals) {
    rows.push(rowOf(total));
    reportGoal({ figure: cellName(total.cell), measured: `${pct(total.rate.value)} (${pct(total.rate.low)}–${pct(total.rate.high)}) of ${total.finished}`, goal: `≥ ${pct(total.goal)} (whole interval)`, met: total.verdict === "met" });
  }
  console.log();
  printTable(rows);
}

if (values.departures?.length) {
  // Each listed game of the files, replayed: the search bot's decisions that greedy's judgement (on the true position) rates below its best.
  if (!positionals.length) throw new Error("--departures needs the results files that hold the games (written with --out)");
  const wanted = new Set(values.departures.map(Number));
  for (const file of positionals)
    for (const piece of parsePieces(await readFile(file, "utf8"), file)) {
      if (!piece.decks) throw new Error(`${file}: this results file keeps no decks (written before session 6): play its games again`);
      const loaded = await loadBalanceRun(`cards/${piece.cell.game}`, undefined);
      if (!("bundle" in loaded)) throw new Error(`cards/${piece.cell.game}: ${loaded.message}`);
      const engine = createEngine(loaded.bundle);
      for (const game of piece.games) {
        if (!wanted.has(game.game) || !game.choices || !game.seats) continue;
        const { decisions, departures } = greedyDepartures(engine, piece.decks, { seed: game.seed, seats: game.seats, moves: game.choices }, piece.cell.seat);
        const result = game.outcome === piece.cell.seat ? "mcts won" : game.outcome === "draw" ? "draw" : game.outcome === "unfinished" ? "unfinished" : "mcts lost";
        console.log(`${piece.cell.game} game ${game.game} (${game.deck}; ${result}, ${game.first === piece.cell.seat ? "mcts" : piece.cell.opponent} went first): greedy's best move in ${decisions - departures.length} of ${decisions} decisions`);
        for (const d of departures)
          console.log(`  turn ${d.turn} ${d.phase}, action ${d.move}: played ${readable(engine, d.state, d.taken)} (${d.takenScore}); greedy's best ${readable(engine, d.state, d.best)} (${d.bestScore}), of ${d.options}`);
      }
    }
} else if (values.merge) {
  if (!positionals.length) throw new Error("--merge needs the results files to sum (written with --out)");
  const pieces: { piece: StrengthPiece; source: string }[] = [];
  for (const file of positionals) for (const piece of parsePieces(await readFile(file, "utf8"), file)) pieces.push({ piece, source: file });
  const totals = mergePieces(pieces);
  for (const total of totals) {
    const notes = [total.commits.length ? `commit ${total.commits.join(", ")}` : "", total.repeated ? `${total.repeated} games in two files (same result, counted once)` : ""].filter(Boolean);
    if (notes.length) console.log(`${cellName(total.cell)}: ${notes.join("; ")}`);
  }
  report(totals);
} else {
  if (positionals.length) throw new Error(`unexpected arguments: ${positionals.join(" ")} (results files go after --merge)`);
  if (values.matchup !== "mirror" && values.matchup !== "pair") throw new Error(`--matchup is mirror or pair, not "${values.matchup}"`);
  const matchup = values.matchup;
  const games = Number(values.games);
  const first = Number(values["first-game"]);
  const budget = playoutsByOpponent(values.playouts);
  const seed = Number(values.seed);
  const workers = Number(values.workers);
  const untilDecided = values["until-decided"];
  if (values.minutes !== undefined && !(Number(values.minutes) > 0)) throw new Error(`--minutes is a time in minutes (> 0), not "${values.minutes}"`);
  const gameIds = values.game?.length ? values.game : ["duel", "cybervamp", "chromatic"];
  const opponents = (values.opponent?.length ? values.opponent : ["random", "greedy"]) as StrengthOpponent[];
  const seats = (values.seat?.length ? values.seat : ["p1", "p2"]) as Seat[];
  for (const opponent of opponents) if (opponent !== "random" && opponent !== "greedy") throw new Error(`--opponent is random or greedy, not "${opponent}"`);
  for (const seat of seats) if (seat !== "p1" && seat !== "p2") throw new Error(`--seat is p1 or p2, not "${seat}"`);
  let commit: string | undefined;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    commit = undefined;
  }
  const loadedGames = new Map<string, { bundle: RunSpec["bundle"]; decks: RunSpec["decks"] }>();
  for (const id of gameIds) {
    const loaded = await loadBalanceRun(`cards/${id}`, undefined);
    if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
    loadedGames.set(id, loaded);
  }
  // Cells in the order the flags give — by opponent, then game, then seat —, the order among cells with as many games started (they take turns).
  const runs: CellRun[] = [];
  for (const opponent of opponents)
    for (const [id, loaded] of loadedGames)
      for (const seat of seats) {
        const cell: StrengthCell = { game: id, matchup, decks: loaded.decks.map((d) => d.name), opponent, seat, playouts: budget[opponent], seed };
        runs.push({ cell, bundle: loaded.bundle, decks: loaded.decks, first, count: games, ...(commit ? { commit } : {}) });
      }
  // --continue file.json: a measurement resumed — each cell's games in the file are not played again and count towards
  // deciding it; the results file written holds them too (every piece of the file, this run's after them).
  const earlier = values.continue ? parsePieces(await readFile(values.continue, "utf8"), values.continue) : [];
  for (const run of runs) run.earlier = earlier.filter((p) => cellKey(p.cell) === cellKey(run.cell));
  if (earlier.length) console.log(`continuing ${values.continue}: ${runs.map((r) => `${cellName(r.cell)} ${new Set(r.earlier!.flatMap((p) => p.games.map((g) => g.game))).size}`).join("; ")} game(s) played before`);
  if (values.out) mkdirSync(dirname(values.out), { recursive: true });
  // Every run's specs go to each thread once; a game names its spec by index (the specs of one game share its compiled bundle).
  const specIndex = new Map<string, number>();
  const specs: RunSpec[] = [];
  for (const [c, run] of runs.entries())
    for (const part of pieceParts(run.cell, run.bundle, run.decks, run.first, run.count)) {
      specIndex.set(`${c} ${part.deckName}`, specs.length);
      specs.push(part.spec);
    }
  const pool = workers > 0 ? await openPool<StrengthTask, GameRecord, RunSpec[]>({ workers, worker: new URL("../balance/strength-worker.ts", import.meta.url), shared: specs }) : undefined;
  const loads = new Map<StrengthCell, number[]>();
  const started = new Date();
  console.log(`${runs.length} cell(s), ${untilDecided ? `each until decided (at most ${games} games: games ${first}–${first + games - 1})` : `games ${first}–${first + games - 1} each`}, ${Math.max(1, workers)} at a time; budget ${[...new Set(runs.map((r) => r.cell.opponent))].map((o) => `${budget[o]} playouts per decision vs ${o}`).join(", ")}`);
  // A time bound, counted from the first game (loading the games and starting the threads come before): no game starts
  // after it (the games under way then are finished and counted).
  const startBy = values.minutes !== undefined ? Date.now() + Number(values.minutes) * 60000 : undefined;
  let pieces: StrengthPiece[] = [];
  const sofar = new Map<StrengthCell, StrengthPiece>();
  try {
    pieces = await playCells(
      runs,
      async (part, task, run) => {
        if (!pool) return playBatch(part.spec, { from: task, to: task + 1 })[0]!;
        return (await pool.run([{ spec: specIndex.get(`${run} ${part.deckName}`)!, task }]))[0]!;
      },
      {
        threads: Math.max(1, workers),
        untilDecided,
        ...(startBy !== undefined ? { startBy } : {}),
        onGame: (game, piece) => {
          const cell = piece.cell;
          sofar.set(cell, piece);
          loads.set(cell, [...(loads.get(cell) ?? []), loadavg()[0]!]);
          console.log(`  ${cellName(cell)} — game ${game.game} (${game.deck}): ${game.outcome === "unfinished" ? "unfinished" : game.outcome === cell.seat ? "mcts won" : game.outcome === "draw" ? "draw" : "mcts lost"}, ${game.first === cell.seat ? "mcts" : cell.opponent} went first, ${game.turns} turns, ${game.actions} actions`);
          const total = mergePieces([{ piece, source: "this run" }, ...earlier.filter((p) => cellKey(p.cell) === cellKey(cell)).map((p) => ({ piece: p, source: values.continue! }))])[0]!;
          if (piece.decidedAfter !== undefined) console.log(`  ${cellName(cell)}: ${total.verdict} after ${piece.decidedAfter} games — stopped, no further game started (sequential)`);
          if (values.out) writeFileSync(values.out, resultsFile([...earlier, ...sofar.values()]));
        },
      },
    );
  } finally {
    await pool?.close();
  }
  if (startBy !== undefined && Date.now() > startBy) console.log(`time bound reached (--minutes ${values.minutes}): no game started after it; the cells below hold what was played`);
  if (values.out) {
    await writeFile(values.out, resultsFile([...earlier, ...pieces]));
    console.log(`results: ${values.out} (merge with: npx tsx bench/bots.ts --merge ${values.out} …)`);
  }
  // This run's pieces first: a total's cell is then this run's (the table finds its piece by it).
  const totals = mergePieces([...pieces.map((piece) => ({ piece, source: "this run" })), ...earlier.map((piece) => ({ piece, source: values.continue! }))]).filter((t) => pieces.some((p) => p.cell === t.cell));
  report(totals);
  if (values.table) {
    // A cell the time bound left unplayed keeps its row as it was.
    const rows = totals.filter((total) => total.games.length > 0).map((total) => {
      const piece = pieces.find((p) => p.cell === total.cell)!;
      const seen = loads.get(total.cell) ?? [];
      return tableRow(total, { decidedAfter: piece.decidedAfter, limit: piece.count, commit: total.commits.length ? total.commits.join(", ") : commit, date: started, load: seen.length ? [Math.min(...seen), Math.max(...seen)] : undefined });
    });
    writeFileSync(values.table, updateStrengthTable(readFileSync(values.table, "utf8"), rows, values.table));
    console.log(`table: ${rows.length} row(s) of ${values.table} written`);
  }
}

/** `--playouts 100` (every cell) or `--playouts random:30 --playouts greedy:100` (per opponent; the last given wins). */
function playoutsByOpponent(given: readonly string[] | undefined): Record<StrengthOpponent, number> {
  const budget: Record<StrengthOpponent, number> = { random: 100, greedy: 100 };
  for (const entry of given ?? []) {
    const match = /^(?:(random|greedy):)?(\d+)$/.exec(entry);
    if (!match || Number(match[2]) < 1) throw new Error(`--playouts is a number of simulated games per decision (≥ 1), alone or after random: or greedy: — not "${entry}"`);
    for (const opponent of match[1] ? [match[1] as StrengthOpponent] : (["random", "greedy"] as const)) budget[opponent] = Number(match[2]);
  }
  return budget;
}
