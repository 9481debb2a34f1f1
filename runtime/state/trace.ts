/**
 * The trace: every event of a game in order, each carrying the source range of the card (or
 * game-file) text that caused it when there is one. Events are plain JSON; the same seed and
 * the same actions give the same events, byte for byte.
 */
import type { SourceRef } from "../../compiler/ir.ts";
import type { PlayerId } from "./state.ts";
import type { TraceKindName } from "../../compiler/engine-words.ts";
import { moduleCache } from "./module-caches.ts";

/** The kinds of trace event: the published list in compiler/engine-words.ts (scenarios name them). */
export type TraceKind = TraceKindName;

export interface TraceEvent {
  seq: number;
  turn: number;
  phase: string;
  kind: TraceKind;
  player?: PlayerId;
  /** Card instance id and its name, when the event is about a card. */
  card?: string;
  name?: string;
  /** Where it comes from and goes to: zones of a move or a draw, a mechanic's tag; of damage to a card, the card that dealt it. */
  from?: string;
  to?: string;
  amount?: number;
  /** The ability (instance id) involved, e.g. the trigger noted or resolving. */
  ability?: string;
  /** Of a fight, the card the event's card fights (a blocker, the creature a Weapon attacks): `expect event fight "X"` is either fighter. Not hashed, as `card` is not. */
  other?: string;
  text: string;
  source?: SourceRef;
  /** Trigger chains: the chain this event belongs to and the noted trigger that caused it (its depth in the chain's tree is its parent's + 1: studio/src/table/chains.ts chainDepths). */
  chain?: number;
  parent?: number;
  trigger?: number;
}

/** FNV-1a's starting value (the hash of nothing), where a running hash begins. */
export const HASH_START = 0x811c9dc5;

/** FNV-1a over a string, 32-bit, as 8 hex digits: a dependency-free hash the browser can run too. */
export function hashText(text: string, seed = HASH_START): string {
  return hashHex(hashUpdate(seed, text));
}

