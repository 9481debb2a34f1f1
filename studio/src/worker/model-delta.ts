/**
 * The checked model, sent from the worker to the page as a delta: a card whose model did not
 * change since the last result is sent as the index of that card in the page's previous copy of
 * its set. A 2,000-card set is ≈3 MB of model; copying it across on every keystroke blocked the
 * page for most of a second. Pure functions: the worker encodes, the page decodes.
 */
import type { CardModel, GameModel, SetModel, WorkspaceModel } from "../../../compiler/model.ts";

/**
 * The same card as at `index` in the previous result's set of that file, moved so that it
 * starts at `offset` on `line` (an edit above it moves every card below; columns stay) — and,
 * with `count`, the cards after it there too, each moved as far: one entry for the run of cards
 * above an edit and one for the run below it, not one per card.
 */
export interface SameCard {
  index: number;
  offset: number;
  line: number;
  /** How many cards from `index` on (1 when absent). */
  count?: number;
}

/** The same game model as at `index` in the previous result (its game file did not change): a game's model is tens of kB. */
export interface SameGame {
  sameGame: number;
}

/** A set whose cards are either models or a reference to the same card in the previous result. */
export interface SetDelta extends Omit<SetModel, "cards"> {
  cards: (CardModel | SameCard)[];
}

export interface ModelDelta extends Omit<WorkspaceModel, "sets" | "games"> {
  games: (GameModel | SameGame)[];
  sets: SetDelta[];
}

/** One card of a set as the checker has it (compiler/workspace.ts `placedCards`): its model is made only when asked for. */
export interface CardSource {
  /** Where its check came from: two cards with the same origin are the same card (maybe moved). */
  origin?: object;
  name: string;
  offset: number;
  line: number;
  model(): CardModel;
}

/**
 * How a set's list of cards was made from the list sent before (`from`): its cards before `at` are that list's, in
 * place; from `at` on, `removed` of them were replaced by `added` others; the ones after are that list's, every one
 * moved by the same offset and line count; and the cards at `changed` (in order) are others (their check made again).
 */
export interface CardsSplice {
  from: readonly CardSource[];
  at: number;
  removed: number;
  added: number;
  changed: readonly number[];
}

/** What the worker sent for one set file: the page's copy of its cards, in order. */
export interface SentSet {
  cards: CardSource[];
  /**
   * Index of each card by where its check came from, built once several cards were not found by origin where
   * they were expected (a keystroke has one: the edited card; indexing 2,000 origins for it cost more than it saved).
   */
  byOrigin?: Map<object, number>;
  /** Cards not found by origin where they were expected so far. */
  originMisses?: number;
  /** Indices of each card name, built once several cards were not found where they were expected. */
  byName?: Map<string, number[]>;
  /** Cards not found where they were expected so far (a keystroke has one: indexing 2,000 names for it costs more than it saves). */
  misses?: number;
}

/** The worker's memory of what the page holds: its games, and its cards by set file. */
export class SentCards {
  games: readonly GameModel[] = [];
  sets = new Map<string, SentSet>();
  /** The page lost its copy: the next result goes across whole. */
  clear(): void {
    this.games = [];
    this.sets.clear();
  }
}

type Position = CardModel["range"]["start"];

/** A card as JSON with its positions counted from its own start: equal for a card that only moved. */
function movedKey(card: CardModel): string {
  const base = card.range.start;
  const relative = (p: Position) => ({ o: p.offset - base.offset, l: p.line - base.line, c: p.column });
  const range = (r: CardModel["range"]) => ({ start: relative(r.start), end: relative(r.end) });
  return JSON.stringify({ ...card, range: range(card.range), abilities: card.abilities.map((a) => ({ ...a, range: range(a.range) })) });
}

/**
 * Encodes a model against what the page holds. `cardsOf` (the checker's `placedCards`) gives a
 * set's cards with where each one's check came from: a card from the same check as one the page
 * holds goes across as its index and new start, without its model even being made. Any other
 * card is compared (as position-free JSON) with the card of the same name the page holds, and
 * sent whole only when it differs.
 */
