/**
 * The one lexer for game, card and scenario files.
 *
 * Structural words (when, target, deal, you, control, ...) are case-insensitive keyword
 * tokens; content words (Vampire, Bleed, Crystal, Red, Haste, Scry) are plain `Word`s that
 * the checker resolves against the game file. Every keyword token belongs to the `AnyWord`
 * category, so a grammar position that accepts "any word" (names, type lines, field values)
 * also accepts keywords. Newlines are not significant; `#` comments go to the `comments`
 * group so the formatter can keep them.
 */
import { createToken, type ILexingError, type ILexingResult, type IToken, Lexer, type TokenType } from "chevrotain";

// ---------------------------------------------------------------------------------------
// Categories (abstract tokens, never produced by the lexer directly)

/** Anything word-like: plain words and every keyword. */
export const AnyWord = createToken({ name: "AnyWord", pattern: Lexer.NA });
/** Words that may appear inside a noun phrase: content words and noun-like keywords (card, damage, life, ...). */
export const NounWord = createToken({ name: "NounWord", pattern: Lexer.NA });
/** Structural verbs (deal, draw, gain, is, ...). A subject noun phrase stops before one of these. */
export const VerbWord = createToken({ name: "VerbWord", pattern: Lexer.NA });
/** Determiners and counts that open a noun phrase (a, each, target, your, two, ...). */
export const Determiner = createToken({ name: "Determiner", pattern: Lexer.NA });
/** Pronouns that are a whole noun phrase on their own (it, you, them, ...). */
export const Pronoun = createToken({ name: "Pronoun", pattern: Lexer.NA });
/** Prepositions that open a prepositional phrase after a verb or a noun (to, from, into, ...). */
export const Preposition = createToken({ name: "Preposition", pattern: Lexer.NA });
/** Words that start a top-level statement of a game or card file. Option lists stop before them. */
export const StatementStart = createToken({ name: "StatementStart", pattern: Lexer.NA });
/** Any word that is not a statement start (used by generic option lists in game files). */
export const OptionWord = createToken({ name: "OptionWord", pattern: Lexer.NA });
/** Number words: one ... ten. */
export const NumberWord = createToken({ name: "NumberWord", pattern: Lexer.NA });

// ---------------------------------------------------------------------------------------
// Trivia

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n\f\v\u00a0\u2028\u2029\ufeff]+/, group: Lexer.SKIPPED });
export const Comment = createToken({ name: "Comment", pattern: /#[^\n\r]*/, group: "comments" });

// ---------------------------------------------------------------------------------------
// Literals and punctuation (order matters: longer / more specific patterns first)

/** `"..."` or `“...”` with `\"` and `\\` escapes; no raw line breaks. */
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\r\n]|\\.)*"|“(?:[^”\\\r\n]|\\.)*”/,
});
/** `{R}`, `{2}`, `{G}`: a cost symbol. `{ ... }` with spaces is a block, not a symbol. */
export const CostSymbol = createToken({ name: "CostSymbol", pattern: /\{[A-Za-z0-9]{1,6}\}/ });
/** `3/2`, `+1/+1`, `-1/-0`, `+X/+0`. */
export const Stats = createToken({ name: "Stats", pattern: /[+-]?(?:\d+|X)\/[+-]?(?:\d+|X)(?![A-Za-z0-9_])/ });
/** `3`, `+1`, `-2`. */
/** A hyphen between a number and a word belongs to the number: `a 1-power Spirit token` reads as `a 1 power Spirit token`. */
export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /[+-]?\d+(?:-(?=[A-Za-z]))?/ });
/** `—` (em dash), `–` (en dash), `--`, or a lone `-` used as a dash. */
export const Dash = createToken({ name: "Dash", pattern: /—|–|--?/ });
export const Bullet = createToken({ name: "Bullet", pattern: /[•·]/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const Period = createToken({ name: "Period", pattern: /\./ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/ });
export const Equals = createToken({ name: "Equals", pattern: /=/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/ });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });

/**
 * A plain word: letters, digits, `_`, apostrophes (straight or curly) and inner hyphens
 * (`post-battle`, `owner's`, `can't`). Starts with a letter or `_`.
 */
const WORD_PATTERN = /[A-Za-z_\u00c0-\u024f][A-Za-z0-9_'’\u00c0-\u024f]*(?:-[A-Za-z0-9_'’\u00c0-\u024f]+)*/;
export const Word = createToken({
  name: "Word",
  pattern: WORD_PATTERN,
  categories: [AnyWord, NounWord, OptionWord],
});
/**
 * A single capital letter other than `A` and `I` (`X`, `N`): a variable number, as in
 * `Bleed X` or `Deal N damage`. Case-sensitive on purpose: a lone lower-case letter is a word.
 */
