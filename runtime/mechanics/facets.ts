/**
 * Facets (sections 9–15, 20 of Chromatic Battlelines), driven by the game file:
 * - the Facet Zone (`param facet_zone`): harvest one card per turn (`harvests_per_turn`, in
 *   `harvest_phases`), at most `max_facets`, a further one replaces an existing Facet card (even
 *   an exhausted one), which goes to `replaced_facet_goes_to`; a new Facet is usable at once;
 *   spending one exhausts its card; `ready_facets` (a phase step) readies them.
 * - temporary Facets (`state.temporary`): granted by spells, not Facet Zone cards, never count
 *   toward the maximum, never ready a card, lost by the `lose_temporary_facets` phase step.
 * - playing a card (7.4): a card type named in `priority_actions` waits for priority; as a
 *   creature or weapon resolves its controller may buy each Facet-tagged ability for
 *   `enhancement_cost` Facets of its colour (a yes/no per affordable ability, in printed order);
 *   if the play never resolves, nothing is spent. Colour-tagged abilities not bought are off
 *   (`abilityActive`); "Base" abilities are always on.
 * - enchantments (a card type whose structure says `one_active`): the identity colour's ability is
 *   active on entry; during `enchantment_switch_phases` its controller may switch to another for
 *   `enchantment_switch_cost` Facets of that colour.
 * - spells (4.2, 20): a spell whose abilities are colour-tagged selects them as it is cast: on its
 *   controller's turn 1..`spell_max_abilities_own_turn` (one alone grants a temporary Facet of its
 *   colour on resolution), on an opponent's turn 1..`spell_max_abilities_opponent_turn`, each one
 *   after the first costing `spell_extra_ability_cost_opponent_turn` Facets of its colour.
 *
 * Spending: a temporary Facet of the colour first (it would be lost at the End Phase anyway), then
 * the first ready Facet card of that colour in the zone. (The text leaves which card to the player;
 * every ready card of a colour is alike until a replacement, so the engine does not ask.)
 */
import type { EngineParamName } from "../../compiler/contract.ts";
import type { Ability, CompiledCard, SourceRef, TargetSpec } from "../../compiler/ir.ts";
import type { Action, Refusal } from "../core/action.ts";
import { paidRecords, refuse, refuseShortfall } from "../core/action.ts";
import type { Ctx } from "../core/index.ts";
import { RESOLVING, cardDef, cardName, emit, enterBattlefield, exhaustCard, hand, keptFromReadying, moveCard, zoneList, withX, writeCard } from "../core/index.ts";
import { registerNativeRule } from "../core/effects.ts";
import type { GameMove, Mechanic } from "../core/mechanics.ts";
import { resumeTargeting } from "../core/response.ts";
import { type Rules, numberParam } from "../core/rules.ts";
import { mainPhaseTiming } from "./timing.ts";
import type { Frame, GameState, PlayerId } from "../state/state.ts";
import { inMode, legalTargetOptions, wholeModal } from "../core/targets.ts";
import { redirectAttacks, weaponEnters } from "./weapons.ts";
import { DIVISION } from "../core/division.ts";


export const facetZone = (rules: Rules): string => rules.param("facet_zone", "Facet Zone");

// Asked for every ability of every card the engine looks at (abilityActive): one Set per game, built once.
const colorSets = new WeakMap<Rules, Set<string>>();
const isColor = (rules: Rules, tag: string | undefined): boolean => {
  if (!tag) return false;
  let colors = colorSets.get(rules);
  if (!colors) colorSets.set(rules, (colors = new Set(rules.game.colors.map((c) => c.name.toLowerCase()))));
  return colors.has(tag.toLowerCase());
};

/** Does a card type's ability structure in the game file carry an option word (`one_active`)? */
const typeWords = new WeakMap<Rules, Map<string, { requires: string[]; permanent: boolean }>>();
function cardTypeOf(rules: Rules, cardType: string): { requires: string[]; permanent: boolean } | undefined {
  let types = typeWords.get(rules);
  if (!types) typeWords.set(rules, (types = new Map(rules.game.cardTypes.map((t) => [t.name.toLowerCase(), { requires: t.requires, permanent: t.permanent }]))));
  return types.get(cardType.toLowerCase());
}
function typeHas(rules: Rules, cardType: string, word: string): boolean {
  return cardTypeOf(rules, cardType)?.requires.includes(word) ?? false;
}

