/**
 * The report's charts, as Apache ECharts options built from a report (./stats.ts): the same
 * options are drawn to SVG for the HTML report (./svg.ts, in Node) and live in the studio's
 * Balance view as games come in. Intervals are boxplots: the box spans the 95% Wilson interval,
 * the line inside it is the estimate.
 */
import type { EChartsOption } from "echarts";
import type { BalanceReport, Rate } from "./stats.ts";

export interface ChartSpec {
  id: string;
  title: string;
  option: EChartsOption;
  width: number;
  height: number;
}

const percent = (v: number) => `${Math.round(v * 100)}%`;
const interval = (r: Rate) => `${percent(r.value)} (${percent(r.low)}–${percent(r.high)}, n=${r.n})`;
/** A boxplot datum drawing an interval: [low, low, estimate, high, high]. */
const box = (r: { value: number; low: number; high: number }, scale = 100) => [r.low * scale, r.low * scale, r.value * scale, r.high * scale, r.high * scale];
/** Intervals as horizontal boxes (in percent or points), with a dashed reference line at `at`. */
const intervalSeries = (intervals: { value: number; low: number; high: number }[], fill: string, border: string, at: number, label: string) => ({
  type: "boxplot" as const,
  layout: "horizontal" as const,
  data: intervals.map((r) => box(r)),
  boxWidth: [8, 18],
  itemStyle: { color: fill, borderColor: border },
  markLine: { silent: true, symbol: "none" as const, lineStyle: { type: "dashed" as const, color: "#888" }, data: [{ xAxis: at }], label: { formatter: label } },
});
const BASE = { animation: false, textStyle: { fontFamily: "system-ui, sans-serif" }, backgroundColor: "#ffffff" } as const;

function intervalChart(id: string, title: string, rows: { label: string; rate: Rate }[], reference: number, axisName: string): ChartSpec {
  const height = 90 + rows.length * 34;
  return {
    id,
    title,
    width: 760,
    height,
    option: {
      ...BASE,
      grid: { left: 220, right: 40, top: 30, bottom: 40 },
      tooltip: { trigger: "item", formatter: (p: unknown) => { const i = (p as { dataIndex: number }).dataIndex; return `${rows[i]!.label}: ${interval(rows[i]!.rate)}`; } },
      xAxis: { type: "value", min: 0, max: 100, name: axisName, nameLocation: "middle", nameGap: 26, axisLabel: { formatter: "{value}%" } },
      yAxis: { type: "category", data: rows.map((r) => r.label), inverse: true },
      series: [intervalSeries(rows.map((r) => r.rate), "#bcd4f6", "#1f5fbf", reference * 100, `${reference * 100}%`)],
    },
  };
}

export function matrixChart(report: BalanceReport): ChartSpec {
  const decks = report.matrix.decks;
  const data: [number, number, number][] = [];
  report.matrix.cells.forEach((row, y) => row.forEach((cell, x) => cell && data.push([x, y, Math.round(cell.value * 1000) / 10])));
  const size = Math.max(260, 120 + decks.length * 110);
  return {
    id: "matrix",
    title: "Matchup matrix: row deck's win rate against the column deck",
    width: size + 160,
    height: size,
    option: {
      ...BASE,
      grid: { left: 160, right: 30, top: 20, bottom: 110 },
      tooltip: { formatter: (p: unknown) => { const [x, y] = (p as { data: number[] }).data as [number, number]; return `${decks[y]} vs ${decks[x]}: ${interval(report.matrix.cells[y]![x]!)}`; } },
      xAxis: { type: "category", data: decks, axisLabel: { interval: 0, rotate: decks.length > 3 ? 30 : 0 }, name: "against", nameLocation: "middle", nameGap: 30 },
      yAxis: { type: "category", data: decks, inverse: true },
      visualMap: { min: 0, max: 100, calculable: false, orient: "horizontal", left: "center", bottom: 0, itemHeight: 120, text: ["100%", "0%"], inRange: { color: ["#c0392b", "#f7f7f7", "#2166ac"] } },
      series: [
        {
          type: "heatmap",
          data,
          label: { show: true, lineHeight: 16, formatter: (p: unknown) => { const [x, y] = (p as { data: number[] }).data as [number, number]; const c = report.matrix.cells[y]![x]!; return `${percent(c.value)}\n${percent(c.low)}–${percent(c.high)}`; } },
        },
      ],
    },
  };
}

export function matchupChart(report: BalanceReport): ChartSpec {
  return intervalChart(
    "matchups",
    "Win rate of the first deck of each matchup (95% interval)",
    report.matchups.map((m) => ({ label: `${m.deckA} vs ${m.deckB}`, rate: m.winRateA })),
    0.5,
    "win rate",
  );
}

export function firstPlayerChart(report: BalanceReport): ChartSpec {
  return intervalChart(
    "first-player",
    "First-player advantage: win rate of the player who takes the first turn",
    [{ label: "all games", rate: report.firstPlayer }, ...report.matchups.map((m) => ({ label: `${m.deckA} vs ${m.deckB}`, rate: m.firstPlayer }))],
    0.5,
    "first player's win rate",
  );
}

