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
/** The node of a phase's activity: the phase itself, or its `activity` region beside its `steps`. */
const activityOf = (node: Node) => (node.type === "parallel" ? node.states["activity"]! : node);
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
        const phaseNode = machineRoot.states["turn"]!.states[phase.name]!;
        // A phase with step lines: its steps and what the players do, side by side.
        if (phase.steps.length > 0) expect([phaseNode.type, childKeys(phaseNode)]).toEqual(["parallel", ["steps", "activity"]]);
        else expect(phaseNode.type, phase.name).toBe("compound");
        const node = activityOf(phaseNode);
        expect(childKeys(node), phase.name).toEqual(expectedPhaseStates(bundle.game.params, phase));
        for (const holder of ["phase_end", "window"]) if (node.states[holder]) expect(childKeys(node.states[holder]!)).toEqual(["active_player", "opponent"]);
        // A resolution that may stop for a choice keeps the choice inside it.
        const resolutions = { stack: ["stack.resolving"], chain: ["actions.resolving", "chain.resolving", "chain.appended"], instant: ["resolving"] }[model]!;
        for (const path of resolutions) expect(childKeys(path.split(".").reduce((n, key) => n.states[key]!, node)), path).toEqual(["running", "choice"]);
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

    it(`${id}: a phase's step lines are its steps' states, in the game file's order, each linked to its words; NEXT_STEP goes through them to done`, () => {
      const bundle = bundleOf(id);
      const { flow } = createEngine(bundle).rules;
      const text = readFileSync(path.join(root, bundle.game.file), "utf8");
      let withSteps = 0;
      for (const phase of bundle.game.phases) {
        const node = flow.machine.root.states["turn"]!.states[phase.name]!;
        // The step lines as the game file writes them: `phase Battle { declare_attackers; respond; ... }`.
        const written = (lineAt(phase.source).match(/\{([^}]*)\}/)?.[1] ?? "").split(";").map((w) => w.trim()).filter(Boolean);
        expect(phase.lines?.map((l) => l.text) ?? [], phase.name).toEqual(written);
        if (written.length === 0) {
          expect(node.states["steps"], phase.name).toBeUndefined();
          expect(flow.stepsOf(phase.name)).toEqual([]);
          continue;
        }
        withSteps++;
        const steps = node.states["steps"]!;
        const keys = childKeys(steps);
        expect(keys).toEqual(flow.stepsOf(phase.name));
        expect(keys.at(-1)).toBe("done");
        expect(keys.length).toBe(written.length + 1);
        written.forEach((words, i) => {
          const state = steps.states[keys[i]!]!;
          // Named by the line's first word (a repeated one numbered), described and linked by its words.
          expect(keys[i]!.replace(/_\d+$/, "")).toBe(words.split(/\s+/)[0]!.toLowerCase());
          expect(state.description).toBe(`step ${i + 1}: ${words}`);
          const source = (state.meta as { source: SourceRef }).source;
          expect(text.slice(source.range.start.offset, source.range.end.offset)).toBe(words);
          const next = flow.send({ turn: { [phase.name]: { steps: keys[i], activity: "open" } } }, { type: "NEXT_STEP" });
          expect(flow.stepOf(next.value)).toBe(keys[i + 1]);
          expect(flow.leafOf(next.value)).toBe("open");
          expect(next.actions).toEqual([]);
        });
        // Entering the phase starts at its first step line.
        const before = bundle.game.phases[(bundle.game.phases.indexOf(phase) + bundle.game.phases.length - 1) % bundle.game.phases.length]!;
        const entered = flow.send(flow.settledIn(before.name), { type: "PHASE_DONE" });
        expect([flow.phaseOf(entered.value), flow.stepOf(entered.value), flow.leafOf(entered.value)]).toEqual([phase.name, keys[0], "open"]);
      }
      expect(withSteps).toBeGreaterThan(0);
    });

    it(`${id}: every state of a phase reaches every other by the chart's own transitions, at any step (the engine can always show where the game is)`, () => {
      const { flow } = createEngine(bundleOf(id)).rules;
      expect(flow.configurations.length).toBeGreaterThan(0);
      for (const from of flow.configurations) {
        for (const to of flow.configurations) {
          if (to.phase !== from.phase) continue;
          if (to.step === from.step) {
            const moved = flow.moveTo(from.value, to.leaf);
            expect(moved, `${from.phase}: ${from.leaf} → ${to.leaf}`).not.toBeNull();
            expect([flow.phaseOf(moved!.value), flow.leafOf(moved!.value), flow.stepOf(moved!.value)]).toEqual([to.phase, to.leaf, to.step]);
          }
          if (to.leaf === from.leaf && to.step !== null && from.step !== null) {
            // Steps only go forward: a later step (or done) is reached by NEXT_STEP alone, the activity unchanged.
            const steps = flow.stepsOf(from.phase);
            const line = steps.indexOf(to.step);
            const moved = flow.toStep(from.value, line);
            if (line <= steps.indexOf(from.step)) expect(moved).toBeNull();
            else {
              expect([flow.stepOf(moved), flow.leafOf(moved)]).toEqual([to.step, to.leaf]);
              expect(flow.eventsBetween(from.value, moved)).toEqual(Array(line - steps.indexOf(from.step)).fill("NEXT_STEP"));
            }
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
        const activity = activityOf(node);
        expect((activity.states["open"]!.meta as { source: SourceRef }).source).toEqual(phase.source);
        for (const key of ["stack", "chain", "resolving"]) {
          const state = activity.states[key];
          if (state) expect(lineAt((state.meta as { source: SourceRef }).source)).toMatch(new RegExp(`^param response_model = ${model}`));
        }
        if (activity.states["actions"]) expect(lineAt((activity.states["actions"].meta as { source: SourceRef }).source)).toMatch(/^param priority_actions = /);
        if (activity.states["stack"]) expect(lineAt((activity.states["stack"].states["fizzle"]!.meta as { source: SourceRef }).source)).toMatch(/^param fizzle_when = /);
        if (activity.states["window"]) expect(lineAt((activity.states["window"].meta as { source: SourceRef }).source)).toMatch(new RegExp(`^phase ${phase.name}\\b`));
      }
    });
  }
});

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
function chartPerEvent(engine: Engine, file: string, name: string, show: (flow: Engine["rules"]["flow"], value: unknown) => string | null = (flow, value) => flow.leafOf(value)): string[] {
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
      applied.events.forEach((event, i) => out.push(`${event.kind} ${show(engine.rules.flow, applied.states![i]!.flow)}`));
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
    expect(at("pop")).toEqual(["pop stack.resolving.running", "pop stack.resolving.running"]);
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
      "fire chain.resolving.running",
      "fire chain.resolving.running",
      "fire chain.resolving.running",
      "fire chain.appended.running",
      "chain_end chain.appended.running",
    ]);
    expect(chainEvents).toContain("chain_start chain.built");
    // The run starts with the priority player's ordering of their noted abilities.
    expect(events.some((e) => e.endsWith("chain.ordering")) || events.some((e) => e.startsWith("choice chain."))).toBe(true);
  });

  it("Chromatic: a spell waits for priority (17), the opponent's pass completes it; the phase change waits for the opponent too", () => {
    const engine = engineFor("chromatic", true);
    const events = chartPerEvent(engine, "cards/chromatic/scenarios/chains.scenario", "17.1 You draw for the opponent");
    expect(events).toContain("push actions.waiting.opponent");
    expect(events).toContain("pop actions.resolving.running");
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
    expect([...seen].sort()).toEqual(expect.arrayContaining(["open", "resolving.running"]));
    expect([...seen].every((leaf) => ["open", "choice", "resolving.running", "resolving.choice", "over"].includes(leaf))).toBe(true);
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

  it("reports a chart at the wrong step of a phase (ahead of the game, behind it, or done too early)", () => {
    const engine = createEngine(bundleOf("cybervamp"));
    const start = engine.setupBoard({ turn: 3, active: "p1", phase: "Pre-Battle", players: { p1: { zones: { Battlefield: ["Blood Broker"] } }, p2: { zones: { Battlefield: ["Hemorrhage Stalker"] } } } }).state;
    const ended = step(engine, start, (a) => a.type === "end_phase");
    const battle = step(engine, ended.state, (a) => a.type === "pass");
    // Declaring attackers: the first step waits for p1's choice.
    expect(battle.at).toBe("Battle choice");
    expect(engine.rules.flow.stepOf(battle.state.flow)).toBe("declare_attackers");
    expect(checkInvariants(engine, battle.state)).toEqual([]);
    for (const wrong of ["declare_blockers", "combat_damage", "done"]) {
      const moved: GameState = { ...battle.state, flow: { turn: { Battle: { steps: wrong, activity: "choice" } } } };
      expect(checkInvariants(engine, moved).join(), wrong).toMatch(new RegExp(`statechart's Battle step is ${wrong} but the game's is declare_attackers`));
    }
    // The window after attackers: at respond, declare_blockers next; a chart still at declare_attackers is behind.
    const declared = step(engine, battle.state, (a) => a.type === "choose" && a.cards?.length === 1);
    expect(engine.rules.flow.stepOf(declared.state.flow)).toBe("respond");
    expect(checkInvariants(engine, declared.state)).toEqual([]);
    expect(engine.rules.flow.leafOf(declared.state.flow)).toBe("window.active_player");
    const behind: GameState = { ...declared.state, flow: { turn: { Battle: { steps: "declare_attackers", activity: { window: "active_player" } } } } };
    expect(checkInvariants(engine, behind).join()).toMatch(/Battle step is declare_attackers but the game's is respond or declare_blockers/);
  });
});

/** "<event kind> <step> <leaf>" at each event. */
const stepAndLeaf = (flow: Engine["rules"]["flow"], value: unknown) => `${flow.stepOf(value)} ${flow.leafOf(value)}`;
/** The events of one phase of a run, without repeats of the same chart state in a row. */
const stepsSeen = (events: string[]) => events.map((e) => e.split(" ")[1]!).filter((step, i, all) => step !== "null" && step !== all[i - 1]);

describe("the statechart goes through each phase's steps as the engine runs them", () => {
  it("CYBERVAMP Battle: declare attackers, respond (window), declare blockers, respond, combat damage, done — each event at its step", () => {
    const events = chartPerEvent(engineFor("cybervamp", true), "cards/cybervamp/scenarios/battle.scenario", "A blocker and its attacker deal their power", stepAndLeaf);
    // What combat damage kills is destroyed in the step (before the battle ends: it dies attacking or blocking).
    expect(stepsSeen(events)).toEqual(["declare_attackers", "respond", "declare_blockers", "respond_2", "combat_damage"]);
    expect(events).toContain("phase declare_attackers open");
    expect(events).toContain("attack declare_attackers open");
    expect(events).toContain("push respond window.active_player");
    expect(events).toContain("block declare_blockers open");
    expect(events).toContain("push respond_2 window.active_player");
    // The window closed as the rest of the phase's steps went on.
    expect(events.filter((e) => e.startsWith("damage "))).toEqual(["damage combat_damage open", "damage combat_damage open"]);
    expect(events.filter((e) => e.startsWith("destroyed "))).toEqual(["destroyed combat_damage open", "destroyed combat_damage open"]);
  });

  it("Chromatic Combat: declare attackers, priority, declare blockers, priority, combat damage (the attacker divides it), done", () => {
    const events = chartPerEvent(engineFor("chromatic", true), "cards/chromatic/scenarios/combat.scenario", "21 Several blockers: all the damage on one blocker", stepAndLeaf);
    expect(stepsSeen(events)).toEqual(["declare_attackers", "priority", "declare_blockers", "priority_2", "combat_damage", "done"]);
    expect(events).toContain("attack declare_attackers open");
    expect(events).toContain("push priority window.opponent");
    expect(events).toContain("block declare_blockers open");
    expect(events).toContain("push priority_2 window.active_player");
    // The attacker's choice of how to divide its damage is the step's; the damage follows it.
    expect(events.some((e) => e.startsWith("choice combat_damage "))).toBe(true);
    expect(events).toContain("damage combat_damage open");
    expect(events).toContain("destroyed combat_damage open");
  });

  it("Chromatic Combat: the attack trigger's chain runs inside the priority step after declare attackers", () => {
    const events = chartPerEvent(engineFor("chromatic", true), "cards/chromatic/scenarios/combat.scenario", "18-21 Declare attackers", stepAndLeaf);
    expect(events).toContain("chain_start priority chain.built");
    expect(events).toContain("fire priority chain.resolving.running");
    expect(events).toContain("choice priority chain.resolving.choice");
    expect(events).toContain("damage combat_damage open");
  });

  it("Three-Slot Duel Start: draw 1, gain 1 Crystal, done — then the Play phase, which has no steps", () => {
    const engine = createEngine(bundleOf("duel"));
    const start = engine.newGame({ seed: 3, decks: { p1: randomDeck(engine, 5), p2: randomDeck(engine, 6) } }).state;
    let state = start;
    const seen: string[] = [];
    for (let i = 0; i < 40 && !state.over && state.turn < 3; i++) {
      const applied = engine.apply(state, engine.legalActions(state).find((a) => a.type === "end_phase") ?? engine.legalActions(state)[0]!, { statePerEvent: true });
      if (!applied.ok) throw new Error(applied.refusal.message);
      applied.events.forEach((event, i) => seen.push(`${event.phase} ${event.kind} ${engine.rules.flow.stepOf(applied.states![i]!.flow)}`));
      state = applied.state;
      expect(checkInvariants(engine, state)).toEqual([]);
    }
    const start2 = seen.findIndex((e) => e.startsWith("Start phase"));
    expect(seen.slice(start2, start2 + 3)).toEqual(["Start phase draw", "Start draw draw", "Start resource gain"]);
    expect(seen.filter((e) => e.startsWith("Play ")).every((e) => e.endsWith(" null"))).toBe(true);
    expect(seen.filter((e) => e.startsWith("End phase"))).toEqual(expect.arrayContaining(["End phase end_of_turn"]));
  });

  it("a phase step the first turn skips (first_player_draws = false) still ends at done", () => {
    const engine = engineFor("cybervamp");
    const state = engine.newGame({ seed: 2, decks: { p1: randomDeck(engine, 2), p2: randomDeck(engine, 3) } }).state;
    // The first player's first Renew skips its draw; the game waits in Pre-Battle, Renew's steps all behind it.
    expect(state.turn).toBe(1);
    expect(checkInvariants(engine, state)).toEqual([]);
  });
});

describe("a choice asked inside a resolution stays inside it in the chart", () => {
  const cases = [
    ["duel", "cards/duel/scenarios/cards-gray-blue.scenario", "Mind Leech: BREACH makes the opponent discard", "resolving.choice"],
    ["cybervamp", "cards/cybervamp/scenarios/wording-search.scenario", "Quiet Courier", "stack.resolving.choice"],
    ["chromatic", "cards/chromatic/scenarios/chains.scenario", "17.1 The loop stops", "chain.resolving.choice"],
    ["chromatic", "cards/chromatic/scenarios/chains.scenario", "17.1 Self-trigger", "actions.resolving.choice"],
    ["chromatic", "cards/chromatic/scenarios/chains.scenario", "17.1 You draw for the opponent", "chain.appended.choice"],
  ] as const;
  for (const [game, file, name, leaf] of cases) {
    it(`${game}: ${name} — the choice is ${leaf}, and the resolution runs on after it`, () => {
      const events = chartPerEvent(engineFor(game, true), file, name);
      const at = events.indexOf(`choice ${leaf}`);
      expect(at, events.join("\n")).toBeGreaterThanOrEqual(0);
      // After the answer, the same resolution runs on (until the model's next moment).
      const after = events.slice(at + 1).find((e) => !e.startsWith("choice "));
      if (after && !/^(fire|pop|push|chain_start|chain_end|phase|turn|priority) /.test(after)) expect(after.split(" ")[1]).toBe(leaf.replace(/choice$/, "running"));
    });
  }
});

describe("the engine's transition table is the machine's", () => {
  for (const [id, phase] of [["duel", undefined], ["cybervamp", undefined], ["chromatic", "Combat"]] as const) {
    it(`${id}${phase ? ` (${phase})` : ""}: every configuration × every event gives what XState's own transition() gives (next state and phase actions)`, async () => {
      const { transition } = await import("xstate");
      const { flow } = createEngine(bundleOf(id)).rules;
      // Every event any state of the chart handles.
      const events = new Set<string>();
      const walk = (node: Node) => {
        for (const type of Object.keys(node.on)) events.add(type);
        for (const child of Object.values(node.states)) walk(child);
      };
      walk(flow.machine.root);
      expect([...events]).toEqual(expect.arrayContaining(["GAME_OVER", "PHASE_DONE", "NEED_CHOICE", "CHOSEN"]));
      let compared = 0;
      for (const c of flow.configurations) {
        if (phase && c.phase !== phase) continue;
        const snapshot = flow.machine.resolveState({ value: c.value as never, context: {} });
        for (const type of events) {
          const [next, actions] = transition(flow.machine, snapshot, { type });
          const ours = flow.send(c.value, { type });
          expect(ours.value, `${JSON.stringify(c.value)} ${type}`).toEqual(next.value);
          expect(ours.actions.map((a) => `${a.type} ${"phase" in a ? a.phase : ""}`)).toEqual(actions.filter((a) => ["enterPhase", "exitPhase", "passTurn"].includes(a.type)).map((a) => `${a.type} ${(a.params as { phase?: string } | undefined)?.phase ?? ""}`));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }
});
