/**
 * Card faces: pure functions from the compiler's public card model to an SVG string.
 * No DOM and no browser APIs, so the same faces render in the studio (inline SVG) and in
 * Node (the exporters rasterise them with resvg). Every piece of card text is XML-escaped:
 * a card named `<img src=x onerror=alert(1)>` is drawn as those characters.
 *
 * The layout is chosen per game (cost symbols, stats, Facet-tagged abilities, rarity); a
 * game without its own layout gets the generic one, driven only by the card's fields.
 */
import type { CardModel, GameModel } from "../compiler/model.ts";
import { element, fitLine, measure, text, wrap, xmlEscape } from "./svg.ts";

export { xmlEscape } from "./svg.ts";

export const CARD_WIDTH = 250;
export const CARD_HEIGHT = 350;
const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

/** The fields a face needs; a full CardModel satisfies it, and so does a partly-typed card. */
export type FaceCard = Pick<CardModel, "name" | "type" | "subtypes" | "supertypes" | "colors" | "stats" | "abilities" | "text"> &
  Partial<Pick<CardModel, "game" | "set" | "rarity" | "cost" | "isToken" | "fields">>;

export interface FaceOptions {
  /** The game the card belongs to: picks the layout and the cost symbols' meaning. */
  game?: Pick<GameModel, "id" | "colors"> & Partial<GameModel>;
  /** Width in pixels of the produced SVG (the drawing is scaled; default 250). */
  width?: number;
  /** id prefix for gradients, so several faces can share one HTML page. */
  idPrefix?: string;
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
  crystal: "#59b7d6",
  life: "#c8403a",
};

