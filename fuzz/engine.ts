/**
 * Fuzz target: the engine boundary. A case plays a random game of one bundled game to a reachable
 * state, then sends it an action built by mutating a legal one (or by nothing at all: any value)
 * with the hostile values the issue-13 run found (`"__proto__"`, `"toString"`, `["c1"]`, -3, NaN,
 * 0.5, 1e12, a target naming both a player and a card, unknown keys, missing keys...).
 *
 * The oracle: `apply` and `check` never throw; they agree; an accepted action is one
 * `legalActions` lists; the state that comes out is plain JSON; neither the state nor the action
 * given is changed (both are frozen); Object.prototype is never touched.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lowerWorkspace } from "../compiler/lower.ts";
import { createEngine, type Engine, type GameState } from "../runtime/index.ts";
import { randomDeck } from "../runtime/simulate.ts";

export const GAMES = ["duel", "chromatic", "cybervamp"] as const;
const repo = fileURLToPath(new URL("..", import.meta.url));
const engines = new Map<string, Engine>();

export function engineOf(game: string): Engine {
  let engine = engines.get(game);
  if (!engine) {
    const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((path) => ({ path, text: readFileSync(repo + path, "utf8") }));
    engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
    engines.set(game, engine);
  }
  return engine;
}

/** A JSON-describable hostile value (NaN and the infinities are spelled as strings so a fixture stays JSON). */
export type Hostile = { value: unknown } | { number: "NaN" | "Infinity" | "-Infinity" } | { existingCard: number } | { existingPlayer: number } | { long: number };

export type Mutation =
  | { kind: "set"; at: number; to: Hostile }
  | { kind: "delete"; at: number }
  | { kind: "add"; at: number; key: string; to: Hostile }
  | { kind: "replace"; to: Hostile };

export interface EngineCase {
  game: (typeof GAMES)[number];
  seed: number;
  /** Legal actions taken before the hostile one. */
  steps: number;
  /** Which legal action each step takes, and which one the hostile action starts from. */
  pick: number;
  mutations: Mutation[];
}

const HOSTILE_VALUES: unknown[] = [
  "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "", "c1", "c99999", "p1", "p2", "p3",
  ["c1"], [], {}, null, -3, -1, 0, 0.5, 1.5, 1e12, 2 ** 53, 1e308, true, false, "x",
  { player: "p1", card: "c1" }, { card: "toString" }, { player: "__proto__" }, { player: "constructor" }, { card: ["c1"] }, [{ card: "c1" }, { card: "c1" }],
];

const hostileArb: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_VALUES).map((value) => ({ value })) },
  { weight: 2, arbitrary: fc.constantFrom("NaN" as const, "Infinity" as const, "-Infinity" as const).map((number) => ({ number })) },
  { weight: 3, arbitrary: fc.nat(1000).map((existingCard) => ({ existingCard })) },
  { weight: 1, arbitrary: fc.nat(3).map((existingPlayer) => ({ existingPlayer })) },
  { weight: 1, arbitrary: fc.constantFrom(300, 5000).map((long) => ({ long })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value })) },
);

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("set" as const), at: fc.nat(50), to: hostileArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.nat(50) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add" as const), at: fc.nat(50), key: fc.constantFrom("__proto__", "constructor", "extra", "x", "card", "player", "target", "payment"), to: hostileArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const), to: hostileArb }) },
);

export const engineCaseArb: fc.Arbitrary<EngineCase> = fc.record({
  game: fc.constantFrom(...GAMES),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  steps: fc.nat(40),
  pick: fc.nat(10_000),
  mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
});

function materialise(h: Hostile, state: GameState): unknown {
  if ("number" in h) return Number(h.number);
  if ("existingCard" in h) {
    const ids = Object.keys(state.cards);
    return ids.length ? ids[h.existingCard % ids.length] : "c1";
  }
  if ("existingPlayer" in h) return ["p1", "p2", "p3", state.active][h.existingPlayer % 4];
  if ("long" in h) return "c".repeat(h.long);
  return structuredClone(h.value);
}

/** Every object and array inside `root`, with the key that leads to it from its parent. */
function containers(root: unknown): { holder: Record<string, unknown> | unknown[]; keys: string[] }[] {
  const out: { holder: Record<string, unknown> | unknown[]; keys: string[] }[] = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== "object") return;
    const holder = value as Record<string, unknown>;
    out.push({ holder, keys: Object.keys(holder) });
    for (const key of Object.keys(holder)) visit(holder[key]);
  };
  visit(root);
  return out;
}

/** Builds the hostile action of a case from a legal action at `state`. */
export function hostileAction(base: unknown, mutations: Mutation[], state: GameState): unknown {
  let action: unknown = structuredClone(base);
  for (const m of mutations) {
    if (m.kind === "replace") {
      action = materialise(m.to, state);
      continue;
    }
    const places = containers(action);
    if (places.length === 0) continue;
    const place = places[m.at % places.length]!;
    if (m.kind === "add") {
      Object.defineProperty(place.holder, m.key, { value: materialise(m.to, state), enumerable: true, writable: true, configurable: true });
      continue;
    }
    if (place.keys.length === 0) continue;
    const key = place.keys[Math.floor(m.at / places.length) % place.keys.length]!;
    if (m.kind === "delete") {
      if (Array.isArray(place.holder)) {
        // By hand: an array given an own `constructor` would make splice throw inside the harness.
        const list = place.holder;
        for (let k = Number(key); k < list.length - 1; k++) list[k] = list[k + 1];
        list.length = Math.max(0, list.length - 1);
      }
      else delete (place.holder as Record<string, unknown>)[key];
    } else (place.holder as Record<string, unknown>)[key] = materialise(m.to, state);
  }
  return action;
}

