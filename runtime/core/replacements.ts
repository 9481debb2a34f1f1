/**
 * Replacement effects, driven by the IR (`Ability.replacement`): "If this would be destroyed, return
 * it to its owner's hand instead." · "If a source would deal damage to this, prevent 1 of that damage."
 * · "If you would draw a card, Scry 1 instead." · "If a card would be put into a Graveyard from
 * anywhere, put it into its owner's Oblivion instead." · "This enters exhausted."
 * When an event would happen to a card or a player, the first replacement in effect that matches it
 * (the card's own first, then other cards in play in play order) is applied: its steps run at once
 * with "it" = that card, "that player" = that player and "that much" = the event's amount, and the
 * event does not happen — or, for a prevention, happens with less; for `alongside` ("enters
 * exhausted"), happens with the steps as part of it. Each replacement applies once to an event and
 * never to the events its own steps cause (a replacement does not invoke itself); `limit` makes it
 * the first time each turn, or the first time since its card entered play. Replacements are not
 * triggers: they use no chain, stack or priority (Chromatic 17.1: "It does not apply to replacement
 * effects").
 */
import type { Ability, EventKind, Replacement } from "../../compiler/ir.ts";
import { type MadeByEffect, type NextReplacement, type PlayerId, type Prevention, durationText } from "../state/state.ts";
import { type Ctx, allOnBattlefield, cardDef, cardName, emit, instanceKey } from "./cards.ts";
import { abilityActive, evalCondition, matchesSelector, staticsOffWhenExhausted } from "./values.ts";

export interface ReplacementInEffect {
  /** The card whose ability replaces the event. */
  card: string;
  ability: Ability;
}

/** What an event that may be replaced is about: a card (destroyed, dealt damage, put into a zone) or a player (draws, gains life). */
export interface ReplaceableEvent {
  card?: string;
  player?: PlayerId;
  /** Combat damage. */
  combat?: boolean;
  /** Damage: the card dealing it, if any. */
  from?: string;
  /** `enters`: the zone the card is put into (none: the battlefield). */
  zone?: string;
  /** `player_counter_added`: the counter a player gets. */
  counter?: string;
}

/**
 * The replacement that applies to `kind` happening to what `event` says, other than those already `applied` to it (by
 * their `key`: each applies once to an event), or undefined.
 */
export function replacementFor(ctx: Ctx, kind: EventKind, event: ReplaceableEvent, applied: readonly string[]): ReplacementInEffect | undefined {
  const { state } = ctx;
  if (!ctx.rules.replacedEvents.has(kind)) return undefined;
  const id = event.card;
  const offWhenExhausted = staticsOffWhenExhausted(ctx.rules);
  const sources = id ? [id, ...allOnBattlefield(ctx).filter((other) => other !== id)] : allOnBattlefield(ctx);
  for (const src of sources) {
    const card = state.cards[src];
    if (!card || card.zone !== ctx.rules.zones.battlefield) continue;
    // "Only cards in a Renewed state have their ongoing abilities in effect" covers replacements too.
    if (offWhenExhausted && (card.exhausted || card.overexhausted)) continue;
    for (const ability of cardDef(ctx, card).abilities) {
      const r = ability.replacement;
      if (ability.kind !== "replacement" || !r || r.event !== kind || !abilityActive(ctx, src, ability)) continue;
      if (ctx.replacing?.includes(key(src, ability)) || applied.includes(key(src, ability))) continue;
      if (r.combat && !event.combat) continue;
      if ((r.zone ?? "").toLowerCase() !== (event.zone ?? "").toLowerCase()) continue;
      if (r.counter !== undefined && r.counter.toLowerCase() !== (event.counter ?? "").toLowerCase()) continue;
      const subject = r.subject ?? { kind: "self" as const };
      if (subject.kind === "self") {
        if (src !== id) continue;
      } else if (subject.kind === "card") {
        // The card is matched where it is (a card put into a Graveyard from a hand is still "a card").
        if (!id || !matchesSelector(ctx, id, subject.selector, card.controller, src, !!r.zone)) continue;
      } else if (!event.player || (subject.who === "you" && event.player !== card.controller) || (subject.who === "opponent" && event.player === card.controller)) continue;
      if (!sourceAndTimeMatch(ctx, r, event, card.controller, src)) continue;
      if (r.limit && used(ctx, ability, src, r.limit)) continue;
      return { card: src, ability };
    }
  }
  return undefined;
}

