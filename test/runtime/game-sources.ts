// The sources a game's scenarios run against: its game file, its starter set, and the test card
// sets beside its scenarios (cards/<game>/scenarios/*.cards), as `cardwright test cards/<game>` reads them.
import { readFileSync, readdirSync } from "node:fs";
import type { SourceFile } from "../../compiler/model.ts";

export function gameSources(game: string): SourceFile[] {
  const dir = `cards/${game}/scenarios`;
  const testSets = readdirSync(dir).filter((f) => f.endsWith(".cards")).sort().map((f) => `${dir}/${f}`);
  return [`cards/${game}/${game}.game`, `cards/${game}/core.cards`, ...testSets].map((path) => ({ path, text: readFileSync(path, "utf8") }));
}
