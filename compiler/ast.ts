/**
 * The typed syntax tree of game and card files (built from Chevrotain's CST by `build.ts`).
 *
 * Every node has a `kind` (discriminant) and a `range` in its file. The tree is
 * game-agnostic: content words (Vampire, Bleed, Crystal, Red, Scry) are kept as `WordNode`s
 * with their own ranges for the checker to resolve against the game file; structural words
 * (when, target, deal, you, ...) are recorded by their lower-case lemma.
 *
 * Shape of an ability, in words: an optional Chromatic tag `[Red]`, then one body:
 *   keywords      `Haste, Bleed 2.`
 *   triggered     `When|Whenever <clause>, [if <clause>,] <sequence>` · `At <moment>, <sequence>`
 *   prefixed      `<cost or marker>, ...: <body>`   (the checker decides marker vs cost)
 *   modal         `Choose one — • <sequence>. • <sequence>.`
 *   replacement   `The first time <clause with would> [each turn], <sequence> instead.` · `If <... would ...>, ... instead.`
 *   conditional   `If <clause>, <sequence>.`
 *   statement     `<sequence>.`   (a static ability or a spell effect: the checker decides from the card type)
 * A sequence is clauses joined by `,` / `, then` / `and` / `. Then` (and, in a trigger's or a
 * prefixed ability's effect, by `.` before another sentence on the same line); a clause is
 * `[subject] [modal] [is] [verb] [object] [tail...]`.
 */
import type { Range } from "./diagnostics.ts";

export interface BaseNode {
  kind: string;
  range: Range;
}

/** A word as written: a content word (checked against the game) or a structural keyword. */
export interface WordNode extends BaseNode {
  kind: "word";
  /**
   * The text in canonical spelling: a content word (a plain Word token) exactly as written;
   * a structural keyword in lower case, except where it is used as a name (field names are
   * lower-cased; field values, directive items, param/keyword/marker names, tags and a lone
   * prefix word like `PLAY:` keep their spelling; nouns keep theirs unless written in all capitals).
   */
  text: string;
  /** Lower-case lemma: for keywords the canonical base form (`deals` → `deal`), otherwise the lower-cased text. */
  lemma: string;
  /** True when the word is one of the grammar's structural keywords (its canonical spelling is lower case). */
  keyword: boolean;
  /**
   * A `Be` written joined to the word before it, `'s` of "it's destroyed" (grammar/parser.ts splitContractedIs): `text` is
   * "is" (what readers test), this is how it is written — the formatter joins it to the subject.
   */
  contracted?: string;
}

export interface NumberNode extends BaseNode {
  kind: "number";
  value: number;
  /** As written, including an explicit sign (`+1`). */
  text: string;
}

export interface StringNode extends BaseNode {
  kind: "string";
  /** The unescaped contents, without quotes. */
  value: string;
}

/** `{R}`, `{2}`: the text between the braces is in `symbol`. */
export interface SymbolNode extends BaseNode {
  kind: "symbol";
  symbol: string;
}

/** `3/2`, `+1/+1`, `-1/-0`. */
export interface StatsNode extends BaseNode {
  kind: "stats";
  first: number;
  second: number;
  text: string;
}

/** Punctuation that carries meaning inside a value list (`—`, `,`, `=`). */
export interface PunctNode extends BaseNode {
  kind: "punct";
  /** Canonical text: `—` for every dash spelling, `,`, `=`, `/`, `+`, `(`, `)`. */
  text: string;
}

export interface CommentNode extends BaseNode {
  kind: "comment";
  /** Text after `#`, without the line break. */
  text: string;
  /** True when the comment shares its line with code before it (a trailing comment). */
  trailing: boolean;
}

/** One item of a field value or a game-file directive. */
export type ValueItem = WordNode | NumberNode | StringNode | SymbolNode | StatsNode | PunctNode;

// ---------------------------------------------------------------------------------------
// Files

export type Document = GameFile | CardFile;

export interface GameFile extends BaseNode {
  kind: "gameFile";
  file: string;
  /** `game <id> "<Name>"`; absent (undefined) only in a file whose header is broken. */
  id?: WordNode;
  title?: StringNode;
  statements: GameStatement[];
  comments: CommentNode[];
}

