/**
 * Diagnostics: the one shape every phase (lexer, parser, binder, checker, scenario runner,
 * exporter) reports problems in. A diagnostic always has a file, a range and a stable code;
 * the message text comes from the table in `messages.ts`, never from an inline string.
 */

// Positions belong to the text itself (the grammar computes them); re-exported for every phase.
export { LineMap, SourceText, type Position, type Range, type Text } from "../grammar/source.ts";
import type { Range } from "../grammar/source.ts";

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

export function formatDiagnostic(d: Diagnostic): string {
  const hint = (d.suggestion ? ` (did you mean "${d.suggestion}"?)` : "") + (d.fix ? ` (quick fix: ${d.fix.title})` : "");
  return `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.code}: ${d.message}${hint}`;
}
