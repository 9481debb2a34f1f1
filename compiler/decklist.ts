/**
 * Deck lists (`cards/<game>/decks/*.deck`): the common decklist convention, one `N Card Name`
 * per line (`4x Card Name` too), `#` starts a comment, blank lines are ignored. Reading a list
 * needs only its game's card names (unknown names get "did you mean"); legality (sizes, copy
 * limits, tokens, a game's deck parts) is the engine's own deck check, which the callers run
 * (`cardwright check`, the studio's table) and hand to `legalityDiagnostics`.
 *
 * Pure functions over text: the CLI, the studio's table and its editor share them. A deck
 * belongs to the game whose `.game` file sits in its folder or a folder above it.
 */
import { LineMap, type Diagnostic, type Range } from "./diagnostics.ts";
import { diagnostic } from "./messages.ts";
import { closestName } from "./check-suggest.ts";

export const DECK_EXTENSION = ".deck";

export interface DeckEntry {
  count: number;
  /** The card's name as the game spells it (as written when unknown). */
  name: string;
  line: number;
  /** Where the name is written. */
  range: Range;
  known: boolean;
}

export interface ParsedDeck {
  entries: DeckEntry[];
  diagnostics: Diagnostic[];
}

const MAX_COPIES_PER_LINE = 999;

/**
 * Parses a deck list against the game's card names: a bad line or an unknown name is an error
 * at its line and column (CW7001-CW7003), with the closest name as the suggestion. Names match
 * case-insensitively and come back in the game's spelling.
 */
export function parseDeck(text: string, file: string, cardNames: Iterable<string>): ParsedDeck {
  const lines = new LineMap(text);
  const byLower = new Map<string, string>();
  for (const name of cardNames) byLower.set(name.toLowerCase(), name);
  const entries: DeckEntry[] = [];
  const diagnostics: Diagnostic[] = [];

  let lineStart = 0;
  for (const [index, raw] of text.split("\n").entries()) {
    const start = lineStart;
    lineStart += raw.length + 1;
    const line = raw.replace(/\r$/, "");
    const comment = line.indexOf("#");
    const body = (comment >= 0 ? line.slice(0, comment) : line).trimEnd();
    if (body.trim() === "") continue;
    const lead = body.length - body.trimStart().length;
    const content = body.trimStart();
    const match = /^(\d+)\s*[xX]?\s+(\S.*)$/.exec(content);
    const signed = /^([-+]\d+)\s*[xX]?\s+\S/.exec(content);
    if (signed) {
      // "-2 Recall": a count is how many copies, never a change.
      diagnostics.push(diagnostic("CW7002", file, lines.range(start + lead, start + lead + signed[1]!.length), { max: MAX_COPIES_PER_LINE, count: signed[1]! }));
      continue;
    }
    if (!match) {
      const detail = /^\D/.test(content) ? `expected a count before the card name, as in "2 ${content}"` : `expected "N Card Name" (a count, then the card's name)`;
      diagnostics.push(diagnostic("CW7001", file, lines.range(start + lead, start + body.length), { detail }));
      continue;
    }
    const countText = match[1]!;
    const written = match[2]!;
    const count = Number(countText);
    if (count < 1 || count > MAX_COPIES_PER_LINE) {
      diagnostics.push(diagnostic("CW7002", file, lines.range(start + lead, start + lead + countText.length), { max: MAX_COPIES_PER_LINE, count: countText }));
      continue;
    }
    const nameStart = start + lead + content.length - written.length;
    const range = lines.range(nameStart, nameStart + written.length);
    const name = byLower.get(written.toLowerCase());
    if (!name) {
      const suggestion = closestName(written, byLower.values());
      diagnostics.push(diagnostic("CW7003", file, range, { name: written }, suggestion ? { suggestion } : {}));
    }
    entries.push({ count, name: name ?? written, line: index + 1, range, known: name !== undefined });
  }
  return { entries, diagnostics };
}

