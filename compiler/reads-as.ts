/**
 * "Reads as": the compiled IR (never the tree) printed back as plain card English — what the
 * engine will do, in the card language's own forms ("Deal 2 damage to each card in play."), so
 * a designer sees how a card was understood. `cardwright explain` and the studio show it; the
 * corpus (test/fixtures/corpus) holds each sentence with its expected reads-as text, and the
 * round-trip property (the reads-as text lowers to the same IR) keeps the printer honest.
 */
import type {
  Ability,
  Replacement,
  RuleGrant,
  PlayerRuleName,
  Affected,
  CardRef,
  CardSelector,
  CompiledCard,
  CompiledGame,
  Condition,
  CostPart,
  Duration,
  KeywordGrant,
  NumberExpr,
  PlayerRef,
  PlayersRef,
  StaticEffect,
  Step,
  TargetSpec,
  TriggerPattern,
} from "./ir.ts";
import { DAMAGE_PREVENTED_THIS_WAY, LIFE_THIS_WAY, PAID_LABELS, PLAYER_RULES, STEP_OBJECT_FIELD, costSymbolsText, participleOf, sameStepBut, thisWayNoun, thisWayVerbOf, triggerEvents, walkSteps } from "./ir.ts";
import { TRIGGER_EVENTS, countsCards, readyingPhase, triggerContract, turnEndMoment } from "./contract.ts";

/** What the printer needs besides the ability: the game (zone roles, stats) and the ability's targets. */
interface Context {
  game: CompiledGame;
  targets: TargetSpec[];
  /** Inside the step on "the unit that destroyed this" (lower.ts lowerDestroyerTrigger): how the event's other card is written. */
  destroyer?: string;
  /** Inside a `per_player` step: the players it runs for (the acting player is written as them, then "they"). */
  acting?: PlayersRef;
  /** A choice you make once for each of these players: the acting player's cards are "each player controls", "each Graveyard". */
  eachActing?: PlayersRef;
  /** The player a step is about ("Target opponent loses ..."): named again later in its sentence, they are "them"/"their". */
  actor?: PlayersRef;
  /** The ability fires in a combat: the active player is "the attacking player". */
  combat?: boolean;
  /** The ability's trigger: its event's cards are written by their part in it ("the attacking creature"). */
  trigger?: TriggerPattern;
  /** Card targets already written in this ability: named again, a card target is "it" (written twice it would be a second target). */
  named?: Set<number>;
  /** Player targets already written in this ability ("target player"): the cards they control are then "... they control". */
  playersNamed?: Set<number>;
  /** The ability's last look at cards, and whether some of them were put somewhere since ("put it", "put one", "the rest"). */
  looked?: { look?: Extract<Step, { op: "look_top" }>; placed: boolean };
  /** The cards a summon or token step put into play (IR `arrived`), as a later step names them: "that token", "those cards". */
  arrived?: Map<string, string>;
  /** The choice read with the step that uses it ("the Creature with the highest attack"), for a number of that step to name. */
  chosen?: Chosen;
  /** Who did the step before an "If you do" / "If they don't" (`if` on didCondition): "you", or another player ("they"). */
  didBy?: PlayersRef;
  /**
   * Cards (JSON of their CardRef) an earlier step of the ability took out of play: a condition on one is asked of what it
   * last was in play (runtime lastKnownOf), so it reads "if it was a Vampire", not "is" (a question about now).
   */
  gone?: Set<string>;
  /** A step of the ability was told already: "it" is then the card it acted on, not the triggering event's. */
  acted?: boolean;
}

const CARD_RULE_TEXT: Record<string, string> = {
  cant_attack: "can't attack",
  cant_block: "can't block",
  cant_be_blocked: "can't be blocked",
  ignores_summoning_sickness: "can attack the turn it enters play",
  cannot_attack_or_block: "can't attack or block",
  cannot_be_targeted: "can't be targeted",
  cant_be_destroyed: "can't be destroyed",
  blocks_any_number_of_attackers: "can block any number of attackers",
  extra_attacks: "can attack twice each turn",
  must_attack: "attacks each turn if able",
};

const plural = (noun: string, n: NumberExpr) => (n === 1 ? noun : noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`);
const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const sentence = (s: string) => capital(s.trim()).replace(/[.\s]*$/, ".");
const lower = (s: string) => s.toLowerCase();

/** One ability as the engine reads it. */
export function readsAs(ability: Ability, game: CompiledGame): string {
  const ctx: Context = {
    game,
    targets: ability.targets,
    named: new Set(),
    playersNamed: new Set(),
    looked: { placed: false },
    combat: !!ability.trigger && (triggerContract(ability.trigger).combat === true || ability.trigger.combat === true),
    ...(ability.trigger ? { trigger: ability.trigger } : {}),
  };
  const tag = ability.tag ? `[${ability.tag}] ` : "";
  // Reminder text is not run; it is shown as written, after the ability.
  const text = articles(tag + abilityText(ability, ctx));
  if (!ability.reminder) return text;
  // As printed: right after a keyword (`Bleed 1 (...)`), after the sentence of any other ability.
  return `${ability.kind === "keyword" ? text.replace(/\.$/, "") : text} (${ability.reminder})`;
}

/** Every ability of a card, one line each (when it may be played and an additional cost to play it first). */
export function cardReadsAs(card: CompiledCard, game: CompiledGame): string[] {
  const only = playOnlyReadsAs(card, game);
  const extra = additionalCostReadsAs(card, game);
  return [...(only ? [only] : []), ...(extra ? [extra] : []), ...card.abilities.map((a) => readsAs(a, game))];
}

/** `Play this only during an opponent's Battle phase.`: when the card may be played, as the engine checks it. */
export function playOnlyReadsAs(card: Pick<CompiledCard, "playOnly">, game: CompiledGame): string | undefined {
  if (!card.playOnly) return undefined;
  const ctx: Context = { game, targets: [], named: new Set() };
  const c = card.playOnly.condition;
  const parts = c.kind === "all" && !activateOnlyText(c, ctx).startsWith("during ") ? c.conditions : [c];
  // "in response to a spell [an opponent controls]": a spell waiting on the response chain.
  const text = (p: Condition) => {
    const waiting = p.kind === "compare" && p.op === ">=" && p.right === 1 && typeof p.left === "object" && p.left.kind === "count" && p.left.of.zones?.length === 1 && p.left.of.zones[0] === "(resolving)" ? p.left.of : undefined;
    if (!waiting) return activateOnlyText(p, ctx);
    const { zones: _zones, ...kind } = waiting;
    return Object.keys(kind).length ? `in response to ${articles(`a ${selectorText(kind, ctx, 1).replace(/^(.*?)(card|Spell)?(\b.*)$/, (_all, head: string, _noun: string, tail: string) => `${head}spell${tail}`)}`)}` : "in response to a spell";
  };
  const during = parts.map(text).filter((t) => t.startsWith("during ") || t.startsWith("in response"));
  const ifs = parts.map(text).filter((t) => !t.startsWith("during ") && !t.startsWith("in response"));
  return articles(`Play this only ${[...during, ...ifs].join(" ")}.`);
}

/** `As an additional cost to cast this, discard a card.`: the card's cost parts its text added, as the engine pays them. */
export function additionalCostReadsAs(card: Pick<CompiledCard, "cost" | "additionalCost">, game: CompiledGame): string | undefined {
  if (!card.additionalCost) return undefined;
  const ctx: Context = { game, targets: [], named: new Set() };
  const parts = card.cost.slice(card.additionalCost.from).map((c) => costText(c, ctx).replace(/^[A-Z][a-z]/, (c) => c.toLowerCase()));
  return `As an additional cost to play this, ${parts.join(", ")}.`;
}

function abilityText(a: Ability, ctx: Context): string {
  switch (a.kind) {
    case "keyword":
      return sentence([a.keyword ? keywordText(a.keyword) : "", ...(a.statics ?? []).flatMap((s) => (s.kind === "modify" ? (s.keywords ?? []).map(keywordText) : []))].filter(Boolean).join(", "));
    case "static": {
      if (a.marker) return `${a.marker}: ${abilityText({ ...a, marker: undefined }, ctx)}`;
      const lines = sharedSubjects(joinCantRules(a.statics ?? []).map((s) => (typeof s === "string" ? { text: s } : { text: staticText(s, ctx), subject: s.kind === "cost" || s.kind === "player_rule" || s.kind === "hand_size" ? undefined : staticSubject(s, ctx) })));
      const text = lines.length ? lines.map(sentence).join(" ") : "Nothing (the engine runs no effect for this text).";
      if (!a.condition) return text;
      // "This can't attack unless you have five or more cards in your graveyard": a negated count reads as written.
      const negated = a.condition.kind === "not" ? conditionText(a.condition, ctx) : "";
      if (a.condition.kind === "not" && negated.startsWith("not (")) return `${text.replace(/\.$/, "")} unless ${conditionText(a.condition.condition, ctx)}.`;
      // "As long as you have 10 or less life or an opponent has 3 or more Bleed counters, this gets +2/+0.": conditions joined
      // by `or` lead (after the effect, the parser ends the ability at `or`: a choice between effects).
      if (a.condition.kind === "any" && lines.length === 1) return `As long as ${conditionText(a.condition, ctx)}, ${text.replace(/^./, (c) => c.toLowerCase())}`;
      return `${text.replace(/\.$/, "")} as long as ${conditionText(a.condition, ctx)}.`;
    }
    case "triggered": {
      // A marker stands for its trigger ("PLAY: ..."): printed as written, it reads back the same.
      if (a.marker) return `${a.marker}: ${stepsText(a.steps, ctx)}`;
      const trigger = a.trigger ? triggerText(a.trigger, ctx) : "When (a trigger the engine does not know)";
      // Once each turn: "The first time you discard a card each turn, ..." (what lower.ts reads back as that limit).
      const head = a.timesPerTurn === 1 && /^When(?:ever)? /.test(trigger) ? `${trigger.replace(/^When(?:ever)? /, "The first time ")} each turn` : trigger;
      return `${head}, ${stepsText(a.steps, ctx).replace(/^./, (c) => c.toLowerCase())}`;
    }
    case "activated": {
      const limit = a.timesPerTurn === undefined ? "" : ` Activate this only ${a.timesPerTurn === 1 ? "once" : a.timesPerTurn === 2 ? "twice" : `${a.timesPerTurn} times`} each turn.`;
      const when = a.activateOnly ? ` Activate only ${activateOnlyText(a.activateOnly, ctx)}.` : "";
      // A cost the engine could not read (CW6001 at its words) is no cost at all in the IR: said, not printed as an empty "".
      const cost = (a.cost ?? []).map((c) => costText(c, ctx)).join(", ").replace(/\}, \{/g, "}{") || "(no cost: the engine cannot read the cost written)";
      return `${cost}: ${stepsText(a.steps, ctx)}${limit}${when}`;
    }
    case "replacement":
      return a.replacement ? replacementText(a.replacement, ctx) : "Nothing (the engine replaces no event for this text).";
    case "spell":
      // "Choose target creature." and nothing done to it (CW6001): no step to print.
      return a.steps.length ? stepsText(a.steps, ctx) : "Nothing (the engine runs no effect for this text).";
  }
}

/**
 * Whether an `if`'s `else` steps set the state its condition reads of a card ("exhausted" and an exhaust step, a stat and a
 * stat change, counters and counters put or removed): printed as "X. If it is exhausted, Y instead." the condition would
 * read as checked after X.
 */
function elseSetsCondition(step: Extract<Step, { op: "if" }>): boolean {
  const c = step.condition.kind === "not" ? step.condition.condition : step.condition;
  if (c.kind !== "card_matches") return false;
  const sel = c.selector;
  let sets = false;
  walkSteps(step.else ?? [], (s) => {
    if ((sel.exhausted !== undefined || sel.overexhausted !== undefined) && (s.op === "exhaust" || s.op === "ready")) sets = true;
    if (sel.stat !== undefined && s.op === "modify") sets = true;
    if (sel.counters !== undefined && (s.op === "add_counters" || s.op === "remove_counters")) sets = true;
  });
  return sets;
}

/** "if you control three creatures, draw two cards. Otherwise, draw a card": a condition, its effect, and what happens when it fails. */
function conditionOtherwiseText(step: Extract<Step, { op: "if" }>, ctx: Context, conditionFirst = false): string {
  // The condition names its card first where it is read before the steps ("If target creature is exhausted, destroy it.").
  const first = conditionFirst ? conditionText(step.condition, ctx) : undefined;
  const then = stepsText(step.then, ctx).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase());
  const otherwise = namedPlayersAgain(stepsText(step.else ?? [], ctx).replace(/\.$/, ""), then, ctx);
  return `if ${first ?? conditionText(step.condition, ctx)}, ${then}. Otherwise, ${otherwise.replace(/^./, (c) => c.toLowerCase())}`;
}

/** "during your turn" · "during an opponent's turn" · "during your Pre-Battle phase" · "if you control a Vampire": when an activated ability may be activated. */
function activateOnlyText(c: Condition, ctx: Context): string {
  const turn = (t: Condition) => (t.kind === "your_turn" ? "your" : t.kind === "not" && t.condition.kind === "your_turn" ? "an opponent's" : undefined);
  if (turn(c)) return `during ${turn(c)} turn`;
  if (c.kind === "phase") return `during the ${c.phase} phase`;
  const [owner, phase] = c.kind === "all" && c.conditions.length === 2 ? c.conditions : [];
  if (owner && phase && turn(owner) && phase.kind === "phase") return `during ${turn(owner)} ${phase.phase} phase`;
  // "during your Pre-Battle phase or Battle phase": one owner, any of the phases.
  const phases = phase?.kind === "any" && phase.conditions.every((p) => p.kind === "phase") ? phase.conditions.map((p) => (p as { phase: string }).phase) : undefined;
  if (owner && turn(owner) && phases) return `during ${turn(owner)} ${phases.map((p) => `${p} phase`).join(" or ")}`;
  return `if ${conditionText(c, ctx)}`;
}

/** "If this would be destroyed, ... instead." · "If a source would deal damage to this, prevent 1 of that damage." · "This enters exhausted." */
function replacementText(r: Replacement, ctx: Context, next?: { subject?: string; thisTurn: boolean }): string {
  const player = r.subject?.kind === "player" ? (r.subject.who === "you" ? "you" : r.subject.who === "opponent" ? "an opponent" : "a player") : undefined;
  const card = !r.subject || r.subject.kind === "self" ? "this" : r.subject.kind === "card" ? articles(`a ${selectorText({ ...r.subject.selector, zones: undefined, owner: r.event === "enters" ? undefined : r.subject.selector.owner }, ctx, 1)}`) : "a card";
  const subject = next?.subject ?? player ?? card;
  const owner = r.subject?.kind === "card" ? r.subject.selector.owner : undefined;
  const steps = r.steps.length ? stepsText(r.steps, ctx).replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, "") : "";
  const event =
    r.event === "destroyed" ? "be destroyed"
    : r.event === "dealt_damage" || r.event === "player_dealt_damage" ? `be dealt ${r.combat ? "combat " : ""}damage`
    : r.event === "draw" ? "draw a card"
    : r.event === "gain_life" ? "gain life"
    : r.event === "lose_life" ? "lose life"
    : r.event === "player_counter_added" ? `gain ${r.counter ?? "any"} counters`
    : r.event === "enters" && r.zone ? `be put into ${owner === "you" ? "your" : owner === "opponent" ? "an opponent's" : "a"} ${r.zone}`
    : r.event;
  if (r.alongside && r.event === "enters") {
    const who = r.subject?.kind === "card" ? `${selectorText({ ...r.subject.selector, zones: undefined }, ctx, 2)} enter` : "This enters";
    const exhausted = r.steps.some((st) => st.op === "exhaust") ? " exhausted" : "";
    // "with two +1/+1 counters on it": a counter of the first and one of the second stat, as many of each, written as the pair.
    const counters = r.steps.flatMap((st, i) => {
      if (st.op !== "add_counters" || (i > 0 && isStatPairCounters(r.steps[i - 1]!, st, ctx))) return [];
      const text = ` with ${countNoun(`${st.counter} counter`, st.amount, ctx)} on it`;
      return [isStatPairCounters(st, r.steps[i + 1], ctx) ? statPairCountersText(text, st) : text];
    });
    return sentence(`${who}${exhausted}${counters.join("")}`);
  }
  // "Your opponents can't gain life.": a life gain replaced by nothing.
  if (r.event === "gain_life" && !r.steps.length && !r.limit && r.subject?.kind === "player") {
    return `${r.subject.who === "you" ? "You" : r.subject.who === "opponent" ? "Your opponents" : "Players"} can't gain life.`;
  }
  // "If a creature would deal damage to you": the card dealing it, when the replacement names one.
  const dealer = r.from && (r.event === "dealt_damage" || r.event === "player_dealt_damage") ? articles(`a ${selectorText({ ...r.from, zones: undefined }, ctx, 1).replace(/^card\b/, "source")}`) : undefined;
  const happens = `${dealer ? `${dealer} would deal ${r.combat ? "combat " : ""}damage to ${subject === "this" ? "this" : subject}` : `${subject} would ${event}`}${r.during ? ` ${r.duringTheirs ? activateOnlyText(r.during, ctx).replace(/^during your /, "during their ") : activateOnlyText(r.during, ctx)}` : ""}`;
  const head = next ? `The next time ${happens}${next.thisTurn ? " this turn" : ""}` : r.limit === "first_each_turn" ? `The first time ${happens} each turn` : r.limit === "first" ? `The first time ${happens}` : `If ${happens}`;
  if (r.prevent !== undefined) {
    const prevent = r.prevent === "all" ? "prevent that damage" : `prevent ${numberText(r.prevent, ctx)} of that damage`;
    return `${head}, ${prevent}${steps ? `, then ${steps}` : ""}.`;
  }
  return `${head}, ${steps || "it remains in play"} instead.`;
}

function keywordText(k: KeywordGrant | { name: string; amount?: number }): string {
  return k.amount !== undefined ? `${k.name} ${k.amount}` : k.name;
}

// ---------------------------------------------------------------------------------------------
// Steps

function stepsText(steps: Step[], ctx: Context): string {
  // What these steps take out of play is known to the steps after them here, never to a condition printed around them
  // ("Destroy target creature unless it is a Vampire" asks before the destroy).
  const [goneBefore, actedBefore] = [ctx.gone, ctx.acted];
  ctx.gone = new Set(goneBefore ?? []);
  try {
    return stepsTextIn(steps, ctx);
  } finally {
    [ctx.gone, ctx.acted] = [goneBefore, actedBefore];
  }
}
function stepsTextIn(steps: Step[], ctx: Context): string {
  const out: string[] = [];
  let previousSubject: string | undefined;
  const looked = ctx.looked;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    let text: string;
    let used = step;
    let chosen: Chosen | undefined;
    if (step.op === "look_top" && looked) [looked.look, looked.placed] = [step, false];
    if (step.op === "place_looked" && looked?.look) {
      text = placedText(step, looked.look, looked.placed, ctx);
      looked.placed = true;
    } else if (step.op === "choose_cards" && isHandChoice(step)) {
      // "Target opponent reveals their hand. You choose a creature card from it." (lower.ts chooseFromLookedHand).
      const { zones: _zones, controllerIs: _whose, ...kind } = step.selector;
      const noun = selectorText(kind, ctx, 1);
      const card = /\bcard$/i.test(noun) ? noun : `${noun} card`;
      const next = steps[i + 1];
      // "Target opponent discards a creature card of your choice." (no look before it): one sentence, as written.
      if (steps[i - 1]?.op !== "look_top" && next?.op === "discard" && next.card?.kind === "chosen" && next.card.label === step.label) {
        used = next;
        i++;
        text = `${actor(next.who, ctx, "discard")} a ${card} of your choice`;
      } else text = `you choose a ${card} from it`;
    } else if (step.op === "choose_cards" && steps[i + 1] && JSON.stringify(steps[i + 1]).includes(`"label":"${step.label}"`)) {
      // A choice is read with the step that uses it: "Destroy a unit you control."
      used = steps[++i]!;
      chosen = { label: step.label, phrase: chosenPhrase(step, ctx), others: step.selector.owner !== "you" };
      text = stepText(used, { ...ctx, chosen }, chosen);
      // "Choose a creature. Its controller gains 2 Bleed counters.": the step names the chosen card only through another
      // word ("its controller"), so the choice is said first — it was lost ("Put 2 Bleed counters on its controller", probe
      // s43 M1).
      if (!text.includes(chosen.phrase)) text = `choose ${chosen.phrase}, then ${text.replace(/^./, (c) => c.toLowerCase())}`;
      if (isStatPairCounters(used, steps[i + 1], ctx)) {
        text = statPairCountersText(text, used);
        i++;
      }
    } else if (gathersFor(step, steps[i + 1])) {
      // "Each player destroys a Creature they control": each player's pick, then one act on them all (lower.ts `perPlayer`).
      used = steps[++i]!;
      const run = step as Extract<Step, { op: "per_player" }>;
      const choice = run.steps[0] as Extract<Step, { op: "choose_cards" }>;
      // "Destroy a Creature each player controls": you choose among each player's cards in turn (lower.ts perPlayerChoices).
      if (choice.chooser.kind === "you") {
        chosen = { label: choice.label, phrase: chosenPhrase(choice, { ...ctx, eachActing: run.who }), others: choice.selector.owner !== "you" };
        text = stepText(used, { ...ctx, chosen }, chosen);
      } else text = stepText({ ...run, steps: [...run.steps, used] }, ctx);
    } else if (isStatPairCounters(step, steps[i + 1], ctx)) {
      text = statPairCountersText(stepText(step, ctx), step);
      i++;
    } else if (step.op === "if" && didCondition(step.condition) !== undefined) {
      // "Each opponent discards a card. If they don't, ...": the player who did the step before.
      const before = i > 0 ? steps[i - 1] : undefined;
      ctx.didBy = before && "who" in before ? (before.who as PlayersRef | undefined) : undefined;
      text = stepText(step, ctx);
      delete ctx.didBy;
    } else if (sameAmountForYou(step, steps[i - 1])) {
      // "Each opponent loses 1 life for each creature they control. You gain that much life.": for each of those players,
      // you gain what they lost (lower.ts reads "that much" per player) — said as written, not as their gain.
      const [own] = (step as Extract<Step, { op: "per_player" }>).steps;
      text = `you ${own!.op === "gain_life" ? "gain" : "lose"} that much life`;
    } else if (repeats(steps, i) > 1) {
      // "Deal 1 damage to any target twice.": the same step again is the clause repeated (lower.ts repetition) — "then deal
      // 1 damage to it" would be another reference (a player target is no "it"), and compiles to another IR.
      const times = repeats(steps, i);
      text = `${stepText(step, ctx)} ${times === 2 ? "twice" : `${NUMBER_WORDS[times]} times`}`;
      i += times - 1;
    } else text = stepText(step, ctx);
    // "Draw a card if you control a Vampire and gain 2 life.": a condition on one step with more after it is written after
    // that step ("Draw a card if you control a Vampire, then gain 2 life."): "If you control a Vampire, draw a card, then
    // gain 2 life" would put the gain under the condition too (it compiled back to another IR).
    if (used.op === "if" && !used.else && i < steps.length - 1 && /^if /.test(text)) {
      const condition = conditionText(used.condition, ctx);
      const then = text.startsWith(`if ${condition}, `) ? text.slice(`if ${condition}, `.length) : undefined;
      if (then && !then.includes(", then ") && !/^(?:if|you may)\b/i.test(then)) text = `${then} if ${condition}`;
    }
    if ((used.op === "summon" || used.op === "create_token" || used.op === "copy") && used.arrived) (ctx.arrived ??= new Map()).set(used.arrived, arrivedPhrase(used, step));
    const taken = tookOutOfPlay(used, ctx);
    if (taken) (ctx.gone ??= new Set()).add(taken);
    ctx.acted = true;
    const joined = steps[i + 1] && joinedObjectsText(used, steps[i + 1]!, text, ctx, chosen);
    if (joined) {
      text = joined;
      i++;
    }
    // The same player or card acting again is written once: "Target player draws a card, then loses 1 life"
    // (written twice, "target player" would be a second target).
    const subject = subjectOf(used);
    if (subject && subject.key === previousSubject) text = subject.without(text, ctx);
    // "Put 2 Bleed counters on target player, then that player loses 2 life": a player's counters written as a put does
    // not name the player as its subject, so the next step names them (dropped, "then loses 2 life" read as yours).
    previousSubject = used.op === "add_counters" && /^put /i.test(text) ? undefined : subject?.key;
    out.push(text);
  }
  // "Target player draws a card, then discards a card": a target named again as the subject is not repeated
  // (written twice, it would be a second target).
  for (let i = 1; i < out.length; i++) {
    const subject = ctx.targets.map((_, index) => targetText(ctx, index)!.toLowerCase()).find((t) => out[i]!.toLowerCase().startsWith(`${t} `) && out[i - 1]!.toLowerCase().startsWith(`${t} `));
    if (subject) out[i] = out[i]!.slice(subject.length + 1);
  }
  // "Deal 1 damage to target player, then that player draws a card": a player target written in an earlier step is
  // "that player" in a later one (written again, it would be a second target). Not where two targets read the same.
  for (let i = 1; i < out.length; i++) if (out[i]) out[i] = namedPlayersAgain(out[i]!, out.slice(0, i).join(" "), ctx);
  // "Deal 1 damage to target player for each Bleed counter on that player": named twice in one step, alike.
  for (let i = 0; i < out.length; i++) if (out[i]) out[i] = namedPlayerTwice(out[i]!, ctx);
  // One ability's steps are one sentence ("Draw a card, then discard a card."): on a spell, a second
  // sentence would be an ability of its own.
  const parts = out.filter(Boolean).map((s, i) => (i === 0 || s.startsWith(NEW_SENTENCE) ? s : s.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, ""))).map((s) => s.replace(/\.$/, ""));
  let text = "";
  for (const [i, part] of parts.entries()) text += i === 0 ? part : part.startsWith(NEW_SENTENCE) ? `. ${part.slice(NEW_SENTENCE.length)}` : `, then ${part}`;
  return sentence(text.replace(NEW_SENTENCE, ""));
}

