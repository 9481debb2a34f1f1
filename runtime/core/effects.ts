/**
 * The effect interpreter: runs the steps of the frame on top of the resolution stack, one at a
 * time. A step that needs a player's choice sets `state.pending` and stops; the player's answer
 * (an action from `legalActions`) is stored on the frame and the same step runs again and
 * consumes it. Frames are JSON, so a resolution can stop and resume across `apply` calls.
 */
import { MAX_CARDS } from "../state/limits.ts";
import type { NativeRuleName } from "../../compiler/contract.ts";
import { LIFE_THIS_WAY, THIS_WAY_LABELS, costSymbolsText, type CompiledCard, type Duration, type KeywordGrant, type PlayersRef, type SourceRef, type Step, type TokenSpec } from "../../compiler/ir.ts";
import type { Frame, PlayerId, TargetValue } from "../state/state.ts";
import { cardIdOf, newCardInstance } from "../state/state.ts";
import { type Ctx, RESOLVING, battlefield, cardDef, cardName, emit, hand, isPermanent, slotsOf, zoneList, insertCard, writeCard } from "./cards.ts";
import { addModifier, addPlayerCounters, damageCard, damagePlayer, destroyAll, destroyKilled, discardCard, draw, enterBattlefield, exhaustCard, gainLife, loseLife, moveCard, randomInt, registerStepRunner, returnToHand, shuffleZone } from "./operations.ts";
import { amountsPerCard, cardsFor, evalAffected, evalCard, evalCondition, evalNumber, evalPlayer, evalPlayers, extremes, keywordText, matchesSelector, statOf, withX } from "./values.ts";
import { noteEvent } from "./triggers.ts";
import { addNextReplacement, addPrevention } from "./replacements.ts";
import { addPlayerRule } from "./player-rules.ts";
import { addCostChange } from "./cost-changes.ts";
import { resumeTargeting } from "./response.ts";
import { askDivision, divisionOf, shareKey } from "./division.ts";
import { mechanicsOf, paySymbols, symbolPayments } from "./mechanics.ts";

// ---------------------------------------------------------------------------------------------
// Running frames

/** Asks a player to choose cards; returns the answer when the frame already has one. */
function askCards(ctx: Ctx, frame: Frame, player: PlayerId, options: string[], min: number, max: number, prompt: string): string[] | "wait" {
  if (frame.answer) {
    const answer = frame.answer;
    delete frame.answer;
    return answer;
  }
  max = Math.min(max, options.length);
  min = Math.min(min, max);
  if (options.length === 0 || max === 0) return [];
  // A forced choice (every option must be taken) needs no decision.
  if (min === options.length) return [...options];
  ctx.state.pending = { kind: "cards", player, options, min, max, prompt, frame: ctx.state.frames.length - 1 };
  return "wait";
}

/**
 * "in any order": the player lists `cards` from the top down, one at a time (the last one left needs no choice). The
 * answers so far wait on the frame (`$ordered`) between questions; the whole order once every one is answered.
 */
function askOrder(ctx: Ctx, frame: Frame, player: PlayerId, cards: string[], prompt: (first: boolean) => string): string[] | "wait" {
  const ordered = (frame.chosen["$ordered"] ??= []);
  while (ordered.length < cards.length - 1) {
    const next = askCards(ctx, frame, player, cards.filter((id) => !ordered.includes(id)), 1, 1, prompt(ordered.length === 0));
    if (next === "wait") return "wait";
    ordered.push(...next);
  }
  delete frame.chosen["$ordered"];
  return [...ordered, ...cards.filter((id) => !ordered.includes(id))];
}

function askYesNo(ctx: Ctx, frame: Frame, player: PlayerId, prompt: string): boolean | "wait" {
  if (frame.answer) {
    const yes = frame.answer[0] === "yes";
    delete frame.answer;
    return yes;
  }
  ctx.state.pending = { kind: "yes_no", player, prompt, frame: ctx.state.frames.length - 1 };
  return "wait";
}

function askMode(ctx: Ctx, frame: Frame, player: PlayerId, modes: string[], prompt: string): number | "wait" {
  if (frame.answer) {
    const index = Number(frame.answer[0]);
    delete frame.answer;
    return index;
  }
  ctx.state.pending = { kind: "mode", player, modes, prompt, frame: ctx.state.frames.length - 1 };
  return "wait";
}

/**
 * "Draw up to two cards", "Remove up to three Bleed counters from target player": each asker (`key`: the player or card it is
 * for) picks a number from 0 to `most` — a `mode` question whose option n is the number n, so the studio, bots and scenarios
 * answer it as any other. Answers are kept in the frame until `upToDone`, so a step that waits again afterwards (a draw
 * asking which deck) does not ask twice.
 */
function askUpTo(ctx: Ctx, frame: Frame, askers: { key: string; player: PlayerId; most: number }[], noun: (n: number) => string, verb: string): Map<string, number> | "wait" {
  const got = (frame.chosen["$upTo"] ??= []);
  const amountOf = (key: string) => got.find((g) => g.startsWith(`${key}=`));
  for (const { key, player, most } of askers) {
    if (amountOf(key) !== undefined) continue;
    if (most <= 0) {
      got.push(`${key}=0`);
      continue;
    }
    if (frame.answer) {
      const n = Math.min(most, Math.max(0, Number(frame.answer[0]) || 0));
      delete frame.answer;
      got.push(`${key}=${n}`);
      emit(ctx, "choice", `${player} chooses to ${verb} ${noun(n)}`, { player, amount: n });
      continue;
    }
    const modes = Array.from({ length: most + 1 }, (_, n) => noun(n));
    ctx.state.pending = { kind: "mode", player, modes, amounts: modes.map((_, n) => n), prompt: `${verb} up to ${noun(most)}: how many?`, frame: ctx.state.frames.length - 1 };
    return "wait";
  }
  return new Map(got.map((g) => [g.slice(0, g.lastIndexOf("=")), Number(g.slice(g.lastIndexOf("=") + 1))]));
}

function upToDone(frame: Frame): void {
  delete frame.chosen["$upTo"];
}

/** A player or card receiving an effect, as a key of its own. */
function receiverKey(t: TargetValue): string {
  return "player" in t ? t.player : t.card;
}

/** "2 cards", "1 Bleed counter", "3 life". */
function counted(word: string, plural = `${word}s`): (n: number) => string {
  return (n) => `${n} ${n === 1 ? word : plural}`;
}

/** Finishes a frame: a resolved spell goes to its owner's graveyard. */
function finishFrame(ctx: Ctx, frame: Frame): void {
  ctx.state.frames.pop();
  if (frame.spellCard) {
    const card = ctx.state.cards[frame.spellCard];
    if (card && card.zone === RESOLVING) moveCard(ctx, frame.spellCard, ctx.rules.zones.graveyard, { source: frame.source });
  }
  if (!frame.part && (frame.card || frame.ability)) emit(ctx, "resolve", `${frame.label} resolved`, { card: frame.card, name: frame.card ? cardName(ctx, frame.card) : undefined, ability: frame.ability, player: frame.controller, source: frame.source });
}

/**
 * A phase's step line begins (`line`, its index in `PhaseDef.lines`), or ends as the last step its
 * frame runs (`ended`): the statechart's steps region goes there, before the step's trace events.
 */
function flowToStep(ctx: Ctx, line: number, ended = false): void {
  const moved = ctx.rules.flow.toStep(ctx.state.flow, line, ended);
  if (moved !== null) ctx.state.flow = moved;
}

/** Runs the top frame until it finishes or waits for a choice. */
export function runTopFrame(ctx: Ctx): void {
  const frame = ctx.state.frames[ctx.state.frames.length - 1]!;
  while (frame.pc < frame.steps.length) {
    const step = frame.steps[frame.pc]!;
    if (step.phaseStep !== undefined) flowToStep(ctx, step.phaseStep);
    const result = runStep(ctx, frame, step);
    if (result === "wait") return;
    if (ctx.state.frames[ctx.state.frames.length - 1] !== frame) {
      // The step pushed nested frames (choose one, you may, a keyword defined in card text):
      // this frame continues after them.
      frame.pc += 1;
      return;
    }
    frame.pc += 1;
    if (ctx.state.over) return;
  }
  // The phase's last step line has run (a frame cut by a window ends on that window's step instead).
  const last = frame.steps[frame.steps.length - 1]?.phaseStep;
  if (last !== undefined) flowToStep(ctx, last, true);
  finishFrame(ctx, frame);
}

// A replacement effect's steps run at once, inside the operation they replace (core/operations.ts).
registerStepRunner((ctx, frame) => {
  const depth = ctx.state.frames.length;
  ctx.state.frames.push(frame);
  while (ctx.state.frames.length > depth && !ctx.state.pending && !ctx.state.over) runTopFrame(ctx);
});

function nested(ctx: Ctx, frame: Frame, steps: Step[], label: string, source?: SourceRef): void {
  ctx.state.frames.push({ ...frame, steps, pc: 0, label, source: source ?? frame.source, spellCard: undefined, answer: undefined, chosen: frame.chosen, part: true });
}

