/**
 * AST baselines (TypeScript-compiler style): each fixture `test/fixtures/ast/*.cards|*.game`
 * has its expected tree and syntax diagnostics beside it in `*.ast.json`, ranges included.
 * `UPDATE_BASELINES=1 npx vitest run test/grammar` rewrites them; review the diff.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/build.ts";
import { filesUnder, read, rel, repoRoot } from "./helpers.ts";

const fixtureDir = join(repoRoot, "test", "fixtures", "ast");
const fixtures = filesUnder(fixtureDir, [".cards", ".game"]).filter((f) => !f.includes(`${join("ast", "errors")}`));

describe("AST baselines", () => {
  it("has fixtures", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });
  for (const path of fixtures) {
    it(rel(path), () => {
      const { ast, diagnostics } = parseDocument(read(path), rel(path));
      const actual = `${JSON.stringify({ diagnostics, ast }, null, 1)}\n`;
      const baseline = path.replace(/\.(cards|game)$/, ".ast.json");
      if (process.env["UPDATE_BASELINES"] === "1" || !existsSync(baseline)) writeFileSync(baseline, actual);
      expect(actual).toBe(read(baseline));
    });
  }
});
