// Bot strength in pieces (balance/strength.ts, bench/bots.ts --first-game/--out/--merge): a cell played
// as several calls over disjoint stretches of game numbers, merged, is the cell played as one call.
import { describe, expect, it } from "vitest";
import { playBatch } from "../../balance/batch.ts";
import { taskAt } from "../../balance/plan.ts";
import { mergePieces, parsePieces, pieceParts, playCells, playPiece, rangesOf, type PiecePart, type StrengthCell, type StrengthGame, type StrengthPiece } from "../../balance/strength.ts";
import type { GameRecord } from "../../balance/play.ts";
import { replayGame } from "../../balance/play.ts";
import { readRecordedGames } from "../../balance/recorded.ts";
import { createEngine } from "../../runtime/index.ts";
import { loadGame } from "./helpers.ts";

const inThisThread = async (part: Parameters<Parameters<typeof playPiece>[5]>[0]) => playBatch(part.spec, part.tasks);

describe("bot strength in pieces", () => {
  it("games 0–3 played as one call and as three calls (3, 0, 1–2) are the same games; the merge gives one call's totals", async () => {
    const loaded = await loadGame("duel");
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: loaded.decks.map((d) => d.name), opponent: "random", seat: "p2", playouts: 4, seed: 3 };
    const whole = await playPiece(cell, loaded.bundle, loaded.decks, 0, 4, inThisThread);
    expect(whole.games.map((g) => g.game)).toEqual([0, 1, 2, 3]);
    // The decks take turns: game G is deck G mod 2's game ⌊G/2⌋.
    expect(whole.games.map((g) => g.deck)).toEqual([0, 1, 0, 1].map((d) => loaded.decks[d]!.name));
    const pieces: StrengthPiece[] = [];
    for (const [first, count] of [[3, 1], [0, 1], [1, 2]] as const) pieces.push(await playPiece(cell, loaded.bundle, loaded.decks, first, count, inThisThread));
    const strip = (p: StrengthPiece) => p.games;
    expect(pieces.flatMap(strip).sort((a, b) => a.game - b.game)).toEqual(whole.games);
    const [merged] = mergePieces(pieces.map((piece, i) => ({ piece, source: `piece ${i}` })));
    const [one] = mergePieces([{ piece: whole, source: "whole" }]);
    expect(merged!.ranges).toBe("0–3");
    expect({ ...merged!, minutes: 0 }).toEqual({ ...one!, minutes: 0 });
    // Through a results file (what --out writes and --merge reads).
    const reread = parsePieces(JSON.stringify({ pieces }), "pieces.json");
    expect(mergePieces(reread.map((piece) => ({ piece, source: "file" })))[0]!.wins).toBe(one!.wins);
  }, 600_000);

  it("a piece is played in game order, the decks taking turns (a call stopped midway has played every deck's first games)", async () => {
    const loaded = await loadGame("duel");
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: loaded.decks.map((d) => d.name), opponent: "random", seat: "p1", playouts: 2, seed: 4 };
    const played: number[][] = [];
    const recording = async (part: Parameters<Parameters<typeof playPiece>[5]>[0]) => {
      played.push(Array.from({ length: part.tasks.to - part.tasks.from }, (_, i) => part.gameOf(part.tasks.from + i)));
      return playBatch(part.spec, part.tasks);
    };
    const piece = await playPiece(cell, loaded.bundle, loaded.decks, 1, 5, recording);
    expect(played).toEqual([[1], [2], [3], [4], [5]]);
    expect(piece.games.map((g) => g.game)).toEqual([1, 2, 3, 4, 5]);
  }, 600_000);

  it("cells played until decided, taking turns: a cell stops once its interval is decided, its threads go on to the other cells, and a game under way is counted", async () => {
    const decks = [{ name: "a", cards: [] }, { name: "b", cards: [] }];
    const cell = (opponent: "random" | "greedy", seat: "p1" | "p2"): StrengthCell => ({ game: "duel", matchup: "mirror", decks: ["a", "b"], opponent, seat, playouts: 1, seed: 1 });
    const bundle = {} as Parameters<typeof playCells>[0][number]["bundle"];
    // The search bot wins every game of the first cell; in the second it loses game 1 and wins the rest.
    const runs = [
      { cell: cell("greedy", "p1"), bundle, decks, first: 0, count: 20 },
      { cell: cell("greedy", "p2"), bundle, decks, first: 0, count: 20 },
    ];
    const started: string[] = [];
    const waiting: (() => void)[] = [];
    const fake = (part: PiecePart, task: number, run: number): Promise<GameRecord> => {
      const game = part.gameOf(task);
      started.push(`${run}:${game}`);
      const seat = runs[run]!.cell.seat;
      const outcome = run === 1 && game === 1 ? (seat === "p1" ? "p2" : "p1") : seat;
      const record = { task, seed: game, seats: { p1: 0, p2: 0 }, outcome, first: "p1", turns: 3, actions: 9, moves: [game] } as unknown as GameRecord;
      // Games end in the order they started, each once the test lets it (two are under way at a time).
      return new Promise((resolve) => waiting.push(() => resolve(record)));
    };
    const played = playCells(runs, fake, { threads: 2, untilDecided: true });
    for (let i = 0; i < 200 && waiting.length; i++) {
      waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    const [one, two] = await played;
    // The cells take turns (the one with the fewest games started next; the first given among equals).
    expect(started.slice(0, 6)).toEqual(["0:0", "1:0", "0:1", "1:1", "0:2", "1:2"]);
    // 6 of 6 decides ≥ 60% (Wilson 61.0–100%): games 0–5 decide cell 0, none of its games under way then.
    expect(one!.games.map((g) => g.game)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(one!.decidedAfter).toBe(6);
    expect(mergePieces([{ piece: one!, source: "" }])[0]!.verdict).toBe("met");
    // Then both threads play cell 1; with one loss it needs 10 of 11 — game 11 was under way then and counts (12 games, 11 won).
    expect(started.filter((s) => s.startsWith("0:"))).toHaveLength(6);
    expect(two!.games.map((g) => g.game)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(mergePieces([{ piece: two!, source: "" }])[0]).toMatchObject({ wins: 11, finished: 12, verdict: "met" });
    expect(two!.decidedAfter).toBe(12);
    // Without stopping every game is played.
    waiting.length = 0;
    const all = playCells(runs.slice(0, 1).map((r) => ({ ...r, count: 9 })), fake, { threads: 2, untilDecided: false });
    for (let i = 0; i < 50 && waiting.length; i++) {
      waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    const [whole] = await all;
    expect(whole!.games.length).toBe(9);
    expect(whole!.decidedAfter).toBeUndefined();
    // Past the time bound no game starts: the cells keep what they played (here nothing).
    const late = await playCells(runs, fake, { threads: 2, untilDecided: true, startBy: Date.now() - 1 });
    expect(late.map((p) => p.games.length)).toEqual([0, 0]);
  });

  it("a measurement continued: the earlier games are not played again and count towards deciding the cell", async () => {
    const decks = [{ name: "a", cards: [] }, { name: "b", cards: [] }];
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: ["a", "b"], opponent: "greedy", seat: "p1", playouts: 1, seed: 1 };
    const bundle = {} as Parameters<typeof playCells>[0][number]["bundle"];
    const won = (game: number) => ({ game, deck: "a", seed: game, outcome: "p1", turns: 3, actions: 9, moves: String(game), first: "p1" }) as StrengthGame;
    // Games 0–3 won before (4 of 4 is not yet ≥ 60% for sure); 6 of 6 is (Wilson 61.0–100%).
    const earlier: StrengthPiece[] = [{ cell: { ...cell }, first: 0, count: 4, games: [0, 1, 2, 3].map(won), minutes: 1 }];
    const started: number[] = [];
    const fake = async (part: PiecePart, task: number): Promise<GameRecord> => {
      const game = part.gameOf(task);
      started.push(game);
      return { task, seed: game, seats: { p1: 0, p2: 0 }, outcome: "p1", first: "p1", turns: 3, actions: 9, moves: [game] } as unknown as GameRecord;
    };
    const [piece] = await playCells([{ cell, bundle, decks, first: 0, count: 20, earlier }], fake, { threads: 1, untilDecided: true });
    expect(started).toEqual([4, 5]);
    expect(piece!.games.map((g) => g.game)).toEqual([4, 5]);
    expect(piece!.decidedAfter).toBe(6);
    expect(mergePieces([{ piece: piece!, source: "" }, { piece: earlier[0]!, source: "" }])[0]).toMatchObject({ wins: 6, finished: 6, verdict: "met" });
  });

    it("a mirror cell's first 2k games are each deck's games 0…k−1 (the seeds of a run with k games per deck)", async () => {
    const loaded = await loadGame("cybervamp");
    const cell: StrengthCell = { game: "cybervamp", matchup: "mirror", decks: loaded.decks.map((d) => d.name), opponent: "greedy", seat: "p1", playouts: 100, seed: 1 };
    const parts = pieceParts(cell, loaded.bundle, loaded.decks, 0, 6);
    expect(parts.map((p) => [p.deckName, p.tasks])).toEqual(loaded.decks.map((d) => [d.name, { from: 0, to: 3 }]));
    // Pieces 0–3 and 4–9 cover each deck's games without a gap or overlap.
    const tasks = (first: number, count: number) => pieceParts(cell, loaded.bundle, loaded.decks, first, count).map((p) => [p.deckName, p.tasks.from, p.tasks.to]);
    expect(tasks(0, 4)).toEqual([[cell.decks[0], 0, 2], [cell.decks[1], 0, 2]]);
    expect(tasks(4, 6)).toEqual([[cell.decks[0], 2, 5], [cell.decks[1], 2, 5]]);
    expect(tasks(5, 1)).toEqual([[cell.decks[1], 2, 3]]);
    const part = tasks(5, 1)[0]!;
    const only = pieceParts(cell, loaded.bundle, loaded.decks, 5, 1)[0]!;
    expect(only.gameOf(part[1] as number)).toBe(5);
    expect(taskAt(only.spec, 2).seed).toBe(taskAt({ ...only.spec, games: 3 }, 2).seed);
  });

  it("the merge counts a game in two files once when it is the same game, and refuses two different results for one game", () => {
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: ["a"], opponent: "greedy", seat: "p1", playouts: 10, seed: 1 };
    const game = (n: number, outcome: "p1" | "p2" | "draw", moves = `m${n}`) => ({ game: n, deck: "a", seed: n, outcome, turns: 5, actions: 20, moves });
    const a: StrengthPiece = { cell, first: 0, count: 3, games: [game(0, "p1"), game(1, "p2"), game(2, "draw")], minutes: 1, commit: "aaa" };
    const b: StrengthPiece = { cell, first: 2, count: 2, games: [game(2, "draw"), game(3, "p1")], minutes: 2, commit: "bbb" };
    const [total] = mergePieces([{ piece: a, source: "a.json" }, { piece: b, source: "b.json" }]);
    expect(total).toMatchObject({ finished: 4, wins: 2.5, repeated: 1, ranges: "0–3", commits: ["aaa", "bbb"], minutes: 3, verdict: "undecided" });
    const c: StrengthPiece = { ...b, games: [game(2, "p1", "other")] };
    expect(() => mergePieces([{ piece: a, source: "a.json" }, { piece: c, source: "c.json" }])).toThrow(/game 2 differs between a\.json \(draw.*\) and c\.json \(p1/);
    // Another cell (another seat) is summed apart.
    const d: StrengthPiece = { ...b, cell: { ...cell, seat: "p2" } };
    expect(mergePieces([{ piece: a, source: "a" }, { piece: d, source: "d" }]).map((t) => [t.cell.seat, t.finished])).toEqual([["p1", 3], ["p2", 2]]);
    expect(rangesOf([7, 0, 1, 2, 5, 6, 9])).toBe("0–2, 5–7, 9");
    expect(() => parsePieces("{}", "x.json")).toThrow(/x\.json: not a bot-strength results file/);
    expect(() => parsePieces("nope", "y.json")).toThrow(/y\.json: not JSON/);
  });

  it("the merge splits a cell's games by turn order: the search bot going first and going second (older games without it in neither)", () => {
    const cell: StrengthCell = { game: "chromatic", matchup: "mirror", decks: ["a"], opponent: "greedy", seat: "p2", playouts: 10, seed: 1 };
    const game = (n: number, outcome: "p1" | "p2" | "draw", first?: "p1" | "p2") => ({ game: n, deck: "a", seed: n, outcome, turns: 5, actions: 20, moves: `m${n}`, ...(first ? { first } : {}) });
    const games = [game(0, "p2", "p2"), game(1, "p1", "p2"), game(2, "p2", "p1"), game(3, "draw", "p1"), game(4, "p1", "p1"), game(5, "p2")];
    const [total] = mergePieces([{ piece: { cell, first: 0, count: 6, games, minutes: 1 }, source: "x.json" }]);
    expect(total).toMatchObject({ finished: 6, wins: 3.5, goingFirst: { wins: 1, finished: 2 }, goingSecond: { wins: 1.5, finished: 3 } });
  });

  it("a results file keeps each game's choices and decks: every game replays from the file alone to the outcome it had", async () => {
    const loaded = await loadGame("duel");
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: loaded.decks.map((d) => d.name), opponent: "greedy", seat: "p2", playouts: 3, seed: 5 };
    const piece = await playPiece(cell, loaded.bundle, loaded.decks, 1, 2, inThisThread);
    const read = readRecordedGames(JSON.stringify({ pieces: [piece] }), "piece.json");
    expect(read.game).toBe("duel");
    expect(read.decks.map((d) => d.name)).toEqual(cell.decks);
    expect(read.games.map((g) => g.label)).toEqual([`duel game 1 (${cell.decks[1]}; mcts p2 vs greedy p1)`, `duel game 2 (${cell.decks[0]}; mcts p2 vs greedy p1)`]);
    const engine = createEngine(loaded.bundle);
    for (const [i, game] of read.games.entries()) {
      // Game 1 is deck 1's mirror, game 2 deck 0's: the seats name those decks.
      expect(game.seats).toEqual({ p1: (i + 1) % 2, p2: (i + 1) % 2 });
      expect(game.moves.length).toBe(piece.games[i]!.actions);
      const replay = replayGame(engine, read, game);
      const end = replay.steps.at(-1)!.state;
      expect(end.over ? end.winner : "unfinished").toBe(game.outcome);
      expect(end.turn).toBe(game.turns);
    }
    // A file from before choices were kept, and a file that is neither kind, are refused with the file's name.
    const old = { ...piece, games: piece.games.map(({ choices: _c, seats: _s, ...rest }) => rest) };
    expect(() => readRecordedGames(JSON.stringify({ pieces: [old] }), "old.json")).toThrow(/old\.json: this results file keeps no choices/);
    expect(() => readRecordedGames("{}", "x.json")).toThrow(/x\.json: neither a games\.json/);
  }, 600_000);
});
