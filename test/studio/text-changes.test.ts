/**
 * The worker's copy of a file follows the page's edits (studio/src/worker/checker.ts): Monaco's
 * change lists applied to the text give the edited text, and a copy that came out of step is
 * noticed before anything is checked against it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyChanges, OutOfStep, WorkspaceChecker } from "../../studio/src/worker/checker.ts";
import type { TextChange } from "../../studio/src/worker/protocol.ts";
import { SourceText } from "../../grammar/source.ts";

/** Non-overlapping replacements of one text, as Monaco lists one event's: from the end of the text backwards. */
const changeList = (text: string) =>
  fc
    .array(fc.record({ at: fc.nat({ max: text.length }), length: fc.nat({ max: 8 }), text: fc.string({ maxLength: 5 }) }), { maxLength: 4 })
    .map((raw) => {
      const sorted = [...raw].sort((a, b) => a.at - b.at);
      const list: TextChange[] = [];
      let free = 0;
      for (const r of sorted) {
        if (r.at < free) continue;
        const length = Math.min(r.length, text.length - r.at);
        list.push({ offset: r.at, length, text: r.text });
        free = r.at + length + 1;
      }
      return list.reverse();
    });

/** The reference: every change of a list made at once, reading the text left to right. */
function simultaneous(text: string, list: readonly TextChange[]): string {
  let out = "";
  let from = 0;
  for (const change of [...list].sort((a, b) => a.offset - b.offset)) {
    out += text.slice(from, change.offset) + change.text;
    from = change.offset + change.length;
  }
  return out + text.slice(from);
}

describe("edits sent to the checker worker", () => {
  it("applying Monaco's change lists in order gives the edited text", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).chain((text) => fc.tuple(fc.constant(text), changeList(text))),
        fc.string({ maxLength: 3 }),
        fc.integer({ min: 1, max: 9 }),
        ([text, first], suffix, chunkLength) => {
          const middle = simultaneous(text, first);
          // A second event, on the text the first one left: its offsets count in that text.
          const second: TextChange[] = [{ offset: middle.length, length: 0, text: suffix }, { offset: 0, length: Math.min(1, middle.length), text: "" }];
          expect(applyChanges(SourceText.of(text, chunkLength), [first, second])?.toString()).toBe(simultaneous(middle, second));
        },
      ),
    );
  });

  it("a change past the text's end is refused", () => {
    expect(applyChanges(SourceText.of("abc"), [[{ offset: 2, length: 2, text: "x" }]])).toBeUndefined();
  });

  it("a copy out of step with the page is noticed before checking, and every text is asked for again", () => {
    const game = { path: "g.game", text: "game g \"G\" {\n}\n" };
    const checker = new WorkspaceChecker();
    checker.checkChanges([game.path], [game]);
    const edits = [{ path: game.path, changes: [[{ offset: 0, length: 0, text: "# note\n" }]], length: game.text.length + 99 }];
    expect(() => checker.checkChanges([game.path], [], undefined, edits)).toThrow(OutOfStep);
    expect(() => checker.checkChanges([game.path], [])).toThrow(/did not send the text/);
    const edited = { ...game, text: "# note\n" + game.text };
    expect(checker.checkChanges([game.path], [edited]).model).toEqual(new WorkspaceChecker().check([edited]).model);
    const next = [{ path: game.path, changes: [[{ offset: 0, length: 2, text: "# a " }]], length: edited.text.length + 2 }];
    expect(checker.checkChanges([game.path], [], undefined, next).model).toEqual(new WorkspaceChecker().check([{ ...game, text: "# a note\n" + game.text }]).model);
  });
});
