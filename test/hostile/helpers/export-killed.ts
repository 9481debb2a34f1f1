/**
 * Child process of test/hostile/export.test.ts: runs `writeExport` and kills itself (SIGKILL,
 * as a power cut or `kill -9` would) right after its Nth change to the disk, so the test can
 * look at the output folder at every point a real kill could land.
 *
 *   node --import tsx export-killed.ts <outDir> <N> <version>
 *
 * With N = 0 it is not killed and prints every change it made (name and paths), in order.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { exportVersion } from "./export-versions.ts";

const [outDir, killAfter, version] = process.argv.slice(2) as [string, string, "a" | "b"];
let changes = 0;
const log: string[][] = [];
const mutating = ["renameSync", "writeFileSync", "unlinkSync", "rmSync", "rmdirSync", "mkdirSync", "mkdtempSync"] as const;
for (const name of mutating) {
  const original = fs[name] as (...args: unknown[]) => unknown;
  (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
    const result = original(...args);
    log.push([name, ...args.filter((a): a is string => typeof a === "string")]);
    if (++changes === Number(killAfter)) process.kill(process.pid, "SIGKILL");
    return result;
  };
}
syncBuiltinESMExports();
const { writeExport } = await import("../../../export/write.ts");
const result = writeExport(exportVersion(version), outDir, "json");
process.stdout.write(JSON.stringify({ ok: result.ok, changes: log }));
