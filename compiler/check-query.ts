/**
 * Editor queries over a checked workspace: what is at an offset (hover, go-to-definition),
 * what may be typed at an offset (completions), and a game's whole vocabulary (palettes,
 * docs). All answers come from the game file of the document's own game.
 */
import type { WorkspaceAnalysis } from "./workspace.ts";
import type { Reference } from "./check.ts";
import { BUILTIN_FIELDS, KIND_NOUNS, type GameVocabulary, type VocabularyKind } from "./vocabulary.ts";
import type { Diagnostic, Range, Text } from "./diagnostics.ts";
import { plainRange } from "./source-range.ts";
import { diagnostic } from "./messages.ts";
import { gameOfDeckPath, parseDeck } from "./decklist.ts";

/** The resolved name under an offset, if any. */
export function referenceAt(analysis: WorkspaceAnalysis, path: string, offset: number): Reference | undefined {
  const list = analysis.references.get(path);
  if (!list) return undefined;
  // References are sorted by start; find the last one starting at or before the offset.
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.range.start.offset <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // Ranges may nest (a multi-word name over its words): take the innermost that contains the offset.
  for (let i = found; i >= 0 && i > found - 8; i--) {
    const reference = list[i]!;
    if (reference.range.start.offset <= offset && offset <= reference.range.end.offset) return reference;
  }
  return undefined;
}

export interface VocabularyEntry {
  kind: VocabularyKind | "card" | "field";
  name: string;
  /** For hover and completion details: the declaration line, a keyword's definition. */
  detail: string;
}

