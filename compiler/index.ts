/**
 * The compiler's public API: what the CLI, the studio (in a web worker), the exporters and
 * the engine's loader use. Nothing imported from here touches `node:*` — Node clients that
 * read from disk use `compiler/workspace-disk.ts` (`loadWorkspaceFromDisk(paths)`).
 *
 *   checkWorkspace(files)            → WorkspaceModel (games, sets with every card, diagnostics)
 *   analyzeWorkspace(files)          → the model plus parsed files, vocabularies and references
 *   formatFile(text, path)           → canonical text, or the syntax errors that prevent it
 *   referenceAt / completionsAt / vocabularyOf  → editor queries on an analysis
 *   documentSymbols / referencesAt / renameAt   → outline, find references, rename (cards and keywords, deck lists included)
 */
export type { Diagnostic, Position, Range, Severity } from "./diagnostics.ts";
export { LineMap, formatDiagnostic } from "./diagnostics.ts";
export type * from "./model.ts";
export { MESSAGES, diagnostic, messageText, isMessageCode, type MessageCode, type MessageDefinition } from "./messages.ts";
export { checkWorkspace, analyzeWorkspace, formatFile, MAX_DIAGNOSTICS_PER_FILE, type WorkspaceAnalysis, type FormatResult, type AnalyzeOptions } from "./workspace.ts";
export { referenceAt, completionsAt, vocabularyOf, gameOfFile, describeReference, documentSymbols, referencesAt, renameAt, declarationComment, type Completion, type VocabularyEntry, type DocumentSymbol, type DeckSource, type Location, type RenameResult, type TextEditAt } from "./check-query.ts";
export type { Reference } from "./check.ts";
export type { ParsedFile } from "./check-ast.ts";
export { GameVocabulary, KIND_NOUNS, type Declaration, type VocabularyKind } from "./vocabulary.ts";
export { closestName } from "./check-suggest.ts";
export { readsAs, cardReadsAs } from "./reads-as.ts";
