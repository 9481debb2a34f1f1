/**
 * Issue 11, session 35 (cards: CYBERVAMP card language). Scenarios: cards/cybervamp/scenarios/cards-s35.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (kind: string, text: string, game = "cybervamp") => probeCards(game, [{ kind, text }])[0]!;

describe("'If it dies' after a stat change", () => {
  it("'Target creature gets -2/-2 until end of turn. If it dies, draw a card.' reads what the -2/-2 killed (was CW6001, run as always true)", () => {
    const p = probe("spell", "Target creature gets -2/-2 until end of turn. If it dies, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Target creature gets -2/-2 until end of turn, then if it died this way, draw a card."]);
    expect(JSON.stringify(p.abilities)).toContain('"lethalNow":true');
    expect(probe("spell", "Target creature gets -1/-1 until end of turn. If that creature dies, you gain 2 life.").problems).toEqual([]);
    expect(probe("spell", "Target creature's defense becomes 0 until end of turn. If it dies, you gain 3 life.").problems).toEqual([]);
    expect(probe("spell", "Creatures your opponents control get -1/-1 until end of turn. Gain 1 life for each creature that died this way.").problems).toEqual([]);
  });

  it("a change that cannot kill ('+2/+0') is no step 'dies' reads: CW6001 as before", () => {
    expect(probe("spell", "Target creature gets +2/+0 until end of turn. If it dies, draw a card.").problems).toEqual(['CW6001 "it dies"']);
  });
});
