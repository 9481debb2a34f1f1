/**
 * The effect IR: what a checked game file and its card sets compile to, and all the runtime
 * needs to play them. It is plain JSON data — no closures, no generated code, nothing that is
 * ever `eval`ed — so a set from a stranger cannot run code, and the engine-neutral export can
 * embed it verbatim. Every ability and phase step keeps the source range of the text it came
 * from, so each trace event can point back at the line that caused it.
 *
 * Names here are game-neutral: a game's own words (zone names, resources, colours, markers,
 * keywords) appear only as data taken from its game file.
 */
import type { Range } from "./diagnostics.ts";

export const IR_VERSION = 2;

/** Where a piece of compiled behaviour was written. */
export interface SourceRef {
  file: string;
  range: Range;
}

// ---------------------------------------------------------------------------------------------
// References: who / what an effect acts on

/** A player, relative to the ability's controller or to something the effect already knows. */
export type PlayerRef =
  | { kind: "you" }
  | { kind: "opponent" }
  | { kind: "active" }
  /** The player chosen for target slot `index`. */
  | { kind: "target"; index: number }
  /** The controller (or owner) of a referenced card. */
  | { kind: "controller_of"; of: CardRef }
  | { kind: "owner_of"; of: CardRef }
  /** The player the triggering event was about ("that player"). */
  | { kind: "event_player" }
  /** The player a `per_player` step is running for: "they", "their" after "Each player ..." / "Target opponent ...". */
  | { kind: "acting" }
  /** "the defending player" in a combat trigger: the player being attacked (only the active player attacks). */
  | { kind: "defending" }
  /** "their opponent" (after "Each player ..."), "that player's opponent": the other player of `of` (every game is a duel). */
  | { kind: "opponent_of"; of: PlayerRef };

/** Several players at once ("each player", "each opponent"). */
export type PlayersRef = PlayerRef | { kind: "each_player" } | { kind: "each_opponent" };

/** One card. */
export type CardRef =
  | { kind: "self" }
  | { kind: "target"; index: number }
  /** "it": the cards the last step acted on, else the card the triggering event was about. */
  | { kind: "it" }
  /** The card the triggering event was about, exactly ("the attacking creature" in "Whenever a creature attacks you"). */
  | { kind: "event_card" }
  /**
   * The event's other card ("that creature" after "Whenever this blocks a creature" / "destroys a creature" / "deals
   * damage to a creature"; "the attacking creature" when this blocks; "the blocking creature" when this is blocked).
   */
  | { kind: "event_other" }
  /** The card chosen by an earlier `choose` inside the same resolution, by its label. */
  | { kind: "chosen"; label: string }
  /**
   * The card a step that acts on several cards is working its amount out for: "Each unit you control gets +1 power for
   * each other unit you control" counts, for each unit, the units other than that one (a selector's `otherThan` inside the
   * amount of a stat change, counters put or damage dealt).
   */
  | { kind: "acted_on" };

/** A set of cards described by a filter ("each enemy unit", "all creatures you control"). */
export interface CardSelector {
  /** Zone names from the game file; the battlefield when absent. */
  zones?: string[];
  /** Relative to the ability's controller; "acting": the player a `per_player` step is running for ("they control", "their hand"). */
  controller?: "you" | "opponent" | "any" | "acting";
  owner?: "you" | "opponent" | "any" | "acting";
  cardTypes?: string[];
  subtypes?: string[];
  colors?: string[];
  /** Excludes the ability's own card ("other", "another"). */
  other?: boolean;
  /**
   * Excludes the card the effect named before too ("Deal 2 damage to target creature and 1 damage to each other creature":
   * other than the target; `other` still leaves out this card). Bound when an effect runs (runtime/core/values.ts cardsFor), never in a target or a static.
   */
  otherThan?: CardRef;
  /**
   * Cards controlled (outside play: owned) by this player ("each creature its controller controls", "for each card that player
   * controls"), with `controller` absent. Bound when an effect runs, as `otherThan`.
   */
  controllerIs?: PlayerRef;
  /**
   * "each creature whose controller has more life than you": a condition on the card's controller (its `acting` player; in
   * play its controller, elsewhere its owner), checked as the card is matched.
   */
  controllerWith?: Condition;
  /** "target creature card that was destroyed this turn": a card destroyed this turn (GameState.destroyedThisTurn) and not moved since. */
  destroyedThisTurn?: boolean;
  tokens?: "only" | "exclude";
  exhausted?: boolean;
  /** "overexhausted" (CYBERVAMP): an Overexhausted card (with `exhausted`, as it is exhausted too); false: any card that is not. */
  overexhausted?: boolean;
  attacking?: boolean;
  /** "Blocking creatures", "each blocking unit": blocking an attacker now, or walling the attack that is resolving. */
  blocking?: boolean;
  /**
   * "a creature card discarded this way", "each creature destroyed this way": only the cards an earlier step of the same
   * resolution took (a THIS_WAY_LABELS record), wherever they are now (zones not read). Bound as the effect runs
   * (runtime cardsFor): never on a target, which is chosen before the step runs.
   */
  thisWay?: string;
  /** "creatures blocking this", "each creature that blocks it" (it: this card): blocking this card now, or walling its attack. */
  blockingSelf?: boolean;
  /** "the creature this blocks", "creatures blocked by this": the attackers this card blocks now, or the attack it walls. */
  blockedBySelf?: boolean;
  /**
   * "each creature blocking it" (it: the card the triggering event was about, or the card the step before acted on),
   * "each blocking creature" after "Whenever a creature you control becomes blocked": blocking that card now, or walling
   * its attack. Bound as an effect runs (runtime/core/values.ts cardsFor), never in a target or a static: a selector
   * matched unbound matches no card.
   */
  blockingCard?: CardRef;
  /** "each creature blocked by it", "the creature that creature blocks": the attackers that card blocks (bound as `blockingCard`). */
  blockedByCard?: CardRef;
  /** "target defender", "Other defenders you control": a unit made a defender (games whose units block by becoming defenders). */
  defender?: boolean;
  /** "Newly Turned creatures": in play since its controller's last turn began (games with Newly Turned, runtime/mechanics/renew.ts). */
  newlyTurned?: boolean;
  /**
   * "Units you played this turn", "each creature an opponent cast this turn": a card the turn's record of cards played holds
   * (GameState.playedThisTurn, by card id); `by`: who played it (absent: anyone).
   */
  playedThisTurn?: { by?: "you" | "opponent" };
  /** "that attacked this turn". */
  attackedThisTurn?: boolean;
  /**
   * "that entered play this turn", "that entered the battlefield under your control this turn": a card the turn's record of
   * cards that entered play holds (GameState.enteredThisTurn, by card id); `under`: who controlled it as it entered.
   */
  enteredThisTurn?: { under?: "you" | "opponent" };
  /**
   * "target spell that targets a creature you control", "a spell that targets you": a card waiting on the response chain
   * (a spell being played) among whose chosen targets is a card matching `cards` or a player `players` names (relative to
   * the selector's controller). A card not waiting there never matches.
   */
  targeting?: { cards?: CardSelector; players?: "you" | "opponent" | "any" };
  /**
   * "target activated ability" (a counter's): a card one of whose activated abilities waits on the response chain (in a
   * game where activating passes priority: Chromatic 17, CYBERVAMP). The card stands for that ability.
   */
  activating?: true;
  /**
   * "with power 2 or less" and the like; "with less power than this unit" compares with this card's stat (`value` read
   * as the selector is matched, relative to its controller and card).
   */
  stat?: { name: string; op: "<=" | ">=" | "=" | "<" | ">"; value: NumberExpr };
  /**
   * "with cost 2 or less", "with mana cost 3 or more": the card's printed cost as one number (`printedCostTotal`): its
   * cost symbols and resources added up ({R}{R}{1} is 3, "2 Crystals" is 2); an X, life and other costs count 0.
   */
  cost?: { op: "<=" | ">=" | "="; value: number };
  /**
   * "the unit with the highest power", "each creature with the lowest attack": of the cards matching the rest of the
   * selector, those whose stat is the highest (lowest) among them — all of them when tied. Read only where a set of
   * cards is selected (runtime/core/values.ts selectCards); never in a target or a static.
   */
  extreme?: { stat: string; which: "highest" | "lowest" };
  /**
   * "with an attack counter on it" (at least 1), "with two or more defense counters on it", "with no counters on it"
   * (none of any kind: `counter` absent): how many counters of that kind (every kind) the card has.
   */
  counters?: { counter?: string; op: "<=" | ">=" | "="; value: number };
  keyword?: string;
  names?: string[];
  /** Cards matching any of these are left out ("non-Vampire", "non-Spell", "without Flying"); each is matched wherever the card is. */
  exclude?: CardSelector[];
  /**
   * The cards of any of these selectors, each card once ("Deal 1 damage to each creature and each Vampire": a Vampire
   * creature is dealt 1 damage, not 2): the objects of one verb joined by "and" are one effect on all of them
   * (compiler/lower.ts oneEffectOnEveryPart). A selector with `anyOf` has no other field but `otherThan`.
   */
  anyOf?: CardSelector[];
}

