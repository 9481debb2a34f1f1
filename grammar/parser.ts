/**
 * The Chevrotain parser for game files and card files (one instance, built once, reused).
 *
 * Entry rules (each parses one chunk of a file; `compiler/build.ts` splits files into chunks
 * so that one broken card or statement never hides the diagnostics of the next):
 *   gameHeader     `game duel "Three-Slot Duel"`
 *   gameStatement  one line of a game file (param, keyword, marker, rule, phase, or a generic directive)
 *   setHeader      `set DU1 "Duel Starter" for duel`
 *   cardDecl       `card "Name" { fields... text: abilities... }`
 *   abilityText    abilities on their own (quoted card text in a game file, the studio, scenarios)
 *   triggerText    a trigger head on its own (`marker PLAY = "When this enters play"`)
 *
 * The grammar is game-agnostic: content words are `Word`s; the checker resolves them.
 */
import { CstParser, EOF, createTokenInstance, type ILookaheadStrategy, type IToken, type TokenType, tokenMatcher } from "chevrotain";
import * as T from "./lexer.ts";
import { GatedLookaheadStrategy } from "./lookahead.ts";
import type { Text } from "./source.ts";

/** Tokens the parser treats as part of a value list (field values, directive items). */
const valueTokens: TokenType[] = [
  T.AnyWord, T.NumberLiteral, T.StringLiteral, T.CostSymbol, T.Stats, T.Dash, T.Comma,
  T.Equals, T.Plus, T.Slash, T.LParen, T.RParen,
];

/** Tokens reminder text may hold (everything a card's text may, but parentheses and braces). */
const reminderTokens: TokenType[] = [
  T.AnyWord, T.NumberLiteral, T.StringLiteral, T.CostSymbol, T.Stats, T.Dash, T.Bullet, T.Colon,
  T.Period, T.Comma, T.Semicolon, T.Equals, T.LBracket, T.RBracket, T.Plus, T.Slash,
];

/** Tokens an unreadable line may hold: any of a card's text but its closing brace. */
const unreadableTokens: TokenType[] = [...reminderTokens, T.LParen, T.RParen];

/** Fields whose value is prose, read to the end of the line whatever its punctuation (compiler/check.ts reads them as text). */
export const FREE_TEXT_FIELD_NAMES: ReadonlySet<string> = new Set(["name", "flavor", "flavour", "artist"]);

/** Chunks with more syntax errors than this stop early (the file's report is capped anyway). */
export const MAX_ERRORS_PER_CHUNK = 20;

function is(token: IToken, type: TokenType): boolean {
  return tokenMatcher(token, type);
}

/**
 * The verb of a `you control` / `an opponent owns` filter: `control(s)` (not `controlled`: `controlled by ...` is the passive
 * filter), or `own(s)` — a plain word, so `your own Graveyard` stays a noun phrase.
 */
function isFilterVerb(token: IToken): boolean {
  return (is(token, T.Control) && !/^controlled$/i.test(token.image)) || (is(token, T.Word) && /^owns?$/i.test(token.image));
}

export class CardwrightParser extends CstParser {
  /** Source text of the current input; gates use it to see line breaks between tokens. */
  text: Text = "";

  /**
   * OR alternatives and MANY/OPTION options built once per call site. Chevrotain allows it,
   * and it matters here: object-literal closures are allocated (and, under tsx, renamed
   * with defineProperty) on every rule call otherwise.
   */
  private readonly cache: unknown[] = [];
  /**
   * Inside a relative clause's predicate (`a unit that attacked this turn`): its tail ends with its timing, so what follows
   * (`Return each unit that attacked this turn to its owner's hand.`) goes on with the clause the noun phrase is in.
   */
  private relativeDepth = 0;
  /** The field being read is free text (`flavor:`): its value is prose to the end of the line. */
  private inFreeTextField = false;
  private cached<T>(id: number, make: () => T): T {
    return (this.cache[id] ??= make()) as T;
  }

