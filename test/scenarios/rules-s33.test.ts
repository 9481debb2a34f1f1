/**
 * Issue 12, session 33: the rules probe of Chromatic Battlelines — scenarios written from chromatic-battlelines.txt,
 * docs/games/chromatic.md and docs/language.md (Scenarios) by an outsider, before reading any source. The 24 that run are
 * cards/chromatic/scenarios/rules-s33.scenario; the mistaken ones below each fail at the line of the mistake, saying what
 * is wrong. Then the probe's findings: two lines that passed whatever happened (a `breach` event in a game whose combat
 * deals damage; a temporary pool of Mana), and messages that sent the writer the wrong way.
 */
import { describe, expect, it } from "vitest";
import { checked, failuresOf, runText } from "./helpers.ts";

/**
 * The probe's mistaken Chromatic scenarios: a typo in a card name, a wrong amount, an answer the engine never asks, a
 * creature attacking a creature, a capacity unchanged after a shatter, a mode before its play line, a natural phrasing the
 * language says otherwise, the other rules section's starting capacity, a line before p2's pass, a Weapon attack on the
 * player past a creature, another game's zone, remaining Defense read as the stat, a move in the wrong phase, a verb the
 * language lacks, a pass by the player who has passed.
 */
const MISTAKES = `scenario "M01 a typo in a card name" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 hand: "Sear"
}
p1 plays "Seer"
p2 passes
expect p1 battlefield: "Seer"

scenario "M02 a wrong life: Arc Bolt's Spark is 3, not 2" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 plays "Arc Bolt"
p1 chooses mode "Red"
p1 targets p2
p2 passes
expect p2 life 28

scenario "M03 an enhancement answer the engine never asks (no Facets)" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 hand: "Seer"
}
p1 plays "Seer"
p2 passes
p1 chooses yes
expect "Seer" attack 2

scenario "M04 a creature attacks a creature" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Hound"
  p2 battlefield: "Seer"
}
p1 ends the phase
p2 passes
p1 attacks "Seer" with "Ember Hound"
expect p2 graveyard: "Seer"

scenario "M05 capacity after a shatter expected unchanged" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 3
  p1 hand: "Seer"
}
p1 shatters "Seer"
expect p1 Mana capacity 3

scenario "M06 the mode chosen before the play line" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 chooses mode "Red"
p1 plays "Arc Bolt"
p2 passes
p1 targets p2
expect p2 life 27

scenario "M07 Armor said as 'has'" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Plate Ward"
}
p1 plays "Plate Ward"
p1 chooses mode "Yellow"
p2 passes
expect p1 has 3 Armor

scenario "M08 tapped for exhausted" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Blade"
}
p1 attacks p2 with "Ember Blade"
p2 passes
expect "Ember Blade" is tapped

scenario "M09 a temporary Facet expected after two abilities" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 plays "Arc Bolt"
p1 chooses mode "Red + Purple"
p1 targets p2
p2 passes
expect p1 temporary Red 1

scenario "M10 a player who is not there" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 plays "Arc Bolt"
p1 chooses mode "Red"
p1 targets p3
p2 passes
expect p2 life 27

scenario "M11 section 7.1's starting capacity of 2" for chromatic
setup {
  new game
  turn 1 p1
  p1 deck: "Insight" x45
  p2 deck: "Insight" x45
}
expect p2 Mana capacity 2

scenario "M12 the creature expected in play before p2 passes" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 hand: "Seer"
}
p1 plays "Seer"
expect p1 battlefield: "Seer"

scenario "M13 a destroyed Weapon said with is destroyed" for chromatic
setup {
  turn 4 p2 phase Main
  p1 battlefield: "Ember Blade"
  p1 Armor 1
  p2 Mana 1
  p2 hand: "Arc Bolt"
}
p2 plays "Arc Bolt"
p2 chooses mode "Red"
p2 targets p1
p1 passes
expect "Ember Blade" is destroyed

scenario "M14 a Weapon attacks the player while a creature is there" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Blade"
  p2 battlefield: "Seer"
}
p1 attacks p2 with "Ember Blade"
p2 passes
expect p2 life 28

scenario "M15 shattering as an event kind" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 3
  p1 hand: "Seer"
}
p1 shatters "Seer"
expect event shatter "Seer"

scenario "M16 another game's name for the Shatter Zone" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 3
  p1 hand: "Seer"
}
p1 shatters "Seer"
expect p1 exile: "Seer"

scenario "M17 remaining Defense expected as the defense stat" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p2 battlefield: "Ironhide Bear"
}
p1 plays "Arc Bolt"
p1 chooses mode "Red"
p1 targets "Ironhide Bear"
p2 passes
expect "Ironhide Bear" defense 1

scenario "M18 harvesting in the Combat phase" for chromatic
setup {
  turn 4 p1 phase Main
  p1 hand: "Seer"
  p1 battlefield: "Chronicler"
}
p1 ends the phase
p2 passes
p1 harvests "Seer"
expect p1 Facet Zone: "Seer"

scenario "M19 'casts' for plays" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
}
p1 casts "Arc Bolt"
p1 chooses mode "Red"
p1 targets p2
p2 passes
expect p2 life 27

scenario "M20 p1 passes where p2 holds priority" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 hand: "Seer"
}
p1 plays "Seer"
p1 passes
expect p1 battlefield: "Seer"

scenario "M21 lifelink on Weapon expected as life lost" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p2 Armor 5
}
p1 plays "Arc Bolt"
p1 chooses mode "Purple"
p2 passes
expect p2 life 30

scenario "M22 Defense counters in the counter form of the setup" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 5
  p1 hand: "Ironhide Bear"
  p1 battlefield: "Seer"
}
p1 plays "Ironhide Bear"
p2 passes
p1 targets "Seer"
expect "Seer" has 2 defense counters

scenario "M23 the attackers declared without ending the Main phase" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Chronicler"
}
p1 attacks p2 with "Chronicler"
p2 passes
expect p2 life 29

scenario "M24 a second enchantment switch answer in words the language lacks" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Aura"
  p1 Facet Zone: "Seer"
}
p1 changes "Ember Aura" to Blue
expect "Seer" is exhausted
`;

