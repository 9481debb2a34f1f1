// The pool's worker thread entry (./index.ts): TypeScript modules run through tsx, as in the CLI
// (no build step), then the module named in workerData does the work.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { default: run } = await import(workerData.module);
if (typeof run !== "function") throw new Error(`pool worker ${workerData.module} has no default export function`);

export default function (task) {
  return run(task, workerData.shared);
}
