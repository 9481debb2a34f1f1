/**
 * The engine's core operations on a mutable working copy of the state (the public `apply`
 * clones first, so callers only ever see whole new states): moving cards, drawing, damage and
 * life, destruction, modifiers. Each records its trace events and notes the events triggers see.
 */
import type { Duration, EventKind, KeywordGrant, RuleGrant, SourceRef } from "../../compiler/ir.ts";
import { DAMAGE_PREVENTED_THIS_WAY } from "../../compiler/ir.ts";
import { type Frame, type LastKnown, type PlayerId, durationText } from "../state/state.ts";
import { nextInt, shuffleInPlace } from "../state/rng.ts";
import { type Ctx, cardDef, cardName, emit, hand, zoneHolder, zoneList, removeCard, writeCard } from "./cards.ts";
import { evalNumber, handMaximum, hasRule, isAttacking, isBlocking, keywordText, playerRestriction, statOf } from "./values.ts";
import { applyPreventions, key as replacementKey, markReplacementUsed, replacementFor, takeNextReplacement, type ReplaceableEvent, type ReplacementInEffect } from "./replacements.ts";
import { noteEvent, zonesWatched } from "./triggers.ts";
import { targetingActor } from "./targets.ts";
import { mechanicsOf } from "./mechanics.ts";

/** Moves a card to a zone (owner's zone, or `to` player's for the battlefield) and records it. */
export function moveCard(
  ctx: Ctx,
  id: string,
  zone: string,
  opts: { player?: PlayerId; position?: "top" | "bottom"; source?: SourceRef; quiet?: boolean; leavesNoted?: boolean; lastKnownTaken?: boolean; by?: PlayerId } = {},
): void {
  const { state, rules } = ctx;
  const card = writeCard(ctx, id)!;
  const from = card.zone;
  // "If a card would be put into a Graveyard from anywhere, put it into its owner's Oblivion instead."
  if (zone !== from && zone !== rules.zones.battlefield && replaceable(ctx, "enters") && !replaceEvent(ctx, "enters", { card: id, player: card.owner, zone }, `${cardName(ctx, id)} would be put into ${zone}`)) return;
  // A token leaving play ceases to exist: "When this leaves play" is noted while it is still there, under the player
  // who controls it (as a destruction notes it), or it would have no card left to trigger.
  if (card.isToken && from === rules.zones.battlefield && zone !== from && !opts.leavesNoted) noteEvent(ctx, "leaves", { card: id, player: card.owner });
  const fromList = zoneList(ctx, zoneHolder(ctx, card, from), from);
  const index = fromList.indexOf(id);
  if (index >= 0) fromList.splice(index, 1);
  const leavingPlay = from === rules.zones.battlefield && zone !== from;
  // A card that left play and moves on is a new card: its last-known stats no longer describe it.
  if (!leavingPlay && zone !== from && state.lastKnown?.[id]?.stats) state.lastKnown[id] = { controller: state.lastKnown[id]!.controller, owner: state.lastKnown[id]!.owner };
  if (leavingPlay) {
    // "Its controller" read after the card left play is the player who controlled it last (a token is gone entirely).
    if (!opts.lastKnownTaken) rememberInPlay(ctx, [id]);
    state.lastKnown![id]!.zone = zone;
    card.damagedBy = undefined;
    if (state.modifiers.some((m) => m.card === id)) state.modifiers = state.modifiers.filter((m) => m.card !== id);
    card.active = undefined;
    card.damage = 0;
    card.lethalReplaced = undefined;
    card.exhausted = false;
    card.overexhausted = false;
    card.skipsNextReady = undefined;
    card.defender = false;
    card.counters = {};
    card.controller = card.owner;
  }
  // Tokens that leave play cease to exist.
  if (leavingPlay && card.isToken) {
    removeCard(ctx, id);
    // It names its owner, as every move does: `expect no event move p1` held when p1's token ceased to exist.
    if (!opts.quiet) emit(ctx, "move", `${cardDef(ctx, { ...card })?.name ?? id} leaves play and ceases to exist`, { card: id, from, to: "(gone)", player: card.owner, source: opts.source });
    return;
  }
  if (zone === rules.zones.battlefield) card.controller = opts.player ?? card.controller;
  else card.controller = card.owner;
  // "for each unit that entered play this turn": every move into play, as the card entered (whoever controls it now).
  if (zone === rules.zones.battlefield && from !== zone) (state.enteredThisTurn ??= []).push({ card: id, def: card.def, controller: card.controller, owner: card.owner, token: card.isToken });
  // Each entry is a new time in play (what was used "per time in play" is not used by this one: `instanceKey`).
  if (zone === rules.zones.battlefield && from !== zone) card.entries = (card.entries ?? 0) + 1;
  card.zone = zone;
  const list = zoneList(ctx, zoneHolder(ctx, card, zone), zone);
  if (opts.position === "top") list.unshift(id);
  else list.push(id);
  if (!opts.quiet) emit(ctx, "move", `${cardName(ctx, id)}: ${from} → ${zone}`, { card: id, name: cardName(ctx, id), from, to: zone, player: card.owner, source: opts.source });
  // `leavesNoted`: cards leaving together (a destruction) had "leaves" noted while all were still in play.
  if (leavingPlay && !opts.leavesNoted) noteEvent(ctx, "leaves", { card: id, player: card.owner });
  // "Whenever a card enters your Facet Zone", "... is put into a Graveyard": only for zones a trigger names.
  if (zone !== rules.zones.battlefield && zone !== from && zonesWatched(rules).size > 0 && zonesWatched(rules).has(zone.toLowerCase())) noteEvent(ctx, "enters", { card: id, player: card.owner, zone, from, ...(opts.by !== undefined ? { by: opts.by } : {}) });
}

