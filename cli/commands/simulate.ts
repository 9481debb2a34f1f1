/**
 * `cardwright simulate [<game folder> | --game <id>] --games N --seed S [--workers N]`: both sides play random legal
 * actions; every invariant is checked after every action. Prints wins per side, average turns and a
 * hash of all traces, so the same seed prints the same output — for any number of workers: the games
 * are played in batches on worker threads (cli/pool), each from its own seed, and added up in game
 * order. A progress bar (games/s, ETA) only on a terminal.
 */
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import type { CompiledBundle } from "../../compiler/ir.ts";
import type { GameOutcome, SimulationResult } from "../../runtime/simulate.ts";
import type { GameBatch, SimulationRun } from "./simulate-worker.ts";

/**
 * Games a worker thread should have before another is started: a fresh thread is a fresh V8
 * isolate that compiles the engine's hot code again, about as much CPU as 500 Duel games
 * (docs/performance.md, "Simulation on worker threads"), so a short run on every core costs more
 * CPU than it saves wall time.
 */
export const GAMES_PER_THREAD = 500;

/** `--workers` when not given: one per core, but no more than the run keeps busy past their start-up (at least 1). */
export function defaultSimulateWorkers(games: number, cores: number): number {
  return Math.max(1, Math.min(cores, Math.floor(games / GAMES_PER_THREAD)));
}

/**
 * `simulate()` with its games played on `workers` threads (0: in this thread), in batches; the
 * same result for any number of workers. `onProgress` gets the games done so far, in game order.
 */
export async function simulateOnWorkers(bundle: CompiledBundle, options: SimulationRun["options"] & { games: number }, workers: number, onProgress?: (done: number) => void): Promise<SimulationResult> {
  const { runPool } = await import("../pool/index.ts");
  const { combineOutcomes } = await import("../../runtime/simulate.ts");
  const { games, ...gameOptions } = options;
  const { batchRanges, batchSizeFor } = await import("../../balance/batch.ts");
  const batches: GameBatch[] = batchRanges(games, batchSizeFor(games, Math.max(1, workers)));
  const outcomes = await runPool<GameBatch, GameOutcome[], SimulationRun>({
    workers,
    tasks: batches,
    worker: new URL("./simulate-worker.ts", import.meta.url),
    shared: { bundle, options: gameOptions },
    onResult: (_outcomes, index) => onProgress?.(batches[index]!.to),
  });
  return combineOutcomes(outcomes.flat());
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("simulate")
    .description("Play random legal games and check the engine's invariants after every action.")
    .argument("[folder]", "the game folder (or a path inside it), as `balance` takes it; default: cards/<id> with --game, else the current folder")
    .option("--game <id>", "game id (its files are read from cards/<id>/ unless --path is given)")
    .option("--games <n>", "number of games", "100")
    .option("--seed <n>", "seed", "1")
    .option("--max-turns <n>", "a game still running after this many turns is a violation", "200")
    .option("--path <dir...>", "where to read the game and card files")
    .option("--workers <n>", `worker threads (default: one per core, one per ${GAMES_PER_THREAD} games at most; 0 plays in this thread); the output is the same for any number`)
    .action(async (folderArg: string | undefined, options: { game?: string; games: string; seed: string; maxTurns: string; path?: string[]; workers?: string }) => {
      const games = Number(options.games);
      const seed = Number(options.seed);
      const maxTurns = Number(options.maxTurns);
      if (!Number.isInteger(games) || games < 0 || !Number.isInteger(seed) || !Number.isInteger(maxTurns) || maxTurns < 1) {
        process.stderr.write("cardwright simulate: --games, --seed and --max-turns take whole numbers\n");
        context.setExitCode(2);
        return;
      }
      const { defaultWorkers } = await import("../pool/index.ts");
      const workers = options.workers === undefined ? defaultSimulateWorkers(games, defaultWorkers()) : Number(options.workers);
      if (!/^\d+$/.test(options.workers ?? "0") || !Number.isSafeInteger(workers)) {
        process.stderr.write(`cardwright simulate: --workers takes a whole number ≥ 0 (got "${options.workers}")\n`);
        context.setExitCode(2);
        return;
      }
      const { gameFolderOf, readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
      const { lowerWorkspace } = await import("../../compiler/lower.ts");
      const { createEngine } = await import("../../runtime/index.ts");
      const usage = (message: string) => {
        process.stderr.write(`cardwright simulate: ${message}\n`);
        context.setExitCode(2);
      };
      if (folderArg && (options.game || options.path)) return usage("give a game folder, or --game <id> [--path <dir>], not both");
      // Where the game's files are: --path, cards/<id> for --game, else the game folder the folder given (or this one) is in.
      let where = options.path ?? (options.game ? [`cards/${options.game}`] : undefined);
      if (!where) {
        const { resolve } = await import("node:path");
        const folder = await gameFolderOf(resolve(folderArg ?? "."));
        if (!folder) return usage(`${folderArg ?? "this folder"} is not in a game folder (a folder holding a .game file): give one, or --game <id>`);
        where = [folder];
      }
      const read = await readWorkspaceFiles(where);
      const lowered = lowerWorkspace(read.files.filter((f) => !f.path.endsWith(".scenario")));
      const bundle = options.game ? lowered.bundles.find((b) => b.game.id.toLowerCase() === options.game!.toLowerCase()) : lowered.bundles.length === 1 ? lowered.bundles[0] : undefined;
      if (!bundle) {
        if (!options.game && lowered.bundles.length > 1) return usage(`${where.join(", ")} holds ${lowered.bundles.length} games (${lowered.bundles.map((b) => b.game.id).join(", ")}): say which with --game <id>`);
        return usage(options.game ? `no game "${options.game}" found in ${where.join(", ")}` : `no game could be compiled in ${where.join(", ")}`);
      }
      // Loaded here once first, so a game the engine refuses is reported once, not by every thread.
      try {
        createEngine(bundle);
      } catch (error) {
        process.stderr.write(`cardwright simulate: the engine cannot load game "${bundle.game.id}": ${error instanceof Error ? error.message : String(error)}\n`);
        context.setExitCode(2);
        return;
      }
      const { createProgress } = await import("../progress.ts");
      const progress = createProgress(games, "simulating");
      let result: SimulationResult;
      try {
        result = await simulateOnWorkers(bundle, { games, seed, maxTurns }, workers, (done) => progress.update(done)).finally(() => progress.stop());
      } catch (error) {
        process.stderr.write(`cardwright simulate: a game failed: ${error instanceof Error ? error.message : String(error)}\n`);
        context.setExitCode(2);
        return;
      }
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