  /** `lookaheadStrategy`: grammar/lookahead.ts's; a test builds a parser with Chevrotain's own to compare the two. */
  constructor(lookaheadStrategy: ILookaheadStrategy = new GatedLookaheadStrategy({ maxLookahead: 1 })) {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 1, nodeLocationTracking: "onlyOffset", lookaheadStrategy });
    this.performSelfAnalysis();
  }

  // -------------------------------------------------------------------------------------
  // Gates (plain lookahead helpers; never called while Chevrotain records the grammar)

  /** True when a line break separates the last consumed token from the next one. */
  private lineBreakAhead(): boolean {
    const prev = this.LA(0);
    const next = this.LA(1);
    if (next.tokenType === EOF) return true;
    const from = Number.isFinite(prev.endOffset) ? prev.endOffset! + 1 : 0;
    const to = Number.isFinite(next.startOffset) ? next.startOffset : from;
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || c === 13) return true;
    }
    return false;
  }

  private isFieldStart(k = 1): boolean {
    return is(this.LA(k), T.AnyWord) && is(this.LA(k + 1), T.Colon);
  }

  /**
   * `you control`, `an opponent controls`, `your opponents control`, `opponents control`, `target opponent controls`, `you don't
   * control`, `each other player controls`, `the defending player controls`, `an opposing player controls` at LA(k).
   * (`controlled` is not this verb: `controlled by an opponent` is its own filter, `isControlledByAt`.)
   */
  private isControlFilterAt(k: number): boolean {
    const a = this.LA(k);
    if (is(a, T.You) || is(a, T.Opponent) || is(a, T.Player) || is(a, T.They)) return this.isControlVerbAt(k + 1);
    if (is(a, T.A) || is(a, T.Each) || is(a, T.Your) || is(a, T.Any) || is(a, T.Their) || is(a, T.Its) || is(a, T.That) || is(a, T.Another) || is(a, T.Target) || is(a, T.The)) {
      // `each other player`: `other` between the determiner and the player.
      const j = is(this.LA(k + 1), T.Other) ? k + 2 : k + 1;
      const b = this.LA(j);
      if ((is(b, T.Opponent) || is(b, T.Player) || (is(b, T.Word) && j === k + 1)) && this.isControlVerbAt(j + 1)) return true;
      // `the defending player`, `an opposing player`, `an enemy player`: one word before the player noun.
      return is(b, T.Word) && (is(this.LA(j + 1), T.Player) || is(this.LA(j + 1), T.Opponent)) && this.isControlVerbAt(j + 2);
    }
    return false;
  }

  /**
   * `you don't control`: the filter's verb at LA(j), after an optional `don't` / `doesn't`. A method, not a closure
   * made in isControlFilterAt: that gate runs at up to 40 look-ahead positions per noun phrase.
   */
  private isControlVerbAt(j: number): boolean {
    return this.isFilterVerbAt(j) || (is(this.LA(j), T.DoesNot) && this.isFilterVerbAt(j + 1));
  }

  /**
   * The filter's verb at LA(j): `control(s)`, `own(s)`, or the past `controlled` not followed by `by` (`for each creature
   * they controlled that was destroyed this way`: who controlled it as it left play; `controlled by ...` is the passive).
   */
  private isFilterVerbAt(j: number): boolean {
    const t = this.LA(j);
    return isFilterVerb(t) || (is(t, T.Control) && /^controlled$/i.test(t.image) && !is(this.LA(j + 1), T.By));
  }

  /** `controlled by an opponent`, `controlled by you`: the passive control filter at LA(k). */
  private isControlledByAt(k: number): boolean {
    const t = this.LA(k);
    return ((is(t, T.Control) && /^controlled$/i.test(t.image)) || (is(t, T.Word) && /^owned$/i.test(t.image))) && is(this.LA(k + 1), T.By);
  }

  private isModalToken(t: IToken): boolean {
    return is(t, T.May) || is(t, T.Can) || is(t, T.Cannot) || is(t, T.Would) || is(t, T.Must) || is(t, T.DoesNot);
  }

  /**
   * Does the clause starting at LA(1) open with a subject noun phrase? Pronouns and
   * determiners always do; a content word does when, after more nouns, a verb, a modal or
   * a `you control` filter follows (`Vampires you control get ...`), and not when a number,
   * a determiner or the end follows (`Scry 1.`, `Exhaust target creature.`, `Haste.`).
   */
  /** `also` at LA(k) right before a verb, a modal or `is` (`it also gains`, `you also may`): an adverb of the predicate. */
  private isAlsoBeforeVerbAt(k: number, adverb = "also"): boolean {
    const t = this.LA(k);
    if (!is(t, T.Word) || t.image.toLowerCase() !== adverb) return false;
    const next = this.LA(k + 1);
    return is(next, T.VerbWord) || this.isModalToken(next) || is(next, T.Be);
  }

  private startsWithSubject(): boolean {
    const first = this.LA(1);
    if (is(first, T.VerbWord) || this.isModalToken(first)) return false;
    if (is(first, T.Pronoun) || is(first, T.Determiner) || is(first, T.NumberLiteral) || is(first, T.Up)) return true;
    if (!is(first, T.NounWord) && !is(first, T.Stats) && !is(first, T.StringLiteral)) return false;
    for (let k = 2; k < 40; k++) {
      const t = this.LA(k);
      if (this.isControlFilterAt(k) || (is(t, T.You) && this.isRelativeClauseAt(k)) || this.playerRelativeClauseAt(k)) return true;
      // `Damage that would be dealt to you is dealt to this instead.`: a noun and a relative clause before the verb.
      if (is(t, T.That) && this.isRelativeClauseAt(k)) return true;
      // `Creatures blocking this get -1/-0.`: a noun and a combat participle before the verb.
      if (this.isCombatParticipleAt(k)) return true;
      if (is(t, T.VerbWord) || this.isModalToken(t)) return true;
      if (is(t, T.With) || is(t, T.Without) || this.isWhoseAt(k)) return true;
      // `Units other than Golems get +1 power.`: a noun and its `other than` filter before the verb.
      if (is(t, T.Other) && is(this.LA(k + 1), T.Than)) return true;
      // `Units adjacent to this get +1 power.` (card text's `adjacent to`: joinAdjacentTo).
      if (is(t, T.To) && /^(?:adjacent|next)\s/i.test(t.image)) return true;
      // `Units on your field get +1 power.`: a noun and where it is (a zone of play) before the verb.
      if (this.isOnPlaceOfPlayAt(k)) {
        while (!/^(?:field|fields|battlefield|battlefields|play)$/i.test(this.LA(k).image)) k++;
        continue;
      }
      if (is(t, T.NounWord) || is(t, T.Stats) || is(t, T.StringLiteral) || is(t, T.Or)) continue;
      // `Vampires and Ghouls you control get +1/+0.`: bare nouns joined by `and` before the verb.
      if (this.isBareNounAndAt(k)) continue;
      return false;
    }
    return false;
  }

  /**
   * `and` at LA(k) between two bare nouns of a subject (`Vampires and Ghouls you control get ...`): the nouns are one
   * phrase's alternatives, as with `or`. Only when the noun after `and` is followed by the rest of a subject (a filter,
   * another noun, `with`) or its verb — `Haste and Tireless.` stays a keyword list.
   */
  private isBareNounAndAt(k: number): boolean {
    if (!is(this.LA(k), T.And) || !is(this.LA(k - 1), T.NounWord) || is(this.LA(k - 1), T.VerbWord)) return false;
    const second = this.LA(k + 1);
    if (!is(second, T.NounWord) || is(second, T.VerbWord)) return false;
    const after = this.LA(k + 2);
    return this.isControlFilterAt(k + 2) || is(after, T.With) || is(after, T.Without) || this.isModalToken(after) || (is(after, T.VerbWord) && !is(after, T.NounWord));
  }

  /**
   * `and` at LA(1) between two bare nouns after one group determiner of an object (`Destroy all Knights and Golems.`,
   * `Exhaust each Vampire and Thrall you control.`): one phrase whose nouns are alternatives, as in a subject
   * (isBareNounAndAt) — the second noun was read as a verb (CW1007 "expected a verb"). Only right after `all`/`each`/`every`
   * and its noun, and before what may end or go on with an object (`.`, `,`, a filter, a preposition); a keyword list
   * (`gains Flying and Haste`) has no determiner.
   */
  private isGroupNounAndAt(): boolean {
    if (!is(this.LA(1), T.And) || !is(this.LA(0), T.NounWord) || is(this.LA(0), T.VerbWord)) return false;
    const det = this.LA(-1);
    if (!is(det, T.Determiner) || !/^(?:all|each|every)$/i.test(det.image)) return false;
    const second = this.LA(2);
    if (!is(second, T.Word) || is(second, T.VerbWord) || is(second, T.Determiner)) return false;
    const after = this.LA(3);
    // (`}`: the card's text ends there, written without its final period.)
    return after.tokenType === EOF || is(after, T.Period) || is(after, T.RBrace) || is(after, T.Comma) || is(after, T.Preposition) || is(after, T.With) || is(after, T.Without) || this.isControlFilterAt(3);
  }

  /** Does a filter of a noun phrase start at LA(1)? (`you control`, `with Flying`, `that attacked`, `it enters play`) */
  private startsNounFilter(): boolean {
    const t = this.LA(1);
    if (this.isControlFilterAt(1) || this.isControlledByAt(1)) return true;
    if (is(t, T.Equal) && is(this.LA(2), T.To)) return true;
    if (is(t, T.Other) && is(this.LA(2), T.Than)) return true;
    if (this.isWhoseAt(1)) return true;
    if (is(t, T.Of) || is(t, T.In) || is(t, T.From) || is(t, T.With) || is(t, T.Without) || is(t, T.Under) || is(t, T.Among)) return true;
    // `units adjacent to this` (card text joins `adjacent to`: joinAdjacentTo).
    if (is(t, T.To) && /^(?:adjacent|next)\s/i.test(t.image)) return true;
    return this.isRelativeClauseAt(1) || this.isParticipleFilterAt(1) || this.isCombatParticipleAt(1);
  }

  /**
   * `All units on your opponent's field get -1 power ...`, `Each creature on the battlefield gets ...`: in a subject, `on`
   * and a zone of play (a field, a battlefield, play) says where the cards are — a subject has no tail the phrase could be.
   */
  private isOnPlaceOfPlayAt(k: number): boolean {
    if (!is(this.LA(k), T.On)) return false;
    for (let j = k + 1; j < k + 6; j++) {
      const t = this.LA(j);
      if (/^(?:field|fields|battlefield|battlefields|play)$/i.test(t.image)) return true;
      if (!is(t, T.Determiner) && !/['’]s?$/.test(t.image)) return false;
    }
    return false;
  }

  /**
   * `on it` / `on them` right after `counter(s)`: in a subject (`Creatures with a counter on them get ...`) the phrase
   * says where the counters are (after an object the clause takes it: `Destroy target creature with a counter on it.`).
   */
  private isCountersOnItAt(k: number): boolean {
    const it = this.LA(k + 1);
    return is(this.LA(k), T.On) && /^counters?$/i.test(this.LA(k - 1).image) && (is(it, T.It) || /^them$/i.test(it.image));
  }

  /**
   * `the damage dealt`, `the damage dealt this way`: a past participle right after a noun, ending the phrase — a reduced
   * relative clause (card text's verbs are in the present tense, so a noun and a bare participle is never a clause).
   */
  private isParticipleFilterAt(k: number): boolean {
    const t = this.LA(k);
    const next = this.LA(k + 1);
    const thisWay = is(next, T.This) && /^way$/i.test(this.LA(k + 2).image);
    // A content verb the lexer keeps a Word (`exhausted`, `renewed`) is a participle only before `this way`.
    const verb = is(t, T.VerbWord) || (thisWay && is(t, T.Word));
    // `died` is no participle (`die` takes no object): `If a creature died this way, …` is a clause, its verb `died`.
    if (!verb || !/^(dealt|drawn|lost|paid|\w+ed)$/i.test(t.image) || /^died$/i.test(t.image) || !is(this.LA(k - 1), T.NounWord)) return false;
    if (is(next, T.This)) return thisWay;
    // The phrase ends: punctuation, the card's closing brace, or a line break (a line ending without its period).
    return next.tokenType === EOF || is(next, T.Period) || is(next, T.Comma) || is(next, T.Semicolon) || is(next, T.RParen) || is(next, T.RBrace) || (next.startLine ?? 0) > (t.endLine ?? 0);
  }

  /**
   * `creatures blocking it`, `each creature attacking you`, `the creature blocked by this`: a combat participle right after
   * a noun, then the card or player it is about (`blocked` / `attacked` with `by`).
   */
  private isCombatParticipleAt(k: number): boolean {
    if (!is(this.LA(k - 1), T.NounWord)) return false;
    const word = this.LA(k).image.toLowerCase();
    const by = word === "blocked" || word === "attacked";
    if (!by && word !== "blocking" && word !== "attacking") return false;
    if (by && !is(this.LA(k + 1), T.By)) return false;
    const about = this.LA(by ? k + 2 : k + 1);
    return is(about, T.It) || is(about, T.This) || is(about, T.That) || is(about, T.You);
  }

  /** `whose power is 4 or more`, `whose controller has more life than you`: `whose`, one noun, then a verb. */
  private isWhoseAt(k: number): boolean {
    const noun = this.LA(k + 1);
    const verb = this.LA(k + 2);
    return is(this.LA(k), T.Whose) && is(noun, T.AnyWord) && !is(noun, T.Determiner) && (is(verb, T.Be) || is(verb, T.VerbWord) || this.isModalToken(verb));
  }

  /** `you played`, `an opponent cast` at LA(k), after `that`: a relative clause with a player or pronoun subject (not `you control`). */
  private isSubjectRelativeAt(k: number): boolean {
    const t = this.LA(k);
    // `that player controls`, `that opponent's`: `that` is the player's determiner, not a relative pronoun.
    if (is(t, T.Player) || is(t, T.Opponent)) return false;
    return !is(t, T.That) && (is(t, T.You) || is(t, T.It) || is(t, T.They) || this.playerRelativeClauseAt(k)) && this.isRelativeClauseAt(k);
  }

  /** `that you control`, `that an opponent controls` at LA(k): `that` before a control filter (not `that player controls`). */
  private isThatControlAt(k: number): boolean {
    const next = this.LA(k + 1);
    return is(this.LA(k), T.That) && !is(next, T.Player) && !is(next, T.Opponent) && this.isControlFilterAt(k + 1);
  }

  /**
   * `its controller has`, `their owner has`, `that player has`, `that opponent has` at LA(k) (in `for each Bleed counter its
   * controller has`, `the number of Bleed counters that player has`, `that creature's controller has`): a relative clause whose subject is a player named
   * through a card or before — only with `has` / `have`, what a player holds. `that` here is the player's determiner.
   */
  private isPossessorRelativeAt(k: number): boolean {
    const t = this.LA(k);
    // `that creature's controller has`: the card named before, then its controller or owner.
    const possessive = is(t, T.That) && /['’]s$/i.test(this.LA(k + 1).image) ? 1 : 0;
    const noun = this.LA(k + 1 + possessive);
    const verb = this.LA(k + 2 + possessive);
    if (!/^(has|have)$/i.test(verb.image) || this.lineBreakBetween(noun, verb)) return false;
    if (possessive) return /^(controller|owner)$/i.test(noun.image);
    if (is(t, T.That)) return is(noun, T.Player) || is(noun, T.Opponent) || /^(controller|owner)$/i.test(noun.image);
    return (is(t, T.Its) || is(t, T.Their)) && /^(controllers?|owners?)$/i.test(noun.image);
  }

  /**
   * `and` / `or` at LA(k) joining a trailing condition to another: a subject (a pronoun or determiners and nouns) then a
   * verb of what holds — `has` / `have`, `control(s)`, `is` / `are` / `'s`, `doesn't` — within a few words. Not `and gain 2
   * life` (no subject), nor `and you gain 2 life` (a verb of doing: another effect).
   */
  private isConditionJoinAt(k: number): boolean {
    if (!is(this.LA(k), T.And) && !is(this.LA(k), T.Or)) return false;
    const first = this.LA(k + 1);
    if (!(is(first, T.Pronoun) || is(first, T.Determiner))) return false;
    for (let j = k + 1; j < k + 7; j++) {
      const t = this.LA(j);
      if (j > k + 1 && (is(t, T.Be) || is(t, T.DoesNot) || is(t, T.Control) || /^(has|have|hasn't|haven't)$/i.test(t.image))) return true;
      if (j === k + 1 && is(t, T.It) && is(this.LA(j + 1), T.Be)) return true;
      if (is(t, T.VerbWord) || is(t, T.Comma) || is(t, T.Period) || is(t, T.And) || is(t, T.Or) || t.tokenType === EOF) return false;
    }
    return false;
  }

  /** `that attacked this turn`, `it enters play` (a relative clause after a noun: `the turn it enters play`). */
  private isRelativeClauseAt(k: number): boolean {
    const t = this.LA(k);
    const next = this.LA(k + 1);
    if (this.isPossessorRelativeAt(k)) return true;
    if (is(t, T.That)) return is(next, T.VerbWord) || is(next, T.Be) || this.isModalToken(next) || this.isSubjectRelativeAt(k + 1) || this.isThatControlAt(k);
    if (is(t, T.It) || is(t, T.They)) return (is(next, T.VerbWord) && !is(next, T.Control)) || is(next, T.Be);
    // `Spells you cast`, `cards you draw` (`you control` is a control filter).
    if (is(t, T.You)) return is(next, T.VerbWord) && !is(next, T.Control) && !is(next, T.Be);
    return this.playerRelativeClauseAt(k);
  }

  /**
   * `your opponents cast`, `an opponent casts`, `each player draws`, `your opponent has` (in `Spells your opponents cast`,
   * `for each Bleed counter your opponent has`): determiners, a player noun and a verb — a relative clause whose subject
   * is a player (`... an opponent controls` is a control filter).
   */
  private playerRelativeClauseAt(k: number): boolean {
    let j = k;
    while (is(this.LA(j), T.Determiner) && !is(this.LA(j), T.NumberWord) && !is(this.LA(j), T.Variable) && j < k + 3) j++;
    if (!is(this.LA(j), T.Opponent) && !is(this.LA(j), T.Player)) return false;
    const verb = this.LA(j + 1);
    return is(verb, T.VerbWord) && !is(verb, T.Control) && !is(verb, T.Be) && !this.lineBreakBetween(this.LA(j), verb);
  }

  /** `while` at LA(k): a condition like `as long as` (`While you control a Knight, ...`, `... while you have 5 or less life`). */
  private isWhileAt(k: number): boolean {
    const t = this.LA(k);
    return is(t, T.Word) && t.image.toLowerCase() === "while";
  }

  /** `until you have six cards in hand` (a clause, not `until end of turn`) at LA(k): `until` then `you`/`they`/`that player`, then a verb. */
  private isUntilClauseAt(k: number): boolean {
    const t = this.LA(k);
    if (!is(t, T.Preposition) || t.image.toLowerCase() !== "until") return false;
    let j = k + 1;
    if (is(this.LA(j), T.You) || is(this.LA(j), T.They)) j++;
    else if (is(this.LA(j), T.That) && (is(this.LA(j + 1), T.Player) || is(this.LA(j + 1), T.Opponent))) j += 2;
    else return false;
    return /^(have|has|control|controls)$/i.test(this.LA(j).image);
  }

  /** `as long as` at LA(k). */
  private isAsLongAs(k: number): boolean {
    return is(this.LA(k), T.As) && this.LA(k + 1).image.toLowerCase() === "long" && is(this.LA(k + 2), T.As);
  }

  /** `for as long as` at LA(k) (`Gain control of target creature for as long as you control this.`). */
  private isForAsLongAs(k: number): boolean {
    return is(this.LA(k), T.For) && this.isAsLongAs(k + 1);
  }

  /** `this turn`, `each turn`, `that turn`, `each combat`: a timing, not an object. */
  private isTimingAhead(): boolean {
    const t = this.LA(1);
    return (is(t, T.This) || is(t, T.Each) || is(t, T.That)) && this.isTimingNounAt(2);
  }

  /** `this turn` / `each combat` ends at LA(k). */
  private endsTimingAt(k: number): boolean {
    const before = this.LA(k - 1);
    return (is(before, T.This) || is(before, T.Each) || is(before, T.That)) && this.isTimingNounAt(k);
  }

  private isTimingNounAt(k: number): boolean {
    const t = this.LA(k);
    return is(t, T.Turn) || (is(t, T.Word) && t.image.toLowerCase() === "combat" && !is(this.LA(k + 1), T.Word) && !is(this.LA(k + 1), T.NounWord));
  }

  /** Tail items whose first token is shared with other forms need their second token checked. */
  private startsTail(): boolean {
    const t = this.LA(1);
    if (is(t, T.Comma)) return is(this.LA(2), T.Where) || this.isRoundingAt(1) || this.isCapAt(1);
    if (is(t, T.This) || is(t, T.Each) || is(t, T.That)) return this.isTimingNounAt(2);
    if (is(t, T.Word)) return this.isParticleAt(1) || this.isWhileAt(1) || this.isRoundingAt(1);
    return true;
  }

  /** `, rounded up` / `rounded down` after an amount (`half their life, rounded up`), the comma optional. */
  private isRoundingAt(k: number): boolean {
    const at = is(this.LA(k), T.Comma) ? k + 1 : k;
    const rounded = this.LA(at);
    const how = this.LA(at + 1);
    return is(rounded, T.Word) && rounded.image.toLowerCase() === "rounded" && (is(how, T.Up) || (is(how, T.Word) && how.image.toLowerCase() === "down"));
  }

  /**
   * `, up to three` closing a clause (`Draw a card for each unit in your Graveyard, up to three.`): the most its amount
   * gives. Only before the clause's end, so `..., up to two cards` stays a noun phrase's determiner.
   */
  private isCapAt(k: number): boolean {
    if (!is(this.LA(k), T.Comma) || !is(this.LA(k + 1), T.Up) || !is(this.LA(k + 2), T.To)) return false;
    const max = this.LA(k + 3);
    if (!is(max, T.NumberLiteral) && !is(max, T.NumberWord)) return false;
    const after = this.LA(k + 4);
    return after.tokenType === EOF || is(after, T.Period) || is(after, T.Semicolon) || is(after, T.RBrace);
  }

  /** `back` in `put them back in any order`: an adverb of the verb, not a noun. */
  private isParticleAt(k: number): boolean {
    const t = this.LA(k);
    return is(t, T.Word) && t.image.toLowerCase() === "back";
  }

  /** Can a noun phrase start at LA(1)? */
  private startsNounPhrase(): boolean {
    const t = this.LA(1);
    return (
      is(t, T.Determiner) || is(t, T.Pronoun) || is(t, T.NumberLiteral) || is(t, T.NounWord) ||
      is(t, T.Stats) || is(t, T.StringLiteral) || is(t, T.CostSymbol) || (is(t, T.Up) && is(this.LA(2), T.To))
    );
  }

  /**
   * In a subject, a plain word followed by a number, a determiner or the end of the clause
   * is the verb (`Target opponent mills 2.`), not another noun.
   */
  private subjectWordContinues(): boolean {
    const t = this.LA(1);
    const next = this.LA(2);
    // `one or more counters would be put ...`: a noun that is also a verb, after a count, before the verb.
    // `target creature's attack becomes 1`: a noun that is also a verb, after a possessive, before the verb.
    // `with a counter on it`: `counter` is the noun before where the counters are, not the verb.
    if (this.isCountersOnItAt(2)) return true;
    // `Up to two target creatures each get +2/+0`: `each` before the verb is the predicate's (as after `you control`).
    if (is(t, T.Each) && (is(next, T.VerbWord) || this.isModalToken(next)) && !is(next, T.NounWord)) return false;
    // `Each opponent with 3 or more Bleed counters loses 1 life`: `counters` after a counter's name, before the verb, is the noun;
    // so before a comparison's `than` (`Each opponent with more Bleed counters than you loses 1 life`).
    if (is(t, T.VerbWord) && /^counters?$/i.test(t.image) && is(this.LA(0), T.Word) && !is(this.LA(0), T.VerbWord) && (this.isModalToken(next) || is(next, T.VerbWord) || is(next, T.Than))) return true;
    if (is(t, T.VerbWord)) return is(t, T.NounWord) && (is(this.LA(0), T.Determiner) || (is(this.LA(0), T.Word) && /^(more|less|fewer|greater|higher|lower|smaller|bigger)$|['’]s?$/i.test(this.LA(0).image))) && (this.isModalToken(next) || is(next, T.Be) || (is(next, T.VerbWord) && !is(next, T.NounWord)) || is(next, T.Than));
    if (!is(t, T.Word)) return true;
    // `Creatures with less defense than this get ...`: the comparison goes on to its `than`.
    if (is(next, T.Than)) return true;
    // `that many plus one are put on it`: `plus` and a number go on with the phrase.
    if (/^plus$/i.test(t.image) && (is(next, T.NumberLiteral) || is(next, T.NumberWord))) return true;
    if (this.isControlFilterAt(2) || (is(next, T.That) && this.isRelativeClauseAt(2))) return true;
    // `Each unit you played this turn gets ...`, `Each spell an opponent cast this turn ...`: the noun before a relative clause
    // whose subject is a player (as before `you control`); the main verb comes after it.
    if ((is(next, T.You) && this.isRelativeClauseAt(2)) || this.playerRelativeClauseAt(2)) return true;
    // `The creature it blocks gets -2/-0`: the noun before a relative clause with a pronoun subject, then the main verb.
    const afterClause = this.LA(4);
    if ((is(next, T.It) || is(next, T.They)) && this.isRelativeClauseAt(2) && (is(afterClause, T.VerbWord) || is(afterClause, T.Be) || this.isModalToken(afterClause))) return true;
    // `Each unit other than this gets …`: the noun before its `other than` filter; `Each creature whose power is ...`: before `whose`.
    if (is(next, T.Other) && is(this.LA(3), T.Than)) return true;
    if (this.isWhoseAt(2)) return true;
    // `Target creature and each Vampire ...`: the noun before a coordinated noun phrase.
    if (is(next, T.And) && (is(this.LA(3), T.Determiner) || is(this.LA(3), T.Pronoun))) return true;
    // `Two target creatures each get +1/+1`: the noun before the predicate's `each` (as `You and target opponent each gain`).
    if (is(next, T.Each) && (is(this.LA(3), T.VerbWord) || this.isModalToken(this.LA(3))) && !is(this.LA(3), T.NounWord)) return true;
    // `Other Vampires and Ghouls you control get ...`: the noun before bare nouns joined by `and`.
    if (this.isBareNounAndAt(2)) return true;
    // `Other Vampires or Ghouls you control get ...`: the noun before an `or` and its alternative.
    if (is(next, T.Or) && is(this.LA(3), T.NounWord) && !is(this.LA(3), T.VerbWord)) return true;
    // `Whenever this creature or another Vampire attacks`: the noun of this card before `or another …`.
    if (is(next, T.Or) && this.isSelfOrAnotherAt(2)) return true;
    // `Target opponent mills cards equal to …`: after a player noun, a plain word is the verb (a game's keyword action), not
    // a second noun — no noun follows a player's ("opponent creatures" is written "creatures your opponent controls").
    if (/^(?:opponents?|players?)$/i.test(this.LA(0).image) && t.tokenType === T.Word) return false;
    if (is(next, T.NounWord) || is(next, T.Stats) || is(next, T.StringLiteral) || is(next, T.VerbWord)) return true;
    if (this.isModalToken(next) || is(next, T.With) || is(next, T.Without) || is(next, T.In) || is(next, T.Of) || is(next, T.Under) || is(next, T.From) || this.isOnPlaceOfPlayAt(2)) return true;
    return false;
  }

  /** Is there a `:` ahead (from LA(start)) before the end of this ability (so it opens with a cost or marker prefix)? */
  /** A `when`/`whenever` after the effect's first word, in the same sentence: the trigger is written last. */
  private trailingTriggerAhead(): boolean {
    for (let k = 2; k < 40; k++) {
      const t = this.LA(k);
      if (is(t, T.When) || is(t, T.Whenever)) return !this.lineBreakBetween(this.LA(k - 1), t);
      if (t.tokenType === EOF || is(t, T.Period) || is(t, T.RBrace) || is(t, T.LBracket) || is(t, T.Colon) || is(t, T.Bullet) || is(t, T.LParen)) return false;
    }
    return false;
  }

  private hasPrefixAhead(start = 1): boolean {
    for (let k = start; k < start + 39; k++) {
      const t = this.LA(k);
      if (is(t, T.Colon)) return true;
      if (t.tokenType === EOF || is(t, T.Period) || is(t, T.RBrace) || is(t, T.LBracket) || is(t, T.When) || is(t, T.Whenever) || is(t, T.Bullet) || is(t, T.LParen)) return false;
      // A prefix sits on the line of its `:` (so `Haste` + line break + `Exhaust: ...` is two abilities).
      if (k > start && this.lineBreakBetween(this.LA(k - 1), t)) return false;
    }
    return false;
  }

  /**
   * At a `.` inside a trigger's or a prefixed ability's effect: does the next sentence belong to
   * the same ability? It does when it starts on the same line and opens no ability of its own
   * (a tag, a trigger, a `:` prefix, a modal, a replacement or a condition).
   * `PLAY: Deal 1 damage to target unit. Draw a card.` is one ability; the same second sentence
   * on a line of its own is another ability.
   */
  private sentenceContinues(): boolean {
    const period = this.LA(1);
    const next = this.LA(2);
    if (next.tokenType === EOF || this.lineBreakBetween(period, next)) return false;
    if (is(next, T.RBrace) || is(next, T.LBracket) || is(next, T.Bullet) || is(next, T.When) || is(next, T.Whenever) || is(next, T.At) || is(next, T.LParen)) return false;
    if (is(next, T.If) || this.isAsLongAs(2) || this.isWhileAt(2) || is(next, T.Period) || is(next, T.Comma)) return false;
    if (is(next, T.The) && is(this.LA(3), T.First) && is(this.LA(4), T.Time)) return false;
    if (is(next, T.Choose) && this.isModalAheadAt(2)) return false;
    return !this.hasPrefixAhead(2);
  }

  /** `. If <condition>, <effect>` on a bullet mode's line (not `If you do,`: didCondition's). */
  private modeConditionContinues(): boolean {
    const period = this.LA(1);
    const next = this.LA(2);
    return this.bulletModes > 0 && is(next, T.If) && !this.isDidConditionAt(2) && !this.lineBreakBetween(period, next);
  }

  private lineBreakBetween(a: IToken, b: IToken): boolean {
    if (!Number.isFinite(a.endOffset) || !Number.isFinite(b.startOffset)) return false;
    for (let i = a.endOffset! + 1; i < b.startOffset; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || c === 13) return true;
    }
    return false;
  }

  /** `Choose one —`: a dash before the end of the sentence. */
  private isModalAhead(): boolean {
    return this.isModalAheadAt(1);
  }

  private isModalAheadAt(start: number): boolean {
    if (!is(this.LA(start), T.Choose)) return false;
    for (let k = start + 1; k < start + 9; k++) {
      const t = this.LA(k);
      // `Choose one —` or `Choose one:` (then the modes, not a cost).
      if (is(t, T.Dash) || is(t, T.Colon)) return true;
      if (!is(t, T.AnyWord) && !is(t, T.NumberLiteral)) return false;
    }
    return false;
  }

  // -------------------------------------------------------------------------------------
  // Game files

  public gameHeader = this.RULE("gameHeader", () => {
    this.CONSUME(T.Game);
    this.CONSUME(T.AnyWord, { LABEL: "id" });
    this.CONSUME(T.StringLiteral, { LABEL: "title" });
  });

  public gameStatement = this.RULE("gameStatement", () => {
    this.OR(this.cached(0, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.SUBRULE(this.paramDecl) },
        { ALT: () => this.SUBRULE(this.keywordDecl) },
        { ALT: () => this.SUBRULE(this.markerDecl) },
        { GATE: () => is(this.LA(2), T.StringLiteral) && is(this.LA(3), T.Equals), ALT: () => this.SUBRULE(this.ruleDecl) },
        { ALT: () => this.SUBRULE(this.phaseDecl) },
        { ALT: () => this.SUBRULE(this.directive) },
      ],
    })));
  });

  private paramDecl = this.RULE("paramDecl", () => {
    this.CONSUME(T.Param);
    this.CONSUME(T.AnyWord, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.OR(this.cached(1, () => [
      { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "value" }) },
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "value" }) },
      { ALT: () => this.CONSUME2(T.AnyWord, { LABEL: "value" }) },
    ]));
  });

  private keywordDecl = this.RULE("keywordDecl", () => {
    this.CONSUME(T.Keyword);
    this.OR(this.cached(2, () => [
      { ALT: () => this.CONSUME(T.Ability, { LABEL: "keywordKind" }) },
      { ALT: () => this.CONSUME(T.Action, { LABEL: "keywordKind" }) },
    ]));
    this.CONSUME(T.AnyWord, { LABEL: "name" });
    this.OPTION(() => this.CONSUME(T.Variable, { LABEL: "parameter" }));
    this.CONSUME(T.Equals);
    this.SUBRULE(this.definition);
  });

  private definition = this.RULE("definition", () => {
    this.OR(this.cached(3, () => [
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "text" }) },
      {
        ALT: () => {
          this.CONSUME(T.Rule);
          this.CONSUME(T.AnyWord, { LABEL: "rule" });
        },
      },
      { ALT: () => this.CONSUME(T.Static) },
    ]));
  });

  private markerDecl = this.RULE("markerDecl", () => {
    this.CONSUME(T.Marker);
    this.CONSUME(T.AnyWord, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.definition);
  });

  private ruleDecl = this.RULE("ruleDecl", () => {
    this.CONSUME(T.Rule);
    this.CONSUME(T.StringLiteral, { LABEL: "title" });
    this.CONSUME(T.Equals);
    this.CONSUME2(T.StringLiteral, { LABEL: "text" });
  });

  private phaseDecl = this.RULE("phaseDecl", () => {
    this.CONSUME(T.Phase);
    this.OR(this.cached(4, () => [
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "name" }) },
      { ALT: () => this.CONSUME(T.AnyWord, { LABEL: "name" }) },
    ]));
    this.MANY(() => this.SUBRULE(this.valueItem));
    this.OPTION(() => {
      this.CONSUME(T.LBrace);
      this.semicolonSeparates++;
      try {
        this.OPTION2(() => {
          this.SUBRULE(this.sequence);
          this.MANY2(() => {
            this.CONSUME(T.Semicolon);
            this.OPTION3(() => this.SUBRULE2(this.sequence));
          });
        });
      } finally {
        this.semicolonSeparates--;
      }
      this.CONSUME(T.RBrace);
    });
  });

  private directive = this.RULE("directive", () => {
    this.CONSUME(T.AnyWord, { LABEL: "head" });
    this.MANY(() => this.SUBRULE(this.valueItem));
    this.OPTION(() => {
      this.CONSUME(T.LBrace);
      this.MANY2(() => {
        this.OR(this.cached(5, () => [
          { ALT: () => this.SUBRULE2(this.valueItem) },
          { ALT: () => this.CONSUME(T.Semicolon) },
        ]));
      });
      this.CONSUME(T.RBrace);
    });
  });

  /** One item of a value list: a word, number, string, cost symbol, stats or meaningful punctuation. */
  private valueItem = this.RULE("valueItem", () => {
    this.OR(this.cached(6, () => valueTokens.map((type) => ({ ALT: () => this.CONSUME(type) }))));
  });

  // -------------------------------------------------------------------------------------
  // Card files

  public setHeader = this.RULE("setHeader", () => {
    this.CONSUME(T.SetToken);
    this.CONSUME(T.AnyWord, { LABEL: "code" });
    this.CONSUME(T.StringLiteral, { LABEL: "title" });
    this.CONSUME(T.For);
    this.CONSUME2(T.AnyWord, { LABEL: "game" });
  });

  /** Error budget per chunk: loops stop early on input that is mostly errors, so parsing stays bounded. */
  private withinBudget(): boolean {
    return this.errors.length < MAX_ERRORS_PER_CHUNK;
  }

  public cardDecl = this.RULE("cardDecl", () => {
    this.CONSUME(T.Card);
    this.CONSUME(T.StringLiteral, { LABEL: "name" });
    this.CONSUME(T.LBrace);
    this.MANY(this.cached(7, () => ({
      GATE: () => !(is(this.LA(1), T.Text) && is(this.LA(2), T.Colon)),
      DEF: () => this.SUBRULE(this.field),
    })));
    this.OPTION(() => {
      this.CONSUME(T.Text);
      this.CONSUME(T.Colon);
      this.MANY2(this.cached(8, () => ({ GATE: () => this.withinBudget() && !this.isLateFieldAhead(), DEF: () => this.abilityOrUnreadableLine() })));
    });
    // A field written after the text (`power: 2` on its own line); the formatter moves it up.
    this.MANY3(this.cached(30, () => ({ GATE: () => this.isLateFieldAhead(), DEF: () => this.SUBRULE2(this.field) })));
    this.CONSUME(T.RBrace);
  });

  /**
   * After `text:`, a line `name: value` is a field rather than an ability when the name starts
   * in lower case (markers and costs are capitalised: `PLAY:`, `Exhaust:`), the value is on
   * the same line, and the line has no `.`.
   */
  private isLateFieldAhead(): boolean {
    const name = this.LA(1);
    if (!is(name, T.AnyWord) || !is(this.LA(2), T.Colon) || !/^[a-z]/.test(name.image)) return false;
    if (!this.lineBreakBetween(this.LA(0), name)) return false;
    const value = this.LA(3);
    if (value.tokenType === EOF || is(value, T.RBrace) || this.lineBreakBetween(this.LA(2), value)) return false;
    for (let k = 3; k < 40; k++) {
      const t = this.LA(k);
      if (t.tokenType === EOF || is(t, T.RBrace)) return true;
      if (is(t, T.Period)) return false;
      if (this.lineBreakBetween(this.LA(k - 1), t)) return true;
    }
    return false;
  }

  private field = this.RULE("field", () => {
    const name = this.CONSUME(T.AnyWord, { LABEL: "name" });
    this.inFreeTextField = FREE_TEXT_FIELD_NAMES.has(name.image.toLowerCase());
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.MANY(this.cached(9, () => ({
        GATE: () => {
          // Flavor text is prose: any words and punctuation to the end of its line ("It burns," she said.).
          if (this.inFreeTextField) return !this.lineBreakAhead() && !is(this.LA(1), T.RBrace);
          if (this.isFieldStart()) return false;
          // A value runs to the end of its line; a trailing dash or comma continues it.
          const prev = this.LA(0);
          return !this.lineBreakAhead() || is(prev, T.Dash) || is(prev, T.Comma);
        },
        DEF: () =>
          this.OR(this.cached(149, () => ({
            IGNORE_AMBIGUITIES: true,
            DEF: [
              { GATE: () => this.inFreeTextField, ALT: () => this.SUBRULE(this.freeTextItem) },
              { ALT: () => this.SUBRULE(this.valueItem) },
            ],
          }))),
      })));
    });
  });

  /** One token of a free-text field's prose: any token a card's text may hold but its braces. */
  private freeTextItem = this.RULE("freeTextItem", () => {
    this.OR(this.cached(150, () => unreadableTokens.map((type) => ({ ALT: () => this.CONSUME(type) }))));
  });

  // -------------------------------------------------------------------------------------
  // Abilities

  public abilityText = this.RULE("abilityText", () => {
    this.MANY(this.cached(10, () => ({ GATE: () => this.withinBudget(), DEF: () => this.abilityOrUnreadableLine() })));
  });

  /**
   * One ability — and, where it broke off without reading a word (an ability that stopped at a word: `... among one, two
   * or three targets.` stops at `or`, which no ability can start with), the rest of that line as `unreadableLine`,
   * reported at its words (CW1007). Without it the list of abilities ended there and the card's closing brace was
   * looked for at `or`: the recovery then skipped to the end of the card, and the lines after the error were never read
   * or reported.
   */
  private abilityOrUnreadableLine(): void {
    // A field, not a local: the gate below is a cached closure, made once, which cannot see this call's locals.
    this.abilityStart = this.LA(1);
    this.SUBRULE(this.ability);
    this.OPTION9(this.cached(140, () => ({
      GATE: () => this.LA(1) === this.abilityStart && !is(this.LA(1), T.RBrace) && this.LA(1).tokenType !== EOF,
      DEF: () => this.SUBRULE(this.unreadableLine),
    })));
  }

  /** The first token of the ability `abilityOrUnreadableLine` reads now. */
  private abilityStart: IToken | undefined;

  /** The words from one that cannot start an ability to the end of its line (or the card's `}`). */
  private unreadableLine = this.RULE("unreadableLine", () => {
    this.OR(this.cached(141, () => unreadableTokens.map((type) => ({ ALT: () => this.CONSUME(type, { LABEL: "word" }) }))));
    this.MANY(this.cached(142, () => ({
      GATE: () => !this.lineBreakAhead() && !is(this.LA(1), T.RBrace),
      DEF: () => this.OR2(this.cached(143, () => unreadableTokens.map((type) => ({ ALT: () => this.CONSUME2(type, { LABEL: "word" }) })))),
    })));
  });

  public triggerText = this.RULE("triggerText", () => {
    this.SUBRULE(this.triggerHead);
  });

  private ability = this.RULE("ability", () => {
    // A tag heads its line as a prefix does: `[Blue] Draw a card. Gain 1 life.` is one ability.
    const tagged = is(this.LA(1), T.LBracket);
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      this.CONSUME(T.AnyWord, { LABEL: "tag" });
      this.CONSUME(T.RBracket);
    });
    this.SUBRULE(this.abilityBody, { ARGS: [tagged] });
    this.OPTION2(() => this.CONSUME(T.Period));
    // `Bleed 1 (Target player gains a Bleed counter.)` · `Haste. (This can attack the turn it enters.)`:
    // reminder text, on the ability's line. Its words are kept as written; the lowering decides what it means.
    this.OPTION3(this.cached(64, () => ({
      GATE: () => is(this.LA(1), T.LParen) && !this.lineBreakBetween(this.LA(0), this.LA(1)),
      DEF: () => {
        this.SUBRULE(this.reminder);
        this.OPTION4(() => this.CONSUME2(T.Period));
      },
    })));
  });

  /** `( ... )`: any card-text tokens up to the matching `)` (nested groups too), not past the card's `}`. */
  private reminder = this.RULE("reminder", () => {
    this.CONSUME(T.LParen);
    this.MANY(this.cached(65, () => ({
      GATE: () => !is(this.LA(1), T.RParen) && !is(this.LA(1), T.RBrace),
      DEF: () => {
        this.OR(this.cached(66, () => ({
          IGNORE_AMBIGUITIES: true,
          DEF: [{ ALT: () => this.SUBRULE(this.reminder) }, ...reminderTokens.map((type) => ({ ALT: () => this.CONSUME(type, { LABEL: "word" }) }))],
        })));
      },
    })));
    this.CONSUME(T.RParen);
  });

  /**
   * Set on entry to `abilityBody`: its effect is a prefixed ability's, so a second sentence on
   * the same line stays in it. Read by the statement alternative right as it starts (alternatives
   * are cached closures, which cannot see the rule's argument).
   */
  private bodyAfterPrefix = false;

  private abilityBody = this.RULE("abilityBody", (afterPrefix?: boolean) => {
    this.bodyAfterPrefix = afterPrefix === true;
    this.OR(this.cached(11, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.hasPrefixAhead() && !this.isModalAhead(), ALT: () => this.SUBRULE(this.prefixed) },
        { ALT: () => this.SUBRULE(this.triggered) },
        { GATE: () => this.isModalAhead(), ALT: () => this.SUBRULE(this.modal) },
        {
          GATE: () => is(this.LA(1), T.The) && this.isFirstOrNextAt(2) && is(this.LA(3), T.Time),
          ALT: () => this.SUBRULE(this.firstTime),
        },
        { GATE: () => this.isAdditionalCostAhead(), ALT: () => this.SUBRULE(this.additionalCost) },
        { GATE: () => is(this.LA(1), T.If) || this.isAsLongAs(1) || this.isWhileAt(1), ALT: () => this.SUBRULE(this.conditional) },
        { GATE: () => this.trailingTriggerAhead(), ALT: () => this.SUBRULE(this.trailingTriggered) },
        { ALT: () => this.SUBRULE(this.sequence, { ARGS: [this.bodyAfterPrefix] }) },
      ],
    })));
  });

  /** `As an additional cost to cast this, ...` */
  private isAdditionalCostAhead(): boolean {
    return is(this.LA(1), T.As) && /^an?$/i.test(this.LA(2).image) && /^additional$/i.test(this.LA(3).image) && /^costs?$/i.test(this.LA(4).image);
  }

  /**
   * `As an additional cost to cast this spell, discard a card.`: costs added to playing the card. The words up to the
   * comma are kept as written (the lowering reads which play they name); the costs are cost items, as before `:`.
   */
  private additionalCost = this.RULE("additionalCost", () => {
    this.CONSUME7(T.As);
    this.MANY(this.cached(75, () => ({
      GATE: () => !is(this.LA(1), T.Comma) && !is(this.LA(1), T.Period) && !is(this.LA(1), T.RBrace) && !is(this.LA(1), T.LParen),
      DEF: () => {
        this.OR(this.cached(76, () => ({
          IGNORE_AMBIGUITIES: true,
          DEF: reminderTokens.map((type) => ({ ALT: () => this.CONSUME(type, { LABEL: "purpose" }) })),
        })));
      },
    })));
    this.CONSUME5(T.Comma);
    this.SUBRULE(this.costItem);
    this.MANY2(() => {
      this.CONSUME6(T.Comma);
      this.SUBRULE2(this.costItem);
    });
  });

  /** `Spark 2 when this enters play.`: the effect first, its trigger after it (the same triggered ability). */
  private trailingTriggered = this.RULE("trailingTriggered", () => {
    this.SUBRULE(this.sequence);
    this.SUBRULE(this.triggerHead);
  });

  private prefixed = this.RULE("prefixed", () => {
    this.SUBRULE(this.costItem);
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.SUBRULE2(this.costItem);
    });
    this.CONSUME(T.Colon);
    this.SUBRULE(this.abilityBody, { ARGS: [true] });
  });

  private costItem = this.RULE("costItem", () => {
    this.OR(this.cached(12, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.AT_LEAST_ONE(() => this.CONSUME(T.CostSymbol)) },
        {
          GATE: () => is(this.LA(1), T.NumberLiteral) || is(this.LA(1), T.NumberWord) || is(this.LA(1), T.Variable),
          ALT: () => this.SUBRULE(this.nounPhrase, { LABEL: "amount" }),
        },
        { ALT: () => this.SUBRULE(this.clause) },
      ],
    })));
  });

  private triggerHead = this.RULE("triggerHead", () => {
    this.OR(this.cached(13, () => [
      {
        ALT: () => {
          this.OR2(this.cached(49, () => [{ ALT: () => this.CONSUME(T.When) }, { ALT: () => this.CONSUME(T.Whenever) }]));
          this.SUBRULE(this.clause, { LABEL: "event" });
          // `When this enters play or is destroyed`: another event of the same subject after `or` (its own predicate).
          this.MANY(this.cached(146, () => ({
            GATE: () => is(this.LA(1), T.Or) && (is(this.LA(2), T.Be) || is(this.LA(2), T.VerbWord) || (is(this.LA(2), T.Word) && !is(this.LA(3), T.Control))),
            DEF: () => {
              this.CONSUME(T.Or);
              this.SUBRULE(this.predicate, { LABEL: "orEvent" });
            },
          })));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.At);
          this.SUBRULE(this.nounPhrase, { LABEL: "moment" });
        },
      },
    ]));
  });

  private triggered = this.RULE("triggered", () => {
    this.SUBRULE(this.triggerHead);
    this.OPTION(() => this.CONSUME(T.Comma));
    this.OPTION2(() => {
      this.CONSUME(T.If);
      this.SUBRULE(this.clause, { LABEL: "condition" });
      // `if A and B,` · `if A or B,` (as `conditional`'s)
      this.MANY(this.cached(166, () => ({
        GATE: () => is(this.LA(1), T.And) || is(this.LA(1), T.Or),
        DEF: () => {
          this.OR2(this.cached(167, () => [{ ALT: () => this.CONSUME(T.And, { LABEL: "conditionJoin" }) }, { ALT: () => this.CONSUME(T.Or, { LABEL: "conditionJoin" }) }]));
          this.SUBRULE2(this.clause, { LABEL: "moreCondition" });
        },
      })));
      this.CONSUME2(T.Comma);
    });
    // `When this enters play, choose one — • ... • ...`
    this.OR(this.cached(62, () => [
      { GATE: () => this.isModalAhead(), ALT: () => this.SUBRULE(this.modal) },
      { ALT: () => this.SUBRULE(this.sequence, { ARGS: [true] }) },
    ]));
  });

  /** Inside `Choose ... —` modes or a phase's `{ ... }` steps, where `;` separates rather than joins effects. */
  private semicolonSeparates = 0;
  /**
   * Inside a bullet mode (`• ...`): a sentence on the bullet's line is the mode's, a conditional one too (`• Destroy target
   * creature. If you control a Vampire, draw a card.` is that mode's `, then if ...`).
   */
  private bulletModes = 0;

  private modal = this.RULE("modal", () => {
    this.semicolonSeparates++;
    try {
      this.modalBody();
    } finally {
      this.semicolonSeparates--;
    }
  });

  private modalBody(): void {
    this.CONSUME(T.Choose);
    this.MANY(() => {
      this.OR(this.cached(14, () => [
        { ALT: () => this.CONSUME(T.AnyWord, { LABEL: "choose" }) },
        { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "choose" }) },
      ]));
    });
    this.OR4(this.cached(63, () => [{ ALT: () => this.CONSUME(T.Dash) }, { ALT: () => this.CONSUME(T.Colon) }]));
    this.OR2([
      {
        // `• <mode>. • <mode>.` — a mode's second sentence on its bullet's line is the mode's (`• Deal 2 damage to target
        // creature. You gain 1 life.`: it was an ability of its own after the modes, run whichever mode was chosen).
        ALT: () =>
          this.AT_LEAST_ONE(() => {
            this.CONSUME(T.Bullet);
            this.bulletModes++;
            try {
              this.SUBRULE(this.sequence, { ARGS: [true] });
            } finally {
              this.bulletModes--;
            }
            this.OPTION(() => this.CONSUME(T.Period));
          }),
      },
      {
        // Inline: `<mode>; or <mode>.` or `<mode> or <mode>.` (the same modes as the bullet form)
        ALT: () => {
          this.SUBRULE2(this.sequence);
          this.AT_LEAST_ONE2(() => {
            this.OR3([
              {
                ALT: () => {
                  this.CONSUME(T.Semicolon);
                  this.OPTION2(() => this.CONSUME(T.Or));
                },
              },
              { ALT: () => this.CONSUME2(T.Or) },
            ]);
            this.SUBRULE3(this.sequence);
          });
        },
      },
    ]);
  }

  /** `first` (`The first time ...`: a card's replacement, limited) or `next` (`The next time ...`: a one-shot replacement an effect makes). */
  private isFirstOrNextAt(k: number): boolean {
    const t = this.LA(k);
    return is(t, T.First) || (is(t, T.Word) && t.image.toLowerCase() === "next");
  }

  private firstTime = this.RULE("firstTime", () => {
    this.CONSUME(T.The);
    this.OR(this.cached(144, () => [
      { ALT: () => this.CONSUME(T.First) },
      { GATE: () => this.isFirstOrNextAt(1), ALT: () => this.CONSUME(T.Word, { LABEL: "next" }) },
    ]));
    this.CONSUME(T.Time);
    // "The first time each turn a creature you control would be destroyed, ...": the limit before the event, as often
    // printed; the tree keeps it at the end of the event ("... would be destroyed each turn"), where it reads the same.
    this.OPTION({
      GATE: () => is(this.LA(1), T.Each) && this.isTimingNounAt(2),
      DEF: () => this.SUBRULE(this.tailItem, { LABEL: "leadingTiming" }),
    });
    this.SUBRULE(this.clause, { LABEL: "event" });
    this.CONSUME(T.Comma);
    this.SUBRULE(this.sequence);
  });

  private conditional = this.RULE("conditional", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.If) },
      { GATE: () => this.isWhileAt(1), ALT: () => this.CONSUME2(T.Word, { LABEL: "while" }) },
      {
        ALT: () => {
          this.CONSUME(T.As, { LABEL: "asLongAs" });
          this.CONSUME(T.Word, { LABEL: "long" });
          this.CONSUME2(T.As);
        },
      },
    ]);
    this.SUBRULE(this.clause, { LABEL: "condition" });
    // `If you have 10 or less life and an opponent has a Bleed counter, ...` · `If you control a Vampire or you have 5 or
    // more Bleed counters, ...`: conditions joined by `and` / `or` (a clause that stops before the word).
    this.MANY(this.cached(164, () => ({
      GATE: () => is(this.LA(1), T.And) || is(this.LA(1), T.Or),
      DEF: () => {
        this.OR2(this.cached(165, () => [{ ALT: () => this.CONSUME(T.And, { LABEL: "conditionJoin" }) }, { ALT: () => this.CONSUME(T.Or, { LABEL: "conditionJoin" }) }]));
        this.SUBRULE2(this.clause, { LABEL: "moreCondition" });
      },
    })));
    this.CONSUME(T.Comma);
    this.SUBRULE(this.sequence);
  });

  // -------------------------------------------------------------------------------------
  // Sentences

  /** `sentences`: a trigger's or prefixed ability's effect, where a second sentence on the same line continues it. */
  public sequence = this.RULE("sequence", (sentences?: boolean) => {
    // `Until end of turn, creatures you control get +1/+0.`: a leading duration (the tree
    // keeps it in the first clause's tail, so the canonical text puts it at the end).
    this.OPTION(this.cached(31, () => ({
      GATE: () => !this.firstTimeAfterComma(),
      DEF: () => {
        this.SUBRULE(this.leadingDuration);
        this.CONSUME(T.Comma);
      },
    })));
    // `If this would be destroyed, instead return it to its owner's hand.`: `instead` before the effect (the tree keeps it in
    // the clause's tail, so the canonical text puts it at the end: `return it to its owner's hand instead`).
    this.OPTION2(this.cached(163, () => ({
      GATE: () => is(this.LA(1), T.Instead) && !/^of$/i.test(this.LA(2).image) && !is(this.LA(2), T.Comma) && !is(this.LA(2), T.Period),
      DEF: () => this.CONSUME(T.Instead, { LABEL: "leadingInstead" }),
    })));
    this.SUBRULE(this.clause);
    this.MANY(sentences === true ? this.cached(32, () => this.nextStep(true)) : this.cached(15, () => this.nextStep(false)));
  });

  /** The loop of `sequence` over `<connector> <clause>` (a method, so that it is not re-created per call). */
  private nextStep(withSentences: boolean) {
    return {
      GATE: () => {
        const t = this.LA(1);
        if (is(t, T.Period)) return is(this.LA(2), T.Then) || (withSentences && this.sentenceContinues()) || this.sentenceRefersBack() || this.modeConditionContinues();
        if (is(t, T.Comma)) return !is(this.LA(2), T.Where);
        if (is(t, T.Dash)) return this.dashJoinsEffects();
        // `Tireless; Multi-block 2.` · `Draw a card; gain 1 life.`: a semicolon joins as a period does (not between modes).
        if (is(t, T.Semicolon)) return this.semicolonSeparates === 0 && !is(this.LA(2), T.Or) && !this.lineBreakBetween(t, this.LA(2));
        return true;
      },
      DEF: () => {
        this.SUBRULE(this.connector);
        this.SUBRULE2(this.clause);
      },
    };
  }

  private connector = this.RULE("connector", () => {
    this.OR(this.cached(16, () => [
      {
        ALT: () => {
          this.CONSUME(T.Comma);
          this.OPTION(() => {
            this.OR2(this.cached(50, () => [
              { ALT: () => this.CONSUME(T.Then) },
              { ALT: () => this.CONSUME2(T.And) },
              // `Gain 2 life, or 4 life if you control a Golem.`: another amount of the clause before, when a condition holds.
              { GATE: () => this.isOrAmountAt(2), ALT: () => this.CONSUME(T.Or) },
            ]));
          });
          // `..., then if you have five or more cards in hand, discard a card.` (as `. Then, if ...,`).
          this.OPTION5(this.cached(74, () => ({ GATE: () => is(this.LA(0), T.Then) && is(this.LA(1), T.If) && !this.isDidConditionAt(1), DEF: () => this.SUBRULE2(this.leadingCondition) })));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.And);
          this.OPTION2(() => this.CONSUME2(T.Then));
        },
      },
      { ALT: () => this.CONSUME3(T.Then) },
      // `Deal 2 damage to target unit — draw a card.`
      { ALT: () => this.CONSUME(T.Dash) },
      { ALT: () => this.CONSUME(T.Semicolon) },
      {
        ALT: () => {
          this.CONSUME(T.Period);
          this.OR3(this.cached(55, () => [
            {
              GATE: () => is(this.LA(1), T.Then),
              ALT: () => {
                this.CONSUME4(T.Then);
                // `Then, if you have five or more cards in hand, discard a card.`: a comma, and a condition on the clause.
                this.OPTION3(this.cached(71, () => ({ GATE: () => is(this.LA(1), T.Comma), DEF: () => this.CONSUME2(T.Comma) })));
                this.OPTION4(this.cached(72, () => ({ GATE: () => is(this.LA(1), T.If) && !this.isDidConditionAt(1), DEF: () => this.SUBRULE(this.leadingCondition) })));
              },
            },
            // `You may discard a card. If you do, draw two cards.`
            { GATE: () => this.isDidConditionAt(1), ALT: () => this.SUBRULE(this.didCondition) },
            // `• Destroy target creature. If you control a Vampire, draw a card.`: in a bullet mode, as `. Then, if ...`.
            { GATE: () => this.bulletModes > 0 && is(this.LA(1), T.If), ALT: () => this.SUBRULE3(this.leadingCondition) },
            { ALT: () => undefined },
          ]));
        },
      },
    ]));
  });

  /** `if <condition>,` opening a clause after `Then,` (the clause's own condition, as if written after it). */
  private leadingCondition = this.RULE("leadingCondition", () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.clause);
    // `..., then if it died this way or you have 5 or less life, gain 2 life.`: conditions joined by `and` / `or` (as
    // `conditional`'s), which reads-as writes when a spell's second sentence goes on with the first.
    this.MANY(this.cached(168, () => ({
      GATE: () => is(this.LA(1), T.And) || is(this.LA(1), T.Or),
      DEF: () => {
        this.OR(this.cached(169, () => [{ ALT: () => this.CONSUME(T.And, { LABEL: "conditionJoin" }) }, { ALT: () => this.CONSUME(T.Or, { LABEL: "conditionJoin" }) }]));
        this.SUBRULE2(this.clause, { LABEL: "moreCondition" });
      },
    })));
    this.CONSUME(T.Comma);
  });

  /**
   * `If you do,` · `If you don't,` · `If they do,` · `If that player does,` · `If they can't,`: a condition on what the
   * sentence before did.
   */
  private didCondition = this.RULE("didCondition", () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.nounPhrase, { LABEL: "subject", ARGS: [true] });
    this.OR(this.cached(56, () => [
      { ALT: () => this.CONSUME(T.DoesNot, { LABEL: "did" }) },
      { ALT: () => this.CONSUME(T.Cannot, { LABEL: "did" }) },
      { ALT: () => this.CONSUME(T.Word, { LABEL: "did" }) },
    ]));
    this.CONSUME(T.Comma);
  });

  /** `If <you | they | that player> <do | did | does | don't | didn't | doesn't | can't | cannot> ,` at LA(k). */
  private isDidConditionAt(k: number): boolean {
    if (!is(this.LA(k), T.If)) return false;
    let j = k + 1;
    if (is(this.LA(j), T.You) || is(this.LA(j), T.They)) j++;
    else if (is(this.LA(j), T.That) && (is(this.LA(j + 1), T.Player) || is(this.LA(j + 1), T.Opponent))) j += 2;
    else return false;
    const did = this.LA(j);
    return (is(did, T.DoesNot) || is(did, T.Cannot) || (is(did, T.Word) && /^(do|does|did)$/i.test(did.image))) && is(this.LA(j + 1), T.Comma);
  }

  /**
   * At a `.`: does the next sentence, on the same line, only make sense with the one before? It does
   * when it opens with a word that refers back — `It`, `Its`, `That`, `Those`, `They`, `Them`, `Their` —
   * or with `If you do,` / `If you don't,`: `Exhaust target creature. Its controller draws a card.`; or
   * when it names `them` or `the rest` further on.
   */
  private sentenceRefersBack(): boolean {
    const period = this.LA(1);
    const next = this.LA(2);
    if (next.tokenType === EOF || this.lineBreakBetween(period, next)) return false;
    if (is(next, T.It) || is(next, T.They) || is(next, T.Its) || is(next, T.Their)) return true;
    if (is(next, T.That)) return !is(this.LA(3), T.Turn);
    if (this.isDidConditionAt(2)) return true;
    // `Look at the top two cards of target player's deck. Put one into their Discard Pile.`: a bare count put somewhere is
    // of the cards just named ("one" alone was "a card" — any card, one in play too; probe s42 F6).
    if (is(next, T.Put) && (is(this.LA(3), T.NumberWord) || is(this.LA(3), T.NumberLiteral)) && is(this.LA(4), T.Preposition)) return true;
    // `Look at the top three cards of your deck. Put one of them into your hand and the rest on the bottom.`:
    // a sentence that names what the one before it named ("them", "the rest") goes on with it.
    for (let k = 2; k < 40; k++) {
      const t = this.LA(k);
      if (t.tokenType === EOF || is(t, T.Period) || is(t, T.LParen) || this.lineBreakBetween(this.LA(k - 1), t)) return false;
      if ((is(t, T.They) && /^them$/i.test(t.image)) || (is(t, T.Word) && /^rest$/i.test(t.image) && is(this.LA(k - 1), T.The))) return true;
    }
    return false;
  }

  /** An em dash between two effects on one line (`... target unit — draw a card.`), not before a list of modes or a line break. */
  private dashJoinsEffects(): boolean {
    const dash = this.LA(1);
    const next = this.LA(2);
    if (!is(dash, T.Dash) || !/^[—–]$/.test(dash.image) || next.tokenType === EOF || this.lineBreakBetween(dash, next)) return false;
    return !(is(next, T.Period) || is(next, T.Bullet) || is(next, T.Colon) || is(next, T.Comma) || is(next, T.RBrace) || is(next, T.LParen));
  }

  /** `Until ..., The first time ...` is not a sentence (its canonical text would read as a replacement). */
  private firstTimeAfterComma(): boolean {
    for (let k = 2; k < 20; k++) {
      const t = this.LA(k);
      if (t.tokenType === EOF || is(t, T.Period)) return false;
      if (is(t, T.Comma)) return is(this.LA(k + 1), T.The) && this.isFirstOrNextAt(k + 2) && is(this.LA(k + 3), T.Time);
    }
    return false;
  }

  /**
   * `Until end of turn, ...` · `During your turn, ...` · `For each creature you control, ...` (a leading count: the tree
   * keeps it in the first clause's tail as the trailing `... for each creature you control` is kept).
   */
  private leadingDuration = this.RULE("leadingDuration", () => {
    this.OR(this.cached(60, () => [
      { ALT: () => this.CONSUME(T.Until, { LABEL: "prep" }) },
      { ALT: () => this.CONSUME(T.During, { LABEL: "prep" }) },
      // `For each ...` (a count); `For the rest of the game, ...` (a duration the lowering reports).
      { GATE: () => is(this.LA(2), T.Each) || (is(this.LA(2), T.The) && /^rest$/i.test(this.LA(3).image)), ALT: () => this.CONSUME(T.For, { LABEL: "prep" }) },
    ]));
    this.SUBRULE(this.nounPhrase, { ARGS: [false] });
    // `For each Bleed counter on target opponent, ...`: the count's own `on` phrase, before the comma.
    this.MANY(this.cached(145, () => ({ GATE: () => is(this.LA(0), T.For) || is(this.LA(1), T.On), DEF: () => this.SUBRULE(this.prepPhrase) })));
  });

  /** After `and`, a clause may leave its verb out: `Deal 2 damage to target creature and 1 damage to its controller.` */
  /**
   * `..., or 4 life if you control a Golem` · `..., or two cards instead if ...` · `..., or 4 damage to it unless ...`: after
   * `or` at LA(k - 1), an amount (a number first) and a condition (`if` / `unless`) before the clause ends — another amount
   * of the clause before it, when the condition holds (not a choice: that is `Choose one — ...; or ...`).
   */
  private isOrAmountAt(k: number): boolean {
    if (!is(this.LA(k - 1), T.Or)) return false;
    const first = this.LA(k);
    if (!is(first, T.NumberLiteral) && !is(first, T.NumberWord) && !is(first, T.Variable) && !is(first, T.X)) return false;
    for (let j = k + 1; j < k + 14; j++) {
      const t = this.LA(j);
      if (is(t, T.If) || is(t, T.Unless)) return j > k + 1;
      if (t.tokenType === EOF || is(t, T.Period) || is(t, T.Comma) || is(t, T.Semicolon) || is(t, T.Then) || is(t, T.And) || is(t, T.Or) || is(t, T.Dash) || this.lineBreakBetween(this.LA(j - 1), t)) return false;
    }
    return false;
  }

  private isGappedClauseAhead(): boolean {
    if (is(this.LA(0), T.Or)) return this.isOrAmountAt(1);
    if (!is(this.LA(0), T.And)) return false;
    const first = this.LA(1);
    // `..., put one into your hand and the rest back in any order`: `the rest` takes the verb of `put`.
    // `..., put one on the bottom of your deck and the other into your Graveyard`: the same.
    if (is(first, T.The)) {
      for (let k = 2; k < 8; k++) {
        const t = this.LA(k);
        if (this.isParticleAt(k) || is(t, T.Into) || is(t, T.Onto)) return k > 2;
        if (!is(t, T.Determiner) && !(is(t, T.NounWord) && !is(t, T.VerbWord))) return false;
      }
      return false;
    }
    if (!is(first, T.NumberLiteral) && !is(first, T.NumberWord) && !is(first, T.Variable) && !is(first, T.X)) return false;
    for (let k = 2; k < 12; k++) {
      const t = this.LA(k);
      if (is(t, T.Preposition)) return true;
      if (!is(t, T.NounWord) || is(t, T.VerbWord)) return false;
    }
    return false;
  }

  public clause = this.RULE("clause", () => {
    this.OR(this.cached(17, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.isGappedClauseAhead(),
          ALT: () => {
            this.SUBRULE(this.nounPhrase, { LABEL: "gappedObject", ARGS: [false] });
            this.MANY(this.cached(33, () => ({ GATE: () => this.startsTail(), DEF: () => this.SUBRULE(this.tailItem, { LABEL: "gappedTail" }) })));
          },
        },
        {
          GATE: () => this.startsWithSubject(),
          ALT: () => {
            this.SUBRULE(this.subject);
            this.SUBRULE(this.predicate);
          },
        },
        { ALT: () => this.SUBRULE2(this.predicate) },
      ],
    })));
  });

  private subject = this.RULE("subject", () => {
    this.SUBRULE(this.nounPhrase, { ARGS: [true] });
  });

  private predicate = this.RULE("predicate", () => {
    // `If it's a Vampire, it also gains Haste until end of turn.` · `You also gain 1 life.`: `also` after a subject.
    this.OPTION7(this.cached(100, () => ({
      GATE: () => this.isAlsoBeforeVerbAt(1),
      DEF: () => this.CONSUME(T.Word, { LABEL: "also" }),
    })));
    // `If that player already has 3 or more Bleed counters, ...`: `already` after a subject, before its verb (read by a
    // condition — as it is checked; anywhere else it is a word not read).
    this.OPTION8(this.cached(147, () => ({
      GATE: () => this.isAlsoBeforeVerbAt(1, "already"),
      DEF: () => this.CONSUME2(T.Word, { LABEL: "already" }),
    })));
    // `You and target opponent each gain 3 life.`: `each` after a subject, before its verb.
    this.OPTION5(this.cached(70, () => ({
      GATE: () => is(this.LA(1), T.Each) && (is(this.LA(2), T.VerbWord) || this.isModalToken(this.LA(2))) && !is(this.LA(2), T.NounWord),
      DEF: () => this.CONSUME(T.Each, { LABEL: "each" }),
    })));
    this.OPTION(() => {
      this.OR(this.cached(18, () => [
        { ALT: () => this.CONSUME(T.May, { LABEL: "modal" }) },
        { ALT: () => this.CONSUME(T.Cannot, { LABEL: "modal" }) },
        { ALT: () => this.CONSUME(T.Can, { LABEL: "modal" }) },
        { ALT: () => this.CONSUME(T.Would, { LABEL: "modal" }) },
        { ALT: () => this.CONSUME(T.Must, { LABEL: "modal" }) },
        { ALT: () => this.CONSUME(T.DoesNot, { LABEL: "modal" }) },
      ]));
    });
    this.OR2(this.cached(19, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Be);
            this.OPTION2(
              this.cached(51, () => ({
                // `This unit's power is equal to the number of ...`: `equal` read as the verb after `is`, `to ...` its tail.
                GATE: () => is(this.LA(1), T.VerbWord) || is(this.LA(1), T.Word) || (is(this.LA(1), T.Equal) && is(this.LA(2), T.To)),
                DEF: () => this.SUBRULE(this.verb),
              })),
            );
          },
        },
        { ALT: () => this.SUBRULE2(this.verb) },
      ],
    })));
    // `can't attack or block`
    this.MANY2(this.cached(20, () => ({
      // Not `or is destroyed` (a predicate of its own: `When this enters play or is destroyed`, triggerHead).
      GATE: () => is(this.LA(1), T.Or) && (is(this.LA(2), T.VerbWord) || is(this.LA(2), T.Word)) && !is(this.LA(2), T.Be) && !is(this.LA(3), T.Control),
      DEF: () => {
        this.CONSUME(T.Or);
        this.SUBRULE3(this.verb);
      },
    })));
    this.OPTION3(this.cached(21, () => ({
      // `Haste` + line break + `Exhaust: ...` (a missing period) is not `Haste Exhaust`.
      GATE: () => this.startsNounPhrase() && !this.isTimingAhead() && !(is(this.LA(0), T.Word) && this.lineBreakBetween(this.LA(0), this.LA(1))),
      DEF: () => this.SUBRULE(this.nounPhrase, { LABEL: "object", ARGS: [false] }),
    })));
    // `Make target unit a defender.`: a second noun phrase right after the object, opening with `a`/`an`, or `this way`;
    // `Give a unit you control +2 power` / `... +1/+1` / `Give each unit you control Haste`: what it is given, after an
    // object that ends with its filter (a signed amount or stats, or any noun phrase after `you control`).
    this.OPTION6(this.cached(73, () => ({
      GATE: () =>
        !this.lineBreakBetween(this.LA(0), this.LA(1)) &&
        ((is(this.LA(1), T.A) && is(this.LA(0), T.NounWord)) ||
          // `If a player was dealt damage this way, ...`: `this way` after the object (compiler/lower.ts dealtThisWay).
          (is(this.LA(1), T.This) && /^way$/i.test(this.LA(2).image) && is(this.LA(0), T.NounWord)) ||
          is(this.LA(1), T.Stats) ||
          (is(this.LA(1), T.NumberLiteral) && /^[+-]/.test(this.LA(1).image)) ||
          (is(this.LA(0), T.Control) && this.startsNounPhrase() && !this.isTimingAhead())),
      DEF: () => this.SUBRULE2(this.nounPhrase, { LABEL: "complement", ARGS: [false] }),
    })));
    this.MANY(this.cached(22, () => ({ GATE: () => this.startsTail() && !(this.relativeDepth > 0 && this.endsTimingAt(0)), DEF: () => this.SUBRULE(this.tailItem) })));
  });

  private verb = this.RULE("verb", () => {
    this.OR(this.cached(23, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.CONSUME(T.VerbWord) },
        { ALT: () => this.CONSUME(T.Word) },
        { GATE: () => is(this.LA(0), T.Be) && is(this.LA(2), T.To), ALT: () => this.CONSUME(T.Equal) },
      ],
    })));
  });

  private tailItem = this.RULE("tailItem", () => {
    this.OR(this.cached(24, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => (is(this.LA(1), T.This) || is(this.LA(1), T.Each) || is(this.LA(1), T.That)) && this.isTimingNounAt(2),
          ALT: () => {
            this.OR2(
              this.cached(52, () => [
                { ALT: () => this.CONSUME(T.This, { LABEL: "timing" }) },
                { ALT: () => this.CONSUME(T.Each, { LABEL: "timing" }) },
                { ALT: () => this.CONSUME(T.That, { LABEL: "timing" }) },
              ]),
            );
            this.OR4(this.cached(68, () => [{ ALT: () => this.CONSUME(T.Turn) }, { ALT: () => this.CONSUME4(T.Word, { LABEL: "combat" }) }]));
          },
        },
        {
          // A plain word opens a condition only as `while` (`back` is a particle); a preposition only as `until <player> <verb>`.
          GATE: () => (is(this.LA(1), T.Preposition) ? this.isAsLongAs(1) || this.isForAsLongAs(1) || this.isUntilClauseAt(1) : !is(this.LA(1), T.Word) || this.isWhileAt(1)),
          ALT: () => {
            this.OR3(this.cached(53, () => [
              { ALT: () => this.CONSUME(T.If, { LABEL: "condition" }) },
              { GATE: () => this.isUntilClauseAt(1), ALT: () => this.CONSUME(T.Preposition, { LABEL: "condition" }) },
              { ALT: () => this.CONSUME(T.Unless, { LABEL: "condition" }) },
              { GATE: () => this.isWhileAt(1), ALT: () => this.CONSUME3(T.Word, { LABEL: "condition" }) },
              {
                GATE: () => this.isAsLongAs(1) || this.isForAsLongAs(1),
                ALT: () => {
                  this.OPTION4(() => this.CONSUME(T.For, { LABEL: "forLong" }));
                  this.CONSUME(T.As, { LABEL: "condition" });
                  this.CONSUME(T.Word, { LABEL: "long" });
                  this.CONSUME2(T.As);
                },
              },
            ]));
            this.SUBRULE(this.clause);
            // `This gets +1/+0 as long as you control another Vampire or an opponent has a Bleed counter.` · `Draw a card if
            // you control a Vampire and you have 5 or less life.`: conditions joined by `and` / `or` (as `conditional`'s) —
            // only where a condition follows (a subject, then has / have / control / is ...), never another effect.
            this.MANY8(this.cached(170, () => ({
              GATE: () => this.isConditionJoinAt(1),
              DEF: () => {
                this.OR8(this.cached(171, () => [{ ALT: () => this.CONSUME8(T.And, { LABEL: "conditionJoin" }) }, { ALT: () => this.CONSUME8(T.Or, { LABEL: "conditionJoin" }) }]));
                this.SUBRULE8(this.clause, { LABEL: "moreCondition" });
              },
            })));
          },
        },
        {
          GATE: () => is(this.LA(1), T.Where) || (is(this.LA(1), T.Comma) && is(this.LA(2), T.Where)),
          ALT: () => {
            this.OPTION(() => this.CONSUME(T.Comma));
            this.CONSUME(T.Where);
            this.CONSUME(T.Variable);
            this.CONSUME(T.Be);
            this.SUBRULE(this.nounPhrase, { LABEL: "whereValue", ARGS: [false] });
          },
        },
        { ALT: () => this.CONSUME(T.Instead) },
        {
          GATE: () => this.isCapAt(1),
          ALT: () => {
            this.CONSUME4(T.Comma);
            this.CONSUME2(T.Up, { LABEL: "capUp" });
            this.CONSUME(T.To);
            this.OR6(this.cached(148, () => [{ ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "capMax" }) }, { ALT: () => this.CONSUME(T.NumberWord, { LABEL: "capMax" }) }]));
          },
        },
        { GATE: () => this.isParticleAt(1), ALT: () => this.CONSUME2(T.Word, { LABEL: "particle" }) },
        {
          GATE: () => this.isRoundingAt(1),
          ALT: () => {
            this.OPTION2(() => this.CONSUME2(T.Comma));
            this.CONSUME5(T.Word, { LABEL: "rounded" });
            this.OR5(this.cached(81, () => [{ ALT: () => this.CONSUME(T.Up, { LABEL: "roundedHow" }) }, { ALT: () => this.CONSUME6(T.Word, { LABEL: "roundedHow" }) }]));
            // `equal to half its attack, rounded down, to target creature`: the comma closing the aside.
            this.OPTION3(this.cached(82, () => ({ GATE: () => is(this.LA(1), T.Comma) && is(this.LA(2), T.Preposition), DEF: () => this.CONSUME3(T.Comma) })));
          },
        },
        { ALT: () => this.SUBRULE(this.prepPhrase) },
      ],
    })));
  });

  private prepPhrase = this.RULE("prepPhrase", () => {
    this.CONSUME(T.Preposition, { LABEL: "prep" });
    this.SUBRULE(this.nounPhrase, { ARGS: [false] });
  });

  // -------------------------------------------------------------------------------------
  // Noun phrases

  /** `subjectMode`: stop before a verb (`Target opponent mills 2` → subject `Target opponent`). */
  public nounPhrase = this.RULE("nounPhrase", (subjectMode?: boolean) => {
    const [head, items, filters, coordination] = this.cached(subjectMode === true ? 40 : 41, () => this.nounPhraseParts(subjectMode === true));
    this.OR(head);
    this.MANY(items);
    this.MANY2(filters);
    // `each creature and each player`
    this.MANY3(coordination);
  });

  /** The alternatives and loops of `nounPhrase`, built once per `subjectMode` (see `cached`). */
  private nounPhraseParts(subjectMode: boolean) {
    const args = { ARGS: [subjectMode] as [boolean] };
    const head = {
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => is(this.LA(1), T.Determiner) || is(this.LA(1), T.Pronoun) || is(this.LA(1), T.NumberLiteral) || is(this.LA(1), T.Up) || this.isMultiplierAt(1),
          ALT: () => {
            // A plain word is a determiner only as a multiplier (`double that damage`).
            this.AT_LEAST_ONE(this.cached(69, () => ({ GATE: () => !is(this.LA(1), T.Word) || this.isMultiplierAt(1), DEF: () => this.SUBRULE(this.determiner) })));
          },
        },
        { ALT: () => this.SUBRULE(this.nounItem, args) },
      ],
    };
    const items = {
      GATE: () => {
        const t = this.LA(1);
        // A pronoun is a whole noun phrase: `it remains in play` has no noun after `it`.
        if (is(this.LA(0), T.Pronoun) && !is(t, T.Or)) return false;
        // `other than …` after the noun is a filter (nounFilter), not another noun; so is `whose ...`.
        if (is(t, T.Other) && is(this.LA(2), T.Than)) return false;
        if (this.isWhoseAt(1)) return false;
        if (this.isParticleAt(1) || this.isWhileAt(1) || this.isControlledByAt(1)) return false;
        // `It also gains Haste`: `also` before the verb is the predicate's, not a noun of the subject.
        if (this.isAlsoBeforeVerbAt(1)) return false;
        // `each card discarded this way`: a participle that is also a noun (`Discard Pile`) ends the nouns before `this way`.
        if (is(t, T.NounWord) && is(this.LA(2), T.This) && this.isParticipleFilterAt(1)) return false;
        // `each creature blocking it`: a combat participle ends the nouns (a filter about the card after it).
        if (this.isCombatParticipleAt(1)) return false;
        // `an opponent controls a Knight`: right after the determiners, `opponent` is the head noun, not a `... controls` filter;
        // so is `player` after one side word (`an opposing player controls a Knight`, `the defending player controls ...`).
        // (`if defending player controls no creatures` with no article, as printed cards write it, is the same head noun —
        // opening the clause, not after a noun: `target creature defending player controls` is a control filter.)
        const headNoun = (is(this.LA(0), T.Determiner) && !is(this.LA(1), T.Determiner) && !is(this.LA(1), T.You)) || (is(this.LA(0), T.Word) && (is(this.LA(-1), T.Determiner) || (/^defending$/i.test(this.LA(0).image) && (is(this.LA(-1), T.If) || is(this.LA(-1), T.Comma)))) && (is(t, T.Player) || is(t, T.Opponent)));
        if (this.isControlFilterAt(1) && !headNoun) return false;
        // `a player who controls two or more creatures attacks, ...` · `an opponent who controls a Vampire plays a spell`:
        // inside a relative clause, a noun that is also a verb in the third person, after a noun or an amount (`whose power
        // is 4 or more attacks, ...`) and before a comma or a
        // determiner, is the sentence's verb (the relative clause ends), not one more noun (`attack counters on it` goes on).
        if (this.relativeDepth > 0 && is(t, T.NounWord) && is(t, T.VerbWord) && /[^s]s$/i.test(t.image) && !/^counters$/i.test(t.image) && (is(this.LA(0), T.NounWord) || is(this.LA(0), T.NumberLiteral) || /^(?:more|less|fewer)$/i.test(this.LA(0).image)) && (is(this.LA(2), T.Comma) || is(this.LA(2), T.With) || (is(this.LA(2), T.Determiner) && !is(this.LA(2), T.This) && !is(this.LA(2), T.That)))) return false;
        if (is(t, T.Or)) return is(this.LA(2), T.NounWord) || is(this.LA(2), T.Stats);
        if (is(t, T.And)) return subjectMode ? this.isBareNounAndAt(1) : this.isGroupNounAndAt();
        if (subjectMode && !this.subjectWordContinues()) return false;
        return true;
      },
      DEF: () => this.SUBRULE2(this.nounItem, args),
    };
    const filters = {
      // `Creatures with less attack than this get -1 attack.`: in a subject, `than` goes on with the noun phrase's
      // comparison (after an object it is the clause's: `you control more units than an opponent`).
      GATE: () => this.startsNounFilter() || (subjectMode && (is(this.LA(1), T.Than) || this.isCountersOnItAt(1) || this.isOnPlaceOfPlayAt(1))),
      DEF: () => this.SUBRULE(this.nounFilter, args),
    };
    const coordinated = { LABEL: "coordinated", ARGS: [subjectMode] as [boolean] };
    const coordination = {
      GATE: () => this.isNounCoordinationAhead(subjectMode),
      DEF: () => {
        this.OR2(this.cached(54, () => [
          { ALT: () => this.CONSUME(T.And, { LABEL: "joiner" }) },
          // `with Bleed 2, Haste and Tireless`: only a keyword list joins by a comma (see the gate).
          { ALT: () => this.CONSUME(T.Comma, { LABEL: "joiner" }) },
          // `Whenever this or another Vampire attacks`: this card, or another card (see isSelfOrAnotherAt).
          { ALT: () => this.CONSUME(T.Or, { LABEL: "joiner" }) },
        ]));
        this.SUBRULE3(this.nounPhrase, coordinated);
      },
    };
    return [head, items, filters, coordination] as const;
  }

  /**
   * `this or another Vampire`, `this creature or another creature you control` at LA(k) = `or`: a phrase naming this card,
   * then `or another …` — one phrase with an alternative (compiler/ast.ts NounPhrase.orAnother), not two clauses.
   */
  private isSelfOrAnotherAt(k: number): boolean {
    if (!/^(?:another|other)$/i.test(this.LA(k + 1).image) || !is(this.LA(k + 1), T.Determiner)) return false;
    for (let j = k - 1; j >= k - 3; j--) {
      const t = this.LA(j);
      if (is(t, T.This)) return true;
      if (!is(t, T.NounWord) && !is(t, T.Word)) return false;
    }
    return false;
  }

  /**
   * `and` + a determiner joins two noun phrases (`to each creature and each player`) unless a
   * verb follows the second one, which makes it a new clause (`..., and each opponent loses 1 life`).
   * In a subject the verb comes after the whole coordination (`Target creature and each Vampire get ...`).
   */
  private isNounCoordinationAhead(subjectMode: boolean): boolean {
    if (is(this.LA(1), T.Comma)) return this.isKeywordListJoinAhead();
    if (is(this.LA(1), T.Or)) return this.isSelfOrAnotherAt(1);
    if (!is(this.LA(1), T.And)) return false;
    if (this.isKeywordListJoinAhead()) return true;
    const first = this.LA(2);
    // `gains Flying and Haste`, `a token with Flying and Haste`: a bare word right after the
    // verb (or `with`/`without`), and another bare word.
    const before = this.LA(-1);
    if (is(first, T.Word) && is(this.LA(0), T.Word) && (is(before, T.VerbWord) || is(before, T.With) || is(before, T.Without))) {
      const after = this.LA(3);
      return after.tokenType === EOF || is(after, T.Period) || is(after, T.Comma) || is(after, T.Preposition) || is(after, T.RBrace) || is(after, T.And);
    }
    const opens = (is(first, T.Determiner) && !is(first, T.Variable) && !is(first, T.X) && !is(first, T.NumberWord)) || is(first, T.Pronoun) || (is(first, T.Up) && is(this.LA(3), T.To));
    if (!opens) return false;
    if (subjectMode) return true;
    for (let k = 3; k < 30; k++) {
      const t = this.LA(k);
      // `and the rest back`: a clause of its own (it shares the verb), not a second noun phrase;
      // so is `and the other into your Graveyard` when the clause already has a preposition
      // (`put one on the bottom of your deck and the other into ...`).
      if (this.isParticleAt(k)) return false;
      // `and each creature they control.`: a control filter's verb belongs to the noun phrase; look past it.
      if (this.isControlFilterAt(k)) {
        while (!this.isFilterVerbAt(k)) k++;
        continue;
      }
      if ((is(t, T.Into) || is(t, T.Onto)) && is(first, T.The) && this.prepositionEarlierInClause()) return false;
      if (is(t, T.Determiner) || is(t, T.Pronoun) || is(t, T.Stats) || is(t, T.StringLiteral) || is(t, T.NumberLiteral) || is(t, T.To) || is(t, T.Or)) continue;
      if (is(t, T.NounWord) && !is(t, T.VerbWord)) continue;
      // `Put an attack counter and a defense counter on target creature`: `counter` before `on` is the noun (the verb
      // counters a spell, its object, never "on" anything).
      if (/^counters?$/i.test(t.image) && is(this.LA(k + 1), T.On)) continue;
      return !(is(t, T.VerbWord) || this.isModalToken(t));
    }
    return true;
  }

  /**
   * A keyword list after `with`/`without` or a verb: `with Bleed 2 and Haste`, `gains Bleed 2, Haste
   * and Tireless until end of turn`. Each item is a bare word with an optional number. True when
   * LA(1) (`and` or `,`) joins the item just read to the next one of such a list; a comma only when
   * the list goes on to end with `and` + an item.
   */
  private isKeywordListJoinAhead(): boolean {
    // Back: items joined by `,`/`and`, back to `with`/`without`/a verb.
    let k = 0;
    for (let guard = 0; guard < 20; guard++) {
      if (is(this.LA(k), T.NumberLiteral)) k--;
      if (!is(this.LA(k), T.Word)) return false;
      k--;
      const before = this.LA(k);
      if (is(before, T.With) || is(before, T.Without) || is(before, T.VerbWord)) break;
      if (!(is(before, T.Comma) || is(before, T.And))) return false;
      k--;
      if (guard === 19) return false;
    }
    // Forward: the rest of the list, then its end.
    const comma = is(this.LA(1), T.Comma);
    k = 2;
    let lastJoinWasAnd = !comma;
    for (let guard = 0; guard < 20; guard++) {
      if (!is(this.LA(k), T.Word)) return false;
      k++;
      if (is(this.LA(k), T.NumberLiteral)) k++;
      const next = this.LA(k);
      if (lastJoinWasAnd) break;
      if (is(next, T.Comma)) k++;
      else if (is(next, T.And)) {
        lastJoinWasAnd = true;
        k++;
      } else return false;
    }
    const after = this.LA(k);
    return after.tokenType === EOF || is(after, T.Period) || is(after, T.Comma) || is(after, T.Semicolon) || is(after, T.Preposition) || is(after, T.RBrace) || is(after, T.And);
  }

  /** `or less` / `or more` / `or fewer` / `or greater` after a number (one option object, shared). */
  private comparison() {
    return this.cached(43, () => ({
      GATE: () => is(this.LA(1), T.Or) && /^(less|more|fewer|greater)$/i.test(this.LA(2).image),
      DEF: () => {
        this.CONSUME(T.Or);
        this.CONSUME(T.Word, { LABEL: "comparison" });
      },
    }));
  }

  /** Is there a preposition between the start of the current clause and LA(0)? */
  private prepositionEarlierInClause(): boolean {
    for (let k = 0; k > -40; k--) {
      const t = this.LA(k);
      if (t.tokenType === EOF || is(t, T.Period) || is(t, T.Comma) || is(t, T.Colon) || is(t, T.Semicolon) || is(t, T.Bullet)) return false;
      if (is(t, T.Preposition)) return true;
    }
    return false;
  }

  /** `double that damage`, `half its power`: a multiplier word before a determiner. */
  private isMultiplierAt(k: number): boolean {
    const t = this.LA(k);
    return is(t, T.Word) && /^(double|triple|half|twice|thrice)$/i.test(t.image) && is(this.LA(k + 1), T.Determiner) && !is(this.LA(k + 1), T.NumberWord);
  }

  private determiner = this.RULE("determiner", () => {
    this.OR(this.cached(25, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isMultiplierAt(1), ALT: () => this.CONSUME3(T.Word, { LABEL: "multiplier" }) },
        {
          ALT: () => {
            this.CONSUME(T.Up);
            this.CONSUME(T.To);
          },
        },
        {
          // A number (`3 or more`) or a determiner; a number word too takes a comparison (`two or more other units`).
          ALT: () => {
            this.OR2(this.cached(61, () => [{ ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "count" }) }, { ALT: () => this.CONSUME(T.Determiner) }]));
            this.OPTION(this.comparison());
          },
        },
        { ALT: () => this.CONSUME(T.Pronoun) },
      ],
    })));
  });

  private nounItem = this.RULE("nounItem", (subjectMode?: boolean) => {
    void subjectMode;
    this.OR(this.cached(26, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.OR2(this.cached(42, () => [
              { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "count" }) },
              { ALT: () => this.CONSUME(T.Variable, { LABEL: "count" }) },
              { ALT: () => this.CONSUME(T.X, { LABEL: "count" }) },
              // `the top three cards of your deck`: a number word after a noun.
              { ALT: () => this.CONSUME(T.NumberWord, { LABEL: "count" }) },
            ]));
            this.OPTION(this.comparison());
          },
        },
        { ALT: () => this.CONSUME(T.NounWord) },
        { ALT: () => this.CONSUME(T.Stats) },
        { ALT: () => this.CONSUME(T.StringLiteral) },
        { ALT: () => this.CONSUME(T.CostSymbol) },
        { ALT: () => this.CONSUME2(T.Or) },
        // `Vampires and Ghouls you control`: see isBareNounAndAt (the items' gate admits it only there).
        { ALT: () => this.CONSUME(T.And) },
      ],
    })));
  });

  private nounFilter = this.RULE("nounFilter", (subjectMode?: boolean) => {
    this.OR(this.cached(subjectMode === true ? 44 : 45, () => this.nounFilterAlternatives(subjectMode === true)));
  });

  private nounFilterAlternatives(subjectMode: boolean) {
    return {
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          // `target unit other than this`, `each creature other than Vampires`: the cards after `than` left out.
          GATE: () => is(this.LA(1), T.Other) && is(this.LA(2), T.Than),
          ALT: () => {
            this.CONSUME(T.Other, { LABEL: "otherThan" });
            this.CONSUME2(T.Than);
            this.SUBRULE3(this.nounPhrase, { LABEL: "filterObject", ARGS: [subjectMode] as [boolean] });
          },
        },
        {
          // `target creature that you control`: `that` before the control filter, read as without it.
          GATE: () => this.isControlFilterAt(1) || this.isThatControlAt(1),
          ALT: () => {
            this.OPTION9({ GATE: () => this.isThatControlAt(1), DEF: () => this.CONSUME4(T.That, { LABEL: "controlThat" }) });
            this.SUBRULE(this.controller);
            this.OPTION(() => this.CONSUME(T.DoesNot, { LABEL: "not" }));
            // `you own`, `an opponent owns`: the same filter on who owns the cards (a plain word, as in `your own Graveyard`).
            this.OR4(this.cached(77, () => [{ GATE: () => is(this.LA(1), T.Control), ALT: () => this.CONSUME(T.Control) }, { ALT: () => this.CONSUME(T.Word, { LABEL: "Control" }) }]));
          },
        },
        {
          GATE: () => this.isControlledByAt(1),
          ALT: () => {
            this.OR5(this.cached(78, () => [{ GATE: () => is(this.LA(1), T.Control), ALT: () => this.CONSUME2(T.Control) }, { ALT: () => this.CONSUME2(T.Word, { LABEL: "Control" }) }]));
            this.CONSUME(T.By, { LABEL: "by" });
            this.SUBRULE2(this.controller);
          },
        },
        {
          // `creatures you control that you played this turn`, `each card that an opponent cast this turn`: `that` before a
          // relative clause with its own subject (a player or a pronoun), as the clause is without it.
          GATE: () => is(this.LA(1), T.That) && this.isSubjectRelativeAt(2),
          ALT: () => {
            this.CONSUME3(T.That, { LABEL: "relativeThat" });
            this.SUBRULE2(this.relativeClause, { ARGS: [subjectMode] as [boolean] });
          },
        },
        {
          GATE: () => is(this.LA(1), T.That) && this.isRelativeClauseAt(1) && !this.isPossessorRelativeAt(1),
          ALT: () => {
            this.CONSUME(T.That, { LABEL: "relative" });
            this.relativeDepth++;
            try {
              this.SUBRULE(this.predicate);
            } finally {
              this.relativeDepth--;
            }
          },
        },
        {
          // `a creature whose power is 4 or more`, `target player whose life is 10 or less`: what the noun has, and its predicate.
          GATE: () => this.isWhoseAt(1),
          ALT: () => {
            this.CONSUME(T.Whose, { LABEL: "whose" });
            this.CONSUME7(T.AnyWord, { LABEL: "possessed" });
            this.relativeDepth++;
            try {
              this.SUBRULE7(this.predicate, { LABEL: "whosePredicate" });
            } finally {
              this.relativeDepth--;
            }
          },
        },
        {
          GATE: () => this.isRelativeClauseAt(1),
          ALT: () => this.SUBRULE(this.relativeClause, { ARGS: [subjectMode] as [boolean] }),
        },
        {
          // `each creature blocking it`, `creatures blocked by this`: a combat participle and the card it is about.
          GATE: () => this.isCombatParticipleAt(1),
          ALT: () => {
            this.CONSUME2(T.AnyWord, { LABEL: "combatParticiple" });
            this.OPTION8(() => this.CONSUME2(T.By, { LABEL: "participleBy" }));
            this.SUBRULE4(this.nounPhrase, { LABEL: "participleObject", ARGS: [false] as [boolean] });
          },
        },
        {
          GATE: () => this.isParticipleFilterAt(1),
          ALT: () => {
            this.CONSUME(T.AnyWord, { LABEL: "participle" });
            this.OPTION2(this.cached(79, () => ({
              GATE: () => is(this.LA(1), T.This),
              DEF: () => {
                this.CONSUME(T.This, { LABEL: "participleThis" });
                this.CONSUME3(T.Word, { LABEL: "participleWay" });
              },
            })));
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Equal);
            this.CONSUME(T.To);
            this.SUBRULE(this.nounPhrase, { LABEL: "equalTo", ARGS: [false] });
          },
        },
        {
          ALT: () => {
            this.OR2(this.cached(46, () => [
              { ALT: () => this.CONSUME(T.Of, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.In, { LABEL: "prep" }) },
              {
                ALT: () => {
                  this.CONSUME(T.From, { LABEL: "prep" });
                  // `Put a Vampire card from among them into your hand.`: "from among" is "among".
                  this.OPTION7(() => this.CONSUME2(T.Among, { LABEL: "fromAmong" }));
                },
              },
              { ALT: () => this.CONSUME(T.With, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.Without, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.Under, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.Among, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.Than, { LABEL: "prep" }) },
              { ALT: () => this.CONSUME(T.On, { LABEL: "prep" }) },
              // `units adjacent to this` (card text's `adjacent to` / `next to`, one token: joinAdjacentTo).
              { GATE: () => /^(?:adjacent|next)\s/i.test(this.LA(1).image), ALT: () => this.CONSUME2(T.To, { LABEL: "prep" }) },
            ]));
            this.SUBRULE2(this.nounPhrase, { LABEL: "filterObject", ARGS: [subjectMode] as [boolean] });
          },
        },
      ],
    };
  }

  /**
   * `it enters play` (in `the turn it enters play`), `you cast` (in `Spells you cast cost ...`):
   * a pronoun and a verb; in a subject the relative clause takes no object, so the main verb
   * that follows is not swallowed.
   */
  private relativeClause = this.RULE("relativeClause", (subjectMode?: boolean) => {
    // `you cast` · `your opponents cast` (a player phrase: determiners and the player noun, as in `an opponent controls`).
    this.OR(this.cached(67, () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => is(this.LA(1), T.Pronoun), ALT: () => this.CONSUME(T.Pronoun) },
        { ALT: () => this.SUBRULE(this.controller, { LABEL: "player" }) },
      ],
    })));
    this.SUBRULE(this.verb);
    // In a subject the relative clause takes no object (a cached option per mode).
    this.OPTION(
      this.cached(subjectMode === true ? 47 : 48, () => ({
        GATE: () => subjectMode !== true && this.startsNounPhrase() && !this.isTimingAhead(),
        DEF: () => this.SUBRULE(this.nounPhrase, { LABEL: "object", ARGS: [false] }),
      })),
    );
    // `The next spell you play this turn costs nothing.`: in a subject, `this turn` after the verb is the relative
    // clause's (the main verb follows); after an object the clause's own tail reads it.
    this.OPTION2(this.cached(subjectMode === true ? 95 : 96, () => ({
      GATE: () => subjectMode === true && this.isTimingAhead(),
      DEF: () => this.SUBRULE(this.tailItem, { LABEL: "timing" }),
    })));
  });

  /** The controller in `you control` / `an opponent controls`: determiners and nouns, no filters. */
  private controller = this.RULE("controller", () => {
    this.MANY(() => {
      this.OR(this.cached(27, () => [
        { ALT: () => this.CONSUME(T.Determiner) },
        { ALT: () => this.CONSUME(T.Pronoun) },
      ]));
    });
    this.MANY2(this.cached(28, () => ({
      // `your opponents cast`: after the player noun, a verb ends the phrase.
      GATE: () => !isFilterVerb(this.LA(1)) && !is(this.LA(1), T.Control) && !(is(this.LA(1), T.VerbWord) && (is(this.LA(0), T.Opponent) || is(this.LA(0), T.Player))),
      DEF: () => this.CONSUME(T.NounWord),
    })));
  });
}

