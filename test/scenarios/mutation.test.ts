/**
 * The mutation page (docs/mutation.md) is generated from docs/mutation-scores.json by
 * scripts/mutation.ts; the counts come from Stryker's JSON report. The runs themselves are not
 * part of the tests (hours on this machine): `npm run mutation`.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { parseSync, traverse, type NodePath } from "@babel/core";
import { NOT_MEASURED, batches, mergeIncremental, progressReport, renderPage, runUntil, scoreOf, splitRange, suiteKey, type ModuleScore } from "../../scripts/mutation.ts";
// @ts-expect-error a plain JS Stryker plugin (no types)
import { MESSAGE_TEXT, strykerPlugins } from "../../mutation/message-text-ignorer.mjs";
// @ts-expect-error a plain JS Stryker plugin (no types)
import { STEP_DONE, strykerPlugins as equivalentPlugins } from "../../mutation/equivalent-ignorer.mjs";
// @ts-expect-error a plain JS Stryker plugin (no types)
import { ScenarioTestRunner, testOrder } from "../../mutation/scenario-runner.mjs";
import { TestStatus } from "@stryker-mutator/api/test-runner";
import { NEGATED_PER_FORM, compiledHashes, negatedTests, suiteTests } from "../../mutation/suite-tests.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { gameSuite } from "../../mutation/scenario-suite.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { clearModuleCaches, moduleCache, moduleSet } from "../../runtime/state/module-caches.ts";

/** The source text of every node the message-text ignorer leaves out, outermost only (Stryker ignores a node's whole subtree). */
function ignoredParts(source: string, plugin = strykerPlugins[0], reasonText = MESSAGE_TEXT): string[] {
  const ignorer = new (plugin.injectableClass as new () => { shouldIgnore(path: NodePath): string | undefined })();
  const ast = parseSync(source, { filename: "x.ts", presets: [], plugins: [], parserOpts: { plugins: ["typescript"], allowReturnOutsideFunction: true }, configFile: false, babelrc: false })!;
  const out: string[] = [];
  traverse(ast, {
    enter(path) {
      const reason = ignorer.shouldIgnore(path);
      if (reason) {
        expect(reason).toBe(reasonText);
        out.push(source.slice(path.node.start!, path.node.end!));
        path.skip();
      }
    },
  });
  return out;
}

