/**
 * From source text to the typed AST: lex once, split the file into chunks (one per card, one
 * per game-file statement) so a broken card never hides the next card's diagnostics, parse
 * each chunk with the shared Chevrotain parser, and turn its CST into `ast.ts` nodes.
 *
 * Never throws on any input. Syntax diagnostics use the CW1xxx codes of `messages.ts` and
 * are capped per file (MAX_SYNTAX_DIAGNOSTICS plus one summary), so 10 MB of garbage is
 * reported in bounded time.
 */
import type { CstElement, CstNode, IRecognitionException, IToken, TokenType } from "chevrotain";
import { EOF, tokenMatcher } from "chevrotain";
import * as T from "../grammar/lexer.ts";
import { cardTextWords, endSentencesAtLineBreaks, parser } from "../grammar/parser.ts";
import type * as A from "./ast.ts";
import { LineMap, type Diagnostic, type Range, type Text } from "./diagnostics.ts";
import { Anchor, spanOf as rangeSpan } from "./source-range.ts";
import { diagnostic } from "./messages.ts";
import { closestName } from "./check-suggest.ts";
import { fitted, present } from "./fitted.ts";

export const MAX_SYNTAX_DIAGNOSTICS = 100;
/** Past the reported ones, this many more syntax errors stop the parse of a file. */
const GIVE_UP_AFTER_DROPPED = 400;

export interface ParseResult {
  ast: A.Document;
  /** The same tree as `ast` (both names are in use). */
  document: A.Document;
  diagnostics: Diagnostic[];
  /** Syntax errors found past the cap and not listed (the CW1009 summary counts them). */
  omitted: number;
}

// ---------------------------------------------------------------------------------------
// Diagnostics

class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private dropped = 0;
  /** Every problem past the cap, over the reporter's life (`dropped` is reset by `finish`). */
  omitted = 0;
  constructor(
    readonly file: string,
    readonly lines: LineMap,
  ) {}
  get full(): boolean {
    return this.diagnostics.length >= MAX_SYNTAX_DIAGNOSTICS;
  }
  /**
   * So many errors that the text is not card text at all: parsing stops (error handling is
   * the slow path of a parser; a real file with this many errors needs fixing first anyway).
   */
  get overwhelmed(): boolean {
    return this.dropped > GIVE_UP_AFTER_DROPPED;
  }
  /** Counts a problem that is past the cap without building its message. */
  drop(): void {
    this.dropped++;
    this.omitted++;
  }
  add(d: Diagnostic): void {
    if (this.full) this.drop();
    else this.diagnostics.push(d);
  }
  finish(): Diagnostic[] {
    this.diagnostics.sort((a, b) => a.range.start.offset - b.range.start.offset);
    if (this.dropped > 0) {
      const last = this.diagnostics[this.diagnostics.length - 1]!;
      this.diagnostics.push(diagnostic("CW1009", this.file, last.range, { count: this.dropped }));
      this.dropped = 0;
    }
    return this.diagnostics;
  }
}

// ---------------------------------------------------------------------------------------
// Context: the text, its line map and offset helpers

interface Ctx {
  /** Lines with a lexical error: parse errors there are its echo and are not reported again. */
  lexErrorLines?: Set<number>;
  /** Where the rest of a line is reported unread (reportUnreadableLines): the missing period before it is that same error. */
  unreadableStarts?: Set<number>;
  text: Text;
  file: string;
  lines: LineMap;
  report: Reporter;
  /** Offset used for nodes whose tokens were all inserted by error recovery. */
  fallbackOffset: number;
  /** Where the ranges made now count from: the card being built, else the file (source-range.ts). */
  anchor: Anchor;
}

function finite(n: number | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n) && n >= 0;
}

function rangeOf(ctx: Ctx, start: number, end: number): Range {
  return ctx.anchor.range(start, end);
}

function tokenRange(ctx: Ctx, t: IToken): Range {
  if (!finite(t.startOffset)) return rangeOf(ctx, ctx.fallbackOffset, ctx.fallbackOffset);
  const end = finite(t.endOffset) ? t.endOffset + 1 : t.startOffset + t.image.length;
  return rangeOf(ctx, t.startOffset, end);
}

/** Start/end offsets spanned by real (not inserted) tokens of a CST element. */
function spanOf(el: CstElement): [number, number] | undefined {
  if ("image" in el) {
    if (!finite(el.startOffset)) return undefined;
    return [el.startOffset, finite(el.endOffset) ? el.endOffset + 1 : el.startOffset + el.image.length];
  }
  const loc = el.location;
  if (loc && finite(loc.startOffset) && finite(loc.endOffset)) return [loc.startOffset, loc.endOffset + 1];
  let start = Infinity;
  let end = -Infinity;
  for (const list of Object.values(el.children)) {
    for (const child of list) {
      const s = spanOf(child);
      if (s) {
        if (s[0] < start) start = s[0];
        if (s[1] > end) end = s[1];
      }
    }
  }
  return start === Infinity ? undefined : [start, end];
}

function cstRange(ctx: Ctx, el: CstElement | undefined): Range {
  const s = el ? spanOf(el) : undefined;
  return s ? rangeOf(ctx, s[0], s[1]) : rangeOf(ctx, ctx.fallbackOffset, ctx.fallbackOffset);
}

function spanRange(ctx: Ctx, parts: (CstElement | undefined)[]): Range {
  let start = Infinity;
  let end = -Infinity;
  for (const p of parts) {
    const s = p ? spanOf(p) : undefined;
    if (s) {
      start = Math.min(start, s[0]);
      end = Math.max(end, s[1]);
    }
  }
  return start === Infinity ? rangeOf(ctx, ctx.fallbackOffset, ctx.fallbackOffset) : rangeOf(ctx, start, end);
}

function nodesSpan(ctx: Ctx, nodes: { range: Range }[]): Range {
  let start = Infinity;
  let end = -Infinity;
  for (const n of nodes) {
    start = Math.min(start, n.range.start.offset);
    end = Math.max(end, n.range.end.offset);
  }
  return start === Infinity ? rangeOf(ctx, ctx.fallbackOffset, ctx.fallbackOffset) : rangeOf(ctx, start, end);
}

// ---------------------------------------------------------------------------------------
// CST access

// These run for every node of every card: they avoid allocating where they can (a label's list
// holds only tokens or only nodes, so it is returned as it is).
const NONE: never[] = [];

function toks(node: CstNode | undefined, name: string): IToken[] {
  const list = node?.children[name];
  if (!list) return NONE;
  return list.every((t) => "image" in t) ? (list as IToken[]) : (list.filter((t) => "image" in t) as IToken[]);
}
function tok(node: CstNode | undefined, name: string, i = 0): IToken | undefined {
  const list = node?.children[name];
  if (!list) return undefined;
  for (const el of list) if ("image" in el && i-- === 0) return el;
  return undefined;
}
function subs(node: CstNode | undefined, name: string): CstNode[] {
  const list = node?.children[name];
  if (!list) return NONE;
  return list.every((n) => "children" in n) ? (list as CstNode[]) : (list.filter((n) => "children" in n) as CstNode[]);
}
function sub(node: CstNode | undefined, name: string, i = 0): CstNode | undefined {
  const list = node?.children[name];
  if (!list) return undefined;
  for (const el of list) if ("children" in el && i-- === 0) return el;
  return undefined;
}
/** Real tokens directly under a node, in source order. */
function directTokens(node: CstNode): IToken[] {
  const out: IToken[] = [];
  for (const name in node.children) for (const el of node.children[name]!) if ("image" in el) out.push(el);
  return out.length > 1 ? out.sort((a, b) => (a.startOffset || 0) - (b.startOffset || 0)) : out;
}
/** The first real token directly under a node (in source order). */
function firstDirectToken(node: CstNode): IToken | undefined {
  let first: IToken | undefined;
  for (const name in node.children) {
    for (const el of node.children[name]!) {
      if ("image" in el && (!first || (el.startOffset || 0) < (first.startOffset || 0))) first = el;
    }
  }
  return first;
}
function isType(t: IToken, type: TokenType): boolean {
  return tokenMatcher(t, type);
}
function inserted(t: IToken | undefined): boolean {
  return !t || !finite(t.startOffset) || t.isInsertedInRecovery === true;
}

// ---------------------------------------------------------------------------------------
// Leaves

const plainWordTypes = new Set<TokenType>([T.Word, T.Variable]);

function normaliseApostrophes(s: string): string {
  return s.includes("’") ? s.replace(/’/g, "'") : s;
}

/**
 * A word node. Keywords in structural positions are stored lower-case (their canonical
 * spelling); `preserve` keeps the written text (names, field values, markers).
 */
