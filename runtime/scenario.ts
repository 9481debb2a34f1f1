/**
 * Runs a parsed scenario against an engine: builds the board, performs each action (matched
 * against `legalActions`, so a scenario can only do what a player could), and checks each
 * expectation. No file I/O: the CLI and the studio read the files.
 */
import type { Scenario, ScenarioAction, TargetRef, Expectation, CardSetup } from "../grammar/scenario.ts";
import type { Action, Engine, GameState, TraceEvent } from "./index.ts";
import type { Payment } from "./engine/actions.ts";
import type { TargetValue } from "./state/state.ts";
import { PLAYERS, SetupError, type BoardSpec, type CardSpec } from "./index.ts";
import { closestName } from "../compiler/check-suggest.ts";
import { checkInvariants } from "./simulate.ts";
import { mechanicsOf } from "./core/mechanics.ts";

export interface ScenarioFailure {
  file: string;
  line: number;
  message: string;
  expected?: string;
  actual?: string;
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

function nameOf(engine: Engine, state: GameState, id: string): string {
  const card = state.cards[id];
  if (!card) return id;
  return (engine.rules.cards.get(card.def) ?? state.tokens[card.def])?.name ?? id;
}

function zoneName(engine: Engine, written: string): string | undefined {
  return engine.rules.game.zones.find((z) => norm(z.name) === norm(written))?.name;
}

function findCards(engine: Engine, state: GameState, name: string, player?: string, zone?: string): string[] {
  const out: string[] = [];
  const players = player ? [player, ...state.order.filter((p) => p !== player)] : state.order;
  const zones = zone ? [zone] : [engine.rules.zones.battlefield, engine.rules.zones.hand, engine.rules.zones.graveyard, engine.rules.zones.removed, engine.rules.zones.deck, "(resolving)"];
  for (const z of zones) for (const p of players) for (const id of state.players[p]?.zones[z] ?? []) if (norm(nameOf(engine, state, id)) === norm(name)) out.push(id);
  return out;
}

const targetMatches = (engine: Engine, state: GameState, value: TargetValue, ref: TargetRef): boolean =>
  "player" in ref
    ? "player" in value && value.player === ref.player
    : "card" in value && norm(nameOf(engine, state, value.card)) === norm(ref.card) && (!ref.controller || state.cards[value.card]?.controller === ref.controller);

function namesMatch(engine: Engine, state: GameState, ids: string[] | undefined, names: string[]): boolean {
  const got = (ids ?? []).map((id) => norm(nameOf(engine, state, id))).sort();
  return JSON.stringify(got) === JSON.stringify(names.map(norm).sort());
}

/** The legal action a scenario line describes, if any. */
function matchAction(engine: Engine, state: GameState, step: ScenarioAction): Action | undefined {
  const legal = engine.legalActions(state);
  const payOk = (payment: Payment | undefined, s: { discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] }) =>
    (!s.lands?.length || namesMatch(engine, state, payment?.lands, s.lands)) &&
    (s.discard.length === 0 || namesMatch(engine, state, payment?.discard, s.discard)) &&
    (s.erase.length === 0 || namesMatch(engine, state, payment?.erase, s.erase)) &&
    (s.sacrifice.length === 0 || namesMatch(engine, state, payment?.sacrifice, s.sacrifice)) &&
    (s.x === undefined || payment?.x === s.x);
  const targetsOk = (targets: TargetValue[] | undefined, refs: TargetRef[]) =>
    refs.length === 0 ? true : (targets ?? []).length === refs.length && refs.every((r, i) => targetMatches(engine, state, targets![i]!, r));
  return legal.find((a) => {
    if (a.player !== step.player) return false;
    switch (step.kind) {
      case "play":
        return a.type === "play" && norm(nameOf(engine, state, a.card)) === norm(step.card) && targetsOk(a.targets, step.targets) && payOk(a.payment, step);
      case "activate": {
        if (a.type !== "activate" || norm(nameOf(engine, state, a.card)) !== norm(step.card)) return false;
        const def = engine.rules.cards.get(state.cards[a.card]!.def);
        const activated = def?.abilities.filter((ab) => ab.kind === "activated") ?? [];
        return activated[step.ability - 1]?.id === a.ability && targetsOk(a.targets, step.targets) && payOk(a.payment, step);
      }
      case "attack":
        // A game's own attack move (a Weapon attack) is written the same way.
        if (a.type === "game" && a.card && a.target) return norm(nameOf(engine, state, a.card)) === norm(step.attacker) && targetMatches(engine, state, a.target, step.target);
        return a.type === "attack" && norm(nameOf(engine, state, a.attacker)) === norm(step.attacker) && targetMatches(engine, state, a.target, step.target);
      case "move":
        return (
          a.type === "game" &&
          a.move === step.move &&
          !!a.card &&
          norm(nameOf(engine, state, a.card)) === norm(step.card) &&
          (step.other === undefined || (!!a.other && norm(nameOf(engine, state, a.other)) === norm(step.other))) &&
          (step.color === undefined || norm(a.color ?? "") === norm(step.color))
        );
      case "defend":
        return a.type === "defend" && norm(nameOf(engine, state, a.card)) === norm(step.card);
      case "pass":
        return a.type === "pass";
      case "end":
        return a.type === "end_phase";
      case "choose": {
        if (a.type !== "choose") return false;
        if (step.yes !== undefined) return a.yes === step.yes;
        if (step.mode !== undefined) return a.mode === step.mode - 1 || (step.mode === 0 && a.mode === 0);
        if (step.modeText !== undefined) return state.pending?.kind === "mode" && a.mode !== undefined && norm(state.pending.modes[a.mode] ?? "") === norm(step.modeText);
        if (step.target) return a.target !== undefined && targetMatches(engine, state, a.target, step.target);
        if (step.trigger) {
          const t = state.noted.find((n) => n.id === a.trigger);
          return !!t?.card && norm(nameOf(engine, state, t.card)) === norm(step.trigger);
        }
        // `choose nothing` is an answer of no cards, not a target choice (which carries no cards).
        if (step.cards) return a.cards !== undefined && namesMatch(engine, state, a.cards, step.cards);
        return false;
      }
    }
  });
}

