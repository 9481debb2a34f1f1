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
import { battlefieldSlots, ruleZones } from "../../compiler/zone-roles.ts";

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
  /** How many cards a player's battlefield holds (`param unit_slots`, 0: no limit; else the zone's `slots`), if limited: compiler/zone-roles.ts battlefieldSlots. */
  battlefieldSlots: number | undefined;
  /** Whether cards of a card type (as the game file spells it, as the IR names it) are permanents (or tokens); undefined for a type the game file lacks. */
  permanentType(cardType: string): boolean | undefined;
  /**
   * The game file's resource of that name. The IR names a resource as the game file spells it (the compiler reads any case
   * of it as that spelling), so the engine looks names up as they are.
   */
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
    // A card name is the game's one card of that name ignoring case (CW2010).
    byName.set(card.name.toLowerCase(), card);
    for (const ability of card.abilities) {
      abilities.set(ability.id, ability);
      if (ability.replacement) replacedEvents.add(ability.replacement.event);
    }
  }
  for (const rule of game.rules) abilities.set(rule.id, rule);
  for (const keyword of game.keywords) if (keyword.ability) abilities.set(keyword.ability.id, keyword.ability);

  const zones = ruleZones(game);

  // A param as the compiler wrote it: a boolean or number param is already a boolean or a number there (a quoted "true" or
  // "6" is read as that by compiler/contract.ts canonicalParamValue; any other value of such a param is CW6003, an error).
  const param = (<T extends number | string | boolean>(name: string, fallback: T): T => (game.params[name] ?? fallback) as T) as ParamReader;
  const phaseByName = new Map(game.phases.map((p) => [p.name, p]));
  const permanentTypes = new Map(game.cardTypes.map((t) => [t.name, t.permanent || t.token]));
  const resourcesByName = new Map(game.resources.map((r) => [r.name, r]));
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
    battlefieldSlots: battlefieldSlots(game),
    replacedEvents,
    permanentType: (cardType) => permanentTypes.get(cardType),
    resource: (name) => resourcesByName.get(name),
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

/** A number parameter that may name another parameter (`spell_max_abilities_opponent_turn = spell_abilities`) or be `unlimited`. */
export function numberParam(rules: Rules, name: EngineParamName, fallback: number): number {
  let value: unknown = rules.game.params[name];
  for (let i = 0; i < 4 && typeof value === "string" && rules.game.params[value] !== undefined; i++) value = rules.game.params[value];
  if (value === "unlimited") return Number.POSITIVE_INFINITY;
  // A whole number written in quotes is a number already (compiler/contract.ts canonicalParamValue).
  return typeof value === "number" ? value : fallback;
}