export interface CardFile extends BaseNode {
  kind: "cardFile";
  file: string;
  /** `set <code> "<Name>" for <game>` */
  code?: WordNode;
  title?: StringNode;
  game?: WordNode;
  cards: CardDecl[];
  comments: CommentNode[];
}

// ---------------------------------------------------------------------------------------
// Game files

export type GameStatement = ParamDecl | KeywordDecl | MarkerDecl | RuleDecl | PhaseDecl | Directive;

/** `param <name> = <value>` */
export interface ParamDecl extends BaseNode {
  kind: "param";
  name: WordNode;
  value: NumberNode | StringNode | WordNode;
}

/** Quoted card text inside a game file, parsed at its own position. */
export interface EmbeddedText extends BaseNode {
  kind: "embeddedText";
  string: StringNode;
  abilities: Ability[];
}

/** Quoted trigger text of a marker (`"When this enters play"`), parsed at its own position. */
export interface EmbeddedTrigger extends BaseNode {
  kind: "embeddedTrigger";
  string: StringNode;
  /** Undefined when the string does not parse as a trigger (a syntax diagnostic is reported). */
  trigger?: TriggerHead;
}

/** `keyword ability Bleed X = "<card text>"` · `keyword action Scry N = rule scry` */
export interface KeywordDecl extends BaseNode {
  kind: "keyword";
  /** `ability` or `action`. */
  keywordKind: "ability" | "action";
  name: WordNode;
  /** The parameter letter (`X`, `N`), when the keyword takes a number. */
  parameter?: WordNode;
  definition: EmbeddedText | RuleRef;
}

/** `rule <name>`: a behaviour implemented by the engine, named in the game file. */
export interface RuleRef extends BaseNode {
  kind: "ruleRef";
  name: WordNode;
}

/** `marker PLAY = "When this enters play"` · `marker Passive = static` */
export interface MarkerDecl extends BaseNode {
  kind: "marker";
  name: WordNode;
  definition: EmbeddedTrigger | { kind: "static"; range: Range };
}

/** `rule "<title>" = "<card text>"`: a rule of the game written as abilities. */
export interface RuleDecl extends BaseNode {
  kind: "rule";
  title: StringNode;
  text: EmbeddedText;
}

/** `phase <Name> [options] [{ step; step }]`: steps are card-language clauses (`draw 1`, `gain 1 Crystal`, `renew`). */
export interface PhaseDecl extends BaseNode {
  kind: "phase";
  /** A word or a quoted name. */
  name: WordNode | StringNode;
  options: ValueItem[];
  steps?: Sequence[];
}

/**
 * Every other statement, kept generic so the checker (not the grammar) knows the game-file
 * vocabulary: `resource Crystal start 0 gain 1 per turn`, `color Red pays life`,
 * `symbol {G} = Gold`, `zone "Discard Pile" public`, `cardtype Unit permanent { requires cost, power }`,
 * `stat power`, `subtype Knight, Soldier`, `rarity Common max 3`, `deck min 20 max 40`,
 * `counter Bleed on player`. The items run to the end of the line (or to a `{ ... }` block).
 */
export interface Directive extends BaseNode {
  kind: "directive";
  /** The statement word (`resource`, `color`, `zone`, ...), lemma lower-cased. */
  head: WordNode;
  items: ValueItem[];
  /** Clauses of a `{ a, b; c d }` block, split at `;`. */
  block?: ValueItem[][];
}

// ---------------------------------------------------------------------------------------
// Card files

/** `card "<Name>" { field: value ... text: abilities }` */
export interface CardDecl extends BaseNode {
  kind: "card";
  name: StringNode;
  fields: Field[];
  /** The `text:` field's abilities, in order (empty when the card has no text). */
  abilities: Ability[];
  /** Range of the `text` field (keyword to last ability), when present. */
  textRange?: Range;
}

/**
 * `name: value` — the value runs to the end of its line. A field written without a colon
 * and value (`unique`) is a flag: `value` is empty and `flag` is true.
 */
export interface Field extends BaseNode {
  kind: "field";
  name: WordNode;
  value: ValueItem[];
  flag: boolean;
}

// ---------------------------------------------------------------------------------------
// Abilities

