/**
 * A face as a list of shapes, in millimetres on the card (origin at its top left; the bleed, when
 * asked for, lies at negative coordinates and past the card's size). One drawing, two painters:
 * svg.ts for the studio and the PNG exports, export/pdf.ts for print (vector shapes, text as text).
 */
import type { FontKey } from "./fonts.ts";

export interface RectShape {
  kind: "rect";
  x: number;
  y: number;
  width: number;
  height: number;
  rx?: number;
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}

export interface CircleShape {
  kind: "circle";
  cx: number;
  cy: number;
  r: number;
  fill: string;
  stroke?: string;
  strokeWidth?: number;
}

/** An SVG path (absolute M/L/Z/A commands only, so every painter can read it). */
export interface PathShape {
  kind: "path";
  d: string;
  fill: string;
  opacity?: number;
}

export interface TextShape {
  kind: "text";
  /** The anchor point: `x` per `anchor`, `y` the baseline. */
  x: number;
  y: number;
  text: string;
  font: FontKey;
  /** In millimetres. */
  size: number;
  fill: string;
  anchor: "start" | "middle" | "end";
  /** What the line is (name, type, text, cost, stat, ...), kept as a class for tests and styling. */
  role: string;
}

/** A workspace image drawn to cover its box (cropped, never stretched). */
export interface ImageShape {
  kind: "image";
  path: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Shape = RectShape | CircleShape | PathShape | TextShape | ImageShape;

export interface Drawing {
  /** The card's trim size. */
  width: number;
  height: number;
  /** How far the drawing reaches past the trim on every side. */
  bleed: number;
  /** For assistive technology: the card's name. */
  title: string;
  shapes: Shape[];
}

/** A rounded rectangle as an SVG path (for painters without rounded rectangles). */
export function roundedRectPath(x: number, y: number, width: number, height: number, rx: number): string {
  const r = Math.max(0, Math.min(rx, width / 2, height / 2));
  const n = (v: number) => +v.toFixed(3);
  if (r === 0) return `M${n(x)} ${n(y)}L${n(x + width)} ${n(y)}L${n(x + width)} ${n(y + height)}L${n(x)} ${n(y + height)}Z`;
  return (
    `M${n(x + r)} ${n(y)}L${n(x + width - r)} ${n(y)}A${n(r)} ${n(r)} 0 0 1 ${n(x + width)} ${n(y + r)}` +
    `L${n(x + width)} ${n(y + height - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + width - r)} ${n(y + height)}` +
    `L${n(x + r)} ${n(y + height)}A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + height - r)}` +
    `L${n(x)} ${n(y + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z`
  );
}