/**
 * "If a creature would deal damage to you": the card dealing the damage matches (wherever it is: a spell resolving, a
 * unit's DEATH trigger) · "If you would draw a card during your Start phase": it is that time, for the replacement's
 * controller.
 */
function sourceAndTimeMatch(ctx: Ctx, r: Replacement, event: ReplaceableEvent, controller: PlayerId, card: string | undefined): boolean {
  if (r.from && (event.from === undefined || !matchesSelector(ctx, event.from, r.from, controller, card, true))) return false;
  // "during their turn" (duringTheirs): the time is read for the event's player.
  const whose = r.duringTheirs && event.player !== undefined ? event.player : controller;
  if (r.during && !evalCondition(ctx, { controller: whose, ...(card !== undefined ? { card } : {}), steps: [], pc: 0, targets: [], chosen: {}, label: "" }, r.during)) return false;
  return true;
}

/** How a running replacement is known, so that it does not apply to the events its own steps cause. */
export function key(card: string, ability: Ability): string {
  return `${card} ${ability.id}`;
}

/** "The first time ..." is per card, per time in play (`instanceKey`); "... each turn" also per turn. */
function used(ctx: Ctx, ability: Ability, card: string, limit: "first_each_turn" | "first"): boolean {
  const instance = instanceKey(ctx, card);
  return (ctx.state.replacementsUsed ?? []).some((u) => u.ability === ability.id && u.instance === instance && (limit === "first" || u.turn === ctx.state.turn));
}

/** Records that a limited replacement was used. */
export function markReplacementUsed(ctx: Ctx, r: ReplacementInEffect): void {
  const limit = r.ability.replacement?.limit;
  if (!limit) return;
  // Uses of "each turn" replacements from earlier turns no longer matter.
  const kept = (ctx.state.replacementsUsed ?? []).filter((u) => u.turn === ctx.state.turn || u.limit === "first");
  ctx.state.replacementsUsed = [...kept, { ability: r.ability.id, card: r.card, instance: instanceKey(ctx, r.card), turn: ctx.state.turn, limit }];
}

// ---------------------------------------------------------------------------------------------
// Damage prevented for a while by one-time effects (IR step `prevent`, `state.preventions`)

/** Keeps a prevention in effect until its duration ends. */
export function addPrevention(ctx: Ctx, prevention: Omit<Prevention, "id" | "turn">): void {
  const { state } = ctx;
  const made: Prevention = { id: state.nextId++, turn: state.turn, ...prevention };
  (state.preventions ??= []).push(made);
  const names = (cards: string[] | undefined, players: PlayerId[] | undefined) => [...(cards ?? []).map((id) => cardName(ctx, id)), ...(players ?? [])].join(" and ") || "nothing";
  const to = made.toSelector ? " to the cards it names" : made.toCards || made.toPlayers ? ` to ${names(made.toCards, made.toPlayers)}` : "";
  const by = made.bySelector ? " by the cards it names" : made.byCards ? ` by ${names(made.byCards, undefined)}` : "";
  const until = made.duration === "end_of_turn" ? " this turn" : durationText(made.duration);
  emit(ctx, "modify", `${prevention.label}: ${made.left === undefined ? "all" : `the next ${made.left}`}${made.combat ? " combat" : ""} damage${to}${by} is prevented${until}`, {
    ...(prevention.sourceCard ? { card: prevention.sourceCard, name: cardName(ctx, prevention.sourceCard) } : {}),
    player: prevention.controller,
    source: prevention.source,
  });
}

/**
 * Damage about to be dealt (to `about.card` or `about.player`, by `about.from`) less what the preventions in effect
 * prevent, in the order they were made; a prevention of "the next N damage" is used up as it prevents.
 */
export function applyPreventions(ctx: Ctx, about: ReplaceableEvent, what: string, amount: number): number {
  const { state } = ctx;
  for (const p of state.preventions ?? []) {
    if (amount <= 0) break;
    if (!preventionApplies(ctx, p, about)) continue;
    const prevented = p.left === undefined ? amount : Math.min(amount, p.left);
    if (prevented <= 0) continue;
    amount -= prevented;
    if (p.left !== undefined) p.left -= prevented;
    // The card the damage is dealt to; for a player, the card dealing it (or the prevention's own card).
    const card = about.card ?? about.from ?? p.sourceCard;
    emit(ctx, "replace", `${what}: ${prevented} of it prevented (${p.label})`, {
      ...(card ? { card, name: cardName(ctx, card) } : {}),
      player: about.player ?? p.controller,
      amount: prevented,
      source: p.source,
    });
  }
  if (state.preventions?.some((p) => p.left === 0)) state.preventions = state.preventions.filter((p) => p.left !== 0);
  return amount;
}

