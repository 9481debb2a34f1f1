/**
 * The bot-strength table of docs/balance.md, written by the bench (`bench/bots.ts --table
 * docs/balance.md`): one row per cell — game, opponent, the search bot's seat — between two marker
 * comments. A run rewrites the rows of the cells it played and keeps the others (cells measured by
 * earlier runs), so the table always holds each cell's latest measurement with how it was made.
 */
import type { CellTotal } from "./strength.ts";

export const TABLE_START = "<!-- bot-strength-cells: rows written by `npx tsx bench/bots.ts --table docs/balance.md` -->";
export const TABLE_END = "<!-- /bot-strength-cells -->";
export const TABLE_HEADER = ["game", "opponent", "mcts seat", "budget", "games", "mcts wins", "win rate (95% Wilson)", "verdict", "stopped", "bots of", "measured (UTC)", "load"];

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;

export interface RowContext {
  /** The cell was decided after this many games and no further game started (sequential testing). */
  decidedAfter?: number;
  /** The most games the cell was to play (`--games`): fewer played and not decided means a time bound cut it short. */
  limit?: number;
  commit?: string;
  date: Date;
  /** The 1-minute load average seen as the cell's games ended: lowest and highest. */
  load?: [number, number];
}

/** A cell's row. */
export function tableRow(total: CellTotal, context: RowContext): string[] {
  const { cell, rate } = total;
  const verdict = total.verdict === "undecided" ? `undecided (≥ ${pct(total.goal)})` : `**${total.verdict}** (≥ ${pct(total.goal)})`;
  const games = total.unfinished ? `${total.finished} (+${total.unfinished} unfinished)` : String(total.finished);
  const played = total.games.length;
  const stopped = context.decidedAfter !== undefined ? `decided after ${context.decidedAfter}` : context.limit !== undefined && played < context.limit ? `time bound (${played} of ${context.limit})` : "all played";
  const when = context.date.toISOString().slice(0, 16).replace("T", " ");
  const load = context.load ? `${context.load[0].toFixed(1)}–${context.load[1].toFixed(1)}` : "–";
  return [cell.game, cell.opponent, cell.seat, `${cell.playouts} playouts${cell.matchup === "mirror" ? ", mirrors" : ", deck pair"}`, games, String(total.wins), `${pct(rate.value)} (${pct(rate.low)}–${pct(rate.high)})`, verdict, stopped, context.commit ?? "–", when, load];
}

const keyOf = (cells: readonly string[]) => cells.slice(0, 3).join(" ");

function cellsOf(row: string): string[] {
  return row.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/**
 * `markdown` with the table's rows for the given cells replaced (or added at the end); every other
 * row kept as it was. The markers must be there (the file is not guessed at).
 */
export function updateStrengthTable(markdown: string, rows: readonly string[][], source: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`${source}: no bot-strength table to write (the lines ${TABLE_START} and ${TABLE_END} mark where it goes)`);
  const inside = markdown.slice(start + TABLE_START.length, end);
  const kept = new Map<string, string[]>();
  for (const raw of inside.split("\n")) {
    const row = raw.trim();
    if (!row.startsWith("|")) continue;
    const cells = cellsOf(row);
    if (cells[0] === TABLE_HEADER[0] || /^-+$/.test(cells[0] ?? "")) continue;
    if (cells.length !== TABLE_HEADER.length) throw new Error(`${source}: a row of the bot-strength table has ${cells.length} columns, not ${TABLE_HEADER.length}: ${row}`);
    kept.set(keyOf(cells), cells);
  }
  for (const row of rows) kept.set(keyOf(row), row);
  const table = [line(TABLE_HEADER), line(TABLE_HEADER.map(() => "---")), ...[...kept.values()].map(line)].join("\n");
  return `${markdown.slice(0, start + TABLE_START.length)}\n${table}\n${markdown.slice(end)}`;
}
