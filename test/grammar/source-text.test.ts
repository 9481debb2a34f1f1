/**
 * SourceText (grammar/source.ts), the studio worker's chunked copy of a file: every read gives what
 * the same read of the plain string gives, after any sequence of edits, with chunks small enough
 * that searches, slices and edits cross their seams.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineMap, SourceText } from "../../grammar/source.ts";

/** Texts of few distinct characters, so searched-for words occur and span chunk seams. */
const textOf = (maxLength: number) => fc.array(fc.constantFrom("a", "b", "\n", "c", "—"), { maxLength }).map((chars) => chars.join(""));
const edit = fc.record({ at: fc.nat(), removed: fc.nat({ max: 12 }), inserted: textOf(20) });
const searched = fc.constantFrom("a", "\n", "ab", "\nb", "ba\n", "abca", "—a", "", "zz");
const position = fc.oneof(fc.integer({ min: -3, max: 60 }), fc.constant(Infinity), fc.constant(NaN));

function applyEdit(text: string, at: number, removed: number, inserted: string): string {
  return text.slice(0, at) + inserted + text.slice(at + removed);
}

describe("SourceText", () => {
  it("reads as the string it holds after any edits: length, characters, slices, searches forwards and back", () => {
    fc.assert(
      fc.property(textOf(60), fc.array(edit, { maxLength: 8 }), fc.integer({ min: 1, max: 7 }), searched, position, position, (start, edits, chunkLength, search, from, to) => {
        let plain = start;
        let chunked: SourceText | undefined = SourceText.of(start, chunkLength);
        for (const e of edits) {
          const at = plain.length === 0 ? 0 : e.at % (plain.length + 1);
          const removed = Math.min(e.removed, plain.length - at);
          chunked = chunked!.edited(at, removed, e.inserted);
          plain = applyEdit(plain, at, removed, e.inserted);
        }
        const text = chunked!;
        expect(text.length).toBe(plain.length);
        for (let i = -1; i <= plain.length; i++) {
          expect(text.charCodeAt(i)).toEqual(plain.charCodeAt(i));
          expect(text.charAt(i)).toBe(plain.charAt(i));
        }
        expect(text.slice(from, to)).toBe(plain.slice(from, to));
        expect(text.slice(from)).toBe(plain.slice(from));
        expect(text.indexOf(search, from)).toBe(plain.indexOf(search, from));
        expect(text.lastIndexOf(search, from)).toBe(plain.lastIndexOf(search, from));
        expect(text.lastIndexOf(search)).toBe(plain.lastIndexOf(search));
        expect(text.toString()).toBe(plain);
      }),
      { numRuns: 400 },
    );
  });

  it("refuses an edit outside the text, and keeps the untouched chunks of the text it was edited from", () => {
    const text = SourceText.of("abcdefgh", 2);
    expect(text.edited(7, 2, "x")).toBeUndefined();
    expect(text.edited(-1, 0, "x")).toBeUndefined();
    const edited = text.edited(3, 1, "XYZ")!;
    expect(edited.toString()).toBe("abcXYZefgh");
    expect(text.toString()).toBe("abcdefgh");
  });

  it("gives the same line map as the string, built whole or edited", () => {
    fc.assert(
      fc.property(textOf(50), edit, fc.integer({ min: 1, max: 5 }), (start, e, chunkLength) => {
        const at = start.length === 0 ? 0 : e.at % (start.length + 1);
        const removed = Math.min(e.removed, start.length - at);
        const after = applyEdit(start, at, removed, e.inserted);
        const chunked = SourceText.of(start, chunkLength).edited(at, removed, e.inserted)!;
        const suffix = start.length - at - removed;
        const positions = (map: LineMap) => Array.from({ length: after.length + 1 }, (_, i) => map.position(i));
        expect(positions(new LineMap(chunked))).toEqual(positions(new LineMap(after)));
        expect(positions(new LineMap(start).edited(chunked, at, suffix))).toEqual(positions(new LineMap(after)));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same line map as the string after edits across its blocks of lines (thousands of lines)", () => {
    const lines = fc.array(fc.constantFrom("", "a", "bb", "ccc c"), { minLength: 1500, maxLength: 5000 }).map((l) => l.join("\n"));
    const bigEdit = fc.record({ at: fc.nat(), removed: fc.nat({ max: 4000 }), inserted: fc.array(fc.constantFrom("x", "\n"), { maxLength: 2500 }).map((c) => c.join("")) });
    fc.assert(
      fc.property(lines, fc.array(bigEdit, { minLength: 1, maxLength: 5 }), (start, edits) => {
        let plain = start;
        let map = new LineMap(start);
        for (const e of edits) {
          const at = e.at % (plain.length + 1);
          const removed = Math.min(e.removed, plain.length - at);
          const after = applyEdit(plain, at, removed, e.inserted);
          map = map.edited(after, at, plain.length - at - removed);
          plain = after;
        }
        const fresh = new LineMap(plain);
        for (let i = 0; i <= plain.length; i += 7) expect(map.position(i)).toEqual(fresh.position(i));
        for (let i = plain.length; i >= 0; i -= 13) expect(map.position(i)).toEqual(fresh.position(i));
      }),
      { numRuns: 40 },
    );
  });
});
