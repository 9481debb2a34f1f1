/**
 * A workspace, checked: parse every file, bind each set and scenario to its game by the
 * `for <id>` of its first line, check every card against that game's vocabulary, and gather
 * the JSON model (model.ts) plus what editors need (references, vocabularies).
 *
 * The lifecycle follows Langium's: parsed → linked (games, card names) → validated. No disk
 * access here (see workspace-disk.ts): the studio runs this module in a web worker.
 */
import type { Diagnostic, Range, Text } from "./diagnostics.ts";
import { diagnostic, SUMMARY_CODES } from "./messages.ts";
import type { CardModel, GameModel, SetModel, SourceFile, SourceInput, WorkspaceModel } from "./model.ts";
import type { CardView, SetView } from "./check-input.ts";
import { bindGame, type BoundGame } from "./check-game.ts";
import { plainRange, startOffset } from "./source-range.ts";
import { checkCard, type CardEntry, type Reference } from "./check.ts";
import { cardContent, parseForCheck, formatSource, type CardSplice, type ParsedFile } from "./check-ast.ts";
import type { GameVocabulary } from "./vocabulary.ts";
import { closestName } from "./check-suggest.ts";
import { duplicateScenarioTitles, type ScenarioFile } from "./scenario.ts";
import { reparseCardFile, type EditSpan } from "./incremental.ts";
import { checkArtAssets, type WorkspaceAsset } from "./art.ts";
import { CheckMemory, ObservedIndex, type ChecksSplice, type FileCards, type RememberedCard, indexEntryOf, memoryOf, place, placedDiagnostics, placedReferences, remember, rememberFor, sameEntry, sameNames, startOf } from "./check-memory.ts";

/** At most this many diagnostics are kept per file; a CW3008 note counts the rest. */
export const MAX_DIAGNOSTICS_PER_FILE = 200;

export interface WorkspaceAnalysis {
  model: WorkspaceModel;
  /** Parsed files by path (their typed AST included), for editors. */
  files: Map<string, ParsedFile>;
  /** Game vocabularies by game id. */
  vocabularies: Map<string, GameVocabulary>;
  /**
   * Resolved names per file, sorted by offset: hover, go-to-definition, find references.
   * Built when first read (a re-check after a keystroke does not need them).
   */
  readonly references: Map<string, Reference[]>;
  /**
   * Diagnostics found but not in `model.diagnostics` (past a file's cap), by severity: the
   * true totals are the listed ones (without the CW1009/CW3008 summaries) plus these.
   */
  omitted: OmittedCounts;
}

export interface OmittedCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export interface AnalyzeOptions {
  /** Diagnostics found before parsing (reading files from disk), merged into the model. */
  extraDiagnostics?: Diagnostic[];
  /**
   * The previous analysis of the same workspace (the studio re-checks on every keystroke):
   * files whose text is unchanged are not parsed again, an edited card file re-parses only
   * the cards the edit touched, and a card is checked again only when something it read
   * changed (compiler/check-memory.ts). It is used up: keep only the new analysis.
   */
  previous?: WorkspaceAnalysis;
  /**
   * Where each file's text changed since `previous`, when the caller knows it (the studio's worker
   * applies the editor's changes): the re-parse need not compare the texts to find the edit. A
   * file not listed is compared. Each span must be true of the file's two texts.
   */
  edits?: ReadonlyMap<string, EditSpan>;
  /**
   * The image files of the workspace, as whoever read it found them (the CLI's reader, the studio's
   * server listing): each card's `art` is held to them (compiler/art.ts). Absent: art paths are
   * checked for their form only (in memory there are no files to look at).
   */
  assets?: readonly WorkspaceAsset[];
  /**
   * False: the cards' references (hover, go-to-definition, find references) are not kept —
   * `cardwright check` never reads them, and a 10,000-card check held ~10 MB of them. Reading
   * `references` of such an analysis throws; as `previous` it saves no card check.
   */
  references?: boolean;
}

const START: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

export function checkWorkspace(files: SourceFile[]): WorkspaceModel {
  return analyzeWorkspace(files).model;
}