describe("mutation scores", () => {
  it("count a module's mutants by status; the score leaves out ignored and erroring mutants", () => {
    const report = {
      files: {
        "runtime/mechanics/unique.ts": { mutants: [...["Killed", "Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "CompileError"].map((status) => ({ status })), { status: "Ignored", statusReason: MESSAGE_TEXT }, { status: "Ignored", statusReason: STEP_DONE }, { status: "Ignored", statusReason: "equivalent — the caller never passes an empty list" }, { status: "Ignored", statusReason: "Ignored using a comment" }] },
        "runtime/mechanics/bleed.ts": { mutants: [{ status: "Survived" }] },
      },
    };
    // A mutant marked equivalent in the code (`// Stryker disable next-line X: equivalent — why`) counts as equivalent; a comment without that reason does not.
    expect(scoreOf(report, "runtime/mechanics/unique.ts")).toEqual({ mutants: 11, killed: 2, timeout: 1, survived: 1, noCoverage: 1, ignored: 5, messageText: 1, equivalent: 2, errors: 1, score: 60 });
  });

  it("leave out a step's \"done\" in the step interpreter and in a native rule registered in place, where its one reader tells only \"wait\" from the rest", () => {
    const source = [
      'function runStep(ctx, frame, step): "done" | "wait" { if (step.op === "x") return "wait"; const kind = "done"; return "done"; }',
      'function runNativeRule(ctx, frame, rule): "done" | "wait" { switch (rule) { case "done": return "done"; } return "done"; }',
      'function resolveAttack(ctx, frame): "done" | "wait" { return "done"; }',
      'registerNativeRule("attack", (ctx, frame) => { if (frame.pc) return "wait"; return "done"; });',
      'registerNativeRule("end", function (ctx) { const f = () => { return "done"; }; return f(); });',
      'registerNativeRule("priority", priorityStep);',
      'other("attack", (ctx) => { return "done"; });',
      'registerNativeRule((ctx) => { return "done"; }, "x");',
    ].join("\n");
    // The in-place rule's own return only: not a function nested in it, not a callback of another call or in another place.
    expect(ignoredParts(source, equivalentPlugins[0], STEP_DONE)).toEqual(['"done"', '"done"', '"done"', '"done"']);
  });

  it("leave out the text of messages and the Flow view's state meta, and nothing else: not the call, the code, the data, the conditions or the transitions", () => {
    const source = [
      "if (limit > 1 && tally >= limit) return refuse(\"limit_reached\", `only ${limit} per turn`);",
      "emit(ctx, \"draw\", `${player} draws ${n}`, { player, amount: n });",
      "const r = { code: \"not_in_hand\", message: \"Shatter a card from your hand\" };",
      "const p = { kind: \"targets\", prompt: `choose ${spec.text}`, options };",
      "const q = { message };",
      "const st = { description: \"both players passed\", on: { PASS: \"resolving\" } };",
      "fail(step.line, \"expectation not met\", v.expected, v.actual, at);",
      "if (!card) throw new SetupError(`no card ${name}`);",
      "const e = new Error(\"kept: not thrown here\");",
      "refuseShortfall(name, need, have, `needs ${need}`);",
      "const a = askCards(ctx, frame, p, options, fewest > 0 ? 1 : 0, amount, `discard ${amount} cards`);",
      "const b = askYesNo(ctx, frame, who, step.prompt);",
      "const c = askMode(ctx, frame, who, modes.map((m) => `${m} cards`), `how many?`);",
      "askOrder(ctx, run, \"agenda\", player, siblings, \"choose which runs first\");",
      "const d = askDeclaration(ctx, frame, player, free, 0, free.length, `declare attackers`);",
      "other(ctx, \"kind\", \"text\");",
      "chainEvent(ctx, \"fire\", `${label} fires`, chain, t);",
      "const meta = { source: source(\"response_model\"), phase: phase.name };",
      "const priorityMeta = { source: source(\"priority_actions\") ?? meta.source };",
      "const metadata = { kept: true }, metaKey = \"kept\";",
      "const st2 = { meta: { ...meta, param: \"fizzle_when\" }, on: { FIZZLE: \"fizzle\" } };",
      "const w = { waiting: priorityHolders(priorityMeta, \"each player may pass\"), resolving: resolution(meta, \"it resolves\", { FIZZLE: \"fizzle\" }) };",
    ].join("\n");
    expect(ignoredParts(source)).toEqual(["`only ${limit} per turn`", "`${player} draws ${n}`", '"Shatter a card from your hand"', "`choose ${spec.text}`", '"both players passed"', '"expectation not met"', "v.expected", "v.actual", "`no card ${name}`", "`needs ${need}`", "`discard ${amount} cards`", "step.prompt", "`how many?`", '"choose which runs first"', "`declare attackers`", "`${label} fires`", '{ source: source("response_model"), phase: phase.name }', '{ source: source("priority_actions") ?? meta.source }', '{ ...meta, param: "fizzle_when" }', "priorityMeta", '"each player may pass"', "meta", '"it resolves"']);
  });

  it("leave out a text helper — a const or function of the module used only inside message text, never reassigned, not exported, writing nothing — and keep one used once elsewhere", () => {
    const source = [
      "function cantWhy(ctx, id, rules) { const k = keywords.find((x) => rules.includes(x.rule)); return k ? ` (${k.name})` : \"\"; }",
      "const r1 = { code: \"cannot_attack\", message: `can't attack${cantWhy(ctx, id, [\"cant_attack\"])}` };",
      "const phase = phases.find((p) => p.steps.some((s) => s.rule === \"declare_attackers\"))?.name ?? \"combat\";",
      "const r2 = { code: \"cannot_attack\", message: `creatures attack in the ${phase} phase` };",
      "const names = required.map((id) => cardName(ctx, id)).join(\", \");",
      "const d = askDeclaration(ctx, frame, player, free, 0, 1, `besides ${names}`);",
      "emit(ctx, \"check\", `${names} must attack`, { player });",
      "const label = cardName(ctx, id);",
      "function line() { return `${label}!`; }",
      "const r3 = { message: line() };",
      // Used once outside message text: in an event's data, in a condition.
      "const kept = keywords.find((k) => k.rule)?.name;",
      "emit(ctx, \"check\", `${kept} applies`, { kept });",
      "function shown(id) { return `#${id}`; }",
      "if (shown(a) === \"#1\") refuse(\"c\", shown(a));",
      // Exported, reassigned, writing, unused, recursive: counted.
      "export function exportedWhy(id) { return id; }",
      "const r4 = { message: exportedWhy(1) };",
      "let changed = \"a\"; changed = \"b\";",
      "const r5 = { message: changed };",
      "const written = writeCard(ctx, id).name;",
      "function loud(id) { emit(ctx, \"x\", \"y\", {}); return id; }",
      "const r6 = { message: `${written} ${loud(1)}` };",
      "const unused = \"never read\";",
      "function deep(n) { return n ? deep(n - 1) : \"\"; }",
      "const r7 = { message: deep(2) };",
    ].join("\n");
    expect(ignoredParts(source)).toEqual([
      "function cantWhy(ctx, id, rules) { const k = keywords.find((x) => rules.includes(x.rule)); return k ? ` (${k.name})` : \"\"; }",
      "`can't attack${cantWhy(ctx, id, [\"cant_attack\"])}`",
      'phases.find((p) => p.steps.some((s) => s.rule === "declare_attackers"))?.name ?? "combat"',
      "`creatures attack in the ${phase} phase`",
      'required.map((id) => cardName(ctx, id)).join(", ")',
      "`besides ${names}`",
      "`${names} must attack`",
      "cardName(ctx, id)",
      "function line() { return `${label}!`; }",
      "line()",
      "`${kept} applies`",
      "shown(a)",
      "exportedWhy(1)",
      "changed",
      '"y"',
      "`${written} ${loud(1)}`",
      "deep(2)",
    ]);
  });

  it("key a compiled suite by every file it is made from: a game's card or the compiler changed, added or renamed is a new suite; runtime/ is not an input", () => {
    const base = mkdtempSync(path.join(tmpdir(), "cw-suite-key-"));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
        writeFileSync(path.join(base, rel), text);
      };
      write("cards/duel/core.cards", "card A");
      write("cards/duel/scenarios/a.scenario", "scenario");
      write("compiler/lower.ts", "export {}");
      write("runtime/core/values.ts", "export {}");
      const first = suiteKey(base);
      expect(suiteKey(base)).toBe(first);
      write("runtime/core/values.ts", "export const x = 1;");
      expect(suiteKey(base)).toBe(first);
      write("cards/duel/core.cards", "card B");
      const second = suiteKey(base);
      expect(second).not.toBe(first);
      write("compiler/lower.ts", "export const y = 2;");
      const third = suiteKey(base);
      expect(third).not.toBe(second);
      write("test/fixtures/games/duel-x/extra.scenario", "scenario");
      expect(suiteKey(base)).not.toBe(third);
      // The same text under another name is another suite (a scenario file's path is part of its failures).
      rmSync(path.join(base, "cards/duel/scenarios/a.scenario"));
      write("cards/duel/scenarios/b.scenario", "scenario");
      const renamed = suiteKey(base);
      rmSync(path.join(base, "cards/duel/scenarios/b.scenario"));
      write("cards/duel/scenarios/a.scenario", "scenario");
      expect(renamed).not.toBe(suiteKey(base));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it("merge an earlier incremental file with a run's: other modules kept, their tests renumbered by name, gone tests dropped", () => {
    const earlier = {
      files: { "runtime/a.ts": { mutants: [{ coveredBy: ["0", "1"], killedBy: ["1"] }] }, "runtime/b.ts": { mutants: [{ coveredBy: ["0"] }] } },
      testFiles: { t: { tests: [{ id: "0", name: "kept" }, { id: "1", name: "gone" }] } },
    };
    const fresh = { files: { "runtime/b.ts": { mutants: [{ coveredBy: ["5"], killedBy: ["5"] }] } }, testFiles: { t: { tests: [{ id: "5", name: "new" }, { id: "7", name: "kept" }] } } };
    expect(mergeIncremental(earlier, fresh)).toEqual({ files: { "runtime/a.ts": { mutants: [{ coveredBy: ["7"], killedBy: [] }] }, "runtime/b.ts": { mutants: [{ coveredBy: ["5"], killedBy: ["5"] }] } }, testFiles: fresh.testFiles });
    expect(mergeIncremental(undefined, fresh)).toBe(fresh);
  });

  it("merge a run over a line range of a module: the module's other mutants kept while its source is unchanged", () => {
    const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
    const tests = { t: { tests: [{ id: "0", name: "a" }] } };
    const earlier = {
      files: { "runtime/a.ts": { source: "v1", mutants: [{ location: at(1), mutatorName: "M", replacement: "x", coveredBy: ["0"], status: "Killed" }, { location: at(9), mutatorName: "M", replacement: "x", coveredBy: ["0"], status: "Survived" }] } },
      testFiles: tests,
    };
    const rangeRun = { files: { "runtime/a.ts": { source: "v1", mutants: [{ location: at(9), mutatorName: "M", replacement: "x", coveredBy: ["3"], status: "Killed" }] } }, testFiles: { t: { tests: [{ id: "3", name: "a" }] } } };
    expect(mergeIncremental(earlier, rangeRun).files["runtime/a.ts"]!.mutants).toEqual([
      { location: at(9), mutatorName: "M", replacement: "x", coveredBy: ["3"], status: "Killed" },
      { location: at(1), mutatorName: "M", replacement: "x", coveredBy: ["3"], status: "Killed" },
    ]);
    // The file changed since: its earlier results are for another text, and are dropped.
    const changed = { ...rangeRun, files: { "runtime/a.ts": { ...rangeRun.files["runtime/a.ts"], source: "v2" } } };
    expect(mergeIncremental(earlier, changed).files["runtime/a.ts"]!.mutants).toHaveLength(1);
    expect(splitRange("runtime/engine/actions.ts:1-300")).toEqual({ module: "runtime/engine/actions.ts", range: "1-300" });
    expect(splitRange("runtime/engine/actions.ts")).toEqual({ module: "runtime/engine/actions.ts" });
  });

  it("a run stopped at the time limit keeps what it tested: its progress lines become an incremental report the next run re-uses", () => {
    const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
    const progress = [
      { tests: ["duel s1", "duel s2", "cv s3"] },
      { mutant: { fileName: path.resolve("runtime/a.ts"), mutatorName: "M", replacement: "x", location: at(3), status: "Killed", killedBy: ["cv s3"], coveredBy: ["duel s2", "cv s3"] } },
      { mutant: { fileName: "runtime/a.ts", mutatorName: "M", replacement: "y", location: at(4), status: "Survived", killedBy: [], coveredBy: ["duel s1"] } },
    ].map((l) => JSON.stringify(l)).join("\n") + "\n";
    const { report, tested } = progressReport(progress, (module) => `source of ${module}`);
    expect(tested).toEqual(new Map([["runtime/a.ts", 2]]));
    expect(report.testFiles).toEqual({ "": { tests: [{ id: "0", name: "duel s1" }, { id: "1", name: "duel s2" }, { id: "2", name: "cv s3" }] } });
    expect(report.files["runtime/a.ts"]!.source).toBe("source of runtime/a.ts");
    expect(report.files["runtime/a.ts"]!.mutants.map((m) => [m.location!.start.line, m.killedBy, m.coveredBy])).toEqual([[3, ["2"], ["1", "2"]], [4, [], ["0"]]]);
    // Merged: the module's mutants the stopped run did not reach stay (same source), other modules stay, ids follow the names.
    const earlier = {
      files: {
        "runtime/a.ts": { source: "source of runtime/a.ts", mutants: [{ location: at(9), mutatorName: "M", replacement: "x", coveredBy: ["4"], killedBy: ["4"], status: "Killed" }] },
        "runtime/b.ts": { source: "b", mutants: [{ location: at(1), mutatorName: "M", replacement: "x", coveredBy: ["4"], status: "Survived" }] },
      },
      testFiles: { "": { tests: [{ id: "4", name: "cv s3" }] } },
    };
    const merged = mergeIncremental(earlier, report);
    expect(merged.files["runtime/a.ts"]!.mutants.map((m) => [m.location!.start.line, m.killedBy])).toEqual([[3, ["2"]], [4, []], [9, ["2"]]]);
    expect(merged.files["runtime/b.ts"]!.mutants[0]!.coveredBy).toEqual(["2"]);
  });

  it("a command past its time limit is stopped with every process it started (Stryker's workers), not left running", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-run-until-"));
    // A parent that starts a child of its own, each writing its pid, then both sleep far beyond the limit.
    const script = `sleep 60 & echo $! > ${dir}/child; echo $$ > ${dir}/parent; wait`;
    // "stopped" and both processes gone below show the limit was kept (the child would sleep 60 s): no clock is read here.
    expect(await runUntil("sh", ["-c", script], { cwd: dir, env: process.env }, Date.now() + 1500)).toBe("stopped");
    // Running: its /proc entry is there and not a zombie (a killed process whose parent has not reaped it yet).
    const alive = (pid: number) => existsSync(`/proc/${pid}/stat`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    const pids = ["parent", "child"].map((f) => Number(readFileSync(path.join(dir, f), "utf8")));
    await new Promise((r) => setTimeout(r, 300));
    expect(pids.map(alive)).toEqual([false, false]);
    // A command that ends in time gives its exit code.
    expect(await runUntil("sh", ["-c", "exit 3"], { cwd: dir, env: process.env }, Date.now() + 60_000)).toBe(3);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a command stopped by SIGTERM or SIGINT stops its Stryker group (a process group of its own, which the signal does not reach) and goes on to keep what it tested", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-run-signal-"));
    // The command as scripts/mutation.ts runs it: the signals installed, a detached group that outlives any limit.
    const script = path.join(dir, "run.mts");
    writeFileSync(script, [
      `import { writeFileSync } from "node:fs";`,
      `import { interruption, runUntil, stopOnSignals } from ${JSON.stringify(path.resolve("scripts/mutation.ts"))};`,
      `const uninstall = stopOnSignals();`,
      `const status = await runUntil("sh", ["-c", "sleep 60 & echo $! > child; echo $$ > parent; wait"], { cwd: ${JSON.stringify(dir)}, env: process.env }, Infinity, interruption.signal);`,
      // What measure() does next with a run that is not 0: it merges the progress (here: writes that it got there).
      `writeFileSync(${JSON.stringify(path.join(dir, "after"))}, String(status) + " " + String(interruption.signal.reason));`,
      `uninstall();`,
    ].join("\n"));
    const alive = (pid: number) => existsSync(`/proc/${pid}/stat`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      for (const f of ["parent", "child", "after"]) rmSync(path.join(dir, f), { force: true });
      const command = spawn(process.execPath, ["--import", "tsx", script], { cwd: path.resolve("."), stdio: "ignore" });
      let ended = false;
      const exited = new Promise<number | null>((resolve) => command.on("exit", (code) => ((ended = true), resolve(code))));
      // Wait until the group has started (both pids written), then signal the command alone, as `kill` or Ctrl-C would.
      while (!ended && !["parent", "child"].every((f) => existsSync(path.join(dir, f)) && readFileSync(path.join(dir, f), "utf8").trim())) await new Promise((r) => setTimeout(r, 100));
      expect(ended).toBe(false);
      const pids = ["parent", "child"].map((f) => Number(readFileSync(path.join(dir, f), "utf8")));
      expect(pids.map(alive)).toEqual([true, true]);
      command.kill(signal);
      // The command was not ended by the signal: it went on after runUntil, and ended by itself (exit code 0).
      expect(await exited).toBe(0);
      expect(readFileSync(path.join(dir, "after"), "utf8")).toBe(`stopped ${signal}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(pids.map(alive)).toEqual([false, false]);
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("cut modules into runs of about a given number of lines, in the order given", () => {
    const lines: Record<string, number> = { a: 100, b: 250, c: 100, d: 600, e: 10 };
    expect(batches(["a", "b", "c", "d", "e"], (m) => lines[m]!, 400)).toEqual([["a", "b"], ["c"], ["d"], ["e"]]);
  });

  it("docs/mutation.md is the page of docs/mutation-scores.json: every measured module's figures, and the modules not measured when it was written", () => {
    const scores = JSON.parse(readFileSync("docs/mutation-scores.json", "utf8")) as Record<string, ModuleScore>;
    const modules = (readdirSync("runtime", { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => `runtime/${f.split(path.sep).join("/")}`).sort();
    // A measured module that moved or is gone: measure it again under its new name.
    expect(Object.keys(scores).filter((m) => !modules.includes(m)), "measured modules that are no longer in runtime/").toEqual([]);
    const page = readFileSync("docs/mutation.md", "utf8");
    const measuredPart = (text: string) => text.slice(0, text.indexOf(NOT_MEASURED));
    // The not-measured list is stamped with when it was made, so a runtime module added since does not make the page wrong.
    expect(measuredPart(page), "docs/mutation.md is out of date: npm run mutation -- --report").toBe(measuredPart(renderPage(scores, modules, "")));
    const listed = /Not measured yet \(runtime\/ as of ([\d-]+ [\d:]+ UTC): \d+ of \d+ modules\): (.*)\.$/m.exec(page);
    expect(listed, "the page lists the modules not measured yet, with when it was made").not.toBeNull();
    expect(listed![2]!.split(", ").filter((m) => scores[m.replace(/`/g, "")]), "modules listed as not measured, yet measured").toEqual([]);
  });

  // The scenario runner (mutation/scenario-runner.mjs) switches mutants on through Stryker's global, as the
  // instrumented code reads it: these tests stand in for instrumented code with the same two helpers.
  const NS = "__stryker__";
  type Space = { activeMutant?: string; currentTestId?: string; hitCount?: number; hitLimit?: number; mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> } };
  const space = () => ((globalThis as Record<string, unknown>)[NS] ??= {}) as Space;
  /** What the instrumenter's stryCov_ does: count a hit of mutant `id` for the test running. */
  const cover = (id: string) => {
    const s = space();
    const cov = (s.mutantCoverage ??= { static: {}, perTest: {} });
    const c = s.currentTestId ? (cov.perTest[s.currentTestId] ??= {}) : cov.static;
    c[id] = (c[id] ?? 0) + 1;
  };
  /** What the instrumenter's stryMutAct_ does: is mutant `id` on (counting hits against the limit)? */
  const isActive = (id: string) => {
    const s = space();
    if (s.activeMutant !== id) return false;
    if (s.hitCount !== undefined && ++s.hitCount > s.hitLimit!) throw new Error("Stryker: Hit count limit reached");
    return true;
  };
  type Test = { name: string; run(): string | undefined };
  function runnerWith(tests: Test[], reload?: () => Test[]) {
    const logged: string[] = [];
    const runner = new ScenarioTestRunner({ info: (m: string) => logged.push(m) }) as { tests: Map<string, Test>; load(): Promise<void>; dryRun(o: object): Promise<{ status: string; tests: { id: string; status: TestStatus }[]; mutantCoverage: { perTest: object } }>; mutantRun(o: object): Promise<object> };
    runner.tests = new Map(tests.map((t) => [t.name, t]));
    if (reload) runner.load = async () => void (runner.tests = new Map(reload().map((t) => [t.name, t])));
    return { runner, logged };
  }
  // A game rule under test: "damage 2" unless a mutant changes it.
  const damage = () => (cover("1"), isActive("1") ? 3 : cover("2") ?? (isActive("2") ? 2 : 2));
  const tests: Test[] = [
    { name: "deals 2", run: () => (damage() === 2 ? undefined : "expected 2") },
    { name: "draws", run: () => undefined },
  ];

  it("scenario runner: the dry run reports each test and which mutants each one reaches", async () => {
    delete (globalThis as Record<string, unknown>)[NS];
    const { runner } = runnerWith(tests);
    const dry = await runner.dryRun({ coverageAnalysis: "perTest", disableBail: false });
    expect(dry.status).toBe("complete");
    expect(dry.tests.map((t) => [t.id, t.status])).toEqual([["deals 2", TestStatus.Success], ["draws", TestStatus.Success]]);
    expect(dry.mutantCoverage.perTest).toEqual({ "deals 2": { "1": 1, "2": 1 } });
  });

  it("scenario runner: a mutant a test notices is killed by it, one none notices survives, one that loops times out", async () => {
    const { runner } = runnerWith(tests);
    expect(await runner.mutantRun({ activeMutant: { id: "1" }, testFilter: ["deals 2"], disableBail: false })).toMatchObject({ status: "killed", killedBy: ["deals 2"], nrOfTests: 1 });
    expect(await runner.mutantRun({ activeMutant: { id: "2" }, testFilter: ["deals 2"], disableBail: false })).toMatchObject({ status: "survived", nrOfTests: 1 });
    expect(space().activeMutant, "no mutant stays on after its run").toBeUndefined();
    const looping = runnerWith([{ name: "loops", run: () => { for (;;) if (isActive("9") && space().hitCount! > 1e9) return undefined; } }]);
    expect(await looping.runner.mutantRun({ activeMutant: { id: "9" }, testFilter: ["loops"], hitLimit: 100, disableBail: false })).toMatchObject({ status: "timeout" });
  });

  it("scenario runner: a kill is confirmed with no mutant on; a test the mutant left failing means a fresh engine and a re-run", async () => {
    let poisoned = false;
    const leaky: Test[] = [{ name: "reads a cache", run: () => (isActive("5") && (poisoned = true), poisoned ? "stale cache" : undefined) }];
    // After the reload the cache is fresh (a new module instance): the mutant's own effect is what is judged.
    const fresh: Test[] = [{ name: "reads a cache", run: () => undefined }];
    const { runner, logged } = runnerWith(leaky, () => fresh);
    expect(await runner.mutantRun({ activeMutant: { id: "5" }, testFilter: ["reads a cache"], disableBail: false })).toMatchObject({ status: "survived" });
    expect(logged.join("\n")).toContain("engine imported again");
  });

  it("scenario runner: a mutant's tests share one engine per game (built with the mutant on); the dry run and a kill's confirmation build their own", async () => {
    const seen: (Map<string, unknown> | undefined)[] = [];
    const recording = (name: string): Test => ({ name, run: ((engines?: Map<string, unknown>) => (seen.push(engines), isActive("7") && name === "b" ? "broken" : undefined)) as Test["run"] });
    const { runner } = runnerWith([recording("a"), recording("b")]);
    await runner.dryRun({ coverageAnalysis: "perTest", disableBail: false });
    expect(seen).toEqual([undefined, undefined]);
    seen.length = 0;
    expect(await runner.mutantRun({ activeMutant: { id: "7" }, testFilter: ["a", "b"], disableBail: true })).toMatchObject({ status: "killed", killedBy: ["b"] });
    // a and b under the mutant, sharing one map; then b again alone, with no mutant and no shared engine.
    expect(seen.length).toBe(3);
    expect(seen[0]).toBeInstanceOf(Map);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBeUndefined();
  });

  it("a test's name changes with what its scenario can reach: the cards it names (and those they name), the rules, the cards' vocabulary — not a card added with forms already used", () => {
    const game = { path: "duel/duel.game", text: readFileSync("cards/duel/duel.game", "utf8") };
    const card = (name: string, text: string) => `card "${name}" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
    const compiled = (cards: string) => lowerWorkspace([game, { path: "duel/t.cards", text: `set T "t" for duel\n${cards}` }]).bundles.find((b) => b.game.id === "duel")!;
    const scenario = parseScenarioFile(`scenario "medic" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Medic"\n}\np1 play "Medic"\nexpect p1 life 11\n`, "h.scenario").scenarios[0]!;
    const base = card("Medic", "PLAY: Gain 1 life.") + card("Scholar", "PLAY: Draw a card.");
    const name = (cards: string) => compiledHashes(compiled(cards))(scenario);
    expect(compiled(base).cards.map((c) => c.name)).toEqual(["Medic", "Scholar"]);
    // Another card, with forms the game's cards already use: the scenario is the same test.
    expect(name(base + card("Other Scholar", "PLAY: Draw a card."))).toBe(name(base));
    // A card the scenario does not name, compiled otherwise, with its forms still in use: the same test.
    expect(name(base.replace("PLAY: Draw a card.", "PLAY: Gain 1 life.") + card("Reader", "PLAY: Draw a card."))).toBe(name(base));
    // The card it plays compiled otherwise: a new test.
    expect(name(base.replace("PLAY: Gain 1 life.", "PLAY: Gain 2 life."))).not.toBe(name(base));
    // A card bringing a kind of thing no card had (the engine decides some paths from the whole pool): a new test.
    expect(name(base + card("Brute", "PLAY: Destroy target unit."))).not.toBe(name(base));
    // The game's rules changed: a new test.
    const rules = { ...game, text: game.text.replace(/^param starting_life = \d+/m, "param starting_life = 12") };
    expect(rules.text).not.toBe(game.text);
    expect(compiledHashes(lowerWorkspace([rules, { path: "duel/t.cards", text: `set T "t" for duel\n${base}` }]).bundles.find((b) => b.game.id === "duel")!)(scenario)).not.toBe(name(base));
  });

  it("suite tests for the scenario runner: each expectation negated is a test that passes only when the scenario then fails at that line alone", () => {
    const { bundle } = gameSuite("duel");
    const scenarios = parseScenarioFile(
      `scenario "two expectations, the second false" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Scout"
}
expect p1 field count 1
expect p2 life 3
`,
      "n.scenario",
    ).scenarios;
    const plain = suiteTests([{ game: "duel", bundle, scenarios }]);
    expect(plain.map((t) => t.name.replace(/ #\w+$/, ""))).toEqual(["duel the simulator's random decks (seeds 1-5) pass the deck rules", "duel n.scenario:1 two expectations, the second false"]);
    // The deck test: the simulator's decks are legal; a game whose deck maximum is below its minimum has none that is.
    expect(plain[0]!.run()).toBeUndefined();
    const tight = { ...bundle, game: { ...bundle.game, deck: { ...bundle.game.deck, max: 1 } } };
    expect(suiteTests([{ game: "duel", bundle: tight, scenarios: [] }])[0]!.run()).toBe("the random deck of seed 1 breaks the deck rules: deck_too_small");
    const tests = suiteTests([{ game: "duel", bundle, scenarios }], { negated: true }).slice(1);
    expect(tests.map((t) => t.name.replace(/ #\w+$/, ""))).toEqual([
      "duel n.scenario:1 two expectations, the second false",
      "duel negated line 6: n.scenario:1 two expectations, the second false",
      "duel negated line 7: n.scenario:1 two expectations, the second false",
    ]);
    const [own, first, second] = tests.map((t) => t.run());
    expect(own).toMatch(/^n.scenario:7 expectation not met/);
    // Line 6 holds: negated, the scenario fails there — and at line 7, which already failed: not "there alone".
    expect(first).toMatch(/^n.scenario:6 negated: failed at 6 expectation not met; 7 expectation not met/);
    // Line 7 does not hold: negated, nothing fails — a runner that let it pass would be caught here.
    expect(second).toBe("n.scenario:7: the negated expectation passed");
    expect(negatedTests(scenarios[0]!).map((t) => t.negated.steps.map((s) => s.kind === "expect" && s.negate))).toEqual([[true, false], [false, true]]);
    // Sampled per form (kind, as written): five life expectations give NEGATED_PER_FORM negated tests, a "not" one its own.
    const many = parseScenarioFile(
      `scenario "many of one form" for duel
setup {
  turn 3 p1 phase Play
}
${["expect p1 life 10", "expect p2 life 10", "expect p1 life 10", "expect p2 life 10", "expect p1 life 10", "expect not p1 life 3"].join("\n")}
`,
      "m.scenario",
    ).scenarios;
    const forms = negatedTests(many[0]!).map((t) => t.form);
    expect(new Set(forms.slice(0, 5)).size).toBe(1);
    expect(forms[5]).toBe(`not ${forms[0]}`);
    const sampled = suiteTests([{ game: "duel", bundle, scenarios: many }], { negated: true }).slice(1);
    expect(sampled.length).toBe(1 + NEGATED_PER_FORM + 1);
    expect(sampled.map((t) => t.run())).toEqual(sampled.map(() => undefined));
  });

  it("scenario runner: a mutant's tests run those that killed most first, then the quickest", () => {
    const kills = new Map([["c", 3], ["b", 1]]);
    const timeOf = new Map([["a", 5], ["b", 50], ["c", 90], ["d", 1]]);
    expect(testOrder(["a", "b", "c", "d"], kills, timeOf)).toEqual(["c", "b", "d", "a"]);
  });

  it("module-level state of runtime/ can be emptied between games: every module-level Map or Set is a moduleCache/moduleSet, or listed here with why it cannot leak", () => {
    const cache = moduleCache<string, number>();
    const set = moduleSet<string>();
    cache.set("a", 1);
    set.add("b");
    clearModuleCaches();
    expect([cache.size, set.size]).toEqual([0, 0]);
    // Filled once as the module loads, or constants: the same in every game.
    // `slots` (per-game.ts) counts the perGame readers, each made once at a module's top level: a game's values live in its rules.derived.
    const loadTime = new Set(["ACTION_TYPES", "SHARED_KEYS", "MOMENT_BOUNDARIES", "HOLDERS", "nativeRules", "registered", "runStepsNow", "factories", "slots"]);
    // Scratch of one computation, reset on the way out (a mutant that breaks the reset is caught by the runner's confirmation of kills).
    const scratch = new Set(["top", "seenIds", "keywordRound"]);
    const found: string[] = [];
    for (const file of (readdirSync("runtime", { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts"))) {
      const ast = parseSync(readFileSync(path.join("runtime", file), "utf8"), { filename: file, configFile: false, babelrc: false, parserOpts: { plugins: ["typescript"] } })!;
      for (const node of ast.program.body) {
        const decl = node.type === "ExportNamedDeclaration" ? node.declaration : node;
        if (decl?.type !== "VariableDeclaration") continue;
        for (const d of decl.declarations) {
          const init = d.init?.type === "TSAsExpression" ? d.init.expression : d.init;
          const name = d.id.type === "Identifier" ? d.id.name : "?";
          const mutable = decl.kind === "let" || (init?.type === "NewExpression" && init.callee.type === "Identifier" && ["Map", "Set"].includes(init.callee.name));
          if (mutable && !loadTime.has(name) && !scratch.has(name)) found.push(`runtime/${file}: ${name}`);
        }
      }
    }
    expect(found, "module-level state in runtime/: make it with moduleCache()/moduleSet() (runtime/state/module-caches.ts) or a WeakMap keyed by the game's objects").toEqual([]);
  });
});