/**
 * A `per_player` run whose one step is your life changed by the amount of the run before it (same players, one step each):
 * "…, then you gain that much life".
 */
function sameAmountForYou(step: Step, before: Step | undefined): boolean {
  if (step.op !== "per_player" || before?.op !== "per_player" || step.among || before.among || step.steps.length !== 1 || before.steps.length !== 1) return false;
  if (JSON.stringify(step.who) !== JSON.stringify(before.who)) return false;
  const [own] = step.steps;
  const [theirs] = before.steps;
  if ((own!.op !== "gain_life" && own!.op !== "lose_life") || own!.who.kind !== "you") return false;
  const amount = theirs!.op === "gain_life" || theirs!.op === "lose_life" || theirs!.op === "damage" ? theirs!.amount : undefined;
  return amount !== undefined && JSON.stringify(amount) === JSON.stringify(own!.amount);
}

/** How many times `steps[i]` is written in a row from `i` (1: once) — a step that acts, never a step holding others. */
function repeats(steps: Step[], i: number): number {
  const step = steps[i]!;
  if (["if", "may", "per_player", "choose_one", "delayed", "choose_cards", "look_top", "place_looked"].includes(step.op)) return 1;
  const json = JSON.stringify(step);
  let n = 1;
  while (n < 10 && steps[i + n] && JSON.stringify(steps[i + n]) === json) n++;
  return n;
}

/** Whether the cards a step puts into play may be another player's (a target or cards not only of your own zones). */
function maybeAnothers(what: Affected, from: { whose: PlayerRef } | undefined, ctx: Context, chosen?: Chosen): boolean {
  if (from) return from.whose.kind !== "you";
  if (what.kind === "card" && what.ref.kind === "chosen" && chosen?.label === what.ref.label) return chosen.others === true;
  if (what.kind === "target") return ctx.targets[what.index]?.cards?.owner !== "you";
  if (what.kind === "cards") return what.selector.owner !== "you";
  return false;
}

/** The card (JSON of its CardRef) a step takes out of play — destroyed, or moved to a zone other than play — if one card. */
function tookOutOfPlay(step: Step, ctx: Context): string | undefined {
  // "Sacrifice a creature. If it was a Vampire, ...": the card sacrificed is "it" after the step, asked as it last was.
  if (step.op === "sacrifice" && step.who.kind === "you" && step.amount === 1) return JSON.stringify({ kind: "it" });
  if (step.op !== "destroy" && !(step.op === "move" && ctx.game.zones.find((z) => z.name === step.to)?.role !== "battlefield")) return undefined;
  const what = step.what;
  // A card chosen in play ("Choose a creature. Destroy it. If it was a Vampire, ..."): asked as it last was too.
  if (what.kind === "card" && what.ref.kind === "chosen" && step.op === "destroy") return JSON.stringify(what.ref);
  // A target in play (not a card in a Discard Pile returned to the hand: it was never in play).
  const zone = what.kind === "target" ? ctx.targets[what.index]?.cards?.zones?.[0] : undefined;
  if (what.kind !== "target" || (zone !== undefined && ctx.game.zones.find((z) => z.name === zone)?.role !== "battlefield")) return undefined;
  return JSON.stringify({ kind: "target", index: what.index });
}

/**
 * Whether a condition's card is asked as it last was in play: an earlier step of the ability took it out of play, or the
 * ability's trigger is this card (or the event's card) leaving play — the runtime reads its last-known record (values.ts
 * lastKnownOf), so "if it was …" is the honest reading.
 */
function goneCard(of: CardRef, ctx: Context): boolean {
  if (ctx.gone?.has(JSON.stringify(of))) return true;
  const t = ctx.trigger;
  if (!t || !triggerEvents(t).every((e) => e === "destroyed" || e === "leaves")) return false;
  // "it" before any step acted: the card the event is about (IR CardRef "it").
  return (of.kind === "self" && t.subject.kind === "self") || of.kind === "event_card" || (of.kind === "it" && !ctx.acted);
}

/**
 * "Deal 2 damage to target creature and each Creature with Haste": a step on one card (a target, a chosen card, "it") and
 * the same step on cards that leave that card out (`otherThan`), in either order, are one effect on all of them, written
 * as one phrase (lower.ts oneEffectOnEveryPart) — `text` (the first step's) with its object widened; else undefined.
 */
function joinedObjectsText(step: Step, next: Step, text: string, ctx: Context, chosen?: Chosen): string | undefined {
  const field = STEP_OBJECT_FIELD[step.op];
  if (!field || step.op !== next.op || !sameStepBut(step, next, field)) return undefined;
  // The phrases as the step's text wrote them: a target named there for the first time is "target creature", not "it".
  ctx = { ...ctx, named: undefined };
  const first = (step as Record<string, unknown>)[field] as Affected;
  const second = (next as Record<string, unknown>)[field] as Affected;
  if (!first || !second) return undefined;
  const refOf = (a: Affected): CardRef | undefined => (a.kind === "card" ? a.ref : a.kind === "target" ? { kind: "target", index: a.index } : undefined);
  const leavesOut = (cards: Affected, one: Affected) => cards.kind === "cards" && refOf(one) !== undefined && JSON.stringify(cards.selector.otherThan) === JSON.stringify(refOf(one));
  const all = (cards: Affected): string => {
    const { otherThan: _leftOut, ...selector } = (cards as Extract<Affected, { kind: "cards" }>).selector;
    return affectedText({ kind: "cards", selector }, ctx);
  };
  const widen = (object: string, phrase: string) => {
    const at = text.toLowerCase().indexOf(object.toLowerCase());
    if (at < 0) return undefined;
    if (at > 0) return text.slice(0, at) + phrase + text.slice(at + object.length);
    // The subject: "Target creature and each Vampire you control get +1/+1" ("Each Creature and each Vampire gets" stays).
    const rest = text.slice(object.length);
    const verb = /^each /i.test(phrase) ? rest : rest.replace(/^ (has|\w+s)\b/, (_m, v: string) => ` ${v === "has" ? "have" : v.slice(0, -1)}`);
    return phrase.replace(/^./, (c) => c.toUpperCase()) + verb;
  };
  if (leavesOut(second, first)) return widen(affectedText(first, ctx, chosen), `${affectedText(first, ctx, chosen)} and ${all(second)}`);
  if (leavesOut(first, second)) return widen(affectedText(first, ctx), `${all(first)} and ${affectedText(second, ctx)}`);
  return undefined;
}

/**
 * "Your opponent reveals the top card of their Deck, then puts it into their Hand." — where a look's cards go, told from the
 * look: the cards' owner puts them (the runtime's chooser) unless the step names the player who looked at another's cards;
 * "it"/"them" for all the cards looked at, "the rest" after some were put elsewhere; the zone is their owner's.
 */
function placedText(step: Extract<Step, { op: "place_looked" }>, look: Extract<Step, { op: "look_top" }>, placedSince: boolean, ctx: Context): string {
  const owner = look.owner ?? look.who;
  const placer = step.who ?? owner;
  const whose = owner.kind === "you" ? "your" : "their";
  const all = look.amount === 1 ? "it" : "them";
  const cards = step.upTo ? upToLooked(step, ctx) : step.filter && step.amount !== "rest" ? lookedOfKind(step, ctx) : step.amount !== "rest" ? (numberText(step.amount, ctx) === "1" ? "one" : numberText(step.amount, ctx)) : placedSince ? "the rest" : all;
  // The player who looked goes on as the subject ("…, then puts it …"); another is named.
  const put = placer.kind === "you" ? "put" : JSON.stringify(placer) === JSON.stringify(look.who) ? "puts" : `${playerText(placer, ctx, true)} puts`;
  const place = step.position === "bottom" ? `on the bottom of ${whose} ${step.to}` : step.position === "top" ? "back" : `into ${whose} ${step.to}`;
  return `${put} ${cards} ${place}${step.order ? " in any order" : ""}`;
}

/** "any number of them", "up to two of them", "up to two Creature cards from among them": the player picks how many (`upTo`). */
function upToLooked(step: Extract<Step, { op: "place_looked" }>, ctx: Context): string {
  if (step.amount === "rest") return "any number of them";
  return `up to ${step.filter ? lookedOfKind(step, ctx) : `${numberText(step.amount, ctx)} of them`}`;
}

/** "a Creature card from among them": looked-at cards of one kind (`place_looked` with a filter). */
function lookedOfKind(step: Extract<Step, { op: "place_looked" }>, ctx: Context): string {
  const kind = selectorText(step.filter!, ctx, 1);
  return `${countNoun(/\bcard$/.test(kind) ? kind : `${kind} card`, step.amount as NumberExpr, ctx)} from among them`;
}

/** A `per_player` step gathering each player's pick (`choose_cards` with `gather`) for the step after it. */
function gathersFor(step: Step, next: Step | undefined): boolean {
  const [choice, ...more] = step.op === "per_player" ? step.steps : [];
  return more.length === 0 && choice?.op === "choose_cards" && choice.gather === true && next !== undefined && JSON.stringify(next).includes(`"label":"${choice.label}"`);
}

/** Two steps putting as many counters of the game's first and second stat on the same cards: "+1/+1 counters". */
function isStatPairCounters(step: Step, next: Step | undefined, ctx: Context): boolean {
  const [first, second] = ctx.game.stats;
  return (
    step.op === "add_counters" && next?.op === "add_counters" && step.counter === first && next.counter === second &&
    JSON.stringify(step.amount) === JSON.stringify(next.amount) && JSON.stringify(step.on) === JSON.stringify(next.on)
  );
}

/** "Put a +1/+1 counter on target creature": the first stat's counter text, named for the pair. */
function statPairCountersText(text: string, first: Step): string {
  const counter = (first as Extract<Step, { op: "add_counters" }>).counter;
  return text.replace(new RegExp(`\\b(?:an? )?${counter} counter`), (m) => (/^an? /.test(m) ? "a +1/+1 counter" : "+1/+1 counter"));
}

/** Marks a step's text that starts a sentence of its own ("If you do, ..."), joined with ". " rather than ", then ". */
const NEW_SENTENCE = "\u0001";

/** Whether a step is the instead-upgrade of another ("... If you control a Vampire, deal 3 damage instead."): the same step with another amount. */
export function upgradedAmount(then: Step, otherwise: Step): boolean {
  if (then.op !== otherwise.op || !("amount" in then) || !("amount" in otherwise)) return false;
  const rest = (x: Step) => JSON.stringify({ ...x, amount: undefined, source: undefined });
  return rest(then) === rest(otherwise);
}

/** "If you do" (true) / "If you don't" (false) as compiled: whether the step before acted on any card; else undefined. */
function didCondition(c: Condition): "do" | "don't" | "can't" | undefined {
  if (c.kind !== "compare" || typeof c.left !== "object" || c.left.kind !== "chosen_count" || c.left.label !== "it") return undefined;
  // "Discard two cards. If you can't, ...": fewer cards than the step asked for (lower.ts didBranch).
  if (c.op === "<" && typeof c.right === "number" && c.right > 1) return "can't";
  if (c.right !== 0) return undefined;
  return c.op === ">" ? "do" : c.op === "=" ? "don't" : undefined;
}

/** Who a step's sentence is about, when it is written as its subject (not "you"), and the step's text without it. */
function subjectOf(step: Step): { key: string; without: (text: string, ctx: Context) => string } | undefined {
  const strip = (subject: string) => (text: string) => (text.toLowerCase().startsWith(`${subject.toLowerCase()} `) ? text.slice(subject.length + 1) : text);
  switch (step.op) {
    case "draw":
    case "discard":
    case "gain_life":
    case "lose_life":
    case "sacrifice":
    case "move_top":
      if (step.who.kind === "you") return undefined;
      return { key: JSON.stringify({ player: step.who }), without: (text, ctx) => strip(playersText(step.who, ctx, true))(text) };
    case "add_counters":
      // "..., then gains 2 Bleed counters" (a player's counters read as the player gaining them).
      if (step.on.kind !== "player" || step.on.ref.kind === "you") return undefined;
      return { key: JSON.stringify({ player: step.on.ref }), without: (_text, ctx) => `gains ${upToText(step)}${countNoun(`${step.counter} counter`, step.amount, ctx, upToText(step) ? "one" : "a")}` };
    case "modify":
      // "Each Unit with power 2 or less gets +1 power, then gains Taunt": the cards a shared subject chose once (IR `set`).
      if (step.on.kind === "cards" && step.on.set) {
        const { set, ...on } = step.on;
        return { key: JSON.stringify({ set: set.label }), without: (text, ctx) => strip(affectedText(on, ctx))(text) };
      }
      if (step.on.kind !== "target" && step.on.kind !== "targets" && !(step.on.kind === "card" && step.on.ref.kind !== "self")) return undefined;
      return { key: JSON.stringify({ card: step.on }), without: (text, ctx) => strip(affectedText(step.on, ctx))(text) };
    default:
      return undefined;
  }
}

/** "up to " before a number the acting player picks as the step resolves. */
function upToText(step: { upTo?: boolean }): string {
  return step.upTo ? "up to " : "";
}

/** A choice of one card of a player's hand looked at, by you (lower.ts chooseFromLookedHand). */
function isHandChoice(step: Extract<Step, { op: "choose_cards" }>): boolean {
  return step.chooser.kind === "you" && step.selector.controllerIs !== undefined && step.selector.zones?.length === 1 && step.max === 1 && step.min === 1;
}

function chosenPhrase(step: Extract<Step, { op: "choose_cards" }>, ctx: Context): string {
  const count = numberText(step.max, ctx);
  const upTo = step.min === 0 ? "up to " : "";
  // "the Unit with the highest power": one of the tied, chosen.
  const one = step.selector.extreme && step.min === 1 ? "the" : "a";
  return `${upTo}${step.max === 1 ? one : count} ${selectorText(step.selector, ctx, step.max === 1 ? 1 : 2, "from")}`;
}

interface Chosen {
  label: string;
  phrase: string;
  /** The choice may be of another player's cards ("a creature card from each Graveyard"): put into play, they are "under your control". */
  others?: boolean;
}

