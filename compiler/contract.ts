/**
 * The contract between the compiler and the engine: what the runtime implements, as plain data
 * at the IR level. The compiler checks every compiled card and game file against it (what lies
 * outside is a diagnostic at its source range: `contract-check.ts`), and a runtime test
 * (`test/runtime/contract.test.ts`) proves the runtime's interpreter and registries implement
 * exactly what is listed here, so neither side can drift without a failing test.
 *
 * The compiler never imports the runtime (layers: grammar → compiler → runtime); the runtime
 * imports this table (its reader of game parameters and its card-rule lookup are typed by it).
 */
import { type CostPart, type EventKind, type NumberExpr, type Condition, type Duration, type StepBody, type CardSelector, type StaticEffect, type KeywordDef, triggerEvents } from "./ir.ts";

// ---------------------------------------------------------------------------------------------
// The instruction set: every union of the IR, listed (the type checks below keep each list equal
// to its IR union, and the runtime's switches are exhaustive over the same unions).

type Exactly<Union extends string, List extends readonly string[]> = [Union] extends [List[number]] ? ([List[number]] extends [Union] ? List : never) : never;
const exactly = <Union extends string>() => <const List extends readonly string[]>(list: Exactly<Union, List>): List => list;

export const STEP_OPS = exactly<StepBody["op"]>()([
  "damage", "draw", "keyword_action", "discard", "gain_life", "lose_life", "add_counters", "remove_counters", "modify", "destroy",
  "sacrifice", "sacrifice_self", "move", "choose_cards", "summon", "create_token", "copy", "gain_control", "exchange_control", "search", "look_top", "place_looked",
  "exhaust", "remain", "ready", "skip_next_ready", "counter_spell", "gain_resource", "lose_resource", "pay", "shuffle", "choose_one", "if", "may", "rule", "move_top", "per_player",
  "delayed", "prevent", "player_rule", "replace_next", "cost_change",
]);
export const NUMBER_EXPRS = exactly<Exclude<NumberExpr, number>["kind"]>()(["x", "count", "stat", "life", "counters", "total", "greatest", "hand_size", "players", "empty_slots", "resource", "event_amount", "damage_dealt", "life_this_turn", "times", "half", "plus", "chosen_count", "short_of", "at_most", "destroyed_this_turn", "played_this_turn", "entered_this_turn", "discarded_this_turn"]);
export const CONDITIONS = exactly<Condition["kind"]>()(["controls", "life_at_most", "life_at_least", "compare", "your_turn", "phase", "card_is", "card_matches", "not", "all", "any", "destroyed_this_turn", "played_this_turn", "entered_this_turn", "discarded_this_turn", "drawn_this_turn", "attacked_this_turn", "done_this_way", "can_pay"]);
/** The selector fields a `destroyed_this_turn` condition matches a card that left play by (runtime/core/values.ts destroyedMatches). */
export const DESTROYED_SELECTOR_FIELDS: readonly (keyof CardSelector & string)[] = ["controller", "owner", "cardTypes", "subtypes", "colors", "names", "other", "tokens"];
export const DURATIONS = exactly<Duration["kind"]>()(["permanent", "end_of_turn", "until_your_next_turn", "end_of_your_turn", "end_of_your_next_turn", "until_opponent_next_turn", "end_of_opponent_next_turn", "end_of_combat", "while_source"]);
export const COST_PARTS = exactly<CostPart["pays"]>()(["free", "resource", "discard", "erase", "life", "symbol", "exhaust", "overexhaust", "sacrifice", "facet", "counters", "player_counters"]);
export const SELECTOR_FIELDS = exactly<keyof CardSelector & string>()([
  "zones", "controller", "owner", "cardTypes", "subtypes", "colors", "other", "tokens", "exhausted", "overexhausted", "attacking", "blocking", "blockingSelf", "blockedBySelf", "blockingCard", "blockedByCard", "thisWay", "defender", "newlyTurned", "attackedThisTurn", "enteredThisTurn", "playedThisTurn", "targeting", "stat", "cost", "keyword", "names", "exclude", "otherThan", "controllerIs", "controllerWith", "destroyedThisTurn", "extreme", "counters", "anyOf", "activating",
]);
export const STATIC_EFFECTS = exactly<StaticEffect["kind"]>()(["modify", "rule", "cost", "player_rule", "hand_size"]);
/**
 * Steps that act on cards only, by the field naming what they act on: the interpreter keeps the cards of that field
 * and passes over a player in it (`runStep`: `cardsOf(...)`, or `"card" in t`). A compiled step naming a player there
 * ("you gets +1/+0") would do nothing: CW6004 (contract-check.ts).
 */
export const CARD_ONLY_STEPS = {
  modify: "on",
  destroy: "what",
  move: "what",
  gain_control: "what",
  exchange_control: "what",
  copy: "of",
  exhaust: "what",
  ready: "what",
} as const satisfies Partial<Record<StepBody["op"], string>>;

// ---------------------------------------------------------------------------------------------
// Trigger events: what each event the engine raises carries. A trigger's subject must be one the
// event carries: "Whenever an opponent is dealt damage" (a player subject on `dealt_damage`,
// which only cards are) would otherwise fire on every card dealt damage.

