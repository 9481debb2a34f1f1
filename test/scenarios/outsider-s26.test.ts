/**
 * Issue 12, session 26: a line that leaves a choice to the runner fails, saying what to add. The runner took the first
 * listed action the line fits, so a scenario could test another move than its author meant and pass: `p1 play "Field
 * Kit"` cast its first mode, `p1 play "Crystal Lance" target "Scout"` paid X = 0 (the Scout survived: `expect p2
 * field: "Scout"` held), `p1 play "Battle Cry" target "Scout"` discarded whichever card was listed first, `p1 attack p2
 * with "Scout"` attacked with either of two Scouts, a block named one of two same-name creatures, `p1 order "Tide
 * Caller"` placed either of its two noted triggers first, and a CYBERVAMP cost was paid with the first listed lands.
 * On main 4c6d78f each such line was played with the first listed move, and its scenario passed wherever its
 * expectations held of that move (X = 0, the discard, the attacker, the land payment); a block or choice naming `copy 2`
 * chose copy 1 whatever the line said.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const duel = (board: string, lines: string) => `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n${board}\n}\n${lines}\n`;

describe("a line that leaves a choice to the runner fails, saying which choices there are", () => {
  it("a 'Choose one —' card played naming no mode, where several modes fit the line", () => {
    const board = '  p1 field: "Scout"\n  p1 hand: "Field Kit"\n  p1 deck: "Scout" x3';
    expect(failuresOf(duel(board, 'p1 play "Field Kit"\nexpect p1 hand count 1'))).toEqual([
      '8: the line names no mode and 2 modes of "Field Kit" fit it (mode 1 "Gain life equal to the number of units you control"; mode 2 "Draw a card"): say which, with `mode N`',
    ]);
    expect(failuresOf(duel(board, 'p1 play "Field Kit" mode 2\nexpect p1 hand count 1'))).toEqual([]);
    expect(failuresOf(duel(board, 'p1 play "Field Kit" mode "Draw a card"\nexpect p1 hand count 1'))).toEqual([]);
  });

  it("a mode that fits the line's target alone is that mode (Blood Rite: only its damage mode targets a player)", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Crimson Substation"\n  p1 hand: "Blood Rite"\n  p2 battlefield: "Neon Ripper"\n}\np1 play "Blood Rite" target p2\np2 pass\np1 pass\nexpect p2 life 19\n`;
    expect(failuresOf(text)).toEqual([]);
    // Both modes can target a creature: the line must say which.
    expect(failuresOf(text.replace("target p2", 'target "Neon Ripper"').replace("expect p2 life 19", 'expect "Neon Ripper" damage 1'))).toEqual([
      '8: the line names no mode and 2 modes of "Blood Rite" fit it (mode 1 "Deal 1 damage to any target"; mode 2 "Target creature gains Haste until end of turn"): say which, with `mode N`',
    ]);
  });

  it("X not said: the engine offers every X the player can pay", () => {
    const board = '  p1 Crystal 3\n  p1 hand: "Crystal Lance"\n  p2 field: "Scout"';
    // On main X was 0: the Scout survived and this passed.
    expect(failuresOf(duel(board, 'p1 play "Crystal Lance" target "Scout"\nexpect p2 field: "Scout"'))).toEqual([
      "8: the line does not say the value of X and the engine offers 4 (0; 1; 2; 3): say which, with `x N`",
    ]);
    expect(failuresOf(duel(board, 'p1 play "Crystal Lance" target "Scout" x 2\nexpect p2 graveyard: "Scout"'))).toEqual([]);
  });

  it("a card to discard not said, of two different cards in hand; two copies of one card are alike", () => {
    const board = '  p1 field: "Scout"\n  p1 hand: "Battle Cry", "Stone Guard", "Ember Squire"';
    expect(failuresOf(duel(board, 'p1 play "Battle Cry" target "Scout"\nexpect "Scout" power 3'))).toEqual([
      '7: the line does not say the cards discarded to pay and the engine offers 2 (p1\'s "Stone Guard"; p1\'s "Ember Squire"): say which, with `discard "A"`',
    ]);
    expect(failuresOf(duel(board, 'p1 play "Battle Cry" target "Scout" discard "Ember Squire"\nexpect p1 hand: "Stone Guard"'))).toEqual([]);
    const alike = '  p1 field: "Scout"\n  p1 hand: "Battle Cry", "Stone Guard", "Stone Guard"';
    expect(failuresOf(duel(alike, 'p1 play "Battle Cry" target "Scout"\nexpect p1 hand: "Stone Guard"'))).toEqual([]);
  });

  it("which of two cards of one name in play attacks; two copies in hand are alike to play", () => {
    expect(failuresOf(duel('  p1 field: "Scout", "Scout"', 'p1 attack p2 with "Scout"\nexpect p2 life 9'))).toEqual([
      '6: "Scout" could be any of 2 cards: say which ("Scout" copy 1; "Scout" copy 2)',
    ]);
    expect(failuresOf(duel('  p1 field: "Scout", "Scout"', 'p1 attack p2 with "Scout" copy 2\nexpect p2 life 9'))).toEqual([]);
    expect(failuresOf(duel('  p1 hand: "Scout", "Scout"', 'p1 play "Scout"\nexpect p1 field: "Scout"'))).toEqual([]);
  });

  it("which of two creatures of one name blocks (CYBERVAMP's declaration, a line each); the copy a line names blocks", () => {
    const text = (block: string, expectations = "expect event block p2") =>
      `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Blood Broker"\n  p2 battlefield: "Nightclub Thrall", "Nightclub Thrall"\n}\np1 attack p2 with "Blood Broker"\np1 pass\np2 pass\n${block}\n${expectations}\n`;
    expect(failuresOf(text('p2 block "Blood Broker" with "Nightclub Thrall"'))).toEqual([
      '10: "Nightclub Thrall" could be any of 2 cards offered: say which, "Nightclub Thrall" copy 1, "Nightclub Thrall" copy 2',
    ]);
    // The line's copy is the one that blocks (was copy 1, whatever the line said).
    expect(failuresOf(text('p2 block "Blood Broker" with "Nightclub Thrall" copy 2', 'expect event block "Nightclub Thrall" copy 2\nexpect no event block "Nightclub Thrall" copy 1'))).toEqual([]);
    // Both named: nothing is left to the runner.
    expect(failuresOf(text('p2 block "Blood Broker" with "Nightclub Thrall", "Nightclub Thrall"'))).toEqual([]);
    // A choice answered with `choose`: the same.
    expect(failuresOf(text('p2 choose "Nightclub Thrall" copy 2', 'expect event block "Nightclub Thrall" copy 2'))).toEqual([]);
  });

  it("which of a card's noted triggers is placed first: `order \"X\" ability N`", () => {
    const text = (order: string) =>
      `scenario "s" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Mana 2\n  p1 Facet Zone: "Sparkmage", "Grave Scribe"\n  p1 hand: "Tide Caller"\n  p2 battlefield: "Seer"\n  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\np1 plays "Tide Caller"\np2 passes\np1 chooses yes\np1 chooses yes\n${order}\np1 targets "Seer"\nexpect p2 life 28\nexpect "Seer" damage 1\n`;
    expect(failuresOf(text('p1 order "Tide Caller"'))).toEqual([
      '15: 2 noted triggers fit the line ("Tide Caller" ability 1; "Tide Caller" ability 3): say which is placed first, with `order "X" ability N` (its Nth triggered ability)',
    ]);
    expect(failuresOf(text('p1 order "Tide Caller" ability 1'))).toEqual([]);
  });

  it("CYBERVAMP lands that do not pay alike: the line names them", () => {
    const text = (play: string) =>
      `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Crimson Substation", "Gold Exchange", "Bullion Vault", "Neon Abattoir"\n  p1 hand: "Pyre Sigil"\n  p2 battlefield: "Neon Ripper"\n}\n${play}\np2 pass\np1 pass\nexpect "Neon Ripper" damage 1\n`;
    expect(failuresOf(text('p1 play "Pyre Sigil" target "Neon Ripper" x 1'))).toEqual([
      '8: the line does not say the lands exhausted to pay and the engine offers 2 (p1\'s "Crimson Substation", p1\'s "Neon Abattoir"; p1\'s "Crimson Substation", p1\'s "Gold Exchange"): say which, with `exhausting "A", "B"`',
    ]);
    expect(failuresOf(text('p1 play "Pyre Sigil" target "Neon Ripper" x 1 exhausting "Crimson Substation", "Gold Exchange"'))).toEqual([]);
  });
});
