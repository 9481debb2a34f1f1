/**
 * Incremental re-parse of a card file after an edit: only the cards the edit touched are
 * parsed again; the other cards' trees, syntax diagnostics and comments are reused from the
 * previous parse (shifted when they follow the edit). The studio re-checks on every
 * keystroke, and parsing a 2,000-card file from scratch takes seconds.
 *
 * The result is the same as a full parse (a property test compares them on random edits).
 * That holds because the file is cut only at *firm boundaries*: a line that starts with
 * `card "Name" {`. No token spans a line (strings, comments and lexer errors end at the
 * line break), so the lexer starts afresh on every line, and `card "…" {` at the start of a
 * line always opens a new chunk in `build.ts`'s split; a chunk never reads past its end.
 * Whenever an assumption cannot be shown cheaply (no set header, diagnostics near the
 * per-file cap, the region ending in a bare `card` word, a file that is not a card file),
 * the answer is `undefined` and the caller parses the whole file.
 */
import type * as Ast from "./ast.ts";
import { LineMap, type Diagnostic, type Position, type Range, type Text } from "./diagnostics.ts";
import { type Anchor, SourceRange, startOffset } from "./source-range.ts";
import { MAX_SYNTAX_DIAGNOSTICS, parseDocument } from "./build.ts";
import { parsedFromDocument, type ParsedFile } from "./check-ast.ts";

/**
 * `card "Name" {` at the start of a line, in the spelling the lexer reads as Card, a string and a brace,
 * from the line break before it. It lies on one line: it is looked for line by line (firmBoundaryAt), so a
 * text kept in chunks (SourceText) is never read whole.
 */
const FIRM_BOUNDARY = /^\ncard[ \t]+"[^"\\\r\n]*"[ \t]*\{/;

/**
 * What an edit kept of a text: the text before it and after it share their first `prefix` and
 * their last `suffix` characters. Whoever made the edit knows it (the studio's worker applies the
 * editor's changes); without it, it is found by comparing the two texts, which for a keystroke
 * in a 1 MB file was the largest single cost of a re-parse.
 */
export interface EditSpan {
  prefix: number;
  suffix: number;
}

/**
 * Re-parses `text`, the new content of the card file `previous` was parsed from, reusing
 * every card the edit did not touch. `undefined` when only a full parse gives the right answer.
 * `span`, when the caller knows it, is where the edit lies (it must be true of the two texts).
 */
export function reparseCardFile(previous: ParsedFile, text: Text, span?: EditSpan): ParsedFile | undefined {
  try {
    return reparseRegion(previous, text, span);
  } catch {
    return undefined; // a bug here must cost only speed: the caller parses the whole file
  }
}

/** Parses whose later cards were moved into a newer parse: they no longer describe their own text. */
const consumed = new WeakSet<ParsedFile>();

