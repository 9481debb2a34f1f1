/**
 * Issue 12, session 34: the rules probe of CYBERVAMP and Three-Slot Duel — scenarios written from cybervamp.txt,
 * three-slot-duel.txt and docs/ (Scenarios) by an outsider, before reading any source. Each test below fails on the main
 * it was written against: a mistaken line that failed with a message not saying what to write, or a right line refused.
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf } from "./helpers.ts";

describe("a refusal code said in the rules text's or plain words suggests the engine's code", () => {
  // On main: `refused newly_turned` (CYBERVAMP's own words) and `refused tapped` listed every code with no suggestion;
  // `refused illegal_block` suggested illegal_choice, a letter match, where the engine refuses cannot_block.
  const cv = (code: string) => `scenario "refusal" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Nightclub Thrall"
}
p1 attack p2 with "Nightclub Thrall" refused ${code}
`;
  it.each([
    ["newly_turned", "summoning_sick"],
    ["summoning_sickness", "summoning_sick"],
    ["tapped", "exhausted"],
    ["overexhausted", "exhausted"],
    ["illegal_block", "cannot_block"],
    ["cant_block", "cannot_block"],
    ["illegal_attacker", "cannot_attack"],
    ["invalid_target", "illegal_target"],
    ["no_priority", "not_your_decision"],
  ])("`refused %s` → did you mean %s", (code, meant) => {
    expect(checked("cybervamp", cv(code))).toEqual([`6:46 CW5012 ${meant}`]);
  });

  it("a letter slip still gets its closest code", () => {
    expect(checked("cybervamp", cv("summonning_sick"))).toEqual(["6:46 CW5012 summoning_sick"]);
  });

  it("Three-Slot Duel: `refused first_turn` and `refused field_full`", () => {
    const duel = (code: string) => `scenario "refusal" for duel
setup {
  turn 1 p1 phase Play
  p1 field: "Stone Guard"
}
p1 attack p2 with "Stone Guard" refused ${code}
`;
    expect(checked("duel", duel("first_turn"))).toEqual(["6:41 CW5012 no_attacks_first_turn"]);
    expect(checked("duel", duel("field_full"))).toEqual(["6:41 CW5012 slot_full"]);
  });
});

describe("`choose yes` where nothing asks one says so, and where the line belongs", () => {
  it("CYBERVAMP: after activating an ability that asks nothing, before its passes", () => {
    // On main: "the action was refused | expected a legal action | actual no_choice_pending: no choice is waiting ...".
    const [f] = failuresOf(`scenario "C18 choose yes never asked" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
  p1 life 10
}
p1 activate "Sanctum Beacon"
p1 choose yes
p2 pass
p1 pass
expect p1 life 11
`);
    expect(f).toMatch(/^8: no yes\/no question is asked now: `p1 choose yes` answers a yes\/no question while it waits: .*"you may …".*; now "Sanctum Beacon"'s ability waits to resolve, p2 holding priority: `p2 pass`, then `p1 pass` resolves it .* — if it asks, write this line after the passes that resolve it, else leave it out$/);
  });

  it("Duel: nothing waits at all", () => {
    const [f] = failuresOf(`scenario "no question" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Scout"
}
p1 play "Scout"
p1 choose no
expect p1 field: "Scout"
`);
    expect(f).toMatch(/^7: no yes\/no question is asked: `p1 choose no` answers .*; nothing asks p1 one now \(nothing waits: p1 acts in their Play phase .*\) — leave this line out$/);
  });
});

describe("a mode line written before its play line says the mode goes on the play line", () => {
  it("CYBERVAMP: a \"Choose one —\" spell", () => {
    // On main: "no_choice_pending: no choice is waiting (p1's Pre-Battle phase) — now nothing waits ...".
    const [f] = failuresOf(`scenario "M3 mode before the play" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Blood Rite"
  p1 battlefield: "Crimson Substation"
}
p1 choose mode 1
p1 play "Blood Rite" target p2
expect p2 life 19
`);
    expect(f).toBe('7: no mode is asked: the next line plays "Blood Rite", and a "Choose one —" mode is chosen on that line, as it is played — write `p1 play "Blood Rite" mode 1 ...` and leave this line out');
  });

  it("Three-Slot Duel: by its text, with no play line after it", () => {
    const [f] = failuresOf(`scenario "mode alone" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Field Kit"
}
p1 choose mode "Draw a card"
expect p1 hand count 1
`);
    expect(f).toMatch(/^6: no mode is asked: nothing waiting has a mode to choose; a mode is chosen with its card — on the play line of a "Choose one —" card \(`p1 play "<card>" mode "Draw a card"`\).* — leave this line out or move it there$/);
  });
});

describe("`expect no event ... twice` names the forms that say it", () => {
  it("CYBERVAMP: a count after `no event` is unreadable, naming `expect not event ... twice` and the count form", () => {
    // On main: "cannot read this line: unexpected "twice"".
    const [f] = failuresOf(`scenario "L12 no event life twice" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
}
p1 activate "Sanctum Beacon"
p2 pass
p1 pass
expect no event life p1 twice
`);
    expect(f).toBe('9: cannot read this line: "no event" says the event never happened and takes no count: write `expect not event life p1 twice` (it did not happen exactly twice), or the count it did happen (`expect event life p1 once`)');
  });

  it("the form it names holds where the event happened once, and fails where it happened twice", () => {
    const text = (extra: string) => `scenario "twice" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
}
p1 activate "Sanctum Beacon"
p2 pass
p1 pass
${extra}
expect not event life p1 twice
`;
    expect(failuresOf(text(""))).toEqual([]);
    expect(failuresOf(text('p1 activate "Sanctum Beacon" ability 2\np2 pass\np1 pass'))).toEqual(['12: expectation not met | expected not event life p1 2 time(s) | actual 2: p1 gains 1 life; p1 gains 4 life']);
  });
});

describe("the damage one event dealt: `expect event damage p2 3`", () => {
  const spray = (line: string) => `scenario "C25 event damage amount" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange", "Chrome Sentinel"
}
p1 play "Arterial Spray" target p2
p2 pass
p1 pass
${line}
`;
  it("holds for the amount dealt, and its negation fails (on main: unreadable, 'unexpected \"3\"')", () => {
    expect(failuresOf(spray("expect event damage p2 3"))).toEqual([]);
    expect(failuresOf(spray('expect event damage p2 3 by "Arterial Spray" once'))).toEqual([]);
    expect(failuresOf(spray("expect no event damage p2 2"))).toEqual([]);
    expect(failuresOf(spray("expect no event damage p2 3"))).toEqual(["10: expectation not met | expected not event damage p2 3 | actual 1: Arterial Spray deals 3 damage to p2"]);
    expect(failuresOf(spray("expect event damage p2 2"))).toEqual(["10: expectation not met | expected event damage p2 2 | actual 0: none (damage events that happened: Arterial Spray deals 3 damage to p2)"]);
  });

  it("a card dealt damage, with the amount before `by`", () => {
    const text = `scenario "damage to a card" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
  p2 battlefield: "Chrome Sentinel"
}
p1 play "Arterial Spray" target "Chrome Sentinel"
p2 pass
p1 pass
expect event damage "Chrome Sentinel" 3 by "Arterial Spray"
expect "Chrome Sentinel" damage 3
`;
    expect(failuresOf(text)).toEqual([]);
  });

  it("another kind's number is unreadable, naming the state to expect (on main: 'unexpected \"1\"')", () => {
    const [f] = failuresOf(`scenario "M6 life amount" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sanctum Beacon"
}
p1 activate "Sanctum Beacon"
p2 pass
p1 pass
expect event life p1 1
`);
    expect(f).toMatch(/^9: cannot read this line: a number after the event is read only of damage, as what one damage event dealt \(`expect event damage p2 3`\); a life event's amount is not: for a total, expect the state \(`expect p1 life 17`/);
  });

  it("a count of times is still a count: `expect event draw p1 2 times`", () => {
    expect(
      failuresOf(`scenario "times" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Quick Study"
  p1 Crystal 2
  p1 deck: "Scout" x3
}
p1 play "Quick Study"
expect event draw p1 2 times
`),
    ).toEqual([]);
  });
});

describe("what a failed line about one copy or one player's card was told", () => {
  it("CYBERVAMP Unique: the destroyed events name the copy, and whose (on main: 'Thrall Master is destroyed')", () => {
    const [f] = failuresOf(`scenario "C13 unique" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Thrall Master"
  p1 battlefield: "Thrall Master", "Crimson Substation", "Neon Abattoir", "Gold Exchange", "Bullion Vault", "Velvet Lounge"
}
p1 play "Thrall Master"
expect event destroyed "Thrall Master" copy 1
`);
    expect(f).toBe('8: expectation not met | expected event destroyed "Thrall Master" copy 1 | actual 0: none (destroyed events that happened: Thrall Master is destroyed [p1\'s "Thrall Master" copy 2])');
  });

  it("`p2's \"X\"` after p1 took control of it names its controller (on main: 'no card p2's \"Neon Ripper\" in the game')", () => {
    const [f] = failuresOf(`scenario "L20" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Hostile Takeover"
  p1 battlefield: "Velvet Lounge", "Violet Datacore", "Gold Exchange", "Bullion Vault"
  p2 battlefield: "Neon Ripper"
}
p1 play "Hostile Takeover" target "Neon Ripper"
p2 pass
p1 pass
expect not p2's "Neon Ripper" is renewed
`);
    expect(f).toBe('11: no card p2\'s "Neon Ripper" in the game: `p2\'s "Neon Ripper"` is the one p2 controls, and the "Neon Ripper" p2 owns is controlled by p1 now, in Battlefield — `p1\'s "Neon Ripper"`');
  });

  it("a stat expected less the damage marked points at `damage N` (on main: 'actual \"Chrome Sentinel\" defense 5')", () => {
    const [f] = failuresOf(`scenario "M2 defense after damage" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Chrome Sentinel"
  "Chrome Sentinel" damage 3
}
expect "Chrome Sentinel" defense 2
`);
    expect(f).toBe('7: expectation not met | expected "Chrome Sentinel" defense 2 | actual "Chrome Sentinel" defense 5 (3 damage is marked on it, apart from its stats: `expect "Chrome Sentinel" damage 3`; what is left of its defense is 2: `expect "Chrome Sentinel" remaining defense 2`)');
  });
});

describe("CYBERVAMP's Newly Turned: `expect \"X\" is newly turned`", () => {
  // On main: "cannot read this line: expected exhausted, ready, renewed, overexhausted or defender, found "newly"".
  const board = (lines: string) => `scenario "newly turned" for cybervamp
setup {
  turn 3 p1 phase Post-Battle
  p1 hand: "Neon Ripper", "Razorfang Courier", "Hemotank"
  p1 battlefield: "Crimson Substation", "Neon Abattoir", "Gold Exchange", "Bullion Vault", "Velvet Lounge", "Blood Broker"
  p1 Main Deck: "Neon Ripper" x3
  p2 Main Deck: "Neon Ripper" x3
}
${lines}
`;
  it("a creature played this turn is; one set up in play is not; it stays so through the opponent's turn", () => {
    expect(
      failuresOf(
        board(`p1 play "Neon Ripper" exhausting "Crimson Substation", "Neon Abattoir", "Gold Exchange"
expect "Neon Ripper" is newly turned
expect not "Blood Broker" is newly turned
p1 end turn
p2 pass
expect turn 4
expect active p2
expect "Neon Ripper" is newly turned`),
      ),
    ).toEqual([]);
  });

  it("negated, it fails where it holds; Haste and a relic are never Newly Turned, said why", () => {
    expect(failuresOf(board(`p1 play "Neon Ripper" exhausting "Crimson Substation", "Neon Abattoir", "Gold Exchange"\nexpect not "Neon Ripper" is newly turned`))).toEqual([
      '10: expectation not met | expected not "Neon Ripper" is newly turned | actual newly turned',
    ]);
    expect(failuresOf(board(`p1 play "Razorfang Courier" exhausting "Crimson Substation", "Gold Exchange"\nexpect "Razorfang Courier" is newly turned`))).toEqual([
      '10: expectation not met | expected "Razorfang Courier" is newly turned | actual not newly turned (it ignores Newly Turned: Haste)',
    ]);
    expect(failuresOf(board(`p1 play "Hemotank" exhausting "Velvet Lounge", "Gold Exchange"\nexpect "Hemotank" is newly turned`))).toEqual([
      '10: expectation not met | expected "Hemotank" is newly turned | actual not newly turned (a Relic is never Newly Turned)',
    ]);
    expect(failuresOf(board(`expect "Blood Broker" is newly turned`))).toEqual([
      '9: expectation not met | expected "Blood Broker" is newly turned | actual not newly turned (it entered play before p1\'s turn began)',
    ]);
  });

  it("a game without Newly Turned refuses the line (CW7019)", () => {
    const text = `scenario "no newly turned" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Scout"
}
p1 play "Scout"
expect not "Scout" is newly turned
`;
    expect(checked("duel", text)).toEqual(["7:1 CW7019"]);
    expect(failuresOf(text)[0]).toMatch(/^7: Three-Slot Duel has no Newly Turned state .* `p1 attack p2 with "Scout" refused summoning_sick`/);
  });
});

describe("Chromatic Battlelines: an enchantment's active ability, `expect \"Ember Aura\" active Red`", () => {
  // On main: unreadable ("Unknown stat "active"" / no form: a known gap of session 33's probe).
  const board = (lines: string) => `scenario "active" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Aura"
  p1 Facet Zone: "Seer"
}
${lines}
`;
  it("the identity colour's ability is active on entry; a switch makes another the active one", () => {
    expect(failuresOf(board(`expect "Ember Aura" active Red\nexpect not "Ember Aura" active Blue\np1 switches "Ember Aura" to Blue\nexpect "Ember Aura" active ability Blue\nexpect not "Ember Aura" active Red`))).toEqual([]);
    expect(failuresOf(board(`p1 switches "Ember Aura" to Blue\nexpect "Ember Aura" active Red`))).toEqual(['8: expectation not met | expected "Ember Aura" active Red | actual "Ember Aura" active Blue']);
  });

  it("a card of a type without one active ability, or an unknown colour, is an error at the line", () => {
    expect(checked("chromatic", board(`expect not "Seer" active Red`))).toEqual(["7:1 CW7021"]);
    expect(checked("chromatic", board(`expect "Ember Aura" active Redd`))).toEqual(['7:28 CW5010 Red']);
    expect(checked("cybervamp", `scenario "x" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Neon Ripper"\n}\nexpect not "Neon Ripper" active Red\n`)).toEqual(["6:1 CW7021"]);
  });
});

describe("a zone quoted as a card: CYBERVAMP's deck choice (CW5026)", () => {
  it("`p1 choose \"Land Deck\"` at the Renew draw names the mode that answers it (on main: Unknown card \"Land Deck\")", () => {
    const text = (line: string) => `scenario "R01 draw from which deck" for cybervamp
setup {
  turn 5 p1 phase Renew
  p1 Main Deck: "Neon Ripper"
  p1 Land Deck: "Crimson Substation"
}
${line}
expect p1 hand: "Crimson Substation"
`;
    expect(checked("cybervamp", text(`p1 choose "Land Deck"`))).toEqual(["7:11 CW5026"]);
    expect(failuresOf(text(`p1 choose "Land Deck"`))).toEqual([
      '7: "Land Deck" is a zone of CYBERVAMP, not a card: the deck a draw comes from is answered as a mode — `p1 chooses mode 2` (1 Main Deck, 2 Land Deck), or by its text, `p1 chooses mode "draw from the Land Deck"` (asked only while both of the player\'s decks hold cards: with one empty the draw comes from the other without asking, and no line answers it).',
    ]);
    expect(failuresOf(text(`p1 chooses mode 2`))).toEqual([]);
    expect(failuresOf(text(`p1 chooses mode "draw from the Land Deck"`))).toEqual([]);
  });

  it("Three-Slot Duel: a zone in an expectation's card place names the zone form", () => {
    expect(failuresOf(`scenario "zone" for duel
setup {
  turn 3 p1 phase Play
  p1 graveyard: "Scout"
}
expect "Graveyard" power 1
`)).toEqual(['6: "Graveyard" is a zone of Three-Slot Duel, not a card: a zone is named after its player, unquoted (`expect p1 Graveyard has "<card>"`).']);
  });
});

describe("Three-Slot Duel probe, round 2: a refused line says whose choice waits, and where a target is", () => {
  it("another player's choice answered (on main: 'p2 must discard 1 card' three times over)", () => {
    const [f] = failuresOf(`scenario "F01 wrong player discards" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Mind Leech"
  p2 hand: "Scout", "Stone Guard"
}
p1 attack p2 with "Mind Leech"
p1 choose "Scout"
expect p2 graveyard: "Scout"
`);
    expect(f).toBe('8: the action was refused | expected a legal action | actual not_your_decision: the choice waiting is p2\'s, not p1\'s — p2 must discard 1 card: answer it with the cards: `p2 chooses "<card>"`');
  });

  it("a target in another zone than the card looks in (on main: only 'no legal choice for target Unit card from your Oblivion')", () => {
    const [f] = failuresOf(`scenario "F05 summon from the wrong zone" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Call from Oblivion"
  p1 graveyard: "Scout", "Stone Guard"
}
p1 play "Call from Oblivion" target "Stone Guard" erase "Scout"
expect p1 field: "Stone Guard"
`);
    expect(f).toBe('7: the action was refused | expected a legal action | actual no_legal_target: there is no legal choice for target Unit card from your Oblivion (p1\'s Play phase) — the line\'s target: "Stone Guard" is in p1\'s Graveyard');
  });
});

describe("CYBERVAMP probe, round 3: natural phrasings of an expectation name the form that says it", () => {
  const cv = (lines: string, setup = "") => `scenario "round 3" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle${setup}
}
${lines}
`;
  it.each([
    // On main: "unexpected "Battle"" and Unknown phase "Post" with no suggestion.
    ["expect phase Post Battle", '5: Unknown phase "Post Battle"; CYBERVAMP has Renew, Pre-Battle, Battle, Post-Battle. (did you mean "Post-Battle"?)'],
    // On main: "expected a number, found "is"".
    ["expect p2 life is 20", "5: cannot read this line: the number comes right after \"life\", with no \"is\": `expect p2 life 20`"],
    ["expect p2 Bleed is 0", "5: cannot read this line: the number comes right after the name, with no \"is\": `expect p2 Bleed 0`"],
    // On main: "expected a player (p1, p2), found "life"".
    ["expect life p2 20", "5: cannot read this line: a player's life, resource, counter or zone is written after the player: `expect p2 life 20`"],
    // On main: "Unknown resource or player counter "damage"".
    ["expect p2 damage 3", "5: cannot read this line: damage dealt to a player is not kept on the player: it is life lost — `expect p2 life N` — and each hit is an event, `expect event damage p2 3`"],
  ])("`%s`", (line, message) => {
    expect(failuresOf(cv(line))).toEqual([message]);
  });

  it("two cards on one state line: one line each (on main: 'expected a number, found \"Gold Exchange\"')", () => {
    expect(failuresOf(cv(`expect "Crimson Substation" and "Gold Exchange" are exhausted`, `\n  p1 battlefield: "Crimson Substation", "Gold Exchange"`))).toEqual([
      '6: cannot read this line: an expectation is about one card: write a line for each — `expect "Crimson Substation" is exhausted`, `expect "Gold Exchange" is exhausted`',
    ]);
  });

  it("`expect stack empty` and `expect stack: none` say nothing waits (on main: unreadable)", () => {
    expect(failuresOf(cv(`expect stack empty\nexpect stack: none`))).toEqual([]);
    expect(failuresOf(cv(`p1 play "Arterial Spray" target p2\nexpect stack empty`, `\n  p1 hand: "Arterial Spray"\n  p1 battlefield: "Crimson Substation", "Gold Exchange"`))).toEqual([
      '8: expectation not met | expected stack: (empty) | actual stack: "Arterial Spray" by p1 targeting p2',
    ]);
  });

  it("an attack line naming a creature that cannot attack says why (on main: only 'not offered')", () => {
    const [f] = failuresOf(`scenario "G12" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Nightclub Thrall", "Neon Ripper"
  "Neon Ripper" is exhausted
}
p1 attack p2 with "Neon Ripper"
expect p2 life 17
`);
    expect(f).toMatch(/^7: the action was refused .* Neon Ripper is not offered \(offered: Nightclub Thrall\).* — "Neon Ripper" cannot attack: exhausted \(Neon Ripper is exhausted\)$/);
  });
});

describe("CYBERVAMP probe, round 4: trigger order", () => {
  const board = (lines: string, p2 = `"Ghoul Scavenger", "Blood Ritualist"`) => `scenario "round 4" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Exsanguinate"
  p1 battlefield: "Blackout District", "Undercity Sump", "Gold Exchange"
  p2 battlefield: ${p2}
}
p1 play "Exsanguinate" target "Ghoul Scavenger"
p2 pass
p1 pass
${lines}
`;
  it("a stack line while p2 is to order its noted triggers says the order waits (on main: only 'actual stack: (empty)')", () => {
    expect(failuresOf(board(`expect stack count 2`))).toEqual([
      '11: expectation not met while a choice waits: p2 must choose which trigger goes on the stack first (it resolves last) (answer it on a line before this one, with `p2 order "<card>"` (which noted trigger is placed first)) | expected stack count 2 | actual stack: (empty)',
    ]);
    expect(failuresOf(board(`p2 order "Ghoul Scavenger"\nexpect stack count 2\nexpect stack: "Blood Ritualist", "Ghoul Scavenger"`))).toEqual([]);
  });

  it("an order line where one trigger was noted says it went on the stack unasked (on main: 'no_choice_pending: no choice is waiting')", () => {
    expect(failuresOf(board(`p2 order "Ghoul Scavenger"`, `"Ghoul Scavenger"`))).toEqual([
      '11: no order is asked: "Ghoul Scavenger"\'s triggered ability went on the stack without asking (an order is asked only when a player has two or more triggers noted at once) — leave this line out',
    ]);
  });
});

describe("an amount where none is asked says what was dealt without asking", () => {
  it("a Breach attacker's damage to two blockers, assigned lethal-first (on main: only 'p1 is not asked for an amount here')", () => {
    const [f] = failuresOf(`scenario "R12" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Breachline Ravager"
  p2 battlefield: "Nightclub Thrall", "Sanguine Medic"
}
p1 attack p2 with "Breachline Ravager"
p1 pass
p2 pass
p2 block "Breachline Ravager" with "Nightclub Thrall", "Sanguine Medic"
p1 pass
p2 pass
p1 chooses 1
expect p2 life 19
`);
    expect(f).toMatch(/^13: p1 is not asked for an amount here .* — no question of how much waits; the damage since the last action was dealt without asking: .*Breachline Ravager deals 1 damage to Nightclub Thrall; Breachline Ravager deals 2 damage to Sanguine Medic; Breachline Ravager deals 1 damage to p2 \(now .*\) — leave this line out$/);
  });
});

describe("Three-Slot Duel probe, round 3: a line in other words names the form (each unreadable with no form on main)", () => {
  const duel = (line: string) => `scenario "x" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Quick Bolt", "Stone Guard"
  p1 field: "Grave Altar", "Scout"
  p2 field: "Scout"
}
${line}
expect p1 life 10
`;
  it.each([
    ["expect p1 wins", "the game's result is said of its winner: `expect winner p1`"],
    ["expect p2 loses", "the game's result is said of its winner: `expect winner p1`"],
    ["expect game over", "the game's end is said by its result: `expect winner p1` (or `p2`), `expect winner draw` (every player lost at once), `expect winner none` (it goes on)"],
    ["expect p1 hand size 2", 'a zone\'s size is said with "count": `expect p1 hand count 2`'],
    ["expect p1 cards in hand 2", 'a zone\'s size is said of the zone, with "count": `expect p1 hand count 2`'],
    ['expect p1 field contains "Grave Altar"', 'a zone holding a card is said with "has": `expect p1 field has "Grave Altar"`'],
    ['expect p1 field does not have "Scout"', 'a zone without a card is said with "lacks": `expect p1 field lacks "Scout"`'],
    ["expect p2 hand is empty", "an empty zone is written `expect p2 hand: none`"],
    ["expect p2 has no cards in hand", "an empty zone is written `expect p2 hand: none`"],
    ['expect "Scout" to be in p2 graveyard', 'which zone holds a card is said of the zone: `expect p2 graveyard has "Scout"`'],
    ['expect "Stone Guard" power is 2', 'the number comes right after the stat, with no "is": `expect "Stone Guard" power 2`'],
    ['expect "Stone Guard" power: 2', 'the number comes right after the stat, with no ":": `expect "Stone Guard" power 2`'],
    ['p1 plays "Quick Bolt" on p2', 'a target is written with "target": `... target p2`'],
    ['p1 plays "Quick Bolt" at "Scout"', 'a target is written with "target": `... target "Scout"`'],
    ['p1 discards "Stone Guard"', 'a player discards only as a cost or an effect asks: a cost\'s cards go on the play line (`p1 play "<card>" discard "<card>"`), an effect\'s choice is answered with `p1 chooses "<card>"`'],
    ["p1 draws a card", 'a player draws only as a rule or an effect draws (the start of a turn, "Draw a card"): no line makes a draw — write the line that causes it (`p1 end turn`, `p1 play "<card>"`), then `expect event draw p1`'],
  ])("`%s`", (line, message) => {
    expect(failuresOf(duel(line))).toEqual([`8: cannot read this line: ${message}`]);
  });

  it("the forms they name hold", () => {
    expect(failuresOf(duel('expect p1 hand count 2\nexpect p1 field has "Grave Altar"\nexpect p2 hand: none\nexpect "Stone Guard" power 2 in Hand\nexpect winner none'))).toEqual([]);
  });
});
