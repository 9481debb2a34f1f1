/**
 * `npx tsx mutation/unreached.ts [--out FILE] [--suite FILE]`: the branches of runtime/ that no scenario reaches.
 *
 * A mutant in code no scenario runs is "not covered" whatever it changes, and a survivor in a branch no scenario
 * takes is a rule no scenario states: this list says where scenarios are missing, for every module at once and
 * in one run of the suite (Stryker reports it only per measured module, and only per mutant).
 *
 * How: runtime/ is copied into a scratch tree with every decision marked (`instrument`): each `if`, `? :`
 * and loop condition records whether it was ever true and ever false, each right operand of `&&`, `||` and `??`,
 * each `case` / `default` clause, each `catch` and each function body records that it ran. The rest of the worktree
 * is linked in unchanged. The scenario suite (mutation/suite-tests.ts: every scenario of cards/*\/ and of the test
 * games, and the random-deck test — what Stryker runs) is run there once, one engine per test as Stryker's initial
 * run does, and every mark never hit is listed — only the outermost: a branch inside a function or branch that never
 * ran is counted under it, not listed again. runtime/bots/ is left out (no scenario plays a bot: docs/mutation.md).
 *
 * The list is written to docs/mutation-unreached.md (or --out): per module, each unreached place's line, what it is
 * and its first line of source. The suite is the one `npm run mutation -- --prepare` compiled when it is current
 * (reports/mutation/suite-<key>.json), else compiled here.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");

/** One mark: where it is in its module and what reaching it means. */
export interface Mark {
  module: string;
  line: number;
  /** What was not reached: "then" (the condition was never true), "else" (never false), "right of &&", "case", "function", … */
  kind: string;
  /** The code of the branch (its first line), or of the condition when the branch is implicit. */
  code: string;
  /** The source range the branch covers (character offsets; -1 for an implicit branch): marks inside an unreached range are not listed again. */
  from: number;
  to: number;
  /** Where the mark is (the condition's or the node's start), and its line. */
  at: number;
  atLine: number;
  /** A condition's mark: the condition's first line. */
  condition?: string;
}

/** The global the marked code calls (set on globalThis before the marked runtime/ is imported). */
export const PROBE = "__cwUnreached";

interface Insertion {
  pos: number;
  text: string;
  /** Nesting depth of the node: at one position, outer openings come first and inner closings first. */
  depth: number;
  closing: boolean;
}

/** A module's source with every decision marked, and its marks (numbered from `firstId`). */
export function instrument(module: string, source: string, firstId: number): { code: string; marks: Mark[] } {
  const file = ts.createSourceFile(module, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const marks: Mark[] = [];
  const insertions: Insertion[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const firstLine = (node: ts.Node) => node.getText(file).split("\n")[0]!.trim().slice(0, 110);
  const mark = (kind: string, at: ts.Node, range: ts.Node | undefined, code = firstLine(range ?? at), condition?: string) => {
    const start = (range ?? at).getStart(file);
    marks.push({ module, line: lineOf(start), kind, code, from: range ? start : -1, to: range ? range.end : -1, at: at.getStart(file), atLine: lineOf(at.getStart(file)), ...(condition ? { condition } : {}) });
    return firstId + marks.length - 1;
  };
  /** Wraps an expression: `before(` … `)`. */
  const wrap = (node: ts.Node, before: string, depth: number) => {
    insertions.push({ pos: node.getStart(file), text: before, depth, closing: false });
    insertions.push({ pos: node.end, text: ")", depth, closing: true });
  };
  /** Marks a condition: its true and false outcomes, the branches they lead to (when written). */
  const condition = (cond: ts.Expression, whenTrue: ts.Node | undefined, whenFalse: ts.Node | undefined, depth: number, what: string) => {
    const t = mark(`${what}: never true`, cond, whenTrue, whenTrue ? firstLine(whenTrue) : firstLine(cond), firstLine(cond));
    const f = mark(`${what}: never false`, cond, whenFalse, whenFalse ? firstLine(whenFalse) : firstLine(cond), firstLine(cond));
    wrap(cond, `${PROBE}.c(${t},${f},`, depth);
  };
  /** Marks the start of a statement list (a block's or a clause's). */
  const atStart = (pos: number, id: number, depth: number) => insertions.push({ pos, text: `${PROBE}.h(${id});`, depth, closing: false });

  const visit = (node: ts.Node, depth: number): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isImportDeclaration(node)) return;
    if (ts.isIfStatement(node)) {
      condition(node.expression, node.thenStatement, node.elseStatement, depth, "if");
    } else if (ts.isConditionalExpression(node)) {
      condition(node.condition, node.whenTrue, node.whenFalse, depth, "ternary");
    } else if ((ts.isWhileStatement(node) || ts.isDoStatement(node)) && node.expression) {
      condition(node.expression, ts.isWhileStatement(node) ? node.statement : undefined, undefined, depth, ts.isWhileStatement(node) ? "while" : "do-while");
    } else if (ts.isForStatement(node) && node.condition) {
      condition(node.condition, node.statement, undefined, depth, "for");
    } else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
      const id = mark(`right of ${node.operatorToken.getText(file)} never evaluated`, node.right, node.right);
      wrap(node.right, `(${PROBE}.h(${id}),`, depth);
    } else if (ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      const id = mark(ts.isCaseClause(node) ? "case never taken" : "default never taken", node, node, firstLine(node));
      atStart(node.statements.pos, id, depth);
    } else if (ts.isCatchClause(node)) {
      const id = mark("catch never entered", node, node.block);
      atStart(node.block.getStart(file) + 1, id, depth);
    } else if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) && node.body) {
      const name = node.name && !ts.isComputedPropertyName(node.name) ? node.name.getText(file) : ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? "(a function written in place)" : "(a function)";
      const id = mark(`function never called: ${name}`, node, node.body, firstLine(node));
      if (ts.isBlock(node.body)) atStart(node.body.getStart(file) + 1, id, depth);
      else wrap(node.body, `(${PROBE}.h(${id}),`, depth);
    }
    ts.forEachChild(node, (child) => visit(child, depth + 1));
  };
  visit(file, 0);

  const byPos = new Map<number, Insertion[]>();
  for (const ins of insertions) byPos.set(ins.pos, [...(byPos.get(ins.pos) ?? []), ins]);
  let code = source;
  for (const pos of [...byPos.keys()].sort((a, b) => b - a)) {
    const here = byPos.get(pos)!;
    const closings = here.filter((i) => i.closing).sort((a, b) => b.depth - a.depth);
    const openings = here.filter((i) => !i.closing).sort((a, b) => a.depth - b.depth);
    code = code.slice(0, pos) + [...closings, ...openings].map((i) => i.text).join("") + code.slice(pos);
  }
  return { code, marks };
}

