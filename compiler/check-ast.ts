/**
 * From the typed AST (ast.ts) to the checker's flat view (check-input.ts): game-file
 * directives become vocabulary declarations; cards become fields and abilities whose
 * vocabulary words carry their role (keyword, counter, phase, card name, ...) as the tree
 * shows it. This is the only checker module that knows the AST's node kinds.
 */
import type { Diagnostic, Range, Text } from "./diagnostics.ts";
import type * as Ast from "./ast.ts";
import { joinedToGift, parseDocument } from "./build.ts";
import { formatAbility, formatDocument } from "./format.ts";
import { formattingProblem } from "./format-verify.ts";
import { formatScenarioText } from "./format-scenario.ts";
import { diagnostic } from "./messages.ts";
import type { AbilityView, CardContent, CardView, ClauseView, FieldView, GameReference, GameView, KeywordUse, LayoutItem, LayoutLineView, SetView, ValueToken, WordReference, WordRun } from "./check-input.ts";
import { parseScenarioFile, type ScenarioFile } from "./scenario.ts";
import type { AbilityStructure, Declaration } from "./vocabulary.ts";
import { tokenNamedAt } from "./vocabulary.ts";
import { firstWordToken } from "../grammar/lexer.ts";
import { spanOf } from "./source-range.ts";
import { fitted } from "./fitted.ts";

export interface ParsedFile {
  path: string;
  /** The text that was parsed (the same object, not a copy): an unchanged file is not parsed again. */
  text: Text;
  kind: "game" | "cards" | "scenario" | "unknown";
  /** The typed tree (game and card files). */
  document?: Ast.Document;
  game?: GameView;
  set?: SetView;
  /** A scenario file, parsed (compiler/scenario.ts); its syntax problems are in `diagnostics`. */
  scenario?: ScenarioFile;
  /** Syntax diagnostics. */
  diagnostics: Diagnostic[];
  /** Syntax errors past the parser's cap, not in `diagnostics` (its CW1009 summary counts them). */
  omittedSyntaxErrors?: number;
  /**
   * A card file re-parsed after an edit (compiler/incremental.ts): which of its set's card views are new. The
   * checker takes the other cards' checks over by position instead of going through every card of the file.
   */
  spliced?: CardSplice;
}

/**
 * What an edit changed of a card file's list of card views: `set.cards` is `from.cards` with the `removed` views from
 * `at` on replaced by `added` new ones; every other view is the very object it was (its card moved with its anchor).
 */
export interface CardSplice {
  /** The earlier parse's set view. */
  from: SetView;
  at: number;
  removed: number;
  added: number;
}

export function parseForCheck(text: Text, path: string): ParsedFile {
  if (isScenario(text.toString(), path)) {
    const scenario = parseScenarioFile(text.toString(), path);
    return { path, text, kind: "scenario", scenario, diagnostics: scenario.diagnostics };
  }
  const { document, diagnostics, omitted } = parseDocument(text, path);
  const parsed = parsedFromDocument(text, path, document, diagnostics);
  if (omitted > 0) parsed.omittedSyntaxErrors = omitted;
  return parsed;
}

/** The checker's view of a game or card file already parsed (compiler/incremental.ts re-parses only the edited cards). */
export function parsedFromDocument(text: Text, path: string, document: Ast.Document, diagnostics: Diagnostic[]): ParsedFile {
  const parsed: ParsedFile = { path, text, kind: "unknown", document, diagnostics };
  if (document?.kind === "gameFile") {
    parsed.kind = "game";
    if (document.id) parsed.game = gameView(document, text);
  } else if (document?.kind === "cardFile") {
    parsed.kind = "cards";
    if (document.game) parsed.set = setView(document, text);
  }
  return parsed;
}

/** Canonical text of a game or card file; undefined when it has syntax errors (or is a scenario). */
export function formatSource(text: string, path: string): { text?: string; diagnostics: Diagnostic[]; skipped?: string } {
  const start: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
  if (isScenario(text, path)) {
    // Layout only, even with unreadable lines: they are kept as written (compiler/format-scenario.ts).
    const result = formatScenarioText(text, path);
    return "text" in result ? { text: result.text, diagnostics: [] } : { diagnostics: [diagnostic("CW3010", path, start, { reason: result.problem })] };
  }
  const { document, diagnostics } = parseDocument(text, path);
  if (!document || diagnostics.some((d) => d.severity === "error")) return { diagnostics };
  let formatted: string;
  try {
    formatted = formatDocument(document, text);
  } catch (error) {
    return { diagnostics: [...diagnostics, diagnostic("CW3009", path, start, { phase: "formatting", reason: String(error) })] };
  }
  // Written only when it reads back as the same text (compiler/format-verify.ts).
  const problem = formatted === text ? undefined : formattingProblem(text, document, formatted, path);
  if (problem) return { diagnostics: [...diagnostics, diagnostic("CW3010", path, start, { reason: problem })] };
  return { text: formatted, diagnostics };
}

