/**
 * The compiler's public, JSON-serialisable view of a checked workspace: what the CLI,
 * the studio, the exporters and the runtime's loader consume. The typed AST (ast.ts) is
 * richer; this model is the stable surface that clients of `compiler/index.ts` rely on.
 */
import type { Diagnostic, Range, Text } from "./diagnostics.ts";

export interface SourceFile {
  /** Workspace-relative path with forward slashes, e.g. "cards/duel/core.cards". */
  path: string;
  text: string;
}

/**
 * A file as the checker reads it: its text a string or a SourceText (the studio's worker edits its files in
 * chunks, so a keystroke copies no whole file). Every SourceFile is one.
 */
export interface SourceInput {
  path: string;
  text: Text;
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
  /**
   * The card's art, from its `art` field: the workspace path of an image file (PNG, JPEG or WebP),
   * resolved from the card file's folder, and where the field's value is. Absent when the card has
   * no art or its path is refused.
   */
  art?: { path: string; range: Range };
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
  /** The card-face layout its `layout` lines declare (absent: the default face); faces fill in what is not declared. */
  layout?: FaceLayoutSpec;
}

/** The parts of a card face a `layout` line may place. */
export const FACE_REGIONS = ["name", "cost", "type", "art", "text", "stats", "rarity", "set"] as const;
export type FaceRegionName = (typeof FACE_REGIONS)[number];
/** The open fonts shipped with Cardwright (faces/fonts/), by the name a layout gives them. */
export const FACE_FONTS = ["sans", "serif"] as const;
export type FaceFontName = (typeof FACE_FONTS)[number];

/** A colour as a layout writes it: `#rrggbb`, or `frame` (the card's frame colour), or `none`. */
export type FaceColor = string;

/** One region of a face: where it is (millimetres from the card's top left) and how its text is set (points). */
export interface FaceRegionSpec {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  font?: FaceFontName;
  bold?: boolean;
  /** Font size in points; text that does not fit shrinks from here. */
  size?: number;
  /** The smallest size (points) the region's text is set at before it is shortened. */
  min?: number;
  fill?: FaceColor;
  ink?: FaceColor;
  align?: "left" | "center" | "right";
  hidden?: boolean;
}

/** A card face as a game file declares it (`layout ...` lines); every part is optional. */
export interface FaceLayoutSpec {
  card?: { width?: number; height?: number; corner?: number; border?: number; background?: FaceColor; ink?: FaceColor; font?: FaceFontName };
  /** Frame colours by colour name as the game declares it, plus `multicolor` and `colorless`. */
  frames?: Record<string, { fill: FaceColor; ink?: FaceColor }>;
  regions?: Partial<Record<FaceRegionName, FaceRegionSpec>>;
  back?: { fill?: FaceColor; ink?: FaceColor; title?: string };
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
