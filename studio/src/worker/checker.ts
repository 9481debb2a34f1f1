/**
 * The studio checker's work, without the worker around it (check.worker.ts posts its results;
 * the bench and the tests run it in Node): keeps the last analysis so an edit re-checks only
 * what it touched, adds the scenario checks and engine warnings (CW6001) as `cardwright check` does, and encodes
 * each result as a delta against what the page already holds.
 */
import { analyzeWorkspace, placedCards, placedSplice, type WorkspaceAnalysis } from "../../../compiler/workspace.ts";
import { EngineWarningCache, engineWarnings, type AbilityReading } from "../../../compiler/engine-warnings.ts";
import { scenarioDiagnostics } from "../../../compiler/scenario-check.ts";
import type { SourceFile, SourceInput, WorkspaceModel } from "../../../compiler/model.ts";
import { SourceText, type Text } from "../../../compiler/diagnostics.ts";
import type { EditSpan } from "../../../compiler/incremental.ts";
import type { WorkspaceAsset } from "../../../compiler/art.ts";
import { encodeModel, SentCards, type ModelDelta } from "./model-delta.ts";
import type { CheckPhases, FileEdits, TextChange } from "./protocol.ts";

export interface CheckOutcome {
  /** The model with the engine warnings, as the page will hold it. */
  model: WorkspaceModel;
  /** The same, encoded against what the page holds. */
  delta: ModelDelta;
  phases: CheckPhases;
}

export class WorkspaceChecker {
  private analysis: WorkspaceAnalysis | undefined;
  private model: WorkspaceModel | undefined;
  /** Lowerings kept between checks: only the cards whose text changed are lowered again. */
  private readonly engineCache = new EngineWarningCache();
  /** The card models the page holds (results go across as deltas against them). */
  private readonly sent = new SentCards();

  /** The workspace's images (the server's listing): card art is held to them as `cardwright check` holds it. */
  private assets: readonly WorkspaceAsset[] | undefined;

  /**
   * Checks `files`; `assets`, when given, replaces the images kept from earlier checks. `edits`: where
   * files changed since the last check, when known (checkChanges knows it of the files it applied edits to).
   */
  check(files: readonly SourceInput[], assets?: readonly WorkspaceAsset[], edits?: ReadonlyMap<string, EditSpan>): CheckOutcome {
    const started = performance.now();
    if (assets) this.assets = assets;
    // The previous analysis lets the compiler reuse every file whose text did not change, and
    // every card an edit did not touch.
    this.analysis = analyzeWorkspace(files, {
      ...(this.analysis ? { previous: this.analysis, ...(edits ? { edits } : {}) } : {}),
      ...(this.assets ? { assets: this.assets } : {}),
    });
    this.spans = new Map();
    this.sentWhole.clear();
    const analyzed = performance.now();
    // What `cardwright check` adds: every scenario name resolved against its game, and CW6001.
    const warnings = [...scenarioDiagnostics(this.analysis), ...engineWarnings(this.analysis, files, this.engineCache)];
    const model = { ...this.analysis.model, diagnostics: [...this.analysis.model.diagnostics, ...warnings] };
    const checked = performance.now();
    this.model = model;
    const analysis = this.analysis;
    const delta = encodeModel(model, this.sent, (file) => placedCards(analysis, file), placedSplice);
    return { model, delta, phases: { analyzeMs: analyzed - started, engineMs: checked - analyzed } };
  }

  /** The texts of the files the page sent, by path, in chunks: a keystroke copies one chunk, not the file. */
  private readonly texts = new Map<string, SourceText>();
  /** Where each edited file's text changed since the last analysis (the edits are known: the compiler need not search for them). */
  private spans = new Map<string, EditSpan>();
  /** Files sent whole since the last analysis: their edits since are not edits of the analysed text. */
  private readonly sentWhole = new Set<string>();

  /**
   * Checks the workspace of `paths` (in order), with the texts of `changed` replacing or adding to the
   * ones kept and `edited`'s changes applied to theirs. Throws `OutOfStep` (before checking) when an
   * edited text is not the page's: every text is then forgotten, and the page sends them whole.
   */
  checkChanges(paths: string[], changed: SourceFile[], assets?: readonly WorkspaceAsset[], edited: readonly FileEdits[] = []): CheckOutcome {
    for (const file of changed) {
      this.texts.set(file.path, SourceText.of(file.text));
      // Sent whole: the compiler compares it with the text it checked.
      this.spans.delete(file.path);
      this.sentWhole.add(file.path);
    }
    for (const { path, changes, length } of edited) {
      const text = this.texts.get(path);
      const after = text === undefined ? undefined : applyChanges(text, changes);
      if (after === undefined || after.length !== length) {
        this.texts.clear();
        this.spans.clear();
        throw new OutOfStep(path);
      }
      this.texts.set(path, after);
      if (!this.sentWhole.has(path)) this.spans.set(path, widenSpan(this.spans.get(path) ?? unchanged(text!), text!.length, changes));
    }
    const files: SourceInput[] = [];
    for (const path of paths) {
      const text = this.texts.get(path);
      if (text === undefined) throw new Error(`The page did not send the text of ${path}.`);
      files.push({ path, text });
    }
    const listed = new Set(paths);
    for (const path of [...this.texts.keys()]) if (!listed.has(path)) this.texts.delete(path);
    for (const path of [...this.spans.keys()]) if (!this.texts.has(path)) this.spans.delete(path);
    return this.check(files, assets, this.spans);
  }

  /** The analysis of the last check (editor queries answer against it). */
  lastAnalysis(): WorkspaceAnalysis | undefined {
    return this.analysis;
  }

  /** The card at `offset` of `path` with each ability as written and as the engine reads it (last check). */
  readingsAt(path: string, offset: number): { card: string; abilities: AbilityReading[] } | undefined {
    return this.analysis && this.engineCache.readingsAt(this.analysis, path, offset);
  }

  lastModel(): WorkspaceModel | undefined {
    return this.model;
  }

  /** The page lost track of the models it was sent: the next result goes across whole. */
  forget(): void {
    this.sent.clear();
  }
}

/** The worker's text of a file is not the page's (see `checkChanges`). */
export class OutOfStep extends Error {
  constructor(readonly path: string) {
    super(`The checker's copy of ${path} is out of step with the editor.`);
  }
}

/** The span of a text no edit has touched yet (widenSpan narrows it; the compiler clamps it to the texts). */
function unchanged(text: Text): EditSpan {
  return { prefix: text.length, suffix: text.length };
}

/**
 * `span` (of a text `length` characters long now) after `changes` are applied to that text, in
 * the order applyChanges applies them: what lies before every change and after every change is
 * what the text shared with the one the span started from.
 */
export function widenSpan(span: EditSpan, length: number, changes: readonly (readonly TextChange[])[]): EditSpan {
  let { prefix, suffix } = span;
  for (const list of changes) {
    for (const { offset, length: removed, text: inserted } of list) {
      prefix = Math.min(prefix, offset);
      suffix = Math.min(suffix, length - offset - removed);
      length += inserted.length - removed;
    }
  }
  return { prefix, suffix };
}

/** `text` with Monaco's change lists applied (see FileEdits); undefined when a change falls outside the text. */
export function applyChanges(text: SourceText, changes: readonly (readonly TextChange[])[]): SourceText | undefined {
  let result: SourceText | undefined = text;
  for (const list of changes) for (const { offset, length, text: inserted } of list) result = result?.edited(offset, length, inserted);
  return result;
}
