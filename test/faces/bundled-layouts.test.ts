/**
 * The three bundled games declare their own faces in their game files (issue 19): each checks
 * clean, differs from the default face and from the others, and gives every colour of the game a
 * frame whose text is readable on it.
 */
import { describe, expect, it } from "vitest";
import { loadWorkspaceFromDisk } from "../../compiler/workspace-disk.ts";
import { DEFAULT_LAYOUT, drawCardFace, layoutOf } from "../../faces/index.ts";

const GAMES = ["duel", "cybervamp", "chromatic"];

/** WCAG contrast ratio of two "#rrggbb" colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe("the bundled games' layouts", async () => {
  const model = await loadWorkspaceFromDisk(GAMES.map((g) => `cards/${g}/${g}.game`));

  it("check clean and differ from the default face and from each other", () => {
    expect(model.diagnostics.filter((d) => d.file.endsWith(".game") && d.severity !== "info")).toEqual([]);
    const layouts = GAMES.map((id) => layoutOf(model.games.find((g) => g.id === id)));
    for (const layout of layouts) expect(JSON.stringify(layout)).not.toBe(JSON.stringify(DEFAULT_LAYOUT));
    expect(new Set(layouts.map((l) => JSON.stringify(l))).size).toBe(3);
    expect(new Set(layouts.map((l) => l.back.fill)).size).toBe(3);
  });

  it("give every colour a frame, with its ink readable on it (contrast at least 3:1)", () => {
    for (const id of GAMES) {
      const game = model.games.find((g) => g.id === id)!;
      const layout = layoutOf(game);
      for (const colour of game.colors) {
        const frame = layout.frames[colour];
        expect(frame, `${id} ${colour}`).toBeDefined();
        expect(contrast(frame!.fill, frame!.ink!), `${id} ${colour}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("draw a face on each game's card size with every text line inside the card", () => {
    for (const id of GAMES) {
      const game = model.games.find((g) => g.id === id)!;
      const card = { name: "A Rather Long Card Name Indeed", type: "Spell", subtypes: [], supertypes: [], colors: [game.colors[0]!], stats: {}, abilities: [], text: "Draw a card. ".repeat(30), cost: "1" };
      const drawing = drawCardFace(card as never, { game });
      for (const shape of drawing.shapes) {
        if (shape.kind !== "text") continue;
        expect(shape.x, `${id} ${shape.role}`).toBeGreaterThanOrEqual(0);
        expect(shape.y, `${id} ${shape.role}`).toBeLessThanOrEqual(drawing.height);
      }
    }
  });
});
