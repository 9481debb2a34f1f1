/**
 * Deck construction rules from the game file (`deck min/max/copies`, `rarity <Name> max N`),
 * checked all at once: every violation is listed, not only the first.
 */
import type { Rules } from "./rules.ts";

export interface DeckViolation {
  code: "deck_too_small" | "deck_too_large" | "too_many_copies" | "unknown_card" | "token_in_deck";
  message: string;
  card?: string;
}

export function validateDeck(rules: Rules, cards: string[]): DeckViolation[] {
  const { game } = rules;
  const out: DeckViolation[] = [];
  const counts = new Map<string, number>();
  for (const entry of cards) {
    const def = rules.cards.get(entry) ?? rules.byName.get(entry.toLowerCase());
    if (!def) {
      out.push({ code: "unknown_card", message: `unknown card "${entry}"`, card: entry });
      continue;
    }
    if (def.isToken) out.push({ code: "token_in_deck", message: `"${def.name}" is a token and cannot be in a deck`, card: def.name });
    counts.set(def.id, (counts.get(def.id) ?? 0) + 1);
  }
  if (game.deck.min !== undefined && cards.length < game.deck.min) out.push({ code: "deck_too_small", message: `the deck has ${cards.length} cards; at least ${game.deck.min} are required` });
  if (game.deck.max !== undefined && cards.length > game.deck.max) out.push({ code: "deck_too_large", message: `the deck has ${cards.length} cards; at most ${game.deck.max} are allowed` });
  for (const [id, count] of counts) {
    const def = rules.cards.get(id)!;
    const rarity = def.rarity ? game.rarities.find((r) => r.name.toLowerCase() === def.rarity!.toLowerCase()) : undefined;
    const limit = rarity?.max ?? game.deck.copies;
    if (limit !== undefined && count > limit) {
      const why = rarity?.max !== undefined ? `${rarity.name} cards are limited to ${limit}` : `at most ${limit} copies of a card`;
      out.push({ code: "too_many_copies", message: `${count} copies of "${def.name}": ${why}`, card: def.name });
    }
  }
  return out;
}
