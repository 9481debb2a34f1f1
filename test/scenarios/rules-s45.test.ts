/**
 * Rules session 45 (issues 11/12).
 * - A `trigger`, `delay` or `fizzle` line naming a card that can never make that event in its scenario is CW7029
 *   (rules-s44 "Left": `expect no event trigger "Quick Bolt"`, `expect no event delay "Quick Bolt"`, `expect no event
 *   fizzle "Scout"` passed and could never fail). The card's abilities are read as the engine runs them: its own, its
 *   keywords' definitions and the keywords a card of the setup may give it.
 * - CW7028 (push / pop) reads a keyword ability by its definition: a `rule` keyword (Multi-block 2) never pushes.
 * - Two scenarios of one title (CW5024) fail a strict `cardwright test` run (probe s45 S1: it said the warning, exit 0).
 * The per-time-in-play decision is proven by the bundled scenarios rules-s45 of each game (cards/<game>/scenarios).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTests } from "../../cli/commands/test.ts";
import { checked, failuresOf, gameFolderAt } from "./helpers.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s45-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const duel = (lines: string, hand = '"Quick Bolt", "Scout", "Field Medic"') => `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: ${hand}
  p2 field: "Stone Guard"
  p1 deck: "Field Medic" x3
  p2 deck: "Stone Guard" x3
}
p1 play "Quick Bolt" target "Stone Guard"
p1 play "Scout"
p1 play "Field Medic"
${lines}`;

describe("a trigger / delay / fizzle line naming a card that never makes that event is CW7029 (rules-s44 Left)", () => {
  it("Three-Slot Duel: a spell never triggers nor delays, a vanilla unit played never fizzles (each passed on main)", () => {
    expect(failuresOf(duel('expect no event trigger "Quick Bolt"\n'))).toEqual([
      expect.stringMatching(/^12: In Three-Slot Duel no `trigger` event can name "Quick Bolt" in this scenario: it has no triggered ability .* and no delayed one\. This line could never hold.*`expect event resolve "Quick Bolt"` says what the card did/),
    ]);
    expect(failuresOf(duel('expect no event delay "Quick Bolt"\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel no `delay` event can name "Quick Bolt" in this scenario: none of its abilities waits for a later moment/)]);
    expect(failuresOf(duel('expect no event fizzle "Scout"\n'))).toEqual([
      expect.stringMatching(/^12: In Three-Slot Duel no `fizzle` event can name "Scout" in this scenario: a Unit fizzles only when what it targets is gone or it is countered, and none of its abilities targets\. .*`expect event enter "Scout"`/),
    ]);
    // The positive forms and an order line are the same error: they could never hold.
    expect(failuresOf(duel('expect event trigger "Scout"\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel no `trigger` event can name "Scout"/)]);
    expect(failuresOf(duel('expect order: fizzle "Scout", life\n'))).toEqual([expect.stringMatching(/^12: In Three-Slot Duel no `fizzle` event can name "Scout"/)]);
    // What the message offers holds.
    expect(failuresOf(duel('expect event resolve "Quick Bolt"\nexpect event enter "Scout"\n'))).toEqual([]);
  });

  it("Three-Slot Duel: a Spell never enters play (probe: `expect no event enter \"Quick Bolt\"` passed), unless a card of the setup puts cards into play", () => {
    expect(failuresOf(duel('expect no event enter "Quick Bolt"\n'))).toEqual([
      expect.stringMatching(/^12: In Three-Slot Duel no `enter` event can name "Quick Bolt" in this scenario: a Spell is played and resolves but never stays in play, and no card of this scenario puts a card onto the Field\. .*`expect event resolve "Quick Bolt"`/),
    ]);
    // A unit enters: its line is read as written.
    expect(failuresOf(duel('expect event enter "Scout" once\n'))).toEqual([]);
    // Raise the Fallen (Summon: a keyword action that puts a card into play) in the setup: readable.
    const text = (hand: string) => `scenario "s" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: ${hand}\n}\nexpect no event enter "Quick Bolt"\n`;
    expect(checked("duel", text('"Quick Bolt"'))).toEqual(["6:1 CW7029 resolve"]);
    expect(checked("duel", text('"Quick Bolt", "Raise the Fallen"'))).toEqual([]);
  });

  it("Three-Slot Duel: a card that can make the event keeps its line, which then can fail both ways", () => {
    // Field Medic has a PLAY trigger: noted as it is played.
    expect(failuresOf(duel('expect event trigger "Field Medic" once\n'))).toEqual([]);
    expect(failuresOf(duel('expect no event trigger "Field Medic"\n'))).toEqual([expect.stringMatching(/^12: expectation not met \| expected not event trigger "Field Medic"/)]);
    // Quick Bolt targets: it may fizzle (it did not here).
    expect(failuresOf(duel('expect no event fizzle "Quick Bolt"\n'))).toEqual([]);
    expect(failuresOf(duel('expect event fizzle "Quick Bolt"\n'))).toEqual([expect.stringMatching(/^12: expectation not met/)]);
  });

  it("check says it at the line, with did-you-mean to the event that says what the card did", () => {
    const text = `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Quick Bolt", "Scout"
}
expect no event trigger "Quick Bolt"
expect no event fizzle "Scout"
expect no event delay "Scout"
`;
    expect(checked("duel", text)).toEqual(["6:1 CW7029 resolve", "7:1 CW7029 enter", "8:1 CW7029 enter"]);
  });

  it("CYBERVAMP: a keyword a card of the setup gives (Blood Pump: 'Vampires you control have Bleed 1', Bleed a triggered keyword) makes a trigger possible", () => {
    const text = (battlefield: string) => `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: ${battlefield}
}
expect no event trigger "Chrome Sentinel"
`;
    // Chrome Sentinel: Multi-block 2, a rule keyword — it never triggers.
    expect(checked("cybervamp", text('"Chrome Sentinel"'))).toEqual(["6:1 CW7029 enter"]);
    // With Blood Pump in the setup any creature may have Bleed (a keyword a card gives is not read by type here): readable.
    expect(checked("cybervamp", text('"Chrome Sentinel", "Blood Pump"'))).toEqual([]);
  });

  it("Chromatic: a spell whose Facet abilities are chosen as it is cast may fizzle (none to select) — readable; it never triggers", () => {
    const text = `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 hand: "Insight", "Seer"
}
expect no event fizzle "Insight"
expect no event trigger "Insight"
`;
    expect(checked("chromatic", text)).toEqual(["7:1 CW7029 resolve"]);
  });
});

describe("a Spell's `enter` line reads the keyword actions of the scenario's cards by their definitions", () => {
  it("Chromatic: Arc Bolt's Spark (damage) puts nothing into play — CW7029; CYBERVAMP: Night Resurrection's Reanimate (put_onto_field_free) may — readable", () => {
    const chromatic = `scenario "s" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 hand: "Arc Bolt"\n}\nexpect no event enter "Arc Bolt"\n`;
    expect(checked("chromatic", chromatic)).toEqual(["6:1 CW7029 resolve"]);
    const cybervamp = `scenario "s" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 hand: "Night Resurrection"\n}\nexpect no event enter "Night Resurrection"\n`;
    expect(checked("cybervamp", cybervamp)).toEqual([]);
  });
});

describe("a card with a delayed step ('Destroy it at the end of the turn.') delays, and its delayed trigger triggers and is pushed", () => {
  it("Three-Slot Duel, Borrowed Blade: delay, trigger and push lines are readable and hold (CW7028 and CW7029 looked for an IR op `delay` that does not exist: the step is `delayed`)", () => {
    const text = `scenario "s" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Borrowed Blade"
  p2 field: "Stone Guard"
  p1 deck: "Scout" x3
  p2 deck: "Scout" x3
}
p1 play "Borrowed Blade" target "Stone Guard"
expect event delay "Borrowed Blade" once
p1 end turn
expect event trigger "Borrowed Blade" once
expect event push "Borrowed Blade" once
expect p2 graveyard: "Stone Guard"
`;
    expect(failuresOf(text)).toEqual([]);
  });
});

describe("CW7028 reads a keyword ability by its definition (rules-s44 Left: Multi-block 2 was 'may push')", () => {
  it("CYBERVAMP: Chrome Sentinel (Multi-block 2, a rule keyword) enters as it is played — CW7028; a Bleed creature's keyword triggers — readable", () => {
    const text = `scenario "s" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Chrome Sentinel", "Nightclub Thrall"
}
expect no event push "Chrome Sentinel"
expect no event push "Nightclub Thrall"
`;
    expect(checked("cybervamp", text)).toEqual(["6:1 CW7028 enter"]);
  });
});

describe("two scenarios of one title (CW5024) fail a strict run, as a scenario's warnings do (probe s45 S1: exit code 0)", () => {
  const hits = (title: string) => `scenario "${title}" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n}\np1 attack p2 with "Scout"\nexpect p2 life 9\n`;
  const game = gameFolderAt(path.join(scratch, "titles", "my-duel"), { "scenarios/a.scenario": `${hits("Scout hits")}\n${hits("scout  HITS")}` });
  const said = 'titles/my-duel/scenarios/a.scenario:9: warning (fails the run: --strict): CW5024: A second scenario titled "scout  HITS" in this file (the first is at titles/my-duel/scenarios/a.scenario:1)';

  it("strict: a file error at the second title, exit code 1; not strict: a warning, both scenarios pass", async () => {
    const strict = await runTests([game], { cwd: scratch, strict: true });
    expect(strict).toMatchObject({ scenarios: 2, passed: 2, failed: 0, fileErrors: 1 });
    expect(strict.lines).toEqual([expect.stringContaining(`✗ ${said}`)]);
    const loose = await runTests([game], { cwd: scratch });
    expect(loose).toMatchObject({ scenarios: 2, passed: 2, failed: 0, fileErrors: 0 });
    expect(loose.lines).toEqual([expect.stringMatching(/^warning titles\/my-duel\/scenarios\/a\.scenario:9: CW5024: /)]);
  });
});
