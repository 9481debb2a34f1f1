/**
 * Scenario files, checked: the grammar's parse (grammar/scenario.ts) as diagnostics, and every
 * name a scenario uses resolved against its game — cards, players, zones, resources, counters,
 * stats, phases, colours, the engine's event kinds, refusal and deck codes
 * (compiler/engine-words.ts) — with "did you mean", plus what no real game could start from (a
 * token outside play, a zone over its slots, a card state for a card not in play or ambiguous).
 *
 * One checker for every client: `cardwright check` and the studio's worker call it through the
 * workspace (compiler/workspace.ts), and the runner (runtime/scenario.ts) calls it before it
 * plays a scenario, from the compiled game it runs, so a scenario with an unresolvable name
 * never runs and never passes.
 */
import type { Diagnostic, Range } from "./diagnostics.ts";
import { diagnostic, type MessageCode, type MessageArgs } from "./messages.ts";
import { closestName } from "./check-suggest.ts";
import { wholeModal, type Ability, type CompiledGame, type ZoneRole } from "./ir.ts";
import { battlefieldSlots, ruleZones, zoneRole } from "./zone-roles.ts";
import { DECK_VIOLATION_CODES, EVENT_NO_PLAYER, EVENT_PLAYER, MODEL_ONLY_KINDS, REFUSAL_CODES, SEATS, TRACE_KINDS, shortfallWord, type TraceKindName } from "./engine-words.ts";
import { ANY_REFUSAL, SECTION_ID, parseScenarios, type CardRef, type NameUse, type Scenario } from "../grammar/scenario.ts";
import { expandClauseIds } from "./rules-coverage.ts";
import { gameCardStates, hasDefenders } from "./contract-check.ts";
import type { CardStateName } from "./contract.ts";

export type * from "../grammar/scenario.ts";

export interface ScenarioFile {
  file: string;
  scenarios: Scenario[];
  /** Syntax: CW5001 (characters), CW5002 (a line that is no form of docs/language.md section 3). */
  diagnostics: Diagnostic[];
}

/** At most this many syntax problems per file; a last CW5002 counts the rest. */
const MAX_DIAGNOSTICS = 200;

/** Parses a scenario file; its unreadable lines are diagnostics here and failures of their scenario in a run. */
export function parseScenarioFile(text: string, file: string): ScenarioFile {
  const parsed = parseScenarios(text, file);
  const diagnostics = parsed.errors.map((e) => {
    if (e.kind === "characters") return diagnostic("CW5001", file, e.range, { text: e.text });
    const suggestion = e.suggestion ?? (e.found !== undefined && e.options ? closestName(e.found, e.options) : undefined);
    return diagnostic("CW5002", file, e.range, { detail: e.text }, suggestion ? { suggestion } : {});
  });
  // Like the checker, keep a file's report readable: the first problems, then a count of the rest.
  if (diagnostics.length > MAX_DIAGNOSTICS) {
    const rest = diagnostics.length - MAX_DIAGNOSTICS;
    const last = diagnostics[MAX_DIAGNOSTICS - 1]!;
    diagnostics.length = MAX_DIAGNOSTICS;
    diagnostics.push(diagnostic("CW5002", file, last.range, { detail: `${rest} more problems in this file are not shown` }));
  }
  return { file, scenarios: parsed.scenarios, diagnostics };
}

/**
 * CW5024 at every scenario after the first of its title in the same file or folder (titles compared ignoring case and
 * runs of spaces), at its header: `check`, the studio and `cardwright test` report failures by title.
 */
