/**
 * The words the engine's output is made of that a scenario names: the kinds of its trace events,
 * the codes of its refusals and of its deck violations, and its seats. They are published here,
 * below the runtime, so the scenario checker (compiler/scenario.ts) resolves a scenario's words
 * without an engine — in `cardwright check` and the studio's worker as well as in `test`. The
 * runtime's own types are these lists (runtime/state/trace.ts), or are held equal to them by a test
 * (test/scenarios/engine-words.test.ts), so the engine cannot emit a word scenarios cannot name.
 */

/** Every kind of trace event (runtime/state/trace.ts `TraceKind` is this list). */
export const TRACE_KINDS = [
  "setup",
  "action",
  "cost",
  "phase",
  "turn",
  /** A triggered ability noted at its event. */
  "trigger",
  /** Put into resolution / on the stack. */
  "push",
  "pop",
  "resolve",
  "fizzle",
  "choice",
  "damage",
  "life",
  "draw",
  "discard",
  "move",
  "enter",
  "destroyed",
  "attack",
  "block",
  "fight",
  /** An unblocked hit on a player. */
  "breach",
  "counter",
  "modify",
  "resource",
  "keyword_action",
  "shuffle",
  /** A player looks at / reveals the top cards of a zone (`look_top`). */
  "look",
  "reveal",
  "check",
  /** A replacement effect applies instead of an event ("If this would be destroyed, ... instead"). */
  "replace",
  /** An effect makes a delayed trigger ("Destroy it at the end of the turn."): it waits for its moment. */
  "delay",
  "game_over",
  /** Trigger chains (runtime/models/chain.ts): a chain starts / ends, a trigger fires in it, is suppressed (once per instance), or waits for the chain's end (an opponent's). */
  "chain_start",
  "chain_end",
  "fire",
  "suppressed",
  "appended",
  /** Priority passes to a player (runtime/models/chain.ts). */
  "priority",
] as const;

export type TraceKindName = (typeof TRACE_KINDS)[number];

/**
 * Trace kinds only some response models emit (`param response_model`; runtime/models/<model>.ts emits each, and
 * test/scenarios/engine-words.test.ts holds this table to the sources): priority and the trigger chains' events
 * (chain: Chromatic Battlelines' 17 and 17.1), an item taken off the stack to resolve (stack and chain; under instant
 * nothing waits). In a game run under another model no such event ever happens, so `expect no event priority p2`
 * would hold whatever the game did and `expect event fire "X"` could never hold: CW7014 (compiler/scenario.ts).
 */
export const MODEL_ONLY_KINDS: Readonly<Partial<Record<TraceKindName, readonly ("instant" | "stack" | "chain")[]>>> = {
  pop: ["stack", "chain"],
  priority: ["chain"],
  chain_start: ["chain"],
  chain_end: ["chain"],
  fire: ["chain"],
  suppressed: ["chain"],
  appended: ["chain"],
};

/**
 * Refusal codes with a fixed spelling (runtime/core/action.ts `RefusalCode`); besides these, a cost
 * the player cannot pay is `not_enough_<what>` (see `refusalWhats`).
 */
export const REFUSAL_CODES = [
  "malformed_action",
  "unknown_player",
  "unknown_action",
  "game_over",
  "not_your_turn",
  "not_your_decision",
  "choice_pending",
  "no_choice_pending",
  "wrong_phase",
  "unknown_card",
  "not_in_hand",
  "not_in_play",
  "not_your_card",
  "slot_full",
  "bad_payment",
  "illegal_target",
  "wrong_target_count",
  "no_legal_target",
  "already_attacked",
  "summoning_sick",
  "no_attacks_first_turn",
  "cannot_attack",
  "must_attack",
  "cannot_play",
  "cannot_block",
  "already_defending",
  "no_such_ability",
  "exhausted",
  "illegal_choice",
  "no_window",
  "limit_reached",
  "activation_condition",
] as const;

/** `not_enough_<what>`: `<what>` as the game file spells it, lower case, spaces as `_` (runtime/core/action.ts `shortfallCode`). */
export function shortfallWord(what: string): string {
  return what.trim().toLowerCase().replace(/\s+/g, "_");
}

/** Deck violation codes with a fixed spelling (runtime/core/deck.ts); a deck part's own are `<part>_too_small` / `<part>_too_large`, the part named after its zone (`land_deck_too_small`). */
export const DECK_VIOLATION_CODES = ["deck_too_small", "deck_too_large", "too_many_copies", "unknown_card", "token_in_deck"] as const;

