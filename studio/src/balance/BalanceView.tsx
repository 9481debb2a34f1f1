/**
 * The Balance view: `cardwright balance` in the studio. The designer picks a game, its deck files,
 * a bot, the number of games and a seed; a worker (./balance.worker.ts) plays the run and the
 * charts (the report's own, balance/charts.ts, drawn by ECharts) fill as the games come in. Each
 * card row opens the card's text in the editor and shows its face; each game opens on the table,
 * replayed step by step. On request the run adds restricted play (each card's impact); the search
 * bot thinks for a number of playouts or milliseconds; the finished report downloads as the same
 * files the command writes (HTML, JSON, the CSVs in a zip). A file of recorded games — the games.json
 * of `cardwright balance` or a results file of the bot-strength bench — opens too: each of its games
 * goes on the table the same way (balance/recorded.ts).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { TableSession } from "../table/session.ts";
import { deckCardNames, deckCards, gameFolders, gameOfDeckPath, parseDeck } from "../../../compiler/decklist.ts";
import { buildReport, type BalanceReport, type Rate } from "../../../balance/stats.ts";
import { cardChart, firstPlayerChart, lengthChart, ludiiChart, matchupChart, matrixChart, restrictedChart, type ChartSpec } from "../../../balance/charts.ts";
import type { GameRecord } from "../../../balance/play.ts";
import type { DeckSpec } from "../../../balance/plan.ts";
import { readRecordedGames, type RecordedGames } from "../../../balance/recorded.ts";
import type { BotKind } from "../../../runtime/bots/bot.ts";
import { echarts } from "../../../balance/echarts.ts";
import type { BalanceRequest, BalanceResponse } from "./protocol.ts";
import BalanceWorker from "./balance.worker.ts?worker";
import "./balance.css";

const CardFace = lazy(() => import("../components/CardFace.tsx").then((m) => ({ default: m.CardFace })));

type RevealSource = (file: string, offset: number, end?: number) => void;

const BOTS: readonly BotKind[] = ["random", "greedy", "mcts"];
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const rate = (r: Rate) => (r.n ? `${pct(r.value)} (${pct(r.low)}–${pct(r.high)})` : "—");
const num = (v: number | null, digits: number) => (v === null ? "—" : v.toFixed(digits));
const points = (v: number) => (v * 100).toFixed(1);

type Budget = "playouts" | "milliseconds";
type Download = "html" | "json" | "csv";

/** Offers a file to the browser as a download. */
function saveFile(name: string, data: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** One ECharts chart, drawn as SVG into the page and redrawn when its options change. */
function Chart({ chart }: { chart: ChartSpec }) {
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<ReturnType<typeof echarts.init> | undefined>(undefined);
  useEffect(() => {
    instance.current = echarts.init(element.current!, null, { renderer: "svg", width: chart.width, height: chart.height });
    return () => instance.current?.dispose();
  }, [chart.width]);
  useEffect(() => {
    instance.current?.resize({ width: chart.width, height: chart.height });
    instance.current?.setOption(chart.option, true);
  }, [chart]);
  return (
    <figure className="balance-chart" data-chart={chart.id}>
      <figcaption>{chart.title}</figcaption>
      <div ref={element} style={{ width: chart.width, height: chart.height }} />
    </figure>
  );
}

interface Run {
  decks: DeckSpec[];
  /** The run's own settings, fixed when it starts. */
  settings: BalanceRequest["run"];
  gameId: string;
  total: number;
  game?: { id: string; name: string };
  cardNames: Record<string, string>;
  records: GameRecord[];
  state: "running" | "done" | "stopped" | "failed";
  message?: string;
  started: number;
}

export function BalanceView({ store, onReveal, onOpenGame }: { store: WorkspaceStore; onReveal: RevealSource; onOpenGame: (session: TableSession) => void }) {
  const games = store.model?.games ?? [];
  const [chosenGame, setChosenGame] = useState<string | undefined>(undefined);
  const gameId = chosenGame ?? store.gameFor(store.activePath)?.id ?? games[0]?.id ?? "";
  const folders = useMemo(() => (store.model ? gameFolders(store.model) : new Map<string, string>()), [store.model]);
  const deckFiles = [...store.files.values()]
    .filter((f) => f.kind === "deck" && gameOfDeckPath(f.path, folders)?.toLowerCase() === gameId.toLowerCase())
    .map((f) => ({ path: f.path, parsed: parseDeck(f.model.getValue(), f.path, store.model ? deckCardNames(store.model, gameId) : []) }));
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [bot, setBot] = useState<BotKind>("greedy");
  const [gamesPerMatchup, setGamesPerMatchup] = useState(20);
  const [seed, setSeed] = useState(1);
  const [playouts, setPlayouts] = useState(50);
  const [budget, setBudget] = useState<Budget>("playouts");
  const [thinkMs, setThinkMs] = useState(100);
  const [restrictedGames, setRestrictedGames] = useState(0);
  const [run, setRun] = useState<Run | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [selectedCard, setSelectedCard] = useState<string | undefined>(undefined);
  const [recorded, setRecorded] = useState<(RecordedGames & { file: string }) | undefined>(undefined);
  const worker = useRef<Worker | undefined>(undefined);
  useEffect(() => () => worker.current?.terminate(), []);

  const chosenDecks = deckFiles.filter((d) => !unticked.has(d.path));
  const start = () => {
    setProblem(undefined);
    const bad = chosenDecks.flatMap((d) => d.parsed.diagnostics.filter((x) => x.severity === "error").map((x) => `${x.file}:${x.range.start.line}:${x.range.start.column}: ${x.message}`));
    if (chosenDecks.length === 0) return setProblem("Tick at least one deck (a deck file in the game's folder).");
    if (bad.length) return setProblem(`Fix the decks first:\n${bad.join("\n")}`);
    worker.current?.terminate();
    const decks = chosenDecks.map((d) => ({ name: d.path.split("/").pop()!.replace(/\.deck$/, ""), cards: deckCards(d.parsed.entries) }));
    const request: BalanceRequest = {
      files: store.sourceFiles(),
      gameId,
      run: { decks, bots: { p1: bot, p2: bot }, botSettings: bot !== "mcts" ? {} : budget === "playouts" ? { playouts } : { milliseconds: thinkMs }, games: gamesPerMatchup, seed, restrictedGames, maxTurns: 200, maxActions: 20000 },
    };
    const w = new BalanceWorker({ name: "cardwright-balance" });
    worker.current = w;
    setRun({ decks, settings: request.run, gameId, total: 0, cardNames: {}, records: [], state: "running", started: performance.now() });
    w.onmessage = (event: MessageEvent<BalanceResponse>) => {
      const message = event.data;
      setRun((old) => {
        if (!old || worker.current !== w) return old;
        if (message.type === "started") return { ...old, game: message.game, cardNames: message.cardNames, total: message.total };
        if (message.type === "records") return { ...old, records: [...old.records, ...message.records] };
        if (message.type === "done") return { ...old, state: "done" };
        return { ...old, state: "failed", message: message.message };
      });
      if (message.type === "done" || message.type === "error") w.terminate();
    };
    w.onerror = (event) => setRun((old) => old && { ...old, state: "failed", message: event.message });
    w.postMessage(request);
  };
  const stop = () => {
    worker.current?.terminate();
    worker.current = undefined;
    setRun((old) => old && old.state === "running" ? { ...old, state: "stopped" } : old);
  };

  const report: BalanceReport | undefined = useMemo(() => {
    if (!run?.game || run.records.length === 0) return undefined;
    return buildReport({ ...run.settings, game: run.game, cardNames: run.cardNames }, run.records);
  }, [run?.records, run?.game, run?.settings, run?.cardNames]);
  const charts = useMemo(() => (report ? [matrixChart(report), matchupChart(report), firstPlayerChart(report), lengthChart(report), ludiiChart(report), cardChart(report), restrictedChart(report)].filter((c) => c !== undefined) : []), [report]);

  const download = async (format: Download) => {
    if (!report) return;
    const files = await import("../../../balance/files.ts");
    const base = `${report.game.id}-balance`;
    if (format === "html") saveFile(`${base}.html`, files.reportHtml(report), "text/html");
    else if (format === "json") saveFile(`${base}.json`, files.reportJson(report), "application/json");
    else {
      const [{ reportCsv }, { zipSync, strToU8 }] = await Promise.all([import("../../../balance/csv.ts"), import("fflate")]);
      const entries = Object.fromEntries(Object.entries(reportCsv(report)).map(([name, text]) => [name, strToU8(text)]));
      saveFile(`${base}-csv.zip`, zipSync(entries, { mtime: new Date(1980, 0, 1) }), "application/zip");
    }
  };

  const gameCards = (store.model?.sets ?? []).filter((s) => s.game.toLowerCase() === (run?.gameId ?? gameId).toLowerCase()).flatMap((s) => s.cards);
  const cardModel = (name: string | undefined) => (name ? gameCards.find((c) => c.name === name) : undefined);
  const selected = cardModel(selectedCard);
  const gameModel = games.find((g) => g.id.toLowerCase() === (run?.gameId ?? gameId).toLowerCase());

  /** Puts a recorded game on the table: a new game from its seed and decks, its choices replayed through the engine. */
  const replayOnTable = async (game: string, decks: readonly DeckSpec[], record: Pick<GameRecord, "seed" | "seats" | "moves">, title: string) => {
    try {
      const { TableSession } = await import("../table/session.ts");
      const engine = await TableSession.compile(store.sourceFiles(), game);
      const p1 = decks[record.seats.p1];
      const p2 = decks[record.seats.p2];
      if (!p1 || !p2) throw new Error("its seats name decks the file does not hold");
      const start = engine.newGame({ seed: record.seed, decks: { p1: p1.cards, p2: p2.cards } });
      const session = TableSession.from(engine, start.state, start.events, `${title}: ${p1.name} (p1) vs ${p2.name} (p2), seed ${record.seed}`);
      // Each recorded choice is the position of the action among the legal ones.
      for (const [n, index] of record.moves.entries()) {
        const action = session.legalActions()[index];
        const refused = action ? session.apply(action) : "not among the legal actions";
        if (refused) throw new Error(`choice ${n + 1} cannot be replayed (${refused}): the cards or the engine changed since the game was played`);
      }
      session.cursor = 0;
      onOpenGame(session);
    } catch (error) {
      setProblem(`This game cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const openGame = (record: GameRecord) => run && replayOnTable(run.gameId, run.decks, record, `Balance game ${record.task + 1}`);
  const openRecordedFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    try {
      const read = readRecordedGames(await file.text(), file.name);
      if (read.game && !games.some((g) => g.id.toLowerCase() === read.game!.toLowerCase())) throw new Error(`${file.name}: its games are of "${read.game}", which this workspace does not hold`);
      setRecorded({ ...read, file: file.name });
    } catch (error) {
      setRecorded(undefined);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const done = run?.records.length ?? 0;
  const elapsed = run ? (performance.now() - run.started) / 1000 : 0;
  return (
    <div className="balance-view" data-testid="balance">
      <div className="balance-bar">
        <label>
          Game{" "}
          <select aria-label="Game" value={gameId} onChange={(e) => setChosenGame(e.target.value)} disabled={run?.state === "running"}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>{g.name}</option>
            ))}
          </select>
        </label>
        <span className="balance-decks" data-testid="balance-decks">
          {deckFiles.length === 0 && <span className="muted">no deck files in this game's folder</span>}
          {deckFiles.map((d) => (
            <label key={d.path}>
              <input type="checkbox" checked={!unticked.has(d.path)} onChange={(e) => setUnticked((old) => { const next = new Set(old); if (e.target.checked) next.delete(d.path); else next.add(d.path); return next; })} /> {d.path.split("/").pop()}
            </label>
          ))}
        </span>
        <label>
          Bot{" "}
          <select aria-label="Bot" value={bot} onChange={(e) => setBot(e.target.value as BotKind)}>
            {BOTS.map((b) => <option key={b} value={b}>{b}</option>)}
          </select>
        </label>
        {bot === "mcts" && (
          <label>
            Think{" "}
            <select aria-label="Budget" value={budget} onChange={(e) => setBudget(e.target.value as Budget)}>
              <option value="playouts">playouts</option>
              <option value="milliseconds">ms per decision</option>
            </select>{" "}
            {budget === "playouts" ? (
              <input aria-label="Playouts" type="number" min={1} value={playouts} onChange={(e) => setPlayouts(Math.max(1, Number(e.target.value) || 1))} style={{ width: 60 }} />
            ) : (
              <input aria-label="Milliseconds per decision" title="Not deterministic: a busier machine searches less" type="number" min={1} value={thinkMs} onChange={(e) => setThinkMs(Math.max(1, Number(e.target.value) || 1))} style={{ width: 60 }} />
            )}
          </label>
        )}
        <label>
          Games per matchup <input aria-label="Games per matchup" type="number" min={1} value={gamesPerMatchup} onChange={(e) => setGamesPerMatchup(Math.max(1, Number(e.target.value) || 1))} style={{ width: 60 }} />
        </label>
        <label title="For every card, this many games per matchup in which its deck's bot may not play it (0: off)">
          Restricted games per card <input aria-label="Restricted games per card" type="number" min={0} value={restrictedGames} onChange={(e) => setRestrictedGames(Math.max(0, Number(e.target.value) || 0))} style={{ width: 50 }} />
        </label>
        <label>
          Seed <input aria-label="Seed" type="number" value={seed} onChange={(e) => setSeed(Number(e.target.value) | 0)} style={{ width: 60 }} />
        </label>
        {run?.state === "running" ? <button type="button" onClick={stop}>Stop</button> : <button type="button" onClick={start}>Run</button>}
        {run && (
          <span className="muted" data-testid="balance-progress" data-state={run.state}>
            {done}/{run.total || "…"} games{elapsed > 0 && done > 0 ? ` · ${(done / elapsed).toFixed(1)} games/s` : ""} · {run.state}
            {run.message ? `: ${run.message}` : ""}
          </span>
        )}
        <label title="A games.json written by cardwright balance, or a results file of the bot-strength bench (bench/bots.ts --out)">
          Open recorded games <input aria-label="Open recorded games" type="file" accept=".json,application/json" onChange={(e) => void openRecordedFile(e.target.files?.[0])} />
        </label>
      </div>
      {problem && <pre className="notice" role="alert">{problem}</pre>}
      {recorded && (
        <table className="balance-games" data-testid="balance-recorded">
          <caption>{recorded.file}: {recorded.games.length} recorded games{recorded.game ? ` of ${recorded.game}` : ""}</caption>
          <thead>
            <tr><th>game</th><th>result</th><th>turns</th><th></th></tr>
          </thead>
          <tbody>
            {recorded.games.map((g, i) => (
              <tr key={i}>
                <td>{g.label}</td>
                <td>{g.outcome}</td>
                <td>{g.turns}</td>
                <td><button type="button" onClick={() => void replayOnTable(recorded.game ?? gameId, recorded.decks, g, g.label)}>Open on the table</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!report && !run && <p className="muted">Bots play every pair of the ticked decks (a single deck plays itself); the charts fill as the games come in. The same run from the command line: <code>cardwright balance</code> (docs/balance.md explains every figure).</p>}
      {report && (
        <div className="balance-report">
          <p data-testid="balance-summary">
            {report.totals.games} games: {report.totals.decided} won, {report.totals.draws} drawn, {report.totals.unfinished} stopped · first player wins {rate(report.firstPlayer)} · {report.length.turns.mean.toFixed(1)} turns on average · Ludii balance {report.ludii.balance.toFixed(3)}, decisiveness {report.ludii.decisiveness === null ? "—" : report.ludii.decisiveness.toFixed(3)}
          </p>
          {run?.state === "done" && (
            <p className="balance-downloads" data-testid="balance-downloads">
              Download the report:{" "}
              <button type="button" onClick={() => void download("html")}>HTML</button>{" "}
              <button type="button" onClick={() => void download("json")}>JSON</button>{" "}
              <button type="button" onClick={() => void download("csv")}>CSV (zip)</button>
            </p>
          )}
          <div className="balance-charts">
            {charts.map((c) => <Chart key={c.id} chart={c} />)}
          </div>
          <table data-testid="balance-ludii">
            <caption>Ludii metrics of the game (docs/balance.md)</caption>
            <thead>
              <tr><th>balance</th><th>drawishness</th><th>decisiveness</th><th>duration (turns)</th><th>duration (actions)</th><th>timeouts</th></tr>
            </thead>
            <tbody>
              <tr>
                <td>{num(report.ludii.balance, 3)}</td>
                <td>{num(report.ludii.drawishness, 3)}</td>
                <td>{num(report.ludii.decisiveness, 3)}</td>
                <td>{num(report.ludii.durationTurns, 1)}</td>
                <td>{num(report.ludii.durationActions, 1)}</td>
                <td>{num(report.ludii.timeouts, 3)}</td>
              </tr>
            </tbody>
          </table>
          {report.restricted && (
            <table data-testid="balance-restricted">
              <caption>Restricted play: each card's impact on its deck's win rate (points, 95% interval)</caption>
              <thead>
                <tr><th>card</th><th>deck</th><th>games</th><th>win rate</th><th>without playing it</th><th>impact</th></tr>
              </thead>
              <tbody>
                {report.restricted.map((r) => (
                  <tr key={`${r.deck}/${r.card}`}>
                    <td>{r.name}</td>
                    <td>{r.deck}</td>
                    <td>{r.games}</td>
                    <td>{rate(r.baseline)}</td>
                    <td>{rate(r.restricted)}</td>
                    <td>{points(r.impact.value)} ({points(r.impact.low)} to {points(r.impact.high)})</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="balance-cards">
            <table data-testid="balance-card-table">
              <thead>
                <tr><th>card</th><th>drawn</th><th>played</th><th>win when drawn</th><th>win when played</th><th>win when not seen</th><th>avg turn</th></tr>
              </thead>
              <tbody>
                {report.cards.map((c) => {
                  const model = cardModel(c.name);
                  return (
                    <tr key={c.card} className={selectedCard === c.name ? "selected" : ""} onMouseEnter={() => setSelectedCard(c.name)}>
                      <td>
                        <button type="button" className="link" title="Open the card's text" onClick={() => model && onReveal(model.file, model.range.start.offset)}>{c.name}</button>
                      </td>
                      <td>{pct(c.drawn.value)}</td>
                      <td>{pct(c.played.value)}</td>
                      <td>{rate(c.winWhenDrawn)}</td>
                      <td>{rate(c.winWhenPlayed)}</td>
                      <td>{rate(c.winWhenNotSeen)}</td>
                      <td>{c.averageTurnPlayed === null ? "—" : c.averageTurnPlayed.toFixed(1)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="balance-face" data-testid="balance-face">
              {selected && (
                <Suspense fallback={null}>
                  <CardFace card={selected} game={gameModel} width={220} />
                </Suspense>
              )}
            </div>
          </div>
          <table className="balance-games" data-testid="balance-games">
            <thead>
              <tr><th>#</th><th>p1</th><th>p2</th><th>first</th><th>result</th><th>turns</th><th></th></tr>
            </thead>
            <tbody>
              {run!.records.map((r) => (
                <tr key={r.task}>
                  <td>{r.task + 1}</td>
                  <td>{run!.decks[r.seats.p1]!.name}</td>
                  <td>{run!.decks[r.seats.p2]!.name}</td>
                  <td>{r.first}</td>
                  <td>{r.outcome}{r.restricted ? ` (${r.restricted.player} without ${run!.cardNames[r.restricted.card] ?? r.restricted.card})` : ""}</td>
                  <td>{r.turns}</td>
                  <td><button type="button" onClick={() => void openGame(r)}>Open on the table</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
