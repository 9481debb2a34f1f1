/**
 * The checker for cards: every field and every vocabulary word of a card is resolved against
 * the card's own game file; required fields and the ability structure of the card type are
 * enforced. Checks are registered per construct (field, ability, card) in the Langium manner:
 * each reports through `accept(code, range, args, suggestion)` and never throws, so one broken
 * card never hides the diagnostics of the others.
 */
import { wordNoFaceFits } from "./text-width.ts";
import { fitted } from "./fitted.ts";
import { spanOf } from "./source-range.ts";
import { resolveArtPath } from "./art.ts";
import type { Diagnostic, DiagnosticFix, Range } from "./diagnostics.ts";
import { diagnostic, type MessageArgs, type MessageCode } from "./messages.ts";
import type { AbilityModel, CardModel, CostSymbol } from "./model.ts";
import { distance } from "fastest-levenshtein";
import { keywordLemma, keywordTokens } from "../grammar/lexer.ts";
import { FREE_TEXT_FIELD_NAMES } from "../grammar/parser.ts";
import type { AbilityView, CardContent, FieldView, KeywordUse, ValueToken, WordReference, WordRun } from "./check-input.ts";
import { closestName, isOneTransposition } from "./check-suggest.ts";
import { GameVocabulary, costWordAmount, lookupWord, singulars, tokenNameWords, type CardTypeDeclaration, type Declaration, type KeywordDeclaration, type VocabularyKind } from "./vocabulary.ts";

/** A resolved name at a range: what hover, go-to-definition and find-references read. */
export interface Reference {
  file: string;
  range: Range;
  kind: VocabularyKind | "card";
  name: string;
  definition?: { file: string; range: Range };
  detail?: string;
}

export interface CardEntry {
  name: string;
  /** A token card (`token`, or `Token` on its type line): a token text with no stats names it (CW2099). */
  token?: boolean;
  /** The words of its type line before any dash, lower-case (`Unit — Knight`: ["unit"]). */
  types?: readonly string[];
  file: string;
  range: Range;
  nameRange: Range;
}

export type Accept = <C extends MessageCode>(code: C, range: Range, args: MessageArgs<C>, suggestion?: string, fix?: DiagnosticFix) => void;

export interface CheckContext {
  vocabulary: GameVocabulary;
  file: string;
  /** Every card of the game (all its sets), by lower-case name: quoted names resolve here. */
  cardIndex: Map<string, CardEntry>;
  accept: Accept;
  references: Reference[];
}

export interface CheckedCard {
  model: CardModel;
  diagnostics: Diagnostic[];
  references: Reference[];
}

/** `art: "art/ember-squire.png"`: one quoted path to an image inside the workspace (its file is checked by `checkArtAssets`). */
function checkArtField(field: FieldView, model: CardModel, context: CheckContext): void {
  const text = field.value.map((token) => token.text).join(" ");
  model.fields.art = { kind: "words", words: field.value.map((t) => t.text), text };
  const value = field.value[0];
  if (!value || field.value.length !== 1 || value.kind !== "string") {
    context.accept("CW2096", value ? { start: value.range.start, end: field.value[field.value.length - 1]!.range.end } : field.nameRange, { found: text === "" ? "nothing" : quote(text) });
    return;
  }
  const written = value.text;
  const resolved = resolveArtPath(context.file, written);
  if (resolved.ok) model.art = { path: resolved.path, range: { start: { ...value.range.start }, end: { ...value.range.end } } };
  else if (resolved.code === "CW2096") context.accept("CW2096", value.range, { found: resolved.reason });
  else context.accept("CW2097", value.range, { path: written, reason: resolved.reason });
}

/** A free-text field's prose as written: its tokens with the spaces between them (a quoted part keeps its quotes). */
function proseOf(value: ValueToken[]): string {
  if (value.length === 1) return value[0]!.text;
  let out = "";
  value.forEach((token, i) => {
    const before = value[i - 1];
    if (before && token.range.start.offset > before.range.end.offset) out += " ";
    out += token.kind === "string" ? `"${token.text}"` : token.text;
  });
  return out;
}

/** Field names with a meaning of their own; any other field must be a stat or named by a `requires` list. */
const COLOR_FIELDS = new Set(["color", "colour", "faction"]);
const FLAG_FIELDS = new Set(["unique", "token"]);
const SUPERTYPES = new Set(["token", "unique"]);
const TOKEN_EXEMPT_FIELDS = new Set(["cost", "rarity"]);

export interface CheckCardOptions {
  /** The card has syntax errors: its ability list may be cut or split, so the structure checks would only echo them. */
  syntaxErrors?: boolean;
}

