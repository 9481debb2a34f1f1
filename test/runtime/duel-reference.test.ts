// The bench's fair reference (bench/duel-reference.ts) plays the same game as the engine on
// vanilla Three-Slot Duel: the same menu of actions (options per decision, each action type's
// share) and the same course of games (decisions and turns per game, first player's wins), over
// 2,000 random games each. A reference that offered fewer choices would fail here.
import { describe, expect, it } from "vitest";
import { createEngine } from "../../runtime/index.ts";
import { duelCards, emptyStats, engineStats, playReference, statsDiffer, vanilla } from "../../bench/duel-reference.ts";
import { engineFor } from "../../scripts/trace-hashes.ts";

const duel = engineFor("duel");
const bundle = vanilla({ game: duel.rules.game, cards: [...duel.rules.cards.values()] });

describe("the fair reference for vanilla Three-Slot Duel", () => {
  it("plays the same game as the engine (2,000 random games each)", { timeout: 600_000 }, () => {
    const engine = engineStats(createEngine(bundle), 2000, 1);
    const reference = emptyStats();
    playReference(duelCards(bundle), 2000, 1, reference);
    expect(engine.games).toBe(2000);
    expect(reference.games).toBe(2000);
    expect(statsDiffer(engine, reference)).toEqual([]);
    // Every kind of decision happens in both: plays, both kinds of attack, defenders and their choice, ends of phase.
    expect(Object.keys(reference.byType).sort()).toEqual(Object.keys(engine.byType).sort());
    expect(Object.keys(engine.byType).sort()).toEqual(["attack player", "attack unit", "choose", "defend", "end_phase", "play"]);
  });

  it("the comparison sees a reference that offers fewer choices", () => {
    const reference = emptyStats();
    playReference(duelCards(bundle), 300, 2, reference);
    // No defender choice (the old reference): its decisions become nothing, the rest stays.
    const noChoice = { ...reference, byType: { ...reference.byType, choose: 0 }, decisions: reference.decisions - (reference.byType["choose"] ?? 0) };
    expect(statsDiffer(reference, noChoice).some((d) => d.startsWith("share of choose"))).toBe(true);
    // Payment choices collapsed to one: fewer options per decision.
    const fewer = { ...reference, options: reference.options * 0.9 };
    expect(statsDiffer(reference, fewer)).toEqual([expect.stringMatching(/^options per decision/)]);
    expect(statsDiffer(reference, { ...reference })).toEqual([]);
  });
});
