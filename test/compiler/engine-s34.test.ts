/**
 * Issue 11, session 34 (engine): the outsider probe's honest diagnostics made to run.
 * Scenarios: cards/duel/scenarios/engine-s34.*, cards/chromatic/scenarios/engine-s34.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("for the rest of the game", () => {
  it("on one card ('For the rest of the game, target unit you control gets +2 power.', '... can't attack for the rest of the game.') it runs with no end (was CW6005)", () => {
    const lead = probe("duel", "spell", "For the rest of the game, target unit you control gets +2 power.");
    expect(lead.problems).toEqual([]);
    expect(lead.readsAs).toEqual(["Target unit you control gets +2 power."]);
    expect(probe("chromatic", "spell", "Target creature you control gets +2/+2 for the rest of the game.").problems).toEqual([]);
    const restriction = probe("duel", "unit", "PLAY: Target enemy unit can't attack for the rest of the game.");
    expect(restriction.problems).toEqual([]);
    expect(restriction.readsAs).toEqual(["PLAY: Target unit an opponent controls can't attack."]);
  });

  it("on a group it is CW6001 naming the form without it: a unit that enters later would not get it (was CW6005)", () => {
    const group = probeCards("duel", [{ kind: "spell", text: "For the rest of the game, units you control get +1 power." }])[0]!;
    expect(group.problems).toEqual(['CW6001 "For the rest of the game"']);
    expect(probe("chromatic", "spell", "Creatures you control get +1/+1 for the rest of the game.").problems).toEqual(['CW6001 "for the rest of the game"']);
  });

  it("on a static it is not read: a static lasts while its card is in play (CW6005 at the words, as before)", () => {
    expect(probe("duel", "unit", "Other units you control get +1 power for the rest of the game.").problems).toEqual(['CW6005 "the rest of the game"']);
  });
});
