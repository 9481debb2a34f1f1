/**
 * The workspace as the page sees it: one Monaco model per file, each with the disk version
 * it was read at, a save state, and (when the disk and the editor disagree) a conflict
 * for the designer to settle. Edits go to the checker worker at once, to the browser's storage
 * as a draft after a short pause (./drafts.ts), and to disk after a longer one (autosave).
 */
import * as monaco from "monaco-editor/editor";
import type { Diagnostic, DiagnosticFix } from "../../../compiler/diagnostics.ts";
import type { CardModel, GameModel, SourceFile, WorkspaceModel } from "../../../compiler/model.ts";
import { ApiError, api, type FileEntry } from "../api.ts";
import { CheckerClient } from "../worker/client.ts";
import type { Capabilities, TextChange } from "../worker/protocol.ts";
import { drafts, type StoredDraft } from "./drafts.ts";
import { claimTabId, liveTabIds, workspaceChannel, type TabMessage } from "./tabs.ts";
import { minimalEdits } from "./minimal-edits.ts";
import { DeckChecks } from "./deck-checks.ts";

/** The workspace listing (with texts) and the tab's id, asked for by main.tsx before the studio's code loaded. */
export interface Prefetched {
  listing: ReturnType<typeof api.workspaceWithContents>;
  tabId: Promise<string>;
}

export const LANGUAGE_ID = "cardwright";
export type SaveState = "saved" | "unsaved" | "saving" | "conflict" | "error";

export interface Conflict {
  message: string;
  /** What is on disk now (null: the file was deleted on disk). */
  diskText: string | null;
  diskVersion: string | null;
}

/**
 * Unsaved edits found in storage that this tab will not apply by itself: made on a version of
 * the file the disk has moved on from, or left by a tab that was closed (or crashed). The
 * designer restores or discards each.
 */
export interface DraftOffer {
  key: string;
  path: string;
  text: string;
  baseVersion: string | null;
  updatedAt: number;
  reason: "disk-moved-on" | "closed-tab" | "older-studio";
}

/**
 * An open file. Its Monaco model is made when first asked for: at load only the shown file's is
 * made before the first editor (each model costs Monaco's configuration and language look-ups, and
 * a workspace holds a hundred files); the others when the first check's markers go on them.
 */
export class WorkspaceFile {
  /** The version on disk this editor text is based on; null when the file is not on disk yet. */
  diskVersion: string | null;
  state: SaveState = "saved";
  conflict?: Conflict;
  error?: string;
  diagnostics: Diagnostic[] = [];
  /** Another tab of this workspace has unsaved edits to this file. */
  editedInOtherTab?: boolean;
  private made: monaco.editor.ITextModel | undefined;
  /** The text until the model is made (then the model holds it). */
  private initialText: string | undefined;
  /**
   * Counts the saves this tab started. A read of the disk that a save overlapped may hold the text from
   * before it, and must not be taken for a change made by someone else (poll).
   */
  saves = 0;
  /** Counts the changes to the text (all of them, the store's own too): what the checker has is a revision. */
  revision = 0;
  /**
   * The content changes from revision `logFrom` to `revision`, one list per change: the checker client
   * sends these, not the whole text, when the worker has the text at a revision in between. Undefined
   * when they are not known (a whole-text replace, a new end-of-line, too many): then the text goes whole.
   */
  private log: TextChange[][] | undefined = [];
  private logFrom = 0;

  constructor(
    readonly path: string,
    readonly kind: FileEntry["kind"],
    text: string,
    diskVersion: string | null,
    private readonly onModelMade: (file: WorkspaceFile, model: monaco.editor.ITextModel) => void,
  ) {
    this.initialText = text;
    this.diskVersion = diskVersion;
  }

  get model(): monaco.editor.ITextModel {
    if (!this.made) {
      const initial = this.initialText ?? "";
      this.made = monaco.editor.createModel(initial, LANGUAGE_ID, uriFor(this.path));
      this.initialText = undefined;
      // The model normalises line endings: then its text is not the one the checker may have been sent.
      if (textOf(this.made) !== initial) this.textReplaced();
      this.made.onDidChangeContent((event) => this.record(event));
      this.onModelMade(this, this.made);
    }
    return this.made;
  }

  /** The text's length now, without making its model or reading its text. */
  length(): number {
    return this.made ? this.made.getValueLength() : (this.initialText ?? "").length;
  }

  /** The file's text now, without making its model. */
  text(): string {
    return this.made ? textOf(this.made) : (this.initialText ?? "");
  }