export function analyzeWorkspace(sources: readonly SourceInput[], options: AnalyzeOptions = {}): WorkspaceAnalysis {
  const diagnostics: Diagnostic[] = [...(options.extraDiagnostics ?? [])];
  const keepReferences = options.references !== false;
  const earlierMemory = options.previous ? memoryOf(options.previous) : undefined;
  // Cards remembered without their references are checked again when references are wanted now.
  const before = earlierMemory && (earlierMemory.withReferences || !keepReferences) ? earlierMemory : undefined;
  const memory = new CheckMemory();
  memory.withReferences = keepReferences;
  const addReferences = (file: string, found: Reference[]) => {
    const list = memory.otherReferences.get(file);
    if (list) list.push(...found);
    else memory.otherReferences.set(file, [...found]);
  };
  const internalError = (file: string, phase: string, error: unknown) =>
    diagnostics.push(diagnostic("CW3009", file, START, { phase, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));

  // 1. Parse.
  const files = new Map<string, ParsedFile>();
  for (const source of sources) {
    try {
      const earlier = options.previous?.files.get(source.path);
      // An edited card file: only the cards the edit touched are parsed again (compiler/incremental.ts).
      const span = options.edits?.get(source.path);
      const unchanged = earlier && (span ? span.prefix >= source.text.length && earlier.text.length === source.text.length : earlier.text === source.text);
      const parsed = unchanged ? earlier : ((earlier && reparseCardFile(earlier, source.text, span)) ?? parseForCheck(source.text, source.path));
      files.set(source.path, parsed);
      diagnostics.push(...parsed.diagnostics);
    } catch (error) {
      internalError(source.path, "parsing", error);
    }
  }

  // 2. Games: one file per id.
  const games = new Map<string, { model: GameModel; vocabulary: GameVocabulary; file: string }>();
  for (const parsed of files.values()) {
    const view = parsed.game;
    if (!view) continue;
    const key = view.id.toLowerCase();
    const earlier = games.get(key);
    if (earlier) {
      diagnostics.push(diagnostic("CW3004", view.file, view.idRange, { id: view.id, other: earlier.file }));
      continue;
    }
    try {
      // An unchanged game file keeps its binding: the same vocabulary, so its cards' checks stay valid.
      const bound = before?.games.get(parsed) ?? plainBinding(bindGame(view));
      memory.games.set(parsed, bound);
      games.set(key, { model: bound.model, vocabulary: bound.vocabulary, file: view.file });
      diagnostics.push(...bound.diagnostics);
      addReferences(view.file, bound.references);
    } catch (error) {
      internalError(view.file, "binding the game file", error);
    }
  }

  // 3. Link: sets to games, and every card name of a game into one index (duplicates reported).
  const setsByGame = new Map<string, SetView[]>();
  const setCodes = new Map<string, SetView>();
  for (const parsed of files.values()) {
    const set = parsed.set;
    if (!set) continue;
    const key = set.game.toLowerCase();
    const game = games.get(key);
    if (!game) {
      diagnostics.push(
        diagnostic("CW3003", set.file, set.gameRange, { word: set.game }, suggestionOf(set.game, [...games.values()].map((g) => g.model.id))),
      );
      continue;
    }
    const codeKey = `${key}\u0000${set.code.toLowerCase()}`;
    const sameCode = setCodes.get(codeKey);
    if (sameCode) diagnostics.push(diagnostic("CW2031", set.file, set.codeRange, { code: set.code, game: game.model.id, other: `${sameCode.file}:${sameCode.codeRange.start.line}:${sameCode.codeRange.start.column}` }));
    else setCodes.set(codeKey, set);
    (setsByGame.get(key) ?? setsByGame.set(key, []).get(key)!).push(set);
  }
  // Each game's index: the earlier analysis's, patched for the cards an edit parsed again, else made anew.
  const cardIndexes = new Map<string, ObservedIndex>();
  const namesChangedByGame = new Map<string, boolean>();
  for (const [key, views] of setsByGame) {
    const earlierNames = before?.cardNames.get(key);
    // Only the analysis right after the one the index belongs to may take it over (an analysis is used up by the next).
    const earlier = earlierNames instanceof ObservedIndex && earlierNames.owner === before ? earlierNames : undefined;
    const patch = earlier && patchIndex(earlier, views, files);
    const index = patch ? earlier : buildIndex(views, games.get(key)!.model.id, diagnostics);
    index.owner = memory;
    cardIndexes.set(key, index);
    namesChangedByGame.set(key, patch ? patch.namesChanged : !sameNames(earlier, index));
  }
  // Scenarios: bound to their game (CW3003), their titles one per folder (CW5024). Their card names are linked to the
  // game's card index when references are first read (allReferences), and every name is resolved by
  // compiler/scenario-check.ts. The same scenario files (an unchanged text keeps its parse) under the same games keep
  // these diagnostics: a keystroke in a card file does not go through the workspace's scenarios.
  const scenarioFiles: ScenarioFile[] = [];
  for (const parsed of files.values()) if (parsed.scenario) scenarioFiles.push(parsed.scenario);
  const gameIds = [...games].map(([key, game]) => `${key}\u0001${game.model.id}`).join("\u0000");
  const earlierScenarios = earlierMemory?.scenarios;
  const scenarios =
    earlierScenarios && earlierScenarios.games === gameIds && sameList(earlierScenarios.files, scenarioFiles)
      ? earlierScenarios
      : { files: scenarioFiles, games: gameIds, diagnostics: scenarioFileDiagnostics(scenarioFiles, games) };
  memory.scenarios = scenarios;
  diagnostics.push(...scenarios.diagnostics);

  // 4. Validate every card against its own game; one card's failure never stops the others.
  // A card is checked again only when something its check read has changed (check-memory.ts).
  // The index itself is kept (its entries are made afresh by every analysis): the next one compares names with it.
  for (const [key, index] of cardIndexes) memory.cardNames.set(key, index);
  const sets: SetModel[] = [];
  for (const [key, views] of setsByGame) {
    const game = games.get(key)!;
    const index = cardIndexes.get(key)!;
    const namesChanged = namesChangedByGame.get(key)!;
    for (const view of views) {
      const parsedFile = files.get(view.file);
      const earlierFile = before?.fileCards.get(view.file);
      let fileCards: FileCards;
      let set: SetModel | undefined;
      if (earlierFile && wholeFileReusable(earlierFile, view, game.vocabulary, namesChanged)) {
        // The same parse of the file (an unchanged text), the same vocabulary and, for a file with a card that named a
        // card, the same card names: every card's check is as it was, none moved. Kept whole, not card by card — and
        // its set's model with it (every file but the edited one, on every keystroke).
        fileCards = earlierFile.index === index ? earlierFile : { ...earlierFile, index };
        if (earlierFile.diagnostics.length > 0) diagnostics.push(...earlierFile.diagnostics);
        if (earlierFile.setModel?.game === game.model.id) set = earlierFile.setModel;
      } else {
        const checked = checkSetCards(view, parsedFile, game.vocabulary, index, namesChanged, earlierFile, before, keepReferences, internalError);
        fileCards = checked;
        if (checked.diagnostics.length > 0) diagnostics.push(...checked.diagnostics);
      }
      memory.fileCards.set(view.file, fileCards);
      fileCards.setModel = set ??= setModelOf(view, game.model.id, fileCards);
      sets.push(set);
    }
  }

  // 5. Art: held to the files every time (an image may change without any text changing).
  if (options.assets) diagnostics.push(...checkArtAssets({ games: [], sets, diagnostics: [] }, options.assets));

  const vocabularies = new Map([...games].map(([, game]) => [game.model.id, game.vocabulary]));
  const omitted: OmittedCounts = { errors: 0, warnings: 0, infos: 0 };
  for (const parsed of files.values()) omitted.errors += parsed.omittedSyntaxErrors ?? 0;
  let references: Map<string, Reference[]> | undefined;
  const analysis: WorkspaceAnalysis = {
    model: { games: [...games.values()].map((g) => g.model), sets, diagnostics: capAndSort(diagnostics, omitted) },
    files,
    vocabularies,
    get references() {
      if (!keepReferences) throw new Error("this analysis kept no references (analyzeWorkspace with references: false)");
      references ??= allReferences(memory);
      return references;
    },
    omitted,
  };
  rememberFor(analysis, memory);
  return analysis;
}

/**
 * A set file's model. Its cards' models are placed when first read: a re-check after a keystroke above half the cards
 * need not copy every card it moved (the studio's worker sends them by reference).
 */
function setModelOf(view: SetView, game: string, fileCards: FileCards): SetModel {
  const set: SetModel = { code: view.code, name: view.name, game, file: view.file, cards: [] };
  let cards: CardModel[] | undefined;
  Object.defineProperty(set, "cards", {
    enumerable: true,
    configurable: true,
    get: () => (cards ??= fileCards.remembered.map((remembered, i) => place(remembered, fileCards.views[i]!).model)),
    set: (value: CardModel[]) => (cards = value),
  });
  return set;
}

/**
 * Can a card file's checked cards be kept whole? Only when nothing any of its cards' checks read can have changed: the
 * same parse (the file's text unchanged: the same set view, its cards in place), the same vocabulary, the game's card
 * names the same unless no card looked one up, and no card whose check failed (its CW3009 is reported afresh).
 */
function wholeFileReusable(earlier: FileCards, view: SetView, vocabulary: GameVocabulary, namesChanged: boolean): boolean {
  return earlier.set === view && earlier.vocabulary === vocabulary && !earlier.failed && !(earlier.readIndex && namesChanged);
}

/** What checking one card of a set file needs besides the card. */
interface SetCheck {
  view: SetView;
  text: Text;
  vocabulary: GameVocabulary;
  index: ObservedIndex;
  keepReferences: boolean;
}

/** A fresh check of one card, remembered where the card is now. */
function checkOneCard(card: CardView, broken: boolean, { view, text, vocabulary, index, keepReferences }: SetCheck): RememberedCard {
  index.read = false;
  // What the checker reads of the card is built now and dropped once it is checked (CardView).
  const checked = checkCard(cardContent(card, text), vocabulary, view.file, view.code, index, { syntaxErrors: broken });
  const typeLine = checked.model.type + (checked.model.subtypes.length ? ` — ${checked.model.subtypes.join(" ")}` : "");
  // The card's own name: hover shows its type line; go-to-definition stays put.
  checked.references.push({ file: view.file, range: card.nameRange, kind: "card", name: card.name, definition: { file: view.file, range: card.nameRange }, detail: typeLine });
  if (!keepReferences) checked.references.length = 0;
  return remember(checked, card, { vocabulary, file: view.file, set: view.code, broken, readIndex: index.read });
}

/**
 * Checks the cards of one set file, each against its game; a card whose check read nothing that changed since the
 * earlier analysis (check-memory.ts) keeps that check, moved to where the card is now. Returns the file's checked
 * cards with their diagnostics; a card whose check fails is reported (CW3009) and left out.
 */
function checkSetCards(
  view: SetView,
  parsedFile: ParsedFile | undefined,
  vocabulary: GameVocabulary,
  index: ObservedIndex,
  namesChanged: boolean,
  earlierFile: FileCards | undefined,
  before: CheckMemory | undefined,
  keepReferences: boolean,
  internalError: (file: string, phase: string, error: unknown) => void,
): FileCards {
  const check: SetCheck = { view, text: parsedFile?.text ?? "", vocabulary, index, keepReferences };
  const syntaxErrors = (parsedFile?.diagnostics ?? []).filter((d) => d.severity === "error").sort((a, b) => a.range.start.offset - b.range.start.offset);
  const spliced = before && earlierFile ? splicedSetCards(check, parsedFile?.spliced, earlierFile, namesChanged, syntaxErrors) : undefined;
  if (spliced) return spliced;
  const remembers: RememberedCard[] = new Array(view.cards.length);
  const found: Diagnostic[] = [];
  const noted: number[] = [];
  const readers: number[] = [];
  const brokenAt: number[] = [];
  const earlierCards = before && earlierFile ? new EarlierCards(earlierFile) : undefined;
  let failed = false;
  let anyBroken = false;
  let nextError = 0;
  view.cards.forEach((card, i) => {
    // A syntax error belongs to the card it follows, up to the next card (recovery may end a card early).
    // Offsets straight from the compact ranges: a card's line is not needed here.
    const start = startOffset(card.range);
    const following = view.cards[i + 1];
    const end = following ? startOffset(following.range) : Infinity;
    while (nextError < syntaxErrors.length && syntaxErrors[nextError]!.range.start.offset < start) nextError++;
    const broken = nextError < syntaxErrors.length && syntaxErrors[nextError]!.range.start.offset < end;
    try {
      const earlier = earlierCards?.of(card);
      const reusable =
        earlier &&
        earlier.vocabulary === vocabulary &&
        earlier.file === view.file &&
        earlier.set === view.code &&
        earlier.broken === broken &&
        !(earlier.readIndex && namesChanged);
      const remembered = reusable ? earlier : checkOneCard(card, broken, check);
      remembers[i] = remembered;
      if (broken) anyBroken = true;
      const placed = placedDiagnostics(remembered, card);
      if (placed.length > 0) found.push(...placed);
    } catch (error) {
      failed = true;
      internalError(view.file, `checking card "${card.name}"`, error);
    }
  });
  // A card whose check failed (CW3009) has no model: it is left out of both lists.
  const views = failed ? view.cards.filter((_, i) => remembers[i] !== undefined) : view.cards;
  const remembered = failed ? remembers.filter((r) => r !== undefined) : remembers;
  remembered.forEach((card, i) => {
    if (card.diagnostics.length > 0) noted.push(i);
    if (card.readIndex) readers.push(i);
    if (card.broken) brokenAt.push(i);
  });
  return { views, remembered, index, set: view, vocabulary, readIndex: readers.length > 0, failed, broken: anyBroken, brokenAt, diagnostics: found, noted, readers };
}

/**
 * The positions of the cards that syntax errors (sorted by offset) belong to, in order: an error is the card's that
 * starts last at or before it (up to the next card: recovery may end a card early), as checkSetCards reads them.
 */
function brokenPositions(cards: readonly CardView[], syntaxErrors: readonly Diagnostic[]): number[] {
  const out: number[] = [];
  for (const error of syntaxErrors) {
    const offset = error.range.start.offset;
    let lo = 0;
    let hi = cards.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (startOffset(cards[mid]!.range) <= offset) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && out[out.length - 1] !== lo - 1) out.push(lo - 1);
  }
  return out;
}

