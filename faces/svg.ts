/** Drawings as SVG documents (strings, no DOM): what the studio shows inline and resvg rasterises. */
import type { Drawing, Shape } from "./draw.ts";
import { FONT_FAMILIES } from "./fonts.ts";

/** Escapes text for XML content and attribute values: card text is data, never markup. */
export function xmlEscape(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Control characters are not allowed in XML 1.0; drop them rather than emit an invalid document.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
  );
}

export type Attributes = Record<string, string | number | undefined>;

export function attrs(attributes: Attributes): string {
  return Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");
}

export function element(name: string, attributes: Attributes, children = ""): string {
  return children === "" ? `<${name}${attrs(attributes)}/>` : `<${name}${attrs(attributes)}>${children}</${name}>`;
}

export interface SvgOptions {
  /** Pixel width of the document (the drawing is scaled; default: 4 px per millimetre). */
  width?: number;
  /** Where a workspace image can be loaded from (a URL or a data: URI); undefined leaves the placeholder showing. */
  imageHref?: (path: string) => string | undefined;
}

const n = (value: number) => +value.toFixed(3);

function shapeSvg(shape: Shape, options: SvgOptions): string {
  switch (shape.kind) {
    case "rect":
      return element("rect", {
        x: n(shape.x),
        y: n(shape.y),
        width: n(shape.width),
        height: n(shape.height),
        rx: shape.rx ? n(shape.rx) : undefined,
        fill: shape.fill,
        stroke: shape.stroke,
        "stroke-width": shape.strokeWidth,
        opacity: shape.opacity,
      });
    case "circle":
      return element("circle", { cx: n(shape.cx), cy: n(shape.cy), r: n(shape.r), fill: shape.fill, stroke: shape.stroke, "stroke-width": shape.strokeWidth });
    case "path":
      return element("path", { d: shape.d, fill: shape.fill, opacity: shape.opacity });
    case "text": {
      const font = FONT_FAMILIES[shape.font];
      return `<text${attrs({
        x: n(shape.x),
        y: n(shape.y),
        "font-family": font.family,
        "font-weight": font.weight === "bold" ? "bold" : undefined,
        "font-size": n(shape.size),
        "font-kerning": "none",
        fill: shape.fill,
        "text-anchor": shape.anchor === "start" ? undefined : shape.anchor,
        "xml:space": "preserve",
        class: `cw-face-${shape.role}`,
      })}>${xmlEscape(shape.text)}</text>`;
    }
    case "image": {
      const href = options.imageHref?.(shape.path);
      if (href === undefined) return "";
      return element("image", { href, x: n(shape.x), y: n(shape.y), width: n(shape.width), height: n(shape.height), preserveAspectRatio: "xMidYMid slice", class: "cw-face-art", "data-art": shape.path });
    }
  }
}

/** A drawing as a standalone SVG document. */
export function drawingToSvg(drawing: Drawing, options: SvgOptions = {}): string {
  const { width, height, bleed } = drawing;
  const fullWidth = width + 2 * bleed;
  const fullHeight = height + 2 * bleed;
  const pixelWidth = options.width ?? Math.round(fullWidth * 4);
  const pixelHeight = Math.round((pixelWidth * fullHeight) / fullWidth);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="${n(-bleed)} ${n(-bleed)} ${n(fullWidth)} ${n(fullHeight)}" role="img" aria-label="${xmlEscape(drawing.title)}">` +
    `<title>${xmlEscape(drawing.title)}</title>` +
    drawing.shapes.map((shape) => shapeSvg(shape, options)).join("") +
    `</svg>`
  );
}
