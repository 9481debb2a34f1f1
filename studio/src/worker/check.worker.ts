/**
 * The checker worker: runs the compiler's public API (the same `compiler/index.ts` the CLI
 * uses) off the UI thread. It keeps the last analysis so reference and completion queries
 * answer against what was checked most recently.
 */
import * as compiler from "../../../compiler/index.ts";
import { OutOfStep, WorkspaceChecker } from "./checker.ts";
import * as lexer from "../../../grammar/lexer.ts";
import type { Capabilities, CompletionEntry, LanguageVocabulary, Reference, WorkerRequest, WorkerResponse } from "./protocol.ts";

/** The parts of compiler/index.ts the studio uses; each is optional so a missing one degrades one feature. */
interface CompilerApi {
  formatFile(text: string, path: string): { text?: string; diagnostics?: unknown[]; skipped?: string };
  referenceAt(analysis: unknown, path: string, offset: number): Reference | undefined;
  completionsAt(analysis: unknown, path: string, offset: number, text: string): CompletionEntry[];
}

const api = compiler as unknown as Partial<CompilerApi>;
const checker = new WorkspaceChecker();

const capabilities: Capabilities = {
  check: true,
  format: typeof api.formatFile === "function",
  reference: typeof api.referenceAt === "function",
  completions: typeof api.completionsAt === "function",
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
        const { delta, phases } = checker.checkChanges(request.paths, request.changed, request.assets, request.edited);
        post({ type: "checked", seq: request.seq, model: delta, milliseconds: performance.now() - started, capabilities, phases });
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
        post({ type: "reference", id: request.id, ...(capabilities.reference && checker.lastAnalysis() ? { reference: api.referenceAt!(checker.lastAnalysis(), request.path, request.offset) } : {}) });
        break;
      case "forget":
        checker.forget();
        break;
      case "query": {
        const analysis = checker.lastAnalysis();
        if (!analysis) return post({ type: "query", id: request.id });
        const q = request.query;
        if (q.kind === "readsAs") {
          const readings = checker.readingsAt(q.path, q.offset);
          return post({ type: "query", id: request.id, result: { kind: "readsAs", ...(readings ?? { abilities: [] }) } });
        }
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
        post({ type: "completions", id: request.id, ...(capabilities.completions && checker.lastAnalysis() ? { items: api.completionsAt!(checker.lastAnalysis(), request.path, request.linePrefix.length, request.linePrefix) } : {}) });
        break;
    }
  } catch (error) {
    if (error instanceof OutOfStep && request.type === "check") return post({ type: "resend", seq: request.seq });
    const message = error instanceof Error ? error.message : String(error);
    post(request.type === "check" ? { type: "failed", seq: request.seq, error: message } : { type: "failed", ...("id" in request ? { id: request.id } : {}), error: message });
  }
};
