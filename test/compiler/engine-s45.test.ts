/**
 * engine s45 (issue 11): what reads-as says is what the engine does — possessor words and added words.
 *
 * The word check of engine-s44 (test/compiler/content-words.ts) now counts who a card belongs to ("you control", "an
 * opponent controls", "your", "its owner's", "its controller's") and, the other way round, the words a reading ADDS that
 * its text does not have (probe s44 F5: "up to two targets" read "up to two target cards" — a player could not be
 * chosen; nothing was dropped). The families the sweep (scripts/word-sweep.ts) found on the probe files of sessions
 * 42–44 are fixed here, each with its reading and IR.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { parseCorpus, probeCards } from "./probe.ts";
import { addedWords, droppedWords, vocabularyWords } from "./content-words.ts";

const root = path.join(import.meta.dirname, "..", "..");
const games = ["duel", "cybervamp", "chromatic"] as const;
const gameText = (g: string) => readFileSync(path.join(root, `cards/${g}/${g}.game`), "utf8");
const vocab = Object.fromEntries(games.map((g) => [g, vocabularyWords(analyzeWorkspace([{ path: `${g}/${g}.game`, text: gameText(g) }]).vocabularies.get(g)!)]));

describe("the word check counts possessors and added words", () => {
  it("flags a reading that lost whose cards they are (probe s44 M1) and none that says it otherwise", () => {
    expect(droppedWords("Whenever another creature you control is reanimated, you gain 2 life.", "Whenever another Creature is reanimated, gain 2 life.", vocab.cybervamp!)).toEqual(["@you"]);
    expect(droppedWords("Destroy target creature an opponent controls.", "Destroy target creature.", vocab.cybervamp!)).toEqual(["@opponent"]);
    expect(droppedWords("Return target creature to its owner's hand.", "Return target creature to its controller's hand.", vocab.cybervamp!)).toEqual(["@owner"]);
    // The same player in other words: not flagged.
    expect(droppedWords("Your spells cost {1} less.", "Spells you cast cost {1} less.", vocab.cybervamp!)).toEqual([]);
    expect(droppedWords("If your opponent's life is less than 5, draw two cards.", "If your opponent has 4 or less life, draw 2 cards.", vocab.cybervamp!)).toEqual([]);
    expect(droppedWords("Deal 2 damage to each enemy unit.", "Deal 2 damage to each Unit an opponent controls.", vocab.duel!)).toEqual([]);
    expect(droppedWords("DEATH: Return this to your hand.", "DEATH: Return this to its owner's hand.", vocab.duel!)).toEqual([]);
  });

  it("flags a reading that added a word: 'targets' read as target cards (probe s44 F5)", () => {
    expect(addedWords("Deal 1 damage to up to two targets.", "Deal 1 damage to up to two target cards.", vocab.cybervamp!)).toEqual(["target-cards"]);
    expect(addedWords("Deal 2 damage to each creature you control.", "Deal 2 damage to each Creature an opponent controls.", vocab.cybervamp!)).toEqual(["@opponent"]);
    expect(addedWords("Destroy target creature.", "Destroy target creature.", vocab.cybervamp!)).toEqual([]);
  });

  it("no clean corpus sentence reads as target cards where its text said targets, or adds a player it did not name", () => {
    const dir = path.join(root, "test/fixtures/corpus");
    const found: string[] = [];
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".corpus")).sort()) {
      const game = name.split(".")[0]!;
      for (const e of parseCorpus(readFileSync(path.join(dir, name), "utf8"), name)) {
        if (e.problems.length || !e.readsAs.length) continue;
        const added = addedWords(e.sentence.replace(/\n/g, " "), e.readsAs.join(" "), vocab[game]!).filter((w) => /^target-cards?$|^@you$/.test(w));
        // "Summon target unit card from an opponent's graveyard" is printed "… under your control": where it comes into play.
        if (added.length && !/under your control/.test(e.readsAs.join(" "))) found.push(`${name}: "${e.sentence}" reads "${e.readsAs.join(" ")}" — added ${added.join(", ")}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe("engine s45: the families the word sweep found on the probe files", () => {
  it("reads a trigger's controller where no zone is named: 'another creature you control is reanimated' (probe s44 M1)", () => {
    const probes = probeCards("cybervamp", [
      { kind: "creature", text: "Whenever another creature you control is reanimated, you gain 2 life." },
      { kind: "creature", text: "Whenever a creature an opponent controls is reanimated, you gain 2 life." },
      { kind: "creature", text: "Whenever you reanimate a creature, you gain 2 life." },
    ]);
    expect(probes.map((p) => [p.problems, p.readsAs])).toEqual([
      [[], ["Whenever another Creature you control is reanimated, gain 2 life."]],
      [[], ["Whenever a Creature an opponent controls is reanimated, gain 2 life."]],
      [[], ["Whenever you reanimate a Creature, gain 2 life."]],
    ]);
    const [duel] = probeCards("duel", [{ kind: "unit", text: "Whenever a unit you control is summoned, gain 1 life." }]);
    expect(duel!.readsAs).toEqual(["Whenever a Unit you control is summoned, gain 1 life."]);
  });

  it("a card from a player's field is one that player controls: 'a unit from each field' (it read 'a Unit they own')", () => {
    const duel = probeCards("duel", [
      { kind: "spell", text: "Destroy a unit from each field." },
      { kind: "spell", text: "Destroy a unit from your opponent's field." },
    ]);
    expect(duel.map((p) => [p.problems, p.readsAs])).toEqual([
      [[], ["Destroy a Unit each player controls."]],
      [[], ["Destroy a Unit an opponent controls."]],
    ]);
    expect(duel[0]!.abilities[0]!.steps[0]).toMatchObject({ op: "per_player", steps: [{ op: "choose_cards", selector: { controller: "acting" } }] });
    expect(JSON.stringify(duel[0]!.abilities[0]!.steps)).not.toContain('"owner"');
    const [cv] = probeCards("cybervamp", [{ kind: "spell", text: "Return a creature from each battlefield to its owner's hand." }]);
    expect(cv!.readsAs).toEqual(["Return a Creature each player controls to its owner's hand."]);
  });

  it("says 'under your control' for a card of any player's put into play (the engine puts it under yours)", () => {
    const [cv] = probeCards("cybervamp", [{ kind: "spell", text: "Put a creature card from each Discard Pile onto the battlefield under your control." }]);
    expect(cv!.readsAs).toEqual(["Put a Creature card from each Discard Pile onto the battlefield under your control."]);
    const [own] = probeCards("cybervamp", [{ kind: "spell", text: "Put a creature card from your Discard Pile onto the battlefield." }]);
    expect(own!.readsAs[0]).not.toContain("under your control");
  });

  it("'loses all Armor' is all of it, not 99 (it read 'loses 99 Armor')", () => {
    const probes = probeCards("chromatic", [
      { kind: "spell", text: "[Red] Your opponent loses all Armor." },
      { kind: "spell", text: "[Red] Each player loses all Armor." },
      { kind: "spell", text: "[Red] Gain 3 Armor. At the start of your next turn, lose all Armor." },
    ]);
    expect(probes.map((p) => [p.problems, p.readsAs])).toEqual([
      [[], ["[Red] Your opponent loses all Armor."]],
      [[], ["[Red] Each player loses all Armor."]],
      [[], ["[Red] Gain 3 Armor, then lose all Armor at the beginning of your next turn."]],
    ]);
    expect(probes[0]!.abilities[0]!.steps[0]).toMatchObject({ op: "lose_resource", who: { kind: "opponent" }, amount: { kind: "resource", of: { kind: "opponent" }, resource: "Armor" } });
    expect(probes[1]!.abilities[0]!.steps[0]).toMatchObject({ op: "per_player", who: { kind: "each_player" }, steps: [{ op: "lose_resource", who: { kind: "acting" }, amount: { kind: "resource", of: { kind: "acting" } } }] });
    expect(JSON.stringify(probes.map((p) => p.abilities))).not.toContain("99");
  });
});

describe("engine s45: a CW6001 about a card referred back names the words written (probe s44/s45 M1)", () => {
  it("names 'the next creature you play' and 'the Weapon they lost this way', not an 'it' that is not there", () => {
    const [next] = probeCards("cybervamp", [{ kind: "spell", text: "The next creature you play this turn gains Haste." }]);
    expect(next!.problems).toEqual(['CW6001 "The next creature you play this turn gains Haste"']);
    expect(next!.messages[0]).toContain('"The next creature you play" is a card not yet played when this resolves');
    expect(next!.messages[0]).not.toContain('"it"');
    const [weapon] = probeCards("chromatic", [{ kind: "spell", text: "[Red] Destroy all Weapons. Each player gains Armor equal to the attack of the Weapon they lost this way." }]);
    expect(weapon!.messages[0]).toContain('"the Weapon they lost this way" names no card in');
    expect(weapon!.messages[0]).toContain("the engine does not keep which card each player lost");
    expect(weapon!.messages[0]).not.toContain('"it"');
    // An "it" that is written is still named.
    const [it] = probeCards("cybervamp", [{ kind: "spell", text: "It gains Haste until end of turn." }]);
    expect(it!.messages.join(" ")).toContain('"it"');
  });

  it("'that player' after a trigger's card phrase naming a player is that card's controller", () => {
    const [opp, none] = probeCards("cybervamp", [
      { kind: "creature", text: "Whenever a creature an opponent controls becomes exhausted, that player gains 1 Bleed counter." },
      { kind: "creature", text: "Whenever a creature becomes exhausted, that player gains 1 Bleed counter." },
    ]);
    expect(opp!.problems).toEqual([]);
    expect(JSON.stringify(opp!.abilities[0]!.steps)).toContain('{"kind":"controller_of","of":{"kind":"event_card"}}');
    // No player in the phrase: still said, not guessed.
    expect(none!.problems).toEqual(['CW6001 "that player"']);
  });

  it("'each of them' / 'both of them' after a step on cards are those cards", () => {
    const probes = probeCards("cybervamp", [
      { kind: "spell", text: "Exhaust up to two target creatures. Each of them gains Bleed 1 until end of turn." },
      { kind: "spell", text: "Create two 1/1 Bat tokens. Both of them gain Haste until end of turn." },
      { kind: "spell", text: "Each of them gains Haste until end of turn." },
    ]);
    expect(probes.map((p) => p.problems)).toEqual([[], [], [expect.stringMatching(/^CW6001/)]]);
    expect(probes[0]!.readsAs).toEqual(["Exhaust up to two target creatures, then they gain Bleed 1 until end of turn."]);
    expect(probes[1]!.readsAs).toEqual(["Create 2 1/1 Bat tokens, then those tokens gain Haste until end of turn."]);
  });

  it("'each of their controllers' is said as the players it names, not as Bleed counters put on cards", () => {
    const [each] = probeCards("cybervamp", [{ kind: "spell", text: "Destroy two target creatures. Each of their controllers gains 1 Bleed counter." }]);
    expect(each!.problems).toEqual(['CW6001 "Each of their controllers gains 1 Bleed counter"']);
    expect(each!.messages[0]).toContain('"Each of their controllers" names the players who control (own) the cards before it');
    expect(each!.messages[0]).not.toContain("counters go on players");
    const [card] = probeCards("cybervamp", [{ kind: "spell", text: "Put a Bleed counter on target creature." }]);
    expect(card!.messages[0]).toContain("Bleed counters go on players in CYBERVAMP");
  });
});