/** The literal (possibly illegal) action a scenario line describes, to learn why it is refused. */
function literalAction(engine: Engine, state: GameState, step: ScenarioAction): Action | string {
  const one = (name: string, player?: string, zone?: string) => findCards(engine, state, name, player, zone)[0];
  const target = (ref: TargetRef): TargetValue | undefined => {
    if ("player" in ref) return { player: ref.player };
    const id = ref.controller ? findCards(engine, state, ref.card).find((i) => state.cards[i]?.controller === ref.controller) : one(ref.card);
    return id ? { card: id } : undefined;
  };
  const payment = (s: { discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] }): Payment => {
    const used = new Set<string>();
    const pick = (names: string[], zone: string) =>
      names.map((n) => {
        const id = findCards(engine, state, n, step.player, zone).find((i) => !used.has(i));
        if (id) used.add(id);
        return id ?? n;
      });
    const p: Payment = {};
    if (s.discard.length) p.discard = pick(s.discard, engine.rules.zones.hand);
    if (s.erase.length) p.erase = pick(s.erase, engine.rules.zones.graveyard);
    if (s.sacrifice.length) p.sacrifice = pick(s.sacrifice, engine.rules.zones.battlefield);
    if (s.x !== undefined) p.x = s.x;
    if (s.lands?.length) p.lands = pick(s.lands, engine.rules.zones.battlefield);
    return p;
  };
  switch (step.kind) {
    case "play": {
      const card = one(step.card, step.player, engine.rules.zones.hand) ?? one(step.card, step.player);
      if (!card) return `no card "${step.card}" to play`;
      return { type: "play", player: step.player, card, payment: payment(step), targets: step.targets.map(target).filter((t): t is TargetValue => !!t) };
    }
    case "activate": {
      const card = one(step.card, step.player, engine.rules.zones.battlefield) ?? one(step.card);
      if (!card) return `no card "${step.card}" to activate`;
      const def = engine.rules.cards.get(state.cards[card]!.def);
      const activated = def?.abilities.filter((a) => a.kind === "activated") ?? [];
      const ability = activated[step.ability - 1]?.id;
      if (!ability) return `"${def?.name ?? step.card}" has ${activated.length === 0 ? "no activated ability" : activated.length === 1 ? "1 activated ability" : `${activated.length} activated abilities`}; there is no ability ${step.ability}`;
      return { type: "activate", player: step.player, card, ability, payment: payment(step), targets: step.targets.map(target).filter((t): t is TargetValue => !!t) };
    }
    case "attack": {
      const attacker = one(step.attacker, step.player, engine.rules.zones.battlefield) ?? one(step.attacker);
      const t = target(step.target);
      if (!attacker) return `no card "${step.attacker}" to attack with`;
      if (!t) return `no target "${"card" in step.target ? step.target.card : step.target.player}"`;
      // A game's own attack move (a Weapon's), when its rules know one; else the core's attack.
      const own: Action = { type: "game", player: step.player, move: "attack", card: attacker, target: t };
      return engine.check(state, own)?.code === "no_such_ability" ? { type: "attack", player: step.player, attacker, target: t } : own;
    }
    case "defend": {
      const card = one(step.card, step.player, engine.rules.zones.battlefield) ?? one(step.card);
      return card ? { type: "defend", player: step.player, card } : `no card "${step.card}"`;
    }
    case "move": {
      const card = one(step.card, step.player);
      if (!card) return `no card "${step.card}"`;
      const other = step.other ? one(step.other, step.player) : undefined;
      return { type: "game", player: step.player, move: step.move, card, ...(other ? { other } : {}), ...(step.color ? { color: step.color } : {}) };
    }
    case "pass":
      return { type: "pass", player: step.player };
    case "end":
      return { type: "end_phase", player: step.player };
    case "choose":
      return {
        type: "choose",
        player: step.player,
        ...(step.cards ? { cards: step.cards.map((n) => one(n) ?? n) } : {}),
        ...(step.target ? { target: target(step.target) } : {}),
        ...(step.yes !== undefined ? { yes: step.yes } : {}),
        ...(step.mode !== undefined ? { mode: step.mode - 1 } : {}),
      };
  }
}

