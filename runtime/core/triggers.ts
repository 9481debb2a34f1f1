/**
 * Triggers: an event is matched against every triggered ability that could see it (cards in
 * play, the event's own card, game rules, mechanics' keyword triggers), and each match is noted
 * in `state.noted` for the response model to place.
 */
import { type Ability, type CompiledCard, type EventKind, type TriggerPattern, triggerEvents } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";
import { perDefinition, perGame } from "./per-game.ts";
import type { PlayerId, TargetValue, TriggerEvent } from "../state/state.ts";
import { type Ctx, cardDef, cardName, emit, instanceKey } from "./cards.ts";
import { abilityActive, destroyedMatches, evalCondition, matchesSelector, someTargetMatches } from "./values.ts";
import { mechanicsOf } from "./mechanics.ts";

export interface GameEventData {
  card?: string;
  player?: PlayerId;
  amount?: number;
  keyword?: string;
  /** Counter events: the counter's name. */
  counter?: string;
  phase?: string;
  /**
   * The other card of the event: the card destroyed ("destroys"), the card dealt damage ("deals_damage"), the attacker
   * a blocker blocks ("blocks"), the blocker of a blocked attacker ("blocked"), the card an attack is aimed at ("attacks").
   */
  other?: string;
  /** All the other cards when there are several (the blockers of an attacker); `other` is the first. */
  others?: string[];
  /** "attacks": the player an attack is aimed at — "attacks you" (an attack aimed at a card has `other` instead). */
  defending?: PlayerId;
  /** The event happened in combat (a fight, combat damage). */
  combat?: boolean;
  /** Combat damage to a player an `overflow_to_player` rule carried past the attacker's blockers (Breach). */
  overflow?: boolean;
  /**
   * "blocks": the blocker's second or later attacker of one declaration of blockers (TriggerPattern.oncePerBlock skips it);
   * "attacks": the second or later attacker of one declaration of attackers (TriggerPattern.oncePerAttack skips it).
   */
  again?: boolean;
  /** "attacks": every attacker of the declaration (where attackers are declared together). */
  attackers?: string[];
  /** "cast": the targets chosen as the card was played (it is not on the stack yet as the event is noted). */
  targets?: readonly TargetValue[];
  /**
   * "enters" a zone a keyword action moves cards to: the player who did it (who erased it — not always its owner); "enters"
   * play: the player who summoned it (a keyword putting it there free: Summon, Reanimate) — none for a card played.
   */
  by?: PlayerId;
  /**
   * A summoned card's entering that only "Whenever you summon a unit" sees: the game fires no "when this enters play" for
   * it (`play_fires_on_summon` / `enters_play_triggers_any_means` false), but the summon happened.
   */
  onlyBy?: true;
  /** "enters": the zone entered when it is not the battlefield (a Facet Zone, a Graveyard), and the zone it left. */
  zone?: string;
  from?: string;
}

/**
 * An attack's event data: the card it is aimed at ("Whenever this attacks a unit") or the player attacked ("attacks you").
 * An attack on a unit is not an attack on its controller: "Whenever a unit attacks you" waits for an attack aimed at you
 * (a designer who means both writes "attacks you or a unit you control").
 */
export function attackedBy(target: TargetValue): Pick<GameEventData, "other" | "defending"> {
  return "player" in target ? { defending: target.player } : { other: target.card };
}

/**
 * An attack declared: "attacks" for the attacker and, when it is aimed at a card, "attacked" for that card (its other card
 * the attacker) — "Whenever this unit is attacked" resolves before the fight, as "When this attacks" does.
 */
export function noteAttack(ctx: Ctx, attacker: string, player: PlayerId, target: TargetValue): void {
  noteEvent(ctx, "attacks", { card: attacker, player, ...attackedBy(target) });
  if ("card" in target) noteEvent(ctx, "attacked", { card: target.card, player: ctx.state.cards[target.card]?.controller, other: attacker });
}

/** What a noted trigger remembers of its event ("it", "that player", "that much", "that creature"); also a keyword's trigger (mechanics/bleed.ts). */
export function eventOf(data: GameEventData): TriggerEvent {
  const event: TriggerEvent = { card: data.card, player: data.player, amount: data.amount };
  if (data.other !== undefined) event.other = data.other;
  if (data.others !== undefined && data.others.length > 1) event.others = data.others;
  return event;
}

