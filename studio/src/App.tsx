import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CardModel } from "../../compiler/model.ts";
import type { monaco } from "./monaco-setup.ts";
import { updateColouring } from "./language/register.ts";
import { errorCount, type WorkspaceStore } from "./workspace/store.ts";
import { api } from "./api.ts";
import type { TableSession } from "./table/session.ts";
import { EditorPane } from "./components/EditorPane.tsx";
// Small, and opened at a click: in the first chunk, so it is there the moment it is asked for.
import { ExportDialog } from "./components/ExportDialog.tsx";

// The editor comes first: the panels around it (and the card faces they draw) load after it.
// Drawn again only when what it lists changes (its `listKey`), not on every change of the store.
const FileTree = lazy(() => import("./components/FileTree.tsx").then((m) => ({ default: memo(m.FileTree) })));
const CardFace = lazy(() => import("./components/CardFace.tsx").then((m) => ({ default: m.CardFace })));
const Gallery = lazy(() => import("./components/Gallery.tsx").then((m) => ({ default: m.Gallery })));
const OutlinePanel = lazy(() => import("./components/Navigator.tsx").then((m) => ({ default: m.OutlinePanel })));
const QuickOpen = lazy(() => import("./components/Navigator.tsx").then((m) => ({ default: m.QuickOpen })));
const SearchPanel = lazy(() => import("./components/Navigator.tsx").then((m) => ({ default: m.SearchPanel })));
const ReadsAsPanel = lazy(() => import("./components/ReadsAs.tsx").then((m) => ({ default: m.ReadsAsPanel })));

// The engine and the lowering load only when the table is opened.
const TableView = lazy(() => import("./table/TableView.tsx").then((m) => ({ default: m.TableView })));
const ScenariosView = lazy(() => import("./table/ScenariosView.tsx").then((m) => ({ default: m.ScenariosView })));
const BalanceView = lazy(() => import("./balance/BalanceView.tsx").then((m) => ({ default: m.BalanceView })));

type View = "editor" | "gallery" | "table" | "scenarios" | "balance";

const OFFER_REASON = {
  "disk-moved-on": "made on a version of the file that has changed on disk since",
  "closed-tab": "left by a tab that was closed",
  "older-studio": "kept by an older studio under this folder's name only, so perhaps from another folder of the same name",
} as const;

const SAVE_LABEL = { saved: "Saved", unsaved: "Unsaved changes", saving: "Saving…", conflict: "Conflict with disk", error: "Save failed — retrying" } as const;