// ---------------------------------------------------------------------------------------
// Scenarios (parsed and checked by compiler/scenario.ts)

/**
 * A scenario file: one named `.scenario`, whatever it starts with, or one whose first token in the whole file (past any
 * comments or blank lines) is `scenario`. A `.scenario` file whose header is misspelt (`scenaro "x" for duel`) or
 * missing is a scenario file with that line unreadable (CW5002, did you mean "scenario"?): read as a card file, its
 * CW1006 was not a scenario's problem, and `cardwright test` ran none of its scenarios and passed.
 */
export function isScenario(text: string, path?: string): boolean {
  return (path !== undefined && /\.scenario$/i.test(path)) || firstWordToken(text) === "Scenario";
}

// ---------------------------------------------------------------------------------------
// Card files

function setView(document: Ast.CardFile, text: Text): SetView {
  return {
    file: document.file,
    code: document.code?.text ?? "",
    codeRange: document.code?.range ?? document.range,
    name: document.title?.value ?? "",
    game: document.game!.text,
    gameRange: document.game!.range,
    range: document.range,
    cards: document.cards.map(cardView),
  };
}

function cardView(card: Ast.CardDecl): CardView {
  const view: CardView = { name: card.name.value, nameRange: card.name.range, range: card.range, tree: card };
  if (card.textRange) view.textRange = card.textRange;
  return view;
}

/**
 * What the checker reads of a card, built from its tree when it is checked. `text` is its file's
 * text as it is now (a kept card's tree has moved with it): an ability the printer cannot print
 * is read as written.
 */
export function cardContent(view: CardView, text: Text): CardContent {
  const card = view.tree;
  return { ...view, fields: card.fields.map(fieldView), abilities: card.abilities.map((ability) => abilityView(ability, text)) };
}

function fieldView(field: Ast.Field): FieldView {
  return { name: field.name.text, nameRange: field.name.range, range: field.range, value: field.value.map(valueToken) };
}

function valueToken(item: Ast.ValueItem): ValueToken {
  switch (item.kind) {
    case "word":
      return { kind: /^[XN]$/.test(item.text) ? "x" : "word", text: item.text, range: item.range };
    case "number":
      return { kind: "number", text: item.text, range: item.range };
    case "string":
      return { kind: "string", text: item.value, range: item.range };
    case "symbol":
      return { kind: "symbol", text: `{${item.symbol}}`, range: item.range };
    case "stats":
      return { kind: "stats", text: item.text, range: item.range };
    case "punct":
      return { kind: item.text === "—" ? "dash" : "punctuation", text: item.text, range: item.range };
  }
}

// ---------------------------------------------------------------------------------------
// Abilities

interface Collector {
  clauses: ClauseView[];
  keywords: KeywordUse[];
  words: WordReference[];
  runs: WordRun[];
  marker?: { text: string; range: Range };
}

export function abilityView(ability: Ast.Ability, text: Text): AbilityView {
  const collector: Collector = { clauses: [], keywords: [], words: [], runs: [] };
  walkBody(ability.body, collector);
  const view: AbilityView = {
    range: ability.range,
    keywords: fitted(collector.keywords),
    words: fitted(collector.words),
    runs: fitted(collector.runs),
    text: abilityText(ability, text),
    clauses: fitted(collector.clauses),
  };
  if (ability.tag) view.tag = { text: ability.tag.text, range: ability.tag.range };
  if (ability.sameLine) view.sameLine = true;
  if (collector.marker) view.marker = collector.marker;
  return view;
}

/** The ability's canonical text without its tag (the formatter's; as written if the printer fails on a partial tree). */
function abilityText(ability: Ast.Ability, text: Text): string {
  try {
    const { tag: _tag, ...untagged } = ability;
    return formatAbility(untagged as Ast.Ability);
  } catch {
    return text.slice(ability.body.range.start.offset, ability.body.range.end.offset).replace(/\s+/g, " ").trim();
  }
}

