/**
 * The studio's scenario checks after an edit (compiler/scenario-check.ts, session 45): a scenario is checked again only
 * when something it read changed — a card name it looked up, the tokens card text makes, the abilities of a card it
 * asked for, the mode texts of the game's cards — and every other keeps its diagnostics. After any sequence of edits the
 * checker's model is what a check from scratch gives, in each bundled game; an edit no scenario read re-checks none.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { scenarioDiagnostics } from "../../compiler/scenario-check.ts";
import type { SourceFile } from "../../compiler/model.ts";
import { WorkspaceChecker } from "../../studio/src/worker/checker.ts";
import { propertyParameters, propertyTimeout } from "../property.ts";

const cardsDir = path.join(import.meta.dirname, "..", "..", "cards");

/**
 * A game's game file, every card file, and the scenario files that read card text (a mode chosen, a token, a copy, a
 * hand's count, a push) or name a card of a card file beside them, with a few others: a check from scratch of all of
 * them per step would outlast the test.
 */
function workspaceOf(game: string): SourceFile[] {
  const dir = path.join(cardsDir, game);
  const all = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(game|cards|scenario)$/.test(f))
    .sort()
    .map((f) => ({ path: `cards/${game}/${f.replaceAll(path.sep, "/")}`, text: readFileSync(path.join(dir, f), "utf8") }));
  const scenarios = all.filter((f) => f.path.endsWith(".scenario"));
  const reading = scenarios.filter((f) => /chooses mode|token|copy \d|hand count|event push|\.cards/i.test(f.text) || all.some((c) => c.path === f.path.replace(/\.scenario$/, ".cards"))).slice(0, 14);
  const others = scenarios.filter((f) => !reading.includes(f)).filter((_, i) => i % 25 === 0);
  return [...all.filter((f) => !f.path.endsWith(".scenario")), ...reading, ...others];
}

/** What `cardwright check` and the studio give from scratch: the workspace's diagnostics, the scenario checks, CW6001. */
function fromScratch(files: readonly SourceFile[]) {
  const fresh = analyzeWorkspace(files);
  return { ...fresh.model, diagnostics: [...fresh.model.diagnostics, ...scenarioDiagnostics(fresh), ...engineWarnings(fresh, files)] };
}

/** Offsets in `text` where an edit changes what scenarios read: inside card names, token names, mode lines, quoted names. */
function targets(text: string, kind: Target): number[] {
  const patterns: Record<Target, RegExp> = {
    name: /^card "/gm,
    token: /\S+(?= tokens?\b)/g,
    mode: /^\s*(?:•|\[[A-Za-z]+\] Choose one)/gm,
    quoted: /"(?=[^"\n]+")/g,
    mode_said: /chooses mode "/g,
    hand: /hand size|maximum/gi,
  };
  return [...text.matchAll(patterns[kind])].map((m) => m.index + m[0].length);
}
type Target = "name" | "token" | "mode" | "quoted" | "mode_said" | "hand";

const step = fc.oneof(
  // An edit where scenarios read: a letter typed (or one taken out) at a name, a token's name, a mode, a quoted name.
  fc.record({ target: fc.constantFrom<Target>("name", "token", "mode", "hand", "quoted", "mode_said"), pick: fc.nat(), insert: fc.constantFrom("Z", "z", "", " "), remove: fc.integer({ min: 0, max: 2 }) }),
  // Anywhere in a card or scenario file.
  fc.record({ at: fc.integer({ min: 0, max: 9999 }).map((n) => n / 10000), file: fc.nat(), insert: fc.constantFrom("x", "\n", '"', " token", "Choose one —\n    • Draw a card.\n", ""), remove: fc.nat({ max: 12 }) }),
  // A file back to its text at the start: what the scenarios read is the same as before the edits.
  fc.record({ undo: fc.nat() }),
);

/** The edit of `files` a step makes (the file and the change), or undefined when it has no place to go. */
function changeOf(files: readonly SourceFile[], original: readonly SourceFile[], s: Record<string, unknown>): { index: number; offset: number; length: number; text: string } | undefined {
  if (typeof s["undo"] === "number") {
    const changed = files.map((f, i) => i).filter((i) => files[i]!.text !== original[i]!.text);
    if (changed.length === 0) return undefined;
    const index = changed[s["undo"] % changed.length]!;
    return { index, offset: 0, length: files[index]!.text.length, text: original[index]!.text };
  }
  if (typeof s["target"] === "string") {
    const wantScenario = s["target"] === "quoted" || s["target"] === "mode_said";
    const places = files.flatMap((f, index) => (f.path.endsWith(".scenario") === wantScenario && !f.path.endsWith(".game") ? targets(f.text, s["target"] as Target).map((offset) => ({ index, offset })) : []));
    if (places.length === 0) return undefined;
    const { index, offset } = places[(s["pick"] as number) % places.length]!;
    const text = files[index]!.text;
    return { index, offset, length: Math.min(s["remove"] as number, text.length - offset), text: s["insert"] as string };
  }
  const editable = files.map((f, i) => i).filter((i) => !files[i]!.path.endsWith(".game"));
  const index = editable[(s["file"] as number) % editable.length]!;
  const text = files[index]!.text;
  const offset = Math.min(text.length, Math.floor((s["at"] as number) * text.length));
  return { index, offset, length: Math.min(s["remove"] as number, text.length - offset), text: s["insert"] as string };
}