/** Puts a card onto the battlefield under `player`'s control (played, summoned, created). */
export function enterBattlefield(ctx: Ctx, id: string, player: PlayerId, how: "played" | "summoned" | "created", source?: SourceRef): void {
  const card = writeCard(ctx, id)!;
  const from = card.zone;
  moveCard(ctx, id, ctx.rules.zones.battlefield, { player, source, quiet: true });
  // `enteredTurn` is what summoning sickness reads; `summoned_units_can_attack = true` exempts summoned units.
  card.enteredTurn = how === "summoned" && ctx.rules.param("summoned_units_can_attack", false) ? ctx.state.turn - 1 : ctx.state.turn;
  card.exhausted = false;
  emit(ctx, "enter", `${cardName(ctx, id)} enters play (${how})`, { card: id, name: cardName(ctx, id), player, to: ctx.rules.zones.battlefield, source });
  // "This enters exhausted", "... enters with two power counters on it": part of entering, before anything sees it.
  if (replaceable(ctx, "enters")) replaceEvent(ctx, "enters", { card: id, player }, `${cardName(ctx, id)} enters play`);
  for (const m of mechanicsOf(ctx.rules)) m.arrived?.(ctx, id);
  // "Whenever you summon a unit [from your Graveyard]": the summoner and the zone it came from.
  const summoned = how === "summoned" ? { by: player, ...(from !== undefined ? { from } : {}) } : {};
  // `play_fires_on_summon = false`: a summoned unit fires no PLAY; `enters_play_triggers_any_means = false`: only a card
  // played from hand fires "when this enters play". The summon is still one ("Whenever you summon a unit").
  const quiet = (how === "summoned" && !ctx.rules.param("play_fires_on_summon", true)) || (how !== "played" && !ctx.rules.param("enters_play_triggers_any_means", true));
  if (quiet && how !== "summoned") return;
  noteEvent(ctx, "enters", { card: id, player, ...summoned, ...(quiet ? { onlyBy: true as const } : {}) });
}

export function shuffleZone(ctx: Ctx, player: PlayerId, zone: string): void {
  ctx.state.rng = shuffleInPlace(ctx.state.rng, zoneList(ctx, player, zone));
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
  const barred = amount > 0 ? playerRestriction(ctx, player, "cant_draw") : undefined;
  if (barred) {
    emit(ctx, "draw", `${player} can't draw cards: ${amount} not drawn (${barred})`, { player, amount: 0, source });
    return;
  }
  for (let i = 0; i < amount; i++) {
    // "If you would draw a card, ... instead": each card drawn is an event of its own.
    if (replaceable(ctx, "draw") && !replaceEvent(ctx, "draw", { player }, `${player} would draw a card`, 1)) continue;
    const deck = zoneList(ctx, player, rules.zones.deck);
    if (deck.length === 0) {
      emit(ctx, "draw", `${player} cannot draw: empty ${rules.zones.deck}`, { player, amount: 0, source });
      if (rules.param("empty_deck_draw", "skip") === "lose") losePlayer(ctx, player, "drew from an empty deck");
      return;
    }
    const id = deck[0]!;
    const maxHand = handMaximum(ctx, player);
    // At the hand maximum a draw is discarded (the default), skipped, or drawn anyway (`draw`).
    const atMax = rules.param("draw_at_max_hand", "discard");
    if (maxHand > 0 && hand(ctx, player).length >= maxHand && atMax !== "draw") {
      if (atMax === "skip") {
        emit(ctx, "draw", `${player}'s hand is full (${maxHand}): the draw is skipped`, { player, amount: 0, source });
        return;
      }
      moveCard(ctx, id, rules.zones.graveyard, { source, quiet: true });
      emit(ctx, "discard", `${player}'s hand is full (${maxHand}): the drawn ${cardName(ctx, id)} goes to the ${rules.zones.graveyard}`, { player, card: id, name: cardName(ctx, id), source });
      recordDiscard(ctx, player, id);
      noteEvent(ctx, "discard", { card: id, player });
      continue;
    }
    moveCard(ctx, id, rules.zones.hand, { source, quiet: true });
    recordDrawn(ctx, player, id);
    emit(ctx, "draw", `${player} draws ${cardName(ctx, id)}`, { player, card: id, name: cardName(ctx, id), amount: 1, source });
    noteEvent(ctx, "draw", { player, card: id, amount: 1 });
  }
}

