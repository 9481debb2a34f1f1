/**
 * Issue 12, session 41 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against: a mistaken line that passed (a lie), or a right line refused with a message that pointed the wrong way.
 */
import { describe, expect, it } from "vitest";
import { checked, engineOf, failuresOf, runText } from "./helpers.ts";

/** The warnings of the one scenario of a text, as `line: message` (it must not fail). */
function warningsOf(text: string): string[] {
  const { results } = runText(text);
  expect(results[0]!.failures).toEqual([]);
  return (results[0]!.warnings ?? []).map((w) => `${w.line}: ${w.message}`);
}

describe("a card state the game does not have is refused in a setup as in an expectation (CW7009; probe s40 duel-8)", () => {
  const duel = (state: string, lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard"
  ${state}
  p1 deck: "Scout" x2
  p2 deck: "Scout" x2
}
${lines}`;

  it("Duel: `\"Stone Guard\" is exhausted` in a setup fails at its line, listing the states a Duel card has (on main: accepted, the unit attacked)", () => {
    expect(failuresOf(duel(`"Stone Guard" is exhausted`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 8\n`))).toEqual([
      '5: Three-Slot Duel has no exhausted/ready state: nothing in its rules exhausts, readies or reads a card that way, so "Stone Guard" set up exhausted would play exactly as if this line were not there (it attacks, blocks and pays as any other card): leave the line out, or set up a state the game has. The states a card has in Three-Slot Duel: `is defender`, `power counters N`.',
    ]);
    // `cardwright check` and the studio say it at the line, before anything runs.
    expect(checked("duel", duel(`"Stone Guard" is exhausted`, `expect p2 life 10\n`))).toEqual(["5:3 CW7009"]);
    // The states it lists are set up as written.
    expect(failuresOf(duel(`"Stone Guard" power counters 1`, `p1 attack p2 with "Stone Guard"\nexpect p2 life 7\n`))).toEqual([]);
  });

  it("the same words in an expectation list the states too, and say what to expect instead", () => {
    expect(failuresOf(duel("", `p1 attack p2 with "Stone Guard"\nexpect not "Stone Guard" is exhausted\n`))).toEqual([
      '10: Three-Slot Duel has no exhausted/ready state: nothing in its rules exhausts, readies or reads a card that way, so "Stone Guard" is always as the setup left it and this line could not tell anything; expect what the card did instead (`expect event attack "Stone Guard"`, a stat, the zone it is in). The states a card has in Three-Slot Duel: `is defender`, `power counters N`.',
    ]);
  });

  it("Chromatic: `is overexhausted` in a setup fails, listing exhausted, damage and counters (on main: accepted, read as exhausted)", () => {
    const chromatic = `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Seer"
  "Seer" is overexhausted
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
expect "Seer" is exhausted
`;
    expect(failuresOf(chromatic)).toEqual([
      expect.stringMatching(/^5: Chromatic Battlelines has no Overexhausted state: .*"Seer" set up overexhausted would play exactly as if this line were not there .*The states a card has in Chromatic Battlelines: `is exhausted`, `damage N`, .*counters N`\.$/),
    ]);
    // Exhausted is a state Chromatic has: set up, it is read back.
    expect(failuresOf(chromatic.replace("is overexhausted", "is exhausted"))).toEqual([]);
  });

  it("CYBERVAMP has both: a creature set up overexhausted stays exhausted through its controller's next Renew", () => {
    expect(
      failuresOf(`scenario "s" for cybervamp
setup {
  turn 3 p1 phase Renew
  p1 battlefield: "Neon Ripper"
  "Neon Ripper" is overexhausted
  p1 Main Deck: "Neon Ripper" x3
}
expect "Neon Ripper" is exhausted
expect not "Neon Ripper" is overexhausted
`),
    ).toEqual([]);
  });

  it("the engine keeps its side: a Duel unit given the state by other means (card text warned CW6007) attacks as a ready one", () => {
    // Session 40's cards/duel/scenarios/no-readiness.scenario showed this with a setup line, which is now refused.
    const engine = engineOf("duel");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { zones: { Field: ["Stone Guard"], Deck: ["Scout"] } }, p2: { zones: { Deck: ["Scout"] } } }, cards: [{ name: "Stone Guard", exhausted: true }] });
    const guard = state.players.p1!.zones.Field![0]!;
    expect(state.cards[guard]!.exhausted).toBe(true);
    expect(engine.legalActions(state).some((a) => a.type === "attack" && a.attacker === guard)).toBe(true);
  });
});

