/**
 * What one analysis remembers for the next (the studio checks on every keystroke): each game
 * file's binding, by its parse, and each card's check, by its checker view. A card is checked
 * again only when something it read changed: its own text (a new view), its game's vocabulary
 * (the game file changed), its set code, whether it has syntax errors, or — for a card that
 * looked a card name up — the game's card names. Everything else is reused, moved to where the
 * card is now. A card file whose text did not change (the same parse) and whose cards read
 * nothing that changed is kept whole, without going through its cards (a keystroke in one file
 * of the studio's workspace leaves every other file so).
 *
 * The model and diagnostics are kept as plain copies, relative to where the card started when
 * it was checked, and placed (shifted) when reused: an edit above a card moves it by whole
 * lines, so columns stay. References keep the tree's compact ranges (compiler/source-range.ts),
 * which move with their card; a reference to another card is resolved by name when asked for,
 * against the current card index, so a card that only moved never makes the cards naming it stale.
 */
import type { Diagnostic, Position, Range } from "./diagnostics.ts";
import type { CardModel, SetModel } from "./model.ts";
import type { CardView, SetView } from "./check-input.ts";
import type { BoundGame } from "./check-game.ts";
import type { CardEntry, CheckedCard, Reference } from "./check.ts";
import type { GameVocabulary } from "./vocabulary.ts";
import type { ParsedFile } from "./check-ast.ts";
import type { ScenarioFile } from "./scenario.ts";
import { SourceRange, plainRange, startLine, startOffset } from "./source-range.ts";
import { fitted } from "./fitted.ts";

/** A card's check, as it was when the card started at `base`. */
export interface RememberedCard {
  vocabulary: GameVocabulary;
  file: string;
  set: string;
  broken: boolean;
  /** The check read the game's card index (a quoted card name): its result depends on the game's card names. */
  readIndex: boolean;
  base: { offset: number; line: number };
  model: CardModel;
  diagnostics: Diagnostic[];
  references: Reference[];
  /** The model and diagnostics as last placed, and where: reused as they are while the card stays put. */
  placed?: { offset: number; line: number; model: CardModel; diagnostics: Diagnostic[] };
}

/**
 * A card file's checked cards: `remembered[i]` is the check of `views[i]` (the file's card views, in order: the
 * parse's own list unless a card's check failed). Two lists, not an object per card: the studio re-checks the
 * file on every keystroke.
 */
export interface FileCards {
  views: readonly CardView[];
  remembered: RememberedCard[];
  /** The card index of the file's game, as the checks read it. */
  index: Map<string, CardEntry>;
  /** The parse's view of the set the cards were checked in: the same object while the file's text is unchanged. */
  set: SetView;
  /** The vocabulary of the game the cards were checked against. */
  vocabulary: GameVocabulary;
  /** Some card's check looked a card name up (RememberedCard.readIndex). */
  readIndex: boolean;
  /** Some card's check failed (CW3009): that card is in neither list. */
  failed: boolean;
  /** Some card was checked as having syntax errors (RememberedCard.broken). */
  broken: boolean;
  /** Where in the lists those cards are, in order (an edit inside the file keeps the other cards' checks only while each is as broken as it was). */
  brokenAt: readonly number[];
  /** The cards' diagnostics where the cards are, in card order. */
  diagnostics: Diagnostic[];
  /**
   * Where in the lists the cards with diagnostics are, and the cards whose check read the card index, in order: after
   * an edit inside the file (ParsedFile.spliced) only these of the cards it kept are looked at again.
   */
  noted: readonly number[];
  readers: readonly number[];
  /**
   * How `remembered` was made from an earlier list of checks after an edit inside the file: its checks from `at` on,
   * `removed` of them, replaced by `added` new ones, and the checks at the positions `changed` (cards that read a
   * renamed name) made again; every other one is the earlier list's (those after the edit moved by one offset and
   * line count with their anchors). The studio's placements and delta are spliced as the list was.
   */
  spliced?: ChecksSplice;
  /** The set's model made of these checks (kept with them while the file is kept whole). */
  setModel?: SetModel;
}

export interface ChecksSplice {
  from: readonly RememberedCard[];
  at: number;
  removed: number;
  added: number;
  changed: readonly number[];
}

