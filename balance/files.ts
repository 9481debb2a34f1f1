/**
 * The files of a finished run, by name — report.json, one CSV per table, report.html — as
 * `cardwright balance` writes them to its output folder and the studio's Balance view offers them
 * for download: one function, so both give the same bytes for the same run.
 */
import { reportCsv } from "./csv.ts";
import { renderReportHtml } from "./html.ts";
import { chartSvg } from "./svg.ts";
import type { BalanceReport } from "./stats.ts";

export const reportJson = (report: BalanceReport): string => JSON.stringify(report, null, 2) + "\n";

export const reportHtml = (report: BalanceReport): string => renderReportHtml(report, chartSvg);

/** report.json, the CSVs (matchups.csv, …) and report.html. */
export function reportFiles(report: BalanceReport): Record<string, string> {
  return { "report.json": reportJson(report), ...reportCsv(report), "report.html": reportHtml(report) };
}