/** Whether an event is a trigger pattern's moment, for an ability of `sourceCard` under `controller` (also a keyword's trigger: mechanics/bleed.ts). */
export function triggerMatches(ctx: Ctx, trigger: TriggerPattern, kind: EventKind, data: GameEventData, controller: PlayerId, sourceCard: string | undefined): boolean {
  if (trigger.event !== kind && !trigger.orEvents?.includes(kind)) return false;
  if (trigger.keyword && (data.keyword ?? "").toLowerCase() !== trigger.keyword.toLowerCase()) return false;
  if (trigger.counter && (data.counter ?? "").toLowerCase() !== trigger.counter.toLowerCase()) return false;
  if (trigger.phase && (data.phase ?? "").toLowerCase() !== trigger.phase.toLowerCase()) return false;
  if (trigger.whose && trigger.whose !== "each") {
    const yours = ctx.state.active === controller;
    if ((trigger.whose === "your") !== yours) return false;
  }
  // "enters your Facet Zone" vs "enters play": the zone entered must be the one written.
  if ((trigger.zone ?? undefined)?.toLowerCase() !== data.zone?.toLowerCase()) return false;
  if (trigger.from !== undefined && trigger.from.toLowerCase() !== data.from?.toLowerCase()) return false;
  // "Whenever you erase a card": only the cards that player moved there.
  if (trigger.by !== undefined && (data.by === undefined || (trigger.by !== "any" && (trigger.by === "you") !== (data.by === controller)))) return false;
  if (data.onlyBy && trigger.by === undefined) return false;
  if (trigger.combat && !data.combat) return false;
  // "deals Breach damage to a player": only damage carried past blockers.
  if (trigger.overflow && !data.overflow) return false;
  if (trigger.oncePerBlock && kind === "blocks" && data.again) return false;
  // "Whenever you attack [with two or more creatures]": once for the declaration, counting its attackers.
  if (trigger.oncePerAttack && kind === "attacks" && data.again) return false;
  if (trigger.attackers && kind === "attacks") {
    const { atLeast, selector } = trigger.attackers;
    const attackers = data.attackers ?? (data.card !== undefined ? [data.card] : []);
    if (attackers.filter((id) => matchesSelector(ctx, id, selector, controller, sourceCard, true)).length < atLeast) return false;
  }
  const subject = trigger.subject;
  if (!objectMatches(ctx, trigger, data, controller, sourceCard)) return false;
  // "your second spell each turn": the card played is the player's Nth of its kind this turn (it is on the record already).
  // "your second card each turn": the card drawn is the player's Nth drawn this turn (it is on the record already).
  if (trigger.nthThisTurn !== undefined && kind === "draw") {
    const mine = (ctx.state.drawnThisTurn ?? []).filter((d) => d.controller === data.player);
    if (mine.length !== trigger.nthThisTurn || mine.at(-1)?.card !== data.card) return false;
  } else if (trigger.nthThisTurn !== undefined) {
    const kind = trigger.object?.kind === "card" ? trigger.object.selector : {};
    const mine = (ctx.state.playedThisTurn ?? []).filter((p) => p.controller === data.player && destroyedMatches(ctx, p, kind, controller, sourceCard));
    if (mine.length !== trigger.nthThisTurn || mine.at(-1)?.card !== data.card) return false;
  }
  if (subject.kind === "self") return data.card !== undefined && data.card === sourceCard;
  // "Whenever a Facet you control becomes exhausted": a subject naming a zone is a card there as the event happens.
  // "Whenever this or another Vampire attacks": this card too (orSelf), whatever the selector says of it.
  if (subject.kind === "card") return data.card !== undefined && ((subject.orSelf === true && data.card === sourceCard) || matchesSelector(ctx, data.card, subject.selector, controller, sourceCard, !subject.selector.zones?.length));
  // An event about a card alone (a unit dealt damage) is no player's event: "Whenever an opponent is dealt damage" waits for a player.
  if (data.player === undefined) return data.card === undefined;
  if (subject.who !== "any" && (subject.who === "you") !== (data.player === controller)) return false;
  // "Whenever a player who has Bleed counters draws a card": the subject's filter, on the event's player as it happens.
  if (subject.is && !evalCondition(ctx, { controller, card: sourceCard, acting: data.player, steps: [], pc: 0, targets: [], chosen: {}, event: eventOf(data), label: "" }, subject.is)) return false;
  return true;
}

