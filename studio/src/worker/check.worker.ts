/**
 * The checker worker: runs the compiler's public API (the same `compiler/index.ts` the CLI
 * uses) off the UI thread. It keeps the last analysis so reference and completion queries
 * answer against what was checked most recently.
 */
import * as compiler from "../../../compiler/index.ts";
import { EngineWarningCache, engineWarnings } from "../../../compiler/engine-warnings.ts";
import type { WorkspaceAnalysis } from "../../../compiler/workspace.ts";
import { encodeModel, type SentCards } from "./model-delta.ts";
import * as lexer from "../../../grammar/lexer.ts";
import type { SourceFile, WorkspaceModel } from "../../../compiler/model.ts";
import type { Capabilities, CompletionEntry, LanguageVocabulary, Reference, WorkerRequest, WorkerResponse } from "./protocol.ts";

/** The parts of compiler/index.ts the studio uses; each is optional so a missing one degrades one feature. */
interface CompilerApi {
  checkWorkspace(files: SourceFile[]): WorkspaceModel;
  analyzeWorkspace(files: SourceFile[], options?: { previous?: unknown }): unknown;
  modelOf(analysis: unknown): WorkspaceModel;
  formatFile(text: string, path: string): { text?: string; diagnostics?: unknown[]; skipped?: string };
  referenceAt(analysis: unknown, path: string, offset: number): Reference | undefined;
  completionsAt(analysis: unknown, path: string, offset: number, text: string): CompletionEntry[];
}

const api = compiler as unknown as Partial<CompilerApi>;
let lastAnalysis: unknown;

function analysisModel(analysis: unknown): WorkspaceModel | undefined {
  if (api.modelOf) return api.modelOf(analysis);
  const candidate = analysis as { model?: WorkspaceModel } | undefined;
  return candidate?.model;
}

/** Lowerings kept between checks: only the cards whose text changed are lowered again. */
const engineCache = new EngineWarningCache();
/** The card models the page already holds (results go across as deltas against them). */
const sentCards: SentCards = new Map();
/** Where the last check's time went (the bench reports it). */
let phases: { analyzeMs: number; engineMs: number } | undefined;

function check(files: SourceFile[]): WorkspaceModel {
  if (api.analyzeWorkspace) {
    // The previous analysis lets the compiler reuse the parse of every file whose text did not
    // change, and of every card an edit did not touch.
    const started = performance.now();
    lastAnalysis = api.analyzeWorkspace(files, lastAnalysis ? { previous: lastAnalysis } : {});
    const model = analysisModel(lastAnalysis);
    const analyzed = performance.now();
    // What `cardwright check` adds: CW6001 for text that checks but the engine cannot run.
    const warnings = model ? engineWarnings(lastAnalysis as WorkspaceAnalysis, files, engineCache) : [];
    phases = { analyzeMs: analyzed - started, engineMs: performance.now() - analyzed };
    if (model) return { ...model, diagnostics: [...model.diagnostics, ...warnings] };
  }
  if (api.checkWorkspace) return api.checkWorkspace(files);
  throw new Error("The compiler's public API (checkWorkspace) is not available in this build.");
}

const capabilities: Capabilities = {
  check: typeof api.checkWorkspace === "function" || typeof api.analyzeWorkspace === "function",
  format: typeof api.formatFile === "function",
  reference: typeof api.referenceAt === "function" && typeof api.analyzeWorkspace === "function",
  completions: typeof api.completionsAt === "function" && typeof api.analyzeWorkspace === "function",
};

const post = (message: WorkerResponse) => (self as unknown as Worker).postMessage(message);

/** The lexer's keyword tokens, as regex sources split into statement words and the rest. */
function languageVocabulary(): LanguageVocabulary | undefined {
  type Token = { PATTERN?: unknown; CATEGORIES?: Token[]; name: string };
  const tokens = (lexer as unknown as { keywordTokens?: Record<string, Token> }).keywordTokens;
  if (!tokens) return undefined;
  const statementPatterns: string[] = [];
  const wordPatterns: string[] = [];
  for (const token of Object.values(tokens)) {
    if (!(token.PATTERN instanceof RegExp)) continue;
    const isStatement = (token.CATEGORIES ?? []).some((c) => c.name === "StatementStart");
    (isStatement ? statementPatterns : wordPatterns).push(token.PATTERN.source);
  }
  return { statementPatterns, wordPatterns };
}

const vocabulary = languageVocabulary();
if (vocabulary) post({ type: "vocabulary", vocabulary });

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case "check": {
        const started = performance.now();
        const model = check(request.files);
        post({ type: "checked", seq: request.seq, model: encodeModel(model, sentCards), milliseconds: performance.now() - started, capabilities, ...(phases ? { phases } : {}) });
        break;
      }
      case "format": {
        if (!api.formatFile) return post({ type: "formatted", id: request.id, error: "The formatter is not available in this build." });
        const result = api.formatFile(request.text, request.path);
        post(
          result.text !== undefined
            ? { type: "formatted", id: request.id, text: result.text }
            : { type: "formatted", id: request.id, error: result.skipped ?? "Fix the syntax errors first: the formatter needs a file that parses." },
        );
        break;
      }
      case "reference":
        post({ type: "reference", id: request.id, ...(capabilities.reference && lastAnalysis ? { reference: api.referenceAt!(lastAnalysis, request.path, request.offset) } : {}) });
        break;
      case "forget":
        sentCards.clear();
        break;
      case "query": {
        const analysis = lastAnalysis as WorkspaceAnalysis | undefined;
        if (!analysis) return post({ type: "query", id: request.id });
        const q = request.query;
        const result =
          q.kind === "symbols"
            ? { kind: "symbols" as const, symbols: compiler.documentSymbols(analysis, q.path) }
            : q.kind === "references"
              ? { kind: "references" as const, locations: compiler.referencesAt(analysis, q.path, q.offset, q.decks) }
              : { kind: "rename" as const, result: compiler.renameAt(analysis, q.path, q.offset, q.newName, q.decks) };
        post({ type: "query", id: request.id, result });
        break;
      }
      case "completions":
        post({ type: "completions", id: request.id, ...(capabilities.completions && lastAnalysis ? { items: api.completionsAt!(lastAnalysis, request.path, request.offset, request.text) } : {}) });
        break;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post(request.type === "check" ? { type: "failed", seq: request.seq, error: message } : { type: "failed", ...("id" in request ? { id: request.id } : {}), error: message });
  }
};
