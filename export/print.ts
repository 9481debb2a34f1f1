/**
 * Print-and-play geometry shared by the PDF sheets and the print-on-demand PNGs: paper sizes,
 * the card's trim size and bleed, and how many cards a page holds. All lengths in millimetres.
 */

export const PAPERS = { a4: { width: 210, height: 297 }, letter: { width: 215.9, height: 279.4 } } as const;
export type Paper = keyof typeof PAPERS;

/** Named card sizes (trim, millimetres). */
export const CARD_SIZES: Record<string, { width: number; height: number }> = {
  poker: { width: 63, height: 88 },
  bridge: { width: 57, height: 89 },
  tarot: { width: 70, height: 120 },
  mini: { width: 44, height: 63 },
  square: { width: 70, height: 70 },
};

export interface PrintOptions {
  paper: Paper;
  /** Trim size of a card. */
  cardWidth: number;
  cardHeight: number;
  /** Background printed past the trim on every side, cut away. */
  bleed: number;
  /** Unprinted border of the page (printers cannot print to the edge); cut marks live in it. */
  margin: number;
  /** A page of backs after each page of faces, mirrored left to right for long-edge duplex printing. */
  backs: boolean;
  /** PNG resolution. */
  dpi: number;
  /** A deck list to print (its cards, each as many times as it says, and the list itself) instead of every card of each set. */
  deck?: { path: string; text: string };
}

export const DEFAULT_PRINT: PrintOptions = { paper: "a4", cardWidth: 63, cardHeight: 88, bleed: 3, margin: 5, backs: false, dpi: 300 };

export interface SheetGeometry {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  /** Top left of the grid's first cell (the bleed box of the first card). */
  left: number;
  top: number;
  cell: { width: number; height: number };
}

/** Cards per page: as many bleed boxes as fit the printable area, the grid centred on the page. */
export function sheetGeometry(options: PrintOptions): SheetGeometry | { problem: string } {
  const page = PAPERS[options.paper];
  const cell = { width: options.cardWidth + 2 * options.bleed, height: options.cardHeight + 2 * options.bleed };
  const usable = { width: page.width - 2 * options.margin, height: page.height - 2 * options.margin };
  const columns = Math.floor((usable.width + 1e-9) / cell.width);
  const rows = Math.floor((usable.height + 1e-9) / cell.height);
  if (columns < 1 || rows < 1) {
    return { problem: `a ${fmt(cell.width)} × ${fmt(cell.height)} mm card with its bleed does not fit the ${fmt(usable.width)} × ${fmt(usable.height)} mm printable area of ${options.paper === "a4" ? "an A4" : "a Letter"} page` };
  }
  return { page, columns, rows, left: (page.width - columns * cell.width) / 2, top: (page.height - rows * cell.height) / 2, cell };
}

const fmt = (n: number) => String(+n.toFixed(1));

/** Where slot `index` of a page is (its bleed box); `mirrored` for a back page (columns reversed). */
export function slotPosition(geometry: SheetGeometry, index: number, mirrored = false): { x: number; y: number } {
  const column = index % geometry.columns;
  const row = Math.floor(index / geometry.columns);
  const shown = mirrored ? geometry.columns - 1 - column : column;
  return { x: geometry.left + shown * geometry.cell.width, y: geometry.top + row * geometry.cell.height };
}

/** `63x88`, `63x88mm`, `2.5x3.5in` or a name (`poker`, `bridge`, `tarot`, `mini`, `square`). */
export function parsePrintCardSize(text: string): { width: number; height: number } | undefined {
  const named = CARD_SIZES[text.trim().toLowerCase()];
  if (named) return named;
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)?$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = match[3]?.toLowerCase() === "in" ? 25.4 : 1;
  const width = Number(match[1]) * unit;
  const height = Number(match[2]) * unit;
  return width >= 20 && height >= 20 && width <= 400 && height <= 400 ? { width, height } : undefined;
}