export function duplicateScenarioTitles(files: readonly ScenarioFile[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = new Map<string, Scenario>();
  const folderOf = (file: string) => file.slice(0, Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"), 0));
  for (const file of files)
    for (const scenario of file.scenarios) {
      const key = `${folderOf(scenario.file)}\u0000${scenario.name.toLowerCase().replace(/\s+/g, " ").trim()}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, scenario);
        continue;
      }
      const where = earlier.file === scenario.file ? "file" : "folder";
      const header = { start: scenario.range.start, end: scenario.gameRange.end };
      out.push(diagnostic("CW5024", scenario.file, header, { name: scenario.name, where, first: `${earlier.file}:${earlier.line}` }));
    }
  return out;
}

/** The failure a runner reports for a line of a scenario that cannot be read (with the closest word it may have meant). */
export function unreadableMessage(u: Scenario["unreadable"][number]): string {
  const suggestion = u.suggestion ?? (u.found !== undefined && u.options ? closestName(u.found, u.options) : undefined);
  return `cannot read this line: ${u.detail}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
}

/** What a scenario of one game may name: built from its compiled game file and its cards. */
export interface ScenarioNames {
  game: { id: string; name: string };
  /** `slots`: the most cards the zone ever holds (a zone's slots, the Facet maximum). */
  zones: { name: string; slots?: number; role?: string }[];
  /** Where a line's card is looked for, in order (lookupTiers): the first place holding one must hold only one. */
  tiers: string[][];
  /** The phases that run on their own (a board set up in one moves before the first line). */
  autoPhases: string[];
  /** The zones the engine plays in and deals from. */
  battlefield: string;
  deck: string;
  resources: string[];
  colors: string[];
  /** The cost symbols the game file declares, without braces (`R`, `G`, `N` for a generic amount, `X`). */
  symbols: string[];
  stats: string[];
  /** The keyword abilities of the game file (`keyword Flying`; not keyword actions such as Scry): what a card can have. */
  keywords: string[];
  /**
   * The keyword abilities' definitions (lower-case name → the abilities it gives a card: its card-language definition,
   * `keyword ability Lifelink = "Whenever this deals damage, ..."`; none for a `rule` keyword such as Multi-block or Haste,
   * which the engine runs as a rule and which never triggers, waits to resolve or targets).
   */
  keywordAbilities?: ReadonlyMap<string, readonly ModalAbility[]>;
  /**
   * The keyword actions that may put a card into play (`keyword action Reanimate = rule put_onto_field_free`, or a
   * card-language definition that moves or summons a card), lower case: a Spell enters play only through one of these or
   * another effect that does.
   */
  keywordActionsIntoPlay?: ReadonlySet<string>;
  /** The keyword actions of the game file (Scry, Spark, Mill): their trace event is `keyword_action`. */
  keywordActions: string[];
  phases: string[];
  counters: { name: string; on: "player" | "card" }[];
  /**
   * Lower-case name → the card; `type`: its card type as written; `permanent`: whether its card type stays in play
   * (undefined: a type the game does not declare).
   */
  cards: ReadonlyMap<string, { name: string; isToken: boolean; type?: string; permanent?: boolean }>;
  /**
   * Lower-case names of the tokens card text makes without a card of their own ("create a 1/1 Bat
   * token"): they exist only once made, so scenarios may name them everywhere but in setup. Asked
   * only when a name is not a card (the checker lowers card text to learn them). Keyed by the lower-case name, the name
   * as the card text writes it (for a "did you mean").
   */
  madeInPlay: () => ReadonlyMap<string, string>;
  /**
   * Whether the engine ever marks damage on a card in this game: only when the game file names a toughness
   * (`param toughness_stat` / `creature_damage_threshold`) or deals combat damage (`combat_model = damage`).
   * Elsewhere (Three-Slot Duel: a unit dealt damage is destroyed or weakened at once) a card's damage is always 0.
   */
  marksDamage: boolean;
  /** The stat damage is marked against (`param toughness_stat` / `creature_damage_threshold`), lower case; undefined where none is. */
  toughness?: string;
  /** Whether anything ever waits on a stack: not under `response_model = instant` (everything resolves at once). */
  hasStack: boolean;
  /** The game's `param response_model` (instant, stack or chain): the trace kinds only some models emit are read against it (engine-words.ts MODEL_ONLY_KINDS). */
  responseModel: string;
  /**
   * The game's `param priority_actions`, lower case (Chromatic: "spell creature ... weapon_attack"): under `chain` a card
   * of a type listed waits for priority as it is played (a `push` event); a card of any other permanent type enters at once.
   */
  priorityActions?: readonly string[];
  /**
   * Whether a player ever holds temporary resources (`expect p1 temporary Red 1`): only under the Facet mechanic
   * (`param max_facets`: Chromatic Battlelines' temporary Facets, runtime/mechanics/facets.ts). Elsewhere the pool is always empty.
   */
  temporaryPools: boolean;
  /**
   * Whether costs are paid by exhausting lands as they are paid (`param costs_paid_by = exhausting_lands`: CYBERVAMP's
   * "You pay costs by exhausting your lands", no floating resources): a resource's pool (`p1 Gold`) is then never filled by paying.
   */
  costsPaidByLands: boolean;
  /** The resources run as a capacity (`param mana_resource`, `<resource>_model = capacity`): only they have one to expect. */
  capacities: string[];
  /** The capacity resources refilled as their owner's turn begins, before its first phase (`<resource>_model = capacity`, runtime/core/settle.ts). */
  refilledAtTurnStart: string[];
  /**
   * Whether a `fight` event ever happens: units fight by power (`combat_model = fight`, the default: Three-Slot Duel) or
   * Weapons attack (`param max_weapons`: Chromatic Battlelines). Under `combat_model = damage` alone (CYBERVAMP) combat
   * deals damage and nothing fights (runtime/mechanics/combat.ts, weapons.ts emit it).
   */
  fights: boolean;
  /**
   * Whether the engine ever emits a `breach` event (an unblocked hit on a player): only under `combat_model = fight`
   * (runtime/mechanics/combat.ts). Under `damage` an unblocked attacker's hit is a `damage` event, and `expect no event
   * breach p2` held after p2 was hit unblocked (session 33's Chromatic probe): CW7018.
   */
  breaches: boolean;
  /**
   * Which cards ever take part in a `fight` (lower-case card types): `always` — under `combat_model = fight`, a card of a
   * type that stays in play (what attacks, is attacked or walls: runtime/mechanics/combat.ts); `weapon` — the type that
   * attacks as a Weapon (`param weapon_card_type`, with `param max_weapons`), and `weaponTarget` — the type a Weapon's
   * attack fights (`param creature_card_type`: runtime/mechanics/weapons.ts), which fights only when a Weapon is there to
   * attack it (Chromatic Battlelines 16.1: "The Main Phase Weapon attack is the only way a player fights a creature").
   * `weaponTokens`: whether the Weapon type may be a token (a Weapon made in play, with no card in the setup).
   */
  fighters: { always: ReadonlySet<string>; weapon?: string; weaponTarget?: string; weaponTokens: boolean };
  /** The game's card types: lower-case name → as declared. */
  cardTypes?: ReadonlyMap<string, string>;
  /** Whether a card can ever be a defender (Three-Slot Duel's "Drag your unit down to make it a defender"): `param defenders`, or the defender params. */
  hasDefenders: boolean;
  /** Whether the game has CYBERVAMP's Newly Turned (`param newly_turned_types`): `expect "X" is newly turned` reads it. */
  newlyTurned: boolean;
  /** The card types with one active ability of several (`abilities facet 5 one_active`: Chromatic's Enchantment), lower case. */
  oneActive: readonly string[];
  /**
   * The card states this game's rules have (compiler/contract.ts CARD_STATES: an exhausted/ready state, an
   * Overexhausted state): in a game without one (Three-Slot Duel has no exhaustion) nothing ever changes it.
   */
  cardStates: ReadonlySet<CardStateName>;
  /** The clause ids of the game's rules text, when the caller has it (`cardwright check` and `test` read the game folder's rules.txt): `covers:` lines are checked against them. */
  clauses?: readonly string[];
  /**
   * A card's abilities as the engine runs them (by its name), when the caller can lower card text: a play or activate
   * line's `mode` is judged against the card's "Choose one —" modes before the scenario runs.
   */
  abilitiesOf?: (card: string) => readonly ModalAbility[] | undefined;
  /**
   * Every mode text of the game's cards' abilities (modeTextsOfCards: a `chooses mode` line no selection of the played
   * card reads is judged against them), when the caller keeps them between checks; else gathered from `cards` and `abilitiesOf`.
   */
  modeTexts?: () => readonly string[];
}

/** The mode texts of each "Choose one —" ability of these abilities. */
export const modeTextsOfAbilities = (abilities: readonly ModalAbility[]): string[] => abilities.flatMap((a) => wholeModal(a.steps)?.modes.map((m) => m.text) ?? []);

/** Every mode text of the cards' abilities: the first card of each name, as `abilitiesOf` gives it (ScenarioNames.modeTexts). */
export const modeTextsOfCards = (cards: Iterable<{ name: string }>, abilitiesOf: (card: string) => readonly ModalAbility[] | undefined, textsOf = modeTextsOfAbilities): string[] =>
  [...cards].flatMap((c) => textsOf(abilitiesOf(c.name) ?? []));

/** What a line's `mode` is judged against: an ability's id, kind and steps. */
export type ModalAbility = Pick<Ability, "id" | "kind" | "steps" | "tag" | "statics"> & Partial<Pick<Ability, "targets" | "keyword">>;

/**
 * The colours of a spell's abilities chosen as it is cast (Chromatic Battlelines 20: "select one or two abilities"), when
 * its abilities are tagged so: the engine asks for them as a choice of its own right after the play, not as the play's mode.
 */
export function spellColoursOf(abilities: readonly ModalAbility[]): string[] {
  return abilities.filter((a) => a.kind === "spell" && a.tag && norm(a.tag) !== "base").map((a) => a.tag!);
}

/** The modes of the "Choose one —" a play line (`ability` undefined: the card's spell ability) or an activate line chooses among, as printed. */
export function modeTextsOf(abilities: readonly ModalAbility[], ability?: string): string[] | undefined {
  const modal = abilities.map((a) => ((ability ? a.id === ability : a.kind === "spell") ? wholeModal(a.steps) : undefined)).find(Boolean);
  return modal?.modes.map((m) => m.text.replace(/[.\s]+$/, ""));
}

/**
 * The mode a play or activate line names (`mode 2`, `mode "Draw a card"`), 0-based as actions carry it, or what is wrong
 * with it. A "Choose one —" card has its modes listed: a number past them, or a text none of them has, is said with the
 * card's modes (the engine would refuse the action counting modes from 0, and a misspelt text would name no mode at
 * all). A card with no such ability gets the number as written (the engine answers for it).
 */
export function namedModeOf(card: string, texts: readonly string[] | undefined, step: { mode?: number; modeText?: string; player?: string }, colours: readonly string[] = []): number | string | undefined {
  if (step.mode === undefined && step.modeText === undefined) return undefined;
  if (!texts && colours.length) {
    // The text written if it is a colour of the card, else the closest colour (`mode "Redd"` → `chooses mode "Red"`).
    const written = step.modeText !== undefined ? (colours.find((c) => norm(c) === norm(step.modeText!.trim())) ?? closestName(step.modeText, colours)) : undefined;
    const asked = written !== undefined ? `"${written}"` : step.mode !== undefined && step.mode <= colours.length ? `"${colours[step.mode - 1]}"` : `"${colours[0]}"`;
    return `"${card}" has no "Choose one —" ability: its abilities (${colours.join(", ")}) are chosen by colour as it is cast, by a line of their own after the play line — \`${step.player ?? "p1"} chooses mode ${asked}\` (two of them: their colours joined by " + ", as the choice lists them) — and then its targets, as it is cast (\`${step.player ?? "p1"} targets ...\`)`;
  }
  if (!texts) return step.mode !== undefined ? step.mode - 1 : `"${card}" has no "Choose one —" ability: there is no mode "${step.modeText}" to choose`;
  const index = step.mode !== undefined ? step.mode - 1 : texts.findIndex((t) => norm(t) === norm(step.modeText!.replace(/[.\s]+$/, "")));
  if (index >= 0 && index < texts.length) return index;
  const asked = step.mode !== undefined ? `mode ${step.mode}` : `mode "${step.modeText}"`;
  const closest = step.modeText !== undefined ? closestName(step.modeText, texts) : undefined;
  return `"${card}" has no ${asked}${closest ? ` (did you mean mode ${texts.indexOf(closest) + 1} "${closest}"?)` : ""}; its modes are ${texts.map((t, i) => `${i + 1} "${t}"`).join(", ")}`;
}

/**
 * Whether a mode the engine offers is the one a line writes (`chooses mode "Blue + Red"`): the same text in any letter
 * case, or — for a selection of several of a spell's abilities, as Chromatic Battlelines offers them ("Red + Blue",
 * "Red + Blue (pay 1 Blue Facet)") — the same abilities in any order, since a selection is a set: the engine lists them
 * in the card's order, and `"Blue + Red"` (docs/language.md 3.2) selects the same two.
 */
export function modeTextMatches(offered: string, written: string): boolean {
  const a = norm(offered).trim();
  const b = norm(written).trim().replace(/\.$/, "");
  if (a === b) return true;
  const split = (t: string) => {
    const m = /^(.*?)\s*(\(.*\))?$/.exec(t)!;
    return { parts: m[1]!.split(/\s\+\s/).map((x) => x.trim()).sort().join(" + "), rest: m[2] ?? "" };
  };
  const x = split(a);
  const y = split(b);
  return x.parts.includes(" + ") && x.parts === y.parts && x.rest === y.rest;
}

/**
 * Which offered mode a line's text names (-1: none): the one it matches (modeTextMatches), else — a selection written
 * without the cost the engine states beside it, `"Red + Blue"` where an opponent's-turn cast offers `"Red + Blue (pay 1
 * Blue Facet)"` (session 35's probe) — the one offered selection of those abilities, when only one is.
 */
export function offeredModeIndex(offered: readonly string[], written: string): number {
  const exact = offered.findIndex((m) => modeTextMatches(m, written));
  if (exact >= 0 || /\(.*\)\s*$/.test(written)) return exact;
  const costless = offered.map((m, i) => [m.replace(/\s*\(pay [^)]*\)\s*$/i, ""), i] as const).filter(([m]) => modeTextMatches(m, written));
  return costless.length === 1 ? costless[0]![1] : -1;
}

/**
 * The modes a choice right after a play of a spell whose abilities are chosen by colour (Chromatic Battlelines) can be
 * answered with: each selection of its colours (one, or several joined by " + "), and the modes of any "Choose one —" of
 * the game's cards (a selected ability's own modes, and a trigger's asked between). Undefined for a card whose
 * abilities are not chosen by colour.
 */
function colourSelectionsOf(abilities: readonly ModalAbility[]): string[] | undefined {
  const colours = spellColoursOf(abilities);
  if (!colours.length) return undefined;
  const out: string[] = [];
  const pick = (start: number, chosen: string[]) => {
    for (let i = start; i < colours.length; i++) {
      out.push([...chosen, colours[i]!].join(" + "));
      pick(i + 1, [...chosen, colours[i]!]);
    }
  };
  pick(0, []);
  return out;
}

/**
 * What `tokenNamesMade` lists for a `copy` step: it makes another card of whatever card it copies, so a card set up N times
 * may be there more than N times (`copy N` past those set up); a card never set up nor made is still never copied. No name a
 * scenario can spell (`madeInPlay` is keyed by names).
 */
export const COPIES_ANY_CARD = "\u0000a copy of any card";

/** The names of the tokens that `create_token` steps anywhere in these abilities make (`COPIES_ANY_CARD` for a `copy` step). */
export function tokenNamesMade(abilities: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const node = value as { op?: unknown; token?: { name?: unknown } };
      if (node.op === "create_token" && typeof node.token?.name === "string") out.push(node.token.name);
      if (node.op === "copy") out.push(COPIES_ANY_CARD);
      for (const child of Object.values(value)) walk(child);
    }
  };
  walk(abilities);
  return out;
}

/** The stat damage is checked against under these game params (ScenarioNames.toughness), as the runtime reads it. */
const toughnessOf = (params: CompiledGame["params"]): { toughness?: string } => {
  const stat = params.toughness_stat ?? params.creature_damage_threshold ?? (params.combat_model === "damage" ? "defense" : undefined);
  return stat === undefined ? {} : { toughness: String(stat).toLowerCase() };
};

/** Whether the engine ever marks damage on a card under these game params (ScenarioNames.marksDamage). */
export const marksDamage = (params: CompiledGame["params"]): boolean => !!(params.toughness_stat || params.creature_damage_threshold) || params.combat_model === "damage";
/** Which cards ever take part in a `fight` under these game params and card types (ScenarioNames.fighters). */
function fightersOf(game: Pick<CompiledGame, "params" | "cardTypes">): ScenarioNames["fighters"] {
  const types = new Map(game.cardTypes.map((t) => [t.name.toLowerCase(), t]));
  const always = new Set(game.params.combat_model !== "damage" ? game.cardTypes.filter((t) => t.permanent).map((t) => t.name.toLowerCase()) : []);
  if (game.params.max_weapons === undefined) return { always, weaponTokens: false };
  const weapon = String(game.params.weapon_card_type ?? "Weapon").toLowerCase();
  const weaponTarget = String(game.params.creature_card_type ?? "Creature").toLowerCase();
  return { always, weapon, weaponTarget, weaponTokens: !!types.get(weapon)?.token };
}

/** Whether anything ever waits on a stack under these game params (ScenarioNames.hasStack). */
export const hasStack = (params: CompiledGame["params"]): boolean => (params.response_model ?? "instant") !== "instant";

/**
 * The most cards a player's zone can ever hold: the battlefield's slots (`param unit_slots`, else its `slots`), another zone's `slots`, the Facet maximum for the Facet zone (`param max_facets`
 * with `param facet_zone`: "A player may have a maximum of 5 Facets at any time"), or the hand maximum for the hand
 * (`param max_hand`: Three-Slot Duel's "6 in hand maximum.") where the engine holds a hand to it — a draw at the maximum
 * is discarded or skipped and a card returned to a full hand goes to the graveyard (runtime/core/operations.ts draw,
 * returnToHand), not `draw_at_max_hand = draw` or `hand_overflow = keep`; undefined when nothing limits it.
 */
