/**
 * The engine's public API. `createEngine(bundle)` loads one compiled game and its cards (plain
 * JSON, e.g. from the engine-neutral export) and returns pure functions over JSON game states:
 *
 *   const engine = createEngine(bundle);
 *   let state = engine.newGame({ seed: 1, decks: { p1: [...], p2: [...] } }).state;
 *   engine.legalActions(state)            // every decision open to the player who must act
 *   engine.apply(state, action)           // → { ok, state, events } or { ok: false, refusal }
 *
 * Nothing here touches the DOM, Node or the file system: the studio runs it in the browser.
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import { mechanicsOf, registerMechanic } from "./core/mechanics.ts";
import { registerResponseModel } from "./core/response.ts";
import { instantModel } from "./models/instant.ts";
import { stackModel } from "./models/stack.ts";
import { chainModel } from "./models/chain.ts";
import { MECHANICS } from "./mechanics/index.ts";
import { type Action, type ApplyOptions, type ApplyResult, type Payment, type Refusal, applyAction, applyActionInPlace, checkAction, listLegalActions, payableOptions } from "./engine/actions.ts";
import { type Ctx, RESOLVING, abilityActive, cardDef, cardName, draw, emit, keywordsOf, newCtx, runFlowAction, settle, shuffleZone, randomInt, readingStill, statOf, insertCard, writeCard } from "./core/index.ts";
import { type Rules, loadRules } from "./core/rules.ts";
import { seedRng } from "./state/rng.ts";
import type { GameState, PlayerId, PlayerState } from "./state/state.ts";
import { OPTIONAL_STATE_FIELDS, cardIdOf, newCardInstance } from "./state/state.ts";
import type { TraceEvent } from "./state/trace.ts";
import { validateDeck, type DeckViolation } from "./core/deck.ts";
import { BundleError, checkBundle, parseAction } from "./boundary.ts";
import { MAX_CARDS, isReservedName } from "./state/limits.ts";

// The response models and mechanics modules register with the core, which names none of them.
for (const model of [instantModel, stackModel, chainModel]) registerResponseModel(model);
for (const mechanic of MECHANICS) registerMechanic(mechanic);

export type { Action, ApplyOptions, ApplyResult, Refusal, GameState, PlayerId, TraceEvent, Rules, DeckViolation };
export { BundleError };
export { formatEvent, hashText } from "./state/trace.ts";

export interface NewGameOptions {
  seed: number;
  /** Card ids or names per player, in deck order before the shuffle. */
  decks: Record<PlayerId, string[]>;
  /** Overrides the game's `first_player` parameter. */
  firstPlayer?: PlayerId;
}

/** A board to start from, as a scenario's `setup` block describes it. */
export interface BoardSpec {
  seed?: number;
  turn: number;
  active: PlayerId;
  phase?: string;
  players: Record<
    PlayerId,
    {
      life?: number;
      /** Available amount and capacity alike. */
      resources?: Record<string, number>;
      /** A resource's capacity alone (after `resources`): "p1 Mana capacity 4" with "p1 Mana 2" available. */
      capacity?: Record<string, number>;
      counters?: Record<string, number>;
      /** Zone name → card names (or ids), top of the zone first. */
      zones?: Record<string, string[]>;
    }
  >;
  /** The state of cards set up in play, by name (and controller when the name is in play more than once). */
  cards?: CardSpec[];
}

export interface CardSpec {
  name: string;
  controller?: PlayerId;
  /** Exactly which card: the `index`-th card the spec's `players[player].zones[zone]` list put there (a scenario's `"Seer" copy 2`, a Facet card). */
  at?: { player: PlayerId; zone: string; index: number };
  counters?: Record<string, number>;
  exhausted?: boolean;
  overexhausted?: boolean;
  /** A defender (Three-Slot Duel), as `defend` makes one: a unit of a game whose rules have defenders. */
  defender?: boolean;
  damage?: number;
}

/** The card instances a setup made, per player and zone, in the order it was given them (before any shuffle). */
export type Placed = Record<PlayerId, Record<string, string[]>>;

export class SetupError extends Error {
  constructor(
    message: string,
    readonly subject: { player?: PlayerId; zone?: string; card?: string },
  ) {
    super(message);
  }
}

