/**
 * Issue 12, session 11's outsider probe: scenarios written as a newcomer writes them, each with one deliberate mistake
 * of a kind the earlier probes did not try — a wrong player, a wrong zone name, a claim about a card that never was in
 * the game, an expectation or action after the game ended, a step that is illegal. Each must fail at its own line,
 * saying what is wrong; none may pass. Those marked "passed before" held (or failed with a misleading reason) on the
 * main of before this work.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const duel = (lines: string, setup = "") => `scenario "outsider" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard"
  p2 field: "Scout"
  p1 hand: "Quick Bolt"
  p1 deck: "Scout" x3
  p2 deck: "Scout" x3${setup}
}
${lines}
`;

/** p2 has cast Arc Bolt (Spark 3) in p1's Main phase end window; line 17 is the first of `lines`. */
const chromatic = (lines: string) => `scenario "outsider" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1; p1 Mana capacity 3
  p1 Armor 2
  p1 battlefield: "Ember Blade", "Seer", "Seer"
  p1 Facet Zone: "Insight"
  p2 hand: "Arc Bolt"
  p2 battlefield: "Ember Hound"
  p2 Mana 2
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 plays "Arc Bolt"
p2 chooses mode "Red"
${lines}
`;

describe("a wrong player", () => {
  it("1. a target named as the other player's card (passed before as a refusal for the count of targets): says there is none, and whose there is", () => {
    expect(failuresOf(duel(`p1 play "Quick Bolt" target p2's "Stone Guard"`))).toEqual([
      `10: no card p2's "Stone Guard" in the game to target (there is p1's "Stone Guard" copy 1, in Field)`,
    ]);
    // Written with the right player, the same line is played.
    expect(failuresOf(duel(`p1 play "Quick Bolt" target p1's "Stone Guard"\nexpect p1 graveyard has "Stone Guard"`))).toEqual([]);
  });

  it("2. a choice of target naming the other player's card (before: 'answer this choice with target or cards')", () => {
    // Arc Bolt's Spark target is chosen as it is cast (session 34): the target line comes before the passes.
    expect(failuresOf(chromatic(`p2 targets p2's "Seer"`))).toEqual([
      `17: no card p2's "Seer" in the game to target (there are p1's "Seer" copy 1, in Battlefield; p1's "Seer" copy 2, in Battlefield)`,
    ]);
  });

  it("3. the other player's card in an expectation, or an action out of turn, fails at its line", () => {
    expect(failuresOf(duel(`expect p2's "Stone Guard" power 2`))).toEqual([`10: no card p2's "Stone Guard" in the game (there is p1's "Stone Guard" copy 1, in Field)`]);
    expect(failuresOf(duel(`p2 attack p1 with "Scout"`))).toEqual([
      "10: the action was refused | expected a legal action | actual not_your_turn: it is p1's turn (p1's Play phase)",
    ]);
  });
});

describe("a wrong zone name", () => {
  it("4. another game's name for the graveyard (`discard pile` in Duel) names the zone of that part (no suggestion before)", () => {
    expect(failuresOf(duel(`p1 play "Quick Bolt" target "Scout"\nexpect p2 discard pile: "Scout"`))).toEqual([
      '11: Unknown zone "discard pile"; Three-Slot Duel has Deck, Hand, Field, Graveyard, Oblivion. (did you mean "Graveyard"?)',
    ]);
  });

  it("5. `in play` / `battlefield` for a game whose zone of play is called otherwise, in an expectation and in the setup", () => {
    expect(failuresOf(chromatic(`expect p1 in play has "Seer"`))).toEqual([
      '17: Unknown zone "in play"; Chromatic Battlelines has Deck, Hand, Battlefield, Facet Zone, Graveyard, Shatter Zone. (did you mean "Battlefield"?)',
    ]);
    expect(failuresOf(duel(`expect p1 life 10`).replace(`p1 field: "Stone Guard"`, `p1 battlefield: "Stone Guard"`))).toEqual([
      '4: Unknown zone "battlefield"; Three-Slot Duel has Deck, Hand, Field, Graveyard, Oblivion. (did you mean "Field"?)',
    ]);
  });
});

