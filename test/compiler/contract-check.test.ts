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

  it("a param read only under another response model is an error at its name (CW6013): it changed nothing and checked clean", () => {
    expect(problems([{ path: "duel/duel.game", text: withParam("param spells_on_opponent_turn = true") }])).toEqual([
      'CW6013 error "spells_on_opponent_turn": Param spells_on_opponent_turn is read only under response_model = stack or chain, and this game\'s response_model is instant: changing it would change nothing.',
    ]);
    expect(problems([{ path: "duel/duel.game", text: withParam("param spells_forbidden_in = Start") }])).toEqual([expect.stringMatching(/^CW6013 error "spells_forbidden_in": Param spells_forbidden_in is read only under response_model = stack,/)]);
    // Under the model that reads it (CYBERVAMP's stack: `spells_forbidden_in = Renew`) the line checks clean, as every bundled game does.
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

describe("combat_model against the game's phases (CW6009)", () => {
  it("a fight model with phases that run combat by damage is an error at the param, and the reverse too", () => {
    const cybervamp = read("cards/cybervamp/cybervamp.game");
    expect(cybervamp).toContain("param combat_model = damage ");
    expect(problems([{ path: "cybervamp/cybervamp.game", text: cybervamp.replace("param combat_model = damage ", "param combat_model = fight ") }])).toEqual([
      expect.stringMatching(/^CW6009 error "fight": param combat_model = fight: phase Battle runs `declare_attackers`, a step of combat by damage/),
    ]);
    // Without the line the default is fight: reported at the phase step.
    expect(problems([{ path: "cybervamp/cybervamp.game", text: cybervamp.replace(/^param combat_model = damage .*$/m, "") }])).toEqual([expect.stringMatching(/^CW6009 error "declare_attackers": param combat_model = fight/)]);
    expect(problems([{ path: "duel/duel.game", text: duelGame.replace("param combat_model = fight ", "param combat_model = damage ") }])).toEqual([
      expect.stringMatching(/^CW6009 error "damage": param combat_model = damage: no phase declares attackers/),
    ]);
  });
});

describe("cards against the contract", () => {
  it("a trigger about a player on an event only cards take part in is CW6004, not a trigger on every card", () => {
    const found = problems([{ path: "duel/duel.game", text: duelGame }, { path: "duel/t.cards", text: unit("Whenever you survive a fight, draw a card.") }]).filter((p) => p.startsWith("CW6004"));
    expect(found).toEqual([expect.stringMatching(/^CW6004 warning "Whenever you survive a fight, draw a card\.?": The engine does not implement this trigger/)]);
  });
});

describe("card states the game's rules do not have (CW6007)", () => {
  const cardFor: Record<string, (text: string, spell?: boolean) => string> = {
    duel: (t, spell) => (spell ? `  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray` : `  type: Unit\n  color: Gray\n  cost: free\n  power: 2\n  rarity: Gray`) + `\n  text:\n    ${t}`,
    cybervamp: (t, spell) => (spell ? `  type: Spell\n  faction: Red\n  cost: {R}` : `  type: Creature — Vampire\n  faction: Red\n  cost: {R}\n  stats: 2/2`) + `\n  text:\n    ${t}`,
    chromatic: (t, spell) =>
      spell
        ? `  type: Spell\n  color: Blue\n  cost: 1\n  rarity: Common\n  text:\n    [Red] ${t}\n    [Blue] Scry 2.\n    [Green] Gain 2 life.`
        : `  type: Creature\n  tribe: Mystic\n  color: Blue\n  cost: 2\n  attack: 2\n  defense: 2\n  rarity: Common\n  text:\n    [Base] ${t}\n    [Red] This gets +1 attack.\n    [Green] This gets +0/+2.\n    [Yellow] Flying.\n    [Purple] Taunt.`,
  };
  /** The CW6007/CW6008 diagnostics of one card of `game` (the bundled game file, or `gameText`). */
  function statesOf(game: string, text: string, options: { spell?: boolean; gameText?: string } = {}) {
    const sources = [
      { path: `${game}/${game}.game`, text: options.gameText ?? read(`cards/${game}/${game}.game`) },
      { path: `${game}/t.cards`, text: `set TST "Test" for ${game}\n\ncard "Probe" {\n${cardFor[game]!(text, options.spell)}\n}\n` },
    ];
    return problems(sources).filter((p) => /^CW600[78]/.test(p));
  }

  it("Three-Slot Duel has no exhausted/ready state: every card-text form that sets or reads it is reported at its words", () => {
    const forms: [string, string, boolean?][] = [
      ["PLAY: Exhaust target unit.", "Exhaust"],
      ["This enters exhausted.", "exhausted"],
      ["PLAY: Ready target unit.", "Ready"],
      ["Exhaust each unit your opponent controls.", "Exhaust", true],
      ["PLAY: Overexhaust target unit.", "Overexhaust"],
      ["Exhaust this: Draw a card.", "Exhaust"],
      ["Units your opponents control enter play exhausted.", "exhausted"],
    ];
    for (const [text, words, spell] of forms) {
      expect(statesOf("duel", text, { spell }), text).toEqual([
        expect.stringMatching(new RegExp(`^CW6007 warning "${words}": Three-Slot Duel has no exhausted/ready state: "${words}" would change nothing: nothing in its rules reads or readies an exhausted card\\. .*a phase step .declare_attackers.`)),
      ]);
    }
  });

  it("games whose rules read or reset it run the same words clean", () => {
    for (const text of ["Exhaust target creature.", "Ready target creature.", "Destroy target exhausted creature."]) {
      expect(statesOf("cybervamp", text, { spell: true }), text).toEqual([]);
      expect(statesOf("chromatic", text, { spell: true }), text).toEqual([]);
    }
    expect(statesOf("cybervamp", "This enters exhausted.")).toEqual([]);
    expect(statesOf("cybervamp", "Overexhaust target creature.", { spell: true })).toEqual([]);
  });

  it("the state comes from the game file: Duel with a rule that readies permanents has it, whatever the game is called", () => {
    const duel = read("cards/duel/duel.game");
    const readying = duel.replace("phase Start auto { draw 1; gain 1 Crystal }", "phase Start auto { ready_permanents; draw 1; gain 1 Crystal }");
    expect(readying).not.toBe(duel);
    expect(statesOf("duel", "PLAY: Exhaust target unit.", { gameText: readying })).toEqual([]);
    // Overexhausted needs a Renew that ends it: readying permanents does not.
    expect(statesOf("duel", "PLAY: Overexhaust target unit.", { gameText: readying })).toEqual([expect.stringMatching(/^CW6007 warning "Overexhaust": Three-Slot Duel has no Overexhausted state: .*stay exhausted for good/)]);
  });

  it("Chromatic Battlelines readies cards but has no Overexhausted state (ready_permanents would leave the card exhausted for good)", () => {
    expect(statesOf("chromatic", "Overexhaust target creature.", { spell: true })).toEqual([
      expect.stringMatching(/^CW6007 warning "Overexhaust": Chromatic Battlelines has no Overexhausted state: .*a phase step `renew`/),
    ]);
  });

  it("a game where every spell resolves at once has no response window: 'Counter target spell' is reported", () => {
    expect(statesOf("duel", "Counter target spell.", { spell: true })).toEqual([expect.stringMatching(/^CW6007 warning "Counter": Three-Slot Duel has no response window: .*param response_model = stack/)]);
    expect(statesOf("cybervamp", "Counter target spell.", { spell: true })).toEqual([]);
    expect(statesOf("chromatic", "Counter target spell.", { spell: true })).toEqual([]);
  });

  it("a stat pair in a game of one stat: the second number is reported (CW6008), a second 0 is accepted", () => {
    expect(statesOf("duel", "Target unit gets +1/+1 until end of turn.", { spell: true })).toEqual([
      'CW6008 warning "+1/+1": The cards of Three-Slot Duel have one stat (power): "+1/+1" names two, and the engine would drop the second. Write the change with the stat\'s name ("+1 power").',
    ]);
    expect(statesOf("duel", "Create a 1/3 Spirit token.", { spell: true })).toEqual([expect.stringMatching(/^CW6008 warning "1\/3"/)]);
    expect(statesOf("duel", "Target unit gets +2/+0 until end of turn.", { spell: true })).toEqual([]);
    expect(statesOf("duel", "Create a 2/0 Spirit token.", { spell: true })).toEqual([]);
    expect(statesOf("cybervamp", "Target creature gets +1/+1 until end of turn.", { spell: true })).toEqual([]);
  });
});

describe("CYBERVAMP: a colourless relic", () => {
  it("a Relic needs no faction (none is colourless, paid with Gold or generic); a Creature still does", () => {
    const cybervamp = read("cards/cybervamp/cybervamp.game");
    const card = (type: string, extra: string) => `set TST "Test" for cybervamp\n\ncard "Plain Idol" {\n  type: ${type}\n  cost: {1}\n${extra}  text:\n    Exhaust: You gain 1 life.\n}\n`;
    expect(problems([{ path: "cybervamp/cybervamp.game", text: cybervamp }, { path: "cybervamp/t.cards", text: card("Relic", "") }])).toEqual([]);
    expect(problems([{ path: "cybervamp/cybervamp.game", text: cybervamp }, { path: "cybervamp/t.cards", text: card("Creature", "  stats: 1/1\n") }])).toEqual([
      expect.stringMatching(/^CW2009 error .*Missing required field "faction"/),
    ]);
  });
});
