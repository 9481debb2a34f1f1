/**
 * How good a position looks to a player: the greedy bot's whole judgement and the search bot's
 * estimate where it stops looking ahead. A weighted sum of what both players have, mine minus
 * theirs — life (with the pool damage reduces first, `damage_absorbed_by` — Chromatic's Armor —
 * counted as life: damage takes it before any life), cards in hand, permanents in play, the stats of those permanents, resources
 * (capacities, lands in play — what a land produces when exhausted — and cards kept in the game's
 * other public zones, such as Facets), minus counters on
 * the player (Bleed) — with the weights read from the game file's `bot_*` params
 * (compiler/contract.ts), so a designer tunes the bots of a game in its game file. A finished game
 * is worth a win or a loss outright.
 */
import type { Engine, GameState, PlayerId } from "../index.ts";
import { isLandCard } from "../mechanics/lands.ts";
import { armorPool } from "../mechanics/weapons.ts";

export interface EvaluationWeights {
  life: number;
  hand: number;
  permanent: number;
  stat: number;
  resource: number;
  playerCounterPenalty: number;
}

/** The weights when a game file says nothing: life and board first, cards in hand next. */
export const DEFAULT_WEIGHTS: EvaluationWeights = { life: 4, hand: 3, permanent: 4, stat: 2, resource: 1, playerCounterPenalty: 2 };

/** Worth of a won game (far above any position's score). */
export const WIN_SCORE = 1_000_000;

export function weightsOf(engine: Engine): EvaluationWeights {
  const { rules } = engine;
  return {
    life: rules.param("bot_life_weight", DEFAULT_WEIGHTS.life),
    hand: rules.param("bot_hand_weight", DEFAULT_WEIGHTS.hand),
    permanent: rules.param("bot_permanent_weight", DEFAULT_WEIGHTS.permanent),
    stat: rules.param("bot_stat_weight", DEFAULT_WEIGHTS.stat),
    resource: rules.param("bot_resource_weight", DEFAULT_WEIGHTS.resource),
    playerCounterPenalty: rules.param("bot_player_counter_penalty", DEFAULT_WEIGHTS.playerCounterPenalty),
  };
}

export class Evaluator {
  readonly weights: EvaluationWeights;
  /** The score difference worth about 73% to win (a logistic's unit): a quarter of a player's starting life, weighted. */
  readonly scale: number;
  private readonly battlefield: string;
  private readonly hand: string;
  private readonly stats: readonly string[];
  /** Public zones besides play, graveyard and removal (Facets, ...): cards there are resources. */
  private readonly resourceZones: readonly string[];
  /** Resources one land in play stands for (`land_produces`), and which definitions are lands (cached per definition id). */
  private readonly perLand: number;
  private readonly lands = new Map<string, boolean>();
  /** The resource damage to a player reduces before life (`damage_absorbed_by`), if the game has one. */
  private readonly armor: string;

  constructor(private readonly engine: Engine) {
    const { rules } = engine;
    this.weights = weightsOf(engine);
    this.battlefield = rules.zones.battlefield;
    this.hand = rules.zones.hand;
    this.stats = rules.game.stats;
    const roles = new Set(Object.values(rules.zones));
    this.resourceZones = rules.game.zones.filter((z) => z.visibility === "public" && !roles.has(z.name)).map((z) => z.name);
    this.perLand = Math.max(1, rules.param("land_produces", 1));
    this.armor = armorPool(rules);
    this.scale = Math.max(1, (this.weights.life * rules.param("starting_life", 20)) / 4);
  }

  /** What a player has, weighted (not yet compared with the opponent). */
  private side(state: GameState, player: PlayerId, stats: number): number {
    const w = this.weights;
    const p = state.players[player]!;
    let score = w.life * (p.life + (this.armor ? (p.resources[this.armor] ?? 0) : 0)) + w.hand * (p.zones[this.hand]?.length ?? 0);
    const inPlay = p.zones[this.battlefield] ?? [];
    score += w.permanent * inPlay.length + w.stat * stats;
    let resources = 0;
    for (const id of inPlay) if (this.isLand(state, id)) resources += this.perLand;
    // The absorbing pool is life, above (its capacity entry is only its starting value).
    for (const name in p.capacity) if (name !== this.armor) resources += p.capacity[name]!;
    for (const zone of this.resourceZones) resources += p.zones[zone]?.length ?? 0;
    score += w.resource * resources;
    let counters = 0;
    for (const name in p.counters) counters += p.counters[name]!;
    return score - w.playerCounterPenalty * counters;
  }

  private isLand(state: GameState, id: string): boolean {
    const def = state.cards[id]?.def;
    if (def === undefined) return false;
    let land = this.lands.get(def);
    if (land === undefined) {
      const card = this.engine.rules.cards.get(def);
      this.lands.set(def, (land = card !== undefined && isLandCard(this.engine.rules, card)));
    }
    return land;
  }

  /** The position's score for `me`: mine minus the opponent's; ±WIN_SCORE once the game is over (0 for a draw). */
  score(state: GameState, me: PlayerId): number {
    if (state.over) return state.winner === me ? WIN_SCORE : state.winner === null || state.winner === "draw" ? 0 : -WIN_SCORE;
    const stats = this.statTotals(state);
    let total = 0;
    for (const [i, player] of state.order.entries()) total += player === me ? this.side(state, player, stats[i]!) : -this.side(state, player, stats[i]!);
    return total;
  }

  /**
   * Each player's (in `state.order`) sum of the stats of their cards in play, read at once: the
   * continuous effects in force are worked out once per position, not once per card and stat (that
   * was half of the greedy bot's time).
   */
  private statTotals(state: GameState): number[] {
    const inPlay = state.order.map((player) => state.players[player]!.zones[this.battlefield] ?? []);
    if (this.weights.stat === 0) return inPlay.map(() => 0);
    const rows = this.engine.stats(state, inPlay.flat(), this.stats);
    let row = 0;
    return inPlay.map((cards) => {
      let sum = 0;
      for (let i = 0; i < cards.length; i++) for (const value of rows[row++]!) sum += Math.max(0, value);
      return sum;
    });
  }

  /** The score as a chance to win in [0, 1] (logistic in `scale`); exactly 1, 0 or ½ once the game is over. */
  value(state: GameState, me: PlayerId): number {
    if (state.over) return state.winner === me ? 1 : state.winner === null || state.winner === "draw" ? 0.5 : 0;
    return this.chance(this.score(state, me));
  }

  /** A score (for a position not yet over) as a chance to win: a logistic in `scale`. */
  chance(score: number): number {
    return 1 / (1 + Math.exp(-score / this.scale));
  }
}
