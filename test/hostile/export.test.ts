/**
 * Issue 13, defect 8: export replacement keeps the previous output until the new one is in
 * place, and never replaces a folder holding files it did not write. A child process is killed
 * (SIGKILL) right after each change it makes to the disk in turn; after every kill the output
 * folder exists, each file in it is complete (from the old export or the new), and the next
 * export finishes the job.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EXPORT_MARKER, writeExport } from "../../export/write.ts";
import { contentOf, exportVersion } from "./helpers/export-versions.ts";

const scratch = mkdtempSync(join(tmpdir(), "cw-hostile-export-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const child = fileURLToPath(new URL("./helpers/export-killed.ts", import.meta.url));

function filesUnder(directory: string, prefix = ""): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((e) => {
    const relative = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(join(directory, e.name), relative) : [relative];
  });
}

describe("export replacement survives a kill at any point", () => {
  it("after a kill following each change in turn, the folder is there, every file is a complete old or new one, and the next export completes", { timeout: 600_000 }, () => {
    const out = join(scratch, "json");
    expect(writeExport(exportVersion("a"), out, "json").ok).toBe(true);
    const spawn = (killAfter: number) => spawnSync(process.execPath, ["--import", "tsx", child, out, String(killAfter), "b"], { encoding: "utf8", timeout: 120_000 });
    // One run without a kill lists the changes; kills land on each one from the last staged file on
    // (before that only the staging folder beside the output is touched).
    const dry = spawn(0); // replacing export a with b, as every killed run below does
    expect(dry.status).toBe(0);
    const changes = (JSON.parse(dry.stdout) as { changes: string[][] }).changes;
    const firstOnTarget = changes.findIndex((args) => args.slice(1).some((p) => p === out || p.startsWith(out + "/")));
    expect(firstOnTarget).toBeGreaterThan(0);
    expect(writeExport(exportVersion("a"), out, "json").ok).toBe(true);
    let completed = false;
    for (let killAfter = firstOnTarget; killAfter <= changes.length + 1 && !completed; killAfter++) {
      const run = spawn(killAfter);
      completed = run.status === 0;
      if (!completed) expect(run.signal).toBe("SIGKILL");
      expect(existsSync(out)).toBe(true);
      const present = filesUnder(out);
      for (const file of present.filter((f) => f !== EXPORT_MARKER)) {
        expect([contentOf("a", file), contentOf("b", file)]).toContain(readFileSync(join(out, file), "utf8"));
      }
      // The marker owns every file there, so the next export may replace the folder.
      const marker = JSON.parse(readFileSync(join(out, EXPORT_MARKER), "utf8")) as { files: string[] };
      for (const file of present.filter((f) => f !== EXPORT_MARKER)) expect(marker.files).toContain(file);
      // Recovery: the next export (of the old version again) replaces it completely.
      const again = writeExport(exportVersion("a"), out, "json");
      expect(again.ok).toBe(true);
      expect(filesUnder(out).sort()).toEqual([EXPORT_MARKER, ...exportVersion("a").map((f) => f.path)].sort());
      expect(readdirSync(scratch).filter((n) => n.startsWith(".cardwright-tmp-"))).toEqual([]);
    }
    expect(completed).toBe(true);
  });
});

describe("a folder holding files the export did not write", () => {
  it("is refused, even with the export marker in it, and the designer's file is kept", () => {
    const out = join(scratch, "tts");
    expect(writeExport(exportVersion("a"), out, "tts").ok).toBe(true);
    writeFileSync(join(out, "my-notes.txt"), "the designer's own file");
    const result = writeExport(exportVersion("b"), out, "tts");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]!.code).toBe("CW4002");
    expect(readFileSync(join(out, "my-notes.txt"), "utf8")).toBe("the designer's own file");
    expect(readFileSync(join(out, "cards.json"), "utf8")).toBe(contentOf("a", "cards.json"));
  });

  it("replaces a previous export whose every file it wrote, dropping the files the new one does not have", () => {
    const out = join(scratch, "cgs");
    expect(writeExport(exportVersion("a"), out, "cgs").ok).toBe(true);
    expect(writeExport(exportVersion("b"), out, "cgs").ok).toBe(true);
    expect(filesUnder(out).sort()).toEqual([EXPORT_MARKER, ...exportVersion("b").map((f) => f.path)].sort());
    expect(existsSync(join(out, "old"))).toBe(false);
  });
});