// -------------------------------------------------------------------------------------
// Line breaks in card text

/** A line ending in one of these goes on to the next line (`to each` + line break + `Vampire you control`). */
const continuesLine: TokenType[] = [
  T.Colon, T.Comma, T.Semicolon, T.Dash, T.Bullet, T.LParen, T.LBracket, T.LBrace, T.Plus, T.Slash, T.Equals,
  T.Preposition, T.And, T.Or, T.Then, T.If, T.Unless, T.When, T.Whenever, T.Where, T.Equal, T.Up,
  T.May, T.Cannot, T.Can, T.Would, T.Must, T.DoesNot, T.Be,
];

/** Does the line break before `tokens[i]` end a sentence, as a period would? (See `endSentencesAtLineBreaks`.) */
function lineBreakEndsSentence(text: Text, tokens: IToken[], i: number): boolean {
  const prev = tokens[i - 1]!;
  const next = tokens[i]!;
  let broken = false;
  for (let o = prev.endOffset! + 1; o < next.startOffset; o++) {
    const c = text.charCodeAt(o);
    if (c === 10 || c === 13) {
      broken = true;
      break;
    }
  }
  if (!broken || is(prev, T.Period) || is(next, T.Period) || is(next, T.RBrace)) return false;
  if (continuesLine.some((type) => is(prev, type))) return false;
  // A determiner wants its noun (`Deal 2 damage to each` + line break + `Vampire`); a count or X may end a sentence (`Bleed X`),
  // and so may `target` after a determiner, where it is the noun (`Deal 1 damage to any target`, `up to two targets`).
  const targetNoun = is(prev, T.Target) && i >= 2 && is(tokens[i - 2]!, T.Determiner);
  if (is(prev, T.Determiner) && !is(prev, T.Variable) && !is(prev, T.NumberWord) && !is(prev, T.X) && !targetNoun) return false;
  // The new line opens an ability: a tag, a `name:` prefix or field, or a capital letter (`BREACH: ...`, `Draw a card`, `When ...`).
  if (is(next, T.LBracket)) return true;
  const after = tokens[i + 1];
  if (is(next, T.AnyWord) && after !== undefined && is(after, T.Colon)) return true;
  return /^[A-ZÀ-ÖØ-Þ]/.test(next.image);
}

