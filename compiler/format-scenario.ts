/**
 * The formatter of scenario files (`cardwright format`, the studio's Format): layout only. Every
 * word, string, number and comment stays where it is, in its own spelling; only the white space
 * between them changes:
 *   - the lines inside a `setup { ... }` block are indented by two spaces, every other line
 *     (scenario headers, `covers:`, `deck:`, actions, expectations, the closing `}`) starts at the
 *     margin; an own-line comment takes the indentation of the block it sits in;
 *   - one space between words, none before `,` `;` `:`, one after them; the space before a trailing
 *     comment is kept as written (comments aligned in a column stay aligned), at least one;
 *   - no white space at the end of a line; one blank line where there were several, none at the
 *     start or end of the file; one blank line before each scenario (before the comments above it);
 *   - the file keeps its line endings (CRLF stays CRLF) and ends with one.
 * Text the scenario grammar cannot read (an unknown line, characters no token starts with) is kept
 * as written, so a file with syntax errors is formatted too: nothing in it is lost. White space other
 * than spaces and tabs (a no-break space, U+2028) is kept as written too.
 *
 * Safety net (like compiler/format-verify.ts for game and card files): the output is written only when
 * its characters other than white space are exactly the source's, it parses to the same scenarios and
 * the same errors (layout aside), and it formats to itself. Otherwise the file is left as it is and the
 * reason is a CW3010. Browser-safe (no node:* imports).
 */
import type { IToken } from "chevrotain";
import { tokenize } from "../grammar/lexer.ts";
import { parseScenarios } from "../grammar/scenario.ts";
import { withoutKeys } from "./format-verify.ts";

/** A token or a comment, with where it lies in the text. */
interface Piece {
  start: number;
  end: number;
  image: string;
  comment: boolean;
}

const INDENT = "  ";
const HORIZONTAL_SPACE = /^[ \t]*$/;
const TIGHT_BEFORE = new Set([",", ";", ":"]);
const SPACE_AFTER = new Set([",", ";", ":"]);

/** The formatted text, or why the source cannot be formatted safely (a phrase after "the formatted text would"). */
export function formatScenarioText(text: string, file: string): { text: string } | { problem: string } {
  const output = layout(text);
  if (typeof output !== "string") return output;
  const problem = output === text ? undefined : readsBackProblem(text, output, file);
  return problem ? { problem } : { text: output };
}

function piecesOf(text: string): Piece[] | { problem: string } {
  const { tokens, comments } = tokenize(text);
  const pieces = [...tokens, ...comments]
    .map((t: IToken) => ({ start: t.startOffset, end: t.startOffset + t.image.length, image: t.image, comment: t.tokenType.name === "Comment" }))
    .sort((a, b) => a.start - b.start);
  // The layout works line by line: a token running over a line end would be cut.
  if (pieces.some((p) => /[\r\n]/.test(p.image))) return { problem: "cut a token that runs over the end of a line" };
  return pieces;
}

