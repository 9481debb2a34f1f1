/**
 * Session 23's outside check (issue 12): scenarios written from the rules texts and docs/language.md only, each with a
 * deliberate mistake, must fail at their line or be a check error — never pass. Lies found and fixed here:
 * - A `fight` event named only the attacker: `expect no event fight "Seer"` held when Seer blocked and fought. A fight is
 *   about both fighters now (TraceEvent.other); and it names no player, so `expect no event fight p2` — meant as "p2's
 *   creature did not fight" — held whatever fought: CW7015.
 * - A spell countered (`Counterhack`), or fizzling under the chain or instant model, named no player:
 *   `expect no event fizzle p1` held when p1's spell was countered. Every fizzle names its controller now.
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";

const chromaticBlade = (lines: string) =>
  `scenario "Blade fights Seer" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 battlefield: "Ember Blade"\n  p2 battlefield: "Seer"\n  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\np1 attacks "Seer" with "Ember Blade"\np2 passes\nexpect "Seer" damage 2\n${lines}\n`;
const duelBlock = (lines: string) =>
  `scenario "Blocker fights" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Stone Guard"\n  p2 field: "Scout"\n}\np1 attack "Scout" with "Stone Guard"\nexpect p2 graveyard: "Scout"\n${lines}\n`;

describe("a fight is about both fighters, and names no player", () => {
  it("Chromatic: a Weapon attacks a creature — `no event fight \"Seer\"` fails (passed before), `event fight \"Seer\"` holds", () => {
    expect(failuresOf(chromaticBlade('expect no event fight "Seer"'))).toEqual(['12: expectation not met | expected not event fight "Seer" | actual 1: Ember Blade (2) fights Seer (1)']);
    expect(failuresOf(chromaticBlade('expect event fight "Seer" once\nexpect event fight "Ember Blade" once'))).toEqual([]);
  });

  it("Duel: the unit attacked fought too", () => {
    expect(failuresOf(duelBlock('expect event fight "Scout" once\nexpect event fight "Stone Guard" once'))).toEqual([]);
    expect(failuresOf(duelBlock('expect no event fight "Scout"'))).toHaveLength(1);
  });

  it("`fight p2` is CW7015 at check and fails its scenario (negated it passed whatever fought), in every kind of list", () => {
    const lines = "expect no event fight p2\nexpect event fight p1\nexpect order: attack p1, fight p1\nexpect not one event: fight p2, destroyed \"Seer\"";
    expect(checked("chromatic", chromaticBlade(lines))).toEqual(["12:1 CW7015", "13:1 CW7015", "14:1 CW7015", "15:1 CW7015"]);
    const failures = failuresOf(chromaticBlade(lines));
    expect(failures).toHaveLength(4);
    expect(failures[0]).toBe(
      '12: A `fight` event never names a player, so `fight p2` matches no event: this line could never hold, and negated it would hold whatever happened; write `expect event fight "X"` (either fighter: the attacker, or the card it fights).',
    );
    // A kind that names a player reads as before: the attack's player is the attacker.
    expect(checked("chromatic", chromaticBlade("expect event attack p1 once\nexpect no event attack p2"))).toEqual([]);
    expect(failuresOf(chromaticBlade("expect event attack p1 once\nexpect no event attack p2"))).toEqual([]);
  });
});

describe("a fight in a game where nothing fights is CW7016", () => {
  const spray = (lines: string) =>
    `scenario "Spray" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 hand: "Arterial Spray"\n  p1 battlefield: "Crimson Substation", "Gold Exchange"\n  p2 battlefield: "Blood Broker"\n}\np1 play "Arterial Spray" target "Blood Broker"\np2 pass\np1 pass\nexpect p2 discard pile: "Blood Broker"\n${lines}\n`;

  it("CYBERVAMP (combat_model = damage, no Weapons): `no event fight \"X\"` held whatever happened in combat", () => {
    expect(checked("cybervamp", spray('expect no event fight "Blood Broker"\nexpect order: attack, fight'))).toEqual(["12:1 CW7016", "13:1 CW7016"]);
    expect(failuresOf(spray('expect no event fight "Blood Broker"'))).toEqual([
      '12: In CYBERVAMP nothing ever fights: combat deals damage (`combat_model = damage`) and no Weapon attacks, so the engine never emits a `fight` event and this line could not tell anything (negated it would hold whatever happened in combat); expect the combat itself: `expect event attack "X"`, `block "Y"`, `damage "Y" by "X"`, `destroyed "Y"`.',
    ]);
  });

  it("Three-Slot Duel (units fight) and Chromatic (Weapons fight) read it", () => {
    expect(checked("duel", duelBlock('expect event fight "Scout" once'))).toEqual([]);
    expect(checked("chromatic", chromaticBlade('expect event fight "Seer" once'))).toEqual([]);
  });
});

describe("a spell countered or fizzling names its controller", () => {
  it("CYBERVAMP: Counterhack counters p1's Blood Rite — `no event fizzle p1` fails (passed before)", () => {
    const text = (lines: string) =>
      `scenario "Counterhack" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Crimson Substation"\n  p1 hand: "Blood Rite"\n  p2 battlefield: "Violet Datacore", "Violet Datacore"\n  p2 hand: "Counterhack"\n}\np1 play "Blood Rite" targeting p2\np2 play "Counterhack" target "Blood Rite"\np1 pass\np2 pass\nexpect p1 discard pile has "Blood Rite"\n${lines}\n`;
    expect(failuresOf(text("expect no event fizzle p1"))).toEqual([expect.stringMatching(/^14: expectation not met \| expected not event fizzle p1 \| actual 1: Blood Rite: .* is countered$/s)]);
    expect(failuresOf(text('expect event fizzle p1 once\nexpect no event fizzle p2\nexpect event fizzle "Blood Rite" once'))).toEqual([]);
  });
});
