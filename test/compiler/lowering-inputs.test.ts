/**
 * A card's lowering reads its own inputs only — its text, its file and set, the game, the subtypes other cards bring,
 * and its own model — so lowering a whole workspace (`cardwright check`, lowerAnalysis) and lowering one card at a time
 * (the studio's EngineWarningCache) give the same IR and the same warnings.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace, checkedModelsOf } from "../../compiler/workspace.ts";
import { engineWarnings, EngineWarningCache } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis, lowerCards, lowerGame, type LoweringNote } from "../../compiler/lower.ts";
import { scenarioDiagnostics } from "../../compiler/scenario-check.ts";
import type * as Ast from "../../compiler/ast.ts";
import { parseCorpus, probeSources } from "./probe.ts";

const root = path.join(import.meta.dirname, "..", "..");
const game = { path: "duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };

const card = (name: string, type: string, text: string, power = "") =>
  `card "${name}" {\n  type: ${type}\n  color: Gray\n  cost: free\n${power}  rarity: Gray\n  text:\n    ${text}\n}\n`;

describe("a card's lowering reads its own inputs only", () => {
  it("does not read the notes of other files already in the list (a game file's note at the same offsets)", () => {
    const text = 'set TST "Test" for duel\n\n' + card("Caller", "Spell", 'Put "Scout" into your hand.');
    const sources = [game, { path: "duel/t.cards", text }];
    const analysis = analyzeWorkspace(sources);
    const parsed = analysis.files.get("duel/t.cards")!;
    const doc = parsed.document as Ast.CardFile;
    const compiled = lowerGame(analysis.files.get(game.path)!.document as Ast.GameFile, game.text, []);
    const lowered = (notes: LoweringNote[]) => {
      const before = notes.length;
      lowerCards(doc, text, compiled, checkedModelsOf(analysis, parsed), notes);
      return notes.slice(before).map((note) => [note.code, text.slice(note.range.start.offset, note.range.end.offset)]);
    };
    const alone = lowered([]);
    expect(alone).toEqual([["CW6005", '"Scout" into your']]);
    // A note of the game file whose offsets fall inside the card's sentence (as after an edit to the game file's
    // comments): it is the game file's, and says nothing about this card's "your".
    const at = text.indexOf("Put");
    const elsewhere: LoweringNote = { file: game.path, range: { start: { offset: at + 1, line: 9, column: 6 }, end: { offset: at + 10, line: 9, column: 15 } }, message: "a note of the game file" };
    expect(lowered([elsewhere])).toEqual(alone);
  });

  it("lowers each of two cards of one name (CW2010) with its own model, whole or one card at a time", () => {
    const text =
      'set TST "Test" for duel\n\n' +
      card("Twin", "Spell", "Draw a card.") +
      "\n" +
      card("Twin", "Unit", "Whenever you draw a card, this gets +1 power until end of turn.", "  power: 2\n");
    const sources = [game, { path: "duel/t.cards", text }];
    const analysis = analyzeWorkspace(sources);
    expect(analysis.model.diagnostics.map((d) => d.code)).toContain("CW2010");
    const [bundle] = lowerAnalysis(analysis, sources).bundles;
    expect(bundle!.cards.map((c) => [c.name, c.cardType])).toEqual([
      ["Twin", "Spell"],
      ["Twin", "Unit"],
    ]);
    // The Unit is not read as a Spell whose trigger never fires (CW6001 "never enters play").
    const scratch = engineWarnings(analysis, sources);
    expect(scratch.filter((d) => d.severity === "warning")).toEqual([]);
    expect(engineWarnings(analysis, sources, new EngineWarningCache())).toEqual(scratch);
  });

  it("the scenario check lowers each of two cards of one name with its own model: the token the second one makes is a name", () => {
    // The Spell makes a Spirit; lowered with the Unit's model (the first "Twin" of the file) it made none, and a
    // scenario naming the Spirit was CW2007 "Unknown card" — while the engine (lowerAnalysis) makes it.
    const text =
      'set TST "Test" for duel\n\n' +
      card("Twin", "Unit", "Whenever you draw a card, this gets +1 power until end of turn.", "  power: 2\n") +
      "\n" +
      card("Twin", "Spell", "Summon a 2-power Spirit token.");
    const scenario = 'scenario "the Spirit" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Twin"\n}\nexpect p1 field: "Spirit"\n';
    const sources = [game, { path: "duel/t.cards", text }, { path: "duel/scenarios/t.scenario", text: scenario }];
    const analysis = analyzeWorkspace(sources);
    expect(analysis.model.diagnostics.map((d) => d.code)).toEqual(["CW2010"]);
    const [bundle] = lowerAnalysis(analysis, sources).bundles;
    expect(JSON.stringify(bundle!.cards[1]!.abilities)).toContain('"Spirit"');
    expect(scenarioDiagnostics(analysis)).toEqual([]);
  });
});

/**
 * `cardwright check` lowers only for the notes (lowerAnalysis's `notesOnly`: no card's IR built around its abilities, the
 * steps' sources left as the tree's ranges, the IR rewrites no note reads skipped): the notes must be a full lowering's,
 * note for note, over the bundled games and every sentence of the corpus.
 */
describe("lowering only for the notes", () => {
  const same = (sources: { path: string; text: string }[]) => {
    const analysis = analyzeWorkspace(sources, { references: false });
    const full = lowerAnalysis(analysis, sources);
    const notesOnly = lowerAnalysis(analysis, sources, { notesOnly: true });
    expect(notesOnly.bundles.every((b) => b.cards.length === 0)).toBe(true);
    expect(notesOnly.notes).toEqual(full.notes);
    return full.notes.length;
  };

  it("gives a full lowering's notes for the bundled games", () => {
    const files: { path: string; text: string }[] = [];
    for (const game of readdirSync(path.join(root, "cards")).sort()) {
      for (const name of readdirSync(path.join(root, "cards", game)).sort()) {
        if (/\.(game|cards)$/.test(name)) files.push({ path: `${game}/${name}`, text: readFileSync(path.join(root, "cards", game, name), "utf8") });
      }
    }
    same(files);
  });

  it("gives a full lowering's notes for every sentence of the corpus with notes", () => {
    // The sentences read clean (no `!` line) have no notes either way: corpus.test.ts holds the notes-only lowering to that.
    const dir = path.join(root, "test/fixtures/corpus");
    let notes = 0;
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const entries = readdirSync(dir)
        .filter((name) => name.startsWith(`${game}.`) && name.endsWith(".corpus"))
        .sort()
        .flatMap((name) => parseCorpus(readFileSync(path.join(dir, name), "utf8"), name))
        .filter((e) => e.problems.length > 0);
      notes += same(probeSources(game, entries.map((e) => ({ kind: e.kind, text: e.sentence }))).sources);
    }
    // Many of the corpus's sentences are ones the engine cannot run yet, each with its notes (305 in session 26).
    expect(notes).toBeGreaterThan(200);
  });
});
