/**
 * Runs a parsed scenario against an engine: checks it first with the compiler's scenario checker
 * (every name resolved against the game it runs, every unreadable line a failure: a scenario that
 * cannot be read never passes), builds the board, performs each action (matched against
 * `legalActions`, so a scenario can only do what a player could: an action the engine would accept
 * but does not list fails), and checks each expectation —
 * negated ones too (`expect not ...`). No file I/O: the CLI and the studio read the files.
 */
import { ANY_REFUSAL, type Scenario, type ScenarioAction, type ScenarioStep, type TargetRef, type Expectation, type CardRef, type EventPattern, type StackPattern, type CostWords } from "../grammar/scenario.ts";
import type { CostPart } from "../compiler/ir.ts";
import type { Action, Engine, GameState, TraceEvent, Placed } from "./index.ts";
import type { Payment } from "./engine/actions.ts";
import type { PlayerId, StackItem, TargetValue } from "./state/state.ts";
import { SetupError, type BoardSpec, type CardSpec } from "./index.ts";
import { checkScenario, lookupTiers, modeTextsOf, namedModeOf, offeredModeIndex, spellColoursOf, scenarioNames, tokenNamesMade, unreadableMessage, setupCardEntry, setupEntries, whichChoices, type ScenarioNames } from "../compiler/scenario.ts";
import { RESOLVING, newCtx, playCost, cardDef, hasRule, isNewlyTurned } from "./core/index.ts";
import { wholeModal } from "./core/targets.ts";
import { closestName } from "../compiler/check-suggest.ts";
import { checkInvariants } from "./simulate.ts";
import { listLegalActionsByValidation } from "./engine/actions.ts";
import { cloneJson } from "./state/clone.ts";
import { mechanicsOf } from "./core/mechanics.ts";
import { attackRefusal, blockRefusal, canBlock, combatDeclaration, eligibleAttackers, requiredAttackers } from "./mechanics/combat-damage.ts";
import { isCreature } from "./mechanics/weapons.ts";
import { facetZone, selectionsLeftOut } from "./mechanics/facets.ts";
import { sameLandPayment } from "./mechanics/lands.ts";

export interface ScenarioFailure {
  file: string;
  line: number;
  message: string;
  expected?: string;
  actual?: string;
  /**
   * Of a failed expectation about a value (life, a resource or counter, a zone, a card's stat, damage, counters, state,
   * keywords, cost): how it came to be — its value at the setup and after each line that changed it, with the events of
   * that line that did (`p2 Bleed 0 at the setup → p2 Bleed 1 after line 39 (p2 gets 1 Bleed counter)`), or that no line
   * changed it. The actual value alone does not say whether the rules did something else or nothing at all.
   */
  changes?: string;
  /**
   * Index into `Scenario.steps` (and `ScenarioResult.steps`) of the action or expectation that
   * failed. Absent for failures found before the run (unknown names, setup errors).
   */
  stepIndex?: number;
  /**
   * Index into `ScenarioResult.events` of the last trace event that had happened when the
   * failing step was checked or refused: the stepper opens there. -1 when no event had
   * happened yet; absent when the run never started.
   */
  eventIndex?: number;
}

/** One scenario line as it ran: the trace events it produced are `events[eventStart..eventEnd)`. */
export interface ScenarioStepRun {
  line: number;
  kind: "action" | "expect";
  eventStart: number;
  eventEnd: number;
  /** The state after this step (only with `keepStates`); states are immutable, so this shares structure. */
  state?: GameState;
  /** The action this step applied (only with `keepStates`): a stepper replays it from the previous state with `statePerEvent` to show the board at each of its events. */
  action?: Action;
}

export interface ScenarioResult {
  name: string;
  file: string;
  line: number;
  failures: ScenarioFailure[];
  /**
   * What the run could not check, said without failing the scenario: the end-of-scenario check of what waits
   * (holdsOnlyUnresolved) cut short by its bounds, naming the choice it left and the lines that answer it.
   */
  warnings?: ScenarioFailure[];
  events: TraceEvent[];
  /** The steps that ran, in order (a failed action stops the run, so later steps are missing). */
  steps: ScenarioStepRun[];
  /** The state after setup (only with `keepStates`). */
  initialState?: GameState;
  state?: GameState;
}

export interface ScenarioOptions {
  /** Keep the state after each step in `steps[i].state` (for a stepper that shows the board). */
  keepStates?: boolean;
}

const norm = (s: string) => s.toLowerCase();

/** What the engine's invariants (and its mechanics' own) find wrong with a state; none for a state a game can be in. */
function invariantProblems(engine: Engine, state: GameState): string[] {
  return [...checkInvariants(engine, state), ...mechanicsOf(engine.rules).flatMap((m) => m.invariants?.(newCtx(engine.rules, state), []) ?? [])];
}

/** JSON with sorted keys and no undefined fields: the same value whatever order its keys were built in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

/**
 * The engine's fast listing against the slow, obviously-right one (every candidate move validated as `apply`
 * would): the first action one lists and the other does not, described, or undefined. A listing that
 * misses a legal move hides it from every player choosing from the menu, whichever move the scenario takes.
 */
function listingDiffers(engine: Engine, state: GameState, legal: Action[]): string | undefined {
  const fast = legal.map(canonical);
  const valid = listLegalActionsByValidation(engine.rules, state);
  const slow = valid.map(canonical);
  const missing = slow.findIndex((a) => !fast.includes(a));
  if (missing >= 0) return `it does not list ${JSON.stringify(valid[missing])}, which it accepts`;
  const extra = fast.findIndex((a) => !slow.includes(a));
  if (extra >= 0) return `it lists ${JSON.stringify(legal[extra])}, which validating every candidate does not give`;
  if (fast.join("\n") !== slow.join("\n")) return "it lists the legal actions in another order than validating every candidate";
  return undefined;
}

/**
 * A listed action applied to a copy of the state in place (as bots and `simulate` apply it) must give the same
 * state and the same events as `apply` gave: the two ways into the engine are one game.
 */
function inPlaceDiffers(engine: Engine, before: GameState, action: Action, after: GameState, events: TraceEvent[]): string | undefined {
  const copy = cloneJson(before);
  const inPlace = engine.applyInPlace(copy, action, true);
  if (!inPlace.ok) return `refused (${inPlace.refusal.code})`;
  if (canonical(inPlace.events) !== canonical(events)) return "other events";
  if (canonical(inPlace.state) !== canonical(after)) return "another state";
  return undefined;
}

/** How many matching events a failed event expectation lists (the count is always said in full). */
const EVENTS_SHOWN = 10;

/** The names a scenario of this engine's game may use, built once per engine. */
const namesByEngine = new WeakMap<Engine, ScenarioNames>();
export function scenarioNamesOf(engine: Engine): ScenarioNames {
  let names = namesByEngine.get(engine);
  if (!names) {
    const { game, cards } = engine.rules;
    const facts = [...cards.values()].map((c) => ({ name: c.name, isToken: c.isToken, type: c.cardType }));
    names = scenarioNames(game, facts, () => tokenNamesMade([game.rules, game.keywords, [...cards.values()].map((c) => c.abilities)]));
    const byName = new Map([...cards.values()].map((c) => [c.name.toLowerCase(), c.abilities]));
    names.abilitiesOf = (card) => byName.get(card.toLowerCase());
    namesByEngine.set(engine, names);
  }
  return names;
}

/** One run: the engine, and the order the setup listed its cards in (copies are counted in it). */
interface Run {
  engine: Engine;
  /** Card instance id → its place in the setup's zone lines, in the order written. */
  setupOrder: Map<string, number>;
  /** Every card instance seen so far with its name (tokens that ceased to exist included). */
  seen: Map<string, string>;
}

function nameOf(run: Run, state: GameState, id: string): string {
  const card = state.cards[id];
  const name = card ? (run.engine.rules.cards.get(card.def) ?? state.tokens[card.def])?.name : undefined;
  return name ?? run.seen.get(id) ?? id;
}

const idNumber = (id: string) => Number(/\d+/.exec(id)?.[0] ?? Number.MAX_SAFE_INTEGER);

/** Every instance of a name, in copy order: the setup's order, then the order they were made. */
function copiesOf(run: Run, state: GameState, name: string): string[] {
  const ids = new Set<string>();
  for (const id of Object.keys(state.cards)) if (norm(nameOf(run, state, id)) === norm(name)) ids.add(id);
  for (const [id, seen] of run.seen) if (norm(seen) === norm(name)) ids.add(id);
  const key = (id: string) => run.setupOrder.get(id) ?? Number.MAX_SAFE_INTEGER / 2 + idNumber(id);
  return [...ids].sort((a, b) => key(a) - key(b) || idNumber(a) - idNumber(b));
}

const copyNumber = (run: Run, state: GameState, id: string) => copiesOf(run, state, nameOf(run, state, id)).indexOf(id) + 1;

function refMatches(run: Run, state: GameState, ref: CardRef, id: string): boolean {
  if (norm(nameOf(run, state, id)) !== norm(ref.card)) return false;
  if (ref.controller && state.cards[id]?.controller !== ref.controller) return false;
  return ref.copy === undefined || copyNumber(run, state, id) === ref.copy;
}

/** Where a card is looked for, in order: in play, a resource zone (Facets), resolving, then the other zones (compiler/scenario.ts lookupTiers, as `check` looks). */
function zoneTiers(run: Run): string[][] {
  const { rules } = run.engine;
  return lookupTiers(rules.zones, rules.game.zones, RESOLVING);
}

/** Where the cards of a reference's name are, when the reference (its controller or copy) matches none of them: " (there is p1's "Stone Guard", in Field)". */
function elsewhere(run: Run, state: GameState, ref: CardRef): string {
  const named = Object.values(state.cards).filter((c) => norm(nameOf(run, state, c.id)) === norm(ref.card));
  if (!named.length) return "";
  const places = [...new Set(named.map((c) => `${c.controller}'s "${nameOf(run, state, c.id)}" copy ${copyNumber(run, state, c.id)}, in ${c.zone}`))];
  return ` (there ${places.length === 1 ? "is" : "are"} ${places.join("; ")})`;
}

/**
 * `p2's "X"` where the X p2 owns is controlled by another player: `'s` names the controller. Session 34's probe: after
 * Hostile Takeover, `expect not p2's "Neon Ripper" is renewed` was told only "no card p2's "Neon Ripper" in the game".
 */
function controlledByAnother(run: Run, state: GameState, ref: CardRef): string | undefined {
  if (!ref.controller) return undefined;
  const owned = Object.values(state.cards).find((c) => c.owner === ref.controller && c.controller !== ref.controller && norm(nameOf(run, state, c.id)) === norm(ref.card));
  if (!owned) return undefined;
  const name = `"${nameOf(run, state, owned.id)}"`;
  return `: \`${ref.controller}'s ${name}\` is the one ${ref.controller} controls, and the ${name} ${ref.controller} owns is controlled by ${owned.controller} now, in ${owned.zone} — \`${owned.controller}'s ${name}\``;
}

const describeRef = (ref: CardRef) => `${ref.controller ? `${ref.controller}'s ` : ""}"${ref.card}"${ref.copy !== undefined ? ` copy ${ref.copy}` : ""}${ref.zone ? ` in ${ref.zone}` : ""}`;

/**
 * The one card a reference means: looked for in play first, then in the other zones in the order
 * of `zoneTiers`; the first place holding one must hold only one (else the line must say which,
 * as setup must), unless the reference names the copy.
 */
function resolveCard(run: Run, state: GameState, ref: CardRef): string | { problem: string } {
  const named = Object.values(state.cards).filter((c) => refMatches(run, state, ref, c.id));
  const matching = ref.zone ? named.filter((c) => norm(c.zone) === norm(ref.zone!)) : named;
  if (matching.length === 0 && ref.zone && named.length) {
    const places = [...new Set(named.map((c) => `${c.owner}'s ${c.zone === run.engine.rules.zones.battlefield ? `${c.zone} (in play)` : c.zone}`))];
    return { problem: `no card ${describeRef({ ...ref, zone: undefined })} in any ${ref.zone}: it is in ${places.join(", ")}` };
  }
  if (matching.length === 0) return { problem: `no card ${describeRef(ref)} in the game${controlledByAnother(run, state, ref) ?? elsewhere(run, state, ref)}` };
  if (ref.copy !== undefined) return matching[0]!.id;
  for (const zones of zoneTiers(run)) {
    const here = matching.filter((c) => zones.includes(c.zone));
    if (here.length === 1) return here[0]!.id;
    if (here.length > 1) {
      const where = zones[0] === RESOLVING ? "resolving" : `in ${zones.join(" or ")}`;
      const copies = here.map((c) => copyNumber(run, state, c.id)).sort((a, b) => a - b);
      const choices = whichChoices(ref.card, here.map((c) => ({ player: c.controller })), copies);
      return { problem: `${describeRef(ref)} is ${where} ${here.length} times; say which: ${choices}` };
    }
  }
  return { problem: `no card ${describeRef(ref)} in the game` };
}

const targetMatches = (run: Run, state: GameState, value: TargetValue, ref: TargetRef): boolean =>
  "player" in ref ? "player" in value && value.player === ref.player : "card" in value && refMatches(run, state, ref, value.card);

function namesMatch(run: Run, state: GameState, ids: string[] | undefined, names: string[]): boolean {
  const got = (ids ?? []).map((id) => norm(nameOf(run, state, id))).sort();
  return JSON.stringify(got) === JSON.stringify(names.map(norm).sort());
}

/** The legal action a scenario line describes, if any. */
/** The first of the listed actions the engine refuses, described, or undefined. */
function refusedAmong(engine: Engine, state: GameState, legal: Action[]): string | undefined {
  for (const action of legal) {
    const refusal = engine.check(state, action);
    if (refusal) return `${JSON.stringify(action)} (${refusal.code})`;
  }
  return undefined;
}

/** What a play or activation line says about its payment (each part it leaves out is free to choose). */
type PaymentWords = { discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] };

/** Does a payment agree with every part of it the line names? */
function paymentMatches(run: Run, state: GameState, payment: Payment | undefined, s: PaymentWords): boolean {
  return (
    (!s.lands?.length || namesMatch(run, state, payment?.lands, s.lands)) &&
    (s.discard.length === 0 || namesMatch(run, state, payment?.discard, s.discard)) &&
    (s.erase.length === 0 || namesMatch(run, state, payment?.erase, s.erase)) &&
    (s.sacrifice.length === 0 || namesMatch(run, state, payment?.sacrifice, s.sacrifice)) &&
    (s.x === undefined || payment?.x === s.x)
  );
}

function matchAction(run: Run, state: GameState, step: ScenarioAction, legal: Action[]): Action | undefined {
  return pickFitting(step, legal.filter(fitsLine(run, state, step)));
}

/** Of the listed actions a line fits, the one it takes. */
function pickFitting(step: ScenarioAction, fits: Action[]): Action | undefined {
  // A play naming no target, where choosing none is legal ("up to two target units"): the play with none.
  if ((step.kind === "play" || step.kind === "activate") && step.targets.length === 0) return fits.find((a) => targetsOfAction(a).length === 0) ?? fits[0];
  return fits[0];
}

/** The cards (or players) a listed action's targets are, by position: the attacked target, a choice's target, the played card's targets. */
function targetsOfAction(a: Action): (TargetValue | undefined)[] {
  if (a.type === "attack") return [a.target];
  if (a.type === "game") return [a.target];
  if (a.type === "choose") return [a.target];
  if (a.type === "play" || a.type === "activate") return a.targets ?? [];
  return [];
}

/**
 * A target a line names by its card's name alone (`p1 play "Quick Bolt" target "Scout"`, `p1 attack "Scout" with ...`),
 * when the listed actions the line fits point it at different cards — a Scout on each side: which one is the line's is
 * said, as an expectation naming such a card says it, rather than the first listed (the acting player's own Scout) being
 * taken without a word. Undefined when the name points at one card. `fits`: the listed actions the line fits.
 */
function ambiguousTarget(run: Run, state: GameState, step: ScenarioAction, fits: Action[]): string | undefined {
  const refs: TargetRef[] = step.kind === "play" || step.kind === "activate" ? step.targets : step.kind === "attack" ? [step.target] : step.kind === "choose" && step.target ? [step.target] : [];
  // `p1 play "Quick Bolt"` with two units it could hit: the line names no target, and the first listed one would be taken
  // without a word — the scenario would test another play than its author meant.
  if ((step.kind === "play" || step.kind === "activate") && refs.length === 0) {
    const choices = [...new Map(fits.map((a) => [JSON.stringify(targetsOfAction(a)), targetsOfAction(a)])).values()];
    // "up to two target units" with none chosen: a line naming no target is that play (matchAction takes it).
    if (choices.length < 2 || choices.some((ts) => ts.length === 0)) return undefined;
    const shown = choices.slice(0, 6).map((ts) => ts.map((t) => (t ? describeTarget(run, state, t) : "none")).join(", "));
    // Said with the line to write (session 38's CYBERVAMP probe wrote the target on a line of its own, `p1 targets "X"`).
    const example = choices[0]!.length === 1 ? `on this line, as the play is made — \`${step.player} ${step.kind} ${describeRef(step.card)}${step.kind === "activate" && step.ability > 1 ? ` ability ${step.ability}` : ""} target ${shown[0]}\`` : "with `targeting …`";
    return `the line names no target and the engine offers ${choices.length} choices of target (${shown.join("; ")}${choices.length > 6 ? "; …" : ""}): say which ${example}`;
  }
  if (!refs.some((r) => "card" in r && !r.controller && r.copy === undefined)) return undefined;
  for (const [i, ref] of refs.entries()) {
    if (!("card" in ref) || ref.controller || ref.copy !== undefined) continue;
    const ids = [...new Set(fits.map((a) => targetsOfAction(a)[i]).flatMap((t) => (t && "card" in t ? [t.card] : [])))];
    if (ids.length < 2) continue;
    const cards = ids.map((id) => state.cards[id]!).filter(Boolean);
    const copies = ids.map((id) => copyNumber(run, state, id)).sort((a, b) => a - b);
    return `the target ${describeRef(ref)} could be any of ${ids.length} cards; say which: ${whichChoices(ref.card, cards.map((c) => ({ player: c.controller })), copies)}`;
  }
  return undefined;
}

/**
 * A card of a listed action as a line can tell it apart: a card in play (or in a resource zone, or resolving) is itself;
 * cards of one name in one player's hand, deck, graveyard or removed-from-game zone are alike (the line takes the first
 * listed: which copy of two in hand is played changes nothing a rule reads). A noted trigger is its card and ability.
 */
function alikeForm(run: Run, state: GameState, a: Action): string {
  const { zones } = run.engine.rules;
  const alikeZones = new Set([zones.hand, zones.deck, zones.graveyard, zones.removed]);
  const form = (v: unknown, key?: string): unknown => {
    if (key === "trigger" && typeof v === "number") {
      const t = state.noted.find((n) => n.id === v);
      return t ? `${t.card ?? "rule"}#${t.ability}` : v;
    }
    if (typeof v === "string" && state.cards[v]) {
      const c = state.cards[v]!;
      return alikeZones.has(c.zone) ? `${c.def}@${c.zone}@${c.controller}` : v;
    }
    if (Array.isArray(v)) return v.map((x) => form(x));
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, form(x, k)]));
    return v;
  };
  return JSON.stringify(form(a));
}

/** The Nth triggered ability of a card's printed text (1-based), as `p1 order "X" ability N` counts them; 0 when it is none of them (a keyword's). */
function triggeredNumber(run: Run, state: GameState, card: string | undefined, ability: string): number {
  const def = card ? run.engine.rules.cards.get(state.cards[card]?.def ?? "") : undefined;
  return (def?.abilities.filter((ab) => ab.kind === "triggered").findIndex((ab) => ab.id === ability) ?? -1) + 1;
}

/**
 * What a line leaves to the runner among the listed actions it fits, when they are different moves: a "Choose one —"
 * card's mode, which of two cards in play of one name, which cost payment (lands, cards discarded, erased or
 * sacrificed, the value of X), which noted trigger of a card first. The first listed would be taken without a word —
 * the scenario would test another move than its author meant —, so the line fails, saying what to add. Targets are
 * `ambiguousTarget`'s. Where a line naming no target is the play choosing none ("up to"), only those plays count.
 */
function unsaidChoice(run: Run, state: GameState, step: ScenarioAction, fits: Action[], named?: string[]): string | undefined {
  // A choice of cards the line's names told apart (namedCards: one card each) is answered with those cards, whatever else
  // the listing offers (in play each copy is its own answer).
  if (named) return undefined;
  let same = fits;
  if ((step.kind === "play" || step.kind === "activate") && step.targets.length === 0 && fits.some((a) => targetsOfAction(a).length === 0)) same = fits.filter((a) => targetsOfAction(a).length === 0);
  if (same.length < 2) return undefined;
  const forms = new Map<string, Action>();
  for (const a of same) if (!forms.has(alikeForm(run, state, a))) forms.set(alikeForm(run, state, a), a);
  const moves = [...forms.values()];
  if (moves.length < 2) return undefined;
  const differ = (get: (a: Action) => unknown) => new Set(moves.map((a) => alikeForm(run, state, { type: "pass", player: "", v: get(a) } as unknown as Action))).size > 1;
  const card = (id: string) => {
    const copies = copiesOf(run, state, nameOf(run, state, id)).filter((c) => state.cards[c]);
    const c = state.cards[id];
    const owners = new Set(copies.map((x) => state.cards[x]!.controller));
    return owners.size === copies.length && c ? `${c.controller}'s "${nameOf(run, state, id)}"` : `"${nameOf(run, state, id)}" copy ${copyNumber(run, state, id)}`;
  };
  const list = (items: string[]) => [...new Set(items)].slice(0, 6).join("; ") + (new Set(items).size > 6 ? "; …" : "");
  if ((step.kind === "play" || step.kind === "activate") && step.mode === undefined && step.modeText === undefined && differ((a) => ("mode" in a ? a.mode : undefined))) {
    const first = moves[0] as Extract<Action, { type: "play" | "activate" }>;
    const def = run.engine.rules.cards.get(state.cards[first.card]!.def);
    const texts = (def ? modeTextsOf(def.abilities, first.type === "activate" ? first.ability : undefined) : undefined) ?? [];
    const modes = [...new Set(moves.map((a) => (a as typeof first).mode ?? -1))].sort((x, y) => x - y);
    return `the line names no mode and ${modes.length} modes of "${def?.name ?? step.card.card}" fit it (${modes.map((m) => `mode ${m + 1}${texts[m] ? ` "${texts[m]}"` : ""}`).join("; ")}): say which, with \`mode N\``;
  }
  const pay = (a: Action) => ((a.type === "play" || a.type === "activate") && a.payment) || {};
  if (differ((a) => ("card" in a ? a.card : "attacker" in a ? a.attacker : undefined))) {
    const ids = moves.map((a) => ("card" in a && a.card ? a.card : "attacker" in a ? a.attacker : "")).filter(Boolean) as string[];
    return `${describeRef("card" in step && step.card ? step.card : step.kind === "attack" ? step.attacker : { card: "?" })} could be any of ${new Set(ids).size} cards: say which (${list(ids.map(card))})`;
  }
  if (step.kind === "choose" && differ((a) => (a.type === "choose" ? a.cards : undefined))) {
    const answers = moves.map((a) => (a.type === "choose" ? (a.cards ?? []).map(card).join(", ") : ""));
    return `the cards named fit ${new Set(answers).size} different answers (${list(answers)}): say which, by controller (\`p2's "X"\`) or copy (\`"X" copy 2\`)`;
  }
  if (step.kind === "choose" && differ((a) => (a.type === "choose" ? alikeForm(run, state, { trigger: a.trigger } as unknown as Action) : undefined))) {
    const noted = moves.map((a) => state.noted.find((n) => a.type === "choose" && n.id === a.trigger)).filter((n): n is NonNullable<typeof n> => !!n);
    const shown = noted.map((n) => triggerAsNamed(run, state, n, noted));
    const copies = shown.some((n) => / copy \d+/.test(n));
    return `${noted.length} noted triggers fit the line (${list(shown)}): say which is placed first, with \`order "X" ability N\` (its Nth triggered ability)${copies ? ` or, for copies of one card, \`order "X" copy N\`` : ""}`;
  }
  const parts: [keyof Payment, string, string][] = [["x", "the value of X", "`x N`"], ["lands", "the lands exhausted to pay", "`exhausting \"A\", \"B\"`"], ["discard", "the cards discarded to pay", "`discard \"A\"`"], ["erase", "the cards erased to pay", "`erase \"A\"`"], ["sacrifice", "the cards sacrificed to pay", "`sacrifice \"A\"`"]];
  for (const [part, what, how] of parts) {
    if (!differ((a) => (pay(a) as Payment)[part])) continue;
    const shown = moves.map((a) => {
      const v = (pay(a) as Payment)[part];
      return Array.isArray(v) ? v.map((id) => card(id)).join(", ") || "none" : String(v ?? "none");
    });
    return `the line does not say ${what} and the engine offers ${new Set(shown).size} (${list(shown)}): say which, with ${how}`;
  }
  return `the line fits ${moves.length} different listed actions: ${list(moves.map((a) => JSON.stringify(a)))}`;
}

/**
 * The cards a `choose` line answers a choice of cards with, as the player means them: the engine lists one answer for
 * copies of a card in a hand, deck or graveyard (engine/actions.ts `combinations`; in play each copy is its own answer),
 * so a line naming such a copy is that listed answer made with it; `p2 block "Blood Broker" with "Nightclub Thrall" copy 2`
 * is the answer with the second Thrall, and naming both Thralls is the answer with both. A name that fits several of
 * the offered cards in play (or in a resource zone) that the line does not tell apart is said, not taken: which one
 * blocks, is sacrificed or is chosen changes what later lines read. Cards of one name in a hand, deck, graveyard or
 * removed zone are alike (the first offered). Undefined when the line answers no choice of cards.
 */
function namedCards(run: Run, state: GameState, step: ScenarioAction): string[] | string | undefined {
  if (step.kind !== "choose" || !step.cards?.length || state.pending?.kind !== "cards" || state.pending.player !== step.player) return undefined;
  const { zones } = run.engine.rules;
  const alikeZones = new Set([zones.hand, zones.deck, zones.graveyard, zones.removed]);
  const offered = state.pending.options;
  const refs: CardRef[] = step.refs ?? step.cards.map((card) => ({ card }));
  const used = new Set<string>();
  const ids: string[] = [];
  // Lines naming the copy or controller first, so a bare name takes what is left.
  const order = refs.map((r, i) => [r, i] as const).sort(([a], [b]) => Number(!a.controller && a.copy === undefined) - Number(!b.controller && b.copy === undefined));
  for (const [ref, i] of order) {
    const fit = offered.filter((id) => !used.has(id) && state.cards[id] && refMatches(run, state, ref, id));
    if (fit.length === 0) return undefined;
    const apart = fit.filter((id) => !alikeZones.has(state.cards[id]!.zone));
    const left = refs.filter((r, k) => k !== i && !ids[k] && norm(r.card) === norm(ref.card) && !r.controller && r.copy === undefined).length;
    if (!ref.controller && ref.copy === undefined && apart.length > 1 && apart.length > left + 1) {
      const cards = apart.map((id) => state.cards[id]!);
      const copies = apart.map((id) => copyNumber(run, state, id)).sort((a, b) => a - b);
      return `${describeRef(ref)} could be any of ${apart.length} cards offered: say which, ${whichChoices(ref.card, cards.map((c) => ({ player: c.controller })), copies)}`;
    }
    ids[i] = fit[0]!;
    used.add(fit[0]!);
  }
  return ids;
}

