/**
 * The greedy bot's decision time (issue 18), against a reference measured in the same run: the
 * same bot whose evaluation reads each card's stats one at a time (`engine.stat` per card and stat,
 * as before session 7), which works out the continuous effects in force again for every value.
 * The positions are decisions spread over two greedy-vs-greedy games in each game (a mirror of its
 * first deck); both bots decide every one of them, interleaved (A, B, A, B …) and repeated, and must
 * choose the same actions. Prints the ratio reference / batched (> 1: the batched read is faster),
 * median (min–max) on CPU time.
 *
 *   npx tsx bench/greedy.ts [--rounds 5] [--decisions 60] [--game chromatic]
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { createEngine, type Action, type Engine, type GameState } from "../runtime/index.ts";
import { GreedyBot } from "../runtime/bots/greedy.ts";
import { cloneJson } from "../runtime/state/clone.ts";
import { fmtRatio, interleave, printTable, ratios, reportGoal, summarize, fmtMs } from "./lib/measure.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, decisions: { type: "string", default: "60" }, game: { type: "string", multiple: true } } });
const rounds = Number(values.rounds);
const wanted = Number(values.decisions);
const games = values.game?.length ? values.game : ["duel", "cybervamp", "chromatic"];

/** The engine as the evaluation saw it before: every stat read on its own. */
const perCardStats = (engine: Engine): Engine => ({ ...engine, stats: (state, cards, stats) => cards.map((card) => stats.map((stat) => engine.stat(state, card, stat))) });

/** `wanted` decisions (a position with two or more legal actions) spread evenly over two greedy-vs-greedy games, early and late turns alike. */
function decisionsOf(engine: Engine, deck: string[]): { state: GameState; legal: Action[] }[] {
  const all: { state: GameState; legal: Action[] }[] = [];
  for (let seed = 1; seed <= 2; seed++) {
    const bots = { p1: new GreedyBot(engine, "p1", seed), p2: new GreedyBot(engine, "p2", seed + 1) };
    let state = engine.newGame({ seed, decks: { p1: deck, p2: deck } }).state;
    while (!state.over && state.turn < 100) {
      const player = engine.decider(state);
      if (!player) break;
      const legal = engine.legalActions(state);
      if (legal.length > 1) all.push({ state: cloneJson(state), legal });
      const applied = engine.apply(state, legal.length === 1 ? legal[0]! : bots[player as "p1"].choose(state, legal));
      if (!applied.ok) throw new Error(applied.refusal.message);
      state = applied.state;
    }
  }
  const step = Math.max(1, all.length / wanted);
  return Array.from({ length: Math.min(wanted, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

const rows = [["game", "decisions", "batched stats (ms, all decisions)", "per-card stats (ms)", "per-card / batched", "same choices"]];
for (const id of games) {
  const loaded = await loadBalanceRun(`cards/${id}`, undefined);
  if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
  const engine = createEngine(loaded.bundle);
  const reference = perCardStats(engine);
  const decisions = decisionsOf(engine, loaded.decks[0]!.cards);
  const decideAll = (e: Engine) => () => decisions.map(({ state, legal }, i) => legal.indexOf(new GreedyBot(e, engine.decider(state)!, i).choose(state, legal)));
  const same = JSON.stringify(decideAll(engine)()) === JSON.stringify(decideAll(reference)());
  const times = interleave(rounds, { batched: decideAll(engine), perCard: decideAll(reference) });
  const ratio = ratios(times.perCard, times.batched);
  rows.push([id, String(decisions.length), fmtMs(summarize(times.batched)), fmtMs(summarize(times.perCard)), fmtRatio(ratio, 2), same ? "yes" : "NO"]);
  // Each game's row as it is done (a long run stopped midway keeps the games it measured).
  console.log(rows.at(-1)!.join("  "), `(load ${loadavg()[0]!.toFixed(1)})`);
  reportGoal({ figure: `greedy decision, ${id}: per-card stats / batched`, measured: fmtRatio(ratio, 2), goal: "> 1 (same choices)", met: ratio.median > 1 && same });
}
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpus().length} cores; ${rounds} rounds, CPU time`);
printTable(rows);