export function lengthChart(report: BalanceReport): ChartSpec {
  const h = report.length.turns.histogram;
  return {
    id: "length",
    title: "Game length: how many games lasted each number of turns",
    width: 760,
    height: 320,
    option: {
      ...BASE,
      grid: { left: 60, right: 30, top: 30, bottom: 50 },
      tooltip: { trigger: "axis" },
      xAxis: { type: "category", data: h.map((b) => String(b.value)), name: "turns", nameLocation: "middle", nameGap: 30 },
      yAxis: { type: "value", name: "games", minInterval: 1 },
      series: [{ type: "bar", data: h.map((b) => b.games), itemStyle: { color: "#1f5fbf" }, barCategoryGap: "10%" }],
    },
  };
}

type CardRow = BalanceReport["cards"][number];

/** Grouped horizontal bars, one row per card (percentages; a rate counting no game is left blank). */
function cardBars(id: string, title: string, cards: CardRow[], rowHeight: number, bars: { name: string; color: string; rate: (c: CardRow) => Rate }[]): ChartSpec {
  return {
    id,
    title,
    width: 760,
    height: 110 + cards.length * rowHeight,
    option: {
      ...BASE,
      legend: { top: 0 },
      grid: { left: 200, right: 40, top: 40, bottom: 40 },
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      xAxis: { type: "value", min: 0, max: 100, axisLabel: { formatter: "{value}%" } },
      yAxis: { type: "category", data: cards.map((c) => c.name), inverse: true },
      series: bars.map((bar) => ({ name: bar.name, type: "bar" as const, data: cards.map((c) => (bar.rate(c).n ? Math.round(bar.rate(c).value * 1000) / 10 : null)), itemStyle: { color: bar.color } })),
    },
  };
}

export function cardChart(report: BalanceReport): ChartSpec {
  const cards = [...report.cards].sort((a, b) => b.winWhenPlayed.value - a.winWhenPlayed.value || a.name.localeCompare(b.name));
  return cardBars("cards", "Per card: its player's win rate when it was drawn, played, or never seen", cards, 42, [
    { name: "when drawn", color: "#1f5fbf", rate: (c) => c.winWhenDrawn },
    { name: "when played", color: "#2a9d5c", rate: (c) => c.winWhenPlayed },
    { name: "when not seen", color: "#b0b0b0", rate: (c) => c.winWhenNotSeen },
  ]);
}

export function cardUsageChart(report: BalanceReport): ChartSpec {
  const cards = [...report.cards].sort((a, b) => b.played.value - a.played.value || a.name.localeCompare(b.name));
  return cardBars("card-usage", "Per card: share of its player's games in which it was drawn and played", cards, 30, [
    { name: "drawn", color: "#7aa6e6", rate: (c) => c.drawn },
    { name: "played", color: "#2a9d5c", rate: (c) => c.played },
  ]);
}

export function ludiiChart(report: BalanceReport): ChartSpec {
  const l = report.ludii;
  const rows: [string, number | null][] = [
    ["balance", l.balance],
    ["drawishness", l.drawishness],
    ["decisiveness", l.decisiveness],
    ["timeouts", l.timeouts],
  ];
  return {
    id: "ludii",
    title: `Ludii metrics (duration: ${l.durationTurns.toFixed(1)} turns, ${l.durationActions.toFixed(0)} actions per game)`,
    width: 760,
    height: 260,
    option: {
      ...BASE,
      grid: { left: 120, right: 60, top: 20, bottom: 40 },
      xAxis: { type: "value", min: 0, max: 1 },
      yAxis: { type: "category", data: rows.map(([name]) => name), inverse: true },
      series: [{ type: "bar", data: rows.map(([, v]) => (v === null ? null : Math.round(v * 1000) / 1000)), itemStyle: { color: "#6a4fb3" }, label: { show: true, position: "right", formatter: "{c}" } }],
    },
  };
}

export function restrictedChart(report: BalanceReport): ChartSpec | undefined {
  const rows = report.restricted;
  if (!rows || rows.length === 0) return undefined;
  const height = 90 + rows.length * 30;
  const values = rows.flatMap((r) => [r.impact.low, r.impact.high]);
  const bound = Math.min(100, Math.ceil(Math.max(0.1, ...values.map(Math.abs)) * 10) * 10);
  return {
    id: "restricted",
    title: "Restricted play: how much each card adds to its deck's win rate (points, 95% interval)",
    width: 760,
    height,
    option: {
      ...BASE,
      grid: { left: 240, right: 40, top: 30, bottom: 40 },
      tooltip: { trigger: "item", formatter: (p: unknown) => { const r = rows[(p as { dataIndex: number }).dataIndex]!; return `${r.name} (${r.deck}): ${(r.impact.value * 100).toFixed(1)} points (${(r.impact.low * 100).toFixed(1)} to ${(r.impact.high * 100).toFixed(1)})`; } },
      xAxis: { type: "value", min: -bound, max: bound, name: "win-rate points the card adds", nameLocation: "middle", nameGap: 26 },
      yAxis: { type: "category", data: rows.map((r) => `${r.name} (${r.deck})`), inverse: true },
      series: [intervalSeries(rows.map((r) => r.impact), "#f3d9b1", "#b36b00", 0, "0")],
    },
  };
}

/** Every chart of a report, in the report's order. */
export function reportCharts(report: BalanceReport): ChartSpec[] {
  const charts = [matrixChart(report), matchupChart(report), firstPlayerChart(report), lengthChart(report), ludiiChart(report), cardChart(report), cardUsageChart(report)];
  const restricted = restrictedChart(report);
  if (restricted) charts.push(restricted);
  return charts;
}
