/**
 * "Nothing dropped": the lowering accounts for every content word of an ability. As it turns
 * words into IR it marks them used (`WordLedger.use`); after an ability is lowered, every content
 * word it did not mark is reported at its words ("… is not used by the engine: 'by opponents'
 * spells'"), so a qualifier the engine would ignore is never silently lost. One mechanism for
 * every form: a new form only has to mark what it carries.
 */
import type { Range, Text } from "./diagnostics.ts";
import { endOffset, startOffset } from "./source-range.ts";

/** A word-like node of the tree: a word, a determiner, a number, `2/2`, a quoted name, `{R}`, `this turn`, `instead`. */
interface Leaf {
  kind: string;
  range: Range;
}

const LEAF_KINDS = new Set(["word", "determiner", "count", "stats", "string", "symbol", "timing", "instead", "rounding", "cap"]);

/** Words that carry no meaning of their own (their phrase's structure does). */
const FUNCTION_WORDS = new Set([
  "to", "of", "and", "or", "then", "is", "are", "be", "been", "was", "were",
  "which", "who", "as", "so", "on", "in", "at", "for", "with", "from", "into", "onto", "by", "up", "do", "does", "did", "has", "have",
  "had", "there", "these", "those", "when", "whenever", "if", ",", ".", ";", ":", "—", "-", "•", "'s",
]);

/**
 * Words that choose WHO or WHICH ONE: "target", a player's possessive ("target player's", "an opponent's", "players'")
 * and "their"/"his"/"her". Marking a whole phrase used does not count them: a reader that read the phrase for its zone or
 * its card type may have read it for nobody ("the top card of target player's deck" run on your own deck). Only a
 * reader that carries the choice marks them (`WordLedger.carry`), so a dropped one is always reported.
 */
export function isSelectingWord(word: string): boolean {
  const w = word.toLowerCase().replace(/\u2019/g, "'");
  if (w === "target" || w === "their" || w === "his" || w === "her") return true;
  // "wasn't" / "weren't": a reader that reads the clause as "was" would run it the other way round.
  if (w === "wasn't" || w === "weren't" || /^(?:was|were)[ \t]+not$/.test(w)) return true;
  // Every other negation of a clause ("isn't", "aren't", "is not", "not", "doesn't", "don't", "didn't", "hasn't",
  // "haven't"): the same — a reader that marks the clause it read as the affirmative ("your life isn't 10" read as
  // "your life is 10") never carries it, so the negation is reported at its word, never dropped.
  if (NEGATION.test(w)) return true;
  const stem = w.endsWith("'s") ? w.slice(0, -2) : w.endsWith("s'") ? w.slice(0, -1) : undefined;
  return stem !== undefined && SELECTING_POSSESSORS.has(stem);
}
/** A negation of a clause ("isn't", "is not", "not", "doesn't", "didn't", "haven't", "wasn't"): a selecting word. */
export function isNegationWord(word: string): boolean {
  const w = word.toLowerCase().replace(/\u2019/g, "'");
  return w === "wasn't" || w === "weren't" || /^(?:was|were)[ \t]+not$/.test(w) || NEGATION.test(w);
}
const NEGATION = /^(?:(?:is|are|do|does|did|has|have|had)n't|(?:is|are|do|does|did|has|have|had)[ \t]+not|not|it's[ \t]+not)$/;
const SELECTING_POSSESSORS = new Set(["player", "players", "opponent", "opponents"]);

/**
 * "twice", "thrice": how many times something happens. Marking the phrase they end counts them no more than it counts a
 * selecting word: "if an opponent has four cards in hand twice" ran as "… in hand" (the zone reader read "hand twice"),
 * "Whenever a creature deals combat damage to a player twice" fired on every hit. Only a reader that repeats or counts
 * (a step done twice, "can attack twice each turn", "Activate only twice each turn") carries them.
 */
export function isRepetitionWord(word: string): boolean {
  const w = word.toLowerCase();
  return w === "twice" || w === "thrice";
}

/** A word only a reader that carries it (`WordLedger.carry`) marks: a selecting word or a repetition word. */
function isCarriedOnly(word: string): boolean {
  return isSelectingWord(word) || isRepetitionWord(word);
}

export class WordLedger {
  /** Start offsets of the leaves the lowering used. */
  readonly used = new Set<number>();
  /** Start offsets of the selecting and repetition words (`isCarriedOnly`) a reader carried: only these count as used. */
  readonly carried = new Set<number>();
  /**
   * Start offsets of the variable numbers ("X") a reader put into the IR as the number the card defines (an {X} cost,
   * "where X is ..."), or that define it ("where X is"): a variable read as used and not here was read as a fixed number.
   */
  readonly variables = new Set<number>();

  /**
   * Marks every leaf under these nodes (a node, an array of nodes, or undefined) as carried by the IR — but for selecting
   * words, of every clause the parts after its object (`CLAUSE_PARTS_READ_APART`), and of every noun phrase the phrases
   * after its noun (`isFilterReadApart`): see there.
   */
  use(...nodes: unknown[]): void {
    for (const node of nodes) collectLeaves(node, (leaf) => this.used.add(startOffset(leaf.range)), true);
  }

  /**
   * Marks every leaf under these nodes as carried, selecting words too: the reader put the choice they make into the IR
   * (or a note already reports the whole node as not run).
   */
  carry(...nodes: unknown[]): void {
    for (const node of nodes) collectLeaves(node, (leaf) => {
      this.used.add(startOffset(leaf.range));
      this.carried.add(startOffset(leaf.range));
    });
  }
}