export interface EventContract {
  /** The card the event is about, in card English ("a card ... enters play"), when it has one. */
  card?: string;
  /** The player the event is about, when it has one. */
  player?: string;
  /** The event happens in a combat: "the defending player" / "the attacking player" name someone. */
  combat?: true;
  /** The event's other card, when it carries one (`CardRef` event_other: "that creature" after "this blocks a creature"). */
  other?: string;
  /**
   * Words naming the event's cards by their part in it, the first of each the printer's: "the attacking creature"
   * in a blocks trigger is the other card (the attacker blocked), in an attacks trigger the event's own card.
   */
  roles?: { card: readonly string[]; other: readonly string[] };
  /** What the event's amount is, when it carries one: what "that much" / "that many" read in its trigger or replacement. */
  amount?: string;
}

/**
 * What a trigger's events all carry: its event's contract, or for "attacks or blocks" what every one of its events
 * carries (a card, a player, another card, combat, the role words common to all) — the effect may name only those.
 */
export function triggerContract(trigger: { event: EventKind; orEvents?: readonly EventKind[] }): EventContract {
  const first = TRIGGER_EVENTS[trigger.event];
  if (!trigger.orEvents?.length) return first;
  const all = triggerEvents(trigger).map((e) => TRIGGER_EVENTS[e]);
  const common = <K extends "card" | "player" | "other" | "amount">(key: K) => (all.every((c) => c[key] !== undefined) ? { [key]: first[key] } : {});
  const roles = all.every((c) => c.roles) ? { card: first.roles!.card.filter((w) => all.every((c) => c.roles!.card.includes(w))), other: first.roles!.other.filter((w) => all.every((c) => c.roles!.other.includes(w))) } : undefined;
  return { ...common("card"), ...common("player"), ...common("other"), ...common("amount"), ...(all.every((c) => c.combat) ? { combat: true as const } : {}), ...(roles ? { roles } : {}) };
}

export const TRIGGER_EVENTS: Readonly<Record<EventKind, EventContract>> = {
  enters: { card: "enters play", player: "a card enters play under their control" },
  leaves: { card: "leaves play", player: "a card they own leaves play" },
  destroyed: { card: "is destroyed", player: "a card they control is destroyed", other: "the card that destroyed it (in a fight, by damage; a spell's Destroy names none)" },
  attacks: { card: "attacks", player: "they attack with a card", combat: true, other: "the card attacked (an attack on a card)", roles: { card: ["attacking"], other: ["attacked"] } },
  attacked: { card: "is attacked", player: "a card they control is attacked", combat: true, other: "the attacker", roles: { card: ["attacked"], other: ["attacking"] } },
  blocks: { card: "blocks", player: "they block with a card", combat: true, other: "the attacker it blocks", roles: { card: ["blocking"], other: ["attacking", "blocked"] } },
  blocked: { card: "becomes blocked", combat: true, other: "the card blocking it (each, when several do)", roles: { card: ["blocked", "attacking"], other: ["blocking"] } },
  combat_damage_player: { card: "deals combat damage to a player", player: "they are dealt combat damage", combat: true, amount: "the damage dealt" },
  deals_damage: { card: "deals damage", other: "the card dealt damage (damage to a card)", amount: "the damage dealt" },
  dealt_damage: { card: "is dealt damage", amount: "the damage dealt" },
  draw: { card: "is drawn", player: "they draw a card", amount: "1: each card drawn is an event" },
  discard: { card: "is discarded", player: "they discard a card" },
  gain_life: { player: "they gain life", amount: "the life gained" },
  lose_life: { player: "they lose life", amount: "the life lost" },
  cast: { card: "is played", player: "they play a card" },
  keyword_action: { player: "they perform the keyword action", amount: "the keyword's number (Scry 2: 2)" },
  phase_start: { player: "a phase of their turn starts" },
  phase_end: { player: "a phase of their turn ends" },
  counter_added: { card: "gets a counter", amount: "the counters put" },
  destroys: { card: "destroys another card", other: "the card destroyed" },
  fights: { card: "fights", combat: true, other: "the unit it fights" },
  becomes_defender: { card: "becomes a defender", player: "a unit they control becomes a defender" },
  wins_fight: { card: "wins a fight", combat: true, other: "the unit it beat" },
  survives_fight: { card: "survives a fight", combat: true, other: "the unit it fought" },
  player_dealt_damage: { player: "they are dealt damage", amount: "the damage dealt" },
  exhausted: { card: "becomes exhausted" },
  overexhausted: { card: "becomes overexhausted" },
  player_counter_added: { player: "they get counters", amount: "the counters put" },
};

// ---------------------------------------------------------------------------------------------
// Named rules: native rules a `rule` step or an action keyword names (`keyword action Scry N =
// rule scry`, a phase's `renew`), and card rules a static or an ability keyword gives a card
// (`keyword ability Flying = rule blockable_only_by_flying`, "This can't block").