  private record(event: monaco.editor.IModelContentChangedEvent): void {
    if (event.isFlush || event.isEolChange || !this.log || this.log.length >= MAX_LOGGED_CHANGES) return this.textReplaced();
    this.revision++;
    this.log.push(event.changes.map((change) => ({ offset: change.rangeOffset, length: change.rangeLength, text: change.text })));
  }

  private textReplaced(): void {
    this.revision++;
    this.log = undefined;
  }

  /** The changes that turn the text at `revision` into the text now (each list applies in order), or undefined when not known. */
  changesSince(revision: number): TextChange[][] | undefined {
    if (!this.log || revision < this.logFrom || revision > this.revision) return undefined;
    return this.log.slice(revision - this.logFrom);
  }

  /** The checker holds the text at `revision` (the current one, or one in the log): the changes before it are not needed again. */
  checkerHas(revision: number): void {
    if (!this.log) {
      if (revision === this.revision) {
        this.log = [];
        this.logFrom = revision;
      }
      return;
    }
    if (revision < this.logFrom || revision > this.revision) return;
    this.log.splice(0, revision - this.logFrom);
    this.logFrom = revision;
  }

  /** Disposes the model if one was made. */
  dispose(): void {
    this.made?.dispose();
  }
}

// `?autosaveMs=N` lengthens the pause (the browser tests use it to reload with edits still unsaved).
const AUTOSAVE_MS = Number(new URLSearchParams(location.search).get("autosaveMs")) || 700;
// A check starts once the edit's task is done (edits of one task are one check, see scheduleCheck): no
// typing pause. A check still running when the next edit comes is superseded (CheckerClient).
const POLL_MS = 2000;
/** Change lists kept for the checker before a file is sent whole again (a check is normally a few changes behind). */
const MAX_LOGGED_CHANGES = 500;
// `?draftMs=N` lengthens the pause before a draft is written (a browser test reloads with an edit only in the page).
const DRAFT_MS = Number(new URLSearchParams(location.search).get("draftMs")) || 250;

/** Each model's text at its version: an unchanged file gives the same string, not a new copy out of Monaco. */
const texts = new WeakMap<monaco.editor.ITextModel, { version: number; text: string }>();

function textOf(model: monaco.editor.ITextModel): string {
  const version = model.getVersionId();
  const known = texts.get(model);
  if (known?.version === version) return known.text;
  const text = model.getValue();
  texts.set(model, { version, text });
  return text;
}

export function uriFor(path: string): monaco.Uri {
  return monaco.Uri.from({ scheme: "cardwright", path: "/" + path });
}

