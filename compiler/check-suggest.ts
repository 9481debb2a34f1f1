/**
 * "Did you mean ...?" — the closest spelling among a game's declared names.
 * Case-insensitive (the card language is), edit distance from `fastest-levenshtein`, with a
 * threshold that grows with the word so that short words do not "correct" to unrelated ones
 * (the TypeScript compiler's rule of thumb: at most about a third of the word may differ).
 * A swap of two neighbouring letters counts as one edit (Damerau), which plain Levenshtein counts as two.
 */
import { distance } from "fastest-levenshtein";

export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const lowered = word.toLowerCase();
  const limit = Math.max(1, Math.floor(lowered.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    if (other === lowered) return candidate;
    // Cheap length filter first: the distance is at least the difference in length.
    if (Math.abs(other.length - lowered.length) > limit) continue;
    const d = isOneTransposition(lowered, other) ? 1 : distance(lowered, other);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** `Rde` for `Red`: two neighbouring letters swapped, the commonest typo, counts as one edit. */
export function isOneTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
