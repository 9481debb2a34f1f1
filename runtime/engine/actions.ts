/**
 * Player decisions: the actions `legalActions` lists and `apply` performs. Validation is one
 * function per action type returning a typed refusal; `legalActions` generates candidates and
 * keeps those `validate` accepts, so what is listed and what is accepted never disagree.
 */
import { MAX_X } from "../state/limits.ts";
import type { CardRuleName } from "../../compiler/contract.ts";
import { amountIsX, costChoosesX, type Ability, type CompiledCard, type CostPart, type NumberExpr, type TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import {
  RESOLVING,
  addPlayerCounters,
  battlefield,
  cardDef,
  cardName,
  destroyAll,
  discardCard,
  emit,
  enterBattlefield,
  evalCondition,
  exhaustCard,
  hand,
  hasRule,
  instanceKey,
  markAttacked,
  playerRestriction,
  isPermanent,
  moveCard,
  newCtx,
  noteEvent,
  noteAttack,
  playCost,
  ruleAmount,
  runFlowAction,
  selectCards,
  withX,
  readsX,
  settle,
  slotsOf,
  writeCard,
  zoneList,
} from "../core/index.ts";
import type { Rules } from "../core/rules.ts";
import { perDefinition, perGame } from "../core/per-game.ts";
import { placeTrigger, resumeTargeting } from "../core/response.ts";
import { keywordActionBy } from "../core/effects.ts";
import { useNextCostChanges } from "../core/cost-changes.ts";
import type { Frame, GameState, PlayerId, TargetValue } from "../state/state.ts";
import { OPTIONAL_STATE_FIELDS, opponentOf } from "../state/state.ts";
import { cloneJson, draftOf } from "../state/clone.ts";
import { assignTargets, inMode, legalTargetOptions, sameTarget, takenEarlier, targetStillLegal, wholeModal } from "../core/targets.ts";
import { type GameMove, type Mechanic, mechanicsOf } from "../core/mechanics.ts";
import { type Action, type ApplyResult, type Payment, type Refusal, paidCards, refuse, refuseShortfall } from "../core/action.ts";

export type { Action, ApplyResult, Payment, Refusal, RefusalCode, Shortfall } from "../core/action.ts";
export { refuseShortfall, shortfallCode } from "../core/action.ts";

// ---------------------------------------------------------------------------------------------
// Costs

function evalCostAmount(amount: NumberExpr, x: number | undefined): number {
  if (typeof amount === "number") return amount;
  if (amount.kind === "x") return x ?? 0;
  return 0;
}

/**
 * What paying a cost asks for, read off its parts once per cost (IR arrays, and the changed costs
 * values.ts keeps, never change): the listing and the validation ask for every payment they build or check.
 */
interface CostShape {
  /** `costChoosesX` (shared with the checker's "X is defined"): an X is chosen with the payment. */
  choosesX: boolean;
  /** A part's own amount is the X ("pay X life", "X Crystals"): the payments list the values of X it can afford. */
  amountX: boolean;
  /** The resource or life part bounding the X the listing offers. */
  xBound: CostPart | undefined;
  /** Cards to discard, to erase and to sacrifice, in all. */
  discard: number;
  erase: number;
  sacrifice: number;
  sacrificeParts: Extract<CostPart, { pays: "sacrifice" }>[];
  /** Anything for the payer to choose (an X, cards to discard, erase or sacrifice)? */
  choices: boolean;
}
const costShapes = new WeakMap<CostPart[], CostShape>();
function costShape(cost: CostPart[]): CostShape {
  let shape = costShapes.get(cost);
  if (shape !== undefined) return shape;
  const amountX = cost.some(amountIsX);
  const sacrificeParts = cost.filter((c): c is Extract<CostPart, { pays: "sacrifice" }> => c.pays === "sacrifice");
  let discard = 0;
  let erase = 0;
  for (const part of cost) {
    if (part.pays === "discard") discard += part.amount;
    else if (part.pays === "erase") erase += part.amount;
  }
  shape = {
    choosesX: costChoosesX(cost),
    amountX,
    xBound: cost.find((c) => c.pays === "resource" || c.pays === "life"),
    discard,
    erase,
    sacrifice: sacrificeParts.reduce((n, part) => n + (part.amount ?? 1), 0),
    sacrificeParts,
    choices: amountX || sacrificeParts.length > 0 || cost.some((c) => c.pays === "discard" || c.pays === "erase"),
  };
  costShapes.set(cost, shape);
  return shape;
}

/** `built`: the payment was just built by `paymentOptions` for this state and cost (see `Mechanic.checkCost`). */
function checkCost(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, selfCard: string, exclude: readonly string[], built = false): Refusal | null {
  const { state, rules } = ctx;
  const p = state.players[player]!;
  const x = payment.x;
  // X is chosen exactly when the cost has one (core amounts or an X symbol paid by a mechanic), as legalActions lists it.
  const shape = costShape(cost);
  if (shape.choosesX && x === undefined) return refuse("bad_payment", "choose a value for X");
  if (!shape.choosesX && x !== undefined) return refuse("bad_payment", "this cost has no X to choose");
  const { discard: discardNeeded, erase: eraseNeeded, sacrifice: sacrificeNeeded } = shape;
  for (const part of cost) {
    switch (part.pays) {
      case "resource": {
        const need = evalCostAmount(part.amount, x);
        const name = part.resource;
        const have = p.resources[name] ?? 0;
        if (have < need) return refuseShortfall(name, need, have, `not enough ${name}: have ${have}, need ${need}`);
        break;
      }
      case "life": {
        const need = evalCostAmount(part.amount, x);
        const mayReachZero = rules.param("life_payment_may_reach_zero", false);
        if (mayReachZero ? p.life < need : p.life <= need) return refuseShortfall("life", mayReachZero ? need : need + 1, p.life, `not enough life: have ${p.life}, paying ${need} ${mayReachZero ? "needs at least that much" : "must leave at least 1"}`);
        break;
      }
      case "exhaust":
        if (state.cards[selfCard]?.exhausted) return refuse("exhausted", `${cardName(ctx, selfCard)} is already exhausted`);
        break;
      case "counters": {
        // "Remove a power counter from this:": the card must have that many.
        const have = state.cards[selfCard]?.counters[part.counter] ?? 0;
        if (have < part.amount) return refuseShortfall(`${part.counter} counter`, part.amount, have, `${cardName(ctx, selfCard)} has ${have} ${part.counter} counter${have === 1 ? "" : "s"}; removing ${part.amount} needs that many`);
        break;
      }
      case "overexhaust": {
        // `overexhaust_from_exhausted`: an Exhausted (not Overexhausted) card may still pay an Overexhaust cost.
        const card = state.cards[selfCard];
        if (card?.overexhausted || (card?.exhausted && !rules.param("overexhaust_from_exhausted", false))) return refuse("exhausted", `${cardName(ctx, selfCard)} is already ${card.overexhausted ? "overexhausted" : "exhausted"}`);
        break;
      }
      default:
        break;
    }
  }
  const discard = payment.discard ?? NO_CARDS;
  if (discard.length !== discardNeeded) {
    const available = hand(ctx, player).filter((id) => !exclude.includes(id)).length;
    if (available < discardNeeded) return refuseShortfall(rules.zones.hand, discardNeeded, available, `discarding ${discardNeeded} card(s) needs that many other cards in hand; you have ${available}`);
    return refuse("bad_payment", `this cost discards exactly ${discardNeeded} card(s); the payment names ${discard.length}`);
  }
  if (discard.length > 0) {
    if (hasRepeats(discard) || !allListed(discard, hand(ctx, player), exclude)) return refuse("bad_payment", "the cards to discard must be other cards in your hand");
  }
  const erase = payment.erase ?? NO_CARDS;
  if (erase.length !== eraseNeeded) {
    const available = zoneList(ctx, player, rules.zones.graveyard).length;
    if (available < eraseNeeded) return refuseShortfall(rules.zones.graveyard, eraseNeeded, available, `erasing ${eraseNeeded} card(s) needs that many cards in your ${rules.zones.graveyard}; you have ${available}`);
    return refuse("bad_payment", `this cost erases exactly ${eraseNeeded} card(s); the payment names ${erase.length}`);
  }
  if (erase.length > 0) {
    if (hasRepeats(erase) || !allListed(erase, zoneList(ctx, player, rules.zones.graveyard), NO_CARDS)) return refuse("bad_payment", `the cards to erase must be in your ${rules.zones.graveyard}`);
  }
  const sacrifice = payment.sacrifice ?? NO_CARDS;
  // Fewer cards in play that the cost may take than it takes: a cost the player cannot pay, whatever the payment names (as
  // a discard's hand is).
  if (sacrificeNeeded > 0) {
    const fits = new Set(shape.sacrificeParts.flatMap((part) => ("kind" in part.what ? (part.what.kind === "self" && selfCard !== undefined && battlefield(ctx, player).includes(selfCard) ? [selfCard] : []) : selectCards(ctx, { ...part.what, controller: "you" }, player, selfCard))));
    if (fits.size < sacrificeNeeded) return refuseShortfall(rules.zones.battlefield, sacrificeNeeded, fits.size, `sacrificing ${sacrificeNeeded} card(s) needs that many in play that the cost may take; you have ${fits.size}`);
  }
  if (sacrifice.length !== sacrificeNeeded) return refuse("bad_payment", `this cost sacrifices exactly ${sacrificeNeeded} card(s)`);
  for (const part of shape.sacrificeParts) {
    const ok = sacrifice.every((id) => {
      if ("kind" in part.what) return part.what.kind === "self" && id === selfCard;
      return selectCards(ctx, { ...part.what, controller: "you" }, player, selfCard).includes(id);
    });
    if (!ok) return refuse("bad_payment", "the sacrificed card does not match the cost");
  }
  // Mechanics hook: cost parts paid by other means (cost symbols paid by exhausting lands).
  for (const m of mechanicsOf(rules)) {
    const answer = m.checkCost?.(ctx, player, cost, payment, selfCard, built);
    if (answer) return answer;
  }
  return null;
}

/** Is every id in `list` and none in `exclude`? (A payment names a few cards: loops, no closures — asked for every payment listed.) */
function allListed(ids: readonly string[], list: readonly string[], exclude: readonly string[]): boolean {
  for (let i = 0; i < ids.length; i++) if (!list.includes(ids[i]!) || exclude.includes(ids[i]!)) return false;
  return true;
}

/** Does a list name some card twice? (Payments name a few cards: no set built for them.) */
function hasRepeats(ids: readonly string[]): boolean {
  if (ids.length > 16) return new Set(ids).size !== ids.length;
  for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return true;
  return false;
}

/** The native rules of a game's keyword for erasing (paying by erasing is erasing). */
const ERASE_RULES: readonly string[] = ["move_to_oblivion", "erase"];

function payCost(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, selfCard: string, source: Ability["source"] | undefined): void {
  const { state, rules } = ctx;
  const p = state.players[player]!;
  for (const m of mechanicsOf(rules)) m.payCost?.(ctx, player, cost, payment, selfCard, source);
  for (const part of cost) {
    if (part.pays === "resource") {
      const amount = evalCostAmount(part.amount, payment.x);
      const name = part.resource;
      p.resources[name] = (p.resources[name] ?? 0) - amount;
      emit(ctx, "cost", `${player} pays ${amount} ${name}`, { player, amount, source });
    } else if (part.pays === "life") {
      const amount = evalCostAmount(part.amount, payment.x);
      p.life -= amount;
      emit(ctx, "cost", `${player} pays ${amount} life`, { player, amount, source });
      // Life paid is life lost: a `life` event, as "Whenever you lose life" sees it (probe s42 L1).
      if (amount > 0) emit(ctx, "life", `${player} loses ${amount} life (paid)`, { player, amount: -amount, from: "cost", source });
      if (amount > 0) noteEvent(ctx, "lose_life", { player, amount });
    } else if (part.pays === "exhaust" || part.pays === "overexhaust") {
      emit(ctx, "cost", `${cardName(ctx, selfCard)} is ${part.pays === "exhaust" ? "exhausted" : "overexhausted"}`, { card: selfCard, source });
      exhaustCard(ctx, selfCard, part.pays === "overexhaust");
    } else if (part.pays === "counters") {
      const card = writeCard(ctx, selfCard);
      if (!card) continue;
      card.counters[part.counter] = Math.max(0, (card.counters[part.counter] ?? 0) - part.amount);
      emit(ctx, "cost", `${part.amount} ${part.counter} counter${part.amount === 1 ? "" : "s"} removed from ${cardName(ctx, selfCard)} to pay`, { card: selfCard, amount: part.amount, source });
    } else if (part.pays === "player_counters") {
      emit(ctx, "cost", `${player} takes ${part.amount} ${part.counter} counter${part.amount === 1 ? "" : "s"} to pay`, { player, amount: part.amount, source });
      addPlayerCounters(ctx, player, part.counter, part.amount, source);
    }
  }
  for (const id of payment.discard ?? []) {
    emit(ctx, "cost", `${player} discards ${cardName(ctx, id)} to pay`, { player, card: id, name: cardName(ctx, id), source });
    if (rules.param("discard_cost_is_discard", true)) discardCard(ctx, player, id, source);
    else moveCard(ctx, id, rules.zones.graveyard, { source });
  }
  for (const id of payment.erase ?? []) {
    emit(ctx, "cost", `${player} erases ${cardName(ctx, id)} to pay`, { player, card: id, name: cardName(ctx, id), source });
    moveCard(ctx, id, rules.zones.removed, { source, by: player });
  }
  // Paying by erasing is erasing: "Whenever you erase a card" fires (the game's keyword for the rule, if it has one).
  keywordActionBy(ctx, ERASE_RULES, player, payment.erase?.length ?? 0, source);
  for (const id of payment.sacrifice ?? []) emit(ctx, "cost", `${player} sacrifices ${cardName(ctx, id)} to pay`, { player, card: id, name: cardName(ctx, id), source });
  // A sacrifice is a destruction ("destroyed and sent to the graveyard"); "can't be destroyed" does not stop it.
  if (payment.sacrifice?.length) destroyAll(ctx, payment.sacrifice, source, { sacrifice: true });
}

/** Distinct ways to pick `n` options from `ids` (card ids or any string), counting copies of the same card as one choice. */
function combinations(ctx: Ctx, ids: string[], n: number, limit = 60): string[][] {
  const out: string[][] = [];
  if (n > ids.length) return out;
  // Copies of a card are alike in a hand, a deck or a discard pile; in play each is its own (counters, damage, exhaustion,
  // what it is attached to tell them apart): there a card is keyed by its id.
  const battlefield = ctx.rules.zones.battlefield;
  const keyOf = (id: string): string => {
    const card = ctx.state.cards[id];
    return card && card.zone !== battlefield ? card.def : id;
  };
  // One card of a few (most discard costs): each definition's first copy, in order — what the search below finds.
  if (n === 1 && ids.length <= 16) {
    for (let i = 0; i < ids.length && out.length < limit; i++) {
      const def = keyOf(ids[i]!);
      let copy = false;
      for (let k = 0; k < i && !copy; k++) copy = keyOf(ids[k]!) === def;
      if (!copy) out.push([ids[i]!]);
    }
    return out;
  }
  // Copies alike (keyOf) are one choice: a pick is the multiset of the keys it takes, each
  // definition numbered here so the multiset's key is a number (a string only for large picks).
  const numbers = new Map<string, number>();
  const codes = ids.map((id) => {
    const def = keyOf(id);
    let code = numbers.get(def);
    if (code === undefined) numbers.set(def, (code = numbers.size));
    return code;
  });
  // Picks in the order of the positions they take (lexicographic), each multiset where it first
  // occurs. A copy of a card already tried at the same depth under the same earlier picks is
  // skipped: every pick below it was found below that copy first, so skipping changes nothing but
  // the work (choosing 3 of 30 cards holding many copies no longer walks all 4,060 position sets).
  // (A few options have few picks to walk: no table for them.)
  const distinct = numbers.size;
  const tried = ids.length > 8 && distinct < ids.length ? new Int32Array(n * distinct) : undefined;
  const chosen: string[] = [];
  const chosenCodes: number[] = [];
  // Without copies every pick is a multiset of its own.
  const seen = distinct < ids.length ? new Set<number | string>() : undefined;
  let calls = 0;
  const pick = (start: number): void => {
    const depth = chosen.length;
    if (depth === n) {
      if (seen === undefined) {
        out.push([...chosen]);
        return;
      }
      const key = multisetKey(chosenCodes);
      if (!seen.has(key)) {
        seen.add(key);
        out.push([...chosen]);
      }
      return;
    }
    const call = ++calls;
    const row = depth * distinct;
    // (No room left for the rest of the pick past `last`.)
    const last = ids.length - (n - depth);
    for (let i = start; i <= last && out.length < limit; i++) {
      const code = codes[i]!;
      if (tried) {
        if (tried[row + code] === call) continue;
        tried[row + code] = call;
      }
      chosen.push(ids[i]!);
      chosenCodes.push(code);
      pick(i + 1);
      chosen.pop();
      chosenCodes.pop();
    }
  };
  pick(0);
  return out;
}

/** A multiset of small numbers as one key: the sorted numbers in base 4096 (up to three of them), else a string. */
function multisetKey(codes: number[]): number | string {
  const n = codes.length;
  if (n > 3 || codes.some((c) => c >= 4096)) return [...codes].sort((a, b) => a - b).join("|");
  // Up to three numbers, put in order by hand: this runs for every pick of every listing, a sort's copy would be garbage.
  if (n === 0) return 1;
  const first = codes[0]!;
  if (n === 1) return 4096 + first;
  const second = codes[1]!;
  const a = Math.min(first, second);
  const b = Math.max(first, second);
  if (n === 2) return (4096 + a) * 4096 + b;
  const c = codes[2]!;
  if (c >= b) return ((4096 + a) * 4096 + b) * 4096 + c;
  if (c >= a) return ((4096 + a) * 4096 + c) * 4096 + b;
  return ((4096 + c) * 4096 + a) * 4096 + b;
}

const NO_COST: CostPart[] = [];
const NO_CARDS: string[] = [];
/** The one way to pick no cards (read only). */
const NO_PICKS: readonly string[][] = [NO_CARDS];
/** An empty target slot (read only). */
const NO_TARGETS: readonly TargetValue[] = [];

/** How many values of X (0, 1, 2, ...) `legalActions` lists for a cost with X, besides the largest. */
const LISTED_X_VALUES = 20;

/**
 * A cost no payment can pay, for a reason checkCost refuses every payment for alone: a fixed amount
 * of a resource the player lacks, or exhausting (overexhausting) a card that already is. The listing
 * skips such a play or activation before building its targets and payments (and checkCost's
 * refusal message for each of them: in CYBERVAMP, 1.5 per action for abilities of exhausted cards).
 */
function costUnpayable(ctx: Ctx, player: PlayerId, cost: CostPart[], selfCard: string): boolean {
  const resources = ctx.state.players[player]!.resources;
  for (const part of cost) {
    switch (part.pays) {
      case "resource":
        if (typeof part.amount === "number" && (resources[part.resource] ?? 0) < part.amount) return true;
        break;
      case "exhaust":
        if (ctx.state.cards[selfCard]?.exhausted) return true;
        break;
      case "counters":
        if ((ctx.state.cards[selfCard]?.counters[part.counter] ?? 0) < part.amount) return true;
        break;
      case "overexhaust": {
        const card = ctx.state.cards[selfCard];
        if (card?.overexhausted || (card?.exhausted && !ctx.rules.param("overexhaust_from_exhausted", false))) return true;
        break;
      }
      default:
        break;
    }
  }
  return false;
}

/** "You may play this from your Discard Pile." (a rule of the card's own, in effect where it lies: runtime reads its definition). */
const PLAYABLE_FROM_GRAVEYARD: CardRuleName = "playable_from_graveyard";
const playsFromGraveyard = perDefinition((def: CompiledCard) => def.abilities.some((a) => a.kind === "static" && (a.statics ?? []).some((st) => st.kind === "rule" && st.rule === PLAYABLE_FROM_GRAVEYARD && "self" in st.affects)));

/** Is this card where its owner may play it from: their hand, or their graveyard when its text says so? */
function inPlayableZone(ctx: Ctx, id: string, player: PlayerId): boolean {
  const card = ctx.state.cards[id];
  if (!card || card.owner !== player) return false;
  if (card.zone === ctx.rules.zones.hand) return true;
  return card.zone === ctx.rules.zones.graveyard && playsFromGraveyard(cardDef(ctx, card));
}

/** The cards a player may play from where they are: their hand, then the cards of their graveyard that say they may be played from it. */
function playableCards(ctx: Ctx, player: PlayerId): readonly string[] {
  const inHand = hand(ctx, player);
  let extra: string[] | undefined;
  for (const id of zoneList(ctx, player, ctx.rules.zones.graveyard)) if (playsFromGraveyard(cardDef(ctx, ctx.state.cards[id]!))) (extra ??= []).push(id);
  return extra ? [...inHand, ...extra] : inHand;
}

/**
 * The cards whose activated abilities `player` may activate where they are: those in play they control, and those in
 * their own graveyard with an ability activated from there (IR `from`: "Pay 3 life: Return this card from your Discard
 * Pile to your hand.").
 */
function activationSources(ctx: Ctx, player: PlayerId): readonly string[] {
  const inPlay = battlefield(ctx, player);
  let extra: string[] | undefined;
  for (const id of zoneList(ctx, player, ctx.rules.zones.graveyard)) if (activatedFromZone(cardDef(ctx, ctx.state.cards[id]!))) (extra ??= []).push(id);
  return extra ? [...inPlay, ...extra] : inPlay;
}

/** Has a card an activated ability that works from a zone other than play (IR `from`)? */
const activatedFromZone = (def: CompiledCard): boolean => def.abilities.some((a) => a.kind === "activated" && a.from !== undefined);

/** May this activated ability be activated from where its card is now: in play with no `from`, or in the zone it names. */
function activatableWhereItIs(ctx: Ctx, id: string, ability: Ability): boolean {
  const card = ctx.state.cards[id];
  return !!card && card.zone === (ability.from ?? ctx.rules.zones.battlefield) && !runsNothing(ability);
}

/**
 * An ability whose text the engine cannot run (CW6001: its steps are only `rule "unsupported"`) is never offered: its cost
 * would buy nothing, or — a cost the engine cannot pay as written ("Sacrifice a Facet:", "Discard X cards:") — be paid by
 * nothing, for a free effect (issue 11, probe s44 F3).
 */
function runsNothing(ability: Ability): boolean {
  return ability.steps.length > 0 && ability.steps.every((s) => s.op === "rule" && s.rule === "unsupported");
}

/** Every `size`-card subset of `list`, in list order (size 1: each card alone, in order). */
function subsetsOf(list: readonly string[], size: number, start = 0): string[][] {
  if (size === 0) return [[]];
  const out: string[][] = [];
  for (let i = start; i <= list.length - size; i++) for (const rest of subsetsOf(list, size - 1, i + 1)) out.push([list[i]!, ...rest]);
  return out;
}

function paymentOptions(ctx: Ctx, player: PlayerId, cost: CostPart[], selfCard: string, exclude: readonly string[]): Payment[] {
  const { rules } = ctx;
  const shape = costShape(cost);
  if (!shape.choices) {
    // Nothing to choose: one payment, unless a mechanic adds its own choices (which lands).
    let options: Payment[] = [{}];
    for (const m of mechanicsOf(rules)) if (m.paymentOptions) options = m.paymentOptions(ctx, player, cost, selfCard, options);
    return options;
  }
  const p = ctx.state.players[player]!;
  const xs: (number | undefined)[] = [undefined];
  if (shape.amountX) {
    xs.length = 0;
    const part = shape.xBound;
    const affordable = part?.pays === "resource" ? (p.resources[part.resource] ?? 0) : Math.max(0, p.life - 1);
    // An action may choose X up to MAX_X (runtime/limits.ts), whatever a scenario gave the player.
    const max = Math.min(affordable, MAX_X);
    // Every affordable X is legal (checkCost decides), but listing one action per value would be
    // unbounded (a scenario can set 10^20 Crystals): list the small values and the largest.
    for (let x = 0; x <= Math.min(max, LISTED_X_VALUES); x++) xs.push(x);
    if (max > LISTED_X_VALUES) xs.push(max);
  }
  const discards = shape.discard > 0 ? combinations(ctx, hand(ctx, player).filter((id) => !exclude.includes(id)), shape.discard) : NO_PICKS;
  const erases = shape.erase > 0 ? combinations(ctx, zoneList(ctx, player, rules.zones.graveyard), shape.erase) : NO_PICKS;
  let sacrifices: readonly string[][] = NO_PICKS;
  for (const part of shape.sacrificeParts) {
    const options = "kind" in part.what ? [selfCard] : selectCards(ctx, { ...part.what, controller: "you" }, player, selfCard);
    // "Sacrifice two Vampires": every set of `amount` different cards the part takes, each set once (by position, not
    // by definition as `combinations` does for a hand: two copies in play differ by damage and counters).
    sacrifices = sacrifices.flatMap((s) => subsetsOf(options.filter((o) => !s.includes(o)), part.amount ?? 1).map((picked) => [...s, ...picked]));
  }
  const out: Payment[] = [];
  for (const x of xs)
    for (const discard of discards)
      for (const erase of erases)
        for (const sacrifice of sacrifices) {
          const payment: Payment = {};
          if (x !== undefined) payment.x = x;
          if (discard.length) payment.discard = discard;
          if (erase.length) payment.erase = erase;
          if (sacrifice.length) payment.sacrifice = sacrifice;
          out.push(payment);
        }
  let options = out;
  for (const m of mechanicsOf(rules)) if (m.paymentOptions) options = m.paymentOptions(ctx, player, cost, selfCard, options);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Targets of a card or ability being played

/** Target specs of what playing a card asks for: its spell abilities' targets, in order. */
function playTargetSpecs(ctx: Ctx, def: CompiledCard, permanent: boolean): TargetSpec[] {
  if (permanent) return [];
  // Mechanics hook: a game whose spells choose their abilities as they are cast picks targets then.
  if (mechanicsOf(ctx.rules).some((m) => m.targetsOnCast?.(ctx, def))) return [];
  return spellTargetSpecs(def);
}

/** The target specs of a card's spell abilities, in order (a definition's abilities never change). */
const spellTargetSpecs = perDefinition((def: CompiledCard): TargetSpec[] => def.abilities.filter((a) => a.kind === "spell").flatMap((a) => a.targets));

// ---------------------------------------------------------------------------------------------
// Modes chosen as a spell or ability is cast

/** How many modes a "Choose one —" ability has (its whole effect is one choice of modes); 0 for any other. */
function modesOf(ability: Ability): number {
  return wholeModal(ability.steps)?.modes.length ?? 0;
}

/**
 * A card's spell ability whose mode is chosen as it is cast (so the opponent responds to a known mode, and its
 * targets are that mode's): the one "Choose one —" among its spell abilities. None for a permanent, or in a game
 * whose mechanics choose a spell's abilities as it is cast (those ask as the spell resolves).
 */
function castModal(ctx: Ctx, def: CompiledCard, permanent: boolean): Ability | undefined {
  if (permanent) return undefined;
  const modal = modalSpellOf(def);
  if (modal === undefined || mechanicsOf(ctx.rules).some((m) => m.targetsOnCast?.(ctx, def))) return undefined;
  return modal;
}

/** A definition's one "Choose one —" spell ability (none if it has none or several): its abilities never change, so worked out once. */
const modalSpellOf = perDefinition((def: CompiledCard): Ability | undefined => {
  const modal = def.abilities.filter((a) => a.kind === "spell" && modesOf(a) > 0);
  return modal.length === 1 ? modal[0]! : undefined;
});

/** No mode to name (read only). */
const NO_MODE: readonly (number | undefined)[] = [undefined];
/** The modes a cast may name: each mode of a modal ability; `undefined` alone when it has none (read only: listed for every card in hand). */
function modeChoices(modal: Ability | undefined): readonly (number | undefined)[] {
  return modal ? Array.from({ length: modesOf(modal) }, (_, i) => i) : NO_MODE;
}

function checkMode(modal: Ability | undefined, mode: number | undefined): Refusal | null {
  const count = modal ? modesOf(modal) : 0;
  if (!modal) return mode === undefined ? null : refuse("illegal_choice", "this has no modes to choose");
  if (mode === undefined || mode >= count) return refuse("illegal_choice", `choose a mode as it is cast: a number from 0 to ${count - 1}`);
  return null;
}

/** The mode's text, told to both players as it is cast. */
function announceMode(ctx: Ctx, modal: Ability | undefined, mode: number | undefined, player: PlayerId): void {
  const step = modal ? wholeModal(modal.steps) : undefined;
  if (mode === undefined || !step) return;
  const chosen = step.modes[mode]!;
  emit(ctx, "choice", `${player} chooses: ${chosen.text}`, { player, source: chosen.source ?? modal!.source });
}

/** Every way to choose the targets of `specs`, as the flat lists a play or activation carries (slots that may stay empty: empty or filled; one phrase's slots hold different values; another mode's slots: empty). */
function targetCombos(ctx: Ctx, specs: TargetSpec[], player: PlayerId, selfCard: string, mode?: number): TargetValue[][] {
  // Most plays name no target: one way, no targets (each action gets its own list).
  if (specs.length === 0) return [[]];
  // Depth first, slot by slot, each slot's choices in order (empty first where it may stay empty): the
  // order a slot-by-slot expansion gives, built on one slot list and one flat list instead of a copy of
  // both per partial choice (a third of CYBERVAMP's listing allocations).
  const out: TargetValue[][] = [];
  const slots: (readonly TargetValue[])[] = [];
  const flat: TargetValue[] = [];
  const visit = (i: number): void => {
    if (i === specs.length) {
      out.push(flat.slice());
      return;
    }
    const spec = specs[i]!;
    if (!inMode(spec, mode)) {
      slots.push(NO_TARGETS);
      visit(i + 1);
      slots.pop();
      return;
    }
    const options = legalTargetOptions(ctx, spec, player, selfCard, takenEarlier(specs, slots, i));
    if (spec.min === 0) {
      slots.push(NO_TARGETS);
      visit(i + 1);
      slots.pop();
      // Once a phrase's slot is left empty, so are its later ones.
      if (spec.group !== undefined && specs.some((s, j) => j < i && s.group === spec.group && slots[j]!.length === 0)) return;
    }
    for (const option of options) {
      slots.push([option]);
      flat.push(option);
      visit(i + 1);
      flat.pop();
      slots.pop();
    }
  };
  visit(0);
  return out;
}

/**
 * Each way to choose the targets and the payment of a play or activation. A target whose filter reads the X the player
 * pays ("Destroy target unit with power X or less") is legal or not by that X: its targets are listed for each payment.
 */
function eachChoice(ctx: Ctx, specs: TargetSpec[], player: PlayerId, selfCard: string, mode: number | undefined, payments: () => readonly Payment[], each: (targets: TargetValue[], payment: Payment) => void): void {
  if (!specs.some(readsX)) {
    for (const targets of targetCombos(ctx, specs, player, selfCard, mode)) for (const payment of payments()) each(targets, payment);
    return;
  }
  for (const payment of payments()) for (const targets of targetCombos(ctx, specsWithX(specs, payment.x), player, selfCard, mode)) each(targets, payment);
}

/** Target specs with the X the player pays put in (runtime/core/values.ts withX). */
const specsWithX = (specs: TargetSpec[], x: number | undefined): TargetSpec[] => (x === undefined ? specs : specs.map((spec) => withX(spec, x)));

function checkTargets(ctx: Ctx, specs: TargetSpec[], targets: TargetValue[], player: PlayerId, selfCard: string, mode?: number): Refusal | null {
  const assigned = assignTargets(ctx, specs, targets, player, selfCard, mode);
  if (Array.isArray(assigned)) return null;
  const unfit = targets.find((t) => !targetsFit(ctx, specs, t, player, selfCard));
  if (assigned.code === "illegal_target" && unfit) return refuse("illegal_target", `${describeTarget(ctx, unfit)} is not a legal choice here`);
  return refuse(assigned.code, assigned.message);
}

/** Is this value legal for some slot of `specs` (to name it in a refusal)? */
function targetsFit(ctx: Ctx, specs: TargetSpec[], value: TargetValue, player: PlayerId, selfCard: string): boolean {
  return specs.some((spec) => targetStillLegal(ctx, spec, value, player, selfCard));
}

const describeTarget = (ctx: Ctx, t: TargetValue): string => ("card" in t ? cardName(ctx, t.card) : t.player);

// ---------------------------------------------------------------------------------------------
// Validation

function decider(ctx: Ctx): PlayerId | null {
  const { state, rules } = ctx;
  if (state.over) return null;
  if (state.pending) return state.pending.player;
  if (rules.model.windowOpen(state)) return state.priority?.player ?? state.active;
  return state.active;
}

function inInteractivePhase(ctx: Ctx): boolean {
  const phase = ctx.rules.phase(ctx.state.phase);
  return phase ? !phase.auto : true;
}

function timingRefusal(ctx: Ctx, player: PlayerId, instantSpeed: boolean): Refusal | null {
  const { state, rules } = ctx;
  if (state.pending) return refuse("choice_pending", `${state.pending.player} must first ${state.pending.prompt}`);
  if (rules.model.windowOpen(state)) {
    if (state.priority?.player !== player) return refuse("not_your_decision", `${state.priority?.player} holds priority${waitingTop(ctx)}`);
    if (!instantSpeed) return refuse("wrong_phase", "only spells and abilities can be used while something waits to resolve");
    // `spells_on_opponent_turn = false`: on the opponent's turn a player's windows are for passing only. (A player
    // holds priority only while something waits to resolve, so this is the one place the opponent's turn is played in.)
    if (player !== state.active && !rules.param("spells_on_opponent_turn", true)) return refuse("not_your_turn", `it is ${state.active}'s turn, and no card is played on the opponent's turn (spells_on_opponent_turn = false): ${player} may only pass`);
    return null;
  }
  // Where players respond (a stack or chains), the opponent acts on this turn only in a window: say so, or "it is p1's
  // turn" reads as "not on the opponent's turn", which the rules texts allow.
  if (player !== state.active)
    return refuse(
      "not_your_turn",
      instantSpeed && rules.param("response_model", "instant") !== "instant" && rules.param("spells_on_opponent_turn", true)
        ? `it is ${state.active}'s turn and nothing waits to resolve: ${player} may play a spell or use an ability on it only in a window, after ${state.active} plays or activates something or ends a phase`
        : `it is ${state.active}'s turn`,
    );
  if (!inInteractivePhase(ctx)) return refuse("wrong_phase", `nothing can be played during the ${state.phase} phase`);
  return null;
}

/** What waits on the stack for the player holding priority, said after "pX holds priority" (empty when nothing does). */
function waitingTop(ctx: Ctx): string {
  const top = ctx.state.stack[ctx.state.stack.length - 1];
  if (!top) return "";
  const more = ctx.state.stack.length - 1;
  return `: ${top.frame.card ? `${cardName(ctx, top.frame.card)}${top.kind === "trigger" ? "'s triggered ability" : top.kind === "ability" ? "'s ability" : ""}` : top.frame.label} waits to resolve${more ? ` (and ${more} more under it)` : ""}, when both players pass in turn`;
}

/**
 * The per-turn tally of an ability's activations, kept by the activating player (`turnTally`, cleared as their turn
 * starts): the key names the turn, so activations during the opponent's turn never count against the next, and the card's
 * time in play (`instanceKey`), so a card that left play and came back this turn may activate it again.
 */
function activationKey(ctx: Ctx, card: string, ability: string): string {
  return `activated@${ctx.state.turn}:${instanceKey(ctx, card)}:${ability}`;
}

/** How many more times `player` may activate this ability of `card` this turn ("Activate this only once each turn."); Infinity when unlimited. */
function activationsLeft(ctx: Ctx, player: PlayerId, card: string, ability: Ability): number {
  if (ability.timesPerTurn === undefined) return Infinity;
  return Math.max(0, ability.timesPerTurn - (ctx.state.players[player]!.turnTally[activationKey(ctx, card, ability.id)] ?? 0));
}

/** May `player` activate this ability of `card` now, by its own "Activate only during your turn." / "Activate only if ..."? */
function activationAllowedNow(ctx: Ctx, player: PlayerId, card: string, ability: Ability): boolean {
  return !ability.activateOnly || evalCondition(ctx, { controller: player, card, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, ability.activateOnly);
}

/** May `player` play `card` now, by its own "Play this only during an opponent's turn." / "Play this only if ..."? */
function playAllowedNow(ctx: Ctx, player: PlayerId, card: string, def: CompiledCard): boolean {
  return !def.playOnly || evalCondition(ctx, { controller: player, card, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, def.playOnly.condition);
}

const ACTION_TYPES = new Set(["play", "activate", "attack", "defend", "choose", "pass", "end_phase", "game"]);

export function validate(ctx: Ctx, action: Action): Refusal | null {
  // Actions may come from outside (the studio, a file): anything malformed is refused, never run.
  if (typeof action !== "object" || action === null || !ACTION_TYPES.has((action as { type?: unknown }).type as string)) return refuse("unknown_action", "not an action this engine knows");
  if (ctx.state.over) return refuse("game_over", "the game is over");
  if (!ctx.state.players[action.player]) return refuse("not_your_decision", `there is no player ${action.player}`);
  // Mechanics hook: their own moves, and further refusals of the core's actions (phase limits, one weapon...).
  const mechanics = mechanicsOf(ctx.rules);
  if (action.type === "game") {
    for (const m of mechanics) {
      const answer = m.validateMove?.(ctx, action);
      if (answer !== undefined) return answer;
    }
    return refuse("no_such_ability", `no rule of this game knows the move "${action.move}"`);
  }
  const base = validateCore(ctx, action);
  if (base) return base;
  for (const m of mechanics) {
    const extra = m.refine?.(ctx, action);
    if (extra) return extra;
  }
  return null;
}

const ANSWER_FIELDS = ["cards", "target", "yes", "mode", "trigger"] as const;
/** The field that answers each kind of choice (a target choice of "up to N" is answered "none" with `cards: []`). */
const ANSWER_FIELD: Record<NonNullable<GameState["pending"]>["kind"], readonly (typeof ANSWER_FIELDS)[number][]> = { cards: ["cards"], defender: ["cards"], targets: ["target", "cards"], yes_no: ["yes"], mode: ["mode"], order_triggers: ["trigger"] };

function validateCore(ctx: Ctx, action: Exclude<Action, GameMove>): Refusal | null {
  const { state, rules } = ctx;
  switch (action.type) {
    case "play": {
      const card = state.cards[action.card];
      if (!card) return refuse("unknown_card", `there is no card ${action.card}`);
      const def = cardDef(ctx, card);
      const permanent = isPermanent(ctx, def);
      // Mechanics hook: a permanent that may be played whenever its player has priority (Ambush).
      const timing = timingRefusal(ctx, action.player, !permanent || mechanicsOf(rules).some((m) => m.anyTime?.(ctx, action.card)));
      if (timing) return timing;
      if (!inPlayableZone(ctx, action.card, action.player)) return refuse("not_in_hand", `${def.name} is not in ${action.player}'s hand`);
      const barred = playerRestriction(ctx, action.player, "cant_play", action.card);
      if (barred) return refuse("cannot_play", `${action.player} can't play ${def.name} (${barred})`);
      if (!playAllowedNow(ctx, action.player, action.card, def)) return refuse("cannot_play", `${def.name} may not be played now: ${def.playOnly!.text}`);
      const slots = slotsOf(ctx);
      if (permanent && slots !== undefined && battlefield(ctx, action.player).length >= slots) return refuse("slot_full", `all ${slots} ${rules.zones.battlefield} slots are full`);
      const cost = checkCost(ctx, action.player, playCost(ctx, action.player, action.card, def.cost), action.payment ?? {}, action.card, [action.card]);
      if (cost) return cost;
      const mode = checkMode(castModal(ctx, def, permanent), action.mode);
      if (mode) return mode;
      return checkTargets(ctx, specsWithX(playTargetSpecs(ctx, def, permanent), action.payment?.x), action.targets ?? [], action.player, action.card, action.mode);
    }
    case "activate": {
      const card = state.cards[action.card];
      if (!card) return refuse("unknown_card", `there is no card ${action.card}`);
      const timing = timingRefusal(ctx, action.player, true);
      if (timing) return timing;
      const ability = cardDef(ctx, card).abilities.find((a) => a.id === action.ability && a.kind === "activated");
      // An ability activated from a zone (IR `from`: "Return this card from your Discard Pile to your hand") works only
      // there, for the card's owner; any other only in play, for its controller.
      if (ability?.from !== undefined) {
        if (card.zone !== ability.from) return refuse("not_in_play", `${cardName(ctx, action.card)}'s ability works only from its owner's ${ability.from}, and it is not there: ${ability.text}`);
        if (card.owner !== action.player) return refuse("not_your_card", `${cardName(ctx, action.card)} is in ${card.owner}'s ${ability.from}: only its owner may activate ${ability.text}`);
      } else {
        if (card.zone !== rules.zones.battlefield) return refuse("not_in_play", `${cardName(ctx, action.card)} is not in play`);
        if (card.controller !== action.player) return refuse("not_your_card", `${action.player} does not control ${cardName(ctx, action.card)}`);
      }
      if (!ability) return refuse("no_such_ability", `${cardName(ctx, action.card)} has no activated ability ${action.ability}`);
      if (runsNothing(ability)) return refuse("no_such_ability", `${cardName(ctx, action.card)}'s ability is not activated: the engine cannot run its text (CW6001), so its cost would buy nothing: ${ability.text}`);
      if (activationsLeft(ctx, action.player, action.card, ability) === 0)
        return refuse("limit_reached", `${cardName(ctx, action.card)}'s ability may be activated only ${ability.timesPerTurn === 1 ? "once" : `${ability.timesPerTurn} times`} each turn`);
      if (!activationAllowedNow(ctx, action.player, action.card, ability)) return refuse("activation_condition", `${cardName(ctx, action.card)}'s ability may not be activated now: ${ability.text}`);
      const cost = checkCost(ctx, action.player, ability.cost ?? [], action.payment ?? {}, action.card, ability.from !== undefined ? [action.card] : []);
      if (cost) return cost;
      const mode = checkMode(modesOf(ability) > 0 ? ability : undefined, action.mode);
      if (mode) return mode;
      return checkTargets(ctx, specsWithX(ability.targets, action.payment?.x), action.targets ?? [], action.player, action.card, action.mode);
    }
    case "attack": {
      const timing = timingRefusal(ctx, action.player, false);
      if (timing) return timing;
      const card = state.cards[action.attacker];
      if (!card) return refuse("unknown_card", `there is no card ${action.attacker}`);
      if (card.zone !== rules.zones.battlefield) return refuse("not_in_play", `${cardName(ctx, action.attacker)} is not in play`);
      if (card.controller !== action.player) return refuse("not_your_card", `${action.player} does not control ${cardName(ctx, action.attacker)}`);
      if (state.turn === 1 && !rules.param("first_turn_attacks", true)) return refuse("no_attacks_first_turn", "no attacks are allowed on the very first turn of the game");
      const perTurn = attacksAllowed(ctx, action.attacker, rules.param("attacks_per_unit", 1));
      if (card.attackedTurn === state.turn && (card.attacks ?? 1) >= perTurn)
        return refuse("already_attacked", `${cardName(ctx, action.attacker)} has already attacked ${perTurn === 1 ? "this turn" : `${perTurn} times this turn`}`);
      if (rules.param("summoning_sickness", true) && card.enteredTurn === state.turn && !hasRule(ctx, action.attacker, "ignores_summoning_sickness"))
        return refuse("summoning_sick", `${cardName(ctx, action.attacker)} entered play this turn and cannot attack yet`);
      if (card.defender && !rules.param("defender_can_attack", false)) return refuse("cannot_attack", `${cardName(ctx, action.attacker)} is a defender`);
      const barred = playerRestriction(ctx, action.player, "cant_attack");
      if (barred) return refuse("cannot_attack", `${action.player} can't attack (${barred})`);
      if (hasRule(ctx, action.attacker, "cant_attack")) return refuse("cannot_attack", `${cardName(ctx, action.attacker)} can't attack`);
      const targets = String(rules.param("attack_targets", "unit player")).split(/\s+/);
      const t = action.target;
      if ("player" in t) {
        if (t.player === action.player || !state.players[t.player]) return refuse("illegal_target", "attack the opposing player");
        if (!targets.includes("player")) return refuse("illegal_target", "attacks cannot target a player in this game");
      } else {
        const target = state.cards[t.card];
        if (!target || target.zone !== rules.zones.battlefield || target.controller === action.player) return refuse("illegal_target", "the attacked card must be an enemy card in play");
        if (!targets.includes("unit")) return refuse("illegal_target", "attacks cannot target cards in this game");
      }
      return null;
    }
    case "defend": {
      const timing = timingRefusal(ctx, action.player, false);
      if (timing) return timing;
      if (rules.param("defenders", rules.game.params["defender_walls"] !== undefined) !== true) return refuse("wrong_phase", "this game has no defenders");
      const card = state.cards[action.card];
      if (!card) return refuse("unknown_card", `there is no card ${action.card}`);
      if (card.zone !== rules.zones.battlefield || card.controller !== action.player) return refuse("not_your_card", `${cardName(ctx, action.card)} is not a unit of yours in play`);
      if (card.defender) return refuse("already_defending", `${cardName(ctx, action.card)} is already a defender`);
      if (hasRule(ctx, action.card, "cannot_attack_or_block") || hasRule(ctx, action.card, "cant_block")) return refuse("cannot_block", `${cardName(ctx, action.card)} can't block`);
      if (!rules.param("defender_can_attack", false) && card.attackedTurn === state.turn) return refuse("already_attacked", `${cardName(ctx, action.card)} attacked this turn`);
      if (!rules.param("defender_just_played", true) && card.enteredTurn === state.turn) return refuse("summoning_sick", `${cardName(ctx, action.card)} entered play this turn`);
      return null;
    }
    case "end_phase": {
      if (state.pending) return refuse("choice_pending", `${state.pending.player} must first ${state.pending.prompt}`);
      if (rules.model.windowOpen(state)) return refuse("not_your_decision", "a response window is open: pass instead");
      if (action.player !== state.active) return refuse("not_your_turn", `it is ${state.active}'s turn`);
      if (!inInteractivePhase(ctx)) return refuse("wrong_phase", `the ${state.phase} phase ends by itself`);
      const forced = mustAttackFirst(ctx, action.player);
      if (forced) return refuse("must_attack", `${cardName(ctx, forced)} must attack this turn if able`);
      return null;
    }
    case "pass": {
      if (state.pending) return refuse("choice_pending", `${state.pending.player} must first ${state.pending.prompt}`);
      if (!rules.model.windowOpen(state)) return refuse("no_window", "there is nothing to pass on; end the phase instead");
      if (state.priority?.player !== action.player) return refuse("not_your_decision", `${state.priority?.player} holds priority${waitingTop(ctx)}`);
      return null;
    }
    case "choose": {
      const pending = state.pending;
      if (!pending) return refuse("no_choice_pending", "no choice is waiting");
      if (pending.player !== action.player) return refuse("not_your_decision", `${pending.player} must ${pending.prompt}`);
      // The answer is exactly the one field this kind of choice asks for (as legalActions lists it: `cards: []` for none).
      const fields = ANSWER_FIELD[pending.kind];
      const given = ANSWER_FIELDS.filter((f) => action[f] !== undefined);
      if (given.length !== 1 || !fields.includes(given[0]!)) return refuse("illegal_choice", `answer this choice with ${fields.join(" or ")}${given.some((f) => !fields.includes(f)) ? `, not ${given.filter((f) => !fields.includes(f)).join(", ")}` : ""}`);
      switch (pending.kind) {
        case "cards": {
          const cards = action.cards ?? [];
          const count = `choose ${pending.min === pending.max ? pending.min : `${pending.min} to ${pending.max}`} of the offered cards`;
          // A card not offered is named, with what is: "Neon Ripper is not offered (offered: Razorfang Courier)" says
          // more to a player (or a scenario line) than the count alone.
          const notOffered = cards.filter((c) => !pending.options.includes(c));
          if (notOffered.length > 0) {
            const names = (ids: readonly string[]) => ids.map((c) => (state.cards[c] ? cardName(ctx, c) : c)).join(", ");
            return refuse("illegal_choice", `${names(notOffered)} ${notOffered.length === 1 ? "is" : "are"} not offered (offered: ${names(pending.options) || "none"}); ${count}`);
          }
          if (cards.length < pending.min || cards.length > pending.max || new Set(cards).size !== cards.length) return refuse("illegal_choice", count);
          return null;
        }
        case "defender":
          return action.cards?.length === 1 && pending.options.includes(action.cards[0]!) ? null : refuse("illegal_choice", "choose one of your defenders");
        case "targets":
          // "up to two target ...": choosing nothing leaves the slot (and the phrase's later ones) empty.
          if (!action.target && pending.spec.min === 0 && action.cards?.length === 0) return null;
          return action.target && pending.options.some((o) => sameTarget(o, action.target!)) ? null : refuse("illegal_target", `choose one of the legal targets for ${pending.spec.text}`);
        case "yes_no":
          return action.yes === undefined ? refuse("illegal_choice", "answer yes or no") : null;
        case "mode":
          return action.mode !== undefined && action.mode >= 0 && action.mode < pending.modes.length ? null : refuse("illegal_choice", `choose a mode between 0 and ${pending.modes.length - 1}`);
        case "order_triggers":
          return action.trigger !== undefined && pending.triggers.includes(action.trigger) ? null : refuse("illegal_choice", "choose one of the waiting triggers");
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Performing

function spellFrames(ctx: Ctx, def: CompiledCard, cardId: string, player: PlayerId, targets: TargetValue[], x: number | undefined, paid: Record<string, string[]>, modal?: Ability, mode?: number): Frame[] {
  const frames: Frame[] = [];
  const spells = def.abilities.filter((a) => a.kind === "spell");
  // The action's flat list, given to every ability's slots in order (validated already: it fits).
  const assigned = assignTargets(ctx, specsWithX(spells.flatMap((a) => a.targets), x), targets, player, cardId, mode);
  const all = Array.isArray(assigned) ? assigned : [];
  let next = 0;
  for (const ability of spells) {
    const slots = ability.targets.map(() => all[next++] ?? []);
    frames.push({ card: cardId, ability: ability.id, controller: player, steps: ability.steps, pc: 0, targets: slots, chosen: { ...paid }, x, label: `${def.name}: ${ability.text}`, source: ability.source, ...(ability === modal && mode !== undefined ? { mode } : {}) });
  }
  if (frames.length === 0) frames.push({ card: cardId, controller: player, steps: [], pc: 0, targets: [], chosen: {}, x, label: def.name, source: def.source });
  return frames;
}

function perform(ctx: Ctx, action: Action): void {
  const { state, rules } = ctx;
  switch (action.type) {
    case "play": {
      const def = cardDef(ctx, state.cards[action.card]!);
      const permanent = isPermanent(ctx, def);
      const payment = action.payment ?? {};
      emit(ctx, "action", `${action.player} plays ${def.name}`, { player: action.player, card: action.card, name: def.name, source: def.source });
      // What it costs is read in hand ("Spells you cast cost 1 less"); the card leaves the hand before it is paid, so it cannot pay for itself.
      const cost = playCost(ctx, action.player, action.card, def.cost);
      // "The next spell you cast this turn costs 1 less": used up by the card it changed, as the card is played.
      useNextCostChanges(ctx, action.player, action.card);
      moveCard(ctx, action.card, RESOLVING, { quiet: true });
      payCost(ctx, action.player, cost, payment, action.card, def.source);
      (state.playedThisTurn ??= []).push({ card: action.card, def: state.cards[action.card]!.def, controller: action.player, owner: state.cards[action.card]!.owner, token: false });
      // The targets chosen as it is played: "Whenever you cast a spell that targets a creature" is noted before the spell
      // is on the stack, where its targets are read later (values.ts targetsOfSpellMatch).
      noteEvent(ctx, "cast", { player: action.player, card: action.card, ...(action.targets?.length ? { targets: action.targets } : {}) });
      // Mechanics hook: a game may route the play itself (priority before it resolves, ability selection, enhancements).
      const paid = paidCards(payment);
      for (const m of mechanicsOf(rules)) if (m.play?.(ctx, action.card, action.player, permanent, action.targets ?? [], payment.x, paid)) return;
      if (permanent) {
        enterBattlefield(ctx, action.card, action.player, "played", def.source);
        return;
      }
      const modal = castModal(ctx, def, permanent);
      announceMode(ctx, modal, action.mode, action.player);
      const frames = spellFrames(ctx, def, action.card, action.player, action.targets ?? [], payment.x, paid, modal, action.mode);
      // The first ability resolves first: push in reverse; the spell goes to the graveyard when the bottom frame (its last
      // ability) ends — not between its sentences ("Draw a card. Gain 1 life for each card in your graveyard." counts
      // the graveyard without the spell).
      const specs = spellTargetSpecs(def);
      if (rules.model.name === "instant") {
        frames[frames.length - 1]!.spellCard = action.card;
        for (const frame of [...frames].reverse()) rules.model.announce(ctx, frame, "spell", specs);
      } else {
        frames[0]!.spellCard = action.card;
        const mode = frames.find((f) => f.mode !== undefined)?.mode;
        const merged: Frame = { ...frames[0]!, steps: frames.flatMap((f) => f.steps), targets: frames.flatMap((f) => f.targets), ...(mode !== undefined ? { mode } : {}) };
        rules.model.announce(ctx, merged, "spell", specs);
      }
      return;
    }
    case "activate": {
      const card = state.cards[action.card]!;
      const ability = cardDef(ctx, card).abilities.find((a) => a.id === action.ability)!;
      emit(ctx, "action", `${action.player} activates ${cardName(ctx, action.card)}: ${ability.text}`, { player: action.player, card: action.card, ability: ability.id, source: ability.source });
      if (ability.timesPerTurn !== undefined) {
        const tally = state.players[action.player]!.turnTally;
        const key = activationKey(ctx, action.card, ability.id);
        tally[key] = (tally[key] ?? 0) + 1;
      }
      payCost(ctx, action.player, ability.cost ?? [], action.payment ?? {}, action.card, ability.source);
      announceMode(ctx, modesOf(ability) > 0 ? ability : undefined, action.mode, action.player);
      const frame: Frame = {
        card: action.card,
        ability: ability.id,
        controller: action.player,
        steps: ability.steps,
        pc: 0,
        targets: ((a) => (Array.isArray(a) ? a : (action.targets ?? []).map((t) => [t])))(assignTargets(ctx, specsWithX(ability.targets, action.payment?.x), action.targets ?? [], action.player, action.card, action.mode)),
        chosen: paidCards(action.payment ?? {}),
        ...(action.mode !== undefined ? { mode: action.mode } : {}),
        x: action.payment?.x,
        label: `${cardName(ctx, action.card)}: ${ability.text}`,
        source: ability.source,
      };
      rules.model.announce(ctx, frame, "ability", ability.targets);
      return;
    }
    case "attack": {
      const card = writeCard(ctx, action.attacker)!;
      card.attacks = card.attackedTurn === state.turn ? (card.attacks ?? 1) + 1 : 1;
      markAttacked(ctx, action.attacker, action.player);
      const what = "card" in action.target ? cardName(ctx, action.target.card) : action.target.player;
      emit(ctx, "attack", `${cardName(ctx, action.attacker)} attacks ${what}`, { player: action.player, card: action.attacker, name: cardName(ctx, action.attacker) });
      state.frames.push({ card: action.attacker, controller: action.player, steps: [{ op: "rule", rule: "await_triggers" }, { op: "rule", rule: "attack" }], pc: 0, targets: [[action.target]], chosen: { attacker: [action.attacker] }, label: `attack by ${cardName(ctx, action.attacker)}` });
      // The attack is under way until its frame's `attack` step has run: "attacking", "the defending player".
      state.combat = { attacker: action.attacker, target: action.target };
      noteAttack(ctx, action.attacker, action.player, action.target);
      return;
    }
    case "defend": {
      writeCard(ctx, action.card)!.defender = true;
      emit(ctx, "action", `${cardName(ctx, action.card)} becomes a defender`, { player: action.player, card: action.card, name: cardName(ctx, action.card) });
      noteEvent(ctx, "becomes_defender", { card: action.card, player: action.player });
      return;
    }
    case "end_phase": {
      emit(ctx, "action", `${action.player} ends the ${state.phase} phase`, { player: action.player });
      if (rules.model.changePhase?.(ctx)) return;
      const { value, actions } = rules.flow.send(state.flow, { type: "PHASE_DONE" });
      state.flow = value;
      for (const a of actions) runFlowAction(ctx, a);
      return;
    }
    case "pass": {
      emit(ctx, "action", `${action.player} passes`, { player: action.player });
      rules.model.pass(ctx, action.player);
      return;
    }
    case "game":
      for (const m of mechanicsOf(rules)) if (m.performMove?.(ctx, action)) return;
      return;
    case "choose": {
      const pending = state.pending!;
      state.pending = null;
      switch (pending.kind) {
        case "order_triggers": {
          if (rules.model.chooseTrigger) {
            rules.model.chooseTrigger(ctx, action.player, action.trigger!);
            return;
          }
          const index = state.noted.findIndex((t) => t.id === action.trigger);
          const [first] = state.noted.splice(index, 1);
          emit(ctx, "choice", `${action.player} orders ${first!.card ? cardName(ctx, first!.card) : "a rule"} first`, { player: action.player, ability: first!.ability, source: first!.source });
          placeTrigger(ctx, first!);
          return;
        }
        case "targets":
          if (!action.target) {
            emit(ctx, "choice", `${action.player} chooses no target for ${pending.spec.text}`, { player: action.player });
            resumeTargeting(ctx, "none");
            return;
          }
          emit(ctx, "choice", `${action.player} targets ${describeTarget(ctx, action.target)}`, { player: action.player });
          resumeTargeting(ctx, action.target);
          return;
        case "mode":
          // The mode of a trigger being put into resolution (its targets are that mode's): chosen, then its targets.
          // The division of damage among the targets just chosen: the frame takes the answer, and its targeting goes on.
          if (pending.divide && state.targeting) {
            state.targeting.frame.answer = [String(action.mode)];
            resumeTargeting(ctx);
            return;
          }
          if (pending.frame === undefined && state.targeting) {
            const frame = state.targeting.frame;
            frame.mode = action.mode;
            const chosen = wholeModal(frame.steps)?.modes[action.mode!];
            emit(ctx, "choice", `${action.player} chooses: ${chosen?.text ?? action.mode}`, { player: action.player, ...(chosen?.source ? { source: chosen.source } : {}) });
            resumeTargeting(ctx);
            return;
          }
          answerFrame(ctx, pending, action);
          return;
        default:
          answerFrame(ctx, pending, action);
      }
    }
  }
}

/** A choice asked in the middle of a resolution: the answer goes to the frame that asked, which runs its step again. */
function answerFrame(ctx: Ctx, pending: NonNullable<GameState["pending"]>, action: Extract<Action, { type: "choose" }>): void {
  const frame = pending.frame !== undefined ? ctx.state.frames[pending.frame] : undefined;
  if (!frame) return;
  if (pending.kind === "yes_no") frame.answer = [action.yes ? "yes" : "no"];
  else if (pending.kind === "mode") frame.answer = [String(action.mode)];
  else {
    frame.answer = action.cards ?? [];
    emit(ctx, "choice", `${action.player} chooses ${frame.answer.map((id) => cardName(ctx, id)).join(", ") || "nothing"}`, { player: action.player });
  }
}

// ---------------------------------------------------------------------------------------------
// Public entry points

export interface ApplyOptions {
  /**
   * Also return the state as it stood right after each event (`states[i]` after `events[i]`), for
   * a stepper that shows the board at any event. Costs a copy of the state per event: debuggers
   * ask for it by replaying one action, never the engine's own play.
   */
  statePerEvent?: boolean;
  /**
   * The action was just taken from `legalActions(state)` (a bot trying its options): its parsing
   * and validation are skipped, as `applyInPlace`'s `listed` does.
   */
  listed?: boolean;
}

export function applyAction(rules: Rules, state: GameState, action: Action, options: ApplyOptions = {}): ApplyResult {
  if (!options.listed) {
    const refusal = validate(newCtx(rules, state), action);
    if (refusal) return { ok: false, refusal, state, events: [] };
  }
  // A working copy that shares the cards until the action writes them (runtime/state/clone.ts, runtime/core/cards.ts writeCard).
  const draft = draftOf(state, OPTIONAL_STATE_FIELDS);
  const ctx = newCtx(rules, draft);
  ctx.sharedCards = state.cards;
  const states: GameState[] = [];
  // A full copy per event (the working state shares cards with the state it started from, and its cards change later).
  if (options.statePerEvent) ctx.afterEvent = (s) => states.push(cloneJson(s));
  perform(ctx, action);
  settle(ctx);
  return { ok: true, state: draft, events: ctx.events, ...(options.statePerEvent ? { states } : {}) };
}

/**
 * Applies an action to `state` itself (no copy): for a simulator or a bot that owns its state and
 * keeps no earlier one. The action is validated first; a refused action leaves the state untouched.
 * `listed`: the action was just taken from `legalActions(state)`, so its validation is skipped.
 * `written`: a write log — the id of every card the action changes, creates or removes is added to it.
 */
export function applyActionInPlace(rules: Rules, state: GameState, action: Action, listed = false, written?: Set<string>): ApplyResult {
  const ctx = newCtx(rules, state, undefined, written);
  if (!listed) {
    const refusal = validate(ctx, action);
    if (refusal) return { ok: false, refusal, state, events: [] };
  }
  perform(ctx, action);
  settle(ctx);
  return { ok: true, state, events: ctx.events };
}

function candidates(ctx: Ctx): Action[] {
  const { state, rules } = ctx;
  const player = decider(ctx);
  if (!player) return [];
  const out: Action[] = [];
  const pending = state.pending;
  if (pending) {
    switch (pending.kind) {
      case "cards": {
        for (let n = pending.min; n <= pending.max; n++) for (const cards of combinations(ctx, pending.options, n)) out.push({ type: "choose", player, cards });
        break;
      }
      case "defender":
        for (const id of pending.options) out.push({ type: "choose", player, cards: [id] });
        break;
      case "targets":
        for (const target of pending.options) out.push({ type: "choose", player, target });
        if (pending.spec.min === 0) out.push({ type: "choose", player, cards: [] });
        break;
      case "yes_no":
        out.push({ type: "choose", player, yes: true }, { type: "choose", player, yes: false });
        break;
      case "mode":
        pending.modes.forEach((_, mode) => out.push({ type: "choose", player, mode }));
        break;
      case "order_triggers":
        for (const trigger of pending.triggers) out.push({ type: "choose", player, trigger });
        break;
    }
    return out;
  }
  const window = rules.model.windowOpen(state);
  if (window) out.push({ type: "pass", player });
  // Plays
  for (const id of playableCards(ctx, player)) {
    const def = cardDef(ctx, state.cards[id]!);
    const permanent = isPermanent(ctx, def);
    if (window && permanent && !mechanicsOf(rules).some((m) => m.anyTime?.(ctx, id))) continue;
    if (playerRestriction(ctx, player, "cant_play", id) || !playAllowedNow(ctx, player, id, def)) continue;
    const specs = playTargetSpecs(ctx, def, permanent);
    const payments = () => paymentOptions(ctx, player, playCost(ctx, player, id, def.cost), id, [id]);
    for (const mode of modeChoices(castModal(ctx, def, permanent)))
      eachChoice(ctx, specs, player, id, mode, payments, (targets, payment) => out.push({ type: "play", player, card: id, payment, targets, ...(mode !== undefined ? { mode } : {}) }));
  }
  // Activations
  for (const id of activationSources(ctx, player)) {
    for (const ability of cardDef(ctx, state.cards[id]!).abilities) {
      if (ability.kind !== "activated" || !activatableWhereItIs(ctx, id, ability) || activationsLeft(ctx, player, id, ability) === 0 || !activationAllowedNow(ctx, player, id, ability)) continue;
      const payments = () => paymentOptions(ctx, player, ability.cost ?? [], id, ability.from !== undefined ? [id] : []);
      for (const mode of modeChoices(modesOf(ability) > 0 ? ability : undefined))
        eachChoice(ctx, ability.targets, player, id, mode, payments, (targets, payment) => out.push({ type: "activate", player, card: id, ability: ability.id, payment, targets, ...(mode !== undefined ? { mode } : {}) }));
    }
  }
  if (!window && player === state.active) {
    const enemy = opponentOf(state, player);
    for (const id of battlefield(ctx, player)) {
      out.push({ type: "attack", player, attacker: id, target: { player: enemy } });
      for (const target of battlefield(ctx, enemy)) out.push({ type: "attack", player, attacker: id, target: { card: target } });
      out.push({ type: "defend", player, card: id });
    }
    out.push({ type: "end_phase", player });
  }
  for (const m of mechanicsOf(rules)) if (m.candidates) out.push(...m.candidates(ctx, player, window));
  return out;
}

/**
 * The legal actions, listed the slow, obviously-right way: every candidate, each validated as
 * `apply` would. `listLegalActions` must give exactly this list, in this order, without validating
 * what cannot be illegal (test/runtime/legal-actions.test.ts compares them on random games; the scenario runner at
 * every action line of every scenario).
 */
export function listLegalActionsByValidation(rules: Rules, state: GameState): Action[] {
  const ctx = newCtx(rules, state);
  // Each distinct action once (two paths can propose the same one): a bot's choice and a player's
  // menu must not weigh an action by how many paths found it. Each proposing site builds its
  // actions with one key order, so their JSON is a cheap, exact identity.
  const seen = new Set<string>();
  return candidates(ctx).filter((action) => {
    const key = JSON.stringify(action);
    if (seen.has(key)) return false;
    seen.add(key);
    return validate(ctx, action) === null;
  });
}

/** The game's parameters for attacks and defenders, read once per game (the same readings `validateCore` makes). */
const combatRules = perGame((rules: Rules) => readCombatRules(rules));
/** How many times a unit may attack this turn: the game's number, plus one for each "can attack twice" it has. */
function attacksAllowed(ctx: Ctx, id: string, perTurn: number): number {
  return hasRule(ctx, id, "extra_attacks") ? perTurn + ruleAmount(ctx, id, "extra_attacks") : perTurn;
}

function readCombatRules(rules: Rules) {
  const targets = String(rules.param("attack_targets", "unit player")).split(/\s+/);
  return {
    attackPlayers: targets.includes("player"),
    attackUnits: targets.includes("unit"),
    firstTurnAttacks: rules.param("first_turn_attacks", true),
    perTurn: rules.param("attacks_per_unit", 1),
    sickness: rules.param("summoning_sickness", true),
    defenderCanAttack: rules.param("defender_can_attack", false),
    defenders: rules.param("defenders", rules.game.params["defender_walls"] !== undefined) === true,
    defenderJustPlayed: rules.param("defender_just_played", true),
  };
}

const hasActivated = (def: CompiledCard): boolean => def.abilities.some((a) => a.kind === "activated");
/** The ids of the definitions of the game's sets with an activated ability, read once per loaded game. */
const activatedDefinitions = perGame((rules: Rules): Set<string> => new Set([...rules.cards.values()].filter(hasActivated).map((def) => def.id)));
/** Has a token definition made during this game an activated ability (then every card in play is looked up)? */
function tokensActivate(ctx: Ctx): boolean {
  for (const name in ctx.state.tokens) if (hasActivated(ctx.state.tokens[name]!)) return true;
  return false;
}

/** The mechanics that may refuse a core action the core accepts. */
const refinersOf = perGame((rules: Rules): Mechanic[] => mechanicsOf(rules).filter((m) => m.refine));

/**
 * "This must attack each turn if able" (rule `must_attack`) where attacking is an action of the turn (Three-Slot Duel): a
 * card of the player's with it that could attack now (an attack on any target would be accepted) — the phase may not end
 * before it has. Undefined when there is none. (Where attackers are declared, the declaration takes it: combat-damage.ts.)
 */
function mustAttackFirst(ctx: Ctx, player: PlayerId): string | undefined {
  const enemy = opponentOf(ctx.state, player);
  for (const id of battlefield(ctx, player)) {
    if (!hasRule(ctx, id, "must_attack")) continue;
    const targets: TargetValue[] = [{ player: enemy }, ...battlefield(ctx, enemy).map((card) => ({ card }))];
    if (targets.some((target) => validate(ctx, { type: "attack", player, attacker: id, target }) === null)) return id;
  }
  return undefined;
}

function allowed(ctx: Ctx, refiners: Mechanic[], action: Exclude<Action, GameMove>): boolean {
  for (const m of refiners) if (m.refine!(ctx, action)) return false;
  return true;
}

/**
 * Are a play's or an activation's payments worked out before its targets? When it takes targets: listing them selects
 * from every card in play, while the payments a card has are most often known already (CYBERVAMP's land choices are
 * kept per board across decisions) — and the card the coarse `costUnpayable` lets through is more often one no payment
 * pays than one with no target (CYBERVAMP, random play: 0.35 against 0.29 per action; only 0.03 had both). Without
 * targets the one way to target costs nothing, so the payments wait for it. Either order lists the same actions.
 */
const paymentsFirst = (specs: readonly TargetSpec[]): boolean => specs.length > 0;

/**
 * Every decision open to the player who must act. Candidates are built legal: the checks that are
 * the same for every candidate (whose decision, timing, slots, turn limits) run once, targets come
 * from the legal options and payments from the payable ones; only what depends on the candidate
 * itself is checked (its cost, the mechanics' further refusals, a mechanic's own moves).
 */
export function listLegalActions(rules: Rules, state: GameState, memo: Map<string, unknown> = new Map()): Action[] {
  // Listing only reads the state: what mechanics work out for one candidate they may keep for the next.
  const ctx = newCtx(rules, state, memo);
  const player = decider(ctx);
  if (!player) return [];
  const mechanics = mechanicsOf(rules);
  const refiners = refinersOf(rules);
  // A pending choice: its answers are the options it offers (validation accepts each of them).
  if (state.pending) return candidates(ctx).filter((a) => a.type === "game" || allowed(ctx, refiners, a));
  const out: Action[] = [];
  const window = rules.model.windowOpen(state);
  if (window) {
    const pass: Action = { type: "pass", player };
    if (allowed(ctx, refiners, pass)) out.push(pass);
  }
  const instantTiming = timingRefusal(ctx, player, true);
  const sorceryTiming = timingRefusal(ctx, player, false);
  // Plays
  const slots = slotsOf(ctx);
  const slotFull = slots !== undefined && battlefield(ctx, player).length >= slots;
  for (const id of playableCards(ctx, player)) {
    const def = cardDef(ctx, state.cards[id]!);
    const permanent = isPermanent(ctx, def);
    const instantSpeed = !permanent || mechanics.some((m) => m.anyTime?.(ctx, id));
    if (window && !instantSpeed) continue;
    if ((instantSpeed ? instantTiming : sorceryTiming) || (permanent && slotFull)) continue;
    if (playerRestriction(ctx, player, "cant_play", id) || !playAllowedNow(ctx, player, id, def)) continue;
    const cost = playCost(ctx, player, id, def.cost);
    if (costUnpayable(ctx, player, cost, id)) continue;
    const specs = playTargetSpecs(ctx, def, permanent);
    // The payments do not depend on the targets or mode: worked out (and checked) once per card, and before its
    // targets when it takes some (see `paymentsFirst`).
    let payments = paymentsFirst(specs) ? payablePayments(ctx, player, cost, id, [id]) : undefined;
    if (payments?.length === 0) continue;
    for (const mode of modeChoices(castModal(ctx, def, permanent)))
      eachChoice(ctx, specs, player, id, mode, () => (payments ??= payablePayments(ctx, player, cost, id, [id])), (targets, payment) => {
        const action: Action = { type: "play", player, card: id, payment, targets };
        if (mode !== undefined) action.mode = mode;
        if (allowed(ctx, refiners, action)) out.push(action);
      });
  }
  // Activations (of cards whose definition has an activated ability: lands and most units are passed over by their id)
  if (!instantTiming) {
    const activated = tokensActivate(ctx) ? undefined : activatedDefinitions(rules);
    for (const id of activationSources(ctx, player)) {
      const card = state.cards[id]!;
      if (activated !== undefined && !activated.has(card.def)) continue;
      for (const ability of cardDef(ctx, card).abilities) {
        if (ability.kind !== "activated" || !activatableWhereItIs(ctx, id, ability) || activationsLeft(ctx, player, id, ability) === 0 || !activationAllowedNow(ctx, player, id, ability)) continue;
        const cost = ability.cost ?? NO_COST;
        if (costUnpayable(ctx, player, cost, id)) continue;
        // From a zone, the card is not one of its own cost's cards (an erase from the graveyard leaves it there).
        const exclude = ability.from !== undefined ? [id] : NO_CARDS;
        let payments = paymentsFirst(ability.targets) ? payablePayments(ctx, player, cost, id, exclude) : undefined;
        if (payments?.length === 0) continue;
        for (const mode of modeChoices(modesOf(ability) > 0 ? ability : undefined))
          eachChoice(ctx, ability.targets, player, id, mode, () => (payments ??= payablePayments(ctx, player, cost, id, exclude)), (targets, payment) => {
            const action: Action = { type: "activate", player, card: id, ability: ability.id, payment, targets };
            if (mode !== undefined) action.mode = mode;
            if (allowed(ctx, refiners, action)) out.push(action);
          });
      }
    }
  }
  if (!window && player === state.active && !sorceryTiming) {
    const enemy = opponentOf(state, player);
    const { attackPlayers, attackUnits, firstTurnAttacks, perTurn, sickness, defenderCanAttack, defenders, defenderJustPlayed } = combatRules(rules);
    const firstTurnBan = state.turn === 1 && !firstTurnAttacks;
    // A card that must attack and has an attack listed: the phase does not end yet (mustAttackFirst).
    let mustAttack = false;
    for (const id of battlefield(ctx, player)) {
      const card = state.cards[id]!;
      const mayAttack =
        !firstTurnBan &&
        !(card.attackedTurn === state.turn && (card.attacks ?? 1) >= attacksAllowed(ctx, id, perTurn)) &&
        !(sickness && card.enteredTurn === state.turn && !hasRule(ctx, id, "ignores_summoning_sickness")) &&
        !(card.defender && !defenderCanAttack) &&
        !hasRule(ctx, id, "cant_attack");
      if (mayAttack) {
        const listed = out.length;
        if (attackPlayers) {
          const action: Action = { type: "attack", player, attacker: id, target: { player: enemy } };
          if (allowed(ctx, refiners, action)) out.push(action);
        }
        if (attackUnits)
          for (const target of battlefield(ctx, enemy)) {
            const action: Action = { type: "attack", player, attacker: id, target: { card: target } };
            if (allowed(ctx, refiners, action)) out.push(action);
          }
        if (out.length > listed && hasRule(ctx, id, "must_attack")) mustAttack = true;
      }
      if (defenders && !card.defender && !(!defenderCanAttack && card.attackedTurn === state.turn) && !(!defenderJustPlayed && card.enteredTurn === state.turn) && !hasRule(ctx, id, "cannot_attack_or_block") && !hasRule(ctx, id, "cant_block")) {
        const action: Action = { type: "defend", player, card: id };
        if (allowed(ctx, refiners, action)) out.push(action);
      }
    }
    const end: Action = { type: "end_phase", player };
    if (!mustAttack && allowed(ctx, refiners, end)) out.push(end);
  }
  // A mechanic's own moves are validated by the mechanic; each distinct move once.
  let seen: Set<string> | undefined;
  for (const m of mechanics) {
    if (!m.candidates) continue;
    for (const action of m.candidates(ctx, player, window)) {
      const key = JSON.stringify(action);
      if ((seen ??= new Set()).has(key)) continue;
      seen.add(key);
      if (validate(ctx, action) === null) out.push(action);
    }
  }
  return out;
}

/**
 * Would `apply` accept this action now? `memo`: the scratch space of a listing of this very state
 * (`listLegalActions`' `memo`), when the state has not changed since: the values it worked out (the
 * statics in effect, keywords) are read again from it; every check of the validation still runs.
 */
export function checkAction(rules: Rules, state: GameState, action: Action, memo?: Map<string, unknown>): Refusal | null {
  return validate(newCtx(rules, state, memo), action);
}

/**
 * The payments that pay a play's or an activation's cost now, whatever its targets and mode, in the order
 * `legalActions` offers them: a scenario line that names no payment pays as a listed action of its card
 * would, so a line expected to be refused is refused for what it tests (its target), not for paying nothing.
 * None for another kind of action, a card or ability that is not there, or a cost nothing pays.
 */
export function payableOptions(rules: Rules, state: GameState, action: Action): Payment[] {
  if (action.type !== "play" && action.type !== "activate") return [];
  const ctx = newCtx(rules, state);
  const card = state.cards[action.card];
  if (!card || !state.players[action.player]) return [];
  const def = cardDef(ctx, card);
  const ability = action.type === "activate" ? def.abilities.find((a) => a.id === action.ability && a.kind === "activated") : undefined;
  if (action.type === "activate" && !ability) return [];
  const cost = action.type === "play" ? playCost(ctx, action.player, action.card, def.cost) : (ability!.cost ?? NO_COST);
  return payablePayments(ctx, action.player, cost, action.card, action.type === "play" || ability?.from !== undefined ? [action.card] : NO_CARDS);
}

/** The payments of a cost that the validation accepts, in the order they are listed. */
function payablePayments(ctx: Ctx, player: PlayerId, cost: CostPart[], selfCard: string, exclude: readonly string[]): Payment[] {
  const options = paymentOptions(ctx, player, cost, selfCard, exclude);
  // (Most often every option pays: the options' own array, a fresh one, is returned; a copy only once one is refused.)
  let payable: Payment[] | undefined;
  for (let i = 0; i < options.length; i++) {
    if (checkCost(ctx, player, cost, options[i]!, selfCard, exclude, true)) payable ??= options.slice(0, i);
    else payable?.push(options[i]!);
  }
  return payable ?? options;
}
