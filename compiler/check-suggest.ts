/**
 * "Did you mean ...?" — the closest spelling among a game's declared names.
 * Case-insensitive (the card language is), edit distance from `fastest-levenshtein`, with a
 * threshold that grows with the word so that short words do not "correct" to unrelated ones
 * (the TypeScript compiler's rule of thumb: at most about a third of the word may differ).
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
    const d = distance(lowered, other);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
