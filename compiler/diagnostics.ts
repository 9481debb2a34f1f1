/**
 * Diagnostics: the one shape every phase (lexer, parser, binder, checker, scenario runner,
 * exporter) reports problems in. A diagnostic always has a file, a range and a stable code;
 * the message text comes from the table in `messages.ts`, never from an inline string.
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

export type Severity = "error" | "warning" | "info";

export interface Diagnostic {
  file: string;
  range: Range;
  severity: Severity;
  /** Stable code, e.g. "CW1001"; documented in docs/diagnostics.md, defined in messages.ts. */
  code: string;
  message: string;
  /** "Did you mean ..." replacement text, when there is one; the studio offers it as a quick fix. */
  suggestion?: string;
  /** A quick fix that edits a file, possibly another one (add a new subtype to the game file's `tribe` line). */
  fix?: DiagnosticFix;
}

/** Insert or replace `text` at `range` of `file`; the studio offers it under `title`, the CLI prints the title. */
export interface DiagnosticFix {
  title: string;
  file: string;
  range: Range;
  text: string;
}

/** Computes 1-based line/column for offsets in one text, in O(log lines) per lookup. */
export class LineMap {
  private readonly lineStarts: number[];
  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
    this.lineStarts = starts;
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

export function formatDiagnostic(d: Diagnostic): string {
  const hint = (d.suggestion ? ` (did you mean "${d.suggestion}"?)` : "") + (d.fix ? ` (quick fix: ${d.fix.title})` : "");
  return `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.code}: ${d.message}${hint}`;
}
