/**
 * The search bot's decision (issue 18): its CPU per decision with root widening (the default: the
 * root searches the few actions greedy judges best, one of each kind judged the same, and lets more
 * in as its simulated games grow) against the same bot searching every root action from the start
 * (`rootWidening: false`), measured in the same run. The positions are the search bot's decisions
 * with three or more legal actions over a greedy-vs-greedy game in each game (a mirror of its first
 * deck); both bots decide each one afresh (no tree reuse), interleaved (A, B, A, B …) and repeated.
 * Prints the CPU per decision (median, min–max over rounds), the ratio widened / all (< 1: widening
 * is cheaper), how many root actions each searched on average, the simulated games its most visited
 * action got, and in how many decisions the two chose a different move. Both spend the whole budget;
 * a third, "settled", is the widened bot as it plays — its search ended once the most simulated action
 * leads the next by more than the games left —: its CPU against the widened bot's, the simulated games
 * it spent on average, and how many of its moves differ (none should).
 *
 *   npx tsx bench/search.ts [--rounds 3] [--decisions 12] [--playouts 100] [--game chromatic]
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loadBalanceRun } from "../cli/commands/balance.ts";
import { createEngine, type Action, type Engine, type GameState, type PlayerId } from "../runtime/index.ts";
import { GreedyBot } from "../runtime/bots/greedy.ts";
import { MctsBot } from "../runtime/bots/mcts.ts";
import { cloneJson } from "../runtime/state/clone.ts";
import { fmt, fmtRatio, interleave, printTable, ratios, reportGoal, summarize } from "./lib/measure.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" }, decisions: { type: "string", default: "12" }, playouts: { type: "string", default: "100" }, game: { type: "string", multiple: true } } });
const rounds = Number(values.rounds);
const wanted = Number(values.decisions);
const playouts = Number(values.playouts);
const games = values.game?.length ? values.game : ["duel", "cybervamp", "chromatic"];

interface Decision {
  state: GameState;
  legal: Action[];
  player: PlayerId;
}

/** `wanted` decisions with three or more legal actions spread evenly over a greedy-vs-greedy game, early and late turns alike. */
function decisionsOf(engine: Engine, deck: string[]): Decision[] {
  const all: Decision[] = [];
  const bots = { p1: new GreedyBot(engine, "p1", 1), p2: new GreedyBot(engine, "p2", 2) };
  let state = engine.newGame({ seed: 1, decks: { p1: deck, p2: deck } }).state;
  while (!state.over && state.turn < 100) {
    const player = engine.decider(state);
    if (!player) break;
    const legal = engine.legalActions(state);
    if (legal.length > 2) all.push({ state: cloneJson(state), legal, player });
    const applied = engine.apply(state, legal.length === 1 ? legal[0]! : bots[player as "p1"].choose(state, legal));
    if (!applied.ok) throw new Error(applied.refusal.message);
    state = applied.state;
  }
  const step = Math.max(1, all.length / wanted);
  return Array.from({ length: Math.min(wanted, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

const rows = [["game", "decisions", "widened (ms CPU per decision)", "all actions (ms)", "widened / all", "root actions searched: widened, all", "most visited: widened, all", "different moves", "settled (ms)", "settled / widened", "simulated games spent, settled", "settled: different moves"]];
for (const id of games) {
  const loaded = await loadBalanceRun(`cards/${id}`, undefined);
  if (!("bundle" in loaded)) throw new Error(`cards/${id}: ${loaded.message}`);
  const engine = createEngine(loaded.bundle);
  const decisions = decisionsOf(engine, loaded.decks[0]!.cards);
  // Widened and all: the whole budget (stopWhenSettled: false), CPU compared at the same number of simulated games;
  // settled: widened, its search ended once settled (the default) — the same moves as widened, fewer simulated games.
  const decide = (rootWidening: boolean, stopWhenSettled = false) => decisions.map(({ state, legal, player }, i) => {
    const bot = new MctsBot(engine, player, i, { playouts, rootWidening, reuseTree: false, stopWhenSettled });
    const chosen = bot.choose(state, legal);
    const visits = [...bot.rootVisits().values()].filter((v) => v > 0);
    return { chosen: legal.indexOf(chosen), searched: visits.length, most: Math.max(...visits), spent: bot.searched.playouts };
  });
  // Every round decides the same (the playouts are a budget of simulated games, deterministic for a seed): the last round's choices are kept.
  let widened: ReturnType<typeof decide> = [];
  let all: ReturnType<typeof decide> = [];
  let settled: ReturnType<typeof decide> = [];
  const times = interleave(rounds, { widened: () => (widened = decide(true)), all: () => (all = decide(false)), settled: () => (settled = decide(true, true)) });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const differ = widened.filter((d, i) => d.chosen !== all[i]!.chosen).length;
  const perDecision = (ms: number[]) => summarize(ms.map((t) => t / decisions.length));
  const ratio = ratios(times.widened, times.all);
  const settledRatio = ratios(times.settled, times.widened);
  const settledDiffer = settled.filter((d, i) => d.chosen !== widened[i]!.chosen).length;
  const ms = (s: ReturnType<typeof summarize>) => `${fmt(s.median, 0)} (${fmt(s.min, 0)}–${fmt(s.max, 0)})`;
  rows.push([id, String(decisions.length), ms(perDecision(times.widened)), ms(perDecision(times.all)), fmtRatio(ratio, 2), `${fmt(mean(widened.map((d) => d.searched)))}, ${fmt(mean(all.map((d) => d.searched)))}`, `${fmt(mean(widened.map((d) => d.most)))}, ${fmt(mean(all.map((d) => d.most)))}`, `${differ} of ${decisions.length}`, ms(perDecision(times.settled)), fmtRatio(settledRatio, 2), fmt(mean(settled.map((d) => d.spent))), `${settledDiffer} of ${decisions.length}`]);
  // Each game's row as it is done (a long run stopped midway keeps the games it measured).
  console.log(rows.at(-1)!.join("  "), `(load ${loadavg()[0]!.toFixed(1)})`);
  reportGoal({ figure: `search decision, ${id}: widened / all root actions`, measured: fmtRatio(ratio, 2), goal: "≤ 1.1 (CPU at the same playouts)", met: ratio.median <= 1.1 });
  reportGoal({ figure: `search decision, ${id}: ended once settled / whole budget`, measured: `${fmtRatio(settledRatio, 2)}, ${settledDiffer} moves differ`, goal: "< 1 with the same moves", met: settledRatio.median < 1 && settledDiffer === 0 });
}
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpus().length} cores; ${rounds} rounds, ${playouts} playouts per decision, CPU time`);
printTable(rows);
