/**
 * The layout a face is drawn with: the game file's `layout` lines (compiler/layout.ts checks them
 * into a `FaceLayoutSpec`) over the default face. Lengths in millimetres from the card's top left,
 * font sizes in points. A game that changes only the card's size gets the default regions scaled.
 */
import { DEFAULT_CARD_SIZE } from "../compiler/layout.ts";
import { FACE_REGIONS, type FaceFontName, type FaceLayoutSpec, type FaceRegionName, type FaceRegionSpec } from "../compiler/model.ts";

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
  font: FaceFontName;
  bold: boolean;
  size: number;
  min: number;
  /** "#rrggbb", "frame" or "none". */
  fill: string;
  /** "#rrggbb", "frame" or "auto" (readable on the fill). */
  ink: string;
  align: "left" | "center" | "right";
  hidden: boolean;
}

export interface FaceLayout {
  width: number;
  height: number;
  corner: number;
  border: number;
  background: string;
  ink: string;
  frames: Record<string, { fill: string; ink?: string }>;
  regions: Record<FaceRegionName, Region>;
  back: { fill: string; ink: string; title?: string };
}

const base = (x: number, y: number, width: number, height: number, rest: Partial<Region> = {}): Region => ({
  x,
  y,
  width,
  height,
  font: "sans",
  bold: false,
  size: 8,
  min: 5,
  fill: "none",
  ink: "auto",
  align: "left",
  hidden: false,
  ...rest,
});

/** The default face, on a 63 × 88 mm card. */
export const DEFAULT_LAYOUT: FaceLayout = {
  width: DEFAULT_CARD_SIZE.width,
  height: DEFAULT_CARD_SIZE.height,
  corner: 3,
  border: 3,
  background: "#f6f1e7",
  ink: "#1d1b20",
  frames: {},
  regions: {
    name: base(5, 5, 53, 7, { bold: true, size: 9, min: 6, fill: "frame" }),
    cost: base(40, 5, 18, 7, { bold: true, size: 8, align: "right" }),
    art: base(5, 13, 53, 33, { fill: "frame" }),
    type: base(5, 47, 53, 5.5, { size: 7, min: 5, fill: "#e3dccd" }),
    rarity: base(52.5, 47.5, 4.5, 4.5, { bold: true, size: 6 }),
    text: base(6.5, 54, 50, 24, { font: "serif", size: 8.5, min: 5 }),
    stats: base(41, 79.5, 17, 5.5, { bold: true, size: 9, fill: "#2a2530", ink: "#ffffff", align: "right" }),
    set: base(6, 80.5, 30, 3.5, { size: 5, ink: "#6b6470" }),
  },
  back: { fill: "#1d1b20", ink: "#c9a23a" },
};

/** The layout of a game: its declared parts over the default (scaled to its card when only the size changed). */
export function resolveLayout(spec: FaceLayoutSpec | undefined): FaceLayout {
  const width = spec?.card?.width ?? DEFAULT_LAYOUT.width;
  const height = spec?.card?.height ?? DEFAULT_LAYOUT.height;
  const sx = width / DEFAULT_LAYOUT.width;
  const sy = height / DEFAULT_LAYOUT.height;
  const font = spec?.card?.font;
  const regions = {} as Record<FaceRegionName, Region>;
  for (const name of FACE_REGIONS) {
    const d = DEFAULT_LAYOUT.regions[name];
    const scaled: Region = { ...d, x: d.x * sx, y: d.y * sy, width: d.width * sx, height: d.height * sy, ...(font ? { font } : {}) };
    regions[name] = { ...scaled, ...defined(spec?.regions?.[name] ?? {}) };
  }
  return {
    width,
    height,
    corner: spec?.card?.corner ?? DEFAULT_LAYOUT.corner,
    border: spec?.card?.border ?? DEFAULT_LAYOUT.border,
    background: spec?.card?.background ?? DEFAULT_LAYOUT.background,
    ink: spec?.card?.ink ?? DEFAULT_LAYOUT.ink,
    frames: { ...(spec?.frames ?? {}) },
    regions,
    back: { ...DEFAULT_LAYOUT.back, ...defined(spec?.back ?? {}) },
  };
}

/** The properties a spec sets (a value the checker refused is left undefined: the default stays). */
function defined<T extends object>(spec: T): Partial<T> {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export type { FaceRegionSpec };