export interface Ability extends BaseNode {
  kind: "ability";
  /** Chromatic Battlelines tag `[Red]` / `[Base]`. */
  tag?: WordNode;
  body: AbilityBody;
  /**
   * Reminder text in parentheses after the ability, on its line: `Bleed 1 (Target player gains a Bleed
   * counter.)`. Kept as written; the lowering compares what it says with what the ability does.
   */
  reminder?: Reminder;
  /**
   * This ability continues the tagged line before it (`[Base] Flying. Whenever this deals combat damage to a
   * player, ...`): one ability slot of its card, under that line's tag.
   */
  sameLine?: true;
}

/** `( ... )` after an ability: its text between the parentheses, as written (`text`), and where it is (with the parentheses). */
export interface Reminder extends BaseNode {
  kind: "reminder";
  text: string;
}

export type AbilityBody =
  | KeywordsBody
  | TriggeredBody
  | PrefixedBody
  | ModalBody
  | ReplacementBody
  | ConditionalBody
  | AdditionalCostBody
  | StatementBody;

/** `As an additional cost to cast this, discard a card.`: costs added to what playing the card costs. */
export interface AdditionalCostBody extends BaseNode {
  kind: "additionalCost";
  /** The words between `As` and the comma (`an additional cost to cast this spell`), as written. */
  purpose: WordNode[];
  costs: CostItem[];
}

/** `Haste.` · `Bleed 2.` · `Haste, Flying.` · `Ambush and Taunt.` · `Scry 1.` — keyword references the checker resolves (ability or action). */
export interface KeywordsBody extends BaseNode {
  kind: "keywords";
  keywords: KeywordRef[];
}

export interface KeywordRef extends BaseNode {
  kind: "keywordRef";
  name: WordNode;
  /** `Bleed 2`, `Scry X`. */
  parameter?: Count;
  /** How it joins the keyword before it when not by a comma: `Ambush and Taunt`, `Flying, Haste, and Taunt`. */
  joiner?: "and" | ", and" | ";";
}

/** The head of a trigger: `When this enters play` · `Whenever you discard a card` · `At the start of your turn`. */
export interface TriggerHead extends BaseNode {
  kind: "triggerHead";
  /** `when`, `whenever` or `at`. */
  word: "when" | "whenever" | "at";
  /** For `when`/`whenever`: the event clause (`this enters play`, `you draw a card`, `this is destroyed`). */
  event?: Clause;
  /** `When this enters play or is destroyed`: the events after `or`, each a clause of the event's subject. */
  orEvents?: Clause[];
  /** For `at`: the moment (`the start of your turn`, `the end of each player's Post-Battle phase`). */
  moment?: NounPhrase;
}

export interface TriggeredBody extends BaseNode {
  kind: "triggered";
  trigger: TriggerHead;
  /** `if <clause>` right after the trigger (an intervening condition). */
  condition?: Clause;
  /** `if A and B,` · `if A or B,`: the conditions after the first (as ConditionalBody's). */
  more?: { join: WordNode; clause: Clause }[];
  /** What it does: a sequence, or `choose one — ...` (`When this enters play, choose one — • ... • ...`). */
  effect: Sequence | ModalBody;
}

/**
 * `Exhaust: ...` · `{R}{1}, Exhaust: ...` · `Pay 2 life: ...` · `PLAY: ...` · `Passive: ...`.
 * The checker decides whether the prefix is a marker declared by the game or a cost list.
 */
export interface PrefixedBody extends BaseNode {
  kind: "prefixed";
  prefix: CostItem[];
  body: AbilityBody;
}

export type CostItem = SymbolsCost | ClauseCost | AmountCost;
/** `{R}{R}{1}` */
export interface SymbolsCost extends BaseNode {
  kind: "symbolsCost";
  symbols: SymbolNode[];
}
/** `Exhaust`, `Pay 2 life`, `Discard a card`, `Sacrifice this`, or a marker word `PLAY`. */
export interface ClauseCost extends BaseNode {
  kind: "clauseCost";
  clause: Clause;
}
/** `2 life`, `3 Crystals`, `1 Facet`. */
export interface AmountCost extends BaseNode {
  kind: "amountCost";
  amount: NounPhrase;
}

