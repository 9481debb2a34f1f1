// CYBERVAMP mechanics in the engine: payment matching against a brute force, land choices, timing,
// the stack's windows, the simulator's invariants and determinism.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine, type GameState } from "../../runtime/index.ts";
import { simulate } from "../../runtime/simulate.ts";
import { LAND_EXHAUST, LAND_PAYMENT, canPay, matchAll, type Unit } from "../../runtime/lands.ts";
import { mechanicsOf } from "../../runtime/mechanics.ts";
import type { TraceEvent } from "../../runtime/trace.ts";
import { runTests } from "../../cli/commands/test.ts";

const files = ["cards/cybervamp/cybervamp.game", "cards/cybervamp/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
const engine: Engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "cybervamp")!);
const rules = engine.rules;

const COLORS = ["Red", "White", "Black", "Purple"];
const unitArb: fc.Arbitrary<Unit> = fc.oneof(
  fc.constantFrom(...COLORS).map((name) => ({ kind: "color" as const, name })),
  fc.constant({ kind: "resource" as const, name: "Gold" }),
);
const needArb: fc.Arbitrary<Unit> = fc.oneof(unitArb, fc.constant({ kind: "generic" as const }));

/** Every assignment of needs to distinct slots, tried one by one. */
function bruteForce(needs: Unit[], slots: Unit[]): boolean {
  const used = slots.map(() => false);
  const go = (n: number): boolean => {
    if (n === needs.length) return true;
    for (let s = 0; s < slots.length; s++) {
      if (used[s] || !canPay(rules, slots[s]!, needs[n]!)) continue;
      used[s] = true;
      if (go(n + 1)) return true;
      used[s] = false;
    }
    return false;
  };
  return go(0);
}

