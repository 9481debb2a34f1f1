/**
 * Expected diagnostics written inline in fixture files, Crafting-Interpreters style.
 *
 * A comment line made of carets marks the line above it (the nearest line that is not itself
 * a marker), at the carets' columns:
 *
 *     type: Unitt — Knight
 *   #       ^^^^^ CW2003 -> Unit
 *
 * `-> text` is the expected "did you mean" suggestion (omit it when there must be none).
 * Several marker lines may follow one source line. When the offending text starts in column 1
 * (where the `#` itself sits), or spans lines, use the explicit form:
 *
 *   # expect: CW2010 at 12:1
 *   # expect: CW2009 at 5:1 -> power
 *
 * A file that is about what the checker does around broken text says `# expect: syntax errors`:
 * it must have some, and they are not compared one by one (the grammar's own tests do that).
 */
import type { Diagnostic } from "../../compiler/diagnostics.ts";

export interface Expectation {
  file: string;
  line: number;
  column: number;
  /** End column on the same line, when carets give it. */
  endColumn?: number;
  code: string;
  suggestion?: string;
}

const CARET = /^(\s*#)(\s*)(\^+)\s+(CW\d{4})(?:\s+->\s+(.+?))?\s*$/;
const EXPLICIT = /^\s*#\s*expect:\s+(CW\d{4})\s+at\s+(\d+):(\d+)(?:\s+->\s+(.+?))?\s*$/;

export function readExpectations(file: string, text: string): Expectation[] {
  const lines = text.split(/\r?\n/);
  const expectations: Expectation[] = [];
  let target = 0; // 1-based number of the last non-marker line
  lines.forEach((line, index) => {
    const caret = CARET.exec(line);
    if (caret) {
      const column = caret[1]!.length + caret[2]!.length + 1;
      const expectation: Expectation = { file, line: target, column, endColumn: column + caret[3]!.length, code: caret[4]! };
      if (caret[5]) expectation.suggestion = caret[5];
      expectations.push(expectation);
      return;
    }
    const explicit = EXPLICIT.exec(line);
    if (explicit) {
      const expectation: Expectation = { file, line: Number(explicit[2]), column: Number(explicit[3]), code: explicit[1]! };
      if (explicit[4]) expectation.suggestion = explicit[4];
      expectations.push(expectation);
      return;
    }
    target = index + 1;
  });
  return expectations;
}

/** A diagnostic in the same terms, so that a failing test prints a readable diff. */
export function describeDiagnostic(d: Diagnostic, withEnd: boolean): string {
  const end = withEnd && d.range.end.line === d.range.start.line ? `-${d.range.end.column}` : "";
  const hint = d.suggestion ? ` -> ${d.suggestion}` : "";
  return `${d.file}:${d.range.start.line}:${d.range.start.column}${end} ${d.code}${hint}`;
}

export function describeExpectation(e: Expectation): string {
  const end = e.endColumn !== undefined ? `-${e.endColumn}` : "";
  const hint = e.suggestion ? ` -> ${e.suggestion}` : "";
  return `${e.file}:${e.line}:${e.column}${end} ${e.code}${hint}`;
}
