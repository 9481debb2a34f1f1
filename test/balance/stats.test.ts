// balance/stats.ts and balance/plan.ts: the figures of a report from game records.
import { describe, expect, it } from "vitest";
import { wilson, difference, buildReport, type ReportSpec } from "../../balance/stats.ts";
import { decidedAt, type GameRecord } from "../../balance/play.ts";
import { matchupsOf, taskAt, taskCount } from "../../balance/plan.ts";
import { reportCsv } from "../../balance/csv.ts";

describe("wilson", () => {
  it("matches the textbook interval", () => {
    // 5 of 10 at z = 1.96: centre 0.5, half-width 1.96·√(0.025 + 0.0096)/1.3842 = 0.2634.
    const half = wilson(5, 10);
    expect(half.value).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    // 0 of 10: [0, z²/(n+z²)] = [0, 0.2775].
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilson(0, 0)).toMatchObject({ n: 0, low: 0, high: 1 });
  });

  it("gives a difference an interval that contains it", () => {
    const d = difference(wilson(7, 10), wilson(3, 10));
    expect(d.value).toBeCloseTo(0.4, 9);
    expect(d.low).toBeLessThan(0.4);
    expect(d.high).toBeGreaterThan(0.4);
    expect(d.low).toBeGreaterThan(-1);
  });
});

describe("plan", () => {
  it("pairs every two decks, swaps seats every game and numbers restricted games after the main ones", () => {
    expect(matchupsOf(1)).toEqual([{ a: 0, b: 0 }]);
    expect(matchupsOf(3)).toEqual([{ a: 0, b: 1 }, { a: 0, b: 2 }, { a: 1, b: 2 }]);
    const spec = { decks: [{ name: "x", cards: ["A", "B", "A"] }, { name: "y", cards: ["C"] }], games: 4, restrictedGames: 2, seed: 9 };
    // 4 main games + (2 cards of x + 1 card of y) × 1 matchup × 2 games.
    expect(taskCount(spec)).toBe(10);
    expect(taskAt(spec, 0).seats).toEqual({ p1: 0, p2: 1 });
    expect(taskAt(spec, 1).seats).toEqual({ p1: 1, p2: 0 });
    expect(taskAt(spec, 0).seed).not.toBe(taskAt(spec, 1).seed);
    const restricted = taskAt(spec, 4);
    expect(restricted.restricted).toEqual({ card: "A", deck: 0, player: "p1" });
    expect(restricted.seed).toBe(taskAt(spec, 0).seed);
    expect(taskAt(spec, 5).restricted).toEqual({ card: "A", deck: 0, player: "p2" });
    expect(taskAt(spec, 9).restricted).toEqual({ card: "C", deck: 1, player: "p1" });
    expect(() => taskAt(spec, 10)).toThrow(/past the end/);
  });
});

describe("decidedAt", () => {
  it("is the share of the game before the winner's chance first rose above the best the loser ever had", () => {
    // p1's chances; p2 (the loser) never had more than 1 − 0.4 = 0.6; p1 first exceeds 0.6 at action 2 of 4.
    expect(decidedAt([0.5, 0.4, 0.7, 0.9], "p1")).toBe(0.5);
    expect(decidedAt([0.5, 0.5], "p1")).toBe(1);
    expect(decidedAt([0.2, 0.1], "p2")).toBe(0);
  });
});

const player = (seen: string[], played: [string, number][] = []) => ({ seen, played });
function record(task: number, game: number, outcome: GameRecord["outcome"], first: "p1" | "p2", p1: ReturnType<typeof player>, p2: ReturnType<typeof player>, turns = 6): GameRecord {
  return { task, matchup: 0, game, seed: task, seats: game % 2 === 0 ? { p1: 0, p2: 1 } : { p1: 1, p2: 0 }, outcome, turnLimit: false, first, turns, actions: turns * 3, players: { p1, p2 }, moves: [], ...(outcome === "p1" || outcome === "p2" ? { decidedAt: 0.5 } : {}) };
}

