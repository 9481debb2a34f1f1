/**
 * fast-check properties of the front end on arbitrary and mutated input: parsing never
 * throws, terminates, and every diagnostic's range lies inside the file.
 */
import fc from "fast-check";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type * as A from "../../compiler/ast.ts";
import { forEachNode, parseDocument } from "../../compiler/build.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import { filesUnder, read, repoRoot } from "./helpers.ts";

function expectRangesInside(text: string, diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.range.end.offset).toBeLessThanOrEqual(text.length);
    expect(d.range.start.offset).toBeLessThanOrEqual(d.range.end.offset);
    expect(d.range.start.line).toBeGreaterThanOrEqual(1);
    expect(d.code).toMatch(/^CW1\d{3}$/);
  }
}

/** Every node of a recovered tree also has a real range inside the text (inserted tokens are mapped). */
function expectTreeInside(text: string, ast: A.Document): void {
  let bad = 0;
  forEachNode(ast, (node) => {
    const r = node.range;
    if (!(r.start.offset >= 0 && r.end.offset <= text.length && r.start.offset <= r.end.offset && Number.isFinite(r.start.line))) bad++;
  });
  expect(bad).toBe(0);
}

const bundled = filesUnder(join(repoRoot, "cards"), [".cards", ".game"]).map(read);
const corpus = bundled.length > 0 ? bundled : [read(join(repoRoot, "test", "fixtures", "ast", "forms.cards"))];

/** Words and symbols that card text is made of, so random input reaches deep into the grammar. */
const vocabulary = ["card", '"X"', "{", "}", "text:", "type:", "When", "this", "enters", "play", ",", ".", ":", "draw", "a", "target", "creature", "you", "control", "gets", "+1/+1", "until", "end", "of", "turn", "Choose", "one", "—", "•", "[Red]", "{R}", "if", "would", "instead", "Scry", "2", "X", "where", "is", "game", "set", "param", "=", "\n", "#c\n", "“", "\\"];

describe("parser robustness properties", () => {
  it("never throws on arbitrary strings, and reports ranges inside the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const { diagnostics } = parseDocument(text, "any.cards");
        expectRangesInside(text, diagnostics);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on token soup built from the language's own words", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 120 }), fc.boolean(), (words, asGame) => {
        const text = (asGame ? 'game g "G"\n' : 'set S "S" for g\n') + words.join(" ");
        const { diagnostics, ast } = parseDocument(text, "soup");
        expectRangesInside(text, diagnostics);
        expectTreeInside(text, ast);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on mutated bundled card text (deletions, insertions, swaps)", () => {
    const mutation = fc.record({
      source: fc.integer({ min: 0, max: corpus.length - 1 }),
      at: fc.nat(),
      length: fc.integer({ min: 0, max: 40 }),
      insert: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...vocabulary)),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        let text = corpus[mutations[0]!.source]!;
        for (const m of mutations) {
          const at = m.at % (text.length + 1);
          text = text.slice(0, at) + m.insert + text.slice(at + m.length);
        }
        const { diagnostics, ast } = parseDocument(text, "mutated.cards");
        expectRangesInside(text, diagnostics);
        expectTreeInside(text, ast);
      }),
      { numRuns: 150 },
    );
  });

  it("finishes on 200 KB of binary garbage with a capped report", () => {
    const rng = fc.sample(fc.string({ unit: "binary", minLength: 1000, maxLength: 1000 }), { numRuns: 200, seed: 42 });
    const text = rng.join("");
    const { diagnostics } = parseDocument(text, "garbage.cards");
    expectRangesInside(text, diagnostics);
    expect(diagnostics.length).toBeLessThanOrEqual(101);
  });
});
