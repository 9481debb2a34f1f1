/**
 * Every scenario of a checked workspace resolved against its game (compiler/scenario.ts): the
 * diagnostics `cardwright check` and the studio's checker worker add for scenario files, beside
 * the syntax ones the workspace already holds. Like engine-warnings.ts it needs the compiled game
 * file (and, for a name that is no card, the tokens card text makes), so it lives above the
 * lowering; the runner makes the same check from the game it runs (runtime/scenario.ts).
 */
import type * as Ast from "./ast.ts";
import type { Diagnostic } from "./diagnostics.ts";
import type { CompiledGame } from "./ir.ts";
import type { CardModel, SetModel } from "./model.ts";
import type { ParsedFile } from "./check-ast.ts";
import { cardNamesOf, checkedModelsOf, type WorkspaceAnalysis } from "./workspace.ts";
import { diagnostic } from "./messages.ts";
import { lowerCards, lowerGame } from "./lower.ts";
import { checkScenario, modeTextsOfAbilities, modeTextsOfCards, scenarioNames, tokenNamesMade, type ModalAbility, type Scenario, type ScenarioFile, type ScenarioNames } from "./scenario.ts";
import { rulesClauses } from "./rules-text.ts";

/**
 * `rulesTexts`: the rules text of a game, by the path of its game file, when the caller has it (the
 * CLI reads the game folder's `rules.txt`); with it `covers:` ids are checked too.
 */
export function scenarioDiagnostics(analysis: Pick<WorkspaceAnalysis, "files" | "model">, rulesTexts: ReadonlyMap<string, string> = new Map()): Diagnostic[] {
  const out: Diagnostic[] = [];
  const namesByGame = new Map<string, NamesVersion | undefined>();
  // The first game of each id, by lower-case id (the studio checks every scenario per keystroke: one lookup each).
  const gamesById = new Map<string, (typeof analysis.model.games)[number]>();
  for (const g of analysis.model.games) if (!gamesById.has(g.id.toLowerCase())) gamesById.set(g.id.toLowerCase(), g);
  /** The names a scenario of the game of lower-case id `key` is checked against (undefined: an unknown game, or its game file does not compile). */
  const versionOf = (key: string): NamesVersion | undefined => {
    if (namesByGame.has(key)) return namesByGame.get(key);
    const game = gamesById.get(key);
    const version = game && namesFor(analysis, game.file, game.id, rulesTexts.get(game.file));
    namesByGame.set(key, version);
    return version;
  };
  for (const parsed of analysis.files.values()) {
    const file = parsed.scenario;
    if (!file) continue;
    const earlier = checkedFiles.get(file);
    // An unchanged scenario file checked against the same names (the studio re-checks on every keystroke) keeps its
    // diagnostics whole, without going through its scenarios.
    if (earlier && keptWhole(earlier, versionOf)) {
      for (const d of earlier.diagnostics) out.push(d);
      continue;
    }
    const checked: CheckedFile = { against: new Map(), scenarios: [], complete: true, diagnostics: [] };
    file.scenarios.forEach((scenario, i) => {
      const key = scenario.game.toLowerCase();
      const version = versionOf(key);
      if (!checked.against.has(key)) checked.against.set(key, version && { game: version.game, base: version.base, looked: new Set(), listed: false, read: { abilities: new Map() } });
      if (!version) return; // CW3003 from the workspace, or the game file's own errors
      const record = (earlier && keptScenario(earlier, i, key, version)) ?? checkOne(scenario, version);
      if ("failure" in record) {
        checked.complete = false;
        out.push(diagnostic("CW3009", parsed.path, scenario.range, { phase: `checking scenario "${scenario.name}"`, reason: record.failure }));
        return;
      }
      checked.scenarios[i] = record;
      for (const d of record.diagnostics) {
        out.push(d);
        checked.diagnostics.push(d);
      }
    });
    // What the file's scenarios of each game looked up, together: a rename that touched none of it keeps the file whole.
    file.scenarios.forEach((scenario, i) => {
      const record = checked.scenarios[i];
      const against = checked.against.get(scenario.game.toLowerCase());
      if (!record || !against) return;
      record.cards.lookedUp(against.looked);
      if (record.cards.wasListed) against.listed = true;
      if (record.read.made) against.read.made = record.read.made;
      if (record.read.modes) against.read.modes = record.read.modes;
      for (const [name, found] of record.read.abilities) against.read.abilities.set(name, found);
    });
    checkedFiles.set(file, checked);
  }
  return out;
}