// ---------------------------------------------------------------------------------------------
// Facets: the zone and temporary ones

export const facetColor = (ctx: Ctx, id: string): string => cardDef(ctx, ctx.state.cards[id]!).colors[0] ?? "";

export function facetCards(ctx: Ctx, player: PlayerId): string[] {
  return zoneList(ctx, player, facetZone(ctx.rules));
}

function temporary(state: GameState, player: PlayerId): Record<string, number> {
  state.temporary ??= {};
  return (state.temporary[player] ??= {});
}

export function grantTemporaryFacet(ctx: Ctx, player: PlayerId, color: string, source?: SourceRef): void {
  const pool = temporary(ctx.state, player);
  pool[color] = (pool[color] ?? 0) + 1;
  emit(ctx, "resource", `${player} gains 1 temporary ${color} Facet (lost at the End Phase)`, { player, amount: 1, source });
}

/** Facets of a colour a player can spend now: ready Facet cards plus temporary Facets. */
export function availableFacets(ctx: Ctx, player: PlayerId, color: string): number {
  const ready = facetCards(ctx, player).filter((id) => !ctx.state.cards[id]!.exhausted && facetColor(ctx, id).toLowerCase() === color.toLowerCase()).length;
  const temp = Object.entries(ctx.state.temporary?.[player] ?? {}).find(([c]) => c.toLowerCase() === color.toLowerCase())?.[1] ?? 0;
  return ready + temp;
}

export function spendFacets(ctx: Ctx, player: PlayerId, color: string, amount: number, why: string, source?: SourceRef): void {
  for (let i = 0; i < amount; i++) {
    const pool = temporary(ctx.state, player);
    const tempColor = Object.keys(pool).find((c) => c.toLowerCase() === color.toLowerCase() && pool[c]! > 0);
    if (tempColor) {
      pool[tempColor]! -= 1;
      if (pool[tempColor] === 0) delete pool[tempColor];
      emit(ctx, "cost", `${player} spends a temporary ${color} Facet (${why})`, { player, amount: 1, source });
      continue;
    }
    const card = facetCards(ctx, player).find((id) => !ctx.state.cards[id]!.exhausted && facetColor(ctx, id).toLowerCase() === color.toLowerCase());
    if (!card) return;
    exhaustCard(ctx, card);
    emit(ctx, "cost", `${player} spends a ${color} Facet: ${cardName(ctx, card)} is exhausted (${why})`, { player, card, name: cardName(ctx, card), amount: 1, source });
  }
}

// ---------------------------------------------------------------------------------------------
// Which abilities are in effect

function abilityActive(ctx: Ctx, id: string, ability: Ability): boolean {
  if (!isColor(ctx.rules, ability.tag)) return true;
  const card = ctx.state.cards[id];
  if (!card) return true;
  const def = cardDef(ctx, card);
  if (!def.abilities.includes(ability)) return true; // a keyword's own definition, not a line of this card
  if (card.active) return card.active.includes(ability.id);
  // Out of play since it left (until it moves on): the abilities it had on then, for its own leave/destroy triggers.
  const known = card.zone !== ctx.rules.zones.battlefield ? ctx.state.lastKnown?.[id]?.active : undefined;
  if (known) return known.includes(ability.id);
  if (typeHas(ctx.rules, def.cardType, "one_active")) return (ability.tag ?? "").toLowerCase() === (def.colors[0] ?? "").toLowerCase();
  // Permanents enter with no enhancement unless bought; a spell's abilities are selected as it is cast, not switched off.
  return !(cardTypeOf(ctx.rules, def.cardType)?.permanent ?? false);
}

// ---------------------------------------------------------------------------------------------
// Playing a card: priority, then enhancements as it enters

const passesPriority = (rules: Rules, def: CompiledCard): boolean => String(rules.param("priority_actions", "")).toLowerCase().split(/\s+/).includes(def.cardType.toLowerCase());

function play(ctx: Ctx, card: string, player: PlayerId, permanent: boolean, _targets: unknown, x: number | undefined, paid: Record<string, string[]>): boolean {
  const { state, rules } = ctx;
  const def = cardDef(ctx, state.cards[card]!);
  if (permanent) {
    const frame: Frame = { card, controller: player, steps: [{ op: "rule", rule: "enter_enhanced" }], pc: 0, targets: [], chosen: {}, label: `${def.name} (played by ${player})`, source: def.source };
    if (passesPriority(rules, def)) rules.model.announce(ctx, frame, "spell", []);
    else state.frames.push(frame);
    return true;
  }
  if (!selectsAbilities(ctx, def)) return false;
  // The X paid in the cost goes with the selection to each selected ability ("Deal X damage ..." of a `cost: X` spell).
  state.frames.push({ card, controller: player, steps: [{ op: "rule", rule: "cast_selected" }], pc: 0, targets: [], chosen: { ...paid }, x, label: `${player} casts ${def.name}`, source: def.source });
  return true;
}

