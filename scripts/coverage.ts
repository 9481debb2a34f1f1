/**
 * `npm run coverage`: writes docs/games/<game>-coverage.md for every game folder under cards/ that
 * holds its rules text (`rules.txt`): each clause, the scenarios whose `covers:` lines name it, or
 * why it cannot be tested (`rules-untested.txt`). Prints the totals and every problem (a clause with
 * neither, an unknown id); `--check` writes nothing and exits 1 if a page would change.
 * test/scenarios/coverage.test.ts runs the same generation.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { coverage, coverageMarkdown, type Coverage } from "../compiler/rules-coverage.ts";
import { parseScenarioFile } from "../compiler/scenario.ts";

/** How each kind of rules text is numbered (docs/games/README.md says the same). */
const NUMBERED =
  "Clause ids: the text numbers its sections (`16.1 Attacking with a Weapon`); a clause is one sentence, its id the section's number followed by letters counting the sentences of that section (`16.1b` is the second sentence of 16.1; after `z` come `aa`, `ab`, ...). Text before section 1 is section 0; heading lines are not clauses.";
const PARAGRAPHS =
  "Clause ids: the text has no numbers, so each paragraph (a non-empty line) is a section, numbered from 1 in order, and a clause is one sentence of it, lettered: `7b` is the second sentence of the seventh paragraph (the title line is paragraph 1).";

export interface GameCoverage {
  game: string;
  name: string;
  page: string;
  markdown: string;
  coverage: Coverage;
}

/** The coverage page of one game folder (`cards/<game>`, relative to `root`). */
export function gameCoverage(root: string, game: string): GameCoverage {
  const folder = path.join(root, "cards", game);
  const rulesText = readFileSync(path.join(folder, "rules.txt"), "utf8");
  const scenarioFiles = (readdirSync(folder, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".scenario")).sort();
  const scenarios = scenarioFiles.flatMap((f) => {
    const file = `cards/${game}/${f.split(path.sep).join("/")}`;
    return parseScenarioFile(readFileSync(path.join(root, file), "utf8"), file).scenarios.map((s) => ({ file, line: s.line, name: s.name, covers: s.covers.map((c) => ({ id: c.id, line: c.range.start.line })) }));
  });
  const untestedPath = path.join(folder, "rules-untested.txt");
  const untested = existsSync(untestedPath) ? { file: `cards/${game}/rules-untested.txt`, text: readFileSync(untestedPath, "utf8") } : undefined;
  const result = coverage(rulesText, scenarios, untested);
  for (const p of result.problems) if (!p.file) p.file = `cards/${game}/rules.txt`;
  const gameText = readFileSync(path.join(folder, `${game}.game`), "utf8");
  const name = /^\s*game\s+\S+\s+"([^"]+)"/m.exec(gameText)?.[1] ?? game;
  const numbered = result.clauses.some((c) => c.heading);
  const markdown = coverageMarkdown(result, {
    gameName: name,
    gameId: game,
    rulesFile: `cards/${game}/rules.txt`,
    untestedFile: `cards/${game}/rules-untested.txt`,
    numbering: numbered ? NUMBERED : PARAGRAPHS,
  });
  return { game, name, page: path.join(root, "docs", "games", `${game}-coverage.md`), markdown, coverage: result };
}

export function coverageGames(root: string): string[] {
  return readdirSync(path.join(root, "cards"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, "cards", d.name, "rules.txt")))
    .map((d) => d.name)
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("scripts/coverage.ts")) {
  const root = path.resolve(import.meta.dirname, "..");
  const check = process.argv.includes("--check");
  let stale = false;
  let problems = 0;
  for (const game of coverageGames(root)) {
    const g = gameCoverage(root, game);
    const c = g.coverage;
    const covered = c.clauses.filter((cl) => c.scenarios.has(cl.id)).length;
    const reasons = c.clauses.filter((cl) => !c.scenarios.has(cl.id) && c.reasons.has(cl.id)).length;
    console.log(`${g.name}: ${c.clauses.length} clauses, ${covered} exercised by scenarios, ${reasons} not testable (reason given), ${c.clauses.length - covered - reasons} with neither`);
    for (const p of c.problems) console.log(`  ${p.file}:${p.line}: ${p.message}`);
    problems += c.problems.length;
    const current = existsSync(g.page) ? readFileSync(g.page, "utf8") : "";
    if (current !== g.markdown) {
      stale = true;
      if (!check) writeFileSync(g.page, g.markdown);
      console.log(`  ${path.relative(root, g.page)} ${check ? "is out of date" : "written"}`);
    }
  }
  process.exitCode = (check && stale) || problems > 0 ? 1 : 0;
}