export function encodeModel(
  model: WorkspaceModel,
  sent: SentCards,
  cardsOf: (file: string) => CardSource[] | undefined = () => undefined,
  spliceOf: (cards: readonly CardSource[]) => CardsSplice | undefined = () => undefined,
): ModelDelta {
  const next = new Map<string, SentSet>();
  // A game model is the same object while its game file is unchanged (the analysis keeps its binding).
  const games = model.games.map((game): GameModel | SameGame => {
    const index = sent.games.indexOf(game);
    return index < 0 ? game : { sameGame: index };
  });
  const sets = model.sets.map((set): SetDelta => {
    const before = sent.sets.get(set.file);
    const sources = cardsOf(set.file) ?? set.cards.map((card): CardSource => ({ name: card.name, offset: card.range.start.offset, line: card.range.start.line, model: () => card }));
    if (before?.cards === sources) {
      // The very list sent last time (`placedCards` returns it again for a file kept whole): every card is where the
      // page has it — one run, without a look at each card (a keystroke leaves all but one file so).
      next.set(set.file, before);
      const first = sources[0];
      const cards: SameCard[] = first ? [{ index: 0, offset: first.offset, line: first.line, ...(sources.length > 1 ? { count: sources.length } : {}) }] : [];
      return { code: set.code, name: set.name, game: set.game, file: set.file, cards };
    }
    const now: SentSet = { cards: sources };
    // Which of the page's cards are taken, by index (a flag per card: no hashing of 2,000 numbers per keystroke).
    const used = new Uint8Array(before?.cards.length ?? 0);
    // How far the page's copy is ahead of this list (cards inserted or removed above): where the next card is looked for first.
    let shift = 0;
    const cards: (CardModel | SameCard)[] = [];
    // The run the last entry is, if it is one, and how far its cards moved.
    let run: { entry: SameCard; offsetBy: number; linesBy: number } | undefined;
    const one = (card: CardSource, index: number) => {
      let earlier = card.origin && before ? sameByOrigin(card.origin, index + shift, before, used) : undefined;
      if (earlier === undefined && before) earlier = sameByContent(card, index + shift, before, used);
      if (earlier === undefined || used[earlier]) {
        cards.push(card.model());
        run = undefined;
        return;
      }
      used[earlier] = 1;
      shift = earlier - index;
      const was = before!.cards[earlier]!;
      const offsetBy = card.offset - was.offset;
      const linesBy = card.line - was.line;
      if (run && run.entry.index + (run.entry.count ?? 1) === earlier && run.offsetBy === offsetBy && run.linesBy === linesBy) {
        run.entry.count = (run.entry.count ?? 1) + 1;
        return;
      }
      const entry: SameCard = { index: earlier, offset: card.offset, line: card.line };
      cards.push(entry);
      run = { entry, offsetBy, linesBy };
    };
    const splice = before && spliceOf(sources);
    if (splice && splice.from === before.cards) {
      // Made from the list the page has: the cards before the edit and after it (bar any checked again) go across as
      // two runs, without a look at each; only the edit's cards are looked for one by one.
      const { at, added, changed } = splice;
      const movedBy = added - splice.removed;
      let c = 0;
      for (let index = 0; index < sources.length; ) {
        while (c < changed.length && changed[c]! < index) c++;
        if ((index >= at && index < at + added) || changed[c] === index) {
          one(sources[index]!, index);
          index++;
          continue;
        }
        const limit = Math.min(index < at ? at : sources.length, c < changed.length ? changed[c]! : sources.length);
        const from = index < at ? index : index - movedBy;
        const first = sources[index]!;
        cards.push({ index: from, offset: first.offset, line: first.line, ...(limit - index > 1 ? { count: limit - index } : {}) });
        used.fill(1, from, from + limit - index);
        run = undefined;
        shift = from - index;
        index = limit;
      }
    } else sources.forEach(one);
    next.set(set.file, now);
    // Field by field: the set's own `cards` is not read (the checker makes a card's model only when asked).
    return { code: set.code, name: set.name, game: set.game, file: set.file, cards };
  });
  sent.sets = next;
  sent.games = model.games;
  return { ...model, games, sets };
}

