/**
 * The workspace as the page sees it: one Monaco model per file, each with the disk version
 * it was read at, a save state, and (when the disk and the editor disagree) a conflict
 * for the designer to settle. Edits go to localStorage at once, to disk after a short pause
 * (autosave), and to the checker worker after a shorter one.
 */
import * as monaco from "monaco-editor/editor";
import type { Diagnostic } from "../../../compiler/diagnostics.ts";
import type { CardModel, GameModel, SourceFile, WorkspaceModel } from "../../../compiler/model.ts";
import { ApiError, api, type FileEntry } from "../api.ts";
import { CheckerClient } from "../worker/client.ts";
import type { Capabilities } from "../worker/protocol.ts";
import { drafts } from "./drafts.ts";
import { deckDiagnostics } from "../../../compiler/decklist.ts";

export const LANGUAGE_ID = "cardwright";
export type SaveState = "saved" | "unsaved" | "saving" | "conflict" | "error";

export interface Conflict {
  message: string;
  /** What is on disk now (null: the file was deleted on disk). */
  diskText: string | null;
  diskVersion: string | null;
}

export interface WorkspaceFile {
  path: string;
  kind: FileEntry["kind"];
  model: monaco.editor.ITextModel;
  /** The version on disk this editor text is based on; null when the file is not on disk yet. */
  diskVersion: string | null;
  state: SaveState;
  conflict?: Conflict;
  error?: string;
  diagnostics: Diagnostic[];
}

