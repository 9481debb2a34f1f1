// The game's statechart (runtime/core/flow.ts + each response model's chart in runtime/models/):
// built from the game file (its phases in order, the response model's own states, the windows and
// who holds priority, game over), each state linked to its game-file line, and kept in step with
// the game — at every decision and at every event of a resolution.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import { createEngine, type Action, type Engine, type GameState } from "../../runtime/index.ts";
import { bundleOf } from "../../bench/bundles.ts";
import { checkInvariants, randomDeck } from "../../runtime/simulate.ts";
import { runScenario } from "../../runtime/scenario.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { engineFor } from "../../scripts/trace-hashes.ts";
import type { PhaseDef, SourceRef } from "../../compiler/ir.ts";

const GAMES = ["duel", "chromatic", "cybervamp"] as const;
const root = path.resolve(import.meta.dirname, "../..");

type Node = AnyStateMachine["root"];
const childKeys = (node: Node) => Object.keys(node.states);
const hasRuleStep = (phase: PhaseDef, rule: string) => phase.steps.some((s) => s.op === "rule" && s.rule === rule);

/** The states a phase must have, read from the game file itself (its response model, its steps, its params). */
function expectedPhaseStates(params: Record<string, unknown>, phase: PhaseDef): string[] {
  const model = String(params["response_model"] ?? "instant");
  if (model === "stack") return ["open", "choice", "stack", ...(phase.auto ? [] : ["phase_end"]), ...(hasRuleStep(phase, "respond") ? ["window"] : [])];
  if (model === "chain")
    return ["open", "choice", "actions", "chain", ...(String(params["priority_actions"] ?? "").split(/\s+/).includes("phase_change") ? ["phase_end"] : []), ...(hasRuleStep(phase, "priority") ? ["window"] : [])];
  return ["open", "choice", "resolving"];
}

/** The text of the game file a source range covers (its first line). */
const lineAt = (source: SourceRef) => readFileSync(path.join(root, source.file), "utf8").split("\n")[source.range.start.line - 1]!;

