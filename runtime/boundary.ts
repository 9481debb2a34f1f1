/**
 * The engine's one boundary with the outside: every action `apply` or `check` is given is parsed
 * here first, against a schema of the action types (valibot: no generated code, browser-safe),
 * and its ids are resolved against the state before the engine looks anything up. Unknown keys,
 * wrong types, non-integer or out-of-range numbers, a target naming both a player and a card, an
 * id the state does not hold as its own entry (`"__proto__"`, `"toString"`): each is refused with
 * a typed reason (`malformed_action`, `unknown_player`, `unknown_card`) and a `field` path. What
 * passes is a fresh copy, so the caller's object is never kept inside a state or changed.
 *
 * The schema is written once here and checked against the `Action` type at compile time (both
 * ways), so the two cannot drift apart.
 */
import * as v from "valibot";
import type { Action, Refusal } from "./core/action.ts";
import type { GameState } from "./state/state.ts";
import { MAX_ID_LENGTH, MAX_LIST_LENGTH, MAX_X, isReservedName } from "./state/limits.ts";
import type { CompiledBundle } from "../compiler/ir.ts";

const unique = (list: string[]) => new Set(list).size === list.length;

const Id = v.pipe(v.string(), v.minLength(1, "must not be empty"), v.maxLength(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`));
const Ids = v.pipe(v.array(Id), v.maxLength(MAX_LIST_LENGTH, `may name at most ${MAX_LIST_LENGTH} entries`), v.check(unique, "names the same entry twice"));
const Whole = (max: number) =>
  v.pipe(v.number("must be a number"), v.integer("must be a whole number"), v.minValue(0, "must not be negative"), v.maxValue(max, `must be at most ${max}`));

const Target = v.union([v.strictObject({ card: Id }), v.strictObject({ player: Id })], "must be {card} or {player}, one of them");
const Targets = v.pipe(v.array(Target), v.maxLength(MAX_LIST_LENGTH));
const Payment = v.strictObject({
  discard: v.optional(Ids),
  erase: v.optional(Ids),
  sacrifice: v.optional(Ids),
  lands: v.optional(Ids),
  x: v.optional(Whole(MAX_X)),
});

const ActionSchema = v.variant(
  "type",
  [
    v.strictObject({ type: v.literal("play"), player: Id, card: Id, payment: v.optional(Payment), targets: v.optional(Targets), mode: v.optional(Whole(MAX_LIST_LENGTH)) }),
    v.strictObject({ type: v.literal("activate"), player: Id, card: Id, ability: Id, payment: v.optional(Payment), targets: v.optional(Targets), mode: v.optional(Whole(MAX_LIST_LENGTH)) }),
    v.strictObject({ type: v.literal("attack"), player: Id, attacker: Id, target: Target }),
    v.strictObject({ type: v.literal("defend"), player: Id, card: Id }),
    v.strictObject({
      type: v.literal("choose"),
      player: Id,
      cards: v.optional(Ids),
      target: v.optional(Target),
      yes: v.optional(v.boolean()),
      mode: v.optional(Whole(MAX_LIST_LENGTH)),
      trigger: v.optional(Whole(Number.MAX_SAFE_INTEGER)),
    }),
    v.strictObject({ type: v.literal("pass"), player: Id }),
    v.strictObject({ type: v.literal("end_phase"), player: Id }),
    v.strictObject({ type: v.literal("game"), player: Id, move: Id, card: v.optional(Id), other: v.optional(Id), target: v.optional(Target), color: v.optional(Id) }),
  ],
  "must be an action: an object whose type is play, activate, attack, defend, choose, pass, end_phase or game",
);

type Parsed = v.InferOutput<typeof ActionSchema>;
// The schema and the Action type must describe the same values (a compile error here means they drifted).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesActionType: Same<Parsed, Action> = true;
void schemaMatchesActionType;

export type ParsedAction = { ok: true; action: Action } | { ok: false; refusal: Refusal };

const malformed = (field: string, message: string): ParsedAction => ({ ok: false, refusal: { code: "malformed_action", message: field ? `${field} ${message}` : message, field } });

/** Parses an action from outside and resolves its ids against `state`; never throws, never changes `input`. */
export function parseAction(state: GameState, input: unknown): ParsedAction {
  let result;
  try {
    result = v.safeParse(ActionSchema, input);
  } catch {
    // A getter or proxy that throws while being read: still only a refusal.
    return malformed("", "cannot be read as an action");
  }
  if (!result.success) {
    const issue = result.issues[0];
    return malformed(v.getDotPath(issue) ?? "", issue.message);
  }
  const action = result.output as Action;
  const players = (id: string, field: string): ParsedAction | undefined =>
    Object.hasOwn(state.players, id) ? undefined : { ok: false, refusal: { code: "unknown_player", message: `there is no player ${JSON.stringify(id)} in this game`, field } };
  const card = (id: string | undefined, field: string): ParsedAction | undefined =>
    id === undefined || Object.hasOwn(state.cards, id) ? undefined : { ok: false, refusal: { code: "unknown_card", message: `there is no card ${JSON.stringify(id)}`, field } };
  const cards = (ids: string[] | undefined, field: string) => ids?.map((id, i) => card(id, `${field}.${i}`)).find(Boolean);
  const target = (t: { card: string } | { player: string } | undefined, field: string) => (t === undefined ? undefined : "card" in t ? card(t.card, `${field}.card`) : players(t.player, `${field}.player`));
  const payment = (p: Extract<Action, { type: "play" }>["payment"]) => p && (cards(p.discard, "payment.discard") ?? cards(p.erase, "payment.erase") ?? cards(p.sacrifice, "payment.sacrifice") ?? cards(p.lands, "payment.lands"));

  const problem =
    players(action.player, "player") ??
    (() => {
      switch (action.type) {
        case "play":
        case "activate":
          return card(action.card, "card") ?? payment(action.payment) ?? action.targets?.map((t, i) => target(t, `targets.${i}`)).find(Boolean);
        case "attack":
          return card(action.attacker, "attacker") ?? target(action.target, "target");
        case "defend":
          return card(action.card, "card");
        case "choose":
          // Chosen `cards` are matched against the offered options (not always card ids: "p1", "c4:2").
          return target(action.target, "target");
        case "game":
          return card(action.card, "card") ?? card(action.other, "other") ?? target(action.target, "target");
        default:
          return undefined;
      }
    })();
  return problem ?? { ok: true, action };
}

/** A compiled game the engine refuses to load (a bundle from a stranger is data too). */
export class BundleError extends Error {}

/**
 * Refuses a bundle whose game declares a name a plain object already has (`phase __proto__`,
 * `param constructor`, a zone `toString`): the engine's state is keyed by those names. The checker
 * reports the same names as CW2080; this holds for bundles that never went through it.
 */
export function checkBundle(bundle: CompiledBundle): void {
  if (!bundle || typeof bundle !== "object" || !bundle.game || typeof bundle.game !== "object") throw new BundleError("not a compiled game: the bundle has no game");
  const found: string[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== "object") return;
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (isReservedName(key)) found.push(`${path}.${key}`);
      if (key === "name" && typeof child === "string" && isReservedName(child)) found.push(`${path}.name = ${JSON.stringify(child)}`);
      if (key !== "source") visit(child, `${path}.${key}`, depth + 1);
    }
  };
  visit(bundle.game, "game", 0);
  if (found.length > 0) throw new BundleError(`game "${String(bundle.game.id)}" declares a name every JavaScript object already has (${found.slice(0, 3).join("; ")}); rename it (CW2080)`);
}
