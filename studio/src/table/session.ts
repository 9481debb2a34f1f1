/**
 * A sandbox game in the studio: the engine's pure functions over JSON states, with every
 * state kept so the designer can step back and forth (time travel) and branch from any
 * earlier point. The engine and the lowering run here, in the page, loaded on first use.
 */
import type { SourceFile } from "../../../compiler/model.ts";
import type { Ability } from "../../../compiler/ir.ts";
import type { Action, Engine, GameState, PlayerId, TraceEvent } from "../../../runtime/index.ts";
import { newCardInstance } from "../../../runtime/state/state.ts";
import { EventBoards, type BoardAtEvent, type StepSegment } from "./event-boards.ts";

export interface HistoryEntry {
  state: GameState;
  /** Events the action produced (the first entry holds the setup events). */
  events: TraceEvent[];
  action?: Action;
  label: string;
}

export type Seat = "human" | "bot";

/** What a seat plays with: a deck list (card names, one per copy) or a random legal deck. */
export type DeckChoice = { kind: "random" } | { kind: "list"; name: string; cards: string[] };

/** A chosen deck is not legal for the game: every violation, one per line. */
export class DeckError extends Error {
  constructor(readonly problems: string[]) {
    super(`The chosen deck is not legal:\n${problems.join("\n")}`);
  }
}

export class TableSession {
  history: HistoryEntry[];
  cursor = 0;
  private agent: number;

  private constructor(
    readonly engine: Engine,
    start: { state: GameState; events: TraceEvent[] },
    seed: number,
  ) {
    this.history = [{ ...start, label: "New game" }];
    this.agent = seed ^ 0x5bd1e995;
  }

  /** Lowers the workspace's files and builds the engine of one game (the table checks decks against it before starting). */
  static async compile(files: SourceFile[], gameId: string): Promise<Engine> {
    const [{ lowerWorkspace }, { createEngine }] = await Promise.all([import("../../../compiler/lower.ts"), import("../../../runtime/index.ts")]);
    const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
    const bundle = lowered.bundles.find((b) => b.game.id.toLowerCase() === gameId.toLowerCase());
    if (!bundle) {
      const errors = lowered.diagnostics.filter((d) => d.severity === "error").length;
      throw new Error(`The game "${gameId}" could not be compiled${errors ? ` (${errors} errors in the workspace — see Problems)` : ""}.`);
    }
    return createEngine(bundle);
  }

  /**
   * A new game: each seat gets its chosen deck (card names, in list order before the shuffle)
   * or a random legal deck built from the game's cards. A chosen deck must be legal: every
   * violation is listed in the error.
   */
  static async start(engine: Engine, seed: number, decks: Partial<Record<PlayerId, DeckChoice>> = {}): Promise<TableSession> {
    const [{ randomDeck }, { mechanicsOf }] = await Promise.all([import("../../../runtime/simulate.ts"), import("../../../runtime/core/mechanics.ts")]);
    const random = (s: number) => mechanicsOf(engine.rules).reduce((deck, m) => m.randomDeck?.(engine.rules, s, deck) ?? deck, randomDeck(engine, s));
    const chosen: Record<PlayerId, string[]> = {};
    const problems: string[] = [];
    for (const [i, player] of (["p1", "p2"] as const).entries()) {
      const choice = decks[player] ?? { kind: "random" };
      if (choice.kind === "random") {
        chosen[player] = random(seed * 2 + 1 + i);
        continue;
      }
      const violations = engine.validateDeck(choice.cards);
      for (const v of violations) problems.push(`${player}'s deck ${choice.name}: ${v.message}`);
      chosen[player] = choice.cards;
    }
    if (problems.length) throw new DeckError(problems);
    const start = engine.newGame({ seed, decks: chosen });
    const names = (["p1", "p2"] as const).map((p) => `${p}: ${(decks[p]?.kind === "list" ? decks[p].name : "random deck")}`).join(", ");
    const session = new TableSession(engine, start, seed);
    session.history[0]!.label = `New game (${names})`;
    return session;
  }

  /** A table that continues from a given state (e.g. where a scenario ended). */
  static from(engine: Engine, state: GameState, events: TraceEvent[], label: string): TableSession {
    const session = new TableSession(engine, { state, events }, state.seed);
    session.history[0]!.label = label;
    return session;
  }

  get current(): HistoryEntry {
    return this.history[this.cursor]!;
  }

  get state(): GameState {
    return this.current.state;
  }

  legalActions(): Action[] {
    return this.state.over ? [] : this.engine.legalActions(this.state);
  }

  decider(): PlayerId | null {
    return this.engine.decider(this.state);
  }

