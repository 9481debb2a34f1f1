/**
 * `cardwright format [--check] [paths...]`: rewrites game and card files in canonical form.
 * Files are replaced atomically (temporary file + rename). A file with syntax errors is never
 * written: its errors are printed instead and the exit code is 1. Nor is a file whose formatted
 * text would not read back as the same tree and words (CW3010, compiler/format-verify.ts); a
 * scenario file (its first token, however far down, is `scenario`) is left as it is. With `--check`, nothing is
 * written; files that would change are listed and the exit code is 1 if there are any.
 */
import * as path from "node:path";
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";

export function register(program: Command, context: CommandContext): void {
  program
    .command("format")
    .description("Rewrite game and card files in canonical form (or, with --check, list the files that are not).")
    .argument("[paths...]", "files or directories (default: the game folder you are in, or cards/)")
    .option("--check", "write nothing; list files that would change and exit 1 if any")
    .action(async (paths: string[], options: { check?: boolean }) => {
      const { readWorkspaceFiles, writeFileAtomic, defaultWorkspacePaths } = await import("../../compiler/workspace-disk.ts");
      const { formatFile } = await import("../../compiler/workspace.ts");
      const cwd = process.cwd();
      const read = await readWorkspaceFiles(paths.length > 0 ? paths : await defaultWorkspacePaths(cwd), { cwd });
      const lines: string[] = read.diagnostics.map(formatDiagnostic);
      let failed = read.diagnostics.some((d) => d.severity === "error");
      let changed = 0;
      let unchanged = 0;
      let refused = 0;
      for (const file of read.files) {
        const result = formatFile(file.text, file.path);
        if (result.text === undefined) {
          const errors = result.diagnostics.filter((d) => d.severity === "error");
          if (errors.length > 0) {
            refused++;
            failed = true;
            const why = errors.some((d) => d.code === "CW3010" || d.code === "CW3009") ? "it would not read back as written" : "of the syntax errors above";
            lines.push(...errors.map(formatDiagnostic), `${file.path}: not formatted because ${why}`);
          }
          continue; // a kind of file the formatter does not handle (scenarios) is left as it is
        }
        if (result.text === file.text) {
          unchanged++;
          continue;
        }
        changed++;
        if (options.check) {
          lines.push(`${file.path}: would be reformatted`);
          failed = true;
        } else {
          try {
            await writeFileAtomic(path.resolve(cwd, file.path), result.text);
            lines.push(`${file.path}: formatted`);
          } catch (error) {
            failed = true;
            lines.push(`${file.path}: cannot write: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      const verb = options.check ? "would be reformatted" : "reformatted";
      lines.push(`${changed} ${changed === 1 ? "file" : "files"} ${verb}, ${unchanged} unchanged` + (refused ? `, ${refused} with syntax errors` : "") + ".");
      process.stdout.write(lines.join("\n") + "\n");
      context.setExitCode(failed ? 1 : 0);
    });
}
