import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, formatEvent, type Engine } from "../../runtime/index.ts";
import { simulate, checkInvariants, randomDeck } from "../../runtime/simulate.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const files = ["cards/duel/duel.game", "cards/duel/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
const engine: Engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!);

function playOut(seed: number, maxActions = 400) {
  let { state, events } = engine.newGame({ seed, decks: { p1: randomDeck(engine, seed), p2: randomDeck(engine, seed + 1) } });
  const trace = [...events];
  for (let i = 0; i < maxActions && !state.over; i++) {
    const legal = engine.legalActions(state);
    const applied = engine.apply(state, legal[(seed * 7 + i * 13) % legal.length]!);
    if (!applied.ok) throw new Error(applied.refusal.message);
    state = applied.state;
    trace.push(...applied.events);
  }
  return { state, trace: trace.map(formatEvent).join("\n") };
}

describe("engine (Three-Slot Duel)", () => {
  it("same seed and same actions give a byte-identical trace; another seed differs", () => {
    const a = playOut(11);
    const b = playOut(11);
    expect(a.trace).toBe(b.trace);
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
    expect(playOut(12).trace).not.toBe(a.trace);
  });

  it("refuses an illegal action with a typed reason and leaves the state unchanged", () => {
    const { state } = engine.setupBoard({ turn: 3, active: "p1", players: { p1: { zones: { Hand: ["Tide Scholar"] } }, p2: { zones: { Hand: ["Scout"] } } } });
    const before = JSON.stringify(state);
    const scholar = state.players.p1!.zones.Hand![0]!;
    const refused = engine.apply(state, { type: "play", player: "p1", card: scholar });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.refusal).toMatchObject({ code: "not_enough_crystal", shortfall: { name: "Crystal", need: 2, have: 0 } });
    const notYours = engine.apply(state, { type: "play", player: "p2", card: state.players.p2!.zones.Hand![0]! });
    expect(!notYours.ok && notYours.refusal.code).toBe("not_your_turn");
    expect(JSON.stringify(state)).toBe(before);
  });

  it("every listed action is accepted, and invariants hold after each (property, many seeds)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const result = simulate(engine, { games: 1, seed, maxTurns: 150 });
        expect(result.violations).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it("simulation is deterministic: the same seed prints the same hash", () => {
    const a = simulate(engine, { games: 5, seed: 3 });
    const b = simulate(engine, { games: 5, seed: 3 });
    expect(a).toEqual(b);
    expect(a.wins.p1! + a.wins.p2! + a.draws).toBe(5);
  });

  it("the state stays JSON and every card sits in exactly one zone after a new game", () => {
    const { state } = engine.newGame({ seed: 5, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } });
    expect(checkInvariants(engine, state)).toEqual([]);
    expect(state.players[state.active]!.zones.Hand!.length).toBe(6);
  });

  it("the invariant check sees a card in no zone, in two zones, in the wrong zone, or unknown", () => {
    const { state } = engine.newGame({ seed: 5, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } });
    const problems = (mutate: (s: typeof state) => void) => {
      const copy = structuredClone(state);
      mutate(copy);
      return checkInvariants(engine, copy);
    };
    const hand = (s: typeof state) => s.players["p1"]!.zones["Hand"]!;
    const first = hand(state)[0]!;
    expect(problems((s) => hand(s).shift())).toEqual([`card ${first} is in no zone`]);
    expect(problems((s) => s.players["p2"]!.zones["Graveyard"]!.push(first))).toContainEqual(`card ${first} is in two zones: p1.Hand and p2.Graveyard`);
    expect(problems((s) => (s.cards[first]!.zone = "Graveyard"))).toEqual([`card ${first} says zone Graveyard but is listed in p1.Hand`]);
    expect(problems((s) => hand(s).push("c999"))).toEqual(["zone p1.Hand lists unknown card c999"]);
    expect(problems((s) => (s.cards[first]!.counters["power"] = -1))).toEqual([`card ${first} has negative power counters`]);
  });

  it("the invariant check sees a state that would not survive JSON, wherever it is", () => {
    const { state } = engine.newGame({ seed: 5, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } });
    const JSON_PROBLEM = "the state does not survive a JSON round trip";
    const broken = (mutate: (s: typeof state) => void) => {
      const copy = structuredClone(state);
      mutate(copy);
      return checkInvariants(engine, copy).includes(JSON_PROBLEM);
    };
    const someCard = (s: typeof state) => s.cards[Object.keys(s.cards)[3]!]! as unknown as Record<string, unknown>;
    expect(broken(() => {})).toBe(false);
    expect(broken((s) => (someCard(s)["damage"] = Number.NaN))).toBe(true);
    expect(broken((s) => (someCard(s)["exhausted"] = "yes" as unknown as boolean))).toBe(false); // a string is JSON
    expect(broken((s) => (someCard(s)["counters"] = new Map() as unknown as Record<string, number>))).toBe(true);
    expect(broken((s) => ((someCard(s)["counters"] as Record<string, number>)["power"] = Number.POSITIVE_INFINITY))).toBe(true);
    expect(broken((s) => (someCard(s)["note"] = () => 1))).toBe(true);
    expect(broken((s) => (someCard(s)["active"] = [1, undefined]))).toBe(true);
    expect(broken((s) => (s.players["p1"]!.resources["Crystal"] = Number.NaN))).toBe(true);
    expect(broken((s) => ((s as unknown as Record<string, unknown>)["extra"] = new Date()))).toBe(true);
    expect(broken((s) => s.modifiers.push({ stats: { power: Number.NaN } } as never))).toBe(true);
  });

  it("simulation with invariants on plays the same games as without them, and every check passes", () => {
    // Random play of the starter set: every check passes, and the outcome is the unchecked one.
    const checked = simulate(engine, { games: 6, seed: 11 });
    const unchecked = simulate(engine, { games: 6, seed: 11, checkInvariants: false });
    expect(checked.violations).toEqual([]);
    expect(checked).toEqual(unchecked);
  });

  it("simulation without the trace hash plays the same games and gives no hash (never a made-up one)", () => {
    const hashed = simulate(engine, { games: 4, seed: 7 });
    const { traceHash, ...played } = hashed;
    expect(traceHash).toMatch(/^[0-9a-f]{8}$/);
    const unhashed = simulate(engine, { games: 4, seed: 7, hashTrace: false });
    expect(unhashed).not.toHaveProperty("traceHash", expect.anything());
    expect({ ...unhashed, traceHash: undefined }).toEqual({ ...played, traceHash: undefined });
  });

  it("trace events caused by card text carry the source range of that text", () => {
    const { state } = engine.setupBoard({ turn: 3, active: "p1", players: { p1: { zones: { Hand: ["Field Medic"] } }, p2: {} } });
    const legal = engine.legalActions(state).find((a) => a.type === "play")!;
    const applied = engine.apply(state, legal);
    const life = applied.ok ? applied.events.find((e) => e.kind === "life") : undefined;
    expect(life?.source?.file).toBe("cards/duel/core.cards");
    const line = readFileSync("cards/duel/core.cards", "utf8").split("\n")[life!.source!.range.start.line - 1];
    expect(line).toContain("PLAY: Gain 1 life.");
  });

  it("lists every deck-construction violation", () => {
    const codes = engine.validateDeck(["Scout", "Scout", "Scout", "Scout", "Scout", "Scout", "Tidecaller", "Tidecaller", "Nonexistent"]).map((v) => v.code);
    expect(codes.sort()).toEqual(["deck_too_small", "too_many_copies", "too_many_copies", "unknown_card"]);
  });
});

