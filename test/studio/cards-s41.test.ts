/**
 * Issue 11, session 41 (cards): the studio's Scenarios view played cards that carry CW6014 (a condition the engine cannot
 * check), which `cardwright test` leaves out — the view showed a green run of a guessed condition. Both now decide what a
 * scenario may play with one function (compiler/scenario-playable.ts): the view fails the scenario at the line naming
 * the card, saying why, and warns at the line naming a card the engine runs otherwise than written, as `test` does.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScenarios } from "../../studio/src/table/scenarios.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { misreadWarnings, scenarioNotRun, scenarioPlayability } from "../../compiler/scenario-playable.ts";

const root = path.join(import.meta.dirname, "..", "..");
const game = { path: "cybervamp/cybervamp.game", text: readFileSync(path.join(root, "cards/cybervamp/cybervamp.game"), "utf8") };
const core = { path: "cybervamp/core.cards", text: readFileSync(path.join(root, "cards/cybervamp/core.cards"), "utf8") };

const cards = {
  path: "cybervamp/t41.cards",
  text: `set T41 "test" for cybervamp

card "Grim Ledger" {
  type: Spell
  faction: Black
  cost: {B}
  text:
    If a creature died during your last turn, draw a card.
}

card "Low Ledger" {
  type: Spell
  faction: Black
  cost: {B}
  text:
    If your life is beneath 5, draw a card.
}

card "Odd Purge" {
  type: Spell
  faction: Black
  cost: {B}
  text:
    Destroy each creature with an odd power.
}
`,
};

const setup = (hand: string) => `setup {
  turn 4 p1 phase Pre-Battle
  p1 battlefield: "Blackout District"
  p1 hand: "${hand}"
  p1 Main Deck: "Neon Ripper", "Neon Ripper"
}`;
const scenarios = {
  path: "cybervamp/t41.scenario",
  text: `scenario "Grim Ledger draws a card" for cybervamp
${setup("Grim Ledger")}
p1 play "Grim Ledger"
p2 pass
p1 pass
expect p1 hand count 1

scenario "Low Ledger draws a card" for cybervamp
${setup("Low Ledger")}
p1 play "Low Ledger"
p2 pass
p1 pass
expect p1 hand count 0

scenario "Odd Purge" for cybervamp
${setup("Odd Purge")}
p1 play "Odd Purge"
p2 pass
p1 pass
expect p1 hand count 0
`,
};

describe("the Scenarios view plays what `cardwright test` plays", () => {
  it("a card with CW6014 is not played: the run fails at the scenario line that names it, saying why (it passed on a guess)", async () => {
    const runs = await runScenarios([game, core, cards, scenarios], scenarios.path);
    const grim = runs.find((r) => r.name === "Grim Ledger draws a card")!;
    expect(grim.passed).toBe(false);
    expect(grim.events).toEqual([]);
    // Line 5 names the card (its hand); the message names the card's error, at its line.
    expect(grim.failures).toEqual([{ file: scenarios.path, line: 5, message: expect.stringMatching(/^"Grim Ledger" does not pass check \(cybervamp\/t41\.cards:8: The engine cannot check this condition/) }]);
    expect(grim.failures[0]!.message).toContain("so it is not played");
    // An unread word of a condition (CW6014 since session 41) alike.
    const low = runs.find((r) => r.name === "Low Ledger draws a card")!;
    expect(low.passed).toBe(false);
    expect(low.failures[0]!.message).toMatch(/^"Low Ledger" does not pass check \(cybervamp\/t41\.cards:16: The engine cannot check this condition, so the card is not played: "beneath" is not read/);
  });

  it("a card the engine runs otherwise than written is played and warned at the line naming it", async () => {
    const runs = await runScenarios([game, core, cards, scenarios], scenarios.path);
    const purge = runs.find((r) => r.name === "Odd Purge")!;
    expect(purge.failures).toEqual([]);
    expect(purge.warnings).toEqual([{ file: scenarios.path, line: expect.any(Number), message: expect.stringContaining('"Odd Purge" runs as the engine reads it, not as written') }]);
  });

  it("one decision: the view's failures and warnings are the function `cardwright test` reports", async () => {
    const sources = [game, core, cards];
    const analysis = analyzeWorkspace(sources);
    const playability = scenarioPlayability(analysis, lowerAnalysis(analysis, sources));
    const parsed = parseScenarioFile(scenarios.text, scenarios.path).scenarios;
    const runs = await runScenarios([game, core, cards, scenarios], scenarios.path);
    for (const scenario of parsed) {
      const run = runs.find((r) => r.name === scenario.name)!;
      const notRun = scenarioNotRun(scenario, playability);
      if (notRun.length) expect(run.failures).toEqual(notRun);
      else expect(run.warnings ?? []).toEqual(expect.arrayContaining(misreadWarnings(scenario, playability)));
    }
  });
});
