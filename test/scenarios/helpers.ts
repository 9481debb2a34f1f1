// Engines for the bundled games, scenario text run through the same parser, checker and runner as `cardwright test`.
import { readdirSync, readFileSync } from "node:fs";
import { vi } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
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
