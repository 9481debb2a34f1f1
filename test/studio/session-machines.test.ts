/**
 * The studio's session machines without a browser (XState actors in Node, real engines): the
 * table session (a person deciding, a card picked and aimed, time travel and branching, the bot's
 * turn one move at a time) and the scenario stepper (running, at a failure, paused at a
 * breakpoint, stepping). The browser tests drive the same machines through the views.
 */
import path from "node:path";
import { createActor, waitFor } from "xstate";
import { beforeAll, describe, expect, it } from "vitest";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { repoDir } from "../../studio/server/build.ts";
import { TableSession } from "../../studio/src/table/session.ts";
import { aimOf, tableMachine, tableStateName } from "../../studio/src/table/table-machine.ts";
import { stepperMachine } from "../../studio/src/table/stepper-machine.ts";
import type { SourceFile } from "../../compiler/model.ts";

let duel: Engine;
let files: SourceFile[];

beforeAll(async () => {
  const root = path.join(repoDir, "cards");
  const read = await readWorkspaceFiles([root]);
  files = read.files.map((f) => ({ path: path.relative(root, path.resolve(f.path)).split(path.sep).join("/"), text: f.text }));
  const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
  duel = createEngine(lowered.bundles.find((b) => b.game.id === "duel")!);
}, 120_000);

const name = (actor: { getSnapshot(): { matches(v: unknown): boolean } }) => tableStateName(actor.getSnapshot());

describe("the table session machine", () => {
  it("starts in a person's hands, plays a lone action at once, aims a targeted one, travels back and branches", async () => {
    const actor = createActor(tableMachine).start();
    actor.send({ type: "SEAT", seat: "human" });
    // Riptide and two enemy units: the board of the browser test, built by the engine's setup.
    const board = duel.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { resources: { Crystal: 2 }, zones: { Hand: ["Riptide", "Scout"] } }, p2: { zones: { Field: ["Ember Squire", "Scout"] } } } });
    actor.send({ type: "START", create: async () => TableSession.from(duel, board.state, board.events, "setup") });
    await waitFor(actor, (s) => s.matches({ playing: "human" }), { timeout: 20_000 });
    const session = actor.getSnapshot().context.session!;
    const ofCard = (card: string) => session.legalActions().filter((a) => (a as { card?: string }).card === card);
    const inHand = (cardName: string) => session.state.players.p1!.zones.Hand!.find((id) => session.cardName(id) === cardName)!;
    // Riptide aims: picking, then a target.
    const riptide = inHand("Riptide");
    actor.send({ type: "PICK", card: riptide, actions: ofCard(riptide) });
    expect(name(actor)).toBe("picking");
    expect(actor.getSnapshot().context.picked!.actions.every((a) => aimOf(a))).toBe(true);
    const squire = session.state.players.p2!.zones.Field!.find((id) => session.cardName(id) === "Ember Squire")!;
    actor.send({ type: "TARGET", target: { card: squire } });
    expect(name(actor)).toBe("human");
    expect(session.state.players.p2!.zones.Hand).toContain(squire);
    // Scout has one way to be played and nothing to aim at: played at once.
    const scout = inHand("Scout");
    actor.send({ type: "PICK", card: scout, actions: ofCard(scout) });
    expect(name(actor)).toBe("human");
    expect(session.state.players.p1!.zones.Field).toContain(scout);
    // Back to the start: time travel; acting there branches and leaves it.
    actor.send({ type: "GO_TO", index: 0 });
    expect(name(actor)).toBe("timeTravel");
    actor.send({ type: "STEP_EVENT", delta: 1 });
    expect(name(actor)).toBe("timeTravel");
    actor.send({ type: "GO_TO", index: 0 });
    const steps = session.history.length;
    actor.send({ type: "ACT", action: ofCard(inHand("Scout"))[0]! });
    expect(name(actor)).toBe("human");
    expect(session.history.length).toBe(2);
    expect(steps).toBe(3);
    actor.stop();
  });

  it("plays the bot's turn one move at a time, each a step of its own, then hands back to the person", async () => {
    const actor = createActor(tableMachine).start();
    actor.send({ type: "SEAT", seat: "bot" });
    actor.send({ type: "START", create: () => TableSession.start(duel, 7) });
    await waitFor(actor, (s) => s.matches({ playing: "human" }), { timeout: 60_000 });
    const session = actor.getSnapshot().context.session!;
    // The growth of the history between two snapshots both in botTurn (one bot move at a time: 1).
    const seen: number[] = [];
    let previous: number | undefined;
    actor.subscribe((s) => {
      const length = s.context.session!.history.length;
      if (s.matches({ playing: "botTurn" })) {
        if (previous !== undefined) seen.push(length - previous);
        previous = length;
      } else previous = undefined;
    });
    // A person plays p1 by ending phases; the bot plays p2. A few rounds, until the bot has moved several times.
    const botMoves = () => session.history.filter((h) => (h.action as { player?: string } | undefined)?.player === "p2").length;
    for (let i = 0; i < 60 && botMoves() < 4 && !session.state.over; i++) {
      await waitFor(actor, (s) => !s.matches({ playing: "botTurn" }), { timeout: 60_000 });
      const move = session.legalActions().find((a) => a.type === "end_phase" || a.type === "pass");
      if (!move || session.decider() !== "p1") break;
      actor.send({ type: "ACT", action: move });
    }
    await waitFor(actor, (s) => !s.matches({ playing: "botTurn" }), { timeout: 60_000 });
    expect(botMoves()).toBeGreaterThanOrEqual(2);
    // Every bot move was its own transition: while in botTurn, the history grows by one at a time.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((growth) => growth === 1)).toBe(true);
    actor.stop();
  });
});