function reparseRegion(previous: ParsedFile, text: Text, span: EditSpan | undefined): ParsedFile | undefined {
  if (consumed.has(previous)) return undefined;
  const before = previous.document;
  if (previous.kind !== "cards" || before?.kind !== "cardFile" || !before.code || !before.game) return undefined;
  if (previous.diagnostics.some(isHeaderOrCapDiagnostic)) return undefined;
  const old = previous.text;
  const shortest = Math.min(old.length, text.length);
  if (span ? span.prefix >= shortest && old.length === text.length : old === text) return previous;

  // The edit: old[prefix, old.length - suffix) became text[prefix, text.length - suffix).
  const prefix = span ? Math.max(0, Math.min(span.prefix, shortest)) : commonPrefix(old, text, shortest);
  const suffix = span ? Math.max(0, Math.min(span.suffix, shortest - prefix)) : commonSuffix(old, text, shortest - prefix);
  const delta = text.length - old.length;

  // The region to parse again: from the last firm boundary wholly before the edit (or the
  // file's start) to the first one whose line break lies after the edit (or the file's end).
  const regionStart = lastFirmBoundaryBefore(old, prefix);
  const next = nextFirmBoundary(text, Math.max(text.length - suffix, regionStart));
  const regionEnd = next >= 0 ? next + 1 : text.length;
  const oldRegionEnd = regionEnd - delta;

  const region = text.slice(regionStart, regionEnd);
  // A bare `card` ending the region would open a chunk before the next card (its lookahead
  // reaches past the region): leave that to a full parse.
  if (/cards?$/i.test(region.replace(/#[^\r\n]*/g, "").trimEnd())) return undefined;

  // Parse the header (unchanged, or inside the region) and the region, everything else read
  // as blank: every offset, line and column stays the file's own.
  const headerEnd = regionStart === 0 ? 0 : firstFirmBoundary(text, regionStart);
  // The old text's line map, edited: only the edit's lines are searched.
  const oldLines = anchorOf(before)?.lines;
  const lines = oldLines && oldLines.text === old ? oldLines.edited(text, prefix, suffix) : new LineMap(text);
  const reparsed = parseDocument(text, previous.path, { spans: [[0, headerEnd], [regionStart, regionEnd]], lines });
  const after = reparsed.document;
  if (after.kind !== "cardFile" || !after.code || !after.game || reparsed.omitted > 0 || reparsed.diagnostics.some(isHeaderOrCapDiagnostic)) return undefined;

  // What ends the file (an unclosed card at the very end) is reported at the file's length.
  const inRegion = (offset: number) => offset >= regionStart && (offset < regionEnd || regionEnd === text.length);
  const start = (node: { range: Range }) => startOffset(node.range);
  /** Old items before the region, fresh ones inside it, old ones after it (to be moved). */
  const partition = <T extends { range: Range }>(items: T[], fresh: T[]) => ({
    kept: items.filter((item) => start(item) < regionStart),
    fresh: fresh.filter((item) => inRegion(start(item))),
    moved: regionEnd < text.length ? items.filter((item) => start(item) >= oldRegionEnd) : [],
  });
  /** The same, of items in the order of their starts (cards, their views, comments): two binary searches, not a test of every card. */
  const partitionSorted = <T extends { range: Range }>(items: T[], fresh: T[]) => ({
    kept: items.slice(0, firstStartingAt(items, regionStart)),
    fresh: fresh.filter((item) => inRegion(start(item))),
    moved: regionEnd < text.length ? items.slice(firstStartingAt(items, oldRegionEnd)) : [],
  });
  const diagnostics = partition(previous.diagnostics, reparsed.diagnostics);
  const cards = partitionSorted(before.cards, after.cards);
  const comments = partitionSorted(before.comments, after.comments);
  const syntaxErrors = [...diagnostics.kept, ...diagnostics.fresh, ...diagnostics.moved].filter((d) => d.code.startsWith("CW1"));
  if (syntaxErrors.length >= MAX_SYNTAX_DIAGNOSTICS || !previous.set) return undefined;
  const header = { ...after, ...(regionStart > 0 ? headerOf(before) : {}) };
  // The checker's views (each card's canonical ability text is printed: costly) are built for the region's cards only.
  const parsed = parsedFromDocument(text, previous.path, { ...header, cards: cards.fresh }, [...diagnostics.kept, ...diagnostics.fresh, ...diagnostics.moved]);
  if (!parsed.set) return undefined;
  const views = partitionSorted(previous.set.cards, parsed.set.cards);
  // Every range of a kept card (its tree and its view) counts from the card's anchor; a comment from its own.
  // Looked at in place (no copies of the lists, no Set of anchors): this runs on every keystroke over every card.
  const headerNodes = Object.values(headerOf(before)) as Ast.BaseNode[];
  if (![cards.kept, cards.moved, comments.kept, comments.moved, headerNodes].every(allAnchored)) return undefined;
  if (!anchoredAmong(views.moved, cards.moved)) return undefined;

  // Past every way out: move what follows the edit and retire the previous parse.
  consumed.add(previous);
  const lineDelta = countLines(text, prefix, text.length - suffix) - countLines(old, prefix, old.length - suffix);
  // Kept before the edit: same offsets, the new text's lines. After it: moved by the edit.
  for (const nodes of [cards.kept, comments.kept, headerNodes]) {
    for (const node of nodes) {
      const anchor = anchorOf(node)!;
      anchor.moveTo(anchor.offset, lines, anchor.line);
    }
  }
  for (const nodes of [cards.moved, comments.moved]) {
    for (const node of nodes) {
      const anchor = anchorOf(node)!;
      anchor.moveTo(anchor.offset + delta, lines, anchor.line + lineDelta);
    }
  }
  moveDiagnostics(diagnostics.moved, delta, lineDelta);
  const join = <T>(p: { kept: T[]; fresh: T[]; moved: T[] }) => [...p.kept, ...p.fresh, ...p.moved];
  parsed.document = { ...header, cards: join(cards), comments: join(comments) };
  parsed.set = { ...parsed.set, cards: join(views) };
  parsed.spliced = { from: previous.set, at: views.kept.length, removed: previous.set.cards.length - views.kept.length - views.moved.length, added: views.fresh.length };
  return parsed;
}

/** The index of the first of `items` (in the order of their starts) that starts at or after `offset`. */
function firstStartingAt(items: readonly { range: Range }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (startOffset(items[mid]!.range) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A missing set header (CW1006) or a capped file (CW1009): positions a partial parse cannot reproduce. */
function isHeaderOrCapDiagnostic(d: Diagnostic): boolean {
  return d.code === "CW1006" || d.code === "CW1009";
}

function headerOf(doc: Ast.CardFile): Partial<Ast.CardFile> {
  const header: Partial<Ast.CardFile> = {};
  if (doc.code) header.code = doc.code;
  if (doc.title) header.title = doc.title;
  if (doc.game) header.game = doc.game;
  return header;
}

/** The length of the firm boundary whose line break is at `newline`, or 0 if none is there. */
function firmBoundaryAt(text: Text, newline: number): number {
  const lineEnd = text.indexOf("\n", newline + 1);
  return FIRM_BOUNDARY.exec(text.slice(newline, lineEnd < 0 ? text.length : lineEnd))?.[0].length ?? 0;
}

/** The line break of the first firm boundary at or after `from`, or -1. */
function nextFirmBoundary(text: Text, from: number): number {
  for (let newline = text.indexOf("\ncard", from); newline >= 0; newline = text.indexOf("\ncard", newline + 1)) {
    if (firmBoundaryAt(text, newline) > 0) return newline;
  }
  return -1;
}

/** Offset of the last firm boundary whose whole `card "…" {` lies before `limit`, or 0. */
function lastFirmBoundaryBefore(text: Text, limit: number): number {
  let from = limit;
  while (from > 0) {
    const newline = text.lastIndexOf("\ncard", from - 1);
    if (newline < 0) return 0;
    const length = firmBoundaryAt(text, newline);
    if (length > 0 && newline + length <= limit) return newline + 1;
    from = newline;
  }
  return 0;
}

function firstFirmBoundary(text: Text, limit: number): number {
  const first = nextFirmBoundary(text, 0);
  return first >= 0 && first + 1 <= limit ? first + 1 : limit;
}

/** Characters compared at once while looking for the edit, largest first: string equality runs natively, a loop over char codes does not. */
const CHUNKS = [4096, 64, 1];

/** How many characters `a` and `b` share at their start (at most `limit`). */
export function commonPrefix(a: Text, b: Text, limit: number): number {
  let same = 0;
  for (const size of CHUNKS) while (same + size <= limit && a.slice(same, same + size) === b.slice(same, same + size)) same += size;
  return same;
}

/** How many characters `a` and `b` share at their end (at most `limit`). */
export function commonSuffix(a: Text, b: Text, limit: number): number {
  let same = 0;
  for (const size of CHUNKS) while (same + size <= limit && a.slice(a.length - same - size, a.length - same) === b.slice(b.length - same - size, b.length - same)) same += size;
  return same;
}

function countLines(text: Text, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/** The anchor a node's range counts from (compiler/source-range.ts); undefined for a plain range. */
function anchorOf(node: { range: Range }): Anchor | undefined {
  return node.range instanceof SourceRange ? node.range.anchor : undefined;
}

function allAnchored(nodes: readonly { range: Range }[]): boolean {
  for (const node of nodes) if (!(node.range instanceof SourceRange)) return false;
  return true;
}

/**
 * Whether every one of `views` counts from the anchor of one of `cards` (both in the order of their starts, a card's
 * view from its card's anchor): moving those cards' anchors moves the views. One walk along both lists.
 */
function anchoredAmong(views: readonly { range: Range }[], cards: readonly { range: Range }[]): boolean {
  let next = 0;
  for (const view of views) {
    const anchor = anchorOf(view);
    if (!anchor) return false;
    while (next < cards.length && anchorOf(cards[next]!) !== anchor) next++;
    if (next === cards.length) return false;
    next++;
  }
  return true;
}

/**
 * Moves the syntax diagnostics after the edit by `delta` characters and `lines` lines, in place:
 * columns stay, since what moves starts on a line of its own. A position two diagnostics share
 * (a CW1009 summary at the last error) moves once.
 */
function moveDiagnostics(diagnostics: Diagnostic[], delta: number, lines: number): void {
  if (delta === 0 && lines === 0) return;
  const positions = new Set<Position>();
  for (const d of diagnostics) {
    positions.add(d.range.start);
    positions.add(d.range.end);
  }
  for (const position of positions) {
    position.offset += delta;
    position.line += lines;
  }
}
