import { useEffect, useMemo, useRef, useState } from "react";
import { useMachine } from "@xstate/react";
import { aimOf, sameTargetValue, tableMachine, tableStateName } from "./table-machine.ts";
import { VisualBoard, type BoardInteraction } from "./VisualBoard.tsx";
import type { TargetValue } from "../../../runtime/state/state.ts";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { Action, Engine, PlayerId } from "../../../runtime/index.ts";
import type { CardModel } from "../../../compiler/model.ts";
import { ACTION_GROUPS, DeckError, describeAction, describeOption, offeredActions, TableSession, type DeckChoice, type Seat } from "./session.ts";
import { SourceLink, type RevealSource } from "./SourceLink.tsx";
import { CardFace } from "../components/CardFace.tsx";
import { countsOf, deckCardNames, deckCards, formatDeck, gameOfDeckPath, parseDeck, DECK_EXTENSION } from "../../../compiler/decklist.ts";
import { buildChains, chainDepths } from "./chains.ts";
import { ChainTreeView } from "./ChainTree.tsx";
import { StackList } from "./StackList.tsx";
import { FlowView, resolvingOf, useLiveFlow } from "../flow/FlowView.tsx";
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
  // The session's flow (starting, a person deciding, a card picked and its targets, the bot's turn
  // move by move, time travel, game over) is an XState machine (./table-machine.ts).
  const [snapshot, send] = useMachine(tableMachine);
  // A board opened from a scenario is for trying both sides' moves: hot-seat; a new game defaults to a bot opponent.
  useEffect(() => {
    if (initial) send({ type: "LOAD", session: initial, seat2: "human" });
  }, [initial, send]);
  const { session, seat2, message, problems, eventAt, picked } = snapshot.context;
  const setSeat2 = (seat: Seat) => send({ type: "SEAT", seat });
  const busy = snapshot.matches("starting");
  const tableState = tableStateName(snapshot);
  const [deckPaths, setDeckPaths] = useState<Record<PlayerId, string>>({ p1: RANDOM, p2: RANDOM });
  const [filter, setFilter] = useState("");
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const [builderOpen, setBuilderOpen] = useState(false);
  const [boardMode, setBoardMode] = useState<"visual" | "list">(() => (new URLSearchParams(location.search).get("board") === "list" ? "list" : "visual"));
  const [showOpponentHand, setShowOpponentHand] = useState(false);
  const [flowShown, setFlowShown] = useState(false);

  const gameCards = useMemo(
    () => (store.model?.sets ?? []).filter((s) => s.game.toLowerCase() === gameId.toLowerCase()).flatMap((s) => s.cards).filter((c) => !c.isToken),
    [store.model, gameId],
  );
  const allGameCards = useMemo(() => (store.model?.sets ?? []).filter((s) => s.game.toLowerCase() === gameId.toLowerCase()).flatMap((s) => s.cards), [store.model, gameId]);
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

  const startFromScenario = (key: string) => {
    const chosen = scenarios[Number(key)];
    if (!chosen) return;
    setSeat2("human");
    send({
      type: "START",
      create: async () => {
        const { runScenarios } = await import("./scenarios.ts");
        const run = (await runScenarios(store.sourceFiles(), chosen.file)).find((r) => r.name === chosen.name);
        if (!run?.setup) throw new Error(`The setup of "${chosen.name}" could not be built: ${run?.failures.map((f) => `${f.file}:${f.line} ${f.message}`).join("; ") || "no such scenario"}`);
        return TableSession.from(run.setup.engine, run.setup.state, run.setup.events, `Setup of "${run.name}"`);
      },
    });
  };

  const seatOf = (player: PlayerId | null): Seat => (player === "p2" ? seat2 : "human");

  const deckChoice = (player: PlayerId): DeckChoice => {
    const path = deckPaths[player];
    const deck = path ? decks.find((d) => d.path === path) : undefined;
    if (!path || !deck) return { kind: "random" };
    return { kind: "list", name: path.split("/").pop()!, cards: deckCards(deck.parsed.entries) };
  };

  /** A new game; `fresh`: compiled from the editor's text now (the game file was just edited). */
  const start = ({ fresh = false }: { fresh?: boolean } = {}) => {
    if (fresh) engineCache.current = undefined;
    send({
      type: "START",
      create: async () => {
        const unreadable = SEATS.flatMap((p) => {
          const deck = decks.find((d) => d.path === deckPaths[p]);
          return deck ? deck.parsed.diagnostics.map((d) => `${p}'s deck ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}${d.suggestion ? ` Did you mean "${d.suggestion}"?` : ""}`) : [];
        });
        if (unreadable.length) throw new DeckError(unreadable);
        const engine = await engineFor(gameId);
        return TableSession.start(engine, seed, { p1: deckChoice("p1"), p2: deckChoice("p2") });
      },
    });
  };

  const act = (action: Action) => {
    setHovered(undefined); // the hovered button may vanish with this action, and with it its mouseleave
    send({ type: "ACT", action });
  };
  const goTo = (index: number) => send({ type: "GO_TO", index });
  const stepEvent = (delta: 1 | -1) => send({ type: "STEP_EVENT", delta });

  const decider = session?.decider() ?? null;
  const offered = session ? offeredActions(session) : [];
  const events = useMemo(() => session?.eventsSoFar() ?? [], [session, session?.cursor, session?.history.length]);
  const needle = filter.trim().toLowerCase();
  const depths = useMemo(() => chainDepths(events.map(({ event }) => event)), [events]);
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
  // The visual board's clicks: a card's own actions, targets lit while something is aimed.
  const pending = session && !insideStep ? session.state.pending : undefined;
  const humanDecides = !!session && !bot && !insideStep;
  const pendingTargets = pending?.kind === "targets" && humanDecides ? pending.options : [];
  const pickedTargets = (picked?.actions ?? []).flatMap((a) => {
    const aim = aimOf(a);
    return aim ? [aim] : [];
  });
  const actionsOf = (card: string) =>
    offered.filter(({ action }) => {
      const a = action as { card?: string; attacker?: string };
      return a.card === card || a.attacker === card;
    });
  const chooseTarget = (target: TargetValue) => pending && act({ type: "choose", player: pending.player, target });
  const interaction: BoardInteraction = {
    targets: pendingTargets.length ? pendingTargets : pickedTargets,
    ...(picked ? { picked: picked.card, pickedActions: picked.actions.map((action) => ({ label: describeAction(session!, action), action })) } : {}),
    onCard: (card) => {
      if (!session || !humanDecides) return;
      if (pendingTargets.some((t) => "card" in t && t.card === card)) return chooseTarget({ card });
      if (picked && pickedTargets.some((t) => "card" in t && t.card === card)) return send({ type: "TARGET", target: { card } });
      const mine = actionsOf(card);
      if (mine.length) send({ type: "PICK", card, actions: mine.map((o) => o.action) });
      else {
        const def = session.state.cards[card] ? session.engine.rules.cards.get(session.state.cards[card]!.def) : undefined;
        if (def) setHovered(def.name);
      }
    },
    onPlayer: (player) => {
      if (pendingTargets.some((t) => "player" in t && t.player === player)) return chooseTarget({ player });
      if (picked && pickedTargets.some((t) => "player" in t && t.player === player)) send({ type: "TARGET", target: { player } });
    },
    onAction: (action) => act(action),
    // Drag a card onto the battlefield to play it, onto a card or a player to aim it (or attack).
    onDrop: (dragged, target) => {
      if (!session || !humanDecides) return;
      const mine = actionsOf(dragged).map((o) => o.action);
      if (target === "field") {
        const plain = mine.filter((a) => !aimOf(a));
        if (plain.length === 1) return act(plain[0]!);
      } else {
        const aimed = mine.find((a) => sameTargetValue(aimOf(a), target));
        if (aimed) return act(aimed);
      }
      if (mine.length) send({ type: "PICK", card: dragged, actions: mine });
    },
    onCancel: () => picked && send({ type: "CANCEL" }),
  };
  // The game's statechart at the table's cursor (the state at the event, or the step's end) and the transition into it.
  const liveFlow = useLiveFlow(store, session?.engine.rules.game.id ?? gameId, session?.engine.rules.flow);
  const flowBefore = !session || !flowShown ? undefined : insideStep ? (eventAt! > 0 ? session.boardAt(eventAt! - 1)?.state.flow : session.history[session.cursor - 1]?.state.flow) : session.history[session.cursor - 1]?.state.flow;
  // The whole step: the chart at each of its events (a step may go round the turn and end where it began).
  const flowThrough = !session || !flowShown || insideStep ? undefined : events.flatMap(({ step }, i) => (step === session.cursor ? [session.boardAt(i)?.state.flow] : [])).filter((v) => v !== undefined);
  const flowCause = !session ? undefined : insideStep && events[eventAt!] ? `${events[eventAt!]!.event.kind}: ${events[eventAt!]!.event.text}` : session.current.label;
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // Stepping event by event: the highlighted line is kept in view; otherwise the log follows the latest event.
    if (eventAt !== undefined) log.querySelector("li.at-event")?.scrollIntoView({ block: "nearest" });
    else ([...log.querySelectorAll("li.current")].at(-1) ?? log.lastElementChild)?.scrollIntoView({ block: "nearest" });
  }, [eventAt, session, session?.cursor, session?.history.length, filter]);

  return (
    <div className="table-view" data-testid="table" data-state={tableState}>
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
        <button type="button" onClick={() => start()} disabled={busy || !gameId}>
          {busy ? "Starting…" : "New game"}
        </button>
        <button type="button" aria-pressed={builderOpen} onClick={() => setBuilderOpen((o) => !o)}>
          Deck builder
        </button>
        <label>
          Board{" "}
          <select aria-label="Board" value={boardMode} onChange={(e) => setBoardMode(e.target.value as "visual" | "list")}>
            <option value="visual">Card faces</option>
            <option value="list">Text</option>
          </select>
        </label>
        <button type="button" aria-pressed={flowShown} onClick={() => setFlowShown((shown) => !shown)} title="The game's statechart: where in the turn the game is, who holds priority, the response model's state">
          Flow
        </button>
        <label title="The opponent's hand is face down unless shown (a hot-seat game shows both)">
          <input type="checkbox" checked={showOpponentHand} onChange={(e) => setShowOpponentHand(e.target.checked)} /> p2's hand
        </label>
        <span className="table-state muted" data-testid="table-state">{tableState === "botTurn" ? "the bot is playing…" : tableState === "picking" ? "choose what the card does, or click a lit target" : tableState === "timeTravel" ? "looking back (acting here starts a new branch)" : tableState === "over" ? "game over" : ""}</span>
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
          <select aria-label="Start from a scenario" value="" disabled={busy} onChange={(e) => startFromScenario(e.target.value)}>
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
      {session && !session.state.over && <SandboxBar session={session} onEdit={(edit) => send({ type: "SANDBOX", edit })} />}
      {session && flowShown && liveFlow && (
        <section className="table-flow">
          <FlowView flow={liveFlow} running={session.engine.rules.flow} onRestart={() => start({ fresh: true })} value={view!.state.flow} transition={{ from: flowBefore, ...(flowThrough ? { through: flowThrough } : {}), ...(flowCause ? { cause: flowCause } : {}) }} onReveal={onReveal} resolving={resolvingOf(view!.state)} testId="table-flow" />
        </section>
      )}
      {!session ? (
        <p className="muted table-empty">Choose each player's deck (a deck file, or a random legal deck built from the game's cards) and start a new game.</p>
      ) : (
        <div className={"table-body" + (insideStep ? " at-event" : "") + (boardMode === "visual" ? " visual" : "")}>
          {boardMode === "visual" ? (
            <VisualBoard session={view!} game={gameModel} cards={(name) => cardByName(name) ?? allGameCards.find((c) => c.name === name)} bottom="p1" showOpponentHand={showOpponentHand || seat2 === "human"} interaction={interaction} />
          ) : (
            <PlayerPanel session={view!} player="p1" onReveal={onReveal} onHover={setHovered} />
          )}
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
                <button type="button" onClick={() => send({ type: "BOT_MOVE" })}>Let the bot move now</button>
              )}
            </div>
          </section>
          {boardMode === "list" && <PlayerPanel session={view!} player="p2" onReveal={onReveal} onHover={setHovered} />}
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
                  style={{ paddingLeft: 8 + (depths[index] ?? 0) * 14 }}
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

