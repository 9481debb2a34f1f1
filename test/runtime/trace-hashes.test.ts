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
});