function askYesNo(ctx: Ctx, frame: Frame, player: PlayerId, prompt: string): boolean | "wait" {
  if (frame.answer) {
    const yes = frame.answer[0] === "yes";
    delete frame.answer;
    return yes;
  }
  ctx.state.pending = { kind: "yes_no", player, prompt, frame: ctx.state.frames.length - 1 };
  return "wait";
}

/** As a played permanent resolves: buy enhancements (one yes/no per affordable Facet ability), pay, enter. */
registerNativeRule("enter_enhanced", (ctx, frame) => {
  const { state, rules } = ctx;
  const id = frame.card;
  const card = id ? state.cards[id] : undefined;
  if (!id || !card || card.zone !== RESOLVING) return "done";
  const def = cardDef(ctx, card);
  const player = frame.controller;
  const cost = rules.param("enhancement_cost", 1);
  const chosen = (frame.chosen["$enhanced"] ??= []);
  let index = Number(frame.chosen["$next"]?.[0] ?? 0);
  // One offer per colour slot: a tagged line may hold several abilities (`[Red] Flying. Whenever ...`), bought together.
  const sameTag = (a: Ability, b: Ability) => (a.tag ?? "").toLowerCase() === (b.tag ?? "").toLowerCase();
  const offers = typeHas(rules, def.cardType, "one_active") ? [] : def.abilities.filter((a, i, all) => isColor(rules, a.tag) && all.findIndex((b) => sameTag(a, b)) === i);
  if (frame.answer) {
    const ability = offers[index]!;
    const yes = askYesNo(ctx, frame, player, "");
    if (yes === true) chosen.push(...def.abilities.filter((a) => sameTag(a, ability)).map((a) => a.id));
    index++;
  }
  for (; index < offers.length; index++) {
    const ability = offers[index]!;
    const color = ability.tag!;
    // One offer per colour: nothing bought earlier in this loop took a Facet of this colour.
    if (availableFacets(ctx, player, color) < cost) continue;
    frame.chosen["$next"] = [String(index)];
    const answer = askYesNo(ctx, frame, player, `enhance ${def.name} with "${ability.text}" for ${cost} ${color} Facet${cost === 1 ? "" : "s"}?`);
    if (answer === "wait") return "wait";
  }
  delete frame.chosen["$next"];
  delete frame.chosen["$enhanced"];
  for (const a of chosen) {
    const ability = rules.abilities.get(a)!;
    // A slot's abilities are paid for once.
    if (chosen.find((b) => rules.abilities.get(b)!.tag?.toLowerCase() === ability.tag?.toLowerCase()) === a) spendFacets(ctx, player, ability.tag!, cost, `enhancing ${def.name}`, ability.source);
    emit(ctx, "modify", `${def.name} is enhanced: ${ability.text}`, { card: id, name: def.name, player, ability: a, source: ability.source });
  }
  if (!typeHas(rules, def.cardType, "one_active")) writeCard(ctx, id)!.active = chosen;
  weaponEnters(ctx, id, player, def.source);
  enterBattlefield(ctx, id, player, "played", def.source);
  redirectAttacks(ctx, id);
  return "done";
});

// ---------------------------------------------------------------------------------------------
// Spells: selecting abilities as the spell is cast

/** Where cast_selected keeps the selection made (its index among the selections) while it asks the modes. */
const SELECTION = "$selection";
/** The mode chosen as the spell is cast of each selected ability, in order ("" for an ability that is no "Choose one —"). */
const MODES = "$modes";
const modeOf = (kept: string | undefined): number | undefined => (kept === undefined || kept === "" ? undefined : Number(kept));

const spellAbilities = (def: CompiledCard): Ability[] => def.abilities.filter((a) => a.kind === "spell");

function selectsAbilities(ctx: Ctx, def: CompiledCard): boolean {
  return ctx.rules.game.params["spell_max_abilities_own_turn"] !== undefined && spellAbilities(def).some((a) => isColor(ctx.rules, a.tag));
}

