/**
 * `--format pdf` and `--format png`: what to print (each set's cards, or a deck list's cards with
 * their counts) and where it goes. PDF: one file per set (`<SET>.pdf`) or per deck list
 * (`<deck>.pdf`). PNG: one image per card at the chosen dpi with its bleed (`<SET>/<nnn>-<card>.png`,
 * and `backs/<game>.png`), the files print-on-demand services take.
 */
import type { Diagnostic } from "../compiler/diagnostics.ts";
import { parseDeck } from "../compiler/decklist.ts";
import { diagnostic } from "../compiler/messages.ts";
import type { CardModel, GameModel, WorkspaceModel } from "../compiler/model.ts";
import { drawCardBack, drawCardFace, drawingToSvg, type Drawing } from "../faces/index.ts";
import type { ArtTable } from "./art.ts";
import { cardSlugs, gameOf, orderedSets, setSlugs } from "./common.ts";
import { printPdf, type PrintItem } from "./pdf.ts";
import { FILE_START } from "./problems.ts";
import { sheetGeometry, type PrintOptions } from "./print.ts";
import { renderPng } from "./render.ts";
import type { ExportFile } from "./types.ts";

export class PrintError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join("; "));
  }
}

/** The deck list's cards, each as many times as it counts them, and its lines as printed. */
function deckItems(model: WorkspaceModel, deck: NonNullable<PrintOptions["deck"]>): { items: PrintItem[]; lines: string[] } {
  const cards = new Map<string, CardModel>();
  for (const set of orderedSets(model)) for (const card of set.cards) if (!card.isToken && !cards.has(card.name.toLowerCase())) cards.set(card.name.toLowerCase(), card);
  const parsed = parseDeck(deck.text, deck.path, [...cards.values()].map((c) => c.name));
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new PrintError(errors);
  if (parsed.entries.length === 0) throw new PrintError([diagnostic("CW4008", deck.path, FILE_START, { file: deck.path, reason: "it names no card" })]);
  const items: PrintItem[] = [];
  const lines: string[] = [];
  for (const entry of parsed.entries) {
    const card = cards.get(entry.name.toLowerCase())!;
    for (let i = 0; i < entry.count; i++) items.push({ card, game: gameOf(model, card.game) });
    lines.push(`${entry.count}  ${card.name}`);
  }
  lines.push("", `${items.length} cards`);
  return { items, lines };
}

function geometryOf(options: PrintOptions, file: string) {
  const geometry = sheetGeometry(options);
  if ("problem" in geometry) throw new PrintError([diagnostic("CW4006", file, FILE_START, { reason: geometry.problem })]);
  return geometry;
}

const baseName = (path: string) => path.replace(/^.*\//, "").replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9_-]+/g, "_") || "deck";

export async function exportPdf(model: WorkspaceModel, options: PrintOptions, art: ArtTable): Promise<ExportFile[]> {
  const geometry = geometryOf(options, options.deck?.path ?? model.sets[0]?.file ?? "");
  if (options.deck) {
    const { items, lines } = deckItems(model, options.deck);
    const title = `Deck ${options.deck.path.replace(/^.*\//, "")}`;
    return [{ path: `${baseName(options.deck.path)}.pdf`, contents: await printPdf(items, geometry, options, art, { title, deckList: { title, lines } }) }];
  }
  const files: ExportFile[] = [];
  const sets = orderedSets(model);
  const slugs = setSlugs(sets);
  for (const set of sets) {
    if (set.cards.length === 0) continue;
    const items = set.cards.map((card) => ({ card, game: gameOf(model, set.game) }));
    files.push({ path: `${slugs.get(set)!}.pdf`, contents: await printPdf(items, geometry, options, art, { title: `${set.name} (${set.code})` }) });
  }
  return files;
}

/** A drawing as an SVG of its bleed box at the card's trim size (scaled to fit, centred, the frame filling the rest). */
function printSvg(drawing: Drawing, options: PrintOptions, art: ArtTable): string {
  const cellWidth = options.cardWidth + 2 * options.bleed;
  const cellHeight = options.cardHeight + 2 * options.bleed;
  const pixelWidth = Math.round((cellWidth / 25.4) * options.dpi);
  const pixelHeight = Math.round((cellHeight / 25.4) * options.dpi);
  const imageHref = (path: string) => art.get(path)?.dataUri;
  const scale = Math.min(options.cardWidth / drawing.width, options.cardHeight / drawing.height);
  const inner = drawingToSvg(drawing, { width: 100, imageHref }).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  const first = drawing.shapes[0];
  const background = first && first.kind === "rect" ? first.fill : "#ffffff";
  const x = options.bleed + (options.cardWidth - drawing.width * scale) / 2;
  const y = options.bleed + (options.cardHeight - drawing.height * scale) / 2;
  const b = drawing.bleed;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${cellWidth} ${cellHeight}">` +
    `<rect x="0" y="0" width="${cellWidth}" height="${cellHeight}" fill="${background}"/>` +
    `<svg x="${x - b * scale}" y="${y - b * scale}" width="${(drawing.width + 2 * b) * scale}" height="${(drawing.height + 2 * b) * scale}" viewBox="${-b} ${-b} ${drawing.width + 2 * b} ${drawing.height + 2 * b}">${inner}</svg></svg>`
  );
}

export function exportPrintPng(model: WorkspaceModel, options: PrintOptions, art: ArtTable): ExportFile[] {
  const files: ExportFile[] = [];
  const backs = new Set<string>();
  const addBack = (game: GameModel | undefined, id: string) => {
    if (backs.has(id)) return;
    backs.add(id);
    files.push({ path: `backs/${id.replace(/[^A-Za-z0-9_-]+/g, "_")}.png`, contents: renderPng(printSvg(drawCardBack(game, { bleed: options.bleed }), options, art)) });
  };
  const sets = orderedSets(model);
  const slugs = setSlugs(sets);
  for (const set of sets) {
    const game = gameOf(model, set.game);
    const cardNames = cardSlugs(set);
    set.cards.forEach((card, index) => {
      const drawing = drawCardFace(card, { game, bleed: options.bleed });
      files.push({ path: `${slugs.get(set)!}/${String(index + 1).padStart(3, "0")}-${cardNames.get(card)!}.png`, contents: renderPng(printSvg(drawing, options, art)) });
    });
    if (set.cards.length) addBack(game, set.game);
  }
  return files;
}