describe("scenarios", () => {
  it("report a failed expectation at its line with expected and actual", () => {
    const text = `scenario "wrong on purpose" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Stone Guard"\n}\np1 attack p2 with "Stone Guard"\nexpect p2 life 9\n`;
    const file = parseScenarioFile(text, "x.scenario");
    expect(file.diagnostics).toEqual([]);
    const result = runScenario(engine, file.scenarios[0]!);
    expect(result.failures).toEqual([{ file: "x.scenario", line: 7, message: "expectation not met", expected: "p2 life 9", actual: "p2 life 8", changes: "p2 life 10 at the setup → p2 life 8 after line 6 (Stone Guard deals 2 damage to p2)", stepIndex: 1, eventIndex: result.events.length - 1 }]);
  });

  it("an unknown card or zone is an error at its line", () => {
    const text = `scenario "typos" for duel\nsetup {\n  p1 field: "Stone Gaurd"\n  p2 cemetery: "Scout"\n}\n`;
    const result = runScenario(engine, parseScenarioFile(text, "t.scenario").scenarios[0]!);
    expect(result.failures.map((f) => [f.line, f.message])).toEqual([
      [3, 'Unknown card "Stone Gaurd": no card of game "duel" has this name. (did you mean "Stone Guard"?)'],
      [4, 'Unknown zone "cemetery"; Three-Slot Duel has Deck, Hand, Field, Graveyard, Oblivion.'],
    ]);
  });

  it("an unknown player is an error at its line, not a crash in the engine", () => {
    const text = `scenario "seats" for duel\nsetup {\n  turn 3 p3 phase Play\n  p1 field: "Stone Guard"\n}\np1 end\nexpect p4 life 10\n`;
    const result = runScenario(engine, parseScenarioFile(text, "s.scenario").scenarios[0]!);
    expect(result.failures.map((f) => [f.line, f.message])).toEqual([
      [3, 'Unknown player "p3"; the players are p1 and p2.'],
      [7, 'Unknown player "p4"; the players are p1 and p2.'],
    ]);
  });

  it("a syntax error is a diagnostic with a line, never an exception", () => {
    const file = parseScenarioFile(`scenario "bad" for duel\np1 dance "Scout"\n`, "b.scenario");
    expect(file.diagnostics[0]?.range.start.line).toBe(2);
  });
});

