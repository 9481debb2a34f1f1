/**
 * The new-card snippets, inserted with their defaults into each game's workspace, check clean
 * (no error, no warning, CW6001 included): what the snippet offers is a card the engine runs.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { cardSnippets, snippetDefaults } from "../../studio/src/language/snippets.ts";

const root = path.join(import.meta.dirname, "..", "..", "cards");
const games = readdirSync(root).filter((g) => readdirSync(path.join(root, g)).includes(`${g}.game`));

describe("new-card snippets", () => {
  it.each(games)("insert cards that check clean and that the engine runs (%s)", (game) => {
    const sources = readdirSync(path.join(root, game))
      .filter((f) => /\.(game|cards)$/.test(f))
      .map((f) => ({ path: `${game}/${f}`, text: readFileSync(path.join(root, game, f), "utf8") }));
    const before = analyzeWorkspace(sources);
    const definitions = before.model.games.find((g) => g.id === game)!.definitions ?? [];
    const snippets = cardSnippets(definitions);
    expect(snippets.length).toBe(definitions.filter((d) => d.kind === "cardtype").length);
    const cards = snippets.map((s) => snippetDefaults(s.body));
    for (const card of cards) expect(card).not.toMatch(/\$\{/);
    const file = { path: `${game}/snippet-probe.cards`, text: `set SNP "Snippets" for ${game}\n\n${cards.join("\n\n")}\n` };
    const analysis = analyzeWorkspace([...sources, file]);
    const problems = [...analysis.model.diagnostics, ...engineWarnings(analysis, [...sources, file])].filter((d) => d.file === file.path);
    expect(problems.map((d) => `${d.code} ${d.range.start.line}: ${d.message}`)).toEqual([]);
    expect(analysis.model.sets.find((s) => s.file === file.path)?.cards.length).toBe(cards.length);
  });
});
