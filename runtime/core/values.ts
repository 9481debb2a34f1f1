/**
 * Values read from the state, computed from their sources whenever read: continuous stats and
 * keywords (printed, modifiers, static abilities in effect), engine rules a card has, card
 * selectors, and the IR's references, numbers and conditions evaluated for a frame.
 */
import type { CardRuleName } from "../../compiler/contract.ts";
import type { Ability, Affected, CompiledCard, CardRef, CostPart, CardSelector, Condition, KeywordGrant, NumberExpr, PlayerRef, PlayerRuleName, PlayersRef, RestrictionBy, StaticEffect } from "../../compiler/ir.ts";
import { printedCostTotal } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";
import { perDefinition, perGame } from "./per-game.ts";
import type { CardInstance, CostChangeMade, DestroyedCard, Frame, LastKnown, PlayerId, TargetValue } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";
import { type Ctx, allOnBattlefield, battlefield, cardDef, cardName, hand } from "./cards.ts";
import { mechanicsOf, symbolPayments } from "./mechanics.ts";
import { moduleCache, moduleSet } from "../state/module-caches.ts";

/** `Bleed 2`, `Haste`: a granted keyword as text shows it. */
export function keywordText(k: KeywordGrant): string {
  return k.amount === undefined ? k.name : `${k.name} ${k.amount}`;
}

/** Static abilities currently in effect: those of untapped (or any, per game) cards on the battlefield. */
const NO_STATICS: readonly { card: string; ability: Ability }[] = Object.freeze([]);

const hasStatics = (def: CompiledCard): boolean => staticAbilitiesOf(def).length > 0;
/** The ids of the definitions of the game's sets that have a static ability: read once per game (its sets never change). */
const staticDefinitions = perGame((rules: Rules): Set<string> => new Set([...rules.cards.values()].filter(hasStatics).map((def) => def.id)));
/** Has some card of the game's sets a static ability? */
const setsHaveStatics = (rules: Rules): boolean => staticDefinitions(rules).size > 0;
/** Has a token definition made during this game a static ability? */
function tokensHaveStatics(ctx: Ctx): boolean {
  for (const name in ctx.state.tokens) if (hasStatics(ctx.state.tokens[name]!)) return true;
  return false;
}
/**
 * Can a static ability be in effect? Only when some card of the game's sets, or a token definition
 * made during this game, has one (`activeStatics` reads only definitions' abilities): a game
 * without statics skips the walk over the cards in play for every value it computes.
 */
function staticsPossible(ctx: Ctx): boolean {
  return setsHaveStatics(ctx.rules) || tokensHaveStatics(ctx);
}

/**
 * The static abilities that can be in effect: those of the cards in play whose mechanics have them on
 * (not exhausted where that switches statics off, not Silenced, their Facet bought), before their
 * conditions. None of this reads a continuous value, so it is the same inside a value being computed:
 * worked out once while the state stands still (`ctx.memo`). `conditional`: some has a condition.
 */
interface StaticCandidates {
  list: { card: string; ability: Ability }[];
  conditional: boolean;
}
function staticCandidates(ctx: Ctx): StaticCandidates {
  const known = ctx.memo?.get("values:static-candidates") as StaticCandidates | undefined;
  if (known) return known;
  // Asked for every stat read while an action runs (no memo then): the cards in play are walked in
  // place, and each definition's static abilities are looked up, not searched for.
  const { rules, state } = ctx;
  const offWhenExhausted = staticsOffWhenExhausted(rules);
  const zone = rules.zones.battlefield;
  const out: StaticCandidates = { list: [], conditional: false };
  // A card whose definition (of the game's sets) has no static ability is passed over by its id alone (lands, most units);
  // with a token definition that has one, every card is looked up.
  const withStatics = tokensHaveStatics(ctx) ? undefined : staticDefinitions(rules);
  for (const player of state.order) {
    const inPlay = (state.players[player]!.zones[zone] ??= []);
    for (let i = 0; i < inPlay.length; i++) {
      const id = inPlay[i]!;
      const card = state.cards[id]!;
      if (withStatics !== undefined && !withStatics.has(card.def)) continue;
      if (offWhenExhausted && (card.exhausted || card.overexhausted)) continue;
      const statics = staticAbilitiesOf(cardDef(ctx, card));
      for (let k = 0; k < statics.length; k++) {
        const ability = statics[k]!;
        if (!abilityActive(ctx, id, ability)) continue;
        out.list.push({ card: id, ability });
        if (ability.condition) out.conditional = true;
      }
    }
  }
  ctx.memo?.set("values:static-candidates", out);
  return out;
}

/** Does exhausting a card switch its ongoing abilities (statics, replacements) off in this game? Read once per game. */
export const staticsOffWhenExhausted = perGame((rules: Rules): boolean => rules.param("statics_off_when_exhausted", rules.param("static_abilities_need_renewed", false)));

/** A card definition's static abilities (those with statics), in order: worked out once per definition. */
const staticAbilitiesOf = perDefinition((def: CompiledCard): Ability[] => def.abilities.filter((a) => a.kind === "static" && !!a.statics));

