/**
 * Issue 11, session 40 (cards): a condition the engine cannot check was a CW6001 warning "(treated as always true)" and
 * the card then ran as if it held — a guess played in scenarios. Now it is CW6014, an error: `check` fails on it and
 * `cardwright test` does not play the card (a scenario naming it fails, saying why). On main the scenario below passed
 * (the spell drew its card though no creature had died) and `check` exited 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, gameFolderAt } from "./helpers.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-cards-s40-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cards = `set T40 "test" for cybervamp

card "Grim Ledger" {
  type: Spell
  faction: Black
  cost: {B}
  text:
    If a creature died during your last turn, draw a card.
}
`;
const scenario = `scenario "Grim Ledger draws a card" for cybervamp
setup {
  turn 4 p1 phase Pre-Battle
  p1 battlefield: "Blackout District"
  p1 hand: "Grim Ledger"
  p1 Main Deck: "Neon Ripper", "Neon Ripper"
}
p1 play "Grim Ledger"
p2 pass
p1 pass
expect p1 hand count 1
`;

describe("a condition the engine cannot check is an error, and its card is not played", () => {
  const dir = gameFolderAt(mkdtempSync(path.join(scratch, "cv-")), { "t40.cards": cards, "t40.scenario": scenario }, { game: "cybervamp" });

  it("`cardwright check` fails with CW6014 at the condition (was a CW6001 warning, exit 0)", async () => {
    const { code, out } = await cli(["check", dir]);
    expect(code).toBe(1);
    expect(out).toMatch(/t40\.cards:8:8: error CW6014: The engine cannot check this condition, so the card is not played: condition not understood by the engine: "a creature died during your last turn"\./);
    expect(out).not.toMatch(/treated as always true/);
  });

  it("`cardwright test` does not play the card: the scenario fails naming the error (it passed, the guess played)", async () => {
    const { code, out } = await cli(["test", dir]);
    expect(code).toBe(1);
    expect(out).toMatch(/t40\.scenario:5: "Grim Ledger" does not pass check \(.*t40\.cards:8: The engine cannot check this condition/);
    expect(out).toMatch(/1 scenario: 0 passed, 1 failed/);
  });
});