/** The frame below `run` whose `per_player` step `run` is one player's run of (its steps hold `step`; IR is shared, never copied). */
function frameRunning(ctx: Ctx, run: Frame, step: Step): Frame | undefined {
  const frames = ctx.state.frames;
  for (let i = frames.indexOf(run) - 1; i >= 0; i--) {
    if (frames[i]!.steps.some((s) => s.op === "per_player" && s.steps.includes(step))) return frames[i];
  }
  return undefined;
}

/** Who does a step: in "Each player summons ..." the player its run is for, else the ability's controller. */
/**
 * The definition id of a token made from text: `token/<name>`, unless another token of that name but other stats, types,
 * colours or keywords was made before in this game ("a 1/1 Bat token" and "a 2/2 Bat token") — then the first free
 * `token/<name>#N`, so each token is what its own text says.
 */
function madeTokenId(made: Record<string, CompiledCard>, spec: TokenSpec): string {
  const base = `token/${spec.name}`;
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}#${n}`;
    const def = made[id];
    if (!def || sameToken(def, spec)) return id;
  }
}

/** A keyword a token is made with, as its keyword ability holds it (no `amount` key when it has no number). */
function grantedKeyword(k: KeywordGrant): KeywordGrant {
  return k.amount === undefined ? { name: k.name } : { name: k.name, amount: k.amount };
}

/**
 * Whether the printed token card `def` is the token `spec` describes: every stat, subtype, colour and keyword the text
 * writes is the card's (`Create a "Thrall" token.` names it and writes nothing else). Keywords the text leaves out are
 * the printed card's own.
 */
function printedTokenFits(def: CompiledCard, spec: TokenSpec): boolean {
  const printedKeywords = def.abilities.flatMap((a) => (a.kind === "keyword" && a.keyword ? [grantedKeyword(a.keyword)] : []));
  return (
    def.cardType === spec.cardType &&
    Object.entries(spec.stats).every(([stat, value]) => def.stats[stat] === value) &&
    spec.subtypes.every((s) => def.subtypes.includes(s)) &&
    (spec.colors ?? []).every((c) => def.colors.includes(c)) &&
    spec.keywords.every((k) => printedKeywords.some((p) => p.name === k.name && p.amount === k.amount))
  );
}

/** A printed token card with the keywords, subtypes and colours a token text adds to it (its own id: one per set of additions). */
function printedWithAdded(def: CompiledCard, spec: TokenSpec): CompiledCard {
  const printedKeywords = def.abilities.flatMap((a) => (a.kind === "keyword" && a.keyword ? [grantedKeyword(a.keyword)] : []));
  const keywords = spec.keywords.map(grantedKeyword).filter((k) => !printedKeywords.some((p) => p.name === k.name && p.amount === k.amount));
  const subtypes = spec.subtypes.filter((t) => !def.subtypes.includes(t));
  const colors = (spec.colors ?? []).filter((c) => !def.colors.includes(c));
  const id = `token/${def.name}+${[...keywords.map(keywordText), ...subtypes, ...colors].join("+")}`;
  return {
    ...def,
    id,
    subtypes: [...def.subtypes, ...subtypes],
    colors: [...def.colors, ...colors],
    abilities: [...def.abilities, ...keywords.map((k, i) => ({ id: `${id}#k${i}`, kind: "keyword" as const, keyword: k, targets: [], steps: [], text: keywordText(k), source: def.source }))],
    text: [def.text, ...keywords.map(keywordText)].filter(Boolean).join("\n"),
  };
}

function sameToken(def: CompiledCard, spec: TokenSpec): boolean {
  const keywords = def.abilities.map((a) => (a.kind === "keyword" ? a.keyword : undefined));
  return (
    def.cardType === spec.cardType &&
    JSON.stringify(def.subtypes) === JSON.stringify(spec.subtypes) &&
    JSON.stringify(def.colors) === JSON.stringify(spec.colors ?? []) &&
    JSON.stringify(def.stats) === JSON.stringify(spec.stats) &&
    JSON.stringify(keywords) === JSON.stringify(spec.keywords.map(grantedKeyword))
  );
}

function actor(frame: Frame): PlayerId {
  return frame.acting ?? frame.controller;
}

function cardsOf(values: TargetValue[]): string[] {
  return values.flatMap((v) => ("card" in v ? [v.card] : []));
}

/** The controller and source a lasting effect a step makes keeps (a prevention, a one-shot replacement). */
function madeBy(frame: Frame, source: SourceRef | undefined): { controller: PlayerId; sourceCard?: string; label: string; source?: SourceRef } {
  return { controller: frame.controller, ...(frame.card !== undefined ? { sourceCard: frame.card } : {}), label: frame.label, ...(source ? { source } : {}) };
}

function stillThere(ctx: Ctx, id: string): boolean {
  return ctx.state.cards[id] !== undefined;
}

/** "from your Discard Pile" on a card named by a reference (IR `from`): the card is in that zone of that player, or none was named. */
function inZoneNamed(ctx: Ctx, id: string, from: { zone: string } | undefined, whose: PlayerId | undefined): boolean {
  const card = ctx.state.cards[id]!;
  return !from || (card.zone === from.zone && card.owner === whose);
}