function walkBody(body: Ast.AbilityBody, out: Collector): void {
  switch (body.kind) {
    case "keywords":
      for (const ref of body.keywords) {
        const use: KeywordUse = { name: ref.name.text, range: ref.name.range };
        if (ref.parameter) use.parameter = { text: ref.parameter.text, range: ref.parameter.range };
        out.keywords.push(use);
      }
      return;
    case "prefixed": {
      const only = body.prefix.length === 1 ? body.prefix[0] : undefined;
      const lone = only?.kind === "clauseCost" ? loneWord(only.clause) : undefined;
      if (lone) out.marker = { text: lone.text, range: lone.range };
      else for (const cost of body.prefix) walkNode(cost, out, undefined);
      walkBody(body.body, out);
      return;
    }
    default:
      walkNode(body, out, undefined);
  }
}

/** `PLAY` or `Exhaust` alone before `:` (no subject, object or tail). */
function loneWord(clause: Ast.Clause): Ast.WordNode | undefined {
  if (clause.object || clause.tail.length || clause.modal || clause.be) return undefined;
  if (clause.verb && !clause.subject) return clause.verb;
  if (!clause.verb && clause.subject && clause.subject.determiners.length === 0 && clause.subject.filters.length === 0 && clause.subject.items.length === 1) {
    const item = clause.subject.items[0]!;
    return item.kind === "word" ? item : undefined;
  }
  return undefined;
}

