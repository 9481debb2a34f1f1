/**
 * Issue 11, session 43 (engine): what the reads-as and the diagnostics say is what the engine does.
 * - The reads-as said otherwise than what runs (probe s42 M2): corpus {cybervamp,duel}.engine-s43.corpus holds those
 *   sentences with their reads-as (round trip: the reads-as re-checks clean, same IR); a few are pinned here.
 * - A CW6001 raised by the checker (check.ts: a token with no stats and no card of its name, a token of a spell's face,
 *   an ability in quotes) runs nothing of its words, as a lowering note's does (engine s42 runNothingNoted).
 * - A diagnostic's suggested sentence checks clean (M4: the cost-change advice listed the card's own words).
 * Scenarios: cards/cybervamp/scenarios/engine-s43.*.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import type { Step } from "../../compiler/ir.ts";
import { parseCorpus, probeCards, probeSources } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

/** The steps that run something (not a step holding others, not the engine's "unsupported" rule), at any depth. */
function runningSteps(steps: Step[], out: Step[] = []): Step[] {
  for (const step of steps) {
    if (step.op === "if") {
      runningSteps(step.then, out);
      runningSteps(step.else ?? [], out);
    } else if (step.op === "may") {
      runningSteps(step.steps, out);
      runningSteps(step.otherwise ?? [], out);
    } else if (step.op === "choose_one") for (const m of step.modes) runningSteps(m.steps, out);
    else if (step.op === "delayed" || step.op === "per_player") runningSteps(step.steps, out);
    else if (!(step.op === "rule" && step.rule === "unsupported")) out.push(step);
  }
  return out;
}

/** For each text, the words of every CW6001 (the checker's and the lowering's) and of the steps still run from those words. */
function runDespiteAnyCW6001(game: string, cards: { kind: string; text: string }[]): { text: string; warned: string[]; runs: string[] }[] {
  const { sources } = probeSources(game, cards);
  const file = sources[1]!.text;
  const analysis = analyzeWorkspace(sources);
  const warnings = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.code === "CW6001" && d.file === `${game}/corpus.cards`);
  const bundle = lowerAnalysis(analysis, sources).bundles.find((b) => b.game.id === game)!;
  return cards.map((c, i) => {
    const card = bundle.cards.find((k) => k.name === `Probe ${i}`)!;
    const mine = warnings.filter((d) => d.range.start.offset >= card.source.range.start.offset && d.range.end.offset <= card.source.range.end.offset);
    const meets = (s: Step) => !!s.source && mine.some((d) => d.range.start.offset < s.source!.range.end.offset && s.source!.range.start.offset < d.range.end.offset);
    const runs = card.abilities.flatMap((a) => runningSteps(a.steps ?? [])).filter(meets);
    return { text: c.text, warned: mine.map((d) => file.slice(d.range.start.offset, d.range.end.offset)), runs: runs.map((s) => file.slice(s.source!.range.start.offset, s.source!.range.end.offset)) };
  });
}

describe("a checker CW6001 runs nothing of what it names (it made the token anyway)", () => {
  it("a token with no stats and no card of its name, a token of a spell's face, in Duel", () => {
    for (const text of ["Summon a Beast token.", "Create a Quick Bolt token.", "PLAY: Create a Wolf token."]) {
      const p = probe("duel", /^PLAY/.test(text) ? "unit" : "spell", text);
      expect([text, p.problems.map((w) => w.split(" ")[0])]).toEqual([text, ["CW6001"]]);
      expect(JSON.stringify(p.abilities)).not.toContain('"create_token"');
      expect(p.readsAs.join(" ")).toContain("(nothing: the engine cannot run this text)");
    }
    // The sentence before it still runs.
    const both = probe("duel", "spell", "Draw a card. Create a Wolf token.");
    expect(JSON.stringify(both.abilities)).toContain('"draw"');
    expect(JSON.stringify(both.abilities)).not.toContain('"create_token"');
  });

  it("every corpus sentence with a CW6001, the checker's included: no step made from its words runs", () => {
    const root = path.join(import.meta.dirname, "..", "..", "test/fixtures/corpus");
    const byGame = new Map<string, { kind: string; text: string }[]>();
    for (const name of readdirSync(root).filter((f) => f.endsWith(".corpus"))) {
      const game = name.split(".")[0]!;
      for (const e of parseCorpus(readFileSync(path.join(root, name), "utf8"), name)) {
        if (e.problems.some((p) => p.startsWith("CW6001"))) byGame.set(game, [...(byGame.get(game) ?? []), { kind: e.kind, text: e.sentence }]);
      }
    }
    // The checker's own CW6001 forms, in each game where they are CW6001 (CYBERVAMP's and Chromatic's stat-less token is CW2099).
    byGame.get("duel")!.push({ kind: "spell", text: "Summon a Beast token." }, { kind: "spell", text: "Create a Quick Bolt token." }, { kind: "spell", text: 'Target unit gains "DEATH: Draw a card." until end of turn.' });
    byGame.get("cybervamp")!.push({ kind: "spell", text: 'Target creature gains "Whenever this attacks, draw a card." until end of turn.' });
    let warned = 0;
    for (const [game, cards] of byGame) {
      for (const r of runDespiteAnyCW6001(game, cards)) {
        if (r.warned.length) warned++;
        expect({ text: r.text, runs: r.runs }).toEqual({ text: r.text, runs: [] });
      }
    }
    expect(warned).toBeGreaterThan(100);
  });
});

