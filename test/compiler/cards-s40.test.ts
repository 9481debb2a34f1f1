/**
 * Issue 11, session 40 (cards: CYBERVAMP card language; the condition mechanism for all games). Scenarios:
 * cards/cybervamp/scenarios/cards-s40.*; test/scenarios/cards-s40.test.ts (a card with CW6014 is not played).
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";
import { MESSAGES } from "../../compiler/messages.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;
const stepsOf = (text: string, kind = "spell", game = "cybervamp") => JSON.stringify(probe(kind, text, game).abilities.map((a) => a.steps), (k, v) => (k === "source" ? undefined : v));

describe("a condition the engine cannot check is an error (CW6014), never run as if it held", () => {
  it("is CW6014, severity error, for every game (was CW6001 '… (treated as always true)', a warning; the card ran its effects)", () => {
    expect(MESSAGES.CW6014.severity).toBe("error");
    for (const [game, kind, text, words] of [
      ["cybervamp", "spell", "If a creature died during your last turn, draw a card.", "a creature died during your last turn"],
      ["duel", "spell", "If it's raining, draw a card.", "it's raining"],
      ["chromatic", "spell", "If the moon is full, draw a card.", "the moon is full"],
      ["cybervamp", "creature", "At the end of your turn, if you were dealt damage by a Vampire this turn, gain 2 life.", "you were dealt damage by a Vampire this turn"],
      ["cybervamp", "creature", "As long as the moon is full, this gets +1/+1.", "the moon is full"],
    ] as const) {
      const p = probe(kind, text, game);
      expect([text, p.problems]).toEqual([text, [`CW6014 "${words}"`]]);
      expect(p.messages[0]).not.toContain("always true");
    }
  });

  it("a condition read in part is CW6014 too ('and' and 'or' mixed; a player's 'can't')", () => {
    expect(probe("spell", "If you have 10 or less life and an opponent has a Bleed counter or you control a Vampire, draw a card.").problems).toEqual(['CW6014 "you have 10 or less life and an opponent has a Bleed counter or you control a Vampire"']);
    expect(probe("spell", "Each player who can't discard a card loses 2 life.").problems).toEqual(['CW6014 "can\'t discard a card"']);
  });

  it("a note that is no condition stays what it was (CW6001 on an effect)", () => {
    expect(probe("spell", "Remove target creature from the game.").problems).toEqual(['CW6001 "Remove target creature from the game"']);
  });
});

describe("'if a creature you control attacked this turn' (was CW6001 'condition not understood', run as always true)", () => {
  it("is the cards that player attacked with this turn, matched as they attacked", () => {
    for (const [text, readsAs] of [
      ["If a creature you control attacked this turn, draw two cards.", "If you attacked with a Creature this turn, draw 2 cards."],
      ["If two or more Vampires you control attacked this turn, draw a card.", "If you attacked with 2 or more Vampires this turn, draw a card."],
      ["If a creature an opponent controls attacked this turn, draw a card.", "If your opponent attacked with a Creature this turn, draw a card."],
      ["If no creature you control attacked this turn, draw a card.", "If you didn't attack with a Creature this turn, draw a card."],
    ]) {
      const p = probe("spell", text!);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.readsAs).toEqual([readsAs]);
      expect(stepsOf(readsAs!)).toEqual(stepsOf(text!));
    }
    const trigger = probe("creature", "At the end of your turn, if another creature you control attacked this turn, gain 1 life.");
    expect(trigger.problems).toEqual([]);
    expect(trigger.abilities[0]).toMatchObject({ condition: { kind: "attacked_this_turn", who: { kind: "you" }, selector: { cardTypes: ["Creature"], other: true }, atLeast: 1 } });
  });

  it("with no controller named, either player's; two or more with none named, or a quality the record does not keep, is CW6014", () => {
    const any = probe("spell", "If a creature attacked this turn, draw a card.");
    expect(any.problems).toEqual([]);
    expect(any.abilities[0]!.steps[0]).toMatchObject({ op: "if", condition: { kind: "any", conditions: [{ kind: "attacked_this_turn", who: { kind: "you" } }, { kind: "attacked_this_turn", who: { kind: "opponent" } }] } });
    expect(probe("spell", "If two or more creatures attacked this turn, draw a card.").problems).toEqual(['CW6014 "two or more creatures"']);
    expect(probe("spell", "If a creature with power 3 or more you control attacked this turn, draw a card.").problems[0]).toMatch(/^CW6014 /);
  });
});

describe("'each opponent … unless they pay 3 life' (was CW6001 'the engine cannot ask a player', ran the effect on each, asking nothing)", () => {
  it("asks each of those players in turn, the effect theirs alone", () => {
    for (const text of [
      "When this enters play, each opponent discards a card unless they pay 3 life.",
      "When this enters play, each player loses 2 life unless they discard a card.",
      "When this enters play, each opponent loses 2 life unless they sacrifice a creature.",
    ]) {
      const p = probe("creature", text);
      expect([text, p.problems]).toEqual([text, []]);
      expect(p.abilities[0]!.steps[0]).toMatchObject({ op: "per_player", steps: [{ op: "if", then: [{ op: "may", who: { kind: "acting" }, otherwise: [{ who: { kind: "acting" } }] }], else: [{ who: { kind: "acting" } }] }] });
      expect(p.readsAs[0]!.replace("a Creature", "a creature")).toEqual(text);
      // The same IR (the prompt quotes the words as written).
      expect(stepsOf(p.readsAs[0]!, "creature").replace(/"prompt":"[^"]*"/g, "")).toEqual(stepsOf(text, "creature").replace(/"prompt":"[^"]*"/g, ""));
    }
    const that = probe("creature", "When this enters play, each opponent discards a card unless that player pays 3 life.");
    expect(that.problems).toEqual([]);
    expect(that.readsAs).toEqual(["When this enters play, each opponent discards a card unless they pay 3 life."]);
  });
});

describe("reads-as of a condition on one step with more after it (probe s39)", () => {
  it("'Draw a card if you control a Vampire and gain 2 life.' reads as the condition after the draw, and compiles back to the same IR (it put the gain under the condition)", () => {
    const text = "Draw a card if you control a Vampire and gain 2 life.";
    const p = probe("spell", text);
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Draw a card if you control a Vampire, then gain 2 life."]);
    expect(p.abilities[0]!.steps).toMatchObject([{ op: "if", then: [{ op: "draw" }] }, { op: "gain_life", amount: 2 }]);
    expect(stepsOf(p.readsAs[0]!)).toEqual(stepsOf(text));
    // Both steps under the condition: as before.
    expect(probe("spell", "If you control a Vampire, draw a card, then gain 2 life.").readsAs).toEqual(["If you control a Vampire, draw a card, then gain 2 life."]);
  });
});
