/**
 * The engine's words a scenario names are published below the runtime (compiler/engine-words.ts)
 * so `check` can resolve them without an engine. These hold the runtime's own types and values to
 * the published lists: a new trace kind, refusal or deck violation the engine can produce is a
 * word scenarios can name (and `tsc` fails here until it is).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { DECK_VIOLATION_CODES, EVENT_PLAYER, REFUSAL_CODES, SEATS, TRACE_KINDS } from "../../compiler/engine-words.ts";
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
      '6: Unknown refusal "not_enough_crystals": the engine refuses with the codes of docs/language.md 3.2, or not_enough_<what> with crystal, gray, blue, yellow, green, red, generic, life, deck, hand, field, graveyard, oblivion, power_counter. (did you mean "not_enough_crystal"?)',
      '8: Unknown deck violation "deck_too_smal"; the engine reports deck_too_small, deck_too_large, too_many_copies, unknown_card, token_in_deck. (did you mean "deck_too_small"?)',
    ]);
    expect(failuresOf(text.replace("not_enough_crystals", "not_enough_crystal").replace("deck_too_smal", "deck_too_small"))).toEqual([]);
  });
});

/** Every emit of a trace event in runtime/: its kind(s) and whether it names a player (`player` among its fields; a chain event does when it is given its trigger). */
function emitSites(): { kind: string; player: boolean; at: string }[] {
  const sites: { kind: string; player: boolean; at: string }[] = [];
  for (const file of readdirSync("runtime", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
    const src = readFileSync(`runtime/${file}`, "utf8");
    for (const m of src.matchAll(/\b(emit|chainEvent)\(/g)) {
      if (/function $/.test(src.slice(Math.max(0, m.index - 9), m.index))) continue;
      // The call's top-level arguments (strings and template literals skipped whole).
      const args: string[] = [];
      let depth = 0, start = m.index + m[0].length, i = start;
      for (; i < src.length; i++) {
        const c = src[i]!;
        if (c === '"' || c === "`" || c === "'") {
          for (i++; src[i] !== c; i++) if (src[i] === "\\") i++; else if (c === "`" && src[i] === "$" && src[i + 1] === "{") for (let d = 0; i < src.length && !(src[i] === "}" && --d === 0); i++) if (src[i] === "{") d++;
        } else if ("([{".includes(c)) depth++;
        else if (")]}".includes(c) && depth-- === 0) break;
        else if (c === "," && depth === 0) (args.push(src.slice(start, i).trim()), (start = i + 1));
      }
      args.push(src.slice(start, i).trim());
      const kinds = [...(args[1] ?? "").matchAll(/"(\w+)"/g)].map((k) => k[1]!);
      const player = m[1] === "chainEvent" ? args.length >= 5 : /(^|[{,(]\s*|\.\.\.)player\b|\bplayer:/.test((args[3] ?? "").replace(/`[^`]*`/g, ""));
      const at = `runtime/${file}:${src.slice(0, m.index).split("\n").length}`;
      if (kinds.length === 0 && m[1] === "emit" && args[1] !== "kind") throw new Error(`an emit whose kind is not written out: ${at}`);
      for (const kind of kinds) sites.push({ kind, player, at });
    }
  }
  return sites;
}

describe("the player each event kind names (EVENT_PLAYER, docs/language.md 3.3)", () => {
  it("is the runtime's: a kind said to name no player is never emitted with one, any other kind is by some emit", () => {
    const sites = emitSites();
    expect(new Set(sites.map((s) => s.kind)).size).toBeGreaterThan(30);
    for (const kind of TRACE_KINDS) {
      const of = sites.filter((s) => s.kind === kind);
      if (EVENT_PLAYER[kind] === null) expect(of.filter((s) => s.player).map((s) => s.at), kind).toEqual([]);
      else if (of.length) expect(of.some((s) => s.player), kind).toBe(true);
    }
    // A spell countered or fizzling names its controller under every response model (it named none but under stack).
    expect(sites.filter((s) => s.kind === "fizzle" && !s.player).map((s) => s.at)).toEqual([]);
  });
});