/** FNV-1a continued over more text, as a number (a running hash need not go through hex per step). */
export function hashUpdate(hash: number, text: string): number {
  // In int32 inside the loop (Math.imul is the product mod 2^32 either way), unsigned once at the
  // end: a `>>> 0` per character made the loop about half as fast on real trace lines.
  let h = hash | 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const hashHex = (hash: number): string => (hash >>> 0).toString(16).padStart(8, "0");

const FNV_PRIME = 0x01000193;
/** One 32-bit value into a running FNV-style hash (int32 in, int32 out). */
const mixWord = (hash: number, word: number): number => Math.imul(hash ^ word, FNV_PRIME);

/**
 * Each short string's own FNV-1a hash, remembered: a trace repeats the same phases, kinds, players,
 * names and files thousands of times, and a Map lookup of such a string (V8 keeps its native hash
 * with it) costs less than a character loop in JS. Not the texts (see hashEvent). Bounded: cleared
 * when full (it only saves work; the hash of a string is the same whether remembered or not).
 */
const stringHashes = moduleCache<string, number>();
const STRING_HASHES_MAX = 16_384;
function stringHash(text: string): number {
  let known = stringHashes.get(text);
  if (known === undefined) {
    if (stringHashes.size >= STRING_HASHES_MAX) stringHashes.clear();
    stringHashes.set(text, (known = hashUpdate(HASH_START, text) | 0));
  }
  return known;
}

// Which field comes next: an optional field's tag goes in before its value, so an event without
// a player but with a name never hashes like one with that player and no name.
const FIELD_PLAYER = 1;
const FIELD_NAME = 2;
const FIELD_AMOUNT = 3;
const FIELD_AMOUNT_TEXT = 4;
const FIELD_TEXT = 5;
const FIELD_SOURCE = 6;
const FIELD_CARD = 7;
const FIELD_FROM = 8;
const FIELD_TO = 9;
const FIELD_ABILITY = 10;
const FIELD_TEXT_LENGTH = 11;
const FIELD_CHAIN = 12;
// 13 was `depth`, removed from chain events (session 26): kept unused so the other tags hash as before.
const FIELD_PARENT = 14;
const FIELD_TRIGGER = 15;

const mixNumber = (hash: number, n: number): number => ((n | 0) === n ? mixWord(mixWord(hash, FIELD_AMOUNT), n) : mixWord(mixWord(hash, FIELD_AMOUNT_TEXT), stringHash(String(n))));
/** A tagged optional count (chain numbers, parents, triggers): a non-integer goes in by its text. */
const mixTaggedNumber = (hash: number, tag: number, n: number): number => mixWord(mixWord(hash, tag), (n | 0) === n ? n : stringHash(String(n)));

/**
 * The running trace hash of `cardwright simulate`, one event more: every field of the event but the
 * words of its text, in a fixed order — seq, turn, phase, kind, then each of player, card, name,
 * from, to, amount, ability that it has, tagged, the text's length, then each of the source's file
 * and line, chain, parent and trigger that it has, tagged — each number as one 32-bit word and
 * each string as its own remembered FNV-1a hash, combined FNV-style (xor, multiply by the FNV
 * prime). The same events give the same hash on any thread and in any process.
 *
 * Why not the text's words: an event's text is built fresh for every event, so its hash cannot be
 * remembered, and the loop over its characters (after V8 flattens the built string) was three
 * quarters of this hash and about a tenth of `cardwright simulate`'s time with invariants on. What
 * the text says comes from the game's state and the event's own fields (which card, which zones,
 * which ability, how much); the byte-for-byte proof that traces stay the same is
 * test/runtime/trace-hashes.test.ts, which hashes every event's full JSON and also recomputes the
 * hash lines printed until session 14 (`hashEventWithText`) from the full traces.
 */
export function hashEvent(hash: number, e: TraceEvent): number {
  let h = mixWord(mixWord(hash | 0, e.seq), e.turn);
  h = mixWord(mixWord(h, stringHash(e.phase)), stringHash(e.kind));
  if (e.player !== undefined) h = mixWord(mixWord(h, FIELD_PLAYER), stringHash(e.player));
  if (e.card !== undefined) h = mixWord(mixWord(h, FIELD_CARD), stringHash(e.card));
  if (e.name !== undefined) h = mixWord(mixWord(h, FIELD_NAME), stringHash(e.name));
  if (e.from !== undefined) h = mixWord(mixWord(h, FIELD_FROM), stringHash(e.from));
  if (e.to !== undefined) h = mixWord(mixWord(h, FIELD_TO), stringHash(e.to));
  if (e.amount !== undefined) h = mixNumber(h, e.amount);
  if (e.ability !== undefined) h = mixWord(mixWord(h, FIELD_ABILITY), stringHash(e.ability));
  h = mixWord(mixWord(h, FIELD_TEXT_LENGTH), e.text.length);
  if (e.source) h = mixWord(mixWord(mixWord(h, FIELD_SOURCE), stringHash(e.source.file)), e.source.range.start.line);
  if (e.chain !== undefined) h = mixTaggedNumber(h, FIELD_CHAIN, e.chain);
  if (e.parent !== undefined) h = mixTaggedNumber(h, FIELD_PARENT, e.parent);
  if (e.trigger !== undefined) h = mixTaggedNumber(h, FIELD_TRIGGER, e.trigger);
  return h >>> 0;
}

/**
 * The running trace hash `cardwright simulate` printed until session 14: seq, turn, phase, kind,
 * then each of player, name, amount, the text's FNV-1a hash over its characters, and the source's
 * file and line. Kept so test/runtime/trace-hashes.test.ts can recompute the hash lines recorded
 * with it from full traces (they must stay the same: the traces have not changed).
 */
export function hashEventWithText(hash: number, e: TraceEvent): number {
  let h = mixWord(mixWord(hash | 0, e.seq), e.turn);
  h = mixWord(mixWord(h, stringHash(e.phase)), stringHash(e.kind));
  if (e.player !== undefined) h = mixWord(mixWord(h, FIELD_PLAYER), stringHash(e.player));
  if (e.name !== undefined) h = mixWord(mixWord(h, FIELD_NAME), stringHash(e.name));
  if (e.amount !== undefined) h = mixNumber(h, e.amount);
  h = mixWord(mixWord(h, FIELD_TEXT), hashUpdate(HASH_START, e.text) | 0);
  if (e.source) h = mixWord(mixWord(mixWord(h, FIELD_SOURCE), stringHash(e.source.file)), e.source.range.start.line);
  return h >>> 0;
}

/** A stable one-line rendering of an event (used for hashing and for `cardwright test` output). */
export function formatEvent(e: TraceEvent): string {
  const where = e.source ? ` @${e.source.file}:${e.source.range.start.line}` : "";
  return `#${e.seq} t${e.turn} ${e.phase} ${e.kind}${e.player ? " " + e.player : ""}${e.name ? ` "${e.name}"` : ""}${e.amount !== undefined ? " " + e.amount : ""}: ${e.text}${where}`;
}