function word(ctx: Ctx, t: IToken, preserve = false): A.WordNode {
  const keyword = !plainWordTypes.has(t.tokenType);
  // `it's destroyed` (card text, grammar/parser.ts splitContractedIs): the `Be` written `'s` reads as "is".
  const contracted = t.tokenType === T.Be && /^['’]s\b/.test(t.image) ? normaliseApostrophes(T.lowerCase(t.image)) : undefined;
  const text = keyword && !preserve ? (contracted ? contracted.replace(/^'s/, "is") : normaliseApostrophes(T.lowerCase(t.image))) : t.image;
  const lemma = keyword ? T.lemmaOf(t.tokenType.name, t.image) : T.lowerCase(t.image);
  return { kind: "word", text, lemma, keyword, range: tokenRange(ctx, t), ...(contracted ? { contracted } : {}) };
}

export function unescapeString(image: string): string {
  const inner = image.length >= 2 ? image.slice(1, -1) : "";
  return inner.replace(/\\(.)/g, "$1");
}

function stringNode(ctx: Ctx, t: IToken): A.StringNode {
  return { kind: "string", value: inserted(t) ? "" : unescapeString(t.image), range: tokenRange(ctx, t) };
}

function numberNode(ctx: Ctx, t: IToken): A.NumberNode {
  const value = Number.parseInt(t.image, 10);
  return { kind: "number", value: Number.isFinite(value) ? value : 0, text: t.image.replace(/(\d)-$/, "$1"), range: tokenRange(ctx, t) };
}

function statsNode(ctx: Ctx, t: IToken): A.StatsNode {
  const [a, b] = t.image.split("/");
  return { kind: "stats", first: Number.parseInt(a ?? "0", 10) || 0, second: Number.parseInt(b ?? "0", 10) || 0, text: t.image, range: tokenRange(ctx, t) };
}

const punctText: Record<string, string> = {
  Dash: "—", Comma: ",", Equals: "=", Plus: "+", Slash: "/", LParen: "(", RParen: ")",
  // Only in a free-text field's prose (`flavor: "It burns," she said.`).
  Period: ".", Colon: ":", Semicolon: ";", Bullet: "•", LBracket: "[", RBracket: "]",
};

function valueItem(ctx: Ctx, t: IToken): A.ValueItem {
  if (isType(t, T.StringLiteral)) return stringNode(ctx, t);
  if (isType(t, T.NumberLiteral)) return numberNode(ctx, t);
  if (isType(t, T.CostSymbol)) return { kind: "symbol", symbol: t.image.slice(1, -1), range: tokenRange(ctx, t) };
  if (isType(t, T.Stats)) return statsNode(ctx, t);
  const punct = punctText[t.tokenType.name];
  if (punct !== undefined) return { kind: "punct", text: punct, range: tokenRange(ctx, t) };
  return word(ctx, t, true);
}

function valueItems(ctx: Ctx, nodes: CstNode[]): { item: A.ValueItem; token: IToken }[] {
  const out: { item: A.ValueItem; token: IToken }[] = [];
  for (const n of nodes) {
    const t = firstDirectToken(n);
    if (t && !inserted(t)) out.push({ item: valueItem(ctx, t), token: t });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Noun phrases, clauses, sequences

const wordNumbers: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/**
 * A comparison joined around a number by grammar/lexer.ts joinComparisons, as the count it means for whole numbers:
 * strict bounds one past the number (`less than 3` is "2 or less", `more than 2` "3 or more"), the others at it
 * (`no more than 2`, `2 or lower`: "2 or less"); on a variable (`less than X`) the one past is its `offset`. Undefined for
 * any other image.
 */
function writtenComparison(image: string): Pick<A.Count, "text" | "value" | "comparison" | "written" | "variable" | "offset"> | undefined {
  const spaced = image.replace(/\s+/g, " ");
  const after = /^(\S+) or (\S+)$/.exec(spaced);
  const before = after ? undefined : /^(.+) (\S+)$/.exec(spaced);
  const number = after ? after[1] : before?.[2];
  const words = after ? `or ${after[2]!.toLowerCase()}` : before?.[1]!.toLowerCase();
  if (number === undefined || words === undefined) return undefined;
  const bound = comparisonBound(words);
  if (!bound) return undefined;
  // "less than X": the variable (its letter as written), bounded one past it ("X minus 1 or less").
  if (/^[A-Z]$/.test(number)) {
    const written = after ? `${number} ${words}` : `${words} ${number}`;
    return { text: number, variable: number, comparison: bound.comparison, written, ...(bound.delta ? { offset: bound.delta } : {}) };
  }
  const text = number.toLowerCase();
  const n = wordNumbers[text] ?? (/^\d+$/.test(text) ? Number.parseInt(text, 10) : undefined);
  if (n === undefined) return undefined;
  return { text, value: n + bound.delta, comparison: bound.comparison, written: after ? `${text} ${words}` : `${words} ${text}` };
}

/** The words of a comparison (before its number, or `or <word>` after it): which way it bounds, and how far past the number. */
function comparisonBound(words: string): { comparison: NonNullable<A.Count["comparison"]>; delta: number } | undefined {
  const fewer = /\bfewer\b/.test(words) ? "fewer" : "less";
  const greater = /\bgreater\b/.test(words) ? "greater" : "more";
  if (words.startsWith("or ")) return /^or (?:lower|below|under|smaller)$/.test(words) ? { comparison: "less", delta: 0 } : /^or (?:higher|above|over|bigger|larger)$/.test(words) ? { comparison: "more", delta: 0 } : undefined;
  if (/ or equal to$/.test(words)) return /^(?:less|fewer|lower|smaller) /.test(words) ? { comparison: fewer, delta: 0 } : { comparison: greater, delta: 0 };
  if (/^(?:no|not) /.test(words)) return { comparison: /^(?:no|not) (?:more|greater|higher|bigger|larger) /.test(words) ? "less" : "more", delta: 0 };
  if (/^(?:less|fewer|lower|smaller) than$|^(?:below|under)$/.test(words)) return { comparison: fewer, delta: -1 };
  if (/^(?:more|greater|higher|bigger|larger) than$|^(?:above|over)$/.test(words)) return { comparison: greater, delta: 1 };
  return undefined;
}

function countFrom(ctx: Ctx, t: IToken, comparison: IToken | undefined, last: IToken): A.Count {
  const range = comparison && !inserted(comparison) ? rangeOf(ctx, t.startOffset, comparison.endOffset! + 1) : tokenRange(ctx, last);
  // "a 2-power Wolf token": the hyphen the number carries is written back as a space (the canonical "2 power").
  const node: A.Count = { kind: "count", text: isType(t, T.Variable) ? t.image : t.image.toLowerCase().replace(/-$/, ""), range };
  // `+X` / `-X`: the letter is the variable; the sign stays in `text`.
  // "at least two", "at most 5" (grammar/lexer.ts joinAtLeast): the number "or more" / "or fewer", its words kept.
  const bound = /^at\s+(least|most)\s+(\S+)$/i.exec(t.image);
  const compared = bound ? undefined : writtenComparison(t.image);
  if (compared) {
    // "less than 3", "below 3", "2 or lower", "no more than 2" (grammar/lexer.ts joinComparisons): the whole-number bound
    // it means ("2 or less"), the words kept as written (Count.written).
    Object.assign(node, compared);
  } else if (bound) {
    const number = bound[2]!.toLowerCase();
    node.text = number;
    // "at most X": the variable, bounded at it.
    if (/^[A-Z]$/.test(bound[2]!)) {
      node.text = bound[2]!;
      node.variable = bound[2]!;
    } else node.value = wordNumbers[number] ?? (Number.parseInt(number, 10) || 0);
    node.comparison = bound[1]!.toLowerCase() === "least" ? "more" : "fewer";
    node.bound = bound[1]!.toLowerCase() as "least" | "most";
  } else if (isType(t, T.Variable) || isType(t, T.X)) node.variable = t.image.replace(/^[+-]/, "").toUpperCase();
  else if (isType(t, T.NumberWord)) {
    // "one, two or three" (joined by the lexer before "target(s)"): a range, from the first number to the last.
    const words = t.image.toLowerCase().split(/[\s,]+/).filter((w) => w !== "or" && w !== "");
    node.value = wordNumbers[words.at(-1)!] ?? 0;
    if (words.length > 1) {
      node.atLeast = wordNumbers[words[0]!] ?? 0;
      node.text = t.image.toLowerCase().replace(/\s+/g, " ");
    }
  }
  else {
    const v = Number.parseInt(t.image, 10);
    node.value = Number.isFinite(v) ? v : 0;
  }
  if (comparison && !inserted(comparison) && !bound && !compared) node.comparison = comparison.image.toLowerCase() as A.Count["comparison"];
  return node;
}

function determinerNode(ctx: Ctx, n: CstNode): A.Determiner | undefined {
  const up = tok(n, "Up");
  if (up) {
    const to = tok(n, "To");
    const end = to && !inserted(to) ? to : up;
    return { kind: "determiner", lemma: "up to", text: "up to", range: rangeOf(ctx, up.startOffset, end.endOffset! + 1) };
  }
  const count = tok(n, "count");
  if (count) return countFrom(ctx, count, tok(n, "comparison"), count);
  // `double that damage`: a multiplier, lower case.
  const multiplier = tok(n, "multiplier");
  if (multiplier) return inserted(multiplier) ? undefined : { kind: "determiner", lemma: multiplier.image.toLowerCase(), text: multiplier.image.toLowerCase(), range: tokenRange(ctx, multiplier) };
  const t = tok(n, "Determiner") ?? tok(n, "Pronoun");
  if (!t || inserted(t)) return undefined;
  if (isType(t, T.Variable) || isType(t, T.X) || isType(t, T.NumberWord)) return countFrom(ctx, t, tok(n, "comparison"), t);
  return { kind: "determiner", lemma: T.lemmaOf(t.tokenType.name, t.image), text: normaliseApostrophes(t.image.toLowerCase()), range: tokenRange(ctx, t) };
}

function nounItemNode(ctx: Ctx, n: CstNode): A.NounItem | undefined {
  const count = tok(n, "count");
  if (count) return inserted(count) ? undefined : countFrom(ctx, count, tok(n, "comparison"), count);
  const t = firstDirectToken(n);
  if (!t || inserted(t)) return undefined;
  if (isType(t, T.Stats)) return statsNode(ctx, t);
  if (isType(t, T.StringLiteral)) return stringNode(ctx, t);
  if (isType(t, T.CostSymbol)) return { kind: "symbol", symbol: t.image.slice(1, -1), range: tokenRange(ctx, t) };
  // Nouns keep their spelling (`Discard Pile`, `Main Deck`): they name things of the game.
  // A keyword noun shouted in capitals (`CARD`) is brought back to lower case.
  const w = word(ctx, t, true);
  if (w.keyword && w.text.length > 1 && w.text === w.text.toUpperCase()) w.text = normaliseApostrophes(w.text.toLowerCase());
  return w;
}

function nounPhrase(ctx: Ctx, n: CstNode | undefined): A.NounPhrase {
  const determiners = present(subs(n, "determiner").map((d) => determinerNode(ctx, d)));
  const items = present(subs(n, "nounItem").map((d) => nounItemNode(ctx, d)));
  const filters = present(subs(n, "nounFilter").map((f) => nounFilter(ctx, f)));
  sideWordToController(items, filters);
  const np: A.NounPhrase = { kind: "np", determiners, items, filters, range: cstRange(ctx, n) };
  const joiners = toks(n, "joiner");
  const also: A.NounPhrase[] = [];
  subs(n, "coordinated").forEach((c, i) => {
    const joined = nounPhrase(ctx, c);
    const joiner = joiners[i];
    if (joiner && isType(joiner, T.Or)) np.orAnother = joined;
    else {
      if (joiner && isType(joiner, T.Comma)) joined.comma = true;
      also.push(joined);
    }
  });
  if (also.length > 0) np.also = also;
  return np;
}

/**
 * `target creature defending player controls`: written without "the", the nouns take "defending" ("creature defending")
 * and leave the controller a bare "player". A side word after the noun is the controller's — "defending creature"
 * is written before its noun — so it moves there (the phrase reads as `the defending player controls` does).
 */
function sideWordToController(items: A.NounItem[], filters: A.NounFilter[]): void {
  const side = items[items.length - 1];
  const control = filters[0];
  if (items.length < 2 || side?.kind !== "word" || !/^(defending|attacking)$/i.test(side.text)) return;
  if (control?.kind !== "controlledBy" || control.controller.determiners.length || control.controller.items.length !== 1) return;
  const player = control.controller.items[0]!;
  if (player.kind !== "word" || player.lemma !== "player") return;
  items.pop();
  filters[0] = { ...control, controller: { ...control.controller, items: [side, player], range: rangeSpan(side.range, control.controller.range) } };
}

/** The player phrase of `you control` / `an opponent controls` / `Spells your opponents cast`: determiners and nouns, no filters. */
function playerPhrase(ctx: Ctx, n: CstNode): A.NounPhrase {
  const determiners: A.Determiner[] = [];
  const items: A.NounItem[] = [];
  for (const t of directTokens(n).filter((t) => !inserted(t))) {
    if (isType(t, T.Determiner) || isType(t, T.Pronoun)) {
      if (isType(t, T.Variable) || isType(t, T.X) || isType(t, T.NumberWord)) determiners.push(countFrom(ctx, t, undefined, t));
      else determiners.push({ kind: "determiner", lemma: T.lemmaOf(t.tokenType.name, t.image), text: t.image.toLowerCase(), range: tokenRange(ctx, t) });
    } else items.push(word(ctx, t));
  }
  return { kind: "np", determiners, items, filters: [], range: cstRange(ctx, n) };
}

function nounFilter(ctx: Ctx, n: CstNode): A.NounFilter | undefined {
  const controller = sub(n, "controller");
  if (controller) {
    const np = playerPhrase(ctx, controller);
    const verbToken = tok(n, "Control");
    const written = verbToken && !inserted(verbToken) ? word(ctx, verbToken) : undefined;
    // `you own`, `owned by an opponent`: the same filter on the owner, lemma `own`.
    const verb = written ? (/^own/i.test(written.text) ? { ...written, lemma: "own" } : written) : { kind: "word" as const, text: "control", lemma: "control", keyword: true, range: np.range };
    const not = tok(n, "not");
    const by = tok(n, "by");
    return {
      kind: "controlledBy",
      controller: np,
      verb,
      ...(not && !inserted(not) ? { not: word(ctx, not) } : {}),
      ...(by && !inserted(by) ? { by: word(ctx, by) } : {}),
      range: cstRange(ctx, n),
    };
  }
  const whose = tok(n, "whose");
  const possessed = tok(n, "possessed");
  if (whose && possessed && !inserted(possessed)) {
    const pred = sub(n, "whosePredicate");
    const had = word(ctx, possessed);
    const hadNp: A.NounPhrase = { kind: "np", determiners: [], items: [had], filters: [], range: tokenRange(ctx, possessed) };
    const clause = clauseOf(ctx, pred, hadNp, pred);
    // `whose power is 4 or more`, `whose life is 10 or less`: an amount of what the noun has — the phrase `with power 4 or
    // more` is (kept as written: `whose`); anything else is a relative clause whose subject is what it has.
    const amount = clause.object;
    if (clause.be && !clause.verb && !clause.modal && amount && !clause.tail.length && !clause.complement && !amount.items.length && amount.determiners.length === 1 && amount.determiners[0]!.kind === "count") {
      const object: A.NounPhrase = { kind: "np", determiners: [], items: [had, amount.determiners[0]! as A.NounPhrase["items"][number]], filters: amount.filters, range: rangeSpan(hadNp.range, amount.range) };
      return { kind: "prep", prep: "with", object, whose: clause.be.text, range: cstRange(ctx, n) };
    }
    return { kind: "relative", that: true, pronoun: "whose", clause, range: cstRange(ctx, n) };
  }
  const relativeWord = tok(n, "relative");
  if (relativeWord) {
    const pred = sub(n, "predicate");
    // `who` as written (`Each player who has ...`): the formatter prints it back.
    const pronoun = T.lowerCase(relativeWord.image);
    return { kind: "relative", that: true, ...(pronoun === "who" ? { pronoun } : {}), clause: clauseOf(ctx, pred, undefined, pred), range: cstRange(ctx, n) };
  }
  const relative = sub(n, "relativeClause");
  if (relative) {
    const pronoun = tok(relative, "Pronoun");
    const player = sub(relative, "player");
    const subject: A.NounPhrase | undefined =
      pronoun && !inserted(pronoun)
        ? { kind: "np", determiners: [{ kind: "determiner", lemma: T.lemmaOf(pronoun.tokenType.name, pronoun.image), text: normaliseApostrophes(pronoun.image.toLowerCase()), range: tokenRange(ctx, pronoun) }], items: [], filters: [], range: tokenRange(ctx, pronoun) }
        : player
          ? playerPhrase(ctx, player)
          : undefined;
    const rel: A.Clause = { kind: "clause", tail: [], range: cstRange(ctx, relative) };
    if (subject) rel.subject = subject;
    const v = sub(relative, "verb");
    const verb = v ? verbNode(ctx, v, false) : undefined;
    if (verb) rel.verb = verb;
    const object = sub(relative, "object");
    if (object) rel.object = nounPhrase(ctx, object);
    const timing = sub(relative, "timing");
    const timingItem = timing ? tailItem(ctx, timing) : undefined;
    if (timingItem) rel.tail = [timingItem];
    return { kind: "relative", that: false, ...(tok(n, "relativeThat") ? { thatWritten: true } : {}), clause: rel, range: cstRange(ctx, n) };
  }
  const combatParticiple = tok(n, "combatParticiple");
  if (combatParticiple) {
    // `each creature blocking it` (object `it`), `the creature blocked by this` (tail `by this`): a relative clause with no
    // subject, as `the damage dealt this way`.
    const about = nounPhrase(ctx, sub(n, "participleObject"));
    const by = tok(n, "participleBy");
    const rel: A.Clause = { kind: "clause", verb: word(ctx, combatParticiple), tail: [], range: cstRange(ctx, n) };
    if (by && !inserted(by)) rel.tail = [{ kind: "prep", prep: "by", object: about, range: spanRange(ctx, [by, sub(n, "participleObject")]) }];
    else rel.object = about;
    return { kind: "relative", that: false, clause: rel, range: cstRange(ctx, n) };
  }
  const participle = tok(n, "participle");
  if (participle) {
    // `the damage dealt this way`: a relative clause with no subject (`that:` false); `this way` is its object.
    const rel: A.Clause = { kind: "clause", verb: word(ctx, participle), tail: [], range: cstRange(ctx, n) };
    const thisTok = tok(n, "participleThis");
    const way = tok(n, "participleWay");
    if (thisTok && way && !inserted(thisTok) && !inserted(way)) {
      const range = spanRange(ctx, [thisTok, way]);
      rel.object = { kind: "np", determiners: [{ kind: "determiner", lemma: "this", text: thisTok.image, range: tokenRange(ctx, thisTok) }], items: [word(ctx, way)], filters: [], range };
    }
    return { kind: "relative", that: false, clause: rel, range: cstRange(ctx, n) };
  }
  const equalTo = sub(n, "equalTo");
  if (tok(n, "Equal")) return { kind: "equalTo", value: nounPhrase(ctx, equalTo), range: cstRange(ctx, n) };
  // "target unit other than this": the cards after "than" are left out, as after "except" (lower.ts selector); kept as
  // written, so the formatter prints it back.
  if (tok(n, "otherThan")) return { kind: "prep", prep: "other than", object: nounPhrase(ctx, sub(n, "filterObject")), range: cstRange(ctx, n) };
  const prep = tok(n, "prep");
  // "from among them" is the looked-at or named cards a choice is made among: the prep "among".
  const fromAmong = tok(n, "fromAmong");
  // `units adjacent to this` (card text joins `adjacent to` / `next to` into one `to`): that preposition, as written.
  const beside = prep && /^(?:adjacent|next)\s+to$/i.test(prep.image) ? (prep.image.toLowerCase().replace(/\s+/, " ") as "adjacent to" | "next to") : undefined;
  if (prep) return { kind: "prep", prep: beside ?? (fromAmong && !inserted(fromAmong) ? "among" : T.lemmaOf(prep.tokenType.name, prep.image)), object: nounPhrase(ctx, sub(n, "filterObject")), range: cstRange(ctx, n) };
  return undefined;
}

function tailItem(ctx: Ctx, n: CstNode): A.TailItem | undefined {
  const timing = tok(n, "timing");
  const combat = tok(n, "combat");
  if (timing) return { kind: "timing", which: T.lemmaOf(timing.tokenType.name, timing.image), ...(combat && !inserted(combat) ? { combat: word(ctx, combat) } : {}), range: cstRange(ctx, n) };
  const cond = tok(n, "condition");
  if (cond) {
    const phrase: A.ConditionPhrase = { kind: "condition", word: isType(cond, T.Unless) ? "unless" : isType(cond, T.As) ? "as long as" : cond.image.toLowerCase() === "while" ? "while" : cond.image.toLowerCase() === "until" ? "until" : "if", clause: clause(ctx, sub(n, "clause")), range: cstRange(ctx, n) };
    // `... as long as A or B`: the conditions after the first (as `conditional`'s).
    const joins = toks(n, "conditionJoin");
    const more = subs(n, "moreCondition").map((c, i) => ({ join: word(ctx, joins[i]!), clause: clause(ctx, c) }));
    if (more.length) phrase.more = more;
    return phrase;
  }
  if (tok(n, "Where")) {
    const v = tok(n, "Variable");
    const variable: A.WordNode = v && !inserted(v) ? word(ctx, v) : { kind: "word", text: "X", lemma: "x", keyword: false, range: cstRange(ctx, n) };
    return { kind: "where", variable, value: nounPhrase(ctx, sub(n, "whereValue")), range: cstRange(ctx, n) };
  }
  if (tok(n, "Instead")) return { kind: "instead", range: cstRange(ctx, n) };
  const how = tok(n, "roundedHow");
  const rounded = tok(n, "rounded");
  // Its range is its words (not the comma before or after it): what a diagnostic about it shows.
  if (rounded && how && !inserted(how)) return { kind: "rounding", direction: how.image.toLowerCase() === "up" ? "up" : "down", range: spanRange(ctx, [rounded, how]) };
  const capUp = tok(n, "capUp");
  const capMax = tok(n, "capMax");
  if (capUp && capMax && !inserted(capMax)) {
    const text = capMax.image.toLowerCase();
    return { kind: "cap", max: wordNumbers[text] ?? (Number.parseInt(text, 10) || 0), text, range: spanRange(ctx, [capUp, capMax]) };
  }
  const particle = tok(n, "particle");
  if (particle && !inserted(particle)) {
    const w = word(ctx, particle);
    w.text = w.lemma;
    return { kind: "particle", word: w, range: cstRange(ctx, n) };
  }
  const pp = sub(n, "prepPhrase");
  if (pp) {
    const prep = tok(pp, "prep");
    return { kind: "prep", prep: prep ? T.lemmaOf(prep.tokenType.name, prep.image) : "to", object: nounPhrase(ctx, sub(pp, "nounPhrase")), range: cstRange(ctx, n) };
  }
  return undefined;
}

function verbNode(ctx: Ctx, n: CstNode, preserve: boolean): A.WordNode | undefined {
  const t = firstDirectToken(n);
  return t && !inserted(t) ? word(ctx, t, preserve) : undefined;
}

function clause(ctx: Ctx, n: CstNode | undefined, preserveVerb = false): A.Clause {
  const gapped = sub(n, "gappedObject");
  if (gapped) {
    // The verb is left out (`... and 1 damage to its controller`): it repeats the previous step's.
    const tail = subs(n, "gappedTail").map((t) => tailItem(ctx, t)).filter((t): t is A.TailItem => !!t);
    return { kind: "clause", object: nounPhrase(ctx, gapped), tail, range: cstRange(ctx, n) };
  }
  const subj = sub(n, "subject");
  const subject = subj ? nounPhrase(ctx, sub(subj, "nounPhrase")) : undefined;
  // `... and also gain Haste`: `also` is no subject — the clause goes on with the subject before it.
  const alsoWord = subject && !subject.determiners.length && !subject.filters.length && !subject.also && subject.items.length === 1 && subject.items[0]!.kind === "word" && T.lowerCase(subject.items[0]!.text) === "also" ? subject.items[0] : undefined;
  const result = clauseOf(ctx, n, alsoWord ? undefined : subject, sub(n, "predicate"), preserveVerb);
  if (alsoWord?.kind === "word") result.also = alsoWord;
  // `it also gains Haste`: `also` after a subject of its own.
  const also = tok(sub(n, "predicate"), "also");
  if (also && !inserted(also) && !result.also) result.also = word(ctx, also);
  // `if that player already has ...`: read by a condition (as it is checked), by nothing else.
  const already = tok(sub(n, "predicate"), "already");
  if (already && !inserted(already)) result.already = word(ctx, already);
  return result;
}

function clauseOf(ctx: Ctx, n: CstNode | undefined, subject: A.NounPhrase | undefined, pred: CstNode | undefined, preserveVerb = false): A.Clause {
  const result: A.Clause = { kind: "clause", tail: [], range: cstRange(ctx, n ?? pred) };
  if (subject) result.subject = subject;
  const each = tok(pred, "each");
  if (each && !inserted(each)) result.each = word(ctx, each);
  const modal = tok(pred, "modal");
  if (modal && !inserted(modal)) result.modal = word(ctx, modal);
  const be = tok(pred, "Be");
  if (be && !inserted(be)) result.be = word(ctx, be);
  const verbs = subs(pred, "verb").map((v) => verbNode(ctx, v, preserveVerb)).filter((v): v is A.WordNode => !!v);
  if (verbs[0]) result.verb = verbs[0];
  if (verbs.length > 1) result.orVerbs = verbs.slice(1);
  const object = sub(pred, "object");
  if (object) result.object = nounPhrase(ctx, object);
  const complement = sub(pred, "complement");
  if (complement) result.complement = nounPhrase(ctx, complement);
  result.tail = exceptOnItsNoun(ctx, result, subs(pred, "tailItem").map((t) => tailItem(ctx, t)).filter((t): t is A.TailItem => !!t));
  return result;
}

/**
 * "Destroy all units except Golems", "Deal 1 damage to each unit except this": the cards "except" leaves out belong to the
 * noun right before it (the object, or the object of the preposition before), as "other than" does — a filter of that
 * noun phrase, read with its selector. "can't be blocked except by …" (the lexer joins "except by") stays in the tail.
 */
function exceptOnItsNoun(ctx: Ctx, clause: A.Clause, tail: A.TailItem[]): A.TailItem[] {
  return tail.filter((item, i) => {
    if (item.kind !== "prep" || item.prep !== "except" || /^except\s+by\b/i.test(ctx.text.slice(item.range.start.offset, item.range.end.offset))) return true;
    const before = i === 0 ? clause.object : tail[i - 1]?.kind === "prep" ? (tail[i - 1] as A.PrepPhrase).object : undefined;
    if (!before) return true;
    before.filters.push(item);
    return false;
  });
}

function connectorOf(n: CstNode): A.Connector {
  if (tok(n, "Dash")) return "—";
  if (tok(n, "Semicolon")) return ";";
  if (tok(n, "Period")) return tok(n, "Then") ? ". then" : ".";
  if (tok(n, "Comma")) return tok(n, "Then") ? ", then" : tok(n, "And") ? ", and" : tok(n, "Or") ? ", or" : ",";
  if (tok(n, "And")) return tok(n, "Then") ? "and then" : "and";
  return "then";
}

/** `Choose one — • ... • ...` (an ability of its own, or a trigger's effect). */
function modalBody(ctx: Ctx, modal: CstNode): A.ModalBody {
  const choose = toks(modal, "choose").filter((t) => !inserted(t)).map((t) => word(ctx, t));
  return { kind: "modal", choose, modes: subs(modal, "sequence").map((s) => sequence(ctx, s)), range: cstRange(ctx, modal) };
}

/** `If you do,` / `If you don't,` / `If they can't,` before a sentence: the subject, and `do` as the verb or `don't` / `can't` as the modal. */
function didCondition(ctx: Ctx, n: CstNode): A.ConditionPhrase {
  const result: A.Clause = { kind: "clause", subject: nounPhrase(ctx, sub(n, "subject")), tail: [], range: cstRange(ctx, n) };
  const did = tok(n, "did");
  if (did && !inserted(did)) {
    if (isType(did, T.DoesNot) || isType(did, T.Cannot)) result.modal = word(ctx, did);
    else result.verb = word(ctx, did);
  }
  const comma = tok(n, "Comma");
  const end = comma && !inserted(comma) ? comma.startOffset : (did?.endOffset ?? 0) + 1;
  result.range = rangeOf(ctx, tok(n, "If")!.startOffset, end);
  return { kind: "condition", word: "if", clause: result, range: result.range };
}

function sequence(ctx: Ctx, n: CstNode | undefined): A.Sequence {
  const clauses = subs(n, "clause");
  const connectors = subs(n, "connector");
  const steps: A.Step[] = clauses.map((c, i) => {
    const cl = clause(ctx, c);
    const conn = i === 0 ? undefined : connectors[i - 1];
    const step: A.Step = { kind: "step", connector: conn ? connectorOf(conn) : "", clause: cl, range: conn ? spanRange(ctx, [conn, c]) : cl.range };
    const did = sub(conn, "didCondition");
    if (did) step.condition = didCondition(ctx, did);
    // `. Then, if X, Y.` is stored as `. Then Y if X.` (its canonical form).
    const leadingIf = sub(conn, "leadingCondition");
    if (leadingIf) {
      const at = cl.tail.findIndex((t) => t.kind === "where");
      const phrase: A.ConditionPhrase = { kind: "condition", word: "if", clause: clause(ctx, sub(leadingIf, "clause")), range: cstRange(ctx, leadingIf) };
      const joins = toks(leadingIf, "conditionJoin");
      const more = subs(leadingIf, "moreCondition").map((c, i) => ({ join: word(ctx, joins[i]!), clause: clause(ctx, c) }));
      if (more.length) phrase.more = more;
      cl.tail.splice(at < 0 ? cl.tail.length : at, 0, phrase);
    }
    return step;
  });
  // `If this would be destroyed, instead return it to its owner's hand.` is stored as `... return it to its owner's hand
  // instead.` (its canonical form), the word where it was written.
  const leadingInstead = tok(n, "leadingInstead");
  if (leadingInstead && !inserted(leadingInstead) && steps[0]) {
    const tail = steps[0].clause.tail;
    const at = tail.findIndex((t) => t.kind === "condition" || t.kind === "where");
    tail.splice(at < 0 ? tail.length : at, 0, { kind: "instead", range: rangeOf(ctx, leadingInstead.startOffset, (leadingInstead.endOffset ?? leadingInstead.startOffset) + 1) });
    const firstItem = steps[0].clause.subject?.determiners.length === 0 ? steps[0].clause.subject.items[0] : undefined;
    if (firstItem?.kind === "word" && /^[a-z]/.test(firstItem.text)) firstItem.text = firstItem.text[0]!.toUpperCase() + firstItem.text.slice(1);
  }
  const leading = sub(n, "leadingDuration");
  // `Until end of turn, X.` is stored as `X until end of turn.` (its canonical form); `For each creature you control, X.`
  // as `X for each creature you control.` — the one count of an effect, read by the lowering as the trailing one — marked
  // `leading` (printed first again by the formatter).
  if (leading && steps[0]) {
    // The sentence now starts with what followed the comma: a content word there gets the
    // capital the canonical text will show (`Until end of turn, creatures ...` → `Creatures ...`).
    const written = tok(leading, "prep")?.image.toLowerCase();
    // Before a trailing condition or `where`, whose clause would otherwise swallow it when printed last.
    const tail = steps[0].clause.tail;
    const at = tail.findIndex((t) => t.kind === "condition" || t.kind === "where");
    const prep = written === "during" || written === "for" ? written : "until";
    const object = nounPhrase(ctx, sub(leading, "nounPhrase"));
    // `For each Bleed counter on target opponent, ...`: the `on` phrase is the count's own (as the lowering reads a trailing one).
    const ons = subs(leading, "prepPhrase");
    for (const pp of ons) {
      const on = tok(pp, "prep");
      object.filters.push({ kind: "prep", prep: on ? T.lemmaOf(on.tokenType.name, on.image) : "on", object: nounPhrase(ctx, sub(pp, "nounPhrase")), range: cstRange(ctx, pp) });
    }
    if (ons.length) object.range = spanRange(ctx, [sub(leading, "nounPhrase")!, ...ons]);
    // `For each unit your opponent controls, you gain 2 life and draw a card.`: a leading count is every clause's of its
    // sentence (not the sentences after it). `Until end of turn, creatures you control get +1/+0 and gain Breach.`: a leading
    // duration is every clause's its sentence joins with "and" (it was the first clause's only: the Breach stayed for good,
    // in silence) — then it is printed first again, as a leading count is; before a lone clause it is stored trailing, its
    // canonical form.
    const rest = steps.slice(1);
    const upTo = (stop: (step: A.Step) => boolean) => {
      const end = rest.findIndex(stop);
      return end < 0 ? rest : rest.slice(0, end);
    };
    const sharing = prep === "for" ? upTo((step) => step.connector === "." || step.connector === ". then" || step.connector === ";") : upTo((step) => !DURATION_JOINS.has(step.connector));
    // Printed last, a duration after a noun with a relative clause would be that clause's ("prevent all damage that would
    // be dealt to you until your next turn" reads as damage dealt until then): it stays first.
    const swallowed = steps[0].clause.object?.filters.at(-1)?.kind === "relative";
    const phrase: A.PrepPhrase = { kind: "prep", prep, object, range: cstRange(ctx, leading), ...(prep === "for" || sharing.length || swallowed ? { leading: true as const } : {}) };
    tail.splice(at < 0 ? tail.length : at, 0, phrase);
    const firstItem = steps[0].clause.subject?.determiners.length === 0 ? steps[0].clause.subject.items[0] : undefined;
    if (!phrase.leading && firstItem?.kind === "word" && /^[a-z]/.test(firstItem.text)) firstItem.text = firstItem.text[0]!.toUpperCase() + firstItem.text.slice(1);
    for (const step of sharing) {
      const later = step.clause.tail;
      const k = later.findIndex((t) => t.kind === "condition" || t.kind === "where");
      later.splice(k < 0 ? later.length : k, 0, phrase);
    }
  }
  return { kind: "sequence", steps, range: cstRange(ctx, n) };
}

/** The joins across which a leading duration reaches the next clause: "A and B", "A, B and C" (not "then", not a new sentence). */
const DURATION_JOINS: ReadonlySet<A.Connector> = new Set<A.Connector>(["and", ",", ", and"]);

// ---------------------------------------------------------------------------------------
// Abilities

/** A bare keyword reference: a content-word verb with at most a number (`Haste`, `Bleed 2`, `Scry X`). */
function asKeywordRef(step: A.Step): A.KeywordRef | undefined {
  const c = step.clause;
  if (c.subject || c.modal || c.be || c.orVerbs || c.tail.length > 0 || !c.verb || c.verb.keyword) return undefined;
  if (!c.object) return { kind: "keywordRef", name: c.verb, range: c.range };
  const o = c.object;
  if (o.items.length === 0 && o.filters.length === 0 && o.determiners.length === 1 && o.determiners[0]!.kind === "count" && !o.determiners[0]!.comparison) {
    return { kind: "keywordRef", name: c.verb, parameter: o.determiners[0], range: c.range };
  }
  return undefined;
}

function statementOrKeywords(ctx: Ctx, seqNode: CstNode | undefined): A.AbilityBody {
  return bodyOfSequence(sequence(ctx, seqNode));
}

function bodyOfSequence(effect: A.Sequence): A.AbilityBody {
  // `Haste, Flying.` · `Ambush and Taunt.` · `Flying, Haste and Taunt.`: a keyword list joined by commas and `and`.
  if (effect.steps.length > 0 && effect.steps.every((s) => s.connector === "" || s.connector === "," || s.connector === "and" || s.connector === ", and" || s.connector === ";")) {
    const refs = effect.steps.map(asKeywordRef);
    if (refs.every((r): r is A.KeywordRef => !!r)) {
      effect.steps.forEach((s, i) => {
        if (s.connector === "and" || s.connector === ", and" || s.connector === ";") refs[i]!.joiner = s.connector;
      });
      return { kind: "keywords", keywords: refs, range: effect.range };
    }
  }
  return { kind: "statement", effect, range: effect.range };
}

function costItem(ctx: Ctx, n: CstNode): A.CostItem {
  const symbols = toks(n, "CostSymbol").filter((t) => !inserted(t));
  if (symbols.length > 0) {
    return { kind: "symbolsCost", symbols: symbols.map((t) => ({ kind: "symbol", symbol: t.image.slice(1, -1), range: tokenRange(ctx, t) })), range: cstRange(ctx, n) };
  }
  const amount = sub(n, "amount");
  if (amount) return { kind: "amountCost", amount: nounPhrase(ctx, amount), range: cstRange(ctx, n) };
  const c = sub(n, "clause");
  // A lone word before `:` may be a marker (`PLAY:`): keep its spelling for the checker and the formatter.
  const onlyVerb = c ? isBareVerbClause(c) : false;
  return { kind: "clauseCost", clause: clause(ctx, c, onlyVerb), range: cstRange(ctx, n) };
}

function isBareVerbClause(c: CstNode): boolean {
  if (sub(c, "subject")) return false;
  const pred = sub(c, "predicate");
  return !!pred && subs(pred, "verb").length === 1 && !sub(pred, "object") && subs(pred, "tailItem").length === 0 && !tok(pred, "modal") && !tok(pred, "Be");
}

function triggerHead(ctx: Ctx, n: CstNode | undefined): A.TriggerHead {
  const w = tok(n, "When") ? "when" : tok(n, "Whenever") ? "whenever" : "at";
  const head: A.TriggerHead = { kind: "triggerHead", word: w, range: cstRange(ctx, n) };
  if (w === "at") head.moment = nounPhrase(ctx, sub(n, "moment"));
  else head.event = clause(ctx, sub(n, "event"));
  const ors = subs(n, "orEvent");
  if (head.event && ors.length) head.orEvents = ors.map((p) => clauseOf(ctx, p, head.event!.subject, p));
  return head;
}

function abilityBody(ctx: Ctx, n: CstNode | undefined): A.AbilityBody {
  const range = cstRange(ctx, n);
  const prefixed = sub(n, "prefixed");
  if (prefixed) {
    return { kind: "prefixed", prefix: subs(prefixed, "costItem").map((c) => costItem(ctx, c)), body: abilityBody(ctx, sub(prefixed, "abilityBody")), range };
  }
  const triggered = sub(n, "triggered");
  if (triggered) {
    const modalEffect = sub(triggered, "modal");
    const effect = modalEffect ? modalBody(ctx, modalEffect) : sequence(ctx, sub(triggered, "sequence"));
    const body: A.TriggeredBody = { kind: "triggered", trigger: triggerHead(ctx, sub(triggered, "triggerHead")), effect, range };
    const cond = sub(triggered, "condition");
    if (cond) body.condition = clause(ctx, cond);
    const joins = toks(triggered, "conditionJoin");
    const more = subs(triggered, "moreCondition").map((c, i) => ({ join: word(ctx, joins[i]!), clause: clause(ctx, c) }));
    if (more.length) body.more = more;
    return body;
  }
  const trailing = sub(n, "trailingTriggered");
  if (trailing) return { kind: "triggered", trigger: triggerHead(ctx, sub(trailing, "triggerHead")), effect: sequence(ctx, sub(trailing, "sequence")), range };
  const modal = sub(n, "modal");
  if (modal) return modalBody(ctx, modal);
  const additional = sub(n, "additionalCost");
  if (additional) {
    const purpose = toks(additional, "purpose").filter((t) => !inserted(t)).map((t) => word(ctx, t, true));
    return { kind: "additionalCost", purpose, costs: subs(additional, "costItem").map((c) => costItem(ctx, c)), range };
  }
  const first = sub(n, "firstTime");
  if (first) {
    const event = clause(ctx, sub(first, "event"));
    const leading = sub(first, "leadingTiming");
    const timing = leading ? tailItem(ctx, leading) : undefined;
    return { kind: "replacement", firstTime: true, ...(tok(first, "next") ? { next: true as const } : {}), event: timing ? { ...event, tail: [...event.tail, timing] } : event, effect: sequence(ctx, sub(first, "sequence")), range };
  }
  const conditional = sub(n, "conditional");
  if (conditional) {
    const condition = clause(ctx, sub(conditional, "condition"));
    const effect = sequence(ctx, sub(conditional, "sequence"));
    const asLongAs = !!tok(conditional, "asLongAs");
    const whileWord = !!tok(conditional, "while");
    if (condition.modal?.lemma === "would" && !asLongAs && !whileWord) return { kind: "replacement", firstTime: false, event: condition, effect, range };
    const joins = toks(conditional, "conditionJoin");
    const more = subs(conditional, "moreCondition").map((c, i) => ({ join: word(ctx, joins[i]!), clause: clause(ctx, c) }));
    return { kind: "conditional", word: asLongAs ? "as long as" : whileWord ? "while" : "if", condition, ...(more.length ? { more } : {}), effect, range };
  }
  return statementOrKeywords(ctx, sub(n, "sequence"));
}

function abilityNode(ctx: Ctx, n: CstNode): A.Ability {
  const result: A.Ability = { kind: "ability", body: abilityBody(ctx, sub(n, "abilityBody")), range: cstRange(ctx, n) };
  const tag = tok(n, "tag");
  if (tag && !inserted(tag)) result.tag = word(ctx, tag, true);
  const reminder = sub(n, "reminder");
  const open = tok(reminder, "LParen");
  const close = tok(reminder, "RParen");
  if (reminder && open && close && !inserted(open) && !inserted(close)) {
    // One space between words, as the formatter writes it (a reminder may wrap to the next line).
    const text = ctx.text.slice(open.endOffset! + 1, close.startOffset).trim().replace(/\s+/g, " ");
    result.reminder = { kind: "reminder", text, range: rangeOf(ctx, open.startOffset, close.endOffset! + 1) };
  }
  return result;
}

/**
 * Abilities of a text block; reports a missing `.` between two abilities on one line. A line
 * break ends an ability as a period does (the parser ends the phrase there when the next line
 * opens an ability), so a line missing its final period is no error.
 */
function abilities(ctx: Ctx, nodes: CstNode[], tokens: IToken[]): A.Ability[] {
  const out: A.Ability[] = [];
  for (const n of nodes) {
    const ability = abilityNode(ctx, n);
    if (brokeOffOnItsLine(ctx, ability, tokens)) continue;
    for (const part of splitKeywordLead(ctx, ability)) {
      // `[Base] Flying. Whenever ...`: an ability that starts on a tagged line goes on in that line's slot.
      const previous = out[out.length - 1];
      if (!part.tag && previous && (previous.tag || previous.sameLine) && !lineBreakBetweenOffsets(ctx.text, previous.range.end.offset, part.range.start.offset)) part.sameLine = true;
      out.push(part);
    }
    const period = tok(n, "Period");
    // Reminder text that ends in a period ends its ability too: `Flying (... with Flying.) Whenever ...`.
    const endsWithPeriod = ctx.text.charAt(ability.range.end.offset - 1) === "." || (!!ability.reminder && /\.\)$/.test(ctx.text.slice(ability.range.end.offset - 2, ability.range.end.offset)));
    if ((!period || inserted(period)) && !endsWithPeriod) {
      const next = nextTokenAfter(tokens, ability.range.end.offset);
      if (next && !isType(next, T.RBrace) && !lineBreakBetweenOffsets(ctx.text, ability.range.end.offset, next.startOffset) && !ctx.unreadableStarts?.has(next.startOffset)) {
        ctx.report.add(diagnostic("CW1003", ctx.file, rangeOf(ctx, ability.range.end.offset, ability.range.end.offset), { expected: '"." at the end of the ability', found: describeToken(next) }));
      }
    }
  }
  return out;
}

/**
 * `[Base] Taunt. Creatures you control have Taunt.`: a tagged line's sentences go on as one effect
 * (`[Blue] Draw a card. Gain 1 life.`), but a first sentence that is a bare keyword list is an
 * ability of its own — the keyword — and the sentences after it another, in the same slot.
 */
function splitKeywordLead(ctx: Ctx, ability: A.Ability): A.Ability[] {
  const body = ability.body;
  if (!ability.tag || body.kind !== "statement") return [ability];
  const steps = body.effect.steps;
  const cut = steps.findIndex((step, i) => i > 0 && (step.connector === "." || step.connector === ". then") && !step.condition);
  if (cut < 1) return [ability];
  const lead = bodyOfSequence({ kind: "sequence", steps: steps.slice(0, cut), range: spanOf2(ctx, steps[0]!.range, steps[cut - 1]!.range) });
  if (lead.kind !== "keywords") return [ability];
  const restSteps = steps.slice(cut).map((step, i) => (i === 0 ? { ...step, connector: "" as const, range: step.clause.range } : step));
  const restRange = spanOf2(ctx, restSteps[0]!.range, restSteps[restSteps.length - 1]!.range);
  const rest = bodyOfSequence({ kind: "sequence", steps: restSteps, range: restRange });
  const leadEnd = ctx.text.charAt(lead.range.end.offset) === "." ? lead.range.end.offset + 1 : lead.range.end.offset;
  const first: A.Ability = { kind: "ability", tag: ability.tag, body: lead, range: rangeOf(ctx, ability.range.start.offset, leadEnd) };
  const second: A.Ability = { kind: "ability", body: rest, range: rangeOf(ctx, restRange.start.offset, ability.range.end.offset) };
  if (ability.reminder) second.reminder = ability.reminder;
  return [first, ...splitKeywordLead(ctx, { ...second, tag: ability.tag }).map((a, i) => (i === 0 ? withoutTag(a) : a))];
}

function withoutTag(a: A.Ability): A.Ability {
  const { tag: _tag, ...rest } = a;
  return rest;
}

function spanOf2(ctx: Ctx, a: Range, b: Range): Range {
  return rangeOf(ctx, a.start.offset, b.end.offset);
}

function nextTokenAfter(tokens: IToken[], offset: number): IToken | undefined {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.startOffset < offset) lo = mid + 1;
    else hi = mid;
  }
  return tokens[lo];
}

// ---------------------------------------------------------------------------------------
// Syntax errors → diagnostics

const tokenDescriptions: Record<string, string> = {
  Colon: '":"', Period: '"."', Comma: '","', Semicolon: '";"', Equals: '"="', LBrace: '"{"', RBrace: '"}"',
  LBracket: '"["', RBracket: '"]"', LParen: '"("', RParen: '")"', Dash: '"—"', Bullet: '"•"',
  StringLiteral: "a quoted name", NumberLiteral: "a number", CostSymbol: "a cost symbol like {R}", Stats: "stats like 3/2",
  AnyWord: "a word", Word: "a word", Variable: "a variable like X", NounWord: "a noun", VerbWord: "a verb",
  Determiner: "a determiner", Pronoun: "a pronoun", Preposition: "a preposition",
};

function describeTokenType(name: string): string {
  return tokenDescriptions[name] ?? (T.keywordTokens[name] ? `"${T.keywordLemma[name]}"` : name);
}

function describeToken(t: IToken): string {
  if (t.tokenType === EOF) return "the end of the file";
  const image = t.image.length > 30 ? `${t.image.slice(0, 27)}...` : t.image;
  return `"${image}"`;
}

const ruleDescriptions: Record<string, string> = {
  gameHeader: 'a game header `game <id> "<Name>"`',
  gameStatement: "a game-file statement",
  setHeader: 'a set header `set <CODE> "<Name>" for <game>`',
  cardDecl: 'a card `card "<Name>" { ... }`',
  field: "a field `name: value`",
  ability: "an ability",
  abilityBody: "an ability",
  abilityText: "an ability",
  triggerText: "a trigger (When / Whenever / At ...)",
  triggerHead: "a trigger (When / Whenever / At ...)",
  clause: "an effect or event",
  predicate: "a verb",
  verb: "a verb",
  nounPhrase: "a target or amount",
  sequence: "an effect",
  costItem: "a cost",
  valueItem: "a value",
  freeTextItem: "a word",
  definition: 'quoted card text or `rule <name>`',
  modal: "a mode `• ...`",
};

function errorRange(ctx: Ctx, e: IRecognitionException, chunk: IToken[]): Range {
  const t = e.token;
  if (t && t.tokenType !== EOF && finite(t.startOffset)) return tokenRange(ctx, t);
  // Inserted tokens and EOF have no offset: point just after the previous real token.
  const prev = (e as { previousToken?: IToken }).previousToken;
  if (prev && finite(prev.startOffset)) {
    const end = finite(prev.endOffset) ? prev.endOffset + 1 : prev.startOffset + prev.image.length;
    return rangeOf(ctx, end, end);
  }
  const last = chunk[chunk.length - 1];
  const end = last && finite(last.endOffset) ? last.endOffset + 1 : ctx.fallbackOffset;
  return rangeOf(ctx, end, end);
}

function reportParseErrors(ctx: Ctx, errors: IRecognitionException[], chunk: IToken[], what: string): void {
  for (const e of errors) {
    const range = errorRange(ctx, e, chunk);
    if (ctx.lexErrorLines?.has(range.start.line)) continue;
    const found = e.token ? describeToken(e.token) : "the end of the file";
    const foundText = e.token && e.token.tokenType === EOF ? `the end of the ${what}` : found;
    const rule = e.context?.ruleStack?.[e.context.ruleStack.length - 1] ?? "";
    if (e.name === "MismatchedTokenException") {
      const m = /-->\s*(\w+)\s*<--/.exec(e.message);
      const expectedType = m?.[1] ?? "";
      if (expectedType === "RBrace" && e.token?.tokenType === EOF) {
        ctx.report.add(diagnostic("CW1008", ctx.file, range, { open: "{", close: "}", found: `the end of the ${what}` }));
      } else if (expectedType === "RBracket" && (e.token?.tokenType === EOF || !finite(e.token?.startOffset))) {
        ctx.report.add(diagnostic("CW1008", ctx.file, range, { open: "[", close: "]", found: foundText }));
      } else {
        ctx.report.add(diagnostic("CW1003", ctx.file, range, { expected: describeTokenType(expectedType), found: foundText }));
      }
    } else if (e.name === "NotAllInputParsedException") {
      ctx.report.add(diagnostic("CW1005", ctx.file, range, { what }));
    } else {
      const inAbility = e.context?.ruleStack?.some((r) => r === "ability" || r === "abilityText" || r === "triggerText");
      if (inAbility) {
        ctx.report.add(diagnostic("CW1007", ctx.file, range, { detail: `expected ${ruleDescriptions[rule] ?? "more text"}, found ${foundText}` }));
      } else {
        ctx.report.add(diagnostic("CW1004", ctx.file, range, { found: foundText, expected: ruleDescriptions[rule] ?? "something else" }));
      }
    }
  }
}

type EntryRule = "gameHeader" | "gameStatement" | "setHeader" | "cardDecl" | "abilityText" | "triggerText";

function runParser(ctx: Ctx, rule: EntryRule, chunk: IToken[], what: string): CstNode {
  parser.text = ctx.text;
  parser.input = chunk;
  let cst: CstNode;
  try {
    cst = parser[rule]();
  } catch (error) {
    // Chevrotain recovers from syntax errors itself; what is thrown here is text nested too
    // deeply for the stack (or a bug). Keep the promise (never throw): report the chunk.
    cst = { name: rule, children: {} };
    const first = chunk[0];
    if (first) {
      const detail = error instanceof RangeError ? "the text is nested too deeply to read" : `expected ${ruleDescriptions[rule] ?? what}`;
      ctx.report.add(diagnostic("CW1007", ctx.file, tokenRange(ctx, first), { detail }));
    }
    return cst;
  }
  if (parser.errors.length > 0) reportParseErrors(ctx, parser.errors, chunk, what);
  return cst ?? { name: rule, children: {} };
}

// ---------------------------------------------------------------------------------------
// Lexing

interface Lexed {
  tokens: IToken[];
  comments: IToken[];
}

function lex(ctx: Ctx, text: string, shift?: (offset: number) => number): Lexed {
  const result = T.tokenize(text);
  let reported = 0;
  for (const e of result.errors) {
    if (ctx.report.full || reported > MAX_SYNTAX_DIAGNOSTICS) {
      ctx.report.drop();
      continue;
    }
    reported++;
    const start = shift ? shift(e.offset) : e.offset;
    const end = shift ? shift(e.offset + e.length - 1) + 1 : e.offset + e.length;
    const ch = text.charAt(e.offset);
    (ctx.lexErrorLines ??= new Set()).add(ctx.lines.position(start).line);
    if (ch === '"' || ch === "“") ctx.report.add(diagnostic("CW1002", ctx.file, rangeOf(ctx, start, end), {}));
    else ctx.report.add(diagnostic("CW1001", ctx.file, rangeOf(ctx, start, Math.min(end, start + Math.max(1, e.length))), { char: text.substr(e.offset, Math.min(e.length, 10)) }));
  }
  const comments = result.comments;
  if (shift) {
    for (const t of [...result.tokens, ...comments]) {
      const start = shift(t.startOffset);
      const end = shift((t.endOffset ?? t.startOffset) as number);
      t.startOffset = start;
      t.endOffset = end;
    }
  }
  return { tokens: result.tokens, comments };
}

/** The tokens and comments of some spans of the text, at the text's offsets. */
function lexSpans(ctx: Ctx, text: Text, spans: [number, number][]): Lexed {
  const tokens: IToken[] = [];
  const comments: IToken[] = [];
  for (const [start, end] of spans) {
    if (end <= start) continue;
    const lexed = lex(ctx, text.slice(start, end), (offset) => offset + start);
    for (const t of lexed.tokens) tokens.push(t);
    for (const t of lexed.comments) comments.push(t);
  }
  return { tokens, comments };
}

function commentNodes(ctx: Ctx, comments: IToken[]): A.CommentNode[] {
  return comments.map((t) => {
    let i = t.startOffset - 1;
    // Any blank the lexer skips, except a line break (U+2028 at a line start leaves the comment on its own line).
    while (i >= 0 && /[ \t\f\v\u00a0\u2028\u2029\ufeff]/.test(ctx.text.charAt(i))) i--;
    const trailing = i >= 0 && ctx.text.charAt(i) !== "\n" && ctx.text.charAt(i) !== "\r";
    // Each comment counts from itself: one after an edit moves by moving its anchor.
    return { kind: "comment", text: t.image.slice(1).replace(/\s+$/, ""), trailing, range: tokenRange({ ...ctx, anchor: new Anchor(t.startOffset, ctx.lines) }, t) };
  });
}

function atLineStart(text: Text, offset: number): boolean {
  return offset === 0 || text.charCodeAt(offset - 1) === 10 || text.charCodeAt(offset - 1) === 13;
}

function lineBreakBetweenOffsets(text: Text, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

function lineBreakBetween(text: Text, a: IToken, b: IToken): boolean {
  for (let i = (a.endOffset ?? a.startOffset) + 1; i < b.startOffset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Embedded card text (quoted strings in game files)

/** Lexes and parses the contents of a string token at its own position in the file. */
function embedded(ctx: Ctx, t: IToken, rule: "abilityText" | "triggerText"): CstNode | undefined {
  if (inserted(t) || t.image.length < 2) return undefined;
  // Map each character of the unescaped value back to its offset in the file.
  const raw = t.image.slice(1, -1);
  const positions: number[] = [];
  let value = "";
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "\\" && i + 1 < raw.length) i++;
    positions.push(t.startOffset + 1 + i);
    value += raw[i];
  }
  positions.push(t.startOffset + 1 + raw.length);
  const shift = (o: number) => positions[Math.max(0, Math.min(o, positions.length - 1))]!;
  const { tokens } = lex(ctx, value, shift);
  const saved = ctx.fallbackOffset;
  ctx.fallbackOffset = t.startOffset + 1;
  const cst = runParser(ctx, rule, tokens, "quoted text");
  ctx.fallbackOffset = saved;
  (cst as CstNode & { embeddedTokens?: IToken[] }).embeddedTokens = tokens;
  return cst;
}

/**
 * An ability that broke off on its line (the rest of the line is an `unreadableLine`: 'Exhaust or destroy target
 * creature.' stops at "or", 'If you control a Warrior or a Mage, draw a card.' too) is not an ability: lowered, its first
 * words gave a second, misleading message ('cannot execute "Exhaust"', or 'cannot execute ""' for a condition with no
 * effect). The line's one error, CW1007, then starts at the ability's first word and says where it broke off.
 */
function brokeOffOnItsLine(ctx: Ctx, ability: A.Ability, tokens: IToken[]): boolean {
  const next = nextTokenAfter(tokens, ability.range.end.offset);
  if (!next || !ctx.unreadableStarts?.has(next.startOffset) || lineBreakBetweenOffsets(ctx.text, ability.range.end.offset, next.startOffset)) return false;
  const diagnostics = ctx.report.diagnostics;
  const i = diagnostics.findIndex((d) => d.code === "CW1007" && d.range.start.offset === next.startOffset);
  if (i < 0) return false;
  const end = diagnostics[i]!.range.end.offset;
  const line = ctx.text.slice(ability.range.start.offset, end);
  const word = ctx.text.slice(next.startOffset, next.startOffset + next.image.length);
  // A bare "A or B" between effects is the commonest break: point at the form that reads it, the modal.
  // An amount that depends on a condition has its own form ("Gain 2 life, or 4 life if you control a Golem.").
  const hint = word.toLowerCase() === "or" ? "; a choice between effects is written `Choose one — <effect>; or <effect>.`, an amount that depends on a condition `Gain 2 life, or 4 life if you control a Golem.`" : "";
  diagnostics[i] = diagnostic("CW1007", ctx.file, rangeOf(ctx, ability.range.start.offset, end), { detail: `"${line}" breaks off at "${word}": no ability form goes on with it (this line is not read)${hint}` });
  return true;
}

/**
 * The rest of a line after an ability broke off (parser `unreadableLine`): an error at its words, so nothing written
 * is dropped unreported; the lines after it are read as abilities again.
 */
function reportUnreadableLines(ctx: Ctx, cst: CstNode): void {
  for (const line of subs(cst, "unreadableLine")) {
    const range = cstRange(ctx, line);
    // The parser's own errors where the ability broke off ("Expected '.'", "expected a verb, found 'or'") say the same
    // thing at the same word: the one error for that spot is this one, which names all the words left unread.
    const start = range.start.offset;
    (ctx.unreadableStarts ??= new Set()).add(start);
    let gap = start;
    while (gap > 0 && /[ \t]/.test(ctx.text.slice(gap - 1, gap))) gap--;
    const diagnostics = ctx.report.diagnostics;
    for (let i = diagnostics.length - 1; i >= 0; i--) {
      const d = diagnostics[i]!;
      if ((d.code === "CW1003" || d.code === "CW1007") && d.range.start.offset >= gap && d.range.start.offset <= start && d.range.end.offset <= range.end.offset) diagnostics.splice(i, 1);
    }
    ctx.report.add(diagnostic("CW1007", ctx.file, range, { detail: `expected an ability, found "${ctx.text.slice(range.start.offset, range.end.offset)}" (the rest of this line is not read)` }));
  }
}

function embeddedText(ctx: Ctx, t: IToken): A.EmbeddedText {
  const cst = embedded(ctx, t, "abilityText");
  if (cst) reportUnreadableLines(ctx, cst);
  const tokens = (cst as (CstNode & { embeddedTokens?: IToken[] }) | undefined)?.embeddedTokens ?? [];
  return { kind: "embeddedText", string: stringNode(ctx, t), abilities: cst ? abilities(ctx, subs(cst, "ability"), tokens) : [], range: tokenRange(ctx, t) };
}

function embeddedTrigger(ctx: Ctx, t: IToken): A.EmbeddedTrigger {
  const cst = embedded(ctx, t, "triggerText");
  const result: A.EmbeddedTrigger = { kind: "embeddedTrigger", string: stringNode(ctx, t), range: tokenRange(ctx, t) };
  const head = sub(cst, "triggerHead");
  if (head) result.trigger = triggerHead(ctx, head);
  return result;
}

// ---------------------------------------------------------------------------------------
// Game files

function gameStatement(ctx: Ctx, n: CstNode, chunk: IToken[]): A.GameStatement | undefined {
  const range = cstRange(ctx, n);
  const param = sub(n, "paramDecl");
  if (param) {
    const name = tok(param, "name");
    const value = tok(param, "value");
    if (!name || inserted(name)) return undefined;
    let v: A.ParamDecl["value"];
    if (!value || inserted(value)) v = { kind: "word", text: "", lemma: "", keyword: false, range: tokenRange(ctx, name) };
    else if (isType(value, T.NumberLiteral)) v = numberNode(ctx, value);
    else if (isType(value, T.StringLiteral)) v = stringNode(ctx, value);
    else v = word(ctx, value, true);
    return { kind: "param", name: word(ctx, name, true), value: v, range };
  }
  const kw = sub(n, "keywordDecl");
  if (kw) {
    const name = tok(kw, "name");
    const kind = tok(kw, "keywordKind");
    if (!name || inserted(name)) return undefined;
    const def = sub(kw, "definition");
    const node: A.KeywordDecl = {
      kind: "keyword",
      keywordKind: kind && isType(kind, T.Action) ? "action" : "ability",
      name: word(ctx, name, true),
      definition: definitionOf(ctx, def, "keyword") as A.EmbeddedText | A.RuleRef,
      range,
    };
    const p = tok(kw, "parameter");
    if (p && !inserted(p)) node.parameter = word(ctx, p, true);
    return node;
  }
  const marker = sub(n, "markerDecl");
  if (marker) {
    const name = tok(marker, "name");
    if (!name || inserted(name)) return undefined;
    const def = sub(marker, "definition");
    const text = tok(def, "text");
    let definition: A.MarkerDecl["definition"];
    if (text) definition = embeddedTrigger(ctx, text);
    else if (tok(def, "Static")) definition = { kind: "static", range: cstRange(ctx, def) };
    else {
      ctx.report.add(diagnostic("CW1003", ctx.file, cstRange(ctx, def), { expected: 'quoted trigger text or "static"', found: describeToken(tok(def, "Rule") ?? chunk[chunk.length - 1]!) }));
      definition = { kind: "static", range: cstRange(ctx, def) };
    }
    return { kind: "marker", name: word(ctx, name, true), definition, range };
  }
  const rule = sub(n, "ruleDecl");
  if (rule) {
    const title = tok(rule, "title");
    const text = tok(rule, "text");
    if (!title || !text) return undefined;
    return { kind: "rule", title: stringNode(ctx, title), text: embeddedText(ctx, text), range };
  }
  const phase = sub(n, "phaseDecl");
  if (phase) {
    const name = tok(phase, "name");
    if (!name || inserted(name)) return undefined;
    const node: A.PhaseDecl = {
      kind: "phase",
      name: isType(name, T.StringLiteral) ? stringNode(ctx, name) : word(ctx, name, true),
      options: valueItems(ctx, subs(phase, "valueItem")).map((v) => v.item),
      range,
    };
    if (tok(phase, "LBrace")) node.steps = subs(phase, "sequence").map((s) => sequence(ctx, s));
    return node;
  }
  const dir = sub(n, "directive");
  if (dir) {
    const head = tok(dir, "head");
    if (!head || inserted(head)) return undefined;
    const brace = tok(dir, "LBrace");
    const all = valueItems(ctx, subs(dir, "valueItem"));
    const headWord = word(ctx, head, true);
    headWord.text = T.lowerCaseWord(headWord.text);
    const node: A.Directive = { kind: "directive", head: headWord, items: [], range };
    if (brace && !inserted(brace)) {
      node.items = all.filter((v) => v.token.startOffset < brace.startOffset).map((v) => v.item);
      const semicolons = toks(dir, "Semicolon").filter((t) => !inserted(t)).map((t) => t.startOffset);
      const block: A.ValueItem[][] = [[]];
      for (const v of all.filter((x) => x.token.startOffset > brace.startOffset)) {
        while (semicolons.length > 0 && semicolons[0]! < v.token.startOffset) {
          semicolons.shift();
          block.push([]);
        }
        block[block.length - 1]!.push(v.item);
      }
      node.block = block.filter((c) => c.length > 0);
    } else node.items = all.map((v) => v.item);
    return node;
  }
  return undefined;
}

function definitionOf(ctx: Ctx, def: CstNode | undefined, what: string): A.EmbeddedText | A.RuleRef {
  const text = tok(def, "text");
  if (text) return embeddedText(ctx, text);
  const rule = tok(def, "rule");
  if (rule && !inserted(rule)) return { kind: "ruleRef", name: word(ctx, rule, true), range: cstRange(ctx, def) };
  if (tok(def, "Static")) ctx.report.add(diagnostic("CW1003", ctx.file, cstRange(ctx, def), { expected: `quoted card text or "rule <name>" for a ${what}`, found: '"static"' }));
  return { kind: "ruleRef", name: { kind: "word", text: "", lemma: "", keyword: false, range: cstRange(ctx, def) }, range: cstRange(ctx, def) };
}

/** Splits a game file into statements: a statement starts on a new line outside braces. */
function splitGameStatements(text: Text, tokens: IToken[]): IToken[][] {
  const chunks: IToken[][] = [];
  let current: IToken[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const newLine = !prev || lineBreakBetween(text, prev, t);
    // A statement keyword at the start of a line ends an unclosed block.
    if (newLine && depth > 0 && isType(t, T.StatementStart) && !isType(t, T.Counter)) depth = 0;
    if (newLine && depth === 0 && current.length > 0) {
      chunks.push(current);
      current = [];
    }
    current.push(t);
    if (isType(t, T.LBrace)) depth++;
    else if (isType(t, T.RBrace)) depth = Math.max(0, depth - 1);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function parseGameFile(ctx: Ctx, lexed: Lexed): A.GameFile {
  const doc: A.GameFile = { kind: "gameFile", file: ctx.file, statements: [], comments: commentNodes(ctx, lexed.comments), range: rangeOf(ctx, 0, ctx.text.length) };
  const chunks = splitGameStatements(ctx.text, lexed.tokens);
  chunks.forEach((chunk, index) => {
    if (ctx.report.overwhelmed) return;
    ctx.fallbackOffset = chunk[chunk.length - 1]!.endOffset! + 1;
    if (index === 0) {
      const cst = runParser(ctx, "gameHeader", chunk, "game header");
      const id = tok(cst, "id");
      const title = tok(cst, "title");
      if (id && !inserted(id)) doc.id = word(ctx, id, true);
      if (title && !inserted(title)) doc.title = stringNode(ctx, title);
      return;
    }
    const cst = runParser(ctx, "gameStatement", chunk, "statement");
    const statement = gameStatement(ctx, cst, chunk);
    if (statement) doc.statements.push(statement);
  });
  return doc;
}

// ---------------------------------------------------------------------------------------
// Card files

/**
 * Splits a card file at each `card "<Name>" {`, and at `card` written in the first column
 * (so `card Name {` or a card missing its `{` still starts a card of its own). The first
 * chunk is the set header.
 */
function splitCards(text: Text, tokens: IToken[]): IToken[][] {
  const chunks: IToken[][] = [[]];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const startsCard =
      isType(t, T.Card) &&
      !!next &&
      ((isType(next, T.StringLiteral) && !!tokens[i + 2] && isType(tokens[i + 2]!, T.LBrace)) || (atLineStart(text, t.startOffset) && (isType(next, T.StringLiteral) || isType(next, T.AnyWord))));
    if (startsCard) chunks.push([]);
    chunks[chunks.length - 1]!.push(t);
  }
  return chunks;
}

function cardDecl(ctx: Ctx, cst: CstNode, chunk: IToken[]): A.CardDecl | undefined {
  const name = tok(cst, "name");
  if (!name) return undefined;
  const fields: A.Field[] = subs(cst, "field").flatMap((f) => {
    const fname = tok(f, "name");
    if (!fname || inserted(fname)) return [];
    const hasColon = !!tok(f, "Colon") && !inserted(tok(f, "Colon"));
    // Field names are identifiers: canonical lower case (`TYPE:` → `type:`).
    const fieldName = word(ctx, fname, true);
    fieldName.text = T.lowerCaseWord(fieldName.text);
    return [{ kind: "field" as const, name: fieldName, value: valueItems(ctx, [...subs(f, "valueItem"), ...subs(f, "freeTextItem")]).map((v) => v.item), flag: !hasColon, range: cstRange(ctx, f) }];
  });
  // A flag (a field without `:`) stands alone on its line: `type Unit` is a missing colon,
  // and `Draw a card.` among the fields is an ability without `text:`. One report per line: the words of an ability
  // line are not fields (each would be an 'Unknown field' of its own), so they leave the fields once reported.
  let reportedLine = -1;
  const abilityLines = new Set<number>();
  for (const f of fields) {
    if (!f.flag || f.range.start.line === reportedLine) continue;
    const next = nextTokenAfter(chunk, f.range.end.offset);
    if (next && !isType(next, T.RBrace) && !lineBreakBetweenOffsets(ctx.text, f.range.end.offset, next.startOffset)) {
      reportedLine = f.range.start.line;
      const lineEnd = ctx.text.indexOf("\n", f.range.start.offset);
      const lineText = ctx.text.slice(f.range.start.offset, lineEnd < 0 ? undefined : lineEnd).replace(/#.*$/, "").trim();
      const isAbility = lineText.endsWith(".");
      if (isAbility) abilityLines.add(f.range.start.line);
      const expected = isAbility ? '"text:" before the abilities' : '":" after the field name';
      ctx.report.add(diagnostic("CW1003", ctx.file, rangeOf(ctx, f.range.end.offset, f.range.end.offset), { expected, found: describeToken(next) }));
    }
  }
  const cardFields = abilityLines.size === 0 ? fields : fields.filter((f) => !(f.flag && abilityLines.has(f.range.start.line)));
  reportUnreadableLines(ctx, cst);
  // An ability that broke off before its first word holds no text: its parse errors say so at the words; as an ability
  // it would be an empty one, reported again at the card's closing brace ('cannot execute ""').
  const written = subs(cst, "ability").filter((a) => spanOf(a) !== undefined);
  const card: A.CardDecl = { kind: "card", name: stringNode(ctx, name), fields: fitted(cardFields), abilities: fitted(abilities(ctx, written, chunk)), range: cstRange(ctx, cst) };
  const text = tok(cst, "Text");
  if (text && !inserted(text)) {
    const parts: CstElement[] = [text, ...subs(cst, "ability")];
    card.textRange = spanRange(ctx, parts);
  }
  return card;
}

function parseCardFile(ctx: Ctx, lexed: Lexed): A.CardFile {
  const doc: A.CardFile = { kind: "cardFile", file: ctx.file, cards: [], comments: commentNodes(ctx, lexed.comments), range: rangeOf(ctx, 0, ctx.text.length) };
  const [header, ...cards] = splitCards(ctx.text, lexed.tokens);
  if (header && header.length > 0) {
    ctx.fallbackOffset = header[header.length - 1]!.endOffset! + 1;
    if (isType(header[0]!, T.SetToken)) {
      const cst = runParser(ctx, "setHeader", header, "set header");
      const code = tok(cst, "code");
      const title = tok(cst, "title");
      const game = tok(cst, "game");
      if (code && !inserted(code)) doc.code = word(ctx, code, true);
      if (title && !inserted(title)) doc.title = stringNode(ctx, title);
      if (game && !inserted(game)) doc.game = word(ctx, game, true);
    } else {
      ctx.report.add(diagnostic("CW1006", ctx.file, tokenRange(ctx, header[0]!), { found: describeToken(header[0]!) }, headerSuggestion(header[0]!)));
    }
  } else if (cards.length > 0) {
    ctx.report.add(diagnostic("CW1006", ctx.file, tokenRange(ctx, cards[0]![0]!), { found: describeToken(cards[0]![0]!) }, headerSuggestion(cards[0]![0]!)));
  }
  const fileAnchor = ctx.anchor;
  for (const chunk of cards) {
    if (ctx.report.overwhelmed) break;
    ctx.fallbackOffset = chunk[chunk.length - 1]!.endOffset! + 1;
    // A card's ranges count from its first token: an edit above it moves the card by moving this anchor.
    ctx.anchor = new Anchor(chunk[0]!.startOffset, ctx.lines);
    const textStart = cardTextStart(chunk);
    const reported = ctx.report.diagnostics.length;
    const cst = runParser(ctx, "cardDecl", endSentencesAtLineBreaks(ctx.text, cardTextWords(chunk, textStart, chunkCardName(chunk)), textStart), "card");
    const card = cardDecl(ctx, cst, chunk);
    if (card) doc.cards.push(card);
    alternativeCostLines(ctx, reported);
  }
  ctx.anchor = fileAnchor;
  return doc;
}

/**
 * "You may discard a card rather than pay this card's cost." · "You may play it without paying its cost.": an alternative
 * cost, which no form of the language reads. The parse broke off at "pay"/"its" and said "expected a target or amount"
 * (CW1003 and CW1007 at the word: misleading, the words are fine English); the line's one error now says what the engine
 * does not do and what it does (diagnostics reported from `from` on).
 */
function alternativeCostLines(ctx: Ctx, from: number): void {
  const diagnostics = ctx.report.diagnostics;
  const done = new Set<number>();
  for (let i = from; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    if (d.code !== "CW1003" && d.code !== "CW1007") continue;
    const text = ctx.text;
    let start = d.range.start.offset;
    while (start > 0 && text.slice(start - 1, start) !== "\n") start--;
    if (done.has(start)) continue;
    let end = text.indexOf("\n", d.range.start.offset);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (!/\b(?:rather than|instead of) pay(?:ing)?\b.*\bcosts?\b|\bwithout paying\b.*\bcosts?\b/i.test(line)) continue;
    done.add(start);
    // The sentence of the line that says it ("Copy target card. You may play the copy without paying its cost.": the second).
    const sentences = line.trim().split(/(?<=\.)\s+/);
    const sentence = sentences.find((t) => /\b(?:rather than|instead of) pay(?:ing)?\b|\bwithout paying\b/i.test(t)) ?? line.trim();
    const lead = Math.max(0, line.indexOf(sentence));
    for (let j = diagnostics.length - 1; j >= from; j--) {
      const e = diagnostics[j]!;
      if ((e.code === "CW1003" || e.code === "CW1007") && e.range.start.offset >= start && e.range.start.offset <= end) diagnostics.splice(j, 1);
    }
    diagnostics.splice(i, 0, diagnostic("CW1007", ctx.file, rangeOf(ctx, start + lead, start + lead + sentence.length), { detail: `"${sentence}" is an alternative cost, which the engine does not have: a card is played by paying its cost (its cost: field) and any additional cost ("As an additional cost to play this, discard a card.") — write the cost the card is played for on its cost: line (this line is not read)` }));
  }
}

/** The name a card chunk declares (`card "Static Burst" {`), unquoted; undefined when it has none. */
function chunkCardName(chunk: IToken[]): string | undefined {
  const name = chunk[1];
  if (!name || !isType(chunk[0]!, T.Card) || !isType(name, T.StringLiteral)) return undefined;
  return name.image.slice(1, -1).replace(/\\(.)/g, "$1");
}

/** The index of a card chunk's first token of card text (after `text:`), or the chunk's length. */
function cardTextStart(chunk: IToken[]): number {
  for (let i = 0; i + 1 < chunk.length; i++) if (isType(chunk[i]!, T.Text) && isType(chunk[i + 1]!, T.Colon)) return i + 2;
  return chunk.length;
}

// ---------------------------------------------------------------------------------------
// Entry points

export interface ParseOptions {
  /**
   * Read only these [start, end) spans of the text, in order, each from a line start to a line
   * start (or the end): the rest is as if blank, with every offset, line and column the text's
   * own. compiler/incremental.ts parses an edited card this way without lexing the whole file.
   */
  spans?: [number, number][];
  /** The text's line map, when the caller has it already. */
  lines?: LineMap;
}

/** Parses a game file or a card file. Never throws; syntax problems come back as diagnostics. */
export function parseDocument(text: Text, file: string, options: ParseOptions = {}): ParseResult {
  const lines = options.lines ?? new LineMap(text);
  const ctx: Ctx = { text, file, lines, report: new Reporter(file, lines), fallbackOffset: 0, anchor: new Anchor(0, lines) };
  let doc: A.Document;
  try {
    const lexed = options.spans ? lexSpans(ctx, text, options.spans) : lex(ctx, text.toString());
    const first = lexed.tokens[0];
    if (first && isType(first, T.Game)) doc = parseGameFile(ctx, lexed);
    else if (first && isType(first, T.Scenario)) {
      // Scenario files have their own parser (grammar/scenario.ts); nothing to report here.
      doc = { kind: "cardFile", file, cards: [], comments: commentNodes(ctx, lexed.comments), range: rangeOf(ctx, 0, text.length) };
    } else if (!first) {
      doc = { kind: "cardFile", file, cards: [], comments: commentNodes(ctx, lexed.comments), range: rangeOf(ctx, 0, text.length) };
    } else doc = parseCardFile(ctx, lexed);
  } catch (error) {
    // Defensive: a bug must not take the editor or the CLI down with it.
    doc = { kind: "cardFile", file, cards: [], comments: [], range: rangeOf(ctx, 0, text.length) };
    ctx.report.add(diagnostic("CW1004", file, rangeOf(ctx, 0, Math.min(1, text.length)), { found: "this file", expected: `readable card text (internal error: ${String(error)})` }));
  }
  const diagnostics = ctx.report.finish();
  return { ast: doc, document: doc, diagnostics, omitted: ctx.report.omitted };
}

/**
 * Parses card text on its own (abilities, as in a card's `text:` block), e.g. for the
 * studio or scenario files. Ranges are relative to `text`.
 */
export function parseAbilityText(text: string, file: string): { abilities: A.Ability[]; diagnostics: Diagnostic[] } {
  const lines = new LineMap(text);
  const ctx: Ctx = { text, file, lines, report: new Reporter(file, lines), fallbackOffset: text.length, anchor: new Anchor(0, lines) };
  try {
    const lexed = lex(ctx, text);
    const cst = runParser(ctx, "abilityText", endSentencesAtLineBreaks(text, cardTextWords(lexed.tokens)), "text");
    reportUnreadableLines(ctx, cst);
    return { abilities: abilities(ctx, subs(cst, "ability"), lexed.tokens), diagnostics: ctx.report.finish() };
  } catch (error) {
    ctx.report.add(diagnostic("CW1004", file, rangeOf(ctx, 0, 0), { found: "this text", expected: `readable card text (internal error: ${String(error)})` }));
    return { abilities: [], diagnostics: ctx.report.finish() };
  }
}

// ---------------------------------------------------------------------------------------
// Tree walking (for the checker, the studio and tests)

/**
 * What a `give` / `get` / `have` clause gives, when a word joined after it by `and` can be one more gift: `Give target
 * creature +2/+0` (the complement, or the object from its amount on), `Target creature gets +1/+1`. Not once the clause
 * has a tail (`gets +1/+1 until end of turn and Flying` would hold a second duration).
 */
export function giftOf(clause: A.Clause): A.NounPhrase | undefined {
  const lemma = clause.verb?.lemma;
  if (clause.tail.length || clause.modal) return undefined;
  if (lemma === "give") return clause.complement ?? clause.object;
  const hasAmount = (np: A.NounPhrase): boolean => [...np.determiners, ...np.items].some((i) => i.kind === "stats" || i.kind === "count") || (np.also ?? []).some(hasAmount);
  if ((lemma === "get" || lemma === "have") && clause.subject && clause.object && hasAmount(clause.object)) return clause.object;
  return undefined;
}

/**
 * `Give target creature +2/+0 and Flying until end of turn`: the parser reads `Flying until end of turn` as a clause of its
 * own whose verb is `Flying`. A bare word so joined to a gift (giftOf) is one more gift when the game calls it a keyword
 * ability — the checker and the lowering both ask this, and the vocabulary decides.
 */
export function joinedToGift(previous: A.Clause | undefined, step: A.Step): { word: A.WordNode; amount?: A.Count } | undefined {
  const clause = step.clause;
  if (!previous || !clause.verb || !giftOf(previous) || step.condition || !["and", ", and", ","].includes(step.connector)) return undefined;
  if (clause.subject || clause.complement || clause.modal || clause.be || clause.orVerbs?.length) return undefined;
  // `and Bleed 2`: a keyword's number is parsed as the verb's object.
  const object = clause.object;
  const amount = object?.determiners.length === 1 && object.determiners[0]!.kind === "count" && !object.items.length && !object.filters.length && !object.also?.length ? object.determiners[0] : undefined;
  if (object && !amount) return undefined;
  return { word: clause.verb, ...(amount ? { amount } : {}) };
}

/** Calls `visit` on every node of the tree, parents before children, in source order of properties. */
export function forEachNode(root: A.AnyNode | A.AnyNode[], visit: (node: A.AnyNode, parent: A.AnyNode | undefined) => void): void {
  const walk = (value: unknown, parent: A.AnyNode | undefined): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, parent);
      return;
    }
    if (!value || typeof value !== "object") return;
    const obj = value as Record<string, unknown>;
    if (typeof obj["kind"] !== "string") return;
    const node = obj as unknown as A.AnyNode;
    visit(node, parent);
    for (const [key, child] of Object.entries(obj)) {
      if (key === "range" || key === "kind") continue;
      if (child && typeof child === "object") walk(child, node);
    }
  };
  walk(root, undefined);
}

/** Every word of a tree (content words and keywords) with its parent node. */
export function wordsOf(root: A.AnyNode | A.AnyNode[]): { word: A.WordNode; parent: A.AnyNode | undefined }[] {
  const out: { word: A.WordNode; parent: A.AnyNode | undefined }[] = [];
  forEachNode(root, (node, parent) => {
    if (node.kind === "word") out.push({ word: node, parent });
  });
  return out;
}

/** A file's first word misspelt (`senario`, `gmae`): the header word it is closest to, for a "did you mean". */
function headerSuggestion(first: IToken): { suggestion: string } | Record<string, never> {
  const suggestion = closestName(first.image, ["game", "set", "scenario"]);
  return suggestion ? { suggestion } : {};
}
