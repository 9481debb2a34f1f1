/** Deck list lines (compiler/decklist.ts): what a designer writes, and what each mistake is told. */
import { describe, expect, it } from "vitest";
import { parseDeck } from "../../compiler/decklist.ts";

const names = ["Recall", "Thorn Wall", "Field Kit"];
const codes = (text: string) => parseDeck(text, "d.deck", names).diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}`);

describe("deck lines", () => {
  it("read '3 Name', '3x Name', comments and blank lines", () => {
    const deck = parseDeck("# tide\n3 Recall\n2x Thorn Wall   # walls\n\n1 field kit\n", "d.deck", names);
    expect(deck.diagnostics).toEqual([]);
    expect(deck.entries.map((e) => [e.count, e.name])).toEqual([[3, "Recall"], [2, "Thorn Wall"], [1, "Field Kit"]]);
  });

  it("a signed count ('-2 Recall', '+1 Recall') is CW7002 at the count, not a suggestion to write '2 -2 Recall'", () => {
    expect(codes("-2 Recall\n+1 Recall\n")).toEqual(["CW7002 1:1", "CW7002 2:1"]);
    expect(parseDeck("-2 Recall\n", "d.deck", names).diagnostics[0]!.message).toContain("not -2");
  });

  it("a line without a count, a zero count and an unknown card are each said at the line", () => {
    expect(codes("Thorn Wall\n0 Recall\n3 Feild Kit\n")).toEqual(["CW7001 1:1", "CW7002 2:1", "CW7003 3:3"]);
  });
});
