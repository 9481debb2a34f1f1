/**
 * Syntax-error fixtures: `test/fixtures/ast/errors/*` mark the diagnostics they must produce
 * inline (`#   ^ CW1003` under the offending line, or `# expect: CW1006 at 1:1`).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/build.ts";
import { readExpectations } from "../compiler/expectations.ts";
import { filesUnder, read, rel, repoRoot } from "./helpers.ts";

const fixtures = filesUnder(join(repoRoot, "test", "fixtures", "ast", "errors"), [".cards", ".game"]);

describe("syntax-error fixtures", () => {
  it("has fixtures", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(4);
  });
  for (const path of fixtures) {
    it(rel(path), () => {
      const text = read(path);
      const file = rel(path);
      const { diagnostics } = parseDocument(text, file);
      const key = (line: number, column: number, code: string) => `${String(line).padStart(4, "0")}:${String(column).padStart(4, "0")} ${code}`;
      const actual = diagnostics.map((d) => key(d.range.start.line, d.range.start.column, d.code)).sort();
      const expected = readExpectations(file, text).map((e) => key(e.line, e.column, e.code)).sort();
      expect(actual).toEqual(expected);
      for (const d of diagnostics) {
        expect(d.file).toBe(file);
        expect(d.message.length).toBeGreaterThan(0);
      }
    });
  }
});

describe("recovery", () => {
  it("reports every broken card, and still builds the cards after them", () => {
    const card = (name: string, body: string) => `card "${name}" {\n  type: Unit\n  text:\n    ${body}\n}\n`;
    const text = `set T1 "T" for duel\n${card("A", "When this, draw.")}${card("B", "Draw a card.")}${card("C", "Deal 2 damage to ,.")}${card("D", "Gain 1 life.")}`;
    const { ast, diagnostics } = parseDocument(text, "t.cards");
    expect(ast.kind).toBe("cardFile");
    if (ast.kind !== "cardFile") return;
    expect(ast.cards.map((c) => c.name.value)).toEqual(["A", "B", "C", "D"]);
    expect(ast.cards[1]!.abilities).toHaveLength(1);
    expect(ast.cards[3]!.abilities).toHaveLength(1);
    // Card A's ability is on line 5, card C's on line 15; B and D are clean.
    expect([...new Set(diagnostics.map((d) => d.range.start.line))]).toEqual([5, 15]);
  });

  it("reads and builds every line after an ability that breaks off mid-line, in a card and in a file (nothing dropped)", () => {
    // "... to one, two or three creatures.": the ability stops at "or", which no ability starts with. The rest of that
    // line is CW1007 at its words — the one error at that spot (not also the parser's own "Expected '.'" and "expected a
    // verb" there); the lines after it are abilities of the card (were skipped with the rest of the card).
    const broken = "[Red] Deal 3 damage to one, two or three creatures.";
    const card = (name: string, lines: string[]) => `card "${name}" {
  type: Spell
  text:
${lines.map((l) => `    ${l}
`).join("")}}
`;
    const text = `set T1 "T" for chromatic
${card("A", [broken, "[Blue] Draw a card.", "[Green] Gain 2 life."])}${card("B", ["[Blue] Draw a card.", broken, "[Green] Gain 2 life."])}${card("C", ["[Green] Gain 2 life."])}`;
    const { ast, diagnostics } = parseDocument(text, "t.cards");
    if (ast.kind !== "cardFile") throw new Error("not a card file");
    expect(ast.cards.map((c) => c.name.value)).toEqual(["A", "B", "C"]);
    const tags = (i: number) => ast.cards[i]!.abilities.map((a) => text.slice(a.range.start.offset, a.range.end.offset).slice(0, 7));
    expect(tags(0)).toContain("[Blue] ");
    expect(tags(0)).toContain("[Green]");
    expect(tags(1)).toEqual(expect.arrayContaining(["[Blue] ", "[Green]"]));
    expect(tags(2)).toEqual(["[Green]"]);
    // The broken line is one error over the whole line, saying where it broke off; the words before the break are not
    // lowered as an ability of their own (that gave a second, misleading "cannot execute" beside it).
    const unread = diagnostics.filter((d) => d.code === "CW1007" && d.message.includes('breaks off at "or"'));
    expect(unread.map((d) => text.slice(d.range.start.offset, d.range.end.offset))).toEqual([broken, broken]);
    const onTheBrokenLine = (d: (typeof diagnostics)[number]) => text.slice(d.range.start.offset, d.range.end.offset).includes("three") || text.slice(d.range.start.offset, d.range.end.offset).includes("two");
    expect(diagnostics.filter(onTheBrokenLine)).toEqual(unread);
    // No error past the broken lines: nothing reported at a closing brace.
    expect(diagnostics.every((d) => text.slice(d.range.start.offset, d.range.start.offset + 1) !== "}")).toBe(true);
  });

  it("gives a line that breaks off one error from its first word, with the modal's form when it broke off at \"or\"", () => {
    // Each of these checked as two errors: CW1007 at "or ..." and a CW6001 'cannot execute "Exhaust"' (or "") for the
    // words before the break, which were lowered as an ability of their own.
    // ("If you control a Warrior or a Mage, draw a card." reads since session 38: conditions joined by "or",
    // test/compiler/cards-s38.test.ts.)
    for (const line of ["Exhaust or destroy target creature.", "Draw a card or gain 2 life."]) {
      const text = `set T1 "T" for chromatic\ncard "A" {\n  type: Spell\n  text:\n    [Red] ${line}\n    [Green] Gain 2 life.\n}\n`;
      const { ast, diagnostics } = parseDocument(text, "t.cards");
      if (ast.kind !== "cardFile") throw new Error("not a card file");
      expect(diagnostics.map((d) => [d.code, text.slice(d.range.start.offset, d.range.end.offset)])).toEqual([["CW1007", `[Red] ${line}`]]);
      expect(diagnostics[0]!.message).toContain("Choose one — <effect>; or <effect>.");
      expect(ast.cards[0]!.abilities.map((a) => text.slice(a.range.start.offset, a.range.end.offset))).toEqual(["[Green] Gain 2 life."]);
    }
  });

  it("caps the diagnostics of a file and says how many more there were", () => {
    const text = `set T1 "T" for duel\n${"@ ".repeat(500)}`;
    const { diagnostics } = parseDocument(text, "t.cards");
    expect(diagnostics.length).toBe(101);
    expect(diagnostics[100]!.code).toBe("CW1009");
    expect(diagnostics[100]!.message).toContain("400");
  });

  it("maps a token inserted by recovery at the end of the file to a real position", () => {
    const text = `set T1 "T" for duel\ncard "A" {\n  type: Unit`;
    const { diagnostics } = parseDocument(text, "t.cards");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.code).toBe("CW1008");
    expect(diagnostics[0]!.range.start.offset).toBe(text.length);
  });

  it("reports errors inside quoted card text of a game file at their position in the file", () => {
    const text = `game g "G"\nkeyword ability Bleed X = "Whenever this, draw."\n`;
    const { diagnostics } = parseDocument(text, "g.game");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.code).toBe("CW1007");
    expect(text.slice(diagnostics[0]!.range.start.offset, diagnostics[0]!.range.end.offset)).toBe(",");
  });
});
