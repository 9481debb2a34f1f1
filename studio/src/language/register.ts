/**
 * The card language in Monaco: colouring, completions, hover, go to definition, format
 * document and "did you mean" quick fixes. Answers come from the checker worker (the
 * compiler's own `referenceAt` / `completionsAt` / `formatFile`) when the compiler offers
 * them, and otherwise from the checked workspace model the worker last returned.
 */
import { monaco } from "../monaco-setup.ts";
import type { CardModel, GameModel } from "../../../compiler/model.ts";
import { LANGUAGE_ID, pathOf, suggestionKey, uriFor, type WorkspaceStore } from "../workspace/store.ts";
import { monarchFor, THEME_RULES, type ColouringVocabulary } from "./monarch.ts";
import type { LanguageVocabulary } from "../worker/protocol.ts";
import { CARD_FIELDS, NEW_CARD_SNIPPET, STATEMENT_WORDS, TEXT_WORDS } from "./words.ts";
import { cardSnippets } from "./snippets.ts";
import { readingAt, readingsAt, runsAsMarkdown } from "./reads-as.ts";

type Definition = { kind: string; name: string; file?: string; range?: { start: { line: number; column: number }; end: { line: number; column: number } }; detail?: string };

/** GameModel plus the optional declaration list the checker adds (kind, name, file, range, detail). */
function definitionsOf(game: GameModel | undefined): Definition[] {
  if (!game) return [];
  const extra = (game as GameModel & { definitions?: Definition[] }).definitions;
  if (extra?.length) return extra;
  return [
    ...game.keywords.map((k) => ({ kind: "keyword", name: k.name, detail: k.definition, ...(k as Definition).range ? { file: (k as Definition).file ?? game.file, range: (k as Definition).range } : {} })),
    ...game.colors.map((name) => ({ kind: "color", name })),
    ...game.zones.map((name) => ({ kind: "zone", name })),
    ...game.cardTypes.map((name) => ({ kind: "cardtype", name })),
    ...game.phases.map((name) => ({ kind: "phase", name })),
  ];
}

export function vocabularyOf(games: readonly GameModel[]): ColouringVocabulary {
  const all = games.flatMap(definitionsOf);
  const named = (kind: string) => all.filter((d) => d.kind === kind).map((d) => d.name);
  return { keywords: named("keyword"), markers: named("marker"), colors: named("color"), zones: named("zone"), cardTypes: named("cardtype") };
}

let lastColouringKey = "";
let languageVocabulary: LanguageVocabulary | undefined;
let lastGames: readonly GameModel[] = [];
/** Re-registers the Monarch rules when the vocabulary changed (cheap; Monaco re-tokenises lazily). */
export function updateColouring(games: readonly GameModel[] = lastGames, language: LanguageVocabulary | undefined = languageVocabulary): void {
  // Asked on every drawing of the page: the same game models (a check that kept them) need no new vocabulary.
  if (lastColouringKey && language === languageVocabulary && games.length === lastGames.length && games.every((game, i) => game === lastGames[i])) return;
  lastGames = games;
  languageVocabulary = language;
  const vocabulary = vocabularyOf(games);
  const key = JSON.stringify([vocabulary, language ? language.statementPatterns.length + language.wordPatterns.length : 0]);
  if (key === lastColouringKey) return;
  lastColouringKey = key;
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, monarchFor(vocabulary, language));
}

/** The quoted string around `column` on a line, if any: card names are written in quotes. */
function quotedAt(line: string, column: number): { text: string; start: number; end: number } | undefined {
  const re = /["“]([^"”]*)["”]?/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const start = m.index + 1;
    const end = m.index + m[0].length + 1;
    if (column >= start && column <= end) return { text: m[1]!, start, end };
  }
  return undefined;
}

function findCard(store: WorkspaceStore, name: string, game?: string): CardModel | undefined {
  const lower = name.toLowerCase();
  const sets = store.model?.sets ?? [];
  return (
    sets.filter((s) => !game || s.game === game).flatMap((s) => s.cards).find((c) => c.name.toLowerCase() === lower) ??
    sets.flatMap((s) => s.cards).find((c) => c.name.toLowerCase() === lower)
  );
}

