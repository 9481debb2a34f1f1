import { describe, expect, it } from "vitest";
import { cardwrightLexer } from "../../grammar/lexer.ts";

function kinds(text: string): string[] {
  const { tokens, errors } = cardwrightLexer.tokenize(text);
  expect(errors).toEqual([]);
  return tokens.map((t) => `${t.tokenType.name}:${t.image}`);
}

describe("lexer", () => {
  it("reads keywords in any case, and keeps longer words whole", () => {
    expect(kinds("When WHENEVER when whenx Whenever")).toEqual(["When:When", "Whenever:WHENEVER", "When:when", "Word:whenx", "Whenever:Whenever"]);
  });
  it("treats em dash, en dash and -- as one dash token", () => {
    expect(kinds("— – --")).toEqual(["Dash:—", "Dash:–", "Dash:--"]);
  });
  it("reads straight and curly quoted strings with escapes", () => {
    expect(kinds('"Grave \\"Scribe\\"" “Bone Pile”')).toEqual(['StringLiteral:"Grave \\"Scribe\\""', "StringLiteral:“Bone Pile”"]);
  });
  it("reads cost symbols, stats and signed numbers", () => {
    expect(kinds("{R}{2} 3/2 +1/+1 -1/-0 +X/+0 +1 -2 3")).toEqual([
      "CostSymbol:{R}", "CostSymbol:{2}", "Stats:3/2", "Stats:+1/+1", "Stats:-1/-0", "Stats:+X/+0",
      "NumberLiteral:+1", "NumberLiteral:-2", "NumberLiteral:3",
    ]);
  });
  it("reads words with inner hyphens and apostrophes, and can't as one keyword", () => {
    expect(kinds("Post-Battle owner's can't can’t cannot")).toEqual(["Word:Post-Battle", "Word:owner's", "Cannot:can't", "Cannot:can’t", "Cannot:cannot"]);
  });
  it("reads a lone capital letter as a variable, but not A or I", () => {
    expect(kinds("X N A x")).toEqual(["Variable:X", "Variable:N", "A:A", "X:x"]);
  });
  it("skips whitespace and keeps comments aside", () => {
    const { tokens, groups } = cardwrightLexer.tokenize("draw # a comment\n 1");
    expect(tokens.map((t) => t.image)).toEqual(["draw", "1"]);
    expect(groups["comments"]!.map((t) => t.image)).toEqual(["# a comment"]);
  });
  it("reports a stray character with its offset", () => {
    const { errors } = cardwrightLexer.tokenize("draw @ 1");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.offset).toBe(5);
  });
});
