// The engine's behaviour, fingerprinted: every game's random-play traces (several seeds), the hash line `cardwright simulate`
// prints for them, and every scenario's trace hash as recorded in trace-hashes.json. A refactor must leave them all as they are.
// A change of behaviour on purpose: `npx tsx scripts/trace-hashes.ts --write`, and say why in the commit.
import { describe, expect, it } from "vitest";
import { compareHashes, computeTraceHashes, hashEvents, readRecorded, SIMULATIONS } from "../../scripts/trace-hashes.ts";

describe("trace hashes", () => {
  const recorded = readRecorded();
  for (const game of Object.keys(SIMULATIONS)) {
    it(`${game}: random play and scenarios give the recorded traces, byte for byte`, () => {
      const now = computeTraceHashes([game]);
      const mine = Object.fromEntries(Object.entries(recorded).filter(([k]) => k.startsWith(`${game} `) || k.startsWith(`cards/${game}/`)));
      const { changed, missing } = compareHashes(mine, now);
      // Every recorded run is still there and the same (scenarios added since are not recorded yet: fine).
      expect({ changed, missing }).toEqual({ changed: [], missing: [] });
      expect(Object.keys(mine).length).toBeGreaterThan(SIMULATIONS[game]!.seeds.length * SIMULATIONS[game]!.games);
      // Every scenario of the game plus its random games: past a minute on a loaded 2-core machine (not a speed goal).
    }, 240_000);
  }

  it("one byte of one event changes the hash", () => {
    const event = { seq: 3, turn: 2, phase: "Play", kind: "damage" as const, text: "Scout deals 2 damage to p2", amount: 2 };
    expect(hashEvents([event])).toBe(hashEvents([{ ...event }]));
    expect(hashEvents([event])).not.toBe(hashEvents([{ ...event, amount: 3 }]));
    expect(hashEvents([event, event])).not.toBe(hashEvents([event]));
  });

  it("a source range is hashed by its line and column, not by the offset a comment before it moves", () => {
    const at = (offset: number, line: number, column: number) => ({ offset, line, column });
    const event = (start: ReturnType<typeof at>) => ({
      seq: 19, turn: 3, phase: "Battle", kind: "trigger" as const, text: "Rabid Bat: Bleed 1 — noted",
      source: { file: "cards/cybervamp/cybervamp.game", range: { start, end: at(start.offset + 82, start.line, start.column + 82) } },
    });
    // Session 30: a comment on line 80 grew by 540 characters; the Bleed rule on line 131 kept its line and column.
    expect(hashEvents([event(at(13986, 131, 28))])).toBe(hashEvents([event(at(13446, 131, 28))]));
    expect(hashEvents([event(at(13446, 132, 28))])).not.toBe(hashEvents([event(at(13446, 131, 28))]));
    expect(hashEvents([event(at(13446, 131, 29))])).not.toBe(hashEvents([event(at(13446, 131, 28))]));
  });
});
