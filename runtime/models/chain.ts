/**
 * The `chain` response model (`param response_model = chain`): priority passing for actions and
 * spells (section 17 of Chromatic Battlelines) and triggered abilities resolved as chains with no
 * priority inside them (section 17.1). Everything is plain JSON in `state.chainRun`, so a chain
 * can stop for a player's choice (order, targets, "you may", Scry) and resume.
 *
 * 17.1 as implemented, word by word:
 * - "Noted": `noteEvent` (core) records every matching ability the moment the event happens, with
 *   the player who had priority and caused it (`by`). A noted ability runs even if its card leaves.
 * - "Each of your noted abilities starts its own chain. You choose the order of those chains."
 *   A *run* holds the priority player's noted abilities (`starts`); each begins one chain, in the
 *   order that player picks (an `order_triggers` choice when they differ).
 * - "If you have no matching trigger but the opponent does, you still own one chain."
 * - "Once per instance": a chain keeps the instances (one line of text on one card) that fired or
 *   wait in it (`used`); a later note of one of them in the same chain is suppressed (trace
 *   `suppressed`). Another chain starts with a clean slate.
 * - "Nested triggers stay in this chain", "Work depth-first": when an ability finishes, what it
 *   caused becomes a list of children on top of the chain's agenda (a stack of sibling lists), so
 *   descendants finish before the next sibling.
 * - "Opponent triggers wait until the end of each of your chains": the opponent's abilities noted
 *   from the original event are appended to every chain of the run; those noted while the
 *   priority player's abilities resolve join the same end-of-chain queue (trace `appended`). At the
 *   end the opponent orders them; what they cause stays in the chain (depth-first again).
 * - "Optional triggers": a "you may" used is just a nested effect of the same ability.
 * - Replacement effects never enter chains (they are applied in place: runtime/mechanics/facets.ts).
 *
 * The stepper draws the tree from the trace: `chain_start`/`chain_end` bracket a chain, `fire`
 * events carry `chain`, `trigger` (noted id) and `parent` (the noted id that caused it); a trigger's depth in the chain's
 * tree is its parent's + 1, which the studio works out (studio/src/table/chains.ts chainDepths).
 */
import type { TargetSpec } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import { cardName, emit, flowTo, runFlowAction } from "../core/index.ts";
import { holderIn, priorityHolders, resolution, type ResponseChart } from "../core/flow.ts";
import { registerNativeRule } from "../core/effects.ts";
import { placeTrigger, type ResponseModel } from "../core/response.ts";
import type { Frame, GameState, NotedTrigger, PlayerId, StackItem } from "../state/state.ts";
import { opponentOf } from "../state/state.ts";
import { fizzles, targetStillLegal } from "../core/targets.ts";
import { withX } from "../core/values.ts";

export interface Chain {
  /** Chain number within the game (1, 2, ...), as the trace shows it. */
  id: number;
  /** Instances (card + line) that fired or wait in this chain: each fires once per chain. */
  used: string[];
  /** Depth-first agenda: lists of sibling triggers, the last list first. */
  agenda: NotedTrigger[][];
  /** The opponent's abilities waiting for the end of this chain. */
  opponentQueue: NotedTrigger[];
  /** The ability resolving now (its children are collected when it finishes). */
  running: NotedTrigger | null;
  /** The end of the chain was reached: the opponent's queue runs. */
  ending: boolean;
  /** Noted trigger id → the id of the trigger that caused it (the chain's tree). */
  parent: Record<string, number>;
}

export interface ChainRun {
  /** The priority player: owns every chain of this run. */
  owner: PlayerId;
  /** The owner's noted abilities that have not started their chain yet. */
  starts: NotedTrigger[];
  /** The opponent's abilities noted from the original event: appended to each chain. */
  opponentNoted: NotedTrigger[];
  begun: number;
  chain: Chain | null;
  /** Which list an `order_triggers` choice is about. */
  asking: "starts" | "agenda" | "opponent" | null;
}