describe("buildReport", () => {
  const spec: ReportSpec = {
    decks: [{ name: "red", cards: ["R", "R", "S"] }, { name: "blue", cards: ["B", "S"] }],
    bots: { p1: "greedy", p2: "greedy" },
    botSettings: {},
    games: 4,
    seed: 1,
    restrictedGames: 0,
    maxTurns: 50,
    maxActions: 1000,
    game: { id: "g", name: "Game" },
    cardNames: { R: "Red One", S: "Shared", B: "Blue One" },
  };
  // red sits on p1 in even games. red wins games 0, 1, 2 (p1, p2, p1); game 3 is a draw.
  const records = [
    record(3, 3, "draw", "p2", player(["B"]), player(["R"])),
    record(0, 0, "p1", "p1", player(["R", "S"], [["R", 1], ["R", 3]]), player(["B"], [["B", 2]]), 4),
    record(1, 1, "p2", "p1", player(["S"]), player(["R"], [["R", 2]]), 8),
    record(2, 2, "p1", "p2", player([]), player(["B", "S"], [["S", 5]]), 10),
  ];
  const report = buildReport(spec, records);

  it("counts the matchup, the matrix and the seats, a draw as half a win", () => {
    expect(report.totals).toEqual({ games: 4, decided: 3, draws: 1, unfinished: 0, turnLimit: 0 });
    const m = report.matchups[0]!;
    expect([m.winsA, m.winsB, m.draws]).toEqual([3, 0, 1]);
    expect(m.winRateA.successes).toBe(3.5);
    expect(m.winRateA.value).toBe(3.5 / 4);
    expect(report.matrix.cells[0]![1]!.value).toBe(3.5 / 4);
    expect(report.matrix.cells[1]![0]!.value).toBe(0.5 / 4);
    expect(report.matrix.cells[0]![0]).toBeNull();
    // First player won game 0, lost games 1 and 2, drew game 3.
    expect(report.firstPlayer.successes).toBe(1.5);
    expect(report.seats.p1.successes).toBe(2.5);
    expect(report.length.turns).toMatchObject({ mean: 7, median: 7, min: 4, max: 10 });
  });

  it("computes per-card figures over the games of the decks that hold the card", () => {
    const red = report.cards.find((c) => c.card === "R")!;
    // red played 4 games: drew R in games 0, 1(as p2), 3(as p2); played it in 0 and 1.
    expect(red.games).toBe(4);
    expect(red.drawn.successes).toBe(3);
    expect(red.played.successes).toBe(2);
    expect(red.playsPerGame).toBe(3 / 4);
    expect(red.averageTurnPlayed).toBe(2);
    expect(red.winWhenPlayed.value).toBe(1);
    expect(red.winWhenDrawn.successes).toBe(2.5);
    expect(red.winWhenNotSeen.n).toBe(1);
    const shared = report.cards.find((c) => c.card === "S")!;
    expect(shared.games).toBe(8);
    expect(shared.decks).toEqual([{ deck: "red", copies: 1 }, { deck: "blue", copies: 1 }]);
  });

  it("gives Ludii's metrics", () => {
    // first player: 1 win, second: 2 wins, of 4 games → balance 1 − |0.25 − 0.5|.
    expect(report.ludii.balance).toBeCloseTo(0.75, 9);
    expect(report.ludii.drawishness).toBe(0.25);
    expect(report.ludii.decisiveness).toBe(0.5);
    expect(report.ludii.durationTurns).toBe(7);
  });

  it("is the same whatever order the records come in, and has CSV for every table", () => {
    expect(buildReport(spec, [...records].reverse())).toEqual(report);
    const csv = reportCsv(report);
    expect(Object.keys(csv)).toEqual(expect.arrayContaining(["matchups.csv", "matrix.csv", "cards.csv", "ludii.csv", "games.csv", "first-player.csv", "length.csv"]));
    expect(csv["matchups.csv"]!.split("\r\n")[1]).toMatch(/^0,red,blue,4,3,0,1,0,0\.875,/);
  });
});