/**
 * A card file re-parsed after an edit (ParsedFile.spliced), without going through its cards: the cards the edit
 * kept take their checks over by position (the same views: the same cards, moved with their anchors), the edit's
 * new cards are checked, and of the kept ones only the cards with diagnostics are placed again and — when the game's
 * card names changed — the cards that read the index are checked again. Undefined (check card by card) unless the
 * earlier checks are of that very parse's cards, against the same vocabulary and set code, with no card failed, and
 * each kept card as broken as it was (syntax errors: a syntax error belongs to the card before it, and an edit can
 * move one onto a kept card — after an edit that deletes the next card, say).
 */
function splicedSetCards(check: SetCheck, spliced: CardSplice | undefined, earlier: FileCards, namesChanged: boolean, syntaxErrors: readonly Diagnostic[]): FileCards | undefined {
  const { view, vocabulary } = check;
  if (!spliced || earlier.set !== spliced.from || earlier.failed || earlier.vocabulary !== vocabulary) return undefined;
  if (view.code !== spliced.from.code || view.file !== spliced.from.file) return undefined;
  const { at, removed, added } = spliced;
  const shift = added - removed;
  const kept = (positions: readonly number[]) => positions.filter((p) => p < at || p >= at + removed).map((p) => (p < at ? p : p + shift));
  const brokenAt = syntaxErrors.length > 0 ? brokenPositions(view.cards, syntaxErrors) : [];
  const keptBroken = kept(earlier.brokenAt);
  const brokenKept = brokenAt.filter((p) => p < at || p >= at + added);
  if (keptBroken.length !== brokenKept.length || keptBroken.some((p, k) => p !== brokenKept[k])) return undefined;
  const broken = (i: number) => brokenAt.length > 0 && brokenAt.includes(i);
  const fresh: RememberedCard[] = [];
  try {
    for (let i = at; i < at + added; i++) fresh.push(checkOneCard(view.cards[i]!, broken(i), check));
  } catch {
    return undefined; // checked card by card, the failure is reported there (CW3009)
  }
  const remembered = earlier.remembered.slice(0, at).concat(fresh, earlier.remembered.slice(at + removed));
  const changed = namesChanged ? kept(earlier.readers) : [];
  try {
    for (const i of changed) remembered[i] = checkOneCard(view.cards[i]!, broken(i), check);
  } catch {
    return undefined;
  }
  const noted: number[] = [];
  const readers: number[] = [];
  // The positions to look at: the kept cards that had diagnostics or read the index (checked again above), and the new ones.
  const candidates = [...new Set([...kept(earlier.noted), ...(namesChanged ? kept(earlier.readers) : []), ...fresh.map((_, k) => at + k)])].sort((a, b) => a - b);
  for (const i of candidates) if (remembered[i]!.diagnostics.length > 0) noted.push(i);
  for (const i of [...new Set([...kept(earlier.readers), ...fresh.map((_, k) => at + k)])].sort((a, b) => a - b)) if (remembered[i]!.readIndex) readers.push(i);
  const diagnostics: Diagnostic[] = [];
  for (const i of noted) diagnostics.push(...placedDiagnostics(remembered[i]!, view.cards[i]!));
  const splice = { from: earlier.remembered, at, removed, added, changed };
  return { views: view.cards, remembered, index: check.index, set: view, vocabulary, readIndex: readers.length > 0, failed: false, broken: brokenAt.length > 0, brokenAt, diagnostics, noted, readers, spliced: splice };
}