describe("a deck answered where the engine drew without asking says why: one deck was empty (probe s40, CYBERVAMP)", () => {
  const seer = (decks: string, lines: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Overclocked Seer"
  p1 hand: "Neon Ripper"
${decks}
}
p1 activate "Overclocked Seer"
p2 pass
p1 pass
${lines}`;

  it("an empty Land Deck: the mode line is told the Land Deck is empty and the draw came from the Main Deck (on main: 'answer it with the cards')", () => {
    expect(failuresOf(seer(`  p1 Main Deck: "Razorfang Courier"`, `p1 chooses mode "draw from the Main Deck"\np1 chooses "Neon Ripper"\nexpect p1 hand: "Razorfang Courier"\n`))).toEqual([
      '11: no deck is asked: p1\'s Land Deck is empty, so the engine drew from the Main Deck without asking, as the trace shows: "p1 draws Razorfang Courier from the Main Deck" (a deck is asked only while both of p1\'s decks hold cards) — leave this line out; now p1 must discard 1 card: answer it with the cards: `p1 chooses "<card>"`',
    ]);
    // The empty deck named: said too.
    expect(failuresOf(seer(`  p1 Main Deck: "Razorfang Courier"`, `p1 chooses mode 2\n`))).toEqual([expect.stringMatching(/^11: no deck is asked: p1's Land Deck is empty, .* — the Land Deck this line names was empty — leave this line out/)]);
    // Without the line, the play is as the engine made it.
    expect(failuresOf(seer(`  p1 Main Deck: "Razorfang Courier"`, `p1 chooses "Neon Ripper"\nexpect p1 hand: "Razorfang Courier"\n`))).toEqual([]);
  });

  it("both decks empty: the draw was skipped, said so", () => {
    expect(failuresOf(seer("", `p1 chooses mode 1\nexpect p1 hand: "Neon Ripper"\n`))).toEqual([
      "11: no deck is asked: p1 cannot draw: the Main Deck and the Land Deck are empty, the draw is skipped (a deck is asked only while both of p1's decks hold cards) — leave this line out",
    ]);
  });

  it("while another player's deck choice waits (Shared Static: each player draws), p1's unasked deck is said, not 'the choice waiting is p2's' alone", () => {
    const text = `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Post-Battle
  p1 battlefield: "Crimson Substation"
  p1 hand: "Shared Static"
  p1 Main Deck: "Razorfang Courier"
  p2 Main Deck: "Nightclub Thrall"
  p2 Land Deck: "Gold Exchange"
}
p1 play "Shared Static"
p2 pass
p1 pass
p1 chooses mode "draw from the Main Deck"
p2 chooses mode "draw from the Main Deck"
expect p1 hand: "Razorfang Courier"
`;
    expect(failuresOf(text)).toEqual([expect.stringMatching(/^13: no deck is asked: p1's Land Deck is empty, so the engine drew from the Main Deck without asking, .*leave this line out; now p2 must choose the deck to draw from/)]);
    expect(failuresOf(text.replace('p1 chooses mode "draw from the Main Deck"\n', ""))).toEqual([]);
  });

  it("`cardwright check` on the deck quoted as a card says the deck is asked only while both hold cards", () => {
    expect(checked("cybervamp", seer(`  p1 Main Deck: "Razorfang Courier"`, `p1 chooses "Main Deck"\nexpect p1 hand count 1\n`))).toEqual(["11:12 CW5026"]);
  });
});

describe("a scenario whose every expectation already held at the setup, untouched by any line, is warned (probe s40)", () => {
  const curse = (lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Finishing Curse"
  p2 life 6
  p1 deck: "Scout" x3
  p2 deck: "Scout" x3
}
p1 play "Finishing Curse" target p2
${lines}`;

  it("lines all true before the play, which no line touched, are warned at the last, naming an event the play made (on main: passed with no note)", () => {
    expect(warningsOf(curse("expect p2 life 6\nexpect p1 life 10\n"))).toEqual([
      '11: every expectation of this scenario already held at its setup, before line 9, and no line touched what it reads: it would pass had the actions done nothing at all (a spell that fizzled, an attack that hit nothing) — add a line that shows what they did, such as `expect event resolve "Finishing Curse"` (the trace has "Finishing Curse: If target player has 5 or less life, they lose 2 life. resolved")',
    ]);
    // Negated lines are meant to hold from the start; alone, they prove no more.
    expect(warningsOf(curse("expect no event life p2\n"))).toEqual([expect.stringMatching(/^10: every expectation of this scenario already held at its setup/)]);
  });

  it("one line showing what the play did is enough: an event, a value changed, a value touched though it came back", () => {
    expect(warningsOf(curse("expect p2 life 6\nexpect event resolve \"Finishing Curse\"\n"))).toEqual([]);
    expect(warningsOf(curse("expect p2 life 6\nexpect p1 hand count 0\n"))).toEqual([]);
    // Healthy Margin draws: the hand holds one card before and after, but the line's events moved cards in and out of it.
    const margin = `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 life 6
  p1 hand: "Healthy Margin"
  p1 deck: "Scout" x2
  p2 deck: "Scout" x2
}
p1 play "Healthy Margin"
expect p1 hand count 1
`;
    expect(warningsOf(margin)).toEqual([]);
  });

  it("a refused action line is a proof, and a scenario with no action line reads its setup on purpose", () => {
    expect(warningsOf(curse("").replace('p1 play "Finishing Curse" target p2\n', "p2 end turn refused not_your_turn\n") + "expect p2 life 6\n")).toEqual([]);
    expect(warningsOf(curse("").replace('p1 play "Finishing Curse" target p2\n', "") + "expect p2 life 6\n")).toEqual([]);
  });
});

