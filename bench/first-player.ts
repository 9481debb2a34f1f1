/**
 * The game's own first-player edge (issue 18): greedy against greedy in mirror matches (each of the
 * game's decks against itself, the decks taking turns as in bench/bots.ts), so neither the bots nor
 * the decks differ and only the turn order does. Prints how often the player who took the first
 * turn won, with its Wilson 95% interval: an interval that excludes 50% shows an edge; one that
 * holds 50% bounds it. This is the reference for reading bench/bots.ts's per-seat figures.
 *
 * Game G is the same game in every call (deck G mod n, that deck's game ⌊G/n⌋ of a `cardwright
 * balance` run with the same seed), so a long measurement runs as several short calls: each writes
 * one JSON line per game to `--out` as the game ends (a call stopped midway keeps what it played),
 * and `--merge a.jsonl b.jsonl …` sums the files (a game number counted once).
 *
 *   npx tsx bench/first-player.ts --game chromatic [--first-game 0] [--games 10] [--seed 1] [--bot greedy] --out piece.jsonl
 *   npx tsx bench/first-player.ts --merge piece1.jsonl piece2.jsonl …
 */
import { appendFileSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { createEngine } from "../runtime/index.ts";
import { BOT_KINDS, type BotKind } from "../runtime/bots/bot.ts";
import { playGame } from "../balance/play.ts";
import { taskAt, type RunSpec } from "../balance/plan.ts";
import { wilson } from "../balance/stats.ts";
import { printTable } from "./lib/measure.ts";

interface FirstPlayerGame {
  game: string;
  bot: string;
  seed: number;
  /** The game's number in the measurement (deck `number mod n`). */
  number: number;
  deck: string;
  first: string;
  outcome: string;
  turns: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    game: { type: "string" },
    "first-game": { type: "string", default: "0" },
    games: { type: "string", default: "10" },
    seed: { type: "string", default: "1" },
    bot: { type: "string", default: "greedy" },
    out: { type: "string" },
    merge: { type: "boolean", default: false },
  },
});
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function report(games: FirstPlayerGame[]): void {
  const byRun = new Map<string, Map<number, FirstPlayerGame>>();
  for (const g of games) {
    const key = `${g.game} (${g.bot} vs ${g.bot}, seed ${g.seed})`;
    let run = byRun.get(key);
    if (!run) byRun.set(key, (run = new Map()));
    run.set(g.number, g);
  }
  const rows = [["game", "games", "first player won", "first-player win rate (95% Wilson)", "edge", "mean turns"]];
  for (const [key, run] of byRun) {
    const finished = [...run.values()].filter((g) => g.outcome === "p1" || g.outcome === "p2" || g.outcome === "draw");
    const wins = finished.reduce((s, g) => s + (g.outcome === g.first ? 1 : g.outcome === "draw" ? 0.5 : 0), 0);
    const rate = wilson(wins, finished.length);
    const edge = rate.low > 0.5 ? "first player favoured" : rate.high < 0.5 ? "second player favoured" : "none shown (interval holds 50%)";
    rows.push([key, String(finished.length), String(wins), `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)})`, edge, (finished.reduce((s, g) => s + g.turns, 0) / Math.max(1, finished.length)).toFixed(1)]);
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  printTable(rows);
}

if (values.merge) {
  const games = positionals.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as FirstPlayerGame),
  );
  report(games);
} else {
  if (!values.game) throw new Error("--game <id> is needed (duel, cybervamp, chromatic)");
  if (!(BOT_KINDS as readonly string[]).includes(values.bot)) throw new Error(`--bot is one of ${BOT_KINDS.join(", ")}`);
  const bot = values.bot as BotKind;
  const loaded = await loadBalanceRun(`cards/${values.game}`, undefined);
  if (!("bundle" in loaded)) throw new Error(`cards/${values.game}: ${loaded.message}`);
  const engine = createEngine(loaded.bundle);
  const first = Number(values["first-game"]);
  const count = Number(values.games);
  const seed = Number(values.seed);
  const n = loaded.decks.length;
  const played: FirstPlayerGame[] = [];
  for (let number = first; number < first + count; number++) {
    const deck = loaded.decks[number % n]!;
    const own = Math.floor(number / n);
    const spec: RunSpec = { bundle: loaded.bundle, decks: [deck], bots: { p1: bot, p2: bot }, botSettings: {}, games: own + 1, seed, restrictedGames: 0, maxTurns: 200, maxActions: 20000 };
    const record = playGame(engine, spec, taskAt(spec, own));
    const game: FirstPlayerGame = { game: values.game, bot, seed, number, deck: deck.name, first: record.first, outcome: record.outcome, turns: record.turns };
    played.push(game);
    console.log(`  game ${number} (${deck.name}): ${record.first} went first, ${record.outcome === "unfinished" ? "unfinished" : record.outcome === "draw" ? "draw" : `${record.outcome} won`}, ${record.turns} turns`);
    if (values.out) appendFileSync(values.out, `${JSON.stringify(game)}\n`);
  }
  report(played);
}