export const Variable = createToken({
  name: "Variable",
  pattern: /[B-HJ-Z](?![A-Za-z0-9_'’\u00c0-\u024f-])/,
  categories: [AnyWord, OptionWord, Determiner],
});

/**
 * A signed variable (`+X`, `-X`): `gets +X power`, `-X/-X` is Stats. A kind of Variable, so every place
 * that takes a variable takes it; its sign is part of the text, like a number's.
 */
export const SignedVariable = createToken({
  name: "SignedVariable",
  pattern: /[+-][B-HJ-Z](?![A-Za-z0-9_'’\u00c0-\u024f/-])/,
  categories: [Variable],
});

// ---------------------------------------------------------------------------------------
// Keywords

type Role = "noun" | "verb" | "det" | "pronoun" | "prep" | "statement" | "number" | "function";

const keywordSources = new Map<TokenType, string>();

/** Every keyword token, by its name. */
export const keywordTokens: Record<string, TokenType> = {};
/** The canonical (lower-case) spelling of each keyword's lemma, by token name. */
export const keywordLemma: Record<string, string> = {};

function keyword(name: string, words: string, roles: Role[], lemma?: string): TokenType {
  const categories: TokenType[] = [AnyWord];
  if (!roles.includes("statement")) categories.push(OptionWord);
  for (const role of roles) {
    if (role === "noun") categories.push(NounWord);
    if (role === "verb") categories.push(VerbWord);
    if (role === "det") categories.push(Determiner);
    if (role === "pronoun") categories.push(Pronoun);
    if (role === "prep") categories.push(Preposition);
    if (role === "statement") categories.push(StatementStart);
    if (role === "number") categories.push(NumberWord, Determiner);
  }
  const token = createToken({
    name,
    // Words are `|`-separated alternatives; `'` matches straight and curly apostrophes. The
    // pattern documents the spellings (the studio colours with it); lexing goes through
    // `keywordBySpelling`, built from the same source.
    pattern: new RegExp(`(?:${words.replace(/'/g, "['’]")})(?![A-Za-z0-9_'’\\u00c0-\\u024f]|-[A-Za-z0-9_])`, "i"),
    longer_alt: Word,
    categories,
  });
  keywordSources.set(token, words);
  keywordTokens[name] = token;
  keywordLemma[name] = lemma ?? words.split("|")[0]!.replace(/\(.*$/, "");
  return token;
}

// File headers and game-file statements
export const Game = keyword("Game", "game", ["statement"]);
export const SetToken = keyword("Set", "set", ["statement"]);
export const Card = keyword("Card", "cards?", ["statement", "noun"], "card");
export const Scenario = keyword("Scenario", "scenario", ["statement"]);
export const Param = keyword("Param", "param", ["statement"]);
export const Resource = keyword("Resource", "resource", ["statement"]);
export const Color = keyword("Color", "colou?rs?", ["statement", "noun"], "color");
export const SymbolToken = keyword("Symbol", "symbol", ["statement"]);
export const Zone = keyword("Zone", "zones?", ["statement", "noun"], "zone");
export const CardType = keyword("CardType", "cardtype", ["statement"]);
export const Stat = keyword("Stat", "stat", ["statement"]);
export const Rarity = keyword("Rarity", "rarity", ["statement"]);
export const Deck = keyword("Deck", "decks?", ["statement", "noun"], "deck");
export const Phase = keyword("Phase", "phases?", ["statement", "noun"], "phase");
export const Marker = keyword("Marker", "marker", ["statement"]);
export const Keyword = keyword("Keyword", "keyword", ["statement"]);
export const Rule = keyword("Rule", "rule", ["statement"]);
export const Counter = keyword("Counter", "counter(?:s|ed)?", ["statement", "noun", "verb"], "counter");
export const Text = keyword("Text", "text", []);
export const For = keyword("For", "for", ["prep"]);
export const Static = keyword("Static", "static", []);
export const Ability = keyword("Ability", "abilit(?:y|ies)", ["noun"], "ability");
export const Action = keyword("Action", "actions?", ["noun"], "action");

// Ability structure
export const When = keyword("When", "when", ["function"]);
export const Whenever = keyword("Whenever", "whenever", ["function"]);
export const At = keyword("At", "at", ["prep"]);
export const If = keyword("If", "if", ["function"]);
export const Unless = keyword("Unless", "unless", ["function"]);
export const Then = keyword("Then", "then", ["function"]);
export const And = keyword("And", "and", ["function"]);
export const Or = keyword("Or", "or", ["function"]);
export const Instead = keyword("Instead", "instead", ["function"]);
export const Where = keyword("Where", "where", ["function"]);
export const Choose = keyword("Choose", "choose(?:s)?|chosen", ["verb"], "choose");
export const Equal = keyword("Equal", "equal", ["function"]);
export const First = keyword("First", "first", ["noun"]);
export const Time = keyword("Time", "times?", ["noun"], "time");

// Modals
export const May = keyword("May", "may", ["function"]);
export const Cannot = keyword("Cannot", "can't|cannot", ["function"], "can't");
export const Can = keyword("Can", "can", ["function"]);
export const Would = keyword("Would", "would", ["function"]);
export const Must = keyword("Must", "must", ["function"]);
// "didn't" too: "if this unit didn't attack this turn" is the negation of "if this unit attacked this turn".
export const DoesNot = keyword("DoesNot", "doesn't|don't|didn't", ["function"], "doesn't");
// "wasn't" / "weren't" too: "If it wasn't destroyed this way, ..." — a negation only a reader that reads it as one carries
// (compiler/word-accounting.ts isSelectingWord), never dropped by one that reads "was".
export const Be = keyword("Be", "is|are|be|been|was|were|isn't|aren't|wasn't|weren't", ["verb"], "is");

// Verbs the grammar treats structurally (content verbs such as Scry or Exhaust stay Words)
export const Deal = keyword("Deal", "deal(?:s|t)?", ["verb"], "deal");
export const Draw = keyword("Draw", "draw(?:s|n)?|drew", ["verb"], "draw");
export const Discard = keyword("Discard", "discard(?:s|ed)?", ["verb", "noun"], "discard");
export const Gain = keyword("Gain", "gain(?:s|ed)?", ["verb"], "gain");
export const Lose = keyword("Lose", "lose(?:s)?|lost", ["verb"], "lose");
export const Get = keyword("Get", "gets?|got", ["verb"], "get");
export const Have = keyword("Have", "have|has|had", ["verb"], "have");
export const Put = keyword("Put", "puts?", ["verb"], "put");
export const Remove = keyword("Remove", "remove(?:s|d)?", ["verb"], "remove");
export const Return = keyword("Return", "return(?:s|ed)?", ["verb"], "return");
export const Destroy = keyword("Destroy", "destroy(?:s|ed)?", ["verb"], "destroy");
export const Sacrifice = keyword("Sacrifice", "sacrifice(?:s|d)?", ["verb"], "sacrifice");
export const Create = keyword("Create", "create(?:s|d)?", ["verb"], "create");
export const Search = keyword("Search", "search(?:es|ed)?", ["verb"], "search");
export const Add = keyword("Add", "add(?:s|ed)?", ["verb"], "add");
export const Pay = keyword("Pay", "pay(?:s)?|paid", ["verb"], "pay");
export const Take = keyword("Take", "take(?:s|n)?|took", ["verb"], "take");
export const Control = keyword("Control", "control(?:s|led)?", ["verb", "noun"], "control");
export const Enter = keyword("Enter", "enter(?:s|ed)?", ["verb"], "enter");
export const Leave = keyword("Leave", "leaves?|left", ["verb"], "leave");
export const Die = keyword("Die", "dies?|died", ["verb"], "die");
export const Attack = keyword("Attack", "attack(?:s|ed)?", ["verb", "noun"], "attack");
export const Block = keyword("Block", "block(?:s|ed)?", ["verb", "noun"], "block");
export const Become = keyword("Become", "becomes?|became", ["verb"], "become");
export const Cast = keyword("Cast", "casts?", ["verb"], "cast");
export const Play = keyword("Play", "play(?:s|ed)?", ["verb", "noun"], "play");

// Nouns the engine gives a meaning to
export const Damage = keyword("Damage", "damage", ["noun"]);
export const Life = keyword("Life", "life", ["noun"]);
export const Player = keyword("Player", "players?", ["noun"], "player");
export const Opponent = keyword("Opponent", "opponents?", ["noun"], "opponent");
export const Turn = keyword("Turn", "turns?", ["noun"], "turn");
export const Token = keyword("Token", "tokens?", ["noun"], "token");
export const Spell = keyword("Spell", "spells?", ["noun"], "spell");
export const End = keyword("End", "end", ["noun"]);
export const Start = keyword("Start", "start", ["noun"]);
export const Beginning = keyword("Beginning", "beginning", ["noun"]);
export const NumberToken = keyword("Number", "number", ["noun"]);

// Determiners, counts and pronouns
export const A = keyword("A", "an|a", ["det"], "a");
export const The = keyword("The", "the", ["det"]);
export const Each = keyword("Each", "each|every", ["det"], "each");
export const All = keyword("All", "all", ["det"]);
export const Any = keyword("Any", "any", ["det"]);
export const Another = keyword("Another", "another", ["det"]);
export const Other = keyword("Other", "other", ["det"]);
export const Target = keyword("Target", "targets?", ["det"], "target");
export const This = keyword("This", "this|these", ["det"], "this");
export const That = keyword("That", "that|those|who", ["det"], "that");
export const Your = keyword("Your", "your", ["det"]);
export const Their = keyword("Their", "their|his|her", ["det"], "their");
export const Its = keyword("Its", "its", ["det"]);
export const No = keyword("No", "no", ["det"]);
export const Both = keyword("Both", "both", ["det"]);
export const Up = keyword("Up", "up", ["function"]);
export const It = keyword("It", "it|itself", ["pronoun"], "it");
// `you've` / `they've` (`for each spell you've cast this turn`): the pronoun; the perfect reads as the past there.
export const You = keyword("You", "you|yourself|you've", ["pronoun"], "you");
export const They = keyword("They", "they|them|themselves|they've", ["pronoun"], "they");
export const X = keyword("X", "x", ["det"]);
export const NumberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"] as const;
export const One = keyword("One", "one", ["number"]);
export const Two = keyword("Two", "two", ["number"]);
export const Three = keyword("Three", "three", ["number"]);
export const Four = keyword("Four", "four", ["number"]);
export const Five = keyword("Five", "five", ["number"]);
export const Six = keyword("Six", "six", ["number"]);
export const Seven = keyword("Seven", "seven", ["number"]);
export const Eight = keyword("Eight", "eight", ["number"]);
export const Nine = keyword("Nine", "nine", ["number"]);
export const Ten = keyword("Ten", "ten", ["number"]);

// Prepositions
export const To = keyword("To", "to", ["prep"]);
export const From = keyword("From", "from", ["prep"]);
export const Into = keyword("Into", "into", ["prep"]);
export const Onto = keyword("Onto", "onto", ["prep"]);
export const On = keyword("On", "on", ["prep"]);
export const In = keyword("In", "in", ["prep"]);
export const Of = keyword("Of", "of", ["prep"]);
export const With = keyword("With", "with", ["prep"]);
export const Without = keyword("Without", "without", ["prep"]);
export const Under = keyword("Under", "under", ["prep"]);
export const Until = keyword("Until", "until", ["prep"]);
export const Among = keyword("Among", "among", ["prep"]);
export const By = keyword("By", "by", ["prep"]);
export const As = keyword("As", "as", ["prep"]);
export const Than = keyword("Than", "than", ["prep"]);
export const During = keyword("During", "during", ["prep"]);
export const Except = keyword("Except", "except", ["prep"]);
/** `Whenever this defends against an attack`: the attack (or the attacker) a defender walls. */
export const Against = keyword("Against", "against", ["prep"]);
/**
 * "Deal 3 damage divided as you choose among one, two or three targets": `divided as you choose among` (or `divided
 * among`, `... between`) written on one line is this one preposition, joined by the lexer (`joinDividedAmong`); its
 * object names the targets the amount is divided among. Its own spelling is the hyphenated word, never written.
 */
export const DividedAmong = keyword("DividedAmong", "divided-among", ["prep"], "divided among");
/**
 * "a spell that targets a creature you control", "spells that target you": `target(s)` after `that`/`who` and before
 * a noun phrase's first word is the verb (made this token by the lexer, `targetsAsVerb`), never the determiner of
 * "target creature". Its own spelling is the hyphenated word, never written.
 */
/** "a creature whose power is 4 or more", "target player whose life is 10 or less": a relative filter on what the noun has. */
export const Whose = keyword("Whose", "whose", ["function"]);
export const TargetsVerb = keyword("TargetsVerb", "targets-verb", ["verb"], "target");

/**
 * Keyword order: multi-alternative patterns whose alternatives share a prefix with another
 * keyword come first (`cannot`/`can't` before `can`, `another` before `an`/`a`,
 * `into`/`onto` before `in`/`on`, `itself` before `it`, `yourself` before `you`).
 */
const keywordOrder: TokenType[] = [
  Cannot, Another, Into, Onto, Until, Under, Its, It, Your, You, Their, Then, The, They,
  ...Object.values(keywordTokens),
];
const orderedKeywords = [...new Set(keywordOrder)];

/** The tokens the regex lexer matches, in order (keywords are resolved from `Word` afterwards). */
const lexerTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  StringLiteral,
  CostSymbol,
  Stats,
  NumberLiteral,
  SignedVariable,
  Dash,
  Bullet,
  Colon,
  Period,
  Comma,
  Semicolon,
  Equals,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Plus,
  Slash,
  Variable,
  Word,
];

/**
 * Every token type (lexed tokens, keywords and categories). Exported so another parser (the
 * scenario parser) can reuse the same vocabulary: `new CstParser(allTokens)`.
 */
export const allTokens: TokenType[] = [
  ...lexerTokens.slice(0, -1),
  ...orderedKeywords,
  Word,
  // Categories last: they never match input, but parsers must know them.
  AnyWord,
  NounWord,
  VerbWord,
  Determiner,
  Pronoun,
  Preposition,
  StatementStart,
  OptionWord,
  NumberWord,
];

/**
 * Every spelling of every keyword (`deal`, `deals`, `dealt`, `can't`, ...), lower case, mapped
 * to its token type. The lexer itself only knows `Word`; keywords are resolved by one map
 * lookup per word after lexing, which keeps lexing fast with a large keyword list (trying
 * ~150 keyword patterns per word made it several times slower).
 */
export const keywordBySpelling: ReadonlyMap<string, TokenType> = (() => {
  const map = new Map<string, TokenType>();
  // Earlier tokens in `orderedKeywords` win (they were ordered for the regex lexer too).
  for (const token of [...orderedKeywords].reverse()) {
    for (const form of expandWordPattern(keywordSources.get(token)!)) map.set(form, token);
  }
  return map;
})();

/** Expands the small regex dialect of keyword patterns (`a|b`, `(?:x|y)`, `?`) into every word it matches. */
export function expandWordPattern(source: string): string[] {
  let i = 0;
  function alternatives(): string[] {
    const out: string[] = [];
    let current = [""];
    while (i < source.length && source[i] !== ")") {
      const c = source[i]!;
      if (c === "|") {
        out.push(...current);
        current = [""];
        i++;
        continue;
      }
      let unit: string[];
      if (c === "(") {
        i += source.startsWith("(?:", i) ? 3 : 1;
        unit = alternatives();
        i++; // ")"
      } else {
        unit = [c];
        i++;
      }
      if (source[i] === "?") {
        unit = [...unit, ""];
        i++;
      }
      current = current.flatMap((prefix) => unit.map((u) => prefix + u));
    }
    out.push(...current);
    return out;
  }
  return [...new Set(alternatives())];
}

const regexLexer = new Lexer(lexerTokens, {
  // Offsets only (2-3x faster than "full"); Chevrotain 11's "onlyOffset" sets no endOffset,
  // so `cardwrightLexer.tokenize` adds it. Line/column come from LineMap when needed.
  positionTracking: "onlyOffset",
  ensureOptimizations: false,
});

/**
 * What is known of a short spelling seen before: the one string kept for it (every word token with
 * this image shares it: a 10,000-card check holds ~400,000 words, mostly repeats), its lower case,
 * and the keyword it is. Only spellings of at most 12 characters: V8 copies a substring that short,
 * so a kept image never holds on to the file it came from. Cleared when full (hostile input).
 */
interface Spelling {
  image: string;
  lower: string;
  keyword: TokenType | undefined;
}
const spellings = new Map<string, Spelling>();
const SPELLINGS_KEPT = 20_000;
const SHORT_SPELLING = 12;

function spellingOf(image: string): Spelling {
  const known = spellings.get(image);
  if (known) return known;
  const lower = image.toLowerCase();
  const spelling = { image, lower, keyword: keywordBySpelling.get(lower.includes("’") ? lower.replace(/’/g, "'") : lower) };
  if (image.length <= SHORT_SPELLING) {
    if (spellings.size >= SPELLINGS_KEPT) spellings.clear();
    spellings.set(image, spelling);
  }
  return spelling;
}

/** `image.toLowerCase()`, the same string for every word of that spelling (short spellings). */
export function lowerCase(image: string): string {
  return image.length <= SHORT_SPELLING ? spellingOf(image).lower : image.toLowerCase();
}

/** Turns `Word` tokens whose spelling is a keyword into that keyword's token; sets `endOffset` (inclusive); shares short images. */
function resolveKeywords(tokens: IToken[]): void {
  const wordIdx = Word.tokenTypeIdx;
  for (const t of tokens) {
    t.endOffset = t.startOffset + t.image.length - 1;
    if (t.tokenTypeIdx !== wordIdx) continue;
    const spelling = spellingOf(t.image);
    t.image = spelling.image;
    if (spelling.keyword) {
      t.tokenType = spelling.keyword;
      t.tokenTypeIdx = spelling.keyword.tokenTypeIdx!;
    }
  }
}

/**
 * The shared lexer (stateless between calls): Chevrotain's lexer plus keyword resolution.
 * Prefer `tokenize` below, which is also fast on binary garbage.
 */
export const cardwrightLexer = {
  tokenize(text: string): ILexingResult {
    const result = regexLexer.tokenize(text);
    resolveKeywords(result.tokens);
    for (const c of result.groups["comments"] ?? []) c.endOffset = c.startOffset + c.image.length - 1;
    return result;
  },
};

const lemmaByName = new Map(Object.entries(keywordLemma));

/** Lower-case lemma of a keyword token's image or of a word (`Deals` → `deal`, `Vampire` → `vampire`). */
export function lemmaOf(tokenTypeName: string, image: string): string {
  return lemmaByName.get(tokenTypeName) ?? lowerCase(image);
}

/** Canonical spelling of every structural keyword (for editor colouring and completions). */
export const LANGUAGE_KEYWORDS: readonly string[] = [...new Set(Object.values(keywordLemma))].sort();
/** Words that start a statement of a game or card file. */
export const STATEMENT_KEYWORDS: readonly string[] = [
  "game", "set", "card", "scenario", "param", "resource", "color", "symbol", "zone", "cardtype",
  "stat", "rarity", "deck", "phase", "marker", "keyword", "counter", "rule",
];

/**
 * Characters that can never be part of a token outside strings and comments. Chevrotain's
 * lexer recovers from them by retrying every pattern at every following character, which
 * costs seconds on a megabyte of binary garbage; `tokenize` blanks them out first (same
 * offsets) and reports each run as one lexing error.
 */
const invalidOutsideStrings =
  /#[^\n\r]*|"(?:[^"\\\r\n]|\\.)*"|“(?:[^”\\\r\n]|\\.)*”|([^A-Za-z0-9_\u00c0-\u024f'’\-—–•·:.,;=()[\]{}+/"“”# \t\r\n\f\v\u00a0\u2028\u2029\ufeff]+)/g;

const hasInvalid = /[^A-Za-z0-9_\u00c0-\u024f'’\-—–•·:.,;=()[\]{}+/"“”# \t\r\n\f\v\u00a0\u2028\u2029\ufeff]/;

export interface LexResult {
  tokens: IToken[];
  comments: IToken[];
  /** Lexing errors in offset order: `offset`/`length` of each unreadable run. */
  errors: ILexingError[];
}

/** Tokenizes a file (game, card or scenario) with the shared lexer. Never throws. */
export function tokenize(text: string): LexResult {
  const invalid: { offset: number; length: number }[] = [];
  let cleaned = text;
  if (hasInvalid.test(text)) {
    const parts: string[] = [];
    let last = 0;
    invalidOutsideStrings.lastIndex = 0;
    for (let m = invalidOutsideStrings.exec(text); m; m = invalidOutsideStrings.exec(text)) {
      if (m[1] === undefined) continue;
      invalid.push({ offset: m.index, length: m[1].length });
      parts.push(text.slice(last, m.index), " ".repeat(m[1].length));
      last = m.index + m[1].length;
    }
    if (invalid.length > 0) {
      parts.push(text.slice(last));
      cleaned = parts.join("");
    }
  }
  const result = cardwrightLexer.tokenize(cleaned);
  const errors: ILexingError[] = [...result.errors];
  if (invalid.length > 0) {
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
    for (const run of invalid) {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid]! <= run.offset) lo = mid;
        else hi = mid - 1;
      }
      errors.push({ ...run, line: lo + 1, column: run.offset - lineStarts[lo]! + 1, message: `unexpected character: ->${text.charAt(run.offset)}<- at offset: ${run.offset}, skipped ${run.length} characters.` });
    }
    errors.sort((a, b) => a.offset - b.offset);
  }
  // Tokens read from `cleaned` have the same offsets and images as in `text` (only blanked runs differ).
  const joined = discardPileAsNoun(targetsAsVerb(joinCountRanges(joinAndOr(joinDividedAmong(joinExceptBy(joinSpacedNegations(result.tokens, text), text), text), text), text)), text);
  return { tokens: joined, comments: (result.groups["comments"] ?? []) as IToken[], errors };
}

/**
 * "do not" / "does not" / "did not" (two words on one line) are one `DoesNot` token, as "don't" / "doesn't" / "didn't"
 * are: keywords are looked up word by word, so the two-word negation is joined here ("if you do not control a Knight"
 * was "condition not understood"). The token's image is the text as written, space included. In place; returns `tokens`.
 * "was not" / "were not" likewise are one `Be` token, as "wasn't" / "weren't" are ("If it was not destroyed this way" was
 * CW1003 at "destroyed"); a reader of "was" never carries it (compiler/word-accounting.ts isSelectingWord).
 */
/**
 * "can't be blocked except by creatures with Flying": `except by` on one line is one `except` preposition (its image both
 * words) whose object is what `by` names — a preposition is followed by its noun phrase, never by another preposition.
 */
function joinExceptBy(tokens: IToken[], text: string): IToken[] {
  let out = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (next && t.tokenType === Except && next.tokenType === By && /^[ \t]+$/.test(text.slice(t.endOffset! + 1, next.startOffset))) {
      tokens[out++] = { ...t, image: text.slice(t.startOffset, next.endOffset! + 1), endOffset: next.endOffset, endLine: next.endLine, endColumn: next.endColumn };
      i++;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

/**
 * "Counter target spell that targets a creature you control." · "spells that target you": `targets` (or `target` before
 * `a`/`an`/a pronoun/`your`/`each`/`another`/`any`/a number, where "that target creature" cannot be meant) right after
 * `that`/`who` is the verb of a relative clause (`TargetsVerb`), not the determiner; after `new`/`different` it is a plain
 * noun ("You may choose new targets for the copy."). In place; returns `tokens`.
 */
function targetsAsVerb(tokens: IToken[]): IToken[] {
  for (let i = 1; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    // "choose new targets for the copy": `targets` after an adjective is a plain noun, not a determiner of what follows.
    if (t.tokenType === Target && /^targets$/i.test(t.image) && tokens[i - 1]!.tokenType === Word && /^(?:new|different)$/i.test(tokens[i - 1]!.image)) {
      tokens[i] = { ...t, tokenType: Word, tokenTypeIdx: Word.tokenTypeIdx! };
      continue;
    }
    if (t.tokenType !== Target || tokens[i - 1]!.tokenType !== That || !/^(?:that|who)$/i.test(tokens[i - 1]!.image)) continue;
    const next = tokens[i + 1]!;
    const opensPhrase = [A, You, Your, It, This, Each, Another, Any, Target, One, Two, Three].includes(next.tokenType) || /^(?:them|one or more)$/i.test(next.image);
    if (/^targets$/i.test(t.image) ? opensPhrase || next.tokenType === Word : opensPhrase && next.tokenType !== Target) {
      tokens[i] = { ...t, tokenType: TargetsVerb, tokenTypeIdx: TargetsVerb.tokenTypeIdx! };
    }
  }
  return tokens;
}

/**
 * "If your Discard Pile is empty", "your opponent's Discard Pile contains a Vampire card": `discard` right before `pile` is
 * the noun of the zone's name, never the verb (as a verb it made the subject end at "your": CW1003 at "has"). In place.
 */
function discardPileAsNoun(tokens: IToken[], text: string): IToken[] {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.tokenType === Discard && /^discard$/i.test(t.image) && /^piles?$/i.test(tokens[i + 1]!.image) && spacedOnOneLine(text, t, tokens[i + 1]!)) tokens[i] = { ...t, tokenType: Word, tokenTypeIdx: Word.tokenTypeIdx! };
  }
  return tokens;
}

/** Does only blank space (no line break) separate token `a` from token `b`? */
const spacedOnOneLine = (text: string, a: IToken, b: IToken): boolean => /^[ \t]+$/.test(text.slice(a.endOffset! + 1, b.startOffset));

/** Tokens `from`..`to` (inclusive) made one token of type `type` whose image is the text they span. */
function spanToken(text: string, from: IToken, to: IToken, type: TokenType): IToken {
  return { ...from, image: text.slice(from.startOffset, to.endOffset! + 1), endOffset: to.endOffset, endLine: to.endLine, endColumn: to.endColumn, tokenType: type, tokenTypeIdx: type.tokenTypeIdx! };
}

/** "divided as you choose among" / "divided among" / "divided between" on one line: the one `DividedAmong` preposition. */
function joinDividedAmong(tokens: IToken[], text: string): IToken[] {
  let out = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (/^divided$/i.test(t.image)) {
      const words = ["as", "you", "choose"];
      let j = i + 1;
      if (tokens[j] && /^as$/i.test(tokens[j]!.image)) {
        let k = 0;
        while (k < words.length && tokens[j + k] && tokens[j + k]!.image.toLowerCase() === words[k] && spacedOnOneLine(text, tokens[j + k - 1]!, tokens[j + k]!)) k++;
        j = k === words.length ? j + k : -1;
      }
      const last = j > 0 ? tokens[j] : undefined;
      if (last && /^(?:among|between)$/i.test(last.image) && tokens.slice(i, j).every((a, n) => spacedOnOneLine(text, a, tokens[i + n + 1]!))) {
        tokens[out++] = spanToken(text, t, last, DividedAmong);
        i = j;
        continue;
      }
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

/** "target creatures and/or players": `and/or` written as one word is the one `or` of two kinds a target may be. */
function joinAndOr(tokens: IToken[], text: string): IToken[] {
  let out = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const slash = tokens[i + 1];
    const or = tokens[i + 2];
    if (t.tokenType === And && slash?.tokenType === Slash && or?.tokenType === Or && slash.startOffset === t.endOffset! + 1 && or.startOffset === slash.endOffset! + 1) {
      tokens[out++] = spanToken(text, t, or, Or);
      i += 2;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

const COUNT_WORDS = new Map<string, number>(NumberWords.map((word, i) => [word, i + 1]));
/** The number a count word (`one` … `ten`) names: looked at for every token of a file, so a word of another length is not lower-cased. */
function countWord(t: IToken | undefined): number | undefined {
  const length = t?.image.length ?? 0;
  return length >= 3 && length <= 5 ? COUNT_WORDS.get(lowerCase(t!.image)) : undefined;
}

/**
 * Card text only (grammar/parser.ts cardTextWords; a scenario's `expect p2 life at least 5` stays a line it cannot read):
 * "at least two creatures", "at least 2 more cards in hand than you", "at most 5 life": `at least` / `at most` and the
 * number after it on one line are one count token (the number's type, its image the three words): compiler/build.ts reads
 * it as "2 or more" / "5 or fewer", kept as written (Count.bound). A signed number (`at least +1`) is left as written.
 * In place from `from`; returns `tokens`.
 */
export function joinAtLeast(tokens: IToken[], from = 0): IToken[] {
  let out = Math.max(0, from);
  for (let i = out; i < tokens.length; i++) {
    const t = tokens[i]!;
    const least = tokens[i + 1];
    const n = tokens[i + 2];
    if (n && /^at$/i.test(t.image) && /^(?:least|most)$/i.test(least!.image) && isPlainNumber(n) && t.startLine === n.endLine) {
      tokens[out++] = { ...t, image: `${t.image} ${least!.image} ${n.image}`, endOffset: n.endOffset, endLine: n.endLine, endColumn: n.endColumn, tokenType: n.tokenType, tokenTypeIdx: n.tokenType.tokenTypeIdx! };
      i += 2;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

/** Words before a number that bound it strictly from above / below (`less than 3`, `below 3`), or not strictly (`no more than 3`). */
const STRICT_BELOW = /^(?:(?:less|fewer|lower|smaller)\s+than|below|under)$/i;
const STRICT_ABOVE = /^(?:(?:more|greater|higher|bigger|larger)\s+than|above|over)$/i;
const AT_MOST = /^(?:(?:no|not)\s+(?:more|greater|higher|bigger|larger)\s+than|(?:less|fewer|lower|smaller)\s+than\s+or\s+equal\s+to)$/i;
const AT_LEAST = /^(?:(?:no|not)\s+(?:less|fewer|lower|smaller)\s+than|(?:more|greater|higher|bigger|larger)\s+than\s+or\s+equal\s+to)$/i;
/** The first words of the comparisons above. */
const COMPARISON_STARTS = new Set(["less", "fewer", "lower", "smaller", "more", "greater", "higher", "bigger", "larger", "below", "under", "above", "over", "no", "not"]);
/** Words after a number and `or` that bound it (`3 or higher`, `2 or below`): the ones the grammar's own `or less` / `or more` do not read. */
const OR_BELOW = /^(?:lower|below|under|smaller)$/i;
const OR_ABOVE = /^(?:higher|above|over|bigger|larger)$/i;

/** A plain whole number (digits, no sign), a number word `one` … `ten`, or a variable with no sign (`X`). */
function isPlainNumber(t: IToken | undefined): boolean {
  return !!t && ((t.tokenType === NumberLiteral && /^\d+$/.test(t.image)) || countWord(t) !== undefined || ((t.tokenType === X || t.tokenType === Variable) && /^[A-Z]$/.test(t.image)));
}

/**
 * Card text only (grammar/parser.ts cardTextWords, after joinAtLeast): a comparison written around a number on one line is
 * one count token (the number's type, its image the words as written, one space apart), read by compiler/build.ts countFrom
 * as the `or less` / `or more` count it means for whole numbers — `less than 3`, `fewer than 3`, `lower than 3`, `below 3`,
 * `under 3` as "2 or less"; `more than 2`, `greater than 2`, `higher than 2`, `above 2`, `over 2` as "3 or more";
 * `no more than 2`, `less than or equal to 2` as "2 or less"; `no fewer than 3`, `greater than or equal to 3` as
 * "3 or more"; `2 or lower` / `2 or below` / `3 or higher` / `3 or above` as "2 or less" / "3 or more". Every reader of a
 * count's comparison reads them so: targets, "each", conditions and amounts (`with power less than 3`, `If you control
 * more than two units`, `whose power is 2 or lower`). A variable joins too (`less than X`: "X minus 1 or less", Count.offset);
 * a signed number is left as written.
 * In place from `from`; returns `tokens`.
 */
export function joinComparisons(tokens: IToken[], from = 0): IToken[] {
  let out = Math.max(0, from);
  const join = (first: IToken, last: IToken, number: IToken, image: string) => ({ ...first, image, endOffset: last.endOffset, endLine: last.endLine, endColumn: last.endColumn, tokenType: number.tokenType, tokenTypeIdx: number.tokenType.tokenTypeIdx! });
  for (let i = out; i < tokens.length; i++) {
    const t = tokens[i]!;
    let joined: IToken | undefined;
    let last = i;
    // Before the number: the longest run of up to six words that is a comparison, all on the number's line — looked for
    // only from a word a comparison starts with (this runs for every token of every card).
    for (let n = COMPARISON_STARTS.has(lowerCase(t.image)) ? 6 : 0; n >= 1 && !joined; n--) {
      const number = tokens[i + n];
      if (!isPlainNumber(number) || number!.startLine !== t.startLine) continue;
      const words = tokens.slice(i, i + n).map((w) => w.image).join(" ");
      if (STRICT_BELOW.test(words) || STRICT_ABOVE.test(words) || AT_MOST.test(words) || AT_LEAST.test(words)) {
        joined = join(t, number!, number!, `${words} ${number!.image}`);
        last = i + n;
      }
    }
    // After the number: `or` and a word the grammar's comparison does not take.
    const or = tokens[i + 1];
    const word = tokens[i + 2];
    if (!joined && isPlainNumber(t) && or && word && /^or$/i.test(or.image) && (OR_BELOW.test(word.image) || OR_ABOVE.test(word.image)) && word.endLine === t.startLine) {
      joined = join(t, word, t, `${t.image} ${or.image} ${word.image}`);
      last = i + 2;
    }
    if (joined) {
      tokens[out++] = joined;
      i = last;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

/**
 * "one or two target creatures", "among one, two or three targets": a list of consecutive number words joined by commas
 * and a final `or`, right before `target(s)`, is one count from the first to the last (the token of the last number,
 * its image the whole list; compiler/build.ts reads the range from it). Only before "target(s)": elsewhere such a list
 * is left as written.
 */
function joinCountRanges(tokens: IToken[], text: string): IToken[] {
  let out = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const first = countWord(t);
    if (first !== undefined) {
      let j = i;
      let value = first;
      let closed = false;
      // Each next number follows a comma, "or", or ", or", and is one more than the last.
      while (!closed) {
        let k = j + 1;
        if (tokens[k]?.tokenType === Comma) k++;
        const isOr = tokens[k]?.tokenType === Or && /^or$/i.test(tokens[k]!.image);
        if (isOr) k++;
        const next = countWord(tokens[k]);
        if (next !== value + 1 || (k === j + 1) || !tokens.slice(j, k).every((a, n) => !/\n/.test(text.slice(a.endOffset! + 1, tokens[j + n + 1]!.startOffset)))) break;
        j = k;
        value = next;
        closed = isOr;
      }
      if (closed && tokens[j + 1]?.tokenType === Target) {
        tokens[out++] = spanToken(text, t, tokens[j]!, tokens[j]!.tokenType);
        i = j;
        continue;
      }
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

function joinSpacedNegations(tokens: IToken[], text: string): IToken[] {
  let out = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const joined = next && /^not$/i.test(next.image) && /^[ \t]+$/.test(text.slice(t.endOffset! + 1, next.startOffset)) ? (/^(?:do|does|did)$/i.test(t.image) ? DoesNot : /^(?:was|were)$/i.test(t.image) && t.tokenType === Be ? Be : undefined) : undefined;
    if (next && joined) {
      tokens[out++] = {
        ...t,
        image: text.slice(t.startOffset, next.endOffset! + 1),
        endOffset: next.endOffset,
        endLine: next.endLine,
        endColumn: next.endColumn,
        tokenType: joined,
        tokenTypeIdx: joined.tokenTypeIdx!,
      };
      i++;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
  return tokens;
}

// ---------------------------------------------------------------------------------------
// A file's kind and case folding that the lexer reads back

const TRIVIA = /[ \t\r\n\f\v\u00a0\u2028\u2029\ufeff]/;
const READABLE = /[A-Za-z0-9_\u00c0-\u024f'’\-—–•·:.,;=()[\]{}+/"“”#]/;
const WORD_AT = new RegExp(WORD_PATTERN.source, "y");

/**
 * The name of the token type a whole file starts with (`Game`, `Set`, `Scenario`, `Word`, ...),
 * or undefined when it holds no word first. Exactly what `tokenize(text).tokens[0]` would say for
 * these (whitespace, comments and unreadable characters are skipped, however long they run), but
 * it reads only up to the first token: a file's kind is decided by it, never by a prefix of the file.
 */
export function firstWordToken(text: string): string | undefined {
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "#") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (TRIVIA.test(c) || !READABLE.test(c)) i++;
    else break;
  }
  WORD_AT.lastIndex = i;
  const match = WORD_AT.exec(text);
  if (!match) return undefined;
  const lower = match[0].toLowerCase();
  return keywordBySpelling.get(lower.includes("’") ? lower.replace(/’/g, "'") : lower)?.name ?? "Word";
}

const WORD_CHAR = /^[A-Za-z0-9_'’\u00c0-\u024f-]$/;
const ASCII_WORD = /^[A-Za-z0-9_'-]*$/;

/**
 * Lower case that the lexer reads back as the same word: a character whose lower case is not one
 * word character (`İ` → `i` + U+0307, which no word may hold) keeps its spelling. The formatter
 * canonicalises names with it, so a formatted file always lexes as it did.
 */
export function lowerCaseWord(word: string): string {
  // ASCII word characters only (nearly every word): plain lower case, shared per spelling.
  if (ASCII_WORD.test(word)) return lowerCase(word);
  let out = "";
  for (const c of word) {
    const lower = c.toLowerCase();
    out += lower.length === 1 && WORD_CHAR.test(lower) ? lower : c;
  }
  return out;
}
