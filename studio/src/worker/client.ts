/** The page's side of the checker worker: latest-wins checks and request/response queries. */
import type { SourceFile, WorkspaceModel } from "../../../compiler/model.ts";
import type { WorkspaceAsset } from "../../../compiler/art.ts";
import type { Capabilities, CheckPhases, CompletionEntry, EditorQuery, EditorQueryResult, FileEdits, LanguageVocabulary, Reference, TextChange, WorkerRequest, WorkerResponse } from "./protocol.ts";
import CheckWorker from "./check.worker.ts?worker";
import { decodeModel } from "./model-delta.ts";

export interface CheckResult {
  model: WorkspaceModel;
  milliseconds: number;
  capabilities: Capabilities;
  phases?: CheckPhases;
}

/**
 * A file to check, as the page holds it: its text, and a revision that changes with it. A source
 * that keeps its changes (the studio's WorkspaceFile) lets an edit go to the worker as the edit.
 */
export interface CheckSource {
  readonly path: string;
  readonly revision: number;
  text(): string;
  /** The text's length now (to check the worker's copy after the changes). */
  length(): number;
  /** The changes from `revision` to now, or undefined when they are not known. */
  changesSince?(revision: number): TextChange[][] | undefined;
  /** The worker has the text at `revision`: changes before it are not needed again. */
  checkerHas?(revision: number): void;
}

type Distributive<T> = T extends unknown ? Omit<T, "id"> : never;

export class CheckerClient {
  /**
   * Started by the first request, not with the page: the worker's code (the compiler, the parser's set-up) would
   * otherwise compete with the page's own start for the CPU before the first editor is shown.
   */
  private started: Worker | undefined;
  private seq = 0;
  private nextId = 1;
  private inFlight = false;
  private queued: CheckSource[] | undefined;
  /** The workspace's images as last given (`setAssets`), and whether the worker has them yet. */
  private assets: WorkspaceAsset[] | undefined;
  private assetsSent = false;
  private readonly pending = new Map<number, (response: WorkerResponse) => void>();
  /** Waiting for the checks posted or queued so far to finish (see `idle`). */
  private idleWaiters: (() => void)[] = [];
  capabilities: Capabilities | undefined;
  private lastFiles: CheckSource[] | undefined;
  /** What the worker holds, by path: which source's text, at which revision (what the last check request sent or kept). */
  private sent = new Map<string, { source: CheckSource; revision: number }>();
  /** The last model received: the next result's unchanged cards are taken from it. */
  private lastModel: WorkspaceModel | undefined;
  /** Where the last check's time went inside the worker (for the bench). */
  lastPhases: CheckPhases | undefined;
  /** When (performance.now()) the last check was posted to the worker and its result received, before decoding (for the bench). */
  readonly timings = { postedAt: 0, receivedAt: 0 };
  onVocabulary: ((vocabulary: LanguageVocabulary) => void) | undefined;

  constructor(
    private readonly onResult: (result: CheckResult) => void,
    private readonly onError: (message: string) => void,
  ) {}