/**
 * Card text written one ability per line without final periods (`PLAY: Deal 1 damage to target unit`
 * + line break + `BREACH: Draw a card`): a line break ends the sentence where the next line opens an
 * ability and the line before does not run on (it ends in a word that can close a sentence, not `to`,
 * `and`, `each` or a comma). There a period is put in the token stream (zero width, at the end of the
 * line), so the text reads exactly as it would with the period written, by every rule of the grammar.
 * A line that starts in lower case continues the sentence (a wrapped line). `from`: the index of the
 * first token of card text (after `text:`). Returns `tokens` itself when nothing is added.
 */
export function endSentencesAtLineBreaks(text: Text, tokens: IToken[], from = 0): IToken[] {
  let out: IToken[] | undefined;
  for (let i = Math.max(1, from); i < tokens.length; i++) {
    if (lineBreakEndsSentence(text, tokens, i)) {
      out ??= tokens.slice(0, i);
      const end = tokens[i - 1]!.endOffset!;
      out.push(createTokenInstance(T.Period, ".", end, end, NaN, NaN, NaN, NaN));
    }
    out?.push(tokens[i]!);
  }
  return out ?? tokens;
}

// -------------------------------------------------------------------------------------
// Words of card text

/**
 * Keywords of game-file statements that card text never uses structurally (`static`, `rule`, `keyword`, `marker`,
 * `param`, ...): in card text they are plain words, so a card may be named with them and name itself
 * (`Static Burst deals 2 damage to any target.`, `When Rule Breaker enters play, ...`).
 */
