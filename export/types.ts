/**
 * Shared shapes of the exporters. An exporter is a pure function from a checked workspace to
 * a list of files (path + bytes); only `write.ts` touches the disk, so the CLI and the studio's
 * Export action produce the same bytes.
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import type { WorkspaceAsset } from "../compiler/art.ts";
import type { ArtTable } from "./art.ts";
import type { PrintOptions } from "./print.ts";
import type { CardModel, GameModel } from "../compiler/model.ts";

export const EXPORT_FORMATS = ["json", "tts", "cockatrice", "cgs", "pdf", "png"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export interface ExportFile {
  /** Relative path inside the output directory, forward slashes. */
  path: string;
  contents: string | Uint8Array;
}

/** Returns one card face as a complete standalone SVG document (the studio's renderer, or a stand-in). */
export type FaceRenderer = (card: CardModel, game: GameModel | undefined) => string;
/** Returns the common card back of a game as a standalone SVG document. */
export type BackRenderer = (game: GameModel | undefined) => string;

export interface ExportOptions {
  /**
   * Prefix of the image URLs written into the export (TTS FaceURL/BackURL, Cockatrice picurl,
   * CGS image base). Empty (the default) writes paths relative to the output directory;
   * the CLI passes the output directory's file:// URL so the files open as they are, and
   * `--image-base-url` lets a designer point them at a web host instead.
   */
  imageBaseUrl?: string;
  /** Pixel size of one rendered card (faces are scaled to fit, keeping their aspect ratio). */
  cardWidth?: number;
  cardHeight?: number;
  faceRenderer?: FaceRenderer;
  backRenderer?: BackRenderer;
  /**
   * The lowering's output for the workspace (`lowerWorkspace(sources).bundles`): the JSON
   * export embeds it, Cockatrice uses it to relate cards to the tokens they create.
   * `exportSources` fills it in.
   */
  bundles?: CompiledBundle[];
  /** The workspace's images (the reader's listing) and a way to read one: card art comes from here. */
  assets?: { list: readonly WorkspaceAsset[]; read(path: string): Promise<Uint8Array> };
  /** `pdf` and `png`: paper, card size, bleed, backs, resolution, a deck list (defaults: print.ts DEFAULT_PRINT). */
  print?: Partial<PrintOptions>;
}

export interface ResolvedExportOptions {
  imageBaseUrl: string;
  cardWidth: number;
  cardHeight: number;
  faceRenderer: FaceRenderer;
  backRenderer: BackRenderer;
  bundles?: CompiledBundle[];
  /** Every card's art, read and prepared once. */
  art: ArtTable;
  print: PrintOptions;
}
