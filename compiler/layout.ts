/**
 * A game's card face, declared in its game file, one `layout` line per part:
 *
 *   layout card width 63 height 88 corner 3 border 3 background "#f4ecd8" font serif
 *   layout frame Red "#b3342c" ink "#ffffff"
 *   layout name at 6 5 width 51 height 7 font serif bold 10 fill frame ink "#ffffff"
 *   layout text at 6 51 width 51 height 27 font serif 8 min 5
 *   layout back fill "#1d1b20" ink "#c9a23a" title "Three-Slot Duel"
 *
 * Lengths are whole millimetres from the card's top left corner, font sizes whole points.
 * Checked like the rest of the game file: an unknown part or property gets a did-you-mean,
 * a wrong value says what it takes, a region must lie on the card; each part is declared once.
 * The result is plain data (`FaceLayoutSpec`); faces/ fills in whatever is not declared.
 */
import type { Range } from "./diagnostics.ts";
import type { LayoutItem, LayoutLineView } from "./check-input.ts";
import type { Accept } from "./check.ts";
import { closestName } from "./check-suggest.ts";
import { FACE_FONTS, FACE_REGIONS, type FaceFontName, type FaceLayoutSpec, type FaceRegionName, type FaceRegionSpec } from "./model.ts";
import type { GameVocabulary } from "./vocabulary.ts";

/** A poker card, 63 × 88 mm: the size of a face whose game declares none. */
export const DEFAULT_CARD_SIZE = { width: 63, height: 88 } as const;
/** Frame names besides the game's colours: a card of several colours, and a card of none. */
export const SPECIAL_FRAMES = ["multicolor", "colorless"] as const;

const CARD_PROPERTIES = ["width", "height", "corner", "border", "background", "ink", "font"] as const;
const REGION_PROPERTIES = ["at", "width", "height", "font", "bold", "size", "min", "fill", "ink", "align", "hidden"] as const;
const FRAME_PROPERTIES = ["ink"] as const;
const BACK_PROPERTIES = ["fill", "ink", "title"] as const;
const PARTS = ["card", "frame", "back", ...FACE_REGIONS] as const;
const ALIGNMENTS = ["left", "center", "right"] as const;

/** Sizes a layout may give, so a typo cannot ask for a card the size of a table. */
const LIMITS = { card: [20, 300], corner: [0, 20], border: [0, 30], size: [3, 72] } as const;

interface Context {
  accept: Accept;
  vocabulary: GameVocabulary;
}

/** Reads a game's layout lines into a layout; problems go to `accept` at their words. */
export function checkLayout(lines: readonly LayoutLineView[], vocabulary: GameVocabulary, accept: Accept): FaceLayoutSpec | undefined {
  if (lines.length === 0) return undefined;
  const context: Context = { accept, vocabulary };
  const layout: FaceLayoutSpec = {};
  const declared = new Map<string, Range>();
  const regionRanges = new Map<FaceRegionName, Range>();

  for (const line of lines) {
    const [partItem, ...rest] = line.items;
    if (!partItem) {
      accept("CW2090", line.headRange, { word: "nothing", parts: PARTS.join(", ") });
      continue;
    }
    const part = partItem.text.toLowerCase();
    if (partItem.kind !== "word" || !(PARTS as readonly string[]).includes(part)) {
      accept("CW2090", partItem.range, { word: partItem.text, parts: PARTS.join(", ") }, closestName(partItem.text, [...PARTS]));
      continue;
    }
    let key = part;
    let items = rest;
    if (part === "frame") {
      const frame = frameLine(rest, line, context);
      if (!frame) continue;
      key = `frame ${frame.name.toLowerCase()}`;
      if (!once(declared, key, frame.range, `frame ${frame.name}`, accept)) continue;
      (layout.frames ??= {})[frame.name] = frame.value;
      continue;
    }
    if (!once(declared, key, partItem.range, part, accept)) continue;
    if (part === "card") {
      const values = properties(items, CARD_PROPERTIES, part, context);
      const card: NonNullable<FaceLayoutSpec["card"]> = {};
      for (const [name, value] of values) {
        if (name === "width" || name === "height") card[name] = bounded(value, LIMITS.card, name, context);
        else if (name === "corner" || name === "border") card[name] = bounded(value, LIMITS[name], name, context);
        else if (name === "background" || name === "ink") card[name] = value.text;
        else if (name === "font") card.font = value.font!;
      }
      layout.card = card;
    } else if (part === "back") {
      const values = properties(items, BACK_PROPERTIES, part, context);
      const back: NonNullable<FaceLayoutSpec["back"]> = {};
      for (const [name, value] of values) {
        if (name === "title") back.title = value.text;
        else back[name as "fill" | "ink"] = value.text;
      }
      layout.back = back;
    } else {
      const region = part as FaceRegionName;
      const spec: FaceRegionSpec = {};
      for (const [name, value] of properties(items, REGION_PROPERTIES, part, context)) {
        if (name === "at") {
          spec.x = value.numbers![0];
          spec.y = value.numbers![1];
        } else if (name === "width" || name === "height") spec[name] = value.number!;
        else if (name === "font") {
          spec.font = value.font!;
          if (value.bold) spec.bold = true;
          if (value.number !== undefined) spec.size = bounded(value, LIMITS.size, "font size", context);
        } else if (name === "size" || name === "min") spec[name] = bounded(value, LIMITS.size, name === "min" ? "smallest size" : "font size", context);
        else if (name === "bold") spec.bold = true;
        else if (name === "hidden") spec.hidden = true;
        else if (name === "fill" || name === "ink") spec[name] = value.text;
        else if (name === "align") spec.align = value.text as FaceRegionSpec["align"];
      }
      if (spec.min !== undefined && spec.size !== undefined && spec.min > spec.size) {
        accept("CW2092", line.range, { property: "min", expected: `a size no larger than the font size (${spec.size} pt)`, found: `${spec.min}` });
        delete spec.min;
      }
      (layout.regions ??= {})[region] = spec;
      regionRanges.set(region, line.range);
    }
  }

  // Every region on the card (checked once the card's own size is known, wherever its line is).
  const width = layout.card?.width ?? DEFAULT_CARD_SIZE.width;
  const height = layout.card?.height ?? DEFAULT_CARD_SIZE.height;
  for (const [region, spec] of Object.entries(layout.regions ?? {}) as [FaceRegionName, FaceRegionSpec][]) {
    const { x, y, width: w, height: h } = spec;
    if (x === undefined || y === undefined || w === undefined || h === undefined) continue;
    if (x + w > width || y + h > height || w === 0 || h === 0) {
      accept("CW2093", regionRanges.get(region)!, { part: region, box: `at ${x} ${y}, ${w} × ${h} mm`, card: `${width} × ${height} mm` });
    }
  }
  return layout;
}

