/**
 * `npm run mutation -- <runtime modules...>`: how many deliberate faults in runtime/ the scenario suite
 * catches. Runs StrykerJS (mutation/stryker.config.mjs: mutation/scenario-runner.mjs over
 * mutation/suite-tests.ts, every scenario of the three games and the test games) a batch of modules at a time — the
 * whole of runtime/ at once takes many hours on a 2-core machine — records each module's counts in
 * docs/mutation-scores.json and rewrites docs/mutation.md from it. Not part of CI.
 *
 *   npm run mutation -- runtime/mechanics/unique.ts runtime/mechanics/bleed.ts
 *   npm run mutation -- --all          every runtime module, one after the other (hours)
 *   npm run mutation -- --report       only rewrite docs/mutation.md from docs/mutation-scores.json
 *   npm run mutation -- --import <modules...>   record runs made apart (reports/mutation/<module>.json, .commit, .minutes)
 *   npm run mutation -- --prepare      only compile the suite (kept in reports/mutation/ under a hash of what it is made
 *                                      from): a run whose compiler, grammar and games are unchanged re-uses it
 *   npm run mutation -- runtime/engine/actions.ts:1-400   only these lines' mutants, kept in the incremental file and
 *                                      not recorded: a module too big for one run is filled in range by range, then
 *                                      `npm run mutation -- runtime/engine/actions.ts` scores it, re-using those results
 */
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error a plain JS Stryker plugin (no types): only its reason text is read here
import { MESSAGE_TEXT } from "../mutation/message-text-ignorer.mjs";

const root = path.resolve(import.meta.dirname, "..");
/**
 * How the reason of an equivalent mutant starts (the `equivalent` column): mutation/equivalent-ignorer.mjs's kinds
 * (STEP_DONE) and a single mutant marked in the code, `// Stryker disable next-line <Mutator>: equivalent — why`.
 */
const EQUIVALENT = "equivalent";
const scoresFile = path.join(root, "docs", "mutation-scores.json");
const page = path.join(root, "docs", "mutation.md");

/** One module's result, as Stryker's JSON report counts it. */
export interface ModuleScore {
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Left out of the score: module-level code (registrations, `ignoreStatic`) and message text (`messageText` of them). */
  ignored: number;
  /** Of the ignored: mutants in the wording of a message (mutation/message-text-ignorer.mjs). */
  messageText?: number;
  /** Of the ignored: equivalent mutants, each kind with its reason (mutation/equivalent-ignorer.mjs). */
  equivalent?: number;
  errors: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), in %. */
  score: number;
  commit: string;
  date: string;
  minutes: number;
  /**
   * The machine's 1-minute load average over the run, lowest–highest (sampled every 30 s): on this shared 2-core machine a
   * high load slows every scenario, and a mutant whose scenarios outrun Stryker's time limit counts as a timeout (detected).
   */
  load?: string;
  /** What the survivors are, read by hand from the report (dropped when the module is measured again). */
  survivors?: string;
}

type Scores = Record<string, ModuleScore>;