/** `Choose one — • <mode>. • <mode>.` */
export interface ModalBody extends BaseNode {
  kind: "modal";
  /** The words between `Choose` and the dash (`one`, `one or both`, `two`). */
  choose: WordNode[];
  modes: Sequence[];
}

/** `The first time this would be destroyed each turn, it remains in play with 1 defense instead.` · `If this would ..., ... instead.` */
export interface ReplacementBody extends BaseNode {
  kind: "replacement";
  /** `the first time` (true) or `if` (false). */
  firstTime: boolean;
  /** `The next time ...` (firstTime too): a one-shot replacement an effect makes, used up by the first event it replaces. */
  next?: true;
  /** The replaced event; its predicate has `modal: "would"`. A trailing `each turn` is in `event.tail`. */
  event: Clause;
  effect: Sequence;
}

/** `If you control a Vampire, draw a card.` · `As long as you control a Vampire, this gets +1/+1.` · `While you have 5 or less life, this gets +2 power.` */
export interface ConditionalBody extends BaseNode {
  kind: "conditional";
  word: "if" | "as long as" | "while";
  condition: Clause;
  /** `If A and B, ...` · `If A or B, ...`: the conditions after the first, each with the word joining it. */
  more?: { join: WordNode; clause: Clause }[];
  effect: Sequence;
}

/** A static ability or a spell effect: `Other Vampires you control get +1 power.` · `Deal 3 damage to any target.` */
export interface StatementBody extends BaseNode {
  kind: "statement";
  effect: Sequence;
}

// ---------------------------------------------------------------------------------------
// Sentences

export interface Sequence extends BaseNode {
  kind: "sequence";
  steps: Step[];
}

/**
 * How a step joins the previous one (`""` for the first step). `"."` is a new sentence of the
 * same ability: in a trigger's or a prefixed ability's effect, a sentence on the same line
 * (`PLAY: Deal 1 damage to target unit. Draw a card.`).
 */
/** `—`: an em dash between two effects ("Deal 2 damage to target unit — draw a card."), read as a new sentence. */
/** `, or`: `Gain 2 life, or 4 life if you control a Golem.` — another amount of the clause before, when its condition holds. */
export type Connector = "" | "," | ", then" | ", and" | ", or" | "then" | "and" | "and then" | ". then" | "." | ";" | "—";

export interface Step extends BaseNode {
  kind: "step";
  connector: Connector;
  /** `If you do,` / `If you don't,` opening the sentence (after `.`): it depends on what the sentence before did. */
  condition?: ConditionPhrase;
  clause: Clause;
}

/**
 * `[subject] [modal] [be] [verb] [object] [tail...]`, e.g.
 *   `Target player | draws | a card`
 *   `you | may | draw | 1`
 *   `This | can't | be | blocked`
 *   `this | is | destroyed`          (passive: `be` + participle verb)
 *   `your life | is | 5 or less`     (copula: `be` + object, no verb)
 *   `Deal | 3 damage | to any target` (tail: prepositional phrase)
 *   `and 1 damage to its controller` (no verb: it repeats the previous step's verb)
 * A leading `Until end of turn, ...` is stored in the first clause's tail (before any condition or `where`).
 */
export interface Clause extends BaseNode {
  kind: "clause";
  subject?: NounPhrase;
  /** `Creatures you control get +1/+0 and also gain Haste`: `also` before the verb of a clause that shares the subject before it. */
  also?: WordNode;
  /** `If that player already has 3 or more Bleed counters`: `already` before the verb; a condition reads it (checked as it is). */
  already?: WordNode;
  /** `You and target opponent each gain 3 life`: `each` after the subject (each of the subject's players or cards does it). */
  each?: WordNode;
  /** `may`, `can`, `can't`, `would`, `must`, `doesn't`. */
  modal?: WordNode;
  /** `is` / `are` / `be` ... */
  be?: WordNode;
  /** The verb: a structural verb (lemma `deal`, `draw`, `gain` ...) or a content word (`Scry`, `Exhaust`, `mills`). */
  verb?: WordNode;
  /** More verbs joined by `or`: `It can't attack or block.` → verb attack, orVerbs [block]. */
  orVerbs?: WordNode[];
  object?: NounPhrase;
  /** `Make target unit a defender.`: what the verb makes of its object (a second noun phrase after it). */
  complement?: NounPhrase;
  tail: TailItem[];
}

