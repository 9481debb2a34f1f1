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
  /** `eventIndex`: the last event that had happened when the failing step was checked (the stepper opens there; -1: none yet). */
  failures: { file: string; line: number; message: string; expected?: string; actual?: string; stepIndex?: number; eventIndex?: number }[];
  events: TraceEvent[];
  /** Where the run ended, with the engine that ran it: the table can play on from there. */
  end?: { engine: Engine; state: GameState };
  /** The board its setup built, with the setup's events: the table can start from there. */
  setup?: { engine: Engine; state: GameState; events: TraceEvent[] };
  /** The board after each scenario line that ran, by the events it covers (the stepper shows the board at its cursor). */
  boards?: { eventEnd: number; state: GameState }[];
}

/** The board at an event of a run: after the last scenario line whose events end at or before it (the setup's board before the first). */
export function boardAt(run: ScenarioRun, eventIndex: number): GameState | undefined {
  let board = run.setup?.state;
  for (const b of run.boards ?? []) if (b.eventEnd <= eventIndex + 1) board = b.state;
  return board;
}

/** Where the stepper opens on a run: the first failure's event (clamped), else the last event. */
export function openingEvent(run: ScenarioRun): number {
  const failing = run.failures.find((f) => f.eventIndex !== undefined);
  const last = Math.max(0, run.events.length - 1);
  return failing ? Math.max(0, Math.min(last, failing.eventIndex!)) : last;
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
        const result = runScenario(engine, scenario, { keepStates: true });
        const setupEvents = result.events.slice(0, result.steps[0]?.eventStart ?? result.events.length);
        runs.push({
          file: result.file,
          line: result.line,
          name: result.name,
          game: scenario.game,
          passed: result.failures.length === 0,
          failures: result.failures,
          events: result.events,
          ...(result.state ? { end: { engine, state: result.state } } : {}),
          ...(result.initialState ? { setup: { engine, state: result.initialState, events: setupEvents } } : {}),
          boards: result.steps.flatMap((step) => (step.state ? [{ eventEnd: step.eventEnd, state: step.state }] : [])),
        });
      } catch (error) {
        runs.push({ file: scenario.file, line: scenario.line, name: scenario.name, game: scenario.game, passed: false, failures: [{ file: scenario.file, line: scenario.line, message: `the engine failed: ${error instanceof Error ? error.message : String(error)}` }], events: [] });
      }
    }
  }
  return runs;
}