interface StrykerReport {
  files: Record<string, { mutants: { status: string; statusReason?: string }[] }>;
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
    messageText: mutants.filter((m) => m.status === "Ignored" && m.statusReason?.startsWith(MESSAGE_TEXT)).length,
    // The ignorer's kinds (mutation/equivalent-ignorer.mjs) and single mutants marked in the code (`// Stryker disable … : equivalent — why`).
    equivalent: mutants.filter((m) => m.status === "Ignored" && m.statusReason?.startsWith(EQUIVALENT)).length,
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

/** The throughput measured before and after the in-process runner (same module, same machine, back to back). */
const SPEED_FIGURES = [
  "Measured on `runtime/models/stack.ts` (310 mutants, the whole suite: 449 scenarios), one run after the other",
  "on this shared 2-core machine (load 14–22; not interleaved, so a rough ratio): Stryker's vitest runner",
  "7.3 mutants/min (96 mutants in 13.1 min, stopped at a 15-min cap; initial run 82 s); this runner with one",
  "engine per scenario 11.7/min (76 in 6.5 min); with one engine per game within a mutant's run 88/min (304",
  "in 3.5 min; initial run 49 s), the load being the highest of the three.",
].join("\n");

/** docs/mutation.md: the command, what the score means, one row per module measured, the ones not yet measured. */
export const NOT_MEASURED = "Not measured yet";

/**
 * Modules of runtime/ outside the scored set, and why: what judges them is not the scenario suite, and
 * their own judge cannot be run once per mutant here.
 */
export const OUT_OF_SCORED_SET: { prefix: string; why: string }[] = [
  {
    prefix: "runtime/bots/",
    why:
      "the bots (random, greedy, search) choose among the legal actions the engine lists; no scenario plays a bot. " +
      "Their judges are test/balance (legal moves, replay, a greedy bot beating random, the search bot taking a win) and " +
      "bench/bots.ts (win rates over many games, docs/balance.md). A bot mutant mostly makes legal but weaker moves, " +
      "which only many-game win rates notice, and those games per mutant (these 8 files hold about 750 lines) are far " +
      "beyond what this shared machine gives one engineer in a session. Not measured, and not in the figure below.",
  },
  {
    prefix: "runtime/boundary.ts",
    why:
      "the engine's border with untrusted input: `parseAction` refuses a malformed action or one naming a player or " +
      "card the state does not hold (`malformed_action`, `unknown_player`, `unknown_card`, `__proto__` as an id), and " +
      "`checkBundle` a bundle declaring a name every object has. A scenario cannot reach those branches: the runner " +
      "builds each action from names it has resolved against the state, and the bundle comes from the compiler, which " +
      "reports such names first (CW2080). Partly measured (session 8: 180 of its mutants, 33 killed, 84 survived, 20 " +
      "not covered, 43 ignored), every survivor and uncovered mutant was in those refusal branches or in `checkBundle`'s " +
      "walk — a score about hostile input, not rules. Their judges are test/hostile/engine-boundary.test.ts (each " +
      "refusal, `__proto__`/`constructor` ids, out-of-range numbers, reserved names in a bundle) and " +
      "test/hostile/fuzz.test.ts (random actions: never a throw, never an acceptance outside the legal actions). " +
      "Not in the figure below.",
  },
  {
    prefix: "runtime/simulate.ts",
    why:
      "`cardwright simulate`'s game loop and tallies (playGame, simulate, combineOutcomes: no scenario plays a simulated " +
      "game; their judges are test/runtime/engine.test.ts, cybervamp.test.ts, chromatic.test.ts and test/balance) and " +
      "`checkInvariants`, the judge the scenario runner itself applies after every action: a mutant that weakens it " +
      "passes on a correct engine, so no scenario can notice it (its judge is test/runtime/card-writes.test.ts, which " +
      "hands it broken states). Partly measured (sessions 12–13, 18-min runs stopped at their limit): 40 killed, 42 " +
      "survived, 886 not covered, and ~550 covered mutants not tested — each runs the whole suite, as every action line " +
      "calls checkInvariants (4 a minute on this machine: about 2.3 hours of the shared heavy slot). Its random deck " +
      "builders are still judged by the suite (the per-game test that the simulator's random decks pass the deck rules). " +
      "Not in the figure below.",
  },
];
const outOfScoredSet = (m: string) => OUT_OF_SCORED_SET.some((o) => m.startsWith(o.prefix));

/** The page; `asOf` says when the not-measured list was made from runtime/'s modules (a module added later is simply not on it). */
export function renderPage(scores: Scores, allModules: string[], asOf: string): string {
  const modules = allModules.filter((m) => !outOfScoredSet(m));
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
    "How many deliberate faults in the engine the scenarios catch: StrykerJS (`@stryker-mutator/core` 9.6.1)",
    "changes one operator, condition, literal or block of a runtime module at a time and runs the scenarios",
    "that execute it (mutation/suite-tests.ts: every scenario",
    "of `cards/*/` and of the test games in `test/fixtures/games/` — a bundled game with one parameter",
    "changed —, through the same checker and runner as `cardwright test`, one test each; and per game one test that",
    "the simulator's random decks of seeds 1–5 pass the game's deck rules, as `expect deck ok` judges a designer's deck —",
    "the deck builders are reached by no scenario: 88 of lands-decks.ts's 91 uncovered mutants at 6d4da27 are its Land",
    "Deck builder). A mutant is",
    "*killed* when a scenario fails on it; one that *survives* is a fault no scenario would notice.",
    "",
    "```sh",
    "npm run mutation -- runtime/mechanics/unique.ts runtime/mechanics/bleed.ts   # these modules, in one run",
    "npm run mutation -- --unmeasured            # every module not measured yet, in runs of ~400 lines",
    "npm run mutation -- --all [--force]         # every module (--force: re-test all, ignoring earlier results)",
    "npm run mutation -- --report                # rewrite this page from docs/mutation-scores.json",
    "npm run mutation -- runtime/core/operations.ts:1-120   # only these lines' mutants: kept in mutation/incremental.json, not scored",
    "npm run mutation -- --prepare               # only compile the suite; a later run re-uses it while its inputs are unchanged",
    "```",
    "",
    "Each run first compiles the suite (mutation/scenario-suite.ts: every game, test game and scenario), kept in",
    "reports/mutation/ under a hash of the files it is made from (`suiteKey`: compiler/, grammar/, cards/,",
    "test/fixtures/games/, the suite builder, package-lock.json). On a loaded machine compile it before waiting for a",
    "shared slot — `npm run mutation -- --prepare && bash /work/heavy.sh npm run mutation -- <modules>` — so the slot",
    "goes to Stryker: on 2026-12-03 at a load of 40 the compile alone outlasted a 20-minute slot, and the run left nothing.",
    "",
    "A run stops Stryker itself after `--minutes=N` (default 18, as heavy.sh ends a job at 20; `--minutes=0`: no limit) and keeps",
    "every mutant it had tested: mutation/progress-reporter.mjs writes each result as it comes, and the stopped run merges them into",
    "mutation/incremental.json (unscored), so running the same command again goes on where it stopped. Stopped from outside —",
    "SIGTERM (`kill -- -<pid of npm>`), SIGINT (Ctrl-C) or SIGHUP —, the command does the same: it stops Stryker (which runs in",
    "a process group of its own, out of the signal's reach), merges what it tested, starts no further run and ends.",
    "",
    "A module too big for one 20-minute run of this shared machine is filled in by line ranges, then scored whole with",
    "`npm run mutation -- <module>`, which re-uses every range's results (Stryker's incremental mode: a mutant is re-tested",
    "only when its code or the scenarios that reach it changed). Under a load of ~30 a run tests 5–15 mutants a minute",
    "after a 4-minute start (the initial run of all 770 scenarios with coverage; 1,471–1,485 tests on 2026-12-04: 38 s at a load of ~9, 13.6 minutes at a load of ~38 — Stryker's own limit on it is raised to 30 minutes): ranges of ~60 lines of a busy module.",
    "",
    "Score = (killed + timed out) / (killed + timed out + survived + not covered by any scenario). A mutant",
    "*times out* when its scenarios run longer than 1.5 × their time in the initial run + 10 s; most such",
    "mutants stop a game from settling, so settle's 20,000-step guard ends it as a draw and the scenario",
    "fails, only slowly. Not part of CI. Figures from a shared 2-core machine: the minutes are wall-clock",
    "under load, not a benchmark. The `load` column is the machine's 1-minute load average over the run (lowest–highest,",
    "sampled every 30 s; – for runs before it was recorded). A high load could inflate a score only through timeouts, which",
    "count as detected: the `timed out` column shows how many there are (session 10's runs at load 25–31: 1 of 404 in",
    "combat-damage.ts, 3 of 252 in lands-decks.ts) — too few to move a figure by more than about one point.",
    "",
    "**Speed.** The suite runs inside Stryker's worker process (testRunner `cardwright-scenarios`,",
    "mutation/scenario-runner.mjs): the instrumented engine is imported once, and a mutant is switched on",
    "by Stryker's global, so a mutant costs only its scenarios (Stryker's vitest runner started a fresh",
    "vitest worker per mutant and imported runtime/ and the compiler again, 2–5 s before the first",
    "scenario). Coverage analysis is per test (`coverageAnalysis: \"perTest\"`): each mutant runs only the",
    "scenarios that execute its code, those that killed most mutants so far first, and stops at the first",
    "that fails. Within one mutant's run the scenarios of a game share one engine, built with the mutant",
    "on from a fresh copy of the game's bundle, as `cardwright test` shares one per game (building an",
    "engine's rules and statechart is most of a scenario's time); the initial run builds one per scenario,",
    "so each scenario's coverage includes the building. Each scenario starts with the engine's",
    "module-level caches emptied (runtime/state/module-caches.ts; a test holds every module-level Map or",
    "Set of runtime/ to it), and every kill is confirmed by running the killing scenario again, on an engine",
    "of its own, with no mutant on — if it fails then too, the engine is imported afresh and the mutant",
    "run again there.",
    SPEED_FIGURES,
    "",
    "Several modules share one Stryker start-up. Incremental mode: `mutation/incremental.json` (checked in)",
    "keeps the last results, and a later run re-tests only mutants whose code changed or whose scenarios",
    "changed. Each test's name carries a hash of its scenario and of the compiled game it can reach",
    "(mutation/suite-tests.ts `compiledHashes`): the game's rules, the compiled cards it names and those they name",
    "in turn, and the vocabulary of all the game's cards (every key and value of their compiled form but names,",
    "text and positions — the engine decides some paths from the whole pool). A card added with forms the game",
    "already uses leaves other scenarios' results standing; a card a scenario uses compiled otherwise (any",
    "lowering change that reaches it), a new kind of anything, or changed rules makes it a new test. From",
    "b9dcf7e to cdea25c (four landings of session 9) 664 of 874 test names stayed (85 with a hash of the whole",
    "bundle); over session 8 (017e148 → cdea25c, new forms in every game) 85 either way. It does not",
    "see a change in another runtime module the mutated one calls: re-measure with `--force` before",
    "publishing a figure.",
    "",
    "**What no scenario reaches.** `npx tsx mutation/unreached.ts` lists the branches of runtime/ (all of it but the bots) that",
    "no scenario takes, in one run of the suite and without Stryker: it copies runtime/ into a scratch tree with every decision",
    "marked — each `if`, `? :` and loop condition records whether it was ever true and ever false; each right side of `&&`,",
    "`||`, `??`, each `case`, `catch` and function body that it ran — runs the suite there (the compiled suite `--prepare` kept,",
    "one engine per test as Stryker's initial run) and writes docs/mutation-unreached.md: per module, each outermost place never",
    "reached, with its line and code (a branch inside a function never called is counted under it). A mutant there is not",
    "covered, or survives for want of a scenario: the list is where to write scenarios, before spending a Stryker slot. Session",
    "41: 9,657 marks; 2,372 never reached at a9fb1014 (5 minutes at a load of ~10), 2,361 at 56670e51 (10 minutes at ~20),",
    "2,350 at 9f43dbed with the session's scenarios (9 minutes at ~22). Session 44: 10,016 marks, 2,300 never reached at",
    "d2373c87 (11 minutes for the suite, 14 in all, at a load of ~19).",
    "Session 40 marked 1,046 branches and refusals by hand and found 165 never reached, a list since lost.",
    "",
    "**Left out of the score (Stryker's *ignored*, in the `ignored` column), and why:**",
    "- module-level code (registrations that run once for every scenario; `ignoreStatic`): such a mutant",
    "  would need the whole suite, and a broken registration fails every scenario at once;",
    "- message text and the Flow view's data (`text` column, mutation/message-text-ignorer.mjs): the wording of a trace event",
    "  (`emit(ctx, kind, text, data)`'s text), of a refusal or deck-violation `message`, of a choice's",
    "  `prompt` (also as the prompt argument of the step interpreter's `askCards`, `askYesNo` and `askMode`, of chain.ts's",
    "  `askOrder` and of combat-damage.ts's `askDeclaration` — from 2026-12-05 15:40 UTC —, which each only",
    "  becomes the pending choice's `prompt`; a mode's label, which `choose mode \"...\"` reads, is counted;",
    "  from 2026-12-03 13:00 UTC: modules measured before count these as survivors), of a statechart state's",
    "  `description` (the studio's Flow view shows it; also as the description argument of runtime/core/flow.ts's",
    "  `priorityHolders` and `resolution`), of chain.ts's `chainEvent(ctx, kind, text, ...)` text (it only becomes",
    "  emit's text), and a statechart state's `meta` — the game-file line, phase and parameter the Flow view links",
    "  the state to (a `meta` property, a variable named `meta` or `...Meta`, the meta argument of those two",
    "  builders; test/runtime/statechart.test.ts checks them, which no scenario can; from 2026-12-03 19:10 UTC:",
    "  modules measured before count these as survivors; a state's transitions stay counted), of a scenario",
    "  failure (`fail(...)`'s texts), of an error thrown; and a text helper (from 2026-12-07 14:30 UTC: modules measured",
    "  before count these as survivors): a `const` or function declaration of the module whose every use is inside such",
    "  text, never reassigned, not exported, and writing nothing (no assignment, no call of emit, write…, push, set…,",
    "  ask…, run…) — combat-damage.ts's `cantWhy` (which keyword or card a 'can't attack' refusal names), the",
    "  phase named in a fight-style attack's refusal, the names of the creatures that must attack; a helper used once",
    "  elsewhere (a condition, an event's data) is counted whole. No scenario reads a",
    "  message (events are matched by kind and data, refusals by code), so these mutants would all survive",
    "  and say nothing about the rules. Only the text is left out: the emit call itself, the refusal",
    "  returned, its code and the conditions around it are all mutated and counted;",
    "- equivalent mutants (`equivalent` column, mutation/equivalent-ignorer.mjs), a kind only once every caller",
    "  has been read and shown unable to tell it from the original: `return \"done\"` → `return \"\"` in the step",
    "  interpreter (runtime/core/effects.ts `runStep`, `runKeywordAction`, `runNativeRule`), whose one reader,",
    "  `runTopFrame`, tells only `\"wait\"` from anything else. (combat's `resolveAttack` also returns \"done\", but",
    "  its caller tests `=== \"done\"`: that mutant is a real fault and stays counted.) The same `return \"done\"` →",
    "  `return \"\"` in a native rule written in place as the callback of `registerNativeRule(name, ...)` (stack.ts's",
    "  phase end, combat's steps, chain.ts's phase change; from 2026-12-04 15:00 UTC): a function without a name has",
    "  no caller but runNativeRule, through the registry, which returns its result to those same readers (a rule",
    "  registered by name, as chain.ts's `priorityStep`, stays counted). A module measured before",
    "  this kind was added (see its date) still counts these mutants as survivors. A single equivalent mutant is",
    "  marked where it is, with Stryker's comment and its reason, which starts with `equivalent`",
    "  (`// Stryker disable next-line ConditionalExpression: equivalent — ...`; `grep -rn \"Stryker disable\" runtime/`",
    "  lists them); such a comment ignores every mutant of that kind on its line, so it is used only on a line",
    "  where the others of that kind are equivalent too or said in the reason.",
    "",
    "**What judges what.** Every engine module is judged by the scenarios, through the same runner as `cardwright",
    "test`: every expectation, and at every action line the engine's invariants, its listing of legal actions",
    "against the oracle that validates every candidate move (`listLegalActionsByValidation`), and the action",
    "applied in place to a copy (as bots and `simulate` apply it) giving the same state and events (since",
    "92ae4e9: modules measured before it were judged without these two checks). The scenario runner itself",
    "(`runtime/scenario.ts`) is also judged the other way round, as test/scenarios/negation.test.ts judges it: in",
    "its run (measured alone; scripts/mutation.ts sets `MUTATION_NEGATED`) the suite adds scenarios with one",
    "expectation negated (`expect X` ↔ `expect not X`), each of which must fail at that line and nowhere else",
    "(mutation/suite-tests.ts `negatedTests`): the first 3 expectations of each form (its kind, written positive or",
    "negated) in each game — every form judged both ways; all of them, 1,485 at 8ddde7c, hold on main, but running",
    "all for each runner mutant would cost minutes a mutant. A runner mutant that lets an expectation hold",
    "whatever happened passes every scenario, but not these.",
    ...OUT_OF_SCORED_SET.map((o) => `Out of the scored set: \`${o.prefix}${o.prefix.endsWith("/") ? "*" : ""}\` — ${o.why}`),
    "",
    measured.length
      ? `**${measured.length} of the ${modules.length} scored runtime modules measured: ${total.mutants} mutants, score ${pct(total.valid ? (100 * total.detected) / total.valid : 100)} over those modules.** Mutants of the modules not measured are not in this figure; it is no estimate for runtime/ as a whole.`
      : "**No module measured yet.**",
    "",
    "Issue 12 asks for 80%: not reached. Most rows were measured before 92ae4e9 (2026-12-02 06:24 UTC), when the runner did not yet check " +
      "each listing against the validation oracle nor each action applied in place, and before the scenarios added since (see " +
      "each row's commit): their figures likely understate what the suite catches now (the code changed too) — `runtime/core/effects.ts` went from 52.9% " +
      "to 69.5% on re-measure (2026-12-03) —, so re-measuring them (`npm run mutation -- <module>`, one 18-min slot each for the " +
      "big ones, ranges for `runtime/engine/actions.ts`) comes before reading their survivors.",
    "",
    "| module | mutants | killed | timed out | survived | no coverage | ignored | of which text | of which equivalent | score | measured at | minutes | load |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|",
    ...measured.map((m) => {
      const s = scores[m]!;
      return `| \`${m}\` | ${s.mutants} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${s.messageText ?? "–"} | ${s.equivalent ?? "–"} | ${pct(s.score)} | ${s.commit} ${s.date} | ${s.minutes} | ${s.load ?? "–"} |`;
    }),
    "",
    ...(measured.some((m) => scores[m]!.survivors) ? ["## What survives", "", ...measured.filter((m) => scores[m]!.survivors).map((m) => `- \`${m}\`: ${scores[m]!.survivors}`), ""] : []),
    ...(modules.includes(RUNNER) && !scores[RUNNER]
      ? [`\`${RUNNER}\` (the scenario runner) is in the scored set and not measured yet: its run is set up (alone, with the negated tests; \`npm run mutation -- ${RUNNER}\`) and needs more than one 20-minute slot of this shared machine.`, ""]
      : []),
    `${NOT_MEASURED} (runtime/ as of ${asOf}: ${modules.filter((m) => !scores[m]).length} of ${modules.length} modules): ${modules.filter((m) => !scores[m]).map((m) => `\`${m}\``).join(", ") || "none"}.`,
    "",
  ];
  return lines.join("\n");
}

const reportOf = (module: string) => path.join(root, "reports", "mutation", `${module.replace(/[/\\]/g, "_")}.json`);
/** Stryker's incremental file, checked in: the next run re-tests only mutants whose code or scenarios changed. */
export const INCREMENTAL_FILE = path.join(root, "mutation", "incremental.json");

interface IncrementalMutant {
  coveredBy?: string[];
  killedBy?: string[];
  mutatorName?: string;
  replacement?: string;
  location?: { start: { line: number; column: number }; end: { line: number; column: number } };
}

interface IncrementalReport {
  files: Record<string, { source?: string; mutants: IncrementalMutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

/** A mutant's identity within one version of a file's source: where it is and what it changes. */
const mutantKey = (m: IncrementalMutant) =>
  m.location ? `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement}` : undefined;

/**
 * Stryker writes its incremental file with the mutants of this run only, and numbers the tests afresh:
 * the other modules' results (from earlier runs) are kept, their test ids renumbered by test name
 * (a test that is gone is dropped from them, so Stryker tests those mutants again). A run over a line
 * range of a module (`runtime/engine/actions.ts:1-300`) holds only that range's mutants: the module's
 * other mutants are kept from the earlier file when its source is the same text (a changed file is
 * tested afresh), so a module too big for one run is filled in range by range and then scored whole.
 */
export function mergeIncremental(earlier: IncrementalReport | undefined, fresh: IncrementalReport): IncrementalReport {
  if (!earlier) return fresh;
  const nameOf = new Map<string, string>();
  for (const file of Object.values(earlier.testFiles ?? {})) for (const t of file.tests) nameOf.set(t.id, t.name);
  const idOf = new Map<string, string>();
  for (const file of Object.values(fresh.testFiles ?? {})) for (const t of file.tests) idOf.set(t.name, t.id);
  const renumber = (ids: string[] | undefined) => ids?.flatMap((id) => idOf.get(nameOf.get(id) ?? "\0") ?? []);
  const renumbered = (m: IncrementalMutant) => ({ ...m, ...(m.coveredBy ? { coveredBy: renumber(m.coveredBy) } : {}), ...(m.killedBy ? { killedBy: renumber(m.killedBy) } : {}) });
  const files = { ...fresh.files };
  for (const [file, result] of Object.entries(earlier.files)) {
    const now = files[file];
    if (!now) {
      files[file] = { ...result, mutants: result.mutants.map(renumbered) };
    } else if (now.source !== undefined && now.source === result.source) {
      const tested = new Set(now.mutants.map(mutantKey));
      const kept = result.mutants.filter((m) => { const key = mutantKey(m); return key !== undefined && !tested.has(key); });
      if (kept.length) files[file] = { ...now, mutants: [...now.mutants, ...kept.map(renumbered)] };
    }
  }
  return { ...fresh, files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) };
}

/** One line of a run's progress file (mutation/progress-reporter.mjs): the dry run's tests, or one mutant's result. */
type ProgressLine = { tests: string[] } | { mutant: IncrementalMutant & { fileName: string; status: string } };

/**
 * The incremental report of a run stopped before Stryker wrote its own: the mutants its progress file recorded (each
 * under its module, with the module's source as it is now, which is what the run's sandbox was copied from), and the
 * dry run's tests numbered in their order (a mutant's tests are named by their test names in the progress file).
 * Merged like a finished run's (`mergeIncremental`), the next run re-uses these results and tests only the rest.
 */
export function progressReport(progress: string, sourceOf: (module: string) => string): { report: IncrementalReport; tested: Map<string, number> } {
  const lines = progress.split("\n").filter(Boolean).map((l) => JSON.parse(l) as ProgressLine);
  const tests = lines.flatMap((l) => ("tests" in l ? l.tests : []));
  const idOf = new Map(tests.map((name, i) => [name, String(i)]));
  const ids = (names: string[] | undefined) => names?.flatMap((n) => idOf.get(n) ?? []);
  const files: IncrementalReport["files"] = {};
  const tested = new Map<string, number>();
  for (const line of lines) {
    if (!("mutant" in line)) continue;
    const { fileName, killedBy, coveredBy, ...mutant } = line.mutant;
    const module = path.relative(root, path.resolve(root, fileName)).split(path.sep).join("/");
    files[module] ??= { language: "typescript", source: sourceOf(module), mutants: [] } as IncrementalReport["files"][string];
    files[module]!.mutants.push({ ...mutant, id: String(files[module]!.mutants.length), killedBy: ids(killedBy) ?? [], coveredBy: ids(coveredBy) ?? [] } as IncrementalMutant);
    tested.set(module, (tested.get(module) ?? 0) + 1);
  }
  return { report: { files, testFiles: { "": { tests: tests.map((name, i) => ({ id: String(i), name })) } } }, tested };
}

/** `runtime/x.ts:100-250` → the module and its line range (Stryker's mutate-range syntax); a plain module has none. */
export function splitRange(arg: string): { module: string; range?: string } {
  const match = /^(.*\.ts):(\d+-\d+)$/.exec(arg);
  return match ? { module: match[1]!, range: match[2]! } : { module: arg };
}

/** The scenario runner: judged by the scenarios and by the same scenarios with one expectation negated each. */
export const RUNNER = "runtime/scenario.ts";
const isRunner = (arg: string) => splitRange(arg).module === RUNNER;

/**
 * Stopped from outside: SIGTERM (`kill -- -<npm pid>`, heavy.sh's end of a job), SIGINT (Ctrl-C) or SIGHUP. Stryker runs
 * in a process group of its own (runUntil), which none of these reach: without this, stopping the command would leave
 * Stryker and its workers running, orphaned, and what they had tested unmerged.
 */
export const interruption = new AbortController();
const STOP_SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * While installed, a stop signal aborts `controller` instead of ending the process: the running Stryker is stopped as at
 * the time limit (runUntil), the run merges what it tested into mutation/incremental.json, no further run starts, and
 * the command ends by itself. The returned function uninstalls it.
 */
export function stopOnSignals(controller: AbortController = interruption): () => void {
  const stop = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) console.error(`mutation: ${signal}: stopping Stryker and keeping the mutants it has tested`);
    controller.abort(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  };
}

/**
 * Runs a command in a process group of its own until it ends, `deadline` (ms since the epoch) passes or `abort` is
 * signalled, when the whole group (Stryker and its workers) is stopped: the exit code, or "stopped".
 */
export function runUntil(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, deadline: number, abort?: AbortSignal): Promise<number | "stopped"> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: "inherit", detached: true });
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      // Stryker's workers may linger past SIGTERM: the whole group is killed a little later.
      setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // Gone.
        }
      }, 10_000).unref();
    };
    // (No limit: no timer; setTimeout reads a delay beyond 2^31 - 1 ms as 1 ms.)
    const timer = Number.isFinite(deadline) ? setTimeout(() => {
      console.error(`mutation: the time limit is reached; stopping Stryker and keeping the mutants it has tested`);
      stop();
    }, Math.max(0, deadline - Date.now())) : undefined;
    if (abort?.aborted) stop();
    abort?.addEventListener("abort", stop, { once: true });
    child.on("exit", (code) => {
      if (timer) clearTimeout(timer);
      abort?.removeEventListener("abort", stop);
      resolve(stopped ? "stopped" : (code ?? 1));
    });
  });
}

/**
 * What the compiled suite (mutation/scenario-suite.ts) is made from: the compiler and grammar, the bundled games and the
 * test games, the suite builder itself and the packages. No runtime/ file: the compiler never imports runtime/.
 */
export const SUITE_INPUTS = ["compiler", "grammar", "cards", "test/fixtures/games", "mutation/scenario-suite.ts", "scripts/param-games.ts", "package-lock.json"];

/** A hash of every file the suite is compiled from (paths and contents, in a fixed order): equal hashes, equal suites. */
export function suiteKey(base: string, inputs: string[] = SUITE_INPUTS): string {
  const hash = createHash("sha256");
  const add = (rel: string) => {
    const full = path.join(base, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of (readdirSync(full, { encoding: "utf8" }) as string[]).sort()) add(`${rel}/${entry}`);
      return;
    }
    hash.update(`${rel}\0`);
    hash.update(readFileSync(full));
    hash.update("\0");
  };
  for (const input of inputs) add(input);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The compiled suite for the working tree as it is now: compiled once and kept under its key in reports/mutation/,
 * so `--prepare` can do it before a run waits for the machine's heavy slot (at a load of 40 compiling alone took over
 * 15 minutes of a 20-minute slot). Kept only when no input changed while it was compiled.
 */
function compiledSuite(): string {
  const key = suiteKey(root);
  const kept = path.join(root, "reports", "mutation", `suite-${key}.json`);
  if (existsSync(kept)) {
    console.log(`mutation: the compiled suite is re-used (${path.relative(root, kept)}: its compiler, grammar and games are unchanged)`);
    return kept;
  }
  mkdirSync(path.dirname(kept), { recursive: true });
  const fresh = `${kept}.${process.pid}.tmp`;
  execFileSync("npx", ["tsx", "mutation/scenario-suite.ts", fresh], { cwd: root, stdio: "inherit" });
  if (suiteKey(root) !== key) {
    console.error("mutation: an input of the suite changed while it was compiled: this suite is used once, not kept");
    return fresh;
  }
  for (const old of readdirSync(path.dirname(kept)).filter((f) => /^suite-[0-9a-f]+\.json$/.test(f))) rmSync(path.join(path.dirname(kept), old), { force: true });
  renameSync(fresh, kept);
  return kept;
}

/** One Stryker run over `modules` (their mutants together: one start-up, one initial test run); the score of each. */
async function measure(modules: string[], force: boolean, deadline: number): Promise<Map<string, ModuleScore>> {
  const report = path.join(root, "reports", "mutation", "run.json");
  mkdirSync(path.dirname(report), { recursive: true });
  rmSync(report, { force: true });
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const started = Date.now();
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-mutation-"));
  // The compiler's output, once per run: no runtime mutant can change it (mutation/scenario-suite.ts).
  const suite = path.join(scratch, "suite.json");
  copyFileSync(compiledSuite(), suite);
  const incremental = path.join(scratch, "incremental.json");
  const earlier = existsSync(INCREMENTAL_FILE) ? (JSON.parse(readFileSync(INCREMENTAL_FILE, "utf8")) as IncrementalReport) : undefined;
  if (earlier) writeFileSync(incremental, JSON.stringify(earlier));
  const progress = path.join(scratch, "progress.jsonl");
  const loads = [loadavg()[0]!];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 30_000);
  const status = await runUntil("npx", ["stryker", "run", "mutation/stryker.config.mjs", ...(force ? ["--force"] : [])], {
    cwd: root,
    // The scenario runner is judged by negated expectations too (mutation/suite-tests.ts `negated`): only in its own runs,
    // as they would slow every other module's survivors for nothing.
    env: { ...process.env, MUTATE: modules.join(","), MUTATION_REPORT: report, MUTATION_SUITE: suite, MUTATION_INCREMENTAL: incremental, MUTATION_NEGATED: modules.some(isRunner) ? "1" : "", MUTATION_PROGRESS: progress },
  }, deadline, interruption.signal);
  clearInterval(sampler);
  loads.push(loadavg()[0]!);
  const load = `${Math.round(Math.min(...loads))}–${Math.round(Math.max(...loads))}`;
  const scores = new Map<string, ModuleScore>();
  if (status !== 0 || !existsSync(report) || !existsSync(incremental)) {
    console.error(`mutation: Stryker ${status !== "stopped" ? `failed (exit ${status})` : interruption.signal.aborted ? `was stopped (${String(interruption.signal.reason)})` : "was stopped at the time limit"} on ${modules.join(", ")}`);
    // What it tested is kept: the next run over these modules re-uses it and tests only the rest. Nothing is scored.
    if (existsSync(progress)) {
      const { report: partial, tested } = progressReport(readFileSync(progress, "utf8"), (module) => readFileSync(path.join(root, module), "utf8"));
      if (tested.size) {
        writeFileSync(INCREMENTAL_FILE, JSON.stringify(mergeIncremental(earlier, partial)) + "\n");
        // (The progress also holds the other modules' results Stryker re-used from the incremental file: not reported.)
        for (const module of new Set(modules.map((m) => splitRange(m).module)))
          console.log(`mutation: ${module}: ${tested.get(module) ?? 0} mutant results kept in ${path.relative(root, INCREMENTAL_FILE)} (not scored: run it again to go on)`);
      }
    }
  } else {
    const fresh = JSON.parse(readFileSync(incremental, "utf8")) as IncrementalReport;
    writeFileSync(INCREMENTAL_FILE, JSON.stringify(mergeIncremental(earlier, fresh)) + "\n");
    const minutes = Math.round((Date.now() - started) / 60000);
    const parsed = JSON.parse(readFileSync(report, "utf8")) as StrykerReport;
    for (const arg of modules) {
      const { module, range } = splitRange(arg);
      if (range) {
        // Part of a module: its results wait in the incremental file for the whole module's run, which scores it.
        const part = scoreOf(parsed, module);
        console.log(`mutation: ${arg} (lines ${range}, not recorded): ${part.score}% (${part.killed + part.timeout}/${part.killed + part.timeout + part.survived + part.noCoverage}); run \`npm run mutation -- ${module}\` once every range is done`);
        continue;
      }
      writeFileSync(reportOf(module), JSON.stringify({ files: Object.fromEntries(Object.entries(parsed.files).filter(([f]) => f.endsWith(module))) }));
      scores.set(module, { ...scoreOf(parsed, module), commit, date: new Date().toISOString().slice(0, 10), minutes, load });
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  return scores;
}