/**
 * The earlier analysis's checks of one file's cards, looked up by card view. An edit keeps the views of the cards it
 * did not touch, in order: each is looked for just after the last one found, and only a card not there (one the edit
 * made, or a reordered file) makes an index of them all.
 */
class EarlierCards {
  private next = 0;
  private byView: Map<CardView, number> | undefined;
  constructor(private readonly earlier: FileCards) {}
  of(view: CardView): RememberedCard | undefined {
    const { views, remembered } = this.earlier;
    let at = views[this.next] === view ? this.next : undefined;
    if (at === undefined) {
      this.byView ??= new Map(views.map((v, i) => [v, i]));
      at = this.byView.get(view);
    }
    if (at === undefined) return undefined;
    this.next = at + 1;
    return remembered[at];
  }
}

/** A game's card index made from its sets' cards, in order: a name declared again is CW2010 at the later card. */
function buildIndex(views: readonly SetView[], game: string, diagnostics: Diagnostic[]): ObservedIndex {
  const index = new ObservedIndex();
  index.sets = views;
  for (const set of views) {
    for (const card of set.cards) {
      const { name, entry } = indexEntryOf(card, set.file);
      const first = Map.prototype.get.call(index, name) as CardEntry | undefined;
      if (first) {
        index.duplicates = true;
        diagnostics.push(
          diagnostic("CW2010", set.file, card.nameRange, {
            name: card.name,
            game,
            other: `${first.file}:${first.nameRange.start.line}:${first.nameRange.start.column}`,
          }),
        );
      } else index.add(name, entry);
    }
  }
  return index;
}

