/**
 * The `cardwright` command line: one commander program, one module per command under
 * cli/commands/. Each module exports `register(program)`, and its action sets the exit code
 * through the returned promise, so `main` stays testable without spawning a process.
 */
import { Command, CommanderError } from "commander";
import { register as registerCheck } from "./commands/check.ts";
import { register as registerFormat } from "./commands/format.ts";
import { register as registerTest } from "./commands/test.ts";
import { register as registerSimulate } from "./commands/simulate.ts";
import { register as registerExport } from "./commands/export.ts";
import { register as registerStudio } from "./commands/studio.ts";
import { register as registerExplain } from "./commands/explain.ts";
import { register as registerBalance } from "./commands/balance.ts";
import { register as registerWorker } from "./commands/worker.ts";

/** Commands report their exit code here; commander's own action return values are ignored. */
export interface CommandContext {
  setExitCode(code: number): void;
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const context: CommandContext = { setExitCode: (code) => (exitCode = Math.max(exitCode, code)) };
  const program = new Command()
    .name("cardwright")
    .description("Check, format, test, simulate, balance and export card sets written in the Cardwright card language.")
    .exitOverride()
    .showHelpAfterError();
  for (const register of [registerCheck, registerFormat, registerTest, registerSimulate, registerExport, registerStudio, registerExplain, registerBalance, registerWorker]) {
    register(program, context);
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return exitCode;
}
