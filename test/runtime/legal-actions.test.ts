import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { listLegalActionsByValidation } from "../../runtime/engine/actions.ts";
import { randomDeck } from "../../runtime/simulate.ts";

const engineOf = (game: string): Engine => {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  return createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
};

/** JSON with sorted keys: two actions are the same action whatever order their keys were built in. */
const canonical = (value: unknown): string =>
  value === null || typeof value !== "object"
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : `{${Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
          .join(",")}}`;

describe("legalActions lists each distinct action once (property, random games)", () => {
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(game, () => {
      const engine = engineOf(game);
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 1_000 }), (seed, pick) => {
          let { state } = engine.newGame({ seed, decks: { p1: randomDeck(engine, seed), p2: randomDeck(engine, seed + 1) } });
          for (let i = 0; i < 150 && !state.over; i++) {
            const legal = engine.legalActions(state);
            const keys = legal.map(canonical);
            expect(new Set(keys).size).toBe(keys.length);
            const applied = engine.apply(state, legal[(pick + i * 31) % legal.length]!);
            if (!applied.ok) throw new Error(applied.refusal.message);
            state = applied.state;
          }
        }),
        { numRuns: 6 },
      );
    });
  }
});

describe("legalActions lists exactly what validation accepts, in the same order (property, random games)", () => {
  // The fast lister builds candidates legal; the oracle proposes every candidate and validates each
  // as apply would. Random play through each game compares them at every decision.
  for (const game of ["duel", "chromatic", "cybervamp"]) {
    it(game, () => {
      const engine = engineOf(game);
      let decisions = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 1_000 }), (seed, pick) => {
          let { state } = engine.newGame({ seed, decks: { p1: randomDeck(engine, seed), p2: randomDeck(engine, seed + 1) } });
          for (let i = 0; i < 300 && !state.over; i++) {
            const legal = engine.legalActions(state);
            expect(legal).toEqual(listLegalActionsByValidation(engine.rules, state));
            decisions++;
            state = engine.applyInPlace(state, legal[(pick + i * 17) % legal.length]!).state;
          }
        }),
        { numRuns: 8 },
      );
      expect(decisions).toBeGreaterThan(200);
    });
  }
});
