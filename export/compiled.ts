/**
 * The compiled effect IR embedded in the JSON export: the lowering (compiler/lower.ts) gives one
 * `CompiledBundle` per game; this adapter picks a game's bundle apart for the document.
 */
import type { CompiledBundle, CompiledCard, CompiledGame } from "../compiler/ir.ts";
import type { GameModel } from "../compiler/model.ts";

export interface CompiledForExport {
  game: CompiledGame;
  /** Compiled cards by card name (names are unique within a game). */
  cards: Map<string, CompiledCard>;
}

export class MissingCompilationError extends Error {}

export function compiledForGame(bundles: CompiledBundle[] | undefined, game: GameModel): CompiledForExport {
  const bundle = bundles?.find((candidate) => candidate.game.id.toLowerCase() === game.id.toLowerCase());
  if (!bundle) {
    throw new MissingCompilationError(
      `no compiled bundle for game "${game.id}": the JSON export needs the lowering's output (use exportSources, or pass options.bundles from lowerWorkspace)`,
    );
  }
  const cards = new Map<string, CompiledCard>();
  for (const card of bundle.cards) {
    cards.set(card.name, card);
    if (!cards.has(card.name.toLowerCase())) cards.set(card.name.toLowerCase(), card);
  }
  return { game: bundle.game, cards };
}

/** Every token name a card's compiled abilities create, with the amount when it is a fixed number. */
export function createdTokens(card: CompiledCard): { name: string; count?: number }[] {
  const found: { name: string; count?: number }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (record["op"] === "create_token" && typeof record["token"] === "object" && record["token"] !== null) {
        const name = (record["token"] as { name?: unknown }).name;
        if (typeof name === "string") found.push(typeof record["amount"] === "number" ? { name, count: record["amount"] } : { name });
      }
      Object.values(record).forEach(visit);
    }
  };
  visit(card.abilities);
  return found;
}
