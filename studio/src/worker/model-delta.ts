/**
 * The checked model, sent from the worker to the page as a delta: a card whose model did not
 * change since the last result is sent as the index of that card in the page's previous copy of
 * its set. A 2,000-card set is ≈3 MB of model; copying it across on every keystroke blocked the
 * page for most of a second. Pure functions: the worker encodes, the page decodes.
 */
import type { CardModel, SetModel, WorkspaceModel } from "../../../compiler/model.ts";

/**
 * The same card as at `index` in the previous result's set of that file, moved so that it
 * starts at `offset` on `line` (an edit above it moves every card below; columns stay).
 */
export interface SameCard {
  index: number;
  offset: number;
  line: number;
}

/** A set whose cards are either models or a reference to the same card in the previous result. */
export interface SetDelta extends Omit<SetModel, "cards"> {
  cards: (CardModel | SameCard)[];
}

export interface ModelDelta extends Omit<WorkspaceModel, "sets"> {
  sets: SetDelta[];
}

/** What the worker sent for one set file: the page's copy of its cards, in order. */
export interface SentSet {
  cards: CardModel[];
  /** Index of each card by where its check came from (`origin`), when the checker says. */
  byOrigin: Map<object, number>;
  /** Indices of each card name, built when a card without a known origin needs it. */
  byName?: Map<string, number[]>;
}

/** The worker's memory of what the page holds, by set file. */
export type SentCards = Map<string, SentSet>;

type Position = CardModel["range"]["start"];

/** A card as JSON with its positions counted from its own start: equal for a card that only moved. */
function movedKey(card: CardModel): string {
  const base = card.range.start;
  const relative = (p: Position) => ({ o: p.offset - base.offset, l: p.line - base.line, c: p.column });
  const range = (r: CardModel["range"]) => ({ start: relative(r.start), end: relative(r.end) });
  return JSON.stringify({ ...card, range: range(card.range), abilities: card.abilities.map((a) => ({ ...a, range: range(a.range) })) });
}

/**
 * Encodes a model against what the page holds. `origin` (the checker's, compiler/check-memory.ts)
 * names where a card's check came from: a card from the same check as one the page holds is
 * sent as its index without being compared. A card checked afresh is compared (as position-free
 * JSON) with the card of the same name the page holds, and sent whole only when it differs.
 */
export function encodeModel(model: WorkspaceModel, sent: SentCards, origin: (card: CardModel) => object | undefined = () => undefined): ModelDelta {
  const next: SentCards = new Map();
  const sets = model.sets.map((set): SetDelta => {
    const before = sent.get(set.file);
    const now: SentSet = { cards: set.cards, byOrigin: new Map() };
    const used = new Set<number>();
    const cards = set.cards.map((card, index): CardModel | SameCard => {
      const from = origin(card);
      if (from && !now.byOrigin.has(from)) now.byOrigin.set(from, index);
      let earlier = from && before ? before.byOrigin.get(from) : undefined;
      if (earlier === undefined && before) earlier = sameByContent(card, before, used);
      if (earlier === undefined || used.has(earlier)) return card;
      used.add(earlier);
      return { index: earlier, offset: card.range.start.offset, line: card.range.start.line };
    });
    next.set(set.file, now);
    return { ...set, cards };
  });
  sent.clear();
  for (const [file, cards] of next) sent.set(file, cards);
  return { ...model, sets };
}

/** The index of an unused card of the same name the page holds whose content is the same (positions aside). */
function sameByContent(card: CardModel, before: SentSet, used: Set<number>): number | undefined {
  if (!before.byName) {
    before.byName = new Map();
    before.cards.forEach((c, i) => (before.byName!.get(c.name) ?? before.byName!.set(c.name, []).get(c.name)!).push(i));
  }
  const candidates = before.byName.get(card.name)?.filter((i) => !used.has(i));
  if (!candidates?.length) return undefined;
  const key = movedKey(card);
  return candidates.find((i) => movedKey(before.cards[i]!) === key);
}

export function decodeModel(delta: ModelDelta, previous: WorkspaceModel | undefined): WorkspaceModel {
  const previousSets = new Map((previous?.sets ?? []).map((set) => [set.file, set]));
  const sets = delta.sets.map((set): SetModel => {
    const earlier = previousSets.get(set.file);
    return {
      ...set,
      cards: set.cards.map((card) => {
        if (!isSameCard(card)) return card;
        const reused = earlier?.cards[card.index];
        if (!reused) throw new Error(`The checker referred to card ${card.index} of ${set.file}, which the page does not have.`);
        return moved(reused, card.offset - reused.range.start.offset, card.line - reused.range.start.line);
      }),
    };
  });
  return { ...delta, sets };
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
