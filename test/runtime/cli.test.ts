// `cardwright test` and `cardwright simulate` through main(), as a user runs them.
import { describe, expect, it, vi } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../../cli/main.ts";
import { runTests } from "../../cli/commands/test.ts";

async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), out };
  } finally {
    spy.mockRestore();
  }
}

describe("cardwright test", () => {
  it("passes on the Duel scenarios", async () => {
    const report = await runTests(["cards/duel"]);
    expect(report.scenarios).toBeGreaterThan(70);
    expect(report.failed).toBe(0);
    expect(report.fileErrors).toBe(0);
  });

  it("reports a failing expectation as file:line with expected and actual, and exits 1", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-scenario-"));
    const file = path.join(dir, "wrong.scenario");
    writeFileSync(file, `scenario "wrong" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n}\np1 attack p2 with "Scout"\nexpect p2 life 5\n`);
    const { code, out } = await run(["test", file]);
    expect(code).toBe(1);
    expect(out).toMatch(/wrong\.scenario:7: expectation not met\n\s+expected: p2 life 5\n\s+actual:\s+p2 life 9/);
  });
});

describe("cardwright simulate", () => {
  it("prints the same output for the same seed and finds no violation", async () => {
    const first = await run(["simulate", "--game", "duel", "--games", "5", "--seed", "7"]);
    const second = await run(["simulate", "--game", "duel", "--games", "5", "--seed", "7"]);
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    expect(first.out).toMatch(/trace hash: [0-9a-f]{8}/);
    expect(first.out).toContain("invariant violations: 0");
  });
});
