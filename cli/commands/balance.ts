/**
 * `cardwright balance [<game folder>] [--game <id>] [--decks a.deck b.deck …] [--bot random|greedy|mcts]
 * --games N --seed S -o <dir>`: bots play every matchup of the decks (by default the game folder's
 * decks/*.deck) N times on all cores, and the run's figures — matchup matrix with 95% intervals,
 * first-player advantage, game lengths, per-card statistics, Ludii metrics, restricted play on
 * request — are written to <dir> as report.html (self-contained, charts drawn by ECharts as inline
 * SVG), report.json, one CSV per table and games.json (every game as its choices, to replay it). The same seed gives the same files for any number of workers.
 */
import path from "node:path";
import { promises as fs } from "node:fs";
import type { Command } from "commander";
import type { CommandContext } from "../main.ts";
import { formatDiagnostic, type Diagnostic } from "../../compiler/diagnostics.ts";
import type { CompiledBundle } from "../../compiler/ir.ts";
import type { DeckSpec, RunSpec } from "../../balance/plan.ts";
import type { Batch } from "../../balance/batch.ts";
import type { GameRecord } from "../../balance/play.ts";
import { BOT_KINDS, type BotKind } from "../../runtime/bots/bot.ts";

interface BalanceOptions {
  game?: string;
  decks?: string[];
  bot: string;
  botP1?: string;
  botP2?: string;
  games: string;
  seed: string;
  out: string;
  workers?: string;
  playouts?: string;
  thinkMs?: string;
  restricted: string;
  maxTurns: string;
  maxActions: string;
  queue?: string;
  batch?: string;
  heartbeatMs?: string;
  generatedDecks: string;
}

/** A usage error: printed as `cardwright balance: <message>`, exit code 2. */
class UsageError extends Error {}

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min) throw new UsageError(`${name} takes a whole number ≥ ${min} (got "${text}")`);
  return value;
}

function botKind(name: string, text: string): BotKind {
  if (!(BOT_KINDS as readonly string[]).includes(text)) throw new UsageError(`${name} is one of ${BOT_KINDS.join(", ")} (got "${text}")`);
  return text as BotKind;
}

export interface LoadedRun {
  folder: string;
  bundle: CompiledBundle;
  decks: DeckSpec[];
}

/**
 * The game of a folder (or of the folder a path is in) and its decks, checked: errors in the game's
 * files, an unreadable deck line, an unknown card or an illegal deck come back as diagnostics.
 */