/**
 * What is wrong with a line answering a question of how much or how many (damage assigned to a blocker, divided damage,
 * "up to N"), if anything. Its options are amounts ("0 damage to X", "1 damage to X", ...), so `mode 2` — the second
 * option, 1 damage — would be read where the writer meant 2: the line must give the amount (`p1 chooses 2`). A `mode N`
 * whose option is the amount N (a division's options start at 1) says what it means and stands.
 */
function amountMisread(state: GameState, step: ScenarioAction): string | undefined {
  if (step.kind !== "choose" || (step.mode === undefined && step.amount === undefined)) return undefined;
  const pending = state.pending;
  const amounts = pending?.kind === "mode" && pending.player === step.player ? pending.amounts : undefined;
  if (step.amount !== undefined) {
    if (!amounts) return `${step.player} is not asked for an amount here (${describeState(state)}): \`${step.player} chooses ${step.amount}\` answers a question of how much or how many`;
    if (!amounts.includes(step.amount)) return `${step.amount} is not an amount this choice offers (${pending!.player} ${mustDo(pending!.prompt)}: ${amounts[0]} to ${amounts[amounts.length - 1]})`;
    return undefined;
  }
  if (!amounts || amounts[step.mode! - 1] === step.mode) return undefined;
  const option = pending!.kind === "mode" ? pending!.modes[step.mode! - 1] : undefined;
  return `this choice asks for an amount (${pending!.player} ${mustDo(pending!.prompt)}: ${amounts[0]} to ${amounts[amounts.length - 1]}), and \`mode ${step.mode}\` would be its option ${step.mode}${option !== undefined ? `, "${option}"` : " (it has none)"}, not ${step.mode}: write the amount, \`${step.player} chooses ${step.mode}\`${option !== undefined ? ` (or \`${step.player} chooses ${amounts[step.mode! - 1]}\` for "${option}")` : ""}`;
}

/** A listed `choose` answer made with the cards a line names (`namedCards`), when the engine accepts it so. */
function withNamedCards(engine: Engine, state: GameState, listed: Action | undefined, ids: string[] | undefined): Action | undefined {
  if (!listed || !ids || listed.type !== "choose" || !listed.cards) return listed;
  const named: Action = { ...listed, cards: ids };
  return engine.check(state, named) ? undefined : named;
}

/** Whether a listed action is the one a scenario line describes. */
function fitsLine(run: Run, state: GameState, step: ScenarioAction): (a: Action) => boolean {
  const { engine } = run;
  const payOk = (payment: Payment | undefined, s: PaymentWords) => paymentMatches(run, state, payment, s);
  const targetsOk = (targets: TargetValue[] | undefined, refs: TargetRef[]) =>
    refs.length === 0 ? true : (targets ?? []).length === refs.length && refs.every((r, i) => targetMatches(run, state, targets![i]!, r));
  const is = (id: string | undefined, ref: CardRef) => !!id && refMatches(run, state, ref, id);
  // `play "Blood Rite" mode 1` / `mode "Draw a card"`: the mode chosen as it is cast (a line naming none takes the first legal one).
  const modeOk = (a: Action, s: { mode?: number; modeText?: string }) => {
    if (s.mode === undefined && s.modeText === undefined) return true;
    if (a.type !== "play" && a.type !== "activate") return false;
    if (s.mode !== undefined) return a.mode === s.mode - 1;
    const def = engine.rules.cards.get(state.cards[a.card]!.def);
    const ability = a.type === "activate" ? def?.abilities.find((ab) => ab.id === a.ability) : def?.abilities.find((ab) => ab.kind === "spell" && wholeModal(ab.steps));
    const step = ability ? wholeModal(ability.steps) : undefined;
    return a.mode !== undefined && !!step && norm(step.modes[a.mode]?.text ?? "").replace(/[.\s]+$/, "") === norm(s.modeText!).replace(/[.\s]+$/, "");
  };
  return (a) => {
    if (a.player !== step.player) return false;
    switch (step.kind) {
      case "play":
        return a.type === "play" && is(a.card, step.card) && targetsOk(a.targets, step.targets) && payOk(a.payment, step) && modeOk(a, step);
      case "activate": {
        if (a.type !== "activate" || !is(a.card, step.card)) return false;
        const def = engine.rules.cards.get(state.cards[a.card]!.def);
        const activated = def?.abilities.filter((ab) => ab.kind === "activated") ?? [];
        return activated[step.ability - 1]?.id === a.ability && targetsOk(a.targets, step.targets) && payOk(a.payment, step) && modeOk(a, step);
      }
      case "attack":
        // A game's own attack move (a Weapon attack) is written the same way.
        if (a.type === "game" && a.card && a.target) return is(a.card, step.attacker) && targetMatches(run, state, a.target, step.target);
        return a.type === "attack" && is(a.attacker, step.attacker) && targetMatches(run, state, a.target, step.target);
      case "move":
        return (
          a.type === "game" &&
          a.move === step.move &&
          is(a.card, step.card) &&
          (step.other === undefined || is(a.other, step.other)) &&
          (step.color === undefined || norm(a.color ?? "") === norm(step.color))
        );
      case "defend":
        return a.type === "defend" && is(a.card, step.card);
      case "block":
        // Answered as the blockers declaration (runScenario's declarationSteps); at any other moment nothing matches.
        return false;
      case "pass":
        return a.type === "pass";
      case "end":
        return a.type === "end_phase";
      case "choose": {
        if (a.type !== "choose") return false;
        if (step.yes !== undefined) return a.yes === step.yes;
        if (step.mode !== undefined) return a.mode === step.mode - 1 || (step.mode === 0 && a.mode === 0);
        if (step.amount !== undefined) return state.pending?.kind === "mode" && a.mode !== undefined && state.pending.amounts?.[a.mode] === step.amount;
        if (step.modeText !== undefined) return state.pending?.kind === "mode" && a.mode !== undefined && a.mode === offeredModeIndex(state.pending.modes, step.modeText);
        if (step.target) return a.target !== undefined && targetMatches(run, state, a.target, step.target);
        if (step.trigger) {
          const t = state.noted.find((n) => n.id === a.trigger);
          return is(t?.card, step.trigger) && (step.ability === undefined || triggeredNumber(run, state, t?.card, t!.ability) === step.ability);
        }
        // `choose nothing` is an answer of no cards, not a target choice (which carries no cards).
        if (step.cards) return a.cards !== undefined && namesMatch(run, state, a.cards, step.cards);
        return false;
      }
    }
  };
}

/**
 * A play or activation line that names its lands: the listed action it is when the listing named other, interchangeable
 * lands (the listing names one set of lands per distinct payment; `sameLandPayment`), made with the lands the line
 * names — as the studio's land picker lets a player choose them.
 */
function matchOtherLands(run: Run, state: GameState, step: ScenarioAction, legal: Action[]): Action | undefined {
  if ((step.kind !== "play" && step.kind !== "activate") || !step.lands?.length) return undefined;
  const literal = literalAction(run, state, step);
  if (typeof literal === "string" || (literal.type !== "play" && literal.type !== "activate") || !literal.payment?.lands) return undefined;
  const named = literal.payment.lands;
  const ctx = newCtx(run.engine.rules, state);
  const sameLands = legal.filter((a) => (a.type === "play" || a.type === "activate") && !!a.payment?.lands && sameLandPayment(ctx, a.payment.lands, named));
  const listed = matchAction(run, state, { ...step, lands: undefined }, sameLands);
  if (!listed || (listed.type !== "play" && listed.type !== "activate")) return undefined;
  return { ...listed, payment: { ...listed.payment, lands: named } };
}

/** The literal (possibly illegal) action a scenario line describes, to learn why it is refused. */
/** The mode a play or activate line names, 0-based, or what is wrong with it (compiler/scenario.ts namedModeOf). */
function namedMode(run: Run, state: GameState, card: string, ability: string | undefined, step: { mode?: number; modeText?: string; player?: string }): number | string | undefined {
  const def = run.engine.rules.cards.get(state.cards[card]!.def);
  return namedModeOf(def?.name ?? card, def ? modeTextsOf(def.abilities, ability) : undefined, step, def && !ability ? spellColoursOf(def.abilities) : []);
}

function literalAction(run: Run, state: GameState, step: ScenarioAction): Action | string {
  const { engine } = run;
  const { zones } = engine.rules;
  /** The card a line's reference means, preferring the acting player's cards in `zone`. */
  const pick = (ref: CardRef, zone?: string): string | undefined => {
    const all = Object.values(state.cards).filter((c) => refMatches(run, state, ref, c.id));
    const rank = (c: { controller: string; zone: string }) => (c.controller === step.player ? 0 : 2) + (zone && c.zone === zone ? 0 : 1);
    return all.sort((a, b) => rank(a) - rank(b) || idNumber(a.id) - idNumber(b.id))[0]?.id;
  };
  const target = (ref: TargetRef): TargetValue | undefined => {
    if ("player" in ref) return { player: ref.player };
    const id = pick(ref, zones.battlefield);
    return id ? { card: id } : undefined;
  };
  const named = (s: PaymentWords): Payment => {
    const used = new Set<string>();
    // A card named in a payment: the acting player's in the zone the cost takes it from; else the card of that name
    // wherever it is (the acting player's first), so that the engine answers for a card the cost cannot take
    // (bad_payment: a discard from play, an erase from a hand), as it would for a player naming it.
    const take = (names: string[], zone: string) =>
      names.map((n) => {
        const named = (i: string) => !used.has(i) && norm(nameOf(run, state, i)) === norm(n);
        const id =
          (state.players[step.player]?.zones[zone] ?? []).find(named) ??
          Object.values(state.cards)
            .filter((c) => named(c.id))
            .sort((a, b) => Number(a.controller !== step.player) - Number(b.controller !== step.player) || idNumber(a.id) - idNumber(b.id))[0]?.id;
        if (id) used.add(id);
        return id ?? n;
      });
    const p: Payment = {};
    if (s.discard.length) p.discard = take(s.discard, zones.hand);
    if (s.erase.length) p.erase = take(s.erase, zones.graveyard);
    if (s.sacrifice.length) p.sacrifice = take(s.sacrifice, zones.battlefield);
    if (s.x !== undefined) p.x = s.x;
    if (s.lands?.length) p.lands = take(s.lands, zones.battlefield);
    return p;
  };
  /**
   * The payment of a play or activation: the first that pays its cost and agrees with what the line names, as a
   * legal line's listed action would pay (so `refused illegal_target` is about the target, not an empty payment);
   * when none does, the cards the line names, and the engine says why they do not pay.
   */
  const payment = (s: PaymentWords, action: Extract<Action, { type: "play" | "activate" }>): Payment =>
    engine.payments(state, action).find((p) => paymentMatches(run, state, p, s)) ?? named(s);
  // The payment goes in its place among the action's fields (after the card or ability), as listed actions have it.
  const withPayment = <A extends Extract<Action, { type: "play" | "activate" }>>(action: A, s: PaymentWords): A => {
    const { targets, mode, ...head } = action;
    return { ...head, payment: payment(s, action), targets, ...(mode !== undefined ? { mode } : {}) } as A;
  };
  const targetsOf = (refs: TargetRef[]) => refs.map(target).filter((t): t is TargetValue => !!t);
  // A target naming no card of the game (a wrong player's, a copy too many) is said as such: the action without it
  // would be refused for its count of targets, or as another kind of answer, which misleads.
  const targetRefs = step.kind === "play" || step.kind === "activate" ? step.targets : step.kind === "choose" && step.target ? [step.target] : [];
  const absent = targetRefs.find((ref): ref is CardRef => "card" in ref && !target(ref));
  if (absent) return `no card ${describeRef(absent)} in the game to target${elsewhere(run, state, absent)}`;
  switch (step.kind) {
    case "play": {
      const card = pick(step.card, zones.hand);
      if (!card) return `no card ${describeRef(step.card)} to play`;
      const mode = namedMode(run, state, card, undefined, step);
      if (typeof mode === "string") return mode;
      return withPayment({ type: "play", player: step.player, card, targets: targetsOf(step.targets), ...(mode !== undefined ? { mode } : {}) }, step);
    }
    case "activate": {
      const card = pick(step.card, zones.battlefield);
      if (!card) return `no card ${describeRef(step.card)} to activate`;
      const def = engine.rules.cards.get(state.cards[card]!.def);
      const activated = def?.abilities.filter((a) => a.kind === "activated") ?? [];
      const ability = activated[step.ability - 1]?.id;
      if (!ability) return `"${def?.name ?? step.card.card}" has ${activated.length === 0 ? "no activated ability" : activated.length === 1 ? "1 activated ability" : `${activated.length} activated abilities`}; there is no ability ${step.ability}`;
      const mode = namedMode(run, state, card, ability, step);
      if (typeof mode === "string") return mode;
      return withPayment({ type: "activate", player: step.player, card, ability, targets: targetsOf(step.targets), ...(mode !== undefined ? { mode } : {}) }, step);
    }
    case "attack": {
      const attacker = pick(step.attacker, zones.battlefield);
      const t = target(step.target);
      if (!attacker) return `no card ${describeRef(step.attacker)} to attack with`;
      if (!t) return `no target ${"card" in step.target ? describeRef(step.target) : step.target.player}`;
      // A game's own attack move (a Weapon's), when its rules know one; else the core's attack.
      const own: Action = { type: "game", player: step.player, move: "attack", card: attacker, target: t };
      return engine.check(state, own)?.code === "no_such_ability" ? { type: "attack", player: step.player, attacker, target: t } : own;
    }
    case "defend": {
      const card = pick(step.card, zones.battlefield);
      return card ? { type: "defend", player: step.player, card } : `no card ${describeRef(step.card)}`;
    }
    case "block":
      return `no blockers are being declared now (${describeState(state)}): a "block" line answers ${step.player}'s blockers declaration, after the attackers are declared and the window after them has closed`;
    case "move": {
      const card = pick(step.card);
      if (!card) return `no card ${describeRef(step.card)}`;
      const other = step.other ? pick(step.other) : undefined;
      return { type: "game", player: step.player, move: step.move, card, ...(other ? { other } : {}), ...(step.color ? { color: step.color } : {}) };
    }
    case "pass":
      return { type: "pass", player: step.player };
    case "end":
      return { type: "end_phase", player: step.player };
    case "choose": {
      // `order "X" [ability N]` where the triggers waiting to be ordered are others: say which wait (the literal answer
      // would carry no trigger and be refused for answering with cards).
      if (step.trigger && state.pending?.kind === "order_triggers" && state.pending.player === step.player) return wrongOrder(run, state, step);
      // `chooses mode "Red + Blue"`: the offered mode of that text, else one past the last offered (a mode the
      // engine does not offer, which it refuses) — never an answer of another kind, refused whatever the text says.
      const offered = state.pending?.kind === "mode" ? state.pending.modes : [];
      const byText = step.modeText === undefined ? undefined : offeredModeIndex(offered, step.modeText);
      const amounts = state.pending?.kind === "mode" ? (state.pending.amounts ?? []) : [];
      const byAmount = step.amount === undefined ? undefined : amounts.indexOf(step.amount);
      const mode =
        step.mode !== undefined ? step.mode - 1 : byText !== undefined ? (byText >= 0 ? byText : offered.length) : byAmount !== undefined ? (byAmount >= 0 ? byAmount : offered.length) : undefined;
      return {
        type: "choose",
        player: step.player,
        // "chooses nothing" answers a choice of cards with none (the engine wants the answer's field, `cards: []`).
        ...(step.cards ? { cards: (step.refs ?? step.cards.map((card) => ({ card }))).map((r) => pick(r) ?? r.card) } : step.target || step.yes !== undefined || mode !== undefined ? {} : { cards: [] }),
        ...(step.target ? { target: target(step.target) } : {}),
        ...(step.yes !== undefined ? { yes: step.yes } : {}),
        ...(mode !== undefined ? { mode } : {}),
      };
    }
  }
}

/**
 * What is wrong with `pX end turn` here, if anything. The action ends the current phase (`end phase` is the same action):
 * where the turn goes on to a phase a player decides in (CYBERVAMP's Pre-Battle → Battle, Post-Battle; Chromatic's Main
 * → Second-Main), the line would read as the end of the turn while the game is still in it, and every line after it —
 * `expect "X" is exhausted` meant for after the next Renew — would look at the same turn.
 */
function turnGoesOn(engine: Engine, state: GameState, player: string): string | undefined {
  const phases = engine.rules.game.phases;
  const at = phases.findIndex((p) => p.name === state.phase);
  const last = phases.findLastIndex((p) => !p.auto);
  const later = phases.slice(at + 1, last + 1);
  if (state.over || at < 0 || last <= at) return undefined;
  return `"end turn" ends the current phase, not the turn: ${state.active}'s ${state.phase} phase ends and the turn goes on to ${later.map((p) => p.name).join(", ")}, where players decide. Write \`${player} end phase\`, and end each phase after it (answering its windows) to reach the next turn`;
}

/** The scenario line that answers the choice a state waits for (for a line that answered it with something else). */
function answerForm(run: Run, state: GameState): string | undefined {
  const pending = state.pending;
  if (!pending) return undefined;
  const p = pending.player;
  switch (pending.kind) {
    case "mode":
      if (pending.amounts?.length) return `the amount: \`${p} chooses N\`, N from ${pending.amounts[0]} to ${pending.amounts[pending.amounts.length - 1]}`;
      return `\`${p} chooses mode N\` (N from 1: ${pending.modes.map((m, i) => `${i + 1} "${m}"`).join("; ")}) or \`${p} chooses mode "<its text>"\``;
    case "yes_no":
      return `\`${p} chooses yes\` or \`${p} chooses no\``;
    case "targets":
      return `\`${p} targets <a card in quotes, or a player>\``;
    case "order_triggers":
      return `\`${p} order "<card>"\` (which noted trigger is placed first)`;
    case "cards":
    case "defender":
      return `the cards: \`${p} chooses "<card>"\`${pending.kind === "cards" && pending.min === 0 ? ` or \`${p} chooses nothing\`` : ""}`;
  }
}

/**
 * A `pX order "X" [ability N]` line naming no trigger that waits to be ordered: which ones wait, each as a line would
 * name it (its card, and the number of its ability among the card's printed triggered abilities, with its text).
 */
function wrongOrder(run: Run, state: GameState, step: ScenarioAction & { kind: "choose" }): string {
  const pending = state.pending as Extract<GameState["pending"], { kind: "order_triggers" }>;
  const named = `"${step.trigger!.card}"${step.ability !== undefined ? ` ability ${step.ability}` : ""}`;
  return `no trigger of ${named} waits to be ordered: ${pending.player} orders ${waitingTriggers(run, state).join("; ")} — write \`${step.player} order\` with one of them`;
}

/** The noted triggers a pending order_triggers choice waits on, each as an `order` line names it (alike ones once). */
function waitingTriggers(run: Run, state: GameState): string[] {
  const pending = state.pending as Extract<GameState["pending"], { kind: "order_triggers" }>;
  const noted = pending.triggers.map((id) => state.noted.find((n) => n.id === id));
  const waiting = noted.map((t) => {
    if (!t?.card) return `a rule's trigger${t ? ` (${t.ability})` : ""}`;
    const def = run.engine.rules.cards.get(state.cards[t.card]?.def ?? "");
    const text = def?.abilities.find((ab) => ab.id === t.ability)?.text;
    return `${triggerAsNamed(run, state, t, noted)}${text ? ` (${text})` : ""}`;
  });
  return [...new Set(waiting)];
}

/**
 * A noted trigger as an `order` line names it: its card — with `copy N` when another of the triggers it is told apart
 * from is on another copy of that card (two Ghoul Scavengers destroyed at once: `order "Ghoul Scavenger" copy 1`) — and
 * the number of its ability among the card's printed triggered abilities.
 */
function triggerAsNamed(run: Run, state: GameState, t: { card?: string; ability: string }, among: readonly ({ card?: string } | undefined)[]): string {
  if (!t.card) return "a rule";
  const name = nameOf(run, state, t.card);
  const copies = among.some((o) => o?.card && o.card !== t.card && nameOf(run, state, o.card) === name);
  const n = triggeredNumber(run, state, t.card, t.ability);
  return `"${name}"${copies ? ` copy ${copyNumber(run, state, t.card)}` : ""}${n > 0 ? ` ability ${n}` : ""}`;
}

/** Whether an expectation is about the stack itself: what waits there is what it reads. */
function aboutTheStack(kind: Expectation["kind"]): boolean {
  return kind === "stack" || kind === "stack_count" || kind === "stack_item";
}

/**
 * What the game waits for in the middle of something, said after "expectation not met": a choice an effect or a rule
 * asks (not a combat declaration, which a scenario writes as attack and block lines), or spells, abilities and rule
 * items on the stack waiting for both players to pass. Undefined when the game waits for nothing of the kind.
 */
function waitingNow(run: Run, state: GameState): string | undefined {
  if (state.over) return undefined;
  const pending = state.pending;
  if (pending) {
    if (combatDeclaration(state, run.engine.rules.zones.battlefield)) return undefined;
    const form = answerForm(run, state);
    return `while a choice waits: ${pending.player} ${mustDo(pending.prompt)} (answer it on a line before this one${form ? `, with ${form}` : ""})`;
  }
  if (!state.stack.length) return undefined;
  const items = [...state.stack].reverse().map((item) => {
    const name = item.frame.card ? `"${nameOf(run, state, item.frame.card)}"` : undefined;
    return !name ? `rule (${item.frame.label})` : item.kind === "trigger" ? `${name}'s triggered ability` : item.kind === "ability" ? `${name}'s ability` : name;
  });
  const decider = run.engine.decider(state);
  // The passes it takes, as the engine counts them: after `p1 end phase` (or a play) p1 has passed already, and "both
  // players pass in turn" sent the writer to add a `p1 pass` the engine then refused (session 33, a new game's Beginning).
  return `while ${items.length === 1 ? "an item waits" : `${items.length} items wait`} on the stack (top first: ${items.join(", ")})${decider ? `, ${decider} holding priority: ${passesThatResolve(run, state, decider)} resolves ${items.length > 1 ? "the top one" : "it"}` : ""}`;
}

/**
 * The pass lines that resolve the top of the stack (or close a window) from here, `decider` holding priority: the engine
 * is asked whether the other player must pass too (a player who just put an item on the stack, or ended a phase, has
 * passed on it already).
 */
function passesThatResolve(run: Run, state: GameState, decider: PlayerId): string {
  const passed = run.engine.apply(state, { type: "pass", player: decider });
  const stillOpen = passed.ok && !passed.state.over && passed.state.stack.length === state.stack.length && sameTop(passed.state, state) && run.engine.rules.model.windowOpen(passed.state) && run.engine.decider(passed.state) !== decider;
  return stillOpen ? `\`${decider} pass\`, then \`${run.engine.decider(passed.state)} pass\`` : `\`${decider} pass\``;
}

/**
 * A choice the game waits for that a scenario writes as an answer line (`pX chooses …`, `pX targets …`, `pX order …`):
 * one an effect or a rule asks — not a combat declaration, which a scenario writes as attack and block lines.
 */
function answerWaits(run: Run, state: GameState): boolean {
  return !state.over && !!state.pending && !combatDeclaration(state, run.engine.rules.zones.battlefield);
}

/** A card as an answer line names it: its name, told apart by controller or copy only where another card of the name is in play. */
function answerCard(run: Run, state: GameState, id: string): string {
  const name = nameOf(run, state, id);
  const c = state.cards[id];
  const { zones } = run.engine.rules;
  const alike = c && [zones.hand, zones.deck, zones.graveyard, zones.removed].includes(c.zone);
  const copies = copiesOf(run, state, name).filter((x) => state.cards[x] && state.cards[x]!.zone === c?.zone);
  if (!c || alike || copies.length < 2) return `"${name}"`;
  const owners = new Set(copies.map((x) => state.cards[x]!.controller));
  return owners.size === copies.length ? `${c.controller}'s "${name}"` : `"${name}" copy ${copyNumber(run, state, id)}`;
}

/** The scenario line of a listed answer to the choice a state waits for. */
function answerLine(run: Run, state: GameState, a: Extract<Action, { type: "choose" }>): string {
  const p = a.player;
  const pending = state.pending;
  if (a.trigger !== undefined && pending?.kind === "order_triggers") {
    const noted = pending.triggers.map((id) => state.noted.find((n) => n.id === id));
    const t = state.noted.find((n) => n.id === a.trigger);
    return `${p} order ${t ? triggerAsNamed(run, state, t, noted) : "<card>"}`;
  }
  if (a.yes !== undefined) return `${p} chooses ${a.yes ? "yes" : "no"}`;
  if (a.mode !== undefined && pending?.kind === "mode") {
    const amount = pending.amounts?.[a.mode];
    return amount !== undefined ? `${p} chooses ${amount}` : `${p} chooses mode "${pending.modes[a.mode] ?? a.mode + 1}"`;
  }
  if (a.target) return `${p} targets ${"player" in a.target ? a.target.player : answerCard(run, state, a.target.card)}`;
  const cards = a.cards ?? [];
  return cards.length ? `${p} chooses ${cards.map((id) => answerCard(run, state, id)).join(", ")}` : `${p} chooses nothing`;
}

/** One way a scenario's end goes on once what it set going is finished: the state, the events since, the lines that take it there. */
interface Onward {
  state: GameState;
  events: TraceEvent[];
  /** The lines, in order: passes and answers. */
  lines: string[];
  /** The choices answered on the way, as `pX's choice (<prompt>)`. */
  choices: string[];
  /** A declaration of blockers the scenario left was answered "no blockers" on the way (onwardWays with `battle`). */
  blocksAssumed?: true;
}

/**
 * Where the search of `onwardWays` stopped short: a choice some of whose answers were not tried (more ways than
 * ONWARD_WAYS in all), or one still waiting ONWARD_DEPTH choices deep. `way` is how the game got to it.
 */
interface OnwardCut {
  way: Onward;
  pending: NonNullable<GameState["pending"]>;
  /** The answers of that choice tried, of how many (copies alike once); 0 of 0 for a choice too deep to be answered at all. */
  tried: number;
  of: number;
}

/**
 * How far the end-of-scenario check answers choices: every answer of every choice (copies alike once), breadth first —
 * all the answers of the first choice, then the choices each of them leads to — until ONWARD_WAYS answers were applied
 * or a choice waits ONWARD_DEPTH choices deep. Session 37 stopped at 12 answers a choice, 3 deep, 48 ways, and passed in
 * silence what only a 13th answer or a 4th choice broke; a search cut short now says so (`OnwardCut`), never passes.
 */