/** The deck as the engine takes it: one name per copy, in the order written (unknown names left out). */
export function deckCards(entries: readonly DeckEntry[]): string[] {
  return entries.filter((e) => e.known).flatMap((e) => Array.from({ length: e.count }, () => e.name));
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

/**
 * The game a deck file belongs to: the nearest folder above it that holds a game file (`folders`:
 * folder → game id). Paths are relative to one working directory and may climb out of it
 * (`check .` inside `duel/decks/` reads the game file as `../duel.game` and the deck as `red.deck`).
 */
export function gameOfDeckPath(path: string, folders: ReadonlyMap<string, string>): string | undefined {
  const deck = pathSegments(path);
  const candidates = [...folders].map(([folder, game]) => ({ segments: pathSegments(folder), game }));
  // Lift every path onto one made-up base deep enough for the most leading `..`, then compare as prefixes.
  const climb = Math.max(leadingUps(deck), ...candidates.map((c) => leadingUps(c.segments)));
  const base = Array.from({ length: climb }, (_, i) => `\u0000${i}`);
  const deckLifted = lift(base, deck);
  let best: { game: string; depth: number } | undefined;
  for (const { segments, game } of candidates) {
    const lifted = lift(base, segments);
    const inside = lifted.length < deckLifted.length && lifted.every((s, i) => deckLifted[i] === s);
    if (inside && (!best || lifted.length > best.depth)) best = { game, depth: lifted.length };
  }
  return best?.game;
}

/** A `/`-separated relative path's segments, `.` dropped and `x/..` folded; leading `..` kept. */
function pathSegments(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else out.push(segment);
  }
  return out;
}

const leadingUps = (segments: readonly string[]) => segments.findIndex((s) => s !== "..") === -1 ? segments.length : segments.findIndex((s) => s !== "..");

function lift(base: readonly string[], segments: readonly string[]): string[] {
  const ups = leadingUps(segments);
  return [...base.slice(0, base.length - ups), ...segments.slice(ups)];
}

/** What `deckDiagnostics` needs of a checked workspace (compiler/model.ts's WorkspaceModel has it). */
export interface DeckModelView {
  games: readonly { id: string; file: string }[];
  sets: readonly { game: string; cards: readonly { name: string; isToken: boolean }[] }[];
}

/** Folder of each game file → its game id. */
export function gameFolders(model: DeckModelView): Map<string, string> {
  return new Map(model.games.map((g) => [g.file.split("/").slice(0, -1).join("/"), g.id]));
}

/** The card names of a game a deck line may name: tokens too (a token is a known card; that it cannot be in a deck is the engine's legality, CW7004). */
export function deckCardNames(model: DeckModelView, game: string): string[] {
  return model.sets.filter((s) => s.game.toLowerCase() === game.toLowerCase()).flatMap((s) => s.cards.map((c) => c.name));
}

/** Every deck file read against the checked workspace: unreadable lines and unknown names; a deck outside any game's folder is a warning. */
export function deckDiagnostics(files: readonly { path: string; text: string }[], model: DeckModelView): Diagnostic[] {
  const folders = gameFolders(model);
  const out: Diagnostic[] = [];
  for (const file of files) {
    const game = gameOfDeckPath(file.path, folders);
    if (!game) {
      const start = { offset: 0, line: 1, column: 1 };
      out.push(diagnostic("CW7005", file.path, { start, end: start }, {}));
      continue;
    }
    out.push(...parseDeck(file.text, file.path, deckCardNames(model, game)).diagnostics);
  }
  return out;
}

/**
 * The engine's deck violations as CW7004 errors: each at the line of the card it names (its
 * first line), a deck-wide one (size) at the deck's first card line.
 */
export function legalityDiagnostics(file: string, game: string, entries: readonly DeckEntry[], violations: readonly { message: string; card?: string }[]): Diagnostic[] {
  const start = { offset: 0, line: 1, column: 1 };
  const whole: Range = entries[0]?.range ?? { start, end: start };
  return violations.map((v) => {
    const at = v.card ? entries.find((e) => e.name.toLowerCase() === v.card!.toLowerCase())?.range : undefined;
    return diagnostic("CW7004", file, at ?? whole, { game, detail: v.message });
  });
}
