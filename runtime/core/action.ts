/**
 * What a player's decision is (an action) and why one is refused (a typed refusal), shared by the
 * engine's actions and by the mechanics that add moves and refusals of their own.
 */
import type { GameMove } from "./mechanics.ts";
import type { GameState, PlayerId, TargetValue } from "../state/state.ts";
import type { TraceEvent } from "../state/trace.ts";
import { moduleCache } from "../state/module-caches.ts";
import { PAID_LABELS, THIS_WAY_LABELS } from "../../compiler/ir.ts";

export interface Payment {
  /** Cards discarded from hand to pay. */
  discard?: string[];
  /** Cards erased from the graveyard to the removal zone to pay. */
  erase?: string[];
  /** Cards sacrificed to pay. */
  sacrifice?: string[];
  /** The value chosen for X. */
  x?: number;
  /** Lands (or other resource cards) exhausted to pay cost symbols (runtime/lands.ts). */
  lands?: string[];
}

export type Action =
  /** `mode`: the mode of a "Choose one —" spell or ability, chosen as it is cast (its targets are that mode's). */
  | { type: "play"; player: PlayerId; card: string; payment?: Payment; targets?: TargetValue[]; mode?: number }
  | { type: "activate"; player: PlayerId; card: string; ability: string; payment?: Payment; targets?: TargetValue[]; mode?: number }
  | { type: "attack"; player: PlayerId; attacker: string; target: TargetValue }
  | { type: "defend"; player: PlayerId; card: string }
  /** The answer to a pending choice: cards, a target, yes/no, a mode, which trigger first, which defender. */
  | { type: "choose"; player: PlayerId; cards?: string[]; target?: TargetValue; yes?: boolean; mode?: number; trigger?: number }
  | { type: "pass"; player: PlayerId }
  | { type: "end_phase"; player: PlayerId }
  /** A move of a game mechanic module (harvest, shatter, declare attackers...): runtime/mechanics.ts. */
  | GameMove;

export type RefusalCode =
  | "unknown_action"
  /** Not an action of the engine's schema (runtime/boundary.ts): a wrong type, an unknown key, a number out of range. */
  | "malformed_action"
  | "unknown_player"
  | "game_over"
  | "not_your_turn"
  | "not_your_decision"
  | "choice_pending"
  | "no_choice_pending"
  | "wrong_phase"
  | "unknown_card"
  | "not_in_hand"
  | "not_in_play"
  | "not_your_card"
  | "slot_full"
  /** A cost the player cannot pay: see `shortfallCode` for how `<what>` is spelled. */
  | `not_enough_${string}`
  | "bad_payment"
  | "illegal_target"
  | "wrong_target_count"
  | "no_legal_target"
  | "already_attacked"
  | "summoning_sick"
  | "no_attacks_first_turn"
  | "cannot_attack"
  /** A card that must attack if able can attack still: the phase does not end before it has ("This must attack each turn if able."). */
  | "must_attack"
  /** A player restriction forbids playing the card ("Your opponent can't play Spells this turn."). */
  | "cannot_play"
  /** A restriction forbids it ("This can't block."): it cannot become a defender or block. */
  | "cannot_block"
  | "already_defending"
  | "no_such_ability"
  | "exhausted"
  | "illegal_choice"
  | "no_window"
  /** A per-turn limit of the game (one harvest, one Shatter, one weapon attack). */
  | "limit_reached"
  /** An activated ability's own "Activate only during your turn." / "Activate only if ..." does not hold now. */
  | "activation_condition";

export interface Refusal {
  code: RefusalCode;
  message: string;
  /** With a `not_enough_*` code: what is short (as the game file spells it), how much the cost needs and how much there is. */
  shortfall?: Shortfall;
  /** With `malformed_action`, `unknown_player`, `unknown_card` from the boundary: the field at fault (`payment.x`, `targets.0.card`). */
  field?: string;
}

export interface Shortfall {
  name: string;
  need: number;
  have: number;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: TraceEvent[]; states?: GameState[] }
  | { ok: false; refusal: Refusal; state: GameState; events: [] };

/** A refusal with its code and a message for the player. */
export const refuse = (code: RefusalCode, message: string): Refusal => ({ code, message });

/**
 * The one convention for a cost the player cannot pay: `not_enough_<what>`, where `<what>` is
 * what is short exactly as the game file declares it — a resource (`Crystal` → `not_enough_crystal`),
 * a colour (`Red` → `not_enough_red`), the generic part of a cost (`not_enough_generic`), `life`,
 * the zone a discard/erase cost takes cards from (`not_enough_hand`, `not_enough_graveyard`), or a counter cost's
 * counters (`not_enough_power_counter`) —
 * in lower case with spaces as `_`, never pluralised. The refusal's `shortfall` says how much.
 */
export function shortfallCode(what: string): RefusalCode {
  let code = shortfallCodes.get(what);
  if (code === undefined) shortfallCodes.set(what, (code = `not_enough_${what.trim().toLowerCase().replace(/\s+/g, "_")}`));
  return code;
}
/** A game names few things a cost can be short of; legal-action listing asks about them constantly. */
const shortfallCodes = moduleCache<string, RefusalCode>();

/** A refusal for a cost the player cannot pay, in the convention of `shortfallCode`. */
export function refuseShortfall(name: string, need: number, have: number, message: string): Refusal {
  return { code: shortfallCode(name), message, shortfall: { name, need, have } };
}

/**
 * The cards a payment took (sacrificed, discarded, erased), by compiler/ir.ts PAID_LABELS: the frames that resolve what was
 * paid for start with them — "the sacrificed creature's power", "it" after "As an additional cost to play this, sacrifice a
 * creature." (its power as it last was in play: GameState.lastKnown).
 */
export function paidCards(payment: Payment): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (payment.sacrifice?.length) out[THIS_WAY_LABELS.sacrifice] = [...payment.sacrifice];
  if (payment.discard?.length) out[THIS_WAY_LABELS.discard] = [...payment.discard];
  if (payment.erase?.length) out[THIS_WAY_LABELS.erase] = [...payment.erase];
  return out;
}

/** The records of paidCards a frame holds, for the frames it makes to resolve the same card (a Chromatic spell's selected abilities). */
export function paidRecords(chosen: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const label of PAID_LABELS) if (chosen[label]) out[label] = [...chosen[label]!];
  return out;
}
