/**
 * A card's face and a game's card back as drawings (draw.ts), from the compiler's card model and
 * the game's layout (layout.ts). Pure: no DOM, no Node. Every region is optional and placed where
 * the layout says; text is measured with the shipped fonts' own widths (fonts.ts), names and type
 * lines shrink to one line, rules text shrinks to fit its box (text.ts).
 */
import type { CardModel, GameModel } from "../compiler/model.ts";
import { roundedRectPath, type Drawing, type Shape, type TextShape } from "./draw.ts";
import { capHeight, charAdvance, fontKey, POINT_MM, textWidth, type FontKey } from "./fonts.ts";
import { resolveLayout, type FaceLayout, type Region } from "./layout.ts";
import { fitBlock, fitLine, lineSize } from "./text.ts";

/** The fields a face needs; a full CardModel satisfies it, and so does a partly-typed card. */
export type FaceCard = Pick<CardModel, "name" | "type" | "subtypes" | "supertypes" | "colors" | "stats" | "abilities" | "text"> &
  Partial<Pick<CardModel, "game" | "set" | "rarity" | "cost" | "isToken" | "fields" | "art">>;

export type FaceGame = Pick<GameModel, "id" | "colors"> & Partial<GameModel>;

export interface DrawOptions {
  game?: FaceGame | undefined;
  /** Millimetres of background drawn past the trim on every side, for print (default 0: a card with rounded corners). */
  bleed?: number;
}

/** Well-known colour names to ink; any other name gets a stable colour from its letters. */
const PALETTE: Record<string, string> = {
  red: "#c8403a",
  blue: "#3a6fc8",
  green: "#3f9a4a",
  yellow: "#d8b03a",
  purple: "#8a4fc0",
  black: "#3b3640",
  white: "#e8e2d0",
  gray: "#8c8c8c",
  grey: "#8c8c8c",
  gold: "#c9a23a",
  base: "#9a9a9a",
  colorless: "#a8a8a8",
  multicolor: "#c9a23a",
  crystal: "#59b7d6",
  life: "#c8403a",
};

