// The bot-strength table of docs/balance.md, written by `bench/bots.ts --table` (balance/strength-table.ts).
import { describe, expect, it } from "vitest";
import { mergePieces, type StrengthCell, type StrengthPiece } from "../../balance/strength.ts";
import { TABLE_END, TABLE_START, tableRow, updateStrengthTable } from "../../balance/strength-table.ts";

const cell = (seat: "p1" | "p2"): StrengthCell => ({ game: "chromatic", matchup: "mirror", decks: ["a", "b"], opponent: "greedy", seat, playouts: 40, seed: 1 });
const total = (seat: "p1" | "p2", outcomes: ("p1" | "p2")[]) => {
  const piece: StrengthPiece = { cell: cell(seat), first: 0, count: outcomes.length, games: outcomes.map((outcome, game) => ({ game, deck: "a", seed: game, outcome, turns: 9, actions: 99, moves: `m${game}` })), minutes: 3 };
  return mergePieces([{ piece, source: "x" }])[0]!;
};
const date = new Date("2026-12-03T17:45:00Z");

describe("the bot-strength table", () => {
  it("a row says the budget, the figures, the verdict and whether the cell stopped once decided", () => {
    const row = tableRow(total("p1", ["p1", "p1", "p1", "p1", "p1", "p1"]), { decidedAfter: 6, commit: "abc1234", date, load: [1.5, 2.25] });
    expect(row).toEqual(["chromatic", "greedy", "p1", "40 playouts, mirrors", "6", "6", "100.0% (61.0%–100.0%)", "**met** (≥ 60.0%)", "decided after 6", "abc1234", "2026-12-03 17:45", "1.5–2.3"]);
    expect(tableRow(total("p2", ["p1", "p2"]), { date })[7]).toBe("undecided (≥ 60.0%)");
    // Fewer games than the cell was to play, not decided: a time bound cut it short.
    expect(tableRow(total("p2", ["p1", "p2"]), { date, limit: 60 })[8]).toBe("time bound (2 of 60)");
    expect(tableRow(total("p2", ["p1", "p2"]), { date, limit: 2 })[8]).toBe("all played");
  });

  it("a run rewrites its cells' rows and keeps the others; without the markers it stops with the file's name", () => {
    const doc = `# Balance\n\nText.\n\n${TABLE_START}\n| old |\n${TABLE_END}\n\nAfter.\n`;
    expect(() => updateStrengthTable(doc, [], "docs/balance.md")).toThrow(/docs\/balance\.md: a row of the bot-strength table has 1 columns/);
    const empty = `# Balance\n\n${TABLE_START}\n${TABLE_END}\n\nAfter.\n`;
    const first = updateStrengthTable(empty, [tableRow(total("p1", ["p2"]), { date }), tableRow(total("p2", ["p2"]), { date })], "d.md");
    const second = updateStrengthTable(first, [tableRow(total("p1", ["p1", "p1", "p1", "p1", "p1", "p1"]), { date, decidedAfter: 6 })], "d.md");
    const rows = second.split("\n").filter((l) => l.startsWith("| chromatic"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("| p1 | 40 playouts, mirrors | 6 | 6 |");
    expect(rows[1]).toContain("| p2 | 40 playouts, mirrors | 1 | 1 |");
    expect(second.startsWith("# Balance\n\n")).toBe(true);
    expect(second.endsWith(`${TABLE_END}\n\nAfter.\n`)).toBe(true);
    expect(() => updateStrengthTable("# no table\n", [], "docs/balance.md")).toThrow(/docs\/balance\.md: no bot-strength table to write/);
  });
});
