/**
 * Card faces are pure SVG strings: well-formed XML, every piece of card text escaped, text
 * kept inside the card, and renderable in Node by resvg (what the exporters do).
 */
import { Resvg } from "@resvg/resvg-js";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CardModel, GameModel } from "../../compiler/model.ts";
import { costPips, drawCardFace, FACE_PIXEL_WIDTH, FONT_FILES, renderCardBack, renderCardFace, renderFaceSheet, resolveLayout } from "../../faces/index.ts";
import { xmlEscape } from "../../faces/svg.ts";
import { textWidth } from "../../faces/fonts.ts";
import type { TextShape } from "../../faces/draw.ts";

const range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 10, line: 1, column: 11 } };

function card(overrides: Partial<CardModel> = {}): CardModel {
  return {
    game: "chromatic",
    set: "CB1",
    name: "Seer",
    file: "chromatic/core.cards",
    range,
    type: "Creature",
    subtypes: ["Mystic"],
    supertypes: [],
    isToken: false,
    colors: ["Blue"],
    rarity: "Common",
    cost: "{2}",
    stats: { attack: 1, defense: 3 },
    fields: {},
    abilities: [
      { tag: "Base", text: "When you draw, Scry 1.", range },
      { tag: "Red", text: "This gets +1 attack.", range },
    ],
    text: "[Base] When you draw, Scry 1.\n[Red] This gets +1 attack.",
    ...overrides,
  };
}

const game: GameModel = { id: "chromatic", name: "Chromatic Battlelines", file: "chromatic/chromatic.game", params: {}, colors: ["Red", "Blue", "Green", "Yellow", "Purple"], cardTypes: ["Creature"], zones: [], phases: [], keywords: [] };

/** Every text node of an SVG document, in order, decoded. */
function textsOf(svg: string): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "#text") out.push(String(value));
        else if (key !== ":@") walk(value);
      }
    }
  };
  walk(new XMLParser({ preserveOrder: true, ignoreAttributes: false, processEntities: true, htmlEntities: false }).parse(svg));
  return out;
}

describe("card faces", () => {
  it("draw the name, type line, cost, stats and every ability of a card", () => {
    const svg = renderCardFace(card(), { game });
    expect(XMLValidator.validate(svg)).toBe(true);
    const texts = textsOf(svg);
    expect(texts).toContain("Seer");
    expect(texts).toContain("Creature — Mystic");
    expect(texts).toContain("2");
    expect(texts).toContain("1/3");
    expect(texts.join(" ")).toContain("When you draw, Scry 1.");
    expect(texts.join(" ")).toContain("This gets +1 attack.");
  });

  it("escape a hostile card name: it is text in the SVG, never an element or attribute", () => {
    const hostile = `<img src=x onerror=alert(1)>`;
    const svg = renderCardFace(card({ name: hostile, text: `"><script>alert(2)</script>`, abilities: [{ text: `"><script>alert(2)</script>`, range }] }), { game });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<img");
    expect(svg).not.toContain("<script");
    expect(textsOf(svg)).toContain(hostile);
    expect(textsOf(svg).join("")).toContain("<script>alert(2)</script>");
  });

  it("stay well-formed XML for any card text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.string({ maxLength: 120 }), { maxLength: 6 }), fc.string({ maxLength: 12 }), (name, abilities, cost) => {
        const svg = renderCardFace(card({ name, cost, abilities: abilities.map((text) => ({ text, range })), text: abilities.join("\n") }), { game });
        expect(XMLValidator.validate(svg)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("shrink long rules text to fit the text box: every line inside it, no word cut", () => {
    const long = "Whenever another friendly unit is destroyed, each opponent loses 1 life and you gain 1 life, then draw a card. ".repeat(4);
    const drawing = drawCardFace(card({ abilities: [{ text: long, range }], text: long }), { game });
    const box = resolveLayout(undefined).regions.text;
    const lines = drawing.shapes.filter((s): s is TextShape => s.kind === "text" && s.role === "text");
    expect(lines.length).toBeGreaterThan(8);
    for (const line of lines) {
      expect(line.x + textWidth(line.font, line.text, line.size)).toBeLessThanOrEqual(box.x + box.width + 1e-6);
      expect(line.y - line.size * 0.8).toBeGreaterThanOrEqual(box.y - 1e-6);
      expect(line.y + line.size * 0.25).toBeLessThanOrEqual(box.y + box.height + 1e-6);
    }
    // Words are whole: the lines, joined, are the text.
    expect(lines.map((l) => l.text).join(" ")).toBe(long.trim());
    expect(lines[0]!.size).toBeLessThan((8.5 * 25.4) / 72);
  });

  it("turn cost symbols into pips coloured by the game's colours, worded costs into one badge", () => {
    expect(costPips("{R}{R}{1}", ["Red", "Blue"]).map((p) => p.label)).toEqual(["R", "R", "1"]);
    expect(costPips("{R}", ["Red"])[0]!.fill).not.toBe(costPips("{1}", ["Red"])[0]!.fill);
    expect(costPips("2 life", []).map((p) => p.label)).toEqual(["2 life"]);
    expect(costPips("free", [])).toEqual([]);
    expect(costPips(undefined, [])).toEqual([]);
  });

  it("accept the exporters' call form renderCardFace(card, game) and render to PNG with resvg", () => {
    const svg = renderCardFace(card(), game);
    const png = new Resvg(svg, { fitTo: { mode: "width", value: FACE_PIXEL_WIDTH }, font: { loadSystemFonts: false, fontFiles: Object.values(FONT_FILES).map((f) => `faces/fonts/${f}`) } }).render();
    expect(png.width).toBe(FACE_PIXEL_WIDTH);
    expect(png.height).toBe(Math.round((FACE_PIXEL_WIDTH * 88) / 63));
    expect(png.asPng().subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("lay out a sheet and a card back as well-formed SVG", () => {
    const sheet = renderFaceSheet([card(), card({ name: "Chronicler" }), card({ name: "Sparkmage" })], { game, columns: 2 });
    expect(XMLValidator.validate(sheet)).toBe(true);
    expect(sheet).toContain(`width="${2 * FACE_PIXEL_WIDTH}" height="${2 * Math.round((FACE_PIXEL_WIDTH * 88) / 63)}"`);
    expect(textsOf(sheet)).toEqual(expect.arrayContaining(["Seer", "Chronicler", "Sparkmage"]));
    const back = renderCardBack({ id: "duel", name: "Three-Slot <Duel>", colors: ["Red"] });
    expect(XMLValidator.validate(back)).toBe(true);
    expect(textsOf(back)).toContain("Three-Slot <Duel>");
  });

  it("escape the five XML specials and drop control characters", () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });
});
