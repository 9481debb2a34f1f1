/**
 * The studio's figures:
 *   - build time (a forced `vite build` of the studio) and bundle size (raw and gzip, per asset);
 *   - time from navigation to an editable editor in headless Chromium, beside a bare Monaco
 *     page built the same way (the reference ratio);
 *   - re-check latency after one keystroke in a 2,000-card file (debounce + worker check + markers).
 *
 *   npx tsx bench/studio.ts [--runs 5] [--cards 2000]
 *
 * Medians of `runs`; every page runs offline (non-localhost requests blocked).
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { distDir, ensureStudioBuilt, repoDir } from "../studio/server/build.ts";
import { startStudioServer } from "../studio/server/server.ts";
import { startHarness } from "../studio/scripts/harness.ts";

export interface StudioBenchResult {
  buildSeconds: number;
  bundle: { file: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
  loadToEditableMs: number;
  bareMonacoLoadToEditableMs: number;
  loadRatio: number;
  largeFileCards: number;
  recheckAfterKeystrokeMs: number;
  workerCheckMs: number;
  /** The same after a keystroke inside the middle card's name. */
  recheckInCardMs: number;
  workerCheckInCardMs: number;
  /** Of the worker's time: the compiler's analysis (incremental re-parse + check) and the engine warnings (CW6001). */
  workerAnalyzeInCardMs: number;
  workerEngineWarningsInCardMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function bundleFigures() {
  const assets = path.join(distDir, "assets");
  const bundle = [];
  for (const file of (await readdir(assets)).sort()) {
    const bytes = (await stat(path.join(assets, file))).size;
    bundle.push({ file, bytes, gzipBytes: gzipSync(await readFile(path.join(assets, file))).length });
  }
  return bundle;
}

/** A page with nothing but Monaco's core editor, built by the same Vite: the reference for load time. */
async function buildBareMonaco(): Promise<string> {
  const root = path.join(repoDir, ".cardwright-tmp-bare-monaco");
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, "index.html"), `<!doctype html><html><body style="margin:0"><div id="root" style="width:100vw;height:100vh"></div><script type="module" src="./main.ts"></script></body></html>`);
  await writeFile(
    path.join(root, "main.ts"),
    [
      `import * as monaco from "monaco-editor/editor";`,
      `import EditorWorker from "monaco-editor/editor/editor.worker?worker";`,
      `self.MonacoEnvironment = { getWorker: () => new EditorWorker() };`,
      `monaco.editor.create(document.getElementById("root"), { model: monaco.editor.createModel("card", "plaintext"), automaticLayout: true });`,
      `performance.mark("cardwright:editor-ready");`,
    ].join("\n"),
  );
  const { build } = await import("vite");
  await build({ root, base: "./", configFile: false, logLevel: "error", build: { outDir: path.join(root, "dist"), emptyOutDir: true, chunkSizeWarningLimit: 10000 }, worker: { format: "es" } });
  return root;
}

/** A set of at least `target` cards: the bundled chromatic set's cards, copied with renamed cards. */
async function largeSet(workspace: string, target: number): Promise<{ file: string; cards: number }> {
  const source = await readFile(path.join(workspace, "chromatic", "core.cards"), "utf8");
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
  await writeFile(path.join(workspace, "chromatic", "bench-large.cards"), out.join("\n"));
  return { file: "chromatic/bench-large.cards", cards: count };
}

