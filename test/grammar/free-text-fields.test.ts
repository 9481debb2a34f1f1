/**
 * Flavor text is prose: `flavor:` (and `artist:`, `name:`) read any words and punctuation to the end of the line, as a
 * designer prints them. A period or a colon in it was a syntax error ('Expected "}" but found "."') and the card was lost.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/build.ts";
import { formatDocument } from "../../compiler/format.ts";
import { checkWorkspace } from "../../compiler/workspace.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const duelGame = { path: "cards/duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };

const card = (fields: string) =>
  `set PRB "Probe" for duel\n\ncard "Ember Scout" {\n  type: Unit\n  cost: 1\n  color: Red\n  rarity: Common\n  power: 2\n${fields}  text:\n    PLAY: Draw a card.\n}\n`;

describe("free-text fields", () => {
  const flavor = `"It burns," she said. Then: nothing; [silence] • (end)`;
  const text = card(`  flavor: ${flavor}\n  artist: J. R. Doe\n`);

  it("parse whole, with no diagnostic, and keep the prose as written in the card's model", () => {
    expect(parseDocument(text, "probe.cards").diagnostics).toEqual([]);
    const model = checkWorkspace([duelGame, { path: "probe.cards", text }]);
    expect(model.diagnostics.filter((d) => d.file === "probe.cards")).toEqual([]);
    const scout = model.sets.flatMap((s) => s.cards).find((c) => c.name === "Ember Scout")!;
    expect(scout.fields.flavor).toMatchObject({ kind: "words", text: flavor });
    expect(scout.fields.artist).toMatchObject({ kind: "words", text: "J. R. Doe" });
    expect(scout.abilities).toHaveLength(1);
  });

  it("a colon inside the prose starts no field", () => {
    const colon = card("  flavor: Note: the end.\n");
    const model = checkWorkspace([duelGame, { path: "probe.cards", text: colon }]);
    expect(model.diagnostics.filter((d) => d.file === "probe.cards")).toEqual([]);
    expect(model.sets.flatMap((s) => s.cards).find((c) => c.name === "Ember Scout")!.fields.flavor).toMatchObject({ text: "Note: the end." });
  });

  it("format keeps the prose's spacing and is idempotent", () => {
    const formatted = formatDocument(parseDocument(text, "probe.cards").ast);
    expect(formatted).toContain(`  flavor: ${flavor}\n`);
    expect(formatted).toContain("  artist: J. R. Doe\n");
    expect(formatDocument(parseDocument(formatted, "probe.cards").ast)).toBe(formatted);
  });

  it("other fields still end at their punctuation", () => {
    expect(parseDocument(card("").replace("power: 2", "power: 2."), "probe.cards").diagnostics.length).toBeGreaterThan(0);
  });
});
