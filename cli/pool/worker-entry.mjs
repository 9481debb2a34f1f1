// The pool's worker thread entry (./index.ts). The module named in workerData runs as its prebuilt
// plain-JS bundle when there is one (./bundle.ts: no tsx in the thread, a fast start); otherwise its
// TypeScript runs through tsx, as in the CLI (no build step).
import { workerData } from "node:worker_threads";

let url = workerData.bundle;
if (!url) {
  const { register } = await import("tsx/esm/api");
  register();
  url = workerData.module;
}
const { default: run } = await import(url);
if (typeof run !== "function") throw new Error(`pool worker ${workerData.module} has no default export function`);

export default function (task) {
  return run(task, workerData.shared);
}
