import { useMemo, useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { Action, PlayerId } from "../../../runtime/index.ts";
import { describeAction, TableSession, type Seat } from "./session.ts";
import { SourceLink } from "./SourceLink.tsx";
import { CardFace } from "../components/CardFace.tsx";

/**
 * The sandbox table: start a game of any checked game from random legal decks, play both
 * sides (hot-seat) or let a bot take the second seat, and travel through the game's
 * history; every stack item and log line with a source opens its card text in the editor.
 */
export function TableView({ store, onReveal, initial }: { store: WorkspaceStore; onReveal: (file: string, offset: number) => void; initial?: TableSession }) {
  const games = store.model?.games ?? [];
  const [chosenGame, setGameId] = useState<string | undefined>(undefined);
  // Until the designer picks one: the game of the open file, else the first (the model may arrive after this view).
  const gameId = chosenGame ?? store.gameFor(store.activePath)?.id ?? games[0]?.id ?? "";
  const [seed, setSeed] = useState(1);
  const [seat2, setSeat2] = useState<Seat>("bot");
  const [session, setSession] = useState<TableSession | undefined>(initial);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState("");
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const hoveredCard = hovered ? store.model?.sets.flatMap((set) => set.cards).find((c) => c.name === hovered && c.game.toLowerCase() === gameId.toLowerCase()) : undefined;
  const [, setRevision] = useState(0);
  const refresh = () => setRevision((r) => r + 1);

  const seatOf = (player: PlayerId | null): Seat => (player === "p2" ? seat2 : "human");

  /** Lets the bot answer for its seat until a human must decide (bounded, so a looping game cannot hang the page). */
  const runBot = (s: TableSession) => {
    for (let i = 0; i < 500 && !s.state.over && seatOf(s.decider()) === "bot"; i++) {
      const action = s.botAction();
      if (!action) break;
      const refused = s.apply(action);
      if (refused) {
        setMessage(`The bot's move was refused: ${refused}`);
        break;
      }
    }
  };

  const start = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const s = await TableSession.start(store.sourceFiles(), gameId, seed);
      runBot(s);
      setSession(s);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const act = (action: Action) => {
    if (!session) return;
    const refused = session.apply(action);
    setMessage(refused);
    if (!refused) runBot(session);
    refresh();
  };

  const goTo = (index: number) => {
    if (!session) return;
    session.cursor = Math.max(0, Math.min(session.history.length - 1, index));
    refresh();
  };

  const legal = session ? session.legalActions() : [];
  const decider = session?.decider() ?? null;
  const events = useMemo(() => session?.eventsSoFar() ?? [], [session, session?.cursor, session?.history.length]);
  const needle = filter.trim().toLowerCase();
  const shownEvents = events.filter(({ event }) => !needle || `${event.kind} ${event.name ?? ""} ${event.text}`.toLowerCase().includes(needle));

  return (
    <div className="table-view" data-testid="table">
      <div className="table-bar">
        <label>
          Game{" "}
          <select aria-label="Game" value={gameId} onChange={(e) => setGameId(e.target.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed <input type="number" value={seed} onChange={(e) => setSeed(Number(e.target.value) || 0)} style={{ width: 70 }} />
        </label>
        <label>
          Player 2{" "}
          <select aria-label="Player 2 seat" value={seat2} onChange={(e) => setSeat2(e.target.value as Seat)}>
            <option value="bot">Bot</option>
            <option value="human">Hot-seat</option>
          </select>
        </label>
        <button type="button" onClick={() => void start()} disabled={busy || !gameId}>
          {busy ? "Starting…" : "New game"}
        </button>
        {session && (
          <span className="timeline">
            <button type="button" onClick={() => goTo(0)} title="First step">First</button>
            <button type="button" onClick={() => goTo(session.cursor - 1)} title="Step back" aria-label="Step back">◀</button>
            <input type="range" min={0} max={session.history.length - 1} value={session.cursor} onChange={(e) => goTo(Number(e.target.value))} aria-label="Timeline" />
            <button type="button" onClick={() => goTo(session.cursor + 1)} title="Step forward" aria-label="Step forward">▶</button>
            <button type="button" onClick={() => goTo(session.history.length - 1)} title="Latest step">Latest</button>
            <span className="muted">
              step {session.cursor} / {session.history.length - 1}: {session.current.label}
            </span>
          </span>
        )}
      </div>
      {message && <div className="notice" role="alert">{message}</div>}
      {!session ? (
        <p className="muted table-empty">Choose a game and start: both decks are random legal decks built from the game's cards.</p>
      ) : (
        <div className="table-body">
          <PlayerPanel session={session} player="p1" onReveal={onReveal} onHover={setHovered} />
          <section className="table-center">
            <div className="turn-line">
              Turn {session.state.turn} · {session.state.active} · {session.state.phase}
              {session.state.over ? ` · game over${session.state.winner ? `, ${session.state.winner} wins` : ""}` : decider ? ` · ${decider} to act` : ""}
            </div>
            {session.state.stack.length > 0 && (
              <div className="stack">
                <div className="panel-title">Stack (top first)</div>
                <ol>
                  {[...session.state.stack].reverse().map((item) => (
                    <li key={item.id} className={item.frame.source ? "linked" : ""} onClick={() => item.frame.source && onReveal(item.frame.source.file, item.frame.source.range.start.offset)}>
                      <strong>{item.kind}</strong> {item.frame.label} {item.frame.card ? `(${session.cardName(item.frame.card)})` : ""}
                    </li>
                  ))}
                </ol>
              </div>
            )}
            {hoveredCard && (
              <div className="table-hover-face">
                <CardFace card={hoveredCard} game={store.model?.games.find((g) => g.id === hoveredCard.game)} width={200} />
              </div>
            )}
            {session.state.pending && <div className="pending">{session.state.pending.player}: {session.state.pending.prompt}</div>}
            <div className="panel-title">Legal actions {decider ? `for ${decider}` : ""}</div>
            <div className="actions" data-testid="legal-actions">
              {session.cursor < session.history.length - 1 && <p className="muted">Acting here starts a new branch from this step.</p>}
              {legal.map((action, i) => (
                <button type="button" key={i} onClick={() => act(action)} disabled={seatOf(decider) === "bot"}>
                  {describeAction(session, action)}
                </button>
              ))}
              {seatOf(decider) === "bot" && !session.state.over && (
                <button type="button" onClick={() => { runBot(session); refresh(); }}>Let the bot move</button>
              )}
            </div>
          </section>
          <PlayerPanel session={session} player="p2" onReveal={onReveal} onHover={setHovered} />
          <section className="event-log">
            <div className="panel-title">
              Event log
              <input type="search" placeholder="Filter events" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </div>
            <ol data-testid="event-log">
              {shownEvents.map(({ event, step }) => (
                <li
                  key={event.seq + ":" + step}
                  className={step === session.cursor ? "current" : ""}
                  style={{ paddingLeft: 8 + (event.depth ?? 0) * 14 }}
                  onClick={() => goTo(step)}
                  title={`step ${step}`}
                >
                  <span className="kind">{event.kind}</span> {event.text}
                  {event.source && <SourceLink source={event.source} onReveal={onReveal} />}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </div>
  );
}

function PlayerPanel({ session, player, onReveal, onHover }: { session: TableSession; player: PlayerId; onReveal: (file: string, offset: number) => void; onHover: (name: string | undefined) => void }) {
  const p = session.state.players[player];
  if (!p) return null;
  const rules = session.engine.rules;
  const resources = Object.entries(p.resources).map(([k, v]) => `${k} ${v}`);
  const counters = Object.entries(p.counters).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`);
  return (
    <section className={"player-panel " + player} data-testid={`player-${player}`}>
      <div className="panel-title">
        {player}
        {session.state.active === player ? " (active)" : ""} · life {p.life}
      </div>
      {(resources.length > 0 || counters.length > 0) && <div className="player-line">{[...resources, ...counters].join(" · ")}</div>}
      {Object.entries(p.zones)
        .filter(([zone, ids]) => !zone.startsWith("(") || ids.length > 0)
        .map(([zone, ids]) => (
          <div key={zone} className="zone">
            <div className="zone-name">
              {zone} ({ids.length})
            </div>
            {zone !== rules.zones.deck && (
              <div className="zone-cards">
                {ids.map((id) => {
                  const card = session.state.cards[id];
                  const def = card ? rules.cards.get(card.def) : undefined;
                  const counters = card ? Object.entries(card.counters).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`) : [];
                  return (
                    <span
                      key={id}
                      className={"card-chip" + (card?.exhausted ? " exhausted" : "")}
                      title={def ? `${def.name} — ${def.cardType}` : id}
                      onClick={() => def && onReveal(def.source.file, def.source.range.start.offset)}
                      onMouseEnter={() => onHover(def?.name)}
                      onMouseLeave={() => onHover(undefined)}
                    >
                      {def?.name ?? id}
                      {counters.length ? ` [${counters.join(", ")}]` : ""}
                      {card?.exhausted ? " ⟲" : ""}
                    </span>
                  );
                })}
              </div>
            )}
          </div>
        ))}
    </section>
  );
}