/** A scenario's diagnostics and what its check read of its game's names. */
interface CheckedScenario {
  cards: LookedUpCards;
  read: ReadOfCardText;
  diagnostics: Diagnostic[];
}

/**
 * What a check read of the game's lowered card text: the tokens it makes (`made`: the list as NamesVersion.made gave it,
 * the same object while the names are the same; undefined when not asked), and the abilities of each card it asked for,
 * by the lower-case name asked (each the same array while that card is not lowered again: see loweredCardsOf). A check
 * is taken over after an edit of any card file only when every one of these is still what it read.
 */
interface ReadOfCardText {
  made?: MadeTokens;
  /** Every mode text of the game's cards (NamesVersion.modeTexts), when asked. */
  modes?: Listed;
  abilities: Map<string, readonly ModalAbility[] | undefined>;
}

/** Does `version` still give what the check read (ReadOfCardText)? */
function stillReads(read: ReadOfCardText, version: NamesVersion): boolean {
  if (read.made && version.made() !== read.made) return false;
  if (read.modes && version.modeTexts() !== read.modes) return false;
  for (const [name, found] of read.abilities) if (version.abilitiesOf(name) !== found) return false;
  return true;
}

/**
 * A scenario file's diagnostics, and per game its scenarios are of (lower-case id) what they were checked against:
 * undefined for a game that was unknown (or whose game file did not compile); else the names' `game` and `base`
 * (updated in place when a rename keeps the file), every name the file's scenarios looked up (`listed`: some check went
 * through every card), and what they read of the lowered card text, together.
 */
interface CheckedFile {
  against: Map<string, { game: object; base: object; looked: Set<string>; listed: boolean; read: ReadOfCardText } | undefined>;
  /** By the scenario's place in the file; none for a scenario of an unknown game or one whose check failed (CW3009). */
  scenarios: (CheckedScenario | undefined)[];
  /** No scenario's check failed: a failure is reported afresh. */
  complete: boolean;
  diagnostics: Diagnostic[];
}

/** Each scenario file's last check (the same parse: an edit of the file parses it, and makes its scenarios, anew). */
const checkedFiles = new WeakMap<ScenarioFile, CheckedFile>();

/** Does every scenario of the file keep its result against the names its games have now? Updates `base` after a rename that touched none. */
function keptWhole(earlier: CheckedFile, versionOf: (key: string) => NamesVersion | undefined): boolean {
  if (!earlier.complete) return false;
  for (const [key, was] of earlier.against) {
    const version = versionOf(key);
    if (!was || !version) {
      if (was !== version) return false;
      continue;
    }
    if (was.game !== version.game || !stillReads(was.read, version)) return false;
    if (was.base === version.base) continue;
    if (version.renamed === undefined || was.base !== version.renamed.from || was.listed) return false;
    for (const name of version.renamed.names) if (was.looked.has(name)) return false;
  }
  for (const [key, was] of earlier.against) {
    const version = versionOf(key);
    if (was && version) was.base = version.base;
  }
  return true;
}

/** The scenario's earlier result when nothing it read has changed (the file as a whole may not be kept: another scenario read a renamed name). */
function keptScenario(earlier: CheckedFile, i: number, key: string, version: NamesVersion): CheckedScenario | undefined {
  const record = earlier.scenarios[i];
  const was = earlier.against.get(key);
  if (!record || !was || was.game !== version.game || !stillReads(record.read, version)) return undefined;
  // After a rename a scenario that looked up neither name keeps its result without the game's card-name table being built again.
  const same =
    was.base === version.base ||
    (version.renamed !== undefined && was.base === version.renamed.from && record.cards.untouchedBy(version.renamed.names)) ||
    record.cards.sameLookups(version.names.cards);
  return same ? record : undefined;
}

