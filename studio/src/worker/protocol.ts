/** Messages between the studio page and its checker worker (structured-clone friendly). */
import type { SourceFile } from "../../../compiler/model.ts";
import type { WorkspaceAsset } from "../../../compiler/art.ts";
import type { Range } from "../../../compiler/diagnostics.ts";
import type { ModelDelta } from "./model-delta.ts";
import type { DeckSource, DocumentSymbol, Location, RenameResult } from "../../../compiler/check-query.ts";
import type { AbilityReading } from "../../../compiler/engine-warnings.ts";

export interface Reference {
  kind: string;
  name: string;
  range: Range;
  definition?: { file: string; range: Range };
  detail?: string;
}

export interface CompletionEntry {
  label: string;
  kind: string;
  detail?: string;
  insertText?: string;
}

/** One change to a text, as Monaco reports it: `length` characters at `offset` became `text`. */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

/**
 * A file the worker has, edited since: `changes` turn its text into the page's (each list is one
 * Monaco change event, applied in order; within a list, from the end of the text backwards, so
 * every offset is the text's before that list). `length`: the page's text length after them.
 */
export interface FileEdits {
  path: string;
  changes: TextChange[][];
  length: number;
}

export type WorkerRequest =
  /**
   * Check the workspace whose files are `paths`, in this order: `changed` holds the files whose
   * text the worker does not have yet (new, or replaced whole); `edited` the edits to files it has
   * (a keystroke sends the keystroke, not the file); the others it has as they are.
   * `assets`: the workspace's images as the server lists them, when they changed since the last
   * check (absent: the ones the worker has; none ever sent: art is checked for its form only).
   */
  | { type: "check"; seq: number; paths: string[]; changed: SourceFile[]; edited?: FileEdits[]; assets?: WorkspaceAsset[] }
  | { type: "format"; id: number; path: string; text: string }
  | { type: "reference"; id: number; path: string; offset: number }
  /** `linePrefix`: the cursor's line up to the cursor, all completionsAt reads of the text (the file is not sent). */
  | { type: "completions"; id: number; path: string; linePrefix: string }
  /** Outline, find references and rename: the compiler's editor queries on the last analysis (deck lists sent along). */
  | { type: "query"; id: number; query: EditorQuery }
  /** The page lost track of the models it was sent: the next result goes across whole. */
  | { type: "forget" };

/** The lexer's own keyword patterns (regex sources), for the Monarch colouring. */
export interface LanguageVocabulary {
  statementPatterns: string[];
  wordPatterns: string[];
}

export type EditorQuery =
  | { kind: "symbols"; path: string }
  | { kind: "references"; path: string; offset: number; decks: DeckSource[] }
  | { kind: "rename"; path: string; offset: number; newName: string; decks: DeckSource[] }
  /** How the engine reads each ability of the card at `offset` (hover, card panel). */
  | { kind: "readsAs"; path: string; offset: number };

export type EditorQueryResult =
  | { kind: "symbols"; symbols: DocumentSymbol[] }
  | { kind: "references"; locations: Location[] }
  | { kind: "rename"; result: RenameResult }
  /** `card` undefined: no lowered card there. Ability offsets are in the file as last checked. */
  | { kind: "readsAs"; card?: string; abilities: AbilityReading[] };

export type WorkerResponse =
  | { type: "vocabulary"; vocabulary: LanguageVocabulary }
  | { type: "checked"; seq: number; model: ModelDelta; milliseconds: number; capabilities: Capabilities; phases?: CheckPhases }
  | { type: "formatted"; id: number; text?: string; error?: string }
  | { type: "reference"; id: number; reference?: Reference }
  | { type: "completions"; id: number; items?: CompletionEntry[] }
  | { type: "query"; id: number; result?: EditorQueryResult }
  | { type: "failed"; seq?: number; id?: number; error: string }
  /** The worker's text of a file disagreed with the page's after the edits: the page sends every text whole and checks again. */
  | { type: "resend"; seq: number };

/** Which parts of the compiler's public API were found, so the page can fall back where one is missing. */
export interface Capabilities {
  check: boolean;
  format: boolean;
  reference: boolean;
  completions: boolean;
}

/** Where a check's time went inside the worker: the compiler's analysis, then the engine warnings (CW6001). */
export interface CheckPhases {
  analyzeMs: number;
  engineMs: number;
}