interface Selection {
  abilities: string[];
  /** Extra Facets paid, by colour. */
  pay: Record<string, number>;
  text: string;
}

function subsets<T>(items: T[], max: number): T[][] {
  const out: T[][] = [];
  const pick = (start: number, chosen: T[]) => {
    if (chosen.length > 0) out.push(chosen);
    if (chosen.length >= max) return;
    for (let i = start; i < items.length; i++) pick(i + 1, [...chosen, items[i]!]);
  };
  pick(0, []);
  return out;
}

/** A target spec as asked while the spell itself is being cast ("target spell" never means itself). */
const castSpec = (spec: TargetSpec): TargetSpec => (spec.cards?.zones?.includes(RESOLVING) ? { ...spec, cards: { ...spec.cards, other: true } } : spec);

/** Whether a spec's targets can be chosen now (a slot that may stay empty always can). */
const targetable = (ctx: Ctx, spec: TargetSpec, player: PlayerId, card: string, x: number | undefined): boolean => spec.min === 0 || legalTargetOptions(ctx, withX(castSpec(spec), x), player, card).length > 0;

/**
 * The modes of a "Choose one —" ability that can be chosen now: those whose own targets all have a legal choice
 * (`Choose one — Destroy target creature; or draw a card.` with no creature in play: the second). Undefined for an
 * ability that is no "Choose one —".
 */
function castableModes(ctx: Ctx, ability: Ability, player: PlayerId, card: string, x: number | undefined): number[] | undefined {
  const modal = wholeModal(ability.steps);
  if (!modal) return undefined;
  return modal.modes.map((_, m) => m).filter((m) => ability.targets.every((spec) => !inMode(spec, m) || targetable(ctx, spec, player, card, x)));
}

/** `x`: the X paid for the spell ("target creature with attack X or less" is targetable or not by it). */
function hasTargets(ctx: Ctx, ability: Ability, player: PlayerId, card: string, x: number | undefined): boolean {
  const modes = castableModes(ctx, ability, player, card, x);
  if (modes) return modes.length > 0;
  return ability.targets.every((spec) => targetable(ctx, spec, player, card, x));
}

/** Every legal selection of a spell's abilities now, cheapest first. */
export function selections(ctx: Ctx, card: string, player: PlayerId, x: number | undefined): Selection[] {
  const { state, rules } = ctx;
  const def = cardDef(ctx, state.cards[card]!);
  const abilities = spellAbilities(def).filter((a) => hasTargets(ctx, a, player, card, x));
  const own = state.active === player;
  const max = own ? numberParam(rules, "spell_max_abilities_own_turn", 2) : numberParam(rules, "spell_max_abilities_opponent_turn", abilities.length);
  const extra = own ? 0 : numberParam(rules, "spell_extra_ability_cost_opponent_turn", 1);
  const out: Selection[] = [];
  const seen = new Set<string>();
  for (const set of subsets(abilities, max)) {
    // On an opponent's turn one ability is free (the player picks which); the others cost Facets of their colour.
    const frees = extra > 0 && set.length > 1 ? set : [set[0]!];
    for (const free of frees) {
      const pay: Record<string, number> = {};
      for (const a of set) if (a !== free && extra > 0) pay[a.tag!] = (pay[a.tag!] ?? 0) + extra;
      if (Object.entries(pay).some(([color, n]) => availableFacets(ctx, player, color) < n)) continue;
      const key = set.map((a) => a.id).join("|") + "/" + JSON.stringify(Object.entries(pay).sort());
      if (seen.has(key)) continue;
      seen.add(key);
      const cost = Object.entries(pay).map(([c, n]) => `${n} ${c} Facet${n === 1 ? "" : "s"}`).join(", ");
      out.push({ abilities: set.map((a) => a.id), pay, text: set.map((a) => a.tag).join(" + ") + (cost ? ` (pay ${cost})` : "") });
    }
  }
  return out;
}

/**
 * Why a spell's selections that the engine does not offer now are left out, said where a scenario line names one (a
 * refused `p2 chooses mode "Red + Blue"`): an ability with a target that has no legal choice, more abilities than the
 * turn allows, and — on an opponent's turn — an ability after the free one costing a Facet of its colour the player has
 * not got ready (Chromatic 20: "If a second ability is selected, you must spend 1 Facet matching the color associated
 * with that second ability"). Session 37's probe was told only "the modes offered are "Red", "Blue", "Purple"". Empty
 * for a mode choice that is no spell's selection of abilities.
 */
