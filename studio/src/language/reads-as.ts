/**
 * "Runs as" in the editor: how the engine reads each ability (compiler/reads-as.ts prints it
 * from the compiled IR; the checker worker keeps it from its last check), for the hover and the
 * card panel. A reading that says something other than the written text is marked, so the
 * designer sees at once where the engine understood the card differently.
 */
import type { AbilityReading } from "../../../compiler/engine-warnings.ts";
import type { WorkspaceStore } from "../workspace/store.ts";

export type { AbilityReading };

/** The text's words as a reader compares them: spacing, case and the closing full stop do not count. */
function comparable(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, " ").trim().replace(/[.\s]+$/, "").toLowerCase();
}

/** Does the engine's reading say something other than the written text? */
export function differsFromText(reading: AbilityReading): boolean {
  return comparable(reading.text) !== comparable(reading.readsAs);
}

/** Card text can hold Markdown's characters ([Base], *, _): shown as written. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, "\\$&");
}

export function runsAsMarkdown(reading: AbilityReading): string {
  return `**Runs as:** ${escapeMarkdown(reading.readsAs)}` + (differsFromText(reading) ? "\n\n*Not what the text says: the engine runs the line above.*" : "");
}

/** The card at `offset` of `path` with its abilities' readings, from the checker's last check of the text as it is now. */
export async function readingsAt(store: WorkspaceStore, path: string, offset: number): Promise<{ card?: string; abilities: AbilityReading[] } | undefined> {
  if (store.files.get(path)?.kind !== "cards") return undefined;
  await store.checked();
  return store.checker.query({ kind: "readsAs", path, offset });
}

/** The ability whose text holds `offset`, if any. */
export function readingAt(abilities: readonly AbilityReading[], offset: number): AbilityReading | undefined {
  return abilities.find((a) => a.start <= offset && offset <= a.end);
}