export const NATIVE_RULES = [
  // effects.ts
  "end_of_turn", "mill", "move_to_oblivion", "erase", "put_onto_field_free", "scry",
  // combat.ts, combat-damage.ts
  "attack", "await_triggers", "make_defender", "fight", "declare_attackers", "declare_blockers", "combat_damage", "remove_damage", "expire_durations",
  "ready_permanents", "beginning_effects", "end_of_turn_effects",
  // chain.ts, stack.ts
  "change_phase", "priority", "stack_phase_end", "stack_phase_change", "respond",
  // mana.ts, renew.ts, weapons.ts, facets.ts, keyword-rules.ts
  "restore_mana", "renew", "end_newly_turned", "weapon_fight", "enter_enhanced", "cast_selected", "resolve_selected",
  "grant_temporary_facet", "ready_facets", "lose_temporary_facets", "remove_all_abilities", "cannot_attack_or_block",
] as const;
export type NativeRuleName = (typeof NATIVE_RULES)[number];
/**
 * Native rules whose effect is a lasting modifier on the card acted on (keyword-rules.ts: Silence, Pacify): a duration
 * written after them ends it ("Silence target creature until end of turn"); without one it lasts while the card is in play.
 */
export const RULES_WITH_DURATION: readonly NativeRuleName[] = ["remove_all_abilities", "cannot_attack_or_block"];
/** Native rules whose amount is a number of cards (effects.ts: mill moves N cards, scry looks at N): "Mill 3 cards" reads its noun. */
export const RULES_COUNTING_CARDS: readonly string[] = ["mill", "scry"];

/**
 * Is a keyword action's value a number of cards ("Mill 3 cards", "Scry 2 cards")? A native rule that moves or looks at
 * that many cards, or a definition in card text whose N is the amount of a step on cards (`= "Draw N cards."`).
 */
/** The stat damage is checked against, whose value at 0 or less destroys a creature (the game's toughness_stat / creature_damage_threshold); undefined in a game with none (Three-Slot Duel). */
export function toughnessStat(game: { params: Record<string, unknown> }): string | undefined {
  const stat = game.params["toughness_stat"] ?? game.params["creature_damage_threshold"];
  return typeof stat === "string" && stat ? stat : undefined;
}

export function countsCards(keyword: KeywordDef): boolean {
  if (keyword.rule) return RULES_COUNTING_CARDS.includes(keyword.rule);
  const isN = (amount: unknown) => JSON.stringify(amount) === '{"kind":"x"}';
  return (keyword.ability?.steps ?? []).some((s) => (s.op === "draw" || s.op === "discard" || s.op === "move_top" || s.op === "look_top") && isN(s.amount));
}

export const CARD_RULES = [
  "attacks_without_exhausting", "blockable_only_by_flying", "cannot_attack_or_block", "cant_attack", "cant_be_blocked", "cant_block",
  "destroys_creature_on_any_damage", "ignores_newly_turned", "ignores_summoning_sickness", "overflow_to_player",
  "play_with_priority_and_redirect", "cannot_be_targeted", "opponents_must_target_taunt", "blocks_up_to_n_attackers", "cant_be_destroyed",
  "blocks_additional_attackers", "blocks_any_number_of_attackers", "extra_attacks", "playable_from_graveyard",
  "must_attack",
] as const;
export type CardRuleName = (typeof CARD_RULES)[number];

/**
 * The events whose replacement effects the engine applies (`Ability.replacement`, runtime/core/replacements.ts
 * and operations.ts `replaceEvent`), with any limit and any steps that ask no choice; others are not run.
 */
export const REPLACEMENT_EVENTS: readonly EventKind[] = ["destroyed", "dealt_damage", "player_dealt_damage", "draw", "gain_life", "lose_life", "player_counter_added", "enters"];

// ---------------------------------------------------------------------------------------------
// Card states only some games have. The engine keeps an exhausted flag on every card, but only some
// games' rules read or reset it: in Three-Slot Duel nothing does, so `Exhaust target unit.` would
// check and change nothing. Each state lists the game-file rules that give a game the state (any one
// of them will do: a param with a value — set at all, when `value` is absent — or a phase step), each
// with the engine module that then reads it; card text that sets or reads the state in a game with
// none of them is a diagnostic at its words (contract-check.ts). A param left out of a game file takes
// the engine's default, which gives no state. test/runtime/contract.test.ts proves that every module
// reading the state is one of these (or runs the card text that names it).

export interface CardStateRule {
  param?: keyof typeof ENGINE_PARAMS;
  value?: string | boolean;
  /** A native rule a phase of the game runs (`phase Renew auto { renew; ... }`). */
  step?: NativeRuleName;
  module: string;
  /** What the engine then does with the state. */
  does: string;
}

export interface CardStateContract {
  /** The state, in a diagnostic's words ("an exhausted/ready state"). */
  says: string;
  /** What card text naming it would do in a game without it. */
  otherwise: string;
  /** The words of card text that name the state (the diagnostic narrows to them inside its clause). */
  words: RegExp;
  givenBy: readonly CardStateRule[];
  /** The engine modules that run the card-text forms naming the state (they read it for any game). */
  cardText: readonly string[];
}

export type CardStateName = "readiness" | "overexhaustion" | "responses";