export function selectionsLeftOut(ctx: Ctx, pending: NonNullable<GameState["pending"]>): string[] {
  const { state, rules } = ctx;
  const frame = pending.kind === "mode" && pending.frame !== undefined ? state.frames[pending.frame] : undefined;
  const card = frame?.card;
  if (!frame || !card || !state.cards[card] || frame.chosen[SELECTION] !== undefined) return [];
  const def = cardDef(ctx, state.cards[card]!);
  if (!selectsAbilities(ctx, def)) return [];
  const player = frame.controller;
  const all = spellAbilities(def).filter((a) => isColor(rules, a.tag));
  const offered = selections(ctx, card, player, frame.x);
  if (pending.kind !== "mode" || offered.map((o) => o.text).join("\u0000") !== pending.modes.join("\u0000")) return [];
  const out: string[] = [];
  const untargeted = all.filter((a) => !hasTargets(ctx, a, player, card, frame.x));
  if (untargeted.length) out.push(`${untargeted.map((a) => a.tag).join(", ")}: ${untargeted.length === 1 ? "its target has" : "each needs a target that has"} no legal choice now`);
  const selectable = all.filter((a) => !untargeted.includes(a));
  const own = state.active === player;
  const max = own ? numberParam(rules, "spell_max_abilities_own_turn", 2) : numberParam(rules, "spell_max_abilities_opponent_turn", selectable.length);
  if (selectable.length > max) out.push(`more than ${max} abilities: at most ${max} ${own ? "on your own turn" : "on an opponent's turn"}`);
  const extra = own ? 0 : numberParam(rules, "spell_extra_ability_cost_opponent_turn", 1);
  const most = Math.max(0, ...offered.map((o) => o.abilities.length));
  if (extra > 0 && selectable.length > 1 && most < Math.min(max, selectable.length)) {
    const held = selectable.map((a) => `${availableFacets(ctx, player, a.tag!)} ${a.tag}`).join(", ");
    const n = ["", "one", "two", "three", "four", "five"][most + 1] ?? String(most + 1);
    out.push(
      `${n} abilities or more: on an opponent's turn one ability is free and each other costs ${extra} Facet${extra === 1 ? "" : "s"} of its colour, ready or temporary (${player} has ${held} Facets), so ${most === 1 ? "only one can be selected" : `at most ${most} can be selected`}`,
    );
  }
  return out;
}

/**
 * A spell none of whose abilities can be selected now (each needs a target that has no legal choice, as Wither's
 * three with no creature in play) is refused as it is played, before anything is paid: the text never has a spell
 * cast to no effect (4.2: its abilities are selected as it is cast), and the player is told why.
 */
function refine(ctx: Ctx, action: Action): Refusal | null {
  if (action.type !== "play") return null;
  const def = cardDef(ctx, ctx.state.cards[action.card]!);
  if (cardTypeOf(ctx.rules, def.cardType)?.permanent || !selectsAbilities(ctx, def) || selections(ctx, action.card, action.player, action.payment?.x).length > 0) return null;
  return refuse("no_legal_target", `none of ${def.name}'s abilities can be selected: each needs a target that has no legal choice now`);
}

