import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MESSAGES, diagnostic, messageText, renderDiagnosticsMarkdown, type MessageCode, type MessageDefinition } from "../../compiler/messages.ts";
import { closestName } from "../../compiler/check-suggest.ts";

const DOC = new URL("../../docs/diagnostics.md", import.meta.url);
const entries = Object.entries(MESSAGES) as [MessageCode, MessageDefinition][];

describe("the message table", () => {
  it("gives every code the CWnxxx form, in ascending order", () => {
    const codes = entries.map(([code]) => code);
    for (const code of codes) expect(code).toMatch(/^CW[1-7]\d{3}$/);
    expect([...codes].sort()).toEqual(codes);
  });

  it("fills every hole of every template from the example's arguments, and uses them all", () => {
    for (const [code, definition] of entries) {
      const holes = [...new Set([...definition.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
      expect({ code, holes }).toEqual({ code, holes: Object.keys(definition.exampleArgs).sort() });
      const rendered = messageText(code, definition.exampleArgs as never);
      for (const hole of holes) expect(rendered).not.toContain(`{${hole}}`);
    }
  });

  it("builds diagnostics with the table's severity and message", () => {
    const range = { start: { offset: 4, line: 1, column: 5 }, end: { offset: 9, line: 1, column: 10 } };
    const d = diagnostic("CW2001", "a.cards", range, { word: "Hastee", game: "duel" }, { suggestion: "Haste" });
    expect(d).toEqual({
      file: "a.cards",
      range,
      severity: "error",
      code: "CW2001",
      message: 'Unknown keyword "Hastee" in game "duel".',
      suggestion: "Haste",
    });
  });

  it("is documented in docs/diagnostics.md, generated from the table", () => {
    const expected = renderDiagnosticsMarkdown();
    if (process.env.CW_UPDATE_DOCS) writeFileSync(DOC, expected);
    const actual = readFileSync(DOC, "utf8");
    expect(actual).toBe(expected);
    for (const [code] of entries) expect(actual).toContain(`### ${code} `);
  });
});

describe("did you mean", () => {
  const keywords = ["Haste", "Tireless", "Bleed", "Breach", "Multi-block", "Reanimate"];

  it("finds the closest declared name, ignoring case", () => {
    expect(closestName("Hastee", keywords)).toBe("Haste");
    expect(closestName("tirless", keywords)).toBe("Tireless");
    expect(closestName("BLEED", keywords)).toBe("Bleed");
    expect(closestName("Multiblock", keywords)).toBe("Multi-block");
  });

  it("suggests nothing when no name is close", () => {
    expect(closestName("Flying", keywords)).toBeUndefined();
    expect(closestName("x", keywords)).toBeUndefined();
    expect(closestName("Haste", [])).toBeUndefined();
  });
});