/**
 * A card drawn into a player's hand, on the turn's record (GameState.drawnThisTurn): "your second card each turn", "for
 * each card drawn this way". Every draw into a hand writes it (a game's own draw hook too: runtime/mechanics/lands-decks.ts).
 */
export function recordDrawn(ctx: Ctx, player: PlayerId, id: string): void {
  const drawn = ctx.state.cards[id]!;
  (ctx.state.drawnThisTurn ??= []).push({ card: id, def: drawn.def, controller: player, owner: drawn.owner, token: drawn.isToken });
}

/** Moves a card into its owner's hand, respecting the hand maximum. */
export function returnToHand(ctx: Ctx, id: string, source?: SourceRef): void {
  const { rules } = ctx;
  const card = ctx.state.cards[id]!;
  const maxHand = handMaximum(ctx, card.owner);
  if (maxHand > 0 && hand(ctx, card.owner).length >= maxHand && rules.param("hand_overflow", "discard") === "discard") {
    moveCard(ctx, id, rules.zones.graveyard, { source });
    return;
  }
  moveCard(ctx, id, rules.zones.hand, { source });
}

export function discardCard(ctx: Ctx, player: PlayerId, id: string, source?: SourceRef): void {
  moveCard(ctx, id, ctx.rules.zones.graveyard, { source, quiet: true });
  emit(ctx, "discard", `${player} discards ${cardName(ctx, id)}`, { player, card: id, name: cardName(ctx, id), source });
  recordDiscard(ctx, player, id);
  noteEvent(ctx, "discard", { player, card: id });
}

/**
 * A card attacks (declared as an attacker, a unit's attack, a Weapon's attack): CardInstance.attackedTurn, and the turn's
 * record GameState.attackedThisTurn ("if you attacked this turn": each card once, `controller` attacked with it).
 */
export function markAttacked(ctx: Ctx, id: string, player: PlayerId): void {
  const card = writeCard(ctx, id)!;
  if (card.attackedTurn === ctx.state.turn) return;
  card.attackedTurn = ctx.state.turn;
  (ctx.state.attackedThisTurn ??= []).push({ card: id, def: card.def, controller: player, owner: card.owner, token: card.isToken });
}

/** A discard, kept for "if you discarded a card this turn" (GameState.discardedThisTurn: `controller` discarded it). */
function recordDiscard(ctx: Ctx, player: PlayerId, id: string): void {
  const card = ctx.state.cards[id]!;
  (ctx.state.discardedThisTurn ??= []).push({ card: id, def: card.def, controller: player, owner: card.owner, token: card.isToken });
}

/** Returns the damage dealt (after prevention; Armor absorbing part of it still counts). */
export function damagePlayer(ctx: Ctx, player: PlayerId, dealt: number, from: string | undefined, source: SourceRef | undefined, combat: boolean, overflow = false): number {
  if (dealt <= 0) return 0;
  const left = replaceEvent(ctx, "player_dealt_damage", { player, ...(combat ? { combat } : {}), ...(from ? { from } : {}) }, `${dealt} damage would be dealt to ${player}`, dealt);
  if (!left) return 0;
  const amount = left.amount;
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
  // The life the damage takes is a life loss: "If you would lose life, ..." replaces it as it replaces an effect's
  // "loses N life", as "Whenever you lose life" sees it (Chromatic's own example: 8 damage, 5 Armor — "you lose 3 Life").
  // Replaced before the damage is traced, so the state after the damage event shows the life it left.
  const lost = rest > 0 ? replaceEvent(ctx, "lose_life", { player }, `${player} would lose ${rest} life`, rest) : undefined;
  if (lost) p.life -= lost.amount;
  if (lost && lost.amount > 0) lifeThisTurn(ctx, player).lost += lost.amount;
  emit(ctx, "damage", `${from ? cardName(ctx, from) : "an effect"} deals ${amount} damage to ${player}`, { player, card: from, name: from ? cardName(ctx, from) : undefined, amount, source });
  // A life change of any cause is a `life` event, as an effect's "loses N life" is (probe s42 L1: `expect no event life
  // p2` held after a combat hit, a damage spell, Chromatic's Spark past Armor).
  if (lost && lost.amount > 0) emit(ctx, "life", `${player} loses ${lost.amount} life (dealt damage)`, { player, amount: -lost.amount, from: "damage", source });
  if (lost && lost.amount > 0) noteEvent(ctx, "lose_life", { player, amount: lost.amount });
  // "Whenever an opponent is dealt damage": the player is dealt it (Armor absorbing part of it or not).
  noteEvent(ctx, "player_dealt_damage", { player, amount, ...(combat ? { combat } : {}) });
  if (from) {
    // Combat damage to a player is combat damage too ("Whenever this deals combat damage").
    noteEvent(ctx, "deals_damage", { card: from, player, amount, ...(combat ? { combat } : {}) });
    // Carried past blockers by an overflow rule ("Whenever a creature deals Breach damage to a player").
    if (combat) noteEvent(ctx, "combat_damage_player", { card: from, player, amount, ...(overflow ? { overflow } : {}) });
  }
  return amount;
}