function stepText(step: Step, outer: Context, chosen?: Chosen): string {
  // "Draw a card for each Unit you control, up to 3": the cap closes the clause, as it is written.
  if ("amount" in step && typeof step.amount === "object" && step.amount.kind === "at_most") return `${stepText({ ...step, amount: step.amount.of } as Step, outer, chosen)}, up to ${step.amount.max}`;
  const actorRef = "who" in step && step.who && step.who.kind !== "you" && step.op !== "per_player" ? step.who : undefined;
  const ctx: Context = actorRef ? { ...outer, actor: actorRef } : outer;
  const aff = (a: Affected) => affectedText(a, ctx, chosen);
  // As the subject of its clause: the targets named again are "they" ("They don't ready ...").
  const subj = (a: Affected) => {
    const text = aff(a);
    return text === "them" ? "they" : text;
  };
  const agrees = (subject: string, one: string, many: string) => (subject === "they" ? many : one);
  switch (step.op) {
    case "damage": {
      // "This deals 2 damage ...": the card itself is the source.
      const deal = step.from ? `${step.from.kind === "event_other" ? subjectCardText(step.from, ctx) : cardText(step.from, ctx)} deals` : "deal";
      // The recipient first: "to target creature for each attack counter on it" names the target where it is chosen.
      if (countsEach(step.amount)) {
        const to = aff(step.to);
        const each = perEach(step.amount, ctx)!;
        return `${deal} ${each.amount} damage to ${to} for each ${each.of}`;
      }
      // "Deal 3 damage divided as you choose among one, two or three targets".
      if (step.divided) return `${deal} ${numberText(step.amount, ctx)} damage divided as you choose among ${aff(step.to)}`;
      // "deal that much damage to this" (a replacement's or trigger's own amount).
      if (typeof step.amount !== "number" && step.amount.kind === "event_amount") return `${deal} that much damage to ${aff(step.to)}`;
      // "Deal damage to target creature equal to its power": the recipient's own stat.
      const recipient = step.to.kind === "target" ? step.to.index : step.to.kind === "card" && step.to.ref.kind === "target" ? step.to.ref.index : undefined;
      if (typeof step.amount !== "number" && step.amount.kind === "stat" && step.amount.of.kind === "target" && step.amount.of.index === recipient)
        return `${deal} damage to ${aff(step.to)} equal to its ${step.amount.stat}`;
      // "... equal to twice its attack": the recipient's stat, multiplied.
      const times = typeof step.amount !== "number" && step.amount.kind === "times" && step.amount.factor > 1 && step.amount.factor < 4 ? step.amount : undefined;
      if (times && typeof times.of !== "number" && times.of.kind === "stat" && times.of.of.kind === "target" && times.of.of.index === recipient)
        return `${deal} damage to ${aff(step.to)} equal to ${times.factor === 2 ? "twice" : "triple"} its ${times.of.stat}`;
      // "deal twice that much damage to its controller": a multiple of what was dealt before (or the event's amount).
      if (times && repeatsAnAmount(times.of)) return `${deal} ${times.factor === 2 ? "twice" : "triple"} that much damage to ${aff(step.to)}`;
      // "... equal to half its attack, rounded up": the rounding ends the sentence, so the recipient comes first.
      if (typeof step.amount !== "number" && step.amount.kind === "half") {
        const half = step.amount;
        const its = typeof half.of !== "number" && half.of.kind === "stat" && half.of.of.kind === "target" && half.of.of.index === recipient ? `its ${half.of.stat}` : numberText(half.of, ctx);
        return `${deal} damage to ${aff(step.to)} equal to half ${its}, rounded ${half.round}`;
      }
      return typeof step.amount === "number" || step.amount.kind === "x"
        ? `${deal} ${numberText(step.amount, ctx)} damage to ${aff(step.to)}`
        : `${deal} damage equal to ${numberText(step.amount, ctx)} to ${aff(step.to)}`;
    }
    case "draw": {
      const until = untilHandText(step.amount, "draw", ctx);
      if (until) return `${actor(step.who, ctx, "draw")} ${until}`;
      return `${actor(step.who, ctx, "draw")} ${upToText(step)}${countNoun("card", step.amount, ctx, upToText(step) ? "one" : "a")}`;
    }
    case "discard": {
      const until = untilHandText(step.amount, "discard", ctx);
      if (until && !step.filter && !step.random && !step.upTo) return `${actor(step.who, ctx, "discard")} ${until}`;
    }
    // falls through
      // "Discard your hand", "Each player discards their hand": as many cards as the discarding player holds.
      if (typeof step.amount !== "number" && step.amount.kind === "hand_size" && JSON.stringify(step.amount.of) === JSON.stringify(step.who) && !step.filter) {
        return `${actor(step.who, ctx, "discard")} ${step.who.kind === "you" ? "your" : "their"} hand`;
      }
      if (step.card) return `${actor(step.who, ctx, "discard")} ${step.card.kind === "event_card" && ctx.trigger?.event === "draw" ? "that card" : cardText(step.card, ctx)}`;
      return `${actor(step.who, ctx, "discard")} ${step.upTo ? "up to " : ""}${countNoun(step.filter ? selectorText(step.filter, ctx, 1) : "card", step.amount, ctx)}${step.random ? " at random" : ""}`;
    case "gain_life":
    case "lose_life": {
      const each = perEach(step.amount, ctx);
      const verbWord = step.op === "gain_life" ? "gain" : "lose";
      if (each) return `${actor(step.who, ctx, verbWord)} ${each.amount} life for each ${each.of}`;
      // "Each player loses 2 life, then gains that much life": each player's own amount (chosen_count `ofActing`).
      if (typeof step.amount !== "number" && (step.amount.kind === "event_amount" || (step.amount.kind === "chosen_count" && step.amount.ofActing))) return `${actor(step.who, ctx, verbWord)} that much life`;
      // "loses half their life, rounded up", "gain half that much life, rounded down".
      if (typeof step.amount !== "number" && step.amount.kind === "half" && typeof step.amount.of !== "number" && (step.amount.of.kind === "life" || repeatsAnAmount(step.amount.of)))
        return `${actor(step.who, ctx, verbWord)} half ${step.amount.of.kind === "life" ? `${possessive(step.amount.of.of, ctx)} life` : "that much life"}, rounded ${step.amount.round}`;
      if (typeof step.amount !== "number" && step.amount.kind === "plus" && step.amount.of !== undefined && typeof step.amount.of !== "number" && step.amount.of.kind === "event_amount") return `${actor(step.who, ctx, verbWord)} that much life ${plusText(step.amount.add)}`;
      return typeof step.amount === "number" || step.amount.kind === "x"
        ? `${actor(step.who, ctx, step.op === "gain_life" ? "gain" : "lose")} ${upToText(step)}${numberText(step.amount, ctx)} life`
        : `${actor(step.who, ctx, step.op === "gain_life" ? "gain" : "lose")} life equal to ${numberText(step.amount, ctx)}`;
    }
    case "add_counters":
      // As many again as the player has: "Double the number of Bleed counters on target player".
      if (step.on.kind === "player" && typeof step.amount !== "number" && step.amount.kind === "counters" && step.amount.counter === step.counter && "player" in step.amount.of && JSON.stringify(step.amount.of.player) === JSON.stringify(step.on.ref))
        return `double the number of ${step.counter} counters on ${aff(step.on)}`;
      {
        // Counters on the player each of "Each player ..." / "Target opponent ..." is: "Target opponent gains a Bleed counter
        // for each Creature they control" (not "puts a Bleed counter on them": who "them" is, is the question).
        // In a replacement of counters a player gets: "gain that many Bleed counters minus 1" (that player: "that player gains").
        const eventAmount = typeof step.amount !== "number" && (step.amount.kind === "event_amount" || (step.amount.kind === "plus" && typeof step.amount.of !== "number" && step.amount.of.kind === "event_amount"));
        if (step.on.kind === "player" && eventAmount && !step.upTo && (step.on.ref.kind === "you" || step.on.ref.kind === "event_player")) {
          const amount = step.amount as Exclude<NumberExpr, number>;
          return `${step.on.ref.kind === "you" ? "gain" : `${playerText(step.on.ref, ctx, true)} gains`} that many ${step.counter} counters${amount.kind === "plus" ? ` ${plusText(amount.add)}` : ""}`;
        }
        const gains = step.on.kind === "player" && step.on.ref.kind === "acting";
        const put = (counters: string) => (gains ? `gain ${counters}` : `put ${counters} on ${aff(step.on)}`);
        if (countsEach(step.amount) && !step.upTo) {
          const each = perEach(step.amount, ctx)!;
          return `${put(`${each.amount === 1 ? "a" : each.amount} ${step.counter} counter${each.amount === 1 ? "" : "s"}`)} for each ${each.of}`;
        }
        return put(`${upToText(step)}${countNoun(`${step.counter} counter`, step.amount, ctx, upToText(step) ? "one" : "a")}`);
      }
    case "remove_counters":
      return `remove ${step.amount === "all" ? `all ${step.counter ? `${step.counter} ` : ""}counters` : `${upToText(step)}${countNoun(`${step.counter} counter`, step.amount, ctx, upToText(step) ? "one" : "a")}`} from ${aff(step.on)}`;
    case "modify": {
      const setOrDouble = statSetText(step, ctx);
      if (setOrDouble) return setOrDouble;
      // "It can attack this turn.": the permission a unit just played lacks, for the turn, as the card says it.
      if (step.rules?.length === 1 && step.rules[0]!.rule === "ignores_summoning_sickness" && !step.rules[0]!.by && step.duration.kind === "end_of_turn" && !Object.keys(step.stats ?? {}).length && !step.set && !step.keywords?.length && !step.loses?.length) return `${subj(step.on)} can attack this turn`;
      // "It must attack this turn if able."
      if (step.rules?.length === 1 && step.rules[0]!.rule === "must_attack" && step.duration.kind === "end_of_turn" && !Object.keys(step.stats ?? {}).length && !step.set && !step.keywords?.length && !step.loses?.length) return `${subj(step.on)} must attack this turn if able`;
      // "Target unit can attack twice this turn."
      if (step.rules?.length === 1 && step.rules[0]!.rule === "extra_attacks" && step.duration.kind === "end_of_turn" && !Object.keys(step.stats ?? {}).length && !step.set && !step.keywords?.length && !step.loses?.length) return `${subj(step.on)} can attack twice this turn`;
      // "Deal 1 damage to target unit, then it can't attack ...": a target named again is "it".
      const changes = Object.keys(step.stats ?? {}).length + Object.keys(step.set ?? {}).length;
      const again = step.on.kind === "card" && step.on.ref.kind === "target" && step.rules?.length && !changes && !step.keywords?.length;
      // The subject before its amounts: "Target creature gets -X/-0 …, where X is half its power" (the amount printed first
      // named the target, and the subject became "It").
      const subject = again ? "it" : step.on.kind === "card" && step.on.ref.kind === "event_other" ? subjectCardText(step.on.ref, ctx) : subj(step.on);
      const parts = [...(Object.keys(step.stats ?? {}).length ? [statsText(step.stats!, ctx)] : []), ...Object.entries(step.set ?? {}).map(([stat, n]) => `base ${stat} ${numberText(n, ctx)}`)];
      const grants = (step.keywords ?? []).map(keywordText);
      const losses = step.loses ?? [];
      const clauses = [parts.length ? `${getVerb(step.on, ctx)} ${parts.join(" and ")}` : "", grants.length ? `${gainVerb(step.on, ctx)} ${listText(grants)}` : "", losses.length ? `${gainVerb(step.on, ctx).replace(/^gain/, "lose")} ${listText(losses)}` : "", ...ruleGrantsText(step.rules ?? [], ctx)].filter(Boolean);
      // "gets +X power until end of turn, where X is ...": the duration belongs to the clause, before the "where".
      const [head, where] = clauses.join(" and ").split(/(?=, where X is )/);
      return `${subject} ${head}${durationText(step.duration)}${where ?? ""}`;
    }
    case "destroy":
      return `destroy ${aff(step.what)}`;
    case "sacrifice":
      return `${actor(step.who, ctx, "sacrifice")} ${countNoun(selectorText(step.selector, ctx, 1), step.amount, ctx, "a")}`;
    case "sacrifice_self":
      return "sacrifice this";
    case "move":
      if (step.position === "shuffle") {
        // "Shuffle your Graveyard into your Deck" (lower.ts `wholeZone`): every card of one player's zone.
        const whose = wholeZoneOwner(step.what);
        if (whose) return `shuffle ${whose} ${wholeZoneName(step.what)} into ${whose} ${step.to}`;
        return `shuffle ${aff(step.what)} into its owner's ${lower(step.to)}`;
      }
    {
      // "return this from your Discard Pile to its owner's hand": the zone a card named by a reference moves from.
      const from = step.from ? ` from ${possessive(step.from.whose, ctx)} ${step.from.zone}` : "";
      return ctx.game.zones.find((z) => z.name === step.to)?.role === "hand" && !step.position
        ? `return ${aff(step.what)}${from} to ${several(step.what, ctx) ? `their owners' ${plural(lower(step.to), 2)}` : `its owner's ${lower(step.to)}`}`
        : `put ${aff(step.what)}${from} ${zoneText(step.to, ctx, step.position)}${ctx.game.zones.find((z) => z.name === step.to)?.role === "battlefield" && maybeAnothers(step.what, step.from, ctx, chosen) ? " under your control" : ""}`;
    }
    case "choose_cards":
      return `${playerText(step.chooser, ctx, true)} ${verb("choose", step.chooser)} ${chosenPhrase(step, ctx)}`;
    case "summon": {
      const summon = ctx.game.keywords.find((k) => k.kind === "action" && (k.rule === "put_onto_field_free" || k.rule === "put_into_play_from_discard_pile"));
      const from = step.from ? ` from ${possessive(step.from.whose, ctx)} ${step.from.zone}` : "";
      // "… from an opponent's Graveyard under your control": said where the card may be another player's (it comes into play
      // under the effect's controller, not its owner).
      const yours = !step.under && maybeAnothers(step.what, step.from, ctx) ? " under your control" : "";
      if (summon && !step.under) return `${summon.name} ${aff(step.what)}${from}${yours}`;
      if (!step.under) return `put ${aff(step.what)}${from} onto the ${battlefieldName(ctx)}${yours}`;
      return `put ${aff(step.what)}${from} onto the ${battlefieldName(ctx)}${step.under ? ` under ${playerText(step.under, ctx)}'s control` : ""}`;
    }
    case "create_token": {
      const t = step.token;
      // A game of one stat (Duel's power) names it: "a 2 power Wolf token"; a game of two writes the pair ("1/1").
      const stats = !Object.keys(t.stats).length || !ctx.game.stats.length ? "" : ctx.game.stats.length === 1 ? `${t.stats[ctx.game.stats[0]!] ?? 0} ${ctx.game.stats[0]} ` : `${t.stats[ctx.game.stats[0]!] ?? 0}/${t.stats[ctx.game.stats[1]!] ?? 0} `;
      // "a Bat token", "two "Thrall" Vampire tokens": the name is quoted when it is not the subtype line.
      const kind = t.subtypes.join(" ") === t.name || !t.subtypes.length ? t.name : `"${t.name}" ${t.subtypes.join(" ")}`;
      const colors = t.colors?.length ? `${t.colors.join(" ")} ` : "";
      const keywords = t.keywords.length ? ` with ${listText(t.keywords.map(keywordText))}` : "";
      // "create a 1/1 Thrall token for each other Vampire you control": a count reads as it is written.
      const each = perEach(step.amount, ctx);
      const count = each ? each.amount : step.amount;
      // "Its controller creates a 1/1 Bat token": the tokens come into play under that player, who is the subject.
      const creates = step.under && step.under.kind !== "you" ? `${playerText(step.under, ctx, true)} creates` : "create";
      return `${creates} ${count === 1 ? "a" : numberText(count, ctx)} ${stats}${colors}${kind} ${plural("token", count)}${keywords}${each ? ` for each ${each.of}` : ""}`;
    }
    case "copy": {
      // "create a token that's a copy of target unit" · "create 2 copies of it" · "put a copy of target unit into your Hand".
      const copies = step.amount === 1 ? "a copy" : `${numberText(step.amount, ctx)} copies`;
      if (step.to !== undefined) return `put ${copies} of ${aff(step.of)} into ${possessive(step.under ?? { kind: "you" }, ctx)} ${lower(step.to)}`;
      return step.amount === 1 ? `create a token that's a copy of ${aff(step.of)}` : `create ${copies} of ${aff(step.of)}`;
    }
    case "gain_control":
      return `${playerText(step.who, ctx, true)} ${verb("gain", step.who)} control of ${aff(step.what)}${durationText(step.duration)}`;
    case "exchange_control":
      return `exchange control of ${aff(step.what)}${durationText(step.duration)}`;
    case "search":
      return `search ${possessive(step.owner ?? step.who, ctx)} ${lower(step.zone)} for ${countNoun(selectorText({ ...step.selector, zones: undefined }, ctx, 1) + (step.selector.cardTypes?.length ? " card" : ""), step.amount, ctx, "a")}${step.reveal ? ", reveal it" : ""}, put it into ${step.owner ? "their" : possessive(step.who, ctx)} ${lower(step.to)}`;
    case "look_top":
      // "look at target opponent's Hand": all of it.
      // "Target opponent reveals their Hand": the player who looks, unless you.
      const looks = step.who.kind === "you" ? (step.reveal ? "reveal" : "look at") : `${playerText(step.who, ctx, true)} ${step.reveal ? "reveals" : "looks at"}`;
      if (typeof step.amount !== "number" && step.amount.kind === "hand_size" && ctx.game.zones.find((z) => z.name === step.zone)?.role === "hand") return `${looks} ${possessive(step.owner ?? step.who, ctx)} ${step.zone}`;
      return `${looks} the top ${step.amount === 1 ? "card" : countNoun("card", step.amount, ctx, "one")} of ${possessive(step.owner ?? step.who, ctx)} ${step.zone}`;
    case "move_top": {
      // "each player puts the top two cards of their Deck into their Graveyard"
      const mine = step.who.kind === "you" ? "your" : "their";
      return `${actor(step.who, ctx, "put")} the top ${step.amount === 1 ? "card" : countNoun("card", step.amount, ctx, "one")} of ${mine} ${step.zone} into ${mine} ${step.to}`;
    }
    case "place_looked": {
      // Another player's looked-at cards go into their owner's zone: "their" (the player the look named).
      const whose = step.who ? "their" : "your";
      return `put ${step.upTo ? upToLooked(step, ctx) : step.amount === "rest" ? "the rest" : step.filter ? lookedOfKind(step, ctx) : numberText(step.amount, ctx) === "1" ? "one" : numberText(step.amount, ctx)} ${step.position === "bottom" ? `on the bottom of ${whose} ${step.to}` : step.position === "top" ? "back" : `into ${whose} ${step.to}`}${step.order ? " in any order" : ""}`;
    }
    case "exhaust":
      return `${step.over ? "overexhaust" : "exhaust"} ${aff(step.what)}`;
    case "remain":
      const remaining = subj(step.what);
      return `${remaining} ${agrees(remaining, "remains", "remain")} in play${step.stat && step.amount !== undefined ? ` with ${numberText(step.amount, ctx)} ${step.stat}` : ""}`;
    case "ready":
      // The game's own verb: CYBERVAMP renews ("Renew target creature").
      return `${readyWord(ctx.game) === "renewed" ? "renew" : "ready"} ${aff(step.what)}`;
    case "skip_next_ready": {
      const verb = readyWord(ctx.game) === "renewed" ? "renew" : "ready";
      const skipping = subj(step.what);
      return `${skipping} ${agrees(skipping, "doesn't", "don't")} ${verb} during ${agrees(skipping, "its", "their")} controller's next ${readyingPhase(ctx.game.phases)} phase`;
    }
    case "counter_spell":
      if (step.ability) return "counter target activated ability";
      // Named once: "Counter target spell. Its controller ..." is that spell's controller ("its").
      return `counter ${step.what.kind === "target" ? (namedTarget(ctx, step.what.index) ?? targetText(ctx, step.what.index) ?? "target spell") : "target spell"}`;
    case "gain_resource":
    case "lose_resource": {
      // "Your opponent loses all Armor" (lower.ts: as much as that player has).
      if (step.op === "lose_resource" && typeof step.amount !== "number" && step.amount.kind === "resource" && step.amount.resource === step.resource && JSON.stringify(step.amount.of) === JSON.stringify(step.who))
        return `${actor(step.who, ctx, "lose")} all ${step.resource}`;
      const each = perEach(step.amount, ctx);
      if (each) return `${actor(step.who, ctx, step.op === "gain_resource" ? "gain" : "lose")} ${each.amount} ${step.resource} for each ${each.of}`;
      return `${actor(step.who, ctx, step.op === "gain_resource" ? "gain" : "lose")} ${numberText(step.amount, ctx)} ${step.resource}`;
    }
    case "pay":
      return `${actor(step.who, ctx, "pay")} ${costSymbolsText(step.cost)}`;
    case "shuffle":
      if (step.who.kind !== "you") return `${actor(step.who, ctx, "shuffle")} their ${lower(step.zone)}`;
      return ctx.game.zones.find((z) => z.name === step.zone)?.role === "deck" ? "shuffle" : `shuffle your ${lower(step.zone)}`;
    case "per_player":
      return perPlayerText(step, ctx);
    case "delayed": {
      // "Target unit can't attack during your opponent's next turn.": a restriction made as that turn begins, for that turn.
      // "Target unit can't attack next turn.": its controller's, known as it resolves (IR `turnOf`).
      const only = step.steps.length === 1 ? step.steps[0]! : undefined;
      if (only?.op === "modify" && only.rules?.length && !only.stats && !only.keywords?.length && only.duration.kind === "end_of_turn" && step.at.event === "phase_start" && step.at.phase === ctx.game.phases[0]?.name && (step.at.whose !== "each" || step.turnOf))
        return `${stepText({ ...only, duration: { kind: "permanent" } }, ctx, chosen).replace(/\.$/, "")} during ${step.turnOf ? "its controller's" : step.at.whose === "your" ? "your" : "your opponent's"} next turn`;
      // "Destroy it at the end of the turn." · "Return it to its owner's hand at the beginning of your next turn."
      const inner = stepsText(step.steps, ctx).replace(/\.$/, "");
      const at = momentText(step.at, ctx);
      return step.steps.length === 1 ? `${inner} ${at}` : `${at}, ${inner.replace(/^./, (c) => c.toLowerCase())}`;
    }
    case "prevent": {
      // "Prevent the next 3 damage that would be dealt to target creature this turn." · "Prevent all combat damage that would be dealt this turn."
      const what = step.amount === "all" ? `all ${step.combat ? "combat " : ""}damage` : `the next ${numberText(step.amount, ctx)} ${step.combat ? "combat " : ""}damage`;
      const to = step.to ? ` to ${aff(step.to)}` : "";
      const by = step.by ? ` by ${aff(step.by)}` : "";
      const until = step.duration.kind === "end_of_turn" ? " this turn" : durationText(step.duration);
      return `prevent ${what} that would be dealt${to}${by}${until}`;
    }
    case "replace_next":
      // "the next time target unit would be destroyed this turn, return it to its owner's hand instead"
      return replacementText(step.replacement, ctx, { ...(step.on ? { subject: aff(step.on) } : {}), thisTurn: step.duration.kind === "end_of_turn" }).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase());
    case "player_rule": {
      // "Your opponent can't play Spells this turn." · "Target player can't attack next turn."
      const until = step.nextTurn ? " next turn" : step.duration.kind === "end_of_turn" ? " this turn" : durationText(step.duration);
      // "Players can't ...": every player (a one-time effect's "each player" reads the same).
      return `${step.who.kind === "each_player" ? "players" : playersText(step.who, ctx, true)} can't ${playerRuleText(step, ctx)}${until}`;
    }
    case "cost_change": {
      // "The next Spell you cast this turn costs 1 less." · "Spells you cast this turn cost 1 Crystal less."
      const until = step.duration.kind === "end_of_turn" ? " this turn" : step.duration.kind === "permanent" ? "" : durationText(step.duration);
      const text = staticText(step.cost, ctx).replace(/ (cast|play) cost /, ` $1${until} cost `);
      if (!step.next) return text;
      const one = selectorText({ ...step.cost.affects, controller: undefined, zones: undefined }, ctx, 1);
      return `the next ${one} ${text.slice(text.indexOf(" ", selectorText({ ...step.cost.affects, controller: undefined, zones: undefined }, ctx, 2).length) + 1).replace(/ cost /, " costs ")}`;
    }
    case "choose_one":
      return `choose ${step.choose ?? "one"} — ${printedModes(step).map((steps) => stepsText(steps, ctx).replace(/\.$/, "")).join("; or ")}`;
    case "if": {
      // "DEATH: Draw a card and deal 1 damage to the unit that destroyed this.": the step on the destroyer, run only when a
      // card of that kind destroyed this one (lower.ts lowerDestroyerTrigger), printed as written.
      if (step.condition.kind === "card_matches" && step.condition.of.kind === "event_other" && !step.else?.length && ctx.trigger?.event === "destroyed" && ctx.trigger.subject.kind === "self" && !ctx.destroyer) {
        const noun = (step.condition.selector.cardTypes?.[0] ?? "card").toLowerCase();
        ctx.destroyer = `the ${noun} that destroyed this`;
        try {
          return stepsText(step.then, ctx).replace(/\.$/, "");
        } finally {
          delete ctx.destroyer;
        }
      }
      // "Destroy target creature unless its controller pays 3 life.": the effect, then the price its player may pay.
      const unless = unlessText(step, ctx);
      if (unless) return unless;
      // "You may pay 2 life. If you do, draw a card." (lower.ts asks it only of a player who can pay).
      const pays = payLifeText(step, ctx) ?? paySymbolsText(step, ctx);
      if (pays) return pays;
      // "Discard a card. If you do, draw 2 cards.": a sentence of its own after the step it asks about.
      // "Target opponent discards a card. If they don't, ..." · "Each opponent discards a card. If they don't, they lose 2
      // life." (each player's own run: the player acting is "they" in what follows).
      if (didCondition(step.condition) !== undefined) {
        const they = ctx.didBy !== undefined && ctx.didBy.kind !== "you";
        const after: Context = they && ctx.didBy!.kind === "acting" ? { ...ctx, acting: undefined } : ctx;
        delete after.didBy;
        return `${NEW_SENTENCE}If ${they ? "they" : "you"} ${didCondition(step.condition)}, ${stepsText(step.then, after).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase())}${step.else?.length ? `. Otherwise, ${stepsText(step.else, after).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase())}` : ""}`;
      }
      // "Deal 2 damage to target creature. If you control a Vampire, deal 3 damage to it instead." · "... If you control
      // three Units, draw a card instead.": an `else` is only ever what a sentence with "instead" replaces.
      if (step.else?.length) {
        const named = ctx.named && new Set(ctx.named);
        const otherwise = stepsText(step.else, ctx).replace(/\.$/, "");
        const again = (text: string) => namedPlayersAgain(text, otherwise, ctx);
        const then = again(stepsText(step.then, ctx).replace(/\.$/, "")).replace(/^./, (c) => c.toLowerCase());
        // "If an opponent controls a creature with Flying, deal 3 damage to target creature. Otherwise, gain 3 life.": a
        // target only the condition's effect names would be a new target in a sentence with "instead" — the card's order.
        // "If target creature is exhausted, destroy it. Otherwise, exhaust it.": where the replaced step would change what the
        // condition reads, "Exhaust target creature. If it is exhausted, … instead" reads as a check made after it — the
        // condition first, as written.
        const setsCondition = elseSetsCondition(step);
        // "Reveal the top card of your Main Deck. If it is a Vampire, put it into your hand. Otherwise, put it on the bottom
        // of your Main Deck.": where the looked-at card goes either way, as written (the "instead" form put "the rest" of
        // nothing into the hand, and did not compile back).
        const placesLooked = step.then.length === 1 && step.then[0]!.op === "place_looked" && step.else.length === 1 && step.else[0]!.op === "place_looked";
        if (placesLooked) {
          if (named) ctx.named = named;
          // The look before named one card ("the top card"): "the rest" of it is "it".
          // A sentence of its own ("Otherwise" goes on only after a sentence that begins with "If").
          return `${NEW_SENTENCE}${conditionOtherwiseText(step, ctx, true).replace(/\bput the rest\b/g, "put it").replace(/^./, (c) => c.toUpperCase())}`;
        }
        if (!/\btarget\b/i.test(then) && !setsCondition) return `${otherwise}. If ${again(conditionText(step.condition, ctx))}, ${then} instead`;
        if (named) ctx.named = named;
        return conditionOtherwiseText(step, ctx, setsCondition);
      }
      // "Destroy target creature unless it is a Vampire.": a condition on a target the steps name comes after them.
      if (step.condition.kind === "not" && step.condition.condition.kind === "card_matches" && step.condition.condition.of.kind === "target" && !step.else && ctx.named && !ctx.named.has(step.condition.condition.of.index)) {
        const then = stepsText(step.then, ctx).replace(/\.$/, "");
        return `${then} unless ${conditionText(step.condition.condition, ctx)}`;
      }
      return `if ${conditionText(step.condition, ctx)}, ${stepsText(step.then, ctx).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase())}${step.else ? `; otherwise, ${stepsText(step.else, ctx).replace(/\.$/, "")}` : ""}`;
    }
    case "may": {
      // "You may X. If you do, Y.": what follows the first thing the player may do happens only if they did it
      // ("You may X, then Y" would make Y with a subject of its own happen anyway).
      // Another player answers ("Target opponent may discard a card. If they don't, you draw two cards."): each part is
      // told with its own subject — "they" for the player asked, "you" for this card's controller.
      if (step.who && step.who.kind !== "you") {
        const asker = playerText(step.who, ctx, true);
        const told = (steps: Step[]) => stepGroups(steps).map((group) => stepsText(group, ctx).replace(/\.$/, ""));
        const byAsker = (text: string) => text.toLowerCase().startsWith(`${asker.toLowerCase()} `);
        const their = (text: string) => (byAsker(text) ? `they ${withoutSubject(text, asker)}` : SUBJECT_START.test(text) ? lowerFirst(text) : `you ${lowerFirst(text)}`);
        const [first, ...rest] = told(step.steps);
        const more = rest.length ? ` If they do, ${rest.map(their).join(", then ")}.` : "";
        const no = step.otherwise?.length ? ` If they don't, ${told(step.otherwise).map(their).join(", then ")}.` : "";
        return `${asker} may ${withoutSubject(first!, asker)}.${more}${no}`;
      }
      const [first, ...rest] = stepsText(step.steps, ctx).replace(/\.$/, "").split(", then ");
      const more = rest.length ? ` If you do, ${rest.join(", then ").replace(/^./, (c) => c.toLowerCase())}.` : "";
      const no = step.otherwise?.length ? ` If you don't, ${stepsText(step.otherwise, ctx).replace(/^./, (c) => c.toLowerCase())}` : "";
      return `you may ${first!.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, "")}.${more}${no}`;
    }
    case "keyword_action": {
      const def = ctx.game.keywords.find((k) => k.name === step.keyword);
      // "mills cards equal to the number of …": a counted value of a keyword whose value is a number of cards.
      const value = typeof step.amount === "object" && step.amount.kind !== "x" && def && countsCards(def) ? ` cards equal to ${numberText(step.amount, ctx)}` : ` ${numberText(step.amount, ctx)}`;
      return `${step.who.kind === "you" ? step.keyword : `${playersText(step.who, ctx, true)} ${agreesWithOne(step.keyword.toLowerCase())}`}${step.target ? ` ${aff(step.target)}` : step.amount === 1 && !def?.parameter ? "" : value}${step.duration ? durationText(step.duration) : ""}`;
    }
    case "rule":
      if (step.rule === "make_defender" && step.target) {
        const made = subj(step.target);
        return `${made} ${agrees(made, "becomes a defender", "become defenders")}`;
      }
      // "Target Unit loses all abilities until end of turn" (a game with no keyword action for it).
      if (step.rule === "remove_all_abilities" && step.target) {
        const losing = subj(step.target);
        return `${losing} ${agrees(losing, "loses", "lose")} all abilities${step.duration ? durationText(step.duration) : ""}`;
      }
      if (step.rule === "fight" && step.from && step.target) return `${cardText(step.from, ctx)} fights ${aff(step.target)}`;
      // "You get a temporary Red Facet", "Target player gets 2 temporary Blue Facets".
      if (step.rule === "grant_temporary_facet" && step.color) {
        const amount = step.amount ?? 1;
        return `${actor(step.who ?? { kind: "you" }, ctx, "get")} ${amount === 1 ? "a" : numberText(amount, ctx)} temporary ${step.color} ${amount === 1 ? "Facet" : "Facets"}`;
      }
      return step.rule === "unsupported" ? "(nothing: the engine cannot run this text)" : `(the engine's rule "${step.rule.replace(/_/g, " ")}")`;
  }
}

