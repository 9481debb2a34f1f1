/**
 * `cardwright simulate --game <id> --games N --seed S`: both sides play random legal actions;
 * every invariant is checked after every action. Prints wins per side, average turns and a hash
 * of all traces, so the same seed prints the same output. A progress bar only on a terminal.
 */
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

export function register(program: Command, context: CommandContext): void {
  program
    .command("simulate")
    .description("Play random legal games and check the engine's invariants after every action.")
    .requiredOption("--game <id>", "game id (its files are read from cards/<id>/ unless --path is given)")
    .option("--games <n>", "number of games", "100")
    .option("--seed <n>", "seed", "1")
    .option("--max-turns <n>", "a game still running after this many turns is a violation", "200")
    .option("--path <dir...>", "where to read the game and card files")
    .action(async (options: { game: string; games: string; seed: string; maxTurns: string; path?: string[] }) => {
      const games = Number(options.games);
      const seed = Number(options.seed);
      const maxTurns = Number(options.maxTurns);
      if (!Number.isInteger(games) || games < 0 || !Number.isInteger(seed) || !Number.isInteger(maxTurns) || maxTurns < 1) {
        process.stderr.write("cardwright simulate: --games, --seed and --max-turns take whole numbers\n");
        context.setExitCode(2);
        return;
      }
      const { readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
      const { lowerWorkspace } = await import("../../compiler/lower.ts");
      const { createEngine } = await import("../../runtime/index.ts");
      const { simulate } = await import("../../runtime/simulate.ts");
      const read = await readWorkspaceFiles(options.path ?? [`cards/${options.game}`]);
      const lowered = lowerWorkspace(read.files.filter((f) => !f.path.endsWith(".scenario")));
      const bundle = lowered.bundles.find((b) => b.game.id.toLowerCase() === options.game.toLowerCase());
      if (!bundle) {
        process.stderr.write(`cardwright simulate: no game "${options.game}" found in ${(options.path ?? [`cards/${options.game}`]).join(", ")}\n`);
        context.setExitCode(2);
        return;
      }
      let engine: ReturnType<typeof createEngine>;
      try {
        engine = createEngine(bundle);
      } catch (error) {
        process.stderr.write(`cardwright simulate: the engine cannot load game "${bundle.game.id}": ${error instanceof Error ? error.message : String(error)}\n`);
        context.setExitCode(2);
        return;
      }
      let bar: { increment(): void; stop(): void } | undefined;
      if (process.stderr.isTTY && games > 1) {
        const { SingleBar, Presets } = (await import("cli-progress")).default;
        const progress = new SingleBar({ format: "simulating [{bar}] {value}/{total} games", stream: process.stderr }, Presets.shades_classic);
        progress.start(games, 0);
        bar = progress;
      }
      const result = simulate(engine, { games, seed, maxTurns, onGameDone: () => bar?.increment() });
      bar?.stop();
      const lines = [
        `${bundle.game.name}: ${games} game${games === 1 ? "" : "s"}, seed ${seed}`,
        `wins: ${Object.entries(result.wins).map(([p, n]) => `${p} ${n}`).join(", ")}, draws ${result.draws}`,
        `average turns: ${result.averageTurns.toFixed(2)}`,
        `actions: ${result.actions}`,
        `trace hash: ${result.traceHash}`,
        `invariant violations: ${result.violations.length}`,
        ...result.violations.slice(0, 20).map((v) => `  ${v}`),
      ];
      process.stdout.write(lines.join("\n") + "\n");
      context.setExitCode(result.violations.length > 0 ? 1 : 0);
    });
}
