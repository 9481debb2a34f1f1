/**
 * A game's vocabulary: every name its game file declares (colours, zones, card types, stats,
 * rarities, phases, markers, keywords, counters, resources, cost symbols, parameters), looked
 * up case-insensitively. Card text is checked against the vocabulary of its own game; the
 * studio reads the same object for completions and hover.
 *
 * This module knows nothing of any particular game: all names come from the game file.
 */
import { NumberWords } from "../grammar/lexer.ts";
import type { Range } from "./diagnostics.ts";
import type * as Ast from "./ast.ts";
import { closestName } from "./check-suggest.ts";

export type VocabularyKind =
  | "color"
  | "zone"
  | "cardtype"
  | "subtype"
  | "stat"
  | "rarity"
  | "phase"
  | "marker"
  | "keyword"
  | "counter"
  | "resource"
  | "symbol"
  | "param";

/** Human wording of each kind, for messages and hover ("a zone", "a keyword"). */
export const KIND_NOUNS: Record<VocabularyKind, string> = {
  color: "a colour",
  zone: "a zone",
  cardtype: "a card type",
  subtype: "a subtype",
  stat: "a stat",
  rarity: "a rarity",
  phase: "a phase",
  marker: "a marker",
  keyword: "a keyword",
  counter: "a counter",
  resource: "a resource",
  symbol: "a cost symbol",
  param: "a parameter",
};

export interface DeclarationBase {
  kind: VocabularyKind;
  /** The name as the game file spells it (used for canonical text and suggestions). */
  name: string;
  /** Where the game file declares it (for go-to-definition and "declared twice"). */
  file: string;
  range: Range;
  /** One line for hover: the declaration as written, or its defining text. */
  detail: string;
  /** Other words the rules text uses for it (`cardtype Spell also "Support"`): a card using one gets this name as its did-you-mean. */
  aliases?: string[];
}

export interface ColorDeclaration extends DeclarationBase {
  kind: "color";
  /** How the colour pays: "free", a resource name, "discard", "erase", "life", or absent. */
  pays?: string;
  /** The cost symbol that stands for this colour, without braces (e.g. "R"). */
  symbol?: string;
  /** Effects a card of this colour may not give its controller (`forbids "gain life"`), as lower-case words. */
  forbids?: string[];
}

export interface ZoneDeclaration extends DeclarationBase {
  kind: "zone";
  visibility?: "hidden" | "private" | "public";
  ordered: boolean;
  shared: boolean;
  slots?: number;
}

/**
 * How many abilities a card of a type prints and how they are tagged, from the card type's
 * `abilities` clause: `abilities Base 1, facet 4` · `abilities facet spell_abilities` ·
 * `abilities facet 5 one_active` · `abilities facet 4 other_colors`.
 */
export interface AbilityStructure {
  /** Abilities tagged [Base], first. */
  base: number;
  /** Abilities tagged with distinct colours of the game: a number or the name of a `param`. */
  facets: number | { param: string };
  /** Facet colours must differ from the card's own colour(s). */
  otherColors: boolean;
  /** Other option words, for the engine (e.g. `one_active`). */
  options: string[];
  range: Range;
}

export interface CardTypeDeclaration extends DeclarationBase {
  kind: "cardtype";
  permanent: boolean;
  token: boolean;
  /** Lower-case field names every card of this type must have. */
  requires: string[];
  abilities?: AbilityStructure;
}

export interface KeywordDeclaration extends DeclarationBase {
  kind: "keyword";
  keywordKind: "ability" | "action";
  /** The parameter's name ("X", "N") when the keyword takes a number. */
  parameter?: string;
  /** Card text defining it, or `rule <name>` when the engine implements it. */
  definition: string;
  rule?: string;
}

export interface MarkerDeclaration extends DeclarationBase {
  kind: "marker";
  /** The trigger text it stands for, or "static". */
  meaning: string;
}

export interface CounterDeclaration extends DeclarationBase {
  kind: "counter";
  on: "player" | "card";
}

