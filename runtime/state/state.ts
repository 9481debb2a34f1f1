/**
 * The game state: plain JSON, nothing else. Cards are instances pointing at compiled card
 * definitions by id; zones are ordered lists of instance ids; continuous effects are stored as
 * their sources (modifiers with a duration, static abilities on cards in play), never as
 * pre-computed numbers; the random generator's state and the turn machine's snapshot live here
 * too, so a state can be saved, restored and replayed exactly.
 */
import type { CardRef, CardSelector, CompiledCard, Duration, KeywordGrant, PlayerRuleName, Replacement, RuleGrant, SourceRef, Step, TargetSpec, TriggerPattern } from "../../compiler/ir.ts";
import type { RngState } from "./rng.ts";
import { moduleCache } from "./module-caches.ts";

export type PlayerId = string;

export interface CardInstance {
  id: string;
  /** Compiled card id ("<set>/<name>"), or a token definition id in `GameState.tokens`. */
  def: string;
  owner: PlayerId;
  controller: PlayerId;
  /** Zone name; the zone list lives under the owner's (battlefield: controller's) player entry. */
  zone: string;
  counters: Record<string, number>;
  damage: number;
  /** The marked damage at which a destruction by lethal damage was replaced: the state check skips it until the damage changes. */
  lethalReplaced?: number;
  exhausted: boolean;
  overexhausted: boolean;
  /** Turn number the card last entered the battlefield (summoning sickness). */
  enteredTurn: number;
  /**
   * How many times the card has entered the battlefield: its time in play. A card that leaves play and comes back is a
   * new object to the rules (runtime/core/operations.ts moveCard), so what is counted "per time in play" — a "The first
   * time ..." replacement, "Activate this only once each turn.", "The first time ... each turn, ..." — is keyed by it
   * (`instanceKey`), never by the turn it entered (two entries can share a turn).
   */
  entries: number;
  /** The card that last dealt it damage this turn, and whether in combat (the destroyer if the damage proves lethal). */
  damagedBy?: { card: string; combat?: boolean };
  /** Turn number the card last attacked. */
  attackedTurn: number;
  /** How many times it attacked during `attackedTurn` (`param attacks_per_unit`). */
  attacks?: number;
  /** Three-Slot-style defender status: walls the next attack. */
  defender: boolean;
  isToken: boolean;
  /**
   * Colour-tagged abilities in effect (ids), for games whose cards carry Facet-tagged abilities
   * (enhancements bought on entry, an enchantment's one active ability): see runtime/mechanics/facets.ts.
   * Absent: only untagged / Base abilities (and, for one-active types, the identity colour's).
   */
  active?: string[];
  /** "It doesn't ready during its controller's next Beginning Phase": the next readying of its controller's cards leaves it as it is. */
  skipsNextReady?: boolean;
}

/**
 * A new card instance. Every field is there from the start — the optional ones undefined, last, in one order — so a
 * card keeps one hidden class from its setup to the game's end: set when first needed, the optional fields gave a card
 * up to 4 shapes, and deleting one (damage removed at the turn's end) put that card in V8's dictionary mode for the
 * rest of the game (test/runtime/state-shape.test.ts). They are cleared by setting undefined, never by `delete`.
 */
export function newCardInstance(card: { id: string; def: string; owner: PlayerId; zone: string; enteredTurn: number; isToken: boolean }): CardInstance {
  return {
    id: card.id,
    def: card.def,
    owner: card.owner,
    controller: card.owner,
    zone: card.zone,
    counters: {},
    damage: 0,
    exhausted: false,
    overexhausted: false,
    enteredTurn: card.enteredTurn,
    entries: 0,
    attackedTurn: 0,
    defender: false,
    isToken: card.isToken,
    lethalReplaced: undefined,
    damagedBy: undefined,
    attacks: undefined,
    active: undefined,
    skipsNextReady: undefined,
  };
}

/**
 * A copy of a card instance, its fields in a new card's order (a card read back from JSON lacks its undefined fields:
 * its copy gets them back, so it takes the one card shape). Any other field a hand-made state's card holds is copied
 * after them, unchanged.
 */
