/**
 * Control effects with a duration ("gain control of target creature until end of turn"): the
 * effect interpreter records them in `state.controlEffects`; when the duration ends (state.ts endsWithThisTurn as a turn
 * ends, endsAsTurnBegins as its controller's next turn begins for "until your next turn") the card goes
 * back to its owner, staying on the battlefield as it is (exhausted or not), with
 * `lost_control_goes_to = owner_battlefield` (the default); with `owner_graveyard` it goes to its
 * owner's graveyard instead.
 * A card that left play meanwhile simply drops its effect (it is already its owner's again).
 */
import type { Ctx } from "../core/index.ts";
import { cardName, emit, moveCard, zoneList, writeCard } from "../core/index.ts";
import { type Mechanic, mechanicsOf } from "../core/mechanics.ts";
import { type GameState, type PlayerId, endsAsTurnBegins } from "../state/state.ts";

type ControlEffect = NonNullable<GameState["controlEffects"]>[number];

export function changeControl(ctx: Ctx, id: string, to: PlayerId, why: string): void {
  const card = writeCard(ctx, id);
  if (!card || card.zone !== ctx.rules.zones.battlefield || card.controller === to) return;
  // Its owner's field is full (a field of slots): the card cannot come back into play there, and the control effect
  // has ended, so it goes to its owner's graveyard (the rules texts are silent; docs/games/duel.md).
  const slots = ctx.rules.battlefieldSlots;
  if (slots !== undefined && zoneList(ctx, to, card.zone).length >= slots) {
    emit(ctx, "check", `no free slot: ${cardName(ctx, id)} cannot return to ${to}'s ${card.zone} and goes to the ${ctx.rules.zones.graveyard}`, { card: id, player: to });
    moveCard(ctx, id, ctx.rules.zones.graveyard);
    return;
  }
  const from = zoneList(ctx, card.controller, card.zone);
  from.splice(from.indexOf(id), 1);
  card.controller = to;
  zoneList(ctx, to, card.zone).push(id);
  emit(ctx, "move", `${why}: ${to} controls ${cardName(ctx, id)} again`, { card: id, name: cardName(ctx, id), player: to });
  for (const m of mechanicsOf(ctx.rules)) m.arrived?.(ctx, id);
}

/** The control effects that `ends` says end now end: each card goes back to its owner (or its owner's graveyard). */
function endControlEffects(ctx: Ctx, ends: (e: ControlEffect) => boolean): void {
  const effects = ctx.state.controlEffects;
  if (!effects?.length) return;
  const ending = effects.filter(ends);
  if (!ending.length) return;
  ctx.state.controlEffects = effects.filter((e) => !ends(e));
  const toGraveyard = ctx.rules.param("lost_control_goes_to", "owner_battlefield") === "owner_graveyard";
  for (const e of ending) {
    const card = ctx.state.cards[e.card];
    if (!card) continue;
    // `owner_graveyard`: the player losing control does not hand it back; it goes to its owner's graveyard.
    if (toGraveyard && card.zone === ctx.rules.zones.battlefield && card.controller !== card.owner) moveCard(ctx, e.card, ctx.rules.zones.graveyard);
    else changeControl(ctx, e.card, card.owner, "the control effect ends");
  }
}

/**
 * "Gain control of target creature for as long as you control this." (IR `while_source`): the effect ends as its source
 * leaves play or another player gains control of it — "you control this" no longer holds. The rules texts name no such
 * duration; the card's own words say how long, and CYBERVAMP 55 says what follows ("If you lose control of a card, it
 * moves to the appropriate zone under its owner's control"): the card goes back as any control effect's does.
 */
function endWhileSource(ctx: Ctx, source: string): void {
  const card = ctx.state.cards[source];
  const held = card?.zone === ctx.rules.zones.battlefield ? card.controller : undefined;
  endControlEffects(ctx, (e) => e.duration === "while_source" && e.source === source && e.controller !== held);
}

export const controlDurationsMechanic: Mechanic = {
  name: "control-durations",
  applies: () => true,
  noteEvent(ctx, kind, data) {
    if (kind === "leaves" && data.card !== undefined && ctx.state.controlEffects?.some((e) => e.source === data.card)) {
      // Noted while a destroyed card is still in play (destroyAll): it is leaving, whatever its zone says.
      endControlEffects(ctx, (e) => e.duration === "while_source" && e.source === data.card);
    }
  },
  arrived(ctx, card) {
    if (ctx.state.controlEffects?.some((e) => e.source === card)) endWhileSource(ctx, card);
  },
  lastingEffectsEnd(ctx, ends) {
    endControlEffects(ctx, ends);
  },
  turnBegins(ctx, next) {
    endControlEffects(ctx, (e) => endsAsTurnBegins(e, next));
  },
};
