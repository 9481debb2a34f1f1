/**
 * The engine's core operations on a mutable working copy of the state (the public `apply`
 * clones first, so callers only ever see whole new states): moving cards, drawing, damage and
 * life, destruction, noting triggers, reading continuous values, state-based checks, and the
 * settle loop that runs resolutions until a player must decide.
 */
import type { Ability, CardSelector, CompiledCard, EventKind, KeywordGrant, SourceRef, TriggerPattern } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";
import type { CardInstance, Frame, GameState, PlayerId } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";
import type { TraceEvent, TraceKind } from "../state/trace.ts";
import { evalCondition, evalNumber, runTopFrame } from "./effects.ts";
import type { FlowAction, FlowEvent } from "./flow.ts";
import { nextInt } from "../state/rng.ts";
import { mechanicsOf } from "./mechanics.ts";

/** A working context: the rules, the (mutable, already cloned) state, and the events emitted so far. */
export interface Ctx {
  rules: Rules;
  state: GameState;
  events: TraceEvent[];
}

/** Zone where a card sits while it resolves (spells); engine-internal, not a game-file zone. */
export const RESOLVING = "(resolving)";

// ---------------------------------------------------------------------------------------------
// Trace

export function emit(
  ctx: Ctx,
  kind: TraceKind,
  text: string,
  extra: Omit<Partial<TraceEvent>, "seq" | "turn" | "phase" | "kind" | "text"> = {},
): void {
  const { state } = ctx;
  const event: TraceEvent = { seq: state.seq++, turn: state.turn, phase: state.phase, kind, text };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) (event as unknown as Record<string, unknown>)[key] = value;
  ctx.events.push(event);
}

// ---------------------------------------------------------------------------------------------
// Cards and zones

export function cardDef(ctx: Ctx, card: CardInstance): CompiledCard {
  const def = ctx.rules.cards.get(card.def) ?? ctx.state.tokens[card.def];
  if (!def) throw new Error(`unknown card definition ${card.def}`);
  return def;
}

export const cardName = (ctx: Ctx, id: string): string => {
  const card = ctx.state.cards[id];
  return card ? cardDef(ctx, card).name : id;
};

/** The player whose zone list holds a card: the controller on the battlefield, the owner elsewhere. */
export function zoneHolder(ctx: Ctx, card: CardInstance, zone: string): PlayerId {
  return zone === ctx.rules.zones.battlefield ? card.controller : card.owner;
}

export function zoneList(ctx: Ctx, player: PlayerId, zone: string): string[] {
  const p = ctx.state.players[player]!;
  return (p.zones[zone] ??= []);
}

export const battlefield = (ctx: Ctx, player: PlayerId): string[] => zoneList(ctx, player, ctx.rules.zones.battlefield);
export const hand = (ctx: Ctx, player: PlayerId): string[] => zoneList(ctx, player, ctx.rules.zones.hand);

export function allOnBattlefield(ctx: Ctx): string[] {
  return ctx.state.order.flatMap((p) => battlefield(ctx, p));
}

export function slotsOf(ctx: Ctx): number | undefined {
  const zone = ctx.rules.game.zones.find((z) => z.name === ctx.rules.zones.battlefield);
  const fromParam = ctx.rules.game.params["unit_slots"];
  return typeof fromParam === "number" ? fromParam : zone?.slots;
}

/** Does this card occupy a battlefield slot (permanents of a slotted zone: units)? */
export function isPermanent(ctx: Ctx, def: CompiledCard): boolean {
  const type = ctx.rules.game.cardTypes.find((t) => t.name.toLowerCase() === def.cardType.toLowerCase());
  return type ? type.permanent || type.token : def.isToken;
}

/** Moves a card to a zone (owner's zone, or `to` player's for the battlefield) and records it. */
export function moveCard(
  ctx: Ctx,
  id: string,
  zone: string,
  opts: { player?: PlayerId; position?: "top" | "bottom"; source?: SourceRef; quiet?: boolean } = {},
): void {
  const { state, rules } = ctx;
  const card = state.cards[id]!;
  const from = card.zone;
  const fromList = zoneList(ctx, zoneHolder(ctx, card, from), from);
  const index = fromList.indexOf(id);
  if (index >= 0) fromList.splice(index, 1);
  const leavingPlay = from === rules.zones.battlefield && zone !== from;
  if (leavingPlay) {
    state.modifiers = state.modifiers.filter((m) => m.card !== id);
    delete card.active;
    card.damage = 0;
    card.exhausted = false;
    card.overexhausted = false;
    card.defender = false;
    card.counters = {};
    card.controller = card.owner;
  }
  // Tokens that leave play cease to exist.
  if (leavingPlay && card.isToken) {
    delete state.cards[id];
    if (!opts.quiet) emit(ctx, "move", `${cardDef(ctx, { ...card })?.name ?? id} leaves play and ceases to exist`, { card: id, from, to: "(gone)", source: opts.source });
    return;
  }
  if (zone === rules.zones.battlefield) card.controller = opts.player ?? card.controller;
  else card.controller = card.owner;
  card.zone = zone;
  const list = zoneList(ctx, zoneHolder(ctx, card, zone), zone);
  if (opts.position === "top") list.unshift(id);
  else list.push(id);
  if (!opts.quiet) emit(ctx, "move", `${cardName(ctx, id)}: ${from} → ${zone}`, { card: id, name: cardName(ctx, id), from, to: zone, player: card.owner, source: opts.source });
  if (leavingPlay) noteEvent(ctx, "leaves", { card: id, player: card.owner });
}