function zoneCapacity(zone: CompiledGame["zones"][number], game: Pick<CompiledGame, "zones" | "params">, zones: ReturnType<typeof ruleZones>): number | undefined {
  const { params } = game;
  const hand = zones.hand;
  // The battlefield holds what the engine lets into it: zone-roles.ts battlefieldSlots (`param unit_slots`, 0: no limit).
  if (norm(zone.name) === norm(zones.battlefield)) return battlefieldSlots(game);
  if (zone.slots !== undefined) return zone.slots;
  if (norm(zone.name) === norm(hand)) {
    const max = params.max_hand;
    return typeof max === "number" && max > 0 && params.draw_at_max_hand !== "draw" && (params.hand_overflow ?? "discard") === "discard" ? max : undefined;
  }
  const facets = params.facet_zone;
  return typeof facets === "string" && typeof params.max_facets === "number" && norm(facets) === norm(zone.name) ? params.max_facets : undefined;
}

export function scenarioNames(
  game: Pick<CompiledGame, "id" | "name" | "zones" | "params" | "resources" | "colors" | "stats" | "keywords" | "phases" | "counters" | "cardTypes" | "symbols">,
  cards: Iterable<{ name: string; isToken: boolean; type?: string }>,
  madeInPlay: () => Iterable<string>,
): ScenarioNames {
  let made: Map<string, string> | undefined;
  const zones = ruleZones(game);
  // Built when first read: the studio makes these names again after every keystroke in a card's name, and most
  // scenarios keep their result without reading them (compiler/scenario-check.ts).
  let byName: Map<string, { name: string; isToken: boolean; type?: string; permanent?: boolean }> | undefined;
  const cardsByName = () => {
    if (byName) return byName;
    byName = new Map();
    const permanent = new Map(game.cardTypes.map((t) => [t.name.toLowerCase(), t.permanent]));
    for (const card of cards) {
      if (byName.has(card.name.toLowerCase())) continue;
      const stays = card.type === undefined ? undefined : permanent.get(card.type.toLowerCase());
      byName.set(card.name.toLowerCase(), { name: card.name, isToken: card.isToken, ...(card.type !== undefined ? { type: card.type } : {}), ...(stays !== undefined ? { permanent: stays } : {}) });
    }
    return byName;
  };
  return {
    game: { id: game.id, name: game.name },
    zones: game.zones.map((z) => {
      const slots = zoneCapacity(z, game, zones);
      return { name: z.name, ...(slots !== undefined ? { slots } : {}), role: z.role };
    }),
    battlefield: zones.battlefield,
    deck: zones.deck,
    tiers: lookupTiers(zones, game.zones),
    autoPhases: game.phases.filter((p) => p.auto).map((p) => p.name),
    resources: game.resources.map((r) => r.name),
    colors: game.colors.map((c) => c.name),
    symbols: Object.keys(game.symbols ?? {}),
    stats: game.stats,
    keywords: game.keywords.filter((k) => k.kind === "ability").map((k) => k.name),
    keywordAbilities: new Map(game.keywords.filter((k) => k.kind === "ability").map((k) => [k.name.toLowerCase(), k.ability ? [k.ability] : []])),
    keywordActions: game.keywords.filter((k) => k.kind === "action").map((k) => k.name),
    keywordActionsIntoPlay: new Set(
      game.keywords.filter((k) => k.kind === "action" && (k.rule === "put_onto_field_free" || (k.ability !== undefined && putsIntoPlay(JSON.stringify(k.ability), zones.battlefield)))).map((k) => k.name.toLowerCase()),
    ),
    phases: game.phases.map((p) => p.name),
    counters: game.counters,
    marksDamage: marksDamage(game.params),
    ...toughnessOf(game.params),
    hasStack: hasStack(game.params),
    responseModel: String(game.params.response_model ?? "instant"),
    priorityActions: String(game.params.priority_actions ?? "").toLowerCase().split(/\s+/).filter((w) => w !== ""),
    hasDefenders: hasDefenders(game.params),
    newlyTurned: typeof game.params.newly_turned_types === "string" && game.params.newly_turned_types.trim() !== "",
    oneActive: game.cardTypes.filter((t) => t.requires.includes("one_active")).map((t) => t.name.toLowerCase()),
    fights: game.params.combat_model !== "damage" || game.params.max_weapons !== undefined,
    breaches: game.params.combat_model !== "damage",
    fighters: fightersOf(game),
    cardTypes: new Map(game.cardTypes.map((t) => [t.name.toLowerCase(), t.name])),
    temporaryPools: game.params.max_facets !== undefined,
    costsPaidByLands: game.params.costs_paid_by === "exhausting_lands",
    capacities: game.resources
      .filter((r) => game.params[`${r.name.toLowerCase()}_model`] === "capacity" || (typeof game.params.mana_resource === "string" && norm(game.params.mana_resource) === norm(r.name)))
      .map((r) => r.name),
    refilledAtTurnStart: game.resources.filter((r) => game.params[`${r.name.toLowerCase()}_model`] === "capacity").map((r) => r.name),
    cardStates: gameCardStates(game),
    get cards() {
      return cardsByName();
    },
    madeInPlay: () => (made ??= new Map([...madeInPlay()].map((n) => [n.toLowerCase(), n]))),
  };
}

/**
 * Where a line naming a card by its name looks for it, in order: in play, a resource zone (Facet cards), resolving (when
 * the caller has such a zone: the runner), then hand, graveyard, removed-from-game zone, deck and the game's other zones.
 * The first place holding a card of the name must hold only one, or the line says which (docs/language.md 3).
 */
export function lookupTiers(zones: ReturnType<typeof ruleZones>, gameZones: readonly { name: string; role?: string }[], resolving?: string): string[][] {
  const resource = gameZones.filter((z) => z.role === "resource").map((z) => z.name);
  const named = [zones.battlefield, ...resource, ...(resolving ? [resolving] : []), zones.hand, zones.graveyard, zones.removed, zones.deck];
  return [[zones.battlefield], resource, ...(resolving ? [[resolving]] : []), [zones.hand], [zones.graveyard], [zones.removed], [zones.deck], gameZones.map((z) => z.name).filter((z) => !named.includes(z))];
}

const norm = (s: string) => s.toLowerCase();
/** The zone a word names by its first word or its whole name, singular or plural (`facets` → Facet Zone), if any. */
const zoneCalled = (zones: readonly string[], word: string): string | undefined => {
  const w = norm(word).replace(/s$/, "");
  return zones.find((z) => [norm(z), norm(z).split(/\s+/)[0] ?? ""].some((n) => n.replace(/s$/, "") === w));
};
const listOf = (names: readonly string[]) => (names.length ? names.join(", ") : "none");

/** Finds a name in a list (case-insensitive; a plural "Crystals" finds "Crystal"). */
function find(names: readonly string[], word: string): string | undefined {
  const w = norm(word);
  return names.find((n) => norm(n) === w) ?? names.find((n) => norm(n) + "s" === w);
}

/**
 * The zones a setup card state may point into: cards in play, and — for `is exhausted` — cards in a
 * zone whose cards are spent by exhausting them (a game's resource zone, such as a Facet Zone).
 */
function stateZones(names: ScenarioNames, exhaustedOnly: boolean): string[] {
  return [names.battlefield, ...(exhaustedOnly ? names.zones.filter((z) => z.role === "resource").map((z) => z.name) : [])];
}

/** One card of the setup's zone lines, in the order written (top of a zone first): copies are counted in this order. */
export interface SetupEntry {
  name: string;
  player: string;
  zone: string;
  /** Its index in that player's zone as the setup builds it. */
  index: number;
  range: Range;
}

export function setupEntries(scenario: Scenario, names: ScenarioNames): SetupEntry[] {
  const out: SetupEntry[] = [];
  const next = new Map<string, number>();
  for (const z of scenario.setup.zones) {
    const zone = find(names.zones.map((x) => x.name), z.zone);
    if (!zone) continue;
    for (const name of z.cards.names) {
      const key = `${z.player}\u0000${zone}`;
      const index = next.get(key) ?? 0;
      next.set(key, index + 1);
      out.push({ name, player: z.player, zone, index, range: z.range });
    }
  }
  return out;
}

/** How many cards a zone holds, said in other words than the scenario's `count`. */
const COUNT_WORDS = ["size", "number", "total", "length", "cards", "amount"];

/**
 * `hand size` · `graveyard hass`: a zone of the game followed by a word that is none of a zone line's (`count`, `has`,
 * `lacks`), read as one unknown amount name — the zone line meant (`hand count`, `graveyard has`), or undefined.
 */
function zoneLineWords(text: string, zoneNames: string[]): string | undefined {
  const words = text.trim().split(/\s+/);
  for (let k = words.length - 1; k >= 1; k--) {
    const zone = find(zoneNames, words.slice(0, k).join(" "));
    if (!zone) continue;
    const rest = words.slice(k).join(" ").toLowerCase();
    const word = COUNT_WORDS.includes(rest) ? "count" : closestName(rest, ["count", "has", "lacks"]);
    return word ? `${words.slice(0, k).join(" ")} ${word}` : undefined;
  }
  return undefined;
}

/** Which setup entry a card reference of the setup points at, or why none. */
export function setupCardEntry(ref: CardRef, exhaustedOnly: boolean, scenario: Scenario, names: ScenarioNames): SetupEntry | { problem: "absent" | "ambiguous"; where: string; candidates: SetupEntry[] } {
  const entries = setupEntries(scenario, names);
  const zones = stateZones(names, exhaustedOnly).map(norm);
  const named = entries.filter((e) => norm(e.name) === norm(ref.card));
  const where = `${ref.controller ? `${ref.controller}'s ` : ""}${names.battlefield}`;
  if (ref.copy !== undefined) {
    const entry = named[ref.copy - 1];
    if (!entry || !zones.includes(norm(entry.zone)) || (ref.controller && entry.player !== ref.controller)) return { problem: "absent", where, candidates: [] };
    return entry;
  }
  const candidates = named.filter((e) => zones.includes(norm(e.zone)) && (!ref.controller || e.player === ref.controller));
  if (candidates.length === 1) return candidates[0]!;
  return { problem: candidates.length === 0 ? "absent" : "ambiguous", where, candidates };
}

/** How a line can say which of several cards of one name it means. */
export function whichChoices(name: string, candidates: { player: string }[], copies: number[]): string {
  const players = [...new Set(candidates.map((c) => c.player))];
  if (players.length === candidates.length) return players.map((p) => `${p}'s "${name}"`).join(", ");
  return copies.map((n) => `"${name}" copy ${n}`).join(", ");
}

/** The refusal codes a game's actions can be refused with (for did-you-mean). */
function refusalWords(names: ScenarioNames): { fixed: string[]; whats: string[] } {
  // A counter cost ("Remove a power counter from this:") is short of "<counter> counter" (runtime/engine/actions.ts).
  const counters = names.counters.filter((c) => c.on === "card").map((c) => `${c.name} counter`);
  const whats = [...names.resources, ...names.colors, "generic", "life", ...names.zones.map((z) => z.name), ...counters].map(shortfallWord);
  return { fixed: [ANY_REFUSAL, ...REFUSAL_CODES], whats: [...new Set(whats)] };
}

/**
 * The refusal code an outsider's word for it means, where the word is not one letter-slip from it: the rules texts'
 * own words (CYBERVAMP's "Newly Turned", the "tapped" of other games) and plain English (`illegal_block`, `cant_attack`).
 * Session 34's probe: `refused newly_turned` got the list of codes and no suggestion; `refused illegal_block` was told
 * "did you mean illegal_choice" (a letter match), where the engine says `cannot_block`.
 */