/**
 * Sandbox mode: put any card of the game's sets into any zone of either player, take a copy from
 * a deck into the hand, set life, resources and counters (a player's or a card's), pass the turn.
 * Each edit is a step of the history (stepping back undoes it).
 */
function SandboxBar({ session, onEdit }: { session: TableSession; onEdit: (edit: (s: TableSession) => string | undefined) => void }) {
  const [player, setPlayer] = useState<PlayerId>("p1");
  const { rules } = session.engine;
  const allCards = useMemo(() => [...new Set([...rules.cards.values()].filter((c) => !c.isToken).map((c) => c.name))].sort(), [rules]);
  const zones = Object.keys(session.state.players[player]?.zones ?? {}).filter((z) => !z.startsWith("("));
  const [card, setCard] = useState("");
  const [zone, setZone] = useState("");
  const chosenCard = allCards.includes(card) ? card : (allCards[0] ?? "");
  const chosenZone = zones.includes(zone) ? zone : (zones.includes(rules.zones.battlefield) ? rules.zones.battlefield : (zones[0] ?? ""));
  const p = session.state.players[player];
  // On the player: life, resources and player counters; on one of their cards in play: card counters (the game file's).
  const [on, setOn] = useState("");
  const inPlay = p?.zones[rules.zones.battlefield] ?? [];
  const onCard = inPlay.includes(on) ? on : "";
  const declared = (kind: "player" | "card") => (rules.game.counters ?? []).filter((c) => c.on === kind).map((c) => c.name);
  const values = onCard
    ? [...new Set([...declared("card"), ...Object.keys(session.state.cards[onCard]?.counters ?? {})])]
    : p ? [...new Set(["life", ...Object.keys(p.resources), ...declared("player"), ...Object.keys(p.counters)])] : ["life"];
  const [what, setWhat] = useState("life");
  const chosenWhat = values.includes(what) ? what : (values[0] ?? "life");
  const current = onCard ? (session.state.cards[onCard]?.counters[chosenWhat] ?? 0) : p ? (chosenWhat === "life" ? p.life : (p.resources[chosenWhat] ?? p.counters[chosenWhat] ?? 0)) : 0;
  const [amount, setAmount] = useState<string>("");
  return (
    <div className="sandbox-bar" data-testid="sandbox">
      <span className="muted">Sandbox:</span>
      <select aria-label="Sandbox player" value={player} onChange={(e) => setPlayer(e.target.value)}>
        {SEATS.map((s) => (
          <option key={s} value={s}>{s}</option>
        ))}
      </select>
      <span className="sandbox-group">
        put
        <select aria-label="Card to put" value={chosenCard} onChange={(e) => setCard(e.target.value)}>
          {allCards.map((name) => (
            <option key={name} value={name}>{name}</option>
          ))}
        </select>
        into the
        <select aria-label="Zone to put it in" value={chosenZone} onChange={(e) => setZone(e.target.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>{z}</option>
          ))}
        </select>
        <button type="button" disabled={!chosenCard || !chosenZone} onClick={() => onEdit((s) => s.putCard(player, chosenCard, chosenZone))}>Put</button>
      </span>
      <span className="sandbox-group">
        <button type="button" disabled={!chosenCard} onClick={() => onEdit((s) => s.takeIntoHand(player, chosenCard))} title="Move a copy of the card from the player's deck into the hand">from the deck into the hand</button>
      </span>
      <span className="sandbox-group">
        set
        <select aria-label="Set on" value={onCard} onChange={(e) => setOn(e.target.value)}>
          <option value="">{player}</option>
          {inPlay.map((id) => (
            <option key={id} value={id}>{session.cardName(id)}</option>
          ))}
        </select>
        <select aria-label="Value to set" value={chosenWhat} onChange={(e) => setWhat(e.target.value)}>
          {values.map((v) => (
            <option key={v} value={v}>{v}</option>
          ))}
        </select>
        <input type="number" aria-label="New value" placeholder={String(current)} value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: 56 }} />
        <button type="button" disabled={amount === "" || values.length === 0} onClick={() => onEdit((s) => s.setValue(onCard ? { player, card: onCard } : { player }, chosenWhat, Number(amount)))}>Set</button>
      </span>
      <button type="button" onClick={() => onEdit((s) => s.passTurn())} title="End phases and pass until the other player's turn begins">Pass the turn</button>
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
