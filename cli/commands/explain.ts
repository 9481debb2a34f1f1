/**
 * `cardwright explain <file-or-folder> [--card NAME]`: how the engine reads each card — every
 * ability's text beside its "reads as" text, printed from the compiled IR (compiler/reads-as.ts),
 * with the engine's diagnostics for the card (CW6xxx) under it. A designer sees at a glance when
 * the engine understood something other than what the card says.
 */
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import * as path from "node:path";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";

export function register(program: Command, context: CommandContext): void {
  program
    .command("explain")
    .description("Show how the engine reads each card: every ability beside its reads-as text, from the compiled effect IR.")
    .argument("[paths...]", "card files or folders (the game files beside them are read too; default: the game folder you are in, or cards/)")
    .option("--card <name>", "only the card with this name (case-insensitive)")
    .option("--json", "print the cards and their abilities as JSON")
    .action(async (paths: string[], options: { card?: string; json?: boolean }) => {
      const { analyzeWorkspaceFromDisk, defaultWorkspacePaths, enclosingGameFolders, inFocus } = await import("../../compiler/workspace-disk.ts");
      const { lowerAnalysis } = await import("../../compiler/lower.ts");
      const { abilityReadsAs, engineWarnings, parseErrorsIn } = await import("../../compiler/engine-warnings.ts");
      const { additionalCostReadsAs, playOnlyReadsAs } = await import("../../compiler/reads-as.ts");
      // A card file inside a game folder (`scenarios/x.cards`) is read with its game folder, as `check` reads it — from any
      // working directory; only the cards of the paths given are listed.
      const { sources, focus } = await enclosingGameFolders(paths.length > 0 ? paths : await defaultWorkspacePaths());
      const analysis = await analyzeWorkspaceFromDisk(sources, { gameFilesAround: true });
      const lowered = lowerAnalysis(analysis, analysis.read.files);
      const engine = engineWarnings(analysis, analysis.read.files);
      const textOf = new Map(analysis.read.files.map((f) => [f.path, f.text]));
      const wanted = options.card?.toLowerCase();
      const out: { card: string; file: string; game: string; abilities: { text: string; readsAs: string }[]; diagnostics: string[] }[] = [];
      for (const bundle of lowered.bundles) {
        for (const card of bundle.cards) {
          if ((wanted && card.name.toLowerCase() !== wanted) || !inFocus(path.resolve(card.source.file), focus)) continue;
          const { start, end } = card.source.range;
          const diagnostics = [...analysis.model.diagnostics, ...engine].filter((d) => d.file === card.source.file && d.range.start.offset >= start.offset && d.range.end.offset <= end.offset);
          out.push({
            card: card.name,
            file: card.source.file,
            game: bundle.game.id,
            abilities: [
              ...(card.playOnly ? [{ text: card.playOnly.text, readsAs: playOnlyReadsAs(card, bundle.game)! }] : []),
              ...(card.additionalCost ? [{ text: card.additionalCost.text, readsAs: additionalCostReadsAs(card, bundle.game)! }] : []),
              ...card.abilities.map((a) => ({ text: a.text, readsAs: abilityReadsAs(a, bundle.game, parseErrorsIn(analysis, card.source.file), textOf.get(card.source.file) ?? "") })),
            ],
            diagnostics: diagnostics.map(formatDiagnostic),
          });
        }
      }
      if (wanted && out.length === 0) {
        process.stderr.write(`No card named "${options.card}" in ${paths.join(" ") || "the workspace"}.\n`);
        context.setExitCode(1);
        return;
      }
      // What kept a named file's cards from being read (no game of that name, a file that does not parse) is said, never
      // an empty listing: the errors of the files given that no listed card holds.
      const listed = new Set(out.map((c) => c.file));
      const unread = analysis.model.diagnostics.filter((d) => d.severity === "error" && !listed.has(d.file) && inFocus(path.resolve(d.file), focus));
      if (out.length === 0 || unread.length > 0) {
        for (const d of unread) process.stderr.write(formatDiagnostic(d) + "\n");
        if (out.length === 0) {
          process.stderr.write(`No cards to explain in ${paths.join(" ") || "the workspace"}.\n`);
          context.setExitCode(1);
          return;
        }
      }
      if (options.json) {
        process.stdout.write(JSON.stringify(out, null, 2) + "\n");
        return;
      }
      const lines: string[] = [];
      for (const card of out) {
        lines.push(`${card.card}  (${card.file}, ${card.game})`);
        for (const a of card.abilities) {
          lines.push(`  text:     ${a.text}`);
          lines.push(`  reads as: ${a.readsAs}`);
        }
        for (const d of card.diagnostics) lines.push(`  ${d}`);
        lines.push("");
      }
      process.stdout.write(lines.join("\n"));
    });
}