export function checkCard(
  card: CardContent,
  vocabulary: GameVocabulary,
  file: string,
  set: string,
  cardIndex: Map<string, CardEntry>,
  options: CheckCardOptions = {},
): CheckedCard {
  const diagnostics: Diagnostic[] = [];
  const references: Reference[] = [];
  const accept: Accept = (code, range, args, suggestion, fix) =>
    diagnostics.push(diagnostic(code, file, range, args, { ...(suggestion === undefined ? {} : { suggestion }), ...(fix ? { fix } : {}) }));
  const context: CheckContext = { vocabulary, file, cardIndex, accept, references };
  const game = vocabulary.id;

  const model: CardModel = {
    game,
    set,
    name: card.name,
    file,
    range: card.range,
    type: "",
    subtypes: [],
    supertypes: [],
    isToken: false,
    colors: [],
    stats: {},
    fields: {},
    abilities: [],
    text: "",
  };

  // Fields: each once, each known, each value of the right shape.
  const seen = new Map<string, FieldView>();
  let cardType: CardTypeDeclaration | undefined;
  const requiredElsewhere = vocabulary.requiredFields();
  for (const field of card.fields) {
    const name = field.name.toLowerCase();
    if (seen.has(name)) {
      accept("CW2022", field.nameRange, { field: field.name });
      continue;
    }
    seen.set(name, field);
    const text = field.value.map((token) => token.text).join(" ");
    if (name === "type") {
      cardType = checkTypeField(field, model, context);
      model.fields.type = { kind: "words", words: field.value.filter((t) => t.kind === "word").map((t) => t.text), text };
    } else if (COLOR_FIELDS.has(name)) {
      for (const token of field.value) {
        if (token.kind === "punctuation") continue;
        const color = resolve(context, "color", token);
        if (color) model.colors.push(color.name);
      }
      model.fields[name] = { kind: "words", words: model.colors.slice(), text };
    } else if (name === "cost") {
      const cost = checkCost(field, context);
      model.cost = cost.text;
      model.fields.cost = { kind: "cost", text: cost.text, symbols: cost.symbols };
    } else if (name === "rarity") {
      const word = singleWord(field, "a rarity", context);
      const rarity = word && resolve(context, "rarity", word);
      if (rarity) model.rarity = rarity.name;
      model.fields.rarity = { kind: "words", words: word ? [word.text] : [], text };
    } else if (name === "stats") {
      checkStatsLine(field, model, context);
      model.fields.stats = { kind: "words", words: [text], text };
    } else if (FLAG_FIELDS.has(name)) {
      if (field.value.length > 0) accept("CW2021", field.value[0]!.range, { field: field.name, expected: "written alone (it is a flag)", found: quote(text) });
      if (name === "token") model.isToken = true;
      if (!model.supertypes.some((s) => s.toLowerCase() === name)) model.supertypes.push(capitalize(name));
      model.fields[name] = { kind: "flag", text: field.name };
    } else if (name === "art") {
      checkArtField(field, model, context);
    } else if (name === "text") {
      // The abilities are checked below; a `text:` field carries no value of its own.
    } else if (name === "tribe") {
      const words = field.value.filter((token) => token.kind === "word");
      for (const word of words) checkSubtype(word, context);
      model.fields.tribe = { kind: "words", words: words.map((w) => w.text), text };
    } else if (vocabulary.lookup("stat", name)) {
      const value = checkNumber(field, context);
      const statName = vocabulary.lookup("stat", name)!.name;
      if (value !== undefined) {
        model.stats[statName] = value;
        model.fields[name] = { kind: "number", value, text };
      } else {
        model.fields[name] = { kind: "words", words: [text], text };
      }
    } else if (requiredElsewhere.has(name)) {
      // A field the game introduced in a `requires` list (a Land's `produces: Red`): its words are the game's words.
      checkRun(field.value.filter((t) => t.kind === "word").map((t) => ({ text: t.text, range: t.range })), context);
      model.fields[name] = { kind: "words", words: field.value.map((t) => t.text), text };
    } else if (FREE_TEXT_FIELD_NAMES.has(name)) {
      model.fields[name] = { kind: "words", words: field.value.map((t) => t.text), text: proseOf(field.value) };
    } else if (vocabulary.lookup("marker", name) || vocabulary.lookup("keyword", name)) {
      // `PLAY: Gain 1 life.` or `Haste.` among the fields: an ability written without `text:` above it.
      accept("CW1003", field.nameRange, { expected: '"text:" before the abilities', found: quote(field.name) });
    } else {
      const known = [...vocabulary.fieldNames(), ...requiredElsewhere, "text"];
      accept("CW2006", field.nameRange, { word: field.name, type: cardType?.name ?? "card", game }, closestName(field.name, known));
    }
  }

  if (card.name.trim() === "") accept("CW2040", card.nameRange, {});
  // A card with no type at all (a wrong type word is CW2003 at the word): not when a syntax error may have swallowed it.
  if (!seen.has("type") && !options.syntaxErrors) accept("CW2039", card.nameRange, { game, types: vocabulary.names("cardtype").join(", ") });

  checkPayment(seen.get("cost"), model, context);

  // Required fields of the card type (not when a syntax error may have swallowed a field).
  if (cardType && !options.syntaxErrors) {
    const statsLine = seen.get("stats");
    const coveredByStats = new Set(statsLine ? statNamesOf(vocabulary).slice(0, countStats(statsLine)) : []);
    for (const required of cardType.requires) {
      // Tokens are created by effects, never cast or collected: they print no cost or rarity.
      if (model.isToken && TOKEN_EXEMPT_FIELDS.has(required)) continue;
      const present =
        seen.has(required) ||
        (COLOR_FIELDS.has(required) && [...COLOR_FIELDS].some((alias) => seen.has(alias))) ||
        coveredByStats.has(required) ||
        (FLAG_FIELDS.has(required) && model.supertypes.some((s) => s.toLowerCase() === required));
      if (!present) {
        accept("CW2009", card.nameRange, { field: required, type: cardType.name, game, required: cardType.requires.join(", ") });
      }
    }
  }

  // Abilities: their words, then the structure the card type asks for.
  for (const ability of card.abilities) {
    const flag = flagLine(ability, vocabulary);
    if (flag) {
      // `Unique.` as a line of text: the card flag, as the field `unique:` or `type: Unique Relic` say it.
      if (!model.supertypes.some((s) => s.toLowerCase() === flag)) model.supertypes.push(capitalize(flag));
      model.fields[flag] ??= { kind: "flag", text: capitalize(flag) };
    } else checkAbilityWords(ability, context);
    const unbreakable = wordNoFaceFits(ability.text);
    if (unbreakable) context.accept("CW2081", ability.range, { word: unbreakable.length > 40 ? `${unbreakable.slice(0, 39)}…` : unbreakable, length: unbreakable.length });
    const entry: AbilityModel = { text: ability.text, range: ability.range };
    if (ability.tag) entry.tag = canonicalTag(ability.tag.text, vocabulary);
    model.abilities.push(entry);
  }
  checkForbiddenEffects(card, model, context);

  // Without a known type the structure cannot be checked (the type error says why).
  if (cardType && !options.syntaxErrors) checkAbilityStructure(card, cardType, model.colors, context);
  model.text = model.abilities.map((a) => (a.tag ? `[${a.tag}] ${a.text}` : a.text)).join("\n");
  return { model, diagnostics, references };
}

/** A line of text that is only a card flag's name (`Unique.`), when the game has no keyword of that name: the flag. */
export function flagLine(ability: Pick<AbilityView, "text" | "marker" | "tag">, vocabulary: GameVocabulary): string | undefined {
  if (ability.marker || ability.tag) return undefined;
  const word = ability.text.trim().replace(/\.$/, "").toLowerCase();
  return word === "unique" && !vocabulary.lookup("keyword", word) ? word : undefined;
}

