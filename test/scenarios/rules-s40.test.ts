/**
 * Issue 12, session 40 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against: a mistaken line that passed (a lie), or a right line refused with a message that pointed the wrong way.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, failuresOf, gameFolderAt, runText } from "./helpers.ts";

describe("a declared attack is the attack the engine plays: a creature that must attack if able (probe s39 cybervamp-3)", () => {
  const board = (game: "cybervamp" | "chromatic", lines: string) =>
    game === "cybervamp"
      ? `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Berserk Ghoul", "Neon Ripper"
}
${lines}`
      : `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Raging Boar", "Seer"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 passes
${lines}`;

  it("`p1 attacks with nothing` beside Berserk Ghoul is refused must_attack at its line, saying what to write (on main: accepted, the Ghoul attacked)", () => {
    expect(failuresOf(board("cybervamp", `p1 attacks with nothing\nexpect event attack "Berserk Ghoul"\n`))).toEqual([
      '6: the action was refused | expected a legal action | actual must_attack: Berserk Ghoul must attack if able (rule must_attack), so p1 declares it as an attacker whatever else attacks, and cannot declare no attackers — write `p1 attack p2 with "Berserk Ghoul"`',
    ]);
  });

  it("an attack line that leaves the Ghoul out is refused must_attack, naming the whole declaration to write (on main: accepted, the Ghoul attacked too)", () => {
    expect(failuresOf(board("cybervamp", `p1 attack p2 with "Neon Ripper"\nexpect event attack "Neon Ripper"\n`))).toEqual([
      '6: the action was refused | expected a legal action | actual must_attack: Berserk Ghoul must attack if able (rule must_attack), so p1 declares it as an attacker whatever else attacks — write `p1 attack p2 with "Berserk Ghoul", "Neon Ripper"`',
    ]);
  });

  it("an attack line naming the Ghoul is the declaration played (on main: refused illegal_choice, 'Berserk Ghoul is not offered')", () => {
    expect(failuresOf(board("cybervamp", `p1 attack p2 with "Berserk Ghoul"\nexpect event attack "Berserk Ghoul"\nexpect not event attack "Neon Ripper"\nexpect p1 to act\n`))).toEqual([]);
    expect(failuresOf(board("cybervamp", `p1 attack p2 with "Neon Ripper", "Berserk Ghoul"\nexpect event attack "Berserk Ghoul"\nexpect event attack "Neon Ripper"\nexpect p1 to act\n`))).toEqual([]);
  });

  it("the expected refusal holds, and any other is told apart (on main: 'the action was accepted')", () => {
    expect(failuresOf(board("cybervamp", `p1 attacks with nothing refused must_attack\np1 attack p2 with "Berserk Ghoul"\nexpect p1 to act\n`))).toEqual([]);
    expect(failuresOf(board("cybervamp", `p1 attacks with nothing refused exhausted\n`))).toEqual([
      expect.stringMatching(/^6: refused for another reason \| expected refused exhausted \| actual must_attack: Berserk Ghoul must attack if able/),
    ]);
  });

  it("alone, the Ghoul is declared without asking: `p1 attacks with nothing` is refused must_attack, the attack line holds (on main: 'no choice is waiting' / wrong_phase)", () => {
    const alone = (lines: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Berserk Ghoul"
}
${lines}`;
    expect(failuresOf(alone("p1 attacks with nothing\n"))).toEqual([
      '6: the action was refused | expected a legal action | actual must_attack: Berserk Ghoul must attack if able (rule must_attack), and no other creature of p1\'s can attack, so the engine declared it without asking — write `p1 attack p2 with "Berserk Ghoul"` (it holds, saying what happened) or leave this line out',
    ]);
    expect(failuresOf(alone(`p1 attack p2 with "Berserk Ghoul"\np1 passes\np2 passes\np2 blocks nothing\np1 passes\np2 passes\nexpect p2 life 17\n`))).toEqual([]);
  });

  it("Chromatic too: `p1 attacks with nothing` beside Raging Boar ('attacks each combat if able') is refused must_attack (on main: accepted)", () => {
    expect(failuresOf(board("chromatic", `p1 attacks with nothing\nexpect p2 life 30\n`))).toEqual([
      '10: the action was refused | expected a legal action | actual must_attack: Raging Boar must attack if able (rule must_attack), so p1 declares it as an attacker whatever else attacks, and cannot declare no attackers — write `p1 attack p2 with "Raging Boar"`',
    ]);
  });
});

describe("a scenario playing a card the engine does not run as written is warned, and fails a strict run (lead s40)", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s40-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const cards = `set WT "wipe" for duel
card "Wipe Test" {
  type: Spell
  color: Gray
  cost: free
  rarity: Gray
  text: Destroy each unit with an odd power.
}
card "Clean Wipe" {
  type: Spell
  color: Gray
  cost: free
  rarity: Gray
  text: Destroy each unit with power 1 or less.
}
`;
  const scenario = (card: string) => `scenario "wipe" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "${card}"
  p2 field: "Scout", "Thorn Wall"
}
p1 play "${card}"
expect p2 graveyard has "Scout"
`;
  const folder = (name: string, card: string) => gameFolderAt(mkdtempSync(path.join(scratch, `${name}-`)), { "w.cards": cards, "w.scenario": scenario(card) });

  it("a CW6005 card ('with an odd power' runs as 'Destroy each Unit.'): warned at the first line naming it (on main: passed, no word)", async () => {
    const dir = folder("lenient", "Wipe Test");
    const { code, out } = await cli(["test", dir]);
    expect(code).toBe(0);
    expect(out).toMatch(/⚠ .*w\.scenario:1: wipe\n    warning .*w\.scenario:4: "Wipe Test" runs as the engine reads it, not as written: .*w\.cards:7:32 CW6005 The engine does not use "an odd power" .*it would run as "Destroy each Unit\."/);
    expect(out).toMatch(/1 scenario: 1 passed \(1 with a warning; --strict fails them\), 0 failed\n$/);
    const strict = await cli(["test", "--strict", dir]);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/w\.scenario:4: warning \(fails the run: --strict\): "Wipe Test" runs as the engine reads it/);
  });

  it("a card the engine runs as written, beside it in the same file: no warning, a strict run passes", async () => {
    const { code, out } = await cli(["test", "--strict", folder("clean", "Clean Wipe")]);
    expect(out).toMatch(/1 scenario: 1 passed, 0 failed\n$/);
    expect(code).toBe(0);
  });
});

describe("`covers:` in a game folder with no rules text: not checked, said so (probe s39 duel-9)", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s40-covers-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const scenario = `scenario "covers a clause that does not exist" for duel
covers: 99z
setup {
  turn 3 p1 phase Play
  p1 field: "Scout"
}
p1 attack p2 with "Scout"
expect p2 life 9
`;

  it("check warns CW5028 at the id; test warns, and a strict run fails it (on main: check clean, test passed)", async () => {
    const dir = gameFolderAt(mkdtempSync(path.join(scratch, "no-rules-")), { "s.scenario": scenario });
    const check = await cli(["check", dir]);
    expect(check.out).toMatch(/s\.scenario:2:9: warning CW5028: covers "99z" is not checked: there is no rules text beside duel\.game/);
    const test = await cli(["test", dir]);
    expect(test.code).toBe(0);
    expect(test.out).toMatch(/warning .*s\.scenario:2: CW5028: covers "99z" is not checked/);
    const strict = await cli(["test", "--strict", dir]);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/1 failed \(1 by a warning: --strict\)/);
  });

  it("beside the rules text the id is checked as before (CW5021, an error), and no CW5028", async () => {
    const dir = gameFolderAt(mkdtempSync(path.join(scratch, "rules-")), { "s.scenario": scenario, "rules.txt": readFileSync("cards/duel/rules.txt", "utf8") });
    const check = await cli(["check", dir]);
    expect(check.out).toMatch(/error CW5021: covers "99z"/);
    expect(check.out).not.toMatch(/CW5028/);
  });
});

describe("a line mid-scenario that holds only because what the lines before set going has not resolved: a warning", () => {
  const scenario = (stretch: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 hand: "Arterial Spray"
  p1 battlefield: "Crimson Substation", "Gold Exchange"
  p2 hand: "Blood Rite"
  p2 battlefield: "Neon Abattoir"
}
p1 play "Arterial Spray" target p2
p2 play "Blood Rite" mode 1 target p1
p1 pass
p2 pass
${stretch}
p1 pass
p2 pass
expect p1 Discard Pile has "Arterial Spray"
`;
  const warningsOf = (text: string) => {
    const { results } = runText(text);
    expect(results[0]!.failures).toEqual([]);
    return (results[0]!.warnings ?? []).map((w) => `${w.line}: ${w.message}`);
  };

  it("`expect p2 life 20` read while Arterial Spray waits on the stack, later lines acting: warned, naming the passes and the stack line (on main: passed in silence)", () => {
    expect(warningsOf(scenario("expect p1 life 19\nexpect p2 life 20\n"))).toEqual([
      '14: this line holds only because "Arterial Spray" has not resolved yet: once it resolves (`p1 pass`, `p2 pass`) it no longer holds (p2 life 20: p2 life 17) — if it is meant for after, write those passes before this line; if it is meant for now, say that it waits with `expect stack: "Arterial Spray"` in this stretch of expect lines',
    ]);
  });

  it("a stretch that says what waits stands; so does a line that holds either way, and one about where the game is", () => {
    expect(warningsOf(scenario('expect stack: "Arterial Spray"\nexpect p2 life 20\n'))).toEqual([]);
    expect(warningsOf(scenario('expect p1 life 19\nexpect p2 Discard Pile has "Blood Rite"\nexpect phase Pre-Battle\n'))).toEqual([]);
  });
});

describe("a failed stat line names only the abilities that change that stat (probe s40 chromatic-3)", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s40-stat-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const cards = `set R43 "repro" for chromatic
card "Bloodtithe Warden" {
  type: Creature
  color: Purple
  cost: 3
  tribe: Undead
  attack: 2
  defense: 3
  rarity: Common
  text:
    [Base] When this enters play, gain 1 life.
    [Red] This gets +1 attack.
    [Blue] When this enters play, draw a card.
    [Green] When this enters play, gain 2 life.
    [Yellow] Creatures your opponents control can't attack you unless their controller pays 1 Mana for each of them.
}
`;
  const scenario = `scenario "set up in play" for chromatic
setup {
  turn 3 p1 phase Main
  p1 battlefield: "Bloodtithe Warden"
}
expect "Bloodtithe Warden" attack 3
`;

  it("the [Red] '+1 attack' is named, the [Yellow] 'can't attack you' is not (on main: both, the word 'attack' matched)", async () => {
    const dir = gameFolderAt(mkdtempSync(path.join(scratch, "w-")), { "w.cards": cards, "w.scenario": scenario }, { game: "chromatic" });
    const { out } = await cli(["test", dir]);
    expect(out).toMatch(/actual: {3}"Bloodtithe Warden" attack 2 \(its ability "\[Red\] This gets \+1 attack\." is not on: such an ability is bought as the card enters play/);
    expect(out).not.toMatch(/\[Yellow\] Creatures your opponents/);
  });
});

describe("a Shatter Zone set up (probe s40 chromatic-1)", () => {
  it("`p1 Shatter Zone: \"Seer\"` in a setup is a zone line, not `p1 shatter …` (on main: 'the setup is not closed' and a parse error at \"Zone\")", () => {
    const text = `scenario "s" for chromatic
setup {
  turn 3 p1 phase Main
  p1 Shatter Zone: "Seer"
  p1 hand: "Insight"
}
expect p1 Shatter Zone: "Seer"
p1 shatters "Insight"
expect p1 Shatter Zone has "Insight"
`;
    const { results, diagnostics } = runText(text);
    expect(diagnostics).toEqual([]);
    expect(results[0]!.failures).toEqual([]);
  });
});

describe("a \"you may\" question waiting is said as one (probe s40: 'p1 must you may exhaust a Facet you control')", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s40-may-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const cards = "set R43 \"repro\" for chromatic\n\ncard \"Bloodtithe Warden\" {\n  type: Creature\n  color: Purple\n  cost: 3\n  tribe: Undead\n  attack: 2\n  defense: 3\n  rarity: Common\n  text:\n    [Base] Whenever a creature you control is destroyed, you may exhaust a Facet you control. If you do, return that creature to your hand.\n    [Red] Whenever this attacks, you may sacrifice another creature. If you do, it gets +2/+0 until end of turn.\n    [Blue] When this enters play, each opponent reveals the top card of their deck. If it's a creature card, they put it into their Graveyard.\n    [Green] Whenever an opponent Sparks, you gain 1 life.\n    [Yellow] Creatures your opponents control can't attack you unless their controller pays 1 Mana for each of them.\n}\n";
  const scenario = "scenario \"Bloodtithe Warden base: returns the destroyed creature\" for chromatic\nsetup {\n  turn 3 p2 phase Main\n  p1 battlefield: \"Bloodtithe Warden\", \"Seer\"\n  p1 Facet Zone: \"Insight\"\n  p2 Mana 1\n  p2 hand: \"Arc Bolt\"\n}\np2 play \"Arc Bolt\"\np2 chooses mode \"Red\"\np2 chooses target \"Seer\"\np1 pass\nexpect p1 life 99\n";

  it("the failed line says 'p1 may exhaust a Facet you control' (on main: 'p1 must you may exhaust …')", async () => {
    const dir = gameFolderAt(mkdtempSync(path.join(scratch, "w-")), { "w.cards": cards, "w.scenario": scenario }, { game: "chromatic" });
    const { out } = await cli(["test", dir]);
    expect(out).toMatch(/expectation not met while a choice waits: p1 may exhaust a Facet you control \(answer it on a line before this one, with `p1 chooses yes` or `p1 chooses no`\)/);
    expect(out).not.toMatch(/must you may/);
  });
});