/** Generic descent: the node kinds that carry vocabulary words get their own handling. */
function walkNode(node: unknown, out: Collector, verb: string | undefined, event = false): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) walkNode(child, out, verb, event);
    return;
  }
  const typed = node as { kind?: string };
  switch (typed.kind) {
    case "triggerHead":
    case "condition": {
      // Events and conditions (`When you Scry`, `if you Mill`): a keyword action named, not performed.
      for (const key in node) if (key !== "range" && key !== "kind" && key !== "more" && Object.hasOwn(node, key)) walkNode((node as Record<string, unknown>)[key], out, verb, true);
      for (const m of (node as { more?: { clause: unknown }[] }).more ?? []) walkNode(m.clause, out, verb, true);
      return;
    }
    case "triggered":
    case "conditional":
    case "replacement": {
      const body = node as { condition?: unknown; more?: { clause: unknown }[]; event?: unknown; trigger?: unknown; effect: unknown };
      walkNode(body.trigger, out, verb, true);
      walkNode(body.condition, out, verb, true);
      for (const m of body.more ?? []) walkNode(m.clause, out, verb, true);
      walkNode(body.event, out, verb, true);
      walkNode(body.effect, out, verb, event);
      return;
    }
    case "sequence": {
      // `Give target creature +2/+0 and Flying until end of turn`: `Flying` parsed as a clause's verb is one more gift
      // (joinedToGift); the checker hears it as a keyword ability named, as the lowering reads it.
      // The clause a run of gifts is joined to (`+2/+2 and Haste and Bleed 1`: both to the first).
      let giver: Ast.Clause | undefined;
      for (const step of (node as Ast.Sequence).steps) {
        const gift = event ? undefined : joinedToGift(giver, step);
        if (!gift) giver = step.clause;
        if (gift) {
          out.words.push({ role: "verb", text: gift.word.text, range: gift.word.range, gift: true, ...(gift.amount ? { parameter: { text: gift.amount.text, range: gift.amount.range } } : {}) });
          walkNode(step.clause.tail, out, undefined, event);
        } else walkNode(step, out, verb, event);
      }
      return;
    }
    case "clause": {
      const clause = node as Ast.Clause;
      const lemma = clause.verb?.lemma;
      if (clause.verb && !clause.verb.keyword) {
        const reference: WordReference = { role: "verb", text: clause.verb.text, range: clause.verb.range };
        if (event) reference.event = true;
        // "Spark 1 twice.", "Scry 1 three times.", "Siphon 2 again.": the words saying how many times the clause happens
        // end its object's noun phrase; they are no part of what the verb acts on (the lowering reads them: `repetition`).
        const { items, determiners } = withoutRepetition(clause.object);
        const oneCard = items.length === 1 && items[0]!.kind === "word" && /^card$/i.test(items[0]!.text);
        const article = oneCard && determiners.length === 1 ? determiners.find((d) => d.kind === "determiner" && (d.lemma === "a" || d.lemma === "an")) : undefined;
        const count = determiners.find((d): d is Ast.Count => d.kind === "count") ?? article;
        // "Mill 3", "Mill a card", and "Mill 3 cards" with the noun the value counts (the lowering reads "cards" for a keyword whose value is
        // a number of cards, and leaves it unread, CW6005, after any other).
        const counted = items.length === 0 || (items.length === 1 && items[0]!.kind === "word" && /^cards?$/i.test(items[0]!.text) && !clause.object!.filters.length);
        if (count && counted) reference.parameter = { text: count.text, range: count.range, ...(items.length ? { counted: true } : {}) };
        // "Spark 2 more.", "Scry 1 first.": the value is there, words after it are not — the lowering reports those (CW6005 /
        // CW6001 at them); "needs a value" at the keyword blamed the one word that was right (session 39 probe).
        else if (count && count.kind === "count" && items.length > 0 && items.every((i) => i.kind === "word" && !/^cards?$/i.test(i.text))) reference.parameter = { text: count.text, range: count.range, loose: true };
        // "Target opponent mills cards equal to the number of …": the value is the "equal to" phrase.
        const equalTo = clause.object?.filters.length === 1 && clause.object.filters[0]!.kind === "equalTo" ? clause.object.filters[0] : undefined;
        if (!count && equalTo && items.length === 1 && items[0]!.kind === "word" && /^cards$/i.test(items[0]!.text)) reference.parameter = { text: "equal to …", range: equalTo.range, counted: true };
        out.words.push(reference);
      }
      if (clause.verb && !event) {
        const view: ClauseView = {
          verb: clause.verb.lemma,
          object: fitted((clause.object?.items ?? []).flatMap((item) => (item.kind === "word" ? [item.lemma] : []))),
          range: clause.range,
        };
        const subject = clause.subject?.determiners[0] ?? clause.subject?.items[0];
        if (subject && "lemma" in subject && subject.lemma) view.subject = subject.lemma;
        if (clause.subject) view.subjectWords = fitted([...clause.subject.determiners, ...clause.subject.items].flatMap((w) => ("lemma" in w && w.lemma ? [w.lemma] : [])));
        out.clauses.push(view);
      }
      for (const other of clause.orVerbs ?? []) {
        if (!other.keyword) out.words.push(event ? { role: "verb", text: other.text, range: other.range, event: true } : { role: "verb", text: other.text, range: other.range });
      }
      walkNode(clause.subject, out, lemma, event);
      // `Target creature gains Bleed 2 and Hast`: a card given a keyword list; each word is a keyword ability.
      if (!event && clause.object && grantsKeywordList(clause)) walkTokenKeywords(clause.object, out);
      else walkNode(clause.object, out, lemma, event);
      walkNode(clause.tail, out, lemma, event);
      return;
    }
    case "np":
      walkNounPhrase(node as Ast.NounPhrase, out, verb, event);
      return;
    case "symbol": {
      const symbol = node as Ast.SymbolNode;
      out.words.push({ role: "symbol", text: `{${symbol.symbol}}`, range: symbol.range });
      return;
    }
    case "keywordRef": {
      const ref = node as Ast.KeywordRef;
      const use: KeywordUse = { name: ref.name.text, range: ref.name.range };
      if (ref.parameter) use.parameter = { text: ref.parameter.text, range: ref.parameter.range };
      out.keywords.push(use);
      return;
    }
    case "word":
    case "string":
    case "number":
    case "count":
    case "stats":
    case "determiner":
      return;
    default:
      // No copy of the node's entries (this runs for every node of every ability): its own keys, in Object.entries's order.
      for (const key in node) {
        if (key === "range" || key === "kind" || !Object.hasOwn(node, key)) continue;
        walkNode((node as Record<string, unknown>)[key], out, verb, event);
      }
  }
}

