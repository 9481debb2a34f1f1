/**
 * Every scenario of a checked workspace resolved against its game (compiler/scenario.ts): the
 * diagnostics `cardwright check` and the studio's checker worker add for scenario files, beside
 * the syntax ones the workspace already holds. Like engine-warnings.ts it needs the compiled game
 * file (and, for a name that is no card, the tokens card text makes), so it lives above the
 * lowering; the runner makes the same check from the game it runs (runtime/scenario.ts).
 */
import type * as Ast from "./ast.ts";
import type { Diagnostic } from "./diagnostics.ts";
import type { CompiledGame } from "./ir.ts";
import type { CardModel, SetModel } from "./model.ts";
import type { ParsedFile } from "./check-ast.ts";
import type { WorkspaceAnalysis } from "./workspace.ts";
import { diagnostic } from "./messages.ts";
import { lowerCards, lowerGame } from "./lower.ts";
import { checkScenario, scenarioNames, tokenNamesMade, type ScenarioNames } from "./scenario.ts";
import { rulesClauses } from "./rules-text.ts";

/**
 * `rulesTexts`: the rules text of a game, by the path of its game file, when the caller has it (the
 * CLI reads the game folder's `rules.txt`); with it `covers:` ids are checked too.
 */
export function scenarioDiagnostics(analysis: Pick<WorkspaceAnalysis, "files" | "model">, rulesTexts: ReadonlyMap<string, string> = new Map()): Diagnostic[] {
  const out: Diagnostic[] = [];
  const namesByGame = new Map<string, ScenarioNames | undefined>();
  for (const parsed of analysis.files.values()) {
    for (const scenario of parsed.scenario?.scenarios ?? []) {
      const game = analysis.model.games.find((g) => g.id.toLowerCase() === scenario.game.toLowerCase());
      if (!game) continue; // CW3003, from the workspace
      const key = game.id.toLowerCase();
      if (!namesByGame.has(key)) {
        const names = namesFor(analysis.files, game.file, game.id, analysis.model.sets);
        const rules = rulesTexts.get(game.file);
        if (names && rules !== undefined) names.clauses = rulesClauses(rules).map((c) => c.id);
        namesByGame.set(key, names);
      }
      const names = namesByGame.get(key);
      if (!names) continue;
      try {
        out.push(...checkScenario(scenario, names));
      } catch (error) {
        out.push(diagnostic("CW3009", parsed.path, scenario.range, { phase: `checking scenario "${scenario.name}"`, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
      }
    }
  }
  return out;
}

/** A game file's compiled form, kept per parsed file (an unchanged game file is not parsed, so not lowered, again). */
const compiledGames = new WeakMap<ParsedFile, CompiledGame>();

/** What a scenario of this game may name: the compiled game file and the game's checked cards. */
function namesFor(files: Map<string, ParsedFile>, gameFile: string, game: string, sets: SetModel[]): ScenarioNames | undefined {
  const parsed = files.get(gameFile);
  if (parsed?.document?.kind !== "gameFile") return undefined;
  let compiled = compiledGames.get(parsed);
  if (!compiled) {
    try {
      compiled = lowerGame(parsed.document as Ast.GameFile, parsed.text, []);
    } catch {
      return undefined; // the game file's own errors come first
    }
    compiledGames.set(parsed, compiled);
  }
  const ofGame = sets.filter((s) => s.game === game);
  const models = ofGame.flatMap((s) => s.cards);
  const madeByCards = () => [...new Set(ofGame.map((s) => s.file))].flatMap((file) => tokensMadeBy(files.get(file), compiled, models));
  return scenarioNames(compiled, models, () => [...tokenNamesMade([compiled.rules, compiled.keywords]), ...madeByCards()]);
}

/** The token names a card file's text makes, lowered once per parsed file and game. */
const tokensByFile = new WeakMap<ParsedFile, { game: CompiledGame; names: string[] }>();
function tokensMadeBy(parsed: ParsedFile | undefined, game: CompiledGame, models: CardModel[]): string[] {
  if (parsed?.document?.kind !== "cardFile") return [];
  const known = tokensByFile.get(parsed);
  if (known?.game === game) return known.names;
  let names: string[] = [];
  try {
    names = tokenNamesMade(lowerCards(parsed.document as Ast.CardFile, parsed.text, game, models, []).map((c) => c.abilities));
  } catch {
    // A card file the lowering cannot read makes no tokens we can name; its own diagnostics say why.
  }
  tokensByFile.set(parsed, { game, names });
  return names;
}
