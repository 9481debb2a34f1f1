// Session 44 (perf, issue 15): two cuts in the parse that must not change a tree.
// - grammar/lookahead.ts chooses an OR's alternative as Chevrotain's own LL(k) strategy does: every bundled card and game
//   file, and mutated copies of the card files (broken text: recovery, gates that refuse), parse to the same document
//   and diagnostics with either strategy's lookahead functions.
// - cardTextWords lexes the card's own name only when a token can be its first word: names that start with a letter, a
//   digit, white space or punctuation, or with a token the lexer joins, are still found in the text.
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { LLkLookaheadStrategy } from "chevrotain";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/build.ts";
import { GatedLookaheadStrategy } from "../../grammar/lookahead.ts";
import { CardwrightParser, cardTextWords, parser, tokens as T } from "../../grammar/parser.ts";

type Cache = Map<number, unknown>;
const cacheOf = (p: CardwrightParser): Cache => (p as unknown as { lookAheadFuncsCache: Cache }).lookAheadFuncsCache;

/** Every card and game file under cards/ and test/fixtures (bundled sets, scenario folders, fixtures with errors). */
function bundledFiles(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".cards") || entry.name.endsWith(".game")) out.push({ path: full, text: readFileSync(full, "utf8") });
    }
  };
  walk("cards");
  walk("test/fixtures");
  return out;
}

/** Card files with words deleted, inserted or replaced (a fixed pseudo-random sequence). */
function mutated(files: { path: string; text: string }[], count: number): { path: string; text: string }[] {
  let seed = 44;
  const next = (k: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  const words = ["it's", "not", "is", "When", "target", "a", "the", "and", "or", "at least", "2", "X", "{R}", ":", ".", ",", "—", "(", ")", "destroyed", "deal", "each", "unit", "may", "if", "then", "card", "you", "control", "adjacent to", "less than", "one or two", "Rule", "Static", "[", "]", "text:", "}"];
  const cardFiles = files.filter((f) => f.path.endsWith(".cards"));
  const out: { path: string; text: string }[] = [];
  for (let i = 0; i < count; i++) {
    const file = cardFiles[next(cardFiles.length)]!;
    const cards = file.text.split(/(?=^card ")/m);
    const parts = (cards[1 + next(cards.length - 1)] ?? cards[0]!).split(/(\s+)/);
    for (let m = 0, k = 1 + next(4); m < k; m++) {
      const at = next(parts.length);
      const op = next(3);
      if (op === 0) parts.splice(at, 1);
      else if (op === 1) parts.splice(at, 0, ` ${words[next(words.length)]} `);
      else parts[at] = words[next(words.length)]!;
    }
    out.push({ path: `mutated-${i}.cards`, text: `${cards[0]!.match(/^set [^\n]*\n/m)?.[0] ?? ""}${parts.join("")}` });
  }
  return out;
}

describe("the gated-OR lookahead (grammar/lookahead.ts)", () => {
  it("is the parser's strategy", () => {
    expect((parser as unknown as { lookaheadStrategy: unknown }).lookaheadStrategy).toBeInstanceOf(GatedLookaheadStrategy);
  });

  it("parses every bundled file and mutated card text as Chevrotain's LL(k) strategy does", () => {
    const reference = new CardwrightParser(new LLkLookaheadStrategy({ maxLookahead: 1 }));
    const ours = cacheOf(parser);
    const theirs = cacheOf(reference);
    // Same grammar, same keys (rule short names × production kind × occurrence): only the functions differ.
    expect([...theirs.keys()].sort()).toEqual([...ours.keys()].sort());
    expect(ours.size).toBeGreaterThan(100);
    const files = [...bundledFiles(), ...mutated(bundledFiles(), 200)];
    expect(files.length).toBeGreaterThan(500);
    const parse = (f: { path: string; text: string }) => JSON.stringify(parseDocument(f.text, f.path));
    const withOurs = files.map(parse);
    const saved = new Map(ours);
    let withTheirs: string[];
    try {
      ours.clear();
      for (const [key, fn] of theirs) ours.set(key, fn);
      withTheirs = files.map(parse);
    } finally {
      ours.clear();
      for (const [key, fn] of saved) ours.set(key, fn);
    }
    const differing = files.filter((_, i) => withOurs[i] !== withTheirs[i]).map((f) => f.path);
    expect(differing).toEqual([]);
    // The mutations reach the parser's recovery (syntax errors), not only clean text.
    expect(withOurs.filter((json) => json.includes('"CW100')).length).toBeGreaterThan(40);
  }, 240_000);
});

describe("cardTextWords: the card's own name in its text", () => {
  const read = (text: string, name: string) =>
    cardTextWords(T.tokenize(text).tokens, 0, name).map((t) => `${t.image}:${t.tokenType === T.Word ? "word" : t.tokenType.name}`);

  it("a two-word name is plain words wherever it is written as named, whatever its first character", () => {
    for (const name of ["Deal Breaker", "  Deal Breaker", "\tDeal Breaker"]) {
      expect(read("Deal Breaker deals 2 damage to any target.", name).slice(0, 3)).toEqual(["Deal:word", "Breaker:word", `deals:${T.tokenize("deals").tokens[0]!.tokenType.name}`]);
    }
    expect(read("When 7 Return enters play, draw a card.", "7 Return")).toContain("Return:word");
    expect(read("When (Return) Agent enters play, draw a card.", "(Return) Agent")).toContain("Return:word");
    expect(read("When -Return Agent enters play, draw a card.", "-Return Agent")).toContain("Return:word");
    // A first token the lexer joins ("was  not" before a participle: one `Be` token, its image the text as written).
    expect(read("When Was  not destroyed Wolf enters play, draw a card.", "Was  not destroyed Wolf").slice(1, 4)).toEqual(["Was  not:word", "destroyed:word", "Wolf:word"]);
    expect(read("When Agent 47 enters play, draw a card.", "Agent 47").slice(1, 3)).toEqual(["Agent:word", "47:NumberLiteral"]);
  });

  it("a name written otherwise, or of one word, keeps its reading", () => {
    const verb = T.tokenize("Return").tokens[0]!.tokenType.name;
    expect(verb).not.toBe("Word");
    expect(read("Return Agent to its owner's hand.", "return Agent")).toContain(`Return:${verb}`);
    expect(read("Return target unit to its owner's hand.", "Return")).toContain(`Return:${verb}`);
    expect(read("Return target unit to its owner's hand.", "Return Agent")).toContain(`Return:${verb}`);
  });
});
