/**
 * What checks against the vocabulary but the engine could not run (the lowering's notes), as
 * CW6001 warnings, so a designer learns it from `check` or the studio rather than from a game
 * where the card silently does nothing. Every card that lowers gets its warnings, whatever
 * errors the file or other cards have; only a note on the very words an error already marks is
 * left out (the error says more). `cardwright check` and the studio's checker worker both call this.
 *
 * The studio passes an EngineWarningCache: lowering a 2,000-card file takes seconds, so it
 * lowers only the cards whose text (or game file) changed since the last keystroke.
 */
import type { Diagnostic, Range } from "./diagnostics.ts";
import type * as Ast from "./ast.ts";
import type { CardModel, SourceFile } from "./model.ts";
import type { CompiledGame } from "./ir.ts";
import { diagnostic } from "./messages.ts";
import { lowerAnalysis, lowerCards, lowerGame, type LoweringNote } from "./lower.ts";
import type { WorkspaceAnalysis } from "./workspace.ts";

/** Notes of one card, positions relative to the start of the card's first line. */
interface CardNotes {
  notes: { message: string; file: string; start: RelativePosition; end: RelativePosition }[];
}
interface RelativePosition {
  offset: number;
  line: number;
  column: number;
}

/** Lowering results kept between calls, per game file text and per card text. */
export class EngineWarningCache {
  /** By game file path: its text, compiled game and notes. */
  readonly games = new Map<string, { text: string; game: CompiledGame; notes: LoweringNote[] }>();
  /** By game text identity (a new game text starts afresh), then by card source. */
  readonly cards = new Map<string, Map<string, CardNotes>>();
}

export function engineWarnings(analysis: WorkspaceAnalysis, sources: SourceFile[], cache?: EngineWarningCache): Diagnostic[] {
  const errors = new Map<string, Range[]>();
  for (const d of analysis.model.diagnostics) if (d.severity === "error") (errors.get(d.file) ?? errors.set(d.file, []).get(d.file)!).push(d.range);
  const notes = cache ? cachedNotes(analysis, sources, cache) : lowerAnalysis(analysis, sources).notes;
  const onAnError = (note: LoweringNote) => (errors.get(note.file) ?? []).some((range) => overlaps(range, note.range));
  return notes.filter((note) => !onAnError(note)).map((note) => diagnostic("CW6001", note.file, note.range, { detail: note.message }));
}

/** Do two ranges share a character (an empty range counts at its position)? */
function overlaps(a: Range, b: Range): boolean {
  return a.start.offset <= b.end.offset && b.start.offset <= a.end.offset;
}

/** The notes lowerWorkspace would give, lowering only what changed. */
function cachedNotes(analysis: WorkspaceAnalysis, sources: SourceFile[], cache: EngineWarningCache): LoweringNote[] {
  const textOf = new Map(sources.map((s) => [s.path, s.text]));
  const notes: LoweringNote[] = [];
  const games = new Map<string, { text: string; game: CompiledGame }>();
  for (const parsed of analysis.files.values()) {
    const doc = parsed.document;
    if (doc?.kind !== "gameFile" || !doc.id) continue;
    const text = textOf.get(parsed.path) ?? "";
    let entry = cache.games.get(parsed.path);
    if (!entry || entry.text !== text) {
      const gameNotes: LoweringNote[] = [];
      try {
        entry = { text, game: lowerGame(doc, text, gameNotes), notes: gameNotes };
      } catch (error) {
        notes.push({ file: parsed.path, range: doc.range, message: `this game file could not be compiled (${error instanceof Error ? error.message : String(error)})` });
        continue;
      }
      cache.games.set(parsed.path, entry);
    }
    notes.push(...entry.notes);
    games.set(doc.id.text.toLowerCase(), entry);
  }

  const models = new Map<string, CardModel>();
  for (const set of analysis.model.sets) for (const card of set.cards) if (!models.has(`${card.file}\u0000${card.name}`)) models.set(`${card.file}\u0000${card.name}`, card);
  // Only this call's entries are kept: the cache holds one lowering per card as it is now.
  const kept = new Map<string, Map<string, CardNotes>>();
  for (const parsed of analysis.files.values()) {
    const doc = parsed.document;
    if (doc?.kind !== "cardFile" || !doc.game) continue;
    const game = games.get(doc.game.text.toLowerCase());
    if (!game) continue;
    const text = textOf.get(parsed.path) ?? "";
    const byCard = cache.cards.get(game.text) ?? new Map<string, CardNotes>();
    const keep = kept.get(game.text) ?? kept.set(game.text, new Map()).get(game.text)!;
    for (const card of doc.cards) {
      const base = lineStart(card.range);
      const key = `${parsed.path}\u0000${text.slice(base.offset, card.range.end.offset)}`;
      let entry = byCard.get(key);
      if (!entry) {
        entry = lowerOneCard(doc, card, text, game.game, models.get(`${parsed.path}\u0000${card.name.value}`), base);
      }
      keep.set(key, entry);
      for (const note of entry.notes) notes.push({ file: note.file, message: note.message, range: { start: absolute(note.start, base), end: absolute(note.end, base) } });
    }
  }
  cache.cards.clear();
  for (const [gameText, entries] of kept) cache.cards.set(gameText, entries);
  return notes;
}

function lowerOneCard(doc: Ast.CardFile, card: Ast.CardDecl, text: string, game: CompiledGame, model: CardModel | undefined, base: RelativePosition): CardNotes {
  const found: LoweringNote[] = [];
  try {
    lowerCards({ ...doc, cards: [card] }, text, game, model ? [model] : [], found);
  } catch (error) {
    found.push({ file: doc.file, range: card.range, message: `this card could not be compiled (${error instanceof Error ? error.message : String(error)})` });
  }
  return { notes: found.map((note) => ({ message: note.message, file: note.file, start: relative(note.range.start, base), end: relative(note.range.end, base) })) };
}

function lineStart(range: Range): RelativePosition {
  const { offset, line, column } = range.start;
  return { offset: offset - (column - 1), line, column: 1 };
}

function relative(position: RelativePosition, base: RelativePosition): RelativePosition {
  return { offset: position.offset - base.offset, line: position.line - base.line, column: position.column };
}

function absolute(position: RelativePosition, base: RelativePosition): RelativePosition {
  return { offset: position.offset + base.offset, line: position.line + base.line, column: position.column };
}
