/**
 * `npm run fuzz -- --minutes N [--seed S] [--targets engine,api,cli,server]`: drives every fuzz
 * target in turn, in slices of at most 30 s, until the time is up. A failure is shrunk by
 * fast-check to a small case and saved as a fixture under test/fuzz-fixtures/ (replayed by
 * `npm test`: test/hostile/fuzz.test.ts). Prints inputs tried and failures per target, as a
 * Markdown table for docs/fuzzing.md.
 */
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { TARGETS, propertyOf } from "./targets.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const minutes = Number(option("minutes") ?? 1);
const seed = Number(option("seed") ?? Date.now() % 2 ** 31);
const wanted = option("targets")?.split(",");
const targets = TARGETS.filter((t) => !wanted || wanted.includes(t.name));
const fixtures = fileURLToPath(new URL("../test/fuzz-fixtures/", import.meta.url));

const tally = new Map(targets.map((t) => [t.name, { inputs: 0, failures: 0, ms: 0 }]));
const deadline = Date.now() + minutes * 60_000;
const slice = Math.min(30_000, Math.max(5_000, (minutes * 60_000) / (targets.length * 4)));
console.log(`fuzzing ${targets.map((t) => t.name).join(", ")} for ${minutes} min, seed ${seed}`);
for (let round = 0; Date.now() < deadline; round++) {
  for (const t of targets) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const started = Date.now();
    const result = await fc.check(propertyOf(t), { seed: seed + round * 7919 + t.name.length, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: Math.min(slice, left), markInterruptAsFailure: false });
    const entry = tally.get(t.name)!;
    entry.inputs += result.numRuns;
    entry.ms += Date.now() - started;
    if (result.failed && result.counterexample) {
      entry.failures++;
      const [c] = result.counterexample;
      const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      const id = createHash("sha256").update(JSON.stringify(c)).digest("hex").slice(0, 10);
      mkdirSync(fixtures, { recursive: true });
      const file = `${fixtures}${t.name}-${id}.json`;
      writeFileSync(file, `${JSON.stringify({ target: t.name, failure: error, case: c }, null, 2)}\n`);
      console.log(`✗ ${t.name}: ${error.split("\n")[0]}\n  shrunk case saved to ${file}`);
    }
  }
}
for (const t of targets) await t.close?.();
console.log(`\n| target | what | inputs tried | failures |\n|---|---|---:|---:|`);
for (const t of targets) {
  const e = tally.get(t.name)!;
  console.log(`| ${t.name} | ${t.what} | ${e.inputs.toLocaleString("en")} | ${e.failures} |`);
}
process.exitCode = [...tally.values()].some((e) => e.failures > 0) ? 1 : 0;