/** A word definition, by name, in the game that governs `path`. */
function findDefinition(store: WorkspaceStore, path: string, word: string): Definition | undefined {
  const lower = word.toLowerCase();
  const game = store.gameFor(path);
  const games = game ? [game, ...(store.model?.games ?? []).filter((g) => g !== game)] : (store.model?.games ?? []);
  for (const g of games) {
    const found = definitionsOf(g).find((d) => d.name.toLowerCase() === lower);
    if (found) return { ...found, file: found.file ?? g.file, ...(found.range ? {} : textualRange(store, found.file ?? g.file, found.kind, found.name)) };
  }
  return undefined;
}

/** Without ranges from the checker, finds the declaring line of a game file by its statement word. */
function textualRange(store: WorkspaceStore, file: string, kind: string, name: string): Pick<Definition, "range"> {
  const model = store.files.get(file)?.model;
  if (!model) return {};
  const statement = kind === "keyword" ? "keyword\\s+(?:ability|action)" : kind;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = model.findMatches(`^\\s*${statement}\\s+${escaped}\\b`, false, true, false, null, true)[0];
  if (!match) return {};
  const r = match.range;
  return { range: { start: { line: r.startLineNumber, column: r.startColumn }, end: { line: r.endLineNumber, column: r.endColumn } } };
}

const KIND_LABEL: Record<string, string> = {
  keyword: "keyword", color: "colour", zone: "zone", cardtype: "card type", phase: "phase", marker: "marker",
  counter: "counter", resource: "resource", stat: "stat", rarity: "rarity", symbol: "cost symbol", param: "parameter", card: "card",
};

function hoverMarkdown(definition: Definition): string {
  const label = KIND_LABEL[definition.kind] ?? definition.kind;
  return `**${definition.name}** — ${label}` + (definition.detail ? `\n\n${definition.detail}` : "");
}

function cardMarkdown(card: CardModel): string {
  const typeLine = [...card.supertypes, card.type].join(" ") + (card.subtypes.length ? ` — ${card.subtypes.join(" ")}` : "");
  const stats = Object.entries(card.stats).map(([k, v]) => `${k} ${v}`).join(", ");
  return [`**${card.name}** (${card.set})`, [typeLine, card.cost, card.rarity, stats].filter(Boolean).join(" · "), card.text].filter(Boolean).join("\n\n");
}

/**
 * Card-name suggestions are offered for every card of the game (2,000 in a big set): each one's
 * documentation is written only when Monaco shows it (resolveCompletionItem), not for the whole list.
 */
const cardOfSuggestion = new WeakMap<monaco.languages.CompletionItem, CardModel>();

function cardSuggestion(card: CardModel, item: Omit<monaco.languages.CompletionItem, "label" | "kind" | "detail">): monaco.languages.CompletionItem {
  const suggestion = { ...item, label: card.name, kind: COMPLETION_KIND.card!, detail: `${card.type} · ${card.set}` };
  cardOfSuggestion.set(suggestion, card);
  return suggestion;
}

function resolveCardSuggestion(item: monaco.languages.CompletionItem): monaco.languages.CompletionItem {
  const card = cardOfSuggestion.get(item);
  if (card && item.documentation === undefined) item.documentation = { value: cardMarkdown(card) };
  return item;
}

function toMonacoRange(range: NonNullable<Definition["range"]>): monaco.IRange {
  return { startLineNumber: range.start.line, startColumn: range.start.column, endLineNumber: range.end.line, endColumn: range.end.column };
}

const COMPLETION_KIND: Record<string, monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword,
  color: monaco.languages.CompletionItemKind.EnumMember,
  zone: monaco.languages.CompletionItemKind.Module,
  cardtype: monaco.languages.CompletionItemKind.Class,
  phase: monaco.languages.CompletionItemKind.Event,
  marker: monaco.languages.CompletionItemKind.Constant,
  counter: monaco.languages.CompletionItemKind.Variable,
  resource: monaco.languages.CompletionItemKind.Unit,
  stat: monaco.languages.CompletionItemKind.Field,
  rarity: monaco.languages.CompletionItemKind.Value,
  card: monaco.languages.CompletionItemKind.Reference,
  word: monaco.languages.CompletionItemKind.Text,
  snippet: monaco.languages.CompletionItemKind.Snippet,
};