export interface Engine {
  rules: Rules;
  newGame(options: NewGameOptions): { state: GameState; events: TraceEvent[]; placed: Placed };
  setupBoard(spec: BoardSpec): { state: GameState; events: TraceEvent[]; placed: Placed };
  legalActions(state: GameState): Action[];
  /**
   * Performs an action; anything else, however malformed, is refused with a typed reason (runtime/boundary.ts), never thrown.
   * `statePerEvent`: also the state right after each event (`states`), for steppers; `listed`: the
   * action was just taken from `legalActions(state)`, so it is neither parsed nor validated again; see ApplyOptions.
   */
  apply(state: GameState, action: Action | unknown, options?: ApplyOptions): ApplyResult;
  /**
   * Applies an action to the state itself, without copying it (simulators and bots that keep no
   * earlier state): the returned state is `state`. Parsed and validated like `apply` (a refusal
   * leaves the state untouched) unless `listed` says the action was just taken from `legalActions(state)`.
   */
  applyInPlace(state: GameState, action: Action | unknown, listed?: boolean, written?: Set<string>): ApplyResult;
  /** Why an action would be refused now (null if it is legal). */
  check(state: GameState, action: Action | unknown): Refusal | null;
  /**
   * The payments that pay a play's or an activation's cost now, whatever its targets, in the order
   * `legalActions` offers them (none for other actions): what a scenario line that names no payment pays.
   */
  payments(state: GameState, action: Action): Payment[];
  validateDeck(cards: string[]): DeckViolation[];
  /** The player who must decide next (null when the game is over). */
  decider(state: GameState): PlayerId | null;
  /** A card's current value of a stat, continuous effects included. */
  stat(state: GameState, card: string, stat: string): number;
  /**
   * A card's keyword abilities now (printed, granted, less those it lost), by lower-case name, each with the amounts of
   * its instances added up (`Bleed 1` printed and `Bleed 1` granted: 2; an instance of a keyword without an amount counts 1).
   */
  keywords(state: GameState, card: string): ReadonlyMap<string, number>;
  /**
   * Several cards' stats in one read of a state that stands still: what `stat` gives for each card
   * and stat (a row per card, a value per stat), with the continuous effects in force worked out
   * once for the whole read instead of once per value — a bot scoring a position reads them all.
   */
  stats(state: GameState, cards: readonly string[], stats: readonly string[]): number[][];
  /**
   * The ids of a card's abilities that are on now (all but those a mechanic switches off: an
   * enchantment's inactive colours, enhancements not bought): the studio marks the active one.
   */
  activeAbilities(state: GameState, card: string): string[];
}

/** The seats of a game: every game is a duel between p1 and p2. */
export const PLAYERS: readonly PlayerId[] = ["p1", "p2"];

const OPTIONAL_FIELDS_UNSET = Object.fromEntries(OPTIONAL_STATE_FIELDS.map((key) => [key, undefined])) as Partial<GameState>;

function emptyState(rules: Rules, seed: number): GameState {
  const { game } = rules;
  const players: Record<PlayerId, PlayerState> = {};
  for (const id of PLAYERS) {
    const zones: Record<string, string[]> = { [RESOLVING]: [] };
    for (const zone of game.zones) zones[zone.name] = [];
    for (const role of Object.values(rules.zones)) zones[role] ??= [];
    const resources: Record<string, number> = {};
    const capacity: Record<string, number> = {};
    for (const r of game.resources) {
      resources[r.name] = r.start;
      capacity[r.name] = r.start;
    }
    players[id] = { id, life: rules.param("starting_life", 20), resources, capacity, counters: {}, zones, lost: false, turnTally: {} };
  }
  return {
    version: 1,
    game: game.id,
    seed,
    rng: seedRng(seed),
    turn: 1,
    active: PLAYERS[0]!,
    phase: game.phases[0]?.name ?? "Main",
    flow: null,
    order: [...PLAYERS],
    players,
    cards: {},
    nextCardId: 1,
    nextId: 1,
    modifiers: [],
    frames: [],
    noted: [],
    stack: [],
    priority: null,
    pending: null,
    targeting: null,
    combat: null,
    tokens: {},
    seq: 0,
    winner: null,
    over: false,
    // Every optional field, declared up front in one order (OPTIONAL_STATE_FIELDS; undefined: absent to JSON and to
    // every reader): a state keeps one hidden class from its first action to its last, whatever its game adds in
    // whatever order. Added as first set, Chromatic's states ended in 5 different key orders over 10 games, and every
    // function reading a state met each order and its prefixes (megamorphic property loads).
    ...OPTIONAL_FIELDS_UNSET,
  };
}

function addCard(ctx: Ctx, nameOrId: string, player: PlayerId, zone: string): string {
  const { rules, state } = ctx;
  const def = rules.cards.get(nameOrId) ?? rules.byName.get(nameOrId.toLowerCase());
  if (!def) throw new SetupError(`unknown card "${nameOrId}" in the ${rules.game.name} card sets`, { player, zone, card: nameOrId });
  if (state.nextCardId > MAX_CARDS) throw new SetupError(`a game holds at most ${MAX_CARDS} cards`, { player, zone, card: nameOrId });
  const id = cardIdOf(state.nextCardId++);
  insertCard(ctx, newCardInstance({ id, def: def.id, owner: player, zone, enteredTurn: 0, isToken: def.isToken }));
  state.players[player]!.zones[zone]!.push(id);
  return id;
}

