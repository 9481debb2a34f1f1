/**
 * Random-play simulation: both sides pick uniformly among `legalActions` with their own seeded
 * generator; invariants are checked after every action. Deterministic: the same engine, seed
 * and game count give the same results and the same trace hash.
 */
import type { CompiledCard } from "../compiler/ir.ts";
import type { Action, ApplyResult, Engine, GameState, TraceEvent } from "./index.ts";
import { checkAction, listLegalActions } from "./engine/actions.ts";
import type { CardInstance, PlayerId } from "./state/state.ts";
import { HASH_START, hashEvent, hashHex, hashUpdate } from "./state/trace.ts";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { RESOLVING, newCtx, phaseStepAhead } from "./core/index.ts";
import { STEPS_DONE } from "./core/flow.ts";
import { mechanicsOf } from "./core/mechanics.ts";

export interface SimulationOptions {
  games: number;
  seed: number;
  /** A game still running after this many turns is stopped and reported as a violation. */
  maxTurns?: number;
  /** Safety cap on actions per game (also reported). */
  maxActions?: number;
  /** Check every invariant after every action (on by default; the bench turns it off to measure the engine alone). */
  checkInvariants?: boolean;
  onGameDone?: (index: number, final: GameState) => void;
  /** Each decision of random play: the legal actions offered and the one taken (for comparing implementations of a game). */
  onDecision?: (legal: readonly Action[], chosen: Action) => void;
  /** Every trace event of a game, in order, once the game is done (the trace-hash test reads it). */
  onGameTrace?: (index: number, events: TraceEvent[]) => void;
  /**
   * Compute the trace hash (on by default; `cardwright simulate` prints it). A caller that never reads
   * it turns it off (the engine bench, timing the engine alone): hashing every event is about a sixth
   * of a vanilla Duel game's time, and the result then has no `traceHash`.
   */
  hashTrace?: boolean;
}

export interface SimulationResult {
  games: number;
  wins: Record<string, number>;
  draws: number;
  averageTurns: number;
  actions: number;
  /**
   * FNV-1a over each game's trace hash (`GameOutcome.traceHash`), in game order: the same however the
   * games were split over threads. Absent when the games were played without hashing (`hashTrace: false`).
   */
  traceHash?: string;
  violations: string[];
}

/**
 * Does a value survive a JSON round trip unchanged? Plain objects and arrays of strings, finite
 * numbers, booleans and null (object properties that are undefined are dropped by JSON and allowed).
 * A walk instead of stringify + parse + stringify: the same answer (stricter on NaN/Infinity) at a
 * fraction of the cost, which matters when it runs after every action of a thousand games.
 */
