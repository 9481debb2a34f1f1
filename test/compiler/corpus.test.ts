/**
 * The corpus of natural card English (test/fixtures/corpus/<game>.corpus, and <game>.<topic>.corpus
 * for a topic's sentences kept together — one file per topic, so that engineers adding sentences at
 * the same time do not edit the same lines): each sentence as a
 * designer would write it from the rules texts, with how the engine reads it (`=`, printed from
 * the compiled IR by compiler/reads-as.ts) or the diagnostics that say it cannot run it yet
 * (`!`, at the words concerned). And the round-trip property: the reads-as text, written as a
 * card, checks clean and compiles to the same IR.
 *
 * Adding a sentence: write `> <sentence>` (under the `## unit` / `## spell` heading for the kind of
 * card that prints it; `>> <line>` lines after it continue the card text on new lines), run `CW_UPDATE_CORPUS=1 npx vitest run test/compiler/corpus.test.ts`, and
 * review the `=` / `!` lines it wrote. The format is read by parseCorpus (probe.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { irShape, parseCorpus, probeCards, readsAsText, type Entry, type Probe } from "./probe.ts";

const root = path.join(import.meta.dirname, "..", "..");
const dir = path.join(root, "test/fixtures/corpus");

/** The corpus file with the `=` and `!` lines as the engine now reads each sentence (`~` lines kept). */
function rewrite(text: string, actual: Map<Entry, { readsAs: string[]; problems: string[]; roundTrip?: string }>, entries: Entry[]): string {
  const out: string[] = [];
  let i = -1;
  let waiting = false;
  // An entry's results go after its last text line (`> ` and any `>> `).
  const flush = () => {
    if (!waiting) return;
    const got = actual.get(entries[i]!)!;
    out.push(...got.problems.map((p) => `! ${p}`), ...got.readsAs.map((r) => `= ${r}`), ...(got.roundTrip ? [`~ ${got.roundTrip}`] : []));
    waiting = false;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("= ") || line.startsWith("! ") || line.startsWith("~ ")) continue;
    if (!line.startsWith(">> ")) flush();
    out.push(line);
    if (line.startsWith("> ")) {
      i++;
      waiting = true;
    }
  }
  flush();
  return out.join("\n");
}

/** Why the reads-as text of each clean entry does not compile back to the same IR (undefined when it does). */
function roundTripGaps(game: string, entries: Entry[], first: Probe[]): (string | undefined)[] {
  const again = probeCards(game, entries.map((e, i) => ({ kind: e.kind, text: readsAsText(first[i]!.readsAs, e.sentence) })));
  return entries.map((_, i) => {
    if (first[i]!.problems.length) return undefined;
    if (again[i]!.problems.length) return `no round trip yet: the reads-as text gives ${again[i]!.problems.join(", ")}`;
    return JSON.stringify(irShape(again[i]!.abilities)) === JSON.stringify(irShape(first[i]!.abilities)) ? undefined : "no round trip yet: the reads-as text compiles to another IR";
  });
}

const files = readdirSync(dir).filter((f) => f.endsWith(".corpus")).sort();

describe("the natural-English corpus", () => {
  for (const name of files) {
    const game = name.split(".")[0]!;
    const label = name.replace(/\.corpus$/, "");
    it(`${label}: each sentence reads as its fixture says, or is reported at its words`, () => {
      const text = readFileSync(path.join(dir, name), "utf8");
      const entries = parseCorpus(text, name);
      const results = probeCards(game, entries.map((e) => ({ kind: e.kind, text: e.sentence })));
      const actual = new Map(entries.map((e, i) => [e, { readsAs: results[i]!.readsAs, problems: results[i]!.problems }]));
      if (process.env.CW_UPDATE_CORPUS) {
        const gaps = roundTripGaps(game, entries, results);
        writeFileSync(path.join(dir, name), rewrite(text, new Map(entries.map((e, i) => [e, { ...actual.get(e)!, roundTrip: gaps[i] }])), entries));
      }
      for (const [entry, got] of actual) expect({ sentence: entry.sentence, ...got }).toEqual({ sentence: entry.sentence, readsAs: entry.readsAs, problems: entry.problems });
    });

    it(`${label}: the reads-as text of every clean sentence compiles back to the same IR`, () => {
      const entries = parseCorpus(readFileSync(path.join(dir, name), "utf8"), name).filter((e) => e.problems.length === 0 && !e.noRoundTrip);
      const first = probeCards(game, entries.map((e) => ({ kind: e.kind, text: e.sentence })));
      const again = probeCards(game, entries.map((e, i) => ({ kind: e.kind, text: readsAsText(first[i]!.readsAs, e.sentence) })));
      entries.forEach((entry, i) => {
        expect({ sentence: entry.sentence, readsAs: first[i]!.readsAs, problems: again[i]!.problems, ir: irShape(again[i]!.abilities) }).toEqual({
          sentence: entry.sentence,
          readsAs: first[i]!.readsAs,
          problems: [],
          ir: irShape(first[i]!.abilities),
        });
      });
    });

    // Reads-as honesty: CW6005 shows the reads-as next to the words it says are unused, so the reads-as must never print
    // them. Printed from the IR alone, every content word of it is carried by the IR: written as a card, it leaves no
    // word unused and compiles to the same IR — for sentences with warnings too (a text the engine does not run at all,
    // CW6001, or a phrase naming nothing, CW6011, prints a placeholder instead and is left out).
    const warned = (text: string) => parseCorpus(text, name).filter((e) => e.problems.length > 0 && !e.noRoundTrip && !e.problems.some((p) => /^CW(1\d{3}|6001|6011) /.test(p)));
    // A game's main file always has such sentences; a topic file may have none (then there is nothing to check).
    if (name === `${game}.corpus` || warned(readFileSync(path.join(dir, name), "utf8")).length > 0)
    it(`${label}: every word the reads-as text prints is carried by the IR, warnings or not`, () => {
      const entries = warned(readFileSync(path.join(dir, name), "utf8"));
      expect(entries.length).toBeGreaterThan(0);
      const first = probeCards(game, entries.map((e) => ({ kind: e.kind, text: e.sentence })));
      const again = probeCards(game, entries.map((e, i) => ({ kind: e.kind, text: readsAsText(first[i]!.readsAs, e.sentence) })));
      entries.forEach((entry, i) => {
        expect({ sentence: entry.sentence, readsAs: first[i]!.readsAs, unused: again[i]!.problems.filter((p) => p.startsWith("CW6005 ")), ir: irShape(again[i]!.abilities) }).toEqual({
          sentence: entry.sentence,
          readsAs: first[i]!.readsAs,
          unused: [],
          ir: irShape(first[i]!.abilities),
        });
      });
    });
  }

  it("holds at least 400 sentences across the three games", () => {
    const total = files.reduce((n, f) => n + parseCorpus(readFileSync(path.join(dir, f), "utf8"), f).length, 0);
    expect(total).toBeGreaterThanOrEqual(400);
  });
});

