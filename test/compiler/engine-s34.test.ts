/**
 * Issue 11, session 34 (engine): the outsider probe's honest diagnostics made to run.
 * Scenarios: cards/duel/scenarios/engine-s34.*, cards/chromatic/scenarios/engine-s34.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("for the rest of the game", () => {
  it("on one card ('For the rest of the game, target unit you control gets +2 power.', '... can't attack for the rest of the game.') it runs with no end (was CW6005)", () => {
    const lead = probe("duel", "spell", "For the rest of the game, target unit you control gets +2 power.");
    expect(lead.problems).toEqual([]);
    expect(lead.readsAs).toEqual(["Target unit you control gets +2 power."]);
    expect(probe("chromatic", "spell", "Target creature you control gets +2/+2 for the rest of the game.").problems).toEqual([]);
    const restriction = probe("duel", "unit", "PLAY: Target enemy unit can't attack for the rest of the game.");
    expect(restriction.problems).toEqual([]);
    expect(restriction.readsAs).toEqual(["PLAY: Target unit an opponent controls can't attack."]);
  });

  it("on a group it is CW6001 naming the form without it: a unit that enters later would not get it (was CW6005)", () => {
    const group = probeCards("duel", [{ kind: "spell", text: "For the rest of the game, units you control get +1 power." }])[0]!;
    expect(group.problems).toEqual(['CW6001 "For the rest of the game"']);
    expect(probe("chromatic", "spell", "Creatures you control get +1/+1 for the rest of the game.").problems).toEqual(['CW6001 "for the rest of the game"']);
  });

  it("on a static it is not read: a static lasts while its card is in play (CW6005 at the words, as before)", () => {
    expect(probe("duel", "unit", "Other units you control get +1 power for the rest of the game.").problems).toEqual(['CW6005 "the rest of the game"']);
  });
});

describe("'Choose up to two —'", () => {
  it("picks one or two modes as it is cast: the sets of one mode, then of two (was CW6001, run as 'Choose one')", () => {
    const p = probe("duel", "spell", "Choose up to two — Draw a card; or target unit gets +2 power until end of turn; or gain 1 life.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Choose up to two — Draw a card; or Target unit gets +2 power until end of turn; or Gain 1 life."]);
    const step = p.abilities[0]!.steps[0] as { op: string; modes: { text: string }[] };
    expect(step.modes.map((m) => m.text)).toEqual([
      "Draw a card",
      "target unit gets +2 power until end of turn",
      "gain 1 life",
      "Draw a card and target unit gets +2 power until end of turn",
      "Draw a card and gain 1 life",
      "target unit gets +2 power until end of turn and gain 1 life",
    ]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, choose up to two — gain 2 Life; or Spark 1; or draw a card.").problems).toEqual([]);
    expect(probe("duel", "spell", "Choose any number — Draw a card; or gain 1 life.").problems).toEqual([]);
  });

  it("more than there are modes stays CW6001", () => {
    expect(probe("duel", "spell", "Choose up to three — Draw a card; or gain 2 life.").problems).toEqual(['CW6001 "up to three"']);
  });
});

describe("'that player' after a card named before", () => {
  it("is that card's controller when no player was named (was CW6001 'names no player here')", () => {
    const each = probe("chromatic", "spell", "Exhaust target creature. Each other creature that player controls gets -1/-0 until end of turn.");
    expect(each.problems).toEqual([]);
    expect(each.readsAs).toEqual(["[Red] Exhaust target creature, then each other Creature its controller controls gets -1/-0 until end of turn."]);
    const gains = probe("duel", "spell", "Destroy target unit. That player gains 3 life.");
    expect(gains.problems).toEqual([]);
    expect(gains.readsAs).toEqual(["Destroy target unit, then its controller gains 3 life."]);
  });

  it("a target player stays whom it names", () => {
    expect(probe("cybervamp", "spell", "Exhaust target creature and deal 1 damage to target player for each creature that player controls.").readsAs).toEqual([
      "Exhaust target creature, then deal 1 damage to target player for each Creature they control.",
    ]);
    expect(probe("chromatic", "creature", "[Base] When this enters play, that player loses 1 life.").problems).toEqual(['CW6001 "that player"']);
  });
});

describe("moving counters", () => {
  it("'Move all power counters from A onto B.' / 'Move a power counter ...' remove from A, then put that many on B (was CW6001)", () => {
    const all = probe("duel", "spell", "Move all power counters from target unit you control onto another target unit you control.");
    expect(all.problems).toEqual([]);
    expect(all.readsAs).toEqual(["Remove all power counters from target unit you control, then put that many power counters on another target unit you control."]);
    const one = probe("chromatic", "creature", "[Base] When this enters play, move a defense counter from another target creature you control onto this.");
    expect(one.problems).toEqual([]);
    expect(one.readsAs).toEqual(["[Base] When this enters play, remove a defense counter from another target creature you control, then put that many defense counters on this."]);
  });

  it("no kind of counter, or from each of several cards: CW6001 naming the form", () => {
    expect(probe("chromatic", "spell", "Move all counters from target creature onto another target creature.").problems).toEqual(['CW6001 "Move all counters from target creature onto another target creature"']);
    expect(probe("duel", "spell", "Move all power counters from each unit you control onto target unit.").problems).toEqual(['CW6001 "Move all power counters from each unit you control onto target unit"']);
  });
});

describe("an alternative cost", () => {
  it("'You may discard a card rather than pay this card's cost.' is one CW1007 saying the engine has no alternative cost (was CW1003 + CW1007 'expected a target or amount, found \"pay\"')", () => {
    const p = probe("duel", "spell", "You may discard a card rather than pay this card's cost.");
    expect(p.problems).toEqual([`CW1007 "You may discard a card rather than pay this card's cost."`]);
    const without = probe("chromatic", "spell", "Return target creature card from your Graveyard to your hand. You may play it without paying its cost.");
    expect(without.problems).toEqual(['CW1007 "You may play it without paying its cost."']);
  });
});
