// The game's statechart (runtime/core/flow.ts): built from the game file (its phases in order, the
// response model's windows and who holds priority, game over), and kept in step with the game.
import { describe, expect, it } from "vitest";
import { createEngine, type Action, type Engine, type GameState } from "../../runtime/index.ts";
import { bundleOf } from "../../bench/bundles.ts";
import { checkInvariants } from "../../runtime/simulate.ts";

const GAMES = ["duel", "chromatic", "cybervamp"] as const;

describe("each game's statechart, against its game file", () => {
  for (const id of GAMES) {
    it(`${id}: the phases in order, a window (held by either player) iff the response model opens windows, PHASE_DONE to the next phase, the last passing the turn`, () => {
      const bundle = bundleOf(id);
      const engine = createEngine(bundle);
      const { flow } = engine.rules;
      const model = String(bundle.game.params["response_model"] ?? "instant");
      const windows = model !== "instant";
      const root = flow.machine.root;
      expect(Object.keys(root.states)).toEqual(["turn", "over"]);
      expect(root.states["over"]!.type).toBe("final");
      expect(flow.machine.config.meta).toEqual({ game: bundle.game.id, responseModel: model });
      const phases = bundle.game.phases.map((p) => p.name);
      expect(Object.keys(root.states["turn"]!.states)).toEqual(phases);
      for (const [i, phase] of phases.entries()) {
        const node = root.states["turn"]!.states[phase]!;
        expect(Object.keys(node.states)).toEqual(windows ? ["open", "choice", "window"] : ["open", "choice"]);
        if (windows) expect(Object.keys(node.states["window"]!.states)).toEqual(["active_player", "opponent"]);
        const next = flow.send({ turn: { [phase]: "open" } }, { type: "PHASE_DONE" });
        expect(flow.phaseOf(next.value)).toBe(phases[(i + 1) % phases.length]);
        expect(next.actions.some((a) => a.type === "passTurn")).toBe(i === phases.length - 1);
        expect(flow.isOver(flow.send({ turn: { [phase]: "choice" } }, { type: "GAME_OVER" }).value)).toBe(true);
      }
      expect(flow.hasWindows).toBe(windows);
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
  return [flow.phaseOf(state.flow), flow.substateOf(state.flow), flow.holderOf(state.flow)].filter(Boolean).join(" ");
};

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
    expect(cast.at).toBe(`Pre-Battle window ${cast.state.priority!.player === "p1" ? "active_player" : "opponent"}`);
    expect(cast.state.stack.length).toBe(1);
    let { state } = cast;
    const seen: string[] = [cast.at];
    // Both players respond or pass until the stack is empty again.
    for (let guard = 0; guard < 10 && state.stack.length > 0; guard++) {
      const responds = (a: Action) => a.type === "play" && a.player === "p2";
      const next = step(engine, state, engine.legalActions(state).some(responds) ? responds : (a) => a.type === "pass");
      state = next.state;
      seen.push(next.at);
      if (state.stack.length > 0) expect(next.at).toBe(`Pre-Battle window ${state.priority!.player === "p1" ? "active_player" : "opponent"}`);
    }
    expect(state.stack).toEqual([]);
    expect(chartAt(engine, state)).toBe("Pre-Battle open");
    expect(seen.some((s) => s.endsWith("opponent"))).toBe(true);
    expect(seen.some((s) => s.endsWith("active_player"))).toBe(true);
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
    const wrongHolder: GameState = { ...state, flow: { turn: { "Pre-Battle": { window: "active_player" } } } };
    expect(checkInvariants(engine, wrongHolder).join()).toMatch(/statechart is at .*active_player.* but the game is in Pre-Battle, window \(priority: opponent\)/);
    const noWindow: GameState = { ...state, flow: { turn: { "Pre-Battle": "open" } } };
    expect(checkInvariants(engine, noWindow).join()).toMatch(/statechart is at .*open.* but the game is in Pre-Battle, window/);
  });
});