/**
 * The earlier analysis's card index of a game, patched in place for the cards edits parsed again (ParsedFile.spliced):
 * a keystroke made a Map of every card name of the game (2,000 and more) and compared it with the earlier one. The
 * same entries as an index made anew; undefined (make it anew) unless the game's card files are the same, each the
 * earlier parse or a splice of it, and no name is declared twice before or after. `namesChanged`: some card's name
 * changed, came or went (the cards that read the index are checked again).
 */
function patchIndex(index: ObservedIndex, views: readonly SetView[], files: ReadonlyMap<string, ParsedFile>): { namesChanged: boolean } | undefined {
  if (index.duplicates || index.sets.length !== views.length) return undefined;
  const get = Map.prototype.get;
  const gone = new Map<string, CardEntry>();
  const come = new Map<string, CardEntry>();
  let same = true;
  for (let i = 0; i < views.length; i++) {
    const now = views[i]!;
    const was = index.sets[i]!;
    if (now === was) continue;
    const spliced = files.get(now.file)?.spliced;
    if (now.file !== was.file || spliced?.from !== was) return undefined;
    if (spliced.removed !== spliced.added) same = false;
    for (let at = spliced.at; at < spliced.at + spliced.removed; at++) {
      const { name, entry } = indexEntryOf(was.cards[at]!, was.file);
      if (get.call(index, name) !== entry) return undefined;
      gone.set(name, entry);
    }
    for (let at = spliced.at; at < spliced.at + spliced.added; at++) {
      const { name, entry } = indexEntryOf(now.cards[at]!, now.file);
      if (come.has(name)) return undefined; // declared twice
      come.set(name, entry);
      // The same name in the same spelling at the same place: nothing any check read changed, nor the index's order.
      const replaced = at < spliced.at + spliced.removed ? indexEntryOf(was.cards[at]!, was.file) : undefined;
      if (replaced?.name !== name || !sameEntry(replaced.entry, entry)) same = false;
    }
  }
  for (const name of come.keys()) if (!gone.has(name) && get.call(index, name) !== undefined) return undefined; // a card elsewhere has it
  for (const name of gone.keys()) if (!come.has(name)) Map.prototype.delete.call(index, name);
  for (const [name, entry] of come) index.add(name, entry);
  index.patched(views, !same);
  return { namesChanged: !same };
}

