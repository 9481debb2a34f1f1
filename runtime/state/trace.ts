/**
 * The trace: every event of a game in order, each carrying the source range of the card (or
 * game-file) text that caused it when there is one. Events are plain JSON; the same seed and
 * the same actions give the same events, byte for byte.
 */
import type { SourceRef } from "../../compiler/ir.ts";
import type { PlayerId } from "./state.ts";
import type { TraceKindName } from "../../compiler/engine-words.ts";

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
  from?: string;
  to?: string;
  amount?: number;
  /** The ability (instance id) involved, e.g. the trigger noted or resolving. */
  ability?: string;
  text: string;
  source?: SourceRef;
  /** Trigger chains: the chain this event belongs to, its depth in the chain's tree, and the noted trigger that caused it. */
  chain?: number;
  depth?: number;
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

/** A stable one-line rendering of an event (used for hashing and for `cardwright test` output). */
export function formatEvent(e: TraceEvent): string {
  const where = e.source ? ` @${e.source.file}:${e.source.range.start.line}` : "";
  return `#${e.seq} t${e.turn} ${e.phase} ${e.kind}${e.player ? " " + e.player : ""}${e.name ? ` "${e.name}"` : ""}${e.amount !== undefined ? " " + e.amount : ""}: ${e.text}${where}`;
}
