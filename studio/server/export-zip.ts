/**
 * The studio's Export dialog on the server: the same `exportSources` as `cardwright export`, on
 * the workspace as saved, for the chosen sets (their games come along) and formats, with the
 * image base URL and card size the designer chose, packed as one zip (fflate) to download:
 * `<format>/<the exporter's files>`. Nothing is written to disk.
 */
import { zipSync, strToU8 } from "fflate";
import { WorkspaceError } from "./workspace-files.ts";

export interface ExportRequest {
  formats: string[];
  /** Card files to export (workspace paths); empty or missing: every set. */
  sets?: string[];
  imageBaseUrl?: string;
  cardWidth?: number;
  /** pdf/png: paper, back pages, bleed (the rest of the print options keep their defaults). */
  print?: { paper?: "a4" | "letter"; backs?: boolean; bleed?: number };
}

export type ExportZipResult =
  | { ok: true; zip: Uint8Array; files: number; cards: number }
  | { ok: false; diagnostics: { file: string; message: string; range: { start: { line: number } } }[] };

export function parseExportRequest(body: Record<string, unknown>, isFormat: (f: string) => boolean): ExportRequest {
  const formats = Array.isArray(body.formats) ? body.formats : [];
  if (formats.length === 0 || !formats.every((f): f is string => typeof f === "string" && isFormat(f))) throw new WorkspaceError(400, `Choose one or more export formats (got ${JSON.stringify(body.formats)}).`);
  const sets = body.sets === undefined ? undefined : Array.isArray(body.sets) && body.sets.every((s) => typeof s === "string") ? (body.sets as string[]) : undefined;
  if (body.sets !== undefined && !sets) throw new WorkspaceError(400, "sets must be a list of card file paths.");
  const imageBaseUrl = body.imageBaseUrl === undefined || body.imageBaseUrl === "" ? undefined : String(body.imageBaseUrl);
  if (imageBaseUrl !== undefined && !/^(https?:\/\/|file:\/\/|\.{0,2}\/?)[^\s"<>]*$/.test(imageBaseUrl)) throw new WorkspaceError(400, `The image base URL "${imageBaseUrl}" is not a URL or a relative path.`);
  const cardWidth = body.cardWidth === undefined || body.cardWidth === "" ? undefined : Number(body.cardWidth);
  if (cardWidth !== undefined && (!Number.isInteger(cardWidth) || cardWidth < 64 || cardWidth > 4096)) throw new WorkspaceError(400, `The card width must be a whole number of pixels from 64 to 4096 (got ${JSON.stringify(body.cardWidth)}).`);
  const print = parsePrint(body.print);
  return { formats: [...new Set(formats)], ...(sets ? { sets } : {}), ...(imageBaseUrl !== undefined ? { imageBaseUrl } : {}), ...(cardWidth !== undefined ? { cardWidth } : {}), ...(print ? { print } : {}) };
}

function parsePrint(value: unknown): ExportRequest["print"] {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new WorkspaceError(400, "print must be an object {paper, backs, bleed}.");
  const { paper, backs, bleed, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) throw new WorkspaceError(400, `Unknown print option ${JSON.stringify(unknown[0])} (paper, backs, bleed).`);
  if (paper !== undefined && paper !== "a4" && paper !== "letter") throw new WorkspaceError(400, `The paper must be "a4" or "letter" (got ${JSON.stringify(paper)}).`);
  if (backs !== undefined && typeof backs !== "boolean") throw new WorkspaceError(400, `backs must be true or false (got ${JSON.stringify(backs)}).`);
  if (bleed !== undefined && (typeof bleed !== "number" || !Number.isFinite(bleed) || bleed < 0 || bleed > 10)) throw new WorkspaceError(400, `The bleed must be a number of millimetres from 0 to 10 (got ${JSON.stringify(bleed)}).`);
  return { ...(paper !== undefined ? { paper } : {}), ...(backs !== undefined ? { backs } : {}), ...(bleed !== undefined ? { bleed } : {}) };
}

export async function exportZip(root: string, request: ExportRequest): Promise<ExportZipResult> {
  const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
  const { exportSources } = await import("../../export/index.ts");
  const read = await readWorkspaceFiles(["."], { cwd: root });
  const chosen = new Set(request.sets ?? []);
  // The chosen sets, every game file (a set needs its game), no scenarios; all sets when none is chosen.
  const sources = read.files.filter((f) => f.path.endsWith(".game") || (f.path.endsWith(".cards") && (chosen.size === 0 || chosen.has(f.path))));
  if (chosen.size > 0) {
    const missing = [...chosen].filter((p) => !sources.some((f) => f.path === p));
    if (missing.length) throw new WorkspaceError(400, `No card file ${missing.map((m) => `"${m}"`).join(", ")} in the workspace.`);
  }
  const entries: Record<string, Uint8Array> = {};
  let files = 0;
  let cards = 0;
  for (const format of request.formats) {
    const result = await exportSources(sources, format as Parameters<typeof exportSources>[1], {
      // Relative image paths by default: the zip's files find each other wherever it is unpacked.
      imageBaseUrl: request.imageBaseUrl ?? "",
      ...(request.cardWidth ? { cardWidth: request.cardWidth, cardHeight: Math.round((request.cardWidth * 7) / 5) } : {}),
      extraDiagnostics: read.diagnostics,
      // Card art comes only from the images the reader listed in the workspace.
      assets: { list: read.assets, read: (asset) => read.readAsset(asset) },
      ...(request.print ? { print: request.print } : {}),
    });
    if (!result.ok) return { ok: false, diagnostics: result.diagnostics };
    for (const file of result.files) entries[`${format}/${file.path}`] = typeof file.contents === "string" ? strToU8(file.contents) : file.contents;
    files += result.files.length;
    cards = result.model.sets.reduce((n, s) => n + s.cards.length, 0);
  }
  return { ok: true, zip: zipSync(entries, { level: 6 }), files, cards };
}
