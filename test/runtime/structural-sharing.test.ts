import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine, type GameState } from "../../runtime/index.ts";
import { randomDeck } from "../../runtime/simulate.ts";
import { draftOf } from "../../runtime/state/clone.ts";

const engineOf = (game: string): Engine => {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  return createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
};

/** Freezes a state all the way down: any write to it, or to anything it shares, then throws. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

describe("copy-on-write states", () => {
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(`${game}: an action never writes to the state it started from, and shares the cards it did not touch`, () => {
      const engine = engineOf(game);
      let { state } = engine.newGame({ seed: 7, decks: { p1: randomDeck(engine, 7), p2: randomDeck(engine, 8) } });
      let shared = 0;
      for (let i = 0; i < 300 && !state.over; i++) {
        const before = JSON.stringify(state);
        deepFreeze(state);
        const legal = engine.legalActions(state);
        const applied = engine.apply(state, legal[(i * 7919) % legal.length]!);
        expect(applied.ok).toBe(true);
        if (!applied.ok) break;
        expect(JSON.stringify(state)).toBe(before);
        const next: GameState = applied.state;
        // Plain JSON out: no Proxy left behind, the same card ids in the same order as a full copy.
        expect(JSON.parse(JSON.stringify(next))).toEqual(next);
        expect(Object.keys(next.cards)).toEqual([...Object.keys(state.cards).filter((id) => id in next.cards), ...Object.keys(next.cards).filter((id) => !(id in state.cards))]);
        shared += Object.keys(state.cards).filter((id) => next.cards[id] === state.cards[id]).length;
        state = next;
      }
      expect(shared).toBeGreaterThan(0);
    });
  }

  it("a draft shares the card table (the engine copies it at the action's first change to it); the rest of the state is copied", () => {
    const base = { turn: 1, players: { p1: { life: 20 } }, cards: { c1: { id: "c1", counters: { power: 1 } }, c2: { id: "c2", counters: {} } } as Record<string, { id: string; counters: Record<string, number> }> };
    deepFreeze(base);
    const draft = draftOf(base);
    expect(draft.cards).toBe(base.cards);
    draft.players.p1.life = 19;
    expect(base.players.p1.life).toBe(20);
  });

  it("an action that changes no card shares the whole card table; one that changes a card has a table of its own", () => {
    // (CYBERVAMP: a priority pass changes no card; in Duel every action does.)
    const engine = engineOf("cybervamp");
    let { state } = engine.newGame({ seed: 9, decks: { p1: randomDeck(engine, 9), p2: randomDeck(engine, 10) } });
    let sharedTables = 0;
    let ownTables = 0;
    for (let i = 0; i < 200 && !state.over; i++) {
      const legal = engine.legalActions(state);
      const applied = engine.apply(state, legal[(i * 31) % legal.length]!);
      if (!applied.ok) throw new Error(applied.refusal.message);
      const changed = Object.keys(applied.state.cards).some((id) => applied.state.cards[id] !== state.cards[id]) || Object.keys(state.cards).some((id) => !(id in applied.state.cards));
      if (applied.state.cards === state.cards) {
        expect(changed).toBe(false);
        sharedTables++;
      } else {
        expect(changed).toBe(true);
        ownTables++;
      }
      state = applied.state;
    }
    expect(sharedTables).toBeGreaterThan(0);
    expect(ownTables).toBeGreaterThan(0);
  });

  // A card is copied at its first write, not its first read: code that read a card before writing it and read it
  // again through the old reference would see the earlier state's card in `apply` and the written one in
  // `applyInPlace`. Played both ways, every game, the same actions must give the same events and states.
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(`${game}: apply (cards copied at their first write) and applyInPlace play the same game`, () => {
      const engine = engineOf(game);
      for (let g = 0; g < 3; g++) {
        let { state: copied } = engine.newGame({ seed: 30 + g, decks: { p1: randomDeck(engine, 60 + g), p2: randomDeck(engine, 70 + g) } });
        let inPlace: GameState = structuredClone(copied);
        for (let i = 0; i < 400 && !copied.over; i++) {
          const legal = engine.legalActions(copied);
          const action = legal[(i * 7919 + g) % legal.length]!;
          const a = engine.apply(copied, action);
          const b = engine.applyInPlace(inPlace, action, true);
          expect(a.ok && b.ok).toBe(true);
          if (!a.ok || !b.ok) break;
          expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
          expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
          copied = a.state;
          inPlace = b.state;
        }
      }
    }, 120_000);
  }
});