function once(declared: Map<string, Range>, key: string, range: Range, what: string, accept: Accept): boolean {
  const first = declared.get(key);
  if (first) {
    accept("CW2095", range, { part: what, line: first.start.line });
    return false;
  }
  declared.set(key, range);
  return true;
}

/** `frame Red "#b3342c" [ink "#fff"]`: a colour of the game (or multicolor/colorless) and its fill. */
function frameLine(items: LayoutItem[], line: LayoutLineView, context: Context): { name: string; range: Range; value: { fill: string; ink?: string } } | undefined {
  const [nameItem, fillItem, ...rest] = items;
  if (!nameItem || (nameItem.kind !== "word" && nameItem.kind !== "string")) {
    context.accept("CW2092", nameItem?.range ?? line.range, { property: "frame", expected: "a colour of the game, multicolor or colorless, then its colour", found: nameItem ? `"${nameItem.text}"` : "nothing" });
    return undefined;
  }
  const special = (SPECIAL_FRAMES as readonly string[]).find((s) => s === nameItem.text.toLowerCase() || (s === "multicolor" && nameItem.text.toLowerCase() === "multicolour") || (s === "colorless" && nameItem.text.toLowerCase() === "colourless"));
  const colour = special ? undefined : context.vocabulary.lookup("color", nameItem.text);
  if (!special && !colour) {
    const names = [...context.vocabulary.names("color"), ...SPECIAL_FRAMES];
    context.accept("CW2094", nameItem.range, { word: nameItem.text, game: context.vocabulary.id, names: names.join(", ") }, closestName(nameItem.text, names));
    return undefined;
  }
  const fill = colourValue(fillItem, "frame", context, false, nameItem.range);
  if (fill === undefined) return undefined;
  const value: { fill: string; ink?: string } = { fill };
  for (const [name, parsed] of properties(rest, FRAME_PROPERTIES, "frame", context)) if (name === "ink") value.ink = parsed.text;
  return { name: special ?? colour!.name, range: nameItem.range, value };
}

interface Parsed {
  text: string;
  number?: number;
  numbers?: number[];
  font?: FaceFontName;
  bold?: boolean;
  range: Range;
}