export const CARD_STATES: Readonly<Record<CardStateName, CardStateContract>> = {
  readiness: {
    says: "exhausted/ready state",
    otherwise: "would change nothing: nothing in its rules reads or readies an exhausted card",
    words: /\b(?:(?:over)?exhaust(?:s|ed|ing)?|read(?:y|ies|ied)|untap(?:s|ped)?|tap(?:s|ped)?|renew(?:s|ed)?)\b/i,
    givenBy: [
      { step: "declare_attackers", module: "runtime/mechanics/combat-damage.ts", does: "exhausted creatures can't attack" },
      { step: "declare_blockers", module: "runtime/mechanics/combat-damage.ts", does: "exhausted creatures can't block (block_requires = ready)" },
      { param: "statics_off_when_exhausted", value: true, module: "runtime/core/values.ts", does: "exhausted cards' ongoing abilities are off" },
      { param: "static_abilities_need_renewed", value: true, module: "runtime/core/values.ts", does: "exhausted cards' ongoing abilities are off" },
      { param: "costs_paid_by", value: "exhausting_lands", module: "runtime/mechanics/lands.ts", does: "exhausted lands can't pay" },
      { param: "max_weapons", module: "runtime/mechanics/weapons.ts", does: "an exhausted Weapon can't attack" },
      { param: "max_facets", module: "runtime/mechanics/facets.ts", does: "exhausted Facets can't pay" },
      { step: "renew", module: "runtime/mechanics/renew.ts", does: "the Renew step readies cards" },
      { step: "ready_permanents", module: "runtime/mechanics/combat-damage.ts", does: "the turn readies permanents" },
      { step: "ready_facets", module: "runtime/mechanics/facets.ts", does: "the turn readies Facets" },
    ],
    // exhaust/ready steps, a selector's `exhausted`, exhaust costs, "enters exhausted", a scenario's setup and checks; a card's copy (state.ts).
    cardText: ["runtime/core/effects.ts", "runtime/core/values.ts", "runtime/engine/actions.ts", "runtime/core/operations.ts", "runtime/core/replacements.ts", "runtime/index.ts", "runtime/scenario.ts", "runtime/simulate.ts", "runtime/state/state.ts"],
  },
  overexhaustion: {
    says: "Overexhausted state",
    otherwise: "would not run as written: nothing in its turn ends an Overexhausted state, so the card would stay exhausted for good",
    words: /\boverexhaust\w*/i,
    givenBy: [{ step: "renew", module: "runtime/mechanics/renew.ts", does: "an Overexhausted card stays exhausted through its next Renew, then renews" }],
    cardText: ["runtime/core/effects.ts", "runtime/engine/actions.ts", "runtime/core/operations.ts", "runtime/index.ts", "runtime/scenario.ts", "runtime/simulate.ts", "runtime/state/state.ts"],
  },
  responses: {
    says: "response window",
    otherwise: "would have nothing to act on: every spell resolves as it is played, before anyone could respond",
    words: /\bcounter(?:s|ed)?\b/i,
    givenBy: [
      { param: "response_model", value: "stack", module: "runtime/models/stack.ts", does: "a spell waits on the stack while players respond" },
      { param: "response_model", value: "chain", module: "runtime/models/chain.ts", does: "a spell waits in the chain while players have priority" },
    ],
    cardText: ["runtime/core/effects.ts"],
  },
};

/**
 * The game-file rules under which the engine pays a cost's symbols (`{R}`, `{2}`, `{X}`): a mechanic's `payCost` hook
 * (runtime/core/mechanics.ts). In a game with none of them nothing pays a symbol, so a card whose cost has one would be
 * played without paying it: CW7025 at the symbol (compiler/contract-check.ts `checkCostSymbols`).
 */
export const COST_SYMBOLS_PAID_BY: readonly CardStateRule[] = [
  { param: "costs_paid_by", value: "exhausting_lands", module: "runtime/mechanics/lands.ts", does: "lands are exhausted to pay a cost's symbols" },
];

// ---------------------------------------------------------------------------------------------
// Game parameters: each one the engine (or the checker) reads, by the module that reads it, with
// the values it takes. A `param` line naming anything else is an error (nothing would change);
// a value outside `accepts` is an error too (the game would play another rule than the file says).

export type ParamValues =
  | { kind: "boolean" }
  /** A whole number; `unlimited` too when allowed. */
  | { kind: "integer"; unlimited?: boolean }
  | { kind: "enum"; values: readonly string[] }
  /** Space-separated words, each one of `values` (`attack_targets = "unit player"`). */
  | { kind: "words"; values: readonly string[] }
  /** Names from the game file itself. */
  | { kind: "zone" | "card_type" | "card_types" | "stat" | "resource" | "phases" | "card_type_or_words" }
  /** A whole number, `unlimited`, or the name of another numeric param. */
  | { kind: "integer_or_param" };

export interface ParamContract {
  /** The module that reads it (a runtime file, or the checker). */
  module: string;
  accepts: ParamValues;
  /** What it does, in a few words (the reads-as of a game file). */
  meaning: string;
  /**
   * Read only when another param has one of these values (its default when the game does not set it): a spell's timing
   * under a response model that has windows. Set under any other value, the param changes nothing (CW6013).
   */
  readOnlyWhen?: { param: string; values: readonly string[]; default: string };
}

const bool = { kind: "boolean" } as const;
const int = { kind: "integer" } as const;
const intOrUnlimited = { kind: "integer", unlimited: true } as const;
const oneOf = (...values: string[]) => ({ kind: "enum", values }) as const;

/**
 * Older names of a value that mean exactly the same as a contract value: a game file written with one
 * keeps checking clean and plays the same (the lowering stores the contract's name). Not values of their
 * own: a scenario per value would find nothing to tell apart.
 */
export const PARAM_VALUE_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  block_requires: { renewed: "ready" },
  draw_at_max_hand: { keep: "draw" },
};

