/**
 * Issue 12, session 19: lies and wrong readings left from session 18's outsider probe, and session 19's own probe
 * (scenarios written from the rules texts and docs/language.md only; /work/notes/scenarios.md lists them):
 * - `expect event damage "X"` matched X as the card that DEALT damage when a player was dealt it (the trace's damage
 *   event to a player carries the source as its card): a Quick Bolt aimed at p2 passed `expect event damage "Quick
 *   Bolt"`, and a Blood Broker hitting p2 passed `expect event damage "Blood Broker"` — read as "Broker was dealt
 *   damage". Now `damage "X"` is X dealt damage, and `damage p2 by "X"` the damage X dealt to p2;
 * - `expect p1 Gold 0` in CYBERVAMP (costs paid by exhausting lands: no Gold ever in a pool) held with two untapped
 *   Gold lands, and `expect not p1 temporary Red 1` held in games without temporary resources: CW7013;
 * - a Three-Slot Duel setup put 7 cards in a hand the rules cap at 6 ("6 in hand maximum."): CW5014, and a count past
 *   6 is CW7012;
 * - a quoted `param defenders = "true"` was read false by the compiler (`=== true`) and true by the engine's
 *   rules.param: one reading for both (compiler/contract.ts canonicalParamValue).
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";
import { canonicalParamValue } from "../../compiler/contract.ts";

const duel = (setup: string, lines: string) => `scenario "s19" for duel\nsetup {\n  turn 3 p1 phase Play\n${setup}}\n${lines}\n`;

describe("`expect event damage` names the card or player dealt the damage; `by` the card that dealt it to a player", () => {
  const bolt = (line: string) => duel(`  p1 hand: "Quick Bolt"\n  p2 field: "Stone Guard"\n`, `p1 play "Quick Bolt" target p2\n${line}`);

  it("a spell aimed at a player is not a card dealt damage (passed before: the event's card is its source)", () => {
    expect(failuresOf(bolt(`expect event damage "Quick Bolt"`))).toEqual([expect.stringMatching(/^8: expectation not met \| expected event damage "Quick Bolt"/)]);
    expect(failuresOf(bolt(`expect event damage p2 by "Quick Bolt" once\nexpect no event damage p1\nexpect no event damage "Stone Guard"`))).toEqual([]);
    expect(failuresOf(bolt(`expect no event damage p2 by "Quick Bolt"`))).toEqual([expect.stringMatching(/^8: expectation not met \| expected not event damage p2 by "Quick Bolt"/)]);
  });

  it("damage to a card is still read by the card's name", () => {
    const text = duel(`  p1 hand: "Quick Bolt"\n  p2 field: "Stone Guard"\n`, `p1 play "Quick Bolt" target "Stone Guard"\nexpect event damage "Stone Guard" once\nexpect no event damage p2`);
    expect(failuresOf(text)).toEqual([]);
  });

  it("`by` with another event kind is an error at the line, in test and check (with a card dealt damage: outsider-s20)", () => {
    const text = (line: string) => duel(`  p1 hand: "Quick Bolt"\n  p2 field: "Stone Guard"\n`, `p1 play "Quick Bolt" target "Stone Guard"\n${line}`);
    expect(failuresOf(text(`expect event destroyed "Stone Guard" by "Quick Bolt"`))).toEqual([
      '8: cannot read this line: "by" names the card that dealt damage (`damage p2 by "Blood Broker"`, `damage "Scout" by "Quick Bolt"`); a destroyed event is named by its own card or player',
    ]);
    expect(checked("duel", text(`expect event destroyed "Stone Guard" by "Quick Bolt"`))).toEqual(["8:38 CW5002"]);
  });
});

describe("a pool the game never fills is an error (CW7013), not a 0 that holds", () => {
  it("CYBERVAMP pays costs by exhausting lands: `p1 Gold` in an expectation or the setup", () => {
    const cv = (setup: string, line: string) => `scenario "gold" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Gold Exchange", "Bullion Vault"\n${setup}}\n${line}\n`;
    expect(checked("cybervamp", cv("", "expect p1 Gold 0"))).toEqual(["6:1 CW7013"]);
    expect(checked("cybervamp", cv("", "expect not p2 Gold 1"))).toEqual(["6:1 CW7013"]);
    expect(checked("cybervamp", cv("  p1 Gold 2\n", 'expect "Gold Exchange" is ready'))).toEqual(["5:3 CW7013"]);
    expect(failuresOf(cv("", "expect p1 Gold 0"))).toEqual([expect.stringMatching(/^6: CYBERVAMP never holds Gold in a pool: costs are paid by exhausting lands/)]);
    // A player counter of the same game is read as before.
    expect(checked("cybervamp", cv("", "expect p2 Bleed 0"))).toEqual([]);
  });

  it("temporary resources outside the Facet mechanic (Three-Slot Duel, CYBERVAMP); Chromatic's are read", () => {
    expect(checked("duel", duel("", "expect not p1 temporary Crystal 1"))).toEqual(["5:1 CW7013"]);
    expect(checked("cybervamp", `scenario "t" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n}\nexpect not p1 temporary Red 1\n`)).toEqual(["5:1 CW7013"]);
    expect(checked("chromatic", `scenario "t" for chromatic\nsetup {\n  turn 4 p1 phase Main\n}\nexpect not p1 temporary Red 1\n`)).toEqual([]);
  });
});

describe("a capacity of a resource the game does not run as one (CW7013)", () => {
  it("Chromatic's Armor has no capacity (only Mana is run as one): the setup's Armor was read back as its capacity", () => {
    const chromatic = (line: string) => `scenario "armor" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Armor 2\n}\n${line}\n`;
    expect(checked("chromatic", chromatic("expect p1 Armor capacity 2"))).toEqual(["6:1 CW7013"]);
    expect(checked("chromatic", chromatic("expect p1 Mana capacity 0\nexpect p1 Armor 2"))).toEqual([]);
    expect(checked("duel", duel("", "expect p1 Crystal capacity 0"))).toEqual([]);
  });
});

describe("Three-Slot Duel's hand maximum (\"6 in hand maximum.\")", () => {
  it("a setup of 7 cards in hand is CW5014, a count past 6 is CW7012; 6 is a board the game reaches", () => {
    expect(checked("duel", duel(`  p1 hand: "Scout" x7\n`, "expect p1 hand count 7"))).toEqual(["4:3 CW5014", "6:1 CW7012"]);
    expect(checked("duel", duel(`  p1 hand: "Scout" x2\n`, "expect not p1 hand count 8"))).toEqual(["6:1 CW7012"]);
    expect(checked("duel", duel(`  p1 hand: "Scout" x6\n`, "expect p1 hand count 6"))).toEqual([]);
    // Chromatic names no maximum: a hand of 8 is a board it reaches.
    expect(checked("chromatic", `scenario "t" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 hand: "Insight" x8\n}\nexpect p1 hand count 8\n`)).toEqual([]);
  });
});

describe("a game parameter has one reading for the compiler and the engine", () => {
  it('a quoted "true" / "False" of a true-or-false param is that boolean, a quoted whole number that number', () => {
    expect(canonicalParamValue("defenders", "true")).toBe(true);
    expect(canonicalParamValue("life_payment_may_reach_zero", "True")).toBe(true);
    expect(canonicalParamValue("first_player_draws", "False")).toBe(false);
    expect(canonicalParamValue("max_hand", "6")).toBe(6);
    expect(canonicalParamValue("max_hand", "unlimited")).toBe("unlimited");
    expect(canonicalParamValue("combat_model", "true")).toBe("true");
  });

  it('`param defenders = "true"` makes defenders for check as for the engine (was CW7011: the compiler read it false)', () => {
    const withDefenders = (text: string) => `${text}\nparam defenders = "true"\n`;
    expect(checked("chromatic", `scenario "d" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 battlefield: "Seer"\n}\nexpect not "Seer" is defender\n`, withDefenders)).toEqual([]);
  });
});
