/**
 * The front end's figures (issue 15), each a ratio to a reference measured in the same run,
 * interleaved and repeated (median and min–max; the machine is shared, so only ratios count):
 *
 *   check ÷ JSON.parse   parse + check + lower (what `cardwright check` does: analyse the
 *                        workspace, lower every card for the engine warnings) ÷ JSON.parse of
 *                        the same cards' compiled IR, at 500, 2,000, 10,000 and 20,000 cards;
 *   scaling              time per card at 10k and 20k ÷ time per card at 2k, same rounds;
 *   keystroke            the studio worker's check after one keystroke inside a card of a
 *                        2,000-card file added to the bundled workspace (every game, card and
 *                        scenario file: what the page's worker holds), sent as the page sends it
 *                        (the edit; the worker's own code, run here in Node; timed in
 *                        bursts of 10 keystrokes, per keystroke), beside a frame (16.7 ms) and
 *                        beside JSON.parse of that one file's card models. Timed in both forms
 *                        of the code, interleaved: as the page runs it (one esbuild bundle of
 *                        checker.ts, as the studio's build bundles the worker) and through tsx,
 *                        whose transform names every closure at run time (keepNames);
 *   peak memory          `cardwright check` on 10k cards (a child process) ÷ a process that
 *                        holds the same compiled IR, alternated.
 *
 *   npx tsx bench/frontend.ts [--sizes 500,2000,10000,20000] [--rounds 5] [--skip-memory] [--only keystroke]
 *
 * The workspaces are the bundled sets copied with renamed cards (generateWorkspace).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeWorkspace } from "../compiler/workspace.ts";
import { engineWarnings } from "../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../compiler/lower.ts";
import type { SourceFile } from "../compiler/model.ts";
import { WorkspaceChecker } from "../studio/src/worker/checker.ts";
import { workerBundle } from "../cli/pool/bundle.ts";
import { CLOCK, fmt, fmtMs, fmtRatio, interleave, printTable, ratios, reportGoal, summarize, type Summary } from "./lib/measure.ts";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const FRAME_MS = 1000 / 60;
const KEYSTROKES_PER_TIMING = 10;

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

/**
 * Every file of the bundled workspace the studio's page sends its worker (game, card and scenario files, in
 * every folder; not deck lists, which the page checks itself): what `cardwright studio cards/` checks per keystroke.
 */
function studioWorkspace(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(game|cards|scenario)$/.test(entry.name)) files.push({ path: path.relative(root, full).split(path.sep).join("/"), text: readFileSync(full, "utf8") });
    }
  };
  walk(path.join(root, "cards"));
  return files;
}

/** The studio's bundled workspace (studioWorkspace) with one more set of at least `target` cards (chromatic's cards, copied), as bench/studio.ts opens it. */
export function largeFileWorkspace(target: number): { files: SourceFile[]; large: SourceFile; cards: number } {
  const files = studioWorkspace();
  const source = files.find((f) => f.path === "cards/chromatic/core.cards")!.text;
  const header = /^set\s+\S+\s+"[^"]*"\s+for\s+(\S+)/m.exec(source)!;
  const cards = [...source.matchAll(/^card\s+"([^"]*)"\s*\{[\s\S]*?^\}/gm)].map((m) => ({ name: m[1]!, text: m[0] }));
  const out = [`set BIG "Bench set" for ${header[1]}`, ""];
  let count = 0;
  for (let copy = 1; count < target; copy++) {
    for (const card of cards) {
      if (count >= target) break;
      out.push(card.text.replace(/^card\s+"[^"]*"/, `card "${card.name} ${copy}"`), "");
      count++;
    }
  }
  const large = { path: "cards/chromatic/bench-large.cards", text: out.join("\n") };
  return { files: [...files, large], large, cards: count };
}

/** `cardwright check` as the CLI runs it (cli/commands/check.ts: no references kept), minus the disk and the printing. */
function check(files: SourceFile[]): number {
  const analysis = analyzeWorkspace(files, { references: false });
  return analysis.model.diagnostics.length + engineWarnings(analysis, files).length;
}

