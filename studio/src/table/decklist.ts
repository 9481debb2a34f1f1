/**
 * Deck lists (`cards/<game>/decks/*.deck`): the common decklist convention, one `N Card Name`
 * per line (`4x Card Name` too), `#` starts a comment, blank lines are ignored. Parsing needs
 * only the game's card names (for "did you mean"); legality (sizes, copy limits, tokens) is
 * the engine's own `validateDeck`, listed in full by the table.
 *
 * Pure functions over text: the table, the store and the tests share them.
 */
import { LineMap, type Diagnostic } from "../../../compiler/diagnostics.ts";
import { closestName } from "../../../compiler/check-suggest.ts";

export const DECK_EXTENSION = ".deck";

/** Codes of deck-list problems (the studio's own file type; the compiler's CW codes stay for card text). */
export const DECK_CODES = {
  syntax: "DECK001",
  count: "DECK002",
  unknownCard: "DECK003",
  legality: "DECK004",
} as const;

export interface DeckEntry {
  count: number;
  /** The card's name as the game spells it (the written name when unknown). */
  name: string;
  line: number;
}

export interface ParsedDeck {
  entries: DeckEntry[];
  diagnostics: Diagnostic[];
}

const MAX_COPIES_PER_LINE = 999;

/**
 * Parses a deck list. `cardNames` are the game's card names: an unknown name is an error at
 * its line and column, with the closest name as a suggestion. Names match case-insensitively
 * and are returned in the game's spelling.
 */
export function parseDeck(text: string, file: string, cardNames: Iterable<string>): ParsedDeck {
  const lines = new LineMap(text);
  const byLower = new Map<string, string>();
  for (const name of cardNames) byLower.set(name.toLowerCase(), name);
  const entries: DeckEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const problem = (code: string, start: number, end: number, message: string, suggestion?: string) =>
    diagnostics.push({ file, range: lines.range(start, end), severity: "error", code, message, ...(suggestion ? { suggestion } : {}) });

  let lineStart = 0;
  for (const [index, raw] of text.split("\n").entries()) {
    const start = lineStart;
    lineStart += raw.length + 1;
    const line = raw.replace(/\r$/, "");
    const comment = line.indexOf("#");
    const body = comment >= 0 ? line.slice(0, comment) : line;
    if (body.trim() === "") continue;
    const lead = body.length - body.trimStart().length;
    const match = /^(\d+)\s*[xX]?\s+(\S.*?)\s*$/.exec(body.trimStart());
    if (!match) {
      const countless = /^\D/.test(body.trimStart());
      problem(
        countless ? DECK_CODES.count : DECK_CODES.syntax,
        start + lead,
        start + body.trimEnd().length,
        countless ? `expected a count before the card name, as in "2 ${body.trim()}"` : `expected "N Card Name" (a count, then the card's name)`,
      );
      continue;
    }
    const countText = match[1]!;
    const written = match[2]!;
    const count = Number(countText);
    const nameStart = start + lead + body.trimStart().indexOf(written, countText.length);
    if (count < 1 || count > MAX_COPIES_PER_LINE) {
      problem(DECK_CODES.count, start + lead, start + lead + countText.length, `the count must be between 1 and ${MAX_COPIES_PER_LINE}, not ${countText}`);
      continue;
    }
    const name = byLower.get(written.toLowerCase());
    if (!name) {
      const suggestion = closestName(written, byLower.values());
      problem(DECK_CODES.unknownCard, nameStart, nameStart + written.length, `unknown card "${written}"` + (suggestion ? ` (did you mean "${suggestion}"?)` : ""), suggestion);
      entries.push({ count, name: written, line: index + 1 });
      continue;
    }
    entries.push({ count, name, line: index + 1 });
  }
  return { entries, diagnostics };
}

/** The deck as the engine takes it: one name per copy, in the order written. */
export function deckCards(entries: readonly DeckEntry[]): string[] {
  return entries.flatMap((e) => Array.from({ length: e.count }, () => e.name));
}

/** Counts by name, merging repeated lines (first line's order). */
export function countsOf(entries: readonly DeckEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.name, (counts.get(e.name) ?? 0) + e.count);
  return counts;
}

/** Writes a deck list: a comment header, then `N Card Name` lines in the given order. */
export function formatDeck(counts: ReadonlyMap<string, number>, header: string[] = []): string {
  const lines = header.map((h) => `# ${h}`);
  for (const [name, count] of counts) if (count > 0) lines.push(`${count} ${name}`);
  return lines.join("\n") + "\n";
}

/** The game a deck file belongs to: the game folder it sits in (`<game>/decks/x.deck` or `<game>/x.deck`). */
export function gameOfDeckPath(path: string, gameFolders: ReadonlyMap<string, string>): string | undefined {
  const parts = path.split("/");
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const game = gameFolders.get(parts.slice(0, depth).join("/"));
    if (game) return game;
  }
  return undefined;
}

/**
 * Problems of every deck file against the checked workspace (the editor marks them like card
 * text): unreadable lines and unknown names; a deck outside any game's folder is one problem.
 */
export function deckDiagnostics(files: readonly { path: string; text: string }[], model: { games: readonly { id: string; file: string }[]; sets: readonly { game: string; cards: readonly { name: string; isToken: boolean }[] }[] }): Diagnostic[] {
  const folders = new Map(model.games.map((g) => [g.file.split("/").slice(0, -1).join("/"), g.id]));
  const out: Diagnostic[] = [];
  for (const file of files) {
    const game = gameOfDeckPath(file.path, folders);
    if (!game) {
      const start = { offset: 0, line: 1, column: 1 };
      out.push({ file: file.path, range: { start, end: start }, severity: "warning", code: DECK_CODES.syntax, message: "this deck is not inside a game's folder, so its cards cannot be checked" });
      continue;
    }
    const names = model.sets.filter((s) => s.game.toLowerCase() === game.toLowerCase()).flatMap((s) => s.cards.filter((c) => !c.isToken).map((c) => c.name));
    out.push(...parseDeck(file.text, file.path, names).diagnostics);
  }
  return out;
}
