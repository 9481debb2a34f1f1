import { useEffect, useMemo, useRef, useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { Action, Engine, PlayerId } from "../../../runtime/index.ts";
import type { CardModel } from "../../../compiler/model.ts";
import { ACTION_GROUPS, DeckError, describeAction, describeOption, offeredActions, TableSession, type DeckChoice, type Seat } from "./session.ts";
import { SourceLink, type RevealSource } from "./SourceLink.tsx";
import { CardFace } from "../components/CardFace.tsx";
import { countsOf, deckCardNames, deckCards, formatDeck, gameOfDeckPath, parseDeck, DECK_EXTENSION } from "../../../compiler/decklist.ts";
import { buildChains } from "./chains.ts";
import { ChainTreeView } from "./ChainTree.tsx";
import { StackList } from "./StackList.tsx";
import { stackOf } from "./event-boards.ts";
import "./table.css";

const SEATS = ["p1", "p2"] as const;
const RANDOM = "";

/**
 * The sandbox table: start a game of any checked game from chosen decks (deck files of the
 * workspace, or random legal decks), play both sides (hot-seat) or let a bot take the second
 * seat, answer every choice the engine asks, and travel through the game's history; every stack
 * item, chain node and log line with a source opens its card text in the editor.
 */
export function TableView({ store, onReveal, initial, cursorCard }: { store: WorkspaceStore; onReveal: RevealSource; initial?: TableSession; cursorCard?: string }) {
  const games = store.model?.games ?? [];
  const [chosenGame, setGameId] = useState<string | undefined>(undefined);
  // Until the designer picks one: the game of the open file (a deck's folder counts), else the first (the model may arrive after this view).
  const gameFolders = useMemo(() => new Map(games.map((g) => [g.file.split("/").slice(0, -1).join("/"), g.id])), [games]);
  const activeGame = store.activePath?.endsWith(DECK_EXTENSION) ? gameOfDeckPath(store.activePath, gameFolders) : store.gameFor(store.activePath)?.id;
  const gameId = chosenGame ?? initial?.engine.rules.game.id ?? activeGame ?? games[0]?.id ?? "";
  const [seed, setSeed] = useState(1);
  // A board opened from a scenario is for trying both sides' moves: hot-seat; a new game defaults to a bot opponent.
  const [seat2, setSeat2] = useState<Seat>(initial ? "human" : "bot");
  const [deckPaths, setDeckPaths] = useState<Record<PlayerId, string>>({ p1: RANDOM, p2: RANDOM });
  const [session, setSession] = useState<TableSession | undefined>(initial);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState("");
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const [builderOpen, setBuilderOpen] = useState(false);
  const [, setRevision] = useState(0);
  /** An event inside the step at the cursor ("what it triggered", one event at a time); undefined: the whole step. */
  const [eventAt, setEventAt] = useState<number | undefined>(undefined);

  const refresh = () => setRevision((r) => r + 1);

  const gameCards = useMemo(
    () => (store.model?.sets ?? []).filter((s) => s.game.toLowerCase() === gameId.toLowerCase()).flatMap((s) => s.cards).filter((c) => !c.isToken),
    [store.model, gameId],
  );
  const cardByName = (name: string | undefined) => (name ? gameCards.find((c) => c.name.toLowerCase() === name.toLowerCase()) : undefined);
  const hoveredCard = cardByName(hovered);
  const gameModel = games.find((g) => g.id.toLowerCase() === gameId.toLowerCase());

  /** The workspace's deck files of this game, with their parse result (names against the game's cards). */
  const decks = [...store.files.values()]
    .filter((f) => f.kind === "deck" && gameOfDeckPath(f.path, gameFolders)?.toLowerCase() === gameId.toLowerCase())
    .map((f) => ({ path: f.path, parsed: parseDeck(f.model.getValue(), f.path, store.model ? deckCardNames(store.model, gameId) : []) }));

  // The engine of the chosen game, compiled from the editor's text once per check result (deck legality, starting).
  const engineCache = useRef<{ key: unknown; game: string; engine: Promise<Engine> } | undefined>(undefined);
  const engineFor = (game: string): Promise<Engine> => {
    const cached = engineCache.current;
    if (cached && cached.key === store.model && cached.game === game) return cached.engine;
    const engine = TableSession.compile(store.sourceFiles(), game);
    engineCache.current = { key: store.model, game, engine };
    engine.catch(() => (engineCache.current = undefined));
    return engine;
  };

  /** The game's scenarios (file and name, read from their headers): the table can start from any one's setup. */
  const scenarios = [...store.files.values()]
    .filter((f) => f.kind === "scenario")
    .flatMap((f) => [...f.model.getValue().matchAll(/^\s*scenario\s+"([^"]+)"\s+for\s+(\S+)/gm)].filter((m) => m[2]!.toLowerCase() === gameId.toLowerCase()).map((m) => ({ file: f.path, name: m[1]! })));

  const startFromScenario = async (key: string) => {
    const chosen = scenarios[Number(key)];
    if (!chosen) return;
    setBusy(true);
    setMessage(undefined);
    setProblems([]);
    try {
      const { runScenarios } = await import("./scenarios.ts");
      const run = (await runScenarios(store.sourceFiles(), chosen.file)).find((r) => r.name === chosen.name);
      if (!run?.setup) throw new Error(`The setup of "${chosen.name}" could not be built: ${run?.failures.map((f) => `${f.file}:${f.line} ${f.message}`).join("; ") || "no such scenario"}`);
      setSeat2("human");
      setEventAt(undefined);
      setSession(TableSession.from(run.setup.engine, run.setup.state, run.setup.events, `Setup of "${run.name}"`));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

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

  const deckChoice = (player: PlayerId): DeckChoice => {
    const path = deckPaths[player];
    const deck = path ? decks.find((d) => d.path === path) : undefined;
    if (!path || !deck) return { kind: "random" };
    return { kind: "list", name: path.split("/").pop()!, cards: deckCards(deck.parsed.entries) };
  };

  const start = async () => {
    setBusy(true);
    setMessage(undefined);
    setProblems([]);
    try {
      const unreadable = SEATS.flatMap((p) => {
        const deck = decks.find((d) => d.path === deckPaths[p]);
        return deck ? deck.parsed.diagnostics.map((d) => `${p}'s deck ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}${d.suggestion ? ` Did you mean "${d.suggestion}"?` : ""}`) : [];
      });
      if (unreadable.length) throw new DeckError(unreadable);
      const engine = await engineFor(gameId);
      const s = await TableSession.start(engine, seed, { p1: deckChoice("p1"), p2: deckChoice("p2") });
      runBot(s);
      setEventAt(undefined);
      setSession(s);
    } catch (error) {
      if (error instanceof DeckError) {
        setMessage("The game was not started: a chosen deck is not legal.");
        setProblems(error.problems);
      } else setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const act = (action: Action) => {
    if (!session) return;
    setHovered(undefined); // the hovered button may vanish with this action, and with it its mouseleave
    setEventAt(undefined); // a move is made at the end of a step: back to the whole step
    const refused = session.apply(action);
    setMessage(refused);
    if (!refused) runBot(session);
    refresh();
  };


  const goTo = (index: number) => {
    if (!session) return;
    session.cursor = Math.max(0, Math.min(session.history.length - 1, index));
    setEventAt(undefined);
    refresh();
  };

  /** One event forward or back, across steps: the board is the one after the event's step. */
  const stepEvent = (delta: 1 | -1) => {
    if (!session) return;
    const all = session.history.flatMap((h, step) => h.events.map(() => step));
    if (all.length === 0) return;
    const lastOfStep = all.lastIndexOf(session.cursor);
    const next = Math.max(0, Math.min(all.length - 1, (eventAt ?? (lastOfStep >= 0 ? lastOfStep : 0)) + delta));
    session.cursor = all[next]!;
    setEventAt(next);
    refresh();
  };

  const decider = session?.decider() ?? null;
  const offered = session ? offeredActions(session) : [];
  const events = useMemo(() => session?.eventsSoFar() ?? [], [session, session?.cursor, session?.history.length]);
  const needle = filter.trim().toLowerCase();
  const shownEvents = events.map((e, index) => ({ ...e, index })).filter(({ event }) => !needle || `${event.kind} ${event.name ?? ""} ${event.text}`.toLowerCase().includes(needle));
  // The trigger chains the current step took part in (a chain may begin in an earlier step and wait for a choice).
  // Stepping event by event, the chains grow up to that event.
  const chains = useMemo(() => {
    if (!session) return [];
    const first = events.findIndex(({ step }) => step === session.cursor);
    const upTo = eventAt !== undefined ? eventAt + 1 : events.length;
    return first < 0 ? [] : buildChains(events.slice(0, upTo).map(({ event }) => event)).filter((c) => c.endIndex === undefined || c.endIndex >= first);
  }, [events, session, eventAt]);
  const bot = seatOf(decider) === "bot";
  // At an event inside a step (not its last) the board is the one right after that event (the step
  // replayed with a state per event); no one decides there, so the actions wait for the step's end.
  const lastOfCursorStep = session ? events.map(({ step }) => step).lastIndexOf(session.cursor) : -1;
  const insideStep = eventAt !== undefined && eventAt !== lastOfCursorStep;
  const atEvent = session && insideStep ? session.boardAt(eventAt) : undefined;
  const view = session && atEvent ? TableSession.from(session.engine, atEvent.state, [], "") : session;
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // Stepping event by event: the highlighted line is kept in view; otherwise the log follows the latest event.
    if (eventAt !== undefined) log.querySelector("li.at-event")?.scrollIntoView({ block: "nearest" });
    else ([...log.querySelectorAll("li.current")].at(-1) ?? log.lastElementChild)?.scrollIntoView({ block: "nearest" });
  }, [eventAt, session, session?.cursor, session?.history.length, filter]);

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
          Seed <input type="number" aria-label="Seed" value={seed} onChange={(e) => setSeed(Number(e.target.value) || 0)} style={{ width: 70 }} />
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
        <button type="button" aria-pressed={builderOpen} onClick={() => setBuilderOpen((o) => !o)}>
          Deck builder
        </button>
        {session && (
          <span className="timeline">
            <button type="button" onClick={() => goTo(0)} title="First step">First</button>
            <button type="button" onClick={() => goTo(session.cursor - 1)} title="Step back" aria-label="Step back">◀</button>
            <input type="range" min={0} max={session.history.length - 1} value={session.cursor} onChange={(e) => goTo(Number(e.target.value))} aria-label="Timeline" />
            <button type="button" onClick={() => goTo(session.cursor + 1)} title="Step forward" aria-label="Step forward">▶</button>
            <button type="button" onClick={() => goTo(session.history.length - 1)} title="Latest step">Latest</button>
            <button type="button" onClick={() => stepEvent(-1)} title="One event back (what the step triggered, one at a time)" aria-label="Previous event">◀ event</button>
            <button type="button" onClick={() => stepEvent(1)} title="One event forward" aria-label="Next event">event ▶</button>
            <span className="muted">
              step {session.cursor} / {session.history.length - 1}: {session.current.label}
            </span>

          </span>
        )}
        {session && eventAt !== undefined && events[eventAt] && (
          <span className="event-at" data-testid="event-at">
            event {eventAt + 1}: {events[eventAt]!.event.text}
          </span>
        )}
      </div>
      <div className="deck-bar" data-testid="deck-choice">
        {SEATS.map((player) => {
          const deck = decks.find((d) => d.path === deckPaths[player]);
          const count = deck ? deckCards(deck.parsed.entries).length : 0;
          return (
            <div key={player} className="deck-seat">
              <label>
                {player}'s deck{" "}
                <select aria-label={`${player} deck`} value={deck ? deck.path : RANDOM} onChange={(e) => setDeckPaths((old) => ({ ...old, [player]: e.target.value }))}>
                  <option value={RANDOM}>Random legal deck</option>
                  {decks.map((d) => (
                    <option key={d.path} value={d.path}>
                      {d.path.split("/").pop()}
                    </option>
                  ))}
                </select>
              </label>
              {deck && (
                <span className={"deck-status" + (deck.parsed.diagnostics.length ? " bad" : "")}>
                  {deck.parsed.diagnostics.length ? (
                    <ul>
                      {deck.parsed.diagnostics.map((d, i) => (
                        <li key={i} className="linked" onClick={() => onReveal(d.file, d.range.start.offset, d.range.end.offset)}>
                          {d.range.start.line}:{d.range.start.column} {d.message}
                          {d.suggestion ? ` Did you mean "${d.suggestion}"?` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    `${count} cards`
                  )}
                </span>
              )}
            </div>
          );
        })}
        <label className="deck-seat">
          or a scenario's board{" "}
          <select aria-label="Start from a scenario" value="" disabled={busy} onChange={(e) => void startFromScenario(e.target.value)}>
            <option value="">Start from a scenario's setup…</option>
            {scenarios.map((sc, i) => (
              <option key={i} value={i}>
                {sc.file.split("/").pop()} › {sc.name}
              </option>
            ))}
          </select>
        </label>
        {problems.length > 0 && (
          <div className="deck-status bad" role="alert" data-testid="deck-problems">
            Not legal:
            <ul>
              {problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {builderOpen && (
        <DeckBuilder
          key={gameId}
          store={store}
          gameId={gameId}
          gameCards={gameCards}
          decks={decks}
          cursorCard={cardByName(cursorCard)?.name}
          engineFor={engineFor}
          onHover={setHovered}
          onSaved={(path, player) => {
            setGameId(gameId);
            if (player) setDeckPaths((old) => ({ ...old, [player]: path }));
          }}
        />
      )}
      {message && <div className="notice" role="alert">{message}</div>}
      {session && !session.state.over && <SandboxBar session={session} onDone={(error) => { setMessage(error); refresh(); }} />}
      {!session ? (
        <p className="muted table-empty">Choose each player's deck (a deck file, or a random legal deck built from the game's cards) and start a new game.</p>
      ) : (
        <div className={"table-body" + (insideStep ? " at-event" : "")}>
          <PlayerPanel session={view!} player="p1" onReveal={onReveal} onHover={setHovered} />
          <section className="table-center">
            {insideStep && (
              <div className="board-note" data-testid="board-note" role="status">
                Board at event {eventAt! + 1}, inside step {session.cursor}{atEvent && !atEvent.exact ? " (after the whole step: its replay differed)" : ""} — step to the end of the step to act
              </div>
            )}
            <div className="turn-line">
              Turn {view!.state.turn} · {view!.state.active} · {view!.state.phase}
              {view!.state.over ? ` · game over${view!.state.winner ? `, ${view!.state.winner} wins` : ""}` : decider && !insideStep ? ` · ${decider} to act` : ""}
            </div>
            {view!.state.stack.length > 0 && <StackList entries={stackOf(session.engine, view!.state)} onReveal={onReveal} testId="table-stack" />}
            {hoveredCard && (
              <div className="table-hover-face">
                <CardFace card={hoveredCard} game={gameModel} width={200} />
              </div>
            )}
            <div className="panel-title">{session.state.pending ? `${session.state.pending.player} must choose` : `Legal actions ${decider ? `for ${decider}` : ""}`}</div>
            <div className="actions" data-testid="legal-actions" hidden={insideStep}>
              {session.cursor < session.history.length - 1 && <p className="muted">Acting here starts a new branch from this step.</p>}
              {session.state.pending ? (
                <ChoicePanel key={`${session.cursor}:${session.history.length}`} session={session} disabled={bot} onChoose={act} onHover={setHovered} />
              ) : (
                ACTION_GROUPS.map((group) => {
                  const inGroup = offered.filter((o) => o.group === group);
                  if (inGroup.length === 0) return null;
                  return [
                    <div key={group} className="action-group">{group}</div>,
                    ...inGroup.map((o) => (
                      <button type="button" key={o.label} onClick={() => act(o.action)} disabled={bot}>
                        {o.label}
                      </button>
                    )),
                  ];
                })
              )}
              {!session.state.pending && !bot && <LandPicker key={`${session.cursor}:${session.history.length}`} session={session} onPlay={act} />}
              {bot && !session.state.over && (
                <button type="button" onClick={() => { runBot(session); refresh(); }}>Let the bot move</button>
              )}
            </div>
          </section>
          <PlayerPanel session={view!} player="p2" onReveal={onReveal} onHover={setHovered} />
          <div className="table-bottom">
          {chains.length > 0 && (
            <section className="table-chains">
              <div className="panel-title">Trigger chains of this step</div>
              <ChainTreeView chains={chains} cursor={Number.MAX_SAFE_INTEGER} onReveal={onReveal} />
            </section>
          )}
          <section className="event-log">
            <div className="panel-title">
              Event log
              <input type="search" placeholder="Filter events" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </div>
            <ol data-testid="event-log" ref={logRef}>
              {shownEvents.map(({ event, step, index }) => (
                <li
                  key={index}
                  className={(step === session.cursor ? "current" : "") + (eventAt === index ? " at-event" : eventAt !== undefined && step === session.cursor && index > eventAt ? " later" : "")}
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
        </div>
      )}
    </div>
  );
}

/**
 * The pending choice, asked in the UI: pick cards (checkboxes, then confirm), a target, yes or
 * no, one of several options (a spell's abilities, damage to assign, the deck to draw from), the
 * trigger that goes first, the defender. Every answer is an engine action, checked by the engine.
 */
function ChoicePanel({ session, disabled, onChoose, onHover }: { session: TableSession; disabled: boolean; onChoose: (action: Action) => void; onHover: (name: string | undefined) => void }) {
  const pending = session.state.pending!;
  const player = pending.player;
  const [picked, setPicked] = useState<string[]>(() => (pending.kind === "cards" ? pending.options.slice(0, pending.min) : []));
  const hover = (option: string) => ({
    onMouseEnter: () => onHover(session.state.cards[option.split(":")[0]!] ? session.cardName(option.split(":")[0]) : undefined),
    onMouseLeave: () => onHover(undefined),
  });
  const body = (() => {
    switch (pending.kind) {
      case "cards": {
        const ok = picked.length >= pending.min && picked.length <= pending.max;
        return (
          <>
            <span className="muted">{pending.min === pending.max ? `choose ${pending.min}` : `choose ${pending.min} to ${pending.max}`}</span>
            {pending.options.map((option) => (
              <label key={option} {...hover(option)}>
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={picked.includes(option)}
                  onChange={(e) => setPicked((old) => (e.target.checked ? [...old, option] : old.filter((o) => o !== option)))}
                />
                {describeOption(session, option)}
              </label>
            ))}
            <button type="button" disabled={disabled || !ok} onClick={() => onChoose({ type: "choose", player, cards: picked })}>
              {player} chooses {picked.length ? picked.map((o) => describeOption(session, o)).join(", ") : "nothing"}
            </button>
          </>
        );
      }
      case "targets":
        return pending.options.map((target, i) => {
          const label = "card" in target ? `"${session.cardName(target.card)}"` : target.player;
          return (
            <button key={i} type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, target })} {...hover("card" in target ? target.card : "")}>
              {player} chooses {label}
            </button>
          );
        });
      case "yes_no":
        return (
          <>
            <button type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, yes: true })}>{player} chooses yes</button>
            <button type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, yes: false })}>{player} chooses no</button>
          </>
        );
      case "mode":
        return pending.modes.map((mode, i) => (
          <button key={i} type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, mode: i })}>
            {player} chooses {mode}
          </button>
        ));
      case "order_triggers":
        return pending.triggers.map((trigger) => (
          <button key={trigger} type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, trigger })}>
            {player} chooses {session.triggerLabel(trigger)} first
          </button>
        ));
      case "defender":
        return pending.options.map((option) => (
          <button key={option} type="button" disabled={disabled} onClick={() => onChoose({ type: "choose", player, cards: [option] })} {...hover(option)}>
            {player} chooses {describeOption(session, option)}
          </button>
        ));
    }
  })();
  return (
    <div className="choice-panel" data-testid="choice" data-kind={pending.kind}>
      <span className="prompt">
        {player}: {pending.prompt}
      </span>
      {body}
    </div>
  );
}

