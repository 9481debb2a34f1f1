import { describe, expect, it } from "vitest";
import { exportWorkspace, type ExportFormat } from "../../export/index.ts";
import { composeSheet, prepareFace, renderPng } from "../../export/render.ts";
import { duelSet, fakeBundles, vampSet, workspace } from "./fixtures.ts";
import { pixelAt, readPng } from "./png.ts";

const CARD = { cardWidth: 40, cardHeight: 56 };

/** A face whose fill comes from a gradient with a fixed id, as real faces share ids. */
function gradientFace(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14"><defs><linearGradient id="fill"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}"/></linearGradient></defs><rect width="10" height="14" fill="url(#fill)"/></svg>`;
}

describe("card sheets", () => {
  it("keeps each nested face's ids apart, so faces sharing an id still show their own colours", () => {
    const faces = [prepareFace(gradientFace("#ff0000"), "a-"), prepareFace(gradientFace("#0000ff"), "b-")];
    const png = readPng(renderPng(composeSheet(faces, { columns: 2, rows: 1, ...CARD })), true);
    expect(pixelAt(png, 20, 28)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(png, 60, 28)).toEqual([0, 0, 255, 255]);
  });

  it("reports a face that is not SVG as an error on that card, and exports nothing", async () => {
    const set = duelSet();
    const result = await exportWorkspace(workspace([set]), "tts", {
      ...CARD,
      faceRenderer: (card) => (card.name === set.cards[2]!.name ? "<svg><g></svg>" : gradientFace("#000")),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "CW4004", file: set.cards[2]!.file, range: set.cards[2]!.range, severity: "error" });
    expect(result.diagnostics[0]!.message).toContain(set.cards[2]!.name);
  });
});

describe("determinism", () => {
  it.each(["json", "tts", "cockatrice", "cgs"] as ExportFormat[])("%s: the same workspace gives the same bytes", async (format) => {
    const model = workspace([vampSet(3), duelSet()]);
    const first = await exportWorkspace(model, format, { ...CARD, bundles: fakeBundles(model) });
    // Sets given in another order: the output must not depend on it.
    const reordered = workspace([duelSet(), vampSet(3)]);
    const second = await exportWorkspace(reordered, format, { ...CARD, bundles: fakeBundles(reordered) });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.files.map((file) => file.path)).toEqual(first.files.map((file) => file.path));
    first.files.forEach((file, i) => expect(Buffer.from(second.files[i]!.contents).equals(Buffer.from(file.contents)), file.path).toBe(true));
  });
});