/**
 * "Each player draws a card for each Unit they control", "Each opponent returns a Creature they control to its owner's hand":
 * the steps as their players' own sentence (an imperative step takes them as its subject).
 */
function perPlayerText(step: Extract<Step, { op: "per_player" }>, ctx: Context): string {
  // "Each player with 5 or less life gains 2 life, then draws a card": the players chosen once, told as the condition on each.
  if (step.among) {
    const { among, ...rest } = step;
    return perPlayerText({ ...rest, steps: [{ op: "if", condition: among, then: step.steps }] }, ctx);
  }
  const inner: Context = { ...ctx, acting: step.who };
  const subject = playersText(step.who, ctx, true);
  // "Each opponent with 3 or more Bleed counters loses 1 life": a condition on each player (lower.ts playerSubjectCondition).
  const [onlyIf, ...afterIf] = step.steps;
  if (onlyIf?.op === "if" && !afterIf.length && !onlyIf.else) {
    // "Each player with Bleed counters": any of them, written as the number on them being more than 0.
    const said = conditionText(onlyIf.condition, inner);
    // "Each player with no Bleed counters", "… with exactly 2 Bleed counters": the number on them compared, said as they have.
    const exactly = said.match(/^the number of (.+ counters) on (?:them|they) is exactly (\d+)$/);
    const has = said.match(/^\S+ (?:has|have) (.+)$/) ?? said.match(/^the number of (.+ counters) on (?:them|they) is more than 0$/) ?? (exactly ? ["", `${exactly[2] === "0" ? "no" : `exactly ${exactly[2]}`} ${exactly[1]}`] : null);
    const body = perPlayerText({ ...step, steps: onlyIf.then }, ctx);
    if (has && body.toLowerCase().startsWith(`${subject.toLowerCase()} `)) return `${subject} with ${has[1]}${body.slice(subject.length)}`;
  }
  // "Deal damage to each opponent equal to the number of cards in their hand": the players are the damage's recipients.
  const [only, ...rest] = step.steps;
  // "Each player who controls a creature with Flying loses 2 life.": the players of whom the condition holds.
  if (only?.op === "if" && !rest.length && !only.else) {
    const said = conditionText(only.condition, { ...inner, acting: undefined });
    // "Each opponent who controls more creatures than you" (or "with more creatures than you"): said as the count compared.
    // "… who has more cards in their Discard Pile than you" alike.
    const compared = comparedWithYou(said);
    const holds = /^(them|they) (.*)$/i.exec(conditionText(only.condition, inner)) ?? /^(them|they) (.*)$/i.exec(said) ?? (compared ? ["", "they", compared] : null);
    const then = perPlayerText({ ...step, steps: only.then }, ctx);
    if (holds && then.toLowerCase().startsWith(`${subject.toLowerCase()} `)) return `${subject} who ${holds[2]} ${then.slice(subject.length + 1)}`;
  }
  if (only?.op === "damage" && !rest.length && !only.from && only.to.kind === "player" && only.to.ref.kind === "acting") return `Deal damage to ${lowerFirst(subject)} equal to ${numberText(only.amount, inner)}`;
  const text = stepsText(step.steps, inner).replace(/\.$/, "");
  if (text.toLowerCase().startsWith(`${subject.toLowerCase()} `)) return text;
  // "Deal 1 damage to the defending player for each creature they control": the player the steps act on, named in them —
  // the imperative stays (the player is "they", not who acts).
  if (step.who.kind !== "each_player" && step.who.kind !== "each_opponent" && new RegExp(`\\b(to|on) ${subject.toLowerCase()}\\b`).test(text.toLowerCase())) return text;
  // "Target player loses 2 life and each creature they control gets -1/-1": steps with a subject of their own (cards) stay
  // as they are, "they" being the player.
  if (/^(each|all|target|this|these|it|its|that|those|the|a|an|another|other|up)\b/i.test(text)) return text;
  // A step of yours inside the run ("you gain 1 life for each Creature they control", for each opponent): its subject is
  // you, never the run's players.
  if (step.steps.every((s) => "who" in s && (s.who as PlayersRef | undefined)?.kind === "you")) return `for each of ${lowerFirst(subject).replace(/^each /, "the ").replace(/^the opponent$/, "your opponents").replace(/^the player$/, "the players")}, you ${text.replace(/^./, (c) => c.toLowerCase())}`;
  // A condition on each of them the forms above do not say: "For each player, if …" (never "Each player ifs …").
  if (/^if\b/i.test(text)) return `For ${lowerFirst(subject)}, ${lowerFirst(text)}`;
  // "return a Unit they control ..." → "each player returns a Unit they control ...".
  return `${subject} ${text.replace(/^(\w+)/, (w) => thirdPerson(w.toLowerCase()))}`;
}
/** "you may pay {B}. If you do, ...": a `may` paying cost symbols, asked only of a player who can pay them (lower.ts). */
function paySymbolsText(step: Extract<Step, { op: "if" }>, ctx: Context): string | undefined {
  const [may] = step.then;
  if (step.then.length !== 1 || step.else?.length || may?.op !== "may" || step.condition.kind !== "can_pay") return undefined;
  const [price] = may.steps;
  if (price?.op !== "pay" || JSON.stringify(price.cost) !== JSON.stringify(step.condition.cost) || JSON.stringify(price.who) !== JSON.stringify(step.condition.who) || JSON.stringify(may.who ?? { kind: "you" }) !== JSON.stringify(price.who)) return undefined;
  return stepText(may, ctx);
}

/** "you may pay 2 life. If you do, ...": a `may` losing life, asked only of a player with more life than that (or as much). */
function payLifeText(step: Extract<Step, { op: "if" }>, ctx: Context): string | undefined {
  const [may] = step.then;
  if (step.then.length !== 1 || step.else?.length || may?.op !== "may" || step.condition.kind !== "life_at_least") return undefined;
  const [price] = may.steps;
  if (price?.op !== "lose_life" || typeof price.amount !== "number" || typeof step.condition.value !== "number") return undefined;
  const toZero = ctx.game.params["life_payment_may_reach_zero"] === true;
  if (step.condition.value !== price.amount + (toZero ? 0 : 1) || JSON.stringify(price.who) !== JSON.stringify(step.condition.who) || JSON.stringify(may.who ?? { kind: "you" }) !== JSON.stringify(price.who)) return undefined;
  const text = stepText(may, ctx);
  const paid = text.replace(/\bmay lose (\S+) life\b/, "may pay $1 life");
  return paid === text ? undefined : paid;
}

/**
 * "Destroy target creature unless its controller pays 3 life." as compiled (lower.ts `unlessPaid`): if the player can pay,
 * they may (`may` whose `otherwise` is the effect); else the effect. Undefined for any other `if`.
 */
function unlessText(step: Extract<Step, { op: "if" }>, ctx: Context): string | undefined {
  const ask = step.then.length === 1 && step.then[0]!.op === "may" ? step.then[0] : undefined;
  if (!ask || ask.op !== "may" || !ask.who || !step.else?.length || JSON.stringify(ask.otherwise) !== JSON.stringify(step.else) || ask.steps.length !== 1) return undefined;
  const effect = stepsText(step.else, ctx).replace(/\.$/, "");
  let price = lowerFirst(stepsText(ask.steps, ctx).replace(/\.$/, ""));
  // Paying life: the price is lost only by a player who has that much.
  if (ask.steps[0]!.op === "lose_life" && step.condition.kind === "life_at_least" && JSON.stringify(ask.steps[0]!.who) === JSON.stringify(step.condition.who)) price = price.replace(/\bloses (\S+) life$/, "pays $1 life");
  // Paying a resource ("2 Mana"): lost only by a player who has that much.
  const paid = ask.steps[0]!;
  if (paid.op === "lose_resource" && step.condition.kind === "compare" && typeof step.condition.left !== "number" && step.condition.left.kind === "resource" && JSON.stringify(paid.who) === JSON.stringify(step.condition.left.of))
    price = price.replace(/\bloses? (\S+ \S+)$/, (_all, amount: string) => `pays ${amount}`);
  // A target named again would be a second target: "Target opponent loses 3 life unless they discard a card."
  const named = ctx.targets.map((t) => t.text).find((t) => price.toLowerCase().startsWith(`${t.toLowerCase()} `));
  if (named) price = `they ${withoutSubject(price, named)}`;
  // "Each opponent discards a card unless they pay 3 life." (a per_player run): the player asked is "they".
  else if (ask.who.kind === "acting" && ctx.acting) {
    const subject = playersText(ctx.acting, ctx, true);
    if (price.toLowerCase().startsWith(`${subject.toLowerCase()} `)) price = `they ${withoutSubject(price, subject)}`;
  }
  // The caster's own price is printed with its subject: "Destroy this unless you discard a card." (an imperative
  // "unless discard a card" is no sentence, and does not read back).
  if (ask.who.kind === "you" && !/^you\b/.test(price)) price = `you ${price}`;
  return `${effect} unless ${price}`;
}

/** Steps told one by one: a choice stays with the step that uses it ("destroy a Creature they control"). */
function stepGroups(steps: Step[]): Step[][] {
  const groups: Step[][] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.op === "choose_cards" && steps[i + 1] && JSON.stringify(steps[i + 1]).includes(`"label":"${step.label}"`)) groups.push([step, steps[++i]!]);
    else groups.push([step]);
  }
  return groups;
}
/** A step's text that opens with its own subject rather than an imperative verb. */
const SUBJECT_START = /^(each|target|your|you|an?|the|their|its|that|all|this|they)\b/i;
const lowerFirst = (text: string) => text.replace(/^./, (c) => c.toLowerCase());

/** "target opponent discards a card" told of target opponent → "discard a card" (the verb as after "may"). */
function withoutSubject(text: string, subject: string): string {
  const lowered = text.replace(/^./, (c) => c.toLowerCase());
  if (!lowered.toLowerCase().startsWith(`${subject.toLowerCase()} `)) return lowered;
  return lowered.slice(subject.length + 1).replace(/^(\w+)/, (w) => baseForm(w));
}
const baseForm = (verbWord: string) => (/ies$/.test(verbWord) ? verbWord.replace(/ies$/, "y") : /(ss|sh|ch|x|z)es$/.test(verbWord) ? verbWord.slice(0, -2) : verbWord.replace(/s$/, ""));
const thirdPerson = (verbWord: string) => (/(s|sh|ch|x|z)$/.test(verbWord) ? `${verbWord}es` : `${verbWord}s`);

/** "gets" ("each Unit you control gets"), or "get" after two targets ("target unit and target creature get") or "those tokens". */
const several = (a: Affected, ctx: Context) => (a.kind === "targets" && a.indexes.length > 1) || (a.kind === "card" && a.ref.kind === "chosen" && !!ctx.arrived?.get(a.ref.label)?.startsWith("those "));
const getVerb = (a: Affected, ctx: Context) => (several(a, ctx) ? "get" : "gets");
const gainVerb = (a: Affected, ctx: Context) => (several(a, ctx) ? "gain" : "gains");
const verb = (base: string, who: PlayersRef) => (who.kind === "you" ? base : `${base}s`);
/** "draw a card" for the ability's controller (the card language's imperative), "each player draws a card" for others. */
const actor = (who: PlayersRef, ctx: Context, base: string) => {
  if (who.kind === "you") return base;
  const subject = playersText(who, ctx, true);
  // "If they don't, they lose 2 life."
  return subject === "they" ? `they ${base}` : `${subject} ${base}s`;
};

/** A delayed trigger's moment: this turn's end, or the start of a next turn. */
function momentText(at: TriggerPattern, ctx: Context): string {
  const phases = ctx.game.phases;
  if (at.event === "phase_start" && at.phase === phases[0]?.name && phases.length > 1) {
    return `at the beginning of ${at.whose === "your" ? "your next turn" : at.whose === "opponent" ? "your opponent's next turn" : "the next turn"}`;
  }
  const whose = at.whose === "your" ? "your" : at.whose === "opponent" ? "your opponent's" : "the";
  if (at.phase === phases[phases.length - 1]?.name && (at.event === "phase_start") === phases[phases.length - 1]!.auto) return `at the end of ${whose} turn`;
  // "at end of combat" → "at the end of the Combat phase": the phase the moment waits for, from the IR.
  if (at.phase) return `at the ${at.event === "phase_end" ? "end" : "beginning"} of ${whose} ${at.phase} phase`;
  return at.text;
}

function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function durationText(d: Duration): string {
  switch (d.kind) {
    case "end_of_turn":
      return " until end of turn";
    case "until_your_next_turn":
      return " until your next turn";
    case "end_of_your_turn":
      return " until end of your turn";
    case "end_of_your_next_turn":
      return " until the end of your next turn";
    case "until_opponent_next_turn":
      return " until your opponent's next turn";
    case "end_of_opponent_next_turn":
      return " until the end of your opponent's next turn";
    case "end_of_combat":
      return " until end of combat";
    case "while_source":
      return " for as long as you control this";
    default:
      return "";
  }
}

function battlefieldName(ctx: Context): string {
  return lower(ctx.game.zones.find((z) => z.role === "battlefield")?.name ?? "battlefield");
}

function zoneText(zone: string, ctx: Context, position?: string): string {
  const role = ctx.game.zones.find((z) => z.name === zone)?.role;
  if (role === "battlefield") return `onto the ${battlefieldName(ctx)}`;
  if (position === "bottom") return `on the bottom of its owner's ${zone}`;
  if (position === "top") return `on top of its owner's ${zone}`;
  return `into its owner's ${zone}`;
}

// ---------------------------------------------------------------------------------------------
// Who and what

function playerText(ref: PlayerRef, ctx: Context, subject = false): string {
  if (!subject && ctx.actor && ref.kind !== "you" && JSON.stringify(ref) === JSON.stringify(ctx.actor)) return "them";
  switch (ref.kind) {
    case "you":
      return "you";
    case "opponent":
      return subject ? "your opponent" : "your opponent";
    case "active":
      return ctx.combat ? "the attacking player" : "the active player";
    case "target":
      ctx.playersNamed?.add(ref.index);
      return targetText(ctx, ref.index) ?? "target player";
    case "controller_of":
    case "owner_of": {
      // "its controller" (the card named before), "the attacking creature's controller", "target creature's owner".
      const role = ref.kind === "controller_of" ? "controller" : "owner";
      if (ref.of.kind === "self") return `this card's ${role}`;
      if (ref.of.kind !== "target" && ref.of.kind !== "event_card" && ref.of.kind !== "event_other") return `its ${role}`;
      return `${possessiveOf(cardText(ref.of, ctx))} ${role}`;
    }
    case "event_player":
      return "that player";
    case "defending":
      return "the defending player";
    case "opponent_of":
      return `${possessive(ref.of, ctx)} opponent`;
    case "acting":
      // The subject of a per-player sentence is named once ("each player draws ..."); after that, "they"/"them".
      return subject ? (ctx.acting ? playersText(ctx.acting, ctx, true) : "they") : "them";
  }
}

function playersText(ref: PlayersRef, ctx: Context, subject = false): string {
  if (ref.kind === "each_player") return "each player";
  if (ref.kind === "each_opponent") return "each opponent";
  return playerText(ref, ctx, subject);
}

function possessive(ref: PlayersRef, ctx: Context): string {
  if (ref.kind === "acting" || (ctx.actor && ref.kind !== "you" && JSON.stringify(ref) === JSON.stringify(ctx.actor))) return "their";
  const p = playersText(ref, ctx);
  return p === "you" ? "your" : p === "its controller" ? "its controller's" : `${p}'s`;
}

/** How a later step names what a summon or token step put into play: one ("that token", "that card") or several. */
function arrivedPhrase(step: Extract<Step, { op: "summon" | "create_token" | "copy" }>, chose: Step): string {
  if (step.op === "copy") return step.amount !== 1 || step.of.kind === "cards" || step.of.kind === "targets" ? (step.to ? "those cards" : "those tokens") : step.to ? "that card" : "that token";
  const several = step.op === "create_token" ? step.amount !== 1 : chose.op === "choose_cards" ? chose.max !== 1 : step.what.kind === "cards" || step.what.kind === "targets";
  const noun = step.op === "create_token" ? "token" : "card";
  return several ? `those ${noun}s` : `that ${noun}`;
}

/** The card a cost or a step took, named by its record ("$sacrificed this way"): "the sacrificed card". */
function takenCardText(label: string): string | undefined {
  const verb = PAID_LABELS.includes(label) ? thisWayVerbOf(label) : undefined;
  return verb ? `the ${participleOf(verb)} card` : undefined;
}