const REFUSALS_SAID_OTHERWISE: Readonly<Record<string, string>> = {
  newly_turned: "summoning_sick",
  is_newly_turned: "summoning_sick",
  summoning_sickness: "summoning_sick",
  sick: "summoning_sick",
  just_played: "summoning_sick",
  just_entered: "summoning_sick",
  entered_this_turn: "summoning_sick",
  played_this_turn: "summoning_sick",
  tapped: "exhausted",
  is_tapped: "exhausted",
  is_exhausted: "exhausted",
  overexhausted: "exhausted",
  not_renewed: "exhausted",
  not_ready: "exhausted",
  not_untapped: "exhausted",
  first_turn: "no_attacks_first_turn",
  first_turn_attack: "no_attacks_first_turn",
  invalid_target: "illegal_target",
  bad_target: "illegal_target",
  wrong_target: "illegal_target",
  not_a_legal_target: "illegal_target",
  no_target: "no_legal_target",
  no_targets: "no_legal_target",
  no_valid_target: "no_legal_target",
  field_full: "slot_full",
  no_slot: "slot_full",
  no_free_slot: "slot_full",
  board_full: "slot_full",
  no_priority: "not_your_decision",
  not_your_priority: "not_your_decision",
  opponents_turn: "not_your_turn",
  not_active_player: "not_your_turn",
  cant_pay: "bad_payment",
  cannot_pay: "bad_payment",
  already_attacking: "already_attacked",
  attacked_already: "already_attacked",
  already_defender: "already_defending",
  already_a_defender: "already_defending",
};

/** A refusal said in other words (REFUSALS_SAID_OTHERWISE), or as "can't/illegal/invalid <verb>" for the `cannot_<verb>` code. */
function refusalSaidOtherwise(code: string, fixed: readonly string[]): string | undefined {
  const said = REFUSALS_SAID_OTHERWISE[code];
  if (said) return said;
  const verb = /^(?:cant|can_t|can_not|cannot|illegal|invalid|not_allowed_to|may_not|unable_to)_([a-z]+?)(?:ers?|s|ing)?$/.exec(code)?.[1];
  return verb && fixed.includes(`cannot_${verb}`) ? `cannot_${verb}` : undefined;
}

function deckCodes(names: ScenarioNames): string[] {
  const parts = names.zones.filter((z) => /deck/i.test(z.name)).map((z) => shortfallWord(z.name));
  return [...new Set([...DECK_VIOLATION_CODES, ...parts.flatMap((p) => [`${p}_too_small`, `${p}_too_large`])])];
}

/**
 * Every problem of one scenario that its text and its game show, before it is played: names that
 * resolve to nothing, and setups no real game could reach. Diagnostics are at the word (or line).
 */
