// A StrykerJS reporter (mutation/stryker.config.mjs, reporter "cardwright-progress") that writes each mutant's result
// to a file as soon as Stryker has it, one JSON line each (MUTATION_PROGRESS), after one line with the names of the
// dry run's tests. Stryker writes its own reports only when the whole run ends: a run stopped before (scripts/mutation.ts
// stops it ahead of the machine's 20-minute limit) would otherwise leave nothing. scripts/mutation.ts turns these lines
// into an incremental report (`progressReport`) and merges it, so the next run tests only the mutants not done yet.
import { appendFileSync, writeFileSync } from "node:fs";
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";

class ProgressReporter {
  file = process.env.MUTATION_PROGRESS;

  onDryRunCompleted(event) {
    if (this.file) writeFileSync(this.file, JSON.stringify({ tests: event.result.tests.map((t) => t.name) }) + "\n");
  }

  onMutantTested(result) {
    if (!this.file) return;
    const { fileName, mutatorName, replacement, location, status, statusReason, killedBy, coveredBy, testsCompleted } = result;
    appendFileSync(this.file, JSON.stringify({ mutant: { fileName, mutatorName, replacement, location, status, statusReason, killedBy, coveredBy, testsCompleted, static: result.static } }) + "\n");
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, "cardwright-progress", ProgressReporter)];