/**
 * A param's value as the compiler and the engine both read it: the contract's name for a value written under an older
 * name, and a quoted value of a true/false or whole-number param as that (`param defenders = "true"` is `true`,
 * `param max_hand = "6"` is 6, "True" too). Read once here: the lowering compared `=== true` and the engine's
 * rules.param read the text "true" as true, so one game ran two ways (a quoted "true" off for the compiler, on for the
 * engine). Other values unchanged.
 */
export function canonicalParamValue(name: string, value: string | number | boolean): string | number | boolean {
  const aliases = Object.hasOwn(PARAM_VALUE_ALIASES, name) ? PARAM_VALUE_ALIASES[name]! : undefined;
  const text = String(value).toLowerCase().trim();
  if (aliases && Object.hasOwn(aliases, text)) return aliases[text]!;
  if (typeof value !== "string") return value;
  const accepts = paramValuesByName(name);
  if (accepts?.kind === "boolean" && (text === "true" || text === "false")) return text === "true";
  if ((accepts?.kind === "integer" || accepts?.kind === "integer_or_param") && /^-?\d+$/.test(text)) return Number(text);
  return value;
}

/** What a param takes, by its name alone: its contract's, or that of the name pattern it fits (`<keyword>_instances_combine`). */
function paramValuesByName(name: string): ParamValues | undefined {
  if (Object.hasOwn(ENGINE_PARAMS, name)) return (ENGINE_PARAMS as Record<string, { accepts: ParamValues }>)[name]!.accepts;
  return ENGINE_PARAM_PATTERNS.find((p) => {
    const [before, after] = p.pattern.split(/<[a-z]+>/) as [string, string];
    return name.startsWith(before) && name.endsWith(after) && name.length > before.length + after.length;
  })?.contract.accepts;
}

