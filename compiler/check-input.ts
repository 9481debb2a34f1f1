/**
 * What the checker reads: a thin, flat view of the parsed documents, built from the typed AST
 * by `check-ast.ts`. Keeping the checker on this view (rather than on every AST node kind)
 * lets the grammar grow new sentence forms without touching the checks: all a new form must
 * do is report the vocabulary words it contains, each with its role and range.
 */
import type { Range } from "./diagnostics.ts";
import type { Declaration } from "./vocabulary.ts";
import type { CardDecl } from "./ast.ts";

/** A token of a field value, as written. */
export interface ValueToken {
  kind: "word" | "number" | "symbol" | "string" | "dash" | "stats" | "x" | "punctuation";
  /** The text as written ("{R}", "3/2", "Vampire", "—"). */
  text: string;
  range: Range;
}

export interface FieldView {
  /** As written; compared case-insensitively. */
  name: string;
  nameRange: Range;
  /** The whole field, name to end of value. */
  range: Range;
  value: ValueToken[];
}

/**
 * The role a word plays in ability text, as the parser's tree shows it:
 * - keyword: a keyword reference (`Haste.`, `Bleed 2.`) — must be declared;
 * - verb: a content verb (`Scry 1`, `mills 2`, `Exhaust target creature`) — a keyword action if the
 *   game declares one by that name; otherwise an engine verb, reported only when it is a near miss;
 * - counter / phase: the word before `counter(s)` / `phase` — must be declared;
 * - symbol: a `{X}` cost symbol — must be declared (numbers are generic);
 * - card: a quoted card name — must name a card of the game;
 * - tokenName: a quoted name a token is given (`Create a "Thrall" token`) — nothing to resolve;
 * - tokenWithoutStats: the name of a token made with no stats (`Create a "Blood Familiar" Bat token with Haste`, `Create a
 *   Thrall token`) — it must be a printed token card's where a token with none would die at once (CW2099).
 */
export type WordRole = "keyword" | "verb" | "counter" | "phase" | "symbol" | "card" | "tokenName" | "tokenWithoutStats";

export interface WordReference {
  role: WordRole;
  text: string;
  range: Range;
  /**
   * For a verb: its number (`Scry 1` → 1), which a keyword action with a parameter needs; `counted` when the number counts
   * the cards after it (`Mill 3 cards`, `Erase two cards`): a value to a keyword with a parameter, the amount of cards to one without.
   */
  parameter?: { text: string; range: Range; counted?: boolean; loose?: boolean };
  /** For a verb: named in a trigger event or a condition (`When you Scry`), so it needs no number. */
  event?: boolean;
  /** For a verb: a bare word joined by `and` to what a card is given (`Give it +2/+0 and Flying`): a keyword ability there is given, not done. */
  gift?: boolean;
  /** For a token's name: written in quotes (`a "Blood Familiar" Bat token`), the name as it stands. */
  quoted?: boolean;
  /** For a quoted token name: the phrase's other words (`1 power`, `Bat token`). */
  besides?: string;
}

/** A run of consecutive content words in a noun phrase (`Shatter Zone`, `enemy Vampire creatures`). */
export type WordRun = { text: string; range: Range; /** A structural word of the grammar: only part of a multi-word name. */ keyword?: boolean }[];

export interface KeywordUse {
  name: string;
  range: Range;
  /** The parameter as written (a number or X), if any. */
  parameter?: { text: string; range: Range };
  /** "ability" for a property (`Flying.`, `have Haste`), "action" for an effect (`Scry 1.`); absent when the parser cannot tell. */
  usedAs?: "ability" | "action";
}

export interface AbilityView {
  range: Range;
  /** `[Base]`, `[Red]`: the tag's word and its range (brackets excluded or included, either is fine). */
  tag?: { text: string; range: Range };
  /** It continues the tagged line before it (`[Base] Flying. Whenever ...`): the same ability slot. */
  sameLine?: true;
  /** A word followed by `:` that the parser read as a marker (PLAY:, BREACH:), not as a cost. */
  marker?: { text: string; range: Range };
  keywords: KeywordUse[];
  /** Words whose role the tree fixes. */
  words: WordReference[];
  /** Other content words, resolved against every kind of the vocabulary (multi-word names included). */
  runs: WordRun[];
  /** Canonical text of the ability (the formatter's), without the tag. */
  text: string;
  /** Its effect clauses in lemmas (`You gain 2 life` → subject you, verb gain, object [life]), for rules such as a colour's `forbids`. */
  clauses: ClauseView[];
}

export interface ClauseView {
  /** Lemma of the subject's first word (`you`, `each`, `target`), absent for an imperative (`Gain 3 life.`). */
  subject?: string;
  /** Lemmas of the subject's determiners and words (`each player` → each, player; `its controller` → its, controller). */
  subjectWords?: string[];
  verb: string;
  /** Lemmas of the object's words. */
  object: string[];
  range: Range;
}

/**
 * A card as the workspace links and places it: its name and where it is, and its tree. What the
 * checker reads of it (`CardContent`: fields and abilities, each ability's canonical text) is built
 * from the tree when the card is checked (`cardContent` in check-ast.ts) and not kept: kept for
 * every card it was a third of a 10,000-card check's memory, and a checked card is not read again.
 */
export interface CardView {
  name: string;
  nameRange: Range;
  range: Range;
  /** Where `text:` is, when the card has it (the place to report ability-count problems). */
  textRange?: Range;
  /** The card's typed tree (compiler/ast.ts), which the view's content is built from. */
  tree: CardDecl;
}

/** A card as the checker reads it: its fields and abilities, as the tree shows them. */
export interface CardContent extends CardView {
  fields: FieldView[];
  abilities: AbilityView[];
}

export interface SetView {
  file: string;
  code: string;
  codeRange: Range;
  name: string;
  game: string;
  gameRange: Range;
  range: Range;
  cards: CardView[];
}

/** A name used inside the game file that must be declared by it (`pays Crystal`, `gain 1 Crystal`). */
export interface GameReference {
  role: "resource" | "color" | "symbol-target" | "param" | "zone" | "counter" | "phase" | "stat" | "keyword" | "field";
  text: string;
  range: Range;
  /** Words the message names as the construct that refers ("The card type Spell"). */
  context: string;
}

/** One `layout ...` line of a game file: the words after `layout`, as written. */
export interface LayoutLineView {
  range: Range;
  /** The `layout` word (where a line with nothing after it is reported). */
  headRange: Range;
  items: LayoutItem[];
}

export interface LayoutItem {
  kind: "word" | "number" | "string" | "other";
  /** Words as written, strings unquoted, numbers as written. */
  text: string;
  /** For a number. */
  value?: number;
  range: Range;
}

export interface GameView {
  file: string;
  id: string;
  idRange: Range;
  name: string;
  range: Range;
  declarations: Declaration[];
  references: GameReference[];
  /** Card text inside the game file (keyword definitions, rules, marker meanings), checked like abilities. */
  abilities: AbilityView[];
  /** The card-face layout lines, in file order. */
  layouts: LayoutLineView[];
}