  /** Applies an action at the cursor; later history is dropped (a new branch), as in any time-travel debugger. */
  apply(action: Action): string | undefined {
    const result = this.engine.apply(this.state, action);
    if (!result.ok) return `${result.refusal.code}: ${result.refusal.message}`;
    this.history = this.history.slice(0, this.cursor + 1);
    this.history.push({ state: result.state, events: result.events, action, label: describeAction(this, action) });
    this.cursor = this.history.length - 1;
    return undefined;
  }

  /** The bot's move: a seeded pick among the legal actions (the same policy as `cardwright simulate`). */
  botAction(): Action | undefined {
    const legal = this.legalActions();
    if (legal.length === 0) return undefined;
    // xorshift32: deterministic for a given seed and history, no dependency on the engine's own generator.
    let x = this.agent | 0 || 1;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.agent = x;
    return legal[(x >>> 0) % legal.length];
  }

  /**
   * Sandbox: puts a copy of a card from the player's decks into their hand (the designer wants
   * to try that card now). Only moves an instance the game already has; the step is recorded
   * like an action, so stepping back undoes it.
   */
  takeIntoHand(player: PlayerId, cardName: string): string | undefined {
    const { rules } = this.engine;
    const state = structuredClone(this.state);
    const p = state.players[player];
    if (!p) return `no player ${player}`;
    const wanted = cardName.toLowerCase();
    const deckZones = [rules.zones.deck, ...Object.keys(p.zones).filter((z) => z !== rules.zones.deck && /deck/i.test(z))];
    for (const zone of deckZones) {
      const ids = p.zones[zone] ?? [];
      const at = ids.findIndex((id) => rules.cards.get(state.cards[id]?.def ?? "")?.name.toLowerCase() === wanted);
      if (at < 0) continue;
      const id = ids[at]!;
      ids.splice(at, 1);
      (p.zones[rules.zones.hand] ??= []).push(id);
      state.cards[id]!.zone = rules.zones.hand;
      const name = rules.cards.get(state.cards[id]!.def)!.name;
      const event = { seq: state.seq, turn: state.turn, phase: state.phase, kind: "move", player, card: id, name, from: zone, to: rules.zones.hand, text: `sandbox: ${player} takes ${name} from the ${zone} into the ${rules.zones.hand}` } as TraceEvent;
      this.history = this.history.slice(0, this.cursor + 1);
      this.history.push({ state, events: [event], label: `${player} takes "${name}" into hand (sandbox)` });
      this.cursor = this.history.length - 1;
      return undefined;
    }
    return `no copy of "${cardName}" is left in ${player}'s ${deckZones.join(" or ")}`;
  }

  /**
   * Sandbox edits: the board changed by hand, recorded as a step (stepping back undoes it),
   * never an engine action. `edit` changes a copy of the state and returns the words of the
   * event, or an error.
   */
  private sandbox(label: string, player: PlayerId, edit: (state: GameState) => string | { error: string }): string | undefined {
    const state = structuredClone(this.state);
    const text = edit(state);
    if (typeof text !== "string") return text.error;
    const event = { seq: state.seq, turn: state.turn, phase: state.phase, kind: "setup", player, text: `sandbox: ${text}` } as TraceEvent;
    this.history = this.history.slice(0, this.cursor + 1);
    this.history.push({ state, events: [event], label: `${label} (sandbox)` });
    this.cursor = this.history.length - 1;
    return undefined;
  }

  /** Sandbox: a new copy of any card of the game's sets, put into any zone of either player. */
  putCard(player: PlayerId, cardName: string, zone: string): string | undefined {
    const def = this.engine.rules.byName.get(cardName.toLowerCase());
    if (!def) return `no card "${cardName}" in the ${this.engine.rules.game.name} card sets`;
    return this.sandbox(`${player} gets "${def.name}" in the ${zone}`, player, (state) => {
      const p = state.players[player];
      if (!p) return { error: `no player ${player}` };
      const id = `c${state.nextCardId++}`;
      state.cards[id] = newCardInstance({ id, def: def.id, owner: player, zone, enteredTurn: zone === this.engine.rules.zones.battlefield ? state.turn - 1 : 0, isToken: def.isToken });
      (p.zones[zone] ??= []).push(id);
      return `${def.name} put into ${player}'s ${zone}`;
    });
  }