describe("each game's statechart, against its game file", () => {
  for (const id of GAMES) {
    it(`${id}: the phases in order, the response model's own states in each, PHASE_DONE to the next phase, the last passing the turn`, () => {
      const bundle = bundleOf(id);
      const engine = createEngine(bundle);
      const { flow } = engine.rules;
      const model = String(bundle.game.params["response_model"] ?? "instant");
      const machineRoot = flow.machine.root;
      expect(childKeys(machineRoot)).toEqual(["turn", "over"]);
      expect(machineRoot.states["over"]!.type).toBe("final");
      expect(flow.machine.config.meta).toMatchObject({ game: bundle.game.id, responseModel: model });
      const phases = bundle.game.phases;
      expect(childKeys(machineRoot.states["turn"]!)).toEqual(phases.map((p) => p.name));
      for (const [i, phase] of phases.entries()) {
        const node = machineRoot.states["turn"]!.states[phase.name]!;
        expect(childKeys(node), phase.name).toEqual(expectedPhaseStates(bundle.game.params, phase));
        for (const holder of ["phase_end", "window"]) if (node.states[holder]) expect(childKeys(node.states[holder]!)).toEqual(["active_player", "opponent"]);
        if (model === "stack") {
          expect(childKeys(node.states["stack"]!)).toEqual(["building", "resolving", "fizzle"]);
          expect(childKeys(node.states["stack"]!.states["building"]!)).toEqual(["active_player", "opponent"]);
        }
        if (model === "chain") {
          expect(childKeys(node.states["actions"]!)).toEqual(["waiting", "resolving", "fizzle"]);
          expect(childKeys(node.states["chain"]!)).toEqual(["built", "ordering", "resolving", "appended"]);
        }
        const next = flow.send({ turn: { [phase.name]: "open" } }, { type: "PHASE_DONE" });
        expect(flow.phaseOf(next.value)).toBe(phases[(i + 1) % phases.length]!.name);
        expect(next.actions.some((a) => a.type === "passTurn")).toBe(i === phases.length - 1);
        expect(flow.isOver(flow.send({ turn: { [phase.name]: "choice" } }, { type: "GAME_OVER" }).value)).toBe(true);
      }
      expect(flow.hasWindows).toBe(model !== "instant");
    });

    it(`${id}: every state of a phase reaches every other by the chart's own transitions (the engine can always show where the game is)`, () => {
      const { flow } = createEngine(bundleOf(id)).rules;
      const byPhase = new Map<string, string[]>();
      for (const leaf of flow.leaves) {
        const [turn, phase, ...rest] = leaf.split(".");
        if (turn !== "turn") continue;
        byPhase.set(phase!, [...(byPhase.get(phase!) ?? []), rest.join(".")]);
      }
      for (const [phase, leaves] of byPhase) {
        for (const from of leaves) {
          const value = leafValue(phase, from);
          for (const to of leaves) {
            const moved = flow.moveTo(value, to);
            expect(moved, `${phase}: ${from} → ${to}`).not.toBeNull();
            expect(flow.leafOf(moved!.value)).toBe(to);
            expect(flow.phaseOf(moved!.value)).toBe(phase);
          }
        }
      }
    });

    it(`${id}: each state links to the game-file line that defines it`, () => {
      const bundle = bundleOf(id);
      const { flow } = createEngine(bundle).rules;
      const model = String(bundle.game.params["response_model"] ?? "instant");
      for (const phase of bundle.game.phases) {
        const node = flow.machine.root.states["turn"]!.states[phase.name]!;
        const meta = node.meta as { source: SourceRef };
        expect(meta.source).toEqual(phase.source);
        expect(lineAt(meta.source)).toMatch(new RegExp(`^phase ${phase.name}\\b`));
        expect((node.states["open"]!.meta as { source: SourceRef }).source).toEqual(phase.source);
        for (const key of ["stack", "chain", "resolving"]) {
          const state = node.states[key];
          if (state) expect(lineAt((state.meta as { source: SourceRef }).source)).toMatch(new RegExp(`^param response_model = ${model}`));
        }
        if (node.states["actions"]) expect(lineAt((node.states["actions"].meta as { source: SourceRef }).source)).toMatch(/^param priority_actions = /);
        if (node.states["stack"]) expect(lineAt((node.states["stack"].states["fizzle"]!.meta as { source: SourceRef }).source)).toMatch(/^param fizzle_when = /);
        if (node.states["window"]) expect(lineAt((node.states["window"].meta as { source: SourceRef }).source)).toMatch(new RegExp(`^phase ${phase.name}\\b`));
      }
    });
  }
});

/** The snapshot value of a leaf below a phase: `Main`, `stack.building.opponent` → `{turn: {Main: {stack: {building: "opponent"}}}}`. */
function leafValue(phase: string, leaf: string): unknown {
  const parts = leaf.split(".");
  let value: unknown = parts[parts.length - 1];
  for (let i = parts.length - 2; i >= 0; i--) value = { [parts[i]!]: value };
  return { turn: { [phase]: value } };
}

/** Plays `pick`'s action and returns the new state with the chart's sub-state and priority holder. */
function step(engine: Engine, state: GameState, pick: (a: Action) => boolean): { state: GameState; at: string } {
  const action = engine.legalActions(state).find(pick);
  expect(action).toBeDefined();
  const applied = engine.apply(state, action!);
  expect(applied.ok).toBe(true);
  if (!applied.ok) throw new Error(applied.refusal.message);
  return { state: applied.state, at: chartAt(engine, applied.state) };
}

const chartAt = (engine: Engine, state: GameState) => {
  const { flow } = engine.rules;
  return `${flow.phaseOf(state.flow)} ${flow.leafOf(state.flow)}`;
};

/**
 * A bundled scenario run, and the chart at every event of it: "<event kind> <leaf>" per event,
 * each step replayed with `statePerEvent` from the state before it (as the studio's stepper does).
 */
