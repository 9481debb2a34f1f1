/**
 * Editor queries over a checked workspace: what is at an offset (hover, go-to-definition),
 * what may be typed at an offset (completions), and a game's whole vocabulary (palettes,
 * docs). All answers come from the game file of the document's own game.
 */
import type { WorkspaceAnalysis } from "./workspace.ts";
import type { Reference } from "./check.ts";
import { BUILTIN_FIELDS, KIND_NOUNS, type GameVocabulary, type VocabularyKind } from "./vocabulary.ts";

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
 * ability text → every name of the game.
 */
export function completionsAt(analysis: WorkspaceAnalysis, path: string, offset: number, text: string): Completion[] {
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
  if (field && FIELD_KINDS[field[1]!.toLowerCase()]) {
    const kinds = FIELD_KINDS[field[1]!.toLowerCase()]!;
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
