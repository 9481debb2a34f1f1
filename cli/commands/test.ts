/**
 * `cardwright test [paths...]`: runs the scenario files under the paths against their games and
 * reports each failure as `file:line` with what was expected and what happened. Exit code 1 when
 * any scenario fails or cannot be read, or a card of its game does not pass `check`.
 *
 * Workspaces are resolved as `check` resolves them (compiler/workspace-disk.ts `gameWorkspaces`):
 * a scenario file or folder inside a game folder runs with that game folder's game and cards, from
 * any working directory; each game folder under a folder given is a workspace of its own. Cards
 * that do not pass `check` are reported and left out of the game, and a scenario that uses one
 * fails with the reason; a game file with errors fails all its scenarios.
 *
 * Every path given is run or reported with its path: a file named on its own with another extension is read by its
 * first line, as `check` reads it (CW3007); a folder without a scenario file, or a scenario file without a scenario, is
 * CW3014; a card file named on its own is noted. A run in which no scenario ran says so and exits 1.
 *
 * A scenario that passes with a warning (a stretch the run could not check: runtime/scenario.ts ScenarioResult.warnings)
 * passes, and is counted so, unless the run is strict (`--strict`, the default where the CI environment variable is
 * set): then it fails, each warning said at its file:line, and the exit code is 1. `--no-strict` turns it off in CI.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import type { SourceFile } from "../../compiler/model.ts";
import type { Scenario, ScenarioFile } from "../../compiler/scenario.ts";

export interface TestReport {
  scenarios: number;
  passed: number;
  /** Scenarios that failed. */
  failed: number;
  /** Scenarios that passed with a warning: a part the run could not check (said in `lines`); none in a strict run. */
  warned: number;
  /** Of the scenarios failed, those failed only for a warning (a strict run). */
  failedByWarning: number;
  /** Files that could not be read or parsed, and cards or game files that do not pass `check` (each problem counted once). */
  fileErrors: number;
  lines: string[];
}

const hint = (d: Diagnostic) => (d.suggestion ? ` (did you mean "${d.suggestion}"?)` : "");

/**
 * Whether a run is strict when no flag says: where the CI environment variable is set (as CI services set it, to
 * anything but "", "0" or "false"), a warning fails the run — a green CI that left a stretch unchecked would lie.
 */
export function strictByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "0" && ci !== "false";
}