  /** Sandbox: a player's life, a resource or a counter set to a value; or a card's counter. */
  setValue(target: { player: PlayerId; card?: string }, what: string, value: number): string | undefined {
    if (!Number.isFinite(value)) return `"${value}" is not a number`;
    return this.sandbox(`${target.card ? `"${this.cardName(target.card)}"` : target.player}: ${what} ${value}`, target.player, (state) => {
      if (target.card) {
        const card = state.cards[target.card];
        if (!card) return { error: `no card ${target.card}` };
        card.counters[what] = value;
        return `${this.cardName(target.card)} has ${value} ${what} counter(s)`;
      }
      const p = state.players[target.player];
      if (!p) return { error: `no player ${target.player}` };
      if (what === "life") p.life = value;
      else if (what in p.resources) p.resources[what] = value;
      else p.counters[what] = value;
      return `${target.player}'s ${what} set to ${value}`;
    });
  }

  /**
   * Sandbox: passes the turn — the engine's own moves (ending phases, passing) are applied for
   * whoever decides until the other player's turn begins, so every trigger on the way still runs.
   * Stops at a choice that is not a pass (the designer answers it).
   */
  passTurn(): string | undefined {
    const turn = this.state.turn;
    for (let i = 0; i < 200 && this.state.turn === turn && !this.state.over; i++) {
      const move = this.legalActions().find((a) => a.type === "end_phase") ?? this.legalActions().find((a) => a.type === "pass");
      if (!move) return this.state.pending ? `${this.state.pending.player} must choose first: ${this.state.pending.prompt}` : "no way to end the phase here";
      const refused = this.apply(move);
      if (refused) return refused;
    }
    return undefined;
  }

  /** The text of a noted trigger waiting to be ordered (for the trigger-order choice). */
  triggerLabel(id: number): string {
    const noted = this.state.noted.find((n) => n.id === id);
    if (!noted) return `trigger #${id}`;
    const ability = this.engine.rules.abilities.get(noted.ability);
    const card = noted.card ? this.cardName(noted.card) : "rule";
    return `${card}: ${ability?.text ?? noted.ability}`;
  }

  cardName(id: string | undefined): string {
    if (!id) return "";
    const instance = this.state.cards[id] ?? this.history.findLast((h) => h.state.cards[id])?.state.cards[id];
    return instance ? (this.engine.rules.cards.get(instance.def)?.name ?? instance.def) : id;
  }

  private boards: { history: HistoryEntry[]; boards: EventBoards } | undefined;

  /**
   * The board right after event `index` of the whole history (./event-boards.ts: a step is
   * replayed with a state per event when first asked).
   */
  boardAt(index: number): BoardAtEvent | undefined {
    if (this.boards?.history !== this.history) {
      const segments: StepSegment[] = [];
      const events: TraceEvent[] = [];
      this.history.forEach((entry, step) => {
        const before = step === 0 ? entry.state : this.history[step - 1]!.state;
        segments.push({ eventStart: events.length, eventEnd: events.length + entry.events.length, before, after: entry.state, ...(entry.action ? { action: entry.action } : {}) });
        events.push(...entry.events);
      });
      this.boards = { history: this.history, boards: new EventBoards(this.engine, events, segments) };
    }
    return this.boards.boards.at(index);
  }

  /** Every event up to and including the cursor's step, in order. */
  eventsSoFar(): { event: TraceEvent; step: number }[] {
    return this.history.slice(0, this.cursor + 1).flatMap((h, step) => h.events.map((event) => ({ event, step })));
  }
}

/** A readable name for a choice option: a card instance, a player, or a rule's "card:amount" option. */
export function describeOption(session: TableSession, option: string): string {
  if (session.state.cards[option]) return `"${session.cardName(option)}"`;
  const amount = /^(c\d+):(\d+)$/.exec(option);
  if (amount && session.state.cards[amount[1]!]) return `"${session.cardName(amount[1])}" (${amount[2]})`;
  return option;
}