/** A counter a board sets up: a name the state can key (not `__proto__`, `constructor`...) and a whole number. */
function checkedCounter(name: string, value: number, subject: { player?: PlayerId; card?: string }): string {
  if (isReservedName(name)) throw new SetupError(`"${name}" cannot name a counter: every JavaScript object already has a "${name}"`, subject);
  if (!Number.isSafeInteger(value)) throw new SetupError(`the ${name} counter must be a whole number, not ${value}`, subject);
  return name;
}

export function createEngine(bundle: CompiledBundle): Engine {
  checkBundle(bundle);
  const rules = loadRules(bundle);

  const newGame = (options: NewGameOptions) => {
    const ctx = newCtx(rules, emptyState(rules, options.seed));
    const { state } = ctx;
    for (const m of mechanicsOf(rules)) m.setup?.(ctx);
    const placed: Placed = {};
    for (const player of PLAYERS) placed[player] = { [rules.zones.deck]: (options.decks[player] ?? []).map((card) => addCard(ctx, card, player, rules.zones.deck)) };
    emit(ctx, "setup", `new game of ${rules.game.name}, seed ${options.seed}`);
    for (const player of PLAYERS) shuffleZone(ctx, player, rules.zones.deck);
    const first = options.firstPlayer ?? (rules.param("first_player", "random") === "random" ? PLAYERS[randomInt(ctx, 0, PLAYERS.length - 1)]! : String(rules.param("first_player", "p1")));
    state.active = first;
    state.order = [first, ...PLAYERS.filter((p) => p !== first)];
    // Mechanics hook: opening hands from several decks.
    for (const player of state.order) if (!mechanicsOf(rules).some((m) => m.openingHand?.(ctx, player))) draw(ctx, player, rules.param("opening_hand", 0));
    state.noted = []; // opening draws are setup, not game events that trigger abilities
    const { value, actions } = rules.flow.initial();
    state.flow = value;
    for (const action of actions) runFlowAction(ctx, action);
    settle(ctx);
    return { state, events: ctx.events, placed };
  };

  const setupBoard = (spec: BoardSpec) => {
    const ctx = newCtx(rules, emptyState(rules, spec.seed ?? 1));
    const { state } = ctx;
    for (const m of mechanicsOf(rules)) m.setup?.(ctx);
    state.turn = spec.turn;
    state.active = spec.active;
    state.order = [spec.active, ...PLAYERS.filter((p) => p !== spec.active)];
    const phase = spec.phase ?? rules.game.phases.find((p) => !p.auto)?.name ?? rules.game.phases[0]?.name ?? "Main";
    const phaseDef = rules.game.phases.find((p) => p.name.toLowerCase() === phase.toLowerCase());
    if (!phaseDef) throw new SetupError(`unknown phase "${phase}"; ${rules.game.name} has ${rules.game.phases.map((p) => p.name).join(", ")}`, {});
    state.phase = phaseDef.name;
    // A board set up in a phase with steps (CYBERVAMP Renew, Battle; Duel Start, ...) is at its start: the phase begins
    // and runs its steps (renew, draw, declare attackers, ...) and start-of-phase triggers, as in a game. Set up past
    // them, the phase's steps would be counted as done without having run — a Battle with no combat. A phase with no
    // steps (a main phase) is set up in progress: the player who must act decides freely.
    const atStart = phaseDef.auto || phaseDef.steps.length > 0;
    state.flow = atStart ? rules.flow.enteredIn(phaseDef.name) : rules.flow.settledIn(phaseDef.name);
    const placed: Placed = {};
    for (const player of PLAYERS) {
      const p = spec.players[player];
      if (!p) continue;
      const ps = state.players[player]!;
      if (p.life !== undefined) ps.life = p.life;
      for (const [name, value] of Object.entries(p.resources ?? {})) {
        const def = rules.game.resources.find((r) => r.name.toLowerCase() === name.toLowerCase());
        if (!def) throw new SetupError(`unknown resource "${name}"; ${rules.game.name} has ${rules.game.resources.map((r) => r.name).join(", ") || "none"}`, { player });
        ps.resources[def.name] = value;
        ps.capacity[def.name] = value;
      }
      for (const [name, value] of Object.entries(p.capacity ?? {})) {
        const def = rules.game.resources.find((r) => r.name.toLowerCase() === name.toLowerCase());
        if (!def) throw new SetupError(`unknown resource "${name}"; ${rules.game.name} has ${rules.game.resources.map((r) => r.name).join(", ") || "none"}`, { player });
        ps.capacity[def.name] = value;
      }
      for (const [name, value] of Object.entries(p.counters ?? {})) ps.counters[checkedCounter(name, value, { player })] = value;
      for (const [zoneName, cards] of Object.entries(p.zones ?? {})) {
        const zone = rules.game.zones.find((z) => z.name.toLowerCase() === zoneName.toLowerCase())?.name;
        if (!zone) throw new SetupError(`unknown zone "${zoneName}"; ${rules.game.name} has ${rules.game.zones.map((z) => z.name).join(", ")}`, { player, zone: zoneName });
        for (const card of cards) {
          const id = addCard(ctx, card, player, zone);
          ((placed[player] ??= {})[zone] ??= []).push(id);
          // Cards set up in play have been there since before this turn.
          // (Two turns back: before either player's most recent turn, so "entered since your last turn" is false for both sides.)
          if (zone === rules.zones.battlefield) writeCard(ctx, id)!.enteredTurn = spec.turn - 2;
        }
      }
    }
    for (const cardSpec of spec.cards ?? []) {
      const at = cardSpec.at;
      const exact = at ? placed[at.player]?.[rules.game.zones.find((z) => z.name.toLowerCase() === at.zone.toLowerCase())?.name ?? at.zone]?.[at.index] : undefined;
      if (at && !exact) throw new SetupError(`no card ${at.index + 1} in ${at.player}'s ${at.zone}`, { player: at.player, zone: at.zone });
      const inPlay = (cardSpec.controller === undefined ? PLAYERS : [cardSpec.controller]).flatMap((p) => state.players[p!]?.zones[rules.zones.battlefield] ?? []);
      const matching = inPlay.filter((id) => cardName(ctx, id).toLowerCase() === cardSpec.name.toLowerCase());
      if (exact) matching.splice(0, matching.length, exact);
      if (matching.length !== 1) throw new SetupError(matching.length === 0 ? `"${cardSpec.name}" is not in play` : `"${cardSpec.name}" is in play ${matching.length} times; say whose (p1's "${cardSpec.name}")`, { card: cardSpec.name });
      const card = writeCard(ctx, matching[0]!)!;
      for (const [counter, value] of Object.entries(cardSpec.counters ?? {})) card.counters[checkedCounter(counter, value, { card: cardSpec.name })] = value;
      if (cardSpec.exhausted) card.exhausted = true;
      if (cardSpec.overexhausted) card.exhausted = card.overexhausted = true;
      if (cardSpec.defender) card.defender = true;
      if (cardSpec.damage !== undefined) card.damage = cardSpec.damage;
    }
    emit(ctx, "setup", `board set up: turn ${spec.turn}, ${spec.active}'s ${state.phase} phase`);
    if (atStart) runFlowAction(ctx, { type: "enterPhase", phase: phaseDef.name });
    settle(ctx);
    return { state, events: ctx.events, placed };
  };

  return {
    rules,
    newGame,
    setupBoard,
    legalActions: (state) => listLegalActions(rules, state),
    // Actions come from outside (the studio, files, bots): the boundary parses them before the engine reads one field.
    apply: (state, input, options) => {
      if (options?.listed) return applyAction(rules, state, input as Action, options);
      const parsed = parseAction(state, input);
      return parsed.ok ? applyAction(rules, state, parsed.action, options) : { ok: false, refusal: parsed.refusal, state, events: [] };
    },
    payments: (state, action) => payableOptions(rules, state, action),
    check: (state, input) => {
      const parsed = parseAction(state, input);
      return parsed.ok ? checkAction(rules, state, parsed.action) : parsed.refusal;
    },
    applyInPlace: (state, input, listed, written) => {
      if (listed) return applyActionInPlace(rules, state, input as Action, true, written);
      const parsed = parseAction(state, input);
      return parsed.ok ? applyActionInPlace(rules, state, parsed.action, false, written) : { ok: false, refusal: parsed.refusal, state, events: [] };
    },
    validateDeck: (cards) => validateDeck(rules, cards),
    stat: (state, card, stat) => statOf(newCtx(rules, state), card, stat),
    keywords: (state, card) => keywordsOf(newCtx(rules, state), card),
    stats: (state, cards, stats) => {
      const ctx = newCtx(rules, state);
      return readingStill(ctx, () => cards.map((card) => stats.map((stat) => statOf(ctx, card, stat))));
    },
    activeAbilities: (state, card) => {
      const instance = state.cards[card];
      if (!instance) return [];
      const ctx = newCtx(rules, state);
      return cardDef(ctx, instance).abilities.filter((ability) => abilityActive(ctx, card, ability)).map((ability) => ability.id);
    },
    decider: (state) => {
      if (state.over) return null;
      if (state.pending) return state.pending.player;
      if (rules.model.windowOpen(state)) return state.priority?.player ?? state.active;
      return state.active;
    },
  };
}