/** The seats: every game is a duel between p1 and p2 (runtime/index.ts `PLAYERS`). */
export const SEATS = ["p1", "p2"] as const;

/**
 * The player an event of each kind is about — what `expect event <kind> p1` matches (runtime/scenario.ts matches the
 * event's `player`; a quoted name matches its card) — or `null` where the kind's events never name a player, so that
 * `expect no event fight p2` would hold whatever fought: the line is CW7015 (compiler/scenario.ts). Said per kind because
 * the player is not always the one a reader guesses: an attack's is the attacker, a breach's the player hit, a destroyed
 * card's its owner. docs/language.md 3.3 prints this table (test/scenarios/docs.test.ts); the runtime's emit calls are
 * held to it (test/scenarios/engine-words.test.ts: a `null` kind is never emitted with a player, any other kind is).
 */
export const EVENT_PLAYER: Readonly<Record<TraceKindName, string | null>> = {
  setup: null,
  action: "the player acting (playing, activating, attacking, passing, ending the phase)",
  cost: "the player paying (a card exhausted to pay names only the card)",
  phase: "the active player",
  turn: "the player whose turn begins",
  trigger: "the triggered ability's controller",
  push: "the controller of the spell or ability",
  pop: "the controller of the item",
  resolve: "the controller of the spell or ability",
  fizzle: "the controller of the spell or ability that fizzles or is countered",
  choice: "the player choosing",
  damage: 'the player dealt the damage (damage to a card names no player: `damage "X"` is X dealt damage)',
  life: 'the player gaining or losing life, of any cause: an effect\'s "gain/lose N life", the life damage takes (after Armor; the `damage` event comes first, then "p2 loses 2 life (dealt damage)"), and life paid as a cost ("p1 loses 1 life (paid)") — so `expect no event life p2` fails once p2 is hit, and `expect no event life p1` is the line that says no life was gained (Lifelink)',
  draw: "the player drawing",
  discard: "the player discarding",
  move: "the card's owner (a change of control: the player who takes it; a token leaving play, which ceases to exist: its owner)",
  enter: "the player under whose control it enters",
  destroyed: "the card's owner",
  attack: "the attacking player, not the one attacked",
  block: "the blocking (defending) player",
  fight: null,
  breach: "the player hit",
  counter: "the player given or losing counters (counters on a card name no player: `counter \"X\"`)",
  modify: "the player a change is about (renewing, readied Facets, a rule on a player); a change to a card names only the card",
  resource: "the player whose resource it is",
  keyword_action: "the player who does it",
  shuffle: "the player shuffling",
  look: "the player looking",
  reveal: "the player revealing",
  check: "the player a rule check is about (a loss, a Weapon or Unique rule, a creature that must attack, a field with no free slot for a unit: that field's player); a check about a card alone names only the card (its lethal damage, `can't be destroyed`)",
  replace: "the player the replaced event was about, else the replacement's controller",
  delay: "the controller of the delayed trigger",
  game_over: "the winner (a draw names no player)",
  chain_start: "the chain's owner: the player who caused the event (the controller of the trigger that starts it, and also when only the opponent's noted abilities make it up)",
  chain_end: null,
  fire: "the trigger's controller",
  suppressed: "the trigger's controller",
  appended: "the trigger's controller",
  priority: "the player receiving priority",
};

/** Of a kind whose events never name a player, what to write instead (CW7015 and the docs table say it). */
export const EVENT_NO_PLAYER: Readonly<Partial<Record<TraceKindName, string>>> = {
  setup: "`expect event setup`",
  fight: '`expect event fight "X"` (either fighter: the attacker, or the card it fights)',
  chain_end: "`expect event chain_end`, or the chain's own events (`fire \"X\"`, `chain_start p1`)",
};

/** docs/language.md 3.3's table of EVENT_PLAYER (held equal to it by test/scenarios/docs.test.ts). */
export function eventPlayerTable(): string {
  const rows = TRACE_KINDS.map((kind) => `| \`${kind}\` | ${EVENT_PLAYER[kind] ?? `never names a player: ${EVENT_NO_PLAYER[kind]}`} |`);
  return ["| event | its player: what `expect event <event> p1` matches |", "|---|---|", ...rows].join("\n");
}
