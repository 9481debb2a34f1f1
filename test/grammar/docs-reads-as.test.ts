/**
 * docs/language.md shows how the engine reads every card example (issue 11: what checks clean runs
 * as written). In an `abilities` block each example line is followed by a mark line:
 *
 *     → <game> <kind>: <reads-as>   the engine reads it as written (same words but for case, punctuation,
 *                                   number words, "whenever"/"when", "then")
 *     ≈ <game> <kind>: <reads-as>   the same effect in the engine's own wording (reviewed; the reads-as
 *                                   text compiles back to the example's IR)
 *     ✗ <game> <kind>: <what>       not run as written: its diagnostics (CW6001, CW6005 ...), or the
 *                                   reads-as of a misreading the checker does not catch yet
 *
 * In a `cards` block each ability line is followed by a `# → ` / `# ≈ ` / `# ✗ ` comment line, read the
 * same way against the block's own game. An example that checks with a diagnostic, or whose reads-as
 * differs from its text, fails here unless it is marked ✗ — and a ✗ that has become true fails too.
 * `CW_UPDATE_DOCS=1 npx vitest run test/grammar/docs-reads-as.test.ts` rewrites the mark lines (a new
 * example gets the first game and card kind that check it); review the diff: a new `≈` must say the
 * same as its example, a misreading must be fixed or marked `✗` by hand.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { irShape, probeCards, probeFile, readsAsText, sameWording, type Probe, PROBE_TEMPLATES } from "../compiler/probe.ts";

const file = path.join(import.meta.dirname, "..", "..", "docs", "language.md");
const MARK = /^\s*(#\s*)?([→≈✗]) (\w+) (\w+): (.*)$/;
/** Where an example may be tried, in order, when its mark names none. */
const KINDS = Object.entries(PROBE_TEMPLATES).flatMap(([game, kinds]) => Object.keys(kinds).map((kind) => ({ game, kind })));

interface Example {
  text: string;
  /** Line index (0-based) of the example in the doc, and of its mark line (if any). */
  at: number;
  mark?: { at: number; sign: string; game: string; kind: string; shown: string };
}

function examples(lines: string[]): Example[] {
  const out: Example[] = [];
  let inBlock = false;
  lines.forEach((line, i) => {
    if (line.startsWith("```")) {
      inBlock = line === "```abilities";
      return;
    }
    if (!inBlock || !line.trim()) return;
    const m = MARK.exec(line);
    if (m) out[out.length - 1]!.mark = { at: i, sign: m[2]!, game: m[3]!, kind: m[4]!, shown: m[5]! };
    else out.push({ text: line.trim(), at: i });
  });
  return out;
}

/** What a mark line shows for a probe: its problems, else its reads-as lines. */
const shown = (p: Probe) => (p.problems.length ? p.problems.join(", ") : p.readsAs.join(" | "));

function probe(list: Example[]): Map<string, Probe[]> {
  const byKind = new Map<string, Probe[]>();
  for (const { game, kind } of KINDS) byKind.set(`${game} ${kind}`, probeCards(game, list.map((e) => ({ kind, text: e.text }))));
  return byKind;
}

/** The mark an example should carry now: a ✗ written by hand for a clean misreading stays one. */
function expectedMark(e: Example, p: Probe): string {
  if (p.problems.length) return "✗";
  if (sameWording(e.text, p.readsAs.join(" "))) return "→";
  return e.mark?.sign === "✗" ? "✗" : "≈";
}

function update(): void {
  const lines = readFileSync(file, "utf8").split("\n");
  const list = examples(lines);
  const probes = probe(list);
  const marks = list.map((e, i) => {
    // Where it checks clean; else where it has the fewest problems, the engine's (CW6...) before the checker's.
    const cost = (k: { game: string; kind: string }) => probes.get(`${k.game} ${k.kind}`)![i]!.problems.reduce((n, pr) => n + (pr.startsWith("CW6") ? 1 : 100), 0);
    const where = e.mark && probes.has(`${e.mark.game} ${e.mark.kind}`) ? e.mark : [...KINDS].sort((a, b) => cost(a) - cost(b))[0]!;
    const p = probes.get(`${where.game} ${where.kind}`)![i]!;
    return `  ${expectedMark(e, p)} ${where.game} ${where.kind}: ${shown(p)}`;
  });
  // Replace or insert, from the bottom up so line numbers hold.
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i]!;
    if (e.mark) lines[e.mark.at] = marks[i]!;
    else lines.splice(e.at + 1, 0, marks[i]!);
  }
  writeFileSync(file, lines.join("\n"));
}

