/**
 * Issue 12, session 40 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against: a mistaken line that passed (a lie), or a right line refused with a message that pointed the wrong way.
 */
import { describe, expect, it } from "vitest";
import { failuresOf } from "./helpers.ts";

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
