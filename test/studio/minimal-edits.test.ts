/**
 * Reloading a file changed on disk as the smallest edits (studio/src/workspace/minimal-edits.ts):
 * the edits always produce the new text exactly, and they touch only what changed, so a cursor
 * outside the change stays where it was.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits, minimalEdits } from "../../studio/src/workspace/minimal-edits.ts";

describe("minimal edits for an outside change", () => {
  it("gives back the new text exactly, for any pair of texts (lines, CRLF, no final newline)", () => {
    const line = fc.stringMatching(/^[a-c "{}\r]{0,6}$/);
    const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join("\n"));
    fc.assert(
      fc.property(text, text, (before, after) => {
        expect(applyEdits(before, minimalEdits(before, after))).toBe(after);
      }),
      { numRuns: 400 },
    );
  });

  it("leaves the text around a change alone: lines added above, a word changed, lines appended", () => {
    const before = 'card "A" {\n  power: 1\n}\n\ncard "B" {\n  power: 2\n}\n';
    const above = "# a comment from git pull\n" + before;
    expect(minimalEdits(before, above)).toEqual([{ start: 0, end: 0, text: "# a comment from git pull\n" }]);
    const word = before.replace("power: 2", "power: 3");
    const edits = minimalEdits(before, word);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.end - edits[0]!.start).toBe(1);
    expect(before.slice(0, edits[0]!.start)).toBe(before.slice(0, before.indexOf("power: 2") + 7));
    const appended = before + "# echo >>\n";
    expect(minimalEdits(before, appended)).toEqual([{ start: before.length, end: before.length, text: "# echo >>\n" }]);
    expect(minimalEdits(before, before)).toEqual([]);
  });
});
