/**
 * Reading an engine-neutral export back as what the runtime loads: a `CompiledBundle` of the
 * game and its cards. Plain data in, plain data out — no compiler, no card sources, no disk —
 * so a client needs only this file (or its dozen lines) and `runtime/`.
 */
import type { CompiledBundle, CompiledCard, CompiledGame } from "../compiler/ir.ts";

export class ExportFormatError extends Error {}

interface ExportDocumentShape {
  format?: unknown;
  formatVersion?: unknown;
  game?: { compiled?: CompiledGame };
  sets?: { cards?: { name?: string; compiled?: CompiledCard }[] }[];
}

export function bundleFromExport(document: unknown): CompiledBundle {
  const data = document as ExportDocumentShape;
  if (typeof document !== "object" || document === null || data.format !== "cardwright-export") {
    throw new ExportFormatError('not a Cardwright export (expected "format": "cardwright-export")');
  }
  if (data.formatVersion !== 1) throw new ExportFormatError(`unsupported export format version ${String(data.formatVersion)} (this reader knows version 1)`);
  const game = data.game?.compiled;
  if (!game) throw new ExportFormatError("the export has no compiled game (game.compiled)");
  const cards: CompiledCard[] = [];
  for (const set of data.sets ?? []) {
    for (const card of set.cards ?? []) {
      if (!card.compiled) throw new ExportFormatError(`card "${card.name ?? "?"}" has no compiled IR`);
      cards.push(card.compiled);
    }
  }
  return { game, cards };
}