// `?autosaveMs=N` lengthens the pause (the browser tests use it to reload with edits still unsaved).
const AUTOSAVE_MS = Number(new URLSearchParams(location.search).get("autosaveMs")) || 700;
const CHECK_MS = 120;
const POLL_MS = 2000;

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
  readonly files = new Map<string, WorkspaceFile>();
  activePath: string | undefined;
  model: WorkspaceModel | undefined;
  checkMilliseconds: number | undefined;
  checkerError: string | undefined;
  capabilities: Capabilities | undefined;
  loadError: string | undefined;
  notice: string | undefined;
  /** When the last edit happened and when the last check result arrived (performance.now()), for the bench. */
  readonly timings = { lastEditAt: 0, lastResultAt: 0 };
  /** Suggested replacements by marker position, for the "did you mean" quick fixes. */
  readonly suggestions = new Map<string, string>();

  private revision = 0;
  private readonly listeners = new Set<() => void>();
  private readonly autosaveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private applyingDisk = false;
  private polling = false;
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
        const decks = [...this.files.values()].filter((f) => f.kind === "deck").map((f) => ({ path: f.path, text: f.model.getValue() }));
        this.applyDiagnostics([...result.model.diagnostics, ...deckDiagnostics(decks, result.model)]);
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
  async load(): Promise<void> {
    try {
      const listing = await api.workspace();
      this.name = listing.name;
      const contents = await Promise.all(listing.files.filter((f) => f.kind !== "other").map((f) => api.read(f.path)));
      for (const content of contents) this.addFile(content.path, content.text, content.version);
      this.restoreDrafts();
      const firstSet = [...this.files.values()].find((f) => f.kind === "cards") ?? this.files.values().next().value;
      const fromHash = decodeURIComponent(location.hash.replace(/^#/, ""));
      this.activePath = this.files.has(fromHash) ? fromHash : firstSet?.path;
      this.scheduleCheck(0);
      this.pollTimer = setInterval(() => void this.poll(), POLL_MS);
      window.addEventListener("beforeunload", () => this.flushDrafts());
    } catch (error) {
      this.loadError = error instanceof Error ? error.message : String(error);
    }
    this.changed();
  }

  private addFile(path: string, text: string, diskVersion: string | null): WorkspaceFile {
    const model = monaco.editor.createModel(text, LANGUAGE_ID, uriFor(path));
    const file: WorkspaceFile = { path, kind: kindOfPath(path), model, diskVersion, state: "saved", diagnostics: [] };
    this.files.set(path, file);
    model.onDidChangeContent(() => {
      if (this.applyingDisk) return;
      this.edited(file);
    });
    return file;
  }

  /** Drafts left by a reload or a crash: restored as unsaved edits, or as a conflict when the disk moved on. */
  private restoreDrafts(): void {
    for (const path of drafts.paths(this.name)) {
      const draft = drafts.get(this.name, path);
      if (!draft) continue;
      let file = this.files.get(path);
      if (!file) {
        if (draft.baseVersion !== null) {
          // It was on disk when edited and is gone now: keep the text, and say so.
          file = this.addFile(path, draft.text, null);
          file.state = "conflict";
          file.conflict = { message: `"${path}" was deleted on disk while it had unsaved edits.`, diskText: null, diskVersion: null };
          continue;
        }
        file = this.addFile(path, draft.text, null);
        file.state = "unsaved";
        this.scheduleAutosave(file);
        continue;
      }
      if (draft.text === file.model.getValue()) {
        drafts.remove(this.name, path);
        continue;
      }
      const diskText = file.model.getValue();
      this.withoutEvents(() => file.model.setValue(draft.text));
      if (draft.baseVersion === file.diskVersion) {
        file.state = "unsaved";
        this.notice = `Restored unsaved edits to ${path}.`;
        this.scheduleAutosave(file);
      } else {
        file.state = "conflict";
        file.conflict = { message: `"${path}" changed on disk since your unsaved edits.`, diskText, diskVersion: file.diskVersion };
      }
    }
  }

  // --- editing and saving -----------------------------------------------------------------
  private edited(file: WorkspaceFile): void {
    this.timings.lastEditAt = performance.now();
    if (file.state !== "conflict") file.state = "unsaved";
    this.scheduleDraft(file);
    this.scheduleAutosave(file);
    this.scheduleCheck();
    this.changed();
  }

  private scheduleDraft(file: WorkspaceFile): void {
    clearTimeout(this.draftTimers.get(file.path));
    this.draftTimers.set(
      file.path,
      // localStorage writes block the page (≈0.3 s for a 2,000-card file): a big file waits for a
      // longer pause in the typing (a reload still flushes at once, see flushDrafts).
      setTimeout(() => this.writeDraft(file), Math.min(2_000, 150 + Math.floor(file.model.getValueLength() / 400))),
    );
  }

  private writeDraft(file: WorkspaceFile): void {
    this.draftTimers.delete(file.path);
    if (file.state === "saved") return;
    drafts.put(this.name, file.path, { text: file.model.getValue(), baseVersion: file.diskVersion, updatedAt: Date.now() });
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
        drafts.remove(this.name, path);
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
    this.withoutEvents(() => file.model.setValue(conflict.diskText!));
    file.diskVersion = conflict.diskVersion;
    file.conflict = undefined;
    file.state = "saved";
    drafts.remove(this.name, path);
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
      const onDisk = new Map(listing.files.filter((f) => f.kind !== "other").map((f) => [f.path, f]));
      let touched = false;
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
        const content = await api.read(entry.path);
        // The listing may predate our own save that finished meanwhile: the fresh read is the truth.
        if ((file.state as SaveState) === "saving" || content.version === file.diskVersion) continue;
        if (file.state === "saved") {
          this.withoutEvents(() => file.model.setValue(content.text));
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
    const entry = await api.rename(from, to);
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
    drafts.remove(this.name, path);
    file.model.dispose();
    this.files.delete(path);
    if (this.activePath === path) this.activePath = [...this.files.keys()][0];
    this.changed();
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
  scheduleCheck(delay = CHECK_MS): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.checkNow(), delay);
  }

  private checkNow(): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
    this.checker.check(this.sourceFiles());
  }

  /**
   * Resolves when the checker has analysed the text as it is now: a check still waiting for
   * the typing pause starts at once, and a running one (the workspace's first, on a loaded
   * machine, takes seconds) is waited for. Go to definition and hover ask after this, so
   * they never answer from a stale analysis, nor from none.
   */
  async checked(): Promise<void> {
    if (this.checkTimer !== undefined) this.checkNow();
    await this.checker.idle();
  }

  sourceFiles(): SourceFile[] {
    // Deck lists are the table's (studio/src/table/decklist.ts), not compiler input.
    return [...this.files.values()].filter((f) => f.kind !== "other" && f.kind !== "deck").map((f) => ({ path: f.path, text: f.model.getValue() }));
  }

  private applyDiagnostics(diagnostics: Diagnostic[]): void {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
    this.suggestions.clear();
    for (const file of this.files.values()) {
      const list = byFile.get(file.path) ?? [];
      file.diagnostics = list;
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
          if (d.suggestion) this.suggestions.set(suggestionKey(file.path, marker), d.suggestion);
          return marker;
        }),
      );
    }
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

  /** The card whose text contains `offset` in `path`, else the nearest card above it. */
  cardAt(path: string | undefined, offset: number): CardModel | undefined {
    const cards = this.cardsIn(path);
    let best: CardModel | undefined;
    for (const card of cards) {
      if (card.range.start.offset <= offset) {
        if (!best || card.range.start.offset > best.range.start.offset) best = card;
      }
    }
    return best ?? cards[0];
  }

  dispose(): void {
    clearInterval(this.pollTimer);
    this.checker.dispose();
  }
}

export function suggestionKey(path: string, range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number; code?: string | { value: string } }): string {
  const code = typeof range.code === "object" ? range.code.value : range.code;
  return `${path}:${range.startLineNumber}:${range.startColumn}:${range.endLineNumber}:${range.endColumn}:${code ?? ""}`;
}