export function copyCardInstance(card: CardInstance, copy: <T>(value: T) => T): CardInstance {
  // (A new object, in no state yet: its fields are set here, not through the write log's writeCard.)
  const out = {
    id: card.id,
    def: card.def,
    owner: card.owner,
    controller: card.controller,
    zone: card.zone,
    counters: copy(card.counters),
    damage: card.damage,
    exhausted: card.exhausted,
    overexhausted: card.overexhausted,
    enteredTurn: card.enteredTurn,
    entries: card.entries ?? 0,
    attackedTurn: card.attackedTurn,
    defender: card.defender,
    isToken: card.isToken,
    lethalReplaced: card.lethalReplaced,
    damagedBy: copy(card.damagedBy),
    attacks: card.attacks,
    active: copy(card.active),
    skipsNextReady: card.skipsNextReady,
  };
  for (const key in card) if (!(key in out)) (out as Record<string, unknown>)[key] = copy((card as unknown as Record<string, unknown>)[key]);
  return out;
}

export interface PlayerState {
  id: PlayerId;
  life: number;
  resources: Record<string, number>;
  /** For resources the game file runs as a capacity (refilled each turn): the current capacity. */
  capacity: Record<string, number>;
  counters: Record<string, number>;
  zones: Record<string, string[]>;
  lost: boolean;
  /** Per-turn tallies the rules limit ("one land per turn"): name → count this turn. */
  turnTally: Record<string, number>;
}

export interface Modifier {
  id: number;
  /** The card the modifier applies to. */
  card: string;
  stats: Record<string, number>;
  /** Keywords granted, with their number (`Bleed 2`). */
  keywords: KeywordGrant[];
  /** Keywords lost for the duration ("loses Flying until end of turn"): gone whatever gives them (printed, granted, statics). */
  loses?: string[];
  /** Restrictions given for the duration ("can't attack this turn"); `by` is relative to `controller`. */
  rules?: RuleGrant[];
  duration: Duration["kind"];
  /** Turn it was created (end_of_turn modifiers expire when the turn number moves on). */
  turn: number;
  controller: PlayerId;
  sourceCard?: string;
  source?: SourceRef;
}

/** A chosen target: a card instance or a player. */
export type TargetValue = { card: string } | { player: PlayerId };

/** An ability (or spell, or phase step list) being resolved; resumable after a player's choice. */
export interface Frame {
  /** Instance id of the card whose text is resolving, if any. */
  card?: string;
  /** Ability id (instance of one line of text). */
  ability?: string;
  controller: PlayerId;
  steps: Step[];
  pc: number;
  targets: TargetValue[][];
  /** Cards remembered by `choose_cards` (and "it"). */
  chosen: Record<string, string[]>;
  /** The event that triggered this ability (for "it", "that player", amounts, "that creature"). */
  event?: TriggerEvent;
  x?: number;
  /** The damage the frame's last damage step dealt, after prevention ("equal to the damage dealt"). */
  dealt?: number;
  /** The answer to the pending choice this frame asked for, consumed by the step that asked. */
  answer?: string[];
  source?: SourceRef;
  label: string;
  /** The card (a spell) to move to its graveyard when the frame finishes. */
  spellCard?: string;
  /** The player a `per_player` step runs these steps for ("they", "their"). */
  acting?: PlayerId;
  /** The mode of its "Choose one —" chosen as it was cast: its `choose_one` step takes it instead of asking. */
  mode?: number;
  /**
   * This frame runs part of an enclosing frame's text (an "if" branch, a "you may", the chosen mode,
   * a keyword action's own text): when it ends, the ability has not resolved yet — only the
   * outermost frame's end is the ability's "resolve" event.
   */
  part?: true;
}

/**
 * A delayed trigger made by an effect (IR step `delayed`): waits for its moment once, then runs `steps` as a trigger of
 * `card`'s ability with the targets and chosen cards the effect had ("Destroy it at the end of the turn.").
 */
export interface DelayedTrigger {
  id: number;
  at: TriggerPattern;
  steps: Step[];
  card?: string;
  ability?: string;
  controller: PlayerId;
  targets: TargetValue[][];
  chosen: Record<string, string[]>;
  event?: Frame["event"];
  x?: number;
  label: string;
  source?: SourceRef;
  /** IR `turnOf`: its moment happens only in this player's turn (the card's controller as the delayed step ran). */
  turnPlayer?: PlayerId;
}

/** What a lasting effect a one-time effect made keeps of its making: its duration, turn, controller and source (for its trace). */
export interface MadeByEffect {
  id: number;
  duration: Duration["kind"];
  /** Turn it was made (as a modifier's). */
  turn: number;
  controller: PlayerId;
  sourceCard?: string;
  label: string;
  source?: SourceRef;
}

