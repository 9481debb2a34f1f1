/**
 * Issue 12, session 26: a keyword ability the game file defines as a trigger ("Bleed X", "Lifelink") is noted as a
 * card's printed trigger is (core/triggers.ts noteTriggersOf). On main 4c6d78f (runtime/mechanics/bleed.ts):
 * - it was noted without the player who had priority and caused the event (`by`), so a chain it alone started was owned
 *   by the active player: p2's spell in p1's turn making p2's Lifelink creature deal damage started a chain of p1's,
 *   where Chromatic 17.1 says "Priority player — The player who had priority and caused the event (...). They own every
 *   chain from that event";
 * - its intervening "if" was not checked when it was noted: the trigger was noted (and put on the stack) whatever the
 *   condition said. The rules texts are silent on intervening "if"s; the engine checks a card's own when it is noted
 *   (and again as it resolves), and a keyword reads as its text on the card, so the same holds for it.
 * Both scenarios below fail on main.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gameFolderAt } from "./helpers.ts";
import { runTests } from "../../cli/commands/test.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-keyword-triggers-s26-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("keyword triggers are noted as a card's own triggers are", () => {
  it("Chromatic: the priority player who caused the event owns the chain a keyword trigger alone starts (17.1)", async () => {
    const cards = `set S26K "keyword triggers" for chromatic

card "Leech Lash" {
  type: Spell
  color: Red
  cost: 1
  rarity: Common
  text:
    [Red] Target creature you control deals 2 damage to target creature.
    [Blue] Draw a card.
    [Green] Gain 2 life.
}
`;
    const scenario = `scenario "p2's spell in p1's turn makes p2's Lifelink creature deal damage: p2 owns the chain" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Seer"
  p2 battlefield: "Bloodleech Bat"
  p2 hand: "Leech Lash"
  p2 Mana 1
  p2 life 20
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
p1 ends the phase
p2 plays "Leech Lash"
p2 chooses mode "Red"
p2 targets "Seer"
p1 passes
expect event damage "Seer" by "Bloodleech Bat"
expect event chain_start p2
expect no event chain_start p1
expect order: chain_start p2, fire "Bloodleech Bat", life p2, chain_end
expect p2 life 22
`;
    const game = gameFolderAt(path.join(scratch, "chromatic"), { "scenarios/lash.cards": cards, "scenarios/lash.scenario": scenario }, { game: "chromatic" });
    const report = await runTests([game], { cwd: scratch });
    expect(report.lines).toEqual([]);
    expect(report.passed).toBe(1);
  });

  it("CYBERVAMP: a keyword trigger's intervening 'if' is checked when it would be noted", async () => {
    const gameText = readFileSync("cards/cybervamp/cybervamp.game", "utf8").replace(
      `keyword ability Bleed X = "Whenever this deals combat damage to a player, that player gains X Bleed counters."`,
      `keyword ability Bleed X = "Whenever this deals combat damage to a player, if that player has no Bleed counters, that player gains X Bleed counters."`,
    );
    expect(gameText).toContain("if that player has no Bleed counters");
    const attack = (board: string, expectations: string) => `setup {
  turn 3 p1 phase Battle
  p1 battlefield: "Hemorrhage Stalker"
${board}
}
p1 attack p2 with "Hemorrhage Stalker"
p1 pass
p2 pass
p1 pass
p2 pass
${expectations}
`;
    const scenario = `scenario "Bleed 'if that player has no Bleed counters': p2 has one, so it does not trigger" for cybervamp
${attack("  p2 Bleed 1", 'expect p2 life 18\nexpect no event trigger "Hemorrhage Stalker"\nexpect p2 Bleed 1')}
scenario "Bleed 'if that player has no Bleed counters': p2 has none, so it triggers" for cybervamp
${attack("  p2 life 20", 'expect event trigger "Hemorrhage Stalker" once\np2 pass\np1 pass\nexpect p2 Bleed 2')}`;
    const game = gameFolderAt(path.join(scratch, "cybervamp"), { "cybervamp.game": gameText, "scenarios/if.scenario": scenario }, { game: "cybervamp" });
    const report = await runTests([game], { cwd: scratch });
    expect(report.lines).toEqual([]);
    expect(report.passed).toBe(2);
  });
});
