/**
 * `cardwright test [paths...]`: runs the scenario files under the paths against their games
 * (the game file and card sets are read from the same paths, or from `cards/<game>/` when only
 * scenarios were named) and reports each failure as `file:line` with what was expected and
 * what happened. Exit code 1 when any scenario fails or cannot be read.
 */
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

export interface TestReport {
  scenarios: number;
  passed: number;
  /** Scenarios that failed. */
  failed: number;
  /** Files that could not be read or parsed (each problem counted once). */
  fileErrors: number;
  lines: string[];
}

export async function runTests(paths: string[], options: { verbose?: boolean } = {}): Promise<TestReport> {
  const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
  const { lowerWorkspace } = await import("../../compiler/lower.ts");
  const { parseScenarioFile } = await import("../../compiler/scenario.ts");
  const { createEngine } = await import("../../runtime/index.ts");
  const { runScenario } = await import("../../runtime/scenario.ts");

  const read = await readWorkspaceFiles(paths);
  const files = [...read.files];
  const lines: string[] = read.diagnostics.map((d) => `${d.file}:${d.range.start.line}: ${d.message}`);
  let failed = 0;
  let fileErrors = read.diagnostics.length;
  const scenarioFiles = files.filter((f) => f.path.endsWith(".scenario")).map((f) => parseScenarioFile(f.text, f.path));
  // Scenarios named alone: load their game from its conventional folder.
  const games = new Set(scenarioFiles.flatMap((f) => f.scenarios.map((s) => s.game)));
  // A game's id is read from its game file's tree, never matched with a pattern built from data.
  const { parseDocument } = await import("../../compiler/build.ts");
  const declared = new Set(
    files.flatMap((f) => {
      if (!f.path.endsWith(".game")) return [];
      const doc = parseDocument(f.text, f.path).document;
      return doc.kind === "gameFile" && doc.id ? [doc.id.text.toLowerCase()] : [];
    }),
  );
  for (const id of games) {
    // Only a plain game id names a folder (`for (duel)` or `for ../x` is no path to read).
    if (declared.has(id.toLowerCase()) || !/^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(id)) continue;
    const extra = await readWorkspaceFiles([`cards/${id}`]);
    for (const f of extra.files) if (!f.path.endsWith(".scenario") && !files.some((g) => g.path === f.path)) files.push(f);
  }
  const lowered = lowerWorkspace(files.filter((f) => !f.path.endsWith(".scenario")));
  if (options.verbose) for (const n of lowered.notes) lines.push(`note ${n.file}:${n.range.start.line}: ${n.message}`);
  const engines = new Map<string, ReturnType<typeof createEngine>>();
  for (const bundle of lowered.bundles) {
    try {
      engines.set(bundle.game.id.toLowerCase(), createEngine(bundle));
    } catch (error) {
      // A game the engine refuses (a reserved name, CW2080) is a file error, not a crash.
      lines.push(`✗ ${bundle.game.file ?? bundle.game.id}: the engine cannot load game "${bundle.game.id}": ${error instanceof Error ? error.message : String(error)}`);
      fileErrors++;
    }
  }
  let scenarios = 0;
  let passed = 0;
  for (const file of scenarioFiles) {
    for (const d of file.diagnostics) {
      lines.push(`✗ ${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}${d.suggestion ? ` (did you mean "${d.suggestion}"?)` : ""}`);
      fileErrors++;
    }
    for (const scenario of file.scenarios) {
      scenarios++;
      const engine = engines.get(scenario.game.toLowerCase());
      if (!engine) {
        lines.push(`✗ ${scenario.file}:${scenario.line}: unknown game "${scenario.game}" (no game file found for it)`);
        failed++;
        continue;
      }
      let result: ReturnType<typeof runScenario>;
      try {
        result = runScenario(engine, scenario);
      } catch (error) {
        // An engine failure on one scenario is that scenario's failure; the rest of the run still reports.
        failed++;
        lines.push(`✗ ${scenario.file}:${scenario.line}: ${scenario.name}`);
        lines.push(`    ${scenario.file}:${scenario.line}: the engine failed: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (result.failures.length === 0) {
        passed++;
        if (options.verbose) lines.push(`✓ ${scenario.file}:${scenario.line}: ${scenario.name}`);
        continue;
      }
      failed++;
      lines.push(`✗ ${scenario.file}:${scenario.line}: ${scenario.name}`);
      for (const f of result.failures) {
        lines.push(`    ${f.file}:${f.line}: ${f.message}`);
        if (f.expected !== undefined) lines.push(`      expected: ${f.expected}`);
        if (f.actual !== undefined) lines.push(`      actual:   ${f.actual}`);
      }
    }
  }
  return { scenarios, passed, failed, fileErrors, lines };
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("test")
    .description("Run scenario files (set up a board, act, expect) against their game's rules.")
    .argument("[paths...]", "files or directories holding .scenario files (and their game and card files)", ["cards/"])
    .option("-v, --verbose", "also list passing scenarios and the lowering's notes")
    .action(async (paths: string[], options: { verbose?: boolean }) => {
      const report = await runTests(paths, options);
      const errors = report.fileErrors ? `; ${report.fileErrors} file error${report.fileErrors === 1 ? "" : "s"}` : "";
      const out = [...report.lines, `${report.scenarios} scenario${report.scenarios === 1 ? "" : "s"}: ${report.passed} passed, ${report.failed} failed${errors}`];
      process.stdout.write(out.join("\n") + "\n");
      context.setExitCode(report.failed > 0 || report.fileErrors > 0 || report.scenarios === 0 ? 1 : 0);
    });
}
