// `cardwright test` and `cardwright simulate` through main(), as a user runs them.
import { describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../../cli/main.ts";
import { runTests } from "../../cli/commands/test.ts";
import { defaultSimulateWorkers, GAMES_PER_THREAD } from "../../cli/commands/simulate.ts";
import { createEngine } from "../../runtime/index.ts";
import { combineOutcomes, playGame, simulate } from "../../runtime/simulate.ts";
import { bundleOf } from "../../bench/bundles.ts";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";

async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), out };
  } finally {
    spy.mockRestore();
  }
}

describe("cardwright test", () => {
  it("passes on the Duel scenarios", async () => {
    const report = await runTests(["cards/duel"]);
    expect(report.scenarios).toBeGreaterThan(70);
    expect(report.failed).toBe(0);
    expect(report.fileErrors).toBe(0);
  });

  it("reports a failing expectation as file:line with expected and actual, and exits 1", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-scenario-"));
    const file = path.join(dir, "wrong.scenario");
    writeFileSync(file, `scenario "wrong" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n}\np1 attack p2 with "Scout"\nexpect p2 life 5\n`);
    const { code, out } = await run(["test", file]).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(code).toBe(1);
    expect(out).toMatch(/wrong\.scenario:7: expectation not met\n\s+expected: p2 life 5\n\s+actual:\s+p2 life 9/);
  });
});

describe("cardwright simulate", () => {
  it("prints the same output for the same seed and finds no violation", async () => {
    const first = await run(["simulate", "--game", "duel", "--games", "5", "--seed", "7"]);
    const second = await run(["simulate", "--game", "duel", "--games", "5", "--seed", "7"]);
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    expect(first.out).toMatch(/trace hash: [0-9a-f]{8}/);
    expect(first.out).toContain("invariant violations: 0");
  });

  it("prints byte for byte the same with 1 and 2 worker threads and in this thread, and what simulate() computes", async () => {
    const args = ["simulate", "--game", "chromatic", "--games", "7", "--seed", "11"];
    const inThread = await run([...args, "--workers", "0"]);
    const one = await run([...args, "--workers", "1"]);
    const two = await run([...args, "--workers", "2"]);
    expect(one.code).toBe(0);
    expect(two.out).toBe(one.out);
    expect(inThread.out).toBe(one.out);
    // The game as the command reads it: every file under cards/chromatic but the scenarios.
    const read = await readWorkspaceFiles(["cards/chromatic"]);
    const bundle = lowerWorkspace(read.files.filter((f) => !f.path.endsWith(".scenario"))).bundles.find((b) => b.game.id === "chromatic")!;
    const result = simulate(createEngine(bundle), { games: 7, seed: 11 });
    expect(one.out).toContain(`actions: ${result.actions}\ntrace hash: ${result.traceHash}\n`);
    // Four Chromatic runs: each took 35–45 s of wall time at a load of 36 on this shared machine.
  }, 300_000);

  it("takes a game folder as balance does (or a path inside it): the same games as --game with --path", async () => {
    const byId = await run(["simulate", "--game", "duel", "--path", "cards/duel", "--games", "3", "--seed", "5", "--workers", "0"]);
    const byFolder = await run(["simulate", "cards/duel", "--games", "3", "--seed", "5", "--workers", "0"]);
    const inside = await run(["simulate", "cards/duel/decks", "--games", "3", "--seed", "5", "--workers", "0"]);
    expect(byId.code).toBe(0);
    expect(byFolder.out).toBe(byId.out);
    expect(inside.out).toBe(byId.out);
    let err = "";
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      err += String(chunk);
      return true;
    });
    try {
      expect((await run(["simulate", "cards/duel", "--game", "duel", "--games", "1"])).code).toBe(2);
      expect((await run(["simulate", "test", "--games", "1"])).code).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err).toMatch(/give a game folder, or --game <id> \[--path <dir>\], not both[^]*test is not in a game folder/);
  }, 120_000);

  it("refuses a --workers that is not a whole number", async () => {
    let err = "";
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      err += String(chunk);
      return true;
    });
    try {
      expect((await run(["simulate", "--game", "duel", "--games", "2", "--workers", "-1"])).code).toBe(2);
      expect((await run(["simulate", "--game", "duel", "--games", "2", "--workers", "two"])).code).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err).toMatch(/--workers takes a whole number ≥ 0 \(got "-1"\)[^]*got "two"/);
  });

  it("starts, without --workers, one thread per core but none that the run cannot keep busy past its start-up", () => {
    expect(defaultSimulateWorkers(100, 8)).toBe(1);
    expect(defaultSimulateWorkers(0, 2)).toBe(1);
    expect(defaultSimulateWorkers(2 * GAMES_PER_THREAD - 1, 8)).toBe(1);
    expect(defaultSimulateWorkers(2 * GAMES_PER_THREAD, 8)).toBe(2);
    expect(defaultSimulateWorkers(1_000_000, 2)).toBe(2);
  });
});

describe("a simulation split over threads", () => {
  it("combines games' outcomes in game order, whatever order they arrive in", () => {
    const engine = createEngine(bundleOf("duel"));
    const whole = simulate(engine, { games: 6, seed: 5 });
    const games = [3, 4, 5, 0, 1, 2].map((g) => playGame(engine, { seed: 5 }, g));
    expect(combineOutcomes(games)).toEqual(whole);
    expect(combineOutcomes(games.slice(1))).not.toEqual(combineOutcomes(games.slice(0, 5)));
  });
});
