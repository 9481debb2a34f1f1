/**
 * The mutation page (docs/mutation.md) is generated from docs/mutation-scores.json by
 * scripts/mutation.ts; the counts come from Stryker's JSON report. The runs themselves are not
 * part of the tests (hours on this machine): `npm run mutation`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { parseSync, traverse, type NodePath } from "@babel/core";
import { NOT_MEASURED, batches, mergeIncremental, renderPage, scoreOf, type ModuleScore } from "../../scripts/mutation.ts";
// @ts-expect-error a plain JS Stryker plugin (no types)
import { MESSAGE_TEXT, strykerPlugins } from "../../mutation/message-text-ignorer.mjs";

/** The source text of every node the message-text ignorer leaves out, outermost only (Stryker ignores a node's whole subtree). */
function ignoredParts(source: string): string[] {
  const ignorer = new (strykerPlugins[0].injectableClass as new () => { shouldIgnore(path: NodePath): string | undefined })();
  const ast = parseSync(source, { filename: "x.ts", presets: [], plugins: [], parserOpts: { plugins: ["typescript"], allowReturnOutsideFunction: true }, configFile: false, babelrc: false })!;
  const out: string[] = [];
  traverse(ast, {
    enter(path) {
      const reason = ignorer.shouldIgnore(path);
      if (reason) {
        expect(reason).toBe(MESSAGE_TEXT);
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
        "runtime/mechanics/unique.ts": { mutants: [...["Killed", "Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "CompileError"].map((status) => ({ status })), { status: "Ignored", statusReason: MESSAGE_TEXT }] },
        "runtime/mechanics/bleed.ts": { mutants: [{ status: "Survived" }] },
      },
    };
    expect(scoreOf(report, "runtime/mechanics/unique.ts")).toEqual({ mutants: 8, killed: 2, timeout: 1, survived: 1, noCoverage: 1, ignored: 2, messageText: 1, errors: 1, score: 60 });
  });

  it("leave out the text of messages, and nothing else: not the call, the code, the data or the conditions", () => {
    const source = [
      "if (limit > 1 && tally >= limit) return refuse(\"limit_reached\", `only ${limit} per turn`);",
      "emit(ctx, \"draw\", `${player} draws ${n}`, { player, amount: n });",
      "const r = { code: \"not_in_hand\", message: \"Shatter a card from your hand\" };",
      "const p = { kind: \"targets\", prompt: `choose ${spec.text}`, options };",
      "const q = { message };",
      "fail(step.line, \"expectation not met\", v.expected, v.actual, at);",
      "if (!card) throw new SetupError(`no card ${name}`);",
      "const e = new Error(\"kept: not thrown here\");",
      "refuseShortfall(name, need, have, `needs ${need}`);",
      "other(ctx, \"kind\", \"text\");",
    ].join("\n");
    expect(ignoredParts(source)).toEqual(["`only ${limit} per turn`", "`${player} draws ${n}`", '"Shatter a card from your hand"', "`choose ${spec.text}`", '"expectation not met"', "v.expected", "v.actual", "`no card ${name}`", "`needs ${need}`"]);
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
});