function runStep(ctx: Ctx, frame: Frame, step: Step): "done" | "wait" {
  const { state, rules } = ctx;
  const source = step.source ?? frame.source;
  switch (step.op) {
    case "damage": {
      const from = step.from ? evalCard(ctx, frame, step.from) : frame.card;
      if (step.divided) {
        // Divided as the targets were chosen (asked now only if they came with the play action): each target its share.
        const slots = step.to.kind === "targets" ? step.to.indexes : step.to.kind === "target" ? [step.to.index] : [];
        const chosen = slots.flatMap((slot) => frame.targets[slot] ?? []);
        // Asked again after each answer until every target has its share (a target already given one is not asked again):
        // the division begun here is recorded (empty) before its first answer.
        if (askDivision(ctx, frame, evalNumber(ctx, frame, step.amount), chosen, false) === "wait") return "wait";
        const division = divisionOf(frame)!;
        const destroyedBefore = state.destroyedThisTurn?.length ?? 0;
        let dealt = 0;
        const dealtTo: string[] = [];
        const lost = lifeLostBy(ctx, chosen);
        for (const t of chosen) {
          const share = division.get(shareKey(t)) ?? 0;
          const one = share > 0 ? ("player" in t ? damagePlayer(ctx, t.player, share, from, source, false) : damageCard(ctx, t.card, share, from, source)) : 0;
          if (one > 0) dealtTo.push("player" in t ? t.player : t.card);
          dealt += one;
        }
        lost?.(frame);
        frame.dealt = dealt;
        frame.chosen[THIS_WAY_LABELS.deal] = dealtTo;
        // "If it dies this way": what this damage killed is destroyed now and recorded (compiler/ir.ts `lethalNow`).
        if (step.lethalNow) frame.chosen[THIS_WAY_LABELS.die] = destroyKilled(ctx, cardsOf(chosen), destroyedBefore);
        return "done";
      }
      const dealtTo = evalAffected(ctx, frame, step.to);
      const amounts = amountsPerCard(frame, step, dealtTo, () => evalNumber(ctx, frame, step.amount));
      const destroyedBefore = state.destroyedThisTurn?.length ?? 0;
      let dealt = 0;
      // "If a player was dealt damage this way", "if that creature was dealt damage this way": each card or player this step
      // really dealt damage to (compiler/ir.ts THIS_WAY_LABELS.deal) — not one whose damage was prevented.
      const damaged: string[] = [];
      const lost = lifeLostBy(ctx, dealtTo);
      for (const [i, t] of dealtTo.entries()) {
        const one = "player" in t ? damagePlayer(ctx, t.player, amounts(i), from, source, false) : damageCard(ctx, t.card, amounts(i), from, source);
        if (one > 0) damaged.push("player" in t ? t.player : t.card);
        dealt += one;
      }
      lost?.(frame);
      frame.dealt = dealt;
      frame.chosen[THIS_WAY_LABELS.deal] = damaged;
      if (step.lethalNow) frame.chosen[THIS_WAY_LABELS.die] = destroyKilled(ctx, cardsOf(dealtTo), destroyedBefore);
      return "done";
    }
    case "draw": {
      const players = evalPlayers(ctx, frame, step.who);
      let amountFor = (p: PlayerId) => evalNumber(ctx, eachPlayerFrame(frame, step.who, p), step.amount);
      if (step.upTo) {
        const chosen = askUpTo(ctx, frame, players.map((p) => ({ key: p, player: p, most: amountFor(p) })), counted("card"), "draw");
        if (chosen === "wait") return "wait";
        amountFor = (p) => chosen.get(p) ?? 0;
      }
      // Mechanics hook: a draw that asks which deck (several decks) — for every drawing player in turn ("Each player
      // draws a card": each chooses their own deck), resumed at the player whose question is being answered.
      const hooks = mechanicsOf(rules).filter((m) => m.draw);
      const first = Number(frame.chosen["$drawPlayer"]?.[0] ?? 0);
      // "for each card drawn this way" (THIS_WAY_LABELS.draw): the cards this step put into hands (GameState.drawnThisTurn
      // after where it stood as the step began — kept across the deck questions a draw may wait on).
      const drawnBefore = Number(frame.chosen["$drawnBefore"]?.[0] ?? state.drawnThisTurn?.length ?? 0);
      for (let i = first; i < players.length; i++) {
        const p = players[i]!;
        let answer: "done" | "wait" | undefined;
        for (const m of hooks) if ((answer = m.draw!(ctx, frame, p, amountFor(p), source))) break;
        if (answer === "wait") {
          frame.chosen["$drawPlayer"] = [String(i)];
          frame.chosen["$drawnBefore"] = [String(drawnBefore)];
          return "wait";
        }
        if (!answer) draw(ctx, p, amountFor(p), source);
      }
      delete frame.chosen["$drawPlayer"];
      delete frame.chosen["$drawnBefore"];
      frame.chosen[THIS_WAY_LABELS.draw] = (state.drawnThisTurn ?? []).slice(drawnBefore).map((d) => d.card);
      upToDone(frame);
      return "done";
    }
    case "delayed": {
      // Remembered with this resolution's targets and chosen cards: "it" is still the card named before, at its moment.
      // "during its controller's next turn": that player's, fixed now (a card gone by now has no next turn to wait for).
      const turnCard = step.turnOf ? cardsOf(evalAffected(ctx, frame, step.turnOf))[0] : undefined;
      const turnPlayer = turnCard !== undefined ? state.cards[turnCard]?.controller : undefined;
      if (step.turnOf && turnPlayer === undefined) return "done";
      const delayed = (state.delayed ??= []);
      delayed.push({
        id: state.nextId++,
        at: step.at,
        steps: step.steps,
        ...(frame.card !== undefined ? { card: frame.card } : {}),
        ...(frame.ability !== undefined ? { ability: frame.ability } : {}),
        controller: frame.controller,
        targets: frame.targets,
        chosen: frame.chosen,
        ...(frame.event ? { event: frame.event } : {}),
        ...(frame.x !== undefined ? { x: frame.x } : {}),
        label: `${frame.label} (${step.at.text})`,
        ...(source ? { source } : {}),
        ...(turnPlayer !== undefined ? { turnPlayer } : {}),
      });
      emit(ctx, "delay", `${frame.label}: ${step.at.text} — waits`, { card: frame.card, player: frame.controller, source });
      return "done";
    }
    case "prevent": {
      // Cards and players named are fixed now; a selector ("creatures you control") is matched as the damage comes.
      const fixed = (affected: typeof step.to) => (affected && affected.kind !== "cards" ? evalAffected(ctx, frame, affected) : []);
      const to = fixed(step.to);
      const by = fixed(step.by);
      addPrevention(ctx, {
        ...(step.to && step.to.kind !== "cards" ? { toCards: cardsOf(to), toPlayers: to.flatMap((t) => ("player" in t ? [t.player] : [])) } : {}),
        ...(step.to?.kind === "cards" ? { toSelector: step.to.selector } : {}),
        ...(step.by && step.by.kind !== "cards" ? { byCards: cardsOf(by) } : {}),
        ...(step.by?.kind === "cards" ? { bySelector: step.by.selector } : {}),
        ...(step.combat ? { combat: true } : {}),
        ...(step.amount !== "all" ? { left: Math.max(0, evalNumber(ctx, frame, step.amount)) } : {}),
        duration: step.duration.kind,
        ...madeBy(frame, source),
      });
      return "done";
    }
    case "replace_next": {
      // The cards or players it is about are fixed now ("target unit", "it", "you"); a subject selector is matched later.
      const on = step.on ? evalAffected(ctx, frame, step.on) : undefined;
      addNextReplacement(ctx, {
        replacement: step.replacement,
        ...(on ? { cards: cardsOf(on), players: on.flatMap((t) => ("player" in t ? [t.player] : [])) } : {}),
        duration: step.duration.kind,
        ...madeBy(frame, source),
      });
      return "done";
    }
    case "player_rule": {
      for (const player of evalPlayers(ctx, frame, step.who)) {
        addPlayerRule(ctx, {
          rule: step.rule,
          player,
          ...(step.cards ? { cards: step.cards } : {}),
          duration: step.duration.kind,
          ...(step.nextTurn ? { waiting: true } : {}),
          controller: frame.controller,
          ...(frame.card !== undefined ? { sourceCard: frame.card } : {}),
          label: frame.label,
          ...(source ? { source } : {}),
        });
      }
      return "done";
    }
    case "cost_change": {
      // "The next spell you cast this turn costs 1 less.": the amount is read as it resolves.
      const n = evalNumber(ctx, frame, step.cost.amount);
      if (n === 0) return "done";
      addCostChange(ctx, {
        affects: step.cost.affects,
        amount: step.cost.change === "less" ? n : -n,
        ...(step.cost.generic ? { generic: true } : {}),
        ...(step.cost.resource ? { resource: step.cost.resource } : {}),
        ...(step.next ? { next: true } : {}),
        duration: step.duration.kind,
        ...madeBy(frame, source),
      });
      return "done";
    }
    case "keyword_action":
      return runKeywordAction(ctx, frame, step.keyword, evalNumber(ctx, frame, step.amount), evalPlayers(ctx, frame, step.who), source, step.target ? evalAffected(ctx, frame, step.target) : [], step.duration, step.ownTargets);
    case "discard": {
      // Several players discarding: each is asked in turn (the frame's answer belongs to the first still to choose).
      const players = evalPlayers(ctx, frame, step.who);
      // "you may discard that card" (the card drawn): that card, if it is in the discarding player's hand now.
      if (step.card) {
        const id = evalCard(ctx, frame, step.card);
        const holder = id === undefined ? undefined : players.find((p) => hand(ctx, p).includes(id));
        const taken = holder !== undefined && id !== undefined ? [id] : [];
        if (holder !== undefined && id !== undefined) discardCard(ctx, holder, id, source);
        frame.chosen["it"] = taken;
        frame.chosen[THIS_WAY_LABELS.discard] = [...taken];
        return "done";
      }
      const done = (frame.chosen["$discarded"] ??= []);
      const cards = (frame.chosen["$discards"] ??= []);
      for (const p of players) {
        if (done.includes(p)) continue;
        const options = hand(ctx, p).filter((id) => !step.filter || cardsFor(ctx, frame, { ...step.filter, zones: [rules.zones.hand] }).includes(id));
        const amount = Math.min(evalNumber(ctx, frame, step.amount), options.length);
        // "Discard up to three cards": any number from none to three.
        const fewest = step.upTo ? 0 : amount;
        let chosen: string[];
        if (step.random) {
          chosen = [];
          const pool = [...options];
          for (let i = 0; i < amount; i++) chosen.push(pool.splice(randomInt(ctx, 0, pool.length - 1), 1)[0]!);
        } else {
          const answer = askCards(ctx, frame, p, options, fewest, amount, `discard ${fewest === amount ? "" : "up to "}${amount} card${amount === 1 ? "" : "s"}`);
          if (answer === "wait") return "wait";
          chosen = answer;
        }
        for (const id of chosen) discardCard(ctx, p, id, source);
        cards.push(...chosen);
        done.push(p);
      }
      delete frame.chosen["$discarded"];
      delete frame.chosen["$discards"];
      // The cards discarded are "it" / "that many" for the steps after, and "each card discarded this way".
      frame.chosen["it"] = cards;
      frame.chosen[THIS_WAY_LABELS.discard] = [...cards];
      return "done";
    }
    case "gain_life":
    case "lose_life": {
      const players = evalPlayers(ctx, frame, step.who);
      let amountFor = (p: PlayerId) => evalNumber(ctx, eachPlayerFrame(frame, step.who, p), step.amount);
      if (step.upTo) {
        const chosen = askUpTo(ctx, frame, players.map((p) => ({ key: p, player: p, most: amountFor(p) })), (n) => `${n} life`, step.op === "gain_life" ? "gain" : "lose");
        if (chosen === "wait") return "wait";
        amountFor = (p) => chosen.get(p) ?? 0;
        upToDone(frame);
      }
      // "You gain life equal to the life lost this way", "You gain that much life": one entry per point of life each player
      // really lost (gained) — read from the turn's record before and after, so a replacement that loses (gains) an amount of
      // its own instead ("If you would lose life, you lose 1 less life instead": its steps lose the 1 less) is counted as
      // what happened, and one that stops it counts nothing.
      const field = step.op === "gain_life" ? "gained" : "lost";
      const everyone = Object.keys(state.players) as PlayerId[];
      const before = everyone.map((p) => state.lifeThisTurn?.[p]?.[field] ?? 0);
      for (const p of players) (step.op === "gain_life" ? gainLife : loseLife)(ctx, p, amountFor(p), source);
      const changed: string[] = [];
      everyone.forEach((p, i) => {
        for (let n = (state.lifeThisTurn?.[p]?.[field] ?? 0) - before[i]!; n > 0; n--) changed.push(p);
      });
      // In one player's run of a `per_player` step ("Each player loses 1 life for each creature they control. You gain that
      // much life."), each run adds its player's to the record the step began empty: what all of them lost is read after it.
      const label = LIFE_THIS_WAY[step.op];
      frame.chosen[label] = frame.acting !== undefined ? [...(frame.chosen[label] ?? []), ...changed] : changed;
      return "done";
    }
    case "add_counters": {
      const receiving = evalAffected(ctx, frame, step.on);
      let amounts = amountsPerCard(frame, step, receiving, () => evalNumber(ctx, frame, step.amount));
      if (step.upTo) {
        // "Put up to two power counters on target unit": the effect's controller picks how many for each receiving one.
        const most = amounts;
        const chosen = askUpTo(ctx, frame, receiving.map((t, i) => ({ key: receiverKey(t), player: frame.controller, most: most(i) })), counted(`${step.counter} counter`), "put");
        if (chosen === "wait") return "wait";
        upToDone(frame);
        amounts = (i) => chosen.get(receiverKey(receiving[i]!)) ?? 0;
      }
      // "for each Bleed counter gained this way": one entry per counter really put (compiler/ir.ts THIS_WAY_LABELS.gain).
      const gained: string[] = [];
      for (const [i, t] of receiving.entries()) {
        const amount = amounts(i);
        if ("player" in t) {
          const got = addPlayerCounters(ctx, t.player, step.counter, amount, source);
          for (let n = 0; n < got; n++) gained.push(t.player);
        } else {
          const card = writeCard(ctx, t.card);
          if (!card || card.zone !== rules.zones.battlefield) continue;
          card.counters[step.counter] = (card.counters[step.counter] ?? 0) + amount;
          for (let n = 0; n < amount; n++) gained.push(t.card);
          emit(ctx, "counter", `${cardName(ctx, t.card)} gets ${amount} ${step.counter} counter${amount === 1 ? "" : "s"}`, { card: t.card, name: cardName(ctx, t.card), amount, source });
          noteEvent(ctx, "counter_added", { card: t.card, amount, counter: step.counter });
        }
      }
      frame.chosen[THIS_WAY_LABELS.gain] = gained;
      return "done";
    }
    case "remove_counters": {
      const from = evalAffected(ctx, frame, step.on);
      const bagOf = (t: (typeof from)[number]) => ("player" in t ? state.players[t.player]!.counters : t.card in state.cards ? state.cards[t.card]!.counters : undefined);
      let chosen: Map<string, number> | undefined;
      if (step.upTo && step.amount !== "all") {
        // "Remove up to three Bleed counters from target player": the effect's controller picks how many, at most what is there.
        const written = evalNumber(ctx, frame, step.amount);
        const kind = step.counter ?? "";
        const answer = askUpTo(ctx, frame, from.map((t) => ({ key: receiverKey(t), player: frame.controller, most: Math.min(written, bagOf(t)?.[kind] ?? 0) })), counted(`${kind} counter`), "remove");
        if (answer === "wait") return "wait";
        upToDone(frame);
        chosen = answer;
      }
      // "for each counter removed this way", "that many": one entry per counter really removed (compiler/ir.ts THIS_WAY_LABELS).
      const removed: string[] = [];
      for (const t of from) {
        const bag = "player" in t ? state.players[t.player]!.counters : writeCard(ctx, t.card)?.counters;
        if (!bag) continue;
        // "Remove all counters from target creature" (no kind named): every kind it has, each in turn.
        for (const kind of step.counter !== undefined ? [step.counter] : Object.keys(bag).filter((k) => (bag[k] ?? 0) > 0)) {
          const have = bag[kind] ?? 0;
          const amount = step.amount === "all" ? have : Math.min(have, chosen ? (chosen.get(receiverKey(t)) ?? 0) : evalNumber(ctx, frame, step.amount));
          bag[kind] = have - amount;
          for (let i = 0; i < amount; i++) removed.push("player" in t ? t.player : t.card);
          emit(ctx, "counter", `${amount} ${kind} counter${amount === 1 ? "" : "s"} removed`, { amount: -amount, source, ...("player" in t ? { player: t.player } : { card: t.card }) });
        }
      }
      frame.chosen[THIS_WAY_LABELS.remove] = removed;
      return "done";
    }
    case "modify": {
      const affected = evalAffected(ctx, frame, step.on);
      const destroyedBefore = state.destroyedThisTurn?.length ?? 0;
      const amounts = amountsPerCard(frame, step, affected, () => {
        const stats: Record<string, number> = {};
        for (const [k, v] of Object.entries(step.stats ?? {})) stats[k] = evalNumber(ctx, frame, v);
        return [stats, Object.entries(step.set ?? {}).map(([k, v]) => [k, evalNumber(ctx, frame, v)] as const)] as const;
      });
      for (const [i, t] of affected.entries()) {
        const [stats, set] = amounts(i);
        if ("card" in t && state.cards[t.card]?.zone === rules.zones.battlefield) {
          // "Its power becomes 1": the change that makes the stat that number as this resolves (later changes add to it).
          const own = set.length ? { ...stats, ...Object.fromEntries(set.map(([k, v]) => [k, v - statOf(ctx, t.card, k)])) } : stats;
          addModifier(ctx, t.card, own, step.keywords ?? [], step.duration.kind, frame.controller, frame.card, source, step.rules, step.loses);
        }
      }
      // "Target creature gets -2/-2 until end of turn. If it dies, …": what this change left at 0 or less toughness is
      // destroyed now and recorded (compiler/ir.ts `lethalNow`), as damage's.
      if (step.lethalNow) frame.chosen[THIS_WAY_LABELS.die] = destroyKilled(ctx, cardsOf(affected), destroyedBefore);
      return "done";
    }
    case "destroy": {
      // "Destroy all creatures": one simultaneous destruction, by the card whose effect it is.
      const cards = cardsOf(evalAffected(ctx, frame, step.what));
      // "for each creature destroyed this way": those that went (not one that can't be destroyed, or was replaced — a
      // replacement may have moved it out of play all the same: "return it to its owner's hand instead").
      frame.chosen[THIS_WAY_LABELS.destroy] = destroyAll(ctx, cards, source, { by: () => (frame.card ? { card: frame.card } : undefined) });
      return "done";
    }
    case "sacrifice": {
      // Several players sacrificing ("Each player sacrifices a unit"): each picks among their own cards, in turn;
      // then all the chosen cards go together (one simultaneous destruction).
      const done = (frame.chosen["$sacrificed"] ??= []);
      const cards = (frame.chosen["$sacrifices"] ??= []);
      for (const who of evalPlayers(ctx, frame, step.who)) {
        if (done.includes(who)) continue;
        // "Each player sacrifices a creature with the greatest power [among creatures they control]": the greatest among
        // that player's own (it was taken over every player's, and a player without the biggest sacrificed nothing).
        const { extreme, ...rest } = step.selector;
        const mine = cardsFor(ctx, frame, { ...rest, controller: "any" }).filter((id) => state.cards[id]!.controller === who);
        const own = extreme ? extremes(ctx, mine, extreme) : mine;
        const amount = evalNumber(ctx, frame, step.amount);
        const chosen = askCards(ctx, frame, who, own, amount, amount, `sacrifice ${amount}`);
        if (chosen === "wait") return "wait";
        cards.push(...chosen);
        done.push(who);
      }
      delete frame.chosen["$sacrificed"];
      delete frame.chosen["$sacrifices"];
      // "for each creature sacrificed this way": those that went, as a destruction's.
      frame.chosen[THIS_WAY_LABELS.sacrifice] = destroyAll(ctx, cards, source, { sacrifice: true });
      frame.chosen["it"] = cards;
      return "done";
    }
    case "sacrifice_self":
      if (frame.card) destroyAll(ctx, [frame.card], source, { sacrifice: true });
      return "done";
    case "remain": {
      // "it remains in play with 1 defense": nothing moves; the remaining stat is set until end of turn.
      if (!step.stat || step.amount === undefined) return "done";
      const amount = evalNumber(ctx, frame, step.amount);
      const toughness = rules.param("toughness_stat", rules.param("creature_damage_threshold", ""));
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        const card = state.cards[id];
        if (!card || card.zone !== rules.zones.battlefield) continue;
        const remaining = statOf(ctx, id, step.stat) - (step.stat === toughness ? card.damage : 0);
        if (remaining !== amount) addModifier(ctx, id, { [step.stat]: amount - remaining }, [], "end_of_turn", frame.controller, frame.card, source);
      }
      return "done";
    }
    case "move": {
      // "Shuffle your graveyard into your deck": every card moves, then each owner's zone is shuffled once.
      const shuffled = new Set<PlayerId>();
      // "Return this card from your Discard Pile to your hand": only a card still in that player's zone moves.
      const fromPlayer = step.from ? evalPlayer(ctx, frame, step.from.whose) : undefined;
      // "for each creature returned this way": the cards that left where they were (a token leaving play included).
      const moved: string[] = [];
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        if (!stillThere(ctx, id)) continue;
        if (!inZoneNamed(ctx, id, step.from, fromPlayer)) continue;
        const was = state.cards[id]!.zone;
        if (step.to === rules.zones.hand) returnToHand(ctx, id, source);
        else if (step.to === rules.zones.battlefield) putOntoField(ctx, id, actor(frame), source);
        else {
          moveCard(ctx, id, step.to, { source, position: step.position === "top" ? "top" : undefined });
          // A token that left play is gone: nothing to shuffle in.
          if (step.position === "shuffle" && state.cards[id]) shuffled.add(state.cards[id]!.owner);
        }
        if (state.cards[id]?.zone !== was) moved.push(id);
      }
      frame.chosen[THIS_WAY_LABELS.return] = moved;
      for (const owner of shuffled) shuffleZone(ctx, owner, step.to);
      return "done";
    }
    case "choose_cards": {
      const chooser = evalPlayer(ctx, frame, step.chooser) ?? frame.controller;
      const options = cardsFor(ctx, frame, step.selector);
      const min = evalNumber(ctx, frame, step.min);
      const max = evalNumber(ctx, frame, step.max);
      const chosen = askCards(ctx, frame, chooser, options, min, max, step.prompt);
      if (chosen === "wait") return "wait";
      // Gathered: each player's run of a `per_player` adds their pick to the frame running that step, for one act on all
      // of them after it. (A run shares that frame's `chosen` only until a choice waits: a state is copied per action.)
      const runner = step.gather ? frameRunning(ctx, frame, step) : undefined;
      if (runner) runner.chosen[step.label] = [...(runner.chosen[step.label] ?? []), ...chosen];
      else frame.chosen[step.label] = chosen;
      frame.chosen["it"] = chosen;
      return "done";
    }
    case "summon": {
      const under = step.under ? (evalPlayer(ctx, frame, step.under) ?? actor(frame)) : actor(frame);
      const arrived: string[] = [];
      // "DEATH: Summon this from your Graveyard": only a card still in that player's zone arrives.
      const fromPlayer = step.from ? evalPlayer(ctx, frame, step.from.whose) : undefined;
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        if (!stillThere(ctx, id)) continue;
        if (!inZoneNamed(ctx, id, step.from, fromPlayer)) continue;
        if (!isPermanent(ctx, cardDef(ctx, state.cards[id]!))) continue;
        putOntoField(ctx, id, under, source);
        if (state.cards[id]?.zone === rules.zones.battlefield) arrived.push(id);
      }
      if (step.arrived) frame.chosen[step.arrived] = arrived;
      return "done";
    }
    case "create_token": {
      const under = step.under ? (evalPlayer(ctx, frame, step.under) ?? actor(frame)) : actor(frame);
      const count = evalNumber(ctx, frame, step.amount);
      // A token the sets print ("Thrall") is that card, abilities included, when the text says nothing it lacks; any other
      // — and "a 1/1 Thrall token" beside a printed 2/2 Thrall — is made from the text.
      // A card of the game that is no token ('Create a Scout token.', Scout a Unit of the set) is a token of its face — its
      // stats, kinds and abilities — when the text gives no stats and the card is of the token's type (the checker says so
      // otherwise: compiler/check.ts tokenWithoutStats); made from the text, it had 0 power and none of Scout's abilities.
      const found = rules.byName.get(step.token.name.toLowerCase());
      const named = found && (found.isToken || (Object.keys(step.token.stats).length === 0 && found.cardType === step.token.cardType)) ? found : undefined;
      const printed = named && printedTokenFits(named, step.token) ? named : undefined;
      // A text with no stats naming a printed token, and a keyword it lacks ('Create a "Blood Familiar" Bat token with
      // Haste.'): that card, with what the text adds (its stats are the printed card's; made from the text, it would be 0/0).
      const added = !printed && named && Object.keys(step.token.stats).length === 0 ? printedWithAdded(named, step.token) : undefined;
      if (added) state.tokens[added.id] ??= added;
      const defId = printed?.id ?? added?.id ?? madeTokenId(state.tokens, step.token);
      const made: string[] = [];
      if (!printed && !added) state.tokens[defId] ??= {
        id: defId,
        name: step.token.name,
        set: "token",
        game: rules.game.id,
        cardType: step.token.cardType,
        subtypes: step.token.subtypes,
        supertypes: ["Token"],
        colors: step.token.colors ?? [],
        cost: [],
        stats: step.token.stats,
        flags: ["token"],
        isToken: true,
        abilities: step.token.keywords.map((k, i) => ({ id: `${defId}#${i}`, kind: "keyword" as const, keyword: grantedKeyword(k), targets: [], steps: [], text: keywordText(k), source: source ?? rules.game.source })),
        text: step.token.keywords.map(keywordText).join(", "),
        source: source ?? rules.game.source,
      };
      for (let i = 0; i < count; i++) {
        const slots = slotsOf(ctx);
        if (slots !== undefined && battlefield(ctx, under).length >= slots) break;
        if (state.nextCardId > MAX_CARDS) break; // runtime/state/limits.ts: no X makes a game hold more
        const id = cardIdOf(state.nextCardId++);
        insertCard(ctx, newCardInstance({ id, def: defId, owner: under, zone: RESOLVING, enteredTurn: state.turn, isToken: true }));
        zoneList(ctx, under, RESOLVING).push(id);
        enterBattlefield(ctx, id, under, "created", source);
        made.push(id);
      }
      if (step.arrived) frame.chosen[step.arrived] = made;
      // "for each token created this way" (compiler/ir.ts THIS_WAY_LABELS.create): the tokens this step made.
      frame.chosen[THIS_WAY_LABELS.create] = [...made];
      return "done";
    }
    case "copy": {
      // A copy is a new card of the copied card's definition (its printed values), made now: nothing of the card's
      // state — counters, damage, modifiers, exhausted — is copied. Into play it is a token, as `create_token` makes one.
      const under = step.under ? (evalPlayer(ctx, frame, step.under) ?? actor(frame)) : actor(frame);
      const count = evalNumber(ctx, frame, step.amount);
      const made: string[] = [];
      for (const of of cardsOf(evalAffected(ctx, frame, step.of))) {
        const original = state.cards[of];
        if (!original) continue;
        if (step.to !== undefined && original.isToken) {
          emit(ctx, "check", `a copy of the token ${cardName(ctx, of)} is not put into ${step.to}: a token exists only in play`, { card: of, source });
          continue;
        }
        for (let i = 0; i < count; i++) {
          if (state.nextCardId > MAX_CARDS) break; // runtime/state/limits.ts: no X makes a game hold more
          if (step.to === undefined) {
            const slots = slotsOf(ctx);
            if (slots !== undefined && battlefield(ctx, under).length >= slots) break;
          }
          const id = cardIdOf(state.nextCardId++);
          const zone = step.to ?? RESOLVING;
          insertCard(ctx, newCardInstance({ id, def: original.def, owner: under, zone, enteredTurn: state.turn, isToken: step.to === undefined }));
          zoneList(ctx, under, zone).push(id);
          if (step.to === undefined) enterBattlefield(ctx, id, under, "created", source);
          else emit(ctx, "move", `a copy of ${cardName(ctx, of)} is put into ${under}'s ${step.to}`, { card: id, name: cardName(ctx, id), player: under, to: step.to, source });
          made.push(id);
        }
      }
      if (step.arrived) frame.chosen[step.arrived] = made;
      // A copy made in play is a token: "for each token created this way" (THIS_WAY_LABELS.create).
      if (step.to === undefined) frame.chosen[THIS_WAY_LABELS.create] = [...made];
      return "done";
    }
    case "gain_control": {
      const who = evalPlayer(ctx, frame, step.who) ?? frame.controller;
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        const card = writeCard(ctx, id);
        if (!card || card.zone !== rules.zones.battlefield || card.controller === who) continue;
        // A field of slots (Three-Slot Duel) takes no unit beyond its slots: with none free the unit stays where it is.
        const slots = slotsOf(ctx);
        if (slots !== undefined && battlefield(ctx, who).length >= slots) {
          emit(ctx, "check", `no free slot: ${who} cannot take control of ${cardName(ctx, id)}, which stays with ${card.controller}`, { card: id, player: who, source });
          continue;
        }
        const from = zoneList(ctx, card.controller, card.zone);
        from.splice(from.indexOf(id), 1);
        const previous = card.controller;
        card.controller = who;
        zoneList(ctx, who, card.zone).push(id);
        emit(ctx, "move", `${who} gains control of ${cardName(ctx, id)}`, { card: id, player: who, source });
        // A control effect with a duration hands the card back when it ends (runtime/mechanics/control.ts).
        if (step.duration.kind !== "permanent") (state.controlEffects ??= []).push({ card: id, to: previous, duration: step.duration.kind, turn: state.turn, controller: frame.controller, ...(step.duration.kind === "while_source" && frame.card !== undefined ? { source: frame.card } : {}) });
        for (const m of mechanicsOf(rules)) m.arrived?.(ctx, id);
      }
      frame.chosen["it"] = cardsOf(evalAffected(ctx, frame, step.what));
      return "done";
    }
    case "exchange_control": {
      // "Exchange control of two target creatures": both in play under different controllers, or nothing happens (one that
      // left play, or two of one player's, leaves both where they are). A swap takes no free slot: each field keeps its count.
      const ids = cardsOf(evalAffected(ctx, frame, step.what));
      const [a, b] = ids;
      const cardA = a === undefined ? undefined : writeCard(ctx, a);
      const cardB = b === undefined ? undefined : writeCard(ctx, b);
      if (ids.length !== 2 || !cardA || !cardB || cardA.zone !== rules.zones.battlefield || cardB.zone !== rules.zones.battlefield || cardA.controller === cardB.controller) {
        emit(ctx, "check", `no exchange of control: ${ids.map((id) => cardName(ctx, id)).join(" and ") || "no cards"} ${ids.length === 2 ? "are not two cards in play under different controllers" : "are not two cards"}`, { source });
        frame.chosen["it"] = [];
        return "done";
      }
      const [from, to] = [cardA.controller, cardB.controller];
      for (const [id, was, now] of [[a!, from, to], [b!, to, from]] as const) {
        const card = writeCard(ctx, id)!;
        const list = zoneList(ctx, was, card.zone);
        list.splice(list.indexOf(id), 1);
        card.controller = now;
        zoneList(ctx, now, card.zone).push(id);
        emit(ctx, "move", `${now} gains control of ${cardName(ctx, id)} (exchanged)`, { card: id, player: now, source });
        // A control effect with a duration hands the card back when it ends (runtime/mechanics/control.ts).
        if (step.duration.kind !== "permanent") (state.controlEffects ??= []).push({ card: id, to: was, duration: step.duration.kind, turn: state.turn, controller: frame.controller });
      }
      for (const id of [a!, b!]) for (const m of mechanicsOf(rules)) m.arrived?.(ctx, id);
      frame.chosen["it"] = ids;
      return "done";
    }
    case "search": {
      const who = evalPlayer(ctx, frame, step.who) ?? frame.controller;
      // Whose zone: the searcher's own, or the player the text names ("Search target opponent's deck").
      const owner = step.owner ? evalPlayer(ctx, frame, step.owner) : who;
      if (owner === undefined) return "done";
      const options = cardsFor(ctx, frame, { ...step.selector, zones: [step.zone], owner: "any" }).filter((id) => state.cards[id]!.owner === owner);
      const amount = evalNumber(ctx, frame, step.amount);
      // At least none: a search of a hidden zone may find nothing, even when a card there fits.
      const chosen = askCards(ctx, frame, who, options, 0, amount, owner === who ? `search your ${step.zone}` : `search ${owner}'s ${step.zone}`);
      if (chosen === "wait") return "wait";
      for (const id of chosen) {
        if (step.reveal) emit(ctx, "reveal", `${who} reveals ${cardName(ctx, id)}`, { card: id, player: who, source });
        if (step.to === rules.zones.hand) returnToHand(ctx, id, source);
        else if (step.to === rules.zones.battlefield) putOntoField(ctx, id, who, source);
        else moveCard(ctx, id, step.to, { source });
      }
      frame.chosen["it"] = chosen;
      return "done";
    }
    case "look_top": {
      const who = evalPlayer(ctx, frame, step.who) ?? frame.controller;
      // Whose zone: the looker's own, or the player the text names ("Look at the top card of target player's deck").
      const owner = step.owner ? evalPlayer(ctx, frame, step.owner) : who;
      const top = owner === undefined ? [] : zoneList(ctx, owner, step.zone).slice(0, Math.max(0, evalNumber(ctx, frame, step.amount)));
      frame.chosen["looked"] = top;
      frame.chosen["it"] = top;
      const names = top.map((id) => cardName(ctx, id)).join(", ") || "nothing";
      // The trace is the designer's view: it names what the player saw either way.
      const whose = `${owner === who ? "their" : `${owner ?? "nobody"}'s`} ${step.zone}`;
      emit(ctx, step.reveal ? "reveal" : "look", `${who} ${step.reveal ? "reveals" : "looks at"} ${step.zone === rules.zones.hand ? whose : `the top ${top.length} card(s) of ${whose}`}: ${names}`, { player: who, amount: top.length, source });
      return "done";
    }
    case "move_top": {
      const moved: string[] = [];
      for (const p of evalPlayers(ctx, frame, step.who)) {
        const top = zoneList(ctx, p, step.zone).slice(0, Math.max(0, evalNumber(ctx, frame, step.amount)));
        for (const id of top) {
          if (step.to === rules.zones.hand) returnToHand(ctx, id, source);
          else if (step.to === rules.zones.battlefield) putOntoField(ctx, id, p, source);
          else moveCard(ctx, id, step.to, { source });
        }
        moved.push(...top);
      }
      frame.chosen["it"] = moved;
      // "Put the top three cards of your Main Deck into your Discard Pile. … for each card milled this way": a mill written
      // out (THIS_WAY_LABELS.mill) — the cards that got there.
      if (step.to === rules.zones.graveyard) frame.chosen[THIS_WAY_LABELS.mill] = moved.filter((id) => state.cards[id]?.zone === rules.zones.graveyard);
      return "done";
    }
    case "place_looked": {
      // The looked-at cards still where they were (an earlier placement may have moved some).
      const still = (frame.chosen["looked"] ?? []).filter((id) => state.cards[id] && !(frame.chosen["placed"] ?? []).includes(id));
      // "a creature card from among them": only those of that kind can be picked (none of them: nothing is put).
      const looked = step.filter ? still.filter((id) => matchesSelector(ctx, id, withX(step.filter!, frame.x), frame.controller, frame.card, true)) : still;
      const amount = step.amount === "rest" ? looked.length : Math.min(evalNumber(ctx, frame, step.amount), looked.length);
      // Who picks and orders: the player who looked at another player's cards, else their owner.
      const owner = (step.who ? evalPlayer(ctx, frame, step.who) : undefined) ?? (looked[0] ? state.cards[looked[0]]!.owner : frame.controller);
      let chosen: string[];
      // Being ordered ("in any order"): the cards were picked before the order questions began.
      if (frame.chosen["$picked"]) chosen = frame.chosen["$picked"];
      else if (amount === looked.length && !step.upTo) chosen = looked;
      else {
        // "up to two of them", "any number of them": the player picks how many, none to `amount`.
        const least = step.upTo ? 0 : amount;
        const answer = askCards(ctx, frame, owner, looked, least, amount, `choose ${step.upTo ? "up to " : ""}${amount} of the looked-at cards to put into your ${step.to}${step.position === "bottom" ? " (bottom)" : ""}`);
        if (answer === "wait") return "wait";
        chosen = answer;
      }
      // "in any order": the owner lists them from the top down, one at a time (the last one left needs no choice).
      if (step.order && chosen.length > 1) {
        frame.chosen["$picked"] = chosen;
        const ordered = askOrder(ctx, frame, owner, chosen, (first) => `choose the card to put ${first ? "first" : "next"} (from the top down) ${step.position === "bottom" ? "on the bottom of" : "on top of"} your ${step.to}`);
        if (ordered === "wait") return "wait";
        chosen = ordered;
        delete frame.chosen["$picked"];
        frame.chosen["placed"] = [...(frame.chosen["placed"] ?? []), ...chosen];
        // From the top down: on top, the last one is put first; on the bottom, the first one is. A card put back into the
        // zone it is in changes place without a move (it never leaves its zone: no move event for the trace or triggers).
        for (const id of step.position === "top" ? [...chosen].reverse() : chosen) moveCard(ctx, id, step.to, { source, position: step.position, quiet: state.cards[id]!.zone === step.to });
        emit(ctx, "choice", `${owner} puts ${chosen.length} cards ${step.position === "bottom" ? "on the bottom of" : "on top of"} their ${step.to} in the order they chose`, { player: owner, amount: chosen.length, source });
        return "done";
      }
      frame.chosen["placed"] = [...(frame.chosen["placed"] ?? []), ...chosen];
      for (const id of chosen) {
        const card = state.cards[id]!;
        // "back" on top of the zone they came from: they are still there, in their order.
        if (card.zone === step.to && step.position === "top") continue;
        if (step.to === rules.zones.hand) returnToHand(ctx, id, source);
        else moveCard(ctx, id, step.to, { source, ...(step.position ? { position: step.position } : {}) });
      }
      return "done";
    }
    case "exhaust": {
      // "for each creature exhausted this way": the cards this step turned (a card already exhausted — overexhausted, for
      // Overexhaust — was not exhausted this way).
      const turned: string[] = [];
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        const card = ctx.state.cards[id];
        if (!card) continue;
        if (!(step.over ? card.overexhausted : card.exhausted || card.overexhausted)) turned.push(id);
        emit(ctx, "modify", `${cardName(ctx, id)} is ${step.over ? "overexhausted" : "exhausted"}`, { card: id, source });
        exhaustCard(ctx, id, step.over);
      }
      frame.chosen[THIS_WAY_LABELS.exhaust] = turned;
      return "done";
    }
    case "ready":
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        const card = writeCard(ctx, id);
        if (!card) continue;
        card.exhausted = false;
        card.overexhausted = false;
        emit(ctx, "modify", `${cardName(ctx, id)} is readied`, { card: id, source });
      }
      return "done";
    case "skip_next_ready":
      for (const id of cardsOf(evalAffected(ctx, frame, step.what))) {
        // A card in play, or a Facet (Chromatic: the Beginning phase readies Facets too, mechanics/facets.ts ready_facets).
        const zone = ctx.state.cards[id]?.zone;
        if (zone !== rules.zones.battlefield && (zone === undefined || zone !== rules.game.params["facet_zone"])) continue;
        writeCard(ctx, id)!.skipsNextReady = true;
        emit(ctx, "modify", `${cardName(ctx, id)} will not ready at its controller's next readying`, { card: id, source });
      }
      return "done";
    case "counter_spell": {
      const id = evalCard(ctx, frame, step.what);
      // "Counter target activated ability.": the latest of its activated abilities waiting on the chain (the card stays).
      if (step.ability) {
        const at = state.stack.findLastIndex((item) => item.kind === "ability" && item.frame.ability !== undefined && item.frame.card === id);
        if (at >= 0) {
          const [item] = state.stack.splice(at, 1);
          emit(ctx, "fizzle", `${item!.frame.label} is countered`, { card: id, player: item!.frame.controller, source });
        }
        return "done";
      }
      const index = state.stack.findIndex((item) => item.frame.spellCard === id || item.frame.card === id);
      if (index >= 0) {
        const [item] = state.stack.splice(index, 1);
        emit(ctx, "fizzle", `${item!.frame.label} is countered`, { card: id, player: item!.frame.controller, source });
        if (id && state.cards[id]?.zone === RESOLVING) moveCard(ctx, id, rules.zones.graveyard, { source });
      }
      return "done";
    }
    case "gain_resource":
    case "lose_resource": {
      for (const p of evalPlayers(ctx, frame, step.who)) {
        const player = state.players[p]!;
        const amount = evalNumber(ctx, frame, step.amount) * (step.op === "gain_resource" ? 1 : -1);
        const def = rules.resource(step.resource);
        const name = step.resource;
        // The turn's own gain of a capacity resource (a phase step of the game file) grows the capacity.
        const isCapacity = rules.capacityResources.has(name);
        if (isCapacity && !frame.card && !frame.ability && amount > 0) player.capacity[name] = (player.capacity[name] ?? 0) + amount;
        let next = Math.max(0, (player.resources[name] ?? 0) + amount);
        if (def?.max !== undefined) next = Math.min(def.max, next);
        player.resources[name] = next;
        emit(ctx, "resource", `${p} ${amount >= 0 ? "gains" : "loses"} ${Math.abs(amount)} ${name} (now ${next})`, { player: p, amount, source });
      }
      return "done";
    }
    case "pay": {
      // "you may pay {B}" (yes): the player pays as a card's cost is paid — one of the ways the game's payment listing offers
      // (which lands), asked when there is more than one. The `if` (`can_pay`) and `may` around it asked only a player who can.
      const who = evalPlayer(ctx, frame, step.who) ?? frame.controller;
      const ways = symbolPayments(ctx, who, step.cost);
      if (ways.length === 0) return "done";
      const wayText = (payment: (typeof ways)[number]) => (payment.lands?.length ? `exhaust ${payment.lands.map((id) => cardName(ctx, id)).join(", ")}` : "pay nothing");
      let index = 0;
      if (ways.length > 1) {
        const answer = askMode(ctx, frame, who, ways.map(wayText), `pay ${costSymbolsText(step.cost)}: choose the lands`);
        if (answer === "wait") return "wait";
        index = Math.min(Math.max(0, answer), ways.length - 1);
        emit(ctx, "choice", `${who} chooses to ${wayText(ways[index]!)}`, { player: who, source });
      }
      paySymbols(ctx, who, step.cost, ways[index]!, source);
      return "done";
    }
    case "shuffle":
      for (const p of evalPlayers(ctx, frame, step.who)) shuffleZone(ctx, p, step.zone);
      return "done";
    case "per_player": {
      // One run of the steps per player, in turn order (the first player's frame on top), each with its player acting.
      // "Each player with 5 or less life ...": the players of whom `among` holds, all checked before any of them runs.
      const players = evalPlayers(ctx, frame, step.who).filter((player) => !step.among || evalCondition(ctx, { ...frame, acting: player }, step.among));
      // Picks gathered over the runs start empty (a repeated effect does not act on the last repetition's picks again).
      for (const s of step.steps) if (s.op === "choose_cards" && s.gather) delete frame.chosen[s.label];
      // So does the life its runs lose (gain): each run adds its player's to it (case "lose_life").
      for (const op of ["gain_life", "lose_life"] as const) if (hasStep(step.steps, op)) delete frame.chosen[LIFE_THIS_WAY[op]];
      for (const player of [...players].reverse()) {
        nested(ctx, frame, step.steps, frame.label);
        ctx.state.frames[ctx.state.frames.length - 1]!.acting = player;
      }
      return "done";
    }
    case "choose_one": {
      const chooser = frame.controller;
      // A mode chosen as the spell or ability was cast (announced then) is taken, not asked again.
      const cast = frame.mode;
      delete frame.mode;
      const mode = cast ?? askMode(ctx, frame, chooser, step.modes.map((m) => m.text), "choose one");
      if (mode === "wait") return "wait";
      const chosen = step.modes[mode] ?? step.modes[0]!;
      if (cast === undefined) emit(ctx, "choice", `${chooser} chooses: ${chosen.text}`, { player: chooser, source: chosen.source ?? source });
      nested(ctx, frame, chosen.steps, chosen.text, chosen.source);
      return "done";
    }
    case "if": {
      const branch = evalCondition(ctx, frame, step.condition) ? step.then : (step.else ?? []);
      if (branch.length) nested(ctx, frame, branch, frame.label);
      return "done";
    }
    case "may": {
      const who = step.who ? (evalPlayer(ctx, frame, step.who) ?? frame.controller) : frame.controller;
      const yes = askYesNo(ctx, frame, who, step.prompt);
      if (yes === "wait") return "wait";
      emit(ctx, "choice", `${who} ${yes ? "chooses to" : "declines to"}: ${step.prompt}`, { player: who, source });
      if (yes) nested(ctx, frame, step.steps, frame.label);
      else if (step.otherwise?.length) nested(ctx, frame, step.otherwise, frame.label);
      return "done";
    }
    case "rule":
      return runNativeRule(ctx, frame, step.rule, step.amount === undefined ? 0 : evalNumber(ctx, frame, step.amount), step.who ? evalPlayers(ctx, frame, step.who) : [frame.controller], step.target ? evalAffected(ctx, frame, step.target) : [], source, { from: step.from ? evalCard(ctx, frame, step.from) : undefined, color: step.color, duration: step.duration });
  }
}