/** Everything a game's cards may name, for completions, palettes and hover. */
export function vocabularyOf(analysis: WorkspaceAnalysis, gameId: string): VocabularyEntry[] {
  const vocabulary = findVocabulary(analysis, gameId);
  if (!vocabulary) return [];
  const entries: VocabularyEntry[] = [];
  const seen = new Set<string>();
  for (const declaration of vocabulary.declarations) {
    const key = `${declaration.kind}\u0000${declaration.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const detail = declaration.kind === "keyword" ? `keyword ${declaration.keywordKind}: ${declaration.definition}` : declaration.detail;
    entries.push({ kind: declaration.kind, name: declaration.name, detail });
  }
  for (const field of vocabulary.fieldNames()) entries.push({ kind: "field", name: field, detail: "card field" });
  for (const set of analysis.model.sets) {
    if (set.game.toLowerCase() !== vocabulary.id.toLowerCase()) continue;
    for (const card of set.cards) entries.push({ kind: "card", name: card.name, detail: `${card.type}${card.subtypes.length ? " — " + card.subtypes.join(" ") : ""} (${set.code})` });
  }
  return entries;
}

function findVocabulary(analysis: WorkspaceAnalysis, gameId: string): GameVocabulary | undefined {
  for (const [id, vocabulary] of analysis.vocabularies) if (id.toLowerCase() === gameId.toLowerCase()) return vocabulary;
  return undefined;
}

/** The game a file belongs to: its own id for a game file, the `for` id for sets and scenarios. */
export function gameOfFile(analysis: WorkspaceAnalysis, path: string): string | undefined {
  const parsed = analysis.files.get(path);
  return parsed?.game?.id ?? parsed?.set?.game ?? parsed?.scenario?.scenarios[0]?.game;
}

export interface Completion {
  label: string;
  kind: VocabularyKind | "card" | "field" | "supertype" | "tag";
  detail?: string;
  insertText?: string;
}

const FIELD_KINDS: Record<string, (VocabularyKind | "supertype")[]> = {
  type: ["cardtype", "subtype", "supertype"],
  color: ["color"],
  colour: ["color"],
  faction: ["color"],
  rarity: ["rarity"],
  tribe: ["subtype"],
  cost: ["symbol", "resource"],
};

/**
 * Completions at an offset of a card file, from the text before the cursor on its line:
 * inside quotes → card names; after `[` → Base and colours; in a field's value → that field's
 * vocabulary; at the start of a line → field names, markers and keywords; elsewhere in
 * ability text → every name of the game. Of `text` only the offset's line before it is read: a
 * caller may pass just that line's start up to the cursor, with its length as the offset (the studio's
 * page does, so a completion request never copies the file).
 */
export function completionsAt(analysis: WorkspaceAnalysis, path: string, offset: number, text: Text): Completion[] {
  const gameId = gameOfFile(analysis, path);
  if (!gameId) return [];
  const entries = vocabularyOf(analysis, gameId);
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const fromEntries = (kinds: string[]) =>
    entries.filter((entry) => kinds.includes(entry.kind)).map((entry): Completion => ({ label: entry.name, kind: entry.kind, detail: entry.detail }));

  const quotes = (before.match(/["“”]/g) ?? []).length;
  if (quotes % 2 === 1) return fromEntries(["card"]);
  if (/\[[^\]]*$/.test(before)) {
    return [{ label: "Base", kind: "tag", detail: "the Base ability" }, ...fromEntries(["color"]).map((c) => ({ ...c, kind: "tag" as const }))];
  }
  const field = /^\s*([A-Za-z_]+)\s*:\s*[^:]*$/.exec(before);
  // A field name is the user's text: looked up as an own entry only (a field `constructor:` is no kind list).
  const fieldKinds = field && Object.hasOwn(FIELD_KINDS, field[1]!.toLowerCase()) ? FIELD_KINDS[field[1]!.toLowerCase()] : undefined;
  if (fieldKinds) {
    const kinds = fieldKinds;
    const result = fromEntries(kinds);
    if (kinds.includes("supertype")) result.push({ label: "Token", kind: "supertype" }, { label: "Unique", kind: "supertype" });
    if (kinds.includes("symbol")) {
      for (const entry of result) if (entry.kind === "symbol") entry.insertText = `{${entry.label}}`;
    }
    return result;
  }
  if (/^\s*[A-Za-z_-]*$/.test(before)) {
    const fields = (BUILTIN_FIELDS as readonly string[]).concat(entries.filter((e) => e.kind === "stat").map((e) => e.name.toLowerCase()));
    return [
      ...[...new Set(fields)].map((name): Completion => ({ label: name, kind: "field", detail: "card field", insertText: `${name}: ` })),
      ...fromEntries(["marker"]).map((m) => ({ ...m, insertText: `${m.label}: ` })),
      ...fromEntries(["keyword"]),
    ];
  }
  // Inside ability text: the words just before the cursor narrow what fits.
  const words = before.toLowerCase().match(/[a-z'’]+/g) ?? [];
  const last = words[words.length - 1] ?? "";
  const previous = words[words.length - 2] ?? "";
  const partial = /[A-Za-z'’-]$/.test(before);
  const context = partial ? previous : last;
  const beforeContext = partial ? words[words.length - 3] ?? "" : previous;
  if (ZONE_PREPOSITIONS.has(context) || (POSSESSIVES.has(context) && ZONE_PREPOSITIONS.has(beforeContext))) return fromEntries(["zone"]);
  if (GRANTING_VERBS.has(context)) return fromEntries(["keyword", "counter", "resource"]).filter((c) => c.kind !== "keyword" || entryKeywordKind(entries, c.label) === "ability");
  if (context === "you" && (beforeContext === "when" || beforeContext === "whenever")) {
    return fromEntries(["keyword"]).filter((c) => entryKeywordKind(entries, c.label) === "action");
  }
  if (context === "phase" || /\b(?:start|end|beginning) of (?:your|each|each player's|the)\s*[A-Za-z-]*$/i.test(before)) return fromEntries(["phase"]);
  return fromEntries(["keyword", "color", "cardtype", "subtype", "zone", "counter", "stat", "phase", "resource", "marker"]);
}

const ZONE_PREPOSITIONS = new Set(["from", "into", "in", "onto", "to"]);
const POSSESSIVES = new Set(["your", "their", "its", "a", "an", "the", "owner's", "owner’s", "opponent's", "opponent’s"]);
const GRANTING_VERBS = new Set(["gains", "gain", "have", "has", "with"]);

function entryKeywordKind(entries: VocabularyEntry[], name: string): "ability" | "action" | undefined {
  const detail = entries.find((e) => e.kind === "keyword" && e.name === name)?.detail ?? "";
  return detail.startsWith("keyword ability") ? "ability" : detail.startsWith("keyword action") ? "action" : undefined;
}

/** One line of hover text for a reference. */
export function describeReference(reference: Reference): string {
  const noun = reference.kind === "card" ? "a card" : KIND_NOUNS[reference.kind];
  return `${reference.name} — ${noun}${reference.detail ? `: ${reference.detail}` : ""}`;
}

// ---------------------------------------------------------------------------------------------
// Outline, find references and rename (the studio's Monaco providers call these through the worker).

/** One entry of a file's outline: a set and its cards, a game file's declarations, a scenario file's scenarios. */
export interface DocumentSymbol {
  name: string;
  kind: "set" | "card" | "game" | "scenario" | VocabularyKind;
  detail: string;
  /** The whole construct, and the part to select (its name). */
  range: Range;
  selectionRange: Range;
  children: DocumentSymbol[];
}

/** The outline of a file (empty for a file the analysis does not hold). */
export function documentSymbols(analysis: WorkspaceAnalysis, path: string): DocumentSymbol[] {
  const parsed = analysis.files.get(path);
  if (!parsed) return [];
  if (parsed.set) {
    const set = parsed.set;
    const models = new Map((analysis.model.sets.find((s) => s.file === path)?.cards ?? []).map((c) => [c.name, c]));
    const cards = set.cards.map((card): DocumentSymbol => {
      const model = models.get(card.name);
      const detail = model ? [...model.supertypes, model.type].join(" ") + (model.subtypes.length ? ` — ${model.subtypes.join(" ")}` : "") : "";
      return { name: card.name, kind: "card", detail, range: plainRange(card.range), selectionRange: plainRange(card.nameRange), children: [] };
    });
    const whole = plainRange({ start: set.codeRange.start, end: cards.at(-1)?.range.end ?? set.codeRange.end });
    return [{ name: `${set.code} "${set.name}"`, kind: "set", detail: `for ${set.game}`, range: whole, selectionRange: plainRange(set.codeRange), children: cards }];
  }
  if (parsed.game) {
    const game = parsed.game;
    const vocabulary = findVocabulary(analysis, game.id);
    const declared = (vocabulary?.declarations ?? []).filter((d) => d.file === path).sort((a, b) => a.range.start.offset - b.range.start.offset);
    const children = declared.map((d): DocumentSymbol => ({ name: d.name, kind: d.kind, detail: KIND_NOUNS[d.kind], range: plainRange(d.range), selectionRange: plainRange(d.range), children: [] }));
    return [{ name: game.name, kind: "game", detail: game.id, range: plainRange(game.range), selectionRange: plainRange(game.idRange), children }];
  }
  if (parsed.kind === "scenario") {
    return (parsed.scenario?.scenarios ?? []).map((scenario) => ({
      name: scenario.name,
      kind: "scenario",
      detail: `for ${scenario.game}`,
      range: scenario.range,
      selectionRange: { start: scenario.range.start, end: scenario.range.start },
      children: [],
    }));
  }
  return [];
}

/** A deck list's text, for references and renames of cards (deck lists are not checker input). */
export interface DeckSource {
  path: string;
  text: string;
}

export interface Location {
  file: string;
  range: Range;
}

/** What a reference names: a card or a keyword of one game (the ones renamed across files). */
interface Target {
  kind: "card" | "keyword";
  name: string;
  game: string;
  definition: Location;
}

function targetAt(analysis: WorkspaceAnalysis, path: string, offset: number): Target | undefined {
  const reference = referenceAt(analysis, path, offset);
  if (!reference || (reference.kind !== "card" && reference.kind !== "keyword") || !reference.definition) return undefined;
  const game = gameOfDefinition(analysis, reference.kind, reference.definition.file);
  return game ? { kind: reference.kind, name: reference.name, game, definition: reference.definition } : undefined;
}

/** The game a card's set file or a keyword's game file belongs to. */
function gameOfDefinition(analysis: WorkspaceAnalysis, kind: "card" | "keyword", file: string): string | undefined {
  const parsed = analysis.files.get(file);
  return kind === "card" ? parsed?.set?.game : parsed?.game?.id;
}

/** Every place a target is named: its declaration, card text, scenarios and (for a card) deck lists. */
function locationsOf(analysis: WorkspaceAnalysis, target: Target, decks: readonly DeckSource[]): Location[] {
  const same = (a: Location) => a.file === target.definition.file && a.range.start.offset === target.definition.range.start.offset;
  const out: Location[] = [];
  for (const [file, list] of analysis.references) {
    for (const reference of list) {
      if (reference.kind !== target.kind || !reference.definition || reference.definition.file !== target.definition.file) continue;
      if (reference.definition.range.start.offset !== target.definition.range.start.offset) continue;
      out.push({ file, range: reference.range });
    }
  }
  if (!out.some(same)) out.unshift(target.definition);
  if (target.kind === "card") {
    const folders = new Map(analysis.model.games.map((g) => [g.file.split("/").slice(0, -1).join("/"), g.id]));
    const lower = target.name.toLowerCase();
    for (const deck of decks) {
      if (gameOfDeckPath(deck.path, folders)?.toLowerCase() !== target.game.toLowerCase()) continue;
      for (const entry of parseDeck(deck.text, deck.path, [target.name]).entries) {
        if (entry.known && entry.name.toLowerCase() === lower) out.push({ file: deck.path, range: entry.range });
      }
    }
  }
  // Unique, in file order (a name may be both a reference and the declaration).
  const seen = new Set<string>();
  return out
    .filter((l) => {
      const key = `${l.file}:${l.range.start.offset}`;
      return !seen.has(key) && (seen.add(key), true);
    })
    .sort((a, b) => (a.file === b.file ? a.range.start.offset - b.range.start.offset : a.file < b.file ? -1 : 1));
}

/** Find references: every place the card or keyword under the offset is named, its declaration included. */
export function referencesAt(analysis: WorkspaceAnalysis, path: string, offset: number, decks: readonly DeckSource[] = []): Location[] {
  const target = targetAt(analysis, path, offset);
  return target ? locationsOf(analysis, target, decks) : [];
}

export interface TextEditAt {
  file: string;
  range: Range;
  text: string;
}

export type RenameResult =
  | { ok: true; kind: "card" | "keyword"; from: string; to: string; edits: TextEditAt[] }
  | { ok: false; diagnostic: Diagnostic };

const KEYWORD_NAME = /^[A-Za-z][A-Za-z'-]*$/;

/**
 * Rename the card or keyword under the offset: the edits for its declaration and every place it
 * is named (card text, scenarios, deck lists), or a CW304x reason to refuse, before anything
 * changes. A name written in quotes keeps its quotes.
 */
export function renameAt(analysis: WorkspaceAnalysis, path: string, offset: number, newName: string, decks: readonly DeckSource[] = []): RenameResult {
  const here: Range = (() => {
    const reference = referenceAt(analysis, path, offset);
    if (reference) return reference.range;
    const at = { offset, line: 1, column: 1 };
    return { start: at, end: at };
  })();
  const target = targetAt(analysis, path, offset);
  if (!target) {
    const reference = referenceAt(analysis, path, offset);
    const reason = reference ? `only cards and keywords can be renamed, and "${reference.name}" is a ${reference.kind === "card" ? "card" : KIND_NOUNS[reference.kind]}` : "put the cursor on a card's name or a keyword";
    return { ok: false, diagnostic: diagnostic("CW3040", path, here, { reason }) };
  }
  const name = newName.trim();
  const refuse = (reason: string): RenameResult => ({ ok: false, diagnostic: diagnostic("CW3041", path, here, { name, kind: target.kind, reason }) });
  if (!name) return refuse("it is empty");
  if (/["“”\n\r{}]/.test(name)) return refuse("a name cannot hold quotes, braces or line breaks");
  if (target.kind === "keyword" && !KEYWORD_NAME.test(name)) return refuse("a keyword is one word of letters");
  if (name !== target.name && name.toLowerCase() !== target.name.toLowerCase()) {
    const taken = target.kind === "card" ? cardNamed(analysis, target.game, name) : findVocabulary(analysis, target.game)?.lookup("keyword", name);
    if (taken) {
      const where = "nameRange" in taken ? taken.nameRange : taken.range;
      return { ok: false, diagnostic: diagnostic("CW3042", path, here, { name, kind: target.kind, game: target.game, where: `${taken.file}:${where.start.line}:${where.start.column}` }) };
    }
  }
  const edits = locationsOf(analysis, target, decks).map((location): TextEditAt => {
    const text = sourceText(analysis, decks, location.file).slice(location.range.start.offset, location.range.end.offset);
    const quoted = /^["“]/.test(text) && /["”]$/.test(text) && text.length >= 2;
    return { file: location.file, range: location.range, text: quoted ? `${text[0]}${name}${text[text.length - 1]}` : name };
  });
  return { ok: true, kind: target.kind, from: target.name, to: name, edits };
}

function cardNamed(analysis: WorkspaceAnalysis, game: string, name: string): { file: string; nameRange: Range } | undefined {
  const lower = name.toLowerCase();
  for (const parsed of analysis.files.values()) {
    if (parsed.set?.game.toLowerCase() !== game.toLowerCase()) continue;
    const card = parsed.set.cards.find((c) => c.name.toLowerCase() === lower);
    if (card) return { file: parsed.path, nameRange: card.nameRange };
  }
  return undefined;
}

function sourceText(analysis: WorkspaceAnalysis, decks: readonly DeckSource[], file: string): Text {
  return analysis.files.get(file)?.text ?? decks.find((d) => d.path === file)?.text ?? "";
}

/**
 * The designer's own explanation of a declaration in a game file: the comment at the end of its
 * line and the comment lines right above it (not a `# ---` section rule). Hovers show it after
 * the declaration.
 */
export function declarationComment(text: string, line: number): string {
  const lines = text.split("\n");
  const at = lines[line - 1] ?? "";
  const trailing = commentOf(at);
  const above: string[] = [];
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i]!.trim();
    if (!l.startsWith("#") || /^#\s*-{3,}/.test(l)) break;
    above.unshift(l.replace(/^#\s?/, ""));
  }
  return [...above, ...(trailing ? [trailing] : [])].join("\n").trim();
}

/** The comment part of a line (a `#` outside quotes), without the `#`. */
function commentOf(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === "#" && !quoted) return line.slice(i + 1).trim();
  }
  return "";
}