export async function runStudioBench(options: { runs?: number; cards?: number } = {}): Promise<StudioBenchResult> {
  const runs = options.runs ?? 5;
  const build = await ensureStudioBuilt({ force: true });
  const bundle = await bundleFigures();
  let large = { file: "", cards: 0 };
  const harness = await startHarness(async (workspace) => {
    large = await largeSet(workspace, options.cards ?? 2000);
  });
  const bareRoot = await buildBareMonaco();
  const bare = await startStudioServer({ workspace: harness.workspace, distDir: path.join(bareRoot, "dist"), port: 0 });
  try {
    const readyMark = () => performance.getEntriesByName("cardwright:editor-ready")[0]?.startTime ?? -1;
    const studioLoads: number[] = [];
    const bareLoads: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await harness.newPage();
      await page.waitForFunction(() => performance.getEntriesByName("cardwright:editor-ready").length > 0);
      studioLoads.push(await page.evaluate(readyMark));
      await page.context().close();
      const context = await harness.browser.newContext({ viewport: { width: 1400, height: 860 } });
      const barePage = await context.newPage();
      await barePage.goto(bare.url);
      await barePage.waitForFunction(() => performance.getEntriesByName("cardwright:editor-ready").length > 0);
      bareLoads.push(await barePage.evaluate(readyMark));
      await context.close();
    }

    const page = await harness.newPage("?autosaveMs=600000");
    await page.locator(`[data-path="${large.file}"]`).click();
    type Timings = { store: { timings: { lastEditAt: number; lastResultAt: number }; checkMilliseconds?: number; files: Map<string, unknown>; checker: { lastPhases?: { analyzeMs: number; engineMs: number } } } };
    await page.waitForFunction((f) => {
      const s = (window as unknown as { cardwright: Timings }).cardwright.store;
      return s.checkMilliseconds !== undefined && s.files.has(f);
    }, large.file, { timeout: 120_000 });
    /** Types `text` at a position and waits for the check that follows: latency (edit → markers) and the worker's own time. */
    const keystroke = async (position: { lineNumber: number; column: number }, text: string) => {
      const before = await page.evaluate(() => (window as unknown as { cardwright: Timings }).cardwright.store.timings.lastResultAt);
      await page.evaluate((p) => {
        const editor = (window as unknown as { cardwright: { editor: { setPosition(p: object): void; focus(): void } } }).cardwright.editor;
        editor.setPosition(p);
        editor.focus();
      }, position);
      await page.keyboard.type(text);
      await page.waitForFunction((b) => (window as unknown as { cardwright: Timings }).cardwright.store.timings.lastResultAt > b, before, { timeout: 120_000 });
      return page.evaluate(() => {
        const s = (window as unknown as { cardwright: Timings }).cardwright.store;
        return { latency: s.timings.lastResultAt - s.timings.lastEditAt, worker: s.checkMilliseconds ?? 0, analyze: s.checker.lastPhases?.analyzeMs ?? 0, engine: s.checker.lastPhases?.engineMs ?? 0 };
      });
    };
    // The middle card's name line: a keystroke inside a card (the usual edit), beside one in the set header.
    const middleCardLine = () => page.evaluate(() => {
      const editor = (window as unknown as { cardwright: { editor: { getModel(): { getLinesContent(): string[] } } } }).cardwright.editor;
      const lines = editor.getModel().getLinesContent();
      const cardLines = lines.flatMap((line, i) => (line.startsWith('card "') ? [i + 1] : []));
      return cardLines[Math.floor(cardLines.length / 2)]!;
    });
    const latencies: number[] = [];
    const workerTimes: number[] = [];
    const cardLatencies: number[] = [];
    const cardWorkerTimes: number[] = [];
    const cardAnalyzeTimes: number[] = [];
    const cardEngineTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const header = await keystroke({ lineNumber: 2, column: 1 }, i % 2 === 0 ? "#" : "\n");
      latencies.push(header.latency);
      workerTimes.push(header.worker);
      // After `card "`: the name gains a letter (it stays unique), so the card is re-parsed and re-checked.
      const inCard = await keystroke({ lineNumber: await middleCardLine(), column: 7 }, "x");
      cardLatencies.push(inCard.latency);
      cardWorkerTimes.push(inCard.worker);
      cardAnalyzeTimes.push(inCard.analyze);
      cardEngineTimes.push(inCard.engine);
    }
    const loadToEditableMs = median(studioLoads);
    const bareMonacoLoadToEditableMs = median(bareLoads);
    return {
      buildSeconds: build.milliseconds / 1000,
      bundle,
      totalBytes: bundle.reduce((n, b) => n + b.bytes, 0),
      totalGzipBytes: bundle.reduce((n, b) => n + b.gzipBytes, 0),
      loadToEditableMs,
      bareMonacoLoadToEditableMs,
      loadRatio: loadToEditableMs / bareMonacoLoadToEditableMs,
      largeFileCards: large.cards,
      recheckAfterKeystrokeMs: median(latencies),
      workerCheckMs: median(workerTimes),
      recheckInCardMs: median(cardLatencies),
      workerCheckInCardMs: median(cardWorkerTimes),
      workerAnalyzeInCardMs: median(cardAnalyzeTimes),
      workerEngineWarningsInCardMs: median(cardEngineTimes),
    };
  } finally {
    await bare.close();
    await harness.close();
    await rm(bareRoot, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const result = await runStudioBench({ runs: arg("--runs") ?? 5, cards: arg("--cards") ?? 2000 });
  console.log(`studio build: ${result.buildSeconds.toFixed(1)} s`);
  for (const b of result.bundle) console.log(`  ${b.file.padEnd(40)} ${kb(b.bytes).padStart(9)}  gzip ${kb(b.gzipBytes).padStart(8)}`);
  console.log(`  ${"total".padEnd(40)} ${kb(result.totalBytes).padStart(9)}  gzip ${kb(result.totalGzipBytes).padStart(8)}`);
  console.log(`load → editable editor: ${result.loadToEditableMs.toFixed(0)} ms (bare Monaco page: ${result.bareMonacoLoadToEditableMs.toFixed(0)} ms, ratio ${result.loadRatio.toFixed(2)})`);
  console.log(`re-check after one keystroke in a ${result.largeFileCards}-card file: ${result.recheckAfterKeystrokeMs.toFixed(0)} ms (worker check ${result.workerCheckMs.toFixed(0)} ms, debounce included) in the set header; ${result.recheckInCardMs.toFixed(0)} ms (worker ${result.workerCheckInCardMs.toFixed(0)} ms: analysis ${result.workerAnalyzeInCardMs.toFixed(0)} ms, engine warnings ${result.workerEngineWarningsInCardMs.toFixed(0)} ms) inside the middle card`);
}
