/**
 * The board at every event (studio/src/table/event-boards.ts) and the engine's `statePerEvent`
 * it replays with: a state per event, the last one the step's own state, the events the same as
 * without it; the stack at each event says who cast each item and what it targets; a countered
 * spell leaves the stack when it is countered; a fizzled one when it resolves.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import type { SourceFile } from "../../compiler/model.ts";
import { repoDir } from "../../studio/server/build.ts";
import { boardAt, runScenarios, type ScenarioRun } from "../../studio/src/table/scenarios.ts";
import { stackOf } from "../../studio/src/table/event-boards.ts";

let runs: ScenarioRun[];

beforeAll(async () => {
  const read = await readWorkspaceFiles([path.join(repoDir, "cards")]);
  const files: SourceFile[] = read.files.map((f) => ({ path: path.relative(path.join(repoDir, "cards"), path.resolve(f.path)).split(path.sep).join("/"), text: f.text }));
  runs = await runScenarios(files, "cybervamp/scenarios/response-chain.scenario");
}, 120_000);

const run = (name: RegExp) => {
  const found = runs.find((r) => name.test(r.name));
  if (!found) throw new Error(`no scenario ${name}`);
  expect(found.failures).toEqual([]);
  return found;
};

describe("the board at every event", () => {
  it("the engine's statePerEvent: one state per event, the last the step's own, the same events as without it", () => {
    const counter = run(/^Counter target spell/);
    const engine = counter.setup!.engine;
    for (const segment of counter.segments!.filter((s) => s.action)) {
      const plain = engine.apply(segment.before, segment.action!);
      const stepped = engine.apply(segment.before, segment.action!, { statePerEvent: true });
      expect(plain.ok && stepped.ok).toBe(true);
      if (!plain.ok || !stepped.ok) continue;
      expect(stepped.events).toEqual(plain.events);
      expect(plain.states).toBeUndefined();
      expect(stepped.states).toHaveLength(stepped.events.length);
      // The last event's state; the step may still change what no event reports (who has priority).
      expect(stepped.states!.at(-1)!.seq).toBe(plain.state.seq);
      expect(stepped.states!.every((s, i) => s.seq === stepped.events[i]!.seq + 1)).toBe(true);
    }
  });

  it("a counter spell's stack: who cast each item and what it targets; the countered spell leaves the stack when countered", () => {
    const counter = run(/^Counter target spell/);
    const engine = counter.setup!.engine;
    const stackAt = (i: number) => stackOf(engine, boardAt(counter, i)!.state).map((e) => `${e.controller} ${e.cardName ?? e.label} → ${e.targets.map((t) => t.name ?? t.player).join(", ")}`);
    const pushOf = (name: string) => counter.events.findIndex((e) => e.kind === "push" && e.name === name);
    const counterPushed = pushOf("Counterhack");
    expect(stackAt(pushOf("Arterial Spray"))).toEqual(["p1 Arterial Spray → p2"]);
    expect(stackAt(counterPushed)).toEqual(["p2 Counterhack → Arterial Spray", "p1 Arterial Spray → p2"]);
    // Inside the step where both pass: Counterhack resolves and Arterial Spray is countered, with no pop of its own.
    const countered = counter.events.findIndex((e, i) => i > counterPushed && e.kind === "fizzle" && e.text.startsWith("Arterial Spray"));
    expect(countered).toBeGreaterThan(counterPushed);
    expect(counter.events.some((e) => e.kind === "pop" && e.name === "Arterial Spray")).toBe(false);
    expect(stackAt(countered - 1).join("\n")).toContain("Arterial Spray");
    expect(stackAt(countered).join("\n")).not.toContain("Arterial Spray");
    expect(stackAt(counter.events.length - 1)).toEqual([]);
    // Every board is the state right after its event (the replay matched the run).
    for (let i = 0; i < counter.events.length; i++) expect(boardAt(counter, i)!.exact).toBe(true);
  });

  it("LIFO with a fizzle: the board between the response's resolution and the fizzle shows the first spell alone, its target already gone", () => {
    const lifo = run(/^LIFO/);
    const engine = lifo.setup!.engine;
    const destroyed = lifo.events.findIndex((e) => e.kind === "move" && e.name === "Hemorrhage Stalker" && e.to === "Discard Pile");
    const fizzle = lifo.events.findIndex((e) => e.kind === "fizzle");
    expect(destroyed).toBeGreaterThan(0);
    const board = boardAt(lifo, destroyed)!.state;
    expect(stackOf(engine, board).map((e) => e.cardName)).toEqual(["Adrenal Surge"]);
    expect(board.players.p1!.zones["Discard Pile"]!.map((id) => engine.rules.cards.get(board.cards[id]!.def)!.name)).toContain("Hemorrhage Stalker");
    expect(stackOf(engine, boardAt(lifo, fizzle)!.state)).toEqual([]);
    // The step's end is the run's own board.
    const lastOfStep = lifo.segments!.find((s) => fizzle >= s.eventStart && fizzle < s.eventEnd)!;
    expect(boardAt(lifo, lastOfStep.eventEnd - 1)!.state).toBe(lastOfStep.after);
  });
});
