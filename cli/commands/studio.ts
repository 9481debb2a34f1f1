import path from "node:path";
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

/** `cardwright studio [folder] [--port N]`: builds the studio if needed, then serves it on 127.0.0.1. */
export function register(program: Command, context: CommandContext): void {
  program
    .command("studio")
    .description("Open the Cardwright studio on a workspace folder (default: cards/), served on 127.0.0.1")
    .argument("[folder]", "workspace folder with .game, .cards and .scenario files", "cards")
    .option("-p, --port <port>", "port to listen on (0 picks a free one)", "5178")
    .option("--rebuild", "rebuild the studio even if its build is up to date")
    .option("--export-dir <dir>", "where the Export action writes (one folder per format)", "out")
    .option("--no-open", "do not open the studio in the default browser")
    .action(async (folder: string, options: { port: string; rebuild?: boolean; exportDir: string; open: boolean }) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        console.error(`cardwright studio: --port must be a number from 0 to 65535, got "${options.port}"`);
        context.setExitCode(2);
        return;
      }
      const { ensureStudioBuilt, distDir } = await import("../../studio/server/build.ts");
      const { startStudioServer } = await import("../../studio/server/server.ts");
      try {
        await ensureStudioBuilt({ force: options.rebuild ?? false, log: (line) => console.log(line) });
        const studio = await startStudioServer({ workspace: path.resolve(folder), distDir, port, exportDir: path.resolve(options.exportDir) });
        console.log(`Cardwright studio on ${path.resolve(folder)}: ${studio.url}  (Ctrl+C to stop)`);
        if (options.open && canOpenBrowser()) await openInBrowser(studio.url);
        await new Promise<void>((resolve) => {
          const stop = () => void studio.close().then(resolve);
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
        });
      } catch (error) {
        console.error(`cardwright studio: ${error instanceof Error ? error.message : String(error)}`);
        context.setExitCode(1);
      }
    });
}

/** A browser can only be opened for someone at a terminal with a screen (not in CI, not over plain SSH). */
function canOpenBrowser(): boolean {
  if (!process.stdout.isTTY || process.env.CI) return false;
  if (process.platform === "linux") return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  return true;
}

async function openInBrowser(url: string): Promise<void> {
  const { default: open } = await import("open");
  try {
    const child = await open(url);
    // The opener failing (no browser installed) is not the studio failing: the URL is printed above.
    child.once("error", () => console.log(`Could not open a browser; open ${url} yourself.`));
  } catch {
    console.log(`Could not open a browser; open ${url} yourself.`);
  }
}
