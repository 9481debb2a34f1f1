/**
 * The working context of an action and the lowest operations of the core: emitting trace events,
 * and reading cards and zones (definitions, names, zone lists, slots). Everything above builds on these.
 */
import type { CompiledCard } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";
import type { CardInstance, GameState, PlayerId } from "../state/state.ts";
import { copyCardInstance } from "../state/state.ts";
import { cloneJson } from "../state/clone.ts";
import type { TraceEvent, TraceKind } from "../state/trace.ts";

/** A working context: the rules, the (mutable, already cloned) state, and the events emitted so far. */
export interface Ctx {
  rules: Rules;
  state: GameState;
  events: TraceEvent[];
  /** Called with the working state right after each event (only when a caller asked for a state per event). */
  afterEvent?: (state: GameState) => void;
  /**
   * Scratch space for work that only reads the state (listing legal actions): what is worked out
   * once there (a player's untapped lands...) is kept here, keyed by its module. Absent while an
   * action runs, since the state then changes.
   */
  memo?: Map<string, unknown>;
  /** Replacement effects whose steps are running now (runtime/core/replacements.ts): none applies to the events its own steps cause. */
  replacing?: string[];
  /**
   * The write log a caller asked for: the ids of the cards this action changed, created or removed
   * (noted by `writeCard`/`insertCard`/`removeCard`, the only ways runtime/ changes a card —
   * test/runtime/card-writes.test.ts holds it so). The simulator's invariant check re-checks only these.
   */
  written?: Set<string>;
  /**
   * When the action works on a copy of a state (`applyAction`): that state's card table. The copy shares
   * the table and its card objects until the action changes them: the first card write, insertion or removal
   * gives the working state a table of its own (`ownCardTable`), and `writeCard` copies a card still shared at
   * its first write — so the earlier state never changes, and what an action only reads is never copied.
   */
  sharedCards?: Readonly<Record<string, CardInstance>>;
}

/**
 * A working context, always built here with every field in the same order (absent ones undefined):
 * one object shape, so the engine's hottest functions (listing, settling) see one map and are not
 * deoptimised and recompiled for each new combination of fields.
 */
export function newCtx(rules: Rules, state: GameState, memo?: Map<string, unknown>, written?: Set<string>): Ctx {
  return { rules, state, events: [], afterEvent: undefined, memo, replacing: undefined, written, sharedCards: undefined };
}

/** Zone where a card sits while it resolves (spells); engine-internal, not a game-file zone. */
export const RESOLVING = "(resolving)";

// ---------------------------------------------------------------------------------------------
// Trace

export function emit(
  ctx: Ctx,
  kind: TraceKind,
  text: string,
  extra: Omit<Partial<TraceEvent>, "seq" | "turn" | "phase" | "kind" | "text"> = {},
): void {
  const { state } = ctx;
  // The event's fields in the order given, without the undefined ones. Spread copies in one builtin
  // call; adding the fields one by one with computed keys (megamorphic stores, one transition each)
  // was the costliest line of emitting. An undefined field must be left out, not copied as undefined.
  let event: TraceEvent;
  if (noUndefinedField(extra)) event = { seq: state.seq++, turn: state.turn, phase: state.phase, kind, text, ...extra };
  else {
    event = { seq: state.seq++, turn: state.turn, phase: state.phase, kind, text };
    for (const key in extra) {
      const value = (extra as Record<string, unknown>)[key];
      if (value !== undefined) (event as unknown as Record<string, unknown>)[key] = value;
    }
  }
  ctx.events.push(event);
  ctx.afterEvent?.(state);
}