describe("a line about a card the scenario never has names the closest of its cards", () => {
  it("`expect not p2 graveyard has \"Ember Squire\"` in a scenario of Scouts and a Stone Guard lists them; a near miss is a did-you-mean", () => {
    const text = (card: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard"
  p2 field: "Scout"
  p1 deck: "Scout" x2
  p2 deck: "Scout" x2
}
p1 attack "Scout" with "Stone Guard"
expect p2 graveyard has "Scout"
expect not p2 graveyard has "${card}"
`;
    expect(failuresOf(text("Ember Squire"))).toEqual(['11: no card "Ember Squire" in the game: no zone ever holds it, so this line could not fail (the cards of this scenario: "Scout", "Stone Guard")']);
    expect(failuresOf(text("Stone Gaurd"))).toEqual([expect.stringMatching(/^11: .*did you mean "Stone Guard"/)]);
  });
});

describe("a negated line that holds because its card had left play for another reason is warned (probe s40)", () => {
  const riptide = (lines: string) => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 Crystal 2
  p1 hand: "Riptide"
  p1 field: "Stone Guard"
  p2 field: "Scout"
  p1 deck: "Scout" x2
  p2 deck: "Scout" x2
}
p1 play "Riptide" target "Scout"
${lines}`;

  it("`expect not p2 graveyard has \"Scout\"` after Riptide returned it: the Scout is in p2's Hand, said with the line to write (on main: passed)", () => {
    expect(warningsOf(riptide(`expect not p2 graveyard has "Scout"\n`))).toEqual([
      `12: this line holds, but not for the reason it gives: "Scout" had left play before it, at line 11 (Scout: Field → Hand), and is in p2's Hand, so it is not in p2's Graveyard for a reason the line does not say — say where it is (\`expect p2 Hand has "Scout"\`), or keep it in play up to this line to test what the line says`,
    ]);
    expect(warningsOf(riptide(`expect p2 graveyard lacks "Scout"\n`))).toContainEqual(expect.stringMatching(/^12: this line holds, but not for the reason it gives: "Scout" had left play before it/));
    // An event only a card in play has: no destruction of it could happen once it had left.
    expect(warningsOf(riptide(`expect no event destroyed "Scout"\n`))).toContainEqual(expect.stringMatching(/^12: this line holds, but not for the reason it gives: .* so no destroyed event of it could happen after that — say where it is/));
  });

  it("a line saying where the card went stands with it; a card still in play is what the line is about", () => {
    expect(warningsOf(riptide(`expect not p2 graveyard has "Scout"\nexpect p2 hand has "Scout"\n`))).toEqual([]);
    expect(warningsOf(riptide(`expect no event destroyed "Stone Guard"\nexpect not p1 graveyard has "Stone Guard"\nexpect p2 hand has "Scout"\n`))).toEqual([]);
    // Denying the zone of play is what the line says: the card left it.
    expect(warningsOf(riptide(`expect not p2 field has "Scout"\n`))).toEqual([]);
  });
});

describe("a player target named where the engine took the only one names the target it took (probe s41 S1)", () => {
  it("Refusal's [Purple] 'Target opponent mills 2' with `p1 targets p1`: the target is p2, said so (on main: 'p1 is already the target ... \"p1 pays 2 Mana\"')", () => {
    const text = (target: string) => `scenario "s" for chromatic
setup {
  turn 3 p1 phase Main
  p1 hand: "Refusal"
  p1 Mana 2
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 plays "Refusal"
p1 chooses mode "Purple"
p1 targets ${target}
p2 passes
expect p2 graveyard count 2
`;
    expect(failuresOf(text("p1"))).toEqual(['11: no target is asked: "Refusal" already has its target, p2, not p1 (a target with one legal answer is taken without asking; the engine asks only where there is a choice)']);
    expect(failuresOf(text("p2"))).toEqual([]);
  });
});

describe("a negated zone line about a card another player owns, out of play, could never fail: an error (probe s41 L1)", () => {
  const spray = (line: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
  p2 battlefield: "Razorfang Courier"
}
p1 play "Arterial Spray" target "Razorfang Courier"
p2 pass
p1 pass
${line}
expect p2 Discard Pile has "Razorfang Courier"
`;

  it("`expect not p1 Discard Pile has \"Razorfang Courier\"` (p2's Courier) fails naming the owner's zone to write (on main: passed)", () => {
    expect(failuresOf(spray(`expect not p1 Discard Pile has "Razorfang Courier"`))).toEqual([
      `11: "Razorfang Courier" is p2's, and out of play a card is only ever in its owner's Discard Pile, so p1's Discard Pile never holds it and this line could not fail — write \`expect not p2 Discard Pile has "Razorfang Courier"\``,
    ]);
    expect(failuresOf(spray(`expect p1 Discard Pile lacks "Razorfang Courier"`))).toEqual([expect.stringMatching(/^11: .*write `expect p2 Discard Pile lacks "Razorfang Courier"`$/)]);
    // The zone of play is the controller's: a card of another owner may be there.
    expect(failuresOf(spray(`expect not p1 battlefield has "Razorfang Courier"`))).toEqual([]);
    expect(failuresOf(spray(`expect p1 Discard Pile has "Arterial Spray"`))).toEqual([]);
  });
});

it("a card the player controlled (Hostile Takeover) goes to its owner's Discard Pile: the line denying the controller's pile tests that, and stands", () => {
  expect(
    failuresOf(`scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Hostile Takeover", "Exsanguinate"
  p1 battlefield: "Velvet Lounge", "Violet Datacore", "Gold Exchange", "Bullion Vault", "Blackout District", "Undercity Sump", "Crimson Substation"
  p2 battlefield: "Neon Ripper"
}
p1 play "Hostile Takeover" target "Neon Ripper" exhausting "Velvet Lounge", "Violet Datacore", "Gold Exchange", "Bullion Vault"
p2 pass
p1 pass
p1 play "Exsanguinate" target "Neon Ripper"
p2 pass
p1 pass
expect p1 Discard Pile lacks "Neon Ripper"
expect p2 Discard Pile has "Neon Ripper"
`),
  ).toEqual([]);
});
