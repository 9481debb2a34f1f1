/**
 * Layout lines in a game file and the `art` field of a card are checked like the rest of the
 * language: each problem is a diagnostic at its own line and words, with a did-you-mean where a
 * name was misspelt; a clean layout becomes the game model's `layout`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace, type AnalyzeOptions } from "../../compiler/workspace.ts";
import type { WorkspaceAsset } from "../../compiler/art.ts";

// The duel game file without its own face: each test declares the layout lines it checks.
const duel = readFileSync(new URL("../../cards/duel/duel.game", import.meta.url), "utf8")
  .split("\n")
  .filter((text) => !text.startsWith("layout "))
  .join("\n");
const gameLines = duel.split("\n").length;

function check(layout: string, cards = "", options: AnalyzeOptions = {}) {
  const sources = [{ path: "duel/duel.game", text: `${duel}\n${layout}\n` }];
  if (cards) sources.push({ path: "duel/sets/t.cards", text: `set T "T" for duel\n${cards}` });
  const result = analyzeWorkspace(sources, options).model;
  return { diagnostics: result.diagnostics.filter((d) => d.severity === "error"), game: result.games[0]!, cards: result.sets.flatMap((s) => s.cards) };
}

/** The line a layout line ends up on (the layout text starts after the game file and a blank line). */
const line = (n: number) => gameLines + n;

describe("layout lines in the game file", () => {
  it("become the game's layout: card, frames by colour, regions, back", () => {
    const { diagnostics, game } = check(
      [
        'layout card width 63 height 88 corner 3 border 2 background "#F4ECD8" font serif',
        'layout frame Red "#b3342c" ink "#fff"',
        'layout frame multicolor "#c9a23a"',
        'layout name at 6 5 width 51 height 7 font serif bold 10 min 7 fill frame ink "#ffffff"',
        "layout text at 6 51 width 51 height 27 font sans 8 min 5 align center",
        "layout rarity hidden",
        'layout back fill "#1d1b20" ink "#c9a23a" title "Duel!"',
      ].join("\n"),
    );
    expect(diagnostics).toEqual([]);
    expect(game.layout).toEqual({
      card: { width: 63, height: 88, corner: 3, border: 2, background: "#f4ecd8", font: "serif" },
      frames: { Red: { fill: "#b3342c", ink: "#ffffff" }, multicolor: { fill: "#c9a23a" } },
      regions: {
        name: { x: 6, y: 5, width: 51, height: 7, font: "serif", bold: true, size: 10, min: 7, fill: "frame", ink: "#ffffff" },
        text: { x: 6, y: 51, width: 51, height: 27, font: "sans", size: 8, min: 5, align: "center" },
        rarity: { hidden: true },
      },
      back: { fill: "#1d1b20", ink: "#c9a23a", title: "Duel!" },
    });
  });

  it.each([
    ["layout nmae at 6 5", "CW2090", "name", 8],
    ['layout name colr "#fff"', "CW2091", undefined, 13],
    ["layout name widht 5", "CW2091", "width", 13],
    ["layout text font serf 8", "CW2092", "serif", 18],
    ["layout text font times 8", "CW2092", undefined, 18],
    ['layout name fill "red"', "CW2092", undefined, 18],
    ["layout name at 6", "CW2092", undefined, 13],
    ["layout art at 6 13 width 60 height 30", "CW2093", undefined, 1],
    ['layout frame Rde "#b3342c"', "CW2094", "Red", 14],
    ['layout frame Red "#b3342c"\nlayout frame red "#000000"', "CW2095", undefined, 14],
    ["layout card width 400", "CW2092", undefined, 19],
    ["layout text size 8 min 9", "CW2092", undefined, 1],
  ])("%s is %s at its line", (text, code, suggestion, column) => {
    const { diagnostics } = check(text);
    expect(diagnostics.map((d) => d.code)).toEqual([code]);
    const [d] = diagnostics;
    expect(d!.file).toBe("duel/duel.game");
    expect(d!.range.start.line).toBe(line(text.split("\n").length));
    expect(d!.range.start.column).toBe(column);
    expect(d!.suggestion).toBe(suggestion);
  });
});

describe("the art field", () => {
  const cardWith = (art: string, name = "Painted") => `card "${name}" {\n  type: Spell\n  color: Red\n  cost: 1 life\n  rarity: Common\n  art: ${art}\n  text:\n    Draw a card.\n}\n`;
  const png: WorkspaceAsset = { path: "duel/art/painted.png", size: 2048, format: "png", width: 600, height: 400 };

  it("resolves a quoted path from the card file's folder", () => {
    const { diagnostics, cards } = check("", cardWith('"../art/painted.png"'), { assets: [png] });
    expect(diagnostics).toEqual([]);
    expect(cards[0]!.art?.path).toBe("duel/art/painted.png");
    expect(cards[0]!.art?.range.start.line).toBe(7);
  });

  it.each([
    ['"../../../etc/passwd.png"', "CW2097", /climbs above the workspace/],
    ['"/etc/art.png"', "CW2097", /absolute path/],
    ['"file:///etc/art.png"', "CW2097", /absolute path/],
    ['"art\\\\painted.png"', "CW2096", /forward slashes/],
    ['"../art/painted.gif"', "CW2096", /painted\.gif/],
    ["painted", "CW2096", /found "painted"/],
  ])("refuses %s (%s) at the field's line", (art, code, message) => {
    const { diagnostics, cards } = check("", cardWith(art), { assets: [png] });
    expect(diagnostics.map((d) => d.code)).toEqual([code]);
    expect(diagnostics[0]!.range.start.line).toBe(7);
    expect(diagnostics[0]!.message).toMatch(message);
    expect(cards[0]!.art).toBeUndefined();
  });

  it("is held to the workspace's images: missing (with the closest image), a link out, not an image, too large", () => {
    const assets: WorkspaceAsset[] = [
      png,
      { path: "duel/art/out.png", size: 10, outside: true },
      { path: "duel/art/text.png", size: 10 },
      { path: "duel/art/huge.jpg", size: 20 * 1024 * 1024, format: "jpeg", width: 100, height: 100 },
      { path: "duel/art/wide.webp", size: 10_000, format: "webp", width: 9000, height: 100 },
    ];
    const cards = ['"../art/paintd.png"', '"../art/out.png"', '"../art/text.png"', '"../art/huge.jpg"', '"../art/wide.webp"'].map((art, i) => cardWith(art, `Card ${i}`)).join("");
    const { diagnostics } = check("", cards, { assets });
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
      ["CW2098", 7],
      ["CW2097", 16],
      ["CW3030", 25],
      ["CW3031", 34],
      ["CW3031", 43],
    ]);
    expect(diagnostics[0]!.suggestion).toBe("../art/painted.png");
    expect(diagnostics[1]!.message).toMatch(/link leading out of the workspace/);
    expect(diagnostics[4]!.message).toMatch(/9000 × 100 pixels/);
  });

  it("without a file listing (text in memory) checks the path's form only", () => {
    expect(check("", cardWith('"../art/anything.webp"')).diagnostics).toEqual([]);
  });
});
