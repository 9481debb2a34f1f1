/**
 * Outline, find references and rename (compiler/check-query.ts), on the bundled games: renaming
 * a card updates its declaration, the card text, scenarios and deck lists that name it, and the
 * workspace checks exactly as before; renaming a keyword updates the game file and every card
 * that uses it; a rename that would break something is refused with a CW304x reason.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { analyzeWorkspace, documentSymbols, referencesAt, renameAt, type DeckSource, type TextEditAt } from "../../compiler/index.ts";
import { parseDeck } from "../../compiler/decklist.ts";
import { repoDir } from "../../studio/server/build.ts";

const root = path.join(repoDir, "cards");
const read = await readWorkspaceFiles([root]);
const all = read.files.map((f) => ({ path: path.relative(root, path.resolve(f.path)).split(path.sep).join("/"), text: f.text }));
const sources = all.filter((f) => !f.path.endsWith(".deck"));
const { readdir, readFile } = await import("node:fs/promises");
const deckFiles: DeckSource[] = [];
for (const game of ["duel", "cybervamp", "chromatic"]) {
  for (const name of await readdir(path.join(root, game, "decks")).catch(() => [] as string[])) {
    if (name.endsWith(".deck")) deckFiles.push({ path: `${game}/decks/${name}`, text: await readFile(path.join(root, game, "decks", name), "utf8") });
  }
}
const analysis = analyzeWorkspace(sources);
const errors = (files: { path: string; text: string }[]) => analyzeWorkspace(files).model.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file} ${d.code}`);

/** Applies edits (any order) to the files they name. */
function applyAll(files: { path: string; text: string }[], edits: TextEditAt[]): { path: string; text: string }[] {
  return files.map((f) => {
    const mine = edits.filter((e) => e.file === f.path).sort((a, b) => b.range.start.offset - a.range.start.offset);
    let text = f.text;
    for (const e of mine) text = text.slice(0, e.range.start.offset) + e.text + text.slice(e.range.end.offset);
    return { ...f, text };
  });
}

/** A duel card named in a scenario and in a deck list: found, not named here, so the test follows the cards. */
function cardInScenarioAndDeck(): { name: string; file: string; offset: number } {
  const set = analysis.model.sets.find((s) => s.game === "duel")!;
  for (const card of set.cards) {
    const quoted = `"${card.name}"`;
    const inScenario = sources.some((f) => f.path.startsWith("duel/") && f.path.endsWith(".scenario") && f.text.includes(quoted));
    const inDeck = deckFiles.some((d) => d.path.startsWith("duel/") && new RegExp(`^\\s*\\d+x?\\s+${card.name}\\s*$`, "m").test(d.text));
    if (inScenario && inDeck) {
      const text = sources.find((f) => f.path === set.file)!.text;
      return { name: card.name, file: set.file, offset: text.indexOf(`card ${quoted}`) + 6 };
    }
  }
  throw new Error("no duel card is named in both a scenario and a deck list");
}

describe("outline", () => {
  it("lists a set's cards with their type lines, a game file's declarations and a scenario file's scenarios", () => {
    const [set] = documentSymbols(analysis, "duel/core.cards");
    expect(set!.kind).toBe("set");
    const cards = analysis.model.sets.find((s) => s.file === "duel/core.cards")!.cards;
    expect(set!.children.map((c) => c.name)).toEqual(cards.map((c) => c.name));
    expect(set!.children[0]!.detail).toContain(cards[0]!.type);
    const game = documentSymbols(analysis, "duel/duel.game")[0]!;
    expect(game.kind).toBe("game");
    expect(game.children.some((c) => c.kind === "keyword")).toBe(true);
    expect(game.children.some((c) => c.kind === "zone" && c.name === "Field")).toBe(true);
    const scenarioFile = sources.find((f) => f.path.startsWith("duel/scenarios/"))!;
    const names = [...scenarioFile.text.matchAll(/^scenario "([^"]+)"/gm)].map((m) => m[1]);
    expect(documentSymbols(analysis, scenarioFile.path).map((s) => s.name)).toEqual(names);
  });
});

