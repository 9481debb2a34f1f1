/**
 * The formatter's safety net: formatted text is written only when it reads back as what the
 * designer wrote. The output is parsed again and must give the same tree (ranges and comment
 * placement aside), the same words, numbers, strings and comments (as a multiset: canonical
 * forms move a leading "Until end of turn," to the end), and format to itself. A formatter bug
 * then costs a refusal (CW3010), never a lost character. Browser-safe.
 */
import type * as A from "./ast.ts";
import { parseDocument } from "./build.ts";
import { formatDocument } from "./format.ts";
import { lowerCaseWord, tokenize } from "../grammar/lexer.ts";

/** Why `output` may not replace `source` (a phrase after "the formatted text would"), or undefined when it may. */
export function formattingProblem(source: string, sourceDoc: A.Document, output: string, file: string): string | undefined {
  const reparsed = parseDocument(output, file);
  const error = reparsed.diagnostics.find((d) => d.severity === "error");
  if (error) return `not parse back (line ${error.range.start.line}: ${error.message})`;
  const before = wordsOf(source);
  const after = wordsOf(output);
  const lost = difference(before, after);
  if (lost) return `drop ${lost}`;
  const added = difference(after, before);
  if (added) return `add ${added}`;
  const where = firstDifference(withoutLayout(sourceDoc), withoutLayout(reparsed.document), "");
  if (where !== undefined) return `read differently (at ${where || "the file"})`;
  if (formatDocument(reparsed.document) !== output) return "not stay the same when formatted again";
  return undefined;
}

const PUNCTUATION = new Set(["Colon", "Period", "Comma", "Semicolon", "Equals", "LParen", "RParen", "LBracket", "RBracket", "LBrace", "RBrace", "Plus", "Slash", "Dash", "Bullet"]);

/** Every word, number, symbol, string and comment of a text, in a comparable spelling. */
function wordsOf(text: string): Map<string, number> {
  const { tokens, comments } = tokenize(text);
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const t of tokens) {
    if (PUNCTUATION.has(t.tokenType.name)) continue;
    if (t.tokenType.name === "StringLiteral") add(`the string "${t.image.slice(1, -1).replace(/\\(.)/g, "$1")}"`);
    else add(`the word "${lowerCaseWord(t.image).replace(/’/g, "'")}"`);
  }
  for (const c of comments) add(`the comment "${c.image.slice(1).trim()}"`);
  return counts;
}

/** The first entry `a` has more often than `b`. */
function difference(a: Map<string, number>, b: Map<string, number>): string | undefined {
  for (const [key, count] of a) if ((b.get(key) ?? 0) < count) return key;
  return undefined;
}

const LAYOUT_KEYS: ReadonlySet<string> = new Set(["range", "textRange", "file", "trailing"]);
const withoutLayout = (value: unknown) => withoutKeys(value, LAYOUT_KEYS);

/** A parsed tree with the given keys (its layout: ranges, file names) and undefined entries left out, to compare meanings. */
export function withoutKeys(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, keys));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!keys.has(k) && v !== undefined) out[k] = withoutKeys(v, keys);
    return out;
  }
  return value;
}

/** The path of the first place two layout-free trees differ, or undefined when they are equal. */
function firstDifference(a: unknown, b: unknown, at: string): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return at;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