function walkNounPhrase(np: Ast.NounPhrase, out: Collector, verb: string | undefined, event: boolean): void {
  if (verb === "create" || verb === "summon") tokenWithoutStats(np, out);
  // Runs of words end at anything that is not a word (no closure here: this runs for every noun phrase).
  let run: WordRun = [];
  for (let index = 0; index < np.items.length; index++) {
    const item = np.items[index]!;
    const next = np.items[index + 1];
    // "a unit named Stone Guard": the words after "named" are one card's name (as a quoted name is), looked up as a card.
    if (item.kind === "word" && index > 0 && item.text.toLowerCase() === "named" && next?.kind === "word" && np.items.slice(index + 1).every((i) => i.kind === "word")) {
      run.push({ text: item.text, range: item.range });
      out.runs.push(run);
      run = [];
      const last = np.items[np.items.length - 1]!;
      const text = np.items.slice(index + 1).map((i) => (i as Ast.WordNode).text).join(" ");
      // A token's name ("Create a 1/1 Vampire token named Nosferling") is the name it is given, as a quoted one is.
      const tokenName = (verb === "create" || verb === "summon") && tokenNamedAt(np) === index;
      out.words.push({ role: tokenName ? "tokenName" : "card", text, range: spanOf(next.range, last.range) });
      break;
    }
    if (item.kind === "word") {
      if (next?.kind === "word" && next.keyword && (next.lemma === "counter" || next.lemma === "phase") && !item.keyword) {
        if (run.length) out.runs.push(run);
        run = [];
        out.words.push({ role: next.lemma, text: item.text, range: item.range });
        continue;
      }
      // Structural words (card, player, discard ...) stay in the run: they may be part of a multi-word name (`Discard Pile`).
      run.push(item.keyword ? { text: item.text, range: item.range, keyword: true } : { text: item.text, range: item.range });
      continue;
    }
    if (run.length) out.runs.push(run);
    run = [];
    if (item.kind === "string") out.words.push({ role: verb === "create" ? "tokenName" : "card", text: item.value, range: item.range });
    else if (item.kind === "symbol") out.words.push({ role: "symbol", text: `{${item.symbol}}`, range: item.range });
  }
  if (run.length) out.runs.push(run);
  for (const filter of np.filters) {
    // A token's description: `a 1/1 Bat token with Flying and Haste` names keyword abilities, so a
    // word there that the game does not declare is an unknown keyword (`with Flyng`), not plain English.
    if (verb === "create" && filter.kind === "prep" && (filter.prep === "with" || filter.prep === "without")) walkTokenKeywords(filter.object, out);
    // `a creature card milled this way`: a participle names a keyword action done before, as an event does (no number).
    else if (filter.kind === "relative" && !filter.that && !filter.clause.subject) walkNode(filter, out, verb, true);
    else walkNode(filter, out, verb, event);
  }
}

/**
 * "Create a "Blood Familiar" Bat token with Haste.", "Create a Thrall token.": a token phrase with no stats (no `1/1`; a stat
 * named with its number, `a 2 power Gray Wolf token`, is looked at by the checker) — its name, quoted or its words but
 * "token", for the checker to find a printed token card of (CW2099). Not a copy ("a token that's a copy of ...").
 */
function tokenWithoutStats(np: Ast.NounPhrase, out: Collector): void {
  const named = tokenNamedAt(np);
  // "a token named Blood Familiar", "a Vampire token named Thrall": the words after "named" are the name, as a quoted one is.
  const words = np.items.slice(0, named < 0 ? undefined : named).filter((i): i is Ast.WordNode => i.kind === "word");
  if (!words.some((w) => /^tokens?$/i.test(w.text)) || words.some((w) => /^cop(?:y|ies)$/i.test(w.text)) || np.filters.some((f) => f.kind === "relative")) return;
  if (np.items.some((i) => i.kind === "stats")) return;
  const name = named < 0 ? undefined : np.items.slice(named + 1).map((i) => (i as Ast.WordNode).text).join(" ");
  const quoted = name !== undefined ? { value: name } : np.items.find((i): i is Ast.StringNode => i.kind === "string");
  const text = quoted ? quoted.value : words.filter((w) => !/^tokens?$/i.test(w.text)).map((w) => w.text).join(" ");
  const first = np.items[0];
  const last = np.items[np.items.length - 1];
  if (!first || !last) return;
  // A quoted name's other words go with it: a stat named among them ('a 1 power "Scout" token') gives the token its stats.
  const besides = quoted ? words.map((w) => w.text).join(" ") : "";
  out.words.push({ role: "tokenWithoutStats", text, range: { start: first.range.start, end: last.range.end }, ...(quoted ? { quoted: true, besides } : {}) });
}

const PLAYER_WORDS = new Set(["you", "they", "player", "players", "opponent", "opponents"]);

/**
 * Does the clause give a card a list of keywords (`gains Flying and Haste`, `have Bleed 2`)? A card
 * subject (not a player: `you gain Gold`), and capitalised bare words, each with maybe a number.
 */