const ONWARD_WAYS = 256;
const ONWARD_DEPTH = 16;

/**
 * What the stack's items set going and the choices waiting do once finished, as far as passes and answers take them: the
 * decider passes while an item a card (or a rule written as an ability) put there waits and no choice is asked; a choice
 * an effect or a rule asks (not a combat declaration) is answered each way the engine lists (copies alike once), within
 * the bounds above (`cut` names the first choice they left unanswered). The game's own flow (a phase's end, the rest of a
 * battle's steps) is not run. Undefined when nothing of the kind waits.
 */
function onwardWays(run: Run, state: GameState, inOrder: boolean, battle = false): { ways: Onward[]; cut?: OnwardCut } | undefined {
  // With `battle`, a battle whose attackers are declared and whose damage is not dealt yet (GameState.battle) goes on too,
  // its windows passed, up to a combat declaration (not answered) or its damage (holdsOnlyBeforeDamage).
  const setGoing = (s: GameState) => !s.over && !s.pending && ((battle && !!s.battle) || s.stack.some((item) => item.kind !== "rule" && (item.frame.card ?? item.frame.ability) !== undefined));
  // A declaration of blockers the scenario left unasked is answered as the rules let a player answer it whatever the
  // board: no blockers (CYBERVAMP's Battle phase, "Your opponent may block"; Chromatic 18 step 2, "Leave an attacking
  // creature unblocked") — the battle an outsider who wrote no block line expects (session 39). Three-Slot Duel has no
  // declaration: an attack is dealt as it is declared.
  const blockersAsked = (s: GameState) => battle && !s.over && combatDeclaration(s, run.engine.rules.zones.battlefield)?.kind === "blockers";
  if (!setGoing(state) && !answerWaits(run, state) && !blockersAsked(state)) return undefined;
  const ways: Onward[] = [];
  let cut: OnwardCut | undefined;
  let applied = 0;
  const reached = new Set<string>();
  const passOn = (from: Onward): Onward => {
    let now = from;
    for (let i = 0; i < 64 && (setGoing(now.state) || blockersAsked(now.state)); i++) {
      if (blockersAsked(now.state)) {
        const player = now.state.pending!.player;
        const none = run.engine.legalActions(now.state).find((a) => a.type === "choose" && a.player === player && !a.cards?.length && a.target === undefined);
        const declared = none ? run.engine.apply(now.state, none) : undefined;
        if (!declared?.ok) break;
        now = { ...now, state: declared.state, events: [...now.events, ...declared.events], lines: [...now.lines, `\`${player} blocks nothing\``], blocksAssumed: true };
        continue;
      }
      const decider = run.engine.decider(now.state);
      if (!decider) break;
      const passed = run.engine.apply(now.state, { type: "pass", player: decider });
      if (!passed.ok) break;
      now = { ...now, state: passed.state, events: [...now.events, ...passed.events], lines: [...now.lines, `\`${decider} pass\``] };
    }
    return now;
  };
  let level: Onward[] = [{ state, events: [], lines: [], choices: [] }];
  for (let depth = 0; level.length; depth++) {
    const next: Onward[] = [];
    for (const from of level) {
      const now = passOn(from);
      // Answers that lead to the same game, with the same events (in the same order, where a line reads their order), are
      // one way: trigger orders, targets and cards alike that come to the same (Chromatic's Seer and Sparkmage triggers).
      const events = now.events.map((e) => canonical([e.kind, e.player, e.amount, e.card, e.name, e.from, e.other]));
      const key = `${canonical(now.state)}\u0000${(inOrder ? events : events.sort()).join("\u0001")}`;
      if (reached.has(key)) continue;
      reached.add(key);
      if (!answerWaits(run, now.state)) {
        ways.push(now);
        continue;
      }
      const pending = now.state.pending!;
      const seen = new Set<string>();
      const answers = run.engine.legalActions(now.state).filter((a): a is Extract<Action, { type: "choose" }> => a.type === "choose" && !seen.has(alikeForm(run, now.state, a)) && !!seen.add(alikeForm(run, now.state, a)));
      if (!answers.length) {
        ways.push(now);
        continue;
      }
      // A way cut short is no way the game goes: the line is not judged on a choice left unanswered, the cut is said.
      if (depth >= ONWARD_DEPTH) {
        cut ??= { way: now, pending, tried: 0, of: answers.length };
        continue;
      }
      let tried = 0;
      for (const answer of answers) {
        if (applied >= ONWARD_WAYS) break;
        applied++;
        tried++;
        const after = run.engine.apply(now.state, answer);
        if (!after.ok) continue;
        next.push({ state: after.state, events: [...now.events, ...after.events], lines: [...now.lines, `\`${answerLine(run, now.state, answer)}\``], choices: [...now.choices, `${pending.player}'s choice (${pending.prompt})`] });
      }
      if (tried < answers.length) cut ??= { way: now, pending, tried, of: answers.length };
    }
    level = next;
  }
  return { ways, ...(cut ? { cut } : {}) };
}

/**
 * An expectation of a scenario's last stretch that holds only because what the scenario set going has not finished: the
 * scenario ends while spells, abilities or triggers wait on the stack, or while a choice an effect asks waits unanswered,
 * and once they resolve (by passes) and the choice is answered (some way the engine offers) the line no longer holds.
 * Session 36's probe: `p1 play "Arterial Spray" target p2`, `p2 play "Counterhack" target "Arterial Spray"`, `expect p2
 * life 20`, `expect no event damage p2`, with no passes, passed whatever Counterhack did — neither spell had resolved.
 * Session 37: Mind Leech's breach ("Your opponent discards a card."), p2's discard never answered, `expect p2 hand count
 * 2` held. A line that still holds every way stands (a cost paid, a card exhausted, a trigger noted), and so does a last
 * stretch that says what waits (`expect stack ...`, `expect pX to act`). When the search could not try every way
 * (`OnwardCut`: Overclocked Seer's discard from a hand of 13, four "you may" questions in a row), the run warns at the
 * first line of the stretch, with the lines to write: a line it could not judge is not said to hold.
 */