/**
 * A keyword action done another way than by its own step — paying a cost by erasing cards is erasing them:
 * the game's keyword that names `rule` (any of `rules`) is announced and noted, so its triggers fire.
 */
export function keywordActionBy(ctx: Ctx, rules: readonly string[], player: PlayerId, amount: number, source: SourceRef | undefined): void {
  // Nothing done (every cost without an erase part pays through here): no search of the game's keywords.
  if (amount <= 0) return;
  const def = ctx.rules.game.keywords.find((k) => k.kind === "action" && k.rule !== undefined && rules.includes(k.rule));
  if (!def) return;
  emit(ctx, "keyword_action", `${player}: ${def.name} ${amount}`, { player, amount, source });
  noteEvent(ctx, "keyword_action", { player, keyword: def.name, amount });
}

/** A keyword action: an event others trigger on, defined in the game file as card text or as a native rule. */
function runKeywordAction(ctx: Ctx, frame: Frame, keyword: string, amount: number, players: PlayerId[], source: SourceRef | undefined, targets: TargetValue[] = [], duration?: Duration, ownTargets?: readonly { index: number }[]): "done" | "wait" {
  const def = ctx.rules.game.keywords.find((k) => k.name.toLowerCase() === keyword.toLowerCase());
  // A native rule that asked a player (Scry) runs this step again with the answer: the action was already announced.
  if (!frame.answer)
    for (const p of players) {
      emit(ctx, "keyword_action", `${p}: ${keyword} ${amount}`, { player: p, amount, source });
      noteEvent(ctx, "keyword_action", { player: p, keyword, amount });
    }
  if (def?.ability) {
    const own: Frame = { ...frame, steps: def.ability.steps, pc: 0, x: amount, label: `${keyword} ${amount}`, source: def.ability.source, spellCard: undefined, answer: undefined, part: true };
    // The card the keyword acts on ("Bounce target creature") is "it" in the keyword's own text; on several ("Bounce all
    // creatures") the keyword acts on each in turn, each one "it" (its text says what happens to one card).
    const acted = cardsOf(targets);
    if (def.ability.targets.length === 0) {
      if (acted.length === 0) ctx.state.frames.push(own);
      // Frames run last pushed first: pushed in reverse, the cards are acted on in their order.
      for (const card of [...acted].reverse()) ctx.state.frames.push({ ...own, chosen: { ...frame.chosen, it: [card] } });
      return "done";
    }
    if (acted.length) own.chosen = { ...frame.chosen, it: acted };
    // The keyword's own text targets ("Deal N damage to any target"), chosen with the ability (IR `ownTargets`): its slots,
    // as they are now (a target no longer legal was taken out as the ability began to resolve).
    if (ownTargets) {
      ctx.state.frames.push({ ...own, targets: ownTargets.map((t) => frame.targets[t.index] ?? []), chosen: {} });
      return "done";
    }
    // Else chosen now, then it resolves.
    own.targets = [];
    own.chosen = {};
    ctx.state.targeting = { frame: own, specs: def.ability.targets, push: true };
    resumeTargeting(ctx);
    if (!ctx.state.pending) return "done";
    // Waiting for the choice: this step is done, the keyword's frame is pushed once targets are chosen.
    frame.pc += 1;
    return "wait";
  }
  if (def?.rule) return runNativeRule(ctx, frame, def.rule, amount, players, targets, source, duration ? { duration } : {});
  return "done";
}