function compiledIr(files: SourceFile[]): string {
  return JSON.stringify(lowerAnalysis(analyzeWorkspace(files), files).bundles);
}

interface SizeFigures {
  cards: number;
  check: Summary;
  json: Summary;
  ratio: Summary;
  /** Time per card ÷ time per card at the smallest size of at least 2,000 cards, per round. */
  perCard?: Summary;
}

function throughput(sizes: number[], rounds: number): SizeFigures[] {
  const workspaces = sizes.map((size) => {
    const { files, cards } = generateWorkspace(size);
    return { size, files, cards, ir: compiledIr(files) };
  });
  const tasks: Record<string, () => unknown> = {};
  for (const w of workspaces) {
    tasks[`check ${w.size}`] = () => check(w.files);
    tasks[`json ${w.size}`] = () => JSON.parse(w.ir);
  }
  const times = interleave(rounds, tasks, (round) => process.stderr.write(`  throughput round ${round + 1}/${rounds}\n`));
  const base = workspaces.find((w) => w.size >= 2000);
  return workspaces.map((w) => {
    const figures: SizeFigures = { cards: w.cards, check: summarize(times[`check ${w.size}`]!), json: summarize(times[`json ${w.size}`]!), ratio: ratios(times[`check ${w.size}`]!, times[`json ${w.size}`]!) };
    if (base && w !== base && w.size > base.size) {
      const mine = times[`check ${w.size}`]!.map((t) => t / w.cards);
      const theirs = times[`check ${base.size}`]!.map((t) => t / base.cards);
      figures.perCard = ratios(mine, theirs);
    }
    return figures;
  });
}

interface KeystrokeFigures {
  cards: number;
  /** The worker's code as the page runs it: bundled (undefined when no bundle could be made: then `worker` is the figure). */
  bundled?: Summary;
  bundledRatioToJson?: Summary;
  /** The same code through tsx. */
  worker: Summary;
  analyze: Summary;
  engine: Summary;
  /** JSON.parse of the large file's card models, in the same rounds. */
  json: Summary;
  ratioToJson: Summary;
}

type Checker = Pick<WorkspaceChecker, "checkChanges" | "lastModel">;

/**
 * checker.ts as one plain-JS esbuild bundle (cli/pool/bundle.ts: cached, rebuilt when a source changes), the form
 * the page runs (the studio's build bundles the worker the same way). Undefined when no bundle can be made.
 */
async function bundledCheckerClass(): Promise<(new () => Checker) | undefined> {
  const url = await workerBundle(new URL("../studio/src/worker/checker.ts", import.meta.url).href);
  return url ? ((await import(url)) as { WorkspaceChecker: new () => Checker }).WorkspaceChecker : undefined;
}