const instanceKey = (t: NotedTrigger): string => (t.card ? `${t.card}|${t.ability}` : `rule:${t.controller}|${t.ability}`);

function label(ctx: Ctx, t: NotedTrigger): string {
  const ability = ctx.rules.abilities.get(t.ability);
  const text = ability?.text ?? t.ability;
  return t.card ? `${cardName(ctx, t.card)}: ${text}` : `rule: ${text}`;
}

/**
 * A chain event, naming the trigger's controller — and a chain's start names the chain's owner, `owner`: the player who
 * had priority and caused the event, who owns every chain from it (17.1: "If you have no matching trigger but the
 * opponent does, you still own one chain"), also when no ability of theirs starts it.
 */
function chainEvent(ctx: Ctx, kind: "chain_start" | "chain_end" | "fire" | "suppressed" | "appended", text: string, chain: Chain | null, t?: NotedTrigger, cause?: NotedTrigger | null, owner?: PlayerId): void {
  const extra: Record<string, unknown> = { chain: chain?.id };
  if (t) {
    extra["trigger"] = t.id;
    extra["ability"] = t.ability;
    extra["player"] = t.controller;
    extra["source"] = t.source;
    if (t.card) {
      extra["card"] = t.card;
      extra["name"] = cardName(ctx, t.card);
    }
    if (chain && chain.parent[t.id] !== undefined) extra["parent"] = chain.parent[t.id];
    // A suppressed ability never enters the chain's tree: it hangs under the ability that caused it.
    else if (cause) extra["parent"] = cause.id;
  }
  if (owner) extra["player"] = owner;
  emit(ctx, kind, text, extra);
}

/** Several triggers that differ (not just copies of one line) need their controller to order them (two abilities imply two triggers). */
function needsOrder(list: NotedTrigger[]): boolean {
  return new Set(list.map((t) => t.ability)).size > 1;
}

function askOrder(ctx: Ctx, run: ChainRun, which: "starts" | "agenda" | "opponent", player: PlayerId, list: NotedTrigger[], prompt: string): void {
  run.asking = which;
  // The candidates sit in `noted` while the choice is open (scenarios and the studio name them from there).
  ctx.state.noted = [...list];
  ctx.state.pending = { kind: "order_triggers", player, triggers: list.map((t) => t.id), prompt };
}

function fire(ctx: Ctx, chain: Chain, t: NotedTrigger): void {
  chain.running = t;
  flowTo(ctx, chain.ending ? "chain.appended" : "chain.resolving");
  chainEvent(ctx, "fire", `${label(ctx, t)} — fires in chain ${chain.id}`, chain, t);
  placeTrigger(ctx, t);
}

function beginChain(ctx: Ctx, run: ChainRun, start: NotedTrigger | undefined): void {
  // Chain numbers keep counting through the game, so trace events of different runs never share one.
  const id = (ctx.state.chainCount ?? 0) + 1;
  ctx.state.chainCount = id;
  const chain: Chain = { id, used: [], agenda: [], opponentQueue: [], running: null, ending: false, parent: {} };
  run.chain = chain;
  run.begun++;
  if (start) chain.used.push(instanceKey(start));
  for (const t of run.opponentNoted) {
    if (chain.used.includes(instanceKey(t))) continue;
    chain.used.push(instanceKey(t));
    chain.opponentQueue.push(t);
  }
  const what = start ? label(ctx, start) : `only ${opponentOf(ctx.state, run.owner)}'s noted abilities`;
  flowTo(ctx, "chain.built");
  chainEvent(ctx, "chain_start", `chain ${chain.id} (${run.owner}): ${what}`, chain, start, undefined, run.owner);
  for (const t of chain.opponentQueue) chainEvent(ctx, "appended", `${label(ctx, t)} — ${t.controller}'s, runs at the end of chain ${chain.id}`, chain, t);
  if (start) fire(ctx, chain, start);
}

