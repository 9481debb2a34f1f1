/**
 * "Nothing dropped": every content word of an ability is carried by the IR, or reported at its
 * words (CW6005). One mechanism (compiler/word-accounting.ts) for every form; these are issue 11's
 * classes of silent misreading, each now a warning at the words the engine would have ignored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";

const root = path.join(import.meta.dirname, "..", "..");
const games = Object.fromEntries(["duel", "cybervamp", "chromatic"].map((g) => [g, readFileSync(path.join(root, `cards/${g}/${g}.game`), "utf8")]));

/** The words reported unread for one line of text on a Duel unit: CW6005, or CW6014 where they are a condition's (session 41). */
function unused(text: string): string[] {
  const card = `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
  const sources = [{ path: "duel/duel.game", text: games.duel! }, { path: "duel/t.cards", text: card }];
  const analysis = analyzeWorkspace(sources);
  return engineWarnings(analysis, sources)
    .filter((d) => d.code === "CW6005" || (d.code === "CW6014" && d.message.includes("is not read by the engine")))
    .map((d) => card.slice(d.range.start.offset, d.range.end.offset));
}

describe("word accounting (CW6005)", () => {
  it("reports possessives, qualifiers and 'a/an' the IR does not carry, at their words", () => {
    // Another player choosing what a player discards: you choose from their hand (session 36); a choice the engine does
    // not make that way ("each player … of your choice") stays unread.
    expect(unused("PLAY: Your opponent discards a card of your choice.")).toEqual([]);
    expect(unused("PLAY: Each player discards a card of your choice.")).toEqual(["your choice"]);
    // The kind of card a discard takes is carried (the step's filter): nothing left over.
    expect(unused("PLAY: Discard a Unit card.")).toEqual([]);
    // "Discard your hand" is carried now (the discard's amount is the hand's size): nothing left over.
    expect(unused("PLAY: Discard your hand, then draw that many cards.")).toEqual([]);
  });

  it("reads 'the' and 'that' as words: a singular 'the unit' is the card named before, one no reader carries is reported (session 19 audit)", () => {
    // Each checked clean and ran on every unit ("the"/"that" counted as function words; "the unit" fell through to "each").
    expect(unused("Passive: The unit gets +1 power.")).toEqual(["The"]);
    expect(unused("Passive: That unit gets +1 power.")).toEqual(["That"]);
    expect(unused("Whenever the unit attacks, draw a card.")).toEqual(["the"]);
    expect(unused("Whenever that unit attacks, draw a card.")).toEqual(["that"]);
    // Read: a moment, "the number of", "the power of", a plural, a possessive, the card named before, the one with the most.
    for (const text of [
      "At the end of your turn, draw a card.",
      "PLAY: Gain life equal to the number of cards in your hand.",
      "PLAY: Gain life equal to the power of target unit you control.",
      "PLAY: Deal 1 damage to the units your opponent controls.",
      "PLAY: Deal 1 damage to the opponent's units.",
      "Whenever this is blocked, destroy the unit.",
      "PLAY: Choose a unit. Return the unit to its owner's hand.",
      "PLAY: Destroy the unit with the highest power.",
    ]) expect({ text, unused: unused(text) }).toEqual({ text, unused: [] });
  });

  it("reports nothing for wordings the IR carries whole", () => {
    for (const text of [
      "PLAY: Deal 2 damage to target enemy unit.",
      "PLAY: Each opponent loses 2 life.",
      "PLAY: Draw two cards, then discard a card.",
      "Whenever you discard a card, this gets +1 power until end of turn.",
      "Whenever an ally dies, each opponent loses 1 life.",
      "DEATH: Return a Unit card from your Graveyard to your hand.",
      "PLAY: Destroy target enemy unit with power 2 or less.",
      // Restrictions keep their qualifier; both verbs of "attack or block" (lang-fixes-b, issue 11 class 4).
      "This can't be targeted by opponents' spells.",
      "This can't attack or block.",
      // "it" as the source of damage is the card (stress pass, session 5: it was CW6005 on a correct card).
      "PLAY: It deals 1 damage to each enemy unit.",
      "PLAY: It deals damage equal to its power to target enemy unit.",
      "Whenever another unit enters play, it deals 1 damage to you.",
      "PLAY: Target unit you control deals damage equal to its power to target enemy unit.",
    ]) expect({ text, unused: unused(text) }).toEqual({ text, unused: [] });
  });

  it("a reader that marks a whole clause read does not mark its tail, its 'or' verbs or words it did not read (session 15 audit)", () => {
    // Each of these checked clean and ran without the words reported (silent misreadings): the condition readers marked
    // the whole clause read while reading its subject, verb and object only.
    expect(unused("PLAY: If you have 10 or less life during your turn, draw a card.")).toEqual(["your turn"]);
    expect(unused("PLAY: If you have 10 or less life remaining, draw a card.")).toEqual(["remaining"]);
    expect(unused("PLAY: If it's your first turn, draw a card.")).toEqual(["first"]);
    expect(unused("PLAY: If it's your turn during combat, draw a card.")).toEqual(["combat"]);
    expect(unused("PLAY: If this attacked or blocked this turn, draw a card.")).toEqual(["blocked"]);
    expect(unused("PLAY: If this is attacking during your turn, draw a card.")).toEqual(["your turn"]);
    // What these readers do read stays read: the comparison after "than", "this turn", "each combat", "each turn".
    for (const text of [
      "PLAY: If your life is greater than 5, draw a card.",
      "PLAY: If you have 10 or less life, draw a card.",
      "PLAY: If it's not your turn, draw a card.",
      "PLAY: If this attacked this turn, draw a card.",
      "This can block any number of units each combat.",
      "The first time this would be destroyed each turn, return it to its owner's hand instead.",
    ]) expect({ text, unused: unused(text) }).toEqual({ text, unused: [] });
  });

  it("reads 'it' as a source of damage as the card it names", () => {
    const card = (text: string) => `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
    const fromOf = (text: string) => {
      const sources = [{ path: "duel/duel.game", text: games.duel! }, { path: "duel/t.cards", text: card(text) }];
      const bundle = lowerAnalysis(analyzeWorkspace(sources), sources).bundles[0]!;
      const step = bundle.cards[0]!.abilities[0]!.steps.find((s) => s.op === "damage") as { from?: unknown; amount: unknown } | undefined;
      return { from: step?.from, amount: step?.amount };
    };
    // "it": the event's card (this card for its own trigger, the card entering for "another unit enters"). A card
    // subject: that card, and "its" with it.
    expect(fromOf("PLAY: It deals 1 damage to each enemy unit.").from).toEqual({ kind: "it" });
    expect(fromOf("Whenever another unit enters play, it deals 1 damage to you.").from).toEqual({ kind: "it" });
    expect(fromOf("PLAY: Target unit you control deals damage equal to its power to target enemy unit.")).toEqual({
      from: { kind: "target", index: 0 },
      amount: { kind: "stat", of: { kind: "target", index: 0 }, stat: "power" },
    });
  });

  it("counts the words that choose who or which one only where the IR carries the choice", () => {
    /** Diagnostics (code and words) for one line of text on a card of `game`. */
    const problems = (game: "cybervamp" | "duel", text: string): string[] => {
      const fields = game === "duel" ? "  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray" : "  type: Spell\n  faction: Red\n  cost: {R}";
      const card = `set TST "Test" for ${game}\n\ncard "Probe" {\n${fields}\n  text:\n    ${text}\n}\n`;
      const sources = [{ path: `${game}/${game}.game`, text: games[game]! }, { path: `${game}/t.cards`, text: card }];
      return engineWarnings(analyzeWorkspace(sources), sources).map((d) => `${d.code} ${card.slice(d.range.start.offset, d.range.end.offset)}`);
    };
    // A phrase read for its count or zone, and "their" for nobody (the count would be of your own counters).
    expect(problems("cybervamp", "Target player gains 1 life for each Bleed counter on their creatures.")).toEqual(["CW6005 their creatures"]);
    expect(problems("cybervamp", "Exhaust each creature their controller controls.")).toEqual(["CW6001 Exhaust each creature their controller controls"]);
    // The engine moves a card to its owner's hand: "your hand" is carried only for cards that are yours.
    expect(problems("cybervamp", "Return target creature to your hand.")).toEqual(["CW6005 your"]);
    expect(problems("cybervamp", "Return target creature you control to your hand.")).toEqual([]);
    expect(problems("cybervamp", "Search your Main Deck for a Vampire card and put it into your hand.")).toEqual([]);
    // All the cards of a chosen player: no form of the engine; one card of theirs is a target card an opponent controls.
    expect(problems("cybervamp", "Target opponent's creatures get -1/-1 until end of turn.")).toEqual(["CW6001 Target opponent's creatures"]);
    expect(problems("cybervamp", "Destroy target opponent's creature.")).toEqual([]);
    for (const text of [
      "Target player draws two cards.",
      "Counter target spell.",
      "Deal 3 damage to the opponent's creatures.",
      "Each player puts the top two cards of their main deck into their discard pile.",
      "Target player reveals the top card of their main deck.",
      "Each opponent discards a card from their hand.",
      "Return all creatures to their owners' hands.",
      "Look at the top card of target player's main deck. You may put it into their discard pile.",
      "Search target opponent's main deck for a card and put it into their discard pile.",
      "This can't be targeted by opponents' spells.",
    ]) expect({ text, problems: problems("cybervamp", text) }).toEqual({ text, problems: [] });
  });

  it("reports a sentence-final duration the engine reads for its last part only (CW6010)", () => {
    const problems = (text: string) => {
      const card = `set TST "Test" for cybervamp\n\ncard "Probe" {\n  type: Spell\n  faction: Red\n  cost: {R}\n  text:\n    ${text}\n}\n`;
      const sources = [{ path: "cybervamp/cybervamp.game", text: games.cybervamp! }, { path: "cybervamp/t.cards", text: card }];
      return engineWarnings(analyzeWorkspace(sources), sources).filter((d) => d.code === "CW6010").map((d) => ({ at: card.slice(d.range.start.offset, d.range.end.offset), message: d.message }));
    };
    // Joined by a comma, the lowering reads the duration for the last part only.
    const [rush] = problems("Target creature gets +1/+1, gains Haste until end of turn.");
    expect(rush?.at).toBe("until end of turn");
    expect(rush?.message).toContain('"Target creature gets +1/+1" would last for ever');
    // Read for both parts (one target, one duration), or each part with its own: nothing to report.
    expect(problems("Target creature gets +1/+0 and gains Haste until end of turn.")).toEqual([]);
    expect(problems("Creatures you control get +1/+0 and gain Haste until end of turn.")).toEqual([]);
    expect(problems("Creatures you control get +1/+0 until end of turn and gain Haste until end of turn.")).toEqual([]);
    // A part with a subject of its own does not share the modifier.
    expect(problems("Draw a card and target creature gets +1/+1 until end of turn.")).toEqual([]);
  });

  it("leaves the bundled sets with no word unaccounted for", () => {
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const sources = [{ path: `${game}/${game}.game`, text: games[game]! }, { path: `${game}/core.cards`, text: readFileSync(path.join(root, `cards/${game}/core.cards`), "utf8") }];
      const analysis = analyzeWorkspace(sources);
      expect(engineWarnings(analysis, sources).filter((d) => d.code === "CW6005").map((d) => d.message)).toEqual([]);
    }
  });
});
