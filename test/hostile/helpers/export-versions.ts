/** Two exports of one output folder that share some files, add some and drop some (nested folders included). */
import type { ExportFile } from "../../../export/types.ts";

const PATHS = { a: ["cards.json", "images/one.png", "images/two.png", "old/only-a.txt", "shared.xml"], b: ["cards.json", "images/one.png", "images/three.png", "new/deep/only-b.txt", "shared.xml"] };

export const contentOf = (version: string, path: string): string => `${version}:${path}:${"x".repeat(2000)}`;

export function exportVersion(version: "a" | "b"): ExportFile[] {
  return PATHS[version].map((path) => ({ path, contents: contentOf(version, path) }));
}
