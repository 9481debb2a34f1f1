/**
 * Issue 12, session 37 (rules engineer): scenarios that cannot lie. Each test below fails on the main it was written
 * against: a mistaken line that passed (a lie), failed with a message not saying what to write, or a right line refused.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scenarioDiagnostics } from "../../compiler/scenario-check.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { failuresOf } from "./helpers.ts";

describe("a last expectation that holds only because a choice an effect asks was never answered fails", () => {
  // On main these passed: the scenario ends while the discard waits, so the hand still holds the card to be discarded.
  const leech = (tail: string) => `scenario "Mind Leech's discard" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Mind Leech"
  p2 hand: "Scout", "Quick Bolt"
}
p1 attack p2 with "Mind Leech"
${tail}`;

  it("Duel: a count of the hand before the discard (BREACH: Your opponent discards a card.)", () => {
    expect(failuresOf(leech(`expect p2 life 8\nexpect p2 hand count 2\n`))).toEqual([
      '9: this line holds only because p2\'s choice waits unanswered (p2 must discard 1 card), and the scenario ends here: once it is answered (`p2 chooses "Scout"`) it no longer holds (p2 Hand count 2: p2 Hand: "Quick Bolt") — answer it on a line before this one, with the cards: `p2 chooses "<card>"`, to expect what it does, or say that it waits with `expect p2 to act`',
    ]);
  });

  it("a negated event line, and a card that one answer would take", () => {
    expect(failuresOf(leech(`expect no event discard p2\n`))).toEqual([expect.stringMatching(/^8: this line holds only because p2's choice waits unanswered .*\(not event discard p2: /)]);
    expect(failuresOf(leech(`expect p2 hand has "Quick Bolt"\n`))).toEqual([expect.stringMatching(/^8: .*once it is answered \(`p2 chooses "Quick Bolt"`\) it no longer holds/)]);
  });

  it("stands once answered, when it says that the choice waits, or when every answer keeps it", () => {
    expect(failuresOf(leech(`p2 chooses "Scout"\nexpect p2 hand: "Quick Bolt"\nexpect event discard p2\n`))).toEqual([]);
    expect(failuresOf(leech(`expect p2 hand count 2\nexpect p2 to act\n`))).toEqual([]);
    expect(failuresOf(leech(`expect p2 life 8\nexpect event breach p2\n`))).toEqual([]);
  });

  const seer = (tail: string) => `scenario "Overclocked Seer" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Overclocked Seer"
  p1 hand: "Neon Ripper", "Arterial Spray"
  p1 Main Deck: "Blood Broker" x3
}
p1 activate "Overclocked Seer"
${tail}`;

  it("CYBERVAMP: the Seer draws, its discard never answered (Exhaust: Draw a card, then discard a card.)", () => {
    expect(failuresOf(seer(`p2 pass\np1 pass\nexpect p1 hand count 3\nexpect "Overclocked Seer" is exhausted\n`))).toEqual([
      expect.stringMatching(/^11: this line holds only because p1's choice waits unanswered \(p1 must discard 1 card\), .*once it is answered \(`p1 chooses "Neon Ripper"`\) it no longer holds \(p1 Hand count 3: p1 Hand: "Arterial Spray", "Blood Broker"\)/),
    ]);
    expect(failuresOf(seer(`p2 pass\np1 pass\np1 chooses "Neon Ripper"\nexpect p1 hand count 2\nexpect p1 Discard Pile: "Neon Ripper"\n`))).toEqual([]);
  });

  it("an ability still on the stack whose resolution asks a choice: the passes and the answer are named", () => {
    expect(failuresOf(seer(`expect p1 Discard Pile: none\n`))).toEqual([
      '9: this line holds only because "Overclocked Seer"\'s ability has not resolved, and the scenario ends here: once it resolves and p1\'s choice (discard 1 card) is answered (`p2 pass`, `p1 pass`, `p1 chooses "Neon Ripper"`) it no longer holds (p1 Discard Pile: (empty): p1 Discard Pile: "Neon Ripper") — write those lines before this line to expect what they do, or say that it waits with `expect stack: "Overclocked Seer"`',
    ]);
  });
});

describe("a negated event line about a card never in play, where only a card in play has that event, is an error", () => {
  // Chromatic probe c23: the Seer set up in p2's Hand where the Battlefield was meant; on main the line passed, though it
  // could not fail whatever Mass Quake did.
  const quake = (where: string, tail: string) => `scenario "c23 Mass Quake" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 4
  p1 hand: "Mass Quake"
  p2 ${where}: "Seer"
  p2 battlefield: "Gossip Sprite"
}
p1 play "Mass Quake"
p1 chooses mode "Red"
p2 pass
expect p2 graveyard has "Gossip Sprite"
${tail}`;

  it("destroyed, damage, attack: names where the card was and the setup line that puts it in play", () => {
    expect(failuresOf(quake("hand", `expect no event destroyed "Seer"\n`))).toEqual([
      '13: "Seer" was never in play in this scenario (it was in p2\'s Hand): only a card in play is destroyed, so this line could not fail — set it up in play (`p2 Battlefield: "Seer"`) to test that it is not, or leave the line out',
    ]);
    expect(failuresOf(quake("hand", `expect not event damage "Seer"\n`))).toEqual([expect.stringMatching(/^13: "Seer" was never in play in this scenario \(it was in p2's Hand\): only a card in play is dealt damage/)]);
    expect(failuresOf(quake("graveyard", `expect no event attack "Seer"\n`))).toEqual([expect.stringMatching(/^13: "Seer" was never in play .*\(it was in p2's Graveyard\)/)]);
  });

  it("stands for a card that was in play, or one that entered play later in the scenario", () => {
    expect(failuresOf(quake("battlefield", `expect no event destroyed "Seer"\nexpect "Seer" damage 2\n`))).toEqual([]);
    expect(
      failuresOf(`scenario "played later" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Scout"
}
expect no event destroyed "Scout"
p1 play "Scout"
expect p1 field has "Scout"
`),
    ).toEqual([]);
  });
});

describe("failed lines that did not say what to write (Chromatic probe)", () => {
  it("`expect event trigger \"Seer\" once` where the second noted Seer was suppressed (17.1) names the fire line", () => {
    // On main: "2: Seer: When you draw — noted; Seer: When you draw — noted", nothing of the second one not running.
    expect(
      failuresOf(`scenario "c15 the loop stops" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 battlefield: "Seer", "Chronicler"
  p1 hand: "Shared Insight"
  p1 deck: "Grove Tender", "Bone Pile", "Peacekeeper"
}
p1 play "Shared Insight"
p1 chooses mode "Blue"
p1 targets p1
p2 pass
p1 chooses nothing
expect p1 hand count 2
expect event trigger "Seer" once
`),
    ).toEqual([
      expect.stringMatching(
        /^15: expectation not met \| expected event trigger "Seer" 1 time\(s\) \| actual 2: .* \(a trigger event is a noted trigger, not one that ran: 1 of them did not fire — Seer: \[Base\] When you draw, Scry 1\. — already fired in chain 1: once per instance; `expect event fire "Seer" once` counts those that ran\)$/,
      ),
    ]);
  });

  it("`expect p1 graveyard has \"Seer\"` after a Shatter says where the Seer is", () => {
    // On main: "actual p1 Graveyard: (empty)".
    expect(
      failuresOf(`scenario "c09 shattered" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 2; p1 Mana capacity 2
  p1 hand: "Seer"
}
p1 shatters "Seer"
expect p1 graveyard has "Seer"
`),
    ).toEqual(['8: expectation not met | expected p1 Graveyard has "Seer" | actual p1 Graveyard: (empty) ("Seer" is in p1\'s Shatter Zone)']);
  });
});

describe("`covers:` naming a section, not a clause (12 of the Chromatic probe's 25 scenarios wrote one)", () => {
  // On main: CW5002 "\"7.4\" is not a clause id (a section number, then letters for its sentences: 16.1b, 5e; ...)",
  // naming no clause of the section. Now read, and CW5021 names the section's clauses.
  const diagnostics = (covers: string, withRules: boolean): string[] => {
    const files = ["cards/chromatic/chromatic.game", "cards/chromatic/core.cards"].map((p) => ({ path: p, text: readFileSync(p, "utf8") }));
    const text = `scenario "covers" for chromatic\ncovers: ${covers}\nsetup {\n  turn 3 p1 phase Main\n}\nexpect p1 life 30\n`;
    const analysis = analyzeWorkspace([...files, { path: "cards/chromatic/scenarios/s.scenario", text }]);
    const rules = new Map(withRules ? [["cards/chromatic/chromatic.game", readFileSync("cards/chromatic/rules.txt", "utf8")]] : []);
    const syntax = analysis.model.diagnostics.filter((d) => d.file.endsWith("s.scenario"));
    return [...syntax, ...scenarioDiagnostics(analysis, rules)].map((d) => `${d.code} ${d.message}${d.suggestion ? ` | ${d.suggestion}` : ""}`);
  };

  it("with the rules text: the section's clauses, or its subsections' for a heading with none of its own", () => {
    expect(diagnostics("7.4, 17.1a, 7", true)).toEqual([
      'CW5021 covers "7.4", which is no clause of the rules text of Chromatic Battlelines — a section, not a clause: its clauses are its sentences, 7.4a-7.4h; name those this scenario exercises. | 7.4a',
      'CW5021 covers "7", which is no clause of the rules text of Chromatic Battlelines — a section, not a clause: its clauses are those of its subsections, 7.1a-7.4h; name those this scenario exercises.',
    ]);
  });

  it("without it (the studio): still an error, never read as covering the section", () => {
    expect(diagnostics("16.1", false)).toEqual([
      'CW5021 covers "16.1", which is no clause of the rules text of Chromatic Battlelines — a section, not a clause: its clauses are its sentences (16.1a, 16.1b, ...); name those this scenario exercises.',
    ]);
    expect(diagnostics("16.1b, 17.1a-17.1f", false)).toEqual([]);
  });
});

describe("a play line naming the target of the triggered ability it sets going names the lines to write", () => {
  // On main: "wrong_target_count: 1 target(s) given, 0 used (p1's Play phase)", naming no line.
  it("Duel: Ember Squire (PLAY: Deal 1 damage to target enemy unit.)", () => {
    expect(
      failuresOf(`scenario "f02 Ember Squire" for duel
setup {
  turn 3 p1 phase Play
  p1 life 8
  p1 hand: "Ember Squire"
  p2 field: "Scout", "Stone Guard"
}
p1 play "Ember Squire" target "Scout"
expect p2 graveyard: "Scout"
`),
    ).toEqual([
      "8: the action was refused | expected a legal action | actual wrong_target_count: 1 target(s) given, 0 used (p1's Play phase) — the play itself takes no target: a triggered ability it sets going asks for it afterwards (p1 must choose target enemy unit); write `p1 play \"Ember Squire\"`, then `p1 targets \"Scout\"`, a line each",
    ]);
  });

  it("Chromatic: Peacekeeper (When this enters play, Pacify target creature.), with the pass that resolves the play", () => {
    const peacekeeper = (lines: string) => `scenario "g01 Peacekeeper" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 3
  p1 hand: "Peacekeeper"
  p2 battlefield: "Seer", "Chronicler"
}
${lines}`;
    expect(failuresOf(peacekeeper(`p1 play "Peacekeeper" target "Seer"\np2 pass\nexpect p1 battlefield has "Peacekeeper"\n`))).toEqual([
      expect.stringMatching(/^8: the action was refused .* write `p1 play "Peacekeeper"`, then `p2 pass`, then `p1 targets "Seer"`, a line each$/),
    ]);
    expect(failuresOf(peacekeeper(`p1 play "Peacekeeper"\np2 pass\np1 targets "Seer"\nexpect p1 battlefield has "Peacekeeper"\n`))).toEqual([]);
  });
});

describe("Duel: a defender made on the opponent's turn names the setup line", () => {
  // On main: "not_your_turn: it is p1's turn (p1's Play phase)" and nothing of how to have a defender when p1 attacks.
  it("`p2 defend \"Stone Guard\"` in p1's Play phase", () => {
    expect(
      failuresOf(`scenario "d06 defender" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Ember Squire"
  p2 field: "Stone Guard"
}
p2 defend "Stone Guard"
p1 attack p2 with "Ember Squire"
expect p2 graveyard: "Stone Guard"
`),
    ).toEqual([
      "7: the action was refused | expected a legal action | actual not_your_turn: it is p1's turn (p1's Play phase) — a unit is made a defender on its controller's own turn, and walls the opponent's next attack; for a board where it already walls, set it up: `\"Stone Guard\" is defender` (or play p2's turn first: `p2 defend \"Stone Guard\"`, then `p2 end turn`)",
    ]);
  });
});

describe("a zone's cards named as a player's amount (`expect p1 facets 1`, the rules text's word) name the zone's forms", () => {
  // On main: CW5007 'Unknown resource or player counter "facets"; Chromatic Battlelines has Mana, Armor.', no form.
  it("Chromatic's Facets and a Hand", () => {
    const files = ["cards/chromatic/chromatic.game", "cards/chromatic/core.cards"].map((p) => ({ path: p, text: readFileSync(p, "utf8") }));
    const text = `scenario "facets" for chromatic\nsetup {\n  turn 3 p1 phase Main\n  p1 Facet Zone: "Seer"\n}\nexpect p1 facets 1\nexpect p1 hands 0\n`;
    const analysis = analyzeWorkspace([...files, { path: "cards/chromatic/scenarios/s.scenario", text }]);
    expect(scenarioDiagnostics(analysis).map((d) => `${d.range.start.line}: ${d.code} ${d.message}`)).toEqual([
      '6: CW5007 Unknown resource or player counter "facets"; Chromatic Battlelines has Mana, Armor — "facets" are the cards of a player\'s Facet Zone: `expect <player> Facet Zone count N`, `expect <player> Facet Zone has "<card>"`.',
      '7: CW5007 Unknown resource or player counter "hands"; Chromatic Battlelines has Mana, Armor — "hands" are the cards of a player\'s Hand: `expect <player> Hand count N`, `expect <player> Hand has "<card>"`.',
    ]);
  });
});

describe("a life line written as if Armor took nothing (Chromatic 5) says what the Armor absorbed", () => {
  // On main: "expected p2 life 27 | actual p2 life 29", nothing of the Armor.
  it("Arc Bolt's Spark 3 on p2 with 2 Armor", () => {
    expect(
      failuresOf(`scenario "c04 Armor" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p2 Armor 2
}
p1 play "Arc Bolt"
p1 chooses mode "Red"
p1 targets p2
p2 pass
expect p2 life 27
`),
    ).toEqual(["12: expectation not met | expected p2 life 27 | actual p2 life 29 (2 damage was absorbed by p2's Armor first: `expect p2 Armor 0`)"]);
  });
});

describe("a hand line says a draw into that hand that drew nothing", () => {
  // On main: "expected p2 Hand count 3 | actual p2 Hand: "Stone Guard", "Scout"", nothing of the Start phase's draw.
  it("Duel: p2's Start phase with an empty deck", () => {
    expect(
      failuresOf(`scenario "k04 empty deck" for duel
setup {
  turn 3 p1 phase Play
  p2 hand: "Stone Guard", "Scout"
}
p1 end turn
expect p2 hand count 3
`),
    ).toEqual(['7: expectation not met | expected p2 Hand count 3 | actual p2 Hand: "Stone Guard", "Scout" (drew nothing: p2 cannot draw: empty Deck)']);
  });
});