/** What the ability that just finished caused: suppressed, children (depth-first) or the opponent's end queue. */
function distribute(ctx: Ctx, run: ChainRun, chain: Chain, fresh: NotedTrigger[]): void {
  const cause = chain.running;
  chain.running = null;
  const mine: NotedTrigger[] = [];
  const theirs: NotedTrigger[] = [];
  for (const t of fresh) {
    const key = instanceKey(t);
    if (chain.used.includes(key)) {
      chainEvent(ctx, "suppressed", `${label(ctx, t)} — already fired in chain ${chain.id}: once per instance`, chain, t, cause);
      continue;
    }
    chain.used.push(key);
    if (cause) chain.parent[t.id] = cause.id;
    if (t.controller === run.owner) mine.push(t);
    else if (!cause || cause.controller === run.owner) {
      // "It does not run in the middle of your nested abilities. It runs once at the end of that chain."
      chain.opponentQueue.push(t);
      chainEvent(ctx, "appended", `${label(ctx, t)} — ${t.controller}'s, runs at the end of chain ${chain.id}`, chain, t);
    } else theirs.push(t);
  }
  // The owner's go first (the top of the agenda); a list left empty is dropped by advance before it reads the top.
  chain.agenda.push(theirs, mine);
}

/** Runs the chain machinery until an ability is resolving, a choice is pending, or the run is over. */
function advance(ctx: Ctx, run: ChainRun): void {
  const { state } = ctx;
  // Stryker disable next-line EqualityOperator,UpdateOperator: equivalent — the guard only turns a chain that never settles into a throw instead of a hang; every run of the suite settles in a few steps (`<=`, `guard--` differ only past 10,000)
  for (let guard = 0; guard < 10_000; guard++) {
    if (state.over || state.pending || state.frames.length > 0) return;
    const chain = run.chain;
    if (!chain) {
      // A run begins at least one chain: a run is made only for noted abilities, so with none of the owner's to start
      // it, its first chain is only the opponent's ("If you have no matching trigger but the opponent does, you still own one chain").
      if (run.starts.length === 0 && run.begun > 0) {
        state.chainRun = null;
        return;
      }
      if (needsOrder(run.starts)) return askOrder(ctx, run, "starts", run.owner, run.starts, "choose which of your noted abilities starts the next chain");
      beginChain(ctx, run, run.starts.shift());
      continue;
    }
    while (chain.agenda.length > 0 && chain.agenda[chain.agenda.length - 1]!.length === 0) chain.agenda.pop();
    const siblings = chain.agenda[chain.agenda.length - 1];
    if (siblings) {
      if (needsOrder(siblings)) return askOrder(ctx, run, "agenda", siblings[0]!.controller, siblings, "choose which of these abilities runs first");
      fire(ctx, chain, siblings.shift()!);
      continue;
    }
    chain.ending = true;
    if (chain.opponentQueue.length > 0) {
      const opponent = chain.opponentQueue[0]!.controller;
      if (needsOrder(chain.opponentQueue)) return askOrder(ctx, run, "opponent", opponent, chain.opponentQueue, `choose which of your abilities runs first at the end of chain ${chain.id}`);
      fire(ctx, chain, chain.opponentQueue.shift()!);
      continue;
    }
    chainEvent(ctx, "chain_end", `chain ${chain.id} ends`, chain);
    run.chain = null;
  }
  throw new Error("trigger chains did not settle after 10000 steps");
}

function placeTriggers(ctx: Ctx): void {
  const { state } = ctx;
  const fresh = state.noted.splice(0);
  let run = state.chainRun;
  if (!run) {
    // Stryker disable next-line ConditionalExpression: equivalent — settle calls placeTriggers with no run only when abilities are noted (core/settle.ts), so `fresh` is never empty here; the guard keeps a later caller from opening an empty chain
    if (fresh.length === 0) return;
    const owner = fresh.find((t) => t.by)?.by ?? state.active;
    run = { owner, starts: [], opponentNoted: [], begun: 0, chain: null, asking: null };
    state.chainRun = run;
    // The same opponent instance noted twice (two draws of one action) is appended once per chain: beginChain skips used instances.
    for (const t of fresh) (t.controller === owner ? run.starts : run.opponentNoted).push(t);
  } else {
    // A run with no chain open is over (advance drops it) or waits on its `starts` order choice, and nothing is noted
    // while a choice waits (settle stops at it; answering runs chooseTrigger, which begins the chain): a chain is open.
    distribute(ctx, run, run.chain!, fresh);
  }
  advance(ctx, run);
}