/**
 * The variable numbers ("X") under `node` a reader marked used without putting them into the IR as X: each was read as a
 * fixed number ("with power X or less" ran as "0 or less", "if you control X or more units" as "a unit").
 */
export function variablesReadAsFixed(node: unknown, ledger: WordLedger, leaves: readonly Leaf[] = leavesOf(node)): Leaf[] {
  return leaves.filter((leaf) => {
    const count = leaf as Leaf & { kind?: string; variable?: string };
    const offset = startOffset(leaf.range);
    return count.kind === "count" && count.variable !== undefined && ledger.used.has(offset) && !ledger.variables.has(offset);
  });
}

/** The leaves under a node, in source order (each once). */
export function leavesOf(node: unknown): Leaf[] {
  const found: Leaf[] = [];
  collectLeaves(node, (leaf) => found.push(leaf));
  // Offsets straight from the compact ranges: sorting never computes a line.
  found.sort((a, b) => startOffset(a.range) - startOffset(b.range));
  // A leaf reached twice (a node shared by two parents) is listed once: its copies are among the leaves at its offset.
  const out: Leaf[] = [];
  let runStart = 0;
  for (const leaf of found) {
    if (out.length > 0 && startOffset(out[out.length - 1]!.range) !== startOffset(leaf.range)) runStart = out.length;
    if (!out.includes(leaf, runStart)) out.push(leaf);
  }
  return out;
}

/**
 * The parts of a clause that marking the whole clause does not mark: its tail ("during your turn", "this turn", "than 5",
 * "for each ..."), the noun after its object ("make it a defender") and the verbs joined by "or" ("attacked or blocked").
 * A reader that read the clause's subject, verb and object says nothing about them: each silent misreading found so far
 * came from a step marking a whole clause read while reading only its head ("if it's your turn during combat" ran as
 * "if it's your turn"). The same holds for a clause inside a phrase ("each creature whose controller has no cards in hand
 * this turn", "a unit that attacked this turn"). A reader that reads one of these marks that part itself.
 */
const CLAUSE_PARTS_READ_APART = new Set(["tail", "complement", "orVerbs"]);

/**
 * A noun phrase's prepositional phrases after its noun ("in combat", "from your hand", "in your Graveyard", "with power 2
 * or less"), at any depth: marking a phrase used does not mark them. The parser hangs whatever follows a noun on it, so a
 * reader that read a zone's or a card's name said nothing about them: "Return target unit to its owner's hand in combat"
 * ran as "... to its owner's hand", "reveal it from your hand" as "reveal it" (found by the corpus insertion probe,
 * session 37). The reader of such a phrase marks it (selector() its zone and its "with"; the hand-size condition its "in
 * hand"). "of" stays with its noun: "the top of your deck", "end of turn", "the number of cards" name one thing.
 */
function isFilterReadApart(filter: unknown): boolean {
  const f = filter as { kind?: unknown; prep?: unknown };
  return f.kind === "prep" && f.prep !== "of";
}

/**
 * Calls `found` for each leaf under `value`. `headsOnly`: a clause at any depth yields no leaf of its parts read apart
 * (`CLAUSE_PARTS_READ_APART`), a noun phrase none of its filters read apart (`isFilterReadApart`). Runs many times for every lowered ability: no copies of a
 * node's entries, and no set of visited nodes (a syntax tree has no cycles; a node shared by two parents
 * is reported twice, which marking words used does not mind).
 */
function collectLeaves(value: unknown, found: (leaf: Leaf) => void, headsOnly = false): void {
  if (!value || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collectLeaves(item, found, headsOnly);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.kind === "string" && LEAF_KINDS.has(record.kind) && record.range) {
    found(record as unknown as Leaf);
    return;
  }
  // A clause's verb, modal and `be` are words without a `kind` of their own in some trees.
  const clause = headsOnly && record.kind === "clause";
  const nounPhrase = headsOnly && record.kind === "np";
  for (const key in record) {
    if (key === "range" || !Object.hasOwn(record, key) || (clause && CLAUSE_PARTS_READ_APART.has(key))) continue;
    if (nounPhrase && key === "filters") {
      for (const filter of record[key] as unknown[]) if (!isFilterReadApart(filter)) collectLeaves(filter, found, headsOnly);
    } else collectLeaves(record[key], found, headsOnly);
  }
}

/**
 * Content words of `node` the ledger does not hold, joined into phrases (neighbours separated only by function words).
 * `leaves`: `leavesOf(node)` when the caller has them already (reportUnusedWords reads them twice).
 */
export function unusedPhrases(node: unknown, ledger: WordLedger, text: Text, leaves: readonly Leaf[] = leavesOf(node)): { range: Range; text: string }[] {
  const isContent = (leaf: Leaf) => !FUNCTION_WORDS.has(text.slice(startOffset(leaf.range), endOffset(leaf.range)).toLowerCase());
  const phrases: { range: Range; text: string }[] = [];
  let current: { start: Leaf; end: Leaf } | undefined;
  const flush = () => {
    if (current) phrases.push({ range: { start: current.start.range.start, end: current.end.range.end }, text: text.slice(current.start.range.start.offset, current.end.range.end.offset) });
    current = undefined;
  };
  for (const leaf of leaves) {
    const offset = startOffset(leaf.range);
    const used = isCarriedOnly(text.slice(offset, endOffset(leaf.range))) ? ledger.carried.has(offset) : ledger.used.has(offset);
    if (used) flush();
    else if (isContent(leaf)) current = current ? { start: current.start, end: leaf } : { start: leaf, end: leaf };
    // An unused function word neither starts nor ends a phrase: it may join two unused words.
  }
  flush();
  return phrases;
}
