/**
 * Issue 11, session 41 (cards). Scenarios: cards/{duel,cybervamp,chromatic}/scenarios/cards-s41.*.
 * - A subject with a filter shared by joined clauses names one set, chosen as the sentence starts resolving.
 * - A word of a condition no reader reads is CW6014 (an error: the card is not played), as every note on a condition is.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";
import type { Step } from "../../compiler/ir.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;
const strip = (steps: Step[]) => JSON.parse(JSON.stringify(steps, (k, v) => (k === "source" ? undefined : v))) as Step[];
const stepsOf = (game: string, kind: string, text: string) => JSON.stringify(strip(probe(game, kind, text).abilities.flatMap((a) => a.steps)));

describe("a filtered subject shared by joined clauses is one set, chosen once (was read again before each clause)", () => {
  it("players: one per_player step whose players are checked before any acts, every clause theirs", () => {
    for (const [game, kind, text, readsAs] of [
      ["duel", "spell", "Each player with 5 or less life gains 2 life and draws a card.", "Each player with 5 or less life gains 2 life, then draws a card."],
      ["cybervamp", "spell", "Each opponent with 3 or more Bleed counters loses 1 life and discards a card.", "Each opponent with 3 or more Bleed counters loses 1 life, then discards a card."],
      ["cybervamp", "spell", "Each opponent who controls a Vampire loses 1 life and discards a card.", "Each opponent who controls a Vampire loses 1 life, then discards a card."],
      ["chromatic", "spell", "[Purple] Each player with 5 or less life gains 2 life and draws a card.", "[Purple] Each player with 5 or less life gains 2 life, then draws a card."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
      const steps = strip(p.abilities[0]!.steps);
      expect(steps).toHaveLength(1);
      expect(steps[0]).toMatchObject({ op: "per_player", among: {} });
      // Both clauses inside the one run, under no second check.
      const run = steps[0] as Extract<Step, { op: "per_player" }>;
      expect(run.steps).toHaveLength(2);
      expect(run.steps.some((s) => s.op === "if")).toBe(false);
      // The reads-as text compiles back to the same IR.
      expect(stepsOf(game, kind, readsAs)).toEqual(JSON.stringify(steps));
    }
  });

  it("one clause is the same set (among), and two sentences are two sets", () => {
    expect(strip(probe("duel", "spell", "Each player with 5 or less life gains 2 life.").abilities[0]!.steps)).toEqual([
      { op: "per_player", who: { kind: "each_player" }, among: { kind: "life_at_most", who: { kind: "acting" }, value: 5 }, steps: [{ op: "gain_life", who: { kind: "acting" }, amount: 2 }] },
    ]);
    const two = strip(probe("duel", "spell", "Each player with 5 or less life gains 2 life. Each player with 5 or less life draws a card.").abilities.flatMap((a) => a.steps));
    expect(two.map((s) => s.op)).toEqual(["per_player", "per_player"]);
  });

  it("cards: the first clause takes the set, the later ones act on it (IR Affected `set`)", () => {
    for (const [game, kind, text, readsAs] of [
      // (`gets +1/+1 and gains Haste` is one change since session 42 — one step, one set: below.)
      ["cybervamp", "spell", "Each creature with power 2 or less gets +1/+1 and can't block this turn.", "Each Creature with power 2 or less gets +1/+1 until end of turn, then can't block until end of turn."],
      ["duel", "spell", "Each unit with 2 or less power gets +2 power and can't be targeted this turn.", "Each Unit with power 2 or less gets +2 power until end of turn, then can't be targeted until end of turn."],
      ["chromatic", "spell", "[Yellow] Each creature with 2 or less attack gets +1/+1 and can't block this turn.", "[Yellow] Each Creature with attack 2 or less gets +1/+1 until end of turn, then can't block until end of turn."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
      const [first, second] = strip(p.abilities[0]!.steps) as Extract<Step, { op: "modify" }>[];
      expect(first!.on).toMatchObject({ kind: "cards", set: { takes: true } });
      expect(second!.on).toMatchObject({ kind: "cards", set: {} });
      const [a, b] = [first!.on, second!.on] as Extract<Extract<Step, { op: "modify" }>["on"], { kind: "cards" }>[];
      expect(b!.set!.label).toBe(a!.set!.label);
      expect(b!.set!.takes).toBeUndefined();
      expect(stepsOf(game, kind, readsAs)).toEqual(JSON.stringify(strip(p.abilities[0]!.steps)));
    }
  });

  it("a change of stats and keywords joined by `and` is one step: the set is read once, with nothing to share (session 42)", () => {
    for (const [game, text, readsAs] of [
      ["cybervamp", "Each creature with power 2 or less gets +1/+1 and gains Haste until end of turn.", "Each Creature with power 2 or less gets +1/+1 and gains Haste until end of turn."],
      ["chromatic", "[Yellow] Each creature with 2 or less attack gets +1/+1 and gains Flying until end of turn.", "[Yellow] Each Creature with attack 2 or less gets +1/+1 and gains Flying until end of turn."],
    ] as const) {
      const p = probe(game, "spell", text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
      const steps = strip(p.abilities[0]!.steps) as Extract<Step, { op: "modify" }>[];
      expect(steps).toHaveLength(1);
      expect(steps[0]!.keywords?.length).toBe(1);
      expect(Object.keys(steps[0]!.stats ?? {})).toHaveLength(2);
      expect(stepsOf(game, "spell", readsAs)).toEqual(JSON.stringify(steps));
    }
  });

  it("a place shared by two objects is no subject: no set ('Put two attack counters and a defense counter on each creature you control.')", () => {
    const steps = strip(probe("chromatic", "spell", "[Red] Put two attack counters and a defense counter on each creature you control.").abilities[0]!.steps);
    expect(JSON.stringify(steps)).not.toContain('"set"');
  });
});

describe("a word of a condition that no reader reads is CW6014, never a CW6005 warning that plays the guess", () => {
  it("names the words and the condition the engine would check instead", () => {
    for (const [game, kind, text, words, instead] of [
      ["duel", "spell", "If your life is beneath 5, draw a card.", "beneath", "If you have exactly 5 life, draw a card."],
      ["duel", "spell", "Draw a card if your life is beneath 5.", "beneath", "If you have exactly 5 life, draw a card."],
      ["cybervamp", "creature", "As long as your life is beneath 5, this gets +1/+1.", "beneath", ""],
      ["duel", "spell", "If you control a unit with power beneath 3, draw a card.", "beneath", "If you control a Unit with power 3, draw a card."],
      ["chromatic", "spell", "[Red] If your life is beneath 5, draw a card.", "beneath", ""],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6014 "${words}"`] });
      expect(p.messages[0]).toContain("so the card is not played");
      expect(p.messages[0]).toContain(`"${words}" is not read by the engine`);
      if (instead) expect(p.messages[0]).toContain(`as in "${instead}"`);
    }
  });

  it("a word the engine does not read outside a condition stays CW6005 (a warning)", () => {
    expect(probe("duel", "spell", "Return target enemy unit to its owner's hand in combat.").problems).toEqual(['CW6005 "combat"']);
    expect(probe("cybervamp", "creature", "Whenever a creature you control deals combat damage to a player twice, draw a card.").problems).toEqual(['CW6005 "twice"']);
  });
});

describe("misleading messages of the session 40 probe: the words the engine does not run, said so", () => {
  it("an ability in quotes given to a card is CW6001 saying so (was CW2007 'Unknown card \"DEATH: Draw a card.\"')", () => {
    for (const [game, kind, text, quoted] of [
      ["duel", "unit", 'PLAY: Target unit gains "DEATH: Draw a card." until end of turn.', "DEATH: Draw a card."],
      ["cybervamp", "creature", 'Creatures you control have "Whenever this attacks, draw a card."', "Whenever this attacks, draw a card."],
    ] as const) {
      const p = probe(game, kind, text);
      expect(p.problems.some((x) => x.startsWith("CW2007"))).toBe(false);
      expect(p.messages[0]).toContain(`"${quoted}" is an ability in quotes, and the engine does not give a card an ability written in quotes`);
    }
    // A quoted card name is still looked up (CW2007 with a did-you-mean when it is not the game's).
    expect(probe("duel", "unit", 'PLAY: Return a "Stone Gaurd" from your graveyard to your hand.').problems.some((x) => x.startsWith("CW2007"))).toBe(true);
  });

  it("a replacement of making tokens names the event the engine does not replace (was CW2099 'The token \"\" has no defense')", () => {
    const p = probe("cybervamp", "creature", "If a token would be created under your control, create two of those tokens instead.");
    expect(p.messages.join("\n")).not.toContain('The token ""');
    expect(p.messages.some((m) => m.includes('"a token would be created under your control" is not an event the engine can replace'))).toBe(true);
  });
});

describe("Three-Slot Duel: a damage trigger in a game whose units fight by power (session 41 probe F7: clean, never fired in a fight)", () => {
  it("is CW6023 at its words, naming the fight trigger that runs", () => {
    for (const [text, words, suggestion] of [
      ["Whenever this deals damage to a unit, gain 1 life.", "deals damage to a unit", "Whenever this fights"],
      ["Whenever this is dealt damage, draw a card.", "dealt damage", "Whenever this survives a fight"],
    ] as const) {
      const p = probe("duel", "unit", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6023 "${words}"`] });
      expect(p.messages[0]).toContain(`For a fight write "${suggestion}"`);
    }
  });

  it("not where combat deals damage (CYBERVAMP, Chromatic), nor on a fight trigger", () => {
    expect(probe("cybervamp", "creature", "Whenever this deals damage to a creature, gain 1 life.").problems).toEqual([]);
    expect(probe("chromatic", "creature", "Whenever this is dealt damage, draw a card.").problems).toEqual([]);
    expect(probe("duel", "unit", "Whenever this fights, gain 1 life.").problems).toEqual([]);
  });
});
