// runtime/ is layered in folders and has no import cycle (value imports: under verbatimModuleSyntax
// only `import type` / `export type` disappear; `import { type A }` still loads the module).
// Bottom to top: state/ → core/ → models/ → mechanics/ → engine/ → bots/ → the public files (index.ts,
// scenario.ts, simulate.ts). A folder imports only from folders below it (or itself), so the core
// never reaches a response model or a game's mechanics; runtime/ never imports Node, the DOM's
// libraries or a layer above it.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const LAYERS = ["state", "core", "models", "mechanics", "engine", "bots"] as const;
const rank = (file: string): number => {
  const folder = file.split("/")[1]!;
  const index = (LAYERS as readonly string[]).indexOf(folder);
  return index >= 0 ? index : file.split("/").length === 2 ? LAYERS.length : -1;
};

function runtimeFiles(dir = "runtime"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? runtimeFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** Every module a file loads at run time: its value imports and re-exports, and bare imports. */
export function valueImports(source: string): string[] {
  const out: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)([^;"]*?)\s+from\s+"([^"]+)"/gm)) out.push(m[2]!);
  for (const m of code.matchAll(/^\s*import\s+"([^"]+)"/gm)) out.push(m[1]!);
  return out;
}

/** The import cycles of a graph (each strongly connected group of more than one file, or a file importing itself). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

const files = runtimeFiles().sort();
const imports = new Map(files.map((file) => [file, valueImports(readFileSync(file, "utf8"))]));
const graph = new Map(files.map((file) => [file, imports.get(file)!.filter((s) => s.startsWith(".")).map((s) => path.normalize(path.join(path.dirname(file), s)))]));

describe("runtime/ layering", () => {
  it("the import scanner and the cycle finder see what they must", () => {
    expect(valueImports(`import type { A } from "./a.ts";\nimport { type B, c } from "./b.ts";\nimport "./d.ts";\nexport * from "./e.ts";\nexport type { F } from "./f.ts";\n// import { g } from "./g.ts";`)).toEqual(["./b.ts", "./e.ts", "./d.ts"]);
    const cyclic = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]], ["e", ["e"]]]);
    expect(importCycles(cyclic)).toEqual([["a", "b", "c"], ["e"]]);
    expect(importCycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(files.length).toBeGreaterThan(25);
    expect(importCycles(graph)).toEqual([]);
  });

  it("every file sits in a layer, and imports only from its own layer or those below", () => {
    expect(files.filter((f) => rank(f) < 0)).toEqual([]);
    const upward: string[] = [];
    for (const [file, targets] of graph) for (const target of targets) if (target.startsWith("runtime/") && rank(target) > rank(file)) upward.push(`${file} → ${target}`);
    expect(upward).toEqual([]);
  });

  it("never imports a layer above the runtime, Node, React, Monaco or the DOM's libraries", () => {
    const outside: string[] = [];
    for (const [file, specs] of imports) {
      for (const spec of specs) {
        const target = spec.startsWith(".") ? path.normalize(path.join(path.dirname(file), spec)) : spec;
        const top = target.split("/")[0]!;
        if (spec.startsWith(".") ? !["runtime", "compiler", "grammar"].includes(top) : /^(node:|react|monaco-editor|@xstate\/react|fs$|path$|worker_threads)/.test(spec)) outside.push(`${file} → ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
