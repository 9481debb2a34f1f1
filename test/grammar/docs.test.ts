/**
 * docs/language.md is the contract: every fenced example marked `game`, `cards` or
 * `abilities` must parse without a syntax error (an `abilities` block: one ability per line).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAbilityText, parseDocument } from "../../compiler/build.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";
import { read, repoRoot } from "./helpers.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";

const doc = read(join(repoRoot, "docs", "language.md"));
const blocks = [...doc.matchAll(/```(game|cards|abilities)\n([\s\S]*?)```/g)].map((m) => ({ kind: m[1]!, text: m[2]!, line: doc.slice(0, m.index).split("\n").length }));

describe("docs/language.md examples", () => {
  it("has examples of each kind", () => {
    expect(new Set(blocks.map((b) => b.kind))).toEqual(new Set(["game", "cards", "abilities"]));
  });
  for (const block of blocks) {
    if (block.kind === "abilities") {
      for (const [i, line] of block.text.split("\n").entries()) {
        // Mark lines (→ ≈ ✗) show how the engine reads the example above them: test/grammar/docs-reads-as.test.ts.
        if (!line.trim() || /^\s*[→≈✗] /.test(line)) continue;
        it(`line ${block.line + 1 + i}: ${line}`, () => {
          const { abilities, diagnostics } = parseAbilityText(line, "docs/language.md");
          expect(diagnostics.map(formatDiagnostic)).toEqual([]);
          // A tagged line is one slot, whatever it holds (`[Base] Flying. Whenever ...`: AST sameLine).
          expect(abilities.filter((a) => !a.sameLine)).toHaveLength(1);
        });
      }
    } else {
      it(`${block.kind} block at line ${block.line}`, () => {
        const { diagnostics } = parseDocument(block.text, "docs/language.md");
        expect(diagnostics.map(formatDiagnostic)).toEqual([]);
      });
    }
  }
});

describe("README.md", () => {
  it("opens with a card that checks clean against its game (the first thing a designer copies)", () => {
    const readme = read(join(repoRoot, "README.md"));
    const card = /```\n(card "[\s\S]*?)```/.exec(readme)?.[1];
    expect(card, "README.md has a card example in a plain fenced block").toBeDefined();
    const game = card!.includes("faction:") ? "cybervamp" : "duel"; // the README shows a CYBERVAMP card
    const analysis = analyzeWorkspace([
      { path: `cards/${game}/${game}.game`, text: read(join(repoRoot, "cards", game, `${game}.game`)) },
      { path: `cards/${game}/readme.cards`, text: `set RDM "README" for ${game}\n\n${card}` },
    ]);
    expect(analysis.model.diagnostics.map(formatDiagnostic)).toEqual([]);
  });
});