export interface SymbolDeclaration extends DeclarationBase {
  kind: "symbol";
  /** What the symbol pays: a colour, a resource, or "generic". */
  pays: string;
}

export interface ParamDeclaration extends DeclarationBase {
  kind: "param";
  value: number | string | boolean;
}

export interface SimpleDeclaration extends DeclarationBase {
  kind: "stat" | "rarity" | "phase" | "resource" | "subtype";
}

export type Declaration =
  | ColorDeclaration
  | ZoneDeclaration
  | CardTypeDeclaration
  | KeywordDeclaration
  | MarkerDeclaration
  | CounterDeclaration
  | SymbolDeclaration
  | ParamDeclaration
  | SimpleDeclaration;

/** The declaration type of one kind (distributes over the union, so SimpleDeclaration's kinds work too). */
type DeclarationOf<K extends VocabularyKind> = Declaration extends infer D ? (D extends { kind: infer DK } ? (K extends DK ? D : never) : never) : never;

/**
 * Fields every card may have whatever its game, beside the game's `stat`s. A game's `requires`
 * lists may name any of these or any stat.
 */
export const BUILTIN_FIELDS = ["type", "color", "faction", "cost", "rarity", "text", "stats", "tribe", "unique", "token", "name", "flavor"] as const;

export class GameVocabulary {
  private readonly byKind = new Map<VocabularyKind, Map<string, Declaration>>();
  /** Every declaration in file order, duplicates included (for the checker's "declared twice"). */
  readonly declarations: Declaration[] = [];

  constructor(
    readonly id: string,
    readonly name: string,
    readonly file: string,
  ) {}

  /** Adds a declaration; returns the earlier one of the same kind and name if there is one. */
  declare(declaration: Declaration): Declaration | undefined {
    this.requiredFieldNames = undefined;
    this.declarations.push(declaration);
    let table = this.byKind.get(declaration.kind);
    if (!table) this.byKind.set(declaration.kind, (table = new Map()));
    const key = normalizeName(declaration.kind, declaration.name);
    const earlier = table.get(key);
    if (!earlier) table.set(key, declaration);
    return earlier;
  }

  lookup<K extends VocabularyKind>(kind: K, word: string): DeclarationOf<K> | undefined {
    return this.byKind.get(kind)?.get(normalizeName(kind, word)) as DeclarationOf<K> | undefined;
  }

  all<K extends VocabularyKind>(kind: K): DeclarationOf<K>[] {
    return [...(this.byKind.get(kind)?.values() ?? [])] as DeclarationOf<K>[];
  }

  private requiredFieldNames: ReadonlySet<string> | undefined;
  /** The fields some card type's `requires` list names (a Land's `produces`), worked out once: every card's check asks. */
  requiredFields(): ReadonlySet<string> {
    return (this.requiredFieldNames ??= new Set(this.all("cardtype").flatMap((type) => type.requires)));
  }

  names(kind: VocabularyKind): string[] {
    return this.all(kind).map((declaration) => declaration.name);
  }

  /** The closest declared name of these kinds, for "did you mean". */
  suggest(word: string, ...kinds: VocabularyKind[]): string | undefined {
    return this.aliasOf(word, kinds) ?? closestName(word, kinds.flatMap((kind) => this.names(kind)));
  }

  /** The declared name a rules-text word stands for (`Support` → `Spell`, also in the plural). */
  private aliasOf(word: string, kinds: VocabularyKind[]): string | undefined {
    const forms = new Set([word, ...singulars(word)].map((w) => w.toLowerCase()));
    for (const kind of kinds) for (const declaration of this.all(kind)) if (declaration.aliases?.some((alias) => forms.has(alias.toLowerCase()))) return declaration.name;
    return undefined;
  }

  /** Every kind a word resolves to (a word may be, say, both a counter and a stat: "power"). */
  resolve(word: string): Declaration[] {
    const found: Declaration[] = [];
    for (const kind of this.byKind.keys()) {
      const declaration = this.lookup(kind, word);
      if (declaration) found.push(declaration);
    }
    return found;
  }

