/**
 * How the search bot names an action: by what the bot can tell apart. A card it cannot see is
 * named by its definition (what it is, not which instance); a card in a hand or a graveyard is
 * named by everything about it but its instance id, so two copies of a card in hand are one
 * action, not two (fewer, better-visited branches). Cards in play keep their ids: damage,
 * modifiers and attachments make copies there differ.
 */
import type { Action, Engine, GameState } from "../index.ts";
import type { WorldSampler } from "./determinize.ts";

export class ActionNamer {
  private readonly interchangeableZones: ReadonlySet<string>;

  constructor(
    engine: Engine,
    private readonly sampler: WorldSampler,
  ) {
    this.interchangeableZones = new Set([engine.rules.zones.hand, engine.rules.zones.graveyard]);
  }

  /** A card as the bot names it. */
  card(state: GameState, id: string): string {
    const card = state.cards[id];
    if (!card) return id;
    if (this.sampler.unseen(state, id)) return `?${card.def}`;
    if (!this.interchangeableZones.has(card.zone)) return id;
    const { id: _id, ...rest } = card;
    return `=${JSON.stringify(rest)}`;
  }

  key(state: GameState, action: Action): string {
    return JSON.stringify(action, (field, value) => (typeof value !== "string" || field === "type" || field === "player" || field === "move" || field === "color" || field === "ability" ? value : this.card(state, value)));
  }

  /** The actions by name, the first of each name kept (the one the bot plays). */
  group(state: GameState, actions: readonly Action[]): Map<string, Action> {
    const byKey = new Map<string, Action>();
    for (const action of actions) {
      const key = this.key(state, action);
      if (!byKey.has(key)) byKey.set(key, action);
    }
    return byKey;
  }
}