/**
 * What a rule step names besides its amount, players and targets: `from`, the card doing it (IR `rule.from`); `color`, the
 * colour it is about (IR `rule.color`); `duration`, how long a lasting keyword lasts (IR `keyword_action.duration`).
 */
export interface NativeRuleNamed {
  from?: string;
  color?: string;
  duration?: Duration;
}
export type NativeRule = (ctx: Ctx, frame: Frame, amount: number, players: PlayerId[], targets: TargetValue[], source: SourceRef | undefined, named: NativeRuleNamed) => "done" | "wait";
const nativeRules = new Map<string, NativeRule>();

/** The native rules this engine runs: the registered ones and the interpreter's own (the contract test compares them with NATIVE_RULES). */
export function nativeRuleNames(): string[] {
  return [...nativeRules.keys(), ...BUILT_IN_RULES];
}
/**
 * A card put into play by an effect ("Summon ...", "put it onto the field", "Return ... to the battlefield"): it enters play
 * (its "when this enters play" fires) under `player` — if the field has a free slot (Three-Slot Duel); with none free it
 * stays where it is. The one way an effect puts a card into play, so no effect can fill a field past its slots.
 */
function putOntoField(ctx: Ctx, id: string, player: PlayerId, source: SourceRef | undefined): void {
  const slots = slotsOf(ctx);
  if (slots !== undefined && battlefield(ctx, player).length >= slots) {
    emit(ctx, "check", `no free slot: ${cardName(ctx, id)} stays in the ${ctx.state.cards[id]!.zone}`, { card: id, player, source });
    return;
  }
  enterBattlefield(ctx, id, player, "summoned", source);
}