/**
 * Paying with lands of one's own choosing: the legal actions list each distinct payment once
 * (lands that produce the same thing are interchangeable there), and the engine accepts any exact
 * set of lands, so the designer can tick the very lands to exhaust. A wrong set is refused by
 * the engine with its reason.
 */
function LandPicker({ session, onPlay }: { session: TableSession; onPlay: (action: Action) => void }) {
  const withLands = session
    .legalActions()
    .filter((a): a is Extract<Action, { type: "play" | "activate" }> => (a.type === "play" || a.type === "activate") && (a.payment?.lands?.length ?? 0) > 0);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(0);
  const [lands, setLands] = useState<string[]>([]);
  if (withLands.length === 0) return null;
  // One entry per card (and ability, and targets): the payment is what the picker replaces.
  const plays = [...new Map(withLands.map((a) => [JSON.stringify({ ...a, payment: { ...a.payment, lands: [] } }), a])).values()];
  const player = plays[0]!.player;
  const { rules } = session.engine;
  const candidates = (session.state.players[player]?.zones[rules.zones.battlefield] ?? []).filter((id) => {
    const card = session.state.cards[id];
    return card !== undefined && !card.exhausted && !card.overexhausted && (rules.cards.get(card.def)?.fields?.["produces"]?.length ?? 0) > 0;
  });
  const play = plays[Math.min(choice, plays.length - 1)]!;
  if (!open) {
    return (
      <button type="button" className="land-picker-open" onClick={() => setOpen(true)}>
        Choose the lands to pay with…
      </button>
    );
  }
  const label = (a: (typeof plays)[number]) => describeAction(session, { ...a, payment: { ...a.payment, lands: [] } });
  return (
    <div className="choice-panel land-picker" data-testid="land-picker">
      <span className="prompt">{player}: pay with the lands you choose</span>
      <select aria-label="Card to pay for" value={Math.min(choice, plays.length - 1)} onChange={(e) => setChoice(Number(e.target.value))}>
        {plays.map((a, i) => (
          <option key={i} value={i}>{label(a)}</option>
        ))}
      </select>
      {candidates.map((id) => (
        <label key={id}>
          <input type="checkbox" checked={lands.includes(id)} onChange={(e) => setLands((old) => (e.target.checked ? [...old, id] : old.filter((l) => l !== id)))} />
          {describeOption(session, id)}
        </label>
      ))}
      <button type="button" disabled={lands.length === 0} onClick={() => onPlay({ ...play, payment: { ...play.payment, lands } })}>
        {label(play)}, exhausting {lands.map((id) => describeOption(session, id)).join(", ") || "…"}
      </button>
      <button type="button" onClick={() => setOpen(false)}>Cancel</button>
    </div>
  );
}