function grantsKeywordList(clause: Ast.Clause): boolean {
  const lemma = clause.verb?.lemma;
  if ((lemma !== "gain" && lemma !== "have") || !clause.subject || !clause.object) return false;
  const subject = clause.subject;
  if ([...subject.determiners, ...subject.items].some((d) => "lemma" in d && typeof d.lemma === "string" && PLAYER_WORDS.has(d.lemma.toLowerCase()))) return false;
  if (subject.items.some((i) => i.kind === "word" && PLAYER_WORDS.has(i.text.toLowerCase()))) return false;
  const parts: Ast.NounPhrase[] = [];
  const collect = (np: Ast.NounPhrase): void => {
    parts.push(np);
    for (const other of np.also ?? []) collect(other);
  };
  collect(clause.object);
  return parts.every(
    (p) =>
      p.determiners.length === 0 &&
      p.filters.length === 0 &&
      p.items[0]?.kind === "word" &&
      p.items.every((i) => (i.kind === "word" && !i.keyword && /^[A-Z]/.test(i.text)) || (i.kind === "count" && i.value !== undefined)),
  );
}

/** `Flying and Haste`, `Bleed 2`: the keywords a created token has. */
function walkTokenKeywords(np: Ast.NounPhrase, out: Collector): void {
  const words = np.items.filter((item): item is Ast.WordNode => item.kind === "word");
  const count = np.items.find((item): item is Ast.Count => item.kind === "count");
  // Only a bare list of words (with a keyword's number): anything else (`with power 2 or less`) is walked as usual.
  if (words.length === 0 || np.determiners.length > 0 || np.filters.length > 0 || words.some((w) => w.keyword)) {
    walkNode(np, out, "create", false);
    return;
  }
  for (const word of words) {
    const use: KeywordUse = { name: word.text, range: word.range, usedAs: "ability" };
    if (count && word === words[words.length - 1]) use.parameter = { text: count.text, range: count.range };
    out.keywords.push(use);
  }
  for (const other of np.also ?? []) walkTokenKeywords(other, out);
}

// ---------------------------------------------------------------------------------------
// Game files

const PAYMENT_WORDS = new Set(["free", "discard", "erase", "life"]);
const ZONE_OPTIONS = new Set(["hidden", "private", "public"]);

function gameView(document: Ast.GameFile, text: Text): GameView {
  const file = document.file;
  const declarations: Declaration[] = [];
  const references: GameReference[] = [];
  const abilities: AbilityView[] = [];
  const layouts: LayoutLineView[] = [];
  const sourceOf = (node: { range: Range }) => text.slice(node.range.start.offset, node.range.end.offset).replace(/\s+/g, " ").trim();

  for (const statement of document.statements) {
    const detail = sourceOf(statement);
    switch (statement.kind) {
      case "param":
        declarations.push({ kind: "param", name: statement.name.text, file, range: statement.name.range, detail, value: paramValue(statement.value) });
        break;
      case "keyword": {
        const definition = statement.definition;
        const declaration: Declaration = {
          kind: "keyword",
          keywordKind: statement.keywordKind,
          name: statement.name.text,
          file,
          range: statement.name.range,
          detail,
          definition: definition.kind === "ruleRef" ? `rule ${definition.name.text}` : definition.string.value,
        };
        if (statement.parameter) declaration.parameter = statement.parameter.text;
        if (definition.kind === "ruleRef") declaration.rule = definition.name.text;
        else abilities.push(...definition.abilities.map((a) => abilityView(a, text)));
        declarations.push(declaration);
        break;
      }
      case "marker": {
        const definition = statement.definition;
        const meaning = definition.kind === "static" ? "static" : (definition as Ast.EmbeddedTrigger).string.value;
        declarations.push({ kind: "marker", name: statement.name.text, file, range: statement.name.range, detail, meaning });
        if (definition.kind === "embeddedTrigger" && (definition as Ast.EmbeddedTrigger).trigger) {
          const collector: Collector = { clauses: [], keywords: [], words: [], runs: [] };
          walkNode((definition as Ast.EmbeddedTrigger).trigger, collector, undefined);
          abilities.push({ range: definition.range, keywords: collector.keywords, words: collector.words, runs: collector.runs, text: meaning, clauses: [] });
        }
        break;
      }
      case "rule":
        abilities.push(...statement.text.abilities.map((a) => abilityView(a, text)));
        break;
      case "phase": {
        const name = statement.name.kind === "string" ? statement.name.value : statement.name.text;
        declarations.push({ kind: "phase", name, file, range: statement.name.range, detail });
        if (statement.steps) {
          const collector: Collector = { clauses: [], keywords: [], words: [], runs: [] };
          walkNode(statement.steps, collector, undefined);
          // Phase steps (`draw renew_draw`, `renew`) name engine steps and parameters: only near misses are reported.
          abilities.push({ range: statement.range, keywords: [], words: collector.words.filter((w) => w.role !== "verb"), runs: collector.runs, text: detail, clauses: [] });
        }
        break;
      }
      case "directive":
        if (statement.head.lemma.toLowerCase() === "layout") layouts.push(layoutLine(statement));
        else directive(statement, file, detail, declarations, references);
        break;
    }
  }
  return {
    file,
    id: document.id!.text,
    idRange: document.id!.range,
    name: document.title?.value ?? document.id!.text,
    range: document.range,
    declarations,
    references,
    abilities,
    layouts,
  };
}