describe("scenario checks after an edit (perf s45)", () => {
  for (const game of ["duel", "cybervamp", "chromatic"]) {
    it(`give what a check from scratch gives, after any sequence of edits (${game})`, () => {
      const original = workspaceOf(game);
      const paths = original.map((f) => f.path);
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 3 }), (steps) => {
          const checker = new WorkspaceChecker();
          let files = original;
          checker.checkChanges(paths, files);
          for (const [i, s] of steps.entries()) {
            const change = changeOf(files, original, s);
            if (!change) continue;
            const before = files[change.index]!;
            const text = before.text.slice(0, change.offset) + change.text + before.text.slice(change.offset + change.length);
            files = files.map((f, j) => (j === change.index ? { ...f, text } : f));
            const { model } = checker.checkChanges(paths, [], undefined, [{ path: before.path, changes: [[{ offset: change.offset, length: change.length, text: change.text }]], length: text.length }]);
            expect(model, `after step ${i + 1} of ${steps.length} (${before.path} at ${change.offset})`).toEqual(fromScratch(files));
          }
        }),
        propertyParameters(3),
      );
    }, propertyTimeout(300_000, 3));
  }

  it("re-checks no scenario after an edit none of them read, and the scenarios that read it after one they did", () => {
    const files = workspaceOf("chromatic");
    const paths = files.map((f) => f.path);
    const core = files.findIndex((f) => f.path === "cards/chromatic/core.cards");
    // A card no scenario names, added at the end of core: typed into, its name and its text change with each key.
    const added = `\ncard "Perf Probe" {\n  type: Spell\n  color: Red\n  cost: {1}\n  rarity: Common\n  text:\n    [Red] Deal 1 damage to any target.\n}\n`;
    // Scenarios with diagnostics: one names "Zapper", which no card makes yet (CW2007), one "Seer" where the setup has none (CW5023).
    const probe = {
      path: "cards/chromatic/scenarios/perf-s45.scenario",
      text:
        'scenario "Zapper" for chromatic\nsetup {\n  turn 4 p1 phase Main\n}\nexpect p1 battlefield has "Zapper"\n\n' +
        'scenario "Seer" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 hand: "Insight"\n}\nexpect p1 hand has "Seer"\n',
    };
    const start = [...files.slice(0, core), { ...files[core]!, text: files[core]!.text + added }, ...files.slice(core + 1), probe];
    paths.push(probe.path);
    const checker = new WorkspaceChecker();
    const first = checker.checkChanges(paths, start).model.diagnostics;
    const scenarioFiles = new Set(start.filter((f) => f.path.endsWith(".scenario")).map((f) => f.path));
    const ofScenarios = (diagnostics: readonly object[]) => diagnostics.filter((d) => scenarioFiles.has((d as { file: string }).file));
    expect(ofScenarios(first).map((d) => (d as { code: string }).code)).toEqual(expect.arrayContaining(["CW2007", "CW5023"]));
    let text = start[core]!.text;
    const type = (offset: number, inserted: string) => {
      text = text.slice(0, offset) + inserted + text.slice(offset);
      return checker.checkChanges(paths, [], undefined, [{ path: start[core]!.path, changes: [[{ offset, length: 0, text: inserted }]], length: text.length }]).model.diagnostics;
    };
    // Into the probe's text: each scenario diagnostic is the one the first check made (kept, not made again).
    const inText = text.indexOf("Deal 1 damage", text.indexOf("Perf Probe"));
    for (const key of "abc") expect(ofScenarios(type(inText, key)).every((d, i) => d === ofScenarios(first)[i])).toBe(true);
    // Into its name: only the scenario whose "did you mean" went through every card's name is checked again.
    const inName = text.indexOf('"Perf Probe"') + 5;
    const renamed = ofScenarios(type(inName, "x"));
    expect(renamed.filter((d, i) => d !== ofScenarios(first)[i]).map((d) => (d as { code: string }).code)).toEqual(["CW2007"]);
    // A token its text makes: the scenarios that asked for the tokens card text makes are checked again (and still agree with a check from scratch).
    const now = type(text.indexOf("[Red] Deal", text.indexOf("Perf Probe")), "[Red] Create a 1/1 Zapper token.\n    ");
    expect(ofScenarios(now).some((d, i) => d !== ofScenarios(first)[i])).toBe(true);
    expect(ofScenarios(now).filter((d) => (d as { message: string }).message.includes("Zapper"))).toEqual([]);
    const expected = fromScratch(start.map((f, i) => (i === core ? { ...f, text } : f)));
    expect(now).toEqual(expected.diagnostics);
  });
});
