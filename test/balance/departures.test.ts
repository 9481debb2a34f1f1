// Where a recorded game's player left the greedy bot's move (balance/departures.ts, bench/bots.ts --departures).
import { describe, expect, it } from "vitest";
import { playBatch } from "../../balance/batch.ts";
import { greedyDepartures } from "../../balance/departures.ts";
import { Evaluator } from "../../runtime/bots/index.ts";
import { greedyJudgement } from "../../runtime/bots/greedy.ts";
import { createEngine } from "../../runtime/index.ts";
import { loadGame, runSpec } from "./helpers.ts";

describe("departures from greedy's move", () => {
  it("a greedy seat never departs, a random seat does; a greedy move replaced by a worse one is reported at its move with both scores", async () => {
    const loaded = await loadGame("duel");
    const engine = createEngine(loaded.bundle);
    const spec = runSpec(loaded, { bots: { p1: "greedy", p2: "random" }, games: 1, seed: 5 });
    const [record] = playBatch(spec, { from: 0, to: 1 });
    const greedy = greedyDepartures(engine, spec.decks, record!, "p1");
    expect(greedy.decisions).toBeGreaterThan(5);
    expect(greedy.departures).toEqual([]);
    const random = greedyDepartures(engine, spec.decks, record!, "p2");
    expect(random.departures.length).toBeGreaterThan(0);
    for (const d of random.departures) {
      expect(d.takenScore).toBeLessThan(d.bestScore);
      expect(engine.legalActions(d.state)[record!.moves[d.move]!]).toEqual(d.taken);
    }

    // The first decision of the greedy seat at which some action scores lower: play that one instead, and stop there.
    const evaluator = new Evaluator(engine);
    let state = engine.newGame({ seed: record!.seed, decks: { p1: spec.decks[record!.seats.p1]!.cards, p2: spec.decks[record!.seats.p2]!.cards } }).state;
    for (const [move, index] of record!.moves.entries()) {
      const legal = engine.legalActions(state);
      if (legal.length > 1 && engine.decider(state) === "p1") {
        const { scores } = greedyJudgement(engine, evaluator, state, legal, "p1");
        const worse = scores.findIndex((s) => s < scores[index]!);
        if (worse >= 0) {
          const changed = { ...record!, moves: [...record!.moves.slice(0, move), worse] };
          const { departures } = greedyDepartures(engine, spec.decks, changed, "p1");
          expect(departures.map((d) => [d.move, d.takenScore, d.bestScore])).toEqual([[move, scores[worse], scores[index]]]);
          expect(departures[0]!.taken).toEqual(legal[worse]);
          return;
        }
      }
      const applied = engine.apply(state, legal[index]!);
      if (!applied.ok) throw new Error(applied.refusal.message);
      state = applied.state;
    }
    throw new Error("no decision of the greedy seat had a worse option");
  }, 300_000);
});
