/**
 * Check results cross from the worker to the page as deltas (studio/src/worker/model-delta.ts):
 * after any sequence of checks, the page's decoded model equals the worker's, and an unchanged
 * card, or one an edit above it only moved, is not sent again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace, placedCards } from "../../compiler/workspace.ts";
import { decodeModel, encodeModel, SentCards } from "../../studio/src/worker/model-delta.ts";
import type { WorkspaceModel } from "../../compiler/model.ts";

const root = path.join(import.meta.dirname, "..", "..", "cards");
const read = (file: string) => ({ path: file, text: readFileSync(path.join(root, file), "utf8") });

describe("check results as deltas", () => {
  it("decode to the worker's model after edits, renames, a removed set and a worker that forgot", () => {
    const game = read("duel/duel.game");
    const core = read("duel/core.cards");
    const firstCard = core.text.indexOf('card "') + 6;
    const versions = [
      [game, core],
      // One card renamed: every other card goes across as an index.
      [game, { ...core, text: core.text.slice(0, firstCard) + "Renamed " + core.text.slice(firstCard) }],
      // A card removed (the rest shift by one), and a second set.
      [game, { ...core, text: core.text.slice(0, firstCard - 6) + core.text.slice(core.text.indexOf('\ncard "', firstCard) + 1) }, { path: "duel/extra.cards", text: 'set EXT "Extra" for duel\n\ncard "Extra Card" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n' }],
      // The second set gone again.
      [game, core],
    ];
    const sent = new SentCards();
    let page: WorkspaceModel | undefined;
    const sentCards: number[] = [];
    const entries: number[] = [];
    const gamesSent: number[] = [];
    let previous: ReturnType<typeof analyzeWorkspace> | undefined;
    for (const sources of versions) {
      // Each analysis from the one before, as the studio's worker does: an unchanged game file keeps its model.
      previous = analyzeWorkspace(sources, previous ? { previous } : {});
      const model = previous.model;
      const delta = encodeModel(model, sent);
      sentCards.push(delta.sets.flatMap((s) => s.cards).filter((c) => "name" in c).length);
      entries.push(delta.sets.find((s) => s.file === core.path)!.cards.length);
      gamesSent.push(delta.games.filter((g) => !("sameGame" in g)).length);
      page = decodeModel(structuredClone(delta), page);
      expect(page).toEqual(model);
    }
    const cards = versions.map((v) => analyzeWorkspace(v).model.sets.reduce((n, s) => n + s.cards.length, 0));
    expect(sentCards[0]).toBe(cards[0]);
    expect(sentCards[1]).toBe(1);
    expect(sentCards[2]).toBe(1); // only the extra set's card: the removed one is gone, the rest shifted
    expect(sentCards[3]).toBe(1); // the renamed card is back under its own name
    // The unchanged cards go across as runs: the renamed card, and one run for the cards after it.
    expect(entries[1]).toBe(2);
    // The removed card: the rest is one run moved up.
    expect(entries[2]).toBe(1);
    // The game file never changed: its model crosses once.
    expect(gamesSent).toEqual([1, 0, 0, 0]);
    // A worker that forgot sends everything; a page without the previous model cannot decode a delta.
    sent.clear();
    const whole = encodeModel(analyzeWorkspace(versions[0]!).model, sent);
    expect(whole.sets.flatMap((s) => s.cards).every((c) => "name" in c)).toBe(true);
    const partial = encodeModel(analyzeWorkspace(versions[0]!).model, sent);
    expect(() => decodeModel(partial, undefined)).toThrow(/does not have/);
  });

  it("send a card file the edit left alone as one run, from the checker's own placements", () => {
    const game = read("duel/duel.game");
    const core = read("duel/core.cards");
    const other = { path: "duel/other.cards", text: 'set OTH "Other" for duel\n\ncard "Other One" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n\ncard "Other Two" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n' };
    const at = core.text.indexOf("Draw", core.text.indexOf('card "'));
    expect(at).toBeGreaterThan(0);
    // Keystrokes in core's first card that has "Draw" (other.cards untouched), then one in other.cards itself.
    const versions = [
      [game, core, other],
      [game, { ...core, text: core.text.slice(0, at) + "x" + core.text.slice(at) }, other],
      [game, { ...core, text: core.text.slice(0, at) + "xy" + core.text.slice(at) }, other],
      [game, { ...core, text: core.text.slice(0, at) + "xy" + core.text.slice(at) }, { ...other, text: other.text.replace("Other Two", "Other Twos") }],
    ];
    const sent = new SentCards();
    let page: WorkspaceModel | undefined;
    let analysis: ReturnType<typeof analyzeWorkspace> | undefined;
    const otherEntries: unknown[] = [];
    const otherSentSets: unknown[] = [];
    for (const sources of versions) {
      analysis = analyzeWorkspace(sources, analysis ? { previous: analysis } : {});
      const current = analysis;
      const delta = encodeModel(current.model, sent, (file) => placedCards(current, file));
      otherEntries.push(delta.sets.find((s) => s.file === other.path)!.cards);
      otherSentSets.push(sent.sets.get(other.path));
      page = decodeModel(structuredClone(delta), page);
      expect(page).toEqual(current.model);
    }
    const otherModels = analysis!.model.sets.find((s) => s.file === other.path)!.cards;
    const offsets = analyzeWorkspace(versions[1]!).model.sets.find((s) => s.file === other.path)!.cards.map((c) => c.range.start);
    // Left alone by the edits in core: the page's copy as it is, one entry for both cards, the worker's record kept.
    expect(otherEntries[1]).toEqual([{ index: 0, offset: offsets[0]!.offset, line: offsets[0]!.line, count: 2 }]);
    expect(otherEntries[2]).toEqual(otherEntries[1]);
    expect(otherSentSets[2]).toBe(otherSentSets[0]);
    // Its own edit: the renamed card goes across whole, the other as a reference.
    expect(otherEntries[3]).toEqual([{ index: 0, offset: offsets[0]!.offset, line: offsets[0]!.line }, otherModels[1]]);
    expect(otherSentSets[3]).not.toBe(otherSentSets[0]);
  });
});
