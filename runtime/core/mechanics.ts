/**
 * Mechanics modules: game rules beyond the core (Mana capacity and Shattering, Facets and
 * enhancements, weapons and an Armor pool, damage combat, ...). Each module registers one
 * `Mechanic`; `applies(rules)` decides from the game file's parameters whether it is part of a
 * game, so nothing here or in the core names a game. The core calls these hooks at a few
 * documented points (search for `mechanicsOf`): setup, legal actions and their validation, the
 * play of a card, card damage, the Armor-like pool reaching 0, and
 * whether an ability of a card is in effect.
 */
import type { Ability, CompiledCard, TargetSpec, CostPart, EventKind, SourceRef } from "../../compiler/ir.ts";
import type { Action, Payment, Refusal } from "./action.ts";
import type { Ctx } from "./cards.ts";
import type { GameEventData } from "./triggers.ts";
import type { Rules } from "./rules.ts";
import { perGame } from "./per-game.ts";
import type { Frame, LastingEffect, PlayerId, TargetValue } from "../state/state.ts";
import type { TraceEvent } from "../state/trace.ts";
import type { DeckPart } from "./deck.ts";

/** A move a mechanics module defines (`legalActions` lists them like any other action). */
export interface GameMove {
  type: "game";
  player: PlayerId;
  /** The move's name: "harvest", "shatter", "switch", "attack" (an attack by a card the core's attacks do not cover: a Weapon), ... */
  move: string;
  card?: string;
  /** A second card the move names (the Facet a harvest replaces). */
  other?: string;
  target?: TargetValue;
  color?: string;
}

export interface Mechanic {
  name: string;
  applies(rules: Rules): boolean;
  /** A new game or a scenario board is being built (before decks and the board are placed). */
  setup?(ctx: Ctx): void;
  /** Extra legal-action candidates for the deciding player (validated like any action). */
  candidates?(ctx: Ctx, player: PlayerId, window: boolean): Action[];
  /** Validates one of its own moves; undefined when the move is not this module's. */
  validateMove?(ctx: Ctx, move: GameMove): Refusal | null | undefined;
  /** Performs one of its own moves; returns false when it is not this module's. */
  performMove?(ctx: Ctx, move: GameMove): boolean;
  /** A further refusal of a core action the core itself accepts (phase limits, one weapon...). */
  refine?(ctx: Ctx, action: Action): Refusal | null;
  /** Does playing this card choose its targets after the play action (as its abilities are selected)? */
  targetsOnCast?(ctx: Ctx, def: CompiledCard): boolean;
  /** May this permanent be played whenever its player has priority, like a spell (Ambush)? */
  anyTime?(ctx: Ctx, card: string): boolean;
  /** May a target spec of `controller`'s spell or ability choose this card? false forbids it (Shroud, Taunt). */
  targetAllowed?(ctx: Ctx, spec: TargetSpec, controller: PlayerId, card: string, options: string[]): boolean;
  /**
   * A card's cost is paid (`x`: the X chosen in it; `paid`: the cards the payment took, by compiler/ir.ts PAID_LABELS — the
   * frames that resolve the card start with them): return true to take over the rest of the play.
   */
  play?(ctx: Ctx, card: string, player: PlayerId, permanent: boolean, targets: TargetValue[], x: number | undefined, paid: Record<string, string[]>): boolean;
  /** Is this ability of this card in effect now? (false switches it off everywhere: triggers, statics, keywords) */
  abilityActive?(ctx: Ctx, card: string, ability: Ability): boolean;
  /** Damage was marked on a card in play. */
  cardDamaged?(ctx: Ctx, card: string, amount: number, from: string | undefined): void;
  /** A player's damage-absorbing pool (`damage_absorbed_by`) reached 0 while absorbing damage. */
  poolDepleted?(ctx: Ctx, player: PlayerId, pool: string, source: SourceRef | undefined): void;
  /**
   * Cost parts the core does not pay itself (symbols paid by exhausting lands): a refusal, null if payable, undefined if not
   * this module's. `built`: the payment is one the game's `paymentOptions` hooks just built for this state and cost (the
   * listing of legal actions): a module whose options pay its parts by construction need not check them again. The
   * validation of an action passes false (test/runtime/legal-actions.test.ts holds the listing to it).
   */
  checkCost?(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, selfCard: string, built: boolean): Refusal | null | undefined;
  /** Pays those cost parts (the payment was checked). */
  payCost?(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, selfCard: string, source: SourceRef | undefined): void;
  /** Expands the core's payment options with this module's choices (which lands, the value of X). */
  paymentOptions?(ctx: Ctx, player: PlayerId, cost: CostPart[], selfCard: string, options: Payment[]): Payment[];
  /** An event was raised: note further triggers (keyword abilities the game file defines as triggers); `by`: the player who had priority and caused it (NotedTrigger.by). */
  noteEvent?(ctx: Ctx, kind: EventKind, data: GameEventData, by: PlayerId): void;
  /** A card entered play or came under a new controller (Unique). */
  arrived?(ctx: Ctx, card: string): void;
  /** Lasting effects end: those of the module for which `ends` holds (the turn's end, the combat phase's: core/settle.ts). */
  lastingEffectsEnd?(ctx: Ctx, ends: (effect: LastingEffect) => boolean): void;
  /** `next`'s turn has begun ("until your next turn" effects of the module end), before its first phase. */
  turnBegins?(ctx: Ctx, next: PlayerId): void;
  /** A `draw` step: return "done"/"wait" to perform it (a choice of deck), undefined to leave it to the core. */
  draw?(ctx: Ctx, frame: Frame, player: PlayerId, amount: number, source: SourceRef | undefined): "done" | "wait" | undefined;
  /** Deal a player's opening hand; return true when done (several decks). */
  openingHand?(ctx: Ctx, player: PlayerId): boolean;
  /** Invariants of the module checked by the simulator after each action (its events included). */
  invariants?(ctx: Ctx, events: TraceEvent[]): string[];
  /** Divides a deck list into the decks a player keeps (a Main Deck and a Land Deck), each with its own limits. */
  deckParts?(rules: Rules, cards: CompiledCard[]): DeckPart[] | undefined;
  /** A random legal deck for the simulator, when the module knows better than the core (a separate land deck). */
  randomDeck?(rules: Rules, seed: number, base: string[]): string[];
}

