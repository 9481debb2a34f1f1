/**
 * Issue 11, session 37 (lead): the words of an activated ability's cost are accounted for as the effect's are. A cost part
 * used to mark its whole clause read as soon as it paid anything, so a qualifier it does not pay with was dropped without
 * a word: "Sacrifice a damaged creature:" was paid with any creature, "Exhaust during your turn:" at any time.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a cost's words the engine does not pay with", () => {
  it("are CW6005 at those words, naming the cost that would be paid (were clean)", () => {
    for (const [text, words, readsAs] of [
      ["Sacrifice a damaged creature: Draw a card.", "damaged", "Sacrifice a Creature: Draw a card."],
      ["Exhaust during your turn: Draw a card.", "your turn", "Exhaust: Draw a card."],
      ["Exhaust this turn: Draw a card.", "this turn", "Exhaust: Draw a card."],
      ["Sacrifice a creature at random: Draw a card.", "random", "Sacrifice a Creature: Draw a card."],
      ["Sacrifice a 1/1 creature: Draw a card.", "1/1", "Sacrifice a Creature: Draw a card."],
      ["Sacrifice up to two creatures: Draw a card.", "up to", "Sacrifice 2 Creatures: Draw a card."],
      ["Pay 1 life for each creature you control: Draw a card.", "each creature you control", "Pay 1 life: Draw a card."],
    ] as const) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6005 "${words}"`] });
      expect(p.messages[0], text).toContain(`it would run as "${readsAs}"`);
    }
  });

  it("an additional cost's too", () => {
    const p = probeCards("cybervamp", [{ kind: "spell", text: "As an additional cost to cast this, sacrifice a damaged creature.\nDraw two cards." }])[0]!;
    expect(p.problems).toEqual(['CW6005 "damaged"']);
    expect(probeCards("cybervamp", [{ kind: "spell", text: "As an additional cost to cast this, sacrifice a Vampire.\nDraw two cards." }])[0]!.problems).toEqual([]);
  });

  it("'Sacrifice all / each …' is CW6001 (was paid as 99 creatures, or as one)", () => {
    for (const text of ["Sacrifice all creatures you control: Draw a card.", "Sacrifice each creature you control: Draw a card."]) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems }).toEqual({ text, problems: [`CW6001 "${text.slice(0, text.indexOf(":"))}"`] });
      expect(p.messages[0]).toContain('"Sacrifice a creature:"');
    }
  });

  it("leaves every cost the engine pays as written clean, with the reading it pays", () => {
    for (const [text, readsAs] of [
      ["Exhaust, Pay 2 life: Draw a card.", "Exhaust, Pay 2 life: Draw a card."],
      ["{R}, Exhaust: Draw a card.", "{R}, Exhaust: Draw a card."],
      ["Pay {P}: Draw a card.", "{P}: Draw a card."],
      ["Exhaust this creature: Draw a card.", "Exhaust: Draw a card."],
      ["Overexhaust: Draw a card.", "Overexhaust: Draw a card."],
      ["Sacrifice this card: Draw a card.", "Sacrifice this: Draw a card."],
      ["Sacrifice another Vampire you control: Draw a card.", "Sacrifice an other Vampire you control: Draw a card."],
      ["Sacrifice two Vampires: Draw a card.", "Sacrifice 2 Vampires: Draw a card."],
      ["Sacrifice an exhausted creature: Draw a card.", "Sacrifice an exhausted Creature: Draw a card."],
      ["Sacrifice a creature with power 2 or less: Draw a card.", "Sacrifice a Creature with power 2 or less: Draw a card."],
      ["Discard two cards: Draw a card.", "Discard 2 cards: Draw a card."],
      ["Gain 2 Bleed counters: Draw a card.", "Gain 2 Bleed counters: Draw a card."],
      ["Put a Bleed counter on yourself: Draw a card.", "Gain a Bleed counter: Draw a card."],
      ["Pay X life: Draw X cards.", "Pay X life: Draw cards equal to X."],
    ] as const) {
      const p = probe("cybervamp", "creature", text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
    }
    expect(probe("duel", "unit", "Remove a power counter from this: Draw a card.").problems).toEqual([]);
  });
});

describe("'twice' after a condition or a trigger", () => {
  it("is CW6005 at 'twice' (was clean: the zone or player phrase it ended was marked read whole)", () => {
    for (const text of [
      "When this enters play, if an opponent has four or more cards in hand twice, draw a card.",
      "Whenever a creature you control deals combat damage to a player twice, draw a card.",
      "When this enters play, if you control a Vampire twice, draw a card.",
    ]) expect({ text, problems: probe("cybervamp", "creature", text).problems }).toEqual({ text, problems: ['CW6005 "twice"'] });
  });

  it("still runs where a reader counts it", () => {
    for (const [game, kind, text, readsAs] of [
      ["cybervamp", "spell", "Draw a card twice.", "Draw a card, then draw a card."],
      ["chromatic", "spell", "[Red] Deal 2 damage to target creature, then deal twice that much damage to its controller.", "[Red] Deal 2 damage to target creature, then deal twice that much damage to its controller."],
      ["cybervamp", "creature", "Exhaust: Draw a card. Activate only twice each turn.", "Exhaust: Draw a card. Activate this only twice each turn."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs[0] }).toEqual({ text, problems: [], readsAs });
    }
  });
});
