/**
 * The loaded rules of one game: its compiled game file and cards, indexed for the engine, the
 * turn machine built from its phases, and the response model its game file names. Built once
 * per bundle; game states never hold it (they stay plain JSON).
 */
import type { EngineParamName } from "../../compiler/contract.ts";
import type { Ability, CompiledBundle, CompiledCard, CompiledGame, EventKind, PhaseDef, ResourceDef, ZoneRole } from "../../compiler/ir.ts";
import { buildFlow, type Flow } from "./flow.ts";
import type { ResponseModel } from "./response.ts";
import { responseModelFor } from "./response.ts";
import { ruleZones } from "../../compiler/zone-roles.ts";

export interface Rules {
  game: CompiledGame;
  cards: Map<string, CompiledCard>;
  /** Lower-case card name → card (for scenarios and decks written by name). */
  byName: Map<string, CompiledCard>;
  /** Ability id → ability, for cards and the game's own rules and keywords. */
  abilities: Map<string, Ability>;
  zones: Record<Exclude<ZoneRole, "other" | "resource">, string>;
  flow: Flow;
  model: ResponseModel;
  param: ParamReader;
  /** The game file's phase of that name (exact spelling), if any. */
  phase(name: string): PhaseDef | undefined;
  /** How many cards a player's battlefield holds (`param unit_slots`, else the zone's `slots`), if limited. */
  battlefieldSlots: number | undefined;
  /** Whether cards of a card type (any spelling) are permanents (or tokens); undefined for a type the game file lacks. */
  permanentType(cardType: string): boolean | undefined;
  /** The game file's spelling of a resource named in any case, if the game has it. */
  resourceNamed(name: string): string | undefined;
  /** The game file's resource named in any case, if the game has it. */
  resource(name: string): ResourceDef | undefined;
  /** The resources whose `<name>_model` is `capacity` (refilled each turn; the turn's own gain grows the capacity), by the game file's spelling. */
  capacityResources: ReadonlySet<string>;
  /** A parameter that lists words (`land_play_phases = Pre-Battle Post-Battle`): its words in lower case, none when absent (read once). */
  words(name: EngineParamName): ReadonlySet<string>;
  /** The events some card's replacement effect replaces (the others skip the look-up). */
  replacedEvents: ReadonlySet<EventKind>;
  /** What modules work out once per loaded game, one slot per `perGame` reader (runtime/core/per-game.ts). */
  derived: unknown[];
}

/** Reads a game parameter with the type of its fallback (the documented default); only params of the engine contract (compiler/contract.ts). */
export interface ParamReader {
  (name: EngineParamName, fallback: string): string;
  (name: EngineParamName, fallback: number): number;
  (name: EngineParamName, fallback: boolean): boolean;
  <T extends number | string | boolean>(name: EngineParamName, fallback: T): T;
}

export function loadRules(bundle: CompiledBundle): Rules {
  const { game } = bundle;
  const cards = new Map<string, CompiledCard>();
  const byName = new Map<string, CompiledCard>();
  const abilities = new Map<string, Ability>();
  const replacedEvents = new Set<EventKind>();
  for (const card of bundle.cards) {
    cards.set(card.id, card);
    if (!byName.has(card.name.toLowerCase())) byName.set(card.name.toLowerCase(), card);
    for (const ability of card.abilities) {
      abilities.set(ability.id, ability);
      if (ability.replacement) replacedEvents.add(ability.replacement.event);
    }
  }
  for (const rule of game.rules) abilities.set(rule.id, rule);
  for (const keyword of game.keywords) if (keyword.ability) abilities.set(keyword.ability.id, keyword.ability);

  const zones = ruleZones(game);

  // Each parameter's readings (as written, as a boolean, as a number) are worked out once per game.
  const readings = new Map<string, { value: string | number | boolean; asBoolean: unknown; asNumber: unknown }>();
  for (const [name, value] of Object.entries(game.params)) {
    if (value === undefined) continue;
    const asBoolean = typeof value === "string" ? value === "true" : value;
    const asNumber = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
    readings.set(name, { value, asBoolean, asNumber });
  }
  const param = (<T extends number | string | boolean>(name: string, fallback: T): T => {
    const reading = readings.get(name);
    if (reading === undefined) return fallback;
    if (typeof fallback === "boolean") return reading.asBoolean as T;
    if (typeof fallback === "number") return reading.asNumber as T;
    return reading.value as T;
  }) as ParamReader;
  const phaseByName = new Map(game.phases.map((p) => [p.name, p]));
  const permanentTypes = new Map(game.cardTypes.map((t) => [t.name.toLowerCase(), t.permanent || t.token]));
  const resourceNames = new Map(game.resources.map((r) => [r.name.toLowerCase(), r.name]));
  const resourcesByName = new Map(game.resources.map((r) => [r.name.toLowerCase(), r]));
  const resourceBySpellingDef = new Map<string, ResourceDef | undefined>();
  // Looked up on every listing and payment: each spelling met is lower-cased once.
  const permanentBySpelling = new Map<string, boolean | undefined>();
  const resourceBySpelling = new Map<string, string | undefined>();
  const slotsParam = game.params["unit_slots"];
  const paramWords = new Map<string, ReadonlySet<string>>();
  const model = responseModelFor(String(game.params["response_model"] ?? "instant"));
  const rules: Rules = {
    game,
    cards,
    byName,
    abilities,
    zones,
    flow: buildFlow(game, { name: model.name, windows: model.opensWindows, ...(model.chart ? { chart: model.chart } : {}) }),
    model,
    param,
    phase: (name) => phaseByName.get(name),
    battlefieldSlots: typeof slotsParam === "number" ? slotsParam : game.zones.find((z) => z.name === zones.battlefield)?.slots,
    replacedEvents,
    permanentType: (cardType) => bySpelling(permanentBySpelling, permanentTypes, cardType),
    resourceNamed: (name) => bySpelling(resourceBySpelling, resourceNames, name),
    resource: (name) => bySpelling(resourceBySpellingDef, resourcesByName, name),
    capacityResources: new Set(game.resources.filter((r) => param(`${r.name.toLowerCase()}_model` as EngineParamName, "bank") === "capacity").map((r) => r.name)),
    words: (name) => {
      let set = paramWords.get(name);
      if (!set) paramWords.set(name, (set = new Set(String(param(name, "")).toLowerCase().split(/\s+/).filter(Boolean))));
      return set;
    },
    derived: [],
  };
  return rules;
}

/** A case-insensitive look-up remembered per exact spelling (`byLowerCase` is keyed in lower case). */
function bySpelling<T>(cache: Map<string, T | undefined>, byLowerCase: ReadonlyMap<string, T>, name: string): T | undefined {
  let found = cache.get(name);
  if (found === undefined && !cache.has(name)) cache.set(name, (found = byLowerCase.get(name.toLowerCase())));
  return found;
}

/** A number parameter that may name another parameter (`spell_max_abilities_opponent_turn = spell_abilities`) or be `unlimited`. */
export function numberParam(rules: Rules, name: EngineParamName, fallback: number): number {
  let value: unknown = rules.game.params[name];
  for (let i = 0; i < 4 && typeof value === "string" && rules.game.params[value] !== undefined; i++) value = rules.game.params[value];
  if (value === "unlimited") return Number.POSITIVE_INFINITY;
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  return fallback;
}