export type TailItem = PrepPhrase | TimingPhrase | ConditionPhrase | WherePhrase | InsteadWord | ParticleWord | RoundingPhrase | CapPhrase;

/** `to any target` · `until end of turn` · `from your Graveyard` · `at random` · `for each Vampire you control`. */
export interface PrepPhrase extends BaseNode {
  kind: "prep";
  /** Preposition lemma: to, from, into, onto, on, in, of, with, without, under, until, among, by, as, than, at, for, during, except, other than; adjacent to, next to (a noun's filter in card text). */
  prep: string;
  object: NounPhrase;
  /** `For each unit you control, gain 1 life and draw a card.`: a count written before its sentence, kept in the tail of
   * each of the sentence's clauses and printed once, first. */
  leading?: true;
  /**
   * `a creature whose power is 4 or more` is read as `with power 4 or more`: written so, with this verb (`is`) after the
   * object's first word (what the noun has); the formatter prints it back as written.
   */
  whose?: string;
}

/** `this turn` · `each turn` · `that turn`. */
export interface TimingPhrase extends BaseNode {
  kind: "timing";
  /** `this`, `each` or `that`. */
  which: string;
  /** `each combat` (`this combat`): the word, where it is not `turn`. */
  combat?: WordNode;
}

/** `if <clause>` · `unless <clause>` · `as long as <clause>` · `while <clause>`. */
export interface ConditionPhrase extends BaseNode {
  kind: "condition";
  /** `until`: "Draw cards until you have six cards in hand" (repeat until it holds). */
  word: "if" | "unless" | "as long as" | "while" | "until";
  clause: Clause;
  /** `..., then if A and B, ...` · `Then, if A or B, ...`: the conditions after the first, each with the word joining it (as ConditionalBody's). */
  more?: { join: WordNode; clause: Clause }[];
}

/** `where X is <noun phrase>`. */
export interface WherePhrase extends BaseNode {
  kind: "where";
  variable: WordNode;
  value: NounPhrase;
}

export interface InsteadWord extends BaseNode {
  kind: "instead";
}

/** `, rounded up` · `, rounded down`: how the amount of the clause (`half their life`) rounds a fraction. */
export interface RoundingPhrase extends BaseNode {
  kind: "rounding";
  direction: "up" | "down";
}

/** `, up to three` closing a clause: the most the clause's amount gives (`Draw a card for each unit you control, up to three.`). */
export interface CapPhrase extends BaseNode {
  kind: "cap";
  max: number;
  /** As written: `three`, `3`. */
  text: string;
}

/** `back` in `put them back in any order` (an adverb of the verb). */
export interface ParticleWord extends BaseNode {
  kind: "particle";
  /** Lower case: `back`. */
  word: WordNode;
}

// ---------------------------------------------------------------------------------------
// Noun phrases (targets, selectors, amounts)

/**
 * `[determiners] [items] [filters]`, e.g.
 *   `any target`                      determiners any, target
 *   `up to two target creatures`      determiners up-to, two, target; items creatures
 *   `another friendly unit`           determiners another; items friendly, unit
 *   `3 damage`                        determiners 3; items damage
 *   `a Vampire you control`           determiners a; items Vampire; filters controlledBy(you)
 *   `target creature card in your Graveyard`  filters prep(in, your Graveyard)
 *   `it`, `you`, `this`               a pronoun / a bare determiner
 *   `+1/+1`, `+1 power`, `5 or less`
 *   `life equal to its power`         filters equalTo(its power)
 */
export interface NounPhrase extends BaseNode {
  kind: "np";
  determiners: Determiner[];
  items: NounItem[];
  filters: NounFilter[];
  /** Noun phrases joined to this one by `and`: `each creature and each player` → also [each player]. */
  also?: NounPhrase[];
  /** Joined to the phrase before it by a comma rather than `and` (a keyword list: `with Bleed 2, Haste and Tireless`). */
  comma?: true;
  /**
   * `this or another Vampire`: this phrase names this card, and `orAnother` the other cards it may be instead
   * (`another Vampire`). Only a trigger's subject reads it (compiler/lower.ts triggerPattern); elsewhere its words stay
   * unread, and are reported.
   */
  orAnother?: NounPhrase;
}

