/**
 * Scenario runs in the studio: the same parser, lowering and runner as `cardwright test`,
 * on the editor's current text (saved or not).
 */
import type { SourceFile } from "../../../compiler/model.ts";
import type { Engine, GameState, TraceEvent } from "../../../runtime/index.ts";

export interface ScenarioRun {
  file: string;
  line: number;
  name: string;
  game: string;
  passed: boolean;
  failures: { file: string; line: number; message: string; expected?: string; actual?: string }[];
  events: TraceEvent[];
  /** Where the run ended, with the engine that ran it: the table can play on from there. */
  end?: { engine: Engine; state: GameState };
}

export async function runScenarios(files: SourceFile[], only?: string): Promise<ScenarioRun[]> {
  const [{ lowerWorkspace }, { parseScenarioFile }, { createEngine }, { runScenario }] = await Promise.all([
    import("../../../compiler/lower.ts"),
    import("../../../grammar/scenario.ts"),
    import("../../../runtime/index.ts"),
    import("../../../runtime/scenario.ts"),
  ]);
  const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
  const engines = new Map(lowered.bundles.map((b) => [b.game.id.toLowerCase(), createEngine(b)]));
  const runs: ScenarioRun[] = [];
  for (const source of files.filter((f) => f.path.endsWith(".scenario") && (!only || f.path === only))) {
    const parsed = parseScenarioFile(source.text, source.path);
    for (const d of parsed.diagnostics) {
      runs.push({ file: d.file, line: d.range.start.line, name: `(syntax) ${d.message}`, game: "", passed: false, failures: [{ file: d.file, line: d.range.start.line, message: d.message }], events: [] });
    }
    for (const scenario of parsed.scenarios) {
      const engine = engines.get(scenario.game.toLowerCase());
      if (!engine) {
        runs.push({ file: scenario.file, line: scenario.line, name: scenario.name, game: scenario.game, passed: false, failures: [{ file: scenario.file, line: scenario.line, message: `unknown game "${scenario.game}", or its game file has errors` }], events: [] });
        continue;
      }
      try {
        const result = runScenario(engine, scenario);
        runs.push({ file: result.file, line: result.line, name: result.name, game: scenario.game, passed: result.failures.length === 0, failures: result.failures, events: result.events, ...(result.state ? { end: { engine, state: result.state } } : {}) });
      } catch (error) {
        runs.push({ file: scenario.file, line: scenario.line, name: scenario.name, game: scenario.game, passed: false, failures: [{ file: scenario.file, line: scenario.line, message: `the engine failed: ${error instanceof Error ? error.message : String(error)}` }], events: [] });
      }
    }
  }
  return runs;
}
