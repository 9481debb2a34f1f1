/**
 * `npm run mutation -- <runtime modules...>`: how many deliberate faults in runtime/ the scenario suite
 * catches. Runs StrykerJS (mutation/stryker.config.mjs: the vitest runner over
 * mutation/scenarios.mutation.ts, every scenario of the three games) one module at a time — the
 * whole of runtime/ at once takes many hours on a 2-core machine — records each module's counts in
 * docs/mutation-scores.json and rewrites docs/mutation.md from it. Not part of CI.
 *
 *   npm run mutation -- runtime/mechanics/unique.ts runtime/mechanics/bleed.ts
 *   npm run mutation -- --all          every runtime module, one after the other (hours)
 *   npm run mutation -- --report       only rewrite docs/mutation.md from docs/mutation-scores.json
 *   npm run mutation -- --import <modules...>   record runs made apart (reports/mutation/<module>.json, .commit, .minutes)
 */
import { spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { suiteJson } from "../mutation/scenario-suite.ts";

const root = path.resolve(import.meta.dirname, "..");
const scoresFile = path.join(root, "docs", "mutation-scores.json");
const page = path.join(root, "docs", "mutation.md");

/** One module's result, as Stryker's JSON report counts it. */
export interface ModuleScore {
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Module-level code only (registrations): left out by `ignoreStatic`, not in the score. */
  ignored: number;
  errors: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), in %. */
  score: number;
  commit: string;
  date: string;
  minutes: number;
  /** What the survivors are, read by hand from the report (dropped when the module is measured again). */
  survivors?: string;
}

type Scores = Record<string, ModuleScore>;

interface StrykerReport {
  files: Record<string, { mutants: { status: string }[] }>;
}

/** The counts of one module's mutants in a Stryker JSON report. */
export function scoreOf(report: StrykerReport, module: string): Omit<ModuleScore, "commit" | "date" | "minutes"> {
  const mutants = Object.entries(report.files)
    .filter(([file]) => file.split(path.sep).join("/").endsWith(module))
    .flatMap(([, f]) => f.mutants);
  const count = (status: string) => mutants.filter((m) => m.status === status).length;
  const killed = count("Killed");
  const timeout = count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return {
    mutants: mutants.length,
    killed,
    timeout,
    survived,
    noCoverage,
    ignored: count("Ignored"),
    errors: count("CompileError") + count("RuntimeError"),
    score: valid ? Math.round((detected / valid) * 1000) / 10 : 100,
  };
}