function chartPerEvent(engine: Engine, file: string, name: string): string[] {
  const scenario = parseScenarioFile(readFileSync(path.join(root, file), "utf8"), file).scenarios.find((s) => s.name.startsWith(name))!;
  expect(scenario, name).toBeDefined();
  const result = runScenario(engine, scenario, { keepStates: true });
  expect(result.failures).toEqual([]);
  const out: string[] = [];
  let before = result.initialState!;
  for (const run of result.steps) {
    if (run.action) {
      const applied = engine.apply(before, run.action, { statePerEvent: true });
      if (!applied.ok) throw new Error(applied.refusal.message);
      expect(applied.events).toEqual(result.events.slice(run.eventStart, run.eventEnd));
      applied.events.forEach((event, i) => out.push(`${event.kind} ${engine.rules.flow.leafOf(applied.states![i]!.flow)}`));
      expect(checkInvariants(engine, applied.state)).toEqual([]);
    }
    if (run.state) before = run.state;
  }
  return out;
}

describe("the statechart follows the game", () => {
  it("CYBERVAMP: a spell opens a window, priority moves to the opponent, a response and both passes resolve it and close the window", () => {
    const engine = createEngine(bundleOf("cybervamp"));
    const start = engine.setupBoard({
      turn: 3,
      active: "p1",
      phase: "Pre-Battle",
      players: { p1: { zones: { Battlefield: ["Crimson Substation", "Gold Exchange"], Hand: ["Arterial Spray"] } }, p2: { zones: { Battlefield: ["Neon Abattoir", "Bullion Vault"], Hand: ["Arterial Spray"] } } },
    }).state;
    expect(chartAt(engine, start)).toBe("Pre-Battle open");
    const cast = step(engine, start, (a) => a.type === "play" && a.player === "p1");
    expect(cast.at).toBe(`Pre-Battle stack.building.${cast.state.priority!.player === "p1" ? "active_player" : "opponent"}`);
    expect(cast.state.stack.length).toBe(1);
    let { state } = cast;
    const seen: string[] = [cast.at];
    for (let guard = 0; guard < 10 && state.stack.length > 0; guard++) {
      const responds = (a: Action) => a.type === "play" && a.player === "p2";
      const next = step(engine, state, engine.legalActions(state).some(responds) ? responds : (a) => a.type === "pass");
      state = next.state;
      seen.push(next.at);
      if (state.stack.length > 0) expect(next.at).toBe(`Pre-Battle stack.building.${state.priority!.player === "p1" ? "active_player" : "opponent"}`);
    }
    expect(state.stack).toEqual([]);
    expect(chartAt(engine, state)).toBe("Pre-Battle open");
    expect(seen.some((s) => s.endsWith("opponent"))).toBe(true);
    expect(seen.some((s) => s.endsWith("active_player"))).toBe(true);
    // The active player ends the phase: the opponent holds priority before it ends.
    const ending = step(engine, state, (a) => a.type === "end_phase");
    expect(ending.at).toBe("Pre-Battle phase_end.opponent");
    expect(step(engine, ending.state, (a) => a.type === "pass").at).toBe("Battle open");
  });

  it("CYBERVAMP, event by event: spell, response, both pass, the response resolves, the spell fizzles", () => {
    const events = chartPerEvent(engineFor("cybervamp", true), "cards/cybervamp/scenarios/response-chain.scenario", "LIFO: the response resolves first");
    const at = (kind: string) => events.filter((e) => e.startsWith(`${kind} `));
    expect(at("push")).toEqual(["push stack.building.opponent", "push stack.building.active_player"]);
    expect(at("pop")).toEqual(["pop stack.resolving", "pop stack.resolving"]);
    expect(at("fizzle")).toEqual(["fizzle stack.fizzle"]);
    // The passes: after p2's response p1 passes (p2 holds priority), p2 passes and the top resolves.
    const pops = events.map((e, i) => (e.startsWith("pop ") ? i : -1)).filter((i) => i >= 0);
    expect(events[pops[0]! - 1]).toBe("action stack.building.opponent");
    expect(events[events.length - 1]).toMatch(/ stack\.fizzle$|^move stack\.fizzle$/);
  });

  it("Chromatic, event by event: a chain built, its abilities resolving depth first, the opponent's appended ability at its end", () => {
    const events = chartPerEvent(engineFor("chromatic", true), "cards/chromatic/scenarios/chains.scenario", "17.1 Opponent at the end of each chain");
    const chainEvents = events.filter((e) => /^(chain_start|appended|fire|chain_end|phase_end)/.test(e));
    expect(chainEvents.slice(0, 7)).toEqual([
      "chain_start chain.built",
      "appended chain.built",
      "fire chain.resolving",
      "fire chain.resolving",
      "fire chain.resolving",
      "fire chain.appended",
      "chain_end chain.appended",
    ]);
    expect(chainEvents).toContain("chain_start chain.built");
    // The run starts with the priority player's ordering of their noted abilities.
    expect(events.some((e) => e.endsWith("chain.ordering")) || events.some((e) => e.startsWith("choice chain."))).toBe(true);
  });

  it("Chromatic: a spell waits for priority (17), the opponent's pass completes it; the phase change waits for the opponent too", () => {
    const engine = engineFor("chromatic", true);
    const events = chartPerEvent(engine, "cards/chromatic/scenarios/chains.scenario", "17.1 You draw for the opponent");
    expect(events).toContain("push actions.waiting.opponent");
    expect(events).toContain("pop actions.resolving");
  });

  it("Three-Slot Duel: what is played resolves at once (no window)", () => {
    const engine = createEngine(bundleOf("duel"));
    const start = engine.newGame({ seed: 3, decks: { p1: randomDeck(engine, 5), p2: randomDeck(engine, 6) } }).state;
    let state = start;
    const seen = new Set<string>();
    for (let i = 0; i < 60 && !state.over; i++) {
      const actions = engine.legalActions(state);
      const action = actions.find((a) => a.type === "play") ?? actions.find((a) => a.type !== "end_phase") ?? actions[0]!;
      const applied = engine.apply(state, action, { statePerEvent: true });
      if (!applied.ok) throw new Error(applied.refusal.message);
      applied.states!.forEach((s) => seen.add(engine.rules.flow.leafOf(s.flow) ?? "over"));
      state = applied.state;
      expect(checkInvariants(engine, state)).toEqual([]);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(["open", "resolving"]));
    expect([...seen].every((leaf) => ["open", "choice", "resolving", "over"].includes(leaf))).toBe(true);
  });
});

