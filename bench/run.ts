/**
 * `npm run bench`: runs every benchmark in bench/ one after another, each in its own process
 * (a fresh heap and JIT per bench, so one cannot skew another), lets each print its figures,
 * and ends with one table of every figure that has a goal (ratios measured in the same run).
 *
 *   npm run bench                 # all of them
 *   npm run bench -- frontend     # only those whose file name contains "frontend"
 *
 * Helpers live in bench/lib/ (not benches).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printTable, type GoalFigure } from "./lib/measure.ts";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(benchDir)
  .filter((file) => file.endsWith(".ts") && file !== "run.ts")
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

const goalsDir = mkdtempSync(path.join(tmpdir(), "cw-bench-goals-"));
const goalsFile = path.join(goalsDir, "goals.jsonl");
let failures = 0;
try {
  for (const file of benches) {
    console.log(`\n=== bench/${file} ===`);
    // --expose-gc: a bench collects garbage before each timing, so one run's garbage is not charged to the next.
    const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", path.join(benchDir, file)], {
      stdio: "inherit",
      env: { ...process.env, CARDWRIGHT_BENCH_GOALS: goalsFile },
    });
    if (result.status !== 0) {
      failures++;
      console.log(`bench/${file} exited with ${result.status ?? result.signal}`);
    }
  }
  let goals: GoalFigure[] = [];
  try {
    goals = readFileSync(goalsFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as GoalFigure);
  } catch {
    // no bench reported a goal
  }
  if (goals.length > 0) {
    console.log("\n=== goals (median (min–max) of interleaved rounds) ===");
    printTable([["figure", "measured", "goal", "met"], ...goals.map((g) => [g.figure, g.measured, g.goal, g.met ? "yes" : "NO"])]);
  }
} finally {
  rmSync(goalsDir, { recursive: true, force: true });
}
process.exitCode = failures > 0 ? 1 : 0;
