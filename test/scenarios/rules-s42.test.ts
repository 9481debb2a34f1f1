/**
 * Issue 12, session 42 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against: a line that held whatever the engine did (a lie), or one that matched a card it did not name.
 */
import { describe, expect, it } from "vitest";
import { failuresOf, runText } from "./helpers.ts";

/** The warnings of the one scenario of a text, as `line: message` (it must not fail). */
function warningsOf(text: string): string[] {
  const { results } = runText(text);
  expect(results[0]!.failures).toEqual([]);
  return (results[0]!.warnings ?? []).map((w) => `${w.line}: ${w.message}`);
}

const duel = (setup: string, lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
${setup}
  p1 deck: "Scout" x2
  p2 deck: "Scout" x2
}
${lines}`;

describe("an event line naming a card both players have says which, as a state line must (probe L2)", () => {
  const bolt = (lines: string) => duel(`  p1 field: "Stone Guard"\n  p2 field: "Stone Guard"\n  p1 hand: "Quick Bolt"`, `p1 play "Quick Bolt" target p2's "Stone Guard"\n${lines}`);

  it("`expect event destroyed \"Stone Guard\"` after p2's was destroyed fails naming both forms (on main: passed on p2's, whichever was meant)", () => {
    const said = `"Stone Guard" names a card of each player here (p1's and p2's), so this line would hold of either one: say which, as a state line must — \`p1's "Stone Guard"\` or \`p2's "Stone Guard"\` (the player who controls it), or \`"Stone Guard" copy N\` (N of 1 to 2, in the setup's order)`;
    expect(failuresOf(bolt(`expect event destroyed "Stone Guard"\n`))).toEqual([`11: ${said}`]);
    // Negated, and as an order or one-event item, and as the card that did it (`by`): the same.
    expect(failuresOf(bolt(`expect no event destroyed "Stone Guard"\n`))).toEqual([`11: ${said}`]);
    expect(failuresOf(bolt(`expect order: action p1, destroyed "Stone Guard"\n`))).toEqual([`11: ${said}`]);
    expect(failuresOf(bolt(`expect one event: damage "Stone Guard", destroyed p2's "Stone Guard"\n`))).toEqual([`11: ${said}`]);
  });

  it("the forms that say which hold as they read", () => {
    expect(failuresOf(bolt(`expect event destroyed p2's "Stone Guard"\nexpect no event destroyed p1's "Stone Guard"\nexpect event destroyed "Stone Guard" copy 2\nexpect no event damage "Stone Guard" copy 1\n`))).toEqual([]);
    expect(failuresOf(bolt(`expect event destroyed p1's "Stone Guard"\n`))).toEqual([expect.stringMatching(/^11: expectation not met/)]);
  });

  it("a copy of the other player's that could not have made the event does not make it ambiguous: p2's Scouts in the deck never attack", () => {
    expect(failuresOf(duel(`  p1 field: "Scout"`, `p1 attack p2 with "Scout"\nexpect event attack "Scout" once\nexpect p2 life 9\n`))).toEqual([]);
    // Where any copy could have made it (a draw), the deck copies count.
    expect(failuresOf(duel(`  p1 field: "Scout"`, `p1 end turn\nexpect event draw "Scout"\n`))).toEqual([expect.stringMatching(/^9: "Scout" names a card of each player here/)]);
    expect(failuresOf(duel(`  p1 field: "Scout"`, `p1 end turn\nexpect event draw p2's "Scout"\n`))).toEqual([]);
  });

  it("one player's several copies are not this ambiguity: the line is about any of them", () => {
    expect(failuresOf(duel(`  p1 field: "Stone Guard", "Stone Guard"\n  p1 hand: "Quick Bolt"`, `p1 play "Quick Bolt" target "Stone Guard" copy 1\nexpect event destroyed "Stone Guard" once\n`))).toEqual([]);
  });
});