/** One card of a set as an analysis placed it: where its check came from, where it starts, and its model (made when asked for). */
export interface PlacedCard {
  origin: object;
  name: string;
  offset: number;
  line: number;
  model(): CardModel;
}

/**
 * The cards of a set file in order, without making their models: the studio's worker sends a
 * card the page already has as a reference (its origin) and where it now starts.
 */
export function placedCards(analysis: WorkspaceAnalysis, file: string): PlacedCard[] | undefined {
  const cards = memoryOf(analysis)?.fileCards.get(file);
  if (!cards) return undefined;
  // A card file kept whole keeps its list of checks (the same array): its text is unchanged, so no card moved and the
  // placements made for it before still hold — the same list is returned, which tells the studio's delta the page
  // already has every card of it where it is (studio/src/worker/model-delta.ts).
  let placed = placements.get(cards.remembered);
  if (!placed) {
    // After an edit inside the file, the earlier placements spliced as the checks were (a keystroke: one card placed).
    const earlier = cards.spliced && placements.get(cards.spliced.from);
    placed = (earlier && splicedPlacements(cards, cards.spliced!, earlier)) ?? cards.remembered.map((remembered, i) => new CardPlacement(cards.views[i]!, remembered));
    placements.set(cards.remembered, placed);
  }
  return placed;
}
/** Each card file's placements, by its list of checks (FileCards.remembered: a new array whenever a card of it is checked, moved or dropped). */
const placements = new WeakMap<readonly RememberedCard[], PlacedCard[]>();
/** How a list of placements was made from the one before (placedSplice). */
const placementSplices = new WeakMap<object, PlacementSplice>();

/**
 * How a set file's placements were made from the ones made for the analysis before (after an edit inside the file):
 * the cards before `at` are the very placements of `from`; from `at` on, `removed` of them were replaced by `added`
 * new ones; the ones after those are `from`'s cards moved by one offset and line count; and the cards at `changed` are
 * new placements (a check made again). The studio's delta sends the kept cards as two runs without a look at each.
 */
export interface PlacementSplice {
  from: readonly PlacedCard[];
  at: number;
  removed: number;
  added: number;
  changed: readonly number[];
}

/** How `placed` (a list placedCards returned) was made from an earlier list, if it was spliced from one. */
export function placedSplice(placed: object): PlacementSplice | undefined {
  return placementSplices.get(placed);
}

/**
 * The placements of a file's checks spliced from the earlier ones as the checks were (FileCards.spliced): the cards
 * before the edit keep their placements, the ones after it move by how far the first of them moved (every card after
 * the edit moved with its anchor by the same offset and lines; the last card is looked at too). Undefined when the
 * earlier placements do not fit.
 */