registerNativeRule("cast_selected", (ctx, frame) => {
  const { state, rules } = ctx;
  const id = frame.card!;
  const def = cardDef(ctx, state.cards[id]!);
  const options = selections(ctx, id, frame.controller, frame.x);
  // The play was refused when nothing could be selected (refine); only paying the cost can have removed the last target.
  if (options.length === 0) {
    emit(ctx, "fizzle", `${def.name}: no ability can be selected; it goes to the ${rules.zones.graveyard}`, { card: id, name: def.name, player: frame.controller, source: def.source });
    moveCard(ctx, id, rules.zones.graveyard, { source: def.source });
    return "done";
  }
  // The selection, once made (announced and paid for), is kept while the modes below are asked.
  const kept = frame.chosen[SELECTION]?.[0];
  let choice: number;
  if (kept !== undefined) choice = Number(kept);
  else if (options.length === 1) choice = 0;
  else if (frame.answer) {
    choice = Number(frame.answer[0]);
    delete frame.answer;
  } else {
    state.pending = { kind: "mode", player: frame.controller, modes: options.map((o) => o.text), prompt: `select ${def.name}'s abilities`, frame: state.frames.length - 1 };
    return "wait";
  }
  const selection = options[choice] ?? options[0]!;
  if (kept === undefined) {
    frame.chosen[SELECTION] = [String(choice)];
    emit(ctx, "choice", `${frame.controller} selects ${def.name}: ${selection.text}`, { player: frame.controller, card: id, name: def.name, source: def.source });
    for (const [color, n] of Object.entries(selection.pay)) spendFacets(ctx, frame.controller, color, n, `selecting another ability of ${def.name}`, def.source);
  }
  const abilities = selection.abilities.map((a) => rules.abilities.get(a)!);
  // A selected "Choose one —" ability has its mode chosen now, as the spell is cast, among the modes whose targets can be
  // chosen (4.2: its abilities are selected as it is cast), and then that mode's targets only: the opponent responds to a
  // known mode, and a mode with no target ("or draw a card") can be chosen when the other's has none. It was asked as the
  // spell resolved, after the first mode's targets had been asked for whatever mode came.
  const modes = frame.chosen[MODES] ?? [];
  for (let i = modes.length; i < abilities.length; i++) {
    const castable = castableModes(ctx, abilities[i]!, frame.controller, id, frame.x);
    if (!castable) {
      modes.push("");
    } else if (castable.length === 1) {
      modes.push(String(castable[0]!));
    } else if (frame.answer) {
      modes.push(String(castable[Number(frame.answer[0])] ?? castable[0]!));
      delete frame.answer;
    } else {
      const texts = wholeModal(abilities[i]!.steps)!.modes;
      frame.chosen[MODES] = modes;
      state.pending = { kind: "mode", player: frame.controller, modes: castable.map((m) => texts[m]!.text), prompt: `choose one (${def.name}, ${abilities[i]!.tag})`, frame: state.frames.length - 1 };
      return "wait";
    }
    const m = modes[i]!;
    if (m !== "") {
      const mode = wholeModal(abilities[i]!.steps)!.modes[Number(m)]!;
      emit(ctx, "choice", `${frame.controller} chooses: ${mode.text}`, { player: frame.controller, source: mode.source ?? abilities[i]!.source });
    }
  }
  frame.chosen[MODES] = modes;
  const own = state.active === frame.controller;
  const chosen: Record<string, string[]> = { ...paidRecords(frame.chosen), $abilities: selection.abilities, [MODES]: modes };
  if (own && abilities.length === 1 && rules.param("spell_temporary_facet_when_one", true)) chosen["$facet"] = [abilities[0]!.tag!];
  const spell: Frame = {
    card: id,
    controller: frame.controller,
    steps: [{ op: "rule", rule: "resolve_selected" }, { op: "rule", rule: "grant_temporary_facet" }],
    pc: 0,
    targets: [],
    chosen,
    x: frame.x,
    label: `${def.name} (${selection.text})`,
    source: def.source,
    spellCard: id,
  };
  // Each ability's targets, of its chosen mode only (resolve_selected gives each its slots back).
  const specs = abilities.flatMap((a, i) => a.targets.filter((spec) => inMode(spec, modeOf(modes[i]))).map(castSpec));
  state.targeting = { frame: spell, specs, announce: true };
  resumeTargeting(ctx);
  return "done";
});

/** The spell resolves: each selected ability in printed order, each with its own targets. */
registerNativeRule("resolve_selected", (ctx, frame) => {
  const { rules } = ctx;
  // cast_selected always writes the selection, of abilities of this card.
  const abilities = frame.chosen["$abilities"]!.map((a) => rules.abilities.get(a)!);
  const modes = frame.chosen[MODES] ?? [];
  let slot = 0;
  const frames: Frame[] = abilities.map((ability, i) => {
    // The targets were chosen for the chosen mode's specs only: another mode's slots are empty.
    const mode = modeOf(modes[i]);
    const targets = ability.targets.map((spec) => (inMode(spec, mode) ? (frame.targets[slot++] ?? []) : []));
    // A division of damage made as the targets were chosen goes with them (runtime/core/division.ts).
    const division = frame.chosen[DIVISION];
    const chosen: Record<string, string[]> = { ...paidRecords(frame.chosen), ...(division ? { [DIVISION]: division } : {}) };
    return { card: frame.card, ability: ability.id, controller: frame.controller, steps: ability.steps, pc: 0, targets, chosen, ...(mode !== undefined ? { mode } : {}), x: frame.x, label: `${cardName(ctx, frame.card!)}: ${ability.text}`, source: ability.source };
  });
  // Frames run top first: push the last selected ability first.
  for (const f of frames.reverse()) ctx.state.frames.push(f);
  return "done";
});

