/**
 * Scenario runs in the studio: the same parser, lowering and runner as `cardwright test`,
 * on the editor's current text (saved or not).
 */
import type { SourceFile } from "../../../compiler/model.ts";
import type { Engine, GameState, TraceEvent } from "../../../runtime/index.ts";
import { EventBoards, type BoardAtEvent, type StepSegment } from "./event-boards.ts";

export interface ScenarioRun {
  file: string;
  line: number;
  name: string;
  game: string;
  passed: boolean;
  /** `eventIndex`: the last event that had happened when the failing step was checked (the stepper opens there; -1: none yet). */
  failures: { file: string; line: number; message: string; expected?: string; actual?: string; changes?: string; stepIndex?: number; eventIndex?: number }[];
  /** What the run could not judge though it passed (a line that could not fail, a choice check cut short): shown, never hidden. */
  warnings?: { file: string; line: number; message: string }[];
  events: TraceEvent[];
  /** Where the run ended, with the engine that ran it: the table can play on from there. */
  end?: { engine: Engine; state: GameState };
  /** The board its setup built, with the setup's events: the table can start from there. */
  setup?: { engine: Engine; state: GameState; events: TraceEvent[] };
  /** Each scenario line that ran: its events, the board before and after, and the action it applied. */
  segments?: StepSegment[];
  /** The board at any event (./event-boards.ts), made on first use. */
  boards?: EventBoards;
}

/** The board right after an event of a run (the setup's board for the setup's events). */
export function boardAt(run: ScenarioRun, eventIndex: number): BoardAtEvent | undefined {
  if (!run.setup) return undefined;
  run.boards ??= new EventBoards(run.setup.engine, run.events, [
    // The setup's own events all lead to the setup's board.
    { eventStart: 0, eventEnd: run.setup.events.length, before: run.setup.state, after: run.setup.state },
    ...(run.segments ?? []),
  ]);
  return run.boards.at(eventIndex);
}

/** Where the stepper opens on a run: the first failure's event (clamped), else the last event. */
export function openingEvent(run: ScenarioRun): number {
  const failing = run.failures.find((f) => f.eventIndex !== undefined);
  const last = Math.max(0, run.events.length - 1);
  return failing ? Math.max(0, Math.min(last, failing.eventIndex!)) : last;
}

export async function runScenarios(files: SourceFile[], only?: string): Promise<ScenarioRun[]> {
  const [{ analyzeWorkspace }, { lowerAnalysis }, { parseScenarioFile }, { createEngine }, { runScenario }, { misreadWarnings, playableCards, scenarioNotRun, scenarioPlayability }] = await Promise.all([
    import("../../../compiler/workspace.ts"),
    import("../../../compiler/lower.ts"),
    import("../../../compiler/scenario.ts"),
    import("../../../runtime/index.ts"),
    import("../../../runtime/scenario.ts"),
    import("../../../compiler/scenario-playable.ts"),
  ]);
  const sources = files.filter((f) => !f.path.endsWith(".scenario"));
  const analysis = analyzeWorkspace(sources);
  const lowered = lowerAnalysis(analysis, sources);
  // What a scenario may play, decided as `cardwright test` decides it: a card that does not pass check (a CW6014 condition
  // too) is left out, and a scenario naming it fails at that line, saying why; a card run otherwise than written is warned.
  const playability = scenarioPlayability(analysis, lowered);
  const engines = new Map(lowered.bundles.map((b) => [b.game.id.toLowerCase(), createEngine({ ...b, cards: playableCards(b.game.id, b.cards, playability) })]));
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
      const notRun = scenarioNotRun(scenario, playability);
      if (notRun.length) {
        runs.push({ file: scenario.file, line: scenario.line, name: scenario.name, game: scenario.game, passed: false, failures: notRun, events: [] });
        continue;
      }
      try {
        const result = runScenario(engine, scenario, { keepStates: true });
        const warnings = [...(result.warnings ?? []), ...misreadWarnings(scenario, playability)];
        const setupEvents = result.events.slice(0, result.steps[0]?.eventStart ?? result.events.length);
        runs.push({
          file: result.file,
          line: result.line,
          name: result.name,
          game: scenario.game,
          passed: result.failures.length === 0,
          failures: result.failures,
          ...(warnings.length ? { warnings: warnings.map(({ file, line, message }) => ({ file, line, message })) } : {}),
          events: result.events,
          ...(result.state ? { end: { engine, state: result.state } } : {}),
          ...(result.initialState ? { setup: { engine, state: result.initialState, events: setupEvents } } : {}),
          segments: segmentsOf(result),
        });
      } catch (error) {
        runs.push({ file: scenario.file, line: scenario.line, name: scenario.name, game: scenario.game, passed: false, failures: [{ file: scenario.file, line: scenario.line, message: `the engine failed: ${error instanceof Error ? error.message : String(error)}` }], events: [] });
      }
    }
  }
  return runs;
}

/** The scenario's lines as steps of the trace: the board before each is the one after the line before it. */
function segmentsOf(result: { initialState?: GameState; steps: { eventStart: number; eventEnd: number; state?: GameState; action?: import("../../../runtime/index.ts").Action }[] }): StepSegment[] {
  const out: StepSegment[] = [];
  let before = result.initialState;
  for (const step of result.steps) {
    if (!before || !step.state) break;
    if (step.eventEnd > step.eventStart) out.push({ eventStart: step.eventStart, eventEnd: step.eventEnd, before, after: step.state, ...(step.action ? { action: step.action } : {}) });
    before = step.state;
  }
  return out;
}
