/**
 * Bot strength, measured (issue 18): the search bot (mcts) against random and against greedy, in
 * each game, on each seat. By default every game is a mirror match — both players hold the same
 * bundled deck, the game's decks taking turns (games split evenly among them) — so the figure is
 * the bots' strength, not the decks': CYBERVAMP's two bundled decks are far apart (random against
 * random, night-shift wins 15% of 40 games against syndicate), and no bot wins 90% with the weak
 * one. `--matchup pair` plays the first two decks against each other instead (they swap seats
 * every game). Prints
 * the search bot's win rate with its Wilson 95% interval per game, opponent and seat, and a
 * verdict against the goal — ≥ 90% against random, ≥ 60% against greedy: "met" only when the
 * whole interval is at or above the goal, "missed" when it is wholly below, else "undecided"
 * (more games needed) — and hands the goals to bench/run.ts. Games are played on every core
 * (cli/pool, `--workers` to change); the figures do not depend on the core count (each game's
 * seeds come from the run's seed), only the time does. One cell at a time with `--opponent` and
 * `--seat`; run it under `nice -n 10` on a shared machine.
 *
 *   npx tsx bench/bots.ts [--games 20] [--playouts 100] [--game duel] [--opponent greedy] [--seat p2] [--matchup mirror|pair] [--seed 1] [--workers 2]
 */
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { runPool } from "../cli/pool/index.ts";
import { batchesOf, batchSizeFor, type Batch } from "../balance/batch.ts";
import type { GameRecord } from "../balance/play.ts";
import { taskCount, type RunSpec } from "../balance/plan.ts";
import { wilson, type Rate } from "../balance/stats.ts";
import type { BotKind } from "../runtime/bots/bot.ts";
import { printTable, reportGoal } from "./lib/measure.ts";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "20" },
    playouts: { type: "string", default: "100" },
    game: { type: "string", multiple: true },
    opponent: { type: "string", multiple: true },
    seat: { type: "string", multiple: true },
    seed: { type: "string", default: "1" },
    workers: { type: "string", default: "2" },
    matchup: { type: "string", default: "mirror" },
  },
});
if (values.matchup !== "mirror" && values.matchup !== "pair") throw new Error(`--matchup is mirror or pair, not "${values.matchup}"`);
const mirror = values.matchup === "mirror";
const games = Number(values.games);
const playouts = Number(values.playouts);
const seed = Number(values.seed);
const workers = Number(values.workers);
const gameIds = values.game?.length ? values.game : ["duel", "cybervamp", "chromatic"];
const opponents = (values.opponent?.length ? values.opponent : ["random", "greedy"]) as ("random" | "greedy")[];
const seats = (values.seat?.length ? values.seat : ["p1", "p2"]) as ("p1" | "p2")[];
const GOALS: Record<string, number> = { random: 0.9, greedy: 0.6 };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
/** Whether an interval shows the goal met, missed, or cannot tell yet. */
const verdict = (rate: Rate, goal: number) => (rate.low >= goal ? "met" : rate.high < goal ? "missed" : "undecided");

const rows: string[][] = [["game", "decks", "opponent", "mcts seat", "games", "mcts wins", "win rate (95%)", "goal", "verdict", "minutes"]];
for (const id of gameIds) {
  const loaded = await loadBalanceRun(`cards/${id}`, undefined);
  if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
  for (const opponent of opponents) {
    for (const seat of seats) {
      const bots: { p1: BotKind; p2: BotKind } = seat === "p1" ? { p1: "mcts", p2: opponent } : { p1: opponent, p2: "mcts" };
      // Mirror: one run per deck, each deck against itself, the games shared out among the decks.
      // Pair: the first two decks meet (seats swap every game).
      const base = { bundle: loaded.bundle, bots, botSettings: { playouts }, seed, restrictedGames: 0, maxTurns: 200, maxActions: 20000 };
      const specs: RunSpec[] = mirror
        ? loaded.decks.map((deck, d) => ({ ...base, decks: [deck], games: Math.floor(games / loaded.decks.length) + (d < games % loaded.decks.length ? 1 : 0) })).filter((spec) => spec.games > 0)
        : [{ ...base, decks: loaded.decks.slice(0, 2), games }];
      const started = performance.now();
      const records: GameRecord[] = [];
      for (const spec of specs) {
        const batches = batchesOf(spec, batchSizeFor(taskCount(spec), Math.max(1, workers), 4));
        records.push(...(await runPool<Batch, GameRecord[], RunSpec>({ workers, tasks: batches, worker: new URL("../balance/pool-worker.ts", import.meta.url), shared: spec })).flat());
      }
      const finished = records.filter((r) => r.outcome !== "unfinished");
      const wins = finished.reduce((s, r) => s + (r.outcome === seat ? 1 : r.outcome === "draw" ? 0.5 : 0), 0);
      const rate = wilson(wins, finished.length);
      const goal = GOALS[opponent]!;
      const minutes = (performance.now() - started) / 60000;
      rows.push([id, mirror ? `mirrors (${loaded.decks.map((d) => d.name).join(", ")})` : `${loaded.decks[0]!.name} vs ${loaded.decks[1]?.name ?? loaded.decks[0]!.name}`, opponent, seat, String(finished.length), String(wins), `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)})`, `≥ ${pct(goal)}`, verdict(rate, goal), minutes.toFixed(1)]);
      console.log(rows.at(-1)!.join("  "));
      reportGoal({ figure: `${id}${mirror ? " (mirror matches)" : ""}: mcts (${playouts} playouts) vs ${opponent}, seat ${seat}`, measured: `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)}) of ${finished.length}`, goal: `≥ ${pct(goal)} (whole interval)`, met: verdict(rate, goal) === "met" });
    }
  }
}
console.log();
printTable(rows);
