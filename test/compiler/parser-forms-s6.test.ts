/**
 * Issue 11, session 6 (lang-fixes-b): costs, limits and names outside designers wrote — cost changes for
 * "your opponents", "Activate this only once each turn.", a card named with a game-file word — checked and
 * lowered as `cardwright check` does. What they do in play: cards/cybervamp/scenarios/issue11-s6-costs.scenario.
 */
import { describe, expect, it } from "vitest";
import { irShape, probeCards, probeFile } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("cost changes", () => {
  it("'Spells your opponents cast cost 1 more.' parses and is a cost static on the opponents' cards (was CW1003 at 'Spells')", () => {
    for (const text of ["Spells your opponents cast cost 1 more.", "Spells an opponent casts cost 1 more.", "Spells each opponent casts cost 1 more."]) {
      const p = probe("cybervamp", "creature", text);
      expect(p.problems).toEqual([]);
      expect(p.abilities.map((a) => a.statics)).toEqual([[{ kind: "cost", affects: { cardTypes: ["Spell"], controller: "opponent" }, amount: -1 }]]);
      expect(p.readsAs).toEqual(["Spells your opponents cast cost 1 more."]);
    }
    const creature = probe("cybervamp", "creature", "Creature spells your opponents cast cost {1} more.");
    expect(creature.abilities.map((a) => a.statics)).toEqual([[{ kind: "cost", affects: { cardTypes: ["Creature"], controller: "opponent" }, amount: -1, generic: true }]]);
  });

  it("'Your spells cost {1} less.' is 'Spells you cast cost {1} less.' (was CW6001)", () => {
    const your = probe("cybervamp", "creature", "Your spells cost {1} less.");
    expect(your.problems).toEqual([]);
    expect(irShape(your.abilities)).toEqual(irShape(probe("cybervamp", "creature", "Spells you cast cost {1} less.").abilities));
  });

  it("a caster the engine cannot tell apart stays a note at the words", () => {
    expect(probe("cybervamp", "creature", "Spells target opponent casts cost 1 more.").problems).toEqual(['CW6001 "Spells target opponent casts cost 1 more"']);
  });
});

describe("'Activate this only once each turn.'", () => {
  const limited = (text: string) => probe("cybervamp", "creature", text).abilities.map((a) => [a.kind, a.timesPerTurn, a.steps.map((s) => s.op)]);

  it("limits the activated ability it follows, on its line or the next (was CW6001; the ability ran any number of times)", () => {
    expect(limited("Exhaust: Draw a card. Activate this only once each turn.")).toEqual([["activated", 1, ["draw"]]]);
    expect(limited("{R}: This gets +1/+0 until end of turn.\nActivate only once each turn.")).toEqual([["activated", 1, ["modify"]]]);
    expect(limited("{R}: This gets +1/+0 until end of turn. Activate this ability only twice each turn.")).toEqual([["activated", 2, ["modify"]]]);
    expect(limited("{R}: This gets +1/+0 until end of turn. Activate only three times per turn.")).toEqual([["activated", 3, ["modify"]]]);
    const p = probe("cybervamp", "creature", "Exhaust: Draw a card. Activate this only once each turn.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Exhaust: Draw a card. Activate this only once each turn."]);
  });

  it("another limit is not read as one: a note at its words", () => {
    expect(probe("cybervamp", "creature", "{R}: This gets +1/+0 until end of turn. Activate this only during your turn.").problems).toContain('CW6001 "Activate this only during your turn"');
    expect(probe("cybervamp", "creature", "Activate only once each turn.").problems).toEqual(['CW6001 "Activate only once each turn"']);
  });
});

describe("a card named with game-file words names itself", () => {
  it("'Static Burst deals 2 damage', 'When Rule Breaker enters play' and a name of card-language words parse and mean this card (were CW1003)", () => {
    const card = (name: string, type: string, text: string) => `card "${name}" {\n  ${type}\n  faction: Red\n  cost: {R}\n  text:\n    ${text}\n}\n\n`;
    const file =
      'set T "t" for cybervamp\n\n' +
      card("Static Burst", "type: Spell", "Static Burst deals 2 damage to any target.") +
      card("Rule Breaker", "type: Creature — Vampire\n  stats: 2/2", "When Rule Breaker enters play, draw a card.") +
      card("Deal Breaker", "type: Creature — Vampire\n  stats: 2/2", "When Deal Breaker enters play, Deal Breaker deals 1 damage to any target.") +
      // The name's words are the name only where the whole name is written with its capitals.
      card("Draw Two", "type: Spell", "Draw two cards.");
    expect(probeFile("cybervamp", file).map((a) => [a.readsAs, a.problems])).toEqual([
      ["This deals 2 damage to any target.", []],
      ["When this enters play, draw a card.", []],
      ["When this enters play, this deals 1 damage to any target.", []],
      ["Draw 2 cards.", []],
    ]);
  });
});

describe("repetition: '... twice', '... three times'", () => {
  it("repeats every part of the clause it ends (was dropped silently: one pass)", () => {
    const ops = (game: string, kind: string, text: string) => probe(game, kind, text).abilities.map((a) => a.steps.map((s) => s.op));
    expect(ops("cybervamp", "spell", "Deal 1 damage to each creature and each player twice.")).toEqual([["damage", "damage", "damage", "damage"]]);
    expect(ops("cybervamp", "spell", "Draw a card three times.")).toEqual([["draw", "draw", "draw"]]);
    const rally = probe("duel", "unit", "PLAY: Target unit gets +1 power until end of turn twice.");
    expect(rally.problems).toEqual([]);
    expect(rally.abilities[0]!.targets.length).toBe(1);
    expect(rally.readsAs).toEqual(["PLAY: Target unit gets +1 power until end of turn, then gets +1 power until end of turn."]);
  });

  it("'can attack twice' is no repetition and no Haste: a note (was read as 'can attack the turn it enters play')", () => {
    expect(probe("cybervamp", "creature", "This can attack twice each turn.").problems).toEqual(['CW6001 "This can attack twice each turn"']);
    expect(probe("duel", "unit", "This unit can attack the turn it enters play.").readsAs).toEqual(["This can attack the turn it enters play."]);
  });
});

describe("tokens summoned", () => {
  it("'Summon two Gray Beast tokens.' makes them as 'Create' does (a summon of a token found no card: nothing happened)", () => {
    expect(irShape(probe("duel", "spell", "Summon two Gray Beast tokens.").abilities)).toEqual(irShape(probe("duel", "spell", "Create two Gray Beast tokens.").abilities));
  });

  it("'a 2 power Gray Wolf token': the number before a stat's name is the stat (was: two tokens of no power)", () => {
    const wolf = probe("duel", "spell", "Summon a 2 power Gray Wolf token.");
    expect(wolf.problems).toEqual([]);
    expect(wolf.abilities[0]!.steps).toMatchObject([{ op: "create_token", amount: 1, token: { name: "Wolf", stats: { power: 2 } } }]);
    expect(wolf.readsAs).toEqual(["Create a 2 power Wolf token."]);
  });
});