function checkTypeField(field: FieldView, model: CardModel, context: CheckContext): CardTypeDeclaration | undefined {
  const { vocabulary, accept } = context;
  const dash = field.value.findIndex((token) => token.kind === "dash");
  const before = (dash < 0 ? field.value : field.value.slice(0, dash)).filter((t) => t.kind !== "punctuation");
  const after = dash < 0 ? [] : field.value.slice(dash + 1).filter((t) => t.kind !== "punctuation");
  let cardType: CardTypeDeclaration | undefined;
  for (const token of before) {
    const declaration = vocabulary.lookup("cardtype", token.text);
    if (declaration && !cardType) {
      cardType = declaration;
      model.type = declaration.name;
      context.references.push(referenceOf(context.file, token.range, declaration));
    } else if (SUPERTYPES.has(token.text.toLowerCase())) {
      model.supertypes.push(capitalize(token.text.toLowerCase()));
      if (token.text.toLowerCase() === "token") model.isToken = true;
    } else {
      accept("CW2003", token.range, { word: token.text, game: vocabulary.id }, vocabulary.suggest(token.text, "cardtype"));
    }
  }
  if (before.length === 0) {
    accept("CW2021", field.range, { field: field.name, expected: "a card type", found: field.value.length ? quote(field.value[0]!.text) : "nothing" });
  }
  for (const token of after) {
    if (token.kind !== "word") continue;
    checkSubtype(token, context);
    model.subtypes.push(token.text);
  }
  if (cardType && model.isToken && !cardType.token) {
    const first = field.value[0]!;
    const last = field.value[field.value.length - 1]!;
    accept("CW2030", { start: first.range.start, end: last.range.end }, { type: cardType.name });
  }
  return cardType;
}

/**
 * A subtype on a type line or in a `tribe:` field. Subtypes are open (no rules text lists them): a
 * card may bring a new one; the game file's list gives the known ones, so a near miss of one is
 * reported as a likely misspelling (CW6006, with the quick fix that adds it to the list).
 */
function checkSubtype(token: ValueToken, context: CheckContext): void {
  const { vocabulary } = context;
  if (vocabulary.all("subtype").length === 0) return; // a game that lists no subtypes accepts any
  if (lookupWord(vocabulary, "subtype", token.text)) {
    resolve(context, "subtype", token);
    return;
  }
  const suggestion = vocabulary.suggest(token.text, "subtype");
  if (!suggestion) return;
  const { directive, fix } = subtypeLineFix(vocabulary, token.text);
  context.accept("CW6006", token.range, { word: token.text, suggestion, file: fix?.file ?? `the game file of "${vocabulary.id}"`, directive }, suggestion, fix);
}

/** The game file's `subtype`/`tribe` line and the quick fix that adds a word at its end. */
function subtypeLineFix(vocabulary: CheckContext["vocabulary"], text: string) {
  const declared = vocabulary.all("subtype")[0];
  const directive = declared?.detail.trim().split(/\s+/)[0]?.toLowerCase() ?? "subtype";
  const sameLine = declared ? vocabulary.all("subtype").filter((d) => d.file === declared.file && d.range.start.line === declared.range.start.line) : [];
  const last = sameLine.reduce<(typeof sameLine)[number] | undefined>((a, d) => (!a || d.range.end.offset > a.range.end.offset ? d : a), undefined);
  const fix = last ? { title: `Add "${text}" to the ${directive} line of ${last.file}`, file: last.file, range: { start: last.range.end, end: last.range.end }, text: `, ${text}` } : undefined;
  return { declared, directive, fix };
}

/** Resolves a field token against one kind of vocabulary, reporting it when unknown. */
function resolve<K extends VocabularyKind>(context: CheckContext, kind: K, token: { text: string; range: Range }) {
  const found = lookupWord(context.vocabulary, kind, token.text);
  if (found) {
    context.references.push(referenceOf(context.file, token.range, found));
    return found;
  }
  reportUnknownWord(context, kind, token.text, token.range);
  return undefined;
}

function singleWord(field: FieldView, expected: string, context: CheckContext): ValueToken | undefined {
  const words = field.value.filter((t) => t.kind !== "punctuation");
  if (words.length !== 1 || words[0]!.kind !== "word") {
    const found = words.length === 0 ? "nothing" : quote(words.map((w) => w.text).join(" "));
    context.accept("CW2021", words[0]?.range ?? field.range, { field: field.name, expected, found });
    return undefined;
  }
  return words[0];
}

function checkNumber(field: FieldView, context: CheckContext): number | undefined {
  const tokens = field.value.filter((t) => t.kind !== "punctuation");
  const only = tokens[0];
  if (tokens.length === 1 && only && (only.kind === "number" || only.kind === "x")) {
    return only.kind === "x" ? 0 : Number(only.text);
  }
  context.accept("CW2021", only?.range ?? field.range, {
    field: field.name,
    expected: "a number",
    found: tokens.length ? quote(tokens.map((t) => t.text).join(" ")) : "nothing",
  });
  return undefined;
}

function statNamesOf(vocabulary: GameVocabulary): string[] {
  return vocabulary.names("stat").map((name) => name.toLowerCase());
}

function countStats(field: FieldView): number {
  const stats = field.value.find((t) => t.kind === "stats");
  return stats ? stats.text.split("/").length : 0;
}

/** `stats: 3/2` gives the game's stats in the order the game file declares them. */
function checkStatsLine(field: FieldView, model: CardModel, context: CheckContext): void {
  const tokens = field.value.filter((t) => t.kind !== "punctuation");
  const stats = context.vocabulary.names("stat");
  const only = tokens[0];
  const parts = only?.kind === "stats" ? only.text.split("/") : [];
  if (tokens.length !== 1 || !only || parts.length < 2 || parts.length > stats.length) {
    context.accept("CW2021", only?.range ?? field.range, {
      field: field.name,
      expected: `${stats.length > 1 ? stats.join("/") : "a stat line"} (for example ${stats.map((_, i) => i + 1).join("/") || "1/1"})`,
      found: tokens.length ? quote(tokens.map((t) => t.text).join(" ")) : "nothing",
    });
    return;
  }
  parts.forEach((part, index) => {
    const value = Number(part);
    if (Number.isFinite(value)) model.stats[stats[index]!] = value;
  });
}

interface Cost {
  text: string;
  symbols: CostSymbol[];
}