const BUILT_IN_RULES: readonly NativeRuleName[] = ["end_of_turn", "mill", "move_to_oblivion", "erase", "put_onto_field_free", "scry"];

/** Lets engine modules (combat, game-specific rules) add native rules without the interpreter knowing them. */
export function registerNativeRule(name: NativeRuleName, rule: NativeRule): void {
  nativeRules.set(name, rule);
}

/** Does a step of `op` run among `steps` (inside a `may`, an `if` or a nested run too)? */
function hasStep(steps: readonly Step[], op: Step["op"]): boolean {
  return steps.some((s) => s.op === op || ("steps" in s && Array.isArray(s.steps) && hasStep(s.steps as Step[], op)) || (s.op === "if" && (hasStep(s.then, op) || hasStep(s.else ?? [], op))));
}

/**
 * "Each player loses 2 life, then gains that much life": a step of every player (every opponent) reads its amount for each
 * of them with that player the acting one, so a record of what each player did (a `chosen_count` `ofActing`) counts theirs.
 * Inside a `per_player` step the player it runs for is already the acting one.
 */
function eachPlayerFrame(frame: Frame, who: PlayersRef, player: PlayerId): Frame {
  return frame.acting === undefined && (who.kind === "each_player" || who.kind === "each_opponent") ? { ...frame, acting: player } : frame;
}

