/**
 * The engine's words a scenario names are published below the runtime (compiler/engine-words.ts)
 * so `check` can resolve them without an engine. These hold the runtime's own types and values to
 * the published lists: a new trace kind, refusal or deck violation the engine can produce is a
 * word scenarios can name (and `tsc` fails here until it is).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { DECK_VIOLATION_CODES, REFUSAL_CODES, SEATS, TRACE_KINDS } from "../../compiler/engine-words.ts";
import type { RefusalCode } from "../../runtime/engine/actions.ts";
import type { DeckViolation } from "../../runtime/core/deck.ts";
import type { TraceKind } from "../../runtime/state/trace.ts";
import { PLAYERS } from "../../runtime/index.ts";
import { engineOf, failuresOf } from "./helpers.ts";

describe("the engine's words", () => {
  it("are the runtime's types, both ways", () => {
    expectTypeOf<TraceKind>().toEqualTypeOf<(typeof TRACE_KINDS)[number]>();
    expectTypeOf<Exclude<RefusalCode, `not_enough_${string}`>>().toEqualTypeOf<(typeof REFUSAL_CODES)[number]>();
    expectTypeOf<Exclude<DeckViolation["code"], `${string}_deck_too_small` | `${string}_deck_too_large`> | "deck_too_small" | "deck_too_large">().toEqualTypeOf<(typeof DECK_VIOLATION_CODES)[number]>();
    expect([...PLAYERS]).toEqual([...SEATS]);
  });

  it("every trace kind the engine emits on the bundled scenarios is one of them", () => {
    const seen = new Set<string>();
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const engine = engineOf(game);
      const { events } = engine.newGame({ seed: 3, decks: { p1: [...engine.rules.cards.values()].filter((c) => !c.isToken).map((c) => c.name), p2: [...engine.rules.cards.values()].filter((c) => !c.isToken).map((c) => c.name) } });
      for (const e of events) seen.add(e.kind);
    }
    expect([...seen].filter((k) => !(TRACE_KINDS as readonly string[]).includes(k))).toEqual([]);
  });

  it("a refusal code or deck violation that is not one of them is an error, with did-you-mean", () => {
    const text = `scenario "codes" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Tide Scholar"\n}\np1 play "Tide Scholar" refused not_enough_crystals\ndeck: "Scout"\nexpect deck violations: deck_too_smal\n`;
    expect(failuresOf(text)).toEqual([
      '6: Unknown refusal "not_enough_crystals": the engine refuses with the codes of docs/language.md 3.2, or not_enough_<what> with crystal, gray, blue, yellow, green, red, generic, life, deck, hand, field, graveyard, oblivion. (did you mean "not_enough_crystal"?)',
      '8: Unknown deck violation "deck_too_smal"; the engine reports deck_too_small, deck_too_large, too_many_copies, unknown_card, token_in_deck. (did you mean "deck_too_small"?)',
    ]);
    expect(failuresOf(text.replace("not_enough_crystals", "not_enough_crystal").replace("deck_too_smal", "deck_too_small"))).toEqual([]);
  });
});
