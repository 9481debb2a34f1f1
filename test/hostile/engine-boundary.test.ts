/**
 * Issue 13, defects 1–3: one validated boundary into the engine (runtime/boundary.ts). Every
 * crasher of the adversarial run, at real reachable states of the bundled games: refused with a
 * typed reason, never thrown, never accepted outside `legalActions`, never changing its input or
 * Object.prototype; then a property test over random hostile actions at random states of all
 * three games (fuzz/engine.ts, fixed seed).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action, Engine, GameState } from "../../runtime/index.ts";
import { createEngine, BundleError } from "../../runtime/index.ts";
import { randomDeck } from "../../runtime/simulate.ts";
import { MAX_X } from "../../runtime/state/limits.ts";
import { GAMES, canonicalAction, engineCaseArb, engineOf, runEngineCase } from "../../fuzz/engine.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { readFileSync } from "node:fs";

/** The first state of a seeded random game where some legal action satisfies `wanted`. */
function stateWhere(engine: Engine, wanted: (a: Action) => boolean, seeds = 400): { state: GameState; action: Action } {
  for (let seed = 1; seed < seeds; seed++) {
    let { state } = engine.newGame({ seed, decks: { p1: randomDeck(engine, seed), p2: randomDeck(engine, seed + 1) } });
    for (let step = 0; step < 200 && !state.over; step++) {
      const legal = engine.legalActions(state);
      const found = legal.find(wanted);
      if (found) return { state, action: found };
      const next = engine.apply(state, legal[(seed * 7 + step * 31) % legal.length]!);
      if (!next.ok) throw new Error(next.refusal.message);
      state = next.state;
    }
  }
  throw new Error("no such state in 400 seeded games");
}

const BOUNDARY_CODES = ["malformed_action", "unknown_card", "unknown_player"];

function expectRefused(engine: Engine, state: GameState, action: unknown, codes = BOUNDARY_CODES): void {
  const stateText = JSON.stringify(state);
  const actionText = JSON.stringify(action);
  const result = engine.apply(state, action);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(codes).toContain(result.refusal.code);
  expect(engine.check(state, action)).not.toBeNull();
  expect(JSON.stringify(state)).toBe(stateText);
  expect(JSON.stringify(action)).toBe(actionText);
  expect(({} as Record<string, unknown>)["life"]).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("life");
}

describe.each(GAMES)("the issue's crashers, at a reachable state of %s", (game) => {
  const engine = engineOf(game);

  it("an attack on {player: \"__proto__\"} or \"constructor\" is refused and pollutes nothing; the game goes on", () => {
    // A game whose attacks are declared through a choice (CYBERVAMP) gets the core's attack action, with a card of its own in play.
    const attacks = (a: Action) => a.type === "attack" || (a.type === "game" && a.move === "attack");
    const found = (() => {
      try {
        return stateWhere(engine, attacks, 20);
      } catch {
        const { state } = stateWhere(engine, (a) => a.type === "end_phase");
        const mine = Object.values(state.cards).find((c) => c.controller === state.active)!;
        return { state, action: { type: "attack", player: state.active, attacker: mine.id, target: { player: "p2" } } as Action };
      }
    })();
    const { state, action } = found;
    for (const player of ["__proto__", "constructor", "toString"]) expectRefused(engine, state, { ...action, target: { player } });
    const legal = engine.legalActions(state);
    expect(engine.apply(state, legal[0]!).ok).toBe(true);
  });

  it("an attack without a target, a card id \"toString\", targets \"x\", cards \"c1\", a card given as [\"c1\"]", () => {
    const { state, action } = stateWhere(engine, (a) => a.type === "play");
    const play = action as Extract<Action, { type: "play" }>;
    expectRefused(engine, state, { type: "attack", player: play.player, attacker: play.card });
    expectRefused(engine, state, { ...play, card: "toString" });
    expectRefused(engine, state, { ...play, card: "__proto__" });
    expectRefused(engine, state, { ...play, targets: "x" });
    expectRefused(engine, state, { ...play, card: [play.card] });
    expectRefused(engine, state, { type: "choose", player: play.player, cards: "c1" });
    expectRefused(engine, state, { ...play, targets: [{ player: state.active, card: play.card }] });
    expectRefused(engine, state, { ...play, extra: 1 });
  });

  it("x: -3, NaN, 0.5, 1e12, Infinity and mode: 1.5 are refused before the engine reads them", () => {
    const { state, action } = stateWhere(engine, (a) => a.type === "play");
    const play = action as Extract<Action, { type: "play" }>;
    for (const x of [-3, Number.NaN, 0.5, 1e12, Number.POSITIVE_INFINITY, MAX_X + 1, "3"]) expectRefused(engine, state, { ...play, payment: { ...play.payment, x } });
    expectRefused(engine, state, { type: "choose", player: play.player, mode: 1.5 });
    expectRefused(engine, state, { type: "choose", player: play.player, mode: -1 });
  });

  it("never lists an X above the bound, however many resources a board gives", () => {
    const legal = engine.legalActions(stateWhere(engine, () => true).state);
    for (const a of legal) if ("payment" in a && a.payment?.x !== undefined) expect(a.payment.x).toBeLessThanOrEqual(MAX_X);
  });
});

describe("an X cost at a real state (duel's Crystal Lance: cost X Crystals)", () => {
  it("x: -3 never gains Crystals, x: NaN never enters the state, x: 0.5 never deals half damage", () => {
    const engine = engineOf("duel");
    const { state, action } = stateWhere(engine, (a) => a.type === "play" && a.payment?.x !== undefined);
    for (const x of [-3, Number.NaN, 0.5, 1e12]) expectRefused(engine, state, { ...action, payment: { ...(action as { payment: object }).payment, x } });
    // The listed values are still accepted.
    expect(engine.apply(state, action).ok).toBe(true);
  });
});

describe("names a game file declares", () => {
  const files = [`cards/duel/duel.game`, `cards/duel/core.cards`].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  it.each(["phase __proto__", "param __proto__ = 1", "param constructor = 1", "param toString = 1", "zone constructor", "counter __proto__"])("%s: the checker says CW2080, the lowering does not crash, the engine refuses the bundle with a clear error", (line) => {
    const edited = files.map((f) => (f.path.endsWith(".game") ? { ...f, text: `${f.text}\n${line}\n` } : f));
    const lowered = lowerWorkspace(edited);
    expect(lowered.model.diagnostics.filter((d) => d.code === "CW2080")).toHaveLength(1);
    expect(lowered.notes.filter((n) => /could not be compiled/.test(n.message))).toEqual([]);
    const bundle = lowered.bundles.find((b) => b.game.id === "duel")!;
    expect(() => createEngine(bundle)).toThrow(BundleError);
    expect(() => createEngine(bundle)).toThrow(/CW2080/);
  });
});

describe("hostile actions at random reachable states (property, all three games)", () => {
  it("never a throw, never an acceptance outside legalActions, never a mutated input", () => {
    fc.assert(
      fc.property(engineCaseArb, (c) => {
        expect(runEngineCase(c)).toBeUndefined();
      }),
      { seed: 13, numRuns: 250 },
    );
  });

  it("the oracle's notion of 'the same action' ignores key order and empty payments only", () => {
    expect(canonicalAction({ type: "play", card: "c1", player: "p1", payment: {}, targets: [] })).toBe(canonicalAction({ player: "p1", type: "play", card: "c1" }));
    expect(canonicalAction({ type: "play", card: "c1", player: "p1", payment: { x: 1 } })).not.toBe(canonicalAction({ type: "play", card: "c1", player: "p1" }));
  });
});