const statementOnlyKeywords: ReadonlySet<TokenType> = new Set([
  T.Game, T.SetToken, T.Scenario, T.Param, T.Resource, T.SymbolToken, T.CardType, T.Stat, T.Rarity, T.Marker, T.Keyword, T.Rule, T.Static, T.Text,
]);

function makePlainWord(token: IToken): void {
  token.tokenType = T.Word;
  token.tokenTypeIdx = T.Word.tokenTypeIdx!;
}

/**
 * Card text's words (from index `from`, in place): statement-only keywords are plain words, and so is each word of
 * the card's own name where the whole name is written as the card is named (same capitals), when it has two words
 * or more (`Deal Breaker deals 2 damage ...` on "Deal Breaker": the name, not the verb `deal`). A one-word name
 * keeps its reading (`Return` on a card named "Return" is still the verb). Returns `tokens`.
 */
export function cardTextWords(tokens: IToken[], from = 0, ownName?: string): IToken[] {
  // The name is lexed (nameWords) only when a token could be its first word (mayStartName). Not sure where that word
  // starts (the name does not begin with an ASCII letter or digit): lexed at the first token, as before.
  const first = ownName ? nameStart(ownName) : -1;
  let name: string[] | undefined = ownName ? undefined : [];
  for (let i = Math.max(0, from); i < tokens.length; i++) {
    const t = tokens[i]!;
    if (statementOnlyKeywords.has(t.tokenType)) makePlainWord(t);
    if (first >= 0 && !mayStartName(t.image, ownName!, first)) continue;
    name ??= nameWords(ownName!);
    if (name.length < 2 || t.image !== name[0]) continue;
    let n = 1;
    while (n < name.length && tokens[i + n]?.image === name[n]) n++;
    if (n < name.length) continue;
    for (let k = 0; k < n; k++) if (is(tokens[i + k]!, T.AnyWord)) makePlainWord(tokens[i + k]!);
    i += n - 1;
  }
  splitContractedIs(tokens, from);
  participleAsAdjective(tokens, from);
  joinAdjacentTo(tokens, from);
  joinItsNot(tokens, from);
  slotPositionWords(tokens, from);
  // "at least two", "at most 5": one count (grammar/lexer.ts joinAtLeast), in card text only.
  // "less than 3", "below 3", "2 or lower": one count (grammar/lexer.ts joinComparisons), in card text only.
  return T.joinComparisons(T.joinAtLeast(tokens, from), from);
}

