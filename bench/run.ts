/**
 * `npm run bench`: runs every benchmark in bench/ one after another, each in its own process
 * (a fresh heap and JIT per bench, so one cannot skew another), and lets each print its figures.
 *
 *   npm run bench                 # all of them
 *   npm run bench -- frontend     # only those whose file name contains "frontend"
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(benchDir)
  .filter((file) => file.endsWith(".ts") && file !== "run.ts")
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

let failures = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(benchDir, file)], { stdio: "inherit" });
  if (result.status !== 0) {
    failures++;
    console.log(`bench/${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exitCode = failures > 0 ? 1 : 0;
