/**
 * `cardwright worker --queue <redis URL>`: plays batches of balance runs that `cardwright balance
 * --queue <redis URL>` enqueued, from any machine that reaches the Redis server, until stopped
 * (Ctrl+C / SIGTERM: the batch in hand is finished first). Run one per core you want to give.
 */
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

export function register(program: Command, context: CommandContext): void {
  program
    .command("worker")
    .description("Play batches of balance runs from a Redis queue (cardwright balance --queue), until stopped.")
    .requiredOption("--queue <url>", "the Redis server, e.g. redis://10.0.0.5:6379")
    .option("--lock-ms <n>", "how long a batch stays locked to this worker without a renewal: after that, another worker takes it over", "30000")
    .action(async (options: { queue: string; lockMs: string }) => {
      const lockMs = Number(options.lockMs);
      if (!Number.isInteger(lockMs) || lockMs < 100) {
        process.stderr.write(`cardwright worker: --lock-ms takes a whole number ≥ 100 (got "${options.lockMs}")\n`);
        context.setExitCode(2);
        return;
      }
      const { startQueueWorker, QueueUnreachable } = await import("../queue/index.ts");
      let worker: Awaited<ReturnType<typeof startQueueWorker>>;
      try {
        worker = await startQueueWorker({ url: options.queue, lockMs, log: (line) => process.stdout.write(line + "\n") });
      } catch (error) {
        if (!(error instanceof QueueUnreachable)) throw error;
        process.stderr.write(`cardwright worker: ${error.message}\n`);
        context.setExitCode(2);
        return;
      }
      process.stdout.write(`cardwright worker: waiting for batches on ${options.queue}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      await worker.close();
    });
}
