/**
 * Compact ranges for the syntax tree: a range is one object holding two offsets counted from an
 * anchor (the start of its card, or of the file), and its line and column are computed when
 * asked for, from the file's line map. A tree used to hold three objects per range
 * (`{start: {offset, line, column}, end: {...}}`), half its objects; and moving a card after an
 * edit above it meant rewriting every one of its positions. Now moving a card moves its anchor.
 *
 * A SourceRange reads like any `Range` (`range.start.line`), serialises like one (`toJSON`), and
 * compares by its anchor's offset and its own offsets. What leaves the compiler — diagnostics,
 * the checked model, references, the IR — holds plain ranges (`plainRange`): a structured clone
 * (a worker's message, a state copied by the engine) keeps data, not getters.
 */
import type { LineMap, Position, Range } from "./diagnostics.ts";

/** Where a card (or the rest of a file) starts; the ranges inside it count from here. */
export class Anchor {
  #lines: LineMap;
  /** The line of `offset`, kept so that a card's start line is known without a search. */
  line: number;
  constructor(
    public offset: number,
    lines: LineMap,
  ) {
    this.#lines = lines;
    this.line = lines.position(offset).line;
  }
  get lines(): LineMap {
    return this.#lines;
  }
  /** Moves the anchor, and every range counted from it, to `offset` (on `line`) of a text with these lines. */
  moveTo(offset: number, lines: LineMap, line = lines.position(offset).line): void {
    this.offset = offset;
    this.#lines = lines;
    this.line = line;
  }
  /** The range [start, end) of the text (offsets of the whole text), counted from this anchor. */
  range(start: number, end: number): SourceRange {
    const from = start - this.offset;
    const to = Math.max(start, end) - this.offset;
    const last = this.#last;
    if (last !== undefined && last.from === from && last.to === to) return last;
    return (this.#last = new SourceRange(this, from, to));
  }
  /** The range made last: a node spanning exactly the node built before it (a step and its clause, a determiner and its word) shares its range (ranges do not change). */
  #last: SourceRange | undefined;
}

export class SourceRange implements Range {
  constructor(
    readonly anchor: Anchor,
    /** Offsets from the anchor. */
    readonly from: number,
    readonly to: number,
  ) {}
  get start(): Position {
    return this.anchor.lines.position(this.anchor.offset + this.from);
  }
  get end(): Position {
    return this.anchor.lines.position(this.anchor.offset + this.to);
  }
  toJSON(): Range {
    return { start: this.start, end: this.end };
  }
}

/** The offset where a range starts, without computing its line. */
export function startOffset(range: Range): number {
  return range instanceof SourceRange ? range.anchor.offset + range.from : range.start.offset;
}

/** The offset where a range ends, without computing its line. */
export function endOffset(range: Range): number {
  return range instanceof SourceRange ? range.anchor.offset + range.to : range.end.offset;
}

/** The line where a range starts: without a search for a range starting at its anchor (a card's own range). */
export function startLine(range: Range): number {
  return range instanceof SourceRange && range.from === 0 ? range.anchor.line : range.start.line;
}

/** The range as plain data (a copy: later moves of the tree leave it as it is). */
export function plainRange(range: Range): Range {
  const { start, end } = range;
  return { start: { offset: start.offset, line: start.line, column: start.column }, end: { offset: end.offset, line: end.line, column: end.column } };
}

/** From the start of one range to the end of another: compact when both count from the same anchor. */
export function spanOf(first: Range, last: Range): Range {
  if (first instanceof SourceRange && last instanceof SourceRange && first.anchor === last.anchor) return new SourceRange(first.anchor, first.from, Math.max(first.from, last.to));
  return { start: first.start, end: last.end };
}