/**
 * The other party of the event, when the trigger names it: the card a player casts, draws or discards
 * ("Whenever an opponent casts a spell"), the card destroyed or dealt damage ("Whenever this destroys a
 * creature"), the player dealt damage ("Whenever this deals damage to an opponent").
 */
function objectMatches(ctx: Ctx, trigger: TriggerPattern, data: GameEventData, controller: PlayerId, sourceCard: string | undefined): boolean {
  const object = trigger.object;
  if (!object) return true;
  if (object.kind === "card") {
    // A player's event is about the card they cast/draw/discard; a card's event about its other card (any of several blockers).
    const things = trigger.subject.kind === "player" ? [data.card] : (data.others ?? [data.other]);
    // "casts a spell that targets a creature": the targets it was played with.
    const { targeting, ...rest } = object.selector;
    if (targeting && data.targets) return data.card !== undefined && matchesSelector(ctx, data.card, rest, controller, sourceCard, true) && someTargetMatches(ctx, data.targets, targeting, controller, sourceCard);
    return things.some((thing) => thing !== undefined && matchesSelector(ctx, thing, object.selector, controller, sourceCard, true));
  }
  // "attacks you": the player attacked; "deals damage to an opponent": the player dealt damage (not a card).
  const player = data.defending ?? (data.other === undefined ? data.player : undefined);
  if (player === undefined) return false;
  return object.who === "any" || (object.who === "you" ? player === controller : player !== controller);
}

/** Notes every triggered ability that matches an event (cards in play, the event's own card, game rules). */
// ---------------------------------------------------------------------------------------------
// The index: which triggered abilities listen to which event kind, per card definition and for
// the game's rules, built once (a definition's abilities never change). Most events of most games
// trigger nothing, and a card's abilities of other kinds are never looked at.

const NONE: readonly Ability[] = [];
/** A definition's triggered abilities by event kind, in printed order. */
const definitionIndex = perDefinition((def: CompiledCard): Map<EventKind, Ability[]> => {
  const index = new Map<EventKind, Ability[]>();
  for (const ability of def.abilities) {
    if (ability.kind !== "triggered" || !ability.trigger) continue;
    for (const kind of triggerEvents(ability.trigger)) {
      const list = index.get(kind) ?? [];
      list.push(ability);
      index.set(kind, list);
    }
  }
  return index;
});

/** A definition's triggered abilities for an event kind, in printed order. */
function triggersOf(def: CompiledCard, kind: EventKind): readonly Ability[] {
  return definitionIndex(def).get(kind) ?? NONE;
}

interface GameIndex {
  /** Event kinds some card of the game's sets has a triggered ability for. */
  cardKinds: Set<EventKind>;
  /**
   * Per event kind, the ids of the definitions of the game's sets with a triggered ability for it, and whether every
   * one of those abilities is about its own card ("When this enters", "Whenever this attacks": only the event's card
   * can note them). A card in play whose definition is not listed has nothing to note: its look-ups are skipped.
   */
  listeners: Map<EventKind, { defs: Set<string>; ownCardOnly: boolean }>;
  rules: Map<EventKind, Ability[]>;
}

const gameIndex = perGame((rules: Rules): GameIndex => {
  {
    const cardKinds = new Set<EventKind>();
    const listeners = new Map<EventKind, { defs: Set<string>; ownCardOnly: boolean }>();
    for (const def of rules.cards.values())
      for (const ability of def.abilities) {
        if (ability.kind !== "triggered" || !ability.trigger) continue;
        for (const kind of triggerEvents(ability.trigger)) {
          cardKinds.add(kind);
          let entry = listeners.get(kind);
          if (!entry) listeners.set(kind, (entry = { defs: new Set(), ownCardOnly: true }));
          entry.defs.add(def.id);
          if (ability.trigger.subject.kind !== "self") entry.ownCardOnly = false;
        }
      }
    const byKind = new Map<EventKind, Ability[]>();
    for (const rule of rules.game.rules) {
      if (rule.kind !== "triggered" || !rule.trigger) continue;
      for (const kind of triggerEvents(rule.trigger)) {
        const list = byKind.get(kind) ?? [];
        list.push(rule);
        byKind.set(kind, list);
      }
    }
    return { cardKinds, listeners, rules: byKind };
  }
});

