/**
 * Every mechanics module, in the order their hooks run (candidates, refusals, payments... are
 * asked in this order, so it is part of the engine's behaviour: keep it). Each applies only to
 * games whose game file asks for it (`applies`). Importing a module also registers its native
 * rules (phase steps and rules the card language cannot say) with the core's interpreter.
 */
import type { Mechanic } from "../core/mechanics.ts";
import "./combat.ts";
import { weaponsMechanic } from "./weapons.ts";
import { facetsMechanic } from "./facets.ts";
import { manaMechanic } from "./mana.ts";
import { combatDamageMechanic } from "./combat-damage.ts";
import { keywordRulesMechanic } from "./keyword-rules.ts";
import { stackTimingMechanic } from "../models/stack.ts";
import { landsMechanic } from "./lands.ts";
import { landDeckMechanic } from "./lands-decks.ts";
import { newlyTurnedMechanic } from "./renew.ts";
import { keywordTriggersMechanic } from "./bleed.ts";
import { uniqueMechanic } from "./unique.ts";
import { controlDurationsMechanic } from "./control.ts";

export const MECHANICS: readonly Mechanic[] = [
  weaponsMechanic,
  facetsMechanic,
  manaMechanic,
  combatDamageMechanic,
  keywordRulesMechanic,
  stackTimingMechanic,
  landsMechanic,
  landDeckMechanic,
  newlyTurnedMechanic,
  keywordTriggersMechanic,
  uniqueMechanic,
  controlDurationsMechanic,
];