export async function loadBalanceRun(where: string, deckPaths: readonly string[] | undefined, cwd = process.cwd(), generated: { count: number; seed: number } = { count: 0, seed: 0 }): Promise<LoadedRun | { diagnostics: Diagnostic[]; message?: string }> {
  const { gameFolderOf, readWorkspaceFiles } = await import("../../compiler/workspace-disk.ts");
  const { analyzeWorkspace } = await import("../../compiler/workspace.ts");
  const { lowerAnalysis } = await import("../../compiler/lower.ts");
  const { parseDeck, deckCards, legalityDiagnostics, DECK_EXTENSION } = await import("../../compiler/decklist.ts");
  const { createEngine } = await import("../../runtime/index.ts");
  const absolute = path.resolve(cwd, where);
  if (!(await fs.stat(absolute).catch(() => undefined))) return { diagnostics: [], message: `${where} does not exist` };
  const folder = await gameFolderOf(absolute);
  if (!folder) return { diagnostics: [], message: `${where} is not in a game folder (a folder holding a .game file)` };
  const read = await readWorkspaceFiles([folder], { cwd: folder });
  const sources = read.files.filter((f) => !f.path.endsWith(".scenario"));
  const analysis = analyzeWorkspace(sources);
  const errors = [...read.diagnostics, ...analysis.model.diagnostics].filter((d) => d.severity === "error");
  if (errors.length) return { diagnostics: errors.map((d) => ({ ...d, file: path.relative(cwd, path.join(folder, d.file)) })), message: "the game's files have errors (cardwright check shows them all)" };
  const lowered = lowerAnalysis(analysis, sources);
  const bundle = lowered.bundles[0];
  if (!bundle) return { diagnostics: [], message: `no game could be compiled in ${path.relative(cwd, folder) || "."}` };
  const engine = createEngine(bundle);
  const names = bundle.cards.map((c) => c.name);
  let files: string[];
  if (deckPaths && deckPaths.length) files = deckPaths.map((p) => path.resolve(cwd, p));
  else if (generated.count > 0) files = [];
  else {
    const deckFolder = path.join(folder, "decks");
    files = (await fs.readdir(deckFolder).catch(() => [] as string[])).filter((f) => f.endsWith(DECK_EXTENSION)).sort().map((f) => path.join(deckFolder, f));
    if (files.length === 0) return { diagnostics: [], message: `${path.relative(cwd, deckFolder)} holds no ${DECK_EXTENSION} files: give decks with --decks, or --generated-decks N` };
  }
  const decks: DeckSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  const taken = new Set<string>();
  for (const file of files) {
    const shown = path.relative(cwd, file) || file;
    const text = await fs.readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) return { diagnostics: [], message: `cannot read deck ${shown}` };
    const parsed = parseDeck(text, shown, names);
    diagnostics.push(...parsed.diagnostics);
    const cards = deckCards(parsed.entries);
    diagnostics.push(...legalityDiagnostics(shown, bundle.game.id, parsed.entries, engine.validateDeck(cards)));
    // Two decks of the same file name (from two folders) keep apart in the report.
    let name = path.basename(file, DECK_EXTENSION);
    for (let n = 2; taken.has(name); n++) name = `${path.basename(file, DECK_EXTENSION)}-${n}`;
    taken.add(name);
    decks.push({ name, cards });
  }
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics, message: "the decks cannot be played" };
  // Generated decks: random legal decks of the game's cards, as `simulate` builds them, from the run's seed.
  if (generated.count > 0) {
    const { gameRandomDeck } = await import("../../runtime/simulate.ts");
    const { hashText } = await import("../../runtime/index.ts");
    for (let n = 1; n <= generated.count; n++) {
      const cards = gameRandomDeck(engine, parseInt(hashText(`${generated.seed}/generated/${n}`), 16) & 0x7fffffff);
      const violations = engine.validateDeck(cards);
      if (violations.length) return { diagnostics: [], message: `generated deck ${n} is not legal (${violations[0]!.message}): this game's deck rules need decks written by hand` };
      decks.push({ name: `generated-${n}`, cards });
    }
  }
  return { folder, bundle, decks };
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("balance")
    .description("Bots play every matchup of a game's decks; writes win rates with 95% intervals, per-card statistics and Ludii metrics.")
    .argument("[folder]", "the game folder (or a path inside it); default: cards/<id> with --game, else the current folder")
    .option("--game <id>", "a game by id: cards/<id> here, else the game bundled with Cardwright")
    .option("--decks <files...>", "deck files (default: the game folder's decks/*.deck); every pair meets, one deck plays itself")
    .option("--generated-decks <n>", "also this many random legal decks of the game's cards (generated-1, …; from the seed); with no --decks, only these", "0")
    .option("--bot <kind>", `the bot on both seats: ${BOT_KINDS.join(", ")}`, "greedy")
    .option("--bot-p1 <kind>", "the bot on seat p1 (overrides --bot)")
    .option("--bot-p2 <kind>", "the bot on seat p2 (overrides --bot)")
    .option("--games <n>", "games per matchup (decks swap seats every game)", "100")
    .option("--seed <n>", "the run's seed: the same seed gives the same report", "1")
    .option("-o, --out <dir>", "folder for report.html, report.json, the CSV files and games.json", "balance-report")
    .option("--workers <n>", "worker threads (default: one per core; 0 plays in this thread)")
    .option("--playouts <n>", "mcts: simulated games per decision (deterministic)")
    .option("--think-ms <n>", "mcts: thinking time per decision instead of playouts (not deterministic)")
    .option("--restricted <n>", "restricted play: per card and matchup, this many games in which its deck's bot may not play it", "0")
    .option("--max-turns <n>", "a game still running after this many turns is stopped (counted apart)", "200")
    .option("--max-actions <n>", "a game still running after this many actions is stopped (counted apart)", "20000")
    .option("--queue <url>", "play on the workers of this Redis server (cardwright worker --queue <url>) instead of this machine's threads")
    .option("--heartbeat-ms <n>", "with --queue: how often this command renews its run in Redis (default 5000); 3 heartbeats after it stops (killed), workers drop the run's batches")
    .option("--batch <n>", "games per batch handed to a worker (default: a few batches per worker thread; 10 on a queue)")
    .action(async (folderArg: string | undefined, options: BalanceOptions) => {
      try {
        context.setExitCode(await runBalance(folderArg, options));
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        process.stderr.write(`cardwright balance: ${error.message}\n`);
        context.setExitCode(2);
      }
    });
}