const registry: Mechanic[] = [];

export function registerMechanic(mechanic: Mechanic): void {
  registry.push(mechanic);
}

/** The mechanics that are part of a game (computed once per loaded rules). */
export const mechanicsOf: (rules: Rules) => Mechanic[] = perGame((rules) => registry.filter((m) => m.applies(rules)));

/**
 * The ways `player` can pay cost symbols now, as a resolution runs ("you may pay {B}", "unless its controller pays {2}"):
 * the game's own payment listing — each mechanic's `paymentOptions` (which lands) over the one empty payment, each option
 * kept only if every mechanic's `checkCost` accepts it — the listing a card's cost goes through (engine/actions.ts), for a
 * cost of symbols only (no card of its own: nothing is discarded, sacrificed or exhausted but what pays the symbols).
 */
export function symbolPayments(ctx: Ctx, player: PlayerId, cost: CostPart[]): Payment[] {
  const mechanics = mechanicsOf(ctx.rules);
  let options: Payment[] = [{}];
  for (const m of mechanics) if (m.paymentOptions) options = m.paymentOptions(ctx, player, cost, "", options);
  // No mechanic pays symbols in this game: nothing can pay them (the checker says so at the words: CW6001).
  if (!mechanics.some((m) => m.payCost)) return [];
  return options.filter((payment) => mechanics.every((m) => !m.checkCost?.(ctx, player, cost, payment, "", true)));
}

/** Pays cost symbols with one of `symbolPayments`' payments (the game's `payCost` hooks: lands exhausted, traced as a cost). */
export function paySymbols(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, source: SourceRef | undefined): void {
  for (const m of mechanicsOf(ctx.rules)) m.payCost?.(ctx, player, cost, payment, "", source);
}