function layout(text: string): string | { problem: string } {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = bom ? text.slice(1) : text;
  const eol = body.includes("\r\n") ? "\r\n" : "\n";
  const pieces = piecesOf(body);
  if (!Array.isArray(pieces)) return pieces;

  // Lines of the source, with their offsets.
  const lines: { start: number; end: number }[] = [];
  for (let start = 0; start <= body.length; ) {
    const nl = body.indexOf("\n", start);
    const end = nl < 0 ? body.length : nl;
    lines.push({ start, end: end > start && body[end - 1] === "\r" ? end - 1 : end });
    if (nl < 0) break;
    start = nl + 1;
  }

  const out: { text: string; blank: boolean; header: boolean; comment: boolean }[] = [];
  let next = 0; // first piece not yet placed
  let inSetup = false;
  let statementStart = true;
  for (const line of lines) {
    const onLine: Piece[] = [];
    while (next < pieces.length && pieces[next]!.start < line.end) onLine.push(pieces[next++]!);
    const raw = body.slice(line.start, line.end);
    if (onLine.length === 0) {
      // No token: blank, or only characters no token starts with (kept as written, less the margin and the end's spaces).
      const indent = inSetup ? INDENT : "";
      out.push(HORIZONTAL_SPACE.test(raw) ? { text: "", blank: true, header: false, comment: false } : { text: indent + trimSpaces(raw), blank: false, header: false, comment: false });
      continue;
    }
    statementStart = true;
    const first = onLine[0]!;
    const firstWord = first.comment ? "" : first.image.toLowerCase();
    const indent = inSetup && firstWord !== "}" && firstWord !== "setup" && firstWord !== "scenario" ? INDENT : "";
    let textOut = "";
    const lead = body.slice(line.start, first.start);
    // A margin of anything but spaces and tabs (characters no token starts with) is kept as written.
    if (!HORIZONTAL_SPACE.test(lead)) textOut += lead;
    else textOut += indent;
    for (let i = 0; i < onLine.length; i++) {
      const piece = onLine[i]!;
      if (i > 0) textOut += gap(body.slice(onLine[i - 1]!.end, piece.start), onLine[i - 1]!, piece);
      textOut += piece.comment ? piece.image.replace(/[ \t]+$/, "") : piece.image;
      if (!piece.comment) {
        const word = piece.image.toLowerCase();
        if (statementStart && word === "setup") inSetup = true;
        else if (statementStart && word === "scenario") inSetup = false;
        else if (word === "}" && inSetup) inSetup = false;
        statementStart = word === ";";
      }
    }
    const tail = body.slice(onLine[onLine.length - 1]!.end, line.end);
    if (!HORIZONTAL_SPACE.test(tail)) textOut += tail.replace(/[ \t]+$/, "");
    out.push({ text: textOut, blank: false, header: firstWord === "scenario", comment: first.comment });
  }

  // Blank lines: one where there were several, none at the ends, one before each scenario and the comments just above it.
  const kept: string[] = [];
  for (let i = 0; i < out.length; i++) {
    const line = out[i]!;
    if (line.blank) {
      if (kept.length > 0 && kept[kept.length - 1] !== "") kept.push("");
      continue;
    }
    if (kept.length > 0 && kept[kept.length - 1] !== "" && (line.header || (line.comment && opensScenario(out, i)))) {
      // Unless this comment block is already tied to the line above (the previous line is a comment too).
      if (!(line.comment && out[i - 1]?.comment) && !(line.header && out[i - 1]?.comment)) kept.push("");
    }
    kept.push(line.text);
  }
  while (kept.length > 0 && kept[kept.length - 1] === "") kept.pop();
  return bom + kept.join(eol) + (kept.length ? eol : "");
}

/** Spaces and tabs off both ends (other white space, such as U+2028 or a no-break space, is kept as written). */
const trimSpaces = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, "");

/** Whether the own-line comments from line i on lead straight (no blank line) to a scenario header. */
function opensScenario(lines: { blank: boolean; header: boolean; comment: boolean }[], i: number): boolean {
  let j = i;
  while (j < lines.length && lines[j]!.comment && !lines[j]!.blank) j++;
  return lines[j]?.header === true;
}

/** The white space between two pieces on one line. */
function gap(between: string, before: Piece, after: Piece): string {
  // Characters no token starts with are kept as written, with the spaces around them.
  if (!HORIZONTAL_SPACE.test(between)) return between;
  // The space before a trailing comment is the author's (comments are often aligned in a column).
  if (after.comment) return between === "" ? " " : between;
  if (TIGHT_BEFORE.has(after.image)) return "";
  if (between === "") return SPACE_AFTER.has(before.image) && !before.comment ? " " : "";
  return " ";
}

// ---------------------------------------------------------------------------------------
// Reading back

const LAYOUT_KEYS: ReadonlySet<string> = new Set(["range", "gameRange", "line", "phaseLine", "file"]);
const withoutLayout = (value: unknown) => withoutKeys(value, LAYOUT_KEYS);

const meaningOf = (text: string, file: string) => {
  const parsed = parseScenarios(text, file);
  return JSON.stringify(withoutLayout({ scenarios: parsed.scenarios, errors: parsed.errors }));
};

/** Why `output` may not replace `source`, or undefined. */
function readsBackProblem(source: string, output: string, file: string): string | undefined {
  const visible = (s: string) => s.replace(/\s+/g, "");
  if (visible(source) !== visible(output)) return "change characters other than white space";
  if (meaningOf(source, file) !== meaningOf(output, file)) return "read differently as scenarios";
  const again = layout(output);
  if (typeof again !== "string" || again !== output) return "not stay the same when formatted again";
  return undefined;
}
