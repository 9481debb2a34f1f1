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
import type { Diagnostic, Range, Text } from "./diagnostics.ts";
import type * as Ast from "./ast.ts";
import type { CardModel, SourceInput } from "./model.ts";
import type { Ability, CompiledGame } from "./ir.ts";
import { diagnostic } from "./messages.ts";
import { endOffset, startOffset } from "./source-range.ts";
import { lowerAnalysis, lowerCards, lowerGame, typeLineSubtypes, TypeLineSubtypesKept, type LoweringNote } from "./lower.ts";
import { readsAs } from "./reads-as.ts";
import { checkedModelsOf, type WorkspaceAnalysis } from "./workspace.ts";
import type { ParsedFile } from "./check-ast.ts";

/** Notes of one card, positions relative to the start of the card's first line. */
interface CardNotes {
  /** The compiled game it was lowered against (a changed game file lowers every card again). */
  game: CompiledGame;
  /** The subtypes other cards of the game bring (typeLineSubtypes), joined: a card naming one is lowered again when they change. */
  subtypes: string;
  file: string;
  /** The card's file, its set's code and its text: a card parsed again with the same text (in the same set) reuses its lowering. */
  key: string;
  notes: (Omit<LoweringNote, "range" | "ability"> & { start: RelativePosition; end: RelativePosition; ability?: { start: RelativePosition; end: RelativePosition } })[];
  /** Each ability as written and as the engine reads it (printed from the IR, compiler/reads-as.ts), offsets from the card's first line. */
  abilities: AbilityReading[];
}

/** One ability of a card: its text as written, how the engine reads it, and where it is (offsets). */
export interface AbilityReading {
  text: string;
  readsAs: string;
  start: number;
  end: number;
}
interface RelativePosition {
  offset: number;
  line: number;
  column: number;
}

/** The lowerings of one card file's cards, as last lowered. */
interface FileNotes {
  /** The parse they were lowered from: the same parse again (its text unchanged) against the same game and subtypes reuses them all. */
  parsed: ParsedFile;
  game: CompiledGame;
  subtypes: string;
  /**
   * Each card's lowering, in the order of the parse's cards. An edit keeps the trees of the cards
   * before and after it (compiler/incremental.ts): their entries are taken over by position, so a
   * keystroke does not index 2,000 cards again.
   */
  cards: CardNotes[];
  /** By the card's key (file, set code, text), for a card parsed again without a change (kept across edits, less the texts edited away). */
  byText: Map<string, CardNotes>;
  /** Every card's notes, placed in the file's text. */
  notes: LoweringNote[];
  /** The cards with notes (positions in `cards`, in order), and where in `notes` each one's begin. */
  noted: number[];
  noteStarts: number[];
}

/** Lowering results kept between calls: per game file, and per card file and card (by its tree, else by its text). */
export class EngineWarningCache {
  /** By game file path: its text, compiled game and notes. */
  readonly games = new Map<string, { text: Text; game: CompiledGame; notes: LoweringNote[] }>();
  /** By card file path. */
  files = new Map<string, FileNotes>();
  /** Per game, the subtypes other cards bring, joined, as last seen: an equal list is this very string, so each card compares it by identity. */
  subtypes = new Map<string, string>();
  /** What each set's type lines brought at the last check: only a set whose cards' type lines changed is read again. */
  readonly typeLines = new TypeLineSubtypesKept();

  /** The reads-as lines of a card as last lowered (one per ability), or undefined if it was not. */
  readsAs(file: string, cardName: string): string[] | undefined {
    const lowered = this.files.get(file);
    const doc = lowered?.parsed.document;
    if (doc?.kind !== "cardFile") return undefined;
    const index = doc.cards.findIndex((card) => card.name.value === cardName);
    return index < 0 ? undefined : lowered!.cards[index]!.abilities.map((a) => a.readsAs);
  }

