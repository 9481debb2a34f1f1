/**
 * A game's rules text, cut into clauses with stable ids, so scenarios can say which clauses they
 * exercise (`covers: 16.1b`) and a coverage table can list every clause (scripts/coverage.ts).
 *
 * A clause is one sentence. Its id is the number of the section it is in followed by letters
 * counting its sentences within that section: a, b, ..., z, aa, ab, ... (`16.1b` is the second
 * sentence of section 16.1).
 * - A text with numbered headings (`1. Overview`, `4.1 Creatures`, `16.1 Attacking with a Weapon`)
 *   has those sections; a heading counts only if it is the next number after the section before
 *   it (the next at its level, or the first one below), so a numbered line of a list (`30 Life`,
 *   `1 Red Facet → ...`) is a sentence, not a heading. Text before the first heading is section 0.
 *   The heading lines themselves are not clauses.
 * - A text without them (CYBERVAMP, Three-Slot Duel) has one section per paragraph (a non-empty
 *   line), numbered from 1 in order: `7b` is the second sentence of the seventh paragraph.
 * Sentences end at `.`, `!` or `?` (a closing quote stays with its sentence) followed by a space
 * and a capital, a digit or an opening quote. Pure text work: no game, no disk.
 */

export interface RulesClause {
  /** `16.1b`, `7b`, `0a`. */
  id: string;
  /** The section it is in (`16.1`, `7`). */
  section: string;
  /** The section's heading, when the text numbers its sections. */
  heading?: string;
  text: string;
  /** 1-based line of the rules text. */
  line: number;
}

/** a, b, ..., z, aa, ab, ... for 0, 1, ..., 25, 26, 27, ... */
export function clauseLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const digit = (n - 1) % 26;
    out = String.fromCharCode(97 + digit) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const HEADING = /^(\d+(?:\.\d+)*)\.?\s+(\S.*)$/;

/** Is `next` the section that may follow `current`: the next at one of its levels, or its first sub-section? */
function follows(current: number[], next: number[]): boolean {
  if (next.length === current.length + 1 && next.slice(0, -1).every((n, i) => n === current[i]) && next[next.length - 1] === 1) return true;
  for (let level = 1; level <= current.length; level++) {
    if (next.length === level && next.slice(0, -1).every((n, i) => n === current[i]) && next[level - 1] === current[level - 1]! + 1) return true;
  }
  return false;
}

/** The sentences of a paragraph. */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function rulesClauses(text: string): RulesClause[] {
  const paragraphs = text
    .split("\n")
    .map((line, i) => ({ text: line.trim(), line: i + 1 }))
    .filter((p) => p.text);
  const numbered = paragraphs.some((p) => {
    const m = HEADING.exec(p.text);
    return m?.[1] === "1" && !/[.:]$/.test(m[2]!);
  });
  const out: RulesClause[] = [];
  let section = numbered ? "0" : "";
  let heading: string | undefined;
  let count = 0;
  let current = [0];
  for (const [index, p] of paragraphs.entries()) {
    if (numbered) {
      const m = HEADING.exec(p.text);
      const number = m?.[1]?.split(".").map(Number);
      if (m && number && !/[.:]$/.test(m[2]!) && /^[A-Z]/.test(m[2]!) && follows(current, number)) {
        current = number;
        section = m[1]!;
        heading = m[2]!;
        count = 0;
        continue;
      }
    } else {
      section = String(index + 1);
      count = 0;
    }
    for (const sentence of sentencesOf(p.text)) {
      out.push({ id: `${section}${clauseLetters(count++)}`, section, ...(heading ? { heading } : {}), text: sentence, line: p.line });
    }
  }
  return out;
}