/**
 * Card text only: a verb's past participle between "the" and a noun describes the card — "Put two power counters on the
 * chosen unit.", "equal to the sacrificed creature's power", "the destroyed unit", "the returned card" — a plain word, not
 * the verb (the parser broke off there: CW1003 at the participle). "chosen" also after "that" / "those" / "each" and before
 * any word (`that chosen unit`). The lowering reads the words it knows (the card a cost or a clause took) and reports the
 * rest. In place from `from`.
 */
function participleAsAdjective(tokens: IToken[], from: number): void {
  for (let i = Math.max(1, from); i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    const before = tokens[i - 1]!;
    const next = tokens[i + 1]!;
    if (t.startLine !== next.startLine) continue;
    if (/^chosen$/i.test(t.image) && /^(?:the|that|those|each)$/i.test(before.image) && is(next, T.AnyWord)) makePlainWord(t);
    else if (isParticiple(t) && /^the$/i.test(before.image) && is(next, T.NounWord) && !is(next, T.VerbWord)) makePlainWord(t);
  }
}

/**
 * Card text only: "it's not" (a word `it's` and `not` after it on one line) is one word, as "isn't" is — "If it's not your
 * turn", "if it's not a Knight", "as long as it's not attacking" read as "it isn't ..." (the parser took `it's` as the verb,
 * `not` as its object, and broke off at the words after it: a parse error). In place from `from`.
 */
