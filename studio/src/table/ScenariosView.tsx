import { useEffect, useMemo, useRef, useState } from "react";
import { useMachine } from "@xstate/react";
import { breakpointName, stepperMachine } from "./stepper-machine.ts";
import type { WorkspaceStore } from "../workspace/store.ts";
import { boardAt, type ScenarioRun } from "./scenarios.ts";
import { PlayerPanel } from "./TableView.tsx";
import { VisualBoard, type BoardInteraction } from "./VisualBoard.tsx";
import type { CardModel } from "../../../compiler/model.ts";
import { TableSession } from "./session.ts";
import { SourceLink, type RevealSource } from "./SourceLink.tsx";
import { buildChains, chainDepths } from "./chains.ts";
import { ChainTreeView } from "./ChainTree.tsx";
import { StackList } from "./StackList.tsx";
import { stackOf } from "./event-boards.ts";
import { FlowView, resolvingOf, useLiveFlow } from "../flow/FlowView.tsx";
import "./table.css";

/** The stepper's board is for looking: nothing on it can be clicked into a move. */
const LOOK_ONLY: BoardInteraction = { targets: [], onCard: () => undefined, onPlayer: () => undefined, onAction: () => undefined, onCancel: () => undefined };

/**
 * Run one scenario file or all of them; a scenario opens in a stepper over its trace: one
 * event at a time, forward and back, trigger chains drawn as trees (depth-first, as the
 * engine resolves them), the response stack top-first, every event with a source linked to
 * its card text. A failing scenario opens at the failing step, with expected vs actual.
 */
