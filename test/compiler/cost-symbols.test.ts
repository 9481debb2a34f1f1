/**
 * A cost symbol in a game where nothing pays one (CW7025): Chromatic Battlelines pays costs with Mana ("Mana is used to
 * pay the cost of playing cards", 5) and Three-Slot Duel by colour, so a `{1}` on a cost line was skipped as the card
 * was paid — played free. It is an error at the symbol; where a mechanic pays symbols (CYBERVAMP's lands) it is a cost.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { paysCostSymbols } from "../../compiler/contract-check.ts";
import { createEngine } from "../../runtime/index.ts";
import { mechanicsOf } from "../../runtime/core/mechanics.ts";

const root = path.join(import.meta.dirname, "..", "..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");
const GAMES = ["duel", "chromatic", "cybervamp"] as const;
const gameFile = (id: (typeof GAMES)[number]) => ({ path: `${id}/${id}.game`, text: read(`cards/${id}/${id}.game`) });

/** The CW7025 diagnostics of a card file checked with its game file, as `severity "the words marked"`. */
function costSymbolErrors(game: (typeof GAMES)[number], cards: string): string[] {
  const sources = [gameFile(game), { path: `${game}/test.cards`, text: cards }];
  const analysis = analyzeWorkspace(sources);
  return [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)]
    .filter((d) => d.code === "CW7025")
    .map((d) => `${d.severity} "${cards.slice(d.range.start.offset, d.range.end.offset)}" line ${d.range.start.line}`);
}

const chromaticSpell = (cost: string) =>
  `set TST "Test" for chromatic\n\ncard "Probe" {\n  type: Spell\n  color: Red\n  cost: ${cost}\n  rarity: Common\n  text:\n    [Red] Spark 1.\n    [Blue] Scry 1.\n    [Green] Gain 1 life.\n}\n`;

describe("a cost symbol in a game where nothing pays one (CW7025)", () => {
  it("Chromatic: `cost: {1}` and `cost: {R}` are errors at the symbol; `cost: 1` (1 Mana) is not", () => {
    expect(costSymbolErrors("chromatic", chromaticSpell("{1}"))).toEqual(['error "{1}" line 6']);
    expect(costSymbolErrors("chromatic", chromaticSpell("{R}"))).toEqual(['error "{R}" line 6']);
    expect(costSymbolErrors("chromatic", chromaticSpell("{X}"))).toEqual(['error "{X}" line 6']);
    expect(costSymbolErrors("chromatic", chromaticSpell("1"))).toEqual([]);
  });

  it("Duel: a symbol on a cost line, and in an activated ability's cost", () => {
    const unit = (cost: string, text: string) => `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: ${cost}\n  power: 1\n  rarity: Common\n  text:\n    ${text}\n}\n`;
    expect(costSymbolErrors("duel", unit("{2}", "PLAY: Draw a card."))).toEqual(['error "{2}" line 6']);
    expect(costSymbolErrors("duel", unit("free", "{1}: Draw a card."))).toEqual(['error "{1}" line 10']);
    expect(costSymbolErrors("duel", unit("free", "PLAY: Draw a card."))).toEqual([]);
  });

  it("Chromatic: 'Spells you cast cost {1} less.' is an error (it would reduce nothing); 'cost 1 less' is not", () => {
    const creature = (base: string) =>
      `set TST "Test" for chromatic\n\ncard "Probe" {\n  type: Creature\n  tribe: Mystic\n  color: Blue\n  cost: 2\n  attack: 1\n  defense: 1\n  rarity: Common\n  text:\n    [Base] ${base}\n    [Red] Spark 1.\n    [Blue] Scry 1.\n    [Green] Gain 1 life.\n    [Yellow] Draw a card.\n}\n`;
    expect(costSymbolErrors("chromatic", creature("Spells you cast cost {1} less."))).toEqual(['error "{1}" line 12']);
    expect(costSymbolErrors("chromatic", creature("Spells you cast cost 1 less."))).toEqual([]);
  });

  it("CYBERVAMP pays symbols with its lands: its cards check clean of CW7025", () => {
    expect(costSymbolErrors("cybervamp", read("cards/cybervamp/core.cards"))).toEqual([]);
    const spell = `set TST "Test" for cybervamp\n\ncard "Probe" {\n  type: Spell\n  faction: Red\n  cost: {R}{1}\n  text:\n    Deal 1 damage to any target.\n}\n`;
    expect(costSymbolErrors("cybervamp", spell)).toEqual([]);
  });

  it("the contract's answer is the engine's: symbols are paid exactly in the games where a mechanic has a payCost hook", () => {
    for (const id of GAMES) {
      const bundle = lowerWorkspace([{ path: `cards/${id}/${id}.game`, text: read(`cards/${id}/${id}.game`) }]).bundles.find((b) => b.game.id === id)!;
      const engine = createEngine(bundle);
      expect({ id, pays: paysCostSymbols(bundle.game) }).toEqual({ id, pays: mechanicsOf(engine.rules).some((m) => m.payCost !== undefined) });
    }
    expect(paysCostSymbols(lowerWorkspace([gameFile("cybervamp")]).bundles[0]!.game)).toBe(true);
  });
});
