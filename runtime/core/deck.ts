/**
 * Deck construction rules from the game file (`deck min/max/copies`, `rarity <Name> max N`),
 * checked all at once: every violation is listed, not only the first. A game whose cards are
 * split into several decks (a Main Deck and a Land Deck) has a mechanics module divide the list
 * into parts (`deckParts`); each part has its own size and copy limits.
 */
import type { CompiledCard } from "../../compiler/ir.ts";
import { mechanicsOf } from "./mechanics.ts";
import type { Rules } from "./rules.ts";

export interface DeckViolation {
  /** `deck_too_small` etc. for the whole deck; a part's own codes are prefixed with its id (`land_deck_too_small`). */
  code: "deck_too_small" | "deck_too_large" | "too_many_copies" | "unknown_card" | "token_in_deck" | `${string}_deck_too_small` | `${string}_deck_too_large`;
  message: string;
  card?: string;
}

/** One deck of a player's list: its cards and limits (undefined = no limit). */
export interface DeckPart {
  /** "deck" for the whole list, or a prefix for the codes of a part ("land_deck" → land_deck_too_small). */
  id: "deck" | `${string}_deck`;
  /** The name messages use ("deck", "Main Deck", "Land Deck"). */
  name: string;
  cards: CompiledCard[];
  min?: number;
  max?: number;
  copies?: number;
}

export function validateDeck(rules: Rules, cards: string[]): DeckViolation[] {
  const { game } = rules;
  const out: DeckViolation[] = [];
  const defs: CompiledCard[] = [];
  for (const entry of cards) {
    const def = rules.cards.get(entry) ?? rules.byName.get(entry.toLowerCase());
    if (!def) {
      out.push({ code: "unknown_card", message: `unknown card "${entry}"`, card: entry });
      continue;
    }
    if (def.isToken) out.push({ code: "token_in_deck", message: `"${def.name}" is a token and cannot be in a deck`, card: def.name });
    defs.push(def);
  }
  const whole: DeckPart = { id: "deck", name: "deck", cards: defs, ...game.deck };
  const parts = mechanicsOf(rules).map((m) => m.deckParts?.(rules, defs)).find((p) => p !== undefined) ?? [whole];
  for (const part of parts) {
    const size = part.cards.length;
    const what = part.id === "deck" ? "the deck" : `the ${part.name}`;
    if (part.min !== undefined && size < part.min) out.push({ code: part.id === "deck" ? "deck_too_small" : `${part.id}_too_small`, message: `${what} has ${size} cards; at least ${part.min} are required` });
    if (part.max !== undefined && size > part.max) out.push({ code: part.id === "deck" ? "deck_too_large" : `${part.id}_too_large`, message: `${what} has ${size} cards; at most ${part.max} are allowed` });
    const counts = new Map<string, { def: CompiledCard; count: number }>();
    for (const def of part.cards) counts.set(def.id, { def, count: (counts.get(def.id)?.count ?? 0) + 1 });
    for (const { def, count } of counts.values()) {
      const rarity = def.rarity ? game.rarities.find((r) => r.name.toLowerCase() === def.rarity!.toLowerCase()) : undefined;
      const limit = rarity?.max ?? part.copies;
      if (limit !== undefined && count > limit) {
        const why = rarity?.max !== undefined ? `${rarity.name} cards are limited to ${limit}` : `at most ${limit} copies of a card${part.id === "deck" ? "" : ` in the ${part.name}`}`;
        out.push({ code: "too_many_copies", message: `${count} copies of "${def.name}": ${why}`, card: def.name });
      }
    }
  }
  return out;
}