/**
 * Damage prevented for a while, made by a one-time effect (IR step `prevent`): damage to these cards or players (any,
 * when none is named) by these sources (any, when none is named) is prevented until the duration ends — all of it, or
 * `left` more in all. A selector is matched as the damage would be dealt, relative to `controller`.
 */
export interface Prevention extends MadeByEffect {
  toCards?: string[];
  toPlayers?: PlayerId[];
  toSelector?: CardSelector;
  byCards?: string[];
  bySelector?: CardSelector;
  combat?: boolean;
  /** How much more it prevents (absent: all damage). */
  left?: number;
}

/**
 * A one-shot replacement made by an effect (IR step `replace_next`: "The next time target unit would be destroyed this
 * turn, return it to its owner's hand instead." · "The next time a source would deal damage to you this turn, prevent that
 * damage."): applied as a card's replacement is (runtime/core/operations.ts `replaceEvent`), once — to the first event it
 * matches — and kept until then or until `duration` ends.
 */
export interface NextReplacement extends MadeByEffect {
  replacement: Replacement;
  /** The cards or players it is about, fixed as the effect resolved; absent: the replacement's own subject, matched as the event comes. */
  cards?: string[];
  players?: PlayerId[];
}

/**
 * What a triggered ability remembers of its event: its card ("it", "this" when it is about this card), its player
 * ("that player"), its amount ("that much"), and the other card of the event ("that creature") — the card destroyed
 * or dealt damage, the attacker a blocker blocks, the card an attack is aimed at, the blockers of a blocked attacker.
 */
export interface TriggerEvent {
  card?: string;
  player?: PlayerId;
  amount?: number;
  other?: string;
  /** Every other card when there are several (an attacker blocked by two creatures); `other` is the first. */
  others?: string[];
}

/** A triggered ability noted at its event, waiting to be put into resolution. */
export interface NotedTrigger {
  id: number;
  card?: string;
  ability: string;
  controller: PlayerId;
  event: TriggerEvent;
  source: SourceRef;
  /** True for triggers of the game's own rules (no card). */
  rule?: boolean;
  /** A delayed trigger whose moment came: its frame is built from it, not from `ability`'s text. */
  delayed?: DelayedTrigger;
  /** The value of X for a keyword ability defined as a trigger ("Bleed X"): the keyword's amount on the card. */
  x?: number;
  /** The player who had priority and caused the event (owns the chains it starts: runtime/models/chain.ts). */
  by?: PlayerId;
}

/** An item waiting on a response stack (stack / chain response models). */
export interface StackItem {
  id: number;
  frame: Frame;
  /** Target specs to re-check on resolution (fizzle when none is legal any more). */
  targetSpecs: TargetSpec[];
  /** `rule`: a continuation — the rest of a phase's steps waiting under a response window (runtime/models/stack.ts). */
  kind: "spell" | "ability" | "trigger" | "rule";
}

export type PendingChoice =
  /** Pick min..max of `options`: card instance ids, or any strings a native rule offers (e.g. "p1", "c4:2"); the answer arrives as `frame.answer`. */
  | {
      kind: "cards";
      player: PlayerId;
      options: string[];
      min: number;
      max: number;
      prompt: string;
    }
  | { kind: "targets"; player: PlayerId; spec: TargetSpec; options: TargetValue[]; prompt: string; slot: number }
  | { kind: "yes_no"; player: PlayerId; prompt: string }
  /**
   * `divide`: the division of an ability's divided damage, asked as its targets are chosen (runtime/core/division.ts).
   * `amounts`: a question of how much or how many (damage assigned to a blocker, divided damage, "up to N"): the amount
   * each option stands for, by index — option 1 of "0 damage to X", "1 damage to X", ... is 0, so a scenario answers
   * with the amount (`p1 chooses 2`), not the option's number.
   */
  | { kind: "mode"; player: PlayerId; modes: string[]; prompt: string; divide?: true; amounts?: number[] }
  | { kind: "order_triggers"; player: PlayerId; triggers: number[]; prompt: string }
  /** A defending player picks which of their defenders walls an attack. */
  | { kind: "defender"; player: PlayerId; options: string[]; prompt: string };

export interface CombatState {
  attacker: string;
  /** What the attacker was aimed at. */
  target: TargetValue;
  blocker?: string;
}

