/**
 * `cardwright export --format <json|tts|cockatrice|cgs|pdf|png> [paths...] -o <dir>`: checks the
 * workspace under the paths and, when it has no errors, writes the chosen format into <dir>
 * all at once (nothing is written when anything fails). The studio's Export action calls the
 * same `exportWorkspace` / `writeExport`. `pdf` prints print-and-play sheets, `png` one image per
 * card with its bleed; their options (paper, card size in millimetres, bleed, margin, backs, dpi,
 * a deck list) are checked here and by `sheetGeometry`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Option, type Command } from "commander";
import type { CommandContext } from "../main.ts";
import { formatDiagnostic, type Diagnostic } from "../../compiler/diagnostics.ts";
import { EXPORT_FORMATS, type ExportFormat, type ExportOptions } from "../../export/types.ts";
import { PAPERS, parsePrintCardSize, type Paper, type PrintOptions } from "../../export/print.ts";

interface ExportCommandOptions {
  format: ExportFormat;
  out: string;
  imageBaseUrl?: string;
  cardSize?: string;
  paper?: string;
  bleed?: string;
  margin?: string;
  backs?: boolean;
  dpi?: string;
  deck?: string;
}

const PRINT_FORMATS: readonly ExportFormat[] = ["pdf", "png"];

/** A length in millimetres within [min, max], or why not. */
function millimetres(flag: string, text: string, min: number, max: number): number | string {
  const value = Number(text.trim().replace(/mm$/i, ""));
  if (text.trim() === "" || !Number.isFinite(value) || value < min || value > max) return `${flag} must be a number of millimetres from ${min} to ${max}, got "${text}"`;
  return value;
}

/** The print options given on the command line, or the first problem with them. */
async function printOptions(options: ExportCommandOptions): Promise<Partial<PrintOptions> | string> {
  const print: Partial<PrintOptions> = {};
  if (options.paper !== undefined) {
    const paper = options.paper.toLowerCase();
    if (!(paper in PAPERS)) return `--paper must be ${Object.keys(PAPERS).join(" or ")}, got "${options.paper}"`;
    print.paper = paper as Paper;
  }
  if (options.cardSize !== undefined) {
    const size = parsePrintCardSize(options.cardSize);
    if (!size) return `--card-size for ${options.format} must be poker, bridge, tarot, mini, square or a trim size such as 63x88 (millimetres) or 2.5x3.5in, between 20 and 400 mm a side, got "${options.cardSize}"`;
    print.cardWidth = size.width;
    print.cardHeight = size.height;
  }
  for (const [flag, key, text, max] of [["--bleed", "bleed", options.bleed, 10], ["--margin", "margin", options.margin, 50]] as const) {
    if (text === undefined) continue;
    const value = millimetres(flag, text, 0, max);
    if (typeof value === "string") return value;
    print[key] = value;
  }
  if (options.dpi !== undefined) {
    const dpi = Number(options.dpi);
    if (!Number.isInteger(dpi) || dpi < 72 || dpi > 1200) return `--dpi must be a whole number from 72 to 1200, got "${options.dpi}"`;
    print.dpi = dpi;
  }
  if (options.backs) print.backs = true;
  if (options.deck !== undefined) {
    const { readFile } = await import("node:fs/promises");
    try {
      print.deck = { path: options.deck, text: await readFile(options.deck, "utf8") };
    } catch (error) {
      return `--deck: cannot read "${options.deck}" (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
  }
  return print;
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
    .description("Export card sets: engine-neutral JSON, Tabletop Simulator, Cockatrice, Card Game Simulator, print-and-play PDF sheets or print-ready PNGs.")
    .argument("[paths...]", "files or directories holding the game files and sets to export", ["cards/"])
    .addOption(new Option("-f, --format <format>", "output format").choices([...EXPORT_FORMATS]).makeOptionMandatory())
    .requiredOption("-o, --out <dir>", "output directory (created, or replaced if it holds a previous export)")
    .option("--image-base-url <url>", "URL prefix for card images in TTS/Cockatrice/CGS files (default: the output directory's file:// URL)")
    .option("--card-size <size>", "tts/cockatrice/cgs: pixel size of one rendered card, e.g. 500x700 (default 300x420); pdf/png: trim size, poker|bridge|tarot|mini|square or e.g. 63x88 (mm) or 2.5x3.5in (default poker, 63x88)")
    .option("--paper <paper>", "pdf: a4 or letter (default a4)")
    .option("--bleed <mm>", "pdf/png: background printed past the trim line on every side (default 3)")
    .option("--margin <mm>", "pdf: unprinted border of the page, where the cut marks go (default 5)")
    .option("--backs", "pdf: a page of card backs after each page of faces, mirrored for long-edge duplex printing")
    .option("--dpi <n>", "png: resolution (default 300)")
    .option("--deck <file>", "pdf: print the cards of this deck list (.deck), each as many times as it counts, and the list itself")
    .action(async (paths: string[], options: ExportCommandOptions) => {
      if (options.imageBaseUrl !== undefined && !URL.canParse(options.imageBaseUrl)) {
        process.stderr.write(`cardwright export: --image-base-url must be an absolute URL (https://... or file://...), got "${options.imageBaseUrl}"\n`);
        context.setExitCode(2);
        return;
      }
      const exportOptions: ExportOptions = {
        imageBaseUrl: options.imageBaseUrl ?? `${pathToFileURL(resolve(options.out)).href}/`,
      };
      const printing = PRINT_FORMATS.includes(options.format);
      const printOnly = (["paper", "bleed", "margin", "backs", "dpi", "deck"] as const).filter((key) => options[key] !== undefined);
      if (!printing && printOnly.length > 0) {
        process.stderr.write(`cardwright export: --${printOnly[0]} is for --format pdf or png, not ${options.format}\n`);
        context.setExitCode(2);
        return;
      }
      if (printing) {
        const print = await printOptions(options);
        if (typeof print === "string") {
          process.stderr.write(`cardwright export: ${print}\n`);
          context.setExitCode(2);
          return;
        }
        exportOptions.print = print;
      } else if (options.cardSize !== undefined) {
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
      const result = await exportSources(read.files, options.format, {
        ...exportOptions,
        extraDiagnostics: read.diagnostics,
        assets: { list: read.assets, read: (path) => read.readAsset(path) },
      });
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