/** Reads `name value name value ...` for the properties a part takes. */
function properties(items: LayoutItem[], allowed: readonly string[], part: string, context: Context): [string, Parsed][] {
  const out: [string, Parsed][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < items.length; ) {
    const item = items[i]!;
    const name = item.text.toLowerCase();
    if (item.kind !== "word" || !allowed.includes(name)) {
      context.accept("CW2091", item.range, { part, word: item.text, properties: allowed.join(", ") }, item.kind === "word" ? closestName(item.text, [...allowed]) : undefined);
      return out; // the rest of the line would only echo this mistake
    }
    if (seen.has(name)) context.accept("CW2092", item.range, { property: name, expected: "to be given once per line", found: "it twice" });
    seen.add(name);
    i++;
    const next = (): LayoutItem | undefined => items[i];
    let parsed: Parsed | undefined;
    switch (name) {
      case "bold":
      case "hidden":
        parsed = { text: name, range: item.range };
        break;
      case "at": {
        const a = numberValue(next(), name, context, item.range);
        if (a === undefined) return out;
        i++;
        const b = numberValue(next(), name, context, item.range, "two numbers, the distances in millimetres from the card's left and top edges");
        if (b === undefined) return out;
        i++;
        parsed = { text: `${a} ${b}`, numbers: [a, b], range: item.range };
        break;
      }
      case "font": {
        const family = next();
        const fonts = FACE_FONTS as readonly string[];
        if (!family || family.kind !== "word" || !fonts.includes(family.text.toLowerCase())) {
          context.accept("CW2092", family?.range ?? item.range, { property: "font", expected: `one of the fonts Cardwright ships (${FACE_FONTS.join(", ")}), then optionally bold and a size in points`, found: family ? `"${family.text}"` : "nothing" }, family?.kind === "word" ? closestName(family.text, [...fonts]) : undefined);
          return out;
        }
        i++;
        parsed = { text: family.text.toLowerCase(), font: family.text.toLowerCase() as FaceFontName, range: family.range };
        if (next()?.kind === "word" && next()!.text.toLowerCase() === "bold") {
          parsed.bold = true;
          i++;
        }
        if (next()?.kind === "number") {
          parsed.number = next()!.value!;
          parsed.range = next()!.range;
          i++;
        }
        break;
      }
      case "background":
      case "fill":
      case "ink": {
        const value = colourValue(next(), name, context, name !== "background", item.range);
        if (value === undefined) return out;
        i++;
        parsed = { text: value, range: item.range };
        break;
      }
      case "align": {
        const value = next();
        const word = value?.text.toLowerCase() === "centre" ? "center" : value?.text.toLowerCase();
        if (!value || value.kind !== "word" || !(ALIGNMENTS as readonly string[]).includes(word!)) {
          context.accept("CW2092", value?.range ?? item.range, { property: "align", expected: ALIGNMENTS.join(", "), found: value ? `"${value.text}"` : "nothing" }, value ? closestName(value.text, [...ALIGNMENTS]) : undefined);
          return out;
        }
        i++;
        parsed = { text: word!, range: value.range };
        break;
      }
      case "title": {
        const value = next();
        if (!value || value.kind !== "string") {
          context.accept("CW2092", value?.range ?? item.range, { property: "title", expected: "a quoted title", found: value ? `"${value.text}"` : "nothing" });
          return out;
        }
        i++;
        parsed = { text: value.text, range: value.range };
        break;
      }
      default: {
        const value = numberValue(next(), name, context, item.range);
        if (value === undefined) return out;
        parsed = { text: String(value), number: value, range: next()!.range };
        i++;
      }
    }
    out.push([name, parsed]);
  }
  return out;
}

function numberValue(item: LayoutItem | undefined, property: string, context: Context, where: Range, expected = "a whole number (millimetres, or points for a font size)"): number | undefined {
  if (item?.kind === "number" && item.value! >= 0) return item.value!;
  context.accept("CW2092", item?.range ?? where, { property, expected, found: item ? `"${item.text}"` : "nothing" });
  return undefined;
}

function bounded(value: Parsed, [low, high]: readonly [number, number], what: string, context: Context): number | undefined {
  const n = value.number!;
  if (n >= low && n <= high) return n;
  context.accept("CW2092", value.range, { property: what, expected: `a number from ${low} to ${high}`, found: String(n) });
  return undefined;
}

/** `"#b3342c"`, `"#fff"`; and, where a region may take its card's frame colour or nothing, `frame` / `none`. */
function colourValue(item: LayoutItem | undefined, property: string, context: Context, wordsAllowed: boolean, where: Range): string | undefined {
  if (item?.kind === "string" && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(item.text)) {
    const hex = item.text.toLowerCase();
    return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  }
  if (wordsAllowed && item?.kind === "word" && ["frame", "none"].includes(item.text.toLowerCase())) return item.text.toLowerCase();
  const expected = wordsAllowed ? 'a colour in quotes ("#b3342c" or "#fff"), frame (the card\'s frame colour) or none' : 'a colour in quotes ("#b3342c" or "#fff")';
  context.accept("CW2092", item?.range ?? where, { property, expected, found: item ? `"${item.text}"` : "nothing" });
  return undefined;
}
