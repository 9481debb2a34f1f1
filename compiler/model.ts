/**
 * The compiler's public, JSON-serialisable view of a checked workspace: what the CLI,
 * the studio, the exporters and the runtime's loader consume. The typed AST (ast.ts) is
 * richer; this model is the stable surface that clients of `compiler/index.ts` rely on.
 */
import type { Diagnostic, Range } from "./diagnostics.ts";

export interface SourceFile {
  /** Workspace-relative path with forward slashes, e.g. "cards/duel/core.cards". */
  path: string;
  text: string;
}

/** A field value as written on the card, already checked against the game file. */
export type FieldValue =
  | { kind: "number"; value: number; text: string }
  | { kind: "words"; words: string[]; text: string }
  | { kind: "cost"; text: string; symbols: CostSymbol[] }
  | { kind: "flag"; text: string };

export interface CostSymbol {
  /** "generic" amounts carry `amount`; coloured/resource symbols carry their name (e.g. "Red", "Gold", "Crystal", "life", "discard", "erase"). */
  pays: string;
  amount: number;
}

export interface AbilityModel {
  /** Chromatic Battlelines tag: "Base" or a Facet colour; absent elsewhere. */
  tag?: string;
  /** Canonical text of this ability, as the formatter prints it. */
  text: string;
  range: Range;
}

export interface CardModel {
  game: string;
  set: string;
  name: string;
  file: string;
  range: Range;
  /** The card type (e.g. "Unit", "Creature", "Land"). */
  type: string;
  /** Words after the type dash, e.g. ["Vampire", "Knight"]. */
  subtypes: string[];
  /** Words before the type, e.g. ["Token"]. */
  supertypes: string[];
  isToken: boolean;
  /** Colours / factions, possibly several. */
  colors: string[];
  rarity?: string;
  /** Canonical cost text ("{R}{R}{1}", "2 life"), absent for costless cards. */
  cost?: string;
  /** Numeric stats by stat name (power, attack, defense, armor, ...). */
  stats: Record<string, number>;
  /** Every header field as written (including the above), by lower-case field name. */
  fields: Record<string, FieldValue>;
  abilities: AbilityModel[];
  /** The full canonical rules text (abilities joined by newlines) — what a card face prints. */
  text: string;
}

export interface SetModel {
  code: string;
  name: string;
  game: string;
  file: string;
  cards: CardModel[];
}

export interface GameModel {
  id: string;
  name: string;
  file: string;
  /** Every `param` of the game file, by name. */
  params: Record<string, number | string | boolean>;
  colors: string[];
  cardTypes: string[];
  zones: string[];
  phases: string[];
  keywords: { name: string; kind: "ability" | "action"; parameter?: string; definition: string; file?: string; range?: Range }[];
  /** Every name the game file declares, with where (for go-to-definition, hover and completions). */
  definitions?: DefinitionModel[];
}

export interface DefinitionModel {
  kind: "color" | "zone" | "cardtype" | "subtype" | "stat" | "rarity" | "phase" | "marker" | "keyword" | "counter" | "resource" | "symbol" | "param";
  name: string;
  file: string;
  range: Range;
  /** One line for hover: the declaration as written, or the keyword's defining text. */
  detail: string;
}

export interface WorkspaceModel {
  games: GameModel[];
  sets: SetModel[];
  diagnostics: Diagnostic[];
}
