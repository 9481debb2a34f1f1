/**
 * Dead code removed in mutation s42 (proposed in s41 from docs/mutation-unreached.md): three IR fields no lowering ever
 * set, whose runtime branches no scenario could reach —
 * - an ability's `optional` ("you may" on the whole ability: the engine wrapped its steps in a `may` step; the compiler
 *   writes the `may` step itself, and every ability said `optional: false`),
 * - `choose_cards`' `random` (the engine picked the cards at random; "Choose a unit at random." is CW6005 instead),
 * - `choose_one`'s `chooser` (another player chose the mode; "Target opponent chooses one — ..." is CW6001 instead),
 * - `search`'s `shuffle` (the engine shuffled after a search unless it was false, and the lowering always wrote false:
 *   "..., then shuffle." is a `shuffle` step of its own).
 * Nothing a card does changes: test/runtime/trace-hashes.test.ts holds every recorded scenario and random game to its
 * trace. These tests hold the compiler to the forms the engine still runs, and every bundled game's compiled cards to
 * carrying none of the three fields.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";

const root = path.join(import.meta.dirname, "..", "..");
const duelGame = { path: "duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };
const card = (name: string, kind: string, text: string) =>
  `card "${name}" {\n  type: ${kind}\n  color: Gray\n  cost: free\n${kind.startsWith("Unit") ? "  power: 1\n" : ""}  rarity: Gray\n  text:\n    ${text}\n}\n`;
const lowerDuel = (cards: string) => lowerWorkspace([duelGame, { path: "duel/t.cards", text: `set T "t" for duel\n${cards}` }]);

/** Every object in a compiled value, depth first. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objects(v);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objects(v);
  }
}

describe("mutation s42: the IR fields no lowering set (or set only one way) are gone", () => {
  it("a triggered 'you may' is a `may` step the ability runs, with no flag on the ability", () => {
    const result = lowerDuel(card("Probe May", "Unit — Soldier", "Whenever this unit attacks, you may draw a card."));
    const ability = result.bundles.find((b) => b.game.id === "duel")!.cards.find((c) => c.name === "Probe May")!.abilities[0]!;
    expect(ability.kind).toBe("triggered");
    expect(ability.steps.map((s) => s.op)).toEqual(["may"]);
    expect("optional" in ability).toBe(false);
  });

  it("a mode another player chooses and cards chosen at random are diagnostics, not IR the engine would have to run", () => {
    const result = lowerDuel(
      card("Probe Choice", "Spell", "Target opponent chooses one — You gain 3 life; or you draw a card.") +
        card("Probe Random", "Spell", "Choose a unit at random. Destroy it."),
    );
    const notes = result.notes.map((n) => [n.code ?? "CW6001", n.message]);
    expect(notes).toContainEqual(["CW6001", 'the engine cannot execute "Target opponent chooses one" yet']);
    expect(notes).toContainEqual(["CW6005", '"random" is not used by the engine']);
  });

  it("a search shuffles only where the text says so, by a shuffle step of its own", () => {
    const result = lowerDuel(
      card("Probe Seek", "Spell", "Search your deck for a unit card, put it into your hand, then shuffle.") +
        card("Probe Find", "Spell", "Search your deck for a unit card and put it into your hand."),
    );
    const steps = (name: string) => result.bundles.find((b) => b.game.id === "duel")!.cards.find((c) => c.name === name)!.abilities[0]!.steps;
    expect(steps("Probe Seek").map((s) => s.op)).toEqual(["search", "shuffle"]);
    expect(steps("Probe Find").map((s) => s.op)).toEqual(["search"]);
    for (const s of [...steps("Probe Seek"), ...steps("Probe Find")]) expect("shuffle" in s).toBe(false);
  });

  it("no bundled game's compiled card carries `optional`, a random card choice or another player's mode choice", () => {
    const read = (folder: string) =>
      existsSync(path.join(root, folder))
        ? readdirSync(path.join(root, folder))
            .filter((f) => f.endsWith(".game") || f.endsWith(".cards"))
            .map((f) => ({ path: `${folder}/${f}`, text: readFileSync(path.join(root, folder, f), "utf8") }))
        : [];
    let abilities = 0;
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const bundle = lowerWorkspace([...read(`cards/${game}`), ...read(`cards/${game}/scenarios`)]).bundles.find((b) => b.game.id === game)!;
      for (const c of bundle.cards) {
        for (const a of c.abilities) {
          abilities++;
          expect("optional" in a, `${c.name}: ${a.text}`).toBe(false);
        }
        for (const o of objects(c.abilities)) {
          if (o.op === "choose_cards") expect("random" in o, `${c.name}: choose_cards`).toBe(false);
          if (o.op === "choose_one") expect("chooser" in o, `${c.name}: choose_one`).toBe(false);
          if (o.op === "search") expect("shuffle" in o, `${c.name}: search`).toBe(false);
        }
      }
    }
    expect(abilities).toBeGreaterThan(1000);
  });
});