// The spell's own grant (one ability selected: 20) reads the colour chosen; card text names it ("You get a temporary Red
// Facet.": `color`, `amount` of them, to each of its players).
registerNativeRule("grant_temporary_facet", (ctx, frame, amount, players, _targets, source, { color }) => {
  if (color) {
    for (const player of players) for (let i = 0; i < amount; i++) grantTemporaryFacet(ctx, player, color, source ?? frame.source);
    return "done";
  }
  const chosen = frame.chosen["$facet"]?.[0];
  if (chosen) grantTemporaryFacet(ctx, frame.controller, chosen, frame.source);
  return "done";
});

// ---------------------------------------------------------------------------------------------
// Phase steps

registerNativeRule("ready_facets", (ctx, frame) => {
  // "Exhaust target Facet. It doesn't ready during its controller's next Beginning phase.": kept once, as a permanent is
  // at `ready_permanents` (it was readied with the rest, probe s44 F3).
  for (const id of facetCards(ctx, frame.controller)) if (!keptFromReadying(ctx, id, frame.source)) writeCard(ctx, id)!.exhausted = false;
  emit(ctx, "modify", `${frame.controller}'s Facets are readied`, { player: frame.controller });
  return "done";
});

registerNativeRule("lose_temporary_facets", (ctx) => {
  const { state } = ctx;
  for (const player of state.order) {
    const pool = state.temporary?.[player];
    const lost = pool ? Object.values(pool).reduce((a, b) => a + b, 0) : 0;
    if (lost > 0) emit(ctx, "resource", `${player} loses ${lost} temporary Facet${lost === 1 ? "" : "s"}`, { player, amount: -lost });
    if (state.temporary) delete state.temporary[player];
  }
  return "done";
});

// ---------------------------------------------------------------------------------------------
// Moves: harvest, switch an enchantment

function validateMove(ctx: Ctx, move: GameMove): Refusal | null | undefined {
  const { state, rules } = ctx;
  if (move.move === "harvest") {
    const timing = mainPhaseTiming(ctx, move.player, "harvest_phases");
    if (timing) return timing;
    const p = state.players[move.player]!;
    const limit = numberParam(rules, "harvests_per_turn", 1);
    if ((p.turnTally["harvest"] ?? 0) >= limit) return refuse("limit_reached", `you may harvest only ${limit} card${limit === 1 ? "" : "s"} per turn`);
    const card = move.card ? state.cards[move.card] : undefined;
    if (!card || card.owner !== move.player || card.zone !== rules.zones.hand) return refuse("not_in_hand", "harvest a card from your hand");
    const facets = facetCards(ctx, move.player);
    const max = numberParam(rules, "max_facets", 5);
    if (facets.length >= max) {
      if (!rules.param("facet_replace_allowed", true)) return refuse("slot_full", `you already have ${max} Facets`);
      if (!move.other || !facets.includes(move.other)) return refuse("slot_full", `you already have ${max} Facets: name the Facet card this one replaces`);
    } else if (move.other) return refuse("bad_payment", `you have fewer than ${max} Facets: nothing is replaced`);
    return null;
  }
  if (move.move === "switch") {
    const timing = mainPhaseTiming(ctx, move.player, "enchantment_switch_phases");
    if (timing) return timing;
    const card = move.card ? state.cards[move.card] : undefined;
    if (!card || card.zone !== rules.zones.battlefield || card.controller !== move.player) return refuse("not_your_card", "switch an enchantment you control");
    const def = cardDef(ctx, card);
    if (!typeHas(rules, def.cardType, "one_active")) return refuse("no_such_ability", `${def.name} has no switchable abilities`);
    const ability = def.abilities.find((a) => (a.tag ?? "").toLowerCase() === (move.color ?? "").toLowerCase());
    if (!ability) return refuse("no_such_ability", `${def.name} has no ${move.color} ability`);
    if (abilityActive(ctx, card.id, ability)) return refuse("illegal_choice", `${def.name}'s ${move.color} ability is already active`);
    const cost = rules.param("enchantment_switch_cost", 1);
    const have = availableFacets(ctx, move.player, ability.tag!);
    if (have < cost) return refuseShortfall(ability.tag!, cost, have, `switching needs ${cost} ${ability.tag} Facet${cost === 1 ? "" : "s"}; you have ${have}`);
    return null;
  }
  return undefined;
}