/** Puts a card onto the battlefield under `player`'s control (played, summoned, created). */
export function enterBattlefield(ctx: Ctx, id: string, player: PlayerId, how: "played" | "summoned" | "created", source?: SourceRef): void {
  const card = ctx.state.cards[id]!;
  moveCard(ctx, id, ctx.rules.zones.battlefield, { player, source, quiet: true });
  // `enteredTurn` is what summoning sickness reads; `summoned_units_can_attack = true` exempts summoned units.
  card.enteredTurn = how === "summoned" && ctx.rules.param("summoned_units_can_attack", false) ? ctx.state.turn - 1 : ctx.state.turn;
  card.exhausted = false;
  emit(ctx, "enter", `${cardName(ctx, id)} enters play (${how})`, { card: id, name: cardName(ctx, id), player, to: ctx.rules.zones.battlefield, source });
  for (const m of mechanicsOf(ctx.rules)) m.arrived?.(ctx, id);
  if (how === "summoned" && !ctx.rules.param("play_fires_on_summon", true)) return;
  // `enters_play_triggers_any_means = false`: only a card played from hand fires "when this enters play".
  if (how !== "played" && !ctx.rules.param("enters_play_triggers_any_means", true)) return;
  noteEvent(ctx, "enters", { card: id, player });
}

