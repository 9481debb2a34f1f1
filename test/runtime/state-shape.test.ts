import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine, type GameState } from "../../runtime/index.ts";
import { randomDeck, simulate } from "../../runtime/simulate.ts";

const engineOf = (game: string): Engine => {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  return createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
};

// A state's fields are all there from the start, in one order (runtime/index.ts, emptyState): the engine's functions
// then meet one hidden class of state in every game, instead of one per order in which a game first set its
// optional fields (Chromatic's states ended in 5 different key orders over 10 games before).
describe("one state shape", () => {
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(`${game}: every game ends with the same fields, in the order a new game has them`, () => {
      const engine = engineOf(game);
      const fresh = Object.keys(engine.newGame({ seed: 1, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } }).state);
      const orders = new Set<string>();
      const optionalSet = new Set<string>();
      simulate(engine, {
        games: game === "duel" ? 20 : 6,
        seed: 3,
        checkInvariants: false,
        hashTrace: false,
        onGameDone: (_g, state: GameState) => {
          orders.add(Object.keys(state).join(","));
          for (const key of ["lastKnown", "destroyedThisTurn", "phaseSteps", "chainRun", "temporary", "battle"] as const) if (state[key] !== undefined) optionalSet.add(key);
        },
      });
      expect([...orders]).toEqual([fresh.join(",")]);
      // (The games did set optional fields: the check above saw them added, not an engine that never uses them.)
      expect(optionalSet.size).toBeGreaterThan(0);
    });
  }
});

// Card instances likewise (state/state.ts newCardInstance): every field from the start, the optional ones undefined,
// cleared by setting undefined — a card that took damage and lost it used to end with a key order of its own (and,
// deleted from, in V8's dictionary mode).
describe("one card shape", () => {
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(`${game}: every card of every game ends with the fields a new card has, in its order`, () => {
      const engine = engineOf(game);
      const fresh = engine.newGame({ seed: 1, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } }).state;
      const freshOrders = new Set(Object.values(fresh.cards).map((card) => Object.keys(card).join(",")));
      expect(freshOrders.size).toBe(1);
      const orders = new Set<string>();
      let optionalSet = 0;
      simulate(engine, {
        games: game === "duel" ? 20 : 6,
        seed: 3,
        checkInvariants: false,
        hashTrace: false,
        onGameDone: (_g, state: GameState) => {
          for (const card of Object.values(state.cards)) {
            orders.add(Object.keys(card).join(","));
            for (const key of ["lethalReplaced", "damagedBy", "attacks", "active"] as const) if (card[key] !== undefined) optionalSet++;
          }
        },
      });
      expect([...orders]).toEqual([...freshOrders]);
      expect(optionalSet).toBeGreaterThan(0);
    });
  }

  it("a card read back from JSON (its undefined fields gone) is copied back into the new card's shape by apply", () => {
    const engine = engineOf("duel");
    const { state } = engine.newGame({ seed: 5, decks: { p1: randomDeck(engine, 5), p2: randomDeck(engine, 6) } });
    const order = Object.keys(Object.values(state.cards)[0]!).join(",");
    let read: GameState = JSON.parse(JSON.stringify(state));
    expect(Object.keys(Object.values(read.cards)[0]!).length).toBeLessThan(order.split(",").length);
    for (let i = 0; i < 40 && !read.over; i++) {
      const next = engine.apply(read, engine.legalActions(read)[0]!);
      if (!next.ok) throw new Error(next.refusal.message);
      // Every card the action touched was copied: those are in the one shape; the rest are the JSON's objects, shared.
      for (const [id, card] of Object.entries(next.state.cards)) if (card !== read.cards[id]) expect(Object.keys(card).join(",")).toBe(order);
      read = next.state;
    }
  });
});