/** `layout name at 5 4 width 53 height 7 font serif bold 10`: the items as written, for compiler/layout.ts. */
function layoutLine(statement: Ast.Directive): LayoutLineView {
  const items: LayoutItem[] = [...statement.items, ...(statement.block ?? []).flat()].map((item) => {
    switch (item.kind) {
      case "word":
        return { kind: "word", text: item.text, range: item.range };
      case "number":
        return { kind: "number", text: item.text, value: item.value, range: item.range };
      case "string":
        return { kind: "string", text: item.value, range: item.range };
      case "symbol":
        return { kind: "other", text: `{${item.symbol}}`, range: item.range };
      default:
        return { kind: "other", text: item.text, range: item.range };
    }
  });
  return { range: statement.range, headRange: statement.head.range, items };
}

function paramValue(value: Ast.NumberNode | Ast.StringNode | Ast.WordNode): number | string | boolean {
  if (value.kind === "number") return value.value;
  if (value.kind === "string") return value.value;
  const lowered = value.text.toLowerCase();
  if (lowered === "true") return true;
  if (lowered === "false") return false;
  return value.text;
}

type Item = Ast.ValueItem;

function itemText(item: Item | undefined): string | undefined {
  if (!item) return undefined;
  switch (item.kind) {
    case "word":
      return item.text;
    case "string":
      return item.value;
    case "number":
      return item.text;
    case "symbol":
      return item.symbol;
    default:
      return undefined;
  }
}

function wordAfter(items: Item[], lemma: string): Item | undefined {
  const index = items.findIndex((item) => item.kind === "word" && item.text.toLowerCase() === lemma);
  return index >= 0 ? items[index + 1] : undefined;
}

/** Each string right after `word` (`forbids "gain life"`, `also "Support"`). */
function stringsAfter(items: Item[], word: string): string[] {
  return items.flatMap((item, index) => {
    const previous = items[index - 1];
    return item.kind === "string" && previous?.kind === "word" && previous.text.toLowerCase() === word ? [item.value] : [];
  });
}

function hasWord(items: Item[], word: string): boolean {
  return items.some((item) => item.kind === "word" && item.text.toLowerCase() === word);
}

