/**
 * "No word silently dropped" (issue 11): every CONTENT word of a card's text must be accounted for in how the engine
 * reads it (compiler/reads-as.ts) — the same word, a synonym of the small table below, or a documented rewrite of the
 * phrase it is in. Content words are the words that change what a card does: quantifiers and determiners ("another",
 * "each", "all", "other", "more", "only", "twice", "except", "non-", "not", "no" …), numbers, and the game's own nouns
 * (zones, card types, subtypes, colours, keywords, counters, resources, stats). A reads-as that lost one of them is how
 * every silent misreading of sessions 42–43 showed (probe s43 item 7: `Whenever another player …` read as "a player",
 * `a card from each Graveyard` read as "from a Graveyard").
 *
 * Used by test/compiler/engine-s44.test.ts over the corpus (every sentence that checks clean) and the bundled cards.
 */
import type { GameVocabulary, VocabularyKind } from "../../compiler/vocabulary.ts";

/** Quantifiers, determiners and negations that change meaning: each must survive the reading. */
export const QUANTIFIERS = new Set(
  "target another each all other others every more additional only twice thrice too instead except not no non fewer less least most highest lowest greatest both any neither either random extra".split(" "),
);

const NUMBER_WORDS: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10", once: "1" };

/**
 * Synonyms: a word of the text is accounted for when the reading has one of these instead. Each entry says why the
 * two mean the same in every game of the repository.
 */
export const SYNONYMS: Record<string, { words: string[]; reason: string }> = {
  all: { words: ["each"], reason: "\"all X\" and \"each X\" pick the same cards; reads-as prints \"each\"" },
  every: { words: ["each"], reason: "\"every X\" and \"each X\" pick the same cards" },
  other: { words: ["another"], reason: "\"other X\" / \"another X\": every X but this one" },
  others: { words: ["another", "other"], reason: "as \"other\"" },
  another: { words: ["other"], reason: "as \"other\"" },
  non: { words: ["not", "isn't", "aren't", "except", "no"], reason: "\"non-Knight\" is printed \"that isn't a Knight\" where a noun follows" },
  except: { words: ["non", "isn't", "aren't", "not", "other"], reason: "\"each X except Ys\" is printed \"each non-Y X\"; \"except this one\" is \"other\"" },
  not: { words: ["isn't", "aren't", "don't", "doesn't", "didn't", "wasn't", "weren't", "hasn't", "haven't", "no", "non"], reason: "a negation printed as a contraction or \"no X\"" },
  no: { words: ["0", "not", "isn't", "don't", "doesn't", "didn't", "wasn't", "hasn't", "haven't"], reason: "\"no X\" is 0 of them" },
  less: { words: ["fewer"], reason: "as \"fewer\"" },
  fewer: { words: ["less"], reason: "the reading says \"N or less\" for counts and amounts alike" },
  greatest: { words: ["highest"], reason: "as \"highest\"" },
  highest: { words: ["greatest"], reason: "the reading says \"greatest\"" },
  most: { words: ["greatest"], reason: "\"the most power\" is the greatest" },
  least: { words: ["lowest", "least"], reason: "\"the least power\" is the lowest" },
  1: { words: ["a", "an", "one", "another"], reason: "one of a thing is printed \"a\" (\"a Bleed counter\")" },
  2: { words: ["twice"], reason: "\"2 life for each\" is printed \"twice the number of\"" },
  twice: { words: ["2"], reason: "\"twice the number\" is printed \"2 … for each\"" },
  battlefield: { words: ["play", "control", "controls"], reason: "the genre's word for the in-play zone; the reading says \"in play\" / \"you control\"" },
  field: { words: ["play", "control", "controls"], reason: "Duel's in-play zone; the reading says \"in play\" / \"you control\"" },
  additional: { words: ["another", "more", "plus"], reason: "\"an additional X\" is one more X" },
  any: { words: ["each", "up", "target"], reason: "\"any number of\" is printed \"up to N\" or \"each\"; \"any target\" kept" },
};

/**
 * Rewrites: phrases the reading prints in other words, applied to the card text before its content words are
 * compared (each with the reason the two mean the same). `when`: only if the reading has this.
 */
