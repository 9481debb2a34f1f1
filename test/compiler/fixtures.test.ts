/**
 * One runner for every diagnostic fixture: all files under test/fixtures/diagnostics/ are
 * checked together as one workspace (the fixture game file and its sets), and each file's
 * diagnostics must be exactly the ones marked inline in it (see expectations.ts).
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { describeDiagnostic, describeExpectation, readExpectations, type Expectation } from "./expectations.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import { MESSAGES } from "../../compiler/messages.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const read = await readWorkspaceFiles(["test/fixtures/diagnostics"], { cwd: root });
const analysis = analyzeWorkspace(read.files, { extraDiagnostics: read.diagnostics, assets: read.assets });

/** A fixture line `# expect: syntax errors` (see expectations.ts). */
const SYNTAX_ERRORS = /^\s*#\s*expect:\s+syntax errors\s*$/m;

function matches(d: Diagnostic, e: Expectation): boolean {
  if (d.file !== e.file || d.code !== e.code) return false;
  if (d.range.start.line !== e.line || d.range.start.column !== e.column) return false;
  if (e.endColumn !== undefined && (d.range.end.line !== e.line || d.range.end.column !== e.endColumn)) return false;
  return (d.suggestion ?? undefined) === (e.suggestion ?? undefined);
}

describe("diagnostic fixtures", () => {
  it("has a fixture for every checker code (CW2xxx)", () => {
    const marked = new Set(read.files.flatMap((f) => readExpectations(f.path, f.text).map((e) => e.code)));
    const checkerCodes = Object.keys(MESSAGES).filter((code) => code.startsWith("CW2"));
    expect(checkerCodes.filter((code) => !marked.has(code))).toEqual([]);
  });

  it("finds the fixture files", () => {
    expect(read.files.map((f) => f.path)).toEqual(expect.arrayContaining(["test/fixtures/diagnostics/fixture.game", "test/fixtures/diagnostics/words.cards"]));
  });

  for (const file of read.files) {
    it(`${path.basename(file.path)} reports exactly the marked diagnostics`, () => {
      const expected = readExpectations(file.path, file.text);
      let actual = analysis.model.diagnostics.filter((d) => d.file === file.path);
      if (SYNTAX_ERRORS.test(file.text)) {
        // The exact syntax errors and their recovery are the grammar's tests' business: here there
        // must be some, and the checker's own diagnostics around them must be exactly the marked ones.
        expect(actual.some((d) => d.code.startsWith("CW1"))).toBe(true);
        actual = actual.filter((d) => !d.code.startsWith("CW1"));
      }
      const unexpected = actual.filter((d) => !expected.some((e) => matches(d, e)));
      const missing = expected.filter((e) => !actual.some((d) => matches(d, e)));
      expect({
        unexpected: unexpected.map((d) => `${describeDiagnostic(d, true)}  (${d.message})`),
        missing: missing.map(describeExpectation),
      }).toEqual({ unexpected: [], missing: [] });
    });
  }

  it("still models every card of a file whose cards have errors", () => {
    const words = analysis.model.sets.find((s) => s.code === "FX1");
    expect(words?.cards.map((c) => c.name)).toEqual(["Squire", "Seer", "Knigth Errant", "Verbs", "Typos In Verbs", "Wrong Payment", "Right Payment", "Shapes", "Mana", "Green Greed", "Tide Caller", "Shard Keeper", "Echo", "Bare Payment", "Bare Payment Of Two", "Erase Backwards", "Discard Many"]);
    const squire = words!.cards[0]!;
    expect(squire.stats).toEqual({ power: 2 });
    expect(squire.subtypes).toEqual(["Knight"]);
  });

  it("models cards as the designer wrote them: type line, costs, stats, tagged abilities, canonical text", () => {
    const cards = analysis.model.sets.flatMap((s) => s.cards);
    const byName = (name: string) => cards.find((c) => c.name === name)!;
    expect(byName("Pup")).toMatchObject({ type: "Unit", supertypes: ["Token"], subtypes: ["Beast"], isToken: true, colors: ["Green"], stats: { power: 1 } });
    expect(byName("Twice")).toMatchObject({ cost: "{R}{R}", fields: { cost: { kind: "cost", symbols: [{ pays: "Red", amount: 1 }, { pays: "Red", amount: 1 }] } } });
    expect(byName("Seer").fields.cost).toEqual({ kind: "cost", text: "2 Crystals", symbols: [{ pays: "Crystal", amount: 2 }] });
    const hero = byName("Hero Fine");
    expect(hero.abilities.map((a) => [a.tag, a.text])).toEqual([
      ["Base", "Haste."],
      ["Blue", "Scry 1."],
      ["Green", "Spark 1."],
    ]);
    expect(hero.text).toBe("[Base] Haste.\n[Blue] Scry 1.\n[Green] Spark 1.");
    const game = analysis.model.games.find((g) => g.id === "fixture")!;
    expect(game).toMatchObject({ colors: ["Red", "Blue", "Green"], cardTypes: ["Unit", "Spell", "Hero", "Charm", "Blade"], params: { starting_life: 20, spell_abilities: 3 } });
    expect(game.keywords.find((k) => k.name === "Bleed")).toMatchObject({ kind: "ability", parameter: "X", file: "test/fixtures/diagnostics/fixture.game" });
  });
});
