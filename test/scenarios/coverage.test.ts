/**
 * Every clause of the three rules texts is exercised by a scenario (its `covers:` line) or says why
 * it cannot be tested (cards/<game>/rules-untested.txt); docs/games/<game>-coverage.md is generated
 * from them (npm run coverage) and must be up to date.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coverageGames, gameCoverage } from "../../scripts/coverage.ts";
import { clauseLetters, rulesClauses, sentencesOf } from "../../compiler/rules-text.ts";
import { coverage } from "../../compiler/rules-coverage.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** What an author reads when the page is stale: which line differs, and the command that rewrites it. */
function staleness(onDisk: string, generated: string, page: string): string {
  if (onDisk === generated) return "up to date";
  const a = onDisk.split("\n");
  const b = generated.split("\n");
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${page} is out of date — run \`npm run coverage\` and commit the page. First difference, line ${i + 1}:\n  on disk:   ${a[i] ?? "(end of file)"}\n  generated: ${b[i] ?? "(end of file)"}`;
}

describe("clause ids of a rules text", () => {
  it("letters count a, b, ..., z, aa, ab, ...", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(clauseLetters)).toEqual(["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]);
  });

  it("numbered headings make sections only in sequence; a numbered list line is a sentence", () => {
    const text = "Intro line.\n\n1. Overview\n\nFirst. Second one!\n\n2. Setup\n\n30 Life\n\n9 cards in hand\n\n2.1 Deck\n\nA deck holds 45 cards.\n\n5 Red Facet → Ability\n\n3. End\n\nDone.";
    expect(rulesClauses(text).map((c) => [c.id, c.text])).toEqual([
      ["0a", "Intro line."],
      ["1a", "First."],
      ["1b", "Second one!"],
      ["2a", "30 Life"],
      ["2b", "9 cards in hand"],
      ["2.1a", "A deck holds 45 cards."],
      ["2.1b", "5 Red Facet → Ability"],
      ["3a", "Done."],
    ]);
  });

  it("an unnumbered text has a section per paragraph", () => {
    expect(rulesClauses("TITLE\n\nOne. Two.\nThree.").map((c) => c.id)).toEqual(["1a", "2a", "2b", "3a"]);
    expect(sentencesOf('"Bleed festers — it hurts. Some cards like it." Then more.')).toEqual(['"Bleed festers — it hurts.', 'Some cards like it."', "Then more."]);
  });

  it("a covers id or reason that names no clause is a problem at its line; so is a clause with neither, or listed untested yet covered", () => {
    const c = coverage("1. A\n\nOne. Two. Three.", [{ file: "s.scenario", line: 1, name: "s", covers: [{ id: "1a", line: 2 }, { id: "1z", line: 2 }, { id: "1b-1a", line: 3 }] }], { file: "u.txt", text: "# why\n1a covered anyway\n9q no such clause\n" });
    expect(c.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      's.scenario:2: covers "1z", which is no clause of the rules text (section 1 has 1a-1c)',
      's.scenario:3: covers "1b-1a", which is no clause of the rules text (section 1 has 1a-1c)',
      'u.txt:2: 1a is listed as untested, yet s.scenario:1 "s" covers it: take it off this list',
      'u.txt:3: "9q" is no clause (or range of clauses) of the rules text',
      ':3: clause 1b ("Two.") has no scenario and no reason it cannot be tested: add "covers: 1b" under the scenario line of a scenario that exercises it, or a line "1b <why no scenario can>" to u.txt',
      ':3: clause 1c ("Three.") has no scenario and no reason it cannot be tested: add "covers: 1c" under the scenario line of a scenario that exercises it, or a line "1c <why no scenario can>" to u.txt',
    ]);
  });
});

describe("the coverage tables", () => {
  const games = coverageGames(root);
  it("cover the three bundled games", () => expect(games).toEqual(["chromatic", "cybervamp", "duel"]));
  for (const game of games) {
    it(`${game}: every clause is exercised by a scenario or says why not, and docs/games/${game}-coverage.md is up to date`, () => {
      const g = gameCoverage(root, game);
      expect(g.coverage.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
      expect(staleness(readFileSync(g.page, "utf8"), g.markdown, path.relative(root, g.page))).toBe("up to date");
    });
  }
});
