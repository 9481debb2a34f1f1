// Engines for the bundled games, scenario text run through the same parser, checker and runner as `cardwright test`.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { vi } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { scenarioDiagnostics } from "../../compiler/scenario-check.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { runScenario, type ScenarioResult } from "../../runtime/scenario.ts";
import { main } from "../../cli/main.ts";

const engines = new Map<string, Engine>();

/** The engine of a bundled game: its game folder's game file and every card file in it (the starter set, the scenarios' test cards). */
export function engineOf(game: string): Engine {
  let engine = engines.get(game);
  if (!engine) {
    const paths = readdirSync(`cards/${game}`, { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".game") || p.endsWith(".cards"));
    const files = paths.sort().map((p) => ({ path: `cards/${game}/${p}`, text: readFileSync(`cards/${game}/${p}`, "utf8") }));
    engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === game)!);
    engines.set(game, engine);
  }
  return engine;
}

/** Runs every scenario of a text (its game from its header); syntax problems come back as the file's diagnostics. */
export function runText(text: string, file = "t.scenario"): { results: ScenarioResult[]; diagnostics: string[] } {
  const parsed = parseScenarioFile(text, file);
  return { results: parsed.scenarios.map((s) => runScenario(engineOf(s.game), s)), diagnostics: parsed.diagnostics.map((d) => `${d.range.start.line}: ${d.code} ${d.message}`) };
}

/** The failures of the one scenario of a text, as `line: message`. */
export function failuresOf(text: string): string[] {
  const { results } = runText(text);
  return results[0]!.failures.map((f) => `${f.line}: ${f.message}${f.expected !== undefined ? ` | expected ${f.expected} | actual ${f.actual}` : ""}`);
}

/** A `cardwright` command run through main(), as a user runs it. */
export async function cli(args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), out };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The check's diagnostics of one scenario text of a bundled game (as `cardwright check` and the studio give them), as
 * `line:column code suggestion`, sorted. `gameText` rewrites the game file first (a variant of the game).
 */
export function checked(game: string, text: string, gameText: (text: string) => string = (t) => t): string[] {
  const files = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`].map((p) => ({ path: p, text: readFileSync(p, "utf8") }));
  files[0]!.text = gameText(files[0]!.text);
  const analysis = analyzeWorkspace([...files, { path: `cards/${game}/scenarios/s.scenario`, text }]);
  const syntax = analysis.model.diagnostics.filter((d) => d.file.endsWith("s.scenario"));
  return [...syntax, ...scenarioDiagnostics(analysis)].map((d) => `${d.range.start.line}:${d.range.start.column} ${d.code}${d.suggestion ? ` ${d.suggestion}` : ""}`).sort();
}

/**
 * A copy of a bundled game's folder at `dir` — its game file, its starter set and the decks named (`decks/<name>`) —
 * with extra files (`{ "scenarios/x.scenario": text }`), for `cardwright test` / `check` run on a real folder.
 */
export function gameFolderAt(dir: string, extra: Record<string, string> = {}, options: { game?: string; decks?: string[] } = {}): string {
  const game = options.game ?? "duel";
  const repo = process.cwd();
  mkdirSync(path.join(dir, "decks"), { recursive: true });
  copyFileSync(path.join(repo, `cards/${game}/${game}.game`), path.join(dir, `${game}.game`));
  copyFileSync(path.join(repo, `cards/${game}/core.cards`), path.join(dir, "core.cards"));
  for (const deck of options.decks ?? []) copyFileSync(path.join(repo, `cards/${game}/decks/${deck}`), path.join(dir, `decks/${deck}`));
  for (const [name, text] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