describe("a claim about a card that was never in the game", () => {
  it("6. `lacks` / `not ... has` a card of the game no one set up or made (passed before: it could never fail)", () => {
    const never = `No "Field Medic" is ever in this scenario's game: the setup lists none and no card makes one, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.`;
    expect(failuresOf(duel(`p1 play "Quick Bolt" target "Scout"\nexpect p2 graveyard lacks "Field Medic"`))).toEqual([`11: ${never}`]);
    expect(failuresOf(duel(`expect not p2 field has "Field Medic"`))).toEqual([`10: ${never}`]);
    expect(failuresOf(duel(`expect not p2 field: "Scout", "Field Medic"`))).toEqual([`10: ${never}`]);
    // A card of the game that is elsewhere is a claim that can fail: it is read.
    expect(failuresOf(duel(`p1 play "Quick Bolt" target "Scout"\nexpect p2 field lacks "Scout"\nexpect p1 graveyard lacks "Stone Guard"`))).toEqual([]);
  });

  it("7. a Facet card never in the game, in a resource zone (passed before)", () => {
    expect(failuresOf(chromatic(`expect p1 Facet Zone lacks "Primal Surge"`))).toEqual([
      `17: No "Primal Surge" is ever in this scenario's game: the setup lists none and no card makes one, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.`,
    ]);
  });

  it("8. the stack without a spell no one holds, or targeting a creature no one has (passed before)", () => {
    expect(failuresOf(chromatic(`expect not stack has "Refusal"`))).toEqual([`17: No "Refusal" is ever in this scenario's game: the setup lists none and no card makes one, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.`]);
    expect(failuresOf(chromatic(`expect not stack: "Refusal", rule`))).toEqual([`17: No "Refusal" is ever in this scenario's game: the setup lists none and no card makes one, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.`]);
    expect(failuresOf(chromatic(`p1 passes\nexpect not stack has "Arc Bolt" targeting "Sparkmage"`))).toEqual([
      `18: No "Sparkmage" is ever in this scenario's game: the setup lists none and no card makes one, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.`,
    ]);
    // About the spell that is there, the same forms are read.
    expect(failuresOf(chromatic(`p2 targets p1\nexpect stack has "Arc Bolt" by p2\nexpect not stack has "Arc Bolt" by p1`))).toEqual([]);
  });

  it("a token that is made later is a card of the game: a line before it is made is judged once the scenario has run", () => {
    const thralls = `scenario "a Thrall is made" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Thrall Master"
}
expect p1 battlefield lacks "Thrall"
expect no event enter "Thrall"
p1 activate "Thrall Master"
p2 pass
p1 pass
expect p1 battlefield has "Thrall"
`;
    expect(failuresOf(thralls)).toEqual([]);
    // Never made, the same lines could not fail: each is an error at its line.
    expect(failuresOf(thralls.split("p1 activate")[0]!)).toEqual([
      `6: no card "Thrall" in the game: no zone ever holds it, so this line could not fail (the cards of this scenario: "Thrall Master")`,
      `7: no card "Thrall" in the game: an event of it can never happen (the cards of this scenario: "Thrall Master")`,
    ]);
  });
});

describe("after the game ended", () => {
  const lethal = (lines: string) => duel(`p1 attack p2 with "Stone Guard"\nexpect winner p1\n${lines}`, "\n  p2 life 2");
  it("9. an action after the end is refused at its line; an expectation of a turn that never came fails", () => {
    expect(failuresOf(lethal(`p2 end turn`))).toEqual(["13: the action was refused | expected a legal action | actual game_over: the game is over (p1's Play phase)"]);
    expect(failuresOf(lethal(`expect turn 4`))).toEqual(["13: expectation not met | expected turn 4 | actual turn 3"]);
    // A claim of the winner placed before the blow that ends the game does not say it ended.
    expect(failuresOf(duel(`expect winner p1\np1 attack p2 with "Stone Guard"`, "\n  p2 life 2"))).toEqual([
      expect.stringMatching(/^11: expectation not met \| expected winner p1 \| actual winner none$/),
      expect.stringMatching(/^12: the game ended here \(p1 won: p2 loses: life 0 ≤ 0\) and no later line says so/),
    ]);
  });
});

describe("a step that is illegal", () => {
  it("10. a second attack with the same unit, a card played from the wrong hand, a wrongly claimed refusal", () => {
    expect(failuresOf(duel(`p1 attack p2 with "Stone Guard"\np1 attack p2 with "Stone Guard"\nexpect p2 life 6`))).toEqual([
      "11: the action was refused | expected a legal action | actual already_attacked: Stone Guard has already attacked this turn (p1's Play phase)",
    ]);
    expect(failuresOf(duel(`p1 play "Scout"`))).toEqual(["10: the action was refused | expected a legal action | actual not_in_hand: Scout is not in p1's hand (p1's Play phase)"]);
    expect(failuresOf(duel(`p1 play "Quick Bolt" target "Scout" refused not_enough_crystal`))).toEqual(["10: the action was accepted | expected refused not_enough_crystal | actual accepted"]);
  });
});