export function colourFor(name: string | undefined): string {
  if (!name) return PALETTE.colorless!;
  const known = PALETTE[name.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const ch of name.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360}, 45%, 48%)`;
}

/** Text colour readable on `background` (light backgrounds get dark ink). */
function inkOn(background: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return "#ffffff";
  const [r, g, b] = match.slice(1).map((h) => parseInt(h, 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#1d1b20" : "#ffffff";
}

interface CostPip {
  label: string;
  fill: string;
}

/** Cost symbols `{R}{2}{G}` become pips; worded costs ("2 life", "discard 1") become one badge. */
export function costPips(cost: string | undefined, colors: readonly string[]): CostPip[] {
  if (!cost || /^free$/i.test(cost.trim())) return [];
  const symbols = [...cost.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
  if (symbols.length === 0) return [{ label: cost.trim(), fill: "#4a4550" }];
  return symbols.map((symbol) => {
    if (/^\d+$|^X$/i.test(symbol)) return { label: symbol, fill: "#b9b4ad" };
    const colour = colors.find((c) => c.toLowerCase().startsWith(symbol.toLowerCase())) ?? symbolName(symbol);
    return { label: symbol, fill: colourFor(colour) };
  });
}

function symbolName(symbol: string): string {
  const names: Record<string, string> = { R: "Red", W: "White", B: "Black", P: "Purple", U: "Blue", G: "Gold", Y: "Yellow" };
  return names[symbol.toUpperCase()] ?? symbol;
}

function typeLine(card: FaceCard): string {
  const left = [...card.supertypes, card.type].filter(Boolean).join(" ");
  // Games that write the creature kind as its own field (`tribe: Mystic`) print it like a subtype.
  const tribe = card.fields?.tribe;
  const subtypes = card.subtypes.length ? card.subtypes : tribe && "words" in tribe ? tribe.words : tribe ? [tribe.text] : [];
  return subtypes.length ? `${left} — ${subtypes.join(" ")}` : left;
}

/** Stats as printed: "3/2" for attack+defense or power+toughness pairs, else each stat by name. */
function statBadges(stats: Record<string, number>): string[] {
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
  const fills: Record<string, string> = { common: "#2b2b2b", uncommon: "#9fb3c8", rare: "#d4af37", epic: "#a35bd6", mythic: "#e0662a", legendary: "#e0662a" };
  return { letter: rarity.slice(0, 1).toUpperCase(), fill: fills[rarity.toLowerCase()] ?? colourFor(rarity) };
}

/** Ability lines: Facet-tagged abilities (Chromatic Battlelines) get a coloured tag; others are plain. */
function abilityBlocks(card: FaceCard): { tag?: string; text: string }[] {
  if (card.abilities.length > 0) return card.abilities.map((a) => (a.tag ? { tag: a.tag, text: a.text } : { text: a.text }));
  return card.text ? [{ text: card.text }] : [];
}

/** `renderCardFace(card, options)` or `renderCardFace(card, game)` (the exporters' form). */
export function renderCardFace(card: FaceCard, optionsOrGame?: FaceOptions | GameModel): string {
  const options: FaceOptions = optionsOrGame === undefined ? {} : "id" in optionsOrGame ? { game: optionsOrGame } : optionsOrGame;
  const width = options.width ?? CARD_WIDTH;
  const height = Math.round((width * CARD_HEIGHT) / CARD_WIDTH);
  const id = (options.idPrefix ?? "cw") + "-" + hashId(card.name + "|" + (card.set ?? ""));
  const gameColors = options.game?.colors ?? [];
  const primary = colourFor(card.colors[0]);
  const secondary = colourFor(card.colors[1] ?? card.colors[0]);
  const title = card.name || "(unnamed card)";
  const layoutGame = (options.game?.id ?? card.game ?? "").toLowerCase();
  const tagged = card.abilities.some((a) => a.tag);

  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${xmlEscape(primary)}"/><stop offset="1" stop-color="${xmlEscape(secondary)}"/></linearGradient></defs>`,
  );
  // Frame and panels
  parts.push(element("rect", { x: 0, y: 0, width: CARD_WIDTH, height: CARD_HEIGHT, rx: 14, fill: `url(#${id}-frame)` }));
  parts.push(element("rect", { x: 8, y: 8, width: CARD_WIDTH - 16, height: CARD_HEIGHT - 16, rx: 9, fill: "#f6f1e7", stroke: "#2a2530", "stroke-width": 1 }));
  // Title bar with the cost pips at the right
  const pips = costPips(card.cost, gameColors);
  const pipsWidth = pipsRowWidth(pips);
  parts.push(element("rect", { x: 14, y: 14, width: CARD_WIDTH - 28, height: 28, rx: 5, fill: primary }));
  // Long names shrink before they are shortened: the name is the one line a player must read whole.
  const titleWidth = CARD_WIDTH - 44 - pipsWidth;
  let titleSize = 14;
  while (titleSize > 9 && measure(title, titleSize * 1.12) > titleWidth) titleSize -= 0.5;
  parts.push(
    text(fitLine(title, titleWidth, titleSize * 1.12), { x: 21, y: 33, "font-family": FONT, "font-size": titleSize, "font-weight": "bold", fill: inkOn(primary), class: "cw-face-name" }),
  );
  parts.push(renderPips(pips, CARD_WIDTH - 18 - pipsWidth, 28));
  // Rules text decides the layout: the art box gives way (down to a strip) before the text shrinks.
  const stats = statBadges(card.stats);
  const textBottom = stats.length ? CARD_HEIGHT - 46 : CARD_HEIGHT - 22;
  const blocks = abilityBlocks(card);
  const showTags = tagged || layoutGame === "chromatic";
  const textWidth = CARD_WIDTH - 36 - (showTags ? 12 : 0);
  const ART_TOP = 46;
  const FULL_ART = 112;
  const MIN_ART = 40;
  const TYPE_AND_GAP = 4 + 22 + 6;
  const wanted = abilitiesHeight(blocks, textWidth, 10.5);
  const roomWithFullArt = textBottom - (ART_TOP + FULL_ART + TYPE_AND_GAP);
  const artHeight = Math.max(MIN_ART, Math.min(FULL_ART, FULL_ART - (wanted - roomWithFullArt)));
  const typeTop = ART_TOP + artHeight + 4;
  const textTop = typeTop + 22 + 6;
  // Art box: a colour field with the card's initial (there is no art in a card file)
  parts.push(element("rect", { x: 14, y: ART_TOP, width: CARD_WIDTH - 28, height: artHeight, rx: 4, fill: secondary, opacity: 0.35 }));
  const initialSize = Math.min(56, artHeight * 0.7);
  parts.push(
    text((title.trim()[0] ?? "?").toUpperCase(), { x: CARD_WIDTH / 2, y: (ART_TOP + artHeight / 2 + initialSize * 0.36).toFixed(1), "text-anchor": "middle", "font-family": FONT, "font-size": initialSize.toFixed(1), fill: primary, opacity: 0.55 }),
  );
  // Type line and rarity
  const rarity = rarityMark(card.rarity);
  parts.push(element("rect", { x: 14, y: typeTop, width: CARD_WIDTH - 28, height: 22, rx: 4, fill: "#e3dccd", stroke: "#b8ae9a", "stroke-width": 0.8 }));
  parts.push(text(fitLine(typeLine(card) || "—", CARD_WIDTH - 60, 11), { x: 20, y: typeTop + 15, "font-family": FONT, "font-size": 11, fill: "#231f26", class: "cw-face-type" }));
  if (rarity) {
    parts.push(element("circle", { cx: CARD_WIDTH - 26, cy: typeTop + 11, r: 7, fill: rarity.fill, stroke: "#fff", "stroke-width": 1 }));
    parts.push(text(rarity.letter, { x: CARD_WIDTH - 26, y: typeTop + 15, "text-anchor": "middle", "font-family": FONT, "font-size": 9, "font-weight": "bold", fill: inkOn(rarity.fill) }));
  }
  parts.push(renderAbilities(blocks, { x: 18, y: textTop, width: CARD_WIDTH - 36, height: textBottom - textTop }, showTags));
  // Stats at the bottom right; the set code at the bottom left
  let statX = CARD_WIDTH - 16;
  for (const stat of [...stats].reverse()) {
    const w = Math.max(34, stat.length * 8 + 12);
    statX -= w;
    parts.push(element("rect", { x: statX, y: CARD_HEIGHT - 40, width: w, height: 24, rx: 6, fill: "#2a2530" }));
    parts.push(text(stat, { x: statX + w / 2, y: CARD_HEIGHT - 23, "text-anchor": "middle", "font-family": FONT, "font-size": 13, "font-weight": "bold", fill: "#fff", class: "cw-face-stat" }));
    statX -= 4;
  }
  const footer = [card.set, card.isToken ? "token" : undefined].filter(Boolean).join(" · ");
  if (footer) parts.push(text(fitLine(footer, 90, 8), { x: 18, y: CARD_HEIGHT - 16, "font-family": FONT, "font-size": 8, fill: "#6b6470" }));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${xmlEscape(title)}">` +
    `<title>${xmlEscape(title)}</title>` +
    parts.join("") +
    `</svg>`
  );
}