async function runBalance(folderArg: string | undefined, options: BalanceOptions): Promise<number> {
  const games = wholeNumber("--games", options.games, 1);
  const seed = wholeNumber("--seed", options.seed, 0);
  const restrictedGames = wholeNumber("--restricted", options.restricted, 0);
  const maxTurns = wholeNumber("--max-turns", options.maxTurns, 1);
  const maxActions = wholeNumber("--max-actions", options.maxActions, 1);
  const { defaultWorkers } = await import("../pool/index.ts");
  const workers = options.workers !== undefined ? wholeNumber("--workers", options.workers, 0) : defaultWorkers();
  const bot = botKind("--bot", options.bot);
  const bots = { p1: options.botP1 ? botKind("--bot-p1", options.botP1) : bot, p2: options.botP2 ? botKind("--bot-p2", options.botP2) : bot };
  const botSettings: RunSpec["botSettings"] = {};
  if (options.playouts !== undefined) botSettings.playouts = wholeNumber("--playouts", options.playouts, 1);
  if (options.thinkMs !== undefined) botSettings.milliseconds = wholeNumber("--think-ms", options.thinkMs, 1);
  if (folderArg && options.game) throw new UsageError("give a game folder or --game <id>, not both");
  const where = folderArg ?? (options.game ? await bundledGameFolder(options.game) : ".");

  const generatedDecks = wholeNumber("--generated-decks", options.generatedDecks, 0);
  const loaded = await loadBalanceRun(where, options.decks, process.cwd(), { count: generatedDecks, seed });
  if ("diagnostics" in loaded) {
    for (const d of loaded.diagnostics) process.stderr.write(formatDiagnostic(d) + "\n");
    if (loaded.message) process.stderr.write(`cardwright balance: ${loaded.message}\n`);
    return loaded.diagnostics.length ? 1 : 2;
  }
  if (options.game && loaded.bundle.game.id.toLowerCase() !== options.game.toLowerCase()) throw new UsageError(`cards/${options.game} holds game "${loaded.bundle.game.id}", not "${options.game}"`);

  const spec: RunSpec = { bundle: loaded.bundle, decks: loaded.decks, bots, botSettings, games, seed, restrictedGames, maxTurns, maxActions };
  const { taskCount } = await import("../../balance/plan.ts");
  const { batchesOf, batchSizeFor } = await import("../../balance/batch.ts");
  const { runPool } = await import("../pool/index.ts");
  const { createProgress } = await import("../progress.ts");
  const { buildReport, reportSpecOf } = await import("../../balance/stats.ts");
  const { reportFiles } = await import("../../balance/files.ts");
  const total = taskCount(spec);
  const batchSize = options.batch !== undefined ? wholeNumber("--batch", options.batch, 1) : options.queue ? 10 : batchSizeFor(total, Math.max(1, workers));
  const batches = batchesOf(spec, batchSize);
  const progress = createProgress(total, "balance");
  let records: GameRecord[][];
  try {
    if (options.queue) {
      const { runOnQueue, checkReachable, QueueUnreachable } = await import("../queue/index.ts");
      let done = 0;
      await checkReachable(options.queue).catch((error: Error) => {
        throw error instanceof QueueUnreachable ? new UsageError(error.message) : error;
      });
      process.stdout.write(`${batches.length} batches of ${total} games queued on ${options.queue}: \`cardwright worker --queue ${options.queue}\` on any machine plays them\n`);
      try {
        const heartbeatMs = options.heartbeatMs !== undefined ? wholeNumber("--heartbeat-ms", options.heartbeatMs, 100) : undefined;
        const games = (b: Batch) => `games ${b.from}-${b.to - 1}`;
        const played = await runOnQueue({
          url: options.queue,
          spec,
          batches,
          ...(heartbeatMs !== undefined ? { heartbeatMs } : {}),
          onBatch: (index) => progress.update((done += batches[index]!.to - batches[index]!.from)),
          onWorker: (event, tally) => {
            const mine = tally.get(event.worker);
            progress.log(`worker ${event.worker}: ${games(event.batch)} ${event.state}${event.state === "done" && mine ? ` (${mine.batches} batches, ${mine.games} games so far)` : ""}`);
          },
        });
        records = played.records;
        process.stdout.write(`played by: ${[...played.tally].map(([worker, t]) => `${worker} ${t.games} games (${t.batches} batches)`).join(", ")}\n`);
      } catch (error) {
        if (error instanceof QueueUnreachable) throw new UsageError(error.message);
        throw error;
      }
    } else {
      records = await runPool<Batch, GameRecord[], RunSpec>({
        workers,
        tasks: batches,
        worker: new URL("../../balance/pool-worker.ts", import.meta.url),
        shared: spec,
        onResult: (_records, index) => progress.update(batches[index]!.to),
      });
    }
  } finally {
    progress.stop();
  }
  const report = buildReport(reportSpecOf(spec), records.flat());

  const out = path.resolve(options.out);
  await fs.mkdir(out, { recursive: true });
  const files = reportFiles(report);
  for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(out, name), text);
  await fs.writeFile(path.join(out, "games.json"), JSON.stringify({ format: "cardwright-balance-games", version: 1, decks: spec.decks, bots, botSettings, records: records.flat() }) + "\n");

  process.stdout.write(summaryLines(report).join("\n") + `\nwritten to ${path.relative(process.cwd(), out) || "."}: report.html, report.json, ${Object.keys(files).filter((n) => n.endsWith(".csv")).join(", ")}, games.json\n`);
  return 0;
}