/** Returns the damage dealt (after prevention; 0 to a card no longer in play). */
export function damageCard(ctx: Ctx, id: string, dealt: number, from: string | undefined, source: SourceRef | undefined, combat = false): number {
  const card = writeCard(ctx, id);
  if (!card || dealt <= 0 || card.zone !== ctx.rules.zones.battlefield) return 0;
  const left = replaceEvent(ctx, "dealt_damage", { card: id, ...(combat ? { combat } : {}), ...(from ? { from } : {}) }, `${dealt} damage would be dealt to ${cardName(ctx, id)}`, dealt);
  if (!left || card.zone !== ctx.rules.zones.battlefield) return 0;
  const amount = left.amount;
  const toughness = lethalStat(ctx);
  if (toughness) card.damage += amount;
  // Who dealt it the damage last: the destroyer when the damage proves lethal ("Whenever this destroys a creature").
  if (from) card.damagedBy = { card: from, ...(combat ? { combat } : {}) };
  for (const m of mechanicsOf(ctx.rules)) m.cardDamaged?.(ctx, id, amount, from);
  // `from`: the card that dealt it (`expect event damage "Scout" by "Quick Bolt"`); of damage to a player, that is the event's card.
  emit(ctx, "damage", `${from ? cardName(ctx, from) : "an effect"} deals ${amount} damage to ${cardName(ctx, id)}`, { card: id, name: cardName(ctx, id), ...(from ? { from } : {}), amount, source });
  if (!toughness) {
    // Without a toughness stat (fights by power), damage of at least its power destroys the unit (as it is: "DEATH:
    // deal damage equal to this unit's power" reads the power it died with); less reduces power until end of turn.
    const powerStat = ctx.rules.param("power_stat", "power");
    if (statOf(ctx, id, powerStat) - amount <= 0) destroy(ctx, id, source, from ? { card: from, combat } : undefined);
    if (ctx.state.cards[id]?.zone === ctx.rules.zones.battlefield) addModifier(ctx, id, { [powerStat]: -amount }, [], "end_of_turn", card.controller, from, source);
  }
  noteEvent(ctx, "dealt_damage", { card: id, amount, ...(combat ? { combat } : {}) });
  if (from) noteEvent(ctx, "deals_damage", { card: from, amount, other: id, ...(combat ? { combat } : {}) });
  return amount;
}

/** A player's record of the life they lost and gained this turn (GameState.lifeThisTurn), made at its first change. */
function lifeThisTurn(ctx: Ctx, player: PlayerId): { lost: number; gained: number } {
  const record = (ctx.state.lifeThisTurn ??= {});
  return (record[player] ??= { lost: 0, gained: 0 });
}

/** Returns the life gained (after "can't gain life" and replacements). */
export function gainLife(ctx: Ctx, player: PlayerId, gained: number, source?: SourceRef): number {
  if (gained <= 0) return 0;
  const barred = playerRestriction(ctx, player, "cant_gain_life");
  if (barred) {
    emit(ctx, "life", `${player} can't gain life: ${gained} life is not gained (${barred})`, { player, amount: 0, source });
    return 0;
  }
  const left = replaceEvent(ctx, "gain_life", { player }, `${player} would gain ${gained} life`, gained);
  if (!left || left.amount <= 0) return 0;
  const amount = left.amount;
  ctx.state.players[player]!.life += amount;
  lifeThisTurn(ctx, player).gained += amount;
  emit(ctx, "life", `${player} gains ${amount} life`, { player, amount, source });
  noteEvent(ctx, "gain_life", { player, amount });
  return amount;
}

/** Returns the life lost (after replacements). */
export function loseLife(ctx: Ctx, player: PlayerId, lost: number, source?: SourceRef): number {
  if (lost <= 0) return 0;
  const left = replaceEvent(ctx, "lose_life", { player }, `${player} would lose ${lost} life`, lost);
  if (!left || left.amount <= 0) return 0;
  const amount = left.amount;
  ctx.state.players[player]!.life -= amount;
  lifeThisTurn(ctx, player).lost += amount;
  emit(ctx, "life", `${player} loses ${amount} life`, { player, amount: -amount, source });
  noteEvent(ctx, "lose_life", { player, amount });
  return amount;
}

