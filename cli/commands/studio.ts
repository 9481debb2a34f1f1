import type { Command } from "commander";
import type { CommandContext } from "../main.ts";

// Placeholder until the owner of `cardwright studio` lands it: it refuses loudly rather than pretending to work.
export function register(program: Command, context: CommandContext): void {
  program
    .command("studio")
    .description("(not implemented yet)")
    .allowUnknownOption()
    .action(() => {
      console.error("cardwright studio: not implemented yet");
      context.setExitCode(2);
    });
}
