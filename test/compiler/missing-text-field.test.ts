/**
 * Abilities written among a card's fields without `text:` above them: one error per line, at the line, saying that
 * `text:` is missing — not an "Unknown field" for every word of the sentence (a designer's first card often looks so).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import type { SourceFile } from "../../compiler/model.ts";

const duel: SourceFile = { path: "cards/duel/duel.game", text: readFileSync("cards/duel/duel.game", "utf8") };
const unit = (line: string) => `set T1 "T" for duel\n\ncard "Stubborn Ox" {\n  type: Unit — Beast\n  color: Gray\n  cost: free\n  power: 3\n  rarity: Common\n  ${line}\n}\n`;
const diagnosticsOf = (line: string) =>
  analyzeWorkspace([duel, { path: "t.cards", text: unit(line) }]).model.diagnostics.map((d) => ({ code: d.code, line: d.range.start.line, message: d.message }));

describe("an ability written without text:", () => {
  it("a sentence among the fields is one 'text:' error on its line, and none of its words is an unknown field", () => {
    const found = diagnosticsOf("This unit can't be blocked except by Spirits.");
    expect(found.filter((d) => d.code === "CW2006")).toEqual([]);
    const missing = found.filter((d) => d.message.includes('"text:" before the abilities'));
    expect(missing).toHaveLength(1);
    expect(missing[0]!.line).toBe(9);
    expect(found.every((d) => d.line === 9)).toBe(true);
  });

  it("a trigger marker written as a field ('PLAY: ...') says 'text:' is missing, not 'Unknown field \"play\"'", () => {
    const found = diagnosticsOf("PLAY: Gain 1 life.");
    expect(found.filter((d) => d.code === "CW2006")).toEqual([]);
    expect(found.filter((d) => d.message.includes('"text:" before the abilities'))).toHaveLength(1);
  });

  it("a field written without its colon is still told so ('power 3')", () => {
    const found = diagnosticsOf("tribe Beast");
    expect(found.some((d) => d.message.includes('":" after the field name'))).toBe(true);
  });

  it("the same line under text: checks clean", () => {
    expect(diagnosticsOf("text:\n    PLAY: Gain 1 life.")).toEqual([]);
  });
});