export interface GameState {
  version: 1;
  game: string;
  seed: number;
  rng: RngState;
  turn: number;
  active: PlayerId;
  phase: string;
  /** The turn machine's snapshot value (XState), restored with `machine.resolveState`. */
  flow: unknown;
  order: PlayerId[];
  players: Record<PlayerId, PlayerState>;
  cards: Record<string, CardInstance>;
  nextCardId: number;
  nextId: number;
  modifiers: Modifier[];
  /** Resolution in progress: the top frame runs first. */
  frames: Frame[];
  /** Triggers noted and not yet placed. */
  noted: NotedTrigger[];
  /** Delayed triggers waiting for their moment (absent: none). */
  delayed?: DelayedTrigger[];
  /** Damage prevented for a while by one-time effects (absent: none). */
  preventions?: Prevention[];
  /** One-shot replacements made by effects, not yet used (absent: none). */
  replacementsNext?: NextReplacement[];
  stack: StackItem[];
  /** Who may act in an open response window, and how many passes in a row have happened. */
  priority: { player: PlayerId; passes: number; announced?: boolean } | null;
  pending: (PendingChoice & { frame?: number }) | null;
  /**
   * A noted trigger whose targets are being chosen before it resolves / goes on the stack.
   * `push`: the frame is pushed for resolution as soon as its targets are chosen (a keyword
   * action's own targets, e.g. "Spark N = Deal N damage to any target"), not handed to the model;
   * `announce`: it is announced to the response model as a spell (a spell whose abilities were selected as it is cast).
   */
  targeting: { frame: Frame; specs: TargetSpec[]; push?: boolean; announce?: boolean } | null;
  combat: CombatState | null;
  /** Token definitions created during the game, by id. */
  tokens: Record<string, CompiledCard>;
  /** Sequence number of the next trace event. */
  seq: number;
  winner: PlayerId | "draw" | null;
  over: boolean;
  /**
   * The steps of the phase just begun, waiting while the abilities its start triggered ("At the start of your turn")
   * resolve: they run once nothing noted, resolving or open is left (core/settle.ts). Absent: nothing waits.
   */
  phaseSteps?: Frame | null;
  /** The phase whose end event a response model already raised (a window before it ends), so leaving it does not raise it again. */
  phaseEndRaised?: string | null;
  /**
   * Each card that left play this turn as it last was in play, cleared as the turn passes: who controlled and owned
   * it ("its controller" after it was destroyed), and — while it stays in `zone`, the zone it went to — its stats and
   * counters then ("DEATH: deal damage equal to this unit's power" counts the counters it died with).
   */
  lastKnown?: Record<string, LastKnown>;
  /**
   * The cards destroyed this turn (a sacrifice too: "died this turn"), as they were as they died: which definition, who
   * controlled and owned it, a token or not. Cleared as the turn passes; absent: none.
   */
  destroyedThisTurn?: DestroyedCard[];
  /**
   * The cards destroyed in the turn before this one (its destroyedThisTurn as it passed): read by "if a creature died last
   * turn". Replaced as each turn passes; absent: none.
   */
  destroyedLastTurn?: DestroyedCard[];
  /**
   * The cards played this turn (a spell cast, a permanent played), in order, as they were played: which definition, and
   * who played it (`controller`). Read by "if you didn't play a creature this turn" and "your second spell each turn".
   * Cleared as the turn passes; absent: none.
   */
  playedThisTurn?: DestroyedCard[];
  /**
   * The cards that entered play this turn (played, put or created there: the one move into play, operations.ts moveCard),
   * in order, as they entered: which definition, who controlled it as it entered, a token or not. Read by "for each other
   * unit that entered play this turn" and "if a creature entered the battlefield under your control this turn". Cleared as
   * the turn passes; absent: none.
   */
  enteredThisTurn?: DestroyedCard[];
  /**
   * The cards discarded this turn, in order: which definition, and who discarded it (`controller`). Read by "if you
   * discarded a card this turn". Cleared as the turn passes; absent: none.
   */
  discardedThisTurn?: DestroyedCard[];
  /**
   * The cards that attacked this turn, each once, in order, as they attacked: which definition, and who attacked with it
   * (`controller`). Read by "if you attacked this turn", "if they didn't attack with a creature this turn". Cleared as the
   * turn passes; absent: none.
   */
  attackedThisTurn?: DestroyedCard[];
  /**
   * The cards drawn into a hand this turn, in order: which definition, and who drew it (`controller`). Read by "whenever
   * you draw your second card each turn". A card drawn at the hand maximum and discarded (`draw_at_max_hand = discard`)
   * is not on it: it fires no draw. Cleared as the turn passes; absent: none.
   */
  drawnThisTurn?: DestroyedCard[];
  /**
   * The life each player lost and gained this turn, all of it (an effect's loss, damage's, a cost paid in life): read by "if
   * you lost life this turn", "if an opponent gained life this turn". Cleared as the turn passes; absent: none.
   */
  lifeThisTurn?: Partial<Record<PlayerId, { lost: number; gained: number }>>;
  /** Replacement effects used ("the first time ... each turn"): which ability, on which card, on which turn, since it entered on `entered`. */
  replacementsUsed?: { ability: string; card: string; instance: string; turn: number; limit: "first_each_turn" | "first" }[];
  /** Control effects with a duration (runtime/mechanics/control.ts): the card returns to `to` when the duration ends. */
  controlEffects?: { card: string; to: PlayerId; duration: Duration["kind"]; turn: number; controller: PlayerId; /** `while_source`: the card whose ability made it. */ source?: string }[];
  /** Trigger chains in progress (the `chain` response model, runtime/models/chain.ts). */
  chainRun?: import("../models/chain.ts").ChainRun | null;
  /** Chains begun so far in the game (numbers them in the trace). */
  chainCount?: number;
  /** Declared attackers and blockers of a damage-model combat (runtime/mechanics/combat-damage.ts). */
  battle?: import("../mechanics/combat-damage.ts").BattleState | null;
  /** Temporary resources granted until a phase ends (temporary Facets: runtime/mechanics/facets.ts), per player and colour. */
  temporary?: Record<PlayerId, Record<string, number>>;
  /** Player restrictions made by one-time effects, in effect or waiting for their turn (absent: none). */
  playerRules?: PlayerRestriction[];
  /** Changes to what playing cards costs made by one-time effects (IR step `cost_change`), in order made (absent: none). */
  costChanges?: CostChangeMade[];
}