/**
 * "Deal 2 damage to target player. You gain life equal to the life lost this way.": the life a damage step's players
 * really lost (after Armor, prevention and replacements: GameState.lifeThisTurn before and after), recorded as a
 * `lose_life` step's is (LIFE_THIS_WAY) — only by a step that dealt damage to a player, so a step that hit only cards
 * leaves an earlier loss's record as it was (the lowering counts only steps that can reach a player). Returns what
 * records it once the damage is dealt.
 */
function lifeLostBy(ctx: Ctx, to: readonly TargetValue[]): ((frame: Frame) => void) | undefined {
  const players = [...new Set(to.flatMap((t) => ("player" in t ? [t.player] : [])))];
  if (players.length === 0) return undefined;
  const before = players.map((p) => ctx.state.lifeThisTurn?.[p]?.lost ?? 0);
  return (frame) => {
    const points: string[] = [];
    players.forEach((p, i) => {
      for (let n = (ctx.state.lifeThisTurn?.[p]?.lost ?? 0) - before[i]!; n > 0; n--) points.push(p);
    });
    frame.chosen[LIFE_THIS_WAY.lose_life] = points;
  };
}

/** Rules a game file names but the card language cannot express; each documented in docs/games. */
function runNativeRule(ctx: Ctx, frame: Frame, rule: string, amount: number, players: PlayerId[], targets: TargetValue[], source: SourceRef | undefined, named: NativeRuleNamed = {}): "done" | "wait" {
  const { rules } = ctx;
  const registered = nativeRules.get(rule);
  if (registered) return registered(ctx, frame, amount, players, targets, source, named);
  switch (rule) {
    case "end_of_turn":
      return "done"; // "until end of turn" effects expire as the turn passes (core.passTurn).
    case "mill": {
      // The cards milled are "each card milled this way" for the steps after (THIS_WAY_LABELS.mill).
      const milled: string[] = [];
      for (const p of players) {
        for (let i = 0; i < amount; i++) {
          const deck = zoneList(ctx, p, rules.zones.deck);
          if (deck.length === 0) break;
          milled.push(deck[0]!);
          moveCard(ctx, deck[0]!, rules.zones.graveyard, { source, by: p });
        }
      }
      frame.chosen[THIS_WAY_LABELS.mill] = milled;
      return "done";
    }
    case "move_to_oblivion":
    case "erase": {
      // The cards erased: "each card erased this way" (THIS_WAY_LABELS.erase) — those that got there.
      const erased = cardsOf(targets);
      for (const id of erased) moveCard(ctx, id, rules.zones.removed, { source, by: actor(frame) });
      frame.chosen[THIS_WAY_LABELS.erase] = erased.filter((id) => ctx.state.cards[id]?.zone === rules.zones.removed);
      return "done";
    }
    case "put_onto_field_free":
      for (const id of cardsOf(targets)) putOntoField(ctx, id, actor(frame), source);
      return "done";
    case "scry": {
      // "look at the top N cards of your deck, put any of them on the bottom and the rest back in any order" (Chromatic's
      // reading): the player chooses which go to the bottom, then, of two or more kept, the order they go back in — one at
      // a time from the top down, as place_looked's "in any order" (a scenario answers each with a line; a bot or the
      // studio picks from the options). What is asked is kept on the frame, so a wait for the next answer resumes here.
      for (const p of players) {
        if (frame.chosen[`$scried:${p}`]) continue;
        const deck = zoneList(ctx, p, rules.zones.deck);
        const top = (frame.chosen["$looked"] ??= deck.slice(0, amount));
        const bottom = frame.chosen["$picked"] ?? askCards(ctx, frame, p, top, 0, top.length, `Scry ${amount}: choose the cards to put on the bottom`);
        if (bottom === "wait") return "wait";
        frame.chosen["$picked"] = bottom;
        const rest = top.filter((id) => !bottom.includes(id));
        // Cards alike (all of one name: "Insight" x3) go back in any order the same: nothing to ask.
        const kept = new Set(rest.map((id) => cardName(ctx, id))).size > 1 ? askOrder(ctx, frame, p, rest, (first) => `Scry ${amount}: choose the card to put ${first ? "first" : "next"} (from the top down) back on top of your ${rules.zones.deck}`) : rest;
        if (kept === "wait") return "wait";
        // The looked-at cards never leave the deck: they change places (no move event).
        const others = deck.filter((id) => !top.includes(id));
        deck.splice(0, deck.length, ...kept, ...others, ...bottom);
        for (const key of ["$looked", "$picked"]) delete frame.chosen[key];
        frame.chosen[`$scried:${p}`] = [];
      }
      for (const p of players) delete frame.chosen[`$scried:${p}`];
      return "done";
    }
    default:
      emit(ctx, "check", `rule "${rule}" is not implemented by this engine; nothing happens`, { source });
      return "done";
  }
}

