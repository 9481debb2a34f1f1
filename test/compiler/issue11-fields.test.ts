/**
 * Issue 11 (lang-fixes-b): card fields and game-file words a designer writes from the rules texts.
 * A tribe a new set uses but the game file lacks is CW2032 with a quick fix that adds it there.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import type { SourceFile } from "../../compiler/model.ts";

const gameFile = (id: string): SourceFile => ({ path: `cards/${id}/${id}.game`, text: readFileSync(`cards/${id}/${id}.game`, "utf8") });

function applyFix(files: SourceFile[], fix: { file: string; range: { start: { offset: number }; end: { offset: number } }; text: string }): SourceFile[] {
  return files.map((f) => (f.path === fix.file ? { ...f, text: f.text.slice(0, fix.range.start.offset) + fix.text + f.text.slice(fix.range.end.offset) } : f));
}

describe("a tribe the game file lacks", () => {
  const card = (tribe: string) => `set NEW "New set" for chromatic\n\ncard "Ember Drake" {\n  type: Creature\n  tribe: ${tribe}\n  color: Red\n  cost: 2\n  attack: 1\n  defense: 3\n  rarity: Common\n  text:\n    [Base] Flying.\n    [Blue] This gets +1 attack.\n    [Green] This gets +0/+2.\n    [Yellow] Flying.\n    [Purple] Entomb: Draw a card.\n}\n`;

  it("is CW2032 at the word, with a quick fix that adds it to the game file's tribe line; applied, the set checks clean", () => {
    const files = [gameFile("chromatic"), { path: "new.cards", text: card("Dragon") }];
    const diagnostics = analyzeWorkspace(files).model.diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(["CW2032"]);
    const [unknown] = diagnostics;
    expect(files[1]!.text.slice(unknown!.range.start.offset, unknown!.range.end.offset)).toBe("Dragon");
    expect(unknown!.fix).toMatchObject({ title: 'Add "Dragon" to the tribe line of cards/chromatic/chromatic.game', file: "cards/chromatic/chromatic.game", text: ", Dragon" });
    const fixed = applyFix(files, unknown!.fix!);
    expect(fixed[0]!.text).toMatch(/^tribe Mystic, .*, Rogue, Dragon\b/m);
    expect(analyzeWorkspace(fixed).model.diagnostics).toEqual([]);
  });

  it("keeps the did-you-mean for a misspelling, next to the fix", () => {
    const diagnostics = analyzeWorkspace([gameFile("chromatic"), { path: "new.cards", text: card("Mystik") }]).model.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.suggestion])).toEqual([["CW2032", "Mystic"]]);
    expect(diagnostics[0]!.fix?.text).toBe(", Mystik");
  });
});