function performMove(ctx: Ctx, move: GameMove): boolean {
  const { state, rules } = ctx;
  if (move.move === "harvest") {
    const p = state.players[move.player]!;
    p.turnTally["harvest"] = (p.turnTally["harvest"] ?? 0) + 1;
    if (move.other) {
      emit(ctx, "action", `${move.player} replaces the Facet ${cardName(ctx, move.other)}`, { player: move.player, card: move.other, name: cardName(ctx, move.other) });
      moveCard(ctx, move.other, rules.param("replaced_facet_goes_to", rules.zones.graveyard));
    }
    const card = writeCard(ctx, move.card!)!;
    card.exhausted = !rules.param("harvested_facet_ready", true);
    emit(ctx, "action", `${move.player} harvests ${cardName(ctx, move.card!)} for a ${facetColor(ctx, move.card!)} Facet`, { player: move.player, card: move.card, name: cardName(ctx, move.card!) });
    // `by`: "Whenever you harvest a Facet" (compiler/lower.ts) is the player's harvest, and nothing else that puts a card
    // into the Facet Zone (an effect's "put the top card of your deck into your Facet Zone" moves it with no `by`).
    moveCard(ctx, move.card!, facetZone(rules), { by: move.player });
    return true;
  }
  if (move.move === "switch") {
    const card = writeCard(ctx, move.card!)!;
    const def = cardDef(ctx, card);
    const ability = def.abilities.find((a) => (a.tag ?? "").toLowerCase() === (move.color ?? "").toLowerCase())!;
    spendFacets(ctx, move.player, ability.tag!, rules.param("enchantment_switch_cost", 1), `switching ${def.name}`, ability.source);
    card.active = [ability.id];
    emit(ctx, "modify", `${def.name}'s active ability is now ${ability.tag}: ${ability.text}`, { player: move.player, card: card.id, name: def.name, ability: ability.id, source: ability.source });
    return true;
  }
  return false;
}

function candidates(ctx: Ctx, player: PlayerId, window: boolean): Action[] {
  const { state, rules } = ctx;
  if (window || state.pending || player !== state.active) return [];
  const out: Action[] = [];
  const seen = new Set<string>();
  const facets = facetCards(ctx, player);
  const full = facets.length >= numberParam(rules, "max_facets", 5);
  for (const id of hand(ctx, player)) {
    const def = state.cards[id]!.def;
    if (seen.has(def)) continue;
    seen.add(def);
    if (!full) out.push({ type: "game", move: "harvest", player, card: id });
    else {
      const replaced = new Set<string>();
      for (const other of facets) {
        const key = `${state.cards[other]!.def}|${state.cards[other]!.exhausted}`;
        if (replaced.has(key)) continue;
        replaced.add(key);
        out.push({ type: "game", move: "harvest", player, card: id, other });
      }
    }
  }
  for (const id of zoneList(ctx, player, rules.zones.battlefield)) {
    const def = cardDef(ctx, state.cards[id]!);
    if (!typeHas(rules, def.cardType, "one_active")) continue;
    for (const a of def.abilities) if (isColor(rules, a.tag)) out.push({ type: "game", move: "switch", player, card: id, color: a.tag! });
  }
  return out;
}

/** Simulator invariants: never more Facet cards than the maximum; temporary Facets never negative. */
function invariants(ctx: Ctx): string[] {
  const problems: string[] = [];
  const max = numberParam(ctx.rules, "max_facets", 5);
  for (const player of ctx.state.order) {
    const count = facetCards(ctx, player).length;
    if (count > max) problems.push(`${player} has ${count} Facets (maximum ${max})`);
    for (const [color, n] of Object.entries(ctx.state.temporary?.[player] ?? {})) if (n < 0) problems.push(`${player} has ${n} temporary ${color} Facets`);
  }
  return problems;
}

export const facetsMechanic: Mechanic = {
  name: "facets",
  invariants,
  applies: (rules) => rules.game.params["max_facets"] !== undefined,
  abilityActive,
  play,
  refine,
  targetsOnCast: (ctx, def) => selectsAbilities(ctx, def),
  validateMove,
  performMove,
  candidates,
};
