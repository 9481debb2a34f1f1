/**
 * A line break ends a sentence where the next line opens an ability (grammar/parser.ts
 * endSentencesAtLineBreaks): card text written one ability per line with no final periods reads
 * exactly as it does with them. The property is checked on every bundled set of the three games;
 * the cases below show where a line break does NOT end a sentence (a wrapped line).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { readsAs } from "../../compiler/reads-as.ts";
import { formatFile } from "../../compiler/index.ts";

const root = path.join(import.meta.dirname, "..", "..");

/** The card files of a game folder, every line of card text without its final period. */
function withoutFinalPeriods(text: string): string {
  let inText = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*text:\s*$/.test(line)) inText = true;
      else if (/^\s*}/.test(line)) inText = false;
      else if (inText && !/^\s*#/.test(line)) return line.replace(/\.(\s*)$/, "$1");
      return line;
    })
    .join("\n");
}

/** Per card (file and name): how the engine reads each ability, and the card's diagnostics. */
function readings(game: string, files: { path: string; text: string }[]): Map<string, { readsAs: string[]; problems: string[] }> {
  const sources = [{ path: `${game}/${game}.game`, text: readFileSync(path.join(root, `cards/${game}/${game}.game`), "utf8") }, ...files];
  const analysis = analyzeWorkspace(sources);
  const problems = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)];
  const bundle = lowerAnalysis(analysis, sources).bundles.find((b) => b.game.id === game)!;
  const out = new Map<string, { readsAs: string[]; problems: string[] }>();
  for (const card of bundle.cards) {
    const r = card.source.range;
    const mine = problems.filter((d) => d.file === card.source.file && d.range.start.offset >= r.start.offset && d.range.end.offset <= r.end.offset);
    out.set(`${card.source.file} ${card.name}`, { readsAs: card.abilities.map((a) => readsAs(a, bundle.game)), problems: mine.map((d) => `${d.code} ${d.message}`) });
  }
  // A syntax error may cost a card; list every one (there are none in the bundled sets).
  for (const d of problems) if (d.code.startsWith("CW1")) out.set(`${d.file}:${d.range.start.line}`, { readsAs: [], problems: [`${d.code} ${d.message}`] });
  return out;
}

function cardFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? cardFiles(path.join(dir, e.name)) : e.name.endsWith(".cards") ? [path.join(dir, e.name)] : []));
}

describe("a line break ends a sentence where the next line opens an ability", () => {
  for (const game of ["duel", "cybervamp", "chromatic"]) {
    it(`${game}: every bundled card reads the same with the final periods of its lines taken away`, () => {
      const files = cardFiles(`cards/${game}`).map((f) => ({ path: f, text: readFileSync(path.join(root, f), "utf8") }));
      const stripped = files.map((f) => ({ path: f.path, text: withoutFinalPeriods(f.text) }));
      // The property would hold vacuously if nothing were taken away.
      expect(stripped.filter((f, i) => f.text !== files[i]!.text).length).toBeGreaterThan(1);
      const before = readings(game, files);
      expect(before.size).toBeGreaterThan(20);
      expect(Object.fromEntries(readings(game, stripped))).toEqual(Object.fromEntries(before));
    });
  }

  const card = (text: string) => `set LB1 "Line breaks" for duel\n\ncard "Probe" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n${text}\n}\n`;
  const read = (text: string) => readings("duel", [{ path: "duel/probe.cards", text: card(text) }]).get("duel/probe.cards Probe");

  it("each line that opens an ability is one: a capital letter, a `name:` prefix, a trigger word", () => {
    expect(read("    Deal 1 damage to target enemy unit\n    Draw a card\n    Gain 2 life")).toEqual({
      readsAs: ["Deal 1 damage to target unit an opponent controls.", "Draw a card.", "Gain 2 life."],
      problems: [],
    });
  });

  it("`target` after a determiner is the noun: the line may end there ('any target', 'up to two targets')", () => {
    expect(read("    Deal 1 damage to any target\n    You gain 2 life")).toEqual({ readsAs: ["Deal 1 damage to any target.", "Gain 2 life."], problems: [] });
    // `target` before its noun still runs on (`Deal 1 damage to target` + line break + `Unit`).
    expect(read("    Deal 1 damage to target\n    Unit an opponent controls")).toEqual(read("    Deal 1 damage to target Unit an opponent controls."));
  });

  it("a line ending in a determiner, a preposition, `and` or a comma runs on, whatever the next line starts with", () => {
    const one = { readsAs: ["Put a power counter on each Unit you control."], problems: [] };
    expect(read("    Put a +1 power counter on each\n    Unit you control")).toEqual(one);
    expect(read("    Put a +1 power counter\n    on each Unit you control")).toEqual(one);
    expect(read("    Deal 1 damage to target enemy unit and\n    1 damage to its controller")?.readsAs).toEqual(["Deal 1 damage to target unit an opponent controls, then deal 1 damage to its controller."]);
    expect(read("    Draw a card,\n    Then discard a card")?.readsAs).toEqual(read("    Draw a card, then discard a card")?.readsAs);
  });

  it("a line that starts in lower case continues the sentence (a wrapped line)", () => {
    expect(read("    Deal 1 damage to target enemy unit\n    and 1 damage to its controller")).toEqual(read("    Deal 1 damage to target enemy unit and 1 damage to its controller."));
  });

  it("a field after the text with no period on the last line is still a field", () => {
    const text = `set LB1 "Line breaks" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n    Whenever you draw a card, gain 1 life\n  power: 2\n}\n`;
    expect(readings("duel", [{ path: "duel/probe.cards", text }]).get("duel/probe.cards Probe")).toEqual({ readsAs: ["Whenever you draw a card, gain 1 life."], problems: [] });
  });

  it("the formatter writes the periods", () => {
    const result = formatFile(card("    Draw a card\n    Gain 2 life"), "duel/probe.cards");
    expect(result.text).toContain("    Draw a card.\n    Gain 2 life.\n");
  });
});
