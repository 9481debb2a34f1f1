/**
 * Which zone of a game plays which part in the rules (its deck, hand, battlefield, graveyard,
 * removed-from-game zone): as the game file states it (`zone X role_battlefield`), else from the
 * zone's usual name, and `param zone_<role> = <Zone>` overrides both. The engine (runtime/rules.ts)
 * and the scenario checker read the same answer.
 */
import type { CompiledGame, ZoneRole } from "./ir.ts";

const ROLE_NAMES: Record<string, ZoneRole> = {
  deck: "deck",
  "main deck": "deck",
  library: "deck",
  hand: "hand",
  field: "battlefield",
  battlefield: "battlefield",
  "in play": "battlefield",
  play: "battlefield",
  graveyard: "graveyard",
  "discard pile": "graveyard",
  discard: "graveyard",
  oblivion: "removed",
  "shatter zone": "removed",
  exile: "removed",
  removed: "removed",
};

/** The role a zone's usual name plays ("graveyard", "discard pile", "library"): undefined for any other words. */
export function roleOfName(name: string): ZoneRole | undefined {
  return ROLE_NAMES[name.toLowerCase()];
}

/** The role of a zone: as the game file states it, else from its usual name. */
export function zoneRole(name: string, declared?: ZoneRole): ZoneRole {
  if (declared && declared !== "other") return declared;
  return ROLE_NAMES[name.toLowerCase()] ?? "other";
}

export type RuleZones = Record<Exclude<ZoneRole, "other" | "resource">, string>;

/** The zone name of each role the engine needs, with the conventional name when the game has none. */
export function ruleZones(game: Pick<CompiledGame, "zones" | "params">): RuleZones {
  const zoneFor = (role: ZoneRole, fallback: string): string => game.zones.find((z) => zoneRole(z.name, z.role) === role)?.name ?? fallback;
  const zones: RuleZones = {
    deck: zoneFor("deck", "Deck"),
    hand: zoneFor("hand", "Hand"),
    battlefield: zoneFor("battlefield", "Battlefield"),
    graveyard: zoneFor("graveyard", "Graveyard"),
    removed: zoneFor("removed", "Removed"),
  };
  for (const [role, name] of Object.entries(game.params)) {
    // `param zone_<role> = <Zone>` overrides the name-based guess.
    const m = /^zone_(deck|hand|battlefield|graveyard|removed)$/.exec(role);
    if (m && typeof name === "string") zones[m[1] as keyof RuleZones] = name;
  }
  return zones;
}

/**
 * How many cards a player's battlefield holds, if limited: `param unit_slots` (0: no limit), else the `slots` of the
 * battlefield zone (`zone Field public slots 3`). The one reader of a game's slots: the engine (runtime/core/rules.ts
 * battlefieldSlots: a play into a full field is refused, `empty_slots` counts against it) and the compiler (whether
 * "empty slots" means anything in the game) read this answer, so a condition on slots never checks one number and runs
 * another.
 */
export function battlefieldSlots(game: Pick<CompiledGame, "zones" | "params">): number | undefined {
  const param = game.params["unit_slots"];
  if (typeof param === "number") return param > 0 ? param : undefined;
  const field = ruleZones(game).battlefield;
  const slots = game.zones.find((z) => z.name === field)?.slots;
  return slots !== undefined && slots > 0 ? slots : undefined;
}
