import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeExport } from "../../export/index.ts";
import { EXPORT_MARKER } from "../../export/write.ts";

const scratch = mkdtempSync(join(tmpdir(), "cw-write-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function leftovers(directory: string): string[] {
  return readdirSync(directory).filter((name) => name.startsWith(".cardwright-tmp-"));
}

describe("writing an export", () => {
  it("creates the directory with every file and the export marker", () => {
    const out = join(scratch, "nested", "fresh");
    const result = writeExport([{ path: "a.json", contents: "{}\n" }, { path: "images/b.png", contents: new Uint8Array([1, 2, 3]) }], out, "tts");
    expect(result.ok).toBe(true);
    expect(readFileSync(join(out, "a.json"), "utf8")).toBe("{}\n");
    expect([...readFileSync(join(out, "images/b.png"))]).toEqual([1, 2, 3]);
    expect(existsSync(join(out, EXPORT_MARKER))).toBe(true);
    expect(leftovers(join(scratch, "nested"))).toEqual([]);
  });

  it("replaces a previous export completely (stale files do not linger)", () => {
    const out = join(scratch, "again");
    expect(writeExport([{ path: "old.xml", contents: "old" }], out).ok).toBe(true);
    expect(writeExport([{ path: "new.xml", contents: "new" }], out).ok).toBe(true);
    expect(readdirSync(out).sort()).toEqual([EXPORT_MARKER, "new.xml"]);
    expect(leftovers(scratch)).toEqual([]);
  });

  it("refuses a directory of someone else's files and leaves it untouched", () => {
    const out = join(scratch, "mine");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "keep me");
    const result = writeExport([{ path: "x.json", contents: "{}" }], out);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]!.code).toBe("CW4002");
    expect(readdirSync(out)).toEqual(["notes.txt"]);
    expect(leftovers(scratch)).toEqual([]);
  });

  it("writes nothing at all when a file cannot be written", () => {
    const out = join(scratch, "broken");
    // "a" is a file, so "a/b" cannot be created: the failure comes after some files were written.
    const result = writeExport([{ path: "a", contents: "1" }, { path: "a/b", contents: "2" }], out);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]!.code).toBe("CW4003");
    expect(existsSync(out)).toBe(false);
    expect(leftovers(scratch)).toEqual([]);
  });

  it("keeps the previous export when the new one fails", () => {
    const out = join(scratch, "kept");
    expect(writeExport([{ path: "good.json", contents: "1" }], out).ok).toBe(true);
    expect(writeExport([{ path: "a", contents: "1" }, { path: "a/b", contents: "2" }], out).ok).toBe(false);
    expect(readFileSync(join(out, "good.json"), "utf8")).toBe("1");
  });

  it("refuses paths that would escape the output directory", () => {
    const out = join(scratch, "escape");
    const result = writeExport([{ path: "../outside.txt", contents: "x" }], out);
    expect(result.ok).toBe(false);
    expect(existsSync(join(scratch, "outside.txt"))).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});