function chooseTrigger(ctx: Ctx, player: PlayerId, id: number): void {
  const { state } = ctx;
  const run = state.chainRun;
  state.noted = [];
  if (!run) return;
  const list = run.asking === "starts" ? run.starts : run.asking === "opponent" ? run.chain?.opponentQueue : run.chain?.agenda[run.chain.agenda.length - 1];
  run.asking = null;
  if (!list) return;
  const index = list.findIndex((t) => t.id === id);
  if (index < 0) return;
  const [chosen] = list.splice(index, 1);
  emit(ctx, "choice", `${player} orders ${label(ctx, chosen!)} first`, { player, ability: chosen!.ability, source: chosen!.source, ...(chosen!.card ? { card: chosen!.card, name: cardName(ctx, chosen!.card) } : {}) });
  if (list === run.starts) beginChain(ctx, run, chosen);
  else fire(ctx, run.chain!, chosen!);
}

// ---------------------------------------------------------------------------------------------
// Priority (17): actions and spells wait on a stack until the opponent has passed

/**
 * Items resolve when both players have passed in a row; the initiator's action counts as its pass.
 * The `priority` trace event is written when the window really opens (after any trigger chain the
 * action caused: chains have no priority inside them).
 */
function givePriority(ctx: Ctx, player: PlayerId, passes: number): void {
  ctx.state.priority = { player, passes };
}

/** Puts an action on the stack: it completes only when the opponent has received priority and passed. */
export function initiate(ctx: Ctx, frame: Frame, specs: TargetSpec[], kind: "spell" | "ability" | "trigger", priorityTo?: PlayerId, passes = 1): void {
  const { state } = ctx;
  state.stack.push({ id: state.nextId++, frame, targetSpecs: specs, kind });
  flowTo(ctx, windowLeaf(state, (priorityTo ?? opponentOf(state, frame.controller)) === state.active ? "active_player" : "opponent"));
  emit(ctx, "push", `${frame.label} waits for priority (${state.stack.length} waiting)`, { card: frame.card, ability: frame.ability, player: frame.controller, source: frame.source, ...(frame.card ? { name: cardName(ctx, frame.card) } : {}) });
  givePriority(ctx, priorityTo ?? opponentOf(state, frame.controller), passes);
}

const passesPhaseChange = (ctx: Ctx): boolean => String(ctx.rules.param("priority_actions", "")).split(/\s+/).includes("phase_change");

/** A frame the rules put on the stack (the phase change, the rest of a phase after a `priority` step), not a card's action. */
const isRuleItem = (item: StackItem): boolean => !item.frame.card && !item.frame.ability;
const changesPhase = (item: StackItem): boolean => isRuleItem(item) && item.frame.steps.some((s) => s.op === "rule" && s.rule === "change_phase");

/** Where an open window is in the chart: actions waiting for priority, else the phase's end, else a `priority` step. */
function windowLeaf(state: GameState, holder: "active_player" | "opponent"): string {
  if (state.stack.some((item) => !isRuleItem(item))) return `actions.waiting.${holder}`;
  const top = state.stack[state.stack.length - 1];
  return `${top && changesPhase(top) ? "phase_end" : "window"}.${holder}`;
}