function describeState(engine: Engine, state: GameState): string {
  if (state.pending) return `${state.pending.player} must ${state.pending.prompt}`;
  return `${state.active}'s ${state.phase} phase`;
}

function checkExpectation(engine: Engine, state: GameState, events: TraceEvent[], e: Expectation, scenario: Scenario): { expected: string; actual: string } | null | string {
  const zoneIds = (player: string, zone: string) => state.players[player]?.zones[zone] ?? [];
  switch (e.kind) {
    case "life": {
      const actual = state.players[e.player]?.life;
      return actual === e.value ? null : { expected: `${e.player} life ${e.value}`, actual: `${e.player} life ${actual}` };
    }
    case "amount": {
      const p = state.players[e.player];
      if (!p) return `unknown player ${e.player}`;
      const resource = Object.keys(p.resources).find((r) => norm(r) === norm(e.name) || norm(r) + "s" === norm(e.name));
      const counter = Object.keys(p.counters).find((r) => norm(r) === norm(e.name)) ?? engine.rules.game.counters.find((c) => norm(c.name) === norm(e.name))?.name;
      // "temporary Red": temporary resources a game module grants until a phase ends (temporary Facets).
      const temporary = /^temporary\s+(.+)$/i.exec(e.name);
      if (temporary && resource === undefined && counter === undefined) {
        const pool = state.temporary?.[e.player] ?? {};
        const actual = Object.entries(pool).find(([k]) => norm(k) === norm(temporary[1]!))?.[1] ?? 0;
        return actual === e.value ? null : { expected: `${e.player} ${e.name} ${e.value}`, actual: `${e.player} ${e.name} ${actual}` };
      }
      if (resource === undefined && counter === undefined) return `unknown resource or counter "${e.name}"`;
      const actual = resource !== undefined ? p.resources[resource] : (p.counters[counter!] ?? 0);
      return actual === e.value ? null : { expected: `${e.player} ${e.name} ${e.value}`, actual: `${e.player} ${e.name} ${actual}` };
    }
    case "zone":
    case "zone_count": {
      const zone = zoneName(engine, e.zone);
      if (!zone) return `unknown zone "${e.zone}"; ${engine.rules.game.name} has ${engine.rules.game.zones.map((z) => z.name).join(", ")}`;
      const names = zoneIds(e.player, zone).map((id) => nameOf(engine, state, id));
      const shown = `${e.player} ${zone}: ${names.map((n) => `"${n}"`).join(", ") || "(empty)"}`;
      if (e.kind === "zone_count") return names.length === e.value ? null : { expected: `${e.player} ${zone} count ${e.value}`, actual: shown };
      const have = names.map(norm).sort();
      const want = e.cards.map(norm).sort();
      if (e.mode === "exactly") return JSON.stringify(have) === JSON.stringify(want) ? null : { expected: `${e.player} ${zone}: ${e.cards.map((n) => `"${n}"`).join(", ") || "(empty)"}`, actual: shown };
      const counts = (list: string[]) => list.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
      const haveCounts = counts(have);
      if (e.mode === "has") {
        const ok = [...counts(want)].every(([n, k]) => (haveCounts.get(n) ?? 0) >= k);
        return ok ? null : { expected: `${e.player} ${zone} has ${e.cards.map((n) => `"${n}"`).join(", ")}`, actual: shown };
      }
      const ok = want.every((n) => !haveCounts.has(n));
      return ok ? null : { expected: `${e.player} ${zone} lacks ${e.cards.map((n) => `"${n}"`).join(", ")}`, actual: shown };
    }
    case "stat":
    case "counters": {
      const id = findCards(engine, state, e.card)[0];
      if (!id) return `no card "${e.card}" in the game`;
      if (e.kind === "counters") {
        const actual = state.cards[id]!.counters[e.counter] ?? 0;
        return actual === e.value ? null : { expected: `"${e.card}" ${e.counter} counters ${e.value}`, actual: `${actual}` };
      }
      const actual = engine.stat(state, id, e.stat);
      return actual === e.value ? null : { expected: `"${e.card}" ${e.stat} ${e.value}`, actual: `"${e.card}" ${e.stat} ${actual}` };
    }
    case "event": {
      const matching = events.filter((ev) => ev.kind === e.event && (!e.card || norm(ev.name ?? "") === norm(e.card)));
      const what = `event ${e.event}${e.card ? ` "${e.card}"` : ""}`;
      const list = matching.map((m) => m.text).join("; ") || "none";
      if (e.negate) return matching.length === 0 ? null : { expected: `no ${what}`, actual: `${matching.length}: ${list}` };
      if (e.times !== undefined) return matching.length === e.times ? null : { expected: `${what} ${e.times} time(s)`, actual: `${matching.length}: ${list}` };
      return matching.length > 0 ? null : { expected: what, actual: "none" };
    }
    case "order": {
      let from = 0;
      for (const item of e.items) {
        const index = events.findIndex((ev, i) => i >= from && ev.kind === item.event && (!item.card || norm(ev.name ?? "") === norm(item.card)));
        if (index < 0) {
          const seen = events.filter((ev) => e.items.some((it) => it.event === ev.kind)).map((ev) => `${ev.kind}${ev.name ? ` "${ev.name}"` : ""}`);
          return { expected: e.items.map((it) => `${it.event}${it.card ? ` "${it.card}"` : ""}`).join(", "), actual: seen.join(", ") || "none" };
        }
        from = index + 1;
      }
      return null;
    }
    case "winner": {
      const actual = state.over ? (state.winner ?? "none") : "none";
      return actual === e.player ? null : { expected: `winner ${e.player}`, actual: `winner ${actual}` };
    }
    case "turn":
      return state.turn === e.value ? null : { expected: `turn ${e.value}`, actual: `turn ${state.turn}` };
    case "phase":
      return norm(state.phase) === norm(e.value) ? null : { expected: `phase ${e.value}`, actual: `phase ${state.phase}` };
    case "active":
      return state.active === e.player ? null : { expected: `active ${e.player}`, actual: `active ${state.active}` };
    case "exhausted": {
      // In play first (as every other card expectation): a copy in hand must not hide the one in play.
      const id = findCards(engine, state, e.card)[0] ?? state.order.flatMap((p) => Object.values(state.players[p]!.zones).flat()).find((i) => norm(nameOf(engine, state, i)) === norm(e.card));
      if (!id) return `no card "${e.card}" in the game`;
      const actual = e.over ? state.cards[id]!.overexhausted : state.cards[id]!.exhausted;
      return actual === e.value ? null : { expected: `"${e.card}" is ${e.value ? "exhausted" : "ready"}`, actual: actual ? "exhausted" : "ready" };
    }
    case "defender": {
      const id = findCards(engine, state, e.card, undefined, engine.rules.zones.battlefield)[0];
      const actual = id ? state.cards[id]!.defender : false;
      return actual !== e.negate ? null : { expected: `"${e.card}" is ${e.negate ? "not " : ""}a defender`, actual: actual ? "a defender" : "not a defender" };
    }
    case "deck_violations": {
      if (!scenario.deck) return "no `deck:` line in this scenario";
      const codes = engine.validateDeck(scenario.deck.names).map((v) => v.code);
      const got = [...codes].sort();
      const want = [...e.codes].sort();
      return JSON.stringify(got) === JSON.stringify(want) ? null : { expected: want.join(", ") || "no violation", actual: engine.validateDeck(scenario.deck.names).map((v) => `${v.code} (${v.message})`).join("; ") || "no violation" };
    }
  }
}

