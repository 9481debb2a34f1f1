// The running trace hash `cardwright simulate` prints (runtime/state/trace.ts hashEvent): equal
// events hash alike however their strings were built, every field counts, and which optional field
// a value sits in counts too.
import { describe, expect, it } from "vitest";
import { HASH_START, hashEvent, type TraceEvent } from "../../runtime/state/trace.ts";

const base: TraceEvent = {
  seq: 12,
  turn: 3,
  phase: "main",
  kind: "move",
  player: "p1",
  card: "c7",
  name: "Ember Fox",
  from: "hand",
  to: "board",
  amount: 2,
  text: "Ember Fox: hand → board",
  source: { file: "cards/duel/starter.cards", range: { start: { line: 4, column: 1, offset: 60 }, end: { line: 4, column: 20, offset: 79 } } },
};
const hashOf = (...events: TraceEvent[]) => events.reduce(hashEvent, HASH_START);

describe("hashEvent", () => {
  it("gives equal events the same hash, with their texts built piece by piece or as one literal", () => {
    const built = { ...base, text: ["Ember", " Fox: ", "hand", " → ", "board"].join(""), name: `Ember ${"Fox"}` };
    expect(hashOf(built)).toBe(hashOf(base));
    expect(hashOf(base, built)).toBe(hashOf(built, base));
  });

  it("changes with each hashed field, and with the order of events", () => {
    const variants: TraceEvent[] = [
      { ...base, seq: 13 },
      { ...base, turn: 4 },
      { ...base, phase: "combat" },
      { ...base, kind: "draw" },
      { ...base, player: "p2" },
      { ...base, name: "Ember Fix" },
      { ...base, amount: 3 },
      { ...base, amount: 2.5 },
      { ...base, text: "Ember Fox: hand → grave" },
      { ...base, source: { ...base.source!, file: "cards/duel/other.cards" } },
      { ...base, source: { ...base.source!, range: { ...base.source!.range, start: { line: 5, column: 1, offset: 80 } } } },
      { ...base, source: undefined },
      { ...base, amount: undefined },
    ];
    const hashes = new Set([hashOf(base), ...variants.map((v) => hashOf(v))]);
    expect(hashes.size).toBe(variants.length + 1);
    const second = { ...base, seq: 13, text: "second" };
    expect(hashOf(base, second)).not.toBe(hashOf(second, base));
  });

  it("tells a value in one optional field from the same value in another", () => {
    const { player: _player, name: _name, ...bare } = base;
    expect(hashOf({ ...bare, player: "p1" })).not.toBe(hashOf({ ...bare, name: "p1" }));
    expect(hashOf({ ...bare, amount: 1 })).not.toBe(hashOf(bare));
  });

  it("gives the same hash after many other strings were hashed (what it remembers only saves work)", () => {
    const before = hashOf(base);
    // Names (not texts, which are hashed as they come) fill the remembered hashes past their bound.
    for (let i = 0; i < 40_000; i++) hashEvent(HASH_START, { ...base, name: `filler ${i}`, phase: `phase ${i}` });
    expect(hashOf(base)).toBe(before);
  });
});
