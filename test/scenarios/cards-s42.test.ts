/**
 * Issue 11, session 42 (cards). Wordings a designer writes from the rules texts that checked clean (or with a misleading
 * message) and ran otherwise. The bundled scenarios cards/<game>/scenarios/cards-s42.scenario play the forms in the games'
 * own files; this file holds what needs a changed game file or the CLI's messages.
 */
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, gameFolderAt } from "./helpers.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-cards-s42-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const summonCards = readFileSync("cards/duel/scenarios/cards-s42.cards", "utf8");

describe("'Whenever you summon a unit' is each unit summoned, whether or not the game fires PLAY on a summon", () => {
  // Three-Slot Duel's silent choice `play_fires_on_summon` (a summoned unit fires PLAY too) switched off: the summon is
  // still a summon — "Whenever you summon a unit" fires; "PLAY: Gain 1 life." on the summoned unit does not.
  const game = readFileSync("cards/duel/duel.game", "utf8").replace(/^param play_fires_on_summon = true\b/m, "param play_fires_on_summon = false");
  const scenario = `scenario "Summoner's Muse: two summoned, two life; Field Medic summoned fires no PLAY" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Summoner's Muse"
  p1 hand: "Double Raising"
  p1 graveyard: "Scout", "Field Medic"
}
p1 play "Double Raising"
expect p1 field: "Summoner's Muse", "Scout", "Field Medic"
expect p1 life 12
expect no event trigger "Field Medic"
`;
  it("passes with play_fires_on_summon = false", async () => {
    expect(game).toMatch(/param play_fires_on_summon = false/);
    const dir = gameFolderAt(mkdtempSync(path.join(scratch, "duel-")), { "duel.game": game, "s42.cards": summonCards, "s42.scenario": scenario });
    const { code, out } = await cli(["test", "--strict", dir]);
    expect(out).toMatch(/1 scenario: 1 passed, 0 failed/);
    expect(code).toBe(0);
  });
});