export function checkScenario(scenario: Scenario, names: ScenarioNames): Diagnostic[] {
  const out: Diagnostic[] = [];
  const file = scenario.file;
  const game = names.game.name;
  const add = <C extends MessageCode>(code: C, range: Range, args: MessageArgs<C>, candidates?: readonly string[], word?: string) => {
    const suggestion = candidates && word !== undefined ? closestName(word, candidates) : undefined;
    out.push(diagnostic(code, file, range, args, suggestion ? { suggestion } : {}));
  };
  const zoneNames = names.zones.map((z) => z.name);
  const playerCounters = names.counters.filter((c) => c.on === "player").map((c) => c.name);
  const cardCounters = names.counters.filter((c) => c.on === "card").map((c) => c.name);
  // Every card name of the game, for a "did you mean" only: made when a name is not found.
  let cardNames: string[] | undefined;
  const allCardNames = () => (cardNames ??= [...names.cards.values()].map((c) => c.name));
  const resolve = (use: NameUse): void => {
    const w = use.text;
    switch (use.role) {
      case "card":
        // A zone quoted where a card is named: session 34's CYBERVAMP `p1 choose "Land Deck"` answering which deck a draw
        // comes from was "Unknown card "Land Deck"". A draw's deck is a mode of the engine's (runtime/mechanics/lands-decks.ts).
        if (!names.cards.has(norm(w)) && !names.madeInPlay().has(norm(w)) && find(zoneNames, w)) {
          const zone = find(zoneNames, w)!;
          const decks = names.zones.filter((z) => /deck/i.test(z.name)).map((z) => z.name);
          const index = decks.findIndex((d) => norm(d) === norm(zone));
          const step = scenario.steps.find((x) => x.kind === "action" && x.range.start.line === use.range.start.line);
          const who = step?.kind === "action" ? step.action.player : "<player>";
          const hint =
            decks.length > 1 && index >= 0
              ? `: the deck a draw comes from is answered as a mode — \`${who} chooses mode ${index + 1}\` (${decks.map((d, i) => `${i + 1} ${d}`).join(", ")}), or by its text, \`${who} chooses mode "draw from the ${zone}"\` (asked only while both of the player's decks hold cards: with one empty the draw comes from the other without asking, and no line answers it)`
              : `: a zone is named after its player, unquoted (\`expect p1 ${zone} has "<card>"\`)`;
          out.push(diagnostic("CW5026", file, use.range, { word: w, game, hint }));
          return;
        }
        // The tokens card text makes are names too: `"Bta"` for a Bat token had no "did you mean" (session 32's list).
        if (!names.cards.has(norm(w)) && !names.madeInPlay().has(norm(w))) add("CW2007", use.range, { word: w, game: names.game.id }, [...allCardNames(), ...[...names.madeInPlay().values()].filter((n) => n !== COPIES_ANY_CARD)], w);
        return;
      case "player":
        if (!(SEATS as readonly string[]).includes(norm(w))) add("CW5009", use.range, { word: w, list: SEATS.join(" and ") });
        return;
      case "zone": {
        if (find(zoneNames, w)) return;
        // Another game's name for a zone of the same part (`discard pile`, `battlefield`, `play` in a game whose
        // graveyard and battlefield are Graveyard and Field): the zone of that part is what was meant.
        const role = zoneRole(w);
        const sameRole = role === "other" ? undefined : names.zones.find((z) => zoneRole(z.name, z.role as ZoneRole) === role)?.name;
        if (sameRole) out.push(diagnostic("CW5003", file, use.range, { word: w, game, list: listOf(zoneNames) }, { suggestion: sameRole }));
        else add("CW5003", use.range, { word: w, game, list: listOf(zoneNames) }, zoneNames, w);
        return;
      }
      case "amount": {
        if (find(names.resources, w) || find(playerCounters, w)) return;
        if (find(cardCounters, w)) return; // reported with its value below (CW5018)
        const candidates = [...names.resources, ...playerCounters];
        // `p2 Bleed counters 3`: a player's counter is written by its name alone (`p2 Bleed 3`).
        const counter = find(playerCounters, w.replace(/\s+counters?$/i, ""));
        const zoneLine = zoneLineWords(w, zoneNames);
        // `p1 Red 2` in a game of Facets: a colour is no amount of a player; Facets are cards in their zone (session 33).
        const colour = names.temporaryPools ? find(names.colors, w) : undefined;
        const facetZone = names.zones.find((z) => z.role === "resource")?.name;
        if (colour)
          out.push(diagnostic("CW5007", file, use.range, { word: w, game, list: `${listOf(candidates)} — ${colour} is a colour, and a player's Facets are cards${facetZone ? ` in the ${facetZone} (\`expect <player> ${facetZone} has "<card>"\`, \`expect "<card>" is ready\`)` : ""}; a spell's Facet for the turn is \`expect <player> temporary ${colour} N\`` }));
        else if (counter && norm(counter) !== norm(w)) out.push(diagnostic("CW5007", file, use.range, { word: w, game, list: listOf(candidates) }, { suggestion: counter }));
        // `p1 hand size 2`, `p2 graveyard hass "Scout"`: a zone, then a mistyped word of a zone line.
        else if (zoneLine) out.push(diagnostic("CW5007", file, use.range, { word: w, game, list: listOf(candidates) }, { suggestion: zoneLine }));
        // `expect p1 facets 1` (session 37's Chromatic probe, in the rules text's word): a zone named by its first word,
        // or in the plural — its cards are counted as a zone's (the bare list of resources named no form).
        else if (zoneCalled(zoneNames, w)) out.push(diagnostic("CW5007", file, use.range, { word: w, game, list: `${listOf(candidates)} — "${w}" are the cards of a player's ${zoneCalled(zoneNames, w)}: \`expect <player> ${zoneCalled(zoneNames, w)} count N\`, \`expect <player> ${zoneCalled(zoneNames, w)} has "<card>"\`` }));
        // `p1 Mana capacty 3`: the closest may be a resource's capacity (`Mana capacity`), read as one name here.
        else add("CW5007", use.range, { word: w, game, list: listOf(candidates) }, [...candidates, "life", ...names.resources.map((r) => `${r} capacity`)], w);
        return;
      }
      case "resource":
        if (!find(names.resources, w)) add("CW5007", use.range, { word: w, game, list: listOf(names.resources) }, names.resources, w);
        return;
      case "temporary": {
        // Where a game holds temporary resources, they are Facets of a colour (runtime/mechanics/facets.ts grants no
        // other): `expect not p1 temporary Mana 1` read a pool never filled and held whatever happened (session 33).
        const candidates = names.temporaryPools ? names.colors : [...names.colors, ...names.resources];
        const resource = names.temporaryPools ? find(names.resources, w) : undefined;
        if (resource) out.push(diagnostic("CW5010", file, use.range, { word: w, game, list: `${listOf(names.colors)} — a temporary resource here is a Facet of a colour, and no card grants temporary ${resource}; what ${resource} a player has is read without "temporary": \`expect <player> ${resource} N\`` }));
        else if (!find(candidates, w)) add("CW5010", use.range, { word: w, game, list: listOf(candidates) }, candidates, w);
        return;
      }
      case "color":
        if (!find(names.colors, w)) add("CW5010", use.range, { word: w, game, list: listOf(names.colors) }, names.colors, w);
        return;
      case "symbol": {
        // `{2}`: a generic amount, written so in a game declaring a generic symbol (`symbol {N} = generic`).
        const generic = /^\d+$/.test(w) && names.symbols.includes("N");
        if (!generic && !names.symbols.some((sym) => sym === w)) {
          const list = names.symbols.map((sym) => (sym === "N" ? "{1}, {2}, ..." : `{${sym}}`));
          add("CW7020", use.range, { word: `{${w}}`, game, list: listOf(list) }, list, `{${w}}`);
        }
        return;
      }
      case "stat":
        if (!find(names.stats, w)) add("CW5005", use.range, { word: w, game, list: listOf(names.stats) }, [...names.stats, "damage"], w);
        return;
      case "keyword":
        if (!find(names.keywords, w)) {
          // `expect "Stone Guard" has power 3`: a stat, written without "has" (session 32 probe).
          const stat = find(names.stats, w) ? ` "${w}" is a stat of ${game}, written without "has": \`expect "<card>" ${w} N\`.` : "";
          add("CW5025", use.range, { word: w, game, list: listOf(names.keywords), stat }, stat ? undefined : names.keywords, w);
        }
        return;
      case "counter":
        if (!find(cardCounters, w)) add("CW5006", use.range, { word: w, game, list: listOf(cardCounters) }, cardCounters, w);
        return;
      case "event":
        if ((TRACE_KINDS as readonly string[]).includes(norm(w))) return;
        // A player's own move said as an event kind (`expect event shatter "Seer"`, session 33's Chromatic probe): it is
        // an `action` event naming its card, and what it did is read where the card went.
        // A keyword action said as an event kind (`expect event scry p1`, session 35's Chromatic probe: "When you Scry").
        const keywordAction = names.keywordActions.find((k) => [norm(k), `${norm(k)}s`, `${norm(k)}ed`, `${norm(k)}ing`, norm(k).replace(/y$/, "ied")].includes(norm(w)));
        if (keywordAction)
          out.push(diagnostic("CW5004", file, use.range, { word: w, list: `${TRACE_KINDS.join(", ")} — ${keywordAction} is a keyword action of ${game}: its event is \`keyword_action\`, naming the player who does it (\`expect event keyword_action p1\`; the trace's text says which keyword and how many)` }, { suggestion: "keyword_action" }));
        else if (/^(shatter|harvest|play|cast|activate)(s|ed|ing)?$/.test(norm(w)))
          out.push(diagnostic("CW5004", file, use.range, { word: w, list: `${TRACE_KINDS.join(", ")} — a player's move (playing, shattering, harvesting ...) is an \`action\` event naming its card: \`expect event action "<card>"\`, and where the card went is a zone line (\`expect p1 <zone> has "<card>"\`)` }, { suggestion: "action" }));
        else add("CW5004", use.range, { word: w, list: TRACE_KINDS.join(", ") }, TRACE_KINDS, w);
        return;
      case "phase":
        if (!find(names.phases, w)) add("CW5008", use.range, { word: w, game, list: listOf(names.phases) }, names.phases, w);
        return;
      case "deck_code": {
        const codes = deckCodes(names);
        if (!codes.includes(norm(w))) add("CW5011", use.range, { word: w, list: codes.join(", ") }, codes, w);
        return;
      }
      case "refusal": {
        const { fixed, whats } = refusalWords(names);
        const code = norm(w);
        const what = /^not_enough_(.+)$/.exec(code)?.[1];
        if (fixed.includes(code) || (what !== undefined && whats.includes(what))) return;
        if (what === undefined) {
          // `refused field_full`: no code is near it by its letters, but one shares a word with it (`slot_full`).
          const all = [...fixed, ...whats.map((x) => `not_enough_${x}`)];
          const parts = code.split("_").filter((x) => x.length > 2);
          const sharing = fixed.filter((f) => f.split("_").some((x) => parts.includes(x)));
          const near = refusalSaidOtherwise(code, fixed) ?? closestName(w, all) ?? (sharing.length === 1 ? sharing[0] : undefined);
          out.push(diagnostic("CW5012", file, use.range, { word: w, list: `${whats.join(", ")} (the other codes: ${fixed.join(", ")})` }, near ? { suggestion: near } : {}));
          return;
        }
        // A shortfall is told by what is short, not by the whole code: `not_enough_mana` in Three-Slot Duel is one word
        // from `not_enough_hand` by its letters, but Mana is another game's resource: this game's resource is the
        // likely meaning (`not_enough_crystal`), unless the word is a misspelling of one of this game's.
        const near = closestName(what, whats) ?? (names.resources.length ? shortfallWord(names.resources[0]!) : undefined);
        out.push(diagnostic("CW5012", file, use.range, { word: w, list: whats.join(", ") }, near ? { suggestion: `not_enough_${near}` } : {}));
        return;
      }
    }
  };
  for (const use of scenario.names) resolve(use);
  for (const c of scenario.covers) {
    // A section's number alone is no clause whether or not the rules text is at hand (the studio has none).
    const bare = SECTION_ID.test(c.id);
    if (names.clauses ? expandClauseIds(c.id, names.clauses) : !bare) continue;
    const section = /^[\d.]*\d/.exec(c.id)?.[0];
    const inSection = (names.clauses ?? []).filter((id) => /^[\d.]*\d/.exec(id)?.[0] === section);
    const range = inSection.length ? `${inSection[0]}-${inSection[inSection.length - 1]}` : undefined;
    // A heading with only subsections under it (Chromatic's `7. Mana`: 7.1-7.4): their clauses.
    const below = bare && !inSection.length ? (names.clauses ?? []).filter((id) => id.startsWith(`${section}.`)) : [];
    const sentences = range ? `its sentences, ${range}` : below.length ? `those of its subsections, ${below[0]}-${below[below.length - 1]}` : `its sentences (${section}a, ${section}b, ...)`;
    const near = bare ? ` — a section, not a clause: its clauses are ${sentences}; name those this scenario exercises` : range ? ` (section ${section} has ${range})` : "";
    add("CW5021", c.range, { word: c.id, game, near }, bare ? inSection.slice(0, 1) : (names.clauses ?? []), c.id);
  }
  checkSetup(scenario, names, out);
  checkNeverHappens(scenario, names, out);
  checkCardsOfSteps(scenario, names, out);
  // Nothing to prove: no expectation and no refused action. Said only of a scenario with nothing else wrong
  // (an unreadable or unresolvable line is reported as such, and already fails it).
  if (!out.length && !scenario.unreadable.length && !scenario.steps.some((s) => s.kind === "expect" || s.refused)) out.push(diagnostic("CW5022", file, scenario.range, { name: scenario.name }));
  if (!scenario.deck && scenario.steps.some((s) => s.kind === "expect" && s.expect.kind === "deck_violations")) {
    const step = scenario.steps.find((s) => s.kind === "expect" && s.expect.kind === "deck_violations")!;
    out.push(diagnostic("CW5019", file, step.range, {}));
  }
  return out;
}

/**
 * Why a card never takes part in a `fight` in this scenario (ScenarioNames.fighters), or undefined when it may: a card
 * of a type that never fights, or a Weapon's target type with no Weapon in the setup (nor one a card could make).
 * A name that is no card (a token made in play) or of an undeclared type may fight.
 */
function neverFights(name: string, scenario: Scenario, names: ScenarioNames): { card: string; why: string } | undefined {
  const card = names.cards.get(norm(name));
  const type = card?.type?.toLowerCase();
  if (!card || type === undefined || !names.cardTypes?.has(type)) return undefined;
  const { always, weapon, weaponTarget, weaponTokens } = names.fighters;
  if (always.has(type) || type === weapon) return undefined;
  const typeName = names.cardTypes.get(type)!;
  const fighting = [...[...always].map((t) => `a ${names.cardTypes!.get(t) ?? t} fights as it attacks, is attacked or walls an attack`), ...(weapon ? [`a ${names.cardTypes.get(weapon) ?? weapon} fights as it attacks${weaponTarget ? `, and a ${names.cardTypes.get(weaponTarget) ?? weaponTarget} only when a ${names.cardTypes.get(weapon) ?? weapon} attacks it` : ""}`] : [])].join("; ");
  if (type !== weaponTarget) return { card: card.name, why: `it is a ${typeName}, and ${fighting}` };
  const weaponThere = weaponTokens && names.madeInPlay().size > 0 ? true : scenario.setup.zones.some((z) => z.cards.names.some((n) => names.cards.get(norm(n))?.type?.toLowerCase() === weapon));
  if (weaponThere) return undefined;
  const weaponName = names.cardTypes.get(weapon!) ?? weapon!;
  return { card: card.name, why: `${fighting}, and no ${weaponName} is in this scenario's setup: the combat of attackers and blockers deals damage and is no fight` };
}

/**
 * Why a card of this game never waits to resolve — never the card of a `push` (nor of a `pop`) event — or undefined when it
 * may (runtime/models: what each response model pushes):
 * - `instant` (Three-Slot Duel): only a triggered ability is pushed (`triggerReady`); a spell or an activated ability
 *   resolves at once, a permanent enters at once;
 * - `stack` (CYBERVAMP): a spell, an activated and a triggered ability go on the stack; a permanent enters as it is played;
 * - `chain` (Chromatic): a spell, an activated ability, a card of a type in `priority_actions` (a Weapon's attack with
 *   `weapon_attack`) wait for priority; triggered abilities fire in their chains and are never pushed.
 * A card whose abilities are unknown here (no lowering: a plain name) or that has a delayed step (its delayed trigger is
 * its own) is left alone.
 */
function neverPushed(name: string, scenario: Scenario, names: ScenarioNames): { card: string; why: string; instead: string; suggestion: string } | undefined {
  const card = names.cards.get(norm(name));
  const abilities = card ? abilitiesInPlay(card.name, scenario, names) : undefined;
  if (!card || card.permanent === undefined || !abilities) return undefined;
  const model = names.responseModel;
  const has = (...kinds: string[]) => abilities.some((a) => kinds.includes(a.kind));
  const delayed = setsUpDelayed(JSON.stringify(abilities));
  const type = card.type?.toLowerCase() ?? "";
  const priority = names.priorityActions ?? [];
  const pushed =
    (model !== "chain" && (has("triggered") || delayed)) ||
    (model !== "instant" && (!card.permanent || has("activated"))) ||
    (model === "chain" && (priority.includes(type) || (type === names.fighters.weapon && priority.includes("weapon_attack"))));
  if (pushed) return undefined;
  const typeName = names.cardTypes?.get(type) ?? card.type ?? "card";
  const what = card.permanent ? `a ${typeName} enters play as it is played` : `a ${typeName} resolves as it is played`;
  const waits =
    model === "instant"
      ? "only a triggered ability waits to resolve (and this card has none)"
      : model === "stack"
        ? "spells and abilities go on the stack, and this card has no ability that does"
        : "what is played or activated waits for priority, a triggered ability fires in its chain, and this card is neither";
  const instead = card.permanent ? `enter "${card.name}"` : `resolve "${card.name}"`;
  return { card: card.name, why: `${what}, and ${waits}`, instead: `\`expect event ${instead}\``, suggestion: instead.split(" ")[0]! };
}

/**
 * The abilities a card may have in this scenario's game, as the engine runs them: its own, those its keyword abilities
 * are defined by (`Bleed 2` → "Whenever this deals combat damage to a player, ..."; a `rule` keyword — Multi-block,
 * Haste — gives none), and those of every keyword a card of the game may give it (`gains Lifelink`, a static, a token
 * made with one): the cards of the setup (any card of the workspace in a `new game`). Undefined when any of them is
 * unknown here (no lowering, a keyword the game file does not define): such a card may do anything.
 */
function abilitiesInPlay(name: string, scenario: Scenario, names: ScenarioNames): ModalAbility[] | undefined {
  const own = names.abilitiesOf?.(name);
  if (!own || !names.keywordAbilities) return undefined;
  const defined = (keyword: string) => names.keywordAbilities!.get(keyword.toLowerCase());
  const out: ModalAbility[] = [...own];
  const keywords = new Set([...own.flatMap((a) => (a.kind === "keyword" && a.keyword ? [a.keyword.name] : [])), ...keywordsGivenIn(scenario, names)]);
  for (const keyword of keywords) {
    const abilities = defined(keyword);
    if (!abilities) return undefined;
    out.push(...abilities);
  }
  return out;
}

/** The keyword abilities the cards of a scenario's game may give a card (`gains Flying`, `Creatures you control have Lifelink`, a token's). */
function keywordsGivenIn(scenario: Scenario, names: ScenarioNames): string[] {
  const cards = scenario.setup.newGame ? [...names.cards.values()].map((c) => c.name) : [...new Set(scenario.setup.zones.flatMap((z) => z.cards.names))];
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "keywords" && Array.isArray(value)) for (const k of value) if (k && typeof (k as { name?: unknown }).name === "string") out.add((k as { name: string }).name);
        walk(value);
      }
    }
  };
  for (const card of cards) walk(names.abilitiesOf?.(card) ?? []);
  return [...out];
}