function preventionApplies(ctx: Ctx, p: Prevention, about: ReplaceableEvent): boolean {
  if (p.combat && !about.combat) return false;
  if (p.toCards || p.toPlayers || p.toSelector) {
    const to =
      about.card !== undefined
        ? p.toCards?.includes(about.card) || (p.toSelector !== undefined && matchesSelector(ctx, about.card, p.toSelector, p.controller, p.sourceCard))
        : about.player !== undefined && p.toPlayers?.includes(about.player);
    if (!to) return false;
  }
  if (p.byCards || p.bySelector) {
    if (about.from === undefined) return false;
    if (!(p.byCards?.includes(about.from) || (p.bySelector !== undefined && matchesSelector(ctx, about.from, p.bySelector, p.controller, p.sourceCard)))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// One-shot replacements made by effects (IR step `replace_next`, `state.replacementsNext`)

/** Keeps a one-shot replacement in effect until it is used or its duration ends. */
export function addNextReplacement(ctx: Ctx, made: Omit<NextReplacement, "id" | "turn">): void {
  const { state } = ctx;
  const next: NextReplacement = { id: state.nextId++, turn: state.turn, ...made };
  state.replacementsNext = [...(state.replacementsNext ?? []), next];
  const about = next.cards || next.players ? ` (${[...(next.cards ?? []).map((id) => cardName(ctx, id)), ...(next.players ?? [])].join(" and ") || "nothing"})` : "";
  emit(ctx, "modify", `${made.label}: the next time ${next.replacement.event.replace(/_/g, " ")}${about}, it is replaced${next.duration === "end_of_turn" ? " this turn" : next.duration === "until_your_next_turn" ? "" : durationText(next.duration)}`, {
    ...(made.sourceCard ? { card: made.sourceCard, name: cardName(ctx, made.sourceCard) } : {}),
    player: made.controller,
    source: made.source,
  });
}

/** The first one-shot replacement in effect that applies to `kind` happening as `event` says (taken out of the state), or undefined. */
export function takeNextReplacement(ctx: Ctx, kind: EventKind, event: ReplaceableEvent): NextReplacement | undefined {
  const list = ctx.state.replacementsNext;
  if (!list?.length) return undefined;
  const at = list.findIndex((n) => nextApplies(ctx, n, kind, event));
  if (at < 0) return undefined;
  const taken = list[at]!;
  const kept = list.filter((_, i) => i !== at);
  ctx.state.replacementsNext = kept.length ? kept : undefined; // (not deleted: the state keeps one shape)
  return taken;
}

function nextApplies(ctx: Ctx, n: NextReplacement, kind: EventKind, event: ReplaceableEvent): boolean {
  const r = n.replacement;
  if (r.event !== kind || (r.combat && !event.combat)) return false;
  if ((r.zone ?? "").toLowerCase() !== (event.zone ?? "").toLowerCase()) return false;
  if (!sourceAndTimeMatch(ctx, r, event, n.controller, n.sourceCard)) return false;
  if (n.cards || n.players) return event.card !== undefined ? !!n.cards?.includes(event.card) : event.player !== undefined && !!n.players?.includes(event.player);
  const subject = r.subject;
  if (!subject || subject.kind === "self") return event.card !== undefined && event.card === n.sourceCard;
  if (subject.kind === "card") return event.card !== undefined && matchesSelector(ctx, event.card, subject.selector, n.controller, n.sourceCard, !!r.zone);
  if (event.player === undefined) return false;
  return subject.who === "you" ? event.player === n.controller : subject.who === "opponent" ? event.player !== n.controller : true;
}

/**
 * The lasting effects one-time effects made — preventions and one-shot replacements — whose `duration` ends now (as the
 * modifiers of that duration do); `controller`: only that player's ("until your next turn").
 */
export function endEffectsMadeFor(ctx: Ctx, ends: (made: MadeByEffect) => boolean): void {
  ctx.state.preventions = stillLasting(ctx.state.preventions, ends);
  ctx.state.replacementsNext = stillLasting(ctx.state.replacementsNext, ends);
}

function stillLasting<T extends MadeByEffect>(list: T[] | undefined, ends: (made: MadeByEffect) => boolean): T[] | undefined {
  if (!list?.length) return list;
  const kept = list.filter((e) => !ends(e));
  if (kept.length === list.length) return list;
  return kept.length ? kept : undefined; // (not deleted: the state keeps one shape, runtime/index.ts emptyState)
}
