/**
 * The peak-memory reference: a process that reads a workspace's compiled IR (JSON) and holds
 * it, started like `cardwright check` (node + tsx), so both carry the same runtime.
 *   node --import tsx --import ./bench/lib/peak-rss.mjs bench/lib/hold-ir.ts <ir.json>
 */
import { readFileSync } from "node:fs";

const held = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as unknown[];
// Touch it after a pause so it stays alive to the end (and the reading's garbage can go).
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(`${Array.isArray(held) ? held.length : 0} bundles held\n`);