function activeStatics(ctx: Ctx): readonly { card: string; ability: Ability }[] {
  if (!staticsPossible(ctx)) return NO_STATICS;
  const candidates = staticCandidates(ctx);
  if (!candidates.conditional) return candidates.list;
  // A condition may read a value: inside a value being computed it can see that value in progress,
  // so the conditions' outcome is kept only outside one.
  const memo = ctx.memo && keywordRound === null && statsInProgress.size === 0 && staticLossesInProgress.size === 0 ? ctx.memo : undefined;
  const known = memo?.get("values:statics") as { card: string; ability: Ability }[] | undefined;
  if (known) return known;
  const out: { card: string; ability: Ability }[] = [];
  for (const candidate of candidates.list) {
    const { card: id, ability } = candidate;
    // A conditional static ("gets +2 power if you have 5 or less life") applies only while its condition holds.
    if (ability.condition && !evalCondition(ctx, { controller: ctx.state.cards[id]!.controller, card: id, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, ability.condition)) continue;
    out.push(candidate);
  }
  memo?.set("values:statics", out);
  return out;
}

/**
 * Runs a read that changes nothing in the state (the state-based check's scan of the cards in play)
 * with the memo a listing of legal actions has: what every card's value needs (the statics in effect,
 * keywords) is worked out once for the whole read, not once per card.
 */
export function readingStill<T>(ctx: Ctx, read: () => T): T {
  if (ctx.memo) return read();
  ctx.memo = new Map();
  try {
    return read();
  } finally {
    ctx.memo = undefined;
  }
}

/**
 * What playing a card from its owner's hand costs now: its printed cost changed by the cost statics in
 * effect ("Spells you cast cost 1 less.") and by the card's own ("This costs {1} less for each creature
 * you control.", read relative to the player playing it): `generic` ones change its generic symbols, a
 * `resource` one that resource, an unnamed one its generic symbols if it has any, else its resources;
 * amounts are read now; raises apply before reductions, never below 0, and a cost with none of the part to raise
 * gets one. The same array when nothing changes it.
 */
export function playCost(ctx: Ctx, player: PlayerId, id: string, cost: CostPart[]): CostPart[] {
  const made = ctx.state.costChanges;
  if (!staticsPossible(ctx) && !made?.length) return cost;
  const played = ctx.state.cards[id];
  if (!played) return cost;
  // (Asked for every card in hand at every listing: nothing is allocated until a cost static applies.)
  let changes: CostChange[] | undefined;
  if (played.owner === player) {
    for (const { card, ability } of activeStatics(ctx)) {
      for (const st of ability.statics ?? []) {
        if (st.kind === "cost" && !("self" in st.affects) && matchesSelector(ctx, id, st.affects, ctx.state.cards[card]!.controller, card, true))
          changes = withCostChange(ctx, changes, st, ctx.state.cards[card]!.controller, card);
      }
    }
    // "The next spell you cast this turn costs 1 less.": what one-time effects made (runtime/core/cost-changes.ts).
    if (made) for (const c of made) if (costChangeApplies(ctx, c, player, id)) (changes ??= []).push({ amount: c.amount, ...(c.generic ? { generic: true } : {}), ...(c.resource ? { resource: c.resource } : {}) });
  }
  for (const ability of cardDef(ctx, played).abilities) {
    if (ability.kind !== "static" || !changesOwnCost(ability)) continue;
    if (ability.condition && !evalCondition(ctx, { controller: player, card: id, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, ability.condition)) continue;
    for (const st of ability.statics!) if (st.kind === "cost" && "self" in st.affects) changes = withCostChange(ctx, changes, st, player, id);
  }
  if (changes === undefined) return cost;
  const key = `${cardDef(ctx, played).id}|${JSON.stringify(changes)}`;
  const known = changedCosts.get(key);
  if (known) return known;
  let parts = cost.map((p) => ({ ...p }));
  // Raises before reductions (the cost is the printed one, plus every raise, less every reduction): in the other order a
  // 1-Mana spell under "cost 1 less" and an opponent's "cost 1 more" lost its Mana to the reduction and then got a
  // generic {1} no Mana pays — it was free.
  for (const change of [...changes.filter((c) => c.amount < 0), ...changes.filter((c) => c.amount > 0)]) {
    const generic = (p: CostPart) => p.pays === "symbol" && !!p.generic && p.symbol.toLowerCase() !== "x";
    const resource = (p: CostPart) => p.pays === "resource" && (!change.resource || p.resource.toLowerCase() === change.resource.toLowerCase()) && typeof p.amount === "number";
    const which = change.generic ? generic : change.resource ? resource : parts.some(generic) ? generic : resource;
    let left = change.amount;
    if (left < 0) {
      const part = parts.find(which);
      if (part && (part.pays === "symbol" || part.pays === "resource")) part.amount = (part.amount as number) - left;
      else if (change.resource) parts.push({ pays: "resource", resource: change.resource, amount: -left });
      else parts.push(plainAmount(ctx, -left));
      continue;
    }
    for (const part of parts) {
      if (left <= 0 || !which(part) || (part.pays !== "symbol" && part.pays !== "resource")) continue;
      const taken = Math.min(left, part.amount as number);
      part.amount = (part.amount as number) - taken;
      left -= taken;
    }
    parts = parts.filter((p) => !((p.pays === "symbol" && which(p)) || (p.pays === "resource" && which(p))) || (p as { amount: number }).amount > 0);
  }
  // A generic symbol names its amount ({2}): the part keeps its symbol in step.
  parts = parts.map((p) => (p.pays === "symbol" && p.generic && /^\d+$/.test(p.symbol) ? { ...p, symbol: String(p.amount) } : p));
  changedCosts.set(key, parts);
  return parts;
}
/** Does a cost change a one-time effect made apply to card `id` played by `player` from their hand (playCost)? */
export function costChangeApplies(ctx: Ctx, change: CostChangeMade, player: PlayerId, id: string): boolean {
  return ctx.state.cards[id]?.owner === player && matchesSelector(ctx, id, change.affects, change.controller, change.sourceCard, true);
}
/**
 * A plain amount added to a cost with nothing of its kind to raise (a free card under "costs 1 more"): generic symbols
 * where a mechanic pays symbols (CYBERVAMP's lands: {1}), else the game's first resource, as a bare number on a card's
 * cost line means (Chromatic: "Mana is used to pay the cost of playing cards" — 1 Mana; a {1} there nothing could pay).
 */
function plainAmount(ctx: Ctx, amount: number): CostPart {
  const resource = ctx.rules.game.resources[0]?.name;
  if (resource && !mechanicsOf(ctx.rules).some((m) => m.payCost)) return { pays: "resource", resource, amount };
  return { pays: "symbol", symbol: String(amount), generic: true, amount };
}
interface CostChange {
  amount: number;
  generic?: boolean;
  resource?: string;
}

/** `changes` with a cost static's change added, read now for its controller and card (none when it changes nothing). */
function withCostChange(ctx: Ctx, changes: CostChange[] | undefined, st: Extract<StaticEffect, { kind: "cost" }>, controller: PlayerId, card: string): CostChange[] | undefined {
  const n = evalNumber(ctx, { controller, card, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, st.amount);
  if (n === 0) return changes;
  (changes ??= []).push({ amount: st.change === "less" ? n : -n, ...(st.generic ? { generic: true } : {}), ...(st.resource ? { resource: st.resource } : {}) });
  return changes;
}

/** Does a static ability change its own card's cost ("This costs {1} less ...")? */
function changesOwnCost(ability: Ability): boolean {
  const statics = ability.statics;
  if (statics) for (let i = 0; i < statics.length; i++) {
    const effect = statics[i]!;
    if (effect.kind === "cost" && "self" in effect.affects) return true;
  }
  return false;
}

/** Changed costs by card and changes, so each is one array (mechanics cache what a cost array asks for). */
const changedCosts = moduleCache<string, CostPart[]>();

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
 * - whether a static that changes stats applies to a card is judged on stats before statics
 *   (printed, counters, modifiers): every stat read while judging it gets that value. So "creatures
 *   you control with power 2 or less get +1/+1" gives a 2-power creature both halves (its power
 *   after the bonus, 3, does not take the +1 toughness back), and no static's bonus decides another's.
 * The engine is synchronous, so the values in progress are module state, reset on the way out.
 */
let keywordRound: Map<string, Map<string, number[]>> | null = null;
const statsInProgress = moduleSet<string>();
/** The `card|stat` whose stat statics are being judged (see above): while any is, stats read before statics. */
const judgingStatStatics = moduleSet<string>();

function baseStat(ctx: Ctx, id: string, stat: string): number {
  const card = ctx.state.cards[id]!;
  return statBeforeStaticsOf(ctx, id, card, cardDef(ctx, card), stat);
}

/**
 * A card's stat before static abilities: printed, counters, modifiers (what statics add to), for a card whose
 * instance and definition the caller has at hand (a scan over every card in play looks each up once).
 */
export function statBeforeStaticsOf(ctx: Ctx, id: string, card: CardInstance, def: CompiledCard, stat: string): number {
  let value = def.stats[stat] ?? 0;
  value += card.counters[stat] ?? 0;
  for (const m of ctx.state.modifiers) if (m.card === id && m.stats[stat]) value += m.stats[stat]!;
  return value;
}

/** Per game: stat → may some static ability of its cards lower it (an amount that is not a number ≥ 0)? */
const loweringGames = new WeakMap<Rules, Map<string, boolean>>();
const lowers = (def: CompiledCard, stat: string): boolean =>
  def.abilities.some((a) => a.kind === "static" && a.statics?.some((e) => e.kind === "modify" && (e.set?.[stat] !== undefined || (e.stats?.[stat] !== undefined && !(typeof e.stats[stat] === "number" && e.stats[stat] >= 0)))));
/** May a static ability of this game (its cards, or a token made so far) lower this stat? */
function staticsMayLower(ctx: Ctx, stat: string): boolean {
  let byStat = loweringGames.get(ctx.rules);
  if (!byStat) loweringGames.set(ctx.rules, (byStat = new Map()));
  let known = byStat.get(stat);
  if (known === undefined) {
    known = false;
    for (const def of ctx.rules.cards.values()) if (lowers(def, stat)) known = true;
    byStat.set(stat, known);
  }
  if (known) return true;
  for (const name in ctx.state.tokens) if (lowers(ctx.state.tokens[name]!, stat)) return true;
  return false;
}

const loweringDefs = new WeakMap<CompiledCard, Map<string, boolean>>();
function defLowers(def: CompiledCard, stat: string): boolean {
  let byStat = loweringDefs.get(def);
  if (!byStat) loweringDefs.set(def, (byStat = new Map()));
  let known = byStat.get(stat);
  if (known === undefined) byStat.set(stat, (known = lowers(def, stat)));
  return known;
}

/**
 * May a static ability in effect now lower this stat? Only the statics of cards in play are in effect
 * (`activeStatics`), so: has a card in play one that may (none in the game: no walk). When none may, a
 * card's stat with statics is at least its stat before them (the state-based check asks after every step).
 */
export function staticsInPlayMayLower(ctx: Ctx, stat: string): boolean {
  if (!staticsMayLower(ctx, stat)) return false;
  const { state } = ctx;
  const zone = ctx.rules.zones.battlefield;
  for (const player of state.order) {
    const inPlay = state.players[player]!.zones[zone];
    if (inPlay) for (let i = 0; i < inPlay.length; i++) if (defLowers(cardDef(ctx, state.cards[inPlay[i]!]!), stat)) return true;
  }
  return false;
}


export function statOf(ctx: Ctx, id: string, stat: string): number {
  const card = ctx.state.cards[id];
  if (!card) return 0;
  let value = baseStat(ctx, id, stat);
  if (card.zone !== ctx.rules.zones.battlefield || !staticsPossible(ctx) || judgingStatStatics.size > 0) return Math.max(0, value);
  const key = `${id}|${stat}`;
  if (!statsInProgress.has(key)) {
    statsInProgress.add(key);
    try {
      // "This unit has power equal to ...": the defined number replaces the printed one; what adds to the stat still adds.
      let defined: number | undefined;
      for (const { card: src, ability } of activeStatics(ctx)) {
        for (const effect of ability.statics!) {
          if (effect.kind !== "modify") continue;
          const amount = effect.stats?.[stat];
          const definition = effect.set?.[stat];
          if (amount === undefined && definition === undefined) continue;
          judgingStatStatics.add(key);
          let applies: boolean;
          try {
            applies = staticAffects(ctx, effect.affects, src, id);
          } finally {
            judgingStatStatics.delete(key);
          }
          if (!applies) continue;
          // "+X/+0, where X is the number of Bleed counters on you": evaluated for the static's source.
          const read = (n: NumberExpr) => (typeof n === "number" ? n : evalNumber(ctx, { controller: ctx.state.cards[src]!.controller, card: src, steps: [], pc: 0, targets: [], chosen: { [ACTED_ON]: [id] }, label: "" }, n));
          if (amount !== undefined) value += read(amount);
          if (definition !== undefined) defined = read(definition);
        }
      }
      if (defined !== undefined) value += defined - (cardDef(ctx, card).stats[stat] ?? 0);
    } finally {
      statsInProgress.delete(key);
    }
  }
  return Math.max(0, value);
}

/** Keyword abilities a card has now: printed, granted by modifiers, granted by statics. */
export function keywordsOf(ctx: Ctx, id: string): Map<string, number> {
  // Listing legal actions asks a card's keywords again and again of a state that stands still.
  const memo = ctx.memo && keywordRound === null && statsInProgress.size === 0 && staticLossesInProgress.size === 0 ? (ctx.memo.get("values:keywords") as Map<string, Map<string, number>> | undefined) ?? new Map<string, Map<string, number>>() : undefined;
  const known = memo?.get(id);
  if (known) return known;
  const out = new Map<string, number>();
  visitKeywords(ctx, id, (name, amount) => out.set(name, (out.get(name) ?? 0) + amount));
  if (memo) {
    memo.set(id, out);
    ctx.memo!.set("values:keywords", memo);
  }
  return out;
}

/** Each keyword with the amount of every instance, uncombined (printed Bleed 1 + granted Bleed 1 → [1, 1]). */
export function keywordInstancesOf(ctx: Ctx, id: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  visitKeywords(ctx, id, (name, amount) => out.set(name, [...(out.get(name) ?? []), amount]));
  return out;
}

function visitKeywords(ctx: Ctx, id: string, visitAny: (name: string, amount: number) => void): void {
  const card = ctx.state.cards[id];
  if (!card) return;
  // "Loses Flying until end of turn": the keyword is gone whatever gives it (printed, a modifier, a static).
  let lost: Set<string> | undefined;
  for (const m of ctx.state.modifiers) if (m.loses && m.card === id) for (const name of m.loses) (lost ??= new Set()).add(name.toLowerCase());
  // "This loses Flying." (a static): the same, while the static is in force. A keyword read while the losses are being
  // worked out (a static's condition or selector asking for one) is read before them, as a stat is before statics.
  if (card.zone === ctx.rules.zones.battlefield && staticLossesInProgress.size === 0 && gameHasStaticLosses(ctx.rules)) {
    staticLossesInProgress.add(id);
    try {
      for (const { card: src, ability } of activeStatics(ctx))
        for (const effect of ability.statics!) if (effect.kind === "modify" && effect.loses && staticAffects(ctx, effect.affects, src, id)) for (const name of effect.loses) (lost ??= new Set()).add(name.toLowerCase());
    } finally {
      staticLossesInProgress.delete(id);
    }
  }
  const visit = lost ? (name: string, amount: number) => void (lost!.has(name) || visitAny(name, amount)) : visitAny;
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
  visitBaseKeywords(ctx, id, visit);
  if (card.zone === ctx.rules.zones.battlefield) {
    for (const { card: src, ability } of activeStatics(ctx)) {
      for (const effect of ability.statics!) {
        if (effect.kind === "modify" && effect.keywords && staticAffects(ctx, effect.affects, src, id)) for (const k of effect.keywords) visit(k.name.toLowerCase(), k.amount ?? 1);
      }
    }
  }
}

/** Printed keyword abilities in effect (every keyword of a keyword line) and keywords granted by modifiers. */
/** `visit` gets each name in lower case. */
function visitBaseKeywords(ctx: Ctx, id: string, visit: (name: string, amount: number) => void): void {
  const card = ctx.state.cards[id]!;
  for (const ability of cardDef(ctx, card).abilities) {
    if (ability.kind !== "keyword" || !abilityActive(ctx, id, ability)) continue;
    for (const k of abilityKeywords(ability)) visit(k.name.toLowerCase(), k.amount ?? 1);
  }
  for (const m of ctx.state.modifiers) if (m.card === id) for (const k of m.keywords) visit(k.name.toLowerCase(), k.amount ?? 1);
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

const staticLossesInProgress = moduleSet<string>();
/** Does any card of the game have a static that takes a keyword away ("This loses Flying.")? */
const gameHasStaticLosses = perGame((rules: Rules): boolean => {
  for (const def of rules.cards.values()) for (const ability of def.abilities) if (ability.kind === "static" && ability.statics?.some((e) => e.kind === "modify" && e.loses?.length)) return true;
  return false;
});

const gameHasKeywordDependentStatics = perGame((rules: Rules): boolean => {
  for (const def of rules.cards.values()) for (const ability of def.abilities) if (ability.kind === "static" && ability.statics && readsKeywords(ability)) return true;
  return false;
});

function keywordDependentStaticInPlay(ctx: Ctx): boolean {
  // A game none of whose cards has such a static never has one in play (statics come from card sets).
  if (!gameHasKeywordDependentStatics(ctx.rules)) return false;
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

/** Engine rules a game's keywords and static abilities can give a card: rule → the keywords naming it, and whether a static grants it. */
interface RuleSources {
  keywords: Map<string, string[]>;
  statics: Set<string>;
  /** Player rules a static of some card gives (PLAYER_RULES). */
  playerStatics: Set<string>;
  /** Whether a static of some card changes the hand maximum ("Your maximum hand size is increased by 2."). */
  handSize: boolean;
}
const ruleSources = perGame((rules: Rules): RuleSources => {
  const keywords = new Map<string, string[]>();
  for (const k of rules.game.keywords) if (k.rule) keywords.set(k.rule, [...(keywords.get(k.rule) ?? []), k.name.toLowerCase()]);
  const statics = new Set<string>();
  const playerStatics = new Set<string>();
  let handSize = false;
  for (const card of rules.cards.values()) for (const a of card.abilities) for (const e of a.statics ?? []) if (e.kind === "rule") statics.add(e.rule);
  else if (e.kind === "player_rule") playerStatics.add(e.rule);
  else if (e.kind === "hand_size") handSize = true;
  return { keywords, statics, playerStatics, handSize };
});

/** Who acts on a card a restriction may be about: the player, the card (a blocker, a spell), a spell or an ability. */
export interface RuleActor {
  player?: PlayerId;
  card?: string;
  kind?: "spell" | "ability";
}

/**
 * Does a card have an engine rule in effect ("ignores_summoning_sickness", "cant_be_blocked"), via a
 * keyword or a static? A static restricted to an actor ("can't be targeted by opponents' spells",
 * "can't be blocked by tokens") applies only when `actor` is given and matches its `by`.
 */
export function hasRule(ctx: Ctx, id: string, rule: CardRuleName, actor?: RuleActor): boolean {
  // Most rules appear on no card of a game: answer those without computing continuous effects; and
  // a rule no keyword names needs no keywords computed.
  const sources = ruleSources(ctx.rules);
  const names = sources.keywords.get(rule);
  if (names) {
    const keywords = keywordsOf(ctx, id);
    for (const name of names) if (keywords.has(name)) return true;
  }
  // A player who can't attack ("Target player can't attack next turn"): no unit of theirs can.
  if (rule === "cant_attack" && (ctx.state.playerRules || sources.playerStatics.has(rule)) && ctx.state.cards[id] && playerRestriction(ctx, ctx.state.cards[id]!.controller, "cant_attack")) return true;
  // Restrictions a one-time effect gave the card for a while ("It can't attack this turn").
  for (const m of ctx.state.modifiers) if (m.rules && m.card === id) for (const r of m.rules) if (r.rule === rule && actorMatches(ctx, r.by, m.controller, m.sourceCard, actor)) return true;
  if (!sources.statics.has(rule)) return false;
  for (const { card: src, ability } of activeStatics(ctx)) {
    for (const effect of ability.statics!) if (effect.kind === "rule" && effect.rule === rule && staticAffects(ctx, effect.affects, src, id) && actorMatches(ctx, effect.by, ctx.state.cards[src]!.controller, src, actor)) return true;
  }
  return false;
}

/**
 * Why `player` is under a player restriction (PLAYER_RULES: "can't play Spells", "can't gain life"), or undefined when
 * they are not: the first rule in effect, a one-time effect's for its duration (`state.playerRules`, not one still
 * waiting for its turn) or a static of a card in play. `card`: the card the move is about (the one played), matched
 * against the rule's `cards`. The answer names the card whose text says so.
 */
export function playerRestriction(ctx: Ctx, player: PlayerId, rule: PlayerRuleName, card?: string): string | undefined {
  const cardsMatch = (cards: CardSelector | undefined, controller: PlayerId, src: string | undefined) => !cards || (card !== undefined && matchesSelector(ctx, card, cards, controller, src, true));
  for (const r of ctx.state.playerRules ?? []) if (!r.waiting && r.rule === rule && r.player === player && cardsMatch(r.cards, r.controller, r.sourceCard)) return r.label;
  if (!ruleSources(ctx.rules).playerStatics.has(rule)) return undefined;
  for (const { card: src, ability } of activeStatics(ctx)) {
    const controller = ctx.state.cards[src]!.controller;
    for (const effect of ability.statics!) {
      if (effect.kind === "player_rule" && effect.rule === rule && related(effect.who, player, controller) && cardsMatch(effect.cards, controller, src)) return `${cardName(ctx, src)}: ${ability.text}`;
    }
  }
  return undefined;
}

/**
 * A player's hand maximum now (`param max_hand`, 0: none), with the statics in play that change it ("Your maximum hand size
 * is increased by 2.": + 2; "You have no maximum hand size.": none, 0). 0 means no maximum, so a reduction stops at 1.
 */
export function handMaximum(ctx: Ctx, player: PlayerId): number {
  const base = ctx.rules.param("max_hand", 0);
  if (base <= 0 || !ruleSources(ctx.rules).handSize) return base;
  let total = base;
  for (const { card: src, ability } of activeStatics(ctx)) {
    const controller = ctx.state.cards[src]!.controller;
    for (const effect of ability.statics!) {
      if (effect.kind !== "hand_size" || !related(effect.who, player, controller)) continue;
      if (effect.none) return 0;
      total += effect.by ?? 0;
    }
  }
  return Math.max(1, total);
}

/** The sum of the amounts of a card rule the statics in effect give a card ("can block an additional creature": 1 each). */
export function ruleAmount(ctx: Ctx, id: string, rule: CardRuleName): number {
  let total = 0;
  // A one-time grant for a while ("It can attack twice this turn"): one each.
  for (const m of ctx.state.modifiers) if (m.rules && m.card === id) for (const r of m.rules) if (r.rule === rule) total += 1;
  for (const { card: src, ability } of activeStatics(ctx)) {
    for (const effect of ability.statics!) if (effect.kind === "rule" && effect.rule === rule && staticAffects(ctx, effect.affects, src, id)) total += effect.amount ?? 1;
  }
  return total;
}

/**
 * Does `player` stand in the relation `who` ("you": is the controller; "opponent": is not) to `controller`?
 * "acting" is bound to a player by `cardsFor` before a frame's selector is read; unbound (no per-player step), it matches no one.
 */
function related(who: CardSelector["controller"], player: PlayerId, controller: PlayerId): boolean {
  if (who === "acting") return false;
  return !who || who === "any" || (who === "you" ? player === controller : player !== controller);
}

function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case "<=":
      return a <= b;
    case ">=":
      return a >= b;
    case "=":
      return a === b;
    case "<":
      return a < b;
    case ">":
      return a > b;
    default:
      return false;
  }
}

// Selectors compare names in any case: the lower-case forms of a selector's lists and of a card
// definition's type, subtypes, colours and name are worked out once (IR arrays and definitions
// never change), not on every comparison.
const loweredLists = new WeakMap<readonly string[], Set<string>>();
function lowerSet(list: readonly string[]): Set<string> {
  let set = loweredLists.get(list);
  if (!set) loweredLists.set(list, (set = new Set(list.map((x) => x.toLowerCase()))));
  return set;
}
interface DefinitionWords {
  cardType: string;
  subtypes: Set<string>;
  colors: Set<string>;
  name: string;
}
const wordsOf = perDefinition((def: CompiledCard): DefinitionWords => ({ cardType: def.cardType.toLowerCase(), subtypes: lowerSet(def.subtypes), colors: lowerSet(def.colors), name: def.name.toLowerCase() }));
/** "with cost 2 or less": a definition's printed cost as one number, worked out once. */
const costTotalOf = perDefinition((def: CompiledCard): number => printedCostTotal(def.cost ?? []));
const loweredZones = moduleCache<string, string>();
function lowerZone(zone: string): string {
  let lower = loweredZones.get(zone);
  // Zone names come from game files (a handful per game); the cache stays small.
  if (lower === undefined) loweredZones.set(zone, (lower = zone.toLowerCase()));
  return lower;
}
/** Is a card in a zone a selector names (by default the battlefield), in any case? A card's zone is most often spelled as the game file names it. */
function inSelectorZone(ctx: Ctx, zone: string, zones: readonly string[] | undefined): boolean {
  if (zones) return lowerSet(zones).has(lowerZone(zone));
  const battlefield = ctx.rules.zones.battlefield;
  return zone === battlefield || lowerZone(zone) === lowerZone(battlefield);
}
function anyShared(wanted: Set<string>, have: Set<string>): boolean {
  for (const word of wanted) if (have.has(word)) return true;
  return false;
}

/** Does who acts match a restriction's `by` (relative to the controller of the static's card)? */
function actorMatches(ctx: Ctx, by: RestrictionBy | undefined, controller: PlayerId, src: string | undefined, actor: RuleActor | undefined): boolean {
  if (!by) return true;
  if (!actor) return false;
  if (by.controller && (actor.player === undefined || (by.controller === "you") !== (actor.player === controller))) return false;
  if (by.sources && (!actor.kind || !by.sources.includes(actor.kind))) return false;
  if (by.selector && (!actor.card || !matchesSelector(ctx, actor.card, by.selector, controller, src, true))) return false;
  return true;
}

export function matchesSelector(ctx: Ctx, id: string, selector: CardSelector, controller: PlayerId, selfCard: string | undefined, ignoreZone = false): boolean {
  const card = ctx.state.cards[id];
  if (!card) return false;
  if (selector.anyOf) return selector.anyOf.some((part) => matchesSelector(ctx, id, part, controller, selfCard, ignoreZone));
  const def = cardDef(ctx, card);
  if (!ignoreZone && !inSelectorZone(ctx, card.zone, selector.zones)) return false;
  if (!related(selector.controller, card.zone === ctx.rules.zones.battlefield ? card.controller : card.owner, controller)) return false;
  if (!related(selector.owner, card.owner, controller)) return false;
  const words = selector.cardTypes?.length || selector.subtypes?.length || selector.colors?.length || selector.names?.length ? wordsOf(def) : undefined;
  if (selector.cardTypes?.length && !lowerSet(selector.cardTypes).has(words!.cardType)) return false;
  if (selector.subtypes?.length && !anyShared(lowerSet(selector.subtypes), words!.subtypes)) return false;
  if (selector.colors?.length && !anyShared(lowerSet(selector.colors), words!.colors)) return false;
  if (selector.other && id === selfCard) return false;
  if (selector.controllerWith) {
    const acting = card.zone === ctx.rules.zones.battlefield ? card.controller : card.owner;
    if (!evalCondition(ctx, { controller, card: selfCard, acting, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, selector.controllerWith)) return false;
  }
  if (selector.destroyedThisTurn && !destroyedThisTurnAndNotMoved(ctx, id)) return false;
  if (selector.tokens === "only" && !card.isToken) return false;
  if (selector.tokens === "exclude" && card.isToken) return false;
  if (selector.exhausted !== undefined && card.exhausted !== selector.exhausted) return false;
  if (selector.overexhausted !== undefined && !!card.overexhausted !== selector.overexhausted) return false;
  if (selector.attacking && !isAttacking(ctx, id)) return false;
  if (selector.blocking && !isBlocking(ctx, id)) return false;
  if (selector.blockingSelf && (selfCard === undefined || !blocks(ctx, id, selfCard))) return false;
  if (selector.blockedBySelf && (selfCard === undefined || !blocks(ctx, selfCard, id))) return false;
  // Bound only by cardsFor (the card an effect names): matched anywhere else, no card.
  if (selector.blockingCard || selector.blockedByCard) return false;
  if (selector.defender && !isDefender(ctx, id)) return false;
  if (selector.newlyTurned && !isNewlyTurned(ctx, id)) return false;
  if (selector.attackedThisTurn && card.attackedTurn !== ctx.state.turn) return false;
  if (selector.playedThisTurn) {
    const by = selector.playedThisTurn.by;
    if (!ctx.state.playedThisTurn?.some((entry) => entry.card === id && related(by, entry.controller, controller))) return false;
  }
  if (selector.enteredThisTurn) {
    const under = selector.enteredThisTurn.under;
    if (!ctx.state.enteredThisTurn?.some((entry) => entry.card === id && related(under, entry.controller, controller))) return false;
  }
  if (selector.names?.length && !lowerSet(selector.names).has(words!.name)) return false;
  if (selector.targeting && !targetsOfSpellMatch(ctx, id, selector.targeting, controller, selfCard)) return false;
  // "target activated ability": one of its activated abilities waits on the response chain.
  if (selector.activating && !ctx.state.stack.some((item) => item.kind === "ability" && item.frame.ability !== undefined && item.frame.card === id)) return false;
  if (selector.keyword && !keywordsOf(ctx, id).has(selector.keyword.toLowerCase())) return false;
  if (selector.exclude?.some((left) => matchesSelector(ctx, id, left, controller, selfCard, true))) return false;
  if (selector.counters) {
    const { counter, op, value } = selector.counters;
    let has = 0;
    if (counter) has = card.counters[counter] ?? 0;
    else for (const name in card.counters) has += card.counters[name] ?? 0;
    if (!compare(has, op, value)) return false;
  }
  if (selector.cost && !compare(costTotalOf(def), selector.cost.op, selector.cost.value)) return false;
  if (selector.stat) {
    const value = statOf(ctx, id, selector.stat.name);
    // "with less power than this unit": the bound read now, for the selector's controller and card.
    const bound = typeof selector.stat.value === "number" ? selector.stat.value : evalNumber(ctx, { controller, card: selfCard, steps: [], pc: 0, targets: [], chosen: {}, label: "" }, selector.stat.value);
    if (!compare(value, selector.stat.op, bound)) return false;
  }
  return true;
}

/** A card destroyed this turn that is still where destruction put it ("target creature card that was destroyed this turn"). */
function destroyedThisTurnAndNotMoved(ctx: Ctx, id: string): boolean {
  if (!ctx.state.destroyedThisTurn?.some((d) => d.card === id)) return false;
  const known = ctx.state.lastKnown?.[id];
  return !!known && ctx.state.cards[id]?.zone === known.zone;
}

/** "a spell that targets a creature you control": the spell `id` waits on the response chain, one of its chosen targets matching. */
function targetsOfSpellMatch(ctx: Ctx, id: string, targeting: NonNullable<CardSelector["targeting"]>, controller: PlayerId, selfCard: string | undefined): boolean {
  const item = ctx.state.stack?.find((entry) => entry.frame.spellCard === id);
  return item !== undefined && someTargetMatches(ctx, item.frame.targets.flat(), targeting, controller, selfCard);
}

/** Is one of a spell's chosen targets what "that targets a creature you control" / "that targets you" names? */
export function someTargetMatches(ctx: Ctx, targets: readonly TargetValue[], targeting: NonNullable<CardSelector["targeting"]>, controller: PlayerId, selfCard: string | undefined): boolean {
  return targets.some((value) => ("card" in value ? !!targeting.cards && matchesSelector(ctx, value.card, targeting.cards, controller, selfCard) : !!targeting.players && related(targeting.players, value.player, controller)));
}

/**
 * Does a card destroyed this turn match a selector, as it was: its definition's words, a token or not, who controlled and
 * owned it, another than this card. The lowering gives `destroyed_this_turn` no other selector field (contract.ts).
 */
export function destroyedMatches(ctx: Ctx, dead: DestroyedCard, selector: CardSelector, controller: PlayerId, selfCard: string | undefined): boolean {
  const def = ctx.rules.cards.get(dead.def) ?? ctx.state.tokens[dead.def];
  if (!def) return false;
  if (!related(selector.controller, dead.controller, controller) || !related(selector.owner, dead.owner, controller)) return false;
  const words = wordsOf(def);
  if (selector.cardTypes?.length && !lowerSet(selector.cardTypes).has(words.cardType)) return false;
  if (selector.subtypes?.length && !anyShared(lowerSet(selector.subtypes), words.subtypes)) return false;
  if (selector.colors?.length && !anyShared(lowerSet(selector.colors), words.colors)) return false;
  if (selector.names?.length && !lowerSet(selector.names).has(words.name)) return false;
  if (selector.other && dead.card === selfCard) return false;
  if (selector.tokens === "only" && !dead.token) return false;
  if (selector.tokens === "exclude" && dead.token) return false;
  return true;
}

/** "the unit with the highest power": of `cards`, those whose stat is the highest (lowest) among them, all when tied. */
export function extremes(ctx: Ctx, cards: string[], extreme: NonNullable<CardSelector["extreme"]>): string[] {
  if (cards.length < 2) return cards;
  const values = cards.map((id) => statOf(ctx, id, extreme.stat));
  const best = extreme.which === "highest" ? Math.max(...values) : Math.min(...values);
  return cards.filter((_, i) => values[i] === best);
}

/** The number of the controller's most recent turn (turns alternate between the two players). */
function lastTurnOf(ctx: Ctx, player: PlayerId): number {
  return ctx.state.active === player ? ctx.state.turn : ctx.state.turn - 1;
}

/**
 * Is a card Newly Turned (runtime/mechanics/renew.ts): of a type `newly_turned_types` names, in play since the start of its
 * controller's most recent turn, and without a rule that ignores it (Haste). Read here too for "Newly Turned creatures".
 */
export function isNewlyTurned(ctx: Ctx, id: string): boolean {
  const card = ctx.state.cards[id];
  if (!card || card.zone !== ctx.rules.zones.battlefield) return false;
  if (!ctx.rules.words("newly_turned_types").has(cardDef(ctx, card).cardType.toLowerCase())) return false;
  if (card.enteredTurn < lastTurnOf(ctx, card.controller)) return false;
  return !hasRule(ctx, id, "ignores_newly_turned") && !hasRule(ctx, id, "ignores_summoning_sickness");
}

/**
 * Is a card attacking now? Declared as an attacker of the combat in progress (damage combat: until its combat damage is
 * dealt), or the attacker of an attack still resolving (fights: an attack is a frame running the native rule `attack`).
 */
export function isAttacking(ctx: Ctx, id: string): boolean {
  if (ctx.state.battle?.attackers.includes(id) || ctx.state.combat?.attacker === id) return true;
  return ctx.state.frames.some((f) => f.chosen["attacker"]?.[0] === id && f.steps.some((s) => s.op === "rule" && s.rule === "attack"));
}

/** Is `blocker` blocking `attacker` now? In the combat in progress, or walling the attack that is resolving. */
export function blocks(ctx: Ctx, blocker: string, attacker: string): boolean {
  if (ctx.state.battle?.blocks[attacker]?.includes(blocker)) return true;
  return ctx.state.frames.some((f) => f.chosen["blocker"]?.[0] === blocker && f.chosen["attacker"]?.[0] === attacker && f.steps.some((s) => s.op === "rule" && s.rule === "attack"));
}

/** Is a card blocking now? Blocking an attacker of the combat in progress, or walling the attack that is resolving. */
export function isBlocking(ctx: Ctx, id: string): boolean {
  const battle = ctx.state.battle;
  if (battle) for (const attacker in battle.blocks) if (battle.blocks[attacker]!.includes(id)) return true;
  return ctx.state.frames.some((f) => f.chosen["blocker"]?.[0] === id && f.steps.some((s) => s.op === "rule" && s.rule === "attack"));
}

/**
 * Is a card a defender (a game whose units block by being made defenders)? Made one and not yet walled, or walling the
 * attack that is resolving: its status is spent as it walls (`defender_walls = one_attack`), but it is that fight's
 * defender — "Defenders you control get +1 power" holds in the fight it walls, "Whenever a defender you control is
 * destroyed" sees it die there.
 */
export function isDefender(ctx: Ctx, id: string): boolean {
  return ctx.state.cards[id]!.defender || isBlocking(ctx, id);
}

const NO_IDS: readonly string[] = [];

/** Every card matching a selector, in a stable order (players in turn order, zone order). */
export function selectCards(ctx: Ctx, selector: CardSelector, controller: PlayerId, selfCard: string | undefined): string[] {
  if (selector.anyOf) return eachOnce(selector.anyOf.map((part) => selectCards(ctx, part, controller, selfCard)));
  const zones = selector.zones ?? [ctx.rules.zones.battlefield];
  const out: string[] = [];
  for (const player of ctx.state.order) {
    const held = ctx.state.players[player]!.zones;
    for (const zone of zones) {
      // Read-only: selectors run during validation too, so a missing zone is empty, never created.
      const list = held[zone] ?? held[Object.keys(held).find((z) => lowerZone(z) === lowerZone(zone)) ?? ""] ?? NO_IDS;
      for (const id of list) if (matchesSelector(ctx, id, selector, controller, selfCard)) out.push(id);
    }
  }
  return selector.extreme ? extremes(ctx, out, selector.extreme) : out;
}

/** The cards of several lists, in their order, each card once (the first time it is listed). */
function eachOnce(lists: string[][]): string[] {
  if (lists.length === 1) return lists[0]!;
  return [...new Set(lists.flat())];
}

const X_JSON = JSON.stringify({ kind: "x" } satisfies NumberExpr);
/** Per part of a card's IR: its copies with X bound, by X (null: the part holds no X). Keyed by the game's own objects. */
const boundX = new WeakMap<object, Map<number, unknown> | null>();

/** Its copies with X bound (null: the part holds no X), looked at once per part. */
function xCopiesOf(part: object): Map<number, unknown> | null {
  let copies = boundX.get(part);
  if (copies === undefined) {
    copies = JSON.stringify(part).includes(X_JSON) ? new Map() : null;
    boundX.set(part, copies);
  }
  return copies;
}

/** Does this part of a card's IR (a selector, a target spec) read X — is it different for each X the player pays? */
export function readsX(part: object): boolean {
  return xCopiesOf(part) !== null;
}

/**
 * `part` of a card's IR (a selector, a target spec) with the X the card defines put in as the number `x`: a selector is
 * matched in a frame of its own ("with power X or less" as a target is chosen, as a spell's effect picks its cards), which
 * knows no X. The same object when there is no X to put in; each copy is made once.
 */
export function withX<T extends object>(part: T, x: number | undefined): T {
  if (x === undefined) return part;
  const copies = xCopiesOf(part);
  if (copies === null) return part;
  let copy = copies.get(x) as T | undefined;
  if (copy === undefined) {
    copy = JSON.parse(JSON.stringify(part).replaceAll(X_JSON, String(x))) as T;
    copies.set(x, copy);
  }
  return copy;
}

/**
 * A frame's selector with "acting" ("they control", "their hand") bound to the player its `per_player` step runs for —
 * relative to the frame's controller, as every selector is (every game is a duel: the other player is "opponent").
 */
export function boundSelector(frame: Frame, selector: CardSelector): CardSelector {
  selector = withX(selector, frame.x);
  if (selector.controller !== "acting" && selector.owner !== "acting") return selector;
  const relation = frame.acting === undefined ? "acting" : frame.acting === frame.controller ? "you" : "opponent";
  return { ...selector, ...(selector.controller === "acting" ? { controller: relation } : {}), ...(selector.owner === "acting" ? { owner: relation } : {}) };
}

/**
 * The cards a frame's selector names (selectCards with the frame's controller, card and acting player), less the card the
 * effect named before (`otherThan`) and keeping only the cards of the player it names (`controllerIs`).
 */
export function cardsFor(ctx: Ctx, frame: Frame, selector: CardSelector): string[] {
  // Each part bound in this frame ("target creature and each creature its controller controls"), then each card once.
  if (selector.blockingCard || selector.blockedByCard) return inCombatWith(ctx, frame, selector);
  const cards = selector.anyOf
    ? eachOnce(selector.anyOf.map((part) => cardsFor(ctx, frame, part)))
    : selector.thisWay
      ? takenThisWay(ctx, frame, selector)
      : selectCards(ctx, boundSelector(frame, selector), frame.controller, frame.card);
  if (!selector.otherThan && !selector.controllerIs) return cards;
  const except = selector.otherThan && evalCard(ctx, frame, selector.otherThan);
  const player = selector.controllerIs && evalPlayer(ctx, frame, selector.controllerIs);
  // The player named is gone (its card left the game): that player controls nothing here.
  if (selector.controllerIs && player === undefined) return [];
  return cards.filter((id) => {
    if (id === except) return false;
    if (player === undefined) return true;
    const card = ctx.state.cards[id]!;
    return (card.zone === ctx.rules.zones.battlefield ? card.controller : card.owner) === player;
  });
}

/**
 * "each creature blocking it", "each creature blocked by that creature": the cards of the rest of the selector in that
 * combat relation with the card the frame names (none when it is gone or names none).
 */
function inCombatWith(ctx: Ctx, frame: Frame, selector: CardSelector): string[] {
  const { blockingCard, blockedByCard, ...rest } = selector;
  const other = evalCard(ctx, frame, (blockingCard ?? blockedByCard)!);
  if (other === undefined) return [];
  return cardsFor(ctx, frame, rest).filter((id) => (blockingCard ? blocks(ctx, id, other) : blocks(ctx, other, id)));
}

/** "a creature card discarded this way": the cards the step's record holds (still in the game) that match the rest of the selector, in any zone. */
function takenThisWay(ctx: Ctx, frame: Frame, selector: CardSelector): string[] {
  const rest = boundSelector(frame, { ...selector, thisWay: undefined });
  // "for each creature they controlled that was destroyed this way": a card the step took out of play is matched by who
  // controlled it as it left (GameState.lastKnown: a stolen creature is its last controller's), not by its owner.
  const { controller: whose, ...others } = rest;
  return (frame.chosen[selector.thisWay!] ?? []).filter((id) => {
    const card = ctx.state.cards[id];
    if (card === undefined) return false;
    const known = whose !== undefined && card.zone !== ctx.rules.zones.battlefield ? lastKnownOf(ctx, id) : undefined;
    if (known) return related(whose, known.controller, frame.controller) && matchesSelector(ctx, id, others, frame.controller, frame.card, true);
    return matchesSelector(ctx, id, rest, frame.controller, frame.card, true);
  });
}

// ---------------------------------------------------------------------------------------------
// Evaluating references

export function evalPlayer(ctx: Ctx, frame: Frame, ref: PlayerRef): PlayerId | undefined {
  switch (ref.kind) {
    case "you":
      return frame.controller;
    case "opponent":
      return opponentOf(ctx.state, frame.controller);
    case "active":
      return ctx.state.active;
    case "target": {
      const t = frame.targets[ref.index]?.[0];
      if (!t) return undefined;
      return "player" in t ? t.player : ctx.state.cards[t.card]?.controller;
    }
    case "controller_of": {
      const id = evalCard(ctx, frame, ref.of);
      if (!id) return undefined;
      const card = ctx.state.cards[id];
      // In play: its controller now; after it left play: the last one (a token no longer exists at all).
      if (card && card.zone === ctx.rules.zones.battlefield) return card.controller;
      return ctx.state.lastKnown?.[id]?.controller ?? card?.owner;
    }
    case "owner_of": {
      const id = evalCard(ctx, frame, ref.of);
      return id ? (ctx.state.cards[id]?.owner ?? ctx.state.lastKnown?.[id]?.owner) : undefined;
    }
    case "event_player":
      return frame.event?.player;
    case "defending": {
      // The player the attack is aimed at (a unit's controller); after the combat, the active player's opponent.
      const aimed = ctx.state.combat?.target;
      if (aimed) return "player" in aimed ? aimed.player : ctx.state.cards[aimed.card]?.controller;
      return ctx.state.order.find((p) => p !== ctx.state.active);
    }
    case "acting":
      return frame.acting;
    case "opponent_of": {
      const of = evalPlayer(ctx, frame, ref.of);
      return of === undefined ? undefined : ctx.state.order.find((p) => p !== of);
    }
  }
}

export function evalPlayers(ctx: Ctx, frame: Frame, ref: PlayersRef): PlayerId[] {
  if (ref.kind === "each_player") return [...ctx.state.order];
  if (ref.kind === "each_opponent") return ctx.state.order.filter((p) => p !== frame.controller);
  const p = evalPlayer(ctx, frame, ref);
  return p ? [p] : [];
}

export function evalCard(ctx: Ctx, frame: Frame, ref: CardRef): string | undefined {
  switch (ref.kind) {
    case "self":
      return frame.card;
    case "target": {
      const t = frame.targets[ref.index]?.[0];
      return t && "card" in t ? t.card : undefined;
    }
    case "it":
      // The cards the last step acted on, else the event's card ("When this blocks, it ...": the blocker).
      return frame.chosen["it"]?.[0] ?? frame.event?.card ?? frame.card;
    case "event_card":
      return frame.event?.card;
    case "event_other":
      // "that creature" after "Whenever this blocks a creature", "the attacking creature" in a blocks trigger.
      return frame.event?.other;
    case "chosen":
      return frame.chosen[ref.label]?.[0];
    case "acted_on":
      return frame.chosen[ACTED_ON]?.[0];
  }
}

/** Where a frame holds the card a step's amount is being worked out for (CardRef "acted_on"). */
export const ACTED_ON = "$acted_on";

const actedOnUse = new WeakMap<object, boolean>();
/** Does a step's (or a static's) amount depend on the card it acts on ("for each OTHER unit": CardRef "acted_on")? */
export function amountPerCard(stepOrEffect: object): boolean {
  let known = actedOnUse.get(stepOrEffect);
  if (known === undefined) actedOnUse.set(stepOrEffect, (known = JSON.stringify(stepOrEffect).includes('"kind":"acted_on"')));
  return known;
}

/**
 * A step's amount for each of the cards it acts on: worked out once, or — when it counts cards other than the one acted on
 * (CardRef "acted_on") — once per card, all before any card is changed.
 */
export function amountsPerCard<T>(frame: Frame, step: object, acted: readonly TargetValue[], compute: () => T): (index: number) => T {
  if (!amountPerCard(step)) {
    const one = compute();
    return () => one;
  }
  const each = acted.map((t) => {
    frame.chosen[ACTED_ON] = "card" in t ? [t.card] : [];
    return compute();
  });
  delete frame.chosen[ACTED_ON];
  return (index) => each[index]!;
}

/** The cards and players an effect acts on. */
export function evalAffected(ctx: Ctx, frame: Frame, affected: Affected): TargetValue[] {
  switch (affected.kind) {
    case "card": {
      if (affected.ref.kind === "target") return (frame.targets[affected.ref.index] ?? []).filter((t) => "card" in t);
      if (affected.ref.kind === "chosen") return (frame.chosen[affected.ref.label] ?? []).map((card) => ({ card }));
      // "the blocking creature" of an attacker two creatures block: each of them.
      if (affected.ref.kind === "event_other" && frame.event?.others) return frame.event.others.map((card) => ({ card }));
      const id = evalCard(ctx, frame, affected.ref);
      return id ? [{ card: id }] : [];
    }
    case "player":
      return evalPlayers(ctx, frame, affected.ref).map((player) => ({ player }));
    case "cards": {
      // A set a sentence's clauses share (IR `set`): found once by the clause that takes it, then those cards.
      const kept = affected.set && !affected.set.takes ? frame.chosen[affected.set.label] : undefined;
      const cards = kept ? keptCards(ctx, kept, affected.selector) : cardsFor(ctx, frame, affected.selector);
      if (affected.set?.takes) frame.chosen[affected.set.label] = cards;
      return cards.map((card) => ({ card }));
    }
    case "target":
      return frame.targets[affected.index] ?? [];
    case "targets":
      return affected.indexes.flatMap((index) => frame.targets[index] ?? []);
  }
}

/** The cards kept for a shared set still in a zone the selector reads (a card that left is another object). */
function keptCards(ctx: Ctx, kept: readonly string[], selector: CardSelector): string[] {
  const zones = (selector.zones ?? [ctx.rules.zones.battlefield]).map(lowerZone);
  return kept.filter((id) => {
    const card = ctx.state.cards[id];
    return card !== undefined && zones.includes(lowerZone(card.zone));
  });
}

/**
 * A card that left play and has not moved since (or a token that left play and is gone), as it last was in play:
 * "deal damage equal to its power" after it was destroyed reads the power it had, counters and changes included.
 */
function lastKnownOf(ctx: Ctx, id: string): LastKnown | undefined {
  const known = ctx.state.lastKnown?.[id];
  if (!known?.stats) return undefined;
  const card = ctx.state.cards[id];
  return !card || card.zone === known.zone ? known : undefined;
}

/**
 * "When this is destroyed, if it was exhausted", "if it had power 3 or more": a card that left play (`known`, its record as
 * it last was in play) matched by its state in play then — exhausted, Overexhausted, attacking, blocking, counters, stats —
 * and by the rest of the selector as it is now (its types, name, token or not: what it still is). A token gone from the
 * game matches only a selector of the first kind.
 */
function matchesAsItWas(ctx: Ctx, id: string, known: LastKnown, selector: CardSelector, frame: Frame): boolean {
  if (selector.anyOf) return selector.anyOf.some((part) => matchesAsItWas(ctx, id, known, part, frame));
  const { exhausted, overexhausted, attacking, blocking, defender, counters, stat, ...rest } = selector;
  if (exhausted !== undefined && !!known.exhausted !== exhausted) return false;
  if (overexhausted !== undefined && !!known.overexhausted !== overexhausted) return false;
  if (attacking && !known.attacking) return false;
  if (blocking && !known.blocking) return false;
  if (defender && !known.defender) return false;
  if (counters) {
    let has = 0;
    if (counters.counter) has = known.counters?.[counters.counter] ?? 0;
    else for (const name in known.counters) has += known.counters[name] ?? 0;
    if (!compare(has, counters.op, counters.value)) return false;
  }
  if (stat) {
    const bound = typeof stat.value === "number" ? stat.value : evalNumber(ctx, { controller: frame.controller, card: frame.card, steps: [], pc: 0, targets: [], chosen: {}, x: frame.x, label: "" }, stat.value);
    if (!compare(Math.max(0, known.stats?.[stat.name] ?? 0), stat.op, bound)) return false;
  }
  let others = false;
  for (const _ in rest) {
    others = true;
    break;
  }
  if (!others) return true;
  if (ctx.state.cards[id] === undefined) return known.tokenDef !== undefined && tokenWasOf(ctx, id, known, rest, frame);
  return matchesSelector(ctx, id, withX(rest, frame.x), frame.controller, frame.card, true);
}

/**
 * A token that ceased to exist as it left play, matched by what it was: as a card destroyed this turn is
 * (destroyedMatches: its definition's words — the set's token card, or GameState.tokens —, token, whose, not this card).
 * A selector asking anything else of it fails, as before (no card to ask).
 */
function tokenWasOf(ctx: Ctx, id: string, known: LastKnown, selector: CardSelector, frame: Frame): boolean {
  const { cardTypes: _t, subtypes: _s, colors: _c, names: _n, tokens: _k, controller: _r, owner: _o, other: _h, zones: _z, ...beyond } = selector;
  for (const _ in beyond) return false;
  return destroyedMatches(ctx, { card: id, def: known.tokenDef!, controller: known.controller, owner: known.owner, token: true }, selector, frame.controller, frame.card);
}

export function evalNumber(ctx: Ctx, frame: Frame, expr: NumberExpr): number {
  if (typeof expr === "number") return expr;
  switch (expr.kind) {
    case "x":
      return frame.x ?? 0;
    case "count":
      return cardsFor(ctx, frame, expr.of).length;
    case "stat": {
      const id = evalCard(ctx, frame, expr.of);
      if (!id) return 0;
      const known = lastKnownOf(ctx, id);
      return known ? Math.max(0, known.stats![expr.stat] ?? 0) : statOf(ctx, id, expr.stat);
    }
    case "life": {
      const p = evalPlayer(ctx, frame, expr.of);
      return p ? ctx.state.players[p]!.life : 0;
    }
    case "counters": {
      if ("card" in expr.of) {
        const id = evalCard(ctx, frame, expr.of.card);
        if (!id) return 0;
        const known = lastKnownOf(ctx, id);
        return (known ? known.counters![expr.counter] : ctx.state.cards[id]?.counters[expr.counter]) ?? 0;
      }
      const p = evalPlayer(ctx, frame, expr.of.player);
      return p ? (ctx.state.players[p]!.counters[expr.counter] ?? 0) : 0;
    }
    case "total": {
      // "the total power of units you control", "for each +1/+1 counter on creatures you control": each card's, added up.
      let sum = 0;
      for (const id of cardsFor(ctx, frame, expr.of)) sum += expr.counter !== undefined ? (ctx.state.cards[id]?.counters[expr.counter] ?? 0) : statOf(ctx, id, expr.stat);
      return sum;
    }
    case "greatest": {
      // "the greatest power among creatures you control": the most one card has (the least, "the lowest"); none: 0.
      let best: number | undefined;
      for (const id of cardsFor(ctx, frame, expr.of)) {
        const v = statOf(ctx, id, expr.stat);
        if (best === undefined || (expr.least ? v < best : v > best)) best = v;
      }
      return best ?? 0;
    }
    case "resource": {
      const p = evalPlayer(ctx, frame, expr.of);
      return p ? (ctx.state.players[p]!.resources[expr.resource] ?? 0) : 0;
    }
    case "players": {
      const players = evalPlayers(ctx, frame, expr.of);
      // "for each opponent with Bleed counters": those of whom the condition holds, each the acting player in turn.
      const holds = expr.with;
      return holds ? players.filter((p) => evalCondition(ctx, { ...frame, acting: p }, holds)).length : players.length;
    }
    case "hand_size": {
      const p = evalPlayer(ctx, frame, expr.of);
      return p ? hand(ctx, p).length : 0;
    }
    case "empty_slots": {
      // The slots the engine fills: a card that takes one is a permanent the player controls in play (actions.ts slot_full).
      const p = evalPlayer(ctx, frame, expr.of);
      const slots = ctx.rules.battlefieldSlots;
      return p && slots !== undefined ? Math.max(0, slots - battlefield(ctx, p).length) : 0;
    }
    case "event_amount":
      return frame.event?.amount ?? 0;
    case "damage_dealt":
      return frame.dealt ?? 0;
    case "life_this_turn": {
      // "If you lost life this turn": all the life the player lost (gained) this turn (GameState.lifeThisTurn).
      const p = evalPlayer(ctx, frame, expr.of);
      return p ? (ctx.state.lifeThisTurn?.[p]?.[expr.change] ?? 0) : 0;
    }
    case "chosen_count":
      // "Each player loses 2 life, then gains that much life": what the acting player lost, one entry per point for each player.
      if (expr.ofActing && frame.acting !== undefined) return (frame.chosen[expr.label] ?? []).filter((id) => id === frame.acting).length;
      return frame.chosen[expr.label]?.length ?? 0;
    case "destroyed_this_turn":
    case "played_this_turn":
    case "entered_this_turn":
    case "discarded_this_turn":
      // "for each creature that died this turn", "for each spell you cast this turn", "for each other unit that entered play
      // this turn": the record's cards, matched as they were ("that died last turn": the turn before's record).
      return doneThisTurn(ctx, frame, expr.kind === "destroyed_this_turn" && expr.lastTurn ? "destroyed_last_turn" : expr.kind, expr.of);
    case "times":
      return expr.factor * evalNumber(ctx, frame, expr.of);
    case "half": {
      const whole = evalNumber(ctx, frame, expr.of) / 2;
      return expr.round === "up" ? Math.ceil(whole) : Math.floor(whole);
    }
    case "plus":
      return evalNumber(ctx, frame, expr.of) + expr.add;
    case "short_of":
      return Math.max(0, evalNumber(ctx, frame, expr.target) - evalNumber(ctx, frame, expr.have));
    case "at_most":
      return Math.min(expr.max, evalNumber(ctx, frame, expr.of));
  }
}

/** How many cards of a turn's record (GameState.destroyedThisTurn, playedThisTurn, enteredThisTurn, discardedThisTurn) match the selector, as they were. */
function doneThisTurn(ctx: Ctx, frame: Frame, record: "destroyed_this_turn" | "destroyed_last_turn" | "played_this_turn" | "entered_this_turn" | "discarded_this_turn" | "drawn_this_turn" | "attacked_this_turn", selector: CardSelector, by?: PlayerId): number {
  const { state } = ctx;
  const cards = record === "destroyed_last_turn" ? state.destroyedLastTurn : record === "destroyed_this_turn" ? state.destroyedThisTurn : record === "played_this_turn" ? state.playedThisTurn : record === "entered_this_turn" ? state.enteredThisTurn : record === "attacked_this_turn" ? state.attackedThisTurn : record === "drawn_this_turn" ? state.drawnThisTurn : state.discardedThisTurn;
  let count = 0;
  // `by`: one player's cards of the record ("if they didn't attack this turn"), where the selector's relative controller cannot say which.
  for (const done of cards ?? []) if ((by === undefined || done.controller === by) && destroyedMatches(ctx, done, selector, frame.controller, frame.card)) count++;
  return count;
}

export function evalCondition(ctx: Ctx, frame: Frame, condition: Condition): boolean {
  switch (condition.kind) {
    case "controls": {
      const who = evalPlayer(ctx, frame, condition.who) ?? frame.controller;
      return cardsFor(ctx, frame, { ...condition.selector, controller: who === frame.controller ? "you" : "opponent" }).length >= condition.atLeast;
    }
    case "life_at_most": {
      const p = evalPlayer(ctx, frame, condition.who);
      return p !== undefined && ctx.state.players[p]!.life <= evalNumber(ctx, frame, condition.value);
    }
    case "life_at_least": {
      const p = evalPlayer(ctx, frame, condition.who);
      return p !== undefined && ctx.state.players[p]!.life >= evalNumber(ctx, frame, condition.value);
    }
    case "compare":
      return compare(evalNumber(ctx, frame, condition.left), condition.op, evalNumber(ctx, frame, condition.right));
    case "your_turn":
      return ctx.state.active === frame.controller;
    case "phase":
      return ctx.state.phase === condition.phase;
    case "destroyed_this_turn":
    case "played_this_turn":
    case "entered_this_turn":
    case "discarded_this_turn":
    case "drawn_this_turn":
      // "if a creature died this turn" / "if you didn't play a creature this turn" / "if you discarded a card this turn" /
      // "if you have drawn a card this turn" (GameState.drawnThisTurn):
      // the record's cards, matched as they were then (by what they were and who controlled, played or discarded them).
      // "if a creature died last turn": the turn before this one's record (GameState.destroyedLastTurn).
      return doneThisTurn(ctx, frame, condition.kind === "destroyed_this_turn" && condition.lastTurn ? "destroyed_last_turn" : condition.kind, condition.selector) >= condition.atLeast;
    case "attacked_this_turn": {
      // "if they didn't attack this turn": the cards that player attacked with, as they were as they attacked.
      const p = evalPlayer(ctx, frame, condition.who);
      return p !== undefined && doneThisTurn(ctx, frame, condition.kind, condition.selector, p) >= condition.atLeast;
    }
    case "can_pay": {
      // "you may pay {B}", "unless its controller pays {2}": asked only of a player the game's payment listing offers a way.
      const p = evalPlayer(ctx, frame, condition.who);
      return p !== undefined && symbolPayments(ctx, p, condition.cost).length > 0;
    }
    case "done_this_way": {
      // "If that creature is destroyed this way": among the cards the step before it really took (compiler/ir.ts THIS_WAY_LABELS).
      const taken = frame.chosen[condition.label] ?? [];
      // "If a player was dealt damage this way, they ...": that player among them.
      if (condition.who) {
        const player = evalPlayer(ctx, frame, condition.who);
        return player !== undefined && taken.includes(player);
      }
      // "If a Knight died this way": one of them is of that kind, as it last was in play.
      if (!condition.of && condition.selector) {
        const selector = condition.selector;
        return taken.some((id) => {
          if (typeof id !== "string") return false;
          // A token taken is gone from the game: what it was (lastKnownOf) still says whether it was a Knight.
          const known = ctx.state.cards[id]?.zone === ctx.rules.zones.battlefield ? undefined : lastKnownOf(ctx, id);
          if (!known && ctx.state.cards[id] === undefined) return false;
          return known ? matchesAsItWas(ctx, id, known, selector, frame) : matchesSelector(ctx, id, withX(selector, frame.x), frame.controller, frame.card, true);
        });
      }
      if (!condition.of) return taken.length > 0;
      const id = evalCard(ctx, frame, condition.of);
      return id !== undefined && taken.includes(id);
    }
    case "card_is": {
      const id = evalCard(ctx, frame, condition.of);
      if (!id) return false;
      // A card that left play (and has not moved since): as it last was in play ("When this is destroyed, if it was blocking").
      const known = ctx.state.cards[id]?.zone === ctx.rules.zones.battlefield ? undefined : lastKnownOf(ctx, id);
      if (known) return condition.state === "attacking" ? !!known.attacking : condition.state === "blocking" ? !!known.blocking : !!known.defender;
      if (ctx.state.cards[id]?.zone !== ctx.rules.zones.battlefield) return false;
      return condition.state === "attacking" ? isAttacking(ctx, id) : condition.state === "blocking" ? isBlocking(ctx, id) : isDefender(ctx, id);
    }
    case "card_matches": {
      const id = evalCard(ctx, frame, condition.of);
      if (id === undefined) return false;
      const known = ctx.state.cards[id]?.zone === ctx.rules.zones.battlefield ? undefined : lastKnownOf(ctx, id);
      if (known) return matchesAsItWas(ctx, id, known, condition.selector, frame);
      return ctx.state.cards[id] !== undefined && matchesSelector(ctx, id, withX(condition.selector, frame.x), frame.controller, frame.card, true);
    }
    case "not":
      return !evalCondition(ctx, frame, condition.condition);
    case "all":
      return condition.conditions.every((c) => evalCondition(ctx, frame, c));
    case "any":
      return condition.conditions.some((c) => evalCondition(ctx, frame, c));
  }
}