/** A scenario checked against `version`'s names, or why its check threw. */
function checkOne(scenario: Scenario, version: NamesVersion): CheckedScenario | { failure: string } {
  const cards = new LookedUpCards(version.names.cards);
  const read: ReadOfCardText = { abilities: new Map() };
  const names: ScenarioNames = {
    ...version.names,
    cards,
    // Read from the lowered card text: after an edit of a card file the scenario is checked again only if what it read changed.
    madeInPlay: () => (read.made = version.made()).map,
    modeTexts: () => (read.modes = version.modeTexts()).list,
    abilitiesOf: (card) => {
      const found = version.abilitiesOf(card);
      read.abilities.set(card.toLowerCase(), found);
      return found;
    },
  };
  try {
    const diagnostics = checkScenario(scenario, names);
    return { cards, read, diagnostics };
  } catch (error) {
    return { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
/**
 * The names a game's scenarios were checked against. `base` stands for all of it but what is read from the lowered
 * card text: the same object while the compiled game, the rules text and the game's cards' names (and which are tokens)
 * stay the same; when only card names changed, a scenario is checked again only if it looked up a changed name
 * (LookedUpCards). The tokens card text makes and each card's abilities are learnt by lowering the card files: a
 * scenario that read them is checked again when what it read is no longer what they give (ReadOfCardText).
 */
interface NamesVersion {
  /** The same object while the compiled game and the rules text are the same. */
  game: object;
  base: object;
  clauses: string | undefined;
  /** The game's cards, set by set (each set's list the same array while its file is kept whole). */
  cards: readonly (readonly CardFacts[])[];
  cardFiles: readonly (ParsedFile | undefined)[];
  names: ScenarioNames;
  /** The tokens card text makes (the same object as the last version's while the list is the same). */
  made: () => MadeTokens;
  /** Every mode text of the game's cards (the same object as the last version's while the list is the same). */
  modeTexts: () => Listed;
  /** The abilities of the first card of a (lower-case or not) name, as lowered; each the same array while that card is not lowered again. */
  abilitiesOf: (card: string) => readonly ModalAbility[] | undefined;
  /**
   * Only some cards changed since the names `from` stood for (same count; a rename, a changed type): the lower-case
   * names of those cards before and after. Every other name finds the same card (the first of its name) as before.
   */
  renamed?: { from: object; names: ReadonlySet<string> };
}
type CardFacts = { name: string; isToken: boolean; type?: string; permanent?: boolean };

/** A list of names read from a game's lowered card text; the same object from one version to the next while the list is the same (`sameList`). */
interface Listed {
  list: readonly string[];
}

/** The names of the tokens a game's rules and card text make, in order (ScenarioNames.madeInPlay's source), and by lower-case name. */
interface MadeTokens extends Listed {
  map: ReadonlyMap<string, string>;
}

/** The last tokens made and the last mode texts, per compiled game: a version whose list is the same gets the same object. */
const lastMade = new WeakMap<CompiledGame, MadeTokens>();
const lastModeTexts = new WeakMap<CompiledGame, Listed>();

function sameList<L extends Listed>(kept: WeakMap<CompiledGame, L>, game: CompiledGame, list: readonly string[], make: (list: readonly string[]) => L): L {
  const last = kept.get(game);
  if (last && last.list.length === list.length && last.list.every((name, i) => name === list[i])) return last;
  const made = make(list);
  kept.set(game, made);
  return made;
}

/** The mode texts of each lowered card's abilities, kept by its abilities (the same array while the card is not lowered again). */
const modeTextsKept = new WeakMap<readonly ModalAbility[], string[]>();
function modeTextsKeptOf(abilities: readonly ModalAbility[]): string[] {
  let texts = modeTextsKept.get(abilities);
  if (!texts) modeTextsKept.set(abilities, (texts = modeTextsOfAbilities(abilities)));
  return texts;
}

/** The last names made per compiled game. */
const lastNames = new WeakMap<CompiledGame, NamesVersion>();

/**
 * A game's cards by name as one scenario's check read them: the names it looked up and what it
 * found. After a card is renamed, a scenario that looked up neither name (and never listed every
 * card, as a "did you mean" does) is not checked again.
 */
class LookedUpCards implements ReadonlyMap<string, CardFacts> {
  private readonly lookups = new Map<string, CardFacts | undefined>();
  /** Every card was listed: any change of names may change the result. */
  private listed = false;
  constructor(private readonly cards: ReadonlyMap<string, CardFacts>) {}
  get(name: string): CardFacts | undefined {
    const card = this.cards.get(name);
    this.lookups.set(name, card);
    return card;
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  get size(): number {
    this.listed = true;
    return this.cards.size;
  }
  entries(): MapIterator<[string, CardFacts]> {
    this.listed = true;
    return this.cards.entries();
  }
  keys(): MapIterator<string> {
    this.listed = true;
    return this.cards.keys();
  }
  values(): MapIterator<CardFacts> {
    this.listed = true;
    return this.cards.values();
  }
  forEach(callback: (value: CardFacts, key: string, map: ReadonlyMap<string, CardFacts>) => void): void {
    this.listed = true;
    this.cards.forEach((value, key) => callback(value, key, this));
  }
  [Symbol.iterator](): MapIterator<[string, CardFacts]> {
    return this.entries();
  }
  /** Adds every name looked up to `names`. */
  lookedUp(names: Set<string>): void {
    for (const name of this.lookups.keys()) names.add(name);
  }
  /** Was every card listed (a "did you mean" over them all)? */
  get wasListed(): boolean {
    return this.listed;
  }
  /** Did no lookup ask for any of these (lower-case) names, nor was every card listed? */
  untouchedBy(names: ReadonlySet<string>): boolean {
    if (this.listed) return false;
    for (const name of names) if (this.lookups.has(name)) return false;
    return true;
  }
  /** Would every lookup find the same in `cards`? */
  sameLookups(cards: ReadonlyMap<string, CardFacts>): boolean {
    if (this.listed) return false;
    for (const [name, found] of this.lookups) {
      const now = cards.get(name);
      if (now?.name !== found?.name || now?.isToken !== found?.isToken || now?.type !== found?.type || now?.permanent !== found?.permanent) return false;
    }
    return true;
  }
}

const sameCard = (a: CardFacts, b: CardFacts) => a.name === b.name && a.isToken === b.isToken && a.type === b.type;

/**
 * The lower-case names of the cards that differ between two lists of sets, each set the same length in both (at most
 * `limit` cards), else undefined. A set whose list is the same array (its file kept whole) is not gone through.
 */
function changedNames(before: readonly (readonly CardFacts[])[], after: readonly (readonly CardFacts[])[], limit: number): Set<string> | undefined {
  if (before.length !== after.length) return undefined;
  const names = new Set<string>();
  let changed = 0;
  for (let set = 0; set < after.length; set++) {
    const was = before[set]!;
    const now = after[set]!;
    if (was === now) continue;
    if (was.length !== now.length) return undefined;
    for (let i = 0; i < now.length; i++) {
      if (sameCard(was[i]!, now[i]!)) continue;
      if (++changed > limit) return undefined;
      names.add(was[i]!.name.toLowerCase());
      names.add(now[i]!.name.toLowerCase());
    }
  }
  return names;
}

/** The first card of each (lower-case) name, in order: the cards of ScenarioNames.cards, without building that table. */
function* firstOfEachName(sets: readonly (readonly CardFacts[])[]): Iterable<CardFacts> {
  const seen = new Set<string>();
  for (const set of sets)
    for (const card of set) {
      const key = card.name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      yield card;
    }
}

/** The cards of every set, in order, without a list of them all. */
function everyCard(sets: readonly (readonly CardFacts[])[]): Iterable<CardFacts> {
  return {
    *[Symbol.iterator]() {
      for (const set of sets) yield* set;
    },
  };
}

/** A game file's compiled form, kept per parsed file (an unchanged game file is not parsed, so not lowered, again). */
const compiledGames = new WeakMap<ParsedFile, CompiledGame>();

/** What a scenario of this game may name: the compiled game file and the game's checked cards. */
function namesFor(analysis: Pick<WorkspaceAnalysis, "files" | "model">, gameFile: string, game: string, rules: string | undefined): NamesVersion | undefined {
  const files = analysis.files;
  const sets = analysis.model.sets;
  const parsed = files.get(gameFile);
  if (parsed?.document?.kind !== "gameFile") return undefined;
  let compiled = compiledGames.get(parsed);
  if (!compiled) {
    try {
      compiled = lowerGame(parsed.document as Ast.GameFile, parsed.text, []);
    } catch {
      return undefined; // the game file's own errors come first
    }
    compiledGames.set(parsed, compiled);
  }
  const ofGame = sets.filter((s) => s.game === game);
  // Names only: placing every card's model (all of a 2,000-card set after a keystroke above them) is for the lowering, asked for rarely.
  const cards = ofGame.map((s) => cardNamesOf(analysis, s));
  const cardFiles = [...new Set(ofGame.map((s) => s.file))].map((file) => files.get(file));
  const last = lastNames.get(compiled);
  const changed = last !== undefined && last.clauses === rules ? changedNames(last.cards, cards, 16) : undefined;
  const sameBase = last !== undefined && changed !== undefined && changed.size === 0;
  if (sameBase && last.cardFiles.length === cardFiles.length && last.cardFiles.every((file, i) => file === cardFiles[i])) return last;
  const modelsOf = (file: ParsedFile) => () => checkedModelsOf(analysis, file);
  const madeByCards = () => cardFiles.flatMap((file) => (file ? tokensMadeBy(file, compiled, modelsOf(file)) : []));
  let made: MadeTokens | undefined;
  const madeNow = () => (made ??= sameList(lastMade, compiled, [...tokenNamesMade([compiled.rules, compiled.keywords]), ...madeByCards()], (list) => ({ list, map: new Map(list.map((n) => [n.toLowerCase(), n])) })));
  const names = scenarioNames(compiled, everyCard(cards), () => madeNow().list);
  names.madeInPlay = () => madeNow().map;
  let abilitiesByName: Map<string, readonly ModalAbility[]> | undefined;
  const abilitiesOf = (card: string) => {
    if (!abilitiesByName) {
      abilitiesByName = new Map();
      for (const file of cardFiles) for (const lowered of file ? loweredCardsOf(file, compiled, modelsOf(file)) : []) if (!abilitiesByName.has(lowered.name.toLowerCase())) abilitiesByName.set(lowered.name.toLowerCase(), lowered.abilities);
    }
    return abilitiesByName.get(card.toLowerCase());
  };
  names.abilitiesOf = abilitiesOf;
  let modeTexts: Listed | undefined;
  const modeTextsNow = () => (modeTexts ??= sameList(lastModeTexts, compiled, modeTextsOfCards(firstOfEachName(cards), abilitiesOf, modeTextsKeptOf), (list) => ({ list })));
  names.modeTexts = () => modeTextsNow().list;
  if (rules !== undefined) names.clauses = rulesClauses(rules).map((c) => c.id);
  const version: NamesVersion = {
    game: last && last.clauses === rules ? last.game : {},
    base: sameBase ? last.base : {},
    clauses: rules,
    cards,
    cardFiles,
    names,
    made: madeNow,
    modeTexts: modeTextsNow,
    abilitiesOf,
    ...(last && changed && !sameBase ? { renamed: { from: last.base, names: changed } } : {}),
  };
  lastNames.set(compiled, version);
  return version;
}

/**
 * The token names a card file's text makes, in the order of its cards. Each card is lowered once per
 * game and kept by its tree: an edit keeps the trees of the cards it did not touch (compiler/incremental.ts),
 * so after a keystroke only the edited card is lowered again (lowering a 2,000-card file was ~0.5 s of CPU
 * per keystroke in the studio, whenever a scenario of the game named a token). `models`: the file's card
 * models as checked, by position (checkedModelsOf: `[i]` is the document's i-th card's; asked for only when a
 * card is lowered; the lowering reads no ranges of them).
 */
const loweredByCard = new WeakMap<Ast.CardDecl, LoweredCard>();
function tokensMadeBy(parsed: ParsedFile | undefined, game: CompiledGame, models: () => readonly (CardModel | undefined)[]): string[] {
  return loweredCardsOf(parsed, game, models).flatMap((c) => c.names);
}

/** Each card of a card file lowered once per game (see tokensMadeBy): its name, the tokens it makes, its abilities. */
function loweredCardsOf(parsed: ParsedFile | undefined, game: CompiledGame, models: () => readonly (CardModel | undefined)[]): readonly LoweredCard[] {
  if (parsed?.document?.kind !== "cardFile") return [];
  // The same parse's list (the tokens made and the abilities are both read from it after a keystroke).
  const kept = loweredFiles.get(parsed);
  if (kept?.game === game) return kept.cards;
  const doc = parsed.document as Ast.CardFile;
  const out: LoweredCard[] = [];
  let byPosition: readonly (CardModel | undefined)[] | undefined;
  for (const [index, card] of doc.cards.entries()) {
    let known = loweredByCard.get(card);
    if (known?.game !== game) {
      // The card's own model, by position as lowerAnalysis reads it: never another card of the same name (CW2010).
      const model = (byPosition ??= models())[index];
      let made: string[] = [];
      let abilities: readonly ModalAbility[] = [];
      try {
        const lowered = lowerCards({ ...doc, cards: [card] }, parsed.text, game, model ? [model] : [], []);
        made = tokenNamesMade(lowered.map((c) => c.abilities));
        abilities = lowered[0]?.abilities ?? [];
      } catch {
        // A card the lowering cannot read makes no tokens we can name, and has no modes to judge; its own diagnostics say why.
      }
      known = { game, name: card.name.value, names: made, abilities };
      loweredByCard.set(card, known);
    }
    out.push(known);
  }
  loweredFiles.set(parsed, { game, cards: out });
  return out;
}
type LoweredCard = { game: CompiledGame; name: string; names: readonly string[]; abilities: readonly ModalAbility[] };
const loweredFiles = new WeakMap<ParsedFile, { game: CompiledGame; cards: readonly LoweredCard[] }>();

/**
 * `covers:` lines of the scenarios of games with no rules text beside their game file (no `rules.txt` in `rulesTexts`,
 * as `cardwright check` reads them): CW5028 at each — their ids cannot be checked (session 39's probe, duel-9:
 * `covers: 99z` passed check and test in a folder without rules.txt). Not for the studio, which reads no rules text.
 */
export function uncheckedCovers(analysis: Pick<WorkspaceAnalysis, "files" | "model">, rulesTexts: ReadonlyMap<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const gameFiles = new Map<string, string>();
  for (const g of analysis.model.games) if (!gameFiles.has(g.id.toLowerCase())) gameFiles.set(g.id.toLowerCase(), g.file);
  for (const parsed of analysis.files.values())
    for (const scenario of parsed.scenario?.scenarios ?? []) {
      const gameFile = gameFiles.get(scenario.game.toLowerCase());
      if (gameFile === undefined || rulesTexts.has(gameFile)) continue;
      for (const c of scenario.covers) out.push(diagnostic("CW5028", parsed.path, c.range, { word: c.id, gameFile: gameFile.replace(/^.*[\\/]/, "") }));
    }
  return out;
}