  param(name: string): ParamDeclaration | undefined {
    return this.lookup("param", name);
  }

  /** Field names a card of this game may have (built-ins plus stats), lower case. */
  fieldNames(): string[] {
    return [...BUILTIN_FIELDS, ...this.names("stat").map((name) => name.toLowerCase())];
  }

  isField(name: string): boolean {
    const lowered = name.toLowerCase();
    return (BUILTIN_FIELDS as readonly string[]).includes(lowered) || this.lookup("stat", lowered) !== undefined;
  }
}

/**
 * Names compare case-insensitively; plural forms of zones, counters, card types and resources
 * ("Crystals", "counters", "Units") resolve to their singular declaration in `lookupWord`.
 * Cost symbols compare without braces.
 */
export function normalizeName(kind: VocabularyKind, name: string): string {
  const lowered = name.toLowerCase();
  if (kind === "symbol") return lowered.replace(/^\{|\}$/g, "");
  return lowered;
}

/** Looks a word up, also trying its singular for plural-capable kinds ("Crystals" → "Crystal"). */
export function lookupWord<K extends VocabularyKind>(vocabulary: GameVocabulary, kind: K, word: string): DeclarationOf<K> | undefined {
  const direct = vocabulary.lookup(kind, word);
  if (direct) return direct;
  for (const singular of singulars(word)) {
    const found = vocabulary.lookup(kind, singular);
    if (found) return found;
  }
  return undefined;
}

/** Candidate singular forms of an English plural ("Vampires" → "Vampire", "Abilities" → "Ability"). */
export function singulars(word: string): string[] {
  const lowered = word.toLowerCase();
  const forms: string[] = [];
  if (lowered.endsWith("ies") && lowered.length > 3) forms.push(word.slice(0, -3) + "y");
  if (lowered.endsWith("es") && lowered.length > 2) forms.push(word.slice(0, -2));
  if (lowered.endsWith("s") && lowered.length > 1) forms.push(word.slice(0, -1));
  return forms;
}

/**
 * A token's name as its words give it — the one rule the checker (which card a token without stats is made of) and the
 * lowering (the token's name at run time) share, so the two cannot drift: the quoted name; else its words but
 * "token(s)" and ability keywords, and — when other words are left — but card types and colours ("a 1/1 black Thrall
 * creature token" is a Thrall). `words` as written (case kept), stat words already taken out.
 */
export function tokenNameWords(words: readonly string[], quoted: string | undefined, role: (word: string) => "abilityKeyword" | "typeOrColor" | undefined): string[] {
  if (quoted !== undefined) return [quoted];
  const named = words.filter((w) => !/^tokens?$/i.test(w) && role(w) !== "abilityKeyword");
  const proper = named.filter((w) => role(w) !== "typeOrColor");
  return proper.length ? proper : named;
}

/**
 * "a token named Blood Familiar", "a 2/2 Vampire Thrall token named Thrall": the index of "named" after the word "token(s)",
 * the words after it all words (the token's name, not a card looked up) — else -1.
 */
export function tokenNamedAt(np: Ast.NounPhrase): number {
  const at = np.items.findIndex((i) => i.kind === "word" && i.text.toLowerCase() === "named");
  if (at < 1 || at === np.items.length - 1 || !np.items.slice(at + 1).every((i) => i.kind === "word")) return -1;
  return np.items.slice(0, at).some((i) => i.kind === "word" && /^tokens?$/i.test(i.text)) ? at : -1;
}

/** `a`/`an`/`one` … `ten` before the cards a cost discards or erases (as the lowering reads them). */
export function costWordAmount(word: string): number | undefined {
  const lowered = word.toLowerCase();
  if (lowered === "a" || lowered === "an") return 1;
  const index = (NumberWords as readonly string[]).indexOf(lowered);
  return index >= 0 ? index + 1 : undefined;
}