/** Per game (lower-case id): the card names its cards' checks looked up, lower-case name → the card's name and file. */
export type CardNames = ReadonlyMap<string, { name: string; file: string }>;

export class CheckMemory {
  /** False when the analysis kept no card references (AnalyzeOptions.references): a later analysis checks its cards again. */
  withReferences = true;
  readonly games = new Map<ParsedFile, BoundGame>();
  readonly cardNames = new Map<string, CardNames>();
  /**
   * The card views of each card file in order, with what was remembered for them: the next analysis looks a card's
   * earlier check up here, by its file, and keeps a file whose cards read nothing that changed whole.
   */
  readonly fileCards = new Map<string, FileCards>();
  /** References that are not a card's: game files', absolute. */
  readonly otherReferences = new Map<string, Reference[]>();
  /**
   * The workspace's scenario files in order, the games they were bound to (lower-case id and id of each) and the
   * diagnostics of that binding and of their titles (CW3003, CW5024): kept by the next analysis while both are the same.
   * Each scenario's card names are resolved against its game's `cardNames` when references are read.
   */
  scenarios: { readonly files: readonly ScenarioFile[]; readonly games: string; readonly diagnostics: readonly Diagnostic[] } | undefined;
}

const memories = new WeakMap<object, CheckMemory>();
/** Each placed model's remembered check: two models from one check are the same card (the studio sends it as a reference). */
const origins = new WeakMap<CardModel, RememberedCard>();

/** Where a card model's check came from: the same object for every placement of one check of one card. */
export function originOf(model: CardModel): object | undefined {
  return origins.get(model);
}

export function memoryOf(analysis: object): CheckMemory | undefined {
  return memories.get(analysis);
}

export function rememberFor(analysis: object, memory: CheckMemory): void {
  memories.set(analysis, memory);
}

/**
 * The card index as checks read it: every read is noted in `read`, which the caller clears
 * before checking a card and looks at after, so only the cards that named a card depend on
 * the game's card names.
 *
 * An analysis after an edit takes its game's index over from the one before and patches it in place for the cards
 * the edit parsed again (compiler/workspace.ts `patchIndex`), rather than making a Map of every card of the game per
 * keystroke. Its entries are then the same; only their Map order may differ from the cards' order, so once a patch
 * adds a name, going through the index (a "did you mean" over every card name, whose ties go to the first) goes
 * through a copy made in the cards' order.
 */
export class ObservedIndex extends Map<string, CardEntry> {
  read = false;
  /** The set views whose cards the index holds, in the workspace's order (one game's card files). */
  sets: readonly SetView[] = [];
  /** Some card name was declared twice (CW2010, the first card keeps the name): such an index is made anew, never patched. */
  duplicates = false;
  /** The analysis memory the index belongs to now: only the analysis made from that one may take it over. */
  owner: CheckMemory | undefined;
  /** A patch added a name (at the Map's end): the cards' order is `inOrder()`'s, made when first gone through. */
  reordered = false;
  private ordered: Map<string, CardEntry> | undefined;

  /** The entries in the cards' order (the Map itself while no patch added a name). */
  private inOrder(): Map<string, CardEntry> {
    if (!this.reordered) return this;
    if (!this.ordered) {
      this.ordered = new Map();
      for (const set of this.sets) for (const card of set.cards) {
        const { name, entry } = indexEntryOf(card, set.file);
        if (!this.ordered.has(name)) this.ordered.set(name, entry);
      }
    }
    return this.ordered;
  }
  /** After a patch: `sets` are the views now, and `reordered` says whether a name was added. */
  patched(sets: readonly SetView[], reordered: boolean): void {
    this.sets = sets;
    if (reordered) this.reordered = true;
    this.ordered = undefined;
  }
  override get(key: string): CardEntry | undefined {
    this.read = true;
    return super.get(key);
  }
  override has(key: string): boolean {
    this.read = true;
    return super.has(key);
  }
  override values(): MapIterator<CardEntry> {
    this.read = true;
    return mapValues.call(this.inOrder()) as MapIterator<CardEntry>;
  }
  override keys(): MapIterator<string> {
    this.read = true;
    return mapKeys.call(this.inOrder()) as MapIterator<string>;
  }
  override entries(): MapIterator<[string, CardEntry]> {
    this.read = true;
    return mapEntries.call(this.inOrder()) as MapIterator<[string, CardEntry]>;
  }
  override forEach(callback: (value: CardEntry, key: string, map: Map<string, CardEntry>) => void, thisArg?: unknown): void {
    this.read = true;
    mapForEach.call(this.inOrder(), (value: CardEntry, key: string) => callback.call(thisArg, value, key, this));
  }
  override [Symbol.iterator](): MapIterator<[string, CardEntry]> {
    this.read = true;
    return mapEntries.call(this.inOrder()) as MapIterator<[string, CardEntry]>;
  }
  override get size(): number {
    this.read = true;
    return super.size;
  }
  /** Building the index is not a read. */
  add(key: string, entry: CardEntry): void {
    super.set(key, entry);
  }
}

