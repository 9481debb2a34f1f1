/**
 * The exporters' public API, shared by `cardwright export` and the studio's Export action:
 *
 *   const result = exportWorkspace(model, "cockatrice", { imageBaseUrl });
 *   if (result.ok) writeExport(result.files, outDir); else show(result.diagnostics);
 *
 * `exportWorkspace` is pure (no disk access) and deterministic: the same model and options
 * give the same files, byte for byte. A workspace with any error diagnostic is refused.
 * Node only: card images are rasterised by @resvg/resvg-js, a native module.
 */
import type { Diagnostic } from "../compiler/diagnostics.ts";
import { lowerAnalysis, type LoweringNote } from "../compiler/lower.ts";
import type { SourceFile, WorkspaceModel } from "../compiler/model.ts";
import { analyzeWorkspace } from "../compiler/workspace.ts";
import { exportCgs } from "./cgs.ts";
import { exportCockatrice } from "./cockatrice.ts";
import { exportedGames } from "./common.ts";
import { defaultBackRenderer } from "./faces.ts";
import { renderCardFace } from "../faces/index.ts";
import { loadArt, type ArtTable } from "./art.ts";
import { DEFAULT_PRINT } from "./print.ts";
import { exportPdf, exportPrintPng, PrintError } from "./print-export.ts";
import { FaceRenderError } from "./images.ts";
import { exportJson, ExportValidationError } from "./json.ts";
import { exportTts } from "./tts.ts";
import type { ExportFile, ExportFormat, ExportOptions, ResolvedExportOptions } from "./types.ts";
import { cannotRender, invalidExport, nothingToExport } from "./problems.ts";

export { EXPORT_FORMATS, isExportFormat } from "./types.ts";
export type { ExportFile, ExportFormat, ExportOptions, FaceRenderer, BackRenderer } from "./types.ts";
export { writeExport, type WriteResult } from "./write.ts";
export { DEFAULT_PRINT, PAPERS, parsePrintCardSize, type PrintOptions, type Paper } from "./print.ts";

export type ExportResult = { ok: true; files: ExportFile[] } | { ok: false; diagnostics: Diagnostic[] };

export const DEFAULT_CARD_WIDTH = 300;
export const DEFAULT_CARD_HEIGHT = 420;

function resolve(options: ExportOptions, art: ArtTable): ResolvedExportOptions {
  return {
    imageBaseUrl: options.imageBaseUrl ?? "",
    cardWidth: options.cardWidth ?? DEFAULT_CARD_WIDTH,
    cardHeight: options.cardHeight ?? DEFAULT_CARD_HEIGHT,
    faceRenderer: options.faceRenderer ?? ((card, game) => renderCardFace(card, { ...(game ? { game } : {}), imageHref: (path) => art.get(path)?.dataUri })),
    backRenderer: options.backRenderer ?? defaultBackRenderer,
    ...(options.bundles ? { bundles: options.bundles } : {}),
    art,
    print: { ...DEFAULT_PRINT, ...definedOnly(options.print ?? {}) },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Errors that stop an export: every error except those in scenario files, which test the
 * cards but are not part of what is exported (a failing scenario must not block a release).
 */
export function blockingErrors(model: WorkspaceModel): Diagnostic[] {
  const exported = new Set([...model.sets.map((set) => set.file), ...model.games.map((game) => game.file)]);
  return model.diagnostics.filter(
    (diagnostic) => diagnostic.severity === "error" && (exported.has(diagnostic.file) || !diagnostic.file.toLowerCase().endsWith(".scenario")),
  );
}

export async function exportWorkspace(model: WorkspaceModel, format: ExportFormat, options: ExportOptions = {}): Promise<ExportResult> {
  const errors = blockingErrors(model);
  if (errors.length > 0) return { ok: false, diagnostics: errors };
  const games = exportedGames(model);
  if (model.sets.every((set) => set.cards.length === 0)) {
    return { ok: false, diagnostics: [nothingToExport([...new Set(model.sets.map((set) => set.file))].join(", ") || "the given paths")] };
  }
  // Art is read and prepared once for the whole export (JSON names the paths only).
  const loaded = format === "json" ? { art: new Map() as ArtTable, diagnostics: [] } : await loadArt(model, options.assets?.read);
  if (loaded.diagnostics.length > 0) return { ok: false, diagnostics: loaded.diagnostics };
  const resolved = resolve(options, loaded.art);
  try {
    let files: ExportFile[];
    switch (format) {
      case "json":
        files = exportJson(model, games, resolved.bundles);
        break;
      case "tts":
        files = exportTts(model, resolved);
        break;
      case "cockatrice":
        files = exportCockatrice(model, games, resolved);
        break;
      case "cgs":
        files = exportCgs(model, games, resolved);
        break;
      case "pdf":
        files = await exportPdf(model, resolved.print, resolved.art);
        break;
      case "png":
        files = exportPrintPng(model, resolved.print, resolved.art);
        break;
    }
    const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    // Two files at one path would silently overwrite each other on disk (case-insensitive file systems included).
    const clash = sorted.find((file, i) => i > 0 && file.path.toLowerCase() === sorted[i - 1]!.path.toLowerCase());
    if (clash) throw new ExportValidationError(format, [`two files would be written to ${clash.path}`], clash.path);
    return { ok: true, files: sorted };
  } catch (error) {
    if (error instanceof FaceRenderError) {
      return { ok: false, diagnostics: [cannotRender(error.subject, error.reason, error.card, error.file)] };
    }
    if (error instanceof PrintError) return { ok: false, diagnostics: error.diagnostics };
    if (error instanceof ExportValidationError) {
      return { ok: false, diagnostics: [invalidExport(error.format, error.reasons.slice(0, 5).join("; "), error.file)] };
    }
    throw error;
  }
}

export type SourcesExportResult = ExportResult & {
  /** The checked workspace (for summaries and for printing its warnings). */
  model: WorkspaceModel;
  /** What the lowering could not turn into executable IR (the JSON export still carries the text). */
  notes: LoweringNote[];
};

/**
 * Checks, lowers and exports a workspace given as source texts: what the CLI and the studio's
 * Export action call. `extraDiagnostics` are problems met while reading the files.
 */
export async function exportSources(
  sources: SourceFile[],
  format: ExportFormat,
  options: ExportOptions & { extraDiagnostics?: Diagnostic[] } = {},
): Promise<SourcesExportResult> {
  const { extraDiagnostics, ...exportOptions } = options;
  // Only the JSON (the IR itself) and Cockatrice (cards related to the tokens they create) need the lowering;
  // it checks the workspace too, so the model comes from it.
  const analysis = analyzeWorkspace(sources, options.assets ? { assets: options.assets.list } : {});
  const lowering = format === "json" || format === "cockatrice" ? lowerAnalysis(analysis, sources) : undefined;
  const checked = lowering?.model ?? analysis.model;
  const model: WorkspaceModel = extraDiagnostics?.length ? { ...checked, diagnostics: [...extraDiagnostics, ...checked.diagnostics] } : checked;
  const errors = blockingErrors(model);
  if (errors.length > 0) return { ok: false, diagnostics: errors, model, notes: [] };
  const bundles = lowering?.bundles ?? exportOptions.bundles;
  return { ...(await exportWorkspace(model, format, { ...exportOptions, ...(bundles ? { bundles } : {}) })), model, notes: lowering?.notes ?? [] };
}