describe("bad input", () => {
  it("a malformed action is refused, never run", () => {
    const { state } = engine.setupBoard({ turn: 3, active: "p1", players: { p1: {}, p2: {} } });
    for (const bad of [null, 42, { type: "explode", player: "p1" }, { type: "play", player: "p9", card: "c1" }, { type: "play", player: "p1", card: "nope" }]) {
      const result = engine.apply(state, bad as never);
      expect(result.ok).toBe(false);
    }
  });
});

describe("refusals (property)", () => {
  it("any action, legal or not, is applied or refused with a typed reason, never throws, and a refusal changes nothing", () => {
    const { state: start } = engine.newGame({ seed: 21, decks: { p1: randomDeck(engine, 21), p2: randomDeck(engine, 22) } });
    // A few reachable states to try actions on.
    const states = [start];
    let s = start;
    for (let i = 0; i < 60 && !s.over; i++) {
      const legal = engine.legalActions(s);
      const applied = engine.apply(s, legal[(i * 5) % legal.length]!);
      if (applied.ok) s = applied.state;
      if (i % 10 === 0) states.push(s);
    }
    const ids = Object.keys(start.cards);
    const target = fc.oneof(fc.constantFrom(...ids).map((card) => ({ card })), fc.constantFrom("p1", "p2", "p3").map((player) => ({ player })));
    const action = fc.record({
      type: fc.constantFrom("play", "activate", "attack", "defend", "choose", "pass", "end_phase", "bogus"),
      player: fc.constantFrom("p1", "p2", "p3"),
      card: fc.constantFrom(...ids),
      attacker: fc.constantFrom(...ids),
      ability: fc.constantFrom("DU1/Grave Altar#0", "nope"),
      target,
      targets: fc.array(target, { maxLength: 2 }),
      cards: fc.array(fc.constantFrom(...ids), { maxLength: 2 }),
      payment: fc.record({ discard: fc.array(fc.constantFrom(...ids), { maxLength: 2 }), x: fc.integer({ min: -2, max: 5 }) }, { requiredKeys: [] }),
    });
    fc.assert(
      fc.property(fc.constantFrom(...states), action, (state, candidate) => {
        const before = JSON.stringify(state);
        const result = engine.apply(state, candidate as never);
        expect(JSON.stringify(state)).toBe(before);
        if (!result.ok) expect(typeof result.refusal.code).toBe("string");
      }),
      { numRuns: 400 },
    );
  });
});

describe("endless loops in card text", () => {
  it("a self-retriggering card ends the game as a draw instead of hanging", () => {
    const loopSet = `set LOOP "Loop" for duel\n\ncard "Echo Spring" {\n  type: Unit — Spirit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    Whenever you gain life, gain 1 life.\n}\n`;
    const bundle = lowerWorkspace([...files, { path: "loop.cards", text: loopSet }]).bundles.find((b) => b.game.id === "duel")!;
    const looping = createEngine(bundle);
    const { state } = looping.setupBoard({ turn: 3, active: "p1", players: { p1: { zones: { Field: ["Echo Spring"], Hand: ["Healing Spring"] }, resources: { Crystal: 1 } }, p2: {} } });
    const play = looping.legalActions(state).find((a) => a.type === "play")!;
    const result = looping.apply(state, play);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.state.over).toBe(true);
      expect(result.state.winner).toBe("draw");
      expect(result.events.some((e) => e.kind === "check" && e.text.includes("repeats without end"))).toBe(true);
    }
  });
});