/** `cards/<id>` under the current folder when it has one, else the game bundled with Cardwright. */
async function bundledGameFolder(id: string): Promise<string> {
  const local = path.resolve("cards", id);
  if (await fs.stat(local).catch(() => undefined)) return local;
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../cards", id);
}

function summaryLines(report: import("../../balance/stats.ts").BalanceReport): string[] {
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  const rate = (r: { value: number; low: number; high: number; n: number }) => (r.n ? `${pct(r.value)} (95% ${pct(r.low)}–${pct(r.high)})` : "—");
  const { totals, ludii } = report;
  return [
    `${report.game.name}: ${totals.games} games (${report.run.bots.p1} vs ${report.run.bots.p2}), seed ${report.run.seed}: ${totals.decided} won, ${totals.draws} drawn, ${totals.unfinished} stopped`,
    ...report.matchups.map((m) => `  ${m.deckA} vs ${m.deckB}: ${m.deckA} wins ${rate(m.winRateA)} of ${m.games}`),
    `  first player wins ${rate(report.firstPlayer)}`,
    `  length: ${report.length.turns.mean.toFixed(1)} turns on average (median ${report.length.turns.median}, ${report.length.turns.min}–${report.length.turns.max})`,
    `  Ludii: balance ${ludii.balance.toFixed(3)}, drawishness ${ludii.drawishness.toFixed(3)}, decisiveness ${ludii.decisiveness === null ? "—" : ludii.decisiveness.toFixed(3)}, duration ${ludii.durationTurns.toFixed(1)} turns`,
  ];
}
