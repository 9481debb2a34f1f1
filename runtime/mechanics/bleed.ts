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
import type { Ability, EventKind, KeywordDef } from "../../compiler/ir.ts";
import type { Ctx, GameEventData } from "../core/index.ts";
import { allOnBattlefield, cardName, emit, keywordInstancesOf, matchesSelector, readingStill } from "../core/index.ts";
import type { Mechanic } from "../core/mechanics.ts";
import type { Rules } from "../core/rules.ts";
import { perGame } from "../core/per-game.ts";

type TriggeredKeyword = KeywordDef & { ability: Ability };
const triggered = (rules: Rules): TriggeredKeyword[] => rules.game.keywords.filter((k): k is TriggeredKeyword => k.ability?.kind === "triggered" && !!k.ability.trigger);

/**
 * The game's triggered keywords by the event kind they trigger on, read once per loaded game (every event asks), and
 * whether each kind's are all about their own card ("Whenever this deals combat damage to a player": only the event's
 * card can note them, so the cards in play need no look at their keywords).
 */
const triggeredByKind = perGame((rules: Rules): Map<EventKind, { keywords: TriggeredKeyword[]; ownCardOnly: boolean }> => {
  const byKind = new Map<EventKind, { keywords: TriggeredKeyword[]; ownCardOnly: boolean }>();
  for (const k of triggered(rules)) {
    const trigger = k.ability.trigger!;
    let entry = byKind.get(trigger.event);
    if (!entry) byKind.set(trigger.event, (entry = { keywords: [], ownCardOnly: true }));
    entry.keywords.push(k);
    if (trigger.subject.kind !== "self") entry.ownCardOnly = false;
  }
  return byKind;
});

/** `param bleed_instances_combine = true` (for a keyword named Bleed): several instances on one card are one, X summed. */
const combines = (rules: Rules, keyword: string): boolean => rules.param(`${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_instances_combine`, true);

function noteKeywordTriggers(ctx: Ctx, kind: EventKind, data: GameEventData): void {
  const { state, rules } = ctx;
  const listening = triggeredByKind(rules).get(kind);
  if (!listening) return;
  const defs = listening.keywords;
  // A trigger about its own card matches only the event's card: when every one of this kind is, no other card is a candidate.
  const candidates = new Set(listening.ownCardOnly ? [] : allOnBattlefield(ctx));
  if (data.card && state.cards[data.card]) candidates.add(data.card);
  // Every candidate's keywords first, in one read of the state (the statics in effect worked out once).
  const keywordsOf = readingStill(ctx, () => [...candidates].map((id) => (state.cards[id] ? keywordInstancesOf(ctx, id) : undefined)));
  let index = 0;
  for (const id of candidates) {
    const card = state.cards[id];
    const keywords = keywordsOf[index++];
    if (!card || !keywords) continue;
    for (const def of defs) {
      const instances = keywords.get(def.name.toLowerCase());
      if (!instances?.length) continue;
      const trigger = def.ability.trigger!;
      const subject = trigger.subject;
      const matches =
        subject.kind === "self"
          ? data.card === id
          : subject.kind === "card"
            ? data.card !== undefined && card.zone === rules.zones.battlefield && matchesSelector(ctx, data.card, subject.selector, card.controller, id, true)
            : card.zone === rules.zones.battlefield && (subject.who === "any" || data.player === undefined || (subject.who === "you") === (data.player === card.controller));
      if (!matches) continue;
      // `<keyword>_instances_combine = false`: each instance is its own trigger with its own X.
      const amounts = combines(rules, def.name) ? [instances.reduce((a, b) => a + b, 0)] : instances;
      for (const amount of amounts) {
        state.noted.push({ id: state.nextId++, card: id, ability: def.ability.id, controller: card.controller, event: { card: data.card, player: data.player, amount: data.amount }, source: def.ability.source, x: amount });
        emit(ctx, "trigger", `${cardName(ctx, id)}: ${def.name} ${amount} — ${trigger.text} — noted`, { card: id, name: cardName(ctx, id), ability: def.ability.id, player: card.controller, amount, source: def.ability.source });
      }
    }
  }
}

export const keywordTriggersMechanic: Mechanic = {
  name: "keyword-triggers",
  applies: (rules) => triggered(rules).length > 0,
  noteEvent: noteKeywordTriggers,
};
