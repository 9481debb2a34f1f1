/**
 * Issue 12, session 27: scenarios written from the rules texts and docs/language.md by an outsider (the probe in the
 * session's report), and what they found.
 *
 * A question of how much or how many (the damage an attacker blocked by several creatures assigns to one of them,
 * "up to N") is an engine `mode` choice whose options are amounts — "0 damage to X", "1 damage to X", ... — so on main
 * f27fbfb `p1 choose mode 2`, written after the prompt "how much to Hemorrhage Stalker?", assigned 1 damage (the second
 * option) and its scenario passed wherever 1 damage did what 2 would have; the amount itself could not be written
 * (`p1 chooses 2` was an unreadable line).
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

const twoBlockers = (answer: string, after: string) =>
  `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Sleepless Enforcer"\n  p2 battlefield: "Hemorrhage Stalker", "Blood Broker"\n}\np1 end phase\np2 pass\np1 choose "Sleepless Enforcer"\np1 pass\np2 pass\np2 choose "Hemorrhage Stalker", "Blood Broker"\np1 pass\np2 pass\n${answer}\n${after}\n`;

describe("an amount is answered with the amount", () => {
  it("the damage an attacker assigns to one of its blockers: `p1 chooses 2` is 2 damage", () => {
    expect(failuresOf(twoBlockers("p1 chooses 2", 'expect p2 Discard Pile: "Hemorrhage Stalker"\nexpect "Blood Broker" damage 1'))).toEqual([]);
    expect(failuresOf(twoBlockers("p1 chooses 0", 'expect "Hemorrhage Stalker" damage 0\nexpect p2 Discard Pile: "Blood Broker"'))).toEqual([]);
  });

  it("`mode 2` there fails, naming the amount to write (on main it was 1 damage, and this scenario passed)", () => {
    expect(failuresOf(twoBlockers("p1 choose mode 2", 'expect "Hemorrhage Stalker" damage 1'))).toEqual([
      "15: this choice asks for an amount (p1 must assign Sleepless Enforcer's 3 remaining damage: how much to Hemorrhage Stalker?: 0 to 3), and `mode 2` would be its option 2, \"1 damage to Hemorrhage Stalker\", not 2: write the amount, `p1 chooses 2` (or `p1 chooses 1` for \"1 damage to Hemorrhage Stalker\")",
    ]);
    // Its option's text still says what it is.
    expect(failuresOf(twoBlockers('p1 choose mode "1 damage to Hemorrhage Stalker"', 'expect "Hemorrhage Stalker" damage 1'))).toEqual([]);
  });

  it("an amount the choice does not offer, or an amount where none is asked, fails saying so", () => {
    expect(failuresOf(twoBlockers("p1 chooses 4", 'expect p2 life 20'))).toEqual([
      "15: 4 is not an amount this choice offers (p1 must assign Sleepless Enforcer's 3 remaining damage: how much to Hemorrhage Stalker?: 0 to 3)",
    ]);
    expect(failuresOf(`scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n}\np1 chooses 1\nexpect p2 life 10\n`)).toEqual([
      "5: p1 is not asked for an amount here (p1's Play phase): `p1 chooses 1` answers a question of how much or how many — no question of how much waits (now nothing waits: p1 acts in their Play phase (plays a card, attacks, or ends the phase: `p1 end phase`)) — leave this line out",
    ]);
  });

  it("cards where an amount is asked: the refusal says how to answer", () => {
    expect(failuresOf(twoBlockers('p1 choose "Hemorrhage Stalker"', 'expect p2 life 20'))).toEqual([
      "15: the action was refused | expected a legal action | actual illegal_choice (p1 must assign Sleepless Enforcer's 3 remaining damage: how much to Hemorrhage Stalker?): answer it with the amount: `p1 chooses N`, N from 0 to 3",
    ]);
  });

  it('"up to N": `p1 chooses 2` draws two (Measured Insight: "Draw up to three cards.")', () => {
    const upTo = (answer: string, after: string) =>
      `scenario "s" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Mana 1\n  p1 hand: "Measured Insight"\n  p1 deck: "Insight" x4\n  p2 deck: "Insight" x3\n}\np1 plays "Measured Insight"\np1 chooses mode "Blue"\np2 passes\n${answer}\n${after}\n`;
    expect(failuresOf(upTo("p1 chooses 2", "expect p1 hand count 2"))).toEqual([]);
    expect(failuresOf(upTo("p1 chooses mode 2", "expect p1 hand count 1"))[0]).toContain("`mode 2` would be its option 2, \"1 card\", not 2: write the amount, `p1 chooses 2`");
  });
});

/**
 * An expectation that fails while the game waits in the middle of something — a choice an effect asks, or items on the
 * stack waiting for both players to pass — says so, and what line answers it: on main f27fbfb it said only "expectation
 * not met" with the values, and an outsider took the engine to be wrong (a Scry waiting in the Beginning Phase read as
 * "Seer never fired"; a Bleed trigger waiting on CYBERVAMP's stack as "Bleed gave no counters").
 */
