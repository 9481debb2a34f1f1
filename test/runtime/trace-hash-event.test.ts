// The simulator hashes each event piece by piece (hashEvent) instead of hashing its formatted line:
// the two must give the same number for every event, or simulate's printed trace hash would move.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, formatEvent, type TraceEvent } from "../../runtime/index.ts";
import { simulate } from "../../runtime/simulate.ts";
import { HASH_START, hashEvent, hashUpdate } from "../../runtime/state/trace.ts";

const engineOf = (game: string) => {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  return createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
};

describe("hashEvent", () => {
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(`${game}: equals FNV-1a over formatEvent for every event of random games`, () => {
      const events: TraceEvent[] = [];
      simulate(engineOf(game), { games: 3, seed: 11, onGameTrace: (_, trace) => events.push(...trace) });
      expect(events.length).toBeGreaterThan(100);
      expect(events.some((e) => e.source)).toBe(true);
      let pieces = HASH_START;
      let lines = HASH_START;
      for (const e of events) {
        expect(hashEvent(HASH_START, e)).toBe(hashUpdate(HASH_START, formatEvent(e)));
        pieces = hashEvent(pieces, e);
        lines = hashUpdate(lines, formatEvent(e));
      }
      expect(pieces).toBe(lines);
    });
  }

  it("writes numbers as String() does: digits, 0, large, negative, fractional", () => {
    for (const n of [0, 1, 9, 10, 99, 100, 1000, 1_000_000, 2_147_483_647, 2_147_483_648, 1e21, -1, -20, 0.5, 2.25]) {
      const event: TraceEvent = { seq: n, turn: n, phase: "Main", kind: "damage", amount: n, text: "x", source: { file: "a.cards", range: { start: { line: n, column: 0, offset: 0 }, end: { line: n, column: 1, offset: 1 } } } as TraceEvent["source"] };
      expect(hashEvent(7, event)).toBe(hashUpdate(7, formatEvent(event)));
    }
    const base: TraceEvent = { seq: 1, turn: 1, phase: "Main", kind: "damage", text: "x" };
    expect(hashEvent(7, base)).not.toBe(hashEvent(7, { ...base, amount: 0 }));
  });
});