/** Something an effect can be aimed at: cards, players, or both ("any target"). */
export type Affected =
  | { kind: "card"; ref: CardRef }
  | { kind: "player"; ref: PlayersRef }
  | {
      kind: "cards";
      selector: CardSelector;
      /**
       * A subject with a filter shared by the clauses of one sentence ("Each unit with 2 or less power gets +1 power and gains
       * Taunt."): the cards are chosen once, as the sentence starts resolving, and every clause acts on those. The clause that
       * `takes` them finds the cards the selector names and keeps them under `label`; each later clause acts on the kept
       * cards still where they were (not on what the selector names by then: +1 power must not take a unit out of the set).
       */
      set?: { label: string; takes?: true };
    }
  /** The value chosen for a target slot that may hold a card or a player. */
  | { kind: "target"; index: number }
  /** The values of several target slots ("two target creatures"), those left empty skipped. */
  | { kind: "targets"; indexes: number[] };

export type NumberExpr =
  | number
  | { kind: "x" }
  | { kind: "count"; of: CardSelector }
  /**
   * "for each creature that was destroyed this turn", "the number of creatures that died this turn": the cards destroyed
   * this turn (a sacrifice too), matched as they were — the selector as a `destroyed_this_turn` condition's.
   */
  | { kind: "destroyed_this_turn"; of: CardSelector; /** "for each creature that died last turn" (GameState.destroyedLastTurn). */ lastTurn?: true }
  /**
   * "for each spell you cast this turn", "the number of cards your opponent played this turn" / "for each card you
   * discarded this turn": the cards a player played (discarded) this turn, matched as they were — the selector as a
   * `played_this_turn` (`discarded_this_turn`) condition's, its `controller` who played (discarded) them.
   */
  | { kind: "played_this_turn" | "discarded_this_turn"; of: CardSelector }
  /**
   * "for each other unit that entered play this turn", "for each creature that entered the battlefield under your control
   * this turn": the cards that entered play this turn (played, put there, created), matched as they entered — the selector
   * as an `entered_this_turn` condition's, its `controller` who controlled them as they entered.
   */
  | { kind: "entered_this_turn"; of: CardSelector }
  | { kind: "stat"; of: CardRef; stat: string }
  | { kind: "life"; of: PlayerRef }
  | { kind: "counters"; of: { card: CardRef } | { player: PlayerRef }; counter: string }
  /**
   * "the total power of units you control", "for each +1/+1 counter on creatures you control": one stat (`stat`) or the
   * counters of one kind (`counter`) of every card the selector names, added up as the amount is read.
   */
  | { kind: "total"; of: CardSelector; stat: string; counter?: undefined }
  | { kind: "total"; of: CardSelector; counter: string; stat?: undefined }
  /** "the greatest power among creatures you control" (`least`: "the lowest ..."): the most (least) one card has; 0 with none. */
  | { kind: "greatest"; of: CardSelector; stat: string; least?: true }
  | { kind: "hand_size"; of: PlayerRef }
  /** "for each opponent", "the number of players": how many players the phrase names, counted as the game is played. */
  /** `with`: only the players of whom it holds ("for each opponent with Bleed counters"; a condition on `acting`, each in turn). */
  | { kind: "players"; of: PlayersRef; with?: Condition }
  /** "for each empty slot you have": the slots of a player's zone of play no card of theirs takes (a game whose zone of play has slots). */
  | { kind: "empty_slots"; of: PlayerRef }
  /** How much of a resource of the game file a player has now ("unless its controller pays 2 Mana": can they?). */
  | { kind: "resource"; of: PlayerRef; resource: string }
  /** The amount the triggering event carried (damage dealt, cards drawn, life gained). */
  | { kind: "event_amount" }
  /** The damage this resolution's last damage step dealt, after prevention ("You gain life equal to the damage dealt."). */
  | { kind: "damage_dealt" }
  /** The life a player lost (gained) this turn, all of it ("If you lost life this turn", "If an opponent gained life this turn"; GameState.lifeThisTurn). */
  | { kind: "life_this_turn"; of: PlayerRef; change: "lost" | "gained" }
  /** How many cards an earlier step of the same resolution remembered under `label` ("that many" after "Discard up to three cards"). */
  /**
   * `ofActing`: a record whose entries are players' ids (LIFE_THIS_WAY) read for the acting player only, when there is one
   * ("Each player loses 2 life, then gains that much life": what that player lost); with none, all of them.
   */
  | { kind: "chosen_count"; label: string; ofActing?: true }
  | { kind: "times"; factor: number; of: NumberExpr }
  /** "half their life, rounded up": half the amount, an odd one rounded as written. */
  | { kind: "half"; of: NumberExpr; round: "up" | "down" }
  /** "that much life plus 1". */
  | { kind: "plus"; of: NumberExpr; add: number }
  /** "Draw a card for each unit you control, up to three.": the amount, never more than `max`. */
  | { kind: "at_most"; of: NumberExpr; max: number }
  /** How far `have` is short of `target`, never below 0: "Draw cards until you have six cards in hand" (target 6, have the hand's size). */
  | { kind: "short_of"; target: NumberExpr; have: NumberExpr };

// ---------------------------------------------------------------------------------------------
// Targets

