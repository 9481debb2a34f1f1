/**
 * The smallest edits that turn one text into another (a line diff, refined to characters
 * inside a small changed region), as offset ranges of the old text. Applying a change from
 * disk as these edits, rather than replacing the whole model, keeps every cursor, selection
 * and the scroll position where the designer left them (Monaco moves them with the edits).
 * Pure: unit-tested without a browser.
 */
import { diffChars, diffLines } from "diff";

export interface TextEdit {
  /** Offsets in the old text, [start, end). */
  start: number;
  end: number;
  text: string;
}

/** Regions up to this size are diffed by character (a changed word keeps the cursor elsewhere on its line). */
const CHARACTER_REFINE_LIMIT = 4_000;

export function minimalEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const edits: TextEdit[] = [];
  let offset = 0;
  const parts = diffLines(before, after);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      offset += part.value.length;
      continue;
    }
    // A run of removed and added parts is one changed region.
    let removed = "";
    let added = "";
    for (; i < parts.length && (parts[i]!.added || parts[i]!.removed); i++) {
      if (parts[i]!.removed) removed += parts[i]!.value;
      else added += parts[i]!.value;
    }
    i--;
    if (removed && added && removed.length + added.length <= CHARACTER_REFINE_LIMIT) edits.push(...characterEdits(removed, added, offset));
    else edits.push({ start: offset, end: offset + removed.length, text: added });
    offset += removed.length;
  }
  return edits;
}

function characterEdits(before: string, after: string, base: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let offset = base;
  let pending: TextEdit | undefined;
  for (const part of diffChars(before, after)) {
    if (!part.added && !part.removed) {
      if (pending) edits.push(pending);
      pending = undefined;
      offset += part.value.length;
      continue;
    }
    pending ??= { start: offset, end: offset, text: "" };
    if (part.removed) {
      pending.end += part.value.length;
      offset += part.value.length;
    } else pending.text += part.value;
  }
  if (pending) edits.push(pending);
  return edits;
}

/** Applies edits (offsets in the old text, in order, not overlapping): what Monaco does, for tests. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = "";
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}