export async function runTests(paths: string[], options: { verbose?: boolean; cwd?: string; strict?: boolean } = {}): Promise<TestReport> {
  const { readWorkspaceFiles, gameWorkspaces, gameFolderOf, inFocus } = await import("../../compiler/workspace-disk.ts");
  const { analyzeWorkspace } = await import("../../compiler/workspace.ts");
  const { lowerAnalysis } = await import("../../compiler/lower.ts");
  const { diagnostic } = await import("../../compiler/messages.ts");
  const { misreadWarnings, playableCards, scenarioNotRun, scenarioPlayability } = await import("../../compiler/scenario-playable.ts");
  const { isScenario } = await import("../../compiler/check-ast.ts");
  const { createEngine } = await import("../../runtime/index.ts");
  const { runScenario, scenarioNamesOf } = await import("../../runtime/scenario.ts");
  const { rulesClauses } = await import("../../compiler/rules-text.ts");
  const { rulesTextsOf } = await import("./check.ts");
  const { uncheckedCovers } = await import("../../compiler/scenario-check.ts");
  const cwd = path.resolve(options.cwd ?? process.cwd());

  const lines: string[] = [];
  let scenarios = 0;
  let passed = 0;
  let failed = 0;
  let warned = 0;
  let failedByWarning = 0;
  let fileErrors = 0;
  /** The scenario files read (absolute), with how many of their scenarios ran; those whose text has a problem. */
  const ran = new Map<string, number>();
  const unreadable = new Set<string>();
  const readAsScenarios = (file: string, problems: number) => {
    const absolute = path.resolve(cwd, file);
    if (!ran.has(absolute)) ran.set(absolute, 0);
    if (problems) unreadable.add(absolute);
  };
  const resolved = await gameWorkspaces(paths, cwd);
  for (const d of resolved.diagnostics) {
    lines.push(`✗ ${d.file}: ${d.message}`);
    fileErrors++;
  }

  /** One workspace read, checked and compiled: an engine per game it declares, and what of it does not pass check. */
  const load = async (files: string[]) => {
    const read = await readWorkspaceFiles(files, { cwd });
    const analysis = analyzeWorkspace(read.files, { extraDiagnostics: read.diagnostics, assets: read.assets });
    const lowered = lowerAnalysis(analysis, read.files as SourceFile[]);
    // What a scenario may play — the studio's Scenarios view decides with the same function (compiler/scenario-playable.ts).
    const playability = scenarioPlayability(analysis, lowered);
    const rulesTexts = await rulesTextsOf(analysis.model.games);
    const engines = new Map<string, ReturnType<typeof createEngine>>();
    const refused: string[] = [];
    for (const b of lowered.bundles) {
      try {
        const engine = createEngine({ ...b, cards: playableCards(b.game.id, b.cards, playability) });
        // `covers:` lines are checked against the game folder's rules text, when there is one.
        const rules = rulesTexts.get(analysis.model.games.find((g) => g.id === b.game.id)?.file ?? "");
        if (rules !== undefined) scenarioNamesOf(engine).clauses = rulesClauses(rules).map((c) => c.id);
        engines.set(b.game.id.toLowerCase(), engine);
      } catch (error) {
        // A game the engine refuses (a reserved name, CW2080) is a file error, not a crash.
        refused.push(`✗ ${b.game.file ?? b.game.id}: the engine cannot load game "${b.game.id}": ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // `covers:` lines of a game with no rules text beside it: not checked, a warning of their scenario (CW5028).
    const coversUnchecked = new Map<string, Diagnostic>();
    for (const d of uncheckedCovers(analysis, rulesTexts)) coversUnchecked.set(`${d.file}\u0000${d.range.start.offset}`, d);
    return { read, analysis, errors: playability.errors, playability, coversUnchecked, engines, refused, notes: lowered.notes };
  };
  type Loaded = Awaited<ReturnType<typeof load>>;

  const runOne = (scenario: Scenario, loaded: Loaded | undefined) => {
    scenarios++;
    const file = path.resolve(cwd, scenario.file);
    ran.set(file, (ran.get(file) ?? 0) + 1);
    const failedWith = (...messages: string[]) => {
      failed++;
      lines.push(`✗ ${scenario.file}:${scenario.line}: ${scenario.name}`);
      for (const m of messages) lines.push(`    ${m}`);
    };
    const game = scenario.game.toLowerCase();
    const engine = loaded?.engines.get(game);
    if (!loaded || !engine) return failedWith(`${scenario.file}:${scenario.line}: unknown game "${scenario.game}" (no game file found for it in its game folder)`);
    const notRun = scenarioNotRun(scenario, loaded.playability);
    if (notRun.length) return failedWith(...notRun.map((n) => `${n.file}:${n.line}: ${n.message}`));
    let result: ReturnType<typeof runScenario>;
    try {
      result = runScenario(engine, scenario);
    } catch (error) {
      // An engine failure on one scenario is that scenario's failure; the rest of the run still reports.
      return failedWith(`${scenario.file}:${scenario.line}: the engine failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // A card it names whose text the engine runs otherwise than written: a warning at the first line naming it.
    const misread = misreadWarnings(scenario, loaded.playability);
    if (misread.length) (result.warnings ??= []).push(...misread);
    for (const c of scenario.covers) {
      const d = loaded.coversUnchecked.get(`${scenario.file}\u0000${c.range.start.offset}`);
      if (d) (result.warnings ??= []).push({ file: scenario.file, line: c.range.start.line, message: `${d.code}: ${d.message}` });
    }
    // Passed, with a part the run could not check (runtime/scenario.ts ScenarioResult.warnings): in a strict run it
    // fails, each warning at its file:line.
    if (result.failures.length === 0 && result.warnings?.length && options.strict) {
      failedByWarning++;
      return failedWith(...result.warnings.map((w) => `${w.file}:${w.line}: warning (fails the run: --strict): ${w.message}`));
    }
    if (result.failures.length === 0) {
      passed++;
      // Else it passes, said under its title.
      if (result.warnings?.length) {
        warned++;
        lines.push(`⚠ ${scenario.file}:${scenario.line}: ${scenario.name}`);
        for (const w of result.warnings) lines.push(`    warning ${w.file}:${w.line}: ${w.message}`);
      } else if (options.verbose) lines.push(`✓ ${scenario.file}:${scenario.line}: ${scenario.name}`);
      return;
    }
    failedWith(
      ...result.failures.flatMap((f) => [`${f.file}:${f.line}: ${f.message}`, ...(f.expected !== undefined ? [`  expected: ${f.expected}`] : []), ...(f.actual !== undefined ? [`  actual:   ${f.actual}`] : []), ...(f.changes !== undefined ? [`  changes:  ${f.changes}`] : [])]),
      ...(result.warnings ?? []).map((w) => `warning ${w.file}:${w.line}: ${w.message}`),
    );
  };

  /** The scenario files of a loaded workspace that the paths name, with their syntax problems reported. */
  const scenarioFilesOf = (loaded: Loaded, focus: string[]) =>
    [...loaded.analysis.files.values()]
      .filter((parsed) => parsed.scenario && inFocus(path.resolve(cwd, parsed.path), focus))
      .map((parsed) => {
        readAsScenarios(parsed.path, parsed.scenario!.diagnostics.length);
        for (const d of parsed.scenario!.diagnostics) {
          lines.push(`✗ ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}${hint(d)}`);
          fileErrors++;
        }
        return parsed.scenario!;
      });

  const reportChecked = (loaded: Loaded) => {
    // A file named on its own with another extension, read by its first line (CW3007): said, not counted as an error.
    for (const d of loaded.read.diagnostics) if (d.severity !== "error") lines.push(`warning ${d.file}: ${d.code}: ${d.message}`);
    lines.push(...loaded.refused);
    fileErrors += loaded.refused.length;
    for (const d of loaded.errors) {
      lines.push(`✗ ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.code}: ${d.message}${hint(d)}${d.file.endsWith(".cards") ? " — this card is not played" : ""}`);
      fileErrors++;
    }
    if (options.verbose) for (const n of loaded.notes) lines.push(`note ${n.file}:${n.range.start.line}: ${n.message}`);
  };

  // Game folders: each its own workspace.
  // Two scenarios of one title (CW5024): a warning, which a strict run fails as it fails a scenario's warnings — a file
  // error, exit code 1 (probe s45 S1: `test --strict` said the warning and exited 0).
  const sameTitle = (d: Diagnostic) => {
    if (!options.strict) return void lines.push(`warning ${d.file}:${d.range.start.line}: ${d.code}: ${d.message}`);
    lines.push(`✗ ${d.file}:${d.range.start.line}: warning (fails the run: --strict): ${d.code}: ${d.message}`);
    fileErrors++;
  };
  const byGame = new Map<string, Loaded>();
  const loose = resolved.workspaces.find((w) => !w.folder);
  for (const workspace of resolved.workspaces.filter((w) => w.folder)) {
    const loaded = await load(workspace.files);
    reportChecked(loaded);
    // Two scenarios of one title in a file or folder (CW5024): said for the files the paths name.
    for (const d of loaded.analysis.model.diagnostics) if (d.code === "CW5024" && inFocus(path.resolve(cwd, d.file), workspace.focus)) sameTitle(d);
    for (const game of loaded.analysis.model.games) if (!byGame.has(game.id.toLowerCase())) byGame.set(game.id.toLowerCase(), loaded);
    for (const file of scenarioFilesOf(loaded, workspace.focus)) for (const scenario of file.scenarios) runOne(scenario, loaded);
  }
  // Scenario files in no game folder: their game's folder among those given, else `cards/<game>/` under the working directory.
  if (loose) {
    const read = await readWorkspaceFiles(loose.files, { cwd });
    const { parseScenarioFile, duplicateScenarioTitles } = await import("../../compiler/scenario.ts");
    const looseFiles: ScenarioFile[] = [];
    for (const d of read.diagnostics) {
      if (d.severity !== "error") {
        lines.push(`warning ${d.file}: ${d.code}: ${d.message}`);
        continue;
      }
      lines.push(`✗ ${d.file}: ${d.message}`);
      fileErrors++;
    }
    // Told apart as `check` tells them: by the extension (any case), else by the first line (a file named on its own).
    for (const file of read.files.filter((f) => isScenario(f.text, f.path))) {
      const parsed = parseScenarioFile(file.text, file.path);
      looseFiles.push(parsed);
      readAsScenarios(file.path, parsed.diagnostics.length);
      for (const d of parsed.diagnostics) {
        lines.push(`✗ ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}${hint(d)}`);
        fileErrors++;
      }
      for (const scenario of parsed.scenarios) {
        const game = scenario.game.toLowerCase();
        // Only a plain game id names a folder (`for (duel)` or `for ../x` is no path to read).
        if (!byGame.has(game) && /^[a-z0-9_][a-z0-9_-]*$/.test(game)) {
          const conventional = path.join(cwd, "cards", game);
          if ((await gameFolderOf(conventional)) === conventional) {
            const loaded = await load((await gameWorkspaces([conventional], cwd)).workspaces[0]!.files);
            reportChecked(loaded);
            byGame.set(game, loaded);
          }
        }
        runOne(scenario, byGame.get(game));
      }
    }
    for (const d of duplicateScenarioTitles(looseFiles)) sameTitle(d);
  }
  // What each path given gave the run: a folder or file that ran no scenario is said, at its path.
  const said = new Set(resolved.diagnostics.map((d) => path.resolve(cwd, d.file)));
  const nothingIn = (shown: string, why: string) => {
    lines.push(`✗ ${shown}: ${diagnostic("CW3014", shown, { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } }, { path: shown, why }).message}`);
    fileErrors++;
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stats = await fs.stat(absolute).catch(() => undefined);
    if (!stats || said.has(absolute)) continue; // not there (CW3005), no Cardwright file under it (CW3006), misspelt (CW3013)
    said.add(absolute);
    const files = [...ran.keys()].filter((f) => inFocus(f, [absolute]));
    if (files.length === 0) {
      if (stats.isDirectory()) nothingIn(given, "no scenario file in this folder (a scenario file ends in .scenario)");
      else if (/\.(cards|game|deck)$/i.test(absolute)) lines.push(`note ${given}: no scenario in this file: it is a ${path.extname(absolute).slice(1).toLowerCase()} file, read with its game; \`cardwright test\` runs scenario files`);
      else nothingIn(given, 'it is no scenario file (its first line is not `scenario "<title>" for <game>`), so nothing in it was run');
    }
    for (const file of files) {
      if (ran.get(file) !== 0 || unreadable.has(file) || said.has(file)) continue;
      said.add(file);
      nothingIn(path.relative(cwd, file) || path.basename(file), 'no scenario in this file (a scenario starts `scenario "<title>" for <game>`)');
    }
  }
  return { scenarios, passed, failed, warned, failedByWarning, fileErrors, lines };
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("test")
    .description("Run scenario files (set up a board, act, expect) against their game's rules.")
    .argument("[paths...]", "files or directories holding .scenario files (their game folder's game and cards are loaded with them; default: the game folder you are in, or cards/)")
    .option("-v, --verbose", "also list passing scenarios and the lowering's notes")
    .option("--strict", "a scenario that passes with a warning (a stretch the run could not check) fails, and the exit code is 1 (the default where the CI environment variable is set)")
    .option("--no-strict", "a scenario that passes with a warning passes (exit code 0), also where CI is set")
    .action(async (paths: string[], options: { verbose?: boolean; strict?: boolean }) => {
      const { defaultWorkspacePaths } = await import("../../compiler/workspace-disk.ts");
      const strict = options.strict ?? strictByDefault();
      const report = await runTests(paths.length > 0 ? paths : await defaultWorkspacePaths(), { ...options, strict });
      const errors = report.fileErrors ? `; ${report.fileErrors} file error${report.fileErrors === 1 ? "" : "s"}` : "";
      const ran = report.scenarios ? `${report.scenarios} scenario${report.scenarios === 1 ? "" : "s"}: ${report.passed} passed${report.warned ? ` (${report.warned} with a warning${strict ? "" : "; --strict fails them"})` : ""}, ${report.failed} failed${report.failedByWarning ? ` (${report.failedByWarning} by a warning: --strict)` : ""}` : "0 scenarios: no scenario ran, nothing was tested";
      const out = [...report.lines, `${ran}${errors}`];
      process.stdout.write(out.join("\n") + "\n");
      context.setExitCode(report.failed > 0 || report.fileErrors > 0 || report.scenarios === 0 ? 1 : 0);
    });
}