function splicedPlacements(cards: FileCards, splice: ChecksSplice, earlier: readonly PlacedCard[]): PlacedCard[] | undefined {
  const { remembered, views } = cards;
  const { at, removed, added, changed } = splice;
  const shift = added - removed;
  if (earlier.length !== splice.from.length || remembered.length !== earlier.length + shift) return undefined;
  const placed = earlier.slice(0, at);
  for (let i = at; i < at + added; i++) placed.push(new CardPlacement(views[i]!, remembered[i]!));
  const first = at + added;
  if (first < remembered.length) {
    const now = startOf(remembered[first]!, views[first]!);
    const was = earlier[first - shift]!;
    const offsetBy = now.offset - was.offset;
    const linesBy = now.line - was.line;
    const last = remembered.length - 1;
    const lastNow = startOf(remembered[last]!, views[last]!);
    if (lastNow.offset !== earlier[last - shift]!.offset + offsetBy || lastNow.line !== earlier[last - shift]!.line + linesBy) return undefined;
    for (let i = first; i < remembered.length; i++) {
      const card = earlier[i - shift]!;
      placed.push(offsetBy === 0 && linesBy === 0 ? card : new CardPlacement(views[i]!, remembered[i]!, card.offset + offsetBy, card.line + linesBy));
    }
  }
  for (const i of changed) placed[i] = new CardPlacement(views[i]!, remembered[i]!);
  placementSplices.set(placed, { from: earlier, at, removed, added, changed });
  return placed;
}

/** A PlacedCard without a closure or copies per card: the worker makes one per card on every keystroke. */
class CardPlacement implements PlacedCard {
  readonly offset: number;
  readonly line: number;
  /** `offset` and `line`: where the card starts, when known (a card moved with the others after an edit). */
  constructor(
    private readonly view: CardView,
    readonly origin: RememberedCard,
    offset?: number,
    line?: number,
  ) {
    if (offset === undefined || line === undefined) ({ offset, line } = startOf(origin, view));
    this.offset = offset;
    this.line = line;
  }
  get name(): string {
    return this.origin.model.name;
  }
  model(): CardModel {
    return place(this.origin, this.view).model;
  }
}

/**
 * Each card of a set by its name and whether it is a token — what scenarios are checked against —
 * without placing the cards' models (after a keystroke the studio's worker would place every card below it).
 */
export function cardNamesOf(analysis: Pick<WorkspaceAnalysis, "model">, set: SetModel): readonly { name: string; isToken: boolean; type: string }[] {
  return cardsAsCheckedOf(analysis, set);
}

/**
 * Each card of a set as its check made it, for what does not depend on where the card sits (name,
 * type, subtypes, fields): its ranges may be from before an edit above it. The models are not
 * placed, so reading every card's type line after a keystroke costs no copy per card.
 */
export function cardsAsCheckedOf(analysis: Pick<WorkspaceAnalysis, "model">, set: SetModel): readonly CardModel[] {
  const cards = memoryOf(analysis)?.fileCards.get(set.file);
  return cards ? modelsOfChecks(cards) : set.cards;
}

/**
 * The models of a file's checks, in their order. The same list for a file kept whole (its list of checks is the same
 * array): the studio asks after every keystroke for every set of the workspace (type-line subtypes, scenario names,
 * the lowering), and a file kept whole is every file but one.
 */
function modelsOfChecks(cards: FileCards): readonly CardModel[] {
  let models = checkedModels.get(cards.remembered);
  if (!models) {
    models = cards.remembered.map((remembered) => remembered.model);
    checkedModels.set(cards.remembered, models);
  }
  return models;
}
/**
 * Each card of a card file's parse with its model as checked (not placed, as cardsAsCheckedOf), by position: `[i]` is
 * the model of `parsed.set.cards[i]` (the document's i-th card), undefined for a card that was not checked (CW3009).
 * What the lowering reads a card's model from: by position, never by name (two cards of one name are two cards).
 */
export function checkedModelsOf(analysis: Pick<WorkspaceAnalysis, "model">, parsed: ParsedFile): readonly (CardModel | undefined)[] {
  const cards = memoryOf(analysis)?.fileCards.get(parsed.path);
  const views = parsed.set?.cards;
  if (!cards || !views) return [];
  // Every card checked (the usual case): the file's list of checks is the views' own order.
  if (cards.views === views) return modelsOfChecks(cards);
  const at = new Map(cards.views.map((view, i) => [view, i]));
  return views.map((view) => {
    const i = at.get(view);
    return i === undefined ? undefined : cards.remembered[i]!.model;
  });
}

/** Each card file's models as checked, by its list of checks (FileCards.remembered: a new array whenever a card of it is checked, moved or dropped). */
const checkedModels = new WeakMap<readonly RememberedCard[], readonly CardModel[]>();

/**
 * The model of one card of a set file (by its checker view) as the analysis placed it; undefined if it was not checked.
 * `position`: where the view is in its file's card list, when the caller knows it (the view is looked for there first).
 */
