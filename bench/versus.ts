/**
 * Search bot A/B (issue 18): two settings of the search bot play each other in mirror matches
 * (balance/versus.ts) — is a change stronger, and what does it cost per decision? Arm A and arm B are
 * each a list of search-bot settings (`name=value,…`; the bot's defaults where unset); both get the same
 * budget of simulated games per decision. Games 2k and 2k+1 are one deal with the arms' seats swapped; a
 * game's deck cycles through the game's bundled decks. Prints, per game: A's win rate with its Wilson 95%
 * interval and a verdict ("A stronger" / "B stronger" only when the whole interval is above / below 50%,
 * else "no difference shown"), the pairs of one deal won by one arm twice or split, and each arm's thread
 * CPU time and simulated games per decision, with A's CPU per decision ÷ B's game by game (median, min–max:
 * both measured in the same games, their decisions interleaved — a load-independent ratio).
 *
 * As bench/bots.ts: games are played in game order on `--workers` threads (the games of every `--game`
 * alternating), each printed as it ends and the results file rewritten after every game; `--first-game K
 * --games N` plays games K … K+N−1 (game G is the same game whichever call plays it), `--minutes M`
 * starts no game after M minutes, and `--merge a.json b.json …` sums results files.
 *
 *   npx tsx bench/versus.ts --a answersAfterCombat=true --b answersAfterCombat=false [--game cybervamp --game chromatic] [--games 40] [--first-game 0] [--playouts 100] [--seed 1] [--workers 2] [--minutes 18] [--out out/ab.json]
 *   npx tsx bench/versus.ts --merge ab1.json ab2.json
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { openPool } from "../cli/pool/index.ts";
import { createEngine } from "../runtime/index.ts";
import { armText, parseArmSettings, parseVersusPieces, playVersusGame, totalVersus, type VersusGame, type VersusPiece, type VersusTotal } from "../balance/versus.ts";
import type { VersusRun, VersusTask } from "../balance/versus-worker.ts";
import { fmt, fmtRatio, printTable, reportGoal, summarize } from "./lib/measure.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: "string" },
    b: { type: "string" },
    game: { type: "string", multiple: true },
    games: { type: "string", default: "40" },
    "first-game": { type: "string", default: "0" },
    playouts: { type: "string", default: "100" },
    seed: { type: "string", default: "1" },
    workers: { type: "string", default: "2" },
    minutes: { type: "string" },
    "max-turns": { type: "string", default: "200" },
    out: { type: "string" },
    merge: { type: "boolean", default: false },
  },
});

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const wholeNumber = (name: string, text: string, least: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < least) throw new Error(`--${name} is a whole number ≥ ${least}, not "${text}"`);
  return n;
};

function report(totals: VersusTotal[]): void {
  const rows = [["game", "A", "B", "playouts", "game numbers", "games", "A wins", "A win rate (95%)", "verdict", "pairs A·A / split / B·B", "A first: won", "A second: won", "CPU ms/decision A, B", "A ÷ B CPU per decision (by game)", "simulated games/decision A, B"]];
  for (const t of totals) {
    const ratio = t.cpuRatios.length ? summarize(t.cpuRatios) : undefined;
    const games = t.unfinished ? `${t.finished} (+${t.unfinished} unfinished)` : String(t.finished);
    const part = (p: { wins: number; finished: number }) => (p.finished ? `${p.wins}/${p.finished}` : "–");
    rows.push([
      t.setup.game,
      armText(t.setup.a),
      armText(t.setup.b),
      String(t.setup.playouts),
      t.ranges,
      games,
      String(t.aWins),
      t.finished ? `${pct(t.rate.value)} (${pct(t.rate.low)}–${pct(t.rate.high)})` : "–",
      t.verdict,
      `${t.pairs.a} / ${t.pairs.split} / ${t.pairs.b}`,
      part(t.aFirst),
      part(t.aSecond),
      `${fmt(t.perDecision.a.cpuMs, 0)}, ${fmt(t.perDecision.b.cpuMs, 0)}`,
      ratio ? fmtRatio(ratio, 2) : "–",
      `${fmt(t.perDecision.a.playouts)}, ${fmt(t.perDecision.b.playouts)}`,
    ]);
    reportGoal({ figure: `search A/B, ${t.setup.game}: ${armText(t.setup.a)} vs ${armText(t.setup.b)}, A's win rate`, measured: t.finished ? `${pct(t.rate.value)} (${pct(t.rate.low)}–${pct(t.rate.high)}) of ${t.finished}` : "no game", goal: "≥ 50% not excluded (A not weaker)", met: t.finished > 0 && t.rate.high >= 0.5 });
  }
  console.log();
  printTable(rows);
}

if (values.merge) {
  if (!positionals.length) throw new Error("--merge needs the results files to sum (written with --out)");
  const pieces: { piece: VersusPiece; source: string }[] = [];
  for (const file of positionals) for (const piece of parseVersusPieces(await readFile(file, "utf8"), file)) pieces.push({ piece, source: file });
  const totals = totalVersus(pieces);
  for (const t of totals) if (t.repeated) console.log(`${t.setup.game}: ${t.repeated} games in two files (same result, counted once)`);
  report(totals);
} else if (values.a === undefined && values.b === undefined) {
  console.log("bench/versus.ts compares two settings of the search bot: give them with --a and --b (for example --a answersAfterCombat=true --b answersAfterCombat=false); nothing to compare, nothing played.");
} else {
  if (positionals.length) throw new Error(`unexpected arguments: ${positionals.join(" ")} (results files go after --merge)`);
  const a = parseArmSettings(values.a ?? "", "--a");
  const b = parseArmSettings(values.b ?? "", "--b");
  if (armText(a) === armText(b)) throw new Error(`--a and --b are the same settings (${armText(a)}): nothing to compare`);
  const games = wholeNumber("games", values.games, 1);
  const first = wholeNumber("first-game", values["first-game"], 0);
  const playouts = wholeNumber("playouts", values.playouts, 1);
  const seed = wholeNumber("seed", values.seed, 0);
  const workers = wholeNumber("workers", values.workers, 0);
  const maxTurns = wholeNumber("max-turns", values["max-turns"], 1);
  if (values.minutes !== undefined && !(Number(values.minutes) > 0)) throw new Error(`--minutes is a time in minutes (> 0), not "${values.minutes}"`);
  const gameIds = values.game?.length ? values.game : ["cybervamp", "chromatic"];
  let commit: string | undefined;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    commit = undefined;
  }
  const runs: VersusRun[] = [];
  for (const id of gameIds) {
    const loaded = await loadBalanceRun(`cards/${id}`, undefined);
    if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
    runs.push({ setup: { game: id, decks: loaded.decks.map((d) => d.name), a, b, playouts, seed, maxTurns, maxActions: 20000 }, bundle: loaded.bundle, decks: loaded.decks });
  }
  // Game order: game K of every --game, then game K+1 …: a call stopped midway has played each game's first games.
  const queue: VersusTask[] = [];
  for (let game = first; game < first + games; game++) for (let run = 0; run < runs.length; run++) queue.push({ run, game });
  const pieces: VersusPiece[] = runs.map((run) => ({ setup: run.setup, games: [], ...(commit ? { commit } : {}) }));
  if (values.out) mkdirSync(dirname(values.out), { recursive: true });
  const write = () => values.out && writeFileSync(values.out, `${JSON.stringify({ versus: pieces }, null, 1)}\n`);
  const pool = workers > 0 ? await openPool<VersusTask, VersusGame, VersusRun[]>({ workers, worker: new URL("../balance/versus-worker.ts", import.meta.url), shared: runs }) : undefined;
  const engines = workers > 0 ? [] : runs.map((run) => createEngine(run.bundle));
  console.log(`A: ${armText(a)}; B: ${armText(b)}; ${playouts} simulated games per decision; games ${first}–${first + games - 1} of ${gameIds.join(", ")} (mirror matches, one deal per two games with the seats swapped), ${Math.max(1, workers)} at a time`);
  const startBy = values.minutes !== undefined ? Date.now() + Number(values.minutes) * 60000 : undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let failed = false;
      const launch = () => {
        while (!failed && running < Math.max(1, workers) && queue.length > 0 && !(startBy !== undefined && Date.now() > startBy)) {
          const task = queue.shift()!;
          running++;
          const played = pool ? pool.run([task]).then((r) => r[0]!) : Promise.resolve().then(() => playVersusGame(engines[task.run]!, runs[task.run]!.setup, runs[task.run]!.decks, task.game));
          played.then(
            (game) => {
              running--;
              const piece = pieces[task.run]!;
              const after = piece.games.findIndex((g) => g.game > game.game);
              piece.games.splice(after === -1 ? piece.games.length : after, 0, game);
              const result = game.winner === "unfinished" ? "unfinished" : game.winner === "draw" ? "draw" : `${game.winner.toUpperCase()} won`;
              const perDecision = (arm: "a" | "b") => (game.cost[arm].decisions ? `${fmt(game.cost[arm].cpuMs / game.cost[arm].decisions, 0)} ms, ${fmt(game.cost[arm].playouts / game.cost[arm].decisions, 0)} games` : "no decision");
              console.log(`  ${piece.setup.game} game ${game.game} (${game.deck}, A on ${game.aSeat}): ${result}, ${game.first.toUpperCase()} went first, ${game.turns} turns, ${game.actions} actions; per decision A ${perDecision("a")} (${game.cost.a.decisions}), B ${perDecision("b")} (${game.cost.b.decisions}); load ${loadavg()[0]!.toFixed(1)}`);
              write();
              launch();
            },
            (error: unknown) => {
              failed = true;
              reject(error);
            },
          );
        }
        if (running === 0 && !failed) resolve();
      };
      launch();
    });
  } finally {
    await pool?.close();
  }
  if (startBy !== undefined && Date.now() > startBy && queue.length > 0) console.log(`time bound reached (--minutes ${values.minutes}): no game started after it; ${queue.length} game(s) not played`);
  write();
  if (values.out) console.log(`results: ${values.out} (merge with: npx tsx bench/versus.ts --merge ${values.out} …)`);
  report(totalVersus(pieces.map((piece) => ({ piece, source: "this run" }))));
}
