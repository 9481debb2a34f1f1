/**
 * Card images for the exports. Faces are SVG documents (from faces/); a sheet
 * is one SVG holding every face as a nested <svg> at its grid slot, rasterised once by resvg.
 * Nesting shares one id namespace, so each face's ids (gradients, clip paths) get a prefix.
 * This module knows nothing of where faces come from: it takes SVG strings.
 */
import { fileURLToPath } from "node:url";
import { FONT_FILES } from "../faces/fonts/files.ts";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";

const XML_OPTIONS = {
  ignoreAttributes: false,
  preserveOrder: true,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

export class SvgError extends Error {}

export interface SheetLayout {
  columns: number;
  rows: number;
  cardWidth: number;
  cardHeight: number;
}

interface PreparedFace {
  node: XmlNode;
  viewBox: string;
}

function parseLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

function prefixReference(value: string, prefix: string): string {
  return value.replace(/url\(\s*(['"]?)#([^)'"]+)\1\s*\)/g, (_all, quote: string, id: string) => `url(${quote}#${prefix}${id}${quote})`);
}

function prefixIds(nodes: XmlNode[], prefix: string): void {
  for (const node of nodes) {
    const attributes = node[":@"];
    if (attributes) {
      for (const [name, value] of Object.entries(attributes)) {
        if (name === "@_id") attributes[name] = prefix + value;
        else if ((name === "@_href" || name === "@_xlink:href") && value.startsWith("#")) attributes[name] = `#${prefix}${value.slice(1)}`;
        else if (value.includes("url(")) attributes[name] = prefixReference(value, prefix);
      }
    }
    for (const [key, children] of Object.entries(node)) {
      if (key === ":@" || !Array.isArray(children)) continue;
      if (key === "style") {
        for (const child of children as XmlNode[]) {
          if (typeof child["#text"] === "string") child["#text"] = prefixReference(child["#text"], prefix);
        }
      }
      prefixIds(children as XmlNode[], prefix);
    }
  }
}

/** Parses one face SVG, checks it is a usable <svg> document and prefixes its ids. */
export function prepareFace(svg: string, idPrefix: string): PreparedFace {
  const valid = XMLValidator.validate(svg);
  if (valid !== true) throw new SvgError(`the SVG is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const tree = new XMLParser(XML_OPTIONS).parse(svg) as XmlNode[];
  const root = tree.find((node) => Object.keys(node).some((key) => key === "svg"));
  if (!root) throw new SvgError("the document has no <svg> root element");
  const attributes = root[":@"] ?? {};
  let viewBox = attributes["@_viewBox"];
  if (viewBox === undefined) {
    const width = parseLength(attributes["@_width"]);
    const height = parseLength(attributes["@_height"]);
    if (width === undefined || height === undefined) throw new SvgError("the <svg> has neither a viewBox nor numeric width and height");
    viewBox = `0 0 ${width} ${height}`;
  }
  prefixIds([root], idPrefix);
  return { node: root, viewBox };
}

/** Places prepared faces on a grid, left to right, top to bottom; returns the sheet SVG. */
export function composeSheet(faces: PreparedFace[], layout: SheetLayout): string {
  if (faces.length > layout.columns * layout.rows) throw new Error(`${faces.length} faces do not fit a ${layout.columns}x${layout.rows} sheet`);
  const width = layout.columns * layout.cardWidth;
  const height = layout.rows * layout.cardHeight;
  const slots = faces.map((face, index) => {
    const attributes = { ...face.node[":@"] };
    attributes["@_x"] = String((index % layout.columns) * layout.cardWidth);
    attributes["@_y"] = String(Math.floor(index / layout.columns) * layout.cardHeight);
    attributes["@_width"] = String(layout.cardWidth);
    attributes["@_height"] = String(layout.cardHeight);
    attributes["@_viewBox"] = face.viewBox;
    return { svg: face.node["svg"], ":@": attributes };
  });
  const sheet = [
    {
      svg: slots,
      ":@": { "@_xmlns": "http://www.w3.org/2000/svg", "@_width": String(width), "@_height": String(height), "@_viewBox": `0 0 ${width} ${height}` },
    },
  ];
  return new XMLBuilder({ ...XML_OPTIONS, suppressEmptyNode: true, format: false }).build(sheet) as string;
}

/** The fonts faces are set in, shipped in faces/fonts/: every machine draws the same glyphs (exports diff cleanly), no system font is scanned. */
const fontOptions: ResvgRenderOptions["font"] = {
  loadSystemFonts: false,
  fontFiles: Object.values(FONT_FILES).map((file) => fileURLToPath(new URL(`../faces/fonts/${file}`, import.meta.url))),
  defaultFontFamily: "DejaVu Sans",
  sansSerifFamily: "DejaVu Sans",
  serifFamily: "DejaVu Serif",
};

function fonts(): ResvgRenderOptions["font"] {
  return fontOptions;
}

/** Rasterises an SVG document to PNG bytes at its own pixel size. */
export function renderPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg, { fitTo: { mode: "original" }, font: fonts(), shapeRendering: 2, textRendering: 1 });
  return new Uint8Array(resvg.render().asPng());
}

/** Sheet grid for n cards: at most 10x7 (Tabletop Simulator's limit), at least 2x2 (its importer's). */
export function sheetLayout(count: number, cardWidth: number, cardHeight: number): SheetLayout {
  const columns = Math.min(10, Math.max(2, count));
  const rows = Math.min(7, Math.max(2, Math.ceil(count / columns)));
  return { columns, rows, cardWidth, cardHeight };
}

export const MAX_CARDS_PER_SHEET = 70;