describe("a negated event line about a card that could never make that event is an error (probe L3)", () => {
  it("`expect no event resolve \"Quick Bolt\"` / `fizzle` / `push` with the Bolt never cast: it never did anything (on main: passed)", () => {
    const text = (line: string) => duel(`  p1 field: "Stone Guard"\n  p1 hand: "Quick Bolt"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\n${line}\n`);
    // (`push`: CW7028 first, since session 44 — a Duel spell never waits to resolve: test/scenarios/rules-s44.test.ts.)
    expect(failuresOf(text(`expect no event push "Quick Bolt"`))).toEqual([expect.stringMatching(/^11: In Three-Slot Duel "Quick Bolt" never waits to resolve/)]);
    for (const kind of ["resolve", "fizzle"])
      expect(failuresOf(text(`expect no event ${kind} "Quick Bolt"`))).toEqual([
        expect.stringMatching(new RegExp(`^11: "Quick Bolt" never did anything in this scenario — it was never played, never in play, and no event happened to it \\(it stayed in p1's Hand\\): only .*, so this line could not fail — play it, or set it up in play \\(\`p1 Field: "Quick Bolt"\`\\), to test that it does not, or leave the line out$`)),
      ]);
  });

  it("a negated line about a card that was on the stack stands: the Bolt cast and resolved did not fizzle", () => {
    expect(failuresOf(duel(`  p2 field: "Stone Guard"\n  p1 hand: "Quick Bolt"`, `p1 play "Quick Bolt" target p2\nexpect p2 life 8\nexpect no event fizzle "Quick Bolt"\nexpect event resolve "Quick Bolt"\n`))).toEqual([]);
  });

  it("`expect no event trigger \"Wandering Peddler\"` with the Peddler in the deck throughout is an error; in play and not dying, it stands", () => {
    const text = (where: string) => duel(`  ${where}: "Wandering Peddler"\n  p1 field: "Stone Guard"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\nexpect no event trigger "Wandering Peddler"\n`);
    expect(failuresOf(text("p2 deck"))).toEqual([expect.stringMatching(/^11: "Wandering Peddler" never did anything in this scenario .*\(it stayed in p2's Deck\): only a card in play, or one an event of its own sets off, triggers, so this line could not fail/)]);
    expect(failuresOf(text("p2 field"))).toEqual([]);
  });

  it("a card an event happened to away from play (drawn, discarded) could have set off an ability of its own: its negated trigger line stands", () => {
    // Field Medic (a PLAY trigger) drawn by p2. (Until session 45 this was Scout, which has no triggered ability at all and
    // so never triggers anywhere: CW7029 since, test/scenarios/rules-s45.test.ts.)
    const drawn = `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Stone Guard"\n  p1 deck: "Scout" x2\n  p2 deck: "Field Medic" x2\n}\n`;
    expect(failuresOf(`${drawn}p1 end turn\nexpect event draw p2\nexpect no event trigger "Field Medic"\n`)).toEqual([]);
  });

  it("`expect no event damage p2 by \"Ember Squire\"` with the Squire in a hand: it never acted (on main: passed); in play and not attacking, it stands", () => {
    const text = (where: string) => duel(`  ${where}: "Ember Squire"\n  p1 field: "Stone Guard"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\nexpect no event damage p2 by "Ember Squire"\n`);
    expect(failuresOf(text("p1 hand"))).toEqual([expect.stringMatching(/^11: "Ember Squire" never did anything in this scenario .*\(it stayed in p1's Hand\): only a card played, in play, or set off by an event of its own does anything, so this line could not fail/)]);
    expect(warningsOf(text("p1 field"))).toEqual([]);
  });
});

describe("a life change of any cause is a `life` event (probe s42 L1: `expect no event life p2` held after p2 was hit)", () => {
  const duelLife = (setup: string, lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
${setup}
}
${lines}`;

  it("a combat hit, a damage spell and a life cost each make one (on main: `expect no event life pX` passed after each)", () => {
    const hit = duelLife(`  p1 field: "Stone Guard"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\n`);
    expect(failuresOf(`${hit}expect no event life p2\n`)).toEqual(["8: expectation not met | expected not event life p2 | actual 1: p2 loses 2 life (dealt damage)"]);
    expect(failuresOf(`${hit}expect event life p2 once\nexpect order: damage p2, life p2\nexpect one event: damage p2, life p2\n`)).toEqual([]);
    const cost = duelLife(`  p1 hand: "Quick Bolt"\n  p2 field: "Scout"`, `p1 play "Quick Bolt" target "Scout"\nexpect p1 life 9\n`);
    expect(failuresOf(`${cost}expect no event life p1\n`)).toEqual(["9: expectation not met | expected not event life p1 | actual 1: p1 loses 1 life (paid)"]);
    const face = duelLife(`  p1 hand: "Quick Bolt"`, `p1 play "Quick Bolt" target p2\nexpect p2 life 8\n`);
    expect(failuresOf(`${face}expect no event life p2\n`)).toEqual([expect.stringMatching(/^8: expectation not met \| expected not event life p2 \| actual 1: p2 loses 2 life \(dealt damage\)$/)]);
  });

  it("Chromatic: Spark 3 at p2 with 1 Armor is a life event of the 2 that reached life; all of it absorbed is none", () => {
    const spark = (armor: number) => `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p2 Armor ${armor}
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 plays "Arc Bolt"
p1 chooses mode "Red"
p1 targets p2
p2 passes
expect p2 life ${30 - Math.max(0, 3 - armor)}
expect no event life p2
`;
    expect(failuresOf(spark(1))).toEqual(["15: expectation not met | expected not event life p2 | actual 1: p2 loses 2 life (dealt damage)"]);
    expect(failuresOf(spark(3))).toEqual([]);
  });

  it("a failed life line names the damage once, not its life event again", () => {
    const failed = runText(duelLife(`  p1 field: "Stone Guard"`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 9\n`)).results[0]!.failures;
    expect(failed.map((f) => f.changes)).toEqual(["p2 life 10 at the setup → p2 life 8 after line 6 (Stone Guard deals 2 damage to p2)"]);
    // Life paid is said by its life event (the cost event was not among a life line's changes).
    const paid = runText(duelLife(`  p1 hand: "Quick Bolt"`, `p1 play "Quick Bolt" target p2\nexpect p1 life 10\n`)).results[0]!.failures;
    expect(paid.map((f) => f.changes)).toEqual([expect.stringMatching(/^p1 life 10 at the setup → p1 life 9 after line 6 \(p1 loses 1 life \(paid\)/)]);
  });
});
