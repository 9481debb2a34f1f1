/**
 * Fuzz target: the public compiler API on mutated bundled files — checking, formatting, editor
 * queries, lowering, loading the result into the engine and a few moves of a game, and scenario
 * parsing. The oracle: nothing throws; every diagnostic lies inside its file; formatted text
 * formats to itself, and a scenario file (by its first token) keeps every character but white space
 * (compiler/format-scenario.ts); the engine either
 * loads a lowered game or refuses it with a BundleError.
 */
import { parseDocument } from "../compiler/build.ts";
import { completionsAt, referenceAt, formatFile } from "../compiler/index.ts";
import { firstWordToken } from "../grammar/lexer.ts";
import { lowerWorkspace } from "../compiler/lower.ts";
import { analyzeWorkspace } from "../compiler/workspace.ts";
import { parseScenarioFile } from "../compiler/scenario.ts";
import { BundleError, createEngine } from "../runtime/index.ts";
import { randomDeck } from "../runtime/simulate.ts";
import { filesOf, type TextCase } from "./text.ts";

export function runApiCase(c: TextCase): string | undefined {
  const { path, text, game } = filesOf(c);
  const sources = path === game.path ? [{ path, text }] : [game, { path, text }];
  try {
    const analysis = analyzeWorkspace(sources);
    for (const d of analysis.model.diagnostics) {
      const source = sources.find((s) => s.path === d.file);
      if (source && (d.range.start.offset < 0 || d.range.end.offset > source.text.length || d.range.start.offset > d.range.end.offset)) return `diagnostic ${d.code} at ${d.range.start.offset}-${d.range.end.offset} outside ${d.file} (${source.text.length} characters)`;
    }
    for (const offset of [0, text.length >> 1, text.length, c.edits[0]!.at % (text.length + 1)]) {
      completionsAt(analysis, path, offset, text);
      referenceAt(analysis, path, offset);
    }
    const formatted = formatFile(text, path);
    if (formatted.text !== undefined) {
      const scenario = firstWordToken(text) === "Scenario";
      if (scenario && formatted.text.replace(/\s+/g, "") !== text.replace(/\s+/g, "")) return "formatting a scenario file changed characters other than white space";
      const again = formatFile(formatted.text, path);
      if (again.text !== formatted.text) return `formatting is not idempotent: ${again.text === undefined ? again.diagnostics.map((d) => d.message).join("; ") : "the second pass changed it"}`;
      if (!scenario && parseDocument(formatted.text, path).diagnostics.some((d) => d.severity === "error")) return "the formatted text has syntax errors";
    }
    if (path.endsWith(".scenario")) parseScenarioFile(text, path);
    const lowered = lowerWorkspace(sources.filter((s) => !s.path.endsWith(".scenario")));
    for (const bundle of lowered.bundles) {
      let engine;
      try {
        engine = createEngine(bundle);
      } catch (error) {
        if (error instanceof BundleError) continue;
        throw error;
      }
      let { state } = engine.newGame({ seed: c.file + 1, decks: { p1: randomDeck(engine, 1), p2: randomDeck(engine, 2) } });
      for (let i = 0; i < 20 && !state.over; i++) {
        const legal = engine.legalActions(state);
        if (legal.length === 0) break;
        const next = engine.apply(state, legal[(i * 7) % legal.length]);
        if (!next.ok) return `a listed action was refused: ${next.refusal.code} ${next.refusal.message}`;
        state = next.state;
      }
    }
  } catch (error) {
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack?.split("\n").slice(1, 4).join("\n")}` : String(error)}`;
  }
  return undefined;
}
