/**
 * Rules session 44 (issues 11/12): a `push` / `pop` line naming a card that never waits to resolve in its game is CW7028
 * (probe s43 S11/MD7: `expect no event push "Quick Bolt"` held in Three-Slot Duel after the bolt was played — Duel pushes
 * only triggered abilities). The leaves-play controller and Deadly + Overwhelm decisions are proven by the bundled
 * scenarios rules-s44 of each game (cards/<game>/scenarios/rules-s44.scenario).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { cardReadsAs } from "../../compiler/reads-as.ts";
import { checked, failuresOf } from "./helpers.ts";

const duel = (lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Quick Bolt", "Scout", "Field Medic"
  p2 field: "Stone Guard"
  p1 deck: "Field Medic" x3
  p2 deck: "Stone Guard" x3
}
p1 play "Quick Bolt" target "Stone Guard"
p1 play "Scout"
p1 play "Field Medic"
${lines}`;

describe("a push or pop line naming a card that never waits to resolve is CW7028 (probe s43 S11/MD7)", () => {
  it("Three-Slot Duel: a spell and a unit with no trigger never push (on main: `expect no event push \"Quick Bolt\"` passed)", () => {
    expect(failuresOf(duel('expect no event push "Quick Bolt"\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel "Quick Bolt" never waits to resolve, so no `push` event ever names it: a Spell resolves as it is played.*`expect event resolve "Quick Bolt"` says it happened/)]);
    expect(failuresOf(duel('expect not event push "Scout"\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel "Scout" never waits to resolve.*a Unit enters play as it is played.*`expect event enter "Scout"`/)]);
    // The positive form is the same error (it could never hold), and in an order line too.
    expect(failuresOf(duel('expect event push "Quick Bolt"\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel "Quick Bolt" never waits to resolve/)]);
    expect(failuresOf(duel('expect order: push "Scout", life\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel "Scout" never waits to resolve/)]);
    // What the message offers holds.
    expect(failuresOf(duel('expect event resolve "Quick Bolt"\nexpect event enter "Scout"\n'))).toEqual([]);
  });

  it("Three-Slot Duel: a unit with a triggered ability (Field Medic's PLAY) is pushed, so its lines stay readable both ways", () => {
    expect(failuresOf(duel('expect event push "Field Medic" once\n'))).toEqual([]);
    expect(failuresOf(duel('expect no event push "Field Medic"\n'))).toEqual([expect.stringMatching(/^12: expectation not met \| expected not event push "Field Medic"/)]);
  });

  it("check says it at the line with did-you-mean to the event that says it (as the studio does)", () => {
    const text = `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Quick Bolt", "Scout"
}
expect no event push "Quick Bolt"
expect no event push "Scout"
`;
    expect(checked("duel", text)).toEqual(["6:1 CW7028 resolve", "7:1 CW7028 enter"]);
  });

  it("CYBERVAMP (stack): a creature with no ability enters as it is played — CW7028; a spell goes on the stack — readable", () => {
    // Alley Brute: a vanilla 3/3 (cards/cybervamp/scenarios/issue11-s7-amounts.cards).
    const text = (lines: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Neon Abattoir", "Blackout District", "Alley Brute"
  p1 hand: "Arterial Spray"
}
${lines}`;
    expect(failuresOf(text('expect no event push "Alley Brute"\nexpect no event pop "Alley Brute"\n'))).toEqual([
      expect.stringMatching(/^7: In CYBERVAMP "Alley Brute" never waits to resolve, so no `push` event ever names it: a Creature enters play as it is played, and spells and abilities go on the stack, and this card has no ability that does.*`expect event enter "Alley Brute"`/),
      expect.stringMatching(/^8: In CYBERVAMP "Alley Brute" never waits to resolve, so no `pop` event/),
    ]);
    // A spell goes on the stack: pushed as it is played, popped when both players pass.
    expect(failuresOf(text('p1 play "Arterial Spray" target p2\nexpect event push "Arterial Spray" once\np2 pass\np1 pass\nexpect event pop "Arterial Spray" once\n'))).toEqual([]);
  });

  it("Chromatic (chain): every card played waits for priority (priority_actions lists each type), so none is CW7028", () => {
    const text = `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 hand: "Seer", "Arc Bolt", "Ember Aura", "Thorn Whip"
}
expect no event push "Seer"
expect no event push "Arc Bolt"
expect no event push "Ember Aura"
expect no event pop "Thorn Whip"
`;
    expect(checked("chromatic", text)).toEqual([]);
  });
});

describe("reads-as says 'was' of a card an earlier step took out of play, as the engine asks it (mutation s43 nit, probe s43 M1)", () => {
  const readings = (text: string) => {
    const game = readFileSync("cards/cybervamp/cybervamp.game", "utf8");
    const cards = `set T "t" for cybervamp\ncard "T" {\n  type: Spell\n  faction: Black\n  cost: {B}\n  text:\n    ${text}\n}\n`;
    const bundle = lowerWorkspace([{ path: "x/cybervamp.game", text: game }, { path: "x/t.cards", text: cards }]).bundles.find((b) => b.game.id === "cybervamp")!;
    return cardReadsAs(bundle.cards.find((c) => c.name === "T")!, bundle.game);
  };

  it("a target destroyed or returned (already 'was' on this main), a card sacrificed or chosen and destroyed (was 'is')", () => {
    expect(readings("Destroy target creature. If it was a blocking creature, draw a card.")).toEqual(["Destroy target creature, then if it was a blocking Creature, draw a card."]);
    expect(readings("Return target creature to its owner's hand. If it was an attacking creature, draw a card.")).toEqual(["Return target creature to its owner's hand, then if it was an attacking Creature, draw a card."]);
    expect(readings("Sacrifice a creature. If it was a Vampire, draw a card.")).toEqual(["Sacrifice a Creature, then if it was a Vampire, draw a card."]);
    expect(readings("Choose a creature. Destroy it. If it was a Vampire, draw a card.")).toEqual(["Destroy a Creature, then if that card was a Vampire, draw a card."]);
    // A card still in play is asked as it is now.
    expect(readings("Choose a creature. Exhaust it. If it is a Vampire, draw a card.")).toEqual([expect.stringMatching(/if that card is a Vampire/)]);
  });
});