/** Do two card indexes hold the same names, each in the same spelling and file? Neither counts as read. */
export function sameNames(a: CardNames | undefined, b: CardNames): boolean {
  if (!a || mapSize.call(a) !== mapSize.call(b)) return false;
  for (const [key, entry] of mapEntries.call(b) as MapIterator<[string, CardEntry]>) {
    const other = mapGet.call(a, key) as CardEntry | undefined;
    if (!other || !sameEntry(other, entry) || other.file !== entry.file) return false;
  }
  return true;
}

/** The same name in the same spelling, token or not, of the same type (what a check reads of an entry: check.ts). */
export function sameEntry(a: { name: string; token?: boolean; types?: readonly string[] }, b: { name: string; token?: boolean; types?: readonly string[] }): boolean {
  return a.name === b.name && !!a.token === !!b.token && (a.types ?? []).join(" ") === (b.types ?? []).join(" ");
}
const mapGet = Map.prototype.get;
const mapEntries = Map.prototype.entries;
const mapKeys = Map.prototype.keys;
const mapValues = Map.prototype.values;
const mapForEach = Map.prototype.forEach;
const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;

/**
 * A card's entry in its game's card index and its name in lower case, made once per checker view: a view
 * lives as long as its card's parse (an edit elsewhere keeps it, its ranges moving in place).
 */
const indexEntries = new WeakMap<CardView, { name: string; entry: CardEntry }>();
export function indexEntryOf(card: CardView, file: string): { name: string; entry: CardEntry } {
  let found = indexEntries.get(card);
  if (!found || found.entry.file !== file) {
    const token = card.tree.fields.some((f) => f.name.text.toLowerCase() === "token" || (f.name.text.toLowerCase() === "type" && f.value.some((v) => v.kind === "word" && v.text.toLowerCase() === "token")));
    // Its type line's words before a dash (`Unit — Knight`: "unit"): a token text naming the card makes a token of its face
    // only when the card is of a type a token can be (check.ts, tokenWithoutStats).
    const typeField = card.tree.fields.find((f) => f.name.text.toLowerCase() === "type");
    const dash = typeField ? typeField.value.findIndex((v) => v.kind === "punct") : -1;
    const types = (typeField ? (dash >= 0 ? typeField.value.slice(0, dash) : typeField.value) : []).flatMap((v) => (v.kind === "word" ? [v.text.toLowerCase()] : []));
    found = { name: card.name.toLowerCase(), entry: { name: card.name, file, range: card.range, nameRange: card.nameRange, ...(token ? { token } : {}), ...(types.length ? { types } : {}) } };
    indexEntries.set(card, found);
  }
  return found;
}


