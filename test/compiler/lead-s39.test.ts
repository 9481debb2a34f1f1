/**
 * Issue 11, session 39 (lead; found by the session's outsider probe): a variable number ("X") read by a reader that
 * takes only written digits ran as a fixed number, silently — "target unit with power X or less" as "0 or less", "If
 * you have X or less life" as "0 or less", "If you control X or more units" as "a unit". Those readers now put X into the
 * IR (the runtime binds it to what the player paid, runtime/core/values.ts withX), and the word ledger reports any other
 * reader that marks an X used without reading it as X (CW6001 at it, with what would run).
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("X in a card's filter or a condition", () => {
  it("runs as the X the card defines: its {X} cost", () => {
    const target = probe("duel", "xspell", "Return target unit with power X or less to its owner's hand.");
    expect(target.problems).toEqual([]);
    expect(target.readsAs).toEqual(["Return target unit with power X or less to its owner's hand."]);
    expect(target.abilities[0]!.targets[0]!.cards?.stat).toEqual({ name: "power", op: "<=", value: { kind: "x" } });
    const life = probe("duel", "xspell", "If you have X or less life, draw two cards.");
    expect(life.problems).toEqual([]);
    expect(JSON.stringify(life.abilities[0]!.steps)).toContain('"life_at_most"');
    expect(JSON.stringify(life.abilities[0]!.steps)).toContain('"value":{"kind":"x"}');
    const units = probe("duel", "xspell", "If you control X or more units, draw a card.");
    expect(units.problems).toEqual([]);
    expect(units.readsAs).toEqual(["If the number of Units you control is at least X, draw a card."]);
  });

  it("runs as the X the card defines: 'where X is ...' reaches the target's filter", () => {
    const p = probe("duel", "spell", "Destroy target unit with power X or less, where X is the number of cards in your Graveyard.");
    expect(p.problems).toEqual([]);
    const value = p.abilities[0]!.targets[0]!.cards?.stat?.value;
    // The Graveyard's count, not 0 and not an X left undefined.
    expect(value).toMatchObject({ kind: "count" });
  });

  it("an X a reader takes as a fixed number is CW6001 at it (in a condition CW6014, session 41), naming what would run (was clean: 'more than 0')", () => {
    const p = probe("duel", "xspell", "Draw a card if you have X or more cards in hand.");
    expect(p.problems).toEqual(['CW6014 "X or more"']);
    expect(p.messages[0]).toContain('is read here as a fixed number, not with the X this card defines');
    expect(p.messages[0]).toContain('it would run as "If the number of cards in your hand is more than 0, draw a card."');
  });

  it("an X with nothing defining it stays CW6060 (it was 0 in the filter, unreported)", () => {
    const p = probe("duel", "spell", "Destroy target unit with power X or less.");
    expect(p.problems.map((d) => d.split(" ")[0])).toEqual(["CW6060"]);
  });
});

/**
 * Found by the same probe: "your life is below 5" / "above 5" / "an opponent's life is over 5" checked clean and ran as
 * "exactly 5" in all three games — the life reader marked whatever word followed "is" as read. Those words now compare
 * (strictly, as "less than" / "more than"); any other word there is left to the word accounting.
 */
describe("a player's life compared by a preposition", () => {
  // (engine s40: `below 5` is one count since grammar/lexer.ts joinComparisons, read as the whole number "4 or less".)
  it("below / under / above / over compare strictly, in every game (was clean and ran as 'exactly N')", () => {
    for (const [game, kind, text, readsAs] of [
      ["duel", "spell", "If your life is below 5, draw a card.", "If you have 4 or less life, draw a card."],
      ["duel", "spell", "If your life total is under 10, draw a card.", "If you have 9 or less life, draw a card."],
      ["duel", "spell", "If an opponent's life is over 5, draw a card.", "If your opponent has 6 or more life, draw a card."],
      ["duel", "spell", "If your life isn't above 5, draw a card.", "If you have 5 or less life, draw a card."],
      ["cybervamp", "spell", "If your life is below 10, deal 3 damage to any target.", "If you have 9 or less life, deal 3 damage to any target."],
      ["chromatic", "spell", "[Red] If your life is above 10, Spark 3.", "[Red] If you have 11 or more life, spark 3."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
    }
  });

  it("another word after 'is' is not read as a comparison: CW6014 at it in a condition (session 41; was CW6005, and dropped before)", () => {
    const p = probe("duel", "spell", "If your life is beneath 10, draw a card.");
    expect(p.problems).toEqual(['CW6014 "beneath"']);
  });
});

/**
 * Found by the same probe: "These units can't attack this turn" after a sentence about several cards read "these" as
 * "this" (the lexer's lemma): the spell itself, and the sentence did nothing, clean, in all three games.
 */
describe("'these' / 'those' with a card noun in the plural", () => {
  it("names the cards the sentence before acted on, as 'they' does (was the spell itself, silently)", () => {
    for (const [game, text, readsAs] of [
      ["duel", "Put a power counter on each unit you control. These units can't attack this turn.", "Put a power counter on each Unit you control, then each Unit you control can't attack until end of turn."],
      ["duel", "Put a power counter on each unit you control. Those units get +1 power until end of turn.", "Put a power counter on each Unit you control, then each Unit you control gets +1 power until end of turn."],
      ["cybervamp", "Each creature you control gets +1/+0 until end of turn. These creatures gain Breach until end of turn.", "Each Creature you control gets +1/+0 until end of turn, then each Creature you control gains Breach until end of turn."],
    ] as const) {
      const p = probe(game, "spell", text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [readsAs] });
    }
  });

  it("with a kind, or with no cards before it, is CW6001 at it (was the spell itself, silently)", () => {
    const kind = probe("cybervamp", "spell", "Return each creature to its owner's hand. These Vampires gain Haste.");
    expect(kind.problems).toEqual(['CW6001 "These Vampires"']);
    const nothing = probe("cybervamp", "spell", "These creatures gain Breach until end of turn.");
    expect(nothing.problems).toEqual(['CW6001 "These creatures"']);
  });
});