function runtimeModules(): string[] {
  return (readdirSync(path.join(root, "runtime"), { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `runtime/${f.split(path.sep).join("/")}`)
    .sort();
}

function readScores(): Scores {
  return existsSync(scoresFile) ? (JSON.parse(readFileSync(scoresFile, "utf8")) as Scores) : {};
}

/** docs/mutation.md: the command, what the score means, one row per module measured, the ones not yet measured. */
export const NOT_MEASURED = "Not measured yet";

/** The page; `asOf` says when the not-measured list was made from runtime/'s modules (a module added later is simply not on it). */
export function renderPage(scores: Scores, modules: string[], asOf: string): string {
  const measured = modules.filter((m) => scores[m]);
  const total = measured.reduce(
    (t, m) => {
      const s = scores[m]!;
      return { detected: t.detected + s.killed + s.timeout, valid: t.valid + s.killed + s.timeout + s.survived + s.noCoverage, mutants: t.mutants + s.mutants };
    },
    { detected: 0, valid: 0, mutants: 0 },
  );
  const pct = (n: number) => `${n.toFixed(1)}%`;
  const lines = [
    "# Mutation score of runtime/ against the scenario suite",
    "",
    "How many deliberate faults in the engine the scenarios catch: StrykerJS (`@stryker-mutator/core` and",
    "`@stryker-mutator/vitest-runner` 9.6.1) changes one operator, condition, literal or block of a runtime",
    "module at a time and runs the scenarios that execute it (mutation/scenarios.mutation.ts: every scenario",
    "of `cards/*/`, through the same checker and runner as `cardwright test`). A mutant is *killed* when a",
    "scenario fails on it; one that *survives* is a fault no scenario would notice.",
    "",
    "```sh",
    "npm run mutation -- runtime/mechanics/unique.ts   # one module (minutes to an hour on this machine)",
    "npm run mutation -- --all                         # every module, one after the other (many hours)",
    "npm run mutation -- --report                      # rewrite this page from docs/mutation-scores.json",
    "```",
    "",
    "Score = (killed + timed out) / (killed + timed out + survived + not covered by any scenario). Mutants of",
    "module-level code (registrations that run for every scenario) are left out (`ignoreStatic`). Not part",
    "of CI. Figures from a shared 2-core machine: the minutes are wall-clock under load, not a benchmark.",
    "",
    measured.length
      ? `**${measured.length} module${measured.length === 1 ? "" : "s"} measured: ${total.mutants} mutants, score ${pct(total.valid ? (100 * total.detected) / total.valid : 100)} over those modules.**`
      : "**No module measured yet.**",
    "",
    "| module | mutants | killed | timed out | survived | no coverage | ignored | score | measured at | minutes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    ...measured.map((m) => {
      const s = scores[m]!;
      return `| \`${m}\` | ${s.mutants} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${pct(s.score)} | ${s.commit} ${s.date} | ${s.minutes} |`;
    }),
    "",
    ...(measured.some((m) => scores[m]!.survivors) ? ["## What survives", "", ...measured.filter((m) => scores[m]!.survivors).map((m) => `- \`${m}\`: ${scores[m]!.survivors}`), ""] : []),
    `${NOT_MEASURED} (runtime/ as of ${asOf}: ${modules.filter((m) => !scores[m]).length} of ${modules.length} modules): ${modules.filter((m) => !scores[m]).map((m) => `\`${m}\``).join(", ") || "none"}.`,
    "",
  ];
  return lines.join("\n");
}

const reportOf = (module: string) => path.join(root, "reports", "mutation", `${module.replace(/[/\\]/g, "_")}.json`);

function measure(module: string): ModuleScore | undefined {
  const report = reportOf(module);
  mkdirSync(path.dirname(report), { recursive: true });
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const started = Date.now();
  // The compiler's output, once per run: no runtime mutant can change it (mutation/scenario-suite.ts).
  const suite = path.join(mkdtempSync(path.join(tmpdir(), "cw-mutation-")), "suite.json");
  writeFileSync(suite, suiteJson());
  const run = spawnSync("npx", ["stryker", "run", "mutation/stryker.config.mjs"], { cwd: root, stdio: "inherit", env: { ...process.env, MUTATE: module, MUTATION_REPORT: report, MUTATION_SUITE: suite } });
  rmSync(path.dirname(suite), { recursive: true, force: true });
  if (run.status !== 0 || !existsSync(report)) {
    console.error(`mutation: Stryker failed on ${module} (exit ${run.status})`);
    return undefined;
  }
  return { ...scoreOf(JSON.parse(readFileSync(report, "utf8")) as StrykerReport, module), commit, date: new Date().toISOString().slice(0, 10), minutes: Math.round((Date.now() - started) / 60000) };
}

/** A run made apart (the same command in the background): its report, and the commit and minutes written beside it. */
function imported(module: string): ModuleScore | undefined {
  const report = reportOf(module);
  if (!existsSync(report)) {
    console.error(`mutation: no report for ${module} at ${path.relative(root, report)}`);
    return undefined;
  }
  const side = (ext: string) => (existsSync(report.replace(/\.json$/, ext)) ? readFileSync(report.replace(/\.json$/, ext), "utf8").trim() : "");
  return { ...scoreOf(JSON.parse(readFileSync(report, "utf8")) as StrykerReport, module), commit: side(".commit") || "?", date: side(".date") || new Date().toISOString().slice(0, 10), minutes: Number(side(".minutes") || 0) };
}

if (process.argv[1]?.endsWith("scripts/mutation.ts")) {
  const args = process.argv.slice(2);
  const modules = runtimeModules();
  const wanted = args.includes("--all") ? modules : args.filter((a) => !a.startsWith("--"));
  const unknown = wanted.filter((m) => !modules.includes(m));
  if (unknown.length) {
    console.error(`mutation: not a runtime module: ${unknown.join(", ")}`);
    process.exit(2);
  }
  let scores = readScores();
  for (const module of wanted) {
    const score = args.includes("--import") ? imported(module) : measure(module);
    if (!score) continue;
    // Read again: a run takes long, and the file may have been edited meanwhile (another module's note).
    scores = readScores();
    scores[module] = score;
    writeFileSync(scoresFile, JSON.stringify(Object.fromEntries(Object.entries(scores).sort()), null, 1) + "\n");
    console.log(`mutation: ${module}: ${score.score}% (${score.killed + score.timeout}/${score.killed + score.timeout + score.survived + score.noCoverage})`);
  }
  writeFileSync(page, renderPage(scores, modules, `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`));
}