/** Costs: `{R}{R}{1}`, `3`, `free`, `2 Crystals`, `discard 1`, `erase 2`, `3 life`, `X`. */
function checkCost(field: FieldView, context: CheckContext): Cost {
  const { vocabulary, accept } = context;
  const game = vocabulary.id;
  const symbols: CostSymbol[] = [];
  const parts: string[] = [];
  const tokens = field.value.filter((t) => t.kind !== "punctuation");
  let pendingSymbols = "";
  const flushSymbols = () => {
    if (pendingSymbols) parts.push(pendingSymbols);
    pendingSymbols = "";
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const lowered = token.text.toLowerCase();
    if (token.kind === "symbol") {
      const inner = token.text.replace(/^\{|\}$/g, "");
      pendingSymbols += `{${inner.toUpperCase()}}`;
      if (/^\d+$/.test(inner)) symbols.push({ pays: "generic", amount: Number(inner) });
      else if (inner.toLowerCase() === "x") symbols.push({ pays: "X", amount: 0 });
      else {
        const target = resolveSymbol(vocabulary, inner);
        if (target) {
          symbols.push({ pays: target.pays, amount: 1 });
          context.references.push(referenceOf(context.file, token.range, target.declaration));
        } else accept("CW2005", token.range, { word: token.text, game }, suggestSymbol(vocabulary, inner));
      }
      continue;
    }
    flushSymbols();
    if ((token.kind === "number" || token.kind === "x") && next?.kind === "word") {
      // `2 Crystals`, `3 life`, `1 card`
      const amount = token.kind === "x" ? 0 : Number(token.text);
      const unit = next.text.toLowerCase();
      i++;
      if (unit === "life" || unit === "lives") symbols.push({ pays: "life", amount });
      else {
        const resource = lookupWord(vocabulary, "resource", next.text);
        if (resource) {
          symbols.push({ pays: resource.name, amount });
          context.references.push(referenceOf(context.file, next.range, resource));
        } else if (/^(discard|erase)s?$/.test(unit)) {
          // `1 erase`, `2 discard`: the verb comes first (`erase 1`, `discard 2 cards`), as the rules texts' "erasing cards".
          const verb = unit.replace(/s$/, "");
          accept("CW2033", spanOf(token.range, next.range), { word: `${token.text} ${next.text}`, game, reason: `the verb comes first: write "${verb} ${token.text}" (or "${verb} ${token.text} card${token.text === "1" ? "" : "s"}")` }, `${verb} ${token.text}`);
        } else {
          accept("CW2033", next.range, { word: next.text, game, reason: "expected a resource of the game or life" }, closestName(next.text, [...vocabulary.names("resource").flatMap((name) => [name, `${name}s`]), "life"]));
        }
      }
      parts.push(`${token.text} ${next.text}`);
    } else if (token.kind === "number" || token.kind === "x") {
      symbols.push({ pays: token.kind === "x" ? "X" : "generic", amount: token.kind === "x" ? 0 : Number(token.text) });
      parts.push(token.text);
    } else if (token.kind === "word" && lowered === "pay" && next && (next.kind === "number" || next.kind === "x")) {
      // `pay 2 life`, `pay 3 Crystals`: the rules texts' verb before an amount.
      continue;
    } else if (token.kind === "word" && (lowered === "discard" || lowered === "erase")) {
      // `discard 1`, `discard 1 card`, `discard a card`, `erase two cards`
      let amount = 1;
      const wordAmount = next?.kind === "word" ? costWordAmount(next.text) : undefined;
      if (next?.kind === "x") {
        // `discard X`: the engine pays a cost of cards in a number the card prints (it ran as one card, X = 0 after it).
        accept("CW2033", spanOf(token.range, next.range), { word: `${token.text} ${next.text}`, game, reason: `the engine ${lowered}s a number of cards the card prints, not X: write a number ("${lowered} 2"), or pay X in another way the game has ("X life", "X ${vocabulary.names("resource")[0] ?? "Mana"}")` });
      }
      if (next && (next.kind === "number" || next.kind === "x" || wordAmount !== undefined)) {
        amount = next.kind === "x" ? 0 : (wordAmount ?? Number(next.text));
        i++;
        parts.push(`${lowered} ${amount}`);
      } else parts.push(lowered);
      const noun = tokens[i + 1];
      if (noun?.kind === "word" && /^cards?$/i.test(noun.text)) i++;
      symbols.push({ pays: lowered, amount });
    } else if (token.kind === "word" && lowered === "free") {
      parts.push("free");
    } else {
      accept("CW2033", token.range, { word: token.text, game, reason: "expected cost symbols, a number, free, discard N [cards], erase N [cards], [pay] N life or [pay] an amount of a resource" });
      parts.push(token.text);
    }
  }
  flushSymbols();
  return { text: parts.join(" "), symbols: fitted(symbols) };
}

/**
 * `color Red ... forbids "gain life"`: no ability of a Red card may give its controller that effect —
 * said to its controller (`Gain 2 life.`, `you gain ...`) or to any player who may be its controller
 * (`Each player gains 2 life.`, `Target player ...`, `Its controller ...`). Only a subject naming
 * opponents (`Each opponent gains 1 life.`) leaves the controller out.
 */
function checkForbiddenEffects(card: CardContent, model: CardModel, context: CheckContext): void {
  for (const colorName of model.colors) {
    const color = context.vocabulary.lookup("color", colorName);
    for (const effect of color?.forbids ?? []) {
      const [verb, ...object] = effect.split(/\s+/);
      for (const ability of card.abilities) {
        for (const clause of ability.clauses) {
          const controllerGets = clause.subject === undefined || clause.subject === "you" || !clause.subjectWords?.some((word) => word.startsWith("opponent"));
          if (controllerGets && clause.verb === verb && object.every((word) => clause.object.includes(word))) {
            context.accept("CW2038", clause.range, { color: color!.name, game: context.vocabulary.id, effect });
          }
        }
      }
    }
  }
}

/** A cost paid with life, cards or a resource must be paid the way one of the card's colours pays (`color Red pays life`). */
function checkPayment(costField: FieldView | undefined, model: CardModel, context: CheckContext): void {
  const cost = model.fields.cost;
  if (!costField || cost?.kind !== "cost" || model.colors.length === 0) return;
  const colors = model.colors.map((name) => context.vocabulary.lookup("color", name)!);
  // Only games whose every colour of this card says how it pays.
  if (colors.some((color) => !color?.pays)) return;
  const ways = new Set(colors.map((color) => color.pays!.toLowerCase()));
  const symbolPays = new Set(context.vocabulary.all("symbol").map((symbol) => symbol.pays.toLowerCase()));
  const waysText = [...ways].map((way) => colors.find((c) => c.pays!.toLowerCase() === way)!.pays!).join(" or ");
  for (const part of cost.symbols) {
    const pays = part.pays.toLowerCase();
    // A bare amount ("cost: 2", "cost: X") is paid the one way the card's colours pay (lower.ts bareCostWay): Three-Slot
    // Duel's Red "cost: 2" is 2 life. Where that is no way — colours that pay differently, a colour that pays nothing
    // (Gray: free), an X of cards to discard or erase — it is refused, not paid with the game's first resource.
    if ((pays === "generic" || pays === "x") && !costField.value.some((t) => t.kind === "symbol")) {
      const amount = pays === "x" ? "X" : String(part.amount);
      const way = ways.size === 1 ? [...ways][0]! : undefined;
      const found =
        way === undefined ? `a bare "${amount}", which says none of them (write "${amount} ${[...ways].filter((w) => w !== "free")[0] ?? "life"}" or another way the card pays)`
        : way === "free" ? `a bare "${amount}", though the card costs nothing (write "cost: free")`
        : (way === "discard" || way === "erase") && pays === "x" ? `a bare "X", and the engine cannot ${way} X cards (write a number: "${way} 2")`
        : undefined;
      if (found) context.accept("CW2035", costField.value[0]?.range ?? costField.range, { colors: model.colors.join(" "), game: context.vocabulary.id, pays: waysText, found });
      if (found) return;
      continue;
    }
    if (pays === "generic" || pays === "x" || ways.has(pays) || symbolPays.has(pays)) continue;
    if (context.vocabulary.lookup("color", part.pays)) continue; // a coloured cost symbol: the symbol's own business
    context.accept("CW2035", costField.value[0]?.range ?? costField.range, {
      colors: model.colors.join(" "),
      game: context.vocabulary.id,
      pays: [...ways].map((way) => colors.find((c) => c.pays!.toLowerCase() === way)!.pays!).join(" or "),
      found: part.pays,
    });
    return;
  }
}

