/**
 * Player restrictions made by one-time effects for a while (IR step `player_rule`: "Your opponent can't play Spells this
 * turn.", "Target player can't attack next turn."), kept in `state.playerRules` until their duration ends. What they
 * forbid is read by `playerRestriction` (values.ts), with the statics that say the same while their card is in play.
 */
import { PLAYER_RULES } from "../../compiler/ir.ts";
import { type PlayerId, type PlayerRestriction, durationText, endsAsTurnBegins, endsWithThisTurn } from "../state/state.ts";
import { type Ctx, cardName, emit } from "./cards.ts";

/** Keeps a player restriction until its duration ends (one made "next turn" waits for that player's turn). */
export function addPlayerRule(ctx: Ctx, made: Omit<PlayerRestriction, "id" | "turn">): void {
  const { state } = ctx;
  const rule: PlayerRestriction = { id: state.nextId++, turn: state.turn, ...made };
  (state.playerRules ??= []).push(rule);
  // The whole sentence is emit's text argument (its wording is left out of the mutation score: docs/mutation.md).
  emit(ctx, "modify", `${rule.label}: ${rule.player} ${PLAYER_RULES[rule.rule].replace(" [<cards>]", rule.cards ? " the cards it names" : "")}${rule.waiting ? " during their next turn" : rule.duration === "end_of_turn" ? " this turn" : durationText(rule.duration)}`, {
    ...(rule.sourceCard ? { card: rule.sourceCard, name: cardName(ctx, rule.sourceCard) } : {}),
    player: rule.player,
    source: rule.source,
  });
}

/**
 * The turn passes to `next`: restrictions of `next`'s next turn begin (they end with that turn), and those that lasted
 * "until your next turn" of `next` end. Restrictions "this turn" end with the turn (`endPlayerRules`, end of turn).
 */
export function playerRulesAtTurnStart(ctx: Ctx, next: PlayerId): void {
  const list = ctx.state.playerRules;
  if (!list?.length) return;
  const kept = list.filter((r) => !endsAsTurnBegins(r, next));
  for (const r of kept) if (r.waiting && r.player === next) r.waiting = false;
  ctx.state.playerRules = kept.length ? kept : undefined; // (not deleted: the state keeps one shape, runtime/index.ts emptyState)
}

/**
 * The turn ends (or the combat phase: `ends`): the restrictions that lasted it end (not those still waiting for their
 * player's next turn).
 */
export function endPlayerRules(ctx: Ctx, ends: (r: PlayerRestriction) => boolean = (r) => endsWithThisTurn(r, ctx.state)): void {
  const list = ctx.state.playerRules;
  if (!list?.length) return;
  const kept = list.filter((r) => r.waiting || !ends(r));
  if (kept.length === list.length) return;
  ctx.state.playerRules = kept.length ? kept : undefined;
}