function pipsRowWidth(pips: CostPip[]): number {
  return pips.reduce((w, p) => w + (p.label.length > 2 ? p.label.length * 6.5 + 12 : 20), 0);
}

function renderPips(pips: CostPip[], x: number, cy: number): string {
  let out = "";
  for (const pip of pips) {
    if (pip.label.length > 2) {
      const w = pip.label.length * 6.5 + 10;
      out += element("rect", { x, y: cy - 9, width: w, height: 18, rx: 9, fill: pip.fill, stroke: "#fff", "stroke-width": 1 });
      out += text(pip.label, { x: x + w / 2, y: cy + 4, "text-anchor": "middle", "font-family": FONT, "font-size": 10, fill: inkOn(pip.fill), class: "cw-face-cost" });
      x += w + 2;
    } else {
      out += element("circle", { cx: x + 9, cy, r: 9, fill: pip.fill, stroke: "#fff", "stroke-width": 1 });
      out += text(pip.label, { x: x + 9, y: cy + 4, "text-anchor": "middle", "font-family": FONT, "font-size": 11, "font-weight": "bold", fill: inkOn(pip.fill), class: "cw-face-cost" });
      x += 20;
    }
  }
  return out;
}

const LINE_HEIGHT = 1.22;
const ABILITY_GAP = 0.45; // in lines, between two abilities

/** Height of the abilities set at `size`, wrapped to `width`. */
function abilitiesHeight(blocks: { text: string }[], width: number, size: number): number {
  if (blocks.length === 0) return 0;
  const lines = blocks.reduce((n, b) => n + wrap(b.text, width, size).length, 0);
  return (lines + ABILITY_GAP * (blocks.length - 1)) * size * LINE_HEIGHT;
}

