/**
 * Mutated bundled files: a case names one of the repository's game, card or scenario files and a
 * few edits (insert, delete, replace, duplicate) made of the snippets the issue-13 run found
 * hostile — long comment headers, "İ", U+2028, a BOM, `__proto__`, huge counts, unbalanced
 * braces and quotes, unreadable characters. Cases are JSON, so a failure is saved as a fixture.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

export const BUNDLED_FILES = [
  "cards/duel/duel.game",
  "cards/duel/core.cards",
  "cards/duel/scenarios/turn.scenario",
  "cards/chromatic/chromatic.game",
  "cards/chromatic/core.cards",
  "cards/cybervamp/cybervamp.game",
  "cards/cybervamp/core.cards",
] as const;

const cache = new Map<string, string>();
export function bundled(path: string): string {
  let text = cache.get(path);
  if (text === undefined) cache.set(path, (text = readFileSync(repo + path, "utf8")));
  return text;
}

export const SNIPPETS = [
  "İ", "İnfo: 3\n", "\u2028", "\u2029", "\ufeff", "\u00a0", "\u202e", "🂡", "\u0000", "\ud800", "€",
  "#" + "x".repeat(4100) + "\n", "\n".repeat(50), "# header\n".repeat(30),
  " __proto__ ", " constructor ", " toString ", "phase __proto__\n", "param constructor = 1\n", "counter __proto__\n",
  "scenario", "game", "set", 'card "', "{", "}", '"', "\\", ":", ".", ",", "—", "•",
  " x999999999", " x2000000", " 99999999999999999999 ", " -3 ", " X ",
  "W".repeat(2000), "Overlong".repeat(200), "\t", "\r\n", "\r",
  'card "Dup" {\n  type: Unit\n}\n', "text:\n  Draw a card.\n", "When this enters play, draw a card.",
] as const;

export type Edit = { kind: "insert" | "replace"; at: number; length: number; snippet: number } | { kind: "delete" | "duplicate"; at: number; length: number };

export interface TextCase {
  file: number;
  edits: Edit[];
}

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom("insert" as const, "replace" as const), at: fc.nat(1_000_000), length: fc.nat(40), snippet: fc.nat(SNIPPETS.length - 1) }),
  fc.record({ kind: fc.constantFrom("delete" as const, "duplicate" as const), at: fc.nat(1_000_000), length: fc.nat(400) }),
);

export const textCaseArb: fc.Arbitrary<TextCase> = fc.record({ file: fc.nat(BUNDLED_FILES.length - 1), edits: fc.array(editArb, { minLength: 1, maxLength: 4 }) });

export function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    const end = Math.min(out.length, at + e.length);
    if (e.kind === "insert") out = out.slice(0, at) + SNIPPETS[e.snippet % SNIPPETS.length] + out.slice(at);
    else if (e.kind === "replace") out = out.slice(0, at) + SNIPPETS[e.snippet % SNIPPETS.length] + out.slice(end);
    else if (e.kind === "delete") out = out.slice(0, at) + out.slice(end);
    else out = out.slice(0, end) + out.slice(at, end) + out.slice(end);
  }
  return out;
}

/** The mutated file of a case, with the game file it belongs to (itself, for a game file). */
export function filesOf(c: TextCase): { path: string; text: string; game: { path: string; text: string } } {
  const path = BUNDLED_FILES[c.file % BUNDLED_FILES.length]!;
  const text = applyEdits(bundled(path), c.edits);
  const gameId = path.split("/")[1]!;
  const gamePath = `cards/${gameId}/${gameId}.game`;
  return { path, text, game: { path: gamePath, text: gamePath === path ? text : bundled(gamePath) } };
}