/** Whether abilities (as JSON) may put a card into play: a move to the battlefield, a summon, a copy. */
const putsIntoPlay = (json: string, battlefield: string): boolean => json.includes(`"to":${JSON.stringify(battlefield)}`) || json.includes('"op":"summon"') || json.includes('"op":"copy"') || json.includes("put_onto_field_free");

/**
 * Whether abilities (as JSON) set up a delayed trigger — a `delayed` step ("Destroy it at the end of the turn.", "At the
 * start of your next turn, ..." on a spell) — anywhere in their steps. (CW7028 looked for `"op":"delay"`, no IR op, until
 * session 45: a Duel spell with a delayed step, whose trigger is pushed, was said never to push.)
 */
const setsUpDelayed = (json: string): boolean => json.includes('"op":"delayed"');

/**
 * Why a card never makes a `trigger`, `delay`, `enter` or `fizzle` event in this scenario's game (CW7029), or undefined when it may
 * (what the engine emits, runtime/core/triggers.ts, effects.ts, response.ts and the response models):
 * - `trigger`: a triggered ability of the card is noted, or a delayed trigger one of its abilities set up — none of its
 *   abilities (`abilitiesInPlay`) is triggered or has a delayed step;
 * - `delay`: one of its abilities sets up a delayed trigger ("at the start of your next turn, ...") — none does;
 * - `enter`: a card of a type that never stays in play (a Spell) enters only if an effect of a card of the scenario puts a
 *   card onto the battlefield (a move there, a keyword action, a copy) — none does;
 * - `fizzle`: a spell or ability of the card loses its targets, is countered (a `counter_spell` step of a card of the
 *   game, where anything waits to resolve), or — with Facet abilities chosen as a spell is cast (Chromatic 20) — a spell
 *   has no ability to select — none of its abilities targets, nothing counters, and it is no such spell.
 */