export const REWRITES: { from: RegExp; to: string; when?: RegExp; reason: string }[] = [
  { from: /\b(\w+) (\d+) for each\b/gi, to: "$1 number", when: /\bthe number of\b/, reason: "\"Spark 1 for each creature\" is \"Spark the number of creatures\"" },
  { from: /\b(?:1|one|a|an) ([\w' +/-]+?) for each\b/gi, to: "$1 for number", when: /\bthe number of\b/i, reason: "\"a card for each X\" is printed \"cards equal to the number of X\"" },
  { from: /\bfor each\b/gi, to: "for number", when: /\bthe number of\b|\bthat many\b/i, reason: "\"for each X\" is printed \"equal to the number of X\" (or \"that many\" after a count)" },
  { from: /\beach of (up to \w+|\w+) target\b/gi, to: "$1 target", reason: "\"each of two target creatures\" and \"two target creatures\" are the same targets" },
  { from: /\beach of (up to \w+|\w+) targets\b/gi, to: "$1 targets", when: /\btarget (?:creatures|units|cards) or players\b/, reason: "\"each of two targets\" is \"two targets\": a card or a player each, printed \"two target creatures or players\"" },
  { from: /\b(harvests?) an? (\w+ )?facet(?: card)?\b/gi, to: "$1 $2card", when: /\bharvests? an? (?:\w+ )?card\b/, reason: "a Facet is the card harvested (rules 10: \"harvesting a card from your hand\"); the reading prints \"harvest a card\"" },
  { from: /\b(up to \w+|\w+) target (\w+)s each\b/gi, to: "$1 target $2s", reason: "as \"each of two target …\"" },
  { from: /\b(?:you|they) and (target \w+|\w+ \w+) each\b/gi, to: "you and $1", reason: "\"you and target opponent each gain 3 life\" is printed as both steps" },
  { from: /\beach of your (turn|[\w-]+ phase)s\b/gi, to: "your $1", reason: "\"At the start of each of your turns\" is \"At the start of your turn\"" },
  { from: /\beach (opponent|other player)(?:'s)?\b/gi, to: "$1", when: /\b(?:your|an|each) opponent/i, reason: "two-player games: each opponent is your opponent (docs/language.md, \"each opponent\")" },
  { from: /\bother player(s?)\b/gi, to: "opponent$1", when: /\bopponents?\b/i, reason: "another player than you is an opponent (two-player games)" },
  { from: /\banother player\b/gi, to: "an opponent", when: /\bopponents?\b/i, reason: "as \"other player\"" },
  { from: /\bthis (creature|unit|spell|card)\b/gi, to: "this", reason: "\"this creature\" is the card itself, printed \"this\"" },
  { from: /\b(creature|unit|vampire|beast) spells?\b/gi, to: "$1", reason: "\"a creature spell\" is printed as the card type cast (\"cast a Creature\")" },
  { from: /\b(?:target )?(creature|unit) (?:and\/or|or) player\b/gi, to: "any target", when: /\bany target\b|\btargets\b/i, reason: "\"target creature or player\" is \"any target\"" },
  { from: /\b(?:creatures?|units?) token(s?)\b/gi, to: "token$1", reason: "\"a 1/1 Bat creature token\": a token's card type is printed only where it is not the game's usual one" },
  { from: /\b(\w+) more\b([^.]*)\binstead\b/gi, to: "$2 instead", when: /\binstead\b/, reason: "\"N more … instead\" is printed as the new amount or \"plus N\"" },
  { from: /\b(\w+) less\b([^.]*)\binstead\b/gi, to: "$2 instead", when: /\bminus\b/, reason: "\"N less … instead\" is printed \"minus N\"" },
  { from: /\b(would \w+|whenever [^,]*?) one or more\b/gi, to: "$1", reason: "\"would gain one or more counters\", \"Whenever an opponent gains one or more Bleed counters\": any gain (an event, not a number to choose)" },
  { from: /\b(?:less|fewer) than (\w+)\b/gi, to: "less", reason: "\"less than 5\" is printed \"4 or less\"" },
  { from: /\b(?:greater|more) than (\d+)\b/gi, to: "more", when: /\bor more\b/, reason: "\"greater than 7\" is printed \"8 or more\"" },
  { from: /\bloses all (?:its )?abilities\b/gi, to: "silence", when: /\bsilence\b/i, reason: "losing all abilities is the keyword Silence" },
  { from: /\ban? (\w+) counter and an? (\w+) counter\b/gi, to: "a counter", when: /\+1\/\+1 counter/, reason: "a power and a toughness counter are printed as one +1/+1 counter" },
  { from: /\+1 (\w+) and \+1 (\w+)\b/gi, to: "", when: /\+1\/\+1\b/, reason: "\"+1 attack and +1 defense\" is +1/+1" },
  { from: /\+(\d+)\/\+0 counter/gi, to: "power counter", when: /\bpower counters?\b/, reason: "a +1/+0 counter is the power counter" },
  { from: /\+0\/\+(\d+) counter/gi, to: "defense counter", when: /\bdefense counters?\b/, reason: "a +0/+1 counter is the defense counter" },
  { from: /\bprevent all\b/gi, to: "prevent", when: /\bprevent that damage\b/i, reason: "\"prevent all damage that would be dealt\" is \"if … would be dealt damage, prevent that damage\"" },
  { from: /\bfrom (?:their|your|its owner's|his or her) hand\b/gi, to: "", when: /\bdiscards?\b/i, reason: "a discarded card always comes from the hand" },
  { from: /\b(?:an? )?additional (card|land)\b/gi, to: "a $1", when: /\bdraw an? card\b/i, reason: "\"draw an additional card\" is one more draw" },
  { from: /\b(\w+) more (damage|life|cards?)\b/gi, to: "$1 $2", reason: "\"deal 1 more damage\" after a first step is one more step of that amount" },
  { from: /\b(?:a|an|\w+) (?:more|additional) (\w+) each (?:combat|turn)\b/gi, to: "an additional $1", reason: "\"can block an additional creature each combat\": the allowance is per combat by the rules" },
  { from: /\btoo\b/gi, to: "", reason: "\"… too\" repeats the sentence's subject or object: the reading prints the step in full" },
  { from: /\b(?:the )?others?\b/gi, to: "the rest", when: /\bthe rest\b/, reason: "\"put one … and the others …\" after a look is \"the rest\"" },
  { from: /\b(\w+) (?:more|fewer|less) than (\w+)\b/gi, to: "$1", when: /\bor (?:more|fewer|less)\b|\bat least\b|\bless than\b/, reason: "\"more than two\" is printed \"3 or more\"" },
  { from: /\bthree or more\b/gi, to: "at least 3", when: /\bat least\b/, reason: "\"three or more\" is \"at least 3\"" },
  { from: /\b(\w+) (?:[\w]+ )?(?:gold|blood|mana)\b/gi, to: "symbols", when: /\{[A-Z0-9]\}/, reason: "an amount of a resource is printed as its cost symbols" },
  { from: /\bmana cost\b/gi, to: "cost", reason: "a card's mana cost is its cost" },
  { from: /\+x\b/gi, to: "+1", when: /\bfor each\b/, reason: "\"+X, where X is the number of\" is \"+1 for each\"" },
  { from: /-(\d+)\/-0\b/gi, to: "-$1/+0", when: /-\d+\/\+0/, reason: "-0 is +0" },
  { from: /\b(?:target )?creatures and\/or players\b/gi, to: "targets", reason: "\"among any number of target creatures and/or players\" is \"among targets\"" },
  { from: /\btwice\b/gi, to: "then", when: /, then /, reason: "a step done twice is printed twice" },
  { from: /\bsummon\b/gi, to: "create", when: /\bcreate\b/i, reason: "Duel \"Summon a token\" is creating it" },
  { from: /\bDEATH:/g, to: "When this is destroyed", reason: "the marker DEATH is \"When this is destroyed\"" },
  { from: /\b(?:you )?play(s|ed)? (?:this|a|an|the)? ?(unit|spell|card)?\b/gi, to: "cast $2", when: /\bcast|\bplayed\b/, reason: "playing a card is casting it; the reading says \"cast\" / \"is played\"" },
  { from: /\b(?:an? )?empty unit slot/gi, to: "empty slot", reason: "Duel's slots are unit slots" },
  { from: /\b(?:in|on) (?:your |the |an opponent's |your opponent's )?(?:field|battlefield|play)\b/gi, to: "", reason: "in play is where a card you control, or the count of Units, is" },
  { from: /\b(\w+)'s field is (?:not |n't )?full\b|\byour field is(?:n't| not)? full\b/gi, to: "empty slots", when: /\bempty slots?\b/, reason: "a full field has no empty slot" },
  { from: /\bmills\b/gi, to: "milled", reason: "\"a player mills a card\" is \"a card is milled\"" },
  { from: /\benters play\b/gi, to: "enters", reason: "\"This enters play with …\" is printed \"This enters with …\"" },
  { from: /\b(?:all|each) other\b/gi, to: "other", reason: "\"each other unit\" / \"all other units\" is \"other Units\"" },
  { from: /\bother than (?:this|it)\b/gi, to: "other", reason: "\"each unit other than this\" is \"each other Unit\"" },
  { from: /\b(\w+) other than (?:an? )?(\w+?)s?\b/gi, to: "non-$2 $1", reason: "\"units other than Golems\" is \"non-Golem Units\"" },
  { from: /\beach of your opponent's turns\b/gi, to: "your opponent's turn", reason: "as \"each of your turns\"" },
  { from: /\btarget (opponent) controls\b/gi, to: "an $1 controls", reason: "every game is a duel: the one opponent is always a legal target, and the lowering reads \"creatures target opponent controls\" as the opponent's (lower.ts, the controller phrase)" },
  { from: /\bbe the target of\b/gi, to: "be targeted by", reason: "the same restriction" },
  { from: /\bat least (\w+)/gi, to: "$1 or more", when: /\bor more\b/, reason: "\"at least 10 life\" is printed \"10 or more life\"" },
  { from: /\bat most (\w+)/gi, to: "$1 or less", when: /\bor less\b/, reason: "\"at most 5 life\" is printed \"5 or less life\"" },
  { from: /\b(\w+) (\d+) (one|two|three|four|five) times\b/gi, to: "$1 $2, then", when: /, then /, reason: "a step done N times is printed N times" },
  { from: /\bany (opponent|player)\b/gi, to: "an $1", reason: "\"whenever any opponent …\" is \"whenever an opponent …\"" },
  { from: /\bduring each opponent's turn\b/gi, to: "not your turn", when: /\bisn't your turn\b/, reason: "a duel: each opponent's turn is every turn but yours" },
  { from: /\beach player's (\w+)/gi, to: "$1 a player controls", when: /\ba player controls\b/, reason: "\"each player's creatures\" is every creature in play" },
  { from: /\b(?:that )?you don't (control|own)\b/gi, to: "an opponent $1s", when: /\ban opponent (?:controls|owns)\b/, reason: "a duel: a card in play you don't control is the opponent's (docs/language.md)" },
  { from: /\b(?:that )?(?:isn't|is not|that's not|'s not) (exhausted|ready|renewed)\b/gi, to: "state", when: /\b(?:renewed|ready|exhausted)\b/, reason: "\"not exhausted\" is the other state (\"renewed\" / \"ready\")" },
  { from: /\bthere (?:isn't|is no|are no) an? (\w+)/gi, to: "$1 less than 1", when: /\bless than 1\b|\bno\b/, reason: "\"there isn't a Golem\" is \"the number of Golems is less than 1\"" },
  { from: /\b(\w+) (?:isn't|is not) empty\b/gi, to: "$1 1 or more", when: /\b1 or more\b/, reason: "\"isn't empty\" is \"1 or more cards\"" },
  { from: /\bdraw another card\b/gi, to: "draw a card", reason: "\"draw another card\" is one more draw" },
  { from: /\b(to|into|on top of|on the bottom of) your (hand|deck|graveyard|discard pile|main deck|facet zone|oblivion)\b/gi, to: "$1 its owner's $2", when: /\b(?:its|their) owners?(?:'s|s')/, reason: "a card of yours put into your hand is put into its owner's: \"this\", or a card chosen from your own zone or among cards you control (a card you control but do not own goes to its owner's hand: the reading says so)" },
  { from: /\b(?:each|both|all) of them\b/gi, to: "they", when: /\bthey\b|\bthose\b/i, reason: "\"Each of them gains …\" after a step on cards is \"they gain …\": each of those cards (lower.ts eachOfThem)" },
  { from: /\binto its owner's (graveyard|discard pile)\b/gi, to: "into a $1", reason: "a card is always put into its owner's graveyard (every game's rule): \"enters a Graveyard\" is the same event" },
  { from: /\beach player's (turn|[\w-]+ phase)\b/gi, to: "each $1", when: /\beach (?:turn|[\w-]+ phase)\b/i, reason: "\"at the start of each player's turn\" is each turn" },
  { from: /\bduring (?:your|each) opponent's turns?\b/gi, to: "as long as it isn't your turn", when: /\bisn't your turn\b/, reason: "a duel: the opponent's turn is every turn but yours" },
  { from: /\bhalf your (\w+)/gi, to: "half the number of $1 on you", when: /\bon you\b/, reason: "\"your Bleed counters\" are the counters on you" },
  { from: /\bif you have no cards in your hand\b/gi, to: "if you have no cards in hand", reason: "\"in hand\" is your hand" },
];

/**
 * Possessor and controller phrases (probe s44 M1: `Whenever another creature you control is reanimated` read back
 * without "you control"). Each phrase of the text stands for one token ("@you", "@opponent", "@they",
 * "@owner", "@controller") that the reading must have too, in any of the phrase's forms: "creatures you control" and
 * "your creatures" are the same cards. Longest phrases first; a phrase found is blanked so that its words are not
 * matched twice.
 */
export const POSSESSORS: { token: string; phrases: RegExp }[] = [
  { token: "@owner", phrases: /\b(?:its|their|that card's|the card's) owner(?:s'|'s|s)?(?![\w'])|\bowners'|\bowner's/g },
  { token: "@controller", phrases: /\b(?:its|their|that creature's|that unit's) controller(?:'s|s')?\b|\bcontroller's\b/g },
  { token: "@opponent", phrases: /\b(?:an?|each|your|target|that|the) opponents?(?:'s|s')? control(?:s|led)?\b|\bopponents control\b|\bunder (?:an?|your|target|that) opponent's control\b|\b(?:an?|each|your|target|that) opponent(?:'s|s')|\benemy\b|\benemies\b/g },
  { token: "@you", phrases: /\byou (?:control|own)(?:ed)?\b|\bunder your control\b|\byour (?!opponent|enem|turn|next|own\b|(?:[\w-]+ )?(?:phase|step)\b)(?=\w)|\ball(?:ied|y|ies)\b|\bfriendly\b/g },
  { token: "@they", phrases: /\b(?:they|that player) control(?:s|led)?\b|\btheir (?!owner|controller|turn|next|(?:[\w-]+ )?(?:phase|step)\b)(?=\w)/g },
];

/**
 * What accounts for a possessor token in the other text: the same token, or a word naming that player there ("Your spells"
 * is "Spells you cast"; "your opponent's life is 7 or more" is "your opponent has 7 or more life"). Loose on purpose —
 * a reading with no word for that player at all is what lost it (probe s44 M1, "another Creature is reanimated, gain 2
 * life": no "you" left). "their"/"that player" is not checked: in a two-player game it is either player by its context.
 */
export const POSSESSOR_FORMS: Record<string, string[]> = {
  "@you": ["@you", "you", "your"],
  "@opponent": ["@opponent", "opponent", "opponents", "enemy", "enemies"],
  "@controller": ["@controller", "controller", "controls", "opponent"],
  "@owner": ["@owner", "owner", "owners", "your", "you"],
  "@they": [],
};

/** The possessor tokens of one text (see POSSESSORS), and the text with their phrases blanked. */
export function possessors(text: string): { tokens: string[]; rest: string } {
  let rest = text.toLowerCase().replace(/\u2019/g, "'");
  const tokens: string[] = [];
  for (const p of POSSESSORS)
    rest = rest.replace(p.phrases, () => {
      tokens.push(p.token);
      return " ";
    });
  return { tokens, rest };
}

/** The content words of one text (lower case, possessives kept), for one game's vocabulary, then its possessor tokens. */
export function contentWords(text: string, vocabulary: Set<string>): string[] {
  const owned = possessors(text);
  const found: string[] = [];
  text = owned.rest;
  for (const raw of text.toLowerCase().replace(/\u2019/g, "'").match(/[a-z0-9+/'-]+/g) ?? []) {
    for (const w of raw.startsWith("non-") ? ["non", raw.slice(4)] : raw.includes("-") && !vocabulary.has(raw) ? raw.split("-") : [raw]) {
      // A negation in any form ("isn't", "don't", "can't", "cannot", "never") counts as "not".
      const bare = /n't$|^cannot$|^never$/.test(w) ? "not" : w.replace(/'s$|'$/, "").replace(/^'|'$/g, "");
      if (!bare) continue;
      if (QUANTIFIERS.has(bare) || NUMBER_WORDS[bare] || /^\d+$/.test(bare) || /^[+-]?[\dx]+\/[+-]?[\dx]+$/.test(bare) || forms(bare).some((f) => vocabulary.has(f))) found.push(bare);
    }
  }
  return [...found, ...owned.tokens];
}

function forms(word: string): string[] {
  const w = word.replace(/'s$|s'$|'$/, "");
  const out = [w, NUMBER_WORDS[w] ?? w];
  if (w.endsWith("ies") && w.length > 4) out.push(w.slice(0, -3) + "y");
  if (w.endsWith("es") && w.length > 3) out.push(w.slice(0, -2));
  if (w.endsWith("s") && w.length > 2) out.push(w.slice(0, -1));
  return out;
}

/** The content words of `text` that its reading `reads` does not account for. */
export function droppedWords(text: string, reads: string, vocabulary: Set<string>): string[] {
  let rewritten = text.replace(/^\[[^\]]+\]\s*/, "");
  for (const r of REWRITES) if (!r.when || r.when.test(reads)) rewritten = rewritten.replace(r.from, r.to);
  const readForms = new Set<string>(possessors(reads).tokens);
  for (const raw of reads.toLowerCase().replace(/\u2019/g, "'").match(/[a-z0-9+/'-]+/g) ?? [])
    for (const w of raw.startsWith("non-") ? ["non", raw.slice(4), raw] : raw.includes("-") ? [raw, ...raw.split("-")] : [raw]) {
      for (const f of forms(w)) readForms.add(f);
      if (/n't$|^cannot$|^never$/.test(w)) readForms.add("not");
    }
  return contentWords(rewritten, vocabulary).filter((w) => {
    if (w.startsWith("@")) return !!POSSESSOR_FORMS[w]?.length && !POSSESSOR_FORMS[w]!.some((f) => readForms.has(f));
    if (forms(w).some((f) => readForms.has(f))) return false;
    const key = NUMBER_WORDS[w] ?? w;
    return !(SYNONYMS[key]?.words ?? []).some((s) => readForms.has(s));
  });
}

/** The words of a game's vocabulary a card text can name (lower case, singular as declared). */
export function vocabularyWords(vocabulary: GameVocabulary): Set<string> {
  const kinds: VocabularyKind[] = ["color", "zone", "cardtype", "subtype", "keyword", "counter", "resource", "stat", "marker"];
  const words = new Set<string>();
  for (const kind of kinds)
    for (const d of vocabulary.all(kind)) {
      words.add(d.name.toLowerCase());
      // "Discard Pile", "Pre-Battle": each word of a name of several words.
      for (const part of d.name.toLowerCase().split(/[\s-]+/)) if (part.length > 2) words.add(part);
      for (const alias of (d as { aliases?: string[] }).aliases ?? []) words.add(alias.toLowerCase());
    }
  return words;
}

/**
 * Words a reading has that its text does not (probe s44 F5: "Deal 1 damage to up to two targets." read "… up to two
 * target cards" — a player can no longer be chosen; nothing was dropped, "cards" was added). Checked: the quantifiers,
 * numbers, the game's nouns, the possessor tokens and the nouns of who or what (card, player, opponent). A word is
 * accounted for when the text has it, or has a word whose synonym it is (either way round of SYNONYMS).
 */
export function addedWords(text: string, reads: string, vocabulary: Set<string>): string[] {
  const watched = (w: string) => ["player", "players", "opponent", "opponents", "target-card", "target-cards"].includes(w);
  // "target cards" is watched as one word: "a card" after "draw" or a card type is how the reading names a card drawn or
  // searched for, but a target that is a card where the text said "targets" cannot be a player (F5).
  const fromReads = contentWordsWith(reads.replace(/^\[[^\]]+\]\s*/, "").replace(/\btarget (cards?)\b/gi, "target-$1"), vocabulary, watched);
  text = text.replace(/\btarget (cards?)\b/gi, "target-$1");
  const textForms = new Set<string>([...possessors(text).tokens, ...ADDED_ACCOUNTED.filter((a) => a.when.test(text)).flatMap((a) => a.words)]);
  for (const raw of text.toLowerCase().replace(/\u2019/g, "'").match(/[a-z0-9+/'-]+/g) ?? [])
    for (const w of raw.startsWith("non-") ? ["non", raw.slice(4), raw] : raw.includes("-") ? [raw, ...raw.split("-")] : [raw]) {
      for (const f of forms(w)) {
        textForms.add(f);
        for (const s of SYNONYMS[NUMBER_WORDS[f] ?? f]?.words ?? []) textForms.add(s);
      }
      if (/n't$|^cannot$|^never$/.test(w)) textForms.add("not");
    }
  return [...new Set(fromReads.filter((w) => {
    if (w.startsWith("@")) return !!POSSESSOR_FORMS[w]?.length && !POSSESSOR_FORMS[w]!.some((f) => textForms.has(f));
    if (forms(w).some((f) => textForms.has(f) || textForms.has(NUMBER_WORDS[f] ?? f))) return false;
    return !(SYNONYMS[NUMBER_WORDS[w] ?? w]?.words ?? []).some((s) => textForms.has(s));
  }))];
}

/** Words the reading prints for a phrase of the text that does not have them, each with why they mean the same. */
export const ADDED_ACCOUNTED: { when: RegExp; words: string[]; reason: string }[] = [
  { when: /\bnumber of\b|\+x\b|\bx\b/i, words: ["1", "each", "+1/+0", "+0/+1", "+1/+1"], reason: "\"X, where X is the number of Ys\" is printed \"1 for each Y\"" },
  { when: /\ball(?:y|ies)\b|\benem(?:y|ies)\b/i, words: ["unit", "creature"], reason: "an ally / an enemy is a Unit (Creature) a player controls" },
  { when: /\bfacets?\b/i, words: ["zone", "facet", "target-card", "target-cards"], reason: "a Facet is a card in a Facet Zone (\"target Facet\" is printed \"target card … from a Facet Zone\")" },
  { when: /\b(?:from|to|into|on top of) your (?:hand|graveyard|deck|discard pile|main deck|facet zone|oblivion)\b/i, words: ["@owner"], reason: "a card from your own zone is yours: \"to its owner's hand\" is your hand" },
  { when: /\berase\b/i, words: ["@you", "graveyard"], reason: "Duel's \"Erase N\" takes the cards from your own Graveyard (the game file's keyword)" },
  { when: /\bthis\b/i, words: ["unit", "creature", "spell"], reason: "\"this\" is the card itself, of its type" },
];

function contentWordsWith(text: string, vocabulary: Set<string>, extra: (w: string) => boolean): string[] {
  const words = contentWords(text, vocabulary);
  for (const raw of possessors(text).rest.match(/[a-z0-9+/'-]+/g) ?? []) if (extra(raw)) words.push(raw);
  return words;
}