/** One keystroke inside the middle card of a 2,000-card file, through the studio worker's checker (bundled and through tsx, interleaved). */
function keystroke(cards: number, rounds: number, Bundled: (new () => Checker) | undefined): KeystrokeFigures {
  const { files, large } = largeFileWorkspace(cards);
  const paths = files.map((f) => f.path);
  const cardStarts = [...large.text.matchAll(/^card "/gm)].map((m) => m.index);
  // Inside the middle card's name (it stays unique): that card is parsed, checked and lowered again.
  const at = cardStarts[cardStarts.length >> 1]! + 'card "'.length;
  const phases = { analyze: [] as number[], engine: [] as number[] };
  /** A burst of keystrokes into its own checker (each checker holds its own copy of the text). */
  const typist = (checker: Checker, recordPhases: boolean) => {
    checker.checkChanges(paths, files);
    let length = large.text.length;
    let typed = 0;
    return () => {
      for (let key = 0; key < KEYSTROKES_PER_TIMING; key++) {
        // As the page sends it: the keystroke, which the worker applies to its copy of the text.
        const change = { offset: at, length: 0, text: String.fromCharCode(97 + (typed++ % 26)) };
        const result = checker.checkChanges(paths, [], undefined, [{ path: large.path, changes: [[change]], length: ++length }]);
        if (recordPhases) {
          phases.analyze.push(result.phases.analyzeMs);
          phases.engine.push(result.phases.engineMs);
        }
      }
    };
  };
  const viaTsx = new WorkspaceChecker();
  const tasks: Record<string, () => void> = {};
  if (Bundled) tasks.bundled = typist(new Bundled(), true);
  tasks.worker = typist(viaTsx, !Bundled);
  const modelsJson = JSON.stringify(viaTsx.lastModel()!.sets.find((s) => s.file === large.path)!.cards);
  tasks.json = () => {
    for (let key = 0; key < KEYSTROKES_PER_TIMING; key++) JSON.parse(modelsJson);
  };
  // Each timing is a burst of keystrokes, per keystroke: the garbage they make is collected
  // inside the burst (its share charged to it), not left to the collection before the next timing.
  const times = interleave(rounds * 3, tasks);
  const perKey = (samples: number[]) => samples.map((t) => t / KEYSTROKES_PER_TIMING);
  const timed = times.worker!.length * KEYSTROKES_PER_TIMING;
  return {
    cards,
    ...(times.bundled ? { bundled: summarize(perKey(times.bundled)), bundledRatioToJson: ratios(times.bundled, times.json!) } : {}),
    worker: summarize(perKey(times.worker!)),
    analyze: summarize(phases.analyze.slice(-timed)),
    engine: summarize(phases.engine.slice(-timed)),
    json: summarize(perKey(times.json!)),
    ratioToJson: ratios(times.worker!, times.json!),
  };
}

interface MemoryFigures {
  cards: number;
  checkKb: Summary;
  holdKb: Summary;
  ratio: Summary;
}

function peakRssKb(args: string[]): number {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const match = /CARDWRIGHT_PEAK_RSS_KB (\d+)/.exec(result.stderr ?? "");
  if (!match) throw new Error(`no peak memory from node ${args.join(" ")}: ${result.stderr}`);
  return Number(match[1]);
}

/** Peak RSS of `cardwright check` on the workspace ÷ that of a process holding its compiled IR, alternated. */
function memory(size: number, rounds: number): MemoryFigures {
  const { files, cards } = generateWorkspace(size);
  const dir = mkdtempSync(path.join(tmpdir(), "cw-bench-memory-"));
  try {
    for (const file of files) {
      mkdirSync(path.join(dir, "ws", path.dirname(file.path)), { recursive: true });
      writeFileSync(path.join(dir, "ws", file.path), file.text);
    }
    writeFileSync(path.join(dir, "ir.json"), compiledIr(files));
    const hook = path.join(root, "bench", "lib", "peak-rss.mjs");
    const checkKb: number[] = [];
    const holdKb: number[] = [];
    for (let round = 0; round < rounds; round++) {
      checkKb.push(peakRssKb(["--import", hook, path.join(root, "cli", "bin.mjs"), "check", path.join(dir, "ws")]));
      holdKb.push(peakRssKb(["--import", "tsx", "--import", hook, path.join(root, "bench", "lib", "hold-ir.ts"), path.join(dir, "ir.json")]));
      process.stderr.write(`  memory round ${round + 1}/${rounds}\n`);
    }
    return { cards, checkKb: summarize(checkKb), holdKb: summarize(holdKb), ratio: ratios(checkKb, holdKb) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface FrontendBenchResult {
  sizes: SizeFigures[];
  keystroke: KeystrokeFigures;
  memory?: MemoryFigures;
}

export async function runFrontendBench(options: { sizes?: number[]; rounds?: number; memory?: boolean } = {}): Promise<FrontendBenchResult> {
  const rounds = options.rounds ?? 5;
  // `--only keystroke` (sizes []): the keystroke row alone.
  const sizes = throughput(options.sizes ?? [500, 2000, 10_000, 20_000], rounds);
  const typed = keystroke(2000, rounds, await bundledCheckerClass());
  const result: FrontendBenchResult = { sizes, keystroke: typed };
  if (options.memory !== false) result.memory = memory(10_000, Math.max(3, Math.min(rounds, 5)));
  print(result, rounds);
  return result;
}

function print(result: FrontendBenchResult, rounds: number): void {
  console.log(`Front end: ${rounds} rounds, interleaved; median (min–max) of ${CLOCK === "cpu" ? "CPU time (user + system)" : "wall time"}. Times are context only (shared machine); the ratios are the figures.`);
  printTable([
    ["cards", "check (parse+check+lower)", "JSON.parse of its IR", "check ÷ JSON.parse", "time per card ÷ at 2k"],
    ...result.sizes.map((s) => [String(s.cards), fmtMs(s.check), fmtMs(s.json, 1), fmtRatio(s.ratio), s.perCard ? fmtRatio(s.perCard, 2) : "—"]),
  ]);
  const k = result.keystroke;
  console.log(`\nKeystroke inside a card of a ${k.cards}-card file, the studio worker's check (in Node; wall: analysis ${fmtMs(k.analyze, 1)}, engine warnings ${fmtMs(k.engine, 1)}):`);
  if (k.bundled) console.log(`  as the page runs it (bundled): ${fmtMs(k.bundled, 1)} = ${fmt(k.bundled.median / FRAME_MS, 2)} frames; ÷ JSON.parse of the file's ${k.cards} card models: ${fmtRatio(k.bundledRatioToJson!, 2)}`);
  else console.log("  (no bundle of the worker's code could be made: only the tsx figure)");
  console.log(`  through tsx: ${fmtMs(k.worker, 1)} = ${fmt(k.worker.median / FRAME_MS, 2)} frames; ÷ JSON.parse of the file's ${k.cards} card models: ${fmtRatio(k.ratioToJson, 2)}`);
  if (result.memory) {
    const m = result.memory;
    console.log(`Peak memory, cardwright check on ${m.cards} cards: ${fmt(m.checkKb.median / 1024, 0)} MB; a process holding the same IR: ${fmt(m.holdKb.median / 1024, 0)} MB; ratio ${fmtRatio(m.ratio, 2)}`);
  }

  const tenK = result.sizes.find((s) => s.cards >= 10_000 && s.cards < 20_000);
  if (tenK) reportGoal({ figure: `parse+check+lower of ${tenK.cards} cards ÷ JSON.parse of their IR`, measured: fmtRatio(tenK.ratio), goal: "≤ 10×", met: tenK.ratio.median <= 10 });
  for (const s of result.sizes) if (s.perCard) reportGoal({ figure: `time per card at ${s.cards} ÷ at 2k cards`, measured: fmtRatio(s.perCard, 2), goal: "flat (≈ 1×)", met: s.perCard.median <= 1.15 });
  const shipped = k.bundled ?? k.worker;
  reportGoal({ figure: `keystroke in a ${k.cards}-card file: worker check (Node, ${k.bundled ? "bundled as the page runs it" : "through tsx"})`, measured: `${fmtMs(shipped, 1)} = ${fmt(shipped.median / FRAME_MS, 2)} frames`, goal: "≤ 16 ms (1 frame)", met: shipped.median <= 16 });
  if (result.memory) reportGoal({ figure: `peak memory of check on ${result.memory.cards} cards ÷ a process holding the IR`, measured: fmtRatio(result.memory.ratio, 2), goal: "≤ 2×", met: result.memory.ratio.median <= 2 });
}

if (process.argv[1]?.endsWith("bench/frontend.ts")) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const keystrokeOnly = argument("--only") === "keystroke";
  const sizes = keystrokeOnly ? [] : argument("--sizes")?.split(",").map(Number);
  await runFrontendBench({ ...(sizes ? { sizes } : {}), rounds: Number(argument("--rounds") ?? 5), memory: !keystrokeOnly && !process.argv.includes("--skip-memory") });
}
