// CYBERVAMP mechanics in the engine: payment matching against a brute force, land choices, timing,
// the stack's windows, the simulator's invariants and determinism.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine, type GameState } from "../../runtime/index.ts";
import { simulate } from "../../runtime/simulate.ts";
import { LAND_EXHAUST, LAND_PAYMENT, PAYMENT_LIMIT, canPay, matchAll, type LandUnit, type Unit } from "../../runtime/mechanics/lands.ts";
import { mechanicsOf } from "../../runtime/core/mechanics.ts";
import type { TraceEvent } from "../../runtime/state/trace.ts";
import { runTests } from "../../cli/commands/test.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const files = ["cards/cybervamp/cybervamp.game", "cards/cybervamp/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
const engine: Engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "cybervamp")!);
const rules = engine.rules;

const COLORS = ["Red", "White", "Black", "Purple"];
const unitArb: fc.Arbitrary<LandUnit> = fc.oneof(
  fc.constantFrom(...COLORS).map((name) => ({ kind: "color" as const, name })),
  fc.constant({ kind: "resource" as const, name: "Gold" }),
);
const needArb: fc.Arbitrary<Unit> = fc.oneof(unitArb, fc.constant({ kind: "generic" as const }));

/** Every assignment of needs to distinct slots, tried one by one. */
function bruteForce(needs: Unit[], slots: LandUnit[]): boolean {
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
    const red: LandUnit = { kind: "color", name: "Red" };
    const gold: LandUnit = { kind: "resource", name: "Gold" };
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
    const R: LandUnit = { kind: "color", name: "Red" };
    const P: LandUnit = { kind: "color", name: "Purple" };
    const G: LandUnit = { kind: "resource", name: "Gold" };
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

  it("the same lands in the same order on another board (other card ids) are paid with that board's own lands", () => {
    // The land choices are kept across boards by the lands' groups in order, as positions: each board names its own ids.
    const lands = ["Crimson Substation", "Gold Exchange", "Crimson Substation", "Halo Spire"];
    const paid = (state: GameState) => {
      const untapped = state.players["p1"]!.zones["Battlefield"]!.filter((id) => engine.rules.cards.get(state.cards[id]!.def)!.fields?.["produces"]);
      const plays = engine.legalActions(state).filter((a) => a.type === "play" && state.cards[a.card]!.def.endsWith("Arterial Spray") && (a.targets?.[0] as { player?: string } | undefined)?.player === "p2");
      expect(plays.length).toBeGreaterThan(0);
      return plays.map((a) => (a.type === "play" ? (a.payment?.lands ?? []).map((id) => { expect(untapped).toContain(id); return untapped.indexOf(id); }).join(",") : ""));
    };
    const first = paid(board(lands, ["Arterial Spray"]));
    // Cards set up before the lands take the first ids: the same lands have other ids here.
    const other = engine.setupBoard({ turn: 3, active: "p1", phase: "Pre-Battle", players: { p1: { zones: { Hand: ["Arterial Spray", "Nightclub Thrall"], Battlefield: ["Blood Broker", ...lands] } }, p2: { zones: { Battlefield: ["Chrome Sentinel"] } } } }).state;
    expect(paid(other)).toEqual(first);
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

/** What a payment leaves untapped, as a sorted list of what those lands produce. */
function leftover(state: GameState, paid: string[]): string {
  return state.players["p1"]!.zones["Battlefield"]!.filter((id) => !paid.includes(id)).map((id) => engine.rules.cards.get(state.cards[id]!.def)!.fields!["produces"]![0]!).sort().join(",");
}

/** Every subset of the lands that pays a card's cost exactly, found by asking apply about each one. */
function allPayments(state: GameState, card: string): string[][] {
  const lands = state.players["p1"]!.zones["Battlefield"]!;
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << lands.length; mask++) {
    const chosen = lands.filter((_, i) => mask & (1 << i));
    if (engine.check(state, { type: "play", player: "p1", card, payment: { lands: chosen } }) === null) out.push(chosen);
  }
  return out;
}

describe("CYBERVAMP payment: every distinct payment can be reached", () => {
  it("lists every payment that leaves different lands untapped (up to PAYMENT_LIMIT), and only those", () => {
    // Thrall Master {R}{R}{G}{2} on 11 lands of 5 kinds: the {2} can be paid 13 different ways.
    const state = board(["Crimson Substation", "Neon Abattoir", "Crimson Substation", "Gold Exchange", "Bullion Vault", "Sterile Clinic", "Halo Spire", "Blackout District", "Undercity Sump", "Velvet Lounge", "Violet Datacore"], ["Thrall Master"]);
    const card = state.players["p1"]!.zones["Hand"]![0]!;
    const listed = engine.legalActions(state).flatMap((a) => (a.type === "play" ? [leftover(state, a.payment?.lands ?? [])] : []));
    const reachable = new Set(allPayments(state, card).map((lands) => leftover(state, lands)));
    expect(new Set(listed).size).toBe(listed.length);
    expect(reachable.size).toBe(13);
    expect(reachable.size).toBeLessThanOrEqual(PAYMENT_LIMIT);
    expect(new Set(listed)).toEqual(reachable);
  });

  it("beyond the cap, apply still accepts a payment the list does not show", () => {
    // {P}{P}{P}{G}{G}{3}: the {3} from 4 kinds of spare land (2 each) has more than 16 distinct payments.
    const lands = ["Velvet Lounge", "Violet Datacore", "Velvet Lounge", "Gold Exchange", "Bullion Vault", "Crimson Substation", "Neon Abattoir", "Sterile Clinic", "Halo Spire", "Blackout District", "Undercity Sump", "Velvet Lounge", "Gold Exchange"];
    const state = board(lands, ["Puppeteer Prime"]);
    const card = state.players["p1"]!.zones["Hand"]![0]!;
    const listed = new Set(engine.legalActions(state).flatMap((a) => (a.type === "play" ? [leftover(state, a.payment?.lands ?? [])] : [])));
    expect(listed.size).toBe(PAYMENT_LIMIT);
    const unlisted = allPayments(state, card).find((paid) => !listed.has(leftover(state, paid)));
    expect(unlisted).toBeDefined();
    const result = engine.apply(state, { type: "play", player: "p1", card, payment: { lands: unlisted! } });
    expect(result.ok).toBe(true);
    if (result.ok) for (const id of unlisted!) expect(result.state.cards[id]!.exhausted).toBe(true);
  });
});

describe("CYBERVAMP deck construction", () => {
  it("splits a list into Main Deck and Land Deck and names every violation with its deck", () => {
    const list = [...Array(30).fill("Nightclub Thrall"), ...Array(10).fill("Gold Exchange"), "Thrall", "Nowhere Card"];
    const violations = engine.validateDeck(list);
    expect(violations.map((v) => v.code).sort()).toEqual(["land_deck_too_small", "main_deck_too_small", "token_in_deck", "too_many_copies", "unknown_card"]);
    const message = (code: string) => violations.find((v) => v.code === code)!.message;
    expect(message("land_deck_too_small")).toBe("the Land Deck has 10 cards; at least 15 are required");
    expect(message("main_deck_too_small")).toBe("the Main Deck has 31 cards; at least 40 are required");
    expect(message("too_many_copies")).toBe('30 copies of "Nightclub Thrall": at most 4 copies of a card in the Main Deck');
    expect(message("unknown_card")).toMatch(/Nowhere Card/);
  });

  it("reads the Land Deck limits from the game file (land_copies as a number limits copies of a land)", () => {
    const text = readFileSync("cards/cybervamp/cybervamp.game", "utf8").replace("param land_copies = unlimited", "param land_copies = 3").replace("param land_deck_max = 25", "param land_deck_max = 16");
    const other = createEngine(lowerWorkspace([{ path: "cards/cybervamp/cybervamp.game", text }, files[1]!]).bundles.find((b) => b.game.id === "cybervamp")!);
    const list = [...["Nightclub Thrall", "Neon Ripper", "Razorfang Courier", "Hemorrhage Stalker", "Blood Broker", "Sanguine Medic", "Street Samurai", "Ghoul Scavenger", "Arterial Spray", "Short Circuit"].flatMap((n) => Array(4).fill(n)), ...Array(17).fill("Crimson Substation")];
    expect(engine.validateDeck(list)).toEqual([]);
    expect(other.validateDeck(list).map((v) => v.message)).toEqual(["the Land Deck has 17 cards; at most 16 are allowed", '17 copies of "Crimson Substation": at most 3 copies of a card in the Land Deck']);
  });

  it("the simulator's random decks are legal under both decks' limits", () => {
    const result = simulate(engine, { games: 4, seed: 5, maxTurns: 1, checkInvariants: false });
    expect(result.violations.filter((v) => /random deck/.test(v))).toEqual([]);
  });
});

describe("CYBERVAMP Bleed rule at 0 counters", () => {
  const ruleWith = (text: string) => {
    const game = readFileSync("cards/cybervamp/cybervamp.game", "utf8").replace(/rule "Bleed damage" = "[^"]*"/, `rule "Bleed damage" = "${text}"`);
    const lowered = lowerWorkspace([{ path: "cards/cybervamp/cybervamp.game", text: game }, files[1]!]);
    return { rule: lowered.bundles.find((b) => b.game.id === "cybervamp")!.game.rules[0]!, notes: lowered.notes.map((n) => n.message) };
  };
  const counters = (who: string) => ({ kind: "counters", of: { player: { kind: who } }, counter: "Bleed" });

  it("the game file's rule carries the intervening 'if that player has Bleed counters'", () => {
    expect(rules.game.rules[0]!.condition).toEqual({ kind: "compare", left: counters("event_player"), op: ">", right: 0 });
  });

  it("the lowering reads '<player> has [N or more | no] <counter> counters'", () => {
    const at = "At the end of each player's Post-Battle phase, ";
    const tail = ", that player takes damage equal to their Bleed counters.";
    expect(ruleWith(`${at}if that player has 3 or more Bleed counters${tail}`).rule.condition).toEqual({ kind: "compare", left: counters("event_player"), op: ">=", right: 3 });
    expect(ruleWith(`${at}if you have no Bleed counters${tail}`).rule.condition).toEqual({ kind: "compare", left: counters("you"), op: "=", right: 0 });
    const unknown = ruleWith(`${at}if that player has many friends${tail}`);
    expect(unknown.rule.condition).toBeUndefined();
    expect(unknown.notes.join()).toMatch(/condition not understood/);
  });
});

describe("CYBERVAMP ordering simultaneous triggers", () => {
  it("the prompt says the trigger placed first resolves last (the stack is LIFO)", () => {
    const scenario = parseScenarioFile(
      `scenario "two deaths at once" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Ghoul Scavenger", "Blood Ritualist"
  p2 battlefield: "Blood Broker"
}
p1 end phase
p2 pass
p1 choose "Ghoul Scavenger"
p1 pass
p2 pass
p2 choose "Blood Broker"
p1 pass
p2 pass
expect event trigger "Ghoul Scavenger" once
`,
      "order.scenario",
    ).scenarios[0]!;
    const result = runScenario(engine, scenario);
    expect(result.failures).toEqual([]);
    expect(result.state!.pending).toMatchObject({ kind: "order_triggers", player: "p1", prompt: "choose which trigger goes on the stack first (it resolves last)" });
  });
});

describe("CYBERVAMP Bleed instances", () => {
  // Nightclub Thrall has a printed Bleed 1; Blood Pump gives Vampires Bleed 1 too.
  const scenario = parseScenarioFile(
    `scenario "two instances of Bleed 1" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Nightclub Thrall", "Blood Pump"
}
p1 end phase
p2 pass
p1 choose "Nightclub Thrall"
p1 pass
p2 pass
p1 pass
p2 pass
expect event trigger "Nightclub Thrall"
`,
    "bleed-instances.scenario",
  ).scenarios[0]!;
  const run = (eng: Engine) => {
    const result = runScenario(eng, scenario);
    expect(result.failures).toEqual([]);
    // Pass until the chain is empty: each Bleed trigger resolves.
    let state = result.state!;
    for (let i = 0; i < 10 && state.stack.length > 0; i++) {
      const pass = eng.legalActions(state).find((a) => a.type === "pass")!;
      const next = eng.apply(state, pass);
      if (!next.ok) throw new Error(next.refusal.message);
      state = next.state;
    }
    return { state, triggers: result.events.filter((e) => e.kind === "trigger" && e.name === "Nightclub Thrall") };
  };

  it("bleed_instances_combine = true: printed Bleed 1 + granted Bleed 1 is one trigger of 2 counters", () => {
    const { state, triggers } = run(engine);
    expect(triggers.map((e) => e.amount)).toEqual([2]);
    expect(state.players["p2"]!.counters["Bleed"]).toBe(2);
  });

  it("bleed_instances_combine = false: one trigger per instance, each of 1 counter, the same total", () => {
    const text = readFileSync("cards/cybervamp/cybervamp.game", "utf8").replace("param bleed_instances_combine = true", "param bleed_instances_combine = false");
    expect(text).toContain("bleed_instances_combine = false");
    const separate = createEngine(lowerWorkspace([{ path: "cards/cybervamp/cybervamp.game", text }, files[1]!]).bundles.find((b) => b.game.id === "cybervamp")!);
    const { state, triggers } = run(separate);
    expect(triggers.map((e) => e.amount)).toEqual([1, 1]);
    expect(state.players["p2"]!.counters["Bleed"]).toBe(2);
  });
});

describe("CYBERVAMP timing", () => {
  it("a Renew trigger's window: legal actions offer Exhaust abilities but no spell; apply refuses the spell with wrong_phase", () => {
    const scenario = parseScenarioFile(
      `scenario "Renew window" for cybervamp
setup {
  turn 4 p2 phase Post-Battle
  p1 battlefield: "Circadian Tithe", "Velvet Lounge", "Gold Exchange"
  p1 hand: "Data Leech"
  p2 battlefield: "Blood Broker", "Crimson Substation", "Neon Abattoir"
  p2 hand: "Arterial Spray"
}
p2 end phase
p1 pass
expect phase Renew
expect stack: "Circadian Tithe"
`,
      "renew.scenario",
    ).scenarios[0]!;
    const result = runScenario(engine, scenario);
    expect(result.failures).toEqual([]);
    const state = result.state!;
    expect(state.phase).toBe("Renew");
    expect(state.stack.map((item) => item.frame.label).join()).toMatch(/Circadian Tithe/);
    const legal = engine.legalActions(state);
    expect(legal.some((a) => a.type === "activate" && a.player === "p2")).toBe(true);
    expect(legal.some((a) => a.type === "play")).toBe(false);
    const spray = state.players["p2"]!.zones["Hand"]![0]!;
    const lands = state.players["p2"]!.zones["Battlefield"]!.filter((id) => engine.rules.cards.get(state.cards[id]!.def)!.cardType === "Land");
    expect(lands.length).toBe(2);
    const refused = engine.apply(state, { type: "play", player: "p2", card: spray, targets: [{ player: "p1" }], payment: { lands } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.refusal).toMatchObject({ code: "wrong_phase", message: "spells cannot be played during the Renew phase" });
    expect(refused.state).toBe(state);
  });

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
    // Strict, as CI runs `cardwright test`: a warning (a stretch the run could not check) fails a bundled scenario too.
    const report = await runTests(["cards/cybervamp"], { strict: true });
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

describe("CYBERVAMP scenario runner", () => {
  const runOne = (text: string) => {
    const file = parseScenarioFile(text, "runner.scenario");
    expect(file.diagnostics).toEqual([]);
    return runScenario(engine, file.scenarios[0]!);
  };
  const board = `setup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Crimson Substation"\n  p1 hand: "Nightclub Thrall"\n}\n`;

  it("a legal play written with `refused` is reported as accepted (its payment is matched, not left empty)", () => {
    const result = runOne(`scenario "legal" for cybervamp\n${board}p1 play "Nightclub Thrall" refused not_enough_red\n`);
    expect(result.failures.map((f) => [f.message, f.expected, f.actual])).toEqual([["the action was accepted", "refused not_enough_red", "accepted"]]);
  });

  it("a mode chosen by its text with `refused` is that mode: an offered one is reported as accepted, one not offered is refused", () => {
    const renew = `setup {\n  turn 4 p2 phase Post-Battle\n  p1 Main Deck: "Nightclub Thrall"\n  p1 Land Deck: "Gold Exchange"\n}\np2 end phase\np1 pass\n`;
    // It used to be sent as an answer of cards, refused "illegal_choice" whatever the text said.
    const offered = runOne(`scenario "offered" for cybervamp\n${renew}p1 choose mode "draw from the Land Deck" refused illegal_choice\n`);
    expect(offered.failures.map((f) => [f.message, f.expected, f.actual])).toEqual([["the action was accepted", "refused illegal_choice", "accepted"]]);
    expect(runOne(`scenario "not offered" for cybervamp\n${renew}p1 choose mode "draw from the Moon" refused illegal_choice\np1 choose mode "draw from the Land Deck"\nexpect p1 hand: "Gold Exchange"\n`).failures).toEqual([]);
  });

  it("`refused any` on a legal play fails too; a really refused play still passes", () => {
    expect(runOne(`scenario "any" for cybervamp\n${board}p1 play "Nightclub Thrall" refused any\n`).failures.map((f) => f.message)).toEqual(["the action was accepted"]);
    const noLand = `scenario "refused" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 hand: "Nightclub Thrall"\n}\np1 play "Nightclub Thrall" refused not_enough_red\n`;
    expect(runOne(noLand).failures).toEqual([]);
  });

  it("names the game's battle phase in the attack refusal, and a missing ability by the card's name and count", () => {
    const attack = runOne(`scenario "attack" for cybervamp\nsetup {\n  turn 3 p1 phase Post-Battle\n  p1 battlefield: "Blood Broker"\n}\np1 attack p2 with "Blood Broker"\n`);
    expect(attack.failures[0]!.actual).toMatch(/^cannot_attack: creatures attack when the Battle phase declares attackers/);
    // Set up in Battle, the phase starts: its first step asks p1 for attackers, which the attack line declares.
    const inBattle = runOne(`scenario "attack" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Blood Broker"\n}\np1 attack p2 with "Blood Broker"\nexpect event attack "Blood Broker" once\n`);
    expect(inBattle.failures).toEqual([]);
    const ability = runOne(`scenario "ability" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Blood Broker"\n}\np1 activate "Blood Broker" ability 3 target p2\n`);
    expect(ability.failures.map((f) => [f.line, f.message])).toEqual([[6, '"Blood Broker" has 1 activated ability; there is no ability 3']]);
  });

  it("a setup in the automatic Renew phase followed by an action is an error at the phase line", () => {
    const result = runOne(`scenario "renew" for cybervamp\nsetup {\n  turn 3 p1 phase Renew\n  p1 hand: "Gold Exchange"\n}\np1 play "Gold Exchange" refused wrong_phase\n`);
    expect(result.failures.map((f) => f.line)).toEqual([3]);
    expect(result.failures[0]!.message).toMatch(/the Renew phase is automatic .* p1's Pre-Battle phase/);
  });

  it("a setup with two copies of a Unique card on one side is impossible; one on each side is fine", () => {
    const two = runOne(`scenario "two" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Countess Vesper", "Countess Vesper"\n}\nexpect p1 battlefield count 2\n`);
    expect(two.failures.map((f) => f.message)).toEqual(['impossible setup: p1 controls 2 copies of the Unique card "Countess Vesper" (only one may be in play on a side)']);
    const each = runOne(`scenario "each" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Countess Vesper"\n  p2 battlefield: "Countess Vesper"\n}\nexpect p1 battlefield count 1\n`);
    expect(each.failures).toEqual([]);
  });
});

describe("CYBERVAMP game-file params the engine does not read", () => {
  const lowered = (from: string, to: string) => {
    const text = readFileSync("cards/cybervamp/cybervamp.game", "utf8").replace(from, to);
    expect(text).toContain(to);
    return { text, result: lowerWorkspace([{ path: "cards/cybervamp/cybervamp.game", text }, files[1]!]) };
  };

  it("the game file as it is gets no param note", () => {
    expect(lowerWorkspace(files).notes.filter((n) => n.message.startsWith("param "))).toEqual([]);
  });

  it("a fixed reading is a comment: written as a param line it is reported at its line, as a param nothing reads (CW6002)", () => {
    const { text, result } = lowered("# fixed reading, not a param (the engine implements only this): exact_payment = true", "param exact_payment = false");
    const notes = result.notes.filter((n) => n.message.startsWith("nothing in the engine reads param "));
    expect(notes.map((n) => [n.code, n.message])).toEqual([["CW6002", "nothing in the engine reads param exact_payment"]]);
    expect(notes[0]!.range.start.line).toBe(text.split("\n").findIndex((l) => l.startsWith("param exact_payment")) + 1);
  });

  it("a value the reading module does not know is reported (CW6003); a known one is not", () => {
    expect(lowered("param fizzle_when = any_target_illegal", "param fizzle_when = most_targets").result.notes.map((n) => n.message)).toContain("param fizzle_when = most_targets: runtime/core/targets.ts takes one of (any_target_illegal, all_targets_illegal)");
    expect(lowered("param fizzle_when = any_target_illegal", "param fizzle_when = all_targets_illegal").result.notes.filter((n) => n.message.startsWith("param "))).toEqual([]);
  });
});