if (process.env.CW_UPDATE_DOCS) update();

const doc = readFileSync(file, "utf8");
const lines = doc.split("\n");
const list = examples(lines);
const probes = probe(list);

describe("docs/language.md: every ability example shows how the engine reads it", () => {
  it("has a mark line under each example, naming a game and card kind of the probes", () => {
    expect(list.length).toBeGreaterThan(100);
    const unmarked = list.filter((e) => !e.mark || !probes.has(`${e.mark.game} ${e.mark.kind}`)).map((e) => `line ${e.at + 1}: ${e.text}`);
    expect(unmarked).toEqual([]);
  });

  list.forEach((e, i) => {
    if (!e.mark) return;
    const p = probes.get(`${e.mark.game} ${e.mark.kind}`)?.[i];
    if (!p) return;
    it(`line ${e.at + 1}: ${e.text}`, () => {
      // What the line shows is what the engine does now.
      expect(`${e.mark!.sign} ${e.mark!.shown}`).toBe(`${expectedMark(e, p)} ${shown(p)}`);
      if (e.mark!.sign === "✗") {
        // Honest: a ✗ example still has a problem or still reads otherwise.
        expect(p.problems.length > 0 || !sameWording(e.text, p.readsAs.join(" "))).toBe(true);
        return;
      }
      expect(p.problems).toEqual([]);
      if (e.mark!.sign === "≈") {
        // The engine's wording says what it runs: written as a card, it compiles to the example's IR.
        const [again] = probeCards(e.mark!.game, [{ kind: e.mark!.kind, text: readsAsText(p.readsAs, e.text) }]);
        expect({ problems: again!.problems, ir: irShape(again!.abilities) }).toEqual({ problems: [], ir: irShape(p.abilities) });
      }
    });
  });
});

describe("docs/language.md: every card example's abilities show how the engine reads them", () => {
  const blocks = [...doc.matchAll(/```cards\n([\s\S]*?)```/g)].map((m) => ({ text: m[1]!, line: doc.slice(0, m.index).split("\n").length }));
  for (const block of blocks) {
    const game = /^set \S+ "[^"]*" for (\w+)/m.exec(block.text)?.[1] ?? "";
    it(`cards block at line ${block.line} (${game})`, () => {
      const blockLines = block.text.split("\n");
      // One entry per line of text (a line may hold several abilities: `text: Haste. Bleed 2.`).
      const byLine = new Map<number, { readsAs: string[]; problems: string[] }>();
      for (const a of probeFile(game, block.text)) {
        const entry = byLine.get(a.line) ?? { readsAs: [], problems: [] };
        entry.readsAs.push(a.readsAs);
        entry.problems.push(...a.problems.filter((p) => !entry.problems.includes(p)));
        byLine.set(a.line, entry);
      }
      const got = [...byLine].map(([line, a]) => {
        const next = blockLines[line]?.trim() ?? "";
        const written = blockLines[line - 1]!.trim();
        const sign = a.problems.length ? "✗" : sameWording(written.replace(/^text:\s*/, ""), a.readsAs.join(" ")) ? "→" : "≈";
        return { written, shown: next, expected: `# ${sign} ${game} card: ${a.problems.length ? a.problems.join(", ") : a.readsAs.join(" | ")}` };
      });
      expect(got.length).toBeGreaterThan(0);
      for (const g of got) expect({ written: g.written, shown: g.shown }).toEqual({ written: g.written, shown: g.expected });
      expect(got.filter((g) => g.shown.startsWith("# ✗"))).toEqual([]);
    });
  }
});