/**
 * A player gets counters ("that player gains X Bleed counters"): a replacement of the gain may change how many ("If you would
 * gain Bleed counters, gain that many minus one instead." — its steps put them, as it says); 0 or less puts none.
 */
/** Gives a player counters (after a replacement of the gain); returns how many they really got. */
export function addPlayerCounters(ctx: Ctx, player: PlayerId, counter: string, gained: number, source?: SourceRef): number {
  let amount = gained;
  if (gained > 0) {
    const left = replaceEvent(ctx, "player_counter_added", { player, counter }, `${player} would get ${gained} ${counter} counter${gained === 1 ? "" : "s"}`, gained);
    if (!left || left.amount <= 0) return 0;
    amount = left.amount;
  }
  const p = ctx.state.players[player]!;
  p.counters[counter] = (p.counters[counter] ?? 0) + amount;
  emit(ctx, "counter", `${player} gets ${amount} ${counter} counter${amount === 1 ? "" : "s"}`, { player, amount, source });
  if (amount > 0) noteEvent(ctx, "player_counter_added", { player, amount, counter });
  return Math.max(0, amount);
}

export function losePlayer(ctx: Ctx, player: PlayerId, why: string): void {
  const p = ctx.state.players[player]!;
  if (p.lost) return;
  p.lost = true;
  emit(ctx, "check", `${player} loses: ${why}`, { player });
}

/** The stat damage is checked against (Defense), or "" in a game where damage is no such count (Three-Slot Duel's fights by power). */
export function lethalStat(ctx: Ctx): string {
  return ctx.rules.param("toughness_stat", ctx.rules.param("creature_damage_threshold", ""));
}

/**
 * Has this card in play damage equal to or greater than its toughness stat (or that stat at 0 or less), and would the state
 * check destroy it for that — not a card that can't be destroyed, nor one whose destruction by this much damage was replaced?
 */
export function hasLethalDamage(ctx: Ctx, id: string, toughness: string): boolean {
  const card = ctx.state.cards[id]!;
  return card.damage >= statOf(ctx, id, toughness) && card.lethalReplaced !== card.damage && !hasRule(ctx, id, "cant_be_destroyed");
}

/** The state check's destruction: these cards with lethal damage (hasLethalDamage) are destroyed together, each by the source of its damage. */
export function destroyLethal(ctx: Ctx, lethal: string[], toughness: string): string[] {
  const { state } = ctx;
  for (const id of lethal) {
    const damage = state.cards[id]!.damage;
    emit(ctx, "check", damage > 0 ? `${cardName(ctx, id)} has lethal damage (${damage} ≥ ${statOf(ctx, id, toughness)})` : `${cardName(ctx, id)} has ${toughness} 0`, { card: id });
  }
  return destroyAll(ctx, lethal, undefined, { by: (id) => state.cards[id]?.damagedBy });
}

/**
 * "Deal 3 damage to target creature. If it dies this way, ...": of the cards a damage step dealt damage to, those it
 * killed — those its lethal damage destroys now, as the step resolves (the state check's destruction, for them only), and
 * in a game without a toughness stat those its damage destroyed already (`destroyedBefore`: the length of
 * GameState.destroyedThisTurn before the step dealt its damage).
 */
export function destroyKilled(ctx: Ctx, damaged: string[], destroyedBefore: number): string[] {
  const { state, rules } = ctx;
  const toughness = lethalStat(ctx);
  if (toughness) destroyLethal(ctx, damaged.filter((id) => state.cards[id]?.zone === rules.zones.battlefield && hasLethalDamage(ctx, id, toughness)), toughness);
  return (state.destroyedThisTurn ?? []).slice(destroyedBefore).map((d) => d.card).filter((id) => damaged.includes(id));
}

/** Destroys a card on the battlefield: it goes to its owner's graveyard and "destroyed" fires. */
/**
 * `by`: the card that destroyed it (a fight's winner, the source of lethal damage, the card whose effect
 * destroys it), for "Whenever this destroys a creature [in combat]".
 */
export function destroy(ctx: Ctx, id: string, source?: SourceRef, by?: Destroyer, opts: { sacrifice?: boolean } = {}): void {
  destroyAll(ctx, [id], source, { ...opts, by: () => by });
}

/** The card that destroys another, and whether in combat. */
export interface Destroyer {
  card: string;
  combat?: boolean;
}

/**
 * Records cards as they are in play now (GameState.lastKnown), before they leave it: cards leaving together are
 * recorded together, so the statics of one still count for another ("Other units get +1 power" dying with them).
 */