function resolveSymbol(vocabulary: GameVocabulary, inner: string): { pays: string; declaration: Declaration } | undefined {
  const symbol = vocabulary.lookup("symbol", inner);
  if (symbol) return { pays: symbol.pays, declaration: symbol };
  const color = vocabulary.all("color").find((c) => c.symbol?.toLowerCase() === inner.toLowerCase());
  return color ? { pays: color.name, declaration: color } : undefined;
}

function symbolNames(vocabulary: GameVocabulary): string[] {
  return [...vocabulary.names("symbol"), ...vocabulary.all("color").flatMap((c) => (c.symbol ? [c.symbol] : []))].map((s) => `{${s.replace(/^\{|\}$/g, "")}}`);
}

function suggestSymbol(vocabulary: GameVocabulary, inner: string): string | undefined {
  // One-letter symbols are all one edit apart: a suggestion would be a guess.
  if (inner.length < 2) return undefined;
  return closestName(`{${inner}}`, symbolNames(vocabulary));
}

/** Keywords, markers and the vocabulary words of one ability (also used for card text in game files). */
export function checkAbilityWords(ability: AbilityView, context: CheckContext): void {
  const { vocabulary, accept } = context;
  const game = vocabulary.id;
  if (ability.marker) {
    // A lone word before `:` is a marker when the game declares it; otherwise a cost verb
    // (`Exhaust:`) that the engine knows — unless it is a near miss of a marker.
    const marker = vocabulary.lookup("marker", ability.marker.text);
    if (marker) context.references.push(referenceOf(context.file, ability.marker.range, marker));
    else {
      const suggestion = nearMiss(ability.marker.text, vocabulary.names("marker"));
      if (suggestion) accept("CW2008", ability.marker.range, { word: ability.marker.text, game }, suggestion);
    }
  }
  for (const use of ability.keywords) {
    const keyword = lookupWord(vocabulary, "keyword", use.name) ?? lookupKeywordInflection(vocabulary, use.name);
    if (!keyword) {
      accept("CW2001", use.range, { word: use.name, game }, vocabulary.suggest(use.name, "keyword"));
      continue;
    }
    checkKeywordUse(keyword, use, context);
  }
  for (const word of ability.words) checkWord(word, context);
  for (const run of ability.runs) checkRun(run, context);
}

function checkKeywordUse(keyword: KeywordDeclaration, use: KeywordUse, context: CheckContext): void {
  context.references.push(referenceOf(context.file, use.range, keyword));
  if (keyword.parameter && !use.parameter) {
    context.accept("CW2015", use.range, { keyword: keyword.name, parameter: keyword.parameter });
  } else if (!keyword.parameter && use.parameter) {
    context.accept("CW2016", use.parameter.range, { keyword: keyword.name, value: use.parameter.text });
  }
  if (use.usedAs && use.usedAs !== keyword.keywordKind) {
    context.accept("CW2025", use.range, {
      keyword: keyword.name,
      declared: keyword.keywordKind,
      used: use.usedAs === "action" ? "an action" : "an ability",
    });
  }
}

/** `Scry` used as `Scries`/`Scried`, `Mill` as `mills`: a keyword action conjugated in a sentence. */
function lookupKeywordInflection(vocabulary: GameVocabulary, word: string): KeywordDeclaration | undefined {
  for (const stem of inflectionStems(word)) {
    const found = vocabulary.lookup("keyword", stem);
    if (found) return found;
  }
  return undefined;
}

function inflectionStems(word: string): string[] {
  const lowered = word.toLowerCase();
  const stems = [...singulars(lowered)];
  if (lowered.endsWith("ied")) stems.push(lowered.slice(0, -3) + "y");
  if (lowered.endsWith("ed")) stems.push(lowered.slice(0, -2), lowered.slice(0, -1));
  if (lowered.endsWith("ing")) stems.push(lowered.slice(0, -3), lowered.slice(0, -3) + "e");
  return stems;
}

/**
 * A near miss: a word one edit away from a declared name (two for long words). Used where a
 * word may legitimately be plain English or an engine word, so that only likely typos are reported.
 */