  /**
   * The card of `file` whose text holds `offset`, with each of its abilities as written and as
   * the engine reads it (offsets in the file as it is now), as last lowered — for the studio's
   * hover and card panel. Undefined outside a card, or for a card not lowered (no game file).
   */
  readingsAt(analysis: WorkspaceAnalysis, file: string, offset: number): { card: string; abilities: AbilityReading[] } | undefined {
    const parsed = analysis.files.get(file);
    const lowered = this.files.get(file);
    const doc = parsed?.document;
    // Lowered from another parse (not this analysis's): its cards are not this text's.
    if (doc?.kind !== "cardFile" || !lowered || lowered.parsed !== parsed) return undefined;
    const index = doc.cards.findIndex((c) => startOffset(c.range) <= offset && offset <= endOffset(c.range));
    const card = doc.cards[index];
    const entry = lowered.cards[index];
    if (!card || !entry) return undefined;
    const base = lineStart(card.range).offset;
    return { card: card.name.value, abilities: entry.abilities.map((a) => ({ ...a, start: base + a.start, end: base + a.end })) };
  }
}

/** The parse errors (CW1xxx) in one file: a reads-as of an ability they fall in would print error recovery. */
export function parseErrorsIn(analysis: WorkspaceAnalysis, file: string): Diagnostic[] {
  return analysis.model.diagnostics.filter((d) => d.file === file && d.severity === "error" && /^CW1/.test(d.code));
}

/**
 * How the engine reads an ability (compiler/reads-as.ts) — unless a parse error touches its text or the spaces before
 * it (where the parser stopped and started the recovered ability: "Each player who controls two units ⟨error⟩ loses 2
 * life."): then its IR is what error recovery made of it, not a reading, and the error is what the designer must see.
 */
export function abilityReadsAs(ability: Ability, game: CompiledGame, parseErrors: readonly Diagnostic[], text: Text): string {
  const { start, end } = ability.source.range;
  let from = start.offset;
  while (from > 0 && /\s/.test(text.charAt(from - 1))) from--;
  // An error from the spaces before it to its end (one ending where the spaces start marks the ability before).
  const error = parseErrors.find((d) => d.file === ability.source.file && d.range.start.offset <= end.offset && (d.range.start.offset >= from || d.range.end.offset > from));
  return error ? `(does not parse: ${error.code} ${error.message})` : readsAs(ability, game);
}

export function engineWarnings(analysis: WorkspaceAnalysis, sources: readonly SourceInput[], cache?: EngineWarningCache): Diagnostic[] {
  const errors = new Map<string, Range[]>();
  for (const d of analysis.model.diagnostics) if (d.severity === "error") (errors.get(d.file) ?? errors.set(d.file, []).get(d.file)!).push(d.range);
  const notes = cache ? cachedNotes(analysis, sources, cache) : lowerAnalysis(analysis, sources, { notesOnly: true }).notes;
  const parseErrors = new Map<string, Range[]>();
  for (const d of analysis.model.diagnostics) if (d.severity === "error" && /^CW1/.test(d.code)) (parseErrors.get(d.file) ?? parseErrors.set(d.file, []).get(d.file)!).push(d.range);
  const onAnError = (note: LoweringNote) => (errors.get(note.file) ?? []).some((range) => overlaps(range, note.range));
  // A reads-as of an ability the parser recovered from is not how the text reads: the parse error says it.
  const readsRecovered = (note: LoweringNote) => note.ability !== undefined && (parseErrors.get(note.file) ?? []).some((range) => overlaps(range, note.ability!));
  return notes.filter((note) => !onAnError(note) && !readsRecovered(note)).map((note) => (note.code ? diagnostic(note.code, note.file, note.range, note.args as never) : diagnostic("CW6001", note.file, note.range, { detail: note.message })));
}

/** Do two ranges share a character (an empty range counts at its position)? */
function overlaps(a: Range, b: Range): boolean {
  return a.start.offset <= b.end.offset && b.start.offset <= a.end.offset;
}

