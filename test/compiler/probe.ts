/**
 * Probe cards: a sentence of card text put on a plain card of a bundled game, checked and lowered
 * as `cardwright check` does, with how the engine reads it (compiler/reads-as.ts, one line per
 * ability the sentence made) and its diagnostics as `CODE "words"`. Shared by the corpus
 * (test/compiler/corpus.test.ts) and the docs examples (test/grammar/docs-reads-as.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { additionalCostReadsAs, playOnlyReadsAs, readsAs } from "../../compiler/reads-as.ts";
import type { Ability, CompiledGame } from "../../compiler/ir.ts";

const root = path.join(import.meta.dirname, "..", "..");

/** One card per kind of each game, the sentence on its first ability line; Chromatic cards need their Facet lines. */
export const PROBE_TEMPLATES: Record<string, Record<string, (text: string) => string>> = {
  duel: {
    unit: (t) => `  type: Unit\n  color: Gray\n  cost: free\n  power: 2\n  rarity: Gray\n  text:\n    ${t}`,
    spell: (t) => `  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n    ${t}`,
    /** A spell whose cost is X Crystals: X is what the player pays. */
    xspell: (t) => `  type: Spell\n  color: Blue\n  cost: X Crystals\n  rarity: Gray\n  text:\n    ${t}`,
  },
  cybervamp: {
    creature: (t) => `  type: Creature — Vampire\n  faction: Red\n  cost: {R}\n  stats: 2/2\n  text:\n    ${t}`,
    spell: (t) => `  type: Spell\n  faction: Red\n  cost: {R}\n  text:\n    ${t}`,
  },
  chromatic: {
    creature: (t) => `  type: Creature\n  tribe: Mystic\n  color: Blue\n  cost: 2\n  attack: 2\n  defense: 2\n  rarity: Common\n  text:\n    ${chromaticCreatureText(t)}`,
    spell: (t) => `  type: Spell\n  color: Blue\n  cost: 1\n  rarity: Common\n  text:\n    ${/^\[/.test(t) ? t : `[Red] ${t}`}\n    [Blue] Scry 2.\n    [Green] Gain 2 life.`,
  },
};

/**
 * A Chromatic creature's lines around the sentence: untagged or `[Base]`, it is the Base ability before four
 * Facet lines; tagged with a colour (`[Red] Spark 1.`), it takes that Facet's place after `[Base] Flying.`.
 */
function chromaticCreatureText(t: string): string {
  const facets: [string, string][] = [["Red", "[Red] This gets +1 attack."], ["Green", "[Green] This gets +0/+2."], ["Yellow", "[Yellow] Flying."], ["Purple", "[Purple] Taunt."]];
  const tag = /^\[(\w+)\]/.exec(t)?.[1];
  if (!tag || tag.toLowerCase() === "base") return [/^\[/.test(t) ? t : `[Base] ${t}`, ...facets.map(([, line]) => line)].join("\n    ");
  const others = facets.filter(([colour]) => colour.toLowerCase() !== tag.toLowerCase()).slice(0, 3);
  return ["[Base] Shroud.", t, ...others.map(([, line]) => line)].join("\n    ");
}

export interface Probe {
  /** The abilities the sentence made (not the template's own lines). */
  abilities: Ability[];
  /** How the engine reads each of them. */
  readsAs: string[];
  /** The sentence's diagnostics, `CODE "words"` (the words' first line). */
  problems: string[];
  /** The same diagnostics' messages. */
  messages: string[];
  game: CompiledGame;
}

/** The game file and one card file of one card per text, all in one set of `game`, with where each text is in the card file. */
export function probeSources(game: string, cards: { kind: string; text: string }[]): { sources: { path: string; text: string }[]; spans: { start: number; end: number }[] } {
  const gameText = readFileSync(path.join(root, `cards/${game}/${game}.game`), "utf8");
  const spans: { start: number; end: number }[] = [];
  let file = `set CRP "Corpus" for ${game}\n\n`;
  cards.forEach((c, i) => {
    // A text of several lines (an ability written over lines without final periods) keeps the text's indentation.
    const text = c.text.split("\n").join("\n    ");
    const card = `card "Probe ${i}" {\n${PROBE_TEMPLATES[game]![c.kind]!(text)}\n}\n\n`;
    // The sentence's own lines of the card (a Chromatic Facet sentence comes after the template's Base line).
    const at = card.indexOf(text, card.indexOf("  text:\n    "));
    const start = file.length + card.lastIndexOf("\n    ", at) + "\n    ".length;
    const lastLine = file.length + at + text.lastIndexOf("\n") + 1;
    file += card;
    spans.push({ start, end: file.indexOf("\n", lastLine) });
  });
  const sources = [
    { path: `${game}/${game}.game`, text: gameText },
    { path: `${game}/corpus.cards`, text: file },
  ];
  return { sources, spans };
}

/** Checks and lowers one card per text, all in one set of `game`. */
export function probeCards(game: string, cards: { kind: string; text: string }[]): Probe[] {
  const { sources, spans } = probeSources(game, cards);
  const file = sources[1]!.text;
  const analysis = analyzeWorkspace(sources);
  const problems = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.file === `${game}/corpus.cards`);
  const lowered = lowerAnalysis(analysis, sources);
  const bundle = lowered.bundles.find((b) => b.game.id === game)!;
  return cards.map((_, i) => {
    const span = spans[i]!;
    const card = bundle.cards.find((c) => c.name === `Probe ${i}`);
    const range = card?.source.range;
    const mine = range ? problems.filter((d) => d.range.start.offset >= range.start.offset && d.range.end.offset <= range.end.offset) : [];
    const abilities = (card?.abilities ?? []).filter((a) => a.source.range.start.offset >= span.start && a.source.range.start.offset <= span.end);
    return {
      abilities,
      // "As an additional cost to ...": parts of the card's cost, printed first as the card prints them.
      readsAs: [
        ...(card && playOnlyReadsAs(card, bundle.game) ? [playOnlyReadsAs(card, bundle.game)!] : []),
        ...(card && additionalCostReadsAs(card, bundle.game) ? [additionalCostReadsAs(card, bundle.game)!] : []),
        ...abilities.map((a) => readsAs(a, bundle.game)),
      ],
      problems: mine.map((d) => `${d.code} "${file.slice(d.range.start.offset, d.range.end.offset).split("\n")[0]}"`),
      messages: mine.map((d) => d.message),
      game: bundle.game,
    };
  });
}

