/**
 * Every figure of a report as CSV tables (RFC 4180: comma-separated, fields with a comma, quote or
 * line break quoted, quotes doubled), one file per table; report.json holds the same figures.
 */
import type { BalanceReport, Rate } from "./stats.ts";

const field = (v: string | number | null | undefined): string => {
  if (v === null || v === undefined) return "";
  const text = typeof v === "number" ? (Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6)) : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (headers: string[], rows: (string | number | null | undefined)[][]) => [headers, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
const rateColumns = (name: string) => [`${name}`, `${name}_low`, `${name}_high`, `${name}_n`];
const rateValues = (r: Rate) => [r.value, r.low, r.high, r.n];

export function reportCsv(report: BalanceReport): Record<string, string> {
  const files: Record<string, string> = {
    "matchups.csv": csv(
      ["matchup", "deck_a", "deck_b", "games", "wins_a", "wins_b", "draws", "unfinished", ...rateColumns("win_rate_a"), ...rateColumns("first_player_win_rate")],
      report.matchups.map((m) => [m.index, m.deckA, m.deckB, m.games, m.winsA, m.winsB, m.draws, m.unfinished, ...rateValues(m.winRateA), ...rateValues(m.firstPlayer)]),
    ),
    "matrix.csv": csv(
      ["row_deck", "column_deck", ...rateColumns("win_rate")],
      report.matrix.cells.flatMap((row, y) => row.flatMap((c, x) => (c ? [[report.matrix.decks[y]!, report.matrix.decks[x]!, ...rateValues(c)]] : []))),
    ),
    "first-player.csv": csv(["scope", ...rateColumns("win_rate")], [["first player", ...rateValues(report.firstPlayer)], ["seat p1", ...rateValues(report.seats.p1)], ["seat p2", ...rateValues(report.seats.p2)], ...report.matchups.map((m) => [`first player: ${m.deckA} vs ${m.deckB}`, ...rateValues(m.firstPlayer)])]),
    "length.csv": csv(["measure", "value", "games"], [...report.length.turns.histogram.map((b) => ["turns", b.value, b.games]), ...report.length.actions.histogram.map((b) => ["actions", b.value, b.games])]),
    "length-summary.csv": csv(["measure", "mean", "median", "min", "max"], (["turns", "actions"] as const).map((k) => [k, report.length[k].mean, report.length[k].median, report.length[k].min, report.length[k].max])),
    "ludii.csv": csv(["metric", "value"], Object.entries(report.ludii).map(([k, v]) => [k, v])),
    "cards.csv": csv(
      ["card", "name", "decks", "player_games", ...rateColumns("drawn"), ...rateColumns("played"), "plays_per_game", ...rateColumns("win_when_drawn"), ...rateColumns("win_when_played"), ...rateColumns("win_when_not_seen"), "average_turn_played"],
      report.cards.map((c) => [c.card, c.name, c.decks.map((d) => `${d.deck} x${d.copies}`).join("; "), c.games, ...rateValues(c.drawn), ...rateValues(c.played), c.playsPerGame, ...rateValues(c.winWhenDrawn), ...rateValues(c.winWhenPlayed), ...rateValues(c.winWhenNotSeen), c.averageTurnPlayed]),
    ),
    "games.csv": csv(
      ["task", "matchup", "game", "seed", "p1_deck", "p2_deck", "first", "outcome", "turns", "actions", "restricted_card", "restricted_player"],
      report.games.map((g) => [g.task, g.matchup, g.game, g.seed, g.p1, g.p2, g.first, g.outcome, g.turns, g.actions, g.restricted?.card, g.restricted?.player]),
    ),
  };
  if (report.restricted)
    files["restricted.csv"] = csv(
      ["card", "name", "deck", "games", ...rateColumns("baseline"), ...rateColumns("restricted"), "impact", "impact_low", "impact_high"],
      report.restricted.map((r) => [r.card, r.name, r.deck, r.games, ...rateValues(r.baseline), ...rateValues(r.restricted), r.impact.value, r.impact.low, r.impact.high]),
    );
  return files;
}