/** Which definition kinds fit after `field:` on a card header line. */
const FIELD_KINDS: Record<string, string[]> = {
  type: ["cardtype"],
  color: ["color"],
  faction: ["color"],
  rarity: ["rarity"],
  cost: ["symbol", "resource", "color"],
};

/** The new-card snippets of the card's game (./snippets.ts); the generic one when the game is not known yet. */
function addCardSnippet(add: (item: monaco.languages.CompletionItem) => void, range: monaco.IRange, definitions: Definition[] = []): void {
  const cardTypes = definitions.filter((d) => d.kind === "cardtype");
  const snippet = (label: string, body: string, detail: string, sort: string) =>
    add({ label, kind: COMPLETION_KIND.snippet!, detail, documentation: "Inserts a new card; Tab moves to the next field.", insertText: body, insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet, range, sortText: sort });
  if (cardTypes.length === 0) {
    snippet("card", NEW_CARD_SNIPPET, "New card", "0card");
    return;
  }
  for (const card of cardSnippets(definitions)) snippet(card.label, card.body, card.detail, card.sort);
}

export function registerCardLanguage(store: WorkspaceStore): void {
  monaco.languages.register({ id: LANGUAGE_ID, extensions: [".game", ".cards", ".scenario"], aliases: ["Cardwright"] });
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { lineComment: "#" },
    wordPattern: /[A-Za-z_][\w'-]*|[+-]?\d+/,
    brackets: [["{", "}"], ["[", "]"], ["(", ")"]],
    autoClosingPairs: [{ open: "{", close: "}" }, { open: "[", close: "]" }, { open: "(", close: ")" }, { open: '"', close: '"', notIn: ["string", "comment"] }],
    surroundingPairs: [{ open: '"', close: '"' }, { open: "{", close: "}" }],
    folding: { markers: { start: /^\s*card\b.*\{\s*$/, end: /^\s*\}/ } },
  });
  monaco.editor.defineTheme("cardwright", { base: "vs", inherit: true, rules: THEME_RULES, colors: {} });
  updateColouring([]);
  store.checker.onVocabulary = (vocabulary) => updateColouring(lastGames, vocabulary);

  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['"'],
    resolveCompletionItem: resolveCardSuggestion,
    async provideCompletionItems(model, position) {
      const path = pathOf(model.uri);
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const line = model.getLineContent(position.lineNumber);
      const before = line.slice(0, position.column - 1);
      const quoted = quotedAt(line, position.column);
      const suggestions: monaco.languages.CompletionItem[] = [];
      const seen = new Set<string>();
      const add = (item: monaco.languages.CompletionItem) => {
        const key = `${typeof item.label === "string" ? item.label : item.label.label}|${item.kind}`;
        if (!seen.has(key)) {
          seen.add(key);
          suggestions.push(item);
        }
      };

      const game = store.gameFor(path);
      const cards = (store.model?.sets ?? []).filter((s) => !game || s.game === game.id).flatMap((s) => s.cards);
      if (quoted && (before.match(/["“”]/g)?.length ?? 0) % 2 === 1) {
        // Inside a quoted name: card names only.
        const nameRange = new monaco.Range(position.lineNumber, quoted.start, position.lineNumber, position.column);
        for (const card of cards) add(cardSuggestion(card, { insertText: card.name, range: nameRange }));
        return { suggestions };
      }

      // The compiler's own answer first, when it offers one: it reads only the line before the cursor, so only that is sent (a large file's whole text was copied twice per request).
      const fromCompiler = store.capabilities?.completions ? await store.checker.completions(path, before) : undefined;
      for (const item of fromCompiler ?? []) {
        const known = item.kind === "card" ? undefined : findDefinition(store, path, item.label);
        add({
          ...(known?.detail ? { documentation: { value: hoverMarkdown(known) } } : {}),
          label: item.label,
          kind: COMPLETION_KIND[item.kind] ?? monaco.languages.CompletionItemKind.Text,
          ...(item.detail ? { detail: item.detail } : {}),
          insertText: item.insertText ?? item.label,
          ...(item.insertText?.includes("${") ? { insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
          range,
        });
      }

      // The compiler knows the context (a field's values, what fits after "from", "gains", "When you"...):
      // when it answers, its list is the answer, plus the new-card snippet where a card can start.
      if (fromCompiler && fromCompiler.length > 0) {
        if (/^\s*[A-Za-z_]*$/.test(before) && !/^\s+/.test(before)) addCardSnippet(add, range, definitionsOf(game));
        // The language's own words stay available below the compiler's list (effects, triggers, selectors).
        if (!/^\s*[A-Za-z_]+\s*:\s*[^:]*$/.test(before)) for (const w of TEXT_WORDS) add({ label: w, kind: COMPLETION_KIND.word!, insertText: w, range, sortText: "9" + w });
        return { suggestions };
      }

      const field = /^\s*([A-Za-z_]+)\s*:\s*[^:]*$/.exec(before)?.[1]?.toLowerCase();
      const fieldKinds = field ? FIELD_KINDS[field] : undefined;
      const definitions = definitionsOf(game);
      for (const d of definitions) {
        if (fieldKinds && !fieldKinds.includes(d.kind)) continue;
        add({
          label: d.name,
          kind: COMPLETION_KIND[d.kind] ?? monaco.languages.CompletionItemKind.Text,
          detail: KIND_LABEL[d.kind] ?? d.kind,
          ...(d.detail ? { documentation: { value: hoverMarkdown(d) } } : {}),
          insertText: d.name,
          range,
          sortText: "1" + d.name,
        });
      }
      if (fieldKinds) return { suggestions };

      if (/^\s*[A-Za-z_]*$/.test(before)) {
        addCardSnippet(add, range, definitions);
        for (const f of CARD_FIELDS) add({ label: `${f}:`, kind: monaco.languages.CompletionItemKind.Field, detail: "card field", insertText: `${f}: `, range, sortText: "2" + f });
      }
      for (const card of cards) add({ label: `"${card.name}"`, kind: COMPLETION_KIND.card!, detail: `card · ${card.set}`, insertText: `"${card.name}"`, range, sortText: "3" + card.name });
      for (const w of [...STATEMENT_WORDS, ...TEXT_WORDS]) add({ label: w, kind: COMPLETION_KIND.word!, insertText: w, range, sortText: "4" + w });
      return { suggestions };
    },
  });

  monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    async provideHover(model, position) {
      const path = pathOf(model.uri);
      const offset = model.getOffsetAt(position);
      // Inside an ability: how the engine reads it, after whatever the word under the mouse says.
      const reading = readingAt((await readingsAt(store, path, offset))?.abilities ?? [], offset);
      const runsAs = reading ? [{ value: runsAsMarkdown(reading) }] : [];
      const whole = reading ? monaco.Range.fromPositions(model.getPositionAt(reading.start), model.getPositionAt(reading.end)) : undefined;
      const line = model.getLineContent(position.lineNumber);
      const quoted = quotedAt(line, position.column);
      if (quoted) {
        const card = findCard(store, quoted.text, store.gameFor(path)?.id);
        if (card) return { range: new monaco.Range(position.lineNumber, quoted.start - 1, position.lineNumber, quoted.end), contents: [{ value: cardMarkdown(card) }, ...runsAs] };
      }
      const word = model.getWordAtPosition(position);
      if (!word) return whole ? { range: whole, contents: runsAs } : null;
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      await store.checked();
      if (store.capabilities?.reference) {
        const reference = await store.checker.reference(path, offset);
        if (reference?.detail) {
          // The game file's own explanation of it: the comment on its declaration line and just above.
          const declaredIn = reference.definition && store.files.get(reference.definition.file)?.model;
          // Loaded on first hover: check-query.ts brings the compiler's lexer, which the page need not load up front.
          const { declarationComment } = await import("../../../compiler/check-query.ts");
          const explanation = declaredIn && reference.definition!.file !== path ? declarationComment(declaredIn.getValue(), reference.definition!.range.start.line) : "";
          return { range, contents: [{ value: hoverMarkdown({ kind: reference.kind, name: reference.name, detail: reference.detail }) }, ...(explanation ? [{ value: explanation }] : []), ...runsAs] };
        }
      }
      const definition = findDefinition(store, path, word.word);
      if (!definition) return whole ? { range: whole, contents: runsAs } : null;
      return { range, contents: [{ value: hoverMarkdown(definition) }, ...runsAs] };
    },
  });

  monaco.languages.registerDefinitionProvider(LANGUAGE_ID, {
    async provideDefinition(model, position) {
      const path = pathOf(model.uri);
      const offset = model.getOffsetAt(position);
      await store.checked();
      if (store.capabilities?.reference) {
        const reference = await store.checker.reference(path, offset);
        if (reference?.definition) return { uri: uriFor(reference.definition.file), range: toMonacoRange(reference.definition.range) };
      }
      const quoted = quotedAt(model.getLineContent(position.lineNumber), position.column);
      if (quoted) {
        const card = findCard(store, quoted.text, store.gameFor(path)?.id);
        if (card) return { uri: uriFor(card.file), range: toMonacoRange(card.range) };
      }
      const word = model.getWordAtPosition(position);
      const definition = word && findDefinition(store, path, word.word);
      if (definition?.file && definition.range) return { uri: uriFor(definition.file), range: toMonacoRange(definition.range) };
      return null;
    },
  });

  monaco.languages.registerDocumentFormattingEditProvider(LANGUAGE_ID, {
    async provideDocumentFormattingEdits(model) {
      const result = await store.checker.format(pathOf(model.uri), model.getValue());
      if (result.text === undefined) {
        store.say(`Format: ${result.error ?? "the formatter gave no text."}`);
        return [];
      }
      if (result.text === model.getValue()) return [];
      return [{ range: model.getFullModelRange(), text: result.text }];
    },
  });

  // "Did you mean" fixes in card files and deck lists alike.
  for (const language of [LANGUAGE_ID, DECK_LANGUAGE_ID]) monaco.languages.registerCodeActionProvider(
    language,
    {
      provideCodeActions(model, _range, context) {
        const path = pathOf(model.uri);
        const actions: monaco.languages.CodeAction[] = [];
        for (const marker of context.markers) {
          const fix = store.fixes.get(suggestionKey(path, marker));
          const target = fix ? store.files.get(fix.file)?.model : undefined;
          if (fix && target) {
            const { start, end } = fix.range;
            actions.push({
              title: fix.title,
              kind: "quickfix",
              diagnostics: [marker],
              edit: { edits: [{ resource: target.uri, versionId: target.getVersionId(), textEdit: { range: { startLineNumber: start.line, startColumn: start.column, endLineNumber: end.line, endColumn: end.column }, text: fix.text } }] },
            });
          }
          const suggestion = store.suggestions.get(suggestionKey(path, marker));
          if (!suggestion) continue;
          actions.push({
            title: `Change to "${suggestion}"`,
            kind: "quickfix",
            diagnostics: [marker],
            isPreferred: true,
            edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: marker, text: suggestion } }] },
          });
        }
        return { actions, dispose() {} };
      },
    },
    { providedCodeActionKinds: ["quickfix"] },
  );

  registerDeckLanguage(store);

  // Go to definition across files: open the target file in the studio's own editor.
  monaco.editor.registerEditorOpener({
    openCodeEditor(source, resource, selectionOrPosition) {
      const path = pathOf(resource);
      const file = store.files.get(path);
      if (!file) return false;
      if (source.getModel() !== file.model) source.setModel(file.model);
      store.open(path);
      if (selectionOrPosition) {
        if ("startLineNumber" in selectionOrPosition) {
          source.setSelection(selectionOrPosition);
          source.revealRangeInCenter(selectionOrPosition);
        } else {
          source.setPosition(selectionOrPosition);
          source.revealPositionInCenter(selectionOrPosition);
        }
      }
      return true;
    },
  });
}