describe("an expectation not met while something waits says what waits", () => {
  it("a choice an effect asks (Mind Leech's BREACH: p2 discards a card)", () => {
    const text = `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Mind Leech"\n  p2 hand: "Scout", "Stone Guard"\n}\np1 attack p2 with "Mind Leech"\nexpect p2 hand count 1\n`;
    expect(failuresOf(text)).toEqual([
      '8: expectation not met while a choice waits: p2 must discard 1 card (answer it on a line before this one, with the cards: `p2 chooses "<card>"`) | expected p2 Hand count 1 | actual p2 Hand: "Scout", "Stone Guard"',
    ]);
    expect(failuresOf(text.replace("expect p2 hand", 'p2 chooses "Scout"\nexpect p2 hand'))).toEqual([]);
  });

  it("a Scry in the Beginning Phase (Seer), the phase not yet over", () => {
    const text = `scenario "s" for chromatic\nsetup {\n  turn 3 p1 phase Beginning\n  p1 battlefield: "Seer", "Chronicler"\n  p1 deck: "Insight", "Arc Bolt", "Refusal", "Wither"\n}\nexpect phase Main\n`;
    expect(failuresOf(text)).toEqual([
      '7: expectation not met while a choice waits: p1 must Scry 1: choose the cards to put on the bottom (answer it on a line before this one, with the cards: `p1 chooses "<card>"` or `p1 chooses nothing`) | expected phase Main | actual phase Beginning',
    ]);
    expect(failuresOf(text.replace("expect phase Main", "p1 chooses nothing\np2 passes\nexpect phase Main\nexpect event fire \"Chronicler\" once"))).toEqual([]);
  });

  it("a trigger on CYBERVAMP's stack (Bleed), with who holds priority", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Hemorrhage Stalker"\n}\np1 choose "Hemorrhage Stalker"\np1 pass\np2 pass\np1 pass\np2 pass\nexpect p2 Bleed 2\n`;
    expect(failuresOf(text)).toEqual([
      '11: expectation not met while an item waits on the stack (top first: "Hemorrhage Stalker"\'s triggered ability), p2 holding priority: `p2 pass`, then `p1 pass` resolves it | expected p2 Bleed 2 | actual p2 Bleed 0',
    ]);
    expect(failuresOf(text.replace("expect p2 Bleed 2", "p2 pass\np1 pass\nexpect p2 Bleed 2"))).toEqual([]);
    // An expectation about the stack reads what waits there: no note.
    expect(failuresOf(text.replace("expect p2 Bleed 2", "expect stack count 0"))).toEqual([
      '11: expectation not met | expected stack count 0 | actual stack: "Hemorrhage Stalker" by p1',
    ]);
  });

  it("a combat declaration is no choice that waits: attackers are written as attack lines", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Hemorrhage Stalker"\n}\nexpect p2 life 18\n`;
    expect(failuresOf(text)).toEqual(["6: expectation not met | expected p2 life 18 | actual p2 life 20"]);
  });
});

/**
 * A Chromatic Battlelines spell's abilities are chosen by colour as it is cast, by a line of their own (`p1 chooses mode
 * "Red"`), as the docs' example shows; `p1 play "Arc Bolt" mode "Red" target p2`, the form a "Choose one —" card takes,
 * was refused on main f27fbfb saying only that Arc Bolt has no "Choose one —" ability and no mode "Red" — nothing of
 * what to write. Now the refusal (and CW7026 in `cardwright check`) names the form.
 */
describe("a Chromatic spell's colour named on its play line", () => {
  const text = (lines: string) => `scenario "s" for chromatic\nsetup {\n  turn 3 p1 phase Main\n  p1 hand: "Arc Bolt"\n  p1 Mana 1\n}\n${lines}\n`;
  it("fails naming the line that chooses it, and that line runs", () => {
    expect(failuresOf(text('p1 play "Arc Bolt" mode "Red" target p2\np2 pass\nexpect p2 life 27'))).toEqual([
      '7: No such mode: "Arc Bolt" has no "Choose one —" ability: its abilities (Red, Blue, Purple) are chosen by colour as it is cast, by a line of their own after the play line — `p1 chooses mode "Red"` (two of them: their colours joined by " + ", as the choice lists them) — and then its targets, as it is cast (`p1 targets ...`).',
    ]);
    expect(failuresOf(text('p1 play "Arc Bolt"\np1 chooses mode "Red"\np1 targets p2\np2 pass\nexpect p2 life 27\nexpect p1 temporary Red 1'))).toEqual([]);
  });
});

/**
 * `p1 order "X"` naming a card none of whose triggers waits to be ordered was refused on main f27fbfb as "illegal_choice:
 * answer this choice with trigger, not cards" (the line's literal answer carried no trigger): it now says which wait.
 */