function renderAbilities(blocks: { tag?: string; text: string }[], box: { x: number; y: number; width: number; height: number }, showTags: boolean): string {
  if (blocks.length === 0) return "";
  const tagWidth = showTags ? 12 : 0;
  const width = box.width - tagWidth;
  // One font size for every ability of the card: the largest that fits the box.
  let size = 11.5;
  while (size > 6.5 && abilitiesHeight(blocks, width, size) > box.height) size -= 0.25;
  const lineHeight = size * LINE_HEIGHT;
  let y = box.y + size;
  let out = "";
  for (const block of blocks) {
    const lines = wrap(block.text, width, size);
    if (showTags && block.tag) {
      const fill = colourFor(block.tag);
      out += element("rect", { x: box.x, y: (y - size + 1).toFixed(1), width: 6, height: Math.max(lineHeight * lines.length - 2, 6).toFixed(1), rx: 2, fill });
    }
    for (const line of lines) {
      if (y > box.y + box.height + 1) return out; // below the smallest size the text is clipped, never drawn over the stats
      out += text(line, { x: box.x + tagWidth, y: y.toFixed(1), "font-family": FONT, "font-size": size, fill: "#1d1b20", class: "cw-face-text" });
      y += lineHeight;
    }
    y += lineHeight * ABILITY_GAP;
  }
  return out;
}

function hashId(value: string): string {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 16777619) >>> 0;
  return hash.toString(36);
}

/** A sheet of faces laid out in a grid (e.g. a Tabletop Simulator deck image or a gallery print). */
export function renderFaceSheet(cards: readonly FaceCard[], options: FaceOptions & { columns?: number } = {}): string {
  const columns = Math.max(1, options.columns ?? 10);
  const rows = Math.max(1, Math.ceil(cards.length / columns));
  const inner = cards
    .map((card, i) => {
      const x = (i % columns) * CARD_WIDTH;
      const y = Math.floor(i / columns) * CARD_HEIGHT;
      const face = renderCardFace(card, { ...options, width: CARD_WIDTH, idPrefix: `s${i}` });
      return `<g transform="translate(${x} ${y})">${face.replace(/^<svg[^>]*>/, "<svg width=\"" + CARD_WIDTH + "\" height=\"" + CARD_HEIGHT + "\" viewBox=\"0 0 " + CARD_WIDTH + " " + CARD_HEIGHT + "\">")}</g>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${columns * CARD_WIDTH}" height="${rows * CARD_HEIGHT}" viewBox="0 0 ${columns * CARD_WIDTH} ${rows * CARD_HEIGHT}">${inner}</svg>`;
}

/** The back of every card of a game: its name on a frame in the game's first colours. */
export function renderCardBack(game?: Pick<GameModel, "id" | "name" | "colors">, options: { width?: number } = {}): string {
  const width = options.width ?? CARD_WIDTH;
  const height = Math.round((width * CARD_HEIGHT) / CARD_WIDTH);
  const colours = (game?.colors ?? []).slice(0, 5).map(colourFor);
  if (colours.length === 0) colours.push("#3b3640");
  const bands = colours
    .map((c, i) => element("rect", { x: 24, y: 60 + i * (230 / colours.length), width: CARD_WIDTH - 48, height: 230 / colours.length, fill: c, opacity: 0.85 }))
    .join("");
  const name = game?.name ?? game?.id ?? "Cardwright";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${xmlEscape(name)} card back">` +
    element("rect", { x: 0, y: 0, width: CARD_WIDTH, height: CARD_HEIGHT, rx: 14, fill: "#1d1b20" }) +
    element("rect", { x: 12, y: 12, width: CARD_WIDTH - 24, height: CARD_HEIGHT - 24, rx: 9, fill: "none", stroke: "#c9a23a", "stroke-width": 2 }) +
    bands +
    element("rect", { x: 24, y: CARD_HEIGHT / 2 - 22, width: CARD_WIDTH - 48, height: 44, fill: "#1d1b20", opacity: 0.85 }) +
    text(fitLine(name, CARD_WIDTH - 60, 16 * 1.12), { x: CARD_WIDTH / 2, y: CARD_HEIGHT / 2 + 6, "text-anchor": "middle", "font-family": FONT, "font-size": 16, "font-weight": "bold", fill: "#f6f1e7" }) +
    `</svg>`
  );
}
