/**
 * Editor queries over a checked workspace (what the studio's hover, go-to-definition and
 * completions use), on the diagnostic fixtures' game and sets.
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { analyzeWorkspace, completionsAt, referenceAt, vocabularyOf, gameOfFile, describeReference } from "../../compiler/index.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const read = await readWorkspaceFiles(["test/fixtures/diagnostics"], { cwd: root });
const analysis = analyzeWorkspace(read.files);
const WORDS = "test/fixtures/diagnostics/words.cards";
const GAME = "test/fixtures/diagnostics/fixture.game";
const text = read.files.find((f) => f.path === WORDS)!.text;
const gameText = read.files.find((f) => f.path === GAME)!.text;

describe("referenceAt", () => {
  it("resolves a subtype in a type line to its declaration in the game file", () => {
    const offset = text.indexOf("Knight") + 2;
    const reference = referenceAt(analysis, WORDS, offset);
    expect(reference).toMatchObject({ kind: "subtype", name: "Knight", definition: { file: GAME } });
    const declared = reference!.definition!.range.start.offset;
    expect(gameText.slice(declared, declared + "Knight".length)).toBe("Knight");
    expect(describeReference(reference!)).toBe("Knight — a subtype: subtype Knight, Beast");
  });

  it("resolves a multi-word zone as one name, and a keyword action with its definition", () => {
    const zone = referenceAt(analysis, WORDS, text.indexOf("Shatter Zone") + "Shatter Z".length);
    expect(zone).toMatchObject({ kind: "zone", name: "Shatter Zone" });
    const spark = referenceAt(analysis, WORDS, text.indexOf("Spark 1") + 1);
    expect(spark).toMatchObject({ kind: "keyword", name: "Spark", detail: 'keyword action Spark N = "Deal N damage to any target."' });
  });

  it("finds nothing between words or in another file", () => {
    expect(referenceAt(analysis, WORDS, text.indexOf("# Unknown names"))).toBeUndefined();
    expect(referenceAt(analysis, "no/such.cards", 10)).toBeUndefined();
  });
});

describe("completionsAt", () => {
  const labels = (offset: number) => completionsAt(analysis, WORDS, offset, text).map((c) => c.label);

  it("reads only the line before the offset: that line's start up to the cursor gives the same answer (what the studio sends)", () => {
    // Every line's first and last offsets, and every fifth one between.
    const offsets = [...text.matchAll(/\n/g)].flatMap((m) => [m.index, m.index + 1]);
    for (let offset = 0; offset <= text.length; offset += 5) offsets.push(offset);
    for (const offset of offsets) {
      const linePrefix = text.slice(text.lastIndexOf("\n", offset - 1) + 1, offset);
      expect(completionsAt(analysis, WORDS, linePrefix.length, linePrefix)).toEqual(completionsAt(analysis, WORDS, offset, text));
    }
  });

  it("offers the field's own vocabulary in a field value", () => {
    expect(labels(text.indexOf("color: Redd") + "color: ".length)).toEqual(["Red", "Blue", "Green"]);
    expect(labels(text.indexOf("rarity: Comon") + "rarity: ".length)).toEqual(["Common", "Rare"]);
    expect(labels(text.indexOf("type: Unitt") + "type: ".length)).toEqual(expect.arrayContaining(["Unit", "Spell", "Hero", "Knight", "Beast", "Token"]));
  });

  it("offers card names inside quotes and tags after a bracket", () => {
    const quoted = text.indexOf('"Squirre"') + 1;
    expect(labels(quoted)).toEqual(expect.arrayContaining(["Squire", "Seer", "Bare Unit"]));
    const withBracket = text + "\n    [";
    expect(completionsAt(analysis, WORDS, withBracket.length, withBracket).map((c) => c.label)).toEqual(["Base", "Red", "Blue", "Green"]);
  });

  it("offers fields, markers and keywords at the start of a line", () => {
    const start = text.indexOf("  powr: 3") + 2;
    const found = completionsAt(analysis, WORDS, start, text);
    expect(found.find((c) => c.label === "power")).toMatchObject({ kind: "field", insertText: "power: " });
    expect(found.find((c) => c.label === "PLAY")).toMatchObject({ kind: "marker", insertText: "PLAY: " });
    expect(found.find((c) => c.label === "Haste")).toMatchObject({ kind: "keyword" });
  });
});

describe("vocabularyOf", () => {
  it("lists every name of the game with hover text, the fields and the game's cards", () => {
    expect(gameOfFile(analysis, WORDS)).toBe("fixture");
    const entries = vocabularyOf(analysis, "fixture");
    expect(entries.find((e) => e.name === "Bleed" && e.kind === "keyword")?.detail).toBe(
      'keyword ability: Whenever this deals combat damage to a player, that player gains X Bleed counters.',
    );
    expect(entries.filter((e) => e.kind === "zone").map((e) => e.name)).toEqual(["Deck", "Hand", "Field", "Graveyard", "Shatter Zone"]);
    expect(entries.some((e) => e.kind === "card" && e.name === "Hero Fine")).toBe(true);
    expect(vocabularyOf(analysis, "no-such-game")).toEqual([]);
  });
});

describe("re-checking with the previous analysis", () => {
  it("parses only the files whose text changed, and reports what a fresh check reports", () => {
    const edited = read.files.map((f) => (f.path === WORDS ? { ...f, text: f.text.replace("Hastee.", "Haste.") } : f));
    const again = analyzeWorkspace(edited, { previous: analysis });
    expect(again.files.get(GAME)).toBe(analysis.files.get(GAME));
    expect(again.files.get(WORDS)).not.toBe(analysis.files.get(WORDS));
    expect(again.model).toEqual(analyzeWorkspace(edited).model);
    const hastee = (model: typeof again.model) => model.diagnostics.filter((d) => d.message.includes('"Hastee"'));
    expect(hastee(again.model)).toEqual([]);
    expect(hastee(analysis.model).length).toBe(1);
  });
});

describe("card names", () => {
  it("describe the card at its own declaration", () => {
    const offset = text.indexOf('card "Knigth Errant"') + 'card "K'.length;
    expect(referenceAt(analysis, WORDS, offset)).toMatchObject({ kind: "card", name: "Knigth Errant", detail: "Unit — Knigth" });
  });
});

describe("completions in ability text", () => {
  const at = (line: string) => {
    const edited = `${text}\ncard "Draft" {\n  type: Spell\n  text:\n    ${line}`;
    return completionsAt(analysis, WORDS, edited.length, edited).map((c) => c.label);
  };

  it("offers zones after a preposition and its possessive", () => {
    expect(at("Return a card from your ")).toEqual(["Deck", "Hand", "Field", "Graveyard", "Shatter Zone"]);
    expect(at("Put it into your Gra")).toEqual(["Deck", "Hand", "Field", "Graveyard", "Shatter Zone"]);
  });

  it("offers keyword abilities (and counters) after a granting verb, keyword actions after `When you`", () => {
    expect(at("Units you control have ")).toEqual(["Crystal", "Haste", "Bleed", "Bleed", "power"]);
    expect(at("When you ")).toEqual(["Scry", "Spark"]);
  });

  it("offers phases in a moment", () => {
    expect(at("At the start of your ")).toEqual(["Start", "Main", "End"]);
  });
});
