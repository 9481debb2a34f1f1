/**
 * The coverage table of a game's rules text: every clause (compiler/rules-text.ts) with the
 * scenarios whose `covers:` lines name it, or the reason it is not tested (the game folder's
 * `rules-untested.txt`). scripts/coverage.ts writes it to docs/games/<game>-coverage.md and
 * test/scenarios/coverage.test.ts holds the file to it: a clause with neither fails the test.
 * Pure text work: the caller reads the files.
 */
import { rulesClauses, type RulesClause } from "./rules-text.ts";

/** What a scenario says it covers: clause ids, or `from-to` ranges in the text's order. */
export interface CoveringScenario {
  file: string;
  line: number;
  name: string;
  covers: { id: string; line: number }[];
}

export interface CoverageProblem {
  file: string;
  line: number;
  message: string;
}

export interface Coverage {
  clauses: RulesClause[];
  /** Clause id → the scenarios that exercise it. */
  scenarios: Map<string, CoveringScenario[]>;
  /** Clause id → why no scenario can exercise it. */
  reasons: Map<string, string>;
  problems: CoverageProblem[];
}

/** The clause ids a covers entry or reason names: one id, or every clause from one id to another (inclusive, in the text's order). */
export function expandClauseIds(entry: string, clauses: readonly (RulesClause | string)[]): string[] | undefined {
  const ids = clauses.map((c) => (typeof c === "string" ? c : c.id));
  const range = /^([^-\s]+)-([^-\s]+)$/.exec(entry);
  if (!range) return ids.includes(entry) ? [entry] : undefined;
  const from = ids.indexOf(range[1]!);
  const to = ids.indexOf(range[2]!);
  if (from < 0 || to < from) return undefined;
  return ids.slice(from, to + 1);
}

/**
 * `rules-untested.txt`: one line per clause (or range of clauses) no scenario can exercise,
 * `<id or id-id> <why>`; `#` starts a comment.
 */
export function coverage(rulesText: string, scenarios: CoveringScenario[], untested: { file: string; text: string } | undefined): Coverage {
  const clauses = rulesClauses(rulesText);
  const problems: CoverageProblem[] = [];
  const byId = new Map<string, CoveringScenario[]>();
  for (const scenario of scenarios) {
    for (const entry of scenario.covers) {
      const ids = expandClauseIds(entry.id, clauses);
      if (!ids) {
        problems.push({ file: scenario.file, line: entry.line, message: `covers "${entry.id}", which is no clause of the rules text (${nearest(entry.id, clauses)})` });
        continue;
      }
      for (const id of ids) {
        const list = byId.get(id) ?? byId.set(id, []).get(id)!;
        if (!list.includes(scenario)) list.push(scenario);
      }
    }
  }
  const reasons = new Map<string, string>();
  for (const [i, raw] of (untested?.text ?? "").split("\n").entries()) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    const m = /^(\S+)\s+(.+)$/.exec(line);
    const ids = m ? expandClauseIds(m[1]!, clauses) : undefined;
    if (!m || !ids) {
      problems.push({ file: untested!.file, line: i + 1, message: m ? `"${m[1]}" is no clause (or range of clauses) of the rules text` : "expected: <clause id or from-to> <why no scenario can exercise it>" });
      continue;
    }
    for (const id of ids) {
      if (byId.has(id)) problems.push({ file: untested!.file, line: i + 1, message: `${id} is listed as untested, yet ${describe(byId.get(id)![0]!)} covers it: take it off this list` });
      reasons.set(id, m[2]!);
    }
  }
  for (const clause of clauses) {
    if (!byId.has(clause.id) && !reasons.has(clause.id)) problems.push({ file: "", line: clause.line, message: `clause ${clause.id} ("${clip(clause.text, 80)}") has no scenario and no reason it cannot be tested: add "covers: ${clause.id}" under the scenario line of a scenario that exercises it, or a line "${clause.id} <why no scenario can>" to ${untested?.file ?? "rules-untested.txt beside the rules text"}` });
  }
  return { clauses, scenarios: byId, reasons, problems };
}

function nearest(id: string, clauses: readonly RulesClause[]): string {
  const section = /^[\d.]*\d/.exec(id)?.[0];
  const inSection = clauses.filter((c) => c.section === section);
  return inSection.length ? `section ${section} has ${inSection[0]!.id}-${inSection[inSection.length - 1]!.id}` : "see the coverage table for the ids";
}

const describe = (s: CoveringScenario) => `${s.file}:${s.line} "${s.name}"`;
const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\t/g, " ");

export interface TableOptions {
  gameName: string;
  gameId: string;
  rulesFile: string;
  untestedFile: string;
  /** How the text's clauses are numbered, one paragraph. */
  numbering: string;
}

/** The Markdown page: totals, then one row per clause in the text's order. */
export function coverageMarkdown(c: Coverage, o: TableOptions): string {
  const covered = c.clauses.filter((cl) => c.scenarios.has(cl.id)).length;
  const untested = c.clauses.filter((cl) => !c.scenarios.has(cl.id) && c.reasons.has(cl.id)).length;
  const missing = c.clauses.length - covered - untested;
  const scenarioCount = new Set([...c.scenarios.values()].flat()).size;
  const lines = [
    `# ${o.gameName} — every clause of the rules text, and the scenarios that exercise it`,
    "",
    `Generated by \`npm run coverage\` (scripts/coverage.ts) from \`${o.rulesFile}\`, the \`covers:\` lines of the`,
    `scenarios in \`cards/${o.gameId}/\`, and \`${o.untestedFile}\` (why a clause cannot be tested);`,
    "`test/scenarios/coverage.test.ts` regenerates it and fails when it differs or when a clause has neither.",
    "",
    o.numbering,
    "",
    `**${c.clauses.length} clauses: ${covered} exercised by ${scenarioCount} scenarios, ${untested} not testable (reason given), ${missing} with neither.**`,
    "",
    "| clause | text | exercised by |",
    "|---|---|---|",
  ];
  let section: string | undefined;
  for (const clause of c.clauses) {
    if (clause.section !== section) {
      section = clause.section;
      if (clause.heading) lines.push(`| **${section}** | **${cell(clause.heading)}** | |`);
    }
    const by = c.scenarios.get(clause.id);
    const reason = c.reasons.get(clause.id);
    // Links relative to docs/games/, where the page lives.
    // A scenario is named, not given a line: an edit elsewhere in its file leaves the page as it is.
    const where = by ? by.map((s) => `[${s.file.split("/").pop()}](../../${s.file}) ${cell(`"${clip(s.name, 70)}"`)}`).join("; ") : reason ? `— *not testable: ${cell(reason)}*` : "**none**";
    lines.push(`| ${clause.id} | ${cell(clip(clause.text, 160))} | ${where} |`);
  }
  return lines.join("\n") + "\n";
}
