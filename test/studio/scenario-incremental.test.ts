/**
 * The studio's worker checks every scenario on each keystroke (compiler/scenario-check.ts): a
 * scenario keeps its diagnostics while what it was checked against stays the same (the compiled
 * game, the game's card names, the tokens card text makes when it asked for them). After any of
 * these edits its diagnostics are those of a check from scratch.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { scenarioDiagnostics } from "../../compiler/scenario-check.ts";
import { WorkspaceChecker } from "../../studio/src/worker/checker.ts";
import { memoryOf } from "../../compiler/check-memory.ts";
import type { SourceFile } from "../../compiler/model.ts";

const folder = path.join(import.meta.dirname, "..", "..", "cards", "cybervamp");
const files: SourceFile[] = readdirSync(folder, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(game|cards|scenario)$/.test(file))
  .sort()
  .map((file) => ({ path: `cybervamp/${file.replaceAll(path.sep, "/")}`, text: readFileSync(path.join(folder, file), "utf8") }));
const core = files.find((f) => f.path === "cybervamp/core.cards")!;
// A card of core.cards that no scenario names (scenarios are added all the time: found, not hard-coded).
const scenarioText = files.filter((f) => f.path.endsWith(".scenario")).map((f) => f.text.toLowerCase()).join("\n");
const unnamedCard = [...core.text.matchAll(/^card "([^"]+)"/gm)].map((m) => m[1]!).find((name) => !scenarioText.includes(name.toLowerCase()));

const inScenarios = (diagnostics: { file: string; code: string }[]) => diagnostics.filter((d) => d.file.endsWith(".scenario"));
/** A check from scratch, as `cardwright check` makes it (without rules texts, as the studio). */
function fresh(sources: SourceFile[]) {
  const analysis = analyzeWorkspace(sources);
  return inScenarios([...analysis.model.diagnostics, ...scenarioDiagnostics(analysis)]);
}
/** `sources` with `from` replaced by `to` in every file that holds it (at least one does). */
const replaceIn = (sources: SourceFile[], from: string, to: string) => {
  expect(sources.some((f) => f.text.includes(from))).toBe(true);
  return sources.map((f) => (f.text.includes(from) ? { ...f, text: f.text.replaceAll(from, to) } : f));
};

describe("scenario diagnostics in the studio's worker", () => {
  it("are those of a fresh check after edits to card text, card names and the tokens a card makes", () => {
    const checker = new WorkspaceChecker();
    const steps: SourceFile[][] = [files];
    // 1. A card's text that no scenario reads (its stats).
    steps.push(replaceIn(steps.at(-1)!, "stats: 3/3\n  unique", "stats: 4/3\n  unique"));
    // 2. A token only card text makes ("Blood Kin": no card of that name), named by a scenario: it resolves.
    steps.push(replaceIn(steps.at(-1)!, '"Blood Familiar" Bat token', '"Blood Kin" Bat token').map((f) => (f.path.endsWith("enters-play.scenario") ? { ...f, text: f.text.replace('has "Blood Familiar"', 'has "Blood Kin"') } : f)));
    // 3. The card no longer makes it; the scenario did not change, yet its name no longer resolves.
    steps.push(replaceIn(steps.at(-1)!, '"Blood Kin" Bat token', '"Blood Familiar" Bat token'));
    // 4. A card named by scenarios renamed, 5. and back.
    steps.push(replaceIn(steps.at(-1)!, 'card "Nightclub Thrall"', 'card "Nightclub Thrall II"'));
    steps.push(replaceIn(steps.at(-1)!, 'card "Nightclub Thrall II"', 'card "Nightclub Thrall"'));
    // 6.–8. Keystrokes in the name of a card no scenario names (each scenario keeps its result, one rename after
    // another), then the name of a card scenarios name, typed into letter by letter.
    expect(unnamedCard).toBeDefined();
    steps.push(replaceIn(steps.at(-1)!, `card "${unnamedCard}"`, `card "${unnamedCard}X"`));
    steps.push(replaceIn(steps.at(-1)!, `card "${unnamedCard}X"`, `card "${unnamedCard}XY"`));
    steps.push(replaceIn(steps.at(-1)!, 'card "Nightclub Thrall"', 'card "Nightclub ThrallZ"'));
    steps.push(files);
    const unresolved: number[] = [];
    for (const sources of steps) {
      const mine = inScenarios(checker.check(sources).model.diagnostics);
      expect(mine).toEqual(fresh(sources));
      unresolved.push(mine.filter((d) => d.code === "CW2007").length);
    }
    // The edits that unname something are seen (the comparison above could not tell a stale result from a right one otherwise).
    expect(unresolved.slice(0, 3)).toEqual([unresolved[0], unresolved[0], unresolved[0]]);
    expect(unresolved[3]).toBeGreaterThan(unresolved[2]!);
    expect(unresolved[4]).toBeGreaterThan(unresolved[3]!);
    expect(unresolved[5]).toBe(unresolved[3]);
    expect(unresolved[6]).toBe(unresolved[3]);
    expect(unresolved[7]).toBe(unresolved[3]);
    expect(unresolved[8]).toBe(unresolved[4]);
    expect(unresolved[9]).toBe(unresolved[0]);
  });

  it("keep a scenario file's own diagnostics (an unknown game, a repeated title) through card edits, as a fresh check gives them", () => {
    const checker = new WorkspaceChecker();
    const battle = 'scenario "Tireless attacks without exhausting" for cybervamp';
    const steps: SourceFile[][] = [files];
    // 1. A second scenario of the title in the same file (CW5024), 2. a scenario of a game no file declares (CW3003),
    // 3. a card's stats edited (the scenario files are kept), 4. the title and game written back.
    steps.push(replaceIn(files, 'scenario "An exhausted creature cannot attack" for cybervamp', battle));
    steps.push(replaceIn(steps.at(-1)!, 'scenario "Newly Turned creatures cannot attack; Haste ignores Newly Turned" for cybervamp', 'scenario "Newly Turned creatures cannot attack; Haste ignores Newly Turned" for cybervam'));
    steps.push(replaceIn(steps.at(-1)!, "stats: 3/3\n  unique", "stats: 4/3\n  unique"));
    steps.push(files);
    const codes: string[][] = [];
    const kept: boolean[] = [];
    let earlier: object | undefined;
    for (const sources of steps) {
      const mine = inScenarios(checker.check(sources).model.diagnostics);
      expect(mine).toEqual(fresh(sources));
      codes.push(mine.filter((d) => d.code === "CW5024" || d.code === "CW3003").map((d) => d.code));
      const scenarios = memoryOf(checker.lastAnalysis()!)?.scenarios;
      expect(scenarios).toBeDefined();
      kept.push(scenarios === earlier);
      earlier = scenarios;
    }
    expect(codes).toEqual([[], ["CW5024"], ["CW3003", "CW5024"], ["CW3003", "CW5024"], []]);
    // Made again when a scenario file changed, taken over whole when only a card file did.
    expect(kept).toEqual([false, false, false, true, false]);
  });
});