/**
 * Priority and 17.1 chains in the game's statechart, in every phase: actions waiting for priority
 * (17: each initiated action passes priority; both players pass and it completes), an action
 * completing, a fizzle; the trigger chains (built, ordered by a player, resolving depth-first, the
 * opponent's appended abilities at the end of a chain); the priority before the phase ends when
 * `priority_actions` names `phase_change`; a window where the phase has a `priority` step.
 */
export const chainChart: ResponseChart = {
  states(phase, { to, source, game }) {
    const meta = { source: source("response_model"), param: "response_model", phase: phase.name };
    const priorityMeta = { source: source("priority_actions") ?? meta.source, param: "priority_actions", phase: phase.name };
    const states: Record<string, object> = {
      actions: {
        meta: priorityMeta,
        description: "17: initiated actions wait until the opponent has received priority and passed",
        initial: "waiting",
        states: {
          waiting: { ...priorityHolders(priorityMeta, "actions wait for priority: each player in turn may respond or pass"), on: { BOTH_PASSED: "resolving" } },
          resolving: resolution(priorityMeta, "both players passed: the last action completes", { FIZZLE: "fizzle", PRIORITY_TO_ACTIVE_PLAYER: "waiting.active_player" }),
          fizzle: { meta: priorityMeta, description: "every target of the action is gone: it fizzles", on: { PRIORITY_TO_ACTIVE_PLAYER: "waiting.active_player" } },
        },
      },
      chain: {
        meta,
        description: "17.1: triggered abilities resolve as chains, without priority",
        initial: "built",
        states: {
          built: { meta, description: "a chain begins: its first noted ability, and the opponent's abilities appended to its end", on: { FIRE: "resolving", ORDER: "ordering", APPEND: "appended" } },
          ordering: { meta, description: "a player chooses the order of their noted abilities", on: { FIRE: "resolving", APPEND: "appended" } },
          resolving: resolution(meta, "an ability of the chain resolves; what it causes runs next, depth first", { ORDER: "ordering", APPEND: "appended", NEXT_CHAIN: "built" }),
          appended: resolution(meta, "the end of the chain: the opponent's appended abilities run", { ORDER: "ordering", NEXT_CHAIN: "built" }),
        },
      },
    };
    const on: Record<string, string> = { INITIATE: to("actions.waiting"), CHAIN: to("chain.built"), ORDER: to("chain.ordering"), FIRE: to("chain.resolving"), APPEND: to("chain.appended") };
    if (String(game.params["priority_actions"] ?? "").split(/\s+/).includes("phase_change")) {
      states["phase_end"] = priorityHolders(priorityMeta, "17: the phase change passes priority: the opponent may act before the phase ends");
      on["END_PHASE"] = to("phase_end");
    }
    const step = phase.steps.find((s) => s.op === "rule" && s.rule === "priority");
    if (step) {
      states["window"] = priorityHolders({ source: step.source ?? phase.source, phase: phase.name }, "a priority step of the phase: both players pass before it goes on");
      on["WINDOW"] = to("window");
    }
    return { states, on };
  },
  decisionLeaf(state, current) {
    if (state.pending) {
      if (state.pending.kind === "order_triggers" && state.chainRun?.asking) return "chain.ordering";
      // A choice an ability of a chain, or an action completing, asks stays inside that resolution.
      const chain = state.chainRun?.chain;
      if (chain?.running) return `chain.${chain.ending ? "appended" : "resolving"}.choice`;
      return state.frames.length > 0 && current?.startsWith("actions.resolving") ? "actions.resolving.choice" : "choice";
    }
    return state.stack.length > 0 && state.priority !== null ? windowLeaf(state, holderIn(state)) : "open";
  },
};