/** The index of the page's card from the same check (`origin`): looked for where the list so far puts it (and beside it), then in an index. */
function sameByOrigin(origin: object, guess: number, before: SentSet, used: Uint8Array): number | undefined {
  const cards = before.cards;
  for (const step of NEAR_GUESS) {
    const i = guess + step;
    if (i >= 0 && i < cards.length && !used[i] && cards[i]!.origin === origin) return i;
  }
  if (!before.byOrigin && (before.originMisses = (before.originMisses ?? 0) + 1) <= MISSES_BEFORE_INDEX) return undefined;
  if (!before.byOrigin) {
    before.byOrigin = new Map();
    cards.forEach((c, i) => c.origin && !before.byOrigin!.has(c.origin) && before.byOrigin!.set(c.origin, i));
  }
  return before.byOrigin.get(origin);
}

/**
 * The index of an unused card of the same name the page holds whose content is the same (positions
 * aside): looked for where the list so far puts it (and beside it), then — once a few cards were
 * not found there (a reordered file) — among all its namesakes. A card not found is sent whole,
 * which is always right.
 */
function sameByContent(card: CardSource, guess: number, before: SentSet, used: Uint8Array): number | undefined {
  let key: string | undefined;
  const same = (i: number) => !used[i] && before.cards[i]!.name === card.name && movedKey(before.cards[i]!.model()) === (key ??= movedKey(card.model()));
  for (const i of [guess, guess + 1, guess - 1]) if (i >= 0 && i < before.cards.length && same(i)) return i;
  if (!before.byName && (before.misses = (before.misses ?? 0) + 1) <= MISSES_BEFORE_INDEX) return undefined;
  if (!before.byName) {
    before.byName = new Map();
    before.cards.forEach((c, i) => (before.byName!.get(c.name) ?? before.byName!.set(c.name, []).get(c.name)!).push(i));
  }
  return before.byName.get(card.name)?.find(same);
}
const MISSES_BEFORE_INDEX = 2;
/** Where a card is looked for first, from where the list so far puts it. */
const NEAR_GUESS = [0, 1, -1] as const;

export function decodeModel(delta: ModelDelta, previous: WorkspaceModel | undefined): WorkspaceModel {
  const previousSets = new Map((previous?.sets ?? []).map((set) => [set.file, set]));
  const games = delta.games.map((game): GameModel => {
    if (!("sameGame" in game)) return game;
    const reused = previous?.games[game.sameGame];
    if (!reused) throw new Error(`The checker referred to game ${game.sameGame}, which the page does not have.`);
    return reused;
  });
  const sets = delta.sets.map((set): SetModel => {
    const earlier = previousSets.get(set.file);
    const cards: CardModel[] = [];
    for (const card of set.cards) {
      if (!isSameCard(card)) {
        cards.push(card);
        continue;
      }
      const first = earlier?.cards[card.index];
      const count = card.count ?? 1;
      if (!first || card.index + count > earlier!.cards.length) throw new Error(`The checker referred to card ${card.index + count - 1} of ${set.file}, which the page does not have.`);
      const offsetBy = card.offset - first.range.start.offset;
      const linesBy = card.line - first.range.start.line;
      for (let i = card.index; i < card.index + count; i++) cards.push(moved(earlier!.cards[i]!, offsetBy, linesBy));
    }
    return { ...set, cards };
  });
  return { ...delta, games, sets };
}

function isSameCard(card: CardModel | SameCard): card is SameCard {
  return typeof (card as SameCard).index === "number" && !("name" in card);
}

/** The card with its positions moved (the card itself when it did not move). */
function moved(card: CardModel, offset: number, lines: number): CardModel {
  if (offset === 0 && lines === 0) return card;
  const position = (p: Position): Position => ({ offset: p.offset + offset, line: p.line + lines, column: p.column });
  const range = (r: CardModel["range"]) => ({ start: position(r.start), end: position(r.end) });
  return { ...card, range: range(card.range), abilities: card.abilities.map((a) => ({ ...a, range: range(a.range) })) };
}
