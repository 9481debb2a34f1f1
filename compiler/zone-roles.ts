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
