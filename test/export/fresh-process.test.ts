/**
 * The engine-neutral export is enough to play: a fresh Node process that can read only the
 * runtime, the scenario parser and the export (Node's permission model denies everything
 * else, the card sources included) loads the JSON and runs the game's scenarios, with the same
 * results as running them from the sources.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { exportSources, writeExport } from "../../export/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { createEngine } from "../../runtime/index.ts";
import { runScenario } from "../../runtime/scenario.ts";

const REPO = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cw-fresh-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const GAMES = ["duel", "cybervamp", "chromatic"].filter((game) => existsSync(join(REPO, "cards", game, "scenarios")));

interface Played {
  cardSourceReadable: boolean;
  scenarios: { file: string; name: string; failures: string[] }[];
}

function playInSandbox(exportFile: string, scenarioFiles: string[], probe: string, directory: string): Played {
  // tsx looks for a package.json beside the files it loads; give the sandbox directory its own.
  writeFileSync(join(directory, "package.json"), '{ "type": "module" }\n');
  const allowed = [
    `${REPO}/runtime/*`,
    `${REPO}/grammar/*`,
    `${REPO}/compiler/*`,
    `${REPO}/export/load.ts`,
    `${REPO}/test/export/play-export.ts`,
    `${REPO}/test/export/package.json`,
    `${REPO}/test/package.json`,
    `${REPO}/package.json`,
    `${REPO}/node_modules/*`,
    `${directory}/*`,
  ];
  const run = spawnSync(
    process.execPath,
    [
      // Node 20 calls it --experimental-permission; later versions --permission.
      process.allowedNodeEnvironmentFlags.has("--permission") ? "--permission" : "--experimental-permission",
      ...allowed.map((path) => `--allow-fs-read=${path}`),
      // esbuild (inside tsx) runs as a child process to compile the TypeScript sources.
      "--allow-child-process",
      "--allow-worker",
      "--no-warnings",
      "--import",
      pathToFileURL(join(REPO, "node_modules/tsx/dist/loader.mjs")).href,
      join(REPO, "test/export/play-export.ts"),
      exportFile,
      probe,
      ...scenarioFiles,
    ],
    { cwd: directory, encoding: "utf8", env: { ...process.env, TSX_DISABLE_CACHE: "1" }, timeout: 120_000 },
  );
  if (run.status !== 0) throw new Error(`the sandboxed player failed (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as Played;
}

describe.each(GAMES)("a JSON export of %s plays its scenarios in a fresh process", (game) => {
  it("without the card sources, with the same results as from the sources", { timeout: 240_000 }, async () => {
    const gameDirectory = join(REPO, "cards", game);
    const read = await readWorkspaceFiles([gameDirectory], { cwd: REPO });
    const exported = await exportSources(read.files, "json");
    expect(exported.ok, exported.ok ? "" : exported.diagnostics.map((d) => `${d.file}:${d.range.start.line} ${d.message}`).join("\n")).toBe(true);
    if (!exported.ok) return;

    const directory = mkdtempSync(join(scratch, `${game}-`));
    const out = join(directory, "export");
    expect(writeExport(exported.files, out, "json").ok).toBe(true);
    const scenarioFiles = readdirSync(join(gameDirectory, "scenarios"))
      .filter((name) => name.endsWith(".scenario"))
      .sort()
      .map((name) => {
        const copy = join(directory, basename(name));
        copyFileSync(join(gameDirectory, "scenarios", name), copy);
        return copy;
      });
    expect(scenarioFiles.length).toBeGreaterThan(0);

    const played = playInSandbox(join(out, `${game}.cardwright.json`), scenarioFiles, join(gameDirectory, `${game}.game`), directory);
    expect(played.cardSourceReadable, "the sandbox must not be able to read the card sources").toBe(false);

    // The same scenarios, run in this process from the sources.
    const bundle = lowerWorkspace(read.files).bundles.find((candidate) => candidate.game.id.toLowerCase() === game)!;
    const engine = createEngine(bundle);
    const fromSources = scenarioFiles.flatMap((path) =>
      parseScenarioFile(readFileSync(path, "utf8"), path).scenarios.map((scenario) => ({
        file: path,
        name: scenario.name,
        failures: runScenario(engine, scenario).failures.map((failure) => failure.message),
      })),
    );
    expect(played.scenarios).toEqual(fromSources);
    expect(played.scenarios.filter((scenario) => scenario.failures.length === 0).length).toBeGreaterThan(0);
  });
});

