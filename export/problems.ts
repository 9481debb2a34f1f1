/**
 * Export problems as Diagnostics (the one shape every phase reports in). Codes CW4xxx.
 * TODO(export): switch to `diagnostic()` from compiler/messages.ts once its CW4xxx block lands.
 */
import type { Diagnostic, Range } from "../compiler/diagnostics.ts";
import type { CardModel } from "../compiler/model.ts";

const START: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

const PROBLEMS = {
  nothing: { code: "CW4001", template: "Nothing to export: no set of cards was found in {paths}." },
  directory: { code: "CW4002", template: "The output directory {path} already holds files that `cardwright export` did not write; choose a new or empty directory." },
  write: { code: "CW4003", template: "Cannot write the export to {path}: {reason}." },
  face: { code: "CW4004", template: 'Cannot render {name}: {reason}.' },
  invalid: { code: "CW4005", template: "The {format} export does not pass its own validation ({reason}). Please report this with the set." },
} as const;

export type ProblemKind = keyof typeof PROBLEMS;

export function exportProblem(kind: ProblemKind, args: Record<string, string>, card?: CardModel, file?: string): Diagnostic {
  const { code, template } = PROBLEMS[kind];
  return {
    file: card?.file ?? file ?? args["path"] ?? "",
    range: card?.range ?? START,
    severity: "error",
    code,
    message: template.replace(/\{(\w+)\}/g, (hole, name: string) => args[name] ?? hole),
  };
}
