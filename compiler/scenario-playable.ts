/**
 * What a scenario may play: one decision for `cardwright test` and the studio's Scenarios view (session 41 — the view
 * played cards `test` leaves out). A game whose file does not pass check runs no scenario; a card with an error in its own
 * text (a check error, or an error of its lowering: CW6014, a condition the engine cannot check) is not played, and a
 * scenario naming it fails at the line that names it; a card the engine runs otherwise than written (a warning of its
 * lowering) is played as the engine reads it, and a scenario naming it is warned at that line.
 */
import type { Diagnostic } from "./diagnostics.ts";
import type { LoweringResult } from "./lower.ts";
import { diagnostic, MESSAGES, runsAsWritten } from "./messages.ts";
import type { Scenario } from "./scenario.ts";
import type { WorkspaceAnalysis } from "./workspace.ts";

export interface ScenarioPlayability {
  /** Lower-case ids of the games whose game file does not pass check (or the engine contract refuses). */
  brokenGames: Set<string>;
  /** `game\0card` (lower case) → the error that leaves the card out. */
  broken: Map<string, Diagnostic>;
  /** `game\0card` (lower case) → the warnings saying the engine runs it otherwise than written. */
  misread: Map<string, Diagnostic[]>;
  /** The check's errors outside scenario files, the card's lowering errors among them. */
  errors: Diagnostic[];
}


const cardKey = (game: string, card: string) => `${game.toLowerCase()}\u0000${card.toLowerCase()}`;

export function scenarioPlayability(analysis: WorkspaceAnalysis, lowered: Pick<LoweringResult, "notes">): ScenarioPlayability {
  const errors = analysis.model.diagnostics.filter((d) => d.severity === "error" && !d.file.endsWith(".scenario"));
  // A game file the engine contract refuses (a param nothing reads, a value its module does not take, a combat model its
  // phases contradict: CW6002/CW6003/CW6009) fails `check` too: its scenarios would test another game.
  const loweringErrors = lowered.notes.filter((n) => n.code && MESSAGES[n.code].severity === "error");
  const brokenGames = new Set(analysis.model.games.filter((g) => errors.some((d) => d.file === g.file) || loweringErrors.some((n) => n.file === g.file)).map((g) => g.id.toLowerCase()));
  // A card whose lowering is an error (CW6014: a condition the engine cannot check) is not played either: it would run
  // another card (the effects as if the condition held). Reported with the check's errors.
  const cardFiles = new Set(analysis.model.sets.flatMap((set) => set.cards.map((card) => card.file)));
  for (const n of loweringErrors) if (cardFiles.has(n.file)) errors.push(diagnostic(n.code!, n.file, n.range, n.args as never));
  const inCard = (card: { file: string; range: Diagnostic["range"] }, file: string, offset: number) => card.file === file && offset >= card.range.start.offset && offset < card.range.end.offset;
  const broken = new Map<string, Diagnostic>();
  for (const set of analysis.model.sets)
    for (const card of set.cards) {
      const error = errors.find((d) => inCard(card, d.file, d.range.start.offset));
      if (error) broken.set(cardKey(set.game, card.name), error);
    }
  const misread = new Map<string, Diagnostic[]>();
  for (const note of lowered.notes) {
    const d = note.code ? diagnostic(note.code, note.file, note.range, note.args as never) : diagnostic("CW6001", note.file, note.range, { detail: note.message });
    // Lowering warnings about text the engine does run as written (a subtype spelling, a zone name read as the game's, a
    // reminder that says less than its ability, an ability the rules keep off while exhausted, a change without a
    // duration — MessageDefinition.runsAsWritten): a scenario naming such a card is not warned.
    if (d.severity !== "warning" || runsAsWritten(d.code)) continue;
    for (const set of analysis.model.sets)
      for (const card of set.cards) {
        if (!inCard(card, note.file, note.range.start.offset)) continue;
        const key = cardKey(set.game, card.name);
        (misread.get(key) ?? misread.set(key, []).get(key)!).push(d);
      }
  }
  return { brokenGames, broken, misread, errors };
}

/** A game's cards a scenario may play: those with no error of their own. */
export function playableCards<T extends { name: string }>(game: string, cards: readonly T[], playability: ScenarioPlayability): T[] {
  return cards.filter((c) => !playability.broken.has(cardKey(game, c.name)));
}

/** The first line of the scenario naming each card `map` holds something for, with that thing. */
function firstNamed<T>(scenario: Scenario, map: ReadonlyMap<string, T>): { name: string; line: number; said: T }[] {
  const out: { name: string; line: number; said: T }[] = [];
  const seen = new Set<string>();
  for (const n of scenario.names) {
    const key = cardKey(scenario.game, n.text);
    const said = n.role === "card" ? map.get(key) : undefined;
    if (said === undefined || seen.has(key)) continue;
    seen.add(key);
    out.push({ name: n.text, line: n.line, said });
  }
  return out;
}

/** Why a scenario cannot run, each at its line: its game file does not pass check, or a card it names is left out. */
export function scenarioNotRun(scenario: Scenario, playability: ScenarioPlayability): { file: string; line: number; message: string }[] {
  if (playability.brokenGames.has(scenario.game.toLowerCase())) return [{ file: scenario.file, line: scenario.line, message: `the game file of "${scenario.game}" does not pass check, so its scenarios do not run` }];
  return firstNamed(scenario, playability.broken).map(({ name, line, said: d }) => ({ file: scenario.file, line, message: `"${name}" does not pass check (${d.file}:${d.range.start.line}: ${d.message}), so it is not played` }));
}

/** A warning at the first line naming each card the engine runs otherwise than written, with its first such diagnostic. */
export function misreadWarnings(scenario: Scenario, playability: ScenarioPlayability): { file: string; line: number; message: string }[] {
  return firstNamed(scenario, playability.misread).map(({ name, line, said }) => {
    const d = said[0]!;
    const more = said.length > 1 ? ` (and ${said.length - 1} more warning${said.length > 2 ? "s" : ""} at the card: \`cardwright check\`)` : "";
    return { file: scenario.file, line, message: `"${name}" runs as the engine reads it, not as written: ${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}${more} — the scenario tests the engine's reading of it` };
  });
}
