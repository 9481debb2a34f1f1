/**
 * Issue 11, session 6 (lang-fixes-b): costs, limits and names outside designers wrote — cost changes for
 * "your opponents", "Activate this only once each turn.", a card named with a game-file word — checked and
 * lowered as `cardwright check` does. What they do in play: cards/cybervamp/scenarios/issue11-s6-costs.scenario.
 */
import { describe, expect, it } from "vitest";
import { irShape, probeCards, probeFile } from "./probe.ts";
import { formatFile } from "../../compiler/index.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("cost changes", () => {
  it("'Spells your opponents cast cost 1 more.' parses and is a cost static on the opponents' cards (was CW1003 at 'Spells')", () => {
    for (const text of ["Spells your opponents cast cost 1 more.", "Spells an opponent casts cost 1 more.", "Spells each opponent casts cost 1 more."]) {
      const p = probe("cybervamp", "creature", text);
      expect(p.problems).toEqual([]);
      expect(p.abilities.map((a) => a.statics)).toEqual([[{ kind: "cost", affects: { cardTypes: ["Spell"], controller: "opponent" }, change: "more", amount: 1 }]]);
      expect(p.readsAs).toEqual(["Spells your opponents cast cost 1 more."]);
    }
    const creature = probe("cybervamp", "creature", "Creature spells your opponents cast cost {1} more.");
    expect(creature.abilities.map((a) => a.statics)).toEqual([[{ kind: "cost", affects: { cardTypes: ["Creature"], controller: "opponent" }, change: "more", amount: 1, generic: true }]]);
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

  it("a limit the engine cannot keep is a note at its words; a limit with no activated ability before it is no limit", () => {
    expect(probe("cybervamp", "creature", "{R}: This gets +1/+0 until end of turn. Activate only as a sorcery.").problems).toEqual(['CW6001 "as a sorcery"']);
    expect(probe("cybervamp", "creature", "Activate only once each turn.").problems).toEqual(['CW6001 "Activate only once each turn"']);
  });

  it("'Activate only during your turn.' and other moments are the ability's activateOnly condition (session 10; was CW6001)", () => {
    const when = (text: string) => probe("cybervamp", "creature", text).abilities.map((a) => [a.timesPerTurn, a.activateOnly, a.steps.map((s) => s.op)]);
    expect(when("{R}: This gets +1/+0 until end of turn. Activate this only during your turn.")).toEqual([[undefined, { kind: "your_turn" }, ["modify"]]]);
    expect(when("Exhaust: Draw a card. Activate only during an opponent's turn.")).toEqual([[undefined, { kind: "not", condition: { kind: "your_turn" } }, ["draw"]]]);
    expect(when("Exhaust: Draw a card. Activate only during your Pre-Battle phase.")).toEqual([[undefined, { kind: "all", conditions: [{ kind: "your_turn" }, { kind: "phase", phase: "Pre-Battle" }] }, ["draw"]]]);
    expect(when("Exhaust: Draw a card. Activate only if you control a Vampire.")).toEqual([[undefined, { kind: "controls", who: { kind: "you" }, selector: { subtypes: ["Vampire"] }, atLeast: 1 }, ["draw"]]]);
    // Both limits, in one sentence or two.
    for (const text of ["Exhaust: Draw a card. Activate only once each turn and only during your turn.", "Exhaust: Draw a card. Activate only once each turn. Activate only during your turn.", "Exhaust: Draw a card.\nActivate only during your turn and only once each turn."])
      expect(when(text)).toEqual([[1, { kind: "your_turn" }, ["draw"]]]);
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
    expect(rally.readsAs).toEqual(["PLAY: Target unit gets +1 power until end of turn twice."]);
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
    expect(wolf.abilities[0]!.steps).toMatchObject([{ op: "create_token", amount: 1, token: { name: "Wolf", stats: { power: 2 }, colors: ["Gray"] } }]);
    expect(wolf.readsAs).toEqual(["Create a 2 power Gray Wolf token."]);
  });
});

describe("parser forms routed to the parser (were CW1003 / CW1007)", () => {
  it("run as written: 'you don't control', 'X and Y each', 'Then, if ..., ...', 'each combat', 'Make X a defender', 'Creatures target opponent controls'", () => {
    const clean = (game: string, kind: string, text: string, readsAs: string) => {
      const p = probe(game, kind, text);
      expect(p.problems, text).toEqual([]);
      expect(p.readsAs, text).toEqual([readsAs]);
    };
    clean("cybervamp", "spell", "Deal 1 damage to each creature you don't control.", "Deal 1 damage to each Creature an opponent controls.");
    clean("chromatic", "spell", "Deal 2 damage to target creature you don't control.", "[Red] Deal 2 damage to target creature an opponent controls.");
    clean("cybervamp", "spell", "You and target opponent each gain 3 life.", "Gain 3 life, then target opponent gains 3 life.");
    clean("cybervamp", "spell", "Creatures you control each get +1/+1 until end of turn.", "Each Creature you control gets +1/+1 until end of turn.");
    clean("cybervamp", "spell", "Draw two cards. Then, if you have five or more cards in hand, discard a card.", "Draw 2 cards, then if you have 5 or more cards in hand, discard a card.");
    clean("cybervamp", "creature", "This can block an additional creature each combat.", "This can block an additional creature.");
    clean("duel", "spell", "Make target unit a defender.", "Target unit becomes a defender.");
    clean("cybervamp", "spell", "Creatures target opponent controls get -1/-1 until end of turn.", "Each Creature an opponent controls gets -1/-1 until end of turn.");
  });

  it("parse, and the lowering reports what the engine cannot run yet at the words (never a syntax error)", () => {
    for (const text of [
      "Damage that would be dealt to you is dealt to this instead.",
      "If this would deal damage to a creature, it deals double that damage instead.",
      "If one or more counters would be put on this, that many plus one are put on it instead.",
    ]) {
      const p = probe("cybervamp", "creature", text);
      expect(p.problems.filter((d) => /^CW1/.test(d)), text).toEqual([]);
      expect(p.problems.length, text).toBeGreaterThan(0);
    }
    // "each" after a single card is not read: reported, never dropped.
    expect(probe("cybervamp", "spell", "Target creature each gets +1/+1 until end of turn.").problems.length).toBeGreaterThan(0);
  });

  it("the formatter keeps each new form (canonical text parses back to the same tree)", () => {
    const card = (text: string) => `set T "t" for cybervamp\n\ncard "R" {\n  type: Spell\n  faction: Red\n  cost: {R}\n  text:\n    ${text}\n}\n`;
    const formatted = (text: string) => /text:\n {4}(.*)\n\}/s.exec(formatFile(card(text), "t.cards").text ?? "")![1];
    expect(formatted("Deal 1 damage to each creature you don't control.")).toBe("Deal 1 damage to each creature you don't control.");
    expect(formatted("You and target opponent each gain 3 life.")).toBe("You and target opponent each gain 3 life.");
    expect(formatted("Draw two cards. Then, if you have five or more cards in hand, discard a card.")).toBe("Draw two cards. Then discard a card if you have five or more cards in hand.");
    expect(formatted("Make target creature a defender.")).toBe("Make target creature a defender.");
    expect(formatted("If this would deal damage to a creature, it deals double that damage instead.")).toBe("If this would deal damage to a creature, it deals double that damage instead.");
  });
});
