/**
 * `cardwright export --format <json|tts|cockatrice|cgs> [paths...] -o <dir>`: checks the
 * workspace under the paths and, when it has no errors, writes the chosen format into <dir>
 * all at once (nothing is written when anything fails). The studio's Export action calls the
 * same `exportWorkspace` / `writeExport`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Option, type Command } from "commander";
import type { CommandContext } from "../main.ts";
import { formatDiagnostic, type Diagnostic } from "../../compiler/diagnostics.ts";
import { EXPORT_FORMATS, type ExportFormat, type ExportOptions } from "../../export/types.ts";

interface ExportCommandOptions {
  format: ExportFormat;
  out: string;
  imageBaseUrl?: string;
  cardSize?: string;
}

function parseCardSize(text: string): { cardWidth: number; cardHeight: number } | undefined {
  const match = /^(\d{2,4})x(\d{2,4})$/.exec(text.trim());
  if (!match) return undefined;
  return { cardWidth: Number(match[1]), cardHeight: Number(match[2]) };
}

function printDiagnostics(diagnostics: Diagnostic[]): void {
  for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("export")
    .description("Export card sets: engine-neutral JSON, Tabletop Simulator, Cockatrice or Card Game Simulator.")
    .argument("[paths...]", "files or directories holding the game files and sets to export", ["cards/"])
    .addOption(new Option("-f, --format <format>", "output format").choices([...EXPORT_FORMATS]).makeOptionMandatory())
    .requiredOption("-o, --out <dir>", "output directory (created, or replaced if it holds a previous export)")
    .option("--image-base-url <url>", "URL prefix for card images in TTS/Cockatrice/CGS files (default: the output directory's file:// URL)")
    .option("--card-size <WxH>", "pixel size of one rendered card, e.g. 500x700 (default 300x420)")
    .action(async (paths: string[], options: ExportCommandOptions) => {
      if (options.imageBaseUrl !== undefined && !URL.canParse(options.imageBaseUrl)) {
        process.stderr.write(`cardwright export: --image-base-url must be an absolute URL (https://... or file://...), got "${options.imageBaseUrl}"\n`);
        context.setExitCode(2);
        return;
      }
      const exportOptions: ExportOptions = {
        imageBaseUrl: options.imageBaseUrl ?? `${pathToFileURL(resolve(options.out)).href}/`,
      };
      if (options.cardSize !== undefined) {
        const size = parseCardSize(options.cardSize);
        if (!size) {
          process.stderr.write(`cardwright export: --card-size must look like 300x420, got "${options.cardSize}"\n`);
          context.setExitCode(2);
          return;
        }
        Object.assign(exportOptions, size);
      }
      // Loaded here, not at the top: the other commands need not start the image renderer.
      const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
      const { exportSources, writeExport } = await import("../../export/index.ts");
      const read = await readWorkspaceFiles(paths);
      const result = exportSources(read.files, options.format, { ...exportOptions, extraDiagnostics: read.diagnostics });
      const { model } = result;
      if (!result.ok) {
        printDiagnostics(result.diagnostics);
        process.stderr.write(`Nothing was exported: ${result.diagnostics.length} error${result.diagnostics.length === 1 ? "" : "s"}.\n`);
        context.setExitCode(1);
        return;
      }
      const shown = model.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
      printDiagnostics(shown);
      if (shown.some((diagnostic) => diagnostic.severity === "error")) {
        process.stderr.write("(errors in scenario files do not block an export: scenarios test the cards but are not exported)\n");
      }
      for (const note of options.format === "json" ? result.notes : []) {
        process.stderr.write(`${note.file}:${note.range.start.line}:${note.range.start.column}: note: ${note.message}\n`);
      }
      const written = writeExport(result.files, options.out, options.format);
      if (!written.ok) {
        printDiagnostics(written.diagnostics);
        context.setExitCode(1);
        return;
      }
      const cards = model.sets.reduce((sum, set) => sum + set.cards.length, 0);
      const games = [...new Set(model.sets.map((set) => set.game))].sort();
      process.stdout.write(
        `Exported ${cards} card${cards === 1 ? "" : "s"} in ${model.sets.length} set${model.sets.length === 1 ? "" : "s"} ` +
          `(${games.join(", ")}) as ${options.format}: ${result.files.length} files in ${options.out}\n`,
      );
      context.setExitCode(0);
    });
}
