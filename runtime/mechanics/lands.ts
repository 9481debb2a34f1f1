/**
 * Costs paid by exhausting lands (`param costs_paid_by = exhausting_lands`): a land is any card
 * whose card type requires a `produces:` field; exhausting it yields `land_produces` units of
 * the colour or resource it names. A cost's symbols (`{R}`, `{G}`, `{2}`, `{X}`) are resolved
 * through the game file's symbol table (`color Red symbol {R}`, `symbol {G} = Gold`,
 * `symbol {N} = generic`), and which land may pay which symbol is four game parameters:
 * `color_pays_generic`, `resource_pays_generic`, `resource_pays_color`, `color_pays_resource`.
 *
 * Whether a cost can be paid is a bipartite matching between the cost's units and the untapped
 * lands' units (exact payment: every unit of every land exhausted is spent). Legal actions list
 * the distinct payments (which lands, distinct by what they leave untapped, and the value of X;
 * capped, see PAYMENT_LIMIT); the player picks one, or names any other exact set.
 *
 * Land plays: `lands_per_turn` per turn, only in the phases `land_play_phases` names, in the
 * player's own turn with nothing waiting to resolve (the core's timing for permanents), never
 * through the response model (a land enters play directly).
 */
import type { CompiledCard, CostPart, SourceRef } from "../../compiler/ir.ts";
import type { Payment, Refusal } from "../core/action.ts";
import { refuseShortfall } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import { battlefield, cardDef, cardName, emit, exhaustCard, writeCard } from "../core/index.ts";
import type { Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import { perGame } from "../core/per-game.ts";
import type { PlayerId } from "../state/state.ts";
import type { TraceEvent } from "../state/trace.ts";

/** What one unit of a cost asks for, or what one unit a land produces. */
export type Unit = LandUnit | { kind: "generic" };
/** What a land produces: its `produces:` names a colour or a resource of the game, never generic. */
export type LandUnit = { kind: "color" | "resource"; name: string };

/** Trace marker on the events of a land payment (for the simulator's invariant). */
export const LAND_EXHAUST = "land exhaust";
export const LAND_PAYMENT = "land payment";

/**
 * How many distinct land choices legal actions list per cost, and per value of X for an X cost (an
 * X spell lists every value the lands allow, so it gets fewer choices per value). Payments are
 * distinct by what they leave untapped, so a cost with at most two generic units on five kinds
 * of land (at most 15 choices) is always listed in full; `apply` accepts any exact payment.
 */
export const PAYMENT_LIMIT = 16;
export const PAYMENT_LIMIT_PER_X = 4;

const lower = (s: string) => s.toLowerCase();

export function landsPayCosts(rules: Rules): boolean {
  return rules.param("costs_paid_by", "") === "exhausting_lands";
}

// ---------------------------------------------------------------------------------------------
// Units as small numbers: each distinct unit of a game (generic, a colour, a resource) gets an id
// once per loaded rules, and whether one pays another is a table lookup. Payment enumeration asks
// that for every branch of every choice of lands, so nothing here builds strings or objects per ask.

interface UnitTable {
  ids: Map<string, number>;
  units: Unit[];
  /** pays[produced][need], filled as asked. */
  pays: (boolean | undefined)[][];
  /** Lower-case word → the unit it names (null: none). */
  words: Map<string, LandUnit | null>;
  /** Card definition id → what it produces (null: not a land). */
  produced: Map<string, LandUnit | null>;
  /** A cost → its units' ids, per value of X. */
  costs: WeakMap<CostPart[], Map<number, number[]>>;
  /**
   * Land choices across decisions and games: the untapped lands' signature → a cost's units (the
   * `costs` arrays) → limit → the choices, each a list of positions in the untapped lands. The search
   * reads nothing else of a land than its group (which names its unit), so the same groups in the same
   * order and the same cost give the same choices, whatever the lands' ids: a board seen in another game
   * (the same lands in the same order, other cards) is known. The board of a signature is found once per
   * listing (a short string compared once), its costs by identity after that.
   */
  boards: Map<string, LandBoard>;
  /** Card definition id → what an untapped land of it reads as in the search (null: not a land): worked out once per definition, not per listing. */
  lands: Map<string, LandKind | null>;
  /** A land group → its number in a board's signature. */
  groups: Map<string, number>;
}
/** What the land search reads of a land besides its id: the unit it produces and its group; `mark`, the group's number (it names both in a signature). */
interface LandKind {
  unit: number;
  group: string;
  mark: number;
}
/** The land choices worked out for one sequence of untapped lands' groups: a cost's units → limit → the choices (positions in the untapped lands). */
type LandBoard = WeakMap<number[], Map<number, number[][]>>;
/** The same choices as the lands' ids, for the untapped lands of one listing. */
type LandIdChoices = WeakMap<number[], Map<number, string[][]>>;

const unitTable = perGame((rules: Rules): UnitTable => {
  // A memo of the game's units and land boards: one holder per game, filled as the game is played.
  return { ids: new Map(), units: [], pays: [], words: new Map(), produced: new Map(), costs: new WeakMap(), boards: new Map(), lands: new Map(), groups: new Map() };
});

function unitId(rules: Rules, unit: Unit): number {
  const table = unitTable(rules);
  const key = unitKey(unit);
  let id = table.ids.get(key);
  if (id === undefined) {
    id = table.units.length;
    table.ids.set(key, id);
    table.units.push(unit);
  }
  return id;
}

/** `produced` is always the id of a land's unit (the slots of a matching are lands' units). */
function paysId(rules: Rules, table: UnitTable, produced: number, need: number): boolean {
  const row = (table.pays[produced] ??= []);
  let answer = row[need];
  if (answer === undefined) row[need] = answer = canPayUncached(rules, table.units[produced] as LandUnit, table.units[need]!);
  return answer;
}

function unitOfWord(rules: Rules, word: string): LandUnit | undefined {
  const table = unitTable(rules);
  const key = lower(word);
  let unit = table.words.get(key);
  if (unit === undefined) {
    const color = rules.game.colors.find((c) => lower(c.name) === key);
    const resource = color ? undefined : rules.game.resources.find((r) => lower(r.name) === key);
    unit = color ? { kind: "color", name: color.name } : resource ? { kind: "resource", name: resource.name } : null;
    table.words.set(key, unit);
  }
  return unit ?? undefined;
}

/** Is this card a land (its `produces:` names a colour or resource of the game)? */
export function isLandCard(rules: Rules, def: CompiledCard): boolean {
  const word = def.fields?.["produces"]?.[0];
  return word !== undefined && unitOfWord(rules, word) !== undefined;
}

function producedBy(rules: Rules, def: CompiledCard): LandUnit | undefined {
  const table = unitTable(rules);
  let unit = table.produced.get(def.id);
  if (unit === undefined) {
    const word = def.fields?.["produces"]?.[0];
    table.produced.set(def.id, (unit = (word ? unitOfWord(rules, word) : undefined) ?? null));
  }
  return unit ?? undefined;
}

/** What a card produces when exhausted for a cost, if it is a land. */
export function produces(ctx: Ctx, id: string): LandUnit | undefined {
  const card = ctx.state.cards[id];
  return card ? producedBy(ctx.rules, cardDef(ctx, card)) : undefined;
}

export const isLand = (ctx: Ctx, id: string): boolean => produces(ctx, id) !== undefined;

// "x" lower-cased: only "x" and "X" are (asked per cost part of every listed payment: no lower-casing, no pattern).
const isXSymbol = (part: CostPart & { pays: "symbol" }) => part.symbol === "x" || part.symbol === "X";

/** The units a cost's symbols ask for; X counts as `x` generic units. */
export function costUnits(rules: Rules, cost: CostPart[], x: number | undefined): Unit[] {
  const out: Unit[] = [];
  for (const part of cost) {
    if (part.pays !== "symbol") continue;
    const meaning = rules.game.symbols?.[part.symbol] ?? (part.generic || /^\d+$/.test(part.symbol) ? { generic: true } : undefined);
    const count = isXSymbol(part) ? (x ?? 0) : part.amount;
    const unit: Unit = meaning?.color ? { kind: "color", name: meaning.color } : meaning?.resource ? { kind: "resource", name: meaning.resource } : { kind: "generic" };
    for (let i = 0; i < count; i++) out.push(unit);
  }
  return out;
}

/** `costUnits` as unit ids, worked out once per cost and value of X. */
function costUnitIds(rules: Rules, cost: CostPart[], x: number | undefined): number[] {
  const table = unitTable(rules);
  let byX = table.costs.get(cost);
  if (!byX) table.costs.set(cost, (byX = new Map()));
  let ids = byX.get(x ?? 0);
  if (!ids) byX.set(x ?? 0, (ids = costUnits(rules, cost, x).map((u) => unitId(rules, u))));
  return ids;
}

const hasSymbols = (cost: CostPart[]) => cost.some((p) => p.pays === "symbol");
const costsWithX = new WeakMap<CostPart[], boolean>();
function hasX(cost: CostPart[]): boolean {
  let known = costsWithX.get(cost);
  if (known === undefined) costsWithX.set(cost, (known = cost.some((p) => p.pays === "symbol" && isXSymbol(p))));
  return known;
}

const unitKey = (u: Unit) => (u.kind === "generic" ? "*" : `${u.kind[0]}:${lower(u.name)}`);

/** May one produced unit pay one unit of cost? The game file's four substitution parameters decide (cached per loaded rules). */
export function canPay(rules: Rules, produced: LandUnit, need: Unit): boolean {
  return paysId(rules, unitTable(rules), unitId(rules, produced), unitId(rules, need));
}

function canPayUncached(rules: Rules, produced: LandUnit, need: Unit): boolean {
  if (need.kind === "generic") return produced.kind === "color" ? rules.param("color_pays_generic", true) : rules.param("resource_pays_generic", true);
  if (produced.kind === need.kind) return lower(produced.name) === lower(need.name);
  if (need.kind === "color") return rules.param("resource_pays_color", false);
  return rules.param("color_pays_resource", false);
}

/** Kuhn's augmenting paths: can every need be matched to a distinct produced unit? */
export function matchAll(rules: Rules, needs: Unit[], slots: LandUnit[]): boolean {
  return matchIds(rules, needs.map((u) => unitId(rules, u)), slots.map((u) => unitId(rules, u)));
}

function matchIds(rules: Rules, needs: number[], slots: number[]): boolean {
  if (needs.length > slots.length) return false;
  const table = unitTable(rules);
  const owner = new Int32Array(slots.length).fill(-1);
  const seen = new Uint8Array(slots.length);
  for (let n = 0; n < needs.length; n++) {
    seen.fill(0);
    if (!augmentNeed(rules, table, needs, slots, n, owner, seen)) return false;
  }
  return true;
}

function augmentNeed(rules: Rules, table: UnitTable, needs: number[], slots: number[], n: number, owner: Int32Array, seen: Uint8Array): boolean {
  for (let s = 0; s < slots.length; s++) {
    if (seen[s] || !paysId(rules, table, slots[s]!, needs[n]!)) continue;
    seen[s] = 1;
    if (owner[s] === -1 || augmentNeed(rules, table, needs, slots, owner[s]!, owner, seen)) {
      owner[s] = n;
      return true;
    }
  }
  return false;
}

const perLand = (rules: Rules) => Math.max(1, rules.param("land_produces", 1));

/** An untapped land: its card, the unit it produces, and the group of interchangeable lands it belongs to. */
interface UntappedLand {
  id: string;
  unit: number;
  group: string;
  /** The group's number (`LandKind.mark`). */
  mark: number;
}

/** A land definition's unit and group, by definition id (as `producedBy`: a definition id names one definition in a game). */
function landKind(rules: Rules, def: CompiledCard): LandKind | null {
  const table = unitTable(rules);
  let kind = table.lands.get(def.id);
  if (kind === undefined) {
    const unit = producedBy(rules, def);
    if (!unit) kind = null;
    else {
      // Lands that produce the same unit and have no abilities of their own are interchangeable.
      const group = def.abilities.length > 0 ? `card:${def.id}` : `unit:${unitKey(unit)}`;
      let mark = table.groups.get(group);
      if (mark === undefined) table.groups.set(group, (mark = table.groups.size));
      kind = { unit: unitId(rules, unit), group, mark };
    }
    table.lands.set(def.id, kind);
  }
  return kind;
}

/** What a listing keeps per player (in `ctx.memo`, under one key): the untapped lands, and the land choices for them. */
interface ListingLands {
  untapped?: UntappedLand[];
  board?: LandBoard;
  ids?: LandIdChoices;
}
function listingLands(ctx: Ctx, player: PlayerId): ListingLands | undefined {
  if (!ctx.memo) return undefined;
  let byPlayer = ctx.memo.get("lands") as Map<PlayerId, ListingLands> | undefined;
  if (!byPlayer) ctx.memo.set("lands", (byPlayer = new Map()));
  let kept = byPlayer.get(player);
  if (!kept) byPlayer.set(player, (kept = {}));
  return kept;
}

/** The player's lands that can be exhausted now, in battlefield order (kept for the listing's duration). */
function untappedInfo(ctx: Ctx, player: PlayerId): UntappedLand[] {
  const kept = listingLands(ctx, player);
  if (kept?.untapped) return kept.untapped;
  const out: UntappedLand[] = [];
  for (const id of battlefield(ctx, player)) {
    const card = ctx.state.cards[id]!;
    if (card.exhausted || card.overexhausted) continue;
    const kind = landKind(ctx.rules, cardDef(ctx, card));
    if (kind) out.push({ id, unit: kind.unit, group: kind.group, mark: kind.mark });
  }
  if (kept) kept.untapped = out;
  return out;
}

/**
 * Whether two sets of lands are the same payment: as many lands of each interchangeable group. The listing names one
 * set per distinct payment (the first untapped lands of each group); a player may name any other exact set (the
 * studio's land picker, a scenario's `exhausting` line), which is the listed payment made with other lands.
 */
export function sameLandPayment(ctx: Ctx, a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  // The lands named must be ones the listed payment's player could exhaust now: their own, in play, untapped, each once.
  const player = ctx.state.cards[a[0]!]?.controller;
  if (player === undefined) return false;
  const untapped = new Set(untappedInfo(ctx, player).map((land) => land.id));
  if (new Set(b).size !== b.length || !b.every((id) => untapped.has(id))) return false;
  const groupOf = (id: string): string | undefined => {
    const card = ctx.state.cards[id];
    if (!card) return undefined;
    return landKind(ctx.rules, cardDef(ctx, card))?.group;
  };
  const count = new Map<string, number>();
  for (const id of a) {
    const g = groupOf(id);
    if (g === undefined) return false;
    count.set(g, (count.get(g) ?? 0) + 1);
  }
  for (const id of b) {
    const g = groupOf(id);
    const left = g === undefined ? 0 : (count.get(g) ?? 0);
    if (left === 0) return false;
    count.set(g!, left - 1);
  }
  return true;
}

/** Boards kept across decisions and games (then forgotten, all at once). */
const LAND_BOARDS_KEPT = 2048;

/** The land choices known for the player's untapped lands now (found by what the search reads of them: each land's id, unit and group, in order). */
function landBoard(ctx: Ctx, player: PlayerId): LandBoard {
  const kept = listingLands(ctx, player);
  if (kept?.board) return kept.board;
  // Each land's group number as one character (a group's number names its unit too: a group is one definition's
  // lands, or the plain lands of one unit).
  const untapped = untappedInfo(ctx, player);
  const marks = new Array<number>(untapped.length);
  for (let i = 0; i < untapped.length; i++) marks[i] = untapped[i]!.mark;
  const signature = String.fromCharCode(...marks);
  const boards = unitTable(ctx.rules).boards;
  let board = boards.get(signature);
  if (!board) {
    // Bounded: boards differ from game to game; the recent ones are the ones asked again.
    if (boards.size >= LAND_BOARDS_KEPT) boards.clear();
    boards.set(signature, (board = new WeakMap()));
  }
  if (kept) kept.board = board;
  return board;
}

/** The player's lands that can be exhausted now, in battlefield order. */
export function untappedLands(ctx: Ctx, player: PlayerId): string[] {
  return untappedInfo(ctx, player).map((l) => l.id);
}

/** Exactly these lands pay exactly these units (unit ids; every unit produced is spent)? */
function landsPayIds(ctx: Ctx, lands: string[], needs: number[]): boolean {
  const per = perLand(ctx.rules);
  if (lands.length * per !== needs.length) return false;
  const slots: number[] = [];
  for (const id of lands) {
    const unit = unitId(ctx.rules, produces(ctx, id)!);
    for (let i = 0; i < per; i++) slots.push(unit);
  }
  return matchIds(ctx.rules, needs, slots);
}

/**
 * Can every chosen land unit be spent on a distinct need? `fits[k][n]`: may a unit of kind k pay need n.
 * Kuhn's augmenting paths from the slots' side, on small integer arrays (this runs for every branch
 * of every payment enumeration, so it allocates nothing: its two buffers, of `needCount` each, are the search's).
 */
function slotsFit(slotKinds: number[], count: number, fits: boolean[][], needCount: number, owner: Int32Array, seen: Uint8Array): boolean {
  if (count > needCount) return false;
  owner.fill(-1);
  for (let s = 0; s < count; s++) {
    seen.fill(0);
    if (!augmentSlot(slotKinds, fits, needCount, s, owner, seen)) return false;
  }
  return true;
}

function augmentSlot(slotKinds: number[], fits: boolean[][], needCount: number, s: number, owner: Int32Array, seen: Uint8Array): boolean {
  const row = fits[slotKinds[s]!]!;
  for (let n = 0; n < needCount; n++) {
    if (seen[n] || !row[n]) continue;
    seen[n] = 1;
    if (owner[n] === -1 || augmentSlot(slotKinds, fits, needCount, owner[n]!, owner, seen)) {
      owner[n] = s;
      return true;
    }
  }
  return false;
}

/**
 * Distinct sets of lands that pay `needs` exactly. Lands that produce the same unit and have no
 * abilities of their own are interchangeable (two Red lands of different names, or two copies of
 * one), so a choice is how many of each such group; the first untapped ones are used. A land with
 * abilities is its own group per card. At most `limit`.
 * Branches are cut as soon as the lands chosen so far cannot all be spent on distinct units of
 * the cost, so every complete choice reached is a payment. `needs` are unit ids.
 */
function landChoicesIds(ctx: Ctx, player: PlayerId, needs: number[], limit: number): string[][] {
  // The ids of a listing's choices are kept for the listing (a cost asked for several cards, each X...).
  const kept = listingLands(ctx, player);
  let byLimit = kept?.ids?.get(needs);
  let ids = byLimit?.get(limit);
  if (ids) return ids;
  const untapped = untappedInfo(ctx, player);
  const positions = landChoicePositions(ctx, player, needs, limit);
  ids = new Array<string[]>(positions.length);
  for (let c = 0; c < positions.length; c++) {
    const choice = positions[c]!;
    const lands = new Array<string>(choice.length);
    for (let i = 0; i < choice.length; i++) lands[i] = untapped[choice[i]!]!.id;
    ids[c] = lands;
  }
  if (kept) {
    if (!byLimit) (kept.ids ??= new WeakMap()).set(needs, (byLimit = new Map()));
    byLimit.set(limit, ids);
  }
  return ids;
}

/** `landChoicesIds` as positions in the player's untapped lands. */
function landChoicePositions(ctx: Ctx, player: PlayerId, needs: number[], limit: number): number[][] {
  // Asked again and again for the same cost (copies of a card, each value of X for each X card, every
  // decision of a turn until a land is exhausted, the next game's same boards): kept across decisions.
  const board = landBoard(ctx, player);
  let byLimit = board.get(needs);
  if (!byLimit) board.set(needs, (byLimit = new Map()));
  let out = byLimit.get(limit);
  if (!out) byLimit.set(limit, (out = searchLandChoices(ctx, player, needs, limit)));
  return out;
}

function searchLandChoices(ctx: Ctx, player: PlayerId, needs: number[], limit: number): number[][] {
  const { rules } = ctx;
  const per = perLand(rules);
  if (needs.length % per !== 0) return [];
  const count = needs.length / per;
  if (count === 0) return [[]];
  const table = unitTable(rules);
  // Distinct kinds of produced unit, and which need each may pay.
  const kindOf = new Map<number, number>();
  const fits: boolean[][] = [];
  const lands: UntappedLand[] = [];
  const positions: number[] = [];
  const landKinds: number[] = [];
  const untapped = untappedInfo(ctx, player);
  for (let at = 0; at < untapped.length; at++) {
    const land = untapped[at]!;
    let k = kindOf.get(land.unit);
    if (k === undefined) {
      k = fits.length;
      kindOf.set(land.unit, k);
      fits.push(needs.map((n) => paysId(rules, table, land.unit, n)));
    }
    if (!fits[k]!.includes(true)) continue;
    lands.push(land);
    positions.push(at);
    landKinds.push(k);
  }
  if (lands.length < count || lands.length * per < needs.length) return [];
  const allSlots: number[] = [];
  for (const land of lands) for (let i = 0; i < per; i++) allSlots.push(land.unit);
  if (!matchIds(rules, needs, allSlots)) return [];
  // Each group's lands as their positions in the untapped lands, groups in the order their first land comes.
  const groups = new Map<string, number[]>();
  for (let i = 0; i < lands.length; i++) {
    const group = groups.get(lands[i]!.group);
    if (group) group.push(positions[i]!);
    else groups.set(lands[i]!.group, [positions[i]!]);
  }
  const kinds = [...groups.values()];
  const groupKind = kinds.map((group) => kindOf.get(untapped[group[0]!]!.unit)!);
  const after = new Array<number>(kinds.length + 1).fill(0);
  for (let k = kinds.length - 1; k >= 0; k--) after[k] = after[k + 1]! + kinds[k]!.length;
  const out: number[][] = [];
  const search: ChoiceSearch = { kinds, groupKind, after, fits, needCount: needs.length, per, limit, out, chosen: [], slotKinds: [], owner: new Int32Array(needs.length), seen: new Uint8Array(needs.length) };
  pickLands(search, 0, count);
  return out;
}

interface ChoiceSearch {
  /** Each group's lands (positions in the untapped lands). */
  kinds: number[][];
  groupKind: number[];
  after: number[];
  fits: boolean[][];
  needCount: number;
  per: number;
  limit: number;
  out: number[][];
  /** The lands chosen on the current branch (positions), and the kind of each of their units. */
  chosen: number[];
  slotKinds: number[];
  /** `slotsFit`'s buffers. */
  owner: Int32Array;
  seen: Uint8Array;
}

function pickLands(search: ChoiceSearch, k: number, left: number): void {
  const { kinds, out } = search;
  if (out.length >= search.limit) return;
  if (left === 0) {
    out.push([...search.chosen]);
    return;
  }
  if (k >= kinds.length || search.after[k]! < left) return;
  const group = kinds[k]!;
  const kind = search.groupKind[k]!;
  const chosenBefore = search.chosen.length;
  const slotsBefore = search.slotKinds.length;
  for (let take = Math.min(left, group.length); take >= 0; take--) {
    search.chosen.length = chosenBefore;
    search.slotKinds.length = slotsBefore;
    for (let i = 0; i < take; i++) {
      search.chosen.push(group[i]!);
      for (let u = 0; u < search.per; u++) search.slotKinds.push(kind);
    }
    if (take && !slotsFit(search.slotKinds, search.slotKinds.length, search.fits, search.needCount, search.owner, search.seen)) continue;
    pickLands(search, k + 1, left - take);
  }
  search.chosen.length = chosenBefore;
  search.slotKinds.length = slotsBefore;
}

/** What these lands produce, unit by unit (for messages). */
function slotsOf(ctx: Ctx, lands: string[]): LandUnit[] {
  const n = perLand(ctx.rules);
  return lands.flatMap((id) => Array.from({ length: n }, () => produces(ctx, id)!));
}

function describeUnits(units: Unit[]): string {
  const counts = new Map<string, number>();
  for (const u of units) {
    const key = u.kind === "generic" ? "generic" : u.name;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} ${k}`).join(", ");
}

/** Why the untapped lands cannot pay: the first kind of unit that too few lands can pay for. */
function shortfall(ctx: Ctx, player: PlayerId, needs: Unit[]): Refusal {
  const lands = untappedLands(ctx, player);
  const slots = slotsOf(ctx, lands);
  for (const need of needs) {
    if (need.kind === "generic") continue;
    const wanted = needs.filter((n) => n.kind === need.kind && lower((n as { name: string }).name) === lower(need.name)).length;
    const able = slots.filter((s) => canPay(ctx.rules, s, need)).length;
    if (able < wanted) return refuseShortfall(need.name, wanted, able, `not enough ${need.name}: the cost needs ${wanted}, your untapped lands can pay ${able}`);
  }
  const generic = needs.filter((n) => n.kind === "generic").length;
  return { ...refuseShortfall("generic", generic, Math.max(0, lands.length * perLand(ctx.rules) - (needs.length - generic)), ""), message: `the cost (${describeUnits(needs)}) needs ${needs.length} resources; your ${lands.length} untapped land(s) cannot pay it` };
}

function checkLandPayment(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment): Refusal | null | undefined {
  const lands = payment.lands ?? [];
  if (!hasSymbols(cost)) return lands.length ? { code: "bad_payment", message: "this cost exhausts no lands" } : undefined;
  if (hasX(cost) && payment.x === undefined) return { code: "bad_payment", message: "choose a value for X" };
  if (new Set(lands).size !== lands.length) return { code: "bad_payment", message: "a land can be exhausted only once per payment" };
  for (const id of lands) {
    const card = ctx.state.cards[id];
    if (!card || card.zone !== ctx.rules.zones.battlefield || card.controller !== player) return { code: "bad_payment", message: `${card ? cardName(ctx, id) : id} is not a land you control in play` };
    if (!isLand(ctx, id)) return { code: "bad_payment", message: `${cardName(ctx, id)} produces nothing` };
    if (card.exhausted || card.overexhausted) return { code: "bad_payment", message: `${cardName(ctx, id)} is already exhausted` };
  }
  const needIds = costUnitIds(ctx.rules, cost, payment.x);
  if (landsPayIds(ctx, lands, needIds)) return null;
  const needs = costUnits(ctx.rules, cost, payment.x);
  if (landChoicesIds(ctx, player, needIds, 1).length === 0) return shortfall(ctx, player, needs);
  return { code: "bad_payment", message: `these lands (${lands.map((id) => cardName(ctx, id)).join(", ") || "none"}) do not pay ${describeUnits(needs)} exactly` };
}

function payWithLands(ctx: Ctx, player: PlayerId, cost: CostPart[], payment: Payment, source: SourceRef | undefined): void {
  const lands = payment.lands ?? [];
  if (lands.length === 0) return;
  const per = perLand(ctx.rules);
  for (const id of lands) {
    const unit = produces(ctx, id)!;
    exhaustCard(ctx, id);
    emit(ctx, "resource", `${cardName(ctx, id)} is exhausted for ${per} ${unit.name}`, { player, card: id, name: cardName(ctx, id), amount: per, from: LAND_EXHAUST, source });
  }
  const needs = costUnits(ctx.rules, cost, payment.x);
  emit(ctx, "cost", `${player} pays ${describeUnits(needs)} by exhausting ${lands.length} land(s)`, { player, amount: needs.length, from: LAND_PAYMENT, source });
}

function expandOptions(ctx: Ctx, player: PlayerId, cost: CostPart[], options: Payment[]): Payment[] {
  if (!hasSymbols(cost)) return options;
  const out: Payment[] = [];
  const fixed = costUnitIds(ctx.rules, cost, 0).length;
  for (const base of options) {
    const xs = hasX(cost) && base.x === undefined ? Array.from({ length: Math.max(0, untappedInfo(ctx, player).length * perLand(ctx.rules) - fixed + 1) }, (_, i) => i) : [base.x];
    for (const x of xs) {
      for (const lands of landChoicesIds(ctx, player, costUnitIds(ctx.rules, cost, x), hasX(cost) ? PAYMENT_LIMIT_PER_X : PAYMENT_LIMIT)) {
        const payment: Payment = { ...base };
        if (x !== undefined) payment.x = x;
        if (lands.length) payment.lands = lands;
        out.push(payment);
      }
    }
  }
  return out;
}

/** The simulator's invariant: each land exhausted for a cost produced exactly `land_produces`, and a payment spent exactly what its lands produced. */
function landInvariants(ctx: Ctx, events: TraceEvent[]): string[] {
  const problems: string[] = [];
  const per = perLand(ctx.rules);
  let produced = 0;
  for (const e of events) {
    if (e.from === LAND_EXHAUST) {
      if (e.amount !== per) problems.push(`land ${e.name} produced ${e.amount} resources when exhausted (expected ${per})`);
      const card = e.card ? ctx.state.cards[e.card] : undefined;
      if (card && card.zone === ctx.rules.zones.battlefield && !card.exhausted && e.turn === ctx.state.turn) {
        // It may have been renewed since only by a later Renew phase (a new turn).
        problems.push(`land ${e.name} paid a cost but is not exhausted`);
      }
      produced += e.amount ?? 0;
    } else if (e.from === LAND_PAYMENT) {
      if (produced !== e.amount) problems.push(`a payment of ${e.amount} was made with lands producing ${produced}`);
      produced = 0;
    }
  }
  if (produced !== 0) problems.push(`lands were exhausted for ${produced} resources that paid nothing`);
  return problems;
}

export const landsMechanic: Mechanic = {
  name: "lands",
  applies: landsPayCosts,
  // The land choices `expandOptions` builds pay exactly by construction (untapped lands of the player, `landChoicesIds`).
  checkCost: (ctx, player, cost, payment, _self, built) => (built ? undefined : checkLandPayment(ctx, player, cost, payment)),
  payCost: (ctx, player, cost, payment, _self, source) => payWithLands(ctx, player, cost, payment, source),
  paymentOptions: (ctx, player, cost, _self, options) => expandOptions(ctx, player, cost, options),
  refine(ctx, action) {
    if (action.type !== "play" || !isLand(ctx, action.card)) return null;
    const { state, rules } = ctx;
    const phases = rules.words("land_play_phases");
    if (phases.size && !phases.has(lower(state.phase))) return { code: "wrong_phase", message: `lands are played only in your ${String(rules.param("land_play_phases", "")).split(/\s+/).filter(Boolean).join(" or ")} phase` };
    const limit = rules.param("lands_per_turn", 1);
    const played = state.players[action.player]!.turnTally["lands"] ?? 0;
    if (played >= limit) return { code: "limit_reached", message: `you have already played ${played} land${played === 1 ? "" : "s"} this turn (limit ${limit})` };
    return null;
  },
  play(ctx, card, player) {
    if (isLand(ctx, card)) {
      const tally = ctx.state.players[player]!.turnTally;
      tally["lands"] = (tally["lands"] ?? 0) + 1;
    }
    return false;
  },
  invariants: landInvariants,
};
