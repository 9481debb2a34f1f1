/**
 * Bot strength, measured (issue 18): the search bot (mcts) against random and against greedy, in
 * each game, on each seat, with the game's bundled decks (seats' decks swap every game). Prints
 * the search bot's win rate with its Wilson 95% interval per game, opponent and seat, and hands
 * the goals to bench/run.ts: ≥ 90% against random and ≥ 60% against greedy (by the estimate, on
 * each seat). Games are played on every core (cli/pool); the figures do not depend on the core
 * count (each game's seeds come from the run's seed), only the time does.
 *
 *   npx tsx bench/bots.ts [--games 20] [--playouts 100] [--game duel] [--seed 1]
 */
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { runPool } from "../cli/pool/index.ts";
import { batchesOf, batchSizeFor, type Batch } from "../balance/batch.ts";
import type { GameRecord } from "../balance/play.ts";
import { taskCount, type RunSpec } from "../balance/plan.ts";
import { wilson } from "../balance/stats.ts";
import type { BotKind } from "../runtime/bots/bot.ts";
import { printTable, reportGoal } from "./lib/measure.ts";

const { values } = parseArgs({ options: { games: { type: "string", default: "20" }, playouts: { type: "string", default: "100" }, game: { type: "string", multiple: true }, seed: { type: "string", default: "1" } } });
const games = Number(values.games);
const playouts = Number(values.playouts);
const seed = Number(values.seed);
const gameIds = values.game?.length ? values.game : ["duel", "cybervamp", "chromatic"];
const GOALS: Record<string, number> = { random: 0.9, greedy: 0.6 };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const rows: string[][] = [["game", "opponent", "mcts seat", "games", "mcts wins", "win rate (95%)", "minutes"]];
for (const id of gameIds) {
  const loaded = await loadBalanceRun(`cards/${id}`, undefined);
  if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
  for (const opponent of ["random", "greedy"] as const) {
    for (const seat of ["p1", "p2"] as const) {
      const bots: { p1: BotKind; p2: BotKind } = seat === "p1" ? { p1: "mcts", p2: opponent } : { p1: opponent, p2: "mcts" };
      // A single deck plays itself; with several, the first two meet (seats swap every game).
      const spec: RunSpec = { bundle: loaded.bundle, decks: loaded.decks.slice(0, 2), bots, botSettings: { playouts }, games, seed, restrictedGames: 0, maxTurns: 200, maxActions: 20000 };
      const started = performance.now();
      const batches = batchesOf(spec, batchSizeFor(taskCount(spec), 2, 4));
      const records = (await runPool<Batch, GameRecord[], RunSpec>({ tasks: batches, worker: new URL("../balance/pool-worker.ts", import.meta.url), shared: spec })).flat();
      const finished = records.filter((r) => r.outcome !== "unfinished");
      const wins = finished.reduce((s, r) => s + (r.outcome === seat ? 1 : r.outcome === "draw" ? 0.5 : 0), 0);
      const rate = wilson(wins, finished.length);
      const minutes = (performance.now() - started) / 60000;
      rows.push([id, opponent, seat, String(finished.length), String(wins), `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)})`, minutes.toFixed(1)]);
      console.log(rows.at(-1)!.join("  "));
      reportGoal({ figure: `${id}: mcts (${playouts} playouts) vs ${opponent}, seat ${seat}`, measured: `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)}) of ${finished.length}`, goal: `≥ ${pct(GOALS[opponent]!)}`, met: rate.value >= GOALS[opponent]! });
    }
  }
}
console.log();
printTable(rows);
