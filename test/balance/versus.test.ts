// Search bot A/B (balance/versus.ts, bench/versus.ts): two settings of the search bot in mirror matches,
// one deal per two games with the seats swapped, each arm's cost measured in the same games.
import { describe, expect, it } from "vitest";
import { armText, parseArmSettings, parseVersusPieces, playVersusGame, totalVersus, versusDeal, type VersusGame, type VersusSetup } from "../../balance/versus.ts";
import { gameEngine } from "./helpers.ts";

const setupOf = (decks: string[], overrides: Partial<VersusSetup> = {}): VersusSetup => ({ game: "duel", decks, a: { rootWidening: false }, b: {}, playouts: 3, seed: 2, maxTurns: 200, maxActions: 20000, ...overrides });

describe("search bot A/B", () => {
  it("reads an arm's settings, and names what is wrong in one", () => {
    expect(parseArmSettings("answersAfterCombat=true, playouts=50,exploration=0.5")).toEqual({ answersAfterCombat: true, playouts: 50, exploration: 0.5 });
    expect(parseArmSettings("")).toEqual({});
    expect(armText(parseArmSettings("rootWidening=false,playouts=50"))).toBe("rootWidening=false,playouts=50");
    expect(armText({})).toBe("defaults");
    expect(() => parseArmSettings("rootWidenin=false", "--a")).toThrow(/--a: unknown search-bot setting "rootWidenin"/);
    expect(() => parseArmSettings("rootWidening=no", "--b")).toThrow(/--b: rootWidening is true or false, not "no"/);
    expect(() => parseArmSettings("playouts=1.5")).toThrow(/playouts is a whole number ≥ 0/);
    expect(() => parseArmSettings("rootWidening")).toThrow(/not name=value/);
    expect(() => parseArmSettings("playouts=5,playouts=6")).toThrow(/set twice/);
  });

  it("games 2k and 2k+1 are one deal with the arms' seats swapped; the decks take turns by pair", () => {
    const setup = setupOf(["x", "y"]);
    const deals = [0, 1, 2, 3, 4, 5].map((g) => versusDeal(setup, g));
    expect(deals.map((d) => d.aSeat)).toEqual(["p1", "p2", "p1", "p2", "p1", "p2"]);
    expect(deals.map((d) => d.deck)).toEqual([0, 0, 1, 1, 0, 0]);
    expect(deals[0]!.seed).toBe(deals[1]!.seed);
    expect(deals[2]!.seed).toBe(deals[3]!.seed);
    expect(new Set(deals.map((d) => d.seed)).size).toBe(3);
    expect(() => versusDeal(setup, -1)).toThrow(RangeError);
  });

  it("plays a deal both ways: the same first player and deck, A on either seat, each arm's decisions, CPU and simulated games counted; a game played again is the same game", async () => {
    const { loaded, engine } = await gameEngine("duel");
    const setup = setupOf(loaded.decks.map((d) => d.name));
    const [even, odd] = [0, 1].map((g) => playVersusGame(engine, setup, loaded.decks, g));
    expect([even!.aSeat, odd!.aSeat]).toEqual(["p1", "p2"]);
    expect(even!.seed).toBe(odd!.seed);
    expect(even!.deck).toBe(loaded.decks[0]!.name);
    // The same deal: the same player goes first, which is A in one game and B in the other.
    expect(new Set([even!.first, odd!.first])).toEqual(new Set(["a", "b"]));
    for (const game of [even!, odd!]) {
      expect(game.winner).not.toBe("unfinished");
      for (const arm of ["a", "b"] as const) {
        expect(game.cost[arm].decisions).toBeGreaterThan(0);
        expect(game.cost[arm].cpuMs).toBeGreaterThan(0);
        expect(game.cost[arm].playouts).toBeGreaterThan(0);
        expect(game.cost[arm].playouts).toBeLessThanOrEqual(3 * game.cost[arm].decisions);
      }
    }
    let ticks = 0;
    const again = playVersusGame(engine, setup, loaded.decks, 0, () => ticks++);
    expect({ ...again, cost: undefined }).toEqual({ ...even!, cost: undefined });
    // With a clock that ticks once per reading, each decision costs exactly 1.
    expect(again.cost.a.cpuMs).toBe(again.cost.a.decisions);
  }, 600_000);

  it("totals: A's wins with the Wilson interval, pairs of one deal, turn order, cost per decision; a game in two files counted once, a different one refused", () => {
    const setup = setupOf(["x"]);
    const game = (n: number, winner: VersusGame["winner"], first: "a" | "b", aCpu = 20, bCpu = 10): VersusGame => ({
      game: n,
      deck: "x",
      seed: 1,
      aSeat: n % 2 === 0 ? "p1" : "p2",
      winner,
      first,
      turns: 10,
      actions: 50,
      cost: { a: { decisions: 10, cpuMs: aCpu, playouts: 800 }, b: { decisions: 10, cpuMs: bCpu, playouts: 900 } },
      moves: `m${n}${winner}`,
    });
    // Pairs: (0,1) A twice, (2,3) split, (4,5) B twice; game 6's partner unplayed; game 7 unfinished.
    const games = [game(0, "a", "a"), game(1, "a", "b"), game(2, "a", "a"), game(3, "b", "b"), game(4, "b", "a"), game(5, "b", "b"), game(6, "draw", "a", 30), game(8, "unfinished", "b")];
    const [total] = totalVersus([{ piece: { setup, games: games.slice(0, 5) }, source: "one" }, { piece: { setup, games: games.slice(4) }, source: "two" }]);
    expect(total!.repeated).toBe(1);
    expect(total!.finished).toBe(7);
    expect(total!.unfinished).toBe(1);
    expect(total!.aWins).toBe(3.5);
    expect(total!.rate.value).toBeCloseTo(0.5);
    expect(total!.verdict).toBe("no difference shown");
    expect(total!.pairs).toEqual({ a: 1, split: 1, b: 1 });
    expect(total!.aFirst).toEqual({ wins: 2.5, finished: 4 });
    expect(total!.aSecond).toEqual({ wins: 1, finished: 3 });
    expect(total!.ranges).toBe("0–6, 8");
    expect(total!.perDecision.a).toEqual({ decisions: 80, cpuMs: 2.125, playouts: 80 });
    expect(total!.cpuRatios).toEqual([2, 2, 2, 2, 2, 2, 3, 2]);
    const [strong] = totalVersus([{ piece: { setup, games: Array.from({ length: 20 }, (_, n) => game(n, "a", n % 2 ? "a" : "b")) }, source: "s" }]);
    expect(strong!.verdict).toBe("A stronger");
    expect(() => totalVersus([{ piece: { setup, games: [game(0, "a", "a")] }, source: "one" }, { piece: { setup, games: [game(0, "b", "a")] }, source: "two" }])).toThrow(/game 0 differs between one .* and two/);
    // Other arms are another measurement, summed apart.
    expect(totalVersus([{ piece: { setup, games: [game(0, "a", "a")] }, source: "one" }, { piece: { setup: { ...setup, a: {}, b: { rootWidening: false } }, games: [game(0, "b", "a")] }, source: "two" }])).toHaveLength(2);
    expect(parseVersusPieces(JSON.stringify({ versus: [{ setup, games }] }), "f.json")[0]!.games).toHaveLength(8);
    expect(() => parseVersusPieces(JSON.stringify({ pieces: [] }), "bots.json")).toThrow(/bots.json: not a search-bot A\/B results file/);
    expect(() => parseVersusPieces("{", "bad.json")).toThrow(/bad.json: not JSON/);
  });
});
