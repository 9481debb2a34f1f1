/**
 * Issue 12, session 43 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against — a true line that failed (M3), or a line that held only because the cards it names were never touched (L1
 * with another owner) — or guards a judgement the session moved (runScenario's lines judged once the scenario has run).
 */
import { describe, expect, it } from "vitest";
import { failuresOf, runText } from "./helpers.ts";

/** The warnings of the one scenario of a text, as `line: message` (it must not fail). */
function warningsOf(text: string): string[] {
  const { results } = runText(text);
  expect(results[0]!.failures).toEqual([]);
  return (results[0]!.warnings ?? []).map((w) => `${w.line}: ${w.message}`);
}

describe("an attack line refused must_attack at a declaration of attackers holds (probe s42 M3)", () => {
  // Berserk Ghoul: "This must attack each turn if able." (cards/cybervamp/scenarios/rules-s40.cards).
  const cybervamp = (lines: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Berserk Ghoul", "Neon Ripper"
}
${lines}`;

  it("CYBERVAMP: `p1 attack p2 with \"Neon Ripper\" refused must_attack` holds (on main: failed \"the action was accepted\"), and the declaration still waits", () => {
    expect(failuresOf(cybervamp(`p1 attack p2 with "Neon Ripper" refused must_attack\np1 attack p2 with "Berserk Ghoul", "Neon Ripper"\nexpect event attack "Neon Ripper"\nexpect event attack "Berserk Ghoul"\n`))).toEqual([]);
    // The same line as an action is refused must_attack: one answer whichever way it is written.
    expect(failuresOf(cybervamp(`p1 attack p2 with "Neon Ripper"\n`))).toEqual([expect.stringMatching(/^6: the action was refused \| expected a legal action \| actual must_attack: Berserk Ghoul must attack if able/)]);
  });

  it("a refused line at the declaration still fails when the refusal is another, or when the line is accepted", () => {
    expect(failuresOf(cybervamp(`p1 attack p2 with "Neon Ripper" refused summoning_sick\n`))).toEqual([expect.stringMatching(/^6: refused for another reason \| expected refused summoning_sick \| actual refused must_attack: Berserk Ghoul must attack if able/)]);
    expect(failuresOf(cybervamp(`p1 attack p2 with "Berserk Ghoul" refused must_attack\n`))).toEqual([expect.stringMatching(/^6: the action was accepted: Berserk Ghoul may be declared as an attacker/)]);
    expect(failuresOf(cybervamp(`p1 attack p2 with "Neon Ripper" refused\n`))).toEqual([expect.stringMatching(/^6: the line does not say which refusal it expects, so any would do: this one is refused must_attack/)]);
  });

  it("Chromatic: beside Raging Boar (\"This creature attacks each combat if able.\"), `p1 attack p2 with \"Seer\" refused must_attack` holds", () => {
    const text = `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Raging Boar", "Seer"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 passes
p1 attack p2 with "Seer" refused must_attack
p1 attack p2 with "Raging Boar", "Seer"
expect event attack "Seer"
`;
    expect(failuresOf(text)).toEqual([]);
  });

  it("Duel (attacks are actions of the turn): the other unit's attack is accepted, the turn's end is refused must_attack", () => {
    const text = (lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Berserk Hound", "Stone Guard"
}
${lines}`;
    expect(failuresOf(text(`p1 end turn refused must_attack\np1 attack p2 with "Stone Guard"\np1 end turn refused must_attack\np1 attack p2 with "Berserk Hound"\np1 end turn\nexpect turn 4\n`))).toEqual([]);
    expect(failuresOf(text(`p1 attack p2 with "Stone Guard" refused must_attack\n`))).toEqual([expect.stringMatching(/^6: the action was accepted/)]);
  });
});

describe("a negated zone line about a player's cards the scenario never touched, while another player's was (L1 with another owner)", () => {
  const duel = (setup: string, lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
${setup}
}
${lines}`;
  const said = (line: number) =>
    `${line}: this line holds, but only because p1's "Scout" were never touched (they stayed in p1's Deck: no event moved them, no choice offered them); the "Scout" this scenario touched is p2's, and out of play it is only ever in p2's Graveyard — write \`expect not p2 Graveyard has "Scout"\` if p2's is meant, or say where p1's is (\`expect p1 Deck has "Scout"\`)`;

  it("`expect not p1 graveyard has \"Scout\"` with p1's Scouts untouched in the deck and p2's in play is a warning (on main: passed)", () => {
    const text = (line: string) => duel(`  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 deck: "Scout" x2`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\n${line}\n`);
    expect(warningsOf(text(`expect not p1 graveyard has "Scout"`))).toEqual([said(10)]);
    expect(warningsOf(text(`expect p1 graveyard lacks "Scout"`))).toEqual([expect.stringMatching(/^10: this line holds, but only because p1's "Scout" were never touched .* write `expect p2 Graveyard lacks "Scout"` if p2's is meant/)]);
    // Said of p2's, the line stands; with p1 owning no Scout at all it stays the error of probe s41.
    expect(warningsOf(text(`expect not p2 graveyard has "Scout"`))).toEqual([]);
    expect(failuresOf(duel(`  p1 field: "Stone Guard"\n  p2 field: "Scout"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\nexpect not p1 graveyard has "Scout"\n`))).toEqual([expect.stringMatching(/^9: "Scout" is p2's, and out of play a card is only ever in its owner's Graveyard/)]);
  });

  it("p2's Scout destroyed: the one warning at the line is that it left play (not two)", () => {
    const text = duel(`  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 deck: "Scout" x2`, `p1 attack "Scout" with "Stone Guard"\nexpect not p1 graveyard has "Scout"\n`);
    expect(warningsOf(text)).toEqual([expect.stringMatching(/^9: this line holds, but not for the reason it gives: "Scout" had left play before it/)]);
  });

  it("stands where p1's own card was touched (in play, drawn, offered in a choice), or a line says where the card is", () => {
    // p1's Scout in play, attacking and surviving.
    expect(warningsOf(duel(`  p1 field: "Stone Guard", "Scout"\n  p2 field: "Scout"`, `p1 attack p2 with "Scout"\nexpect p2 life 9\nexpect not p1 graveyard has "Scout"\n`))).toEqual([]);
    // p1's Scout drawn (named by an event) at the start of p1's turn.
    expect(warningsOf(duel(`  p2 field: "Scout"\n  p1 deck: "Scout"\n  p2 deck: "Stone Guard"`, `p1 end turn\np2 attack p1 with "Scout"\np2 end turn\nexpect p1 hand has "Scout"\nexpect not p1 graveyard has "Scout"\n`))).toEqual([]);
    // p2's Scout offered in the discard Mind Leech's BREACH asks for (p2 discards Stone Guard): "not this one" is what the
    // line tests, though no event named it (p1's Scout, in play, is the one touched otherwise).
    expect(warningsOf(duel(`  p1 field: "Mind Leech", "Scout"\n  p2 hand: "Scout", "Stone Guard"`, `p1 attack p2 with "Mind Leech"\np2 chooses "Stone Guard"\nexpect p2 graveyard has "Stone Guard"\nexpect not p2 graveyard has "Scout"\n`))).toEqual([]);
    // A positive line naming the card says the writer knows where it is.
    expect(warningsOf(duel(`  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 deck: "Scout" x2`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\nexpect p2 field has "Scout"\nexpect not p1 graveyard has "Scout"\n`))).toEqual([]);
  });
});