/** What a payment spends, in words: "discarding "A", exhausting "Land", X = 2". */
function describePayment(session: TableSession, payment: unknown): string {
  if (!payment || typeof payment !== "object") return "";
  const p = payment as { discard?: string[]; erase?: string[]; sacrifice?: string[]; lands?: string[]; x?: number };
  const names = (ids: string[] | undefined) => (ids ?? []).map((id) => `"${session.cardName(id)}"`).join(", ");
  return [
    p.x !== undefined ? `X = ${p.x}` : "",
    p.lands?.length ? `exhausting ${names(p.lands)}` : "",
    p.discard?.length ? `discarding ${names(p.discard)}` : "",
    p.erase?.length ? `erasing ${names(p.erase)}` : "",
    p.sacrifice?.length ? `sacrificing ${names(p.sacrifice)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** A readable label for an action: card ids become card names, choices their option's text. */
export function describeAction(session: TableSession, action: Action): string {
  const a = action as Action & Record<string, unknown>;
  const name = (id: unknown) => (typeof id === "string" ? `"${session.cardName(id)}"` : "");
  const target = (t: unknown): string => {
    if (t === undefined || t === null) return "";
    if (typeof t === "string") return describeOption(session, t);
    if (typeof t === "object") {
      const v = t as Record<string, unknown>;
      if (typeof v.card === "string") return name(v.card);
      if (typeof v.player === "string") return v.player;
    }
    return JSON.stringify(t);
  };
  const targets = Array.isArray(a.targets) && a.targets.length ? " → " + a.targets.map(target).join(", ") : "";
  const paying = describePayment(session, a.payment);
  const payment = paying ? `, ${paying}` : "";
  const pending = session.state.pending;
  // A "Choose one —" cast with its mode: the mode's text.
  const modeOf = (ability: Ability | undefined) => {
    const step = ability?.steps[0];
    return typeof a.mode === "number" && step?.op === "choose_one" ? `: ${step.modes[a.mode]?.text ?? `mode ${a.mode + 1}`}` : "";
  };
  switch (action.type) {
    case "play": {
      const card = session.state.cards[action.card];
      const def = card ? session.engine.rules.cards.get(card.def) : undefined;
      return `${a.player} plays ${name(a.card)}${modeOf(def?.abilities.find((ab) => ab.kind === "spell" && ab.steps[0]?.op === "choose_one"))}${targets}${payment}`;
    }
    case "activate": {
      const ability = typeof a.ability === "string" ? session.engine.rules.abilities.get(a.ability) : undefined;
      return `${a.player} activates ${name(a.card)}${ability ? ` (${ability.text})` : ""}${modeOf(ability)}${targets}${payment}`;
    }
    case "attack":
      return `${a.player} attacks ${target(a.target)} with ${name(a.attacker)}`;
    case "defend":
      return `${a.player} defends with ${name(a.card)}`;
    case "choose": {
      const parts = [
        Array.isArray(a.cards) ? a.cards.map((c) => target(c)).join(", ") || "nothing" : "",
        a.target !== undefined ? target(a.target) : "",
        typeof a.yes === "boolean" ? (a.yes ? "yes" : "no") : "",
        typeof a.mode === "number" ? (pending?.kind === "mode" ? (pending.modes[a.mode] ?? `option ${a.mode + 1}`) : `option ${a.mode + 1}`) : "",
        typeof a.trigger === "number" ? `${session.triggerLabel(a.trigger)} first` : "",
      ].filter(Boolean);
      return `${a.player} chooses ${parts.join(" ")}`;
    }
    case "pass":
      return `${a.player} passes`;
    case "end_phase":
      return `${a.player} ends the phase`;
    case "game": {
      const move = a as unknown as { player: string; move: string; card?: string; other?: string; target?: unknown; color?: string };
      return [
        `${move.player} ${move.move.replace(/_/g, " ")}`,
        move.card ? name(move.card) : "",
        move.other ? `replacing ${name(move.other)}` : "",
        move.target !== undefined ? `→ ${target(move.target)}` : "",
        move.color ? `as ${move.color}` : "",
      ]
        .filter(Boolean)
        .join(" ");
    }
    default: {
      const { type, player, ...rest } = a;
      const detail = Object.entries(rest)
        .map(([k, v]) => `${k} ${typeof v === "string" && session.state.cards[v] ? name(v) : JSON.stringify(v)}`)
        .join(", ");
      return `${String(player ?? "")} ${String(type)}${detail ? ` (${detail})` : ""}`.trim();
    }
  }
}

/**
 * The legal actions as the table offers them: one per distinct label (two copies of a card, or
 * paying with either of two identical cards, are the same choice to the designer), grouped.
 */
export function offeredActions(session: TableSession): { group: string; label: string; action: Action }[] {
  const seen = new Set<string>();
  const out: { group: string; label: string; action: Action }[] = [];
  for (const action of session.legalActions()) {
    const label = describeAction(session, action);
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ group: groupOf(action), label, action });
  }
  return out;
}

const GROUPS = ["Play", "Activate", "Attack", "Moves", "Choose", "Turn"] as const;

function groupOf(action: Action): (typeof GROUPS)[number] {
  switch (action.type) {
    case "play":
      return "Play";
    case "activate":
      return "Activate";
    case "attack":
    case "defend":
      return "Attack";
    case "game":
      return (action as { move?: string }).move === "attack" ? "Attack" : "Moves";
    case "choose":
      return "Choose";
    default:
      return "Turn";
  }
}

export const ACTION_GROUPS: readonly string[] = GROUPS;