export const chainModel: ResponseModel = {
  name: "chain",
  opensWindows: true,
  chart: chainChart,
  announce(ctx, frame, kind, specs) {
    initiate(ctx, frame, specs, kind);
  },
  placeTriggers,
  triggerReady(ctx, frame) {
    // Triggered abilities never use priority: they resolve at once, inside their chain.
    ctx.state.frames.push(frame);
  },
  windowOpen: (state) => state.stack.length > 0 && state.priority !== null,
  resolveIfSettled(ctx) {
    const { state } = ctx;
    if (!state.priority || state.stack.length === 0) return false;
    if (state.priority.passes < state.order.length) {
      if (!state.priority.announced) {
        state.priority.announced = true;
        emit(ctx, "priority", `${state.priority.player} receives priority`, { player: state.priority.player });
      }
      return false;
    }
    const item = state.stack.pop()!;
    // A rule's item (the rest of a phase's steps, its end) goes on: the window is closed.
    flowTo(ctx, isRuleItem(item) ? "open" : "actions.resolving");
    emit(ctx, "pop", `${item.frame.label} resolves`, { card: item.frame.card, ability: item.frame.ability, player: item.frame.controller, source: item.frame.source, ...(item.frame.card ? { name: cardName(ctx, item.frame.card) } : {}) });
    const specs = item.targetSpecs;
    const stillLegal = (slot: Frame["targets"][number], i: number) => slot.filter((t) => specs[i] === undefined || targetStillLegal(ctx, withX(specs[i]!, item.frame.x), t, item.frame.controller, item.frame.card));
    if (fizzles(ctx, item.frame, specs)) {
      flowTo(ctx, "actions.fizzle");
      emit(ctx, "fizzle", `${item.frame.label} fizzles: its target is no longer legal`, { card: item.frame.card, ability: item.frame.ability, player: item.frame.controller, source: item.frame.source });
      item.frame.steps = [];
    } else item.frame.targets = item.frame.targets.map(stillLegal);
    state.frames.push(item.frame);
    // "After both players pass, the action completes and priority returns to the current player."
    state.priority = null;
    if (state.stack.length > 0) givePriority(ctx, state.active, 0);
    return true;
  },
  pass(ctx, player) {
    const { state } = ctx;
    if (!state.priority) return;
    state.priority = { player: opponentOf(state, player), passes: state.priority.passes + 1 };
  },
  busy: (state) => !!state.chainRun,
  chooseTrigger,
  changePhase(ctx) {
    if (!passesPhaseChange(ctx)) return false;
    const { state } = ctx;
    const frame: Frame = { controller: state.active, steps: [{ op: "rule", rule: "change_phase" }], pc: 0, targets: [], chosen: { phase: [state.phase] }, label: `${state.active}'s ${state.phase} phase ends` };
    initiate(ctx, frame, [], "ability");
    return true;
  },
};


// The phase change, once the opponent has passed.
registerNativeRule("change_phase", (ctx, frame) => {
  const { state, rules } = ctx;
  if (state.phase !== frame.chosen["phase"]?.[0]) return "done";
  const { value, actions } = rules.flow.send(state.flow, { type: "PHASE_DONE" });
  state.flow = value;
  for (const a of actions) runFlowAction(ctx, a);
  return "done";
});

/**
 * `priority` as a phase step: the rest of the phase waits on the stack until both players pass
 * in a row (spells cast meanwhile resolve first). The step before it names who receives priority
 * first (`$priority`: player and the passes already counted); else the active player's opponent.
 */
function priorityStep(ctx: Ctx, frame: Frame): "done" {
  const rest = frame.steps.slice(frame.pc + 1);
  if (rest.length === 0) return "done";
  const [who, passes] = frame.chosen["$priority"] ?? [opponentOf(ctx.state, ctx.state.active), "1"];
  delete frame.chosen["$priority"];
  const next: Frame = { ...frame, steps: rest, pc: 0, label: `${ctx.state.phase}: ${rest[0]!.op === "rule" ? rest[0]!.rule.replace(/_/g, " ") : "next step"}`, chosen: { ...frame.chosen } };
  initiate(ctx, next, [], "ability", who, Number(passes));
  // This frame ends here (its last step is this one, as the statechart's steps region reads it).
  frame.steps = frame.steps.slice(0, frame.pc + 1);
  return "done";
}
registerNativeRule("priority", priorityStep);
