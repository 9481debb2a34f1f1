/**
 * `cardwright check [paths...]`: reads the game, card and scenario files under the paths,
 * checks every card against its own game file, prints one line per diagnostic
 * (`file:line:col: severity CODE: message`) and a summary; exit code 1 on any error.
 */
import path from "node:path";
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import { formatDiagnostic, type Diagnostic } from "../../compiler/diagnostics.ts";
import type { SourceFile, WorkspaceModel } from "../../compiler/model.ts";
import type { OmittedCounts, WorkspaceAnalysis } from "../../compiler/workspace.ts";
import { SUMMARY_CODES } from "../../compiler/messages.ts";

export interface CheckSummary {
  files: number;
  /** Cards per game id, in the order the games were found. */
  cardsPerGame: Record<string, number>;
  /** True totals: the listed diagnostics plus the omitted ones (the `N more ... not shown` summaries are not counted). */
  errors: number;
  warnings: number;
  infos: number;
  /** Diagnostics counted above but not listed (past a file's cap). */
  omitted: number;
}

/** `omitted`: what the analysis found but did not list (WorkspaceAnalysis.omitted). */
export function summarize(model: WorkspaceModel, files: number, omitted?: OmittedCounts): CheckSummary {
  const cardsPerGame: Record<string, number> = {};
  for (const game of model.games) cardsPerGame[game.id] = 0;
  for (const set of model.sets) cardsPerGame[set.game] = (cardsPerGame[set.game] ?? 0) + set.cards.length;
  const count = (severity: Diagnostic["severity"]) => model.diagnostics.filter((d) => d.severity === severity && !SUMMARY_CODES.has(d.code)).length;
  const more = omitted ?? { errors: 0, warnings: 0, infos: 0 };
  return {
    files,
    cardsPerGame,
    errors: count("error") + more.errors,
    warnings: count("warning") + more.warnings,
    infos: count("info") + more.infos,
    omitted: more.errors + more.warnings + more.infos,
  };
}

export function summaryLine(summary: CheckSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const games = Object.entries(summary.cardsPerGame).map(([game, cards]) => `${game} ${plural(cards, "card")}`);
  return (
    `Checked ${plural(summary.files, "file")}` +
    (games.length ? ` (${games.join(", ")})` : "") +
    `: ${plural(summary.errors, "error")}, ${plural(summary.warnings, "warning")}` +
    (summary.omitted > 0 ? ` (${summary.omitted} not shown)` : "") +
    "."
  );
}

/** CW6001 for text that checks but the engine cannot run: the same function as the studio's checker (compiler/engine-warnings.ts). */
async function engineWarnings(analysis: WorkspaceAnalysis & { read: { files: SourceFile[] } }): Promise<Diagnostic[]> {
  const { engineWarnings: warnings } = await import("../../compiler/engine-warnings.ts");
  return warnings(analysis, analysis.read.files);
}

/** Each game's rules text, when its game folder holds one (`rules.txt` beside the game file): `covers:` lines are checked against it. */
export async function rulesTextsOf(games: readonly { file: string }[]): Promise<Map<string, string>> {
  const { readFile } = await import("node:fs/promises");
  const out = new Map<string, string>();
  for (const game of games) {
    const text = await readFile(path.join(path.dirname(game.file), "rules.txt"), "utf8").catch(() => undefined);
    if (text !== undefined) out.set(game.file, text);
  }
  return out;
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("check")
    .description("Check game, card and scenario files against their game's vocabulary and rules.")
    .argument("[paths...]", "files or directories (directories are searched for .game, .cards, .scenario and .deck files; default: the game folder you are in, or cards/)")
    .option("--json", "print the diagnostics and the summary as one JSON object")
    .action(async (paths: string[], options: { json?: boolean }) => {
      // Loaded on use, so that other commands do not pay for (or depend on) the compiler.
      const { analyzeWorkspaceFromDisk, defaultWorkspacePaths, enclosingGameFolders, inFocus } = await import("../../compiler/workspace-disk.ts");
      // Deck lists (.deck) are read beside the sources: cli/commands/check-decks.ts.
      const { splitDeckPaths, deckListDiagnostics } = await import("./check-decks.ts");
      const split = await splitDeckPaths(paths.length > 0 ? paths : await defaultWorkspacePaths());
      // A path inside a game folder (a scenario, `scenarios/`, `decks/`) is checked with its game's files; only it is reported.
      const { sources, focus } = await enclosingGameFolders(split.sources);
      // Nothing here reads references (hover, go-to-definition): not kept, for the memory of a large check.
      const analysis = await analyzeWorkspaceFromDisk(sources, { gameFilesAround: true, references: false });
      // Game files are always reported: what the named files are checked against.
      const named = (file: string) => !/\.(cards|scenario)$/i.test(file) || inFocus(path.resolve(file), focus);
      const reported = (d: Diagnostic) => named(d.file);
      const decks = [...split.diagnostics, ...(await deckListDiagnostics(split.decks, analysis))];
      const { scenarioDiagnostics, uncheckedCovers } = await import("../../compiler/scenario-check.ts");
      const rulesTexts = await rulesTextsOf(analysis.model.games);
      const added = [...scenarioDiagnostics(analysis, rulesTexts), ...uncheckedCovers(analysis, rulesTexts), ...(await engineWarnings(analysis)), ...decks];
      // Each file's problems together, in text order (the workspace's own are already so; a stable sort keeps them).
      const diagnostics = [...analysis.model.diagnostics, ...added].filter(reported).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.range.start.offset - b.range.start.offset);
      const model = { ...analysis.model, diagnostics };
      const summary = summarize(model, analysis.read.files.filter((f) => named(f.path)).length + split.decks.length, analysis.omitted);
      if (options.json) {
        process.stdout.write(JSON.stringify({ summary, diagnostics: model.diagnostics }, null, 2) + "\n");
      } else {
        const out: string[] = model.diagnostics.map(formatDiagnostic);
        out.push(summaryLine(summary));
        process.stdout.write(out.join("\n") + "\n");
      }
      context.setExitCode(summary.errors > 0 ? 1 : 0);
    });
}
