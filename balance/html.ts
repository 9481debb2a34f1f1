/**
 * The HTML report: one self-contained file — styles inline, every chart an inline SVG drawn by
 * ECharts (./svg.ts), every figure also in a table — that opens offline in any browser, with no
 * script and no request. docs/balance.md explains each figure; each section says in a sentence
 * how to read it.
 */
import { reportCharts, type ChartSpec } from "./charts.ts";
import type { BalanceReport, Rate } from "./stats.ts";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const rate = (r: Rate) => (r.n ? `${pct(r.value)} <span class="ci">(${pct(r.low)}–${pct(r.high)})</span>` : `<span class="ci">—</span>`);
const num = (v: number | null, digits = 2) => (v === null ? "—" : v.toFixed(digits));

function table(headers: string[], rows: string[][], className = ""): string {
  return `<table class="${className}"><thead><tr>${headers.map((h) => `<th>${h}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n")}</tbody></table>`;
}

/** At most this many games are listed in the page (all are in games.csv and games.json). */
const GAME_ROWS = 500;

export function renderReportHtml(report: BalanceReport, svgOf: (chart: ChartSpec) => string): string {
  const charts = new Map(reportCharts(report).map((c) => [c.id, c]));
  const figure = (id: string) => {
    const chart = charts.get(id);
    return chart ? `<figure id="chart-${id}"><figcaption>${escape(chart.title)}</figcaption>${svgOf(chart)}</figure>` : "";
  };
  const { run, totals, ludii } = report;
  const deckNames = run.decks.map((d) => `${escape(d.name)} (${d.size} cards)`).join(", ");
  const budget = run.botSettings.milliseconds !== undefined ? `${run.botSettings.milliseconds} ms per decision` : `${run.botSettings.playouts ?? 200} playouts per decision`;
  const bots = run.bots.p1 === run.bots.p2 ? run.bots.p1 : `p1 ${run.bots.p1}, p2 ${run.bots.p2}`;
  const sections: string[] = [];
  sections.push(`<section id="summary"><h2>Run</h2>
<p>${escape(report.game.name)} (<code>${escape(report.game.id)}</code>) · decks: ${deckNames} · bots: ${escape(bots)}${run.bots.p1 === "mcts" || run.bots.p2 === "mcts" ? ` (${budget})` : ""} · ${run.gamesPerMatchup} games per matchup · seed ${run.seed}</p>
<p>${totals.games} games: ${totals.decided} won, ${totals.draws} drawn, ${totals.unfinished} stopped at the run's limit (${run.maxTurns} turns / ${run.maxActions} actions), ${totals.turnLimit} ended by the game's turn limit. Win rates count a draw as half a win and leave out stopped games; every interval is a Wilson score interval at 95%.</p></section>`);
  sections.push(`<section id="matrix"><h2>Matchup matrix</h2><p class="how">Each cell is the row deck's win rate against the column deck, with its 95% interval. A cell whose interval does not contain 50% is a real edge at this sample size; one that does may be luck.</p>
${figure("matrix")}
${table(["row deck", ...report.matrix.decks.map(escape)], report.matrix.cells.map((row, y) => [escape(report.matrix.decks[y]!), ...row.map((c) => (c ? rate(c) : "—"))]))}
${figure("matchups")}
${table(["matchup", "games", "wins (first deck)", "wins (second deck)", "draws", "stopped", "first deck's win rate"], report.matchups.map((m) => [`${escape(m.deckA)} vs ${escape(m.deckB)}`, String(m.games), String(m.winsA), String(m.winsB), String(m.draws), String(m.unfinished), rate(m.winRateA)]))}</section>`);
  sections.push(`<section id="first-player"><h2>First-player advantage</h2><p class="how">The win rate of whoever took the first turn. 50% means going first neither helps nor hurts; an interval wholly above 50% means it helps.</p>
${figure("first-player")}
${table(["games", "first player's win rate", "seat p1's win rate", "seat p2's win rate"], [[String(report.firstPlayer.n), rate(report.firstPlayer), rate(report.seats.p1), rate(report.seats.p2)]])}</section>`);
  const t = report.length.turns;
  const a = report.length.actions;
  sections.push(`<section id="length"><h2>Game length</h2><p class="how">How many turns the games lasted (a turn is one player's turn). A wide spread means some games end quickly and others drag on.</p>
${figure("length")}
${table(["", "mean", "median", "min", "max"], [["turns", num(t.mean, 1), num(t.median, 1), String(t.min), String(t.max)], ["actions", num(a.mean, 1), num(a.median, 1), String(a.min), String(a.max)]])}</section>`);
  sections.push(`<section id="ludii"><h2>Ludii metrics</h2><p class="how">As the Ludii general game system defines them, over the games of this run. Balance near 1: the first and second player win equally often. Drawishness near 0: games end with a winner. Decisiveness near 1: the outcome stays open until late; near 0: the winner was clear early. Duration: mean turns and actions per game.</p>
${figure("ludii")}
${table(["balance", "drawishness", "decisiveness", "duration (turns)", "duration (actions)", "timeouts"], [[num(ludii.balance, 3), num(ludii.drawishness, 3), num(ludii.decisiveness, 3), num(ludii.durationTurns, 1), num(ludii.durationActions, 1), num(ludii.timeouts, 3)]])}</section>`);
  sections.push(`<section id="cards"><h2>Cards</h2><p class="how">For each card, over the games of players whose deck held it: how often it was drawn and played, and the player's win rate when it was drawn, when it was played, and when it was never seen. A card whose "played" win rate sits far above its "not seen" one is winning games (or comes out in games already won: compare with restricted play).</p>
${figure("cards")}
${figure("card-usage")}
${table(["card", "decks", "player-games", "drawn", "played", "plays per game", "win when drawn", "win when played", "win when not seen", "average turn played"], report.cards.map((c) => [`<span class="card" data-card="${escape(c.card)}">${escape(c.name)}</span>`, c.decks.map((d) => `${escape(d.deck)} ×${d.copies}`).join(", "), String(c.games), pct(c.drawn.value), pct(c.played.value), num(c.playsPerGame), rate(c.winWhenDrawn), rate(c.winWhenPlayed), rate(c.winWhenNotSeen), num(c.averageTurnPlayed, 1)]), "cards")}</section>`);
  if (report.restricted) {
    sections.push(`<section id="restricted"><h2>Restricted play</h2><p class="how">Each card's impact: its deck's win rate in the same games (same seeds and seats) minus its win rate when that deck's bot may not play the card (Jaffe et al. 2012), in win-rate points. Positive: the card wins games; near 0: the deck does as well without it; negative: playing it hurts.</p>
${figure("restricted")}
${table(["card", "deck", "games", "win rate", "without playing it", "impact (points)"], report.restricted.map((r) => [escape(r.name), escape(r.deck), String(r.games), rate(r.baseline), rate(r.restricted), `${(r.impact.value * 100).toFixed(1)} <span class="ci">(${(r.impact.low * 100).toFixed(1)} to ${(r.impact.high * 100).toFixed(1)})</span>`]))}</section>`);
  }
  const games = report.games.slice(0, GAME_ROWS);
  sections.push(`<section id="games"><h2>Games</h2><p class="how">games.json beside this page holds every game as its choices (the position of each action among the legal ones), so each can be replayed exactly. ${report.games.length > GAME_ROWS ? `The first ${GAME_ROWS} of ${report.games.length} games are listed; games.csv lists all.` : ""}</p>
${table(["#", "seed", "p1", "p2", "first", "result", "turns", "actions", "restricted"], games.map((g) => [String(g.task), String(g.seed), escape(g.p1), escape(g.p2), g.first, g.outcome, String(g.turns), String(g.actions), g.restricted ? `${escape(g.restricted.card)} (${g.restricted.player})` : ""]), "games")}</section>`);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report — ${escape(report.game.name)}</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #1d1d1f; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
table { border-collapse: collapse; margin: 10px 0; font-size: 13px; } th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f6; } .ci { color: #666; font-size: 12px; } .how { color: #444; max-width: 80ch; }
figure { margin: 10px 0; } figcaption { font-weight: 600; margin-bottom: 4px; } svg { max-width: 100%; height: auto; }
</style></head>
<body><h1>Balance report — ${escape(report.game.name)}</h1>
<p class="how">Made by <code>cardwright balance</code>. What each figure means and how it is computed: docs/balance.md in the Cardwright repository. All figures are also in report.json and the CSV files beside this page.</p>
${sections.join("\n")}
</body></html>
`;
}