export function rememberInPlay(ctx: Ctx, ids: string[]): void {
  const { state } = ctx;
  const known = ids.map((id) => {
    const card = state.cards[id]!;
    const stats: Record<string, number> = {};
    for (const stat of Object.keys(cardDef(ctx, card).stats)) stats[stat] = statOf(ctx, id, stat);
    const known: LastKnown = { controller: card.controller, owner: card.owner, stats, counters: { ...card.counters } };
    if (card.exhausted) known.exhausted = true;
    if (card.overexhausted) known.overexhausted = true;
    if (isAttacking(ctx, id)) known.attacking = true;
    if (isBlocking(ctx, id)) known.blocking = true;
    if (card.defender) known.defender = true;
    if (card.isToken) known.tokenDef = card.def;
    if (card.active) known.active = [...card.active];
    return [id, known] as const;
  });
  for (const [id, entry] of known) (state.lastKnown ??= {})[id] = entry;
}

/**
 * Destroys cards together ("All destruction is simultaneous"): each that "can't be destroyed" stays
 * (a sacrifice still takes it), each whose destruction a replacement effect replaces gets that
 * instead; the rest are destroyed as one event — "destroyed" (and "destroys" for what destroyed
 * them) and "leaves" are noted for all of them while all are still in play, so a watcher dying with
 * them sees every one, then they move.
 */
/** Returns the cards destroyed: not one that can't be, or whose destruction was replaced ("destroyed this way"). */
export function destroyAll(ctx: Ctx, ids: string[], source?: SourceRef, opts: { sacrifice?: boolean; by?: (id: string) => Destroyer | undefined } = {}): string[] {
  // (Every payment's sacrifices come here, most often none: nothing to build then.)
  if (ids.length === 0) return [];
  const { state, rules } = ctx;
  const going: string[] = [];
  for (const id of ids) {
    const card = state.cards[id];
    if (!card || card.zone !== rules.zones.battlefield || going.includes(id)) continue;
    // "can't be destroyed by Spells": what destroys it (a spell, a unit in a fight, a source of lethal damage) is the actor.
    const destroyer = opts.by?.(id);
    const actor = destroyer && state.cards[destroyer.card] ? targetingActor(ctx, state.cards[destroyer.card]!.controller, destroyer.card) : undefined;
    if (!opts.sacrifice && hasRule(ctx, id, "cant_be_destroyed", actor)) {
      emit(ctx, "check", `${cardName(ctx, id)} can't be destroyed`, { card: id, name: cardName(ctx, id), source });
      // Kept only because of what destroys it: the state check (which knows no destroyer) does not try again with the
      // same lethal damage until it changes, as after a replaced destruction.
      if (actor && !hasRule(ctx, id, "cant_be_destroyed")) writeCard(ctx, id)!.lethalReplaced = state.cards[id]!.damage;
      continue;
    }
    if (replaceable(ctx, "destroyed") && !replaceEvent(ctx, "destroyed", { card: id }, `${cardName(ctx, id)} would be destroyed`)) {
      // Still in play with its lethal damage: the state check leaves it alone until the damage changes.
      if (state.cards[id]?.zone === rules.zones.battlefield) writeCard(ctx, id)!.lethalReplaced = state.cards[id]!.damage;
      continue;
    }
    going.push(id);
  }
  for (const id of going) emit(ctx, "destroyed", `${cardName(ctx, id)} is destroyed`, { card: id, name: cardName(ctx, id), player: state.cards[id]!.owner, source });
  // Note before moving so "when this is destroyed" sees the card as it was in play, and watchers see them all.
  // The card that destroyed each (a fight, lethal damage; a spell's Destroy names none): "When a unit destroys this unit".
  const destroyers = going.map((id) => {
    const by = opts.by?.(id);
    return by && by.card !== id && state.cards[by.card] ? by : undefined;
  });
  // "When this is destroyed in combat": destroyed by a card's combat damage, a fight or a Weapon attack.
  going.forEach((id, i) => noteEvent(ctx, "destroyed", { card: id, player: state.cards[id]!.controller, other: destroyers[i]?.card, ...(destroyers[i]?.combat ? { combat: true } : {}) }));
  going.forEach((id, i) => {
    const by = destroyers[i];
    if (by) noteEvent(ctx, "destroys", { card: by.card, other: id, player: state.cards[by.card]!.controller, ...(by.combat ? { combat: true } : {}) });
  });
  for (const id of going) noteEvent(ctx, "leaves", { card: id, player: state.cards[id]!.owner });
  for (const id of going) {
    const card = state.cards[id]!;
    (state.destroyedThisTurn ??= []).push({ card: id, def: card.def, controller: card.controller, owner: card.owner, token: card.isToken });
  }
  rememberInPlay(ctx, going.filter((id) => state.cards[id]?.zone === rules.zones.battlefield));
  for (const id of going) if (state.cards[id]?.zone === rules.zones.battlefield) moveCard(ctx, id, rules.zones.graveyard, { source, leavesNoted: true, lastKnownTaken: true });
  return going;
}

/**
 * Applies the replacement effects in effect for an event, each once, in order (runtime/core/replacements.ts):
 * a prevention lowers `amount` (its other steps run beside the event); `alongside` steps ("enters exhausted")
 * run as part of the event; any other replacement's steps run instead of it, and the event is gone.
 * Returns what is left of the event, or undefined when it was replaced.
 */
