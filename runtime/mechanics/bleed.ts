/**
 * Keyword abilities the game file defines as triggers, e.g.
 * `keyword ability Bleed X = "Whenever this deals combat damage to a player, that player gains X Bleed counters."`
 * A card with the keyword (printed, granted by an effect or by a static ability in effect) notes
 * the keyword's trigger when its event happens. `<keyword>_instances_combine = true` (the default;
 * `bleed_instances_combine` for Bleed: "two instances of Bleed 1 are Bleed 2") notes one trigger
 * with X = the sum of the instances; `false` notes one trigger per instance, each with its own X
 * (Bleed 1 + Bleed 1 → two triggers of 1 counter, each answerable on the chain). The trigger then goes through the
 * game's response model like any other. Bleed's own damage is the game file's rule "Bleed damage".
 */
import { triggerEvents, type Ability, type EventKind, type KeywordDef } from "../../compiler/ir.ts";
import type { Ctx, GameEventData } from "../core/index.ts";
import { cardName, emit, evalCondition, eventOf, keywordInstancesOf, readingStill, triggerMatches } from "../core/index.ts";
import type { PlayerId } from "../state/state.ts";
import type { Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import { perGame } from "../core/per-game.ts";

type TriggeredKeyword = KeywordDef & { ability: Ability };
/**
 * The game's keywords defined as a trigger about the card that has the keyword ("Whenever this deals combat damage to a
 * player"). A keyword's trigger about another card or a player ("Whenever another creature dies, ...") is not run: the
 * compiler reports it (CW6001 at its definition, compiler/lower.ts lowerGame) — no game defines one.
 */
const triggered = (rules: Rules): TriggeredKeyword[] => rules.game.keywords.filter((k): k is TriggeredKeyword => k.ability?.kind === "triggered" && k.ability.trigger?.subject.kind === "self");

/** The game's triggered keywords by the event kinds they trigger on ("attacks or blocks": both), read once per loaded game (every event asks). */
const triggeredByKind = perGame((rules: Rules): Map<EventKind, TriggeredKeyword[]> => {
  const byKind = new Map<EventKind, TriggeredKeyword[]>();
  for (const k of triggered(rules)) for (const kind of triggerEvents(k.ability.trigger!)) byKind.set(kind, [...(byKind.get(kind) ?? []), k]);
  return byKind;
});

/** `param bleed_instances_combine = true` (for a keyword named Bleed): several instances on one card are one, X summed. */
const combines = (rules: Rules, keyword: string): boolean => rules.param(`${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_instances_combine`, true);

/**
 * A keyword trigger is about its own card, so only the event's card can note one: the card with the keyword (printed,
 * granted, or given by a static in effect), its trigger read as the same words on a card are (core/triggers.ts
 * triggerMatches: the event, and whatever else the pattern names — the other party, "in combat", a zone).
 */
function noteKeywordTriggers(ctx: Ctx, kind: EventKind, data: GameEventData, by: PlayerId): void {
  const { state, rules } = ctx;
  const defs = triggeredByKind(rules).get(kind);
  const id = data.card;
  // An event about no card (a player's draw) has no card that could note one.
  const card = state.cards[id as string];
  if (!defs || !card) return;
  const keywords = readingStill(ctx, () => keywordInstancesOf(ctx, id!));
  for (const def of defs) {
    const instances = keywords.get(def.name.toLowerCase());
    if (!instances?.length) continue;
    const trigger = def.ability.trigger!;
    if (!triggerMatches(ctx, trigger, kind, data, card.controller, id)) continue;
    // `<keyword>_instances_combine = false`: each instance is its own trigger with its own X.
    const amounts = combines(rules, def.name) ? [instances.reduce((a, b) => a + b, 0)] : instances;
    for (const amount of amounts) {
      const event = eventOf(data);
      // An intervening "if" ("Whenever this deals combat damage to a player, if that player has no Bleed counters, ...") is
      // checked when the trigger is noted, as a card's own trigger's is (core/triggers.ts noteTriggersOf): false now → it
      // does not trigger (the rules texts are silent; a keyword reads as its text on the card).
      if (def.ability.condition && !evalCondition(ctx, { controller: card.controller, card: id!, steps: [], pc: 0, targets: [], chosen: {}, event, x: amount, label: "" }, def.ability.condition)) continue;
      // `by`: who had priority and caused the event owns the chains it starts (Chromatic 17.1 "Priority player").
      state.noted.push({ id: state.nextId++, card: id!, ability: def.ability.id, controller: card.controller, event, source: def.ability.source, x: amount, by });
      emit(ctx, "trigger", `${cardName(ctx, id!)}: ${def.name} ${amount} — ${trigger.text} — noted`, { card: id, name: cardName(ctx, id!), ability: def.ability.id, player: card.controller, amount, source: def.ability.source });
    }
  }
}

export const keywordTriggersMechanic: Mechanic = {
  name: "keyword-triggers",
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent — `true` / `>= 0`: in a game with no triggered keyword triggeredByKind is empty, so noteKeywordTriggers notes nothing and applying the mechanic there changes nothing (the test only saves a look-up per event); `false` / `< 0` (Bleed and Lifelink never noted) are not equivalent, every Bleed and Lifelink scenario fails on them, and are left out with the rest of the line
  applies: (rules) => triggered(rules).length > 0,
  noteEvent: noteKeywordTriggers,
};
