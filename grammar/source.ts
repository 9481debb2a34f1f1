/**
 * Positions in a source text: 1-based lines and columns as editors show them, 0-based offsets.
 * The grammar computes them (the lexer and the scenario parser); every later phase reports its
 * diagnostics with them (compiler/diagnostics.ts re-exports these).
 */

/** A position in a file. `line` and `column` are 1-based (as editors show them); `offset` is 0-based. */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

/** A half-open range [start, end) in one file. */
export interface Range {
  start: Position;
  end: Position;
}

/** Computes 1-based line/column for offsets in one text, in O(log lines) per lookup. */
export class LineMap {
  private readonly lineStarts: number[];
  /** `lineStarts`: where the lines of `text` start, when already known (see `edited`). */
  constructor(
    readonly text: string,
    lineStarts?: number[],
  ) {
    if (lineStarts) {
      this.lineStarts = lineStarts;
      return;
    }
    const starts = [0];
    // indexOf scans natively: several times faster than a loop over char codes on a large file.
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
  }

  /**
   * The line map of `text`, which is this map's text with an edit between its first `prefix` and
   * last `suffix` characters (prefix + suffix at most the shorter text's length): the lines before
   * the edit are kept, those after it move by the change in length, and only the edit's own
   * characters are searched. A keystroke in a 1 MB file no longer scans the whole file.
   */
  edited(text: string, prefix: number, suffix: number): LineMap {
    const old = this.lineStarts;
    const newEnd = text.length - suffix;
    // A line starting at or before `prefix` follows a line break inside the shared start; one
    // starting after the old edit's end follows a line break inside the shared end.
    const kept = this.firstStartAfter(prefix);
    const after = this.firstStartAfter(this.text.length - suffix);
    const inserted: number[] = [];
    for (let i = text.indexOf("\n", prefix); i >= 0 && i < newEnd; i = text.indexOf("\n", i + 1)) inserted.push(i + 1);
    // One copy of the old starts (native), shifted in place: a keystroke changes no line count, and pushing
    // each of a large file's starts onto a growing array cost more than the edit's own work.
    const starts = inserted.length === after - kept ? old.slice() : old.slice(0, kept).concat(inserted, old.slice(after));
    const delta = text.length - this.text.length;
    for (let j = 0; j < inserted.length; j++) starts[kept + j] = inserted[j]!;
    if (delta !== 0) for (let j = kept + inserted.length; j < starts.length; j++) starts[j] = starts[j]! + delta;
    return new LineMap(text, starts);
  }

  /** The index of the first line start greater than `offset` (the number of lines starting at or before it). */
  private firstStartAfter(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** The line of the last lookup: parsers ask for nearby offsets in order, so it is usually the answer. */
  private lastLine = 0;
  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const last = this.lastLine;
    if (this.lineStarts[last]! <= clamped && (last + 1 >= this.lineStarts.length || clamped < this.lineStarts[last + 1]!)) {
      return { offset: clamped, line: last + 1, column: clamped - this.lineStarts[last]! + 1 };
    }
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= clamped) lo = mid;
      else hi = mid - 1;
    }
    this.lastLine = lo;
    return { offset: clamped, line: lo + 1, column: clamped - this.lineStarts[lo]! + 1 };
  }
  range(startOffset: number, endOffset: number): Range {
    return { start: this.position(startOffset), end: this.position(Math.max(startOffset, endOffset)) };
  }
}