export function pathOf(uri: monaco.Uri): string {
  return uri.path.replace(/^\//, "");
}

export function kindOfPath(path: string): FileEntry["kind"] {
  if (path.endsWith(".game")) return "game";
  if (path.endsWith(".cards")) return "cards";
  if (path.endsWith(".scenario")) return "scenario";
  if (path.endsWith(".deck")) return "deck";
  return "other";
}

export class WorkspaceStore {
  name = "";
  /** The workspace's identity from the server (its real path): what drafts are kept under. */
  workspaceId = "";
  /** This browser tab's id (./tabs.ts): its drafts are its own. */
  tabId = "";
  /** Drafts this tab found but did not apply: offered to restore or discard. */
  offers: DraftOffer[] = [];
  readonly files = new Map<string, WorkspaceFile>();
  activePath: string | undefined;
  model: WorkspaceModel | undefined;
  checkMilliseconds: number | undefined;
  checkerError: string | undefined;
  capabilities: Capabilities | undefined;
  loadError: string | undefined;
  notice: string | undefined;
  /** When the last edit happened, when the last check result arrived and when its markers were set (performance.now()), for the bench. */
  readonly timings = { lastEditAt: 0, lastResultAt: 0, lastMarkersAt: 0 };
  /** Suggested replacements by marker position, for the "did you mean" quick fixes. */
  readonly suggestions = new Map<string, string>();
  /** Quick fixes that edit a file (maybe another one: a new subtype added to the game file), by marker like `suggestions`. */
  readonly fixes = new Map<string, DiagnosticFix>();

  private revision = 0;
  private readonly listeners = new Set<() => void>();
  private readonly autosaveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly deckChecks = new DeckChecks();
  /** Each model's version when its markers were last set (applyDiagnostics). */
  private readonly markedVersions = new WeakMap<monaco.editor.ITextModel, number>();
  /** The suggestion and fix keys of each file's markers, so a file's markers can be replaced alone. */
  private readonly markerKeys = new Map<string, string[]>();
  /** A check is waiting for the current task's microtasks (scheduleCheck without a pause). */
  private checkInMicrotask = false;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private applyingDisk = false;
  private polling = false;
  private channel: ReturnType<typeof workspaceChannel>;
  /** Files this tab has announced as being edited (so it can say when they are settled). */
  private readonly announced = new Set<string>();
  /** Other tabs with unsaved edits, by file. */
  private readonly otherEditors = new Map<string, Set<string>>();
  readonly checker: CheckerClient;

  constructor() {
    this.checker = new CheckerClient(
      (result) => {
        this.timings.lastResultAt = performance.now();
        this.model = result.model;
        this.checkMilliseconds = result.milliseconds;
        this.capabilities = result.capabilities;
        this.checkerError = result.capabilities.check ? undefined : "The compiler is not available in this build.";
        // Deck lists are checked here, against the card names the worker just found (studio/src/table/decklist.ts).
        const decks = [...this.files.values()].filter((f) => f.kind === "deck").map((f) => ({ path: f.path, text: f.text() }));
        this.applyDiagnostics([...result.model.diagnostics, ...this.deckChecks.diagnostics(decks, result.model)]);
        this.timings.lastMarkersAt = performance.now();
        this.changed();
      },
      (message) => {
        this.checkerError = message;
        this.changed();
      },
    );
  }

  // --- subscription (useSyncExternalStore) ---------------------------------------------
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): number => this.revision;
  private changed(): void {
    this.revision++;
    for (const listener of this.listeners) listener();
  }

  // --- loading -------------------------------------------------------------------------
  /** Opens the workspace: `prefetched` are the requests main.tsx started before the studio's code was read. */
  async load(prefetched?: Prefetched): Promise<void> {
    try {
      // One request: the listing with the files' texts (a request per file made the load wait on the slowest).
      const [listing, tabId] = await Promise.all([prefetched?.listing ?? api.workspaceWithContents(), prefetched?.tabId ?? claimTabId()]);
      this.name = listing.name;
      if (listing.assets) this.checker.setAssets(listing.assets);
      // An older server without ids: the name, as before (drafts of a same-named folder are then only offered).
      this.workspaceId = listing.id ?? `name:${listing.name}`;
      this.tabId = tabId;
      // A file the server will not read (too large, not text) is not opened: it never fails the load.
      const opened = listing.files.filter((f) => f.kind !== "other" && f.readable !== false);
      // A server without contents in its listing: each file by itself, as before.
      const contents = await Promise.all(opened.map((f) => (f.text !== undefined ? { path: f.path, text: f.text, version: f.version } : api.read(f.path))));
      for (const content of contents) this.addFile(content.path, content.text, content.version);
      await this.restoreDrafts();
      this.channel = workspaceChannel(this.workspaceId, (message) => this.fromOtherTab(message));
      // Restored drafts are edits in progress too; and the tabs already open say what they edit.
      for (const file of this.files.values()) if (file.state === "unsaved" || file.state === "conflict") this.announce(file);
      this.channel?.post({ type: "who-edits", tab: this.tabId });
      const firstSet = [...this.files.values()].find((f) => f.kind === "cards") ?? this.files.values().next().value;
      const fromHash = decodeURIComponent(location.hash.replace(/^#/, ""));
      this.activePath = this.files.has(fromHash) ? fromHash : firstSet?.path;
      // The workspace's first check (and the checker worker's start) after the first editor is drawn.
      this.scheduleCheck(0);
      this.pollTimer = setInterval(() => void this.poll(), POLL_MS);
      window.addEventListener("beforeunload", () => {
        this.flushDrafts();
        drafts.keepUnconfirmed();
        for (const path of this.announced) this.channel?.post({ type: "settled", tab: this.tabId, path });
      });
      // A page leaving without beforeunload (a tab discarded or frozen for the back/forward cache) keeps its drafts too.
      window.addEventListener("pagehide", () => {
        this.flushDrafts();
        drafts.keepUnconfirmed();
      });
    } catch (error) {
      this.loadError = error instanceof Error ? error.message : String(error);
    }
    this.changed();
  }

  private addFile(path: string, text: string, diskVersion: string | null): WorkspaceFile {
    const file = new WorkspaceFile(path, kindOfPath(path), text, diskVersion, (made, model) =>
      model.onDidChangeContent(() => {
        if (this.applyingDisk) return;
        this.edited(made);
      }),
    );
    this.files.set(path, file);
    return file;
  }

  /**
   * Drafts in storage: this tab's own (left by a reload) are restored as unsaved edits when
   * they were made on the version still on disk; when the disk moved on, or the draft is a
   * closed tab's, it is offered instead (restore or discard), never applied or autosaved by
   * itself. A live tab's drafts are that tab's business and are left alone.
   */
  private async restoreDrafts(): Promise<void> {
    const stored = await drafts.list(this.workspaceId, this.name);
    const foreign = stored.filter((d) => d.tab !== this.tabId);
    const live = foreign.length ? await liveTabIds() : undefined;
    for (const entry of stored) {
      if (entry.tab === this.tabId) this.restoreOwnDraft(entry);
      else if (entry.tab && live?.has(entry.tab)) continue;
      else this.offer(entry, entry.tab ? "closed-tab" : "older-studio");
    }
  }

  private restoreOwnDraft(entry: StoredDraft): void {
    const { path, draft } = entry;
    const file = this.files.get(path);
    if (!file) {
      if (draft.baseVersion !== null) return this.offer(entry, "disk-moved-on"); // it was on disk when edited and is gone now
      const created = this.addFile(path, draft.text, null);
      created.state = "unsaved";
      this.scheduleAutosave(created);
      return;
    }
    if (draft.text === file.model.getValue()) {
      drafts.removeKey(entry.key);
      return;
    }
    if (draft.baseVersion !== file.diskVersion) return this.offer(entry, "disk-moved-on");
    this.withoutEvents(() => this.replaceText(file.model, draft.text));
    file.state = "unsaved";
    this.notice = `Restored unsaved edits to ${path}.`;
    this.scheduleAutosave(file);
  }

  private offer(entry: StoredDraft, reason: DraftOffer["reason"]): void {
    const file = this.files.get(entry.path);
    // The same text as the file has now: nothing to offer.
    if (file && file.model.getValue() === entry.draft.text) {
      drafts.removeKey(entry.key);
      return;
    }
    const offer: DraftOffer = { key: entry.key, path: entry.path, text: entry.draft.text, baseVersion: entry.draft.baseVersion, updatedAt: entry.draft.updatedAt, reason: entry.draft.baseVersion !== (file?.diskVersion ?? null) && reason !== "older-studio" ? "disk-moved-on" : reason };
    this.offers = [...this.offers.filter((o) => o.key !== offer.key), offer];
  }

  /**
   * Settles an offered draft. Restoring puts its text in the editor as this tab's unsaved edit;
   * when the disk moved on since it was made, as a conflict (keep mine / load the disk's), so
   * nothing reaches the disk until the designer chooses.
   */
  settleOffer(key: string, choice: "restore" | "discard"): void {
    const offer = this.offers.find((o) => o.key === key);
    if (!offer) return;
    this.offers = this.offers.filter((o) => o.key !== key);
    drafts.removeKey(offer.key);
    if (choice === "discard") return this.changed();
    let file = this.files.get(offer.path);
    if (!file) {
      file = this.addFile(offer.path, offer.text, null);
      if (offer.baseVersion !== null) {
        file.state = "conflict";
        file.conflict = { message: `"${offer.path}" was deleted on disk after these edits were made.`, diskText: null, diskVersion: null };
      } else {
        file.state = "unsaved";
        this.scheduleAutosave(file);
      }
    } else {
      const diskText = file.model.getValue();
      this.withoutEvents(() => this.replaceText(file!.model, offer.text));
      if (offer.baseVersion === file.diskVersion && file.state !== "conflict") {
        file.state = "unsaved";
        this.scheduleAutosave(file);
      } else {
        file.state = "conflict";
        clearTimeout(this.autosaveTimers.get(file.path));
        file.conflict = file.conflict ?? { message: `"${offer.path}" changed on disk after these edits were made.`, diskText, diskVersion: file.diskVersion };
      }
    }
    this.writeDraft(file);
    this.open(offer.path);
    this.scheduleCheck();
    this.changed();
  }

  /**
   * Puts `text` in a model as the smallest edits (./minimal-edits.ts), not a whole-model
   * replace: every editor's cursor, selection and scroll stay with the text around them.
   */
  private replaceText(model: monaco.editor.ITextModel, text: string): void {
    const before = model.getValue();
    if (before === text) return;
    const edits = minimalEdits(before, text).map((edit) => {
      const start = model.getPositionAt(edit.start);
      const end = model.getPositionAt(edit.end);
      return { range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: edit.text, forceMoveMarkers: false };
    });
    // The line at the top of each editor showing this model is tracked through the edits, so the
    // view keeps showing the same text (Monaco alone keeps the scroll offset, not the text).
    const views = monaco.editor.getEditors().filter((e) => e.getModel() === model).map((editor) => {
      const top = editor.getVisibleRanges()[0]?.startLineNumber ?? 1;
      const within = editor.getScrollTop() - editor.getTopForLineNumber(top);
      const [anchor] = model.deltaDecorations([], [{ range: new monaco.Range(top, 1, top, 1), options: { stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges } }]);
      return { editor, anchor: anchor!, within };
    });
    model.pushStackElement();
    model.pushEditOperations(null, edits, () => null);
    model.pushStackElement();
    for (const { editor, anchor, within } of views) {
      const line = model.getDecorationRange(anchor)?.startLineNumber;
      model.deltaDecorations([anchor], []);
      if (line !== undefined) editor.setScrollTop(editor.getTopForLineNumber(line) + within, monaco.editor.ScrollType.Immediate);
    }
    // Line endings the model normalises (a lone CR, mixed CRLF): then the whole text, exactly.
    if (model.getValue() !== text) model.setValue(text);
  }

  private fromOtherTab(message: TabMessage): void {
    if (message.tab === this.tabId) return;
    if (message.type === "who-edits") {
      for (const path of this.announced) this.channel?.post({ type: "editing", tab: this.tabId, path });
      return;
    }
    if (message.type === "saved") void this.poll();
    const editors = this.otherEditors.get(message.path) ?? new Set<string>();
    if (message.type === "editing") editors.add(message.tab);
    else editors.delete(message.tab);
    this.otherEditors.set(message.path, editors);
    const file = this.files.get(message.path);
    if (file && file.editedInOtherTab !== editors.size > 0) {
      file.editedInOtherTab = editors.size > 0;
      this.changed();
    }
  }

  // --- editing and saving -----------------------------------------------------------------
  private edited(file: WorkspaceFile): void {
    this.timings.lastEditAt = performance.now();
    const before = file.state;
    if (file.state !== "conflict") file.state = "unsaved";
    this.announce(file);
    this.scheduleDraft(file);
    this.scheduleAutosave(file);
    this.scheduleCheck();
    // The views show an edit through its check's result (which always follows); until then only a new save
    // state is news. Drawing the whole page again on every keystroke was main-thread work in the typing path.
    if (file.state !== before) this.changed();
  }

  private scheduleDraft(file: WorkspaceFile): void {
    clearTimeout(this.draftTimers.get(file.path));
    this.draftTimers.set(
      file.path,
      // A pause in the typing, so a burst of keystrokes is one write (a reload still flushes at once, see flushDrafts).
      setTimeout(() => this.writeDraft(file), DRAFT_MS),
    );
  }

  private writeDraft(file: WorkspaceFile): void {
    this.draftTimers.delete(file.path);
    if (file.state === "saved" || !this.workspaceId) return;
    void drafts.put(this.workspaceId, this.tabId, file.path, { text: file.model.getValue(), baseVersion: file.diskVersion, updatedAt: Date.now() });
  }

  flushDrafts(): void {
    for (const [path, timer] of this.draftTimers) {
      clearTimeout(timer);
      const file = this.files.get(path);
      if (file) this.writeDraft(file);
    }
  }

  private scheduleAutosave(file: WorkspaceFile): void {
    clearTimeout(this.autosaveTimers.get(file.path));
    if (file.state === "conflict") return;
    this.autosaveTimers.set(
      file.path,
      setTimeout(() => void this.save(file.path), AUTOSAVE_MS),
    );
  }

  async save(path: string, options: { overwriteVersion?: string | null } = {}): Promise<void> {
    const file = this.files.get(path);
    if (!file) return;
    clearTimeout(this.autosaveTimers.get(path));
    if (file.state === "saving" || (file.state === "conflict" && options.overwriteVersion === undefined)) return;
    if (file.state === "saved") return;
    const text = file.model.getValue();
    const base = options.overwriteVersion !== undefined ? options.overwriteVersion : file.diskVersion;
    file.saves++;
    file.state = "saving";
    this.changed();
    try {
      const written = await api.write(path, text, base);
      file.diskVersion = written.version;
      file.conflict = undefined;
      file.error = undefined;
      if (file.model.getValue() === text) {
        file.state = "saved";
        clearTimeout(this.draftTimers.get(path));
        this.settled(file);
        this.channel?.post({ type: "saved", tab: this.tabId, path, version: written.version });
      } else {
        file.state = "unsaved";
        this.scheduleDraft(file);
        this.scheduleAutosave(file);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        file.state = "conflict";
        file.conflict = {
          message: error.message,
          diskText: typeof error.body.text === "string" ? error.body.text : null,
          diskVersion: typeof error.body.version === "string" ? error.body.version : null,
        };
        this.writeDraft(file);
      } else {
        file.state = "error";
        file.error = error instanceof Error ? error.message : String(error);
        this.writeDraft(file);
        // Retry later: a server restart must not lose the edit.
        this.autosaveTimers.set(path, setTimeout(() => { if (file.state === "error") { file.state = "unsaved"; void this.save(path); } }, 3000));
      }
    }
    this.changed();
  }

  /** Settles a conflict: keep the editor's text (overwrite the disk) or take the disk's. */
  async resolveConflict(path: string, choice: "keep-mine" | "take-disk"): Promise<void> {
    const file = this.files.get(path);
    if (!file?.conflict) return;
    const conflict = file.conflict;
    if (choice === "keep-mine") {
      file.state = "unsaved";
      await this.save(path, { overwriteVersion: conflict.diskVersion });
      return;
    }
    if (conflict.diskText === null) {
      this.discard(path);
      return;
    }
    this.withoutEvents(() => this.replaceText(file.model, conflict.diskText!));
    file.diskVersion = conflict.diskVersion;
    file.conflict = undefined;
    file.state = "saved";
    this.settled(file);
    this.scheduleCheck();
    this.changed();
  }

  private withoutEvents(action: () => void): void {
    this.applyingDisk = true;
    try {
      action();
    } finally {
      this.applyingDisk = false;
    }
  }

  private async stillOnDisk(path: string): Promise<boolean> {
    try {
      await api.read(path);
      return true;
    } catch (error) {
      return !(error instanceof ApiError && error.status === 404);
    }
  }

  /** Notices files changed, added or deleted on disk by someone else. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const listing = await api.workspace();
      const onDisk = new Map(listing.files.filter((f) => f.kind !== "other" && f.readable !== false).map((f) => [f.path, f]));
      // An image added, removed or replaced changes what card art may name: checked again.
      let touched = listing.assets !== undefined && this.checker.setAssets(listing.assets);
      for (const entry of onDisk.values()) {
        const file = this.files.get(entry.path);
        if (!file) {
          const content = await api.read(entry.path);
          if (!this.files.has(entry.path)) this.addFile(content.path, content.text, content.version);
          touched = true;
          continue;
        }
        if (file.diskVersion === entry.version || file.state === "saving") continue;
        if (file.conflict && file.conflict.diskVersion === entry.version) continue;
        const savesBefore = file.saves;
        const content = await api.read(entry.path);
        // The listing may predate our own save that finished meanwhile: the fresh read is the truth — unless
        // a save of ours started while it was on its way: the server may have read the file before that save
        // wrote it, so the read can be older than the editor's text. Taking it would put the editor back to
        // the older text (or call the editor's own save a change on disk); the next poll reads again.
        if (file.saves !== savesBefore || (file.state as SaveState) === "saving" || content.version === file.diskVersion) continue;
        if (file.state === "saved") {
          this.withoutEvents(() => this.replaceText(file.model, content.text));
          file.diskVersion = content.version;
          this.notice = `Reloaded ${file.path}: it changed on disk.`;
        } else {
          file.state = "conflict";
          file.conflict = { message: `"${file.path}" changed on disk while you were editing it.`, diskText: content.text, diskVersion: content.version };
          clearTimeout(this.autosaveTimers.get(file.path));
        }
        touched = true;
      }
      for (const file of [...this.files.values()]) {
        if (onDisk.has(file.path) || file.diskVersion === null || file.state === "saving") continue;
        // A listing taken before this file's first save does not show it: only a failed read means deleted.
        if (await this.stillOnDisk(file.path)) continue;
        if (file.state === "saved") this.discard(file.path);
        else if (!file.conflict) {
          file.state = "conflict";
          file.conflict = { message: `"${file.path}" was deleted on disk while you were editing it.`, diskText: null, diskVersion: null };
        }
        touched = true;
      }
      if (touched) {
        this.scheduleCheck();
        this.changed();
      }
    } catch {
      // The server may be restarting; the next poll tries again.
    } finally {
      this.polling = false;
    }
  }

  // --- files: create, rename, delete ---------------------------------------------------
  async create(path: string, text: string): Promise<void> {
    const written = await api.write(path, text, null);
    const file = this.addFile(written.path, written.text, written.version);
    this.activePath = file.path;
    this.scheduleCheck();
    this.changed();
  }

  async rename(from: string, to: string): Promise<void> {
    const file = this.files.get(from);
    if (!file) return;
    if (file.state !== "saved") await this.save(from);
    // Renaming moves what is on disk: the editor's text must be that text, or the edit would be lost.
    if (file.state !== "saved") throw new Error(`Save ${from} (or settle its conflict with the disk) before renaming it.`);
    if (file.diskVersion === null) throw new Error(`${from} is not on disk yet: save it before renaming it.`);
    const entry = await api.rename(from, to, file.diskVersion);
    const text = file.model.getValue();
    this.discard(from);
    const renamed = this.addFile(entry.path, text, entry.version);
    if (this.activePath === from || this.activePath === undefined) this.activePath = renamed.path;
    this.scheduleCheck();
    this.changed();
  }

  async remove(path: string): Promise<void> {
    const file = this.files.get(path);
    if (!file) return;
    if (file.diskVersion !== null) await api.remove(path, file.diskVersion);
    this.discard(path);
    this.scheduleCheck();
    this.changed();
  }

  private discard(path: string): void {
    const file = this.files.get(path);
    if (!file) return;
    clearTimeout(this.autosaveTimers.get(path));
    clearTimeout(this.draftTimers.get(path));
    this.settled(file);
    file.dispose();
    this.files.delete(path);
    if (this.activePath === path) this.activePath = [...this.files.keys()][0];
    this.changed();
  }

  /** Tells the other tabs of this workspace that this tab has unsaved edits to the file. */
  private announce(file: WorkspaceFile): void {
    if (this.announced.has(file.path)) return;
    this.announced.add(file.path);
    this.channel?.post({ type: "editing", tab: this.tabId, path: file.path });
  }

  /** The file has no unsaved edits in this tab any more: its draft goes, and the other tabs hear it. */
  private settled(file: WorkspaceFile): void {
    drafts.remove(this.workspaceId, this.tabId, file.path);
    if (this.announced.delete(file.path)) this.channel?.post({ type: "settled", tab: this.tabId, path: file.path });
  }

  /** Shows a one-line notice above the editor (dismissable); undefined clears it. */
  say(message: string | undefined): void {
    this.notice = message;
    this.changed();
  }

  open(path: string): void {
    if (!this.files.has(path)) return;
    this.activePath = path;
    history.replaceState(null, "", "#" + encodeURIComponent(path));
    this.changed();
  }

  // --- checking ------------------------------------------------------------------------
  /** Without a delay: once the current task is done (an edit). With one (0 at load: after the first render): a timer. */
  scheduleCheck(delay?: number): void {
    clearTimeout(this.checkTimer);
    if (delay !== undefined) {
      this.checkTimer = setTimeout(() => this.checkNow(), delay);
      return;
    }
    // No pause: the check is posted in a microtask — after the other edits of the same task (a paste, a
    // multi-cursor edit) and before React re-renders the page for this edit, so the worker starts at once.
    this.checkTimer = undefined;
    if (this.checkInMicrotask) return;
    this.checkInMicrotask = true;
    queueMicrotask(() => {
      if (this.checkInMicrotask) this.checkNow();
    });
  }

  private checkNow(): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
    this.checkInMicrotask = false;
    // The files themselves: the client sends each one's edits, or its text when the worker has none of it.
    this.checker.check([...this.files.values()].filter(isCompilerInput));
  }

  /**
   * Resolves when the checker has analysed the text as it is now: a check still waiting for
   * the typing pause starts at once, and a running one (the workspace's first, on a loaded
   * machine, takes seconds) is waited for. Go to definition and hover ask after this, so
   * they never answer from a stale analysis, nor from none.
   */
  async checked(): Promise<void> {
    if (this.checkTimer !== undefined || this.checkInMicrotask) this.checkNow();
    await this.checker.idle();
  }

  sourceFiles(): SourceFile[] {
    return [...this.files.values()].filter(isCompilerInput).map((f) => ({ path: f.path, text: f.text() }));
  }

  private applyDiagnostics(diagnostics: Diagnostic[]): void {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) (byFile.get(d.file) ?? byFile.set(d.file, []).get(d.file)!).push(d);
    for (const path of [...this.markerKeys.keys()]) if (!this.files.has(path)) this.forgetMarkerKeys(path);
    for (const file of this.files.values()) {
      const list = byFile.get(file.path) ?? [];
      // Markers are set again only where they may differ: new diagnostics, or an edited text (a marker moves with
      // the text it is on). Setting every file's markers on every keystroke was work linear in the workspace.
      const version = file.model.getVersionId();
      if (this.markedVersions.get(file.model) === version && sameDiagnostics(file.diagnostics, list)) {
        file.diagnostics = list;
        continue;
      }
      file.diagnostics = list;
      this.markedVersions.set(file.model, version);
      this.forgetMarkerKeys(file.path);
      const keys: string[] = [];
      this.markerKeys.set(file.path, keys);
      monaco.editor.setModelMarkers(
        file.model,
        "cardwright",
        list.map((d) => {
          const marker = {
            startLineNumber: d.range.start.line,
            startColumn: d.range.start.column,
            endLineNumber: d.range.end.line,
            endColumn: Math.max(d.range.end.column, d.range.start.line === d.range.end.line ? d.range.start.column + 1 : d.range.end.column),
            severity: d.severity === "error" ? monaco.MarkerSeverity.Error : d.severity === "warning" ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info,
            message: d.message + (d.suggestion ? ` Did you mean "${d.suggestion}"?` : ""),
            code: d.code,
            source: "cardwright",
          };
          const key = suggestionKey(file.path, marker);
          if (d.suggestion) this.suggestions.set(key, d.suggestion);
          if (d.fix) this.fixes.set(key, d.fix);
          if (d.suggestion || d.fix) keys.push(key);
          return marker;
        }),
      );
    }
  }

  private forgetMarkerKeys(path: string): void {
    for (const key of this.markerKeys.get(path) ?? []) {
      this.suggestions.delete(key);
      this.fixes.delete(key);
    }
    this.markerKeys.delete(path);
  }

  // --- queries the views use ------------------------------------------------------------
  gameFor(path: string | undefined): GameModel | undefined {
    const model = this.model;
    if (!model) return undefined;
    const set = model.sets.find((s) => s.file === path);
    return model.games.find((g) => (set ? g.id === set.game : g.file === path)) ?? (set ? undefined : model.games[0]);
  }

  cardsIn(path: string | undefined): CardModel[] {
    return this.model?.sets.filter((s) => s.file === path).flatMap((s) => s.cards) ?? [];
  }

  /** The card whose text contains `offset` in `path`, else the nearest card above it (else the file's first card). */
  cardAt(path: string | undefined, offset: number): CardModel | undefined {
    let best: CardModel | undefined;
    let first: CardModel | undefined;
    for (const set of this.model?.sets ?? []) {
      if (set.file !== path) continue;
      const cards = set.cards;
      first ??= cards[0];
      // A set's cards are in text order: the last one starting at or before `offset` (asked on every cursor move).
      let low = 0;
      let high = cards.length - 1;
      let found: CardModel | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (cards[middle]!.range.start.offset <= offset) {
          found = cards[middle];
          low = middle + 1;
        } else high = middle - 1;
      }
      if (found && (!best || found.range.start.offset > best.range.start.offset)) best = found;
    }
    return best ?? first;
  }

  /** What the file tree shows, as one string: the tree is drawn again only when it changes. */
  fileListKey(): string {
    let key = `${this.name}\n${this.activePath ?? ""}`;
    for (const file of this.files.values()) key += `\n${file.path}\t${file.kind}\t${file.state}\t${errorCount(file)}`;
    return key;
  }

  dispose(): void {
    clearInterval(this.pollTimer);
    this.channel?.close();
    this.checker.dispose();
  }
}

// Deck lists are the table's (studio/src/table/decklist.ts), not compiler input.
function isCompilerInput(file: WorkspaceFile): boolean {
  return file.kind !== "other" && file.kind !== "deck";
}

export function errorCount(file: WorkspaceFile): number {
  let errors = 0;
  for (const d of file.diagnostics) if (d.severity === "error") errors++;
  return errors;
}

/** Do two lists of a file's diagnostics give the same markers, suggestions and fixes? */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.code !== y.code || x.severity !== y.severity || x.message !== y.message || x.suggestion !== y.suggestion) return false;
    if (x.range.start.line !== y.range.start.line || x.range.start.column !== y.range.start.column || x.range.end.line !== y.range.end.line || x.range.end.column !== y.range.end.column) return false;
    if ((x.fix || y.fix) && JSON.stringify(x.fix) !== JSON.stringify(y.fix)) return false;
  }
  return true;
}

export function suggestionKey(path: string, range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number; code?: string | { value: string } }): string {
  const code = typeof range.code === "object" ? range.code.value : range.code;
  return `${path}:${range.startLineNumber}:${range.startColumn}:${range.endLineNumber}:${range.endColumn}:${code ?? ""}`;
}