describe("find references and rename", () => {
  it("finds a card's declaration, its scenario uses and its deck lines, from any of them", () => {
    const card = cardInScenarioAndDeck();
    const found = referencesAt(analysis, card.file, card.offset, deckFiles);
    const files = new Set(found.map((l) => l.file));
    expect(files.has(card.file)).toBe(true);
    expect([...files].some((f) => f.endsWith(".scenario"))).toBe(true);
    expect([...files].some((f) => f.endsWith(".deck"))).toBe(true);
    // From a scenario's use, the same list.
    const use = found.find((l) => l.file.endsWith(".scenario"))!;
    expect(referencesAt(analysis, use.file, use.range.start.offset + 2, deckFiles)).toEqual(found);
  });

  it("renames a card in its set, the scenarios and the deck lists; the workspace checks as before", () => {
    const card = cardInScenarioAndDeck();
    const result = renameAt(analysis, card.file, card.offset, "Renamed Wanderer", deckFiles);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.edits.every((e) => e.text === '"Renamed Wanderer"' || e.text === "Renamed Wanderer")).toBe(true);
    const renamed = applyAll(sources, result.edits);
    expect(errors(renamed)).toEqual(errors(sources));
    expect(renamed.some((f) => f.path.endsWith(".scenario") && f.text.includes('"Renamed Wanderer"'))).toBe(true);
    expect(renamed.find((f) => f.path === card.file)!.text).toContain('card "Renamed Wanderer"');
    const decks = applyAll(deckFiles.map((d) => ({ ...d })), result.edits);
    const names = analyzeWorkspace(renamed).model.sets.filter((s) => s.game === "duel").flatMap((s) => s.cards.map((c) => c.name));
    for (const deck of decks.filter((d) => d.path.startsWith("duel/"))) expect(parseDeck(deck.text, deck.path, names).diagnostics).toEqual([]);
    expect(decks.some((d) => /^\s*\d+x?\s+Renamed Wanderer\s*$/m.test(d.text))).toBe(true);
  });

  it("renames a keyword in the game file and every card using it; the workspace checks as before", () => {
    const cards = sources.find((f) => f.path === "cybervamp/core.cards")!.text;
    const at = cards.search(/^\s+Haste\b/m);
    const offset = cards.indexOf("Haste", at) + 1;
    const result = renameAt(analysis, "cybervamp/core.cards", offset, "Quickstep");
    expect(result).toMatchObject({ ok: true, kind: "keyword", from: "Haste" });
    if (!result.ok) return;
    expect(result.edits.some((e) => e.file === "cybervamp/cybervamp.game")).toBe(true);
    expect(result.edits.filter((e) => e.file === "cybervamp/core.cards").length).toBeGreaterThan(1);
    const renamed = applyAll(sources, result.edits);
    expect(errors(renamed)).toEqual(errors(sources));
  });

  it("refuses what would break: a name taken, a keyword of two words, a word that is not a card or keyword", () => {
    const card = cardInScenarioAndDeck();
    const other = analysis.model.sets.find((s) => s.game === "duel")!.cards.find((c) => c.name !== card.name)!;
    expect(renameAt(analysis, card.file, card.offset, other.name, deckFiles)).toMatchObject({ ok: false, diagnostic: { code: "CW3042" } });
    expect(renameAt(analysis, card.file, card.offset, 'Bad "Name"', deckFiles)).toMatchObject({ ok: false, diagnostic: { code: "CW3041" } });
    const cards = sources.find((f) => f.path === "cybervamp/core.cards")!.text;
    const haste = cards.indexOf("Haste", cards.search(/^\s+Haste\b/m)) + 1;
    expect(renameAt(analysis, "cybervamp/core.cards", haste, "Two Words")).toMatchObject({ ok: false, diagnostic: { code: "CW3041" } });
    const zone = cards.search(/\bDiscard Pile\b/) + 2;
    const refused = renameAt(analysis, "cybervamp/core.cards", zone, "Grave");
    expect(refused).toMatchObject({ ok: false, diagnostic: { code: "CW3040" } });
  });
});