/**
 * A change to what playing cards costs, made by a one-time effect (IR step `cost_change`: "The next spell you cast this
 * turn costs 1 less."): cards matching `affects` (relative to `controller`) cost `amount` less (negative: more) of
 * `generic` symbols or `resource` (neither: as a cost static's unnamed amount) until the duration ends; `next`: only the
 * first card it applies to as it is played, and it is gone then.
 */
export interface CostChangeMade extends LastingEffect {
  id: number;
  affects: CardSelector;
  amount: number;
  generic?: boolean;
  resource?: string;
  next?: boolean;
  sourceCard?: string;
  label: string;
  source?: SourceRef;
}

/**
 * A player restriction made by a one-time effect (IR step `player_rule`: "Your opponent can't play Spells this turn."):
 * `player` has `rule` until the duration ends; `cards`: only cards matching it, relative to `controller`. `waiting`: it
 * holds from `player`'s next turn (made "next turn"), and then lasts that turn.
 */
export interface PlayerRestriction {
  id: number;
  rule: PlayerRuleName;
  player: PlayerId;
  cards?: CardSelector;
  duration: Duration["kind"];
  waiting?: boolean;
  /** Turn it was made. */
  turn: number;
  controller: PlayerId;
  sourceCard?: string;
  label: string;
  source?: SourceRef;
}

/**
 * The optional fields of a state, in the order every state holds them after its other fields (undefined while
 * unset): a state keeps one hidden class from its first action to its last (runtime/index.ts emptyState; a copy of a
 * state read back from JSON takes the same order, state/clone.ts draftOf; test/runtime/state-shape.test.ts).
 */
export const OPTIONAL_STATE_FIELDS = ["delayed", "preventions", "phaseSteps", "phaseEndRaised", "lastKnown", "destroyedThisTurn", "destroyedLastTurn", "playedThisTurn", "enteredThisTurn", "discardedThisTurn", "attackedThisTurn", "drawnThisTurn", "lifeThisTurn", "replacementsUsed", "controlEffects", "chainRun", "chainCount", "battle", "temporary", "playerRules", "replacementsNext", "costChanges"] as const;

const cardIds = moduleCache<number, string>();
/**
 * The id of card instance number `n`: `c<n>`, one string per number for the whole process. A card
 * table keyed by the same strings game after game finds them as property keys at once; a fresh
 * string per game had to be looked up as a key first (a card's setup cost three times as much).
 */