function cardText(ref: CardRef, ctx: Context, chosen?: Chosen): string {
  switch (ref.kind) {
    case "self":
      return "this";
    case "target":
      return namedTarget(ctx, ref.index) ?? targetText(ctx, ref.index) ?? "target card";
    case "it":
      return "it";
    case "event_card":
    case "event_other":
      return eventCardText(ref.kind, ctx);
    case "chosen":
      return chosen?.label === ref.label ? chosen.phrase : (ctx.arrived?.get(ref.label) ?? takenCardText(ref.label) ?? "that card");
    case "acted_on":
      return "that card";
  }
}

/**
 * A card as the subject of a clause. In a trigger about this card that names another ("When this is attacked by a unit"),
 * "it" opening a clause reads as this card, so the other card is "that unit" there — the text must read back the same.
 */
function subjectCardText(ref: CardRef, ctx: Context): string {
  if (ref.kind === "event_other" && ctx.trigger?.subject.kind === "self" && ctx.trigger.object?.kind === "card") return `that ${unitTypeName(ctx) ?? "card"}`;
  return cardText(ref, ctx);
}

/**
 * A card of the trigger's event by its part in it: "it" for the other card the trigger names ("Whenever this destroys a
 * creature, ... it"); "the attacking creature" / "the blocking creature" / "the blocked creature" in combat events.
 */
function eventCardText(which: "event_card" | "event_other", ctx: Context): string {
  const trigger = ctx.trigger;
  if (which === "event_other" && ctx.destroyer) return ctx.destroyer;
  const unit = unitTypeName(ctx) ?? "card";
  // "Whenever this is blocked by a creature, destroy that creature": the card the trigger names besides its subject ("it"
  // would read as this card).
  if (which === "event_other" && trigger?.object?.kind === "card") {
    const sel = trigger.object.selector;
    const noun = sel.cardTypes?.length === 1 ? lower(sel.cardTypes[0]!) : sel.subtypes?.length === 1 ? sel.subtypes[0]! : lower(unit);
    return `that ${noun}`;
  }
  const roles = trigger ? triggerContract(trigger).roles : undefined;
  const role = roles && (which === "event_card" ? roles.card[0] : roles.other[0]);
  return role ? `the ${role} ${unit}` : which === "event_card" ? "that card" : "the other card";
}

/** The game's unit (a permanent type tokens are made of, else the first permanent type): what "any target" and an event's card are. */
const unitTypeName = (ctx: Context) => (ctx.game.cardTypes.find((t) => t.permanent && t.token) ?? ctx.game.cardTypes.find((t) => t.permanent))?.name;

/**
 * A target as the IR carries it — its kind, its card filter, its players, how many slots its phrase has — never the
 * words as written: a qualifier the lowering dropped ("target damaged creature") must not reappear in the reads-as.
 * The slots of one phrase ("up to two target creatures") read as that phrase.
 */