export const ENGINE_PARAMS = {
  // setup and the turn (runtime/index.ts, core.ts)
  starting_life: { module: "runtime/index.ts", accepts: int, meaning: "each player's life at the start" },
  first_player: { module: "runtime/index.ts", accepts: oneOf("random", "p1", "p2"), meaning: "who takes the first turn" },
  opening_hand: { module: "runtime/index.ts", accepts: int, meaning: "cards drawn at the start" },
  first_player_draws: { module: "runtime/core/settle.ts", accepts: bool, meaning: "whether the first player draws on turn 1" },
  max_hand: { module: "runtime/core/values.ts", accepts: intOrUnlimited, meaning: "the hand size maximum (handMaximum: with the statics that change it)" },
  draw_at_max_hand: { module: "runtime/core/operations.ts", accepts: oneOf("discard", "skip", "draw"), meaning: "what a draw does with a full hand" },
  hand_overflow: { module: "runtime/core/operations.ts", accepts: oneOf("discard", "keep"), meaning: "where another card entering a full hand goes" },
  empty_deck_draw: { module: "runtime/core/operations.ts", accepts: oneOf("skip", "lose"), meaning: "drawing from an empty deck" },
  turn_limit: { module: "runtime/core/settle.ts", accepts: int, meaning: "the turn the game ends after (0: none)" },
  turn_limit_result: { module: "runtime/core/settle.ts", accepts: oneOf("draw", "higher_life"), meaning: "who wins at the turn limit" },
  losing_life: { module: "runtime/core/settle.ts", accepts: int, meaning: "the life at or below which a player loses" },
  damage_absorbed_by: { module: "runtime/core/operations.ts", accepts: { kind: "resource" }, meaning: "the pool damage to a player reduces first" },
  statics_off_when_exhausted: { module: "runtime/core/values.ts", accepts: bool, meaning: "exhausted cards' ongoing abilities are off" },
  static_abilities_need_renewed: { module: "runtime/core/values.ts", accepts: bool, meaning: "only Renewed cards' ongoing abilities are in effect" },
  enters_play_triggers_any_means: { module: "runtime/core/operations.ts", accepts: bool, meaning: "enter-play triggers fire however a card enters" },
  play_fires_on_summon: { module: "runtime/core/operations.ts", accepts: bool, meaning: "a summoned card fires its play trigger" },
  summoned_units_can_attack: { module: "runtime/core/operations.ts", accepts: bool, meaning: "a card summoned this turn may attack" },
  unit_slots: { module: "compiler/zone-roles.ts", accepts: int, meaning: "permanents a player may have in play (0: no limit)" },
  defender_lasts_until: { module: "runtime/core/settle.ts", accepts: oneOf("next_own_turn", "used"), meaning: "how long an unused defender stays one" },
  power_stat: { module: "runtime/mechanics/combat.ts", accepts: { kind: "stat" }, meaning: "the stat a card fights or deals damage with" },
  toughness_stat: { module: "runtime/mechanics/combat-damage.ts", accepts: { kind: "stat" }, meaning: "the stat damage is checked against" },
  creature_damage_threshold: { module: "runtime/core/operations.ts", accepts: { kind: "stat" }, meaning: "the stat damage is checked against" },
  // actions (runtime/actions.ts)
  life_payment_may_reach_zero: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "life may be paid down to 0 (costs; the compiler's 'unless <player> pays N life')" },
  overexhaust_from_exhausted: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "an Exhausted card may pay an Overexhaust cost" },
  discard_cost_is_discard: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "paying a discard cost fires discard triggers" },
  spells_on_opponent_turn: {
    module: "runtime/engine/actions.ts",
    accepts: bool,
    meaning: "cards may be played on the opponent's turn (in its response windows: a player holds priority only while something waits to resolve); false: there a player may only pass",
    // Read in a response window (runtime/engine/actions.ts timingRefusal): the instant model has none. The engine's default is true.
    readOnlyWhen: { param: "response_model", values: ["stack", "chain"], default: "instant" },
  },
  first_turn_attacks: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "attacks are allowed on the first turn" },
  attacks_per_unit: { module: "runtime/engine/actions.ts", accepts: int, meaning: "attacks each unit may make per turn" },
  summoning_sickness: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "a card played this turn can't attack" },
  defender_can_attack: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "a defender may attack (and an attacker defend)" },
  attack_targets: { module: "runtime/engine/actions.ts", accepts: { kind: "words", values: ["unit", "player"] }, meaning: "what an attack may be aimed at" },
  defenders: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "units may be made defenders" },
  defender_just_played: { module: "runtime/engine/actions.ts", accepts: bool, meaning: "a unit played this turn may defend" },
  // fights (runtime/combat.ts)
  combat_model: { module: "runtime/mechanics/combat-damage.ts", accepts: oneOf("fight", "damage"), meaning: "fights by power, or damage against defense" },
  fight_overflow: { module: "runtime/mechanics/combat.ts", accepts: bool, meaning: "a fight's extra power hits the player" },
  fight_tie: { module: "runtime/mechanics/combat.ts", accepts: oneOf("both_destroyed", "both_survive"), meaning: "equal powers in a fight" },
  fight_survivor_weakened_by: { module: "runtime/mechanics/combat.ts", accepts: { kind: "integer_or_param" }, meaning: "the power a fight's survivor loses until end of turn (`attacker_power` or a number)" },
  defender_intercepts: { module: "runtime/mechanics/combat.ts", accepts: oneOf("all_attacks", "player_attacks", "none"), meaning: "which attacks a defender walls" },
  defender_choice: { module: "runtime/mechanics/combat.ts", accepts: oneOf("defending_player", "first"), meaning: "who picks the defender that walls" },
  defender_walls: { module: "runtime/mechanics/combat.ts", accepts: oneOf("one_attack", "every_attack"), meaning: "how many attacks a defender walls" },
  // combat by damage (runtime/combat-damage.ts)
  attacking_exhausts: { module: "runtime/mechanics/combat-damage.ts", accepts: bool, meaning: "attacking exhausts the attacker" },
  block_requires: { module: "runtime/mechanics/combat-damage.ts", accepts: oneOf("ready", "any"), meaning: "which cards may block (`ready`: not exhausted)" },
  blocked_damage_assignment: { module: "runtime/mechanics/combat-damage.ts", accepts: oneOf("attacker_chooses", "first_blocker"), meaning: "how a blocked attacker's damage is split" },
  ready_permanents_at_beginning: { module: "runtime/mechanics/combat-damage.ts", accepts: bool, meaning: "your permanents ready at the start of your turn" },
  attackers_per_blocker: { module: "runtime/mechanics/combat-damage.ts", accepts: intOrUnlimited, meaning: "attackers one blocker may block" },
  blockers_per_attacker: { module: "runtime/mechanics/combat-damage.ts", accepts: intOrUnlimited, meaning: "blockers one attacker may have" },
  priority_after_attackers: { module: "runtime/mechanics/combat-damage.ts", accepts: oneOf("defender", "attacker"), meaning: "who acts first in the window after attackers are declared" },
  creature_card_type: { module: "runtime/mechanics/weapons.ts", accepts: { kind: "card_type" }, meaning: "the card type that attacks and blocks" },
  // control, unique, responses
  lost_control_goes_to: { module: "runtime/mechanics/control.ts", accepts: oneOf("owner_battlefield", "owner_graveyard"), meaning: "where a card goes when control is lost" },
  unique_rule: { module: "runtime/mechanics/unique.ts", accepts: oneOf("destroy_older"), meaning: "what a second copy of a Unique card does" },
  unique_scope: { module: "runtime/mechanics/unique.ts", accepts: oneOf("per_controller", "global"), meaning: "whose copies a Unique card counts" },
  response_model: { module: "runtime/core/rules.ts", accepts: oneOf("instant", "stack", "chain"), meaning: "how players respond" },
  simultaneous_triggers_order: { module: "runtime/core/response.ts", accepts: oneOf("controller_chooses", "as_they_happened"), meaning: "the order of triggers that fire together" },
  fizzle_when: { module: "runtime/core/targets.ts", accepts: oneOf("any_target_illegal", "all_targets_illegal"), meaning: "when a spell with illegal targets does nothing" },
  spells_forbidden_in: {
    module: "runtime/models/stack.ts",
    accepts: { kind: "phases" },
    meaning: "phases in which no spell may be played",
    // stackTimingMechanic applies only under the stack model.
    readOnlyWhen: { param: "response_model", values: ["stack"], default: "instant" },
  },
  priority_actions: { module: "runtime/models/chain.ts", accepts: { kind: "card_type_or_words" }, meaning: "the actions that pass priority" },
  // lands and decks (runtime/lands.ts, lands-decks.ts)
  costs_paid_by: { module: "runtime/mechanics/lands.ts", accepts: oneOf("exhausting_lands"), meaning: "how costs are paid" },
  land_produces: { module: "runtime/mechanics/lands.ts", accepts: int, meaning: "what one land produces" },
  color_pays_generic: { module: "runtime/mechanics/lands.ts", accepts: bool, meaning: "coloured resources pay generic costs" },
  resource_pays_generic: { module: "runtime/mechanics/lands.ts", accepts: bool, meaning: "the resource pays generic costs" },
  resource_pays_color: { module: "runtime/mechanics/lands.ts", accepts: bool, meaning: "the resource pays coloured costs" },
  color_pays_resource: { module: "runtime/mechanics/lands.ts", accepts: bool, meaning: "colours pay the resource's costs" },
  lands_per_turn: { module: "runtime/mechanics/lands.ts", accepts: int, meaning: "lands played per turn" },
  land_play_phases: { module: "runtime/mechanics/lands.ts", accepts: { kind: "phases" }, meaning: "phases lands may be played in" },
  separate_land_deck: { module: "runtime/mechanics/lands-decks.ts", accepts: bool, meaning: "lands live in a deck of their own" },
  land_deck_zone: { module: "runtime/mechanics/lands-decks.ts", accepts: { kind: "zone" }, meaning: "the zone of the land deck" },
  opening_hand_from_land_deck: { module: "runtime/mechanics/lands-decks.ts", accepts: int, meaning: "opening-hand cards from the land deck" },
  first_player_renew_draw: { module: "runtime/mechanics/lands-decks.ts", accepts: bool, meaning: "the first player draws in their first Renew" },
  draw_deck_choice: { module: "runtime/mechanics/lands-decks.ts", accepts: oneOf("each_draw", "main_deck"), meaning: "which deck a draw takes from" },
  land_deck_min: { module: "runtime/mechanics/lands-decks.ts", accepts: intOrUnlimited, meaning: "the land deck's minimum size" },
  land_deck_max: { module: "runtime/mechanics/lands-decks.ts", accepts: intOrUnlimited, meaning: "the land deck's maximum size" },
  land_copies: { module: "runtime/mechanics/lands-decks.ts", accepts: intOrUnlimited, meaning: "copies of one land allowed" },
  // renew (runtime/renew.ts)
  newly_turned_types: { module: "runtime/mechanics/renew.ts", accepts: { kind: "card_types" }, meaning: "card types subject to Newly Turned" },
  newly_turned_blocks: { module: "runtime/mechanics/renew.ts", accepts: { kind: "words", values: ["attack", "activate", "block"] }, meaning: "what a Newly Turned card can't do" },
  overexhaust_reading: { module: "runtime/mechanics/renew.ts", accepts: oneOf("skip_next_renew", "renews_as_exhausted"), meaning: "how long an Overexhausted card stays exhausted" },
  // mana, facets, weapons (runtime/mana.ts, facets.ts, weapons.ts)
  mana_resource: { module: "runtime/mechanics/mana.ts", accepts: { kind: "resource" }, meaning: "the resource run as a capacity" },
  starting_mana_capacity: { module: "runtime/mechanics/mana.ts", accepts: int, meaning: "the capacity at the start" },
  starting_available_mana: { module: "runtime/mechanics/mana.ts", accepts: int, meaning: "the available mana at the start" },
  shatter_adds_capacity: { module: "runtime/mechanics/mana.ts", accepts: int, meaning: "capacity a Shatter adds" },
  shatters_per_turn: { module: "runtime/mechanics/mana.ts", accepts: intOrUnlimited, meaning: "Shatters per turn" },
  shatter_phases: { module: "runtime/mechanics/mana.ts", accepts: { kind: "phases" }, meaning: "phases a Shatter may be made in" },
  facet_zone: { module: "runtime/mechanics/facets.ts", accepts: { kind: "zone" }, meaning: "the zone Facets are kept in" },
  max_facets: { module: "runtime/mechanics/facets.ts", accepts: intOrUnlimited, meaning: "Facets a player may have" },
  harvests_per_turn: { module: "runtime/mechanics/facets.ts", accepts: intOrUnlimited, meaning: "harvests per turn" },
  harvest_phases: { module: "runtime/mechanics/facets.ts", accepts: { kind: "phases" }, meaning: "phases a harvest may be made in" },
  harvested_facet_ready: { module: "runtime/mechanics/facets.ts", accepts: bool, meaning: "a harvested Facet is ready at once" },
  facet_replace_allowed: { module: "runtime/mechanics/facets.ts", accepts: bool, meaning: "a harvest may replace a Facet at the maximum" },
  replaced_facet_goes_to: { module: "runtime/mechanics/facets.ts", accepts: { kind: "zone" }, meaning: "where a replaced Facet goes" },
  enhancement_cost: { module: "runtime/mechanics/facets.ts", accepts: int, meaning: "Facets a Facet ability costs" },
  spell_max_abilities_own_turn: { module: "runtime/mechanics/facets.ts", accepts: { kind: "integer_or_param" }, meaning: "abilities of a Spell selected on your turn" },
  spell_max_abilities_opponent_turn: { module: "runtime/mechanics/facets.ts", accepts: { kind: "integer_or_param" }, meaning: "abilities of a Spell selected on an opponent's turn" },
  spell_extra_ability_cost_opponent_turn: { module: "runtime/mechanics/facets.ts", accepts: int, meaning: "Facets each further ability costs on an opponent's turn" },
  spell_temporary_facet_when_one: { module: "runtime/mechanics/facets.ts", accepts: bool, meaning: "one selected ability gives a temporary Facet" },
  enchantment_switch_cost: { module: "runtime/mechanics/facets.ts", accepts: int, meaning: "Facets a switch of an Enchantment's ability costs" },
  enchantment_switch_phases: { module: "runtime/mechanics/facets.ts", accepts: { kind: "phases" }, meaning: "phases an Enchantment may switch in" },
  weapon_card_type: { module: "runtime/mechanics/weapons.ts", accepts: { kind: "card_type" }, meaning: "the card type that is wielded" },
  max_weapons: { module: "runtime/mechanics/weapons.ts", accepts: intOrUnlimited, meaning: "Weapons wielded at a time" },
  new_weapon_destroys_old: { module: "runtime/mechanics/weapons.ts", accepts: bool, meaning: "a new Weapon destroys the one wielded" },
  weapon_attacks_per_turn: { module: "runtime/mechanics/weapons.ts", accepts: intOrUnlimited, meaning: "Weapon attacks per turn" },
  weapon_attack_phases: { module: "runtime/mechanics/weapons.ts", accepts: { kind: "phases" }, meaning: "phases a Weapon may attack in" },
  weapon_attack_on_entry_turn: { module: "runtime/mechanics/weapons.ts", accepts: bool, meaning: "a Weapon may attack the turn it is played" },
  weapon_must_target_creature: { module: "runtime/mechanics/weapons.ts", accepts: bool, meaning: "a Weapon must attack a creature if there is one" },
  weapon_fight_retaliation: { module: "runtime/mechanics/weapons.ts", accepts: bool, meaning: "the creature a Weapon attacks deals its Attack back" },
  armor_zero_destroys_weapon: { module: "runtime/mechanics/weapons.ts", accepts: bool, meaning: "the Weapon is destroyed when Armor reaches 0" },
  // bots (runtime/bots/evaluate.ts): how the greedy and search bots weigh a position, mine minus the opponent's
  bot_life_weight: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each point of a player's life is worth to the bots" },
  bot_hand_weight: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each card in a player's hand is worth to the bots" },
  bot_permanent_weight: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each card a player has in play is worth to the bots" },
  bot_stat_weight: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each point of a stat of a card in play is worth to the bots" },
  bot_resource_weight: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each point of resource capacity (or card in another public zone, such as a Facet) is worth to the bots" },
  bot_player_counter_penalty: { module: "runtime/bots/evaluate.ts", accepts: int, meaning: "what each counter on a player (Bleed) costs that player, to the bots" },
  bot_rollout_depth: { module: "runtime/bots/mcts.ts", accepts: int, meaning: "decisions the search bot plays on past its tree before it judges the position" },
  bot_rollout_randomness: { module: "runtime/bots/mcts.ts", accepts: int, meaning: "percentage (0-100) of those decisions the search bot takes at random instead of by its evaluation" },
} as const satisfies Record<string, ParamContract>;