/** The notes lowerWorkspace would give, lowering only what changed. */
function cachedNotes(analysis: WorkspaceAnalysis, sources: readonly SourceInput[], cache: EngineWarningCache): LoweringNote[] {
  const textOf = new Map(sources.map((s) => [s.path, s.text]));
  const notes: LoweringNote[] = [];
  const games = new Map<string, { text: Text; game: CompiledGame }>();
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

  // Only this call's entries are kept: the cache holds one lowering per card as it is now.
  const files = new Map<string, FileNotes>();
  const subtypesByGame = typeLineSubtypes(analysis, cache.typeLines);
  const subtypesSeen = new Map<string, string>();
  for (const parsed of analysis.files.values()) {
    const doc = parsed.document;
    if (doc?.kind !== "cardFile" || !doc.game) continue;
    const gameKey = doc.game.text.toLowerCase();
    const game = games.get(gameKey);
    if (!game) continue;
    const workspaceSubtypes = subtypesByGame.get(gameKey) ?? [];
    let subtypes = subtypesSeen.get(gameKey);
    if (subtypes === undefined) {
      const joined = workspaceSubtypes.join("\u0000");
      subtypes = cache.subtypes.get(gameKey) === joined ? cache.subtypes.get(gameKey)! : joined;
      subtypesSeen.set(gameKey, subtypes);
    }
    const earlier = cache.files.get(parsed.path);
    // An unchanged file (the same parse: the same text) against the same game and subtypes: its notes stand as they are.
    if (earlier && earlier.parsed === parsed && earlier.game === game.game && earlier.subtypes === subtypes) {
      files.set(parsed.path, earlier);
      notes.push(...earlier.notes);
      continue;
    }
    const text = textOf.get(parsed.path) ?? "";
    const cards = doc.cards;
    // Against the same game and subtypes, the trees an edit kept (the same objects, at the start and the end of the
    // list) keep their lowerings, and every text lowered before is worth finding again.
    const sameLowering = earlier !== undefined && earlier.game === game.game && earlier.subtypes === subtypes && earlier.parsed.document?.kind === "cardFile" && earlier.parsed.document.code?.text === doc.code?.text;
    const before = sameLowering ? (earlier.parsed.document as Ast.CardFile).cards : [];
    const most = Math.min(before.length, cards.length);
    let head = 0;
    while (head < most && before[head] === cards[head]) head++;
    let tail = 0;
    while (tail < most - head && before[before.length - 1 - tail] === cards[cards.length - 1 - tail]) tail++;
    const byText = sameLowering ? earlier.byText : new Map<string, CardNotes>();
    const lowered: FileNotes = { parsed, game: game.game, subtypes, cards: sameLowering ? earlier.cards.slice(0, head) : [], byText, notes: [], noted: [], noteStarts: [] };
    const edited = new Set<CardNotes>();
    // Each card's model, by position as lowerAnalysis takes it, looked up only when a card is lowered again.
    let models: readonly (CardModel | undefined)[] | undefined;
    // What a card's lowering reads besides its text, the game and the subtypes: its file, and the set's code (its id).
    const keyOf = `${parsed.path}\u0000${doc.code?.text ?? ""}\u0000`;
    for (let index = head; index < cards.length - tail; index++) {
      const card = cards[index]!;
      const base = lineStart(card.range);
      const key = keyOf + text.slice(base.offset, endOffset(card.range));
      let entry = byText.get(key);
      if (!entry || entry.game !== game.game || entry.subtypes !== subtypes) entry = lowerOneCard(doc, card, text, game.game, workspaceSubtypes, subtypes, (models ??= checkedModelsOf(analysis, parsed))[index], base, key, parseErrorsIn(analysis, parsed.path));
      byText.set(key, entry);
      edited.add(entry);
      lowered.cards.push(entry);
    }
    if (tail > 0) lowered.cards.push(...earlier!.cards.slice(earlier!.cards.length - tail));
    // The texts edited away leave the index (else it would hold every text typed).
    if (sameLowering) for (let index = head; index < before.length - tail; index++) {
      const gone = earlier.cards[index]!;
      if (!edited.has(gone) && byText.get(gone.key) === gone) byText.delete(gone.key);
    }
    // The notes placed where their cards are now: the cards before the edit keep theirs as placed (they did not move),
    // the others' are placed again — going through the cards with notes only, not every card of the file.
    const place = (index: number) => {
      const entry = lowered.cards[index]!;
      if (entry.notes.length === 0) return;
      lowered.noted.push(index);
      lowered.noteStarts.push(lowered.notes.length);
      // Where the card's first line starts now (computed only for a card with notes).
      const base = lineStart(cards[index]!.range);
      for (const { start, end, ability, ...note } of entry.notes)
        lowered.notes.push({ ...note, range: { start: absolute(start, base), end: absolute(end, base) }, ...(ability ? { ability: { start: absolute(ability.start, base), end: absolute(ability.end, base) } } : {}) });
    };
    if (sameLowering) {
      let k = 0;
      while (k < earlier.noted.length && earlier.noted[k]! < head) k++;
      // The trees kept before the edit did not move; an edit above every card (in the header) keeps them all, moved: the
      // last card taken over is looked at, and if it moved, every card is placed again.
      const keep = k > 0 && placedAsBefore(earlier, k - 1, cards[earlier.noted[k - 1]!]!) ? k : 0;
      lowered.noted = earlier.noted.slice(0, keep);
      lowered.noteStarts = earlier.noteStarts.slice(0, keep);
      lowered.notes = earlier.notes.slice(0, keep < earlier.noted.length ? earlier.noteStarts[keep] : earlier.notes.length);
      for (let j = keep; j < k; j++) place(earlier.noted[j]!);
      for (let index = head; index < cards.length - tail; index++) place(index);
      while (k < earlier.noted.length && earlier.noted[k]! < before.length - tail) k++;
      for (; k < earlier.noted.length; k++) place(earlier.noted[k]! - before.length + cards.length);
    } else for (let index = 0; index < cards.length; index++) place(index);
    files.set(parsed.path, lowered);
    notes.push(...lowered.notes);
  }
  cache.files = files;
  cache.subtypes = subtypesSeen;
  return notes;
}