/** May a card in the game (its sets, or a token definition made during it) trigger on this kind of event? */
function cardsListen(ctx: Ctx, index: GameIndex, kind: EventKind): boolean {
  return index.cardKinds.has(kind) || tokensListen(ctx, kind);
}

/** Has a token definition made during this game a triggered ability for this kind of event? */
function tokensListen(ctx: Ctx, kind: EventKind): boolean {
  for (const id in ctx.state.tokens) if (triggersOf(ctx.state.tokens[id]!, kind).length > 0) return true;
  return false;
}

export function noteEvent(ctx: Ctx, kind: EventKind, data: GameEventData): void {
  const { state, rules } = ctx;
  const index = gameIndex(rules);
  // Who had priority and caused the event: the controller of what is resolving, else the acting player (17.1 "priority player").
  const by = state.frames.length ? state.frames[state.frames.length - 1]!.controller : (state.priority?.player ?? state.active);
  if (state.delayed?.length) noteDelayedTriggers(ctx, kind, data, by);
  if (cardsListen(ctx, index, kind)) noteCardTriggers(ctx, index, kind, data, by);
  for (const m of mechanicsOf(rules)) m.noteEvent?.(ctx, kind, data, by);
  noteRuleTriggers(ctx, index.rules.get(kind) ?? NONE, kind, data, by);
}

function noteCardTriggers(ctx: Ctx, index: GameIndex, kind: EventKind, data: GameEventData, by: PlayerId): void {
  const { state, rules } = ctx;
  const battlefield = rules.zones.battlefield;
  const own = data.card;
  // A token definition made during the game is not in the index: with one listening, every card in play is looked at.
  const listening = tokensListen(ctx, kind) ? undefined : index.listeners.get(kind);
  if (listening?.ownCardOnly) {
    // Only the event's own card can note an ability of this kind, wherever it is (the one card the walk below would note).
    if (own !== undefined && state.cards[own] && listening.defs.has(state.cards[own]!.def)) noteTriggersOf(ctx, own, kind, data, by);
    return;
  }
  // The cards in play (each player's, in turn order), then — "When this is destroyed / leaves / is
  // discarded" — the event's own card wherever it went, when it is not among them.
  for (const player of state.order) {
    const list = state.players[player]!.zones[battlefield];
    if (list)
      for (let i = 0; i < list.length; i++) {
        const id = list[i]!;
        if (listening === undefined || listening.defs.has(state.cards[id]?.def as string)) noteTriggersOf(ctx, id, kind, data, by);
      }
  }
  if (own !== undefined && state.cards[own] && !inPlayList(ctx, own)) noteTriggersOf(ctx, own, kind, data, by);
}

/** Is the card listed in some player's battlefield? */
function inPlayList(ctx: Ctx, id: string): boolean {
  const { state, rules } = ctx;
  for (const player of state.order) if (state.players[player]!.zones[rules.zones.battlefield]?.includes(id)) return true;
  return false;
}

/**
 * Who controls a trigger of a card that is not in play as the event happens: "When this leaves play" (or is destroyed)
 * is noted as the card leaves, so "you" is the player who controlled it as it left (last-known information,
 * cybervamp.txt 55: a card's controller is who has it in play) — not its owner, who gets it back in hand or pile. A
 * card's own trigger of any other kind away from play ("When this is discarded") is its owner's.
 */
function controllerAsItLeft(ctx: Ctx, id: string, kind: EventKind): PlayerId {
  const card = ctx.state.cards[id]!;
  const known = kind === "leaves" || kind === "destroyed" ? ctx.state.lastKnown?.[id] : undefined;
  return known && known.zone === card.zone ? known.controller : card.controller;
}