function directive(statement: Ast.Directive, file: string, detail: string, declarations: Declaration[], references: GameReference[]): void {
  const head = statement.head.lemma.toLowerCase();
  const items = statement.items;
  const nameItem = items[0];
  const name = itemText(nameItem);
  const range = nameItem?.range ?? statement.head.range;
  switch (head) {
    case "resource":
      if (name) declarations.push({ kind: "resource", name, file, range, detail });
      return;
    case "color":
    case "colour": {
      if (!name) return;
      const declaration: Declaration = { kind: "color", name, file, range, detail };
      const pays = wordAfter(items, "pays");
      if (pays?.kind === "word") {
        declaration.pays = pays.text;
        if (!PAYMENT_WORDS.has(pays.text.toLowerCase())) {
          references.push({ role: "resource", text: pays.text, range: pays.range, context: `The colour ${name}` });
        }
      }
      const symbol = items.find((item): item is Ast.SymbolNode => item.kind === "symbol");
      if (symbol) declaration.symbol = symbol.symbol;
      const forbids = stringsAfter(items, "forbids").map((effect) => effect.toLowerCase());
      if (forbids.length) declaration.forbids = forbids;
      declarations.push(declaration);
      return;
    }
    case "symbol": {
      const symbol = items.find((item): item is Ast.SymbolNode => item.kind === "symbol");
      const target = items[items.length - 1];
      if (!symbol) return;
      const pays = target?.kind === "word" ? target.text : "generic";
      declarations.push({ kind: "symbol", name: symbol.symbol, file, range: symbol.range, detail, pays });
      if (target?.kind === "word") references.push({ role: "symbol-target", text: target.text, range: target.range, context: `The symbol {${symbol.symbol}}` });
      return;
    }
    case "zone": {
      if (!name) return;
      const declaration: Declaration = { kind: "zone", name, file, range, detail, ordered: hasWord(items, "ordered"), shared: hasWord(items, "shared") };
      const visibility = items.find((item) => item.kind === "word" && ZONE_OPTIONS.has(item.text.toLowerCase()));
      if (visibility?.kind === "word") declaration.visibility = visibility.text.toLowerCase() as "hidden" | "private" | "public";
      const slots = wordAfter(items, "slots");
      if (slots?.kind === "number") declaration.slots = slots.value;
      declarations.push(declaration);
      return;
    }
    case "cardtype": {
      if (!name) return;
      const declaration: Declaration = {
        kind: "cardtype",
        name,
        file,
        range,
        detail,
        permanent: hasWord(items, "permanent"),
        token: hasWord(items, "token"),
        requires: [],
      };
      const aliases = stringsAfter(items, "also");
      if (aliases.length) declaration.aliases = aliases;
      for (const clause of statement.block ?? []) {
        const first = clause[0];
        const word = first?.kind === "word" ? first.lemma.toLowerCase() : "";
        if (word === "requires") {
          for (const item of clause.slice(1)) {
            if (item.kind !== "word") continue;
            declaration.requires.push(item.text.toLowerCase());
            references.push({ role: "field", text: item.text, range: item.range, context: `The card type ${name}` });
          }
        } else if (word === "abilities" || word === "ability") {
          declaration.abilities = abilityStructure(clause.slice(1), clause);
        }
      }
      declarations.push(declaration);
      return;
    }
    case "stat":
    case "subtype":
    case "tribe":
    case "rarity":
    case "counter": {
      const kind = head === "tribe" ? "subtype" : head;
      if (kind === "subtype" || kind === "stat") {
        // `subtype Knight, Soldier, Beast`: one declaration per name.
        for (const item of items) {
          const itemName = itemText(item);
          if (itemName && item.kind !== "number") declarations.push({ kind, name: itemName, file, range: item.range, detail });
        }
        return;
      }
      if (!name) return;
      if (kind === "counter") {
        const on = wordAfter(items, "on");
        declarations.push({ kind: "counter", name, file, range, detail, on: on?.kind === "word" && on.text.toLowerCase() === "player" ? "player" : "card" });
      } else declarations.push({ kind: "rarity", name, file, range, detail });
      return;
    }
    default:
      return; // `deck ...` and engine directives: read by the engine, nothing to bind
  }
}

/** `Base 1, facet 4` · `facet spell_abilities` · `facet 5 one_active` · `facet 4 other_colors`. */
function abilityStructure(items: Item[], clause: Item[]): AbilityStructure {
  const first = clause[0]!;
  const last = clause[clause.length - 1]!;
  const structure: AbilityStructure = { base: 0, facets: 0, otherColors: false, options: [], range: spanOf(first.range, last.range) };
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== "word") continue;
    const word = item.text.toLowerCase();
    const next = items[i + 1];
    if ((word === "base" || word === "facet" || word === "facets") && next && (next.kind === "number" || next.kind === "word")) {
      i++;
      const count = next.kind === "number" ? next.value : { param: next.text };
      if (word === "base") structure.base = typeof count === "number" ? count : 1;
      else structure.facets = count;
    } else if (word === "other_colors" || word === "other_colours") structure.otherColors = true;
    else structure.options.push(item.text);
  }
  return structure;
}

/**
 * A clause object's items and determiners without the repetition that ends it: "twice", "thrice", "again", or a count and
 * "times" ("1 three times": the count 1 stays, "three times" goes).
 */
function withoutRepetition(object: Ast.NounPhrase | undefined): { items: Ast.NounPhrase["items"]; determiners: Ast.NounPhrase["determiners"] } {
  const items = object?.items ?? [];
  const determiners = object?.determiners ?? [];
  const last = items[items.length - 1];
  if (last?.kind !== "word") return { items, determiners };
  if (/^(twice|thrice|again)$/i.test(last.text)) return { items: items.slice(0, -1), determiners };
  const count = determiners[determiners.length - 1];
  if (/^times?$/i.test(last.text) && items.length === 1 && count?.kind === "count" && determiners.length > 1) return { items: [], determiners: determiners.slice(0, -1) };
  return { items, determiners };
}
