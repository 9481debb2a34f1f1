// `cardwright balance` through main(), as a user runs it: real game folders, real deck files,
// worker threads; the same seed gives the same files with any number of workers.
import { afterAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../../cli/main.ts";
import { gameEngine } from "./helpers.ts";

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    return { code: await main(args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const root = mkdtempSync(path.join(tmpdir(), "cw-balance-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const scratch = () => mkdtempSync(path.join(root, "run-"));
const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));

describe("cardwright balance", () => {
  it("writes the report of a Duel matchup, identical for 0 and 2 workers", async () => {
    const dir = scratch();
    const args = ["balance", "--game", "duel", "--games", "6", "--seed", "4", "--bot", "greedy"];
    const one = await run([...args, "--workers", "0", "-o", path.join(dir, "a")]);
    expect(one.err).toBe("");
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/blue-tide vs red-rush: blue-tide wins \d+\.\d% \(95% \d+\.\d%–\d+\.\d%\) of 6/);
    const two = await run([...args, "--workers", "2", "-o", path.join(dir, "b")]);
    expect(two.code).toBe(0);
    const a = files(path.join(dir, "a"));
    expect(files(path.join(dir, "b"))).toEqual(a);
    expect(a["report.html"]).toContain("<svg");
    const report = JSON.parse(a["report.json"]!);
    expect(report.totals.games).toBe(6);
    expect(report.matrix.decks).toEqual(["blue-tide", "red-rush"]);
    expect(report.cards.length).toBeGreaterThan(20);
    const games = JSON.parse(a["games.json"]!);
    expect(games.records.map((r: { task: number }) => r.task)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(a["cards.csv"]!.split("\r\n")[0]).toMatch(/^card,name,decks,player_games,drawn,drawn_low,drawn_high,drawn_n,/);
  }, 300_000);

  it("plays a single deck against itself, with restricted play on request", async () => {
    const dir = scratch();
    const { code, err } = await run(["balance", "cards/cybervamp", "--decks", "cards/cybervamp/decks/night-shift.deck", "--games", "2", "--restricted", "1", "--bot", "random", "--workers", "0", "--max-turns", "30", "-o", dir]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8"));
    expect(report.matchups).toHaveLength(1);
    expect(report.matchups[0].deckA).toBe("night-shift");
    expect(report.restricted.length).toBe(report.cards.length);
    expect(readFileSync(path.join(dir, "restricted.csv"), "utf8")).toMatch(/^card,name,deck,games,baseline,/);
  }, 300_000);

  it("plays generated decks: random legal decks of the game's cards, the same for the same seed", async () => {
    const dir = scratch();
    const args = ["balance", "--game", "cybervamp", "--generated-decks", "2", "--games", "2", "--seed", "3", "--bot", "random", "--workers", "0", "--max-turns", "30"];
    expect((await run([...args, "-o", path.join(dir, "a")])).code).toBe(0);
    expect((await run([...args, "-o", path.join(dir, "b")])).code).toBe(0);
    const games = JSON.parse(readFileSync(path.join(dir, "a", "games.json"), "utf8"));
    expect(games.decks.map((d: { name: string }) => d.name)).toEqual(["generated-1", "generated-2"]);
    expect(games.decks[0].cards).not.toEqual(games.decks[1].cards);
    // CYBERVAMP builds a Land Deck beside the main deck: a generated deck holds both.
    const { loaded, engine } = await gameEngine("cybervamp");
    const lands = new Set(loaded.bundle.cards.filter((c) => c.cardType === "Land").map((c) => c.id));
    for (const deck of games.decks as { cards: string[] }[]) {
      expect(engine.validateDeck(deck.cards)).toEqual([]);
      expect(deck.cards.some((c) => lands.has(c))).toBe(true);
    }
    expect(files(path.join(dir, "b"))).toEqual(files(path.join(dir, "a")));
  }, 300_000);

  it("reports an unknown card in a deck at its line and column, and writes nothing", async () => {
    const dir = scratch();
    const game = path.join(dir, "duel");
    cpSync("cards/duel", game, { recursive: true });
    mkdirSync(path.join(dir, "mine"));
    const deck = path.join(dir, "mine", "typo.deck");
    writeFileSync(deck, "# mine\n4 Scout\n3 Stone Gaurd\n");
    const out = path.join(dir, "out");
    const { code, err } = await run(["balance", game, "--decks", deck, "--games", "2", "--workers", "0", "-o", out]);
    expect(code).toBe(1);
    expect(err).toMatch(/typo\.deck:3:3: error CW7003: .*Stone Gaurd.*\n/);
    expect(err).toMatch(/Stone Guard/);
    expect(() => readdirSync(out)).toThrow();
  });

  it("refuses bad options with a clear message", async () => {
    expect(await run(["balance", "--game", "duel", "--bot", "clever"])).toMatchObject({ code: 2, err: expect.stringMatching(/--bot is one of random, greedy, mcts \(got "clever"\)/) });
    expect(await run(["balance", "--game", "duel", "--games", "0"])).toMatchObject({ code: 2, err: expect.stringMatching(/--games takes a whole number ≥ 1/) });
    expect(await run(["balance", path.join(scratch(), "nowhere")])).toMatchObject({ code: 2, err: expect.stringMatching(/does not exist/) });
    expect(await run(["balance", scratch()])).toMatchObject({ code: 2, err: expect.stringMatching(/not in a game folder/) });
  });
});