export function cardIdOf(n: number): string {
  let id = cardIds.get(n);
  if (id === undefined) cardIds.set(n, (id = `c${n}`));
  return id;
}

/** What every lasting effect made by a one-time effect carries: how long it lasts, who made it, in which turn. */
export interface LastingEffect {
  duration: Duration["kind"];
  controller: PlayerId;
  turn: number;
}

/**
 * Does a lasting effect made by a one-time effect end as the current turn ends? "until end of turn" ends with any turn;
 * "until end of your turn" with a turn of its controller; "until the end of your next turn" with a turn of its controller
 * that began after the turn it was made in. (The other durations end otherwise: "until your next turn" as that turn
 * begins, a static's with its card.)
 */
export function endsWithThisTurn(effect: LastingEffect, state: GameState): boolean {
  switch (effect.duration) {
    case "end_of_turn":
      return true;
    case "end_of_your_turn":
      return state.active === effect.controller;
    case "end_of_your_next_turn":
      return state.active === effect.controller && state.turn > effect.turn;
    case "end_of_opponent_next_turn":
      return state.active !== effect.controller && state.turn > effect.turn;
    // "until end of combat" made after the turn's combat (or in a turn with none) lasts to the end of the turn.
    case "end_of_combat":
      return true;
    default:
      return false;
  }
}

/** Does a lasting effect end as the combat phase ends? "until end of combat" (runtime/core/settle.ts, leaving the phase). */
export function endsWithCombat(effect: { duration: Duration["kind"] }): boolean {
  return effect.duration === "end_of_combat";
}

/**
 * Does a lasting effect end as `next`'s turn begins? "until your next turn" ends as the next turn of its controller begins
 * (the one turn-start rule for modifiers, preventions, one-shot replacements, player rules and control effects).
 */
export function endsAsTurnBegins(effect: { duration: Duration["kind"]; controller: PlayerId }, next: PlayerId): boolean {
  return (effect.duration === "until_your_next_turn" && effect.controller === next) || (effect.duration === "until_opponent_next_turn" && effect.controller !== next);
}

/** How a trace names a lasting effect's end ("" for one that lasts as long as its card or for good). */
export function durationText(duration: Duration["kind"]): string {
  switch (duration) {
    case "end_of_turn":
      return " until end of turn";
    case "until_your_next_turn":
      return " until its controller's next turn";
    case "end_of_your_turn":
      return " until the end of its controller's turn";
    case "end_of_your_next_turn":
      return " until the end of its controller's next turn";
    case "until_opponent_next_turn":
      return " until its controller's opponent's next turn";
    case "end_of_opponent_next_turn":
      return " until the end of its controller's opponent's next turn";
    case "end_of_combat":
      return " until end of combat";
    default:
      return "";
  }
}

export function opponentOf(state: GameState, player: PlayerId): PlayerId {
  return state.order.find((p) => p !== player) ?? player;
}


/** A card destroyed this turn (GameState.destroyedThisTurn), played this turn (GameState.playedThisTurn: `controller` played it), or entered play this turn (GameState.enteredThisTurn: under `controller`'s control). */
export interface DestroyedCard {
  card: string;
  def: string;
  controller: PlayerId;
  owner: PlayerId;
  token: boolean;
}

/** A card as it last was in play (GameState.lastKnown). */
export interface LastKnown {
  controller: PlayerId;
  owner: PlayerId;
  /** The zone it went to; its stats and counters below hold only while it is still there (a later move makes it a new card). */
  zone?: string;
  stats?: Record<string, number>;
  counters?: Record<string, number>;
  /** Its state in play as it left ("When this is destroyed, if it was exhausted / blocking, ..."): set only when true. */
  exhausted?: true;
  overexhausted?: true;
  attacking?: true;
  blocking?: true;
  /** Three-Slot Duel: it was a defender ("If it was a defender, draw a card." after it was returned or destroyed). */
  defender?: true;
  /**
   * A token's definition (a token card of the set, or GameState.tokens): the token ceases to exist as it leaves play, and "if it was a Vampire / a
   * token" still asks what it was.
   */
  tokenDef?: string;
  /**
   * The abilities that were on as it left (Chromatic's enhancements, CardState.active): what a trigger of its own that
   * fires as it leaves reads — a Weapon destroyed by the same fight that destroys a creature still has its
   * "Whenever this destroys a creature" (the event happened while it was in play; rules 16.1, 17.1).
   */
  active?: string[];
}