/** Notes the triggered abilities of one card that match the event. */
function noteTriggersOf(ctx: Ctx, id: string, kind: EventKind, data: GameEventData, by: PlayerId): void {
  const { state, rules } = ctx;
  const card = state.cards[id];
  if (!card) return;
  const inPlay = card.zone === rules.zones.battlefield;
  const controller = inPlay ? card.controller : controllerAsItLeft(ctx, id, kind);
  for (const ability of triggersOf(cardDef(ctx, card), kind)) {
    if (!ability.trigger) continue;
    if (!abilityActive(ctx, id, ability)) continue;
    // Away from play only self-referential leave/destroy/discard triggers fire.
    const aboutSelf = ability.trigger.subject.kind === "self" || (ability.trigger.subject.kind === "card" && ability.trigger.subject.orSelf === true);
    if (!inPlay && !(aboutSelf && id === data.card)) continue;
    if (!triggerMatches(ctx, ability.trigger, kind, data, controller, id)) continue;
    // An intervening "if" ("When this attacks, if you control another Vampire, ...") is checked
    // when the trigger is noted (and again when it resolves): false now → it does not trigger.
    if (ability.condition && !evalCondition(ctx, { controller, card: id, steps: [], pc: 0, targets: [], chosen: {}, event: eventOf(data), label: "" }, ability.condition)) continue;
    // "The first time you discard a card each turn, ..." / "Whenever you Scry for the first time each turn, ...": it
    // triggers that many times each turn, counted by its controller (the key names the turn and the card's instance).
    if (ability.timesPerTurn !== undefined) {
      const tally = state.players[controller]!.turnTally;
      const key = `triggered@${state.turn}:${instanceKey(ctx, id)}:${ability.id}`;
      if ((tally[key] ?? 0) >= ability.timesPerTurn) continue;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    state.noted.push({ id: state.nextId++, card: id, ability: ability.id, controller, event: eventOf(data), source: ability.source, by });
    emit(ctx, "trigger", `${cardName(ctx, id)}: ${ability.trigger.text} — noted`, { card: id, name: cardName(ctx, id), ability: ability.id, player: controller, source: ability.source });
  }
}

/** Delayed triggers whose moment this event is: each is noted once and is then gone. */
function noteDelayedTriggers(ctx: Ctx, kind: EventKind, data: GameEventData, by: PlayerId): void {
  const { state } = ctx;
  const waiting = state.delayed!;
  const due = waiting.filter((d) => triggerMatches(ctx, d.at, kind, data, d.controller, d.card) && (d.turnPlayer === undefined || state.active === d.turnPlayer));
  if (due.length === 0) return;
  state.delayed = waiting.filter((d) => !due.includes(d));
  for (const d of due) {
    state.noted.push({ id: state.nextId++, ...(d.card !== undefined ? { card: d.card } : {}), ability: d.ability ?? "", controller: d.controller, event: d.event ?? {}, source: d.source ?? { file: "", range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } } }, by, delayed: d });
    emit(ctx, "trigger", `${d.label} — noted`, { card: d.card, player: d.controller, source: d.source });
  }
}

function noteRuleTriggers(ctx: Ctx, listening: readonly Ability[], kind: EventKind, data: GameEventData, by: PlayerId): void {
  const { state } = ctx;
  for (const rule of listening) {
    if (!rule.trigger) continue;
    for (const player of state.order) {
      // A game rule is "controlled" by each player in turn, so "your"/"each player's" wording works.
      if (!triggerMatches(ctx, rule.trigger, kind, data, player, undefined)) continue;
      if (rule.trigger.subject.kind === "player" && rule.trigger.subject.who === "any" && player !== (data.player ?? state.active)) continue;
      // An intervening "if" on a rule ("..., if that player has Bleed counters, ...") is checked as for cards' triggers.
      if (rule.condition && !evalCondition(ctx, { controller: player, steps: [], pc: 0, targets: [], chosen: {}, event: eventOf(data), label: "" }, rule.condition)) continue;
      state.noted.push({ id: state.nextId++, ability: rule.id, controller: player, event: eventOf(data), source: rule.source, rule: true, by });
      emit(ctx, "trigger", `rule: ${rule.text} — noted`, { ability: rule.id, player, source: rule.source });
    }
  }
}


/** Zones other than the battlefield that some trigger watches cards enter (lower case): only those moves are events. */
export const zonesWatched: (rules: Rules) => Set<string> = perGame((rules) => {
  const zones = new Set<string>();
  const abilities = [...rules.game.rules, ...[...rules.cards.values()].flatMap((c) => c.abilities)];
  for (const a of abilities) if (a.trigger?.event === "enters" && a.trigger.zone) zones.add(a.trigger.zone.toLowerCase());
  return zones;
});
