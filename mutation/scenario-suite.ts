/**
 * The scenario suite StrykerJS judges runtime/ by: every scenario of a bundled game with its game's
 * compiled bundle. Compiling is the compiler's work, which no runtime mutant can change (compiler/
 * never imports runtime/), so scripts/mutation.ts compiles once per Stryker run and hands the
 * result over as JSON (MUTATION_SUITE, a file path): each mutant's run then only loads the engine
 * and the scenarios instead of parsing, checking and lowering three games again.
 */
import { readdirSync, readFileSync } from "node:fs";
import { lowerWorkspace } from "../compiler/lower.ts";
import { parseScenarioFile } from "../compiler/scenario.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import type { Scenario } from "../grammar/scenario.ts";
import { bundledGameText, paramGames, withParam } from "../scripts/param-games.ts";

export const SUITE_GAMES = ["duel", "cybervamp", "chromatic"] as const;

export interface GameSuite {
  game: string;
  bundle: CompiledBundle;
  scenarios: Scenario[];
}

/** One game folder (`cards/<game>`, from the working directory): its bundle and its scenarios, in file order. */
export function gameSuite(game: string): GameSuite {
  const folder = `cards/${game}`;
  const files = (readdirSync(folder, { recursive: true, encoding: "utf8" }) as string[]).sort();
  const sources = files.filter((f) => f.endsWith(".game") || f.endsWith(".cards")).map((f) => ({ path: `${folder}/${f}`, text: readFileSync(`${folder}/${f}`, "utf8") }));
  const bundle = lowerWorkspace(sources).bundles.find((b) => b.game.id === game)!;
  const scenarios = files.filter((f) => f.endsWith(".scenario")).flatMap((f) => parseScenarioFile(readFileSync(`${folder}/${f}`, "utf8"), `${folder}/${f}`).scenarios);
  return { game, bundle, scenarios };
}

/**
 * The test games of test/fixtures/games/ (scripts/param-games.ts): a bundled game with one param changed,
 * its bundled cards and the test game's own cards and scenarios. They reach the paths a bundled game's
 * own values never take (a parameter's other values), which is where many survivors were.
 */
export function paramGameSuites(): GameSuite[] {
  return paramGames(".").map((g) => {
    const own = (readdirSync(g.folder).sort() as string[]).map((f) => ({ path: `${g.folder}/${f}`, text: readFileSync(`${g.folder}/${f}`, "utf8") }));
    const sources = [
      { path: `${g.folder}/${g.game}.game`, text: withParam(bundledGameText(".", g.game), g.param, g.value) },
      { path: `${g.folder}/core.cards`, text: readFileSync(`cards/${g.game}/core.cards`, "utf8") },
      ...own.filter((f) => f.path.endsWith(".cards")),
    ];
    const bundle = lowerWorkspace(sources).bundles.find((b) => b.game.id === g.game);
    if (!bundle) throw new Error(`test game ${g.name} does not compile`);
    const scenarios = own.filter((f) => f.path.endsWith(".scenario")).flatMap((f) => parseScenarioFile(f.text, f.path).scenarios);
    return { game: g.name, bundle, scenarios };
  });
}

/** The whole suite as JSON (plain data: the compiler's output is, test/compiler/plain-data.test.ts holds it so). */
export const suiteJson = () => JSON.stringify([...SUITE_GAMES.map(gameSuite), ...paramGameSuites()]);

// `tsx mutation/scenario-suite.ts <file>`: writes the suite there. scripts/mutation.ts runs this in a fresh process
// for every Stryker run, so a long series of runs compiles with the compiler as it is now, not as it was when the
// series started (a scenario needing a newer lowering would fail the initial run).
if (process.argv[1]?.endsWith("scenario-suite.ts") && process.argv[2]) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(process.argv[2], suiteJson());
}
