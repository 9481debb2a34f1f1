/**
 * The fuzz harness inside `npm test` (issue 13): every failure `npm run fuzz` ever found and saved
 * under test/fuzz-fixtures/ is replayed, and each target runs a short, deterministic round (fixed
 * seed, fixed number of inputs) — the engine boundary, the public compiler API, the CLI and the
 * studio server. `npm run fuzz -- --minutes N` is the long run (figures: docs/fuzzing.md).
 */
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { TARGETS, propertyOf } from "../../fuzz/targets.ts";

const fixtures = fileURLToPath(new URL("../fuzz-fixtures/", import.meta.url));
const saved = readdirSync(fixtures).filter((name) => name.endsWith(".json")).sort();
const RUNS: Record<string, number> = { engine: 60, api: 40, cli: 8, server: 12 };

afterAll(async () => {
  for (const t of TARGETS) await t.close?.();
});

describe("fuzz fixtures (failures once found, minimised) stay fixed", () => {
  it("has fixtures to replay", () => expect(saved.length).toBeGreaterThan(0));
  for (const name of saved) {
    it(name, { timeout: 120_000 }, async () => {
      const fixture = JSON.parse(readFileSync(fixtures + name, "utf8")) as { target: string; failure: string; case: unknown };
      const target = TARGETS.find((t) => t.name === fixture.target);
      expect(target, `a fuzz target named ${fixture.target}`).toBeDefined();
      expect(await target!.run(fixture.case)).toBeUndefined();
    });
  }
});

describe("a short deterministic fuzz round per target", () => {
  for (const t of TARGETS) {
    it(`${t.name}: ${t.what}`, { timeout: 600_000 }, async () => {
      await fc.assert(propertyOf(t), { seed: 20261201, numRuns: RUNS[t.name] ?? 10 });
    });
  }
});