export function shuffleZone(ctx: Ctx, player: PlayerId, zone: string): void {
  const list = zoneList(ctx, player, zone);
  for (let i = list.length - 1; i > 0; i--) {
    const [j, rng] = nextInt(ctx.state.rng, 0, i);
    ctx.state.rng = rng;
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  emit(ctx, "shuffle", `${player} shuffles their ${zone}`, { player });
}

export function randomInt(ctx: Ctx, min: number, max: number): number {
  const [value, rng] = nextInt(ctx.state.rng, min, max);
  ctx.state.rng = rng;
  return value;
}

// ---------------------------------------------------------------------------------------------
// Player-level operations

export function draw(ctx: Ctx, player: PlayerId, amount: number, source?: SourceRef): void {
  const { rules } = ctx;
  for (let i = 0; i < amount; i++) {
    const deck = zoneList(ctx, player, rules.zones.deck);
    if (deck.length === 0) {
      emit(ctx, "draw", `${player} cannot draw: empty ${rules.zones.deck}`, { player, amount: 0, source });
      if (rules.param("empty_deck_draw", "skip") === "lose") losePlayer(ctx, player, "drew from an empty deck");
      return;
    }
    const id = deck[0]!;
    const maxHand = rules.param("max_hand", 0);
    // At the hand maximum a draw is discarded (the default), skipped, or drawn anyway (`draw` / `keep`).
    const atMax = rules.param("draw_at_max_hand", "discard");
    if (maxHand > 0 && hand(ctx, player).length >= maxHand && atMax !== "keep" && atMax !== "draw") {
      if (atMax === "skip") {
        emit(ctx, "draw", `${player}'s hand is full (${maxHand}): the draw is skipped`, { player, amount: 0, source });
        return;
      }
      moveCard(ctx, id, rules.zones.graveyard, { source, quiet: true });
      emit(ctx, "discard", `${player}'s hand is full (${maxHand}): the drawn ${cardName(ctx, id)} goes to the ${rules.zones.graveyard}`, { player, card: id, name: cardName(ctx, id), source });
      noteEvent(ctx, "discard", { card: id, player });
      continue;
    }
    moveCard(ctx, id, rules.zones.hand, { source, quiet: true });
    emit(ctx, "draw", `${player} draws ${cardName(ctx, id)}`, { player, card: id, name: cardName(ctx, id), amount: 1, source });
    noteEvent(ctx, "draw", { player, card: id, amount: 1 });
  }
}

/** Moves a card into its owner's hand, respecting the hand maximum. */
export function returnToHand(ctx: Ctx, id: string, source?: SourceRef): void {
  const { rules } = ctx;
  const card = ctx.state.cards[id]!;
  const maxHand = rules.param("max_hand", 0);
  if (maxHand > 0 && hand(ctx, card.owner).length >= maxHand && rules.param("hand_overflow", "discard") === "discard") {
    moveCard(ctx, id, rules.zones.graveyard, { source });
    return;
  }
  moveCard(ctx, id, rules.zones.hand, { source });
}

export function discardCard(ctx: Ctx, player: PlayerId, id: string, source?: SourceRef): void {
  moveCard(ctx, id, ctx.rules.zones.graveyard, { source, quiet: true });
  emit(ctx, "discard", `${player} discards ${cardName(ctx, id)}`, { player, card: id, name: cardName(ctx, id), source });
  noteEvent(ctx, "discard", { player, card: id });
}

export function damagePlayer(ctx: Ctx, player: PlayerId, amount: number, from: string | undefined, source: SourceRef | undefined, combat: boolean): void {
  if (amount <= 0) return;
  const p = ctx.state.players[player]!;
  // An armor-like resource named by the game file absorbs damage first.
  const armor = ctx.rules.param("damage_absorbed_by", "");
  let rest = amount;
  if (armor && (p.resources[armor] ?? 0) > 0) {
    const absorbed = Math.min(rest, p.resources[armor]!);
    p.resources[armor]! -= absorbed;
    rest -= absorbed;
    emit(ctx, "resource", `${absorbed} damage absorbed by ${armor}`, { player, amount: absorbed, source });
    // Mechanics hook: the pool reaching 0 may destroy what it came from (a wielded Weapon), in the same event.
    if (p.resources[armor] === 0) for (const m of mechanicsOf(ctx.rules)) m.poolDepleted?.(ctx, player, armor, source);
  }
  p.life -= rest;
  emit(ctx, "damage", `${from ? cardName(ctx, from) : "an effect"} deals ${amount} damage to ${player}`, { player, card: from, name: from ? cardName(ctx, from) : undefined, amount, source });
  if (rest > 0) noteEvent(ctx, "lose_life", { player, amount: rest });
  if (from) {
    noteEvent(ctx, "deals_damage", { card: from, player, amount });
    if (combat) noteEvent(ctx, "combat_damage_player", { card: from, player, amount });
  }
}

export function damageCard(ctx: Ctx, id: string, amount: number, from: string | undefined, source: SourceRef | undefined): void {
  const card = ctx.state.cards[id];
  if (!card || amount <= 0 || card.zone !== ctx.rules.zones.battlefield) return;
  const toughness = ctx.rules.param("toughness_stat", ctx.rules.param("creature_damage_threshold", ""));
  if (toughness) card.damage += amount;
  for (const m of mechanicsOf(ctx.rules)) m.cardDamaged?.(ctx, id, amount, from);
  emit(ctx, "damage", `${from ? cardName(ctx, from) : "an effect"} deals ${amount} damage to ${cardName(ctx, id)}`, { card: id, name: cardName(ctx, id), amount, source });
  if (!toughness) {
    // Without a toughness stat (fights by power), damage reduces power until end of turn; at 0 the unit is destroyed.
    const power = statOf(ctx, id, ctx.rules.param("power_stat", "power"));
    addModifier(ctx, id, { [ctx.rules.param("power_stat", "power")]: -amount }, [], "end_of_turn", card.controller, from, source);
    if (power - amount <= 0) destroy(ctx, id, source);
  }
  noteEvent(ctx, "dealt_damage", { card: id, amount });
  if (from) noteEvent(ctx, "deals_damage", { card: from, amount });
}

export function gainLife(ctx: Ctx, player: PlayerId, amount: number, source?: SourceRef): void {
  if (amount <= 0) return;
  ctx.state.players[player]!.life += amount;
  emit(ctx, "life", `${player} gains ${amount} life`, { player, amount, source });
  noteEvent(ctx, "gain_life", { player, amount });
}

export function loseLife(ctx: Ctx, player: PlayerId, amount: number, source?: SourceRef): void {
  if (amount <= 0) return;
  ctx.state.players[player]!.life -= amount;
  emit(ctx, "life", `${player} loses ${amount} life`, { player, amount: -amount, source });
  noteEvent(ctx, "lose_life", { player, amount });
}

export function losePlayer(ctx: Ctx, player: PlayerId, why: string): void {
  const p = ctx.state.players[player]!;
  if (p.lost) return;
  p.lost = true;
  emit(ctx, "check", `${player} loses: ${why}`, { player });
}

/** Destroys a card on the battlefield: it goes to its owner's graveyard and "destroyed" fires. */
export function destroy(ctx: Ctx, id: string, source?: SourceRef): void {
  const card = ctx.state.cards[id];
  if (!card || card.zone !== ctx.rules.zones.battlefield) return;
  const owner = card.owner;
  const name = cardName(ctx, id);
  // Mechanics hook: replacement effects ("the first time this would be destroyed each turn ... instead").
  for (const m of mechanicsOf(ctx.rules)) if (m.replaceDestroy?.(ctx, id, source)) return;
  emit(ctx, "destroyed", `${name} is destroyed`, { card: id, name, player: owner, source });
  // Note before moving so "when this is destroyed" sees the card as it was in play.
  noteEvent(ctx, "destroyed", { card: id, player: card.controller });
  moveCard(ctx, id, ctx.rules.zones.graveyard, { source });
}

// ---------------------------------------------------------------------------------------------
// Continuous values: computed from their sources whenever read

export function addModifier(
  ctx: Ctx,
  card: string,
  stats: Record<string, number>,
  keywords: KeywordGrant[],
  duration: "permanent" | "end_of_turn" | "until_your_next_turn" | "while_source",
  controller: PlayerId,
  sourceCard: string | undefined,
  source: SourceRef | undefined,
): void {
  ctx.state.modifiers.push({ id: ctx.state.nextId++, card, stats, keywords, duration, turn: ctx.state.turn, controller, sourceCard, source });
  const parts = Object.entries(stats).map(([k, v]) => `${v >= 0 ? "+" : ""}${v} ${k}`);
  emit(ctx, "modify", `${cardName(ctx, card)} gets ${[...parts, ...keywords.map(keywordText)].join(", ")}${duration === "end_of_turn" ? " until end of turn" : ""}`, { card, name: cardName(ctx, card), source });
}

/** `Bleed 2`, `Haste`: a granted keyword as text shows it. */
export function keywordText(k: KeywordGrant): string {
  return k.amount === undefined ? k.name : `${k.name} ${k.amount}`;
}

/** Static abilities currently in effect: those of untapped (or any, per game) cards on the battlefield. */
function activeStatics(ctx: Ctx): { card: string; ability: Ability }[] {
  const offWhenExhausted = ctx.rules.param("statics_off_when_exhausted", ctx.rules.param("static_abilities_need_renewed", false));
  const out: { card: string; ability: Ability }[] = [];
  for (const id of allOnBattlefield(ctx)) {
    const card = ctx.state.cards[id]!;
    if (offWhenExhausted && (card.exhausted || card.overexhausted)) continue;
    for (const ability of cardDef(ctx, card).abilities) {
      if (ability.kind !== "static" || !ability.statics) continue;
      if (!abilityActive(ctx, id, ability)) continue;
      // A conditional static ("gets +2 power if you have 5 or less life") applies only while its condition holds.
      if (ability.condition && !evalCondition(ctx, { controller: card.controller, card: id, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, ability.condition)) continue;
      out.push({ card: id, ability });
    }
  }
  return out;
}

function staticAffects(ctx: Ctx, affects: CardSelector | { self: true }, sourceCard: string, target: string): boolean {
  if ("self" in affects) return sourceCard === target;
  return matchesSelector(ctx, target, affects, ctx.state.cards[sourceCard]!.controller, sourceCard);
}

/**
 * Continuous values are well-founded: a static ability's selector or condition may read the very
 * value being computed ("Creatures you control with Taunt have Shroud", "creatures with attack 2
 * or less get +1 attack"). Such a read never recurses:
 * - keywords are computed for every card in play together, as the least fixpoint of the grants
 *   (dependency order: a static selected by a keyword sees the keywords other statics grant); a
 *   read during a round is answered from the previous round (`keywordRound`);
 * - a stat read while the same card's same stat is being computed gets its value before statics
 *   (printed, counters, modifiers): whether a static applies is judged on the value below it.
 * The engine is synchronous, so the values in progress are module state, reset on the way out.
 */
let keywordRound: Map<string, Map<string, number[]>> | null = null;
const statsInProgress = new Set<string>();

function baseStat(ctx: Ctx, id: string, stat: string): number {
  const card = ctx.state.cards[id]!;
  let value = cardDef(ctx, card).stats[stat] ?? 0;
  value += card.counters[stat] ?? 0;
  for (const m of ctx.state.modifiers) if (m.card === id && m.stats[stat]) value += m.stats[stat]!;
  return value;
}

export function statOf(ctx: Ctx, id: string, stat: string): number {
  const card = ctx.state.cards[id];
  if (!card) return 0;
  let value = baseStat(ctx, id, stat);
  const key = `${id}|${stat}`;
  if (card.zone === ctx.rules.zones.battlefield && !statsInProgress.has(key)) {
    statsInProgress.add(key);
    try {
      for (const { card: src, ability } of activeStatics(ctx)) {
        for (const effect of ability.statics!) {
          if (effect.kind !== "modify" || !effect.stats || effect.stats[stat] === undefined) continue;
          if (!staticAffects(ctx, effect.affects, src, id)) continue;
          const amount = effect.stats[stat]!;
          // "+X/+0, where X is the number of Bleed counters on you": evaluated for the static's source.
          value += typeof amount === "number" ? amount : evalNumber(ctx, { controller: ctx.state.cards[src]!.controller, card: src, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, amount);
        }
      }
    } finally {
      statsInProgress.delete(key);
    }
  }
  return Math.max(0, value);
}

/** Keyword abilities a card has now: printed, granted by modifiers, granted by statics. */
export function keywordsOf(ctx: Ctx, id: string): Map<string, number> {
  const out = new Map<string, number>();
  visitKeywords(ctx, id, (name, amount) => out.set(name, (out.get(name) ?? 0) + amount));
  return out;
}

/** Each keyword with the amount of every instance, uncombined (printed Bleed 1 + granted Bleed 1 → [1, 1]). */
export function keywordInstancesOf(ctx: Ctx, id: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  visitKeywords(ctx, id, (name, amount) => out.set(name, [...(out.get(name) ?? []), amount]));
  return out;
}

function visitKeywords(ctx: Ctx, id: string, visit: (name: string, amount: number) => void): void {
  const card = ctx.state.cards[id];
  if (!card) return;
  const known = keywordRound?.get(id);
  if (known) {
    for (const [name, amounts] of known) for (const amount of amounts) visit(name, amount);
    return;
  }
  if (card.zone === ctx.rules.zones.battlefield && keywordDependentStaticInPlay(ctx)) {
    const all = keywordFixpoint(ctx);
    for (const [name, amounts] of all.get(id) ?? []) for (const amount of amounts) visit(name, amount);
    return;
  }
  const add = (name: string, amount = 1) => visit(name.toLowerCase(), amount);
  visitBaseKeywords(ctx, id, add);
  if (card.zone === ctx.rules.zones.battlefield) {
    for (const { card: src, ability } of activeStatics(ctx)) {
      for (const effect of ability.statics!) {
        if (effect.kind === "modify" && effect.keywords && staticAffects(ctx, effect.affects, src, id)) for (const k of effect.keywords) add(k.name, k.amount ?? 1);
      }
    }
  }
}

/** Printed keyword abilities in effect (every keyword of a keyword line) and keywords granted by modifiers. */
function visitBaseKeywords(ctx: Ctx, id: string, add: (name: string, amount?: number) => void): void {
  const card = ctx.state.cards[id]!;
  for (const ability of cardDef(ctx, card).abilities) {
    if (ability.kind !== "keyword" || !abilityActive(ctx, id, ability)) continue;
    for (const k of abilityKeywords(ability)) add(k.name, k.amount ?? 1);
  }
  for (const m of ctx.state.modifiers) if (m.card === id) for (const k of m.keywords) add(k.name, k.amount ?? 1);
}

/** The keywords a keyword line gives its card: `Flying, Taunt.` is one instance with two keywords. */
export function abilityKeywords(ability: Ability): KeywordGrant[] {
  if (ability.kind !== "keyword" || !ability.keyword) return [];
  const more = (ability.statics ?? []).flatMap((e) => (e.kind === "modify" && "self" in e.affects ? (e.keywords ?? []) : []));
  return [ability.keyword, ...more];
}

const keywordDependent = new WeakMap<Ability, boolean>();
/** Does a static's selector or condition read keywords ("with Taunt", "as long as you control a creature with Flying")? */
function readsKeywords(ability: Ability): boolean {
  let known = keywordDependent.get(ability);
  if (known === undefined) {
    known = JSON.stringify([ability.statics, ability.condition]).includes('"keyword":');
    keywordDependent.set(ability, known);
  }
  return known;
}

function keywordDependentStaticInPlay(ctx: Ctx): boolean {
  for (const id of allOnBattlefield(ctx)) {
    for (const ability of cardDef(ctx, ctx.state.cards[id]!).abilities) if (ability.kind === "static" && ability.statics && readsKeywords(ability)) return true;
  }
  return false;
}

/**
 * The keywords of every card in play: start from printed and modifier keywords, apply every
 * static's grants (its selector and condition read the previous round), repeat until nothing
 * changes. Grants only add, so the rounds grow to the least fixpoint; a static that reads the
 * absence of a keyword could oscillate, so the rounds are capped (statics + 2) and the last round wins.
 */
function keywordFixpoint(ctx: Ctx): Map<string, Map<string, number[]>> {
  const ids = allOnBattlefield(ctx);
  const outer = keywordRound;
  const round = (grants: boolean): Map<string, Map<string, number[]>> => {
    const out = new Map<string, Map<string, number[]>>();
    for (const id of ids) {
      const mine = new Map<string, number[]>();
      const add = (name: string, amount = 1) => mine.set(name.toLowerCase(), [...(mine.get(name.toLowerCase()) ?? []), amount]);
      visitBaseKeywords(ctx, id, add);
      out.set(id, mine);
    }
    if (!grants) return out;
    for (const { card: src, ability } of activeStatics(ctx)) {
      for (const effect of ability.statics!) {
        if (effect.kind !== "modify" || !effect.keywords?.length) continue;
        for (const id of ids) {
          if (!staticAffects(ctx, effect.affects, src, id)) continue;
          const mine = out.get(id)!;
          for (const k of effect.keywords) mine.set(k.name.toLowerCase(), [...(mine.get(k.name.toLowerCase()) ?? []), k.amount ?? 1]);
        }
      }
    }
    return out;
  };
  let approx = round(false);
  const limit = 2 + activeStatics(ctx).length;
  try {
    for (let i = 0; i < limit; i++) {
      keywordRound = approx;
      const next = round(true);
      const same = JSON.stringify([...next].map(([id, m]) => [id, [...m]])) === JSON.stringify([...approx].map(([id, m]) => [id, [...m]]));
      approx = next;
      if (same) break;
    }
  } finally {
    keywordRound = outer;
  }
  return approx;
}

/** Is one of a card's abilities in effect now? (Mechanics hook: Facet enhancements, an enchantment's one active ability.) */
export function abilityActive(ctx: Ctx, card: string, ability: Ability): boolean {
  for (const m of mechanicsOf(ctx.rules)) if (m.abilityActive && !m.abilityActive(ctx, card, ability)) return false;
  return true;
}

const rulesInUseCache = new WeakMap<Rules, Set<string>>();
/** Engine rule names any keyword or static ability of the game can grant. */
function rulesInUse(rules: Rules): Set<string> {
  let names = rulesInUseCache.get(rules);
  if (!names) {
    names = new Set(rules.game.keywords.flatMap((k) => (k.rule ? [k.rule] : [])));
    for (const card of rules.cards.values()) for (const a of card.abilities) for (const e of a.statics ?? []) if (e.kind === "rule") names.add(e.rule);
    rulesInUseCache.set(rules, names);
  }
  return names;
}

/** Does a card have an engine rule in effect ("ignores_summoning_sickness", "cant_be_blocked"), via a keyword or a static? */
export function hasRule(ctx: Ctx, id: string, rule: string): boolean {
  // Most rules appear on no card of a game: answer those without computing continuous effects.
  if (!rulesInUse(ctx.rules).has(rule)) return false;
  const keywords = keywordsOf(ctx, id);
  for (const kw of ctx.rules.game.keywords) if (kw.rule === rule && keywords.has(kw.name.toLowerCase())) return true;
  for (const { card: src, ability } of activeStatics(ctx)) {
    for (const effect of ability.statics!) if (effect.kind === "rule" && effect.rule === rule && staticAffects(ctx, effect.affects, src, id)) return true;
  }
  return false;
}

export function matchesSelector(ctx: Ctx, id: string, selector: CardSelector, controller: PlayerId, selfCard: string | undefined, ignoreZone = false): boolean {
  const card = ctx.state.cards[id];
  if (!card) return false;
  const def = cardDef(ctx, card);
  const zones = selector.zones ?? [ctx.rules.zones.battlefield];
  if (!ignoreZone && !zones.some((z) => z.toLowerCase() === card.zone.toLowerCase())) return false;
  const rel = (who: "you" | "opponent" | "any" | undefined, player: PlayerId) => !who || who === "any" || (who === "you" ? player === controller : player !== controller);
  if (!rel(selector.controller, card.zone === ctx.rules.zones.battlefield ? card.controller : card.owner)) return false;
  if (!rel(selector.owner, card.owner)) return false;
  if (selector.cardTypes?.length && !selector.cardTypes.some((t) => t.toLowerCase() === def.cardType.toLowerCase())) return false;
  if (selector.subtypes?.length && !selector.subtypes.some((t) => def.subtypes.some((s) => s.toLowerCase() === t.toLowerCase()))) return false;
  if (selector.colors?.length && !selector.colors.some((c) => def.colors.some((d) => d.toLowerCase() === c.toLowerCase()))) return false;
  if (selector.other && id === selfCard) return false;
  if (selector.tokens === "only" && !card.isToken) return false;
  if (selector.tokens === "exclude" && card.isToken) return false;
  if (selector.exhausted !== undefined && card.exhausted !== selector.exhausted) return false;
  if (selector.attacking && ctx.state.combat?.attacker !== id) return false;
  if (selector.names?.length && !selector.names.some((n) => n.toLowerCase() === def.name.toLowerCase())) return false;
  if (selector.keyword && !keywordsOf(ctx, id).has(selector.keyword.toLowerCase())) return false;
  if (selector.exclude?.some((left) => matchesSelector(ctx, id, left, controller, selfCard, true))) return false;
  if (selector.stat) {
    const value = statOf(ctx, id, selector.stat.name);
    const bound = typeof selector.stat.value === "number" ? selector.stat.value : 0;
    const ok = { "<=": value <= bound, ">=": value >= bound, "=": value === bound, "<": value < bound, ">": value > bound }[selector.stat.op];
    if (!ok) return false;
  }
  return true;
}

/** Every card matching a selector, in a stable order (players in turn order, zone order). */
export function selectCards(ctx: Ctx, selector: CardSelector, controller: PlayerId, selfCard: string | undefined): string[] {
  const zones = selector.zones ?? [ctx.rules.zones.battlefield];
  const out: string[] = [];
  for (const player of ctx.state.order) {
    const held = ctx.state.players[player]!.zones;
    for (const zone of zones) {
      // Read-only: selectors run during validation too, so a missing zone is empty, never created.
      const list = held[zone] ?? held[Object.keys(held).find((z) => z.toLowerCase() === zone.toLowerCase()) ?? ""] ?? [];
      for (const id of list) if (matchesSelector(ctx, id, selector, controller, selfCard)) out.push(id);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Triggers

export interface GameEventData {
  card?: string;
  player?: PlayerId;
  amount?: number;
  keyword?: string;
  phase?: string;
}

function triggerMatches(ctx: Ctx, trigger: TriggerPattern, kind: EventKind, data: GameEventData, controller: PlayerId, sourceCard: string | undefined): boolean {
  if (trigger.event !== kind) return false;
  if (trigger.keyword && (data.keyword ?? "").toLowerCase() !== trigger.keyword.toLowerCase()) return false;
  if (trigger.phase && (data.phase ?? "").toLowerCase() !== trigger.phase.toLowerCase()) return false;
  if (trigger.whose && trigger.whose !== "each") {
    const yours = ctx.state.active === controller;
    if ((trigger.whose === "your") !== yours) return false;
  }
  const subject = trigger.subject;
  if (subject.kind === "self") return data.card !== undefined && data.card === sourceCard;
  if (subject.kind === "card") return data.card !== undefined && matchesSelector(ctx, data.card, subject.selector, controller, sourceCard, true);
  if (subject.who === "any" || data.player === undefined) return true;
  return subject.who === "you" ? data.player === controller : data.player !== controller;
}

/** Notes every triggered ability that matches an event (cards in play, the event's own card, game rules). */
export function noteEvent(ctx: Ctx, kind: EventKind, data: GameEventData): void {
  const { state, rules } = ctx;
  const candidates = new Set(allOnBattlefield(ctx));
  // Who had priority and caused the event: the controller of what is resolving, else the acting player (17.1 "priority player").
  const by = state.frames.length ? state.frames[state.frames.length - 1]!.controller : (state.priority?.player ?? state.active);
  // "When this is destroyed / leaves / is discarded": the card's own abilities, wherever it went.
  if (data.card && state.cards[data.card]) candidates.add(data.card);
  for (const id of candidates) {
    const card = state.cards[id];
    if (!card) continue;
    const inPlay = card.zone === rules.zones.battlefield;
    for (const ability of cardDef(ctx, card).abilities) {
      if (ability.kind !== "triggered" || !ability.trigger) continue;
      if (!abilityActive(ctx, id, ability)) continue;
      // Away from play only self-referential leave/destroy/discard triggers fire.
      if (!inPlay && !(ability.trigger.subject.kind === "self" && id === data.card)) continue;
      if (!triggerMatches(ctx, ability.trigger, kind, data, card.controller, id)) continue;
      // An intervening "if" ("When this attacks, if you control another Vampire, ...") is checked
      // when the trigger is noted (and again when it resolves): false now → it does not trigger.
      if (ability.condition && !evalCondition(ctx, { controller: card.controller, card: id, steps: [], pc: 0, targets: [], chosen: {}, event: { card: data.card, player: data.player, amount: data.amount }, label: "" }, ability.condition)) continue;
      state.noted.push({ id: state.nextId++, card: id, ability: ability.id, controller: card.controller, event: { card: data.card, player: data.player, amount: data.amount }, source: ability.source, by });
      emit(ctx, "trigger", `${cardName(ctx, id)}: ${ability.trigger.text} — noted`, { card: id, name: cardName(ctx, id), ability: ability.id, player: card.controller, source: ability.source });
    }
  }
  for (const m of mechanicsOf(rules)) m.noteEvent?.(ctx, kind, data);
  for (const rule of rules.game.rules) {
    if (rule.kind !== "triggered" || !rule.trigger) continue;
    for (const player of state.order) {
      // A game rule is "controlled" by each player in turn, so "your"/"each player's" wording works.
      if (!triggerMatches(ctx, rule.trigger, kind, data, player, undefined)) continue;
      if (rule.trigger.subject.kind === "player" && rule.trigger.subject.who === "any" && player !== (data.player ?? state.active)) continue;
      // An intervening "if" on a rule ("..., if that player has Bleed counters, ...") is checked as for cards' triggers.
      if (rule.condition && !evalCondition(ctx, { controller: player, steps: [], pc: 0, targets: [], chosen: {}, event: { card: data.card, player: data.player, amount: data.amount }, label: "" }, rule.condition)) continue;
      state.noted.push({ id: state.nextId++, ability: rule.id, controller: player, event: { card: data.card, player: data.player, amount: data.amount }, source: rule.source, rule: true, by });
      emit(ctx, "trigger", `rule: ${rule.text} — noted`, { ability: rule.id, player, source: rule.source });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// State-based checks

export function checkState(ctx: Ctx): void {
  const { state, rules } = ctx;
  if (state.over) return;
  const losing = rules.param("losing_life", 0);
  const toughness = rules.param("toughness_stat", rules.param("creature_damage_threshold", ""));
  if (toughness) {
    // Destruction is simultaneous: every card with lethal damage is found first, then all are destroyed.
    const lethal = allOnBattlefield(ctx).filter((id) => {
      const card = state.cards[id]!;
      return card.damage > 0 && card.damage >= statOf(ctx, id, toughness);
    });
    for (const id of lethal) emit(ctx, "check", `${cardName(ctx, id)} has lethal damage (${state.cards[id]!.damage} ≥ ${statOf(ctx, id, toughness)})`, { card: id });
    for (const id of lethal) destroy(ctx, id);
  }
  for (const player of state.order) {
    const p = state.players[player]!;
    if (!p.lost && p.life <= losing) losePlayer(ctx, player, `life ${p.life} ≤ ${losing}`);
  }
  const losers = state.order.filter((p) => state.players[p]!.lost);
  if (losers.length > 0) {
    state.over = true;
    state.winner = losers.length === state.order.length ? "draw" : state.order.find((p) => !state.players[p]!.lost)!;
    state.frames = [];
    state.noted = [];
    state.stack = [];
    state.pending = null;
    state.priority = null;
    state.combat = null;
    emit(ctx, "game_over", state.winner === "draw" ? "the game is a draw" : `${state.winner} wins`, { player: state.winner === "draw" ? undefined : state.winner });
  }
}

// ---------------------------------------------------------------------------------------------
// The turn machine and the settle loop

function sendFlow(ctx: Ctx, event: FlowEvent): void {
  const { value, actions } = ctx.rules.flow.send(ctx.state.flow, event);
  ctx.state.flow = value;
  for (const action of actions) runFlowAction(ctx, action);
}

function syncSubstate(ctx: Ctx, wanted: "open" | "choice" | "window"): void {
  const current = ctx.rules.flow.substateOf(ctx.state.flow);
  if (current === wanted) return;
  sendFlow(ctx, wanted === "choice" ? { type: "NEED_CHOICE" } : wanted === "window" ? { type: "OPEN_WINDOW" } : { type: "SETTLED" });
}

export function runFlowAction(ctx: Ctx, action: FlowAction): void {
  const { state, rules } = ctx;
  if (action.type === "enterPhase") {
    state.phase = action.phase;
    const phase = rules.game.phases.find((p) => p.name === action.phase);
    emit(ctx, "phase", `${state.active}'s ${action.phase} phase begins`, { player: state.active, source: phase?.source });
    // `first_player_draws = false`: the very first turn of the game skips its phase draws.
    const steps = state.turn === 1 && !rules.param("first_player_draws", true) ? (phase?.steps ?? []).filter((step) => step.op !== "draw") : (phase?.steps ?? []);
    if (phase && steps.length > 0) {
      state.frames.push({ controller: state.active, steps, pc: 0, targets: [], chosen: {}, label: `${action.phase} phase`, source: phase.source });
    }
    noteEvent(ctx, "phase_start", { player: state.active, phase: action.phase });
  } else if (action.type === "exitPhase") {
    // A response model may have raised the phase's end already (a window before the phase ends).
    if (state.phaseEndRaised === action.phase) state.phaseEndRaised = null;
    else noteEvent(ctx, "phase_end", { player: state.active, phase: action.phase });
  } else {
    passTurn(ctx);
  }
}

export function endOfTurnCleanup(ctx: Ctx): void {
  const { state } = ctx;
  for (const m of mechanicsOf(ctx.rules)) m.turnEnds?.(ctx);
  const before = state.modifiers.length;
  state.modifiers = state.modifiers.filter((m) => m.duration !== "end_of_turn");
  if (state.modifiers.length !== before) emit(ctx, "modify", `"until end of turn" effects end (${before - state.modifiers.length})`);
  for (const id of allOnBattlefield(ctx)) state.cards[id]!.damage = 0;
}

function passTurn(ctx: Ctx): void {
  const { state, rules } = ctx;
  endOfTurnCleanup(ctx);
  const next = opponentOf(state, state.active);
  state.active = next;
  state.turn += 1;
  const p = state.players[next]!;
  p.turnTally = {};
  state.modifiers = state.modifiers.filter((m) => !(m.duration === "until_your_next_turn" && m.controller === next));
  if (rules.param("defender_lasts_until", "next_own_turn") === "next_own_turn") {
    for (const id of battlefield(ctx, next)) state.cards[id]!.defender = false;
  }
  // Capacity resources refill at the start of their owner's turn.
  for (const resource of rules.game.resources) {
    if (rules.param(`${resource.name.toLowerCase()}_model`, "bank") === "capacity") p.resources[resource.name] = p.capacity[resource.name] ?? 0;
  }
  emit(ctx, "turn", `turn ${state.turn}: ${next} is the active player`, { player: next });
  // A game whose board can stall (empty decks, no damage left) ends by its game file's turn limit.
  const limit = rules.param("turn_limit", 0);
  if (limit > 0 && state.turn > limit) {
    const byLife = rules.param("turn_limit_result", "draw") === "higher_life";
    const best = Math.max(...state.order.map((p) => state.players[p]!.life));
    for (const player of state.order) if (!byLife || state.players[player]!.life < best || state.order.every((p) => state.players[p]!.life === best)) losePlayer(ctx, player, `the turn limit (${limit}) is reached`);
  }
}

/** Runs resolutions, places triggers and advances automatic phases until a player must decide. */
export function settle(ctx: Ctx): void {
  const { state, rules } = ctx;
  for (let guard = 0; guard < 20_000; guard++) {
    checkState(ctx);
    if (state.over) {
      if (!rules.flow.isOver(state.flow)) sendFlow(ctx, { type: "GAME_OVER" });
      return;
    }
    if (state.pending) return syncSubstate(ctx, "choice");
    if (state.frames.length > 0) {
      runTopFrame(ctx);
      continue;
    }
    // `busy`: a response model with work of its own between triggers (trigger chains in progress).
    if (state.noted.length > 0 || rules.model.busy?.(state)) {
      rules.model.placeTriggers(ctx);
      continue;
    }
    if (rules.model.windowOpen(state)) {
      if (rules.model.resolveIfSettled(ctx)) continue;
      return syncSubstate(ctx, "window");
    }
    syncSubstate(ctx, "open");
    const phase = rules.game.phases.find((p) => p.name === state.phase);
    if (phase?.auto) {
      // A response model may make a phase change wait for priority passes (Chromatic 17).
      if (rules.model.changePhase?.(ctx)) continue;
      sendFlow(ctx, { type: "PHASE_DONE" });
      continue;
    }
    return;
  }
  // Card text that re-triggers itself forever ("Whenever you gain life, gain 1 life.") must not
  // hang or crash a game: it ends, as a draw, with the loop named in the trace.
  const looping = state.frames[state.frames.length - 1]?.label ?? state.noted[0]?.ability ?? "the rules";
  emit(ctx, "check", `the game cannot go on: ${looping} repeats without end; the game is a draw`);
  for (const player of state.order) losePlayer(ctx, player, "the rules loop without end");
  checkState(ctx);
  if (!rules.flow.isOver(state.flow)) sendFlow(ctx, { type: "GAME_OVER" });
}