function nearMiss(word: string, candidates: string[]): string | undefined {
  if (word.length < 3) return undefined;
  // A three-letter word is only a near miss of a four-letter name with one letter dropped (`Unt` → `Unit`).
  const limit = word.length >= 10 ? 2 : 1;
  const lowered = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of candidates) {
    // Plurals too: `Creatues` is a near miss of `Creatures`, the plural of a declared `Creature`.
    for (const candidate of [name, `${name}s`]) {
      const other = candidate.toLowerCase();
      if (Math.abs(other.length - lowered.length) > limit) continue;
      if (lowered.length === 3 && other.length !== 4) continue;
      const d = isOneTransposition(lowered, other) ? 1 : distance(lowered, other);
      if (d > 0 && d <= limit && d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  return best;
}

/**
 * Quoted words that are ability text rather than a card's name: a trigger or tag before a colon ("DEATH: Draw a card.",
 * "Exhaust: Draw a card."), or a sentence of several words ending in a period ("Whenever this attacks, draw a card.").
 */
function isQuotedAbility(text: string): boolean {
  const t = text.trim();
  return /^[^:"]{1,40}:\s+\S/.test(t) || (/\s\S+\s/.test(t) && /[.!]$/.test(t));
}

function checkWord(word: WordReference, context: CheckContext): void {
  const { vocabulary, accept } = context;
  const game = vocabulary.id;
  const { text, range } = word;
  switch (word.role) {
    case "tokenName":
      return;
    case "tokenWithoutStats": {
      // A token with no stats is the card of the game its text names, made as printed ('a "Blood Familiar" Bat token with
      // Haste': the printed 1/1, with Haste added; 'a Scout token': a token of Scout's face — power, kinds, abilities),
      // looked up by the name the lowering gives it (vocabulary.ts tokenNameWords, which createTokenSteps calls too). No such card: where a token with its toughness stat at 0
      // is destroyed at once (the game's toughness_stat / creature_damage_threshold) an error, else CW6001 — a token of
      // no stats the text does not give (`Summon a Gray Beast token.` made a 0-power Beast, in silence).
      const threshold = vocabulary.param("toughness_stat")?.value ?? vocabulary.param("creature_damage_threshold")?.value;
      const stat = typeof threshold === "string" ? vocabulary.lookup("stat", threshold) : undefined;
      const quoted = word.quoted === true;
      const words = quoted ? [text] : text.split(/\s+/).filter(Boolean);
      const statNames = vocabulary.names("stat").map((n) => n.toLowerCase());
      // A stat named with its number ('a 2 power Gray Wolf token', 'a 1 power "Scout" token'): the token's stats are written.
      if ([...(quoted ? [] : words), ...(word.besides?.split(/\s+/) ?? [])].some((w) => statNames.includes(w.toLowerCase()))) return;
      const name = tokenNameWords(words, quoted ? text : undefined, (w) =>
        (vocabulary.lookup("keyword", w) as KeywordDeclaration | undefined)?.keywordKind === "ability" ? "abilityKeyword" : vocabulary.lookup("cardtype", w) || vocabulary.lookup("color", w) ? "typeOrColor" : undefined,
      ).join(" ");
      const card = name ? context.cardIndex.get(name.toLowerCase()) : undefined;
      // The token's type: a card type its words name, else the game's type of permanents that may be tokens.
      const typeDeclarations = vocabulary.names("cardtype").map((n) => vocabulary.lookup("cardtype", n) as CardTypeDeclaration | undefined).filter((d): d is CardTypeDeclaration => !!d);
      const tokenType = (quoted ? [] : words).map((w) => vocabulary.lookup("cardtype", w) as CardTypeDeclaration | undefined).find(Boolean) ?? typeDeclarations.find((d) => d.permanent && d.token) ?? typeDeclarations.find((d) => d.permanent);
      const cardType = card?.types?.map((w) => vocabulary.lookup("cardtype", w) as CardTypeDeclaration | undefined).find(Boolean);
      if (card && (card.token || (tokenType && cardType?.name === tokenType.name))) return;
      const statWords = vocabulary.names("stat");
      const written = statWords.length >= 2 ? `1/1 ${text}` : statWords.length === 1 ? `1 ${statWords[0]} ${text}` : text;
      if (card && cardType && tokenType) {
        accept("CW6001", range, { detail: `"${card.name}" is a ${cardType.name} card, and a token of a card's face is made only of a ${tokenType.name} — write the token's stats ('Create a ${written} token.')` });
        return;
      }
      // A token with a name and no stats that would die as it is made; with no name either ("a token", "those tokens" in
      // "If a token would be created …, create two of those tokens instead") the words make no token the text describes:
      // said below, never 'The token "" has no defense' (session 40 probe).
      if (stat && name) {
        accept("CW2099", range, { word: text, game, stat: stat.name });
        return;
      }
      const its = statWords.length === 1 ? `its ${statWords[0]}` : "its stats";
      const face = `or name a card of the game to make a token of its face ('Create a "<card name>" token.')`;
      accept("CW6001", range, { detail: name ? `no card of ${vocabulary.id} is named "${name}", and the text does not give the token ${its} — write ${statWords.length === 1 ? "it" : "them"} ('Create a ${written.trim()} token.'), ${face}` : `the text gives the token no name and not ${its} — write ${statWords.length === 1 ? "it" : "them"} ('Create a ${written.trim()} token.'), ${face}` });
      return;
    }
    case "card": {
      const card = context.cardIndex.get(text.toLowerCase());
      if (card) {
        context.references.push({ file: context.file, range, kind: "card", name: card.name, definition: { file: card.file, range: card.nameRange } });
      } else if (isQuotedAbility(text)) {
        // 'Target unit gains "DEATH: Draw a card." until end of turn.', 'Creatures you control have "Whenever this attacks,
        // …"': ability text in quotes, not a card's name (it was CW2007 "Unknown card").
        accept("CW6001", range, { detail: `"${text}" is an ability in quotes, and the engine does not give a card an ability written in quotes (only a keyword the game defines: 'gains Haste') — write the ability on the card itself` });
      } else {
        accept("CW2007", range, { word: text, game }, closestName(text, [...context.cardIndex.values()].map((c) => c.name)));
      }
      return;
    }
    case "symbol": {
      const inner = text.replace(/^\{|\}$/g, "");
      if (/^\d+$/.test(inner) || inner.toLowerCase() === "x") return;
      const target = resolveSymbol(vocabulary, inner);
      if (target) context.references.push(referenceOf(context.file, range, target.declaration));
      else accept("CW2005", range, { word: text, game }, suggestSymbol(vocabulary, inner));
      return;
    }
    case "keyword": {
      const keyword = lookupWord(vocabulary, "keyword", text) ?? lookupKeywordInflection(vocabulary, text);
      if (!keyword) accept("CW2001", range, { word: text, game }, vocabulary.suggest(text, "keyword"));
      else context.references.push(referenceOf(context.file, range, keyword));
      return;
    }
    case "verb": {
      const keyword = lookupWord(vocabulary, "keyword", text) ?? lookupKeywordInflection(vocabulary, text);
      if (keyword) {
        const use: KeywordUse = { name: text, range, usedAs: "action" };
        // "Erase two cards": a number of cards to a keyword without a value is what it acts on, not a value (the lowering reads it).
        if (word.parameter && !((word.parameter.counted || word.parameter.loose) && !keyword.parameter)) use.parameter = { text: word.parameter.text, range: word.parameter.range };
        if (word.gift && keyword.keywordKind === "ability") {
          // `Give it +2/+0 and Flying`, `… and Bleed 2`: a keyword ability given, its number checked as any keyword's.
          delete use.usedAs;
          checkKeywordUse(keyword, use, context);
          return;
        }
        if (word.event) {
          // `When you Scry`: the event of a keyword action, which takes no number.
          context.references.push(referenceOf(context.file, range, keyword));
          return;
        }
        // A keyword ability used as a verb (`Haste target unit.`) is reported by checkKeywordUse;
        // `gains Flying` is not this: there Flying is the object.
        checkKeywordUse(keyword, use, context);
        return;
      }
      const found = resolveAny(vocabulary, text);
      if (found) {
        context.references.push(referenceOf(context.file, range, found));
        return;
      }
      // "Spells you cast cost 1 less.", "Make target unit a defender.": verbs the lowering reads that no game lists.
      if (LOWERED_VERBS.has(text.toLowerCase())) return;
      const suggestion = nearMiss(text, vocabulary.names("keyword"));
      if (suggestion) accept("CW2001", range, { word: text, game }, suggestion);
      else {
        // Not a keyword: a near miss of a verb the language itself knows (`Retrun`) is a typo too.
        const verb = nearMiss(text, LANGUAGE_VERBS);
        if (verb) accept("CW2034", range, { word: text }, matchCase(verb, text));
      }
      return;
    }
    case "counter":
    case "phase": {
      const found = lookupWord(vocabulary, word.role, text);
      if (found) context.references.push(referenceOf(context.file, range, found));
      else reportUnknownWord(context, word.role, text, range);
      return;
    }
  }
}

/** The structural verbs of the card language (their base forms), from the lexer's keyword tokens. */
/** Verbs of static abilities the lowering reads that are no effect of their own ("cost ... less"). */
const LOWERED_VERBS = new Set(["cost", "costs", "make", "makes"]);

const LANGUAGE_VERBS = Object.entries(keywordTokens)
  .filter(([, token]) => (token.CATEGORIES ?? []).some((category) => category.name === "VerbWord"))
  .map(([name]) => keywordLemma[name]!)
  .filter((lemma) => lemma.length >= 4);

/** `return` suggested for `Retrun` at the start of a sentence is printed `Return`. */
function matchCase(word: string, like: string): string {
  return like.charAt(0) === like.charAt(0).toUpperCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Every kind a word may name, trying its singular and verb stems too (memoised per vocabulary: card text repeats its words). */
function resolveAny(vocabulary: GameVocabulary, text: string): Declaration | undefined {
  let memo = resolveMemo.get(vocabulary);
  if (!memo) resolveMemo.set(vocabulary, (memo = new Map()));
  const key = text.toLowerCase();
  if (memo.has(key)) return memo.get(key) ?? undefined;
  const found = resolveAnyUncached(vocabulary, text);
  memo.set(key, found ?? null);
  return found;
}

const resolveMemo = new WeakMap<GameVocabulary, Map<string, Declaration | null>>();
const namesMemo = new WeakMap<GameVocabulary, { all: Declaration[]; multiWord: Declaration[]; multiWordParts: string[][] }>();

function resolveAnyUncached(vocabulary: GameVocabulary, text: string): Declaration | undefined {
  const direct = vocabulary.resolve(text).filter((d) => d.kind !== "param")[0];
  if (direct) return direct;
  for (const stem of inflectionStems(text)) {
    const found = vocabulary.resolve(stem).filter((d) => d.kind !== "param")[0];
    if (found) return found;
  }
  return undefined;
}

/** Names that card text may use (everything but parameters), and the multi-word ones split into words. */
function textNames(vocabulary: GameVocabulary): { all: Declaration[]; multiWord: Declaration[]; multiWordParts: string[][] } {
  let names = namesMemo.get(vocabulary);
  if (!names) {
    const all = vocabulary.declarations.filter((d) => d.kind !== "param");
    const multiWord = all.filter((d) => d.name.includes(" "));
    names = { all, multiWord, multiWordParts: multiWord.map((d) => d.name.toLowerCase().split(/\s+/)) };
    namesMemo.set(vocabulary, names);
  }
  return names;
}

/**
 * English words of amounts and comparisons, never a misspelt name: "draw that many cards" is not "Mana", "with lower
 * power" is not "power power" (the lowering reads the comparison: compiler/lower.ts RELATIVE_WORDS).
 */
const AMOUNT_WORDS = new Set(["many", "much", "more", "most", "less", "least", "fewer", "half", "lower", "higher", "greater", "smaller", "bigger"]);

/**
 * Content words of a noun phrase: multi-word names (`Shatter Zone`, `Discard Pile`) are matched
 * first, then single words; a word that resolves to nothing is reported only when it is a near
 * miss of a declared name (it may be plain English: `enemy`, `friendly`).
 */
function checkRun(run: WordRun, context: CheckContext): void {
  const { vocabulary } = context;
  const { all, multiWord, multiWordParts } = textNames(vocabulary);
  for (let i = 0; i < run.length; ) {
    let matched = 0;
    for (let m = 0; m < multiWord.length; m++) {
      const declaration = multiWord[m]!;
      const parts = multiWordParts[m]!;
      if (i + parts.length > run.length) continue;
      const words = run.slice(i, i + parts.length).map((w) => w.text.toLowerCase());
      const last = words.length - 1;
      const same = words.every((w, k) => w === parts[k] || (k === last && singulars(w).includes(parts[k]!)));
      if (same && parts.length > matched) {
        matched = parts.length;
        const range = { start: run[i]!.range.start, end: run[i + parts.length - 1]!.range.end };
        context.references.push(referenceOf(context.file, range, declaration));
      }
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    // A misspelt multi-word name (`Discrad Pile`, `Shatter Zon`): near the whole name, with a word
    // the game does not know (so `discard a card` is never mistaken for `Discard Pile`).
    const missed = multiWordNearMiss(run, i, multiWord, multiWordParts, (w) => w.keyword || resolveAny(vocabulary, w.text) !== undefined);
    if (missed) {
      const words = run.slice(i, i + missed.length);
      const range = { start: words[0]!.range.start, end: words[words.length - 1]!.range.end };
      reportUnknownWord(context, missed.declaration.kind, words.map((w) => w.text).join(" "), range, missed.declaration.name);
      i += missed.length;
      continue;
    }
    const written = run[i]!;
    i++;
    if (written.keyword) continue;
    // A possessive names what its stem names: "that creature's controller", "the Vampire's power".
    const word = { ...written, text: written.text.replace(/(?<=\w)(['’]s|s['’])$/, (m) => (m.startsWith("s") ? "s" : "")) };
    const found = resolveAny(vocabulary, word.text);
    if (found) {
      context.references.push(referenceOf(context.file, word.range, found));
      continue;
    }
    const suggestion = AMOUNT_WORDS.has(word.text.toLowerCase()) ? undefined : nearMiss(word.text, all.map((d) => d.name));
    if (suggestion) {
      const declaration = all.find((d) => d.name === suggestion || `${d.name}s` === suggestion)!;
      reportUnknownWord(context, declaration.kind, word.text, word.range, suggestion);
    }
  }
}

function multiWordNearMiss(
  run: WordRun,
  start: number,
  multiWord: Declaration[],
  multiWordParts: string[][],
  isKnown: (word: WordRun[number]) => boolean,
): { declaration: Declaration; length: number } | undefined {
  for (let m = 0; m < multiWord.length; m++) {
    const length = multiWordParts[m]!.length;
    const words = run.slice(start, start + length);
    if (words.length < length || words.every(isKnown)) continue;
    if (nearMiss(words.map((w) => w.text).join(" "), [multiWord[m]!.name])) return { declaration: multiWord[m]!, length };
  }
  return undefined;
}

export function reportUnknownWord(
  context: Pick<CheckContext, "vocabulary" | "accept">,
  kind: VocabularyKind,
  text: string,
  range: Range,
  knownSuggestion?: string,
): void {
  const { vocabulary, accept } = context;
  const game = vocabulary.id;
  const suggestion = knownSuggestion ?? vocabulary.suggest(text, kind) ?? singulars(text).map((s) => vocabulary.suggest(s, kind)).find(Boolean);
  const args = { word: text, game };
  switch (kind) {
    case "keyword":
      return accept("CW2001", range, args, suggestion);
    case "color":
      return accept("CW2002", range, args, suggestion);
    case "cardtype":
      return accept("CW2003", range, args, suggestion);
    case "zone":
      return accept("CW2004", range, args, suggestion);
    case "symbol":
      return accept("CW2005", range, args, suggestion);
    case "marker":
      return accept("CW2008", range, args, suggestion);
    case "rarity":
      return accept("CW2017", range, args, suggestion);
    case "stat":
      return accept("CW2018", range, args, suggestion);
    case "counter":
      return accept("CW2019", range, args, suggestion);
    case "phase":
      return accept("CW2020", range, args, suggestion);
    case "resource":
      return accept("CW2024", range, args, suggestion);
    case "subtype": {
      // Where a new subtype goes: the game file's own `subtype` / `tribe` line; the quick fix adds it there.
      const { declared, directive, fix } = subtypeLineFix(vocabulary, text);
      return accept("CW2032", range, { ...args, file: declared?.file ?? `the game file of "${game}"`, directive }, suggestion, fix);
    }
    case "param":
      return accept("CW2029", range, { construct: "This", name: text, game }, suggestion);
  }
}

/** Base + Facets, a spell's `spell_abilities`, an enchantment's five: the card type's `abilities` structure. */
function checkAbilityStructure(card: CardContent, cardType: CardTypeDeclaration, colors: string[], context: CheckContext): void {
  const { vocabulary, accept } = context;
  const structure = cardType.abilities;
  const game = vocabulary.id;
  if (!structure) {
    for (const ability of card.abilities) {
      if (ability.tag) accept("CW2014", ability.tag.range, { tag: ability.tag.text, reason: `a ${cardType.name} of game "${game}" has no ability tags` });
    }
    return;
  }
  const facets = typeof structure.facets === "number" ? structure.facets : Number(vocabulary.param(structure.facets.param)?.value);
  const base = structure.base;
  // An ability that goes on on a tagged line (`[Base] Flying. Whenever ...`) is part of that line's slot.
  const slots = card.abilities.filter((a) => !a.sameLine);
  if (Number.isFinite(facets)) {
    const expected = facets + base;
    if (slots.length !== expected) {
      const described =
        base > 0
          ? `${expected} abilities (${base === 1 ? "a Base ability" : `${base} Base abilities`} and ${facets} tagged with colours)`
          : `${expected} ${expected === 1 ? "ability" : "abilities"}, each tagged with a colour`;
      accept("CW2011", textKeywordRange(card), { type: cardType.name, game, expected: described, found: String(slots.length) });
    }
  }
  const expectedTags = base > 0 ? `the first ${base === 1 ? "ability" : `${base} abilities`} [Base] and each other ability with a colour` : "each ability with a colour";
  const ownColors = new Set(colors.map((c) => c.toLowerCase()));
  const seenColors = new Map<string, Range>();
  slots.forEach((ability, index) => {
    const wantsBase = index < base;
    const tag = ability.tag;
    if (!tag) {
      accept("CW2012", ability.range, { type: cardType.name, game, expected: expectedTags });
      return;
    }
    const isBase = tag.text.toLowerCase() === "base";
    if (wantsBase && !isBase) {
      accept("CW2014", tag.range, { tag: tag.text, reason: `the first ability of a ${cardType.name} is its [Base] ability` });
      return;
    }
    if (isBase) {
      if (!wantsBase) {
        const reason = base > 0 ? `only the first ${base === 1 ? "ability is the Base ability" : `${base} abilities are Base abilities`}` : `a ${cardType.name} has no Base ability`;
        accept("CW2014", tag.range, { tag: tag.text, reason });
      }
      return;
    }
    const color = lookupWord(vocabulary, "color", tag.text);
    if (!color) {
      accept("CW2014", tag.range, { tag: tag.text, reason: `it is neither Base nor a colour of game "${game}"` }, vocabulary.suggest(tag.text, "color"));
      return;
    }
    context.references.push(referenceOf(context.file, tag.range, color));
    const key = color.name.toLowerCase();
    if (structure.otherColors && ownColors.has(key)) {
      accept("CW2014", tag.range, { tag: color.name, reason: `the colour abilities of a ${cardType.name} use colours other than the card's own` });
    } else if (seenColors.has(key)) accept("CW2013", tag.range, { tag: color.name, type: cardType.name });
    else seenColors.set(key, tag.range);
  });
}

/** The `text` word that opens a card's abilities (or the card's name when it has none). */
function textKeywordRange(card: CardContent): Range {
  if (!card.textRange) return card.nameRange;
  const start = card.textRange.start;
  return { start, end: { offset: start.offset + 4, line: start.line, column: start.column + 4 } };
}

function canonicalTag(text: string, vocabulary: GameVocabulary): string {
  if (text.toLowerCase() === "base") return "Base";
  return vocabulary.lookup("color", text)?.name ?? text;
}

export function referenceOf(file: string, range: Range, declaration: Declaration): Reference {
  return {
    file,
    range,
    kind: declaration.kind,
    name: declaration.name,
    definition: { file: declaration.file, range: declaration.range },
    detail: declaration.detail,
  };
}

function quote(text: string): string {
  return `"${text}"`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

