/**
 * A sandbox game in the studio: the engine's pure functions over JSON states, with every
 * state kept so the designer can step back and forth (time travel) and branch from any
 * earlier point. The engine and the lowering run here, in the page, loaded on first use.
 */
import type { SourceFile } from "../../../compiler/model.ts";
import type { Action, Engine, GameState, PlayerId, TraceEvent } from "../../../runtime/index.ts";

export interface HistoryEntry {
  state: GameState;
  /** Events the action produced (the first entry holds the setup events). */
  events: TraceEvent[];
  action?: Action;
  label: string;
}

export type Seat = "human" | "bot";

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

  /** Lowers the workspace's files, picks the game, deals random legal decks from its cards. */
  static async start(files: SourceFile[], gameId: string, seed: number): Promise<TableSession> {
    const [{ lowerWorkspace }, { createEngine }, { randomDeck }, { mechanicsOf }] = await Promise.all([
      import("../../../compiler/lower.ts"),
      import("../../../runtime/index.ts"),
      import("../../../runtime/simulate.ts"),
      import("../../../runtime/mechanics.ts"),
    ]);
    const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
    const bundle = lowered.bundles.find((b) => b.game.id.toLowerCase() === gameId.toLowerCase());
    if (!bundle) {
      const errors = lowered.diagnostics.filter((d) => d.severity === "error").length;
      throw new Error(`The game "${gameId}" could not be compiled${errors ? ` (${errors} errors in the workspace — see Problems)` : ""}.`);
    }
    const engine = createEngine(bundle);
    const deckFor = (s: number) => mechanicsOf(engine.rules).reduce((deck, m) => m.randomDeck?.(engine.rules, s, deck) ?? deck, randomDeck(engine, s));
    const start = engine.newGame({ seed, decks: { p1: deckFor(seed * 2 + 1), p2: deckFor(seed * 2 + 2) } });
    return new TableSession(engine, start, seed);
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

  cardName(id: string | undefined): string {
    if (!id) return "";
    const instance = this.state.cards[id] ?? this.history.findLast((h) => h.state.cards[id])?.state.cards[id];
    return instance ? (this.engine.rules.cards.get(instance.def)?.name ?? instance.def) : id;
  }

  /** Every event up to and including the cursor's step, in order. */
  eventsSoFar(): { event: TraceEvent; step: number }[] {
    return this.history.slice(0, this.cursor + 1).flatMap((h, step) => h.events.map((event) => ({ event, step })));
  }
}

/** A readable label for an action: card ids become card names. */
export function describeAction(session: TableSession, action: Action): string {
  const a = action as Action & Record<string, unknown>;
  const name = (id: unknown) => (typeof id === "string" ? `"${session.cardName(id)}"` : "");
  const target = (t: unknown): string => {
    if (t === undefined || t === null) return "";
    if (typeof t === "string") return t.startsWith("c") && session.state.cards[t] ? name(t) : t;
    if (typeof t === "object") {
      const v = t as Record<string, unknown>;
      if (typeof v.card === "string") return name(v.card);
      if (typeof v.player === "string") return v.player;
    }
    return JSON.stringify(t);
  };
  switch (action.type) {
    case "play":
      return `${a.player} plays ${name(a.card)}${Array.isArray(a.targets) && a.targets.length ? " → " + a.targets.map(target).join(", ") : ""}`;
    case "activate":
      return `${a.player} activates ${name(a.card)}${Array.isArray(a.targets) && a.targets.length ? " → " + a.targets.map(target).join(", ") : ""}`;
    case "attack":
      return `${a.player} attacks ${target(a.target)} with ${name(a.attacker)}`;
    case "defend":
      return `${a.player} defends with ${name(a.card)}`;
    case "choose": {
      const parts = [
        Array.isArray(a.cards) ? a.cards.map((c) => target(c)).join(", ") || "nothing" : "",
        a.target !== undefined ? target(a.target) : "",
        typeof a.yes === "boolean" ? (a.yes ? "yes" : "no") : "",
        typeof a.mode === "number" ? `mode ${a.mode + 1}` : "",
        typeof a.trigger === "number" ? `trigger #${a.trigger}` : "",
      ].filter(Boolean);
      return `${a.player} chooses ${parts.join(" ")}`;
    }
    case "pass":
      return `${a.player} passes`;
    case "end_phase":
      return `${a.player} ends the phase`;
    default: {
      const { type, player, ...rest } = a;
      const detail = Object.entries(rest)
        .map(([k, v]) => `${k} ${typeof v === "string" && session.state.cards[v] ? name(v) : JSON.stringify(v)}`)
        .join(", ");
      return `${String(player ?? "")} ${String(type)}${detail ? ` (${detail})` : ""}`.trim();
    }
  }
}