/** The marks never hit, outermost only (a mark inside an unreached range of its module is counted under it). */
export function outermost(unreached: Mark[]): { mark: Mark; inside: number }[] {
  // A mark without a range (an implicit branch) sits at its condition.
  const span = (m: Mark): [number, number] => (m.from >= 0 ? [m.from, m.to] : [m.at, m.at]);
  const order = new Map(unreached.map((m, i) => [m, i]));
  const contains = (r: Mark, m: Mark) => {
    if (r === m || r.from < 0 || r.module !== m.module) return false;
    const [from, to] = span(m);
    if (r.from > from || to > r.to) return false;
    // The same range twice: the first marked (the outer node, marks are made in pre-order) holds the other.
    return r.from !== from || r.to !== to || order.get(r)! < order.get(m)!;
  };
  const byModule = new Map<string, Mark[]>();
  for (const m of unreached) if (m.from >= 0) byModule.set(m.module, [...(byModule.get(m.module) ?? []), m]);
  const ranges = (m: Mark) => byModule.get(m.module) ?? [];
  return unreached
    .filter((m) => !ranges(m).some((r) => contains(r, m)))
    .map((mark) => ({ mark, inside: unreached.filter((m) => contains(mark, m)).length }));
}

/** runtime/'s modules the list covers: every .ts but the bots. */
function modules(base: string): string[] {
  return (readdirSync(path.join(base, "runtime"), { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.startsWith(`bots${path.sep}`))
    .map((f) => `runtime/${f.split(path.sep).join("/")}`)
    .sort();
}

/** The compiled suite: `--suite`, else the one --prepare kept for the tree as it is, else compiled now. */
async function suiteFile(args: string[], scratch: string): Promise<string> {
  const named = args[args.indexOf("--suite") + 1];
  if (args.includes("--suite") && named) return path.resolve(named);
  const { suiteKey } = await import("../scripts/mutation.ts");
  const kept = path.join(root, "reports", "mutation", `suite-${suiteKey(root)}.json`);
  if (existsSync(kept)) return kept;
  const fresh = path.join(scratch, "suite.json");
  execFileSync("npx", ["tsx", "mutation/scenario-suite.ts", fresh], { cwd: root, stdio: "inherit" });
  return fresh;
}

const quote = (code: string) => code.replace(/`/g, "'");
/** A place's line: what was not reached — a condition's outcome names the condition — and the code there (the branch). */
const describe = ({ mark, inside }: { mark: Mark; inside: number }) => {
  const outcome = /^(.*): (never (?:true|false))$/.exec(mark.kind);
  const what = outcome && mark.condition !== undefined ? `${outcome[1]} \`${quote(mark.condition)}\` ${outcome[2]}` : mark.kind;
  const code = mark.from < 0 && mark.condition !== undefined ? "" : ` — \`${quote(mark.code)}\``;
  return `${what}${inside ? ` (+${inside} inside)` : ""}${code}`;
};

/** Renders the list: per module, each outermost unreached place. */
export function renderList(all: Mark[], hit: Set<number>, commit: string, tests: { total: number; failed: string[] }): string {
  const unreached = all.filter((_, i) => !hit.has(i));
  const listed = outermost(unreached);
  const lines = [
    "# Branches of runtime/ no scenario reaches",
    "",
    `Made by \`npx tsx mutation/unreached.ts\` at ${commit} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC): the scenario suite`,
    `(${tests.total} tests: every scenario of cards/*/ and of the test games, and the random-deck test per game) run once over runtime/`,
    "with every decision marked (mutation/unreached.ts says how). Each line: where, what was never reached, the code there.",
    "A condition (of an `if`, a ternary, a loop) `never true` was evaluated but never held, so its branch (the code shown) never",
    "ran; `never false`: it always held (the code shown is its else branch, none when it has none); `never reached`: not evaluated",
    "at all. A function never called, a `case` never taken, the right side of `&&` / `||` / `??` never evaluated. Only the",
    "outermost place is listed: `(+N inside)` counts the marks within it. runtime/bots/ is left out.",
    "",
  ];
  const body: string[] = [];
  let placesListed = 0;
  const byModule = new Map<string, { mark: Mark; inside: number }[]>();
  for (const entry of listed) byModule.set(entry.mark.module, [...(byModule.get(entry.mark.module) ?? []), entry]);
  for (const [module, entries] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    const total = all.filter((m) => m.module === module).length;
    // A condition never evaluated at all (neither outcome reached): one line, at the condition.
    const places: { line: number; text: string }[] = [];
    const conditions = new Map<string, { place: { line: number; text: string }; inside: number }>();
    for (const { mark, inside } of entries) {
      const what = /^(.*): never (true|false)$/.exec(mark.kind)?.[1];
      const key = `${mark.at} ${what}`;
      const twin = what ? conditions.get(key) : undefined;
      if (twin) {
        twin.place.line = mark.atLine;
        twin.place.text = `${what} \`${quote(mark.condition ?? "")}\` never reached${twin.inside + inside ? ` (+${twin.inside + inside} inside)` : ""}`;
        continue;
      }
      const place = { line: mark.line, text: describe({ mark, inside }) };
      places.push(place);
      if (what) conditions.set(key, { place, inside });
    }
    placesListed += places.length;
    body.push(`## ${module} (${places.length} places; ${unreached.filter((m) => m.module === module).length} of ${total} marks unreached)`, "");
    for (const place of places.sort((a, b) => a.line - b.line)) body.push(`- ${place.line}: ${place.text}`);
    body.push("");
  }
  lines.push(
    `**${all.length} marks, ${unreached.length} never reached; ${placesListed} places listed.**`,
    ...(tests.failed.length ? ["", `Failed in this run (${tests.failed.length}): ${tests.failed.join("; ")}`] : []),
    "",
    ...body,
  );
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("mutation/unreached.ts")) {
  const args = process.argv.slice(2);
  const out = path.resolve(args.includes("--out") ? args[args.indexOf("--out") + 1]! : path.join(root, "docs", "mutation-unreached.md"));
  const scratch = mkdtempSync(path.join(tmpdir(), "cw-unreached-"));
  // The commit the tree was copied from (a commit made while the suite runs is not in this list).
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  try {
    // The scratch tree: runtime/ and mutation/ copied (runtime/ marked), everything else linked.
    for (const entry of readdirSync(root)) {
      if (entry === "runtime" || entry === "mutation" || entry === ".git") continue;
      symlinkSync(path.join(root, entry), path.join(scratch, entry));
    }
    cpSync(path.join(root, "mutation"), path.join(scratch, "mutation"), { recursive: true });
    cpSync(path.join(root, "runtime"), path.join(scratch, "runtime"), { recursive: true });
    const all: Mark[] = [];
    for (const module of modules(root)) {
      const { code, marks } = instrument(module, readFileSync(path.join(root, module), "utf8"), all.length);
      all.push(...marks);
      mkdirSync(path.dirname(path.join(scratch, module)), { recursive: true });
      writeFileSync(path.join(scratch, module), code);
    }
    const hit = new Set<number>();
    (globalThis as Record<string, unknown>)[PROBE] = {
      h: (id: number) => void hit.add(id),
      c: (whenTrue: number, whenFalse: number, value: unknown) => {
        hit.add(value ? whenTrue : whenFalse);
        return value;
      },
    };
    process.env.MUTATION_SUITE = await suiteFile(args, scratch);
    const started = Date.now();
    const harness = (await import(pathToFileURL(path.join(scratch, "mutation", "suite-tests.ts")).href)) as typeof import("./suite-tests.ts");
    const tests = await harness.loadSuiteTests();
    const failed: string[] = [];
    for (const test of tests) if (test.run() !== undefined) failed.push(test.name);
    writeFileSync(out, renderList(all, hit, commit, { total: tests.length, failed }));
    const unreached = all.length - [...hit].length;
    console.log(`unreached: ${tests.length} tests (${failed.length} failed) in ${Math.round((Date.now() - started) / 1000)} s; ${all.length} marks, ${unreached} never reached; written to ${path.relative(root, out)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