describe("the Chromatic probe's mistaken scenarios each fail at the mistake, saying what is wrong", () => {
  const { results } = runText(MISTAKES, "cards/chromatic/scenarios/mistakes.scenario");
  const first = (i: number) => {
    const f = results[i]!.failures[0];
    return f ? `${f.line}: ${f.message}${f.expected !== undefined ? ` | expected ${f.expected} | actual ${f.actual}` : ""}` : "passed";
  };
  const expected: [string, RegExp][] = [
    ["M01", /^5: Unknown card "Sear".*did you mean "Seer"/],
    ["M02", /^21: expectation not met \| expected p2 life 28 \| actual p2 life 27$/],
    ["M03", /^31: no yes\/no question is asked: `p1 choose yes` answers a yes\/no question while it waits.*nothing asks p1 one now .* — leave this line out$/],
    ["M04", /^42: attackers are declared together and attack the defending player here: write `p1 attack p2 with "Ember Hound"`/],
    ["M05", /^52: expectation not met \| expected p1 Mana capacity 3 \| actual p1 Mana capacity 4$/],
    ["M06", /^60: no mode is asked yet: the next line plays "Arc Bolt", whose abilities are chosen by colour right after it is played — write this line after that play line$/],
    ["M07", /^75: cannot read this line: a player's life, resource or counter is written after the player, then the number, with no "has": `expect p1 Armor 3`$/],
    ["M08", /^84: .*found "tapped" \(did you mean "exhausted"\?\)/],
    ["M09", /^96: expectation not met \| expected p1 temporary Red 1 \| actual p1 temporary Red 0$/],
    ["M10", /^106: Unknown player "p3"/],
    ["M11", /^117: expectation not met while an item waits on the stack \(top first: rule \(p1's Beginning phase ends\)\), p2 holding priority: `p2 pass` resolves it \| expected p2 Mana capacity 2 \| actual p2 Mana capacity 1$/],
    ["M12", /^126: expectation not met while an item waits on the stack \(top first: "Seer"\), p2 holding priority: `p2 pass` resolves it \| expected p1 Battlefield: "Seer"/],
    ["M13", /^140: .*that a card was destroyed is an event.*`expect event destroyed "Ember Blade"`/],
    ["M14", /^148: the action was refused .*illegal_target: a Weapon attacks an opposing creature/],
    ["M15", /^159: Unknown event kind "shatter"; .* — a player's move \(playing, shattering, harvesting \.\.\.\) is an `action` event naming its card: `expect event action "<card>"`/],
    ["M16", /^168: Unknown zone "exile".*did you mean "Shatter Zone"/],
    ["M17", /^181: expectation not met \| expected "Ironhide Bear" defense 1 \| actual "Ironhide Bear" defense 4/],
    ["M18", /^191: the action was refused .*choice_pending: p1 must first declare attackers/],
    ["M19", /^200: cannot read this line: "casts" is written with the action's own verb: `p1 play "Arc Bolt"`/],
    ["M20", /^213: the action was refused .*not_your_decision: p2 holds priority/],
    ["M21", /^226: expectation not met \| expected p2 life 30 \| actual p2 life 29$/],
    ["M22", /^238: .*`expect "Seer" defense counters 2`/],
    ["M23", /^245: the action was refused .*wrong_phase: Chronicler is a creature/],
    ["M24", /^255: cannot read this line: "changes" is written with the action's own verb: `p1 switch "Ember Aura" to Blue`/],
  ];
  expected.forEach(([name, message], i) =>
    it(name, () => {
      expect(results[i]!.name.startsWith(`${name} `)).toBe(true);
      expect(first(i)).toMatch(message);
    }),
  );
});

const chromatic = (lines: string, setup = "") =>
  `scenario "s" for chromatic\nsetup {\n  turn 4 p1 phase Main\n${setup}  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\n${lines}\n`;

/**
 * Lines that held whatever happened. Under `combat_model = damage` (Chromatic Battlelines, CYBERVAMP) the engine emits no
 * `breach` event: an unblocked attacker's hit is a `damage` event, and `expect no event breach p2` held after Chronicler
 * hit p2 unblocked (on main 162c1ac). The temporary pool holds Facets of a colour only: `expect not p1 temporary Mana 1`
 * read a pool nothing fills.
 */
describe("lines that could never fail are errors", () => {
  const attack = 'p1 ends the phase\np2 passes\np1 attacks p2 with "Chronicler"\np2 passes\np1 passes\np2 passes\nexpect p2 life 29\n';
  const board = '  p1 battlefield: "Chronicler"\n';
  it("a breach line in Chromatic Battlelines is CW7018, with the damage line to write", () => {
    expect(checked("chromatic", chromatic(`${attack}expect no event breach p2`, board))).toEqual(["15:1 CW7018"]);
    expect(failuresOf(chromatic(`${attack}expect no event breach p2`, board))).toEqual([
      "15: In Chromatic Battlelines the engine never emits a `breach` event: combat deals damage (`combat_model = damage`), and an unblocked attacker's hit on a player is a `damage` event, so this line could not tell anything (negated it would hold whatever happened in combat); say it with the `damage` event in its place: `damage p2`.",
    ]);
    expect(failuresOf(chromatic(`${attack}expect event breach "Chronicler"`, board))[0]).toMatch(/`damage p2 by "Chronicler"`\.$/);
    expect(checked("chromatic", chromatic(`${attack}expect order: attack "Chronicler", breach p2`, board))).toEqual(["15:1 CW7018"]);
    // What it says instead holds.
    expect(failuresOf(chromatic(`${attack}expect event damage p2 by "Chronicler"`, board))).toEqual([]);
  });
  it("in CYBERVAMP too; in Three-Slot Duel, whose units fight, a breach is an event", () => {
    const cv = 'scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Battle\n  p1 battlefield: "Blood Broker"\n}\np1 choose "Blood Broker"\np1 pass\np2 pass\np1 pass\np2 pass\nexpect no event breach p2\n';
    expect(checked("cybervamp", cv)).toEqual(["11:1 CW7018"]);
    const duel = 'scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Stone Guard"\n}\np1 attack p2 with "Stone Guard"\nexpect event breach p2\n';
    expect(checked("duel", duel)).toEqual([]);
    expect(failuresOf(duel)).toEqual([]);
  });
  it("a temporary pool of a resource, not a colour, is CW5010", () => {
    const text = chromatic("expect not p1 temporary Mana 1\nexpect p1 temporary Armor 0\nexpect p1 temporary Red 0");
    expect(checked("chromatic", text)).toEqual(["7:25 CW5010", "8:21 CW5010"]);
    expect(failuresOf(text)[0]).toBe(
      '7: Unknown colour "Mana"; Chromatic Battlelines has Red, Blue, Green, Yellow, Purple — a temporary resource here is a Facet of a colour, and no card grants temporary Mana; what Mana a player has is read without "temporary": `expect <player> Mana N`.',
    );
  });
});

/** Messages that sent the writer the wrong way (on main 162c1ac), now saying what to write. */
describe("the probe's misleading messages", () => {
  it("`expect p1 has 3 Armor` names the amount form, not a zone with no name", () => {
    // Was: 'a zone's size is said with "count": `expect p1  count 3`'.
    expect(failuresOf(chromatic("expect p1 has 3 Armor"))).toEqual(['7: cannot read this line: a player\'s life, resource or counter is written after the player, then the number, with no "has": `expect p1 Armor 3`']);
    expect(failuresOf(chromatic("expect p2 has 30 life"))[0]).toMatch(/`expect p2 life 30`$/);
    expect(failuresOf(chromatic("expect p1 has 0 cards in hand"))).toEqual(['7: cannot read this line: a zone\'s size is said of the zone, with "count": `expect p1 hand count 0`']);
    expect(failuresOf(chromatic("expect p1 Armor 0\nexpect p1 hand count 0"))).toEqual([]);
  });
  it("a line waiting on the stack names the passes the engine needs: one, after the player who acted has passed", () => {
    // Was: "it resolves when both players pass in turn (`p2 pass`, then the other player's)" — and `p1 pass` was then refused.
    const text = 'scenario "s" for chromatic\nsetup {\n  new game\n  turn 1 p1\n  p1 deck: "Insight" x45\n  p2 deck: "Insight" x45\n}\nexpect phase Main\n';
    expect(failuresOf(text)[0]).toMatch(/^8: expectation not met while an item waits on the stack \(top first: rule \(p1's Beginning phase ends\)\), p2 holding priority: `p2 pass` resolves it \|/);
    expect(failuresOf(text.replace("expect phase Main", "p2 passes\nexpect phase Main"))).toEqual([]);
  });
  it("a block the rules refuse, written with `refused`, is judged where blocks are decided", () => {
    // Was: 'no blockers are being declared now (…)', even while p2's declaration of blockers waited.
    const lines = (block: string) => `p1 ends the phase\np2 passes\np1 attacks p2 with "Chronicler"\np2 passes\n${block}`;
    const exhausted = '  p1 battlefield: "Chronicler"\n  p2 battlefield: "Seer"\n  "Seer" is exhausted\n';
    // No declaration asked (Seer, p2's only creature, is exhausted).
    expect(failuresOf(chromatic(lines('p2 blocks "Chronicler" with "Seer" refused exhausted\np1 passes\np2 passes\nexpect p2 life 29'), exhausted))).toEqual([]);
    expect(failuresOf(chromatic(lines('p2 blocks "Chronicler" with "Seer" refused cannot_block'), exhausted))).toEqual([
      "14: refused for another reason | expected refused cannot_block | actual refused exhausted: Seer is exhausted, and an exhausted card can't block",
    ]);
    // At a declaration (Gossip Sprite can block): the exhausted Seer is not offered.
    const two = '  p1 battlefield: "Chronicler"\n  p2 battlefield: "Seer", "Gossip Sprite"\n  "Seer" is exhausted\n';
    expect(failuresOf(chromatic(lines('p2 blocks "Chronicler" with "Seer" refused exhausted\np2 blocks nothing\np1 passes\np2 passes\nexpect p2 life 29'), two))).toEqual([]);
    expect(failuresOf(chromatic(lines('p2 blocks "Chronicler" with "Gossip Sprite" refused exhausted'), two))).toEqual([
      '14: the action was accepted: "Gossip Sprite" may block "Chronicler" | expected refused exhausted | actual accepted',
    ]);
    // Flying: only a creature with Flying blocks it.
    const drake = '  p1 battlefield: "Skyreaver Drake", "Chronicler"\n  p2 battlefield: "Gossip Sprite"\n';
    const flying = `p1 ends the phase\np2 passes\np1 attacks p2 with "Skyreaver Drake", "Chronicler"\np2 passes\np2 blocks "Skyreaver Drake" with "Gossip Sprite" refused cannot_block\np2 blocks "Chronicler" with "Gossip Sprite"\np1 passes\np2 passes\nexpect p2 life 27`;
    expect(failuresOf(chromatic(flying, drake))).toEqual([]);
    expect(failuresOf(chromatic(flying.replace("refused cannot_block", "refused exhausted"), drake))[0]).toBe(
      "13: refused for another reason | expected refused exhausted | actual refused cannot_block: Skyreaver Drake can be blocked only by a card with Flying, and Gossip Sprite has none",
    );
    // An attacker that is not attacking.
    const hound = '  p1 battlefield: "Chronicler", "Ember Hound"\n  p2 battlefield: "Seer"\n  "Seer" is exhausted\n';
    expect(failuresOf(chromatic(lines('p2 blocks "Ember Hound" with "Seer" refused exhausted'), hound))).toEqual(['14: "Ember Hound" is not attacking (attacking: "Chronicler")']);
  });
});

/**
 * Session 32's list of lines that did not say what to write (on main 162c1ac): a misspelt token name had no "did you
 * mean" (card names had one); `erasing "A" and "B"` said 'unexpected "and ..."'; `p1 attacks with "X"` and `p1 attack
 * opponent with "X"` said only 'expected a card name or a player'; and the probe's `p1 casts` / `p1 changes`.
 */
describe("lines an outsider writes name the form to write", () => {
  const duel = (lines: string, setup: string) => `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n${setup}}\n${lines}\n`;
  it("a misspelt token name has a did-you-mean, as a card name has", () => {
    const text = 'scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 hand: "Bat Swarm Matriarch"\n}\nexpect p1 battlefield lacks "Bta"\nexpect p1 battlefield lacks "Bats"\n';
    expect(checked("cybervamp", text)).toEqual(["6:29 CW2007 Bat", "7:29 CW2007 Bat"]);
    expect(failuresOf(text)[1]).toBe('7: Unknown card "Bats": no card of game "cybervamp" has this name. (did you mean "Bat"?)');
  });
  it("`erasing \"A\" and \"B\"` names the comma form", () => {
    const text = duel('p1 play "Bone Collector" erasing "Scout" and "Stone Guard"\nexpect p1 field has "Bone Collector"', '  p1 hand: "Bone Collector"\n  p1 graveyard: "Scout", "Stone Guard"\n');
    expect(failuresOf(text)).toEqual(['7: cannot read this line: the cards of one payment are listed with commas: `erasing "Scout", "Stone Guard"`']);
    expect(failuresOf(text.replace(' and "Stone Guard"', ', "Stone Guard"'))).toEqual([]);
    expect(failuresOf(duel('p1 play "Battle Cry" target "Stone Guard" discard "Scout" and "Scout"\nexpect p1 life 10', '  p1 hand: "Battle Cry", "Scout", "Scout"\n  p1 field: "Stone Guard"\n'))[0]).toBe(
      '7: cannot read this line: the cards of one payment are listed with commas: `discard "Scout", "Scout"`',
    );
  });
  it("an attack line without what it attacks, or with 'opponent' for the player, names the line to write", () => {
    const guard = '  p1 field: "Stone Guard"\n';
    expect(failuresOf(duel('p1 attacks with "Stone Guard"\nexpect p2 life 8', guard))).toEqual([
      '6: cannot read this line: an attack line names what is attacked, then the attacker: `p1 attack p2 with "Stone Guard"` (a player, or a card: `p1 attack "<card>" with "Stone Guard"`)',
    ]);
    expect(failuresOf(duel('p1 attack opponent with "Stone Guard"\nexpect p2 life 8', guard))).toEqual(['6: cannot read this line: a player is written p1 or p2: `p1 attack p2 with "Stone Guard"`']);
    expect(failuresOf(duel('p1 attacks the opponent with "Stone Guard"\nexpect p2 life 8', guard))).toEqual(['6: cannot read this line: a player is written p1 or p2: `p1 attack p2 with "Stone Guard"`']);
    expect(failuresOf(duel("p1 attacks p2\nexpect p2 life 8", guard))).toEqual(['6: cannot read this line: an attack line names its attacker after "with": `p1 attack p2 with "<card>"`']);
    expect(failuresOf(duel('p1 attack p2 with "Stone Guard"\nexpect p2 life 8', guard))).toEqual([]);
  });
  it("a verb of the rules texts names the action's own verb", () => {
    const bolt = '  p1 hand: "Quick Bolt"\n';
    expect(failuresOf(duel('p1 casts "Quick Bolt" target p2\nexpect p2 life 8', bolt))).toEqual(['6: cannot read this line: "casts" is written with the action\'s own verb: `p1 play "Quick Bolt" target p2`']);
    expect(failuresOf(duel('p1 uses "Quick Bolt"\nexpect p2 life 8', bolt))[0]).toMatch(/`p1 activate "Quick Bolt"`$/);
  });
});

/** The probe's lines naming a Facet game's things the language says otherwise (on main dbf5e98 they named no form). */
describe("a shatter as an event kind, a colour as a player's amount", () => {
  it("`expect event shatter \"Seer\"` names the action event, which holds", () => {
    const text = chromatic('p1 shatters "Seer"\nexpect event shatter "Seer"', '  p1 hand: "Seer"\n');
    expect(checked("chromatic", text)).toEqual(["9:14 CW5004 action"]);
    expect(failuresOf(text.replace("event shatter", "event action"))).toEqual([]);
  });
  it("`expect p1 Red 2` says Facets are cards in the Facet Zone, or a temporary Facet", () => {
    expect(failuresOf(chromatic("expect p1 Red 2", '  p1 Facet Zone: "Sparkmage", "Ember Hound"\n'))[0]).toBe(
      '8: Unknown resource or player counter "Red"; Chromatic Battlelines has Mana, Armor — Red is a colour, and a player\'s Facets are cards in the Facet Zone (`expect <player> Facet Zone has "<card>"`, `expect "<card>" is ready`); a spell\'s Facet for the turn is `expect <player> temporary Red N`.',
    );
  });
});
