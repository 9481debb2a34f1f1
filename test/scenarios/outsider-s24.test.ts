/**
 * Session 24's outside check (issue 12): scenarios written from the rules texts and docs/language.md only, each with a
 * deliberate mistake, must fail at their line or be a check error — never pass. Lies found and fixed here:
 * - In Chromatic Battlelines only a Weapon's attack is a fight (16.1: "The Main Phase Weapon attack is the only way a
 *   player fights a creature"): creature combat deals damage and emits no `fight`, so `expect no event fight "Seer"` held
 *   after Seer blocked a creature. A `fight` line naming a card that never fights in the scenario — a Spell, or a creature
 *   with no Weapon in the setup — is CW7017 (the game-wide CW7016 could not see it: Chromatic has Weapons).
 * - A chain made only of the opponent's noted abilities named no player at its start, so `expect no event chain_start p1`
 *   and `... p2` both held — while 17.1 says "If you have no matching trigger but the opponent does, you still own one
 *   chain". A chain's start names its owner now (runtime/models/chain.ts), whatever starts it.
 * - A token leaving play (it ceases to exist) named no player, so `expect no event move p1` held when p1's token was
 *   destroyed; every move names the card's owner (EVENT_PLAYER), and so does this one now (runtime/core/operations.ts).
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";

describe("a fight naming a card that never fights is CW7017", () => {
  const seerBlocks = (lines: string, extra = "") =>
    `scenario "Seer blocks" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 battlefield: "Ironhide Bear"\n  p2 battlefield: "Seer"${extra}\n  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\np1 ends the phase\np2 passes\np1 chooses "Ironhide Bear"\np2 passes\np2 chooses "Seer"\np1 passes\np2 passes\nexpect p2 graveyard: "Seer"\n${lines}\n`;

  it("Chromatic: Seer blocked a creature and died — `no event fight \"Seer\"` (no Weapon in the setup) is CW7017, and fails its scenario", () => {
    expect(checked("chromatic", seerBlocks('expect no event fight "Seer"'))).toEqual(["17:1 CW7017"]);
    expect(checked("chromatic", seerBlocks('expect order: block "Seer", fight "Ironhide Bear"'))).toEqual(["17:1 CW7017"]);
    expect(failuresOf(seerBlocks('expect no event fight "Seer"'))).toEqual([
      '17: In Chromatic Battlelines "Seer" never fights here: a Weapon fights as it attacks, and a Creature only when a Weapon attacks it, and no Weapon is in this scenario\'s setup: the combat of attackers and blockers deals damage and is no fight. No `fight` event can name it, so this line could not tell anything (negated it would hold whatever happened); expect what it does instead: `expect event block "Seer"`, `damage "Seer"`, `damage "X" by "Seer"`, `destroyed "Seer"`.',
    ]);
    // What the combat did, said in its own events, holds.
    expect(failuresOf(seerBlocks('expect event block "Seer" once\nexpect event destroyed "Seer" once'))).toEqual([]);
  });

  it("Chromatic: with a Weapon in the setup a creature may fight — the line is read (and here holds: the Weapon never attacked)", () => {
    expect(checked("chromatic", seerBlocks('expect no event fight "Seer"', '\n  p1 hand: "Ember Blade"'))).toEqual([]);
    expect(failuresOf(seerBlocks('expect no event fight "Seer"', '\n  p1 hand: "Ember Blade"'))).toEqual([]);
  });

  it("a Spell never fights, whatever the setup (Chromatic and Three-Slot Duel)", () => {
    expect(checked("chromatic", seerBlocks('expect no event fight "Insight"', '\n  p1 battlefield: "Ember Blade"'))).toEqual(["18:1 CW7017"]);
    const duel = (lines: string) =>
      `scenario "Blocker fights" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Stone Guard"\n  p2 field: "Scout"\n  p1 hand: "Quick Bolt"\n}\np1 attack "Scout" with "Stone Guard"\nexpect p2 graveyard: "Scout"\n${lines}\n`;
    expect(checked("duel", duel('expect no event fight "Quick Bolt"'))).toEqual(["10:1 CW7017"]);
    expect(checked("duel", duel('expect event fight "Scout" once'))).toEqual([]);
  });
});

describe("a chain's start names its owner, also when only the opponent's abilities make it up", () => {
  const noTrigger = (lines: string) =>
    `scenario "You have no trigger" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Mana 2\n  p1 hand: "Grave Robbing"\n  p2 battlefield: "Grave Scribe"\n  p1 deck: "Arc Bolt" x5\n  p2 deck: "Insight" x5\n}\np1 plays "Grave Robbing"\np1 chooses mode 4\np2 passes\nexpect p2 graveyard: "Insight"\n${lines}\n`;

  it("Chromatic 17.1 'You have no trigger': p1's spell draws, p2's Grave Scribe mills — the chain is p1's (`no event chain_start p1` passed before)", () => {
    expect(failuresOf(noTrigger("expect event chain_start p1 once\nexpect no event chain_start p2\nexpect event fire p2 once\nexpect no event fire p1"))).toEqual([]);
    expect(failuresOf(noTrigger("expect no event chain_start p1"))).toEqual([expect.stringMatching(/^14: expectation not met \| expected not event chain_start p1 \| actual 1: chain \d+ \(p1\): only p2's noted abilities$/)]);
  });
});

describe("a token that leaves play names its owner", () => {
  it("CYBERVAMP: p2's Arterial Spray destroys p1's Thrall token, which ceases to exist — `no event move p1` fails (passed before)", () => {
    const text = (lines: string) =>
      `scenario "Thrall" for cybervamp\nsetup {\n  turn 3 p2 phase Pre-Battle\n  p1 battlefield: "Thrall"\n  p2 hand: "Arterial Spray"\n  p2 battlefield: "Crimson Substation", "Gold Exchange"\n}\np2 play "Arterial Spray" target "Thrall"\np1 pass\np2 pass\nexpect p1 battlefield lacks "Thrall"\n${lines}\n`;
    expect(failuresOf(text("expect no event move p1"))).toEqual(['12: expectation not met | expected not event move p1 | actual 1: Thrall leaves play and ceases to exist']);
    expect(failuresOf(text('expect event move p1 once\nexpect event move "Thrall" once\nexpect event destroyed p1 once'))).toEqual([]);
  });
});