/**
 * Can an event of this kind be replaced now: a card's replacement effect names it, or (damage) a
 * prevention is in effect? Most events of most games cannot; their callers then skip building the
 * look-up's arguments (a description string and an object per card moved or drawn).
 */
export function replaceable(ctx: Ctx, kind: EventKind): boolean {
  return ctx.rules.replacedEvents.has(kind) || ((kind === "dealt_damage" || kind === "player_dealt_damage") && !!ctx.state.preventions?.length) || !!ctx.state.replacementsNext?.length;
}

export function replaceEvent(ctx: Ctx, kind: EventKind, about: ReplaceableEvent, what: string, amount = 0): { amount: number } | undefined {
  // Damage prevented for a while by a one-time effect ("Prevent the next 3 damage that would be dealt to ... this turn").
  if (ctx.state.preventions?.length && (kind === "dealt_damage" || kind === "player_dealt_damage")) {
    amount = applyPreventions(ctx, about, what, amount);
    if (amount <= 0) return undefined;
  }
  // One-shot replacements made by effects ("The next time target unit would be destroyed this turn, ... instead."):
  // the first that matches is used up, and applied as a card's replacement is.
  for (let n = takeNextReplacement(ctx, kind, about); n; n = takeNextReplacement(ctx, kind, about)) {
    const spec = n.replacement;
    const frame: Frame = {
      ...(n.sourceCard !== undefined ? { card: n.sourceCard } : {}),
      ability: `next ${n.id}`,
      controller: n.controller,
      steps: spec.steps,
      pc: 0,
      targets: [],
      // "it" is the card the event is about; for a player's damage, the card dealing it ("If a creature would deal damage
      // to you, prevent that damage and destroy it": the source, not the replacement's own card).
      chosen: about.card ? { it: [about.card] } : about.from ? { it: [about.from] } : {},
      event: { card: about.card, player: about.player ?? (about.card ? ctx.state.cards[about.card]?.controller : undefined), amount },
      label: n.label,
      source: n.source,
    };
    const id = about.card ?? n.sourceCard;
    const named = id ? { card: id, name: cardName(ctx, id) } : {};
    if (spec.prevent !== undefined) {
      const prevented = spec.prevent === "all" ? amount : Math.min(amount, Math.max(0, evalNumber(ctx, frame, spec.prevent)));
      amount -= prevented;
      // "… and gain life equal to the damage prevented this way" (compiler/ir.ts DAMAGE_PREVENTED_THIS_WAY).
      frame.chosen[DAMAGE_PREVENTED_THIS_WAY] = preventedRecord(about, prevented);
      emit(ctx, "replace", `${what}: ${prevented} of it prevented (${n.label}, the next time)`, { ...named, player: about.player ?? n.controller, amount: prevented, source: n.source });
      if (frame.steps.length && runStepsNow) runStepsNow(ctx, frame);
      if (amount <= 0) return undefined;
      continue;
    }
    emit(ctx, "replace", `${what}: replaced (${n.label}, the next time)`, { ...named, player: about.player ?? n.controller, source: n.source });
    if (frame.steps.length && runStepsNow) runStepsNow(ctx, frame);
    if (!spec.alongside) return undefined;
  }
  // Most events of most games no card replaces: nothing to look up (and nothing allocated for the look-up).
  if (!ctx.rules.replacedEvents.has(kind)) return { amount };
  const applied: string[] = [];
  for (let r = replacementFor(ctx, kind, about, applied); r; r = replacementFor(ctx, kind, about, applied)) {
    applied.push(replacementKey(r.card, r.ability));
    markReplacementUsed(ctx, r);
    const spec = r.ability.replacement!;
    const controller = ctx.state.cards[r.card]!.controller;
    const frame: Frame = {
      card: r.card,
      ability: r.ability.id,
      controller,
      steps: spec.steps,
      pc: 0,
      targets: [],
      // "it" is the card the event is about; for a player's damage, the card dealing it ("If a creature would deal damage
      // to you, prevent that damage and destroy it": the source, not the replacement's own card).
      chosen: about.card ? { it: [about.card] } : about.from ? { it: [about.from] } : {},
      event: { card: about.card, player: about.player ?? (about.card ? ctx.state.cards[about.card]?.controller : undefined), amount },
      label: `${cardName(ctx, r.card)}: ${r.ability.text}`,
      source: r.ability.source,
    };
    // The trace names the card the event is about, or (a player's event) the card whose text replaces it.
    const id = about.card ?? r.card;
    if (spec.prevent !== undefined) {
      const prevented = spec.prevent === "all" ? amount : Math.min(amount, Math.max(0, evalNumber(ctx, frame, spec.prevent)));
      amount -= prevented;
      frame.chosen[DAMAGE_PREVENTED_THIS_WAY] = preventedRecord(about, prevented);
      emit(ctx, "replace", `${what}: ${prevented} of it prevented (${r.ability.text})`, { card: id, name: cardName(ctx, id), player: about.player ?? controller, ability: r.ability.id, amount: prevented, source: r.ability.source });
      runReplacementSteps(ctx, r, frame);
      if (amount <= 0) return undefined;
      continue;
    }
    emit(ctx, "replace", `${what}: ${r.ability.text}`, { card: id, name: cardName(ctx, id), ability: r.ability.id, player: about.player ?? controller, source: r.ability.source });
    runReplacementSteps(ctx, r, frame);
    if (!spec.alongside) return undefined;
  }
  return { amount };
}

