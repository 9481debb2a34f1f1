/**
 * Issue 12, session 39 (rules engineer): scenario tests that cannot lie. Each test below fails on the main it was written
 * against: a run that exited 0 with a stretch left unchecked, a failure that gave the actual value without how it came to
 * be, a mistaken line that passed.
 */
import { mkdtempSync, copyFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { cli } from "./helpers.ts";
import { runTests, strictByDefault } from "../../cli/commands/test.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "cw-rules-s39-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A duel game folder in a scratch directory, with the given scenario file. */
function duelFolder(name: string, scenario: string): string {
  const folder = mkdtempSync(path.join(scratch, `${name}-`));
  for (const file of ["duel.game", "core.cards"]) copyFileSync(`cards/duel/${file}`, path.join(folder, file));
  writeFileSync(path.join(folder, "s.scenario"), scenario);
  return folder;
}

describe("`cardwright test --strict`: a scenario that passes with a warning fails, each warning at its file:line", () => {
  afterEach(() => vi.unstubAllEnvs());
  // p1's decks are empty the whole scenario: `expect no event draw p1` could not fail, a warning (session 38). On main the
  // run exited 0 whatever the flags; there was no --strict.
  const warned = `scenario "no draw from nothing" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Scout"
}
p1 end turn
expect no event draw p1
`;
  const ok = `scenario "plain" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Scout"
}
p1 play "Scout"
expect p1 field has "Scout"
`;

  it("without CI and without a flag the run passes with the warning counted, and says --strict fails it (exit 0)", async () => {
    vi.stubEnv("CI", "");
    const { code, out } = await cli(["test", duelFolder("lenient", warned)]);
    expect(code).toBe(0);
    expect(out).toMatch(/⚠ .*s\.scenario:1: no draw from nothing\n    warning .*s\.scenario:7: .*could not fail/);
    expect(out).toMatch(/1 scenario: 1 passed \(1 with a warning; --strict fails them\), 0 failed\n$/);
  });

  it("--strict fails it (exit 1), the warning at its file:line; a clean scenario beside it still passes", async () => {
    vi.stubEnv("CI", "");
    const folder = duelFolder("strict", warned);
    writeFileSync(path.join(folder, "ok.scenario"), ok);
    const { code, out } = await cli(["test", "--strict", folder]);
    expect(code).toBe(1);
    expect(out).toMatch(/✗ .*s\.scenario:1: no draw from nothing\n    .*s\.scenario:7: warning \(fails the run: --strict\): .*could not fail/);
    expect(out).toMatch(/2 scenarios: 1 passed, 1 failed \(1 by a warning: --strict\)\n$/);
    // The same folder without the warned scenario: strict changes nothing.
    const clean = duelFolder("strict-clean", ok);
    expect((await cli(["test", "--strict", clean])).code).toBe(0);
  });

  it("where CI is set a run is strict by default; --no-strict turns it off", async () => {
    vi.stubEnv("CI", "true");
    const folder = duelFolder("ci", warned);
    expect((await cli(["test", folder])).code).toBe(1);
    const lenient = await cli(["test", "--no-strict", folder]);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toMatch(/1 passed \(1 with a warning; --strict fails them\)/);
    expect([strictByDefault({ CI: "1" }), strictByDefault({ CI: "true" }), strictByDefault({ CI: "false" }), strictByDefault({ CI: "0" }), strictByDefault({ CI: "" }), strictByDefault({})]).toEqual([true, true, false, false, false, false]);
  });

  it("runTests counts it: warned without strict, failed by a warning with it", async () => {
    const folder = duelFolder("report", warned);
    const lenient = await runTests([folder]);
    expect([lenient.passed, lenient.warned, lenient.failed, lenient.failedByWarning]).toEqual([1, 1, 0, 0]);
    const strict = await runTests([folder], { strict: true });
    expect([strict.passed, strict.warned, strict.failed, strict.failedByWarning]).toEqual([0, 0, 1, 1]);
  });

  it("--help says what --strict and --no-strict do", async () => {
    const { out } = await cli(["test", "--help"]);
    expect(out).toMatch(/--strict +a scenario that passes with a warning/);
    expect(out).toMatch(/--no-strict/);
  });
});