function noUndefinedField(extra: object): boolean {
  for (const key in extra) if ((extra as Record<string, unknown>)[key] === undefined) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Card writes: the only ways runtime/ changes a card instance (so a write log misses none)

/**
 * The card an operation is about to change (its fields, counters, marks): noted in the write log, then returned to
 * write to — a copy of it, put in the table, when it is still the object of the state the action started from.
 * (So a card read before it is written and read again after must be read again from the table, not through the
 * reference taken before: test/runtime/structural-sharing.test.ts compares copying and in-place play.)
 */
export function writeCard(ctx: Ctx, id: string): CardInstance | undefined {
  ctx.written?.add(id);
  const shared = ctx.sharedCards;
  if (shared === undefined) return ctx.state.cards[id];
  const cards = ownCardTable(ctx, shared);
  const card = cards[id];
  if (card === undefined || card !== shared[id]) return card;
  return (cards[id] = copyCardInstance(card, cloneJson));
}

/** Puts a new card instance (a card set up, a token made) into the card table. */
export function insertCard(ctx: Ctx, card: CardInstance): void {
  ctx.written?.add(card.id);
  const shared = ctx.sharedCards;
  (shared === undefined ? ctx.state.cards : ownCardTable(ctx, shared))[card.id] = card;
}

/** Takes a card instance out of the card table (a token that ceased to exist). */
export function removeCard(ctx: Ctx, id: string): void {
  ctx.written?.add(id);
  const shared = ctx.sharedCards;
  delete (shared === undefined ? ctx.state.cards : ownCardTable(ctx, shared))[id];
}

/** The working state's card table, made its own (a shallow copy of the earlier state's, `shared`) at the action's first change to it. */
function ownCardTable(ctx: Ctx, shared: Readonly<Record<string, CardInstance>>): Record<string, CardInstance> {
  if (ctx.state.cards === shared) ctx.state.cards = { ...shared };
  return ctx.state.cards;
}

// ---------------------------------------------------------------------------------------------
// Cards and zones

export function cardDef(ctx: Ctx, card: CardInstance): CompiledCard {
  const def = ctx.rules.cards.get(card.def) ?? ctx.state.tokens[card.def];
  if (!def) throw new Error(`unknown card definition ${card.def}`);
  return def;
}

export const cardName = (ctx: Ctx, id: string): string => {
  const card = ctx.state.cards[id];
  return card ? cardDef(ctx, card).name : id;
};

/**
 * One time in play of a card: its id and how many times it has entered the battlefield. A card that leaves play and
 * comes back is a new object (its damage, counters and modifiers are gone: moveCard), so every record kept "per time in
 * play" — a limited replacement's use, "Activate this only once each turn.", a "first time each turn" trigger — is kept
 * under this key and a card back in play, even in the same turn, starts afresh.
 */
export function instanceKey(ctx: Ctx, id: string): string {
  return `${id}#${ctx.state.cards[id]?.entries ?? 0}`;
}

/** The player whose zone list holds a card: the controller on the battlefield, the owner elsewhere. */
export function zoneHolder(ctx: Ctx, card: CardInstance, zone: string): PlayerId {
  return zone === ctx.rules.zones.battlefield ? card.controller : card.owner;
}

export function zoneList(ctx: Ctx, player: PlayerId, zone: string): string[] {
  const p = ctx.state.players[player]!;
  return (p.zones[zone] ??= []);
}

export const battlefield = (ctx: Ctx, player: PlayerId): string[] => zoneList(ctx, player, ctx.rules.zones.battlefield);
export const hand = (ctx: Ctx, player: PlayerId): string[] => zoneList(ctx, player, ctx.rules.zones.hand);

export function allOnBattlefield(ctx: Ctx): string[] {
  const out: string[] = [];
  const zone = ctx.rules.zones.battlefield;
  for (const player of ctx.state.order) for (const id of (ctx.state.players[player]!.zones[zone] ??= [])) out.push(id);
  return out;
}

export function slotsOf(ctx: Ctx): number | undefined {
  return ctx.rules.battlefieldSlots;
}

/** Does this card occupy a battlefield slot (permanents of a slotted zone: units)? */
export function isPermanent(ctx: Ctx, def: CompiledCard): boolean {
  return ctx.rules.permanentType(def.cardType) ?? def.isToken;
}