describe("the lines judged once the scenario has run keep their failures and their order (one list)", () => {
  it("a card never in the game, another owner's card out of play, a card that never did anything, a draw from no deck: each at its line, in line order (as on main)", () => {
    const text = `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Thrall Master"
  p1 hand: "Exsanguinate"
  p2 battlefield: "Neon Ripper"
}
expect no event enter "Thrall"
expect not p1 Discard Pile has "Neon Ripper"
expect no event resolve "Exsanguinate"
expect p1 battlefield lacks "Thrall"
expect no event destroyed "Thrall"
expect p1 Discard Pile lacks "Neon Ripper"
p1 ends the phase
expect no event draw p1
`;
    const cards = `(the cards of this scenario: "Exsanguinate", "Neon Ripper", "Thrall Master")`;
    const other = (line: string) => `"Neon Ripper" is p2's, and out of play a card is only ever in its owner's Discard Pile, so p1's Discard Pile never holds it and this line could not fail — write \`${line}\``;
    expect(failuresOf(text)).toEqual([
      `8: no card "Thrall" in the game: an event of it can never happen ${cards}`,
      `9: ${other(`expect not p2 Discard Pile has "Neon Ripper"`)}`,
      expect.stringMatching(/^10: "Exsanguinate" never did anything in this scenario — it was never played, never in play, and no event happened to it \(it stayed in p1's Hand\)/),
      `11: no card "Thrall" in the game: no zone ever holds it, so this line could not fail ${cards}`,
      `12: no card "Thrall" in the game: an event of it can never happen ${cards}`,
      `13: ${other(`expect p2 Discard Pile lacks "Neon Ripper"`)}`,
    ]);
    expect(runText(text).results[0]!.warnings?.map((w) => `${w.line}: ${w.message}`)).toEqual([expect.stringMatching(/^15: p1's Main Deck was empty the whole scenario: a draw from an empty Main Deck draws nothing/)]);
  });
});

describe("Scry's rest goes back in the order the player chooses, one at a time from the top down (Chromatic's reading: \"the rest back in any order\")", () => {
  const scry = (lines: string, deck = `"Insight", "Seer", "Chronicler"`) => `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p1 deck: ${deck}
  p2 deck: "Seer" x3
}
p1 plays "Arc Bolt"
p1 chooses mode 4
p2 passes
${lines}`;

  it("Scry 2 keeping both asks which goes on top (on main: kept their order, asking nothing)", () => {
    expect(failuresOf(scry(`p1 chooses nothing\np1 chooses "Seer"\nexpect p1 deck: "Seer", "Insight", "Chronicler"\n`))).toEqual([]);
    expect(failuresOf(scry(`p1 chooses nothing\np1 chooses "Insight"\nexpect p1 deck: "Insight", "Seer", "Chronicler"\n`))).toEqual([]);
    // Unanswered, the line about the deck holds only while the choice waits: the runner says so.
    expect(failuresOf(scry(`p1 chooses nothing\nexpect p1 deck: "Insight", "Seer", "Chronicler"\n`))).toEqual([expect.stringMatching(/^13: this line holds only because p1's choice waits unanswered \(p1 must Scry 2: choose the card to put first \(from the top down\) back on top of your Deck\)/)]);
  });

  it("one to the bottom leaves one to keep: nothing more is asked; cards all of one name go back unasked", () => {
    expect(failuresOf(scry(`p1 chooses "Insight"\nexpect p1 deck: "Seer", "Chronicler", "Insight"\n`))).toEqual([]);
    expect(failuresOf(scry(`p1 chooses nothing\nexpect p1 deck: "Seer", "Seer", "Chronicler"\nexpect p1 to act\n`, `"Seer", "Seer", "Chronicler"`))).toEqual([]);
  });
});