function targetText(ctx: Context, index: number): string | undefined {
  const spec = ctx.targets[index];
  if (!spec) return undefined;
  const slots = spec.group === undefined ? [spec] : ctx.targets.filter((t) => t.group === spec.group && t.mode === spec.mode);
  const count = slots.length;
  const upTo = slots.every((t) => t.min === 0);
  const player = spec.players === "opponent" ? "opponent" : "player";
  // "another target creature": not this card, and not what the ability's earlier targets hold (its "other" is said by "another").
  const another = !!spec.differsFromPrevious || !!spec.cards?.other;
  const cards = (n: number) => {
    const sel = another ? { ...spec.cards, other: undefined } : (spec.cards ?? {});
    // A spell on the response stack: "target spell" (its zone is the engine's, not a zone of the game file).
    // Narrowed by the rest of its phrase: "target Red spell", "target spell an opponent controls", "... with cost 2 or less".
    if (sel.zones?.includes("(resolving)")) {
      const { zones: _zones, ...rest } = sel;
      if (Object.keys(rest).length === 0) return plural("spell", n);
      const text = selectorText(rest, ctx, n);
      // "target creature spell": the card type names the spell's kind, in lower case, as written.
      const type = rest.cardTypes?.length === 1 ? rest.cardTypes[0]! : undefined;
      const typed = type ? new RegExp(`\\b${type}s?\\b`) : undefined;
      if (typed?.test(text)) return text.replace(typed, lower(type!) === "spell" ? plural("spell", n) : `${lower(type!)} ${plural("spell", n)}`);
      return text.replace(/\bcards?\b/, plural("spell", n));
    }
    // Card types in lower case, as a target is written ("target creature"); subtypes and zones keep their names.
    const types = new Set([sel, ...(sel.anyOf ?? [])].flatMap((part) => part.cardTypes ?? []).map(lower));
    return selectorText(sel, ctx, n, "from").replace(/[A-Z][a-z]+/g, (word) => (types.has(lower(word)) || types.has(lower(word).replace(/s$/, "")) ? lower(word) : word));
  };
  // "any target" is a card of the game's permanent type or a player, nothing narrower.
  if (spec.accepts === "any" && spec.players === "any" && count === 1 && !upTo && JSON.stringify(spec.cards) === JSON.stringify({ cardTypes: [unitTypeName(ctx)] })) return "any target";
  // "target player who has more life than you" (TargetSpec.playersWith).
  const who = spec.accepts === "player" && spec.playersWith ? heldBy(spec.playersWith, ctx) : undefined;
  const noun = spec.accepts === "player" ? `${plural(player, count)}${who ? ` who ${who}` : spec.playersWith ? ` (if ${conditionText(spec.playersWith, { ...ctx, acting: undefined })})` : ""}` : spec.accepts === "any" ? `${cards(count)} or ${plural(player, count)}` : cards(count);
  // "one or two target creatures", "one, two or three targets": the first slots must be chosen, the rest may stay empty.
  const required = slots.filter((t) => t.min > 0).length;
  if (required > 0 && required < count && !another) {
    const numbers = Array.from({ length: count - required + 1 }, (_, i) => NUMBER_WORDS[required + i] ?? `${required + i}`);
    const range = `${numbers.slice(0, -1).join(", ")} or ${numbers.at(-1)}`;
    if (spec.accepts === "any" && spec.players === "any" && JSON.stringify(spec.cards) === JSON.stringify({ cardTypes: [unitTypeName(ctx)] })) return `${range} targets`;
    return `${range} target ${noun}`;
  }
  const many = count === 1 ? "" : `${NUMBER_WORDS[count] ?? count} `;
  if (another) return `${upTo ? "up to " : ""}${count === 1 ? (upTo ? "one other" : "another") : `${many}other`} target ${noun}`;
  return `${upTo ? `up to ${count === 1 ? "one " : many}` : many}target ${noun}`;
}
const ORDINAL_WORDS = ["zeroth", "first", "second", "third", "fourth", "fifth"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

const possessiveOf = (noun: string) => (noun === "it" ? "its" : `${noun}'s`);

/**
 * "Target player draws a card. If you have 5 or less life, that player draws 2 cards instead.": a player target `before`
 * wrote is "that player" in `text` (written again, it would be a second target).
 */
function namedPlayersAgain(text: string, before: string, ctx: Context): string {
  for (const [index, target] of ctx.targets.entries()) {
    const written = target.accepts === "card" ? undefined : targetText(ctx, index);
    if (!written || !before.toLowerCase().includes(written.toLowerCase())) continue;
    if (ctx.targets.some((_, other) => other !== index && targetText(ctx, other)?.toLowerCase() === written.toLowerCase())) continue;
    text = text.replace(new RegExp(`\\b${written.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "gi"), (w) => (w[0] === w[0]!.toUpperCase() ? "That player" : "that player"));
  }
  return text;
}

/**
 * "Deal 1 damage to target player for each Bleed counter on target player" → "... on that player": a player target's words
 * written twice in one step's text are one player (written again, it would be a second target).
 */
function namedPlayerTwice(text: string, ctx: Context): string {
  for (const [index, target] of ctx.targets.entries()) {
    const written = target.accepts === "player" ? targetText(ctx, index) : undefined;
    if (!written || ctx.targets.some((_, other) => other !== index && targetText(ctx, other)?.toLowerCase() === written.toLowerCase())) continue;
    const pattern = new RegExp(`\\b${written.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "gi");
    let seen = 0;
    text = text.replace(pattern, (w) => (seen++ === 0 ? w : "that player"));
  }
  return text;
}

/** "it" for a card target already written in this ability; undefined (and noted as written) the first time. */
function namedTarget(ctx: Context, index: number): string | undefined {
  // "Deal 1 damage to any target, then deal 1 damage to it": a card-or-player target named again is "it" too ("that
  // player" would say a player was chosen).
  const accepts = ctx.targets[index]?.accepts;
  if ((accepts !== "card" && accepts !== "any") || !ctx.named) return undefined;
  if (ctx.named.has(index)) return "it";
  ctx.named.add(index);
  return undefined;
}

/** "your" / "their" when the cards are every card of one zone of you / the acting player (a selector of zone and owner only). */
function wholeZoneOwner(a: Affected): "your" | "their" | undefined {
  if (a.kind !== "cards" || a.selector.zones?.length !== 1 || Object.keys(a.selector).some((k) => k !== "zones" && k !== "owner")) return undefined;
  return a.selector.owner === "you" ? "your" : a.selector.owner === "acting" ? "their" : undefined;
}
function wholeZoneName(a: Affected): string {
  return a.kind === "cards" ? a.selector.zones![0]! : "";
}

function affectedText(a: Affected, ctx: Context, chosen?: Chosen): string {
  switch (a.kind) {
    case "card":
      return cardText(a.ref, ctx, chosen);
    case "player":
      return playersText(a.ref, ctx);
    case "cards":
      // "each Creature and each Vampire": one effect on the cards of all of them, each card once.
      if (a.selector.anyOf && !onlyKeywordsDiffer(a.selector)) return listText(a.selector.anyOf.map((part) => `each ${selectorText(a.selector.otherThan ? { ...part, otherThan: a.selector.otherThan } : part, ctx, 1)}`));
      return `each ${selectorText(a.selector, ctx, 1)}`;
    case "target":
      if (ctx.targets[a.index]?.accepts === "player") ctx.playersNamed?.add(a.index);
      return namedTarget(ctx, a.index) ?? targetText(ctx, a.index) ?? "the target";
    case "targets": {
      // The slots of one phrase ("up to two target units") read as that phrase once; named again, "them" (as "it" for one).
      const groups = new Set(a.indexes.map((i) => ctx.targets[i]?.group ?? `slot ${i}`));
      if (groups.size === 1 && ctx.targets[a.indexes[0]!]?.group !== undefined) {
        const cards = a.indexes.every((i) => ctx.targets[i]?.accepts === "card");
        if (cards && ctx.named && a.indexes.every((i) => ctx.named!.has(i))) return "them";
        if (cards && ctx.named) for (const i of a.indexes) ctx.named.add(i);
        return targetText(ctx, a.indexes[0]!)!;
      }
      return listText(a.indexes.map((i) => targetText(ctx, i) ?? "the target"));
    }
  }
}

/** The game's word for a card that is not exhausted: "renewed" where a phase step renews cards (CYBERVAMP), else "ready". */
function readyWord(game: CompiledGame): string {
  return game.phases.some((p) => (p.lines ?? []).some((line) => /^renew\b/.test(line.text))) ? "renewed" : "ready";
}

/** A card selector as a noun phrase: "other exhausted Vampire creature you control with power 2 or less in your Graveyard". */
export function selectorText(sel: CardSelector, ctx: Context, count: NumberExpr, prep = "in"): string {
  if (sel.anyOf) return alternativesText(sel, ctx, count, prep);
  const { before, head, after } = selectorPieces(sel, ctx, count, prep);
  return [...before, head, ...after].join(" ");
}

/**
 * "relic or exhausted creature an opponent controls": the alternatives of a selector (`anyOf`), each with its own words,
 * then the words every alternative shares once (whose, where, with what) — as the lowering reads them back
 * (compiler/lower.ts alternativesWithOwnWords).
 */
function alternativesText(sel: CardSelector, ctx: Context, count: NumberExpr, prep: string): string {
  const parts = sel.anyOf!.map((part) => (sel.otherThan ? { ...part, other: true } : part));
  const common: Record<string, unknown> = {};
  for (const key of new Set(parts.flatMap((p) => Object.keys(p)))) {
    // The noun stays with each alternative: "attacking creature or blocking creature" (adjectives joined by "or" before
    // one noun, compiler/lower.ts alternativesWithOwnWords) — printed once, it read as the last alternative's only.
    if ((key === "cardTypes" || key === "subtypes") && !onlyKeywordsDiffer(sel)) continue;
    const value = JSON.stringify((parts[0] as Record<string, unknown>)[key]);
    if (value !== undefined && parts.every((p) => JSON.stringify((p as Record<string, unknown>)[key]) === value)) common[key] = (parts[0] as Record<string, unknown>)[key];
  }
  const own = (part: CardSelector) => Object.fromEntries(Object.entries(part).filter(([key]) => !(key in common))) as CardSelector;
  const heads = parts.map((part) => {
    const { before, head, after } = selectorPieces(own(part), ctx, count, prep);
    return [...before, head, ...after].join(" ");
  });
  const shared = selectorPieces(common as CardSelector, ctx, count, prep);
  // "creature with Haste or Tireless": alternatives that differ only by their keyword (compiler/lower.ts selector).
  if (onlyKeywordsDiffer(sel)) return [...shared.before, shared.head, ...shared.after, `with ${parts.map((p) => p.keyword).join(" or ")}`].join(" ");
  return [...shared.before, heads.join(" or "), ...shared.after].join(" ");
}

/** Are a selector's alternatives the same but for their keyword ("with Haste or Tireless")? */
function onlyKeywordsDiffer(sel: CardSelector): boolean {
  const parts = sel.anyOf ?? [];
  if (parts.length < 2 || parts.some((p) => !p.keyword)) return false;
  const rest = (p: CardSelector) => JSON.stringify(Object.entries({ ...p, keyword: undefined }).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  return parts.every((p) => rest(p) === rest(parts[0]!));
}

/** A selector's words before its noun ("other exhausted"), the noun ("Creatures"), and after it ("you control with ..."). */
function selectorPieces(sel: CardSelector, ctx: Context, count: NumberExpr, prep: string): { before: string[]; head: string; after: string[] } {
  const words: string[] = [];
  if (sel.other || sel.otherThan) words.push("other");
  if (sel.overexhausted === true) words.push("overexhausted");
  else if (sel.exhausted !== undefined) words.push(sel.exhausted ? "exhausted" : readyWord(ctx.game));
  if (sel.attacking) words.push("attacking");
  if (sel.blocking) words.push("blocking");
  if (sel.newlyTurned) words.push("Newly Turned");
  if (sel.tokens === "exclude") words.push("non-token");
  // Left out: "non-Vampire", "non-defender"; "without Flying" below; any other kind of card "that isn't a ...".
  const excludedAfter: string[] = [];
  for (const ex of sel.exclude ?? []) {
    const keys = Object.keys(ex);
    const name = keys.length === 1 ? (ex.subtypes?.length === 1 ? ex.subtypes[0] : ex.cardTypes?.length === 1 ? ex.cardTypes[0] : ex.colors?.length === 1 ? ex.colors[0] : ex.defender ? "defender" : undefined) : undefined;
    if (name) words.push(`non-${name}`);
    else if (!(keys.length === 1 && ex.keyword)) {
      const pieces = selectorPieces(ex, ctx, 1, prep);
      const text = [...pieces.before, pieces.head, ...pieces.after].join(" ");
      excludedAfter.push(`that ${count === 1 ? "isn't" : "aren't"} ${count === 1 ? `${indefiniteArticle(text)} ${text}` : plural(text, count)}`);
    }
  }
  const zoned = sel.zones?.[0] && ctx.game.zones.find((z) => z.name === sel.zones![0])?.role !== "battlefield";
  // In play a subtype is the noun ("Vampires you control"); elsewhere it names a card ("a Vampire card in your Graveyard").
  // Several subtypes are any one of them (runtime selector match): "target Vampire or Ghoul".
  const subtypes = sel.subtypes?.length ? sel.subtypes.join(" or ") : undefined;
  const subtypeHead = !sel.cardTypes?.length && !sel.names?.length && !zoned && sel.tokens !== "only" ? subtypes : undefined;
  words.push(...(sel.colors?.length ? [sel.colors.join(" or ")] : []), ...(!subtypeHead && subtypes ? [subtypes] : []));
  const named = subtypeHead ?? (sel.cardTypes?.length ? sel.cardTypes.join(" or ") : "card");
  // "target defender", "other defenders you control": the state is the noun; with a type, its adjective ("defender Units").
  const head = sel.defender ? (named === "card" ? "defender" : `defender ${named}`) : named;
  // Alternatives as the head are each plural ("Vampires or Ghouls you control"); a noun after them is the plural one.
  const headText = sel.tokens === "only" ? `${head === "card" ? "" : `${head} `}token`.trim() : zoned && head !== "card" ? `${head} card` : head;
  words.push(headText === head && head === named && / or /.test(head) ? head.split(" or ").map((alt) => plural(alt, count)).join(" or ") : plural(headText, count));
  // "a Unit named Scout", "each card named Stone Guard" (lower.ts cardNameAfterNamed): the name as written, after the noun.
  if (sel.names?.length) words.push(`named ${sel.names.join(" or ")}`);
  const tail: string[] = [];
  if (sel.controller === "you") tail.push("you control");
  else if (sel.controller === "opponent") tail.push("an opponent controls");
  else if (sel.controller === "acting") tail.push(ctx.eachActing ? `${ctx.eachActing.kind === "each_opponent" ? "each opponent" : "each player"} controls` : "they control");
  else if (sel.controller === "any") tail.push("a player controls");
  else if (sel.controllerIs) {
    // The card was named before the cards it counts or acts on ("target creature ... each other creature its controller controls").
    const of = sel.controllerIs.kind === "controller_of" || sel.controllerIs.kind === "owner_of" ? sel.controllerIs : undefined;
    // A target player named before in the ability: "they" ("... to target player and 1 damage to each creature they control");
    // else the target itself ("Deal 1 damage to each creature target player controls": "they" would hide the target).
    const target = sel.controllerIs.kind === "target" ? sel.controllerIs.index : undefined;
    const theyNamed = target !== undefined && (!ctx.playersNamed || ctx.playersNamed.has(target));
    const who = of && of.of.kind !== "self" ? `its ${of.kind === "controller_of" ? "controller" : "owner"}` : theyNamed ? "they" : playerText(sel.controllerIs, ctx, true);
    tail.push(`${who} ${who === "you" || who === "they" ? "control" : "controls"}`);
  }
  // The owner of cards in play ("each Creature an opponent owns"); elsewhere the zone's possessive says it ("in your Discard Pile").
  const inPlay = !sel.zones?.[0] || ctx.game.zones.find((z) => z.name === sel.zones![0])?.role === "battlefield";
  if (inPlay && sel.owner && sel.owner !== "any") tail.push(sel.owner === "you" ? "you own" : sel.owner === "opponent" ? "an opponent owns" : "they own");
  if (sel.attackedThisTurn) tail.push("that attacked this turn");
  const takenBy = sel.thisWay !== undefined ? thisWayVerbOf(sel.thisWay) : undefined;
  if (takenBy) tail.push(`${participleOf(takenBy)} this way`);
  if (sel.blockingSelf) tail.push("blocking this");
  if (sel.blockedBySelf) tail.push("blocked by this");
  // The card a trigger is about: "that Creature" (as lower.ts combatCard reads it back).
  const combatCardText = (ref: CardRef) => (ref.kind === "event_card" ? `that ${unitTypeName(ctx) ?? "card"}` : cardText(ref, ctx));
  if (sel.blockingCard) tail.push(`blocking ${combatCardText(sel.blockingCard)}`);
  if (sel.blockedByCard) tail.push(`blocked by ${combatCardText(sel.blockedByCard)}`);
  // After another filter, with its `that` ("Creatures you control that you played this turn"): two clauses with a subject
  // of their own one after the other would not read as English.
  const played = sel.playedThisTurn && `${sel.playedThisTurn.by === "you" ? "you" : sel.playedThisTurn.by === "opponent" ? "an opponent" : "a player"} played this turn`;
  if (played) tail.push(tail.length ? `that ${played}` : played);
  if (sel.enteredThisTurn) tail.push(`that entered play${sel.enteredThisTurn.under === "you" ? " under your control" : sel.enteredThisTurn.under === "opponent" ? " under an opponent's control" : ""} this turn`);
  const withs: string[] = [];
  if (sel.keyword) withs.push(sel.keyword);
  if (sel.stat) withs.push(statFilterText(sel.stat, ctx));
  if (sel.cost) withs.push(`cost ${sel.cost.value}${sel.cost.op === "<=" ? " or less" : sel.cost.op === ">=" ? " or more" : ""}`);
  if (sel.extreme) withs.push(`the ${sel.extreme.which} ${sel.extreme.stat}`);
  if (sel.counters) withs.push(counterFilterText(sel.counters, count === 1 ? "it" : "them"));
  for (const ex of sel.exclude ?? []) if (ex.keyword && Object.keys(ex).length === 1) tail.push(`without ${ex.keyword}`);
  tail.push(...excludedAfter);
  if (withs.length) tail.push(`with ${withs.join(" and ")}`);
  if (sel.destroyedThisTurn) tail.push(count === 1 ? "that was destroyed this turn" : "that were destroyed this turn");
  const zone = sel.zones?.[0];
  // "the number of Unit cards in all Graveyards": cards of every player's zone of that name ("in a Graveyard" reads as one).
  if (zone && ctx.game.zones.find((z) => z.name === zone)?.role !== "battlefield")
    tail.push(prep === "in all" && !sel.owner ? `in all ${plural(zone, 2)}` : `${prep === "in all" ? "in" : prep} ${sel.owner === "you" ? "your" : sel.owner === "opponent" ? "an opponent's" : sel.owner === "acting" ? (ctx.eachActing ? (ctx.eachActing.kind === "each_opponent" ? "each opponent's" : "each") : "their") : "a"} ${zone}`);
  // "each creature whose controller has more life than you" (lower.ts controllerHolds: a condition on the card's controller).
  if (sel.controllerWith) {
    // "whose controller doesn't have fewer Bleed counters than you" ("... can't attack unless their controller has ...").
    // A comparison turned round ("at least as many as you", lower.ts negation) is "doesn't have fewer … than you".
    const cw = sel.controllerWith;
    const holds = heldBy(cw, ctx);
    const negated = cw.kind === "not" ? heldBy(cw.condition, ctx) : !holds && cw.kind === "compare" && cw.op !== "=" ? heldBy({ ...cw, op: INVERSE_COMPARISON[cw.op] }, ctx) : undefined;
    tail.push(negated ? `whose controller ${doesNot(negated)}` : holds ? `whose controller ${holds}` : `whose controller (if ${conditionText(sel.controllerWith, { ...ctx, acting: undefined })})`);
  }
  // "target spell that targets a creature you control" (lower.ts: a card waiting on the response chain).
  if (sel.targeting) {
    const aimed = sel.targeting.cards ? articles(`a ${selectorText(sel.targeting.cards, ctx, 1)}`) : sel.targeting.players === "you" ? "you" : sel.targeting.players === "opponent" ? "an opponent" : "a player";
    tail.push(`that ${count === 1 ? "targets" : "target"} ${aimed}`);
  }
  return { before: words.slice(0, -1), head: words[words.length - 1]!, after: tail };
}

/** "an attack counter on it", "2 or more defense counters on it", "no counters on it". */
function counterFilterText(c: NonNullable<CardSelector["counters"]>, it: "it" | "them"): string {
  const kind = c.counter ? `${c.counter} ` : "";
  if (c.op === "=" && c.value === 0) return `no ${kind}counters on ${it}`;
  if (c.op === ">=" && c.value === 1) return `${indefiniteArticle(kind || "counter")} ${kind}counter on ${it}`;
  return `${c.value}${c.op === "=" ? "" : c.op === ">=" ? " or more" : " or less"} ${kind}counters on ${it}`;
}

/** "power 2 or less"; "less power than this" (this card's own stat). */
function statFilterText(stat: NonNullable<CardSelector["stat"]>, ctx: Context): string {
  const v = stat.value;
  if (typeof v === "object" && v.kind === "stat" && v.of.kind === "self" && v.stat === stat.name && (stat.op === "<" || stat.op === ">")) return `${stat.op === "<" ? "less" : "greater"} ${stat.name} than this`;
  return `${stat.name} ${numberText(v, ctx)}${stat.op === "<=" ? " or less" : stat.op === ">=" ? " or more" : stat.op === "<" ? " (less than)" : stat.op === ">" ? " (more than)" : ""}`;
}

/** "a other Vampire" → "another Vampire", "a exhausted" → "an exhausted". */
/** "a power counter on it", "2 or more attack counters on it", "no power counters on it": what a condition's card has. */
function countersOnIt(counter: string, op: "<=" | ">=" | "=", value: number): string {
  if (op === ">=" && value === 1) return `${articles(`a ${counter}`)} counter on it`;
  const amount = op === "=" ? (value === 0 ? "no" : `exactly ${value}`) : `${value} ${op === "<=" ? "or fewer" : "or more"}`;
  return `${amount} ${counter} counters on it`;
}

function articles(text: string): string {
  return text.replace(/\ba other\b/g, "another").replace(/\bA other\b/g, "Another").replace(/\b([Aa]) (?=(\w+))/g, (all, a: string, word: string) => (indefiniteArticle(word) === "an" ? `${a}n ` : all));
}

// ---------------------------------------------------------------------------------------------
// Numbers, conditions, costs, triggers, statics

export /**
 * "that much": the amount of the event the ability follows, or the damage a step before dealt — a multiple or a half of
 * either is printed "twice that much damage", "half that much life" (the form that lowers back to it).
 */
function repeatsAnAmount(n: NumberExpr): boolean {
  return typeof n !== "number" && (n.kind === "event_amount" || n.kind === "damage_dealt");
}

function numberText(n: NumberExpr, ctx: Context): string {
  if (typeof n === "number") return String(n);
  switch (n.kind) {
    case "x":
      return "X";
    case "count":
      // "the number of Unit cards in all Graveyards" (every player's), not "in a Graveyard".
      return `the number of ${selectorText(n.of, ctx, 2, "in all")}`;
    case "stat":
      // "Gain life equal to the attack of the Creature with the highest attack": the choice the step reads with it.
      if (n.of.kind === "chosen" && ctx.chosen?.label === n.of.label) return `the ${n.stat} of ${ctx.chosen.phrase}`;
      // A target with its filters reads as "the power of target creature you control" (a possessive would follow "control").
      if (n.of.kind === "target") {
        const card = cardText(n.of, ctx);
        return card === "it" ? `its ${n.stat}` : `the ${n.stat} of ${card}`;
      }
      return `${n.of.kind === "self" ? "this card's" : n.of.kind === "it" ? "its" : possessiveOf(cardText(n.of, ctx))} ${n.stat}`;
    case "life":
      return `${possessive(n.of, ctx)} life total`;
    case "counters":
      return `the number of ${n.counter} counters on ${"card" in n.of ? cardText(n.of.card, ctx) : playerText(n.of.player, ctx)}`;
    case "greatest":
      return `the ${n.least ? "lowest" : "greatest"} ${n.stat} among ${selectorText(n.of, ctx, 2)}`;
    case "total":
      return n.counter !== undefined ? `the number of ${n.counter} counters on ${selectorText(n.of, ctx, 2)}` : `the total ${n.stat} of ${selectorText(n.of, ctx, 2)}`;
    case "players": {
      // "the number of opponents with Bleed counters" (a condition on each of them: lower.ts playersCounted).
      const held = n.with ? heldBy(n.with, ctx) : undefined;
      const filter = held ? (held.startsWith("has ") ? ` with ${held.slice(4)}` : ` who ${held.replace(/^(\S+?)s\b/, "$1")}`) : n.with ? ` (if ${conditionText(n.with, { ...ctx, acting: undefined })})` : "";
      return `the number of ${n.of.kind === "each_opponent" ? "opponents" : n.of.kind === "each_player" ? "players" : playerText(n.of, ctx)}${filter}`;
    }
    case "hand_size":
      return `the number of cards in ${possessive(n.of, ctx)} hand`;
    case "empty_slots":
      return `the number of empty slots ${emptySlotsOwner(n.of, ctx)}`;
    case "resource":
      return `the number of ${plural(n.resource, 2)} ${emptySlotsOwner(n.of, ctx)}`;
    case "event_amount":
      return "that much";
    case "damage_dealt":
      return "the damage dealt";
    case "life_this_turn":
      return `the life ${playerText(n.of, ctx)} ${n.change} this turn`;
    case "plus":
      return `${numberText(n.of, ctx)} ${plusText(n.add)}`;
    case "times":
      // "twice its attack", "triple that much" (the card language's multipliers).
      if (n.factor === -1) return `minus ${numberText(n.of, ctx)}`;
      return `${n.factor === 2 ? "twice" : n.factor === 3 ? "triple" : `${n.factor} times`} ${numberText(n.of, ctx)}`;
    case "half":
      return `half ${numberText(n.of, ctx)}, rounded ${n.round}`;
    case "destroyed_this_turn":
      return `the number of ${selectorText(n.of, ctx, 2)} that were destroyed ${n.lastTurn ? "last" : "this"} turn`;
    case "entered_this_turn":
      return `the number of ${enteredText(n.of, ctx, 2)}`;
    case "played_this_turn":
    case "discarded_this_turn":
      return `the number of ${doneThisTurnText(n.kind, n.of, ctx, 2)}`;
    case "chosen_count":
      if (n.label === LIFE_THIS_WAY.lose_life) return "the life lost this way";
      if (n.label === LIFE_THIS_WAY.gain_life) return "the life gained this way";
      if (n.label === DAMAGE_PREVENTED_THIS_WAY) return "the damage prevented this way";
      return thisWayVerbOf(n.label) ? `the number of ${thisWayNoun(thisWayVerbOf(n.label)!)}s ${thisWayFilter(n.label)}` : "that many";
    case "short_of":
      return `${numberText(n.target, ctx)} minus ${numberText(n.have, ctx)} (at least 0)`;
    case "at_most":
      return `${numberText(n.of, ctx)}, up to ${n.max}`;
  }
}

/** Is the amount one `perEach` prints ("2 ... for each Unit you control")? Reads nothing (printing a card names it). */
function countsEach(n: NumberExpr): boolean {
  const counted = typeof n !== "number" && n.kind === "times" && n.factor > 0 ? n.of : n;
  return typeof counted !== "number" && (counted.kind === "count" || counted.kind === "counters" || (counted.kind === "total" && counted.counter !== undefined) || counted.kind === "empty_slots" || counted.kind === "resource" || counted.kind === "destroyed_this_turn" || counted.kind === "played_this_turn" || counted.kind === "entered_this_turn" || counted.kind === "discarded_this_turn");
}

/** "Spells you played this turn", "card your opponent discarded this turn": a count of a player's cards played (discarded) this turn. */
function doneThisTurnText(kind: "played_this_turn" | "discarded_this_turn", of: CardSelector, ctx: Context, amount: number): string {
  const who = of.controller === "opponent" ? "your opponent" : "you";
  return `${selectorText({ ...of, controller: undefined }, ctx, amount)} ${who} ${kind === "played_this_turn" ? "played" : "discarded"} this turn`;
}

/**
 * "Units that entered play this turn", "Creature that entered play under your control this turn": the cards that entered
 * play this turn, under whose control they entered (the selector's `controller`) written as "under ... control".
 */
function enteredText(of: CardSelector, ctx: Context, amount: number): string {
  const under = of.controller === "you" ? " under your control" : of.controller === "opponent" ? " under an opponent's control" : "";
  return `${selectorText({ ...of, controller: undefined }, ctx, amount)} that entered play${under} this turn`;
}

/** "you have", "your opponent has": whose empty slots or resource ("for each empty slot you have", "each Crystal you have"). */
function emptySlotsOwner(of: PlayerRef, ctx: Context): string {
  const who = playerText(of, ctx, true);
  return `${who} ${who === "you" || who === "they" ? "have" : "has"}`;
}

/** "2 ... for each Unit you control": an amount that is a count of cards or counters, times a positive number. */
function perEach(n: NumberExpr, ctx: Context): { amount: number; of: string } | undefined {
  const factor = typeof n !== "number" && n.kind === "times" && n.factor > 0 ? n.factor : 1;
  const counted = typeof n !== "number" && n.kind === "times" && n.factor > 0 ? n.of : n;
  if (typeof counted === "number") return undefined;
  if (counted.kind === "count") return { amount: factor, of: selectorText(counted.of, ctx, 1) };
  // "for each Creature that was destroyed this turn"
  if (counted.kind === "destroyed_this_turn") return { amount: factor, of: `${selectorText(counted.of, ctx, 1)} that was destroyed ${counted.lastTurn ? "last" : "this"} turn` };
  if (counted.kind === "played_this_turn" || counted.kind === "discarded_this_turn") return { amount: factor, of: doneThisTurnText(counted.kind, counted.of, ctx, 1) };
  // "for each other Unit that entered play this turn"
  if (counted.kind === "entered_this_turn") return { amount: factor, of: enteredText(counted.of, ctx, 1) };
  if (counted.kind === "empty_slots") return { amount: factor, of: `empty slot ${emptySlotsOwner(counted.of, ctx)}` };
  if (counted.kind === "resource") return { amount: factor, of: `${counted.resource} ${emptySlotsOwner(counted.of, ctx)}` };
  if (counted.kind === "counters") return { amount: factor, of: `${counted.counter} counter on ${"card" in counted.of ? cardText(counted.of.card, ctx) : playerText(counted.of.player, ctx)}` };
  if (counted.kind === "total" && counted.counter !== undefined) return { amount: factor, of: `${counted.counter} counter on ${selectorText(counted.of, ctx, 2)}` };
  return undefined;
}

/** "-1 ... for each X" as well as "+1": a count of cards or counters times any number but 0. */
function signedPerEach(n: NumberExpr, ctx: Context): { amount: number; of: string } | undefined {
  if (typeof n !== "number" && n.kind === "times" && n.factor < 0) {
    const each = perEach(n.of, ctx);
    return each && each.amount === 1 ? { amount: n.factor, of: each.of } : undefined;
  }
  return perEach(n, ctx);
}

function signed(n: NumberExpr): string {
  if (typeof n === "number") return n < 0 ? String(n) : `+${n}`;
  return n.kind === "times" && n.factor === -1 ? "-X" : "+X";
}

/** "target creature's power becomes 1 until end of turn", "double target creature's power": one card's stat set or doubled. */
function statSetText(step: Extract<Step, { op: "modify" }>, ctx: Context): string | undefined {
  if (step.on.kind !== "card" || step.keywords?.length || step.rules?.length) return undefined;
  const card = step.on.ref;
  const set = Object.entries(step.set ?? {});
  const stats = Object.entries(step.stats ?? {});
  // "target creature's power", "the power of target creature you control" (a possessive after "control" reads badly).
  // The card is written only when this form is the one written: written here, a target is "it" in the text that follows.
  const statOf = (stat: string) => {
    const named = card.kind === "self" ? "this card" : cardText(card, ctx);
    return /\bcontrols?$/.test(named) ? `the ${stat} of ${named}` : `${possessiveOf(named)} ${stat}`;
  };
  if (set.length === 1 && !stats.length) return `${statOf(set[0]![0])} becomes ${numberText(set[0]![1], ctx)}${durationText(step.duration)}`;
  const [stat, n] = stats[0] ?? [];
  if (stat && stats.length === 1 && !set.length && typeof n === "object" && n.kind === "stat" && n.stat === stat && JSON.stringify(n.of) === JSON.stringify(card)) return `double ${statOf(stat)}${durationText(step.duration)}`;
  return undefined;
}

/** "+1/+0", "+2 power", "+X power, where X is ...", "+1/+0 for each Vampire you control": a change of the game's stats, in the card language's forms. */
function statsText(stats: Record<string, NumberExpr>, ctx: Context): string {
  const names = ctx.game.stats;
  const entries = Object.entries(stats);
  // "for each X": every change is a number of times one count (a change of 0 is no count's).
  const counted = entries.map(([, n]) => (typeof n === "number" ? undefined : signedPerEach(n, ctx)));
  const each = counted.find(Boolean);
  if (each && entries.every(([, n], i) => n === 0 || counted[i]?.of === each.of)) {
    const amount = (n: NumberExpr, i: number) => (n === 0 ? "+0" : `${counted[i]!.amount < 0 ? "" : "+"}${counted[i]!.amount}`);
    const written = names.length >= 2 && entries.length === 2 && names[0]! in stats && names[1]! in stats ? `${amount(stats[names[0]!]!, entries.findIndex(([k]) => k === names[0]))}/${amount(stats[names[1]!]!, entries.findIndex(([k]) => k === names[1]))}` : entries.map(([stat, n], i) => `${amount(n, i)} ${stat}`).join(" and ");
    return `${written} for each ${each.of}`;
  }
  const variable = entries.map(([, n]) => n).find((n) => typeof n !== "number");
  const x = variable !== undefined && typeof variable !== "number" && variable.kind === "times" && variable.factor === -1 ? variable.of : variable;
  // The X the player pays (an {X} cost) is written as X alone, with no "where".
  const where = x === undefined || (typeof x !== "number" && x.kind === "x") ? "" : `, where X is ${numberText(x, ctx)}`;
  if (names.length >= 2 && entries.length === 2 && names[0]! in stats && names[1]! in stats) {
    // "-1/-0": a change of 0 beside a loss is written as the card writes it, with the loss's sign.
    const [first, second] = [stats[names[0]!]!, stats[names[1]!]!];
    const loss = (n: NumberExpr) => (typeof n === "number" ? n < 0 : n.kind === "times" && n.factor < 0);
    const pair = (n: NumberExpr, other: NumberExpr) => (n === 0 && loss(other) ? "-0" : signed(n));
    return `${pair(first, second)}/${pair(second, first)}${where}`;
  }
  return `${entries.map(([stat, n]) => `${signed(n)} ${stat}`).join(" and ")}${where}`;
}

/**
 * "a" or "an" before a word, by its sound: "an Elf", "an untapped", "a unit", "a unique", "a user" (a "u" read "you").
 * The one article rule of the reads-as texts and the compiler's suggested wordings.
 */
export function indefiniteArticle(word: string): "a" | "an" {
  return /^(?:[aeio]|u(?!n[io]|s[aeiou]|ni|ti|r[aeiou]))/i.test(word) ? "an" : "a";
}

/** A condition on the acting player as a verb phrase of one player: "has more life than you" (undefined if not said so). */
/**
 * "the number of Creatures they control is more than the number of Creatures you control" → "controls more Creatures than
 * you"; "… in their Discard Pile is fewer than … in your Discard Pile" → "has fewer … in their Discard Pile than you".
 */
function comparedWithYou(said: string): string | undefined {
  const controls = /^the number of (.+) they control is (more|less|fewer) than the number of (.+) you control$/i.exec(said);
  const inZone = /^the number of (.+) in their (.+) is (more|less|fewer) than the number of (.+) in your (.+)$/i.exec(said);
  const fewer = (op: string) => (op === "more" ? "more" : "fewer");
  return controls && controls[1] === controls[3] ? `controls ${fewer(controls[2]!)} ${controls[1]} than you` : inZone && inZone[1] === inZone[4] && inZone[2] === inZone[5] ? `has ${fewer(inZone[3]!)} ${inZone[1]} in their ${inZone[2]} than you` : undefined;
}

function heldBy(condition: Condition, ctx: Context): string | undefined {
  // "whose controller has no Bleed counters" / "has Bleed counters": a player's counters compared with 0 (conditionText
  // says "the number of Bleed counters on them is exactly 0", which no card writes).
  const left = condition.kind === "compare" && typeof condition.left === "object" && condition.left.kind === "counters" && "player" in condition.left.of && condition.left.of.player.kind === "acting" && condition.right === 0 ? condition.left : undefined;
  if (left && condition.kind === "compare" && (condition.op === "=" || condition.op === "<=")) return `has no ${left.counter} counters`;
  if (left && condition.kind === "compare" && condition.op === ">") return `has ${left.counter} counters`;
  const said = conditionText(condition, { ...ctx, acting: undefined });
  const holds = /^(?:them|they) (\S+)(.*)$/i.exec(said);
  return holds ? `${holds[1] === "have" ? "has" : holds[1] === "control" ? "controls" : holds[1] === "are" ? "is" : holds[1]}${holds[2]}` : comparedWithYou(said);
}

const INVERSE_COMPARISON = { ">": "<=", "<=": ">", ">=": "<", "<": ">=" } as const;

/** "has fewer Bleed counters than you" → "doesn't have fewer Bleed counters than you"; "is ..." → "isn't ...". */
function doesNot(holds: string): string {
  // "doesn't have no Bleed counters" is "has Bleed counters".
  if (/^has no \S/.test(holds)) return holds.replace(/^has no /, "has ");
  const [verb, ...rest] = holds.split(" ");
  const tail = rest.length ? ` ${rest.join(" ")}` : "";
  if (verb === "is") return `isn't${tail}`;
  return `doesn't ${verb === "has" ? "have" : verb!.replace(/s$/, "")}${tail}`;
}

/** "plus 1", "minus 1": a number added to an amount. */
function plusText(add: number): string {
  return add < 0 ? `minus ${-add}` : `plus ${add}`;
}

function countNoun(noun: string, n: NumberExpr, ctx: Context, one = "a"): string {
  // "another Creature", never "an other Creature".
  if (n === 1) return one === "a" ? articles(`a ${noun}`) : `${one} ${noun}`;
  if (typeof n === "number") return `${n} ${plural(noun, n)}`;
  // "Draw a card for each card destroyed this way."
  // "Target opponent gains that many Bleed counters" after a remove: the counters it removed (lower.ts manyRemoved).
  if (n.kind === "chosen_count" && thisWayVerbOf(n.label) === "remove") return `that many ${plural(noun, 2)}`;
  // "Draw cards equal to the life lost this way."
  if (n.kind === "chosen_count" && (n.label === LIFE_THIS_WAY.lose_life || n.label === LIFE_THIS_WAY.gain_life || n.label === DAMAGE_PREVENTED_THIS_WAY)) return `${plural(noun, 2)} equal to ${numberText(n, ctx)}`;
  if (n.kind === "chosen_count" && thisWayVerbOf(n.label)) return `${countNoun(noun, 1, ctx, one)} for each ${thisWayNoun(thisWayVerbOf(n.label)!)} ${thisWayFilter(n.label)}`;
  if (n.kind === "event_amount" || n.kind === "chosen_count") return `that many ${plural(noun, 2)}`;
  if (n.kind === "half" && typeof n.of !== "number" && (n.of.kind === "event_amount" || n.of.kind === "chosen_count")) return `half that many ${plural(noun, 2)}, rounded ${n.round}`;
  return `${plural(noun, 2)} equal to ${numberText(n, ctx)}`;
}

/** "it's your Post-Battle phase" / "it's an opponent's Battle phase": whose turn and its phase (undefined for anything else). */
function turnPhaseText(c: Condition): string | undefined {
  if (c.kind === "phase") return `it's the ${c.phase} phase`;
  if (c.kind !== "all" || c.conditions.length !== 2) return undefined;
  const [owner, phase] = c.conditions;
  if (phase?.kind !== "phase") return undefined;
  const whose = owner?.kind === "your_turn" ? "your" : owner?.kind === "not" && owner.condition.kind === "your_turn" ? "an opponent's" : undefined;
  return whose ? `it's ${whose} ${phase.phase} phase` : undefined;
}

/** Two comparisons of one card's counters of the game's first two stats, alike: "it has a +1/+1 counter on it"; else undefined. */
function pairCountersConditionText(conditions: Condition[], ctx: Context): string | undefined {
  const [a, b] = conditions;
  const stats = ctx.game.stats.slice(0, 2);
  if (conditions.length !== 2 || stats.length !== 2 || a?.kind !== "compare" || b?.kind !== "compare") return undefined;
  const counted = (x: Extract<Condition, { kind: "compare" }>) => (typeof x.left === "object" && x.left.kind === "counters" && "card" in x.left.of ? x.left : undefined);
  const [left, right] = [counted(a), counted(b)];
  if (!left || !right || left.counter !== stats[0] || right.counter !== stats[1] || JSON.stringify(left.of) !== JSON.stringify(right.of) || a.op !== b.op || a.right !== b.right) return undefined;
  const text = conditionText(a, ctx);
  const renamed = text.replace(new RegExp(`\\b${stats[0]} counter`), "+1/+1 counter");
  return renamed === text ? undefined : renamed;
}

function conditionText(c: Condition, ctx: Context): string {
  switch (c.kind) {
    case "controls":
      return `${playerText(c.who, ctx)} ${c.who.kind === "you" ? "control" : "controls"} ${c.atLeast === 1 ? "a" : `${c.atLeast} or more`} ${selectorText({ ...c.selector, controller: undefined }, ctx, c.atLeast)}`;
    case "life_at_most":
      return `${playerText(c.who, ctx)} ${c.who.kind === "you" ? "have" : "has"} ${numberText(c.value, ctx)} or less life`;
    case "life_at_least":
      return `${playerText(c.who, ctx)} ${c.who.kind === "you" ? "have" : "has"} ${numberText(c.value, ctx)} or more life`;
    case "can_pay":
      return `${playerText(c.who, ctx)} can pay ${costSymbolsText(c.cost)}`;
    case "compare": {
      const players = playersComparedText(c, ctx);
      if (players) return players;
      // "an opponent has 3 or more Bleed counters"
      const left = c.left;
      // "you lost life this turn", "an opponent gained 3 or more life this turn" (lower.ts playerLifeThisTurn)
      if (typeof left !== "number" && left.kind === "life_this_turn" && typeof c.right === "number" && c.op === ">=") return `${playerText(left.of, ctx)} ${left.change} ${c.right === 1 ? "" : `${c.right} or more `}life this turn`;
      // "you didn't lose life this turn" (the negation: fewer than the amount)
      if (typeof left !== "number" && left.kind === "life_this_turn" && typeof c.right === "number" && c.op === "<") return `${playerText(left.of, ctx)} didn't ${left.change === "lost" ? "lose" : "gain"} ${c.right === 1 ? "" : `${c.right} or more `}life this turn`;
      const words = { "<=": "or less", ">=": "or more" } as Record<string, string>;
      if (typeof left !== "number" && left.kind === "counters" && "player" in left.of && typeof c.right === "number" && words[c.op]) {
        const who = playerText(left.of.player, ctx);
        return `${who} ${who === "you" ? "have" : "has"} ${c.right} ${words[c.op]} ${left.counter} counters`;
      }
      // "an opponent has a Bleed counter", "you have no Bleed counters" (as the condition reader takes them): was "the number
      // of Bleed counters on your opponent is more than 0", which does not parse back (inside `and` / `or` either). Of the
      // players a per-player step acts on ("them") the old words stay: perPlayerText and triggerPlayerText read them.
      if (typeof left !== "number" && left.kind === "counters" && "player" in left.of && typeof c.right === "number" && ((c.op === ">" && c.right === 0) || c.op === "=")) {
        const who = playerText(left.of.player, ctx);
        if (who !== "them" && who !== "they") {
          const amount = c.op === ">" ? `a ${left.counter} counter` : c.right === 0 ? `no ${left.counter} counters` : `exactly ${c.right} ${left.counter} ${c.right === 1 ? "counter" : "counters"}`;
          return `${who} ${who === "you" ? "have" : "has"} ${amount}`;
        }
      }
      // "this has a power counter on it", "target creature has 2 or more attack counters on it": a card's counters
      if (typeof left !== "number" && left.kind === "counters" && "card" in left.of && typeof c.right === "number" && (c.op === "<=" || c.op === ">=" || c.op === "=" || (c.op === ">" && c.right === 0))) {
        const card = left.of.card.kind === "self" ? "this" : cardText(left.of.card, ctx);
        return `${card} has ${countersOnIt(left.counter, c.op === ">" ? ">=" : c.op, c.op === ">" ? 1 : c.right)}`;
      }
      // "a Unit you control has a power counter on it": there is such a card
      if (typeof left !== "number" && left.kind === "count" && left.of.counters?.counter && !left.of.zones?.length && c.op === ">=" && c.right === 1) {
        const { counters, ...rest } = left.of;
        return `${articles(`a ${selectorText(rest, ctx, 1)}`)} has ${countersOnIt(counters.counter!, counters.op, counters.value)}`;
      }
      // "you have 3 or more Crystals", "an opponent has no Crystals", "you have exactly 2 Crystals"
      if (typeof left !== "number" && left.kind === "resource" && typeof c.right === "number" && (words[c.op] || c.op === "=" || (c.op === ">" && c.right === 0))) {
        const who = playerText(left.of, ctx);
        const amount = c.op === ">" ? "1 or more" : c.op === "=" ? (c.right === 0 ? "no" : `exactly ${c.right}`) : `${c.right} ${words[c.op]}`;
        return `${who} ${who === "you" ? "have" : "has"} ${amount} ${plural(left.resource, 2)}`;
      }
      // "you have an empty slot", "your opponent has 2 or more empty slots", "you have no empty slots", "you have 1 or
      // fewer empty slots", "you have exactly 1 empty slot": as the condition reader takes them (lower.ts conditionFor)
      if (typeof left !== "number" && left.kind === "empty_slots" && typeof c.right === "number" && (c.op === ">=" || c.op === "<=" || c.op === "=")) {
        const who = playerText(left.of, ctx);
        const amount = c.op === "=" ? (c.right === 0 ? "no empty slots" : `exactly ${c.right} empty ${c.right === 1 ? "slot" : "slots"}`) : c.op === ">=" && c.right === 1 ? "an empty slot" : `${c.right} ${c.op === ">=" ? "or more" : "or fewer"} empty slots`;
        return `${who} ${who === "you" ? "have" : "has"} ${amount}`;
      }
      // "you have exactly 5 life"
      if (typeof left !== "number" && left.kind === "life" && typeof c.right === "number" && c.op === "=") {
        const who = playerText(left.of, ctx);
        return `${who} ${who === "you" ? "have" : "has"} exactly ${c.right} life`;
      }
      // "you control exactly 3 Units"
      const inPlay = typeof left !== "number" && left.kind === "count" && !left.of.zones?.length ? left.of : undefined;
      if (inPlay && (inPlay.controller === "you" || inPlay.controller === "opponent") && typeof c.right === "number" && c.op === "=") {
        const who = inPlay.controller === "you" ? "you control" : "an opponent controls";
        return `${who} exactly ${c.right} ${selectorText({ ...inPlay, controller: undefined }, ctx, c.right)}`;
      }
      // "you have no cards in hand", "you have 3 or more cards in hand"
      // "they have exactly 6 cards in hand" ("Each player with six cards in hand discards two cards": it read "the number of
      // cards in their hand is exactly 6", which the per-player printer garbled into "Each player ifs ...", probe s43 M1).
      if (typeof left !== "number" && left.kind === "hand_size" && typeof c.right === "number" && (words[c.op] || c.op === "=")) {
        const who = playerText(left.of, ctx);
        return `${who} ${who === "you" ? "have" : "has"} ${c.op === "=" ? (c.right === 0 ? "no" : `exactly ${c.right}`) : `${c.right} ${words[c.op]}`} ${c.right === 1 && c.op === "=" ? "card" : "cards"} in hand`;
      }
      // "you have five or more cards in your Discard Pile", "an opponent has no Creature cards in their Discard Pile"
      const zoneOwner = typeof left !== "number" && left.kind === "count" && left.of.zones?.length === 1 ? left.of.owner : undefined;
      if (typeof left !== "number" && left.kind === "count" && (zoneOwner === "you" || zoneOwner === "opponent") && typeof c.right === "number" && (words[c.op] || (c.op === "=" && c.right === 0))) {
        const who = zoneOwner === "you" ? "you" : "an opponent";
        const one = selectorText({ ...left.of, zones: undefined, owner: undefined }, ctx, 1);
        const cards = /\bcard$/i.test(one) ? `${one}s` : `${one} cards`;
        return `${who} ${who === "you" ? "have" : "has"} ${c.op === "=" ? "no" : `${c.right} ${words[c.op]}`} ${cards} in ${who === "you" ? "your" : "their"} ${left.of.zones![0]}`;
      }
      return `${numberText(c.left, ctx)} is ${{ "<=": "at most", ">=": "at least", "=": "exactly", "<": "less than", ">": "more than" }[c.op]} ${numberText(c.right, ctx)}`;
    }
    case "your_turn":
      return "it's your turn";
    case "phase":
      return `it's the ${c.phase} phase`;
    case "card_is":
      return `${c.of.kind === "self" ? "this" : cardText(c.of, ctx)} ${goneCard(c.of, ctx) ? "was" : "is"} ${c.state === "defender" ? "a defender" : c.state}`;
    case "destroyed_this_turn":
      // "a Creature was destroyed this turn", "2 or more Units you control were destroyed this turn"
      return `${c.atLeast === 1 ? articles(`a ${selectorText(c.selector, ctx, 1)}`) : `${c.atLeast} or more ${selectorText(c.selector, ctx, c.atLeast)}`} ${c.atLeast === 1 ? "was" : "were"} destroyed ${c.lastTurn ? "last" : "this"} turn`;
    case "entered_this_turn": {
      // "a Unit entered play under your control this turn", "2 or more Creatures entered play this turn"
      const under = c.selector.controller === "you" ? " under your control" : c.selector.controller === "opponent" ? " under an opponent's control" : "";
      const what = selectorText({ ...c.selector, controller: undefined }, ctx, c.atLeast);
      return `${c.atLeast === 1 ? (c.selector.other ? what.replace(/^other /, "another ") : articles(`a ${what}`)) : `${c.atLeast} or more ${what}`} entered play${under} this turn`;
    }
    case "played_this_turn":
    case "discarded_this_turn":
    case "drawn_this_turn":
      return playedText(c, ctx, false);
    case "attacked_this_turn":
      return attackedText(c, ctx, false);
    case "done_this_way":
      // "if a player was dealt damage this way" (the damage step's one player), "if that creature was dealt damage this way"
      if (thisWayVerbOf(c.label) === "deal") return `${c.who ? "a player" : c.of ? (c.of.kind === "self" ? "this" : cardText(c.of, ctx)) : "a card"} was dealt damage this way`;
      // "if it was destroyed this way", "if a card was discarded this way"
      // "if it died this way" (what a damage step destroyed)
      // "if a Knight died this way": a kind of card the step took
      return `${c.of ? (c.of.kind === "self" ? "this" : cardText(c.of, ctx)) : c.selector ? articles(`a ${selectorText(c.selector, ctx, 1)}`) : `a ${thisWayNoun(thisWayVerbOf(c.label)!)}`} ${thisWayVerbOf(c.label) === "die" ? "died" : `was ${thisWayParticiple(c.label)}`} this way`;
    case "card_matches": {
      const card = c.of.kind === "self" ? "this" : cardText(c.of, ctx);
      const onlyKeyword = c.selector.keyword && Object.keys(c.selector).length === 1;
      // "if it was a Vampire" of a card an earlier step took out of play (or of this, after it left play): asked of what
      // it last was in play — a question about the past, never "is".
      const was = goneCard(c.of, ctx);
      const is = was ? "was" : "is";
      const has = was ? "had" : "has";
      // "if this is renewed", "if it is exhausted"
      if (c.selector.exhausted !== undefined && Object.keys(c.selector).length === 1) return `${card} ${is} ${c.selector.exhausted ? "exhausted" : readyWord(ctx.game)}`;
      if (c.selector.overexhausted === true && c.selector.exhausted === true && Object.keys(c.selector).length === 2) return `${card} ${is} overexhausted`;
      // "if this attacked this turn"
      if (c.selector.attackedThisTurn && Object.keys(c.selector).length === 1) return `${card} attacked this turn`;
      // "if it has defense 1 or less" (compiler/lower.ts statBound)
      if (c.selector.stat && Object.keys(c.selector).length === 1) return `${card} ${has} ${statFilterText(c.selector.stat, ctx)}`;
      return onlyKeyword ? `${card} ${has} ${c.selector.keyword}` : articles(`${card} ${is} a ${selectorText(c.selector, ctx, 1)}`);
    }
    case "not":
      if (c.condition.kind === "your_turn") return "it isn't your turn";
      if (turnPhaseText(c.condition)) return turnPhaseText(c.condition)!.replace(/^it's /, "it isn't ");
      if (c.condition.kind === "card_is" || c.condition.kind === "card_matches")
        return conditionText(c.condition, ctx).replace(/ is /, " isn't ").replace(/ was /, " wasn't ").replace(/ has /, " doesn't have ").replace(/ had /, " didn't have ").replace(/ attacked this turn$/, " didn't attack this turn");
      // "you didn't play a Creature this turn"
      if ((c.condition.kind === "played_this_turn" || c.condition.kind === "discarded_this_turn" || c.condition.kind === "drawn_this_turn") && c.condition.atLeast === 1) return playedText(c.condition, ctx, true);
      // "that player didn't attack this turn", "you didn't attack with a Vampire this turn"
      if (c.condition.kind === "attacked_this_turn" && c.condition.atLeast === 1) return attackedText(c.condition, ctx, true);
      // "no Unit was destroyed this turn"
      // "no other Unit entered play under your control this turn"
      if ((c.condition.kind === "destroyed_this_turn" || c.condition.kind === "entered_this_turn") && c.condition.atLeast === 1) return conditionText(c.condition, ctx).replace(/^an? /, "no ").replace(/^another /, "no other ");
      // "it wasn't destroyed this way" · "no card was sacrificed this way"
      if (c.condition.kind === "done_this_way") return c.condition.of ? conditionText(c.condition, ctx).replace(/ was /, " wasn't ").replace(/ died /, " didn't die ") : c.condition.selector ? conditionText(c.condition, ctx).replace(/^an? /, "no ") : conditionText(c.condition, ctx).replace(/^a (card|counter) /, "no $1 ");
      // "you control no other units" · "you control two or fewer units"
      if (c.condition.kind === "controls") {
        const inner = c.condition;
        const who = `${playerText(inner.who, ctx)} ${inner.who.kind === "you" ? "control" : "controls"}`;
        const what = selectorText({ ...inner.selector, controller: undefined }, ctx, 2);
        return inner.atLeast === 1 ? `${who} no ${what}` : `${who} ${inner.atLeast - 1} or fewer ${what}`;
      }
      return `not (${conditionText(c.condition, ctx)})`;
    case "all":
    case "any": {
      // "it's your Post-Battle phase" · "it's an opponent's Battle phase": a phase of one player's turn.
      if (turnPhaseText(c)) return turnPhaseText(c)!;
      // "each player has ..." / "a player has ...": the same condition for you and your opponent.
      const players = c.conditions.length === 2 ? playersCondition(c.conditions[0]!, c.conditions[1]!, ctx) : undefined;
      if (players) return `${c.kind === "all" ? "each player" : "a player"} ${players}`;
      // "if it had a +1/+1 counter on it": a counter of each of the game's first two stats on one card (lower.ts cardPairCountersCondition).
      const pair = c.kind === "all" ? pairCountersConditionText(c.conditions, ctx) : undefined;
      if (pair) return pair;
      return c.conditions.map((x) => conditionText(x, ctx)).join(c.kind === "all" ? " and " : " or ");
    }
    default:
      return `(${(c as { kind: string }).kind})`;
  }
}

/** "you played a Creature this turn", "your opponent played 2 or more Spells this turn", "you didn't play another Spell this turn", "you discarded a card this turn". */
function playedText(c: Extract<Condition, { kind: "played_this_turn" | "discarded_this_turn" | "drawn_this_turn" }>, ctx: Context, negated: boolean): string {
  const who = c.selector.controller === "opponent" ? "your opponent" : "you";
  const what = selectorText({ ...c.selector, controller: undefined }, ctx, c.atLeast);
  const cards = c.atLeast === 1 ? (c.selector.other ? what.replace(/^other /, "another ") : articles(`a ${what}`)) : `${c.atLeast} or more ${what}`;
  const [verb, past] = c.kind === "discarded_this_turn" ? ["discard", "discarded"] : c.kind === "drawn_this_turn" ? ["draw", "drew"] : ["play", "played"];
  return `${who} ${negated ? `didn't ${verb}` : past} ${cards} this turn`;
}

/** "you attacked this turn", "your opponent attacked with 2 or more Creatures this turn", "that player didn't attack this turn". */
function attackedText(c: Extract<Condition, { kind: "attacked_this_turn" }>, ctx: Context, negated: boolean): string {
  const any = Object.keys(c.selector).length === 0 && c.atLeast === 1;
  const what = selectorText(c.selector, ctx, c.atLeast);
  const cards = any ? "" : ` with ${c.atLeast === 1 ? articles(`a ${what}`) : `${c.atLeast} or more ${what}`}`;
  return `${playerText(c.who, ctx, true)} ${negated ? "didn't attack" : "attacked"}${cards} this turn`;
}

/**
 * Two players compared by one measure, as written: "you control more Units than your opponent", "your opponent has more
 * cards in hand than you", "you have less life than your opponent", "you have fewer cards in your Graveyard than your opponent".
 */
function playersComparedText(c: Extract<Condition, { kind: "compare" }>, ctx: Context): string | undefined {
  const { left, right } = c;
  // "an opponent has at least 2 more cards in hand than you" (lower.ts playersCompared: left >= right plus 2).
  if (typeof right !== "number" && right.kind === "plus" && right.add !== 0 && (c.op === ">=" || c.op === "<=")) {
    const moreSide = right.add > 0;
    const said = playersComparedText({ ...c, op: moreSide ? ">" : "<", right: right.of }, ctx);
    const atLeast = (c.op === ">=") === moreSide;
    return said?.replace(/ (more|fewer|less) /, ` at ${atLeast ? "least" : "most"} ${Math.abs(right.add)} $1 `);
  }
  if (typeof left === "number" || typeof right === "number" || left.kind !== right.kind || (c.op !== ">" && c.op !== "<")) return undefined;
  const more = c.op === ">" ? "more" : "fewer";
  const sides = (a: PlayerRef, b: PlayerRef, verb: [string, string], what: string) => {
    const who = playerText(a, ctx, true);
    return `${who} ${a.kind === "you" ? verb[0] : verb[1]} ${what} than ${playerText(b, ctx)}`;
  };
  const playerOf = (side: "you" | "opponent" | "any" | "acting" | undefined): PlayerRef | undefined => (side === "you" || side === "opponent" ? { kind: side } : undefined);
  if (left.kind === "life" && right.kind === "life") return sides(left.of, right.of, ["have", "has"], `${c.op === ">" ? "more" : "less"} life`);
  if (left.kind === "hand_size" && right.kind === "hand_size") return sides(left.of, right.of, ["have", "has"], `${more} cards in hand`);
  if (left.kind === "counters" && right.kind === "counters" && "player" in left.of && "player" in right.of && left.counter === right.counter) return sides(left.of.player, right.of.player, ["have", "has"], `${more} ${left.counter} counters`);
  if (left.kind === "count" && right.kind === "count") {
    const a = left.of;
    const b = right.of;
    const same = JSON.stringify({ ...a, controller: undefined, owner: undefined }) === JSON.stringify({ ...b, controller: undefined, owner: undefined });
    if (!same) return undefined;
    if (a.zones?.length === 1 && !a.controller && !b.controller && playerOf(a.owner) && playerOf(b.owner)) {
      const one = selectorText({ ...a, zones: undefined, owner: undefined }, ctx, 1);
      const cards = /\bcard$/i.test(one) ? `${one}s` : `${one} cards`;
      return sides(playerOf(a.owner)!, playerOf(b.owner)!, ["have", "has"], `${more} ${cards} in their ${a.zones[0]}`).replace(/^you have (.*) in their /, "you have $1 in your ");
    }
    if (!a.zones && !a.owner && !b.owner && playerOf(a.controller) && playerOf(b.controller)) return sides(playerOf(a.controller)!, playerOf(b.controller)!, ["control", "controls"], `${more} ${selectorText({ ...a, controller: undefined }, ctx, 2)}`);
  }
  return undefined;
}

/** "has 3 or more Bleed counters" when `you` and `opponent` are one condition about you and about your opponent. */
function playersCondition(you: Condition, opponent: Condition, ctx: Context): string | undefined {
  const swap = JSON.stringify(you).replaceAll('{"kind":"you"}', '{"kind":"opponent"}');
  if (swap !== JSON.stringify(opponent) || swap === JSON.stringify(you)) return undefined;
  // Written about the opponent ("your opponent has ..."), the condition's words after its subject are the player's.
  const text = conditionText(opponent, ctx);
  return text.startsWith("your opponent ") ? text.slice("your opponent ".length) : undefined;
}

/**
 * The modes a "Choose ..." printed: each mode's steps, or — for "Choose two —" (compiler/lower.ts combinedModes) — each
 * printed mode's steps taken from the first set of modes it is in.
 */
function printedModes(step: Extract<Step, { op: "choose_one" }>): Step[][] {
  if (!step.modes.some((m) => m.of)) return step.modes.map((m) => m.steps);
  const printed: Step[][] = [];
  for (const m of step.modes) {
    let at = 0;
    for (const part of m.of ?? []) {
      printed[part.mode] ??= m.steps.slice(at, at + part.steps);
      at += part.steps;
    }
  }
  return printed.filter(Boolean);
}

function costText(c: CostPart, ctx: Context): string {
  switch (c.pays) {
    case "free":
      return "free";
    case "resource":
      return `${numberText(c.amount, ctx)} ${c.resource}`;
    case "discard":
      return `Discard ${countNoun("card", c.amount, ctx)}`;
    case "erase":
      return `Erase ${countNoun("card", c.amount, ctx)}`;
    case "life":
      return `Pay ${numberText(c.amount, ctx)} life`;
    case "symbol":
      return `{${c.symbol}}`;
    case "exhaust":
      return "Exhaust";
    case "overexhaust":
      return "Overexhaust";
    case "sacrifice":
      return "kind" in c.what ? "Sacrifice this" : `Sacrifice ${countNoun(selectorText(c.what, ctx, 1), c.amount ?? 1, ctx)}`;
    case "facet":
      return `${c.amount} ${c.color} Facet`;
    case "counters":
      return `Remove ${countNoun(`${c.counter} counter`, c.amount, ctx)} from this`;
    case "player_counters":
      return `Gain ${countNoun(`${c.counter} counter`, c.amount, ctx)}`;
  }
}

function triggerText(t: TriggerPattern, ctx: Context): string {
  // "When this attacks or blocks": each event's text, the words they share written once.
  if (t.orEvents?.length) {
    const texts = [t.event, ...t.orEvents].map((event) => oneTriggerText({ ...t, event, orEvents: undefined }, ctx).split(" "));
    let shared = 0;
    while (texts.every((words) => shared < words.length - 1 && words[shared] === texts[0]![shared])) shared++;
    return [texts[0]!.slice(0, shared).join(" "), texts.map((words) => words.slice(shared).join(" ")).join(" or ")].filter(Boolean).join(" ");
  }
  return oneTriggerText(t, ctx);
}

/**
 * A trigger's player subject: "you", "an opponent", "a player" — with its filter ("a player with Bleed counters", "an
 * opponent who controls a Vampire"), a condition on the event's player (lower.ts triggerPlayerFilter).
 */
function triggerPlayerText(subject: Extract<TriggerPattern["subject"], { kind: "player" }>, ctx: Context): string {
  const who = subject.who === "you" ? "you" : subject.who === "opponent" ? "an opponent" : "a player";
  if (!subject.is) return who;
  const said = conditionText(subject.is, { ...ctx, acting: { kind: "each_player" } });
  const counters = said.match(/^the number of (.+ counters) on (?:them|they) is more than 0$/);
  if (counters) return `${who} with ${counters[1]}`;
  const has = said.match(/^(?:they|them) (?:have|has) (.+)$/);
  if (has) return `${who} with ${has[1]}`;
  const holds = said.match(/^(?:they|them) (\S+)(.*)$/);
  if (holds) return `${who} who ${holds[1] === "control" ? "controls" : holds[1]}${holds[2]}`;
  // "an opponent who has more life than you" (said of each player as "each player has more life than you").
  const held = heldBy(subject.is, ctx);
  if (held) return `${who} who ${held}`;
  return `${who} (if ${said})`;
}

function oneTriggerText(t: TriggerPattern, ctx: Context): string {
  if (t.event === "phase_start" || t.event === "phase_end") {
    const whose = t.whose === "your" ? "your" : t.whose === "opponent" ? "your opponent's" : "each player's";
    // "At the start of your turn" is the start of the turn's first phase; "at the end of your turn" its end moment (turnEndMoment).
    const phases = ctx.game.phases.filter((p) => p.name);
    const end = turnEndMoment(phases);
    if (t.event === "phase_start" && t.phase === phases[0]?.name) return `At the start of ${whose === "each player's" ? "each" : whose} turn`;
    if (end && phases.length > 1 && t.event === end.event && t.phase === end.phase) return `At the end of ${whose === "each player's" ? "each" : whose} turn`;
    return `At the ${t.event === "phase_start" ? "start" : "end"} of ${whose} ${t.phase ?? "turn"} phase`;
  }
  const carries = TRIGGER_EVENTS[t.event];
  if (t.subject.kind === "player" && (t.event === "keyword_action" || t.event === "cast")) {
    const who = triggerPlayerText(t.subject, ctx);
    const s = who === "you" ? "" : "s";
    // "Whenever you Shatter a card" (Chromatic's Shatter move, noted as a keyword action: compiler/lower.ts).
    if (t.event === "keyword_action") return `Whenever ${who} ${t.keyword ? (s ? agreesWithOne(t.keyword.toLowerCase()) : t.keyword) : `act${s}`}${t.keyword === "Shatter" ? " a card" : ""}`;
    // "Whenever you cast your second Spell each turn".
    if (t.nthThisTurn !== undefined) return `Whenever ${who} cast${s} ${who === "you" ? "your" : "their"} ${ORDINAL_WORDS[t.nthThisTurn] ?? `${t.nthThisTurn}th`} ${t.object?.kind === "card" ? selectorText(t.object.selector, ctx, 1) : "card"} each turn`;
    return `Whenever ${who} cast${s} ${t.object?.kind === "card" ? articles(`a ${selectorText(t.object.selector, ctx, 1)}`) : "a card"}`;
  }
  if (t.subject.kind === "player") {
    const who = triggerPlayerText(t.subject, ctx);
    // "Whenever you attack" · "Whenever an opponent attacks with two or more Creatures": one declaration of attackers.
    if (t.event === "attacks" && t.oncePerAttack) return `Whenever ${who} attack${who === "you" ? "" : "s"}${t.attackers ? ` with ${t.attackers.atLeast} or more ${selectorText(t.attackers.selector, ctx, 2)}` : ""}`;
    if (t.event === "player_dealt_damage") return `Whenever ${who} ${who === "you" ? "are" : "is"} dealt ${t.combat ? "combat " : ""}damage`;
    if (t.event === "player_counter_added") return `Whenever ${who} gain${who === "you" ? "" : "s"} ${t.counter ? `${t.counter} counters` : "counters"}`;
    // "Whenever you draw your second card each turn".
    if (t.event === "draw" && t.nthThisTurn !== undefined) return `Whenever ${who} draw${who === "you" ? "" : "s"} ${who === "you" ? "your" : "their"} ${ORDINAL_WORDS[t.nthThisTurn] ?? `${t.nthThisTurn}th`} card each turn`;
    // "Whenever you discard a Unit card", "Whenever an opponent draws a Spell card".
    if ((t.event === "draw" || t.event === "discard") && t.object?.kind === "card") {
      const verb = t.event === "draw" ? "draw" : "discard";
      const noun = selectorText(t.object.selector, ctx, 1);
      return `Whenever ${who} ${verb}${who === "you" ? "" : "s"} ${articles(`a ${/\bcard\b/.test(noun) ? noun : `${noun} card`}`)}`;
    }
    const what = (carries.player ?? t.event).replace(/^they /, "").replace(/^a phase of their turn/, "a phase of their turn");
    const card = t.object?.kind === "card" ? ` (${selectorText(t.object.selector, ctx, 1)})` : "";
    const verbText = who === "you" ? what.replace(/\b(draws?|gains?|loses?|discards?|plays?|performs?|attacks?|blocks?|are)\b/, (w) => ({ are: "are", draws: "draw", gains: "gain", loses: "lose", discards: "discard", plays: "play", performs: "perform", attacks: "attack", blocks: "block" })[w] ?? w) : what.replace(/\bthey are\b/, "is").replace(/^(draw|gain|lose|discard|play|perform|attack|block)\b/, "$1s").replace(/\btheir\b/, "their");
    return `Whenever ${who} ${verbText}${t.keyword ? ` (${t.keyword})` : ""}${card}`;
  }
  const head = t.subject.kind === "self" ? "When" : "Whenever";
  // "Whenever a card enters your Facet Zone": the zone's owner is the card's (a card outside play is its owner's).
  if (t.event === "enters" && t.zone) {
    const sel = t.subject.kind === "card" ? t.subject.selector : undefined;
    const whose = sel?.controller === "you" ? "your" : sel?.controller === "opponent" ? "an opponent's" : "a";
    const subject = sel ? articles(`a ${selectorText({ ...sel, zones: undefined, controller: undefined }, ctx, 1) || "card"}`) : "this";
    // "Whenever an opponent harvests a Facet card" / "... shatters a card" (lower.ts reads them as a card entering that
    // zone; "an opponent's Facet Zone" after "enters" is no form the reader takes).
    const onlyWhose = sel && Object.keys(sel).every((k) => k === "controller");
    // "Whenever you harvest a card", "Whenever an opponent harvests a Red card": a card entering the Facet Zone by a player's
    // harvest (lower.ts; the runtime moves a harvested card `by` its player, an effect's move has none).
    if (t.zone === ctx.game.params["facet_zone"] && t.by && sel && !t.from && (sel.controller ?? t.by) === t.by) {
      const card = articles(`a ${selectorText({ ...sel, zones: undefined, controller: undefined }, ctx, 1) || "card"}`);
      return `${head} ${t.by === "you" ? "you harvest" : t.by === "opponent" ? "an opponent harvests" : "a player harvests"} ${card}`;
    }
    if (onlyWhose && whose === "an opponent's" && !t.from) {
      if (ctx.game.params["shatters_per_turn"] !== undefined && ctx.game.zones.find((z) => z.name === t.zone)?.role === "removed") return `${head} an opponent shatters a card`;
    }
    // A zone's name is capitalised: "an Oblivion", "a Graveyard".
    const zoneText = (zone: string) => (whose === "a" ? `${indefiniteArticle(zone)} ${zone}` : `${whose} ${zone}`);
    // "from play": a card leaving play (the battlefield is no one's pile: "from your Battlefield" would not be card English).
    const fromText = (zone: string) => (ctx.game.zones.find((z) => z.name === zone)?.role === "battlefield" ? "play" : zoneText(zone));
    // "Whenever you erase a card [from your Graveyard]": the cards a player moved there with the game's keyword for it.
    // "Whenever you mill a card": the cards a player's Mill put into their Graveyard.
    const role = ctx.game.zones.find((z) => z.name === t.zone)?.role;
    const movedWith = t.by && sel && ctx.game.keywords.find((k) => k.kind === "action" && (role === "removed" ? k.rule === "move_to_oblivion" || k.rule === "erase" : role === "graveyard" && k.rule === "mill"));
    if (movedWith) {
      const verb = lower(movedWith.name);
      const noun = articles(`a ${selectorText({ ...sel, zones: undefined, controller: undefined }, ctx, 1) || "card"}`);
      if (t.by === "any") return `${head} ${noun} is ${verb.endsWith("e") ? `${verb}d` : `${verb}ed`}${t.from ? ` from ${fromText(t.from)}` : ""}`;
      return `${head} ${t.by === "you" ? `you ${verb}` : `an opponent ${verb}s`} ${noun}${t.from ? ` from ${fromText(t.from)}` : ""}`;
    }
    return `${head} ${subject} enters ${zoneText(t.zone)}${t.from ? ` from ${fromText(t.from)}` : ""}`;
  }
  // "Whenever you summon a unit [from your Graveyard]", "Whenever a unit is summoned": each card a player puts onto the
  // field with the game's keyword for it (lower.ts summonsOntoField).
  const summonedWith = t.event === "enters" && t.by ? ctx.game.keywords.find((k) => k.kind === "action" && k.rule === "put_onto_field_free") : undefined;
  // "When this is summoned" (Three-Slot Duel: put onto the field by Summon, not played from hand — the engine fires it only
  // then): it read "When this enters play", the opposite of what runs (probe s43 M1).
  if (summonedWith && t.subject.kind === "self" && t.by === "any") {
    const verb = lower(summonedWith.name);
    return `When this is ${verb.endsWith("e") ? `${verb}d` : `${verb}ed`}${t.from ? ` from your ${t.from}` : ""}`;
  }
  if (summonedWith && t.subject.kind === "card") {
    const sel = t.subject.selector;
    const verb = lower(summonedWith.name);
    // With no zone it came from, the controller is the one it enters under ("Whenever another creature you control is
    // reanimated" read "another Creature is reanimated", probe s44 M1) — unless the player who summons says it.
    const keep = !t.from && sel.controller !== undefined && (t.by === "any" || sel.controller !== t.by);
    const noun = articles(`a ${selectorText({ ...sel, zones: undefined, controller: keep ? sel.controller : undefined }, ctx, 1) || "card"}`);
    const whose = sel.controller === "you" ? "your" : sel.controller === "opponent" ? "an opponent's" : "a";
    const from = t.from ? ` from ${whose === "a" ? `${indefiniteArticle(t.from)} ${t.from}` : `${whose} ${t.from}`}` : "";
    if (t.by === "any") return `${head} ${noun} is ${verb.endsWith("e") ? `${verb}d` : `${verb}ed`}${from}`;
    return `${head} ${t.by === "you" ? `you ${verb}` : `an opponent ${verb}s`} ${noun}${from}`;
  }
  // A subject in a zone other than play ("Whenever a card you control in a Facet Zone becomes exhausted"): its zone said.
  const subjectText = t.subject.kind === "card" ? selectorText({ ...t.subject.selector, zones: t.event === "exhausted" || t.event === "overexhausted" ? t.subject.selector.zones : undefined }, ctx, 1) : "";
  const subject = t.subject.kind === "self" ? "this" : t.subject.orSelf ? `this or ${articles(`a ${subjectText}`)}` : `a ${subjectText}`;
  const object = t.object?.kind === "card" ? articles(`a ${selectorText(t.object.selector, ctx, 1)}`) : t.object?.who === "you" ? "you" : t.object?.who === "opponent" ? "an opponent" : t.object ? "a player" : undefined;
  const combat = t.combat ? " in combat" : "";
  if (t.event === "destroys") return `${head} ${subject} destroys ${object ?? "a card"}${combat}`;
  if (t.event === "deals_damage" || t.event === "combat_damage_player") {
    const kind = t.overflow ? `${t.overflow} damage` : t.event === "combat_damage_player" || t.combat ? "combat damage" : "damage";
    const to = object ?? (t.event === "combat_damage_player" ? "a player" : undefined);
    return `${head} ${subject} deals ${kind}${to ? ` to ${to}` : ""}`;
  }
  // "Whenever a creature attacks you", "When this blocks a creature", "When this is blocked by a creature with Flying".
  if (t.event === "attacks" || t.event === "blocks") return `${head} ${subject} ${t.event === "attacks" ? "attacks" : "blocks"}${object ? ` ${object}` : ""}${combat}`;
  if (t.event === "counter_added") return `${head} ${subject} gets ${t.counter ? `${t.counter} counters` : "counters"}`;
  if (t.event === "fights") return `${head} ${subject} fights${object ? ` ${object}` : ""}`;
  if (t.event === "blocked") return `${head} ${subject} is blocked${object ? ` by ${object}` : ""}${combat}`;
  if (t.event === "attacked") return `${head} ${subject} is attacked${object ? ` by ${object}` : ""}`;
  if (t.event === "destroyed" && object) return `${head} ${subject} is destroyed by ${object}${combat}`;
  return `${head} ${subject} ${carries.card ?? t.event}${combat}`;
}

/** "This can't attack. This can't block." written as one sentence, as a card says it: "This can't attack or block." */
function joinCantRules(statics: StaticEffect[]): (StaticEffect | string)[] {
  const attack = statics.findIndex((s) => s.kind === "rule" && s.rule === "cant_attack" && "self" in s.affects && !s.by);
  const block = statics.findIndex((s) => s.kind === "rule" && s.rule === "cant_block" && "self" in s.affects && !s.by);
  if (attack < 0 || block < 0) return statics;
  return statics.flatMap((s, i): (StaticEffect | string)[] => (i === attack ? ["this can't attack or block"] : i === block ? [] : [s]));
}

/** A card restriction after its subject: "can't be blocked by tokens", "can't block creatures with Flying" (the attackers it may not block). */
function restrictionText(r: { rule: string; by?: RestrictionByText }, ctx: Context): string {
  if (r.rule === "cant_block" && r.by?.selector) return `can't block ${selectorText({ ...r.by.selector, zones: undefined }, ctx, 2)}`;
  return `${CARD_RULE_TEXT[r.rule] ?? `has the engine's rule "${r.rule.replace(/_/g, " ")}"`}${r.by ? ` ${byPhrase(r.by, ctx)}` : ""}`;
}
type RestrictionByText = NonNullable<Extract<StaticEffect, { kind: "rule" }>["by"]>;

/** "by spells your opponents control", "by tokens", "except by Creatures with Flying": who a restriction is about. */
function byText(by: NonNullable<Extract<StaticEffect, { kind: "rule" }>["by"]>, ctx: Context): string {
  // Every card but those of one selector: "except by ..." (as it is written; "by cards that aren't ..." reads back otherwise).
  const only = by.selector && Object.keys(by.selector).length === 1 && by.selector.exclude?.length === 1 ? by.selector.exclude[0]! : undefined;
  if (only) return `except by ${selectorText(only, ctx, 2)}`;
  if (by.selector) return selectorText(by.selector, ctx, 2);
  const what = by.sources?.length === 2 ? "spells or abilities" : by.sources?.[0] === "spell" ? "spells" : by.sources?.[0] === "ability" ? "abilities" : "";
  const whose = by.controller === "opponent" ? "your opponents" : by.controller === "you" ? "you" : "";
  if (!what) return whose || "anyone";
  return whose ? `${what} ${whose} control` : what;
}

/** "by <who>", or "except by <who>" as byText gives it. */
function byPhrase(by: NonNullable<Extract<StaticEffect, { kind: "rule" }>["by"]>, ctx: Context): string {
  const text = byText(by, ctx);
  return text.startsWith("except by ") ? text : `by ${text}`;
}

/** Restrictions a one-time effect gives ("can't attack or block", "can't be blocked by tokens"), each as its static is written. */
function ruleGrantsText(rules: RuleGrant[], ctx: Context): string[] {
  const text = (r: RuleGrant) => restrictionText(r, ctx);
  const plain = (name: string) => rules.some((r) => r.rule === name && !r.by);
  if (plain("cant_attack") && plain("cant_block")) return [CARD_RULE_TEXT["cannot_attack_or_block"]!, ...rules.filter((r) => r.by || (r.rule !== "cant_attack" && r.rule !== "cant_block")).map(text)];
  return rules.map(text);
}

/** What a player restriction forbids, after "can't": "play Spells", "attack", "gain life", "draw cards". */
function playerRuleText(r: { rule: PlayerRuleName; cards?: CardSelector }, ctx: Context): string {
  if (r.rule === "cant_play") return `play ${r.cards ? selectorText({ ...r.cards, zones: undefined }, ctx, 2) : "cards"}`;
  return PLAYER_RULES[r.rule].replace(/^can't /, "");
}

function staticText(s: StaticEffect, ctx: Context): string {
  // "Your opponents can't play Spells." · "Players can't draw cards." · "You can't gain life."
  if (s.kind === "player_rule") return `${s.who === "you" ? "You" : s.who === "opponent" ? "Your opponents" : "Players"} can't ${playerRuleText(s, ctx)}`;
  // "Your maximum hand size is increased by 2." · "Players have no maximum hand size."
  if (s.kind === "hand_size") {
    if (s.none) return `${s.who === "you" ? "You" : s.who === "opponent" ? "Your opponents" : "Players"} have no maximum hand size`;
    return `${s.who === "you" ? "Your" : s.who === "opponent" ? "Your opponents'" : "Each player's"} maximum hand size is ${(s.by ?? 0) < 0 ? "reduced" : "increased"} by ${Math.abs(s.by ?? 0)}`;
  }
  if (s.kind === "cost") {
    // "Spells you cast cost {1} less." · "Creatures your opponents cast cost 1 Crystal more." · "This costs {1} less for each Creature you control."
    const each = perEach(s.amount, ctx);
    const n = each ? each.amount : typeof s.amount === "number" ? s.amount : undefined;
    const what = s.generic ? `{${n ?? "X"}}` : s.resource ? `${n ?? "X"} ${s.resource}` : String(n ?? "X");
    const by = `${what} ${s.change}${each ? ` for each ${each.of}` : n === undefined ? `, where X is ${numberText(s.amount, ctx)}` : ""}`;
    if ("self" in s.affects) return `This costs ${by}`;
    const who = s.affects.controller === "opponent" ? "your opponents cast" : s.affects.controller === "you" ? "you cast" : "players cast";
    return `${selectorText({ ...s.affects, controller: undefined, zones: undefined }, ctx, 2)} ${who} cost ${by}`;
  }
  // "You may play this from your Discard Pile."
  if (s.kind === "rule" && s.rule === "playable_from_graveyard") return `You may play this from your ${ctx.game.zones.find((z) => z.role === "graveyard")?.name ?? "graveyard"}`;
  const self = "self" in s.affects;
  const subject = staticSubject(s, ctx);
  if (s.kind === "rule" && s.rule === "blocks_additional_attackers") return `${subject} can block ${s.amount === undefined || s.amount === 1 ? "an additional creature" : `${s.amount} additional creatures`}`;
  // "Units you control can attack the turn they enter play": said of several units, the pronoun agrees.
  if (s.kind === "rule" && s.rule === "ignores_summoning_sickness" && !("self" in s.affects)) return `${subject} can attack the turn they enter play`;
  if (s.kind === "rule") return `${subject} ${restrictionText(s, ctx)}`;
  const parts = Object.keys(s.stats ?? {}).length ? [statsText(s.stats!, ctx)] : [];
  const grants = (s.keywords ?? []).map(keywordText);
  const losses = s.loses ?? [];
  // "This has power equal to the number of cards in your hand": a stat defined, not changed.
  const definitions = Object.entries(s.set ?? {}).map(([stat, n]) => `${stat} equal to ${numberText(n, ctx)}`);
  const clauses = [definitions.length ? `${self ? "has" : "have"} ${definitions.join(" and ")}` : "", parts.length ? `${self ? "gets" : "get"} ${parts.join(" and ")}` : "", grants.length ? `${self ? "has" : "have"} ${listText(grants)}` : "", losses.length ? `${self ? "loses" : "lose"} ${listText(losses)}` : ""].filter(Boolean);
  return `${subject} ${clauses.join(" and ")}`;
}

function staticSubject(s: Exclude<StaticEffect, { kind: "cost" } | { kind: "player_rule" } | { kind: "hand_size" }>, ctx: Context): string {
  return "self" in s.affects ? "this" : selectorText(s.affects as CardSelector, ctx, 2);
}

/** "Other Vampires you control get +1/+1 and have Tireless.": statics in a row about the same cards, one sentence. */
function sharedSubjects(lines: { text: string; subject?: string }[]): string[] {
  const out: { text: string; subject?: string }[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last?.subject !== undefined && line.subject === last.subject && line.text.startsWith(`${line.subject} `)) last.text += ` and ${line.text.slice(line.subject.length + 1)}`;
    else out.push({ ...line });
  }
  return out.map((l) => l.text);
}

/** "cards until you have 6 cards in hand": a draw (short of N) or a discard (down to N) to a hand size. */
function untilHandText(amount: NumberExpr, op: "draw" | "discard", ctx: Context): string | undefined {
  if (typeof amount === "number" || amount.kind !== "short_of") return undefined;
  const [size, n] = op === "draw" ? [amount.have, amount.target] : [amount.target, amount.have];
  if (typeof size === "number" || size.kind !== "hand_size" || typeof n !== "number") return undefined;
  const who = size.of.kind === "you" ? "you have" : "they have";
  return `cards until ${who} ${n} ${n === 1 ? "card" : "cards"} in hand`;
}

/** A verb after one player ("an opponent erases", "target player scries", "each player mills"). */
function agreesWithOne(verb: string): string {
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return /(s|sh|ch|x|z)$/.test(verb) ? `${verb}es` : `${verb}s`;
}

/** "destroyed", "discarded", "sacrificed": the participle whose record a `this way` label is (compiler/ir.ts THIS_WAY_LABELS). */
/** "destroyed this way", "that died this way": after a noun, the cards a step's record holds. */
function thisWayFilter(label: string): string {
  return thisWayVerbOf(label) === "die" ? "that died this way" : `${thisWayParticiple(label)} this way`;
}

function thisWayParticiple(label: string): string {
  return participleOf(thisWayVerbOf(label)!);
}