describe("game parameters decide (the same cards under changed rules)", () => {
  const withParams = (params: Record<string, string | number | boolean>) => {
    const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!;
    return createEngine({ ...bundle, game: { ...bundle.game, params: { ...bundle.game.params, ...params } } });
  };
  const attackPlayer = (e: Engine, setup: Parameters<Engine["setupBoard"]>[0], attacker: string, target: { player: string } | { card: string }) => {
    const { state } = e.setupBoard(setup);
    const id = Object.values(state.cards).find((c) => e.rules.cards.get(c.def)?.name === attacker && c.zone === "Field" && c.controller === "p1")!.id;
    return e.apply(state, { type: "attack", player: "p1", attacker: id, target });
  };

  it("fight_overflow = true sends the excess power to the defending player", () => {
    const setup = { turn: 3, active: "p1", players: { p1: { zones: { Field: ["Warlord of Cinders"] } }, p2: { zones: { Field: ["Scout"] } } } };
    const plain = engine.setupBoard(setup).state;
    const scout = Object.values(plain.cards).find((c) => c.controller === "p2")!.id;
    const wasted = attackPlayer(engine, setup, "Warlord of Cinders", { card: scout });
    const overflow = attackPlayer(withParams({ fight_overflow: true }), setup, "Warlord of Cinders", { card: scout });
    expect(wasted.ok && wasted.state.players.p2!.life).toBe(10);
    expect(overflow.ok && overflow.state.players.p2!.life).toBe(5);
  });

  it("first_turn_attacks = true allows attacks on turn 1; starting_life sets the life total", () => {
    const e = withParams({ first_turn_attacks: true, starting_life: 20 });
    const result = attackPlayer(e, { turn: 1, active: "p1", players: { p1: { zones: { Field: ["Scout"] } }, p2: {} } }, "Scout", { player: "p2" });
    expect(result.ok && result.state.players.p2!.life).toBe(19);
  });

  it("first_player_draws = false: the first turn of the game has no draw", () => {
    const decks = { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) };
    const normal = engine.newGame({ seed: 4, decks, firstPlayer: "p1" }).state;
    const noDraw = withParams({ first_player_draws: false }).newGame({ seed: 4, decks, firstPlayer: "p1" }).state;
    expect(normal.players.p1!.zones.Hand).toHaveLength(6);
    expect(noDraw.players.p1!.zones.Hand).toHaveLength(5);
  });

  it("summoned_units_can_attack = true lets a summoned unit attack at once", () => {
    const setup = { turn: 3, active: "p1", players: { p1: { zones: { Hand: ["Rummage", "Phoenix Acrobat"], Deck: ["Scout", "Scout"] } }, p2: {} } };
    for (const [e, allowed] of [[engine, false], [withParams({ summoned_units_can_attack: true }), true]] as const) {
      let { state } = e.setupBoard(setup);
      const play = e.legalActions(state).find((a) => a.type === "play" && e.rules.cards.get(state.cards[a.card]!.def)?.name === "Rummage")!;
      const played = e.apply(state, play);
      if (!played.ok) throw new Error(played.refusal.message);
      state = played.state;
      const phoenix = Object.values(state.cards).find((c) => e.rules.cards.get(c.def)?.name === "Phoenix Acrobat")!;
      expect(phoenix.zone).toBe("Field");
      expect(e.check(state, { type: "attack", player: "p1", attacker: phoenix.id, target: { player: "p2" } }) === null).toBe(allowed);
    }
  });
});

describe("attacks_per_unit", () => {
  it("limits attacks per unit per turn to the game file's number", () => {
    const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!;
    const twice = createEngine({ ...bundle, game: { ...bundle.game, params: { ...bundle.game.params, attacks_per_unit: 2 } } });
    for (const [e, allowed] of [[engine, 1], [twice, 2]] as const) {
      let { state } = e.setupBoard({ turn: 3, active: "p1", players: { p1: { zones: { Field: ["Scout"] } }, p2: {} } });
      const scout = state.players.p1!.zones.Field![0]!;
      let hits = 0;
      for (let i = 0; i < 3; i++) {
        const r = e.apply(state, { type: "attack", player: "p1", attacker: scout, target: { player: "p2" } });
        if (r.ok) {
          state = r.state;
          hits++;
        } else expect(r.refusal.code).toBe("already_attacked");
      }
      expect(hits).toBe(allowed);
    }
  });
});

describe("attack triggers", () => {
  it("'When this attacks' resolves before the fight", () => {
    const set = `set ATK "Attack" for duel\n\ncard "Charging Pup" {\n  type: Unit — Beast\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    When this attacks, this gets +2 power until end of turn.\n}\n`;
    const bundle = lowerWorkspace([...files, { path: "attack.cards", text: set }]).bundles.find((b) => b.game.id === "duel")!;
    const e = createEngine(bundle);
    const { state } = e.setupBoard({ turn: 3, active: "p1", players: { p1: { zones: { Field: ["Charging Pup"] } }, p2: { zones: { Field: ["Stone Guard"] } } } });
    const [pup, guard] = [state.players.p1!.zones.Field![0]!, state.players.p2!.zones.Field![0]!];
    const result = e.apply(state, { type: "attack", player: "p1", attacker: pup, target: { card: guard } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.cards[guard]!.zone).toBe("Graveyard");
    expect(result.state.cards[pup]!.zone).toBe("Field");
    const kinds = result.events.map((ev) => ev.kind);
    expect(kinds.indexOf("modify")).toBeLessThan(kinds.indexOf("fight"));
  });
});
