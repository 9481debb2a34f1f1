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

/** The worker's memory of what the page holds: each set's cards (as position-free JSON) and their index, by set file. */
export type SentCards = Map<string, Map<string, number>>;

type Position = CardModel["range"]["start"];

/** A card as JSON with its positions counted from its own start: equal for a card that only moved. */
function movedKey(card: CardModel): string {
  const base = card.range.start;
  const relative = (p: Position) => ({ o: p.offset - base.offset, l: p.line - base.line, c: p.column });
  const range = (r: CardModel["range"]) => ({ start: relative(r.start), end: relative(r.end) });
  return JSON.stringify({ ...card, range: range(card.range), abilities: card.abilities.map((a) => ({ ...a, range: range(a.range) })) });
}

export function encodeModel(model: WorkspaceModel, sent: SentCards): ModelDelta {
  const next: SentCards = new Map();
  const sets = model.sets.map((set): SetDelta => {
    const before = sent.get(set.file);
    const now = new Map<string, number>();
    const cards = set.cards.map((card, index): CardModel | SameCard => {
      const key = movedKey(card);
      if (!now.has(key)) now.set(key, index);
      const earlier = before?.get(key);
      return earlier === undefined ? card : { index: earlier, offset: card.range.start.offset, line: card.range.start.line };
    });
    next.set(set.file, now);
    return { ...set, cards };
  });
  sent.clear();
  for (const [file, cards] of next) sent.set(file, cards);
  return { ...model, sets };
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