/**
 * Card text only: "left" before "slot(s)" ("the unit in your left slot") is a plain word naming a slot, not the verb "leave"
 * (the parser broke off there with "Expected '.'"); the lowering says the engine keeps no order of slots (CW6001). In place.
 */
function slotPositionWords(tokens: IToken[], from: number): void {
  for (let i = Math.max(0, from); i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    if (/^left$/i.test(t.image) && /^slots?$/i.test(tokens[i + 1]!.image) && !is(t, T.Word)) makePlainWord(t);
    // "If you haven't cast a spell this turn", "if an opponent has cast two spells": the participle after "have", a plain
    // word as "played" is (the verb "cast" there broke the clause: "Expected ..."); the lowering reads the perfect.
    const next = tokens[i + 1]!;
    if (/^(?:have|has|haven't|hasn't|haven’t|hasn’t)$/i.test(t.image) && /^(?:cast|lost|drawn)$/i.test(next.image) && !is(next, T.Word) && t.startLine === next.startLine) makePlainWord(next);
  }
}

/** A verb's past participle as card text writes a passive (`destroyed`, `returned`, `dealt`): a verb keyword token. */
function isParticiple(t: IToken | undefined): boolean {
  return !!t && is(t, T.VerbWord) && (/[a-z]ed$/i.test(t.image) || /^(?:dealt|drawn|cast|put|lost|taken|given|chosen|stolen|shown|sent|paid)$/i.test(t.image));
}

