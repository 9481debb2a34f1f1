// Reads vitest's JSON report and prints the closing line CI understands: "N passed, N failed".
// A test file that failed to load has no failing test of its own, so it counts as one failure;
// a run in which no test executed is a failure too (it proves nothing).
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const brokenFiles = report.testResults.filter(
  (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
);
for (const file of brokenFiles) console.log(`failed to run: ${file.name}\n${file.message ?? ""}`);
const passed = report.numPassedTests;
const failed = report.numFailedTests + brokenFiles.length;
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
if (report.numTotalTests === 0) console.log("no test ran");
console.log(`${passed} passed, ${failed + (report.numTotalTests === 0 ? 1 : 0)} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || report.numTotalTests === 0 ? 1 : 0);