export type Determiner = DeterminerWord | Count;

/** `a`, `the`, `each`, `all`, `any`, `another`, `other`, `target`, `this`, `that`, `your`, `their`, `its`, `no`, `both`, `up to`, or a pronoun (`it`, `you`, `they`). */
export interface DeterminerWord extends BaseNode {
  kind: "determiner";
  /** Canonical lower-case text (`up to`, `target`, `you`); `text` keeps the written form. */
  lemma: string;
  text: string;
}

/** A number: `3`, `+1`, `X`, `two`, with an optional comparison (`2 or less`). */
export interface Count extends BaseNode {
  kind: "count";
  /** The numeric value; undefined for a variable (`X`, `N`). */
  value?: number;
  /** For a variable, its letter. */
  variable?: string;
  text: string;
  /** `or less`, `or more`, `or fewer`, `or greater`. */
  comparison?: "less" | "more" | "fewer" | "greater";
  /** "one or two target creatures", "one, two or three targets": a range of counts — `atLeast` to `value` (grammar/lexer.ts joinCountRanges). */
  atLeast?: number;
  /** `at least 2` / `at most 5` as written (grammar/lexer.ts joinAtLeast): read as `2 or more` / `5 or fewer` (`comparison`). */
  bound?: "least" | "most";
  /**
   * A comparison written in other words (grammar/lexer.ts joinComparisons), as written: `less than 3`, `below 3`, `2 or
   * lower`, `no more than 2`. `value` and `comparison` are the whole-number bound it means (`2` `or less`); the formatter
   * prints these words.
   */
  written?: string;
  /** A strict bound on a variable (`less than X`: -1, `more than X`: +1): the bound is the variable plus this. */
  offset?: number;
}

/** An item of a noun phrase: a word, `2/2` stats, a quoted name (`"Thrall"`), a number after words (`power 2 or less`), a cost symbol (`Add {R}.`), or `or` between alternatives. */
export type NounItem = WordNode | StatsNode | StringNode | Count | SymbolNode;

export type NounFilter = ControlFilter | PrepPhrase | EqualToFilter | RelativeFilter;

/** A relative clause: `that attacked this turn` (that: true, no subject) · `the turn it enters play`, `Spells you cast` (that: false: a pronoun subject, a verb, maybe an object). */
export interface RelativeFilter extends BaseNode {
  kind: "relative";
  that: boolean;
  /** `who` / `whose` as written (`Each player who has 10 or less life`, `whose controller has ...`: the clause's subject is what the noun has); `that` when absent. */
  pronoun?: "who" | "whose";
  /**
   * `that` written before a clause with its own subject (`creatures you control that you played this turn`): the clause is
   * read as without it (`that` stays false: its subject is not the noun); the formatter prints it back.
   */
  thatWritten?: boolean;
  clause: Clause;
}

/**
 * `you control`, `an opponent controls`, `your opponents control`; passive: `controlled by an opponent` (with `by`); the
 * owner: `you own`, `an opponent owns`, `owned by you` (verb lemma `own`).
 */
export interface ControlFilter extends BaseNode {
  kind: "controlledBy";
  controller: NounPhrase;
  /** The verb as written, lemma `control` or `own`. */
  verb: WordNode;
  /** `you don't control`: the cards the controller does not control. */
  not?: WordNode;
  /** `controlled by <player>`: the passive form, the controller after the verb. */
  by?: WordNode;
}

/** `equal to <noun phrase>`: `equal to the number of cards in your hand`, `equal to its power`. */
export interface EqualToFilter extends BaseNode {
  kind: "equalTo";
  value: NounPhrase;
}

/** Every node kind, for exhaustive visitors. */
export type AnyNode =
  | Document
  | GameStatement
  | EmbeddedText
  | EmbeddedTrigger
  | RuleRef
  | CardDecl
  | Field
  | Ability
  | Reminder
  | AbilityBody
  | KeywordRef
  | TriggerHead
  | CostItem
  | Sequence
  | Step
  | Clause
  | TailItem
  | NounPhrase
  | Determiner
  | NounItem
  | NounFilter
  | ValueItem
  | CommentNode;