const PAYMENT_LISTS = new Set(["discard", "erase", "sacrifice", "lands"]);

/**
 * An action in the form `legalActions` lists one of each: a payment's cards are a set of kinds
 * (which copy of the same card in the same zone pays, and in what order, is one choice).
 */
export function listedForm(action: unknown, state: GameState): unknown {
  if (!action || typeof action !== "object" || !("payment" in action)) return action;
  const payment = (action as { payment?: unknown }).payment;
  if (!payment || typeof payment !== "object" || Array.isArray(payment)) return action;
  const kinds: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payment)) {
    kinds[key] = PAYMENT_LISTS.has(key) && Array.isArray(value) ? Array.from(value as unknown[], (id) => (typeof id === "string" && Object.hasOwn(state.cards, id) ? `${state.cards[id]!.def}@${state.cards[id]!.zone}` : id)).sort() : value;
  }
  return { ...action, payment: kinds };
}

/** JSON with sorted keys and without empty payments/target lists: two spellings of one action compare equal. */
export function canonicalAction(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) {
    // Indices only, as JSON has them (and no species lookup: the array may carry an own `constructor`).
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(canonicalAction(value[i]));
    return `[${items.join(",")}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([k, v]) => v !== undefined && !((k === "payment" && v && typeof v === "object" && Object.keys(v).length === 0) || (k === "targets" && Array.isArray(v) && v.length === 0)),
  );
  return `{${entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalAction(v)}`)
    .join(",")}}`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Does `a` (plain JSON read back) equal `b` exactly? NaN, undefined and non-plain values fail. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === "object") return Object.getPrototypeOf(value) === Object.prototype && Object.values(value as object).every((v) => v === undefined || isPlainJson(v));
  return false;
}

const describe = (value: unknown): string => {
  try {
    return JSON.stringify(value, (_, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v)) ?? String(value);
  } catch {
    return String(value);
  }
};

/** Plays a case's game to its state and its hostile action; undefined when the game ended first. */
export function setUpCase(c: EngineCase): { engine: Engine; state: GameState; legal: unknown[]; action: unknown } | undefined {
  const engine = engineOf(c.game);
  let { state } = engine.newGame({ seed: c.seed, decks: { p1: randomDeck(engine, c.seed), p2: randomDeck(engine, c.seed + 1) } });
  for (let i = 0; i < c.steps && !state.over; i++) {
    const legal = engine.legalActions(state);
    if (legal.length === 0) break;
    const applied = engine.apply(state, legal[(c.pick + i * 31) % legal.length]!);
    if (!applied.ok) return undefined;
    state = applied.state;
  }
  const legal = engine.legalActions(state);
  const base = legal.length ? legal[c.pick % legal.length] : { type: "pass", player: state.active };
  return { engine, state, legal, action: hostileAction(base, c.mutations, state) };
}

/** The oracle: a description of what went wrong, or undefined. */
export function runEngineCase(c: EngineCase): string | undefined {
  const setUp = setUpCase(c);
  if (!setUp) return undefined;
  const { engine, state, legal, action } = setUp;
  const stateBefore = JSON.stringify(state);
  const actionBefore = describe(action);
  deepFreeze(state);
  deepFreeze(action);
  let applied;
  let refusal;
  try {
    applied = engine.apply(state, action as never);
    refusal = engine.check(state, action as never);
  } catch (error) {
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} on ${describe(action)}`;
  }
  if (Object.getOwnPropertyNames(Object.prototype).some((k) => !BUILTIN_PROTOTYPE_KEYS.has(k))) return `Object.prototype was changed by ${describe(action)}`;
  if (JSON.stringify(state) !== stateBefore) return `the input state was changed by ${describe(action)}`;
  if (describe(action) !== actionBefore) return `the input action was changed`;
  if (applied.ok !== (refusal === null)) return `apply ${applied.ok ? "accepted" : "refused"} but check ${refusal ? `refused (${refusal.code})` : "accepted"} ${describe(action)}`;
  if (!applied.ok) {
    if (typeof applied.refusal?.code !== "string" || typeof applied.refusal.message !== "string") return `an untyped refusal for ${describe(action)}`;
    return undefined;
  }
  const key = canonicalAction(listedForm(action, state));
  if (!legal.some((l) => canonicalAction(listedForm(l, state)) === key)) return `accepted an action legalActions does not list: ${describe(action)}`;
  if (!isPlainJson(applied.state)) return `the state after ${describe(action)} is not plain JSON`;
  return undefined;
}

const BUILTIN_PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

export const engineProperty = () => fc.property(engineCaseArb, (c) => {
  const failure = runEngineCase(c);
  if (failure) throw new Error(failure);
});
