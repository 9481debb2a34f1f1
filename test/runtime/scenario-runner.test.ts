import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../grammar/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const files = ["cards/duel/duel.game", "cards/duel/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
const engine: Engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!);
const run = (text: string, options = {}) => {
  const file = parseScenarioFile(text, "s.scenario");
  expect(file.diagnostics).toEqual([]);
  return runScenario(engine, file.scenarios[0]!, options);
};

describe("scenario failures point at the step and the trace event", () => {
  const text = [
    `scenario "points" for duel`,
    `setup {`,
    `  turn 3 p1 phase Play`,
    `  p1 field: "Stone Guard"`,
    `  p1 hand: "Scout"`,
    `}`,
    `expect p2 life 10`,
    `p1 attack p2 with "Stone Guard"`,
    `expect p2 life 9`,
    `p1 play "Scout"`,
    `expect p1 field has "Scout"`,
    `expect p1 field count 5`,
  ].join("\n");

  it("a failed expectation carries its step index and the last event before it", () => {
    const result = run(text);
    const attack = result.steps[1]!;
    expect(attack).toMatchObject({ line: 8, kind: "action" });
    expect(attack.eventEnd).toBeGreaterThan(attack.eventStart);
    const [lifeFailure, countFailure] = result.failures;
    expect(lifeFailure).toMatchObject({ line: 9, stepIndex: 2, eventIndex: attack.eventEnd - 1, expected: "p2 life 9", actual: "p2 life 8" });
    // The event the stepper opens at is the attack's own last event, the life loss it checks.
    expect(result.events.slice(attack.eventStart, lifeFailure!.eventIndex! + 1).some((e) => e.kind === "life" || e.kind === "damage")).toBe(true);
    const play = result.steps[3]!;
    expect(play.eventStart).toBe(attack.eventEnd);
    expect(countFailure).toMatchObject({ line: 12, stepIndex: 5, eventIndex: play.eventEnd - 1 });
    expect(result.steps.map((s) => s.line)).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it("a refused action stops the run and points at the events before it", () => {
    const result = run(`scenario "refused" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Tide Scholar"\n}\np1 play "Tide Scholar"\nexpect p1 life 10\n`);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ line: 6, stepIndex: 0, eventIndex: result.events.length - 1, message: "the action was refused" });
    expect(result.steps).toHaveLength(1);
  });

  it("failures found before the run have no step or event index", () => {
    const result = run(`scenario "names" for duel\nsetup {\n  p1 field: "Stone Gaurd"\n}\n`);
    expect(result.failures[0]!.stepIndex).toBeUndefined();
    expect(result.failures[0]!.eventIndex).toBeUndefined();
  });

  it("keepStates keeps the board after every step, each the state the next step started from", () => {
    const result = run(text, { keepStates: true });
    expect(result.initialState?.players.p2!.life).toBe(10);
    expect(result.steps[1]!.state?.players.p2!.life).toBe(8);
    expect(result.steps[3]!.state?.players.p1!.zones.Field!.length).toBe(2);
    expect(result.steps.at(-1)!.state).toBe(result.state);
    expect(run(text).steps[1]!.state).toBeUndefined();
  });
});
