/**
 * Navigation as in VS Code with a language extension: the outline (document symbols; Ctrl+Shift+O),
 * find references (Shift+F12) and rename (F2) of cards and keywords across card, game, scenario
 * and deck files. The answers are the compiler's (`documentSymbols`, `referencesAt`, `renameAt`
 * in compiler/check-query.ts, run in the checker worker on the latest analysis); this module
 * only turns them into Monaco's shapes.
 */
import { monaco } from "../monaco-setup.ts";
import type { Range } from "../../../compiler/diagnostics.ts";
import type { DocumentSymbol } from "../../../compiler/check-query.ts";
import { LANGUAGE_ID, pathOf, uriFor, type WorkspaceStore } from "../workspace/store.ts";
import { DECK_LANGUAGE_ID } from "./register.ts";

export function toRange(range: Range): monaco.IRange {
  return { startLineNumber: range.start.line, startColumn: range.start.column, endLineNumber: range.end.line, endColumn: range.end.column };
}

const SYMBOL_KIND: Record<string, monaco.languages.SymbolKind> = {
  set: monaco.languages.SymbolKind.Package,
  card: monaco.languages.SymbolKind.Class,
  game: monaco.languages.SymbolKind.Module,
  scenario: monaco.languages.SymbolKind.Event,
  keyword: monaco.languages.SymbolKind.Key,
  zone: monaco.languages.SymbolKind.Namespace,
  cardtype: monaco.languages.SymbolKind.Interface,
  phase: monaco.languages.SymbolKind.Event,
  color: monaco.languages.SymbolKind.EnumMember,
  counter: monaco.languages.SymbolKind.Variable,
  resource: monaco.languages.SymbolKind.Constant,
  param: monaco.languages.SymbolKind.Property,
};

function toSymbol(symbol: DocumentSymbol): monaco.languages.DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: SYMBOL_KIND[symbol.kind] ?? monaco.languages.SymbolKind.Field,
    tags: [],
    range: toRange(symbol.range),
    selectionRange: toRange(symbol.selectionRange),
    children: symbol.children.map(toSymbol),
  };
}

/** The deck lists of the workspace as they are in the editor (saved or not). */
export function deckSources(store: WorkspaceStore): { path: string; text: string }[] {
  return [...store.files.values()].filter((f) => f.kind === "deck").map((f) => ({ path: f.path, text: f.model.getValue() }));
}

/** The outline of a file, from the compiler (after the pending check). */
export async function outlineOf(store: WorkspaceStore, path: string): Promise<DocumentSymbol[]> {
  await store.checked();
  return (await store.checker.query({ kind: "symbols", path }))?.symbols ?? [];
}

export function registerNavigation(store: WorkspaceStore): void {
  monaco.languages.registerDocumentSymbolProvider(LANGUAGE_ID, {
    displayName: "Cardwright",
    async provideDocumentSymbols(model) {
      return (await outlineOf(store, pathOf(model.uri))).map(toSymbol);
    },
  });

  // References and rename start from card and game files, scenarios and deck lists alike.
  for (const language of [LANGUAGE_ID, DECK_LANGUAGE_ID]) {
    monaco.languages.registerReferenceProvider(language, {
      async provideReferences(model, position) {
        await store.checked();
        const found = await store.checker.query({ kind: "references", path: pathOf(model.uri), offset: model.getOffsetAt(position), decks: deckSources(store) });
        return (found?.locations ?? []).map((l) => ({ uri: uriFor(l.file), range: toRange(l.range) }));
      },
    });

    monaco.languages.registerRenameProvider(language, {
      async provideRenameEdits(model, position, newName) {
        await store.checked();
        const answer = await store.checker.query({ kind: "rename", path: pathOf(model.uri), offset: model.getOffsetAt(position), newName, decks: deckSources(store) });
        const result = answer?.result;
        if (!result) return { edits: [], rejectReason: "The workspace has not been checked yet." };
        if (!result.ok) return { edits: [], rejectReason: `${result.diagnostic.code} ${result.diagnostic.message}` };
        store.say(`Renamed ${result.kind} "${result.from}" to "${result.to}" in ${new Set(result.edits.map((e) => e.file)).size} file(s).`);
        return {
          edits: result.edits.map((edit) => {
            const target = store.files.get(edit.file)?.model;
            return { resource: uriFor(edit.file), versionId: target?.getVersionId(), textEdit: { range: toRange(edit.range), text: edit.text } };
          }),
        };
      },
      async resolveRenameLocation(model, position) {
        await store.checked();
        const offset = model.getOffsetAt(position);
        const found = await store.checker.query({ kind: "references", path: pathOf(model.uri), offset, decks: deckSources(store) });
        const here = found?.locations.find((l) => l.file === pathOf(model.uri) && l.range.start.offset <= offset && offset <= l.range.end.offset);
        if (!here) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: "", rejectReason: "Only a card's name or a keyword can be renamed." };
        // Offer the name without its quotes.
        const text = model.getValueInRange(toRange(here.range));
        const quoted = /^["“].*["”]$/.test(text);
        const range = toRange(here.range);
        return quoted ? { range: { ...range, startColumn: range.startColumn + 1, endColumn: range.endColumn - 1 }, text: text.slice(1, -1) } : { range, text };
      },
    });
  }
}