/** One entry per point of damage a replacement prevented: the card or player it would have been dealt to. */
function preventedRecord(about: ReplaceableEvent, prevented: number): string[] {
  const to = about.card ?? about.player ?? "";
  return Array.from({ length: Math.max(0, prevented) }, () => to);
}

/** Runs a replacement's steps now, to their end; the replacement does not apply to the events they cause. */
function runReplacementSteps(ctx: Ctx, r: ReplacementInEffect, frame: Frame): void {
  if (frame.steps.length === 0 || !runStepsNow) return;
  const running = replacementKey(r.card, r.ability);
  ctx.replacing = [...(ctx.replacing ?? []), running];
  try {
    runStepsNow(ctx, frame);
  } finally {
    ctx.replacing = ctx.replacing.filter((k) => k !== running);
  }
}

/**
 * A card becomes exhausted (overexhausted with `over`): by an effect, a cost, an attack, a payment. A card that was ready
 * raises `exhausted` ("Whenever this becomes exhausted, ..."); one that was not overexhausted, `overexhausted` with `over`.
 */
export function exhaustCard(ctx: Ctx, id: string, over = false): void {
  const card = writeCard(ctx, id);
  if (!card) return;
  const was = card.exhausted;
  const wasOver = card.overexhausted;
  card.exhausted = true;
  if (over) card.overexhausted = true;
  if (!was) noteEvent(ctx, "exhausted", { card: id });
  // "Whenever this becomes overexhausted": a card not overexhausted before (a Renewed or an Exhausted one).
  if (over && !wasOver) noteEvent(ctx, "overexhausted", { card: id });
}

/**
 * "It doesn't ready during its controller's next Beginning Phase" (IR `skip_next_ready`): at that readying (Chromatic's
 * `ready_permanents`, CYBERVAMP's `renew`) the card is left as it is, once. True when the card is kept.
 */
export function keptFromReadying(ctx: Ctx, id: string, source?: SourceRef): boolean {
  if (!ctx.state.cards[id]?.skipsNextReady) return false;
  const card = writeCard(ctx, id)!;
  card.skipsNextReady = undefined;
  emit(ctx, "modify", `${cardName(ctx, id)} does not ready this time`, { card: id, name: cardName(ctx, id), player: card.controller, source });
  return true;
}

/** Runs a frame to its end at once (the interpreter registers itself: effects.ts sits above this module). */
let runStepsNow: ((ctx: Ctx, frame: Frame) => void) | undefined;
export function registerStepRunner(run: (ctx: Ctx, frame: Frame) => void): void {
  runStepsNow = run;
}

// ---------------------------------------------------------------------------------------------
// Continuous values: computed from their sources whenever read

export function addModifier(
  ctx: Ctx,
  card: string,
  stats: Record<string, number>,
  keywords: KeywordGrant[],
  duration: Duration["kind"],
  controller: PlayerId,
  sourceCard: string | undefined,
  source: SourceRef | undefined,
  rules?: RuleGrant[],
  loses?: string[],
): void {
  ctx.state.modifiers.push({ id: ctx.state.nextId++, card, stats, keywords, ...(rules?.length ? { rules } : {}), ...(loses?.length ? { loses } : {}), duration, turn: ctx.state.turn, controller, sourceCard, source });
  if (loses?.length) emit(ctx, "modify", `${cardName(ctx, card)} loses ${loses.join(", ")}${duration === "until_your_next_turn" ? "" : durationText(duration)}`, { card, name: cardName(ctx, card), source });
  const parts = Object.entries(stats).map(([k, v]) => `${v >= 0 ? "+" : ""}${v} ${k}`);
  const until = duration === "until_your_next_turn" ? "" : durationText(duration);
  if (parts.length || keywords.length || (!rules?.length && !loses?.length)) emit(ctx, "modify", `${cardName(ctx, card)} gets ${[...parts, ...keywords.map(keywordText)].join(", ")}${until}`, { card, name: cardName(ctx, card), source });
  if (rules?.length) emit(ctx, "modify", `${cardName(ctx, card)}: ${rules.map((r) => r.rule).join(", ")}${duration === "until_your_next_turn" ? " until its controller's next turn" : until}`, { card, name: cardName(ctx, card), source });
}