export function ScenariosView({
  store,
  onReveal,
  onRevealLine,
  onPlayFrom,
}: {
  store: WorkspaceStore;
  onReveal: RevealSource;
  onRevealLine: (file: string, line: number) => void;
  onPlayFrom: (run: ScenarioRun, from: "setup" | "end") => void;
}) {
  const scenarioFiles = [...store.files.values()].filter((f) => f.kind === "scenario").map((f) => f.path);
  // The stepper's flow (running, stepping, paused at a breakpoint, at a failure) is an XState machine.
  const [snapshot, send] = useMachine(stepperMachine);
  const { runs, selected, cursor, breakpoints, error } = snapshot.context;
  const busy = snapshot.matches("running");
  const setCursor = (index: number) => send({ type: "GOTO", index });
  const [filter, setFilter] = useState("");
  const [boardOpen, setBoardOpen] = useState(false);
  const [flowOpen, setFlowOpen] = useState(false);
  // The board at an event as card faces (as on the table), or as the text panels (`?board=list`, as the table).
  const [boardMode, setBoardMode] = useState<"visual" | "list">(() => (new URLSearchParams(location.search).get("board") === "list" ? "list" : "visual"));
  const listRef = useRef<HTMLUListElement>(null);

  const run = (only?: string) => send({ type: "RUN", files: store.sourceFiles(), ...(only ? { only } : {}) });
  // A new run opens at its first failure: the list scrolls to the top where the failures are.
  useEffect(() => {
    if (snapshot.matches("open")) listRef.current?.scrollTo({ top: 0 });
  }, [runs, snapshot]);

  const current = runs?.[selected];
  const events = current?.events ?? [];
  // Each event's indent in the log: its depth in its trigger chain's tree.
  const depths = useMemo(() => chainDepths(events), [events]);
  // The chains as they stand at the cursor (they grow as you step), the last few: a long scenario may run many.
  const chainsSoFar = useMemo(() => buildChains(events.slice(0, cursor + 1)).slice(-3), [events, cursor]);
  /** Failures by the event they happened after (the stepper marks them in the event list). */
  const failuresAt = new Map<number, NonNullable<typeof current>["failures"]>();
  for (const f of current?.failures ?? []) if (f.eventIndex !== undefined) failuresAt.set(Math.max(0, f.eventIndex), [...(failuresAt.get(Math.max(0, f.eventIndex)) ?? []), f]);
  const needle = filter.trim().toLowerCase();
  const step = (delta: number) => send({ type: "STEP", delta });
  const toBreakpoint = (direction: 1 | -1) => send({ type: "TO_BREAKPOINT", direction });
  // The board right after the event at the cursor (the step is replayed with a state per event), and its stack.
  const board = current ? boardAt(current, cursor) : undefined;
  const engine = current?.setup?.engine;
  const gameId = engine?.rules.game.id.toLowerCase();
  const gameModel = store.model?.games.find((g) => g.id.toLowerCase() === gameId);
  const cardsByName = useMemo(() => {
    const byName = new Map<string, CardModel>();
    for (const set of store.model?.sets ?? []) if (set.game.toLowerCase() === gameId) for (const card of set.cards) if (!byName.has(card.name.toLowerCase())) byName.set(card.name.toLowerCase(), card);
    return byName;
  }, [store.model, gameId]);
  const stackAtCursor = board && engine ? stackOf(engine, board.state) : [];
  // The game's statechart at the cursor: the chart of the game file as it is now, the transition from the event before.
  const liveFlow = useLiveFlow(store, gameId, engine?.rules.flow);
  const flowBefore = current && flowOpen ? (cursor > 0 ? boardAt(current, cursor - 1)?.state.flow : current.setup?.state.flow) : undefined;
  // A game whose spells resolve at once has no stack to show.
  const usesStack = engine !== undefined && engine.rules.param("response_model", "instant") !== "instant";
  const toggleBreakpoint = (name: string) => send({ type: "TOGGLE_BREAKPOINT", name });
  const stepperState = snapshot.matches({ open: "atFailure" }) ? "at-failure" : snapshot.matches({ open: "paused" }) ? "paused" : snapshot.matches({ open: "stepping" }) ? "stepping" : busy ? "running" : "idle";

  return (
    <div className="scenarios-view" data-testid="scenarios" data-state={stepperState}>
      <div className="table-bar">
        <button type="button" onClick={() => void run()} disabled={busy}>{busy ? "Running…" : `Run all (${scenarioFiles.length} files)`}</button>
        {store.activePath?.endsWith(".scenario") && (
          <button type="button" onClick={() => void run(store.activePath)} disabled={busy}>Run {store.activePath.split("/").pop()}</button>
        )}
        {runs && (
          <span className="muted" data-testid="scenario-summary">
            {runs.filter((r) => r.passed).length} passed{runs.some((r) => r.passed && r.warnings?.length) ? ` (${runs.filter((r) => r.passed && r.warnings?.length).length} with a warning)` : ""}, {runs.filter((r) => !r.passed).length} failed
          </span>
        )}
      </div>
      {error && <div className="notice" role="alert">{error}</div>}
      {runs && (
        <div className="scenarios-body">
          <ul className="scenario-list" ref={listRef}>
            {runs.map((r, i) => (
              <li key={i} className={(i === selected ? "active " : "") + (!r.passed ? "failed" : r.warnings?.length ? "passed warned" : "passed")} onClick={() => send({ type: "SELECT", index: i })}>
                {!r.passed ? "✗" : r.warnings?.length ? "⚠" : "✓"} {r.name} <span className="muted">{r.file}:{r.line}</span>
              </li>
            ))}
          </ul>
          {current && (
            <section className="stepper">
              {current.failures.map((f, i) => (
                <div
                  key={i}
                  className="failure"
                  data-testid="failure"
                  title={f.eventIndex !== undefined ? "Show the failing step in the stepper" : "Open the line in the editor"}
                  onClick={() => (f.eventIndex !== undefined ? setCursor(Math.max(0, f.eventIndex)) : onRevealLine(f.file, f.line))}
                >
                  <strong>{f.file}:{f.line}</strong> {f.message}
                  <button
                    type="button"
                    className="source-link"
                    aria-label={`Open ${f.file}:${f.line}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onRevealLine(f.file, f.line);
                    }}
                  >
                    ↗ {f.file.split("/").pop()}:{f.line}
                  </button>
                  {(f.expected !== undefined || f.actual !== undefined) && (
                    <div className="expected-actual">
                      <span>expected</span>
                      <code data-testid="expected">{f.expected ?? ""}</code>
                      <span>actual</span>
                      <code data-testid="actual">{f.actual ?? ""}</code>
                      {f.changes !== undefined && (
                        <>
                          <span>changes</span>
                          <code data-testid="changes">{f.changes}</code>
                        </>
                      )}
                    </div>
                  )}
                  {f.eventIndex !== undefined && <div className="muted">after event {Math.max(0, f.eventIndex) + 1} of {events.length}</div>}
                </div>
              ))}
              {current.warnings?.map((w, i) => (
                <div key={`warning-${i}`} className="scenario-warning" data-testid="scenario-warning" title="Open the line in the editor" onClick={() => onRevealLine(w.file, w.line)}>
                  <strong>{w.file}:{w.line}</strong> {w.message}
                </div>
              ))}
              <div className="table-bar">
                <button type="button" onClick={() => setCursor(0)}>First</button>
                <button type="button" onClick={() => step(-1)} aria-label="Previous event">◀</button>
                <input type="range" min={0} max={Math.max(0, events.length - 1)} value={cursor} onChange={(e) => setCursor(Number(e.target.value))} aria-label="Timeline" />
                <button type="button" onClick={() => step(1)} aria-label="Next event">▶</button>
                <button type="button" onClick={() => setCursor(events.length - 1)}>Last</button>
                <button type="button" onClick={() => toBreakpoint(-1)} disabled={breakpoints.size === 0} title="Back to the previous breakpoint">◀ break</button>
                <button type="button" onClick={() => toBreakpoint(1)} disabled={breakpoints.size === 0} title="On to the next breakpoint">break ▶</button>
                <span className="muted">event {events.length ? cursor + 1 : 0} / {events.length}</span>
                <span className={`stepper-state ${stepperState}`} data-testid="stepper-state">{stepperState === "at-failure" ? "at a failure" : stepperState === "paused" ? "paused at a breakpoint" : "stepping"}</span>
                {current.setup && (
                  <button type="button" onClick={() => onPlayFrom(current, "setup")} title="Open this scenario's starting board on the sandbox table">
                    Play from the setup
                  </button>
                )}
                {current.end && (
                  <button type="button" onClick={() => onPlayFrom(current, "end")} title="Open the board where this scenario ended on the sandbox table">
                    Play on from the end
                  </button>
                )}
                <input type="search" placeholder="Filter events" value={filter} onChange={(e) => setFilter(e.target.value)} />
              </div>
              {current.setup && (
                <details className="scenario-board" data-testid="scenario-board" open={boardOpen} onToggle={(e) => setBoardOpen((e.target as HTMLDetailsElement).open)}>
                  <summary>Board at this event</summary>
                  {boardOpen && (() => {
                    if (!board) return null;
                    const view = TableSession.from(current.setup.engine, board.state, [], "");
                    return (
                      <>
                        <label className="muted board-mode">
                          Board:{" "}
                          <select aria-label="Board at this event as" value={boardMode} onChange={(e) => setBoardMode(e.target.value as "visual" | "list")}>
                            <option value="visual">Card faces</option>
                            <option value="list">Text</option>
                          </select>
                        </label>
                        {!board.exact && <p className="muted">The board after this event's whole step (its replay differed from the run).</p>}
                        {boardMode === "visual" ? (
                          <div className="scenario-board-visual" data-exact={board.exact}>
                            <VisualBoard session={view} game={gameModel} cards={(name) => cardsByName.get(name.toLowerCase())} bottom="p1" showOpponentHand={true} interaction={LOOK_ONLY} />
                          </div>
                        ) : (
                          <div className="scenario-board-players" data-exact={board.exact}>
                            <PlayerPanel session={view} player="p1" onReveal={onReveal} onHover={() => undefined} />
                            <PlayerPanel session={view} player="p2" onReveal={onReveal} onHover={() => undefined} />
                          </div>
                        )}
                      </>
                    );
                  })()}
                </details>
              )}
              {current.setup && (
                <details className="scenario-flow" data-testid="scenario-flow-panel" open={flowOpen} onToggle={(e) => setFlowOpen((e.target as HTMLDetailsElement).open)}>
                  <summary>Flow at this event</summary>
                  {flowOpen && board && liveFlow && (
                    <FlowView flow={liveFlow} running={engine?.rules.flow} onRestart={() => void run(current.file)} restartLabel="Run this file again with the edited game file" value={board.state.flow} transition={{ from: flowBefore, ...(events[cursor] ? { cause: `${events[cursor]!.kind}: ${events[cursor]!.text}` } : {}) }} onReveal={onReveal} resolving={resolvingOf(board.state)} testId="scenario-flow" />
                  )}
                </details>
              )}
              {usesStack && <StackList entries={stackAtCursor} onReveal={onReveal} testId="scenario-stack" />}
              {chainsSoFar.length > 0 && <ChainTreeView chains={chainsSoFar} cursor={cursor} onSelect={setCursor} onReveal={onReveal} />}
              <ol className="event-tree" data-testid="scenario-events">
                {events.map((event, i) =>
                  needle && !`${event.kind} ${event.name ?? ""} ${event.text}`.toLowerCase().includes(needle) ? null : [
                    <li
                      key={i}
                      className={(i === cursor ? "current " : i > cursor ? "future " : "") + (event.source ? "linked" : "") + ` kind-${event.kind}` + (failuresAt.has(i) ? " failing" : "")}
                      style={{ paddingLeft: 8 + (depths[i] ?? 0) * 16 }}
                      onClick={() => setCursor(i)}
                    >
                      {(() => {
                        const name = breakpointName(event);
                        return name ? (
                          <span
                            className={"breakpoint" + (breakpoints.has(name) ? " on" : "")}
                            title={breakpoints.has(name) ? `Remove the breakpoint on ${name}` : `Pause when ${name} triggers`}
                            role="button"
                            aria-label={`breakpoint ${name}`}
                            onClick={(e) => {
                              e.stopPropagation();
                              toggleBreakpoint(name);
                            }}
                          >
                            ●
                          </span>
                        ) : (
                          <span className="breakpoint-space" />
                        );
                      })()}
                      <span className="kind">{event.kind}</span> {event.text}
                      {event.source && <SourceLink source={event.source} onReveal={onReveal} />}
                    </li>,
                    ...(failuresAt.get(i) ?? []).map((f, k) => (
                      <li key={`failure:${i}:${k}`} className="failure-marker" data-testid="failure-marker" onClick={() => setCursor(i)}>
                        ✗ line {f.line}: {f.message}
                        {f.expected !== undefined ? ` — expected ${f.expected}` : ""}
                        {f.actual !== undefined ? `, actual ${f.actual}` : ""}
                      </li>
                    )),
                  ],
                )}
              </ol>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