/** Plain copies of a fresh check's results (they share their ranges with the tree, which moves on its own). */
export function remember(checked: CheckedCard, view: CardView, facts: Omit<RememberedCard, "base" | "model" | "diagnostics" | "references" | "placed">): RememberedCard {
  const start = view.range.start;
  const model = {
    ...checked.model,
    // Arrays the check filled by push, copied to their size (compiler/fitted.ts): the model is kept as long as the card.
    colors: fitted(checked.model.colors),
    subtypes: fitted(checked.model.subtypes),
    supertypes: fitted(checked.model.supertypes),
    range: plainRange(checked.model.range),
    abilities: checked.model.abilities.map((a) => ({ ...a, range: plainRange(a.range) })),
    ...(checked.model.art ? { art: { path: checked.model.art.path, range: plainRange(checked.model.art.range) } } : {}),
  };
  const diagnostics = checked.diagnostics.map((d) => ({ ...d, range: plainRange(d.range) }));
  // References stay as the check made them, counted from the card's anchor, so they move with the
  // card by themselves; one the check built as plain data is anchored here (kept without copies:
  // a 10,000-card check holds a few hundred thousand references).
  const anchor = view.range instanceof SourceRange ? view.range.anchor : undefined;
  const anchored = (range: Range): Range => (range instanceof SourceRange || !anchor ? range : anchor.range(range.start.offset, range.end.offset));
  const references = checked.references.map((r) => (r.range instanceof SourceRange ? r : { ...r, range: anchored(r.range) }));
  // Field by field (not a spread of `facts`): one shape for every remembered card.
  const remembered: RememberedCard = {
    vocabulary: facts.vocabulary,
    file: facts.file,
    set: facts.set,
    broken: facts.broken,
    readIndex: facts.readIndex,
    base: { offset: start.offset, line: start.line },
    model,
    diagnostics,
    references,
    placed: { offset: start.offset, line: start.line, model, diagnostics },
  };
  origins.set(model, remembered);
  return remembered;
}

function moved(p: Position, offset: number, lines: number): Position {
  return { offset: p.offset + offset, line: p.line + lines, column: p.column };
}

function movedRange(r: Range, offset: number, lines: number): Range {
  return { start: moved(r.start, offset, lines), end: moved(r.end, offset, lines) };
}

/**
 * The model and diagnostics of a remembered card where the card now starts (its view's range):
 * reused as they are while the card has not moved; a moved card's are shifted copies. Only the
 * start offset is read for a card that stays put (its line is computed only when it moved).
 */
export function place(remembered: RememberedCard, view: CardView): { model: CardModel; diagnostics: Diagnostic[] } {
  const placed = remembered.placed;
  // Unmoved: the same offset and line (an edit above may keep the offset and change the lines).
  if (placed && placed.offset === startOffset(view.range) && placed.line === startLine(view.range)) return placed;
  const start = view.range.start;
  const lines = start.line - remembered.base.line;
  const delta = start.offset - remembered.base.offset;
  const model = remembered.model;
  const next = {
    offset: start.offset,
    line: start.line,
    model: {
      ...model,
      range: movedRange(model.range, delta, lines),
      abilities: model.abilities.map((a) => ({ ...a, range: movedRange(a.range, delta, lines) })),
      ...(model.art ? { art: { path: model.art.path, range: movedRange(model.art.range, delta, lines) } } : {}),
    },
    diagnostics: remembered.diagnostics.map((d) => ({ ...d, range: movedRange(d.range, delta, lines) })),
  };
  remembered.placed = next;
  origins.set(next.model, remembered);
  return next;
}

/** Where a card starts now (its line from its anchor, without a search). */
export function startOf(remembered: RememberedCard, view: CardView): { offset: number; line: number } {
  return { offset: startOffset(view.range), line: startLine(view.range) };
}

/** Where a remembered card's diagnostics are now: none to place for the usual card without any. */
export function placedDiagnostics(remembered: RememberedCard, view: CardView): Diagnostic[] {
  return remembered.diagnostics.length === 0 ? remembered.diagnostics : place(remembered, view).diagnostics;
}

/** A remembered card's references at the card's current start; a reference to another card points at that card as it is now. */
export function placedReferences(remembered: RememberedCard, view: CardView, index: Map<string, CardEntry>): Reference[] {
  const anchor = view.range instanceof SourceRange ? view.range.anchor : undefined;
  return remembered.references.map((r) => {
    const placed: Reference = { ...r, range: plainRange(r.range) };
    if (!r.definition) return placed;
    const own = r.definition.range instanceof SourceRange && r.definition.range.anchor === anchor;
    if (r.kind === "card" && !own) {
      // Another card: where it is now, by name.
      const entry = Map.prototype.get.call(index, r.name.toLowerCase()) as CardEntry | undefined;
      if (entry) placed.definition = { file: entry.file, range: plainRange(entry.nameRange) };
    } else placed.definition = { file: r.definition.file, range: plainRange(r.definition.range) };
    return placed;
  });
}