export function jsonSafe(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (Array.isArray(value)) {
        for (const item of value) if (item === undefined || !jsonSafe(item)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        if (item !== undefined && !jsonSafe(item)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * The state's own data is JSON (`jsonSafe`); compiled IR it holds (a frame's `steps`, `source`
 * ranges) is the bundle's plain JSON, shared and never built by the engine, so the walk skips it.
 */
function stateJsonSafe(value: unknown): boolean {
  if (value === null || typeof value !== "object") return jsonSafe(value);
  // Leaves are checked in the loop (most of a state is strings, numbers and booleans): one call per object, not per value.
  if (Array.isArray(value)) {
    for (const item of value) {
      switch (typeof item) {
        case "string":
        case "boolean":
          continue;
        case "number":
          if (!Number.isFinite(item)) return false;
          continue;
        case "object":
          if (item === null || stateJsonSafe(item)) continue;
          return false;
        default:
          return false;
      }
    }
    return true;
  }
  if (!plainObject(value)) return false;
  for (const key in value) if (!propertyJsonSafe(key, (value as Record<string, unknown>)[key])) return false;
  return true;
}

const plainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** An object's property survives a JSON round trip (undefined ones are dropped, which is allowed). */
function propertyJsonSafe(key: string, item: unknown): boolean {
  switch (typeof item) {
    case "string":
    case "boolean":
    case "undefined":
      return true;
    case "number":
      return Number.isFinite(item);
    case "object":
      return item === null || key === "steps" || key === "source" || stateJsonSafe(item);
    default:
      return false;
  }
}

/**
 * The state besides its card table (checked card by card by `checkInvariants`, `checkCard`), and
 * besides the players' zone lists when `zonesChecked`: the zone pass found them plain objects of
 * arrays of card ids.
 */
function stateIsJsonSafeBesidesCards(state: GameState, zonesChecked: boolean): boolean {
  if (!plainObject(state) || Object.getPrototypeOf(state.cards) !== Object.prototype) return false;
  for (const key in state) {
    if (key === "cards") continue;
    const item = (state as unknown as Record<string, unknown>)[key];
    if (key !== "players" || !zonesChecked) {
      if (!propertyJsonSafe(key, item)) return false;
      continue;
    }
    if (item === null || typeof item !== "object" || !plainObject(item)) return false;
    for (const id in item) {
      const player = (item as Record<string, unknown>)[id];
      if (player === null || typeof player !== "object" || !plainObject(player)) return false;
      for (const field in player) if (field !== "zones" && !propertyJsonSafe(field, (player as Record<string, unknown>)[field])) return false;
    }
  }
  return true;
}

/**
 * A card's counters: each a finite number ≥ 0 (a negative count is reported; a non-number that is
 * still JSON is allowed, as before). Returns whether they are JSON. One loop for both checks.
 */
function countersJsonSafe(problems: string[], id: string, counters: Record<string, number>): boolean {
  if (counters === null || typeof counters !== "object") return false;
  if (Array.isArray(counters)) {
    for (const name in counters) if (counters[name]! < 0) problems.push(`card ${id} has negative ${name} counters`);
    return stateJsonSafe(counters);
  }
  const proto = Object.getPrototypeOf(counters);
  if (proto !== Object.prototype && proto !== null) return false;
  let json = true;
  for (const name in counters) {
    const value = counters[name];
    if (typeof value === "number") {
      if (value < 0) problems.push(`card ${id} has negative ${name} counters`);
      if (!Number.isFinite(value)) json = false;
    } else if (value !== undefined && !stateJsonSafe(value)) json = false;
  }
  return json;
}

/**
 * A card's own invariants (adds to `problems`); returns whether it is JSON. Its known fields are
 * checked by name (most of a state is its cards); a card with any other field is walked like the rest.
 */
function checkCard(problems: string[], id: string, card: CardInstance): boolean {
  if (card === null || typeof card !== "object") return jsonSafe(card);
  const countersJson = countersJsonSafe(problems, id, card.counters);
  let keys = 0;
  for (const _ in card) keys++;
  // A card the engine made has its 17 fields (state/state.ts newCardInstance; a card read back from JSON lacks its undefined ones).
  const known =
    keys === 17 &&
    Object.getPrototypeOf(card) === Object.prototype &&
    typeof card.id === "string" &&
    typeof card.def === "string" &&
    typeof card.owner === "string" &&
    typeof card.controller === "string" &&
    typeof card.zone === "string" &&
    Number.isFinite(card.damage) &&
    Number.isFinite(card.enteredTurn) &&
    Number.isFinite(card.attackedTurn) &&
    (card.attacks === undefined || Number.isFinite(card.attacks)) &&
    (card.lethalReplaced === undefined || Number.isFinite(card.lethalReplaced)) &&
    typeof card.exhausted === "boolean" &&
    typeof card.overexhausted === "boolean" &&
    typeof card.defender === "boolean" &&
    typeof card.isToken === "boolean";
  if (!known) return countersJson && stateJsonSafe(card);
  if (!countersJson) return false;
  if (card.damagedBy !== undefined && !stateJsonSafe(card.damagedBy)) return false;
  if (card.active === undefined) return true;
  if (!Array.isArray(card.active)) return false;
  for (const ability of card.active) if (typeof ability !== "string") return false;
  return true;
}

/** Where a card is listed first (asked only to word a problem). */
function firstListing(state: GameState, id: string): string {
  for (const player of state.order) for (const zone in state.players[player]!.zones) if (state.players[player]!.zones[zone]!.includes(id)) return `${player}.${zone}`;
  return "?";
}

/**
 * The ids `checkInvariants` has met in this pass. The engine names cards `c<n>`: those are stamped
 * with the pass number in an array indexed by n (a Set emptied per pass grew its table again after
 * every action — the pass's single biggest cost); any other id (a hand-made state) goes to a Set.
 */
const seenIds = {
  pass: 0,
  stamps: new Uint32Array(512),
  others: new Set<string>(),
  /** Starts a pass: nothing seen. */
  clear(): void {
    if (++this.pass === 0xffffffff) {
      this.stamps.fill(0);
      this.pass = 1;
    }
    if (this.others.size) this.others.clear();
  },
  /** Notes `id` as seen; false if it was seen already in this pass. */
  add(id: string): boolean {
    const n = engineCardNumber(id);
    if (n < 0) {
      if (this.others.has(id)) return false;
      this.others.add(id);
      return true;
    }
    if (n >= this.stamps.length) {
      const grown = new Uint32Array(Math.max(n + 1, this.stamps.length * 2));
      grown.set(this.stamps);
      this.stamps = grown;
    }
    if (this.stamps[n] === this.pass) return false;
    this.stamps[n] = this.pass;
    return true;
  },
  has(id: string): boolean {
    const n = engineCardNumber(id);
    return n < 0 ? this.others.has(id) : n < this.stamps.length && this.stamps[n] === this.pass;
  },
};

/** n for an id `c<n>` as the engine writes them (decimal, no leading zero, n < 10^7); -1 for any other id. */
function engineCardNumber(id: string): number {
  if (typeof id !== "string") return -1; // (a hand-made state may list anything)
  const length = id.length;
  if (length < 2 || length > 8 || id.charCodeAt(0) !== 99 /* c */) return -1;
  let n = 0;
  for (let i = 1; i < length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || (digit === 0 && i === 1 && length > 2)) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * How many cards a card table holds, and which engine-numbered ids (`c<n>`), as of the last pass
 * over it. Kept up to date from the write logs: a card enters or leaves the table only through
 * `insertCard`/`removeCard`, which log it (test/runtime/card-writes.test.ts), so counting the table
 * again after every action — `Object.keys` of a dictionary sorts its keys — is not needed.
 * Keyed by the table itself: each game has its own.
 */
const tableSizes = new WeakMap<GameState["cards"], { size: number; present: Uint8Array }>();

/** The number of cards in `cards`; `written`: the write log since the last pass over this table (none: count it). */
function cardTableSize(cards: GameState["cards"], written: ReadonlySet<string> | undefined): number {
  const known = written === undefined ? undefined : tableSizes.get(cards);
  if (known !== undefined) {
    for (const id of written!) {
      const n = engineCardNumber(id);
      // (An id the engine did not make — a hand-made state — is counted the slow way.)
      if (n < 0) return countCardTable(cards);
      if (n >= known.present.length) {
        const grown = new Uint8Array(Math.max(n + 1, known.present.length * 2));
        grown.set(known.present);
        known.present = grown;
      }
      const now = Object.hasOwn(cards, id) ? 1 : 0;
      known.size += now - known.present[n]!;
      known.present[n] = now;
    }
    return known.size;
  }
  return countCardTable(cards);
}

function countCardTable(cards: GameState["cards"]): number {
  const ids = Object.keys(cards);
  let present = new Uint8Array(Math.max(64, ids.length * 2));
  for (const id of ids) {
    const n = engineCardNumber(id);
    if (n < 0) continue;
    if (n >= present.length) {
      const grown = new Uint8Array(Math.max(n + 1, present.length * 2));
      grown.set(present);
      present = grown;
    }
    present[n] = 1;
  }
  tableSizes.set(cards, { size: ids.length, present });
  return ids.length;
}

/**
 * What the last clean pass over a game's zone lists saw, kept to check the next pass against
 * (keyed by the game's card table, as `tableSizes`): each list's ids then (a copy), and the list
 * each engine-numbered card was in. Only lists that changed since are walked again; a card's own
 * `zone` changes only through a logged write (`writeCard`), so the cards the log names are the only
 * others to look at. Kept only after a pass that found the zones in order and every id the engine's.
 */
interface ZoneListing {
  /** In the order the pass met them: players in turn order, each player's zones in their key order. */
  lists: { player: PlayerId; zone: string; ids: string[] }[];
  /** Card number → index in `lists` of the list holding it; -1: none. */
  listOf: Int32Array;
}
const zoneListings = new WeakMap<GameState["cards"], ZoneListing>();

const NOT_LISTED = -1;

function listed(listing: ZoneListing, n: number): number {
  return n < listing.listOf.length ? listing.listOf[n]! : NOT_LISTED;
}

function setListed(listing: ZoneListing, n: number, list: number): void {
  if (n >= listing.listOf.length) {
    const grown = new Int32Array(Math.max(n + 1, listing.listOf.length * 2)).fill(NOT_LISTED);
    grown.set(listing.listOf);
    listing.listOf = grown;
  }
  listing.listOf[n] = list;
}

/**
 * Where a zone list differs from its copy at the last pass: the ids before `start` and after the
 * ends (`copyEnd` in the copy, `listEnd` in the list) are the same in both, in the same order.
 * A draw, a card played or put into a list changes a few ids at one place; a shuffle, all of them.
 */
interface ListChange {
  k: number;
  start: number;
  copyEnd: number;
  listEnd: number;
}

/** How `list` differs from `copy` (its common start and end trimmed), or undefined when they hold the same ids in the same order. */
function listChange(k: number, copy: readonly string[], list: readonly string[]): ListChange | undefined {
  const shorter = Math.min(copy.length, list.length);
  let start = 0;
  while (start < shorter && copy[start] === list[start]) start++;
  if (start === shorter && copy.length === list.length) return undefined;
  let copyEnd = copy.length;
  let listEnd = list.length;
  while (copyEnd > start && listEnd > start && copy[copyEnd - 1] === list[listEnd - 1]) {
    copyEnd--;
    listEnd--;
  }
  return { k, start, copyEnd, listEnd };
}

/** Makes `copy` hold what `list` holds, given where they differ (only that part is written: the copy is kept, not made again per action). */
function copyChangedPart(copy: string[], list: readonly string[], change: ListChange): void {
  copy.splice(change.start, change.copyEnd - change.start, ...list.slice(change.start, change.listEnd));
}

/**
 * The zone invariants, checked against the last clean pass (`listing`) and the write log: true when
 * they hold — every listed card is listed once, is in the table and says the zone it is listed in,
 * no card is in no zone, none is stuck resolving — and the zone lists are plain JSON. False as soon
 * as anything looks otherwise (or is new: a zone, an id the engine did not make): the full pass
 * then finds and words the problems. `listing` is left half-updated on false; the full pass rebuilds it.
 * Only the part of a list that changed is looked at again: an id that stayed in its list is still
 * listed once, and its card says another zone only after a write, which the log names (checked last).
 */
function zonesHoldSinceLastPass(state: GameState, listing: ZoneListing, written: ReadonlySet<string>, tableSize: number, resolvingIsStuck: boolean): boolean {
  const cards = state.cards;
  let count = 0;
  let changed: ListChange[] | undefined;
  // The lists are met in the last pass's order (the same players and zones, in the same order, or it is not a match).
  let k = 0;
  const lists = listing.lists;
  for (const player of state.order) {
    const zones = state.players[player]!.zones;
    if (zones === null || typeof zones !== "object" || !plainObject(zones)) return false;
    for (const zone in zones) {
      const list = zones[zone];
      const entry = lists[k];
      if (entry === undefined || entry.player !== player || entry.zone !== zone || !Array.isArray(list)) return false;
      count += list.length;
      if (resolvingIsStuck && zone === RESOLVING && list.length > 0) return false;
      const change = listChange(k, entry.ids, list);
      if (change !== undefined) (changed ??= []).push(change);
      k++;
    }
  }
  if (k !== lists.length || count !== tableSize) return false;
  if (changed !== undefined) {
    // Unmark the ids that left the changed parts, then mark the ids now in them: a mark already there is a second listing.
    for (const { k, start, copyEnd } of changed) {
      const ids = listing.lists[k]!.ids;
      for (let i = start; i < copyEnd; i++) {
        const n = engineCardNumber(ids[i]!);
        if (listed(listing, n) === k) listing.listOf[n] = NOT_LISTED;
      }
    }
    for (const change of changed) {
      const entry = listing.lists[change.k]!;
      const list = state.players[entry.player]!.zones[entry.zone]!;
      for (let i = change.start; i < change.listEnd; i++) {
        const id = list[i]!;
        const n = engineCardNumber(id);
        if (n < 0 || listed(listing, n) !== NOT_LISTED) return false;
        const card = cards[id];
        if (card === undefined || card.id !== id || card.zone !== entry.zone || !Object.hasOwn(cards, id)) return false;
        setListed(listing, n, change.k);
      }
      copyChangedPart(entry.ids, list, change);
    }
  }
  // A card written since: still where its list says (or, gone from the table, in no list).
  for (const id of written) {
    const n = engineCardNumber(id);
    if (n < 0) return false;
    const k = listed(listing, n);
    const card = cards[id];
    const inTable = card !== undefined && Object.hasOwn(cards, id);
    if (k === NOT_LISTED ? inTable : !inTable || card!.id !== id || card!.zone !== listing.lists[k]!.zone) return false;
  }
  return true;
}

/** A player's own invariants: no resource or counter below 0. */
function playerProblems(problems: string[], state: GameState, player: PlayerId): void {
  const p = state.players[player]!;
  for (const name in p.resources) if (p.resources[name]! < 0) problems.push(`${player} has negative ${name}: ${p.resources[name]}`);
  for (const name in p.counters) if (p.counters[name]! < 0) problems.push(`${player} has negative ${name} counters: ${p.counters[name]}`);
}

/**
 * Invariants every reachable state must satisfy; returns the broken ones. `written`: the cards
 * changed since a state that passed (the write log of `applyInPlace`): only those cards' own
 * fields are checked again (an unchanged card cannot have broken them), and only the zone lists
 * that changed are walked again (`zonesHoldSinceLastPass`); the players and the rest of the state
 * are checked in full either way.
 */
export function checkInvariants(engine: Engine, state: GameState, written?: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const resolvingIsStuck = !state.over && state.frames.length === 0 && state.stack.length === 0 && !state.pending;
  let cardsJson = true;
  const cards = state.cards;
  const tableSize = cardTableSize(cards, written);
  const known = written === undefined ? undefined : zoneListings.get(cards);
  let zonesChecked = known !== undefined && zonesHoldSinceLastPass(state, known, written!, tableSize, resolvingIsStuck);
  if (!zonesChecked) {
    // One pass over the zone lists checks every card they list; a card no zone lists is found by counting.
    const listing: ZoneListing = { lists: [], listOf: known?.listOf.fill(NOT_LISTED) ?? new Int32Array(256).fill(NOT_LISTED) };
    let engineIds = true;
    zonesChecked = true;
    const seen = seenIds;
    seen.clear();
    let listedCards = 0;
    for (const player of state.order) {
      const p = state.players[player]!;
      if (p.zones === null || typeof p.zones !== "object" || !plainObject(p.zones)) zonesChecked = false;
      for (const zone in p.zones) {
        const list = p.zones[zone]!;
        if (!Array.isArray(list)) zonesChecked = false;
        listing.lists.push({ player, zone, ids: Array.isArray(list) ? list.slice() : [] });
        for (let i = 0; i < list.length; i++) {
          const id = list[i]!;
          if (!seen.add(id)) {
            problems.push(`card ${id} is in two zones: ${firstListing(state, id)} and ${player}.${zone}`);
            continue;
          }
          // A card's entry names its own id; anything else under that key (or an inherited name) is no card of this table.
          const found = cards[id];
          const card = found !== undefined && found.id === id && Object.hasOwn(cards, id) ? found : undefined;
          if (!card) {
            problems.push(`zone ${player}.${zone} lists unknown card ${id}`);
            continue;
          }
          listedCards++;
          const n = engineCardNumber(id);
          if (n < 0) engineIds = false;
          else setListed(listing, n, listing.lists.length - 1);
          if (card.zone !== zone) problems.push(`card ${id} says zone ${card.zone} but is listed in ${player}.${zone}`);
          // (A game can end in the middle of a resolution: the spell then stays where it was.)
          if (resolvingIsStuck && card.zone === RESOLVING) problems.push(`card ${id} is stuck resolving`);
          if (written === undefined) cardsJson = checkCard(problems, id, card) && cardsJson;
        }
      }
      playerProblems(problems, state, player);
    }
    if (tableSize !== listedCards)
      for (const id in cards) {
        if (seen.has(id)) continue;
        problems.push(`card ${id} is in no zone`);
        if (resolvingIsStuck && cards[id]?.zone === RESOLVING) problems.push(`card ${id} is stuck resolving`);
        if (written === undefined || !written.has(id)) cardsJson = checkCard(problems, id, cards[id]!) && cardsJson;
      }
    // The zone lists are JSON when every id they list is a card's (a string) and nothing is wrong (kept only after a clean pass).
    if (problems.length > 0) zonesChecked = false;
    if (zonesChecked && engineIds) zoneListings.set(cards, listing);
    else zoneListings.delete(cards);
  }
  else for (const player of state.order) playerProblems(problems, state, player);
  // With a write log: the own fields of the cards it names (those still in the table), listed or not.
  if (written !== undefined)
    for (const id of written) {
      const card = cards[id];
      if (card !== undefined && Object.hasOwn(cards, id)) cardsJson = checkCard(problems, id, card) && cardsJson;
    }
  const slots = engine.rules.battlefieldSlots;
  if (slots !== undefined) for (const player of state.order) if ((state.players[player]!.zones[engine.rules.zones.battlefield] ?? []).length > slots) problems.push(`${player} has more than ${slots} cards in play`);
  if (!cardsJson || !stateIsJsonSafeBesidesCards(state, zonesChecked)) problems.push("the state does not survive a JSON round trip");
  const chart = statechartProblems(engine, state);
  if (chart.length > 0) problems.push(...chart);
  return problems;
}


/**
 * The game's statechart shows where the game is: over, or in the game's phase at the state its
 * response model reads from the game (a choice waiting, the stack being built and who holds
 * priority, a chain's ordering, the window before the phase ends, an open decision).
 */
function statechartProblems(engine: Engine, state: GameState): string[] {
  const { flow } = engine.rules;
  if (state.over) return flow.isOver(state.flow) ? [] : [`the game is over but its statechart is at ${JSON.stringify(state.flow)}`];
  const leaf = flow.decisionLeaf(state);
  if (flow.phaseOf(state.flow) !== state.phase || flow.leafOf(state.flow) !== leaf) return [`the statechart is at ${JSON.stringify(state.flow)} but the game is in ${state.phase}, ${leaf}`];
  // A phase with step lines: the chart's step is the one the rest of the phase waits at (begun,
  // waiting for a choice), or the one before it (it ran; a window or a nested resolution follows);
  // `done` once every step has run.
  const steps = flow.stepsOf(state.phase);
  if (steps.length === 0) return [];
  const step = flow.stepOf(state.flow);
  const ahead = phaseStepAhead(state);
  const at = step === null ? -1 : steps.indexOf(step);
  if (ahead === null ? step === STEPS_DONE : at === ahead || at === ahead - 1) return [];
  const expected = ahead === null ? [STEPS_DONE] : [steps[ahead - 1], steps[ahead]].filter((s) => s !== undefined);
  return [`the statechart's ${state.phase} step is ${step} but the game's is ${expected.join(" or ")}`];
}

/** A legal random deck from the game's cards: copies within the rarity limits, size between the deck bounds. */
const deckPools = new WeakMap<Engine["rules"], { cards: CompiledCard[]; limits: number[] }>();

/** The cards a random deck draws from (sorted by id) and how many copies of each a deck may hold, once per game. */
function deckPool(rules: Engine["rules"]): { cards: CompiledCard[]; limits: number[] } {
  let pool = deckPools.get(rules);
  if (!pool) {
    const { game } = rules;
    const cards = [...rules.cards.values()].filter((c) => !c.isToken).sort((a, b) => (a.id < b.id ? -1 : 1));
    const limits = cards.map((card) => game.rarities.find((r) => r.name.toLowerCase() === (card.rarity ?? "").toLowerCase())?.max ?? game.deck.copies ?? 4);
    deckPools.set(rules, (pool = { cards, limits }));
  }
  return pool;
}

export function randomDeck(engine: Engine, seed: number): string[] {
  const { game } = engine.rules;
  const { cards, limits } = deckPool(engine.rules);
  const size = Math.min(game.deck.max ?? 30, Math.max(game.deck.min ?? 30, 30));
  const rng = xoroshiro128plus(seed | 0);
  const deck: string[] = [];
  const counts = new Array<number>(cards.length).fill(0);
  for (let guard = 0; deck.length < size && guard < 10_000 && cards.length > 0; guard++) {
    const i = uniformInt(rng, 0, cards.length - 1);
    if (counts[i]! >= limits[i]!) continue;
    counts[i]!++;
    deck.push(cards[i]!.id);
  }
  return deck;
}

/** A random deck as the game builds it: `randomDeck`, then the mechanics' hook (a game with more than one deck builds its decks itself). */
export function gameRandomDeck(engine: Engine, seed: number): string[] {
  return mechanicsOf(engine.rules).reduce((deck, m) => m.randomDeck?.(engine.rules, seed, deck) ?? deck, randomDeck(engine, seed));
}

/** One game of a simulation: what `simulate` adds up. Plain data (a worker thread sends it back). */
export interface GameOutcome {
  /** The game's index in the run (its seed is `seed * 100_003 + index`). */
  index: number;
  /** Who won; "draw" for a draw; null when the game did not finish. */
  winner: string | null;
  turns: number;
  actions: number;
  /** The running `hashEvent` over the game's trace events, in order, as hex; absent with `hashTrace: false`. */
  traceHash?: string;
  violations: string[];
}

/** The options one game reads (what a worker thread needs besides the engine). */
export type GameOptions = Pick<SimulationOptions, "seed" | "maxTurns" | "maxActions" | "checkInvariants" | "onGameDone" | "onDecision" | "onGameTrace" | "hashTrace">;

/** Plays game number `g` of a simulation from its own seed: the same outcome whichever thread plays it, in whatever order. */
export function playGame(engine: Engine, options: GameOptions, g: number): GameOutcome {
  const maxTurns = options.maxTurns ?? 200;
  const maxActions = options.maxActions ?? 20_000;
  const checking = options.checkInvariants !== false;
  const violations: string[] = [];
  const hashing = options.hashTrace !== false;
  let hash = HASH_START;
  const record = (events: TraceEvent[]) => {
    if (hashing) for (const e of events) hash = hashEvent(hash, e);
  };
  const gameSeed = options.seed * 100_003 + g;
  const decks = { p1: gameRandomDeck(engine, gameSeed * 2 + 1), p2: gameRandomDeck(engine, gameSeed * 2 + 2) };
  // With invariants on, the random decks are checked against the game's deck rules too.
  if (checking)
    for (const [player, deck] of Object.entries(decks)) {
      const problems = engine.validateDeck(deck);
      if (problems.length) violations.push(`game ${g}: ${player}'s random deck breaks the rules: ${problems.map((p) => p.message).join("; ")}`);
    }
  let { state, events } = engine.newGame({ seed: gameSeed, decks });
  record(events);
  const trace: TraceEvent[] | undefined = options.onGameTrace ? [...events] : undefined;
  // The write log of each action: after the first (full) check, only the cards an action wrote are checked again.
  const written = checking ? new Set<string>() : undefined;
  let checkedOnce = false;
  // The agent's own generator (the same numbers as the state's generator would give from this seed).
  const agent = xoroshiro128plus((gameSeed ^ 0x5bd1e995) | 0);
  let actions = 0;
  const memo = new Map<string, unknown>();
  while (!state.over) {
    if (state.turn > maxTurns || actions >= maxActions) {
      violations.push(`game ${g} (seed ${gameSeed}) did not end within ${maxTurns} turns / ${maxActions} actions`);
      break;
    }
    // (The engine's legalActions, with the listing's scratch space kept for checking the action taken;
    // emptied for each decision, one Map per game rather than one per action.)
    memo.clear();
    const legal = listLegalActions(engine.rules, state, memo);
    if (legal.length === 0) {
      violations.push(`game ${g} (seed ${gameSeed}): no legal action on turn ${state.turn} but the game is not over`);
      break;
    }
    const pick = uniformInt(agent, 0, legal.length - 1);
    options.onDecision?.(legal, legal[pick]!);
    // The simulator owns its state: actions apply in place. With invariants on it also checks that
    // the engine's validation accepts the listed action (listing and validation must agree).
    const refused = checking ? checkAction(engine.rules, state, legal[pick]!, memo) : null;
    written?.clear();
    const applied: ApplyResult = refused ? { ok: false, refusal: refused, state, events: [] } : engine.applyInPlace(state, legal[pick]!, true, written);
    actions++;
    if (!applied.ok) {
      violations.push(`game ${g}: a listed action was refused: ${applied.refusal.code} ${applied.refusal.message}`);
      break;
    }
    state = applied.state;
    record(applied.events);
    trace?.push(...applied.events);
    if (checking) {
      const problems = checkInvariants(engine, state, checkedOnce ? written : undefined);
      checkedOnce = true;
      for (const m of mechanicsOf(engine.rules)) if (m.invariants) problems.push(...m.invariants(newCtx(engine.rules, state), applied.events));
      if (problems.length) {
        violations.push(...problems.map((p) => `game ${g} (seed ${gameSeed}) after action ${actions}: ${p}`));
        break;
      }
    }
  }
  if (trace) options.onGameTrace!(g, trace);
  options.onGameDone?.(g, state);
  return { index: g, winner: state.over ? (state.winner ?? "draw") : null, turns: state.turn, actions, traceHash: hashing ? hashHex(hash) : undefined, violations };
}

/**
 * A simulation's result from its games' outcomes, taken in game order (the order they are given
 * in is not read): the combined trace hash is FNV-1a over the games' hashes in that order, so any
 * split of the games over threads gives the same result. Without every game's hash there is none.
 */
export function combineOutcomes(outcomes: readonly GameOutcome[]): SimulationResult {
  const ordered = [...outcomes].sort((a, b) => a.index - b.index);
  const result: SimulationResult = { games: ordered.length, wins: { p1: 0, p2: 0 }, draws: 0, averageTurns: 0, actions: 0, traceHash: undefined, violations: [] };
  let hash = HASH_START;
  let hashed = true;
  let totalTurns = 0;
  for (const game of ordered) {
    if (game.winner === "draw") result.draws++;
    else if (game.winner !== null) result.wins[game.winner] = (result.wins[game.winner] ?? 0) + 1;
    totalTurns += game.turns;
    result.actions += game.actions;
    result.violations.push(...game.violations);
    if (game.traceHash === undefined) hashed = false;
    else hash = hashUpdate(hash, game.traceHash);
  }
  result.averageTurns = ordered.length ? totalTurns / ordered.length : 0;
  if (hashed) result.traceHash = hashHex(hash);
  return result;
}

export function simulate(engine: Engine, options: SimulationOptions): SimulationResult {
  const outcomes: GameOutcome[] = [];
  for (let g = 0; g < options.games; g++) outcomes.push(playGame(engine, options, g));
  return combineOutcomes(outcomes);
}