export interface TargetSpec {
  /** What may be chosen: a card matching `cards`, a player matching `players`, or either ("any target"). */
  accepts: "card" | "player" | "any";
  cards?: CardSelector;
  players?: "any" | "you" | "opponent";
  /**
   * "Target player who has more life than you": a condition each player chosen must meet (its `acting` player), as it is
   * chosen and again as the ability resolves (a target that no longer meets it is illegal).
   */
  playersWith?: Condition;
  /** 1: a target must be chosen; 0: it may stay empty ("up to two target creatures"). */
  min: number;
  max: number;
  /** Slots of one phrase ("two target creatures", "up to two target creatures": two slots) share a group: their values are different cards, and once one is left empty the rest are too. */
  group?: string;
  /**
   * "another target creature" after other targets of the same ability: the value differs from those of the N slots
   * just before this one (the ability's earlier slots; an ability's slots stay together when a card's abilities are
   * chosen together).
   */
  differsFromPrevious?: number;
  /**
   * The slot is one of those a `divided` damage step divides this much damage among ("divided as you choose among one,
   * two or three targets"): the division is asked as the targets are chosen (runtime/core/division.ts).
   */
  divides?: number;
  /** The slot belongs to this mode of the ability's "Choose one —": chosen (and checked) only when that mode is. */
  mode?: number;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Costs

export type CostPart =
  | { pays: "free" }
  /** A game resource (Crystal, Mana, Armor...). */
  | { pays: "resource"; resource: string; amount: NumberExpr }
  | { pays: "discard"; amount: number; filter?: CardSelector }
  /** Move cards from a zone (the graveyard) to the removal zone, e.g. Graveyard → Oblivion. */
  | { pays: "erase"; amount: number }
  | { pays: "life"; amount: NumberExpr }
  /** A cost symbol the game file declares: a colour ({R}), a resource ({G} Gold) or generic ({2}). */
  | { pays: "symbol"; symbol: string; color?: string; resource?: string; generic?: boolean; amount: number }
  | { pays: "exhaust" }
  | { pays: "overexhaust" }
  | { pays: "sacrifice"; what: CardRef | CardSelector; amount?: number }
  | { pays: "facet"; color: string; amount: number }
  /** "Remove a power counter from this:" — that many counters of that kind taken off the card whose ability it is (payable only while it has them). */
  | { pays: "counters"; counter: string; amount: number }
  /**
   * "Gain 2 Bleed counters:" · "Put a Bleed counter on yourself:" — counters of a player's kind the paying player takes as
   * the price (always payable; they arrive as any gain does: replacements apply, "Whenever you gain Bleed counters" fires).
   */
  | { pays: "player_counters"; counter: string; amount: number };

/** Cost symbols as printed: "{B}{1}", "{G}{G}" (reads-as, and the engine's question of which lands pay them). */
export function costSymbolsText(cost: readonly CostPart[]): string {
  return cost.map((part) => (part.pays !== "symbol" ? "" : part.generic ? `{${part.amount}}` : `{${part.symbol}}`.repeat(part.amount))).join("");
}

/**
 * A card's printed cost as one number, for "with cost 2 or less": cost symbols and resource amounts added up ({R}{R}{1}
 * is 3, {2}{G} Gold is 3, "2 Crystals" is 2, free is 0). An X counts 0 (its value is chosen as the card is played);
 * life, discards and other additional costs are not part of it. Rules texts are silent: a card game's usual "mana value".
 */
export function printedCostTotal(cost: readonly CostPart[]): number {
  let total = 0;
  for (const part of cost) if ((part.pays === "symbol" || part.pays === "resource") && typeof part.amount === "number") total += part.amount;
  return total;
}

/** Does paying this cost choose an X: an X amount (`pay X life`), or an `{X}` symbol a mechanic pays? One answer for the checker (is X defined?) and the engine (is X asked for?). */
export function costChoosesX(cost: readonly CostPart[] | undefined): boolean {
  return (cost ?? []).some((part) => (part.pays === "symbol" && part.symbol.toLowerCase() === "x") || amountIsX(part));
}

/** Is this part's own amount the X ("pay X life", "X Crystals") — not an `{X}` symbol? */
export function amountIsX(part: CostPart): boolean {
  return "amount" in part && typeof part.amount === "object" && part.amount !== null && part.amount.kind === "x";
}

// ---------------------------------------------------------------------------------------------
// Durations and conditions

export type Duration =
  | { kind: "permanent" }
  | { kind: "end_of_turn" }
  | { kind: "until_your_next_turn" }
  /**
   * "until end of your turn": ends as a turn of the ability's controller ends — this turn if it is theirs, else their next.
   * "until the end of your next turn": ends as the first turn of theirs that begins after it was made ends.
   */
  | { kind: "end_of_your_turn" }
  | { kind: "end_of_your_next_turn" }
  /**
   * "until your opponent's next turn" (or "an opponent's", "the start of your opponent's next turn"): ends as the next turn
   * of a player other than the ability's controller begins. "until the end of your opponent's next turn": ends as the first
   * such turn that begins after it was made ends. (Every game is a duel: "an opponent" is the one opponent.)
   */
  | { kind: "until_opponent_next_turn" }
  | { kind: "end_of_opponent_next_turn" }
  /**
   * "until end of combat": ends as the game's combat phase (the phase that declares attackers: Chromatic's Combat,
   * CYBERVAMP's Battle) ends, or as the turn ends if no combat phase ends first. Not in a game that fights in its main phase.
   */
  | { kind: "end_of_combat" }
  /** As long as the source stays in play (statics are always this). */
  | { kind: "while_source" };

export type Condition =
  | { kind: "controls"; who: PlayerRef; selector: CardSelector; atLeast: number }
  | { kind: "life_at_most"; who: PlayerRef; value: NumberExpr }
  | { kind: "life_at_least"; who: PlayerRef; value: NumberExpr }
  | { kind: "compare"; left: NumberExpr; op: "<=" | ">=" | "=" | "<" | ">"; right: NumberExpr }
  | { kind: "your_turn" }
  /** The game is in this phase (a phase name of the game file), whoever's turn it is. */
  | { kind: "phase"; phase: string }
  /**
   * "while attacking", "as long as this is blocking", "as long as it is a defender": a card's part in a combat
   * (attacking: declared and not yet through combat damage, or its attack resolving; blocking: blocking one, or walling an
   * attack) or its defender status (games whose units block by becoming defenders).
   */
  | { kind: "card_is"; of: CardRef; state: "attacking" | "blocking" | "defender" }
  /**
   * "if a creature died this turn", "if two or more units you control were destroyed this turn": at least `atLeast` cards
   * destroyed this turn (a sacrifice too) matched as they were — `selector` holds only what a card that left play still
   * has: card types, subtypes, colours, names, token or not, controller, owner, other (DESTROYED_SELECTOR_FIELDS).
   */
  | {
      kind: "destroyed_this_turn";
      selector: CardSelector;
      atLeast: number;
      /** "if a creature died last turn": the cards destroyed in the turn before this one (GameState.destroyedLastTurn). */
      lastTurn?: true;
    }
  /**
   * "if you didn't play a creature this turn", "if an opponent cast two or more spells this turn": at least `atLeast` cards
   * matching `selector` were played this turn — its `controller` is who played them; the other fields as
   * `destroyed_this_turn`'s (DESTROYED_SELECTOR_FIELDS).
   */
  | { kind: "played_this_turn"; selector: CardSelector; atLeast: number }
  /**
   * "if a unit entered play under your control this turn", "if two or more creatures entered the battlefield this turn": at
   * least `atLeast` cards matching `selector` entered play this turn (GameState.enteredThisTurn) — its `controller` is who
   * controlled them as they entered; the other fields as `destroyed_this_turn`'s (DESTROYED_SELECTOR_FIELDS).
   */
  | { kind: "entered_this_turn"; selector: CardSelector; atLeast: number }
  /**
   * "if you discarded a card this turn", "if an opponent discarded two or more cards this turn": at least `atLeast` cards
   * matching `selector` were discarded this turn (a discard cost paid, a card drawn into a full hand, as the game's
   * parameters count them) — its `controller` is who discarded them; the other fields as `destroyed_this_turn`'s.
   */
  | { kind: "discarded_this_turn"; selector: CardSelector; atLeast: number }
  /**
   * "if you have drawn a card this turn", "if an opponent drew two or more cards this turn", "if you haven't drawn a card this
   * turn": at least `atLeast` cards matching `selector` were drawn this turn (GameState.drawnThisTurn) — its `controller` is
   * who drew them; the other fields as `destroyed_this_turn`'s.
   */
  | { kind: "drawn_this_turn"; selector: CardSelector; atLeast: number }
  /**
   * "if you attacked this turn", "if an opponent attacked with two or more creatures this turn", "if they didn't attack
   * this turn": `who` attacked with at least `atLeast` cards matching `selector` this turn (GameState.attackedThisTurn,
   * each card once, as it was as it attacked; the fields as `destroyed_this_turn`'s, no controller: `who` is the attacker).
   */
  | { kind: "attacked_this_turn"; who: PlayerRef; selector: CardSelector; atLeast: number }
  /** "if it's a Vampire", "unless that creature is a token": what a card is, wherever it is now (zone and controller ignored). */
  | { kind: "card_matches"; of: CardRef; selector: CardSelector }
  | { kind: "not"; condition: Condition }
  | { kind: "all"; conditions: Condition[] }
  /** At least one holds ("If a player has no cards in hand": either player). */
  | { kind: "any"; conditions: Condition[] }
  /**
   * "If that creature is destroyed this way", "if a card was discarded this way": the card (`of`; absent: any card) is among
   * those the step before it in this resolution really took (THIS_WAY_LABELS). `who`: "If a player was dealt damage this
   * way" — that player is among those a damage step dealt damage to (THIS_WAY_LABELS.deal). `selector`: "If a Knight died
   * this way" — some card the step took matches it, as the card last was in play (its kind, colour and name as printed).
   */
  | { kind: "done_this_way"; label: string; of?: CardRef; who?: PlayerRef; selector?: CardSelector }
  /** "you may pay {B}", "unless they pay {2}": can `who` pay these cost symbols now (the game's payment listing offers a way)? */
  | { kind: "can_pay"; who: PlayerRef; cost: CostPart[] };

// ---------------------------------------------------------------------------------------------
// Effect steps: the engine's small instruction set

export type Step = StepBody & {
  source?: SourceRef;
  /** A step of a phase: which of the phase's step lines (`PhaseDef.lines`) it runs — the statechart moves to that step's state. */
  phaseStep?: number;
};

export type StepBody =
  /**
   * `divided`: "Deal 3 damage divided as you choose among one, two or three targets" — `amount` (a number) is divided
   * among the target slots of `to` that were chosen, at least 1 each, as the controller chose when the targets were
   * (their specs' `divides`; runtime/core/division.ts); a target no longer legal as it resolves keeps its share (dealt to no one).
   */
  /**
   * `lethalNow`: "Deal 3 damage to target creature. If it dies this way, ...": the cards its damage leaves with lethal damage
   * are destroyed as the step resolves (the state check's destruction, run for them now, not after the effect), and those
   * destroyed are recorded under THIS_WAY_LABELS.die for the "this way" after it. Set by the lowering only on the damage
   * step such a "this way" reads (compiler/lower.ts destroysWhatItKills).
   */
  | { op: "damage"; amount: NumberExpr; to: Affected; from?: CardRef; divided?: true; lethalNow?: true }
  /**
   * `upTo` (on draw, gain_life, lose_life, add_counters, remove_counters): "Draw up to two cards", "Remove up to three Bleed
   * counters from target player" — as the step resolves the acting player picks a number from 0 to `amount` (for life and
   * draws each player of `who`; for counters the effect's controller, for each player or card receiving them).
   */
  | { op: "draw"; who: PlayersRef; amount: NumberExpr; upTo?: boolean }
  /** A keyword action of the game ("Scry 1", "Spark 2"), performed by `who`; an event others can trigger on. */
  /** `duration`: how long a keyword whose rule is a lasting modifier lasts ("Pacify target creature until end of turn"; contract RULES_WITH_DURATION); absent, as long as the card stays in play. */
  /**
   * `ownTargets`: the slots of this ability holding the targets of the keyword's own text ("Spark N" = "Deal N damage to any
   * target."), one per target of that text, chosen as the ability is cast or put into resolution as the same words written
   * out would be (compiler/lower.ts hoistKeywordTargets); absent, the keyword's text chooses them as it runs.
   */
  | { op: "keyword_action"; keyword: string; amount: NumberExpr; who: PlayersRef; target?: Affected; duration?: Duration; ownTargets?: { kind: "target"; index: number }[] }
  /** `upTo`: "Discard up to three cards": the player discards 0 to `amount`. The cards discarded become "it". */
  /**
   * `card`: that card only ("Whenever you draw a card, you may discard that card": the card drawn), if it is in the
   * discarding player's hand as the step resolves (else nothing is discarded); `amount` is then 1.
   */
  | { op: "discard"; who: PlayersRef; amount: NumberExpr; random?: boolean; filter?: CardSelector; upTo?: boolean; card?: CardRef }
  | { op: "gain_life"; who: PlayersRef; amount: NumberExpr; upTo?: boolean }
  | { op: "lose_life"; who: PlayersRef; amount: NumberExpr; upTo?: boolean }
  | { op: "add_counters"; counter: string; amount: NumberExpr; on: Affected; upTo?: boolean }
  /** `counter` absent: "Remove all counters from target creature" — every kind of counter on it (`amount` is then "all"). */
  | { op: "remove_counters"; counter?: string; amount: NumberExpr | "all"; on: Affected; upTo?: boolean }
  | {
      op: "modify";
      on: Affected;
      stats?: Record<string, NumberExpr>;
      /** Keyword abilities granted ("gains Flying", "gains Bleed 2"). */
      keywords?: KeywordGrant[];
      /** Keyword abilities lost ("loses Flying until end of turn"), whatever gives them, for the duration. */
      loses?: string[];
      /**
       * Sets a stat ("Target unit's power becomes 1 until end of turn."): as the step resolves, each card gets the change
       * that makes the stat that number for the duration; changes that come later add to it.
       */
      set?: Record<string, NumberExpr>;
      /** Restrictions for the duration ("Target unit can't attack this turn", "It can't be blocked this turn"): `RESTRICTION_RULES`. */
      rules?: RuleGrant[];
      duration: Duration;
      /**
       * "Target creature gets -2/-2 until end of turn. If it dies, …": as the damage step's `lethalNow`, the cards this change
       * of the toughness stat leaves at 0 or less are destroyed as the step resolves and recorded under THIS_WAY_LABELS.die
       * (only they: another creature the state check destroys after the effect is not among them).
       */
      lethalNow?: true;
    }
  | { op: "destroy"; what: Affected }
  /** The controller of `who` chooses `amount` cards matching `selector` they control and destroys them. */
  /** "Sacrifice a unit", "Each player sacrifices a unit": each of `who` picks `amount` of their own cards matching `selector`. */
  | { op: "sacrifice"; who: PlayersRef; selector: CardSelector; amount: NumberExpr }
  | { op: "sacrifice_self" }
  /**
   * Move cards between zones; `to` is a zone name of the game file (the owner's copy of the zone). `from`: a card named
   * by a reference moves only from that player's zone ("Return this card from your Discard Pile to your hand": not if
   * it has left the Discard Pile, nor from another player's).
   */
  | { op: "move"; what: Affected; to: string; position?: "top" | "bottom" | "shuffle"; from?: { zone: string; whose: PlayerRef } }
  /**
   * Choose cards matching `selector` (by `chooser`), remember them under `label` for later steps. `gather`: inside a
   * `per_player` step, each player's run adds to the label (emptied as the `per_player` step begins), so one step after it
   * acts on every player's pick at once — "Each player destroys a creature they control" is one destruction.
   */
  | { op: "choose_cards"; chooser: PlayerRef; selector: CardSelector; min: NumberExpr; max: NumberExpr; label: string; gather?: boolean; prompt: string }
  /**
   * Put a card onto the battlefield for free (Summon, Reanimate). `arrived`: the cards that really entered play are
   * remembered under this label, as `choose_cards` remembers its picks — what a later "it" / "they" names ("Summon up to
   * two Unit cards ... . They can't attack this turn.").
   */
  | { op: "summon"; what: Affected; under?: PlayerRef; arrived?: string; from?: { zone: string; whose: PlayerRef } }
  /** `arrived`: the tokens made are remembered under this label ("Summon a 2-power Spirit token. At the end of the turn, destroy it."). */
  | { op: "create_token"; token: TokenSpec; amount: NumberExpr; under?: PlayerRef; arrived?: string }
  /**
   * Copies of cards ("Create a token that's a copy of target unit." · "Put a copy of target creature into your hand."): for
   * each card of `of` still where it was, `amount` new cards of that card's definition — its copiable values: name, card
   * type, subtypes, colours, cost, printed stats and abilities as printed; never its counters, damage, modifiers (boosts,
   * keywords granted), exhausted state or controller. `to` absent: tokens put into play under `under` (the effect's
   * controller when absent), as `create_token` makes them; `to`: a card put into `under`'s zone of that name (a copy of a
   * token is not: a token exists only in play). `arrived`: the copies made, as `create_token` remembers them.
   */
  | { op: "copy"; of: Affected; amount: NumberExpr; to?: string; under?: PlayerRef; arrived?: string }
  | { op: "gain_control"; what: Affected; who: PlayerRef; duration: Duration }
  /**
   * "Exchange control of two target creatures": the two cards `what` names (two target slots) swap controllers — both in
   * play under different controllers, else nothing happens; with a duration each goes back as it ends.
   */
  | { op: "exchange_control"; what: Affected; duration: Duration }
  /**
   * `who` searches `owner`'s zone (their own when absent: "Search target opponent's deck for a card" is you in theirs). It does
   * not shuffle: "..., then shuffle." is a `shuffle` step after it.
   */
  | { op: "search"; who: PlayerRef; owner?: PlayerRef; zone: string; selector: CardSelector; to: string; amount: NumberExpr; reveal?: boolean }
  /**
   * "Look at / Reveal the top N cards of your deck": those cards become the looked-at cards of this resolution (and `it`).
   * `who` looks; `owner`'s zone ("Look at the top card of target player's deck"), their own when absent.
   */
  | { op: "look_top"; who: PlayerRef; owner?: PlayerRef; zone: string; amount: NumberExpr; reveal?: boolean }
  /**
   * "put one into your hand", "the rest back", "put them on the bottom"; `order`: "in any order", the player orders them (top to bottom).
   * The player picks `amount` of the looked-at cards still there ("rest": all of them) and moves them (into their owner's zone); "back"
   * keeps them on top in their order. `who` picks and orders when the cards are another player's (who looked); else their owner does.
   * `filter`: only looked-at cards of this kind may be picked ("a creature card from among them"); when fewer fit, those.
   * `upTo`: the player picks how many, none to `amount` ("up to two of them"; with "rest": "any number of them").
   */
  | { op: "place_looked"; amount: NumberExpr | "rest"; upTo?: boolean; filter?: CardSelector; to: string; position?: "top" | "bottom"; order?: boolean; who?: PlayerRef }
  /** "Each player puts the top two cards of their deck into their Graveyard": each of `who` moves the top `amount` cards of their `zone` to their `to`. */
  | { op: "move_top"; who: PlayersRef; zone: string; amount: NumberExpr; to: string }
  | { op: "exhaust"; what: Affected; over?: boolean }
  /** "it remains in play [with 1 defense]" (a replacement of its destruction): it stays; its remaining `stat` becomes `amount` until end of turn. */
  | { op: "remain"; what: Affected; stat?: string; amount?: NumberExpr }
  | { op: "ready"; what: Affected }
  /** "It doesn't ready during its controller's next Beginning Phase": the cards stay as they are at that readying (once). */
  | { op: "skip_next_ready"; what: Affected }
  /** `ability`: the activated ability of the card `what` that waits on the response chain ("Counter target activated ability."). */
  | { op: "counter_spell"; what: CardRef; ability?: true }
  | { op: "gain_resource"; who: PlayersRef; resource: string; amount: NumberExpr }
  | { op: "lose_resource"; who: PlayersRef; resource: string; amount: NumberExpr }
  /**
   * "you may pay {B}", "unless its controller pays 2 Gold": `who` pays `cost` (cost symbols) as a resolution runs, the way
   * the game pays a card's cost (CYBERVAMP: exhausting lands) — choosing how when there is more than one way (a `mode`
   * question: one option per way the game's payment listing offers). Lowered only inside the `if` (`can_pay`) and `may`
   * that ask it, so a player who cannot pay is never asked.
   */
  | { op: "pay"; who: PlayerRef; cost: CostPart[] }
  | { op: "shuffle"; who: PlayersRef; zone: string }
  /**
   * "Each player draws a card for each Unit they control", "Each opponent returns a creature they control to its owner's hand":
   * `steps` run once for each of `who`, in turn order, with that player as `acting` (their own count, their own choice).
   * A `choose_cards` with `gather` among them collects every run's picks for the step after the `per_player`.
   * `among`: only the players of `who` of whom it holds ("Each player with 5 or less life gains 2 life and draws a card."),
   * each checked as the step begins, before any run — the set is chosen once, so a clause cannot take a player out of it.
   */
  | { op: "per_player"; who: PlayersRef; among?: Condition; steps: Step[] }
  /**
   * "Choose one —": the player picks one of `modes`. "Choose two —" / "Choose one or both —" (`choose`, the words) has a
   * mode for each set of printed modes it allows, its steps theirs in order; `of` names those printed modes and how many
   * steps each gave (what reads-as prints the card from).
   */
  | { op: "choose_one"; modes: { text: string; steps: Step[]; source?: SourceRef; of?: { mode: number; steps: number }[] }[]; choose?: string }
  /**
   * A delayed trigger ("Destroy it at the end of the turn.", "At the beginning of the next end step, return it to its
   * owner's hand."): `steps` run once, the first time `at` happens after this step ran, with this resolution's targets
   * and chosen cards ("it" = the card the ability named before). `turnOf`: "during its controller's next turn" of a card
   * whose side is not known until it resolves ("Target unit can't attack next turn."): `at` (a turn's first phase,
   * `whose` "each") happens only in a turn of the player controlling that card as this step runs.
   */
  | { op: "delayed"; at: TriggerPattern; steps: Step[]; turnOf?: Affected }
  /**
   * Damage prevented for a while, by a one-time effect ("Prevent the next 3 damage that would be dealt to target creature
   * this turn.", "Prevent all combat damage that would be dealt this turn.", "Prevent all damage that would be dealt by
   * target creature this turn."): kept in the state until `duration` ends. Damage dealt to `to` (any card or player when
   * absent) by `by` (any source when absent), combat damage only with `combat`, is prevented — all of it, or `amount` in
   * all (used up as it prevents). Cards and players named are fixed as it resolves; a `cards` selector is matched when
   * the damage would be dealt.
   */
  | { op: "prevent"; amount: NumberExpr | "all"; to?: Affected; by?: Affected; combat?: boolean; duration: Duration }
  /**
   * A one-shot replacement effect ("The next time target unit would be destroyed this turn, return it to its owner's hand
   * instead." · "The next time a source would deal damage to you this turn, prevent that damage."): `replacement` (the
   * shape of a card's `Ability.replacement`) applies once, to the first event it matches, until `duration` ends. `on`: the
   * cards or players it is about, fixed as the step resolves (a target, "it", "you"); absent, the replacement's subject is
   * matched as the event comes. Its steps run as a card's replacement's do: "it" is the card, "that player" the player.
   */
  | { op: "replace_next"; replacement: Replacement; on?: Affected; duration: Duration }
  /**
   * A player restriction for a while, by a one-time effect ("Your opponent can't play Spells this turn.", "Target player
   * can't attack next turn."): each of `who` (fixed as it resolves) has `rule` (PLAYER_RULES) until `duration` ends;
   * `cards`: only cards matching it (can't play Spells), relative to the effect's controller. `nextTurn`: it holds during
   * that player's next turn only (it begins as their next turn begins and ends with it: `duration` is end_of_turn).
   */
  | { op: "player_rule"; rule: PlayerRuleName; who: PlayersRef; cards?: CardSelector; duration: Duration; nextTurn?: true }
  /**
   * What playing cards costs, changed for a while by a one-time effect ("Spells you cast this turn cost 1 less.", "The next
   * spell you cast this turn costs 1 less."): `cost` is a cost static's change (its `affects` relative to the effect's
   * controller; its amount read as the effect resolves), kept until `duration` ends; `next`: it applies to the first card
   * it matches as that card is played, and is used up then (runtime/core/cost-changes.ts).
   */
  | { op: "cost_change"; cost: Extract<StaticEffect, { kind: "cost" }> & { affects: CardSelector }; next?: true; duration: Duration }
  | { op: "if"; condition: Condition; then: Step[]; else?: Step[] }
  /** "You may X": asks; yes runs `steps` (X, and what "If you do," adds), no runs `otherwise` ("If you don't, ..."). */
  | { op: "may"; who?: PlayerRef; steps: Step[]; otherwise?: Step[]; prompt: string }
  /**
   * A rule the engine implements natively, named by the game file (`keyword ... = rule name`) or by a form of card text
   * (`make_defender`, `fight`). `from`: the card that does it, where the rule has one ("This unit fights target unit").
   * `color`: the colour it is about ("You get a temporary Red Facet": `grant_temporary_facet` of Red to `who`, `amount` of them).
   * `duration`: how long a lasting rule lasts (RULES_WITH_DURATION: "Target unit loses all abilities until end of turn" —
   * `remove_all_abilities` in a game with no keyword for it, the same modifier as that keyword's); absent, while in play.
   */
  | { op: "rule"; rule: string; amount?: NumberExpr; who?: PlayersRef; target?: Affected; from?: CardRef; color?: string; duration?: Duration };

/**
 * The field naming what a step acts on, for the steps whose objects can be joined by "and" into one effect (the lowering's
 * oneEffectOnEveryPart; the reads-as printer writes such a pair as one phrase again).
 */
export const STEP_OBJECT_FIELD: Partial<Record<Step["op"], string>> = {
  damage: "to",
  add_counters: "on",
  remove_counters: "on",
  modify: "on",
  destroy: "what",
  move: "what",
  summon: "what",
  gain_control: "what",
  exchange_control: "what",
  exhaust: "what",
  ready: "what",
  keyword_action: "target",
  rule: "target",
};

/**
 * "for each card discarded this way", "if that creature is destroyed this way": a step that takes cards away records the
 * cards it really took (runtime/core/effects.ts: those that went — not one that could not be destroyed, or whose
 * destruction was replaced) under its label, and "<participle> this way" reads that record (a `chosen_count`, a
 * `done_this_way` condition). Keyed by the step's op, which is the participle's verb.
 */
export const THIS_WAY_LABELS = {
  destroy: "$destroyed",
  sacrifice: "$sacrificed this way",
  discard: "$discarded this way",
  exhaust: "$exhausted this way",
  return: "$returned this way",
  die: "$died this way",
  /** One entry per counter removed (the receiver's id each time): its length is the number of counters removed. */
  remove: "$removed this way",
  /** "was dealt damage this way": each card and player (their ids) a damage step dealt more than 0 damage to. */
  deal: "$dealt damage this way",
  /** A game's keyword action whose rule moves cards to the removed zone ("Erase", rule move_to_oblivion / erase): the cards it moved. */
  erase: "$erased this way",
  /** A game's keyword action whose rule is `mill` ("Mill N"): the cards it put from a deck into a Graveyard. */
  mill: "$milled this way",
  /** "for each card drawn this way": the cards a draw step really put into a hand (not a draw skipped at an empty deck or replaced). */
  draw: "$drawn this way",
  /** "for each token created this way": the tokens a step really made in play (`create_token`, a `copy` into play). */
  create: "$created this way",
  /**
   * "for each Bleed counter gained this way": one entry per counter a step really put on a player or a card in play (the
   * receiver's id each time; after a replacement of the gain) — its length is the number of counters gained.
   */
  gain: "$counters gained this way",
} as const;

export type ThisWayVerb = keyof typeof THIS_WAY_LABELS;

/**
 * "the life lost this way" / "the life gained this way" (a `chosen_count`): a `lose_life` (`gain_life`) step records, as it
 * resolves, one entry per point of life its players really lost (gained) — the player's id each time — after replacements
 * and "can't gain life"; the step after it counts them.
 */
export const LIFE_THIS_WAY = { lose_life: "$life lost this way", gain_life: "$life gained this way" } as const;

/**
 * "the damage prevented this way" (a `chosen_count`): a replacement that prevents damage ("If a source would deal damage to
 * you, prevent 1 of that damage", "The next time ..., prevent that damage") records, as it applies, one entry per point of
 * damage it really prevented; its own steps read it. Damage a `prevent` step's shield stops later is not known as the
 * effect that made it resolves: no record.
 */
export const DAMAGE_PREVENTED_THIS_WAY = "$damage prevented this way";

/** The op of the step whose record a verb's "this way" reads ("Return ..." is a `move`; "dies this way" also reads a `modify` of the toughness stat: compiler/lower.ts killsByStat). */
export const THIS_WAY_OPS = {
  destroy: "destroy",
  sacrifice: "sacrifice",
  discard: "discard",
  exhaust: "exhaust",
  return: "move",
  die: "damage",
  remove: "remove_counters",
  deal: "damage",
  erase: "keyword_action",
  mill: "keyword_action",
  draw: "draw",
  create: "create_token",
  gain: "add_counters",
} as const satisfies Record<ThisWayVerb, Step["op"]>;

/**
 * The records a cost that takes cards leaves for the ability it pays for: paying by sacrificing, discarding or erasing is
 * that step ("As an additional cost to play this, sacrifice a creature. Deal damage equal to the sacrificed creature's
 * power to any target."): the frames that resolve it start with the cards under these labels (runtime/engine/actions.ts
 * paidCards), as a step of the effect would record them.
 */
export const PAID_LABELS: readonly string[] = [THIS_WAY_LABELS.sacrifice, THIS_WAY_LABELS.discard, THIS_WAY_LABELS.erase];

/** The native rules of a keyword action whose cards "erased this way" / "milled this way" read (runtime/core/effects.ts runNativeRule). */
export const THIS_WAY_RULES: Partial<Record<ThisWayVerb, readonly string[]>> = { erase: ["move_to_oblivion", "erase"], mill: ["mill"] };

/** Past participles card text writes that are not the verb and "-ed". */
const IRREGULAR_PARTICIPLES: Readonly<Record<string, string>> = { deal: "dealt", draw: "drawn", pay: "paid", put: "put", take: "taken", lose: "lost", cast: "cast", choose: "chosen", give: "given" };

/**
 * A verb's past participle: "destroyed", "discarded", "sacrificed", "exhausted", "returned", "erased", "dealt" — how "this
 * way" is written after it, and how "the sacrificed creature" names the card a step or a cost took.
 */
export function participleOf(verb: ThisWayVerb | string): string {
  return IRREGULAR_PARTICIPLES[verb] ?? (verb.endsWith("e") ? `${verb}d` : `${verb}ed`);
}

/** What a verb's "this way" record holds: the cards it took, (`remove`, `gain`) the counters it removed or put, (`create`) the tokens it made. */
export function thisWayNoun(verb: ThisWayVerb): "card" | "counter" | "token" {
  return verb === "remove" || verb === "gain" ? "counter" : verb === "create" ? "token" : "card";
}

/** The verb whose record a label is (for the printer), undefined for any other label. */
export function thisWayVerbOf(label: string): ThisWayVerb | undefined {
  return (Object.keys(THIS_WAY_LABELS) as ThisWayVerb[]).find((verb) => THIS_WAY_LABELS[verb] === label);
}

/** Are two steps the same but for `field` (and where they were written)? */
export function sameStepBut(a: Step, b: Step, field: string): boolean {
  const rest = (s: Step) => JSON.stringify({ ...s, [field]: undefined, source: undefined });
  return rest(a) === rest(b);
}

export interface TokenSpec {
  name: string;
  cardType: string;
  subtypes: string[];
  stats: Record<string, number>;
  /** Its colours (a game's colours or factions) as written: `a 2 power Gray Wolf token`; none written, none. */
  colors?: string[];
  /** Keyword abilities the token has, with their number (`with Bleed 2 and Haste`), as an ability's `keyword`. */
  keywords: KeywordGrant[];
}

/** A keyword ability given to a card (a token's, a modifier's), with its number (`Bleed 2`): the shape of an ability's `keyword`. */
export interface KeywordGrant {
  name: string;
  amount?: number;
}

// ---------------------------------------------------------------------------------------------
// Triggers and abilities

/** The events a trigger fires on: its event, and those of "or" ("Whenever this attacks or blocks"). */
export function triggerEvents(trigger: { event: EventKind; orEvents?: readonly EventKind[] }): readonly EventKind[] {
  return trigger.orEvents?.length ? [trigger.event, ...trigger.orEvents] : [trigger.event];
}

/** Events the engine raises; triggered abilities match them. */
export type EventKind =
  | "enters"
  | "leaves"
  | "destroyed"
  | "attacks"
  /** A card an attack is aimed at ("Whenever this unit is attacked"): the card attacked, its other card the attacker. */
  | "attacked"
  | "blocks"
  | "blocked"
  | "combat_damage_player"
  | "deals_damage"
  | "dealt_damage"
  | "draw"
  | "discard"
  | "gain_life"
  | "lose_life"
  | "cast"
  | "keyword_action"
  | "phase_start"
  | "phase_end"
  | "counter_added"
  /** A card destroyed another ("Whenever this destroys a creature in combat"): subject the destroyer, object the destroyed. */
  | "destroys"
  /** A unit fights another (a game whose units fight by power: an attack on a unit, or one a defender walls). */
  | "fights"
  /** A unit is made a defender, by its controller's defend action or by an effect ("Whenever this unit becomes a defender"). */
  | "becomes_defender"
  /** A unit's fight is decided and its power was the higher ("Whenever this unit wins a fight"): the other is the unit it beat. */
  | "wins_fight"
  /** A unit is still in play after a fight is decided ("Whenever this unit survives a fight"): the other is the unit it fought. */
  | "survives_fight"
  /** A player is dealt damage ("Whenever an opponent is dealt damage", "Whenever you take damage"); `dealt_damage` is a card's. */
  | "player_dealt_damage"
  /** A ready card becomes exhausted ("Whenever this becomes exhausted"): by an effect, a cost, an attack or a payment. */
  | "exhausted"
  /** A card not overexhausted becomes overexhausted ("Whenever a creature becomes overexhausted"): by an effect or an Overexhaust cost. */
  | "overexhausted"
  /** A player gets counters ("Whenever an opponent gains Bleed counters"); `counter_added` is a card's. */
  | "player_counter_added";

export interface TriggerPattern {
  event: EventKind;
  /**
   * Whose/what event: the ability's own card ("this"), a card matching a selector ("an ally",
   * "another Vampire you control"), or a player ("you", "a player", "an opponent").
   */
  subject:
    | { kind: "self" }
    /** `orSelf`: "this or another Vampire" — this card too, whatever the selector says of it. */
    | { kind: "card"; selector: CardSelector; orSelf?: true }
    /**
     * `is`: the subject's own filter ("a player who has Bleed counters", "an opponent with 10 or less life"), a condition
     * on the event's player (`acting` in it) checked as the event happens — once, when the trigger is noted; an
     * intervening "if" is checked again as it resolves.
     */
    | { kind: "player"; who: "you" | "opponent" | "any"; is?: Condition };
  /**
   * The other party, when the text names it: the card a player casts, draws or discards ("casts a spell",
   * "discards a Unit card"), the card destroyed or dealt damage ("destroys a creature"), or the player dealt
   * damage ("deals damage to an opponent").
   */
  object?: { kind: "card"; selector: CardSelector } | { kind: "player"; who: "you" | "opponent" | "any" };
  /** "in combat": only events of combat (fights, combat damage). */
  combat?: boolean;
  /**
   * "Whenever a creature deals Breach damage to a player" (`combat_damage_player`): only the damage a keyword whose rule is
   * `overflow_to_player` carried past a blocked attacker's blockers to the player — not an unblocked hit. The keyword's name.
   */
  overflow?: string;
  /**
   * "Whenever this blocks, gain 1 life." (`blocks` with no object, its ability naming no attacker): once for a declaration
   * of blockers however many attackers the card blocks (a Multi-block creature blocking two gains 1, not 2). "Whenever this
   * blocks a creature" — or an ability naming "the attacking creature" — triggers for each attacker blocked.
   */
  oncePerBlock?: boolean;
  /**
   * "Whenever you attack, ..." (a player's `attacks`, no card named): once for a declaration of attackers however many
   * attack together (where attackers are declared together; Duel's attacks are one at a time, each its own). `attackers`:
   * only when at least `atLeast` of them, matching `selector`, attack together ("Whenever you attack with two or more
   * creatures").
   */
  oncePerAttack?: boolean;
  attackers?: { atLeast: number; selector: CardSelector };
  /**
   * "Whenever this attacks or blocks": the same pattern on further events — the ability triggers on `event` or any of
   * these (each a pattern equal to this one but for its event; contract.ts triggerContract is what all of them carry).
   */
  orEvents?: EventKind[];
  /** `enters`: a zone other than the battlefield ("enters your Facet Zone", "is put into a Graveyard"). */
  zone?: string;
  /** `enters` a zone: only from this zone ("Whenever a card is erased from your Graveyard": Graveyard → Oblivion). */
  from?: string;
  /**
   * `enters` a zone a keyword action moves cards to: only the cards that player moved there ("Whenever you erase a card":
   * each card you erase, whoever owns it — once per card, as "Whenever you discard a card"). Also a keyword that puts
   * cards onto the field free ("Whenever you summon a unit": each card you summon, not one played; `zone` unset, play):
   * "any" — any player's ("Whenever a unit is summoned").
   */
  by?: "you" | "opponent" | "any";
  /** For `keyword_action`: which keyword ("When you Scry"); for phase events: which phase, and whose turn. */
  keyword?: string;
  /**
   * `cast`: "Whenever you play your second spell each turn", "Whenever an opponent casts their third spell each turn":
   * only the player's Nth card this turn of those the object matches (counted from the cards played this turn, this one
   * included, as it is played). `draw`: "Whenever you draw your second card each turn": only the player's Nth card drawn
   * this turn (GameState.drawnThisTurn: the cards drawn into the hand, this one included).
   */
  nthThisTurn?: number;
  /** For counter events: which counter ("gains Bleed counters"); any when absent. */
  counter?: string;
  phase?: string;
  whose?: "your" | "opponent" | "each";
  text: string;
}

export type AbilityKind =
  | "triggered"
  | "activated"
  | "static"
  | "spell"
  | "keyword"
  | "replacement";

export type StaticEffect =
  /** Stats changed, keywords given, keywords taken away (`loses`: "This loses Flying." — gone whatever gives it, as a one-time loss). */
  | {
      kind: "modify";
      affects: CardSelector | { self: true };
      stats?: Record<string, NumberExpr>;
      /**
       * A stat defined rather than changed ("This unit has power equal to the number of cards in your hand.", "This unit's
       * power is equal to ..."): the number, read whenever the stat is, takes the place of the printed one; counters, one-time
       * changes and other statics' +N still add to it (a card's own definition of itself comes first, as the printed value
       * it replaces). Of two that define one stat of one card, the last in play order holds.
       */
      set?: Record<string, NumberExpr>;
      keywords?: KeywordGrant[];
      loses?: string[];
    }
  /**
   * "Spells you cast cost 1 less." · "Creature spells your opponents cast cost {1} more." · "This costs {1} less for each
   * creature you control.": what playing a card matching `affects` (in its owner's hand, relative to the static's
   * controller; `self`: the card itself, read wherever it is played from, relative to the player playing it) costs
   * changes by `amount` (read as the card is played; `change` says which way) of `generic` cost symbols, of `resource`,
   * or (neither named) of generic symbols if the cost has them, else of its resources.
   */
  | { kind: "cost"; affects: CardSelector | { self: true }; change: "less" | "more"; amount: NumberExpr; generic?: boolean; resource?: string }
  /** A named rule the engine knows ("cant_be_blocked", "ignores_summoning_sickness"...), applied to cards. */
  | { kind: "rule"; rule: string; affects: CardSelector | { self: true }; amount?: number; by?: RestrictionBy }
  /**
   * A player restriction while the card is in play ("Players can't draw cards.", "Your opponent can't play Spells."):
   * `who` relative to the card's controller has `rule` (PLAYER_RULES); `cards`: only cards matching it.
   */
  | { kind: "player_rule"; rule: PlayerRuleName; who: "you" | "opponent" | "any"; cards?: CardSelector }
  /**
   * The hand maximum changed while the card is in play ("Your maximum hand size is increased by 2.", "Your opponents'
   * maximum hand size is reduced by 1.", "You have no maximum hand size."): for `who` relative to the card's controller,
   * the game's `param max_hand` plus `by` (runtime/core/values.ts handMaximum: read by a draw at the maximum and a card
   * returned to a full hand), or no maximum at all (`none`). Only in a game with a hand maximum.
   */
  | { kind: "hand_size"; who: "you" | "opponent" | "any"; by?: number; none?: true };

/**
 * The restrictions the engine enforces on players, by rule name: a move it refuses (playing those cards, attacking with
 * any of their units — the refusal names the rule's card) or an event that does not happen to them (gaining life,
 * drawing: a trace line says why). One mechanism for a static while its card is in play and a one-time effect's
 * duration (runtime/core/values.ts `playerRestricted`).
 */
export const PLAYER_RULES = {
  cant_play: "can't play [<cards>]",
  cant_attack: "can't attack",
  cant_gain_life: "can't gain life",
  cant_draw: "can't draw cards",
} as const;
export type PlayerRuleName = keyof typeof PLAYER_RULES;

/**
 * Who or what a restriction is about: "can't be targeted by spells your opponents control" (players and
 * kinds), "can't be blocked by tokens" (cards). Every part given must match; relative to the static's controller.
 */
export interface RestrictionBy {
  controller?: "you" | "opponent";
  /** What acts: a spell, or an ability (activated or triggered) of a permanent. */
  sources?: ("spell" | "ability")[];
  /** The card that acts (a blocker). */
  selector?: CardSelector;
}

/** A restriction given to a card by a one-time effect for a duration (a `modify` step): its rule and `by`, as a static's. */
export interface RuleGrant {
  rule: string;
  by?: RestrictionBy;
}

/**
 * The restrictions the engine enforces, by the rule name the lowering gives them; anything else a card
 * says it "can't" do is a note at its words (never a rule nothing reads).
 */
export const RESTRICTION_RULES = {
  cant_attack: "can't attack",
  cant_block: "can't block",
  cant_be_blocked: "can't be blocked [by <cards>]",
  cannot_be_targeted: "can't be targeted [by <player's> spells or abilities]",
  cant_be_destroyed: "can't be destroyed [by <player's> spells or abilities]",
} as const;

/** A replacement effect (see `Ability.replacement`); runtime/core/replacements.ts applies it. */
export interface Replacement {
  /** `destroyed`, `dealt_damage` (a card), `player_dealt_damage`, `draw`, `gain_life`, `lose_life`, `player_counter_added`, `enters` (play, or `zone`). */
  event: EventKind;
  subject?: TriggerPattern["subject"];
  limit?: "first_each_turn" | "first";
  /** Only combat damage ("Prevent all combat damage that would be dealt to ..."). */
  combat?: boolean;
  /**
   * Damage: only damage the card dealing it matches ("If a creature would deal damage to you", "If a spell an opponent
   * controls would deal damage to this"), matched wherever that card is (a spell resolving, a unit's DEATH trigger); any
   * source when absent ("If a source would deal damage ...").
   */
  from?: CardSelector;
  /** Only while this holds, relative to the replacement's controller ("If you would draw a card during your Start phase"). */
  during?: Condition;
  /**
   * `during` is read for the event's player, not the replacement's controller: "If a player would draw a card during their
   * turn" (any player, on their own turn).
   */
  duringTheirs?: true;
  /** `enters`: the zone the card would be put into ("put into a Graveyard"); play when absent. */
  zone?: string;
  /** `player_counter_added`: which counter ("If you would gain Bleed counters"); any when absent. */
  counter?: string;
  /** Damage: how much of it is prevented ("prevent 1 of that damage", "prevent that damage": all); the rest is dealt, and `steps` run beside it. */
  prevent?: NumberExpr | "all";
  /** The event still happens, with `steps` as part of it ("This enters exhausted", "enters with two power counters on it"). */
  alongside?: boolean;
  steps: Step[];
}

export interface Ability {
  /** Stable instance id inside its card or game file: "<owner id>#<index>" — one line of text is one instance. */
  id: string;
  kind: AbilityKind;
  /** The game's marker word the ability was written with ("PLAY", "BREACH"), if any. */
  marker?: string;
  /** Chromatic-style tag ("Base", a Facet colour). */
  tag?: string;
  trigger?: TriggerPattern;
  /** Activation cost (activated abilities). */
  cost?: CostPart[];
  /**
   * Activated: how many times its controller may activate it each turn ("Activate this only once each turn."). Triggered:
   * how many times it triggers each turn ("The first time you discard a card each turn, ..." · "Whenever you Scry for the
   * first time each turn, ...": once). No limit when absent.
   */
  timesPerTurn?: number;
  /**
   * Activated: when its controller may activate it ("Activate only during your turn." → it is your turn; "... during your
   * Pre-Battle phase." → and it is that phase; "Activate only if you control a Vampire."), checked as it is activated; the
   * engine refuses it otherwise with `activation_condition`. No limit when absent.
   */
  activateOnly?: Condition;
  /**
   * Activated: the zone its card is activated from — its owner's graveyard zone — instead of play ("Pay 3 life: Return
   * this card from your Discard Pile to your hand.": the ability says where it works, as CYBERVAMP's "cannot be used unless
   * a card effect specifically allows it" asks). The engine offers it only while the card is there, to its owner.
   */
  from?: string;
  targets: TargetSpec[];
  steps: Step[];
  statics?: StaticEffect[];
  /** Keyword ability properties ("Haste", "Bleed 2"): name and amount. */
  keyword?: { name: string; amount?: number };
  /**
   * A replacement effect: "If this would be destroyed, return it to its owner's hand instead." ·
   * "The first time this would be destroyed each turn, it remains in play with 1 defense instead." ·
   * "If a source would deal damage to this, prevent 1 of that damage." · "If you would draw a card,
   * Scry 1 instead." · "If a card would be put into a Graveyard, put it into its owner's Oblivion
   * instead." · "This enters exhausted."
   * When `event` would happen to a card or player matching `subject` (this card by default), `steps` run
   * instead (with "it" = that card, "that player", "that much" = the event's amount), at once and
   * without a choice; `limit`: only the first time each turn, or the first time since the card entered play.
   */
  replacement?: Replacement;
  /** Intervening "if" (checked when noted and again on resolution). */
  condition?: Condition;
  /**
   * Reminder text in parentheses after the ability, as written (`Bleed 1 (Target player gains a Bleed counter.)`).
   * Never run: the compiler checked it restates the ability, or reported it (CW6040, CW6041). Reads-as prints it.
   */
  reminder?: string;
  text: string;
  source: SourceRef;
}

// ---------------------------------------------------------------------------------------------
// Cards and games

export interface CompiledCard {
  /** Unique in the workspace: "<set>/<name>". */
  id: string;
  name: string;
  set: string;
  game: string;
  cardType: string;
  subtypes: string[];
  supertypes: string[];
  colors: string[];
  rarity?: string;
  /** What playing the card costs; an empty list means free. */
  cost: CostPart[];
  costText?: string;
  /**
   * `As an additional cost to cast this, discard a card.`: the parts of `cost` from index `from` on are that sentence's
   * (the engine pays `cost` whole; reads-as prints the sentence back from them).
   */
  additionalCost?: { from: number; text: string; source: SourceRef };
  /**
   * `Play this only during an opponent's Battle phase.` · `Cast this spell only during your turn.` · `Play this only if you
   * control a Vampire.`: when the card may be played (relative to the player playing it), checked as it is played; the
   * engine refuses it otherwise with `cannot_play`, and lists no such play. No limit when absent.
   */
  playOnly?: { condition: Condition; text: string; source: SourceRef };
  stats: Record<string, number>;
  flags: string[];
  /** Fields the card type requires that the IR does not otherwise model (a land's `produces`), as their words. */
  fields?: Record<string, string[]>;
  isToken: boolean;
  abilities: Ability[];
  text: string;
  source: SourceRef;
}

export interface ResourceDef {
  name: string;
  start: number;
  gainPerTurn: number;
  max?: number;
}

export interface ColorDef {
  name: string;
  /** How a card of this colour pays: "free", a resource name, "discard", "erase", "life", or a symbol. */
  pays?: string;
  symbol?: string;
}

/** Which part a zone plays in the rules; taken from the game file (or from its usual name). */
export type ZoneRole = "deck" | "hand" | "battlefield" | "graveyard" | "removed" | "resource" | "other";

export interface ZoneDef {
  name: string;
  role: ZoneRole;
  visibility: "hidden" | "private" | "public";
  ordered: boolean;
  slots?: number;
  shared: boolean;
}

export interface CardTypeDef {
  name: string;
  permanent: boolean;
  token: boolean;
  requires: string[];
}

export interface PhaseDef {
  name: string;
  /** Auto phases run their steps and move on; others wait for the active player. */
  auto: boolean;
  steps: Step[];
  /** The phase's step lines as the game file writes them (`draw renew_draw`, `declare_attackers`), in order: each is a state of the statechart. */
  lines?: { text: string; source: SourceRef }[];
  source: SourceRef;
}

export interface MarkerDef {
  name: string;
  /** The trigger the marker stands for, or `static` for passive markers. */
  trigger?: TriggerPattern;
  isStatic: boolean;
  source: SourceRef;
}

export interface KeywordDef {
  name: string;
  kind: "ability" | "action";
  parameter?: string;
  /** `rule <name>`: implemented natively by the engine. */
  rule?: string;
  /** Card-language definition, compiled (N/X is `{ kind: "x" }` inside). */
  ability?: Ability;
  source: SourceRef;
}

export interface CompiledGame {
  irVersion: number;
  id: string;
  name: string;
  file: string;
  params: Record<string, number | string | boolean>;
  /** Where each parameter is set in the game file (the studio's statechart links its states to these lines). */
  paramSources?: Record<string, SourceRef>;
  resources: ResourceDef[];
  colors: ColorDef[];
  zones: ZoneDef[];
  cardTypes: CardTypeDef[];
  stats: string[];
  rarities: { name: string; max?: number }[];
  deck: { min?: number; max?: number; copies?: number };
  phases: PhaseDef[];
  markers: MarkerDef[];
  keywords: KeywordDef[];
  counters: { name: string; on: "player" | "card" }[];
  /** Rules written as abilities of the game itself (`rule "..." = "..."`). */
  rules: Ability[];
  /** Cost symbols the game declares (`color Red symbol {R}`, `symbol {G} = Gold`, `symbol {N} = generic`), by symbol without braces. */
  symbols?: Record<string, { color?: string; resource?: string; generic?: boolean }>;
  source: SourceRef;
}

/** One game and every card compiled for it: what the runtime loads. */
export interface CompiledBundle {
  game: CompiledGame;
  cards: CompiledCard[];
}

/**
 * The "Choose one —" that is an ability's whole effect, under its condition or "you may" if it has one ("When this enters
 * play, if you control a Vampire, choose one — ..."): its mode is chosen with its targets, and the condition is checked
 * again as it resolves (the `if` step). Undefined for any other effect.
 */
export function wholeModal(steps: readonly Step[]): Extract<Step, { op: "choose_one" }> | undefined {
  if (steps.length !== 1) return undefined;
  const only = steps[0]!;
  if (only.op === "choose_one") return only;
  if (only.op === "if" && !only.else?.length) return wholeModal(only.then);
  if (only.op === "may" && !only.otherwise?.length) return wholeModal(only.steps);
  return undefined;
}

/** Every step of a list, those inside "if", "may" and the modes of "choose one" included. */
export function walkSteps(steps: Step[], visit: (step: Step) => void): void {
  for (const step of steps) {
    visit(step);
    if (step.op === "if") {
      walkSteps(step.then, visit);
      if (step.else) walkSteps(step.else, visit);
    } else if (step.op === "may") walkSteps(step.steps, visit);
    else if (step.op === "choose_one") for (const mode of step.modes) walkSteps(mode.steps, visit);
  }
}
