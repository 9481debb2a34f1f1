/**
 * mutation/unreached.ts: the list of runtime/'s branches no scenario reaches. Its marking must leave what the code does
 * as it was (every mark returns or passes on the value it wraps), record each outcome it is reached by, and list only
 * the outermost of nested unreached places.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { PROBE, instrument, outermost, renderList } from "../../mutation/unreached.ts";

const source = `
export function f(a: number, b?: string): string {
  if (a > 1) return "big";
  else if (a < 0) { return b ?? "negative"; }
  const g = (x: number) => (x ? 1 : 2);
  switch (b) {
    case "a":
    case "b":
      return "ab" + g(a);
    default:
      break;
  }
  return a > 0 && b ? "p" : "q";
}
export function never(): number {
  if (Math.random() > 2) return 1;
  return 0;
}
`;

/** Runs the marked module's `f` on each argument list (the module written out and imported): its answers and the marks hit. */
async function runMarked(calls: [number, string?][]) {
  const { code, marks } = instrument("m.ts", source, 0);
  const hit = new Set<number>();
  // The marked code calls the probe global by name, as in mutation/unreached.ts's scratch tree.
  (globalThis as Record<string, unknown>)[PROBE] = { h: (id: number) => void hit.add(id), c: (t: number, f: number, v: unknown) => (hit.add(v ? t : f), v) };
  const dir = mkdtempSync(path.join(tmpdir(), "cw-unreached-test-"));
  try {
    const file = path.join(dir, "m.mjs");
    writeFileSync(file, ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const { f } = (await import(pathToFileURL(file).href)) as { f: (a: number, b?: string) => string };
    return { answers: calls.map(([a, b]) => f(a, b)), marks, hit };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("mutation/unreached.ts", () => {
  it("marks every decision without changing what the code answers", async () => {
    const calls: [number, string?][] = [[2], [-1], [-1, "x"], [0, "a"], [0, "b"], [1, "z"], [0]];
    const plain = calls.map(([a, b]) => (a > 1 ? "big" : a < 0 ? (b ?? "negative") : b === "a" || b === "b" ? "ab" + (a ? 1 : 2) : a > 0 && b ? "p" : "q"));
    expect((await runMarked(calls)).answers).toEqual(plain);
  });

  it("records each outcome reached, and lists what was not: a function never called once, with its inner marks counted under it", async () => {
    const { marks, hit } = await runMarked([[2], [0, "a"]]);
    const unreached = marks.filter((_, i) => !hit.has(i));
    const listed = outermost(unreached).map(({ mark, inside }) => `${mark.line} ${mark.kind}${inside ? ` +${inside}` : ""}`);
    expect(listed).toContain("15 function never called: never +2");
    // `a < 0` was evaluated (false) but never true: its branch is listed, with the `??` inside it counted.
    expect(listed).toContain("4 if: never true +1");
    expect(listed).not.toContain("4 right of ?? never evaluated");
    // g was called with 0 only; the case "a" taken falls through into case "b".
    expect(listed).toContain("5 ternary: never true");
    expect(listed).toContain("10 default never taken");
    expect(listed.some((l) => l.startsWith("3 ") || l.startsWith("7 ") || l.startsWith("8 "))).toBe(false);
  });

  it("writes one line for a condition never evaluated at all, and the counts above the list", async () => {
    const { marks, hit } = await runMarked([[2]]);
    const page = renderList(marks, hit, "abc1234", { total: 1, failed: [] });
    expect(page).toContain("- 13: ternary `a > 0 && b` never reached");
    expect(page).toContain("- 4: if `a > 1` never false (+3 inside) — `if (a < 0) { return b ?? \"negative\"; }`");
    expect(page).toContain(`**${marks.length} marks, ${marks.length - hit.size} never reached; 8 places listed.**`);
  });
});