  private get worker(): Worker {
    if (this.started) return this.started;
    const worker = new CheckWorker({ name: "cardwright-checker" });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      this.inFlight = false;
      this.sent = new Map();
      this.assetsSent = false;
      this.queued = undefined;
      this.wakeIdle();
      this.onError(event.message || "The checker worker failed to start.");
    };
    this.started = worker;
    return worker;
  }

  /**
   * Resolves once no check is running or queued, so a query (reference, completion) answers
   * against the analysis of the text as it is now rather than a stale one, or none at all
   * while the first check of the workspace is still running.
   */
  idle(): Promise<void> {
    if (!this.inFlight && !this.queued) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * The workspace's images, from the server's listing: sent with the next check when they differ
   * from the ones given before. Returns whether they did (the caller then checks again).
   */
  setAssets(assets: WorkspaceAsset[]): boolean {
    if (this.assets && JSON.stringify(this.assets) === JSON.stringify(assets)) return false;
    this.assets = assets;
    this.assetsSent = false;
    return true;
  }

  /**
   * Checks the files. While a check runs, a newer request supersedes any waiting one (only the
   * newest state is checked next). Only what the worker does not have goes across: a file's edits
   * since the revision it has when they are known, else the file's text.
   */
  check(files: CheckSource[]): void {
    this.lastFiles = files;
    if (this.inFlight) {
      this.queued = files;
      return;
    }
    this.inFlight = true;
    const changed: SourceFile[] = [];
    const edited: FileEdits[] = [];
    const sent = new Map<string, { source: CheckSource; revision: number }>();
    for (const file of files) {
      const revision = file.revision;
      const held = this.sent.get(file.path);
      sent.set(file.path, { source: file, revision });
      if (held?.source === file && held.revision === revision) continue;
      const changes = held?.source === file ? file.changesSince?.(held.revision) : undefined;
      if (changes) edited.push({ path: file.path, changes, length: file.length() });
      else changed.push({ path: file.path, text: file.text() });
      file.checkerHas?.(revision);
    }
    this.sent = sent;
    const assets = this.assetsSent ? undefined : this.assets;
    this.assetsSent = true;
    this.timings.postedAt = performance.now();
    this.worker.postMessage({ type: "check", seq: ++this.seq, paths: files.map((f) => f.path), changed, ...(edited.length ? { edited } : {}), ...(assets ? { assets } : {}) } satisfies WorkerRequest);
  }

  private receive(response: WorkerResponse): void {
    if (response.type === "vocabulary") {
      this.onVocabulary?.(response.vocabulary);
      return;
    }
    if (response.type === "resend") {
      // Never expected: the worker forgot every text; they all go whole with the newest state.
      this.inFlight = false;
      this.sent = new Map();
      const next = this.queued ?? this.lastFiles;
      this.queued = undefined;
      if (next) this.check(next);
      else this.wakeIdle();
      return;
    }
    if (response.type === "checked" || (response.type === "failed" && response.seq !== undefined)) {
      this.timings.receivedAt = performance.now();
      this.inFlight = false;
      if (response.type === "checked") {
        this.capabilities = response.capabilities;
        this.lastPhases = response.phases;
        try {
          this.lastModel = decodeModel(response.model, this.lastModel);
          this.onResult({ model: this.lastModel, milliseconds: response.milliseconds, capabilities: response.capabilities, ...(response.phases ? { phases: response.phases } : {}) });
        } catch (error) {
          // Out of step with the worker (never expected): it forgets what it sent, the next result is whole.
          this.lastModel = undefined;
          this.worker.postMessage({ type: "forget" } satisfies WorkerRequest);
          this.onError(error instanceof Error ? error.message : String(error));
          if (!this.queued && this.lastFiles) this.queued = this.lastFiles;
        }
      } else {
        // The worker may have taken some of the texts before it failed: the next check sends them all whole.
        this.sent = new Map();
        this.onError(response.error);
      }
      if (this.queued) {
        const next = this.queued;
        this.queued = undefined;
        this.check(next);
      } else this.wakeIdle();
      return;
    }
    const id = "id" in response ? response.id : undefined;
    if (id !== undefined) {
      this.pending.get(id)?.(response);
      this.pending.delete(id);
    }
  }

  private request(message: Distributive<Exclude<WorkerRequest, { type: "check" } | { type: "forget" }>>): Promise<WorkerResponse> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...message, id });
    });
  }

  async format(path: string, text: string): Promise<{ text?: string; error?: string }> {
    const response = await this.request({ type: "format", path, text });
    if (response.type === "formatted") return response;
    return { error: response.type === "failed" ? response.error : "Unexpected answer from the checker." };
  }

  async reference(path: string, offset: number): Promise<Reference | undefined> {
    const response = await this.request({ type: "reference", path, offset });
    return response.type === "reference" ? response.reference : undefined;
  }

  /** Outline, find references, rename: undefined before the first check. */
  async query<K extends EditorQuery["kind"]>(query: Extract<EditorQuery, { kind: K }>): Promise<Extract<EditorQueryResult, { kind: K }> | undefined> {
    const response = await this.request({ type: "query", query } as Distributive<Exclude<WorkerRequest, { type: "check" } | { type: "forget" }>>);
    return response.type === "query" ? (response.result as Extract<EditorQueryResult, { kind: K }> | undefined) : undefined;
  }

  async completions(path: string, linePrefix: string): Promise<CompletionEntry[] | undefined> {
    const response = await this.request({ type: "completions", path, linePrefix });
    return response.type === "completions" ? response.items : undefined;
  }

  dispose(): void {
    this.started?.terminate();
  }
}