export function cardModelOf(analysis: WorkspaceAnalysis, file: string, view: CardView, position?: number): CardModel | undefined {
  const cards = memoryOf(analysis)?.fileCards.get(file);
  if (!cards) return undefined;
  const at = position !== undefined && cards.views[position] === view ? position : cards.views.indexOf(view);
  return at < 0 ? undefined : place(cards.remembered[at]!, view).model;
}

/** A game's binding with plain ranges in what leaves the compiler (its model and references), made once per game file parse. */
function plainBinding(bound: BoundGame): BoundGame {
  const model = bound.model;
  return {
    ...bound,
    model: {
      ...model,
      keywords: model.keywords.map((k) => (k.range ? { ...k, range: plainRange(k.range) } : k)),
      ...(model.definitions ? { definitions: model.definitions.map((d) => ({ ...d, range: plainRange(d.range) })) } : {}),
    },
    references: bound.references.map(plainReference),
  };
}

function plainReference(reference: Reference): Reference {
  return { ...reference, range: plainRange(reference.range), ...(reference.definition ? { definition: { file: reference.definition.file, range: plainRange(reference.definition.range) } } : {}) };
}

/** Every file's references, sorted by offset: the game files' and scenarios' as found, each card's placed where it is now. */
function allReferences(memory: CheckMemory): Map<string, Reference[]> {
  const references = new Map<string, Reference[]>();
  for (const [file, list] of memory.otherReferences) references.set(file, list.map(plainReference));
  // Each scenario of a known game, its card names linked to the game's card index (none when the game has no card file).
  const games = new Set([...memory.games.values()].map((bound) => bound.model.id.toLowerCase()));
  for (const { file, scenarios } of memory.scenarios?.files ?? []) {
    for (const scenario of scenarios) {
      const key = scenario.game.toLowerCase();
      if (!games.has(key)) continue;
      const index = memory.cardNames.get(key) as ReadonlyMap<string, CardEntry> | undefined;
      const list = references.get(file) ?? references.set(file, []).get(file)!;
      for (const use of scenario.names) {
        const card = use.role === "card" ? index?.get(use.text.toLowerCase()) : undefined;
        if (card) list.push(plainReference({ file, range: use.range, kind: "card", name: card.name, definition: { file: card.file, range: card.nameRange } }));
      }
    }
  }
  for (const [file, { views, remembered, index }] of memory.fileCards) {
    const list = references.get(file) ?? references.set(file, []).get(file)!;
    remembered.forEach((card, i) => list.push(...placedReferences(card, views[i]!, index)));
  }
  for (const list of references.values()) list.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return references;
}

/** CW3003 at each scenario's unknown game, and CW5024 at each title met before in the same file or folder. */
function scenarioFileDiagnostics(files: readonly ScenarioFile[], games: ReadonlyMap<string, { model: GameModel }>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files)
    for (const scenario of file.scenarios)
      if (!games.has(scenario.game.toLowerCase()))
        out.push(diagnostic("CW3003", file.file, scenario.gameRange, { word: scenario.game }, suggestionOf(scenario.game, [...games.values()].map((g) => g.model.id))));
  out.push(...duplicateScenarioTitles(files));
  return out;
}

/** The same objects in the same order. */
function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function suggestionOf(word: string, candidates: string[]): { suggestion: string } | Record<string, never> {
  const best = closestName(word, candidates);
  return best ? { suggestion: best } : {};
}

/**
 * Sorted by file, then position; at most MAX_DIAGNOSTICS_PER_FILE per file, plus a CW3008 note
 * counting the rest, which are also added to `omitted` by severity.
 */
function capAndSort(diagnostics: Diagnostic[], omitted: OmittedCounts): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) (byFile.get(d.file) ?? byFile.set(d.file, []).get(d.file)!).push(d);
  const result: Diagnostic[] = [];
  for (const file of [...byFile.keys()].sort()) {
    const list = byFile.get(file)!.sort((a, b) => a.range.start.offset - b.range.start.offset || a.code.localeCompare(b.code));
    if (list.length > MAX_DIAGNOSTICS_PER_FILE) {
      const kept = list.slice(0, MAX_DIAGNOSTICS_PER_FILE);
      const dropped = list.slice(MAX_DIAGNOSTICS_PER_FILE).filter((d) => !SUMMARY_CODES.has(d.code));
      for (const d of dropped) omitted[severityKey[d.severity]]++;
      const last = kept[kept.length - 1]!;
      kept.push(diagnostic("CW3008", file, last.range, { count: dropped.length }));
      result.push(...kept);
    } else result.push(...list);
  }
  return result;
}

const severityKey = { error: "errors", warning: "warnings", info: "infos" } as const;

export interface FormatResult {
  /** The canonical text; absent when the file has syntax errors or is of a kind the formatter leaves alone. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Why a file without syntax errors was not formatted (a scenario file). */
  skipped?: string;
}

/** Canonical text of one file (the same printer as card faces); never formats a file with syntax errors. */
export function formatFile(text: string, file: string): FormatResult {
  return formatSource(text, file);
}
