/**
 * The studio's incremental re-parse (compiler/incremental.ts): after any edit, re-parsing only
 * the touched cards gives exactly what parsing the whole file gives, and an ordinary edit
 * inside one card really is incremental (the other cards' trees are reused, not re-built).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseForCheck, type ParsedFile } from "../../compiler/check-ast.ts";
import { reparseCardFile } from "../../compiler/incremental.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";

const cardsDir = path.join(import.meta.dirname, "..", "..", "cards");
const setFiles = readdirSync(cardsDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".cards"))
  .sort()
  .map((file) => ({ path: file.replaceAll(path.sep, "/"), text: readFileSync(path.join(cardsDir, file), "utf8") }));

/** What the checker reads from a parse: the tree, the syntax diagnostics and the set view. */
const observable = (parsed: ParsedFile) => ({ kind: parsed.kind, text: parsed.text, document: parsed.document, diagnostics: parsed.diagnostics, set: parsed.set });

/** Pieces a designer types (and mistypes), weighted towards what moves card boundaries. */
const typed = fc.oneof(
  fc.constantFrom('card "Fresh" {', "\ncard \"Fresh\" {\n  type: Unit\n}\n", "}", "{", "\n", '"', "#", " ", "card", "\ncard", "text:", "Draw a card.", "type:", "\u{1F0A0}", "\r\n", "x"),
  fc.string({ maxLength: 6 }),
);

// A position as a fraction of the file (fc.double favours 0 and tiny values: most edits would hit the header).
const edit = fc.record({ at: fc.integer({ min: 0, max: 9999 }).map((n) => n / 10000), remove: fc.nat({ max: 40 }), insert: typed });

function applyEdit(text: string, e: { at: number; remove: number; insert: string }): string {
  const at = Math.min(text.length, Math.floor(e.at * text.length));
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe("incremental re-parse of card files", () => {
  it("gives the full parse's result after any edit (one edit, then several in a row)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: setFiles.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (which, edits) => {
        const file = setFiles[which]!;
        let previous = parseForCheck(file.text, file.path);
        let text = file.text;
        for (const e of edits) {
          text = applyEdit(text, e);
          const full = parseForCheck(text, file.path);
          const incremental = reparseCardFile(previous, text);
          if (incremental) expect(observable(incremental)).toEqual(observable(full));
          previous = incremental ?? full;
        }
      }),
      { numRuns: 60 },
    );
  });

  it("re-parses only the edited card and keeps the others' trees", () => {
    const file = setFiles.find((f) => f.text.split('\ncard "').length > 20)!;
    const previous = parseForCheck(file.text, file.path);
    const cards = previous.document?.kind === "cardFile" ? [...previous.document.cards] : [];
    const index = Math.floor(cards.length / 2);
    const middle = cards[index]!;
    const nextStart = { ...cards[index + 1]!.range.start };
    // A new line inside the card, after its `card "…" {` line.
    const at = file.text.indexOf("\n", middle.name.range.end.offset) + 1;
    const text = file.text.slice(0, at) + "  # a note\n" + file.text.slice(at);

    const incremental = reparseCardFile(previous, text);
    expect(incremental).toBeDefined();
    expect(observable(incremental!)).toEqual(observable(parseForCheck(text, file.path)));
    const after = incremental!.document?.kind === "cardFile" ? incremental!.document.cards : [];
    // Every card but the edited one is the very same object (those after the edit moved down in place).
    expect(after.map((card, i) => card === cards[i])).toEqual(cards.map((_, i) => i !== index));
    expect(after[index]!.name.value).toBe(middle.name.value);
    expect(after[index + 1]!.range.start).toEqual({ ...nextStart, offset: nextStart.offset + 11, line: nextStart.line + 1 });
    // The previous parse gave its cards away: asked again, it declines (the caller parses in full).
    expect(reparseCardFile(previous, file.text)).toBeUndefined();
  });

  it("is what analyzeWorkspace uses on a re-check, with the same diagnostics as a fresh check", () => {
    const sources = readdirSync(cardsDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(game|cards)$/.test(file))
      .map((file) => ({ path: file.replaceAll(path.sep, "/"), text: readFileSync(path.join(cardsDir, file), "utf8") }));
    const first = analyzeWorkspace(sources);
    const target = sources.find((s) => s.path.endsWith(".cards"))!;
    const at = target.text.lastIndexOf("\ncard ");
    // A typo in the last card's text: a real diagnostic appears, found by the incremental path.
    const edited = sources.map((s) => (s === target ? { ...s, text: s.text.slice(0, at) + "\ncard \"Broken\" {\n  type: Nonsense\n  text:\n    Drawww a card.\n}\n" + s.text.slice(at) } : s));
    const again = analyzeWorkspace(edited, { previous: first });
    expect(again.model.diagnostics).toEqual(analyzeWorkspace(edited).model.diagnostics);
    expect(again.model.diagnostics.some((d) => d.file === target.path && d.severity === "error")).toBe(true);
  });
});