describe("the reads-as says what runs (probe s42 M2)", () => {
  it("the probe's four wordings, and 'if it was' after the card left play", () => {
    for (const [game, kind, text, reads] of [
      ["cybervamp", "spell", "Each opponent loses 1 life for each creature they control. You gain that much life.", "Each opponent loses 1 life for each Creature they control, then gain that much life."],
      ["cybervamp", "spell", "Deal 1 damage to any target twice.", "Deal 1 damage to any target twice."],
      ["cybervamp", "spell", "Destroy target creature. Its controller creates a 1/1 Bat token.", "Destroy target creature, then its controller creates a 1/1 Bat token."],
      ["duel", "spell", "Summon target Unit card from an opponent's Graveyard under your control.", "Summon target unit card from an opponent's Graveyard under your control."],
      ["duel", "spell", "Return target unit to its owner's hand. If it was a Knight, draw a card.", "Return target unit to its owner's hand, then if it was a Knight, draw a card."],
      ["duel", "spell", "Destroy target unit unless it is a Knight.", "Destroy target unit unless it is a Knight."],
      ["cybervamp", "creature", "Whenever this becomes blocked by a creature, destroy that creature.", "When this is blocked by a Creature, destroy that creature."],
      ["duel", "spell", "Draw cards equal to the number of units in all graveyards.", "Draw cards equal to the number of Unit cards in all Graveyards."],
    ] as const) {
      const p = probe(game, kind, text);
      expect({ text, problems: p.problems, readsAs: p.readsAs }).toEqual({ text, problems: [], readsAs: [reads] });
    }
  });

  it("'it' after 'any target' is that target, a player too (it was the cards the step before acted on)", () => {
    const p = probe("cybervamp", "spell", "Deal 1 damage to any target, then deal 1 damage to it.");
    const steps = p.abilities[0]!.steps!;
    expect(steps.map((s) => (s.op === "damage" ? s.to : s.op))).toEqual([{ kind: "target", index: 0 }, { kind: "target", index: 0 }]);
  });
});

describe("a cost changed in life: the diagnostic says why, and its suggestion checks clean (probe s42 M4)", () => {
  it("life: the engine cannot change a cost's life part (the advice listed the card's own words)", () => {
    for (const text of ["Spells your opponents cast cost 1 life more.", "Spells your opponent plays cost 1 more life."]) {
      const p = probe("duel", "unit", text);
      expect(p.problems.map((w) => w.split(" ")[0])).toEqual(["CW6001"]);
      expect(p.messages[0]).toContain("never by life");
      expect(p.messages[0]).not.toContain("your opponents cast");
    }
  });

  it("an unknown resource word: the sentence suggested checks clean and changes the cost", () => {
    const p = probe("duel", "unit", "Spells your opponents cast cost 1 Gem more.");
    const suggested = /write "([^"]+)"/.exec(p.messages[0]!)?.[1];
    expect(suggested).toBe("Spells your opponents cast cost 1 Crystal more.");
    const again = probe("duel", "unit", suggested!);
    expect(again.problems).toEqual([]);
    expect(again.readsAs).toEqual(["Spells your opponents cast cost 1 Crystal more."]);
  });
});