export function colourFor(name: string | undefined): string {
  if (!name) return PALETTE.colorless!;
  const known = PALETTE[name.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const ch of name.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hslToHex(hash % 360, 0.45, 0.48);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${[f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function rgb(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : undefined;
}

/** Text colour readable on `background` (light backgrounds get dark ink). */
export function inkOn(background: string): string {
  const c = rgb(background);
  if (!c) return "#ffffff";
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 160 ? "#1d1b20" : "#ffffff";
}

/** `a` moved towards `b` by `t` (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return a;
  return `#${x.map((v, i) => Math.round(v + (y[i]! - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

export interface CostPip {
  label: string;
  fill: string;
}

/** Cost symbols `{R}{2}{G}` become pips; worded costs ("2 life", "discard 1") become one badge. */
export function costPips(cost: string | undefined, colors: readonly string[], frames: FaceLayout["frames"] = {}): CostPip[] {
  if (!cost || /^free$/i.test(cost.trim())) return [];
  const symbols = [...cost.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
  if (symbols.length === 0) return [{ label: cost.trim(), fill: "#4a4550" }];
  return symbols.map((symbol) => {
    if (/^\d+$|^X$/i.test(symbol)) return { label: symbol, fill: "#b9b4ad" };
    const colour = colors.find((c) => c.toLowerCase().startsWith(symbol.toLowerCase())) ?? symbolName(symbol);
    return { label: symbol, fill: frameOf(colour, frames).fill };
  });
}

function symbolName(symbol: string): string {
  const names: Record<string, string> = { R: "Red", W: "White", B: "Black", P: "Purple", U: "Blue", G: "Gold", Y: "Yellow" };
  return names[symbol.toUpperCase()] ?? symbol;
}

function frameOf(colour: string | undefined, frames: FaceLayout["frames"]): { fill: string; ink?: string } {
  if (colour) {
    const declared = Object.entries(frames).find(([name]) => name.toLowerCase() === colour.toLowerCase());
    if (declared) return declared[1];
  }
  return { fill: colourFor(colour) };
}

/** The frame colours of a card: one per colour (a card of several colours is split), or the layout's multicolor/colorless frame. */
function cardFrames(card: FaceCard, layout: FaceLayout): { fill: string; ink?: string }[] {
  if (card.colors.length === 0) return [layout.frames["colorless"] ?? { fill: colourFor("colorless") }];
  if (card.colors.length > 1 && layout.frames["multicolor"]) return [layout.frames["multicolor"]];
  return card.colors.map((c) => frameOf(c, layout.frames));
}

export function typeLine(card: FaceCard): string {
  const left = [...card.supertypes, card.type].filter(Boolean).join(" ");
  // Games that write the creature kind as its own field (`tribe: Mystic`) print it like a subtype.
  const tribe = card.fields?.["tribe"];
  const subtypes = card.subtypes.length ? card.subtypes : tribe && "words" in tribe ? tribe.words : tribe ? [tribe.text] : [];
  return subtypes.length ? `${left} — ${subtypes.join(" ")}` : left;
}

/** Stats as printed: "3/2" for attack+defense or power+toughness pairs, else each stat by name. */
export function statBadges(stats: Record<string, number>): string[] {
  const has = (k: string) => typeof stats[k] === "number";
  const pairs: [string, string][] = [
    ["attack", "defense"],
    ["power", "toughness"],
    ["power", "defense"],
  ];
  for (const [a, b] of pairs) {
    if (has(a) && has(b)) {
      const rest = Object.keys(stats).filter((k) => k !== a && k !== b);
      return [`${stats[a]}/${stats[b]}`, ...rest.map((k) => `${stats[k]} ${k}`)];
    }
  }
  const keys = Object.keys(stats);
  if (keys.length === 1) return [String(stats[keys[0]!])];
  return keys.map((k) => `${stats[k]} ${k}`);
}

function rarityMark(rarity: string | undefined): { letter: string; fill: string } | undefined {
  if (!rarity) return undefined;
  const fills: Record<string, string> = { common: "#2b2b2b", uncommon: "#9fb3c8", rare: "#d4af37", epic: "#a35bd6", mythic: "#e0662a", legendary: "#e0662a", gray: "#8c8c8c" };
  return { letter: rarity.slice(0, 1).toUpperCase(), fill: fills[rarity.toLowerCase()] ?? colourFor(rarity) };
}

const layouts = new WeakMap<object, FaceLayout>();

/** The layout of a game (resolved once per game model). */
export function layoutOf(game: FaceGame | undefined): FaceLayout {
  if (!game) return resolveLayout(undefined);
  let layout = layouts.get(game);
  if (!layout) layouts.set(game, (layout = resolveLayout(game.layout)));
  return layout;
}

/** Points to millimetres. */
const pt = (size: number) => size * POINT_MM;

/** A line of text in a region, shrunk (down to the region's smallest size) and then shortened to fit one line. */
function regionLine(text: string, region: Region, box: { x: number; width: number }, ink: string, role: string, anchorFrom?: Region["align"]): TextShape | undefined {
  if (text === "") return undefined;
  const font = fontKey(region.font, region.bold);
  const advance = (ch: string) => charAdvance(font, ch);
  const size = lineSize(text, box.width, pt(region.size), pt(region.min), advance);
  const fitted = fitLine(text, box.width, size, advance);
  const align = anchorFrom ?? region.align;
  const x = align === "center" ? box.x + box.width / 2 : align === "right" ? box.x + box.width : box.x;
  return { kind: "text", x, y: baseline(region, font, size), text: fitted, font, size, fill: ink, anchor: align === "center" ? "middle" : align === "right" ? "end" : "start", role };
}

/** The baseline that centres capital letters of `size` in the region. */
function baseline(region: { y: number; height: number }, font: FontKey, size: number): number {
  return region.y + region.height / 2 + (capHeight(font) * size) / 2;
}

function resolveInk(ink: string, fill: string | undefined, frame: { fill: string; ink?: string }, fallback: string): string {
  if (ink === "frame") return frame.fill;
  if (ink !== "auto") return ink;
  if (fill === "frame") return frame.ink ?? inkOn(frame.fill);
  if (fill && fill !== "none") return inkOn(fill);
  return fallback;
}

function resolveFill(fill: string, frame: { fill: string }): string | undefined {
  if (fill === "none") return undefined;
  return fill === "frame" ? frame.fill : fill;
}

/** Draws a card's face. */
export function drawCardFace(card: FaceCard, options: DrawOptions = {}): Drawing {
  const layout = layoutOf(options.game);
  const bleed = options.bleed ?? 0;
  const { width: W, height: H } = layout;
  const frames = cardFrames(card, layout);
  const frame = frames[0]!;
  const shapes: Shape[] = [];
  const title = card.name || "(unnamed card)";
  const R = layout.regions;

  // The frame: the card's colour(s) to the edge (and through the bleed), the panel inside it.
  const outer = { x: -bleed, y: -bleed, width: W + 2 * bleed, height: H + 2 * bleed };
  const corner = bleed > 0 ? 0 : layout.corner;
  if (frames.length === 1) shapes.push({ kind: "rect", ...outer, rx: corner, fill: frame.fill });
  else {
    // Several colours: vertical bands, as a hybrid card's frame is split.
    shapes.push({ kind: "rect", ...outer, rx: corner, fill: frame.fill });
    const band = W / frames.length;
    frames.forEach((f, i) => {
      if (i === 0) return;
      const x = i * band;
      const right = i === frames.length - 1 ? W + bleed : x + band;
      shapes.push({ kind: "path", d: bandPath(x, -bleed, right - x, H + 2 * bleed, i === frames.length - 1 ? corner : 0), fill: f.fill });
    });
  }
  if (layout.border > 0) {
    const inset = layout.border;
    shapes.push({ kind: "rect", x: inset, y: inset, width: W - 2 * inset, height: H - 2 * inset, rx: Math.max(0.8, layout.corner - inset / 2), fill: layout.background, stroke: mix(frame.fill, "#000000", 0.45), strokeWidth: 0.25 });
  } else {
    shapes.push({ kind: "rect", x: 0, y: 0, width: W, height: H, rx: corner, fill: layout.background });
  }

  const regionBox = (region: Region, fill: string | undefined) => {
    if (fill) shapes.push({ kind: "rect", x: region.x, y: region.y, width: region.width, height: region.height, rx: Math.min(1.2, region.height / 4), fill, stroke: mix(fill, "#000000", 0.35), strokeWidth: 0.2 });
  };

  // Art (drawn first among the regions: bars may overlap its edges).
  if (!R.art.hidden) {
    const a = R.art;
    const tint = mix(frame.fill, "#ffffff", 0.55);
    shapes.push({ kind: "rect", x: a.x, y: a.y, width: a.width, height: a.height, rx: 0.8, fill: resolveFill(a.fill, frame) === undefined ? tint : mix(resolveFill(a.fill, frame)!, "#ffffff", 0.55) });
    shapes.push(...artPlaceholder(a, mix(frame.fill, "#ffffff", 0.2)));
    if (card.art) shapes.push({ kind: "image", path: card.art.path, x: a.x, y: a.y, width: a.width, height: a.height });
    shapes.push({ kind: "rect", x: a.x, y: a.y, width: a.width, height: a.height, rx: 0.8, fill: "none", stroke: mix(frame.fill, "#000000", 0.4), strokeWidth: 0.3 });
  }

  // Name, with the cost on the same bar when their regions meet.
  const pips = R.cost.hidden ? [] : costPips(card.cost, options.game?.colors ?? [], layout.frames);
  const costShapes = pips.length ? drawPips(pips, R.cost) : { shapes: [], left: R.cost.x + R.cost.width };
  if (!R.name.hidden) {
    const n = R.name;
    const fill = resolveFill(n.fill, frame);
    regionBox(n, fill);
    const pad = 1.5;
    let right = n.x + n.width - pad;
    if (pips.length && overlaps(n, R.cost)) right = Math.min(right, costShapes.left - 1);
    const line = regionLine(title, n, { x: n.x + pad, width: Math.max(1, right - n.x - pad) }, resolveInk(n.ink, n.fill, frame, layout.ink), "name", n.align === "right" ? "left" : n.align);
    if (line) shapes.push(line);
  }
  shapes.push(...costShapes.shapes);

  // Type line and rarity mark.
  if (!R.type.hidden) {
    const t = R.type;
    const fill = resolveFill(t.fill, frame);
    regionBox(t, fill);
    let right = t.x + t.width - 1.5;
    if (!R.rarity.hidden && card.rarity && overlaps(t, R.rarity)) right = Math.min(right, R.rarity.x - 0.8);
    const line = regionLine(typeLine(card) || "—", t, { x: t.x + 1.5, width: Math.max(1, right - t.x - 1.5) }, resolveInk(t.ink, t.fill, frame, layout.ink), "type");
    if (line) shapes.push(line);
  }
  const rarity = rarityMark(card.rarity);
  if (rarity && !R.rarity.hidden) {
    const r = R.rarity;
    const radius = Math.min(r.width, r.height) / 2;
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    shapes.push({ kind: "circle", cx, cy, r: radius, fill: rarity.fill, stroke: "#ffffff", strokeWidth: 0.3 });
    const font = fontKey(r.font, true);
    const size = Math.min(pt(r.size), radius * 1.3);
    shapes.push({ kind: "text", x: cx, y: cy + (capHeight(font) * size) / 2, text: rarity.letter, font, size, fill: inkOn(rarity.fill), anchor: "middle", role: "rarity" });
  }

  // Rules text: every ability, one size for all, the largest that fits the box.
  if (!R.text.hidden) shapes.push(...drawRules(card, R.text, layout, frame));

  // Stats at the bottom, the set code in the footer.
  const stats = statBadges(card.stats);
  if (stats.length && !R.stats.hidden) {
    const s = R.stats;
    const font = fontKey(s.font, s.bold);
    const fill = resolveFill(s.fill, frame) ?? "#2a2530";
    const ink = resolveInk(s.ink, s.fill, frame, layout.ink);
    const size = pt(s.size);
    const widths = stats.map((stat) => Math.max(s.height * 1.6, textWidth(font, stat, size) + 3));
    let x = s.align === "left" ? s.x : s.x + s.width - widths.reduce((sum, w) => sum + w + 1, -1);
    stats.forEach((stat, i) => {
      const w = widths[i]!;
      shapes.push({ kind: "rect", x, y: s.y, width: w, height: s.height, rx: Math.min(1.5, s.height / 3), fill, stroke: mix(fill, "#ffffff", 0.3), strokeWidth: 0.25 });
      const fitted = lineSize(stat, w - 2, size, pt(s.min), (ch) => charAdvance(font, ch));
      shapes.push({ kind: "text", x: x + w / 2, y: baseline(s, font, fitted), text: stat, font, size: fitted, fill: ink, anchor: "middle", role: "stat" });
      x += w + 1;
    });
  }
  const footer = [card.set, card.isToken ? "token" : undefined].filter(Boolean).join(" · ");
  if (footer && !R.set.hidden) {
    const line = regionLine(footer, R.set, { x: R.set.x, width: R.set.width }, resolveInk(R.set.ink, R.set.fill, frame, layout.ink), "set");
    if (line) shapes.push(line);
  }
  return { width: W, height: H, bleed, title, shapes };
}

function overlaps(a: Region, b: Region): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A band of a split frame; the last one keeps the card's rounded corners on its right. */
function bandPath(x: number, y: number, width: number, height: number, corner: number): string {
  if (corner === 0) return roundedRectPath(x, y, width, height, 0);
  const r = Math.min(corner, width, height / 2);
  const n = (v: number) => +v.toFixed(3);
  return `M${n(x)} ${n(y)}L${n(x + width - r)} ${n(y)}A${n(r)} ${n(r)} 0 0 1 ${n(x + width)} ${n(y + r)}L${n(x + width)} ${n(y + height - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + width - r)} ${n(y + height)}L${n(x)} ${n(y + height)}Z`;
}

/** Mountains and a sun: an image placeholder anyone recognises, drawn where the art goes. */
function artPlaceholder(box: Region, ink: string): Shape[] {
  const s = Math.min(box.width, box.height) * 0.45;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const left = cx - s * 0.75;
  const bottom = cy + s * 0.45;
  const n = (v: number) => +v.toFixed(3);
  const mountains = `M${n(left)} ${n(bottom)}L${n(left + s * 0.5)} ${n(cy - s * 0.15)}L${n(left + s * 0.8)} ${n(cy + s * 0.15)}L${n(left + s * 1.05)} ${n(cy - s * 0.35)}L${n(left + s * 1.5)} ${n(bottom)}Z`;
  return [
    { kind: "path", d: mountains, fill: ink, opacity: 0.55 },
    { kind: "circle", cx: n(cx + s * 0.45), cy: n(cy - s * 0.38), r: n(s * 0.13), fill: ink },
  ];
}

function drawPips(pips: { label: string; fill: string }[], region: Region): { shapes: Shape[]; left: number } {
  const shapes: Shape[] = [];
  const font = fontKey(region.font, true);
  const diameter = Math.min(region.height - 1, 5.2);
  const size = Math.min(pt(region.size), diameter * 0.62);
  const cy = region.y + region.height / 2;
  const widths = pips.map((p) => (p.label.length > 2 ? textWidth(font, p.label, size) + diameter * 0.7 : diameter));
  const total = widths.reduce((sum, w) => sum + w + 0.6, -0.6);
  let x = region.align === "left" ? region.x + 1 : region.align === "center" ? region.x + (region.width - total) / 2 : region.x + region.width - 1 - total;
  const left = x;
  pips.forEach((pip, i) => {
    const w = widths[i]!;
    if (pip.label.length > 2) shapes.push({ kind: "rect", x, y: cy - diameter / 2, width: w, height: diameter, rx: diameter / 2, fill: pip.fill, stroke: "#ffffff", strokeWidth: 0.3 });
    else shapes.push({ kind: "circle", cx: x + w / 2, cy, r: diameter / 2, fill: pip.fill, stroke: "#ffffff", strokeWidth: 0.3 });
    shapes.push({ kind: "text", x: x + w / 2, y: cy + (capHeight(font) * size) / 2, text: pip.label, font, size, fill: inkOn(pip.fill), anchor: "middle", role: "cost" });
    x += w + 0.6;
  });
  return { shapes, left };
}

const ABILITY_GAP = 0.35; // in lines, between two abilities

function drawRules(card: FaceCard, region: Region, layout: FaceLayout, frame: { fill: string }): Shape[] {
  const blocks = card.abilities.length > 0 ? card.abilities.map((a) => ({ tag: a.tag, text: a.text })) : card.text ? [{ tag: undefined, text: card.text }] : [];
  if (blocks.length === 0) return [];
  const shapes: Shape[] = [];
  const fill = resolveFill(region.fill, frame);
  if (fill) shapes.push({ kind: "rect", x: region.x, y: region.y, width: region.width, height: region.height, rx: 1, fill });
  const tagged = blocks.some((b) => b.tag);
  const tagWidth = tagged ? 2.2 : 0;
  const pad = fill ? 1 : 0;
  const font = fontKey(region.font, region.bold);
  const advance = (ch: string) => charAdvance(font, ch);
  // A little room kept at the right: browsers kern, the tables do not.
  const box = { width: region.width - tagWidth - 2 * pad - 0.3, height: region.height - 2 * pad };
  const fitted = fitBlock(
    blocks.map((b, i) => ({ text: b.text, gapBefore: i > 0 ? ABILITY_GAP : 0 })),
    box,
    pt(region.size),
    pt(region.min),
    advance,
  );
  const ink = resolveInk(region.ink, region.fill, frame as { fill: string; ink?: string }, layout.ink);
  const x = region.align === "center" ? region.x + tagWidth + pad + box.width / 2 : region.align === "right" ? region.x + region.width - pad : region.x + tagWidth + pad;
  const anchor = region.align === "center" ? "middle" : region.align === "right" ? "end" : "start";
  // Lines start below the top by the font's ascent; a block shorter than the box is centred in it when the layout centres.
  let y = region.y + pad + fitted.size * 0.93;
  let previous = -1;
  const tagTop = new Map<number, { top: number; bottom: number }>();
  for (const line of fitted.lines) {
    if (previous >= 0 && line.paragraph !== previous) y += fitted.lineHeight * ABILITY_GAP;
    if (line.paragraph !== previous) tagTop.set(line.paragraph, { top: y - fitted.size * 0.85, bottom: y + fitted.size * 0.25 });
    else tagTop.get(line.paragraph)!.bottom = y + fitted.size * 0.25;
    previous = line.paragraph;
    shapes.push({ kind: "text", x, y, text: line.text, font, size: fitted.size, fill: ink, anchor, role: "text" });
    y += fitted.lineHeight;
  }
  if (tagged) {
    for (const [paragraph, span] of tagTop) {
      const tag = blocks[paragraph]!.tag;
      if (!tag) continue;
      const colour = tag.toLowerCase() === "base" ? "#9a9a9a" : frameOf(tag, layout.frames).fill;
      shapes.push({ kind: "rect", x: region.x + pad, y: span.top, width: 1.2, height: Math.max(1, span.bottom - span.top), rx: 0.4, fill: colour });
    }
  }
  return shapes;
}

/** Draws the back every card of a game shares: its name over bands of its colours' frames. */
export function drawCardBack(game: FaceGame | undefined, options: { bleed?: number } = {}): Drawing {
  const layout = layoutOf(game);
  const bleed = options.bleed ?? 0;
  const { width: W, height: H } = layout;
  const back = layout.back;
  const shapes: Shape[] = [];
  shapes.push({ kind: "rect", x: -bleed, y: -bleed, width: W + 2 * bleed, height: H + 2 * bleed, rx: bleed > 0 ? 0 : layout.corner, fill: back.fill });
  const inset = Math.max(2.5, layout.border);
  shapes.push({ kind: "rect", x: inset, y: inset, width: W - 2 * inset, height: H - 2 * inset, rx: Math.max(0.8, layout.corner - inset / 2), fill: "none", stroke: back.ink, strokeWidth: 0.6 });
  const colours = (game?.colors ?? []).slice(0, 6).map((c) => frameOf(c, layout.frames).fill);
  if (colours.length === 0) colours.push(mix(back.fill, "#ffffff", 0.2));
  const top = H * 0.17;
  const bandsHeight = H * 0.66;
  colours.forEach((c, i) => shapes.push({ kind: "rect", x: inset + 3, y: top + (i * bandsHeight) / colours.length, width: W - 2 * inset - 6, height: bandsHeight / colours.length, fill: c, opacity: 0.9 }));
  const name = back.title ?? game?.name ?? game?.id ?? "Cardwright";
  const plate = { x: inset + 1.5, y: H / 2 - 6, width: W - 2 * inset - 3, height: 12 };
  shapes.push({ kind: "rect", ...plate, rx: 1, fill: back.fill, opacity: 0.92, stroke: back.ink, strokeWidth: 0.4 });
  const region: Region = { ...layout.regions.name, ...plate, font: layout.regions.name.font, bold: true, size: 13, min: 6, align: "center" };
  const line = regionLine(name, region, { x: plate.x + 1.5, width: plate.width - 3 }, back.ink, "back-title");
  if (line) shapes.push(line);
  return { width: W, height: H, bleed, title: `${name} card back`, shapes };
}

export { roundedRectPath };