export function App({ store }: { store: WorkspaceStore }) {
  useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [view, setView] = useState<View>("editor");
  const [opened, setOpened] = useState<ReadonlySet<View>>(() => new Set());
  if (!opened.has(view)) setOpened(new Set([...opened, view]));
  // The cursor's offset is read when the page is drawn; a cursor move draws the page only when it lands on another card.
  const cursor = useRef(0);
  const [, setCursorCard] = useState<CardModel | undefined>(undefined);
  const onCursor = useCallback(
    (offset: number) => {
      cursor.current = offset;
      setCursorCard(store.cardAt(store.activePath, offset));
    },
    [store],
  );
  const [tableStart, setTableStart] = useState<{ session: TableSession; key: number } | undefined>(undefined);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | undefined>(undefined);
  const [quickOpen, setQuickOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [sidePanel, setSidePanel] = useState<"card" | "outline" | "search">("card");
  const [searchFocus, setSearchFocus] = useState(0);
  // Ctrl+P: quick open; Ctrl+Shift+F: search the workspace (the editor forwards both, see EditorPane).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrl = event.ctrlKey || event.metaKey;
      if (ctrl && !event.shiftKey && event.key.toLowerCase() === "p") {
        event.preventDefault();
        setQuickOpen(true);
      } else if (ctrl && event.shiftKey && event.key.toLowerCase() === "f") {
        event.preventDefault();
        setView("editor");
        setSidePanel("search");
        setSearchFocus((n) => n + 1);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);

  if (store.model) updateColouring(store.model.games);
  const active = store.activePath ? store.files.get(store.activePath) : undefined;
  const card = store.cardAt(store.activePath, cursor.current);
  const game = card ? store.model?.games.find((g) => g.id === card.game) : store.gameFor(store.activePath);

  const reveal = useCallback(
    (file: string, offset: number, end?: number) => {
      setView("editor");
      store.open(file);
      // Two frames: the editor view must be shown and laid out before it can scroll to a line.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const e = editor.current;
          const model = store.files.get(file)?.model;
          if (!e || !model) return;
          if (e.getModel() !== model) e.setModel(model);
          e.layout();
          const position = model.getPositionAt(offset);
          e.setPosition(position);
          // With an end: select the whole range (an ability's text) so the designer sees what ran.
          if (end !== undefined && end > offset) {
            const last = model.getPositionAt(end);
            // Selected from its end back to its start: the cursor stays at the start of the text.
            e.setSelection({ selectionStartLineNumber: last.lineNumber, selectionStartColumn: last.column, positionLineNumber: position.lineNumber, positionColumn: position.column });
          }
          e.revealPositionInCenter(position);
          e.focus();
        }),
      );
    },
    [store],
  );

  const revealLine = (file: string, line: number) => {
    const model = store.files.get(file)?.model;
    if (model) reveal(file, model.getOffsetAt({ lineNumber: Math.max(1, line), column: 1 }));
  };

  const formatDocument = () => void editor.current?.getAction("editor.action.formatDocument")?.run();

  if (store.loadError) {
    return (
      <div className="fatal">
        <h1>Cardwright Studio</h1>
        <p>Could not load the workspace: {store.loadError}</p>
      </div>
    );
  }

  const errors = active?.diagnostics ?? [];
  let totalErrors = 0;
  for (const file of store.files.values()) totalErrors += errorCount(file);

  return (
    <div className="app">
      <header className="top-bar">
        <span className="brand">Cardwright Studio</span>
        <nav className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={view === "editor"} onClick={() => setView("editor")}>Editor</button>
          <button type="button" role="tab" aria-selected={view === "gallery"} onClick={() => setView("gallery")}>Gallery</button>
          <button type="button" role="tab" aria-selected={view === "table"} onClick={() => setView("table")}>Table</button>
          <button type="button" role="tab" aria-selected={view === "scenarios"} onClick={() => setView("scenarios")}>Scenarios</button>
          <button type="button" role="tab" aria-selected={view === "balance"} onClick={() => setView("balance")}>Balance</button>
        </nav>
        <span className="spacer" />
        <button type="button" onClick={() => setExportOpen(true)} title="Choose sets and formats, download a zip">Export…</button>
        {view === "editor" && active && (
          <>
            <button type="button" onClick={formatDocument} title="Format document (Shift+Alt+F)">Format</button>
            <button type="button" onClick={() => void store.save(active.path)} disabled={active.state === "saved" || active.state === "conflict"} title="Save now (Ctrl+S)">Save</button>
          </>
        )}
      </header>

      <div className="body">
        <Suspense fallback={<nav className="file-tree" aria-busy="true" />}>
          <FileTree store={store} listKey={store.fileListKey()} />
        </Suspense>
        <main className="center">
          {active?.conflict && (
            <div className="conflict-banner" role="alert" data-testid="conflict">
              <strong>{active.conflict.message}</strong>
              <span>Your edits are kept in the editor until you choose.</span>
              <button type="button" onClick={() => void store.resolveConflict(active.path, "keep-mine")}>Keep my version (overwrite disk)</button>
              <button type="button" onClick={() => void store.resolveConflict(active.path, "take-disk")}>{active.conflict.diskText === null ? "Close the file (deleted on disk)" : "Load the disk version (discard my edits)"}</button>
            </div>
          )}
          {store.offers.length > 0 && (
            <div className="offer-banner" role="alert" data-testid="draft-offers">
              {store.offers.map((offer) => (
                <div key={offer.key} className="offer" data-offer-path={offer.path}>
                  <strong>Unsaved edits to {offer.path}</strong>{" "}
                  <span>
                    {OFFER_REASON[offer.reason]} ({new Date(offer.updatedAt).toLocaleString()}). They are not in the editor and nothing was saved.
                  </span>
                  <button type="button" onClick={() => store.settleOffer(offer.key, "restore")}>Restore them</button>
                  <button type="button" onClick={() => store.settleOffer(offer.key, "discard")}>Discard them</button>
                </div>
              ))}
            </div>
          )}
          {active?.editedInOtherTab && active.state !== "conflict" && (
            <div className="notice" role="status" data-testid="other-tab">
              {active.path} has unsaved edits in another tab of this workspace: the first one saved wins, the other is offered both versions.
            </div>
          )}
          {store.notice && (
            <div className="notice" role="status">
              {store.notice}
              <button type="button" onClick={() => store.say(undefined)} aria-label="Dismiss">×</button>
            </div>
          )}
          <div className="editor-wrap" hidden={view !== "editor"}>
            <EditorPane store={store} onCursor={onCursor} onReady={(e) => { editor.current = e; (window as unknown as { cardwright: Record<string, unknown> }).cardwright.editor = e; }} />
          </div>
          {view === "gallery" && (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <Gallery store={store} onOpenCard={reveal} />
            </Suspense>
          )}
          {/* Once opened, the table and the scenarios stay mounted (hidden): a trip to the editor through a source link keeps the game and the runs. */}
          {opened.has("table") && (
            <div className="view-wrap" hidden={view !== "table"}>
            <Suspense fallback={<p className="muted">Loading the engine…</p>}>
              <TableView key={tableStart?.key ?? 0} store={store} onReveal={reveal} {...(tableStart ? { initial: tableStart.session } : {})} {...(card ? { cursorCard: card.name } : {})} />
            </Suspense>
            </div>
          )}
          {opened.has("scenarios") && (
            <div className="view-wrap" hidden={view !== "scenarios"}>
            <Suspense fallback={<p className="muted">Loading the engine…</p>}>
              <ScenariosView
                store={store}
                onReveal={reveal}
                onRevealLine={revealLine}
                onPlayFrom={(run, from) => {
                  const start = from === "setup" ? run.setup : run.end && { ...run.end, events: run.events };
                  if (!start) return;
                  void import("./table/session.ts").then(({ TableSession }) => {
                    setTableStart({ session: TableSession.from(start.engine, start.state, start.events, from === "setup" ? `Setup of "${run.name}"` : `End of "${run.name}"`), key: Date.now() });
                    setView("table");
                  });
                }}
              />
            </Suspense>
            </div>
          )}
          {opened.has("balance") && (
            <div className="view-wrap" hidden={view !== "balance"}>
            <Suspense fallback={<p className="muted">Loading the engine…</p>}>
              <BalanceView
                store={store}
                onReveal={reveal}
                onOpenGame={(session) => {
                  setTableStart({ session, key: Date.now() });
                  setView("table");
                }}
              />
            </Suspense>
            </div>
          )}
        </main>
        {view === "editor" && (
          <aside className="side">
            <div className="side-tabs" role="tablist">
              <button type="button" role="tab" aria-selected={sidePanel === "card"} onClick={() => setSidePanel("card")}>Card</button>
              <button type="button" role="tab" aria-selected={sidePanel === "outline"} onClick={() => setSidePanel("outline")}>Outline</button>
              <button type="button" role="tab" aria-selected={sidePanel === "search"} onClick={() => { setSidePanel("search"); setSearchFocus((n) => n + 1); }}>Search</button>
              <button type="button" onClick={() => setQuickOpen(true)} title="Go to a file or a card (Ctrl+P)">Go to… </button>
            </div>
            <Suspense fallback={null}>
              {sidePanel === "outline" && <OutlinePanel store={store} onReveal={reveal} />}
              {sidePanel === "search" && <SearchPanel store={store} onReveal={reveal} focusKey={searchFocus} />}
            </Suspense>
            {sidePanel === "card" && (<>
            <div className="panel-title">Card under the cursor</div>
            <div className="preview" data-testid="preview">
              {card ? (
                <Suspense fallback={null}>
                  <CardFace card={card} game={game} width={250} />
                </Suspense>
              ) : <p className="muted">{active?.kind === "cards" ? "No card parsed yet." : "Open a card file to see its cards."}</p>}
            </div>
            {card && active?.kind === "cards" && (
              <Suspense fallback={null}>
                <ReadsAsPanel store={store} path={active.path} card={card} onReveal={reveal} />
              </Suspense>
            )}
            <div className="panel-title">Problems in this file ({errors.length})</div>
            <ul className="problems" data-testid="problems">
              {errors.map((d, i) => (
                <li key={i} className={d.severity} onClick={() => reveal(d.file, d.range.start.offset)}>
                  <span className="where">{d.range.start.line}:{d.range.start.column}</span> <span className="code">{d.code}</span> {d.message}
                  {d.suggestion && <em> — did you mean “{d.suggestion}”?</em>}
                </li>
              ))}
            </ul>
            </>)}
          </aside>
        )}
      </div>

      {exportOpen && <ExportDialog store={store} onClose={() => setExportOpen(false)} />}
      {quickOpen && (
        <Suspense fallback={null}>
          <QuickOpen store={store} onReveal={reveal} onClose={() => setQuickOpen(false)} />
        </Suspense>
      )}
      <footer className="status-bar">
        <span data-testid="save-state" className={"save-state " + (active?.state ?? "saved")}>
          {active ? `${active.path}: ${SAVE_LABEL[active.state]}` : "No file open"}
        </span>
        <span className="spacer" />
        <span data-testid="check-state">
          {store.checkerError
            ? `Checker: ${store.checkerError}`
            : store.checkMilliseconds === undefined
              ? "Checking…"
              : `${totalErrors} error(s) in the workspace · checked in ${Math.round(store.checkMilliseconds)} ms`}
        </span>
      </footer>
    </div>
  );
}
