/**
 * Lead, session 41 (issue 11, outsider probe s41). Scenarios: cards/<game>/scenarios/lead-s41.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a toughness bonus only while attacking or blocking, where damage stays marked after the combat (F6)", () => {
  it("is CW6051: it runs as written, and the creature it kept alive is destroyed as the combat ends", () => {
    expect(probe("cybervamp", "creature", "Blocking creatures you control get +0/+2.").problems).toEqual(['CW6051 "Blocking creatures you control get +0/+2."']);
    expect(probe("cybervamp", "creature", "Attacking creatures you control get +1/+1.").problems).toEqual(['CW6051 "Attacking creatures you control get +1/+1."']);
    expect(probe("chromatic", "creature", "[Green] Blocking creatures you control get +0/+2.").problems).toEqual(['CW6051 "[Green] Blocking creatures you control get +0/+2."']);
  });

  it("is no warning for power alone, a bonus until end of turn, or a game without damage (Three-Slot Duel)", () => {
    expect(probe("cybervamp", "creature", "Attacking creatures you control get +2/+0.").problems).toEqual([]);
    expect(probe("cybervamp", "creature", "Whenever a creature you control blocks, it gets +0/+2 until end of turn.").problems).toEqual([]);
    expect(probe("duel", "unit", "Defending units you control get +1 power.").problems.filter((p) => p.startsWith("CW6051"))).toEqual([]);
  });
});

describe("'Whenever you cast a spell that targets …' (F5)", () => {
  it("is CW6001 in Chromatic, whose spells select their abilities, and so their targets, after they are cast", () => {
    expect(probe("chromatic", "creature", "[Base] Whenever you cast a spell that targets a creature, gain 2 life.").problems).toEqual(['CW6001 "Whenever you cast a spell that targets a creature"']);
  });

  it("reads the targets the spell is played with in CYBERVAMP and Three-Slot Duel", () => {
    const cv = probe("cybervamp", "creature", "Whenever you play a spell that targets a creature, gain 1 life.");
    expect(cv.problems).toEqual([]);
    expect(cv.abilities[0]!.trigger).toMatchObject({ event: "cast", object: { kind: "card", selector: { targeting: { cards: { cardTypes: ["Creature"] } } } } });
    expect(probe("duel", "unit", "Whenever you play a spell that targets a unit, gain 1 life.").problems).toEqual([]);
  });
});

describe("'Whenever you erase a card' (F1)", () => {
  it("is each card erased by that player, the zone it left read after 'from'", () => {
    expect(probe("duel", "unit", "Whenever you erase a card, draw a card.").abilities[0]!.trigger).toMatchObject({ event: "enters", zone: "Oblivion", by: "you" });
    expect(probe("duel", "unit", "Whenever an opponent erases a unit card, gain 1 life.").abilities[0]!.trigger).toMatchObject({ event: "enters", zone: "Oblivion", by: "opponent", subject: { kind: "card", selector: { cardTypes: ["Unit"] } } });
    expect(probe("duel", "unit", "Whenever you erase a card from an opponent's graveyard, draw a card.").abilities[0]!.trigger).toMatchObject({ event: "enters", zone: "Oblivion", from: "Graveyard", by: "you", subject: { kind: "card", selector: { controller: "opponent" } } });
  });
});
