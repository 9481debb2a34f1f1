/**
 * Run by fresh-process.test.ts in a separate Node process that may read only the runtime, the
 * scenario parser and the export directory (Node's permission model): loads an engine-neutral
 * export, runs scenario files against it, prints one JSON line with the results.
 *
 * usage: play-export.ts <export.json> <probe path> <scenario files...>
 */
import { readFileSync } from "node:fs";
import { bundleFromExport } from "../../export/load.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { createEngine } from "../../runtime/index.ts";
import { runScenario } from "../../runtime/scenario.ts";

const [exportPath, probePath, ...scenarioPaths] = process.argv.slice(2);

/** Proves the sandbox: reading a card source must be refused. */
function canRead(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

const engine = createEngine(bundleFromExport(JSON.parse(readFileSync(exportPath!, "utf8"))));
const scenarios: { file: string; name: string; failures: string[] }[] = [];
for (const path of scenarioPaths) {
  const parsed = parseScenarioFile(readFileSync(path, "utf8"), path);
  for (const scenario of parsed.scenarios) {
    const result = runScenario(engine, scenario);
    scenarios.push({ file: path, name: scenario.name, failures: result.failures.map((failure) => failure.message) });
  }
}
process.stdout.write(`${JSON.stringify({ cardSourceReadable: canRead(probePath!), scenarios })}\n`);