/** Modules cut into runs of about `lines` lines each (a run's start-up is shared; a finished run is recorded at once). */
export function batches(modules: string[], linesOf: (m: string) => number, lines: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const m of modules) {
    if (current.length && size + linesOf(m) > lines) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(m);
    size += linesOf(m);
  }
  if (current.length) out.push(current);
  return out;
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
  const started = Date.now();
  const args = process.argv.slice(2);
  const modules = runtimeModules();
  const named = args.filter((a) => !a.startsWith("--"));
  const wanted = args.includes("--all") ? modules : args.includes("--unmeasured") ? modules.filter((m) => !readScores()[m]) : named;
  const unknown = wanted.filter((m) => !modules.includes(splitRange(m).module));
  if (unknown.length) {
    console.error(`mutation: not a runtime module: ${unknown.join(", ")}`);
    process.exit(2);
  }
  const record = (module: string, score: ModuleScore) => {
    // Read again: a run takes long, and the file may have been edited meanwhile (another module's note).
    const scores = readScores();
    scores[module] = { ...score, ...(scores[module]?.survivors && scores[module]!.commit === score.commit ? { survivors: scores[module]!.survivors } : {}) };
    writeFileSync(scoresFile, JSON.stringify(Object.fromEntries(Object.entries(scores).sort()), null, 1) + "\n");
    writeFileSync(page, renderPage(scores, modules, `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`));
    console.log(`mutation: ${module}: ${score.score}% (${score.killed + score.timeout}/${score.killed + score.timeout + score.survived + score.noCoverage})`);
  };
  if (args.includes("--prepare")) {
    console.log(`mutation: the compiled suite is ${path.relative(root, compiledSuite())}`);
  } else if (args.includes("--import")) {
    for (const module of wanted) {
      const score = imported(module);
      if (score) record(module, score);
    }
  } else {
    const linesOf = (m: string) => {
      const { module, range } = splitRange(m);
      const [from, to] = range ? range.split("-").map(Number) : [];
      return range ? to! - from! + 1 : readFileSync(path.join(root, module), "utf8").split("\n").length;
    };
    const size = Number(args.find((a) => a.startsWith("--batch="))?.slice("--batch=".length) ?? 400);
    // The whole command stops Stryker after --minutes (default 18: heavy.sh kills a job at 20, and the merge needs a
    // moment), keeping what it tested; 0: no limit.
    const minutes = Number(args.find((a) => a.startsWith("--minutes="))?.slice("--minutes=".length) ?? 18);
    const deadline = minutes > 0 ? started + minutes * 60_000 : Infinity;
    // The scenario runner runs alone: its run adds the negated-expectation tests.
    const runs = [...batches(wanted.filter((m) => !isRunner(m)), linesOf, size), ...wanted.filter(isRunner).map((m) => [m])];
    const uninstall = stopOnSignals();
    for (const batch of runs) {
      if (interruption.signal.aborted) {
        console.error(`mutation: stopped (${String(interruption.signal.reason)}); not started: ${batch.join(", ")}`);
        continue;
      }
      if (Date.now() >= deadline) {
        console.error(`mutation: the time limit is reached; not started: ${batch.join(", ")}`);
        continue;
      }
      for (const [module, score] of await measure(batch, args.includes("--force"), deadline)) record(module, score);
    }
    uninstall();
  }
  writeFileSync(page, renderPage(readScores(), modules, `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`));
}
