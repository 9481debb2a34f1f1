// The running trace hash `cardwright simulate` prints (runtime/state/trace.ts hashEvent): equal
// events hash alike however their strings were built, every field counts (of the text, its length),
// and which optional field a value sits in counts too. The definition printed until session 14
// (hashEventWithText, every character of the text) is kept for the recorded hash lines.
import { describe, expect, it } from "vitest";
import { HASH_START, hashEvent, hashEventWithText, type TraceEvent } from "../../runtime/state/trace.ts";

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
      { ...base, card: "c8" },
      { ...base, card: undefined },
      { ...base, name: "Ember Fix" },
      { ...base, from: "deck" },
      { ...base, to: "grave" },
      { ...base, amount: 3 },
      { ...base, amount: 2.5 },
      { ...base, ability: "DU1/Ember Fox#0" },
      { ...base, text: "Ember Fox: hand → graveyard" },
      { ...base, chain: 1 },
      { ...base, chain: 1, parent: 4 },
      { ...base, chain: 1, parent: 4, trigger: 5 },
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
    const { player: _player, name: _name, card: _card, from: _from, to: _to, ...bare } = base;
    const inEach = ["player", "name", "card", "from", "to", "ability"].map((field) => hashOf({ ...bare, [field]: "p1" }));
    expect(new Set(inEach).size).toBe(inEach.length);
    expect(hashOf({ ...bare, amount: 1 })).not.toBe(hashOf(bare));
    expect(hashOf({ ...bare, chain: 1 })).not.toBe(hashOf({ ...bare, parent: 1 }));
    expect(hashOf({ ...bare, parent: 1 })).not.toBe(hashOf({ ...bare, trigger: 1 }));
  });

  it("reads the text's length, not its words (what the text says comes from the state and the other fields)", () => {
    expect(hashOf({ ...base, text: "Ember Fox: hand → grave" })).toBe(hashOf(base));
    expect(hashOf({ ...base, text: "Ember Fox: hand → graves" })).not.toBe(hashOf(base));
  });

  it("until session 14 (hashEventWithText): every character of the text counted, and card, zones and ability did not", () => {
    const oldHashOf = (...events: TraceEvent[]) => events.reduce(hashEventWithText, HASH_START);
    expect(oldHashOf({ ...base, text: "Ember Fox: hand → grave" })).not.toBe(oldHashOf(base));
    expect(oldHashOf({ ...base, card: "c8", from: "deck", to: "grave", ability: "x" })).toBe(oldHashOf(base));
    expect(oldHashOf(base)).not.toBe(hashOf(base));
  });

  it("gives the same hash after many other strings were hashed (what it remembers only saves work)", () => {
    const before = hashOf(base);
    // Names (not texts, which are hashed as they come) fill the remembered hashes past their bound.
    for (let i = 0; i < 40_000; i++) hashEvent(HASH_START, { ...base, name: `filler ${i}`, phase: `phase ${i}` });
    expect(hashOf(base)).toBe(before);
  });
});