const didYouMean = (word: string, candidates: Iterable<string>) => {
  const best = closestName(word, candidates);
  return best ? ` (did you mean "${best}"?)` : "";
};

function unknownCard(engine: Engine, name: string): string {
  return `unknown card "${name}"${didYouMean(name, [...engine.rules.byName.values()].map((c) => c.name))}`;
}

function unknownZone(engine: Engine, zone: string): string {
  const zones = engine.rules.game.zones.map((z) => z.name);
  return `unknown zone "${zone}"${didYouMean(zone, zones)}; ${engine.rules.game.name} has ${zones.join(", ")}`;
}

const cardSpec = (c: CardSetup): CardSpec => ({
  name: c.card,
  ...(c.controller ? { controller: c.controller } : {}),
  ...(c.counters ? { counters: { [c.counters.name]: c.counters.value } } : {}),
  ...(c.exhausted ? { exhausted: true } : {}),
  ...(c.overexhausted ? { overexhausted: true } : {}),
  ...(c.damage !== undefined ? { damage: c.damage } : {}),
});

type Fail = (line: number, message: string) => void;

/**
 * The setup block: every name known (with a suggestion when it is not), every player a seat,
 * and nothing a real game could not reach — more cards in a zone than it holds, a token outside
 * play, a card state for a card not in play (or ambiguous), zones other than the decks under
 * `new game`. (Copy limits are not enforced: scenarios fill decks with any card.) Returns the board to build.
 */
