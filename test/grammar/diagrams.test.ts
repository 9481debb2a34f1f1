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
