/**
 * Front-end throughput: lex, parse (CST → AST) and check on a generated workspace of at least
 * 10,000 cards made from the bundled sets (each set copied with renamed cards), and
 * `JSON.parse` of the same cards as JSON as a reference point.
 *
 *   npx tsx bench/frontend.ts [--cards 10000] [--runs 3]
 *
 * Prints cards/s and MB/s per phase; the best of `runs` timed runs after one warm-up.
 */
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { cardwrightLexer } from "../grammar/lexer.ts";
import { analyzeWorkspace } from "../compiler/workspace.ts";
import type { SourceFile } from "../compiler/model.ts";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

export interface PhaseFigure {
  phase: string;
  seconds: number;
  cardsPerSecond: number;
  megabytesPerSecond: number;
}

export interface FrontendBenchResult {
  cards: number;
  files: number;
  megabytes: number;
  diagnostics: number;
  phases: PhaseFigure[];
  jsonMegabytes: number;
}

/** Copies of every bundled set with renamed cards until the workspace holds `target` cards. */
export function generateWorkspace(target: number): { files: SourceFile[]; cards: number } {
  const files: SourceFile[] = [];
  const sets: { game: string; text: string; cards: number }[] = [];
  for (const game of readdirSync(path.join(root, "cards")).sort()) {
    const folder = path.join(root, "cards", game);
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (name.endsWith(".game") || name.endsWith(".cards")) {
        const text = readFileSync(full, "utf8");
        files.push({ path: `cards/${game}/${name}`, text });
        if (name.endsWith(".cards")) sets.push({ game, text, cards: (text.match(/^\s*card\s+"/gim) ?? []).length });
      }
    }
  }
  let cards = sets.reduce((sum, set) => sum + set.cards, 0);
  for (let copy = 1; cards < target; copy++) {
    for (const set of sets) {
      // Rename the cards and the set code; quoted names in ability text still find the originals.
      const text = set.text
        .replace(/^(\s*set\s+)(\S+)/im, (_, head: string, code: string) => `${head}${code}C${copy}`)
        .replace(/^(\s*card\s+")([^"]*)"/gim, (_, head: string, name: string) => `${head}${name} ${copy}"`);
      files.push({ path: `bench/${set.game}/copy-${copy}.cards`, text });
      cards += set.cards;
    }
  }
  return { files, cards };
}

function best(runs: number, work: () => void): number {
  work(); // warm-up: JIT and the parser's caches
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest / 1000;
}

/** Runs the bench, prints its table and returns the figures (bench/run.ts calls this). */
export function runFrontendBench(target = 10_000, runs = 3): FrontendBenchResult {
  const result = measure(target, runs);
  print(result);
  return result;
}

function measure(target: number, runs: number): FrontendBenchResult {
  const { files, cards } = generateWorkspace(target);
  const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
  const megabytes = bytes / 1e6;

  const lex = best(runs, () => {
    for (const file of files) cardwrightLexer.tokenize(file.text);
  });
  let diagnostics = 0;
  let analysis = analyzeWorkspace(files);
  const all = best(runs, () => {
    analysis = analyzeWorkspace(files);
    diagnostics = analysis.model.diagnostics.length;
  });
  // Checking alone: the same analysis with every file's parse reused (what the studio does per keystroke
  // for unchanged files). Parsing is the rest, so the memory the trees hold is charged to parsing.
  const parsed = analysis;
  const check = best(runs, () => {
    analyzeWorkspace(files, { previous: parsed });
  });
  // The same cards as the model's JSON: the reference a card format cannot beat.
  const json = JSON.stringify(analysis.model.sets);
  const jsonBytes = Buffer.byteLength(json);
  const jsonSeconds = best(runs, () => {
    JSON.parse(json);
  });

  const figure = (phase: string, seconds: number, size = megabytes): PhaseFigure => ({
    phase,
    seconds,
    cardsPerSecond: cards / seconds,
    megabytesPerSecond: size / seconds,
  });
  return {
    cards,
    files: files.length,
    megabytes,
    diagnostics,
    jsonMegabytes: jsonBytes / 1e6,
    phases: [
      figure("lex", lex),
      figure("parse (CST + AST + views)", Math.max(all - check - lex, 1e-9)),
      figure("check (bind, check, model)", check),
      figure("front end total", all),
      figure("JSON.parse of the same cards", jsonSeconds, jsonBytes / 1e6),
    ],
  };
}

function print(result: FrontendBenchResult): void {
  const lines = [
    `Front end on ${result.cards} cards in ${result.files} files (${result.megabytes.toFixed(2)} MB of card text, ${result.diagnostics} diagnostics)`,
    `${"phase".padEnd(34)} ${"seconds".padStart(8)} ${"cards/s".padStart(10)} ${"MB/s".padStart(8)}`,
  ];
  for (const p of result.phases) {
    lines.push(`${p.phase.padEnd(34)} ${p.seconds.toFixed(3).padStart(8)} ${Math.round(p.cardsPerSecond).toString().padStart(10)} ${p.megabytesPerSecond.toFixed(2).padStart(8)}`);
  }
  const total = result.phases.find((p) => p.phase === "front end total")!;
  const json = result.phases.find((p) => p.phase.startsWith("JSON.parse"))!;
  lines.push(`JSON reference: ${result.jsonMegabytes.toFixed(2)} MB of JSON; the front end takes ${(total.seconds / json.seconds).toFixed(1)}× as long as JSON.parse of the same cards.`);
  console.log(lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench/frontend.ts")) {
  const argument = (name: string, fallback: number) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? Number(process.argv[index + 1]) : fallback;
  };
  runFrontendBench(argument("--cards", 10_000), argument("--runs", 3));
}
