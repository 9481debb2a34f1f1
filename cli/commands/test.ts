import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

// Placeholder until the owner of `cardwright test` lands it: it refuses loudly rather than pretending to work.
export function register(program: Command, context: CommandContext): void {
  program
    .command("test")
    .description("(not implemented yet)")
    .allowUnknownOption()
    .action(() => {
      console.error("cardwright test: not implemented yet");
      context.setExitCode(2);
    });
}
