/**
 * Cards and game files checked against the engine contract (compiler/contract.ts) at check
 * time: what the engine does not implement is a diagnostic at its words, never a clean check.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";

const root = path.join(import.meta.dirname, "..", "..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");
const duelGame = read("cards/duel/duel.game");

function problems(sources: { path: string; text: string }[]) {
  const analysis = analyzeWorkspace(sources);
  return [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].map((d) => {
    const text = sources.find((s) => s.path === d.file)!.text.slice(d.range.start.offset, d.range.end.offset);
    return `${d.code} ${d.severity} "${text}": ${d.message}`;
  });
}
const withParam = (line: string) => duelGame.replace("param starting_life = 10", `${line}\nparam starting_life = 10`);
const unit = (text: string) => `set TST "Test" for duel\n\ncard "Probe" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Common\n  text:\n    ${text}\n}\n`;

describe("game parameters against the contract", () => {
  it("a param nothing reads is an error at its name (Duel's breach_on no longer checks clean while BREACH fires)", () => {
    expect(problems([{ path: "duel/duel.game", text: withParam("param breach_on = never") }])).toEqual([
      expect.stringMatching(/^CW6002 error "breach_on": Nothing in the engine reads param breach_on/),
    ]);
    expect(problems([{ path: "duel/duel.game", text: withParam("param gray_rarity_means_gray_color = true") }])).toEqual([expect.stringMatching(/^CW6002 error "gray_rarity_means_gray_color"/)]);
  });

  it("a value the reading module does not take is an error at the value, naming the module and the values", () => {
    expect(problems([{ path: "duel/duel.game", text: duelGame.replace("param empty_deck_draw = skip", "param empty_deck_draw = mill") }])).toEqual([
      expect.stringMatching(/^CW6003 error "mill": param empty_deck_draw = mill: runtime\/[a-z/-]+\.ts takes one of \(skip, lose\)\.$/),
    ]);
    expect(problems([{ path: "duel/duel.game", text: duelGame.replace("param opening_hand = 5", "param opening_hand = lots") }])).toEqual([
      'CW6003 error "lots": param opening_hand = lots: runtime/index.ts takes a whole number.',
    ]);
    // A name from the game file itself: a stat, a zone.
    expect(problems([{ path: "duel/duel.game", text: withParam("param power_stat = might") }])).toEqual([
      expect.stringMatching(/^CW6003 error "might": param power_stat = might: runtime\/[a-z/-]+\.ts takes a stat of the game \(power\)\.$/),
    ]);
  });

  it("an older name of a value checks clean and is stored as the contract's name (a game file written before the rename keeps working)", () => {
    const cybervamp = read("cards/cybervamp/cybervamp.game");
    expect(cybervamp).toContain("param block_requires = ready");
    const older = cybervamp.replace("param block_requires = ready", "param block_requires = renewed");
    expect(problems([{ path: "cybervamp/cybervamp.game", text: older }]).filter((p) => /^CW600[2-4]/.test(p))).toEqual([]);
    const game = lowerWorkspace([{ path: "cybervamp/cybervamp.game", text: older }]).bundles.find((b) => b.game.id === "cybervamp")?.game;
    expect(game?.params.block_requires).toBe("ready");
    // Still an error: a value that is neither a contract value nor an older name of one.
    expect(problems([{ path: "cybervamp/cybervamp.game", text: cybervamp.replace("param block_requires = ready", "param block_requires = rested") }])).toEqual([
      expect.stringMatching(/^CW6003 error "rested": param block_requires = rested/),
    ]);
  });

  it("the bundled game files and sets are inside the contract", () => {
    for (const game of ["duel", "cybervamp", "chromatic"]) {
      const sources = [{ path: `${game}/${game}.game`, text: read(`cards/${game}/${game}.game`) }, { path: `${game}/core.cards`, text: read(`cards/${game}/core.cards`) }];
      expect(problems(sources).filter((p) => /^CW600[2-4]/.test(p))).toEqual([]);
    }
  });
});

describe("cards against the contract", () => {
  it("a trigger about a player on an event only cards take part in is CW6004, not a trigger on every card", () => {
    const found = problems([{ path: "duel/duel.game", text: duelGame }, { path: "duel/t.cards", text: unit("Whenever you deal damage, draw a card.") }]).filter((p) => p.startsWith("CW6004"));
    expect(found).toEqual([expect.stringMatching(/^CW6004 warning "Whenever you deal damage, draw a card\.?": The engine does not implement this trigger/)]);
  });
});
