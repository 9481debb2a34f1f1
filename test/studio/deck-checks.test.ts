/**
 * The studio reads deck lists after each check, keeping a deck's diagnostics while its text, its game and
 * that game's card names are unchanged (studio/src/workspace/deck-checks.ts). Across edits to a deck, a
 * card's name, a card's text and the game file, the kept diagnostics equal a fresh `deckDiagnostics`.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { deckDiagnostics } from "../../compiler/decklist.ts";
import { DeckChecks } from "../../studio/src/workspace/deck-checks.ts";

const root = path.join(import.meta.dirname, "..", "..");
const read = (ext: RegExp) =>
  readdirSync(path.join(root, "cards"), { recursive: true, encoding: "utf8" })
    .filter((f) => ext.test(f))
    .sort()
    .map((f) => ({ path: f.replaceAll(path.sep, "/"), text: readFileSync(path.join(root, "cards", f), "utf8") }));

describe("deck checks kept between checks", () => {
  it("equal a fresh read of every deck after each edit, and read a deck again only when what it depends on changed", () => {
    let sources = read(/\.(game|cards)$/);
    let decks = read(/\.deck$/);
    const duelDeck = decks.find((d) => d.path.startsWith("duel/"))!;
    const cardLine = duelDeck.text.split("\n").find((l) => /^\s*\d+\s+\S/.test(l))!;
    const named = /^\s*\d+\s+(.+?)\s*$/.exec(cardLine)![1]!;
    const duelCards = sources.find((s) => s.path === "duel/core.cards")!;
    expect(duelCards.text).toContain(`card "${named}"`);
    const checks = new DeckChecks();
    const steps: [string, () => void][] = [
      ["first check", () => undefined],
      ["a card's text", () => (sources = sources.map((s) => (s === duelCards ? { ...s, text: s.text.replace(/(card "[^"]*"\s*\{)/, "$1\n") } : s)))],
      ["a deck's text", () => (decks = decks.map((d) => (d.path === duelDeck.path ? { ...d, text: d.text + "\n1 No Such Card\n" } : d)))],
      ["the name of a card a deck lists", () => (sources = sources.map((s) => (s.path === "duel/core.cards" ? { ...s, text: s.text.replace(`card "${named}"`, `card "${named} Renamed"`) } : s)))],
      ["the name back", () => (sources = sources.map((s) => (s.path === "duel/core.cards" ? { ...s, text: s.text.replace(`card "${named} Renamed"`, `card "${named}"`) } : s)))],
      ["a deck removed", () => (decks = decks.filter((d) => d.path !== duelDeck.path))],
      ["the game file gone (its decks belong to no game)", () => (sources = sources.filter((s) => !s.path.startsWith("duel/")))],
    ];
    const unknown = (list: { code: string; message: string }[]) => list.filter((d) => d.message.includes(named)).length;
    const counts: number[] = [];
    for (const [step, edit] of steps) {
      edit();
      const model = analyzeWorkspace(sources).model;
      const kept = checks.diagnostics(decks, model);
      expect(kept, step).toEqual(deckDiagnostics(decks, model));
      counts.push(unknown(kept));
    }
    // The rename made the deck's line unknown, and the name back made it known again (a kept answer would miss both).
    expect(counts[3]).toBeGreaterThan(counts[2]!);
    expect(counts[4]).toBe(counts[2]);
  });
});
