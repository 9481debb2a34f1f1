/**
 * The studio's Format on a .scenario file, in Debian's Chromium: a bundled scenario file with its layout
 * spoiled (indentation, spaces around commas and colons, trailing spaces, runs of blank lines) and one
 * unreadable line is laid out by the Format button — through the editor's formatting provider and the
 * checker worker — exactly as `cardwright format` lays it out (compiler formatFile), which gives the
 * bundled file back, the unreadable line laid out too. (The button runs Monaco's formatDocument action, the
 * one Shift+Alt+F runs.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatFile } from "../../compiler/index.ts";
import { useHarness } from "./use-harness.ts";

type Studio = {
  cardwright: {
    store: { files: Map<string, { model: { getValue(): string } }> };
    editor: { getModel(): { uri: { path: string } } | null };
  };
};

/** A bundled scenario file with a `covers:` line and a setup block (the layout rules that matter most), chosen at run time. */
function bundledScenario(): { name: string; text: string } {
  const dir = "cards/chromatic/scenarios";
  for (const name of (readdirSync(dir) as string[]).filter((f) => f.endsWith(".scenario")).sort()) {
    const text = readFileSync(path.join(dir, name), "utf8");
    if (/^covers:.*,/m.test(text) && /^setup/m.test(text) && /^  \S/m.test(text)) return { name, text };
  }
  throw new Error("no bundled Chromatic scenario file has a covers: line with several ids and a setup block");
}

/** The same file with its layout spoiled: nothing but white space changed, plus one unreadable line. */
function spoil(text: string, unreadable: string): string {
  const lines = text.split("\n").map((line) => {
    if (/^covers:/.test(line)) return line.replace(/:\s*/, " :").replace(/,\s*/g, " ,   ");
    if (/^  \S/.test(line)) return "      " + line.trimStart() + "   "; // a setup line: indented differently, trailing spaces
    if (/^(expect|p[12]) /.test(line)) return "   " + line.replace(" ", "    ") + " "; // an action or expectation: indented, spaced out
    return line;
  });
  const scenarioAt = lines.findIndex((l, i) => i > 0 && /^scenario /.test(l));
  lines.splice(scenarioAt, 0, "", "", "");
  lines.splice(lines.length - 1, 0, unreadable.replace(/ /g, "   "));
  return lines.join("\n") + "\n\n\n";
}

const FILE = "chromatic/format-probe.scenario";
// Unreadable (no stat "atack", no card "Ash Drake"): the formatter still lays out its words.
const UNREADABLE = "expect Ash Drake atack 0";
let original: string;
let spoiled: string;

const harness = useHarness({
  async prepare(workspace) {
    original = bundledScenario().text;
    spoiled = spoil(original, UNREADABLE);
    await writeFile(path.join(workspace, FILE), spoiled);
  },
});

const editorText = (page: Page) => page.evaluate((f) => (window as unknown as Studio).cardwright.store.files.get(f)?.model.getValue() ?? null, FILE);

async function openProbe(page: Page): Promise<void> {
  await page.locator(`[data-path="${FILE}"]`).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as Studio).cardwright.editor.getModel()?.uri.path)).toBe("/" + FILE);
  await expect.poll(() => editorText(page)).toBe(spoiled);
}

describe("the studio's Format on a scenario file", () => {
  it("lays the file out as `cardwright format` does: the bundled file back, the unreadable line laid out too", async () => {
    const expected = formatFile(spoiled, FILE);
    expect(expected.text, "the CLI formats the spoiled file").toBeDefined();
    // What the CLI gives: the bundled file's layout, with the unreadable line (one space between its words) at its end.
    const lines = original.split("\n");
    lines.splice(lines.length - 1, 0, UNREADABLE);
    expect(expected.text).toBe(lines.join("\n").replace(/\n*$/, "\n"));

    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await openProbe(page);
    await page.getByRole("button", { name: "Format" }).click();
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toBe(expected.text);
    await page.context().close();
  });
});