function neverMakes(kind: string, name: string, scenario: Scenario, names: ScenarioNames): { card: string; why: string; instead: string; suggestion: string } | undefined {
  const card = names.cards.get(norm(name));
  const abilities = card ? abilitiesInPlay(card.name, scenario, names) : undefined;
  if (!card || card.permanent === undefined || !abilities) return undefined;
  const json = JSON.stringify(abilities);
  const delayed = setsUpDelayed(json);
  const typeName = names.cardTypes?.get(card.type?.toLowerCase() ?? "") ?? card.type ?? "card";
  const what = card.permanent ? `enter "${card.name}"` : `resolve "${card.name}"`;
  const said = (why: string) => ({ card: card.name, why, instead: `\`expect event ${what}\``, suggestion: what.split(" ")[0]! });
  const given = keywordsGivenIn(scenario, names).length ? ", nor from a keyword a card of this scenario gives it" : ", and no card of this scenario gives it a keyword";
  if (kind === "trigger") {
    if (abilities.some((a) => a.kind === "triggered") || delayed) return undefined;
    return said(`it has no triggered ability (none printed, none from a keyword it has${given}) and no delayed one`);
  }
  if (kind === "delay") {
    if (delayed) return undefined;
    return said(`none of its abilities waits for a later moment ("at the start of your next turn, ..."), which is what a \`delay\` event records`);
  }
  if (kind === "enter") {
    // A card of a type that never stays in play enters only if an effect puts it there: a step of a card of the scenario
    // that moves a card to the battlefield, a summon, a keyword action (Reanimate: put_onto_field_free) or a copy.
    if (card.permanent) return undefined;
    const cards = scenario.setup.newGame ? [...names.cards.values()].map((c) => c.name) : [...new Set(scenario.setup.zones.flatMap((z) => z.cards.names))];
    const actions = names.keywordActionsIntoPlay;
    const puts = cards.some((c) => {
      const abilities = names.abilitiesOf?.(c) ?? [];
      const text = JSON.stringify(abilities);
      if (putsIntoPlay(text, names.battlefield)) return true;
      // A keyword action that may put a card into play (Reanimate); unknown which do: any keyword action may.
      const used = [...text.matchAll(/"op":"keyword_action","keyword":"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
      return text.includes('"op":"keyword_action"') && (!actions || used.length === 0 || used.some((k) => actions.has(k)));
    });
    if (puts) return undefined;
    return said(`a ${typeName} is played and resolves but never stays in play, and no card of this scenario puts a card onto the ${names.battlefield}`);
  }
  if (kind === "fizzle") {
    if (json.includes('"targets":[{') || json.includes('"kind":"target"')) return undefined;
    const cards = scenario.setup.newGame ? [...names.cards.values()].map((c) => c.name) : [...new Set(scenario.setup.zones.flatMap((z) => z.cards.names))];
    const counters = names.hasStack && cards.some((c) => JSON.stringify(names.abilitiesOf?.(c) ?? []).includes('"op":"counter_spell"'));
    if (counters) return undefined;
    const selects = !card.permanent && abilities.some((a) => a.kind === "spell" && a.tag !== undefined && norm(a.tag) !== "base");
    if (selects) return undefined;
    return said(`a ${typeName} fizzles only when what it targets is gone or it is countered, and none of its abilities targets${names.hasStack ? " and no card of this scenario counters" : ""}`);
  }
  return undefined;
}

/**
 * The states a card can be set up in (`setup`) or expected in, in this game, as a line writes them: what a CW7009 message
 * offers in place of a state the game does not have.
 */
function cardStatesSaid(names: ScenarioNames, setup: boolean): string {
  const states = [
    ...(names.cardStates.has("readiness") ? (setup ? ["`is exhausted`"] : ["`is exhausted`", "`is ready`"]) : []),
    ...(names.cardStates.has("overexhaustion") ? ["`is overexhausted`"] : []),
    ...(names.hasDefenders ? ["`is defender`"] : []),
    ...(names.marksDamage ? ["`damage N`"] : []),
    ...names.counters.filter((c) => c.on === "card").map((c) => `\`${c.name} counters N\``),
    ...(!setup && names.newlyTurned ? ["`is newly turned`"] : []),
  ];
  return states.length ? states.join(", ") : "none but its zone";
}

/**
 * Lines about something this game never has: damage marked on a card where the engine marks none (CW7006),
 * a stack where everything resolves at once (CW7007). Such a line could never tell anything — `expect not
 * "Scout" damage 2` would hold whatever happened — so it is an error, with the form that does say something.
 */
function checkNeverHappens(scenario: Scenario, names: ScenarioNames, out: Diagnostic[]): void {
  const game = names.game.name;
  // A capacity resource below its capacity for the active player at the start of the turn's first phase (CW5027): it was
  // refilled as the turn began, before that phase (session 36's Duel probe: `turn 4 p1 phase Start`, `p1 Crystal 1`,
  // `p1 Crystal capacity 3` gave 2 Crystals after the Start phase's gain, and `expect p1 Crystal 4` failed with no reason).
  const setup = scenario.setup;
  const first = names.phases[0];
  if (!setup.newGame && setup.phase && first && norm(setup.phase) === norm(first)) {
    const active = setup.active ?? "p1";
    for (const c of setup.capacities) {
      const resource = names.refilledAtTurnStart.find((r) => norm(r) === norm(c.name));
      if (!resource || c.player !== active) continue;
      const available = setup.amounts.find((a) => a.player === c.player && norm(a.name) === norm(c.name))?.value ?? 0;
      if (available < c.value) out.push(diagnostic("CW5027", scenario.file, c.range, { player: c.player, resource, available, capacity: c.value, phase: first }));
    }
  }
  if (!names.marksDamage) {
    for (const c of scenario.setup.cards) if (c.damage !== undefined) out.push(diagnostic("CW7006", scenario.file, c.range, { game, card: c.card }));
    for (const s of scenario.steps) if (s.kind === "expect" && (s.expect.kind === "damage" || (s.expect.kind === "stat" && s.expect.remaining))) out.push(diagnostic("CW7006", scenario.file, s.range, { game, card: s.expect.card.card }));
  } else {
    // `remaining power` where damage is marked against defense: it would read power less damage, a number no rule uses.
    for (const s of scenario.steps) {
      if (s.kind !== "expect" || s.expect.kind !== "stat" || !s.expect.remaining || !names.toughness) continue;
      const { stat, card } = s.expect;
      if (stat === names.toughness || !names.stats.some((x) => x.toLowerCase() === stat)) continue;
      out.push(diagnostic("CW7027", scenario.file, s.range, { game, stat, toughness: names.toughness, card: card.card }, { suggestion: names.toughness }));
    }
  }
  if (!names.hasStack) {
    for (const s of scenario.steps) if (s.kind === "expect" && (s.expect.kind === "stack" || s.expect.kind === "stack_count" || s.expect.kind === "stack_item")) out.push(diagnostic("CW7007", scenario.file, s.range, { game }));
  }
  // An event kind this game's response model never emits (CW7014): `expect no event priority p2` in Three-Slot Duel
  // (instant) or `expect no event chain_start` in CYBERVAMP (stack) would hold whatever the game did.
  for (const s of scenario.steps) {
    if (s.kind !== "expect") continue;
    const e = s.expect;
    const patterns = e.kind === "event" ? [e.pattern] : e.kind === "order" || e.kind === "one_event" ? e.items : [];
    for (const p of patterns) {
      const kind = p.event.toLowerCase() as TraceKindName;
      const models = MODEL_ONLY_KINDS[kind];
      if (!models || models.includes(names.responseModel as never)) continue;
      const instead = kind === "pop" ? 'expect what resolved (`expect event resolve "<card>"`)' : kind === "priority" ? "expect who acts next (`expect p2 to act`)" : 'expect the triggered ability itself (`expect event trigger "<card>"`, `expect event resolve "<card>"`) and what it did';
      out.push(diagnostic("CW7014", scenario.file, s.range, { game, kind, model: names.responseModel, models: models.map((m) => `\`response_model = ${m}\``).join(" or "), instead }));
      break;
    }
  }
  // A card that never makes the event a line names it on: never waits to resolve, on a `push` / `pop` event (CW7028 —
  // `expect no event push "Quick Bolt"` held in Three-Slot Duel after the bolt was played, as a spell there resolves at
  // once and only a triggered ability is pushed); never triggers, sets up a delayed trigger or fizzles, on such an event
  // (CW7029 — `expect no event trigger "Quick Bolt"` held whatever happened: rules session 45).
  for (const s of scenario.steps) {
    if (s.kind !== "expect") continue;
    const e = s.expect;
    const patterns = e.kind === "event" ? [e.pattern] : e.kind === "order" || e.kind === "one_event" ? e.items : [];
    for (const p of patterns) {
      const kind = p.event.toLowerCase();
      if (!p.card) continue;
      const pushes = kind === "push" || kind === "pop";
      if (pushes && MODEL_ONLY_KINDS[kind as TraceKindName]?.includes(names.responseModel as never) === false) continue;
      const why = pushes ? neverPushed(p.card.card, scenario, names) : kind === "trigger" || kind === "delay" || kind === "fizzle" || kind === "enter" ? neverMakes(kind, p.card.card, scenario, names) : undefined;
      if (!why) continue;
      out.push(diagnostic(pushes ? "CW7028" : "CW7029", scenario.file, s.range, { game, kind, ...why }, { suggestion: why.suggestion }));
      break;
    }
  }
  // A player on an event kind that never names one (CW7015): `expect no event fight p2` would hold whatever fought.
  for (const s of scenario.steps) {
    if (s.kind !== "expect") continue;
    const e = s.expect;
    const patterns = e.kind === "event" ? [e.pattern] : e.kind === "order" || e.kind === "one_event" ? e.items : [];
    const named = patterns.find((p) => p.player && EVENT_PLAYER[p.event.toLowerCase() as TraceKindName] === null);
    if (named) out.push(diagnostic("CW7015", scenario.file, s.range, { kind: named.event.toLowerCase(), player: named.player!, instead: EVENT_NO_PLAYER[named.event.toLowerCase() as TraceKindName]! }));
    // A fight in a game where nothing fights (CW7016): `expect no event fight "Neon Ripper"` in CYBERVAMP held after it blocked.
    else if (!names.fights && patterns.some((p) => p.event.toLowerCase() === "fight")) out.push(diagnostic("CW7016", scenario.file, s.range, { game }));
    // A breach in a game whose combat deals damage (CW7018): no `breach` event is ever emitted there.
    else if (!names.breaches && patterns.some((p) => p.event.toLowerCase() === "breach")) {
      const p = patterns.find((q) => q.event.toLowerCase() === "breach")!;
      const hit = p.player ?? "p2";
      const by = p.card ? ` by ${p.card.controller ? `${p.card.controller}'s ` : ""}"${p.card.card}"` : "";
      out.push(diagnostic("CW7018", scenario.file, s.range, { game, instead: `\`damage ${hit}${by}\`` }));
    }
    else {
      // A fight naming a card that never fights (CW7017): a Spell, or — in Chromatic Battlelines, where only a Weapon's
      // attack is a fight — a creature with no Weapon in the scenario to attack it: `expect no event fight "Seer"` held after
      // Seer blocked a creature, as creature combat deals damage and is no fight.
      const why = patterns.flatMap((p) => (p.event.toLowerCase() === "fight" ? [p.card, p.by] : [])).map((ref) => ref && neverFights(ref.card, scenario, names)).find((w) => w);
      if (why) out.push(diagnostic("CW7017", scenario.file, s.range, { game, ...why }));
    }
  }
  // A card's exhausted/ready (or Overexhausted) state in a game whose rules never change it (CW7009), in a setup line as in
  // an expectation: nothing in the game exhausts, readies or reads a card that way, so an expectation reads only what the
  // setup said, and a setup line would be a state the card plays as if it did not have (session 40's probe: Duel's
  // `"Stone Guard" is exhausted` attacked as a ready unit; Chromatic's `is overexhausted` likewise).
  const stateLines = [
    ...scenario.setup.cards.flatMap((c) => (c.exhausted || c.overexhausted ? [{ card: c.card, over: !!c.overexhausted, range: c.range, setup: true }] : [])),
    ...scenario.steps.flatMap((s) => (s.kind === "expect" && s.expect.kind === "exhausted" ? [{ card: s.expect.card.card, over: !!s.expect.over, range: s.range, setup: false }] : [])),
  ];
  for (const line of stateLines) {
    if (names.cardStates.has(line.over ? "overexhaustion" : "readiness")) continue;
    const consequence = line.setup
      ? `"${line.card}" set up ${line.over ? "overexhausted" : "exhausted"} would play exactly as if this line were not there (it attacks, blocks and pays as any other card): leave the line out, or set up a state the game has`
      : `"${line.card}" is always as the setup left it and this line could not tell anything; expect what the card did instead (\`expect event attack "${line.card}"\`, a stat, the zone it is in)`;
    out.push(diagnostic("CW7009", scenario.file, line.range, { game, state: line.over ? "Overexhausted state" : "exhausted/ready state", consequence, states: cardStatesSaid(names, line.setup) }));
  }
  // Newly Turned in a game that has no such state (CW7019): `expect not "Scout" is newly turned` would hold whatever happened.
  if (!names.newlyTurned) {
    for (const s of scenario.steps) if (s.kind === "expect" && s.expect.kind === "newly_turned") out.push(diagnostic("CW7019", scenario.file, s.range, { game, card: s.expect.card.card }));
  }
  // An active ability read of a card whose type has none of several (CW7021): `expect not "Seer" active Red` would hold.
  for (const s of scenario.steps) {
    if (s.kind !== "expect" || s.expect.kind !== "active_ability") continue;
    const type = names.cards.get(norm(s.expect.card.card))?.type;
    if (type !== undefined && !names.oneActive.includes(norm(type))) out.push(diagnostic("CW7021", scenario.file, s.range, { game, card: s.expect.card.card, type, types: names.oneActive.length ? listOf(names.oneActive.map((t) => names.cardTypes?.get(t) ?? t)) : "no card type" }));
  }
  // A defender in a game where no card is ever one (CW7011): `expect not "Seer" is defender` would hold whatever happened.
  if (!names.hasDefenders) {
    for (const s of scenario.steps) if (s.kind === "expect" && s.expect.kind === "defender") out.push(diagnostic("CW7011", scenario.file, s.range, { game, card: s.expect.card.card }));
    for (const c of scenario.setup.cards) if (c.defender) out.push(diagnostic("CW7011", scenario.file, c.range, { game, card: c.card }));
  }
  // A pool the game never fills (CW7013): temporary resources outside the Facet mechanic, a resource's pool where lands pay.
  const poolLines = [
    ...scenario.setup.amounts.map((a) => ({ player: a.player, name: a.name, temporary: false, range: a.range })),
    ...scenario.steps.flatMap((s) => (s.kind === "expect" && s.expect.kind === "amount" && !s.expect.capacity ? [{ player: s.expect.player, name: s.expect.name, temporary: !!s.expect.temporary, range: s.range }] : [])),
  ];
  // A capacity of a resource not run as one (Chromatic's Armor: only Mana is): the setup's amount would be read back.
  const capacityLines = [
    ...scenario.setup.capacities.map((a) => ({ player: a.player, name: a.name, range: a.range })),
    ...scenario.steps.flatMap((s) => (s.kind === "expect" && s.expect.kind === "amount" && s.expect.capacity ? [{ player: s.expect.player, name: s.expect.name, range: s.range }] : [])),
  ];
  for (const c of capacityLines) {
    const resource = names.resources.find((r) => norm(r) === norm(c.name) || norm(r) + "s" === norm(c.name));
    if (resource && !names.capacities.includes(resource))
      out.push(diagnostic("CW7013", scenario.file, c.range, { game, what: `a ${resource} capacity`, why: `only ${names.capacities.length ? names.capacities.join(", ") : "no resource"} is run as a capacity (\`param mana_resource\`, \`<resource>_model = capacity\`)`, player: c.player, instead: `expect what ${c.player} has (\`expect ${c.player} ${resource} N\`)` }));
  }
  for (const p of poolLines) {
    if (p.temporary && !names.temporaryPools) {
      out.push(diagnostic("CW7013", scenario.file, p.range, { game, what: "temporary resources", why: "only the Facet mechanic grants any (`param max_facets`: temporary Facets)", player: p.player, instead: "expect what the card did instead (its effect, `expect event resource " + p.player + "`)" }));
    } else if (!p.temporary && names.costsPaidByLands) {
      const resource = names.resources.find((r) => norm(r) === norm(p.name) || norm(r) + "s" === norm(p.name));
      if (resource) out.push(diagnostic("CW7013", scenario.file, p.range, { game, what: `${resource} in a pool`, why: "costs are paid by exhausting lands as they are paid (`param costs_paid_by = exhausting_lands`)", player: p.player, instead: `expect the lands that pay it (\`expect "<land>" is ready\`, \`expect ${p.player} ${names.battlefield} has "<land>"\`) or what was paid (\`expect event cost ${p.player}\`)` }));
    }
  }
  // More cards than a zone ever holds (CW7012): `expect not p1 field count 4` with 3 slots would hold whatever happened.
  for (const s of scenario.steps) {
    if (s.kind !== "expect" || (s.expect.kind !== "zone_count" && s.expect.kind !== "zone")) continue;
    const e = s.expect;
    const slots = capacityOf(scenario, names, e.zone);
    const count = e.kind === "zone_count" ? e.value : e.mode === "lacks" ? 0 : e.cards.length;
    if (slots !== undefined && count > slots) out.push(diagnostic("CW7012", scenario.file, s.range, { player: e.player, zone: names.zones.find((z) => norm(z.name) === norm(e.zone))!.name, slots, count }));
  }
  // A refusal without its code would pass for any refusal (CW7008).
  for (const s of scenario.steps) if (s.kind === "action" && s.refused === ANY_REFUSAL) out.push(diagnostic("CW7008", scenario.file, s.range, {}));
  // A mode the card has not (`mode 3` of two, a misspelt text): the same message `cardwright test` gives, at the line.
  for (const s of scenario.steps) {
    if (s.kind !== "action" || (s.action.kind !== "play" && s.action.kind !== "activate") || (s.action.mode === undefined && s.action.modeText === undefined)) continue;
    const abilities = names.cards.has(norm(s.action.card.card)) ? names.abilitiesOf?.(s.action.card.card) : undefined;
    if (!abilities) continue;
    const ability = s.action.kind === "activate" ? abilities.filter((a) => a.kind === "activated")[s.action.ability - 1]?.id : undefined;
    if (s.action.kind === "activate" && !ability) continue; // no such ability: said as the line runs
    const mode = namedModeOf(names.cards.get(norm(s.action.card.card))!.name, modeTextsOf(abilities, ability), s.action, ability ? [] : spellColoursOf(abilities));
    if (typeof mode === "string") out.push(diagnostic("CW7026", scenario.file, s.range, { problem: mode }));
  }
  // `p1 chooses mode "Redd"` right after `p1 play "Arc Bolt"` (a spell whose abilities are selected by colour): no
  // selection of its colours reads so, and `cardwright test` would fail the line listing the offered modes — said here
  // as a misspelt card name is (session 31 probe). Only where the choice follows that play with no other action between
  // (expectations and other `chooses mode` lines may come between), by the player who played it.
  let modalTexts: readonly string[] | undefined;
  for (let i = 0; i < scenario.steps.length; i++) {
    const s = scenario.steps[i]!;
    if (s.kind !== "action" || s.action.kind !== "choose" || s.action.modeText === undefined) continue;
    let j = i - 1;
    while (j >= 0 && (scenario.steps[j]!.kind === "expect" || (scenario.steps[j]!.kind === "action" && (scenario.steps[j] as { action: { kind: string; modeText?: string } }).action.kind === "choose" && (scenario.steps[j] as { action: { modeText?: string } }).action.modeText !== undefined))) j--;
    const play = scenario.steps[j];
    if (!play || play.kind !== "action" || play.action.kind !== "play" || play.action.player !== s.action.player || play.refused !== undefined) continue;
    const card = names.cards.get(norm(play.action.card.card));
    const abilities = card ? names.abilitiesOf?.(card.name) : undefined;
    const selections = abilities ? colourSelectionsOf(abilities) : undefined;
    if (!card || !abilities || !selections) continue;
    const written = s.action.modeText;
    // A selection offered on the opponent's turn carries what it pays ("Red + Blue (pay 1 Blue Facet)"): the colours are judged.
    const colours = written.replace(/\s*\([^()]*\)\s*$/, "");
    if (selections.some((t) => modeTextMatches(t, colours))) continue;
    // Every mode text of the game's cards (a walk of every card's lowered abilities): only for a line no selection reads.
    modalTexts ??= names.modeTexts?.() ?? modeTextsOfCards(names.cards.values(), (c) => names.abilitiesOf?.(c));
    if (modalTexts.some((t) => modeTextMatches(t, written) || modeTextMatches(t.replace(/[.\s]+$/, ""), written))) continue;
    const near = closestName(written, selections);
    out.push(
      diagnostic("CW7026", scenario.file, s.range, {
        problem: `no selection of "${card.name}"'s abilities reads "${written}"${near ? ` (did you mean "${near}"?)` : ""}: its abilities are selected by colour as it is cast — ${selections.map((t) => `"${t}"`).join(", ")} (the engine offers those of them allowed as it is cast)`,
      }),
    );
  }
}

/** Every card reference (a name with its controller or copy) of a value: an action's or an expectation's, walked. */
function cardRefsIn(value: unknown, out: CardRef[] = []): CardRef[] {
  if (Array.isArray(value)) for (const v of value) cardRefsIn(v, out);
  else if (value && typeof value === "object") {
    const v = value as Partial<CardRef>;
    if (typeof v.card === "string") out.push(v as CardRef);
    for (const child of Object.values(value)) cardRefsIn(child, out);
  }
  return out;
}

/**
 * What `cardwright test` finds out about a line's cards that the text and the setup already show, said by `check` and the
 * studio at the line (CW5023, CW5017):
 * - a card the game never holds: its name is in no setup zone and no card text makes it (a token), so every card of the
 *   game comes from the setup — an expectation about it could never hold (negated, never fail), an action never be taken;
 * - `copy N` of a card set up fewer times (and not made during the game);
 * - a card named alone where the setup's board holds several in the first place looked (two Scouts in play), read by an
 *   expectation before any action, on a board set up in a phase where a player decides (one that runs on its own could
 *   move cards before the line).
 */
function checkCardsOfSteps(scenario: Scenario, names: ScenarioNames, out: Diagnostic[]): void {
  const file = scenario.file;
  const setupCount = new Map<string, number>();
  for (const z of scenario.setup.zones) for (const n of z.cards.names) setupCount.set(norm(n), (setupCount.get(norm(n)) ?? 0) + 1);
  const stepLines = new Set(scenario.steps.map((s) => s.line));
  const said = new Set<string>();
  // A setup line not read as written (a quoted zone, a misspelt card: CW5002, CW2007) may be where the card was meant to
  // be set up: that line's own error says it, and a card missing from the setup because of it is not said again.
  const firstStep = Math.min(...scenario.steps.map((s) => s.line));
  const setupIncomplete =
    scenario.unreadable.some((u) => u.line < firstStep) || scenario.setup.zones.some((z) => z.cards.names.some((n) => !names.cards.has(norm(n)) && !names.madeInPlay().has(norm(n))));
  for (const use of setupIncomplete ? [] : scenario.names) {
    if (use.role !== "card" || !stepLines.has(use.line) || !names.cards.has(norm(use.text)) || setupCount.has(norm(use.text))) continue;
    if (names.madeInPlay().has(norm(use.text)) || said.has(`${use.line}\u0000${norm(use.text)}`)) continue;
    said.add(`${use.line}\u0000${norm(use.text)}`);
    out.push(diagnostic("CW5023", file, use.range, { card: `"${names.cards.get(norm(use.text))!.name}"`, problem: "the setup lists none and no card makes one" }));
  }
  for (const step of setupIncomplete ? [] : scenario.steps) {
    const refs = cardRefsIn(step.kind === "action" ? step.action : step.expect);
    for (const ref of refs) {
      if (ref.copy === undefined || !names.cards.has(norm(ref.card)) || names.madeInPlay().has(norm(ref.card)) || names.madeInPlay().has(COPIES_ANY_CARD)) continue;
      const count = setupCount.get(norm(ref.card)) ?? 0;
      if (count === 0 || ref.copy <= count) continue;
      out.push(diagnostic("CW5023", file, step.range, { card: `"${names.cards.get(norm(ref.card))!.name}" copy ${ref.copy}`, problem: `the setup lists ${count === 1 ? "one" : count} and no card makes more` }));
    }
  }
  // The board of the first lines is the setup's, when nothing runs before them.
  const setupPhase = scenario.setup.phase;
  if (scenario.setup.newGame || (setupPhase !== undefined && names.autoPhases.some((p) => norm(p) === norm(setupPhase)))) return;
  const entries = setupEntries(scenario, names);
  for (const step of scenario.steps) {
    if (step.kind === "action") break;
    const e = step.expect;
    if (e.kind !== "stat" && e.kind !== "damage" && e.kind !== "counters" && e.kind !== "exhausted" && e.kind !== "newly_turned" && e.kind !== "active_ability" && e.kind !== "defender" && e.kind !== "keyword" && e.kind !== "cost") continue;
    const ref = e.card;
    if (ref.copy !== undefined || !names.cards.has(norm(ref.card))) continue;
    const named = entries.filter((x) => norm(x.name) === norm(ref.card) && (!ref.controller || x.player === ref.controller) && (!ref.zone || norm(x.zone) === norm(ref.zone)));
    for (const zones of names.tiers) {
      const here = named.filter((x) => zones.some((z) => norm(z) === norm(x.zone)));
      if (here.length === 0) continue;
      if (here.length > 1) {
        const all = entries.filter((x) => norm(x.name) === norm(ref.card));
        const copies = here.map((x) => all.indexOf(x) + 1);
        const name = names.cards.get(norm(ref.card))!.name;
        out.push(diagnostic("CW5017", file, step.range, { card: name, count: here.length, choices: whichChoices(name, here, copies) }));
      }
      break;
    }
  }
}

/**
 * The most cards a player's zone holds in this scenario (ScenarioNames zones' `slots`), undefined when nothing limits it:
 * a hand maximum is none when a card the scenario names can raise or lift it ("Your maximum hand size is increased by 2.",
 * "You have no maximum hand size.": static `hand_size`). Its cards' abilities are asked for only then.
 */
function capacityOf(scenario: Scenario, names: ScenarioNames, zoneName: string): number | undefined {
  const zone = names.zones.find((z) => norm(z.name) === norm(zoneName));
  if (zone?.slots === undefined || zone.role !== "hand" || !names.abilitiesOf) return zone?.slots;
  const named = new Set([...scenario.names.filter((u) => u.role === "card").map((u) => norm(u.text)), ...scenario.setup.zones.flatMap((z) => z.cards.names.map(norm))]);
  for (const name of named) {
    const card = names.cards.get(name);
    const raises = card && (names.abilitiesOf(card.name) ?? []).some((a) => (a.statics ?? []).some((st) => st.kind === "hand_size" && (st.none || (st.by ?? 0) > 0)));
    if (raises) return undefined;
  }
  return zone.slots;
}

/** What no real game could start from: each at its line. */
function checkSetup(scenario: Scenario, names: ScenarioNames, out: Diagnostic[]): void {
  const setup = scenario.setup;
  const file = scenario.file;
  const zoneNames = names.zones.map((z) => z.name);
  const inZone = new Map<string, number>();
  for (const z of setup.zones) {
    const zone = find(zoneNames, z.zone);
    if (!zone || !(SEATS as readonly string[]).includes(z.player)) continue;
    if (setup.newGame && norm(zone) !== norm(names.deck)) out.push(diagnostic("CW5015", file, z.range, { player: z.player, zone }));
    for (const name of z.cards.names) {
      const card = names.cards.get(norm(name));
      if (!card && names.madeInPlay().has(norm(name))) out.push(diagnostic("CW5020", file, z.range, { card: name }));
      if (card?.isToken && norm(zone) !== norm(names.battlefield)) out.push(diagnostic("CW5013", file, z.range, { card: card.name, battlefield: names.battlefield, player: z.player, zone }));
      // A card whose type never stays in play (a Spell resolves, then goes to the graveyard): no game puts it there.
      if (card?.permanent === false && norm(zone) === norm(names.battlefield)) out.push(diagnostic("CW7010", file, z.range, { card: card.name, game: names.game.name, zone }));
    }
    const key = `${z.player}\u0000${zone}`;
    const before = inZone.get(key) ?? 0;
    inZone.set(key, before + z.cards.names.length);
    const slots = capacityOf(scenario, names, zone);
    if (slots !== undefined && before <= slots && before + z.cards.names.length > slots) out.push(diagnostic("CW5014", file, z.range, { player: z.player, zone, slots, count: before + z.cards.names.length }));
  }
  const cardCounters = names.counters.filter((c) => c.on === "card").map((c) => c.name);
  const playerCounters = names.counters.filter((c) => c.on === "player").map((c) => c.name);
  // A card counter written as a player's amount, in setup or an expectation.
  const amounts = [...setup.amounts, ...scenario.steps.flatMap((s) => (s.kind === "expect" && s.expect.kind === "amount" && !s.expect.capacity && !s.expect.temporary ? [{ name: s.expect.name, value: s.expect.value, range: s.range }] : []))];
  for (const a of amounts) {
    const onCard = find(cardCounters, a.name);
    if (onCard && !find(names.resources, a.name) && !find(playerCounters, a.name)) out.push(diagnostic("CW5018", file, a.range, { counter: onCard, value: a.value }));
  }
  for (const c of setup.cards) {
    if (!names.cards.has(norm(c.card)) || (c.controller && !(SEATS as readonly string[]).includes(c.controller))) continue;
    const exhaustedOnly = !!(c.exhausted || c.overexhausted) && !c.counters && c.damage === undefined;
    const found = setupCardEntry(c, exhaustedOnly, scenario, names);
    if (!("problem" in found)) continue;
    const name = names.cards.get(norm(c.card))!.name;
    if (found.problem === "absent") {
      const what = c.counters ? `with ${c.counters.name} counters` : c.damage !== undefined ? "with damage" : c.defender ? "as a defender" : c.overexhausted ? "overexhausted" : "exhausted";
      out.push(diagnostic("CW5016", file, c.range, { card: name, where: found.where, what }));
    } else {
      const all = setupEntries(scenario, names).filter((e) => norm(e.name) === norm(c.card));
      // setupCardEntry lists the entries afresh: an entry is the same card by its place (player, zone, index), not by identity.
      const copies = found.candidates.map((e) => all.findIndex((x) => x.player === e.player && x.zone === e.zone && x.index === e.index) + 1);
      out.push(diagnostic("CW5017", file, c.range, { card: name, count: found.candidates.length, choices: whichChoices(name, found.candidates, copies) }));
    }
  }
}
