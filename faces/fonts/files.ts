/** The TTF file of each font a face is set in (beside this file), by the faces' font key. */
export const FONT_FILES = {
  sans: "DejaVuSans.ttf",
  "sans-bold": "DejaVuSans-Bold.ttf",
  serif: "DejaVuSerif.ttf",
  "serif-bold": "DejaVuSerif-Bold.ttf",
} as const;

export type FontKey = keyof typeof FONT_FILES;