/** Sandbox help for trying a card now: take a copy from the player's decks into their hand (undone by stepping back). */
function SandboxBar({ session, onDone }: { session: TableSession; onDone: (error: string | undefined) => void }) {
  const [player, setPlayer] = useState<PlayerId>("p1");
  const { rules } = session.engine;
  const inDecks = [
    ...new Set(
      Object.entries(session.state.players[player]?.zones ?? {})
        .filter(([zone]) => zone === rules.zones.deck || /deck/i.test(zone))
        .flatMap(([, ids]) => ids.map((id) => session.cardName(id))),
    ),
  ].sort();
  const [card, setCard] = useState("");
  const chosen = inDecks.includes(card) ? card : (inDecks[0] ?? "");
  return (
    <div className="sandbox-bar" data-testid="sandbox">
      <span className="muted">Sandbox:</span>
      take
      <select aria-label="Card to take into hand" value={chosen} onChange={(e) => setCard(e.target.value)}>
        {inDecks.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      from
      <select aria-label="Sandbox player" value={player} onChange={(e) => setPlayer(e.target.value)}>
        {SEATS.map((p) => (
          <option key={p} value={p}>
            {p}'s deck
          </option>
        ))}
      </select>
      <button type="button" disabled={!chosen} onClick={() => onDone(session.takeIntoHand(player, chosen))}>
        into the hand
      </button>
    </div>
  );
}

/**
 * A small deck builder: add cards from the game's card list or the card under the editor's
 * cursor, change counts, see the deck's legality (the engine's deck rules, every violation),
 * and save it as a `.deck` file in the game's `decks/` folder.
 */
function DeckBuilder({
  store,
  gameId,
  gameCards,
  decks,
  cursorCard,
  engineFor,
  onHover,
  onSaved,
}: {
  store: WorkspaceStore;
  gameId: string;
  gameCards: CardModel[];
  decks: { path: string; parsed: ReturnType<typeof parseDeck> }[];
  cursorCard: string | undefined;
  engineFor: (game: string) => Promise<Engine>;
  onHover: (name: string | undefined) => void;
  onSaved: (path: string, player?: PlayerId) => void;
}) {
  const [counts, setCounts] = useState<Map<string, number>>(() => new Map());
  const [search, setSearch] = useState("");
  const [faces, setFaces] = useState(false);
  const game = store.model?.games.find((g) => g.id === gameId);
  const [name, setName] = useState("my-deck");
  const [violations, setViolations] = useState<string[] | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const gameFolder = store.model?.games.find((g) => g.id === gameId)?.file.split("/").slice(0, -1).join("/") ?? gameId;
  const path = `${gameFolder ? gameFolder + "/" : ""}decks/${name.trim().replace(/\.deck$/, "")}${DECK_EXTENSION}`;

  useEffect(() => {
    let live = true;
    const cards = [...counts].flatMap(([card, n]) => Array.from({ length: n }, () => card));
    engineFor(gameId)
      .then((engine) => live && setViolations(engine.validateDeck(cards).map((v) => v.message)))
      .catch((error: unknown) => live && setViolations([error instanceof Error ? error.message : String(error)]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counts, gameId, store.model]);

  const change = (card: string, delta: number) =>
    setCounts((old) => {
      const next = new Map(old);
      const n = Math.max(0, (next.get(card) ?? 0) + delta);
      if (n === 0) next.delete(card);
      else next.set(card, n);
      return next;
    });

  const load = (deckPath: string) => {
    const deck = decks.find((d) => d.path === deckPath);
    if (!deck) return;
    setCounts(countsOf(deck.parsed.entries.filter((e) => gameCards.some((c) => c.name === e.name))));
    setName(deckPath.split("/").pop()!.replace(/\.deck$/, ""));
  };

  const save = async (player?: PlayerId) => {
    const text = formatDeck(counts, [`${name} — a ${gameId} deck saved from the studio's deck builder (${total} cards)`]);
    try {
      const existing = store.files.get(path);
      if (existing) {
        existing.model.setValue(text);
        await store.save(path);
      } else await store.create(path, text);
      setStatus(`Saved ${path}`);
      onSaved(path, player);
    } catch (error) {
      setStatus(`Not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const needle = search.trim().toLowerCase();
  const shown = gameCards.filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.type.toLowerCase().includes(needle));
  return (
    <div className="deck-builder" data-testid="deck-builder">
      <section>
        <div className="row">
          <input type="search" placeholder="Find a card" aria-label="Find a card" value={search} onChange={(e) => setSearch(e.target.value)} />
          <label>
            <input type="checkbox" checked={faces} onChange={(e) => setFaces(e.target.checked)} /> Faces (click one to add it)
          </label>
          {cursorCard && (
            <button type="button" onClick={() => change(cursorCard, 1)} title="The card under the cursor in the editor">
              + {cursorCard} (under the cursor)
            </button>
          )}
        </div>
        {faces ? (
          <div className="builder-gallery" aria-label="Cards of the game">
            {shown.map((card) => (
              <CardFace key={card.name} card={card} game={game} width={140} onClick={() => change(card.name, 1)} />
            ))}
          </div>
        ) : (
          <ul aria-label="Cards of the game">
            {shown.map((card) => (
              <li key={card.name} onMouseEnter={() => onHover(card.name)} onMouseLeave={() => onHover(undefined)}>
                <button type="button" aria-label={`Add ${card.name}`} onClick={() => change(card.name, 1)}>+</button>
                <span className="name">{card.name}</span>
                <span className="muted">{card.type}{card.rarity ? ` · ${card.rarity}` : ""}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <div className="row">
          <label>
            Load{" "}
            <select aria-label="Load a deck" value="" onChange={(e) => load(e.target.value)}>
              <option value="">…</option>
              {decks.map((d) => (
                <option key={d.path} value={d.path}>{d.path.split("/").pop()}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => setCounts(new Map())}>Clear</button>
        </div>
        <ul aria-label="Deck" data-testid="deck-entries">
          {[...counts].map(([card, n]) => (
            <li key={card} onMouseEnter={() => onHover(card)} onMouseLeave={() => onHover(undefined)}>
              <button type="button" aria-label={`One less ${card}`} onClick={() => change(card, -1)}>−</button>
              <span className="count">{n}</span>
              <button type="button" aria-label={`One more ${card}`} onClick={() => change(card, 1)}>+</button>
              <span className="name">{card}</span>
            </li>
          ))}
        </ul>
        <div className={"deck-status" + (violations?.length ? " bad" : "")} data-testid="deck-legality">
          {total} cards ·{" "}
          {violations === undefined ? "checking…" : violations.length === 0 ? "legal" : (
            <ul>
              {violations.map((v, i) => (
                <li key={i}>{v}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="row">
          <label>
            Save as <input aria-label="Deck name" value={name} onChange={(e) => setName(e.target.value)} style={{ width: 140 }} />
            {DECK_EXTENSION}
          </label>
          <button type="button" disabled={total === 0 || !name.trim()} onClick={() => void save()}>Save</button>
          <button type="button" disabled={total === 0 || !name.trim()} onClick={() => void save("p1")}>Save and use for p1</button>
          {status && <span className="muted" role="status">{status}</span>}
        </div>
      </section>
    </div>
  );
}

/** One player's side of a board: life, resources, zones (a deck shows its size only), each card linked to its text. */
export function PlayerPanel({ session, player, onReveal, onHover }: { session: TableSession; player: PlayerId; onReveal: RevealSource; onHover: (name: string | undefined) => void }) {
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
          <div key={zone} className="zone" data-zone={zone}>
            <div className="zone-name">
              {zone} ({ids.length})
            </div>
            {zone !== rules.zones.deck && !/deck/i.test(zone) && (
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
                      onClick={() => def && onReveal(def.source.file, def.source.range.start.offset, def.source.range.end.offset)}
                      onMouseEnter={() => onHover(def?.name)}
                      onMouseLeave={() => onHover(undefined)}
                    >
                      {def?.name ?? session.cardName(id)}
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