describe("CYBERVAMP payment: which land pays which symbol", () => {
  it("reads the game file: Blood pays its colour and generic, Gold pays Gold and generic, never each other", () => {
    const red: Unit = { kind: "color", name: "Red" };
    const gold: Unit = { kind: "resource", name: "Gold" };
    const generic: Unit = { kind: "generic" };
    expect(canPay(rules, red, red)).toBe(true);
    expect(canPay(rules, red, { kind: "color", name: "White" })).toBe(false);
    expect(canPay(rules, red, generic)).toBe(true);
    expect(canPay(rules, gold, generic)).toBe(true);
    expect(canPay(rules, gold, gold)).toBe(true);
    expect(canPay(rules, gold, red)).toBe(false);
    expect(canPay(rules, red, gold)).toBe(false);
  });

  it("the matching agrees with a brute force on random lands and costs", () => {
    fc.assert(
      fc.property(fc.array(needArb, { maxLength: 6 }), fc.array(unitArb, { maxLength: 7 }), (needs, slots) => {
        expect(matchAll(rules, needs, slots)).toBe(bruteForce(needs, slots));
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it("hard cases: generic must not eat the only land of a colour", () => {
    const R: Unit = { kind: "color", name: "Red" };
    const P: Unit = { kind: "color", name: "Purple" };
    const G: Unit = { kind: "resource", name: "Gold" };
    const N: Unit = { kind: "generic" };
    // {1}{R}: the generic listed first must go to Gold, not to the only Red.
    expect(matchAll(rules, [N, R], [R, G])).toBe(true);
    // {P}{P}{G}{G}{1} from P, P, G, G, R: Red can only pay the generic.
    expect(matchAll(rules, [P, P, G, G, N], [R, P, G, P, G])).toBe(true);
    // ... and from P, G, G, G, R there is one Purple too few.
    expect(matchAll(rules, [P, P, G, G, N], [P, G, G, G, R])).toBe(false);
    // {R}{G} from two Reds: Blood never pays Gold.
    expect(matchAll(rules, [R, G], [R, R])).toBe(false);
  });
});

function board(lands: string[], hand: string[]): GameState {
  return engine.setupBoard({ turn: 3, active: "p1", phase: "Pre-Battle", players: { p1: { zones: { Battlefield: lands, Hand: hand } }, p2: {} } }).state;
}

describe("CYBERVAMP payment: legal actions list the distinct payments", () => {
  it("offers each distinct set of lands once (copies of a land are one choice)", () => {
    const state = board(["Crimson Substation", "Crimson Substation", "Gold Exchange", "Halo Spire"], ["Arterial Spray"]);
    const plays = engine.legalActions(state).filter((a) => a.type === "play" && "player" in (a.targets?.[0] ?? {}) && (a.targets![0] as { player: string }).player === "p2");
    const payments = plays.map((a) => (a.type === "play" ? (a.payment?.lands ?? []).map((id) => state.cards[id]!.def).sort().join("+") : ""));
    // {R}{1}: Red + (Red | Gold | White) — three distinct payments, no duplicate for the two Crimson Substations.
    expect(new Set(payments).size).toBe(payments.length);
    expect(payments.length).toBe(3);
    for (const p of payments) expect(p).toContain("Crimson Substation");
  });

  it("X costs list one payment per value of X the lands allow", () => {
    const state = board(["Blackout District", "Gold Exchange", "Crimson Substation", "Halo Spire"], ["Call the Swarm"]);
    const xs = engine.legalActions(state).flatMap((a) => (a.type === "play" ? [a.payment?.x] : []));
    expect([...new Set(xs)].sort()).toEqual([0, 1, 2]);
  });

  it("a refused payment leaves the state unchanged and says what is missing", () => {
    const state = board(["Gold Exchange", "Bullion Vault"], ["Nightclub Thrall"]);
    const card = state.players["p1"]!.zones["Hand"]![0]!;
    const lands = state.players["p1"]!.zones["Battlefield"]!;
    const result = engine.apply(state, { type: "play", player: "p1", card, payment: { lands: [lands[0]!] } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.refusal.code).toBe("not_enough_red");
    expect(result.state).toBe(state);
  });
});

describe("CYBERVAMP timing", () => {
  it("no spell during the Renew phase, even with priority in a window", () => {
    const start = engine.setupBoard({
      turn: 3,
      active: "p1",
      phase: "Pre-Battle",
      players: { p1: { zones: { Battlefield: ["Crimson Substation", "Gold Exchange"], Hand: ["Arterial Spray"] } }, p2: { zones: { Battlefield: ["Neon Abattoir", "Bullion Vault"], Hand: ["Arterial Spray"] } } },
    }).state;
    const cast = engine.legalActions(start).find((a) => a.type === "play")!;
    const after = engine.apply(start, cast);
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    const response = engine.legalActions(after.state).find((a) => a.type === "play" && a.player === "p2");
    expect(response).toBeDefined();
    // The same window, had it been opened in the Renew phase:
    const renew: GameState = JSON.parse(JSON.stringify(after.state));
    renew.phase = "Renew";
    const refusal = engine.check(renew, response!);
    expect(refusal?.code).toBe("wrong_phase");
    expect(refusal?.message).toMatch(/Renew/);
    expect(engine.legalActions(renew).some((a) => a.type === "play")).toBe(false);
  });
});

describe("CYBERVAMP scenarios and simulation", () => {
  it("every scenario in cards/cybervamp passes", async () => {
    const report = await runTests(["cards/cybervamp"]);
    expect(report.scenarios).toBeGreaterThan(50);
    expect(report.lines.filter((l) => l.startsWith("✗"))).toEqual([]);
    expect(report.failed).toBe(0);
  }, 120_000);

  it("the land invariant catches a land producing more than one resource or a payment that does not add up", () => {
    const state = board(["Crimson Substation"], []);
    const land = state.players["p1"]!.zones["Battlefield"]![0]!;
    const invariants = mechanicsOf(rules).find((m) => m.name === "lands")!.invariants!;
    const ev = (over: Partial<TraceEvent>): TraceEvent => ({ seq: 0, turn: state.turn, phase: state.phase, kind: "resource", text: "", ...over });
    const ctx = { rules, state, events: [] };
    expect(invariants(ctx, [ev({ from: LAND_EXHAUST, amount: 1, card: "gone" }), ev({ kind: "cost", from: LAND_PAYMENT, amount: 1 })])).toEqual([]);
    expect(invariants(ctx, [ev({ from: LAND_EXHAUST, amount: 2, card: "gone" }), ev({ kind: "cost", from: LAND_PAYMENT, amount: 2 })]).join()).toMatch(/produced 2/);
    expect(invariants(ctx, [ev({ from: LAND_EXHAUST, amount: 1, card: "gone" }), ev({ kind: "cost", from: LAND_PAYMENT, amount: 2 })]).join()).toMatch(/payment of 2/);
    // a land reported as exhausted for a cost but still Renewed
    expect(invariants(ctx, [ev({ from: LAND_EXHAUST, amount: 1, card: land, name: "Crimson Substation" }), ev({ kind: "cost", from: LAND_PAYMENT, amount: 1 })]).join()).toMatch(/not exhausted/);
  });

  it("random games keep every invariant, lands produce one resource each, and the same seed gives the same trace", () => {
    const a = simulate(engine, { games: 3, seed: 11 });
    const b = simulate(engine, { games: 3, seed: 11 });
    expect(a.violations).toEqual([]);
    expect(a.wins["p1"]! + a.wins["p2"]! + a.draws).toBe(3);
    expect(b.traceHash).toBe(a.traceHash);
    expect(b.actions).toBe(a.actions);
  }, 120_000);
});