/**
 * Card text only: a passive after "it's" or "is not" — "If it's destroyed, …", "If it's not destroyed, …", "If it is not
 * destroyed, …" read as "if it is destroyed" / "if it isn't destroyed" (each was a parse error: `it's` was read as the verb,
 * `not` as the verb after `is`). `it's` before a participle is two tokens, `it` and a `Be` written `'s` (compiler/build.ts
 * reads it as "is"); `is not` / `are not` (and `'s not`) before a participle are one `Be` token, as `was not` is
 * (grammar/lexer.ts joinSpacedNegations). Other uses of `it's` (`it's your turn`, `it's a Knight`) are left as they were.
 * `that's` is always two tokens, `that` and a `Be` written `'s` ("target creature that's a Vampire", "a token that's a
 * copy of it"): it reads as "that is" does.
 */
function splitContractedIs(tokens: IToken[], from: number): void {
  const start = Math.max(0, from);
  // A split makes two tokens of one: from the first change on, the tokens are written to a list of their own, then put
  // back in place (most card text has none: no copy of its tokens is made).
  let done: IToken[] | undefined;
  let changedAt = start;
  const write = (t: IToken) => done!.push(t);
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const not = next && /^not$/i.test(next.image) && next.startLine === t.endLine ? next : undefined;
    const participle = tokens[i + 1 + (not ? 1 : 0)];
    const itIs = is(t, T.Word) && /^it['\u2019]s$/i.test(t.image) && isParticiple(participle) && participle!.startLine === t.endLine;
    // "that's" is always "that is" ("target creature that's a Vampire", "a token that's a copy of it").
    const thatIs = is(t, T.Word) && /^that['\u2019]s$/i.test(t.image) && !!next && next.startLine === t.endLine;
    if (itIs || thatIs) {
      const end = not ?? t;
      if (!done) {
        done = [];
        changedAt = i;
      }
      const head = itIs ? T.It : T.That;
      const cut = t.image.length - 2;
      write({ ...t, image: t.image.slice(0, cut), endOffset: t.startOffset + cut - 1, endColumn: (t.startColumn ?? 0) + cut - 1, tokenType: head, tokenTypeIdx: head.tokenTypeIdx! });
      write({ ...t, image: `${t.image.slice(cut)}${not ? ` ${not.image}` : ""}`, startOffset: t.startOffset + cut, startColumn: (t.startColumn ?? 0) + cut, endOffset: end.endOffset, endLine: end.endLine, endColumn: end.endColumn, tokenType: T.Be, tokenTypeIdx: T.Be.tokenTypeIdx! });
      if (not) i += 1;
      continue;
    }
    if (is(t, T.Be) && /^(?:is|are)$/i.test(t.image) && not && isParticiple(participle) && participle!.startLine === t.endLine) {
      if (!done) {
        done = [];
        changedAt = i;
      }
      write({ ...t, image: `${t.image} ${not.image}`, endOffset: not.endOffset, endLine: not.endLine, endColumn: not.endColumn });
      i += 1;
      continue;
    }
    if (done) write(t);
  }
  if (!done) return;
  tokens.length = changedAt;
  for (const t of done) tokens.push(t);
}

/**
 * Card text only: "adjacent to" / "next to" (one line) is one `to` preposition, its image both words — "Units adjacent to
 * this get +1 power." reads as units with a filter `adjacent to this` (the parser broke off at "get": a parse error), which
 * the lowering reports: the engine keeps no order among slots (compiler/lower.ts noteSlotPosition). In place.
 */
function joinAdjacentTo(tokens: IToken[], from: number): void {
  let out = Math.max(0, from);
  for (let i = out; i < tokens.length; i++) {
    const t = tokens[i]!;
    const to = tokens[i + 1];
    if (to && /^(?:adjacent|next)$/i.test(t.image) && is(to, T.To) && t.startLine === to.endLine && i > 0 && (is(tokens[i - 1]!, T.NounWord) || is(tokens[i - 1]!, T.Word))) {
      tokens[out++] = { ...to, image: `${t.image} ${to.image}`, startOffset: t.startOffset, startLine: t.startLine, startColumn: t.startColumn };
      i += 1;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
}

function joinItsNot(tokens: IToken[], from: number): void {
  let out = Math.max(0, from);
  for (let i = out; i < tokens.length; i++) {
    const t = tokens[i]!;
    const not = tokens[i + 1];
    if (not && /^it['\u2019]s$/i.test(t.image) && /^not$/i.test(not.image) && t.tokenType === T.Word && t.startLine === not.endLine) {
      tokens[out++] = { ...t, image: `${t.image} ${not.image}`, endOffset: not.endOffset, endLine: not.endLine, endColumn: not.endColumn };
      i += 1;
      continue;
    }
    tokens[out++] = t;
  }
  tokens.length = out;
}

/**
 * Where the name's first token starts when that is sure without lexing it: at the first character after the lexer's white
 * space, when it is an ASCII letter or digit (a word, keyword, variable, number or stats token starts there); -1
 * otherwise (a comment, a character the lexer blanks or skips, punctuation: lex the name to know).
 */
function nameStart(name: string): number {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0xfeff) continue;
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? i : -1;
  }
  return -1;
}

/**
 * Can a token with this image be the first token of `name`, which starts at `at`? A token's image is the text it was
 * lexed from, or (a joined token: `at least 2`, `is not`) the images of its parts joined by single spaces, its first part
 * first: up to its first space it is the name's own text from `at`. False only when that part differs.
 */
function mayStartName(image: string, name: string, at: number): boolean {
  for (let k = 0; k < image.length; k++) {
    const c = image.charCodeAt(k);
    if (c === 32) return true;
    if (name.charCodeAt(at + k) !== c) return false;
  }
  return true;
}

/** The images of a name's tokens, as the lexer reads them (`Agent 47` → `Agent`, `47`). */
function nameWords(name: string): string[] {
  return T.tokenize(name).tokens.map((t) => t.image);
}

/** The one parser instance (Chevrotain parsers are reusable: set `input` and call an entry rule). */
export const parser = new CardwrightParser();

export { T as tokens };
