/**
 * Deck lists in `cardwright check`: `.deck` files under the given folders (or named on their
 * own) are read against their game's cards (compiler/decklist.ts: CW7001-CW7003, CW7005), and a
 * list that reads cleanly is checked for legality by the engine's own deck rules (CW7004).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import type { SourceFile } from "../../compiler/model.ts";
import type { WorkspaceAnalysis } from "../../compiler/workspace.ts";
import { DECK_EXTENSION, deckCardNames, deckCards, gameFolders, gameOfDeckPath, legalityDiagnostics, parseDeck } from "../../compiler/decklist.ts";
import { diagnostic } from "../../compiler/messages.ts";
import { decodeText, gameFolderOf, workspacePath } from "../../compiler/workspace-disk.ts";

const isDeck = (file: string) => file.toLowerCase().endsWith(DECK_EXTENSION);

/**
 * Splits the paths `check` was given: deck files named on their own are read as decks, and the
 * folder of their game (the nearest folder above holding a `.game` file) is checked with them so
 * their cards are known; folders are searched for deck files too.
 */
export async function splitDeckPaths(paths: string[], cwd = process.cwd()): Promise<{ sources: string[]; decks: SourceFile[]; diagnostics: Diagnostic[] }> {
  const sources: string[] = [];
  const decks: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const start = { offset: 0, line: 1, column: 1 };
  const read = async (absolute: string) => {
    const shown = workspacePath(absolute, cwd);
    try {
      const decoded = decodeText(await fs.readFile(absolute));
      if (typeof decoded === "string") decks.push({ path: shown, text: decoded });
      else diagnostics.push(diagnostic("CW3002", shown, { start, end: start }, { reason: decoded.reason }));
    } catch (error) {
      diagnostics.push(diagnostic("CW3001", shown, { start, end: start }, { reason: error instanceof Error ? error.message : String(error) }));
    }
  };
  const walk = async (directory: string): Promise<void> => {
    const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isDeck(entry.name)) await read(full);
    }
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stats = await fs.stat(absolute).catch(() => undefined);
    if (stats?.isFile() && isDeck(absolute)) {
      await read(absolute);
      const gameFolder = await gameFolderOf(absolute);
      if (gameFolder) sources.push(path.relative(cwd, gameFolder) || ".");
      continue;
    }
    sources.push(given);
    if (stats?.isDirectory()) await walk(absolute);
  }
  return { sources: [...new Set(sources)], decks, diagnostics };
}

/** Reads every deck against the checked workspace, then asks the engine whether the clean ones are legal. */
export async function deckListDiagnostics(decks: SourceFile[], analysis: WorkspaceAnalysis & { read: { files: SourceFile[] } }): Promise<Diagnostic[]> {
  if (decks.length === 0) return [];
  const { deckDiagnostics } = await import("../../compiler/decklist.ts");
  const model = analysis.model;
  const out = deckDiagnostics(decks, model);
  const folders = gameFolders(model);
  const clean = decks.filter((d) => !out.some((problem) => problem.file === d.path));
  if (clean.length === 0) return out;
  // Legality is the engine's: lower the workspace once, one engine per game that has decks.
  const gamesWithErrors = new Set(model.diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
  const [{ lowerAnalysis }, { createEngine }] = await Promise.all([import("../../compiler/lower.ts"), import("../../runtime/index.ts")]);
  // The check's own analysis: nothing is parsed or checked again.
  const lowered = lowerAnalysis(analysis, analysis.read.files);
  const engines = new Map<string, ReturnType<typeof createEngine>>();
  for (const deck of clean) {
    const game = gameOfDeckPath(deck.path, folders)!;
    const gameFile = model.games.find((g) => g.id === game)?.file;
    if (gameFile && gamesWithErrors.has(gameFile)) continue; // the game's own errors come first
    let engine = engines.get(game);
    if (!engine) {
      const bundle = lowered.bundles.find((b) => b.game.id.toLowerCase() === game.toLowerCase());
      if (!bundle) continue;
      engine = createEngine(bundle);
      engines.set(game, engine);
    }
    const { entries } = parseDeck(deck.text, deck.path, deckCardNames(model, game));
    out.push(...legalityDiagnostics(deck.path, game, entries, engine.validateDeck(deckCards(entries))));
  }
  return out;
}