describe("the simulator's invariants watch the statechart", () => {
  it("reports a chart that shows the wrong holder of priority, or no window while one is open", () => {
    const engine = createEngine(bundleOf("cybervamp"));
    const start = engine.setupBoard({
      turn: 3,
      active: "p1",
      phase: "Pre-Battle",
      players: { p1: { zones: { Battlefield: ["Crimson Substation", "Gold Exchange"], Hand: ["Arterial Spray"] } }, p2: {} },
    }).state;
    const { state } = step(engine, start, (a) => a.type === "play");
    expect(checkInvariants(engine, state)).toEqual([]);
    const wrongHolder: GameState = { ...state, flow: { turn: { "Pre-Battle": { stack: { building: "active_player" } } } } };
    expect(checkInvariants(engine, wrongHolder).join()).toMatch(/statechart is at .*active_player.* but the game is in Pre-Battle, stack\.building\.opponent/);
    const noWindow: GameState = { ...state, flow: { turn: { "Pre-Battle": "open" } } };
    expect(checkInvariants(engine, noWindow).join()).toMatch(/statechart is at .*open.* but the game is in Pre-Battle, stack\.building\.opponent/);
    const stillResolving: GameState = { ...state, flow: { turn: { "Pre-Battle": { stack: "resolving" } } } };
    expect(checkInvariants(engine, stillResolving).join()).toMatch(/statechart is at .*resolving.* but the game is in Pre-Battle, stack\.building\.opponent/);
  });
});
