/**
 * Card art for the exports: each image a card names is read once (through the reader the caller
 * gives: only images the workspace listing holds), decoded and scaled down with sharp to what
 * print needs (PDFs and PNGs embed PNG or JPEG; WebP is converted), and shared by every card and
 * sheet that draws it. A file that will not decode is a diagnostic at the card's `art` field.
 */
import type { Diagnostic } from "../compiler/diagnostics.ts";
import { diagnostic } from "../compiler/messages.ts";
import type { WorkspaceModel } from "../compiler/model.ts";

export interface PreparedArt {
  mime: "image/png" | "image/jpeg";
  bytes: Uint8Array;
  width: number;
  height: number;
  dataUri: string;
}

export type ArtTable = Map<string, PreparedArt>;

/** Longest side an embedded image keeps: a 63 mm card is 744 px wide at 300 dpi; twice that leaves room for larger art boxes. */
const MAX_SIDE = 1600;

export async function loadArt(model: WorkspaceModel, read: ((path: string) => Promise<Uint8Array>) | undefined): Promise<{ art: ArtTable; diagnostics: Diagnostic[] }> {
  const art: ArtTable = new Map();
  const diagnostics: Diagnostic[] = [];
  const wanted = new Map<string, { file: string; range: Diagnostic["range"]; name: string }>();
  for (const set of model.sets) for (const card of set.cards) if (card.art && !wanted.has(card.art.path)) wanted.set(card.art.path, { file: card.file, range: card.art.range, name: card.name });
  if (wanted.size === 0) return { art, diagnostics };
  const { default: sharp } = await import("sharp");
  for (const [path, where] of wanted) {
    try {
      if (!read) throw new Error("no workspace files were given to read it from");
      const input = await read(path);
      const image = sharp(input, { failOn: "error", limitInputPixels: 8192 * 8192 }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
      const meta = await sharp(input).metadata();
      const opaqueJpeg = meta.format === "jpeg";
      const { data, info } = await (opaqueJpeg ? image.jpeg({ quality: 90 }) : image.png()).toBuffer({ resolveWithObject: true });
      const mime = opaqueJpeg ? "image/jpeg" : "image/png";
      const bytes = new Uint8Array(data);
      art.set(path, { mime, bytes, width: info.width, height: info.height, dataUri: `data:${mime};base64,${Buffer.from(bytes).toString("base64")}` });
    } catch (error) {
      diagnostics.push(diagnostic("CW4007", where.file, where.range, { path, name: where.name, reason: error instanceof Error ? error.message : String(error) }));
    }
  }
  return { art, diagnostics };
}
