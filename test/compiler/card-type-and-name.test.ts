/** A card without a type or with a blank name is an error at its name, not a card that checks clean and can never be played or named. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { checkWorkspace } from "../../compiler/workspace.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const duelGame = { path: "cards/duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };

function check(cards: string) {
  const file = { path: "probe.cards", text: `set PRB "Probe" for duel\n${cards}` };
  return checkWorkspace([duelGame, file]).diagnostics.filter((d) => d.file === file.path);
}

describe("a card's type and name", () => {
  it("says a card without `type:` has no type, naming the game's card types, at the card's name", () => {
    const diagnostics = check('card "Typeless" {\n  cost: 1\n  text:\n    Draw a card.\n}\n');
    expect(diagnostics.map((d) => d.code)).toEqual(["CW2039"]);
    expect(diagnostics[0]!.message).toContain("Unit, Spell");
    expect(diagnostics[0]!.range.start.line).toBe(2);
    expect(diagnostics[0]!.range.start.column).toBe(6);
  });

  it("refuses an empty or blank card name", () => {
    const card = (name: string) => `card "${name}" {\n  type: Spell\n  cost: 1\n  color: Red\n  rarity: Common\n  text:\n    Draw a card.\n}\n`;
    expect(check(card("")).map((d) => d.code)).toEqual(["CW2040"]);
    expect(check(card("   ")).map((d) => d.code)).toEqual(["CW2040"]);
    expect(check(card("Spark")).map((d) => d.code)).toEqual([]);
  });

  it("says nothing more about a type a syntax error may have swallowed", () => {
    const codes = check('card "Cut" {\n  cost: 1\n  text:\n    Draw a card.\n').map((d) => d.code);
    expect(codes).not.toContain("CW2039");
    expect(codes.length).toBeGreaterThan(0);
  });
});