/** The IR of abilities without what names their source (text, ranges, ids, prompts, the card in a target group's name); keys sorted. */
export function irShape(abilities: Ability[]): unknown {
  return JSON.parse(
    JSON.stringify(abilities, (key, value) =>
      ["text", "source", "id", "prompt", "label"].includes(key) ? undefined : key === "group" && typeof value === "string" ? value.replace(/^.*:/, "") : value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
    ),
  );
}

/** The reads-as lines written back as one line of card text: tags dropped (the template adds its own), except the written sentence's own (a Facet slot). */
export function readsAsText(lines: string[], written = ""): string {
  const tag = /^\[[^\]]+\] /.exec(written)?.[0] ?? "";
  return tag + lines.map((l) => l.replace(/^\[[^\]]+\] /, "")).join(" ");
}

/** A whole card file of `game` (a docs example): each ability's first line (1-based), reads-as, and the diagnostics on that line. */
export function probeFile(game: string, text: string): { line: number; readsAs: string; problems: string[] }[] {
  const gameText = readFileSync(path.join(root, `cards/${game}/${game}.game`), "utf8");
  const sources = [
    { path: `${game}/${game}.game`, text: gameText },
    { path: `${game}/example.cards`, text },
  ];
  const analysis = analyzeWorkspace(sources);
  const problems = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.file === `${game}/example.cards`);
  const bundle = lowerAnalysis(analysis, sources).bundles.find((b) => b.game.id === game)!;
  return bundle.cards.flatMap((card) =>
    card.abilities.map((a) => ({
      line: a.source.range.start.line,
      readsAs: readsAs(a, bundle.game),
      problems: problems.filter((d) => d.range.start.line === a.source.range.start.line).map((d) => `${d.code} "${text.slice(d.range.start.offset, d.range.end.offset).split("\n")[0]}"`),
    })),
  );
}

/** Two wordings alike but for case, punctuation, tags, number words, "whenever"/"when" and "then": the engine's reading is the text. */
export function sameWording(a: string, b: string): boolean {
  const numbers: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10" };
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/^\[[^\]]+\]\s*/, "")
      .replace(/[.,;:—•]/g, " ")
      .split(/\s+/)
      .filter((w) => w && w !== "then")
      .map((w) => numbers[w] ?? (w === "whenever" ? "when" : w))
      .join(" ");
  return norm(a) === norm(b);
}

/** One sentence of a corpus file (test/compiler/corpus.test.ts: the format). */
export interface Entry {
  kind: string;
  sentence: string;
  readsAs: string[];
  problems: string[];
  /** `~ reason`: the reads-as text does not compile back to the same IR yet (a known gap). */
  noRoundTrip?: string;
}

export function parseCorpus(text: string, file?: string): Entry[] {
  const entries: Entry[] = [];
  let kind = "";
  // A corpus file names its game first (`cybervamp.lang-cv-s29.corpus`); its `## kind` headings are the kinds of card
  // PROBE_TEMPLATES makes for that game. A heading or line the probe cannot read is said at its file and line — it was a
  // TypeError from deep in probeSources (session 29: `## relic` in a cybervamp corpus file).
  const game = file ? path.basename(file).split(".")[0]! : undefined;
  const kinds = game ? PROBE_TEMPLATES[game] : undefined;
  if (file && !kinds) throw new Error(`${file}: a corpus file's name starts with its game (${Object.keys(PROBE_TEMPLATES).join(", ")}), not "${game}"`);
  text.split("\n").forEach((line, i) => {
    const at = `${file ?? "corpus"}:${i + 1}`;
    const last = () => {
      const entry = entries[entries.length - 1];
      if (!entry) throw new Error(`${at}: "${line.slice(0, 2).trim()}" line before any "> " sentence: it belongs after the sentence it is about`);
      return entry;
    };
    if (line.startsWith("## ")) {
      kind = line.slice(3).trim();
      if (kinds && !kinds[kind]) throw new Error(`${at}: "## ${kind}" is no kind of card the corpus probes for ${game}: write ${Object.keys(kinds).map((k) => `"## ${k}"`).join(" or ")}`);
    } else if (line.startsWith("> ")) {
      if (kinds && !kind) throw new Error(`${at}: a sentence before any "## <kind>" heading: write ${Object.keys(kinds).map((k) => `"## ${k}"`).join(" or ")} above it`);
      entries.push({ kind, sentence: line.slice(2).trim(), readsAs: [], problems: [] });
    }
    // `>> more`: the card text goes on on a new line (an ability over several lines, or several lines without periods).
    else if (line.startsWith(">> ")) last().sentence += `\n${line.slice(3).trim()}`;
    else if (line.startsWith("= ")) last().readsAs.push(line.slice(2).trim());
    else if (line.startsWith("! ")) last().problems.push(line.slice(2).trim());
    else if (line.startsWith("~ ")) last().noRoundTrip = line.slice(2).trim();
  });
  return entries;
}
