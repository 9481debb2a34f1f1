import { describe, expect, it } from "vitest";
import { LineMap, formatDiagnostic } from "../../compiler/diagnostics.ts";

describe("LineMap", () => {
  const map = new LineMap("ab\ncd\n\nef");
  it("gives 1-based lines and columns", () => {
    expect(map.position(0)).toEqual({ offset: 0, line: 1, column: 1 });
    expect(map.position(3)).toEqual({ offset: 3, line: 2, column: 1 });
    expect(map.position(7)).toEqual({ offset: 7, line: 4, column: 1 });
    expect(map.position(9)).toEqual({ offset: 9, line: 4, column: 3 });
  });
  it("clamps offsets outside the text into it", () => {
    expect(map.position(-5).offset).toBe(0);
    expect(map.position(1000)).toEqual({ offset: 9, line: 4, column: 3 });
  });
  it("never builds a range that ends before it starts", () => {
    const range = map.range(5, 2);
    expect(range.end.offset).toBeGreaterThanOrEqual(range.start.offset);
  });
});

describe("formatDiagnostic", () => {
  it("prints file:line:col, severity, code, message and the suggestion", () => {
    const range = new LineMap("x\n  Hste.").range(4, 8);
    const line = formatDiagnostic({ file: "a.cards", range, severity: "error", code: "CW2001", message: "unknown keyword 'Hste'", suggestion: "Haste" });
    expect(line).toBe(`a.cards:2:3: error CW2001: unknown keyword 'Hste' (did you mean "Haste"?)`);
  });
});