function holdsOnlyUnresolved(run: Run, state: GameState, events: readonly TraceEvent[], scenario: Scenario): { line: number; message: string; warning?: true } | undefined {
  const steps = scenario.steps;
  const lastAction = steps.findLastIndex((s) => s.kind === "action");
  const stretch = steps.slice(lastAction + 1).filter((s): s is ScenarioStep & { kind: "expect" } => s.kind === "expect");
  if (!stretch.length || stretch.some((s) => aboutTheStack(s.expect.kind) || s.expect.kind === "to_act")) return undefined;
  const onward = onwardWays(run, state, stretch.some((s) => s.expect.kind === "order" || s.expect.kind === "one_event"));
  if (!onward) return undefined;
  const { ways, cut } = onward;
  const waiting = [...state.stack].reverse().map((item) => stackItemName(run, state, item));
  const choiceNow = answerWaits(run, state) ? state.pending! : undefined;
  const said = `\`expect stack: ${[...state.stack].reverse().map((item) => (item.frame.card ? `"${nameOf(run, state, item.frame.card)}"` : "rule")).join(", ")}\``;
  for (const step of stretch) {
    for (const way of ways) {
      const v = evaluate(run, way.state, [...events, ...way.events], step.expect, scenario, step.negate);
      if (typeof v !== "string" && v.holds !== step.negate) continue;
      const why = typeof v === "string" ? v : `${step.negate ? "not " : ""}${v.expected}: ${v.actual}`;
      if (choiceNow) {
        const form = answerForm(run, state);
        return {
          line: step.line,
          message: `this line holds only because ${choiceNow.player}'s choice waits unanswered (${choiceNow.player} ${mustDo(choiceNow.prompt)}), and the scenario ends here: once it is answered (${way.lines.join(", ")}) it no longer holds (${why}) — answer it on a line before this one${form ? `, with ${form}` : ""}, to expect what it does, or say that it waits with \`expect ${choiceNow.player} to act\``,
        };
      }
      const answered = way.choices.length ? ` and ${way.choices.join(", then ")} ${way.choices.length === 1 ? "is" : "are"} answered` : "";
      return {
        line: step.line,
        message: `this line holds only because ${waiting.length === 1 ? `${waiting[0]} has` : `${waiting.join(", ")} (top first) have`} not resolved, and the scenario ends here: once ${waiting.length === 1 ? "it resolves" : "they resolve"}${answered} (${way.lines.join(", ")}) it no longer holds (${why}) — write those ${answered ? "lines" : "passes"} before this line to expect what they do, or say that ${waiting.length === 1 ? "it waits" : "they wait"} with ${said}`,
      };
    }
  }
  if (!cut) return undefined;
  const p = cut.pending.player;
  // The line to write first is the answer to what waits now (the search goes on from there); else the cut choice's.
  const [asker, form] = choiceNow ? [choiceNow.player, answerForm(run, state)] : [p, answerForm(run, cut.way.state)];
  const where = `${p}'s choice (${p} ${mustDo(cut.pending.prompt)})${cut.way.lines.length ? ` after ${cut.way.lines.join(", ")}` : ""}`;
  const bound = cut.tried ? `${ONWARD_WAYS} answers in all: ${cut.tried} of the ${cut.of} answers of ${where} were tried` : `${ONWARD_DEPTH} choices deep: ${where} is the ${ONWARD_DEPTH + 1}th`;
  const lead = choiceNow
    ? `this line is read while ${choiceNow.player}'s choice waits unanswered (${choiceNow.player} ${mustDo(choiceNow.prompt)}), and the scenario ends here`
    : `this line is read while ${waiting.length === 1 ? `${waiting[0]} has` : `${waiting.join(", ")} (top first) have`} not resolved, and the scenario ends here`;
  const they = choiceNow ? "it" : waiting.length === 1 ? "it" : "they";
  return {
    line: stretch[0]!.line,
    warning: true,
    message: `${lead}: the runner tries every way ${they} can go on, to see that the lines after the last action still hold once ${they} ${they === "it" ? "is" : "are"} done, and there are more ways than it tries (${bound}), so this stretch is not checked — write the ${choiceNow && !cut.way.lines.length ? "answer" : "passes and answers"} before this line to expect what ${they} ${they === "it" ? "does" : "do"}${form ? ` (${asker}'s answer: ${form})` : ""}, or say that ${they} ${they === "it" ? "waits" : "wait"} with ${choiceNow ? `\`expect ${choiceNow.player} to act\`` : said}`,
  };
}

/**
 * A line in the middle of a scenario (later lines act) that holds only because what the lines before set going has not
 * finished: read while spells, abilities or triggers wait on the stack, or a choice an effect asks waits unanswered, and
 * once they resolve (by passes) and the choice is answered (some way the engine offers) it no longer holds. Session 39
 * left it: such a line passed when its value happened to be true at that moment, whether its writer meant the moment
 * before the resolution or after. A warning (which `--strict`, the CI default, fails), as the same stretch may be meant for
 * that moment: a stretch that says what waits (`expect stack ...`, `expect pX to act`) stands, as at a scenario's end
 * (holdsOnlyUnresolved, which judges the last stretch). `cache` keeps the search of each stretch (by its first step).
 */
function heldBeforeResolving(run: Run, state: GameState, events: readonly TraceEvent[], scenario: Scenario, index: number, cache: Map<number, ReturnType<typeof onwardWays> | null>): string | undefined {
  const steps = scenario.steps;
  let start = index;
  while (start > 0 && steps[start - 1]!.kind === "expect") start--;
  let end = index;
  while (end + 1 < steps.length && steps[end + 1]!.kind === "expect") end++;
  if (!steps.slice(end + 1).some((s) => s.kind === "action")) return undefined;
  const stretch = steps.slice(start, end + 1).filter((s): s is ScenarioStep & { kind: "expect" } => s.kind === "expect");
  if (stretch.some((s) => aboutTheStack(s.expect.kind) || s.expect.kind === "to_act")) return undefined;
  let onward = cache.get(start);
  if (onward === undefined) {
    onward = onwardWays(run, state, stretch.some((s) => s.expect.kind === "order" || s.expect.kind === "one_event")) ?? null;
    cache.set(start, onward);
  }
  if (!onward) return undefined;
  const step = steps[index] as ScenarioStep & { kind: "expect" };
  // Where the game is (its turn and phase) is about the moment itself: the passes that resolve the stack may end the phase.
  if (step.expect.kind === "phase" || step.expect.kind === "turn") return undefined;
  const choiceNow = answerWaits(run, state) ? state.pending! : undefined;
  const waiting = [...state.stack].reverse().map((item) => stackItemName(run, state, item));
  const said = `\`expect stack: ${[...state.stack].reverse().map((item) => (item.frame.card ? `"${nameOf(run, state, item.frame.card)}"` : "rule")).join(", ")}\``;
  for (const way of onward.ways) {
    const v = evaluate(run, way.state, [...events, ...way.events], step.expect, scenario, step.negate);
    if (typeof v !== "string" && v.holds !== step.negate) continue;
    const why = typeof v === "string" ? v : `${step.negate ? "not " : ""}${v.expected}: ${v.actual}`;
    if (choiceNow) {
      const form = answerForm(run, state);
      return `this line holds only because ${choiceNow.player}'s choice waits unanswered (${choiceNow.player} ${mustDo(choiceNow.prompt)}): once it is answered (${way.lines.join(", ")}) it no longer holds (${why}) — if it is meant for after, answer it on a line before this one${form ? `, with ${form}` : ""}; if it is meant for now, say that the choice waits with \`expect ${choiceNow.player} to act\` in this stretch of expect lines`;
    }
    const answered = way.choices.length ? ` and ${way.choices.join(", then ")} ${way.choices.length === 1 ? "is" : "are"} answered` : "";
    const it = waiting.length === 1 ? "it" : "they";
    return `this line holds only because ${waiting.length === 1 ? `${waiting[0]} has` : `${waiting.join(", ")} (top first) have`} not resolved yet: once ${it} resolve${it === "it" ? "s" : ""}${answered} (${way.lines.join(", ")}) it no longer holds (${why}) — if it is meant for after, write those ${answered ? "lines" : "passes"} before this line; if it is meant for now, say that ${it} wait${it === "it" ? "s" : ""} with ${said} in this stretch of expect lines`;
  }
  return undefined;
}

/**
 * An expectation of a scenario's last stretch that holds only because the battle under way has not dealt its damage: the
 * scenario ends after the blockers (or attackers) are declared, and once both players pass its windows the damage breaks
 * the line. Session 38's CYBERVAMP probe: `p2 block "Hemorrhage Stalker" with "Street Samurai"` (When this blocks, it gets
 * +1/+1), then `expect p1 battlefield has "Hemorrhage Stalker"` passed — the damage that destroys it was never dealt.
 * A warning, not a failure: a scenario may stop mid-battle on purpose to read what happened before the damage (a block
 * trigger's damage, a bonus while blocking); `expect pX to act` says it stops there, as for the stack.
 */
/*
 * Session 39: so does a scenario that ends before the blockers are declared (an attack line, no block line: `p1 attack p2
 * with "Razorfang Courier"`, `expect p2 life 20` held). The check answers the declaration "no blockers", the one answer
 * every board allows, and warns naming the block lines and passes to write.
 */
function holdsOnlyBeforeDamage(run: Run, state: GameState, events: readonly TraceEvent[], scenario: Scenario): { line: number; message: string } | undefined {
  if (state.over || !state.battle) return undefined;
  const steps = scenario.steps;
  const lastAction = steps.findLastIndex((s) => s.kind === "action");
  const stretch = steps.slice(lastAction + 1).filter((s): s is ScenarioStep & { kind: "expect" } => s.kind === "expect");
  if (!stretch.length || stretch.some((s) => aboutTheStack(s.expect.kind) || s.expect.kind === "to_act")) return undefined;
  const onward = onwardWays(run, state, stretch.some((s) => s.expect.kind === "order" || s.expect.kind === "one_event"), true);
  if (!onward) return undefined;
  const who = run.engine.decider(state) ?? state.active;
  for (const step of stretch) {
    for (const way of onward.ways) {
      if (way.state.battle) continue;
      const v = evaluate(run, way.state, [...events, ...way.events], step.expect, scenario, step.negate);
      if (typeof v !== "string" && v.holds !== step.negate) continue;
      const why = typeof v === "string" ? v : `${step.negate ? "not " : ""}${v.expected}: ${v.actual}`;
      if (way.blocksAssumed) {
        // Ended before the blockers were declared (session 39): the line holds on a board where no one has blocked yet.
        const defender = way.lines.find((l) => / blocks nothing`$/.test(l))!.slice(1).split(" ")[0];
        return {
          line: step.line,
          message: `this line holds only because the scenario ends before ${defender} declares blockers, so the battle has dealt no damage: if ${defender} blocks nothing and the damage is dealt (${way.lines.join(", ")}) the line no longer holds (${why}) — write the block lines (\`${defender} block "<attacker>" with "<card>"\`, or \`${defender} blocks nothing\`) and the passes before this line to expect what the battle does, or say that the scenario stops before the blockers with \`expect ${who} to act\``,
        };
      }
      return {
        line: step.line,
        message: `this line holds only because the battle has not dealt its damage, and the scenario ends here: once it does (${way.lines.join(", ")}) the line no longer holds (${why}) — write those lines before this line to expect what the battle does, or say that the scenario stops before the damage with \`expect ${who} to act\``,
      };
    }
  }
  return undefined;
}

/**
 * Refusals of a line written at another moment than the one the game is at: the player does not hold priority
 * (`not_your_decision`), no choice waits (`no_choice_pending`), nothing waits to pass on (`no_window`). The runner says
 * with them what the game waits for now and the line that answers it (whatWaitsNow).
 */
const ANOTHER_MOMENT: readonly string[] = ["not_your_decision", "no_choice_pending", "no_window"];

/** Whether two states have the same item on top of their stacks (or both none): a pass has not resolved it. */
const sameTop = (a: GameState, b: GameState): boolean => {
  const [x, y] = [a.stack[a.stack.length - 1], b.stack[b.stack.length - 1]];
  return x === y || (!!x && !!y && x.kind === y.kind && x.frame.card === y.frame.card && x.frame.label === y.frame.label);
};

/**
 * Why selections of a spell's abilities are not among the modes offered (runtime/mechanics/facets.ts selectionsLeftOut),
 * said after a refused mode line: session 37's Chromatic probe, `p2 chooses mode "Red + Blue (pay 1 Blue Facet)"` on
 * p1's turn with no Facet, was told only the modes offered. A Facet the cost asks for is set up in the Facet zone.
 */
function leftOutSaid(run: Run, state: GameState): string {
  const why = state.pending ? selectionsLeftOut(newCtx(run.engine.rules, state), state.pending) : [];
  if (!why.length) return "";
  const facets = facetZone(run.engine.rules);
  const setUp = why.some((w) => / Facets? of its colour/.test(w)) ? ` (a ready Facet is set up with \`${state.pending!.player} ${facets}: "<a card of that colour>"\`)` : "";
  return `; not offered: ${why.join("; ")}${setUp}`;
}

/**
 * What the game waits for now, and the line that answers it — said after a refusal of ANOTHER_MOMENT. On main d83981c an
 * outsider's CYBERVAMP `p1 choose nothing` right after `p1 end phase` was refused "no_choice_pending: no choice is waiting
 * (p1's Pre-Battle phase)": the end of the phase waited on the stack for p2's pass, which nothing said; a Chromatic attack
 * line in a combat window, "not_your_decision: something waits for priority: pass or respond first".
 */
function whatWaitsNow(run: Run, state: GameState): string {
  if (state.over) return "the game is over";
  const pending = state.pending;
  if (pending) {
    const declaring = combatDeclaration(state, run.engine.rules.zones.battlefield);
    if (declaring) return `${pending.player} ${mustDo(pending.prompt)}: write it with ${declaring.kind === "attackers" ? `attack lines (\`${pending.player} attack <player> with "<card>"\`)` : `block lines (\`${pending.player} block "<attacker>" with "<card>"\`)`} or \`${pending.player} choose nothing\``;
    const form = answerForm(run, state);
    return `${pending.player} ${mustDo(pending.prompt)}${form ? `: answer it with ${form}` : ""}`;
  }
  const decider = run.engine.decider(state);
  if (!decider) return "nothing waits";
  const passes = passesThatResolve(run, state, decider);
  if (state.stack.length) {
    const items = [...state.stack].reverse().map((item) => stackItemName(run, state, item));
    return `${items.length === 1 ? `${items[0]} waits` : `${items.join(", ")} wait`} to resolve${items.length > 1 ? " (top first)" : ""}, ${decider} holding priority: ${passes} resolves ${items.length > 1 ? "the top one" : "it"} (or ${decider} responds first)`;
  }
  if (run.engine.rules.model.windowOpen(state)) return `a response window is open in ${state.active}'s ${state.phase} phase, ${decider} holding priority: ${passes} closes it (or ${decider} plays a spell or uses an ability)`;
  return `nothing waits: ${state.active} acts in their ${state.phase} phase (plays a card, attacks, or ends the phase: \`${state.active} end phase\`)`;
}

/**
 * Why a play line's card is not its player's to play, or undefined when it is: the card is in another player's hand, or
 * not in a hand at all (said with where it is). The engine refuses the play for its moment first (not_your_turn); the
 * card's place is the mistake to name then, as a line fixing the moment would be refused not_in_hand next.
 */
function notTheirCard(run: Run, state: GameState, card: string | undefined, player: string): string | undefined {
  const c = card ? state.cards[card] : undefined;
  if (!c || (c.zone === run.engine.rules.zones.hand && c.owner === player)) return undefined;
  const name = `"${nameOf(run, state, c.id)}"`;
  return c.zone === run.engine.rules.zones.hand ? `${name} is not in ${player}'s hand: it is in ${c.owner}'s (\`${c.owner} play ${name}\` plays it)` : `${name} is not in ${player}'s hand: it is in ${c.owner}'s ${c.zone}`;
}

/**
 * The lines that take the game from here to a later phase of this turn, said after a failed `expect phase X`: each
 * decision the game waits for answered the way that moves on (the active player with nothing waiting ends the phase,
 * a player holding priority in an open window passes, a declaration of attackers or blockers is answered with none).
 * The session 30 probe's CYBERVAMP `expect phase Post-Battle` right after `p1 choose nothing` at the declaration of
 * attackers said only "actual: phase Battle" — the Battle phase goes on until p1 ends it and p2 passes. Stops (says
 * nothing) at items on the stack as the line is read or another choice (waitingNow says those); the end of a phase the
 * path itself waits on the stack for passes. At the end of the turn it says the phase has passed (or never comes).
 */
function linesToPhase(run: Run, state: GameState, phase: string): string | undefined {
  if (state.over || state.stack.length) return undefined;
  const lines: string[] = [];
  let now = state;
  for (let step = 0; step < 24; step++) {
    const decider = run.engine.decider(now);
    if (!decider || now.over) return undefined;
    let action: Action;
    if (now.pending) {
      const declaring = combatDeclaration(now, run.engine.rules.zones.battlefield);
      if (!declaring || now.pending.player !== decider) return undefined;
      action = { type: "choose", player: decider, cards: [] };
      lines.push(`\`${decider} choose nothing\``);
    } else if (decider === now.active && !now.stack.length && !run.engine.rules.model.windowOpen(now)) {
      action = { type: "end_phase", player: decider };
      lines.push(`\`${decider} end phase\``);
    } else {
      action = { type: "pass", player: decider };
      lines.push(`\`${decider} pass\``);
    }
    const applied = run.engine.apply(now, action);
    if (!applied.ok) return undefined;
    now = applied.state;
    if (now.turn !== state.turn || now.over) return `${state.active}'s turn ${state.turn} is in its ${state.phase} phase, and its ${phase} phase ${run.engine.rules.game.phases.some((p) => norm(p.name) === norm(phase)) ? "does not come after it in this turn" : "is no phase of this game"}`;
    if (norm(now.phase) === norm(phase)) return `the ${state.phase} phase goes on until it is ended: to reach ${now.phase} write ${lines.join(", ")} before this line`;
  }
  return undefined;
}

/**
 * Why a pass has nothing to pass on, said to the line that wrote it. The session 29 probe's CYBERVAMP `p2 pass` after
 * `p1 play "Neon Ripper"` was refused "no_window: there is nothing to pass on; end the phase instead": p2 cannot end
 * p1's phase, and the line's author thought the creature waited for passes as a spell does. Undefined when the engine's
 * own words say it (the active player with nothing played just before).
 */
function passOnNothing(run: Run, state: GameState, events: readonly TraceEvent[], player: string): string | undefined {
  const last = [...events].reverse().find((e) => e.kind === "action");
  const played = last && last.card !== undefined && /\bplays\b/.test(last.text) ? state.cards[last.card] : undefined;
  if (played && played.zone === run.engine.rules.zones.battlefield)
    return `${last!.player === player ? "" : `${player} has nothing to pass on: `}"${nameOf(run, state, played.id)}" entered play as it was played — a card that stays in play does not wait for passes (only spells, activated abilities and triggered abilities wait on the stack until both players pass), so leave this line out`;
  if (player !== state.active) return `${player} has nothing to pass on: nothing waits to resolve, and ending the phase is ${state.active}'s (\`${state.active} end phase\`, after which ${player} holds priority)`;
  return undefined;
}

/**
 * A `refused` block line, read where a block is decided: at the defending player's declaration of blockers (the blocker
 * not offered for that attacker), or in a combat where the engine asked that player no declaration because none of
 * their creatures could block. The refusal is why the blocker cannot block the attacker (combat-damage.ts
 * blockRefusal); undefined anywhere else (the line is then read as the action it is).
 */
function refusedBlock(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction & { kind: "block" }): { problem: string } | { refusal: { code: string; message: string } | null; accepted: string } | undefined {
  const battle = state.battle;
  if (!battle || battle.attacker === step.player) return undefined;
  const inPlay = run.engine.rules.zones.battlefield;
  const declaring = combatDeclaration(state, inPlay);
  const ctx = newCtx(run.engine.rules, state);
  if (declaring?.kind !== "blockers" || declaring.player !== step.player) {
    // No declaration now: only where none was asked, none of the player's creatures able to block.
    if (!blockersNotAsked(run, state, events, step.player)) return undefined;
  }
  const attacker = battle.attackers.find((id) => refMatches(run, state, step.attacker, id));
  if (!attacker) return { problem: `${describeRef(step.attacker)} is not attacking (attacking: ${battle.attackers.map((id) => `"${nameOf(run, state, id)}"`).join(", ") || "nothing"})` };
  for (const ref of step.blockers) {
    const blocker = resolveCard(run, state, ref);
    if (typeof blocker !== "string") return { problem: blocker.problem };
    const offered = declaring?.kind === "blockers" && declaring.attacker === attacker && state.pending?.kind === "cards" ? state.pending.options.includes(blocker) : undefined;
    const refusal = offered === true ? null : (blockRefusal(ctx, blocker, attacker) ?? (offered === false ? { code: "illegal_choice", message: `${nameOf(run, state, blocker)} is not offered as a blocker of ${nameOf(run, state, attacker)} (it blocks as many attackers as it may)` } : null));
    if (refusal) return { refusal, accepted: "" };
  }
  return { refusal: null, accepted: `${step.blockers.map((b) => describeRef(b)).join(", ")} may block ${describeRef(step.attacker)}` };
}

/**
 * Whether `player`, defending in this battle, was asked no declaration of blockers because none of their creatures can
 * block an attacker: nothing waits, they declared no block this turn, and none of their cards in play can block.
 */
function blockersNotAsked(run: Run, state: GameState, events: readonly TraceEvent[], player: string): boolean {
  const battle = state.battle;
  if (!battle || battle.attacker === player || state.pending) return false;
  if (events.some((e) => e.turn === state.turn && e.kind === "block" && e.player === player)) return false;
  const ctx = newCtx(run.engine.rules, state);
  const inPlay = run.engine.rules.zones.battlefield;
  return !Object.values(state.cards).some((c) => c.controller === player && c.zone === inPlay && battle.attackers.some((a) => canBlock(ctx, c.id, a)));
}

/**
 * `pX choose nothing` where no declaration of attackers or blockers waits because the engine asked none: it asks none
 * when the player has no creature that can attack (the trace's "pX has no creature that can attack"), nor a declaration
 * of blockers when none of the defending player's creatures can block an attacker. Said, with why, rather than
 * "no choice is waiting" (session 27's probe; session 28's: a CYBERVAMP attack on a player with no creatures). Undefined
 * when the line is no such answer. A `pX block "A" with "B"` line there (not `refused`: refusedBlock reads that) is told
 * the same (session 33's probe: a creature made unable to block by "Target creature can't block this turn", then a
 * block line). `declaration` says which declaration the engine made without asking.
 */
function noDeclarationAsked(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction): { declaration: "attackers" | "blockers"; message: string } | undefined {
  const declaresNothing = step.kind === "choose" && step.cards?.length === 0;
  if ((!declaresNothing && step.kind !== "block") || state.pending) return undefined;
  const thisTurn = events.filter((e) => e.turn === state.turn);
  if (declaresNothing && step.player === state.active) {
    const none = thisTurn.find((e) => e.kind === "check" && e.player === step.player && / has no creature that can attack$/.test(e.text));
    return none ? { declaration: "attackers", message: `no declaration of attackers is asked: ${none.text} this turn, so the engine declared none without asking — leave this line out` } : undefined;
  }
  if (!blockersNotAsked(run, state, events, step.player)) return undefined;
  const attackers = state.battle!.attackers.map((id) => `"${nameOf(run, state, id)}"`).join(", ");
  // A block line: why its blockers cannot block its attacker (exhausted, Pacified, ...), as a `refused` line is told.
  const ctx = newCtx(run.engine.rules, state);
  const attacker = step.kind === "block" ? state.battle!.attackers.find((id) => refMatches(run, state, step.attacker, id)) : undefined;
  const refusals = step.kind === "block" && attacker
    ? step.blockers.flatMap((ref) => {
        const blocker = resolveCard(run, state, ref);
        const refusal = typeof blocker === "string" ? blockRefusal(ctx, blocker, attacker) : null;
        return refusal ? [{ ref, refusal }] : [];
      })
    : [];
  const why = refusals.map(({ ref, refusal }) => `${describeRef(ref)} cannot block: ${refusal.code} (${refusal.message})`).join("; ");
  const refused = refusals[0] ? `, or expect the refusal (\`refused ${refusals[0].refusal.code}\`)` : "";
  return { declaration: "blockers", message: `no declaration of blockers is asked: none of ${step.player}'s creatures can block ${attackers} (${step.player} controls none that is ready and able to${why ? `: ${why}` : ""}), so the engine declares no blockers without asking — leave this line out${refused}` };
}

/**
 * An attack line (`p1 attack p2 with "X"`) by the active player in a turn where the engine asked no declaration of
 * attackers, because none of that player's creatures could attack (the trace's "p1 has no creature that can attack"),
 * and X cannot attack now: why (combat-damage.ts attackRefusal — exhausted, entered play this turn, can't attack), with
 * the declaration the engine skipped. Undefined for any other line, or where X could attack now (the line is then read
 * as the action it is).
 */
function attackNotAsked(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction & { kind: "attack" }): { refusal: { code: string; message: string }; message: string } | undefined {
  if (state.pending || step.player !== state.active || !("player" in step.target) || step.target.player === step.player) return undefined;
  const none = events.find((e) => e.turn === state.turn && e.kind === "check" && e.player === step.player && / has no creature that can attack$/.test(e.text));
  if (!none) return undefined;
  const id = resolveCard(run, state, step.attacker);
  const ctx = newCtx(run.engine.rules, state);
  // A Weapon's attack (Chromatic 16.1) is an action of its own in a Main Phase, with its own refusals.
  if (typeof id !== "string" || !isCreature(ctx, id)) return undefined;
  const refusal = attackRefusal(ctx, id);
  if (!refusal) return undefined;
  return { refusal, message: `${refusal.message} — so no declaration of attackers was asked (${none.text} this turn: the engine declared none without asking)` };
}

/** A stack item as a scenario writer knows it: `"Seer"`, `"Seer"'s triggered ability`, `rule (<step>)`. */
function stackItemName(run: Run, state: GameState, item: StackItem): string {
  const name = item.frame.card ? `"${nameOf(run, state, item.frame.card)}"` : undefined;
  return !name ? `rule (${item.frame.label})` : item.kind === "trigger" ? `${name}'s triggered ability` : item.kind === "ability" ? `${name}'s ability` : name;
}

/**
 * `pX targets "Y"` where no choice waits because the engine asked none: a target with one legal answer is taken without
 * asking. Said, with the card or player the events since the last action line show it took, rather than only "no choice
 * is waiting" (this session's probe: Chromatic Insight [Yellow] "Target creature gets +0/+2" with one creature in play,
 * then `p1 targets "Swift Courier"`). Likewise `pX chooses mode N` where the mode was already given. Undefined when
 * nothing since the last action was about that card or player.
 */
function answerTakenUnasked(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction, target: TargetValue | undefined, next?: ScenarioAction): string | undefined {
  if (step.kind !== "choose" || state.pending) return undefined;
  const waiting = [...state.stack].reverse();
  // A yes or no where nothing asks one. Session 33's Chromatic probe: `p1 chooses yes` after a creature entered with no
  // Facet to pay its enhancement; session 34's CYBERVAMP `p1 choose yes` after activating an ability that asks nothing —
  // both told only "no_choice_pending: no choice is waiting".
  // An order where one trigger was noted (session 34's probe: `p2 order "Ghoul Scavenger"` after it alone died).
  if (step.trigger) {
    const held = waiting.find((item) => item.kind === "trigger" && item.frame.card && refMatches(run, state, step.trigger!, item.frame.card));
    const asked = "an order is asked only when a player has two or more triggers noted at once";
    return held
      ? `no order is asked: ${stackItemName(run, state, held)} went on the stack without asking (${asked}) — leave this line out`
      : `no order is asked: no noted triggers wait to be ordered (${asked}); now ${whatWaitsNow(run, state)} — leave this line out`;
  }
  if (step.yes !== undefined) {
    const line = `\`${step.player} choose ${step.yes ? "yes" : "no"}\``;
    const asks = `${line} answers a yes/no question while it waits: the engine asks one as an effect that offers a choice resolves (a "you may …", an optional cost or enhancement), and only when the choice can be taken`;
    return waiting.length
      ? `no yes/no question is asked now: ${asks}; now ${whatWaitsNow(run, state)} — if it asks, write this line after the passes that resolve it, else leave it out`
      : `no yes/no question is asked: ${asks}; nothing asks ${step.player} one now (${whatWaitsNow(run, state)}) — leave this line out`;
  }
  // A mode answered where none is asked: the spell or ability waiting was put there with its mode (chosen on its play
  // line, or the only one whose targets could be chosen). Session 32's probe: `p1 chooses mode "..."` after playing a
  // "Choose one —" spell with no creature in play was told only "no choice is waiting".
  // A division of combat damage written before the engine asks it (session 35's probe: right after the block line) was
  // told where a "Choose one —" mode goes.
  if (damageAssigned(step)) {
    return `no division of damage is asked now: an attacker blocked by several creatures divides its damage as combat damage is dealt, once both players have passed in the window after blockers, and the last blocker takes what is left without asking${unaskedAmount(run, state, events)}`;
  }
  if (step.mode !== undefined || step.modeText !== undefined) {
    const moded = waiting.find((item) => item.frame.mode !== undefined);
    if (!moded) return modeBeforeItsPlay(run, step, next);
    return `no mode is asked: ${stackItemName(run, state, moded)} already has its mode, mode ${moded.frame.mode! + 1} (a mode is chosen as the card is played or the ability put on the stack — on its play line, \`mode N\` or \`mode "<text>"\` — and where only one mode can be chosen, it is taken without asking) — leave this line out`;
  }
  // Cards answered where none is asked: the effect took its one possible card without asking, and the trace says what
  // became of it. Session 36's Duel probe: `p1 choose "Thorn Wall"` after Raise the Fallen with three units in play
  // ("Summon a Unit from your Graveyard": Thorn Wall, the only one, "stays in the Graveyard": no free slot) was told only
  // "no choice is waiting".
  if (!step.target && step.cards?.length) {
    const named = new Set(step.cards.map(norm));
    const about = sinceLastAction(events).filter((e) => e.kind !== "priority" && e.card !== undefined && named.has(norm(e.name ?? nameOf(run, state, e.card))));
    const last = about[about.length - 1];
    if (last) return `no choice of cards is asked: the engine asks one only where there is a choice, and took what it could without asking, as the trace shows: "${last.text}" — leave this line out`;
  }
  if (!step.target || !target) return undefined;
  const what = "card" in target ? `"${nameOf(run, state, target.card)}"` : target.player;
  const taken = "(a target with one legal answer is taken without asking; the engine asks only where there is a choice)";
  // An event naming the card shows it was taken; one naming a player does not (session 41's probe: "p1 is already the
  // target ... as the trace shows: "p1 pays 2 Mana"" where Refusal's target was p2): the waiting items say.
  const about = "card" in target ? sinceLastAction(events).filter((e) => e.kind !== "priority" && (e.card === target.card || e.other === target.card)) : [];
  if (about.length) return `no target is asked: ${what} is already the target ${taken}, as the trace shows: "${about[0]!.text}" — leave this line out`;
  // No event names it (a player target, or a card the push event does not name): the waiting item holds it.
  const holder = waiting.find((item) => item.frame.targets.some((slot) => slot.some((t) => sameTarget(t, target))));
  if (holder) return `no target is asked: ${what} is already the target of ${stackItemName(run, state, holder)}, waiting on the stack ${taken} — leave this line out`;
  // Another target than the one the item on top took without asking (session 35's probe).
  const top = waiting[0];
  const held = top?.frame.targets.flat().map((t) => ("card" in t ? `"${nameOf(run, state, t.card)}"` : t.player));
  return top && held?.length ? `no target is asked: ${stackItemName(run, state, top)} already has its target${held.length > 1 ? "s" : ""}, ${held.join(", ")}, not ${what} ${taken}` : undefined;
}

/**
 * A deck answered where none was asked (CYBERVAMP's `draw_deck_choice = each_draw`): the engine asks which deck a draw
 * comes from only while both of the player's decks hold cards, and with one empty draws from the other without asking
 * (runtime/mechanics/lands-decks.ts). Session 40's probe, an empty Land Deck: `p1 chooses mode "draw from the Main
 * Deck"` was told "no mode is asked" (or that the choice waiting was p2's), not that p1's Land Deck was empty.
 */
function deckNotAsked(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction): string | undefined {
  if (step.kind !== "choose" || step.player === undefined || (step.mode === undefined && step.modeText === undefined)) return undefined;
  const { rules } = run.engine;
  const land = rules.game.zones.find((z) => norm(z.name) === norm(String(rules.param("land_deck_zone", ""))))?.name;
  if (!land || rules.param("separate_land_deck", false) !== true) return undefined;
  const decks = [rules.zones.deck, land];
  const named = step.modeText !== undefined ? decks.find((d) => norm(step.modeText!.trim()) === norm(`draw from the ${d}`)) : decks[step.mode! - 1];
  if (!named) return undefined;
  const player = step.player;
  const draws = sinceLastAction(events).filter((e) => e.kind === "draw" && e.player === player);
  const last = draws[draws.length - 1];
  if (!last) return undefined;
  const asked = `a deck is asked only while both of ${player}'s decks hold cards`;
  const now = `leave this line out${state.pending ? `; now ${whatWaitsNow(run, state)}` : ""}`;
  // Both decks empty: the draw was skipped (its event names no deck).
  if (typeof last.from !== "string") return last.amount === 0 ? `no deck is asked: ${last.text} (${asked}) — ${now}` : undefined;
  const other = decks.find((d) => d !== last.from)!;
  if ((state.players[player]?.zones[other] ?? []).length > 0) return undefined;
  const wrong = named !== last.from ? ` — the ${named} this line names was empty` : "";
  return `no deck is asked: ${player}'s ${other} is empty, so the engine drew from the ${last.from} without asking, as the trace shows: "${last.text}" (${asked})${wrong} — ${now}`;
}

/**
 * Whether a `targets` or `chooses mode` line the engine asked nothing for names what it took without asking for the
 * spell or ability just put on the stack (or into resolution) — its one legal target, or the mode its play line gave:
 * the line then says what happened, and holds. Only for the item the last action put there, before anyone passed: a
 * target line after the passes was written for another moment (the target is chosen as the card is cast) and fails.
 * Session 35's Chromatic probe: `p1 targets "Ironhide Bear"` after a spell whose one legal target it was failed "leave
 * this line out" on a correct engine.
 */
function answeredAsTaken(run: Run, state: GameState, events: readonly TraceEvent[], step: ScenarioAction, target: TargetValue | undefined): boolean {
  if (step.kind !== "choose" || state.pending || step.player === undefined) return false;
  const since = sinceLastAction(events);
  // `p1 assigns 2 damage to "Chronicler"` where the last blocker took what was left without asking: that damage is in
  // the trace since the last action line.
  const assigned = damageAssigned(step);
  if (assigned) return since.some((e) => e.kind === "damage" && e.amount === assigned.amount && e.card !== undefined && norm(nameOf(run, state, e.card)) === norm(assigned.card));
  const top = state.stack[state.stack.length - 1];
  if (!top || top.frame.controller !== step.player) return false;
  if (!since.some((e) => e.kind === "push" && (top.frame.card === undefined || e.card === top.frame.card))) return false;
  if (step.target && target) {
    return top.frame.targets.some((slot) => slot.some((t) => sameTarget(t, target)));
  }
  if ((step.mode !== undefined || step.modeText !== undefined) && top.frame.mode !== undefined && top.frame.card) {
    const def = run.engine.rules.cards.get(state.cards[top.frame.card]?.def ?? "");
    const texts = def ? modeTextsOf(def.abilities, top.kind === "ability" ? top.frame.ability : undefined) : undefined;
    return !!texts && namedModeOf(def!.name, texts, step) === top.frame.mode;
  }
  return false;
}

/** The trace events since the last action line's own event: what that line (and the engine without asking) did. */
function sinceLastAction(events: readonly TraceEvent[]): readonly TraceEvent[] {
  let since = events.length;
  while (since > 0 && events[since - 1]!.kind !== "action") since--;
  return events.slice(since);
}

/** Whether two targets are the same card or the same player. */
function sameTarget(a: TargetValue, b: TargetValue): boolean {
  return "card" in a && "card" in b ? a.card === b.card : "player" in a && "player" in b && a.player === b.player;
}

/** A choice written as a division of damage — `assigns 3 damage to "Seer"`, `chooses mode "3 damage to Seer"` — with its amount and card. */
function damageAssigned(step: ScenarioAction & { kind: "choose" }): { amount: number; card: string } | undefined {
  const m = step.modeText !== undefined ? /^(\d+) damage to (.+)$/i.exec(step.modeText.trim()) : null;
  return m ? { amount: Number(m[1]), card: m[2]!.replace(/^"|"$/g, "") } : undefined;
}

/**
 * `pX chooses mode N` where nothing waiting has a mode: the line is written before the play it chooses for (session 33's
 * Chromatic probe, `p1 chooses mode "Red"` above `p1 plays "Arc Bolt"`; session 34's CYBERVAMP `p1 choose mode 1` above
 * `p1 play "Blood Rite" ...`), told only "no choice is waiting". Said with where the mode belongs: on the play line of a
 * "Choose one —" card, on a line after the play line of a spell whose abilities are chosen by colour.
 */
function modeBeforeItsPlay(run: Run, step: ScenarioAction & { kind: "choose" }, next: ScenarioAction | undefined): string {
  const chosen = step.mode !== undefined ? `mode ${step.mode}` : `mode "${step.modeText}"`;
  const played = next && (next.kind === "play" || next.kind === "activate") && next.player === step.player ? next : undefined;
  const def = played ? [...run.engine.rules.cards.values()].find((d) => norm(d.name) === norm(played.card.card)) : undefined;
  const card = played ? `"${played.card.card}"` : "";
  if (played && def) {
    const ability = played.kind === "activate" ? def.abilities.filter((a) => a.kind === "activated")[played.ability - 1]?.id : undefined;
    if (modeTextsOf(def.abilities, ability)) return `no mode is asked: the next line ${played.kind === "play" ? "plays" : "activates"} ${card}, and a "Choose one —" mode is chosen on that line, as it is played — write \`${played.player} ${played.kind} ${card} ${chosen} ...\` and leave this line out`;
    if (played.kind === "play" && spellColoursOf(def.abilities).length) return `no mode is asked yet: the next line plays ${card}, whose abilities are chosen by colour right after it is played — write this line after that play line`;
    return `no mode is asked: the next line ${played.kind === "play" ? "plays" : "activates"} ${card}, which has no "Choose one —" ability; a choice it asks is answered after that line, where the engine asks it`;
  }
  return `no mode is asked: nothing waiting has a mode to choose; a mode is chosen with its card — on the play line of a "Choose one —" card (\`${step.player} play "<card>" ${chosen}\`), or after the play line of a spell whose abilities are chosen by colour — leave this line out or move it there`;
}

/** Whether a choose line answers the kind of choice the state waits for (cards, a mode or amount, yes/no, a target, an order). */
function answersKind(step: ScenarioAction & { kind: "choose" }, state: GameState): boolean {
  const kind = state.pending?.kind;
  if (step.yes !== undefined) return kind === "yes_no";
  if (step.mode !== undefined || step.modeText !== undefined || step.amount !== undefined) return kind === "mode";
  if (step.target) return kind === "targets";
  if (step.trigger) return kind === "order_triggers";
  return kind === "cards" || kind === "defender";
}

/**
 * Where the cards a play or activate line targets are, said after a refusal for its targets: session 34's Duel probe,
 * `p1 play "Call from Oblivion" target "Stone Guard"` with Stone Guard in the Graveyard, was told only "there is no legal
 * choice for target Unit card from your Oblivion".
 */
function targetsWhere(run: Run, state: GameState, step: ScenarioAction, code: string): string {
  if ((code !== "no_legal_target" && code !== "illegal_target") || (step.kind !== "play" && step.kind !== "activate")) return "";
  const said = step.targets.flatMap((t) => {
    if (!("card" in t)) return [];
    const id = resolveCard(run, state, t);
    if (typeof id !== "string") return [];
    const c = state.cards[id]!;
    return [`${describeRef(t)} is ${c.zone === run.engine.rules.zones.battlefield ? `in play, ${c.controller}'s` : `in ${c.owner}'s ${c.zone}`}`];
  });
  return said.length ? ` — the line's target: ${said.join("; ")}` : "";
}

/**
 * A play or activate line naming targets its card takes none of as it is played, where a triggered ability it sets going
 * asks for them afterwards: Duel's Ember Squire ("PLAY: Deal 1 damage to target enemy unit."), written
 * `p1 play "Ember Squire" target "Scout"` in session 37's probe, was refused "wrong_target_count: 1 target(s) given, 0
 * used", naming no line. The play is tried without them, then passed on (as both players passing would) until a choice
 * of target is asked; said with the lines that play it and answer it. Empty when no such choice comes.
 */
function targetsAskedLater(run: Run, state: GameState, step: ScenarioAction, code: string): string {
  if (code !== "wrong_target_count" || (step.kind !== "play" && step.kind !== "activate") || !step.targets.length) return "";
  const bare = literalAction(run, state, { ...step, targets: [] });
  if (typeof bare === "string") return "";
  const applied = run.engine.apply(state, bare);
  if (!applied.ok) return "";
  let now = applied.state;
  const made = [...applied.events];
  const passes: string[] = [];
  for (let i = 0; i < 8 && !now.over && !now.pending && now.stack.length; i++) {
    const decider = run.engine.decider(now);
    if (!decider) break;
    const passed = run.engine.apply(now, { type: "pass", player: decider });
    if (!passed.ok) break;
    now = passed.state;
    made.push(...passed.events);
    passes.push(`\`${decider} pass\``);
  }
  const pending = now.pending;
  const paid = (["discard", "erase", "sacrifice", "lands"] as const).some((k) => (step[k] as unknown[] | undefined)?.length) || step.x !== undefined || step.mode !== undefined || step.modeText !== undefined;
  const played = paid ? "the line without its target" : `\`${step.player} ${step.kind} ${describeRef(step.card)}${step.kind === "activate" && step.ability > 1 ? ` ability ${step.ability}` : ""}\``;
  if (pending?.kind !== "targets" || pending.player !== step.player) {
    // Its one legal target taken without asking (session 39's Duel probe: `p1 play "Ember Squire" target "Scout"`, the
    // Scout the only enemy unit, was told only "wrong_target_count: 1 target(s) given, 0 used"): the trace of the play
    // without its target shows a triggered ability of the card reaching each target the line names.
    const noted = made.findIndex((e) => e.kind === "trigger" && e.card !== undefined && refMatches(run, state, step.card, e.card));
    if (noted < 0) return "";
    const after = made.slice(noted + 1);
    const reaches = (t: TargetRef, e: TraceEvent) => ("player" in t ? e.player === t.player && e.kind !== "action" : e.card !== undefined && refMatches(run, state, t, e.card));
    const reached = step.targets.map((t) => after.find((e) => reaches(t, e)));
    if (reached.some((e) => !e)) return "";
    return ` — the play itself takes no target: a triggered ability it sets going took ${step.targets.length === 1 ? "its only legal target" : "its only legal targets"} without asking, as the trace of the play shows (${reached.map((e) => `"${e!.text}"`).join("; ")}); write ${played}${passes.length ? `, then ${passes.join(", then ")}` : ""}`;
  }
  const said = step.targets.map((t) => `\`${step.player} targets ${"player" in t ? t.player : describeRef(t)}\``);
  return ` — the play itself takes no target: a triggered ability it sets going asks for it afterwards (${pending.player} ${mustDo(pending.prompt)}); write ${[played, ...passes, ...said].join(", then ")}, a line each`;
}

/**
 * What a player is asked, after their name: "must <prompt>", but a "you may …" question (a yes/no of card text: "you may
 * exhaust a Facet you control") is "may exhaust a Facet you control" — the probe of session 40 read "p1 must you may exhaust …".
 */
function mustDo(prompt: string): string {
  const may = /^you may /i.exec(prompt);
  return may ? `may ${prompt.slice(may[0].length)}` : `must ${prompt}`;
}

/**
 * A declaration line beside a creature that must attack if able (rule `must_attack`: "This must attack each turn if able").
 * The engine declares such a creature itself, whatever its player picks besides it, and asks nothing when no other creature
 * can attack. Session 39's probe (cybervamp-3): `p1 attacks with nothing` beside Berserk Ghoul was accepted and the Ghoul
 * attacked anyway — the scenario's declared attack was not the attack the engine played. Here a line that leaves such a
 * creature out is refused `must_attack` (saying what to write); a line that names it is the declaration the engine plays
 * (`answer`: the choice without the creatures the engine declares itself), and where the engine asked nothing, an attack
 * line naming the creatures it declared says what happened and holds. Undefined for any other line.
 */
function mustAttackLine(run: Run, state: GameState, events: readonly TraceEvent[], action: ScenarioAction): { answer: ScenarioAction } | { holds: true } | { refusal: { code: string; message: string } } | undefined {
  if (action.kind !== "choose" && action.kind !== "attack") return undefined;
  const zone = run.engine.rules.zones.battlefield;
  const defender = Object.keys(state.players).find((p) => p !== action.player);
  const attackLine = (player: string, ids: readonly string[]) => `\`${player} attack ${defender} with ${ids.map((id) => `"${nameOf(run, state, id)}"`).join(", ")}\``;
  const declaring = combatDeclaration(state, zone);
  if (declaring?.kind === "attackers" && declaring.player === action.player) {
    if (action.kind !== "choose" || action.mode !== undefined || action.amount !== undefined || action.target || action.yes !== undefined || action.trigger) return undefined;
    const ctx = newCtx(run.engine.rules, state);
    const required = requiredAttackers(ctx, eligibleAttackers(ctx, action.player));
    if (!required.length) return undefined;
    const refs: CardRef[] = action.refs ?? (action.cards ?? []).map((card) => ({ card }));
    const ids = refs.map((ref) => resolveCard(run, state, ref));
    // A name that names no card here: the line's own failure says so.
    if (ids.some((id) => typeof id !== "string")) return undefined;
    const named = ids as string[];
    const missing = required.filter((id) => !named.includes(id));
    // `p1 choose …` answers the engine's question as it asks it ("declare attackers besides Raging Boar, which must attack"):
    // it may leave those out. A declaration written as one (attack lines, `p1 attacks with nothing`) names every attacker.
    if (missing.length && action.declares === "attackers") {
      const names = missing.map((id) => nameOf(run, state, id)).join(" and ");
      const all = [...required, ...named.filter((id) => !required.includes(id))];
      return {
        refusal: {
          code: "must_attack",
          message: `${names} must attack if able (rule must_attack), so ${action.player} declares ${missing.length === 1 ? "it" : "them"} as ${missing.length === 1 ? "an attacker" : "attackers"} whatever else attacks${named.length ? "" : ", and cannot declare no attackers"} — write ${attackLine(action.player, all)}`,
        },
      };
    }
    const rest = refs.filter((_, i) => !required.includes(named[i]!));
    return { answer: { ...action, cards: rest.map((r) => r.card), ...(action.refs ? { refs: rest } : {}) } };
  }
  // No declaration waits: did the engine declare attackers without asking (since the last action or answer)? It does so
  // only for creatures that must attack, where no other creature could (declare_attackers).
  const battle = state.battle;
  if (!battle || battle.attacker !== action.player) return undefined;
  let since = events.length;
  while (since > 0 && events[since - 1]!.kind !== "action" && events[since - 1]!.kind !== "choice") since--;
  const recent = events.slice(since);
  const unasked = battle.attackers.length > 0 && battle.attackers.every((id) => recent.some((e) => e.kind === "attack" && e.card === id));
  if (!unasked) return undefined;
  const names = battle.attackers.map((id) => nameOf(run, state, id)).join(" and ");
  if (action.kind === "choose" && (action.declares === "attackers" || (!action.declares && action.cards?.length === 0 && !action.refs)))
    return {
      refusal: {
        code: "must_attack",
        message: `${names} must attack if able (rule must_attack), and no other creature of ${action.player}'s can attack, so the engine declared ${battle.attackers.length === 1 ? "it" : "them"} without asking — write ${attackLine(action.player, battle.attackers)} (it holds, saying what happened) or leave this line out`,
      },
    };
  if (action.kind === "attack" && "player" in action.target && action.target.player === defender) {
    const id = resolveCard(run, state, action.attacker);
    if (typeof id === "string" && battle.attackers.includes(id)) return { holds: true };
  }
  return undefined;
}

/**
 * Why the cards an attack line names are not offered at a declaration of attackers (session 34's probe: an exhausted
 * Neon Ripper's attack line was told "Neon Ripper is not offered (offered: Nightclub Thrall)", and not why).
 */
function whyNotAttacking(run: Run, state: GameState, step: ScenarioAction, code: string): string {
  if (code !== "illegal_choice" || step.kind !== "choose" || state.pending?.kind !== "cards") return "";
  const refs: CardRef[] = step.refs ?? (step.cards ?? []).map((card) => ({ card }));
  if (combatDeclaration(state, run.engine.rules.zones.battlefield)?.kind !== "attackers") return "";
  const options = state.pending.options;
  const why = refs.flatMap((ref) => {
    const id = resolveCard(run, state, ref);
    if (typeof id !== "string" || options.includes(id)) return [];
    const refusal = attackRefusal(newCtx(run.engine.rules, state), id);
    return refusal ? [`${describeRef(ref)} cannot attack: ${refusal.code} (${refusal.message})`] : [];
  });
  return why.length ? ` — ${why.join("; ")}` : "";
}

/**
 * After an amount line where no question waits: what waits now, and the damage dealt since the last action line without
 * asking (session 34's probe: `p1 chooses 1` for a Breach attacker blocked by two creatures, whose damage the engine
 * assigns lethal-first without asking, was told only "p1 is not asked for an amount here").
 */
function unaskedAmount(run: Run, state: GameState, events: readonly TraceEvent[]): string {
  const dealt = sinceLastAction(events).filter((e) => e.kind === "damage");
  const shown = dealt.slice(0, EVENTS_SHOWN).map((e) => e.text).join("; ");
  return ` — no question of how much waits${dealt.length ? `; the damage since the last action was dealt without asking: ${shown}${dealt.length > EVENTS_SHOWN ? "; …" : ""}` : ""} (now ${whatWaitsNow(run, state)}) — leave this line out`;
}

/** The action of the step after a scenario's step `index`, if that step is an action. */
function nextAction(steps: readonly ScenarioStep[], index: number): ScenarioAction | undefined {
  const next = steps[index + 1];
  return next?.kind === "action" ? next.action : undefined;
}

/**
 * A refusal's message as the line's player reads it. The engine refuses an end of phase in an open window with "a response
 * window is open: pass instead", also to a player who does not hold priority there (session 39's Chromatic probe: `p1 ends
 * the phase` while p2 held priority as p1's Combat phase ended; `p1 pass` is refused too): said with who holds it.
 */
function refusalSaid(run: Run, state: GameState, step: ScenarioAction, refusal: { code: string; message: string }): string {
  const decider = run.engine.decider(state);
  if (refusal.code === "not_your_decision" && step.kind === "end" && decider && decider !== step.player && !state.pending)
    return `a response window is open and ${decider} holds priority: ${step.player} can neither end the phase nor pass until ${decider} passes or responds`;
  return refusal.message;
}

function describeState(state: GameState): string {
  if (state.pending) return `${state.pending.player} ${mustDo(state.pending.prompt)}`;
  return `${state.active}'s ${state.phase} phase`;
}

/** What an expectation claims, and what the game shows: `holds` says whether they agree. */
interface Verdict {
  holds: boolean;
  expected: string;
  actual: string;
  /** The actual value without the notes on why (what `changes` follows), where they differ. */
  value?: string;
}

/**
 * Trace events that end one moment of the game: a decision, priority, or an ability or trigger
 * put into or out of resolution. Events between two of them happened "in one event".
 */
export const MOMENT_BOUNDARIES: ReadonlySet<string> = new Set(["setup", "action", "choice", "priority", "push", "pop", "resolve", "fire", "chain_start", "chain_end", "phase", "turn"]);

/** A card reference matched against an event's card (by its id, or by its name once the card is gone). */
function eventCardMatches(run: Run, state: GameState, ref: CardRef, e: TraceEvent): boolean {
  return e.card !== undefined ? refMatches(run, state, ref, e.card) : !ref.controller && ref.copy === undefined && norm(e.name ?? "") === norm(ref.card);
}

/**
 * A draw that drew nothing — an empty deck, a full hand that skips the draw, "can't draw", the first player's skipped
 * draw (runtime/core/operations.ts draw, runtime/mechanics/lands-decks.ts: amount 0) — is in the trace as `draw`, to say
 * why, but no card was drawn: it is no `draw` event to a scenario. `expect event draw p1` after a draw from an empty
 * deck would hold, and `expect no event draw p1` fail, where the rules text says the draw is skipped.
 */
const drewNothing = (e: TraceEvent): boolean => e.kind === "draw" && e.amount === 0;

/**
 * Whether a trace event is the one a pattern names. A `damage` event's card is the card dealt the damage when it has no
 * player (the card that dealt it is its `from`), and the card that dealt it when a player was dealt it
 * (runtime/core/operations.ts damagePlayer, damageCard): `damage "X"` is X dealt damage — never X dealing it to a
 * player —, `damage p2 by "X"` is X dealing damage to p2, `damage "Y" by "X"` X dealing damage to Y. A `fight` event's card
 * is the attacker and its `other` the card it fights: `fight "X"` is either.
 */
function eventMatcher(run: Run, state: GameState, pattern: EventPattern): (e: TraceEvent) => boolean {
  const damage = norm(pattern.event) === "damage";
  return (e) => {
    if (e.kind !== norm(pattern.event) || (pattern.player && e.player !== pattern.player)) return false;
    if (drewNothing(e)) return false;
    if (pattern.amount !== undefined && e.amount !== pattern.amount) return false;
    if (damage && e.player !== undefined) return !pattern.card && (!pattern.by || (e.card !== undefined && eventCardMatches(run, state, pattern.by, e)));
    if (pattern.by && (e.from === undefined || !refMatches(run, state, pattern.by, e.from))) return false;
    // A fight is about both fighters: `fight "Seer"` is the Seer that blocked as well as the attacker (the event's card).
    if (pattern.card && e.other !== undefined && refMatches(run, state, pattern.card, e.other)) return true;
    return !pattern.card || eventCardMatches(run, state, pattern.card, e);
  };
}

/** Whether a pattern names which of a card's copies, or whose, it means. */
const whichCardSaid = (p: EventPattern): boolean => [p.card, p.by].some((ref) => ref && (ref.copy !== undefined || ref.controller !== undefined));

/** The card an event is about, as a line names it: ` [p1's "Thrall Master" copy 2]` (empty when it names no card still in the state). */
function eventCardSaid(run: Run, state: GameState, e: TraceEvent): string {
  const ids = [e.card, e.other, e.kind === "damage" ? e.from : undefined].filter((id): id is string => !!id && !!state.cards[id]);
  const named = [...new Set(ids)].map((id) => `${state.cards[id]!.controller}'s "${nameOf(run, state, id)}" copy ${copyNumber(run, state, id)}`);
  return named.length ? ` [${named.join(", ")}]` : "";
}

/** The event patterns of an event line (`event`, `order`, `one_event`); none for any other line. */
const eventPatterns = (e: Expectation): readonly EventPattern[] => (e.kind === "event" ? [e.pattern] : e.kind === "order" || e.kind === "one_event" ? e.items : []);

/**
 * A card an event line names by its name alone where both players have had a card of that name (probe L2): the line
 * would match either, where a state line or a target refuses the same ambiguity (resolveCard) — `expect no event
 * destroyed "Stone Guard"` with both players' Stone Guards holds while p2's dies if p1's lives. Judged over the game up
 * to the line (`states`: the setup and every line applied so far, and now): a card made later made no event before it.
 * The error names the forms that say which.
 */
function eitherPlayersCard(run: Run, states: readonly GameState[], reached: Reached, e: Expectation): string | undefined {
  for (const { card: ref, reach } of eventPatterns(e).flatMap(refsReached)) {
    if (ref.controller || ref.copy !== undefined) continue;
    // Of an event only a card in play (or played, or acting) has, only the cards that were there: a Scout in p2's deck
    // never fights, so `expect event fight "Scout"` is about p1's Scout in play.
    const whose = new Map<string, Set<string>>();
    for (const st of states) for (const c of Object.values(st.cards)) if (refMatches(run, st, ref, c.id) && (!reach || within(reached, reach, c.id))) whose.set(c.id, (whose.get(c.id) ?? new Set()).add(c.owner).add(c.controller));
    const players = new Set([...whose.values()].flatMap((s) => [...s]));
    if (whose.size < 2 || players.size < 2) continue;
    const sorted = [...players].sort();
    const mine = sorted.map((p) => `\`${p}'s "${ref.card}"\``).join(" or ");
    return `"${ref.card}" names a card of each player here (${sorted.join("'s and ")}'s), so this line would hold of either one: say which, as a state line must — ${mine} (the player who controls it), or \`"${ref.card}" copy N\` (N of 1 to ${whose.size}, in the setup's order)`;
  }
  return undefined;
}

/**
 * Whether every matcher can be given an event of its own among `events` (a bipartite matching, by augmenting paths):
 * `expect one event: destroyed "Scout", destroyed "Scout"` says two Scouts were destroyed, and one destroyed Scout
 * matching both items would let the line pass on half of what it says.
 */
function eachItsOwnEvent(matchers: ((e: TraceEvent) => boolean)[], events: TraceEvent[]): boolean {
  const owner: (number | undefined)[] = events.map(() => undefined);
  const place = (item: number, tried: Set<number>): boolean => {
    for (let k = 0; k < events.length; k++) {
      if (tried.has(k) || !matchers[item]!(events[k]!)) continue;
      tried.add(k);
      if (owner[k] === undefined || place(owner[k]!, tried)) {
        owner[k] = item;
        return true;
      }
    }
    return false;
  };
  return matchers.every((_, item) => place(item, new Set()));
}

/**
 * Was a card of this reference ever in this game: in a zone now, or named by an event before it left (a token that
 * ceased to exist)? A line about a card that never was — `expect no event destroyed "Stnoe Guard"`, `expect p2
 * graveyard lacks "Field Medic"`, `expect not stack has "Refusal"` with no Field Medic or Refusal set up or made —
 * would hold whatever happens: a scenario that cannot fail.
 */
function everInGame(run: Run, state: GameState, events: TraceEvent[], card: CardRef): boolean {
  return (
    Object.keys(state.cards).some((id) => refMatches(run, state, card, id)) ||
    events.some((ev) => (ev.card !== undefined && state.cards[ev.card] ? refMatches(run, state, card, ev.card) : norm(ev.name ?? "") === norm(card.card)))
  );
}

/** The cards an expectation claims something about (not a card whose state it reads: that one must be there), each with why a card that never was in the game makes the line tell nothing. */
function cardsClaimed(e: Expectation): { card: CardRef; never: string }[] {
  const event = (card: CardRef | undefined) => (card ? [{ card, never: "an event of it can never happen" }] : []);
  const onStack = (card: string) => ({ card: { card }, never: "it is never on the stack, so this line could not fail" });
  switch (e.kind) {
    case "event":
      return [...event(e.pattern.card), ...event(e.pattern.by)];
    case "order":
    case "one_event":
      return e.items.flatMap((i) => [...event(i.card), ...event(i.by)]);
    case "zone":
      return e.cards.map((card) => ({ card: { card }, never: "no zone ever holds it, so this line could not fail" }));
    case "stack":
      return e.items.filter((i): i is string => typeof i === "string").map(onStack);
    case "stack_item":
      return [
        onStack(e.item.card),
        ...(e.item.targets ?? []).filter((t): t is CardRef => "card" in t).map((card) => ({ card, never: "nothing can target it, so this line could not fail" })),
      ];
    default:
      return [];
  }
}

/** The first card an expectation claims something about that was never in this game, with why the line tells nothing. */
function neverInGame(run: Run, state: GameState, events: TraceEvent[], e: Expectation): string | undefined {
  const missing = cardsClaimed(e).find(({ card }) => !everInGame(run, state, events, card));
  if (!missing) return undefined;
  // The nearest of the cards the scenario has (a name of the set it never sets up or makes, or one misread).
  const cards = [...new Set(run.seen.values())].sort();
  const near = closestName(missing.card.card, cards);
  const shown = cards.length > 8 ? [...cards.slice(0, 8), "…"] : cards;
  const hint = near ? ` (did you mean "${near}"?)` : cards.length ? ` (the cards of this scenario: ${shown.map((c) => (c === "…" ? c : `"${c}"`)).join(", ")})` : "";
  return `no card ${describeRef(missing.card)} in the game: ${missing.never}${hint}`;
}

/**
 * Where a card must have been, at some moment of the run, for an event of a kind to be about it: in play (or a resource
 * zone); in play or played (on the stack, resolving); or acting at all — played, in play, or named by an event of its
 * own, which is what sets off a card's ability away from play ("When this is discarded": runtime/core/triggers.ts
 * noteTriggersOf). A negated line about a card never there could not fail: session 37's Chromatic probe set the Seer up in
 * p2's Hand where the Battlefield was meant, Mass Quake dealt 2 damage to each creature, and `expect no event destroyed
 * "Seer"` passed; probe L3: `expect no event fizzle "Quick Bolt"` with the Bolt never cast, `expect no event trigger
 * "Seer"` with the Seer in the deck throughout, `expect no event damage p2 by "Scout"` with the Scout in a hand.
 */
type Reach = "play" | "played" | "acts";
const EVENT_REACH: Readonly<Record<string, { reach: Reach; why: string }>> = {
  destroyed: { reach: "play", why: "only a card in play is destroyed" },
  damage: { reach: "play", why: "only a card in play is dealt damage" },
  fight: { reach: "play", why: "only a card in play fights" },
  attack: { reach: "play", why: "only a card in play attacks" },
  block: { reach: "play", why: "only a card in play blocks" },
  breach: { reach: "play", why: "only a card in play hits a player" },
  // Session 38: counters go on and come off a card in play only (runtime/core/effects.ts add_counters: a card out of play
  // gets none), a card produces a resource from play (a land exhausted, a Weapon's Armor), and a card is changed (a stat,
  // a keyword, enhanced, a cost change used) in play or as it is played (a Chromatic spell enhanced as it is cast).
  counter: { reach: "play", why: "only a card in play gets or loses counters" },
  resource: { reach: "play", why: "only a card in play produces a resource" },
  modify: { reach: "played", why: "only a card in play, or one being played, is changed" },
  // Only a card played, or an ability of a card that acts, is put on the stack, resolves, or fizzles; only a card that acts triggers.
  push: { reach: "acts", why: "only a card played, or an ability of a card in play or set off by an event of its own, is put on the stack" },
  pop: { reach: "acts", why: "only what was put on the stack is taken off it" },
  resolve: { reach: "acts", why: "only a card played, or an ability of a card in play or set off by an event of its own, resolves" },
  fizzle: { reach: "acts", why: "only what was played or put on the stack fizzles" },
  trigger: { reach: "acts", why: "only a card in play, or one an event of its own sets off, triggers" },
  fire: { reach: "acts", why: "only a card in play, or one an event of its own sets off, triggers" },
  suppressed: { reach: "acts", why: "only a card in play, or one an event of its own sets off, triggers" },
  appended: { reach: "acts", why: "only a card in play, or one an event of its own sets off, triggers" },
};
/** The card that did something (`by "Z"`): only one that acts does anything. */
const BY_REACH = { reach: "acts", why: "only a card played, in play, or set off by an event of its own does anything" } as const;

/** The cards that were, at some moment of the run so far, in each reach (filled by the runner as the events come). */
interface Reached {
  inPlay: Set<string>;
  played: Set<string>;
  /** Named by an event other than the setup (moved, drawn, discarded, triggered, dealt damage, ...). */
  named: Set<string>;
}

const within = (reached: Reached, reach: Reach, id: string): boolean =>
  reached.inPlay.has(id) || (reach !== "play" && reached.played.has(id)) || (reach === "acts" && reached.named.has(id));

/** The card references of an event pattern, each with where its card must have been for the event to be about it (none for a kind any card has: draw, move, discard). */
const refsReached = (p: EventPattern): { card: CardRef; reach?: Reach; why?: string }[] => [
  ...(p.card ? [{ card: p.card, ...EVENT_REACH[p.event] }] : []),
  ...(p.by ? [{ card: p.by, ...BY_REACH }] : []),
];

/** The cards a negated event line denies something of that needs them somewhere (EVENT_REACH), with why: none for any other line. */
function deniedInReach(e: Expectation, negate: boolean): { card: CardRef; reach: Reach; why: string }[] {
  if (!negate) return [];
  return eventPatterns(e).flatMap(refsReached).filter((r): r is { card: CardRef; reach: Reach; why: string } => r.reach !== undefined);
}

/** The cards a choice waiting in `state` offers (cards, targets, defenders). */
function offeredIn(state: GameState): string[] {
  const pending = state.pending;
  if (!pending) return [];
  if (pending.kind === "cards" || pending.kind === "defender") return pending.options;
  if (pending.kind === "targets") return pending.options.flatMap((t) => ("card" in t ? [t.card] : []));
  return [];
}

/**
 * A line denying a card in a zone of a player outside play, which only another player's card of that name could have been
 * in (a card outside play is always in its owner's zone: runtime/core/cards.ts zoneHolder), so the line could not fail:
 * - the player owns no card of that name and never controlled one (probe s41 L1: `expect not p1 Discard Pile has
 *   "Razorfang Courier"` with the Courier p2's) — an error;
 * - the player owns some, but none of them was touched by the scenario (in play, played, named by an event, or offered in
 *   a choice — `touched`), while another player's was (rules s42's repro: p1's Scouts untouched in p1's Deck, p2's Scout
 *   attacked: `expect not p1 Graveyard has "Scout"`, meant for p2's) — a warning, as a card can leave a zone unnamed by a
 *   choice (a random discard); a positive line naming the card (`affirmed`) says the writer knows where it is.
 * Judged once the scenario has run (a token made later counts), over every card of the name at some moment.
 */
function ownedByAnother(run: Run, state: GameState, moments: readonly Moment[], e: Expectation, negate: boolean, touched: (id: string) => boolean, affirmed: ReadonlySet<string>): Judgement | undefined {
  if (e.kind !== "zone" || !((e.mode === "has" && negate) || (e.mode === "lacks" && !negate))) return undefined;
  const zone = run.engine.rules.game.zones.find((z) => norm(z.name) === norm(e.zone))?.name ?? e.zone;
  if (zone === run.engine.rules.zones.battlefield) return undefined;
  for (const name of e.cards) {
    // Every card of the name at every moment (a card's controller changes: each snapshot counts), then each card once.
    const snapshots = [...moments.map((m) => m.state), state].flatMap((st) => Object.values(st.cards).filter((c) => refMatches(run, st, { card: name }, c.id)));
    // A card the player controlled in play (Hostile Takeover) is what the line tests: it goes to its owner's zone, not theirs.
    if (snapshots.some((c) => c.controller === e.player && c.owner !== e.player)) continue;
    const cards = [...new Map(snapshots.map((c) => [c.id, c] as const)).values()];
    const others = cards.filter((c) => c.owner !== e.player);
    const owners = [...new Set(others.map((c) => c.owner))];
    if (!owners.length) continue;
    const line = (owner: string) => (e.mode === "lacks" ? `expect ${owner} ${zone} lacks "${name}"` : `expect not ${owner} ${zone} has "${name}"`);
    const mine = cards.filter((c) => c.owner === e.player);
    if (!mine.length) return { message: `"${name}" is ${owners.join("'s and ")}'s, and out of play a card is only ever in its owner's ${zone}, so ${e.player}'s ${zone} never holds it and this line could not fail — write \`${line(owners[0]!)}\`` };
    const touchedOthers = others.filter((c) => touched(c.id));
    if (mine.some((c) => touched(c.id)) || !touchedOthers.length || affirmed.has(norm(name))) continue;
    const where = [...new Set(mine.map((c) => state.cards[c.id]?.zone ?? c.zone))];
    const owner = touchedOthers[0]!.owner;
    return {
      warning: `this line holds, but only because ${e.player}'s "${name}" ${mine.length === 1 ? "was" : "were"} never touched (${mine.length === 1 ? "it stayed" : "they stayed"} in ${e.player}'s ${where.join(" and ")}: no event moved ${mine.length === 1 ? "it" : "them"}, no choice offered ${mine.length === 1 ? "it" : "them"}); the "${name}" this scenario touched is ${owner}'s, and out of play it is only ever in ${owner}'s ${zone} — write \`${line(owner)}\` if ${owner}'s is meant, or say where ${e.player}'s is (\`expect ${e.player} ${where[0]} has "${name}"\`)`,
    };
  }
  return undefined;
}

/** The cards a line says something positive of (where they are, what they did or are): a line naming one says where it went. */
function cardsAffirmed(e: Expectation, negate: boolean): string[] {
  if (negate) return [];
  switch (e.kind) {
    case "zone":
      return e.mode === "lacks" ? [] : e.cards;
    case "event":
      return [e.pattern.card, e.pattern.by].flatMap((ref) => (ref ? [ref.card] : []));
    case "order":
    case "one_event":
      return e.items.flatMap((i) => [i.card, i.by].flatMap((ref) => (ref ? [ref.card] : [])));
    default:
      return "card" in e && e.card && typeof e.card === "object" && "card" in e.card ? [e.card.card] : [];
  }
}

/**
 * A line denying something of a card — an event only a card in play has (`expect no event destroyed "Scout"`), or the card
 * in a zone (`expect not p2 Graveyard has "Scout"`, `expect p2 Graveyard lacks "Scout"`) — that holds because the card had
 * left play before it for another reason: returned to a hand, removed, or a token that ceased to exist. Written to say the
 * card survived, it would hold had the card been bounced first (or, a token, destroyed). A warning, unless a line of the
 * scenario says where the card is (`affirmed`: its names, lower case); the cards in play now are what the line is about.
 */
function goneForAnotherReason(run: Run, state: GameState, moments: readonly Moment[], events: readonly TraceEvent[], e: Expectation, negate: boolean, affirmed: ReadonlySet<string>): string | undefined {
  const playZones = new Set([run.engine.rules.zones.battlefield, ...zoneTiers(run)[1]!]);
  const zone = e.kind === "zone" && e.cards.length === 1 && ((e.mode === "has" && negate) || (e.mode === "lacks" && !negate)) ? (run.engine.rules.game.zones.find((z) => norm(z.name) === norm(e.zone))?.name ?? e.zone) : undefined;
  // An event of a card in play, denied (the card's own, not the one that did it: `by` is another card's deed).
  const denied = e.kind === "event" ? deniedInReach(e, negate).find((d) => d.card === e.pattern.card && d.reach !== "acts") : undefined;
  const card: CardRef | undefined = zone && !playZones.has(zone) && e.kind === "zone" ? { card: e.cards[0]! } : denied?.card;
  if (!card || affirmed.has(norm(card.card))) return undefined;
  const ids = new Set(moments.flatMap((m) => Object.keys(m.state.cards).filter((id) => refMatches(run, m.state, card, id))));
  let gone: { id: string; left: Moment; before: GameState } | undefined;
  for (const id of ids) {
    const now = state.cards[id]?.zone;
    if (now !== undefined && playZones.has(now)) return undefined;
    const last = moments.findLastIndex((m) => playZones.has(m.state.cards[id]?.zone ?? ""));
    if (last >= 0 && last + 1 < moments.length) gone ??= { id, left: moments[last + 1]!, before: moments[last]!.state };
  }
  if (!gone) return undefined;
  const { id, left, before } = gone;
  const name = nameOf(run, before, id);
  const how = events.slice(left.eventStart, left.eventEnd).find((ev) => ev.card === id && ev.kind !== "action" && ev.kind !== "trigger")?.text;
  const now = state.cards[id];
  const where = now ? `is in ${now.owner}'s ${now.zone}` : "is in no zone (a token that leaves play ceases to exist)";
  const reason = e.kind === "zone" ? `it is not in ${e.player}'s ${zone} for a reason the line does not say` : e.kind === "event" ? `no ${e.pattern.event} event of it could happen after that` : "";
  const say = now ? ` — say where it is (\`expect ${now.owner} ${now.zone} has "${name}"\`), or keep it in play up to this line to test what the line says` : " — expect what became of it (`expect event destroyed \"" + name + "\"`), or keep it in play up to this line to test what the line says";
  return `this line holds, but not for the reason it gives: "${name}" had left play before it, at line ${left.line}${how ? ` (${how})` : ""}, and ${where}, so ${reason}${say}`;
}

/**
 * A negated event line about a card of the game that was never where the event needs it while the scenario ran
 * (`deniedInReach`): said as the error it is, naming where the card was and what to write. `reached` is the whole run's.
 */
function neverInReach(run: Run, state: GameState, e: Expectation, negate: boolean, reached: Reached): string | undefined {
  for (const denied of deniedInReach(e, negate)) {
    const cards = Object.values(state.cards).filter((c) => refMatches(run, state, denied.card, c.id));
    if (!cards.length || cards.some((c) => within(reached, denied.reach, c.id))) continue;
    const battlefield = run.engine.rules.zones.battlefield;
    const places = [...new Set(cards.map((c) => `${c.owner}'s ${c.zone}`))];
    const owner = cards[0]!.owner;
    const name = nameOf(run, state, cards[0]!.id);
    if (denied.reach !== "acts")
      return `${describeRef(denied.card)} was never in play in this scenario (it was in ${places.join(", ")}): ${denied.why}, so this line could not fail — set it up in play (\`${owner} ${battlefield}: "${name}"\`) to test that it is not, or leave the line out`;
    return `${describeRef(denied.card)} never did anything in this scenario — it was never played, never in play, and no event happened to it (it stayed in ${places.join(", ")}): ${denied.why}, so this line could not fail — play it, or set it up in play (\`${owner} ${battlefield}: "${name}"\`), to test that it does not, or leave the line out`;
  }
  return undefined;
}

/** A negated `draw` event line (`expect no event draw p1`, `expect no event draw`): the players it is about, or undefined for any other line. */
function deniedDraw(e: Expectation, negate: boolean): string[] | undefined {
  if (!negate || e.kind !== "event" || norm(e.pattern.event) !== "draw" || e.pattern.card || e.pattern.by) return undefined;
  return e.pattern.player ? [e.pattern.player] : ["p1", "p2"];
}

/**
 * A negated draw line about players whose decks held no card at any moment of the scenario: a draw from an empty deck
 * draws nothing and is no draw event (drewNothing), so the line could not fail, whatever the engine did — said as the
 * error it is, with what to write. Session 37 left it documented only ("holds after it").
 */
function drawnFromNothing(run: Run, state: GameState, e: Expectation, negate: boolean, deckHeld: ReadonlySet<string>): string | undefined {
  const players = deniedDraw(e, negate)?.filter((p) => state.players[p]);
  if (!players?.length || players.some((p) => deckHeld.has(p))) return undefined;
  const deck = run.engine.rules.zones.deck;
  const whose = players.length === 1 ? `${players[0]}'s ${deck} was` : `every player's ${deck} was`;
  const p = players[0]!;
  return `${whose} empty the whole scenario: a draw from an empty ${deck} draws nothing and is no draw event, so this line could not fail: it holds whatever the engine did — set up ${players.length === 1 ? `${p}'s ${deck}` : "a deck"} (\`${p} ${deck}: "<card>"\`) to test that ${players.length === 1 ? p : "no one"} draws, or expect what the empty ${deck} does (\`expect ${p} hand count N\`)`;
}

const describeEvent = (p: EventPattern) => `${p.event}${p.card ? ` ${describeRef(p.card)}` : ""}${p.player ? ` ${p.player}` : ""}${p.amount !== undefined ? ` ${p.amount}` : ""}${p.by ? ` by ${describeRef(p.by)}` : ""}`;
const shownEvent = (e: TraceEvent) => `${e.kind}${e.name ? ` "${e.name}"` : ""}${e.player ? ` ${e.player}` : ""}`;

function stackItems(run: Run, state: GameState): { name: string; rule: boolean; by: string; targets: TargetValue[] }[] {
  // The top of the stack is the last item pushed.
  return [...state.stack].reverse().map((item) => ({ name: item.frame.card ? nameOf(run, state, item.frame.card) : item.frame.label, rule: !item.frame.card, by: item.frame.controller, targets: item.frame.targets.flat() }));
}

function stackMatches(run: Run, state: GameState, item: { name: string; rule: boolean; by: string; targets: TargetValue[] }, pattern: StackPattern): boolean {
  if (item.rule || norm(item.name) !== norm(pattern.card)) return false;
  if (pattern.by && item.by !== pattern.by) return false;
  return !pattern.targets || (pattern.targets.length === item.targets.length && pattern.targets.every((t, i) => targetMatches(run, state, item.targets[i]!, t)));
}

function describeTarget(run: Run, state: GameState, t: TargetValue): string {
  return "player" in t ? t.player : `${state.cards[t.card]?.controller ?? "?"}'s "${nameOf(run, state, t.card)}"`;
}

function describeStackPattern(p: StackPattern): string {
  return `"${p.card}"${p.by ? ` by ${p.by}` : ""}${p.targets ? ` targeting ${p.targets.map((t) => ("player" in t ? t.player : describeRef(t))).join(", ")}` : ""}`;
}

/**
 * A card's state (a stat, damage, counters, defender, exhausted) read where no rule keeps it: out of play a card
 * has its printed stats and no damage, counters or state, so `expect "Stone Guard" power 2` after Stone Guard
 * was destroyed would hold — and `expect not ...` fail — whatever happened to it in play. Play, a resource zone
 * (Facet cards) and resolution are where a card's state counts; elsewhere the line says where the card is.
 */
/** An expectation of a card's state in play: a stat, damage, counters, defender, exhausted/ready, a keyword. */
type CardStateExpectation = Extract<Expectation, { kind: "stat" | "damage" | "counters" | "defender" | "exhausted" | "newly_turned" | "active_ability" | "keyword" }>;

/** `has Flying` · `has Bleed 2`: a keyword expectation's words after the card. */
const keywordText = (e: Extract<Expectation, { kind: "keyword" }>) => `has ${e.keyword}${e.amount !== undefined ? ` ${e.amount}` : ""}`;

/** A card-state expectation written with ` in <zone>` (what outOfPlay suggests). */
function expectationText(e: CardStateExpectation, zone: string, negate: boolean): string {
  const ref = describeRef({ ...e.card, zone: undefined });
  const what =
    e.kind === "stat" ? `${e.remaining ? "remaining " : ""}${e.stat} ${e.value}` : e.kind === "counters" ? `${e.counter} counters ${e.value}` : e.kind === "damage" ? `damage ${e.value}` : e.kind === "defender" ? "is defender" : e.kind === "newly_turned" ? "is newly turned" : e.kind === "active_ability" ? `active ${e.color}` : e.kind === "keyword" ? keywordText(e) : e.over ? "is overexhausted" : e.value ? "is exhausted" : "is ready";
  return `expect ${negate ? "not " : ""}${ref} ${what} in ${zone}`;
}

function outOfPlay(run: Run, state: GameState, id: string, e: CardStateExpectation, negate: boolean): string | undefined {
  const { rules } = run.engine;
  const card = state.cards[id]!;
  if (e.card.zone) return undefined;
  const inPlay = [rules.zones.battlefield, RESOLVING, ...rules.game.zones.filter((z) => z.role === "resource").map((z) => z.name)];
  if (inPlay.includes(card.zone)) return undefined;
  const what = e.kind === "stat" ? e.stat : e.kind === "counters" ? `${e.counter} counters` : e.kind === "exhausted" ? "exhausted or ready state" : e.kind === "newly_turned" ? "Newly Turned state" : e.kind === "active_ability" ? "active ability" : e.kind === "defender" ? "defender status" : e.kind === "keyword" ? "granted or lost keywords" : "damage";
  return `${describeRef(e.card)} is not in play: it is in ${card.owner}'s ${card.zone}. A card's ${what} is kept only in play (out of play a card has its printed stats and nothing else), so this line would not tell what happened to it in play. If you mean the card in the ${card.zone}, say so: \`${expectationText(e, card.zone, negate)}\``;
}

/**
 * A cost as amounts by what pays them — `{R}` symbols, the generic amount, a resource, life, cards discarded or
 * erased — so that `{R}{1}` and `{1}{R}`, or `{1}{1}` and `{2}`, are one cost, as they are to the player paying it.
 */
/**
 * A card's abilities of a colour (a Chromatic Facet ability, `[Yellow] Flying.`) that are not on, of those `about` picks,
 * said after a failed keyword or stat line: such an ability is bought as the card enters play, and a card set up in play
 * has only what it entered with (session 39's probe: a Seer set up in play, `expect "Seer" has Flying`, was told only "has
 * no keyword"). Empty for a card with one active ability of several (an Enchantment: `active` says which) or none off.
 */
function abilitiesOff(run: Run, state: GameState, id: string, about: (a: ReturnType<typeof cardDef>["abilities"][number]) => boolean): string {
  const card = state.cards[id]!;
  const def = cardDef(newCtx(run.engine.rules, state), card);
  if (run.engine.rules.game.cardTypes.find((t) => norm(t.name) === norm(def.cardType))?.requires.includes("one_active")) return "";
  const on = new Set(run.engine.activeAbilities(state, id));
  const off = def.abilities.filter((a) => a.tag && norm(a.tag) !== "base" && !on.has(a.id) && about(a));
  if (!off.length) return "";
  return ` (${off.map((a) => `its ${/^\[/.test(a.text) ? "" : `[${a.tag}] `}ability "${a.text}"`).join(", ")} ${off.length === 1 ? "is" : "are"} not on: such an ability is bought as the card enters play, and a card set up in play has only its Base ability — to test it, play the card and answer \`${card.controller} chooses yes\` when it asks)`;
}

type CostAmounts = Map<string, number>;
const GENERIC = "generic";

function addCost(amounts: CostAmounts, key: string, amount: number): void {
  if (amount !== 0) amounts.set(key, (amounts.get(key) ?? 0) + amount);
}

/** What the engine's cost parts ask for (CostAmounts); an X amount counts as the key's own `X`. */
function costAmounts(parts: readonly CostPart[]): CostAmounts {
  const out: CostAmounts = new Map();
  for (const p of parts) {
    const amount = "amount" in p && typeof p.amount === "number" ? p.amount : 1;
    const x = "amount" in p && typeof p.amount === "object";
    if (p.pays === "symbol") addCost(out, p.generic && p.symbol.toLowerCase() !== "x" ? GENERIC : `{${p.symbol}}`, amount);
    else if (p.pays === "resource") addCost(out, x ? `X ${p.resource}` : p.resource, amount);
    else if (p.pays === "life" || p.pays === "discard" || p.pays === "erase") addCost(out, x ? `X ${p.pays}` : p.pays, amount);
    else if (p.pays !== "free") addCost(out, p.pays, 1);
  }
  return out;
}

/** What a scenario's `cost ...` words ask for (CostAmounts): a bare number is the game's first resource, as on a card's `cost:` line. */
function writtenCostAmounts(engine: Engine, words: CostWords): CostAmounts | string {
  const out: CostAmounts = new Map();
  const resources = engine.rules.game.resources.map((r) => r.name);
  for (const symbol of words.symbols) addCost(out, /^\d+$/.test(symbol) ? GENERIC : `{${symbol}}`, /^\d+$/.test(symbol) ? Number(symbol) : 1);
  for (const r of words.resources) {
    const resource = r.resource === undefined ? resources[0] : resources.find((n) => norm(n) === norm(r.resource!) || norm(n) + "s" === norm(r.resource!));
    if (resource === undefined) return r.resource === undefined ? `${engine.rules.game.name} has no resource for a cost of a bare number: write its symbols` : `"${r.resource}" is no resource of ${engine.rules.game.name}`;
    addCost(out, r.x ? `X ${resource}` : resource, r.amount);
  }
  if (words.life !== undefined) addCost(out, "life", words.life);
  if (words.xLife) addCost(out, "X life", 1);
  if (words.discard !== undefined) addCost(out, "discard", words.discard);
  if (words.erase !== undefined) addCost(out, "erase", words.erase);
  return out;
}

/** CostAmounts as a card's `cost:` line writes them: `{R}{R}{1}`, `2 Crystal`, `1 life`, `discard 1`, `free`. */
function costLine(amounts: CostAmounts): string {
  const symbols = [...amounts].filter(([k]) => k.startsWith("{")).map(([k, n]) => k.repeat(n)).join("");
  const generic = amounts.get(GENERIC);
  const words = [...amounts].filter(([k]) => !k.startsWith("{") && k !== GENERIC).map(([k, n]) => (k === "discard" || k === "erase" ? `${k} ${n}` : k.startsWith("X ") ? k : `${n} ${k}`));
  const text = [`${symbols}${generic !== undefined ? `{${generic}}` : ""}`, ...words].filter(Boolean).join(" ");
  return text || "free";
}

const sameCost = (a: CostAmounts, b: CostAmounts) => a.size === b.size && [...a].every(([k, n]) => b.get(k) === n);

/** What playing this card from its owner's hand costs now, as `expect "<card>" cost ...` writes it (its printed cost changed by the cost statics in effect). */
export function costNow(engine: Engine, state: GameState, id: string): string {
  return costLine(costAmounts(currentCost(engine, state, id)));
}

function currentCost(engine: Engine, state: GameState, id: string): CostPart[] {
  const ctx = newCtx(engine.rules, state);
  const card = state.cards[id]!;
  return playCost(ctx, card.owner, id, cardDef(ctx, card).cost);
}

function evaluate(run: Run, state: GameState, events: TraceEvent[], e: Expectation, scenario: Scenario, negate = false): Verdict | string {
  const { engine } = run;
  const zoneName = (written: string) => engine.rules.game.zones.find((z) => norm(z.name) === norm(written))?.name;
  const verdict = (holds: boolean, expected: string, actual: string, value?: string): Verdict => ({ holds, expected, actual, ...(value !== undefined ? { value } : {}) });
  switch (e.kind) {
    case "life": {
      const actual = state.players[e.player]!.life;
      // Damage a pool took before life (Chromatic 5: "All damage dealt to a player reduces Armor first"): said, so that a
      // line written as if it all reached life learns where it went (session 37's probe: `expect p2 life 27` after a Spark
      // 3 on p2 with 2 Armor was told only "p2 life 29").
      const pool = engine.rules.param("damage_absorbed_by", "");
      const absorbed = actual !== e.value && pool ? events.filter((ev) => ev.kind === "resource" && ev.player === e.player && ev.text.endsWith(` damage absorbed by ${pool}`)).reduce((n, ev) => n + (ev.amount ?? 0), 0) : 0;
      const note = absorbed ? ` (${absorbed} damage was absorbed by ${e.player}'s ${pool} first: \`expect ${e.player} ${pool} ${state.players[e.player]!.resources[pool] ?? 0}\`)` : "";
      return verdict(actual === e.value, `${e.player} life ${e.value}`, `${e.player} life ${actual}${note}`, `${e.player} life ${actual}`);
    }
    case "amount": {
      const p = state.players[e.player]!;
      const find = (keys: string[]) => keys.find((r) => norm(r) === norm(e.name) || norm(r) + "s" === norm(e.name));
      const what = `${e.player} ${e.temporary ? "temporary " : ""}${e.name}${e.capacity ? " capacity" : ""}`;
      let actual: number;
      if (e.temporary) {
        const pool = state.temporary?.[e.player] ?? {};
        actual = pool[find(Object.keys(pool)) ?? ""] ?? 0;
      } else if (e.capacity) {
        const resource = find(engine.rules.game.resources.map((r) => r.name))!;
        actual = p.capacity[resource] ?? 0;
      } else {
        const resource = find(engine.rules.game.resources.map((r) => r.name));
        const counter = find(engine.rules.game.counters.filter((c) => c.on === "player").map((c) => c.name));
        if (resource === undefined && counter === undefined) return `"${e.name}" is neither a resource nor a player counter of ${engine.rules.game.name}`;
        actual = resource !== undefined ? (p.resources[resource] ?? 0) : (p.counters[counter!] ?? 0);
      }
      return verdict(actual === e.value, `${what} ${e.value}`, `${what} ${actual}`);
    }
    case "zone":
    case "zone_count": {
      const zone = zoneName(e.zone)!;
      const names = (state.players[e.player]?.zones[zone] ?? []).map((id) => nameOf(run, state, id));
      // A draw into this hand that drew nothing (an empty deck, a hand maximum that skips it) is said with the hand: session
      // 37's Duel probe, `expect p2 hand count 3` after p1 ended the turn with p2's deck empty, was told only the two cards.
      const skippedDraws = zone === engine.rules.zones.hand ? events.filter((ev) => drewNothing(ev) && ev.player === e.player) : [];
      const shown = `${e.player} ${zone}: ${names.map((n) => `"${n}"`).join(", ") || "(empty)"}${skippedDraws.length ? ` (drew nothing: ${skippedDraws.slice(0, EVENTS_SHOWN).map((ev) => ev.text).join("; ")})` : ""}`;
      if (e.kind === "zone_count") return verdict(names.length === e.value, `${e.player} ${zone} count ${e.value}`, shown);
      const have = names.map(norm).sort();
      const want = e.cards.map(norm).sort();
      const listed = e.cards.map((n) => `"${n}"`).join(", ");
      if (e.mode === "exactly") {
        // A zone the game keeps in order (a deck) is compared top first, as the setup lists it: read in any order,
        // `expect p1 deck: "A", "B"` would hold with B on top, and a scenario about the order a card was put back in
        // would prove nothing.
        const ordered = engine.rules.game.zones.find((z) => z.name === zone)?.ordered === true;
        const same = ordered ? JSON.stringify(names.map(norm)) === JSON.stringify(e.cards.map(norm)) : JSON.stringify(have) === JSON.stringify(want);
        return verdict(same, `${e.player} ${zone}: ${listed || "(empty)"}${ordered ? " (top first)" : ""}`, ordered ? `${shown} (top first)` : shown);
      }
      const counts = (list: string[]) => list.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
      const haveCounts = counts(have);
      if (e.mode === "has") {
        // Where a card the zone lacks is instead (session 37's probe: a shattered card expected in the Graveyard was told
        // only "p1 Graveyard: (empty)"; it was in the Shatter Zone).
        const short = [...counts(want)].filter(([n, k]) => (haveCounts.get(n) ?? 0) < k).map(([n]) => n);
        const where = short.flatMap((n) => {
          const places = [...new Set(Object.values(state.cards).filter((c) => norm(nameOf(run, state, c.id)) === n && !(c.controller === e.player && c.zone === zone)).map((c) => `${c.controller}'s ${c.zone}`))];
          if (places.length) return [`"${nameOf(run, state, Object.values(state.cards).find((c) => norm(nameOf(run, state, c.id)) === n)!.id)}" is in ${places.join(", ")}`];
          // A token that left play is gone from the game (session 38's CYBERVAMP probe: a destroyed Blood Familiar expected
          // in the Discard Pile was told only "p2 Discard Pile: (empty)").
          const gone = [...run.seen].find(([id, name]) => !state.cards[id] && norm(name) === n);
          const how = gone && events.some((ev) => ev.card === gone[0] && ev.kind === "destroyed") ? "destroyed" : "move";
          return gone ? [`"${gone[1]}" was a token: it left play and ceased to exist, as a token does wherever it would go; \`expect event ${how} "${gone[1]}"\` says it left`] : [];
        });
        return verdict(!short.length, `${e.player} ${zone} has ${listed}`, `${shown}${where.length ? ` (${where.join("; ")})` : ""}`);
      }
      return verdict(want.every((n) => !haveCounts.has(n)), `${e.player} ${zone} lacks ${listed}`, shown);
    }
    case "stat":
    case "damage":
    case "counters":
    case "exhausted":
    case "newly_turned":
    case "active_ability":
    case "defender":
    case "keyword": {
      const id = resolveCard(run, state, e.card);
      if (typeof id !== "string") return id.problem;
      const card = state.cards[id]!;
      const who = describeRef(e.card);
      const away = outOfPlay(run, state, id, e, negate);
      if (away) return away;
      if (e.kind === "counters") {
        const actual = card.counters[Object.keys(card.counters).find((k) => norm(k) === norm(e.counter)) ?? e.counter] ?? 0;
        return verdict(actual === e.value, `${who} ${e.counter} counters ${e.value}`, `${who} ${e.counter} counters ${actual}`);
      }
      if (e.kind === "damage") return verdict(card.damage === e.value, `${who} damage ${e.value}`, `${who} damage ${card.damage}`);
      if (e.kind === "stat" && e.remaining) {
        // What is left of its toughness: the stat less the damage marked on it (Chromatic 21's "remaining Defense").
        const stat = engine.stat(state, id, e.stat);
        const left = stat - card.damage;
        return verdict(left === e.value, `${who} remaining ${e.stat} ${e.value}`, `${who} remaining ${e.stat} ${left} (${e.stat} ${stat}, damage ${card.damage})`);
      }
      if (e.kind === "stat") {
        const actual = engine.stat(state, id, e.stat);
        // A stat is what the card has, damage is marked apart: `expect "X" defense 1` after 3 damage on a 4-defense card
        // (session 33's Chromatic probe, session 34's CYBERVAMP) was told only "defense 4".
        const marked =
          actual !== e.value && card.damage > 0
            ? ` (${card.damage} damage is marked on it, apart from its stats: \`expect ${who} damage ${card.damage}\`${norm(e.stat) === scenarioNamesOf(engine).toughness ? `; what is left of its ${e.stat} is ${actual - card.damage}: \`expect ${who} remaining ${e.stat} ${actual - card.damage}\`` : ""})`
            : "";
        // "+0/+2" changes the second stat only.
        const second = norm(e.stat) === scenarioNamesOf(engine).toughness;
        // An ability that changes the stat: a "+2/+0" pair of its text, else a stat change or counter of it in its IR — not
        // the stat's word anywhere in its text (session 40's probe, chromatic-3: "[Yellow] Creatures your opponents control
        // can't attack you unless …" was named after a failed `attack 4`).
        const statKey = JSON.stringify(norm(e.stat));
        const changes = (a: ReturnType<typeof cardDef>["abilities"][number]) => {
          const both = /([+-]\d+)\/([+-]\d+)/.exec(a.text);
          if (both) return Number(both[second ? 2 : 1]) !== 0;
          const ir = JSON.stringify(a, (key, value) => (key === "source" || key === "text" ? undefined : value)).toLowerCase();
          return ir.includes(`"stats":{`) && new RegExp(`"stats":\\{[^{}]*${statKey.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:`).test(ir) || ir.includes(`"counter":${statKey}`);
        };
        const off = actual !== e.value ? abilitiesOff(run, state, id, changes) : "";
        return verdict(actual === e.value, `${who} ${e.stat} ${e.value}`, `${who} ${e.stat} ${actual}${marked}${off}`, `${who} ${e.stat} ${actual}`);
      }
      if (e.kind === "defender") return verdict(card.defender, `${who} is a defender`, card.defender ? "a defender" : "not a defender");
      if (e.kind === "active_ability") {
        // The colour abilities on now (an enchantment has one; a card of another type has every one it has).
        const def = cardDef(newCtx(engine.rules, state), card);
        const on = new Set(engine.activeAbilities(state, id));
        const colours = def.abilities.filter((a) => a.tag && norm(a.tag) !== "base" && on.has(a.id)).map((a) => a.tag!);
        const one = engine.rules.game.cardTypes.find((t) => norm(t.name) === norm(def.cardType))?.requires.includes("one_active");
        if (!one) return `${who} is a ${def.cardType}: only a card with one active ability of several (an Enchantment) has an active colour`;
        return verdict(colours.length === 1 && norm(colours[0]!) === norm(e.color), `${who} active ${e.color}`, `${who} active ${colours.join(", ") || "none"}`);
      }
      if (e.kind === "newly_turned") {
        const ctx = newCtx(engine.rules, state);
        const newly = isNewlyTurned(ctx, id);
        // Why not, when the line expected it: not a type Newly Turned applies to, Haste, or it entered before its controller's turn.
        const typed = engine.rules.words("newly_turned_types").has(cardDef(ctx, card).cardType.toLowerCase());
        const haste = hasRule(ctx, id, "ignores_newly_turned") || hasRule(ctx, id, "ignores_summoning_sickness");
        const why = newly ? "" : !typed ? ` (a ${cardDef(ctx, card).cardType} is never Newly Turned)` : haste ? " (it ignores Newly Turned: Haste)" : ` (it entered play before ${card.controller}'s turn began)`;
        return verdict(newly, `${who} is newly turned`, newly ? "newly turned" : `not newly turned${why}`);
      }
      if (e.kind === "keyword") {
        const has = [...engine.keywords(state, id)];
        const found = has.find(([name]) => name === norm(e.keyword));
        const declared = (name: string) => engine.rules.game.keywords.find((k) => norm(k.name) === name);
        const written = ([name, amount]: [string, number]) => {
          const keyword = declared(name);
          return `${keyword?.name ?? name}${keyword?.parameter ? ` ${amount}` : ""}`;
        };
        const holds = found !== undefined && (e.amount === undefined || found[1] === e.amount);
        const off = !holds && !found ? abilitiesOff(run, state, id, (a) => norm(a.keyword?.name ?? "") === norm(e.keyword)) : "";
        const bare = `${who} has ${has.map(written).join(", ") || "no keyword"}`;
        return verdict(holds, `${who} ${keywordText(e)}`, `${bare}${off}`, bare);
      }
      const actual = e.over ? card.overexhausted : card.exhausted;
      // Exhausted still because it was Overexhausted (CYBERVAMP's skip_next_renew: it stayed exhausted at its controller's
      // Renew): said, as the trace says it (runtime/mechanics/renew.ts). Session 38's probe expected a relic overexhausted
      // on turn 3 renewed on turn 5 and was told only "exhausted".
      const stayed = !e.over && e.value === false && card.exhausted ? events.findLast((ev) => ev.card === card.id && ev.kind === "modify" && /\(it was Overexhausted\)$/.test(ev.text)) : undefined;
      const shown = `${card.overexhausted ? "overexhausted" : card.exhausted ? "exhausted" : "ready"}${stayed ? ` (it was Overexhausted: it stayed exhausted at ${stayed.player ?? card.controller}'s Renew on turn ${stayed.turn})` : ""}`;
      return verdict(actual === e.value, `${who} is ${e.over ? "overexhausted" : e.value ? "exhausted" : "ready"}`, shown);
    }
    case "cost": {
      const id = resolveCard(run, state, e.card);
      if (typeof id !== "string") return id.problem;
      const card = state.cards[id]!;
      const who = describeRef(e.card);
      // A cost is what playing the card from its owner's hand asks ("Spells you cast cost 1 less" reads the player casting it).
      if (card.zone !== engine.rules.zones.hand)
        return `${describeRef({ ...e.card, zone: undefined })} is not in a hand: it is in ${card.owner}'s ${card.zone}. A card's cost is what playing it from its owner's hand costs, so it is read there${state.players[card.owner]!.zones[engine.rules.zones.hand]?.some((c) => refMatches(run, state, { ...e.card, zone: undefined }, c)) ? `: say \`in ${engine.rules.zones.hand}\` for the copy in ${card.owner}'s hand` : ""}`;
      const expected = writtenCostAmounts(engine, e.cost);
      if (typeof expected === "string") return expected;
      const actual = costAmounts(currentCost(engine, state, id));
      return verdict(sameCost(expected, actual), `${who} cost ${costLine(expected)}`, `${who} cost ${costLine(actual)}`);
    }
    case "event": {
      const matching = events.filter(eventMatcher(run, state, e.pattern));
      const what = `event ${describeEvent(e.pattern)}`;
      // The first few events are what tells a mistake; a loop's thousands would bury the line's report.
      const shown = matching.slice(0, EVENTS_SHOWN).map((m) => m.text);
      if (matching.length > EVENTS_SHOWN) shown.push(`… and ${matching.length - EVENTS_SHOWN} more`);
      // A draw that drew nothing is said, so that a line expecting a draw there learns why it was none.
      const skipped = norm(e.pattern.event) === "draw" ? events.filter((ev) => drewNothing(ev) && (!e.pattern.player || ev.player === e.pattern.player)) : [];
      // A card drawn at a hand maximum that discards it (Three-Slot Duel's draw_at_max_hand = discard) is a discard, not a
      // draw: session 36's probe, `expect event draw p1` at 6 cards in hand, was told only "0: none".
      const full = norm(e.pattern.event) === "draw" && !matching.length ? events.filter((ev) => ev.kind === "discard" && / hand is full \(/.test(ev.text) && (!e.pattern.player || ev.player === e.pattern.player)) : [];
      const note =
        (skipped.length ? ` (drew nothing, so no draw event: ${skipped.slice(0, EVENTS_SHOWN).map((m) => m.text).join("; ")})` : "") +
        (full.length ? ` (a card drawn at the hand maximum goes to the ${engine.rules.zones.graveyard} as a discard, not a draw: ${full.slice(0, EVENTS_SHOWN).map((m) => m.text).join("; ")} — \`expect event discard ${full[0]!.player}\`)` : "");
      // None of this kind matched who or what the line names: the events of the kind that did happen tell the mistake
      // (`expect event draw p1` after p1 ended the turn: p2 drew, at the start of p2's turn).
      const narrowed = e.pattern.player || e.pattern.card || e.pattern.by || e.pattern.amount !== undefined;
      const ofKind = !matching.length && narrowed ? events.filter(eventMatcher(run, state, { event: e.pattern.event })) : [];
      // A line naming a copy or a controller is told which each event was about (session 34's probe: `destroyed
      // "Thrall Master" copy 1` was told "Thrall Master is destroyed", the copy destroyed being 2).
      const which = (m: TraceEvent) => (whichCardSaid(e.pattern) ? eventCardSaid(run, state, m) : "");
      const others = ofKind.length
        ? ` (${e.pattern.event} events that happened: ${ofKind.slice(0, EVENTS_SHOWN).map((m) => m.text + which(m)).join("; ")}${ofKind.length > EVENTS_SHOWN ? `; … and ${ofKind.length - EVENTS_SHOWN} more` : ""})`
        : "";
      // A noted trigger is not one that ran: under trigger chains (Chromatic 17.1) a noted instance that already fired in
      // its chain is suppressed. Session 37's probe: Seer + Chronicler, `expect event trigger "Seer" once` ("the loop
      // stops") was told "2: ... noted; ... noted" and nothing of the second one not running.
      const suppressed = norm(e.pattern.event) === "trigger" && e.times !== undefined && matching.length !== e.times ? events.filter(eventMatcher(run, state, { ...e.pattern, event: "suppressed" })) : [];
      const fired = suppressed.length ? events.filter(eventMatcher(run, state, { ...e.pattern, event: "fire" })).length : 0;
      const ran = suppressed.length
        ? ` (a trigger event is a noted trigger, not one that ran: ${suppressed.length} of them did not fire — ${suppressed.slice(0, EVENTS_SHOWN).map((m) => m.text).join("; ")}; \`expect ${fired ? "" : "no "}event fire${e.pattern.card ? ` ${describeRef(e.pattern.card)}` : ""}${e.pattern.player ? ` ${e.pattern.player}` : ""}${fired === 0 ? "" : fired === 1 ? " once" : fired === 2 ? " twice" : ` ${fired} times`}\` counts those that ran)`
        : "";
      const actual = `${matching.length}: ${shown.join("; ") || "none"}${others}${note}${ran}`;
      if (e.times !== undefined) return verdict(matching.length === e.times, `${what} ${e.times} time(s)`, actual);
      return verdict(matching.length > 0, what, actual);
    }
    case "order": {
      let from = 0;
      let holds = true;
      for (const item of e.items) {
        const match = eventMatcher(run, state, item);
        const index = events.findIndex((ev, i) => i >= from && match(ev));
        if (index < 0) {
          holds = false;
          break;
        }
        from = index + 1;
      }
      const seen = events.filter((ev) => e.items.some((it) => it.event === ev.kind)).map(shownEvent);
      return verdict(holds, `order: ${e.items.map(describeEvent).join(", ")}`, seen.join(", ") || "none");
    }
    case "one_event": {
      // Split the trace into moments; one moment must hold every item.
      const moments: TraceEvent[][] = [[]];
      for (const ev of events) {
        if (MOMENT_BOUNDARIES.has(ev.kind)) moments.push([]);
        else moments[moments.length - 1]!.push(ev);
      }
      const matchers = e.items.map((item) => eventMatcher(run, state, item));
      // Each item is a change of its own: two items are two events of the moment (`one event: draw, draw` is two draws).
      const holds = moments.some((m) => eachItsOwnEvent(matchers, m));
      const near = moments.filter((m) => matchers.some((match) => m.some(match))).map((m) => m.map(shownEvent).join(", "));
      return verdict(holds, `one event: ${e.items.map(describeEvent).join(", ")}`, near.map((m) => `[${m}]`).join(" ") || "none of them");
    }
    case "winner": {
      const actual = state.over ? (state.winner ?? "none") : "none";
      return verdict(actual === e.player, `winner ${e.player}`, `winner ${actual}`);
    }
    case "turn":
      return verdict(state.turn === e.value, `turn ${e.value}`, `turn ${state.turn}`);
    case "phase": {
      const holds = norm(state.phase) === norm(e.value);
      const way = holds ? undefined : linesToPhase(run, state, e.value);
      return verdict(holds, `phase ${e.value}`, `phase ${state.phase}${way ? ` — ${way}` : ""}`);
    }
    case "active":
      return verdict(state.active === e.player, `active ${e.player}`, `active ${state.active}`);
    case "to_act": {
      const decider = engine.decider(state);
      return verdict(decider === e.player, `${e.player} to act`, decider ? `${decider} to act` : "nobody to act (the game is over)");
    }
    case "deck_violations": {
      const violations = engine.validateDeck(scenario.deck!.names);
      const got = violations.map((v) => v.code).sort();
      const want = [...e.codes].sort();
      return verdict(JSON.stringify(got) === JSON.stringify(want), want.join(", ") || "no violation", violations.map((v) => `${v.code} (${v.message})`).join("; ") || "no violation");
    }
    case "stack":
    case "stack_count":
    case "stack_item": {
      const items = stackItems(run, state);
      const shown = items.map((i) => `${i.rule ? `rule (${i.name})` : `"${i.name}"`} by ${i.by}${i.targets.length ? ` targeting ${i.targets.map((t) => describeTarget(run, state, t)).join(", ")}` : ""}`).join("; ") || "(empty)";
      if (e.kind === "stack_count") return verdict(items.length === e.value, `stack count ${e.value}`, `stack: ${shown}`);
      if (e.kind === "stack") {
        const holds = items.length === e.items.length && e.items.every((want, i) => (typeof want === "string" ? !items[i]!.rule && norm(items[i]!.name) === norm(want) : items[i]!.rule));
        return verdict(holds, `stack: ${e.items.map((n) => (typeof n === "string" ? `"${n}"` : "rule")).join(", ") || "(empty)"}`, `stack: ${shown}`);
      }
      const holds = e.top ? !!items[0] && stackMatches(run, state, items[0], e.item) : items.some((i) => stackMatches(run, state, i, e.item));
      return verdict(holds, `stack ${e.top ? "top" : "has"} ${describeStackPattern(e.item)}`, `stack: ${shown}`);
    }
  }
}

const cardSpec = (c: Scenario["setup"]["cards"][number], at: CardSpec["at"]): CardSpec => ({
  name: c.card,
  ...(c.controller ? { controller: c.controller } : {}),
  ...(at ? { at } : {}),
  ...(c.counters ? { counters: { [c.counters.name]: c.counters.value } } : {}),
  ...(c.exhausted ? { exhausted: true } : {}),
  ...(c.overexhausted ? { overexhausted: true } : {}),
  ...(c.defender ? { defender: true } : {}),
  ...(c.damage !== undefined ? { damage: c.damage } : {}),
});

/** The board a checked setup describes (names canonical, card states pointing at their exact card). */
function boardOf(engine: Engine, scenario: Scenario, names: ScenarioNames): { players: BoardSpec["players"]; cards: CardSpec[] } {
  const { rules } = engine;
  const players: BoardSpec["players"] = {};
  const player = (p: string) => (players[p] ??= { resources: {}, capacity: {}, counters: {}, zones: {} });
  const setup = scenario.setup;
  for (const entry of setupEntries(scenario, names)) (player(entry.player).zones![entry.zone] ??= []).push(entry.name);
  for (const l of setup.life) player(l.player).life = l.value;
  const resourceOf = (name: string) => rules.game.resources.find((r) => norm(r.name) === norm(name) || norm(r.name) + "s" === norm(name));
  for (const a of setup.amounts) {
    const resource = resourceOf(a.name);
    const counter = rules.game.counters.find((c) => c.on === "player" && norm(c.name) === norm(a.name));
    if (resource) player(a.player).resources![resource.name] = a.value;
    else if (counter) player(a.player).counters![counter.name] = a.value;
  }
  for (const c of setup.capacities) player(c.player).capacity![resourceOf(c.name)!.name] = c.value;
  const cards = setup.cards.map((c) => {
    const found = setupCardEntry(c, !!(c.exhausted || c.overexhausted) && !c.counters && c.damage === undefined, scenario, names);
    const counters = c.counters ? rules.game.counters.find((k) => k.on === "card" && norm(k.name) === norm(c.counters!.name))?.name : undefined;
    const spec = cardSpec(counters ? { ...c, counters: { name: counters, value: c.counters!.value } } : c, "problem" in found ? undefined : { player: found.player, zone: found.zone, index: found.index });
    return spec;
  });
  return { players, cards };
}

/** Card instance id → its place in the order the setup lists cards (copies are counted in it). */
function setupOrderOf(scenario: Scenario, names: ScenarioNames, placed: Placed): Map<string, number> {
  const order = new Map<string, number>();
  setupEntries(scenario, names).forEach((entry, i) => {
    const id = placed[entry.player]?.[entry.zone]?.[entry.index];
    if (id) order.set(id, i);
  });
  return order;
}

/** The game after the setup and after each action applied: the states a failed expectation's value is read in again. */
/** What a line is judged to be once the scenario has run (runScenario's `afterRun`): a failure at the line, or a warning. */
type Judgement = { message: string; expected?: string; actual?: string; changes?: string } | { warning: string };

interface Moment {
  /** The scenario line applied (0: the setup). */
  line: number;
  state: GameState;
  /** The events the line made: `events[eventStart..eventEnd)`. */
  eventStart: number;
  eventEnd: number;
}

/** The expectations about a value of the game, which a line can change and `changes` follows. */
const VALUE_KINDS: readonly Expectation["kind"][] = ["life", "amount", "zone", "zone_count", "stat", "damage", "counters", "exhausted", "newly_turned", "active_ability", "defender", "keyword", "cost"];
const CHANGES_SHOWN = 4;
const CHANGE_EVENTS_SHOWN = 3;

/** The events of one line that changed what an expectation is about: its player's life or amount, its card, its zone. */
function changedBy(run: Run, moment: Moment, previous: GameState, events: readonly TraceEvent[], e: Expectation): string[] {
  const made = events.slice(moment.eventStart, moment.eventEnd);
  let about: (ev: TraceEvent) => boolean;
  switch (e.kind) {
    case "life":
      // (The life a damage event took is said by the damage event: its `life` event, from "damage", would say it twice.)
      about = (ev) => ev.player === e.player && ((ev.kind === "life" && ev.from !== "damage") || ev.kind === "damage" || (ev.kind === "resource" && / damage absorbed by /.test(ev.text)));
      break;
    case "amount":
      about = (ev) => ev.player === e.player && (ev.kind === "counter" || ev.kind === "resource" || ev.kind === "cost") && norm(ev.text).includes(norm(e.name).replace(/s$/, ""));
      break;
    case "zone":
    case "zone_count": {
      // The cards that came into the zone or left it with this line, and what moved them.
      const zone = run.engine.rules.game.zones.find((z) => norm(z.name) === norm(e.zone))?.name ?? e.zone;
      const held = (st: GameState) => new Set(st.players[e.player]?.zones[zone] ?? []);
      const before = held(previous);
      const after = held(moment.state);
      const moved = new Set([...before, ...after].filter((id) => before.has(id) !== after.has(id)));
      about = (ev) => ev.card !== undefined && moved.has(ev.card) && ["action", "move", "draw", "discard", "enter", "destroyed"].includes(ev.kind);
      break;
    }
    case "cost":
      about = (ev) => ev.kind === "modify" || ev.kind === "enter" || ev.kind === "move";
      break;
    default: {
      if (!("card" in e)) return [];
      const ids = new Set([moment.state, previous].flatMap((s) => Object.keys(s.cards).filter((id) => refMatches(run, s, e.card, id))));
      // A change to every card at once (`"until end of turn" effects end`) names none.
      const some = made.some((ev) => ev.card !== undefined && ids.has(ev.card) && ev.kind !== "attack" && ev.kind !== "trigger" && ev.kind !== "action");
      about = (ev) => (ev.card !== undefined ? ids.has(ev.card) && ev.kind !== "attack" && ev.kind !== "trigger" && ev.kind !== "action" : !some && ev.kind === "modify");
    }
  }
  const found = made.filter(about).map((ev) => ev.text);
  return found.length > CHANGE_EVENTS_SHOWN ? [...found.slice(0, CHANGE_EVENTS_SHOWN), `… and ${found.length - CHANGE_EVENTS_SHOWN} more`] : found;
}

/**
 * How a failed expectation's value came to be (ScenarioFailure.changes): the value read again at the setup and after
 * each line applied, and at each line that changed it, the events of that line that did. Undefined for an expectation
 * about no value (an event, the stack, the turn, a winner, ...).
 */
function howItCameToBe(run: Run, scenario: Scenario, moments: readonly Moment[], events: readonly TraceEvent[], e: Expectation, negate: boolean): string | undefined {
  if (!VALUE_KINDS.includes(e.kind) || moments.length === 0) return undefined;
  const valueAt = (m: Moment) => {
    const v = evaluate(run, m.state, [], e, scenario, negate);
    return typeof v === "string" ? "not there" : (v.value ?? v.actual);
  };
  const values = moments.map(valueAt);
  const changes: string[] = [];
  for (let i = 1; i < moments.length; i++) {
    if (values[i] === values[i - 1]) continue;
    const by = changedBy(run, moments[i]!, moments[i - 1]!.state, events, e);
    changes.push(`${values[i]} after line ${moments[i]!.line}${by.length ? ` (${by.join("; ")})` : ""}`);
  }
  const start = `${values[0]} at the setup`;
  if (!changes.length) return `${start}, and no line changed it`;
  const shown = changes.length > CHANGES_SHOWN ? [`… ${changes.length - CHANGES_SHOWN} change(s) more`, ...changes.slice(-CHANGES_SHOWN)] : changes;
  return [start, ...shown].join(" → ");
}

/** Event kinds that show what a play did: those a line suggests first, then (after a turn that changed) the others. */
const PLAY_KINDS: readonly TraceEvent["kind"][] = ["fizzle", "attack", "enter", "resolve"];
const DONE_KINDS: readonly TraceEvent["kind"][] = ["block", "destroyed", "damage", "life", "draw", "discard", "move", "counter", "modify"];

/**
 * A scenario whose every expectation already held at its setup, before its first action, about something no action line
 * touched (session 40's probe: a line true before anything was played passed with no note): it would pass had its
 * actions done nothing at all — a spell that fizzled or did nothing, an attack that hit nothing. A line saying something
 * did not happen (`expect not …`, `expect p2 life 10` after an attack that must not overflow) is meant to hold from the
 * start, so no line is judged alone: the scenario as a whole must show one thing its actions did — an event, or a value
 * that changed on the way or that a line's events touched though it came back (`expect p1 hand count 1` after a card
 * played and one drawn). A `refused` action line is such a proof; a scenario with no action line reads its setup on purpose.
 */
function provesNothingPlayed(run: Run, scenario: Scenario, moments: readonly Moment[], events: readonly TraceEvent[]): { line: number; message: string } | undefined {
  const actions = scenario.steps.filter((s) => s.kind === "action");
  const expects = scenario.steps.filter((s) => s.kind === "expect");
  if (!actions.length || !expects.length || actions.some((s) => s.refused)) return undefined;
  const setup = moments[0]!;
  const atSetup = events.slice(0, setup.eventEnd);
  const shown = (v: Verdict | string) => (typeof v === "string" ? v : (v.value ?? v.actual));
  for (const s of expects) {
    const v = evaluate(run, setup.state, atSetup, s.expect, scenario, s.negate);
    if (typeof v === "string" || v.holds === s.negate) return undefined;
    if (!VALUE_KINDS.includes(s.expect.kind)) continue;
    const before = moments.filter((m) => m.line < s.line);
    const touched = before.some((m, i) => i > 0 && (shown(evaluate(run, m.state, [], s.expect, scenario, s.negate)) !== shown(v) || changedBy(run, m, before[i - 1]!.state, events, s.expect).length > 0));
    if (touched) return undefined;
  }
  const played = events.slice(setup.eventEnd).filter((e) => (e.card !== undefined || e.player !== undefined) && !(e.kind === "draw" && e.amount === 0));
  const event = (kinds: readonly TraceEvent["kind"][]) => kinds.map((kind) => played.find((e) => e.kind === kind)).find((e) => e);
  const line = (e: TraceEvent) => `\`expect event ${e.kind} ${e.card !== undefined ? `"${e.name ?? nameOf(run, setup.state, e.card)}"` : e.player}\` (the trace has "${e.text}")`;
  const last = moments[moments.length - 1]!.state;
  const first = event(PLAY_KINDS);
  const example = first
    ? line(first)
    : last.turn !== setup.state.turn
      ? `\`expect turn ${last.turn}\``
      : last.phase !== setup.state.phase
        ? `\`expect phase ${last.phase}\``
        : event(DONE_KINDS)
          ? line(event(DONE_KINDS)!)
          : "an event of the play (`expect event resolve \"<card>\"`)";
  return {
    line: expects[expects.length - 1]!.line,
    message: `every expectation of this scenario already held at its setup, before line ${actions[0]!.line}, and no line touched what it reads: it would pass had the actions done nothing at all (a spell that fizzled, an attack that hit nothing) — add a line that shows what they did, such as ${example}`,
  };
}

export function runScenario(engine: Engine, scenario: Scenario, options: ScenarioOptions = {}): ScenarioResult {
  const failures: ScenarioFailure[] = [];
  const fail = (line: number, message: string, expected?: string, actual?: string, at?: { stepIndex: number; eventIndex: number }) =>
    failures.push({ file: scenario.file, line, message, ...(expected !== undefined ? { expected } : {}), ...(actual !== undefined ? { actual } : {}), ...(at ?? {}) });
  const result: ScenarioResult = { name: scenario.name, file: scenario.file, line: scenario.line, failures, events: [], steps: [] };
  if (norm(scenario.game) !== norm(engine.rules.game.id)) {
    fail(scenario.line, `this scenario is for game "${scenario.game}", not "${engine.rules.game.id}"`);
    return result;
  }
  // A line that cannot be read, or a name its game does not have, fails the scenario before it runs
  // (the same checker as `cardwright check`): nothing is skipped and nothing reads as zero.
  for (const u of scenario.unreadable) fail(u.line, unreadableMessage(u));
  const names = scenarioNamesOf(engine);
  // A scenario that expects nothing (CW5022) still runs: a refused action fails it as usual; if nothing else
  // does, it fails for expecting nothing (it is never counted as passed).
  const checked = checkScenario(scenario, names);
  const expectsNothing = checked.find((d) => d.code === "CW5022");
  // A `refused` without its code (CW7008) runs too, and fails at its line naming the refusal it got, to copy into it.
  for (const d of checked) if (d !== expectsNothing && d.code !== "CW7008") fail(d.range.start.line, d.suggestion ? `${d.message} (did you mean "${d.suggestion}"?)` : d.message);
  if (failures.length) {
    failures.sort((a, b) => a.line - b.line);
    return result;
  }

  const setup = scenario.setup;
  const board = boardOf(engine, scenario, names);
  let state: GameState;
  const events: TraceEvent[] = [];
  let placed: Placed;
  try {
    const deckZone = engine.rules.zones.deck;
    const built = setup.newGame
      ? engine.newGame({ seed: setup.seed ?? 1, decks: Object.fromEntries(Object.entries(board.players).map(([p, v]) => [p, v.zones?.[deckZone] ?? []])), ...(setup.active ? { firstPlayer: setup.active } : {}) })
      : engine.setupBoard({ seed: setup.seed ?? 1, turn: setup.turn ?? 2, active: setup.active ?? "p1", ...(setup.phase ? { phase: setup.phase } : {}), players: board.players, cards: board.cards });
    state = built.state;
    placed = built.placed;
    events.push(...built.events);
    // A board no game could reach (more Facets than the maximum, ...): the engine's own invariants say so.
    const problems = invariantProblems(engine, state);
    if (problems.length) {
      for (const problem of problems) fail(setup.range.start.line, `impossible setup: ${problem}`);
      return result;
    }
  } catch (error) {
    if (error instanceof SetupError) {
      fail(setup.range.start.line, error.message);
      return result;
    }
    throw error;
  }
  const run: Run = { engine, setupOrder: setupOrderOf(scenario, names, placed), seen: new Map() };
  const remember = (list: TraceEvent[]) => {
    for (const e of list) if (e.card && !run.seen.has(e.card)) run.seen.set(e.card, e.name ?? nameOf(run, state, e.card));
  };
  for (const id of Object.keys(state.cards)) run.seen.set(id, nameOf(run, state, id));
  // An automatic phase (no one acts in it) is set up at its start and runs through (its steps, its start-of-phase
  // triggers) as soon as the board is set up: a scenario whose first line is an action would silently act in the next phase.
  const setPhase = setup.phase ? engine.rules.game.phases.find((p) => norm(p.name) === norm(setup.phase!)) : undefined;
  if (setPhase?.auto && norm(state.phase) !== norm(setPhase.name) && scenario.steps[0]?.kind === "action") {
    fail(
      setup.phaseLine ?? setup.range.start.line,
      `the ${setPhase.name} phase is automatic (no one acts in it): set up there, it starts and runs its steps at once, and the first line would be played in ${state.active}'s ${state.phase} phase; set up "phase ${state.phase}", or start with expectations about what ${setPhase.name} did`,
    );
    return result;
  }
  if (options.keepStates) result.initialState = state;
  // The game after the setup and after each line applied: a failed expectation about a value says how it came to be.
  const moments: Moment[] = [{ line: 0, state, eventStart: 0, eventEnd: events.length }];
  // Where the game ended (the setup, or the step that ended it): lines after it test a finished game, so a scenario
  // must say the game ended (`expect winner ...`) at or after that point — a game ended by surprise (a deck-out, a
  // lethal trigger) would otherwise leave every later expectation about a frozen board passing.
  let endedAt: { line: number; stepIndex: number; eventStart: number } | undefined = state.over ? { line: setup.range.start.line, stepIndex: -1, eventStart: 0 } : undefined;
  const battlefieldZone = engine.rules.zones.battlefield;
  // Every card that was in play (or in a resource zone), played, or named by an event at some moment: a negated line about
  // an event only such a card has (destroyed, damage, attack, fizzle, trigger, ...) is judged against them once the
  // scenario has run (neverInReach); an event line's name, against those up to it (eitherPlayersCard).
  const playZones = new Set([battlefieldZone, ...zoneTiers(run)[1]!]);
  const reached: Reached = { inPlay: new Set(Object.values(state.cards).filter((c) => playZones.has(c.zone)).map((c) => c.id)), played: new Set(), named: new Set() };
  let reachedUpTo = 0;
  // The players whose deck (any deck a draw can come from) held a card at some moment: `expect no event draw p1` about a
  // player whose decks were empty the whole scenario could not fail (drawnFromNothing).
  const drawZones = new Set(engine.rules.game.zones.filter((z) => z.role === "deck" || (z.visibility === "hidden" && z.ordered)).map((z) => z.name));
  // (The setup's own lines count: a board set up in an automatic phase, Duel's Start, has drawn before the first line.)
  const deckHeld = new Set(Object.values(state.cards).filter((c) => drawZones.has(c.zone)).map((c) => c.owner));
  for (const [p, spec] of Object.entries(board.players)) if (Object.entries(spec.zones ?? {}).some(([zone, cards]) => drawZones.has(zone) && cards.length)) deckHeld.add(p);
  /** Notes the events since the last call (and the cards where they are now) into `reached` and `deckHeld`. */
  const noteReached = (now: GameState): void => {
    const list = events.slice(reachedUpTo);
    reachedUpTo = events.length;
    for (const e of list) if (e.card && typeof e.to === "string" && drawZones.has(e.to)) deckHeld.add(now.cards[e.card]?.owner ?? e.player ?? "");
    for (const c of Object.values(now.cards)) if (drawZones.has(c.zone)) deckHeld.add(c.owner);
    for (const e of list) if (e.card && (e.kind === "enter" || (typeof e.to === "string" && playZones.has(e.to)))) reached.inPlay.add(e.card);
    for (const e of list) if (e.card && (e.kind === "action" || e.kind === "push" || e.to === RESOLVING)) reached.played.add(e.card);
    for (const e of list) if (e.kind !== "setup") for (const id of [e.card, e.other, e.from]) if (id && run.seen.has(id)) reached.named.add(id);
    for (const c of Object.values(now.cards)) if (playZones.has(c.zone)) reached.inPlay.add(c.id);
  };
  // The lines judged once the scenario has run, in the order of the scenario (and, at one line, of the checks): a negated
  // line about a card that never reached where its event happens (neverInReach) or a draw from no deck (drawnFromNothing),
  // a negated zone line about another owner's card (ownedByAnother), and a line about a card not in the game yet
  // (neverInGame — a token, a card named by an event, may still be made later).
  const afterRun: { line: number; at: { stepIndex: number; eventIndex: number }; judge: () => (Judgement | undefined)[] }[] = [];
  const issue = (line: number, at: { stepIndex: number; eventIndex: number }, judged: readonly (Judgement | undefined)[]): void => {
    for (const v of judged) {
      if (!v) continue;
      if ("warning" in v) (result.warnings ??= []).push({ file: scenario.file, line, message: v.warning, stepIndex: at.stepIndex, eventIndex: at.eventIndex });
      else {
        fail(line, v.message, v.expected, v.actual, at);
        if (v.changes) failures[failures.length - 1]!.changes = v.changes;
      }
    }
  };
  // A card the scenario touched: in play, played, named by an event (`reached`), or offered in a choice (ownedByAnother).
  let offered: Set<string> | undefined;
  const touched = (id: string): boolean => {
    offered ??= new Set(moments.flatMap((m) => offeredIn(m.state)));
    return within(reached, "acts", id) || offered.has(id);
  };
  const asChoice = (player: string, refs: CardRef[], line: ScenarioStep, declares?: "attackers"): ScenarioStep => ({
    kind: "action",
    action: { kind: "choose", player, cards: refs.map((r) => r.card), ...(refs.some((r) => r.controller || r.copy !== undefined) ? { refs } : {}), ...(declares ? { declares } : {}) },
    line: line.line,
    range: line.range,
  });
  /**
   * The scenario's steps, with a combat declaration written line by line turned into the answers the engine asks
   * for: consecutive `p1 attack p2 with "A"` lines at the attackers declaration are one choice of attackers;
   * consecutive `p2 block "A" with "B"` lines at the blockers declaration answer each attacker's blockers (an
   * attacker no line names: none). Lazy: each declaration is read off the state the lines before it reached.
   */
  function* stepsToRun(): Generator<[number, ScenarioStep]> {
    const steps = scenario.steps;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const action = step.kind === "action" && !step.refused ? step.action : undefined;
      const declaring = action && (action.kind === "attack" || action.kind === "block") ? combatDeclaration(state, battlefieldZone) : null;
      if (!action || !declaring || declaring.player !== action.player || (action.kind === "attack") !== (declaring.kind === "attackers")) {
        yield [i, step];
        continue;
      }
      let end = i;
      while (end + 1 < steps.length) {
        const next = steps[end + 1]!;
        if (next.kind !== "action" || next.refused || next.action.kind !== action.kind || next.action.player !== action.player) break;
        end++;
      }
      const group = steps.slice(i, end + 1) as (ScenarioStep & { kind: "action" })[];
      if (declaring.kind === "attackers") {
        const defending = Object.keys(state.players).find((p) => p !== action.player);
        for (const g of group) {
          const a = g.action as ScenarioAction & { kind: "attack" };
          if (!("player" in a.target) || a.target.player !== defending) {
            fail(g.line, `attackers are declared together and attack the defending player here: write \`${a.player} attack ${defending} with "${a.attacker.card}"\``);
            return;
          }
        }
        yield [i, asChoice(action.player, group.map((g) => (g.action as ScenarioAction & { kind: "attack" }).attacker), step, "attackers")];
        i = end;
        continue;
      }
      // Blockers: attacker (instance) → the blockers its lines name.
      const plan = new Map<string, { names: CardRef[]; line: number }>();
      for (const g of group) {
        const a = g.action as ScenarioAction & { kind: "block" };
        const attacker = state.battle?.attackers.find((id) => refMatches(run, state, a.attacker, id));
        if (!attacker) {
          fail(g.line, `${describeRef(a.attacker)} is not attacking (attacking: ${(state.battle?.attackers ?? []).map((id) => `"${nameOf(run, state, id)}"`).join(", ") || "nothing"})`);
          return;
        }
        const entry = plan.get(attacker) ?? { names: [], line: g.line };
        entry.names.push(...a.blockers);
        plan.set(attacker, entry);
      }
      const asked = new Set<string>();
      for (let d = combatDeclaration(state, battlefieldZone); d?.kind === "blockers" && d.player === action.player && !asked.has(d.attacker); d = combatDeclaration(state, battlefieldZone)) {
        asked.add(d.attacker);
        const entry = plan.get(d.attacker);
        yield [i, asChoice(action.player, entry?.names ?? [], entry ? { ...step, line: entry.line } : step)];
      }
      for (const [attacker, entry] of plan) if (!asked.has(attacker)) fail(entry.line, `${nameOf(run, state, attacker)} was not asked for blockers (it left the battlefield, or the declaration ended before it)`);
      i = end;
    }
  }
  const onwardOfStretch = new Map<number, ReturnType<typeof onwardWays> | null>();
  // The cards a line of the scenario says something positive of: a negated line about one of them is not "gone" (goneForAnotherReason).
  const affirmed = new Set(scenario.steps.flatMap((s) => (s.kind === "expect" ? cardsAffirmed(s.expect, s.negate).map(norm) : [])));
  for (const [stepIndex, written] of stepsToRun()) {
    let step = written;
    const eventStart = events.length;
    // Where a failure of this step points: the step, and the last event before it was checked.
    const at = { stepIndex, eventIndex: events.length - 1 };
    const record = (applied?: Action) => result.steps.push({ line: step.line, kind: step.kind, eventStart, eventEnd: events.length, ...(options.keepStates ? { state, ...(applied ? { action: applied } : {}) } : {}) });
    if (step.kind === "expect") {
      noteReached(state);
      const v = eitherPlayersCard(run, [...moments.map((m) => m.state), state], reached, step.expect) ?? evaluate(run, state, events, step.expect, scenario, step.negate);
      // An expectation read while the game waits in the middle of something (a choice, items on the stack) is most
      // likely meant for after it: the failure says what waits and what line would answer it.
      // A stack line is about what waits there, so the stack is not said again; a choice waiting still is (session 34's
      // probe: `expect stack count 2` while p2 was to order two noted triggers was told only "actual stack: (empty)").
      const waits = typeof v !== "string" && v.holds === step.negate && (!aboutTheStack(step.expect.kind) || state.pending) ? waitingNow(run, state) : undefined;
      const upTo = moments.length;
      const expectation = step;
      const judgement = (): Judgement[] => {
        if (typeof v === "string") return [{ message: v }];
        if (v.holds !== expectation.negate) return [];
        const changes = howItCameToBe(run, scenario, moments.slice(0, upTo), events, expectation.expect, expectation.negate);
        return [{ message: `expectation not met${waits ? ` ${waits}` : ""}`, expected: expectation.negate ? `not ${v.expected}` : v.expected, actual: v.actual, ...(changes ? { changes } : {}) }];
      };
      const holds = typeof v !== "string" && v.holds !== step.negate;
      const { line } = step;
      if (holds && (deniedInReach(step.expect, step.negate).length || deniedDraw(step.expect, step.negate)))
        afterRun.push({
          line,
          at,
          // The draw from no deck is a warning, not a failure: a scenario about the empty deck itself writes the line
          // knowingly (and its hand lines test the skipped draw); one that meant "can't draw" or a skipped draw step with
          // no deck set up is told.
          judge: () => {
            const never = neverInReach(run, state, expectation.expect, expectation.negate, reached);
            const nothing = drawnFromNothing(run, state, expectation.expect, expectation.negate, deckHeld);
            return [never ? { message: never } : undefined, nothing ? { warning: nothing } : undefined];
          },
        });
      // Holds because the card it denies something of had left play before it, for another reason: a warning.
      const gone = holds ? goneForAnotherReason(run, state, moments, events, step.expect, step.negate, affirmed) : undefined;
      if (gone) issue(line, at, [{ warning: gone }]);
      // (One warning at a line says enough: a card gone for another reason is said so, whoever's it was.)
      if (holds && step.expect.kind === "zone")
        afterRun.push({ line, at, judge: () => [ownedByAnother(run, state, moments, expectation.expect, expectation.negate, touched, affirmed)].filter((o) => !(gone && o && "warning" in o)) });
      // A card the line claims something about that is not in the game yet may still be made later (a token, a card
      // named by an event): the line is judged once the scenario has run, when one that never was is an error.
      if (neverInGame(run, state, events, step.expect)) {
        afterRun.push({
          line,
          at,
          judge: () => {
            const never = neverInGame(run, state, events, expectation.expect);
            return never ? [{ message: never }] : judgement();
          },
        });
      } else issue(line, at, judgement());
      // Holds now, mid-scenario, only because something set going has not resolved (heldBeforeResolving): a warning.
      const early = typeof v !== "string" && v.holds !== step.negate ? heldBeforeResolving(run, state, events, scenario, stepIndex, onwardOfStretch) : undefined;
      if (early) (result.warnings ??= []).push({ file: scenario.file, line: step.line, message: early, stepIndex: at.stepIndex, eventIndex: at.eventIndex });
      record();
      continue;
    }
    // Every action the engine lists must be one it accepts: a listing that offers a move the rules refuse
    // would mislead every player (studio, bot) choosing from it, and a scenario would never notice.
    const legal = engine.legalActions(state);
    const refusedListed = refusedAmong(engine, state, legal);
    if (refusedListed) {
      fail(step.line, `the engine lists an action it refuses: ${refusedListed}`, undefined, undefined, at);
      record();
      break;
    }
    const misListed = listingDiffers(engine, state, legal);
    if (misListed) {
      fail(step.line, `the engine's listing of legal actions is wrong here: ${misListed}`, undefined, undefined, at);
      record();
      break;
    }
    // A declaration beside a creature that must attack if able: the line names it, or is refused must_attack (mustAttackLine).
    const forced = mustAttackLine(run, state, events, step.action);
    if (forced && "answer" in forced) {
      if (step.refused) {
        fail(step.line, "the action was accepted", `refused ${step.refused}`, "accepted", at);
        record();
        continue;
      }
      step = { ...step, action: forced.answer };
    } else if (forced && "holds" in forced) {
      if (step.refused) fail(step.line, "the action was accepted: the engine declared it as an attacker", `refused ${step.refused}`, "accepted", at);
      record();
      continue;
    } else if (forced) {
      const { code, message } = forced.refusal;
      if (!step.refused) fail(step.line, "the action was refused", "a legal action", `${code}: ${message}`, at);
      else if (step.refused === ANY_REFUSAL)
        fail(step.line, `the line does not say which refusal it expects, so any would do: this one is refused ${code} (${message}); write \`refused ${code}\``, `refused <code>`, `refused ${code}`, at);
      else if (code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `${code}: ${message}`, at);
      record();
      if (step.refused) continue;
      break;
    }
    const goesOn = step.action.kind === "end" && step.action.turn && !step.refused ? turnGoesOn(engine, state, step.action.player) : undefined;
    if (goesOn) {
      fail(step.line, goesOn, undefined, undefined, at);
      record();
      break;
    }
    const apply = (action: Action) => {
      const applied = engine.apply(state, action);
      if (applied.ok) {
        remember(applied.events);
        state = applied.state;
        events.push(...applied.events);
        moments.push({ line: step.line, state, eventStart: events.length - applied.events.length, eventEnd: events.length });
        if (state.over && !endedAt) endedAt = { line: step.line, stepIndex, eventStart };
      }
      return applied;
    };
    // With `refused`, a play or activation is still matched against the legal actions: its literal
    // form carries no payment the line did not name, so a legal play would be "refused bad_payment".
    // Other moves keep their literal meaning (`harvests "X"` without `replacing` is its own move).
    const matchesWhenRefused = step.action.kind === "play" || step.action.kind === "activate";
    const fits = !step.refused || matchesWhenRefused ? legal.filter(fitsLine(run, state, step.action)) : [];
    const misread = step.refused ? undefined : amountMisread(state, step.action);
    if (misread) {
      fail(step.line, `${misread}${state.pending ? "" : unaskedAmount(run, state, events)}`, undefined, undefined, at);
      record();
      break;
    }
    const answer = step.refused ? undefined : namedCards(run, state, step.action);
    if (typeof answer === "string") {
      fail(step.line, answer, undefined, undefined, at);
      record();
      break;
    }
    const matched = !step.refused || matchesWhenRefused ? (withNamedCards(engine, state, pickFitting(step.action, fits), answer) ?? matchOtherLands(run, state, step.action, legal)) : undefined;
    const unclear = matched ? (ambiguousTarget(run, state, step.action, fits) ?? unsaidChoice(run, state, step.action, fits, answer)) : undefined;
    if (unclear) {
      fail(step.line, unclear, undefined, undefined, at);
      record();
      break;
    }
    if (matched && step.refused) {
      fail(step.line, "the action was accepted", `refused ${step.refused}`, "accepted", at);
      record();
      continue;
    }
    if (matched) {
      const before = state;
      const applied = apply(matched);
      record(applied.ok ? matched : undefined);
      if (!applied.ok) {
        fail(step.line, `the engine refused a listed action: ${applied.refusal.code}: ${applied.refusal.message}`, undefined, undefined, at);
        break;
      }
      // The state the action led to must be one a game can be in (as simulate checks every state it reaches):
      // a card in two zones, a statechart out of step with the game, ... would otherwise pass unnoticed.
      const broken = invariantProblems(engine, state);
      if (broken.length) {
        fail(step.line, `the engine reached a state no game can be in: ${broken.join("; ")}`, undefined, undefined, at);
        break;
      }
      // Bots and simulate apply a listed action in place: it must be the same move as this one.
      const otherGame = inPlaceDiffers(engine, before, matched, applied.state, applied.events);
      if (otherGame) {
        fail(step.line, `the engine applies this action differently in place (as bots and simulate do): ${otherGame}`, undefined, undefined, at);
        break;
      }
      continue;
    }
    // `p1 attack p2 with "X" refused summoning_sick` at a declaration of attackers (CYBERVAMP, Chromatic): X is not
    // offered, and why is what the line expects — not the "choice_pending" of an attack action outside the declaration.
    const declaringNow = step.refused && step.action.kind === "attack" ? combatDeclaration(state, battlefieldZone) : null;
    // (An attack on a creature there is no declaration: it keeps its own refusal.)
    if (step.refused && step.action.kind === "attack" && "player" in step.action.target && step.action.target.player !== step.action.player && declaringNow?.kind === "attackers" && declaringNow.player === step.action.player && state.pending?.kind === "cards") {
      const id = resolveCard(run, state, step.action.attacker);
      if (typeof id !== "string") fail(step.line, id.problem, undefined, undefined, at);
      else {
        // Offered, or not offered as the engine declares it itself (it must attack if able), the line is the declaration
        // of it alone: beside another creature that must attack, refused must_attack (mustAttackLine), as the same line
        // written as an action is (probe s42, M3); otherwise accepted.
        const ctx = newCtx(engine.rules, state);
        const declarable = state.pending.options.includes(id) || requiredAttackers(ctx, eligibleAttackers(ctx, step.action.player)).includes(id);
        const forced = declarable ? mustAttackLine(run, state, events, { kind: "choose", player: step.action.player, cards: [step.action.attacker.card], refs: [step.action.attacker], declares: "attackers" }) : undefined;
        const refusal = declarable ? (forced && "refusal" in forced ? forced.refusal : null) : (attackRefusal(ctx, id) ?? { code: "illegal_choice", message: `${nameOf(run, state, id)} is not offered as an attacker` });
        if (!refusal) fail(step.line, `the action was accepted: ${nameOf(run, state, id)} may be declared as an attacker`, `refused ${step.refused}`, "accepted", at);
        else if (step.refused === ANY_REFUSAL)
          fail(step.line, `the line does not say which refusal it expects, so any would do: this one is refused ${refusal.code} (${refusal.message}); write \`refused ${refusal.code}\``, `refused <code>`, `refused ${refusal.code}`, at);
        else if (refusal.code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `refused ${refusal.code}: ${refusal.message}`, at);
      }
      record();
      continue;
    }
    // `p2 block "A" with "B" refused exhausted` (CYBERVAMP, Chromatic): at the declaration of blockers B is simply not
    // offered, and where none of p2's creatures can block the engine asks no declaration at all — why B cannot block A is
    // what the line expects. Session 33's Chromatic probe: both were told "no blockers are being declared now".
    const blockVerdict = step.refused && step.action.kind === "block" ? refusedBlock(run, state, events, step.action) : undefined;
    if (blockVerdict) {
      if ("problem" in blockVerdict) fail(step.line, blockVerdict.problem, undefined, undefined, at);
      else if (!blockVerdict.refusal) fail(step.line, `the action was accepted: ${blockVerdict.accepted}`, `refused ${step.refused}`, "accepted", at);
      else if (step.refused === ANY_REFUSAL)
        fail(step.line, `the line does not say which refusal it expects, so any would do: this one is refused ${blockVerdict.refusal.code} (${blockVerdict.refusal.message}); write \`refused ${blockVerdict.refusal.code}\``, `refused <code>`, `refused ${blockVerdict.refusal.code}`, at);
      else if (blockVerdict.refusal.code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `refused ${blockVerdict.refusal.code}: ${blockVerdict.refusal.message}`, at);
      record();
      continue;
    }
    // `p1 attack p2 with "X"` where the engine asked no declaration of attackers (none of p1's creatures could attack): why
    // X cannot is the answer — session 35's probe, a Pacified Ironhide Bear's attack line, was refused "not_your_decision:
    // something waits for priority". A `refused` line expects that reason.
    const unaskedAttack = step.action.kind === "attack" ? attackNotAsked(run, state, events, step.action) : undefined;
    if (unaskedAttack) {
      const { refusal, message } = unaskedAttack;
      if (!step.refused) fail(step.line, "the action was refused", "a legal action", `${refusal.code}: ${message}`, at);
      else if (step.refused === ANY_REFUSAL)
        fail(step.line, `the line does not say which refusal it expects, so any would do: this one is refused ${refusal.code} (${message}); write \`refused ${refusal.code}\``, `refused <code>`, `refused ${refusal.code}`, at);
      else if (refusal.code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `refused ${refusal.code}: ${message}`, at);
      record();
      if (step.refused) continue;
      break;
    }
    const literal = literalAction(run, state, step.action);
    if (typeof literal === "string") {
      fail(step.line, (step.action.kind === "block" && noDeclarationAsked(run, state, events, step.action)?.message) || literal, undefined, undefined, at);
      record();
      break;
    }
    if (step.refused) {
      const applied = engine.apply(state, literal);
      if (applied.ok) fail(step.line, "the action was accepted", `refused ${step.refused}`, "accepted", at);
      else if (step.refused === ANY_REFUSAL)
        fail(step.line, `the line does not say which refusal it expects, so any would do: this one is refused ${applied.refusal.code} (${applied.refusal.message}); write \`refused ${applied.refusal.code}\``, `refused <code>`, `refused ${applied.refusal.code}`, at);
      else if (applied.refusal.code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `refused ${applied.refusal.code}: ${applied.refusal.message}`, at);
      record();
      continue;
    }
    const before = state;
    const applied = apply(literal);
    record(applied.ok ? literal : undefined);
    if (!applied.ok) {
      // A deck answered where the engine drew without asking, one deck being empty (or the choice waiting is another's).
      const deckSaid = ["no_choice_pending", "not_your_decision"].includes(applied.refusal.code) || (applied.refusal.code === "illegal_choice" && before.pending?.kind !== "mode") ? deckNotAsked(run, before, events, step.action) : undefined;
      if (deckSaid) {
        fail(step.line, deckSaid, undefined, undefined, at);
        break;
      }
      const unasked = applied.refusal.code === "no_choice_pending" ? noDeclarationAsked(run, before, events, step.action) : undefined;
      // `p2 blocks nothing` (or `p1 attacks with nothing`) where the engine declared none without asking, as none of the
      // player's creatures could: the line says what happened, and holds. `p2 choose nothing` there stays a failure, as
      // it could have meant another choice the writer expected; so does a block by a named creature (it cannot block).
      if (unasked && step.action.kind === "choose" && step.action.declares === unasked.declaration) continue;
      if (!unasked && applied.refusal.code === "no_choice_pending" && answeredAsTaken(run, before, events, step.action, literal.type === "choose" ? literal.target : undefined)) continue;
      const noDeclaration =
        applied.refusal.code === "no_choice_pending"
          ? (unasked?.message ?? answerTakenUnasked(run, before, events, step.action, literal.type === "choose" ? literal.target : undefined, nextAction(scenario.steps, stepIndex)))
          : undefined;
      if (noDeclaration) {
        fail(step.line, noDeclaration, undefined, undefined, at);
        break;
      }
      // A target asked as cards (`p1 choose "Blood Pump"` where a trigger asks for its target) was told "choose one of the
      // legal targets", though the card named was one: the line's form is what is wrong.
      const wrongForm = applied.refusal.code === "illegal_choice" || (applied.refusal.code === "illegal_target" && before.pending?.kind === "targets");
      const form = step.action.kind === "choose" && wrongForm && !answersKind(step.action, before) ? answerForm(run, before) : undefined;
      const now = ANOTHER_MOMENT.includes(applied.refusal.code) ? ` — now ${whatWaitsNow(run, before)}` : "";
      // A line written while a choice waits (choice_pending): the line that answers it, written before this one. The
      // session 29 probe's CYBERVAMP block line after two Ghoul Scavengers died at once was refused "choice_pending: p1
      // must first choose which trigger goes on the stack first (it resolves last) (p1 must choose which trigger ...)",
      // which named no line to write.
      // A declaration of attackers or blockers is answered in its own words (attack / block lines), as whatWaitsNow says
      // it: the session 30 probe's Chromatic `p2 attack p1 with "Seer"` on p1's declaration was told `p1 chooses "<card>"`.
      const declaring = applied.refusal.code === "choice_pending" && before.pending ? combatDeclaration(before, run.engine.rules.zones.battlefield) : null;
      const first = declaring
        ? `${declaring.kind === "attackers" ? `attack lines (\`${before.pending!.player} attack <player> with "<card>"\`) or \`${before.pending!.player} attacks with nothing\`` : `block lines (\`${before.pending!.player} block "<attacker>" with "<card>"\`) or \`${before.pending!.player} blocks nothing\``}${step.action.player !== before.pending!.player ? ` (${before.pending!.player} declares; ${step.action.player} does not)` : ""}`
        : applied.refusal.code === "choice_pending" && before.pending
          ? answerForm(run, before)
          : undefined;
      const waits = first && before.pending?.kind === "order_triggers" ? ` (waiting: ${waitingTriggers(run, before).join("; ")})` : "";
      const nothingToPass = applied.refusal.code === "no_window" && step.action.kind === "pass" ? passOnNothing(run, before, events, step.action.player) : undefined;
      if (nothingToPass) {
        fail(step.line, "the action was refused", "a legal action", `no_window: ${nothingToPass} (${describeState(before)}) — now ${whatWaitsNow(run, before)}`, at);
        break;
      }
      // CYBERVAMP: "Spells can be played during any phase of any player's turn": the opponent plays one in the active
      // player's phase once priority passes to them — after something is played, or as the phase ends (a pass). The
      // session 29 probe's `p2 play` in p1's Pre-Battle, written with no line before it, was told only when it could be.
      // Unless the card is not the player's to play (this session's probe: p1's Arterial Spray written as p2's play was
      // told to add `p1 end phase`, and that line then got not_in_hand): say whose card it is instead.
      const notTheirs = applied.refusal.code === "not_your_turn" && literal.type === "play" ? notTheirCard(run, before, literal.card, step.action.player) : undefined;
      const whenOpen = notTheirs
        ? ` — and ${notTheirs}`
        : applied.refusal.code === "not_your_turn" && (step.action.kind === "play" || step.action.kind === "activate") && / only in a window/.test(applied.refusal.message) && !before.pending
          ? ` — to play it in ${before.active}'s ${before.phase} phase, write \`${before.active} end phase\` on a line before this one: ending a phase is a pass, and ${step.action.player} then holds priority before the phase ends`
          : applied.refusal.code === "not_your_turn" && step.action.kind === "defend"
            ? // Session 37's Duel probe: `p2 defend "Stone Guard"` on p1's turn, before p1's attack, was told only whose turn it was.
              ` — a unit is made a defender on its controller's own turn, and walls the opponent's next attack; for a board where it already walls, set it up: \`${step.action.card.controller ? `${step.action.card.controller}'s ` : ""}"${step.action.card.card}" is defender\` (or play ${step.action.player}'s turn first: \`${step.action.player} defend "${step.action.card.card}"\`, then \`${step.action.player} end turn\`)`
            : "";
      // `pX chooses mode "Redd"` (a text no offered mode has) was "illegal_choice: choose a mode between 0 and 5": the
      // offered modes are listed by their text, with the closest (this session's probe, Chromatic's Arc Bolt).
      const offeredModes = applied.refusal.code === "illegal_choice" && step.action.kind === "choose" && step.action.modeText !== undefined && before.pending?.kind === "mode" ? before.pending.modes : undefined;
      // `p2 chooses mode 4` of three offered was "choose a mode between 0 and 2" (the engine's count from 0; a line counts from 1).
      const numberedModes = applied.refusal.code === "illegal_choice" && step.action.kind === "choose" && step.action.modeText === undefined && step.action.mode !== undefined && before.pending?.kind === "mode" && !before.pending.amounts?.length ? before.pending.modes : undefined;
      const near = offeredModes ? closestName(step.action.kind === "choose" ? (step.action.modeText ?? "") : "", offeredModes) : undefined;
      // Another player's choice answered: session 34's Duel probe, `p1 choose "Scout"` where p2 discards, was told "p2 must
      // discard 1 card" three times over (the refusal, the state, what waits).
      const othersChoice = applied.refusal.code === "not_your_decision" && before.pending && before.pending.player !== step.action.player && !first && !form;
      const actual = othersChoice
        ? `not_your_decision: the choice waiting is ${before.pending!.player}'s, not ${step.action.player}'s — ${whatWaitsNow(run, before)}`
        : offeredModes
        ? `${applied.refusal.code}: no mode offered reads "${step.action.kind === "choose" ? step.action.modeText : ""}" (${describeState(before)}): the modes offered are ${offeredModes.map((m) => `"${m}"`).join(", ")}${near ? ` (did you mean "${near}"?)` : ""}${leftOutSaid(run, before)}`
        : numberedModes && step.action.kind === "choose"
        ? `${applied.refusal.code}: no mode ${step.action.mode} is offered (${describeState(before)}): the modes offered are ${numberedModes.map((m, i) => `${i + 1} "${m}"`).join("; ")}${leftOutSaid(run, before)}`
        : form
        ? `${applied.refusal.code} (${describeState(before)}): answer it with ${form}`
        : first
          ? `${applied.refusal.code}: ${applied.refusal.message} — answer it on a line before this one, with ${first}${waits}`
          : `${applied.refusal.code}: ${refusalSaid(run, before, step.action, applied.refusal)} (${describeState(before)})${now}${whenOpen}${targetsWhere(run, before, step.action, applied.refusal.code)}${targetsAskedLater(run, before, step.action, applied.refusal.code)}${whyNotAttacking(run, before, step.action, applied.refusal.code)}`;
      fail(step.line, "the action was refused", "a legal action", actual, at);
      break;
    }
    // Accepted, yet not among the legal actions: no player (studio, bot) could have chosen it.
    // Either the listing misses a legal action (an engine fault) or the line says too little to pick one.
    fail(step.line, "the engine accepts this action but does not list it among the legal actions (no player could choose it): the engine's listing misses it, or the line does not say enough (payment, targets) to match a listed one", "an action the engine lists", "an unlisted action", at);
  }
  noteReached(state);
  for (const { line, at, judge } of afterRun) issue(line, at, judge());
  if (afterRun.length) failures.sort((a, b) => a.line - b.line);
  if (endedAt && !scenario.steps.some((s, i) => i > endedAt!.stepIndex && s.kind === "expect" && s.expect.kind === "winner")) {
    const how = events.slice(endedAt.eventStart).filter((e) => e.kind === "check" && / loses: /.test(e.text)).map((e) => e.text);
    const winner = state.winner === "draw" ? "draw" : (state.winner ?? "none");
    fail(
      endedAt.line,
      `the game ended ${endedAt.stepIndex < 0 ? "as the board was set up" : "here"} (${winner === "draw" ? "a draw" : `${winner} won`}${how.length ? `: ${how.join("; ")}` : ""}) and no later line says so: every line after it tests a finished game; add \`expect winner ${winner}\` after ${endedAt.stepIndex < 0 ? "the setup" : "this line"}, or set up a board where the game goes on`,
    );
    failures.sort((a, b) => a.line - b.line);
  }
  if (!failures.length) {
    const unresolved = holdsOnlyUnresolved(run, state, events, scenario);
    if (unresolved?.warning) (result.warnings ??= []).push({ file: scenario.file, line: unresolved.line, message: unresolved.message });
    else if (unresolved) fail(unresolved.line, unresolved.message);
    const beforeDamage = unresolved ? undefined : holdsOnlyBeforeDamage(run, state, events, scenario);
    if (beforeDamage) (result.warnings ??= []).push({ file: scenario.file, line: beforeDamage.line, message: beforeDamage.message });
    // One warning says enough: a stretch the run could not check already says what to write.
    const idle = result.warnings?.length ? undefined : provesNothingPlayed(run, scenario, moments, events);
    if (idle) (result.warnings ??= []).push({ file: scenario.file, line: idle.line, message: idle.message });
  }
  if (expectsNothing && !failures.length) fail(scenario.line, expectsNothing.message);
  result.events = events;
  result.state = state;
  return result;
}
