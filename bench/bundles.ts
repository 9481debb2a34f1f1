/** A game's compiled bundle from its files on disk (cards/<game>/: the game file and its card sets). */
import { readFileSync, readdirSync } from "node:fs";
import { lowerWorkspace } from "../compiler/lower.ts";
import type { CompiledBundle } from "../compiler/ir.ts";

export function bundleOf(game: string): CompiledBundle {
  const files = readdirSync(`cards/${game}`)
    .filter((f) => f.endsWith(".game") || f.endsWith(".cards"))
    .sort()
    .map((f) => ({ path: `cards/${game}/${f}`, text: readFileSync(`cards/${game}/${f}`, "utf8") }));
  const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === game);
  if (!bundle) throw new Error(`no game "${game}" in cards/${game}/`);
  return bundle;
}
