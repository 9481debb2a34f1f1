import { describe, expect, it } from "vitest";
import { parser } from "../../grammar/parser.ts";
import { renderDiagramsHtml } from "../../scripts/diagrams.ts";

describe("railroad diagrams", () => {
  it("draws every grammar rule from local resources only (works offline)", () => {
    const html = renderDiagramsHtml();
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=/);
    for (const rule of Object.keys(parser.getGAstProductions())) expect(html).toContain(`"name": "${rule}"`);
  });
});

describe("docs/grammar/diagrams.html", () => {
  it("is up to date with the parser (regenerate with `npx tsx scripts/diagrams.ts`)", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const committed = readFileSync(join(import.meta.dirname, "..", "..", "docs", "grammar", "diagrams.html"), "utf8");
    expect(committed === renderDiagramsHtml()).toBe(true);
  });
});
