/**
 * Issue 11, session 40 (lead; found by the session's outsider probe).
 * - "no more than N" / "no fewer than N" / "no less than N" ran as the OPPOSITE comparison in all three games, with a
 *   warning only: "no" was read as "none" and dropped (CW6005), "more than 5" kept — "If your life is no more than 5"
 *   ran as "6 or more life". The engine engineer's joinComparisons (grammar/lexer.ts, session 40) reads them as one
 *   count; these are the probe's own wordings, in every game, held to the reading.
 * - An amount added up over several cards ("for each power counter on units you control", "the total power of units you
 *   control") was CW6001 and 0: now IR number `total`.
 */
import { describe, expect, it } from "vitest";
import { parseAbilityText } from "../../compiler/build.ts";
import { formatAbility } from "../../compiler/format.ts";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("'no more than N' and 'no fewer/less than N'", () => {
  it("read as at most / at least, in every game, in conditions and filters (was the opposite, warned CW6005)", () => {
    for (const [game, kind, text, readsAs] of [
      ["duel", "spell", "If your life is no more than 5, draw a card.", "If you have 5 or less life, draw a card."],
      ["duel", "unit", "Passive: This gets +2 power as long as your life is no more than 5.", "Passive: This gets +2 power as long as you have 5 or less life."],
      ["duel", "spell", "If you control no more than one unit, draw a card.", "If you control 1 or fewer Units, draw a card."],
      ["duel", "spell", "If you have no fewer than 3 cards in hand, draw a card.", "If you have 3 or more cards in hand, draw a card."],
      ["duel", "spell", "If you have no less than 5 life, draw a card.", "If you have 5 or more life, draw a card."],
      ["duel", "spell", "Destroy each unit with no more than 1 power.", "Destroy each Unit with power 1 or less."],
      ["duel", "spell", "Destroy each unit with power no greater than 1.", "Destroy each Unit with power 1 or less."],
      ["chromatic", "spell", "[Red] If you have no more than 10 life, Spark 3.", "[Red] If you have 10 or less life, spark 3."],
      ["chromatic", "spell", "[Red] Destroy target creature with no more than 2 attack.", "[Red] Destroy target creature with attack 2 or less."],
      ["cybervamp", "spell", "If you have no more than 5 life, draw a card.", "If you have 5 or less life, draw a card."],
      ["cybervamp", "spell", "Destroy target creature with no more than 2 power.", "Destroy target creature with power 2 or less."],
    ] as const) {
      const p = probe(game, kind, text);
      expect(p.problems, text).toEqual([]);
      expect(p.readsAs[0], text).toBe(readsAs);
    }
  });

  it("the formatter keeps the words as written", () => {
    for (const text of ["If your life is no more than 5, draw a card.", "If you have no fewer than three cards in hand, draw a card.", "Destroy each unit with no less than 2 power."]) {
      const { abilities, diagnostics } = parseAbilityText(text, "t");
      expect(diagnostics).toEqual([]);
      expect(formatAbility(abilities[0]!)).toBe(text);
    }
  });

  it("'no more' without a number after 'than' is left as it was ('no more than one' is a count; 'no more cards than' is not)", () => {
    const p = probe("duel", "spell", "If you have no more cards in hand than your opponent, draw a card.");
    expect(JSON.stringify(p.abilities[0]!.steps)).not.toContain('"op":"<="');
  });
});

describe("an amount added up over several cards", () => {
  it("counters on several cards and a stat's total read as IR 'total' (was CW6001 'names more than one card', 0)", () => {
    const counters = probe("duel", "spell", "Draw a card for each power counter on units you control.");
    expect(counters.problems).toEqual([]);
    expect(JSON.stringify(counters.abilities[0]!.steps)).toContain('"kind":"total"');
    const power = probe("cybervamp", "spell", "Gain life equal to the total power of creatures you control.");
    expect(power.problems).toEqual([]);
    expect(power.readsAs).toEqual(["Gain life equal to the total power of Creatures you control."]);
  });

  it("'the total power of target unit' names one card: its power, and 'total' is reported", () => {
    const p = probe("duel", "spell", "Deal damage to target enemy unit equal to the total power of target unit.");
    expect(p.problems).toEqual(['CW6005 "total"']);
  });
});