describe("the scenario stepper machine", () => {
  it("runs, opens at a failure, pauses at a breakpoint, steps", async () => {
    const failing = { path: "duel/scenarios/machine-failing.scenario", text: `scenario "machine: wrong" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Field Medic", "Scout"\n}\np1 play "Field Medic"\nexpect p1 life 99\np1 play "Scout"\n` };
    const actor = createActor(stepperMachine).start();
    actor.send({ type: "RUN", files: [...files, failing], only: failing.path });
    expect(actor.getSnapshot().matches("running")).toBe(true);
    await waitFor(actor, (s) => s.matches("open"), { timeout: 60_000 });
    expect(actor.getSnapshot().matches({ open: "atFailure" })).toBe(true);
    const run = actor.getSnapshot().context.runs![0]!;
    expect(run.passed).toBe(false);
    actor.send({ type: "GOTO", index: 0 });
    expect(actor.getSnapshot().matches({ open: "stepping" })).toBe(true);
    // A breakpoint on a card whose play is noted in the trace: the next stop is there.
    actor.send({ type: "TOGGLE_BREAKPOINT", name: "Field Medic" });
    const stops = run.events.flatMap((e, i) => (["trigger", "fire", "push", "suppressed", "appended"].includes(e.kind) && (e.name ?? e.text).startsWith("Field Medic") ? [i] : []));
    actor.send({ type: "TO_BREAKPOINT", direction: 1 });
    expect(stops.length).toBeGreaterThan(0); // Field Medic's PLAY ability is noted
    expect(actor.getSnapshot().matches({ open: "paused" })).toBe(true);
    expect(actor.getSnapshot().context.cursor).toBe(stops[0]);
    // No breakpoint further on: TO_BREAKPOINT stays put.
    actor.send({ type: "GOTO", index: run.events.length - 1 });
    actor.send({ type: "TO_BREAKPOINT", direction: 1 });
    expect(actor.getSnapshot().context.cursor).toBe(run.events.length - 1);
    actor.send({ type: "STEP", delta: 1 });
    expect(actor.getSnapshot().matches({ open: "paused" })).toBe(false);
    actor.stop();
  });
});