describe("an order line naming no waiting trigger says which triggers wait", () => {
  const text = (order: string) =>
    `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Wandering Peddler", "Grave Pact", "Archive Keeper"\n  p2 field: "Thorn Wall"\n  p1 deck: "Scout" x3\n}\np1 attack "Thorn Wall" with "Wandering Peddler"\n${order}\nexpect p2 life 9\n`;
  const waiting = 'p1 orders "Wandering Peddler" ability 1 (DEATH: Draw a card.); "Grave Pact" ability 1 (Whenever an ally dies, each opponent loses 1 life.) — write `p1 order` with one of them';
  it("a card in play whose trigger does not wait, or an ability number the card's waiting trigger is not", () => {
    expect(failuresOf(text('p1 order "Archive Keeper"'))).toEqual([`9: no trigger of "Archive Keeper" waits to be ordered: ${waiting}`]);
    expect(failuresOf(text('p1 order "Wandering Peddler" ability 2'))).toEqual([`9: no trigger of "Wandering Peddler" ability 2 waits to be ordered: ${waiting}`]);
    expect(failuresOf(text('p1 order "Grave Pact"'))).toEqual([]);
  });
});

/**
 * CYBERVAMP: "Spells can be played during any phase of any player's turn except the Renew phase." p2's spell in p1's
 * Pre-Battle with nothing waiting was refused "not_your_turn: it is p1's turn", which reads as "not on the opponent's
 * turn"; and "not_your_decision: p2 holds priority" did not say what waited for p2 (a trigger of an attacker, the end of
 * a phase). On main f27fbfb both said only that.
 */
describe("a refusal for timing says what is open, and what waits", () => {
  it("a spell on the opponent's turn with no window open", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Nightclub Thrall"\n  p2 battlefield: "Neon Abattoir", "Gold Exchange"\n  p2 hand: "Arterial Spray"\n}\np2 play "Arterial Spray" target "Nightclub Thrall"\nexpect p1 discard pile: "Nightclub Thrall"\n`;
    expect(failuresOf(text)).toEqual([
      "8: the action was refused | expected a legal action | actual not_your_turn: it is p1's turn and nothing waits to resolve: p2 may play a spell or use an ability on it only in a window, after p1 plays or activates something or ends a phase (p1's Pre-Battle phase) — to play it in p1's Pre-Battle phase, write `p1 end phase` on a line before this one: ending a phase is a pass, and p2 then holds priority before the phase ends",
    ]);
    expect(failuresOf(text.replace("p2 play", "p1 end phase\np2 play").replace("expect", "p1 pass\np2 pass\nexpect"))).toEqual([]);
  });

  it("a pass by the player not holding priority names what waits", () => {
    const text = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Neon Ripper", "Razorfang Courier"\n}\np1 attack p2 with "Neon Ripper"\np1 pass\nexpect p2 life 17\n`;
    expect(failuresOf(text)).toEqual([
      "7: the action was refused | expected a legal action | actual not_your_decision: p2 holds priority: Neon Ripper's triggered ability waits to resolve (and 1 more under it), when both players pass in turn (p1's Battle phase) — now \"Neon Ripper\"'s triggered ability, rule (Battle (before declare blockers)) wait to resolve (top first), p2 holding priority: `p2 pass`, then `p1 pass` resolves the top one (or p2 responds first)",
    ]);
  });
});

/**
 * "expect a refusal: any action followed by refused <code>" (docs 3.2): at a declaration of attackers (CYBERVAMP,
 * Chromatic) `p1 attack p2 with "Ghoul Scavenger" refused summoning_sick` — a creature played this turn — was refused
 * "choice_pending: p1 must first declare attackers" on main f27fbfb, whatever the card; and the same card named in a
 * `choose` answer was "illegal_choice: choose 0 to 1 of the offered cards". Now the line gets why the card is not offered.
 */
describe("a refused attack line at a declaration of attackers", () => {
  const text = (lines: string) =>
    `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Blackout District", "Gold Exchange", "Crimson Substation", "Neon Ripper"\n  p1 hand: "Ghoul Scavenger", "Nightclub Thrall"\n  "Neon Ripper" is exhausted\n}\np1 play "Ghoul Scavenger" exhausting "Blackout District", "Gold Exchange"\np1 play "Nightclub Thrall"\np1 end phase\np2 pass\n${lines}\n`;
  it("is refused for why the card is not offered, and an attack line after it declares", () => {
    expect(
      failuresOf(text('p1 attack p2 with "Ghoul Scavenger" refused summoning_sick\np1 attack p2 with "Neon Ripper" refused exhausted\np1 attack p2 with "Nightclub Thrall"\np1 pass\np2 pass\np1 pass\np2 pass\np2 pass\np1 pass\nexpect p2 Bleed 1')),
    ).toEqual([]);
    expect(failuresOf(text('p1 attack p2 with "Ghoul Scavenger" refused exhausted\nexpect p2 life 20'))).toEqual([
      "12: refused for another reason | expected refused exhausted | actual refused summoning_sick: Ghoul Scavenger is Newly Turned: it cannot attack until your next Renew phase",
    ]);
    expect(failuresOf(text('p1 attack p2 with "Nightclub Thrall" refused summoning_sick\nexpect p2 life 20'))).toEqual([
      "12: the action was accepted: Nightclub Thrall may be declared as an attacker | expected refused summoning_sick | actual accepted",
    ]);
  });
});
