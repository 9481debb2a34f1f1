// The parser builds each OR/OPTION/MANY argument once per call site, keyed by a number (`cached(n, ...)`).
// Two call sites sharing a number would silently share one grammar alternative list: keep them unique.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("grammar/parser.ts cache keys", () => {
  it("every cached(n, ...) number is used at one call site only", () => {
    const source = readFileSync("grammar/parser.ts", "utf8");
    const ids = [...source.matchAll(/\bcached\((\d+),/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(40);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });
});
