/**
 * Lowering: the checked typed AST (ast.ts) of a game file and its card files → the effect IR
 * (ir.ts), plain JSON the runtime executes. Sentences are read clause by clause
 * (`[subject] [modal] [verb] [object] [tail]`); what a clause means is decided from its verb
 * lemma, and the game's own words (zones, card types, colours, resources, keywords, markers)
 * are looked up in the game file, never in code. A sentence the lowering cannot execute
 * becomes a `rule "unsupported"` step and a note with its range, so nothing is silently lost.
 */
import type * as Ast from "./ast.ts";
import { endOffset, plainRange, spanOf, startOffset } from "./source-range.ts";
import type { Diagnostic, Range, Text } from "./diagnostics.ts";
import type { CardModel, SourceFile, SourceInput, WorkspaceModel } from "./model.ts";
import type {
  Ability,
  Replacement,
  Affected,
  CardRef,
  CardSelector,
  CompiledBundle,
  CardTypeDef,
  CompiledCard,
  CompiledGame,
  Condition,
  CostPart,
  Duration,
  EventKind,
  KeywordDef,
  KeywordGrant,
  MarkerDef,
  NumberExpr,
  PhaseDef,
  PlayerRef,
  PlayersRef,
  PlayerRuleName,
  RestrictionBy,
  RuleGrant,
  SourceRef,
  StaticEffect,
  Step,
  TargetSpec,
  TriggerPattern,
  ZoneDef,
  ZoneRole,
} from "./ir.ts";
import { DAMAGE_PREVENTED_THIS_WAY, IR_VERSION, PLAYER_RULES, RESTRICTION_RULES, STEP_OBJECT_FIELD, LIFE_THIS_WAY, THIS_WAY_LABELS, THIS_WAY_OPS, THIS_WAY_RULES, participleOf, sameStepBut, walkSteps, thisWayNoun, thisWayVerbOf, triggerEvents, type ThisWayVerb } from "./ir.ts";
import type { MessageCode } from "./messages.ts";
import { checkAbilityContract, checkCardStates, checkFightDamageTriggers, hasDefenders, checkCostSymbols, paysCostSymbols, checkStaticsWhileAttacking, checkCombatOnlyToughness, checkStaticsWhileExhausted, checkUndefinedX, checkGameContract, checkGameParams } from "./contract-check.ts";
import { DESTROYED_SELECTOR_FIELDS, RULES_WITH_DURATION, countsCards, TRIGGER_EVENTS, canonicalParamValue, readyingPhase, toughnessStat, triggerContract, turnEndMoment } from "./contract.ts";
import { WordLedger, isNegationWord, isSelectingWord, leavesOf, unusedPhrases, variablesReadAsFixed } from "./word-accounting.ts";
import { additionalCostReadsAs, playOnlyReadsAs, indefiniteArticle, readsAs, upgradedAmount } from "./reads-as.ts";
import { analyzeWorkspace, cardsAsCheckedOf, checkedModelsOf, type WorkspaceAnalysis } from "./workspace.ts";
import { costWordAmount, singulars, tokenNamedAt, tokenNameWords } from "./vocabulary.ts";
import { battlefieldSlots, roleOfName } from "./zone-roles.ts";
import { forEachNode, giftOf, joinedToGift, parseAbilityText } from "./build.ts";
import { effectsOf, unrestated, type Effects } from "./reminder.ts";

/** Something the lowering could not turn into executable IR (reported, never fatal). */
export interface LoweringNote {
  file: string;
  range: Range;
  message: string;
  /** The diagnostic it becomes (CW6001 when absent, with `message` as its detail) and that code's arguments. */
  code?: MessageCode;
  args?: Record<string, string | number>;
  /**
   * The ability a CW6005 note prints the reads-as of: a parse error inside it leaves the note out (engine-warnings.ts),
   * since that reads-as is built from the parser's error recovery ("Counter target spell." for a sentence with "counters").
   */
  ability?: Range;
}

export interface LoweringResult {
  bundles: CompiledBundle[];
  /** The checked workspace the bundles were lowered from (so clients check and lower once). */
  model: WorkspaceModel;
  notes: LoweringNote[];
  diagnostics: Diagnostic[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const lower = (s: string) => s.toLowerCase();

function singular(word: string): string {
  const w = lower(word);
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("ses") || w.endsWith("xes")) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) return w.slice(0, -1);
  return w;
}
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function itemText(item: Ast.NounItem | Ast.ValueItem): string {
  switch (item.kind) {
    case "word":
      return item.text;
    case "string":
      return item.value;
    case "stats":
      return item.text;
    case "count":
      return item.text;
    case "number":
      return item.text;
    case "symbol":
      return `{${item.symbol}}`;
    case "punct":
      return item.text;
  }
}

/** The card type "units"/"any target"/tokens mean: a permanent type that may be a token (a creature), else the first permanent type. */
function unitType(game: CompiledGame): CompiledGame["cardTypes"][number] | undefined {
  return game.cardTypes.find((t) => t.permanent && t.token) ?? game.cardTypes.find((t) => t.permanent);
}

/** A filter that describes a card, never a zone: "with power 2 or less", "without Haste", "that attacked this turn". */
function describesCard(f: Ast.NounFilter): boolean {
  return (f.kind === "prep" && (f.prep === "with" || f.prep === "without")) || f.kind === "relative";
}
/**
 * The filters of a zone's phrase that belong to the zone's name ("the top of your deck": "of your deck"). Any other
 * phrase the parser hangs on a zone is not the zone's: a card's filter ("... in your Discard Pile with power 2 or less",
 * read by selector()), "under your control" after "into play" (intoPlayUnder), and whatever else follows it — "to its
 * owner's hand in combat", "reveal it from your hand" — is left to the reader that reads it, else to CW6005.
 */
function zonePhraseOwnFilters(np: Ast.NounPhrase): Ast.NounFilter[] {
  return np.filters.filter((f) => f.kind === "prep" && f.prep === "of");
}
/** A card's phrase as a possessor: "the sacrificed creature's", "this card's". */
function possessiveForm(phrase: string): string {
  return phrase === "this" ? "this card's" : `${phrase}'s`;
}
/**
 * A phrase and the phrases joined to it by `and` or a comma, in order — with the controller written once after the last
 * of them given to each ("each Knight and each Golem your opponents control": both the opponents'; sharedController).
 */
function flattenAlso(np: Ast.NounPhrase): Ast.NounPhrase[] {
  return sharedController([np, ...(np.also ?? []).flatMap(flattenAlso)]);
}
/** A phrase's own words, without the phrases joined to it by `and`. */
function ownRange(np: Ast.NounPhrase): Range {
  const own = [...np.determiners, ...np.items, ...np.filters];
  const last = own.reduce<Ast.BaseNode | undefined>((a, b) => (!a || endOffset(b.range) > endOffset(a.range) ? b : a), undefined);
  return last ? { start: np.range.start, end: last.range.end } : np.range;
}
/**
 * The controller filters whose reach over a list is not clear ("target unit and each Knight you control": the target any
 * unit, or one of yours?), with the phrases before it that it may or may not cover: the reader names both readings.
 */
const UNCLEAR_CONTROLLER_REACH = new WeakMap<Ast.NounFilter, Ast.NounPhrase[]>();
/**
 * "Destroy each Knight and each Golem your opponents control.", "for each Vampire and each Thrall you control": a list of
 * phrases of one kind (the same determiners: "each … and each …", "Knights and Golems", "target … and target …") with one
 * controller (or owner) after the last is one group of cards of that player — the controller is each phrase's. Not a
 * phrase with a controller of its own, nor a player ("each opponent and each creature they control"), nor where the
 * controller names a card or player of the list itself ("target creature and each creature its controller controls").
 * Phrases of another kind before it ("target unit and each Knight you control") could be read either way: the controller
 * stays the last phrase's and the reader says so (UNCLEAR_CONTROLLER_REACH).
 */
function sharedController(parts: Ast.NounPhrase[]): Ast.NounPhrase[] {
  noteUnclearWithReach(parts);
  const last = parts[parts.length - 1]!;
  const control = last.filters.find((f): f is Ast.ControlFilter => f.kind === "controlledBy");
  if (!control || parts.length < 2) return parts;
  const before = parts.slice(0, -1).filter((p) => !isPlayerPhrase(p) && !p.filters.some((f) => f.kind === "controlledBy"));
  const whose = npDeterminers(control.controller);
  const namesCardOfList = whose.includes("its") && before.length > 0;
  const namesPlayerOfList = whose.some((d) => d === "they" || d === "their" || d === "them") && parts.slice(0, -1).some(isPlayerPhrase);
  if (!before.length || namesCardOfList || namesPlayerOfList) return parts;
  const kind = (p: Ast.NounPhrase) => npDeterminers(p).filter((d) => d !== "other" && d !== "another").join(" ");
  const unclear = before.filter((p) => kind(p) !== kind(last));
  if (unclear.length) UNCLEAR_CONTROLLER_REACH.set(control, unclear);
  return parts.map((p) => (before.includes(p) && !unclear.includes(p) ? { ...p, filters: [...p.filters, control] } : p));
}
/**
 * "Destroy each Knight and each Golem with power 3 or more.": a "with" / "without" after the last of a list of card phrases
 * of one kind, none of the others with one of its own, may be said of each phrase or of the last only — the engine read
 * it of the last only, in silence. Kept for the selector's reader, which says so (UNCLEAR_WITH_REACH).
 */
const UNCLEAR_WITH_REACH = new WeakMap<Ast.NounFilter, Ast.NounPhrase[]>();
function noteUnclearWithReach(parts: Ast.NounPhrase[]): void {
  const last = parts[parts.length - 1]!;
  const withs = last.filters.filter((f) => f.kind === "prep" && (f.prep === "with" || f.prep === "without"));
  if (!withs.length || parts.length < 2) return;
  const kind = (p: Ast.NounPhrase) => npDeterminers(p).filter((d) => d !== "other" && d !== "another").join(" ");
  const before = parts.slice(0, -1);
  if (before.some((p) => isPlayerPhrase(p) || kind(p) !== kind(last) || p.filters.some((f) => f.kind === "prep" && (f.prep === "with" || f.prep === "without")))) return;
  // "each enemy unit and each unit with power 2 or less": of the same noun, said of both the first would add nothing — the last only.
  const words = new Set(npWords(last).map(singular));
  if (before.some((p) => npWords(p).some((w) => words.has(singular(w))))) return;
  for (const f of withs) UNCLEAR_WITH_REACH.set(f, before);
}
/**
 * "for the rest of the turn" / "for the rest of this turn" (the same duration as "until end of turn", in other words) and
 * "for the rest of the game" (no end: the duration every effect has that names none): which rest it names, if any.
 */
function restOf(t: Ast.TailItem): "turn" | "game" | undefined {
  if (t.kind !== "prep" || t.prep !== "for") return undefined;
  const np = t.object;
  const of = np.filters.length === 1 && np.filters[0]!.kind === "prep" && np.filters[0]!.prep === "of" ? np.filters[0]!.object : undefined;
  if (!(np.items.length === 1 && np.items[0]!.kind === "word" && lower(np.items[0]!.text) === "rest" && !np.also?.length && np.determiners.every((d) => d.kind === "determiner" && d.lemma === "the"))) return undefined;
  if (!(of !== undefined && of.items.length === 1 && of.items[0]!.kind === "word" && !of.filters.length && !of.also?.length && of.determiners.length === 1 && of.determiners[0]!.kind === "determiner")) return undefined;
  const noun = lower(of.items[0]!.text);
  const det = of.determiners[0]!.lemma;
  if (noun === "turn" && (det === "the" || det === "this")) return "turn";
  if (noun === "game" && (det === "the" || det === "this")) return "game";
  return undefined;
}
function isRestOfTurn(t: Ast.TailItem): boolean {
  return restOf(t) === "turn";
}
/** A tail item that says how long an effect lasts: "until ...", "this turn", "for the rest of the turn". */
function isDurationPhrase(t: Ast.TailItem): boolean {
  return (t.kind === "prep" && t.prep === "until") || (t.kind === "timing" && t.which === "this" && !t.combat) || restOf(t) !== undefined;
}
/**
 * The duration an "until ..." phrase names, from its exact words: "until end of turn" / "until the end of the turn" /
 * "until the end of this turn" (end of this turn), "until end of your turn" / "until the end of your next turn" (the end of a turn of
 * the ability's controller: runtime/state/state.ts endsWithThisTurn), "until your next turn" / "until the beginning (start) of your next
 * turn" (the start of the ability's controller's next turn), "until your opponent's next turn" / "until the end of your
 * opponent's next turn" (a turn of a player other than the ability's controller), "until end of combat" (the end of the game's
 * combat phase). Undefined for any other words ("until your second turn"): they are not read, so they are CW6005 at the words.
 */
function untilDuration(written: string): Exclude<Duration["kind"], "permanent" | "while_source"> | undefined {
  // A repetition after it ("until end of turn twice") is read by `repetition`, not here.
  const w = lower(written).replace(/\s+/g, " ").trim().replace(/ (twice|thrice|\w+ times)$/, "");
  if (/^(the )?end of (the |this )?turn$/.test(w)) return "end_of_turn";
  // "until end of your turn": a turn of the ability's controller — this one if it is theirs (runtime endsWithThisTurn).
  if (/^(the )?end of your turn$/.test(w)) return "end_of_your_turn";
  if (/^(the )?end of your next turn$/.test(w)) return "end_of_your_next_turn";
  if (/^((the )?(beginning|start) of )?your next turn$/.test(w)) return "until_your_next_turn";
  // "until your opponent's next turn", "until the end of an opponent's next turn": a turn of a player other than the
  // ability's controller (runtime/state/state.ts endsAsTurnBegins, endsWithThisTurn).
  if (/^((the )?(beginning|start) of )?(your|an|the|each) opponent'?s'? next turn$/.test(w)) return "until_opponent_next_turn";
  if (/^(the )?end of (your|an|the|each) opponent'?s'? next turn$/.test(w)) return "end_of_opponent_next_turn";
  // "until end of combat": the end of the game's combat phase (AbilityLowering.duration: only where the game has one).
  if (/^(the )?end of (the |this )?combat$/.test(w)) return "end_of_combat";
  return undefined;
}

/** Determiners that make a phrase name one card ("target unit", "this creature", "that unit", "its"). */
const ONE_CARD_DETERMINERS = new Set(["target", "this", "that", "it", "its", "a", "an", "another"]);

function npWords(np: Ast.NounPhrase | undefined): string[] {
  if (!np || SELF_BY_NAME.has(np)) return [];
  // A loop, not flatMap (an array per item): this runs for nearly every noun phrase the lowering looks at.
  const words: string[] = [];
  for (const item of np.items) if (item.kind === "word") words.push(lower(item.text));
  return words;
}
/**
 * "creature or player", "unit or opponent", "player or creature": nouns joined by "or" where some name
 * players and some name cards. Returns the phrase with only its card nouns (for the card selector), the
 * player words, and whether those say opponent; undefined when the phrase is not such a union.
 */
function cardOrPlayer(np: Ast.NounPhrase): { cards: Ast.NounPhrase; playerWords: string[]; opponent: boolean; text: string } | undefined {
  if (SELF_BY_NAME.has(np)) return undefined;
  const words = np.items.filter((i): i is Ast.WordNode => i.kind === "word");
  // "target creatures and/or players": each target is either (grammar/lexer.ts joinAndOr: `and/or` is an `or`).
  const isOr = (w: Ast.WordNode) => w.lemma === "or";
  if (!words.some(isOr)) return undefined;
  const isPlayer = (w: Ast.WordNode) => PLAYER_WORDS.has(lower(w.text));
  const players = words.filter(isPlayer);
  const cardWords = words.filter((w) => !isPlayer(w) && !isOr(w));
  if (players.length === 0 || cardWords.length === 0) return undefined;
  // The card part keeps its own "or"s ("creature or relic or player" → "creature or relic").
  const items: Ast.NounItem[] = [];
  for (const item of np.items) {
    if (item.kind === "word" && isPlayer(item)) {
      if (items.length && items[items.length - 1]!.kind === "word" && isOr(items[items.length - 1] as Ast.WordNode)) items.pop();
      continue;
    }
    if (item.kind === "word" && isOr(item) && items.length === 0) continue;
    items.push(item);
  }
  const text = np.items.map((i) => (i.kind === "word" ? i.text : "")).filter(Boolean).join(" ");
  return { cards: { ...np, items }, playerWords: players.map((w) => lower(w.text)), opponent: players.every((w) => lower(w.text).startsWith("opponent")), text };
}

/** Side-effect-free twin of AbilityLowering.playerPhrase: does the phrase name players? */
/** Whose zone a phrase names ("their deck", "your Graveyard", "an opponent's deck", "its owner's hand"); undefined when it says nobody's. */
function zoneOwner(np: Ast.NounPhrase | undefined): "your" | "their" | "opponent" | "owner" | undefined {
  const ws = npDeterminers(np).concat(npWords(np));
  if (ws.some((w) => w.startsWith("opponent"))) return "opponent";
  if (ws.some((w) => w.startsWith("owner"))) return "owner";
  if (ws.includes("their") || ws.includes("his") || ws.includes("her")) return "their";
  if (ws.includes("your")) return "your";
  return undefined;
}

function isPlayerPhrase(np: Ast.NounPhrase): boolean {
  // The phrase's words and determiners, read once for every question below (this runs for most noun phrases lowered).
  const words = npWords(np);
  if (words.some((w) => w === "player" || w === "players" || w === "opponent" || w === "opponents")) return true;
  const dets = npDeterminers(np);
  if (playerBehindCard(np, words, dets) || possessedPlayer(np, words)) return true;
  return words.length === 0 && (dets.includes("you") || dets.includes("they") || dets.includes("their"));
}

const PLAYER_WORDS = new Set(["player", "players", "opponent", "opponents"]);
/** The other words a player phrase is read by (playerPhraseOf): its side and its determiners — not "other", "another". */
const PLAYER_READ_WORDS = ["defending", "attacking", "enemy", "opposing", "target", "each", "all", "every", "any", "that", "the", "a", "an", "your", "their", "you", "they", "them"];
/** Nouns that, owned by a player, mean the player themself: "your opponent's face", "the opponent's life" (Duel: "hit the opponent's life directly"). */
const PLAYER_SELF_NOUNS = new Set(["face", "life", "hero"]);
/** The determiners before a zone's possessor that say whose it is: "your opponent's", "each player's", "target opponent's". */
const POSSESSOR_DETERMINERS = new Set(["your", "a", "an", "any", "each", "all", "every", "target", "the"]);
/** Words beside a zone's name that change nothing: "your own hand", "your entire Graveyard", "your whole deck". */
const ZONE_INTENSIFIERS = new Set(["own", "entire", "whole"]);
/** The words of a controller phrase ("... you control", "... an opponent controls") each reading of selector() reads. */
const CONTROLLER_YOU_WORDS = new Set(["you"]);
const CONTROLLER_OPPONENT_WORDS = new Set(["opponent", "opponents", "your", "an", "a", "any", "each", "all", "every", "target", "the", "enemy", "opposing", "player", "players", "other", "another"]);
const CONTROLLER_THEY_WORDS = new Set(["they", "them", "their"]);
const CONTROLLER_ANY_WORDS = new Set(["player", "players", "a", "an", "any", "each", "all", "every", "the"]);

/**
 * The side a control phrase names by its own words: "you" (`you control`, `controlled by you`) or "opponent" (`an opponent
 * controls`, `an opposing player controls`, `an enemy player controls`, `each other player controls`, `another player
 * controls`: every player but you). Undefined for a player named otherwise (`its controller`, `the defending player`,
 * `they`, `a player`), which the reader works out from the ability.
 */
function controlSide(controller: Ast.NounPhrase): "you" | "opponent" | undefined {
  const who = npDeterminers(controller).concat(npWords(controller));
  if (who.includes("you")) return "you";
  if (who.some((w) => w.startsWith("opponent") || w === "enemy" || w === "opposing")) return "opponent";
  if (who.some((w) => w === "other" || w === "another") && who.some((w) => w === "player" || w === "players")) return "opponent";
  return undefined;
}

/** `opponent's` → `opponent`, `players'` → `players`; undefined for a word that is not a possessive. */
export function possessiveStem(word: string): string | undefined {
  const w = lower(word).replace(/’/g, "'");
  if (w.endsWith("'s")) return w.slice(0, -2);
  if (w.endsWith("s'")) return w.slice(0, -1);
  return undefined;
}

/** The possessive word of a phrase (`opponent's` in "your opponent's units") and what it names. */
function possessor(np: Ast.NounPhrase, words: readonly string[] = npWords(np)): { index: number; stem: string } | undefined {
  for (let i = 0; i < words.length; i++) {
    const stem = possessiveStem(words[i]!);
    if (stem !== undefined) return { index: i, stem };
  }
  return undefined;
}

/** "its controller", "that creature's owner", "its controller's face": the player behind a card named before. */
function playerBehindCard(np: Ast.NounPhrase, words: readonly string[] = npWords(np), dets?: readonly string[]): "controller_of" | "owner_of" | undefined {
  if (words.length === 0) return undefined;
  const head = words[words.length - 1]!;
  // "its owner's hand" names a zone; "its controller's face" the player.
  const role = PLAYER_SELF_NOUNS.has(head) && words.length >= 2 ? possessiveStem(words[words.length - 2]!) : head;
  if (role !== "controller" && role !== "owner") return undefined;
  dets ??= npDeterminers(np);
  const named = dets.includes("its") || dets.includes("that") || dets.includes("their") || words.slice(0, -1).some((w) => possessiveStem(w) !== undefined);
  return named ? (role === "controller" ? "controller_of" : "owner_of") : undefined;
}

/** "your opponent's life" → "your opponent": the phrase's possessive word as a player phrase of its own, with the phrase's determiners. */
function possessorAsPerson(np: Ast.NounPhrase): Ast.NounPhrase | undefined {
  const owner = np.items.find((i): i is Ast.WordNode => i.kind === "word" && possessiveStem(i.text) !== undefined);
  if (!owner) return undefined;
  const stem = possessiveStem(owner.text)!;
  return { ...np, items: [{ ...owner, text: stem, lemma: stem.replace(/s$/, ""), keyword: true }], filters: [] };
}

/** "your opponent's face", "the opponent's life", "each opponent's face": a player named by a possessive and a noun meaning the player. */
function possessedPlayer(np: Ast.NounPhrase, words: readonly string[] = npWords(np)): boolean {
  const owner = possessor(np, words);
  if (!owner || owner.index !== words.length - 2) return false;
  return PLAYER_WORDS.has(owner.stem) && PLAYER_SELF_NOUNS.has(words[words.length - 1]!);
}

/** "each of them", "both of them", "all of them": the plural pronoun, each of the things it names. */
function eachOfThem(np: Ast.NounPhrase): boolean {
  if (np.items.length || np.filters.length !== 1 || np.also?.length) return false;
  const [det, ...more] = np.determiners;
  const of = np.filters[0]!;
  if (more.length || det?.kind !== "determiner" || !["each", "both", "all"].includes(det.lemma) || of.kind !== "prep" || of.prep !== "of") return false;
  return of.object.items.length === 0 && of.object.filters.length === 0 && npDeterminers(of.object).join() === "they";
}

/** `each of your opponent's units`, `one of the units you control`, `two of them`: the phrase after `of`, with the outer determiners. */
export function unwrapOf(np: Ast.NounPhrase): Ast.NounPhrase {
  if (np.items.length > 0 || np.filters.length === 0) return np;
  const first = np.filters[0]!;
  if (first.kind !== "prep" || first.prep !== "of") return np;
  const inner = first.object;
  // "the number of ..." is a count, not a selection (it has an item, "number").
  return { ...inner, determiners: [...np.determiners, ...inner.determiners], filters: [...inner.filters, ...np.filters.slice(1)], range: np.range };
}

function npDeterminers(np: Ast.NounPhrase | undefined): string[] {
  if (!np) return [];
  const lemmas: string[] = [];
  for (const d of np.determiners) if (d.kind === "determiner") lemmas.push(d.lemma);
  if (SELF_BY_NAME.has(np)) lemmas.push("this");
  return lemmas;
}

/**
 * Noun phrases that name the card itself — its own name, as printed cards write it ("When Grave
 * Tender dies", `"Grave Tender" deals 2 damage`), or CARDNAME — read exactly as "this": every
 * reading of "this" sees them through npDeterminers/npWords.
 */
const SELF_BY_NAME = new WeakSet<Ast.NounPhrase>();

/** A card's name folded for comparison, and its first word; the last one kept (a card's abilities ask in turn: the folding was 2% of a check). */
let lastOwnName: { cardName: string; name: string; firstWord: string | undefined } | undefined;
function ownNameOf(cardName: string): { name: string; firstWord: string | undefined } {
  if (lastOwnName?.cardName !== cardName) {
    const name = cardName.toLowerCase().split(/\s+/).join(" ");
    lastOwnName = { cardName, name, firstWord: name.split(" ").find((w) => w !== "") };
  }
  return lastOwnName;
}

/** Marks the noun phrases of an ability that are the card's own name (SELF_BY_NAME), their words carried. */
function markOwnName(ability: Ast.Ability, abilityText: string, cardName: string, l: AbilityLowering): void {
  const { name, firstWord } = ownNameOf(cardName);
  // A phrase is the name only if the name's first word is in the ability's text: most abilities never
  // name their card, and walking every ability's tree cost 7% of a 10,000-card check. A name with a
  // quote or backslash (a quoted name's value is unescaped) is always looked for.
  const lowerText = abilityText.toLowerCase();
  if (firstWord !== undefined && !/["\\]/.test(name) && !lowerText.includes(firstWord) && !lowerText.includes("cardname")) return;
  const isName = (np: Ast.NounPhrase): boolean => {
    if (np.determiners.length || np.filters.length || np.items.length === 0) return false;
    if (np.items.length === 1 && np.items[0]!.kind === "string") return (np.items[0] as Ast.StringNode).value.toLowerCase() === name;
    const text = np.items.map((i) => ("text" in i ? i.text : "")).join(" ").toLowerCase();
    return text === name || text === "cardname";
  };
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if ((node as { kind?: unknown }).kind === "np" && isName(node as Ast.NounPhrase)) {
      SELF_BY_NAME.add(node as Ast.NounPhrase);
      l.use((node as Ast.NounPhrase).items);
    }
    // Ranges hold no phrases (and share their card's anchor).
    const record = node as Record<string, unknown>;
    for (const key in record) if (key !== "range" && Object.hasOwn(record, key)) walk(record[key]);
  };
  walk(ability.body);
}
/** "twice that much", "double its power": a multiplier before an amount. */
const MULTIPLIERS: Record<string, number> = { twice: 2, double: 2, thrice: 3, triple: 3 };
/**
 * "each unit that has power 2 or less", "a creature that has Flying", "each creature that has an attack counter on it": a
 * relative clause whose only words are "has"/"have" and what is had (with "on it" after counters) — the same filter as
 * "with ...". Not "that doesn't have" (a modal), nor any other tail.
 */
function hasClauseObject(f: Ast.NounFilter): f is Ast.RelativeFilter & { clause: { object: Ast.NounPhrase } } {
  if (f.kind !== "relative" || !f.that) return false;
  const c = f.clause;
  return c.verb?.lemma === "have" && !!c.object && !c.subject && !c.modal && !c.be && !c.complement && !c.orVerbs?.length && (!c.tail.length || !!countersOnIt(c));
}

/** "that has two or more attack counters on it": the "on it" after what is had, when that is counters. */
function countersOnIt(c: Ast.Clause): Ast.PrepPhrase | undefined {
  const on = c.tail[0];
  if (c.tail.length !== 1 || on?.kind !== "prep" || on.prep !== "on" || !npWords(c.object).some((w) => w === "counter" || w === "counters")) return undefined;
  return isItPronoun(on.object) ? on : undefined;
}

/** "it" / "them" alone: the card the clause is about, named again. */
function isItPronoun(np: Ast.NounPhrase): boolean {
  return npWords(np).length === 0 && np.filters.length === 0 && ["it", "them"].includes(npDeterminers(np).join(" "));
}

/** The words that turn a number into a bound: "2 or less", "2 power or more". */
const COMPARISON_WORDS = new Set(["less", "fewer", "more", "greater"]);
/** "the unit with the highest power": which end of a stat. */
const EXTREME_WORDS: Record<string, "highest" | "lowest"> = { highest: "highest", greatest: "highest", lowest: "lowest", least: "lowest" };
/** "with less power than this unit": the comparison (strict). */
const RELATIVE_WORDS: Record<string, "<" | ">"> = { less: "<", lower: "<", fewer: "<", smaller: "<", greater: ">", more: ">", higher: ">", bigger: ">" };
/** Verbs whose object is the card they act on: with no object, a card subject is that card (passive or a change of state). */
const ACTS_ON_A_CARD = new Set(["destroy", "exhaust", "overexhaust", "ready", "renew", "untap", "return", "shuffle", "sacrifice"]);
/** Of those, the ones a card does by itself ("It renews", "Target creature untaps"): active voice, the subject acted on. */
const STATE_VERBS = new Set(["ready", "renew", "untap"]);

/** "3 or more" / "greater": at least; "3 or less" / "fewer": at most; a bare number: exactly. */
function comparisonOp(c: Ast.Count): ">=" | "<=" | "=" {
  return c.comparison === "more" || c.comparison === "greater" ? ">=" : c.comparison ? "<=" : "=";
}

/** Words of an amount said alone, with no noun ("that many minus one", "one more", "1 less"). */
const AMOUNT_ONLY_WORDS: ReadonlySet<string> = new Set(["many", "much", "more", "less", "fewer", "plus", "minus"]);

/** A noun phrase that is a number and nothing else ("of 3 or more", "equal to 2"): that number. */
function bareCount(np: Ast.NounPhrase | undefined): Ast.Count | undefined {
  const [only] = np?.determiners ?? [];
  return np && np.items.length === 0 && np.filters.length === 0 && np.determiners.length === 1 && only?.kind === "count" ? only : undefined;
}

function npCount(np: Ast.NounPhrase | undefined): Ast.Count | undefined {
  if (!np) return undefined;
  return (np.determiners.find((d) => d.kind === "count") as Ast.Count | undefined) ?? (np.items.find((i) => i.kind === "count") as Ast.Count | undefined);
}

/**
 * Does a card phrase ask the player to choose when the effect resolves? "a/an X", "another X",
 * "one of ...", "two X", "up to three X", "any X" (not "any target", "any number of").
 */
function choosesCards(np: Ast.NounPhrase): boolean {
  const dets = npDeterminers(np);
  if (dets.some((d) => d === "a" || d === "an" || d === "another" || d === "up to" || (NUMBER_WORDS[d] !== undefined && d !== "a" && d !== "an"))) return true;
  if (np.determiners.some((d) => d.kind === "count")) return true;
  return dets.includes("any") && !npWords(np).includes("number");
}

/** `loses 1 power`: the same change, negative. */
function negateStats(stats: Record<string, NumberExpr>): Record<string, NumberExpr> {
  const out: Record<string, NumberExpr> = {};
  for (const [name, value] of Object.entries(stats)) out[name] = typeof value === "number" ? -value : { kind: "times", factor: -1, of: value };
  return out;
}

/** Game vocabulary the lowering needs, read from the compiled game. */
/** A card's relation to another in combat, as a selector field (AbilityLowering.blockRelation). */
type BlockRelation =
  | { field: "blockingSelf" | "blockedBySelf"; after?: Ast.NounFilter[] }
  | { field: "blockingCard" | "blockedByCard"; ref: CardRef; after?: Ast.NounFilter[] };

/** A copy of a node without these filters (wherever a noun phrase holds them): what is marked read when they are read apart. */
function withoutFilters<T>(node: T, drop: readonly Ast.NounFilter[]): T {
  if (Array.isArray(node)) return node.filter((n) => !drop.includes(n)).map((n) => withoutFilters(n, drop)) as T;
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === "range" ? value : withoutFilters(value, drop);
  return out as T;
}

/**
 * A card a clause took from its player's own (AbilityLowering.cardsTaken), or the ability's cost took (paidWith): by what
 * verb (its participle: "sacrificed"), its noun and card types, and its reference.
 */
interface Taken {
  verb: string;
  noun: string;
  types: string[];
  ref: CardRef;
  /** `lastCard` as the clause (the cost) left it: a later phrase that named another card ends the taking's reach. */
  lastCard: CardRef | undefined;
  /** The card the ability's trigger is about, which "it" / "that unit" could name too; none outside a trigger about a card. */
  triggerCard?: CardRef;
}

interface Vocab {
  game: CompiledGame;
  cardTypes: Map<string, string>;
  colors: Map<string, string>;
  subtypes: Map<string, string>;
  zones: Map<string, string>;
  resources: Map<string, string>;
  counters: Map<string, string>;
  keywords: Map<string, KeywordDef>;
  markers: Map<string, MarkerDef>;
  zoneOfRole(role: ZoneRole): string | undefined;
  /** Params the text lowered with this vocabulary used by name (a phase's `draw renew_draw`). */
  paramsNamed: Set<string>;
}

function vocabOf(game: CompiledGame, subtypes: string[]): Vocab {
  const map = (names: string[]) => new Map(names.map((n) => [lower(n), n]));
  return {
    game,
    cardTypes: map(game.cardTypes.map((t) => t.name)),
    colors: map(game.colors.map((c) => c.name)),
    subtypes: map(subtypes),
    zones: map(game.zones.map((z) => z.name)),
    resources: map(game.resources.map((r) => r.name)),
    counters: map(game.counters.map((c) => c.name)),
    keywords: new Map(game.keywords.map((k) => [lower(k.name), k])),
    markers: new Map(game.markers.map((m) => [lower(m.name), m])),
    zoneOfRole: (role) => game.zones.find((z) => z.role === role)?.name,
    paramsNamed: new Set(),
  };
}

/** A game word by its name or any singular of it ("Zombies" → Zombie, "Allies" → Ally, "Facets" → Facet). */
function lookup(map: Map<string, string>, word: string): string | undefined {
  const direct = map.get(lower(word));
  if (direct !== undefined) return direct;
  for (const form of singulars(word)) {
    const found = map.get(lower(form));
    if (found !== undefined) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Context of one ability being lowered

class AbilityLowering {
  targets: TargetSpec[] = [];
  /** The steps of the spell ability a sentence goes on with ("Put the top card … into your graveyard. If it's a unit …"): what its "it" may name. */
  stepsBefore: Step[] = [];
  notes: LoweringNote[];
  chooseCounter = 0;
  /**
   * While a choice's cards are read ("Destroy a creature each player controls", "Erase a card from each Graveyard"):
   * `open`, and `players` once its selector named each player's cards — one pick among each player's (their cards as
   * `acting`), the choices gathered for one act (`perPlayerPicks`). Undefined outside a choice: there it stays a note.
   */
  perPlayerPick?: { open: boolean; players?: PlayersRef };
  /** The labels of the choices made once per player (above), with the players. */
  readonly perPlayerPicks = new Map<string, PlayersRef>();
  /** The zone of a "Look at the top N cards of ..." earlier in this ability: later "put one ..." / "the rest ..." place those cards. */
  lookedZone?: string;
  /** Whose cards that look was at, and who looked when it was not their owner (who then places them). */
  lookedOwner?: PlayerRef;
  lookedBy?: PlayerRef;
  /** True once a step of this ability acted on cards it remembers ("it"): "that many" counts them. */
  actedOnCards = false;
  /** True while the last step of this ability that "that many" can count is a remove of counters: it counts those removed. */
  manyRemoved = false;
  /**
   * The cards the last step that acted on cards named ("Put a power counter on each unit you control"), as it named them
   * (its selector, its target, the cards chosen): what a bare "they" / "them" after it names when no players came before
   * ("..., then they get +1 power until end of turn", "They can't attack this turn."). Read again as the step after runs.
   */
  lastCardsActedOn?: Affected;
  /**
   * The step that acted on `lastCardsActedOn` (a selector) changed what the selector reads ("Renew all exhausted creatures
   * you control. They get +1/+0."): "they" would be found again by those words and name none of them (probe s44 F6) — its
   * op, for the diagnostic at "they".
   */
  lastCardsChanged?: string;
  /** A clause subject "they" read as `lastCardsActedOn` (not players): `affected` gives those cards for it. */
  theyCards?: { np: Ast.NounPhrase; cards: Affected };
  /** The player phrase acting in the clause being lowered ("Each player", "Target opponent"), unless it is "you". */
  actingSubject?: Ast.NounPhrase;
  /**
   * Who "they"/"their"/"them" name in the clause being lowered: its player subject ("Each player draws a card for each
   * Unit they control"), else the players the clause before was about, else the trigger's player. Inside the clause they
   * are `{ kind: "acting" }`; `players` is what the subject reads as (read once, when first needed).
   */
  antecedent?: { subject?: Ast.NounPhrase; players?: PlayersRef; fromTrigger?: true };
  /** How many target slots there were when the clause being lowered began: a target player before it may compete with the trigger's player for "they". */
  clauseTargetsFrom = 0;
  /** The clause being lowered (its trailing phrases may belong to a number inside it). */
  currentClause?: Ast.Clause;
  /** How many target slots there were when the sentence being read began: the target players it names come after. */
  sentenceTargetsFrom = 0;
  /** The search step of this ability, which a later "reveal it" makes reveal what it finds. */
  lastSearch?: Extract<Step, { op: "search" }>;
  /** The search was the last step lowered (a "reveal it" since adds none): "put it into ..." next says where it puts what it finds. */
  searchOpen = false;
  /** The players the last clause with a player subject (not "you") acted for: "they" in the clause after it. */
  lastPlayers?: PlayersRef;
  /** The one player the last clause with no player subject acted on ("Deal 2 damage to target player"): a later "that player". */
  playerActedOnLast?: PlayerRef;
  /** The ability's trigger event carries a player ("Whenever an opponent casts a spell"): "they"/"their" may name them. */
  eventPlayer = false;
  /** A trigger's own condition ("When this enters play, if you have 10 or less life, ..."): an "Otherwise" sentence is its `else`. */
  triggerCondition = false;
  /** The steps of a trigger's "Otherwise, ..." sentence (the `else` of its condition). */
  triggerOtherwise: Step[] | undefined;
  /** The ability's trigger fires in combat ("Whenever this attacks / blocks / is blocked"): "the defending player" names one. */
  combatTrigger = false;
  /** The card the ability named last (a target, a chosen card, "it"): what "its controller" refers to. */
  lastCard?: CardRef;
  /**
   * "any target" named last (a card or a player, so no `lastCard`): "Deal 1 damage to any target, then deal 1 damage to it."
   * — "it" is that target, whichever it is (it read as the cards the step before acted on: none when a player was chosen).
   */
  lastAnyTarget?: number;
  /** The steps of the spell's abilities before this one (its sentences before): what "again" may repeat. */
  earlierSpellSteps: Step[] = [];
  /** `lastCard` as the clause being lowered began: what its clauses before named (takenReference). */
  lastCardBeforeClause?: CardRef;
  /**
   * The card the ability's cost took ("Sacrifice another creature: ...", "As an additional cost to play this, discard a
   * card."): "the sacrificed creature" reads it, and "it" / "its" / "that creature" before the ability names a card of its
   * own (takenReference) — the frame that resolves the ability starts with it (runtime/core/action.ts paidCards).
   * Undefined when the cost took none, or several (which of them "it" would be is not said).
   */
  paidTook?: Taken;
  /** How many parts of the cost took cards (paidWith). */
  private paidParts = 0;
  /** A part of the ability's cost took `amount` cards (`obj`: as written), by `verb` (sacrifice, discard, erase): see paidTook. */
  paidWith(verb: "sacrifice" | "discard" | "erase", obj: Ast.NounPhrase | undefined, amount: number, types: string[]): void {
    this.paidParts++;
    const noun = npWords(obj).map((w) => singular(w)).filter((w) => this.cardNoun(w)).at(-1) ?? "card";
    this.paidTook = this.paidParts === 1 && amount === 1 ? { verb: participleOf(verb), noun, types, ref: { kind: "chosen", label: THIS_WAY_LABELS[verb] }, lastCard: this.lastCard } : undefined;
    if (!this.paidTook) this.paidSeveral = `${verb[0]!.toUpperCase()}${verb.slice(1)} ${indefiniteArticle(noun)} ${noun}`;
  }
  /** The cost took several cards (two of them, or by two of its parts): "it" / "its" after it names none of them (paidPronoun). */
  private paidSeveral?: string;
  /**
   * "Sacrifice two units: Draw cards equal to its power.": "it" / "its" with no card named before it, after a cost that took
   * several cards, could be any of them — CW6001 naming the forms that run (true). It ran as the ability's own card, in silence.
   */
  paidPronoun(np: Ast.NounPhrase, pronoun: "it" | "its"): boolean {
    if (!this.paidSeveral || this.lastCard || this.trigger) return false;
    this.note(np.range, `"${pronoun}" names no one card: the cost takes several cards, and which of them "${pronoun}" is is not said — write a cost that takes one card ("${this.paidSeveral}: ..."), or "this" for this card`);
    return true;
  }
  /** The ability's trigger: its event's cards ("that creature", "the attacking creature") are read by what the event carries. */
  trigger?: TriggerPattern;
  /** What a subject shared by several clauses (`Target player draws a card and loses 1 life`) was read as: one target, one choice. */
  private readonly sharedSubjects = new Map<Ast.NounPhrase, { players?: PlayersRef; affected?: Affected }>();
  /** Lowering the steps of a replacement of damage ("it is dealt to this instead": that damage). */
  replacingDamage = false;
  /** Lowering the steps of a replacement that prevents damage: "the damage prevented this way" is what it prevented. */
  preventingDamage = false;
  /** Lowering the steps of a replacement of damage to a player from a source card: "that creature" names that source. */
  replacingSource = false;
  /** … of damage to a card from a source card: "that creature" there is the source, which the engine cannot name. */
  replacingSourceOfCard = false;
  /**
   * Lowering the steps of a replacement of an amount — life gained or lost, counters a player gets: "gain one more", "lose 1
   * less life" are the event's amount and N more (less); `replacedNoun` is what a step names by the amount alone ("gain that
   * many minus one": the counters replaced; "gain one more": life).
   */
  replacingAmount = false;
  replacedNoun?: { life: true } | { counter: string };
  /**
   * Set while the targets of "divided as you choose among ..." are read: the damage divided (each target takes at least
   * 1, so there are never more targets than it), and how many slots "any number of" gives.
   */
  dividing: { amount: number; slots?: number } | undefined;
  /** Set by a cost item the engine cannot pay as written ("Discard X cards:"): its activated ability is not run. */
  unrunnableCost = false;
  /**
   * The amount of the last damage, life gained or life lost this ability's text named: what a later "that much" is ("Gain 3
   * life, then each opponent loses that much life": 3; after damage, the damage that step dealt: "Deal 2 damage to target
   * creature, then you gain that much life" gains 1 when 1 of the 2 was prevented). Without one, the triggering event's.
   */
  lastMeasured?: NumberExpr;
  /** The event the ability replaces happens to this card ("If this would be destroyed, ..."): its "it" is this card. */
  replacesSelf = false;
  /** The event the ability follows: its trigger's, or the event it replaces ("If you would gain life, ..."), and its words. */
  eventKind?: EventKind;
  eventText?: string;
  /**
   * Where "that much" / "that many" found no amount before them in the ability and read the event's, "destroyed this
   * way" found no destroy step, or "they" found no players or cards before it: a spell's sentence with one goes on with
   * the ability before it (its amount, or the cards "they" names, may be there).
   */
  readonly unmeasured: Range[] = [];
  /** Zone phrases already reported as another game's name of a zone (CW6012), by start offset: once each. */
  private readonly otherZoneNames = new Set<number>();
  /** How many damage steps this ability's text has lowered so far ("the damage dealt" reads the last one's). */
  damageSteps = 0;
  /** How many life-loss and life-gain steps it has lowered ("the life lost this way" reads the last loss step's: LIFE_THIS_WAY). */
  readonly lifeSteps = { lose_life: 0, gain_life: 0 };
  /**
   * How many steps of each verb whose cards "<participle> this way" reads (THIS_WAY_LABELS) this ability has lowered so far
   * ("for each card discarded this way": the one discard before it), and the last of them.
   */
  readonly thisWaySteps = new Map<ThisWayVerb, { count: number; last: Step }>();
  /** The card whose text is lowered: its type and stats (absent for a game file's keyword or rule text). */
  own?: CardInfo["own"];
  /** The words of the ability the IR carries (word-accounting.ts): what is left is reported. */
  readonly ledger = new WordLedger();
  /** Marks the words under these nodes as carried by the IR. */
  use(...nodes: unknown[]): void {
    this.ledger.use(...nodes);
  }
  /**
   * "At the beginning of your upkeep" in a game with no upkeep: CW6001 at the word, naming the game's phases (with what
   * an auto phase does: Three-Slot Duel's Start phase draws) and the moment the trigger would run at.
   */
  noteForeignStep(range: Range, word: string, end: boolean): void {
    const phases = this.vocab.game.phases;
    // The phase whose steps draw is named so ("Start, where you draw"): where another game's upkeep and draw step would be.
    const list = phases.map((p) => (p.lines?.some((line) => /^draw\b/.test(line.text)) ? `${p.name} (where its player draws)` : p.name)).join(", ");
    const first = phases[0]?.name;
    const main = phases.find((p) => !p.auto)?.name;
    const moment = end ? `"At the end of your turn, ..."` : `"At the start of your turn, ..." (the start of its ${first ?? "first"} phase)`;
    this.note(range, `"${word}": ${this.vocab.game.name} has no ${word === "combat" ? "combat phase" : word === "upkeep" || / step$/.test(word) ? word : `${word} step`} — its turn is ${list}. Write ${moment}${main ? `, or name one of its phases ("At the beginning of your ${main} phase, ...")` : ""}`);
  }
  /**
   * The negations under these nodes ("isn't", "not", "don't", ...) carried: the reader read them (its condition or selector
   * is the negated one). A negation no reader carries is reported (word-accounting.ts isSelectingWord), never dropped.
   */
  carryNegations(...nodes: unknown[]): void {
    for (const node of nodes) this.ledger.carry(leavesOf(node).filter((leaf) => isNegationWord(this.text.slice(startOffset(leaf.range), endOffset(leaf.range)))));
  }
  /**
   * A phrase read for WHOSE it is ("an opponent's Graveyard", "their deck", "your opponent's turn"): its possessors
   * ("opponent's", "their") are carried by the reader; "target" is not (only a reader that makes a target carries it).
   */
  carryOwner(np: unknown): void {
    this.ledger.carry(leavesOf(np).filter((leaf) => {
      const word = this.text.slice(startOffset(leaf.range), endOffset(leaf.range));
      return isSelectingWord(word) && lower(word) !== "target";
    }));
  }
  /** Are these cards yours — this card, or cards a selector keeps to yours (controlled or owned)? */
  private yours(what: Affected): boolean {
    // "a card discarded this way" after your own discard: your cards.
    const discardedByYou = (label: string | undefined) => {
      const step = label === THIS_WAY_LABELS.discard ? this.thisWaySteps.get("discard")?.last : label === THIS_WAY_LABELS.mill ? this.thisWaySteps.get("mill")?.last : undefined;
      // "Mill 3. Return a creature card milled this way to your hand.": your own deck's cards.
      return (step?.op === "discard" || step?.op === "keyword_action") && step.who.kind === "you";
    };
    const selectorYours = (sel: CardSelector | undefined) => sel?.controller === "you" || sel?.owner === "you" || discardedByYou(sel?.thisWay);
    switch (what.kind) {
      case "card":
        if (what.ref.kind === "self") return true;
        // "If this would be destroyed, return it to your hand instead.", "When this is destroyed, return it from your Discard
        // Pile to your hand.": "it" is this card, whose hand is its owner's (a card goes to its owner's zones: cybervamp.txt
        // "it goes to its owner's Discard Pile — not yours"), as "Return this to your hand" is.
        if ((what.ref.kind === "it" || what.ref.kind === "event_card") && (this.replacesSelf || this.trigger?.subject.kind === "self")) return true;
        // "Search your deck for a card, put it into your hand": the card found in your own zone.
        // "Search target opponent's deck for a card and put it into your discard pile": the deck's owner's card, not yours.
        if (what.ref.kind === "it" && this.lastSearch) return (this.lastSearch.owner ?? this.lastSearch.who).kind === "you";
        if (what.ref.kind === "target") return selectorYours(this.targets[what.ref.index]?.cards);
        if (what.ref.kind === "chosen") {
          const label = what.ref.label;
          const choice = this.pending.find((s) => s.op === "choose_cards" && s.label === label);
          // "Choose a card in your hand. Put it on top of your deck.": chosen by a sentence before, among your cards.
          if ((choice?.op === "choose_cards" && selectorYours(choice.selector)) || selectorYours(this.chosenSelectors.get(label))) return true;
          // "Summon a unit card from your Graveyard. At the end of the turn, return it to your hand.": the cards a step
          // before put into play (its `arrived` label), yours when what it took was (the "your" was CW6005, though read).
          const arrivedFrom = this.arrivedFrom.get(label);
          return !!arrivedFrom && this.yours(arrivedFrom);
        }
        return false;
      case "target":
        return selectorYours(this.targets[what.index]?.cards);
      case "targets":
        return what.indexes.every((i) => selectorYours(this.targets[i]?.cards));
      case "cards":
        return selectorYours(what.selector);
      default:
        return false;
    }
  }
  /** The determiners of a phrase with these lemmas, marked used. */
  useDeterminers(np: Ast.NounPhrase | undefined, ...lemmas: string[]): void {
    if (np) this.ledger.carry(np.determiners.filter((d) => d.kind === "determiner" && lemmas.includes(d.lemma)));
  }
  /**
   * "Draw up to two cards", "Remove up to three Bleed counters": a number the acting player picks as the step resolves
   * (`upTo` on the step), "up to" marked used; {} when the phrase has no "up to" before its count.
   */
  upToCount(np: Ast.NounPhrase | undefined): { upTo?: true } {
    if (!np || !npDeterminers(np).includes("up to") || !npCount(np)) return {};
    this.useDeterminers(np, "up to");
    return { upTo: true };
  }
  /** "the creature", "the Vampire card": "the" alone, no number, a singular card noun at its head — one card, not a kind of card. */
  namesOneCardByThe(np: Ast.NounPhrase): boolean {
    const dets = npDeterminers(np);
    if (dets.length !== 1 || dets[0] !== "the" || npCount(np)) return false;
    const head = np.items.filter((i): i is Ast.WordNode => i.kind === "word").at(-1);
    return !!head && singular(head.text) === lower(head.text) && this.cardNoun(lower(head.text));
  }
  /** A noun that names cards: a card type, a subtype, "card" or "permanent" (lower case). */
  cardNoun(w: string): boolean {
    return w === "card" || w === "permanent" || lookup(this.vocab.cardTypes, w) !== undefined || lookup(this.vocab.subtypes, w) !== undefined;
  }
  /** A plural that names cards of any kind: "cards", "tokens", "permanents", a card type's ("units", "creatures"); not a kind ("Knights"). */
  namesCardsInGeneral(plural: string): boolean {
    const one = singular(plural);
    return one !== plural && (one === "card" || one === "token" || one === "permanent" || lookup(this.vocab.cardTypes, one) !== undefined);
  }
  /** "this unit", "this card", "this Vampire": the card itself — a card noun after "this" is carried by the self reference. */
  useSelfNouns(np: Ast.NounPhrase): void {
    // "that token" / "those tokens" / "those cards" after a step that made or summoned them: the noun is carried too.
    this.use(np.items.filter((i) => i.kind === "word" && (this.cardNoun(lower(i.text)) || this.cardNoun(singular(i.text)) || singular(i.text) === "token")));
  }
  /** The words of a phrase with these (lower-case) texts, marked used. */
  useWords(np: Ast.NounPhrase | undefined, ...words: string[]): void {
    if (np) this.ledger.carry(np.items.filter((i) => i.kind === "word" && words.includes(lower(i.text))));
  }
  /**
   * The trigger the ability's effect follows. When it names the event's other card ("Whenever this blocks a creature",
   * "destroys a creature", "deals damage to a creature"), "it" and "that creature" are that card from the start.
   */
  setTrigger(trigger: TriggerPattern | undefined): void {
    this.trigger = trigger;
    this.eventKind = trigger?.event;
    this.eventText = trigger?.text;
    if (trigger && trigger.subject.kind !== "player" && trigger.object?.kind === "card") this.lastCard = this.eventOther = { kind: "event_other" };
  }
  /** The event's other card as the trigger named it (`lastCard` until the ability names another card). */
  private eventOther?: CardRef;
  /**
   * The trigger was written with this card as its object ("Whenever a unit attacks this unit") and is read from this card
   * ("When this is attacked by a unit"): its written subject is the event's other card, so "it" opening a clause is that one.
   */
  triggerWrittenFromOther = false;
  /** Marks the trigger's "in combat" words read: called by lowerTrigger only when the pattern carries them. */
  combatWords: (() => void) | undefined = undefined;
  /**
   * "the attacking creature", "the blocking unit", "the blocked creature" in a combat trigger: a card of the event by its
   * part in it (compiler/contract.ts TRIGGER_EVENTS roles). Undefined where no role word names one (read as a selector).
   */
  eventRole(np: Ast.NounPhrase): CardRef | undefined {
    const roles = this.trigger ? triggerContract(this.trigger).roles : undefined;
    if (!roles) return undefined;
    const words = npWords(np);
    const dets = npDeterminers(np);
    const role = words.find((w) => roles.card.includes(w) || roles.other.includes(w));
    if (!role || dets.length !== 1 || !(dets[0] === "the" || dets[0] === "that") || np.filters.length) return undefined;
    if (!words.every((w) => w === role || this.cardNoun(w))) return undefined;
    this.use(np.determiners);
    this.useWords(np, role);
    this.useSelfNouns(np);
    return roles.card.includes(role) ? { kind: "event_card" } : { kind: "event_other" };
  }
  constructor(
    readonly vocab: Vocab,
    readonly file: string,
    readonly text: Text,
    notes: LoweringNote[],
    /**
     * Only the notes are wanted (lowerCards's `notesOnly`): the IR is dropped once lowered, so `source` keeps the tree's
     * range as it is (a note about an ability reads its range, placed as plain data with the other notes by lowerAnalysis).
     */
    readonly notesOnly = false,
  ) {
    this.notes = notes;
  }
  /** Where the IR came from: plain data (the IR crosses to the engine, which copies states by structured clone). */
  source(range: Range): SourceRef {
    return { file: this.file, range: this.notesOnly ? range : plainRange(range) };
  }
  note(range: Range, message: string): void {
    // A note while a condition is read says the condition is not read (or only in part): the engine has no answer to give,
    // so the card is not played (CW6014, an error) — never run as if the condition held (it was CW6001 "treated as always
    // true"). So is a word of a condition that no reader carried (unusedWordsNote).
    if (this.conditionDepth > 0) this.conditionNote(range, message);
    else this.notes.push({ file: this.file, range: plainRange(range), message });
  }
  /** Has a note been given at words that hold `range` (`exact`: at these very words)? */
  notedAt(range: Range, exact = false): boolean {
    const { start, end } = plainRange(range);
    return this.notes.some((n) => (exact ? n.range.start.offset === start.offset && n.range.end.offset === end.offset : n.range.start.offset <= start.offset && n.range.end.offset >= end.offset));
  }
  /** A note that the condition at `range` is not read as written (CW6014: the card is not played). */
  conditionNote(range: Range, detail: string): void {
    this.notes.push({ file: this.file, range: plainRange(range), code: "CW6014", args: { detail }, message: detail });
  }
  /**
   * The note for words of `ability` no IR node carries (the word accounting): CW6005, "would run as <reads-as>" — but at a
   * condition's words CW6014, as every note there (note): the condition the engine would check is another one
   * ("If your life is beneath 5" checked as "exactly 5 life"), and a card is never played on a guessed condition.
   */
  unusedWordsNote(phrase: { range: Range; text: string }, ability: Range, readsAsText: string): LoweringNote {
    const words = this.slice(ability).trim();
    if (this.inCondition(phrase.range)) {
      const detail = `"${phrase.text}" is not read by the engine: it would check another condition than the text's, as in "${readsAsText}"`;
      return { file: this.file, range: plainRange(phrase.range), code: "CW6014", args: { detail }, message: detail, ability };
    }
    return { file: this.file, range: plainRange(phrase.range), code: "CW6005", args: { words: phrase.text, ability: words, readsAs: readsAsText }, message: `"${phrase.text}" is not used by the engine`, ability };
  }
  /** How many condition readings are under way (condition, conditionFor, compoundCondition): their notes are CW6014. */
  conditionDepth = 0;
  /** The words of the conditions this ability read (readingCondition): a word of them no reader carried is CW6014 (unusedWordsNote). */
  private readonly conditionRanges: Range[] = [];
  /** Are these words inside a condition this ability read? */
  inCondition(range: Range): boolean {
    return this.conditionRanges.some((c) => startOffset(c) <= startOffset(range) && endOffset(range) <= endOffset(c));
  }
  /** `read()` as a condition's reading of the words at `range`: every note it makes is CW6014 (note), and so is a word of them left unread. */
  readingCondition<T>(range: Range, read: () => T): T {
    this.conditionRanges.push(range);
    this.conditionDepth++;
    try {
      return read();
    } finally {
      this.conditionDepth--;
    }
  }
  /** Whether a player holds the game's resources as pools (Chromatic's Mana): not where costs are paid by exhausting lands
   * as they are paid (CYBERVAMP: "You pay costs by exhausting your lands", no floating resources — a Gold pool is always empty). */
  keepsPools(): boolean {
    return this.vocab.game.params["costs_paid_by"] === undefined;
  }
  slice(range: Range): string {
    return this.text.slice(startOffset(range), endOffset(range));
  }
  /** A noun phrase's own words, without the phrases joined to it by `and` or the words split off it (a target's text). */
  ownText(np: Ast.NounPhrase): string {
    const parts = [...np.determiners, ...np.items, ...np.filters];
    if (!parts.length) return this.slice(np.range);
    return this.text.slice(Math.min(...parts.map((p) => startOffset(p.range))), Math.max(...parts.map((p) => endOffset(p.range))));
  }

  // --- numbers -------------------------------------------------------------------------------
  /** A count read as how many cards, targets or an amount (`count`), a bound on it said (below). */
  howMany(c: Ast.Count, fallback = 1): NumberExpr {
    // "one or more cards", "at least one target creature", "at most two": a bound where a number of cards, targets or an
    // amount is read — it ran as exactly that number, the bound dropped (probe s44 F2). Said, with the forms that run.
    if (c.comparison) {
      const bound = c.bound ? `at ${c.bound} ${c.value}` : c.written ?? c.text;
      if (!this.notedAt(c.range, true)) this.note(c.range, `"${bound}" is a bound, not a number: the engine reads how many as a number ("two target creatures", "discard two cards") or as "up to N" ("up to two target creatures") — write one of them`);
      return c.value ?? fallback;
    }
    return this.count(c, fallback);
  }
  count(c: Ast.Count | undefined, fallback = 1): NumberExpr {
    if (!c) return fallback;
    // "one or two": a range is read only as a number of targets (targetRange); here it would be one number.
    if (c.atLeast !== undefined) {
      this.note(c.range, `"${c.text}" is a range of numbers the engine reads only as how many targets are chosen ("one or two target creatures")`);
      return c.value ?? fallback;
    }
    this.use(c);
    if (c.variable) {
      this.ledger.variables.add(startOffset(c.range));
      // "with power less than X": X minus 1 or less (a strict bound on a variable: Count.offset).
      if (c.offset) return { kind: "plus", of: { kind: "x" }, add: c.offset };
      return c.text.startsWith("-") ? { kind: "times", factor: -1, of: { kind: "x" } } : { kind: "x" };
    }
    return Math.abs(c.value ?? fallback);
  }
  /** `Bleed 2 and Haste`, `Flying, Haste and Tireless`: the game's keywords named, each with the number after it. */
  keywordList(np: Ast.NounPhrase | undefined): { name: string; amount?: number }[] {
    if (!np) return [];
    const out: { name: string; amount?: number }[] = [];
    let or: Ast.WordNode | undefined;
    for (const part of flattenAlso(np)) {
      for (const item of part.items) {
        if (item.kind === "word") {
          const def = this.vocab.keywords.get(lower(item.text));
          if (def) {
            out.push({ name: def.name });
            this.use(item);
          } else if (lower(item.text) === "or" && out.length) or = item;
        } else if (item.kind === "count" && item.value !== undefined && out.length > 0 && out[out.length - 1]!.amount === undefined) {
          out[out.length - 1]!.amount = Math.abs(item.value);
          this.use(item);
        }
      }
    }
    // "gains Haste or Tireless", "a token with Bleed 1 or Haste": "or" is a choice, and a list of keywords gives every one
    // of them ("or" is a function word the word accounting does not report: it ran as "and" — found by a word-substitution
    // probe, session 36).
    if (or && out.length > 1) this.note(np.range, `"${this.slice(np.range)}": the engine gives every keyword of a list, and "or" asks for one of them — write "and" for all of them, or a choice ("Choose one — <effect>; or <effect>.")`);
    return out;
  }
  amountOf(np: Ast.NounPhrase | undefined, fallback = 1): NumberExpr {
    if (!np) return fallback;
    // A game file's phase step may name a param for its amount (`draw renew_draw`).
    const only = np.items.length === 1 && np.items[0]!.kind === "word" ? (np.items[0] as Ast.WordNode).text : undefined;
    const param = only !== undefined ? this.vocab.game.params[only] : undefined;
    if (only !== undefined && param !== undefined && /^\d+$/.test(String(param))) {
      this.vocab.paramsNamed.add(only);
      return Number(param);
    }
    const eq = np.filters.find((f) => f.kind === "equalTo") as Ast.EqualToFilter | undefined;
    if (eq) {
      // "loses life equal to the number of Bleed counters on them": the trailing "on ..." (parsed on the clause) is the count's.
      const words = [eq.value, ...eq.value.filters.flatMap((f) => (f.kind === "prep" && f.prep === "of" ? [f.object] : []))].flatMap(npWords);
      const counted = words.some((w) => w === "counter" || w === "counters") && !eq.value.filters.some((f) => f.kind === "prep" && f.prep === "on");
      // "... equal to the number of spells you cast this turn": the clause's "this turn" is the count's (withPlayedTiming).
      const timing = this.currentClause?.tail.find((t): t is Ast.TimingPhrase => t.kind === "timing" && t.which === "this" && !t.combat && startOffset(t.range) >= endOffset(eq.value.range));
      const value = timing ? withPlayedTiming(eq.value, timing) : eq.value;
      return this.numberPhrase(counted && this.currentClause ? withTrailingOn(value, this.currentClause) : value);
    }
    // "that much life plus 1", "that many minus one": the count is what is added (taken away).
    if (npWords(np).includes("much") && (npWords(np).includes("plus") || npWords(np).includes("minus"))) {
      this.useDeterminers(np, "that");
      this.useWords(np, "much");
      return this.times(np, this.plusAfter(np, this.thatMuch(np)));
    }
    if (npDeterminers(np).includes("that") && npWords(np)[0] === "many" && (npWords(np).includes("plus") || npWords(np).includes("minus"))) {
      this.useDeterminers(np, "that");
      this.useWords(np, "many");
      return this.times(np, this.plusAfter(np, this.thatMany(np)));
    }
    // In a replacement of an amount ("If you would gain life, gain one more instead", "If you would lose life, lose 1 less
    // life instead"): "N more" / "N less" is the event's amount and N more (less).
    const moreLess = this.replacingAmount && np.items.length >= 1 && np.items[0]!.kind === "word" && /^(?:more|less|fewer)$/i.test((np.items[0] as Ast.WordNode).text) ? (np.items[0] as Ast.WordNode) : undefined;
    const moreLessCount = moreLess ? npCount(np) : undefined;
    if (moreLess && moreLessCount?.value !== undefined && np.determiners.includes(moreLessCount)) {
      this.use(moreLess, moreLessCount);
      return { kind: "plus", of: { kind: "event_amount" }, add: /^more$/i.test(moreLess.text) ? moreLessCount.value : -moreLessCount.value };
    }
    // In a replacement of an amount, "no" is none: "If you would gain Bleed counters, you gain no Bleed counters instead."
    if (this.replacingAmount && npDeterminers(np).includes("no") && !npCount(np)) {
      this.useDeterminers(np, "no");
      return 0;
    }
    const c = npCount(np);
    // "deal 2 more damage to it", "draw two more cards": "more" after the number says the step adds to one before it —
    // which a step of its own does; the amount is the number.
    const more = c && np.items.length >= 2 && np.items[0]!.kind === "word" && lower((np.items[0] as Ast.WordNode).text) === "more" && np.determiners.includes(c) ? np.items[0] : undefined;
    if (more) this.use(more);
    if (c) return this.howMany(c, fallback);
    for (const d of npDeterminers(np))
      if (NUMBER_WORDS[d] !== undefined) {
        this.useDeterminers(np, d);
        return NUMBER_WORDS[d]!;
      }
    if (npDeterminers(np).includes("all")) {
      this.useDeterminers(np, "all");
      return 99;
    }
    // "that much life": the amount the triggering event carried (damage dealt, life gained).
    if (npDeterminers(np).includes("much") || npWords(np).includes("much")) {
      this.useDeterminers(np, "much", "that");
      this.useWords(np, "much");
      return this.times(np, this.plusAfter(np, this.thatMuch(np)));
    }
    // "Discard up to three cards, then draw that many": as many cards as the step before acted on
    // (in a trigger with no such step, as many as the event carried).
    if (npDeterminers(np).includes("that") && npWords(np)[0] === "many") {
      this.useDeterminers(np, "that");
      this.useWords(np, "many");
    }
    // "Remove all Bleed counters from you. Target opponent gains that many Bleed counters.": the counters removed.
    if (npDeterminers(np).includes("that") && npWords(np)[0] === "many") return this.times(np, this.thatMany(np));
    // "loses half their life, rounded up": a player's life total, halved.
    const life = this.lifeTotal(np);
    if (life) return this.times(np, life);
    return fallback;
  }
  /** The zone a phrase names, in the game file's spelling: "your Graveyard", "its owner's Shatter Zone", "an opponent's Discard Pile". */
  /**
   * "two +1 power counters": a signed number names the counter, the other number counts them (the phrase
   * returned, without the label). The engine's counters are one each, so "+1" is carried and any other label
   * ("a +2 power counter") is left unused (CW6005). Shared by "put ... counters on" and "gains/loses ... counters".
   */
  counterCount(obj: Ast.NounPhrase): Ast.NounPhrase {
    const label = [...obj.determiners, ...obj.items].find((x): x is Ast.Count => x.kind === "count" && /^[+-]/.test(x.text));
    if (!label) return obj;
    if (label.text === "+1") this.use(label);
    return { ...obj, determiners: obj.determiners.filter((d) => d !== label), items: obj.items.filter((i) => i !== label) };
  }

  zoneIn(np: Ast.NounPhrase | undefined): string | undefined {
    const words = npWords(np).filter((w) => possessiveStem(w) === undefined);
    const named = lookup(this.vocab.zones, words.join(" ")) ?? npWords(np).map((w) => lookup(this.vocab.zones, w)).find(Boolean);
    // "its owner's deck" in a game whose deck has a longer name (CYBERVAMP's Main Deck): the zone playing the deck's part,
    // as a search reads "your deck".
    if (!named && words.length === 1 && (words[0] === "deck" || words[0] === "decks")) return this.vocab.zoneOfRole("deck");
    // "Put target creature card into play", "Return it to play": card English for the battlefield (CYBERVAMP's "in play").
    if (!named && words.length === 1 && words[0] === "play" && npDeterminers(np).length === 0) return this.vocab.zoneOfRole("battlefield");
    if (!named && np) return this.zoneOfOtherName(np, words);
    return named;
  }
  /**
   * "your graveyard" in CYBERVAMP, whose graveyard is its "Discard Pile": another game's usual name of a zone this game
   * has under its own name. Read as that zone, and said (CW6012, once per phrase) with the game's word to write.
   */
  zoneOfOtherName(np: Ast.NounPhrase, words: string[]): string | undefined {
    const written = words.join(" ");
    // "play" and "deck" are this game's own words for its battlefield and deck (zoneIn), with determiners or not.
    if (written === "play" || written === "deck" || written === "decks") return undefined;
    const role = roleOfName(written) ?? [...singulars(written)].map((w) => roleOfName(w)).find(Boolean);
    const zone = role && role !== "other" && role !== "resource" ? this.vocab.zoneOfRole(role) : undefined;
    if (!zone || !role) return undefined;
    const at = startOffset(np.range);
    if (!this.otherZoneNames.has(at)) {
      this.otherZoneNames.add(at);
      const phrase = this.slice(np.range);
      const suggestion = phrase.replace(new RegExp(`\\b${written.replace(/\s+/g, "\\s+")}\\b`, "i"), zone);
      const args = { words: phrase, game: this.vocab.game.name, role, zone, suggestion };
      this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6012", args, message: `"${phrase}" is ${zone} in ${this.vocab.game.name}` });
    }
    return zone;
  }
  /** "your graveyard", "their discard pile": every card of one player's zone (undefined for any other phrase). */
  wholeZone(np: Ast.NounPhrase): Affected | undefined {
    const dets = npDeterminers(np);
    const zone = this.zoneIn(np);
    if (!zone || npCount(np) || np.filters.length || !(dets.length === 1 && (dets[0] === "your" || dets[0] === "their"))) return undefined;
    const whose = this.zoneOwnerOf(np);
    const owner = whose?.kind === "you" ? "you" : whose?.kind === "acting" ? "acting" : whose?.kind === "opponent" ? "opponent" : undefined;
    if (!owner) return undefined;
    this.useZoneWords(np);
    return { kind: "cards", selector: { zones: [zone], owner } };
  }
  /**
   * "twice that much damage", "double its power", "three times the number of ...": the amount times the multiplier a
   * phrase opens with (the word carried); the amount itself when it has none.
   */
  times(np: Ast.NounPhrase, amount: NumberExpr): NumberExpr {
    const word = np.determiners.find((d): d is Ast.DeterminerWord => d.kind === "determiner" && (MULTIPLIERS[d.lemma] !== undefined || d.lemma === "half"));
    if (!word) return amount;
    this.ledger.carry([word]);
    if (word.lemma === "half") return this.half(np, amount);
    const factor = MULTIPLIERS[word.lemma]!;
    return typeof amount === "number" ? factor * amount : { kind: "times", factor, of: amount };
  }
  /**
   * "half their life, rounded up": half the amount, rounded as the clause says (its `, rounded up|down`). With no rounding
   * written an odd amount has no reading: CW6022 at the phrase (the engine rounds down).
   */
  half(np: Ast.NounPhrase, amount: NumberExpr): NumberExpr {
    const rounding = this.currentClause?.tail.find((t): t is Ast.RoundingPhrase => t.kind === "rounding");
    if (rounding) this.use(rounding);
    else {
      const words = this.slice(np.range);
      this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6022", args: { words }, message: `"${words}" does not say how an odd amount rounds` });
    }
    const round = rounding?.direction ?? "down";
    if (typeof amount === "number") return round === "up" ? Math.ceil(amount / 2) : Math.floor(amount / 2);
    return { kind: "half", of: amount, round };
  }
  /** "that much": the amount of damage or life this ability named last (read again as it resolves), else the event's. */
  thatMuch(np: Ast.NounPhrase): NumberExpr {
    return this.lastMeasured !== undefined ? structuredClone(this.lastMeasured) : this.eventAmount(np);
  }
  /**
   * "the damage dealt", "the damage dealt this way": the damage the ability's own damage step dealt as it resolved (after
   * prevention); with none before it, a damage event's amount ("Whenever this deals damage, ..."). Undefined for any
   * other phrase.
   */
  damageDealt(np: Ast.NounPhrase): NumberExpr | undefined {
    const participle = np.filters.length === 1 && np.filters[0]!.kind === "relative" && !np.filters[0]!.that ? np.filters[0]!.clause : undefined;
    const thisWay = !participle?.object || (npDeterminers(participle.object).join(" ") === "this" && npWords(participle.object).join(" ") === "way");
    if (!participle || participle.verb?.lemma !== "deal" || participle.subject || !thisWay || npWords(np).join(" ") !== "damage" || npDeterminers(np).join(" ") !== "the") return undefined;
    this.use(np);
    if (this.damageSteps > 1) this.note(np.range, `"${this.slice(np.range)}": this ability deals damage in ${this.damageSteps} steps, and the engine reads the damage the last one dealt only; name the amount`);
    if (this.damageSteps > 0) return { kind: "damage_dealt" };
    if (this.eventKind !== undefined && TRIGGER_EVENTS[this.eventKind].amount !== undefined && !DAMAGE_EVENTS.has(this.eventKind)) {
      this.note(np.range, `"${this.slice(np.range)}": nothing before it in this ability deals damage, and its event ("${this.eventText}") is no damage; name the amount`);
      return { kind: "event_amount" };
    }
    return this.eventAmount(np);
  }
  /**
   * "the damage prevented this way", "the amount of damage prevented this way", "each damage prevented this way" (`each`
   * from countOfEach): the damage the replacement whose steps these are really prevented (DAMAGE_PREVENTED_THIS_WAY).
   * Anywhere else — after a `prevent` step, whose shield stops damage later, when this has long resolved — a note naming
   * the replacement that can read it (was CW6005, run as 0). Undefined for any other phrase.
   */
  damagePrevented(np: Ast.NounPhrase, each = false): NumberExpr | undefined {
    const ofPrep = !each && np.filters.length === 1 && np.filters[0]!.kind === "prep" && np.filters[0]!.prep === "of" ? np.filters[0] : undefined;
    if (ofPrep && ["amount", "total amount"].includes(npWords(np).join(" ")) && npDeterminers(np).filter((d) => d !== "half" && MULTIPLIERS[d] === undefined).join(" ") === "the" && npDeterminers(ofPrep.object).length === 0) {
      const inner = this.damagePrevented({ ...ofPrep.object, determiners: np.determiners });
      if (inner !== undefined) {
        this.useWords(np, "amount", "total");
        this.use(ofPrep);
      }
      return inner;
    }
    const participle = np.filters.length === 1 && np.filters[0]!.kind === "relative" && !np.filters[0]!.that ? np.filters[0]!.clause : undefined;
    if (!participle || participle.subject || participle.tail.length || !["prevent", "prevented"].includes(participle.verb?.lemma ?? "") || !isThisWay(participle.object) || npWords(np).join(" ") !== "damage") return undefined;
    const the = npDeterminers(np).filter((d) => d !== "half" && MULTIPLIERS[d] === undefined).join(" ");
    if (each ? !["", "each"].includes(the) : the !== "the") return undefined;
    const written = this.slice(np.range);
    if (!this.preventingDamage) {
      this.note(np.range, `"${written}" is known only to a replacement that prevents damage, as it applies; a "Prevent ..." effect stops the damage later, after this has resolved (write "The next time you would be dealt damage this turn, prevent that damage and gain life equal to the damage prevented this way.")`);
      return undefined;
    }
    this.useWords(np, "damage");
    this.useDeterminers(np, "the", "each");
    this.use(np.filters[0]);
    return { kind: "chosen_count", label: DAMAGE_PREVENTED_THIS_WAY };
  }
  /**
   * "the life lost this way", "the life gained this way", "the amount of life lost this way", "the life lost": the life the
   * ability's own last step of losing (gaining) life really took (gave) as it resolved, all its players together — after a
   * replacement or a "can't gain life" (LIFE_THIS_WAY); with no such step before it, a loss (gain) event's amount
   * ("Whenever an opponent loses life, ..."). Undefined for any other phrase.
   */
  lifeThisWay(np: Ast.NounPhrase): NumberExpr | undefined {
    const ofPrep = np.filters.length === 1 && np.filters[0]!.kind === "prep" && np.filters[0]!.prep === "of" ? np.filters[0] : undefined;
    // "the amount of life lost this way", "the total amount of life lost this way"
    if (ofPrep && ["amount", "total amount"].includes(npWords(np).join(" ")) && npDeterminers(np).filter((d) => d !== "half" && MULTIPLIERS[d] === undefined).join(" ") === "the" && npDeterminers(ofPrep.object).length === 0) {
      const inner = this.lifeThisWay({ ...ofPrep.object, determiners: np.determiners });
      if (inner !== undefined) {
        this.useWords(np, "amount", "total");
        this.useDeterminers(np, "the");
        this.use(ofPrep);
      }
      return inner;
    }
    const participle = np.filters.length === 1 && np.filters[0]!.kind === "relative" && !np.filters[0]!.that ? np.filters[0]!.clause : undefined;
    const verb = participle?.verb?.lemma;
    const op = verb === "lose" ? "lose_life" : verb === "gain" ? "gain_life" : undefined;
    const thisWay = !participle?.object || (npDeterminers(participle.object).join(" ") === "this" && npWords(participle.object).join(" ") === "way");
    // "twice the life lost this way", "half the life lost this way, rounded up": the multiplier is numberPhrase's (times).
    const the = npDeterminers(np).filter((d) => d !== "half" && MULTIPLIERS[d] === undefined).join(" ");
    if (!participle || !op || participle.subject || participle.tail.length || !thisWay || !["life", "total life"].includes(npWords(np).join(" ")) || the !== "the") return undefined;
    const written = this.slice(np.range);
    const steps = this.lifeSteps[op];
    const verbWord = op === "lose_life" ? "loses" : "gains";
    if (steps > 1) {
      this.note(np.range, `"${written}": this ability ${op === "lose_life" ? "loses" : "gains"} life in ${steps} steps, and the engine reads what the last one ${op === "lose_life" ? "lost" : "gained"} only; name the amount`);
      return undefined;
    }
    if (steps === 1) {
      this.useWords(np, "life", "total");
      this.useDeterminers(np, "the");
      this.use(np.filters[0]);
      return { kind: "chosen_count", label: LIFE_THIS_WAY[op] };
    }
    if (this.eventKind === (op === "lose_life" ? "lose_life" : "gain_life") && participle.object === undefined) {
      this.useWords(np, "life", "total");
      this.useDeterminers(np, "the");
      this.use(np.filters[0]);
      return { kind: "event_amount" };
    }
    // A spell's sentence of its own ("Target player loses 3 life. You gain life equal to the life lost this way."): it goes
    // on with the sentence before, whose step it reads.
    this.unmeasured.push(np.range);
    // Damage to a player is not a loss of life the engine records this way: "the damage dealt this way" reads it.
    const dealt = op === "lose_life" && this.damageSteps > 0 ? `; for the damage a step before it dealt, write "the damage dealt this way"` : "";
    this.note(np.range, `"${written}" reads the life one step before it in the same ability ${op === "lose_life" ? "took" : "gave"}, and nothing before it does (write "Target player ${verbWord} 3 life. You ${op === "lose_life" ? "gain" : "lose"} life equal to the life ${op === "lose_life" ? "lost" : "gained"} this way."${dealt})`);
    return undefined;
  }
  /**
   * "for each creature destroyed this way", "for each card discarded this way", "the number of creatures sacrificed this
   * way": the cards the ability's step of that verb before it really took as it resolved (THIS_WAY_LABELS: those that
   * went — not one that can't be destroyed, or whose destruction was replaced). With two such steps before it, or a noun
   * narrower than a card or the taken cards' own type, said at the words. Undefined for any other phrase.
   */
  destroyedThisWay(np: Ast.NounPhrase): NumberExpr | undefined {
    // "each card discarded this way" · "each creature that died this way" / "that was destroyed this way"
    const first = np.filters[0];
    const participle = np.filters.length === 1 && first?.kind === "relative" ? thisWayClause(first) : undefined;
    const verb = this.thisWayVerb(participle);
    if (!participle || !verb) return undefined;
    const written = this.slice(np.range);
    const done = this.thisWaySteps.get(verb);
    if (done?.count !== 1) {
      // A spell's sentence of its own ("Destroy each unit with power 1 or less. Your opponent loses 1 life for each unit
      // destroyed this way."): it goes on with the sentence before, whose step it counts (as "that much" does).
      if (!done) this.unmeasured.push(np.range);
      this.note(np.range, `"${written}" counts what one "${this.thisWayStepOf(verb)}" before it in the same ability took; ${done ? `this ability does it in ${done.count} steps` : `nothing before it does (${this.thisWayStepsNamed()})`} (write "${capitalized(this.thisWayExample(verb))}. Draw a card for each ${thisWayNoun(verb)} ${participleOf(verb)} this way.")`);
      return undefined;
    }
    const noun = npWords(np);
    // "for each counter removed this way", "for each Bleed counter removed this way": the counters the remove step took
    // (of its one kind), not cards.
    // "for each Bleed counter gained this way": the counters the step put (on players or cards), of its one kind.
    if (done.last.op === "remove_counters" || done.last.op === "add_counters") {
      const counter = done.last.counter;
      if (!(/^counters?$/.test(noun.at(-1) ?? "") && (noun.length === 1 || (counter !== undefined && noun.slice(0, -1).join(" ") === lower(counter))))) {
        const did = done.last.op === "remove_counters" ? "removed" : "put";
        this.note(np.range, `"${written}" counts the counters the "${this.thisWayStepOf(verb)}" before it ${did}: write "for each counter ${participleOf(verb)} this way"`);
        return undefined;
      }
      this.use(np);
      return { kind: "chosen_count", label: THIS_WAY_LABELS[verb] };
    }
    // The noun counts every card taken: "card", or the one card type the step named.
    const type = noun.length === 1 ? (lookup(this.vocab.cardTypes, noun[0]!) ?? lookup(this.vocab.cardTypes, noun[0]!.replace(/s$/, ""))) : undefined;
    // "for each token created this way": every token the step made.
    const every = noun.length === 1 && (/^(cards?|permanents?)$/.test(noun[0]!) || (verb === "create" && /^tokens?$/.test(noun[0]!)));
    // A narrower noun ("for each creature card discarded this way"): the taken cards that match it, counted as they are now.
    // "for each other card milled this way": the taken cards but this one (the selector reads "other"; counting the record
    // whole would drop the word).
    const other = npDeterminers(np).some((d) => d === "other" || d === "another");
    if (other || (!every && !(type && this.takenTypes(done.last)?.length === 1 && this.takenTypes(done.last)![0] === type))) return { kind: "count", of: this.selector(np) };
    this.use(np);
    return { kind: "chosen_count", label: THIS_WAY_LABELS[verb] };
  }
  /**
   * "discards a card of their choice", "sacrifices a creature of their choice": the acting player chooses, as the engine
   * asks the player who discards or sacrifices — so the words are read. "of your choice" when an opponent acts is another
   * player choosing: not read (CW6005 at the words).
   */
  useOwnChoice(obj: Ast.NounPhrase | undefined, actor: PlayersRef): void {
    const ofChoice = obj?.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "of" && npWords(f.object).join(" ") === "choice");
    if (!ofChoice) return;
    const dets = npDeterminers(ofChoice.object);
    if ((dets.includes("your") && actor.kind === "you") || (dets.includes("their") && actor.kind !== "you")) {
      this.use(ofChoice);
      this.carryOwner(ofChoice);
    }
  }
  /** The verb of `destroyed this way`, `discarded this way`, `sacrificed this way` (a participle with `this way` and no subject). */
  thisWayVerb(participle: Ast.Clause | undefined): ThisWayVerb | undefined {
    if (!participle || participle.subject || !isThisWay(participle.object)) return undefined;
    const lemma = participle.verb?.lemma;
    // A structural verb's lemma ("destroyed" → destroy); a content verb the lexer keeps a word is read by its participle
    // ("exhausted").
    const verb = (Object.keys(THIS_WAY_LABELS) as ThisWayVerb[]).find((verb) => lemma === verb || lemma === participleOf(verb));
    // "Deal 3 damage to target creature. If it is destroyed this way, ...": with no destroy step before it, what the
    // damage step destroyed — as "if it dies this way".
    return verb === "destroy" && !this.thisWaySteps.has("destroy") && this.thisWaySteps.has("die") ? "die" : verb;
  }
  /**
   * "Deal 3 damage to target unit. If it dies, …" · "Destroy target creature. If that creature is destroyed, …": the card
   * named before, right after a step of this ability that can destroy it, dying or destroyed with no "this way" — it can
   * only mean by that step (was CW6001 "condition not understood", run as always true). Only the card named ("it",
   * "that unit"): "If a unit dies, …" is no such reference. Undefined where no such step comes before.
   */
  /** "it" or "that <card noun>": the card named before, as a "this way" condition's subject names it. */
  namesCardBefore(np: Ast.NounPhrase): boolean {
    const dets = npDeterminers(np);
    const words = npWords(np);
    return (dets.length === 1 && dets[0] === "it" && words.length === 0) || (dets.length === 1 && dets[0] === "that" && words.length > 0 && words.every((w) => this.cardNoun(w)));
  }
  diesAfterStep(clause: Ast.Clause): ThisWayVerb | undefined {
    if (clause.object || clause.tail.length || clause.complement || !clause.subject) return undefined;
    const lemma = clause.verb?.lemma;
    const passiveDestroy = clause.be && (lemma === "destroy" || lemma === participleOf("destroy"));
    if (lemma !== "die" && !passiveDestroy) return undefined;
    if (!this.namesCardBefore(clause.subject)) return undefined;
    const verb: ThisWayVerb = passiveDestroy && this.thisWaySteps.has("destroy") ? "destroy" : "die";
    if (this.thisWaySteps.has(verb)) return verb;
    // A sentence of its own ("Deal 3 damage to target unit. If it dies, …"): it goes on with the sentence before, whose
    // step it reads (read again so); with no such step there either, it stays a condition the engine does not understand.
    this.unmeasured.push(clause.range);
    return undefined;
  }
  /** The card types the cards a step took all have (a destroy's, exhaust's or return's target or cards; a sacrifice's or discard's kind of card). */
  takenTypes(step: Step): readonly string[] | undefined {
    if (step.op === "sacrifice") return step.selector.cardTypes;
    if (step.op === "discard") return step.filter?.cardTypes;
    if (step.op === "create_token") return [step.token.cardType];
    if (step.op !== "destroy" && step.op !== "exhaust" && step.op !== "move" && step.op !== "damage" && step.op !== "modify") return undefined;
    const what = step.op === "damage" ? step.to : step.op === "modify" ? step.on : step.what;
    if (what.kind === "targets") {
      // "up to two target creatures": every target's kind, when they are all one.
      const kinds = what.indexes.map((i) => JSON.stringify(this.targets[i]?.cards?.cardTypes));
      return kinds.length && kinds.every((k) => k === kinds[0]) ? this.targets[what.indexes[0]!]?.cards?.cardTypes : undefined;
    }
    const spec = what.kind === "card" && what.ref.kind === "target" ? this.targets[what.ref.index] : what.kind === "target" ? this.targets[what.index] : undefined;
    return what.kind === "cards" ? what.selector.cardTypes : spec?.cards?.cardTypes;
  }
  /** The cards a "this way" step takes, as one selector ("each enemy unit"): undefined for a target or anything else. */
  takenSelector(step: Step): CardSelector | undefined {
    if (step.op === "sacrifice") return step.selector;
    if (step.op !== "destroy" && step.op !== "exhaust" && step.op !== "move" && step.op !== "damage" && step.op !== "modify") return undefined;
    const what = step.op === "damage" ? step.to : step.op === "modify" ? step.on : step.what;
    return what.kind === "cards" ? what.selector : undefined;
  }
  /** The steps of this ability that "this way" can read, for a note ("it destroys in 1 step"), or what can be. */
  /** The game's own name of its graveyard ("Discard Pile" in CYBERVAMP): what a message's example writes. */
  graveyardName(): string {
    return this.vocab.zoneOfRole("graveyard") ?? "Graveyard";
  }

  thisWayStepsNamed(): string {
    // "deal" is named with "die" ("Deal ... damage" or "... gets -N/-N"); "Erase ..." / "Mill ..." only in a game with such a
    // keyword action (a mill written out where there is none: "Put the top ... into your Discard Pile").
    const named = (Object.keys(THIS_WAY_LABELS) as ThisWayVerb[]).filter((v) => v !== "deal" && (v !== "erase" || this.hasKeywordRule(v))).map((v) => `"${this.thisWayStepOf(v)}"`);
    return `"this way" reads what a ${named.join(", ")} before it in the same ability took (a creature its damage or a -N/-N "dies this way")`;
  }
  /** Has the game a keyword action whose rule takes the cards of a verb's "this way" (an "Erase", a "Mill")? */
  hasKeywordRule(verb: ThisWayVerb): boolean {
    const rules = THIS_WAY_RULES[verb];
    return !!rules && [...this.vocab.keywords.values()].some((k) => rules.includes(k.rule ?? ""));
  }
  /** How a note names the step a verb's "this way" reads, in this game's words (thisWayStep; a mill written out where the game has no Mill). */
  thisWayStepOf(verb: ThisWayVerb): string {
    return verb === "mill" && !this.hasKeywordRule(verb) ? `Put the top ... into your ${this.graveyardName()}` : thisWayStep(verb);
  }
  /** A step of a verb whose "this way" is read, in this game's words (the suggestion of a note). */
  thisWayExample(verb: ThisWayVerb): string {
    if (verb === "mill" && !this.hasKeywordRule(verb)) return `put the top three cards of your ${this.vocab.zoneOfRole("deck") ?? "deck"} into your ${this.graveyardName()}`;
    return THIS_WAY_EXAMPLES[verb].replace("<graveyard>", this.graveyardName());
  }
  /**
   * "If that creature is destroyed this way", "if it was sacrificed this way", "if a card was discarded this way": the
   * card named before (or any card, after "a"/"any") is among those the step of that verb before it really took. Undefined:
   * not such a clause; null: one the engine cannot read (no such step before it, two of them, "two or more ..."), noted.
   */
  thisWayCondition(clause: Ast.Clause): Condition | null | undefined {
    // "Target creature gets -3/-3 until end of turn. If it survives, …" · "Deal 3 damage to target creature. If that
    // creature survives, …": the card named before did not die this way (was CW6001 "condition not understood").
    if (/^surviv(?:e|es|ed)$/i.test(clause.verb?.lemma ?? "") && !clause.be && !clause.modal && clause.subject && this.namesCardBefore(clause.subject)) {
      const dies = this.thisWayCondition({ ...clause, verb: { ...clause.verb!, lemma: "die" } });
      return dies ? { kind: "not", condition: dies } : dies;
    }
    // "Deal 2 damage to target unit. If it isn't destroyed, ...": read as "is destroyed", negated (as "wasn't" is, in
    // conditionFor) — the negation was dropped ("if it died this way", silently).
    if (clause.be && /^(?:(?:isn|aren)['’]t|(?:is|are)[ \t]+not)$/i.test(clause.be.text) && clause.verb) {
      const read = this.thisWayCondition({ ...clause, be: { ...clause.be, text: /^are/i.test(clause.be.text) ? "are" : "is" } });
      if (read) this.ledger.carry(clause.be);
      return read ? negation(read) : read;
    }
    // "if it was destroyed this way" (a passive) · "if it dies this way" / "if that creature died this way"
    const verb = (clause.be || clause.verb?.lemma === "die") && !clause.modal ? (this.thisWayVerb({ ...clause, subject: undefined }) ?? this.diesAfterStep(clause)) : undefined;
    const subject = clause.subject;
    if (!verb || !subject) return undefined;
    const done = this.thisWaySteps.get(verb);
    const dets = npDeterminers(subject);
    const words = npWords(subject);
    const named = this.namesCardBefore(subject);
    // "if a card was discarded this way", or the one card type that step takes ("if a creature was sacrificed this way").
    const type = words.length === 1 ? (lookup(this.vocab.cardTypes, words[0]!) ?? lookup(this.vocab.cardTypes, words[0]!.replace(/s$/, ""))) : undefined;
    const takenType = done && type !== undefined && this.takenTypes(done.last)?.length === 1 && this.takenTypes(done.last)![0] === type;
    // "if a counter was removed this way": the remove step's record is counters, every other's cards.
    const noun = verb === "remove" ? /^counters?$/.test(words[0] ?? "") : /^(cards?|permanents?)$/.test(words[0] ?? "") || takenType;
    const anyDet = dets.length === 1 && ["a", "an", "any"].includes(dets[0]!);
    // "If an enemy unit died this way" after "Deal 2 damage to each enemy unit": a kind every card the step took is of
    // (the subject's selector says no more than the step's) is "a card" (it was CW6001).
    const stepSelector = anyDet && !noun && done?.count === 1 ? this.takenSelector(done.last) : undefined;
    const subjectSelector = stepSelector && words.length ? this.selector(subject) : undefined;
    const implied = !!subjectSelector && Object.entries(subjectSelector).every(([k, v]) => k === "zones" || v === undefined || JSON.stringify(v) === JSON.stringify((stepSelector as Record<string, unknown>)[k]));
    const any = anyDet && ((words.length === 1 && noun && !subject.filters.length) || implied);
    // "If a Knight died this way" after "Deal 2 damage to each unit", "if a Red card was discarded this way": some card the
    // step took of that kind — by what it is as printed (types, subtypes, colours, name) or its stat and counters as it last
    // was in play (IR done_this_way `selector`). Who controlled it, or a state it had, is not kept: still noted below.
    const kindOf = !any && !named && anyDet && !noun && words.length > 0 && done?.count === 1 && verb !== "remove" ? (subjectSelector ?? this.selector(subject)) : undefined;
    const { zones: _kindZones, ...kind } = kindOf ?? {};
    const kindRead = kindOf && Object.keys(kind).length > 0 && Object.keys(kind).every((k) => THIS_WAY_KIND_FIELDS.has(k)) ? (kind as CardSelector) : undefined;
    if (kindRead) {
      // The selector marked the words it keeps: "If a legendary creature wasn't sacrificed this way" is reported at
      // "legendary", not read as any creature.
      this.use(clause.verb, clause.be, clause.object, subject.determiners);
      return { kind: "done_this_way", label: THIS_WAY_LABELS[verb], selector: kindRead };
    }
    if (done?.count !== 1 || (!named && !any) || (named && verb === "remove")) {
      // A spell's sentence of its own ("Destroy target creature. If it was destroyed this way, ..."): it goes on with the
      // sentence before, whose step it reads.
      if (!done) this.unmeasured.push(clause.range);
      this.note(clause.range, `"${this.slice(clause.range)}": ${done?.count !== 1 ? (done ? `this ability does "${this.thisWayStepOf(verb)}" in ${done.count} steps, and "this way" would not say which` : `nothing before it in this ability is a "${this.thisWayStepOf(verb)}" (${this.thisWayStepsNamed()})`) : verb === "remove" ? `the engine reads "if a counter was removed this way"` : verb === "die" ? `the engine reads "if it died this way" (the card named before), "if a card died this way" or a kind of card, by what it is as printed ("if a Knight died this way", "if a Red unit died this way"; "an enemy unit" only after a step that took only enemy units: "Deal 2 damage to each enemy unit")` : `the engine reads "if it was ${participleOf(verb)} this way" (the card named before) or "if a card was ${participleOf(verb)} this way"`}`);
      return null;
    }
    this.use(clause.verb, clause.be, clause.object, subject.determiners);
    if (named) {
      if (words.length) this.useSelfNouns(subject);
      const ref: CardRef = dets[0] === "that" ? (this.lastCard ?? this.thatCard(subject) ?? { kind: "it" }) : (this.lastCard ?? { kind: "it" });
      return { kind: "done_this_way", label: THIS_WAY_LABELS[verb], of: ref };
    }
    // "a card" (its noun), or a kind every card the step took is of (the selector marked what it read).
    this.use(subject.determiners, subjectSelector ? [] : subject.items);
    return { kind: "done_this_way", label: THIS_WAY_LABELS[verb] };
  }
  /**
   * "If a player was dealt damage this way, they ...", "if that creature was dealt damage this way", "if it was dealt
   * damage this way": the one card or player named is among those the damage step before it in this ability really dealt
   * damage to (THIS_WAY_LABELS.deal: more than 0, none prevented). A player is the one the damage step's one slot holds —
   * its target player (a "target creature or player" slot holding a player), or the one player it names — and "they" in
   * the clause is that player (dealtThisWayPlayer, read before the clause). Undefined: not such a clause; null: one the
   * engine cannot read (no damage step before it, two, a player the damage step does not name one of), noted.
   */
  dealtThisWayCondition(clause: Ast.Clause): Condition | null | undefined {
    if (!isDealtThisWay(clause) || !clause.subject) return undefined;
    const subject = clause.subject;
    const done = this.thisWaySteps.get("deal");
    const written = this.slice(clause.range);
    if (done?.count !== 1) {
      // A spell's sentence of its own ("Deal 3 damage to target creature or player. If a player was dealt damage this
      // way, ..."): it goes on with the sentence before, whose damage step it reads.
      if (!done) this.unmeasured.push(clause.range);
      this.note(clause.range, `"${written}": ${done ? `this ability deals damage in ${done.count} steps, and "this way" would not say which` : `nothing before it in this ability deals damage ("Deal 3 damage to target creature or player. If a player was dealt damage this way, they gain 1 Bleed counter.")`}`);
      return null;
    }
    this.use(clause.be, clause.verb, clause.object, clause.complement);
    if (isPlayerPhrase(subject)) {
      const who = this.dealtThisWayPlayer(clause);
      if (!who) {
        const to = done.last.op === "damage" ? done.last.to : undefined;
        const either = to?.kind === "target" && this.targets[to.index]?.accepts !== "card";
        this.note(subject.range, `"${written}": the engine reads the one player the damage before it is dealt to ("Deal 3 damage to target creature or player. If a player was dealt damage this way, ..."); ${either ? `that target may be either player: write "a player" (the one it was dealt to), or target an opponent ("target opponent")` : `this damage names ${to?.kind === "player" && (to.ref.kind === "each_player" || to.ref.kind === "each_opponent") ? "several players" : to?.kind === "player" ? `no opponent only: write "a player"` : "no player"}`}`);
        return null;
      }
      this.use(subject);
      // "If a player was dealt damage this way, they gain 1 Bleed counter.": "they" is that player (the condition of a
      // sentence is read before its clause; a trailing one is read ahead, in clause()).
      this.lastPlayers = who;
      return { kind: "done_this_way", label: THIS_WAY_LABELS.deal, who };
    }
    // "if it was dealt damage this way", "if that creature was dealt damage this way": the card named before.
    const dets = npDeterminers(subject);
    const words = npWords(subject);
    const named = !subject.filters.length && this.namesCardBefore(subject);
    if (!named) {
      this.note(subject.range, `"${written}": the engine reads "if it was dealt damage this way" (the card named before), "if that creature was dealt damage this way" or "if a player was dealt damage this way"`);
      return null;
    }
    this.use(subject.determiners);
    if (words.length) this.useSelfNouns(subject);
    const ref: CardRef = dets[0] === "that" ? (this.lastCard ?? this.thatCard(subject) ?? { kind: "it" }) : (this.lastCard ?? { kind: "it" });
    return { kind: "done_this_way", label: THIS_WAY_LABELS.deal, of: ref };
  }
  /**
   * The player "a player" / "that player" / "an opponent" in "If a player was dealt damage this way" names: the one player
   * the damage step before it can be dealt to — its one target slot that may hold a player ("target creature or player",
   * "target player", "any target"; an opponent only where the slot holds opponents only), or the one player it names
   * ("Deal 2 damage to each creature and your opponent"). Read without notes (the clause's "they" is this player too).
   */
  dealtThisWayPlayer(clause: Ast.Clause): PlayerRef | undefined {
    const done = this.thisWaySteps.get("deal");
    if (!isDealtThisWay(clause) || !clause.subject || !isPlayerPhrase(clause.subject) || done?.count !== 1 || done.last.op !== "damage") return undefined;
    const words = npWords(clause.subject);
    const dets = npDeterminers(clause.subject);
    if (clause.subject.filters.length || words.length !== 1 || !dets.every((d) => ["a", "an", "that", "the"].includes(d)) || dets.length !== 1) return undefined;
    const opponentOnly = /^opponents?$/.test(words[0]!);
    if (!opponentOnly && words[0] !== "player") return undefined;
    const to = done.last.to;
    if (to.kind === "target") {
      const spec = this.targets[to.index];
      if (!spec || spec.accepts === "card" || (opponentOnly && spec.players !== "opponent")) return undefined;
      return { kind: "target", index: to.index };
    }
    if (to.kind !== "player" || to.ref.kind === "each_player" || to.ref.kind === "each_opponent") return undefined;
    const ref = to.ref;
    // "Deal 2 damage to target opponent. If an opponent was dealt damage this way, ...": the slot holds opponents only.
    if (opponentOnly && ref.kind !== "opponent" && !(ref.kind === "target" && this.targets[ref.index]?.players === "opponent")) return undefined;
    return ref;
  }
  /**
   * The amount of the event the ability follows (its trigger's or the event it replaces), for "that much" / "that many"
   * with nothing before them in the ability. An ability with no event that carries one (a spell, "When this enters play")
   * would read 0: CW6021 at the words — unless a spell's sentence goes on with the ability before it (`unmeasured`).
   */
  eventAmount(np: Ast.NounPhrase): NumberExpr {
    if (this.eventKind === undefined || TRIGGER_EVENTS[this.eventKind].amount === undefined) {
      const words = this.slice(np.range);
      const event = this.eventKind === undefined ? "it follows no event" : `its event ("${this.eventText}") carries none`;
      this.unmeasured.push(np.range);
      this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6021", args: { words, event }, message: `"${words}" names no amount: ${event}` });
    }
    return { kind: "event_amount" };
  }
  /**
   * "half their life", "equal to your life total": the life total of the player the possessive names (`your`, `their`). As
   * the amount of life gained or lost (`total` false) only with a multiplier before it ("loses their life" says no amount).
   * Undefined for any other phrase.
   */
  lifeTotal(np: Ast.NounPhrase, total = false): NumberExpr | undefined {
    const words = npWords(np);
    const owners = npDeterminers(np).filter((d) => d !== "half" && MULTIPLIERS[d] === undefined);
    if (!(words[0] === "life" && (words.length === 1 || (words.length === 2 && words[1] === "total"))) || owners.length !== 1 || !["your", "their"].includes(owners[0]!) || np.filters.length) return undefined;
    if (!total && !np.determiners.some((d) => d.kind === "determiner" && (d.lemma === "half" || MULTIPLIERS[d.lemma] !== undefined))) return undefined;
    const of = owners[0] === "their" ? this.theirs(np) : ({ kind: "you" } as const);
    if (!of) return undefined;
    this.useDeterminers(np, owners[0]!);
    this.useWords(np, "life", "total");
    return { kind: "life", of };
  }
  /** "that many": the counters removed before, the cards acted on before, else the event's amount. */
  thatMany(np: Ast.NounPhrase): NumberExpr {
    return this.manyRemoved ? { kind: "chosen_count", label: THIS_WAY_LABELS.remove } : this.actedOnCards ? { kind: "chosen_count", label: "it" } : this.eventAmount(np);
  }
  /** "that much life plus 1", "that many minus one": a number after `plus` adds to the amount, after `minus` takes away. */
  plusAfter(np: Ast.NounPhrase, base: NumberExpr): NumberExpr {
    const at = np.items.findIndex((i) => i.kind === "word" && (lower(i.text) === "plus" || lower(i.text) === "minus"));
    const added = at >= 0 ? np.items[at + 1] : undefined;
    if (!added || added.kind !== "count" || added.value === undefined) return base;
    this.use(np.items[at], added);
    return { kind: "plus", of: base, add: lower((np.items[at] as Ast.WordNode).text) === "minus" ? -added.value : added.value };
  }
  /** "the number of cards in your Oblivion", "its power", "the number of units you control", "twice its power". */
  numberPhrase(np: Ast.NounPhrase): NumberExpr {
    return this.times(np, this.plainNumberPhrase(np));
  }
  plainNumberPhrase(np: Ast.NounPhrase): NumberExpr {
    const words = npWords(np);
    const dealt = this.damageDealt(np) ?? this.lifeThisWay(np) ?? this.damagePrevented(np);
    if (dealt) return dealt;
    if (words[0] === "number" || npDeterminers(np).includes("the") && words.includes("number")) {
      const ofPrep = np.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
      // "the number of cards destroyed this way"
      const destroyed = ofPrep ? this.destroyedThisWay(ofPrep.object) : undefined;
      if (destroyed !== undefined) {
        this.use(np);
        return destroyed;
      }
      // "the number of Bleed counters on you": a player's counters, not a count of cards.
      const ofWords = npWords(ofPrep?.object);
      const counter = ofWords.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
      this.useWords(np, "number");
      this.useDeterminers(np, "the");
      if (ofPrep && counter && (ofWords.includes("counter") || ofWords.includes("counters"))) {
        this.use(ofPrep.object.items);
        const counted: Ast.NounPhrase = { ...ofPrep.object, filters: [...ofPrep.object.filters, ...np.filters] };
        // "the number of power counters on this", "... on target unit": a card's counters, as "for each power counter on
        // this" counts them (countOfEach). Was read as the player's ("on you"), the card unread (CW6005).
        return this.countersOnCards(counted, counter) ?? { kind: "counters", of: { player: this.counterOwner(counted) }, counter };
      }
      if (ofPrep) {
        const known = this.emptySlots(ofPrep.object) ?? this.resourceHeld(ofPrep.object) ?? this.playersCounted(ofPrep.object) ?? this.destroyedThisTurnCount(ofPrep.object) ?? this.playedThisTurnCount(ofPrep.object);
        if (known !== undefined) return known;
        const of = this.selector(ofPrep.object);
        // "the number of times you attacked this turn": no card noun the selector read — it would count every card in play.
        if (!Object.keys(of).length && !npWords(ofPrep.object).some((w) => /^(?:cards?|permanents?)$/.test(w))) {
          this.note(np.range, `the engine has no value for "${this.slice(np.range)}", so it cannot run this (it would count every card)`);
          this.use(ofPrep.object);
          return 0;
        }
        return { kind: "count", of };
      }
    }
    const stat = words.find((w) => this.vocab.game.stats.includes(w));
    const total = stat ? this.statTotal(np, stat) : undefined;
    if (total) return total;
    if (stat) {
      this.useWords(np, stat);
      // "the power of target unit": the one card's stat, as "its power" is.
      this.useDeterminers(np, "its", "it", "the");
      // "equal to target creature's power", "the power of target unit you control": the card the phrase names (a target
      // here, a chosen card, this); "Destroy target creature. You gain life equal to its power.": the card named before, else the event's.
      const named = this.statCard(np);
      if (named === null) return 0;
      // "Sacrifice a creature: Deal damage equal to its power to any target.": "its" the card just taken (takenReference).
      const took = named === undefined && npDeterminers(np).includes("its") ? (this.took ?? this.paidTook) : undefined;
      const taken = took && !this.namedSince(took, np) ? this.takenPronoun(took, np, "its") : undefined;
      if (named === undefined && !took && npDeterminers(np).includes("its") && this.paidPronoun(np, "its")) return 0;
      const whose = named ?? taken ?? this.lastCard ?? { kind: "it" };
      return whose.kind === "self" ? this.ownStat(stat, np.range) : { kind: "stat", of: whose, stat };
    }
    // "their Bleed counters" / "the number of Bleed counters on you": a player's counters.
    const counter = words.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
    if (counter && (words.includes("counter") || words.includes("counters"))) {
      this.use(np.items);
      return { kind: "counters", of: { player: this.counterOwner(np) }, counter };
    }
    const life = this.lifeTotal(np, true);
    if (life) return life;
    const c = npCount(np);
    if (c) return this.count(c);
    // No reader knows the value ("the discarded card's cost", "target creature's cost"): said, and nothing of the sentence
    // runs. It ran as 0 under a CW6005 at the words ("gains 0 life"), a misreading a warning only half said.
    // (A reader that already said why, at these words, is the one note: "the damage prevented this way" after a "Prevent …".)
    if (!this.notedAt(np.range)) this.note(np.range, `the engine has no value for "${this.slice(np.range)}", so it cannot run this (it would be 0)`);
    return 0;
  }
  /**
   * This card's own stat ("with less power than this", "equal to this creature's attack"). A card with no such stat (a
   * Spell's "than this", a Weapon's defense) has nothing to read — the engine would take 0, so the text would compare
   * with or count nothing: CW6020 at the words.
   */
  ownStat(stat: string, range: Range): NumberExpr {
    const own = this.own;
    if (own && !own.stats.includes(stat)) {
      const words = this.slice(range);
      this.notes.push({ file: this.file, range: plainRange(range), code: "CW6020", args: { type: own.type || "card", stat, words }, message: `this ${own.type || "card"} has no ${stat}: "${words}"` });
    }
    return { kind: "stat", of: { kind: "self" }, stat };
  }
  /**
   * The card whose stat a number phrase reads: "target creature's power" (the words before the possessive), "the power of
   * target unit you control" (the "of" phrase), "this creature's power". Undefined when the phrase names no card ("its
   * power": the card named before); null when it names several (a note: one card's stat is one number).
   */
  statCard(np: Ast.NounPhrase): CardRef | null | undefined {
    const of = np.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
    const possessed = this.possessiveCard(np);
    if (possessed !== undefined || !of) return possessed;
    return this.oneCard(of.object, np);
  }

  /**
   * The card a possessive names: "target creature's power", "the attacking creature's controller", "this unit's power"
   * (the words before the possessive, read as any card phrase). Undefined when no card is possessed ("its controller").
   */
  possessiveCard(np: Ast.NounPhrase): CardRef | null | undefined {
    const at = np.items.findIndex((i) => i.kind === "word" && possessiveStem(i.text) !== undefined && !/^(controller|owner)s?$/.test(possessiveStem(i.text)!));
    if (at < 0) return undefined;
    const word = np.items[at] as Ast.WordNode;
    const stem = possessiveStem(word.text)!;
    const noun: Ast.WordNode = { ...word, text: stem, lemma: singular(stem) };
    const card: Ast.NounPhrase = { ...np, determiners: np.determiners.filter((d) => d.kind !== "determiner" || (d.lemma !== "its" && d.lemma !== "it")), items: [...np.items.slice(0, at), noun], filters: [] };
    return this.oneCard(card, np);
  }

  /** One card a phrase names (a target, a chosen card, this, it), or a note when it names several. */
  oneCard(card: Ast.NounPhrase, whole: Ast.NounPhrase, read: Affected = this.affected(card)): CardRef | null {
    if (read.kind === "card") return read.ref;
    if (read.kind === "target") {
      this.targets[read.index]!.text = this.targets[read.index]!.text.replace(/['’]s?$/, "");
      return { kind: "target", index: read.index };
    }
    this.note(card.range, `"${this.slice(card.range)}" names more than one card: "${this.slice(whole.range)}" is one card's ("target creature's", "its")`);
    return null;
  }

  /** Whose counters a phrase means: "their" → the event's player, "your"/"on you" → you, "target player" → a target. */
  counterOwner(np: Ast.NounPhrase): PlayerRef {
    const on = np.filters.find((f) => f.kind === "prep" && (f.prep === "on" || f.prep === "from")) as Ast.PrepPhrase | undefined;
    // "Bleed counters your opponent has" · "... target opponent has" · "... you have": the player who has them.
    const has = np.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && !f.that && f.clause.verb?.lemma === "have" && !!f.clause.subject && !f.clause.object && !f.clause.tail.length);
    if (has && !on) {
      const who = has.clause.subject!;
      const ref = this.playerPhrase(who);
      if (!ref && !(npWords(who).length === 0 && npDeterminers(who).join() === "you")) return { kind: "you" };
      this.use(has.clause.verb);
      if (!ref) this.use(who);
      return this.onePlayer(ref ?? { kind: "you" }, who.range);
    }
    if (on) {
      const ref = this.playerPhrase(on.object);
      if (!ref && npWords(on.object).concat(npDeterminers(on.object)).every((w) => w === "you")) this.use(on.object);
      return this.onePlayer(ref ?? { kind: "you" }, on.object.range);
    }
    const dets = npDeterminers(np);
    if (dets.includes("their")) {
      this.useDeterminers(np, "their");
      return this.theirs(np) ?? { kind: "you" };
    }
    this.useDeterminers(np, "your");
    return { kind: "you" };
  }

  // --- noun phrases ---------------------------------------------------------------------------
  /**
   * "Facets you have", "the number of Facets an opponent has": the cards of a zone named by its head noun (a Facet is a
   * card in the Facet Zone) that a player has are the ones they control there — read as "you control" is. Any other
   * relative clause is left as it is.
   */
  private havingAsControl(f: Ast.NounFilter, sel: CardSelector, np?: Ast.NounPhrase): Ast.NounFilter {
    if (f.kind !== "relative" || f.that || f.clause.verb?.lemma !== "have" || !f.clause.subject || f.clause.object || f.clause.tail.length || f.clause.modal) return f;
    // "each card you have in hand", "cards that player has in hand": a zone written after it, with no owner of its own
    // ("in hand"), is the zone the player has them in (was CW6005 at the player: every hand counted).
    const zoneAfter = np?.filters.find((g): g is Ast.PrepPhrase => g.kind === "prep" && g.prep === "in" && !npDeterminers(g.object).length && !g.object.filters.length && !!this.zoneIn(g.object));
    const zones = sel.zones?.length ? sel.zones : zoneAfter ? [this.zoneIn(zoneAfter.object)!] : undefined;
    // Only where a noun heads the zone's name (selector() read "Facet" as a card in the Facet Zone) and not in play.
    if (!zones?.length || zones.includes(this.vocab.zoneOfRole("battlefield") ?? "")) return f;
    const who = f.clause.subject;
    if (!isPlayerPhrase(who)) return f;
    return { kind: "controlledBy", controller: who, verb: { ...f.clause.verb, lemma: "control" }, range: f.range };
  }

  /** The zone whose name a noun heads ("Facet", "Facets": the "Facet Zone"), unless the noun is a card type, colour, subtype or keyword. */
  zoneOfHeadNoun(w: string): string | undefined {
    if (lookup(this.vocab.cardTypes, w) || lookup(this.vocab.colors, w) || lookup(this.vocab.subtypes, w) || this.vocab.keywords.has(w)) return undefined;
    return [...this.vocab.zones.values()].find((z) => {
      const head = z.toLowerCase().split(/\s+/);
      return head.length > 1 && (head[0] === w || `${head[0]}s` === w);
    });
  }

  /** A card selector from a noun phrase ("each enemy unit", "a Unit card from your Graveyard"). */
  selector(np: Ast.NounPhrase): CardSelector {
    const alternatives = this.alternativesWithOwnWords(np);
    if (alternatives) return alternatives;
    this.noteSlotPosition(np);
    // "a unit named Scout", "each card named Stone Guard", 'a card named "Quick Bolt"': the words after "named" are a card's
    // name (the checker looks them up: CW2007), read apart from the rest of the phrase.
    const name = cardNameAfterNamed(np);
    if (name) {
      this.use(name.nodes);
      return { ...this.selector({ ...np, items: np.items.slice(0, name.at) }), names: [name.name] };
    }
    const sel: CardSelector = {};
    let keywordAlternatives: string[] | undefined;
    const dets = npDeterminers(np);
    if (dets.includes("another") || dets.includes("other")) sel.other = true;
    // "your Weapon", "your units": yours (in play: that you control; elsewhere: that you own).
    if (dets.includes("your")) {
      sel.controller = "you";
      this.useDeterminers(np, "your");
    }
    this.useDeterminers(np, "another", "other", "each", "all", "any");
    const words = npWords(np);
    // Each word below that sets a field of the selector is carried; "card(s)" is any card (no field).
    const wordNodes = np.items.filter((i): i is Ast.WordNode => i.kind === "word");
    const mark = (w: string) => this.ledger.carry(wordNodes.filter((n) => lower(n.text) === w));
    // "the creatures", "the opponent's units": all of them, as "each" reads them. "The creature" names one card, not a kind
    // of card: its "the" stays unread here ("Whenever the creature attacks" is reported, not run as "a creature").
    const head = wordNodes.at(-1);
    if (dets.includes("the") && (words.some((w) => possessiveStem(w) !== undefined) || (head && singular(head.text) !== lower(head.text)))) this.useDeterminers(np, "the");
    for (const w of words) {
      const before = selectorWordFields(sel);
      if (w === "card" || w === "cards") mark(w);
      const type = lookup(this.vocab.cardTypes, w);
      if (type) (sel.cardTypes ??= []).push(type);
      else if (lookup(this.vocab.colors, w)) (sel.colors ??= []).push(lookup(this.vocab.colors, w)!);
      else if (lookup(this.vocab.subtypes, w)) (sel.subtypes ??= []).push(lookup(this.vocab.subtypes, w)!);
      else if (w === "enemy" || w === "enemies" || w === "opposing") {
        // "your enemies": the enemies of yours — the opponent's.
        mark(w);
        sel.controller = "opponent";
      } else if (w === "friendly" || w === "ally" || w === "allies" || w === "allied") {
        // "your allies": "your" and "allies" say the same; both are read.
        if (sel.controller !== "opponent") mark(w);
        sel.controller = "you";
        // An ally of a card in play is another card of its side, never itself (Three-Slot Duel: a defender "walls the
        // opponent's next attack so weaker allies stay safe", its glossary "protect your other units"): "Whenever an ally
        // dies" on Grave Pact does not fire on its own death (docs/games/duel.md). On a card never in play (a Spell)
        // there is no self to leave out: "for each of your allies" counts every unit.
        if ((w === "ally" || w === "allies") && this.own?.permanent) sel.other = true;
      }
      else if (w === "other") sel.other = true;
      else if (w === "token" || w === "tokens") sel.tokens = "only";
      else if (w === "nontoken" || w === "non-token") sel.tokens = "exclude";
      else if (possessiveStem(w) !== undefined) {
        // "the opponent's units", "each player's units": whose cards.
        const stem = possessiveStem(w)!;
        if (stem.startsWith("opponent")) sel.controller = "opponent";
        else if (stem === "player" || stem === "players") sel.controller = "any";
      } else if (/^non-?./.test(w) && this.exclusion(w.replace(/^non-?/, ""))) (sel.exclude ??= []).push(this.exclusion(w.replace(/^non-?/, ""))!);
      else if (readinessOf(w) !== undefined) Object.assign(sel, readinessSelector(w));
      else if (w === "attacking") sel.attacking = true;
      else if (w === "blocking") Object.assign(sel, this.blockingInTrigger("blocked") ?? { blocking: true });
      // "Whenever this blocks, deal 1 damage to each blocked creature": the creatures this one blocks.
      else if (w === "blocked" && this.blockingInTrigger("blocks")) Object.assign(sel, this.blockingInTrigger("blocks"));
      // "defending units": defenders where units block by becoming defenders (Three-Slot Duel), else blocking cards.
      else if (w === "defending" && this.hasDefenders()) sel.defender = true;
      else if (w === "defending") sel.blocking = true;
      else if ((w === "defender" || w === "defenders") && this.hasDefenders()) sel.defender = true;
      else if (w === "turned" && words[words.indexOf(w) - 1] === "newly" && this.vocab.game.params["newly_turned_types"] !== undefined) {
        sel.newlyTurned = true;
        mark("newly");
      }
      else if (this.vocab.keywords.get(w)?.kind === "ability") sel.keyword = this.vocab.keywords.get(w)!.name;
      if (selectorWordFields(sel) !== before) mark(w);
    }
    // "a creature spell", "a Unit spell": a card of that type being played — "spell" the card on its way, not a second type
    // (it read as "a Creature or Spell": any spell fired "Whenever you play a creature spell"; probe s42 F7).
    const headWord = words.at(-1);
    const spellType = headWord ? lookup(this.vocab.cardTypes, headWord) : undefined;
    // "a Unit or Spell", "a creature or spell": the word joined by "or" is an alternative of its own, read as written.
    const joinedToBefore = /^(?:or|and|and\/or)$/.test(words.at(-2) ?? "");
    if (spellType && !joinedToBefore && sel.cardTypes && sel.cardTypes.length > 1 && /^spells?$/.test(headWord!) && !this.vocab.game.cardTypes.find((t) => t.name === spellType)?.permanent) {
      const kinds = sel.cardTypes.filter((t) => t !== spellType);
      if (kinds.every((t) => this.vocab.game.cardTypes.find((c) => c.name === t)?.permanent)) sel.cardTypes = kinds;
    }
    // A noun that is the head of a zone's name means a card in that zone: "target Facet" is a card
    // in the "Facet Zone" (the game file's own words; a card type, colour or subtype wins).
    for (const w of words) {
      const zone = this.zoneOfHeadNoun(w);
      if (zone) {
        sel.zones = [zone];
        mark(w);
      }
    }
    this.noteMixedAlternatives(np);
    if ((words.includes("ally") || words.includes("allies")) && !sel.cardTypes) {
      const permanent = unitType(this.vocab.game);
      if (permanent) sel.cardTypes = [permanent.name];
    }
    // "with Haste from your Discard Pile", "without Haste in your hand": what follows the keyword is hung on it, but it is the card's.
    const nested = np.filters.flatMap((f) => (f.kind === "prep" && (f.prep === "with" || f.prep === "without") ? f.object.filters : []));
    // "a creature card in your Discard Pile with power 2 or less": the parser hangs what follows the zone on the zone's
    // name, but a zone has no power — it describes the card (useZoneWords leaves it to this reader).
    const afterZone = np.filters.flatMap((f) => (f.kind === "prep" && (f.prep === "in" || f.prep === "from") ? f.object.filters.filter(describesCard) : []));
    // "each creature blocked by this with 2 or less attack": the parser hangs what follows "this" on it, but it describes the creature.
    const afterCombat = np.filters.flatMap((f) => (f.kind === "relative" ? (this.blockRelation(f.clause, f.that)?.after ?? []) : []));
    for (const f of [...np.filters.map((f) => this.havingAsControl(f, sel, np)), ...nested, ...afterZone, ...afterCombat]) {
      // "each Vampire and each creature with power 1 or less": a last phrase of a card type takes in the ones before it —
      // said of both, the first would add nothing; the last only.
      const unclearWith = UNCLEAR_WITH_REACH.get(f);
      if (unclearWith && !npWords(np).every((w) => lookup(this.vocab.cardTypes, w) || /^(?:cards?|permanents?)$/.test(w))) {
        const said = this.slice(f.range);
        const others = unclearWith.map((p) => this.slice(ownRange(p))).join('", "');
        const mine = this.slice({ start: np.range.start, end: f.range.start }).trim();
        this.note(f.range, `"${said}" may be said of "${others}" too, or of "${mine}" only: write it after each phrase it is said of ("${this.slice(ownRange(unclearWith[0]!))} ${said} and ${mine} ${said}"), or put "${mine} ${said}" first ("${mine} ${said} and ${this.slice(ownRange(unclearWith[0]!))}")`);
      }
      if (f.kind === "controlledBy") {
        const unclear = UNCLEAR_CONTROLLER_REACH.get(f);
        if (unclear) {
          const said = this.slice(f.range);
          const own = (p: Ast.NounPhrase) => this.slice(ownRange(p));
          const others = unclear.map(own).join('", "');
          const mine = this.slice({ start: np.range.start, end: f.range.start }).trim();
          this.note(f.range, `"${said}" may be said of "${others}" too, or of "${mine}" only: write it after each phrase it is said of ("${own(unclear[0]!)} ${said} and ${mine} ${said}"), or put "${mine} ${said}" first ("${mine} ${said} and ${own(unclear[0]!)}") — the engine reads it of "${mine}" only`);
        }
        // "you own", "an opponent owns": read as the controller is, then kept as the owner.
        const owned = f.verb.lemma === "own" ? { controller: sel.controller, controllerIs: sel.controllerIs } : undefined;
        const ownerRead = () => {
          if (!owned) return;
          if (sel.controllerIs && sel.controllerIs !== owned.controllerIs) this.note(f.range, `the engine cannot read "${this.slice(f.range)}": write "you own", "an opponent owns" or "you don't own"`);
          else if (sel.controller) sel.owner = sel.controller;
          if (owned.controller) sel.controller = owned.controller;
          else delete sel.controller;
          if (owned.controllerIs) sel.controllerIs = owned.controllerIs;
          else delete sel.controllerIs;
        };
        const who = npDeterminers(f.controller).concat(npWords(f.controller));
        sel.controller = controlSide(f.controller) ?? "any";
        const wordsRead = who.includes("they") ? CONTROLLER_THEY_WORDS : sel.controller === "you" ? CONTROLLER_YOU_WORDS : sel.controller === "opponent" ? CONTROLLER_OPPONENT_WORDS : CONTROLLER_ANY_WORDS;
        // "its controller controls", "that player controls", "target player controls": one player named before — not anyone.
        const anyone = who.some((w) => w === "a" || w === "an" || w === "any" || w === "each" || w === "all" || w === "every");
        // "their opponent controls": one player named through theirs, read as a player phrase below.
        if (who.includes("their") && sel.controller === "opponent") sel.controller = "any";
        if (sel.controller === "any" && !anyone && !who.includes("they")) {
          const noted = this.notes.length;
          const named = this.playerPhrase(f.controller);
          if (named && named.kind !== "each_player" && named.kind !== "each_opponent") {
            delete sel.controller;
            if (named.kind === "you" || named.kind === "opponent" || named.kind === "acting") sel.controller = named.kind;
            else sel.controllerIs = named;
            if (f.not) this.note(f.range, `the engine cannot read "${this.slice(f.range)}": write "you don't control" or "an opponent controls"`);
            // playerPhrase carried the controller words it read.
            this.use(f.verb, f.by);
            this.ledger.carry(f.not);
            ownerRead();
            continue;
          }
          if (this.notes.length === noted) this.note(f.controller.range, `the engine cannot tell whose cards "${this.slice(f.range)}" means: write "you control", "an opponent controls", "its controller controls" or "a player controls"`);
        }
        if (sel.controller === "any" && who.some((w) => w === "each" || w === "every" || w === "all")) this.notePerPlayerCount(np, f.range, sel, "controller");
        // "you don't control": a game of two players — the opponent's (a player controls every card in play or none).
        if (f.not) {
          if (sel.controller === "any") this.note(f.range, `the engine cannot read "${this.slice(f.range)}": write "you don't control" or "an opponent controls"`);
          sel.controller = sel.controller === "you" ? "opponent" : "you";
        }
        // "each opponent and each creature they control": the players joined before it (the opponent's; each player's: anyone's).
        const joined = who.includes("they") ? this.playersJoinedBefore(np) : undefined;
        if (joined) {
          sel.controller = joined;
          this.ledger.carry(f.controller.determiners);
        } else if (who.includes("they")) {
          const theirs = this.theirs(f.controller);
          if (theirs?.kind === "acting") sel.controller = "acting";
          else if (theirs?.kind === "target") {
            delete sel.controller;
            sel.controllerIs = theirs;
          } else if (theirs) this.note(f.controller.range, `the engine cannot count "${this.slice(f.controller.range)}" here; write "an opponent controls" or "you control"`);
        }
        // The verb, "don't", and the controller's words this reading read — any other ("the first opponent") is CW6005.
        // "Creatures target opponent controls": every game is a duel — the one opponent, always a legal target (as "target
        // opponent's hand" in a zone). "target player controls" is not read (any player's cards): its "target" stays unused.
        this.use(f.verb, f.by);
        this.ledger.carry(f.not);
        this.carryRead(f.controller, wordsRead);
        ownerRead();
      } else if (f.kind === "prep" && (f.prep === "in" || f.prep === "from" || (f.prep === "on" && this.zoneIn(f.object) === this.vocab.zoneOfRole("battlefield")))) {
        const zoneWords = npWords(f.object);
        const zone = this.zoneIn(f.object);
        if (zone) {
          // A card on a player's field is under their control ("a unit from each field", "a creature from your opponent's
          // battlefield"): the field's player is its controller; in any other zone, its owner.
          const whose: "controller" | "owner" = zone === this.vocab.zoneOfRole("battlefield") ? "controller" : "owner";
          // "each creature in play", "on the battlefield": where a selector looks with no zone named (the IR names none).
          if (zone !== this.vocab.zoneOfRole("battlefield")) sel.zones = [zone];
          this.useZoneWords(f.object);
          const d = npDeterminers(f.object);
          const possessives = npWords(f.object).map(possessiveStem).filter((w): w is string => w !== undefined);
          // "your opponent's hand", "an opponent's Graveyard", "target opponent's hand" (every game is a duel: the one opponent,
          // always a legal target), "each player's Graveyard": the possessive names whose (before "your").
          if (possessives.length === 1 && possessives[0]!.startsWith("opponent")) {
            sel[whose] = "opponent";
            this.carryPossessor(f.object);
          } else if (possessives.length === 1 && /^players?$/.test(possessives[0]!) && d.some((w) => w === "each" || w === "all" || w === "any" || w === "a" || w === "an")) {
            // Anyone's (as "a Graveyard"). Not "each other player's": "other" is left unread.
            this.carryPossessor(f.object);
            // ("each other player's Graveyard": said, not read per player — "other" would be left out.)
            if (d.some((w) => w === "each" || w === "all")) {
              const other = d.some((w) => w === "other" || w === "another");
              this.notePerPlayerCount(np, f.object.range, other ? undefined : sel, other ? undefined : whose);
            }
          } else if (possessives.length) {
            // "target player's Graveyard", "its owner's hand": a player a card choice cannot be tied to — said, not dropped.
            this.ledger.carry(f.object.determiners, f.object.items);
            this.note(f.object.range, `the engine chooses cards from "your ...", "an opponent's ..." or "each player's ..." ${lower(zone)} here, not "${this.slice(f.object.range)}"`);
          } else if (d.includes("your")) {
            sel[whose] = "you";
            this.useDeterminers(f.object, "your");
          } else if (d.some((w) => w === "a" || w === "an" || w === "any" || w === "each" || w === "all")) {
            // "from a Graveyard", "in any hand": anyone's.
            this.useDeterminers(f.object, "a", "an", "any", "each", "all");
            if (d.some((w) => w === "each" || w === "all")) this.notePerPlayerCount(np, f.object.range, sel, whose);
          }
          else if (d.includes("their") || d.includes("its")) {
            this.useDeterminers(f.object, "their", "its");
            sel.owner = "any";
            const theirs = d.includes("their") ? this.theirs(f.object) : undefined;
            if (theirs?.kind === "acting") sel.owner = "acting";
            else if (theirs) this.note(f.object.range, `the engine cannot read "${this.slice(f.object.range)}" here; write "your ..." or "an opponent's ..."`);
          }
          else if (zoneWords.some((w) => w.startsWith("opponent"))) sel.owner = "opponent";
          if (sel.owner) this.carryOwner(f.object);
          // "each unit on your field", "creatures on an opponent's battlefield": whose zone of play a card is in is who
          // controls it, not who owns it (a unit taken with "gain control of" is on its new controller's field). It was
          // read as its owner: the stolen unit counted for its owner, on the other field.
          if (zone === this.vocab.zoneOfRole("battlefield") && (sel.owner === "you" || sel.owner === "opponent") && !sel.controller) {
            sel.controller = sel.owner;
            delete sel.owner;
          }
        }
      } else if ((f.kind === "prep" && f.prep === "with") || hasClauseObject(f)) {
        // "with power 2 or less" and "that has power 2 or less" / "that have Haste": the same phrase, read the same way.
        const onIt = f.kind === "relative" ? countersOnIt(f.clause) : undefined;
        const inner = f.kind === "prep" ? f.object : onIt ? { ...f.clause.object, filters: [...f.clause.object.filters, onIt] } : f.clause.object;
        const statWord = npWords(inner).find((w) => this.vocab.game.stats.includes(w));
        // "with a power of 3 or more", "with power equal to 2": the number after "of" / "equal to" is the stat's (it was
        // CW6005 "would run as Destroy target unit").
        const [after] = inner.filters;
        const afterCount = statWord && !npCount(inner) && inner.filters.length === 1 && after ? bareCount(after.kind === "prep" && after.prep === "of" ? after.object : after.kind === "equalTo" ? after.value : undefined) : undefined;
        const c = npCount(inner) ?? afterCount;
        const counterWords = npWords(inner).some((w) => w === "counter" || w === "counters");
        // "cost", "mana cost", "mana value": the words that name a card's printed cost (with "mana" only where the game
        // has a resource of that name). Any other word beside them stays unread.
        const innerWords = npWords(inner);
        const costWords = innerWords.includes("cost") || (innerWords.includes("mana") && innerWords.includes("value"))
          ? innerWords.filter((w) => w === "cost" || w === "value" || (w === "mana" && this.vocab.resources.has("mana")))
          : [];
        if (this.counterFilter(sel, inner)) {
          // "with an attack counter on it", "with no counters on it": read there (before "attack" is read as the stat).
        } else if ((statWord || costWords.length) && c && !counterWords) {
          // "with 2 or less power" / "with power 2 or less" (the count's own comparison) or "with 2 power or less" (after the stat);
          // "with cost 2 or less" / "with mana cost 3 or more": the card's printed cost as one number (a number the player
          // chooses, X, is no bound the engine reads: left unread).
          const words = inner.items.filter((i): i is Ast.WordNode => i.kind === "word");
          const [or, than] = words.slice(-2);
          const trailing = !c.comparison && or && than && lower(or.text) === "or" && COMPARISON_WORDS.has(lower(than.text)) ? lower(than.text) : undefined;
          const comparison = c.comparison ?? trailing;
          const op = comparison === "less" || comparison === "fewer" ? "<=" : comparison ? ">=" : "=";
          const read = statWord ? [statWord] : costWords;
          // "with power X or less": X is the number the card defines (its {X} cost, "where X is ..."), read as the card is matched.
          if (statWord) sel.stat = { name: statWord, op, value: c.variable ? this.count(c) : (c.value ?? 0) };
          else if (typeof c.value === "number") sel.cost = { op, value: c.value };
          // Only the words read: any other word of the phrase stays for the word accounting.
          // "with exactly 2 attack": `exactly` says the equality a bare number means.
          if (statWord || sel.cost) this.use(c, words.filter((w) => read.includes(lower(w.text)) || (trailing && (w === or || w === than)) || (op === "=" && lower(w.text) === "exactly")));
          if (afterCount && statWord) {
            this.use(after);
            this.useDeterminers(inner, "a");
          }
        } else if (statWord && !counterWords && this.statExtremeOrRelative(sel, inner, statWord, np)) {
          // "with the highest power", "with less power than this unit": read there.
        } else {
          const kw = innerWords.find((w) => this.vocab.keywords.has(w));
          // "with Haste or Tireless": a card with either — one selector per keyword (`anyOf`, below).
          const either = innerWords.filter((w) => this.vocab.keywords.get(w)?.kind === "ability");
          if (either.length > 1 && innerWords.includes("or") && innerWords.every((w) => w === "or" || either.includes(w)) && inner.items.every((i) => i.kind === "word")) {
            keywordAlternatives = either.map((w) => this.vocab.keywords.get(w)!.name);
            this.useWords(inner, ...either, "or");
          } else if (kw) {
            sel.keyword = this.vocab.keywords.get(kw)!.name;
            this.useWords(inner, kw);
          }
        }
      } else if (f.kind === "relative" && f.that && f.clause.be && f.clause.verb && readinessSelector(lower(f.clause.verb.text), /\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(f.range))) !== undefined && !f.clause.subject && !f.clause.object && !f.clause.modal && !f.clause.tail.length) {
        // "target creature that is exhausted", "each creature that isn't renewed", "a creature that is overexhausted"
        const negated = /\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(f.range));
        Object.assign(sel, readinessSelector(lower(f.clause.verb.text), negated));
        this.use(f);
        if (negated) this.carryNegations(f);
      } else if (f.kind === "relative" && f.that && f.clause.be && (!f.clause.verb || (lower(f.clause.verb.text) === "not" && /^(?:is|are)$/i.test(f.clause.be.text))) && f.clause.object && !f.clause.subject && !f.clause.modal && !f.clause.complement && !f.clause.tail.length && npDeterminers(f.clause.object).every((d) => d === "a" || d === "an")) {
        // ("that is not a Knight": the parser reads "not" as the verb — read as "isn't"; it was CW6005 "not a Knight".)
        // "each unit that isn't a defender", "a creature that is a Vampire", "units that aren't tokens": the cards the noun
        // after "is" names, kept (or, negated, left out). Only the words that noun's own reading carries count as read.
        const negated = /\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(f.range));
        const named = this.selector({ ...f.clause.object, determiners: [] });
        // A noun the reading gives no field ("that isn't a Beast" where the game has no Beasts) leaves its words unread.
        if (Object.keys(named).length) {
          this.useDeterminers(f.clause.object, "a", "an");
          this.use(f.clause.be);
          if (negated) this.carryNegations(f.clause.be, f.clause.verb, f.clause.object.determiners);
          if (negated) (sel.exclude ??= []).push(named);
          else this.mergeSelector(sel, named, f.range);
        }
      } else if (f.kind === "relative" && f.that && f.clause.be && f.clause.verb && /^(?:attacking|blocking)$/i.test(f.clause.verb.text) && !/\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(f.range)) && !f.clause.object && !f.clause.subject && !f.clause.modal && !f.clause.complement && !f.clause.orVerbs?.length && !f.clause.tail.length) {
        // "target creature that's blocking", "each creature that is attacking": as "target blocking creature" (was CW6005 at
        // "that's", or at "blocking" after "that is": run as "target creature").
        const state = lower(f.clause.verb.text);
        if (state === "attacking") sel.attacking = true;
        else Object.assign(sel, this.blockingInTrigger("blocked") ?? { blocking: true });
        this.use(f);
      } else if (f.kind === "relative" && f.that && f.clause.be && f.clause.verb && !f.clause.object && !f.clause.subject && !f.clause.modal && !f.clause.complement && !f.clause.orVerbs?.length && !f.clause.tail.length && (this.cardNoun(lower(f.clause.verb.text)) || this.cardNoun(singular(f.clause.verb.text))) && /s$/i.test(f.clause.verb.text)) {
        // "Creatures you control that are Vampires", "units that aren't Golems": a plural noun after "are" (the grammar
        // reads it as a verb) names cards as "that is a Vampire" does.
        const negated = /\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(f.range));
        const named = this.selector({ kind: "np", determiners: [], items: [f.clause.verb], filters: [], range: f.clause.verb.range });
        this.use(f.clause.be);
        if (negated) this.carryNegations(f.clause.be);
        if (negated) (sel.exclude ??= []).push(named);
        else this.mergeSelector(sel, named, f.range);
      } else if (f.kind === "relative" && f.pronoun === "whose" && npWords(f.clause.subject).join(" ") === "controller" && !npDeterminers(f.clause.subject).length && this.controllerHolds(f)) {
        // "each creature whose controller has more life than you", "whose controller has no cards in hand": a condition on the
        // card's controller (its `acting` player) as the card is matched.
        sel.controllerWith = this.controllerHolds(f)!;
        this.use(f);
      } else if (f.kind === "relative" && f.that && f.clause.verb?.lemma === "attack" && !f.clause.subject && !f.clause.object && !f.clause.modal && f.clause.tail.length === 1 && f.clause.tail[0]!.kind === "timing" && f.clause.tail[0]!.which === "this" && !f.clause.tail[0]!.combat) {
        // "a creature that attacked this turn"
        sel.attackedThisTurn = true;
        this.use(f, f.clause.tail);
      } else if (f.kind === "relative" && this.blockRelation(f.clause, f.that)) {
        // "each creature blocking this", "the creature it blocks", "creatures blocked by this", "each creature blocking it"
        const relation = this.blockRelation(f.clause, f.that)!;
        if ("ref" in relation) sel[relation.field] = relation.ref;
        else sel[relation.field] = true;
        // "blocked by this with 2 or less attack": the phrases hung on "this" are the creature's, read below with its own.
        const read = relation.after ? withoutFilters(f, relation.after) : f;
        this.use(read, read.clause.tail);
      } else if (f.kind === "relative" && thisWayClause(f) && (f.clause.verb?.lemma === "destroy" || f.clause.verb?.lemma === "die") && !f.clause.object && !f.clause.complement && !f.clause.orVerbs?.length && f.clause.tail.length === 1 && f.clause.tail[0]!.kind === "timing" && f.clause.tail[0]!.which === "this" && !f.clause.tail[0]!.combat && !/\b(?:not|n['’]t)\b/i.test(this.slice(f.range))) {
        // "target creature card that was destroyed this turn", "a creature card that died this turn": destroyed this turn and
        // still where destruction put it (GameState.destroyedThisTurn).
        sel.destroyedThisTurn = true;
        this.use(f, f.clause.tail);
      } else if (f.kind === "relative" && this.takenThisWay(f) !== undefined) {
        // "a creature card discarded this way", "each creature destroyed this way": among the cards that step took
        sel.thisWay = this.takenThisWay(f)!;
        this.use(f);
      } else if (f.kind === "relative" && f.that && f.clause.verb?.lemma === "target" && f.clause.object && !f.clause.subject && !f.clause.modal && !f.clause.be && !f.clause.complement && !f.clause.orVerbs?.length && !f.clause.tail.length) {
        // "target spell that targets a creature you control", "a spell that targets you": the spell's chosen targets
        // (a card waiting on the response chain). A phrase the reading gives no field leaves its words unread (CW6005).
        const aimed = f.clause.object;
        const aimedWords = npWords(aimed);
        const aimedDets = npDeterminers(aimed);
        if (isPlayerPhrase(aimed) && !aimed.filters.length && aimedDets.every((d) => d === "you" || d === "a" || d === "an" || d === "your")) {
          const players = aimedDets.includes("you") && !aimedWords.length ? "you" : aimedWords.some((w) => w.startsWith("opponent")) ? "opponent" : "any";
          sel.targeting = { players };
          this.use(f.clause.verb, aimed);
        } else if (aimedDets.every((d) => d === "a" || d === "an")) {
          const named = this.selector({ ...aimed, determiners: [] });
          if (Object.keys(named).length) {
            sel.targeting = { cards: { ...named, zones: undefined } };
            this.use(f.clause.verb);
            this.useDeterminers(aimed, "a", "an");
          }
        }
      } else if (f.kind === "prep" && (f.prep === "except" || f.prep === "other than")) {
        // "all units except Golems", "each creature except this one": the cards the noun after "except" names are left out
        // (grammar: exceptOnItsNoun). A noun the reading gives no field stays unread (CW6005), as "that isn't a …".
        if (isSelfReference(f.object)) {
          sel.other = true;
          this.use(f.object);
        } else if (npDeterminers(f.object).every((d) => d === "a" || d === "an")) {
          // "other than a Golem": any Golem ("a" names a kind here, not one card to choose).
          const named = this.selector({ ...f.object, determiners: [] });
          if (Object.keys(named).length) {
            this.useDeterminers(f.object, "a", "an");
            (sel.exclude ??= []).push(named);
          }
        }
      } else if (f.kind === "relative" && this.playedThisTurnBy(f.clause) !== undefined) {
        // "Units you played this turn", "each creature an opponent cast this turn": the cards the turn's record of cards
        // played holds (GameState.playedThisTurn), by who played them.
        const by = this.playedThisTurnBy(f.clause)!;
        sel.playedThisTurn = by === "any" ? {} : { by };
        this.use(f.clause.subject, f.clause.verb, this.playedThisTurnTiming(f.clause));
        this.carryOwner(f.clause.subject);
      } else if (f.kind === "relative" && f.that && this.enteredPlayThisTurn(f.clause)) {
        // "each unit you control that entered play this turn", "a creature that entered the battlefield under your control
        // this turn": the cards the turn's record of cards entering play holds (GameState.enteredThisTurn).
        // "under your control" / "under an opponent's control" (underControl marks what it read; any other phrase is left
        // unread, CW6005 at its words).
        const under = this.underControl([...f.clause.tail, ...f.clause.object!.filters]);
        sel.enteredThisTurn = under ? { under } : {};
        this.use(f.clause.verb, f.clause.object!.determiners, f.clause.object!.items, f.clause.tail.filter((t) => t.kind === "timing"));
      } else if (f.kind === "prep" && f.prep === "without") {
        // "creatures without Flying"
        // Only the keyword's words: a phrase hung on it ("without Haste from your Discard Pile") is read as the card's above.
        for (const w of npWords(f.object)) {
          const def = this.vocab.keywords.get(w);
          if (def) {
            (sel.exclude ??= []).push({ keyword: def.name });
            this.useWords(f.object, w);
          }
        }
      }
    }
    // "Deal 2 damage to target creature and 1 damage to each other creature": other than the card the effect named before,
    // and (as everywhere) other than this card — "If you control two or more other units" after a target still means
    // besides this one.
    if (sel.other && (this.lastCard?.kind === "target" || this.lastCard?.kind === "chosen")) sel.otherThan = this.lastCard;
    // "Deal 3 damage to target creature. Deal 1 damage to each other creature.": with no card named before it in its own
    // sentence, a spell's sentence goes on with the one before (`unmeasured`), where "other" is other than that target.
    // It was other than the spell itself (no creature): the target was dealt 4, silently (session 39 probe).
    else if (sel.other && this.lastCard === undefined) this.unmeasured.push(np.range);
    // "target creature card that was destroyed this turn": where destruction puts a card (the Discard Pile), not in play.
    if (sel.destroyedThisTurn && !sel.zones) {
      const graveyard = this.vocab.zoneOfRole("graveyard");
      if (graveyard) sel.zones = [graveyard];
    }
    if (keywordAlternatives) {
      // A selector with `anyOf` has no other field but `otherThan`: each alternative is the whole selector with its keyword.
      const { otherThan, ...rest } = sel;
      return { anyOf: keywordAlternatives.map((keyword) => ({ ...rest, keyword })), ...(otherThan ? { otherThan } : {}) };
    }
    return sel;
  }

  /**
   * "target relic or exhausted creature", "a Relic or token", "Vampire or attacking Ghoul": nouns joined by "or" where
   * a later alternative has words of its own (a state, "token", a keyword) describe that alternative's cards alone — any
   * card matching one alternative (`anyOf`), each alternative with the phrase's shared words (its determiners and filters:
   * "an opponent controls", "in your Discard Pile"). Read flat, "exhausted" would narrow every alternative (a renewed
   * relic was no legal target). Undefined for alternatives that are bare nouns of the game ("Vampire or Ghoul", "creature
   * or relic card", "Red or Black creature": one selector, any one of them) or an alternative that is no whole noun.
   */
  alternativesWithOwnWords(np: Ast.NounPhrase): CardSelector | undefined {
    const orWords = np.items.filter((i): i is Ast.WordNode => i.kind === "word" && lower(i.text) === "or");
    if (!orWords.length) return undefined;
    const groups: Ast.NounItem[][] = [[]];
    for (const item of np.items) {
      if (orWords.includes(item as Ast.WordNode)) groups.push([]);
      else groups[groups.length - 1]!.push(item);
    }
    if (groups.some((g) => !g.length)) return undefined;
    const wordOf = (i: Ast.NounItem | undefined) => (i?.kind === "word" ? lower(i.text) : undefined);
    const noun = (w: string | undefined) => !!w && (!!lookup(this.vocab.cardTypes, w) || !!lookup(this.vocab.subtypes, w) || w === "card" || w === "cards" || w === "token" || w === "tokens");
    const bare = (w: string | undefined) => !!w && (!!lookup(this.vocab.cardTypes, w) || !!lookup(this.vocab.subtypes, w) || !!lookup(this.vocab.colors, w) || w === "card" || w === "cards");
    // "attacking or blocking creature", "friendly or enemy unit", "renewed or newly turned creature": adjectives joined by
    // "or" before one noun — each alternative is its adjectives with that noun (read flat, the adjectives were all
    // required, or only the last kept: probe s42 F3/F4).
    const last = groups[groups.length - 1]!;
    let headStart = last.length;
    while (headStart > 0 && noun(wordOf(last[headStart - 1]))) headStart--;
    const head = last.slice(headStart);
    const adjectivesOnly = (g: Ast.NounItem[]) => g.every((i) => i.kind === "word" && !noun(wordOf(i)));
    const distributed = head.length > 0 && headStart > 0 && groups.slice(0, -1).every(adjectivesOnly);
    if (distributed) groups.splice(0, groups.length - 1, ...groups.slice(0, -1).map((g) => [...g, ...head]));
    // Every alternative but the last is a whole noun (the last one's noun is the phrase's head).
    if (!groups.slice(0, -1).every((g) => noun(wordOf(g[g.length - 1])))) return undefined;
    // Words of their own: a later alternative with any word but a bare noun, or an earlier one ending in "token(s)" (or,
    // adjectives distributed, any alternative with a word but a bare one: "Red or Black creature" stays one selector).
    const own = distributed
      ? groups.some((g) => g.some((i) => !bare(wordOf(i))))
      : groups.slice(1).some((g) => g.some((i) => !bare(wordOf(i)))) || groups.slice(0, -1).some((g) => !bare(wordOf(g[g.length - 1])));
    if (!own) return undefined;
    const shared = this.selector({ ...np, items: [] });
    const otherThan = shared.otherThan;
    delete shared.otherThan;
    const parts = groups.map((items) => {
      const part = this.selector({ ...np, determiners: [], filters: [], items, also: undefined });
      delete part.otherThan;
      return { ...shared, ...part };
    });
    this.use(orWords);
    return { anyOf: parts, ...(otherThan ? { otherThan } : {}) };
  }

  /**
   * "with the highest power" / "with the lowest attack" (`extreme`), "with less power than this unit" / "with greater attack
   * than this" (`stat` compared with this card's): the words of the `with` phrase (and of the "than" phrase, which the
   * parser may hang off the clause) carried. False, nothing carried, for any other wording ("than a creature you control").
   */
  statExtremeOrRelative(sel: CardSelector, inner: Ast.NounPhrase, stat: string, np: Ast.NounPhrase): boolean {
    const words = inner.items.filter((i): i is Ast.WordNode => i.kind === "word");
    if (words.length !== 2 || !words.some((w) => lower(w.text) === stat)) return false;
    // "less power than this" or "power less than this"; an extreme only before its stat ("the highest power").
    const statFirst = lower(words[0]!.text) === stat;
    const adjective = lower(words[statFirst ? 1 : 0]!.text);
    const which = statFirst ? undefined : EXTREME_WORDS[adjective];
    if (which) {
      if (!npDeterminers(inner).every((d) => d === "the")) return false;
      sel.extreme = { stat, which };
      this.use(words);
      this.useDeterminers(inner, "the");
      // "the unit with the lowest power among units your opponent controls": the extreme of those cards — the cards the
      // "among" phrase names are the set it is taken from (the parser hangs the phrase on "the lowest power" or on the noun).
      const among = [...inner.filters, ...np.filters].find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "among");
      if (among) this.mergeSelector(sel, this.selector(among.object), among.range);
      return true;
    }
    const op = RELATIVE_WORDS[adjective];
    if (!op || inner.determiners.length) return false;
    const than = [...np.filters, ...inner.filters, ...(this.currentClause?.tail ?? [])].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "than");
    // "PLAY: Destroy target unit with less power.": with nothing to compare with, the card's own stat is what it is
    // compared with, as "than this" (on a card with no such stat, CW6020 at the words says so).
    if (!than && !statFirst) {
      sel.stat = { name: stat, op, value: this.ownStat(stat, inner.range) };
      this.use(words);
      return true;
    }
    if (!than) return false;
    const dets = npDeterminers(than.object);
    // "than this", "than this unit": this card's own stat as the selector is read.
    if (!(dets.length === 1 && dets[0] === "this" && npWords(than.object).every((w) => this.cardNoun(w)) && !than.object.filters.length)) return false;
    sel.stat = { name: stat, op, value: this.ownStat(stat, spanOf(inner.range, than.range)) };
    this.use(words, than);
    return true;
  }

  /**
   * "with an attack counter on it" / "with a counter on it" (at least one), "with two or more defense counters on it",
   * "with no counters on it" (`counters` of the selector; no counter named: every kind). A card's counter of the game, or
   * none named; "on it" / "on them" (in the phrase or the clause's tail) is the card itself. False, nothing carried, for
   * any other wording ("with two attack counters": exactly two or at least two, the card does not say — left to CW6005).
   */
  counterFilter(sel: CardSelector, inner: Ast.NounPhrase): boolean {
    const words = npWords(inner);
    const nouns = words.filter((w) => w === "counter" || w === "counters");
    const named = words.filter((w) => w !== "counter" && w !== "counters");
    if (nouns.length !== 1 || named.length > 1) return false;
    // "with a +1/+0 counter on it": the one stat's counter the pair raises. "+1/+1" (a counter of each of two stats: one
    // selector counts one kind) and "-1/-1" (no counter lowers a stat) are left unread — never matched as any counter.
    const pair = inner.items.find((i): i is Ast.StatsNode => i.kind === "stats");
    if (pair && (named.length || inner.items.some((i) => i.kind !== "word" && i.kind !== "count" && i !== pair))) return false;
    const raised = pair ? this.vocab.game.stats.slice(0, 2).filter((_, i) => (i === 0 ? pair.first : pair.second) !== 0) : [];
    if (pair && (raised.length !== 1 || /x|-/i.test(pair.text) || pair.first + pair.second !== 1)) return false;
    const counterWord = pair ? raised[0]! : named[0];
    const counter = counterWord !== undefined ? lookup(this.vocab.counters, counterWord) : undefined;
    if (pair && !counter) return false;
    if (counterWord !== undefined && (!counter || this.vocab.game.counters.find((c) => c.name === counter)?.on !== "card")) return false;
    const dets = npDeterminers(inner);
    const c = npCount(inner);
    let bound: { op: "<=" | ">=" | "="; value: number } | undefined;
    if (c?.comparison && c.value !== undefined) bound = { op: c.comparison === "less" || c.comparison === "fewer" ? "<=" : ">=", value: c.value };
    else if (dets.length === 1 && (dets[0] === "a" || dets[0] === "an" || dets[0] === "one")) bound = { op: ">=", value: 1 };
    else if (dets.length === 1 && dets[0] === "no") bound = { op: "=", value: 0 };
    if (!bound) return false;
    // "on it" after the counters: in the phrase, or hung off the clause by the parser.
    const onIt = [...inner.filters, ...(this.currentClause?.tail ?? [])].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "on" && !t.object.filters.length && [...npDeterminers(t.object), ...npWords(t.object)].every((w) => w === "it" || w === "them" || w === "they"));
    sel.counters = { ...(counter ? { counter } : {}), ...bound };
    this.use(inner.determiners, inner.items, onIt);
    // "them" is a word that names whose: carried by this reader, which read it as the card itself.
    if (onIt) this.ledger.carry(onIt.object.determiners, onIt.object.items);
    return true;
  }

  /**
   * The selector of a target or a static ability: read before anything resolves, so "other" is other than this card, "its
   * controller controls" is this card's controller's (you), and no other player named in the ability can restrict it —
   * said, not dropped (`otherThan` and `controllerIs` are bound only when an effect runs).
   */
  fixedSelector(np: Ast.NounPhrase, what: "a target" | "a static ability"): CardSelector {
    const sel = this.selector(np);
    delete sel.otherThan;
    // "Discard two cards. Return target creature card discarded this way ...": a target is chosen before the ability
    // resolves, when the step it names has taken nothing yet (a static has no such step).
    if (sel.thisWay !== undefined) {
      const taken = thisWayVerbOf(sel.thisWay);
      this.note(np.range, `"${this.slice(np.range)}": ${what} is chosen before the ability resolves, when nothing has been ${taken ? participleOf(taken) : "taken"} yet; write "a" instead of "target" (the card is then chosen as it resolves)`);
      delete sel.thisWay;
    }
    // "target creature blocking it": a target or a static is matched with no event or step to name "it" by.
    for (const field of ["blockingCard", "blockedByCard"] as const) {
      if (sel[field] === undefined) continue;
      const phrase = field === "blockingCard" ? "blocking it" : "blocked by it";
      this.note(np.range, `the engine cannot keep ${what} to the cards ${phrase} ("${this.slice(np.range)}"): ${what === "a target" ? `write "a creature ${phrase}" or "each creature ${phrase}" (chosen as it resolves)` : `write "${phrase === "blocking it" ? "blocking this" : "blocked by this"}" for this card's own combat`}`);
      delete sel[field];
    }
    if (sel.extreme) {
      this.note(np.range, `the engine cannot keep ${what} to the card with the ${sel.extreme.which} ${sel.extreme.stat} ("${this.slice(np.range)}"): write "the ${lower(sel.cardTypes?.[0] ?? "card")} with the ${sel.extreme.which} ${sel.extreme.stat}" (chosen as it resolves) or a number ("with ${sel.extreme.stat} 3 or more")`);
      delete sel.extreme;
    }
    const whose = sel.controllerIs;
    if (whose) {
      delete sel.controllerIs;
      const side = this.combatSide(whose);
      if ((whose.kind === "controller_of" || whose.kind === "owner_of") && whose.of.kind === "self") sel.controller = "you";
      else if (side) sel.controller = side;
      else this.note(np.range, `the engine cannot restrict ${what} to the cards of a player named in the ability ("${this.slice(np.range)}"): write "you control" or "an opponent controls"`);
    }
    return sel;
  }

  /**
   * "the defending player" / "the attacking player" as a side, where the trigger says it: in "Whenever this attacks" (or
   * "a creature you control attacks", "you attack") the defending player is your opponent and the attacking player you;
   * in "Whenever this blocks" the other way round (every game is a duel). Undefined for another player or trigger.
   */
  combatSide(ref: PlayerRef): "you" | "opponent" | undefined {
    const t = this.trigger;
    if (!t || (ref.kind !== "defending" && ref.kind !== "active") || (t.event !== "attacks" && t.event !== "blocks")) return undefined;
    const yours = t.subject.kind === "self" || (t.subject.kind === "card" && t.subject.selector.controller === "you") || (t.subject.kind === "player" && t.subject.who === "you");
    if (!yours) return undefined;
    const attacker = t.event === "attacks" ? "you" : "opponent";
    return ref.kind === "active" ? attacker : attacker === "you" ? "opponent" : "you";
  }

  /**
   * "target creature or Vampire", "a Spell or Red card": "or" between words of different kinds (a card type, a subtype, a
   * colour) — the selector keeps each kind as a field every card must match (a Vampire creature), never either one: said,
   * not read as both. Words of one kind ("Vampire or Ghoul", "creature or relic") are any one of them, as the engine reads.
   */
  noteMixedAlternatives(np: Ast.NounPhrase): void {
    const kindOf = (w: string) => (lookup(this.vocab.cardTypes, w) ? "type" : lookup(this.vocab.subtypes, w) ? "subtype" : lookup(this.vocab.colors, w) ? "colour" : undefined);
    np.items.forEach((item, i) => {
      if (item.kind !== "word" || lower(item.text) !== "or") return;
      const before = np.items[i - 1];
      const after = np.items[i + 1];
      if (before?.kind !== "word" || after?.kind !== "word") return;
      const a = kindOf(lower(before.text));
      const b = kindOf(lower(after.text));
      if (a && b && a !== b) this.note(spanOf(before.range, after.range), `the engine reads "${this.slice(spanOf(before.range, after.range))}" as a card that is both (a ${a} and a ${b}), not either one: write one of them, or two sentences`);
    });
  }

  /** Whether units of this game block by being made defenders (Three-Slot Duel), so "a defender" names a state of a card. */
  hasDefenders(): boolean {
    const params = this.vocab.game.params;
    return params["defenders"] === true || params["defender_walls"] !== undefined;
  }

  /**
   * Adds what a second phrase about the same cards says ("among units your opponent controls", "that is a Vampire") to a
   * selector: a field the selector already has with another value is a contradiction the engine cannot run as both — said.
   */
  mergeSelector(sel: CardSelector, more: CardSelector, range: Ast.NounPhrase["range"]): void {
    const target = sel as Record<string, unknown>;
    for (const [key, value] of Object.entries(more)) {
      if (value === undefined) continue;
      if (target[key] === undefined) target[key] = value;
      else if (JSON.stringify(target[key]) !== JSON.stringify(value)) this.note(range, `"${this.slice(range)}" says something else about these cards than the words before it (${key}): the engine cannot read both — say it once`);
    }
  }

  /** What "non-<word>" leaves out: a card type, subtype or colour of the game ("non-Vampire", "non-Spell"), a defender. */
  exclusion(word: string): CardSelector | undefined {
    if ((word === "defender" || word === "defenders") && this.hasDefenders()) return { defender: true };
    const type = lookup(this.vocab.cardTypes, word);
    if (type) return { cardTypes: [type] };
    const subtype = lookup(this.vocab.subtypes, word);
    if (subtype) return { subtypes: [subtype] };
    const color = lookup(this.vocab.colors, word);
    if (color) return { colors: [color] };
    return undefined;
  }

  /** Was `card` a target its phrase named by a player who controls it ("target creature an opponent controls", "… you control")? */
  private controllerNamedOf(card: CardRef): boolean {
    if (card.kind !== "target") return false;
    const controller = this.targets[card.index]?.cards?.controller;
    return controller !== undefined && controller !== "any";
  }

  /**
   * "Whenever a creature an opponent controls becomes exhausted, that player gains 1 Bleed counter.": the player named inside
   * the trigger's card phrase is that card's controller (probe s44 M1: it was noted "names no player here"). Only where
   * the phrase names one (`you control`, `an opponent controls`); "Whenever a creature becomes exhausted, that player …"
   * names nobody.
   */
  private triggerCardsPlayer(): PlayerRef | undefined {
    const t = this.trigger;
    if (t?.subject.kind !== "card" || this.lastCard || this.antecedent) return undefined;
    const controller = t.subject.selector.controller;
    return controller === "you" || controller === "opponent" ? { kind: "controller_of", of: { kind: "event_card" } } : undefined;
  }

  /** The controller of the one card named before (`lastCard`: a target, a card chosen), when no player was: whom "that player" names. */
  private controllerOfCardNamed(): PlayerRef | undefined {
    const card = this.lastCard;
    if (!card || (card.kind !== "target" && card.kind !== "chosen") || this.antecedent) return undefined;
    // A target player of the ability, or one its clause names (read after this phrase: "deal 1 damage to target player for
    // each creature that player controls"), is whom "that player" names (theirs).
    if (this.targets.some((t) => t.accepts === "player") || (this.currentClause && /\btarget (player|opponent)/i.test(this.slice(this.currentClause.range)))) return undefined;
    return { kind: "controller_of", of: card };
  }

  /**
   * "they control", "their hand", "on them": the player "they" names here — the acting player of a per-player clause
   * (`{ kind: "acting" }`, "Each player gains 1 life for each Unit they control"), else the trigger's player. With no one
   * for it to name ("Gain 1 life for each card in their hand." on a spell) it is a note at the word, never a guess.
   */
  theirs(np: Ast.NounPhrase): PlayerRef | undefined {
    if (this.antecedent) {
      if (this.antecedent.fromTrigger) this.noteTriggerOrTarget(np);
      return { kind: "acting" };
    }
    const named = this.targetPlayerNamedInSentence();
    if (named) return named;
    if (this.eventPlayer) {
      this.noteTriggerOrTarget(np);
      return { kind: "event_player" };
    }
    // A spell's sentence of its own ("Target player gains 2 Bleed counters. Exhaust all creatures they control.") goes on
    // with the sentence before, where "they" may name its player (`unmeasured`); the note stands where none does.
    this.unmeasured.push(np.range);
    this.note(np.range, `"${this.slice(np.range)}" names no player here: write whose ("your hand", "an opponent controls", "target player's hand"), or start with the player ("Each player gains 1 life for each card in their hand")`);
    return undefined;
  }

  /**
   * "Deal 1 damage to each opponent and each creature they control.": "they" in a phrase joined by `and` to players named
   * just before it, in the same object — those players (each opponent: the opponent's cards; each player: every player's).
   * Only players named without a choice ("target player and each creature they control" is the target, read above).
   */
  private playersJoinedBefore(part: Ast.NounPhrase): "opponent" | "any" | undefined {
    const before = PARTS_BEFORE.get(part);
    if (!before?.length) return undefined;
    const players = before.map((earlier) => {
      const dets = npDeterminers(earlier);
      const words = npWords(earlier);
      if (earlier.filters.length || words.length !== 1) return undefined;
      if (/^opponents?$/.test(words[0]!) && dets.every((d) => d === "each" || d === "all" || d === "your" || d === "an" || d === "the")) return "opponent" as const;
      if (/^players?$/.test(words[0]!) && dets.length > 0 && dets.every((d) => d === "each" || d === "all")) return "any" as const;
      return undefined;
    });
    return players.length === 1 ? players[0] : undefined;
  }

  /**
   * "Whenever an opponent draws a card, deal 1 damage to target player and they draw a card.": "they" / "their" / "that
   * player" that would name the trigger's player while a target player was named in an earlier clause of the ability could
   * name either — CW6042 at the words, never a guess. Not when the pronoun continues the target player's own subject
   * ("Target player loses 1 life and they draw a card": the players the clause before acted for, read before this).
   */
  private noteTriggerOrTarget(np: Ast.NounPhrase): void {
    const slot = this.targets.slice(0, this.clauseTargetsFrom).findLastIndex((t) => t.accepts === "player");
    if (slot < 0) return;
    const words = this.slice(np.range);
    this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6042", args: { words, target: this.targets[slot]!.text }, message: `"${words}" could name ${this.targets[slot]!.text} or the player the trigger is about` });
  }

  /**
   * The one player other than you an imperative clause acts on (its object, or `to ...`), when it is read without a choice
   * ("the defending player", "your opponent", "its controller"). A target player is read once, by the verb (one slot):
   * `targetPlayerActedOn` names that slot after the verb has read it.
   */
  private playerActedOn(clause: Ast.Clause): PlayerRef | undefined {
    const np = playerObjectOf(clause);
    if (!np || npDeterminers(np).some((d) => d === "target" || d === "they" || d === "their" || d === "you") || np.also?.length) return undefined;
    const notes = this.notes.length;
    const ref = this.playerPhraseOf(np);
    // Read only to learn whom it names: the verb reads (and notes) it again.
    this.notes.length = notes;
    return ref && ref.kind !== "you" && ref.kind !== "each_player" && ref.kind !== "each_opponent" ? ref : undefined;
  }

  /**
   * "Deal 2 damage to target player and 1 damage to each creature they control": in a clause with no player subject and
   * nobody else "they" could name (no clause before acting for players, no trigger's player), "they" / "that player"
   * after a target player named earlier in the same sentence is that player. Two target players named before it: no guess.
   */
  private targetPlayerNamedInSentence(): PlayerRef | undefined {
    return this.actingSubject ? undefined : this.onlyTargetPlayerFrom(this.sentenceTargetsFrom);
  }

  /** The one target player slot registered from slot `from` on, if exactly one. */
  private onlyTargetPlayerFrom(from: number): PlayerRef | undefined {
    const slots = this.targets.map((t, index) => ({ t, index })).slice(from).filter(({ t }) => t.accepts === "player");
    return slots.length === 1 ? { kind: "target", index: slots[0]!.index } : undefined;
  }

  /** The target player slot an imperative clause's object or `to ...` registered as its verb read it (slots from `from` on). */
  private targetPlayerActedOn(clause: Ast.Clause, from: number): PlayerRef | undefined {
    const np = playerObjectOf(clause);
    if (!np || !npDeterminers(np).includes("target") || np.also?.length) return undefined;
    return this.onlyTargetPlayerFrom(from);
  }

  /** The players an acting subject reads as (read once: one target slot, one choice). */
  antecedentPlayers(): PlayersRef {
    const a = this.antecedent!;
    if (!a.players) {
      const outer = this.antecedent;
      // The subject's own words are read outside its clause: "they" as a subject names the clause before it.
      this.antecedent = undefined;
      a.players = (a.subject && this.playerPhrase(a.subject)) ?? { kind: "you" };
      this.antecedent = outer;
    }
    return a.players;
  }

  /** Is the phrase about players rather than cards? (Registers a target slot for "target player".) */
  playerPhrase(np: Ast.NounPhrase): PlayersRef | undefined {
    const shared = SHARED_SUBJECTS.has(np) ? this.sharedSubjects.get(np) : undefined;
    if (shared && "players" in shared) return shared.players;
    this.playerWordsRead = "all";
    const ref = this.playerPhraseOf(np);
    // A phrase read as players is carried ("its controller", "each opponent", "target player") — but for a word the
    // reader did not read: "each other player" must not run as "each player" with "other" marked used.
    if (ref) this.carryRead(np, this.playerWordsRead);
    if (SHARED_SUBJECTS.has(np)) this.sharedSubjects.set(np, { ...this.sharedSubjects.get(np), players: ref });
    return ref;
  }
  /** Carries the words of a phrase its reader read ("all": the whole phrase); any other word is left for CW6005. */
  private carryRead(np: Ast.NounPhrase, read: ReadonlySet<string> | "all"): void {
    const readWord = (text: string) => read === "all" || read.has(lower(text));
    this.ledger.carry(np.determiners.filter((d) => d.kind !== "determiner" || readWord(d.lemma)), np.items.filter((i) => i.kind !== "word" || readWord(i.text)));
  }
  /** The words of a player phrase its reader read ("all": a reading that takes the whole phrase, "its controller"). */
  private playerWordsRead: Set<string> | "all" = "all";
  private playerPhraseOf(np: Ast.NounPhrase): PlayersRef | undefined {
    const dets = npDeterminers(np);
    const words = npWords(np);
    // "target creature or player": a card or a player (affectedOnce), not a player phrase.
    if (cardOrPlayer(np)) return undefined;
    // "its controller", "its owner", "that creature's controller": the player behind the card just named.
    const whose = playerBehindCard(np);
    if (whose) {
      const of = this.possessiveCard(np) ?? this.lastCard ?? { kind: "it" };
      this.playerWordsRead = "all";
      return { kind: whose, of };
    }
    // "your opponent's face", "the opponent's life": the player the possessive names.
    if (possessedPlayer(np)) {
      const ref = this.playerPhrase(possessorAsPerson(np)!);
      // The possessed noun ("face", "life") is the player themself: the whole phrase is read.
      this.playerWordsRead = "all";
      return ref;
    }
    const anyPlayerWord = words.some((w) => PLAYER_WORDS.has(w));
    if (!anyPlayerWord && words.length === 0) {
      if (dets.includes("you")) return { kind: "you" };
      if (dets.includes("they") || dets.includes("their")) {
        // "them" inside a per-player clause is its acting player; "They" opening a clause names the players before it.
        if (this.antecedent) return this.theirs(np);
        if (this.lastPlayers) return this.lastPlayers;
        // "When this enters play, deal 1 damage to target player and they draw a card.": the one target player named
        // before it in the sentence, where the trigger names no player "they" could also be.
        const named = this.eventPlayer ? undefined : this.onlyTargetPlayerFrom(this.sentenceTargetsFrom);
        if (named) return named;
        return this.theirs(np);
      }
    }
    if (!anyPlayerWord) return undefined;
    // From here the phrase is read word by word: the player nouns, their side, and the determiners below. Any other word
    // ("first", "other", "non-Red") is left unread, so it is reported rather than dropped.
    const read = new Set([...PLAYER_WORDS, ...PLAYER_READ_WORDS]);
    this.playerWordsRead = read;
    // "the defending player" / "the attacking player": the players of the combat a combat trigger fires in.
    const side = words.find((w) => w === "defending" || w === "attacking");
    if (side) {
      this.useWords(np, side);
      if (!this.combatTrigger) {
        this.note(np.range, `"${this.slice(np.range)}" names a player only in a combat trigger ("Whenever this attacks, ..."); here write "your opponent" or "each opponent"`);
        return undefined;
      }
      return side === "defending" ? { kind: "defending" } : { kind: "active" };
    }
    // "the enemy player", "the opposing player" name the opponent as "your opponent" does (read as the trigger's player they damaged you).
    const isOpp = words.some((w) => w.startsWith("opponent") || w === "enemy" || w === "opposing");
    if (dets.includes("target")) {
      // "Target player who has more life than you": a condition the player chosen must meet (as it is chosen and as the
      // ability resolves), read as "Each player who ..." reads its clause.
      // "Target player with 10 or less life" alike.
      const who = np.filters.length === 1 && np.filters[0]!.kind === "relative" && np.filters[0]!.that && !np.filters[0]!.clause.subject ? np.filters[0]! : undefined;
      const notes = this.notes.length;
      let playersWith = who ? this.whoHolds(who, { kind: "each_player" }) : undefined;
      if (who && !playersWith) this.notes.length = notes;
      if (playersWith) this.use(who);
      else playersWith = this.playerSubjectCondition(np);
      const index = this.addTarget({ accepts: "player", players: isOpp ? "opponent" : "any", ...(playersWith ? { playersWith } : {}), min: 1, max: 1, text: this.ownText(np) });
      return { kind: "target", index };
    }
    if (dets.includes("each") || dets.includes("all")) {
      // "each other player": every player but you — each opponent (none of the games has teams).
      if (!isOpp && (dets.includes("other") || words.includes("other"))) {
        read.add("other");
        return { kind: "each_opponent" };
      }
      return isOpp ? { kind: "each_opponent" } : { kind: "each_player" };
    }
    // "that player": the trigger's player; outside a trigger, the players the clause before acted for.
    if (dets.includes("that")) {
      if (this.conditionPlayers) return this.conditionPlayers;
      // With nobody else for it to name, the one target player named before it in the sentence ("When this enters play,
      // deal 1 damage to target player and that player draws a card").
      // Else the one player a clause before acted on without a player subject ("Deal 2 damage to target player. That player ...").
      // Else, with no player named before, the controller of the card named before ("Exhaust target creature. Each other
      // creature that player controls ...", "Destroy target unit. That player gains 3 life."): the one player the words
      // can mean (it was a note: "names no player here").
      if (!this.eventPlayer) return this.lastPlayers ?? (this.antecedent ? undefined : this.onlyTargetPlayerFrom(this.sentenceTargetsFrom) ?? this.playerActedOnLast) ?? this.controllerOfCardNamed() ?? this.triggerCardsPlayer() ?? this.theirs(np);
      this.noteTriggerOrTarget(np);
      return { kind: "event_player" };
    }
    // "their opponent" ("Each player discards a card for each unit their opponent controls"): the other player of theirs.
    if (isOpp && (dets.includes("their") || dets.includes("they"))) {
      read.add("their");
      const of = this.theirs(np);
      return of && (of.kind === "you" ? { kind: "opponent" } : { kind: "opponent_of", of });
    }
    if (isOpp) return { kind: "opponent" };
    // "a player", "any player": the trigger's player; anywhere else nobody in particular — said, not guessed.
    if (this.eventPlayer) return { kind: "event_player" };
    this.note(np.range, `"${this.slice(np.range)}" names no player the engine knows here: write "you", "target player", "each player" or "each opponent"`);
    return undefined;
  }

  /**
   * "If you have 4 or less life, deal 4 damage to target unit. Otherwise, deal 2 damage to target unit.": the steps of an
   * "Otherwise" sentence (lowered from target `from` on) run only when the sentence before's do not, so a target they
   * name as one before it is (the same kind of target, in the same words) is that target — one choice as the card is
   * played, not a second one. Other targets stay the ability's own, chosen with it.
   */
  shareBranchTargets(steps: Step[], from: number): Step[] {
    const key = (t: TargetSpec) => JSON.stringify({ ...t, text: lower(t.text).replace(/\s+/g, " ") });
    const moved = new Map<number, number>();
    const kept: TargetSpec[] = [];
    for (let j = from; j < this.targets.length; j++) {
      const spec = this.targets[j]!;
      const same = spec.group === undefined && spec.differsFromPrevious === undefined ? this.targets.slice(0, from).findIndex((t, i) => key(t) === key(spec) && ![...moved.values()].includes(i)) : -1;
      if (same >= 0) moved.set(j, same);
      else {
        moved.set(j, from + kept.length);
        kept.push(spec);
      }
    }
    if ([...moved].every(([j, to]) => j === to)) return steps;
    this.targets.length = from;
    this.targets.push(...kept);
    return JSON.parse(JSON.stringify(steps).replace(/"kind":"target","index":(\d+)/g, (all, n: string) => {
      const to = moved.get(Number(n));
      return to === undefined ? all : `"kind":"target","index":${to}`;
    })) as Step[];
  }

  addTarget(spec: TargetSpec): number {
    this.targets.push(spec);
    return this.targets.length - 1;
  }

  /**
   * What an effect acts on, from its noun phrase, read as printed-card English:
   * players ("target opponent", "each player", "its controller", "your opponent's face");
   * "target X" / "up to two target X" — chosen as the effect is put into play (targets);
   * "this", "it", "that creature", "them" — cards named before;
   * "each X", "all X", a plural ("the opponent's units", "units you control") — every matching card;
   * "a/an X", "another X", "one of ...", "two X", "up to three X" — the player chooses that many
   * when the effect resolves (a `choose_cards` step run right before the clause).
   */
  affected(np: Ast.NounPhrase | undefined, defaultPlayer: PlayersRef = { kind: "you" }, clause?: Ast.Clause): Affected {
    if (!np) return { kind: "player", ref: defaultPlayer };
    // "they" naming the cards a step before acted on (`theyCards`): those cards, as that step named them.
    if (this.theyCards?.np === np) {
      this.use(np);
      return this.theyCards.cards;
    }
    if (SHARED_SUBJECTS.has(np)) {
      const shared = this.sharedSubjects.get(np)?.affected;
      if (shared) return shared;
      const read = this.affectedOnce(np, defaultPlayer, clause);
      // "Each unit with 2 or less power gets +1 power and gains Taunt.": the cards are chosen once — the first clause takes
      // them, the later ones act on those (IR `set`), so +1 power does not take a unit out of what gains Taunt.
      if (read.kind === "cards" && SHARED_CLAUSE_SUBJECTS.has(np)) {
        const label = `$set${startOffset(np.range)}`;
        this.sharedSubjects.set(np, { ...this.sharedSubjects.get(np), affected: { ...read, set: { label } } });
        return { ...read, set: { label, takes: true } };
      }
      this.sharedSubjects.set(np, { ...this.sharedSubjects.get(np), affected: read });
      return read;
    }
    return this.affectedOnce(np, defaultPlayer, clause);
  }

  /**
   * "Deal 3 damage divided as you choose among one, two or three targets", "... among any number of target creatures
   * and/or players", "... among one or two target creatures": one damage step over the target slots the phrase gives,
   * `divided` (the division is chosen with the targets). The amount must be a number and the phrase must choose targets;
   * otherwise the words are noted where they stand.
   */
  private dividedDamage(clause: Ast.Clause, obj: Ast.NounPhrase | undefined, divided: Ast.PrepPhrase): Step[] {
    const from = clause.subject && !isPlayerPhrase(clause.subject) ? this.damageSource(clause.subject) : undefined;
    if (from === null) return this.unsupported(clause);
    const amount = this.amountOf(obj, 1);
    this.useWords(obj, "damage");
    if (typeof amount !== "number") {
      this.note(obj?.range ?? clause.range, `the engine divides only a fixed amount of damage ("${this.slice(obj?.range ?? clause.range)}"): write a number ("Deal 3 damage divided as you choose among one, two or three targets")`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    let among = divided.object;
    let slots: number | undefined;
    // "any number of target creatures": as many targets as there is damage to divide (each takes at least 1).
    const anyNumber = among.filters[0];
    if (npDeterminers(among).join(" ") === "any" && npWords(among).join(" ") === "number" && anyNumber?.kind === "prep" && anyNumber.prep === "of") {
      this.useDeterminers(among, "any");
      this.useWords(among, "number");
      this.use(anyNumber);
      among = { ...anyNumber.object, filters: [...anyNumber.object.filters, ...among.filters.slice(1)] };
      slots = amount;
    }
    this.dividing = { amount, ...(slots !== undefined ? { slots } : {}) };
    const recipient = this.affected(among);
    this.dividing = undefined;
    if (recipient.kind !== "target" && recipient.kind !== "targets") {
      this.note(divided.range, `damage is divided only among targets ("${this.slice(divided.range)}"): write "among one, two or three targets" or "among any number of target creatures"`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    const indexes = recipient.kind === "targets" ? recipient.indexes : [recipient.index];
    for (const index of indexes) this.targets[index] = { ...this.targets[index]!, divides: amount };
    const count = indexes.length;
    if (count > amount) this.note(divided.object.range, `${amount} damage cannot be divided among ${count} targets (each is dealt at least 1): choose at most ${amount} targets`);
    return [{ op: "damage", amount, to: recipient, ...(from ? { from } : {}), divided: true }];
  }

  /**
   * How many target slots a phrase gives and how many of them must be chosen: "one or two target creatures" (2, 1),
   * "one, two or three targets" (3, 1), "any number of" targets of a divided amount (the amount, 1). Undefined for a
   * phrase with a plain count. The count is marked read here.
   */
  private targetRange(np: Ast.NounPhrase): { slots: number; required: number } | undefined {
    const c = npCount(np);
    if (c?.atLeast !== undefined && c.value !== undefined) {
      this.use(c);
      return { slots: c.value, required: c.atLeast };
    }
    if (this.dividing?.slots !== undefined && !c) return { slots: this.dividing.slots, required: 1 };
    return undefined;
  }

  /**
   * "any number of target creatures", "any number of target players": the engine chooses a fixed number of targets as a
   * card is played (each slot listed), never an open number — CW6001 at the words naming the forms it runs ("up to three
   * target creatures"; "among any number of target creatures" only to divide damage). True when noted.
   */
  noteAnyNumberOfTargets(np: Ast.NounPhrase): boolean {
    const of = np.filters[0];
    if (npDeterminers(np).join(" ") !== "any" || npWords(np).join(" ") !== "number" || of?.kind !== "prep" || of.prep !== "of" || !npDeterminers(of.object).includes("target")) return false;
    const inner = this.slice(of.object.range).replace(/^target\s+/i, "");
    this.note(np.range, `the engine chooses a fixed number of targets as a card is played, not "${this.slice(np.range)}": write "up to three target ${inner}" (any of them may be left out), or "each ${inner.replace(/s\b/, "")}" for all of them; "any number of target creatures" is read only where damage is divided among them`);
    this.use(np);
    return true;
  }

  /** The slots of a ranged target phrase ("one or two target creatures"): one phrase (different values), the first `required` must be chosen. */
  private rangeOfSlots(spec: TargetSpec, range: { slots: number; required: number }): Affected {
    const group = `${this.targets.length}`;
    const indexes: number[] = [];
    for (let i = 0; i < range.slots; i++) indexes.push(this.addTarget({ ...spec, cards: spec.cards && { ...spec.cards }, min: i < range.required ? 1 : 0, group, ...(spec.differsFromPrevious ? { differsFromPrevious: spec.differsFromPrevious + i } : {}) }));
    return { kind: "targets", indexes };
  }

  private affectedOnce(np: Ast.NounPhrase, defaultPlayer: PlayersRef, clause?: Ast.Clause): Affected {
    // "Deal 1 damage to any number of target creatures." (not divided damage): it ran on every card (CW6005 at "number of
    // target creatures"). Now CW6001 at the words, and nothing is chosen.
    if (!this.dividing && this.noteAnyNumberOfTargets(np)) return { kind: "targets", indexes: [] };
    np = unwrapOf(np);
    const dets = npDeterminers(np);
    const words = npWords(np);
    // "Creatures you control get +1/+1 until end of turn. Renew them.": "them" alone after a step on cards, with no
    // players before it, is those cards — as "They ..." opening a clause is (clauseOwnStepsAbout). It was read as a
    // player and noted "names no player" (lead's probe v8).
    // ("them" is the determiner "they" in the tree; as a clause's subject it is clauseOwnStepsAbout's.)
    // After players too ("Exhaust all creatures they control. Renew them."): a verb that acts on cards only makes them the cards.
    const verb = this.currentClause?.verb?.lemma ?? "";
    const onCardsOnly = ACTS_ON_A_CARD.has(verb) && this.currentClause?.object === np;
    if (words.length === 0 && np.filters.length === 0 && dets.join(" ") === "they" && this.currentClause?.subject !== np && this.lastCardsActedOn && ((!this.lastPlayers && !this.eventPlayer && !this.antecedent) || onCardsOnly)) {
      this.useDeterminers(np, "they");
      this.noteReselected(np);
      return this.lastCardsActedOn;
    }
    // "These units can't attack this turn", "Those creatures gain Haste", "Exhaust those units": "these" / "those" with
    // a card noun in the plural names the cards a step before acted on, as "they" / "them" does. The lexer's lemma for
    // "these" is "this": it was read as this card itself, and the sentence did nothing, silently (session 39 probe).
    const backReference = pluralBackReference(np);
    if (backReference) {
      const named = this.namesCardsInGeneral(backReference.noun);
      if (named && this.lastCardsActedOn) {
        this.ledger.carry(np.determiners);
        this.use(np);
        this.noteReselected(np);
        return this.lastCardsActedOn;
      }
      // Nothing before it in this sentence: a spell's sentence of its own goes on with the sentence before (`unmeasured`).
      this.unmeasured.push(np.range);
      this.note(np.range, named
        ? `"${this.slice(np.range)}" names the cards a step before acted on, and no step before it acts on cards: name them ("each unit you control", "target unit")`
        : `"${this.slice(np.range)}": the engine reads "${backReference.determiner}" only as the cards a step before acted on, named by their card type ("${backReference.determiner} cards", "them"); a kind ("${backReference.noun}") may name fewer of them — write "them", or name the cards ("each Knight you control")`);
      return { kind: "targets", indexes: [] };
    }
    const players = this.playerPhrase(np);
    if (players) return { kind: "player", ref: players };
    this.useDeterminers(np, "target", "any", "up to", "this", "it", "that", "they", "each", "all", "every");
    // "from your Graveyard" may hang off the clause rather than the noun phrase.
    const fromPrep = clause?.tail.find((t) => t.kind === "prep" && t.prep === "from") as Ast.PrepPhrase | undefined;
    const withZone: Ast.NounPhrase = fromPrep && !np.filters.some((f) => f.kind === "prep" && (f.prep === "from" || f.prep === "in")) ? { ...np, filters: [...np.filters, fromPrep] } : np;
    const upTo = dets.includes("up to");
    const union = cardOrPlayer(withZone);
    if (union && !dets.includes("target")) {
      this.note(np.range, `the engine chooses a card or a player only as a target: write "target ${union.text}", or name both ("each creature and each player")`);
      return { kind: "player", ref: defaultPlayer };
    }
    if (union) {
      // "target creature or player", "target unit or opponent": one slot that takes either.
      this.useWords(np, "target", "or", "and/or", ...union.playerWords);
      const spec: TargetSpec = { accepts: "any", cards: this.fixedSelector(union.cards, "a target"), players: union.opponent ? "opponent" : "any", min: upTo ? 0 : 1, max: 1, text: this.ownText(np) };
      // "one or two target creatures or players", "up to two target creatures or players": one slot per value, of one phrase.
      const plain = npCount(np);
      const counted = plain && plain.atLeast === undefined ? this.howMany(plain, 1) : undefined;
      const range = this.targetRange(np) ?? (typeof counted === "number" && counted > 1 ? { slots: counted, required: upTo ? 0 : counted } : undefined);
      if (range) return this.rangeOfSlots(spec, range);
      return { kind: "target", index: this.addTarget(spec) };
    }
    if (dets.includes("target")) {
      // "target opponent's creatures": "target" chooses the player, and the phrase means all of their cards — not a
      // target creature. (A single card, "target opponent's creature", is a target creature an opponent controls.)
      const owner = possessor(np);
      const head = np.items.filter((i): i is Ast.WordNode => i.kind === "word").at(-1);
      const one = head && singular(head.text);
      if (owner && PLAYER_WORDS.has(owner.stem) && head && one !== lower(head.text) && !npCount(np)) {
        this.note(np.range, `the engine cannot act on all the cards of a chosen player ("${this.slice(np.range)}"): write "each ${one} an opponent controls" or "target ${one} an opponent controls"`);
        // Noted: read as the cards of that side (what reads-as shows), not as a player.
        return { kind: "cards", selector: this.selector(withZone) };
      }
      // "Target creatures you control each get +1/+1": a plural says how many no more than "target creature" does — one
      // slot would silently be one card.
      const range = this.targetRange(np);
      // "Destroy each target creature.", "Exhaust all target creatures.": "each" / "all" is every such card, "target" the
      // ones the player chooses — two readings, said at the words (it was read as one target, silently).
      const every = dets.find((d) => d === "each" || d === "all" || d === "every");
      if (every && head && !npCount(np) && !range) {
        const plural = one !== lower(head.text) ? lower(head.text) : `${lower(head.text)}s`;
        this.note(np.range, `"${this.slice(np.range)}" says both "${every}" (every ${one}: "${every === "all" ? "all" : "each"} ${every === "all" ? plural : one}") and "target" (the ${plural} the player chooses: "target ${one}", "two target ${plural}", "up to three target ${plural}"): write the one it means`);
      } else if (head && one !== lower(head.text) && !npCount(np) && !upTo && !dets.includes("any") && !range) {
        this.note(np.range, `"${this.slice(np.range)}" does not say how many targets: the engine would choose one; write a number ("two target ${lower(head.text)}", "up to three target ${lower(head.text)}") or "target ${one}"`);
      }
      if (words.includes("target")) this.useWords(np, "target");
      // "any target", and "targets" with no noun ("up to two targets", "each of two targets"): a card or a player, as
      // printed cards mean them (a bare plural read as "target cards", and a player could not be chosen: probe s44 F5).
      const any = words.length === 0 || (words.includes("target") && dets.includes("any"));
      const count = range ? range.slots : this.amountOf(np, 1);
      if (typeof count !== "number") {
        this.note(np.range, `the engine cannot choose a varying number of targets ("${this.slice(np.range)}"); write a number ("up to two target ...")`);
      }
      const slots = typeof count === "number" ? Math.max(1, count) : 1;
      const spec: TargetSpec = any
        ? { accepts: "any", cards: { ...this.fixedSelector(withZone, "a target") }, players: "any", min: 1, max: 1, text: this.ownText(np) }
        : { accepts: "card", cards: this.fixedSelector(withZone, "a target"), min: upTo ? 0 : 1, max: 1, text: this.ownText(np) };
      if (any && !spec.cards!.cardTypes) {
        const permanent = unitType(this.vocab.game);
        if (permanent) spec.cards!.cardTypes = [permanent.name];
      }
      if (upTo && any) spec.min = 0;
      // "... target creature and 1 damage to another target creature": not what this ability's earlier slots hold (and,
      // through the selector's "other", not this card).
      if ((dets.includes("another") || words.includes("other")) && this.targets.length) spec.differsFromPrevious = this.targets.length;
      // "two target creatures", "up to two target creatures": one slot per card, of one phrase (different cards).
      const indexes: number[] = [];
      if (range) {
        const ranged = this.rangeOfSlots(spec, range);
        if (!any && ranged.kind === "targets") this.lastCard = { kind: "target", index: ranged.indexes[0]! };
        return ranged;
      }
      for (let i = 0; i < slots; i++) indexes.push(this.addTarget(slots > 1 || upTo ? { ...spec, cards: spec.cards && { ...spec.cards }, group: `${this.targets.length - i}`, ...(spec.differsFromPrevious ? { differsFromPrevious: spec.differsFromPrevious + i } : {}) } : spec));
      if (!any) this.lastCard = { kind: "target", index: indexes[0]! };
      else if (indexes.length === 1 && !upTo) [this.lastCard, this.lastAnyTarget] = [undefined, indexes[0]!];
      return indexes.length === 1 ? { kind: "target", index: indexes[0]! } : { kind: "targets", indexes };
    }
    const role = this.eventRole(np);
    if (role) return { kind: "card", ref: role };
    if (dets.includes("this")) this.useSelfNouns(np);
    // "Whenever this blocks a creature, it gets +1/+1": "it" opening a clause is the trigger's subject, this card.
    if (words.length === 0 && dets.length === 1 && dets[0] === "it" && this.lastCard === this.eventOther && this.eventOther && this.currentClause?.subject === np && this.trigger?.subject.kind === "self" && !this.triggerWrittenFromOther) return { kind: "card", ref: { kind: "self" } };
    // "Whenever an enemy unit attacks this unit, it ...": "it" could be either card of the trigger (CW6080); it runs the
    // event's other card, the subject as written.
    if (words.length === 0 && dets.length === 1 && dets[0] === "it" && this.triggerWrittenFromOther && this.lastCard === this.eventOther && this.eventOther) {
      const unit = lower(this.vocab.game.cardTypes.find((t) => t.permanent)?.name ?? "card");
      const roles = this.trigger ? triggerContract(this.trigger).roles : undefined;
      const other = roles?.other[0] ? `the ${roles.other[0]} ${unit}` : `the other ${unit}`;
      this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6080", args: { words: "it", other, unit }, message: `"it" could name this card or ${other}` });
    }
    // "Choose a unit you control. Put two power counters on the chosen unit.": the card chosen before in this ability. With no
    // card chosen before in it ("DEATH: Destroy the chosen unit." after "PLAY: Choose an enemy unit."), no choice is kept from
    // one ability to another: said at the words (it was a parse error at "chosen").
    if (words[0] === "chosen" && words.length === 2 && dets.length === 1 && (dets[0] === "the" || dets[0] === "that") && !np.filters.length) {
      if (this.lastCard?.kind === "chosen" || this.lastCard?.kind === "target") {
        this.useDeterminers(np, dets[0]!);
        this.useWords(np, "chosen");
        this.useSelfNouns(np);
        return { kind: "card", ref: this.lastCard };
      }
      this.note(np.range, `"${this.slice(np.range)}" names a card chosen before in the same ability; none is chosen before it here, and the engine keeps no choice from one ability to another: choose it in this ability ("Choose a ${words[1]}. Destroy that ${words[1]}.") or write a target ("target ${words[1]}")`);
      return { kind: "card", ref: { kind: "it" } };
    }
    // "that unit" / "the discarded card" / "it" right after a discard, a sacrifice or an erase in a trigger about a card.
    const taken = dets.includes("this") ? undefined : this.takenReference(np);
    if (taken) return { kind: "card", ref: taken };
    // "it" after a target or a chosen card in the same ability is that card ("Gain control of target creature. Renew it.").
    if (!dets.includes("this") && words.length === 0 && dets.includes("it") && !this.lastCard) this.paidPronoun(np, "it");
    if (!dets.includes("this") && words.length === 0 && dets.length === 1 && dets[0] === "it" && !this.lastCard && this.lastAnyTarget !== undefined) return { kind: "target", index: this.lastAnyTarget };
    if (dets.includes("this") || (words.length === 0 && dets.includes("it"))) return dets.includes("this") ? { kind: "card", ref: { kind: "self" } } : this.itAffected(this.lastCard ?? { kind: "it" });
    if (dets.includes("it") || dets.includes("that") || dets.includes("they")) {
      // "that creature", "that unit": the card named before; its card noun is carried by the reference.
      const ref = this.lastCard ?? (dets.includes("that") && words.length ? this.thatCard(np) : undefined) ?? { kind: "it" };
      // "If a creature would deal damage to this creature, prevent that damage and destroy that creature.": "that creature"
      // is the source, but a replacement's "it" is the card dealt damage — the engine cannot name the source there.
      if (this.replacingSourceOfCard && ref.kind === "it" && dets.includes("that") && words.length) {
        this.note(np.range, `"${this.slice(np.range)}" here is the card dealing the damage, which the engine cannot name in a replacement of damage to a card (its "it" is the card dealt damage): write it of damage to a player ("If a creature would deal damage to you, prevent that damage and destroy that creature."), or as a trigger`);
        return { kind: "card", ref };
      }
      if (dets.includes("that") && (ref.kind !== "it" || this.playerEventCard() || this.replacingSource)) this.useSelfNouns(np);
      return { kind: "card", ref };
    }
    // "the unit with the highest power": one card — among the tied, the player chooses (as for "a unit").
    const withExtreme = np.filters.some((f) => f.kind === "prep" && f.prep === "with" && npWords(f.object).some((w) => EXTREME_WORDS[w] !== undefined));
    if (dets.includes("each") || dets.includes("all") || dets.includes("every")) {
      // "Each player's creature with the lowest power": one card of each player's — the engine would take the lowest
      // over every player's cards together (probe s44 F1), so it is said, and nothing of it runs.
      const owner = possessor(np);
      if (withExtreme && owner && PLAYER_WORDS.has(owner.stem)) this.note(np.range, `"${this.slice(np.range)}" is one card of each player's, but the engine compares the cards of every player together; a player's own is chosen in "Each player sacrifices a creature with the greatest power." or "Each player destroys the creature with the greatest power they control."`);
      return { kind: "cards", selector: this.selector(withZone) };
    }
    // "your opponent's creature", "your unit with the highest power": a possessive before a singular card noun names one
    // card, as "the" does — it was read as every such card (both tied creatures returned: probe s43 F5).
    const head = np.items.filter((i): i is Ast.WordNode => i.kind === "word").at(-1);
    const possessiveSingular = !!head && !npCount(np) && this.cardNoun(lower(head.text)) && !/s$/i.test(head.text) && singular(head.text) === lower(head.text) && (dets.includes("your") || possessor(np) !== undefined) && dets.every((d) => d === "your" || d === "the");
    const theExtreme = withExtreme && ((dets.length === 1 && dets[0] === "the") || possessiveSingular);
    // "the creature", "the Weapon": one card, the one named before — read as "that creature" is, never as every such card
    // (it read as "each Creature": "Whenever this blocks a creature, destroy the creature." destroyed every creature;
    // "Choose a creature. Destroy the creature." too). Nothing named before: the reference's own note ("it" refers to
    // nothing, or names no card here). Only "the" and the card noun are carried: any other word ("the red creature") is reported.
    // "the creature it blocks", "the creatures blocking this": the cards in that combat relation with this one, each of them.
    if (dets.length === 1 && dets[0] === "the" && np.filters.length && np.filters.every((f) => f.kind === "relative" && this.blockRelation(f.clause, f.that))) {
      this.useDeterminers(np, "the");
      return { kind: "cards", selector: this.selector(withZone) };
    }
    const destroyer = this.destroyerOfThis(np);
    if (destroyer) return destroyer;
    if (!theExtreme && this.namesOneCardByThe(np)) {
      this.useDeterminers(np, "the");
      const ref = this.lastCard ?? this.thatCard(np) ?? { kind: "it" };
      if (ref.kind !== "it" || this.playerEventCard()) this.useSelfNouns(np);
      return { kind: "card", ref };
    }
    // (A card type a player holds only one of — Chromatic's Weapon, `max_weapons = 1` — is that one: "your Weapon".)
    const params = this.vocab.game.params;
    const onlyOne = !!head && params["weapon_card_type"] !== undefined && lower(String(params["weapon_card_type"])) === lower(head.text) && Number(params["max_weapons"]) === 1;
    if (possessiveSingular && !theExtreme && !onlyOne) {
      this.note(np.range, `"${this.slice(np.range)}" is one card, but not which: write "target ${lower(head!.text)} …" (chosen as it is played), "a ${lower(head!.text)} …" (chosen as it resolves) or "each ${lower(head!.text)} …"`);
      return { kind: "cards", selector: this.selector(withZone) };
    }
    if (choosesCards(np) || theExtreme) {
      if (theExtreme) this.useDeterminers(np, "the");
      // "a/an/another X": the player chooses one — the one-ness is carried by the choice.
      this.useDeterminers(np, "a", "an", "another", "one");
      const label = `pick${this.chooseCounter++}`;
      const count = this.amountOf(np, 1);
      const min: NumberExpr = upTo ? 0 : count;
      // The clause's player subject chooses ("Each player returns a Unit they control ..."); else you do.
      const chooser: PlayerRef = this.antecedent?.subject && this.antecedent.subject === this.actingSubject ? { kind: "acting" } : { kind: "you" };
      const pickBefore = this.perPlayerPick;
      this.perPlayerPick = { open: chooser.kind === "you" };
      const selector = this.selector(withZone);
      const perPlayer = this.perPlayerPick.players;
      this.perPlayerPick = pickBefore;
      if (perPlayer) this.perPlayerPicks.set(label, perPlayer);
      this.chosenSelectors.set(label, selector);
      this.pending.push({ op: "choose_cards", chooser, selector, min, max: count, label, prompt: `choose ${this.slice(np.range)}` });
      this.lastCard = { kind: "chosen", label };
      return { kind: "card", ref: { kind: "chosen", label } };
    }
    return { kind: "cards", selector: this.selector(withZone) };
  }

  /**
   * "DEATH: Destroy the unit that destroyed this.", "When this is destroyed, deal 2 damage to the unit that destroyed it.":
   * in a trigger on this card being destroyed, the card that destroyed it — the unit whose attack, fight or ability did
   * (the `destroyed` event's other card), read as "When this is destroyed by a unit, destroy that unit" reads it: the
   * ability's trigger gets that object (lowerDestroyerTrigger), so a spell's Destroy or damage (no unit) triggers nothing.
   * Was CW6005 ("destroyed this" unused) and ran on whatever card destroyed it, a spell too.
   */
  destroyerOfThis(np: Ast.NounPhrase): Affected | undefined {
    const trigger = this.trigger;
    if (!trigger || trigger.event !== "destroyed" || trigger.subject.kind !== "self" || trigger.object) return undefined;
    const dets = npDeterminers(np);
    if (dets.length !== 1 || dets[0] !== "the" || np.filters.length !== 1 || npCount(np)) return undefined;
    const f = np.filters[0]!;
    if (f.kind !== "relative" || !f.that || f.clause.subject || f.clause.modal || f.clause.tail.length || !f.clause.verb || !/^destroy(?:ed)?$/.test(lower(f.clause.verb.text))) return undefined;
    const object = f.clause.object;
    const objDets = npDeterminers(object);
    if (!object || objDets.length !== 1 || (objDets[0] !== "this" && objDets[0] !== "it") || !npWords(object).every((w) => this.cardNoun(w))) return undefined;
    const words = npWords(np);
    if (!words.length || !words.every((w) => this.cardNoun(singular(w)))) return undefined;
    this.useDeterminers(np, "the");
    this.use(f);
    this.destroyerSelector = this.selector({ ...np, filters: [] });
    return { kind: "card", ref: { kind: "event_other" } };
  }
  /**
   * "When this is destroyed, return the creature that destroyed it to its owner's hand.": the grammar reads the phrases
   * after "that destroyed it" ("to its owner's hand") into the relative clause, where the effect's verb never sees them
   * (was CW6001 "cannot execute"). In a trigger on this card being destroyed, they are given back to the clause, after
   * "the creature that destroyed it" (read by destroyerOfThis).
   */
  destroyerTailHoisted(clause: Ast.Clause): Ast.Clause {
    const trigger = this.trigger;
    if (!trigger || trigger.event !== "destroyed" || trigger.subject.kind !== "self" || trigger.object) return clause;
    const obj = clause.object;
    const f = obj?.filters[obj.filters.length - 1];
    if (!obj || !f || f.kind !== "relative" || !f.that || !f.clause.tail.length || f.clause.subject || f.clause.modal || !f.clause.verb || !/^destroy(?:ed)?$/.test(lower(f.clause.verb.text))) return clause;
    const objDets = npDeterminers(f.clause.object);
    if (objDets.length !== 1 || (objDets[0] !== "this" && objDets[0] !== "it")) return clause;
    if (!f.clause.tail.every((t) => t.kind === "prep")) return clause;
    return { ...clause, object: { ...obj, filters: [...obj.filters.slice(0, -1), { ...f, clause: { ...f.clause, tail: [] } }] }, tail: [...f.clause.tail, ...clause.tail] };
  }

  /**
   * "Return each unit that isn't a Knight to its owner's hand.", "Put target unit that is a Golem into its owner's
   * Oblivion.": the grammar reads the place after "that is(n't) a <kind>" into the relative clause, where the effect's verb
   * never sees it (was CW6001 "cannot execute"). A place a card goes to ("to", "into", "onto") is given back to the clause.
   */
  beRelativeTailHoisted(clause: Ast.Clause): Ast.Clause {
    const obj = clause.object;
    const f = obj?.filters[obj.filters.length - 1];
    if (!obj || !f || f.kind !== "relative" || !f.that || !f.clause.be || !f.clause.object || f.clause.subject || f.clause.modal || !f.clause.tail.length) return clause;
    if (f.clause.verb && lower(f.clause.verb.text) !== "not") return clause;
    if (!f.clause.tail.every((t) => t.kind === "prep") || !["to", "into", "onto"].includes((f.clause.tail[0] as Ast.PrepPhrase).prep)) return clause;
    return { ...clause, object: { ...obj, filters: [...obj.filters.slice(0, -1), { ...f, clause: { ...f.clause, tail: [] } }] }, tail: [...f.clause.tail, ...clause.tail] };
  }

  /** The cards "the unit that destroyed this" names (destroyerOfThis), for the trigger's object. */
  destroyerSelector?: CardSelector;

  /**
   * "that creature" with no card named before it in the ability: in a trigger about this card, the other card its event
   * carries ("When this blocks, destroy that creature": the attacker); in a trigger about another card, that card.
   * Where the event carries no other card ("When this enters play, destroy that creature"), it names nothing: a note.
   */
  thatCard(np: Ast.NounPhrase): CardRef | undefined {
    // "Whenever a unit you control becomes a defender, put a power counter on that unit.": the card the event is about.
    if (this.trigger?.subject.kind === "card") return { kind: "event_card" };
    if (!this.trigger || this.trigger.subject.kind !== "self") return undefined;
    if (triggerContract(this.trigger).other !== undefined) return { kind: "event_other" };
    this.note(np.range, `"${this.slice(np.range)}" names no card here: "${this.trigger.text}" is about this card alone — write "this", or name the card ("target creature")`);
    return undefined;
  }

  /**
   * Is "it" the card of a player's event the trigger names ("Whenever an opponent plays a unit, deal 1 damage to that
   * unit.": the unit played; "discards a card", "draws a card")? Then "that unit" / "the unit" is that card, its noun
   * carried as "it" carries it — it was CW6005 "does not use 'unit'" while running as written.
   */
  playerEventCard(): boolean {
    return this.trigger?.subject.kind === "player" && this.trigger.object?.kind === "card";
  }

  /** A player reference from a subject ("you" when absent). */
  subjectPlayers(np: Ast.NounPhrase | undefined): PlayersRef {
    if (!np) return { kind: "you" };
    // The clause's acting subject: its steps act for `acting`; clause() runs them once per player when they must.
    if (this.antecedent?.subject === np) {
      this.antecedentPlayers();
      return { kind: "acting" };
    }
    return this.playerPhrase(np) ?? { kind: "you" };
  }
  /** `play`, `the battlefield` (the game's zone of play by its name): where "in play" puts cards. */
  namesPlay(np: Ast.NounPhrase): boolean {
    const words = npWords(np).join(" ");
    const battlefield = this.vocab.zoneOfRole("battlefield");
    return !np.filters.length && npDeterminers(np).every((d) => d === "the") && (words === "play" || (!!battlefield && words === lower(battlefield)));
  }
  /**
   * "each opponent with 3 or more Bleed counters", "each player with 10 or less life": a player subject's `with` phrase is
   * a condition on each of its players, read as "they have ..." of the player acting (`acting`). Undefined when the
   * subject has no such phrase, or one the conditions cannot read (its words stay unused: CW6005).
   */
  playerSubjectCondition(np: Ast.NounPhrase): Condition | undefined {
    const withPrep = np.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "with");
    if (!withPrep || !np.filters.every((f) => f === withPrep)) return undefined;
    const verb: Ast.WordNode = { kind: "word", text: "have", lemma: "have", keyword: true, range: { start: withPrep.range.start, end: withPrep.object.range.start } };
    const has: Ast.Clause = { kind: "clause", range: withPrep.range, verb, object: withPrep.object, tail: [] };
    // "Each player with more cards in hand than you", "each opponent with more life than you": a comparison of two players,
    // read as "who has more cards in hand than you" is (whoHolds: "they" the player). ("more cards in hand than you" was
    // read as "1 or more cards in hand" by the reading below, its "than you" marked used with the rest.) One it cannot read
    // is left unread, said by the word accounting (CW6005).
    let compares = false;
    forEachNode(withPrep.object, (node) => {
      if (node.kind === "prep" && (node as Ast.PrepPhrase).prep === "than") compares = true;
    });
    if (compares) {
      // The parse puts "than you" inside the phrase after "with" ("more cards in hand than you"); after "who has" it is the
      // clause's tail — moved there, the comparison reads the same.
      const split = withoutThan(withPrep.object);
      if (!split) return undefined;
      const notes = this.notes.length;
      const holds = this.whoHolds({ kind: "relative", that: true, pronoun: "who", clause: { ...has, object: split.object, tail: [split.than] }, range: withPrep.range }, { kind: "each_player" });
      this.notes.length = notes;
      return holds;
    }
    const notes = this.notes.length;
    const condition = this.conditionFor(has, { kind: "acting" });
    // Not a condition on a player ("each player with a Vampire"?): left unread, said by the word accounting.
    if (!condition) {
      this.notes.length = notes;
      return undefined;
    }
    // The condition marked what it read: "with two or more face-down creatures in play" is reported at "face-down".
    return condition;
  }
  /**
   * One player where the engine reads one: "each opponent" is the opponent (every game is a duel); "each player" is
   * not one player — a note at the words (it never silently becomes "you").
   */
  onePlayer(ref: PlayersRef, range: Range): PlayerRef {
    if (ref.kind === "each_opponent") return { kind: "opponent" };
    if (ref.kind === "each_player") {
      this.note(range, `the engine reads one player here, not "${this.slice(range)}": name one ("you", "target player", "each opponent"), or start the sentence with the players ("Each player ... for each ... on them")`);
      return { kind: "you" };
    }
    return ref;
  }

  /**
   * A clause's steps for its antecedent's players: where they use "they"/"their" beyond being the actor (a count of
   * their cards, a choice they make), one `per_player` step runs them once per player; else the actor is the players.
   */
  /**
   * "Destroy a creature each player controls.", "Erase a card from each Graveyard.", "Put a creature card from each
   * Discard Pile onto the battlefield under your control.": the choice runs once for each player, among that player's
   * cards (`acting`), the caster choosing every time (the rules texts' "you choose" — no player but the one the text names
   * chooses); the picks are gathered and the act after it is done once on all of them (lower.ts `perPlayer`, as "Each
   * player destroys a creature they control" is). A player with no such card gives no pick.
   */
  perPlayerChoices(steps: Step[], source: SourceRef): Step[] {
    return steps.map((step) => {
      const players = step.op === "choose_cards" && !step.gather ? this.perPlayerPicks.get(step.label) : undefined;
      if (!players || step.op !== "choose_cards") return step;
      this.perPlayerPicks.delete(step.label);
      return { op: "per_player", who: players, steps: [{ ...step, gather: true }], source };
    });
  }

  perPlayer(steps: Step[], source: SourceRef): Step[] {
    if (!this.antecedent || !usesActing(steps)) return steps;
    const players = this.antecedentPlayers();
    // One player ("Target player", "that player") is named directly wherever a player is; several act as the actor only.
    const direct = players.kind === "each_player" || players.kind === "each_opponent" ? steps.map((step) => actingAsActor(step, players)) : (withActingAs(steps, players) as Step[]);
    if (!usesActing(direct)) return direct;
    // "Each player destroys a creature they control", "Each opponent returns a creature they control to its owner's hand":
    // each chooses in turn, then one act on every pick — simultaneous, as "Each player sacrifices a creature" is (a
    // destruction per player would let a watcher destroyed by the first miss the second).
    // Only an act that is the same whoever does it: a summon or a move onto the battlefield enters under the player acting.
    const [choice, act, ...more] = steps;
    const several = players.kind === "each_player" || players.kind === "each_opponent";
    const sameForAnyone = act && (act.op === "destroy" || act.op === "exhaust" || act.op === "ready" || (act.op === "move" && act.to !== this.vocab.zoneOfRole("battlefield")));
    if (several && more.length === 0 && choice?.op === "choose_cards" && sameForAnyone && !usesActing([act]) && JSON.stringify(act).includes(`"label":"${choice.label}"`)) {
      return [{ op: "per_player", who: players, steps: [{ ...choice, gather: true }], source }, act];
    }
    return [{ op: "per_player", who: players, steps, source }];
  }

  /**
   * "Search your deck for a card, reveal it, put it into your hand": the search puts what it finds there (its `to`), one move
   * — never into the hand and then again (which would be two zone changes, each an event others trigger on).
   */
  foundGoes(steps: Step[]): Step[] {
    const [move] = steps;
    if (!this.searchOpen || !this.lastSearch || steps.length !== 1 || move?.op !== "move" || move.position || move.what.kind !== "card" || move.what.ref.kind !== "it") return steps;
    this.lastSearch.to = move.to;
    return [];
  }

  /**
   * "unless its controller pays 3 life", "unless they discard a card", "unless target opponent sacrifices a creature": one
   * player's choice to do something (a payment), not a condition of the game.
   */
  isChoiceToPay(c: Ast.Clause): boolean {
    if (!c.subject || !isPlayerPhrase(c.subject) || !c.verb || c.modal || c.be || !c.object) return false;
    const verb = !c.verb.keyword && /[^s]s$/.test(c.verb.lemma) ? c.verb.lemma.slice(0, -1) : c.verb.lemma;
    // Paying anything ("pays 2 Mana", "pays {G}") is a choice to pay: unlessPaid runs it or says at the words why not.
    if (verb === "pay") return true;
    if (verb === "lose") return npWords(c.object).includes("life");
    return verb === "discard" || verb === "sacrifice";
  }

  /**
   * "Destroy target creature unless its controller pays 3 life.": that player is asked (`may`) whether to pay; paying
   * stops the effect (`otherwise` runs it). A player who cannot pay — not more life than the price (or as much, where the
   * game's `life_payment_may_reach_zero` lets a payment reach 0), fewer cards in hand, nothing of theirs to sacrifice — is
   * not asked: the effect happens (the price is paid in full or not at all).
   */
  unlessPaid(cond: Ast.ConditionPhrase, clause: Ast.Clause, effect: Step[], source: SourceRef): Step[] {
    const c = cond.clause;
    const pays = c.verb!.lemma === "pay" || c.verb!.lemma === "pays";
    // Paying life is losing it (and only what you have).
    const symbols = pays && c.object ? this.symbolPrice(c.object) : undefined;
    const asLowered: Ast.Clause = pays && !symbols ? { ...c, verb: { ...c.verb!, text: "loses", lemma: "lose" } } : c;
    // What lowering the price said about a price it cannot run ("loses {G}") is replaced by the one note below.
    const noted = this.notes.length;
    let price = this.clause(asLowered);
    let step = price.length === 1 ? price[0]! : undefined;
    const who = step && "who" in step ? (step.who as PlayersRef) : undefined;
    // "Each opponent discards a card unless they pay 3 life.", "each player loses 2 life unless they discard a card": each
    // of those players is asked in turn, the effect theirs alone (a per_player run, "they" its acting player). It was
    // CW6001 and ran the effect on every one of them, asking nothing.
    const group = who && (who.kind === "each_opponent" || who.kind === "each_player") && effect.length > 0 && effect.every((s) => "who" in s && (s.who as PlayersRef | undefined)?.kind === who.kind) ? (who as PlayersRef) : undefined;
    if (group) {
      const acting = <T extends Step>(s: T): T => ({ ...s, who: { kind: "acting" } });
      price = price.map(acting);
      step = price[0]!;
      effect = effect.map(acting);
    }
    const single = group ? ({ kind: "acting" } as PlayerRef) : who && who.kind !== "each_player" && who.kind !== "each_opponent" && who.kind !== "acting" ? (who as PlayerRef) : undefined;
    let canPay: Condition | undefined;
    // As a cost is paid (runtime/engine/actions.ts): life stays above 0 unless the game lets payments reach it.
    const toZero = this.vocab.game.params["life_payment_may_reach_zero"] === true;
    const lifeNeeded = (amount: NumberExpr): NumberExpr => (toZero ? amount : typeof amount === "number" ? amount + 1 : { kind: "plus", of: amount, add: 1 });
    // "pays 2 Mana": a resource of the game file the player holds as a pool, no more than they have. Where costs are paid
    // by exhausting lands (CYBERVAMP's Gold) the pool is always empty: asking it would never let anyone pay.
    const pooled = this.keepsPools();
    const resourcePaid = pooled && pays && step?.op === "lose_resource" && single && npWords(c.object).some((w) => lookup(this.vocab.resources, w) !== undefined);
    if (step?.op === "pay") canPay = this.symbolsPaid(price);
    else if (step?.op === "lose_life" && single) canPay = pays ? { kind: "life_at_least", who: single, value: lifeNeeded(step.amount) } : undefined;
    else if (resourcePaid && step?.op === "lose_resource") canPay = { kind: "compare", left: { kind: "resource", of: single!, resource: step.resource }, op: ">=", right: step.amount };
    else if (step?.op === "discard" && single && !step.filter && !step.random && !step.upTo) canPay = { kind: "compare", left: { kind: "hand_size", of: single }, op: ">=", right: step.amount };
    else if (step?.op === "sacrifice" && single && typeof step.amount === "number") canPay = { kind: "controls", who: single, selector: step.selector, atLeast: step.amount };
    if (!step || !single || (!canPay && !(step.op === "lose_life" && !pays))) {
      this.notes.length = noted;
      const symbolic = paysCostSymbols(this.vocab.game) ? this.symbolExamples() : undefined;
      this.note(cond.range, `the engine cannot ask a player "${this.slice(c.range)}" yet: it asks one named player to pay life${pooled && this.vocab.game.resources.length ? " or an amount of a resource" : ""}${symbolic ? " or cost symbols" : ""}, discard, sacrifice or lose life ("unless its controller pays 3 life", ${pooled && this.vocab.game.resources[0] ? `"unless its controller pays 2 ${this.vocab.game.resources[0].name}", ` : ""}${symbolic ? `${symbolic}, ` : ""}"unless they discard a card")`);
      return effect;
    }
    // The price's words were marked as it was read (this.clause): a kind it does not read ("discards a legendary card") is
    // reported, not asked as any card.
    const ask: Step = { op: "may", who: single, steps: price, otherwise: effect, prompt: `${this.slice(c.range)} (else: ${this.slice({ start: clause.range.start, end: cond.range.start }).trim()})`, source };
    const asked: Step[] = canPay ? [{ op: "if", condition: canPay, then: [ask], else: effect, source }] : [ask];
    return group ? [{ op: "per_player", who: group, steps: asked, source }] : asked;
  }

  // --- durations and conditions ------------------------------------------------------------------
  /**
   * A control change's duration: "for as long as you control this" (IR `while_source`: it ends as this card leaves play or
   * another player gains control of it — runtime/mechanics/control.ts), else as any effect's.
   */
  controlDuration(clause: Ast.Clause): Duration {
    const cond = trailingCondition(clause);
    if (cond && whileYouControlThis(cond)) {
      this.use(cond);
      // A card never in play (a Spell) is never controlled in play: the change would end as it is made.
      if (!this.own?.permanent) this.note(cond.range, `"${this.slice(cond.range)}": this card is never in play, so you never control it there and the change of control would end at once; it cannot run this`);
      return { kind: "while_source" };
    }
    return this.duration(clause);
  }
  duration(clause: Ast.Clause): Duration {
    for (const t of clause.tail) {
      if (t.kind === "prep" && t.prep === "until") {
        // Only the words of a duration the engine runs: "until the end of your next turn" is not "until end of turn"
        // (its words are left unread: CW6005 at them, never a shorter duration in silence).
        const kind = untilDuration(this.slice(t.object.range));
        // "until end of combat" in a game that fights in its main phase (Three-Slot Duel: "there is no separate combat
        // phase"): no moment is the end of combat — said at the words, never read as the end of the turn in silence.
        if (kind === "end_of_combat" && !combatPhase(this.vocab.game.phases)) {
          this.note(t.range, `"${this.slice(t.range)}": this game has no combat phase (its attacks happen in the ${this.vocab.game.phases.find((p) => !p.auto)?.name ?? "main"} phase), so no moment is the end of combat — write "until end of turn"`);
          this.use(t);
          return { kind: "permanent" };
        }
        if (kind) {
          this.use(t);
          // "your opponent's next turn": whose turn it is, carried by the duration's kind.
          if (kind === "until_opponent_next_turn" || kind === "end_of_opponent_next_turn") this.carryOwner(t);
          return { kind };
        }
        continue;
      }
      if (t.kind === "timing" && t.which === "this" && !t.combat) {
        this.use(t);
        return { kind: "end_of_turn" };
      }
      // "for the rest of the turn" / "for the rest of this turn": until end of turn, in other words.
      if (isRestOfTurn(t)) {
        this.use(t);
        return { kind: "end_of_turn" };
      }
      // "for the rest of the game": no end — what an effect that names no duration does (a one-shot modifier on the cards
      // it names as it resolves, kept while each stays in play).
      if (restOf(t) === "game") {
        this.use(t);
        return { kind: "permanent" };
      }
    }
    return { kind: "permanent" };
  }

  /**
   * A condition about players: "each player has ..." holds for both players, "a player has ..." for either (every game
   * is a duel); one player otherwise.
   */
  condition(clause: Ast.Clause): Condition | undefined {
    return this.readingCondition(clause.range, () => this.conditionRead(clause));
  }
  private conditionRead(clause: Ast.Clause): Condition | undefined {
    // "If you already control a Vampire": a condition is checked as it stands when it is checked — what "already" says.
    this.use(clause.already);
    if (this.asksBeforeItActed(clause)) {
      const written = this.slice(clause.range);
      this.note(clause.range, `the engine checks "${written}" as it is now, after what this ability did before it, not as it was before: put the check first ("If ${written.replace(/\balready\s+/i, "").replace(/\bhad\b/i, "have").replace(/\bhadn['’]t\b/i, "don't have")}, …" before the effect) — or, for a card the ability took out of play, "it had …" is read as it last was`);
      return undefined;
    }
    // "If target creature is exhausted, destroy it. Otherwise, exhaust it.": the condition's subject is a target card of the
    // ability, chosen as it is played (as "Choose target creature." chooses it); the condition reads it as "it" does, and so
    // do the effects after it. (It was CW6001 "condition not understood", run as always true.)
    const targeted = clause.subject;
    if (targeted && !targeted.also && npDeterminers(targeted).includes("target") && !npDeterminers(targeted).includes("up to") && !npCount(targeted) && !isPlayerPhrase(targeted) && !cardOrPlayer(targeted)) {
      const read = this.affected(targeted);
      if (read.kind === "target") {
        const it: Ast.NounPhrase = { kind: "np", determiners: [{ kind: "determiner", lemma: "it", text: "it", range: targeted.range }], items: [], filters: [], range: targeted.range };
        return this.condition({ ...clause, subject: it });
      }
    }
    // "If target player has 5 or less life, ...": the condition read for the player chosen (targetPlayerOf).
    const targetPlayer = this.targetPlayerOf(clause.subject);
    if (targetPlayer) return this.conditionFor(clause, targetPlayer);
    // "Target player loses 2 life if they have 5 or less life.": "they" is the target player the clause is about.
    const they = clause.subject && !clause.subject.also?.length && npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "they" ? this.lastPlayers : undefined;
    if (they?.kind === "target" && this.targets[they.index]?.accepts === "player") {
      this.use(clause.subject);
      this.ledger.carry(clause.subject!);
      return this.conditionFor(clause, they);
    }
    // "If no unit was destroyed this turn", "if no opponent controls a Vampire": the clause read with "a", negated.
    const no = clause.subject?.determiners.find((d) => d.kind === "determiner" && d.lemma === "no");
    if (no && clause.subject) {
      this.use(no);
      const some = { ...no, lemma: "a", text: "a" };
      return negation(this.condition({ ...clause, subject: { ...clause.subject, determiners: clause.subject.determiners.map((d) => (d === no ? some : d)) } }));
    }
    // "If a player was dealt damage this way, they ...": one player (the damage's), never "either player" (conditionFor).
    if (isDealtThisWay(clause)) return this.conditionFor(clause);
    const subject = clause.subject && isPlayerPhrase(clause.subject) ? clause.subject : undefined;
    const dets = npDeterminers(subject);
    // Only "each/a/any player" itself: a word more ("each other player", "an opposing player", "the defending player") names
    // one player, read by conditionFor — never both with the word dropped.
    const quantified =
      subject &&
      npWords(subject).some((w) => w === "player" || w === "players") &&
      npWords(subject).every((w) => w === "player" || w === "players") &&
      dets.every((d) => ["each", "every", "all", "a", "an", "any"].includes(d)) &&
      (dets.includes("each") || dets.includes("all") || dets.includes("a") || dets.includes("any"));
    if (!quantified) return this.conditionFor(clause);
    this.use(subject.determiners, subject.items);
    const each = dets.includes("each") || dets.includes("all");
    const parts = (["you", "opponent"] as const).map((kind) => this.conditionFor(clause, { kind }));
    if (parts.some((c) => !c)) return undefined;
    return { kind: each ? "all" : "any", conditions: parts as Condition[] };
  }

  /**
   * "you have played a spell", "an opponent hasn't discarded a card", "you haven't attacked": a perfect the parser read as
   * the verb "have" with the participle as its object (and the real object as a complement) — the clause with the
   * participle as its verb, and whether "haven't" / "hasn't" negates it. Undefined for any other clause ("you have two
   * cards in hand").
   */
  perfectTense(clause: Ast.Clause): { clause: Ast.Clause; negated: boolean; not?: Ast.WordNode } | undefined {
    const have = clause.verb ? lower(clause.verb.text).replace(/\u2019/g, "'") : "";
    if (!/^(?:have|has|haven't|hasn't|have not|has not)$/.test(have) || clause.be || clause.modal || !clause.object) return undefined;
    // "you have not played a unit this turn": the parser reads "not" as the first word of the object.
    const first = clause.object.items[0];
    const not = /^(?:have|has)$/.test(have) && clause.object.items.length > 1 && first?.kind === "word" && lower(first.text) === "not" ? first : undefined;
    const obj = not ? { ...clause.object, items: clause.object.items.slice(1), range: spanOf(clause.object.items[1]!.range, clause.object.range) } : clause.object;
    const word = obj.items[0];
    // "you have lost life": the participle and its object read as one phrase ("lost life"); "you have played a spell": the
    // participle alone, its object a complement.
    const rest: Ast.NounPhrase | undefined = obj.items.length > 1 && !obj.determiners.length && !clause.complement && clause.tail.some((t) => t.kind === "timing") ? { ...obj, items: obj.items.slice(1), range: spanOf(obj.items[1]!.range, obj.range) } : undefined;
    if ((obj.items.length !== 1 && !rest) || obj.determiners.length || (obj.filters.length && !rest) || obj.also?.length || word?.kind !== "word") return undefined;
    const text = lower(word.text);
    const participle = (/ed$/.test(text) && word.lemma !== text) || PARTICIPLES.has(text);
    if (!participle) return undefined;
    const complement = rest ?? (clause.complement?.kind === "np" ? clause.complement : undefined);
    if (clause.complement && !complement) return undefined;
    const verb: Ast.WordNode = PARTICIPLE_LEMMAS[text] && word.lemma === text ? { ...word, lemma: PARTICIPLE_LEMMAS[text]! } : word;
    return { clause: { ...clause, verb, object: complement, complement: undefined }, negated: /n't$|not$/.test(have) || !!not, ...(not ? { not } : {}) };
  }

  conditionFor(clause: Ast.Clause, player?: PlayerRef): Condition | undefined {
    return this.readingCondition(clause.range, () => this.conditionForRead(clause, player));
  }
  private conditionForRead(clause: Ast.Clause, player?: PlayerRef): Condition | undefined {
    // "you don't control a Soldier", "this unit didn't attack this turn": the clause read without "don't", negated — one
    // mechanism for every condition (the readings below see no modal; "isn't"/"not" are theirs).
    if (clause.modal?.lemma === "doesn't") {
      this.ledger.carry(clause.modal);
      return negation(this.conditionFor({ ...clause, modal: undefined }, player));
    }
    // "If you haven't played a spell this turn", "if an opponent has discarded a card this turn", "if you have attacked this
    // turn": the perfect read as the past ("you played a spell this turn"), "haven't" / "hasn't" negated as "didn't" is (the
    // parser takes "have" as the verb, the participle as its object and the real object as a complement: it was CW6001).
    const perfect = this.perfectTense(clause);
    if (perfect) {
      if (perfect.negated) {
        this.ledger.carry(clause.verb, perfect.not);
        return negation(this.conditionFor(perfect.clause, player));
      }
      const read = this.conditionFor(perfect.clause, player);
      if (read) this.use(clause.verb);
      return read;
    }
    // "If it wasn't destroyed this way", "if that creature wasn't dealt damage this turn": the clause read with "was",
    // negated — as "doesn't" above. Only this reader carries "wasn't" (word-accounting.ts: a reader of "was" never does).
    if (clause.be && /^(?:(?:wasn|weren)['’]t|(?:was|were)[ \t]+not)$/i.test(clause.be.text)) {
      this.ledger.carry(clause.be);
      return negation(this.conditionFor({ ...clause, be: { ...clause.be, text: /^weren/i.test(clause.be.text) ? "were" : "was" } }, player));
    }
    // "your hand is not empty", "your field is not empty": the parser reads "not" as the verb and "empty" as its object —
    // read as "is empty", negated (it was CW6001 "condition not understood", run as always true).
    const notWord = clause.object?.items[0];
    if (clause.be && /^(?:is|are)$/i.test(clause.be.text) && lower(clause.verb?.text ?? "") === "not" && clause.object && !clause.object.determiners.length && !clause.object.filters.length && clause.object.items.length === 1 && notWord?.kind === "word" && lower(notWord.text) === "empty" && !clause.modal && !clause.tail.length) {
      // "your unit slots are not empty": as "aren't empty", two readings (it ran as "not all of them empty").
      if (!player && clause.subject && battlefieldSlots(this.vocab.game) !== undefined && npWords(clause.subject).some((w) => /^slots?$/i.test(w))) return this.slotsNotEmpty(clause, clause.subject) ?? undefined;
      const read = this.conditionFor({ ...clause, verb: notWord, object: undefined }, player);
      if (!read) return undefined;
      this.ledger.carry(clause.verb);
      return read.kind === "compare" && read.op === "=" && read.right === 0 ? { ...read, op: ">=", right: 1 } : negation(read);
    }
    // "If a player was dealt damage this way", "if it wasn't dealt damage this way" (negated above)
    if (!player && isDealtThisWay(clause)) return this.dealtThisWayCondition(clause) ?? undefined;
    // "If there are five or more cards in your Graveyard", "if there is no unit on your field": how many there are.
    const thereIs = player ? undefined : this.thereIsCondition(clause);
    const there = thereIs !== undefined ? thereIs : player ? undefined : this.zoneContentsCondition(clause);
    if (there !== undefined) return there ?? undefined;
    // "If your field is full", "if your opponent's field isn't full": a zone of play with slots, full — no empty slot.
    const full = player ? undefined : this.fullZoneCondition(clause);
    if (full !== undefined) return full ?? undefined;
    const compared = player ? undefined : this.playersCompared(clause);
    if (compared !== undefined) return compared ?? undefined;
    const words = player ? [] : [...npWords(clause.subject), ...npDeterminers(clause.subject)];
    const obj = clause.object;
    const objWords = npWords(obj);
    const c = npCount(obj);
    // "you have 5 or less life" / "your life is 5 or less" — a player's life total, nothing else: "its controller pays
    // 3 life" is no condition on anyone's life (it was read as "you have 3 or less life").
    const lifeVerb = clause.be !== undefined || clause.verb?.lemma === "have";
    const lifeOwner = player ? "given" : words.some((w) => w.startsWith("opponent")) ? "opponent" : words.every((w) => w === "you" || w === "your" || w === "life" || w === "total") ? "you" : undefined;
    if ((objWords.includes("life") || words.includes("life")) && lifeVerb && lifeOwner) {
      const who: PlayerRef = player ?? (lifeOwner === "opponent" ? { kind: "opponent" } : { kind: "you" });
      // "your life isn't 10", "your life total is not less than 5", "your opponent's life isn't 5 or less": the comparison
      // turned round (the negation was dropped: "isn't 10" ran as "exactly 10", silently).
      const lifeNegated = (!!clause.be && /(?:n['’]t|\snot)$/i.test(clause.be.text)) || npDeterminers(obj).includes("not") || lower(clause.verb?.text ?? "") === "not";
      if (lifeNegated) {
        const read = this.conditionFor({ ...clause, be: clause.be && { ...clause.be, text: clause.be.text.replace(/(?:n['’]t|\s+not)$/i, "") }, object: obj && { ...obj, determiners: obj.determiners.filter((d) => !(d.kind === "determiner" && d.lemma === "not")) }, verb: lower(clause.verb?.text ?? "") === "not" ? undefined : clause.verb }, player);
        if (!read) return undefined;
        this.carryNegations(clause.be, clause.verb, obj?.determiners);
        if (read.kind === "life_at_most" && typeof read.value === "number") return { kind: "life_at_least", who: read.who, value: read.value + 1 };
        if (read.kind === "life_at_least" && typeof read.value === "number") return { kind: "life_at_most", who: read.who, value: read.value - 1 };
        return negation(read);
      }
      // "your opponent's life is greater than 7": the possessive says whose life — read (it was CW6005 at "opponent's").
      if (!player) this.carryOwner(clause.subject);
      if (!c) {
        // "your life is greater than 5", "your opponent's life is less than 10": the comparison word read as the verb, its
        // number after "than" (it was read as "0 or less life", silently).
        const than = clause.be && !obj ? thanComparison(clause) : undefined;
        if (!than) {
          this.note(clause.range, `the engine cannot read the number in "${this.slice(clause.range)}": write "you have 5 or less life", "your life is 10 or more" or "your life is greater than 5"`);
          return undefined;
        }
        this.use(clause, clause.tail);
        return { kind: "compare", left: { kind: "life", of: who }, op: than.op, right: than.value };
      }
      // The object's number and "life" (or "life total"): another word there ("life remaining", "life and Armor") is the
      // reader's to report, not to swallow.
      // "your life is below 5", "an opponent's life is over 10": the word after "is" compares, strictly. Only "have" and
      // those words are read as the verb here: any other is left for the word accounting ("below" was marked read and
      // dropped: "your life is below 5" ran as "exactly 5").
      const beyond = clause.be && clause.verb && !c.comparison ? BEYOND_COMPARISON[lower(clause.verb.text)] : undefined;
      const verbRead = clause.verb && (clause.verb.lemma === "have" || beyond) ? clause.verb : undefined;
      this.use(clause.subject, clause.each, clause.modal, clause.be, verbRead, obj?.determiners, obj?.items.filter((i) => i.kind !== "word" || LIFE_OBJECT_WORDS.has(lower(i.text))));
      // "If you have X or less life": X is the number the card defines, read as the condition is checked.
      const value = c.variable ? this.count(c) : (c.value ?? 0);
      if (beyond) return { kind: "compare", left: { kind: "life", of: who }, op: beyond, right: value };
      // "you have 5 life" / "you have exactly 5 life": that total, not "5 or less".
      if (c && !c.comparison) return { kind: "compare", left: { kind: "life", of: who }, op: "=", right: value };
      return c?.comparison === "more" || c?.comparison === "greater" ? { kind: "life_at_least", who, value } : { kind: "life_at_most", who, value };
    }
    // "you have an empty slot", "an opponent has two or more free slots", "you have no empty slots", "you have one or
    // fewer empty slots": the player's empty slots (IR `empty_slots`) compared as the engine counts them when the condition
    // is checked — the slots the game gives a player's zone of play (zone-roles.ts battlefieldSlots: `param unit_slots`,
    // else the zone's `slots`), the one reader the engine fills them by. "two empty slots" is at least two.
    // "an empty unit slot", "a free field slot": the game's permanent card type, or its zone of play, may name the slot.
    const play = this.vocab.zoneOfRole("battlefield");
    const namesSlot = (w: string) => {
      const type = lookup(this.vocab.cardTypes, w) ?? lookup(this.vocab.cardTypes, w.replace(/s$/, ""));
      return (type !== undefined && this.vocab.game.cardTypes.find((t) => t.name === type)?.permanent === true) || (play !== undefined && lookup(this.vocab.zones, w) === play);
    };
    const slotWords = objWords.filter((w) => w !== "exactly" && !namesSlot(w));
    const exactly = objWords.includes("exactly");
    if (clause.verb?.lemma === "have" && obj && battlefieldSlots(this.vocab.game) !== undefined && slotWords.some((w) => w === "slot" || w === "slots") && slotWords.some((w) => w === "empty" || w === "free" || w === "open") && slotWords.length === 2 && objWords.length - slotWords.length <= (exactly ? 2 : 1) && !obj.filters.length && (!c || (c.value !== undefined && c.atLeast === undefined)) && (!exactly || (c && !c.comparison))) {
      this.use(clause.subject, clause.verb, obj);
      const who: PlayerRef = player ?? (words.some((w) => w.startsWith("opponent")) ? { kind: "opponent" } : { kind: "you" });
      const empty: NumberExpr = { kind: "empty_slots", of: who };
      if (npDeterminers(obj).includes("no")) return { kind: "compare", left: empty, op: "=", right: 0 };
      const fewer = c?.comparison === "fewer" || c?.comparison === "less";
      return { kind: "compare", left: empty, op: exactly ? "=" : fewer ? "<=" : ">=", right: c?.value ?? 1 };
    }
    // "you control a Vampire" / "you control two or more units" / "you control no other units" /
    // "you control two or fewer units" / "an opponent controls a Knight"
    // "you have three or more Facets", "an opponent has no Facets": the cards of a zone its head noun names that a player
    // has are the ones they control there.
    const holds = clause.verb?.lemma === "have" && !!obj && !obj.filters.length && objWords.some((w) => this.zoneOfHeadNoun(w) !== undefined && this.zoneOfHeadNoun(w) !== this.vocab.zoneOfRole("battlefield"));
    // "you have two or more creatures in play", "each opponent with no creatures in play": the cards a player has in play
    // are the ones they control.
    const inPlay = clause.verb?.lemma === "have" && obj ? obj.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "in" || f.prep === "on") && this.namesPlay(f.object)) : undefined;
    // "your opponent has two or more units", "you have no creatures": cards of a permanent type a player has, with no
    // zone said, are the ones they control ("Unit cards" — cards — and "units in your Graveyard" are read below).
    const permanents = clause.verb?.lemma === "have" && !!obj && !obj.filters.length && !clause.tail.length && this.namesPermanents(obj);
    // "As long as you wield a Weapon", "if an opponent wields a Weapon" (Chromatic 4.4: "A player may wield only one Weapon at
    // a time"): a Weapon a player wields is one they control (it was CW6001, run as always true).
    const wields = /^wields?$/i.test(clause.verb?.text ?? "") && !clause.be && !clause.modal && !!obj && npWords(obj).some((w) => lookup(this.vocab.cardTypes, w) !== undefined || lookup(this.vocab.cardTypes, singular(w)) !== undefined);
    if ((clause.verb?.lemma === "control" || holds || inPlay || permanents || wields) && obj) {
      // "you control each Knight", "an opponent controls all units", "you control both Knights": whether a player controls
      // every such card is no count the engine reads (it was read as "a Knight", the determiner dropped).
      if (this.universalCount(obj, this.slice(clause.range))) {
        this.ledger.carry(clause);
        return undefined;
      }
      this.use(clause.verb, c, inPlay);
      this.useDeterminers(obj, "a", "an", "no");
      // Whose cards: the subject read as a player, each of its words ("each other player" is an opponent; "the defending
      // player", "its controller", "target player" are those players; "a player" names nobody here).
      const who: PlayerRef = player ?? this.controllingPlayer(clause.subject);
      const selector = this.selector(inPlay ? { ...obj, filters: obj.filters.filter((f) => f !== inPlay) } : obj);
      if (npDeterminers(obj).includes("no")) return { kind: "not", condition: { kind: "controls", who, selector, atLeast: 1 } };
      // "If you control X or more units": X is the number the card defines, the count compared as the condition is checked.
      if (c?.variable && (who.kind === "you" || who.kind === "opponent")) {
        const fewer = c.comparison === "less" || c.comparison === "fewer";
        return { kind: "compare", left: { kind: "count", of: { ...selector, controller: who.kind } }, op: fewer ? "<=" : ">=", right: this.count(c) };
      }
      const value = c?.value ?? 1;
      // "you control exactly three units": that many, no more (the count of what that player controls).
      if (objWords.includes("exactly") && c && !c.comparison && (who.kind === "you" || who.kind === "opponent")) {
        this.useWords(obj, "exactly");
        return { kind: "compare", left: { kind: "count", of: { ...selector, controller: who.kind } }, op: "=", right: value };
      }
      if (c?.comparison === "less" || c?.comparison === "fewer") return { kind: "not", condition: { kind: "controls", who, selector, atLeast: value + 1 } };
      return { kind: "controls", who, selector, atLeast: value };
    }
    // "that player has Bleed counters" / "you have 3 or more Bleed counters" / "an opponent has no Bleed counters"
    const counter = objWords.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
    const cardCounters = !player && counter ? this.cardCountersCondition(clause, counter) : undefined;
    if (cardCounters) return cardCounters;
    // "If it had a +1/+1 counter on it" (CYBERVAMP, Chromatic: a +1/+1 counter is a counter of each stat, as "Put a +1/+1
    // counter on it" puts them): each of those counters, on one card — after it left play, as it last was in play.
    const pairCounters = !player && !counter && obj?.items.some((i) => i.kind === "stats") && (objWords.includes("counter") || objWords.includes("counters")) ? this.cardPairCountersCondition(clause) : undefined;
    if (pairCounters) return pairCounters;
    if (clause.verb?.lemma === "have" && counter && (objWords.includes("counter") || objWords.includes("counters"))) {
      this.use(clause.verb, obj);
      const who = player ?? (clause.subject ? this.onePlayer(this.playerPhrase(clause.subject) ?? { kind: "you" }, clause.subject.range) : { kind: "you" as const });
      const left: NumberExpr = { kind: "counters", of: { player: who }, counter };
      if (npDeterminers(obj).includes("no")) return { kind: "compare", left, op: "=", right: 0 };
      if (!c || c.value === undefined) return { kind: "compare", left, op: ">", right: 0 };
      const op = comparisonOp(c);
      return { kind: "compare", left, op, right: c.value };
    }
    // "you have 3 or more Crystals" / "an opponent has no Crystals" / "you have exactly 2 Crystals": a resource of the game.
    const resourceWords = objWords.filter((w) => w !== "exactly");
    const resource = resourceWords.length === 1 && !obj!.filters.length ? lookup(this.vocab.resources, resourceWords[0]!) ?? lookup(this.vocab.resources, singular(resourceWords[0]!)) : undefined;
    if (clause.verb?.lemma === "have" && resource && (objWords.length === 1 || (c && !c.comparison))) {
      // "If you have both Crystals", "each Crystal": no count (it was read as "1 or more Crystals").
      if (this.universalCount(obj!, this.slice(clause.range))) {
        this.ledger.carry(clause);
        return undefined;
      }
      this.use(clause.verb, obj);
      const who = player ?? (clause.subject ? this.onePlayer(this.playerPhrase(clause.subject) ?? { kind: "you" }, clause.subject.range) : { kind: "you" as const });
      const left: NumberExpr = { kind: "resource", of: who, resource };
      if (npDeterminers(obj).includes("no")) return { kind: "compare", left, op: "=", right: 0 };
      if (!c || c.value === undefined) return { kind: "compare", left, op: ">", right: 0 };
      const op = comparisonOp(c);
      return { kind: "compare", left, op, right: c.value };
    }
    // "you have no cards in hand" / "you have 3 or more cards in your hand" / "an opponent has two or fewer cards in hand"
    const inHand = obj?.filters.find((f) => f.kind === "prep" && f.prep === "in" && npWords(f.object).includes("hand")) as Ast.PrepPhrase | undefined;
    // Only bare cards: "two or more Red cards in hand" counts the Red ones (the zone count below) — it was read as the hand's
    // size, the kind dropped (found by an insertion probe of the corpus, session 36).
    if (clause.verb?.lemma === "have" && inHand && (objWords.includes("card") || objWords.includes("cards")) && objWords.every((w) => w === "card" || w === "cards" || w === "exactly")) {
      // "If you have every card in your hand": no count (it was read as "1 or more cards in hand").
      if (this.universalCount(obj!, this.slice(clause.range))) {
        this.ledger.carry(clause);
        return undefined;
      }
      const who = player ?? (clause.subject ? this.onePlayer(this.playerPhrase(clause.subject) ?? { kind: "you" }, clause.subject.range) : { kind: "you" as const });
      if (!this.zoneIsSubjects(inHand, who, clause)) return undefined;
      this.use(clause.verb, obj, inHand);
      // "an opponent has two cards in their hand": the subject's hand (hand_size of who).
      this.carryOwner(inHand);
      const left: NumberExpr = { kind: "hand_size", of: who };
      if (npDeterminers(obj).includes("no")) return { kind: "compare", left, op: "=", right: 0 };
      if (!c || c.value === undefined) return { kind: "compare", left, op: ">", right: 0 };
      const op = comparisonOp(c);
      return { kind: "compare", left, op, right: c.value };
    }
    // "you have five or more cards in your graveyard" / "an opponent has no creature cards in their discard pile": the
    // cards of a zone other than the hand, counted (whose: you or an opponent, as a selector says it).
    const inZone = obj?.filters.find((f) => f.kind === "prep" && f.prep === "in") as Ast.PrepPhrase | undefined;
    if (clause.verb?.lemma === "have" && inZone && (objWords.includes("card") || objWords.includes("cards"))) {
      if (this.universalCount(obj!, this.slice(clause.range))) {
        this.ledger.carry(clause);
        return undefined;
      }
      const who = player ?? (clause.subject ? this.playerPhrase(clause.subject) : undefined) ?? { kind: "you" as const };
      const owner = who.kind === "you" ? "you" : who.kind === "opponent" ? "opponent" : undefined;
      if (owner && !this.zoneIsSubjects(inZone, who, clause)) return undefined;
      // Whose zone is the subject's ("their discard pile" after "an opponent has"): the owner below says it.
      const zone: Ast.PrepPhrase = { ...inZone, object: { ...inZone.object, determiners: inZone.object.determiners.filter((d) => !(d.kind === "determiner" && (d.lemma === "their" || d.lemma === "your"))) } };
      const selector = owner ? this.selector({ ...obj!, determiners: obj!.determiners.filter((d) => !(d.kind === "determiner" && d.lemma === "no")), filters: obj!.filters.map((f) => (f === inZone ? zone : f)) }) : undefined;
      if (owner && selector?.zones?.length) {
        this.use(clause.subject, clause.verb, c, inZone);
        this.carryOwner(inZone);
        this.useDeterminers(obj, "no");
        this.useWords(obj, "card", "cards");
        const left: NumberExpr = { kind: "count", of: { ...selector, owner } };
        if (npDeterminers(obj).includes("no")) return { kind: "compare", left, op: "=", right: 0 };
        if (!c || c.value === undefined) return { kind: "compare", left, op: ">", right: 0 };
        const op = comparisonOp(c);
        return { kind: "compare", left, op, right: c.value };
      }
    }
    // "if that creature is destroyed this way", "if a card was discarded this way"
    const thisWay = player ? undefined : this.thisWayCondition(clause);
    if (thisWay !== undefined) return thisWay ?? undefined;
    // "you played a creature this turn", "an opponent cast two or more spells this turn" (negated above: "didn't play")
    const played = this.playedThisTurn(clause, player);
    if (played !== undefined) return played ?? undefined;
    // "a creature died this turn", "two or more units you control were destroyed this turn"
    const destroyed = player ? undefined : this.destroyedThisTurn(clause);
    if (destroyed !== undefined) return destroyed ?? undefined;
    // "if you attacked this turn", "if they didn't attack with a creature this turn" (negated above)
    const playerAttacked = this.playerAttackedThisTurn(clause, player);
    if (playerAttacked !== undefined) return playerAttacked ?? undefined;
    // "if you lost life this turn", "if an opponent gained 3 or more life this turn" (negated above: "didn't lose life")
    const life = this.playerLifeThisTurn(clause, player);
    if (life) return life;
    // "if this unit attacked this turn", "if it didn't attack this turn" (negated above)
    const attacked = player ? undefined : this.attackedThisTurnCondition(clause);
    if (attacked) return attacked;
    // "if a creature you control attacked this turn", "if two or more Vampires you control attacked this turn" (it was
    // CW6001 "condition not understood", run as always true)
    const cardsAttacked = player ? undefined : this.cardsAttackedThisTurn(clause);
    if (cardsAttacked !== undefined) return cardsAttacked ?? undefined;
    // "while attacking", "as long as this is blocking", "as long as it's a defender"
    const state = player ? undefined : this.cardStateCondition(clause);
    if (state) return state.condition;
    // "if it's a Vampire", "if that creature is a Vampire", "unless it is a token"
    const kindOf = player ? undefined : this.cardKindCondition(clause);
    if (kindOf) return kindOf;
    // "if it's your Post-Battle phase", "as long as it is an opponent's Battle phase", "if it isn't your Pre-Battle phase":
    // the phases of "Activate only during ..." (it was CW6001 "condition not understood", run as always true).
    const itIs = (!!clause.verb && /^it['’]s(?:[ \t]+not)?$/i.test(clause.verb.text) && !clause.subject) || (!!clause.be && !clause.verb && npDeterminers(clause.subject).join() === "it" && npWords(clause.subject).length === 0);
    if (!player && itIs && obj && !obj.filters.length && objWords.map(lower).includes("phase")) {
      const negatedPhase = npDeterminers(obj).includes("not") || /\b(?:not|isn['’]t)\b/i.test(this.slice(clause.range));
      const plain: Ast.NounPhrase = { ...obj, determiners: obj.determiners.filter((d) => !(d.kind === "determiner" && d.lemma === "not")) };
      const inPhase = this.duringLimit({ kind: "prep", prep: "during", object: plain, range: obj.range } as Ast.PrepPhrase);
      if (inPhase) {
        this.use(clause.subject, clause.be, clause.verb, clause.modal, obj);
        if (negatedPhase) this.carryNegations(clause.be, clause.verb, obj.determiners);
        return negatedPhase ? negation(inPhase) : inPhase;
      }
    }
    // "it's your turn", "it is your turn", "it is not your turn", "it's an opponent's turn"
    const negatedTurn = npDeterminers(obj).includes("not") || /\b(?:not|isn['’]t|aren['’]t)\b/i.test(this.slice(clause.range));
    const turn = this.turnCondition([...words, ...objWords, ...npDeterminers(obj)], negatedTurn);
    if (turn) {
      if (negatedTurn) this.carryNegations(clause.be, clause.verb, obj?.determiners);
      // Only the words turnCondition read: "it's your first turn" is not "it's your turn" ("first" stays unused).
      this.use(clause.subject, clause.each, clause.modal, clause.be, clause.verb, leavesOf(obj).filter((leaf) => TURN_CONDITION_WORDS.has(lower(this.text.slice(startOffset(leaf.range), endOffset(leaf.range))))));
      // "it's your opponent's turn", "it's an opponent's turn": whose turn it is, read (it was CW6005 at "opponent's").
      if (obj && npWords(obj).some((w) => w.startsWith("opponent"))) this.carryOwner(obj);
      return turn;
    }
    // "If a unit you control has power 3 or more", "if another creature you control has Flying", "if an enemy unit is a
    // Knight": some such card (each was CW6001 "condition not understood", run as always true).
    const some = player ? undefined : this.someCardCondition(clause);
    if (some) return some;
    // "Each player who can't discard a card": what a player cannot do is no condition the engine checks; what makes it so is.
    if (clause.modal?.lemma === "can't" && clause.verb) {
      const instead = clause.verb.lemma === "discard" ? `a player can't discard when their hand is empty: write "with no cards in hand" ("Each player with no cards in hand loses 2 life.", "If you have no cards in hand, ...")` : `say what makes it so (what the player has or controls: "with no cards in hand", "who controls no creatures")`;
      this.note(clause.range, `the engine does not check what a player can't do as a condition ("${this.slice(clause.range)}"): ${instead}`);
      return undefined;
    }
    this.note(clause.range, `condition not understood by the engine: "${this.slice(clause.range)}"`);
    return undefined;
  }

  /**
   * "for each creature that was destroyed this turn", "the number of creatures that died this turn": the cards destroyed
   * this turn, matched as they were (read as the condition "a creature died this turn" reads its subject). Undefined for
   * any other phrase; a phrase the condition cannot read keeps its note and counts nothing (undefined after the note).
   */
  destroyedThisTurnCount(np: Ast.NounPhrase): NumberExpr | undefined {
    const relative = np.filters.length === 1 && np.filters[0]!.kind === "relative" && np.filters[0]!.that ? np.filters[0]! : undefined;
    if (!relative || relative.kind !== "relative" || relative.clause.subject) return undefined;
    const subject: Ast.NounPhrase = { ...np, determiners: np.determiners.filter((d) => !(d.kind === "determiner" && (d.lemma === "each" || d.lemma === "every"))), filters: [] };
    const condition = this.destroyedThisTurn({ ...relative.clause, subject });
    if (!condition || (condition.kind !== "destroyed_this_turn" && condition.kind !== "entered_this_turn") || condition.atLeast !== 1) return undefined;
    this.use(relative);
    if (condition.kind === "destroyed_this_turn" && condition.lastTurn) return { kind: "destroyed_this_turn", of: condition.selector, lastTurn: true };
    return { kind: condition.kind, of: condition.selector };
  }
  /**
   * "for each spell you cast this turn", "the number of cards your opponent played this turn", "for each card you discarded
   * this turn": the cards a player played (discarded) this turn, read as the condition "you cast a spell this turn" reads
   * them (GameState.playedThisTurn / discardedThisTurn). Undefined for any other phrase; 0 after a note for one the
   * condition cannot read ("for each card they've played this turn" with no player to name).
   */
  playedThisTurnCount(np: Ast.NounPhrase): NumberExpr | undefined {
    const relative = np.filters[np.filters.length - 1];
    if (relative?.kind !== "relative" || relative.that || !relative.clause.subject || !relative.clause.tail.some((t) => t.kind === "timing")) return undefined;
    const object: Ast.NounPhrase = { ...np, determiners: np.determiners.filter((d) => !(d.kind === "determiner" && (d.lemma === "each" || d.lemma === "every"))), filters: np.filters.slice(0, -1) };
    const condition = this.playedThisTurn({ ...relative.clause, object });
    if (condition === undefined) return undefined;
    this.use(relative);
    if (condition === null || (condition.kind !== "played_this_turn" && condition.kind !== "discarded_this_turn") || condition.atLeast !== 1) return 0;
    return { kind: condition.kind, of: condition.selector };
  }

  /**
   * A relative clause relating a card to another in combat: "blocking this", "that blocks it", "that is blocking this"
   * (blocking); "blocked by this", "it blocks", "that this creature blocks" (blocked by). The other card: this one
   * (blockingSelf / blockedBySelf, read wherever the selector is matched); or, in an effect, a card the ability named
   * before — "it" (the card the triggering event was about, or the one the step before acted on), "that creature", "the
   * blocked creature" (blockingCard / blockedByCard: bound as the effect runs). `after`: what the parser hung on that card's
   * phrase ("each creature blocked by this with 2 or less attack": "with 2 or less attack" is the creature's). Undefined
   * for any other clause (its words stay unread, CW6005).
   */
  blockRelation(clause: Ast.Clause, that: boolean): BlockRelation | undefined {
    if (clause.modal || clause.complement || clause.orVerbs?.length || !clause.verb) return undefined;
    const verb = lower(clause.verb.text);
    if (verb !== "blocking" && clause.verb.lemma !== "block") return undefined;
    const byPhrase = clause.tail.length === 1 && clause.tail[0]!.kind === "prep" && clause.tail[0]!.prep === "by" ? clause.tail[0]!.object : undefined;
    if (clause.tail.length && !byPhrase) return undefined;
    const relation = (blocking: boolean, np: Ast.NounPhrase | undefined): BlockRelation | undefined => {
      const card = this.combatCard(np);
      if (!card) return undefined;
      const after = card.after.length ? card.after : undefined;
      if (card.ref.kind === "self") return { field: blocking ? "blockingSelf" : "blockedBySelf", after };
      return { field: blocking ? "blockingCard" : "blockedByCard", ref: card.ref, after };
    };
    // "blocking this", "that blocks it", "that is blocking this"
    if (!clause.subject && !byPhrase && verb !== "blocked" && (that || verb === "blocking") && (!clause.be || verb === "blocking")) return relation(true, clause.object);
    // "blocked by this", "that is blocked by this"
    if (!clause.subject && !clause.object && byPhrase && verb === "blocked" && (!that || clause.be)) return relation(false, byPhrase);
    // "the creature it blocks", "the creature that this blocks"
    if (clause.subject && !clause.object && !byPhrase && !clause.be && verb !== "blocking" && verb !== "blocked") return relation(false, clause.subject);
    return undefined;
  }

  /**
   * "each blocking creature" in "Whenever this becomes blocked, ..." (event "blocked"): the creatures blocking this one, not
   * every blocking creature — the trigger names the block the ability is about; "each blocked creature" in "Whenever this
   * blocks, ..." (event "blocks"): the creatures this one blocks. With a card subject ("Whenever a creature you control
   * becomes blocked"): that card's (the event's card). Undefined outside such a trigger (any blocking creature).
   */
  blockingInTrigger(event: "blocked" | "blocks"): Partial<CardSelector> | undefined {
    const t = this.trigger;
    if (!t || t.event !== event || (t.subject.kind !== "self" && t.subject.kind !== "card")) return undefined;
    const blocking = event === "blocked";
    if (t.subject.kind === "self") return blocking ? { blockingSelf: true } : { blockedBySelf: true };
    return blocking ? { blockingCard: { kind: "event_card" } } : { blockedByCard: { kind: "event_card" } };
  }

  /**
   * The card a combat relation is about ("blocking this", "blocked by it", "blocking that creature", "blocking the blocked
   * creature"): this card (`self`), or in an ability with a trigger or a card named before, "it" (lastCard, else the card
   * the event was about), "that <card noun>" and the event's card by its part. `after`: the card-describing phrases the
   * parser hung on it ("this with 2 or less attack"). Undefined for any other phrase.
   */
  combatCard(np: Ast.NounPhrase | undefined): { ref: CardRef; after: Ast.NounFilter[] } | undefined {
    if (!np || np.also?.length) return undefined;
    const cut = np.filters.findIndex(describesCard);
    if (cut < 0 && np.filters.length) return undefined;
    if (cut >= 0 && !np.filters.slice(cut).every(describesCard)) return undefined;
    const after = cut >= 0 ? np.filters.slice(cut) : [];
    const bare: Ast.NounPhrase = after.length ? { ...np, filters: np.filters.slice(0, cut) } : np;
    if (bare.filters.length) return undefined;
    if (this.namesThisCard(bare)) return { ref: { kind: "self" }, after };
    const role = this.eventRole(bare);
    if (role) return { ref: role, after };
    const dets = npDeterminers(bare);
    const words = npWords(bare);
    if (!this.trigger && !this.lastCard) return undefined;
    // "it": the card the step before acted on, else the one the event was about.
    if (dets.length === 1 && dets[0] === "it" && !words.length) return { ref: this.lastCard ?? { kind: "it" }, after };
    // "that creature": the card named before, else the event's.
    if (dets.length === 1 && dets[0] === "that" && words.length === 1 && this.cardNoun(singular(words[0]!))) {
      const ref = this.lastCard ?? this.thatCard(bare);
      if (!ref) return undefined;
      this.useSelfNouns(bare);
      return { ref, after };
    }
    return undefined;
  }

  /**
   * "discarded this way", "that was destroyed this way" after a card noun: the record (THIS_WAY_LABELS) of the one step of
   * that verb before it in this ability that takes cards. Undefined otherwise (two such steps, none, or counters: the words
   * stay unread, CW6005; destroyedThisWay says more where a count is written).
   */
  takenThisWay(f: Ast.RelativeFilter): string | undefined {
    const verb = this.thisWayVerb(thisWayClause(f));
    if (!verb || verb === "remove") return undefined;
    const done = this.thisWaySteps.get(verb);
    // A spell's sentence of its own ("Discard two cards." + "Return a unit card discarded this way ..."): it goes on with
    // the sentence before, whose step it reads.
    if (!done) this.unmeasured.push(f.range);
    return done?.count === 1 ? THIS_WAY_LABELS[verb] : undefined;
  }

  /** "this", "this creature", or "it" where it can be no other card: nothing named before it, the trigger (if any) about this card. */
  namesThisCard(np: Ast.NounPhrase | undefined): boolean {
    if (!isSelfReference(np)) return false;
    if (npDeterminers(np!)[0] === "this") return true;
    return this.lastCard === undefined && (!this.trigger || this.trigger.subject.kind === "self");
  }

  /**
   * A relative clause "you played this turn" / "an opponent cast this turn" / "a player played this turn" (a player subject,
   * play or cast, no object, nothing but "this turn" after it): who played the cards. Undefined for any other clause.
   */
  playedThisTurnBy(clause: Ast.Clause): "you" | "opponent" | "any" | undefined {
    const verb = clause.verb?.lemma;
    if (!clause.subject || clause.object || clause.modal || clause.be || clause.complement || clause.orVerbs?.length || (verb !== "play" && verb !== "cast")) return undefined;
    if (!this.playedThisTurnTiming(clause)) return undefined;
    if (clause.subject.filters.length || clause.subject.also?.length) return undefined;
    const dets = npDeterminers(clause.subject);
    const words = npWords(clause.subject);
    if (!words.length && dets.length === 1 && dets[0] === "you") return "you";
    if (words.length !== 1 || !dets.every((d) => d === "a" || d === "an" || d === "your" || d === "any")) return undefined;
    if (words[0] === "opponent") return "opponent";
    if (words[0] === "player" && !dets.includes("your")) return "any";
    return undefined;
  }

  /**
   * The "this turn" of a relative clause "you played this turn": its own tail, or — after an object ("Destroy each unit an
   * opponent played this turn.", "Return target unit you played this turn to its owner's hand.": the parser leaves it to the
   * sentence) — the sentence's "this turn" right after the clause. Undefined when there is none, or anything else.
   */
  playedThisTurnTiming(clause: Ast.Clause): Ast.TimingPhrase | undefined {
    const own = clause.tail.length === 1 && clause.tail[0]!.kind === "timing" ? clause.tail[0]! : undefined;
    if (clause.tail.length && !own) return undefined;
    const timing = own ?? this.currentClause?.tail.find((t): t is Ast.TimingPhrase => t.kind === "timing" && /^\s*$/.test(this.text.slice(endOffset(clause.range), startOffset(t.range))));
    return timing?.kind === "timing" && timing.which === "this" && !timing.combat ? timing : undefined;
  }

  /**
   * A relative clause "that entered play this turn" / "that entered the battlefield [under your control] this turn" (no
   * subject, no modal, nothing else in its tail): the words the selector field enteredThisTurn carries.
   */
  enteredPlayThisTurn(clause: Ast.Clause): boolean {
    if (clause.subject || clause.modal || clause.be || clause.verb?.lemma !== "enter" || !clause.object || clause.object.filters.some((f) => f.kind !== "prep" || f.prep !== "under") || clause.complement) return false;
    if (!npWords(clause.object).every((w) => w === "play" || w === "battlefield" || lookup(this.vocab.zones, w) === this.vocab.zoneOfRole("battlefield"))) return false;
    const timing = clause.tail.filter((t) => t.kind === "timing");
    const rest = clause.tail.filter((t) => t.kind !== "timing");
    return timing.length === 1 && timing[0]!.kind === "timing" && timing[0]!.which === "this" && !timing[0]!.combat && rest.every((t) => t.kind === "prep" && t.prep === "under");
  }

  /**
   * "under your control" / "under an opponent's control" ("your opponent's", "the opponent's") among `preps`: whose
   * control, its words used. Any other phrase ("its owner's", "target opponent's", "each other player's") is not read:
   * undefined, its words left for CW6005. The one reader of the trigger "enters play under your control" and the record
   * "entered play under your control this turn".
   */
  underControl(preps: readonly (Ast.TailItem | Ast.NounFilter)[]): "you" | "opponent" | undefined {
    const under = preps.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "under");
    if (!under) return undefined;
    const dets = npDeterminers(under.object);
    const words = npWords(under.object);
    const stems = words.slice(0, -1).map(possessiveStem);
    let whose: "you" | "opponent" | undefined;
    if (words.at(-1) === "control") {
      if (words.length === 1 && dets.length === 1 && dets[0] === "your") whose = "you";
      else if (words.length === 2 && (stems[0] === "opponent" || stems[0] === "opponents") && dets.every((d) => d === "a" || d === "an" || d === "your" || d === "the")) whose = "opponent";
    }
    // Read as a whole: the possessive too ("use" leaves a player's possessive to its reader).
    if (whose) {
      this.use(under.object);
      this.carryOwner(under.object);
    }
    return whose;
  }

  /**
   * "if a creature died this turn", "if another unit died this turn", "if two or more units you control were destroyed this
   * turn": the cards destroyed this turn (a sacrifice too), matched as they were. "if a unit entered play under your
   * control this turn", "if two or more creatures entered the battlefield this turn": the cards that entered play this turn
   * (GameState.enteredThisTurn), matched as they entered — who controlled them then. Undefined: not such a clause; null:
   * one the engine cannot read (a card named before, "two or fewer", a quality a card that left play no longer has), noted.
   */
  destroyedThisTurn(clause: Ast.Clause): Condition | null | undefined {
    const thisTurn = clause.tail.find((t) => t.kind === "timing" && t.which === "this");
    const verb = clause.verb?.lemma;
    const subject = clause.subject;
    const entered = verb === "enter" && !clause.be;
    // "entered play", "entered the battlefield": the zone of play, and nothing else ("entered your Graveyard" is not this).
    const intoPlay = entered && !!clause.object && npWords(clause.object).every((w) => w === "play" || w === "battlefield" || lookup(this.vocab.zones, w) === this.vocab.zoneOfRole("battlefield"));
    // "if a creature died last turn" (read as the object "last turn"): the turn before this one's record.
    const lastTurn = !entered && !thisTurn && clause.object && !clause.object.determiners.length && !clause.object.filters.length && npWords(clause.object).join(" ") === "last turn" ? clause.object : undefined;
    if ((!thisTurn && !lastTurn) || !subject || (entered ? !intoPlay : clause.object && !lastTurn) || !(entered || verb === "die" || (verb === "destroy" && clause.be)) || isPlayerPhrase(subject)) return undefined;
    const count = npCount(subject);
    const dets = npDeterminers(subject);
    const named = dets.some((d) => d === "this" || d === "that" || d === "it" || d === "target" || d === "those" || d === "these");
    if (named || (count && (count.variable !== undefined || count.comparison === "less" || count.comparison === "fewer"))) {
      this.note(clause.range, entered ? `the engine counts the cards that entered play this turn ("a unit entered play under your control this turn", "two or more creatures entered the battlefield this turn"); it cannot read "${this.slice(clause.range)}"` : `the engine counts the cards destroyed this turn ("a creature died this turn", "two or more units died this turn"); it cannot read "${this.slice(clause.range)}"`);
      return null;
    }
    this.useDeterminers(subject, "a", "an");
    const selector = this.selector(subject);
    delete selector.zones;
    const unread = Object.keys(selector).filter((k) => !(DESTROYED_SELECTOR_FIELDS as readonly string[]).includes(k));
    if (unread.length) {
      this.note(subject.range, entered ? `"${this.slice(subject.range)}": the engine matches the cards that entered play this turn only by their kind, colour, name, token or not, and who controlled them as they entered` : `"${this.slice(subject.range)}" names what a destroyed card no longer has: the engine matches the cards destroyed this turn only by their kind, colour, name, token or not, and who controlled them`);
      return null;
    }
    if (entered) {
      // "under your control": who controlled it as it entered ("a unit you control entered play" reads the same way).
      const under = this.underControl([...clause.tail, ...clause.object!.filters]);
      if (under) selector.controller = under;
      this.use(clause.object!.determiners, clause.object!.items);
    }
    this.use(clause.verb, clause.be, count, thisTurn, lastTurn);
    if (lastTurn) return { kind: "destroyed_this_turn", selector, atLeast: count?.value ?? 1, lastTurn: true };
    return { kind: entered ? "entered_this_turn" : "destroyed_this_turn", selector, atLeast: count?.value ?? 1 };
  }

  /**
   * "if you didn't play a creature this turn", "if you cast a spell this turn", "if an opponent played two or more spells
   * this turn": the cards a player played this turn (a spell cast, a permanent played), matched as they were played; "if
   * you discarded a card this turn" / "if you discarded two or more cards this turn": the cards a player discarded this
   * turn, the same way (`discarded_this_turn`).
   * Undefined: not such a clause; null: one the engine cannot read (a card named before, "two or fewer", a quality the
   * record does not keep), noted at its words.
   */
  playedThisTurn(clause: Ast.Clause, player?: PlayerRef): Condition | null | undefined {
    const thisTurn = clause.tail.find((t) => t.kind === "timing" && t.which === "this");
    const verb = clause.verb?.lemma;
    const obj = clause.object;
    if (!thisTurn || !obj || (verb !== "play" && verb !== "cast" && verb !== "discard" && verb !== "draw") || clause.be || (!player && !(clause.subject && isPlayerPhrase(clause.subject)))) return undefined;
    const discarded = verb === "discard";
    // "if you have drawn a card this turn", "if an opponent drew two or more cards this turn": the cards a player drew (drawn_this_turn).
    const drawn = verb === "draw";
    const did = discarded ? "discarded" : drawn ? "drew" : "played";
    const who: PlayerRef = player ?? this.controllingPlayer(clause.subject);
    if (who.kind !== "you" && who.kind !== "opponent") {
      this.note(clause.subject?.range ?? clause.range, `the engine knows what you and your opponent ${did} this turn; it cannot read "${this.slice(clause.subject?.range ?? clause.range)}" here: write "you" or "an opponent"`);
      return null;
    }
    const count = npCount(obj);
    const dets = npDeterminers(obj);
    const named = dets.some((d) => d === "this" || d === "that" || d === "it" || d === "target" || d === "those" || d === "these");
    if (named || (count && (count.variable !== undefined || count.comparison === "less" || count.comparison === "fewer" || count.atLeast !== undefined))) {
      this.note(clause.range, discarded ? `the engine counts the cards a player discarded this turn ("you discarded a card this turn", "you discarded two or more cards this turn"); it cannot read "${this.slice(clause.range)}"` : `the engine counts the cards a player played this turn ("you played a creature this turn", "an opponent cast two or more spells this turn"); it cannot read "${this.slice(clause.range)}"`);
      return null;
    }
    const selector = this.turnRecordSelector(obj, did);
    if (!selector) return null;
    this.use(clause.verb, count, thisTurn);
    return { kind: discarded ? "discarded_this_turn" : drawn ? "drawn_this_turn" : "played_this_turn", selector: { ...selector, controller: who.kind === "you" ? "you" : "opponent" }, atLeast: count?.value ?? 1 };
  }

  /**
   * "your field is full", "your opponent's Field is full", "their field isn't full" (a game whose zone of play has slots):
   * that player has no empty slot (IR `empty_slots`, as "you have no empty slots" reads — the slots the engine fills).
   * Undefined for any other clause; null after a note (whose field cannot be told).
   */
  /**
   * "If a unit you control has power 3 or more", "if another creature you control has Flying", "if any unit is a Knight":
   * there is such a card in play — a count of the subject's cards with what the clause says of them (a stat bound, an
   * ability keyword, a kind after "is a"), at least one, as "If a unit you control has a power counter on it" reads.
   * Undefined for any other clause.
   */
  /**
   * "the unit in your left slot", "in your first slot", "in your opponent's middle slot": a game whose play zone has slots
   * keeps no order among them (Three-Slot Duel: "3 unit slots per player", none named), so a slot named by its place is
   * CW6001 at the words, naming the forms that run (it was CW6005, or a parse error at "left").
   */
  noteSlotPosition(np: Ast.NounPhrase): void {
    // "Adjacent units get +1 power", "each neighbouring unit": the same neighbours, before the noun (it was CW6005).
    const beside = np.items.find((i): i is Ast.WordNode => i.kind === "word" && /^(?:adjacent|neighbou?ring)$/i.test(i.text));
    if (beside) {
      const unit = lower(unitType(this.vocab.game)?.name ?? "card");
      const order = battlefieldSlots(this.vocab.game) !== undefined ? "no order among a player's slots" : `no places among the cards in play`;
      this.note(beside.range, `"${beside.text}": the engine keeps ${order}, so no ${unit} is next to another — name the ${unit}s another way: "other ${unit}s you control", "each ${unit} you control", "target ${unit} you control"`);
      this.use(beside);
    }
    for (const f of np.filters) {
      // "units adjacent to this", "each unit next to it": the neighbouring slots — no order, so no neighbours.
      if (f.kind === "prep" && (f.prep === "adjacent to" || f.prep === "next to")) {
        const unit = lower(unitType(this.vocab.game)?.name ?? "card");
        const order = battlefieldSlots(this.vocab.game) !== undefined ? "no order among a player's slots" : `no places among the cards in play`;
        this.note(f.range, `"${this.slice(f.range)}": the engine keeps ${order}, so no ${unit} is next to another — name the ${unit}s another way: "other ${unit}s you control", "each ${unit} you control", "target ${unit} you control"`);
        this.use(f, np.determiners);
        continue;
      }
      if (f.kind !== "prep" || (f.prep !== "in" && f.prep !== "on")) continue;
      const words = npWords(f.object).map(lower);
      if (!words.length || !/^slots?$/.test(words[words.length - 1]!) || words.length < 2) continue;
      const place = words.find((w) => SLOT_PLACES.has(w));
      if (!place) continue;
      this.note(f.range, `"${this.slice(f.range)}": the engine keeps no order among a player's slots (no ${place} one) — name the unit another way: "target unit you control", "this unit", "each unit you control"`);
      this.use(f, np.determiners);
    }
  }

  /** A word that names a kind of card alone ("Red", "Knights", "token", "Unit"): that kind, or undefined (a state, a stat). */
  kindOfWord(word: Ast.WordNode): CardSelector | undefined {
    const noted = this.notes.length;
    const { zones: _zones, ...kind } = this.selector({ kind: "np", determiners: [], items: [word], filters: [], range: word.range } as Ast.NounPhrase);
    this.notes.length = noted;
    return Object.keys(kind).length && Object.keys(kind).every((k) => k === "cardTypes" || k === "subtypes" || k === "colors" || k === "tokens") ? kind : undefined;
  }

  someCardCondition(clause: Ast.Clause): Condition | undefined {
    const outer = clause.subject;
    // "one of your units is a Knight", "each of the units you control is a Knight": the phrase after "of" is the cards.
    const partitive = outer && !outer.items.length && outer.filters.length === 1 && outer.filters[0]!.kind === "prep" && outer.filters[0]!.prep === "of" && !isPlayerPhrase(outer.filters[0]!.object) ? outer.filters[0]!.object : undefined;
    const subject = partitive ?? outer;
    const dets = npDeterminers(outer);
    const some = (d: string) => d === "a" || d === "an" || d === "another" || d === "any";
    const universal = (d: string) => d === "each" || d === "every" || d === "all";
    const one = partitive && npCount(outer)?.value === 1 && !npCount(outer)!.comparison && !dets.length;
    // "If all units you control are Knights", "if each unit you control is a Knight", "if every card in your graveyard is a
    // unit": there is such a card and none of them is otherwise (each was CW6001, run as always true). Rules texts silent on
    // none at all: "all" is read as "at least one, and all" (docs/language.md, "a condition on cards of a kind").
    const all = dets.length > 0 && dets.some(universal) && dets.every((d) => universal(d) || d === "other");
    // "If no units you control are Knights": none such (the singular "no unit ... is a Knight" is read as a count before).
    const none = dets.length > 0 && dets[0] === "no" && dets.every((d) => d === "no" || d === "other");
    if (!outer || !subject || isPlayerPhrase(subject) || (!one && npCount(outer)) || (partitive && npCount(subject)) || outer.also?.length || (!one && !dets.length) || (!one && !all && !none && !dets.every(some)) || clause.modal || clause.tail.length || clause.complement || clause.orVerbs?.length) return undefined;
    if (!npWords(subject).some((w) => this.cardNoun(w) || this.cardNoun(singular(w)))) return undefined;
    const obj = clause.object;
    if (obj && (obj.filters.length || obj.also?.length)) return undefined;
    let more: CardSelector | undefined;
    const isAre = !!clause.be && /^(?:is|are)$/i.test(clause.be.text);
    // "a unit you control is Red", "all units you control are Knights": the kind word is read as the clause's verb (as "it
    // is Red"); as a kind only when it names one.
    const verbKind = isAre && clause.verb && !obj ? this.kindOfWord(clause.verb) : undefined;
    if (obj && clause.verb?.lemma === "have" && !clause.be && npDeterminers(obj).length === 0) {
      const bound = this.statBound(obj);
      const words = npWords(obj);
      const keyword = words.length === 1 ? this.vocab.keywords.get(words[0]!) : undefined;
      if (bound) more = { stat: bound };
      else if (keyword?.kind === "ability") more = { keyword: keyword.name };
    } else if (verbKind) {
      more = verbKind;
    } else if (obj && isAre && !clause.verb && npDeterminers(obj).every((d) => d === "a" || d === "an")) {
      const noted = this.notes.length;
      const { zones: _zones, ...kind } = this.selector({ ...obj, determiners: [] });
      this.notes.length = noted;
      if (Object.keys(kind).length && Object.keys(kind).every((k) => k === "cardTypes" || k === "subtypes" || k === "colors" || k === "tokens")) more = kind;
    }
    if (!more) return undefined;
    // "a card in your graveyard is a unit": cards of a zone, counted there.
    const selector = this.selector(subject);
    // Cards one player controls: "you control a Red Unit" (`controls`, as that wording reads — reads-as compiles back to it);
    // any other: a count (cards of a zone, of both players).
    const count = (of: CardSelector): NumberExpr => ({ kind: "count", of });
    const who = !selector.zones && !selector.owner && (selector.controller === "you" || selector.controller === "opponent") ? selector.controller : undefined;
    const oneSuch = (of: CardSelector): Condition => {
      if (!who) return { kind: "compare", left: count(of), op: ">=", right: 1 };
      const { controller: _controller, ...rest } = of;
      return { kind: "controls", who: { kind: who }, selector: rest, atLeast: 1 };
    };
    this.use(clause.verb, clause.be, obj);
    if (partitive) this.use(outer.determiners, npCount(outer));
    if (none) {
      this.mergeSelector(selector, more, obj?.range ?? clause.verb!.range);
      this.useDeterminers(outer, "no");
      return who ? negation(oneSuch(selector))! : { kind: "compare", left: count(selector), op: "=", right: 0 };
    }
    if (all) {
      this.useDeterminers(outer, "each", "every", "all");
      // None otherwise: a stat bound turned round ("power 3 or more": none with power 2 or less), a kind left out.
      const flipped = more.stat && !more.keyword && Object.keys(more).length === 1 ? flipStat(more.stat) : undefined;
      if (more.stat && !flipped) return undefined;
      const otherwise: CardSelector = flipped ? { ...selector, stat: flipped } : { ...selector, exclude: [...(selector.exclude ?? []), more] };
      if (flipped && selector.stat) return undefined;
      return { kind: "all", conditions: [oneSuch(selector), who ? negation(oneSuch(otherwise))! : { kind: "compare", left: count(otherwise), op: "=", right: 0 }] };
    }
    this.mergeSelector(selector, more, obj?.range ?? clause.verb!.range);
    this.useDeterminers(outer, "a", "an", "any");
    return oneSuch(selector);
  }

  /**
   * "all of your unit slots are empty", "your slots are empty", "one of your opponent's unit slots is empty", "two of your
   * slots are empty": a count of that player's empty slots (IR `empty_slots`) — all of them (the game's slots,
   * zone-roles.ts battlefieldSlots), or at least the number said. Each was CW6001 "condition not understood" (run as always
   * true). A negation ("aren't empty": none or not all?) is not read here: undefined, so it stays CW6001.
   */
  /** "your unit slots aren't empty" / "are not empty": CW6001 naming the two readings' forms (null). */
  slotsNotEmpty(clause: Ast.Clause, subject: Ast.NounPhrase): null {
    const opponents = npWords(subject).some((w) => w.startsWith("opponent"));
    const whose = opponents ? "your opponent's" : "your";
    const controls = opponents ? "an opponent controls" : "you control";
    this.note(clause.range, `"${this.slice(clause.range)}" may mean that none of them is empty or that not all of them are: the engine cannot tell — write "If ${whose} unit slots are all full" (no empty slot) or "If ${controls} a unit" (one or more filled)`);
    this.use(clause);
    return null;
  }

  emptySlotsCondition(clause: Ast.Clause): Condition | null | undefined {
    const subject = clause.subject;
    const slots = battlefieldSlots(this.vocab.game);
    // "your unit slots aren't empty": none of them empty, or not all? Said at the words, with both forms that run.
    const negated = !!clause.be && /^(?:(?:is|are)n['’]t|(?:is|are)[ \t]+not)$/i.test(clause.be.text);
    if (negated && subject && lower(clause.verb?.text ?? "") === "empty" && !clause.object && slots !== undefined && npWords(subject).some((w) => /^slots?$/i.test(w))) return this.slotsNotEmpty(clause, subject);
    if (!subject || !clause.be || !/^(?:is|are)$/i.test(clause.be.text) || lower(clause.verb?.text ?? "") !== "empty" || clause.object || clause.complement || clause.modal || clause.tail.length || slots === undefined) return undefined;
    // "all of your slots", "one of your slots", "two of your opponent's slots"; or the slots themselves ("your unit slots").
    const ofPart = npWords(subject).length === 0 && subject.filters.length === 1 && subject.filters[0]!.kind === "prep" && subject.filters[0]!.prep === "of" ? subject.filters[0]!.object : undefined;
    const slotPhrase = ofPart ?? subject;
    if (slotPhrase.filters.length) return undefined;
    const slotWords = npWords(slotPhrase).map((w) => w.replace(/\u2019/g, "'"));
    const opponents = slotWords[0] === "opponent's" || slotWords[0] === "opponents'";
    const kindWords = slotWords.slice(opponents ? 1 : 0, -1);
    const kindWord = (w: string) => w === lower(this.vocab.zoneOfRole("battlefield") ?? "") || this.vocab.game.cardTypes.some((t) => t.permanent && lower(t.name) === w);
    if (!/^slots$/.test(slotWords[slotWords.length - 1] ?? "") || !kindWords.every(kindWord)) return undefined;
    const slotDets = npDeterminers(slotPhrase);
    if (!(opponents ? slotDets.every((d) => d === "your" || d === "an") : slotDets.length === 1 && slotDets[0] === "your")) return undefined;
    // How many: "all of" / no "of" (the slots are empty: all of them), or "one of" / "two of" / "any of" (at least that many).
    const outer = ofPart ? subject : undefined;
    const count = outer ? npCount(outer) : undefined;
    const outerDets = outer ? npDeterminers(outer) : [];
    const atLeast = !outer ? slots : count && count.value !== undefined && !count.comparison && outerDets.length === 0 ? count.value : outerDets.join() === "all" || outerDets.join() === "each" ? slots : outerDets.join() === "any" ? 1 : undefined;
    if (atLeast === undefined) return undefined;
    this.use(subject, slotPhrase, clause.be, clause.verb, count);
    this.ledger.carry(subject.determiners, slotPhrase.determiners);
    if (opponents) this.ledger.carry(slotPhrase.items[0]);
    return { kind: "compare", left: { kind: "empty_slots", of: { kind: opponents ? "opponent" : "you" } }, op: ">=", right: atLeast };
  }

  fullZoneCondition(clause: Ast.Clause): Condition | null | undefined {
    const subject = clause.subject;
    // "is not full": the parser reads "not" as the verb and "full" as its object.
    const notFull = lower(clause.verb?.text ?? "") === "not" && clause.object && !clause.object.determiners.length && !clause.object.filters.length && npWords(clause.object).join(" ") === "full";
    // "are all full", "aren't all full": "all" after the verb says what "are full" says of the slots (an empty slot or none).
    const allFull = !clause.verb && clause.object && !clause.object.filters.length && npDeterminers(clause.object).join() === "all" && npWords(clause.object).join(" ") === "full" ? clause.object : undefined;
    // "all of your unit slots": the phrase after "of" is the slots.
    const ofPart = subject && npWords(subject).length === 0 && subject.filters.length === 1 && subject.filters[0]!.kind === "prep" && subject.filters[0]!.prep === "of" && npDeterminers(subject).every((d) => d === "all" || d === "each" || d === "every") ? subject.filters[0]!.object : undefined;
    const slotEmpty = this.emptySlotsCondition(clause);
    if (slotEmpty !== undefined) return slotEmpty;
    if (!subject || !clause.be || (lower(clause.verb?.text ?? "") !== "full" && !notFull && !allFull) || (clause.object && !notFull && !allFull) || clause.complement || clause.modal || clause.tail.length || (subject.filters.length && !ofPart)) return undefined;
    // "All of your unit slots are full", "your slots are full", "each of your field slots is full": the slots of that
    // player's zone of play, as "your field is full" (it was CW6001 "condition not understood", run as always true).
    const slotPhrase = ofPart ?? subject;
    const slotWords = npWords(slotPhrase).map((w) => w.replace(/\u2019/g, "'"));
    // "all of your opponent's unit slots", "an opponent's slots": the opponent's slots (it was CW6001, run as always true).
    const opponents = slotWords[0] === "opponent's" || slotWords[0] === "opponents'";
    const kindWords = slotWords.slice(opponents ? 1 : 0, -1);
    const kindWord = (w: string) => w === lower(this.vocab.zoneOfRole("battlefield") ?? "") || this.vocab.game.cardTypes.some((t) => t.permanent && lower(t.name) === w);
    const slotDets = npDeterminers(slotPhrase);
    const owned = opponents ? slotDets.some((d) => d === "your" || d === "an" || d === "each") && slotDets.every((d) => ["all", "each", "every", "your", "an"].includes(d)) : slotDets.every((d) => ["all", "each", "every", "your"].includes(d)) && slotDets.includes("your");
    const slots = /^slots?$/.test(slotWords[slotWords.length - 1] ?? "") && !slotPhrase.filters.length && kindWords.every(kindWord) && owned;
    if (slots && battlefieldSlots(this.vocab.game) !== undefined) {
      const negated = notFull || /\b(?:not|isn['’]t|aren['’]t)\b/i.test(clause.be.text);
      if (!/^(?:is|are)$/i.test(clause.be.text) && !negated) return undefined;
      this.use(subject, slotPhrase, clause.be, clause.verb, clause.object);
      if (negated) this.carryNegations(clause.be, clause.verb);
      if (allFull) this.ledger.carry(allFull.determiners);
      this.ledger.carry(subject.determiners, slotPhrase.determiners);
      if (opponents) this.ledger.carry(slotPhrase.items[0]);
      return { kind: "compare", left: { kind: "empty_slots", of: { kind: opponents ? "opponent" : "you" } }, op: negated ? ">=" : "=", right: negated ? 1 : 0 };
    }
    if (ofPart || battlefieldSlots(this.vocab.game) === undefined || this.zoneIn(subject) !== this.vocab.zoneOfRole("battlefield")) return undefined;
    const negated = notFull || /\b(?:not|isn['’]t|aren['’]t)\b/i.test(clause.be.text);
    if (!/^(?:is|are)$/i.test(clause.be.text) && !negated) return undefined;
    const whose = this.zoneOwnerOf(subject);
    if (whose === null) return null;
    if (!whose || (whose.kind !== "you" && whose.kind !== "opponent" && whose.kind !== "acting" && whose.kind !== "target" && whose.kind !== "controller_of")) {
      this.note(subject.range, `"${this.slice(subject.range)}": write whose field — "your field is full" or "your opponent's field is full"`);
      return null;
    }
    this.useZoneWords(subject);
    this.use(clause.be, clause.verb, clause.object);
    if (allFull) this.ledger.carry(allFull.determiners);
    if (negated) this.carryNegations(clause.be, clause.verb);
    // Not full: an empty slot ("you have an empty slot").
    return { kind: "compare", left: { kind: "empty_slots", of: whose as PlayerRef }, op: negated ? ">=" : "=", right: negated ? 1 : 0 };
  }

  /**
   * Two players compared by one measure: "you control more units than an opponent", "an opponent has more cards in hand
   * than you", "you have less life than your opponent", "you have fewer Bleed counters than target opponent". The measure
   * is read for each player as the one-player conditions read it; the comparison is strict ("more", "less", "fewer").
   * Undefined when the clause compares nothing; null when it does in a way the engine cannot read (noted at its words).
   */
  playersCompared(clause: Ast.Clause): Condition | null | undefined {
    const than = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "than");
    const obj = clause.object;
    const first = obj?.items[0];
    const comparative = first?.kind === "word" ? lower(first.text) : undefined;
    const op = comparative === "more" || comparative === "greater" ? ">" : comparative === "less" || comparative === "fewer" ? "<" : undefined;
    if (!than || !obj || !op || !clause.subject || clause.tail.length !== 1) return undefined;
    // "you control fewer than two units", "you have more than 5 life", "an opponent has fewer than two empty slots": one
    // player's measure against a number, read as the one-player readers read "1 or fewer units", "6 or more life" (whole
    // numbers: "more than N" is N + 1 or more, "fewer than N" N - 1 or fewer). It was CW6001 naming two-player comparisons.
    const bound = npCount(than.object);
    if (obj.items.length === 1 && bound?.value !== undefined && !bound.comparison && bound.atLeast === undefined) {
      const value = op === ">" ? bound.value + 1 : bound.value - 1;
      if (value < 0) {
        this.note(clause.range, `"${this.slice(clause.range)}" can never be true`);
        return null;
      }
      const count: Ast.Count = { ...bound, value, comparison: comparative === "greater" ? "greater" : op === ">" ? "more" : comparative === "less" ? "less" : "fewer" };
      const object: Ast.NounPhrase = { ...than.object, determiners: than.object.determiners.map((d) => (d === bound ? count : d)), items: than.object.items.map((i) => (i === bound ? count : i)) };
      this.use(first);
      return this.conditionFor({ ...clause, object, tail: [] }) ?? null;
    }
    // "at least 2 more cards in hand": the measure is "cards in hand" (the margin is read below).
    const measured: Ast.Clause = { ...clause, object: { ...obj, determiners: obj.determiners.filter((d) => d.kind !== "count"), items: obj.items.slice(1) }, tail: [] };
    const sideOf = (np: Ast.NounPhrase): PlayerRef | undefined => {
      const ref = this.playerPhrase(np);
      if (!ref || ref.kind === "each_player") return undefined;
      const one = this.onePlayer(ref, np.range);
      // "acting": "Each player who has more life than you", "whose controller has more life than you" — each player in turn.
      // "event_player" / "defending": "At the start of each opponent's Pre-Battle phase, if that player has more cards in
      // hand than you, …", "Whenever this attacks, if defending player has more life than you, …" (the trigger's player,
      // read as the one-player conditions read it; was CW6001).
      return one.kind === "you" || one.kind === "opponent" || one.kind === "acting" || one.kind === "event_player" || one.kind === "defending" || (one.kind === "target" && this.targets[one.index]?.players === "opponent") ? one : undefined;
    };
    const left = sideOf(clause.subject);
    const right = sideOf(than.object);
    const noted = this.notes.length;
    const leftAmount = left && this.measureOf(measured, left);
    const rightAmount = right && this.measureOf(measured, right);
    // A side measured noted already says what it cannot read (another player's zone).
    if ((!leftAmount || !rightAmount) && this.notes.length > noted) return null;
    if (!leftAmount || !rightAmount) {
      this.note(clause.range, `the engine cannot compare "${this.slice(clause.range)}": write a comparison of two players by life, cards in hand, cards in a zone, counters or cards they control ("you control more units than an opponent", "an opponent has more cards in hand than you")`);
      return null;
    }
    this.use(first, than);
    // "an opponent has at least 2 more cards in hand than you": the one side at least (at most) N beyond the other — IR
    // left >= right plus N ("fewer": left <= right minus N). A bare "2 more cards in hand than you" says neither.
    const margin = obj.determiners.find((d): d is Ast.Count => d.kind === "count");
    if (margin) {
      if (margin.value === undefined || margin.value < 1 || !margin.bound) {
        const comparing = op === ">" ? "more" : (first?.kind === "word" ? lower(first.text) : "fewer");
        this.note(margin.range, `"${this.slice(clause.range)}": "${this.slice(margin.range)} ${comparing}" says no bound; write "at least ${margin.value ?? 2} ${comparing}" or "at most ${margin.value ?? 2} ${comparing}"`);
        return null;
      }
      this.use(margin);
      const add = op === ">" ? margin.value : -margin.value;
      // at least N more: left >= right + N · at most N more: left <= right + N · at least N fewer: left <= right - N ·
      // at most N fewer: left >= right - N.
      const atLeast = margin.bound === "least";
      return { kind: "compare", left: leftAmount, op: (op === ">") === atLeast ? ">=" : "<=", right: { kind: "plus", of: rightAmount, add } };
    }
    return { kind: "compare", left: leftAmount, op, right: rightAmount };
  }

  /** The one player a condition's subject names (`you`, `an opponent`, `each other player`, `the defending player` ...). */
  private controllingPlayer(subject: Ast.NounPhrase | undefined): PlayerRef {
    if (!subject) return { kind: "you" };
    const noted = this.notes.length;
    const players = this.playerPhrase(subject);
    if (players) return this.onePlayer(players, subject.range);
    if (this.notes.length === noted) this.note(subject.range, `"${this.slice(subject.range)}" names no player here: write "you control", "an opponent controls" or "its controller controls"`);
    return { kind: "you" };
  }

  /**
   * "you have five or more cards in your opponent's graveyard", "your opponent has three cards in your hand": a count of
   * cards in a player's zone is of the subject's own zone; a zone another player's possessive names is a note at it (the
   * engine counted the subject's zone, the possessive dropped — found by a word-substitution probe of the corpus, session
   * 36). False when noted.
   */
  private zoneIsSubjects(inZone: Ast.PrepPhrase, who: PlayersRef, clause: Ast.Clause, comparison = false): boolean {
    const owner = zoneOwner(inZone.object);
    // A comparison's one zone phrase is each side's own ("you have more cards in your hand than your opponent").
    if (owner === undefined || (comparison && (owner === "your" || owner === "their"))) return true;
    if (who.kind === "you" ? owner === "your" : owner === "their" || (owner === "opponent" && who.kind === "opponent")) return true;
    const phrase = this.slice(inZone.range);
    // Noted whole: the clause's words are not left over besides (one diagnostic).
    this.ledger.carry(clause.subject, clause.verb, clause.object, clause.tail);
    this.note(inZone.range, `the engine counts the cards a player "has" in their own zone, and "${phrase}" is another player's: write "there are N cards ${phrase}", or make its owner the one who has them ("${owner === "your" ? "you have N cards in your" : "your opponent has N cards in their"} ${(this.zoneIn(inZone.object) ?? this.slice(inZone.object.range).split(/\s+/).pop()!).toLowerCase()}")`);
    return false;
  }

  /** One player's measure in a comparison: their life, hand size, counters, cards they control or cards in their zone. */
  measureOf(clause: Ast.Clause, who: PlayerRef): NumberExpr | undefined {
    const obj = clause.object!;
    const objWords = npWords(obj);
    const verb = clause.verb?.lemma;
    const side = who.kind === "you" ? "you" : who.kind === "acting" ? "acting" : "opponent";
    if (npCount(obj) || obj.determiners.length) return undefined;
    // "you have fewer units than your opponent": cards of a permanent type a player has are the ones they control.
    if (verb === "control" || (verb === "have" && !obj.filters.length && this.namesPermanents(obj))) {
      this.use(clause.verb);
      return { kind: "count", of: { ...this.selector(obj), controller: side } };
    }
    if (verb !== "have" && clause.be === undefined) return undefined;
    this.use(clause.verb);
    if (objWords.length === 1 && objWords[0] === "life") {
      this.use(obj);
      return { kind: "life", of: who };
    }
    const counter = objWords.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
    if (counter && (objWords.includes("counter") || objWords.includes("counters"))) {
      this.use(obj.items);
      return { kind: "counters", of: { player: who }, counter };
    }
    const inZone = obj.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "in");
    if (!inZone || !(objWords.includes("card") || objWords.includes("cards"))) return undefined;
    const zone = this.zoneIn(inZone.object);
    if (!zone || !this.zoneIsSubjects(inZone, who, clause, true)) return undefined;
    this.use(inZone);
    this.carryOwner(inZone);
    this.useWords(obj, "card", "cards");
    if (zone === this.vocab.zoneOfRole("hand") && objWords.length === 1) return { kind: "hand_size", of: who };
    const bare: Ast.NounPhrase = { ...obj, filters: obj.filters.filter((f) => f !== inZone) };
    return { kind: "count", of: { ...this.selector(bare), zones: [zone], owner: side } };
  }

  /**
   * The cards of a turn's record a phrase names ("a creature" in "you played a creature this turn", "two or more Vampires"
   * in "you attacked with two or more Vampires this turn"), read as the record keeps them: kind, colour, name (who
   * played or attacked is the record's). Undefined after a note for anything else the phrase asks.
   */
  private turnRecordSelector(obj: Ast.NounPhrase, did: string, controlled = false): CardSelector | undefined {
    this.useDeterminers(obj, "a", "an");
    const selector = this.selector(obj);
    delete selector.zones;
    // `controlled`: who controls the cards is who did it ("a creature you control attacked this turn"), read by the caller.
    const unread = Object.keys(selector).filter((k) => (k === "controller" && !controlled) || k === "owner" || !(DESTROYED_SELECTOR_FIELDS as readonly string[]).includes(k));
    if (unread.length) {
      this.note(obj.range, `"${this.slice(obj.range)}": the engine matches the cards ${did} this turn only by their kind, colour, name and who ${did} them`);
      return undefined;
    }
    return selector;
  }

  /**
   * "you attacked this turn", "an opponent attacked with two or more creatures this turn", "they didn't attack this turn"
   * (the negation read by conditionFor): the cards that player attacked with this turn, matched as they attacked
   * (GameState.attackedThisTurn). Undefined: not such a clause; null after a note.
   */
  playerAttackedThisTurn(clause: Ast.Clause, player?: PlayerRef): Condition | null | undefined {
    if (clause.verb?.lemma !== "attack" || clause.object || clause.be || clause.complement || (!player && !(clause.subject && isPlayerPhrase(clause.subject)))) return undefined;
    const thisTurn = clause.tail.find((t) => t.kind === "timing" && t.which === "this" && !t.combat);
    const rest = clause.tail.filter((t) => t !== thisTurn);
    const withPhrase = rest[0]?.kind === "prep" && rest[0].prep === "with" ? rest[0] : undefined;
    if (!thisTurn || rest.length > (withPhrase ? 1 : 0)) return undefined;
    const who: PlayerRef = player ?? this.controllingPlayer(clause.subject);
    let selector: CardSelector = {};
    let atLeast = 1;
    if (withPhrase) {
      const obj = withPhrase.object;
      const count = npCount(obj);
      const dets = npDeterminers(obj);
      if (dets.some((d) => d !== "a" && d !== "an") || (count && (count.variable !== undefined || count.comparison === "less" || count.comparison === "fewer" || count.atLeast !== undefined))) {
        this.note(withPhrase.range, `the engine counts the cards a player attacked with this turn ("you attacked with a creature this turn", "an opponent attacked with two or more creatures this turn"); it cannot read "${this.slice(withPhrase.range)}"`);
        return null;
      }
      const read = this.turnRecordSelector(obj, "attacked with");
      if (!read) return null;
      selector = read;
      atLeast = count?.value ?? 1;
      this.use(count, ...leavesOf(withPhrase).filter((leaf) => startOffset(leaf.range) < startOffset(obj.range)));
    }
    this.use(clause.verb, thisTurn);
    return { kind: "attacked_this_turn", who, selector, atLeast };
  }

  /**
   * "you lost life this turn", "an opponent gained life this turn", "you lost 3 or more life this turn", "they didn't lose
   * life this turn" (the negation read by conditionFor): all the life that player lost (gained) this turn — an effect's
   * loss, damage, a cost paid in life (GameState.lifeThisTurn). Undefined: not such a clause.
   */
  playerLifeThisTurn(clause: Ast.Clause, player?: PlayerRef): Condition | undefined {
    const change = clause.verb?.lemma === "lose" ? "lost" : clause.verb?.lemma === "gain" ? "gained" : undefined;
    if (!change || !clause.object || clause.be || clause.complement || clause.modal || (!player && !(clause.subject && isPlayerPhrase(clause.subject)))) return undefined;
    if (clause.tail.length !== 1) return undefined;
    const thisTurn = clause.tail[0]!;
    if (thisTurn.kind !== "timing" || thisTurn.which !== "this" || thisTurn.combat) return undefined;
    const obj = clause.object;
    const count = npCount(obj);
    const dets = npDeterminers(obj).filter((d) => !count || d !== count.text);
    if (npWords(obj).join(" ") !== "life" || obj.filters.length || dets.length || (count && (count.value === undefined || count.atLeast !== undefined || (count.comparison !== undefined && comparisonOp(count) !== ">=")))) return undefined;
    const who: PlayerRef = player ?? this.controllingPlayer(clause.subject);
    this.use(clause.verb, obj, thisTurn);
    return { kind: "compare", left: { kind: "life_this_turn", of: who, change }, op: ">=", right: count?.value ?? 1 };
  }

  /**
   * "a creature you control attacked this turn", "another Vampire you control attacked this turn", "two or more creatures
   * an opponent controls attacked this turn", "a creature attacked this turn": cards of a kind that attacked this turn,
   * read as "you attacked with a creature this turn" reads them (GameState.attackedThisTurn: who attacked with each is its
   * controller as it attacked; with no controller named, either player). Undefined: not such a clause (a card named before:
   * attackedThisTurnCondition); null after a note.
   */
  cardsAttackedThisTurn(clause: Ast.Clause): Condition | null | undefined {
    const subject = clause.subject;
    if (clause.verb?.lemma !== "attack" || clause.object || clause.be || clause.complement || clause.modal || !subject || subject.also?.length || isPlayerPhrase(subject) || clause.tail.length !== 1) return undefined;
    const thisTurn = clause.tail[0]!;
    if (thisTurn.kind !== "timing" || thisTurn.which !== "this" || thisTurn.combat) return undefined;
    const dets = npDeterminers(subject);
    if (dets.some((d) => d === "this" || d === "that" || d === "it" || d === "target" || d === "those" || d === "these" || d === "each" || d === "every" || d === "all")) return undefined;
    if (!npWords(subject).some((w) => this.cardNoun(w) || this.cardNoun(singular(w)))) return undefined;
    const count = npCount(subject);
    if (count && (count.value === undefined || count.variable !== undefined || count.comparison === "less" || count.comparison === "fewer" || count.atLeast !== undefined)) {
      this.note(clause.range, `the engine counts the cards that attacked this turn ("a creature you control attacked this turn", "two or more creatures you control attacked this turn"); it cannot read "${this.slice(clause.range)}"`);
      return null;
    }
    const selector = this.turnRecordSelector({ ...subject, filters: subject.filters }, "attacked", true);
    if (!selector) return null;
    const controller = selector.controller;
    delete selector.controller;
    const atLeast = count?.value ?? 1;
    this.useDeterminers(subject, "a", "an", "any");
    this.use(clause.verb, count, thisTurn);
    const by = (who: "you" | "opponent"): Condition => ({ kind: "attacked_this_turn", who: { kind: who }, selector, atLeast });
    if (controller === "you" || controller === "opponent") return by(controller);
    if (controller === undefined && atLeast === 1) return { kind: "any", conditions: [by("you"), by("opponent")] };
    this.note(subject.range, `"${this.slice(subject.range)}": the engine counts the cards one player attacked with this turn: write "you control" or "an opponent controls" after the card ("two or more creatures you control attacked this turn")`);
    return null;
  }

  /**
   * "this unit attacked this turn", "it attacked this turn", "that creature didn't attack this turn" (the negation read by
   * conditionFor): whether the card attacked during this turn — this card, "it" (the card named last, or the trigger's),
   * or "that <card>". Undefined: not such a clause.
   */
  attackedThisTurnCondition(clause: Ast.Clause): Condition | undefined {
    if (clause.verb?.lemma !== "attack" || clause.object || clause.be || clause.complement || clause.tail.length !== 1) return undefined;
    const timing = clause.tail[0]!;
    if (timing.kind !== "timing" || timing.which !== "this" || timing.combat) return undefined;
    const dets = npDeterminers(clause.subject);
    const words = npWords(clause.subject);
    const self = dets.length === 1 && dets[0] === "this" && words.every((w) => this.cardNoun(w));
    const it = dets.length === 1 && dets[0] === "it" && words.length === 0;
    const that = dets.length === 1 && dets[0] === "that" && words.length > 0 && words.every((w) => this.cardNoun(w));
    if (!self && !it && !that) return undefined;
    this.use(clause, timing);
    const of: CardRef = self ? { kind: "self" } : that ? (this.lastCard ?? this.thatCard(clause.subject!) ?? { kind: "it" }) : (this.lastCard ?? { kind: "it" });
    return { kind: "card_matches", of, selector: { attackedThisTurn: true } };
  }

  /**
   * A card's part in a combat or its defender status: "attacking" (after "while"), "this is attacking", "it's blocking",
   * "this unit is a defender", "it isn't attacking" — about this card ("this", no subject) or "it" (the event's card in a
   * trigger; in a static, this card). A game whose units do not become defenders has no "defender" (a note).
   */
  /**
   * "Gain 3 life. If you had 10 or less life, draw a card.", "Target creature gains Bleed 2 until end of turn. If it
   * already has Bleed, ...": a condition about the state before this ability acted ("had", "already"), after a step of the
   * same resolution that may have changed it — the engine checks it as it is when it is checked, after that step. True
   * when so (a note; nothing of the card runs). Not about a card a step before took out of play or the card whose leaving
   * play the trigger is (read as it last was in play), nor about what happened "this way" / "this turn" (the steps' own record).
   */
  asksBeforeItActed(clause: Ast.Clause): boolean {
    const had = !!clause.verb && /^(?:had|hadn['’]t)$/i.test(clause.verb.text) && !clause.be;
    // "its power was 1": a card's stat in the past (possessedStat); "it was exhausted" is cardStateCondition's to say.
    const was = !!clause.be && /^(?:was|were)$/i.test(clause.be.text) && this.possessedStat(clause) !== undefined;
    if (!clause.already && !had && !was) return false;
    const before = walkStepsOf([...this.earlierSpellSteps, ...this.stepsBefore, ...(this.sequenceSoFar ?? []).flatMap((e) => e.steps)]);
    // A trigger's event has happened before its condition is checked: "Whenever an opponent draws a card, if they had no
    // cards in hand" is checked after the draw (a player's state: a card's, below, only a step of the ability changes).
    // "already" there is the moment the trigger fires ("Whenever this attacks, if you already control another Vampire").
    if (!before.length && !(this.trigger && had)) return false;
    if (clause.tail.some((t) => t.kind === "timing") || /\bthis (?:way|turn)\b/i.test(this.slice(clause.range))) return false;
    const dets = npDeterminers(clause.subject);
    const aboutCard = dets.some((d) => d === "it" || d === "its" || d === "that" || d === "this") && !isPlayerPhrase(clause.subject!);
    if (!aboutCard) return true;
    // A card's stats, keywords, counters and state change only by these; damage is marked, and a card a step took out of
    // play ("Destroy target creature. If it had Bleed, ...") is read as it last was in play.
    // What the condition reads, and the steps that change that: "a power counter on it" only counters, "power 3 or more" a
    // stat (counters too: a power counter raises it), "Bleed" a keyword; anything else, any of them.
    const asked = [...npWords(clause.subject), ...npWords(clause.object)].map(lower);
    const changing: ReadonlySet<Step["op"]> = asked.some((w) => w === "counter" || w === "counters")
      ? new Set(["add_counters", "remove_counters", "copy", "keyword_action"])
      : asked.some((w) => this.vocab.game.stats.includes(w))
        ? new Set(["modify", "add_counters", "remove_counters", "copy", "keyword_action"])
        : asked.length === 1 && this.vocab.keywords.get(asked[0]!)?.kind === "ability"
          ? new Set(["modify", "copy", "keyword_action"])
          : CARD_CHANGING_OPS;
    if (!before.some((step) => changing.has(step.op))) return false;
    if (this.lastCard !== undefined && this.leftPlay.has(JSON.stringify(this.lastCard))) return false;
    if (this.leftPlayCard("it") || this.leftPlayCard("this") || this.leftPlayCard("that")) return false;
    // A spell's sentence of its own: it goes on with the sentence before (`unmeasured`), where the card is named.
    if (this.lastCard === undefined) this.unmeasured.push(clause.range);
    return true;
  }

  cardStateCondition(clause: Ast.Clause): { condition?: Condition } | undefined {
    const subjectWords = npWords(clause.subject);
    const subjectDets = npDeterminers(clause.subject);
    // "it's attacking" parses "it's" as the verb and "attacking" as its object.
    const contracted = clause.verb && /^it['’]s(?:[ \t]+not)?$/i.test(clause.verb.text);
    const verb = contracted ? undefined : clause.verb;
    const objectWords = npWords(clause.object);
    const words = [...(verb ? [lower(verb.text)] : []), ...objectWords];
    const negated = npDeterminers(clause.object).includes("not") || /\b(?:not|isn['’]t)\b/i.test(this.slice(clause.range));
    const stateWord = words.filter((w) => w !== "not" && w !== "isn't" && w !== "a" && w !== "an");
    if (stateWord.length !== 1) return undefined;
    // "defending": a defender where units block by becoming defenders (Three-Slot Duel), else blocking.
    const defending = stateWord[0] === "defending" ? (this.hasDefenders() ? "defender" : "blocking") : undefined;
    const state = stateWord[0] === "attacking" ? "attacking" : stateWord[0] === "blocking" ? "blocking" : stateWord[0] === "defender" ? "defender" : defending;
    const readiness = readinessOf(stateWord[0]!);
    if (readiness !== undefined) {
      // "if this is renewed", "if it's exhausted", "If that creature is exhausted": its exhausted state as it is checked
      // (a game without one: CW6007 from the contract check).
      const dets = npDeterminers(clause.subject);
      const that = !contracted && dets.length === 1 && dets[0] === "that" && subjectWords.length > 0 && subjectWords.every((w) => this.cardNoun(w));
      const itNow = contracted || (dets.length === 1 && dets[0] === "it" && subjectWords.length === 0);
      const selfNow = !clause.subject || (dets.length === 1 && dets[0] === "this" && subjectWords.every((w) => this.cardNoun(w)));
      if (!that && !itNow && !selfNow) return undefined;
      // "If it was renewed" after exhausting it: the engine sees the state as the condition is checked, not before. In a
      // trigger on the card leaving play ("When this is destroyed, if it was exhausted, ..."), the card it names is read as
      // it last was in play (GameState.lastKnown): "was" is that state.
      const of: CardRef = that ? (this.lastCard ?? this.thatCard(clause.subject!) ?? { kind: "it" }) : itNow ? (this.lastCard ?? { kind: "it" }) : { kind: "self" };
      // A card a step before took out of play ("Destroy target creature. If it was exhausted, ...") is read as it last was
      // in play, too.
      if (clause.be && /^(?:was|were|wasn['’]t|weren['’]t)$/i.test(clause.be.text) && !this.leftPlayCard(that ? "that" : itNow ? "it" : "this") && !(!selfNow && this.leftPlay.has(JSON.stringify(of)))) {
        // A spell's sentence of its own ("Destroy target creature. If it was exhausted, ..."): it goes on with the sentence
        // before (`unmeasured`), where the card is named and taken out of play.
        if (!selfNow && this.lastCard === undefined) this.unmeasured.push(clause.range);
        this.note(clause.range, `the engine checks "${this.slice(clause.range)}" as it is now, not before this ability acted: write "is" and put the check before the effect that changes it ("If it is renewed, ...")`);
        return {};
      }
      this.use(clause);
      if (negated) this.carryNegations(clause);
      const condition: Condition = { kind: "card_matches", of, selector: readinessSelector(stateWord[0]!)! };
      return { condition: negated ? { kind: "not", condition } : condition };
    }
    if (!state) return undefined;
    // Whose: nothing, "this" (+ a card noun), "it" / "it's".
    const selfNouns = subjectWords.every((w) => w === "card" || w === "permanent" || lookup(this.vocab.cardTypes, w) !== undefined || lookup(this.vocab.subtypes, w) !== undefined);
    const it = contracted || (subjectDets.length === 1 && subjectDets[0] === "it" && subjectWords.length === 0);
    const self = !clause.subject || (subjectDets.length === 1 && subjectDets[0] === "this" && selfNouns);
    // "that creature was attacking": the card named before (the trigger's card), as "it".
    const that = !contracted && subjectDets.length === 1 && subjectDets[0] === "that" && subjectWords.length > 0 && subjectWords.every((w) => this.cardNoun(w));
    if (!it && !self && !that) return undefined;
    if (state === "defender") {
      if (!hasDefenders(this.vocab.game.params)) {
        this.note(clause.range, `"${this.slice(clause.range)}": this game has no defenders (units do not block by becoming defenders); write "blocking"`);
        return {};
      }
    }
    this.use(clause);
    if (negated) this.carryNegations(clause);
    // "Destroy target creature. If it was attacking, ...": "it" is the card named before (as it is of "if it is exhausted").
    const of: CardRef = that ? (this.lastCard ?? this.thatCard(clause.subject!) ?? { kind: "it" }) : it ? (this.lastCard?.kind === "target" ? this.lastCard : { kind: "it" }) : { kind: "self" };
    const condition: Condition = { kind: "card_is", of, state };
    return { condition: negated ? { kind: "not", condition } : condition };
  }

  /**
   * Does "this" / "it" / "that <card>" name, here, the card whose leaving play is the trigger's event ("When this is
   * destroyed", "Whenever another creature you control leaves play")? The engine reads such a card's in-play state
   * (exhausted, attacking, blocking, its stats) as it last was in play.
   */
  leftPlayCard(word: "this" | "it" | "that"): boolean {
    const t = this.trigger;
    if (!t || t.subject.kind === "player") return false;
    const leaves = (e: string) => e === "destroyed" || e === "leaves";
    if (!leaves(t.event) || !(t.orEvents ?? []).every(leaves)) return false;
    if (this.lastCard !== undefined) return false;
    return t.subject.kind === "self" ? word !== "that" : word !== "this";
  }

  /**
   * What a card named before is: "it's a Vampire", "that creature is a Vampire", "it isn't a token", "if it is a
   * Unit" — the card the ability acted on last (a target, a chosen card, "it"), or the trigger's card, matched against
   * card words (types, subtypes, colours, "token", an ability keyword) wherever that card is now: a spell's target may
   * have left play by then, and is still what it was.
   */
  cardKindCondition(clause: Ast.Clause): Condition | undefined {
    const contracted = !!clause.verb && /^it['’]s(?:[ \t]+not)?$/i.test(clause.verb.text);
    const subject = clause.subject;
    const dets = npDeterminers(subject);
    const words = npWords(subject);
    const it = contracted ? !subject : !!subject && dets.length === 1 && dets[0] === "it" && words.length === 0;
    const that = !contracted && !!subject && dets.length === 1 && dets[0] === "that" && words.length > 0 && words.every((w) => this.cardNoun(w));
    // The card a one-card draw took just before (cardsTaken): "it", "that card", "the drawn card".
    const drawn = [this.tookNext, this.took].find((t) => t?.verb === "drawn");
    // Written with no draw before it in this sentence, "the drawn card" is "it" (a spell's sentence after "Draw a card." is
    // read again with that one's, refersToItFirst), its "drawn" unread — CW6014 if no draw comes before.
    const drawnWritten = !!subject && dets.length === 1 && dets[0] === "the" && words.length === 2 && words[0] === "drawn" && this.cardNoun(words[1]!);
    // "if this has 3 or more power", "if this creature has Bleed", "if this is a Vampire": the ability's own card, as it is
    // now — in a trigger on this card leaving play ("When this is destroyed, if this was a Vampire"), the trigger's card,
    // asked as it last was in play (as "if it was a Vampire" is).
    const self = !contracted && !!subject && dets.length === 1 && dets[0] === "this" && words.every((w) => this.cardNoun(w));
    // "if its power is 4 or more", "if this creature's power is 2 or less", "if that unit's power was 3 or more": the card's
    // stat named in the subject, the bound after "is" (as "it has power 4 or more").
    const possessed = this.possessedStat(clause);
    if (!it && !that && !drawnWritten && !self && !possessed) return undefined;
    const obj = clause.object;
    const objWords = npWords(obj);
    const objDets = npDeterminers(obj);
    let selector: CardSelector | undefined;
    if (possessed) {
      selector = { stat: possessed.stat };
      this.use(subject, obj);
    } else if (!contracted && clause.verb?.lemma === "have" && obj && !obj.filters.length && objWords.length === 1 && objDets.length === 0 && this.vocab.keywords.get(objWords[0]!)?.kind === "ability") {
      // "it has Haste", "that creature doesn't have Flying"
      selector = { keyword: this.vocab.keywords.get(objWords[0]!)!.name };
      this.use(obj);
    } else if (!contracted && clause.verb?.lemma === "have" && obj && !obj.filters.length && objDets.length === 0 && this.statBound(obj)) {
      // "it has 1 or less defense", "that creature has power 3 or more": its stat now, as the selector's `with power ...`.
      selector = { stat: this.statBound(obj)! };
      this.use(obj);
    } else if (!contracted && clause.be && clause.verb && !obj && lookup(this.vocab.colors, lower(clause.verb.text))) {
      // "it is Red": the colour word is read as the clause's verb.
      selector = { colors: [lookup(this.vocab.colors, lower(clause.verb.text))!] };
    } else if (contracted || (clause.be !== undefined && (clause.verb === undefined || (lower(clause.verb.text) === "not" && /^(?:is|are)$/i.test(clause.be.text))))) {
      // "it's a Vampire", "that creature is a token", "it isn't a Unit"; "it is not a Knight" (the parser reads "not" as the
      // verb: it was CW6001 while "it isn't a Knight" and "it's not a Knight" run)
      if (!obj || obj.filters.length || !objWords.length || !objDets.every((d) => d === "a" || d === "an" || d === "not")) return undefined;
      const { zones: _zones, ...matching } = this.selector(obj);
      selector = matching;
      this.useDeterminers(obj, "a", "an", "not");
    }
    if (!selector || !(selector.cardTypes?.length || selector.subtypes?.length || selector.colors?.length || selector.tokens || selector.keyword || selector.stat)) return undefined;
    let ref: CardRef | undefined;
    // "PLAY: Draw a card. If it's a unit card, ...": in a trigger about a card too, the card drawn (as the card a step put
    // into a graveyard is, engine-s38): the card the trigger is about is "this" / "that unit".
    if (drawn && (drawnWritten || ((it || that) && this.lastCard === drawn.lastCard))) {
      ref = drawn.ref;
      if (drawnWritten) this.useWords(subject!, "drawn");
    }
    const selfRef: CardRef = this.leftPlayCard("this") ? { kind: "it" } : { kind: "self" };
    if (possessed?.whose === "this") ref ??= selfRef;
    else if (possessed?.whose === "that") ref ??= this.lastCard ?? this.thatCard({ ...subject!, items: [possessed.owner!] }) ?? { kind: "it" };
    ref ??= self ? selfRef : that ? (this.lastCard ?? this.thatCard(subject!) ?? { kind: "it" }) : (this.lastCard ?? { kind: "it" });
    this.use(clause.verb, clause.be, clause.modal, subject?.determiners);
    if (that || drawnWritten || self) this.useSelfNouns(subject!);
    const negated = objDets.includes("not") || /\b(?:not|isn['’]t)\b/i.test(this.slice(clause.range));
    if (negated) this.carryNegations(clause.verb, clause.be, obj?.determiners);
    const condition: Condition = { kind: "card_matches", of: ref, selector };
    return negated ? negation(condition)! : condition;
  }

  /**
   * "its power is 4 or more", "this creature's power is 2 or less", "that unit's power was 3": a stat of the game owned by
   * "its" / "this <card>'s" / "that <card>'s", and a bare bound after "is" / "was" — the bound as `with power ...` reads
   * it; `whose`: the card's determiner ("its" is "it"), `owner`: the possessive card noun. Undefined for any other clause.
   */
  possessedStat(clause: Ast.Clause): { stat: NonNullable<CardSelector["stat"]>; whose: "it" | "this" | "that"; owner?: Ast.WordNode } | undefined {
    const subject = clause.subject;
    const obj = clause.object;
    if (!subject || !obj || clause.verb || !clause.be || !/^(?:is|was)$/i.test(clause.be.text) || subject.filters.length || obj.filters.length || npWords(obj).length) return undefined;
    const dets = npDeterminers(subject);
    const items = subject.items.filter((i): i is Ast.WordNode => i.kind === "word");
    if (dets.length !== 1 || items.length !== subject.items.length) return undefined;
    const stat = items[items.length - 1]!;
    if (!this.vocab.game.stats.includes(lower(stat.text))) return undefined;
    const owner = items.length === 2 ? items[0]! : undefined;
    const ownerNoun = owner && /['’]s$/.test(owner.text) ? lower(owner.text).replace(/['’]s$/, "") : undefined;
    const whose = dets[0] === "its" && items.length === 1 ? "it" : (dets[0] === "this" || dets[0] === "that") && ownerNoun && this.cardNoun(ownerNoun) ? dets[0] : undefined;
    const bound = whose ? this.statBound({ ...obj, items: [stat] }) : undefined;
    return whose && bound ? { stat: bound, whose, ...(owner ? { owner: { ...owner, text: ownerNoun!, lemma: ownerNoun! } } : {}) } : undefined;
  }

  /**
   * The kind of card a discard takes ("a creature card", "a Spell", "two Vampire cards", "a Red card"): a selector of card
   * words only, read from the phrase's words (its count and determiners are the amount's). Undefined when the phrase names
   * no kind ("a card", "two cards"); a word no selector field reads stays unread (CW6005).
   */
  discardFilter(obj: Ast.NounPhrase): CardSelector | undefined {
    const kinds = obj.items.filter((i) => i.kind === "word" && !["card", "cards"].includes(lower(i.text)));
    if (!kinds.length) return undefined;
    // The selector marks the words it reads; a word it reads into a part no hand or deck card has ("an attacking creature
    // card") is not carried by the filter, so its marks are taken back (CW6005 at the words, never a silent drop).
    const before = { used: new Set(this.ledger.used), carried: new Set(this.ledger.carried) };
    const sel = this.selector({ ...obj, determiners: [], filters: [], also: undefined, items: obj.items.filter((i) => i.kind === "word") });
    const read: (keyof CardSelector)[] = ["cardTypes", "subtypes", "colors", "keyword", "tokens"];
    if (Object.keys(sel).some((key) => !read.includes(key as keyof CardSelector))) {
      this.ledger.used.clear();
      this.ledger.carried.clear();
      for (const offset of before.used) this.ledger.used.add(offset);
      for (const offset of before.carried) this.ledger.carried.add(offset);
      return undefined;
    }
    return Object.keys(sel).length ? sel : undefined;
  }

  /**
   * "1 or less defense", "power 3 or more", "3 or more power", "exactly 2 power": a stat of the game and a number with its
   * comparison, and no other word. Undefined for anything else (read by no one: the condition is CW6001).
   */
  statBound(np: Ast.NounPhrase): CardSelector["stat"] | undefined {
    const c = npCount(np);
    if (!c || c.value === undefined) return undefined;
    const words = np.items.filter((i): i is Ast.WordNode => i.kind === "word").map((w) => lower(w.text));
    const stat = words.find((w) => this.vocab.game.stats.includes(w));
    if (!stat) return undefined;
    const rest = words.filter((w) => w !== stat);
    const trailing = !c.comparison && rest.length === 2 && rest[0] === "or" && COMPARISON_WORDS.has(rest[1]!) ? rest[1] : undefined;
    const exactly = rest.length === 1 && rest[0] === "exactly" && !c.comparison;
    if (rest.length && !trailing && !exactly) return undefined;
    const comparison = c.comparison ?? trailing;
    const op = comparison === "less" || comparison === "fewer" ? "<=" : comparison ? ">=" : "=";
    return { name: stat, op, value: c.value };
  }

  /**
   * The moment of a delayed trigger, written after an effect ("Destroy it at the end of the turn.", "at end of turn",
   * "at the beginning of the next end step", "at the beginning of your next turn") or as the head of the sentence after
   * it ("At the beginning of the next end step, return it ..."): a pattern of the game's phases, noted once. `undefined`:
   * the words name no moment of a turn; a note: a moment the engine does not run ("at the end of your next turn").
   */
  delayedMoment(np: Ast.NounPhrase): TriggerPattern | "noted" | undefined {
    const words = momentWords(np);
    const text = `at ${this.slice(np.range)}`;
    const phases = this.vocab.game.phases;
    const last = phases[phases.length - 1];
    const ownWords = npWords(np);
    const start = words.includes("beginning") || words.includes("start");
    const end = words.includes("end");
    if (!start && !end) return undefined;
    const whose = words.some((w) => w.startsWith("opponent")) ? "opponent" : words.includes("your") ? "your" : "each";
    const any = { kind: "player" as const, who: "any" as const };
    // "at end of combat", "at the beginning of your next Main phase": the phase the moment's `of` phrase names (as a
    // trigger's moment reads it), its next start or end. Read before the turn's end: "end of combat" is not the turn's.
    const hasOf = np.filters.some((f) => f.kind === "prep");
    const ofWords = words.slice(ownWords.length + npDeterminers(np).length);
    const phase = phaseNamed(phases, hasOf ? ofWords : ownWords.filter((w) => !MOMENT_WORDS.has(w)));
    const momentIsEnd = (hasOf ? ownWords : words).includes("end");
    if (phase && !(phase === last?.name && last.auto && !words.includes("next") && momentIsEnd)) {
      this.useMomentWords(np, ...phaseReadWords(phases, phase), momentIsEnd ? "end" : ownWords.includes("start") ? "start" : "beginning", "next", "step", "phase", "your", "each");
      this.carryOwner(np);
      return { event: momentIsEnd ? "phase_end" : "phase_start", subject: any, phase, whose, text };
    }
    // "the end of the turn", "end of turn", "the end of this turn", "the end of your turn": this turn's end (the next end of
    // your turn for "your"), as "At the end of your turn" is in this game (the start of its last phase when that phase only
    // runs the turn's end, else the end of its last phase).
    const turnEnd = end && !words.includes("next") ? true : end && words.includes("next") && !words.includes("turn");
    if (turnEnd && last) {
      // "the beginning of the next end step" (a game with no End phase): the next end of a turn, each word of it read.
      const nextEndStep = words.includes("next") ? ["beginning", "start", "next"] : [];
      this.useMomentWords(np, "end", "turn", "your", "each", ...(phase ? phaseReadWords(phases, phase) : []), "step", "phase", ...nextEndStep);
      this.carryOwner(np);
      return last.auto ? { event: "phase_start", subject: any, phase: last.name, whose, text } : { event: "phase_end", subject: any, phase: last.name, whose, text };
    }
    // "the beginning of your next turn", "the start of the next turn": the first phase of that turn starts.
    if (start && words.includes("next") && words.includes("turn") && phases[0]) {
      this.useMomentWords(np, "beginning", "start", "next", "turn", "your", "each");
      this.carryOwner(np);
      return { event: "phase_start", subject: any, phase: phases[0].name, whose, text };
    }
    this.note(np.range, `the engine cannot wait for "${text}": a delayed effect runs "at the end of the turn" (or "at end of turn", "at the beginning of the next end step"), "at the beginning of your next turn", or at the start or end of a phase of the game ("at end of combat", "at the beginning of your next ${phases.find((p) => !p.auto)?.name ?? "Main"} phase")`);
    return "noted";
  }

  /**
   * Marks the words of a moment (its own, its determiners, its `of` phrases) that its reader turned into the pattern —
   * only those: a word it did not read ("at the end of the second turn") stays unread and is reported at its words.
   */
  useMomentWords(np: Ast.NounPhrase, ...read: string[]): void {
    // "the" of a moment ("at the end of the turn", "the next end step") is the one moment its reader turned into the pattern.
    const readWords = new Set([...read.map((w) => lower(w)), "the"]);
    this.ledger.carry(leavesOf(np).filter((leaf) => readWords.has(lower(this.text.slice(startOffset(leaf.range), endOffset(leaf.range))))));
  }

  /** "your turn" → it is your turn; "an opponent's turn" / "your opponent's turn" → it is not; `negated` flips it. */
  turnCondition(words: string[], negated = false): Condition | undefined {
    if (!words.includes("turn") && !words.includes("turns")) return undefined;
    const opponents = words.some((w) => w.startsWith("opponent"));
    if (!opponents && !words.includes("your")) return undefined;
    const yours = !opponents !== negated;
    return yours ? { kind: "your_turn" } : { kind: "not", condition: { kind: "your_turn" } };
  }

  /** `during your turn` / `during each of your opponents' turns` in a clause's tail, as a condition; a note when not understood. */
  duringCondition(clause: Ast.Clause): Condition | undefined {
    const during = clause.tail.find((t) => t.kind === "prep" && t.prep === "during") as Ast.PrepPhrase | undefined;
    // Read already by the clause's own reader ("can't attack during their next turn": the restriction's duration).
    if (!during || this.ledger.used.has(startOffset(during.object.range))) return undefined;
    const of = during.object.filters.flatMap((f) => (f.kind === "prep" ? [...npWords(f.object), ...npDeterminers(f.object)] : []));
    const words = [...npWords(during.object), ...npDeterminers(during.object), ...of];
    // Every word counts: "during your next turn" / "during your first turn" is one turn, not each of your turns.
    const unread = words.find((w) => !DURING_TURN_WORDS.has(lower(w)));
    const condition = unread === undefined ? this.turnCondition(words) : undefined;
    if (!condition)
      this.note(
        during.range,
        unread !== undefined && this.turnCondition(words)
          ? `"${this.slice(during.range)}" is not used by the engine: an ability's "during" holds on every turn it names ("during your turn", "during an opponent's turn"), not on one turn ("${unread}")${lower(unread) === "next" ? `; for an effect that lasts until then, write "until your next turn"` : ""}`
          : `"${this.slice(during.range)}" is not used by the engine: write "during your turn" or "during an opponent's turn"`,
      );
    else {
      this.use(during);
      this.carryOwner(during);
    }
    return condition;
  }

  /**
   * "a spell" · "a spell an opponent controls" · "a Creature spell" (after "in response to"): the spells waiting on the
   * response chain that the phrase names (a selector of the resolving zone, as "Counter target spell" reads it); undefined
   * when the phrase names no spell, or words a selector does not read.
   */
  spellsWaiting(np: Ast.NounPhrase): CardSelector | undefined {
    const spellAt = np.items.findLastIndex((i) => i.kind === "word" && /^spells?$/i.test(i.text));
    if (spellAt < 0 || np.also?.length || !npDeterminers(np).every((d) => d === "a" || d === "an" || d === "any")) return undefined;
    const rest: Ast.NounPhrase = { ...np, determiners: [], items: np.items.filter((_, i) => i !== spellAt) };
    const narrowed = rest.items.some((i) => i.kind === "word") || np.filters.length > 0;
    const notes = this.notes.length;
    const selector: CardSelector = narrowed ? { ...this.fixedSelector(rest, "a target"), zones: [RESOLVING_ZONE] } : { zones: [RESOLVING_ZONE] };
    if (this.notes.length > notes) return undefined;
    this.use(np.items[spellAt], np.determiners);
    return selector;
  }

  /**
   * "during your turn" · "during an opponent's turn" · "during your Pre-Battle phase" · "during each Battle phase": when an
   * activated ability may be activated, its words used; undefined (unused) for any other moment.
   */
  duringLimit(during: Ast.PrepPhrase): Condition | undefined {
    const words = [...npDeterminers(during.object), ...npWords(during.object)].map(lower);
    if (during.object.filters.length) return undefined;
    const phaseWords = words.filter((w) => w !== "phase" && w !== "your" && w !== "the" && w !== "each" && w !== "a" && w !== "an" && !w.startsWith("opponent"));
    if (words.includes("phase") || words.includes("phases")) {
      const named = (ws: string[]) => this.vocab.game.phases.find((p) => lower(p.name) === ws.join(" "));
      // "during your Pre-Battle phase or Battle phase", "during your Main or Second-Main phase": any of the phases, of the
      // one owner the phrase opens with (it was CW6001 naming one phase only).
      const groups: string[][] = [[]];
      for (const w of phaseWords) {
        if (w === "or" || w === "and") groups.push([]);
        else if (w !== "phases") groups[groups.length - 1]!.push(w);
      }
      const phases = groups.flatMap((g) => (named(g) ? [named(g)!] : g.length > 1 && g.every((w) => named([w])) ? g.map((w) => named([w])!) : [undefined]));
      if (!phases.length || phases.some((p) => !p)) return undefined;
      const owner = words.includes("your") || words.some((w) => w.startsWith("opponent")) ? this.turnCondition([...words.filter((w) => w !== "or" && w !== "and"), "turn"]) : undefined;
      this.use(during);
      this.carryOwner(during);
      const alternatives: Condition[] = phases.map((p) => ({ kind: "phase", phase: p!.name }));
      const inPhase: Condition = alternatives.length === 1 ? alternatives[0]! : { kind: "any", conditions: alternatives };
      return owner ? { kind: "all", conditions: [owner, inPhase] } : inPhase;
    }
    if (phaseWords.some((w) => w !== "turn" && w !== "turns")) return undefined;
    const turn = this.turnCondition(words);
    if (turn) {
      this.use(during);
      this.carryOwner(during);
    }
    return turn;
  }

  // --- clauses → steps --------------------------------------------------------------------------
  /**
   * The steps of a sequence, in order. Two readings span clauses:
   * - `You may X and Y` / `You may X, then Y`: the clauses after a "may" in the same sentence that
   *   have no subject of their own are part of what the player may do (all of it, or none);
   * - `You may X. If you do, Y.` / `If you don't, Y.`: the sentence runs only if the player did
   *   (or did not) do what the last "may" offered.
   */
  sequence(seq: Ast.Sequence): Step[] {
    const lowered: { step: Ast.Step; steps: Step[] }[] = [];
    // A condition read inside this sequence ("Gain 3 life, then if you had ...") sees what the clauses before it did.
    const outerSequence = this.sequenceSoFar;
    this.sequenceSoFar = lowered;
    try {
      return this.sequenceRead(seq, lowered);
    } finally {
      this.sequenceSoFar = outerSequence;
    }
  }
  private sequenceRead(seq: Ast.Sequence, lowered: { step: Ast.Step; steps: Step[] }[]): Step[] {
    const out: Step[] = [];
    let openMay: Extract<Step, { op: "may" }> | undefined;
    let lastMay: Extract<Step, { op: "may" }> | undefined;
    let branch: Step[] | undefined;
    // Where the targets of an "Otherwise, ..." sentence begin (undefined outside one).
    let branchTargetsFrom: number | undefined;
    let mayStart = 0;
    // Where the steps of the clause just lowered begin in `out` (what an ", or <amount> if ..." after it changes).
    let previousFrom = 0;
    const entries = withSharedVerbs(seq, this.text, this.vocab.game.stats, (word) => this.vocab.keywords.get(lower(word))?.kind === "ability");
    for (let i = 0; i < entries.length; i++) {
      const { clause, step, parts, repeat, each, mayShared } = entries[i]!;
      if (each) this.use(each);
      if (step.connector === "." || step.connector === ". then" || step.connector === "—" || step.connector === ";") this.sentenceTargetsFrom = this.targets.length;
      if (step.connector === "." || step.connector === ". then" || step.connector === "—") {
        openMay = undefined;
        branch = undefined;
        branchTargetsFrom = undefined;
      }
      if (step.condition) branch = this.didBranch(step.condition, lastMay, out);
      // "If you control three creatures, draw two cards. Otherwise, draw a card." · "You may discard a card. If you do,
      // draw two cards. Otherwise, gain 1 life.": the sentence is what happens when the condition before it fails.
      if (isOtherwise(clause) && (i === 0 || step.connector === "." || step.connector === ". then") && entries[i + 1]) {
        const failing = lastMay && out[out.length - 1] === lastMay ? lastMay : ifWithoutElse(out[out.length - 1]) ?? (out.length && this.triggerCondition ? undefined : lastMay);
        this.use(clause.verb!);
        if (failing?.op === "may") branch = failing.otherwise ??= [];
        else if (failing?.op === "if") branch = failing.else = [];
        else if (this.triggerCondition && !this.triggerOtherwise) branch = this.triggerOtherwise = [];
        else {
          this.note(clause.verb!.range, `"${clause.verb!.text}" goes on only after a sentence of the same ability that begins with "If ..." or "You may ...": write "If <condition>, <effect>. Otherwise, <effect>."`);
          branch = undefined;
        }
        lowered.push({ step, steps: [] });
        branchTargetsFrom = this.targets.length;
        continue;
      }
      // "Gain 2 life, or 4 life if you control a Golem." · "Draw a card, or two cards instead if ...": the effect before with
      // the amount after "or" when the condition holds (`if` ... `else`), as "X. If <condition>, <verb> <amount> instead."
      if (step.connector === ", or") {
        this.orAmount(clause, out, previousFrom);
        lowered.push({ step, steps: [] });
        continue;
      }
      previousFrom = out.length;
      const targetsBefore = this.targets.length;
      let steps = withPending(this, this.clause(clause));
      // "If ..., deal 4 damage to target unit. Otherwise, deal 2 damage to target unit.": one target for both branches.
      if (branch && branchTargetsFrom !== undefined && branchTargetsFrom <= targetsBefore) steps = this.shareBranchTargets(steps, targetsBefore);
      if (parts) {
        // "Deal 1 damage to each creature and each Vampire": the parts of one clause ("and" between the objects of one verb)
        // are lowered together, as one effect on all they name.
        const partSteps = [steps];
        for (let k = 1; k < parts; k++) partSteps.push(withPending(this, this.clause(entries[i + k]!.clause)));
        i += parts - 1;
        steps = this.oneEffectOnEveryPart(partSteps, clause);
      }
      if (repeat) {
        // "Deal 1 damage to each creature and each player twice.": every part of the clause, then all of it again.
        this.ledger.carry(repeat.words);
        // "again" (once more) says the ability did the effect before: "Siphon 2. If ..., Siphon 2 again." With no such step
        // before it ("Exhaust this: Draw a card again."), the text promises a repetition the card does not hold — it ran
        // once, the word dropped in silence.
        const did = new Set([...this.earlierSpellSteps, ...this.stepsBefore, ...lowered.flatMap((e) => e.steps)].flatMap((s) => walkStepsOf([s])).map(stepKind));
        if (repeat.times === 1 && steps.length && !steps.every((s) => did.has(stepKind(s)))) {
          const written = this.slice(spanOf(clause.range, repeat.words[repeat.words.length - 1]!.range));
          const once = written.replace(/\s*\bagain$/i, "");
          this.note(repeat.words[0]!.range, `"again" says "${once}" was done before in this ability, and nothing before it here does that: write "${once}" for once, or "${once} twice" for two times`);
        }
        const once = steps;
        steps = Array.from({ length: repeat.times }, () => once).flat();
      }
      lowered.push({ step, steps });
      const joined = step.connector !== "." && step.connector !== ". then" && step.connector !== ";" && step.connector !== "—";
      if (branch) this.joinSharedPlayers(branch, this.actingBranches.has(branch) ? asActingPlayer(steps) : askerActs(lastMay, steps));
      else if (openMay && joined && (!clause.subject || mayShared) && !clause.modal) {
        openMay.steps.push(...askerActs(openMay, steps));
        // The question covers all of it: "You may discard a card and draw a card".
        openMay.prompt = this.text.slice(mayStart, clause.range.end.offset);
      }
      else this.joinSharedPlayers(out, eachOwnCount(out, steps));
      // "Each player may X": the question each player is asked inside their own run.
      const only = steps.length === 1 ? steps[0] : undefined;
      // "You may pay 2 life": the question is asked only of a player who can pay (an `if` around the `may`).
      const guarded = only?.op === "if" && !only.else && only.then.length === 1 && only.then[0]!.op === "may" ? only.then[0] : only;
      const asked = guarded?.op === "per_player" && guarded.steps.length === 1 && guarded.steps[0]!.op === "may" ? guarded.steps[0] : guarded;
      const may = steps.length === 1 && asked?.op === "may" && clause.modal?.lemma === "may" ? asked : undefined;
      if (may) {
        openMay = lastMay = may;
        mayStart = clause.range.start.offset;
      }
    }
    this.checkSharedDurations(lowered);
    this.checkTrailingForEach(lowered);
    this.checkUnwrittenAmounts(lowered);
    return out;
  }

  /**
   * "<effect>, or <amount> [instead] if|unless <condition>": the clause after "or" (its verb the effect's, given by
   * withSharedVerbs) in place of the effect's steps (from `from` on in `out`) when the condition holds. Its condition is
   * its trailing one; "unless" negates it. What the engine cannot read that way is a note at the words after "or".
   */
  orAmount(clause: Ast.Clause, out: Step[], from: number): void {
    const cond = clause.tail.find((t): t is Ast.ConditionPhrase => t.kind === "condition" && (t.word === "if" || t.word === "unless"));
    const instead = clause.tail.find((t): t is Ast.InsteadWord => t.kind === "instead");
    if (!cond || from >= out.length) {
      this.note(clause.range, `"${this.slice(clause.range)}" after "or" is read only as another amount of the effect before it, when a condition holds ("Gain 2 life, or 4 life if you control a Golem."); a choice is written "Choose one — <effect>; or <effect>."`);
      return;
    }
    const targets = this.targets.length;
    const notes = this.notes.length;
    // "…, or 4 life if you control a Golem and a Knight": every condition joined (it read the first only).
    const read = this.phraseCondition(cond);
    const condition = cond.word === "unless" ? negation(read) : read;
    insteadOf(out, from, { condition, targets, notes }, { ...clause, tail: clause.tail.filter((t) => t !== cond) }, instead, clause.range, this, true);
  }

  /**
   * "Gain life.", "Deal damage to target unit.", "Draw cards.": an amount the text does not write (a bare "life", "damage",
   * "cards") is not 1 — the engine would run 1, so a note at the words, never a guess. After "and", with an amount written
   * later in the run ("Gain life and draw cards equal to the number of units you control."), the later amount may or may
   * not be this one's too: the note says so and names the forms that run.
   */
  checkUnwrittenAmounts(lowered: { step: Ast.Step; steps: Step[] }[]): void {
    const BARE: Record<string, string[]> = { life: ["gain_life", "lose_life"], damage: ["damage"], cards: ["draw", "discard", "mill"] };
    const flat = (steps: Step[]): Step[] => steps.flatMap((s) => (s.op === "may" || s.op === "per_player" ? flat(s.steps) : s.op === "if" ? flat(s.then) : [s]));
    for (let i = 0; i < lowered.length; i++) {
      const { step, steps } = lowered[i]!;
      const obj = step.clause.object;
      if (!obj || obj.determiners.length || obj.filters.length || obj.also?.length || obj.items.length !== 1 || obj.items[0]!.kind !== "word") continue;
      const noun = lower((obj.items[0] as Ast.WordNode).text);
      const ops = BARE[noun];
      if (!ops || !flat(steps).some((s) => ops.includes(s.op) && "amount" in s && s.amount === 1)) continue;
      // An amount written after it in the same run: "equal to ..." on a later object, or a trailing "for each".
      let later: string | undefined;
      let laterClause: Ast.Clause | undefined;
      for (let j = i + 1; j < lowered.length && ["and", ", and", ","].includes(lowered[j]!.step.connector) && !lowered[j]!.step.condition; j++) {
        const c = lowered[j]!.step.clause;
        const eq = c.object?.filters.find((f): f is Ast.EqualToFilter => f.kind === "equalTo");
        const each = c.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "for" && !t.leading);
        const range = eq?.range ?? each?.range;
        if (range) {
          later = this.slice(range);
          laterClause = c;
          break;
        }
      }
      const written = this.slice(step.clause.verb ? { start: step.clause.verb.range.start, end: obj.range.end } : obj.range);
      // The clause again with an amount in the noun's place: "Target player loses 2 life", "Deal 2 damage to target unit".
      const clauseStart = startOffset(step.clause.range);
      const clauseEnd = endOffset(step.clause.range);
      const withAmount = (amount: string) => capitalized(`${this.text.slice(clauseStart, startOffset(obj.range))}${amount}${this.text.slice(endOffset(obj.range), clauseEnd)}`);
      const example = withAmount(noun === "cards" ? "two cards" : `2 ${noun}`);
      if (later && laterClause) {
        const laterText = this.slice(laterClause.range);
        this.note(obj.range, `"${written}" writes no amount, and "${later}" is written after it in "${laterText}": the engine will not guess whether that is the amount of "${written}" too — write an amount for each ("${withAmount(`${noun} ${later}`)} and ${laterText}." or "${example} and ${laterText}.")`);
      } else this.note(obj.range, `"${written}" writes no amount (the engine would run 1): write it ("${example}.", or "${noun} equal to ..." where it is counted)`);
    }
  }

  /**
   * "Gain 1 life and draw a card for each unit you control.": a "for each" after effects joined by "and" (or a comma) could
   * multiply each of them or only the last — the English does not say, and the engine will not guess. Where an effect before
   * it in the same run has an amount the count could multiply, a note at the count naming the two forms that run: the count
   * first ("For each unit you control, gain 1 life and draw a card.": all of them) or a sentence of its own for the last
   * ("Gain 1 life. Draw a card for each unit you control."). Effects joined by "then" are steps in turn, and the count is the
   * last one's; an effect with no amount ("Destroy target unit and draw a card for each ...") is not multiplied by it.
   */
  checkTrailingForEach(lowered: { step: Ast.Step; steps: Step[] }[]): void {
    const JOINS = ["and", ", and", ","];
    const trailingForEach = (clause: Ast.Clause) => clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "for" && !t.leading && npDeterminers(t.object).some((d) => d === "each" || d === "every"));
    for (let i = lowered.length - 1; i > 0; i--) {
      const { step } = lowered[i]!;
      const forEach = trailingForEach(step.clause);
      if (!forEach || !JOINS.includes(step.connector) || step.condition) continue;
      let first = i;
      const multiplied: Ast.Step[] = [];
      for (let j = i - 1; j >= 0 && JOINS.includes(lowered[j + 1]!.step.connector) && !lowered[j + 1]!.step.condition; j--) {
        const before = lowered[j]!;
        if (before.step === lowered[j + 1]!.step) continue;
        first = j;
        if (!before.step.clause.tail.some((t) => t.kind === "prep" && t.prep === "for") && before.steps.some(multipliable)) multiplied.unshift(before.step);
      }
      if (!multiplied.length) continue;
      const count = this.slice(forEach.range);
      const start = startOffset(lowered[first]!.step.clause.range);
      const end = endOffset(step.clause.range);
      const withoutCount = (this.text.slice(start, startOffset(forEach.range)).trimEnd() + this.text.slice(endOffset(forEach.range), end)).trim();
      const lastClause = step.clause;
      // The last effect as a sentence of its own: the verb or subject it shares with the one before, written again.
      const shared = lastClause.verb ? "" : (() => {
        const previous = lowered.slice(first, i).reverse().find((l) => l.step.clause.verb)?.step.clause;
        return previous?.verb ? `${previous.subject ? `${this.slice(previous.subject.range)} ` : ""}${previous.verb.text} ` : "";
      })();
      const subjectOf = lastClause.verb && !lastClause.subject ? lowered.slice(first, i).reverse().find((l) => l.step.clause.subject)?.step.clause.subject : undefined;
      const lastText = `${shared}${subjectOf && lastClause.verb && !/^(you|your)$/i.test(this.slice(subjectOf.range)) && /[^s]s$/i.test(lastClause.verb.text) ? `${this.slice(subjectOf.range)} ` : ""}${this.slice(lastClause.range)}`;
      const beforeLast = this.text.slice(start, endOffset(lowered[i - 1]!.step.clause.range));
      const sentence = (s: string) => capitalized(s.trim().replace(/[.,;]+$/, "")) + ".";
      const firstWordLower = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
      this.note(
        forEach.range,
        `"${count}" after effects joined by "and" could multiply ${multiplied.map((m) => `"${this.slice(m.clause.range)}"`).join(" and ")} too, or only "${this.slice(lastClause.range).replace(` ${count}`, "")}": the engine will not guess — write the count first for all of them ("${sentence(`${capitalized(count)}, ${firstWordLower(withoutCount)}`)}") or give the last its own sentence ("${sentence(beforeLast)} ${sentence(lastText)}")`,
      );
      i = first;
    }
  }

  /**
   * The steps of a clause's parts — its objects (or subjects) joined by "and" — as one effect on everything they name, each
   * card once: "Deal 1 damage to each creature and each Vampire" deals a Vampire creature 1 damage, not 2. Two steps of
   * different parts that differ only in what they act on (the same op, amount, duration ...) become one step on the cards
   * of both selectors (`anyOf`); a selector beside one card (a target, a chosen card, "it") leaves that card out
   * (`otherThan`: "target creature and each creature with Flying" deals the target its damage once). A selector that
   * already leaves out another card cannot leave out a second: a note, never the effect twice.
   */
  oneEffectOnEveryPart(partSteps: Step[][], clause: Ast.Clause): Step[] {
    const out: Step[] = [...partSteps[0]!];
    for (const part of partSteps.slice(1)) {
      const earlier = out.length;
      for (const step of part) {
        let joined = false;
        for (let j = 0; j < earlier && !joined; j++) {
          const union = this.joinedStep(out[j]!, step, clause);
          if (union === "apart") continue;
          if (union.merged) {
            out[j] = union.merged;
            joined = true;
          } else {
            out[j] = union.earlier;
            out.push(union.later);
            joined = true;
          }
        }
        if (!joined) out.push(step);
      }
    }
    return out;
  }

  /**
   * Two steps of one clause's parts as one effect (see oneEffectOnEveryPart): merged into one step, or both kept with the
   * selector leaving out the other's card; "apart" when they are not the same effect or cannot share a card.
   */
  joinedStep(earlier: Step, later: Step, clause: Ast.Clause): { merged: Step } | { merged?: undefined; earlier: Step; later: Step } | "apart" {
    if (earlier.op !== later.op) return "apart";
    // "You may deal 1 damage to each creature and each Vampire": one question about all of it.
    const inner = INNER_STEPS[earlier.op];
    if (inner) {
      const a = (earlier as Record<string, unknown>)[inner] as Step[];
      const b = (later as Record<string, unknown>)[inner] as Step[];
      if (a.length !== 1 || b.length !== 1 || !sameStepBut(earlier, later, inner)) return "apart";
      const union = this.joinedStep(a[0]!, b[0]!, clause);
      if (union === "apart") return "apart";
      if (union.merged) return { merged: { ...earlier, [inner]: [union.merged] } as Step };
      return { earlier: { ...earlier, [inner]: [union.earlier] } as Step, later: { ...later, [inner]: [union.later] } as Step };
    }
    this.notePlayerNamedTwice(earlier, later, clause);
    const field = STEP_OBJECT_FIELD[earlier.op];
    if (!field || !sameStepBut(earlier, later, field)) return "apart";
    const a = (earlier as Record<string, unknown>)[field] as Affected | undefined;
    const b = (later as Record<string, unknown>)[field] as Affected | undefined;
    if (!a || !b) return "apart";
    if (a.kind === "cards" && b.kind === "cards") {
      const parts = (s: CardSelector) => (s.anyOf && !s.otherThan ? s.anyOf : [s]);
      return { merged: { ...earlier, [field]: { kind: "cards", selector: { anyOf: [...parts(a.selector), ...parts(b.selector)] } } } as Step };
    }
    const one = (x: Affected): CardRef | undefined => (x.kind === "card" ? x.ref : x.kind === "target" ? { kind: "target", index: x.index } : undefined);
    const leftOut = (cards: Affected, ref: CardRef): Affected | undefined => {
      if (cards.kind !== "cards") return undefined;
      if (cards.selector.otherThan && JSON.stringify(cards.selector.otherThan) !== JSON.stringify(ref)) {
        this.note(clause.range, `the engine cannot leave two cards out of "${this.slice(clause.range)}": a card named twice would get the effect twice (write the cards in sentences of their own)`);
        return cards;
      }
      return { kind: "cards", selector: { ...cards.selector, otherThan: ref } };
    };
    const refB = one(b);
    const refA = one(a);
    if (refB && a.kind === "cards") return { earlier: { ...earlier, [field]: leftOut(a, refB) } as Step, later };
    if (refA && b.kind === "cards") return { earlier, later: { ...later, [field]: leftOut(b, refA) } as Step };
    return "apart";
  }

  /**
   * "Deal 1 damage to each player and target opponent", "Each opponent and target player lose 1 life": the same step for
   * two player phrases of one clause, one of them every player (every opponent) the other may be among — that player
   * would get it twice. No player selector leaves one out: a note, never the effect twice in silence.
   */
  notePlayerNamedTwice(earlier: Step, later: Step, clause: Ast.Clause): void {
    const field = PLAYER_FIELD[earlier.op];
    if (!field || !sameStepBut(earlier, later, field)) return;
    const playersOf = (s: Step): PlayersRef | undefined => {
      const v = (s as Record<string, unknown>)[field] as Affected | PlayersRef | undefined;
      return !v ? undefined : v.kind === "player" ? (v as { ref: PlayersRef }).ref : "ref" in v || v.kind === "cards" || v.kind === "targets" ? undefined : (v as PlayersRef);
    };
    const a = playersOf(earlier);
    const b = playersOf(later);
    if (!a || !b) return;
    const among = (all: PlayersRef, one: PlayersRef) => all.kind === "each_player" || (all.kind === "each_opponent" && one.kind !== "you");
    if (among(a, b) || among(b, a)) this.note(clause.range, `"${this.slice(clause.range)}" names a player twice (every player, or every opponent, and one of them): that player would get it twice — name each player once`);
  }

  /**
   * "get +1/+0 and gain Haste until end of turn": a duration ending the sentence belongs to every part before it that
   * shares the subject (joined by "and" or a comma, with no subject of its own). A part whose steps got another duration
   * (the lowering read the modifier for the last part only) is CW6010 at the modifier — never a +1/+0 for ever in silence.
   */
  checkSharedDurations(lowered: { step: Ast.Step; steps: Step[] }[]): void {
    const modifierOf = (clause: Ast.Clause) => clause.tail.find((t) => isDurationPhrase(t) || (t.kind === "timing" && t.which === "this"));
    const durationOf = (modifier: Ast.TailItem): Duration["kind"] | undefined => {
      if (modifier.kind === "timing" || isRestOfTurn(modifier)) return "end_of_turn";
      if (restOf(modifier) === "game") return "permanent";
      return modifier.kind === "prep" ? untilDuration(this.slice(modifier.object.range)) : undefined;
    };
    const LASTS: Record<string, string> = { permanent: "for ever", end_of_turn: "until end of turn", until_your_next_turn: "until your next turn", end_of_your_turn: "until end of your turn", end_of_your_next_turn: "until the end of your next turn", until_opponent_next_turn: "until your opponent's next turn", end_of_opponent_next_turn: "until the end of your opponent's next turn", end_of_combat: "until end of combat" };
    for (let i = lowered.length - 1; i > 0; i--) {
      const { step } = lowered[i]!;
      const modifier = modifierOf(step.clause);
      const kind = modifier && durationOf(modifier);
      if (!modifier || !kind) continue;
      // Back over the parts this one's missing subject joins it to ("X gets ... and gains ..."); parts of one clause split
      // by `and` in its object share its tail already.
      for (let j = i - 1, joinedTo = step; j >= 0; j--) {
        const before = lowered[j]!;
        if (before.step === joinedTo) continue;
        if (joinedTo.clause.subject || !["and", ", and", ","].includes(joinedTo.connector) || modifierOf(before.step.clause)) break;
        const durationOfStep = (s: Step) => ("duration" in s ? (s as { duration?: Duration }).duration : undefined);
        const other = before.steps.map(durationOfStep).find((d) => d !== undefined && d.kind !== kind);
        if (other) {
          const modifierText = this.slice(modifier.range);
          const covered = this.slice(step.clause.range);
          const uncovered = this.slice(before.step.clause.range);
          this.notes.push({
            file: this.file,
            range: plainRange(modifier.range),
            code: "CW6010",
            args: { modifier: modifierText, covered, uncovered, otherwise: LASTS[other.kind] ?? other.kind, suggestion: `${uncovered} ${modifierText} and ${covered}` },
            message: `"${modifierText}" is read for "${covered}" only`,
          });
          break;
        }
        joinedTo = before.step;
      }
    }
  }

  /**
   * Where the sentence after `If you do,` / `If you don't,` goes: into the last "may"'s yes or no branch; with no "may",
   * into an `if` on whether the step before acted on any card (`Discard a card. If you do, draw two cards.`: the draw
   * happens only if a card was discarded — `didSomething`). A step before that remembers nothing it did is a note.
   */
  /**
   * A relative clause on players ("who controls a creature with Flying", "that has 10 or less life") as a condition on the
   * acting player — "they" in it is each of `players` in turn. Undefined when the conditions cannot read it.
   */
  private whoHolds(who: Ast.RelativeFilter, ref: PlayersRef): Condition | undefined {
    // The relative clause's subject is each of the players in turn: "they" inside the per-player run.
    const they: Ast.NounPhrase = { kind: "np", determiners: [{ kind: "determiner", lemma: "they", text: "they", range: who.range } as Ast.NounPhrase["determiners"][number]], items: [], filters: [], range: who.range };
    const outer = this.antecedent;
    this.antecedent = { players: ref };
    const before = this.notes.length;
    let holds = this.condition({ ...who.clause, subject: they });
    // "Each player who has 10 or less life ...": what the player has, read as "Each player with 10 or less life" reads it
    // (a condition on the acting player), where the general reading has none.
    if (!holds && who.clause.verb?.lemma === "have" && !who.clause.modal && !who.clause.tail.length) {
      const had = this.notes.length;
      const has = this.conditionFor({ ...who.clause, subject: undefined }, { kind: "acting" });
      if (has) {
        this.notes.length = before;
        holds = has;
      } else this.notes.length = had;
    }
    this.antecedent = outer;
    return holds;
  }
  /** "whose controller has more life than you": the clause after "controller" as a condition on the card's controller (`acting`). */
  controllerHolds(f: Ast.RelativeFilter): Condition | undefined {
    const notes = this.notes.length;
    const holds = this.whoHolds({ ...f, pronoun: undefined, clause: { ...f.clause, subject: undefined } }, { kind: "each_player" });
    this.notes.length = notes;
    return holds;
  }
  /**
   * "Destroy a creature each player controls", "Erase a card from each Graveyard": a number of cards for each player — the
   * engine would choose that many in all, among every player's (it ran so, silently: probe s43 F6). Said at the phrase
   * ("each creature each player controls" and "each opponent's" — every game is a duel — are read as written).
   */
  notePerPlayerCount(card: Ast.NounPhrase, each: Ast.NounPhrase["range"], sel?: CardSelector, field?: "controller" | "owner"): void {
    // (Inside a choice of one card — "the creature with the greatest power among creatures each player controls" — too.)
    if (!choosesCards(card) && !npDeterminers(card).includes("target") && !this.perPlayerPick?.open) return;
    // "Destroy a creature each player controls", "Erase a card from each Graveyard": a choice (not a target) among each
    // player's cards in turn — their cards are the acting player's; the caster chooses (lower.ts choice, perPlayerPicks).
    if (this.perPlayerPick?.open && sel && field && !npDeterminers(card).includes("target")) {
      sel[field] = "acting";
      this.perPlayerPick.players = { kind: "each_player" };
      return;
    }
    const cardText = this.slice({ start: card.range.start, end: each.start }).trim();
    this.note(each, `"${cardText} ${this.slice(each)}" is that many cards of each player's, and the engine would choose them among all players' cards together: write a sentence for each player ("… you control. … an opponent controls.", "… from your Graveyard. … from an opponent's Graveyard."), or "each" for all of them`);
  }
  /**
   * A trigger's player subject with a filter ("Whenever a player who has Bleed counters draws a card", "Whenever an
   * opponent with 10 or less life is dealt damage"): the filter as a condition on the event's player (`acting`), its words
   * marked used; undefined when there is no filter, or one the conditions cannot read (its words stay unused: CW6005).
   */
  triggerPlayerFilter(np: Ast.NounPhrase | undefined): Condition | undefined {
    if (!np?.filters.length) return undefined;
    const notes = this.notes.length;
    const withHas = this.playerSubjectCondition(np);
    if (withHas) return withHas;
    const who = np.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && f.that && !f.clause.subject);
    const holds = who && np.filters.length === 1 ? this.whoHolds(who, { kind: "each_player" }) : undefined;
    this.notes.length = notes;
    // The condition marked the words it read: a qualifier it did not ("who controls two or more legendary creatures") is
    // reported, not read as any creature.
    return holds;
  }
  /**
   * "Each player who controls a creature with Flying loses 2 life." · "Each opponent that has 10 or less life discards a
   * card.": the clause runs for each of the players, for those of whom the relative clause holds as it resolves (one
   * `per_player`, an `if` on the acting player). Undefined for any other clause.
   */
  private playersWho(clause: Ast.Clause): Step[] | undefined {
    const subject = clause.subject;
    const who = subject?.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && f.that && !f.clause.subject);
    // ("Target player who ...": a condition on the target, read where the target is.)
    if (!subject || !who || !isPlayerPhrase(subject) || subject.filters.length !== 1 || npDeterminers(subject).includes("target")) return undefined;
    const players: Ast.NounPhrase = { ...subject, filters: [] };
    const notes = this.notes.length;
    const ref = this.playerPhraseOf(players);
    this.notes.length = notes;
    if (ref?.kind !== "each_player" && ref?.kind !== "each_opponent") return undefined;
    const holds = this.whoHolds(who, ref);
    if (!holds) return undefined;
    const steps = this.clause({ ...clause, subject: players });
    return [this.playersAmong(subject, ref, holds, asActingPlayer(steps), this.source(clause.range))];
  }

  /**
   * "Each player with 5 or less life gains 2 life", "Each opponent who controls a Knight discards a card": the steps for each
   * of the players of whom the condition holds, all checked as the step begins (`per_player` `among`). A subject shared by
   * joined clauses ("… gains 2 life and draws a card") names one set: the clauses after the first join its step
   * (joinSharedPlayers), never a second check after the first clause ran.
   */
  playersAmong(subject: Ast.NounPhrase, who: PlayersRef, among: Condition, steps: Step[], source: SourceRef): Step {
    const step: Step = { op: "per_player", who, among, steps, source };
    if (SHARED_CLAUSE_SUBJECTS.has(subject)) this.playersChosenBy.set(step, subject);
    return step;
  }
  /** The shared subject whose players a `per_player` … `among` step chose (playersAmong). */
  private readonly playersChosenBy = new WeakMap<Step, Ast.NounPhrase>();
  /**
   * `steps` (a clause's) added to `out`: a clause whose players are the set a step before chose for the same shared subject
   * runs in that step, for those players (playersAmong).
   */
  joinSharedPlayers(out: Step[], steps: Step[]): void {
    const [step] = steps;
    const last = out[out.length - 1];
    const subject = step && steps.length === 1 ? this.playersChosenBy.get(step) : undefined;
    if (subject && last?.op === "per_player" && step!.op === "per_player" && this.playersChosenBy.get(last) === subject) {
      const joined: Step = { ...last, steps: [...last.steps, ...step!.steps] };
      this.playersChosenBy.set(joined, subject);
      out[out.length - 1] = joined;
      return;
    }
    out.push(...steps);
  }

  didBranch(condition: Ast.ConditionPhrase, may: Extract<Step, { op: "may" }> | undefined, before: Step[]): Step[] | undefined {
    const c = condition.clause;
    // "If you can't," after a step no one may decline ("Each opponent discards a card. If they can't, ..."): the step took no card.
    const negative = c.modal?.lemma === "doesn't" || c.modal?.lemma === "can't" || /n['’]t$/i.test(c.verb?.text ?? "");
    if (!may) {
      // The step before, or the choice it acts on ("Return a unit you control to its owner's hand. If you do, ...").
      const last = before[before.length - 1];
      const chose = before[before.length - 2]?.op === "choose_cards";
      if (!last || !(REMEMBERS_WHAT_IT_DID.has(last.op) || chose)) {
        this.note(condition.range, `"${this.slice(condition.range)}": the engine knows whether you did it only after discarding, sacrificing, choosing, searching or milling cards, or after "you may ..." (write "You may <do something>. If you do, <effect>.")`);
        return [];
      }
      this.use(condition);
      if (negative) this.carryNegations(condition);
      // "Discard two cards. If you can't, ...": fewer than the two (one card in hand is discarded, and the player couldn't).
      const asked = "amount" in last && typeof last.amount === "number" ? last.amount : 1;
      const couldNot: Condition | undefined = c.modal?.lemma === "can't" && asked > 1 && !chose ? { kind: "compare", left: { kind: "chosen_count", label: "it" }, op: "<", right: asked } : undefined;
      const check: Extract<Step, { op: "if" }> = { op: "if", condition: couldNot ?? didSomething(!negative), then: [], source: this.source(condition.range) };
      // "Each opponent discards a card. If they can't, they lose 2 life." · "Each player sacrifices a creature. If they don't,
      // they lose 3 life.": what each of those players did, asked of that player — the step and the check run in each
      // player's own run (`per_player`), and the sentence after it is that player's.
      const who = !chose && "who" in last ? (last.who as PlayersRef | undefined) : undefined;
      if ((who?.kind === "each_player" || who?.kind === "each_opponent") && c.subject && !(npWords(c.subject).length === 0 && npDeterminers(c.subject).join() === "you")) {
        before[before.length - 1] = { op: "per_player", who, steps: [...asActingPlayer([last]), check], source: last.source };
        this.actingBranches.add(check.then);
        return check.then;
      }
      before.push(check);
      return check.then;
    }
    // "You may discard a card. If you can't, ...": the engine knows whether the player did it, not whether they could.
    if (c.modal?.lemma === "can't") {
      this.note(condition.range, `"${this.slice(condition.range)}" after "you may ...": the engine knows whether the player did it, not whether they could — write "If you don't," (declined or could not), or the step without "may" ("Discard a card. If you can't, ...")`);
      return [];
    }
    this.use(condition);
    if (negative) this.carryNegations(condition);
    if (negative) return (may.otherwise ??= []);
    return may.steps;
  }

  clause(clause: Ast.Clause): Step[] {
    // The cards the clause before took (a discard, a sacrifice, an erase), for this clause's "it" / "that <noun>".
    this.took = this.tookNext;
    this.tookNext = undefined;
    const lastBefore = this.lastCard;
    // A clause read inside another (a condition's) gives the outer one back its own.
    const outerBefore = this.lastCardBeforeClause;
    this.lastCardBeforeClause = lastBefore;
    const steps = this.clauseOwnSteps(this.beRelativeTailHoisted(this.destroyerTailHoisted(clause)));
    this.lastCardBeforeClause = outerBefore;
    this.tookNext = this.cardsTaken(clause, steps, lastBefore);
    // "Destroy target creature. If it was exhausted, ...": the cards a step took out of play, whose state "was" reads as they
    // last were in play (GameState.lastKnown).
    for (const step of steps) {
      const leaves = step.op === "destroy" || (step.op === "move" && step.to !== this.vocab.zoneOfRole("battlefield"));
      if (leaves && step.what.kind === "card") this.leftPlay.add(JSON.stringify(step.what.ref));
      if (leaves && step.what.kind === "target") this.leftPlay.add(JSON.stringify({ kind: "target", index: step.what.index }));
    }
    // "For the rest of the game, units you control get +1 power.": an effect changes the cards it names as it resolves, so a
    // unit that enters play later would not get it — what "for the rest of the game" promises. Said at the words; one card
    // ("Target unit can't attack for the rest of the game.") runs as written.
    const rest = clause.tail.find((t) => restOf(t) === "game");
    if (rest && steps.some((s) => s.op === "modify" && s.on.kind === "cards" && s.duration.kind === "permanent"))
      this.note(rest.range, `"${this.slice(rest.range)}" on a group of cards: an effect changes the cards it names as it resolves, and none that enters play later — write it without these words for the cards there now (as "${capitalized(this.slice(clause.range).replace(/,?\s*for the rest of the game,?\s*/i, " ").trim())}."), or as a static ability of a permanent for every card while that permanent is in play`);
    return steps;
  }
  /** What the clause before took (cardsTaken), for the references of the clause being read; `tookNext`: the clause just read's. */
  took?: Taken;
  private tookNext?: Taken;

  /**
   * The cards a clause's last step took from the player's own cards — "discard a card", "sacrifice another unit", "erase a
   * card from your Graveyard" — when the ability's trigger is about a card of its own: then a reference after it ("it",
   * "that unit") could name either (the trigger's card, or the card taken), and takenReference reads it.
   */
  private cardsTaken(clause: Ast.Clause, steps: Step[], before: CardRef | undefined): Taken | undefined {
    const triggerCard: CardRef | undefined = this.trigger?.subject.kind === "card" ? { kind: "event_card" } : this.trigger?.subject.kind === "self" ? { kind: "self" } : undefined;
    let last = steps.at(-1);
    // "you may discard a card": the step the choice wraps.
    while (last?.op === "may") last = last.steps.at(-1);
    const obj = clause.object;
    if (!last || !obj) return undefined;
    const noun = npWords(obj).map((w) => singular(w)).at(-1);
    if (!noun) return undefined;
    const types = (sel: CardSelector | undefined) => sel?.cardTypes ?? [];
    if (last.op === "discard" && !last.card) return { verb: "discarded", noun, types: last.filter ? types(last.filter) : [], ref: { kind: "it" }, lastCard: this.lastCard, triggerCard };
    if (last.op === "sacrifice") return { verb: "sacrificed", noun, types: types(last.selector), ref: { kind: "it" }, lastCard: this.lastCard, triggerCard };
    // "Draw a card. If it's a unit card, draw another card.": the one card you drew — the draw records it (THIS_WAY_LABELS.draw;
    // none when the deck was empty or the draw replaced). The check reveals nothing more than the next step does; the rules
    // texts say nothing of revealing it. It was "'it' names no card" (CW6001), and both cards were drawn.
    if (last.op === "draw" && last.amount === 1 && !last.upTo && last.who.kind !== "each_player" && last.who.kind !== "each_opponent") return { verb: "drawn", noun, types: [], ref: { kind: "chosen", label: THIS_WAY_LABELS.draw }, lastCard: this.lastCard, triggerCard };
    // "erase a card from your Graveyard", "exhaust a Facet you control": a card this clause had the player choose, then acted on.
    const verb = clause.verb?.lemma ?? "";
    const acted = last.op === "keyword_action" ? last.target : "what" in last ? last.what : undefined;
    if (before?.kind !== "chosen" || before.label !== (this.lastCard?.kind === "chosen" ? this.lastCard.label : undefined)) {
      if (verb !== "choose" && /^[a-z]+$/.test(verb) && this.lastCard?.kind === "chosen" && typeof acted === "object" && acted?.kind === "card" && acted.ref.kind === "chosen" && acted.ref.label === this.lastCard.label) {
        return { verb: participleOf(verb), noun, types: types(this.chosenSelectors.get(this.lastCard.label)), ref: this.lastCard, lastCard: this.lastCard, triggerCard };
      }
    }
    return undefined;
  }

  /**
   * "it" / "that <noun>" / "the <noun>" right after a clause that took a card (cardsTaken), in a trigger about a card of its
   * own: the reference names the card its noun describes. "that unit" after "you may erase a card from your Graveyard" in
   * "Whenever another unit you control is destroyed" is the destroyed unit (it returned the erased card); "that card" /
   * "the discarded card" after "you may discard a card" is the discarded card (it returned the attacked unit). A bare "it",
   * or a noun that describes both, could be either: CW6001 naming both forms. Undefined: no such reference here.
   */
  takenReference(np: Ast.NounPhrase): CardRef | undefined {
    const took = this.took ?? this.paidTook;
    if (!took) return undefined;
    const dets = npDeterminers(np);
    const words = npWords(np);
    const participle = words.length === 2 && words[0] === took.verb && dets.length === 1 && (dets[0] === "that" || dets[0] === "the") && !np.filters.length;
    // "the sacrificed creature", "the discarded card": the participle names the taken card wherever it is written.
    if (participle) {
      this.useDeterminers(np, dets[0]!);
      this.useWords(np, ...words);
      return took.ref;
    }
    if (this.namedSince(took, np)) return undefined;
    if (words.length === 0 && dets.length === 1 && dets[0] === "it") return this.takenPronoun(took, np, "it");
    if (!(dets.length === 1 && (dets[0] === "that" || dets[0] === "the")) || np.filters.length) return undefined;
    const noun = singular(words.at(-1) ?? "");
    if (words.length !== 1) return undefined;
    const takenForm = `the ${took.verb} ${took.noun}`;
    const type = lookup(this.vocab.cardTypes, noun);
    const triggerTypes = took.triggerCard && this.trigger?.subject.kind === "card" ? (this.trigger.subject.selector.cardTypes ?? []) : [];
    const describesTaken = noun === took.noun || (type !== undefined && took.types.includes(type));
    const describesTrigger = !!took.triggerCard && this.trigger?.subject.kind === "card" && type !== undefined && triggerTypes.includes(type);
    if (describesTaken && !describesTrigger) {
      this.useDeterminers(np, dets[0]!);
      this.useWords(np, ...words);
      return took.ref;
    }
    if (describesTrigger && !describesTaken) {
      this.useDeterminers(np, dets[0]!);
      this.useSelfNouns(np);
      return this.thatCard(np);
    }
    if (describesTaken && describesTrigger) this.note(np.range, `"${this.slice(np.range)}" could name the ${took.noun} ${took.verb} or ${this.triggerUnit(took).replace(/^that/, "the")} the trigger is about: write "${takenForm}", or name the trigger's card another way`);
    return undefined;
  }

  /** How the card a trigger is about is written ("this", "that unit"), beside a card taken (takenReference). */
  private triggerUnit(took: Taken): string {
    return took.triggerCard?.kind === "self" ? "this" : `that ${lower(this.trigger?.subject.kind === "card" ? (this.trigger.subject.selector.cardTypes?.[0] ?? "card") : "card")}`;
  }

  /**
   * "it" / "its" (`pronoun`) right after a card was taken (takenReference): the taken card — unless the ability's trigger is
   * about a card of its own, which it could name too: CW6001 naming both forms. Undefined: not read here.
   */
  private takenPronoun(took: Taken, np: Ast.NounPhrase, pronoun: "it" | "its"): CardRef | undefined {
    const takenForm = `the ${took.verb} ${took.noun}`;
    if (took.triggerCard) {
      const self = took.triggerCard.kind === "self";
      this.note(np.range, `"${pronoun}" could name the card ${took.verb} or ${self ? "this card" : "the card the trigger is about"}: write "${pronoun === "its" ? possessiveForm(this.triggerUnit(took)) : this.triggerUnit(took)}" for ${self ? "this card" : "that card"}, or "${pronoun === "its" ? possessiveForm(takenForm) : takenForm}"`);
      return undefined;
    }
    this.useDeterminers(np, pronoun);
    return took.ref;
  }

  /**
   * Whether a card was named since `took` took its card, before `np` as written: by a clause before (the last card then is
   * not the one the taking left), or by a phrase of this clause written before `np` ("Target creature deals damage equal
   * to its power" — not "Deal damage equal to its power to any target", whose target is read first but written after).
   */
  private namedSince(took: Taken, np: Ast.NounPhrase): boolean {
    const clause = this.currentClause;
    if (!clause) return this.lastCard !== took.lastCard;
    if (this.lastCardBeforeClause !== took.lastCard) return true;
    const at = startOffset(np.range);
    const phrases = [clause.subject, clause.object, ...clause.tail.map((t) => (t.kind === "prep" ? t.object : undefined))].filter((p): p is Ast.NounPhrase => !!p).flatMap(flattenAlso);
    return phrases.some((p) => startOffset(p.range) < at && !(startOffset(p.range) <= at && endOffset(p.range) >= endOffset(np.range)) && this.namesCard(p));
  }

  /** A phrase naming a card ("target creature", "this", "it", "a Vampire you control"), not a player or an amount. */
  private namesCard(np: Ast.NounPhrase): boolean {
    if (isPlayerPhrase(np)) return false;
    const dets = npDeterminers(np);
    return dets.some((d) => d === "target" || d === "this" || d === "it" || d === "that") || npWords(np).some((w) => this.cardNoun(w) || this.cardNoun(singular(w)));
  }

  /** The branches of an `If they don't,` run in each player's own run (didBranch): their steps are that player's. */
  private readonly actingBranches = new WeakSet<Step[]>();
  /** The cards (JSON of their CardRef) a step of this ability took out of play before the clause being read. */
  private readonly leftPlay = new Set<string>();
  /** The clauses of the sequence being lowered, read so far (with their steps): what this resolution did before a condition. */
  private sequenceSoFar: { step: Ast.Step; steps: Step[] }[] | undefined;

  private clauseOwnSteps(clause: Ast.Clause): Step[] {
    const source = this.source(clause.range);
    // "If a player was dealt damage this way, they gain 1 Bleed counter.": "they" is that player (read before the clause,
    // as a clause before it with a player subject would be).
    const dealtTo = trailingCondition(clause)?.clause;
    const dealtPlayer = dealtTo && this.dealtThisWayPlayer(dealtTo);
    if (dealtPlayer) this.lastPlayers = dealtPlayer;
    // "If an opponent has no Bleed counters, they gain 1 Bleed counter.": likewise the one player the condition is about.
    const conditionPlayer = !dealtPlayer && dealtTo ? this.conditionPlayer(dealtTo) : undefined;
    if (conditionPlayer) this.lastPlayers = conditionPlayer;
    const outerConditionPlayer = this.conditionPlayers;
    this.conditionPlayers = conditionPlayer ?? outerConditionPlayer;
    try {
      return this.clauseOwnStepsAbout(clause, source);
    } finally {
      this.conditionPlayers = outerConditionPlayer;
    }
  }

  /**
   * "At the end of your turn, if an opponent has no Bleed counters, that player gains 1 Bleed counter.", "When this enters
   * play, if your opponent controls three or more creatures, they discard a card.": the one player other than you that the
   * clause's condition is about is whom its "they" / "that player" name — before the trigger's player (that player was
   * you, silently, and with no trigger's player "they" was a note). Read quietly: the condition reads its words itself. A
   * target player there is not read ahead (it would be a second choice): "that player" after it stays a note (CW6042).
   */
  conditionPlayer(condition: Ast.Clause): PlayersRef | undefined {
    // "If you have more life than an opponent, they …": the player compared with is the one, when the subject is you.
    const comparedWith = condition.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "than")?.object;
    // (A price asked of a target player, "unless target opponent loses 2 life", is read by unlessPaid.)
    return (this.isChoiceToPay(condition) ? undefined : this.targetPlayerOf(condition.subject)) ?? this.otherPlayerNamedBy(condition.subject) ?? this.otherPlayerNamedBy(comparedWith);
  }
  /**
   * "If target player has 5 or less life, they lose 2 life.": a condition whose subject is a target player chooses that
   * player as the ability is played (as "If target creature is exhausted, ..." chooses its card) and is checked on them as
   * it resolves; "they" and "that player" in the effects name them. Read once per phrase (the effects' reader and the
   * condition's both ask). It was CW6001 "condition not understood" (run as always true) and "they" named no one.
   */
  private targetPlayerOf(np: Ast.NounPhrase | undefined): PlayerRef | undefined {
    if (!this.conditionTargets) return undefined;
    if (!np || np.also?.length || !isPlayerPhrase(np) || cardOrPlayer(np) || !npDeterminers(np).includes("target")) return undefined;
    const known = this.conditionTargetsRead.get(np);
    if (known && known.targets === this.targets) return known.ref;
    const ref = this.playerPhrase(np);
    if (ref?.kind !== "target") return undefined;
    this.conditionTargetsRead.set(np, { targets: this.targets, ref });
    return ref;
  }
  private readonly conditionTargetsRead = new WeakMap<Ast.NounPhrase, { targets: TargetSpec[]; ref: PlayerRef }>();
  /** False while a condition checked before targets are chosen is read (a trigger's intervening "if", "Activate only if ..."). */
  conditionTargets = true;
  /** A condition checked before any target is chosen: a target player in it is not chosen (targetPlayerOf). */
  conditionWithoutTargets(clause: Ast.Clause): Condition | undefined {
    this.conditionTargets = false;
    try {
      return this.condition(clause);
    } finally {
      this.conditionTargets = true;
    }
  }
  /** The one player other than you a condition's noun phrase names ("an opponent", "your opponent's hand"), read quietly. */
  private otherPlayerNamedBy(subject: Ast.NounPhrase | undefined): PlayersRef | undefined {
    if (!subject || subject.also?.length || npDeterminers(subject).includes("target")) return undefined;
    const owner = possessor(subject);
    const person = isPlayerPhrase(subject) ? subject : owner?.index === 0 && PLAYER_WORDS.has(owner.stem) ? possessorAsPerson(subject) : undefined;
    if (!person) return undefined;
    const notes = this.notes.length;
    const wordsRead = this.playerWordsRead;
    const ref = this.playerPhraseOf(person);
    this.notes.length = notes;
    this.playerWordsRead = wordsRead;
    return ref && ref.kind !== "you" && ref.kind !== "each_player" && ref.kind !== "each_opponent" ? ref : undefined;
  }
  /** The player the condition of the clause being read is about (conditionPlayer): whom its "that player" names. */
  conditionPlayers?: PlayersRef;
  /** "If <condition>, <effects>" — a trigger's intervening "if", or a sentence's: the condition's player (conditionPlayer) is whom "they" and "that player" in the effects name. */
  aboutConditionPlayer(condition: Ast.Clause): void {
    const who = this.conditionPlayer(condition);
    if (!who) return;
    this.conditionPlayers = who;
    this.lastPlayers = who;
  }

  /** "They" / "those creatures" naming cards a mass step changed so its own words no longer find them (lastCardsChanged). */
  private noteReselected(np: Ast.NounPhrase): void {
    if (!this.lastCardsChanged) return;
    this.note(np.range, `"${this.slice(np.range)}" names the cards the step before ${this.lastCardsChanged}, but the engine finds them again by that step's words, which no longer describe them once it has ${this.lastCardsChanged} them: it would act on other cards, or none — the engine keeps such cards only for one card ("target creature … it") or cards put into play ("those cards")`);
  }

  private clauseOwnStepsAbout(clause: Ast.Clause, source: SourceRef): Step[] {
    // "They ..." after a step on cards, with no players before it "they" could name: those cards (not players).
    // "Each of them" / "Both of them" / "All of them" are "they": each of the cards acted on (probe s45 M1: it was read as a
    // player and noted "names no player here").
    const they = clause.subject && ((npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "they") || eachOfThem(clause.subject)) && !clause.subject.also?.length;
    // Nothing before it for "they" to name: a spell's sentence of its own goes on with the sentence before (`unmeasured`).
    if (they && !this.lastCardsActedOn && !this.lastPlayers && !this.eventPlayer) this.unmeasured.push(clause.subject!.range);
    if (they && this.lastCardsActedOn && !this.lastPlayers && !this.eventPlayer) {
      this.noteReselected(clause.subject!);
      const outer = this.theyCards;
      this.theyCards = { np: clause.subject!, cards: this.lastCardsActedOn };
      try {
        return this.clauseAbout(clause, source);
      } finally {
        this.theyCards = outer;
      }
    }
    return this.clauseAbout(clause, source);
  }

  private clauseAbout(clause: Ast.Clause, source: SourceRef): Step[] {
    const only = this.playersWho(clause);
    if (only) return only;
    // "You draw a card", "You may ...": the ability's controller, who acts when no one else is named.
    if (clause.subject && npWords(clause.subject).length === 0 && npDeterminers(clause.subject).every((d) => d === "you")) this.use(clause.subject);
    // "You and target opponent each gain 3 life", "Your opponents each lose 2 life": each of several does it, as the
    // subject's steps already run for each (a single card or player, "Target creature each ...", is no such subject).
    if (clause.each && clause.subject && (clause.subject.also?.length || npWords(clause.subject).some((w) => /s$/.test(w)) || npDeterminers(clause.subject).some((d) => d === "each" || d === "all"))) this.use(clause.each);
    const written = trailingCondition(clause);
    // "for as long as you control this": a duration, read by the control change it follows (controlDuration).
    const cond = whileYouControlThis(written) ? undefined : written;
    const where = clause.tail.find((t) => t.kind === "where") as Ast.WherePhrase | undefined;
    // Choices the clause's phrases ask for ("an enemy unit") run right before it, inside its "may" or "if".
    const asked = this.pending.length;
    const acting = this.actingSubject;
    const outerAntecedent = this.antecedent;
    const outerClause = this.currentClause;
    this.currentClause = clause;
    this.actingSubject = clause.subject && isPlayerPhrase(clause.subject) && this.theyCards?.np !== clause.subject && !(npWords(clause.subject).length === 0 && npDeterminers(clause.subject).every((d) => d === "you")) ? clause.subject : undefined;
    // Whom "they"/"their" names in this clause: its player subject, else the players the clause before acted for, else the trigger's player.
    this.antecedent = this.actingSubject ? { subject: this.actingSubject } : this.lastPlayers ? { players: this.lastPlayers } : this.eventPlayer ? { players: { kind: "event_player" }, fromTrigger: true } : undefined;
    // "Deal 1 damage to the defending player for each creature they control": with no player subject, "they" is the one
    // player the clause acts on, before the players of the clause before or the trigger's.
    const actedOn = this.actingSubject ? undefined : this.playerActedOn(clause);
    if (actedOn) this.antecedent = { players: actedOn };
    const antecedent = this.antecedent;
    const targetsBefore = this.targets.length;
    const outerClauseTargets = this.clauseTargetsFrom;
    this.clauseTargetsFrom = targetsBefore;
    const core = this.clauseCore(clause);
    // "Deal 1 damage to target player for each card in their hand": a target player is read once, by the verb; the count
    // after it names the player that slot holds.
    const targetActedOn = this.actingSubject || actedOn ? undefined : this.targetPlayerActedOn(clause, targetsBefore);
    if (targetActedOn) this.antecedent = { players: targetActedOn };
    if (this.pending.length > asked || core.some((s) => s.op === "discard" || s.op === "sacrifice" || s.op === "search" || s.op === "choose_cards")) {
      this.actedOnCards = true;
      this.manyRemoved = false;
    }
    const onCards = cardsActedOn(core, this.targets);
    if (onCards) {
      // A step on "them" acts on the same selector again: what an earlier step changed stays changed.
      const changed = onCards.kind === "cards" ? changesItsOwnSelection(core, onCards) : undefined;
      this.lastCardsChanged = changed ?? (onCards === this.lastCardsActedOn ? this.lastCardsChanged : undefined);
      this.lastCardsActedOn = onCards;
    }
    let steps = [...this.pending.splice(asked), ...core].map((s) => ({ ...s, source }) as Step);
    steps = this.perPlayerChoices(steps, source);
    if (where) {
      // "where X is ...": evaluate X before the steps run (kept simple: replaced in place) — in the clause's steps and in the
      // targets it chose ("Destroy target unit with power X or less, where X is ...": the target's filter reads it).
      this.use(where.variable);
      const value = this.numberPhrase(withTrailingOn(where.value, clause));
      const withValue = <T>(part: T): T => JSON.parse(JSON.stringify(part).replaceAll('{"kind":"x"}', JSON.stringify(value))) as T;
      steps = withValue(steps);
      for (let i = targetsBefore; i < this.targets.length; i++) this.targets[i] = withValue(this.targets[i]!);
    }
    // "Gain 1 life for each card in your hand", "Deal 1 damage to any target for each Vampire you control".
    const forEach = clause.tail.find((t) => t.kind === "prep" && t.prep === "for" && npDeterminers(t.object).some((d) => d === "each" || d === "every")) as Ast.PrepPhrase | undefined;
    // "for each Bleed counter on target player": the trailing "on ..." (parsed after it) belongs to the count.
    if (forEach) steps = this.scaledForEach(steps, core, { ...forEach, object: withTrailingOn(forEach.object, clause) });
    // "Draw a card for each unit you control, up to three.": the clause's counted amounts, never more than the cap.
    const cap = clause.tail.find((t): t is Ast.CapPhrase => t.kind === "cap");
    if (cap) steps = this.capped(steps, core, cap);
    // "For each unit you control, put a power counter on it.": a leading "for each" whose clause names the counted card
    // again ("it", "that unit") does the effect once per card — not a count the engine can run.
    if (forEach && clause.verb && startOffset(forEach.range) < startOffset(clause.verb.range)) {
      const again = [clause.subject, clause.object, ...clause.tail.map((t) => (t.kind === "prep" && t !== forEach ? t.object : undefined))].find((np) => np && npDeterminers(np).some((d) => d === "it" || d === "that" || d === "those" || d === "them"));
      if (again) this.note(again.range, `"${this.slice(forEach.range)}, ... ${this.slice(again.range)}" does the effect once for each of them: the engine counts "for each" and cannot run an effect per card — write it on all of them at once ("put a power counter on each unit you control", "each opponent loses 1 life")`);
    }
    const search = steps.find((s) => s.op === "search");
    if (search?.op === "search") this.lastSearch = search;
    this.searchOpen = search !== undefined || (this.searchOpen && steps.length === 0);
    // "Target opponent may X", "Each player may X": the subject answers the question, each player their own.
    const mayPlayers = clause.modal?.lemma === "may" && antecedent?.subject ? this.antecedentPlayers() : undefined;
    const eachMay = mayPlayers && (mayPlayers.kind === "each_player" || mayPlayers.kind === "each_opponent") ? mayPlayers : undefined;
    // "Each opponent with 3 or more Bleed counters loses 1 life": the players the subject names who meet its condition, all
    // checked as the clause starts resolving (one `per_player` with `among`; clauses sharing the subject join it).
    // ("Target player with 10 or less life ...": a condition on the target, TargetSpec.playersWith, not checked here.)
    const filtered = !clause.modal && antecedent?.subject && antecedent.subject === this.actingSubject && !npDeterminers(antecedent.subject).includes("target") ? antecedent.subject : undefined;
    const among = filtered && this.playerSubjectCondition(filtered);
    if (filtered && among) steps = [this.playersAmong(filtered, this.antecedentPlayers(), among, steps, source)];
    else if (!eachMay) steps = this.perPlayer(steps, source);
    // "Destroy it at the end of the turn.": the clause's steps wait for the moment (a delayed trigger).
    const at = clause.tail.find((t) => t.kind === "prep" && t.prep === "at" && momentWords(t.object).some((w) => w === "end" || w === "beginning" || w === "start")) as Ast.PrepPhrase | undefined;
    if (at) {
      const moment = this.delayedMoment(at.object);
      if (moment && moment !== "noted") steps = [{ op: "delayed", at: moment, steps, source }];
      else if (moment === "noted") steps = [{ op: "rule", rule: "unsupported" }];
    }
    if (antecedent?.subject && antecedent.players) this.lastPlayers = antecedent.players;
    // "Deal 2 damage to target player. That player gains 1 Bleed counter.": the one player a clause with no player subject
    // acted on is whom a later "that player" names (only that phrase: the clause after it still acts for you).
    if (!this.actingSubject && (actedOn ?? targetActedOn)) this.playerActedOnLast = actedOn ?? targetActedOn;
    if (clause.modal?.lemma === "may") {
      this.use(clause.modal);
      const prompt = this.slice(clause.range);
      if (eachMay) steps = [{ op: "per_player", who: eachMay, steps: [{ op: "may", who: { kind: "acting" }, steps, prompt, source }], source }];
      else {
        const who = mayPlayers && mayPlayers.kind !== "you" ? (mayPlayers as PlayerRef) : undefined;
        const price = this.lifePaid(clause, steps) ?? this.symbolsPaid(steps);
        steps = [{ op: "may", ...(who ? { who } : {}), steps, prompt, source }];
        // "You may pay 2 life. If you do, ...": offered only to a player who can pay it (as a cost is paid: life stays
        // above 0 unless the game lets payments reach it).
        if (price) steps = [{ op: "if", condition: price, then: steps, source }];
      }
    }
    if (written && !cond && !core.some((s) => "duration" in s && (s as { duration?: Duration }).duration?.kind === "while_source")) {
      this.use(written);
      this.note(written.range, `"${this.slice(written.range)}": the engine keeps only a change of control for as long as you control this card ("Gain control of target creature for as long as you control this."); it cannot run this`);
    }
    if (cond?.word === "until") {
      // Read only by a draw or discard up or down to a hand size ("Draw cards until you have six cards in hand").
      const read = core.some((s) => (s.op === "draw" || s.op === "discard") && typeof s.amount !== "number" && s.amount.kind === "short_of");
      if (!read) this.note(cond.range, `the engine cannot repeat an effect "${this.slice(cond.range)}": it reads "Draw cards until you have N cards in hand" and "Discard cards until you have N cards in hand"`);
    } else if (cond?.word === "unless" && this.isChoiceToPay(cond.clause)) {
      steps = this.unlessPaid(cond, clause, steps, source);
    } else if (cond && (cond.word === "as long as" || cond.word === "while")) {
      // "Target creature gets +2/+2 for as long as you control a Relic.", "Gain control of target creature while you control
      // a Vampire.": a duration that ends when the condition stops holding — not a check made once as the effect resolves
      // (read as "If …, …", the effect lasted for good: probe s45 F2). The engine ends a one-time effect at a moment ("until
      // end of turn") or as this card leaves play ("for as long as you control this", a control change), never when a
      // condition changes: CW6001 at the words, and the sentence runs nothing.
      this.use(cond);
      this.note(cond.range, `"${this.slice(cond.range)}" after a one-time effect is a duration that ends when the condition stops holding, and the engine ends such an effect only at a moment ("until end of turn") or, for a change of control, as this card leaves play ("for as long as you control this"): it cannot run this (a check made once is "If …, …"; a bonus that holds while the condition does is a permanent's static: "This gets +2/+2 as long as you control a Relic.")`);
      steps = [{ op: "rule", rule: "unsupported" }];
    } else if (cond) {
      // "..., then if A and B, ...": conditions joined by `and` / `or` (compoundCondition, as "If A and B, ..." reads them).
      const c = this.phraseCondition(cond);
      if (c) steps = [{ op: "if", condition: cond.word === "unless" ? { kind: "not", condition: c } : c, then: steps, source }];
    }
    const during = this.duringCondition(clause);
    // "Target unit gets +1 power during your turn." as a one-time effect: a lasting change that holds only during your
    // turns is not something a modifier can do, and a check made once as it resolves is not what it says.
    const lasting = core.find((s) => s.op === "modify" && s.duration.kind === "permanent");
    const duringPrep = clause.tail.find((t) => t.kind === "prep" && t.prep === "during");
    if (during && lasting && duringPrep) {
      this.note(duringPrep.range, `"${this.slice(duringPrep.range)}" on a one-time effect: the engine would check it once, as this resolves, not give a bonus that holds during your turns; write "until end of turn" (this turn), "If it's your turn, ..." (a check), or put it on the permanent ("This gets +1 power during your turn.")`);
    } else if (during) steps = [{ op: "if", condition: during, then: steps, source }];
    this.actingSubject = acting;
    this.antecedent = outerAntecedent;
    this.currentClause = outerClause;
    this.clauseTargetsFrom = outerClauseTargets;
    this.lastMeasured = measuredAmount(steps) ?? this.lastMeasured;
    this.damageSteps += countSteps(steps, "damage");
    // Damage to a player is life lost (runtime/core/effects.ts records it so): "Deal 2 damage to target player. You gain life
    // equal to the life lost this way." reads the damage step that can reach a player.
    this.lifeSteps.lose_life += countSteps(steps, "lose_life") + walkStepsOf(steps).filter((s) => s.op === "damage" && this.reachesPlayer(s.to)).length;
    this.lifeSteps.gain_life += countSteps(steps, "gain_life");
    if (countSteps(steps, "remove_counters")) this.manyRemoved = true;
    this.noteThisWaySteps(steps);
    return steps;
  }

  /**
   * "Put a Bleed counter on target creature." in a game whose Bleed counters are a player's (`counter Bleed on player`): a
   * counter no rule of the game reads there (checked clean and did nothing the game knows) — CW6001 at the clause, naming
   * who holds that kind and the forms that run. Likewise a card's kind put on a player.
   */
  counterHolders(steps: readonly Step[], range: Ast.BaseNode["range"]): void {
    for (const step of walkStepsOf(steps)) {
      if (step.op !== "add_counters" && step.op !== "remove_counters") continue;
      const def = step.counter === undefined ? undefined : this.vocab.game.counters.find((c) => lower(c.name) === lower(step.counter!));
      if (!def) continue;
      const slots = step.on.kind === "target" ? [step.on.index] : step.on.kind === "targets" ? step.on.indexes : [];
      const holder = step.on.kind === "player" ? "player" : step.on.kind === "card" || step.on.kind === "cards" ? "card" : slots.every((i) => this.targets[i]?.accepts === "card") ? "card" : slots.every((i) => this.targets[i]?.accepts === "player") ? "player" : undefined;
      if (!holder || holder === def.on) continue;
      // "Destroy two target creatures. Each of their controllers gains 1 Bleed counter.": the words name players (the cards'
      // controllers, one for each) that were read as the cards — that is what the engine cannot run (probe s45 M1: the
      // message said Bleed counters go on players, which the text knew).
      const players = holder === "card" && def.on === "player" ? /\b(?:each of |all of |both of )?(?:their|its|those cards'|that card's|the cards') (?:controllers?|owners?)\b/i.exec(this.slice(range)) : null;
      if (players) {
        this.note(range, `"${players[0]}" names the players who control (own) the cards before it, one for each, and the engine names only one card's ("its controller"): write one card's ("Destroy target creature. Its controller gains 1 ${def.name} counter."), or name the players ("Each opponent gains 1 ${def.name} counter.")`);
        return;
      }
      const keyword = this.vocab.keywords.get(lower(def.name));
      const instead = def.on === "player" ? `"Target player gains a ${def.name} counter."${keyword && holder === "card" ? `, or the keyword on a creature: "Target creature gains ${def.name}${keyword.parameter ? " 1" : ""} until end of turn."` : ""}` : `"Put a ${def.name} counter on target creature."`;
      this.note(range, `"${this.slice(range)}": ${def.name} counters go on ${def.on === "player" ? "players" : "cards"} in ${this.vocab.game.name} (\`counter ${def.name} on ${def.on}\`), and nothing reads one on a ${holder}; write ${instead}`);
      return;
    }
  }

  /** Can a damage step's recipients be a player ("target player", "each opponent", "any target")? */
  reachesPlayer(to: Affected): boolean {
    if (to.kind === "player") return true;
    const slots = to.kind === "target" ? [to.index] : to.kind === "targets" ? to.indexes : [];
    return slots.some((i) => this.targets[i] !== undefined && this.targets[i]!.accepts !== "card");
  }

  /** The steps "<participle> this way" after them can read (thisWaySteps), of steps just lowered. */
  noteThisWaySteps(steps: readonly Step[]): void {
    if (steps.length === 0) return;
    // Every step at any depth, walked once for all the verbs (it was a walk, or a count, per verb per clause); the same
    // order as countSteps / findStep (a step, then its `steps`, then its `then`).
    const all = walkStepsOf(steps);
    const toughness = toughnessStat(this.vocab.game);
    // "milled this way" also reads a mill written out: "Put the top three cards of your deck into your graveyard" (a
    // `move_top` to the game's graveyard zone; CYBERVAMP has no Mill keyword).
    const graveyard = this.vocab.zoneOfRole("graveyard");
    for (const verb of THIS_WAY_VERBS) {
      // A keyword action is an erase or a mill by its rule ("Erase", rule move_to_oblivion); any other ("Scry") takes no cards.
      // What "dies this way" reads: a damage step, or a change of the game's toughness stat ("gets -2/-2": killsByStat).
      // "created this way" reads a token step, or a copy made in play ("Create a token that's a copy of ...").
      let count = 0;
      let first: Step | undefined;
      for (const s of all) {
        if (!takenThisWay(verb, s, this.vocab, toughness, graveyard)) continue;
        count++;
        first ??= s;
      }
      if (count) this.thisWaySteps.set(verb, { count: (this.thisWaySteps.get(verb)?.count ?? 0) + count, last: first! });
    }
  }

  /**
   * One card's stat set or doubled: "Target unit's power becomes 1 until end of turn." (`set`: the stat is that number as
   * it resolves), "Double target creature's power." / "Double the power of target unit you control until end of turn."
   * (the stat gets +its value as it resolves). Undefined for any other clause.
   */
  statSetSteps(clause: Ast.Clause, verb: string): Step[] | undefined {
    const statOf = (np: Ast.NounPhrase | undefined) => npWords(np).find((w) => this.vocab.game.stats.includes(w));
    const owned = (np: Ast.NounPhrase, stat: string): { card: CardRef; stat: string } | undefined => {
      const card = this.statCard(np);
      if (!card) return undefined;
      this.useWords(np, stat);
      this.useDeterminers(np, "the", "its", "it");
      return { card, stat };
    };
    if (verb === "become" && clause.subject && !clause.object?.items.length && statOf(clause.subject)) {
      const c = npCount(clause.object);
      const stat = statOf(clause.subject)!;
      if (!c || c.comparison || clause.object!.filters.length) return undefined;
      const read = owned(clause.subject, stat);
      if (!read) return [{ op: "rule", rule: "unsupported" }];
      this.use(clause.verb, c);
      return [{ op: "modify", on: { kind: "card", ref: read.card }, set: { [stat]: this.count(c) }, duration: this.duration(clause) }];
    }
    // "Double the number of Bleed counters target player has.": that player gets as many again, as it resolves.
    if (verb === "double" && clause.object && !clause.subject && npWords(clause.object)[0] === "number") {
      const amount = this.numberPhrase(withTrailingOn(clause.object, clause));
      if (typeof amount !== "object" || amount.kind !== "counters" || !("player" in amount.of)) {
        this.note(clause.range, `the engine doubles only a player's counters ("Double the number of Bleed counters target player has."); for a card's counters write the number ("Put two +1/+1 counters on target creature.")`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      this.use(clause.verb);
      return [{ op: "add_counters", counter: amount.counter, amount, on: { kind: "player", ref: amount.of.player } }];
    }
    if (verb === "double" && clause.object && !clause.subject && statOf(clause.object)) {
      const stat = statOf(clause.object)!;
      const read = owned(clause.object, stat);
      if (!read) return [{ op: "rule", rule: "unsupported" }];
      this.use(clause.verb);
      return [{ op: "modify", on: { kind: "card", ref: read.card }, stats: { [stat]: { kind: "stat", of: read.card, stat } }, duration: this.duration(clause) }];
    }
    return undefined;
  }

  /** The steps of a clause with "for each X": every amount the clause's own steps carry, times the number of X. */
  scaledForEach(steps: Step[], own: Step[], forEach: Ast.PrepPhrase): Step[] {
    const per = this.countOfEach(forEach.object);
    let scaled = 0;
    const times = (amount: NumberExpr): NumberExpr => {
      scaled++;
      return typeof amount === "number" ? (amount === 1 ? per : { kind: "times", factor: amount, of: per }) : amount;
    };
    const out = steps.map((step) => {
      if (!own.some((o) => o.op === step.op)) return step;
      if (step.op === "modify" && step.stats) return { ...step, stats: scaledStats(step.stats, per, () => scaled++) } as Step;
      if (hasNumberAmount(step)) return { ...step, amount: times(step.amount) } as Step;
      return step;
    });
    if (scaled > 0) this.useDeterminers(forEach.object, "each", "every");
    if (scaled === 0) this.note(forEach.range, `"${this.slice(forEach.range)}" multiplies nothing here: the engine runs the effect once (write an amount before it, e.g. "Gain 1 life for each ...")`);
    return out;
  }

  /**
   * "..., up to three": every amount of the clause's own steps that is counted as the game is played (a number written
   * needs no cap), never more than the cap. Nothing counted: the cap is left unused, which the word accounting reports.
   */
  capped(steps: Step[], own: Step[], cap: Ast.CapPhrase): Step[] {
    const counted = (amount: unknown): amount is Exclude<NumberExpr, number> => typeof amount === "object" && amount !== null;
    let capped = 0;
    const out = steps.map((step) => {
      if (!own.some((o) => o.op === step.op) || !("amount" in step) || !counted(step.amount)) return step;
      capped++;
      return { ...step, amount: { kind: "at_most", of: step.amount, max: cap.max } } as Step;
    });
    if (capped > 0) this.use(cap);
    return out;
  }

  /**
   * A static's "for each X" ("This gets +1/+1 for each other creature you control."): its stat changes times the
   * number of X, which the engine counts again whenever it reads the stat (relative to the static's card and controller).
   */
  staticForEach(clause: Ast.Clause, stats: Record<string, NumberExpr>): Record<string, NumberExpr> {
    const forEach = clause.tail.find((t) => t.kind === "prep" && t.prep === "for" && npDeterminers(t.object).some((d) => d === "each" || d === "every")) as Ast.PrepPhrase | undefined;
    if (!forEach) return stats;
    let scaled = 0;
    const out = scaledStats(stats, this.countOfEach(withTrailingOn(forEach.object, clause)), () => scaled++);
    if (scaled === 0) return stats;
    this.useDeterminers(forEach.object, "each", "every");
    return out;
  }

  /**
   * "empty slot you have", "empty slots in your field", "your empty unit slots", "empty slot your opponent has": the slots
   * of a player's zone of play no card takes (IR `empty_slots`). Whose must be said; undefined when the phrase is not one.
   */
  emptySlots(np: Ast.NounPhrase): NumberExpr | undefined {
    const items = np.items.filter((i): i is Ast.WordNode => i.kind === "word");
    const possessives = items.filter((i) => possessiveStem(i.text) !== undefined);
    const core = items.filter((i) => !possessives.includes(i)).map((i) => lower(i.text)).filter((w) => w !== "unit");
    if (items.length !== np.items.length || core.length !== 2 || core[0] !== "empty" || !/^slots?$/.test(core[1]!)) return undefined;
    const field = this.vocab.zoneOfRole("battlefield");
    const side = this.havingSide(np, possessives, true);
    if (!side) return undefined;
    const slots = battlefieldSlots(this.vocab.game);
    this.ledger.carry(np.determiners.filter((d) => d.kind === "determiner" && d.lemma !== "each" && d.lemma !== "every"), np.items, np.filters);
    if (slots === undefined) {
      this.note(np.range, `"${this.slice(np.range)}": in this game the ${lower(field ?? "battlefield")} has no slots`);
      return 0;
    }
    return { kind: "empty_slots", of: { kind: side } };
  }

  /**
   * "each Crystal you have", "the number of Crystals your opponent has", "your Crystals", "an opponent's Crystals": how
   * much of a resource of the game a player has as it is read (IR `resource`). Whose must be said; undefined otherwise.
   */
  resourceHeld(np: Ast.NounPhrase): NumberExpr | undefined {
    const items = np.items.filter((i): i is Ast.WordNode => i.kind === "word");
    const possessives = items.filter((i) => possessiveStem(i.text) !== undefined);
    const core = items.filter((i) => !possessives.includes(i)).map((i) => i.text);
    if (items.length !== np.items.length || core.length !== 1) return undefined;
    const resource = lookup(this.vocab.resources, core[0]!) ?? lookup(this.vocab.resources, singular(lower(core[0]!)));
    if (!resource) return undefined;
    const side = this.havingSide(np, possessives, false);
    if (!side) return undefined;
    this.ledger.carry(np.determiners.filter((d) => d.kind === "determiner" && d.lemma !== "each" && d.lemma !== "every"), np.items, np.filters);
    return { kind: "resource", of: { kind: side }, resource };
  }

  /**
   * Whose a counted thing is: "your ...", "your opponent's ...", "... you have", "... your opponent has" (and, for slots of
   * the zone of play, "in your field"). Undefined when no one player (or anything else) is said.
   */
  havingSide(np: Ast.NounPhrase, possessives: Ast.WordNode[], slotsOfField: boolean): "you" | "opponent" | undefined {
    const dets = npDeterminers(np).filter((d) => d !== "each" && d !== "every" && d !== "the");
    const sides: ("you" | "opponent")[] = [];
    const stem = possessives.length === 1 ? possessiveStem(possessives[0]!.text)! : undefined;
    if (possessives.length > 1 || (stem !== undefined && !/^opponents?$/.test(stem))) return undefined;
    if (stem) sides.push("opponent");
    else if (dets.length === 1 && dets[0] === "your") sides.push("you");
    else if (dets.length) return undefined;
    const field = this.vocab.zoneOfRole("battlefield");
    for (const f of np.filters) {
      // "you have", "your opponent has": whose.
      if (f.kind === "relative" && !f.clause.object && !f.clause.tail.length && /^(have|has)$/.test(f.clause.verb?.lemma ?? "") && f.clause.subject) {
        const s = f.clause.subject;
        const sDets = npDeterminers(s);
        const sWords = npWords(s);
        if (sWords.length === 0 && sDets.length === 1 && sDets[0] === "you") sides.push("you");
        else if (sWords.length === 1 && /^opponents?$/.test(sWords[0]!) && sDets.every((d) => d === "your" || d === "an" || d === "a")) sides.push("opponent");
        else return undefined;
      } else if (slotsOfField && f.kind === "prep" && (f.prep === "in" || f.prep === "on") && field && this.zoneIn(f.object) === field) {
        // "in your field", "on your opponent's field".
        const z = f.object;
        const zStems = npWords(z).map(possessiveStem).filter((w): w is string => w !== undefined);
        if (zStems.length === 1 && /^opponents?$/.test(zStems[0]!)) sides.push("opponent");
        else if (zStems.length === 0 && npDeterminers(z).join(" ") === "your") sides.push("you");
        else return undefined;
      } else return undefined;
    }
    return sides.length === 1 ? sides[0] : undefined;
  }

  /** "for each opponent", "the number of players", "for each of your opponents": players, not cards. Undefined for anything more. */
  playersCounted(np: Ast.NounPhrase): NumberExpr | undefined {
    const words = npWords(np);
    if (words.length !== 1 || !/^(opponents?|players?)$/.test(words[0]!)) return undefined;
    const dets = npDeterminers(np).filter((d) => d !== "each" && d !== "every" && d !== "the");
    const opponents = words[0]!.startsWith("opponent");
    if (dets.length > 1 || (dets.length === 1 && !(opponents && dets[0] === "your"))) return undefined;
    // "for each opponent with Bleed counters", "the number of players with 10 or less life": those of whom it holds.
    let holds: Condition | undefined;
    if (np.filters.length) {
      const notes = this.notes.length;
      holds = this.playerSubjectCondition(np);
      if (!holds) {
        this.notes.length = notes;
        return undefined;
      }
    }
    this.use({ ...np, filters: [] });
    return { kind: "players", of: { kind: opponents ? "each_opponent" : "each_player" }, ...(holds ? { with: holds } : {}) };
  }

  /**
   * "there are five or more cards in your Graveyard", "there is a creature card in your graveyard", "there are no units on
   * your field", "there isn't a Golem in play", "there are exactly two cards in your hand": how many there are of the
   * object, counted as "for each" counts it (countOfEach: the zone and whose it is as written; no zone, the cards in play),
   * compared as "you have ..." compares (no: none; a/an: at least one; "N or more" / "N or fewer"; a bare number:
   * exactly). Was CW6001 "condition not understood", run as always true. Undefined for a clause not of "there is/are".
   */
  thereIsCondition(clause: Ast.Clause): Condition | null | undefined {
    const { subject, object: obj, be } = clause;
    // "there are exactly two cards": the grammar reads "exactly" as the clause's verb.
    const exactly = clause.verb?.lemma === "exactly" ? clause.verb : undefined;
    if (!subject || !obj || !be || (clause.verb && !exactly) || clause.modal || subject.determiners.length || subject.filters.length || npWords(subject).join(" ") !== "there") return undefined;
    // "there is a unit on your field": the place after the object is the object's.
    const places = clause.tail.filter((t): t is Ast.PrepPhrase => t.kind === "prep" && (t.prep === "in" || t.prep === "on"));
    if (places.length !== clause.tail.length) return undefined;
    if (this.universalCount(obj, this.slice(clause.range))) {
      this.ledger.carry(clause);
      return null;
    }
    // "If there are two units in each graveyard", "if there is a unit in every graveyard": a count in each of the zones,
    // which the engine does not keep apart (it counted them together: "two units in all graveyards"). "no cards in each
    // graveyard" (none anywhere) is that count.
    const zonePhrases = [...places, ...obj.filters.filter((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "in" || f.prep === "on"))];
    const eachZone = zonePhrases.flatMap((p) => p.object.determiners).find((d): d is Ast.DeterminerWord => d.kind === "determiner" && ["each", "every", "all", "both"].includes(d.lemma));
    if (eachZone && !npDeterminers(obj).includes("no")) {
      const where = zonePhrases.find((p) => p.object.determiners.includes(eachZone))!;
      const zone = lower(npWords(where.object).slice(-1)[0] ?? "graveyard");
      this.note(eachZone.range, `"${this.slice(eachZone.range)}" in "${this.slice(clause.range)}": the engine counts the cards of those places together, not in each — name one player's ("${where.prep} your ${zone}", "${where.prep} your opponent's ${zone}") or all of them together ("${where.prep} ${indefiniteArticle(zone)} ${zone}")`);
      this.ledger.carry(clause, places);
      return null;
    }
    this.use(subject, be, exactly);
    this.carryNegations(be);
    return this.countedCondition(obj, places, /(?:n['’]t|\snot)$/i.test(be.text));
  }

  /**
   * A zone's contents counted with the zone as the subject — "your Graveyard has five or more cards", "your opponent's
   * Oblivion contains two or more Unit cards", "your hand is empty", "your deck isn't empty" — or the cards as the subject
   * of "are in <zone>": "five or more cards are in your Graveyard". Read as "there are … in <zone>" (thereIsCondition):
   * one count of the cards there. Each was CW6001 "condition not understood" (treated as always true). Undefined for a
   * clause of another shape.
   */
  /**
   * "two or more units", "no other creatures", "two or more Vampires": cards of a permanent type or subtype, no word of a
   * zone or of "card" ("Unit cards" are cards anywhere; a subtype names cards in play, as "you control a Vampire" says).
   */
  namesPermanents(np: Ast.NounPhrase): boolean {
    const words = npWords(np).filter((w) => w !== "other" && w !== "exactly");
    const type = (w: string) => this.vocab.game.cardTypes.find((t) => t.name.toLowerCase() === w || t.name.toLowerCase() === singular(w));
    const subtype = (w: string) => !!(lookup(this.vocab.subtypes, w) || lookup(this.vocab.subtypes, singular(w)));
    return words.length > 0 && words.every((w) => (type(w) ? type(w)!.permanent : subtype(w)));
  }

  zoneContentsCondition(clause: Ast.Clause): Condition | undefined {
    const { subject, object: obj, be, verb } = clause;
    if (!subject || clause.modal || clause.complement || subject.filters.length) return undefined;
    const zoneSubject = !npCount(subject) && this.zoneIn(subject) !== undefined;
    const place = (np: Ast.NounPhrase): Ast.PrepPhrase => ({ kind: "prep", prep: "in", object: np, range: np.range });
    // "your Graveyard has five or more cards", "your hand contains no Unit cards"
    if (zoneSubject && obj && !be && !clause.tail.length && (verb?.lemma === "have" || verb?.lemma === "contain" || verb?.lemma === "contains") && npWords(obj).some((w) => w === "card" || w === "cards")) {
      this.use(verb);
      return this.countedCondition(obj, [place(subject)], false);
    }
    // "your hand is empty", "your deck isn't empty"
    if (zoneSubject && be && !obj && !clause.tail.length && verb?.lemma === "empty") {
      this.use(be, verb);
      this.carryNegations(be);
      const cards: Ast.NounPhrase = { kind: "np", determiners: [], items: [{ kind: "word", text: "cards", lemma: "card", keyword: true, range: verb.range }], filters: [], range: verb.range };
      // "is empty": no card there; "isn't empty": at least one.
      const some = this.countedCondition(cards, [place(subject)], false);
      return /(?:n['’]t|\snot)$/i.test(be.text) || some.kind !== "compare" ? some : { ...some, op: "=", right: 0 };
    }
    // "five or more cards are in your Graveyard", "no cards are in your hand"
    const places = clause.tail.filter((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "in" && this.zoneIn(t.object) !== undefined);
    if (!zoneSubject && be && !obj && !verb && places.length === 1 && clause.tail.length === 1 && (npCount(subject) || npDeterminers(subject).includes("no")) && npWords(subject).some((w) => w === "card" || w === "cards")) {
      this.use(be);
      this.carryNegations(be);
      return this.countedCondition(subject, places, /(?:n['’]t|\snot)$/i.test(be.text));
    }
    return undefined;
  }

  /**
   * "each Knight", "every unit", "all Knights", "both Knights", "each other Knight" as what a condition counts ("if you
   * control each Knight", "if there are all Knights"): no count the engine reads — a note at the determiner naming the
   * counts it does read, and true. Was read as "a Knight" (the determiner dropped, silently).
   */
  universalCount(obj: Ast.NounPhrase, text: string): boolean {
    if (npCount(obj)) return false;
    const all = obj.determiners.find((d): d is Ast.DeterminerWord => d.kind === "determiner" && ["each", "every", "all", "both"].includes(d.lemma));
    if (!all) return false;
    // "If you control both a Knight and a Golem": two kinds joined by "and" — one condition counts one kind.
    if (obj.also?.length) {
      this.note(obj.range, `"${this.slice(obj.range)}" in "${text}": the engine counts one kind of card in a condition, not two joined by "and" — write one ("If you control a Knight, ...")`);
      this.use(obj);
      return true;
    }
    // The noun as written, without its place ("all units in your graveyard": "units"); "all of the units": the noun after "of".
    const partitive = !obj.items.length && obj.filters[0]?.kind === "prep" && obj.filters[0].prep === "of" ? obj.filters[0].object : undefined;
    const nounPhrase = partitive ?? obj;
    const words = nounPhrase.items.filter((i) => i.kind === "word");
    const written = words.length ? this.slice(spanOf(words[0]!.range, words[words.length - 1]!.range)) : "cards";
    const last = written.split(/\s+/).pop()!;
    const one = lower(singular(last)) !== lower(last) ? written.slice(0, written.length - (last.length - singular(last).length)) : written;
    const many = one === written ? `${written}s` : written;
    const a = /^other\s/i.test(one) ? `an${one}` : `${indefiniteArticle(one)} ${one}`;
    if (!words.length) return false;
    this.note(all.range, `"${this.slice(all.range)}" in "${text}": the engine counts the cards a condition names — write "${a}", "two or more ${many}", "exactly two ${many}" or "no ${many}"`);
    // The note reports the words: none of them is left to the word accounting.
    this.use(obj);
    return true;
  }

  /** How many of `obj` there are in `places`, compared as its count says ("no": none; no number: at least one). */
  countedCondition(obj: Ast.NounPhrase, places: Ast.PrepPhrase[], negated: boolean): Condition {
    const dets = npDeterminers(obj);
    const c = npCount(obj);
    const counted: Ast.NounPhrase = {
      ...obj,
      determiners: obj.determiners.filter((d) => d.kind !== "count" && !(d.kind === "determiner" && ["no", "a", "an", "exactly"].includes(d.lemma))),
      items: obj.items.filter((i) => i.kind !== "count" && !(i.kind === "word" && lower(i.text) === "exactly")),
      filters: [...obj.filters, ...places],
    };
    const counts = this.countOfEach(counted);
    // "cards in your hand", with nothing more said of them: the hand's size, as "you have no cards in hand" reads it.
    const of = typeof counts === "object" && counts.kind === "count" ? counts.of : undefined;
    const handOnly = of && of.zones?.length === 1 && of.zones[0] === this.vocab.zoneOfRole("hand") && (of.owner === "you" || of.owner === "opponent") && Object.keys(of).every((k) => k === "zones" || k === "owner");
    const left: NumberExpr = handOnly ? { kind: "hand_size", of: { kind: of.owner as "you" | "opponent" } } : counts;
    this.use(places);
    this.useDeterminers(obj, "no", "a", "an");
    this.useWords(obj, "exactly");
    this.use(c);
    const [op, right]: ["=" | ">=" | "<=", number] = dets.includes("no") ? ["=", 0] : !c || c.value === undefined ? [">=", 1] : [comparisonOp(c), c.value];
    const condition: Condition = { kind: "compare", left, op, right };
    return negated ? negation(condition)! : condition;
  }

  /**
   * A trailing condition's condition: "if A", or "as long as A or B" / "if A and B" (its `more`, read as compoundCondition
   * reads "If A and B, ..."). Undefined where the engine cannot read it (noted by its reader).
   */
  phraseCondition(cond: Ast.ConditionPhrase): Condition | undefined {
    return cond.more?.length ? compoundCondition({ condition: cond.clause, more: cond.more }, this) : this.condition(cond.clause);
  }

  /** How many there are of "each card in your hand", "each Vampire you control", "each Bleed counter on you". */
  countOfEach(written: Ast.NounPhrase): NumberExpr {
    // "for each of your allies": the phrase after "of", with "each".
    const np = unwrapOf(written);
    const empty = this.emptySlots(np) ?? this.resourceHeld(np) ?? this.playersCounted(np);
    if (empty !== undefined) return empty;
    const destroyed = this.destroyedThisWay(np) ?? this.destroyedThisTurnCount(np) ?? this.playedThisTurnCount(np) ?? this.damagePrevented(np, true);
    if (destroyed !== undefined) return destroyed;
    const words = npWords(np);
    const counter = words.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
    if (counter && (words.includes("counter") || words.includes("counters"))) {
      this.use(np.items);
      return this.countersOnCards(np, counter) ?? { kind: "counters", of: { player: this.counterOwner(np) }, counter };
    }
    return { kind: "count", of: this.selector(np) };
  }

  /**
   * "if this has a power counter on it", "if it has two or more +1/+1 counters on it", "if this has no counters of that
   * kind": a card's counters, where the game puts that counter on cards ("on it" names the subject); "if a unit you control
   * has a power counter on it": there is such a card. Undefined when the subject is a player or the counter a player's
   * (read as a player's counters, where the subject card would be unread: CW6005 and "on you" counted).
   */
  cardCountersCondition(clause: Ast.Clause, counter: string): Condition | undefined {
    const subject = clause.subject;
    const obj = clause.object;
    const objWords = npWords(obj);
    if (!subject || !obj || clause.verb?.lemma !== "have" || !(objWords.includes("counter") || objWords.includes("counters"))) return undefined;
    if (isPlayerPhrase(subject) || this.vocab.game.counters.find((k) => k.name === counter)?.on !== "card") return undefined;
    const onIt = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "on");
    if (clause.tail.some((t) => t !== onIt) || (onIt && !isItPronoun(onIt.object))) return undefined;
    const c = npCount(obj);
    // As a player's counters are compared: "no" is none, "a" at least one, "two or more" / "two or fewer", a bare number exactly.
    const [op, value]: ["=" | ">=" | "<=", number] = npDeterminers(obj).includes("no") ? ["=", 0] : !c || c.value === undefined ? [">=", 1] : [comparisonOp(c), c.value];
    // "If another unit you control has a power counter on it", "if any unit has ...": some such card, as "a unit" (they were
    // read as a card the player chooses, then checked — "you choose another Unit you control", silently).
    if (npDeterminers(subject).some((d) => d === "a" || d === "an" || d === "another" || d === "any")) {
      const selector = this.selector(subject);
      this.useDeterminers(subject, "a", "an", "any");
      this.use(clause.verb, obj, onIt);
      return { kind: "compare", left: { kind: "count", of: { ...selector, counters: { counter, op, value } } }, op: ">=", right: 1 };
    }
    const card = this.oneCard(subject, subject);
    if (card === null) return undefined;
    this.use(clause.verb, obj, onIt);
    return { kind: "compare", left: { kind: "counters", of: { card }, counter }, op: op === ">=" && value === 1 ? ">" : op, right: op === ">=" && value === 1 ? 0 : value };
  }

  /**
   * "if it has a +1/+1 counter on it", "if this had two or more +1/+1 counters on it": one card's counters of each stat the
   * pair raises (statPairCounters), each compared as cardCountersCondition compares one kind. Undefined for any other
   * phrase, and for "a creature you control has a +1/+1 counter" (one card with both: a count cannot say it).
   */
  cardPairCountersCondition(clause: Ast.Clause): Condition | undefined {
    const obj = clause.object;
    if (!obj || !clause.subject || npDeterminers(clause.subject).some((d) => d === "a" || d === "an")) return undefined;
    const pair = this.statPairCounters(obj);
    if (!pair) return undefined;
    const conditions: Condition[] = [];
    for (const counter of pair.counters) {
      const one = this.cardCountersCondition({ ...clause, object: pair.counted }, counter);
      if (!one) return undefined;
      conditions.push(one);
    }
    return conditions.length === 1 ? conditions[0] : { kind: "all", conditions };
  }

  /**
   * The counters a card counter is counted on: "for each attack counter on it", "... on this creature", "... on target
   * creature" (one card, read as any card phrase), or on several cards, added up: "the number of power counters on units
   * you control", "for each +1/+1 counter among creatures you control" (IR `total`; was a note that "units you control" is
   * more than one card, the amount 0). Undefined for a counter players have, or with no "on"/"among" phrase (then whose is
   * read as a player's); 0 after a note when the phrase names no card the engine can read.
   */
  countersOnCards(np: Ast.NounPhrase, counter: string): NumberExpr | undefined {
    if (this.vocab.game.counters.find((c) => c.name === counter)?.on !== "card") return undefined;
    const on = np.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "on" || f.prep === "among"));
    if (!on) return undefined;
    this.use(on);
    const read = this.affected(on.object);
    if (read.kind === "cards") return { kind: "total", of: read.selector, counter };
    const card = this.oneCard(on.object, np, read);
    return card === null ? 0 : { kind: "counters", of: { card }, counter };
  }

  /**
   * "the total power of units you control", "the combined power of creatures you control", "the total attack among
   * creatures you control": a stat of several cards, added up (IR `total`). Undefined without "total"/"combined" before the
   * stat or without an "of"/"among" phrase naming several cards (then the phrase is one card's stat).
   */
  statTotal(np: Ast.NounPhrase, stat: string): NumberExpr | undefined {
    const words = npWords(np);
    const most = words.find((w) => GREATEST_WORDS.has(w) || LEAST_WORDS.has(w));
    if (most && words.indexOf(most) < words.indexOf(stat)) return this.statGreatest(np, stat, most);
    const adding = words.find((w) => w === "total" || w === "combined");
    if (!adding || words.indexOf(adding) > words.indexOf(stat)) return undefined;
    const of = np.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "of" || f.prep === "among"));
    // One card ("the total power of target unit", "... of this"): its stat — "total" is left to the ledger to report.
    if (!of || npDeterminers(of.object).some((d) => ONE_CARD_DETERMINERS.has(d))) return undefined;
    const read = this.affected(of.object);
    if (read.kind !== "cards") {
      this.note(of.object.range, `"${this.slice(np.range)}" adds up a stat of several cards, and "${this.slice(of.object.range)}" names one card or none: write the cards ("the total ${stat} of units you control") or the one card's stat ("its ${stat}")`);
      return 0;
    }
    this.use(of);
    this.useWords(np, adding, stat);
    this.useDeterminers(np, "the");
    return { kind: "total", of: read.selector, stat };
  }

  /**
   * "the greatest power among creatures you control", "the highest attack of creatures you control", "the lowest defense
   * among creatures your opponents control": the stat of the card that has the most (least) of it — 0 with none (IR
   * `greatest`). It ran as "its power" (the card named before), "greatest" and the cards CW6005. One card named ("the
   * greatest power of target creature") is that card's stat, "greatest" CW6005; no cards named, a note.
   */
  statGreatest(np: Ast.NounPhrase, stat: string, most: string): NumberExpr | undefined {
    const among = np.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "among" || f.prep === "of"));
    // One card ("the greatest power of target creature"): its stat — the word left to the ledger to report (as "total").
    if (among?.prep === "of" && npDeterminers(among.object).some((d) => ONE_CARD_DETERMINERS.has(d))) return undefined;
    const read = among ? this.affected(among.object) : undefined;
    if (!among || read?.kind !== "cards") {
      this.note(np.range, `"${this.slice(np.range)}" picks the ${most} ${stat} among several cards, and ${among ? `"${this.slice(among.object.range)}" names one card or none` : "no cards are named"}: write the cards ("the ${most} ${stat} among creatures you control") or the one card's stat ("its ${stat}")`);
      return 0;
    }
    this.use(among);
    this.useWords(np, most, stat);
    this.useDeterminers(np, "the");
    return { kind: "greatest", of: read.selector, stat, ...(LEAST_WORDS.has(most) ? { least: true as const } : {}) };
  }

  /**
   * "the top three cards of your deck" → whose zone (undefined: nobody named; null: a player the engine cannot tell, noted),
   * the zone, the amount (and remembers the zone for "put one ..." after it).
   */
  topOfZone(np: Ast.NounPhrase | undefined): { owner: PlayersRef | null | undefined; zone: string; amount: NumberExpr } | undefined {
    if (!np || !npWords(np).includes("top")) return undefined;
    const of = np.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
    const zoneWords = npWords(of?.object).filter((w) => possessiveStem(w) === undefined);
    const zone = lookup(this.vocab.zones, zoneWords.join(" ")) ?? zoneWords.map((w) => lookup(this.vocab.zones, w)).find(Boolean) ?? this.vocab.zoneOfRole("deck");
    if (!zone) return undefined;
    const owner = this.zoneOwnerOf(of?.object);
    this.lookedZone = zone;
    // "the top three cards": a kind of card ("the top two Red cards") is no top of a zone — left for the ledger to report.
    this.use(np.items.filter((i) => i.kind === "word" && /^(top|cards?)$/i.test(i.text)), np.determiners);
    this.useZoneWords(of?.object);
    return { owner, zone, amount: this.count(npCount(np), 1) };
  }

  /**
   * "Look at target opponent's hand", "Reveal your hand": every card of a player's hand, looked at as the top of a zone is
   * (the looked-at cards: "the rest", "it" after it).
   */
  wholeHand(np: Ast.NounPhrase | undefined): { owner: PlayersRef | null | undefined; zone: string; amount: NumberExpr } | undefined {
    const hand = this.vocab.zoneOfRole("hand");
    if (!np || !hand || this.zoneIn(np) !== hand || npWords(np).filter((w) => possessiveStem(w) === undefined).length !== 1 || npCount(np)) return undefined;
    const owner = this.zoneOwnerOf(np);
    this.useZoneWords(np);
    this.lookedZone = hand;
    const of: PlayerRef = owner ? (owner.kind === "each_player" || owner.kind === "each_opponent" ? { kind: "opponent" } : owner) : { kind: "you" };
    return { owner, zone: hand, amount: { kind: "hand_size", of } };
  }

  /**
   * Whose zone a phrase names, read as the player phrase its possessive is: "target player's deck" (a target slot), "your
   * opponent's hand", "each player's Graveyard", "its owner's hand", "that player's deck", "their Discard Pile" (whom "they"
   * names here: the clause's players, the player a possessive named before, the trigger's player), "your deck". It marks
   * the words it reads and only those: a possessive no step reads stays for the word accounting (CW6005), never dropped.
   * Undefined when the phrase names nobody (the step's own player); null when it names a player the engine cannot tell
   * (a note at the words). A player named this way is who "their"/"that player" means next ("... into their Graveyard").
   */
  zoneOwnerOf(np: Ast.NounPhrase | undefined): PlayersRef | null | undefined {
    if (!np) return undefined;
    let at = -1;
    np.items.forEach((item, i) => {
      if (item.kind === "word" && possessiveStem(item.text) !== undefined) at = i;
    });
    if (at >= 0) {
      // "target player's", "its owner's", "that creature's controller's": the words up to the (last) possessive name the player.
      const word = np.items[at] as Ast.WordNode;
      const stem = possessiveStem(word.text)!;
      const person: Ast.WordNode = { ...word, text: stem, lemma: stem.replace(/s$/, ""), keyword: true };
      const ref = this.playerPhrase({ ...np, items: [...np.items.slice(0, at), person], filters: [] });
      if (!ref) {
        this.note(np.range, `"${this.slice(np.range)}" names no player the engine can tell here: write "your ...", "target player's ...", "your opponent's ..." or "its owner's ..."`);
        return null;
      }
      // A target slot is named by its player phrase ("target player"), not the possessive.
      if (ref.kind === "target") this.targets[ref.index]!.text = this.targets[ref.index]!.text.replace(/['’]s?$/, "");
      // "Return target creature an opponent controls to its owner's hand. That player discards a card.": the player the
      // sentence named ("an opponent", who controlled it) is whom "that player" names, not the owner a zone's possessive
      // names (they differ after a steal: the caster discarded, or the stolen card itself).
      if (ref.kind !== "you" && !(ref.kind === "owner_of" && this.controllerNamedOf(ref.of))) this.lastPlayers = ref;
      return ref;
    }
    const dets = npDeterminers(np);
    if (dets.includes("your")) {
      this.useDeterminers(np, "your");
      return { kind: "you" };
    }
    if (dets.includes("their") || dets.includes("his") || dets.includes("her")) {
      this.useDeterminers(np, "their", "his", "her");
      if (this.antecedent) return { kind: "acting" };
      if (this.lastPlayers) return this.lastPlayers;
      return this.theirs(np) ?? null;
    }
    return undefined;
  }

  /**
   * The zone a card is put into is its owner's (every game keeps a card in its owner's zones): "its owner's hand", "your
   * hand", "their Graveyard", "your opponent's deck" read as written; a zone of a player named otherwise ("target player's
   * deck", "that player's hand") is a note at the words — the engine cannot put a card into a zone of a player it does not own
   * it. Marks the phrase's words; false when noted.
   */
  destination(np: Ast.NounPhrase, clause: Ast.Clause): boolean {
    const at = np.items.findIndex((i) => i.kind === "word" && possessiveStem(i.text) !== undefined);
    const stem = at >= 0 ? possessiveStem((np.items[at] as Ast.WordNode).text)! : undefined;
    // Not "its controller's hand": a card goes to its owner's, whoever controls it — said, not read as "its owner's".
    const ownersOrOpponents = stem !== undefined && /^(owners?|opponents?)$/.test(stem) && !npDeterminers(np).includes("target");
    if (stem !== undefined && !ownersOrOpponents) {
      const whose = this.zoneOwnerOf(np);
      this.useZoneWords(np);
      // Noted whole: its object's words ("target creature") are not left over besides.
      this.ledger.carry(clause.verb, clause.object);
      if (whose !== null) this.note(np.range, `"${this.slice(np.range)}": the engine puts a card into its owner's zone; write "its owner's ${lower(this.zoneIn(np) ?? "zone")}"`);
      return false;
    }
    // "your" is read by intoOwnersZone (the cards must be yours); "their owners'" / "its owner's" is the engine's own rule.
    // The zone's name and whose it is are read, never every word of the phrase: "to its owner's hand also", "to its only
    // owner's hand" checked clean with the word dropped (the word-insertion sweep of session 41).
    this.useZoneWords(np);
    this.use(np.items.filter((i) => i.kind === "word" && possessiveStem(i.text) !== undefined), np.determiners.filter((d) => d.kind === "determiner" && (d.lemma === "its" || d.lemma === "their" || d.lemma === "the")));
    // "their owners' hands", and "their Discard Pile" of the player named before (whose card it is): the owner's zone.
    if ((stem !== undefined && /^owners?$/.test(stem)) || npDeterminers(np).includes("their")) this.carryOwner(np);
    return true;
  }

  /**
   * "Return target creature an opponent controls to your hand", "... a card from an opponent's Graveyard to your hand": a card
   * goes into its owner's zone, so "your" there would be someone else's — a note, never the owner's hand silently.
   */
  /**
   * "into play under your control": a card put into play goes under the control of the player who puts it there — you,
   * when no other player is the clause's subject. Any other controller ("under its owner's control", "under target
   * opponent's control") is not what the engine does: CW6001 at the words (false). No "under" phrase: true.
   */
  intoPlayUnder(zone: string, place: Ast.NounPhrase, clause: Ast.Clause): boolean {
    const under = [...place.filters, ...clause.tail].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "under");
    if (!under || zone !== this.vocab.zoneOfRole("battlefield")) return true;
    const yours = npDeterminers(under.object).join(" ") === "your" && npWords(under.object).join(" ") === "control";
    const byYou = !clause.subject || (npDeterminers(clause.subject).join(" ") === "you" && !npWords(clause.subject).length);
    if (yours && byYou) {
      this.use(under);
      return true;
    }
    // Noted whole: the card's words are not left over besides.
    this.ledger.carry(clause.verb, clause.object);
    this.note(under.range, `"${this.slice(under.range)}": the engine puts a card into play under the control of the player who puts it there${byYou ? " (you)" : ""}; write "under your control" or leave it out`);
    return false;
  }

  intoOwnersZone(steps: Step[], place: Ast.NounPhrase, clause: Ast.Clause): Step[] {
    const move = steps[0];
    if (move?.op !== "move" || !npDeterminers(place).includes("your")) return steps;
    // Cards that are yours (this card, "you control", "from your Graveyard", a card you searched for): "your" is carried;
    // so it is when the clause is already noted (the cards it names could not be read: one diagnostic is enough). Only
    // this file's notes are the clause's: the list may hold other files' (the game file's, every card file lowered
    // before), whose offsets say nothing about this text.
    const notedHere = this.notes.some((n) => n.file === this.file && startOffset(clause.range) <= startOffset(n.range) && endOffset(n.range) <= endOffset(clause.range));
    if (this.yours(move.what) || notedHere) {
      this.useDeterminers(place, "your");
      return steps;
    }
    const selectorOf = (what: Affected): CardSelector | undefined => {
      if (what.kind === "target") return this.targets[what.index]?.cards;
      if (what.kind === "cards") return what.selector;
      if (what.kind === "card" && what.ref.kind === "chosen") {
        const label = what.ref.label;
        const choice = this.pending.find((s) => s.op === "choose_cards" && s.label === label);
        return choice?.op === "choose_cards" ? choice.selector : undefined;
      }
      if (what.kind === "card" && what.ref.kind === "target") return this.targets[what.ref.index]?.cards;
      return undefined;
    };
    const sel = selectorOf(move.what);
    // Anyone's card ("Return target creature to your hand"): "your" stays unused (CW6005) — it would go to its owner's.
    if (sel?.owner !== "opponent" && sel?.controller !== "opponent") return steps;
    this.use(clause.verb);
    this.note(place.range, `"${this.slice(place.range)}": the engine puts a card into its owner's ${lower(move.to)}, and this one is an opponent's — write "its owner's ${lower(move.to)}"`);
    return [{ op: "rule", rule: "unsupported" }];
  }

  /** A zone phrase's own words (the zone's name, "the", "top", "bottom"), not whose it is: that is read by zoneOwnerOf or left unused. */
  /** Whose a zone is: the possessive ("opponent's", "players'") and the determiners before it ("your", "each", "target") — nothing else. */
  carryPossessor(np: Ast.NounPhrase): void {
    this.ledger.carry(np.determiners.filter((d) => d.kind !== "determiner" || POSSESSOR_DETERMINERS.has(d.lemma)), np.items.filter((i) => i.kind === "word" && possessiveStem(i.text) !== undefined));
  }
  useZoneWords(np: Ast.NounPhrase | undefined): void {
    if (!np) return;
    // Only the zone's name ("Discard Pile", "Graveyards", "deck") and "own", "entire" ("your own hand"): any other word ("your first
    // Graveyard") is left for CW6005, not carried with the name.
    const nameWords = new Set([...this.vocab.zones.keys()].flatMap((name) => name.split(/\s+/)));
    // "play" of "into play", "in play": the battlefield's card-English name (zoneIn).
    const play = this.zoneIn(np) === this.vocab.zoneOfRole("battlefield");
    // "graveyard" read as CYBERVAMP's Discard Pile (CW6012 said so): its words are the zone's name here.
    const written = npWords(np).filter((w) => possessiveStem(w) === undefined);
    const otherName = !lookup(this.vocab.zones, written.join(" ")) && this.zoneOfOtherName(np, written) ? new Set(written) : undefined;
    const zoneWord = (w: string) => nameWords.has(w) || [...singulars(w)].some((form) => nameWords.has(lower(form))) || ZONE_INTENSIFIERS.has(w) || w === "deck" || w === "decks" || (play && w === "play") || !!otherName?.has(w);
    // A card's filter hung on the zone ("... in your Discard Pile with power 2 or less") is its reader's (selector), never
    // carried with the zone's name: a reader that does not read it leaves it to CW6005.
    // So is "under your control" after "into play": read by intoPlayUnder.
    this.use(np.items.filter((i) => i.kind === "word" && possessiveStem(i.text) === undefined && zoneWord(lower(i.text))), zonePhraseOwnFilters(np));
    // The other determiners ("target" of "target player's deck", "your", "their") say whose.
    this.useDeterminers(np, "the");
  }

  /**
   * "Look at / Reveal the top N cards of <zone>": the clause's player looks (you when none is named) at the zone's owner's
   * cards — their own unless the zone says whose ("Look at the top card of target player's deck").
   */
  lookTop(top: NonNullable<ReturnType<AbilityLowering["topOfZone"]>>, clause: Ast.Clause, reveal: boolean): Step[] {
    if (top.owner === null) return [{ op: "rule", rule: "unsupported" }];
    const looker = clause.subject ? this.onePlayer(this.subjectPlayers(clause.subject), clause.subject.range) : ({ kind: "you" } as const);
    const owner = top.owner ? this.onePlayer(top.owner, clause.range) : looker;
    const same = JSON.stringify(owner) === JSON.stringify(looker);
    this.lookedOwner = owner;
    this.lookedBy = same ? undefined : looker;
    return [{ op: "look_top", who: looker, ...(same ? {} : { owner }), zone: top.zone, amount: top.amount, ...(reveal ? { reveal } : {}) }];
  }

  /** After a look: "put one into your hand", "the rest back in any order", "put them on the bottom of your deck". */
  placeLooked(obj: Ast.NounPhrase, clause: Ast.Clause): Step | undefined {
    const dets = npDeterminers(obj);
    const words = npWords(obj);
    const rest = words.includes("rest") || dets.includes("other") || words.includes("other") || words.includes("others") || dets.includes("they") || dets.includes("it") || dets.includes("all");
    const count = npCount(obj);
    // "one of them", "a Vampire card from among them": which of the looked-at cards.
    const ofLooked = obj.filters.filter((f): f is Ast.PrepPhrase => f.kind === "prep" && (f.prep === "of" || f.prep === "among") && isLookedPhrase(f.object));
    const one = !count && ofLooked.length > 0 && (dets.includes("a") || dets.includes("an"));
    // "any number of them": the player picks how many (none to all); "up to two of them": none to two.
    const anyNumber = !rest && !count && ofLooked.length > 0 && dets.length === 1 && dets[0] === "any" && words.join(" ") === "number";
    const upTo = !rest && !!count && dets.includes("up to");
    if (!rest && !count && !one && !anyNumber) return undefined;
    const prep = (name: string) => clause.tail.find((t) => t.kind === "prep" && t.prep === name) as Ast.PrepPhrase | undefined;
    const back = clause.tail.some((t) => t.kind === "particle" && lower(t.word.text) === "back");
    const on = prep("on") ?? prep("onto");
    const into = prep("into") ?? on;
    const placeWords = npWords(into?.object);
    const of = into?.object.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
    const zoneWords = placeWords.includes("bottom") || placeWords.includes("top") ? npWords(of?.object) : placeWords;
    const zone = lookup(this.vocab.zones, zoneWords.join(" ")) ?? zoneWords.map((w) => lookup(this.vocab.zones, w)).find(Boolean) ?? (back || placeWords.length ? this.lookedZone : undefined);
    if (!zone) return undefined;
    const position = placeWords.includes("bottom") ? "bottom" : placeWords.includes("top") || back ? "top" : undefined;
    // Whose zone: the cards go into their owner's, so the words must name the owner of the looked-at cards.
    const zonePhrase = placeWords.includes("bottom") || placeWords.includes("top") ? of?.object : into?.object;
    const whose = this.zoneOwnerOf(zonePhrase);
    if (whose === null) return { op: "rule", rule: "unsupported" };
    if (whose && !this.isLookedOwner(whose)) {
      this.use(obj, clause.verb);
      this.note(zonePhrase!.range, `"${this.slice(zonePhrase!.range)}": the engine puts a card only into its owner's ${lower(zone)}; write "its owner's ${lower(zone)}" or name the player whose cards were looked at`);
      return { op: "rule", rule: "unsupported" };
    }
    // The count, "of them" / "from among them", and the kind of card ("a creature card") say which of the looked-at cards;
    // any other filter ("one with power 2 or less") is not read.
    const filter = rest || anyNumber ? undefined : this.discardFilter(obj);
    // The kind's words are marked by the filter's reader (a word it does not carry stays unread: CW6005).
    this.use(obj.determiners, rest ? obj.items : obj.items.filter((i) => i.kind !== "word"), ofLooked, clause.tail.filter((t) => t.kind === "particle"));
    if (!rest) this.useWords(obj, "card", "cards", "one", ...(anyNumber ? ["number"] : []));
    if (zonePhrase !== into?.object && into) this.use(into.object.items, into.object.determiners, zonePhraseOwnFilters(into.object).filter((f) => f !== of));
    this.useZoneWords(zonePhrase);
    const amount: NumberExpr | "rest" = (rest && !count) || anyNumber ? "rest" : this.count(count, 1);
    // "in any order": the player puts them there one by one, in the order they choose (a deck is ordered).
    const isAnyOrder = (t: Ast.TailItem | Ast.NounFilter): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "in" && npWords(t.object).join(" ") === "order" && npDeterminers(t.object).includes("any");
    // After the tail, or (as the parser may hang it) after the place: "on the bottom of your deck in any order".
    const anyOrder = clause.tail.find(isAnyOrder) ?? into?.object.filters.find(isAnyOrder) ?? of?.object.filters.find(isAnyOrder);
    if (anyOrder && position && amount !== 1) this.use(anyOrder);
    return { op: "place_looked", amount, ...(anyNumber || upTo ? { upTo: true } : {}), ...(filter ? { filter } : {}), to: zone, ...(position ? { position } : {}), ...(anyOrder && position && amount !== 1 ? { order: true } : {}), ...(this.lookedBy ? { who: this.lookedBy } : {}) };
  }

  /** Does a zone's owner, as read here, name the player whose cards the ability looked at ("their", "its owner's", the same target)? */
  isLookedOwner(whose: PlayersRef): boolean {
    if (whose.kind === "owner_of") return true;
    const resolved = (ref: PlayersRef | undefined) => JSON.stringify(ref?.kind === "acting" && this.antecedent ? this.antecedentPlayers() : ref);
    return resolved(whose) === resolved(this.lookedOwner ?? { kind: "you" });
  }

  /**
   * A one-time effect giving cards a restriction (the ones a static can give: RESTRICTION_RULES) for its duration:
   * "this turn", "until end of turn", "until your next turn"; none written, it lasts (as a printed "can't" would).
   */
  restrictionSteps(written: Ast.Clause): Step[] {
    // "Target unit can't attack next turn.": "next turn" as the verb's object is the restricted card's controller's next
    // turn (the turn it could attack or block in), as "during its controller's next turn" is.
    const nextAsObject = !!written.object && !written.be && npWords(written.object).join(" ") === "next turn" && !written.object.filters.length && !written.object.also?.length && npDeterminers(written.object).length === 0;
    const clause: Ast.Clause = nextAsObject ? { ...written, object: undefined } : written;
    const rules = restriction(clause, { self: true }, this).flatMap((e): RuleGrant[] => (e.kind === "rule" ? [{ rule: e.rule, ...(e.by ? { by: e.by } : {}) }] : []));
    if (!rules.length) return [{ op: "rule", rule: "unsupported" }];
    // "Deal 1 damage to target unit. It can't block this turn.": "it" after a card the ability named is that card.
    const subject = clause.subject!;
    const bareIt = npWords(subject).length === 0 && npDeterminers(subject).length === 1 && npDeterminers(subject)[0] === "it";
    if (bareIt && this.lastCard) this.use(subject);
    const on: Affected = bareIt && this.lastCard ? this.itAffected(this.lastCard) : this.affected(subject);
    // "It can't attack during their next turn." · "Target unit can't block during your opponent's next turn.": the
    // restriction is made as that turn begins and lasts it (a delayed step, the one mechanism for "later"; reads-as
    // writes it back as "during ... next turn").
    const during = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "during" && npWords(t.object).join(" ").endsWith("next turn"));
    const first = this.vocab.game.phases[0];
    const turn = nextAsObject ? written.object! : during?.object;
    if (turn && first) {
      const writtenTurn = nextAsObject ? "their next turn" : lower(this.slice(turn.range)).replace(/\s+/g, " ");
      const whose = this.nextTurnOf(writtenTurn, on);
      const at = turn === during?.object ? during.range : turn.range;
      this.ledger.carry(nextAsObject ? turn : during);
      const restricted = { op: "modify", on, rules, duration: { kind: "end_of_turn" } } satisfies Step;
      // "its controller's next turn" of one card whose side is known only as it resolves ("target unit"): that player's,
      // fixed then (IR `turnOf`).
      const oneCard = on.kind === "target" || (on.kind === "card" && on.ref.kind !== "self");
      if (!whose && oneCard && /^(their|its controller's|his or her) next turn$/.test(writtenTurn)) {
        return [{ op: "delayed", at: { event: "phase_start", subject: { kind: "player", who: "any" }, phase: first.name, whose: "each", text: "at the beginning of its controller's next turn" }, steps: [restricted], turnOf: on }];
      }
      if (!whose) {
        this.note(at, `"${this.slice(at)}": the engine cannot tell whose turn that is here — write "during your next turn" or "during your opponent's next turn", or name the card's side ("target unit an opponent controls")`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      const text = `at the beginning of ${whose === "your" ? "your" : "your opponent's"} next turn`;
      return [{ op: "delayed", at: { event: "phase_start", subject: { kind: "player", who: "any" }, phase: first.name, whose, text }, steps: [restricted] }];
    }
    return [{ op: "modify", on, rules, duration: this.duration(clause) }];
  }

  /**
   * Whose "next turn" a restriction names: "your" (the ability's controller) or "opponent". "their" / "its controller's"
   * is the restricted card's controller, known only when the card's side is ("target unit an opponent controls", a card
   * chosen among yours, this card); undefined otherwise.
   */
  nextTurnOf(written: string, on: Affected): "your" | "opponent" | undefined {
    if (written === "your next turn") return "your";
    if (/^(your|an|the) opponent's next turn$/.test(written)) return "opponent";
    if (!/^(their|its controller's|his or her) next turn$/.test(written)) return undefined;
    const side = (selector: CardSelector | undefined) => (selector?.controller === "you" ? ("your" as const) : selector?.controller === "opponent" ? ("opponent" as const) : undefined);
    if (on.kind === "card" && on.ref.kind === "self") return "your";
    if (on.kind === "target") return side(this.targets[on.index]?.cards);
    if (on.kind === "card" && on.ref.kind === "target") return side(this.targets[on.ref.index]?.cards);
    if (on.kind === "card" && on.ref.kind === "chosen") {
      const label = on.ref.label;
      return side(this.chosenSelectors.get(label));
    }
    if (on.kind === "cards") return side(on.selector);
    return undefined;
  }

  /**
   * A player restriction by a one-time effect (IR step `player_rule`) for as long as the text says: "this turn", "until end
   * of turn", "until your next turn", or "next turn" (that player's next turn). With none written it would last for ever,
   * which a printed card means by a static ("Players can't draw cards." on a unit): a note at the words.
   */
  playerRuleSteps(clause: Ast.Clause): Step[] {
    const found = playerRule(clause, this);
    if (!found) return [{ op: "rule", rule: "unsupported" }];
    const duration: Duration = found.nextTurn ? { kind: "end_of_turn" } : this.duration(clause);
    if (duration.kind === "permanent") {
      this.note(clause.range, `a restriction made by a one-time effect lasts as long as its text says: write how long ("... this turn", "... until your next turn", "... next turn"), or put it on a card in play as a static: "${this.slice(clause.range)}"`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // "Players can't gain life this turn.": each player (a bare plural, as a static says it).
    const everyone = clause.subject && lifePlayers(clause.subject) === "any" && npDeterminers(clause.subject).length === 0;
    if (everyone) this.use(clause.subject);
    const who: PlayersRef = everyone ? { kind: "each_player" } : this.subjectPlayers(clause.subject);
    return [{ op: "player_rule", rule: found.rule, who, ...(found.cards ? { cards: found.cards } : {}), duration, ...(found.nextTurn ? { nextTurn: true as const } : {}) }];
  }

  /**
   * "until you have six cards in hand" / "until they have ... in their hand" on a draw or discard: the hand size it stops
   * at and whose hand. The player must be the one drawing (else undefined: the condition is a note).
   */
  untilHandSize(clause: Ast.Clause): { who: PlayerRef; size: NumberExpr } | undefined {
    const until = clause.tail.find((t) => t.kind === "condition" && t.word === "until") as Ast.ConditionPhrase | undefined;
    if (!until) return undefined;
    const c = until.clause;
    const count = npCount(c.object);
    const inPrep = c.object?.filters.find((f) => f.kind === "prep" && f.prep === "in") as Ast.PrepPhrase | undefined;
    const handZone = this.vocab.zoneOfRole("hand");
    const inHand = inPrep && npWords(inPrep.object).length === 1 && lookup(this.vocab.zones, npWords(inPrep.object)[0]!) === handZone;
    const dets = npDeterminers(c.subject);
    // "you" after "Draw ..."; "they" after a player subject ("Each player draws cards until they have ..."): the drawer.
    const you = !clause.subject || (npWords(clause.subject).length === 0 && npDeterminers(clause.subject).every((d) => d === "you"));
    const pronoun = npWords(c.subject).length === 0 && dets.length === 1 ? dets[0] : undefined;
    const drawer = you && pronoun === "you" ? "you" : !you && clause.subject && isPlayerPhrase(clause.subject) && pronoun === "they" ? "acting" : undefined;
    const cards = npWords(c.object).every((w) => w === "card" || w === "cards");
    const have = c.verb?.lemma === "have" || c.verb?.lemma === "has";
    if (!have || !count || count.value === undefined || !inHand || !cards || !drawer || c.tail.length) return undefined;
    this.use(until, c, inPrep);
    return { who: { kind: drawer }, size: Math.abs(count.value) };
  }

  /**
   * The card that deals the damage ("this deals", "it deals" — this card or the event's —, "the blocking creature
   * deals", "target creature deals"): one card; null for several ("each creature deals ...": not run).
   */
  damageSource(subject: Ast.NounPhrase): CardRef | null {
    const read = this.affected(subject);
    if (read.kind === "card") return read.ref;
    if (read.kind === "target" && this.targets[read.index]?.accepts === "card") return { kind: "target", index: read.index };
    return null;
  }

  /**
   * "Prevent the next 3 damage that would be dealt to target creature this turn." · "Prevent all combat damage that would be
   * dealt this turn." · "Prevent all damage that would be dealt by target creature this turn." · "Prevent all damage that
   * target creature would deal this turn.": a prevention that lasts as long as the text says (IR step `prevent`). With no
   * duration written it would last for ever: a note at the words.
   */
  preventSteps(clause: Ast.Clause): Step[] {
    const obj = clause.object;
    const relative = obj?.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && f.that);
    const rel = relative?.clause;
    const words = npWords(obj);
    const dets = npDeterminers(obj);
    const next = words[0] === "next" && dets.length === 1 && dets[0] === "the";
    const count = npCount(obj);
    const damageWords = words.filter((w) => w !== "next");
    // "that would be dealt [to X] [by Y]" (passive) or "that X would deal [to Y]" (active: X deals it).
    const passive = !!rel?.be && !rel.subject;
    const active = !rel?.be && !!rel?.subject && !rel.object;
    const shape =
      obj && rel && obj.filters.length === 1 && !obj.also?.length && !clause.subject && !clause.modal && rel.modal?.lemma === "would" && rel.verb?.lemma === "deal" && (passive || active) &&
      damageWords.includes("damage") && damageWords.every((w) => w === "damage" || w === "combat") && (next ? count !== undefined && !count.variable : dets.length === 1 && dets[0] === "all" && !count);
    const tail = rel ? withTimingSplitOff([...rel.tail, ...clause.tail], this) : [];
    const to = tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "to");
    const by = active ? rel!.subject : tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "by")?.object;
    const others = tail.filter((t) => t !== to && !(t.kind === "prep" && t.prep === "by" && !active) && !(t.kind === "timing" && t.which === "this") && !isDurationPhrase(t));
    if (!shape || others.length || to?.object.also?.length || (by && by.also?.length)) {
      this.note(clause.range, `the engine prevents damage for a while written "Prevent all [combat] damage that would be dealt [to <cards or players>] [by <cards>] this turn." or "Prevent the next N damage that would be dealt to <card or player> this turn.": "${this.slice(clause.range)}"`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    const duration = this.duration({ ...clause, tail });
    if (duration.kind === "permanent") {
      this.note(clause.range, `a prevention made by a one-time effect lasts as long as its text says: write how long ("... this turn", "... until your next turn"): "${this.slice(clause.range)}"`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    const toAffected = to ? this.affected(to.object) : undefined;
    const byAffected = by ? this.affected(by) : undefined;
    if (byAffected && byAffected.kind === "player") {
      this.note(by!.range, `"${this.slice(by!.range)}": the engine prevents damage by the cards that deal it; name a card ("by target creature", "by creatures your opponents control")`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // Three-Slot Duel's units fight by power: a fight destroys the weaker unit and deals it no damage to prevent.
    const toCards = toAffected && (toAffected.kind === "card" || toAffected.kind === "cards" || ((toAffected.kind === "target" || toAffected.kind === "targets") && this.targets[toAffected.kind === "target" ? toAffected.index : toAffected.indexes[0]!]?.accepts === "card"));
    if (damageWords.includes("combat") && toCards && this.vocab.game.params["combat_model"] === "fight") {
      this.note(clause.range, `in this game units fight by power: a fight destroys the weaker unit and deals it no combat damage, so "${this.slice(clause.range)}" would prevent nothing; prevent "damage" (a spell's) or combat damage to a player`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // The cards and players "to" and "by" name are marked by their own reading (affected): a qualifier it does not read
    // ("to target damaged creature", "to legendary creatures you control") is reported, not prevented for every card.
    this.use(clause.verb, obj!.determiners, rel!.modal, rel!.be, rel!.verb);
    this.useWords(obj, "next", "damage", "combat");
    const amount = next ? this.count(count) : "all";
    return [{ op: "prevent", amount, ...(toAffected ? { to: toAffected } : {}), ...(byAffected ? { by: byAffected } : {}), ...(damageWords.includes("combat") ? { combat: true } : {}), duration }];
  }

  /** A negated effect ("It doesn't renew ...") as a whole: a note with a form that runs, and no step. */
  negatedClause(clause: Ast.Clause, verb: string): Step[] {
    const skipped = this.skipNextReady(clause, verb);
    if (skipped) return skipped;
    const text = this.slice(clause.range);
    const keepsExhausted = (verb === "renew" || verb === "ready" || verb === "untap") && this.vocab.game.params["overexhaust_reading"] === "skip_next_renew";
    const suggestion = keepsExhausted
      ? `in this game "Overexhaust target creature." keeps a card exhausted through its controller's next Renew phase`
      : `write what happens instead, or a restriction the engine knows ("Target creature can't attack this turn.", "Prevent all damage that would be dealt to you this turn.")`;
    this.note(clause.range, `the engine does not run a negated effect "${text}": ${suggestion}`);
    return [{ op: "rule", rule: "unsupported" }];
  }

  /**
   * "It doesn't ready during its controller's next Beginning Phase." (Chromatic) · "Target creature doesn't renew during
   * its controller's next Renew phase." (CYBERVAMP) · "untap" in either: the cards are left as they are at the next
   * readying of the phase that readies its controller's cards (IR `skip_next_ready`). Undefined for any other shape.
   */
  skipNextReady(clause: Ast.Clause, verb: string): Step[] | undefined {
    if (verb !== "ready" && verb !== "renew" && verb !== "untap") return undefined;
    const readies = readyingPhase(this.vocab.game.phases);
    const during = clause.tail.length === 1 && clause.tail[0]!.kind === "prep" && clause.tail[0]!.prep === "during" ? clause.tail[0]!.object : undefined;
    if (!readies || !during || !clause.subject || clause.object || during.filters.length || during.also?.length) return undefined;
    const dets = npDeterminers(during);
    const words = npWords(during);
    const controllers = (dets.length === 1 && (dets[0] === "its" || dets[0] === "their") && words[0] === "controller's") || (dets.length === 0 && words[0] === "its" && words[1] === "controller's");
    const rest = words.slice(words.indexOf("controller's") + 1);
    if (!controllers || rest[0] !== "next") return undefined;
    const named = rest.slice(1).filter((w, i, all) => !(i === all.length - 1 && (w === "phase" || w === "step")));
    if (named.join(" ").replace(/-/g, " ") !== lower(readies).replace(/-/g, " ")) return undefined;
    const what = this.affected(clause.subject);
    if (what.kind === "player") return undefined;
    this.use(clause.verb, clause.tail[0]!);
    this.ledger.carry(clause.modal);
    // "They don't renew during their controller's next Renew phase": "their" (a possessor, read only when carried) is
    // each card's controller, as "its" is.
    this.ledger.carry(during.determiners);
    return [{ op: "skip_next_ready", what }];
  }

  /**
   * "Deal 1 damage to the enemy.", "… to all enemies.", "… to target enemy": "enemy" alone, where a player could be dealt
   * the damage, names no kind of card, and whether the opposing player is among them is a convention of other games (the Duel text says "toward the enemy" for the
   * opponent's side). The engine reads the opponent's cards, so the line says which is meant rather than guess.
   */
  noteBareEnemy(np: Ast.NounPhrase): void {
    const words = npWords(np);
    const word = words.find((w) => w === "enemy" || w === "enemies");
    if (!word || !words.every((w) => w === "enemy" || w === "enemies" || w === "other")) return;
    // The game's fighting card type (one with power or defense: Duel's Unit, a Creature), to name in the suggestion.
    const fighter = this.vocab.game.cardTypes.find((t) => t.permanent && t.requires.some((r) => ["power", "defense", "attack", "toughness"].includes(r)));
    const kind = fighter ? lower(fighter.name) : "card";
    const plural = word === "enemies";
    this.note(
      np.range,
      `"${word}" alone does not say whether the opposing player is meant: the engine would read it as ${plural ? "the cards" : "a card"} an opponent controls. ` +
        `Write "${plural ? `enemy ${kind}s` : `enemy ${kind}`}" for ${plural ? "their cards" : "one of their cards"}, "your opponent" for the player, or both ("each enemy ${kind} and your opponent")`,
    );
  }

  unsupported(clause: Ast.Clause): Step[] {
    const text = this.slice(clause.range);
    const verb = clause.verb?.lemma;
    // "Copy target spell.", "You may choose new targets for the copy.": a spell waiting on the response chain is never
    // copied, nor are its targets chosen again — said so, with the copies the engine makes.
    if (verb === "copy" && npWords(clause.object).some((w) => w === "spell" || w === "spells")) {
      this.note(clause.range, `the engine cannot copy a spell being played ("${text}"): it copies cards — "Create a token that's a copy of target creature.", "Put a copy of target creature into your hand."`);
    } else if (verb === "choose" && /\b(?:new|different) targets\b/i.test(text)) {
      this.note(clause.range, `the engine cannot choose a spell's or ability's targets again once they are chosen ("${text}")`);
    } else this.note(clause.range, `the engine cannot execute "${text}" yet`);
    return [{ op: "rule", rule: "unsupported" }];
  }

  /**
   * "..., deal 2 damage to its controller too." · "Your opponent draws a card too.": a last word `too` adds nothing the
   * steps do (as `also` before the verb): the clause without it, the word carried. Else the clause as written.
   */
  withoutTrailingToo(clause: Ast.Clause): Ast.Clause {
    const lastPrep = clause.tail[clause.tail.length - 1];
    const np = lastPrep?.kind === "prep" ? lastPrep.object : clause.tail.length === 0 ? clause.object : undefined;
    const last = np?.items[np.items.length - 1];
    if (!np || !last || last.kind !== "word" || lower(last.text) !== "too" || np.items.length < 2 || np.filters.some((f) => startOffset(f.range) > startOffset(last.range))) return clause;
    this.ledger.carry([last]);
    const shorter: Ast.NounPhrase = { ...np, items: np.items.slice(0, -1) };
    if (lastPrep?.kind === "prep") return { ...clause, tail: [...clause.tail.slice(0, -1), { ...lastPrep, object: shorter }] };
    return { ...clause, object: shorter };
  }

  /**
   * "Destroy each unit on your opponent's field.", "Deal 1 damage to every unit on your field.", "Put a power counter on
   * each unit on your field.": the grammar leaves "on <a zone of play>" in the clause's tail (an "on" phrase may be where a
   * thing is put), so the cards it says are on that field never got it — every unit was destroyed, with a CW6005 that did not
   * match what ran. Here the phrase goes back to the cards right before it (the object, or the object of the phrase before
   * it), as "for each unit on your field" reads it (sel.controller: who controls them). Not after the object of "put" /
   * "place" / "summon", where the phrase is where the card goes.
   */
  withPlaceOfPlayOnCards(clause: Ast.Clause): Ast.Clause {
    const battlefield = this.vocab.zoneOfRole("battlefield");
    if (!battlefield || !clause.tail.length) return clause;
    const destinationVerb = ["put", "place", "summon", "move", "play", "cast", "deploy"].includes(lower(clause.verb?.lemma ?? ""));
    const cardsNp = (np: Ast.NounPhrase | undefined): np is Ast.NounPhrase => !!np && !isPlayerPhrase(np) && !this.zoneIn(np) && npWords(np).length > 0 && !np.also?.length;
    let object = clause.object;
    const tail = [...clause.tail];
    let changed = false;
    for (let i = 0; i < tail.length; i++) {
      const t = tail[i]!;
      if (t.kind !== "prep" || t.prep !== "on") continue;
      const before = i === 0 ? undefined : tail[i - 1];
      const onObject = i === 0 && cardsNp(object) && !destinationVerb;
      const onBefore = !onObject && before?.kind === "prep" && before.prep !== "into" && before.prep !== "onto" && cardsNp(before.object);
      // Only then is the zone looked up (a zone under another game's name is said once it is read: zoneOfOtherName).
      if ((!onObject && !onBefore) || this.zoneIn(t.object) !== battlefield) continue;
      if (onObject) {
        object = { ...object!, filters: [...object!.filters, t], range: spanOf(object!.range, t.range) };
      } else if (before?.kind === "prep") {
        tail[i - 1] = { ...before, object: { ...before.object, filters: [...before.object.filters, t], range: spanOf(before.object.range, t.range) }, range: spanOf(before.range, t.range) };
      } else continue;
      tail.splice(i, 1);
      i--;
      changed = true;
    }
    return changed ? { ...clause, object, tail } : clause;
  }

  /** A clause's own steps; its verb is carried unless the clause could not be run. */
  clauseCore(written: Ast.Clause): Step[] {
    // "... and also gain Haste": `also` says the clause goes on with the subject before it, which the steps read.
    this.use(written.also);
    const clause = this.withPlaceOfPlayOnCards(this.withoutTrailingToo(written));
    const unordered = this.topOfUnorderedZone(clause);
    if (unordered) return unordered;
    const steps = this.clauseSteps(clause);
    if (!(steps.length === 1 && steps[0]!.op === "rule" && steps[0]!.rule === "unsupported")) this.use(clause.verb, clause.be);
    return steps;
  }

  /**
   * "Erase two cards.", "Your opponent erases a card.": cards erased with no zone named come from the eraser's own graveyard,
   * as the rules say ("Cards erased from your graveyard go here", a cost's "erase 2"), never from play. Sets the zone of
   * the pick or target `erase` made (a phrase naming a zone, or "unit" without "card", keeps its own reading).
   */
  erasedFromOwnGraveyard(target: Affected, obj: Ast.NounPhrase | undefined, clause: Ast.Clause): void {
    const graveyard = this.vocab.zoneOfRole("graveyard");
    if (!graveyard || !obj || !npWords(obj).some((w) => /^cards?$/.test(w))) return;
    const ref = target.kind === "card" ? target.ref : undefined;
    const picked = ref?.kind === "chosen" ? this.pending.find((s): s is Extract<Step, { op: "choose_cards" }> => s.op === "choose_cards" && s.label === ref.label)?.selector : undefined;
    const slots = target.kind === "target" ? [target.index] : target.kind === "targets" ? target.indexes : ref?.kind === "target" ? [ref.index] : [];
    const selectors = picked ? [picked] : slots.map((i) => this.targets[i]?.cards);
    if (selectors.length === 0 || selectors.some((selector) => !selector || selector.zones)) return;
    const eraser = clause.subject ? this.subjectPlayers(clause.subject) : { kind: "you" as const };
    // A pick is made as the effect resolves, by each player erasing ("acting"); a target is chosen before, from the
    // graveyard of a player known then (you, your opponent) or from any graveyard.
    const owner = eraser.kind === "you" ? "you" : eraser.kind === "opponent" ? "opponent" : picked ? "acting" : undefined;
    for (const selector of selectors) {
      selector!.zones = [graveyard];
      if (owner) selector!.owner = owner;
    }
  }

  /**
   * "the top card of their graveyard", "on top of your graveyard" where the zone keeps no order (the games' graveyards are
   * piles the rules never order): "top" names no card and no place, so it is CW6011 at its words with a form that runs,
   * never a guess of some card or every card.
   */
  topOfUnorderedZone(clause: Ast.Clause): Step[] | undefined {
    const phrases = [clause.subject, clause.object, ...clause.tail.map((t) => (t.kind === "prep" ? t.object : undefined))];
    for (const np of phrases) {
      const place = np?.items.find((i) => i.kind === "word" && /^(top|bottom)$/i.test(i.text));
      const of = np?.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "of");
      if (!np || !place || !of) continue;
      const zone = this.zoneIn(of.object);
      if (!zone || this.vocab.game.zones.find((z) => z.name === zone)?.ordered !== false) continue;
      const zoneText = this.slice(of.object.range);
      const count = npCount(np);
      // "the top two creature cards of your graveyard" → "two creature cards from your graveyard".
      const kind = np.items.filter((i) => i.kind === "word" && i !== place).map((i) => this.slice(i.range)).join(" ");
      const many = count?.value !== undefined && count.value > 1 ? count.text : indefiniteArticle(kind);
      const suggestion = npWords(np).some((w) => /^cards?$/.test(w)) ? `${many} ${kind} from ${zoneText}` : `into ${zoneText}`;
      const words = this.slice(np.range);
      const args = { game: this.vocab.game.name, zone, words, suggestion };
      this.notes.push({ file: this.file, range: plainRange(np.range), code: "CW6011", args, message: `${zone} keeps no order: "${words}" names nothing` });
      // The clause does not run and this note says so: its other words are not dropped in silence (no CW6005 besides).
      this.ledger.carry(clause);
      return [{ op: "rule", rule: "unsupported" }];
    }
    return undefined;
  }

  /**
   * "You get a temporary Red Facet.", "Gain 2 temporary Blue Facets.", "Target player receives a temporary Green Facet.":
   * Facets of that colour kept for the turn, as a Spell's one selected ability grants one (Chromatic 9, 20): not Facet
   * Zone cards, never readying one, lost at the End Phase. Only in a game with a Facet Zone; undefined for anything else.
   */
  temporaryFacetSteps(clause: Ast.Clause, verb: string): Step[] | undefined {
    const obj = clause.object;
    if (!obj || !["get", "gain", "receive", "add"].includes(verb) || typeof this.vocab.game.params["facet_zone"] !== "string" || obj.filters.length || clause.tail.length) return undefined;
    if (clause.subject && !isPlayerPhrase(clause.subject)) return undefined;
    const words = npWords(obj);
    const colors = words.map((w) => lookup(this.vocab.colors, w)).filter((c): c is string => c !== undefined);
    if (!words.includes("temporary") || !words.some((w) => w === "facet" || w === "facets") || colors.length !== 1 || words.length !== 3) return undefined;
    this.use(obj.items);
    this.useDeterminers(obj, "a", "an");
    return [{ op: "rule", rule: "grant_temporary_facet", amount: this.amountOf(obj, 1), who: this.subjectPlayers(clause.subject), color: colors[0]! }];
  }

  /**
   * What "pay <price>" pays in cost symbols, in a game whose costs are paid by symbols (CYBERVAMP's lands): `{2}`, `{B}{B}`,
   * "2 Gold" (a resource the game gives a symbol: `symbol {G} = Gold`), "1 Red" / "1 Red Blood" (a colour and, after it,
   * one word that names nothing else of the game — the rules text's name for the coloured resource). Undefined for any
   * other price (life, a pooled resource); a resource or colour without a symbol, or "N Blood" with no colour, is a note.
   */
  symbolPrice(np: Ast.NounPhrase): CostPart[] | undefined {
    if (!paysCostSymbols(this.vocab.game)) return undefined;
    const items = np.items;
    if (items.length > 0 && items.every((i) => i.kind === "symbol") && np.determiners.length === 0 && !np.filters.length) {
      this.use(items);
      return (items as Ast.SymbolNode[]).map((sym) => ({ pays: "symbol", symbol: sym.symbol, amount: 1, ...(/^\d+$/.test(sym.symbol) ? { generic: true, amount: Number(sym.symbol) } : {}) }) as CostPart);
    }
    if (np.filters.length) return undefined;
    const words = items.filter((i): i is Ast.WordNode => i.kind === "word");
    const symbols = this.vocab.game.symbols ?? {};
    const symbolOf = (meaning: (m: { color?: string; resource?: string }) => boolean) => Object.keys(symbols).find((k) => meaning(symbols[k]!));
    const resource = words.length === 1 ? lookup(this.vocab.resources, words[0]!.text) : undefined;
    const color = words.length >= 1 && words.length <= 2 ? lookup(this.vocab.colors, words[0]!.text) : undefined;
    // "Red Blood": the word after the colour must name nothing of the game (not "Red creatures", "Red Gold").
    const named = (w: string) => [this.vocab.cardTypes, this.vocab.subtypes, this.vocab.zones, this.vocab.resources, this.vocab.counters, this.vocab.colors].some((m) => lookup(m, w) !== undefined) || this.vocab.keywords.has(lower(w));
    if (color && words.length === 2 && (named(words[1]!.text) || words[1]!.text.toLowerCase() === "life")) return undefined;
    const symbol = resource ? symbolOf((m) => m.resource === resource) : color ? symbolOf((m) => m.color === color) : undefined;
    if (!symbol) return undefined;
    const amount = this.amountOf(np, 1);
    if (typeof amount !== "number" || amount < 1) return undefined;
    this.use(words);
    // As the symbols are written on a cost line ("{G}{G}": one part each), so "2 Gold" reads back as "{G}{G}".
    return Array.from({ length: amount }, () => ({ pays: "symbol", symbol, amount: 1 }) as CostPart);
  }

  /** Prices in cost symbols this game reads, for a note: `"unless its controller pays {2}", "... pays 2 Gold", "... pays 1 Red"`. */
  symbolExamples(): string {
    const symbols = this.vocab.game.symbols ?? {};
    const resource = Object.values(symbols).find((m) => m.resource)?.resource;
    const color = Object.values(symbols).find((m) => m.color)?.color;
    return [`"unless its controller pays {2}"`, resource ? `"unless its controller pays 2 ${resource}"` : "", color ? `"unless its controller pays 1 ${color}"` : ""].filter(Boolean).join(", ");
  }

  /** "you may pay {B}": the condition that the paying player can pay it now (`can_pay`); undefined for any other step. */
  symbolsPaid(steps: Step[]): Condition | undefined {
    const [only] = steps;
    return steps.length === 1 && only?.op === "pay" ? { kind: "can_pay", who: only.who, cost: only.cost } : undefined;
  }

  /** "pay 2 life" (lowered as losing it): the condition that the paying player has it to pay; undefined for anything else. */
  lifePaid(clause: Ast.Clause, steps: Step[]): Condition | undefined {
    const verb = clause.verb?.lemma;
    const [only] = steps;
    if ((verb !== "pay" && verb !== "pays") || steps.length !== 1 || only?.op !== "lose_life" || only.upTo) return undefined;
    const who = only.who;
    if (who.kind === "each_player" || who.kind === "each_opponent" || who.kind === "acting") return undefined;
    const toZero = this.vocab.game.params["life_payment_may_reach_zero"] === true;
    const value: NumberExpr = toZero ? only.amount : typeof only.amount === "number" ? only.amount + 1 : { kind: "plus", of: only.amount, add: 1 };
    return { kind: "life_at_least", who: who as PlayerRef, value };
  }

  clauseSteps(clause: Ast.Clause): Step[] {
    // "Exchange control of two target creatures": "exchange" is no verb of the grammar, which reads "Exchange" as the
    // subject and "control" as the verb — the clause read as the verb "exchange" with "control of ..." as its object.
    const ofTail = clause.tail[0]?.kind === "prep" && clause.tail[0].prep === "of" ? clause.tail[0] : undefined;
    if (ofTail && clause.subject && !clause.subject.determiners.length && !clause.subject.filters.length && clause.subject.items.length === 1 && clause.subject.items[0]!.kind === "word" && npWords(clause.subject).join() === "exchange" && clause.verb?.lemma === "control" && !clause.object && !clause.modal && !clause.be && !clause.complement) {
      const exchange = clause.subject.items[0] as Ast.WordNode;
      const control: Ast.NounPhrase = { kind: "np", determiners: [], items: [clause.verb], filters: [ofTail], range: spanOf(clause.verb.range, ofTail.range) };
      return this.clauseSteps({ ...clause, subject: undefined, verb: { ...exchange, lemma: "exchange" }, object: control, tail: clause.tail.slice(1) });
    }
    // "Any number of target players each gain 2 life.": no fixed number of targets (noteAnyNumberOfTargets).
    // "Deal 1 damage to any number of target creatures.", "Return any number of target units ...": likewise, where no
    // damage is divided.
    const divides = clause.tail.some((t) => t.kind === "prep" && t.prep === "divided among");
    const anyNumber = [clause.subject, clause.object, ...clause.tail.map((t) => (t.kind === "prep" && t.prep !== "divided among" ? t.object : undefined))].find((np) => np && !(divides && np !== clause.subject) && this.noteAnyNumberOfTargets(np));
    if (anyNumber) {
      this.use(clause, clause.tail);
      // Its possessives too ("to their owners' hands"): the clause is not run, and said so once.
      for (const np of [clause.subject, clause.object, ...clause.tail.map((t) => (t.kind === "prep" ? t.object : undefined))]) if (np) this.ledger.carry(np.determiners, np.items);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // A content verb after a player subject is inflected ("Each opponent exhausts ..."): its base form is the verb.
    const verb = clause.verb ? (!clause.verb.keyword && /[^s]s$/.test(clause.verb.lemma) && clause.subject ? clause.verb.lemma.slice(0, -1) : clause.verb.lemma) : "";
    const verbWord = clause.verb?.text ?? "";
    const obj = clause.object;
    const prep = (name: string) => clause.tail.find((t) => t.kind === "prep" && t.prep === name) as Ast.PrepPhrase | undefined;
    const who = () => this.subjectPlayers(clause.subject);
    const subjectIsCard = () => clause.subject && (!isPlayerPhrase(clause.subject) || this.theyCards?.np === clause.subject);
    // "Target unit can't attack this turn.", "It can't block until your next turn.": a restriction for a while.
    if (clause.modal?.lemma === "can't" && (clause.verb || clause.be) && subjectIsCard()) return this.restrictionSteps(clause);
    // "Your opponent can't play Spells this turn.", "Target player can't attack next turn.": a player restriction for a while.
    if (clause.modal?.lemma === "can't" && clause.verb && clause.subject && isPlayerPhrase(clause.subject)) {
      // "They can't attack this turn." after cards ("Put a power counter on each unit you control."), with no players
      // before it "they" could name: the cards, which a player restriction would misread.
      const bareThey = npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "they";
      if (bareThey && !this.lastPlayers && !this.eventPlayer) {
        this.note(clause.range, `"they" here names no players (none are named before it), nor cards a step before it acted on and left where they were (a counter, a change, damage): name them ("Units you control can't attack this turn.", "It can't attack this turn."): "${this.slice(clause.range)}"`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      return this.playerRuleSteps(clause);
    }
    // "PLAY: It can attack this turn.", "Target unit can attack this turn.": the permission a unit just played lacks (the
    // static "This can attack the turn it enters play"), for the turn. Only with "this turn": a permission for ever is a static.
    if (clause.modal?.lemma === "can" && verb === "attack" && !obj && !clause.be && subjectIsCard() && clause.tail.length === 1 && clause.tail[0]!.kind === "timing" && clause.tail[0]!.which === "this" && !clause.tail[0]!.combat) {
      const subject = clause.subject!;
      const bareIt = npWords(subject).length === 0 && npDeterminers(subject).length === 1 && npDeterminers(subject)[0] === "it";
      if (bareIt && this.lastCard) this.use(subject);
      const on: Affected = bareIt && this.lastCard ? this.itAffected(this.lastCard) : this.affected(subject);
      this.use(clause.modal);
      return [{ op: "modify", on, rules: [{ rule: "ignores_summoning_sickness" }], duration: this.duration(clause) }];
    }
    // "It must attack this turn if able.": the attack requirement of the static "... each turn", for this turn.
    const requirement = attackRequirement(clause);
    if (requirement?.which === "this" && subjectIsCard()) {
      if (requirement.combat && !combatPhase(this.vocab.game.phases)) {
        this.note(clause.range, `"${this.slice(clause.range)}": this game has no combat phase (its attacks happen in the ${this.vocab.game.phases.find((p) => !p.auto)?.name ?? "main"} phase) — write "this turn"`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      const subject = clause.subject!;
      const bareIt = npWords(subject).length === 0 && npDeterminers(subject).length === 1 && npDeterminers(subject)[0] === "it";
      if (bareIt && this.lastCard) this.use(subject);
      const on: Affected = bareIt && this.lastCard ? this.itAffected(this.lastCard) : this.affected(subject);
      this.use(clause.modal, clause.verb, ...clause.tail);
      return [{ op: "modify", on, rules: [{ rule: "must_attack" }], duration: { kind: "end_of_turn" } }];
    }
    // "Target unit you control can attack twice this turn.": one attack more this turn (as the static "... each turn").
    if (clause.modal?.lemma === "can" && verb === "attack" && attacksTwice(clause) === "this" && !clause.be && subjectIsCard()) {
      if (this.vocab.game.params["combat_model"] === "damage") {
        this.note(clause.range, `"${this.slice(clause.range)}": in this game attackers are declared once in a combat, one combat a turn; the engine has no second attack to allow${weaponAttacksNote(this.vocab.game)}`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      this.use(clause.modal, clause.verb);
      this.ledger.carry(clause.object);
      return [{ op: "modify", on: this.affected(clause.subject!), rules: [{ rule: "extra_attacks" }], duration: { kind: "end_of_turn" } }];
    }
    // "It doesn't renew during ...", "Target player doesn't lose life this turn": a negated effect is nothing the engine
    // runs; its verb must never run the other way round.
    if (clause.modal?.lemma === "doesn't") return this.negatedClause(clause, verb);
    // A verb that acts on a card, with no object: the subject is that card — passive ("Target creature is destroyed") or
    // a change of state ("It renews at the end of the turn"). A subject is never dropped for "this" (the default only
    // an imperative without an object has); any other subject with no object is not read.
    if (!obj && clause.subject && ACTS_ON_A_CARD.has(verb)) {
      if (subjectIsCard() && (clause.be || STATE_VERBS.has(verb))) {
        this.use(clause.be);
        return this.clauseSteps({ ...clause, subject: undefined, be: undefined, object: clause.subject, verb: { ...clause.verb!, lemma: verb } });
      }
      return this.unsupported(clause);
    }
    // A keyword action of the game ("Scry 1", "Summon a Unit ...", "Erase target card ...").
    const keyword = this.vocab.keywords.get(lower(verbWord)) ?? this.vocab.keywords.get(verb) ?? this.vocab.keywords.get(singular(verbWord));
    if (keyword && keyword.kind === "action" && !["draw", "discard", "destroy", "sacrifice"].includes(verb)) {
      if (keyword.rule === "put_onto_field_free" || keyword.rule === "put_into_play_from_discard_pile") return this.summonSteps(obj, clause);
      if (keyword.rule === "move_to_oblivion") {
        // "Erase target card from a Graveyard": the keyword action itself, so "Whenever you erase a card" fires.
        const target = this.pickOrAffected(obj, clause);
        this.erasedFromOwnGraveyard(target, obj, clause);
        return [{ op: "keyword_action", keyword: keyword.name, amount: this.amountOf(obj, 1), who: who(), target }];
      }
      // "Mill 3 cards.", "Target player mills 2 cards.": the value with the noun it counts, for a keyword whose value is a
      // number of cards; after any other keyword ("Spark 2 cards") "cards" stays unread (CW6005), never a card phrase.
      const dets = npDeterminers(obj);
      const equalTo = obj?.filters.length === 1 && obj.filters[0]!.kind === "equalTo" && !npCount(obj) && npWords(obj).join(" ") === "cards";
      // "Target opponent mills cards equal to the number of creatures you control.": the value the phrase counts.
      if (obj && equalTo && countsCards(keyword)) {
        this.useWords(obj, "cards");
        return [{ op: "keyword_action", keyword: keyword.name, amount: this.amountOf(obj, 1), who: who() }];
      }
      const counted = obj && npWords(obj).length === 1 && !obj.filters.length && (npCount(obj) ? /^cards?$/.test(npWords(obj)[0]!) : npWords(obj)[0] === "card" && dets.length === 1 && (dets[0] === "a" || dets[0] === "an"));
      if (obj && counted) {
        if (!countsCards(keyword)) return [{ op: "keyword_action", keyword: keyword.name, amount: this.amountOf({ ...obj, items: obj.items.filter((i) => i.kind !== "word") }, 1), who: who() }];
        this.useWords(obj, "card", "cards");
        this.useDeterminers(obj, "a", "an");
        return [{ op: "keyword_action", keyword: keyword.name, amount: npCount(obj) ? this.amountOf({ ...obj, items: obj.items.filter((i) => i.kind !== "word") }, 1) : 1, who: who() }];
      }
      // "Bounce target creature", "Silence target creature": the keyword acts on a card phrase — for as long as the clause
      // says when the keyword's rule is a lasting modifier ("Pacify target creature until end of turn").
      if (obj && !isPlayerPhrase(obj) && npWords(obj).length > 0) {
        const target = this.affected(obj);
        const duration = keyword.rule && (RULES_WITH_DURATION as readonly string[]).includes(keyword.rule) ? this.duration(clause) : undefined;
        return [{ op: "keyword_action", keyword: keyword.name, amount: 1, who: who(), target, ...(duration && duration.kind !== "permanent" ? { duration } : {}) }];
      }
      const amount = this.amountOf(obj ?? undefined, 1);
      return [{ op: "keyword_action", keyword: keyword.name, amount, who: who() }];
    }
    // "Make target unit a defender.": the object becomes the complement ("Target unit becomes a defender.").
    if (verb === "make" && clause.complement && obj && !clause.subject) {
      this.use(clause.verb);
      return this.clauseSteps({ ...clause, subject: obj, verb: { ...clause.verb!, text: "becomes", lemma: "become" }, object: clause.complement, complement: undefined });
    }
    // "Target unit becomes a defender.", "This unit becomes a defender." (Three-Slot Duel): as its controller's defend action would.
    if (verb === "become" && obj && npWords(obj).length === 1 && /^defenders?$/.test(npWords(obj)[0]!) && !npCount(obj) && subjectIsCard()) {
      if (!hasDefenders(this.vocab.game.params)) {
        this.note(clause.range, `"${this.slice(clause.range)}": this game has no defenders (units do not block by becoming defenders)`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      this.use(obj);
      return [{ op: "rule", rule: "make_defender", target: this.affected(clause.subject) }];
    }
    // "Send target unit to Oblivion.", "Send it to its owner's Graveyard." (the Duel text's own word: "destroyed and sent to
    // the graveyard"): put into that zone.
    if (verb === "send" && obj && !clause.subject) {
      const to = prep("to");
      if (to && this.zoneIn(to.object)) return this.clauseSteps({ ...clause, verb: { ...clause.verb!, text: "put", lemma: "put" }, tail: clause.tail.map((t) => (t === to ? { ...to, prep: "into" } : t)) });
    }
    // "Exile target unit.", "Banish a card from your Graveyard." — other games' verb for removing a card for good: put into
    // this game's zone of removed cards (Three-Slot Duel's Oblivion, Chromatic's Shatter Zone), and said (CW6012) with the
    // game's own words to write. A game with no such zone (CYBERVAMP) cannot run it.
    // "Remove target creature from the game." is the same removal, in the words CYBERVAMP uses of tokens ("removed from the
    // game entirely").
    const isTheGame = (f: Ast.TailItem | Ast.NounFilter): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "from" && npWords(f.object).join(" ") === "game" && npDeterminers(f.object).join(" ") === "the" && !f.object.filters.length;
    const fromGame = verb === "remove" && obj && !clause.subject ? (obj.filters.find(isTheGame) ?? clause.tail.find(isTheGame)) : undefined;
    const removedFromGame = !!fromGame;
    if (((verb === "exile" || verb === "banish") || removedFromGame) && obj && !clause.subject && !prep("to") && !prep("into")) {
      const zone = this.vocab.zoneOfRole("removed");
      const what = this.slice(obj.range).replace(/\s+from the game$/i, "");
      if (!zone) {
        // CYBERVAMP: no zone of removed cards ("If a token leaves play ..., it is removed from the game entirely" is its only
        // removal) — said with what runs instead, never guessed.
        const inPlay = !obj.filters.some((f) => f.kind === "prep" && f.prep === "from" && f !== fromGame);
        // "Exile the top card of your deck": cards of a deck are not destroyed ("Destroy the top card ..." runs nothing);
        // they can be put into the graveyard (a mill written out).
        const ofDeck = /\b(top|bottom)\b/i.test(what) || /\bdecks?\b/i.test(what);
        const instead = ofDeck ? `write "Put ${what} into its owner's ${this.graveyardName()}.", or ` : inPlay ? `write "Destroy ${what}." or "Put ${what} into its owner's ${this.graveyardName()}.", or ` : "";
        this.note(clause.range, `"${this.slice(clause.range)}": ${this.vocab.game.name} has no zone for cards removed from the game (its game file declares none; its text removes only a token leaving play) — ${instead}declare one in the game file (\`zone Exile public\`)`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      if (fromGame) this.use(fromGame);
      if (zone) {
        const words = removedFromGame ? this.slice(spanOf(clause.verb!.range, fromGame!.range)) : this.slice(clause.verb!.range);
        const args = { words, game: this.vocab.game.name, role: "removed-cards zone", zone, suggestion: `Put ${what} into its owner's ${zone}` };
        this.notes.push({ file: this.file, range: plainRange(clause.verb!.range), code: "CW6012", args, message: `"${words}" is putting into the ${zone} in ${this.vocab.game.name}` });
        const core: Ast.NounPhrase = fromGame && obj.filters.includes(fromGame as Ast.NounFilter) ? { ...obj, filters: obj.filters.filter((f) => f !== fromGame) } : obj;
        return [{ op: "move", what: this.pickOrAffected(core), to: zone }];
      }
    }
    // "This unit fights target enemy unit.", "Target unit you control fights target unit an opponent controls." (a game
    // whose units fight by power): the two fight as in an attack, no attack made (combat.ts, native rule `fight`).
    if (verb === "fight" && obj && subjectIsCard() && !isPlayerPhrase(obj) && !clause.tail.length) {
      if (this.vocab.game.params["combat_model"] !== "fight") {
        this.note(clause.range, `"${this.slice(clause.range)}": in this game creatures do not fight (combat is attackers, blockers and damage); write the damage each deals`);
        return [{ op: "rule", rule: "unsupported" }];
      }
      const from = this.damageSource(clause.subject!);
      if (!from) return this.unsupported(clause);
      return [{ op: "rule", rule: "fight", from, target: this.affected(obj) }];
    }
    const statSet = this.statSetSteps(clause, verb);
    if (statSet) return statSet;
    const temporaryFacets = this.temporaryFacetSteps(clause, verb);
    if (temporaryFacets) return temporaryFacets;
    // "You may pay {B}", "unless its controller pays 2 Gold": cost symbols paid as the game pays a card's cost (its lands).
    if (verb === "pay" && obj) {
      const cost = this.symbolPrice(obj);
      if (cost) {
        // The clause's subject acts (`acting`: "its controller", or each player in turn); "each player" named directly pays one by one.
        const payer = who();
        if (payer.kind === "each_player" || payer.kind === "each_opponent") return this.unsupported(clause);
        return [{ op: "pay", who: payer as PlayerRef, cost }];
      }
      // "You may pay 1 Blood": a number of something that is no colour, resource or symbol of the game. In CYBERVAMP every
      // Blood is a faction's colour and a generic cost is paid by any Blood or by Gold — which lands pay an uncoloured
      // "Blood" the rules text never says (read as {1}, Gold would pay it): said, not guessed.
      const noun = npWords(obj);
      if (paysCostSymbols(this.vocab.game) && noun.length === 1 && npCount(obj) && !obj.filters.length && noun[0] !== "life" && !/^(cards?|counters?)$/.test(noun[0]!) && lookup(this.vocab.resources, noun[0]!) === undefined && lookup(this.vocab.colors, noun[0]!) === undefined && this.vocab.colors.size > 0) {
        this.note(clause.range, `"${this.slice(obj.range)}" names no colour or resource of this game, so which payments it takes is not said: write a colour ("pay {${Object.keys(this.vocab.game.symbols ?? {}).find((k) => this.vocab.game.symbols?.[k]?.color)?.replace(/[{}]/g, "") ?? "R"}}", "pay 1 ${[...this.vocab.colors.values()][0]}"), ${Object.values(this.vocab.game.symbols ?? {}).some((m) => m.resource) ? `a resource ("pay 1 ${Object.values(this.vocab.game.symbols ?? {}).find((m) => m.resource)!.resource}"), ` : ""}or a generic cost ("pay {1}")`);
        return [{ op: "rule", rule: "unsupported" }];
      }
    }
    // "You may pay 2 life": paying life is losing it (the `may` asks only a player who has it: lifePaid).
    if (verb === "pay" && clause.modal?.lemma === "may" && obj && npWords(obj).length === 1 && npWords(obj)[0] === "life") return this.clauseSteps({ ...clause, verb: { ...clause.verb!, text: "lose", lemma: "lose" } });
    switch (verb) {
      case "deal": {
        const to = prep("to");
        const divided = prep("divided among");
        if (divided && !to && !this.replacingDamage) return this.dividedDamage(clause, obj, divided);
        // Inside a replacement of damage: "it is dealt to this instead", "it deals that damage to this instead" — the damage
        // being replaced, dealt to another card or player (a redirection).
        if (this.replacingDamage && to) {
          const it = (np: Ast.NounPhrase | undefined) => !!np && npWords(np).length === 0 && npDeterminers(np).length === 1 && npDeterminers(np)[0] === "it";
          const thatDamage = (np: Ast.NounPhrase | undefined) => !!np && npWords(np).join(" ") === "damage" && npDeterminers(np).join(" ") === "that" && !npCount(np);
          if ((clause.be && !obj && it(clause.subject)) || (!clause.be && thatDamage(obj) && (!clause.subject || it(clause.subject)))) {
            this.use(clause.subject, obj, clause.be);
            return [{ op: "damage", amount: { kind: "event_amount" }, to: this.affected(to.object) }];
          }
        }
        const from = clause.subject && !isPlayerPhrase(clause.subject) ? this.damageSource(clause.subject) : undefined;
        if (from === null) return this.unsupported(clause);
        if (to) this.noteBareEnemy(to.object);
        // After the source: "its power" in "Target creature you control deals damage equal to its power" is that creature's.
        if (from) this.lastCard = from;
        // "Deal damage to target creature equal to its power": the amount written after the recipient is the damage's,
        // and "its" is the recipient (named first).
        const trailing = to && obj && !npCount(obj) && !obj.filters.some((f) => f.kind === "equalTo") ? to.object.filters.find((f): f is Ast.EqualToFilter => f.kind === "equalTo") : undefined;
        const recipientNp = (): Ast.NounPhrase => {
          if (!trailing) return to!.object;
          const kept = to!.object.filters.filter((f) => f !== trailing);
          const last = [...to!.object.determiners, ...to!.object.items, ...kept].sort((a, b) => startOffset(a.range) - startOffset(b.range)).at(-1);
          return { ...to!.object, filters: kept, range: last ? spanOf(to!.object.range, last.range) : to!.object.range };
        };
        // "Deal damage to each opponent equal to the number of cards in their hand": the players dealt damage are who
        // "their" names (each in turn), as a player subject would be ("Each opponent loses life equal to ...").
        const amountNp = trailing ?? obj;
        if (to && amountNp && !this.antecedent && isPlayerPhrase(recipientNp()) && /\b(?:their|they|them)\b/i.test(this.slice(amountNp.range))) {
          this.antecedent = { subject: recipientNp() };
          const amount = this.amountOf(trailing ? { ...obj!, filters: [...obj!.filters, trailing] } : obj, 1);
          this.useWords(obj, "damage");
          const steps = this.perPlayer([{ op: "damage", amount, to: { kind: "player", ref: { kind: "acting" } }, ...(from ? { from } : {}) }], this.source(clause.range));
          this.antecedent = undefined;
          return steps;
        }
        if (trailing) {
          const recipient = this.affected(recipientNp());
          const amount = this.amountOf({ ...obj!, filters: [...obj!.filters, trailing] }, 1);
          this.useWords(obj, "damage");
          return [{ op: "damage", amount, to: recipient, ...(from ? { from } : {}) }];
        }
        const namedBefore = this.lastCard;
        const amount = this.amountOf(obj, 1);
        this.useWords(obj, "damage");
        const recipient = this.affected(to?.object);
        // "Deal damage equal to its attack to target creature" on a spell: with no card named before and no event, "its"
        // is the recipient's (the one card named after it) — the spell itself has no stats (read so, it was 0). On a
        // permanent "its" is the permanent's own, as everywhere.
        // Not after a clause that took a card ("Sacrifice a unit. Deal damage equal to its power to target unit."): "its" is that card.
        const its = !namedBefore && !from && !this.trigger && !this.took && this.own && !this.own.permanent ? oneCardOf(recipient) : undefined;
        // After a sentence of its own that named a card ("Destroy target unit you control. Deal damage equal to its power to
        // target enemy unit."), "its" is that card: the sentence goes on with the one before (`unmeasured`), where it is named.
        if (its && mentionsIt(amount)) this.unmeasured.push(obj!.range);
        return [{ op: "damage", amount: its ? itIs(amount, its) : amount, to: recipient, ...(from ? { from } : {}) }];
      }
      case "draw": {
        this.useWords(obj, "card", "cards");
        // "At the start of your turn, draw an additional card." / "Whenever you draw a card, ... draw an additional card":
        // the trigger's draw is the one in addition (to the turn's draw, to the card drawn). Elsewhere "additional" is unread.
        if (this.trigger?.event === "phase_start" || this.trigger?.event === "draw") this.useWords(obj, "additional");
        // "If you control a Vampire, draw another card.": one card more than drawn before, i.e. one card.
        if (!npCount(obj) && npDeterminers(obj).includes("another")) this.useDeterminers(obj, "another");
        // "Draw cards until you have six cards in hand": as many as the hand is short of six.
        const until = this.untilHandSize(clause);
        if (until) return [{ op: "draw", who: who(), amount: { kind: "short_of", target: until.size, have: { kind: "hand_size", of: until.who } } }];
        return [{ op: "draw", who: who(), amount: this.amountOf(obj, 1), ...this.upToCount(obj) }];
      }
      case "discard": {
        if (obj && npDeterminers(obj).includes("this")) return this.unsupported(clause);
        // "Discard your hand", "Each player discards their hand": every card in it.
        const handZone = this.vocab.zoneOfRole("hand");
        const ownHand = obj && npWords(obj).length === 1 && handZone !== undefined && lookup(this.vocab.zones, npWords(obj)[0]!) === handZone && !npCount(obj);
        if (ownHand) {
          const dets = npDeterminers(obj);
          const who = this.subjectPlayers(clause.subject);
          const whose: PlayerRef | undefined = dets.includes("their") ? this.theirs(obj) : dets.includes("your") && who.kind === "you" ? { kind: "you" } : undefined;
          if (!whose) return this.unsupported(clause);
          this.use(obj);
          this.carryOwner(obj);
          return [{ op: "discard", who, amount: { kind: "hand_size", of: whose } }];
        }
        // "Discard cards until you have two cards in hand": down to two.
        const until = this.untilHandSize(clause);
        if (until) {
          this.useWords(obj, "card", "cards");
          return [{ op: "discard", who: who(), amount: { kind: "short_of", target: { kind: "hand_size", of: until.who }, have: until.size } }];
        }
        // "Whenever you draw a card, you may discard that card." / "... discard it": the card drawn, if it is still in hand.
        if (obj && this.trigger?.event === "draw" && this.trigger.subject.kind === "player" && !clause.tail.length && !npCount(obj)) {
          const dets = npDeterminers(obj).join(" ");
          const words = npWords(obj);
          if ((isItPronoun(obj) && dets === "it") || (dets === "that" && words.length === 1 && (words[0] === "card" || this.trigger.object?.kind === "card") && !obj.filters.length)) {
            this.use(obj);
            return [{ op: "discard", who: who(), amount: 1, card: { kind: "event_card" } }];
          }
        }
        // "You choose a creature card from it. They discard that card.": the card chosen from their hand (chooseFromLookedHand).
        if (obj && this.lastCard?.kind === "chosen" && this.chosenFromHand.has(this.lastCard.label) && !clause.tail.length && !npCount(obj) && (isItPronoun(obj) || (npDeterminers(obj).join(" ") === "that" && !obj.filters.length))) {
          const ref = this.lastCard;
          // "that card": the card chosen; another word ("that legendary card") is no part of it — reported.
          this.use(obj.determiners);
          this.useSelfNouns(obj);
          return [{ op: "discard", who: who(), amount: 1, card: ref }];
        }
        const random = clause.tail.some((t) => t.kind === "prep" && t.prep === "at");
        this.use(clause.tail.filter((t) => t.kind === "prep" && t.prep === "at"));
        // "Each opponent discards a card from their hand", "Discard a card from your hand": the hand discarding is from.
        const fromHand = [...(obj?.filters ?? []), ...clause.tail].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "from");
        const discarder = who();
        // "their own": the discarding player's (the engine asks the player who discards, as "a card" means).
        const theirOwn = (dets: string[]) => (dets.includes("your") && discarder.kind === "you") || (dets.includes("their") && discarder.kind !== "you");
        if (fromHand && handZone && npWords(fromHand.object).length === 1 && lookup(this.vocab.zones, npWords(fromHand.object)[0]!) === handZone) {
          if (theirOwn(npDeterminers(fromHand.object))) {
            this.use(fromHand);
            this.carryOwner(fromHand);
          }
        }
        // "Target opponent discards a creature card of your choice.": you choose it from their hand (as "Target opponent
        // reveals their hand. You choose a creature card from it. They discard that card." does), then they discard it.
        const yourChoice = obj?.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "of" && npWords(f.object).join(" ") === "choice" && npDeterminers(f.object).join(" ") === "your");
        const oneDiscarder = discarder.kind === "acting" && this.antecedent ? this.antecedentPlayers() : discarder;
        const holder = discarder.kind === "each_player" || discarder.kind === "each_opponent" ? undefined : discarder;
        if (obj && yourChoice && handZone && holder && (oneDiscarder.kind === "target" || oneDiscarder.kind === "opponent") && !npCount(obj) && npDeterminers(obj).every((d) => d === "a" || d === "an") && !random) {
          const card: Ast.NounPhrase = { ...obj, filters: obj.filters.filter((f) => f !== yourChoice && f !== fromHand) };
          const selector = this.selector(card);
          if (!selector.zones && !selector.controller && !selector.owner) {
            this.use(yourChoice);
            this.useDeterminers(obj, "a", "an");
            this.useWords(obj, "card");
            const label = `pick${this.chooseCounter++}`;
            const whole: CardSelector = { ...selector, zones: [handZone], controllerIs: holder };
            this.chosenSelectors.set(label, whole);
            this.chosenFromHand.add(label);
            this.lastCard = { kind: "chosen", label };
            return [
              { op: "choose_cards", chooser: { kind: "you" }, selector: whole, min: 1, max: 1, label, prompt: `choose ${this.slice(card.range)}` },
              { op: "discard", who: discarder, amount: 1, card: { kind: "chosen", label } },
            ];
          }
        }
        this.useOwnChoice(obj, discarder);
        this.useWords(obj, "card", "cards");
        const upTo = npDeterminers(obj).includes("up to");
        if (upTo) this.useDeterminers(obj, "up to");
        // "Discard a creature card", "Each opponent discards a Spell": only a card of that kind (none in hand: nothing).
        const filter = obj ? this.discardFilter(obj) : undefined;
        return [{ op: "discard", who: discarder, amount: this.amountOf(obj, 1), ...(filter ? { filter } : {}), ...(random ? { random } : {}), ...(upTo ? { upTo } : {}) }];
      }
      case "gain":
      case "lose": {
        const words = npWords(obj);
        const controlOf = words.includes("control") ? (obj!.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined) : undefined;
        if (controlOf && verb === "gain") {
          this.useWords(obj, "control");
          return [{ op: "gain_control", what: this.pickOrAffected(controlOf.object), who: clause.subject ? this.onePlayer(who(), clause.subject.range) : { kind: "you" }, duration: this.controlDuration(clause) }];
        }
        const counted = (words.includes("counter") || words.includes("counters")) && words.some((w) => lookup(this.vocab.counters, w));
        // "Target creature loses all abilities until end of turn.": the engine's rule remove_all_abilities, a lasting modifier
        // for the duration — as the game's keyword action naming that rule where it has one (Chromatic's Silence: "Silence
        // target creature until end of turn"), else as the rule itself (Three-Slot Duel): one rule, one modifier.
        if (verb === "lose" && subjectIsCard() && obj && words.join(" ") === "abilities" && !obj.filters.length && npDeterminers(obj).every((d) => d === "all" || d === "its" || d === "their") && npDeterminers(obj).includes("all") && !npCount(obj)) {
          const silence = [...this.vocab.keywords.values()].find((k) => k.kind === "action" && k.rule === "remove_all_abilities");
          this.use(obj);
          const duration = this.duration(clause);
          const lasting = duration.kind !== "permanent" ? { duration } : {};
          if (silence) return [{ op: "keyword_action", keyword: silence.name, amount: 1, who: who(), target: this.affected(clause.subject), ...lasting }];
          return [{ op: "rule", rule: "remove_all_abilities", target: this.affected(clause.subject), ...lasting }];
        }
        if (subjectIsCard() && !counted) {
          // "Another allied unit loses 1 power", "Target creature gains +1 attack": a stat change.
          const stats = this.statChange(obj);
          if (stats) return [{ op: "modify", on: this.affected(clause.subject), stats: verb === "lose" ? negateStats(stats) : stats, duration: this.duration(clause) }];
          // "Target creature gains Flying until end of turn." · "Target creature loses Flying until end of turn." — a keyword
          // lost whatever gave it (printed, granted); "loses Bleed 2" (one amount of a counted keyword) has no reading.
          const keywords = this.keywordList(obj);
          if (keywords.length === 0 || (verb === "lose" && keywords.some((k) => k.amount !== undefined))) return this.unsupported(clause);
          if (verb === "lose") return [{ op: "modify", on: this.affected(clause.subject), loses: keywords.map((k) => k.name), duration: this.duration(clause) }];
          return [{ op: "modify", on: this.affected(clause.subject), keywords, duration: this.duration(clause) }];
        }
        // In a replacement, an amount alone names what the event gives ("If you would gain Bleed counters, gain that many
        // minus one instead": Bleed counters; "If you would gain life, gain one more instead": life).
        const named = words.some((w) => w === "life" || w === "counter" || w === "counters" || lookup(this.vocab.counters, w));
        const implied = !named && obj && words.every((w) => AMOUNT_ONLY_WORDS.has(w)) ? this.replacedNoun : undefined;
        if (words.includes("life") || (implied && "life" in implied)) {
          this.useWords(obj, "life");
          return [{ op: verb === "gain" ? "gain_life" : "lose_life", who: who(), amount: this.amountOf(obj, 1), ...this.upToCount(obj) }];
        }
        if (implied && "counter" in implied && verb === "gain") {
          const amount = this.amountOf(obj, 1);
          return [{ op: "add_counters", counter: implied.counter, amount, on: { kind: "player", ref: who() } }];
        }
        const counter = words.find((w) => lookup(this.vocab.counters, w));
        if (counter && (words.includes("counter") || words.includes("counters"))) {
          this.use(obj!.items.filter((i) => i.kind === "word"));
          // "Target unit loses all power counters.", "Target player loses a Bleed counter.": a card's or a player's.
          const on: Affected = subjectIsCard() ? this.affected(clause.subject) : { kind: "player", ref: who() };
          const counted = this.counterCount(obj!);
          const all = verb === "lose" && npDeterminers(counted).includes("all") && !npCount(counted);
          if (all) this.useDeterminers(obj, "all");
          return [{ op: verb === "gain" ? "add_counters" : "remove_counters", counter: lookup(this.vocab.counters, counter)!, amount: all ? "all" : this.amountOf(counted, 1), on, ...(all ? {} : this.upToCount(counted)) } as Step];
        }
        const resource = words.map((w) => lookup(this.vocab.resources, w)).find(Boolean);
        if (resource && !this.keepsPools()) {
          // CYBERVAMP's Gold: no pool to fill or empty ("You pay costs by exhausting your lands"): a gain would pay nothing.
          this.note(clause.range, `"${this.slice(clause.range)}": ${this.vocab.game.name} keeps no pool of ${resource} — costs are paid by exhausting lands as they are paid (\`param costs_paid_by = exhausting_lands\`), so ${resource} ${verb === "gain" ? "gained" : "lost"} would change nothing any cost reads; only a land that produces ${resource} gives it`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        if (resource) {
          this.use(obj!.items.filter((i) => i.kind === "word" && lookup(this.vocab.resources, i.text)));
          const players = who();
          // "Your opponent loses all Armor", "Each player loses all Armor": as much as that player has (it was 99: a guess).
          if (verb !== "gain" && obj && npDeterminers(obj).includes("all") && !npCount(obj)) {
            this.useDeterminers(obj, "all");
            if (players.kind === "each_player" || players.kind === "each_opponent")
              return [{ op: "per_player", who: players, steps: [{ op: "lose_resource", who: { kind: "acting" }, resource, amount: { kind: "resource", of: { kind: "acting" }, resource } }] }];
            return [{ op: "lose_resource", who: players, resource, amount: { kind: "resource", of: players, resource } }];
          }
          return [{ op: verb === "gain" ? "gain_resource" : "lose_resource", who: players, resource, amount: this.amountOf(obj, 1) }];
        }
        return this.unsupported(clause);
      }
      case "put": {
        const words = npWords(obj);
        if (this.lookedZone && obj && !words.includes("counter") && !words.includes("counters")) {
          const placed = this.placeLooked(obj, clause);
          if (placed) return [placed];
        }
        if (words.includes("counter") || words.includes("counters")) {
          // "+1/+1 counters": one counter of each stat the pair raises, in a game whose stats have counters.
          const pair = this.statPairCounters(obj!);
          if (pair) {
            const on = this.affected(prep("on")?.object);
            const amount = this.amountOf(pair.counted, 1);
            // "Put up to two +1/+1 counters": one number for the pair, not one per stat — not run (CW6005 at "up to").
            return pair.counters.map((counter) => ({ op: "add_counters", counter, amount, on }) as Step);
          }
          // A counter the game declares ("a power counter"); "+1/+1 counters" in a game without them is not run
          // (in a game of one stat, CW6008 says which stat to name).
          const counter = words.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
          const stats = obj!.items.find((i): i is Ast.StatsNode => i.kind === "stats");
          if (!counter && stats) this.statPairFits(stats);
          if (!counter) return this.unsupported(clause);
          this.use(obj!.items.filter((i) => i.kind !== "count"));
          this.useDeterminers(obj, "a", "an");
          const counted = this.counterCount(obj!);
          return [{ op: "add_counters", counter, amount: this.amountOf(counted, 1), on: this.affected(prep("on")?.object), ...this.upToCount(counted) }];
        }
        const into = prep("into") ?? prep("onto") ?? prep("on");
        const zone = into ? this.zoneIn(into.object) : undefined;
        // "Put a copy of target unit into your hand": a new card of its definition there (IR `copy`).
        if (zone && this.copiedPhrase(obj, false) && zone !== this.vocab.zoneOfRole("battlefield")) {
          const copy = this.copyStep(obj, clause, { zone, place: into!.object });
          if (copy) return [copy];
        }
        // "Each player puts the top two cards of their deck into their Graveyard", "Put the top card of your deck into your Graveyard".
        if (zone && obj && words.includes("top") && !this.lookedZone) {
          const top = this.topOfZone(obj);
          this.lookedZone = undefined;
          if (top) {
            // Each player moves the top of their own zone into their own zone ("Put the top two cards of target player's deck into
            // their Graveyard"): a deck and a place of different players is not this step.
            if (top.owner === null) return [{ op: "rule", rule: "unsupported" }];
            const byPlayer = clause.subject && isPlayerPhrase(clause.subject);
            const players: PlayersRef = byPlayer ? who() : (top.owner ?? { kind: "you" });
            const to = this.zoneOwnerOf(into!.object);
            if (to === null) return [{ op: "rule", rule: "unsupported" }];
            const resolved = (ref: PlayersRef) => JSON.stringify(ref.kind === "acting" && this.antecedent ? this.antecedentPlayers() : ref);
            const theirs = (ref: PlayersRef | undefined) => ref === undefined || resolved(ref) === resolved(players);
            if (!theirs(top.owner) || !(to?.kind === "owner_of" || theirs(to))) {
              this.note(clause.range, `the engine moves the top cards of a player's own ${top.zone} into that player's own ${zone}; write "Each player puts the top two cards of their ${lower(top.zone)} into their ${lower(zone)}" or "Put the top card of your ${lower(top.zone)} into your ${lower(zone)}"`);
              return [{ op: "rule", rule: "unsupported" }];
            }
            this.useZoneWords(into!.object);
            return [{ op: "move_top", who: players, zone: top.zone, amount: top.amount, to: zone }];
          }
        }
        if (zone) {
          if (!this.destination(into!.object, clause) || !this.intoPlayUnder(zone, into!.object, clause)) return [{ op: "rule", rule: "unsupported" }];
          return this.foundGoes(this.intoOwnersZone([{ op: "move", what: this.pickOrAffected(obj), to: zone }], into!.object, clause));
        }
        // "on the bottom of its owner's deck" / "on top of your deck": the zone is in the "of" phrase.
        const placeWords = npWords(into?.object);
        const of = into?.object.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
        const ofZone = of ? this.zoneIn(of.object) : undefined;
        const position = placeWords.includes("bottom") ? "bottom" : placeWords.includes("top") ? "top" : undefined;
        if (ofZone && position) {
          this.use(into!.object.items, into!.object.determiners, into!.object.filters.filter((f) => f !== of));
          if (!this.destination(of!.object, clause)) return [{ op: "rule", rule: "unsupported" }];
          return this.intoOwnersZone([{ op: "move", what: this.pickOrAffected(obj), to: ofZone, position }], of!.object, clause);
        }
        return this.unsupported(clause);
      }
      case "get": {
        // "X gets +2 power until end of turn" / static "Other units you control get +1 power".
        const stats = this.statChange(obj);
        // A stat change needs cards: with no subject ("..., get +1/+0") it would be read as the player's, who has no stats.
        if (!stats || !clause.subject || !subjectIsCard()) return this.unsupported(clause);
        // "gets +1/+1 and Flying" (a keyword joined after the change: withSharedVerbs).
        const keywords = obj?.also?.length ? this.keywordList({ ...obj, items: [], also: obj.also }) : [];
        if (keywords.length) this.use(GIFT_LISTS.get(obj!));
        return [{ op: "modify", on: this.affected(clause.subject), stats, ...(keywords.length ? { keywords } : {}), duration: this.duration(clause) }];
      }
      case "have": {
        // "Target unit has +2 power until end of turn", "It has Flying until end of turn": as "gets" / "gains".
        if (!clause.subject || !subjectIsCard()) return this.unsupported(clause);
        const stats = this.statChange(obj);
        if (stats) return [{ op: "modify", on: this.affected(clause.subject), stats, duration: this.duration(clause) }];
        const keywords = this.keywordList(obj);
        if (keywords.length) return [{ op: "modify", on: this.affected(clause.subject), keywords, duration: this.duration(clause) }];
        return this.unsupported(clause);
      }
      case "destroy":
        return [{ op: "destroy", what: this.pickOrAffected(obj) }];
      case "sacrifice": {
        if (obj && npDeterminers(obj).includes("this")) {
          this.use(obj);
          return [{ op: "sacrifice_self" }];
        }
        const sacrificer = who();
        this.useOwnChoice(obj, sacrificer);
        return [{ op: "sacrifice", who: sacrificer, selector: obj ? this.selector(obj) : {}, amount: this.amountOf(obj, 1) }];
      }
      case "return": {
        const to = prep("to");
        // "Return target creature card from your Discard Pile to play": play is the battlefield, as in "into play".
        const zone = this.zoneIn(to?.object);
        if (!zone) return this.unsupported(clause);
        if (!this.destination(to!.object, clause) || !this.intoPlayUnder(zone, to!.object, clause)) return [{ op: "rule", rule: "unsupported" }];
        const what = this.pickOrAffected(obj, clause);
        const from = this.referenceFrom(what, obj, clause);
        if (from === null) return [{ op: "rule", rule: "unsupported" }];
        // "Return target creature to its owner's hand. That player discards a card.": the owner named is who "that player"
        // and "they" mean next, as a possessive of another verb's zone is (zoneOwnerOf) — the owner of the card returned.
        const moved = what.kind === "card" ? what.ref : what.kind === "target" ? { kind: "target" as const, index: what.index } : undefined;
        // A target named by the player who controls it ("target creature an opponent controls"): that player — the sentence's
        // own player, its last controller — not the owner (after a steal the caster discarded, or the stolen card itself).
        if (moved && (moved.kind === "target" || moved.kind === "chosen") && isOwnersZone(to!.object)) this.lastPlayers = { kind: this.controllerNamedOf(moved) ? "controller_of" : "owner_of", of: moved };
        return this.foundGoes(this.intoOwnersZone([{ op: "move", what, to: zone, ...(from ? { from } : {}) }], to!.object, clause));
      }
      case "search": {
        // "Search your deck for a Unit card, reveal it, put it into your hand, then shuffle."
        const zoneWords = npWords(obj).filter((w) => possessiveStem(w) === undefined);
        const zone = lookup(this.vocab.zones, zoneWords.join(" ")) ?? this.vocab.zoneOfRole("deck") ?? "Deck";
        const forPrep = prep("for");
        const searcher = this.subjectPlayers(clause.subject);
        // Whose zone: "Search target opponent's deck for a card" — you search theirs.
        const whose = this.zoneOwnerOf(obj);
        if (whose === null) return [{ op: "rule", rule: "unsupported" }];
        const selector = forPrep ? this.selector(forPrep.object) : {};
        this.useZoneWords(obj);
        this.useDeterminers(forPrep?.object, "a", "an");
        if (searcher.kind === "each_player" || searcher.kind === "each_opponent") return this.unsupported(clause);
        const owner = whose ? this.onePlayer(whose, obj!.range) : searcher;
        // Revealed only when the text says so ("..., reveal it, ..."): the reveal clause after it marks the search.
        return [{ op: "search", who: searcher, ...(JSON.stringify(owner) === JSON.stringify(searcher) ? {} : { owner }), zone, selector: { ...selector, zones: [zone] }, to: this.vocab.zoneOfRole("hand") ?? "Hand", amount: 1 }];
      }
      case "reveal": {
        // "Reveal the top N cards of your deck" looks (and shows); "reveal it" only shows a card already chosen.
        const top = this.topOfZone(obj);
        // "reveal it" after a search: the search reveals what it finds (its `reveal`), shown in the trace.
        if (!top && this.lastSearch && npDeterminers(obj).some((d) => d === "it" || d === "they")) {
          this.use(obj);
          this.lastSearch.reveal = true;
          return [];
        }
        const hand = top ? undefined : this.wholeHand(obj);
        if (hand) return this.lookTop(hand, clause, true);
        return top ? this.lookTop(top, clause, true) : this.unsupported(clause);
      }
      case "look": {
        const top = this.topOfZone(prep("at")?.object) ?? this.wholeHand(prep("at")?.object);
        return top ? this.lookTop(top, clause, false) : this.unsupported(clause);
      }
      case "shuffle": {
        // "shuffle it into its owner's deck": the card goes into the deck, which is shuffled.
        const into = prep("into");
        const zone = into ? this.zoneIn(into.object) : undefined;
        if (obj && into) {
          if (!zone) return this.unsupported(clause);
          // "Shuffle your graveyard into your deck", "Target player shuffles their discard pile into their main deck": every
          // card of that player's zone.
          const whole = this.wholeZone(obj);
          if (!this.destination(into.object, clause)) return [{ op: "rule", rule: "unsupported" }];
          return this.intoOwnersZone([{ op: "move", what: whole ?? this.pickOrAffected(obj), to: zone, position: "shuffle" }], into.object, clause);
        }
        const named = obj ? this.zoneIn(obj) : undefined;
        if (obj && !named) return this.unsupported(clause);
        // "Shuffle target player's deck", "Each player shuffles their deck": that player's deck.
        const whose = this.zoneOwnerOf(obj);
        if (whose === null) return [{ op: "rule", rule: "unsupported" }];
        this.useZoneWords(obj);
        const shuffler = who();
        const resolved = (ref: PlayersRef) => JSON.stringify(ref.kind === "acting" && this.antecedent ? this.antecedentPlayers() : ref);
        if (whose && clause.subject && resolved(whose) !== resolved(shuffler)) {
          this.note(obj!.range, `the engine shuffles a player's own deck: write "Shuffle ${this.slice(obj!.range)}" or "<player> shuffles their deck"`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        return [{ op: "shuffle", who: whose ?? shuffler, zone: named ?? this.vocab.zoneOfRole("deck") ?? "Deck" }];
      }
      case "create":
        return this.createTokenSteps(obj, clause);
      case "exchange": {
        // "Exchange control of two target creatures", "... of target unit you control and target unit an opponent controls":
        // the two cards swap controllers (IR exchange_control; was CW6001). Two target slots, no more, no fewer.
        const controlOf = npWords(obj).join(" ") === "control" ? (obj!.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined) : undefined;
        if (!controlOf || clause.subject || obj!.filters.length !== 1) return this.unsupported(clause);
        const noted = this.notes.length;
        // "of target creature you control and target creature an opponent controls": a target of each phrase, both chosen.
        const parts = flattenAlso(controlOf.object).map((part) => ({ ...part, also: undefined }));
        const picked = parts.length === 2 ? parts.map((part) => this.affected(part)) : undefined;
        const what: Affected = picked ? (picked.every((a) => a.kind === "target") ? { kind: "targets", indexes: picked.map((a) => (a as { index: number }).index) } : { kind: "targets", indexes: [] }) : this.pickOrAffected(controlOf.object);
        const slots = what.kind === "targets" ? what.indexes : [];
        this.use(clause.verb);
        this.useWords(obj, "control");
        if (slots.length !== 2 || slots.some((i) => this.targets[i]?.accepts !== "card" || this.targets[i]!.min !== 1)) {
          // Two phrases joined by "and" ("of target creature you control and target creature an opponent controls") are
          // lowered one by one: not read yet.
          if (this.notes.length === noted) this.note(controlOf.object.range, `the engine exchanges control of two target cards, both chosen: write "Exchange control of two target ${lower(npWords(parts[0]!).slice(-1)[0] ?? "creatures").replace(/([^s])$/, "$1s")}." or "Exchange control of target ${lower(npWords(parts[0]!).slice(-1)[0] ?? "creature").replace(/s$/, "")} you control and target ${lower(npWords(parts[0]!).slice(-1)[0] ?? "creature").replace(/s$/, "")} an opponent controls."`);
          this.use(controlOf);
          return [{ op: "rule", rule: "unsupported" }];
        }
        this.use(controlOf);
        return [{ op: "exchange_control", what, duration: this.duration(clause) }];
      }
      case "take": {
        // "Take control of target creature until end of turn": "Gain control of ...".
        const controlOf = npWords(obj).includes("control") ? (obj!.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined) : undefined;
        if (controlOf && !clause.subject) {
          this.useWords(obj, "control");
          return [{ op: "gain_control", what: this.pickOrAffected(controlOf.object), who: { kind: "you" }, duration: this.controlDuration(clause) }];
        }
        // "that player takes damage equal to their Bleed counters" · "Target creature takes 2 damage" (a card is dealt it).
        if (!npWords(obj).includes("damage")) return this.unsupported(clause);
        this.useWords(obj, "damage");
        if (subjectIsCard()) return [{ op: "damage", amount: this.amountOf(obj, 1), to: this.affected(clause.subject) }];
        return [{ op: "damage", amount: this.amountOf(obj, 1), to: { kind: "player", ref: who() } }];
      }
      case "move": {
        // "Move all power counters from target unit you control onto another target unit you control." · "Move all Bleed
        // counters from you to target opponent." · "Move a +1 power counter from this onto target unit.": the counters the first card has (up to the number written) leave it, and
        // as many as left are put on the other — "Remove ... from A, then put that many ... on B" (the count removed this
        // way, THIS_WAY_LABELS.remove). One kind of counter, from one card or player, onto one.
        const words = npWords(obj);
        const counter = words.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
        const from = (obj?.filters.find((f) => f.kind === "prep" && f.prep === "from") as Ast.PrepPhrase | undefined) ?? prep("from");
        const onto = (obj?.filters.find((f) => f.kind === "prep" && (f.prep === "onto" || f.prep === "on" || f.prep === "to")) as Ast.PrepPhrase | undefined) ?? prep("onto") ?? prep("on") ?? prep("to");
        if (obj && !counter && from && onto && words.some((w) => /^counters?$/.test(w))) {
          this.note(clause.range, `"${this.slice(obj.range)}" names no kind of counter: the engine moves counters of one kind ("Move all ${this.vocab.counters.values().next().value ?? "power"} counters from target creature onto another target creature")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        if (!obj || !counter || !from || !onto || clause.subject || !words.some((w) => /^counters?$/.test(w))) return this.unsupported(clause);
        const source = this.affected(from.object);
        const dest = this.affected(onto.object);
        const one = (a: Affected) => a.kind === "target" || a.kind === "card" || (a.kind === "player" && a.ref.kind !== "each_player" && a.ref.kind !== "each_opponent");
        if (!one(source) || !one(dest)) {
          this.note(clause.range, `"${this.slice(clause.range)}": the engine moves counters from one card onto one other card ("Move all power counters from target unit you control onto another target unit you control.")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        // "Move all Bleed counters from you to target opponent.": a kind the game puts on players moves between players, one
        // put on cards between cards.
        const onPlayers = this.vocab.game.counters.find((c) => c.name === counter)?.on === "player";
        const holds = (a: Affected) => (onPlayers ? a.kind === "player" : a.kind !== "player");
        if (!holds(source) || !holds(dest)) {
          this.note(clause.range, `${counter} counters are put on ${onPlayers ? "players" : "cards"}: "${this.slice(clause.range)}" moves them ${onPlayers ? "to or from a card" : "to or from a player"}`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        this.use(obj.items, obj.determiners.filter((d) => !(d.kind === "determiner" && d.lemma === "up to")), clause.verb);
        const upTo = npDeterminers(obj).includes("all") ? {} : this.upToCount(obj);
        return [
          { op: "remove_counters", counter, amount: npDeterminers(obj).includes("all") ? "all" : this.amountOf(obj, 1), on: source, ...upTo },
          { op: "add_counters", counter, amount: { kind: "chosen_count", label: THIS_WAY_LABELS.remove }, on: dest },
        ];
      }
      case "remove": {
        // "Remove all Bleed counters from target player" · "removes all their Bleed counters"
        const words = npWords(obj);
        const counter = words.map((w) => lookup(this.vocab.counters, w)).find(Boolean);
        const all = npDeterminers(obj).includes("all");
        // "Remove all counters from target creature": every kind of counter on it (no kind named).
        const everyKind = !counter && all && words.join(" ") === "counters" && !npCount(obj) && this.vocab.counters.size > 0;
        if (!counter && !everyKind && obj && /^counters?$/.test(words.join(" "))) {
          this.note(clause.range, `"${this.slice(obj.range)}" names no kind of counter: the engine removes a number of one kind ("Remove two power counters from target creature") or all of them ("Remove all counters from target creature")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        if ((!counter && !everyKind) || !obj) return this.unsupported(clause);
        const from = (obj.filters.find((f) => f.kind === "prep" && f.prep === "from") as Ast.PrepPhrase | undefined) ?? prep("from");
        // The counters' words and their number only: "Remove all again Bleed counters", "Remove each all Bleed counters" checked
        // clean with the word dropped (the word-insertion sweep of session 41).
        const counterWord = (i: Ast.NounItem) => i.kind === "count" || (i.kind === "word" && (/^counters?$/i.test(i.text) || !!lookup(this.vocab.counters, lower(i.text))));
        this.use(obj.items.filter(counterWord), obj.determiners.filter((d) => !(d.kind === "determiner" && ["up to", "each", "every", "any", "another", "other", "both", "either"].includes(d.lemma))));
        const upTo = all ? {} : this.upToCount(obj);
        const on: Affected = from ? this.affected(from.object) : npDeterminers(obj).includes("their") && !clause.subject ? { kind: "player", ref: this.theirs(obj) ?? { kind: "you" } } : { kind: "player", ref: who() };
        // "that player removes all their Bleed counters": their own (the subject's); "You remove all their ..." is not read.
        if (!from && !(on.kind === "player" && on.ref.kind === "you")) this.carryOwner(obj);
        return [{ op: "remove_counters", ...(counter ? { counter } : {}), amount: all ? "all" : this.amountOf(obj, 1), on, ...upTo }];
      }
      // "tap" / "untap": the words of other card games for exhaust and ready (renew), run as those.
      case "exhaust":
      case "overexhaust":
      case "tap":
        return [{ op: "exhaust", what: this.pickOrAffected(obj), ...(verb === "overexhaust" ? { over: true } : {}) }];
      case "renew":
      case "ready":
      case "untap":
        return [{ op: "ready", what: this.pickOrAffected(obj) }];
      case "counter": {
        // "Counter target spell.": any spell on the stack. Another word ("target activated ability", "target creature
        // spell", "target spell an opponent controls") would be dropped — the target would be any spell: said at the words.
        const spellAt = obj ? obj.items.findLastIndex((i) => i.kind === "word" && lower(i.text) === "spell") : -1;
        // "Counter target activated ability." / "Counter target ability.": why no ability can be countered in this game.
        if (obj && /\babilit/i.test(this.slice(obj.range))) {
          const model = String(this.vocab.game.params["response_model"] ?? "instant");
          const written = this.slice(obj.range);
          // "Counter target activated ability." where activating passes priority (the ability waits on the chain): that
          // ability, its card standing for it as the target (selector `activating`).
          if (model !== "instant" && /^target activated ability$/i.test(written.trim()) && !obj.filters.length && !obj.also?.length) {
            this.use(obj);
            this.useDeterminers(obj, "target");
            const countered: CardRef = { kind: "target", index: this.addTarget({ accepts: "card", cards: { activating: true }, min: 1, max: 1, text: written }) };
            return [{ op: "counter_spell", what: countered, ability: true }];
          }
          const triggered = /\btriggered\b/i.test(written);
          const why =
            model === "instant"
              ? `in ${this.vocab.game.name} nothing waits to be countered (\`param response_model = instant\`): every spell and ability resolves as it is played`
              : model === "chain" && triggered
                ? `in ${this.vocab.game.name} a triggered ability never waits to be countered (\`param response_model = chain\`): triggered abilities resolve as chains, with no priority between them`
                : `the engine cannot counter an ability yet (in ${this.vocab.game.name} an activated ability${model === "stack" ? " and a triggered one wait" : " waits"} for priority, but only a spell is a target a counter can take)`;
          this.note(clause.range, `"${written}": ${why}; the engine counters a spell ("Counter target spell.")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        if (!obj || spellAt < 0 || obj.also?.length || !npDeterminers(obj).includes("target") || /\babilit/i.test(this.slice(obj.range))) {
          this.note(clause.range, `the engine counters "target spell" only — a spell being played, which the rest of the phrase may narrow ("target Red spell", "target spell an opponent controls", "target spell with cost 2 or less"): "${this.slice(obj?.range ?? clause.range)}" ${/\babilit/i.test(this.slice(obj?.range ?? clause.range)) ? "is an ability, which the engine cannot counter" : "names no spell"} (write "Counter target spell.")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        // "target creature spell", "target Red spell", "target spell an opponent controls", "... with cost 2 or less": the
        // rest of the phrase narrows which spells may be targeted (checked as it is chosen and again as it resolves: a spell
        // that no longer matches makes the counter fizzle). "spell" is a card being played, no card type of its own beside
        // another card word ("creature spell"); alone it is any card being played, as ever.
        const rest: Ast.NounPhrase = { ...obj, items: obj.items.filter((_, i) => i !== spellAt) };
        const narrowed = rest.items.some((i) => i.kind === "word") || obj.filters.length > 0;
        const cards: CardSelector = narrowed ? { ...this.fixedSelector(rest, "a target"), zones: ["(resolving)"] } : { zones: ["(resolving)"] };
        // A permanent type: a game that plays it straight into play (no response window) never has it as a spell anyone can
        // counter; one that passes priority for it (Chromatic's priority_actions) is not read yet — said, either way.
        const permanentType = (cards.cardTypes ?? []).find((t) => this.vocab.game.cardTypes.find((c) => c.name === t)?.permanent);
        if (permanentType) {
          const announced = String(this.vocab.game.params["priority_actions"] ?? "").toLowerCase().split(/\s+/).includes(permanentType.toLowerCase());
          this.note(clause.range, announced
            ? `the engine counters a spell of a non-permanent type only ("${this.slice(obj.range)}": a ${permanentType} being played is not countered by a filter yet): write "Counter target spell."`
            : `in this game a ${permanentType} enters play as it is played, with no window to respond in, so it is never a spell that can be countered ("${this.slice(obj.range)}"): the engine counters only a card that waits on the response chain ("Counter target spell.")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        // "Counter target spell with power 3 or more": a stat no card type that is played as a spell has (CYBERVAMP's power
        // and defense are the Creature's, and a Creature enters play as it is played) — no spell ever matches, so the
        // counter could never be played: said, with a filter spells have.
        const statless = cards.stat && !this.vocab.game.cardTypes.some((c) => !c.permanent && c.requires.includes(cards.stat!.name));
        if (statless) {
          const having = this.vocab.game.cardTypes.filter((c) => c.requires.includes(cards.stat!.name)).map((c) => c.name);
          this.note(clause.range, `no spell has ${cards.stat!.name} in this game${having.length ? ` (only ${having.join(" and ")} cards do, which enter play as they are played)` : ""}: "${this.slice(obj.range)}" never matches a spell being played, so this can never be played — narrow it by what spells have ("target spell with cost 2 or less", "target Red spell", "target spell an opponent controls")`);
          return [{ op: "rule", rule: "unsupported" }];
        }
        this.use(obj.items[spellAt]);
        if (!narrowed) this.use(obj);
        this.useDeterminers(obj, "target");
        const countered: CardRef = { kind: "target", index: this.addTarget({ accepts: "card", cards, min: 1, max: 1, text: this.slice(obj.range) }) };
        // "Counter target spell. Its controller gains 2 Bleed counters.": "it" is the spell countered.
        this.lastCard = countered;
        return [{ op: "counter_spell", what: countered }];
      }
      case "choose": {
        // "Target opponent reveals their hand. You choose a creature card from it.": a card of the hand looked at.
        const fromHand = this.chooseFromLookedHand(clause);
        if (fromHand) return fromHand;
        // "Choose a unit you control. Destroy it.": the choice is a step of its own; "it" after it is the chosen card
        // (a spell's sentence opening with "it" goes on with this one). Anything else ("choose a card from it",
        // a player, "each", "target") is CW6001 at the words.
        const pendingBefore = this.pending.length;
        const lastBefore = this.lastCard;
        const names = (np: Ast.NounPhrase) => npWords(np).length > 0 || !npDeterminers(np).some((d) => d === "it" || d === "them" || d === "they");
        const readable = !!obj && !clause.subject && !npWords(obj).some((w) => /^(player|opponent)s?$/.test(w)) && obj.filters.every((f) => f.kind !== "prep" || names(f.object));
        const picked = readable ? this.pickOrAffected(obj, clause) : undefined;
        // "Choose target creature. It gets +2/+0 until end of turn.": the target is chosen as the spell is played, as
        // "target creature" is anywhere; "it" after it is that target.
        const oneTarget = picked?.kind === "target" && this.lastCard?.kind === "target" && this.lastCard.index === picked.index;
        if ((picked?.kind === "card" && picked.ref.kind === "chosen") || oneTarget) {
          if (oneTarget) this.chosenTarget = this.lastCard;
          this.use(clause.verb);
          return [];
        }
        this.pending.length = pendingBefore;
        this.lastCard = lastBefore;
        return this.unsupported(clause);
      }
      case "give":
      case "gives":
        return this.giveSteps(clause);
      case "prevent":
        return this.preventSteps(clause);
      default: {
        // "it remains in play with 1 defense" / "it stays on the battlefield" (a replacement of its destruction).
        if (/^(remains?|stays?)$/.test(lower(verbWord))) return this.remainSteps(clause);
        // "The next spell you cast this turn costs 1 less.", "Spells you cast this turn cost 1 less."
        if (verb === "cost" && !clause.modal) return this.costChangeSteps(clause);
        return this.unsupported(clause);
      }
    }
  }

  /**
   * "The next spell you cast this turn costs 1 less.", "Spells you cast this turn cost 1 Crystal less.", "The next Unit you
   * play costs 1 more.": what playing cards costs, changed by a one-time effect (IR step `cost_change`) — the forms of the
   * static (lowerCostChange) with a duration, or with "the next", for the first such card played only (used up then; with
   * no duration it waits for it). It was CW6001 "cannot execute".
   */
  costChangeSteps(clause: Ast.Clause): Step[] {
    const subject = clause.subject;
    if (!subject) return this.unsupported(clause);
    const isNext = (text: string) => lower(text) === "next";
    const nextItem = subject.items.find((i) => i.kind === "word" && isNext(i.text));
    const nextDet = subject.determiners.find((d) => d.kind === "determiner" && isNext(d.lemma));
    const next = nextItem ?? nextDet;
    const the = next ? subject.determiners.find((d) => d.kind === "determiner" && d.lemma === "the") : undefined;
    // "you cast this turn": the duration may close the caster's clause ("The next spell you cast this turn ...").
    const relative = subject.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && !f.that);
    const inRelative = relative ? relative.clause.tail.filter(isDurationPhrase) : [];
    const durations = [...clause.tail.filter(isDurationPhrase), ...inRelative];
    const plainRelative = relative && inRelative.length ? { ...relative, clause: { ...relative.clause, tail: relative.clause.tail.filter((t) => !inRelative.includes(t)) } } : relative;
    const plain: Ast.NounPhrase = {
      ...subject,
      determiners: subject.determiners.filter((d) => d !== the && d !== nextDet),
      items: subject.items.filter((i) => i !== nextItem),
      filters: subject.filters.map((f) => (f === relative ? plainRelative! : f)),
    };
    if (!next && !durations.length) {
      this.note(clause.range, `a one-time effect changes what cards cost for a while: say how long ("${capitalized(this.slice(clause.range).replace(/\.$/, ""))} this turn.") or for which card ("The next spell you cast costs 1 less."); a permanent's own line "Spells you cast cost 1 less." changes it while the permanent is in play`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    const cost = lowerCostChange({ ...clause, subject: plain, tail: clause.tail.filter((t) => !isDurationPhrase(t)) }, undefined, this);
    if (!cost || "self" in cost.affects) {
      if (cost) this.note(subject.range, `"${this.slice(subject.range)}": a one-time effect changes the cost of the cards a player plays ("The next spell you cast this turn costs 1 less."), not this card's own`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    this.use(next, the, ...inRelative);
    const duration: Duration = durations.length ? this.duration({ ...clause, tail: durations }) : { kind: "permanent" };
    return [{ op: "cost_change", cost: { ...cost, affects: cost.affects }, ...(next ? { next: true as const } : {}), duration }];
  }

  /**
   * "Give an allied unit +1 power until end of turn", "Give target creature Flying": the object is
   * the card phrase, then (from the first number, stats or keyword) what it gets.
   */
  giveSteps(clause: Ast.Clause): Step[] {
    const obj = clause.object;
    if (!obj) return this.unsupported(clause);
    // "Give a unit you control +2 power": the object ended with its filter; what it gets is the complement.
    if (clause.complement) {
      const stats = this.statChange(clause.complement);
      const keywords = this.keywordList(clause.complement);
      this.use(GIFT_LISTS.get(clause.complement));
      if (!stats && keywords.length === 0) return this.unsupported(clause);
      return [{ op: "modify", on: this.affected(obj), ...(stats ? { stats } : {}), ...(keywords.length ? { keywords } : {}), duration: this.duration(clause) }];
    }
    const split = obj.items.findIndex((i) => i.kind === "count" || i.kind === "stats" || (i.kind === "word" && this.vocab.keywords.get(lower(i.text))?.kind === "ability"));
    if (split <= 0 && !(split === 0 && obj.determiners.length > 0)) return this.unsupported(clause);
    const kept = obj.items.slice(0, split);
    const last = kept[kept.length - 1] ?? obj.determiners[obj.determiners.length - 1];
    // The card phrase's own text ends at its last word ("target unit", not "target unit +2 power").
    const recipient: Ast.NounPhrase = { ...obj, items: kept, filters: [], also: undefined, range: last ? spanOf(obj.range, last.range) : obj.range };
    const gift: Ast.NounPhrase = { kind: "np", determiners: [], items: obj.items.slice(split), filters: obj.filters, range: obj.range, ...(obj.also ? { also: obj.also } : {}) };
    const stats = this.statChange(gift);
    const keywords = this.keywordList(gift);
    this.use(GIFT_LISTS.get(obj));
    if (!stats && keywords.length === 0) return this.unsupported(clause);
    return [{ op: "modify", on: this.affected(recipient), ...(stats ? { stats } : {}), ...(keywords.length ? { keywords } : {}), duration: this.duration(clause) }];
  }

  /** "it remains in play [with 1 defense]": the card stays (a replacement); "with N <stat>" sets what remains of that stat. */
  remainSteps(clause: Ast.Clause): Step[] {
    const what: Affected = clause.subject ? this.affected(clause.subject) : { kind: "card", ref: { kind: "it" } };
    const place = clause.tail.find((t) => t.kind === "prep" && (t.prep === "in" || t.prep === "on")) as Ast.PrepPhrase | undefined;
    const placeWords = npWords(place?.object);
    const inPlay = placeWords.length === 0 || placeWords.some((w) => w === "play" || w === "battlefield" || w === "field" || lookup(this.vocab.zones, w) === this.vocab.zoneOfRole("battlefield"));
    const withPrep = (clause.tail.find((t) => t.kind === "prep" && t.prep === "with") as Ast.PrepPhrase | undefined) ?? (place?.object.filters.find((f) => f.kind === "prep" && f.prep === "with") as Ast.PrepPhrase | undefined);
    const stat = npWords(withPrep?.object).find((w) => this.vocab.game.stats.includes(w));
    const c = npCount(withPrep?.object);
    if (!inPlay || (withPrep && (!stat || !c))) return this.unsupported(clause);
    this.use(clause.subject, clause.verb, place, withPrep);
    return [{ op: "remain", what, ...(stat && c ? { stat, amount: this.count(c, 1) } : {}) }];
  }


  /** "Create two 1/1 Thrall creature tokens." · "Summon a 1 power Gray Beast token.": tokens made under the clause's player. */
  createTokenSteps(written: Ast.NounPhrase | undefined, clause: Ast.Clause): Step[] {
    // "Create a token that's a copy of target creature", "Create a copy of target unit", "Create two tokens that are copies
    // of it": tokens of the copied card's definition (IR `copy`, its copiable values: docs/language.md).
    if (/\bcop(?:y|ies)\b/i.test(this.slice(clause.range))) {
      const copy = this.copyStep(written, clause);
      if (copy) return [copy];
      this.note(clause.range, `the engine makes a token that copies a card written "Create a token that's a copy of <card>." or "Create a copy of <card>." (a card in play or named before: "target unit", "it"): "${this.slice(clause.range)}"; ${tokenByName(this.vocab.game, "<name>")}`);
      return [{ op: "rule", rule: "unsupported" }];
    }
    const statNames = this.vocab.game.stats;
    // "a 2 power Gray Wolf token" (a game of one stat, or the stats named one by one): the number right before a
    // stat's name is that stat, not how many tokens.
    const named: Record<string, number> = {};
    const statWords: Ast.BaseNode[] = [];
    const parts = written ? [...written.determiners, ...written.items].sort((a, b) => startOffset(a.range) - startOffset(b.range)) : [];
    parts.forEach((part, i) => {
      const next = parts[i + 1];
      const stat = next?.kind === "word" ? statNames.find((n) => n === lower(next.text)) : undefined;
      if (part.kind !== "count" || part.value === undefined || !stat) return;
      named[stat] = part.value;
      statWords.push(part, next!);
    });
    this.use(statWords);
    const statless = written && statWords.length ? withoutNodes(written, new Set(statWords)) : written;
    // "a 2/2 Vampire Thrall token named Thrall", "a token named Blood Familiar": the words after "named" are the token's name
    // (as a quoted name is), the words before it its types, subtypes, colours and keywords. The name was glued to the other
    // words ("Vampire Thrall Named Thrall").
    const namedAt = statless ? tokenNamedAt(statless) : -1;
    const namedWords = namedAt < 0 ? [] : statless!.items.slice(namedAt);
    const givenName = namedAt < 0 ? undefined : namedWords.slice(1).map((i) => (i as Ast.WordNode).text).join(" ");
    this.use(namedWords);
    const obj = namedAt < 0 ? statless : withoutNodes(statless, new Set(namedWords));
    // "a tapped 2/2 Zombie token", "an exhausted 1/1 Bat token": a token enters as any card does (ready, in no combat);
    // the word was taken into the token's name ("Exhausted Bat") and the token entered ready, in silence.
    const stateWords = (obj?.items ?? []).filter((i): i is Ast.WordNode => i.kind === "word" && (readinessOf(lower(i.text)) !== undefined || ["attacking", "blocking", "defending"].includes(lower(i.text))));
    if (stateWords.length) {
      this.note(spanOf(stateWords[0]!.range, stateWords[stateWords.length - 1]!.range), `the engine creates a token as any card enters play (ready, in no combat), not "${stateWords.map((w) => w.text).join(" ")}": "${this.slice(clause.range)}" is not run — write the token without it`);
      this.ledger.carry(clause);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // "Create a 1/1 Bat again token.", "Create a 2/2 Wolf token now.": an adverb is no word of a name (it was taken into the
    // token's name, "Bat Again", in silence). Said at the word; the token is not made.
    const adverbs = (obj?.items ?? []).filter((i): i is Ast.WordNode => i.kind === "word" && TOKEN_NAME_ADVERBS.has(lower(i.text)));
    if (adverbs.length) {
      this.note(spanOf(adverbs[0]!.range, adverbs[adverbs.length - 1]!.range), `"${adverbs.map((w) => w.text).join(" ")}" is no word of a token's name: a token is named by the words before "token" (its name, types, colours, keywords) — write "${this.slice(clause.range).replace(new RegExp(`\\s+(?:${adverbs.map((w) => w.text).join("|")})\\b`, "gi"), "").trim()}", or put the name in quotes`);
      this.ledger.carry(clause);
      return [{ op: "rule", rule: "unsupported" }];
    }
    // "a 1/1 Flying Bird token": a keyword before the noun is the token's keyword, as "with Flying" is (it was the name's
    // first word, "Flying Bird", and the token had no Flying).
    const keywordWords = (obj?.items ?? []).filter((i): i is Ast.WordNode => i.kind === "word" && this.vocab.keywords.get(lower(i.text))?.kind === "ability");
    const words = npWords(obj && keywordWords.length ? withoutNodes(obj, new Set(keywordWords)) : obj);
    const stats = obj?.items.find((i) => i.kind === "stats") as Ast.StatsNode | undefined;
    // "a 1/1 black Thrall creature token" is a Thrall (a Creature), not a "Black Thrall Creature" (the rule the checker shares).
    const quotedName = givenName ?? (obj?.items.find((i) => i.kind === "string") as Ast.StringNode | undefined)?.value;
    const name = tokenNameWords(words, quotedName, (w) =>
      this.vocab.keywords.get(w)?.kind === "ability" ? "abilityKeyword" : lookup(this.vocab.cardTypes, w) || lookup(this.vocab.colors, w) ? "typeOrColor" : undefined,
    ).map((w) => (quotedName === undefined ? w[0]!.toUpperCase() + w.slice(1) : w)).join(" ");
    const type = words.map((w) => lookup(this.vocab.cardTypes, w)).find(Boolean) ?? unitType(this.vocab.game)?.name ?? "Token";
    const tokenStats: Record<string, number> = {};
    if (stats) this.statPairFits(stats);
    if (stats && statNames[0]) tokenStats[statNames[0]] = stats.first;
    if (stats && statNames[1]) tokenStats[statNames[1]] = stats.second;
    if (!stats) Object.assign(tokenStats, named);
    const subtypes = words.map((w) => lookup(this.vocab.subtypes, w)).filter((s): s is string => !!s);
    const colors = words.map((w) => lookup(this.vocab.colors, w)).filter((c): c is string => !!c);
    const withPrep = (clause.tail.find((t) => t.kind === "prep" && t.prep === "with") as Ast.PrepPhrase | undefined) ?? (obj?.filters.find((f) => f.kind === "prep" && f.prep === "with") as Ast.PrepPhrase | undefined);
    const keywords = [...keywordWords.map((w) => ({ name: this.vocab.keywords.get(lower(w.text))!.name })), ...(withPrep ? this.keywordList(withPrep.object) : [])];
    // With a quoted name, the other words must be its type, subtypes, colours or keywords: anything else is reported.
    const quoted = givenName !== undefined || obj?.items.some((i) => i.kind === "string");
    this.use(obj?.determiners, obj?.items.filter((i) => !quoted || i.kind !== "word" || /^tokens?$/i.test(i.text) || lookup(this.vocab.cardTypes, i.text) || lookup(this.vocab.subtypes, i.text) || lookup(this.vocab.colors, i.text) || keywordWords.includes(i)));
    // "Each opponent creates a 1/1 Thrall token": under that player's control.
    const under = this.antecedent?.subject && this.antecedent.subject === clause.subject ? this.subjectPlayers(clause.subject) : undefined;
    const arrived = this.arrivedLabel();
    return [{ op: "create_token", token: { name: name || "Token", cardType: type, subtypes, stats: tokenStats, ...(colors.length ? { colors } : {}), keywords }, amount: this.amountOf(obj, 1), ...(under && under.kind !== "each_player" && under.kind !== "each_opponent" ? { under } : {}), arrived }];
  }

  /**
   * "a copy of target unit" · "two copies of it": the card phrase after "of", with how many; undefined for any other phrase.
   * The words "a", "copy"/"copies" and "of" are marked when `mark`.
   */
  copiedPhrase(np: Ast.NounPhrase | undefined, mark: boolean): { of: Ast.NounPhrase; count: Ast.NounPhrase } | undefined {
    if (!np || np.also) return undefined;
    const words = npWords(np);
    const of = np.filters.length === 1 && np.filters[0]!.kind === "prep" && np.filters[0]!.prep === "of" ? np.filters[0]! : undefined;
    if (!of || words.length !== 1 || !/^cop(?:y|ies)$/.test(words[0]!) || np.items.some((i) => i.kind !== "word" && i.kind !== "count")) return undefined;
    if (npDeterminers(np).some((d) => d !== "a" && d !== "an")) return undefined;
    if (mark) {
      this.use(np.items);
      this.useDeterminers(np, "a", "an");
    }
    return { of: of.object, count: np };
  }

  /**
   * "Create a token that's a copy of target unit." · "Create a copy of target unit." · "Create two tokens that are copies of
   * target creature." · "Put a copy of target unit into your hand." (`to`: the zone, the copy its owner's there): IR `copy`.
   * Undefined when the words are not one of these (the caller says so).
   */
  copyStep(written: Ast.NounPhrase | undefined, clause: Ast.Clause, to?: { zone: string; place: Ast.NounPhrase }): Step | undefined {
    let copied = this.copiedPhrase(written, false);
    let token: Ast.NounPhrase | undefined;
    const relative = written?.filters.length === 1 && written.filters[0]!.kind === "relative" ? written.filters[0]! : undefined;
    const link = relative?.that && relative.clause.be && !relative.clause.subject && !relative.clause.modal ? relative.clause : undefined;
    if (!copied && !to && written && link) {
      // "a token that's a copy of X" / "a token that is a copy of X" / "two tokens that are copies of X": the token
      // phrase, its relative clause naming the copy (the grammar reads "copies" after "are" as a verb, "of X" its tail).
      if (!/^tokens?$/.test(npWords(written).join(" "))) return undefined;
      const ofTail = link.tail.length === 1 && link.tail[0]!.kind === "prep" && link.tail[0]!.prep === "of" ? link.tail[0]! : undefined;
      if (!link.verb && !link.tail.length) copied = this.copiedPhrase(link.object ?? link.complement, false);
      else if (link.verb && /^copies$/i.test(link.verb.text) && ofTail && !link.object && !link.complement) {
        copied = { of: ofTail.object, count: written };
        this.use(link.verb);
      }
      token = written;
      if (copied) this.use(link.be);
    } else if (!copied && !to && written && clause.complement) {
      // "two tokens that are copies of X": the token phrase, then its complement.
      const words = npWords(written);
      const link = words.slice(1);
      if (!/^tokens?$/.test(words[0] ?? "") || !(link.length === 1 && words[1] === "that") && !(link.length === 0)) return undefined;
      copied = this.copiedPhrase(clause.complement, false);
      token = written;
    }
    if (!copied || clause.tail.some((t) => !(to && t.kind === "prep" && t.object === to.place))) return undefined;
    // "Create a token that's a copy of Scout": a card by its name is no card the engine can copy (it copies a card in play
    // or named before) — said at the name (it was CW6005 at "Scout", read as "a copy of each card").
    if (!copied.of.determiners.length && !copied.of.filters.length && copied.of.items.length && copied.of.items.every((i) => i.kind === "string" || (i.kind === "word" && /^[A-Z]/.test(i.text) && !this.cardNoun(lower(i.text)) && !this.cardNoun(singular(i.text))))) {
      this.note(copied.of.range, `"${this.slice(copied.of.range)}": the engine copies a card in play or named before ("a copy of target unit", "a copy of it"), not a card by its name; ${tokenByName(this.vocab.game, this.slice(copied.of.range).replace(/^"|"$/g, ""))}`);
      this.use(written, clause.complement, clause.verb);
      return { op: "rule", rule: "unsupported" };
    }
    const amountFrom = token ?? copied.count;
    if (npDeterminers(amountFrom).some((d) => d !== "a" && d !== "an")) return undefined;
    this.copiedPhrase(copied.count, true);
    if (token) {
      this.use(token.items);
      this.useDeterminers(token, "a", "an");
    }
    const of = this.pickOrAffected(copied.of, clause);
    let under: PlayerRef | undefined;
    if (to) {
      const owner = this.zoneOwnerOf(to.place);
      if (owner === null) return undefined;
      if (owner && owner.kind !== "you") {
        if (owner.kind === "each_player" || owner.kind === "each_opponent") return undefined;
        under = owner;
      }
      this.useZoneWords(to.place);
    }
    return { op: "copy", of, amount: this.amountOf(amountFrom, 1), ...(to ? { to: to.zone } : {}), ...(under ? { under } : {}), arrived: this.arrivedLabel() };
  }

  /** "Summon a Unit from your Graveyard" (choose one) · "Summon target Unit card from your Oblivion" · "summon it" · "Summon a Gray Beast token" (made). */
  summonSteps(obj: Ast.NounPhrase | undefined, clause: Ast.Clause): Step[] {
    // A token is made, not found: no card is a "Gray Beast token" before it is summoned.
    if (npWords(obj).some((w) => w === "token" || w === "tokens") && !npDeterminers(obj).some((d) => d === "target" || d === "it" || d === "that" || d === "this")) return this.createTokenSteps(obj, clause);
    // "Reanimate target creature card from an opponent's Discard Pile under your control.": the card comes into play under
    // the control of the player who puts it there, as "into play under your control" says (intoPlayUnder; the parser hangs
    // the phrase on the card, its zone or the clause). Was CW6005 at "your control" though it ran so.
    const battlefield = this.vocab.zoneOfRole("battlefield");
    const isUnder = (f: Ast.NounFilter | Ast.TailItem) => f.kind === "prep" && f.prep === "under";
    const zoneUnder = obj?.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "from" && f.object.filters.some(isUnder));
    const place: Ast.NounPhrase | undefined = zoneUnder ? zoneUnder.object : obj;
    if (battlefield && place && [...place.filters, ...clause.tail].some(isUnder) && !this.intoPlayUnder(battlefield, place, clause)) return [{ op: "rule", rule: "unsupported" }];
    const what = this.pickOrAffected(obj, clause);
    // "DEATH: Summon this from your Graveyard": as a move, a card named by a reference comes only from that zone.
    const from = this.referenceFrom(what, obj, clause);
    if (from === null) return [{ op: "rule", rule: "unsupported" }];
    const arrived = this.arrivedLabel();
    this.arrivedFrom.set(arrived, what);
    return [{ op: "summon", what, ...(from ? { from } : {}), arrived }];
  }

  /**
   * The label a step that puts cards into play remembers them under (IR `arrived`): "it" / "that token" / "they" after it
   * are the cards that really arrived — never the card whose text it is, which a bare "it" would fall back to at run time.
   */
  arrivedLabel(): string {
    const label = `arrived${this.chooseCounter++}`;
    this.lastCard = { kind: "chosen", label };
    return label;
  }

  /** Cards an effect acts on, "this" when the verb has no object ("Exhaust", "Sacrifice"). */
  /**
   * "Return this card from your Discard Pile to your hand": the zone a card named by a reference (this, it, that card)
   * moves from, with whose it is — the move takes the card only from there. Undefined when the phrase names no such zone
   * (or the card is chosen by a selector, whose own zones say where it is); null when the zone or its player cannot be
   * read (noted at the words).
   */
  referenceFrom(what: Affected, obj: Ast.NounPhrase | undefined, clause: Ast.Clause): { zone: string; whose: PlayerRef } | null | undefined {
    if (what.kind !== "card" || !obj || what.ref.kind === "target" || what.ref.kind === "chosen" || what.ref.kind === "acted_on") return undefined;
    const fromPrep = [...obj.filters, ...clause.tail].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "from");
    if (!fromPrep) return undefined;
    const zone = this.zoneIn(fromPrep.object);
    if (!zone || zone === this.vocab.zoneOfRole("battlefield")) return undefined;
    const whose = this.zoneOwnerOf(fromPrep.object);
    if (whose === null) return null;
    // A zone of each player ("from a Discard Pile") says nothing of whose: not read (CW6005 at the words).
    if (whose === undefined || whose.kind === "each_player" || whose.kind === "each_opponent") return undefined;
    this.use(fromPrep);
    this.carryOwner(fromPrep);
    return { zone, whose };
  }
  /** The target "Choose target X." chose (`choose`): "it" after it is that target, as "target X" written there would be. */
  chosenTarget?: CardRef;
  /** "it" naming `ref`: the card it names — the target itself where "Choose target X." chose it (the same IR as "target X"). */
  itAffected(ref: CardRef): Affected {
    return ref === this.chosenTarget && ref.kind === "target" ? { kind: "target", index: ref.index } : { kind: "card", ref };
  }
  pickOrAffected(np: Ast.NounPhrase | undefined, clause?: Ast.Clause): Affected {
    if (!np) return { kind: "card", ref: { kind: "self" } };
    return this.affected(np, { kind: "you" }, clause);
  }
  /**
   * "Target opponent reveals their hand. You choose a creature card from it." · "Look at target opponent's hand. Choose a card
   * from it.": after a look at (or a reveal of) a whole hand, one card of that hand matching the phrase, chosen by you (none
   * matching: none). "it" / "that card" after it is that card: "They discard that card." discards it (the discard step's
   * `card`). Undefined for anything else (the choice's own reading, else CW6001).
   */
  chooseFromLookedHand(clause: Ast.Clause): Step[] | undefined {
    const obj = clause.object;
    const hand = this.vocab.zoneOfRole("hand");
    const subjectIsYou = !clause.subject || (npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "you");
    if (!obj || !hand || !subjectIsYou || this.lookedZone !== hand || !this.lookedOwner || clause.tail.length || npCount(obj)) return undefined;
    const from = obj.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "from");
    if (!from || !isItPronoun(from.object)) return undefined;
    const dets = npDeterminers(obj);
    if (!dets.every((d) => d === "a" || d === "an")) return undefined;
    const card: Ast.NounPhrase = { ...obj, filters: obj.filters.filter((f) => f !== from) };
    const selector = this.selector(card);
    if (selector.zones || selector.controller || selector.owner) return undefined;
    this.use(clause.verb, clause.subject, from);
    this.useDeterminers(obj, "a", "an");
    this.useWords(obj, "card");
    const label = `pick${this.chooseCounter++}`;
    const whole: CardSelector = { ...selector, zones: [hand], controllerIs: this.lookedOwner };
    this.chosenSelectors.set(label, whole);
    this.chosenFromHand.add(label);
    this.lastCard = { kind: "chosen", label };
    return [{ op: "choose_cards", chooser: { kind: "you" }, selector: whole, min: 1, max: 1, label, prompt: `choose ${this.slice(card.range)}` }];
  }
  /** The choices of a card from a hand looked at (chooseFromLookedHand): "They discard that card" discards it. */
  private readonly chosenFromHand = new Set<string>();

  /** Steps that must run before the clause's own (choices of "a card from ..."). */
  pending: Step[] = [];
  /** What each choice of this ability chooses among, by its label ("a unit your opponent controls": whose side it is). */
  chosenSelectors = new Map<string, CardSelector>();
  /** What a summon took, by the label of the cards that arrived (`yours`: "Summon a unit card from your Graveyard. Return it to your hand."). */
  arrivedFrom = new Map<string, Affected>();

  /**
   * "+1/+1", "a 1/3 token" in a game whose cards have one stat (Three-Slot Duel: power): the second number names a
   * stat the game does not have and would be dropped — reported at the words (a second number of 0 changes nothing).
   */
  statPairFits(stats: Ast.StatsNode): void {
    const names = this.vocab.game.stats;
    if (names.length >= 2 || stats.second === 0 || /x/i.test(stats.text.split("/")[1] ?? "")) return;
    const first = stats.text.split("/")[0]!.trim();
    const args = { game: this.vocab.game.name, words: stats.text, stats: names.join(", ") || "none", suggestion: names[0] ? `${first} ${names[0]}` : first };
    this.notes.push({ file: this.file, range: plainRange(stats.range), code: "CW6008", args, message: `${args.game} cards have ${args.stats} only: "${stats.text}" names two stats` });
  }

  /**
   * "a +1/+1 counter", "two +1/+1 counters", "a +1/+0 counter": in a game whose first two stats each have a counter of
   * their name (CYBERVAMP power/defense, Chromatic attack/defense), one counter of each stat the pair raises by 1 (the
   * game's counters are +1 each). Undefined for any other phrase; the phrase without the pair is `counted`.
   */
  statPairCounters(obj: Ast.NounPhrase): { counters: string[]; counted: Ast.NounPhrase } | undefined {
    const pair = obj.items.find((i): i is Ast.StatsNode => i.kind === "stats");
    const names = this.vocab.game.stats.slice(0, 2);
    if (!pair || names.length < 2 || /x/i.test(pair.text)) return undefined;
    const raised = [pair.first, pair.second];
    if (raised.some((n) => n !== 0 && n !== 1) || raised.every((n) => n === 0) || /-/.test(pair.text)) return undefined;
    const counters = names.map((stat, i) => (raised[i] === 1 ? lookup(this.vocab.counters, stat) : "")).filter((c): c is string => c !== "");
    if (counters.length !== raised.filter((n) => n === 1).length) return undefined;
    this.use(pair, obj.items.filter((i) => i.kind === "word" && /^counters?$/i.test(i.text)));
    this.useDeterminers(obj, "a", "an");
    return { counters, counted: { ...obj, items: obj.items.filter((i) => i !== pair) } };
  }

  /**
   * "power equal to the number of cards in your hand" (after "has"): one stat of the game, with no amount of its own,
   * defined as the number after "equal to" (read with the clause's trailing "on ..." as `amountOf` reads it).
   */
  statDefinition(np: Ast.NounPhrase | undefined, clause: Ast.Clause): Record<string, NumberExpr> | undefined {
    if (!np || npCount(np) || np.determiners.length || np.filters.length !== 1 || np.filters[0]!.kind !== "equalTo") return undefined;
    const words = npWords(np);
    if (words.length !== 1 || !this.vocab.game.stats.includes(words[0]!)) return undefined;
    const value = this.numberPhrase(withTrailingOn(np.filters[0]!.value, clause));
    this.useWords(np, words[0]!);
    return { [words[0]!]: value };
  }

  /** `Flying`, `Bleed 2`: a phrase that is only a keyword ability (and its number) — a gift in a list of them. */
  isKeywordGift(np: Ast.NounPhrase): boolean {
    const [first, ...rest] = np.items;
    return np.determiners.length === 0 && np.filters.length === 0 && first?.kind === "word" && this.vocab.keywords.get(lower(first.text))?.kind === "ability" && rest.every((i) => i.kind === "count");
  }

  statChange(np: Ast.NounPhrase | undefined): Record<string, NumberExpr> | undefined {
    if (!np) return undefined;
    const stats = np.items.find((i) => i.kind === "stats") as Ast.StatsNode | undefined;
    const names = this.vocab.game.stats;
    if (stats) {
      this.use(stats);
      this.statPairFits(stats);
      const out: Record<string, NumberExpr> = {};
      // "+X/+0": X is the number the card defines (an {X} cost, "where X is ..."), never 0.
      const halves = stats.text.split("/");
      const part = (i: number, value: number): NumberExpr => (/x/i.test(halves[i] ?? "") ? (halves[i]!.trim().startsWith("-") ? { kind: "times", factor: -1, of: { kind: "x" } } : { kind: "x" }) : value);
      if (names[0]) out[names[0]] = part(0, stats.first);
      if (names[1]) out[names[1]] = part(1, stats.second);
      return out;
    }
    // "+1 power", "+X power", "+1 attack and +1 defense" (one change of several stats).
    const out: Record<string, NumberExpr> = {};
    for (const part of flattenAlso(np)) {
      // "+2 attack and Flying": the keyword is given beside the change (keywordList).
      if (part !== np && this.isKeywordGift(part)) continue;
      const c = npCount(part);
      const stat = npWords(part).find((w) => names.includes(w));
      if (!c || !stat) return undefined;
      out[stat] = c.variable ? this.count(c) : (c.value ?? 0);
      this.use(c);
      this.useWords(part, stat);
    }
    return Object.keys(out).length ? out : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Triggers

/** "your second spell each turn": the ordinal words a trigger counts by. */
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };

/** "a card", "cards", "one or more cards": no kind of card named (any card will do). */
function generic(np: Ast.NounPhrase | undefined): boolean {
  return !np || npWords(np).every((w) => w === "card" || w === "cards" || w === "or" || w === "more");
}

/** A generic "a card" / "cards" is carried by the event itself (nothing to match). */
function useGeneric(l: AbilityLowering, np: Ast.NounPhrase | undefined): Record<string, never> {
  if (np && generic(np)) {
    l.useWords(np, "card", "cards");
    l.useDeterminers(np, "a", "an");
  }
  return {};
}

/** Verbs whose trigger reading takes the passive voice ("this is destroyed", "a card is put into", "this is attacked"). */
const PASSIVE_TRIGGER_VERBS: ReadonlySet<string> = new Set(["put", "destroy", "block", "deal", "discard", "draw", "cast", "play", "attack"]);

/** The zone a game's keyword action moves cards to, by the native rule it names (Erase = move_to_oblivion: Oblivion). */
function keywordDestination(l: AbilityLowering, verb: string): string | undefined {
  const keyword = actionKeyword(l, verb);
  if (keyword?.kind !== "action" || !keyword.rule) return undefined;
  // "Whenever you mill a card": each card the player's Mill puts into their Graveyard (it ran as the action, once).
  if (keyword.rule === "mill") return l.vocab.zoneOfRole("graveyard");
  return keyword.rule === "move_to_oblivion" || keyword.rule === "erase" ? l.vocab.zoneOfRole("removed") : undefined;
}

/** A keyword whose cards' zone is entered other ways too (a Graveyard): only the cards the keyword put there are its own. */
function keywordOnlyBy(l: AbilityLowering, zone: string): boolean {
  return zone === ONTO_FIELD || zone === l.vocab.zoneOfRole("graveyard");
}

/** keywordDestination's answer for a keyword that puts cards onto the field (no zone of its own is watched: play). */
const ONTO_FIELD = "\u0000field";

/** "summon", "summoned", "reanimates": a keyword action whose rule puts a card onto the field free (Summon, Reanimate). */
function summonsOntoField(l: AbilityLowering, verb: string): boolean {
  const keyword = actionKeyword(l, verb);
  return keyword?.kind === "action" && keyword.rule === "put_onto_field_free";
}

/** The game's keyword a trigger's verb names: "erase", or its past ending ("erased", "summoned"). */
function actionKeyword(l: AbilityLowering, verb: string) {
  return l.vocab.keywords.get(verb) ?? (/ed$/.test(verb) ? (l.vocab.keywords.get(verb.slice(0, -1)) ?? l.vocab.keywords.get(verb.slice(0, -2))) : undefined);
}

/** Whether an attack can be aimed at a card: a game whose units fight may attack one (`attack_targets`), and a Weapon attacks a creature. */
function cardsCanBeAttacked(l: AbilityLowering): boolean {
  const params = l.vocab.game.params;
  if (params["combat_model"] === "fight") return String(params["attack_targets"] ?? "unit player").split(/\s+/).includes("unit");
  return params["weapon_card_type"] !== undefined;
}

/** "one of your units" (the count "one" and an "of" phrase naming cards, nothing else): the cards it is one of. */
function onePartitive(np: Ast.NounPhrase | undefined): Ast.NounPhrase | undefined {
  if (!np || np.items.length || np.filters.length !== 1 || np.determiners.length !== 1 || np.also?.length) return undefined;
  const [count] = np.determiners;
  const [of] = np.filters;
  if (count?.kind !== "count" || count.value !== 1 || lower(count.text) !== "one" || of?.kind !== "prep" || of.prep !== "of") return undefined;
  if (npCount(of.object) || isPlayerPhrase(of.object) || npWords(of.object).length === 0) return undefined;
  return of.object;
}

/**
 * Whose zone a trigger names ("enters your Graveyard", "is put into your opponent's Graveyard", "from an opponent's
 * hand"): the possessive nearest the zone decides ("your opponent's" is the opponent's), and only the words read are
 * carried — a zone of a player the trigger cannot tell ("its owner's", "target player's", "that player's") leaves its
 * possessor unread (CW6005) and the trigger watches every player's zone, never the wrong one silently.
 */
function triggerZoneOwner(np: Ast.NounPhrase, l: AbilityLowering): "you" | "opponent" | "any" {
  const possessives = np.items.filter((i): i is Ast.WordNode => i.kind === "word" && possessiveStem(i.text) !== undefined);
  const dets = np.determiners.filter((d): d is Ast.DeterminerWord => d.kind === "determiner");
  const lemmas = dets.map((d) => d.lemma);
  if (possessives.length === 1) {
    const stem = possessiveStem(possessives[0]!.text)!;
    // "your opponent's", "an opponent's", "the opponent's", "opponents'": the opponent's.
    if (/^opponents?$/.test(stem) && lemmas.every((d) => d === "your" || d === "a" || d === "an" || d === "the")) {
      l.ledger.carry(dets, possessives);
      return "opponent";
    }
    // "its owner's Graveyard", "their owners' hands": every card goes to its owner's zone — anyone's.
    if (/^owners?$/.test(stem) && lemmas.length === 1 && (lemmas[0] === "its" || lemmas[0] === "their")) {
      l.ledger.carry(dets, possessives);
      return "any";
    }
    // "a player's", "each player's", "any player's": anyone's.
    if (/^players?$/.test(stem) && lemmas.length > 0 && lemmas.every((d) => d === "a" || d === "an" || d === "each" || d === "any")) {
      l.ledger.carry(dets, possessives);
      return "any";
    }
    return "any";
  }
  if (possessives.length === 0) {
    if (lemmas.length === 1 && lemmas[0] === "your") {
      l.ledger.carry(dets);
      return "you";
    }
    // "a Graveyard", "any hand", "the Graveyard": anyone's.
    l.use(dets.filter((d) => d.lemma === "a" || d.lemma === "an" || d.lemma === "any" || d.lemma === "each" || d.lemma === "the"));
  }
  return "any";
}

/** "At the beginning of your draw step, ...": the first effect "draw step" the parser made of the moment's last words. */
function drawStepEffect(body: Ast.TriggeredBody): Ast.Clause | undefined {
  const moment = body.trigger.word === "at" ? body.trigger.moment : undefined;
  const of = moment?.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "of");
  if (!moment || !of || npWords(of.object).length || body.effect.kind !== "sequence") return undefined;
  const first = body.effect.steps[0];
  const clause = first?.kind === "step" ? first.clause : undefined;
  if (!clause || clause.verb?.lemma !== "draw" || clause.subject || clause.object?.determiners.length || npWords(clause.object).join(" ") !== "step" || clause.tail.length) return undefined;
  return clause;
}

function lowerTrigger(head: Ast.TriggerHead, l: AbilityLowering): TriggerPattern | undefined {
  l.combatWords = undefined;
  const trigger = triggerPattern(head, l);
  if (trigger) l.use(head.event?.verb, head.event?.be);
  // "Whenever you cast a spell that targets a creature": the targets the spell is played with. Where a spell's abilities
  // (and so its targets) are selected after it is cast (Chromatic 20), none is known when the trigger is noted.
  if (trigger?.event === "cast" && trigger.object?.kind === "card" && trigger.object.selector.targeting && l.vocab.game.params["spell_max_abilities_own_turn"] !== undefined) {
    l.note(head.range, `"${l.slice(head.range)}": in this game a spell's abilities, and the targets they choose, are selected after it is cast, so what it targets is not known when this triggers; the engine cannot run it`);
    return undefined;
  }
  if (trigger && (head.event?.orVerbs?.length || head.orEvents?.length)) orEvents(head, head.event!, trigger, l);
  // "in combat" is read only where the engine carries it: on the pattern, or in an event that only combat raises.
  const combatWords = l.combatWords as (() => void) | undefined;
  if (trigger && (trigger.combat || triggerContract(trigger).combat)) combatWords?.();
  l.combatWords = undefined;
  return trigger;
}

/**
 * "Whenever this attacks or blocks": each verb after "or" read as the trigger's own verb, with the same subject, object and
 * words. One that reads as the same pattern on another event is one more event of the trigger (`orEvents`, its verb read);
 * any other ("Whenever this attacks or is exhausted by a spell": another shape) is left unread, so CW6005 names it.
 */
function orEvents(head: Ast.TriggerHead, clause: Ast.Clause, trigger: TriggerPattern, l: AbilityLowering): void {
  const shape = (t: TriggerPattern) => JSON.stringify({ ...t, event: undefined, text: undefined, orEvents: undefined });
  // "attacks or blocks": the verb alone, with the first event's words; "enters play or is destroyed": a predicate of its own.
  const alternatives: { event: Ast.Clause; words: (Ast.WordNode | undefined)[] }[] = [
    ...(clause.orVerbs ?? []).map((verb) => ({ event: { ...clause, verb, orVerbs: undefined }, words: [verb] })),
    ...(head.orEvents ?? []).map((event) => ({ event, words: [event.verb, event.be] })),
  ];
  for (const { event, words } of alternatives) {
    const alternative = triggerPattern({ ...head, event, orEvents: undefined }, l);
    if (!alternative || alternative.event === trigger.event || trigger.orEvents?.includes(alternative.event) || shape(alternative) !== shape(trigger)) continue;
    // An amount ("that much") is one event's: an "or" of events with amounts is not read.
    if (TRIGGER_EVENTS[alternative.event].amount !== undefined || TRIGGER_EVENTS[trigger.event].amount !== undefined) continue;
    (trigger.orEvents ??= []).push(alternative.event);
    l.use(...words);
  }
}

/** "the greatest power among ...": the card with the most of a stat; "the lowest ...": the least (statGreatest). */
const GREATEST_WORDS: ReadonlySet<string> = new Set(["greatest", "highest", "largest", "biggest"]);
const LEAST_WORDS: ReadonlySet<string> = new Set(["least", "lowest", "smallest"]);

/** The determiners that name every card of a kind at once ("each", "every", "all", "both"). */
const GROUP_DETERMINERS: ReadonlySet<string> = new Set(["each", "every", "all", "both"]);

/**
 * "Whenever all units you control attack", "Whenever each Knight you control is destroyed", "Whenever every unit enters
 * play", "Whenever two or more units attack", "Whenever you play all units": a trigger's event happens to one card at a
 * time, and the engine runs it each time one does — it never waits for a group or counts the cards of one moment. Such a
 * subject (or card object) ran as "a unit" with no word said (issue 11, session 38); it is CW6001 at the determiner,
 * naming the form that runs. Players are left as they are ("Whenever each opponent draws a card": each one, each time).
 */
function groupTriggerParty(head: Ast.TriggerHead, clause: Ast.Clause, l: AbilityLowering): boolean {
  const text = l.slice(head.range);
  const headStart = startOffset(head.range);
  const group = (np: Ast.NounPhrase | undefined): Ast.Determiner | undefined => {
    if (!np || isPlayerPhrase(np)) return undefined;
    const dets = npDeterminers(np);
    if (dets.includes("this") || dets.includes("it")) return undefined;
    const word = np.determiners.find((d) => d.kind === "determiner" && GROUP_DETERMINERS.has(d.lemma));
    if (word) return word;
    // "two or more units", "one or more Knights", "two units": a count of the cards (not "one of your units": one each time).
    if (np !== clause.subject || onePartitive(np)) return undefined;
    const count = np.determiners.find((d): d is Ast.Count => d.kind === "count");
    return count && (count.value === undefined || count.value > 1 || count.comparison !== undefined) ? count : undefined;
  };
  const subjectGroup = group(clause.subject);
  const objectGroup = subjectGroup ? undefined : clause.be ? undefined : group(clause.object);
  const det = subjectGroup ?? objectGroup;
  if (!det) return false;
  const np = (subjectGroup ? clause.subject : clause.object)!;
  const written = l.slice(det.range);
  // The form that runs: "a <noun>" (one of a partitive: "one of your units"), its verb in the singular.
  const partitive = !np.items.length && np.filters[0]?.kind === "prep" && np.filters[0].prep === "of";
  const rest = text.slice(endOffset(det.range) - headStart, endOffset(np.range) - headStart).trim();
  const words = rest.split(/\s+/);
  let one = rest;
  if (!partitive) {
    const headWord = np.items.filter((i): i is Ast.WordNode => i.kind === "word").at(-1);
    if (headWord) {
      const at = words.findIndex((w) => w === headWord.text);
      const single = singular(headWord.text);
      if (at >= 0) words[at] = headWord.text[0] === headWord.text[0]!.toUpperCase() ? single[0]!.toUpperCase() + single.slice(1) : single;
      one = words.join(" ");
    }
  }
  const article = partitive ? "one" : indefiniteArticle(one);
  let after = text.slice(endOffset(np.range) - headStart);
  if (subjectGroup) {
    const be = clause.be ? l.slice(clause.be.range) : undefined;
    const verbText = clause.verb ? l.slice(clause.verb.range) : undefined;
    if (be && /^are$/i.test(be)) after = after.replace(/^(\s*)are\b/i, "$1is");
    else if (be && /^were$/i.test(be)) after = after.replace(/^(\s*)were\b/i, "$1was");
    else if (!be && verbText && lower(verbText) === clause.verb!.lemma) after = after.replace(new RegExp(`^(\\s*)${verbText}\\b`), `$1${thirdPerson(verbText)}`);
  }
  const form = `${text.slice(0, startOffset(np.range) - headStart)}${article} ${one}${after}`;
  const why = det.kind === "count" ? "it does not count the cards of one moment" : "it never waits for a group of them";
  l.note(det.range, `"${written}" in "${text}": a trigger runs each time one card does it — ${why}; write "${form}" (once for each one)`);
  l.use(clause.subject, clause.object, clause.verb, clause.be);
  return true;
}

/** How a token of a card by its name is written (the token's own words: its stats, kind, keywords, its name quoted). */
function tokenByName(game: CompiledGame, name: string): string {
  const stats = game.stats.length >= 2 ? "1/1 " : game.stats.length === 1 ? `1 ${game.stats[0]} ` : "";
  return `a token of a card by its name is written with that card's stats and kind, its name in quotes ('Create a ${stats}"${name}" token.')`;
}

/** Words naming one slot by its place ("your left slot", "the first slot"): the engine keeps no order among slots. */
const SLOT_PLACES: ReadonlySet<string> = new Set(["left", "right", "middle", "center", "centre", "first", "second", "third", "last", "leftmost", "rightmost", "outer", "inner", "front", "back", "adjacent", "neighbouring", "neighboring"]);

/** Participles not ending in -ed that a condition's perfect may use ("you have lost life this turn", "you have cast a spell"). */
const PARTICIPLE_LEMMAS: Readonly<Record<string, string>> = { lost: "lose", cast: "cast", drawn: "draw", dealt: "deal", won: "win", paid: "pay", taken: "take", given: "give", chosen: "choose", put: "put", played: "play" };
const PARTICIPLES: ReadonlySet<string> = new Set(Object.keys(PARTICIPLE_LEMMAS));

/**
 * The rest of the "attack twice" note in a game with Weapon attacks (Chromatic 16.1: "once per turn, unless a card says
 * otherwise"): the engine counts them for every Weapon alike, by the game's parameter, never per card.
 */
function weaponAttacksNote(game: CompiledGame): string {
  if (game.params["weapon_attacks_per_turn"] === undefined) return "";
  return `; a Weapon's own attacks are counted for every Weapon alike (the game file's \`param weapon_attacks_per_turn = ${String(game.params["weapon_attacks_per_turn"])}\`), and the engine keeps no count for one card: "This can attack twice each turn" on a Weapon cannot run either`;
}

/** A stat bound turned round: "3 or more" → "less than 3"; undefined for "exactly". */
function flipStat(stat: NonNullable<CardSelector["stat"]>): CardSelector["stat"] | undefined {
  // Stats are whole numbers: "3 or more" turned round is "2 or less" (as reads-as writes a bound).
  if (typeof stat.value !== "number") return undefined;
  if (stat.op === ">=") return { ...stat, op: "<=", value: stat.value - 1 };
  if (stat.op === "<=") return { ...stat, op: ">=", value: stat.value + 1 };
  if (stat.op === ">") return { ...stat, op: "<=", value: stat.value };
  if (stat.op === "<") return { ...stat, op: ">=", value: stat.value };
  return undefined;
}

/** "attack" → "attacks", "die" → "dies", "reach" → "reaches", "fly" → "flies". */
function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/i.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * A trigger's pattern, with the zone its card subject names kept: "Whenever a Facet you control becomes exhausted" is a card
 * in the Facet Zone (the noun heads the zone's name, as "target Facet" is), "a Facet card is put into your Graveyard" a card
 * that left the Facet Zone for it. The subject's zone was dropped for every event, so these ran as "a card" (probe s43 F4).
 * An event the engine raises only for cards in play ("a Facet is destroyed", "a Facet attacks") is CW6001 at the subject.
 */
function triggerPattern(head: Ast.TriggerHead, l: AbilityLowering): TriggerPattern | undefined {
  const subjectZone: { zone?: string } = {};
  const pattern = triggerPatternRead(head, l, subjectZone);
  const zone = subjectZone.zone;
  if (!pattern || !zone || pattern.subject.kind !== "card") return pattern;
  const subject = head.event?.subject;
  const said = subject ? l.slice(subject.range) : l.slice(head.range);
  // A card that stays where it is as the event happens: it is in that zone then.
  if (pattern.event === "exhausted" || pattern.event === "overexhausted") return { ...pattern, subject: { kind: "card", selector: { ...pattern.subject.selector, zones: [zone] } } };
  // A card moving: the zone it names is the one it left ("Whenever a Facet card is put into your Graveyard": from the Facet Zone).
  if (pattern.event === "enters") {
    if (pattern.zone?.toLowerCase() === zone.toLowerCase() && !pattern.from) return pattern;
    if (!pattern.from || pattern.from.toLowerCase() === zone.toLowerCase()) return { ...pattern, from: zone };
    l.use(head.event?.verb, head.event?.be);
    l.note(subject?.range ?? head.range, `"${said}" is a card in the ${zone}, and the trigger names another zone it leaves ("from ${pattern.from}"): the engine cannot read both — name one`);
    return undefined;
  }
  l.use(head.event?.verb, head.event?.be);
  l.note(subject?.range ?? head.range, `"${said}" is a card in the ${zone}: the engine raises "${l.slice(head.range)}" only for cards in play, so it cannot run this; a card in the ${zone} can trigger by becoming exhausted or by moving ("Whenever ${said} becomes exhausted", "Whenever ${said} is put into your ${l.vocab.zoneOfRole("graveyard") ?? "Graveyard"}")`);
  return undefined;
}

function triggerPatternRead(head: Ast.TriggerHead, l: AbilityLowering, subjectZone: { zone?: string }): TriggerPattern | undefined {
  const text = l.slice(head.range);
  if (head.word === "at" && head.moment) {
    // "the start of each of your turns": the words of every phrase of the chain, the partitive's too (its "your" was
    // marked read but never looked at, and the trigger ran on every turn).
    const chainWords = (np: Ast.NounPhrase): string[] => np.filters.flatMap((f) => (f.kind === "prep" ? npWords(f.object).concat(npDeterminers(f.object), chainWords(f.object)) : []));
    const ofWords = chainWords(head.moment);
    const ownWords = npWords(head.moment);
    const words = ownWords.concat(npDeterminers(head.moment), ofWords);
    // "the beginning of your End phase": the moment's own word says start or end, its `of` phrase names the phase — a
    // phase named like a moment word (Chromatic's Beginning, any game's End) is read only there.
    const hasOf = head.moment.filters.some((f) => f.kind === "prep");
    const phaseName = phaseNamed(l.vocab.game.phases, hasOf ? ofWords : ownWords.filter((w) => !MOMENT_WORDS.has(w)));
    // "At the beginning of your upkeep", "... of your untap step", "at the end of combat" (a game without a combat phase):
    // a step of other games this game does not have — said at the word, naming the game's own phases and the moment it
    // would run at (it was CW6005 "upkeep", which named none).
    const foreign = phaseName ? undefined : leavesOf(head.moment).find((leaf) => FOREIGN_STEP_WORDS.has(lower(l.slice(leaf.range))) && (lower(l.slice(leaf.range)) !== "combat" || !combatPhase(l.vocab.game.phases)));
    if (foreign) {
      l.noteForeignStep(foreign.range, l.slice(foreign.range), (hasOf ? ownWords : words).includes("end"));
      l.use(foreign);
    }
    const isEnd = (hasOf ? ownWords : words).includes("end");
    // Only the words read below: the moment, the phase named, whose turn ("At the end of your second turn" keeps "second"
    // unread and reported, never run as "At the end of your turn").
    const momentWord = isEnd ? "end" : (hasOf ? ownWords : words).includes("start") ? "start" : "beginning";
    l.useMomentWords(head.moment, momentWord, ...(phaseName ? phaseReadWords(l.vocab.game.phases, phaseName) : []), "turn", "turns", "phase", "phases", "step", "steps", "your", "each", "every");
    l.carryOwner(head.moment);
    // "your opponent's turn" is the opponent's: the owner nearest the moment decides, not the first "your".
    const whose = words.some((w) => w.startsWith("opponent")) ? "opponent" : words.includes("your") ? "your" : "each";
    const phases = l.vocab.game.phases;
    if (phaseName) return { event: isEnd ? "phase_end" : "phase_start", subject: { kind: "player", who: "any" }, phase: phaseName, whose, text };
    // "At the start of your turn" → the first phase starts; "at the end of your turn" → the turn's end moment (turnEndMoment).
    const end = isEnd ? turnEndMoment(phases) : undefined;
    if (end) return { event: end.event, subject: { kind: "player", who: "any" }, phase: end.phase, whose, text };
    const phase = phases[0]?.name;
    return { event: "phase_start", subject: { kind: "player", who: "any" }, ...(phase ? { phase } : {}), whose, text };
  }
  const clause = head.event;
  if (!clause) return undefined;
  if (groupTriggerParty(head, clause, l)) return undefined;
  const verb = clause.verb?.lemma ?? "";
  const subjectDets = npDeterminers(clause.subject);
  const subjectWords = npWords(clause.subject);
  const isSelf = subjectDets.includes("this") || subjectDets.includes("it");
  // "another player", "each other player", "an enemy player": every player but you (controlSide) — read as "a player",
  // the trigger fired on your own draw or life loss (probe s43 F2).
  const playerWho = (): "you" | "opponent" | "any" => (clause.subject && controlSide(clause.subject)) ?? "any";
  const isPlayerSubject = subjectDets.includes("you") || subjectWords.some((w) => w === "player" || w.startsWith("opponent"));
  const cardSubject = (): TriggerPattern["subject"] => {
    if (isSelf) {
      // "this unit", "this card": any other word ("Whenever this non-token unit attacks") is no trigger of this card's.
      l.use(clause.subject?.determiners);
      if (clause.subject) l.useSelfNouns(clause.subject);
      // "Whenever this or another Vampire attacks": this card, or a card the other phrase names.
      const another = clause.subject?.orAnother;
      if (another) return { kind: "card", selector: { ...l.selector(another), zones: undefined }, orSelf: true };
      return { kind: "self" };
    }
    // "Whenever an opponent is dealt damage": a player, kept as one (the contract check says whether the event has one).
    if (clause.subject && isPlayerPhrase(clause.subject)) return playerSubject();
    // "Whenever one of your units dies": one of them, each time — as "a unit you control".
    const partitive = onePartitive(clause.subject);
    if (partitive) l.use(clause.subject!.determiners);
    const sel = partitive ? l.selector(partitive) : clause.subject ? l.selector(clause.subject) : {};
    // "Whenever a creature dies": any one, each time — the event is about one card.
    l.useDeterminers(clause.subject, "a", "an");
    if (subjectWords.includes("ally") || subjectWords.includes("allies") || subjectWords.includes("friendly")) {
      sel.controller = "you";
      l.useWords(clause.subject, "ally", "allies", "friendly");
    }
    // "... enters play under your control" / "under an opponent's control".
    const under = l.underControl([...clause.tail, ...(clause.object?.filters ?? []), ...(clause.subject?.filters ?? [])]);
    if (under) sel.controller = under;
    // A zone the subject names ("a Facet": a card in the Facet Zone; "a card in your Graveyard"): triggerPattern reads it.
    const zone = sel.zones?.find((z) => z !== l.vocab.zoneOfRole("battlefield"));
    if (zone) subjectZone.zone = zone;
    return { kind: "card", selector: { ...sel, zones: undefined } };
  };
  const objWords = npWords(clause.object);
  const tailPreps = clause.tail.filter((t) => t.kind === "prep") as Ast.PrepPhrase[];
  // "... from your Graveyard" after a card entering a zone: only from there (whose zone, as the zone entered's, is the
  // card's owner's); null with a note when no zone is named there.
  const zoneLeft = (subject: TriggerPattern["subject"], zoneEntered?: Ast.NounPhrase, theirs?: "you" | "opponent"): { from?: string } | null => {
    const fromPrep = [...tailPreps, ...(clause.subject?.filters ?? []), ...(zoneEntered?.filters ?? [])].find((p): p is Ast.PrepPhrase => p.kind === "prep" && p.prep === "from");
    if (!fromPrep) return {};
    // The zone's whole name ("deck pile" is no zone: its "pile" would be dropped), whose it is apart ("your opponent's hand").
    // "from play": card English for the battlefield (CYBERVAMP's "in play"), as an effect's "into play" (zoneIn) — "put
    // into your Discard Pile from play" is a card leaving play for it.
    const words = npWords(fromPrep.object).filter((w) => possessiveStem(w) === undefined);
    const from = lookup(l.vocab.zones, words.join(" ")) ?? (words.join(" ") === "play" && !npDeterminers(fromPrep.object).length ? l.vocab.zoneOfRole("battlefield") : undefined);
    if (!from) {
      l.note(head.range, `trigger not understood by the engine: "${text}" (no zone named after "from")`);
      return null;
    }
    const entered = subject.kind === "card" ? subject.selector.controller : undefined;
    const dets = npDeterminers(fromPrep.object);
    // A card moves between its owner's zones: "into your opponent's Graveyard from their hand" — "their" is that owner.
    if (entered && dets.length === 1 && dets[0] === "their" && !npWords(fromPrep.object).some((w) => possessiveStem(w) !== undefined)) l.ledger.carry(fromPrep.object.determiners);
    // "Whenever an opponent summons a unit from their Graveyard": "their" is the player who does it.
    const theirsWritten = theirs !== undefined && dets.length === 1 && dets[0] === "their" && !npWords(fromPrep.object).some((w) => possessiveStem(w) !== undefined);
    if (theirsWritten) l.ledger.carry(fromPrep.object.determiners);
    const whose = theirsWritten ? theirs : triggerZoneOwner(fromPrep.object, l);
    l.use(fromPrep.object.items.filter((i) => i.kind !== "word" || possessiveStem(i.text) === undefined));
    if (entered && whose !== "any" && whose !== entered) {
      l.note(head.range, `"${l.slice(fromPrep.range)}": a card moves only between its owner's zones, so this never happens; name one player's zones`);
      return null;
    }
    if (subject.kind === "card" && whose !== "any") subject.selector = { ...subject.selector, controller: whose };
    return { from };
  };
  // "Whenever you erase a card", "Whenever an opponent erases a card": the keyword inflected after a player subject.
  const keyword = l.vocab.keywords.get(lower(clause.verb?.text ?? "")) ?? (/ies$/.test(verb) ? l.vocab.keywords.get(`${verb.slice(0, -3)}y`) : /[^s]s$/.test(verb) ? l.vocab.keywords.get(verb.slice(0, -1)) : undefined);
  // "Whenever a player who has Bleed counters draws a card": the subject's filter is a condition on the event's player;
  // one the conditions cannot read is left unused (CW6005 at its words), never dropped.
  function playerSubject(): TriggerPattern["subject"] {
    const is = l.triggerPlayerFilter(clause!.subject);
    // The filter's words are marked by the condition that read them (triggerPlayerFilter), not here.
    if (clause!.subject) l.use(clause!.subject.items, clause!.subject.determiners);
    return { kind: "player", who: playerWho(), ...(is ? { is } : {}) };
  }
  // "in combat": only events of a fight or combat damage; "in a fight" where combat is fights (Three-Slot Duel).
  const fights = l.vocab.game.params["combat_model"] === "fight";
  // "When this is destroyed by a creature in combat": the by-phrase's own filter too.
  const byFilters = tailPreps.filter((p) => p.prep === "by").flatMap((p) => p.object.filters);
  const combatPreps = [...tailPreps, ...(clause.object?.filters ?? []), ...byFilters].filter((p) => p.kind === "prep" && p.prep === "in" && npWords(p.object).some((w) => w === "combat" || (fights && (w === "fight" || w === "fights"))));
  const inCombat = combatPreps.length > 0 || objWords.includes("combat");
  // The words are marked read by lowerTrigger only when the pattern carries them (TriggerPattern.combat, or an event that is
  // combat by its nature): "When this is destroyed in combat" run as any destruction was a silent misreading.
  if (inCombat) l.combatWords = () => {
    l.use(combatPreps);
    l.useWords(clause.object, "combat");
  };
  const combat = inCombat ? { combat: true as const } : {};
  // The other party the text names: "casts a spell", "destroys a creature", "deals damage to an opponent".
  const objectOf = (np: Ast.NounPhrase | undefined): Pick<TriggerPattern, "object"> => {
    if (!np) return {};
    l.useDeterminers(np, "a", "an", "any");
    if (isPlayerPhrase(np)) {
      l.use(np);
      const words = npWords(np);
      const dets = npDeterminers(np);
      return { object: { kind: "player", who: dets.includes("you") && words.length === 0 ? "you" : controlSide(np) === "opponent" ? "opponent" : "any" } };
    }
    const selector = l.selector({ ...np, filters: np.filters.filter((f) => !combatPreps.includes(f as Ast.PrepPhrase)) });
    l.useWords(np, "card", "cards");
    delete selector.zones;
    return Object.keys(selector).length ? { object: { kind: "card", selector } } : {};
  };
  // "Whenever a card is erased [from your Graveyard]": the passive of a keyword action that moves cards to a zone (Erase:
  // into Oblivion) is each card entering that zone — however it gets there, a cost paid by erasing too — and, with
  // "from <zone>", only from there.
  const movedTo = clause.be && !isPlayerSubject ? (keywordDestination(l, verb) ?? (summonsOntoField(l, verb) ? ONTO_FIELD : undefined)) : undefined;
  if (movedTo) {
    const subject = cardSubject();
    const from = zoneLeft(subject);
    // "Whenever a unit is summoned": each card any player puts onto the field with the keyword (not one played).
    return from === null ? undefined : { event: "enters", subject, ...(movedTo === ONTO_FIELD ? {} : { zone: movedTo }), ...(keywordOnlyBy(l, movedTo) ? { by: "any" as const } : {}), ...from, text };
  }
  // A passive trigger is read only by the verbs whose reading below takes it ("is destroyed", "is attacked"); with any
  // other verb the voice would be lost ("is attacked" run as "attacks"), so it is not understood.
  if (clause.be && verb && !PASSIVE_TRIGGER_VERBS.has(verb)) {
    l.note(head.range, `trigger not understood by the engine: "${text}" (the engine reads "is ${clause.verb?.text ?? verb}" as no event)`);
    return undefined;
  }
  // "Whenever a Unit card is discarded", "Whenever a card is drawn": any player's discard or draw of such a card.
  if (clause.be && !isSelf && !isPlayerSubject && (verb === "discard" || verb === "draw")) {
    const subject = clause.subject;
    return { event: verb, subject: { kind: "player", who: "any" }, ...objectOf(generic(subject) ? undefined : subject), ...useGeneric(l, subject), text };
  }
  // "Whenever you erase a card [from your Graveyard]": each card the player moves to the keyword's zone (Erase: Oblivion)
  // — once per card, as "a card is erased" above and "Whenever you discard a card" (it fired once per erasing).
  // "Whenever you summon a unit [from your Graveyard]" (a keyword whose rule puts cards onto the field free: Summon,
  // Reanimate): each card that player puts there — once per card, however many one effect summons (it ran as the action).
  const movesCards = keyword?.kind === "action" && isPlayerSubject && clause.object && !isPlayerPhrase(clause.object) && !clause.subject?.filters.length;
  const movedBy = movesCards ? (keywordDestination(l, lower(keyword.name)) ?? (summonsOntoField(l, lower(keyword.name)) ? ONTO_FIELD : undefined)) : undefined;
  if (movedBy) {
    const who = playerSubject();
    // "a card from your Graveyard": the zone it left is read by zoneLeft, not as a filter of the card.
    const np = clause.object!;
    const object = objectOf({ ...np, filters: np.filters.filter((f) => f.kind !== "prep" || f.prep !== "from") }).object;
    const subject: TriggerPattern["subject"] = { kind: "card", selector: object?.kind === "card" ? object.selector : {} };
    const from = zoneLeft(subject, np, who.kind === "player" && who.who !== "any" ? who.who : undefined);
    if (from === null) return undefined;
    const by = who.kind === "player" && who.who !== "any" ? who.who : keywordOnlyBy(l, movedBy) ? "any" : undefined;
    return { event: "enters", subject, ...(movedBy === ONTO_FIELD ? {} : { zone: movedBy }), ...from, ...(by ? { by } : {}), text };
  }
  // "When you Scry", "When you mill" (the event is the action).
  if (keyword && keyword.kind === "action") return { event: "keyword_action", subject: playerSubject(), keyword: keyword.name, ...useGeneric(l, clause.object), text };
  // "Whenever a unit attacks this unit": this card is the one the event happens to — the event seen from it ("When this
  // is attacked by a unit"), the other party the subject. An object selector cannot name this card, so without such a
  // reading the trigger is not understood (it would fire when any unit is attacked).
  const selfObject = !clause.be && !!clause.object && npDeterminers(clause.object).includes("this") && !isSelf && !isPlayerSubject;
  if (selfObject) {
    const seenFromThis: Partial<Record<string, EventKind>> = { attack: "attacked", block: "blocked", fight: "fights", fights: "fights", destroy: "destroyed" };
    const event = seenFromThis[verb];
    if (!event || (event === "attacked" && !cardsCanBeAttacked(l)) || (event === "fights" && !fights)) {
      l.note(head.range, `trigger not understood by the engine: "${text}" (this card as the one it happens to: write it first, "When this unit is ...")`);
      return undefined;
    }
    l.use(clause.object!.determiners);
    l.useSelfNouns(clause.object!);
    l.triggerWrittenFromOther = true;
    return { event, subject: { kind: "self" }, ...objectOf(clause.subject), text };
  }
  switch (verb) {
    case "enter":
    case "put": {
      // "enters play" / "enters the battlefield": play; "enters your Facet Zone", "is put into a Graveyard": that zone.
      const where = verb === "put" ? tailPreps.find((p) => p.prep === "into" || p.prep === "onto")?.object : clause.object;
      // The zone's name without whose it is ("an opponent's Discard Pile": a name of two words is looked up whole).
      const zoneWords = npWords(where).filter((w) => possessiveStem(w) === undefined);
      const zone = lookup(l.vocab.zones, zoneWords.join(" ")) ?? zoneWords.map((w) => lookup(l.vocab.zones, w)).find(Boolean);
      if (verb === "put" && !clause.be) break;
      const subject = cardSubject();
      if (!zone || zone === l.vocab.zoneOfRole("battlefield")) {
        if (verb === "put") break;
        // "enters play", "enters the battlefield": the zone of play is the event itself.
        // Its words, not its filters: "play under its owner's control" is read only as far as the under-reader read it.
        if (clause.object && npWords(clause.object).every((w) => w === "play" || w === "battlefield" || lookup(l.vocab.zones, w) === l.vocab.zoneOfRole("battlefield"))) l.use(clause.object.determiners, clause.object.items);
        l.use(tailPreps.filter((p) => p.prep === "into" && npWords(p.object).includes("play")));
        return { event: "enters", subject, text };
      }
      // "your Facet Zone": yours (a card outside play is its owner's); "your opponent's Graveyard": the opponent's.
      const whose = triggerZoneOwner(where!, l);
      l.use(where!.items.filter((i) => i.kind !== "word" || possessiveStem(i.text) === undefined), zonePhraseOwnFilters(where!));
      if (subject.kind === "card" && whose !== "any") subject.selector = { ...subject.selector, controller: whose };
      const from = zoneLeft(subject, where);
      return from === null ? undefined : { event: "enters", subject, zone, ...from, text };
    }
    case "leave":
      // "leaves play", "leaves the battlefield", and the game's own zone of play by name ("leaves the field" in Three-Slot
      // Duel, whose zone of play is the Field: it was CW6005 at "the field", although it ran so).
      if (clause.object && (npWords(clause.object).every((w) => w === "play" || w === "battlefield") || (!clause.object.filters.length && npDeterminers(clause.object).every((d) => d === "the") && lookup(l.vocab.zones, npWords(clause.object).join(" ")) === l.vocab.zoneOfRole("battlefield")))) l.use(clause.object.determiners, clause.object.items);
      return { event: "leaves", subject: cardSubject(), text };
    case "die":
      return { event: "destroyed", subject: cardSubject(), ...combat, text };
    case "destroy":
      // "this is destroyed" / "a creature is destroyed" vs "this destroys a creature [in combat]".
      if (clause.be || !clause.object) {
        // "When this is destroyed by a unit", "Whenever a unit you control is destroyed by an enemy unit": the destroyer.
        const by = clause.be ? tailPreps.find((p) => p.prep === "by") : undefined;
        return { event: "destroyed", subject: cardSubject(), ...objectOf(by?.object), ...combat, text };
      }
      return { event: "destroys", subject: cardSubject(), ...objectOf(clause.object), ...combat, text };
    case "fight":
    case "fights":
      // "Whenever this unit fights [a unit]" (a game whose units fight by power): the unit it fights is "that unit".
      if (l.vocab.game.params["combat_model"] !== "fight") {
        l.note(clause.range, `"${l.slice(clause.range)}": in this game creatures do not fight (combat is attackers, blockers and damage); write "Whenever this blocks or becomes blocked, ..." or "Whenever this deals combat damage, ..."`);
        break;
      }
      return { event: "fights", subject: cardSubject(), ...objectOf(clause.object), text };
    case "win":
    case "wins":
    case "survive":
    case "survives": {
      // "Whenever this unit wins a fight" (its power was the higher), "... survives a fight" (still in play after it).
      const fightWords = npWords(clause.object);
      if (fightWords.length !== 1 || !/^fights?$/.test(fightWords[0]!) || clause.object!.filters.length || tailPreps.length) break;
      if (!fights) {
        l.note(clause.range, `"${l.slice(clause.range)}": in this game creatures do not fight (combat is attackers, blockers and damage)`);
        return undefined;
      }
      l.use(clause.object!.items);
      l.useDeterminers(clause.object, "a", "an");
      return { event: verb.startsWith("win") ? "wins_fight" : "survives_fight", subject: cardSubject(), text };
    }
    case "attack": {
      if (clause.be) {
        // "Whenever this unit is attacked [by a unit with Flying]": the card an attack is aimed at; "Whenever you are
        // attacked": an attack aimed at you (as "attacks you"; an attack on a unit of yours is that unit's).
        const by = tailPreps.find((p) => p.prep === "by");
        if (by) l.use(by);
        if (isPlayerSubject) {
          const attacker = objectOf(by?.object).object;
          return { event: "attacks", subject: { kind: "card", selector: attacker?.kind === "card" ? attacker.selector : {} }, ...objectOf(clause.subject), text };
        }
        if (!cardsCanBeAttacked(l)) {
          l.note(head.range, `"${text}": in this game no attack is aimed at a card (creatures attack players), so this never fires`);
          return undefined;
        }
        return { event: "attacked", subject: cardSubject(), ...objectOf(by?.object), text };
      }
      // "Whenever you attack with this [Weapon]": this card attacks; "Whenever you attack with a creature": a card of that
      // kind the player controls attacks — the attacker is the card the event is about, as "When this attacks" says.
      const withCard = isPlayerSubject && !clause.object ? tailPreps.find((p) => p.prep === "with") : undefined;
      if (withCard && clause.tail.length === 1) {
        const np = withCard.object;
        const dets = npDeterminers(np);
        const kinds = npWords(np).every((w) => lookup(l.vocab.cardTypes, w) !== undefined || w === "card");
        const side = clause.subject ? replacedPlayer(clause.subject) : undefined;
        if (dets.length === 1 && dets[0] === "this" && kinds && !np.filters.length && side === "you") {
          l.use(clause.subject, withCard);
          return { event: "attacks", subject: { kind: "self" }, text };
        }
        // "Whenever you attack with two or more creatures": once for a declaration of that many attackers together.
        const many = npCount(np);
        if (many && many.value !== undefined && many.value >= 2 && (many.comparison === "more" || many.comparison === "greater") && kinds && !np.filters.length && side && side !== "any") {
          if (l.vocab.game.params["combat_model"] === "fight") {
            l.use(clause.subject, clause.verb, withCard);
            l.note(withCard.range, `in this game units attack one at a time, so "${l.slice(withCard.range)}" never happens: write "Whenever a ${lower(npWords(np).map(singular).join(" "))} you control attacks" (each attack) or "if you attacked with ${l.slice(np.range)} this turn" (a condition)`);
            return undefined;
          }
          l.use(clause.subject, withCard);
          const selector = l.selector({ ...np, determiners: np.determiners.filter((d) => d.kind !== "count") });
          return { event: "attacks", subject: { kind: "player", who: side }, oncePerAttack: true, attackers: { atLeast: many.value, selector: { ...selector, zones: undefined } }, text };
        }
        if (dets.length === 1 && (dets[0] === "a" || dets[0] === "an") && side && side !== "any") {
          l.use(clause.subject, withCard.object.determiners);
          l.use(withCard);
          const selector = l.selector(np);
          return { event: "attacks", subject: { kind: "card", selector: { ...selector, zones: undefined, controller: side } }, text };
        }
      }
      // "Whenever you attack, ...": once for a declaration of attackers (it fired once per attacker).
      if (isPlayerSubject && !clause.object && !clause.tail.length) return { event: "attacks", subject: cardSubject(), oncePerAttack: true, text };
      // "Whenever a creature attacks you": the player attacked (or whose card is); "Whenever this attacks a unit": the card.
      return { event: "attacks", subject: cardSubject(), ...objectOf(clause.object), text };
    }
    case "defend":
    case "defends": {
      // "Whenever this defends", "Whenever this defends against an attack" / "... against a unit with 3 or more power": a
      // defender walling an attack (Three-Slot Duel: "It ... walls the opponent's next attack"), elsewhere a blocker blocking
      // — the "blocks" event, as "can't defend" is "can't block". The attack is the event itself; a card after "against"
      // is the attacker.
      const against = tailPreps.find((p) => p.prep === "against");
      if (clause.be || clause.object || tailPreps.some((p) => p !== against)) break;
      if (!against) return { event: "blocks", subject: cardSubject(), text };
      const attack = /^attacks?$/.test(npWords(against.object).join(" ")) && !against.object.filters.length && npDeterminers(against.object).every((d) => d === "a" || d === "an");
      if (attack) {
        l.use(against.object);
        return { event: "blocks", subject: cardSubject(), text };
      }
      return { event: "blocks", subject: cardSubject(), ...objectOf(against.object), text };
    }
    case "wall":
    case "walls":
    case "block": {
      // "Whenever this unit walls an attack" (a game whose units block by becoming defenders: the rules text's own word).
      const walls = verb.startsWith("wall");
      if (walls && (clause.be || !clause.object || !(l.vocab.game.params["defenders"] ?? l.vocab.game.params["defender_walls"] !== undefined))) break;
      // "Whenever this blocks an attack": the attack is the event itself (its attacker is "the attacking unit").
      const anAttack = !clause.be && clause.object && /^attacks?$/.test(npWords(clause.object).join(" ")) && !clause.object.filters.length && npDeterminers(clause.object).every((d) => d === "a" || d === "an");
      if (anAttack) {
        l.use(clause.object);
        return { event: "blocks", subject: cardSubject(), text };
      }
      if (walls) break;
      // "Whenever this blocks a creature": the attacker blocked; "Whenever this is blocked by a creature": a blocker.
      if (!clause.be) return { event: "blocks", subject: cardSubject(), ...objectOf(clause.object), text };
      // The blocker's words are marked by objectOf: "blocked by a damaged creature" is reported at "damaged".
      const by = tailPreps.find((p) => p.prep === "by");
      return { event: "blocked", subject: cardSubject(), ...objectOf(by?.object), text };
    }
    case "become": {
      // "Whenever this becomes exhausted" (by anything: an effect, a cost, an attack); "... becomes overexhausted" (an
      // effect or an Overexhaust cost, on a card not overexhausted before).
      const becomes = npWords(clause.object).join(" ");
      if (clause.object && (becomes === "exhausted" || becomes === "overexhausted") && !npDeterminers(clause.object).length && !clause.object.filters.length && !tailPreps.length) {
        l.use(clause.object.items);
        return { event: becomes, subject: cardSubject(), text };
      }
      // "Whenever this unit becomes a defender", "Whenever a unit you control becomes a defender" (a game whose units block
      // by being made defenders): by its controller's defend action or an effect.
      if (clause.object && /^defenders?$/.test(npWords(clause.object).join(" ")) && !clause.object.filters.length && !tailPreps.length && (l.vocab.game.params["defenders"] ?? l.vocab.game.params["defender_walls"] !== undefined) === true) {
        l.use(clause.object.items);
        l.useDeterminers(clause.object, "a", "an");
        return { event: "becomes_defender", subject: cardSubject(), text };
      }
      // "Whenever this becomes blocked [by a creature]".
      if (!clause.object || npWords(clause.object).join(" ") !== "blocked" || npDeterminers(clause.object).length) break;
      l.use(clause.object.items);
      const by = [...tailPreps, ...clause.object.filters].find((p) => p.kind === "prep" && p.prep === "by") as Ast.PrepPhrase | undefined;
      if (by) l.use(by);
      return { event: "blocked", subject: cardSubject(), ...objectOf(by?.object), text };
    }
    case "harvest":
    case "harvests": {
      // "Whenever you harvest a Facet [card]", "Whenever an opponent harvests a Red card": a card entering the Facet Zone by
      // the player's harvest (Chromatic 10, "harvesting a card from your hand"; runtime/mechanics/facets.ts moves it `by` the
      // player) — not any card entering it: an effect putting one there is no harvest (it was read as "a card enters your
      // Facet Zone", probe s43 F4). The card's own words (a colour) are the card's.
      const zone = l.vocab.game.params["facet_zone"];
      const np = clause.object;
      if (!isPlayerSubject || typeof zone !== "string" || !np || clause.tail.length || np.filters.length) break;
      if ((np.determiners ?? []).some((d) => d.kind !== "determiner" || (d.text.toLowerCase() !== "a" && d.text.toLowerCase() !== "an"))) break;
      const words = npWords(np).filter((w) => w !== "facet" && w !== "facets" && w !== "card" && w !== "cards");
      if (!words.every((w) => lookup(l.vocab.colors, w))) break;
      l.use(clause.subject, np.determiners);
      l.useWords(np, "facet", "facets", "card", "cards");
      const colors = words.map((w) => lookup(l.vocab.colors, w)!);
      if (colors.length) l.useWords(np, ...words);
      const who = playerWho();
      return { event: "enters", subject: { kind: "card", selector: { ...(who === "any" ? {} : { controller: who }), ...(colors.length ? { colors } : {}) } }, zone, by: who, text };
    }
    case "shatter":
    case "shatters": {
      // "Whenever you Shatter a card": the player's Shatter (a game with the Shatter move, `shatters_per_turn`), which the
      // runtime notes as a keyword action named "Shatter" (runtime/mechanics/mana.ts). It was read as "a card enters your
      // Shatter Zone" and fired on an effect putting a Graveyard card there too (session 39 probe, silent).
      const what = npWords(clause.object);
      if (!isPlayerSubject || l.vocab.game.params["shatters_per_turn"] === undefined || !what.every((w) => w === "card" || w === "cards") || (clause.object?.determiners ?? []).some((d) => d.kind !== "determiner" || (d.text !== "a" && d.text !== "an")) || clause.object?.filters.length || clause.tail.length) break;
      l.use(clause.subject, clause.object);
      return { event: "keyword_action", subject: playerSubject(), keyword: "Shatter", text };
    }
    case "take":
      // "Whenever you take damage", "Whenever this takes damage".
      if (!objWords.includes("damage")) break;
      l.useWords(clause.object, "damage");
      return isPlayerSubject ? { event: "player_dealt_damage", subject: playerSubject(), ...combat, text } : { event: "dealt_damage", subject: cardSubject(), ...combat, text };
    case "deal": {
      l.useWords(clause.object, "damage");
      // "Whenever an opponent is dealt damage": the player; "Whenever this is dealt damage": the card.
      if (clause.be) return isPlayerSubject ? { event: "player_dealt_damage", subject: playerSubject(), ...combat, text } : { event: "dealt_damage", subject: cardSubject(), ...combat, text };
      const toPrep = tailPreps.find((p) => p.prep === "to");
      const to = toPrep?.object;
      // "Whenever a source deals damage to this unit": this card is dealt damage (the event names no source to match).
      if (to && npDeterminers(to).includes("this") && !isSelf) {
        const anySource = clause.subject && npWords(clause.subject).every((w) => /^(cards?|sources?)$/.test(w)) && npDeterminers(clause.subject).every((d) => d === "a" || d === "an" || d === "any");
        if (!anySource || !clause.subject) {
          l.note(head.range, `trigger not understood by the engine: "${text}" (the engine reads damage dealt to this card from any source: "Whenever this unit is dealt damage")`);
          return undefined;
        }
        // This card's own nouns only: "to this non-token unit" / "to this exhausted unit" keep their qualifier unread (CW6005),
        // never run as "to this unit" (insertion probe, session 38).
        l.use(clause.subject, to.determiners);
        l.useSelfNouns(to);
        l.ledger.carry(leavesOf(toPrep).filter((leaf) => lower(l.slice(leaf.range)) === "to"));
        return { event: "dealt_damage", subject: { kind: "self" }, ...combat, text };
      }
      const toPlayer = to !== undefined && isPlayerPhrase(to);
      // "Whenever you deal damage to your opponent": a player deals damage through a card of theirs (a unit, a spell they
      // play) — the event's card is theirs. A player subject kept as such would be the player dealt the damage in these
      // events ("you deal combat damage" ran as "you are dealt combat damage").
      const dealer = (): TriggerPattern["subject"] => {
        if (!clause.subject || !isPlayerPhrase(clause.subject)) return cardSubject();
        const who = playerWho();
        l.use(clause.subject);
        return { kind: "card", selector: who === "any" ? {} : { controller: who } };
      };
      // "Whenever a creature deals Breach damage to a player": the damage a keyword whose rule carries a blocked attacker's
      // damage over to the player (Breach, Overwhelm: rule overflow_to_player) sent there — combat damage to a player that
      // went past its blockers, not an unblocked hit (TriggerPattern.overflow).
      const overflowWord = toPlayer ? clause.object?.items.find((i): i is Ast.WordNode => i.kind === "word" && l.vocab.keywords.get(lower(i.text))?.rule === "overflow_to_player") : undefined;
      if (overflowWord && clause.object && npWords(clause.object).every((w) => w === "damage" || w === "combat" || w === lower(overflowWord.text))) {
        l.use(toPrep, overflowWord);
        l.useWords(clause.object, "combat");
        const who = objectOf(to).object;
        return { event: "combat_damage_player", subject: dealer(), ...(who && who.kind === "player" && who.who !== "any" ? { object: who } : {}), overflow: l.vocab.keywords.get(lower(overflowWord.text))!.name, text };
      }
      if (toPlayer && inCombat) {
        l.use(toPrep);
        const who = objectOf(to).object;
        return { event: "combat_damage_player", subject: dealer(), ...(who && who.kind === "player" && who.who !== "any" ? { object: who } : {}), text };
      }
      return { event: "deals_damage", subject: dealer(), ...objectOf(to), ...combat, text };
    }
    case "draw": {
      const subject = playerSubject();
      // "Whenever you draw your second card each turn": the player's Nth card drawn this turn (the ordinal and "each turn"
      // read here; "your"/"their" below). Any kind of card but "card" itself is not counted (CW6005 stays on the words).
      const eachTurn = clause.tail.find((t): t is Ast.TimingPhrase => t.kind === "timing" && t.which === "each" && !t.combat);
      const ordinal = clause.object?.items.find((i): i is Ast.WordNode => i.kind === "word" && ORDINALS[lower(i.text)] !== undefined);
      if (eachTurn && ordinal && clause.object && subject.kind === "player" && npWords(clause.object).filter((w) => w !== lower(ordinal.text)).every((w) => w === "card")) {
        l.use(ordinal, eachTurn, clause.object.items);
        l.useDeterminers(clause.object, "your", "their", "his or her");
        return { event: "draw", subject, nthThisTurn: ORDINALS[lower(ordinal.text)]!, text };
      }
      const object = objectOf(generic(clause.object) ? undefined : clause.object);
      // "Whenever you draw your second card": a drawn card is always the drawer's, so "your" names no kind of card — the
      // trigger is about the draw (a card-less object would be CW6004); the words it does not read stay reported.
      const sel = object.object?.kind === "card" ? object.object.selector : undefined;
      if (subject.kind === "player" && subject.who === "you" && sel && Object.keys(sel).length === 1 && sel.controller === "you") {
        l.useDeterminers(clause.object, "your");
        return { event: "draw", subject, text };
      }
      return { event: "draw", subject, ...object, ...useGeneric(l, clause.object), text };
    }
    case "discard":
      if (isSelf || (clause.object && npDeterminers(clause.object).includes("this"))) {
        l.use(clause.subject, clause.object);
        return { event: "discard", subject: { kind: "self" }, text };
      }
      return { event: "discard", subject: playerSubject(), ...objectOf(generic(clause.object) ? undefined : clause.object), ...useGeneric(l, clause.object), text };
    case "gain":
    case "get": {
      // "Whenever an opponent gains Bleed counters", "Whenever a player gets a Bleed counter", "Whenever this gets a counter".
      const counterWords = objWords.filter((w) => w !== "counter" && w !== "counters");
      const counter = counterWords.length === 1 ? (lookup(l.vocab.counters, counterWords[0]!) ?? lookup(l.vocab.counters, singular(counterWords[0]!))) : undefined;
      if (objWords.some((w) => w === "counter" || w === "counters") && (counterWords.length === 0 || counter) && !tailPreps.length) {
        // "Whenever an opponent gains two or more Bleed counters": the event's amount is no filter of the trigger, so the
        // count stays unused (CW6005, as "gains 3 or more life" is) — it was marked read with the rest and the trigger fired
        // on one counter (found by a word-substitution probe, session 36). "one or more" is what the trigger runs.
        const amount = npCount(clause.object);
        const anyAmount = amount?.value === 1 && (amount.comparison === "more" || amount.comparison === "greater");
        l.use(...clause.object!.determiners.filter((d) => d !== amount || anyAmount), ...clause.object!.items.filter((i) => i !== amount || anyAmount));
        const named = counter ? { counter } : {};
        return isPlayerSubject ? { event: "player_counter_added", subject: playerSubject(), ...named, text } : { event: "counter_added", subject: cardSubject(), ...named, text };
      }
      if (verb === "gain" && objWords.includes("life")) {
        l.useWords(clause.object, "life");
        return { event: "gain_life", subject: playerSubject(), text };
      }
      break;
    }
    case "lose":
      if (objWords.includes("life")) {
        l.useWords(clause.object, "life");
        return { event: "lose_life", subject: playerSubject(), text };
      }
      break;
    case "cast":
    case "play":
      // "When you play this", "When you cast this creature / CARDNAME": this card's own play (fires once, as it is played).
      if (isPlayerSubject && clause.object && npDeterminers(clause.object).includes("this")) {
        if (!subjectDets.includes("you") || subjectWords.length > 0) {
          l.note(head.range, `only you play this card: write "When you play this, ..."`);
          return undefined;
        }
        l.use(clause.subject);
        l.useDeterminers(clause.object, "this");
        l.useSelfNouns(clause.object);
        return { event: "cast", subject: { kind: "self" }, text };
      }
      // "Whenever an opponent plays a spell": only spells (the card played is the event's other party).
      if (isPlayerSubject) {
        // "Whenever you play your second spell each turn": the player's Nth such card this turn — the ordinal, the player's
        // own possessive and "each turn" read here, the rest of the object as ever.
        const eachTurn = clause.tail.find((t): t is Ast.TimingPhrase => t.kind === "timing" && t.which === "each" && !t.combat);
        const ordinal = clause.object?.items.find((i): i is Ast.WordNode => i.kind === "word" && ORDINALS[lower(i.text)] !== undefined);
        let object = clause.object;
        let nth: number | undefined;
        if (eachTurn && ordinal && object) {
          nth = ORDINALS[lower(ordinal.text)]!;
          l.use(ordinal, eachTurn);
          l.useDeterminers(object, "your", "their", "his or her");
          object = { ...object, items: object.items.filter((i) => i !== ordinal), determiners: object.determiners.filter((d) => !(d.kind === "determiner" && (d.lemma === "your" || d.lemma === "their"))) };
        }
        const pattern: TriggerPattern = { event: "cast", subject: playerSubject(), ...objectOf(generic(object) ? undefined : object), ...useGeneric(l, object), ...(nth !== undefined ? { nthThisTurn: nth } : {}), text };
        // The cards played before this one are counted as they were played: by kind, colour, name (DESTROYED_SELECTOR_FIELDS).
        const counted = nth !== undefined && pattern.object?.kind === "card" ? Object.keys(pattern.object.selector).filter((k) => !(DESTROYED_SELECTOR_FIELDS as readonly string[]).includes(k)) : [];
        if (counted.length) {
          l.note(clause.object!.range, `the engine counts the cards played this turn by their kind, colour and name only; it cannot count "${l.slice(clause.object!.range)}"`);
          return undefined;
        }
        return pattern;
      }
      return { event: "cast", subject: cardSubject(), text };
    default:
      break;
  }
  l.note(head.range, `trigger not understood by the engine: "${text}"`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Abilities

interface CardInfo {
  id: string;
  permanent: boolean;
  /** A card of a type that never enters play (a Duel Spell): its triggers can only be about the card itself away from play. */
  neverInPlay?: boolean;
  /** A card's own text (a game file's keyword or rule text may say "it" for what the keyword acts on). */
  card?: true;
  /**
   * Colour tags (lower case) whose abilities are enhancements bought as the permanent enters (Chromatic 13, 14:
   * "The ability is added to the creature" while it enters): a one-shot effect there runs as it enters.
   */
  enhancementTags?: ReadonlySet<string>;
  /** This ability is in such a slot. */
  enhancedOnEnter?: true;
  /** The card's type and the stats it has (a card's own text only): "than this" / "this card's power" read one of them. */
  own?: { type: string; stats: readonly string[]; permanent: boolean };
}

/** The moment a one-shot effect bought as an enhancement runs: as the permanent enters with it. */
const ENTERS_ENHANCED: TriggerPattern = { event: "enters", subject: { kind: "self" }, text: "When this enters play" };

/**
 * An enhancement slot's statement that does something once rather than describing the permanent: an imperative
 * ("Draw a card.", "Bounce target creature.") or a player doing it ("Each opponent loses 2 life."). A card subject
 * ("This gets +2 attack."), a restriction/permission ("This can't be blocked."), a prevention or a cost change stay statics.
 */
function isOneShotStatement(seq: Ast.Sequence): boolean {
  // A card's change that lasts a while ("this unit gets +1 power until end of turn") is done once too, not a static.
  const lasting = (clause: Ast.Clause) => clause.tail.some(isDurationPhrase);
  return seq.steps.length > 0 && seq.steps.every(({ clause }) => !!clause.verb && !clause.modal && (!clause.subject || isPlayerPhrase(clause.subject) || lasting(clause)) && !["prevent", "cost"].includes(clause.verb.lemma));
}

/**
 * The clauses of "If ..., this creature gets +1/+1." that change a card with no duration written ("gets", "has", "gains"),
 * where every other clause is done once (isOneShotStatement's): after a trigger on its line, one such sentence could be a
 * static or the trigger's change. Empty for any other sequence.
 */
function undatedCardChanges(seq: Ast.Sequence): Ast.Clause[] {
  const changes = seq.steps.filter(({ clause }) => !!clause.verb && !clause.modal && !!clause.subject && !isPlayerPhrase(clause.subject) && ["get", "have", "gain"].includes(clause.verb.lemma) && !clause.tail.some(isDurationPhrase));
  const rest = seq.steps.filter((step) => !changes.includes(step));
  return changes.length && (!rest.length || isOneShotStatement({ ...seq, steps: rest })) ? changes.map(({ clause }) => clause) : [];
}

/** The body after a marker or cost ("Entomb: ...", "Exhaust: ..."): it runs when they say, not as the card enters. */
function afterPrefix(card: CardInfo): CardInfo {
  const { enhancedOnEnter: _slot, ...rest } = card;
  return { ...rest, permanent: false };
}

function enteringEnhanced(a: Ability, l: AbilityLowering): void {
  a.kind = "triggered";
  a.trigger = ENTERS_ENHANCED;
  l.eventKind = a.trigger.event;
  l.eventText = a.trigger.text;
  l.eventPlayer = carriesPlayer(a.trigger);
  l.combatTrigger = false;
}

/** Events that can happen to a card that is never in play: drawn, discarded, cast, erased, or entering a zone by name. */
function happensAwayFromPlay(trigger: TriggerPattern): boolean {
  if (trigger.subject.kind !== "self") return false;
  if (trigger.event === "enters") return trigger.zone !== undefined;
  return trigger.event === "draw" || trigger.event === "discard" || trigger.event === "cast" || trigger.event === "keyword_action";
}

function lowerAbility(ast: Ast.Ability, index: number, card: CardInfo, l: AbilityLowering): Ability {
  const id = `${card.id}#${index}`;
  const base: Ability = { id, kind: card.permanent ? "static" : "spell", targets: [], steps: [], text: l.slice(ast.range).trim(), source: l.source(ast.range) };
  if (ast.tag) {
    base.tag = ast.tag.text;
    l.use(ast.tag);
  }
  const notesBefore = l.notes.length;
  if (card.own) l.own = card.own;
  const slot: CardInfo = ast.tag && card.enhancementTags?.has(lower(ast.tag.text)) ? { ...card, enhancedOnEnter: true } : card;
  lowerBody(ast.body, base, slot, l);
  // "Put a Bleed counter on target creature." where Bleed counters are a player's: checked on the ability's final steps.
  l.counterHolders(base.steps, ast.body.range);
  // An enhancement's effects with no trigger ("[Blue] Choose one — ...", "[Red] If you control a Knight, draw a card."):
  // they run as the permanent enters with it.
  if (slot.enhancedOnEnter && base.kind === "static" && base.steps.length && !base.statics?.length) enteringEnhanced(base, l);
  // A static ability runs no steps: effects written on a permanent with no trigger, marker or cost
  // ("Choose one — ..." or "If ..., draw a card." on a creature) would do nothing.
  if (base.kind === "static" && base.steps.length && l.notes.length === notesBefore) l.note(ast.body.range, `an effect with no trigger on a permanent does nothing by itself: "${l.slice(ast.body.range)}"`);
  // "As long as target creature is exhausted, this gets +1/+0.": an ongoing ability is never played, so nothing chooses its
  // target — it would hold for no card.
  if ((base.kind === "static" || base.kind === "replacement") && l.targets.length && l.notes.length === notesBefore)
    l.note(ast.body.range, `"${l.slice(ast.body.range)}" is an ongoing ability, and nothing chooses a target for one: name the cards it is about ("a creature you control", "each creature an opponent controls"), or make it an ability that is played or triggered ("When this enters play, ...", "Exhaust: ...")`);
  // "PLAY: Draw a card." on a Spell: a spell is never in play, so the trigger never fires — the text would do nothing.
  if (card.neverInPlay && base.kind === "triggered" && base.trigger && !happensAwayFromPlay(base.trigger) && l.notes.length === notesBefore)
    l.note(ast.body.range, `this card never enters play, so "${base.trigger.text}" never fires for it: write the effect without the trigger or marker (it runs when the card resolves)`);
  // "Deal 4 damage to target unit. If it would be destroyed, put it into Oblivion instead." on a Spell: a replacement
  // applies while its card is in play, which a spell never is — it would never replace anything.
  if (card.neverInPlay && base.kind === "replacement" && l.notes.length === notesBefore)
    l.note(ast.body.range, `this card never enters play, so "${l.slice(ast.body.range)}" never replaces anything: a replacement ("If ... would ..., ... instead.") works on a card in play (a Unit's text)`);
  // "Whenever you discard a card, summon this from your Graveyard." / "Erase a card: Return this from your Graveyard to your
  // hand.": an activated ability, or a trigger about anything but the card itself, runs only while the card is in play —
  // and then it is not in that zone, so the move would never happen.
  let stranded = (base.kind === "activated" || (base.kind === "triggered" && base.trigger?.subject.kind !== "self")) && l.notes.length === notesBefore ? movesSelfFromAZone(base.steps, l) : undefined;
  // "Pay 3 life: Return this card from your Discard Pile to your hand.": an activated ability that takes its own card out
  // of its owner's graveyard says it works there — activated from that zone (IR `from`), if its cost can be paid by a card
  // that is not in play (not one that exhausts, sacrifices or takes counters from this card).
  if (stranded && base.kind === "activated" && stranded === l.vocab.zoneOfRole("graveyard")) {
    const selfCost = (base.cost ?? []).find((c) => c.pays === "exhaust" || c.pays === "overexhaust" || c.pays === "counters" || (c.pays === "sacrifice" && "kind" in c.what && c.what.kind === "self"));
    if (selfCost) {
      l.note(ast.body.range, `"${l.slice(ast.body.range)}" works from the ${stranded} (this card's ability takes it from there), and its cost ${selfCost.pays === "counters" ? "removes counters from" : selfCost.pays === "sacrifice" ? "sacrifices" : "exhausts"} this card, which only a card in play can pay: give it a cost a card in the ${stranded} can pay ("Pay 3 life: ...", "{B}{1}: ...", "Discard a card: ...")`);
    } else base.from = stranded;
    stranded = undefined;
  }
  if (stranded) l.note(ast.body.range, `"${l.slice(ast.body.range)}" runs only while this card is in play, and then it is not in the ${stranded}: the engine runs a card's triggers and abilities in play (and "When this is destroyed / discarded" where it went), so the card would never move`);
  // A spell's sentence of its own that says "it"/"its" before anything is targeted or chosen ("Destroy target
  // creature. You gain life equal to its power." as two abilities): "it" would name nothing.
  if (card.card && base.kind === "spell" && !l.targets.length && l.notes.length === notesBefore && refersToItFirst([...l.stepsBefore, ...base.steps]))
  {
    // The words that refer back, as written (probe s44 M1: the message blamed an "it" that was not in the text).
    const said = l.slice(ast.body.range);
    const words = referringWords(said);
    l.note(ast.body.range, words.next
      ? `"${words.text}" is a card not yet played when this resolves: the engine changes only cards in play or named by a step before it — write it as a trigger ("Whenever you play a creature, …") or name a card in play`
      : l.stepsBefore.length || base.steps.length > 1
        ? `"${words.text}" names no card in "${said}": no step before it takes a card the engine can name${[...l.stepsBefore, ...base.steps].some((s) => s.op === "draw") ? " (a draw names the card it took only when one player draws one card)" : ""}${words.thisWay ? ` — the engine does not keep which card each player ${words.thisWay}` : ""} — name the card`
        : `"${words.text}" refers to nothing in a sentence of its own: "${said}" — join it to the sentence it refers to (", then ...") or name the card`);
  }
  hoistKeywordTargets(base.steps, l);
  // A phrase's slots are grouped by the ability's own id, so groups stay apart when a card's abilities' targets are chosen together.
  base.targets = abilityTargets(id, l.targets);
  return base;
}

/**
 * "[Red] Spark 3." (Spark N = "Deal N damage to any target."): the targets of a keyword action's own text are the ability's,
 * chosen as it is cast (a trigger's, as it is put into resolution) — as "Deal 3 damage to any target." written out chooses
 * its target — so the opponent responds to a known target, and the ability fizzles when it is gone. They were chosen as
 * the keyword ran. Only a keyword you perform that acts on no card named on the card ("Bounce target creature" acts on
 * that one); in a "Choose one —" mode, with that mode. Not inside a delayed trigger or a step each player runs.
 */
function hoistKeywordTargets(steps: Step[], l: AbilityLowering, mode?: number): void {
  for (let i = 0; i < steps.length; i++) {
    // "Spark 1 twice.": the repetition holds one step twice; each Spark chooses its own target, as "Spark 1, then Spark 1." does.
    if (steps.indexOf(steps[i]!) < i) {
      steps[i] = structuredClone(steps[i]!);
      if (steps[i]!.op === "keyword_action") delete (steps[i] as { ownTargets?: unknown }).ownTargets;
    }
    const step = steps[i]!;
    if (step.op === "if") {
      hoistKeywordTargets(step.then, l, mode);
      if (step.else) hoistKeywordTargets(step.else, l, mode);
    } else if (step.op === "may") {
      hoistKeywordTargets(step.steps, l, mode);
      if (step.otherwise) hoistKeywordTargets(step.otherwise, l, mode);
    } else if (step.op === "choose_one") step.modes.forEach((m, k) => hoistKeywordTargets(m.steps, l, mode ?? k));
    else if (step.op === "keyword_action" && !step.target && !step.ownTargets && step.who.kind === "you") {
      const own = l.vocab.keywords.get(lower(step.keyword))?.ability?.targets;
      if (!own?.length) continue;
      step.ownTargets = own.map((spec) => ({ kind: "target", index: l.addTarget({ ...spec, ...(mode !== undefined ? { mode } : {}) }) }));
    }
  }
}

/**
 * "The engine cannot run this" (CW6001, a note with no code of its own) means nothing of it runs: a step lowered from the
 * words a note is at — its range meets the note's — is the engine's "unsupported" rule (which runs nothing; reads-as
 * prints it "(nothing: the engine cannot run this text)"), the innermost such step (a step inside an `if`, a `may`, a mode
 * …), and a step left with nothing else to run is too. Before (issue 11, session 42), the lowering noted words it could not
 * read and went on with the rest: `The player with the most life loses 3 life.` warned and made its caster lose 3 life;
 * `PLAY: Draw a card. If it's a unit card, draw another card.` warned and drew two cards.
 */
function runNothingNoted(abilities: readonly Ability[], notes: readonly LoweringNote[]): void {
  const ranges = notes.filter((n) => n.code === undefined).map((n) => n.range);
  if (!ranges.length) return;
  const meets = (r: Range) => ranges.some((n) => startOffset(n) < endOffset(r) && startOffset(r) < endOffset(n));
  const unsupported = (s: Step) => s.op === "rule" && s.rule === "unsupported";
  const nothing = (step: Step): Step => ({ op: "rule", rule: "unsupported", ...(step.source ? { source: step.source } : {}) });
  const keep = (steps: Step[]): Step[] => {
    const out: Step[] = [];
    for (const step of steps) {
      const inner = innerStepLists(step);
      let next = step;
      if (inner.length && inner.some(([list]) => list.some((s) => s.source && meets(s.source.range)))) {
        for (const [list, set] of inner) set(keep(list));
        if (innerStepLists(step).every(([list]) => list.every(unsupported))) next = nothing(step);
      } else if (!unsupported(step) && step.source && meets(step.source.range)) next = nothing(step);
      // One "nothing" for a run of them.
      if (unsupported(next) && out.length && unsupported(out[out.length - 1]!)) continue;
      out.push(next);
    }
    return out;
  };
  for (const ability of abilities) if (ability.steps?.length) ability.steps = keep(ability.steps);
}

/** The lists of steps a step holds (an `if`'s branches, a `may`'s, a mode's, a delayed trigger's, each player's), each with its setter. */
function innerStepLists(step: Step): [Step[], (steps: Step[]) => void][] {
  switch (step.op) {
    case "if":
      return [[step.then, (s) => (step.then = s)], ...(step.else ? [[step.else, (s: Step[]) => (step.else = s)] as [Step[], (s: Step[]) => void]] : [])];
    case "may":
      return [[step.steps, (s) => (step.steps = s)], ...(step.otherwise ? [[step.otherwise, (s: Step[]) => (step.otherwise = s)] as [Step[], (s: Step[]) => void]] : [])];
    case "choose_one":
      return step.modes.map((m) => [m.steps, (s: Step[]) => (m.steps = s)]);
    case "delayed":
    case "per_player":
      return [[step.steps, (s) => (step.steps = s)]];
    default:
      return [];
  }
}

/** Adverbs that are no words of a token's name ("a 1/1 Bat again token"): CW6001 at them (tokenStep). */
const TOKEN_NAME_ADVERBS = new Set(["again", "too", "also", "now", "then", "still", "instead", "once", "twice", "thrice", "here", "there", "just", "only", "even", "anyway", "afterwards", "later", "immediately"]);

/** The zone a step moves the card itself from ("summon this from your Graveyard"), when it is not play. */
function movesSelfFromAZone(steps: Step[], l: AbilityLowering): string | undefined {
  let zone: string | undefined;
  walkSteps(steps, (step) => {
    if ((step.op === "move" || step.op === "summon") && step.from && step.what.kind === "card" && step.what.ref.kind === "self" && step.from.zone !== l.vocab.zoneOfRole("battlefield")) zone ??= step.from.zone;
  });
  return zone;
}

/** An ability's targets: a phrase's slots are grouped by the ability's own id, so groups stay apart when a card's abilities' targets are chosen together. */
function abilityTargets(id: string, targets: TargetSpec[]): TargetSpec[] {
  return targets.map((t) => (t.group === undefined ? t : { ...t, group: `${id}:${t.group}` }));
}

/**
 * "Draw a card twice." · "Deal 1 damage to each creature and each player twice." · "Scry 1 three times.": a clause
 * whose last words say how many times it happens (`twice`, `thrice`, `<N> times`, `again`: once more, as the sentence
 * already does), with those words; undefined otherwise.
 */
const REPETITION_END = /(?:twice|thrice|again|times?)$/i;
function repetition(clause: Ast.Clause, text: Text): { times: number; words: Ast.BaseNode[] } | undefined {
  // The clause's last word is one of these, so its text ends with it: most clauses are passed over without walking
  // their tree (the walk was ≈ 2 % of a 10k-card check's CPU).
  const end = endOffset(clause.range);
  if (!REPETITION_END.test(text.slice(Math.max(startOffset(clause.range), end - 6), end))) return undefined;
  const words: (Ast.WordNode | Ast.Count)[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const kind = (node as { kind?: unknown }).kind;
    if (kind === "word" || kind === "count") words.push(node as Ast.WordNode | Ast.Count);
    const record = node as Record<string, unknown>;
    for (const key in record) if (key !== "range" && Object.hasOwn(record, key)) walk(record[key]);
  };
  walk(clause);
  words.sort((a, b) => endOffset(a.range) - endOffset(b.range));
  const last = words[words.length - 1];
  if (!last || last.kind !== "word" || endOffset(last.range) !== endOffset(clause.range)) return undefined;
  const word = lower(last.text);
  if (word === "twice") return { times: 2, words: [last] };
  if (word === "thrice") return { times: 3, words: [last] };
  // "Siphon 2. ..., Siphon 2 again.": the clause happens once more — once, here, as written.
  if (word === "again") return { times: 1, words: [last] };
  const count = words[words.length - 2];
  if ((word === "times" || word === "time") && count?.kind === "count" && typeof count.value === "number" && count.value >= 1 && count.value <= 10) return { times: count.value, words: [count, last] };
  return undefined;
}

/** A word for a card's exhausted state: true for "exhausted" / "tapped" / "overexhausted", false for "renewed" (CYBERVAMP) / "ready" (Chromatic) / "untapped". */
function readinessOf(word: string): boolean | undefined {
  return word === "exhausted" || word === "tapped" || word === "overexhausted" ? true : word === "renewed" || word === "ready" || word === "untapped" ? false : undefined;
}

/**
 * The selector part a readiness word keeps: "exhausted" / "renewed" (negated: the other), "overexhausted" (CYBERVAMP: an
 * Overexhausted card, which is exhausted too; "not overexhausted" is not read: undefined, its words stay unread).
 */
function readinessSelector(word: string, negated = false): Pick<CardSelector, "exhausted" | "overexhausted"> | undefined {
  if (word === "overexhausted") return negated ? undefined : { exhausted: true, overexhausted: true };
  const ready = readinessOf(word);
  return ready === undefined ? undefined : { exhausted: ready !== negated };
}

/** What an activated ability's last sentence limits: how many times each turn, and when ("Activate only during your turn."). */
interface ActivationLimit {
  times?: number;
  only?: Condition;
}

/**
 * "Activate this only once each turn." · "Activate only twice each turn." · "Activate this ability only once per turn." ·
 * "You may activate this only three times each turn." · "Activate only during your turn." · "Activate only during an
 * opponent's turn." · "Activate only during your Pre-Battle phase." · "Activate only if you control a Vampire." ·
 * "Activate only once each turn and only during your turn.": the limits of the sentence made of these clauses (its words
 * marked used); undefined when the first clause is no "Activate [this] only ..." (the sentence is then an effect). A limit
 * the engine cannot keep ("Activate only as a sorcery.") is a note at its words, with the forms that work.
 */
function activationLimit(clauses: Ast.Clause[], l: AbilityLowering): ActivationLimit | undefined {
  const [clause, ...more] = clauses;
  if (!clause || clause.verb?.lemma !== "activate" || clause.orVerbs?.length || clause.be) return undefined;
  const subjectOk = !clause.subject || (npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "you");
  if (!subjectOk || (clause.modal && clause.modal.lemma !== "may") || !clause.object || !npDeterminers(clause.object).every((d) => d === "this")) return undefined;
  // "and only once each turn": a clause of its own whose verb is "only".
  if (more.some((c) => c.verb?.lemma !== "only" || c.subject || c.modal || c.be || c.orVerbs?.length || (c.object && npDeterminers(c.object).length))) return undefined;
  let times: number | undefined;
  let only = false;
  const eachTurn: Ast.TailItem[] = [];
  for (const c of [clause, ...more]) {
    const obj = c.object;
    if (obj && (obj.filters.length || obj.also)) return undefined;
    const written = npWords(obj).filter((w) => w !== "ability");
    only ||= written.includes("only") || c.verb?.lemma === "only";
    let words = written.filter((w) => w !== "only");
    // "once per turn" (`per` is no preposition of the grammar): the timing is in the phrase.
    const perTurn = words.length >= 2 && words[words.length - 2] === "per" && /^turns?$/.test(words[words.length - 1]!);
    if (perTurn) words = words.slice(0, -2);
    const count = npCount(obj);
    const n = words.join(" ") === "once" && !count ? 1 : words.join(" ") === "twice" && !count ? 2 : /^times?$/.test(words.join(" ")) && count && typeof count.value === "number" && count.value > 0 ? count.value : undefined;
    if (words.length && n === undefined) return undefined;
    const each = c.tail.filter((t) => t.kind === "timing" && (t as Ast.TimingPhrase).which === "each" && !(t as Ast.TimingPhrase).combat);
    // A count needs its "each turn" (or "per turn"), and "each turn" its count.
    if ((n !== undefined) !== (each.length + (perTurn ? 1 : 0) === 1) || each.length > 1) return undefined;
    if (n !== undefined) {
      if (times !== undefined) return undefined;
      times = n;
    }
    eachTurn.push(...each);
  }
  // Without a count, only "Activate [this] only <when>" is a limit ("Activate this." is not).
  if (times === undefined && !only) return undefined;
  const conditions: Condition[] = [];
  for (const item of [clause, ...more].flatMap((c) => c.tail)) {
    if (eachTurn.includes(item)) continue;
    const c = item.kind === "prep" && item.prep === "during" ? l.duringLimit(item) : item.kind === "condition" && item.word === "if" ? limitCondition(item, l) : undefined;
    if (c) conditions.push(c);
    else if (!(item.kind === "condition" && item.word === "if"))
      l.note(item.range, `the engine cannot limit an activated ability to "${l.slice(item.range)}": write "Activate only during your turn." (or "during an opponent's turn", "during your <phase> phase"), "Activate only if <condition>." or "Activate only once each turn."`);
  }
  l.use(clause.verb, clause.modal, clause.subject, ...eachTurn);
  // "twice" is the count: carried, as a repetition word must be.
  l.ledger.carry([clause, ...more].map((c) => [c.object, c.verb]));
  const when: Condition | undefined = conditions.length > 1 ? { kind: "all", conditions } : conditions[0];
  return { ...(times !== undefined ? { times } : {}), ...(when ? { only: when } : {}) };
}

/**
 * "Play this only during an opponent's Battle phase." · "Cast this spell only during your turn." · "You may play this card
 * only during your Pre-Battle phase." · "Play this only if you control a Vampire.": when the card may be played (its words
 * marked used); undefined when the sentence is no "Play/Cast this [card] only ..." (it is then an effect). A limit the
 * engine cannot keep ("only in response to a spell") is a note at its words, with the forms that work; the result then
 * holds no condition (the sentence is still the limit, and adds nothing to the card).
 */
function playLimit(clauses: readonly Ast.Clause[], l: AbilityLowering): { condition?: Condition } | undefined {
  const clause = playLimitClause(clauses);
  if (!clause) return undefined;
  const words = npWords(clause.object).map(lower);
  if (!words.includes("only") || !words.every((w) => w === "only" || w === "spell" || w === "card" || l.cardNoun(w))) return undefined;
  const limitNote = (range: Range) =>
    l.note(range, `the engine cannot limit playing this card to "${l.slice(range)}": write "Play this only during your turn." (or "during an opponent's turn", "during your <phase> phase", "during an opponent's <phase> phase") or "Play this only if <condition>."`);
  // "Play this only in response to a spell ...": "in response" is read as the object's phrase, the rest as the tail.
  const [firstFilter] = clause.object.filters;
  const responseTo = firstFilter && clause.object.filters.length === 1 && firstFilter.kind === "prep" && firstFilter.prep === "in" && npWords(firstFilter.object).join(" ") === "response" && !npDeterminers(firstFilter.object).length && clause.tail.length === 1 && clause.tail[0]!.kind === "prep" && clause.tail[0]!.prep === "to" ? clause.tail[0]!.object : undefined;
  const waiting = responseTo ? l.spellsWaiting(responseTo) : undefined;
  if (firstFilter && waiting) {
    // "Play this only in response to a spell." · "... to a spell an opponent controls." · "... to a Creature spell.": a
    // spell of that kind waits on the response chain as the card is played.
    l.use(clause.verb, clause.modal, clause.subject, clause.object, firstFilter);
    return { condition: { kind: "compare", left: { kind: "count", of: waiting }, op: ">=", right: 1 } };
  }
  if (firstFilter) {
    const last = clause.tail[clause.tail.length - 1] ?? clause.object.filters[clause.object.filters.length - 1]!;
    limitNote(spanOf(firstFilter.range, last.range));
    l.use(clause.verb, clause.modal, clause.subject, clause.object);
    return {};
  }
  const conditions: Condition[] = [];
  let unread = false;
  for (const item of clause.tail) {
    const c = item.kind === "prep" && item.prep === "during" ? l.duringLimit(item) : item.kind === "condition" && item.word === "if" ? limitCondition(item, l) : undefined;
    if (c) conditions.push(c);
    else {
      unread = true;
      if (!(item.kind === "condition" && item.word === "if")) limitNote(item.range);
    }
  }
  if (!conditions.length && !unread) return undefined;
  l.use(clause.verb, clause.modal, clause.subject, clause.object);
  if (unread) return {};
  return { condition: conditions.length > 1 ? { kind: "all", conditions } : conditions[0]! };
}

/**
 * The one clause of a sentence that may be a play limit ("Play this only ...", "You may cast this only ..."), by its words
 * alone (playLimit reads the rest): lowerCard asks it before making a lowering for playLimit, for every statement of a card.
 */
function playLimitClause(clauses: readonly Ast.Clause[]): (Ast.Clause & { object: Ast.NounPhrase }) | undefined {
  const [clause, ...more] = clauses;
  if (!clause || more.length || (clause.verb?.lemma !== "play" && clause.verb?.lemma !== "cast") || clause.orVerbs?.length || clause.be) return undefined;
  const subjectOk = !clause.subject || (npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "you");
  if (!subjectOk || (clause.modal && clause.modal.lemma !== "may") || !clause.object || clause.object.also) return undefined;
  if (!npDeterminers(clause.object).every((d) => d === "this")) return undefined;
  return clause as Ast.Clause & { object: Ast.NounPhrase };
}

/** Puts a limit on an activated ability; a second limit sentence ("Activate only once each turn. Activate only during your turn.") adds to the first. */
function setActivationLimit(a: Ability, limit: ActivationLimit): void {
  if (limit.times !== undefined) a.timesPerTurn = limit.times;
  if (limit.only) a.activateOnly = a.activateOnly ? { kind: "all", conditions: [a.activateOnly, limit.only] } : limit.only;
}

/** Does the first step that names a card name "it" (the event's or an earlier step's card) before any choice or look? */
/**
 * The words of a sentence that refer back to a card, for a message about them: "it"/"its"/"them" where written, else "the
 * Weapon they lost this way" (`thisWay`: the verb of that record), else "the next creature you play" (`next`), else a
 * definite phrase ("that creature"), else the sentence.
 */
function referringWords(sentence: string): { text: string; next?: boolean; thisWay?: string } {
  const thisWay = /\b(?:the|that|those) [\w' ]+? (\w+) this way\b/i.exec(sentence);
  // ("the attack of the Weapon they lost this way": the card is the phrase after the last "of".)
  if (thisWay) return { text: thisWay[0].slice(thisWay[0].lastIndexOf(" of ") + 1).replace(/^of /, ""), thisWay: thisWay[1]! };
  const pronoun = /\b(it|its|them|itself)\b/i.exec(sentence);
  if (pronoun) return { text: pronoun[1]!.toLowerCase() };
  const next = /\bthe next [\w' ]+?(?= this turn\b| gains?\b| gets?\b| has\b| costs?\b| can\b|[,.]|$)/i.exec(sentence);
  if (next) return { text: next[0], next: true };
  const definite = /\b(?:that|those|the) [\w' ]+?(?= gains?\b| gets?\b| has\b| have\b| is\b| are\b| can\b|[,.]|$)/i.exec(sentence);
  return { text: definite?.[0] ?? sentence };
}

function refersToItFirst(steps: Step[]): boolean {
  return itFirst(steps) ?? false;
}

/** refersToItFirst over steps, a run of each player's steps (`per_player`) read in order: undefined when none decides. */
function itFirst(steps: Step[]): boolean | undefined {
  for (const step of steps) {
    // "Each player sacrifices a unit, then draws cards equal to its power": the player's own run, in order.
    if (step.op === "per_player") {
      const inner = itFirst(step.steps);
      if (inner !== undefined) return inner;
      continue;
    }
    // A one-shot replacement's "it" is the card its event happens to ("The next time a unit you control would be destroyed
    // this turn, return it to its owner's hand instead.").
    if (step.op === "choose_cards" || step.op === "look_top" || step.op === "search" || step.op === "choose_one" || step.op === "replace_next") return false;
    // The cards a discard, a sacrifice or a move of the top cards took are "it" for the steps after (runtime/core/effects.ts):
    // "Put the top card of your deck into your graveyard. If it's a unit card, summon it." names the card moved; "Sacrifice a
    // unit. Draw cards equal to its power." the unit sacrificed (it was CW6001, blaming a draw that is not there).
    if (step.op === "discard" || step.op === "move_top" || step.op === "sacrifice") return false;
    const kinds = kindsUnder(step);
    if (kinds.has("it")) return true;
    if (kinds.has("chosen") || kinds.has("target")) return false;
  }
  return undefined;
}

/** The field naming the players a step acts on or for, for the steps one clause's parts can share (notePlayerNamedTwice). */
const PLAYER_FIELD: Partial<Record<Step["op"], string>> = {
  damage: "to",
  add_counters: "on",
  remove_counters: "on",
  draw: "who",
  discard: "who",
  gain_life: "who",
  lose_life: "who",
  gain_resource: "who",
  lose_resource: "who",
  keyword_action: "who",
  sacrifice: "who",
  move_top: "who",
};

/** Steps that wrap the steps of a part ("you may ..."), by the field holding them. */
const INNER_STEPS: Partial<Record<Step["op"], string>> = { may: "steps", per_player: "steps", if: "then" };

/** The `kind` of every object under an IR value (a walk, not a JSON text: this runs for every spell ability). */
function kindsUnder(value: unknown, out = new Set<unknown>()): Set<unknown> {
  if (Array.isArray(value)) for (const item of value) kindsUnder(item, out);
  else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (Object.hasOwn(record, "kind")) out.add(record.kind);
    for (const key in record) if (Object.hasOwn(record, key)) kindsUnder(record[key], out);
  }
  return out;
}

function withPending(l: AbilityLowering, steps: Step[]): Step[] {
  // "a card from ..." choices collected while lowering a clause run right before it.
  const out: Step[] = [];
  for (const step of steps) out.push(step);
  if (l.pending.length) {
    const pending = l.pending;
    l.pending = [];
    return [...pending, ...out];
  }
  return out;
}

function lowerSequenceWithPending(seq: Ast.Sequence, l: AbilityLowering): Step[] {
  return l.sequence(seq);
}

/**
 * "Deal 2 damage to target creature and 1 damage to its controller": a clause with no verb
 * after `and` / `,` repeats the previous clause's verb (and its subject, when it has none).
 * Each clause comes with the step of the sequence it was written in (its connector, its `If you do,`).
 */
function withSharedVerbs(seq: Ast.Sequence, text: Text, stats: string[] = [], isKeywordAbility: (word: string) => boolean = () => false): { clause: Ast.Clause; step: Ast.Step; parts?: number; repeat?: { times: number; words: Ast.BaseNode[] }; each?: Ast.WordNode; mayShared?: boolean }[] {
  const raw: { clause: Ast.Clause; step: Ast.Step; mayShared?: boolean }[] = [];
  let previous: Ast.Clause | undefined;
  const changesStats = (c: Ast.Clause | undefined) => c?.object !== undefined && ["get", "gain", "lose"].includes(c.verb?.lemma ?? "") && isStatChangeList(c.object) && flattenAlso(c.object).every((p) => npWords(p).some((w) => stats.includes(w)));
  for (const step of seq.steps) {
    let clause = step.clause;
    // `Give target creature +2/+0 and Flying until end of turn`, `Target creature gets +1/+1 and Shroud until end of turn`:
    // a keyword after `and` is one more thing given, not a verb (it was CW6001 "cannot execute Flying", and only the
    // change before it ran).
    const joined = joinedToGift(previous, step);
    // `Target creature gets +2/+0 and gains Flying until end of turn` is the same one change (so its reads-as text, and
    // the form with the keyword alone, compile to one step).
    const grant = !joined && previous && giftOf(previous) && !step.condition && ["and", ", and"].includes(step.connector) && clause.verb?.lemma === "gain" && !clause.subject && !clause.modal && !clause.be && !clause.complement && !clause.orVerbs?.length && clause.object && isBareWordList(clause.object) && flattenAlso(clause.object).every((p) => p.items[0]?.kind === "word" && isKeywordAbility(p.items[0].text)) ? clause.object : undefined;
    const gift = (joined && isKeywordAbility(joined.word.text)) || grant ? giftOf(previous!) : undefined;
    if (gift && (joined || grant)) {
      const last = raw[raw.length - 1]!;
      const keyword: Ast.NounPhrase = grant ?? { kind: "np", determiners: [], items: joined!.amount ? [joined!.word, joined!.amount] : [joined!.word], filters: [], range: joined!.amount ? spanOf(joined!.word.range, joined!.amount.range) : joined!.word.range };
      const withKeyword: Ast.NounPhrase = { ...gift, also: [...(gift.also ?? []), keyword] };
      const merged: Ast.Clause = {
        ...previous!,
        ...(previous!.complement === gift ? { complement: withKeyword } : { object: withKeyword }),
        tail: [...previous!.tail, ...clause.tail],
        range: { start: previous!.range.start, end: clause.range.end },
      };
      GIFT_LISTS.set(withKeyword, grant ? [...(GIFT_LISTS.get(gift) ?? []), clause.verb!, ...(clause.also ? [clause.also] : [])] : (GIFT_LISTS.get(gift) ?? []));
      raw[raw.length - 1] = { clause: merged, step: last.step };
      previous = merged;
      continue;
    }
    if (!clause.verb && previous?.verb && clause.object && !clause.be) {
      // `Target creature gets +1 attack and +1 defense until end of turn`: one change of both stats on the
      // same card, lasting as the sentence says (not a second target, not a half that never ends).
      const gapped: Ast.Clause = { ...clause, verb: previous.verb };
      if (!clause.subject && step.connector !== "." && step.connector !== "—" && changesStats(previous) && changesStats(gapped)) {
        const last = raw[raw.length - 1]!;
        const merged: Ast.Clause = {
          ...previous,
          object: { ...previous.object!, also: [...(previous.object!.also ?? []), clause.object] },
          tail: [...previous.tail, ...clause.tail],
          range: { start: previous.range.start, end: clause.range.end },
        };
        raw[raw.length - 1] = { clause: merged, step: last.step };
        previous = merged;
        continue;
      }
      // After ", or" the words are another amount of the clause before (AbilityLowering.orAmount): its subject is that clause's.
      clause = { ...clause, verb: previous.verb, ...(clause.subject || !previous.subject || step.connector === ", or" ? {} : { subject: previous.subject }) };
    }
    // `Target player draws two cards and loses 2 life`, `Each player draws a card, then discards a card`: a verb that
    // agrees with the subject before it (`loses`, not the imperative `lose`) in the same sentence shares that subject.
    let mayShared = false;
    if (clause.verb && !clause.subject && !clause.modal && previous?.modal?.lemma === "may" && previous.subject && isPlayerPhrase(previous.subject) && !npDeterminers(previous.subject).concat(npWords(previous.subject)).includes("you") && ["and", ", and", ",", ", then"].includes(step.connector) && !step.condition) {
      // `Target opponent may discard a card and lose 1 life`: the bare verb goes on with what they may do (one question).
      SHARED_SUBJECTS.add(previous.subject);
      SHARED_CLAUSE_SUBJECTS.add(previous.subject);
      clause = { ...clause, subject: previous.subject };
      mayShared = true;
    } else if (clause.verb && !clause.subject && previous?.subject && step.connector !== "." && step.connector !== ". then" && step.connector !== ";" && step.connector !== "—" && !step.condition && sharesSubject(clause, previous)) {
      SHARED_SUBJECTS.add(previous.subject);
      SHARED_CLAUSE_SUBJECTS.add(previous.subject);
      clause = { ...clause, subject: previous.subject };
    }
    raw.push({ clause, step, ...(mayShared ? { mayShared } : {}) });
    previous = clause;
  }
  shareTrailingDurations(raw);
  return raw.flatMap(({ clause, step, mayShared }) => {
    // "... twice" / "... three times": read without those words; the first part says how many parts repeat.
    const repeat = clause.modal ? undefined : repetition(clause, text);
    const parts = expandAlso(repeat ? withoutNodes(clause, new Set(repeat.words)) : clause);
    // "You and target opponent each gain 3 life": the subjects' parts, each run for its own player — what "each" says.
    const each = clause.each && clause.subject?.also?.length && parts.length > 1 ? clause.each : undefined;
    return parts.map((part, i) => ({ clause: part, step, ...(i === 0 && parts.length > 1 ? { parts: parts.length } : {}), ...(repeat && i === 0 ? { repeat } : {}), ...(each && i === 0 ? { each } : {}), ...(mayShared ? { mayShared } : {}) }));
  });
}

/**
 * `node` without the `drop` nodes anywhere beneath it: the objects on the way to them copied (a noun phrase's range
 * ends at what it keeps), everything else shared — the tree itself is never changed (the checker and caches hold it).
 */
function withoutNodes<T>(node: T, drop: ReadonlySet<unknown>): T {
  if (Array.isArray(node)) {
    let changed = false;
    const out: unknown[] = [];
    for (const v of node) {
      if (drop.has(v)) {
        changed = true;
        continue;
      }
      const c = withoutNodes(v, drop);
      if (c !== v) changed = true;
      out.push(c);
    }
    return (changed ? out : node) as T;
  }
  if (!node || typeof node !== "object") return node;
  let copy: Record<string, unknown> | undefined;
  const record = node as Record<string, unknown>;
  for (const key in record) {
    if (key === "range" || !Object.hasOwn(record, key)) continue;
    const c = withoutNodes(record[key], drop);
    if (c !== record[key]) (copy ??= { ...record })[key] = c;
  }
  if (copy && copy["kind"] === "np") {
    const np = copy as unknown as Ast.NounPhrase;
    const kept = [...np.determiners, ...np.items, ...np.filters, ...(np.also ?? [])];
    const last = kept.reduce<Ast.BaseNode | undefined>((a, b) => (!a || endOffset(b.range) > endOffset(a.range) ? b : a), undefined);
    if (last) np.range = { start: np.range.start, end: last.range.end };
  }
  return (copy ?? node) as T;
}

/**
 * A tail with "this turn" read into a noun phrase split off it ("dealt to any target this turn": the parser reads "any
 * target this turn" as one phrase): the phrase without it, then the timing.
 */
function withTimingSplitOff(tail: Ast.TailItem[], l: AbilityLowering): Ast.TailItem[] {
  return tail.flatMap((t): Ast.TailItem[] => {
    if (t.kind !== "prep") return [t];
    const np = t.object;
    const last = np.determiners[np.determiners.length - 1];
    const turn = np.items[np.items.length - 1];
    if (np.determiners.length < 2 || last?.kind !== "determiner" || last.lemma !== "this" || np.items.length !== 1 || turn?.kind !== "word" || lower(turn.text) !== "turn" || np.filters.length) return [t];
    const object: Ast.NounPhrase = { ...np, determiners: np.determiners.slice(0, -1), items: [], range: spanOf(np.range, np.determiners[np.determiners.length - 2]!.range) };
    l.use(last, turn);
    return [{ ...t, object, range: spanOf(t.range, object.range) }, { kind: "timing", which: "this", range: spanOf(last.range, turn.range) }];
  });
}

/** A clause's own duration words: `until end of turn`, `until your next turn`, `this turn`. */
function durationTail(clause: Ast.Clause): Ast.TailItem[] {
  return clause.tail.filter(isDurationPhrase);
}

/**
 * `Creatures you control get +1/+0 and gain Haste until end of turn`, `Target creature gets +2/+0 and each other
 * creature you control gains Haste until end of turn`: a duration written after clauses joined by `and` (`A, B and C
 * until ...`) lasts for each of them — a change written before it never lasts longer than the sentence says. A clause
 * with a duration of its own keeps it; clauses whose effect has no duration (`draw a card`) do not read it.
 */
function shareTrailingDurations(raw: { clause: Ast.Clause; step: Ast.Step }[]): void {
  for (let end = raw.length - 1; end > 0; end--) {
    const until = durationTail(raw[end]!.clause);
    if (!until.length) continue;
    // The run of clauses joined to this one within the sentence, ending in `and` (a coordination, not a list of sentences).
    const joiner = raw[end]!.step.connector;
    if (joiner !== "and" && joiner !== ", and") continue;
    for (let i = end - 1; i >= 0; i--) {
      const { clause } = raw[i]!;
      if (!durationTail(clause).length) raw[i] = { ...raw[i]!, clause: { ...clause, tail: [...clause.tail, ...until] } };
      else break;
      const before = raw[i]!.step.connector;
      if (i === 0 || (before !== "," && before !== "and" && before !== ", and") || raw[i]!.step.condition) break;
    }
  }
}

/**
 * A selector's fields as one string, to tell whether a noun's word set one (AbilityLowering.selector):
 * lists only grow there, so a list counts by its length. Cheaper than serialising the selector per word.
 */
function selectorWordFields(sel: CardSelector): string {
  let shape = "";
  for (const key in sel) {
    const value = (sel as Record<string, unknown>)[key];
    shape += `${key}=${Array.isArray(value) ? value.length : value !== null && typeof value === "object" ? JSON.stringify(value) : String(value)}|`;
  }
  return shape;
}

/** Does a trigger's event carry a player ("Whenever an opponent casts a spell": "they" may name them)? */
/** Events that happen in a combat, where "the defending player" is someone. */
function isCombatTrigger(trigger: TriggerPattern | undefined): boolean {
  return trigger !== undefined && (triggerContract(trigger).combat === true || trigger.combat === true);
}

/**
 * Does the trigger's text name a player that "that player" / "they" can refer back to? "Whenever an opponent draws a card",
 * "Whenever a creature an opponent controls is destroyed", "Whenever this deals combat damage to a player" do; "When this
 * enters play" does not (its event has a player, the card's controller, but no word names them): there "that player" is a
 * player the effect's own words name, or a note — never silently the trigger's controller.
 */
function carriesPlayer(trigger: TriggerPattern | undefined): boolean {
  if (trigger === undefined) return false;
  const { subject, object } = trigger;
  // "Whenever this deals damage to a player": damage to a player is an event with that player (runtime damagePlayer), and
  // the trigger matches only it (its object is a player) — "that player" is the player dealt damage.
  if (trigger.event === "deals_damage" && object?.kind === "player") return true;
  if (triggerContract(trigger).player === undefined) return false;
  // "deals combat damage to a player": the event's own words name the player dealt damage.
  return subject.kind === "player" || object?.kind === "player" || trigger.event === "combat_damage_player" || (subject.kind === "card" && (subject.selector.controller !== undefined || subject.selector.owner !== undefined));
}

/**
 * "more cards in hand than you" as parsed after "with" (the `than` phrase the last filter of the innermost phrase): the
 * phrase without it, and the `than` phrase — as "who has more cards in hand than you" is parsed. Undefined for any other shape.
 */
function withoutThan(np: Ast.NounPhrase): { object: Ast.NounPhrase; than: Ast.PrepPhrase } | undefined {
  const last = np.filters[np.filters.length - 1];
  if (last?.kind !== "prep") return undefined;
  const rest = np.filters.slice(0, -1);
  if (last.prep === "than") return rest.some((f) => f.kind === "prep" && f.prep === "than") ? undefined : { object: { ...np, filters: rest, range: { start: np.range.start, end: last.range.start } }, than: last };
  const inner = withoutThan(last.object);
  return inner && { object: { ...np, filters: [...rest, { ...last, object: inner.object, range: { start: last.range.start, end: inner.object.range.end } }], range: { start: np.range.start, end: inner.object.range.end } }, than: inner.than };
}

/** Steps that remember the cards they acted on (runtime/core/effects.ts `chosen.it`): "If you do" asks whether there were any. */
const REMEMBERS_WHAT_IT_DID = new Set<Step["op"]>(["discard", "sacrifice", "choose_cards", "search", "move_top", "gain_control"]);

/** "If you do" / "If you don't" after a step with no "may": did the step before act on any card? */
export function didSomething(did: boolean): Condition {
  return { kind: "compare", left: { kind: "chosen_count", label: "it" }, op: did ? ">" : "=", right: 0 };
}

/**
 * Steps added to a question each player is asked in turn ("Each player may discard a card. If they do, they draw a card."):
 * "they" there is the player asked, not every player again.
 */
function askerActs(may: Extract<Step, { op: "may" }> | undefined, steps: Step[]): Step[] {
  if (may?.who?.kind !== "acting") return steps;
  return asActingPlayer(steps);
}

/** Steps written for "each player" / "each opponent", run inside one player's own run (`per_player`): for that player. */
function asActingPlayer(steps: Step[]): Step[] {
  // A part that shares the subject ran for each of the players on its own: inside the question it runs for the one asked.
  // A pick gathered over several players ("they destroy a creature they control") is the one asked's own pick here.
  const own = steps.flatMap((s): Step[] => (s.op === "per_player" && (s.who.kind === "each_player" || s.who.kind === "each_opponent") ? (s.among ? [{ op: "if", condition: s.among, then: s.steps, ...(s.source ? { source: s.source } : {}) }] : s.steps) : [s])).map((s) => {
    if (s.op !== "choose_cards" || !s.gather) return s;
    const { gather: _gathered, ...own } = s;
    return own;
  });
  return JSON.parse(JSON.stringify(own).replace(/\{"kind":"each_(player|opponent)"\}/g, '{"kind":"acting"}')) as Step[];
}

/** The player phrase an imperative clause acts on: its object, or its `to ...` / `on ...` phrase. */
function playerObjectOf(clause: Ast.Clause): Ast.NounPhrase | undefined {
  const phrases = [clause.object, ...clause.tail.map((t) => (t.kind === "prep" && (t.prep === "to" || t.prep === "on") ? t.object : undefined))];
  return phrases.find((p): p is Ast.NounPhrase => p !== undefined && isPlayerPhrase(p));
}

/** Does IR reference the acting player of a `per_player` step (`{ kind: "acting" }`, a selector's "they control" / "their hand")? */
function usesActing(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesActing);
  if (!value || typeof value !== "object") return false;
  const o = value as Record<string, unknown>;
  if (o.kind === "acting" || o.controller === "acting" || o.owner === "acting") return true;
  // A nested per-player step binds its own acting player. (No entries copies: this runs for every clause.)
  const nested = o.op === "per_player";
  for (const key in o) if (!(nested && key === "steps") && Object.hasOwn(o, key) && usesActing(o[key])) return true;
  return false;
}

/** IR with every acting player (`{ kind: "acting" }`) replaced by one player. */
function withActingAs(value: unknown, player: PlayerRef): unknown {
  if (Array.isArray(value)) return value.map((v) => withActingAs(v, player));
  if (!value || typeof value !== "object") return value;
  // Only plain data is rebuilt: a step's source range (a SourceRange, read through getters) copied entry by entry lost its
  // start and end, and a note at it crashed `cardwright check` ("Target player gains 2 Bleed counters. Exhaust all
  // creatures they control. Renew them.", lead's probe v8).
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const o = value as Record<string, unknown>;
  if (o.kind === "acting") return player;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, o.op === "per_player" && k === "steps" ? v : withActingAs(v, player)]));
}

/** A step whose acting player is only its actor ("Each player draws a card"): the players act directly, no per-player run. */
function actingAsActor(step: Step, players: PlayersRef): Step {
  const acting = (ref: PlayersRef | undefined) => ref?.kind === "acting";
  switch (step.op) {
    case "draw":
    case "discard":
    case "gain_life":
    case "lose_life":
    case "sacrifice":
    case "move_top":
    case "keyword_action":
    case "gain_resource":
    case "lose_resource":
    case "shuffle":
      return acting(step.who) ? { ...step, who: players } : step;
    case "add_counters":
    case "remove_counters":
      return step.on.kind === "player" && acting(step.on.ref) ? { ...step, on: { kind: "player", ref: players } } : step;
    case "damage":
      return step.to.kind === "player" && acting(step.to.ref) ? { ...step, to: { kind: "player", ref: players } } : step;
    default:
      return step;
  }
}

/**
 * "Each player discards their hand, then draws that many cards": "that many" is each player's own count, so both clauses run
 * once per player (`per_player`: the player discards, then draws as many as they discarded), never everyone's count — or the
 * last player's — for all. `steps` (the clause after) is returned to be added; the step before it is taken out of `out`.
 */
function eachOwnCount(out: Step[], steps: Step[]): Step[] {
  const [step] = steps;
  if (steps.length !== 1 || !step || !("who" in step) || !step.who || (step.who.kind !== "each_player" && step.who.kind !== "each_opponent")) return steps;
  // What the step before did, read back: "that many" (any count of what a step took), "… this way", "the sacrificed unit's
  // power" / "it" — each player's own, not all players' together (or the last player's).
  if (!/"kind":"chosen_count"|"thisWay":|"kind":"it"\}/.test(JSON.stringify(step))) return steps;
  const players = step.who;
  const before = out[out.length - 1];
  const same = (ref: PlayersRef | undefined) => ref !== undefined && JSON.stringify(ref) === JSON.stringify(players);
  const beforeSteps = before?.op === "per_player" && same(before.who) && !before.among ? before.steps : before && "who" in before && same(before.who as PlayersRef) ? [actingAgain(before, players)] : undefined;
  if (!beforeSteps) return steps;
  out.pop();
  return [{ op: "per_player", who: players, steps: [...beforeSteps, actingAgain(step, players)], ...(step.source ? { source: step.source } : {}) }];
}

/**
 * A sentence's steps after the ability's steps so far ("Each player discards their hand. Each player draws that many
 * cards." — a spell's next sentence, or a trigger's on its line): as a clause after ", then" is, each player's own count
 * (eachOwnCount). Returns where the new steps begin (what a later "… instead" replaces).
 */
function appendSentence(steps: Step[], more: Step[]): number {
  const [first, ...rest] = more;
  if (!first) return steps.length;
  const joined = eachOwnCount(steps, [first]);
  const from = steps.length;
  steps.push(...joined, ...rest);
  return from;
}

/** The reverse of actingAsActor: a step whose actor is several players, as the step one of them runs (`acting`). */
function actingAgain(step: Step, players: PlayersRef): Step {
  const acting: PlayerRef = { kind: "acting" };
  return "who" in step && JSON.stringify(step.who) === JSON.stringify(players) ? ({ ...step, who: acting } as Step) : step;
}

/** Subjects (and the places of split objects) written once for several clauses: each lowering reads such a phrase once (one target slot, one choice). */
const SHARED_SUBJECTS = new WeakSet<Ast.NounPhrase>();
/**
 * Of those, the subjects of clauses ("Each unit with 2 or less power gets +1 power and gains Taunt"): cards such a subject
 * names are chosen once for all its clauses (Affected `set`), as its players are (playersAmong).
 */
const SHARED_CLAUSE_SUBJECTS = new WeakSet<Ast.NounPhrase>();

/** A subjectless clause's verb agrees with the previous clause's subject: inflected (`loses`, `has`) after any subject, or bare after a plural one (`Your opponents draw a card and lose 1 life`). */
function sharesSubject(clause: Ast.Clause, previous: Ast.Clause): boolean {
  // A structural verb knows its lemma; a content verb (`mills`, `Scry`) is inflected when it ends in a single s.
  const inflected = (v: Ast.WordNode | undefined) => v !== undefined && (v.keyword ? lower(v.text) !== v.lemma : /[^s]s$/.test(lower(v.text)));
  if (inflected(clause.verb) || inflected(clause.be)) return true;
  // `Target creature gets +2/+2 and can't block this turn`: a modal agrees with any subject; no imperative has one.
  if (clause.modal && ["can", "can't", "cannot", "doesn't", "don't"].includes(lower(clause.modal.text))) return true;
  const subject = previous.subject!;
  const plural = inflected(previous.verb) === false && previous.verb !== undefined && !npDeterminers(subject).includes("each");
  if (!plural) return false;
  // `Creatures you control get +1/+0 and gain Haste`: after cards, a bare verb that changes cards (a stat change, a
  // keyword grant) agrees with them — the imperative `gain` would be the player's (`gain 2 life`), not a keyword.
  if (!isPlayerPhrase(subject)) return changesCards(clause);
  const you = npDeterminers(subject).concat(npWords(subject)).includes("you");
  return !you;
}

/** `get +1/+0`, `gain Haste`, `lose Flying`, `have Shroud`: a clause whose object is a stat change or a keyword list. */
function changesCards(clause: Ast.Clause): boolean {
  if (!clause.object || !["get", "gain", "lose", "have"].includes(clause.verb?.lemma ?? "")) return false;
  // `+1/+0` (a stat pair) or `+1 attack and +1 defense`.
  if (isStatChangeList(clause.object) || (clause.object.items.length === 1 && clause.object.items[0]!.kind === "stats" && !clause.object.filters.length)) return true;
  return clause.verb!.lemma !== "get" && isBareWordList(clause.object) && !npWords(clause.object).some((w) => w === "life" || w === "control");
}

/**
 * Noun phrases joined by `and` (`to each creature and each player`, `gains Flying and Haste`,
 * `Target creature and each Vampire you control get +1/+1`) become one clause per phrase, so each
 * effect reads a single phrase.
 */
/** "its owner's hand", "its owner's Discard Pile": a zone named by the owner of the card the clause names. */
function isOwnersZone(np: Ast.NounPhrase): boolean {
  return npDeterminers(np).join(" ") === "its" && np.items[0]?.kind === "word" && possessiveStem(np.items[0].text) === "owner";
}

/** The phrases joined by `and` before each phrase `expandAlso` split off ("each opponent" before "each creature they control"). */
const PARTS_BEFORE = new WeakMap<Ast.NounPhrase, Ast.NounPhrase[]>();

/** "Exchange control of ...": the grammar reads "Exchange" as the subject, "control" as the verb, "of ..." as the tail's first part. */
function isExchangeOfControl(clause: Ast.Clause): boolean {
  const subject = clause.subject;
  const of = clause.tail[0];
  return !!subject && subject.items.length === 1 && !subject.determiners.length && !subject.filters.length && lower(itemText(subject.items[0]!)) === "exchange" && clause.verb?.lemma === "control" && !clause.object && of?.kind === "prep" && of.prep === "of";
}

function expandAlso(written: Ast.Clause): Ast.Clause[] {
  const clause = withPhrasesJoinedOutOfWith(placeWrittenIn(written));
  const gapped = splitGapped(clause);
  if (gapped) return gapped.flatMap(expandAlso);
  const split = (np: Ast.NounPhrase): Ast.NounPhrase[] => {
    const parts = flattenAlso(np).map((part) => ({ ...part, also: undefined }));
    parts.forEach((part, i) => PARTS_BEFORE.set(part, parts.slice(0, i)));
    return parts;
  };
  let out: Ast.Clause[] = [clause];
  if (clause.subject?.also?.length) out = out.flatMap((c) => split(c.subject!).map((subject) => ({ ...c, subject })));
  // `gains Bleed 2 and Haste`, `loses Flying and Taunt`: one grant (loss) of a keyword list (split, the subject's target
  // would be asked twice).
  const grantsKeywords = (clause.verb?.lemma === "gain" || clause.verb?.lemma === "have" || clause.verb?.lemma === "lose") && clause.object !== undefined && isBareWordList(clause.object);
  // `gets +1 attack and +1 defense until end of turn`: one change of two stats on one target, with one duration.
  const changesStats = ["get", "gain", "lose"].includes(clause.verb?.lemma ?? "") && clause.object !== undefined && isStatChangeList(clause.object);
  if (clause.object?.also?.length && !grantsKeywords && !changesStats && !GIFT_LISTS.has(clause.object)) {
    // "Put an attack counter and a defense counter on target creature": the place is written once for both clauses — one
    // target slot, read once (as a shared subject is).
    for (const item of clause.tail) if (item.kind === "prep" && !item.object.also?.length) SHARED_SUBJECTS.add(item.object);
    out = out.flatMap((c) => split(c.object!).map((object) => ({ ...c, object })));
  }
  clause.tail.forEach((item, i) => {
    if (item.kind !== "prep" || !item.object.also?.length) return;
    // "Exchange control of target creature you control and target creature an opponent controls": one exchange of the two.
    if (i === 0 && isExchangeOfControl(clause)) return;
    out = out.flatMap((c) => split(item.object).map((object) => ({ ...c, tail: c.tail.map((t, j) => (j === i ? { ...item, object } : t)) })));
  });
  return out;
}

/**
 * "Destroy each creature with power 2 or less and each Ghoul": the parser joins "each Ghoul" to the `with` phrase's object
 * ("power 2 or less"); a phrase opening with a determiner is no keyword or stat of that `with`, so it is the verb's second
 * object — moved out to the phrase the `with` belongs to. Bare words stay (`with Flying and Haste`).
 */
function withPhrasesJoinedOutOfWith(clause: Ast.Clause): Ast.Clause {
  // Most clauses have no such phrase: they are returned as they are, with nothing copied (this runs for every clause).
  const joinedOutOfWith = (np: Ast.NounPhrase | undefined): boolean =>
    !!np && (np.filters.some((f) => f.kind === "prep" && f.prep === "with" && !!f.object.also?.some((a) => a.determiners.length)) || !!np.also?.some(joinedOutOfWith));
  if (!joinedOutOfWith(clause.object) && !joinedOutOfWith(clause.subject) && !clause.tail.some((t) => t.kind === "prep" && joinedOutOfWith(t.object))) return clause;
  const hoisted = (np: Ast.NounPhrase | undefined): Ast.NounPhrase | undefined => {
    if (!np) return np;
    const moved: Ast.NounPhrase[] = [];
    const filters = np.filters.map((f) => {
      if (f.kind !== "prep" || f.prep !== "with" || !f.object.also?.some((a) => a.determiners.length)) return f;
      const kept = f.object.also.filter((a) => !a.determiners.length);
      moved.push(...f.object.also.filter((a) => a.determiners.length));
      return { ...f, object: { ...f.object, also: kept.length ? kept : undefined } };
    });
    const also = np.also?.map((a) => hoisted(a)!);
    return moved.length ? { ...np, filters, also: [...moved, ...(also ?? [])] } : also && also.some((a, i) => a !== np.also![i]) ? { ...np, also } : np;
  };
  const object = hoisted(clause.object);
  const subject = hoisted(clause.subject);
  const tail = clause.tail.map((t) => (t.kind === "prep" ? { ...t, object: hoisted(t.object)! } : t));
  const changed = object !== clause.object || subject !== clause.subject || tail.some((t, i) => t.kind === "prep" && t.object !== (clause.tail[i] as Ast.PrepPhrase).object);
  return changed ? { ...clause, object, subject, tail } : clause;
}

/**
 * "Put it in your hand", "Put one in your hand and the rest on the bottom": `in` after a put's object is where it goes
 * (the parser hangs it on the object, as it would "a card in your hand") when no other place follows for that object —
 * none in the clause, or the place is shared by a second object ("and the rest"). Read as `into`; anything else it names
 * stays where the lowering reads places, so a phrase that is no zone is reported, never dropped.
 */
function placeWrittenIn(clause: Ast.Clause): Ast.Clause {
  if (clause.verb?.lemma !== "put" || !clause.object) return clause;
  const taken = trailingIn(clause.object);
  if (!taken || npWords(taken.place.object).includes("order")) return clause;
  const placed = clause.tail.some((t) => t.kind === "prep" && PLACE_PREPOSITIONS.has(t.prep));
  const gapped = taken.place.object.also?.length === 1 && isLookedPhrase(taken.place.object.also[0]!);
  if (placed && !gapped) return clause;
  return { ...clause, object: taken.rest, tail: [{ ...taken.place, prep: "into" }, ...clause.tail] };
}

/** The `in` phrase that ends a noun phrase — its own last filter, or the last of the phrase that ends it ("from your Discard Pile in your hand") — and the phrase without it. */
function trailingIn(np: Ast.NounPhrase): { place: Ast.PrepPhrase; rest: Ast.NounPhrase } | undefined {
  const last = np.filters[np.filters.length - 1];
  if (!last || last.kind !== "prep" || np.also?.length) return undefined;
  if (last.prep === "in") return { place: last, rest: { ...np, filters: np.filters.slice(0, -1) } };
  const inner = trailingIn(last.object);
  return inner && { place: inner.place, rest: { ...np, filters: [...np.filters.slice(0, -1), { ...last, object: inner.rest }] } };
}

/** The prepositions that say where a put card goes. */
const PLACE_PREPOSITIONS = new Set(["into", "onto", "on", "to"]);

/**
 * "Put one into your hand and the rest on the bottom (in any order)": a second object and place share the verb
 * (the parser joins "the rest" to "your hand"). Two clauses: the first object with the places before the join,
 * the joined phrase as the object of the places after it.
 */
function splitGapped(clause: Ast.Clause): Ast.Clause[] | undefined {
  if (clause.verb?.lemma !== "put" || !clause.object) return undefined;
  const at = clause.tail.findIndex((t) => t.kind === "prep" && t.object.also?.length === 1 && isLookedPhrase(t.object.also[0]!));
  if (at < 0 || at === clause.tail.length - 1) return undefined;
  const item = clause.tail[at] as Ast.PrepPhrase;
  return [
    { ...clause, tail: [...clause.tail.slice(0, at), { ...item, object: { ...item.object, also: undefined } }] },
    { ...clause, object: item.object.also![0]!, tail: clause.tail.slice(at + 1) },
  ];
}

/** "the rest", "the others", "the other two", "them": the looked-at cards a placement is about. */
function isLookedPhrase(np: Ast.NounPhrase): boolean {
  const words = npWords(np);
  const dets = npDeterminers(np);
  return words.includes("rest") || words.includes("others") || dets.includes("other") || dets.includes("they");
}

/** `+1 attack and +1 defense`: amounts of a word each (a stat), no filter. */
/**
 * Gift lists joined by withSharedVerbs (`+2/+0 and Flying`, `+2/+0 and gains Flying`): one change, never split into one
 * clause per part; each with the `gains` verbs it took in (read with the list: the lowering of give / get).
 */
const GIFT_LISTS = new WeakMap<Ast.NounPhrase, Ast.WordNode[]>();

function isStatChangeList(np: Ast.NounPhrase): boolean {
  return flattenAlso(np).every((p) => npCount(p) !== undefined && p.filters.length === 0 && p.items.some((i) => i.kind === "word"));
}

/** `Flying and Haste`, `Bleed 2, Haste and Tireless`: bare words (each with maybe a number), no determiner or filter. */
function isBareWordList(np: Ast.NounPhrase): boolean {
  return flattenAlso(np).every((p) => p.determiners.length === 0 && p.filters.length === 0 && p.items[0]?.kind === "word" && p.items.every((i) => i.kind === "word" || i.kind === "count"));
}

/** A `where X is ...` number with the clause's trailing `on <player>` (parsed after it) attached. */
/** The one card an effect acts on (a target slot, a card reference), if it acts on one. */
function oneCardOf(what: Affected): CardRef | undefined {
  if (what.kind === "card") return what.ref;
  if (what.kind === "target") return { kind: "target", index: what.index };
  return undefined;
}

/** What a step does, for "again" (the same op, and a keyword action's keyword). */
function stepKind(step: Step): string {
  return step.op === "keyword_action" ? `${step.op}:${step.keyword}` : step.op;
}

/** An amount with "it" (a card not named yet) read as `card`. */
function itIs(amount: NumberExpr, card: CardRef): NumberExpr {
  return JSON.parse(JSON.stringify(amount).replaceAll(IT_REF, JSON.stringify(card))) as NumberExpr;
}

/** Whether an amount names "it" (a card `itIs` would fill in). */
function mentionsIt(amount: NumberExpr): boolean {
  return JSON.stringify(amount).includes(IT_REF);
}
const IT_REF = '{"kind":"it"}';

/** The amount of the last damage, life gain or life loss among these steps (inside `if`, `may`, each player's ...). */
/** The steps of one op among these and the steps nested in them ("if" branches, "you may", per-player parts). */
/** The first step of kind `op` among `steps`, inside conditions and questions too. */
/** Every step, nested ones too (a step's `steps`, then its `then`), in order. */
/** Does "<verb>ed this way" read this step (AbilityLowering.noteThisWaySteps)? Any verb but these four reads its op's steps. */
function takenThisWay(verb: ThisWayVerb, s: Step, vocab: Vocab, toughness: string | undefined, graveyard: string | undefined): boolean {
  const rules = THIS_WAY_RULES[verb];
  if (rules) return (s.op === "keyword_action" && rules.includes(vocab.keywords.get(lower(s.keyword))?.rule ?? "")) || (verb === "mill" && s.op === "move_top" && s.to === graveyard);
  if (verb === "die") return s.op === "damage" || killsByStat(s, toughness);
  if (verb === "create") return s.op === "create_token" || (s.op === "copy" && s.to === undefined);
  return s.op === THIS_WAY_OPS[verb];
}

/** The "this way" verbs, in THIS_WAY_LABELS's order. */
const THIS_WAY_VERBS = Object.keys(THIS_WAY_LABELS) as ThisWayVerb[];

function walkStepsOf(steps: readonly Step[], out: Step[] = []): Step[] {
  for (const step of steps) {
    out.push(step);
    const inner = (step as { steps?: Step[] }).steps;
    if (Array.isArray(inner)) walkStepsOf(inner, out);
    const then = (step as { then?: Step[] }).then;
    if (Array.isArray(then)) walkStepsOf(then, out);
  }
  return out;
}

function findStep<K extends Step["op"]>(steps: readonly Step[], op: K): Extract<Step, { op: K }> | undefined {
  for (const step of steps) {
    if (step.op === op) return step as Extract<Step, { op: K }>;
    // A step's `steps`, then its `then` (no array made per step: these run several times a clause).
    const inner = (step as { steps?: Step[] }).steps;
    const found = Array.isArray(inner) ? findStep(inner, op) : undefined;
    if (found) return found;
    const then = (step as { then?: Step[] }).then;
    const foundThen = Array.isArray(then) ? findStep(then, op) : undefined;
    if (foundThen) return foundThen;
  }
  return undefined;
}

/** A step of each "this way" verb, for the suggestion when none comes before ("Exhaust each creature an opponent controls. Draw a card for each card exhausted this way."). */
const THIS_WAY_EXAMPLES: Record<ThisWayVerb, string> = {
  deal: "deal 3 damage to target creature or player",
  destroy: "destroy <cards>",
  discard: "target player discards two cards",
  sacrifice: "each player sacrifices a creature",
  exhaust: "exhaust each creature an opponent controls",
  return: "return each creature to its owner's hand",
  die: "deal 3 damage to each creature",
  remove: "remove all Bleed counters from target player",
  erase: "erase two cards from your <graveyard>",
  mill: "mill 3",
  draw: "draw two cards",
  create: "create two 1/1 Bat creature tokens",
  gain: "target player gains two Bleed counters",
};

/**
 * "Deal 3 damage to target creature. If it dies this way, draw a card.": the damage step (or the change of the toughness
 * stat: "Target creature gets -2/-2 until end of turn. If it dies, …", killsByStat) before a step that reads what
 * died this way (THIS_WAY_LABELS.die, in a condition or a count) destroys what it made lethal as it resolves
 * (`lethalNow`), so that the record is there to read; any other damage step leaves that to the state check after the
 * effect, as before. The steps in the order they run, branches included (an ability's sentences lowered apart, a spell's
 * sentence going on with the one before, are one list by now).
 */
function destroysWhatItKills(steps: Step[], toughness: string | undefined): void {
  let lastDamage: Extract<Step, { op: "damage" | "modify" }> | undefined;
  const isStepList = (v: unknown): v is Step[] => Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && "op" in x);
  const walk = (list: Step[]) => {
    for (const step of list) {
      const own = Object.entries(step).filter(([, v]) => !isStepList(v));
      if (lastDamage && JSON.stringify(own).includes(JSON.stringify(THIS_WAY_LABELS.die))) lastDamage.lethalNow = true;
      if (step.op === "damage" || killsByStat(step, toughness)) lastDamage = step as Extract<Step, { op: "damage" | "modify" }>;
      for (const [, v] of Object.entries(step)) if (isStepList(v)) walk(v);
    }
  };
  walk(steps);
}

/**
 * "Target creature gets -2/-2 until end of turn. If it dies, …": a change of the toughness stat (a `modify` that adds to it or
 * sets it) can kill the cards it changes, as damage can — what "dies this way" reads (with `lethalNow`, the state check's
 * destruction of those cards runs as the step resolves).
 */
function killsByStat(step: Step, toughness: string | undefined): step is Extract<Step, { op: "modify" }> {
  if (!toughness || step.op !== "modify") return false;
  // "+2/+0" or "+1/+1" cannot kill; "-2/-2", "-X/-X", "its defense becomes 0" can.
  const change = step.stats?.[toughness];
  return (change !== undefined && !(typeof change === "number" && change >= 0)) || step.set?.[toughness] !== undefined;
}

/** How a note names the step a verb's "this way" reads: "Destroy ...", "Deal ... damage" (what "dies this way" reads). */
function thisWayStep(verb: ThisWayVerb): string {
  return verb === "die" ? `Deal ... damage" or "... gets -N/-N` : verb === "deal" ? "Deal ... damage" : verb === "gain" ? "... gains N ... counters" : `${capitalized(verb)} ...`;
}

/** `this way`: the object of a participle or a passive clause ("discarded this way", "is destroyed this way"). */
function isThisWay(np: Ast.NounPhrase | undefined): boolean {
  return !!np && !np.filters.length && npDeterminers(np).join(" ") === "this" && npWords(np).join(" ") === "way";
}

/** "<subject> was dealt damage this way" ("wasn't": read negated before it). */
function isDealtThisWay(clause: Ast.Clause): boolean {
  return !!clause.be && !clause.modal && clause.verb?.lemma === "deal" && !!clause.object && npWords(clause.object).join(" ") === "damage" && !clause.object.determiners.length && !clause.object.filters.length && isThisWay(clause.complement) && !clause.tail.length;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Does a condition read a target of its ability (`{ kind: "target" }` anywhere in it)? */
function mentionsTarget(condition: Condition): boolean {
  let found = false;
  JSON.stringify(condition, (key, value) => {
    if (key !== "" && value && typeof value === "object" && (value as { kind?: string }).kind === "target") found = true;
    return value;
  });
  return found;
}

function countSteps(steps: readonly Step[], op: Step["op"]): number {
  let n = 0;
  for (const step of steps) {
    if (step.op === op) n++;
    const inner = (step as { steps?: Step[] }).steps;
    if (Array.isArray(inner)) n += countSteps(inner, op);
    const then = (step as { then?: Step[] }).then;
    if (Array.isArray(then)) n += countSteps(then, op);
  }
  return n;
}

/** The trigger events whose amount is damage dealt. */
const DAMAGE_EVENTS: ReadonlySet<string> = new Set(["deals_damage", "dealt_damage", "combat_damage_player", "player_dealt_damage"]);

function measuredAmount(steps: readonly Step[]): NumberExpr | undefined {
  let found: NumberExpr | undefined;
  for (const step of steps) {
    // "Deal 2 damage to target creature. Its controller gains that much life.": what was dealt (after prevention, all
    // its recipients together), as "the damage dealt" and a damage event's amount are — not the 2 written, which a
    // prevention or a redirection would make a different number.
    if (step.op === "damage" && step.amount !== undefined) found = { kind: "damage_dealt" };
    // "Target player loses 2 life. You gain that much life.": the life really lost (gained) — after a replacement ("If you
    // would lose life, you lose 1 less life instead") or a "can't gain life", as "the life lost this way" reads it (F7).
    // For every player ("Each player loses 2 life, then gains that much life", "Each player loses 1 life for each creature
    // they control, then gains that much life" — a run per player): each player's own where a step for each player reads
    // it (NumberExpr chosen_count `ofActing`), all of it where one player's does ("You gain that much life": what they all
    // lost, as session 43 read it). ("Each opponent" is one player in the games' two-player play.)
    if ((step.op === "gain_life" || step.op === "lose_life") && step.amount !== undefined)
      found = { kind: "chosen_count", label: LIFE_THIS_WAY[step.op], ...(step.who.kind === "each_player" || step.who.kind === "acting" ? { ofActing: true as const } : {}) };
    const inner = (step as { steps?: Step[] }).steps;
    if (Array.isArray(inner)) found = measuredAmount(inner) ?? found;
    const then = (step as { then?: Step[] }).then;
    if (Array.isArray(then)) found = measuredAmount(then) ?? found;
  }
  return found;
}

function withTrailingOn(value: Ast.NounPhrase, clause: Ast.Clause): Ast.NounPhrase {
  // Only an "on" phrase after the value trails it: "Put a power counter on this unit for each ..." puts them there.
  // A leading count ("For each Bleed counter on target opponent, put a counter on this.") has its own "on" already: the
  // clause's "on this" after the verb is the effect's.
  const leading = clause.verb && startOffset(value.range) < startOffset(clause.verb.range);
  const on = leading ? [] : clause.tail.filter((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "on" && startOffset(t.range) > startOffset(value.range));
  const counted = on.length ? { ...value, filters: [...value.filters, ...on] } : value;
  // "for each spell you cast this turn", "the number of cards you played this turn": the parser ends the relative clause
  // at its verb, so "this turn" after it is the clause's timing — it belongs to "you cast".
  const timing = clause.tail.find((t): t is Ast.TimingPhrase => t.kind === "timing" && t.which === "this" && !t.combat && startOffset(t.range) >= endOffset(value.range));
  return timing ? withPlayedTiming(counted, timing) : counted;
}

/** The noun phrase with "this turn" in its last relative clause "you cast" / "you played" / "you discarded" ("the number of spells you cast": the inner one); itself when it has none. */
function withPlayedTiming(np: Ast.NounPhrase, timing: Ast.TimingPhrase): Ast.NounPhrase {
  const last = np.filters[np.filters.length - 1];
  if (last?.kind === "prep" && last.prep === "of") {
    const inner = withPlayedTiming(last.object, timing);
    return inner === last.object ? np : { ...np, filters: [...np.filters.slice(0, -1), { ...last, object: inner }] };
  }
  if (last?.kind !== "relative" || last.that || !last.clause.subject || last.clause.tail.length || !["play", "cast", "discard"].includes(last.clause.verb?.lemma ?? "")) return np;
  return { ...np, filters: [...np.filters.slice(0, -1), { ...last, clause: { ...last.clause, tail: [timing] } }] };
}

const MOMENT_WORDS = new Set(["start", "beginning", "end"]);
/** What "If a Knight died this way" reads of the cards a step took: what they are as printed, their stats and counters then. */
const THIS_WAY_KIND_FIELDS = new Set(["cardTypes", "subtypes", "colors", "names", "stat", "counters"]);
/** Steps of other card games' turns ("upkeep", "untap step", "cleanup step") and, where the game has none, "combat". */
const FOREIGN_STEP_WORDS = new Set(["upkeep", "untap", "cleanup", "maintenance", "combat"]);

/** The words of a phase's name, lower case, as one word or apart ("Second-Main" → second-main, second, main). */
function phaseWords(phase: string): string[] {
  return [lower(phase), ...lower(phase).split(/[\s-]+/)];
}

/**
 * The phase a moment's words name: the longest phase name written as consecutive words (`second main` or `second-main`
 * is Second-Main, not Main), undefined when none is.
 */
function phaseNamed(phases: readonly PhaseNames[], words: readonly string[]): string | undefined {
  const written = ` ${words.join(" ").replace(/-/g, " ")} `;
  let best: string | undefined;
  for (const p of phases) {
    const name = lower(p.name).replace(/-/g, " ");
    if (written.includes(` ${name} `) && (!best || name.length > best.length)) best = p.name;
  }
  // "combat" where no phase is so named: the phase that declares attackers (CYBERVAMP's Battle).
  return best ?? (words.includes("combat") ? combatPhase(phases) : undefined);
}

type PhaseNames = { name: string; lines?: readonly { text: string }[] };

/** The phase whose steps declare attackers or deal combat damage, if one does (none in a game that fights in its main phase). */
function combatPhase(phases: readonly PhaseNames[]): string | undefined {
  return phases.find((p) => p.lines?.some((line) => /^(declare_attackers|combat_damage)\b/.test(line.text)))?.name;
}

/** The words a moment that names this phase reads: its name's, and "combat" for the combat phase. */
function phaseReadWords(phases: readonly PhaseNames[], phase: string): string[] {
  return [...phaseWords(phase), ...(combatPhase(phases) === phase ? ["combat"] : [])];
}

/** The words of a moment ("the beginning of the next end step"): its own, its determiners, and those of its `of` phrases. */
function momentWords(np: Ast.NounPhrase): string[] {
  const ofWords = np.filters.flatMap((f) => (f.kind === "prep" ? npWords(f.object).concat(npDeterminers(f.object)) : []));
  return npWords(np).concat(npDeterminers(np), ofWords);
}

/**
 * `<effect> at the start of your turn` (or `beginning`, `end`) as a permanent's ability: the same as
 * `At the start of your turn, <effect>.` — the moment taken from the last clause's tail. A one-time moment
 * (`at the beginning of your next turn`) is not one.
 */
function trailingMoment(body: Ast.StatementBody): Ast.TriggeredBody | undefined {
  const steps = body.effect.steps;
  const last = steps[steps.length - 1];
  const at = last?.clause.tail[last.clause.tail.length - 1];
  if (!last || at?.kind !== "prep" || at.prep !== "at") return undefined;
  const words = momentWords(at.object);
  if (!words.some((w) => w === "start" || w === "beginning" || w === "end") || words.includes("next")) return undefined;
  const clause: Ast.Clause = { ...last.clause, tail: last.clause.tail.slice(0, -1) };
  const effect: Ast.Sequence = { ...body.effect, steps: [...steps.slice(0, -1), { ...last, clause }] };
  return { kind: "triggered", trigger: { kind: "triggerHead", word: "at", moment: at.object, range: at.range }, effect, range: body.range };
}

/** A sentence that waits for a one-time moment ("At the beginning of the next end step, ...", "At end of turn, ..."): its moment. */
export function delayedHead(ast: Ast.Ability): Ast.NounPhrase | undefined {
  const body = ast.body;
  if (body.kind !== "triggered" || body.trigger.word !== "at" || !body.trigger.moment || body.condition) return undefined;
  const moment = body.trigger.moment;
  const words = momentWords(moment);
  const dets = [...npDeterminers(moment), ...moment.filters.flatMap((f) => (f.kind === "prep" ? npDeterminers(f.object) : []))];
  // One time: "the next ...", "this turn", "the turn", "end of turn"; never "each"/"every"/"your turn" (a recurring trigger).
  if (words.some((w) => w === "each" || w === "every")) return undefined;
  const once = words.includes("next") || (words.includes("turn") && (dets.includes("this") || (dets.includes("the") && !words.includes("your")))) || (words.includes("end") && words.includes("turn") && dets.length === 0);
  return once ? moment : undefined;
}

/** "+1/+0 for each X": each stat change that is not 0, times the number of X (a 0 stays 0: "+0" of any count). */
/** A step "for each" multiplies (scaledForEach): a stat change, or an amount written as a number. */
function multipliable(step: Step): boolean {
  if (step.op === "modify") return step.stats !== undefined && Object.values(step.stats).some((v) => v !== 0);
  if (step.op === "may" || step.op === "per_player") return step.steps.some(multipliable);
  if (step.op === "if") return step.then.some(multipliable);
  return hasNumberAmount(step);
}

function hasNumberAmount(step: Step): step is Step & { amount: number } {
  return "amount" in step && typeof step.amount === "number";
}

function scaledStats(stats: Record<string, NumberExpr>, per: NumberExpr, scaled: () => void): Record<string, NumberExpr> {
  return Object.fromEntries(
    Object.entries(stats).map(([k, v]) => {
      if (v === 0) return [k, 0];
      // A stat set from another amount ("Double target creature's attack": its attack again) is not multiplied: left as
      // it is and not counted, so "for each ..." after it is reported, never dropped (insertion probe, session 38).
      if (typeof v !== "number") return [k, v];
      scaled();
      return [k, v === 1 ? per : { kind: "times", factor: v, of: per }];
    }),
  );
}

/** A keyword of a keyword line (`Haste, Bleed 2.`) as the game names it, with its number. */
function keywordGrant(l: AbilityLowering, k: Ast.KeywordRef): KeywordGrant {
  const name = l.vocab.keywords.get(lower(k.name.text))?.name ?? k.name.text;
  noteUnsetKeywordVariable(l, k, name);
  return k.parameter?.value !== undefined ? { name, amount: Math.abs(k.parameter.value) } : { name };
}

/**
 * "Multi-block X." / "Bleed X." as an ability a card has: nothing gives X a value there (a cost's X
 * is paid once, when the card is played; "where X is ..." is not read for keyword abilities), so the
 * engine would run it with no amount — a note at the X, never a guess.
 */
function noteUnsetKeywordVariable(l: AbilityLowering, k: Ast.KeywordRef, name: string): void {
  if (k.parameter && k.parameter.value === undefined) l.note(k.parameter.range, `"${name} ${k.parameter.text}": ${k.parameter.text} has no value in a keyword the card has; write a number ("${name} 2")`);
}

/**
 * "This can't attack or block.", "This can't be blocked by tokens.", "This can't be targeted by
 * opponents' spells.", "This can't be the target of spells or abilities your opponents control.",
 * "This can't be destroyed.": the engine's restriction rules (RESTRICTION_RULES), each with what
 * its `by` phrase names. A restriction the engine does not enforce, or a `by` it cannot read, is a
 * note at the words (and no rule), so nothing checks clean that the engine would ignore.
 */
function restriction(clause: Ast.Clause, affects: CardSelector | { self: true }, l: AbilityLowering): StaticEffect[] {
  const known = Object.values(RESTRICTION_RULES).map((r) => `"${r}"`).join(", ");
  // The whole restriction is not enforced, so the note covers it all (the words it could not read are named).
  const unknown = (_range: Range, what: string) => {
    l.note(clause.range, `the engine does not enforce "${what}": the restrictions it knows are ${known}`);
    return [] as StaticEffect[];
  };
  const by = clause.tail.find((t) => t.kind === "prep" && t.prep === "by") as Ast.PrepPhrase | undefined;
  // "can't be blocked except by creatures with Flying": every blocker but those (the lexer joins "except by").
  const exceptBy = clause.tail.find((t) => t.kind === "prep" && t.prep === "except" && /^except\s+by\b/i.test(l.slice(t.range))) as Ast.PrepPhrase | undefined;
  const passive = !!clause.be;
  const verbs = [clause.verb, ...(clause.orVerbs ?? [])].filter((v): v is Ast.WordNode => !!v);
  // "can't be the target of <spells or abilities ...>"
  const targetOf = passive && !clause.verb && clause.object && npDeterminers(clause.object).includes("target") ? (clause.object.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined) : undefined;
  // The words of the restriction itself; a `by` phrase is marked when it is understood.
  // A `by` phrase's words are marked by its reader: targetedBy reads the whole phrase or refuses it; the blockers of
  // "can't be blocked by ..." are a selector, which marks the words it read ("with less power" it cannot read stays, CW6005).
  const done = (effects: StaticEffect[]) => {
    if (effects.length) {
      l.use(clause.modal, clause.be, verbs);
      // "can't be the target of ...": the restriction is the targeting; "by opponents' spells": whose (targetedBy read it).
      if (targetOf) l.ledger.carry(clause.object);
    }
    return effects;
  };
  const byTargeting = (phrase: Ast.PrepPhrase, effects: StaticEffect[]) => {
    if (effects.length) {
      l.use(phrase);
      l.carryOwner(phrase);
    }
    return effects;
  };
  if (targetOf) return done(targetedBy(targetOf.object, affects, l, unknown));
  // "can't be a defender", "can't become a defender", "can't defend" (alone or beside another verb: "can't attack or
  // defend"): blocking, in a game where a unit blocks by being made a defender (the engine's `defend` action, which
  // "can't block" refuses).
  const noDefenders = () => {
    l.note(clause.range, `"${l.slice(clause.range)}": this game has no defenders (units do not block by becoming defenders); write "can't block"`);
    return [] as StaticEffect[];
  };
  const defenderObject = clause.object && npWords(clause.object).length === 1 && /^defenders?$/.test(npWords(clause.object)[0]!) && !npCount(clause.object);
  // "can't be made a defender": the player's defend action makes it one.
  const becomingDefender = (passive && (verbs.length === 0 || (verbs.length === 1 && (verbs[0]!.lemma === "make" || verbs[0]!.lemma === "made"))) && defenderObject) || (!passive && verbs.length === 1 && verbs[0]!.lemma === "become" && defenderObject);
  if (becomingDefender && !by) {
    if (!hasDefenders(l.vocab.game.params)) return noDefenders();
    l.use(clause.object);
    return done([{ kind: "rule", rule: "cant_block", affects }]);
  }
  if (verbs.length === 0) return unknown(clause.range, l.slice(clause.range));
  const out: StaticEffect[] = [];
  for (const verb of verbs) {
    const lemma = verb.lemma;
    if (!passive && lemma === "defend" && !by && !clause.object) {
      if (!hasDefenders(l.vocab.game.params)) return noDefenders();
      out.push({ kind: "rule", rule: "cant_block", affects });
      continue;
    }
    if (passive && (lemma === "targeted" || lemma === "target")) {
      out.push(...(by ? byTargeting(by, targetedBy(by.object, affects, l, unknown)) : [{ kind: "rule" as const, rule: "cannot_be_targeted", affects }]));
    } else if (passive && lemma === "block") {
      // "by tokens", "by creatures with Flying": the blockers it names; a count ("by two or more") is not a selector.
      // "except by creatures with Flying": the blockers it does not name.
      const named = by ?? exceptBy;
      const blockers = named ? l.selector(named.object) : undefined;
      if (named && (Object.keys(blockers!).length === 0 || npCount(named.object))) return unknown(named.range, l.slice(named.range));
      const selector = blockers && named === exceptBy ? { exclude: [blockers] } : blockers;
      out.push({ kind: "rule", rule: "cant_be_blocked", affects, ...(selector ? { by: { selector } } : {}) });
    } else if (passive && lemma === "destroy") {
      // "can't be destroyed by Spells" / "by opponents' spells": who or what destroys it, read as "targeted by" reads it.
      out.push(...(by ? byTargeting(by, targetedBy(by.object, affects, l, unknown, "cant_be_destroyed")) : [{ kind: "rule" as const, rule: "cant_be_destroyed", affects }]));
    }
    else if (!passive && (lemma === "attack" || lemma === "block") && !by && !clause.object) out.push({ kind: "rule", rule: `cant_${lemma}`, affects });
    // "Creatures can't attack you.": in a game whose creatures attack only the defending player (CYBERVAMP's
    // attack_targets = player), the opponents' creatures can't attack (yours never attack you).
    else if (!passive && lemma === "attack" && !by && clause.object && attacksOnlyPlayers(l.vocab.game) && npWords(clause.object).length === 0 && npDeterminers(clause.object).join() === "you" && !("self" in affects) && affects.controller !== "you") {
      l.use(clause.object);
      out.push({ kind: "rule", rule: "cant_attack", affects: { ...affects, controller: "opponent" } });
    }
    // "can't block creatures with Flying", "can't block units with power 3 or more": blocking those attackers only (the
    // selector marks the words it reads; a count, "two creatures", is no selector).
    else if (!passive && lemma === "block" && !by && clause.object && !npCount(clause.object) && !clause.object.also?.length) {
      const attackers = l.selector(clause.object);
      const { zones: _zones, ...selector } = attackers;
      if (Object.keys(selector).length === 0) return unknown(clause.object.range, l.slice(clause.object.range));
      out.push({ kind: "rule", rule: "cant_block", affects, by: { selector } });
    }
    else return unknown(clause.range, l.slice(clause.range));
  }
  return done(out);
}

/** The zone a spell waits in on the response chain (runtime/core/cards.ts RESOLVING). */
const RESOLVING_ZONE = "(resolving)";

/** Do creatures attack only players in this game (no attacks on cards: `attack_targets = player`)? */
function attacksOnlyPlayers(game: CompiledGame): boolean {
  return game.params["attack_targets"] === "player";
}

/**
 * Steps that leave the cards they act on where they were, so that naming them again after (as "they") names the same
 * cards. A card moved (destroyed, returned, summoned) is elsewhere: "they" after it is not read as those cards.
 */
const CARDS_STAY_STEPS: ReadonlySet<string> = new Set(["damage", "add_counters", "remove_counters", "modify", "exhaust", "ready", "gain_control", "exchange_control"]);

/**
 * Does the last step acting on `on` (a selector) change what that selector reads — its state, controller, counters or
 * stats? Then the cards it acted on no longer match it (probe s44 F6): the past-tense verb for the diagnostic, else undefined.
 */
function changesItsOwnSelection(steps: Step[], on: Affected & { kind: "cards" }): string | undefined {
  const step = [...steps].reverse().find((s) => CARDS_STAY_STEPS.has(s.op) && STEP_OBJECT_FIELD[s.op] && (s as unknown as Record<string, unknown>)[STEP_OBJECT_FIELD[s.op]!] === on);
  if (!step) return undefined;
  const reads = (sel: CardSelector, keys: (keyof CardSelector)[]): boolean => keys.some((k) => sel[k] !== undefined) || (sel.anyOf ?? []).some((part) => reads(part, keys)) || (sel.exclude ?? []).some((part) => reads(part, keys));
  const sel = on.selector;
  if ((step.op === "exhaust" || step.op === "ready") && reads(sel, ["exhausted", "overexhausted"])) return step.op === "exhaust" ? "exhausted" : "readied";
  if ((step.op === "gain_control" || step.op === "exchange_control") && reads(sel, ["controller", "controllerIs", "controllerWith"])) return "changed control of";
  if ((step.op === "add_counters" || step.op === "remove_counters") && reads(sel, ["counters", "stat", "extreme"])) return "put or removed counters on";
  if (step.op === "modify" && reads(sel, ["stat", "extreme", "keyword"])) return "changed";
  return undefined;
}

/** The cards the last of these steps acted on, as it named them (a selector, a target card, chosen cards); none: undefined. */
function cardsActedOn(steps: Step[], targets: TargetSpec[]): Affected | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    // The cards a summon or a token step put into play, as they arrived (IR `arrived`).
    if ((step.op === "summon" || step.op === "create_token" || step.op === "copy") && step.arrived) return { kind: "card", ref: { kind: "chosen", label: step.arrived } };
    if (!CARDS_STAY_STEPS.has(step.op)) {
      if (STEP_OBJECT_FIELD[step.op]) return undefined;
      continue;
    }
    const field = STEP_OBJECT_FIELD[step.op];
    const on = field ? ((step as unknown as Record<string, unknown>)[field] as Affected | undefined) : undefined;
    if (!on) continue;
    if (on.kind === "cards" || on.kind === "card") return on;
    if (on.kind === "target" && targets[on.index]?.accepts === "card") return on;
    if (on.kind === "targets" && on.indexes.every((index) => targets[index]?.accepts === "card")) return on;
  }
  return undefined;
}

/**
 * A player restriction, said of players ("Your opponent can't play Spells.", "Players can't draw cards.", "Target player
 * can't attack next turn.", "Your opponents can't gain life this turn."): its rule (PLAYER_RULES) and the cards it is about
 * ("can't play Spells": a selector, which marks the words it reads, so a word it cannot read stays for CW6005). `nextTurn`:
 * "next turn" / "during their next turn" was read. Anything else a player "can't" do is a note at the words, naming the forms.
 */
function playerRule(clause: Ast.Clause, l: AbilityLowering): { rule: PlayerRuleName; cards?: CardSelector; nextTurn?: true } | undefined {
  const verb = clause.verb?.lemma;
  const obj = clause.object;
  const words = npWords(obj);
  // "next turn", "their next turn", "during their next turn": the restriction holds during that player's next turn.
  const isNextTurn = (np: Ast.NounPhrase | undefined) => !!np && npWords(np).join(" ") === "next turn" && !np.filters.length && npDeterminers(np).every((d) => d === "their" || d === "your" || d === "his" || d === "her");
  const nextAsObject = isNextTurn(obj);
  const during = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "during" && isNextTurn(t.object));
  const nextTurn = nextAsObject || !!during;
  const object = nextAsObject ? undefined : obj;
  const unknown = () => {
    l.note(clause.range, `the engine knows these restrictions on players: ${Object.values(PLAYER_RULES).map((f) => `"can't ${f.replace(/^can't /, "")}"`).join(", ")} (for a while: "this turn", "until your next turn", "next turn"): "${l.slice(clause.range)}"`);
    return undefined;
  };
  if (clause.be || clause.orVerbs?.length) return unknown();
  let found: { rule: PlayerRuleName; cards?: CardSelector } | undefined;
  if ((verb === "play" || verb === "cast") && object && !npCount(object)) {
    const cards = l.selector({ ...object, determiners: object.determiners });
    const { zones: _zones, ...rest } = cards;
    l.useWords(object, "card", "cards");
    found = { rule: "cant_play", ...(Object.keys(rest).length ? { cards: rest } : {}) };
  } else if (verb === "attack" && !object) found = { rule: "cant_attack" };
  else if (verb === "gain" && words.join(" ") === "life" && !npCount(object) && !object!.determiners.length) {
    l.use(object);
    found = { rule: "cant_gain_life" };
  } else if (verb === "draw" && object && words.every((w) => w === "card" || w === "cards") && words.length === 1 && !npCount(object) && npDeterminers(object).every((d) => d === "a" || d === "any")) {
    l.use(object);
    found = { rule: "cant_draw" };
  }
  if (!found) return unknown();
  l.use(clause.modal, clause.verb);
  // "their next turn": the restricted player's, which the rule holds for (the choice of player is the subject's).
  if (nextAsObject) l.ledger.carry(obj);
  if (during) l.ledger.carry(during);
  return { ...found, ...(nextTurn ? { nextTurn: true as const } : {}) };
}

/** `by opponents' spells`, `by spells or abilities your opponents control`, `by your opponents`, `by abilities`. */
function targetedBy(np: Ast.NounPhrase, affects: CardSelector | { self: true }, l: AbilityLowering, unknown: (range: Range, what: string) => StaticEffect[], rule: "cannot_be_targeted" | "cant_be_destroyed" = "cannot_be_targeted"): StaticEffect[] {
  const words = npWords(np);
  const dets = npDeterminers(np);
  const control = np.filters.find((f) => f.kind === "controlledBy") as Ast.ControlFilter | undefined;
  // "spells your opponents cast": who casts a spell is who controls it.
  const relative = np.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && !f.that);
  const caster = relative ? castingPlayer(relative) : undefined;
  const whoWords = [...words, ...dets, ...(control ? [...npWords(control.controller), ...npDeterminers(control.controller)] : []), ...(caster === "opponent" ? ["opponents"] : caster === "you" ? ["you"] : [])];
  const sources: ("spell" | "ability")[] = [];
  if (words.some((w) => w === "spell" || w === "spells")) sources.push("spell");
  if (words.some((w) => w === "ability" || w === "abilities")) sources.push("ability");
  // "spells the defending player controls": a player the restriction cannot name — said, not dropped.
  const side = control && controlSide(control.controller);
  // "spells an opponent owns": a spell's owner is no side the restriction reads (it reads who controls the spell).
  if (control && (!side || control.verb.lemma === "own")) return unknown(np.range, `by ${l.slice(np.range)}`);
  const opponents = side === "opponent" || whoWords.some((w) => w.startsWith("opponent") || w === "enemy");
  const yours = !opponents && (side === "you" || whoWords.includes("your") || whoWords.includes("you"));
  // Every word must be one of these, else the phrase says something the engine would drop.
  const castBy = relative && caster !== undefined && caster !== "any" && words.every((w) => /^spells?$/.test(w));
  const understood = words.every((w) => /^(spells?|abilit(y|ies)|or|and|opponents?('s|’s|'|’)?|players?|enemy)$/.test(w)) && np.filters.every((f) => f.kind === "controlledBy" || (castBy && f === relative));
  if (!understood || (sources.length === 0 && !opponents && !yours)) return unknown(np.range, `by ${l.slice(np.range)}`);
  const by: RestrictionBy = { ...(opponents ? { controller: "opponent" as const } : yours ? { controller: "you" as const } : {}), ...(sources.length ? { sources } : {}) };
  return [{ kind: "rule", rule, affects, by }];
}

/**
 * "This must attack each turn if able." / "This unit attacks each combat if able." / "It must attack this turn if able.": an
 * attack requirement (rule `must_attack`) — `must` with or without "if able", the plain verb only with it. Which turns
 * ("each" or "this") and whether they said "combat"; undefined for any other clause.
 */
function attackRequirement(clause: Ast.Clause): { which: "each" | "this"; combat: boolean; able?: Ast.ConditionPhrase } | undefined {
  if (clause.verb?.lemma !== "attack" || clause.object || clause.be || clause.orVerbs?.length) return undefined;
  const must = clause.modal?.lemma === "must";
  if (clause.modal && !must) return undefined;
  const [timing, able, ...rest] = clause.tail;
  if (rest.length || timing?.kind !== "timing" || (timing.which !== "each" && timing.which !== "this")) return undefined;
  if (timing.combat && timing.combat.lemma !== "combat") return undefined;
  const ifAble = able?.kind === "condition" && able.word === "if" && !able.clause.subject && !able.clause.object && !able.clause.tail.length && !able.clause.modal && !able.clause.be && able.clause.verb?.lemma === "able";
  if (able ? !ifAble : !must) return undefined;
  return { which: timing.which, combat: !!timing.combat, ...(able ? { able: able as Ast.ConditionPhrase } : {}) };
}

/** A clause's trailing condition ("if you have 5 or less life"), but not the "if able" of an attack requirement (read by it). */
/** "their controller" (the affected cards' own controller, in a static about a group of cards). */
function theirController(np: Ast.NounPhrase | undefined): boolean {
  return !!np && !np.filters.length && !np.also && npDeterminers(np).join() === "their" && npWords(np).join() === "controller";
}

/**
 * "(for) as long as you control this" after a one-time effect: a duration (IR `while_source`) — the effect lasts while this
 * card stays in play under its controller — not a condition checked once. Only a control change runs it (lower.ts duration);
 * anything else it follows is CW6001 (effectSteps).
 */
function whileYouControlThis(cond: Ast.ConditionPhrase | undefined): boolean {
  if (!cond || cond.word !== "as long as" || cond.more?.length) return false;
  const c = cond.clause;
  if (!c.subject || !c.object || c.tail.length || c.modal || c.verb?.lemma !== "control") return false;
  const who = npDeterminers(c.subject);
  if (npWords(c.subject).length || who.length !== 1 || who[0] !== "you") return false;
  const dets = npDeterminers(c.object);
  return dets.length === 1 && dets[0] === "this" && !c.object.filters.length && npWords(c.object).every((w) => /^(?:card|permanent|creature|unit|weapon|enchantment|relic)s?$/.test(w));
}

function trailingCondition(clause: Ast.Clause | undefined): Ast.ConditionPhrase | undefined {
  const cond = clause?.tail.find((t): t is Ast.ConditionPhrase => t.kind === "condition");
  return cond && attackRequirement(clause!)?.able === cond ? undefined : cond;
}

/**
 * "can attack twice each turn" / "... twice this turn": which turns, when the rest of the clause after the verb is only
 * that (parsed as one phrase: `twice` and `each`/`this` before `turn`). Undefined otherwise.
 */
function attacksTwice(clause: Ast.Clause): "each" | "this" | undefined {
  const o = clause.object;
  if (!o || clause.tail.length || o.filters.length || npWords(o).join(" ") !== "turn") return undefined;
  const dets = npDeterminers(o);
  return dets.length === 2 && dets[0] === "twice" && (dets[1] === "each" || dets[1] === "this") ? dets[1] : undefined;
}

/** The clause of "discarded this way", "that was destroyed this way", "that died this way": a participle, or "that" with "be" or "die". */
function thisWayClause(f: Ast.RelativeFilter): Ast.Clause | undefined {
  const clause = f.clause;
  return !f.that || (!clause.subject && !clause.modal && (clause.be || clause.verb?.lemma === "die")) ? clause : undefined;
}

/**
 * "unit named Scout", "card named Stone Guard", 'card named "Quick Bolt"': the name after "named" (the phrase's last
 * items, words or one string), where "named" follows a noun; `at`: the index of "named" in the phrase's items.
 */
function cardNameAfterNamed(np: Ast.NounPhrase): { name: string; at: number; nodes: readonly Ast.NounItem[] } | undefined {
  const at = np.items.findIndex((i) => i.kind === "word" && lower(i.text) === "named");
  if (at < 1 || at === np.items.length - 1) return undefined;
  const rest = np.items.slice(at + 1);
  const name = rest.length === 1 && rest[0]!.kind === "string" ? rest[0]!.value : rest.every((i) => i.kind === "word") ? rest.map((i) => (i as Ast.WordNode).text).join(" ") : undefined;
  return name === undefined ? undefined : { name, at, nodes: np.items.slice(at) };
}

/** "this" / "this creature" / "it" alone: the card whose text it is. */
function isSelfReference(np: Ast.NounPhrase | undefined): boolean {
  if (!np || np.filters.length || np.also?.length) return false;
  const dets = npDeterminers(np);
  return dets.length === 1 && (dets[0] === "this" ? npWords(np).length <= 1 : dets[0] === "it" && npWords(np).length === 0);
}

function staticFromSequence(seq: Ast.Sequence, l: AbilityLowering): StaticEffect[] | undefined {
  const out: StaticEffect[] = [];
  // "Other Vampires you control get +1/+1 and have Tireless.": a verb with no subject of its own shares the one before it.
  let shared: CardSelector | { self: true } | undefined;
  for (const step of seq.steps) {
    const clause = step.clause;
    // Its trailing phrases may belong to a number inside it ("where X is half ..., rounded up").
    l.currentClause = clause;
    const subject = clause.subject;
    const subjectDets = npDeterminers(subject);
    const self = !subject || subjectDets.includes("this") || (npWords(subject).length === 0 && subjectDets.includes("it"));
    // "Creatures with Flying can't block this.": "This can't be blocked by creatures with Flying." said from the blockers'
    // side — the subject is who may not block, the card itself is what they may not block.
    if (subject && !self && clause.modal?.lemma === "can't" && !clause.be && clause.verb?.lemma === "block" && !clause.orVerbs?.length && !clause.tail.length && isSelfReference(clause.object)) {
      const { zones: _zones, ...blockers } = l.selector(subject);
      if (Object.keys(blockers).length && !npCount(subject)) {
        l.use(clause.modal, clause.verb, clause.object);
        out.push({ kind: "rule", rule: "cant_be_blocked", affects: { self: true }, by: { selector: blockers } });
        shared = { self: true };
        continue;
      }
    }
    const affects = !subject && shared ? shared : self ? ({ self: true } as const) : l.fixedSelector(subject!, "a static ability");
    shared = affects;
    // "This unit", "this card": the card itself; any other word ("This exhausted unit can't attack") is a condition the
    // static does not read — reported, not made to hold always.
    if (subject && self) {
      l.use(subject.determiners, subject.items.filter((i) => i.kind === "word" && l.vocab.game.stats.includes(lower(i.text))));
      l.useSelfNouns(subject);
    }
    if (clause.modal?.lemma === "can't" && (clause.verb || clause.be)) {
      out.push(...restriction(clause, affects, l));
      continue;
    }
    // "This can block an additional creature." · "This can block any number of attackers." (damage combat: declared blockers).
    // "... each combat": one combat a turn — the limit holds in every combat, as written without it.
    const eachCombat = clause.tail.length === 1 && clause.tail[0]!.kind === "timing" && clause.tail[0]!.which === "each" && !!clause.tail[0]!.combat;
    if (clause.modal?.lemma === "can" && clause.verb?.lemma === "block" && clause.object && (!clause.tail.length || eachCombat)) {
      const words = npWords(clause.object);
      const ofWords = clause.object.filters.flatMap((f) => (f.kind === "prep" && f.prep === "of" ? npWords(f.object) : []));
      const blocked = (w: string[]) => w.length > 0 && w.every((x) => /^(creatures?|units?|attackers?|attacking)$/.test(x) || lookup(l.vocab.cardTypes, x) !== undefined);
      const anyNumber = npDeterminers(clause.object).includes("any") && words.join(" ") === "number" && blocked(ofWords);
      const additional = words[0] === "additional" && blocked(words.slice(1)) && clause.object.filters.length === 0;
      if (anyNumber || additional) {
        if (l.vocab.game.params["combat_model"] !== "damage") {
          l.note(clause.range, `"${l.slice(clause.range)}": in this game an attack is a fight and a defender walls one attack; the engine has no number of blockers to raise`);
          return [];
        }
        l.use(clause, eachCombat ? clause.tail : []);
        const count = npCount(clause.object);
        out.push(anyNumber ? { kind: "rule", rule: "blocks_any_number_of_attackers", affects } : { kind: "rule", rule: "blocks_additional_attackers", affects, amount: count?.value ?? 1 });
        continue;
      }
    }
    // "This must attack each turn if able." / "This unit attacks each combat if able.": it attacks whenever it can (Duel: its
    // turn does not end before it has; where attackers are declared, it is declared). "each combat" where the game has no
    // combat phase is said at the words.
    const requirement = attackRequirement(clause);
    if (requirement?.which === "each") {
      if (requirement.combat && !combatPhase(l.vocab.game.phases)) {
        l.note(clause.range, `"${l.slice(clause.range)}": this game has no combat phase (its attacks happen in the ${l.vocab.game.phases.find((p) => !p.auto)?.name ?? "main"} phase) — write "each turn"`);
        return [];
      }
      l.use(clause, clause.tail);
      out.push({ kind: "rule", rule: "must_attack", affects });
      continue;
    }
    // "This unit can attack twice each turn." (a game whose attacks are fights, each unit attacking once a turn): one attack
    // more each turn. Where attackers are declared once in a combat (damage combat) there is no second attack to allow.
    if (clause.modal?.lemma === "can" && clause.verb?.lemma === "attack" && !clause.be && attacksTwice(clause) === "each") {
      if (l.vocab.game.params["combat_model"] === "damage") {
        l.note(clause.range, `"${l.slice(clause.range)}": in this game attackers are declared once in a combat, one combat a turn; the engine has no second attack to allow${weaponAttacksNote(l.vocab.game)}`);
        return [];
      }
      l.use(clause);
      l.ledger.carry(clause.object);
      out.push({ kind: "rule", rule: "extra_attacks", affects, amount: 1 });
      continue;
    }
    // "This can attack the turn it enters play": no summoning sickness for it (not "can attack twice each turn").
    // "... the turn you play it", "Units you control can attack the turn they enter play": the same, said of the player or of several.
    if (clause.modal?.lemma === "can" && clause.verb?.lemma === "attack" && /\battack (?:on |during )?the turn (?:(?:it|they|this(?: \S+)?) (?:enters|enter|entered|comes|come|came|is played|are played|was played|were played)|you (?:play|played|cast) (?:it|them|this(?: \S+)?)\s*\.?$)/i.test(l.slice(clause.range))) {
      // The pattern above read the clause from its verb to its end; the subject is read by its own reading (this card,
      // or the selector of "Units you control").
      l.use(clause.modal, clause.verb, clause.object, clause.complement, clause.tail);
      out.push({ kind: "rule", rule: "ignores_summoning_sickness", affects });
      continue;
    }
    // "This unit's power is equal to the number of cards in your hand.": the card's own stat defined, as "This unit has
    // power equal to ..." (only the card itself: "is equal to" said of other cards is left to the note below).
    const equalTo = clause.tail.length === 1 && clause.tail[0]!.kind === "prep" && clause.tail[0]!.prep === "to" ? clause.tail[0]!.object : undefined;
    if (clause.be && !clause.modal && clause.verb?.lemma === "equal" && !clause.object && equalTo && subject && self) {
      const stat = npWords(subject).find((w) => l.vocab.game.stats.includes(w));
      if (stat && l.statCard(subject)?.kind === "self") {
        const value = l.numberPhrase(withTrailingOn(equalTo, clause));
        l.use(clause.be, clause.verb);
        out.push({ kind: "modify", affects, set: { [stat]: value } });
        continue;
      }
    }
    if (clause.verb?.lemma === "get") {
      const stats = l.statChange(clause.object);
      // "+X/+0, where X is ...": the stat written with X takes the where phrase's number.
      const where = clause.tail.find((t) => t.kind === "where") as Ast.WherePhrase | undefined;
      const written = clause.object?.items.find((i) => i.kind === "stats") as Ast.StatsNode | undefined;
      if (stats && where && written && /x/i.test(written.text)) {
        l.use(where.variable);
        // "where X is the number of Bleed counters on you": a trailing "on ..." belongs to the number.
        const value = l.numberPhrase(withTrailingOn(where.value, clause));
        written.text.split("/").forEach((part, i) => {
          const name = l.vocab.game.stats[i];
          if (name && /x/i.test(part)) stats[name] = part.trim().startsWith("-") ? { kind: "times", factor: -1, of: value } : value;
        });
      } else if (stats && where) {
        // "This gets +X power, where X is the number of cards in your hand."
        l.use(where.variable);
        const value = JSON.stringify(l.numberPhrase(where.value));
        for (const [name, amount] of Object.entries(stats)) stats[name] = JSON.parse(JSON.stringify(amount).replaceAll('{"kind":"x"}', value)) as NumberExpr;
      }
      if (stats) {
        l.use(clause.verb);
        out.push({ kind: "modify", affects, stats: l.staticForEach(clause, stats) });
        continue;
      }
    }
    // "This loses Flying.", "Enemy units lose Flying and Taunt.": keywords a permanent's static takes away, whatever gives
    // them (a number of a counted keyword — "loses Bleed 2" — has no reading: CW6001 below).
    if (clause.verb?.lemma === "lose" && (!subject || !isPlayerPhrase(subject)) && !clause.tail.some((t) => t.kind === "timing" || isDurationPhrase(t)) && clause.object !== undefined && isBareWordList(clause.object)) {
      const kws = l.keywordList(clause.object);
      if (kws.length && kws.every((k) => k.amount === undefined)) {
        l.use(clause.verb);
        out.push({ kind: "modify", affects, loses: kws.map((k) => k.name) });
        continue;
      }
    }
    // "have", or "gain" with no duration ("Vampires you control gain Haste."): a keyword or stat a permanent's static gives.
    const gainsKeywords = clause.verb?.lemma === "gain" && (!subject || !isPlayerPhrase(subject)) && !clause.tail.some((t) => t.kind === "timing" || isDurationPhrase(t)) && clause.object !== undefined && isBareWordList(clause.object);
    if (clause.verb?.lemma === "have" || gainsKeywords) {
      const kws = l.keywordList(clause.object);
      if (kws.length) {
        l.use(clause.verb);
        out.push({ kind: "modify", affects, keywords: kws });
        continue;
      }
      // "This unit has power equal to the number of cards in your hand.": the stat defined by a number, not changed by it.
      const defined = l.statDefinition(clause.object, clause);
      if (defined) {
        l.use(clause.verb);
        out.push({ kind: "modify", affects, set: defined });
        continue;
      }
      // "Other units you control have +1 power.", "This unit has +2 power ...": a stat change, as with "get".
      const stats = l.statChange(clause.object);
      if (stats) {
        out.push({ kind: "modify", affects, stats: l.staticForEach(clause, stats) });
        continue;
      }
    }
    return undefined;
  }
  return out;
}

/**
 * "DEATH: Destroy the unit that destroyed this.": the ability runs when a unit destroyed this card — the trigger takes the
 * destroyer as its object, as "When this is destroyed by a unit, destroy that unit." (AbilityLowering.destroyerOfThis).
 * An ability that does more ("DEATH: Draw a card and deal 1 damage to the unit that destroyed this.") keeps its trigger,
 * so its other steps run however it was destroyed; each step acting on the destroyer runs only if a card of that kind
 * destroyed it (`if` the event's other card matches: a spell's Destroy leaves it out, and draws).
 */
function lowerDestroyerTrigger(a: Ability, l: AbilityLowering, range: Range): void {
  const selector = l.destroyerSelector;
  if (!selector || !a.trigger) return;
  delete l.destroyerSelector;
  if (a.steps.length !== 1) {
    const namesDestroyer = (step: Step) => JSON.stringify(step).includes('"kind":"event_other"');
    if (a.steps.some((step) => step.op === "if" || step.op === "choose_one") && a.steps.some(namesDestroyer)) {
      l.note(range, `the engine runs "the unit that destroyed this" as a step of its own, or as all its ability does: write it as its own sentence, "When this is destroyed by a unit, destroy that unit."`);
      a.steps = [{ op: "rule", rule: "unsupported" }];
      return;
    }
    a.steps = a.steps.map((step) => (namesDestroyer(step) ? { op: "if", condition: { kind: "card_matches", of: { kind: "event_other" }, selector }, then: [step] } : step));
    return;
  }
  a.trigger = { ...a.trigger, object: { kind: "card", selector } };
  // "DEATH:" stands for a trigger with no object: the ability is now the one "When this is destroyed by a unit" makes.
  delete a.marker;
}

function lowerBody(body: Ast.AbilityBody, a: Ability, card: CardInfo, l: AbilityLowering): void {
  switch (body.kind) {
    case "keywords": {
      l.use(body);
      const first = body.keywords[0]!;
      const def = l.vocab.keywords.get(lower(first.name.text));
      if (def?.kind === "action") {
        a.kind = card.permanent ? "static" : "spell";
        a.steps = body.keywords.map((k) => ({ op: "keyword_action", keyword: l.vocab.keywords.get(lower(k.name.text))?.name ?? k.name.text, amount: l.count(k.parameter), who: { kind: "you" }, source: l.source(k.range) }) as Step);
        // "Mill 3. Draw a card for each card milled this way.": the sentence after reads what it took.
        l.noteThisWaySteps(a.steps);
        if (card.enhancedOnEnter) return enteringEnhanced(a, l);
        if (card.permanent) l.note(body.range, `a keyword action on a permanent does nothing by itself: "${l.slice(body.range)}"`);
        return;
      }
      a.kind = "keyword";
      a.keyword = { name: def?.name ?? first.name.text, ...(first.parameter?.value !== undefined ? { amount: first.parameter.value } : {}) };
      noteUnsetKeywordVariable(l, first, a.keyword.name);
      // Further keywords on the same line share the instance.
      if (body.keywords.length > 1) a.statics = [{ kind: "modify", affects: { self: true }, keywords: body.keywords.slice(1).map((k) => keywordGrant(l, k)) }];
      return;
    }
    case "triggered": {
      a.kind = "triggered";
      // "Whenever you Scry for the first time each turn, ...": it triggers once each turn (the words leave the event).
      const first = firstTimeEachTurn(body.trigger.event);
      if (first) {
        l.use(first);
        a.timesPerTurn = 1;
        body = { ...body, trigger: { ...body.trigger, event: { ...body.trigger.event!, tail: body.trigger.event!.tail.filter((t) => !first.includes(t)) } } };
      }
      // "At the beginning of your draw step, ...": the parser ends the moment at "draw" and reads "draw step" as an effect
      // (it drew a card, "step" CW6005). A draw step is no step of these games' turns: said at the words, the effect gone.
      const drawStep = drawStepEffect(body);
      if (drawStep) {
        l.noteForeignStep(drawStep.range, "draw step", false);
        l.use(drawStep);
        const [, next, ...rest] = (body.effect as Ast.Sequence).steps;
        body = { ...body, effect: { ...body.effect, steps: next ? [{ ...next, connector: "" }, ...rest] : [] } as Ast.Sequence };
      }
      a.trigger = lowerTrigger(body.trigger, l);
      l.eventPlayer = carriesPlayer(a.trigger);
      l.combatTrigger = isCombatTrigger(a.trigger);
      l.setTrigger(a.trigger);
      // "When this enters play, if target player has 5 or more Bleed counters, that player loses 5 life.": a condition on a
      // target cannot be checked as the trigger is noted (no target is chosen yet: it was always false there, and the
      // ability never triggered — silent). The trigger goes on the chain, its target chosen, and the condition is checked as
      // it resolves.
      let onResolution: Condition | undefined;
      if (body.condition) {
        // A trigger's intervening "if" is checked as the trigger is noted, before any target is chosen.
        const c = compoundCondition({ condition: body.condition, ...(body.more ? { more: body.more } : {}) }, l, (clause) => l.conditionWithoutTargets(clause));
        if (c && mentionsTarget(c)) onResolution = c;
        else if (c) a.condition = c;
        l.conditionTargets = false;
        l.aboutConditionPlayer(body.condition);
        l.conditionTargets = true;
      }
      l.triggerCondition = !!a.condition;
      a.steps = body.effect.kind === "modal" ? modalSteps(body.effect, a, l) : lowerSequenceWithPending(body.effect, l);
      lowerDestroyerTrigger(a, l, body.effect.range);
      if (onResolution) a.steps = [{ op: "if", condition: onResolution, then: a.steps, ...(l.triggerOtherwise ? { else: l.triggerOtherwise } : {}), source: a.source }];
      if (a.condition) a.steps = [{ op: "if", condition: a.condition, then: a.steps, ...(l.triggerOtherwise ? { else: l.triggerOtherwise } : {}), source: a.source }];
      // With "Otherwise, ..." the ability triggers whatever the condition (it is checked as it resolves): something
      // happens either way.
      if (l.triggerOtherwise) delete a.condition;
      if (!a.trigger) a.steps = [{ op: "rule", rule: "unsupported" }];
      else if (blocksOnce(a)) a.trigger.oncePerBlock = true;
      return;
    }
    case "prefixed": {
      const markerWord = body.prefix.length === 1 && body.prefix[0]!.kind === "clauseCost" ? prefixWord(body.prefix[0]!.clause) : undefined;
      const marker = markerWord ? l.vocab.markers.get(lower(markerWord)) : undefined;
      if (marker) {
        l.use(body.prefix);
        a.marker = marker.name;
        if (marker.isStatic) {
          a.kind = "static";
          lowerStatic(body.body, a, l);
          return;
        }
        a.kind = "triggered";
        if (marker.trigger) a.trigger = marker.trigger;
        l.eventPlayer = carriesPlayer(a.trigger);
        l.combatTrigger = isCombatTrigger(a.trigger);
        l.setTrigger(a.trigger);
        lowerBody(body.body, a, afterPrefix(card), l);
        lowerDestroyerTrigger(a, l, body.body.range);
        a.kind = "triggered";
        return;
      }
      a.kind = "activated";
      a.cost = body.prefix.flatMap((item) => {
        return lowerCostItem(item, l);
      });
      // "Exhaust: Draw a card. Activate this only once each turn.": the last sentence limits the ability, it does nothing.
      const steps = body.body.kind === "statement" ? body.body.effect.steps : [];
      const last = steps[steps.length - 1];
      // Its last sentences, each from its first clause (after a ".") to the next: limits, while they are.
      let end = steps.length;
      while (body.body.kind === "statement") {
        const from = steps.findLastIndex((step, i) => i > 0 && i < end && step.connector === ".");
        const limit = from > 0 && steps.slice(from, end).every((step) => !step.condition) ? activationLimit(steps.slice(from, end).map((step) => step.clause), l) : undefined;
        if (!limit) break;
        setActivationLimit(a, limit);
        end = from;
      }
      if (end < steps.length && body.body.kind === "statement") lowerBody({ ...body.body, effect: { ...body.body.effect, steps: steps.slice(0, end) } }, a, afterPrefix(card), l);
      else lowerBody(body.body, a, afterPrefix(card), l);
      a.kind = "activated";
      // A cost the engine cannot pay as written (noted at its words): the ability is not run, rather than run for less.
      if (l.unrunnableCost) a.steps = [{ op: "rule", rule: "unsupported" }];
      return;
    }
    case "modal":
      a.steps = modalSteps(body, a, l);
      return;
    case "replacement": {
      // "The first time you discard a card each turn, draw a card.": no "would", nothing replaced — a trigger on the event
      // that triggers once each turn (it was read as a replacement, CW6001 "not an event the engine can replace").
      const eachTurn = body.event.tail.filter((t) => t.kind === "timing" && t.which === "each" && !t.combat);
      if (body.firstTime && !body.next && body.event.modal?.lemma !== "would" && eachTurn.length === 1) {
        l.use(eachTurn);
        const event = { ...body.event, tail: body.event.tail.filter((t) => !eachTurn.includes(t)) };
        lowerBody({ kind: "triggered", trigger: { kind: "triggerHead", word: "whenever", event, range: body.event.range }, effect: body.effect, range: body.range }, a, card, l);
        if (a.kind === "triggered") a.timesPerTurn = 1;
        return;
      }
      lowerReplacement(body, a, l);
      return;
    }
    case "conditional": {
      const c = compoundCondition(body, l);
      if (card.permanent) {
        // "As long as you control a Knight, this gets +1 power." · "While ..., this has +1 power." · "..., your maximum hand
        // size is increased by 2."
        const statics = /\bmaximum hand size\b|\bhand size maximum\b/i.test(l.slice(body.effect.range)) ? lowerHandSize(body.effect, body.effect.range, l) : staticFromSequence(body.effect, l);
        if (statics) {
          a.kind = "static";
          a.statics = statics;
          const during = body.effect.steps.map((s) => l.duringCondition(s.clause)).filter((x): x is Condition => !!x);
          const all = [...(c ? [c] : []), ...during];
          if (all.length) a.condition = all.length === 1 ? all[0]! : { kind: "all", conditions: all };
          return;
        }
      }
      // "As long as ..." / "While ..." promise an effect that stops when the condition does; a one-time effect is
      // checked once, like "if", and then lasts as its own words say — that is another card than the one written.
      if (body.word !== "if") l.note(body.condition.range, `"${body.word}" on a one-time effect: the engine checks "${l.slice(body.condition.range)}" once, as "if", and the effect then lasts as it says (not only while the condition holds) — write "If ..., ..." for a check once, or make it a static of a permanent`);
      l.aboutConditionPlayer(body.condition);
      const steps = lowerSequenceWithPending(body.effect, l);
      a.steps = c ? [{ op: "if", condition: c, then: steps, source: a.source }] : steps;
      return;
    }
    case "statement": {
      // "Spark 1 at the start of your turn." on a permanent: its trigger written last (a spell's is a delayed trigger).
      const recurring = card.permanent ? trailingMoment(body) : undefined;
      if (recurring) {
        lowerBody(recurring, a, card, l);
        return;
      }
      if (card.enhancedOnEnter && isOneShotStatement(body.effect)) {
        enteringEnhanced(a, l);
        a.steps = lowerSequenceWithPending(body.effect, l);
        return;
      }
      // "This costs 1 Crystal less if you control a Knight." on a Spell: its own cost, changed where it is played from,
      // as a permanent's is (runtime/core/values.ts playCost reads the card's own cost statics, with their condition).
      if (card.permanent || isOwnCostChange(body.effect) || isPlayFrom(body.effect)) {
        lowerStatic(body, a, l);
        return;
      }
      a.steps = lowerSequenceWithPending(body.effect, l);
      return;
    }
  }
}

/**
 * "If you have 10 or less life and an opponent has a Bleed counter, ..." · "If you control a Vampire or you have 5 or more
 * Bleed counters, ...": the conditions joined by `and` (all hold: IR `all`) or `or` (one holds: `any`); `and` and `or`
 * mixed is CW6001 (which binds first is not said). A condition the engine cannot read is noted by its reader ("treated as
 * always true"), and the whole is read so: with `and` the others still hold; with `or` the whole is always true.
 */
function compoundCondition(body: { condition: Ast.Clause; more?: Ast.ConditionalBody["more"] }, l: AbilityLowering, read: (clause: Ast.Clause) => Condition | undefined = (clause) => l.condition(clause)): Condition | undefined {
  return l.readingCondition(spanOf(body.condition.range, body.more?.at(-1)?.clause.range ?? body.condition.range), () => compoundConditionRead(body, l, read));
}
function compoundConditionRead(body: { condition: Ast.Clause; more?: Ast.ConditionalBody["more"] }, l: AbilityLowering, read: (clause: Ast.Clause) => Condition | undefined): Condition | undefined {
  // "If you control a Vampire and a Ghoul, ...": each card kind joined to the object by "and" is a condition of its own
  // (you control each), as "If you control a Vampire and you control a Ghoul" (was CW6005 at "a Ghoul").
  const obj = body.condition.object;
  const verb = body.condition.verb?.lemma;
  if (!body.more?.length && obj?.also?.length && !obj.comma && verb === "control" && !body.condition.be && !body.condition.modal && [obj, ...obj.also].every((np) => !np.comma && npWords(np).length > 0 && npWords(np).every((w) => l.cardNoun(w) || l.cardNoun(singular(w))))) {
    // "both a Knight and a Golem": each of the two, as without "both" (it was CW6001 at "both", naming counts of one kind).
    const both = obj.also.length === 1 ? obj.determiners.find((d) => d.kind === "determiner" && d.lemma === "both") : undefined;
    if (both) l.use(both);
    const parts = [{ ...obj, also: undefined, determiners: obj.determiners.filter((d) => d !== both) }, ...obj.also].map((np) => read({ ...body.condition, object: np, range: np.range }));
    const understood = parts.filter((c): c is Condition => c !== undefined);
    return understood.length > 1 ? { kind: "all", conditions: understood } : understood[0];
  }
  // "If it's exhausted and a Vampire, ...": a state and a kind joined by "and" after "it's" / "is" are two conditions on
  // the one card (both hold), as "If it's exhausted and it's a Vampire" — the second was marked read with the first, and
  // only the first was checked, in silence.
  const joined = body.condition.object?.also?.length && isStateClause(body.condition) ? [{ ...body.condition.object, also: undefined }, ...body.condition.object.also] : undefined;
  if (joined) {
    const parts = joined.map((np, i) => read(i === 0 ? { ...body.condition, object: np } : predicateOf(body.condition, { object: np }, np.range)));
    if (parts.some((c) => c === undefined)) return undefined;
    if (!body.more?.length) return { kind: "all", conditions: parts as Condition[] };
  }
  const first = joined ? undefined : read(body.condition);
  if (!body.more?.length) return first;
  const joins = new Set(body.more.map((m) => m.join.lemma.toLowerCase()));
  if (joined) {
    l.note(spanOf(body.condition.range, body.more.at(-1)!.clause.range), `"${l.slice(spanOf(body.condition.range, body.more.at(-1)!.clause.range))}" joins more than two conditions, and does not say which binds first: write two abilities, or two conditions ("If A and B, ...")`);
    return undefined;
  }
  const rest = body.more.map((m) => {
    // "If you control a Warrior or a Mage": a bare card noun after the join (read as a determiner and a verb) is the first
    // condition's object again.
    const noun = m.clause.verb && !m.clause.object && !m.clause.be && !m.clause.modal && !m.clause.complement && !m.clause.tail.length && m.clause.subject && npWords(m.clause.subject).length === 0 && !m.clause.subject.filters.length && (l.cardNoun(lower(m.clause.verb.text)) || l.cardNoun(singular(m.clause.verb.text))) ? m.clause.verb : undefined;
    const object: Ast.NounPhrase | undefined = noun && m.clause.subject ? { ...m.clause.subject, items: [noun], range: m.clause.range } : undefined;
    const clause: Ast.Clause = object && isStateClause(body.condition) ? predicateOf(body.condition, { object }, m.clause.range) : object && body.condition.verb && body.condition.object ? { ...body.condition, object, range: m.clause.range } : carriedSubject(body.condition, m.clause);
    const c = read(clause);
    l.aboutConditionPlayer(clause);
    return c;
  });
  if (joins.size > 1) {
    l.note(spanOf(body.condition.range, body.more.at(-1)!.clause.range), `"${l.slice(spanOf(body.condition.range, body.more.at(-1)!.clause.range))}" joins conditions with both "and" and "or", and does not say which binds first: write two abilities, or one kind of join ("If A and B, ..." / "If A or B, ...")`);
    return first;
  }
  for (const m of body.more) l.use(m.join);
  const all = [first, ...rest];
  const understood = all.filter((c): c is Condition => c !== undefined);
  if (joins.has("or")) return understood.length === all.length ? { kind: "any", conditions: understood } : undefined;
  return understood.length > 1 ? { kind: "all", conditions: understood } : understood[0];
}

/** "Activate only if A and B.": every condition joined (it read the first only), none of them a target. */
function limitCondition(item: Ast.ConditionPhrase, l: AbilityLowering): Condition | undefined {
  return compoundCondition({ condition: item.clause, ...(item.more ? { more: item.more } : {}) }, l, (clause) => l.conditionWithoutTargets(clause));
}

/** "it's exhausted" / "it's a Vampire" (the contraction read as the verb) or "it is exhausted" / "this is a Vampire": a clause that says what a card is. */
function isStateClause(clause: Ast.Clause): boolean {
  if (clause.modal || clause.complement) return false;
  if (clause.verb && /^(?:it|that)['’]s$/i.test(clause.verb.text)) return !clause.be;
  return !!clause.be && /^(?:is|are|was|were)$/i.test(clause.be.text);
}

/** The state clause `first` with another predicate ("a Vampire", "exhausted"): the same card said to be something else. */
function predicateOf(first: Ast.Clause, predicate: { object?: Ast.NounPhrase; verb?: Ast.WordNode }, range: Range): Ast.Clause {
  const object = predicate.object;
  const adjective = predicate.verb;
  // "it's exhausted": the contraction is the verb, what the card is the object.
  if (first.verb && /^(?:it|that)['’]s$/i.test(first.verb.text)) return { ...first, object: object ?? (adjective ? { kind: "np", determiners: [], items: [adjective], filters: [], range: adjective.range } : undefined), tail: [], range };
  // "it is exhausted" (the adjective after "is" read as a verb) / "it is a Vampire" (an object).
  const { verb: _verb, object: _object, ...rest } = first;
  return { ...rest, ...(object ? { object } : {}), ...(adjective ? { verb: adjective } : {}), tail: [], range };
}

/**
 * A condition joined with no subject of its own ("If it is exhausted and is a Vampire", "If it's a Vampire and exhausted",
 * "If you have 5 or less life and control a Vampire"): the first condition's subject (it was "this" — another card).
 */
function carriedSubject(first: Ast.Clause, clause: Ast.Clause): Ast.Clause {
  if (clause.subject) return clause;
  if (isStateClause(first)) {
    // "and is a Vampire": a predicate after its own "is"; "and exhausted": a state word alone.
    if (clause.be && !clause.modal && /^(?:is|are|was|were)$/i.test(clause.be.text) && !clause.tail.length) return predicateOf(first, { object: clause.object, verb: clause.verb }, clause.range);
    if (!clause.be && !clause.modal && clause.verb && !clause.object && !clause.complement && !clause.tail.length) return predicateOf(first, { verb: clause.verb }, clause.range);
    // "If it's a Soldier and has 1 power": the card "it's" names has it.
    if (first.subject) return { ...clause, subject: first.subject };
    const at = first.verb!.range;
    return { ...clause, subject: { kind: "np", determiners: [{ kind: "determiner", lemma: "it", text: "it", range: at }], items: [], filters: [], range: at } };
  }
  return first.subject && !first.modal ? { ...clause, subject: first.subject } : clause;
}

/** "You may cast this spell from your graveyard.": where the card may be played from (a static, on a spell too). */
function isPlayFrom(seq: Ast.Sequence): boolean {
  const only = seq.steps.length === 1 ? seq.steps[0]!.clause : undefined;
  return !!only?.subject && only.modal?.lemma === "may" && (only.verb?.lemma === "play" || only.verb?.lemma === "cast") && !!only.object && npDeterminers(only.object).join() === "this";
}

/** "This costs 1 less." · "This spell costs {1} more if ...": one clause changing the card's own cost. */
function isOwnCostChange(seq: Ast.Sequence): boolean {
  const only = seq.steps.length === 1 ? seq.steps[0]!.clause : undefined;
  return !!only?.subject && (only.verb?.lemma === "cost" || only.verb?.text.toLowerCase() === "costs") && !only.modal && npDeterminers(only.subject).join() === "this";
}

/** `Choose one — • X. • Y.`: the player picks a mode as it resolves. */
function modalSteps(body: Ast.ModalBody, a: Ability, l: AbilityLowering): Step[] {
  l.use(body.choose);
  const words = body.choose.map((w) => w.lemma.toLowerCase()).join(" ");
  const picks = modePicks(words, body.modes.length);
  // The engine asks for one mode (or one of the sets "Choose two —" allows): "Choose up to two" would run as "Choose one".
  const first = body.choose[0];
  const last = body.choose[body.choose.length - 1];
  if (first && last && !picks) {
    l.note(spanOf(first.range, last.range), `the engine chooses one mode, or a set of them as "Choose two —", "Choose one or both —" (of two modes), "Choose one or more —" and "Choose up to two —" (at most as many as there are modes) say; "Choose ${l.slice(spanOf(first.range, last.range))}" would run as "Choose one" — write one of those, or separate abilities`);
  }
  // Each mode's targets belong to that mode: chosen as the ability is cast with its mode, only for that mode.
  const before = l.targets.length;
  const modes = body.modes.map((m, mode) => {
    const from = l.targets.length;
    const steps = lowerSequenceWithPending(m, l);
    for (let i = from; i < l.targets.length; i++) l.targets[i] = { ...l.targets[i]!, mode };
    return { text: l.slice(m.range).trim(), steps, source: l.source(m.range) };
  });
  if (!picks || (picks.min === 1 && picks.max === 1)) return [{ op: "choose_one", modes, source: a.source }];
  return [combinedModes(modes, picks, words, before, a, l)];
}

/** How many modes "Choose <words> —" picks of `n`: "two", "three", "one or both" (of two), "one or more"; undefined for any other. */
function modePicks(words: string, n: number): { min: number; max: number } | undefined {
  const count = NUMBER_WORDS[words] ?? (/^\d+$/.test(words) ? Number(words) : undefined);
  if (count !== undefined && count >= 1 && count <= n && (count === 1 || n <= 5)) return { min: count, max: count };
  if (words === "one or both" && n === 2) return { min: 1, max: 2 };
  if ((words === "one or more" || words === "any number") && n >= 2 && n <= 4) return { min: 1, max: n };
  // "Choose up to two —": one or two of them (rules texts silent; chosen: at least one — no mode does nothing).
  const upTo = /^up to (\w+)$/.exec(words)?.[1];
  const most = upTo === undefined ? undefined : (NUMBER_WORDS[upTo] ?? (/^\d+$/.test(upTo) ? Number(upTo) : undefined));
  if (most !== undefined && most >= 1 && most <= n && n <= 5) return { min: 1, max: most };
  return undefined;
}

/**
 * "Choose two — A; or B; or C." · "Choose one or both — A; or B.": one mode of a "Choose one" for each set of modes the
 * words allow (A and B, A and C, B and C), its steps those modes' steps in the card's order — so the set is chosen as the
 * spell or ability is cast, and each of its modes' targets with it (a target slot for each set it is in, steps renumbered
 * to it). No mode twice (rules texts silent; chosen: the genre's "choose two"). IR `choose_one` with `choose` (the words)
 * and, on each mode, `of` (the modes it is made of and how many steps each gave), from which reads-as prints the card.
 */
function combinedModes(modes: { text: string; steps: Step[]; source?: SourceRef }[], picks: { min: number; max: number }, words: string, before: number, a: Ability, l: AbilityLowering): Step {
  const sets: number[][] = [];
  const grow = (from: number, set: number[]): void => {
    if (set.length >= picks.min && set.length <= picks.max) sets.push(set);
    if (set.length === picks.max) return;
    for (let m = from; m < modes.length; m++) grow(m + 1, [...set, m]);
  };
  grow(0, []);
  sets.sort((x, y) => x.length - y.length);
  const own = l.targets.slice(before);
  const kept = l.targets.slice(0, before);
  const combined = sets.map((set, k) => {
    const steps: Step[] = [];
    const of: { mode: number; steps: number }[] = [];
    for (const mode of set) {
      const renumber = new Map<number, number>();
      own.forEach((spec, i) => {
        if (spec.mode !== mode) return;
        renumber.set(before + i, kept.length);
        kept.push({ ...spec, mode: k, ...(spec.group !== undefined ? { group: `${spec.group}:${k}` } : {}) });
      });
      const part = renumberTargets(modes[mode]!.steps, renumber);
      steps.push(...part);
      of.push({ mode, steps: part.length });
    }
    const text = set.map((mode, i) => (i === 0 ? modes[mode]!.text : modes[mode]!.text.replace(/^./, (c) => c.toLowerCase()))).join(" and ").replace(/\.(?= and )/g, "");
    return { text, steps, of, ...(modes[set[0]!]!.source ? { source: modes[set[0]!]!.source } : {}) };
  });
  l.targets.length = 0;
  l.targets.push(...kept);
  return { op: "choose_one", modes: combined, choose: words, source: a.source };
}

/** Steps with each reference to a target slot (`{kind: "target", index}`, `{kind: "targets", indexes}`) moved as `renumber` says. */
function renumberTargets(steps: Step[], renumber: Map<number, number>): Step[] {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    const o = node as Record<string, unknown>;
    if (o["kind"] === "target" && typeof o["index"] === "number") return { ...o, index: renumber.get(o["index"]) ?? o["index"] };
    if (o["kind"] === "targets" && Array.isArray(o["indexes"])) return { ...o, indexes: (o["indexes"] as number[]).map((i) => renumber.get(i) ?? i) };
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(o)) out[key] = key === "source" ? value : walk(value);
    return out;
  };
  return walk(steps) as Step[];
}

/**
 * "If this would be destroyed, return it to its owner's hand instead." · "The first time this would be
 * destroyed each turn, it remains in play with 1 defense instead." · "If a Knight you control would
 * die, ..." · "If a source would deal damage to this, prevent 1 of that damage." · "If you would be dealt
 * combat damage, prevent that damage." · "If you would draw a card, Scry 1 instead." · "If an opponent
 * would gain life, they lose that much life instead." · "If a card would be put into a Graveyard from
 * anywhere, put it into its owner's Oblivion instead.": the replaced event, whose card or player it
 * happens to, how often, and what happens instead. Any other event, or steps that would ask a player
 * something (a replacement happens at once, inside another action), is a note at the words.
 */
/**
 * "The first time a source would deal damage to this each turn, ...": after a bare "this"/"you"/"it" the parser reads the
 * timing into the phrase ("this each turn"). The clause with the timing back in its tail (its words marked used), or
 * the clause as it was.
 */
function withTimingOutOfPhrase(clause: Ast.Clause, l: AbilityLowering): Ast.Clause {
  const tail = clause.tail.map((t) => {
    if (t.kind !== "prep") return t;
    const np = t.object;
    // "each turn" (the first time ... each turn) · "this turn" (the next time ... this turn).
    const last = np.determiners.length - 1;
    const each = last > 0 && np.determiners[last]!.kind === "determiner" && (np.determiners[last]!.lemma === "each" || np.determiners[last]!.lemma === "this") ? last : -1;
    const turn = np.items.length === 1 && np.items[0]!.kind === "word" && /^turns?$/i.test(np.items[0]!.text) ? np.items[0]! : undefined;
    if (each <= 0 || !turn || np.filters.length || each !== np.determiners.length - 1) return t;
    const which = (np.determiners[each] as Ast.DeterminerWord).lemma === "this" ? ("this" as const) : ("each" as const);
    l.use(np.determiners[each], turn);
    const timing: Ast.TimingPhrase = { kind: "timing", which, range: spanOf(np.determiners[each]!.range, turn.range) };
    return [{ ...t, object: { ...np, determiners: np.determiners.slice(0, each), items: [] } }, timing];
  });
  return tail.some(Array.isArray) ? { ...clause, tail: tail.flat() as Ast.TailItem[] } : clause;
}

/**
 * "The next time target unit would be destroyed this turn, ..." · "The next time a source would deal damage to target
 * player this turn, ...": the card or player the one-shot replacement is about, when a target or a reference names it —
 * fixed as the effect resolves (IR `replace_next.on`) — and the event's clause with that phrase read as "this" (a card) or
 * "you" (a player), which the event reader takes. Any other phrase ("you", "a creature you control") stays the
 * replacement's subject, matched as the event comes.
 */
function nextReplacementAbout(clause: Ast.Clause, l: AbilityLowering): { clause: Ast.Clause; on?: Affected } {
  const verb = clause.verb?.lemma;
  const to = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "to");
  let np: Ast.NounPhrase | undefined;
  let put: (np: Ast.NounPhrase) => Ast.Clause;
  if (verb === "deal" && !(clause.be && !npWords(clause.subject).includes("damage"))) {
    np = to?.object;
    put = (x) => ({ ...clause, tail: clause.tail.map((t) => (t === to ? { ...to, object: x } : t)) });
  } else {
    np = clause.subject;
    put = (x) => ({ ...clause, subject: x });
  }
  if (!np) return { clause };
  const dets = npDeterminers(np);
  const reference = dets.includes("target") || ((dets.includes("it") || dets.includes("that") || dets.includes("them")) && !np.filters.length);
  if (!reference) return { clause };
  const player = isPlayerPhrase(np);
  const on = l.affected(np);
  const lemma = player ? "you" : "this";
  const stand: Ast.NounPhrase = { kind: "np", determiners: [{ kind: "determiner", lemma, text: lemma, range: np.range } as Ast.DeterminerWord], items: [], filters: [], range: np.range };
  return { clause: put(stand), on };
}

function lowerReplacement(body: Ast.ReplacementBody, a: Ability, l: AbilityLowering): void {
  const next = body.next === true;
  // A one-shot replacement the engine cannot make is a step not run (reads as "the engine cannot run this"), as any other.
  const notRun: Step[] = next ? [{ op: "rule", rule: "unsupported" }] : [];
  if (!next) a.kind = "replacement";
  body = { ...body, event: withTimingOutOfPhrase(body.event, l) };
  // "The next time ... [this turn], ...": a one-shot replacement the effect makes (IR `replace_next`), until it is used or
  // — with "this turn" — the turn ends.
  let on: Affected | undefined;
  let duration: Duration = { kind: "permanent" };
  if (next) {
    const thisTurn = body.event.tail.filter((t) => t.kind === "timing" && t.which === "this" && !t.combat);
    if (thisTurn.length) {
      l.use(thisTurn);
      duration = { kind: "end_of_turn" };
    }
    const about = nextReplacementAbout({ ...body.event, tail: body.event.tail.filter((t) => !thisTurn.includes(t)) }, l);
    body = { ...body, event: about.clause };
    on = about.on;
    // "it" in what replaces the event is the card it happens to (the replacement frame's "it"), not a target slot of the
    // effect that made it: the replacement runs later, in a frame of its own, with no targets.
    l.lastCard = undefined;
  }
  // "The first time you would take damage each turn, ...", "If this would take damage, ...": "take damage" is "be dealt
  // damage" (as the trigger "Whenever you take damage" reads it; it was CW6001 "not an event the engine can replace").
  const taken = body.event;
  if (taken.verb?.lemma === "take" && !taken.be && taken.modal?.lemma === "would" && taken.object && npWords(taken.object).join(" ") === "damage" && !taken.object.determiners.length && !taken.object.filters.length && taken.subject) {
    body = { ...body, event: { ...taken, be: { ...taken.verb, text: "be", lemma: "is" }, verb: { ...taken.verb, text: "dealt", lemma: "deal" } } };
  }
  const stepsBefore = l.targets.length;
  // "If you would draw a card during your Start phase": the replacement holds only then (IR `during`).
  const timed = replacementDuring(body.event, l);
  const event = typeof timed === "string" ? timed : replacedEvent(timed.clause, l);
  if (typeof event === "string") {
    l.note(body.range, `${event}; the engine replaces these events: ${replaceableEvents(l)}`);
    a.steps = notRun;
    return;
  }
  if (typeof timed !== "string" && timed.during) event.during = timed.during;
  if (typeof timed !== "string" && timed.theirs) event.duringTheirs = true;
  // "If an opponent would gain life, they lose that much life instead": "they" is the event's player.
  if (event.subject?.kind === "player") l.eventPlayer = true;
  l.eventKind = event.event;
  l.replacesSelf = !next && (!event.subject || event.subject.kind === "self");
  l.eventText = l.slice(body.event.range);
  const eachTurn = body.event.tail.filter((t) => t.kind === "timing" && t.which === "each" && !t.combat);
  const limit = body.firstTime && !next ? (eachTurn.length ? ("first_each_turn" as const) : ("first" as const)) : undefined;
  if (limit === "first_each_turn") l.use(eachTurn);
  // "prevent that damage" / "prevent 1 of it": how much of the damage does not happen (the rest of the text runs beside it).
  const first = body.effect.steps[0]?.clause;
  // "If you would lose life, prevent that loss.": the player loses no life (as "you lose no life instead" runs).
  if (first && event.event === "lose_life" && body.effect.steps.length === 1 && preventsTheLoss(first, l)) {
    const who: PlayerRef = event.subject?.kind === "player" && event.subject.who === "you" ? { kind: "you" } : { kind: "event_player" };
    const replacement: Replacement = { ...event, ...(limit ? { limit } : {}), steps: [{ op: "lose_life", who, amount: 0, source: l.source(first.range) }] };
    if (next) {
      if (on) delete replacement.subject;
      a.steps = [{ op: "replace_next", replacement, ...(on ? { on } : {}), duration, source: l.source(body.range) }];
    } else a.replacement = replacement;
    return;
  }
  const prevent = first && first.verb?.lemma === "prevent" ? preventedAmount(first, l) : undefined;
  if (first && first.verb?.lemma === "prevent" && (prevent === undefined || !event.event.endsWith("dealt_damage"))) {
    l.note(first.range, `the engine prevents damage only, as "prevent that damage" or "prevent N of that damage": "${l.slice(first.range)}"`);
    a.steps = notRun;
    return;
  }
  const rest = prevent !== undefined ? { ...body.effect, steps: body.effect.steps.slice(1) } : body.effect;
  if (prevent !== undefined && rest.steps[0]) rest.steps[0] = { ...rest.steps[0], connector: "" };
  // "it deals double that damage instead": damage dealt to nothing named changes the damage itself, which the engine does not.
  const changed = event.event.endsWith("dealt_damage") ? rest.steps.find((s) => s.clause.verb?.lemma === "deal" && !s.clause.tail.some((t) => t.kind === "prep" && t.prep === "to")) : undefined;
  if (changed) {
    l.note(changed.clause.range, `the engine prevents damage ("prevent 1 of that damage") or deals it to another card or player ("it deals that damage to this instead"); it cannot change how much is dealt: "${l.slice(changed.clause.range)}"`);
    a.steps = notRun;
    return;
  }
  l.replacingDamage = event.event === "dealt_damage" || event.event === "player_dealt_damage";
  // "If a creature an opponent controls would deal damage to you, prevent that damage and destroy that creature.": the one
  // card of a player's damage event is its source ("it" / "that creature" in the steps: runtime replaceEvent's "it").
  l.replacingSource = event.event === "player_dealt_damage" && event.from !== undefined;
  l.replacingSourceOfCard = event.event === "dealt_damage" && event.from !== undefined;
  l.replacingAmount = event.event === "gain_life" || event.event === "lose_life" || event.event === "player_counter_added";
  l.replacedNoun = event.event === "player_counter_added" && event.counter ? { counter: event.counter } : l.replacingAmount ? { life: true } : undefined;
  const notesBefore = l.notes.length;
  l.preventingDamage = prevent !== undefined;
  const steps = rest.steps.length ? lowerSequenceWithPending(rest, l) : [];
  l.preventingDamage = false;
  // "… destroy that creature" where that creature is a source the engine cannot name (noted at the words): not run.
  const sourceUnnamed = l.replacingSourceOfCard && l.notes.slice(notesBefore).some((n) => n.message.includes("which the engine cannot name in a replacement of damage to a card"));
  l.replacingDamage = false;
  l.replacingSource = false;
  l.replacingSourceOfCard = false;
  if (sourceUnnamed) {
    l.replacingAmount = false;
    l.replacedNoun = undefined;
    a.steps = notRun;
    return;
  }
  l.replacingAmount = false;
  l.replacedNoun = undefined;
  const asks = JSON.stringify(steps).match(/"op":"(choose_cards|may|choose_one)"/);
  if (l.targets.length > (next ? stepsBefore : 0) || asks) {
    l.note(body.range, `a replacement happens at once, inside the action it replaces, so it cannot ask for a target or a choice: "${l.slice(body.effect.range)}"`);
    a.steps = notRun;
    return;
  }
  const replacement: Replacement = { ...event, ...(limit ? { limit } : {}), ...(prevent !== undefined ? { prevent } : {}), steps };
  if (next) {
    // Its subject is the card or player named, when fixed as it resolves (`on`).
    if (on) delete replacement.subject;
    a.steps = [{ op: "replace_next", replacement, ...(on ? { on } : {}), duration, source: l.source(body.range) }];
  } else a.replacement = replacement;
  // The replaced event and the word "instead" are what the replacement itself carries.
  l.use(body.effect.steps.map((s) => s.clause.tail.filter((t) => t.kind === "instead")));
}

/**
 * "If you would draw a card during your Start phase" · "If a source would deal damage to you during an opponent's turn": the
 * time the replacement holds (a turn, or a phase of one) and the clause without those words; why not, for a "during" the
 * engine cannot read.
 */
function replacementDuring(clause: Ast.Clause, l: AbilityLowering): { clause: Ast.Clause; during?: Condition; theirs?: true } | string {
  const isDuring = (t: Ast.TailItem | Ast.NounFilter): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "during";
  const inTail = clause.tail.filter(isDuring);
  const obj = clause.object;
  const inObject = obj?.filters.filter(isDuring) ?? [];
  const written = [...inTail, ...inObject];
  if (!written.length) return { clause };
  // "If an opponent would draw a card during their turn": "their" is the event's player — an opponent's turn, or yours.
  // "If a player would draw a card during their turn": any player, during their own turn — "their" read as "your", for the
  // event's player (IR Replacement.duringTheirs).
  const player = clause.subject ? replacedPlayer(clause.subject) : undefined;
  const theirs = player === "you" || player === "any" ? "your" : player === "opponent" ? "opponents" : undefined;
  const saysTheir = written.some((w) => w.object.determiners.some((d) => d.kind === "determiner" && d.lemma === "their"));
  const asWritten = written.map((w) => (theirs ? { ...w, object: { ...w.object, determiners: w.object.determiners.map((d) => (d.kind === "determiner" && d.lemma === "their" ? { ...d, lemma: theirs } : d)) } } : w));
  const during = asWritten.length === 1 ? l.duringLimit(asWritten[0]!) : undefined;
  if (!during) return `the engine replaces an event during a turn or a phase of it ("during your turn", "during an opponent's turn", "during your ${l.vocab.game.phases[0]?.name ?? "Main"} phase"): "${written.map((w) => l.slice(w.range)).join(", ")}" is not one`;
  const tail = clause.tail.filter((t) => !inTail.includes(t as Ast.PrepPhrase));
  return { clause: { ...clause, tail, ...(obj && inObject.length ? { object: { ...obj, filters: obj.filters.filter((f) => !inObject.includes(f as Ast.PrepPhrase)) } } : {}) }, during, ...(player === "any" && saysTheir ? { theirs: true as const } : {}) };
}

/** "prevent that loss", "prevent that life loss", "prevent that loss of life", "prevent it": the whole of a life loss. Marks the words. */
function preventsTheLoss(clause: Ast.Clause, l: AbilityLowering): boolean {
  const obj = clause.object;
  if (clause.verb?.lemma !== "prevent" || !obj || clause.subject || clause.modal || clause.tail.length) return false;
  const dets = npDeterminers(obj);
  const words = npWords(obj);
  const of = obj.filters.length === 1 && obj.filters[0]!.kind === "prep" && obj.filters[0]!.prep === "of" ? obj.filters[0]! : undefined;
  if (obj.filters.length && !(of && npWords(of.object).join(" ") === "life" && !npDeterminers(of.object).length)) return false;
  const loss = dets.length === 1 && dets[0] === "that" && (words.join(" ") === "loss" || (!of && words.join(" ") === "life loss"));
  const it = dets.length === 1 && dets[0] === "it" && !words.length && !of;
  if (!loss && !it) return false;
  l.use(clause.verb, obj);
  return true;
}

/** "prevent that damage", "prevent it", "prevent all of that damage" (all of it) · "prevent 1 of that damage", "prevent 1 of it". */
function preventedAmount(clause: Ast.Clause, l: AbilityLowering): NumberExpr | "all" | undefined {
  const obj = clause.object;
  if (!obj || clause.subject || clause.tail.some((t) => t.kind !== "instead")) return undefined;
  const of = obj.filters.find((f) => f.kind === "prep" && f.prep === "of") as Ast.PrepPhrase | undefined;
  const damage = of ? of.object : obj;
  const words = npWords(damage);
  const dets = npDeterminers(damage);
  const isThatDamage = (words.length === 1 && words[0] === "damage" && dets.includes("that")) || (words.length === 0 && dets.includes("it"));
  if (!isThatDamage || obj.filters.length > (of ? 1 : 0)) return undefined;
  if (!of) {
    l.use(clause.verb, obj);
    return "all";
  }
  if (npWords(obj).length) return undefined;
  const count = npCount(obj);
  if (!count && !npDeterminers(obj).includes("all")) return undefined;
  l.use(clause.verb, obj);
  return count ? l.count(count) : "all";
}

type ReplacedEvent = Pick<Replacement, "event" | "subject" | "combat" | "zone" | "counter" | "from" | "during" | "duringTheirs">;

/** The replacement forms the engine runs, in the game's own words: its graveyard's name, its player counter (CYBERVAMP's Bleed). */
function replaceableEvents(l: AbilityLowering): string {
  const counter = l.vocab.game.counters.find((c) => c.on === "player")?.name;
  return [
    `"If this would be destroyed, ... instead."`,
    `"If a source would deal damage to this, prevent 1 of that damage."`,
    `"If you would draw a card, ... instead."`,
    `"If you would gain life, ... instead."`,
    ...(counter ? [`"If you would gain ${counter} counters, ... instead."`] : []),
    `"If a card would be put into a ${l.graveyardName()} from anywhere, ... instead."`,
  ].join(", ");
}

/** The event a "would" clause names, or why the engine cannot replace it. Marks the words it carries. */
function replacedEvent(clause: Ast.Clause, l: AbilityLowering): ReplacedEvent | string {
  const verb = clause.verb?.lemma;
  const passive = !!clause.be;
  const cardOrPlayer = (np: Ast.NounPhrase | undefined): Pick<Replacement, "subject"> | { player: "you" | "opponent" | "any" } => {
    const who = np ? replacedPlayer(np) : undefined;
    if (who) {
      l.use(np);
      return { player: who };
    }
    const dets = npDeterminers(np);
    const self = !np || dets.includes("this") || (npWords(np).length === 0 && dets.includes("it"));
    // This card ("this creature") or the cards a selector keeps, each marking what it reads: "If a legendary creature you
    // control would be destroyed" is reported at "legendary", not replaced for every creature.
    if (self) {
      l.use(np?.determiners);
      if (np) l.useSelfNouns(np);
      return {};
    }
    l.useDeterminers(np, "a", "an");
    return { subject: { kind: "card", selector: { ...l.selector(np!), zones: undefined } } };
  };
  const unused = (items: Ast.TailItem[]) => items.filter((t) => !(t.kind === "timing" && t.which === "each" && !t.combat));
  if (verb === "destroy" || verb === "die") {
    // "If it would be destroyed this way": "this way" (the clause's object) is read by nothing here — never marked read.
    if (unused(clause.tail).length || clause.object || clause.complement || clause.orVerbs?.length) return `"${l.slice(clause.range)}": the engine replaces "would be destroyed" / "would die" with nothing after it`;
    const who = cardOrPlayer(clause.subject);
    if ("player" in who) return `"${l.slice(clause.subject!.range)}" is a player, who cannot be destroyed`;
    l.use(clause.verb, clause.modal, clause.be, clause.tail); // its verb and "each turn" (the first time ... each turn), checked above
    return { event: "destroyed", ...who };
  }
  if (verb === "deal") {
    // "this would be dealt [combat] damage" · "a source would deal damage to this" · "damage would be dealt to you".
    const damageNp = passive ? (npWords(clause.subject).includes("damage") ? clause.subject : clause.object) : clause.object;
    const to = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "to");
    const damageWords = npWords(damageNp);
    const damaged = passive && !npWords(clause.subject).includes("damage") ? clause.subject : to?.object;
    const source = passive ? undefined : clause.subject;
    if (!damageNp || damageWords.some((w) => w !== "damage" && w !== "combat") || !damageWords.includes("damage")) return `"${l.slice(clause.range)}" is not damage the engine can replace`;
    // "a source" (any) · "a creature", "a spell", "a unit an opponent controls", "a source an opponent controls": the card
    // dealing it (IR `from`), matched wherever it is as it deals the damage.
    const anySource = !!source && npWords(source).length === 1 && npWords(source)[0] === "source";
    if (source && isPlayerPhrase(source)) return `"${l.slice(source.range)}" is a player, who deals no damage: name the card dealing it ("If a source an opponent controls would deal damage to ...")`;
    if (source && (npDeterminers(source).some((d) => d !== "a" && d !== "an") || (anySource && source.filters.length && !source.filters.every((f) => f.kind === "controlledBy")))) return `the engine replaces damage dealt by any source, or by a kind of card ("If a creature would deal damage to ...", "If a source an opponent controls would deal damage to ..."): "${l.slice(source.range)}" is not one`;
    const from = source && !(anySource && !source.filters.length) ? { ...l.selector(anySource ? { ...source, items: [] } : source), zones: undefined } : undefined;
    if (!damaged || unused(clause.tail).some((t) => t !== to)) return `"${l.slice(clause.range)}": the engine replaces damage dealt to this, to a card or to a player`;
    const who = cardOrPlayer(damaged);
    // The source's and the damaged card's words are marked by their readings (the selector, cardOrPlayer).
    l.use(clause.verb, clause.modal, clause.be, damageNp);
    if (source) {
      l.useDeterminers(source, "a", "an");
      l.useWords(source, "source");
    }
    const combat = { ...(damageWords.includes("combat") ? { combat: true } : {}), ...(from ? { from } : {}) };
    if ("player" in who) return { event: "player_dealt_damage", subject: { kind: "player", who: who.player }, ...combat };
    return { event: "dealt_damage", ...who, ...combat };
  }
  if ((verb === "gain" || verb === "get") && clause.subject && replacedPlayer(clause.subject) && !clause.tail.length) {
    // "If you would gain Bleed counters", "If an opponent would get one or more Bleed counters": a player getting counters.
    const objWords = npWords(clause.object);
    const counter = objWords.length === 2 && /^counters?$/.test(objWords[1]!) ? lookup(l.vocab.counters, objWords[0]!) : undefined;
    const count = npCount(clause.object);
    // No number ("Bleed counters"), "a Bleed counter", "one or more Bleed counters": any gain of them.
    const countOk = !count || (count.value === 1 && (count.comparison === "more" || count.comparison === undefined));
    if (counter && countOk && !clause.object!.filters.length) {
      l.use(clause);
      return { event: "player_counter_added", subject: { kind: "player", who: replacedPlayer(clause.subject)! }, counter };
    }
  }
  if (verb === "draw" || verb === "gain" || verb === "lose") {
    const who = clause.subject ? replacedPlayer(clause.subject) : undefined;
    const objWords = npWords(clause.object);
    const what = verb === "draw" ? ["card"] : ["life"];
    if (!who || clause.tail.length || objWords.length !== 1 || !what.includes(singular(objWords[0]!)) || (verb === "draw" && npCount(clause.object) && l.count(npCount(clause.object)) !== 1)) {
      return `"${l.slice(clause.range)}" is not an event the engine can replace (a player who would draw a card, gain life, lose life or gain counters)`;
    }
    l.use(clause);
    return { event: verb === "draw" ? "draw" : verb === "gain" ? "gain_life" : "lose_life", subject: { kind: "player", who } };
  }
  if (verb === "put" && passive) {
    // "a card would be put into a Graveyard [from anywhere]" · "a Unit card would be put into your Graveyard".
    const into = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "into");
    const zoneWords = npWords(into?.object).filter((w) => possessiveStem(w) === undefined);
    const zone = lookup(l.vocab.zones, zoneWords.join(" ")) ?? (zoneWords.length === 1 ? lookup(l.vocab.zones, zoneWords[0]!) : undefined);
    const from = into?.object.filters.find((f): f is Ast.PrepPhrase => f.kind === "prep" && f.prep === "from") ?? clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "from");
    const others = clause.tail.filter((t) => t !== into && t !== from);
    if (!into || !zone || zone === l.vocab.zoneOfRole("battlefield") || others.length || (from && npWords(from.object).join(" ") !== "anywhere") || (into.object.filters.some((f) => f !== from))) {
      return `"${l.slice(clause.range)}": the engine replaces a card being put into a zone (other than play) from anywhere`;
    }
    const owner = zoneOwner(into.object);
    const gy = l.graveyardName();
    if (owner === "their" || owner === "owner") return `"${l.slice(into.object.range)}": write "a ${gy}", "your ${gy}" or "an opponent's ${gy}"`;
    const who = cardOrPlayer(clause.subject);
    if ("player" in who) return `"${l.slice(clause.subject!.range)}" is a player`;
    const subject: TriggerPattern["subject"] = who.subject ?? { kind: "self" };
    if (owner && subject.kind === "card") subject.selector.owner = owner === "your" ? "you" : "opponent";
    else if (owner) return `"${l.slice(into.object.range)}": say whose card instead ("a card you own would be put into a ${gy}")`;
    l.use(clause.verb, clause.modal, clause.be, clause.subject, into, from);
    l.carryOwner(into);
    return { event: "enters", zone, ...(subject.kind === "self" ? {} : { subject }) };
  }
  return `"${l.slice(clause.range)}" is not an event the engine can replace`;
}

/** The player a replaced event is about: "you" · "an opponent" · "a player"; undefined for a card. */
function replacedPlayer(np: Ast.NounPhrase): "you" | "opponent" | "any" | undefined {
  const words = npWords(np);
  const dets = npDeterminers(np);
  if (words.length === 0 && dets.length === 1 && dets[0] === "you") return "you";
  if (words.length === 1 && (words[0] === "opponent" || words[0] === "player") && !dets.includes("target") && !dets.includes("each")) return words[0] === "opponent" ? "opponent" : "any";
  return undefined;
}

/** The players a static restriction names: "you" · "your opponents", "each opponent", "an opponent" · "players", "each player". */
function lifePlayers(np: Ast.NounPhrase): "you" | "opponent" | "any" | undefined {
  const words = npWords(np);
  const dets = npDeterminers(np);
  if (words.length === 0 && dets.length === 1 && dets[0] === "you") return "you";
  if (words.length !== 1 || np.filters.length || !dets.every((d) => d === "your" || d === "each" || d === "all" || d === "an" || d === "a")) return undefined;
  if (words[0] === "opponent" || words[0] === "opponents") return "opponent";
  if ((words[0] === "player" || words[0] === "players") && !dets.includes("your")) return "any";
  return undefined;
}

/**
 * "Spells you cast cost 1 less." · "Unit spells you cast cost 1 Crystal less." · "Spells you cast cost {1} more." ·
 * "Your opponent's spells cost 1 more Crystal." · "This costs {1} less for each creature you control." · "... if you
 * control a Vampire.": what playing the cards costs changes (a static `cost`); by a number of generic symbols ({1}),
 * of a resource ("1 Crystal", "1 more Crystal"), or a plain number (generic symbols if the cost has them, else its
 * resources), times the count of a "for each"; a trailing "if"/"as long as" is the static's condition. The cards are
 * this card (its own cost, read as it is played) or cards whose caster is named ("you cast", "your opponents play",
 * "your opponent's spells"); anything else is a note at the words.
 */
function lowerCostChange(clause: Ast.Clause, a: Ability | undefined, l: AbilityLowering): Extract<StaticEffect, { kind: "cost" }> | undefined {
  // `a` undefined: a one-time effect's change (costChangeSteps), whose condition and duration its clause's reader reads.
  if (a) {
    a.kind = "static";
    a.statics = [];
  }
  const subject = clause.subject;
  const obj = clause.object;
  const subjectWords = npWords(subject);
  // "This costs ..." · "This spell costs ...": the card's own cost.
  const self = !!subject && npDeterminers(subject).join() === "this" && subject.filters.length === 0 && (subjectWords.length === 0 || (subjectWords.length === 1 && (/^(?:spell|card)$/.test(subjectWords[0]!) || !!l.cardNoun(subjectWords[0]!))));
  const relative = subject?.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && !f.that);
  // "Your opponent's spells" · "your opponents' spells" · "each player's spells": the possessive names the caster.
  const owner = subject && !self ? possessor(subject) : undefined;
  const ownerCaster = owner && owner.index === 0 && subjectWords.length >= 2 ? casterWord(owner.stem, npDeterminers(subject!)) : undefined;
  const caster = self ? "you" : relative ? castingPlayer(relative) : owner ? ownerCaster : subject && npDeterminers(subject).includes("your") ? "you" : "any";
  // "Your spells cost {1} less.": "your" names whose cards, as "you cast" does.
  const ownDeterminers = subject && !self ? npDeterminers(subject).filter((d) => d !== "your" && !(owner && (d === "each" || d === "an" || d === "a"))) : [];
  const castByYou = caster !== undefined && ownDeterminers.length === 0;
  const words = npWords(obj);
  // "{1} less" · "1 Crystal less" · "1 more Crystal".
  const directionAt = words.findIndex((w) => w === "less" || w === "more");
  const direction = words[directionAt];
  const symbol = obj?.items.find((i): i is Ast.SymbolNode => i.kind === "symbol");
  const count = npCount(obj);
  const resourceWords = words.filter((_, i) => i !== directionAt);
  const resource = resourceWords.length === 1 ? lookup(l.vocab.resources, resourceWords[0]!) ?? lookup(l.vocab.resources, singular(resourceWords[0]!)) : undefined;
  const amount = symbol && /^\d+$/.test(symbol.symbol) ? Number(symbol.symbol) : count?.value;
  const forEach = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "for" && npDeterminers(t.object).some((d) => d === "each" || d === "every"));
  const cond = a ? clause.tail.find((t): t is Ast.ConditionPhrase => t.kind === "condition" && t.word !== "until") : undefined;
  // "This costs {1} less to play for each Vampire you control", "Spells you cast cost 1 less to cast": what the cost is
  // paid for, said again (the static changes the cost of playing the cards, the only cost a card's cost line is).
  const toPlay = clause.tail.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "to" && !t.object.determiners.length && !t.object.filters.length && /^(?:play|cast)$/.test(npWords(t.object).join(" ")));
  const otherTail = clause.tail.filter((t) => t !== forEach && t !== cond && t !== toPlay && !(t.kind === "prep" && t.prep === "on" && forEach) && (a || t.kind !== "condition"));
  const subjectRead = self || (subject && subject.filters.length === (relative ? 1 : 0) && (!owner || ownerCaster !== undefined));
  const ok = subject && subjectRead && castByYou && directionAt >= 0 && (directionAt === words.length - 1 || directionAt === 0) && amount !== undefined && (resourceWords.length === 0 || resource) && !(symbol && count) && !otherTail.length;
  // "Spells your opponents cast cost 1 life more.": the words say what the cost changes by, and it is no resource of the
  // game — said so (the general advice below would list the very words the card uses).
  if (!ok && subject && subjectRead && castByYou && directionAt >= 0 && amount !== undefined && resourceWords.length && !resource && !otherTail.length) {
    const names = l.vocab.game.resources.map((r) => r.name);
    const by = [...names, ...(Object.values(l.vocab.game.symbols ?? {}).some((m) => m.generic) ? ["{N}"] : [])];
    const said = resourceWords.join(" ");
    const instead = names[0] ? `; write "${`${l.slice({ start: clause.range.start, end: obj!.range.start })}${amount} ${names[0]} ${direction}${l.slice({ start: obj!.range.end, end: clause.range.end })}`.replace(/[\s.]+$/, "")}." if ${names[0]} is meant` : "";
    l.use(clause);
    l.note(obj!.range, /^lifes?$/.test(said)
      ? `the engine changes a cost only by ${by.join(" or ")}, never by life: a cost's life part cannot be raised or lowered ("${l.slice(obj!.range)}")`
      : `"${said}" is no resource of this game: the engine changes a cost by ${by.join(" or ")}${instead}`);
    return undefined;
  }
  if (!ok) {
    l.note(clause.range, `the engine changes what cards cost written "<cards> you cast cost N less." (or "your opponents cast", "your opponent's spells", "This costs N less", "more", "{N}", "N <resource>", "for each ..."): "${l.slice(clause.range)}"`);
    return undefined;
  }
  const game = l.vocab.game;
  const paysOtherwise = game.colors.some((c) => c.pays === "discard" || c.pays === "erase" || c.pays === "life");
  const hasGeneric = Object.values(game.symbols ?? {}).some((m) => m.generic);
  if ((symbol && !hasGeneric) || (!symbol && !resource && paysOtherwise)) {
    const named = game.resources[0]?.name;
    l.use(clause);
    l.note(obj!.range, `"${l.slice(obj!.range)}" does not say what the cards cost ${direction} of in this game${symbol ? " (it has no generic cost symbols)" : " (its colours pay in different ways)"}: name it${named ? ` ("${amount} ${named} ${direction}")` : ""}`);
    return undefined;
  }
  let affects: CardSelector | { self: true } = { self: true };
  if (!self) {
    const selector = l.selector({ ...subject!, determiners: [], items: owner ? subject!.items.filter((_, i) => i !== owner.index) : subject!.items, filters: [] });
    // "Creature spells", "Vampire spells": a spell is a card being played; the word names no card type of its own beside another card word.
    if (selector.cardTypes && (selector.cardTypes.length > 1 || selector.subtypes?.length)) {
      selector.cardTypes = selector.cardTypes.filter((t) => t.toLowerCase() !== "spell");
      if (selector.cardTypes.length === 0) delete selector.cardTypes;
    }
    affects = { ...selector, controller: caster };
  }
  let total: NumberExpr = amount!;
  if (forEach) {
    const per = l.countOfEach(withTrailingOn(forEach.object, clause));
    total = amount === 1 ? per : { kind: "times", factor: amount!, of: per };
    l.useDeterminers(forEach.object, "each", "every");
    l.use(forEach.prep);
  }
  if (cond) {
    const c = l.phraseCondition(cond);
    if (c && a) a.condition = cond.word === "unless" ? { kind: "not", condition: c } : c;
  }
  l.use(clause.verb, obj, relative, subject!.determiners, self ? subject : [], toPlay);
  if (owner) l.carryOwner(subject);
  const cost: Extract<StaticEffect, { kind: "cost" }> = { kind: "cost", affects, change: direction === "less" ? "less" : "more", amount: total, ...(symbol ? { generic: true } : {}), ...(resource ? { resource } : {}) };
  if (a) a.statics = [cost];
  return cost;
}

/** The caster a possessive names: "your opponent's" / "opponents'" / "each opponent's" → opponent; "each player's" → any; "your" alone is "you". */
function casterWord(stem: string, dets: string[]): "you" | "opponent" | "any" | undefined {
  if (!dets.every((d) => d === "your" || d === "each" || d === "an" || d === "a" || d === "the")) return undefined;
  if (/^opponents?$/.test(stem)) return "opponent";
  return /^players?$/.test(stem) && !dets.includes("your") ? "any" : undefined;
}

/**
 * Who casts the cards of "<cards> you cast" · "your opponents cast" · "an opponent casts" · "players cast" · "each
 * player casts", relative to the static's controller; undefined for anything else ("target opponent casts", another verb).
 */
function castingPlayer(relative: Ast.RelativeFilter): "you" | "opponent" | "any" | undefined {
  const clause = relative.clause;
  // CYBERVAMP and Three-Slot Duel "play" cards where Chromatic "casts" them.
  if ((clause.verb?.lemma !== "cast" && clause.verb?.lemma !== "play") || !clause.subject || clause.object || clause.tail.length) return undefined;
  const words = npWords(clause.subject);
  const dets = npDeterminers(clause.subject);
  if (words.length === 0) return dets.join() === "you" ? "you" : undefined;
  if (words.length !== 1 || !dets.every((d) => d === "your" || d === "a" || d === "an" || d === "each" || d === "any")) return undefined;
  if (/^opponents?$/.test(words[0]!)) return "opponent";
  return /^players?$/.test(words[0]!) && !dets.includes("your") ? "any" : undefined;
}

/** "Prevent all [combat] damage that would be dealt to <this | cards | you>." on a permanent: the replacement "If ... would be dealt damage, prevent that damage." */
function lowerPreventAll(clause: Ast.Clause, a: Ability, l: AbilityLowering): void {
  a.kind = "replacement";
  a.steps = [];
  const obj = clause.object;
  const relative = obj?.filters.find((f): f is Ast.RelativeFilter => f.kind === "relative" && f.that);
  const words = npWords(obj);
  const wouldBeDealt = relative && relative.clause.modal?.lemma === "would" && relative.clause.be && relative.clause.verb?.lemma === "deal" && !relative.clause.subject;
  if (!obj || !relative || !wouldBeDealt || !npDeterminers(obj).includes("all") || words.some((w) => w !== "damage" && w !== "combat") || obj.filters.length !== 1 || clause.tail.length) {
    l.note(clause.range, `the engine prevents damage written "Prevent all [combat] damage that would be dealt to <this, cards or you>." or "If a source would deal damage to ..., prevent that damage.": "${l.slice(clause.range)}"`);
    return;
  }
  // The damage phrase is the event's subject: "all combat damage would be dealt to X".
  const event = replacedEvent({ ...relative.clause, subject: { ...obj, determiners: [], filters: [] } }, l);
  if (typeof event === "string") {
    l.note(clause.range, event);
    return;
  }
  l.use(clause.verb, obj.determiners, relative.clause.modal);
  a.replacement = { ...event, prevent: "all", steps: [] };
}

/**
 * "This enters exhausted." · "This enters play with two power counters on it." · "Creatures your opponents
 * control enter exhausted.": part of entering play (a replacement that happens alongside it), so nothing
 * sees the card enter without it. Anything else said of entering is a note.
 */
function lowerEntersWith(clause: Ast.Clause, a: Ability, l: AbilityLowering): void {
  a.kind = "replacement";
  a.steps = [];
  const parts = [...clause.tail, ...(clause.object?.filters ?? [])];
  const words = npWords(clause.object);
  const exhausted = words.some((w) => w === "exhausted" || w === "tapped");
  const withPrep = parts.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "with");
  const onIt = parts.find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "on" && npDeterminers(t.object).join() === "it" && npWords(t.object).length === 0);
  const withWords = npWords(withPrep?.object);
  const counterWords = withWords.includes("counter") || withWords.includes("counters");
  const counter = counterWords ? withWords.map((w) => lookup(l.vocab.counters, w)).find(Boolean) : undefined;
  const known = words.every((w) => w === "play" || w === "battlefield" || w === "exhausted" || w === "tapped") && npDeterminers(clause.object).every((d) => d === "the");
  const extra = parts.filter((t) => t !== withPrep && t !== onIt);
  // "with two +1/+1 counters on it": a counter of each stat the pair raises, as "Put two +1/+1 counters on it" reads them.
  const pair = counterWords && !counter && known && !extra.length ? l.statPairCounters(withPrep!.object) : undefined;
  // "with up to two ... counters": no one is asked as a card enters — not run, never read as two.
  const upTo = withPrep !== undefined && npDeterminers(withPrep.object).includes("up to");
  if (!known || extra.length || upTo || (!exhausted && !withPrep) || (withPrep && !counter && !pair)) {
    l.note(clause.range, `the engine knows "<cards> enter(s) exhausted" and "<cards> enter(s) with N <counter> counters on it" of entering play: "${l.slice(clause.range)}"`);
    return;
  }
  const it: Affected = { kind: "card", ref: { kind: "it" } };
  const steps: Step[] = [];
  if (exhausted) steps.push({ op: "exhaust", what: it, source: l.source(clause.range) });
  if (counter) {
    l.use(withPrep!.object.items.filter((i) => i.kind !== "count"));
    l.useDeterminers(withPrep!.object, "a", "an");
    steps.push({ op: "add_counters", counter, amount: l.amountOf(withPrep!.object, 1), on: it, source: l.source(clause.range) });
  }
  if (pair) {
    const amount = l.amountOf(pair.counted, 1);
    for (const each of pair.counters) steps.push({ op: "add_counters", counter: each, amount, on: it, source: l.source(clause.range) });
  }
  const dets = npDeterminers(clause.subject);
  const self = !clause.subject || dets.includes("this") || (npWords(clause.subject).length === 0 && dets.includes("it"));
  const subject: TriggerPattern["subject"] | undefined = self ? undefined : { kind: "card", selector: { ...l.selector(clause.subject!), zones: undefined } };
  // Only what was read: the with-phrase's words are marked by the counter readers above (its count by amountOf), so a
  // word they do not carry ("two attack counters and a defense counter") is CW6005, never read away with the phrase.
  l.use(clause.verb, clause.object, withPrep?.prep, onIt, self ? clause.subject : []);
  a.replacement = { event: "enters", ...(subject ? { subject } : {}), alongside: true, steps };
}

function lowerStatic(body: Ast.AbilityBody, a: Ability, l: AbilityLowering): void {
  a.kind = "static";
  // "... get +1/+0 and also have Haste": `also` joins a clause to the subject before it (the statics read that subject).
  if (body.kind === "statement") for (const step of body.effect.steps) l.use(step.clause.also);
  // After a static marker (`Passive:`): "If another unit you control would die, ... instead." · "As long as ..., this gets ...".
  if (body.kind === "replacement") return lowerReplacement(body, a, l);
  if (body.kind === "conditional") return lowerBody(body, a, { id: a.id, permanent: true }, l);
  const only = body.kind === "statement" && body.effect.steps.length === 1 ? body.effect.steps[0]!.clause : undefined;
  // "Prevent all combat damage that would be dealt to this." · "... to creatures you control." · "... to you.": a prevention.
  if (only && only.verb?.lemma === "prevent" && !only.subject && !only.modal) return lowerPreventAll(only, a, l);
  // "Your opponents can't gain life." · "Players can't draw cards." · "Your opponent can't play Spells.": a player
  // restriction while this card is in play (PLAYER_RULES).
  if (only && only.modal?.lemma === "can't" && only.verb && only.subject && isPlayerPhrase(only.subject)) {
    const who = lifePlayers(only.subject);
    if (!who) {
      l.note(only.subject.range, `a static restricts "you", "your opponents" or "players": "${l.slice(only.subject.range)}"`);
      a.statics = [];
      return;
    }
    const found = playerRule(only, l);
    if (!found) {
      a.statics = [];
      return;
    }
    if (found.nextTurn) {
      l.note(only.range, `a static holds while its card is in play: "next turn" is said by a one-time effect (a spell, a PLAY ability): "${l.slice(only.range)}"`);
      a.statics = [];
      return;
    }
    l.use(only.subject);
    a.statics = [{ kind: "player_rule", rule: found.rule, who, ...(found.cards ? { cards: found.cards } : {}) }];
    return;
  }
  // "You may play this from your Discard Pile.": the card is played from its owner's graveyard as from their hand.
  if (only && only.modal?.lemma === "may" && (only.verb?.lemma === "play" || only.verb?.lemma === "cast") && only.subject && isPlayerPhrase(only.subject)) return lowerPlayFrom(only, a, l);
  // "Spells you cast cost 1 less." · "Creature spells you cast cost {1} more."
  if (only && (only.verb?.lemma === "cost" || only.verb?.text.toLowerCase() === "costs") && !only.modal) {
    lowerCostChange(only, a, l);
    return;
  }
  if (body.kind === "statement" && body.effect.steps.length === 1 && body.effect.steps[0]!.clause.verb?.lemma === "enter" && !body.effect.steps[0]!.clause.modal) {
    return lowerEntersWith(body.effect.steps[0]!.clause, a, l);
  }
  if (body.kind === "statement") {
    // "This gets +2 power if you have 5 or less life": a trailing condition applies to the static.
    let cond = trailingCondition(body.effect.steps[0]?.clause);
    const statics = staticFromSequence(body.effect, l);
    // "Until your next turn, creatures you control get +0/+2." as a permanent's own line: a static holds while its card is
    // in play, so it has no moment for a duration to start from — said at the words, never run as a static for ever. (A
    // bare "this turn" is left to the readers: "for each spell you cast this turn" counts with it.)
    const lasting = statics ? body.effect.steps.flatMap((step) => step.clause.tail.filter((t) => (t.kind === "prep" && t.prep === "until") || isRestOfTurn(t))) : [];
    if (lasting.length) {
      const enters = [...l.vocab.markers.values()].find((m) => m.trigger?.event === "enters" && m.trigger.subject.kind === "self");
      const start = enters ? `${enters.name}: ` : "When this enters play, ";
      const text = l.slice(body.range).replace(/\.$/, "");
      const written = l.slice(lasting[0]!.range).replace(/^(Until|For)/, (w) => w.toLowerCase());
      l.note(lasting[0]!.range, `a static ability holds while its card is in play, so "${written}" has no moment to start from: for an effect that starts as this card enters and lasts ${written}, write "${start}${text.charAt(0).toUpperCase()}${text.slice(1)}."`);
      l.use(body);
      a.statics = [];
      return;
    }
    if (statics) {
      a.statics = statics;
      const conditions: Condition[] = [];
      // "Creatures your opponents control can't attack unless their controller has 2 or fewer Bleed counters.": "their
      // controller" is each affected card's own — a condition on it as "whose controller ..." reads it (IR `controllerWith`),
      // not on the controller of this card (it was read so: the restriction held for every creature or none, by this
      // card's controller's counters, and checked clean).
      if (cond && !cond.more?.length && (cond.word === "unless" || cond.word === "if" || cond.word === "as long as" || cond.word === "while") && theirController(cond.clause.subject) && statics.every((st) => "affects" in st && !("self" in st.affects))) {
        const holds = l.controllerHolds({ kind: "relative", that: false, pronoun: "whose", clause: cond.clause, range: cond.range });
        if (holds) {
          // "unless" as "doesn't" reads it ("whose controller doesn't have fewer …": a comparison turned round), so that the
          // reads-as text compiles back to the same condition.
          const c: Condition = cond.word === "unless" ? negation(holds)! : holds;
          for (const st of statics) {
            if (!("affects" in st) || "self" in st.affects) continue;
            st.affects = { ...st.affects, controllerWith: st.affects.controllerWith ? { kind: "all", conditions: [st.affects.controllerWith, c] } : c };
          }
          l.use(cond.clause.subject);
          l.ledger.carry(cond.clause.subject);
          cond = undefined;
        }
      }
      if (cond?.word === "unless") {
        // "Creatures can't attack you unless their controller pays {1} for each of them.": an "unless" the engine cannot
        // check is not run at all — it would hold always (the condition never met) or never, and either is another card.
        // (It ran as an unconditional "can't attack" with a note saying the condition was "treated as always true".)
        const noted = l.notes.length;
        const c = l.phraseCondition(cond);
        if (!c) {
          // A reason the condition's reader gave ("the engine counts the cards a player has in their own zone …") says more
          // than "not understood": kept in the one note.
          const reason = l.notes.slice(noted).map((n) => n.message).find((m) => !m.startsWith("condition not understood"));
          l.notes.length = noted;
          const clauseText = l.slice(cond.clause.range);
          const paying = l.isChoiceToPay(cond.clause);
          const noun = l.vocab.game.cardTypes.find((t) => t.permanent)?.name.toLowerCase() ?? "card";
          l.note(cond.range, paying
            ? `the engine cannot ask for a price to let a static ability's cards act ("${l.slice(cond.range)}"): this ability is not run. A static's "unless" runs with a condition the engine checks ("unless you have 10 or more life", "unless their controller has 5 or less life", "unless it's your turn"); a price belongs to a one-time effect ("Destroy target ${noun} unless its controller pays 3 life.")`
            : reason
              ? `${reason} — this ability is not run (it would hold always or never)`
              : `condition not understood by the engine: "${clauseText}" — this ability is not run (it would hold always or never). A static's "unless" runs with a condition the engine checks ("unless you have 10 or more life", "unless their controller has 5 or less life", "unless it's your turn")`);
          l.use(cond);
          a.statics = [];
          return;
        }
        conditions.push({ kind: "not", condition: c });
      } else if (cond) {
        const c = l.phraseCondition(cond);
        if (c) conditions.push(c);
      }
      // "This gets +1 power during your turn."
      for (const step of body.effect.steps) {
        const during = l.duringCondition(step.clause);
        if (during) conditions.push(during);
      }
      if (conditions.length) a.condition = conditions.length === 1 ? conditions[0]! : { kind: "all", conditions };
      return;
    }
  }
  if (body.kind === "keywords") {
    l.use(body);
    a.statics = [{ kind: "modify", affects: { self: true }, keywords: body.keywords.map((k) => keywordGrant(l, k)) }];
    return;
  }
  // "Your maximum hand size is increased by 2." · "You have no maximum hand size.": the game's hand maximum changed.
  if (/\bmaximum hand size\b|\bhand size maximum\b/i.test(l.slice(body.range))) {
    a.statics = lowerHandSize(body.kind === "statement" ? body.effect : undefined, body.range, l, a);
    return;
  }
  l.note(body.range, `static ability not understood by the engine: "${l.slice(body.range)}"`);
  a.statics = [];
}

/** The words naming a hand maximum, in the two orders card text writes them. */
const HAND_MAXIMUM_WORDS = [["maximum", "hand", "size"], ["hand", "size", "maximum"]];
const HAND_SIZE_UP = new Set(["increased", "raised"]);
const HAND_SIZE_DOWN = new Set(["reduced", "decreased", "lowered"]);

/** The words of a phrase that name a hand maximum ("maximum hand size"), at its end: the index they start at, else -1. */
function handMaximumAt(words: string[]): number {
  const at = words.length - 3;
  return at >= 0 && HAND_MAXIMUM_WORDS.some((w) => w.every((x, i) => words[at + i] === x)) ? at : -1;
}

/**
 * "Your maximum hand size is increased by 2." · "Your opponents' maximum hand size is reduced by 1." · "Each player's hand
 * size maximum is increased by one." · "You have no maximum hand size." · "Players have no maximum hand size.": the hand
 * maximum (`param max_hand`) changed while the card is in play (static `hand_size`), for the players named. Only in a game
 * whose engine holds a hand to a maximum (a draw at the maximum discarded or skipped, or a card returned to a full hand
 * put in the graveyard); elsewhere, and for any other wording of it, a note naming the forms that run.
 */
function lowerHandSize(seq: Ast.Sequence | undefined, range: Range, l: AbilityLowering, a?: Ability): StaticEffect[] {
  const params = l.vocab.game.params;
  const max = params.max_hand;
  const held = typeof max === "number" && max > 0 && (params.draw_at_max_hand !== "draw" || (params.hand_overflow ?? "discard") === "discard");
  const forms = '"Your maximum hand size is increased by 2.", "Your opponents\' maximum hand size is reduced by 1.", "You have no maximum hand size."';
  if (!held) {
    l.note(range, `${l.vocab.game.name} has no hand maximum (\`param max_hand = ${max ?? "unlimited"}\`${typeof max === "number" && max > 0 ? ", and a card is never kept out of a full hand" : ""}): "${l.slice(range)}" would change nothing`);
    return [];
  }
  const only = seq?.steps.length === 1 ? seq.steps[0]!.clause : undefined;
  const fail = (): StaticEffect[] => {
    l.note(range, `the engine reads a change of the hand maximum (\`param max_hand = ${max}\`) written as ${forms}: "${l.slice(range)}"`);
    return [];
  };
  if (!only || only.modal || only.orVerbs?.length) return fail();
  // "... as long as you have 5 or less life" (`a`: a static's own line; after "As long as ..., " its reader reads it).
  const cond = a ? trailingCondition(only) : undefined;
  const tail = only.tail.filter((t) => t !== cond);
  if (cond) {
    if (cond.word !== "if" && cond.word !== "as long as" && cond.word !== "while") return fail();
    const c = l.phraseCondition(cond);
    if (!c) return [];
    l.use(cond);
    a!.condition = c;
  }
  // "You have no maximum hand size." · "Each player has no maximum hand size."
  const verb = only.verb ? lower(only.verb.text) : undefined;
  if ((verb === "have" || verb === "has") && only.subject && only.object && !only.be && !tail.length) {
    const who = lifePlayers(only.subject);
    const object = npWords(only.object);
    if (!who || handMaximumAt(object) !== 0 || object.length !== 3 || only.object.filters.length || npDeterminers(only.object).join(" ") !== "no") return fail();
    l.use(only);
    return [{ kind: "hand_size", who, none: true }];
  }
  // "Your maximum hand size is increased by 2."
  if (!only.subject || !only.be || !verb || !(HAND_SIZE_UP.has(verb) || HAND_SIZE_DOWN.has(verb)) || only.object) return fail();
  const by = tail.length === 1 && tail[0]!.kind === "prep" && tail[0]!.prep === "by" ? tail[0]! : undefined;
  const count = by && by.object.items.length === 0 && by.object.filters.length === 0 && by.object.determiners.length === 1 && by.object.determiners[0]!.kind === "count" ? (by.object.determiners[0] as Ast.Count) : undefined;
  if (!by || !count || count.value === undefined || count.comparison || count.atLeast !== undefined) return fail();
  const words = npWords(only.subject).map((w) => w.replace(/\u2019/g, "'"));
  const at = handMaximumAt(words);
  if (at < 0 || only.subject.filters.length) return fail();
  const owner = words.slice(0, at).join(" ");
  const dets = npDeterminers(only.subject).join(" ");
  const who: "you" | "opponent" | "any" | undefined =
    owner === "" && dets === "your"
      ? "you"
      : (owner === "opponent's" || owner === "opponents'") && (dets === "your" || dets === "each" || dets === "")
        ? "opponent"
        : (owner === "player's" && dets === "each") || (owner === "players'" && dets === "")
          ? "any"
          : undefined;
  if (!who) return fail();
  l.use(only, by);
  const amount = Math.abs(count.value);
  return [{ kind: "hand_size", who, by: HAND_SIZE_UP.has(verb) ? amount : -amount }];
}

/**
 * "You may play this from your Discard Pile." (also "cast this [card|spell]", "from your graveyard"): the card may be played
 * from its owner's graveyard as from their hand — same timing, cost and targets — while it is there (CARD_RULES
 * `playable_from_graveyard`, read from the card's own definition). Any other player, card or zone is a note at the words.
 */
function lowerPlayFrom(clause: Ast.Clause, a: Ability, l: AbilityLowering): void {
  a.statics = [];
  // "from your Discard Pile" after "this": on the clause, or read as the object's own phrase.
  const from = [...clause.tail, ...(clause.object?.filters ?? [])].find((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "from");
  const others = [...clause.tail, ...(clause.object?.filters ?? [])].filter((t) => t !== from);
  const you = npWords(clause.subject).length === 0 && npDeterminers(clause.subject).join() === "you";
  const obj = clause.object;
  const self = !!obj && npDeterminers(obj).join() === "this" && npWords(obj).every((w) => w === "card" || w === "spell" || !!lookup(l.vocab.cardTypes, w)) ;
  const zone = from ? l.zoneIn(from.object) : undefined;
  const graveyard = l.vocab.zoneOfRole("graveyard");
  const yours = from && npDeterminers(from.object).join() === "your";
  if (!you || !self || !from || !zone || zone !== graveyard || !yours || others.length) {
    l.note(clause.range, `the engine lets a card be played from elsewhere than the hand only as "You may play this from your ${graveyard ?? "graveyard"}.": "${l.slice(clause.range)}"`);
    return;
  }
  l.use(clause.subject, clause.modal, clause.verb, obj, from);
  a.statics = [{ kind: "rule", rule: "playable_from_graveyard", affects: { self: true } }];
}

/** The words of a life condition's object the condition reads ("10 or less life", "exactly 5 life", "a life total of"). */
const LIFE_OBJECT_WORDS = new Set(["life", "total", "exactly"]);

/** The steps that change a card in play's stats, keywords, counters, state or controller (what "if it had ..." reads). */
const CARD_CHANGING_OPS: ReadonlySet<Step["op"]> = new Set(["modify", "add_counters", "remove_counters", "exhaust", "ready", "gain_control", "exchange_control", "copy", "keyword_action", "skip_next_ready"]);
/** The words of "it's your turn" / "it is an opponent's turn" / "it is not your turn" the turn condition reads. */
/** Whose turn: the words turnCondition reads. */
const WHOSE_TURN_WORDS = ["turn", "turns", "your", "opponent", "opponents", "opponent's", "opponent’s", "opponents'", "opponents’", "an", "a"];
/**
 * "Whenever this blocks, gain 1 life.": a block is one event however many attackers a Multi-block creature takes on — the
 * trigger names no attacker (no object, and its ability never reads the event's other card: "the attacking creature",
 * "that creature"). Rules text silent; the genre's reading ("blocks" once, "blocks a creature" for each creature).
 */
function blocksOnce(a: Ability): boolean {
  const t = a.trigger;
  if (!t || t.object || !triggerEvents(t).includes("blocks")) return false;
  return !JSON.stringify([a.steps, a.condition ?? null]).includes('"event_other"');
}

/**
 * "for the first time each turn" at the end of a trigger's event ("Whenever you Scry for the first time each turn"): its two
 * tail parts, or undefined.
 */
function firstTimeEachTurn(event: Ast.Clause | undefined): Ast.TailItem[] | undefined {
  const tail = event?.tail ?? [];
  const i = tail.findIndex((t) => t.kind === "prep" && t.prep === "for" && npDeterminers(t.object).join(" ") === "the" && npWords(t.object).join(" ") === "first time" && !t.object.filters.length);
  const each = tail[i + 1];
  if (i < 0 || !each || each.kind !== "timing" || each.which !== "each" || each.combat) return undefined;
  return [tail[i]!, each];
}

/** The words of "during your turn" / "during each of your opponents' turns": any other ("next", "first") names one turn. */
const DURING_TURN_WORDS = new Set([...WHOSE_TURN_WORDS, "the", "each", "of"]);
const TURN_CONDITION_WORDS = new Set([...WHOSE_TURN_WORDS, "not", "it's", "it’s", "it", "is", "isn't", "isn’t"]);

/** "is greater than 5", "is less than 10" (the comparison word parsed as the verb, the number in a `than` phrase). */
/** "these units", "those creatures": "these" / "those" (as written: their lemmas are "this" / "that") and one noun in the plural, nothing else. */
function pluralBackReference(np: Ast.NounPhrase): { determiner: string; noun: string } | undefined {
  const [det, ...more] = np.determiners;
  const determiner = det?.kind === "determiner" ? det.text.toLowerCase() : undefined;
  if ((determiner !== "these" && determiner !== "those") || more.length || np.filters.length || np.also?.length || np.items.length !== 1) return undefined;
  const noun = np.items[0]!.kind === "word" ? lower(np.items[0]!.text) : undefined;
  return noun && /s$/.test(noun) ? { determiner, noun } : undefined;
}

/** "below 5", "under 5", "above 10", "over 10": a comparison written as a preposition (strict, as "less than" is). */
const BEYOND_COMPARISON: Readonly<Record<string, ">" | "<" | undefined>> = { below: "<", under: "<", above: ">", over: ">" };

function thanComparison(clause: Ast.Clause): { op: ">" | "<"; value: number } | undefined {
  // "your life total is under 10": the preposition's phrase holds the number.
  const beyond = !clause.verb && clause.tail.length === 1 && clause.tail[0]!.kind === "prep" ? clause.tail[0]! : undefined;
  if (beyond?.kind === "prep" && BEYOND_COMPARISON[beyond.prep.toLowerCase()]) {
    const n = !beyond.object.items.length && !beyond.object.filters.length && beyond.object.determiners.length === 1 ? npCount(beyond.object) : undefined;
    return n?.value !== undefined && !n.comparison ? { op: BEYOND_COMPARISON[beyond.prep.toLowerCase()]!, value: n.value } : undefined;
  }
  const word = clause.verb?.text.toLowerCase();
  const op = word === "greater" || word === "more" || word === "higher" ? ">" : word === "less" || word === "fewer" || word === "lower" ? "<" : undefined;
  const than = clause.tail.length === 1 && clause.tail[0]!.kind === "prep" && clause.tail[0]!.prep === "than" ? clause.tail[0]!.object : undefined;
  const n = than && !than.items.length && !than.filters.length ? npCount(than) : undefined;
  if (!op || n?.value === undefined || n.comparison || than!.determiners.length !== 1) return undefined;
  return { op, value: n.value };
}

/**
 * A condition's negation: a comparison turned round ("not more than 2" is "2 or less"; a number of cards or counters
 * "not more than 0" is "none", as "has no cards in hand" reads), anything else wrapped in `not`.
 */
const INVERSE_COMPARISON = { ">": "<=", "<=": ">", ">=": "<", "<": ">=" } as const;
const NEVER_NEGATIVE = new Set<string>(["hand_size", "count", "counters"]);
function negation(condition: Condition | undefined): Condition | undefined {
  if (!condition) return undefined;
  if (condition.kind === "compare" && condition.op === ">" && condition.right === 0 && typeof condition.left === "object" && NEVER_NEGATIVE.has(condition.left.kind)) return { ...condition, op: "=" };
  if (condition.kind === "compare" && condition.op !== "=") return { ...condition, op: INVERSE_COMPARISON[condition.op] };
  if (condition.kind === "not") return condition.condition;
  return { kind: "not", condition };
}

function prefixWord(clause: Ast.Clause): string | undefined {
  if (clause.object || clause.tail.length) {
    if (!clause.verb && !clause.subject && clause.object && clause.object.items.length === 1 && clause.object.determiners.length === 0) return itemText(clause.object.items[0]!);
    return undefined;
  }
  if (clause.verb && !clause.subject) return clause.verb.text;
  if (clause.subject && !clause.verb && clause.subject.items.length === 1 && clause.subject.determiners.length === 0) return itemText(clause.subject.items[0]!);
  return undefined;
}

/**
 * One part of a cost ("{R}", "Exhaust", "Pay 2 life", "Sacrifice a Vampire you control"). It marks in the word ledger only
 * the words it pays with: a qualifier it does not read ("Sacrifice a damaged creature", "Exhaust during your turn") is
 * left for the ledger to report, never paid as the plainer cost.
 */
function lowerCostItem(item: Ast.CostItem, l: AbilityLowering): CostPart[] {
  if (item.kind === "symbolsCost") {
    l.use(item.symbols);
    return item.symbols.map((s) => ({ pays: "symbol", symbol: s.symbol, amount: 1, ...(/^\d+$/.test(s.symbol) ? { generic: true, amount: Number(s.symbol) } : {}) }) as CostPart);
  }
  if (item.kind === "amountCost") return lowerAmountCost(item.amount, l);
  const clause = item.clause;
  const parts = lowerClauseCost(item, clause, l);
  if (parts.length) l.use(clause.verb);
  return parts;
}

function lowerClauseCost(item: Ast.ClauseCost, clause: Ast.Clause, l: AbilityLowering): CostPart[] {
  const verb = lower(clause.verb?.text ?? "");
  const lemma = clause.verb?.lemma ?? verb;
  // "Exhaust:" / "Exhaust this:" pay with the card itself; another card ("Exhaust a creature you control:") is no cost
  // the engine pays — it was read as "Exhaust:", the card exhausting itself, silently.
  if ((lemma === "exhaust" || verb === "exhaust" || verb === "overexhaust") && clause.object && !isSelfReference(clause.object)) {
    l.note(clause.range, `the engine pays "${verb === "overexhaust" ? "Overexhaust" : "Exhaust"}" with this card only ("Exhaust: ...", "Exhaust this: ..."); "${l.slice(clause.range)}" names other cards, which it cannot exhaust as a cost yet`);
    return [];
  }
  if (lemma === "exhaust" || verb === "exhaust" || verb === "overexhaust") {
    // "Exhaust this:": the self reference is the card that pays.
    l.use(clause.object);
    return [{ pays: verb === "overexhaust" ? "overexhaust" : "exhaust" }];
  }
  // "Pay {B}" / "Pay {1}{R}": the symbols, as a `{B}:` cost would be.
  if (lemma === "pay" && clause.object && clause.object.items.length > 0 && clause.object.items.every((i) => i.kind === "symbol") && clause.object.determiners.length === 0)
    return lowerCostItem({ kind: "symbolsCost", symbols: clause.object.items as Ast.SymbolNode[], range: clause.object.range }, l);
  if (lemma === "pay") return lowerAmountCost(clause.object!, l);
  if (lemma === "discard") {
    // The engine discards any card: "discard a Vampire card" would drop "Vampire" (a note, not a cheaper cost).
    if (npWords(clause.object).some((w) => w !== "card" && w !== "cards") || clause.object?.filters.length || clause.tail.length) {
      l.note(item.range, `the engine pays a discard with any card of the hand: "${l.slice(item.range)}" — write "discard a card" or "discard two cards"`);
      return [];
    }
    // "Discard X cards: Draw X cards.": a discard cost is a fixed number of cards (the payment lists which); it was read as
    // "Discard a card" with a CW6060 telling to put an X in the cost — which the text had done.
    const discarded = l.amountOf(clause.object, 1);
    if (typeof discarded !== "number") {
      l.note(item.range, `the engine pays a discard of a fixed number of cards ("Discard two cards: ..."), not "${l.slice(item.range)}": an X is paid in cost symbols, a resource or life ("{X}: ...", "Pay X life: ..."); this ability is not run`);
      l.unrunnableCost = true;
      return [];
    }
    l.use(clause.object);
    l.paidWith("discard", clause.object, discarded || 1, []);
    return [{ pays: "discard", amount: discarded || 1 }];
  }
  if (lemma === "sacrifice") {
    const obj = clause.object;
    if (!obj || npDeterminers(obj).includes("this")) {
      l.use(obj);
      return [{ pays: "sacrifice", what: { kind: "self" } }];
    }
    // "Sacrifice all creatures you control:" / "each": no fixed number the payer picks (it was paid as 99 or as one card).
    if (npDeterminers(obj).some((d) => d === "all" || d === "each" || d === "every")) {
      l.note(item.range, `the engine pays a sacrifice of a fixed number of cards ("Sacrifice a creature:", "Sacrifice two Vampires:"), not "${l.slice(item.range)}"`);
      return [];
    }
    // The selector marks the words it keeps (a kind, "you control", "another"); the count and "a" are the amount.
    const what = l.selector(obj);
    l.use(obj.determiners.filter((d) => d.kind === "count" || d.lemma === "a" || d.lemma === "an"));
    const amount = Number(l.amountOf(obj, 1)) || 1;
    l.paidWith("sacrifice", obj, amount, what.cardTypes ?? [unitType(l.vocab.game)?.name ?? "card"]);
    return [{ pays: "sacrifice", what, amount }];
  }
  if (lower(clause.verb?.text ?? "") && l.vocab.keywords.get(verb)?.rule === "move_to_oblivion") {
    // "Erase 2 cards:" / "Erase a card:": the count and "card(s)"; a kind of card is left for the ledger to report.
    const obj = clause.object;
    l.use(obj?.determiners.filter((d) => d.kind === "count" || d.lemma === "a" || d.lemma === "an"), obj?.items.filter((i) => i.kind === "word" && /^cards?$/i.test(i.text)));
    const amount = Number(l.amountOf(obj, 1)) || 1;
    l.paidWith("erase", obj, amount, []);
    return [{ pays: "erase", amount }];
  }
  if (lemma === "remove") return lowerCounterCost(item, clause, l);
  const taken = playerCounterCost(clause, lemma, l);
  if (taken) return taken;
  // "Reactive: Whenever you discard a card, ..." (Three-Slot Duel's rules name reactive effects; its game file gives them
  // no marker): one capitalised word before ":" reads as a marker, not a cost — said so, with the game's markers (it was
  // "cost not understood", naming no form).
  const only = !clause.subject && !clause.object && !clause.be && !clause.modal && !clause.tail.length && clause.verb && /^[A-Z]/.test(clause.verb.text) && !/\s/.test(l.slice(item.range).trim());
  const markers = l.vocab.game.markers.map((m) => m.name);
  if (only && markers.length && !markers.some((m) => lower(m) === verb)) {
    l.note(item.range, `"${l.slice(item.range)}" is no marker of ${l.vocab.game.name} (its markers: ${markers.join(", ")}) and no cost the engine pays: an ability with no marker is written without one, as the rest of the line stands ("Whenever ..., ...", "This gets ...")`);
    l.use(item);
    return [];
  }
  l.note(item.range, `cost not understood by the engine: "${l.slice(item.range)}"`);
  return [];
}

/**
 * "Remove a power counter from this:" / "Remove two power counters from this:" — counters of one kind taken off the card
 * whose ability it is, as the ability is activated (payable only while it has that many; rules texts silent: chosen). Any
 * other card ("from target unit"), no kind, "all", "up to" or an X is a note naming the form that runs.
 */
function lowerCounterCost(item: Ast.CostItem, clause: Ast.Clause, l: AbilityLowering): CostPart[] {
  const obj = clause.object;
  const words = npWords(obj);
  const named = words.length === 2 && /^counters?$/.test(words[1]!) ? lookup(l.vocab.counters, words[0]!) : undefined;
  const counter = named && l.vocab.game.counters.find((c) => c.name === named)?.on === "card" ? named : undefined;
  const from = [...(obj?.filters ?? []), ...clause.tail].filter((t): t is Ast.PrepPhrase => t.kind === "prep" && t.prep === "from");
  const others = [...(obj?.filters ?? []), ...clause.tail].filter((t) => !from.includes(t as Ast.PrepPhrase));
  const self = from.length === 1 && npWords(from[0]!.object).every((w) => w === "card" || !!lookup(l.vocab.cardTypes, w)) && !from[0]!.object.filters.length && ["this", "it"].includes(npDeterminers(from[0]!.object).join(" "));
  const dets = npDeterminers(obj).filter((d) => d !== "a" && d !== "an");
  const amount = obj ? l.amountOf(obj, 1) : 1;
  const onCards = l.vocab.game.counters.filter((c) => c.on === "card");
  const example = `"Remove a ${onCards[0]?.name ?? "power"} counter from this:"`;
  if (!obj || !counter || !self || others.length || typeof amount !== "number" || amount < 1 || dets.some((d) => d === "all" || d === "up to" || d === "any")) {
    l.note(item.range, onCards.length === 0 ? `this game has no counters on cards: "${l.slice(item.range)}"` : `the engine pays a counter cost only with counters of one kind on the card itself, as ${example} or "Remove two … counters from this:": "${l.slice(item.range)}"`);
    return [];
  }
  l.use(obj, from[0]);
  return [{ pays: "counters", counter, amount }];
}

/**
 * "Gain 2 Bleed counters:" · "Get a Bleed counter:" · "Put a Bleed counter on yourself:" — a counter kind the game puts on
 * players (CYBERVAMP's Bleed), taken by the paying player as the price. Undefined for anything else (no subject, one kind
 * of player counter, a number; "on yourself" / "on you" only).
 */
function playerCounterCost(clause: Ast.Clause, lemma: string, l: AbilityLowering): CostPart[] | undefined {
  if ((lemma !== "gain" && lemma !== "get" && lemma !== "put") || clause.subject || clause.modal || !clause.object || clause.object.filters.length || clause.object.also) return undefined;
  const words = npWords(clause.object);
  const named = words.length === 2 && /^counters?$/.test(words[1]!) ? lookup(l.vocab.counters, words[0]!) : undefined;
  if (!named || l.vocab.game.counters.find((c) => c.name === named)?.on !== "player") return undefined;
  const onYou = (t: Ast.TailItem) => t.kind === "prep" && t.prep === "on" && !t.object.filters.length && [...npDeterminers(t.object), ...npWords(t.object)].every((w) => w === "yourself" || w === "you");
  if (lemma === "put" ? clause.tail.length !== 1 || !onYou(clause.tail[0]!) : clause.tail.length > 0) return undefined;
  if (npDeterminers(clause.object).some((d) => d !== "a" && d !== "an")) return undefined;
  const amount = l.amountOf(clause.object, 1);
  if (typeof amount !== "number" || amount < 1) return undefined;
  l.use(clause.object, clause.tail);
  return [{ pays: "player_counters", counter: named, amount }];
}

function lowerAmountCost(np: Ast.NounPhrase, l: AbilityLowering): CostPart[] {
  const words = npWords(np);
  const amount = l.amountOf(np, 1);
  // "2 life", "Pay X life", "3 Crystals": the amount and the word it pays in; anything else ("life for each …") is left
  // for the ledger to report.
  const useAmount = (paidIn: (w: string) => boolean) => l.use(np.determiners.filter((d) => d.kind === "count" || d.lemma === "a" || d.lemma === "an"), np.items.filter((i) => i.kind === "word" && paidIn(lower(i.text))));
  if (words.includes("life")) {
    useAmount((w) => w === "life");
    return [{ pays: "life", amount }];
  }
  const resource = words.map((w) => lookup(l.vocab.resources, w)).find(Boolean);
  if (resource) {
    useAmount((w) => lookup(l.vocab.resources, w) === resource);
    return [{ pays: "resource", resource, amount }];
  }
  l.note(np.range, `cost not understood by the engine: "${l.slice(np.range)}"`);
  return [];
}

/** What a step does to a card that only a card in play can take (damage, destruction, a change of stats, counters ...). */
const IN_PLAY_OPS = new Set(["damage", "destroy", "modify", "add_counters", "remove_counters", "exhaust", "ready", "gain_control", "exchange_control", "sacrifice"]);

/**
 * "Whenever an opponent casts a creature, deal 1 damage to it." — where a card played waits to resolve (a response model
 * other than instant: Chromatic's chain, CYBERVAMP's stack), the card cast is not in play as the trigger resolves, so
 * damage, destruction or a change of stats to it would do nothing: CW6001 naming the form that runs. Under an instant
 * model (Three-Slot Duel) the unit played is on the field at once, and the ability runs as written.
 */
function checkCastCardNotInPlay(ability: Ability, game: CompiledGame, notes: LoweringNote[]): void {
  if (ability.kind !== "triggered" || ability.trigger?.event !== "cast" || ability.trigger.subject.kind !== "player" || !ability.source) return;
  if (String(game.params["response_model"] ?? "instant") === "instant" || !("steps" in ability) || !ability.steps) return;
  let acts = false;
  walkSteps(ability.steps, (step) => {
    if (!IN_PLAY_OPS.has(step.op)) return;
    for (const value of Object.values(step)) {
      if (typeof value === "object" && value !== null && (value as Affected).kind === "card" && (value as { ref?: CardRef }).ref?.kind === "it") acts = true;
    }
  });
  if (!acts) return;
  const selector = ability.trigger.object?.kind === "card" ? ability.trigger.object.selector : undefined;
  const noun = lower(selector?.cardTypes?.[0] ?? game.cardTypes.find((t) => t.permanent)?.name ?? "card");
  const who = ability.trigger.subject.who === "you" ? "you control" : ability.trigger.subject.who === "opponent" ? "an opponent controls" : "";
  notes.push({ file: ability.source.file, range: ability.source.range, message: `"${ability.text.trim()}": the card cast is not in play yet when this triggers (it waits to resolve), so what this does to it would do nothing — write the moment it enters: "Whenever a ${noun}${who ? ` ${who}` : ""} enters play, ..."` });
}

/**
 * "Destroy target Facet.", "Sacrifice a Facet. If you do, draw two cards.", "Target opponent sacrifices a Facet.", "Gain
 * control of target Facet.", "Sacrifice a Facet: ..." (a cost), "... unless its controller sacrifices a Facet": the engine
 * destroys, sacrifices and changes the control of cards in play only, and a card of another zone (a Facet is a card in the
 * Facet Zone) was chosen and then left where it was — a free cost, a free save (probe s44 F3). CW6001 at the ability: it
 * runs nothing. (Moving such a card is written with a zone: "Put target Facet into its owner's Graveyard.")
 */
function checkActsOnlyInPlay(ability: Ability, game: CompiledGame, notes: LoweringNote[]): void {
  if (!ability.source) return;
  const battlefield = game.zones.find((z) => z.role === "battlefield")?.name;
  const away = (sel: CardSelector | undefined) => sel?.zones?.find((z) => z !== battlefield && z !== RESOLVING_ZONE);
  const targets = "targets" in ability ? ability.targets : [];
  const chosen = new Map<string, CardSelector>();
  const found: { verb: string; zone: string }[] = [];
  const of = (a: Affected): (CardSelector | undefined)[] =>
    a.kind === "cards" ? [a.selector] : a.kind === "target" ? [targets[a.index]?.cards] : a.kind === "targets" ? a.indexes.map((i) => targets[i]?.cards) : a.kind === "card" && a.ref.kind === "chosen" ? [chosen.get(a.ref.label)] : [];
  for (const part of ability.cost ?? []) if (part.pays === "sacrifice" && !("kind" in part.what) && away(part.what)) found.push({ verb: "sacrifice", zone: away(part.what)! });
  if ("steps" in ability && ability.steps)
    walkSteps(ability.steps, (step) => {
      if (step.op === "choose_cards") chosen.set(step.label, step.selector);
      const sels = step.op === "sacrifice" ? [step.selector] : step.op === "destroy" || step.op === "gain_control" || step.op === "exchange_control" ? of(step.what) : [];
      for (const sel of sels) if (away(sel)) found.push({ verb: step.op === "destroy" ? "destroy" : step.op === "sacrifice" ? "sacrifice" : "gain control of", zone: away(sel)! });
    });
  const first = found[0];
  if (!first) return;
  notes.push({ file: ability.source.file, range: ability.source.range, message: `"${ability.text.trim()}": the engine can ${first.verb} only cards in play, and this names a card in the ${first.zone}, which would stay where it is — it cannot run this (move such a card with its zone: "Put target card from a ${first.zone} into its owner's ${game.zones.find((z) => z.role === "graveyard")?.name ?? "Graveyard"}.")` });
}

/**
 * How a bare amount ("cost: 2", "cost: X") of a card of these colours is paid, in a game whose colours say how they pay
 * (`color Red pays life`): the one way all its colours pay — Three-Slot Duel's Red "cost: 2" is 2 life, Yellow discards
 * 2, Green erases 2 (the checker refuses a bare amount where the colours pay in different ways, or pay nothing: CW2035).
 * Undefined in a game whose colours do not say (Chromatic, CYBERVAMP): the game's first resource.
 */
export function bareCostWay(game: { colors: readonly { name: string; pays?: string | undefined }[] }, colors: readonly string[]): string | undefined {
  const ways = new Set<string>();
  for (const name of colors) {
    const pays = game.colors.find((c) => lower(c.name) === lower(name))?.pays;
    if (!pays) return undefined;
    ways.add(lower(pays));
  }
  return ways.size === 1 ? [...ways][0] : undefined;
}

/** A card's `cost:` field ("2 Crystals", "discard 1", "discard a card", "erase 2 cards", "3 life", "pay 2 life", "free", "X Crystals", "{R}{1}"). */
function lowerCardCost(field: Ast.Field | undefined, game: CompiledGame, vocab: Vocab, colors: readonly string[]): CostPart[] {
  if (!field) return [];
  const items = field.value;
  const words = items.map((i) => lower(itemText(i)));
  if (words.length === 0 || words.includes("free")) return [];
  const symbols = items.filter((i) => i.kind === "symbol") as Ast.SymbolNode[];
  if (symbols.length) return symbols.map((s) => ({ pays: "symbol", symbol: s.symbol, amount: /^\d+$/.test(s.symbol) ? Number(s.symbol) : 1, ...(/^\d+$/.test(s.symbol) ? { generic: true } : {}) }) as CostPart);
  const numberItem = items.find((i) => i.kind === "number") as Ast.NumberNode | undefined;
  const isX = words.includes("x");
  // `discard two cards`, `erase a card` (the checker reads the same words: costWordAmount).
  const wordAmount = words.map((w) => costWordAmount(w)).find((n) => n !== undefined);
  const amount: NumberExpr = isX ? { kind: "x" } : Math.abs(numberItem?.value ?? wordAmount ?? 1);
  if (words.includes("life")) return [{ pays: "life", amount }];
  if (words.includes("discard")) return [{ pays: "discard", amount: typeof amount === "number" ? amount : 1 }];
  if (words.includes("erase")) return [{ pays: "erase", amount: typeof amount === "number" ? amount : 1 }];
  const resource = words.map((w) => lookup(vocab.resources, w)).find(Boolean);
  if (resource) return [{ pays: "resource", resource, amount }];
  // A bare number or a bare X ("cost: X": X is what the player pays): paid as the card's colours pay, where the game says
  // (bareCostWay), else with the game's first resource.
  if (numberItem || isX) {
    const way = bareCostWay(game, colors);
    if (way === "life") return [{ pays: "life", amount }];
    if (way === "discard" || way === "erase") return typeof amount === "number" ? [{ pays: way, amount }] : [];
    const resource = way ? game.resources.find((r) => lower(r.name) === way) : game.resources[0];
    if (resource) return [{ pays: "resource", resource: resource.name, amount }];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Game files

function directiveWords(d: Ast.Directive): string[] {
  return d.items.map((i) => itemText(i));
}

function paramValue(v: Ast.NumberNode | Ast.StringNode | Ast.WordNode): number | string | boolean {
  if (v.kind === "number") return v.value;
  if (v.kind === "string") return v.value;
  if (lower(v.text) === "true") return true;
  if (lower(v.text) === "false") return false;
  return v.text;
}

const ROLE_BY_NAME: Record<string, ZoneRole> = {
  deck: "deck", "main deck": "deck", library: "deck", hand: "hand", field: "battlefield", battlefield: "battlefield", "in play": "battlefield",
  graveyard: "graveyard", "discard pile": "graveyard", oblivion: "removed", "shatter zone": "removed", exile: "removed", "facet zone": "resource",
};

export function lowerGame(doc: Ast.GameFile, text: Text, notes: LoweringNote[]): CompiledGame {
  const file = doc.file;
  const game: CompiledGame = {
    irVersion: IR_VERSION,
    id: doc.id?.text ?? "unknown",
    name: doc.title?.value ?? doc.id?.text ?? "unknown",
    file,
    params: {},
    resources: [],
    colors: [],
    zones: [],
    cardTypes: [],
    stats: [],
    rarities: [],
    deck: {},
    phases: [],
    markers: [],
    keywords: [],
    counters: [],
    rules: [],
    source: { file, range: plainRange(doc.range) },
  };
  const subtypes: string[] = [];
  const phaseDecls: Ast.PhaseDecl[] = [];
  const markerDecls: Ast.MarkerDecl[] = [];
  const keywordDecls: Ast.KeywordDecl[] = [];
  const ruleDecls: Ast.RuleDecl[] = [];
  for (const st of doc.statements) {
    if (st.kind === "param") {
      // An own entry whatever the name (`__proto__` too, CW2080): the engine then refuses the game rather than lose the param.
      Object.defineProperty(game.params, st.name.text, { value: canonicalParamValue(st.name.text, paramValue(st.value)), enumerable: true, writable: true, configurable: true });
      Object.defineProperty((game.paramSources ??= {}), st.name.text, { value: { file, range: plainRange(st.range) }, enumerable: true, writable: true, configurable: true });
    } else if (st.kind === "phase") phaseDecls.push(st);
    else if (st.kind === "marker") markerDecls.push(st);
    else if (st.kind === "keyword") keywordDecls.push(st);
    else if (st.kind === "rule") ruleDecls.push(st);
    else if (st.kind === "directive") {
      const words = directiveWords(st);
      const lw = words.map(lower);
      const num = (after: string) => {
        const i = lw.indexOf(after);
        return i >= 0 && i + 1 < words.length && /^[+-]?\d+$/.test(words[i + 1]!) ? Number(words[i + 1]) : undefined;
      };
      switch (st.head.lemma) {
        case "resource": {
          const gainIndex = lw.indexOf("gain");
          game.resources.push({ name: words[0]!, start: num("start") ?? 0, gainPerTurn: gainIndex >= 0 ? Number(words[gainIndex + 1]) || 0 : 0, ...(num("max") !== undefined ? { max: num("max")! } : {}) });
          break;
        }
        case "color": {
          const paysIndex = lw.indexOf("pays");
          const symbol = st.items.find((i) => i.kind === "symbol") as Ast.SymbolNode | undefined;
          game.colors.push({ name: words[0]!, ...(paysIndex >= 0 ? { pays: words[paysIndex + 1] } : {}), ...(symbol ? { symbol: symbol.symbol } : {}) });
          if (symbol) (game.symbols ??= {})[symbol.symbol] = { color: words[0]! };
          break;
        }
        case "symbol": {
          // `symbol {G} = Gold` (a resource or colour) · `symbol {N} = generic`
          const symbol = st.items.find((i) => i.kind === "symbol") as Ast.SymbolNode | undefined;
          const meaning = words[words.length - 1] ?? "";
          if (!symbol) break;
          const isResource = game.resources.some((r) => lower(r.name) === lower(meaning));
          const isColor = game.colors.some((c) => lower(c.name) === lower(meaning));
          (game.symbols ??= {})[symbol.symbol] = lower(meaning) === "generic" ? { generic: true } : isResource ? { resource: meaning } : isColor ? { color: meaning } : {};
          break;
        }
        case "zone": {
          const flags = new Set(lw.slice(1));
          const name = words[0]!;
          const roleWord = ["deck", "hand", "battlefield", "graveyard", "removed", "resource"].find((r) => flags.has(`role_${r}`));
          const role = (roleWord as ZoneRole | undefined) ?? ROLE_BY_NAME[lower(name)] ?? "other";
          const zone: ZoneDef = { name, role, visibility: flags.has("hidden") ? "hidden" : flags.has("private") ? "private" : "public", ordered: flags.has("ordered"), shared: flags.has("shared") };
          if (num("slots") !== undefined) zone.slots = num("slots")!;
          game.zones.push(zone);
          break;
        }
        case "cardtype": {
          const block = (st.block ?? []).flat().map((i) => lower(itemText(i)));
          const requiresIndex = block.indexOf("requires");
          const requires = requiresIndex >= 0 ? block.slice(requiresIndex + 1).filter((w) => w !== "," && w !== "abilities") : [];
          game.cardTypes.push({ name: words[0]!, permanent: lw.includes("permanent"), token: lw.includes("token"), requires });
          break;
        }
        case "stat":
          game.stats.push(...words.filter((w) => w !== ",").map(lower));
          break;
        case "subtype":
        case "tribe":
          // `tribe Mystic, Scholar` declares subtypes too (Chromatic's word); cards name them in `tribe:`.
          subtypes.push(...words.filter((w) => w !== ","));
          break;
        case "rarity":
          game.rarities.push({ name: words[0]!, ...(num("max") !== undefined ? { max: num("max")! } : {}) });
          break;
        case "deck":
          game.deck = { ...(num("min") !== undefined ? { min: num("min") } : {}), ...(num("max") !== undefined ? { max: num("max") } : {}), ...(num("copies") !== undefined ? { copies: num("copies") } : {}) };
          break;
        case "counter":
          game.counters.push({ name: words[0]!, on: lw.includes("player") ? "player" : "card" });
          break;
        default:
          break;
      }
    }
  }
  (game as CompiledGame & { subtypes?: string[] }).subtypes = subtypes;
  const vocab = vocabOf(game, subtypes);
  const ability = (node: Ast.Ability, id: string, notesFor: AbilityLowering) => lowerAbility(node, 0, { id, permanent: false }, notesFor);

  // Keywords first (card text may use them), then markers, phases and rules.
  for (const k of keywordDecls) {
    const def: KeywordDef = { name: k.name.text, kind: k.keywordKind, source: { file, range: plainRange(k.range) }, ...(k.parameter ? { parameter: k.parameter.text } : {}) };
    if (k.definition.kind === "ruleRef") def.rule = k.definition.name.text;
    game.keywords.push(def);
  }
  for (const k of keywordDecls) {
    if (k.definition.kind !== "embeddedText" || !k.definition.abilities[0]) continue;
    const l = new AbilityLowering(vocab, file, text, notes);
    const lowered = ability(k.definition.abilities[0], `${game.id}/keyword/${k.name.text}`, l);
    game.keywords.find((d) => d.name === k.name.text)!.ability = lowered;
    // A keyword's trigger is run about the card that has the keyword only (runtime/mechanics/bleed.ts): one about another
    // card or a player would never be noted.
    const subject = lowered.kind === "triggered" ? lowered.trigger?.subject : undefined;
    if (subject && subject.kind !== "self") {
      const about = subject.kind === "card" ? "another card" : "a player";
      notes.push({ file, range: plainRange(k.definition.range), message: `keyword ${k.name.text}'s trigger "${lowered.trigger!.text}" is about ${about}; the engine runs a keyword's trigger only about the card that has the keyword ("Whenever this ...", e.g. "Whenever this deals combat damage to a player"): write the ability on the cards themselves` });
    }
  }
  for (const m of markerDecls) {
    if (m.definition.kind === "static") {
      game.markers.push({ name: m.name.text, isStatic: true, source: { file, range: plainRange(m.range) } });
      continue;
    }
    const l = new AbilityLowering(vocab, file, text, notes);
    const trigger = m.definition.trigger ? lowerTrigger(m.definition.trigger, l) : undefined;
    game.markers.push({ name: m.name.text, isStatic: false, ...(trigger ? { trigger } : {}), source: { file, range: plainRange(m.range) } });
  }
  for (const p of phaseDecls) {
    const l = new AbilityLowering(vocab, file, text, notes);
    const name = p.name.kind === "word" ? p.name.text : p.name.value;
    const auto = p.options.some((o) => o.kind === "word" && lower(o.text) === "auto");
    const steps: Step[] = [];
    const lines: NonNullable<PhaseDef["lines"]> = [];
    const lineSteps = (c: Ast.Clause): Step[] => {
      // A single engine word (`end_of_turn`, `renew`) names a native rule.
      const lone = !c.subject && !c.object && c.tail.length === 0 && c.verb && !c.verb.keyword && /_/.test(c.verb.text);
      if (lone || (c.verb && !c.verb.keyword && !c.object && !vocab.keywords.has(lower(c.verb.text)) && !["draw", "gain"].includes(c.verb.lemma))) return [{ op: "rule", rule: c.verb!.text, source: l.source(c.range) }];
      if (!c.verb && c.subject && c.subject.items.length === 1 && c.subject.items[0]!.kind === "word") return [{ op: "rule", rule: (c.subject.items[0] as Ast.WordNode).text, source: l.source(c.range) }];
      return withPending(l, l.clause(c));
    };
    for (const seq of p.steps ?? []) {
      for (const st of seq.steps) {
        const c = st.clause;
        // Each step line is a state of the game's statechart: its steps say which one they run.
        const phaseStep = lines.length;
        lines.push({ text: l.slice(c.range).trim(), source: l.source(c.range) });
        for (const step of lineSteps(c)) steps.push({ ...step, phaseStep });
      }
    }
    game.phases.push({ name, auto, steps, ...(lines.length > 0 ? { lines } : {}), source: { file, range: plainRange(p.range) } } satisfies PhaseDef);
  }
  ruleDecls.forEach((r, i) => {
    r.text.abilities.forEach((a, j) => {
      const l = new AbilityLowering(vocab, file, text, notes);
      const lowered = lowerAbility(a, j, { id: `${game.id}/rule${i}`, permanent: false }, l);
      lowered.text = r.title.value + ": " + lowered.text;
      game.rules.push(lowered);
    });
  });
  // The contract: params the engine reads (or this file's own text names), rules it implements.
  const namedInText = new Set(vocab.paramsNamed);
  for (const st of doc.statements) {
    if (st.kind === "directive" && st.head.lemma === "cardtype") for (const item of (st.block ?? []).flat()) if (item.kind === "word" && game.params[item.text] !== undefined) namedInText.add(item.text);
  }
  checkGameParams(doc, game, namedInText, notes);
  checkGameContract(doc, game, text, notes);
  return game;
}

// ---------------------------------------------------------------------------------------------
// Card files

/**
 * Lowers one ability; a tree the lowering does not expect (a recovered, partial parse) becomes a
 * note and an ability that does nothing, never an exception that would hide the other cards.
 */
function lowerAbilitySafely(ast: Ast.Ability, index: number, card: CardInfo, l: AbilityLowering): Ability {
  try {
    return lowerAbility(ast, index, card, l);
  } catch (error) {
    l.note(ast.range, `this ability could not be compiled (${error instanceof Error ? error.message : String(error)}); it does nothing`);
    return { id: `${card.id}#${index}`, kind: "static", targets: [], steps: [], statics: [], text: l.slice(ast.range).trim(), source: l.source(ast.range) };
  }
}

/** A card's subtypes and tribe words, each in lower case and as written: made once per card model (the model lives as long as its card's check). */
const typeLineWords = new WeakMap<CardModel, readonly (readonly [string, string])[]>();
function typeLineWordsOf(card: CardModel): readonly (readonly [string, string])[] {
  let words = typeLineWords.get(card);
  if (!words) {
    const tribe = card.fields.tribe;
    const written = tribe && tribe.kind === "words" ? [...card.subtypes, ...tribe.words] : card.subtypes;
    words = written.map((subtype) => [lower(subtype), subtype] as const);
    typeLineWords.set(card, words);
  }
  return words;
}

/**
 * The subtypes each game's cards bring on their type lines (or `tribe:`) that its game file does not list, by lower-case
 * game id, sorted: subtypes are open, and any card's text may name one another card has ("Other Wizards you control get
 * +1/+1." when a card of the workspace is a Wizard).
 */
export function typeLineSubtypes(analysis: WorkspaceAnalysis, kept?: TypeLineSubtypesKept): Map<string, string[]> {
  const out = new Map<string, Map<string, string>>();
  const now = new Map<string, SetTypeLines>();
  for (const set of analysis.model.sets) {
    const game = lower(set.game);
    const seen = out.get(game) ?? out.set(game, new Map()).get(game)!;
    // The cards as checked, not placed: the studio asks after every keystroke, and placing every card below the edit was a copy per card.
    const typeLines = setTypeLines(cardsAsCheckedOf(analysis, set), kept?.bySet.get(set.file));
    now.set(set.file, typeLines);
    // A set's first spellings, merged in the order of the sets: each subtype's first spelling in the workspace.
    for (const [key, subtype] of typeLines.words) if (!seen.has(key)) seen.set(key, subtype);
  }
  if (kept) kept.bySet = now;
  return new Map([...out].map(([game, names]) => [game, [...names.values()].sort()]));
}

/** One set's cards and the first spelling of each subtype on their type lines, by lower-case subtype, in the order of the cards. */
interface SetTypeLines {
  cards: readonly CardModel[];
  words: ReadonlyMap<string, string>;
}

/**
 * What typeLineSubtypes found in each set (by file) at the last call, for a caller that asks again and again (the
 * studio's worker, after every keystroke): a set whose cards bring the same type-line words card by card is not read
 * again — a keystroke changes one card's model, rarely its subtypes.
 */
export class TypeLineSubtypesKept {
  bySet = new Map<string, SetTypeLines>();
}

function setTypeLines(cards: readonly CardModel[], earlier: SetTypeLines | undefined): SetTypeLines {
  if (earlier && earlier.cards === cards) return earlier;
  if (earlier && earlier.cards.length === cards.length && cards.every((card, i) => card === earlier.cards[i] || sameTypeLineWords(typeLineWordsOf(card), typeLineWordsOf(earlier.cards[i]!)))) {
    return { cards, words: earlier.words };
  }
  const words = new Map<string, string>();
  for (const card of cards) for (const [key, subtype] of typeLineWordsOf(card)) if (!words.has(key)) words.set(key, subtype);
  return { cards, words };
}

function sameTypeLineWords(a: readonly (readonly [string, string])[], b: readonly (readonly [string, string])[]): boolean {
  return a.length === b.length && a.every(([key, subtype], i) => key === b[i]![0] && subtype === b[i]![1]);
}

/**
 * The engine's cards of one card file. `models`: each card's model as the checker made it, by position — `models[i]`
 * is `doc.cards[i]`'s (undefined for a card the checker did not check), never looked up by name: two cards of one name
 * (CW2010) are two cards, each lowered with its own model, whether the file is lowered whole or one card at a time.
 * With `notesOnly` it returns no cards: only `notes` are filled (LowerAnalysisOptions).
 */
export function lowerCards(doc: Ast.CardFile, text: Text, game: CompiledGame, models: readonly (CardModel | undefined)[], notes: LoweringNote[], workspaceSubtypes: readonly string[] = [], options: LowerAnalysisOptions = {}): CompiledCard[] {
  const notesOnly = options.notesOnly === true;
  const listed = (game as CompiledGame & { subtypes?: string[] }).subtypes ?? [];
  const listedLower = new Set(listed.map(lower));
  const vocab = vocabOf(game, [...listed, ...workspaceSubtypes.filter((t) => !listedLower.has(lower(t)))]);
  const set = doc.code?.text ?? "set";
  const colourTags: ReadonlySet<string> = new Set(game.colors.map((c) => lower(c.name)));
  // A card type whose colour-tagged abilities are enhancements bought as it enters (`abilities Base 1, facet 4`),
  // not one active ability of several switched in play (`abilities facet 5 one_active`).
  const enhancedOnEnter = (t: CardTypeDef | undefined) => !!t && t.requires.includes("facet") && !t.requires.includes("one_active");
  // Whether the game's rules pay cost symbols (checkCostSymbols has nothing to report then): the same for every card.
  const paysSymbols = paysCostSymbols(game);
  const out: CompiledCard[] = [];
  for (const [index, decl] of doc.cards.entries()) {
    try {
      const card = lowerCard(decl, models[index]);
      if (card) out.push(card);
    } catch (error) {
      notes.push({ file: doc.file, range: plainRange(decl.range), message: `this card could not be compiled (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  return out;

  /** The card's IR, or undefined when only its notes are wanted (`notesOnly`: what only the IR reads is not built). */
  function lowerCard(decl: Ast.CardDecl, model: CardModel | undefined): CompiledCard | undefined {
    const name = decl.name.value;
    const cardNotes = notes.length;
    // Each field by its lower-case name (the first of a name): looked up ten times a card.
    const fields = new Map<string, Ast.Field>();
    for (const f of decl.fields) {
      const key = lower(f.name.text);
      if (!fields.has(key)) fields.set(key, f);
    }
    const field = (n: string) => fields.get(n);
    const typeItems = field("type")?.value ?? [];
    const dash = typeItems.findIndex((i) => i.kind === "punct");
    const typeWords = (dash >= 0 ? typeItems.slice(0, dash) : typeItems).map(itemText);
    const cardType = model?.type ?? typeWords.map((w) => lookup(vocab.cardTypes, w)).find(Boolean) ?? typeWords[typeWords.length - 1] ?? "";
    const typeDef = game.cardTypes.find((t) => lower(t.name) === lower(cardType));
    const id = `${set}/${name}`;
    const stats: Record<string, number> = { ...(model?.stats ?? {}) };
    for (const s of game.stats) {
      const f = field(s);
      const n = f?.value.find((i) => i.kind === "number") as Ast.NumberNode | undefined;
      if (n && stats[s] === undefined) stats[s] = n.value;
    }
    const isToken = model?.isToken ?? typeWords.some((w) => lower(w) === "token");
    const permanent = typeDef ? typeDef.permanent || typeDef.token : isToken;
    // Subtypes are open (a card may bring one the game file does not list): its own text may name it ("Other Wizards you control ...").
    const ownSubtypes = [...(model?.subtypes ?? (dash >= 0 ? typeItems.slice(dash + 1).map(itemText) : [])), ...(field("tribe")?.value ?? []).filter((i) => i.kind === "word").map(itemText)];
    const unlisted = ownSubtypes.filter((t) => !vocab.subtypes.has(lower(t)));
    const ownVocab: Vocab = unlisted.length ? { ...vocab, subtypes: new Map([...vocab.subtypes, ...unlisted.map((t) => [lower(t), t] as const)]) } : vocab;
    // The spell ability lowered last, which a later sentence's "it" / "that creature" may continue.
    let spellBefore: { ast: Ast.Ability; l: AbilityLowering; ability: Ability; index: number } | undefined;
    // The ability with effects lowered last, which a sentence waiting for a moment ("At the beginning of the next end step, return it ...") continues.
    // `from`: where the steps of the ability's last sentence begin (what a later "... instead." replaces).
    let effectsBefore: { ast: Ast.Ability; l: AbilityLowering; ability: Ability; from: number } | undefined;
    const info: CardInfo = { id, permanent, card: true, own: { type: typeDef?.name ?? cardType, stats: Object.keys(stats), permanent }, ...(permanent ? {} : { neverInPlay: true }), ...(permanent && enhancedOnEnter(typeDef) ? { enhancementTags: colourTags } : {}) };
    // The tag of each ability's line: one that goes on on a tagged line (`[Base] Flying. Whenever ...`) is in that slot.
    let lineTag: Ast.WordNode | undefined;
    const additional: CostPart[] = [];
    const additionalSources: Range[] = [];
    // The card an additional cost takes, which the spell's text after it may name ("Deal damage equal to its power ...").
    let paidByAdditional: Taken | undefined;
    // The steps of the spell's sentences so far, by their tag (a Chromatic slot is its own), for "again".
    const spellSteps = new Map<string, Step[]>();
    const playOnly: Condition[] = [];
    const playOnlySources: Range[] = [];
    const abilities = decl.abilities.flatMap((written, i) => {
      lineTag = written.tag ?? (written.sameLine ? lineTag : undefined);
      const a: Ast.Ability = written.sameLine && lineTag ? { ...written, tag: lineTag } : written;
      // `Unique.` as a line of text is the card flag (the checker put it in the supertypes), not an ability.
      const abilityText = text.slice(startOffset(a.range), endOffset(a.range));
      if (!a.tag && /^unique\.?$/i.test(abilityText.trim()) && !vocab.keywords.has("unique")) return [];
      // "Gain control of target creature until end of turn. At the beginning of the next end step, return it to its owner's
      // hand.": the sentence is a delayed trigger made by the ability before it, its "it" that ability's card.
      const waits = effectsBefore && (a.tag?.text ?? "") === (effectsBefore.ast.tag?.text ?? "") ? delayedHead(a) : undefined;
      if (waits && effectsBefore && a.body.kind === "triggered" && a.body.effect.kind === "sequence") {
        const { l: earlier, ability: host, ast: hostAst } = effectsBefore;
        const before = notes.length;
        markOwnName(a, abilityText, name, earlier);
        earlier.use(a.body.trigger.word);
        const at = earlier.delayedMoment(waits);
        const steps = lowerSequenceWithPending(a.body.effect, earlier);
        reportUnusedWords(a, earlier, notes.slice(before), host);
        effectsBefore.from = host.steps.length;
        if (at && at !== "noted") host.steps.push({ op: "delayed", at, steps, source: earlier.source(a.range) });
        host.text = `${host.text} ${abilityText.trim()}`;
        host.source = earlier.source(spanOf(hostAst.range, a.range));
        return [];
      }
      // "At the beginning of your next turn, draw two cards." as a spell's own sentence, with no effect before it: the spell,
      // as it resolves, makes that delayed trigger (as "Draw two cards at the beginning of your next turn." does). A
      // recurring moment ("At the beginning of your turn") is no delayed trigger: it stays a trigger the spell never has.
      const waitsAlone = !effectsBefore && info.neverInPlay ? delayedHead(a) : undefined;
      if (waitsAlone && a.body.kind === "triggered" && a.body.effect.kind === "sequence") {
        const l = new AbilityLowering(ownVocab, doc.file, text, notes, notesOnly);
        markOwnName(a, abilityText, name, l);
        const before = notes.length;
        if (a.tag) l.use(a.tag);
        l.use(a.body.trigger.word);
        const at = l.delayedMoment(waitsAlone);
        const steps = lowerSequenceWithPending(a.body.effect, l);
        const abilityId = `${id}#${i}`;
        const ability: Ability = {
          id: abilityId, kind: "spell", targets: abilityTargets(abilityId, l.targets), steps: at && at !== "noted" ? [{ op: "delayed", at, steps, source: l.source(a.range) }] : [],
          text: abilityText.trim(), source: l.source(a.range), ...(a.tag ? { tag: a.tag.text } : {}),
        };
        reportUnusedWords(a, l, notes.slice(before), ability);
        spellBefore = { ast: a, l, ability, index: i };
        effectsBefore = { ast: a, l, ability, from: 0 };
        return [ability];
      }
      // "Activate this only once each turn." on a line of its own: it limits the activated ability before it (every word
      // of the sentence is the limit, or it is not one).
      const limit = effectsBefore?.ability.kind === "activated" && a.body.kind === "statement" && !a.reminder && a.body.effect.steps.every((step) => !step.condition) && (a.tag?.text ?? "") === (effectsBefore.ast.tag?.text ?? "") ? activationLimit(a.body.effect.steps.map((step) => step.clause), effectsBefore.l) : undefined;
      if (limit && effectsBefore) {
        const { ability: host, ast: hostAst, l: earlier } = effectsBefore;
        setActivationLimit(host, limit);
        host.text = `${host.text} ${abilityText.trim()}`;
        host.source = earlier.source(spanOf(hostAst.range, a.range));
        return [];
      }
      // "If you control three or more creatures, draw two cards. Otherwise, draw a card.": the sentence is what the
      // sentence before's condition does when it fails (its `else`; an "If you do"'s "If you don't").
      const otherwise = effectsBefore && (a.tag?.text ?? "") === (effectsBefore.ast.tag?.text ?? "") && !a.reminder ? otherwiseSentence(a) : undefined;
      const failing = otherwise && effectsBefore ? conditionBefore(effectsBefore.ability.steps, effectsBefore.from) : undefined;
      if (otherwise && effectsBefore && failing) {
        const { l: earlier, ability: host, ast: hostAst } = effectsBefore;
        const before = notes.length;
        markOwnName(a, abilityText, name, earlier);
        earlier.use(otherwise.word);
        const targetsBefore = earlier.targets.length;
        const steps = earlier.shareBranchTargets(lowerSequenceWithPending(otherwise.rest, earlier), targetsBefore);
        if (failing.op === "if") failing.else = steps;
        else failing.otherwise = steps;
        // Its own targets (another kind of target than the sentence before's) are the ability's too: chosen with them.
        host.targets = abilityTargets(host.id, earlier.targets);
        reportUnusedWords(a, earlier, notes.slice(before), host);
        host.text = `${host.text} ${abilityText.trim()}`;
        host.source = earlier.source(spanOf(hostAst.range, a.range));
        return [];
      }
      // "Deal 2 damage to target creature. If you control a Vampire, deal 3 damage instead.": the sentence changes the
      // amount of the effect before it when its condition holds (one ability, its targets the same).
      const upgrade = effectsBefore && (a.tag?.text ?? "") === (effectsBefore.ast.tag?.text ?? "") && !a.reminder ? insteadUpgrade(a) : undefined;
      if (upgrade && effectsBefore) {
        const { l: earlier, ability: host, ast: hostAst } = effectsBefore;
        const before = notes.length;
        markOwnName(a, abilityText, name, earlier);
        upgradeInstead(host, effectsBefore.from, upgrade, earlier);
        reportUnusedWords(a, earlier, notes.slice(before), host);
        host.text = `${host.text} ${abilityText.trim()}`;
        host.source = earlier.source(spanOf(hostAst.range, a.range));
        return [];
      }
      // "PLAY: Draw a card. If you control a Soldier, draw another card." · "When this enters play, return target unit to
      // its owner's hand. If it was a Soldier, draw a card.": on a permanent, an "If ..., <do something>." sentence on the
      // line of a triggered or activated ability goes on with that ability (its moment, its targets: "it" is its card), as a
      // spell's next sentence does — alone it would be an effect with no trigger, which runs never.
      const hostBefore = effectsBefore && info.permanent && (effectsBefore.ability.kind === "triggered" || effectsBefore.ability.kind === "activated") ? effectsBefore : undefined;
      const previousEnd = i > 0 ? endOffset(decl.abilities[i - 1]!.range) : undefined;
      const onItsLine = previousEnd !== undefined && !/[\r\n]/.test(text.slice(previousEnd, startOffset(a.range)));
      // "When this enters play, deal 2 damage to target creature. If it dies, this creature gets +1/+1.": a card's change
      // with no duration on such a line could be a bonus while the condition holds (a static) or a change the trigger makes;
      // it goes on with the trigger (a one-time change with no duration lasts, as "Whenever this attacks, this creature gets
      // +1/+1." does) and is CW6090 at the change, naming the other readings — never a static in silence.
      const undated = a.body.kind === "conditional" && a.body.word === "if" ? undatedCardChanges(a.body.effect) : [];
      if (hostBefore && onItsLine && !a.reminder && (a.tag?.text ?? "") === (hostBefore.ast.tag?.text ?? "") && a.body.kind === "conditional" && a.body.word === "if" && (isOneShotStatement(a.body.effect) || undated.length)) {
        const { l: earlier, ability: host, ast: hostAst } = hostBefore;
        const before = notes.length;
        markOwnName(a, abilityText, name, earlier);
        for (const clause of undated) {
          const words = earlier.slice(clause.range).trim();
          notes.push({ file: doc.file, range: plainRange(clause.range), code: "CW6090", args: { words, trigger: earlier.slice(hostAst.range).trim().replace(/[.]$/, "") }, message: `"${words}" has no duration after a trigger on its line` });
        }
        // "PLAY: Put the top card of your deck into your graveyard. If it's a unit card, draw a card.": "it" names the card the
        // host's steps took (as a spell's next sentence reads them) — it was CW6001 "'it' refers to nothing", though it ran.
        earlier.stepsBefore = host.steps;
        const continued = lowerAbilitySafely(a, Number(host.id.slice(host.id.lastIndexOf("#") + 1)), afterPrefix(info), earlier);
        reportUnusedWords(a, earlier, notes.slice(before), continued);
        hostBefore.from = appendSentence(host.steps, continued.steps);
        host.targets = continued.targets;
        host.text = `${host.text} ${abilityText.trim()}`;
        host.source = earlier.source(spanOf(hostAst.range, a.range));
        return [];
      }
      // "Play this only during an opponent's Battle phase.": when the card may be played, the card's own (not an ability).
      const limitClauses = a.body.kind === "statement" && !a.reminder && !a.tag && a.body.effect.steps.every((step) => !step.condition) ? a.body.effect.steps.map((step) => step.clause) : undefined;
      if (limitClauses && playLimitClause(limitClauses)) {
        const l = new AbilityLowering(ownVocab, doc.file, text, notes, notesOnly);
        const before = notes.length;
        const limit = playLimit(limitClauses, l);
        if (limit) {
          const readsAsText = playOnlyReadsAs({ playOnly: limit.condition ? { condition: limit.condition, text: "", source: l.source(a.range) } : undefined }, game) ?? "";
          for (const phrase of unusedPhrases(a, l.ledger, text)) {
            if (notes.slice(before).some((n) => n.range.start.offset <= phrase.range.start.offset && phrase.range.end.offset <= n.range.end.offset)) continue;
            notes.push(l.unusedWordsNote(phrase, a.range, readsAsText));
          }
          if (limit.condition) {
            playOnly.push(limit.condition);
            playOnlySources.push(a.range);
          }
          return [];
        }
      }
      // "As an additional cost to cast this, discard a card.": parts of the card's own cost, not an ability.
      if (a.body.kind === "additionalCost") {
        const { parts, paid } = lowerAdditionalCost(a, a.body, ownVocab, doc.file, text, notes, info);
        paidByAdditional = paid;
        additional.push(...parts);
        if (parts.length) additionalSources.push(a.range);
        return [];
      }
      const l = new AbilityLowering(ownVocab, doc.file, text, notes, notesOnly);
      markOwnName(a, abilityText, name, l);
      // A spell's effect after its additional cost: "it" / "the sacrificed creature" is the card the cost took.
      if (!info.permanent && (a.body.kind === "statement" || a.body.kind === "conditional")) l.paidTook = paidByAdditional;
      l.earlierSpellSteps = spellSteps.get(a.tag?.text ?? "") ?? [];
      const before = notes.length;
      const lowered = lowerAbilitySafely(a, i, info, l);
      // "Gain control of target creature until end of turn. Renew it. It gains Haste until end of turn." (or one
      // sentence a line): a spell's sentence whose first card is "it" / "that creature" goes on with the spell
      // ability before it — one ability, so "it" is that ability's target or chosen card, not a new choice.
      const before_ = spellBefore;
      // A spell's sentence that goes on on its tagged line is part of that line's ability (a spell's slot is one ability).
      const sameSlot = !!written.sameLine && !!lineTag;
      // So does a sentence whose amount is the sentence before's ("Deal 3 damage to target creature. You gain that much
      // life."): a spell has no event whose amount it could be.
      const measuredBefore = l.unmeasured.length > 0;
      if (before_ && lowered.kind === "spell" && (sameSlot || measuredBefore || (!lowered.targets.length && refersToItFirst(lowered.steps))) && (before_.ast.tag?.text ?? "") === (a.tag?.text ?? "")) {
        notes.length = before;
        markOwnName(a, abilityText, name, before_.l);
        before_.l.stepsBefore = before_.ability.steps;
        const continued = lowerAbilitySafely(a, before_.index, info, before_.l);
        reportUnusedWords(a, before_.l, notes.slice(before), continued);
        if (a.reminder) readReminder(a.reminder, continued, info, ownVocab, doc.file, notes);
        const from = appendSentence(before_.ability.steps, continued.steps);
        if (effectsBefore?.ability === before_.ability) effectsBefore.from = from;
        if (continued.reminder) before_.ability.reminder = continued.reminder;
        before_.ability.targets = continued.targets;
        before_.ability.text = `${before_.ability.text} ${continued.text}`;
        before_.ability.source = before_.l.source(spanOf(before_.ast.range, a.range));
        return [];
      }
      reportUnusedWords(a, l, notes.slice(before), lowered);
      if (a.reminder) readReminder(a.reminder, lowered, info, ownVocab, doc.file, notes);
      spellBefore = lowered.kind === "spell" ? { ast: a, l, ability: lowered, index: i } : undefined;
      if (lowered.kind === "spell") spellSteps.set(a.tag?.text ?? "", [...(spellSteps.get(a.tag?.text ?? "") ?? []), ...lowered.steps]);
      effectsBefore = lowered.kind === "spell" || lowered.kind === "triggered" || lowered.kind === "activated" ? { ast: a, l, ability: lowered, from: 0 } : undefined;
      return lowered;
    });
    for (const ability of abilities) {
      // "Choose target creature." with no sentence after it acting on the target: the target is chosen, and nothing done.
      if ((ability.kind === "spell" || ability.kind === "triggered" || ability.kind === "activated") && ability.steps.length === 0 && ability.targets.length && ability.source) {
        notes.push({ file: ability.source.file, range: ability.source.range, message: `"${ability.text}" chooses a target and does nothing to it: say what happens to it ("Choose target creature. It gets +2/+0 until end of turn.")` });
      }
      // Two rewrites of the IR that no note reads (each a walk of the ability's whole IR): only for the IR.
      if (!notesOnly) {
        if ("steps" in ability && ability.steps) destroysWhatItKills(ability.steps, toughnessStat(game));
        countOthersThanTheCardActedOn(ability);
      }
      checkAbilityContract(ability, notes);
      checkCardStates(ability, game, text, notes);
      checkFightDamageTriggers(ability, game, text, notes);
      checkCastCardNotInPlay(ability, game, notes);
      checkActsOnlyInPlay(ability, game, notes);
    }
    // A CW6001 runs nothing of what it names (issue 11, session 42): a step lowered from the words it is at is taken out.
    runNothingNoted(abilities, notes.slice(cardNotes));
    ownKeywordsArePrinted(abilities, game);
    checkStaticsWhileAttacking(name, abilities, game, notes);
    checkCombatOnlyToughness(abilities, game, notes);
    checkStaticsWhileExhausted(name, abilities, game, notes);
    const costField = field("cost");
    const baseCost = lowerCardCost(costField, game, vocab, model?.colors ?? (field("color")?.value ?? []).map(itemText).filter((w) => w !== ","));
    const cost = [...baseCost, ...additional];
    // A cost field with an X the engine cannot pay ("cost: discard X", CW2033 at the field) has its own error: X is not
    // said again to be undefined (CW6060 would tell to put an X in the cost, which the card did).
    if (!(costField?.value ?? []).some((i) => lower(itemText(i)) === "x")) checkUndefinedX(cost, abilities, notes);
    const additionalCost = additionalSources.length
      ? { from: baseCost.length, text: additionalSources.map((r) => text.slice(startOffset(r), endOffset(r)).trim()).join(" "), source: { file: doc.file, range: plainRange(spanOf(additionalSources[0]!, additionalSources[additionalSources.length - 1]!)) } }
      : undefined;
    // A game whose rules pay cost symbols has nothing to report: its cards' cost ranges are not placed (a line search each).
    if (!paysSymbols) checkCostSymbols([...(costField ? [{ cost: baseCost, at: { file: doc.file, range: plainRange(costField.range) } }] : []), ...(additionalCost ? [{ cost: additional, at: additionalCost.source }] : [])], abilities, game, text, notes);
    if (notesOnly) return undefined;
    const rarityItem = field("rarity")?.value[0];
    const rarity = model?.rarity ?? (rarityItem ? itemText(rarityItem) : undefined);
    return {
      id,
      name,
      set,
      game: game.id,
      cardType: typeDef?.name ?? cardType,
      subtypes: ownSubtypes,
      supertypes: model?.supertypes ?? [],
      colors: model?.colors ?? (field("color")?.value ?? []).map(itemText).filter((w) => w !== ","),
      ...(rarity ? { rarity } : {}),
      cost,
      ...(costField ? { costText: costField.value.map(itemText).join(" ") } : {}),
      ...(additionalCost ? { additionalCost } : {}),
      ...(playOnly.length
        ? {
            playOnly: {
              condition: playOnly.length > 1 ? { kind: "all" as const, conditions: playOnly } : playOnly[0]!,
              text: playOnlySources.map((r) => text.slice(startOffset(r), endOffset(r)).trim()).join(" "),
              source: { file: doc.file, range: plainRange(spanOf(playOnlySources[0]!, playOnlySources[playOnlySources.length - 1]!)) },
            },
          }
        : {}),
      stats,
      flags: decl.fields.filter((f) => f.flag).map((f) => lower(f.name.text)),
      ...extraFields(field, typeDef, game),
      isToken,
      abilities,
      text: model?.text ?? decl.abilities.map((a) => text.slice(startOffset(a.range), endOffset(a.range)).trim()).join("\n"),
      source: { file: doc.file, range: plainRange(decl.range) },
    };
  }
}

/**
 * `As an additional cost to cast this spell, discard a card.` · `As an additional cost to play this, pay 2 life.`: cost
 * parts added to playing the card, read as an activated ability's costs are. The words before the comma must name playing
 * this card; a cost the engine cannot pay, or a word it does not read, is a note at its words.
 */
function lowerAdditionalCost(a: Ast.Ability, body: Ast.AdditionalCostBody, vocab: Vocab, file: string, text: Text, notes: LoweringNote[], card: CardInfo): { parts: CostPart[]; paid?: Taken } {
  const l = new AbilityLowering(vocab, file, text, notes);
  const before = notes.length;
  const purpose = body.purpose.map((w) => lower(w.text));
  const [article, additional, cost, to, verb, self, noun, ...rest] = purpose;
  const namesThisCard = /^an?$/.test(article ?? "") && additional === "additional" && cost === "cost" && to === "to" && (verb === "cast" || verb === "play") && self === "this" && rest.length === 0 && (noun === undefined || noun === "spell" || noun === "card" || l.cardNoun(noun));
  if (!namesThisCard) {
    const range = spanOf(body.purpose[0]?.range ?? body.range, body.purpose[body.purpose.length - 1]?.range ?? body.range);
    l.note(range, `"${l.slice(range)}": an additional cost is written "As an additional cost to cast this spell, <cost>." (or "to play this"): it is added to what playing this card costs`);
    return { parts: [] };
  }
  if (card.permanent && verb === "cast" && noun === "spell") l.note(spanOf(body.purpose[0]!.range, body.purpose[body.purpose.length - 1]!.range), `this card is no spell: write "As an additional cost to play this, ..."`);
  l.use(body.purpose);
  const parts = body.costs.flatMap((item) => {
    return lowerCostItem(item, l);
  });
  // "Exhaust" / "Overexhaust" pay with the card itself, which is in the hand as it is played.
  for (const [i, part] of parts.entries())
    if (part.pays === "exhaust" || part.pays === "overexhaust" || part.pays === "counters" || (part.pays === "sacrifice" && "kind" in part.what)) l.note(body.costs[Math.min(i, body.costs.length - 1)]!.range, `a card being played cannot pay with itself: "${l.slice(body.costs[Math.min(i, body.costs.length - 1)]!.range)}"`);
  if (notes.length > before) return { parts: [] };
  const readsAsText = additionalCostReadsAs({ cost: parts, additionalCost: { from: 0, text: "", source: { file, range: plainRange(body.range) } } }, vocab.game) ?? "";
  for (const phrase of unusedPhrases(a, l.ledger, text)) notes.push(l.unusedWordsNote(phrase, a.range, readsAsText));
  return notes.length > before ? { parts: [] } : { parts, ...(l.paidTook ? { paid: l.paidTook } : {}) };
}

/** `If <condition>, <verb> <amount> instead.` written as a sentence of its own: its condition, its clause and the word. */
function insteadUpgrade(a: Ast.Ability): { body: Ast.ConditionalBody; clause: Ast.Clause; instead: Ast.InsteadWord } | undefined {
  if (a.body.kind !== "conditional" || a.body.word !== "if" || a.body.effect.steps.length !== 1) return undefined;
  const clause = a.body.effect.steps[0]!.clause;
  const instead = clause.tail.find((t): t is Ast.InsteadWord => t.kind === "instead");
  // "If this would be destroyed, ... instead" is a replacement (its own body kind); a "may" asks, it changes no amount.
  return instead && !clause.modal ? { body: a.body, clause, instead } : undefined;
}

/** The step a later sentence's "instead" changes: the last of `steps`, inside a trigger's condition, a "may" or an "If you do". */
/** The clause "Otherwise" alone (its effects are the clauses after it). */
function isOtherwise(c: Ast.Clause): boolean {
  return c.verb?.lemma === "otherwise" && !c.subject && !c.object && !c.tail.length && !c.modal && !c.be;
}

/** An `if` with nothing for when it fails, and not one an "unless" made (a price asked: its `else` is its own). */
function ifWithoutElse(step: Step | undefined): Extract<Step, { op: "if" }> | undefined {
  return step?.op === "if" && !step.else && step.then.length && !step.then.some((t) => t.op === "may") ? step : undefined;
}

/** "Otherwise, draw a card.": the sentence's first clause is the one word, its effects the clauses after it. */
function otherwiseSentence(a: Ast.Ability): { word: Ast.WordNode; rest: Ast.Sequence } | undefined {
  if (a.body.kind !== "statement" || a.body.effect.kind !== "sequence") return undefined;
  const [first, ...rest] = a.body.effect.steps;
  const c = first?.clause;
  if (!c || first.condition || c.verb?.lemma !== "otherwise" || c.subject || c.object || c.tail.length || c.modal || c.be || !rest.length) return undefined;
  return { word: c.verb, rest: { ...a.body.effect, steps: rest } };
}

/**
 * The step whose condition "Otherwise" continues: the sentence before's one step (from `from` on), an `if` with no `else`
 * or a `may` with nothing for "no" — not an `if` an "unless" made (a price asked), whose `else` is its own.
 */
function conditionBefore(steps: Step[], from: number): Extract<Step, { op: "if" }> | Extract<Step, { op: "may" }> | undefined {
  if (from !== steps.length - 1) return undefined;
  const only = steps[from]!;
  if (only.op === "if" && !only.else && only.then.length && !only.then.some((t) => t.op === "may")) return only;
  if (only.op === "may" && !only.otherwise) return only;
  return undefined;
}

function lastStepSlot(steps: Step[]): { list: Step[]; index: number } | undefined {
  const last = steps[steps.length - 1];
  if (!last) return undefined;
  if (last.op === "if" && !last.else?.length && last.then.length) return lastStepSlot(last.then);
  if (last.op === "may" && !last.otherwise?.length && last.steps.length) return lastStepSlot(last.steps);
  return { list: steps, index: steps.length - 1 };
}

/**
 * The steps a later sentence's "instead" replaces: those of the sentence before it (`steps` from `from` on), inside the
 * condition, "may" or "If you do" that sentence's one step is. Undefined when the sentence before asks something of its
 * own among several steps ("Discard a card. If you do, draw a card.": which part "instead" replaces is not said).
 */
function insteadSlot(steps: Step[], from: number): { list: Step[]; start: number } | undefined {
  if (from >= steps.length) return undefined;
  if (from === steps.length - 1) {
    const only = steps[from]!;
    if (only.op === "if" && !only.else?.length && only.then.length) return insteadSlot(only.then, 0);
    if (only.op === "may" && !only.otherwise?.length && only.steps.length) return insteadSlot(only.steps, 0);
    return { list: steps, start: from };
  }
  return steps.slice(from).some((x) => x.op === "if" || x.op === "may") ? undefined : { list: steps, start: from };
}

/**
 * "Deal 2 damage to target creature. If you control a Vampire, deal 3 damage instead." · "Target creature gets -2/-2
 * until end of turn. If it has Bleed, it gets -3/-3 until end of turn instead." · "... If you control three units, draw a
 * card instead.": when the condition holds as the ability resolves, the sentence's effect happens and the sentence before's
 * does not (`if` ... `else`). The same verb may leave out what the step before named ("deal 3 damage instead": to the
 * same target); another effect says whom it acts on ("it" / "that creature" is the step before's card). A new target
 * (it would be chosen even when the condition fails) or words the engine cannot read are a note, never a second effect.
 */
function upgradeInstead(host: Ability, from: number, up: NonNullable<ReturnType<typeof insteadUpgrade>>, l: AbilityLowering): void {
  const targets = l.targets.length;
  const notes = l.notes.length;
  // "If it's exhausted and a Vampire, destroy it instead.": every condition joined, as a sentence without "instead" reads them.
  const condition = compoundCondition(up.body, l);
  insteadOf(host.steps, from, { condition, targets, notes }, up.clause, up.instead, up.body.range, l);
}

/**
 * `clause` (its `instead` aside) in place of the steps from `from` on when `condition` holds (`if` ... `else`): what
 * "If <condition>, <clause> instead." after a sentence does (upgradeInstead), and "<effect>, or <amount> if <condition>"
 * within one (AbilityLowering.sequence). `notes`: how many notes there were before the condition was read.
 */
function insteadOf(steps: Step[], from: number, read: { condition: Condition | undefined; targets: number; notes: number }, clause: Ast.Clause, instead: Ast.InsteadWord | undefined, range: Range, l: AbilityLowering, or?: true): void {
  const { condition, targets, notes } = read;
  const body = { range };
  const host = { steps };
  const slot = lastStepSlot(host.steps);
  const before = slot?.list[slot.index];
  const again = l.clause({ ...clause, tail: clause.tail.filter((t) => t !== instead) });
  const step = again.length === 1 ? again[0] : undefined;
  const refused = (why: string) => {
    l.targets.length = targets;
    if (condition && l.notes.length === notes) l.note(body.range, why);
  };
  if (!condition || l.notes.length > notes) return refused("");
  // What the sentence leaves out is the step before's ("deal 3 damage instead": to the same target).
  const noTail = !clause.tail.some((t) => t !== instead);
  const leftOut = noTail && (!clause.subject || npWords(clause.subject).every((w) => /^(they|it|he|she)$/.test(w)));
  // "to it": the step before's target, named again.
  const sameTarget = (x: Step) => JSON.parse(JSON.stringify(x).replace(/\{"kind":"card","ref":\{"kind":"target","index":(\d+)\}\}/g, '{"kind":"target","index":$1}')) as Step;
  const sameVerb = !!before && !!step && step.op === before.op && "amount" in step && "amount" in before;
  if (l.targets.length !== targets)
    return refused(`"${l.slice(body.range)}": a target of the ${or ? 'words after "or"' : 'sentence with "instead"'} would be chosen even when its condition fails — name the card the ${or ? "effect" : "sentence"} before chose ("it", "that creature") or write two abilities`);
  // "gain 4 more life instead", "deal 2 more damage to it instead", "draw one more card instead": the amount before and N
  // more — "more" adds to the step it replaces (without "instead" a step of its own adds it).
  const more = moreAfterCount(clause);
  if (more && !(sameVerb && typeof (step as { amount: NumberExpr }).amount === "number"))
    return refused(`"${l.slice(more.range)}" in "${l.slice(body.range)}" adds to the amount of the same effect just before it, and there is none here: write the whole amount ("draw two cards instead") or "${l.slice(clause.range).replace(/\s*\binstead\b/i, "")}" without "instead" for an effect on top of the one before`);
  if (sameVerb && (leftOut || upgradedAmount(sameTarget(step), sameTarget(before)))) {
    l.use(instead, clause.subject);
    const written = (step as { amount: NumberExpr }).amount;
    const was = (before as { amount: NumberExpr }).amount;
    const amount: NumberExpr = !more || typeof written !== "number" ? written : typeof was === "number" ? was + written : { kind: "plus", of: was, add: written };
    const upgraded = { ...before, amount } as Step;
    slot!.list[slot!.index] = { op: "if", condition, then: [upgraded], else: [before!], source: l.source(body.range) };
    return;
  }
  // "Target creature gets -2/-2 until end of turn. If it has Bleed, it gets -3/-3 instead.": the duration it leaves out is
  // the sentence before's.
  if (step?.op === "modify" && before?.op === "modify" && noTail && step.duration.kind === "permanent") step.duration = before.duration;
  // Another effect (or the same verb changed otherwise): it replaces what the sentence before does.
  const replaced = insteadSlot(host.steps, from);
  if (!replaced || !again.length)
    return refused(
      or
        ? `"${l.slice(body.range)}": the words after "or" give another amount of the effect before them ("Gain 2 life, or 4 life if you control a Golem."); for another effect write "If <condition>, <effect>. Otherwise, <effect>."`
        : `"${l.slice(body.range)}": say what happens instead in full ("If it has Bleed, it gets -3/-3 until end of turn instead.", "If you control three units, draw a card instead.") after one sentence it replaces`,
    );
  l.use(instead);
  const otherwise = replaced.list.splice(replaced.start);
  replaced.list.push({ op: "if", condition, then: again, else: otherwise, source: l.source(body.range) });
}

/** "4 more life", "2 more damage", "one more card": the clause's object's "more" after its number (undefined without one). */
function moreAfterCount(clause: Ast.Clause): Ast.WordNode | undefined {
  const np = clause.object;
  const c = np && npCount(np);
  const first = np?.items[0];
  return np && c && np.items.length >= 2 && first?.kind === "word" && lower(first.text) === "more" && np.determiners.includes(c) ? first : undefined;
}

/**
 * Reminder text (`Bleed 1 (Target player gains a Bleed counter.)`, `Haste (This can attack the turn it enters.)`):
 * never run. It is compared with what the ability does (compiler/reminder.ts): one that restates it is kept
 * for reads-as only; one that says something else is CW6041 (the designer expects what the engine will not
 * do); one that cannot be compared — an engine-rule keyword, or text the engine cannot read — is CW6040 (info).
 */
function readReminder(reminder: Ast.Reminder, ability: Ability, card: CardInfo, vocab: Vocab, file: string, notes: LoweringNote[]): void {
  const game = vocab.game;
  const runs = readsAs(ability, game);
  ability.reminder = reminder.text;
  const said = lowerReminder(reminder.text, card, vocab, file);
  const does = effectsOf([ability], game);
  const range = reminder.range;
  if (said && said.effects.facts.size > 0 && unrestated(said.effects, does).length === 0) return;
  const rules = [...new Set(does.opaque)];
  if (rules.length) {
    const reason = `${rules.join(", ")} ${rules.length === 1 ? "is a rule" : "are rules"} of the engine, with no card text to compare the reminder with`;
    notes.push({ file, range, code: "CW6040", args: { reason, readsAs: runs }, message: `the text in parentheses is not read: ${reason}` });
    return;
  }
  const says = said && said.effects.facts.size > 0 ? `reads as "${said.readsAs}", which is not what the ability does` : "is not card text the engine can read, so it cannot be checked against the ability";
  notes.push({ file, range, code: "CW6041", args: { says, readsAs: runs }, message: `the text in parentheses ${says}` });
}

/** The reminder's text compiled as card text of the same card (a spell's sentence first, else a permanent's), or undefined if it does not compile cleanly. */
function lowerReminder(text: string, card: CardInfo, vocab: Vocab, file: string): { effects: Effects; readsAs: string } | undefined {
  const parsed = parseAbilityText(text, file);
  if (parsed.diagnostics.some((d) => d.severity === "error") || parsed.abilities.length === 0) return undefined;
  for (const permanent of [false, true]) {
    const scratch: LoweringNote[] = [];
    const abilities = parsed.abilities.map((ast, i) => {
      const l = new AbilityLowering(vocab, file, text, scratch);
      const before = scratch.length;
      const info: CardInfo = { id: `${card.id}(reminder)`, permanent, ...(card.card ? { card: true as const } : {}) };
      const lowered = lowerAbilitySafely(ast, i, info, l);
      reportUnusedWords(ast, l, scratch.slice(before), lowered);
      return lowered;
    });
    if (scratch.length === 0) return { effects: effectsOf(abilities, vocab.game), readsAs: abilities.map((a) => readsAs(a, vocab.game)).join(" ") };
  }
  return undefined;
}

/**
 * "Nothing dropped": the content words of an ability the IR does not carry, each phrase a note at
 * its words (CW6005) — except inside text already noted (CW6001: the whole clause is not run).
 */
function reportUnusedWords(ast: Ast.Ability, l: AbilityLowering, noted: LoweringNote[], lowered: Ability): void {
  const inNoted = (range: Range) => noted.some((n) => n.range.start.offset <= range.start.offset && range.end.offset <= n.range.end.offset);
  // The ability's leaves, walked and sorted once for both questions (they depend on the tree alone).
  const leaves = leavesOf(ast);
  for (const phrase of unusedPhrases(ast, l.ledger, l.text, leaves)) {
    if (inNoted(phrase.range)) continue;
    l.notes.push(l.unusedWordsNote(phrase, ast.range, readsAs(lowered, l.vocab.game)));
  }
  // A variable read as a number that is written there: the IR holds that number, not the X the card defines.
  for (const variable of variablesReadAsFixed(ast, l.ledger, leaves)) {
    if (inNoted(variable.range)) continue;
    const name = (variable as Ast.Count).variable ?? l.slice(variable.range);
    (l.inCondition(variable.range) ? l.conditionNote.bind(l) : l.note.bind(l))(variable.range, `"${l.slice(variable.range)}" is read here as a fixed number, not with the ${name} this card defines (its {${name}} cost, or "where ${name} is ..."): the engine reads ${name} in amounts ("Deal ${name} damage", "+${name}/+0", "Draw ${name} cards"), in "with power ${name} or less" and in "if you control ${name} or more ..."; here write a number — it would run as "${readsAs(lowered, l.vocab.game)}"`);
  }
}

/** Required fields the IR has no slot for (`produces: Red`), kept as words for the engine. */
function extraFields(field: (lowerCaseName: string) => Ast.Field | undefined, typeDef: CompiledGame["cardTypes"][number] | undefined, game: CompiledGame): { fields?: Record<string, string[]> } {
  const modelled = new Set(["type", "cost", "color", "faction", "rarity", "stats", "text", ...game.stats]);
  const fields: Record<string, string[]> = {};
  for (const name of typeDef?.requires ?? []) {
    if (modelled.has(lower(name))) continue;
    const f = field(lower(name));
    if (f) fields[lower(name)] = f.value.map(itemText).filter((w) => w !== ",");
  }
  return Object.keys(fields).length ? { fields } : {};
}

// ---------------------------------------------------------------------------------------------
// Workspace

/** Checks a workspace and lowers every game with its sets: one bundle per game. */
/** `previous`: an analysis of the same sources (the CLI's check) whose parses are reused, not redone. */
export function lowerWorkspace(sources: SourceFile[], options: { previous?: WorkspaceAnalysis } = {}): LoweringResult {
  return lowerAnalysis(analyzeWorkspace(sources, options.previous ? { previous: options.previous } : {}), sources);
}

/**
 * Lowers what an analysis already checked (of exactly these sources): every game with its
 * sets, one bundle per game, without checking a card again.
 */
export interface LowerAnalysisOptions {
  /**
   * Only the notes are wanted (`cardwright check`'s engine warnings): no card's IR is kept, so a large workspace's
   * IR is never held whole, and bundles hold no cards. What only the IR reads is not built (lowerCards): the card
   * around its abilities, the steps' plain source ranges, the rewrites no note reads (destroysWhatItKills,
   * countOthersThanTheCardActedOn) — the notes are the same as a full lowering's.
   */
  notesOnly?: boolean;
}

export function lowerAnalysis(analysis: WorkspaceAnalysis, sources: readonly SourceInput[], options: LowerAnalysisOptions = {}): LoweringResult {
  const notes: LoweringNote[] = [];
  const textOf = new Map(sources.map((s) => [s.path, s.text]));
  const games = new Map<string, CompiledGame>();
  for (const parsed of analysis.files.values()) {
    const doc = parsed.document;
    if (doc?.kind !== "gameFile" || !doc.id) continue;
    try {
      games.set(lower(doc.id.text), lowerGame(doc, textOf.get(parsed.path) ?? "", notes));
    } catch (error) {
      notes.push({ file: parsed.path, range: plainRange(doc.range), message: `this game file could not be compiled (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  const cards = new Map<string, CompiledCard[]>();
  const workspaceSubtypes = typeLineSubtypes(analysis);
  for (const parsed of analysis.files.values()) {
    const doc = parsed.document;
    if (doc?.kind !== "cardFile" || !doc.game) continue;
    const game = games.get(lower(doc.game.text));
    if (!game) continue;
    const list = cards.get(game.id) ?? [];
    try {
      // Each card's model as checked, not placed (set.cards would copy every card's model with its ranges moved): the
      // lowering reads only what does not depend on where a card sits (its type line, stats, colours, rarity, text).
      const compiled = lowerCards(doc, textOf.get(parsed.path) ?? "", game, checkedModelsOf(analysis, parsed), notes, workspaceSubtypes.get(lower(game.id)), options);
      // The checker's CW6001s (check.ts: a token with no stats and no card of its name, a token of a non-permanent card's
      // face, an ability in quotes) claim what a lowering note claims: nothing of those words runs (`Create a Beast token.`
      // made a Beast of no power, in silence). The same pass takes their steps out.
      const checkerNotes = analysis.model.diagnostics.filter((d) => d.code === "CW6001" && d.file === parsed.path).map((d): LoweringNote => ({ file: d.file, range: d.range, message: "" }));
      if (checkerNotes.length) for (const card of compiled) runNothingNoted(card.abilities, checkerNotes);
      list.push(...compiled);
    } catch (error) {
      notes.push({ file: parsed.path, range: plainRange(doc.range), message: `this card file could not be compiled (${error instanceof Error ? error.message : String(error)})` });
    }
    cards.set(game.id, list);
  }
  const bundles = [...games.values()].map((game) => ({ game, cards: cards.get(game.id) ?? [] }));
  // Notes leave the compiler as plain data (a note may keep the range of the tree node it is about).
  const plainNotes = notes.map((note) => ({ ...note, range: plainRange(note.range), ...(note.ability ? { ability: plainRange(note.ability) } : {}) }));
  return { bundles, model: analysis.model, notes: plainNotes, diagnostics: analysis.model.diagnostics };
}

/** Per step op acting on cards: the field naming the cards acted on, and the fields holding amounts worked out per card. */
const AMOUNTS_PER_CARD_ACTED_ON: ReadonlyMap<string, readonly [string, readonly string[]]> = new Map([
  ["modify", ["on", ["stats", "set"]]],
  ["add_counters", ["on", ["amount"]]],
  ["damage", ["to", ["amount"]]],
]);
/** A static's modification: the cards it affects, and its stat changes. */
const STATIC_AMOUNTS_PER_CARD_AFFECTED: readonly [string, readonly string[]] = ["affects", ["stats"]];

/** Does a step's card reference name this card itself (a card ref to self, or a selector with `self`)? */
function actsOnThisCard(a: unknown): boolean {
  return !!a && typeof a === "object" && ((a as { kind?: string; ref?: { kind: string } }).kind === "card" ? (a as { ref?: { kind: string } }).ref?.kind === "self" : "self" in (a as object));
}

/**
 * "Each unit you control gets +1 power for each other unit you control": in the amount of a step acting on cards other
 * than this one (a stat change, counters put, damage dealt), "other" is other than the card acted on (each unit counts
 * the others), not other than this card — the engine then works the amount out for each card (CardRef "acted_on"). A
 * step on this card itself keeps "other than this"; a count already other than a card named before ("target creature
 * ... each other creature") keeps that card.
 */
function countOthersThanTheCardActedOn(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) countOthersThanTheCardActedOn(item);
    return;
  }
  const o = node as Record<string, unknown>;
  const stepKind = typeof o.op === "string" ? AMOUNTS_PER_CARD_ACTED_ON.get(o.op) : o.kind === "modify" && o.affects ? STATIC_AMOUNTS_PER_CARD_AFFECTED : undefined;
  if (stepKind && o[stepKind[0]] && !actsOnThisCard(o[stepKind[0]])) {
    for (const field of stepKind[1]) if (o[field]) otherThanActedOn(o[field]);
  }
  for (const key in o) if (key !== "source") countOthersThanTheCardActedOn(o[key]);
}

function otherThanActedOn(node: unknown): void {
  if (!node || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  if (o.kind === "count" && o.of && typeof o.of === "object") {
    const sel = o.of as CardSelector;
    if (sel.other && !sel.otherThan) {
      delete sel.other;
      sel.otherThan = { kind: "acted_on" };
    }
  }
  for (const key in o) otherThanActedOn(o[key]);
}

/**
 * "This has Breach." — a static with no condition that only gives its own card keywords — is those keywords printed
 * ("Breach."), in a game that turns an exhausted card's ongoing abilities off (CYBERVAMP): the rules read printed
 * keywords as on whatever the card's state (Breach and Bleed act only as their card attacks, and attacking exhausts it),
 * and the two wordings say the same. As a static it was off exactly as the card attacked: `This has Breach.` checked
 * clean and never carried damage over. The ability becomes a keyword line (its first keyword, the rest as a keyword
 * list holds them); other games keep the static, which reads the same there.
 */
function ownKeywordsArePrinted(abilities: Ability[], game: CompiledGame): void {
  if (game.params["statics_off_when_exhausted"] !== true && game.params["static_abilities_need_renewed"] !== true) return;
  for (const ability of abilities) {
    if (ability.kind !== "static" || ability.condition || ability.tag || ability.marker) continue;
    const statics = ability.statics ?? [];
    if (!statics.length || !statics.every((e) => e.kind === "modify" && "self" in e.affects && !e.stats && !e.set && !e.loses?.length && !!e.keywords?.length)) continue;
    const keywords = statics.flatMap((e) => (e.kind === "modify" ? e.keywords! : []));
    const [first, ...rest] = keywords;
    ability.kind = "keyword";
    ability.keyword = first!.amount === undefined ? { name: first!.name } : { name: first!.name, amount: first!.amount };
    if (rest.length) ability.statics = [{ kind: "modify", affects: { self: true }, keywords: rest }];
    else delete ability.statics;
  }
}
