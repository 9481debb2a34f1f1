/**
 * Hidden information for the search bot: what a player cannot see (the order of every deck, the
 * cards in the opponent's hand) is sampled afresh for each simulated game — a world consistent
 * with what the player knows. Card instances keep their ids and places; only which card an
 * unseen instance is (its definition) is dealt again among the unseen instances of the same
 * player, so every count the player can see (hand sizes, deck sizes) stays true, and the actions
 * the player can take (which name only cards it can see) mean the same in every world. When a
 * player has several hidden zones (a main deck and a land deck), cards are dealt only among
 * instances of the same card type, so each deck keeps the kinds of card it may hold. The world
 * also gets a generator of its own: the real game's future draws are not known either.
 *
 * Known limits: a card once revealed and then hidden again (returned to a hand, put back into a
 * deck) is treated as unseen; the order of a deck a card let the player look at is forgotten.
 */
import type { Engine, GameState, PlayerId } from "../index.ts";
import type { CardInstance } from "../state/state.ts";
import { seedRng } from "../state/rng.ts";
import type { BotRandom } from "./random.ts";

export class WorldSampler {
  /** Zone name → who may see its cards: nobody (hidden) or its player (private); other zones are public. */
  private readonly visibility = new Map<string, "hidden" | "private">();
  /** Zones hidden from everyone, per zone name. */
  private readonly hiddenZones: readonly string[];
  private readonly privateZones: readonly string[];

  constructor(
    private readonly engine: Engine,
    readonly observer: PlayerId,
  ) {
    for (const zone of engine.rules.game.zones) if (zone.visibility !== "public") this.visibility.set(zone.name, zone.visibility);
    this.hiddenZones = [...this.visibility].filter(([, v]) => v === "hidden").map(([z]) => z);
    this.privateZones = [...this.visibility].filter(([, v]) => v === "private").map(([z]) => z);
  }

  /** Whether the observer cannot tell which card this instance is. */
  unseen(state: GameState, id: string): boolean {
    const card = state.cards[id];
    if (!card) return false;
    const visibility = this.visibility.get(card.zone);
    return visibility === "hidden" || (visibility === "private" && card.owner !== this.observer && card.controller !== this.observer);
  }

  /** The unseen instances of each player, grouped as their definitions may be dealt among them. */
  private groups(state: GameState): string[][] {
    const groups: string[][] = [];
    for (const player of state.order) {
      const zones = state.players[player]!.zones;
      const unseen: string[] = [];
      for (const zone of this.hiddenZones) for (const id of zones[zone] ?? []) unseen.push(id);
      if (player !== this.observer) for (const zone of this.privateZones) for (const id of zones[zone] ?? []) unseen.push(id);
      const hiddenZoneCount = this.hiddenZones.filter((z) => (zones[z]?.length ?? 0) > 0).length;
      if (hiddenZoneCount <= 1) {
        groups.push(unseen);
        continue;
      }
      const byType = new Map<string, string[]>();
      for (const id of unseen) {
        const def = this.engine.rules.cards.get(state.cards[id]!.def);
        const type = def?.cardType ?? "";
        let group = byType.get(type);
        if (!group) byType.set(type, (group = []));
        group.push(id);
      }
      groups.push(...byType.values());
    }
    return groups;
  }

  /**
   * A world: the state with every unseen instance dealt a definition again (a shuffle of the
   * definitions within each group) and a new generator. Shares everything it does not change
   * with `state` (the engine's `apply` never changes the state it is given).
   */
  sample(state: GameState, random: BotRandom): GameState {
    const cards: Record<string, CardInstance> = { ...state.cards };
    for (const group of this.groups(state)) {
      if (group.length < 2) continue;
      const defs = group.map((id) => cards[id]!.def);
      for (let i = defs.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        const t = defs[i]!;
        defs[i] = defs[j]!;
        defs[j] = t;
      }
      for (let i = 0; i < group.length; i++) {
        const id = group[i]!;
        if (cards[id]!.def === defs[i]) continue;
        cards[id] = { ...cards[id]!, def: defs[i]!, isToken: this.engine.rules.cards.get(defs[i]!)?.isToken ?? false };
      }
    }
    return { ...state, cards, rng: seedRng(random.seed()) };
  }
}