function lowerOneCard(doc: Ast.CardFile, card: Ast.CardDecl, text: Text, game: CompiledGame, workspaceSubtypes: string[], subtypes: string, model: CardModel | undefined, base: RelativePosition, key: string, parseErrors: Diagnostic[]): CardNotes {
  const found: LoweringNote[] = [];
  let abilities: AbilityReading[] = [];
  try {
    const [compiled] = lowerCards({ ...doc, cards: [card] }, text, game, model ? [model] : [], found, workspaceSubtypes);
    abilities = (compiled?.abilities ?? []).map((ability) => ({
      text: ability.text,
      readsAs: abilityReadsAs(ability, game, parseErrors, text),
      start: ability.source.range.start.offset - base.offset,
      end: ability.source.range.end.offset - base.offset,
    }));
  } catch (error) {
    found.push({ file: doc.file, range: card.range, message: `this card could not be compiled (${error instanceof Error ? error.message : String(error)})` });
  }
  return { game, subtypes, file: doc.file, key, abilities, notes: found.map(({ range, ability, ...note }) => ({ ...note, start: relative(range.start, base), end: relative(range.end, base), ...(ability ? { ability: { start: relative(ability.start, base), end: relative(ability.end, base) } } : {}) })) };
}

/** Are the notes of `earlier`'s `k`th card with notes where they were placed, that card (its tree) being `card` now? */
function placedAsBefore(earlier: FileNotes, k: number, card: Ast.CardDecl): boolean {
  const first = earlier.cards[earlier.noted[k]!]!.notes[0]!;
  const now = absolute(first.start, lineStart(card.range));
  const was = earlier.notes[earlier.noteStarts[k]!]!.range.start;
  return now.offset === was.offset && now.line === was.line && now.column === was.column;
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