/** A param name the runtime may read: one of the table, or one of the patterns below. */
export type EngineParamName = keyof typeof ENGINE_PARAMS | `${string}_model` | `${string}_instances_combine` | `zone_${string}`;

/**
 * Params whose name is built from the game's own words: `<resource>_model` (read once per game by
 * runtime/core/rules.ts, `capacityResources`; used by settle.ts and effects.ts), `<keyword>_instances_combine` (runtime/mechanics/bleed.ts), `zone_<role>` (compiler/zone-roles.ts, for the runtime's zones and the checker).
 */
export const ENGINE_PARAM_PATTERNS: readonly { pattern: string; of: "resource" | "keyword" | "role"; contract: ParamContract }[] = [
  { pattern: "<resource>_model", of: "resource", contract: { module: "runtime/core/rules.ts", accepts: oneOf("bank", "capacity"), meaning: "whether spent resources are gone or refill each turn" } },
  { pattern: "<keyword>_instances_combine", of: "keyword", contract: { module: "runtime/mechanics/bleed.ts", accepts: bool, meaning: "several instances of the keyword on one card are one" } },
  { pattern: "zone_<role>", of: "role", contract: { module: "compiler/zone-roles.ts", accepts: { kind: "zone" }, meaning: "the zone that plays this role" } },
];

/** The name a game word takes inside a param name (`Multi-block` → `multi_block`). */
export const paramWord = (word: string): string => word.toLowerCase().replace(/[^a-z0-9]+/g, "_");

/**
 * When "at the end of your turn" happens in a game: the start of its last phase when that phase only runs the end of
 * the turn (an automatic phase: Duel's and Chromatic's End), else the end of its last phase (CYBERVAMP's Post-Battle,
 * where players still act: its start is not the end of the turn).
 */
export function turnEndMoment(phases: readonly { name: string; auto: boolean }[]): { event: "phase_start" | "phase_end"; phase: string } | undefined {
  const last = phases[phases.length - 1];
  if (!last) return undefined;
  return { event: last.auto ? "phase_start" : "phase_end", phase: last.name };
}

/** The phase whose steps ready the active player's cards (Chromatic's Beginning `ready_permanents`, CYBERVAMP's `renew`). */
export function readyingPhase(phases: readonly { name: string; lines?: readonly { text: string }[] }[]): string | undefined {
  return phases.find((p) => p.lines?.some((line) => /^(ready_permanents|renew)\b/.test(line.text)))?.name;
}