/** Deck lists (`N Card Name` per line, `#` comments): their own colouring, card-name completion, hover and go to definition. */
export const DECK_LANGUAGE_ID = "cardwright-deck";

/** The game a deck list belongs to: the one whose game file sits in its folder or the nearest folder above. */
function deckGame(store: WorkspaceStore, path: string): GameModel | undefined {
  const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);
  return [...(store.model?.games ?? [])].filter((g) => path.startsWith(folderOf(g.file))).sort((a, b) => folderOf(b.file).length - folderOf(a.file).length)[0];
}

/** The card name written on a deck line, with its columns (1-based, end exclusive). */
function deckLineName(line: string): { name: string; start: number; end: number } | undefined {
  const match = /^(\s*\d+x?\s+)([^#]*?)\s*(?:#.*)?$/.exec(line);
  if (!match || !match[2]) return undefined;
  return { name: match[2], start: match[1]!.length + 1, end: match[1]!.length + match[2].length + 1 };
}

function registerDeckLanguage(store: WorkspaceStore): void {
  monaco.languages.register({ id: DECK_LANGUAGE_ID, extensions: [".deck"], aliases: ["Cardwright deck list"] });
  monaco.languages.setLanguageConfiguration(DECK_LANGUAGE_ID, { comments: { lineComment: "#" }, wordPattern: /[^\s#\d][^#\n]*/ });
  monaco.languages.setMonarchTokensProvider(DECK_LANGUAGE_ID, {
    tokenizer: {
      root: [
        [/#.*$/, "comment"],
        [/(\s*)(\d+x?)(\s+)([^#]*)/, ["white", "number", "white", "string"]],
        [/[^#]+/, "invalid"],
      ],
    },
  });
  // The store creates every model in the card language; a deck list switches to its own.
  const adopt = (model: monaco.editor.ITextModel) => {
    if (model.uri.path.endsWith(".deck") && model.getLanguageId() !== DECK_LANGUAGE_ID) monaco.editor.setModelLanguage(model, DECK_LANGUAGE_ID);
  };
  monaco.editor.getModels().forEach(adopt);
  monaco.editor.onDidCreateModel(adopt);

  const cardsOf = (path: string) => {
    const game = deckGame(store, path);
    return (store.model?.sets ?? []).filter((s) => !game || s.game === game.id).flatMap((s) => s.cards);
  };
  const cardOnLine = (model: monaco.editor.ITextModel, lineNumber: number) => {
    const written = deckLineName(model.getLineContent(lineNumber));
    const card = written && cardsOf(pathOf(model.uri)).find((c) => c.name.toLowerCase() === written.name.toLowerCase());
    return written && card ? { card, range: new monaco.Range(lineNumber, written.start, lineNumber, written.end) } : undefined;
  };

  monaco.languages.registerCompletionItemProvider(DECK_LANGUAGE_ID, {
    resolveCompletionItem: resolveCardSuggestion,
    async provideCompletionItems(model, position) {
      // The card names come from a check: asked before the workspace's first one has finished, wait for it (no list at all otherwise).
      if (!store.model) await store.checked();
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const count = /^\s*\d+x?\s+/.exec(before);
      // After the count, the rest of the line is the name: replace it whole.
      const start = count ? count[0].length + 1 : /^\s*/.exec(before)![0].length + 1;
      const range = new monaco.Range(position.lineNumber, start, position.lineNumber, model.getLineMaxColumn(position.lineNumber));
      const suggestions = cardsOf(pathOf(model.uri)).map((card) => cardSuggestion(card, { insertText: count ? card.name : `1 ${card.name}`, range }));
      return { suggestions };
    },
  });
  monaco.languages.registerHoverProvider(DECK_LANGUAGE_ID, {
    provideHover(model, position) {
      const found = cardOnLine(model, position.lineNumber);
      return found && found.range.containsPosition(position) ? { range: found.range, contents: [{ value: cardMarkdown(found.card) }] } : null;
    },
  });
  monaco.languages.registerDefinitionProvider(DECK_LANGUAGE_ID, {
    provideDefinition(model, position) {
      const found = cardOnLine(model, position.lineNumber);
      return found ? { uri: uriFor(found.card.file), range: toMonacoRange(found.card.range) } : null;
    },
  });
}