function checkSetup(engine: Engine, scenario: Scenario, fail: Fail): BoardSpec["players"] {
  const { rules } = engine;
  const setup = scenario.setup;
  const players: BoardSpec["players"] = {};
  const player = (p: string) => (players[p] ??= { resources: {}, counters: {}, zones: {} });
  const seat = (p: string | undefined, line: number) => {
    if (p === undefined || PLAYERS.includes(p)) return true;
    fail(line, `unknown player "${p}"; the players are ${PLAYERS.join(" and ")}`);
    return false;
  };
  seat(setup.active, setup.range.start.line);
  // Cards per player and zone so far, to report a zone's capacity at the line that goes over it.
  const inZone = new Map<string, number>();
  for (const z of setup.zones) {
    const line = z.range.start.line;
    const zone = zoneName(engine, z.zone);
    if (!zone) fail(line, unknownZone(engine, z.zone));
    const known = seat(z.player, line);
    if (zone && setup.newGame && zone !== rules.zones.deck) fail(line, `with \`new game\` only decks are set up (the game deals the rest); ${z.player} ${zone} would be ignored`);
    for (const name of z.cards.names) {
      const def = rules.byName.get(norm(name));
      if (!def) {
        fail(line, unknownCard(engine, name));
        continue;
      }
      if (!known || !zone) continue;
      if (def.isToken && zone !== rules.zones.battlefield) fail(line, `"${def.name}" is a token: a token exists only in ${rules.zones.battlefield}, not in ${z.player}'s ${zone}`);
    }
    if (!known || !zone) continue;
    const key = `${z.player}\u0000${zone}`;
    const before = inZone.get(key) ?? 0;
    inZone.set(key, before + z.cards.names.length);
    const slots = rules.game.zones.find((x) => x.name === zone)?.slots;
    if (slots !== undefined && before <= slots && before + z.cards.names.length > slots) fail(line, `${z.player}'s ${zone} holds at most ${slots} cards; the setup puts ${before + z.cards.names.length} there`);
    (player(z.player).zones![zone] ??= []).push(...z.cards.names);
  }
  for (const l of setup.life) if (seat(l.player, l.range.start.line)) player(l.player).life = l.value;
  for (const a of setup.amounts) {
    const line = a.range.start.line;
    if (!seat(a.player, line)) continue;
    const resource = rules.game.resources.find((r) => norm(r.name) === norm(a.name) || norm(r.name) + "s" === norm(a.name));
    const counter = rules.game.counters.find((c) => c.on === "player" && norm(c.name) === norm(a.name));
    if (resource) player(a.player).resources![resource.name] = a.value;
    else if (counter) player(a.player).counters![counter.name] = a.value;
    else {
      const names = [...rules.game.resources.map((r) => r.name), ...rules.game.counters.filter((c) => c.on === "player").map((c) => c.name)];
      const onCard = rules.game.counters.find((c) => c.on === "card" && norm(c.name) === norm(a.name));
      fail(line, onCard ? `"${onCard.name}" counters go on cards: write "<card>" ${onCard.name} counters ${a.value}` : `unknown resource or player counter "${a.name}"${didYouMean(a.name, names)}`);
    }
  }
  for (const c of setup.cards) {
    const line = c.range.start.line;
    if (!seat(c.controller, line)) continue;
    const def = rules.byName.get(norm(c.card));
    if (!def) {
      fail(line, unknownCard(engine, c.card));
      continue;
    }
    if (c.counters) {
      const counters = rules.game.counters.filter((k) => k.on === "card");
      if (!counters.some((k) => norm(k.name) === norm(c.counters!.name))) fail(line, `unknown card counter "${c.counters.name}"${didYouMean(c.counters.name, counters.map((k) => k.name))}; ${rules.game.name} has ${counters.map((k) => k.name).join(", ") || "none"}`);
      else c.counters.name = counters.find((k) => norm(k.name) === norm(c.counters!.name))!.name;
    }
    const where = setup.zones.filter((z) => zoneName(engine, z.zone) === rules.zones.battlefield && (!c.controller || z.player === c.controller));
    const count = where.reduce((n, z) => n + z.cards.names.filter((name) => norm(name) === norm(c.card)).length, 0);
    const what = c.counters ? `${c.counters.name} counters` : c.damage !== undefined ? "damage" : "exhausted";
    if (count === 0) fail(line, `"${def.name}" is not in ${c.controller ? `${c.controller}'s ` : ""}${rules.zones.battlefield}: only a card in play can be set up ${what === "exhausted" ? "exhausted" : `with ${what}`}`);
    else if (count > 1) fail(line, `"${def.name}" is in ${rules.zones.battlefield} ${count} times; say whose (${c.controller ?? "p1"}'s "${def.name}") or set up one copy`);
  }
  return players;
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
  // Names first, each at its line; then what no real game could reach.
  const setup = scenario.setup;
  const players = checkSetup(engine, scenario, fail);
  for (const step of scenario.steps) {
    const names: string[] = [];
    if (step.kind === "action") {
      const a = step.action;
      if ("card" in a && a.card) names.push(a.card);
      if (a.kind === "attack") {
        names.push(a.attacker);
        if ("card" in a.target) names.push(a.target.card);
      }
      if (a.kind === "play" || a.kind === "activate") names.push(...a.discard, ...a.erase, ...a.sacrifice, ...a.targets.flatMap((t) => ("card" in t ? [t.card] : [])));
    } else if ("card" in step.expect && step.expect.card) names.push(step.expect.card);
    else if (step.expect.kind === "zone") {
      names.push(...step.expect.cards);
      if (!zoneName(engine, step.expect.zone)) fail(step.line, unknownZone(engine, step.expect.zone));
    }
    for (const n of names) if (!engine.rules.byName.has(norm(n))) fail(step.line, unknownCard(engine, n));
  }
  // Player names too: an unknown seat would otherwise reach the engine as an undefined player.
  const checkPlayer = (p: string | undefined, line: number) => {
    if (p !== undefined && !PLAYERS.includes(p)) fail(line, `unknown player "${p}"; the players are ${PLAYERS.join(" and ")}`);
  };
  for (const step of scenario.steps) {
    if (step.kind === "action") checkPlayer(step.action.player, step.line);
    else if ("player" in step.expect && !["none", "draw"].includes(step.expect.player)) checkPlayer(step.expect.player, step.line);
  }
  if (failures.length) return result;

  let state: GameState;
  const events: TraceEvent[] = [];
  try {
    const deckZone = engine.rules.zones.deck;
    const built = setup.newGame
      ? engine.newGame({ seed: setup.seed ?? 1, decks: Object.fromEntries(Object.entries(players).map(([p, v]) => [p, v.zones?.[deckZone] ?? []])), ...(setup.active ? { firstPlayer: setup.active } : {}) })
      : engine.setupBoard({ seed: setup.seed ?? 1, turn: setup.turn ?? 2, active: setup.active ?? "p1", ...(setup.phase ? { phase: setup.phase } : {}), players, cards: setup.cards.map(cardSpec) });
    state = built.state;
    events.push(...built.events);
    // A board no game could reach (more Facets than the maximum, ...): the engine's own invariants say so.
    const problems = [...checkInvariants(engine, state), ...mechanicsOf(engine.rules).flatMap((m) => m.invariants?.({ rules: engine.rules, state, events: [] }, []) ?? [])];
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
  // An automatic phase (no one acts in it) runs through as soon as the board is set up: a scenario
  // whose first line is an action would silently act in the next phase instead.
  const setPhase = setup.phase ? engine.rules.game.phases.find((p) => norm(p.name) === norm(setup.phase!)) : undefined;
  if (setPhase?.auto && norm(state.phase) !== norm(setPhase.name) && scenario.steps[0]?.kind === "action") {
    fail(
      setup.phaseLine ?? setup.range.start.line,
      `the ${setPhase.name} phase is automatic (no one acts in it): set up there, it runs at once and the first line would be played in ${state.active}'s ${state.phase} phase; set up "phase ${state.phase}", or start with expectations about what ${setPhase.name} did`,
    );
    return result;
  }
  if (options.keepStates) result.initialState = state;
  for (const [stepIndex, step] of scenario.steps.entries()) {
    const eventStart = events.length;
    // Where a failure of this step points: the step, and the last event before it was checked.
    const at = { stepIndex, eventIndex: events.length - 1 };
    const record = (applied?: Action) => result.steps.push({ line: step.line, kind: step.kind, eventStart, eventEnd: events.length, ...(options.keepStates ? { state, ...(applied ? { action: applied } : {}) } : {}) });
    if (step.kind === "expect") {
      const problem = checkExpectation(engine, state, events, step.expect, scenario);
      if (typeof problem === "string") fail(step.line, problem, undefined, undefined, at);
      else if (problem) fail(step.line, "expectation not met", problem.expected, problem.actual, at);
      record();
      continue;
    }
    // With `refused`, a play or activation is still matched against the legal actions: its literal
    // form carries no payment the line did not name, so a legal play would be "refused bad_payment".
    // Other moves keep their literal meaning (`harvests "X"` without `replacing` is its own move).
    const matchesWhenRefused = step.action.kind === "play" || step.action.kind === "activate";
    const matched = !step.refused || matchesWhenRefused ? matchAction(engine, state, step.action) : undefined;
    if (matched && step.refused) {
      fail(step.line, "the action was accepted", `refused ${step.refused}`, "accepted", at);
      record();
      continue;
    }
    if (matched) {
      const applied = engine.apply(state, matched);
      if (!applied.ok) {
        fail(step.line, `the engine refused a listed action: ${applied.refusal.code}: ${applied.refusal.message}`, undefined, undefined, at);
        record();
        break;
      }
      state = applied.state;
      events.push(...applied.events);
      record(matched);
      continue;
    }
    const literal = literalAction(engine, state, step.action);
    if (typeof literal === "string") {
      fail(step.line, literal, undefined, undefined, at);
      record();
      break;
    }
    const applied = engine.apply(state, literal);
    if (step.refused) {
      if (applied.ok) fail(step.line, "the action was accepted", `refused ${step.refused}`, "accepted", at);
      else if (step.refused !== "any" && applied.refusal.code !== step.refused) fail(step.line, "refused for another reason", `refused ${step.refused}`, `refused ${applied.refusal.code}: ${applied.refusal.message}`, at);
      record();
      continue;
    }
    if (!applied.ok) {
      fail(step.line, "the action was refused", "a legal action", `${applied.refusal.code}: ${applied.refusal.message} (${describeState(engine, state)})`, at);
      record();
      break;
    }
    // Legal by the validator yet not matched: the line was ambiguous (e.g. a payment it did not name).
    state = applied.state;
    events.push(...applied.events);
    record(literal);
  }
  result.events = events;
  result.state = state;
  return result;
}
