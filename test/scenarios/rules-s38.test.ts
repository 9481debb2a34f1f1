/**
 * Issue 12, session 38 (rules engineer): scenarios that cannot lie. Each test below fails on the main it was written
 * against: a mistaken line that passed (a lie), a check that stopped short in silence, or a message not saying what to write.
 */
import { describe, expect, it } from "vitest";
import { runText, failuresOf } from "./helpers.ts";

describe("the end-of-scenario check of a choice left unanswered searches every answer, or says it could not", () => {
  // Session 37's check tried 12 answers a choice, 3 choices deep, 48 ways: a line only a 13th answer or a 4th choice
  // breaks passed in silence. Test cards: cards/cybervamp/scenarios/rules-s38.cards.
  const seer = `scenario "Seer: thirteen cards to discard from" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Overclocked Seer"
  p1 hand: "Neon Ripper", "Arterial Spray", "Blood Rite", "Short Circuit", "Cauterize", "Exsanguinate", "Night Resurrection", "Call the Swarm", "Dark Courier", "Call the Familiar", "Backdoor Deployment", "Signal Jammer"
  p1 Main Deck: "Hostile Takeover"
}
p1 activate "Overclocked Seer"
p2 pass
p1 pass
`;

  it("the 13th answer: the card drawn last, discarded, breaks `hand has` (passed on main)", () => {
    expect(failuresOf(`${seer}expect p1 hand has "Hostile Takeover"\n`)).toEqual([
      expect.stringMatching(/^11: this line holds only because p1's choice waits unanswered \(p1 must discard 1 card\), and the scenario ends here: once it is answered \(`p1 chooses "Hostile Takeover"`\) it no longer holds/),
    ]);
    expect(failuresOf(`${seer}p1 chooses "Neon Ripper"\nexpect p1 hand has "Hostile Takeover"\n`)).toEqual([]);
  });

  const doubts = (tail: string) => `scenario "four doubts" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 life 10
  p1 battlefield: "Violet Datacore"
  p1 hand: "Four Doubts"
}
p1 play "Four Doubts"
p2 pass
p1 pass
${tail}`;

  it("the 4th choice deep: only `you may lose 3 life` after three `you may gain 1 life` takes p1 to 7 (passed on main)", () => {
    expect(failuresOf(doubts("expect not p1 life 7\n"))).toEqual([
      expect.stringMatching(/^11: this line holds only because p1's choice waits unanswered .*once it is answered \(`p1 chooses no`, `p1 chooses no`, `p1 chooses no`, `p1 chooses yes`\) it no longer holds \(not p1 life 7: p1 life 7\)/),
    ]);
    expect(failuresOf(doubts("p1 chooses yes\np1 chooses yes\np1 chooses yes\np1 chooses yes\nexpect p1 life 10\n"))).toEqual([]);
  });

  it("more ways than it tries: the scenario passes with a warning naming the choice it could not finish and the lines to write", () => {
    // Three Seers' abilities on the stack, each a discard from a hand of ten: 10 × 9 × 8 ways and more. On main the
    // check tried 48 of them and said nothing.
    const text = `scenario "three seers" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Overclocked Seer" x3
  p1 hand: "Neon Ripper", "Arterial Spray", "Blood Rite", "Short Circuit", "Cauterize", "Exsanguinate", "Night Resurrection", "Call the Swarm", "Dark Courier", "Call the Familiar"
  p1 Main Deck: "Hostile Takeover" x12
}
p1 activate "Overclocked Seer" copy 1
p2 pass
p1 activate "Overclocked Seer" copy 2
p2 pass
p1 activate "Overclocked Seer" copy 3
expect p1 hand count 10
`;
    const [result] = runText(text).results;
    expect(result!.failures).toEqual([]);
    expect(result!.warnings?.map((w) => `${w.line}: ${w.message}`)).toEqual([
      expect.stringMatching(
        /^13: this line is read while "Overclocked Seer"'s ability, "Overclocked Seer"'s ability, "Overclocked Seer"'s ability \(top first\) have not resolved, and the scenario ends here: .*there are more ways than it tries \(256 answers in all: \d+ of the \d+ answers of p1's choice \(p1 must discard 1 card\) after `p2 pass`, .* were tried\), so this stretch is not checked — write the passes and answers before this line to expect what they do \(p1's answer: the cards: `p1 chooses "<card>"`\), or say that they wait with `expect stack: "Overclocked Seer", "Overclocked Seer", "Overclocked Seer"`$/,
      ),
    ]);
    // Said to wait: no search, no warning.
    expect(runText(`${text}expect stack count 3\n`).results[0]!.warnings).toBeUndefined();
  });
});

describe("a negated counter, modify or resource event about a card never in play is an error (session 37 covered destroyed, damage, attack ...)", () => {
  // On main these passed: the Scout was set up in p1's Hand where the Field was meant, and no card in hand gets counters
  // or a change.
  const duel = (hand: string, play: string, tail: string) => `scenario "the Scout in hand" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard"
  p1 hand: ${hand}
}
${play}
${tail}`;

  it("counter: Overdrive puts a power counter on each unit p1 controls", () => {
    expect(failuresOf(duel(`"Overdrive", "Scout", "Quick Bolt", "Battle Cry"`, `p1 play "Overdrive" discard "Quick Bolt", "Battle Cry"`, `expect "Stone Guard" power counters 1\nexpect no event counter "Scout"\n`))).toEqual([
      '9: "Scout" was never in play in this scenario (it was in p1\'s Hand): only a card in play gets or loses counters, so this line could not fail — set it up in play (`p1 Field: "Scout"`) to test that it is not, or leave the line out',
    ]);
  });

  it("modify: Battle Cry's +2 power; the card played itself may be changed as it is cast, so a line about it stands", () => {
    expect(failuresOf(duel(`"Battle Cry", "Scout", "Quick Bolt"`, `p1 play "Battle Cry" target "Stone Guard" discard "Quick Bolt"`, `expect no event modify "Battle Cry"\nexpect not event modify "Scout"\n`))).toEqual([
      expect.stringMatching(/^9: "Scout" was never in play in this scenario \(it was in p1's Hand\): only a card in play, or one being played, is changed, so this line could not fail/),
    ]);
  });

  it("stands for a card in play", () => {
    expect(failuresOf(duel(`"Overdrive", "Quick Bolt", "Battle Cry"`, `p1 play "Overdrive"`, `expect event counter "Stone Guard"\nexpect no event modify "Stone Guard"\nexpect no event counter "Overdrive"\n`))).toEqual([
      expect.stringMatching(/^10: "Overdrive" was never in play .*only a card in play gets or loses counters/),
    ]);
  });
});

describe("Chromatic: a spell's selection of abilities not offered says why (20: each ability after the free one costs a Facet on an opponent's turn)", () => {
  // On main: "the modes offered are "Red", "Blue", "Purple"", nothing of why the two-ability selections were missing; a
  // numbered mode past them was "choose a mode between 0 and 2" (the engine's count from 0).
  const opponents = (answer: string) => `scenario "20 Opponent's turn: no Facet" for chromatic
setup {
  turn 4 p1 phase Main
  p2 Mana 1
  p2 hand: "Arc Bolt"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 plays "Arc Bolt"
${answer}
expect p1 life 27
`;

  it("on an opponent's turn with no Facet: the cost of a second ability and the Facets held", () => {
    const why =
      'not offered: two abilities or more: on an opponent\'s turn one ability is free and each other costs 1 Facet of its colour, ready or temporary (p2 has 0 Red, 0 Blue, 0 Purple Facets), so only one can be selected (a ready Facet is set up with `p2 Facet Zone: "<a card of that colour>"`)';
    expect(failuresOf(opponents('p2 chooses mode "Red + Blue (pay 1 Blue Facet)"'))).toEqual([
      `11: the action was refused | expected a legal action | actual illegal_choice: no mode offered reads "Red + Blue (pay 1 Blue Facet)" (p2 must select Arc Bolt's abilities): the modes offered are "Red", "Blue", "Purple"; ${why}`,
    ]);
    expect(failuresOf(opponents("p2 chooses mode 4"))).toEqual([
      `11: the action was refused | expected a legal action | actual illegal_choice: no mode 4 is offered (p2 must select Arc Bolt's abilities): the modes offered are 1 "Red"; 2 "Blue"; 3 "Purple"; ${why}`,
    ]);
  });

  it("on the player's own turn: at most two abilities", () => {
    expect(
      failuresOf(`scenario "own turn, three abilities" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 plays "Arc Bolt"
p1 chooses mode "Red + Blue + Purple"
expect p2 life 27
`),
    ).toEqual([expect.stringMatching(/^10: the action was refused .*the modes offered are "Red", "Red \+ Blue", .*; not offered: more than 2 abilities: at most 2 on your own turn$/)]);
  });
});

describe("`expect no event draw p1` with p1's deck empty the whole scenario warns: it could not fail", () => {
  // On main it held in silence: a draw from an empty deck draws nothing and is no draw event. A writer testing a skipped
  // draw ("can't draw", a draw step skipped) who forgot the deck would be told nothing.
  const skipped = (deck: string, line: string) => `scenario "p1's draw" for duel
setup {
  turn 2 p2 phase Play
  p1 hand: "Scout"
${deck}}
p2 end turn
expect active p1
${line}
`;

  it("warns, naming the deck and the lines to write; the scenario passes", () => {
    const [result] = runText(skipped("", "expect no event draw p1")).results;
    expect(result!.failures).toEqual([]);
    expect(result!.warnings?.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '8: p1\'s Deck was empty the whole scenario: a draw from an empty Deck draws nothing and is no draw event, so this line could not fail: it holds whatever the engine did — set up p1\'s Deck (`p1 Deck: "<card>"`) to test that p1 draws, or expect what the empty Deck does (`expect p1 hand count N`)',
    ]);
    expect(runText(skipped("", "expect no event draw")).results[0]!.warnings).toEqual([expect.objectContaining({ line: 8, message: expect.stringMatching(/^every player's Deck was empty the whole scenario/) })]);
  });

  it("no warning where the deck held a card at some moment (set up, even if drawn during the setup's own phase), or for a line that says the draw happened", () => {
    expect(runText(skipped('  p1 deck: "Stone Guard"\n', "expect event draw p1")).results[0]!.warnings).toBeUndefined();
    expect(runText(skipped("", "expect no event draw p2")).results[0]!.warnings).toEqual([expect.objectContaining({ line: 8 })]);
    const start = runText(`scenario "drawn at the Start the setup runs" for duel
setup {
  turn 4 p1 phase Start
  p1 hand: "Scout" x6
  p1 deck: "Stone Guard"
}
expect p1 graveyard: "Stone Guard"
expect no event draw p1
`).results[0]!;
    expect([start.failures, start.warnings]).toEqual([[], undefined]);
  });
});

describe("CYBERVAMP probe (session 38): failed lines that did not say why", () => {
  it("a token expected in the Discard Pile says it ceased to exist (on main: \"p2 Discard Pile: (empty)\")", () => {
    expect(
      failuresOf(`scenario "p18 a destroyed Blood Familiar" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Gold Exchange"
  p1 hand: "Arterial Spray"
  p2 battlefield: "Blood Familiar"
}
p1 play "Arterial Spray" target "Blood Familiar"
p2 pass
p1 pass
expect p2 Discard Pile has "Blood Familiar"
`),
    ).toEqual([
      '11: expectation not met | expected p2 Discard Pile has "Blood Familiar" | actual p2 Discard Pile: (empty) ("Blood Familiar" was a token: it left play and ceased to exist, as a token does wherever it would go; `expect event destroyed "Blood Familiar"` says it left)',
    ]);
  });

  it("a card overexhausted, expected renewed at the next Renew, says it stayed exhausted (on main: \"exhausted\")", () => {
    expect(
      failuresOf(`scenario "p16 Sanctum Beacon overexhausted" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
  p1 life 15
}
p1 activate "Sanctum Beacon" ability 2
p2 pass
p1 pass
expect p1 life 19
p1 end phase
p2 pass
p1 end phase
p2 pass
p1 end phase
p2 pass
p2 end phase
p1 pass
p2 end phase
p1 pass
p2 end phase
p1 pass
expect turn 5
expect "Sanctum Beacon" is renewed
`),
    ).toEqual(['24: expectation not met | expected "Sanctum Beacon" is ready | actual exhausted (it was Overexhausted: it stayed exhausted at p1\'s Renew on turn 5)']);
  });

  it("a play naming no target, written as a `p1 targets` line after it, is told the play line to write (on main: \"say which, with `targeting …`\")", () => {
    expect(
      failuresOf(`scenario "p20 the target on a line of its own" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Gold Exchange"
  p1 hand: "Arterial Spray"
  p2 battlefield: "Neon Ripper"
}
p1 play "Arterial Spray"
p1 targets "Neon Ripper"
p2 pass
p1 pass
expect p2 Discard Pile has "Neon Ripper"
`),
    ).toEqual([
      '8: the line names no target and the engine offers 3 choices of target (p2\'s "Neon Ripper"; p1; p2): say which on this line, as the play is made — `p1 play "Arterial Spray" target p2\'s "Neon Ripper"`',
    ]);
  });
});

describe("a scenario ending mid-battle, with a line the damage would break, warns (CYBERVAMP probe p34; on main it passed in silence)", () => {
  const samurai = (tail: string) => `scenario "p34 the Samurai blocks" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Hemorrhage Stalker"
  p2 battlefield: "Street Samurai"
}
p1 attack p2 with "Hemorrhage Stalker"
p1 pass
p2 pass
p2 block "Hemorrhage Stalker" with "Street Samurai"
${tail}`;

  it("names the passes that deal the damage and what the line reads then; `expect p1 to act` says it stops there", () => {
    const [result] = runText(samurai("expect p1 battlefield has \"Hemorrhage Stalker\"\n")).results;
    expect(result!.failures).toEqual([]);
    expect(result!.warnings?.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '11: this line holds only because the battle has not dealt its damage, and the scenario ends here: once it does (`p1 pass`, `p2 pass`, `p1 pass`, `p2 pass`) the line no longer holds (p1 Battlefield has "Hemorrhage Stalker": p1 Battlefield: (empty) ("Hemorrhage Stalker" is in p1\'s Discard Pile)) — write those lines before this line to expect what the battle does, or say that the scenario stops before the damage with `expect p1 to act`',
    ]);
    // (With a line showing the attack happened: alone, lines that all held at the setup are warned for that — session 41.)
    expect(runText(samurai("expect p1 battlefield has \"Hemorrhage Stalker\"\nexpect p1 to act\nexpect event attack \"Hemorrhage Stalker\"\n")).results[0]!.warnings).toBeUndefined();
    // A line the damage keeps: no warning.
    expect(runText(samurai("expect p2 Bleed 0\nexpect p2 life 20\nexpect event attack \"Hemorrhage Stalker\"\n")).results[0]!.warnings).toBeUndefined();
    // Written after the damage, as the warning says: the Samurai (3/3 while blocking) destroys the Stalker and survives.
    expect(failuresOf(samurai("p1 pass\np2 pass\np1 pass\np2 pass\nexpect p1 Discard Pile: \"Hemorrhage Stalker\"\nexpect p2 battlefield has \"Street Samurai\"\nexpect p2 Bleed 0\n"))).toEqual([]);
  });
});
