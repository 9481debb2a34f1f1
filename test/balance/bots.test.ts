// The bots (runtime/bots) play every game through the engine's own legalActions/apply: only legal
// actions, the same choices for the same seed, restricted play respected, and the greedy bot
// plays better than random.
import { describe, expect, it } from "vitest";
import { createBot, allowedActions, WorldSampler, BotRandom, Evaluator, ActionNamer } from "../../runtime/bots/index.ts";
import { MctsBot, actionKind, rootOrder } from "../../runtime/bots/mcts.ts";
import { finished, greedyJudgement, quietly, settledScore } from "../../runtime/bots/greedy.ts";
import { playGame, replayGame } from "../../balance/play.ts";
import { taskAt } from "../../balance/plan.ts";
import { gameEngine, runSpec } from "./helpers.ts";

describe.each(["duel", "cybervamp", "chromatic"])("bots in %s", (game) => {
  it("random and greedy finish games with legal actions only, the same for the same seed, and replay exactly", async () => {
    const { loaded, engine } = await gameEngine(game);
    const spec = runSpec(loaded, { bots: { p1: "greedy", p2: "random" }, games: 2, seed: 7 });
    for (let index = 0; index < 2; index++) {
      // playGame throws if a bot picks an action legalActions did not list or apply refuses it.
      const record = playGame(engine, spec, taskAt(spec, index));
      expect(record.outcome).not.toBe("unfinished");
      expect(playGame(engine, spec, taskAt(spec, index)).moves).toEqual(record.moves);
      const replay = replayGame(engine, spec, record);
      expect(replay.steps.length).toBe(record.actions);
      const end = replay.steps.at(-1)!.state;
      expect(end.over).toBe(true);
      expect(end.winner === "draw" || end.winner === null ? "draw" : end.winner).toBe(record.outcome);
    }
  }, 240_000);

  it("engine.stats (the evaluation's one read of every card in play) gives what engine.stat gives card by card", async () => {
    const { loaded, engine } = await gameEngine(game);
    const random = new BotRandom(11);
    let { state } = engine.newGame({ seed: 11, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks.at(-1)!.cards } });
    const stats = engine.rules.game.stats;
    let compared = 0;
    for (let step = 0; step < 400 && !state.over; step++) {
      const cards = state.order.flatMap((p) => state.players[p]!.zones[engine.rules.zones.battlefield] ?? []);
      const batched = engine.stats(state, cards, stats);
      expect(batched).toEqual(cards.map((card) => stats.map((stat) => engine.stat(state, card, stat))));
      compared += cards.length;
      state = engine.apply(state, random.pick(engine.legalActions(state))).state;
    }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);

  it("apply with { listed: true } (the bots' look-ahead, no parse or validation) gives what apply gives", async () => {
    const { loaded, engine } = await gameEngine(game);
    let { state } = engine.newGame({ seed: 9, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks.at(-1)!.cards } });
    for (let i = 0; i < 120 && !state.over; i++) {
      const legal = engine.legalActions(state);
      for (const action of legal.slice(0, 4)) {
        const checked = engine.apply(state, action);
        const listed = engine.apply(state, action, { listed: true });
        expect(listed.ok && checked.ok).toBe(true);
        expect(JSON.stringify(listed.state)).toBe(JSON.stringify(checked.state));
        expect(listed.events).toEqual(checked.events);
      }
      state = engine.applyInPlace(state, legal[(i * 7) % legal.length]!, true).state;
    }
    // A refusal is still a refusal for anything not taken from legalActions.
    expect(engine.apply(state, { type: "play", player: "p1", card: "no-such-card" }).ok).toBe(false);
  }, 240_000);

  it("mcts chooses legal actions on its own, deterministically for a playout budget, leaving the state it is shown unchanged", async () => {
    const { loaded, engine } = await gameEngine(game);
    const { state } = engine.newGame({ seed: 3, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks.at(-1)!.cards } });
    let current = state;
    // The first few real decisions of a game, answered by the search bot with a small budget.
    for (let decisions = 0; decisions < 4 && !current.over; ) {
      const player = engine.decider(current)!;
      const legal = engine.legalActions(current);
      const before = JSON.stringify(current);
      const a = createBot("mcts", engine, player, 11, { playouts: 12 }).choose(current, legal);
      const b = createBot("mcts", engine, player, 11, { playouts: 12 }).choose(current, legal);
      // The search never changes the game it is shown (its playouts change only states they own).
      expect(JSON.stringify(current)).toBe(before);
      expect(legal).toContain(a);
      expect(b).toEqual(a);
      if (legal.length > 1) decisions++;
      const applied = engine.apply(current, a);
      expect(applied.ok).toBe(true);
      if (applied.ok) current = applied.state;
    }
  }, 240_000);
});

describe("greedy bot", () => {
  it("wins most games against random in Duel, on either seat", async () => {
    const { loaded, engine } = await gameEngine("duel");
    let greedyWins = 0;
    let games = 0;
    for (const bots of [{ p1: "greedy", p2: "random" }, { p1: "random", p2: "greedy" }] as const) {
      const spec = runSpec(loaded, { bots, games: 6, seed: 21 });
      const greedySeat = bots.p1 === "greedy" ? "p1" : "p2";
      for (let index = 0; index < spec.games; index++) {
        const record = playGame(engine, spec, taskAt(spec, index));
        games++;
        if (record.outcome === greedySeat) greedyWins++;
      }
    }
    expect(greedyWins).toBeGreaterThanOrEqual(games - 2);
  }, 240_000);

  it("attacks for the win when it can", async () => {
    const { engine } = await gameEngine("duel");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { zones: { Field: ["Scout"], Deck: ["Scout"] } }, p2: { life: 1, zones: { Deck: ["Scout"] } } } });
    const legal = engine.legalActions(state);
    expect(legal.some((a) => a.type === "end_phase")).toBe(true);
    const chosen = createBot("greedy", engine, "p1", 1).choose(state, legal);
    const applied = engine.apply(state, chosen);
    expect(applied.ok && applied.state.over && applied.state.winner).toBe("p1");
  });
});

describe("judging an attack (Chromatic)", () => {
  // p1's 2/2 against an untapped 2/5 blocker: the attack only loses the creature; with no blocker it deals 2.
  // A block declared changes nothing one step ahead; the bots judge each answer once it has resolved.
  const attackers = async (kind: "greedy" | "mcts", p2Battlefield: string[]) => {
    const { engine } = await gameEngine("chromatic");
    let { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Battlefield: ["Grove Tender"], Deck: ["Seer", "Seer"] } }, p2: { zones: { Battlefield: p2Battlefield, Deck: ["Seer", "Seer"] } } } });
    const bots = { p1: createBot(kind, engine, "p1", 1, { playouts: 30 }), p2: createBot("greedy", engine, "p2", 2) };
    while (!state.over && state.turn === 3) {
      const player = engine.decider(state)! as "p1" | "p2";
      const legal = engine.legalActions(state);
      const action = legal.length === 1 ? legal[0]! : bots[player].choose(state, legal);
      if (player === "p1" && state.pending && action.type === "choose" && action.cards) return action.cards.length;
      state = engine.apply(state, action).state;
    }
    throw new Error("p1 was never asked for attackers");
  };
  it("judges a double block after its combat damage, not at the attacker's question how to split it", async () => {
    // p1's 2/2 attacks into two 1/1s; p2 judges blocking with both. The game then asks p1 how to split its
    // 2 damage: judged at that question (before any damage), the double block looked free. p1 splits 1 + 1
    // (its best answer): both 1/1s die and their 2 damage kills the 2/2 — for p2, 2 creatures lost for 1.
    const { engine } = await gameEngine("chromatic");
    let { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Battlefield: ["Grove Tender"], Deck: ["Seer", "Seer"] } }, p2: { zones: { Battlefield: ["Gossip Sprite", "Gossip Sprite"], Deck: ["Seer", "Seer"] } } } });
    const evaluator = new Evaluator(engine);
    const [attacker] = state.players.p1!.zones.Battlefield!;
    for (let step = 0; step < 40 && !(state.pending && engine.decider(state) === "p2"); step++) {
      const legal = engine.legalActions(state);
      const attack = legal.find((a) => a.type === "choose" && a.cards?.length === 1 && a.cards[0] === attacker);
      state = engine.apply(state, attack ?? (legal.length === 1 ? legal[0]! : legal.find((a) => a.type === "pass" || a.type === "end_phase")!)).state;
    }
    const both = engine.legalActions(state).find((a) => a.type === "choose" && a.cards?.length === 2)!;
    expect(both).toBeDefined();
    const atQuestion = quietly(engine, engine.apply(state, both).state);
    expect(atQuestion.pending?.player).toBe("p1");
    // Each split of p1's, resolved: the one p1 likes best is p2's worst (1 + 1: both 1/1s and the 2/2 die).
    const afterSplits = engine.legalActions(atQuestion).map((split) => quietly(engine, engine.apply(atQuestion, split).state));
    const p1Best = afterSplits.reduce((a, b) => (evaluator.score(b, "p2") < evaluator.score(a, "p2") ? b : a));
    expect(p1Best.players.p2!.zones.Battlefield).toEqual([]);
    expect(p1Best.players.p1!.zones.Battlefield).toEqual([]);
    const settled = settledScore(engine, evaluator, state, both, "p2");
    expect(settled).toBe(evaluator.score(p1Best, "p2"));
    expect(settled).toBeLessThan(evaluator.score(atQuestion, "p2"));
  }, 120_000);
  it("finishes what is under way in a simulated game's last phase before judging it: the blocks and the damage split answered, a later phase's question left open", async () => {
    // Where the search's simulated game stops (./mcts.ts judge): at p2's question which creatures block, or at
    // p1's question how to split its damage, the combat would be judged before its damage.
    const { engine } = await gameEngine("chromatic");
    const evaluator = new Evaluator(engine);
    const main = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Battlefield: ["Grove Tender"], Deck: ["Seer", "Seer"] } }, p2: { zones: { Battlefield: ["Gossip Sprite", "Gossip Sprite"], Deck: ["Seer", "Seer"] } } } }).state;
    const [attacker] = main.players.p1!.zones.Battlefield!;
    // Ending the Main phase leads to the Combat phase's question which creatures attack: a new decision, left open.
    let state = main;
    for (let step = 0; step < 40 && !(state.pending && state.phase !== "Main"); step++) {
      const legal = engine.legalActions(state);
      state = engine.apply(state, legal.length === 1 ? legal[0]! : legal.find((a) => a.type === "pass" || a.type === "end_phase")!).state;
    }
    expect(state.pending?.player).toBe("p1");
    expect(finished(engine, evaluator, state, main.turn, "Main")).toBe(state);
    const attack = engine.legalActions(state).find((a) => a.type === "choose" && a.cards?.length === 1 && a.cards[0] === attacker)!;
    const declared = engine.apply(state, attack).state;
    const blocks = quietly(engine, declared);
    expect(blocks.pending?.player).toBe("p2");
    // At p2's question: p2 answers as it likes best of no block and each single blocker, and the combat resolves (to the end of the phase).
    const answered = finished(engine, evaluator, declared, state.turn, state.phase);
    expect(answered.pending === null || answered.phase !== state.phase).toBe(true);
    const byEachAnswer = engine.legalActions(blocks).filter((a) => a.type === "choose" && (a.cards?.length ?? 0) <= 1).map((a) => evaluator.score(quietly(engine, engine.apply(blocks, a).state, state), "p2"));
    expect(byEachAnswer.length).toBe(3); // no block, or either 1/1 (in play each copy is its own answer)
    expect(evaluator.score(answered, "p2")).toBe(Math.max(...byEachAnswer));
    // ... which is not how the position looked at the question (before any damage).
    expect(evaluator.score(answered, "p2")).not.toBe(evaluator.score(blocks, "p2"));
    // At p1's question how to split its 2 damage after a double block: p1 splits 1 + 1, both 1/1s and the 2/2 die.
    const both = engine.legalActions(blocks).find((a) => a.type === "choose" && a.cards?.length === 2)!;
    const split = engine.apply(blocks, both).state;
    expect(quietly(engine, split).pending?.player).toBe("p1");
    const afterSplit = finished(engine, evaluator, split, state.turn, state.phase);
    expect(afterSplit.players.p2!.zones.Battlefield).toEqual([]);
    expect(afterSplit.players.p1!.zones.Battlefield).toEqual([]);
  }, 120_000);
  it.each(["greedy", "mcts"] as const)("%s keeps a 2/2 home against an untapped 2/5, and attacks an empty board", async (kind) => {
    expect(await attackers(kind, ["Thornback Guardian"])).toBe(0);
    expect(await attackers(kind, [])).toBe(1);
  }, 300_000);
});

describe("search bot", () => {
  it("starts from the greedy judgement at its root: on one simulated game per decision it plays what greedy scores best", async () => {
    // Chromatic, p1's decisions over a greedy-vs-greedy game. The greedy judgement settles an action (its own
    // follow-up choices, the opponent's answers) — a one-step look sees nothing of an attack or a block. The
    // search judges in a sampled world (the opponent's hand guessed), so a few judgements may differ.
    const { engine, loaded } = await gameEngine("chromatic");
    const evaluator = new Evaluator(engine);
    let state = engine.newGame({ seed: 7, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks[1]!.cards } }).state;
    const greedy = { p1: createBot("greedy", engine, "p1", 1), p2: createBot("greedy", engine, "p2", 2) };
    const waiting = (a: { type: string }) => a.type === "end_phase" || a.type === "pass";
    let decisions = 0;
    let agreed = 0;
    for (let step = 0; step < 400 && !state.over; step++) {
      const player = engine.decider(state)! as "p1" | "p2";
      const legal = engine.legalActions(state);
      if (legal.length > 1 && player === "p1") {
        const chosen = createBot("mcts", engine, "p1", 100 + step, { playouts: 1, reuseTree: false }).choose(state, legal);
        const score = (a: (typeof legal)[number]) => (waiting(a) ? evaluator.score(quietly(engine, state), "p1") : settledScore(engine, evaluator, state, a, "p1"));
        decisions++;
        if (score(chosen) === Math.max(...legal.map(score))) agreed++;
      }
      state = engine.apply(state, legal.length === 1 ? legal[0]! : greedy[player].choose(state, legal)).state;
    }
    expect(decisions).toBeGreaterThan(50);
    // 97 of 98 with the root policy; the search with one-step priors agreed on 67 of 98.
    expect(agreed / decisions).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it("plays on past the tree by what an action leads to once it has resolved: a card cast is judged in play, not on the chain", async () => {
    // Chromatic: a card played goes on the chain — one step ahead it has left the hand and is not yet in play, and
    // scored below harvesting it (the simulated players harvested and shattered but never played a card).
    const { engine } = await gameEngine("chromatic");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Hand: ["Gossip Sprite"], Deck: ["Seer", "Seer", "Seer"] } }, p2: { zones: { Hand: ["Seer"], Deck: ["Seer", "Seer", "Seer"] } } } });
    const legal = engine.legalActions(state);
    const play = legal.find((a) => a.type === "play");
    expect(play).toBeDefined();
    const bot = new MctsBot(engine, "p1", 1, { playouts: 1 });
    const evaluator = new Evaluator(engine);
    const oneStep = engine.apply(state, play!);
    expect(oneStep.ok && oneStep.state.stack.length).toBe(1);
    const harvests = legal.filter((a) => a.type === "game").map((a) => engine.apply(state, a)).map((r) => (r.ok ? evaluator.score(r.state, "p1") : -Infinity));
    // One step ahead the play looks worse than a harvest; once resolved it is better.
    expect(evaluator.score(oneStep.ok ? oneStep.state : state, "p1")).toBeLessThan(Math.max(...harvests));
    const { action, reached } = bot.favourite(state, legal, "p1");
    expect(action).toBe(play);
    expect(reached?.stack.length).toBe(0);
    expect(reached && reached.players.p1!.zones.Battlefield).toHaveLength(1);
  });

  it("with answersAfterCombat, plays on past the tree attacking and blocking as the combat turns out: an answer to the game's question (attackers, blockers) is judged once the phase's combat is over", async () => {
    // Chromatic: a declared attack changes nothing until the blockers are chosen and the damage dealt. Judged at the
    // blockers' question (what waits on the chain resolved, as a card cast is judged), every attack looked free: the
    // simulated player attacked a 2/2 into an untapped 2/5, and a block changed nothing before the damage either.
    const { engine } = await gameEngine("chromatic");
    const bot = new MctsBot(engine, "p1", 1, { playouts: 1, answersAfterCombat: true });
    const evaluator = new Evaluator(engine);
    const declaration = (defender: string) => {
      let state = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Battlefield: ["Grove Tender"], Deck: ["Seer", "Seer"] } }, p2: { zones: { Battlefield: [defender], Deck: ["Seer", "Seer"] } } } }).state;
      for (let step = 0; step < 40 && !(state.pending && state.phase !== "Main"); step++) {
        const legal = engine.legalActions(state);
        state = engine.apply(state, legal.length === 1 ? legal[0]! : legal.find((a) => a.type === "pass" || a.type === "end_phase")!).state;
      }
      return state;
    };
    // The 2/2 Tender into a lone 1/1 Sprite: attacked (p2 takes the 2 rather than lose the Sprite), judged after the damage.
    const open = declaration("Gossip Sprite");
    const [attacker] = open.players.p1!.zones.Battlefield!;
    const answers = engine.legalActions(open);
    expect(answers.map((a) => (a.type === "choose" ? a.cards : undefined))).toEqual([[], [attacker]]);
    const attack = bot.favourite(open, answers, "p1");
    expect(attack.action).toBe(answers[1]);
    expect(attack.reached!.phase).not.toBe(open.phase);
    expect(attack.reached!.players.p2!.life).toBe(open.players.p2!.life - 2);
    // Into an untapped 2/5 Thornback Guardian: kept home (blocked, the Tender dies for nothing).
    const guarded = declaration("Thornback Guardian");
    const kept = bot.favourite(guarded, engine.legalActions(guarded), "p1");
    expect(kept.action).toMatchObject({ type: "choose", cards: [] });
    // Without the setting the attack is judged at the blockers' question, before any damage: it looks free.
    expect(new MctsBot(engine, "p1", 1, { playouts: 1 }).favourite(guarded, engine.legalActions(guarded), "p1").action).toMatchObject({ type: "choose", cards: guarded.players.p1!.zones.Battlefield });
    expect(kept.reached!.players.p1!.zones.Battlefield).toHaveLength(1);
    // The defender's side: at p2's question which creature blocks the attacking 2/2, the Guardian blocks (and kills it).
    let blocks = engine.apply(guarded, engine.legalActions(guarded).find((a) => a.type === "choose" && a.cards?.length === 1)!).state;
    for (let step = 0; step < 20 && !(blocks.pending && engine.decider(blocks) === "p2"); step++) {
      const legal = engine.legalActions(blocks);
      blocks = engine.apply(blocks, legal.length === 1 ? legal[0]! : legal.find((a) => a.type === "pass")!).state;
    }
    const blockers = engine.legalActions(blocks);
    expect(blockers[0]).toMatchObject({ type: "choose", cards: [] });
    const block = new MctsBot(engine, "p2", 1, { playouts: 1, answersAfterCombat: true }).favourite(blocks, blockers, "p2");
    expect(block.action).toMatchObject({ type: "choose", cards: guarded.players.p2!.zones.Battlefield });
    expect(block.reached!.players.p1!.zones.Battlefield).toEqual([]);
    expect(evaluator.score(block.reached!, "p2")).toBeGreaterThan(evaluator.score(quietly(engine, engine.apply(blocks, blockers[0]!).state, blocks), "p2"));
  }, 600_000);

  it("ends a decision's search once no other action can catch up with the most simulated one: the same move as the whole budget, fewer simulated games", async () => {
    // CYBERVAMP, p1's decisions of three or more actions over a greedy-vs-greedy mirror game, each searched afresh with and without stopping.
    const { engine, loaded } = await gameEngine("cybervamp");
    const deck = loaded.decks[0]!.cards;
    let state = engine.newGame({ seed: 3, decks: { p1: deck, p2: deck } }).state;
    const greedy = { p1: createBot("greedy", engine, "p1", 1), p2: createBot("greedy", engine, "p2", 2) };
    let decisions = 0;
    let played = 0;
    let whole = 0;
    for (let step = 0; step < 300 && !state.over && decisions < 3; step++) {
      const player = engine.decider(state)! as "p1" | "p2";
      const legal = engine.legalActions(state);
      if (player === "p1" && legal.length > 2) {
        const stopping = new MctsBot(engine, "p1", step, { playouts: 50, reuseTree: false });
        const spending = new MctsBot(engine, "p1", step, { playouts: 50, reuseTree: false, stopWhenSettled: false });
        expect(stopping.choose(state, legal)).toBe(spending.choose(state, legal));
        expect(spending.searched.playouts).toBe(50);
        const visits = [...stopping.rootVisits().values()].sort((a, b) => b - a);
        // Stopped early only when the rest of the budget could not have given the runner-up as many games.
        if (stopping.searched.playouts < 50) expect(visits[0]! - (visits[1] ?? 0)).toBeGreaterThan(50 - stopping.searched.playouts);
        decisions++;
        played += stopping.searched.playouts;
        whole += spending.searched.playouts;
      }
      state = engine.apply(state, legal.length === 1 ? legal[0]! : greedy[player].choose(state, legal)).state;
    }
    expect(decisions).toBe(3);
    expect(played).toBeLessThan(whole);
  }, 300_000);

  it("attacks for the win when it can, on a small budget", async () => {
    const { engine } = await gameEngine("duel");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { zones: { Field: ["Scout"], Hand: ["Scout", "Stone Guard"], Deck: ["Scout"] } }, p2: { life: 1, zones: { Deck: ["Scout"] } } } });
    const legal = engine.legalActions(state);
    for (let seed = 0; seed < 3; seed++) {
      const chosen = createBot("mcts", engine, "p1", seed, { playouts: 20 }).choose(state, legal);
      const applied = engine.apply(state, chosen);
      expect(applied.ok && applied.state.over && applied.state.winner).toBe("p1");
    }
  });

  it("names two copies of a card in hand as one action, and copies in play apart", async () => {
    const { engine } = await gameEngine("duel");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { zones: { Field: ["Scout", "Scout"], Hand: ["Stone Guard", "Stone Guard", "Scout"], Deck: ["Scout"] } }, p2: { zones: { Deck: ["Scout"] } } } });
    const namer = new ActionNamer(engine, new WorldSampler(engine, "p1"));
    const legal = engine.legalActions(state);
    const plays = legal.filter((a) => a.type === "play");
    const attacks = legal.filter((a) => a.type === "attack");
    const names = (actions: typeof legal) => new Set(actions.map((a) => namer.key(state, a))).size;
    // Stone Guard ×2 and Scout in hand: two distinct plays.
    expect(plays.length).toBe(3);
    expect(names(plays)).toBe(2);
    // Each Scout in play attacks on its own (damage and modifiers can tell them apart).
    expect(attacks.length).toBeGreaterThanOrEqual(2);
    expect(names(attacks)).toBe(attacks.length);
    // The bot plays an action of the list it was given.
    expect(legal).toContain(createBot("mcts", engine, "p1", 1, { playouts: 10 }).choose(state, legal));
  });
});

describe("search bot root widening", () => {
  it("orders the root's actions best judged first, one of each kind judged the same before any second", () => {
    const order = rootOrder([
      { key: "harvest A", kind: "game:harvest", score: 3 },
      { key: "harvest B", kind: "game:harvest", score: 3 },
      { key: "end", kind: "end_phase:", score: 0 },
      { key: "shatter A", kind: "game:shatter", score: 3 },
      { key: "play", kind: "play:", score: 4 },
      { key: "harvest C", kind: "game:harvest", score: 5 },
      { key: "shatter B", kind: "game:shatter", score: 3 },
    ]);
    // harvest C is the only harvest scored 5: a group of its own, first.
    expect(order).toEqual(["harvest C", "play", "harvest A", "shatter A", "end", "harvest B", "shatter B"]);
  });

  it("spends a Chromatic main phase's simulated games on the few moves greedy judges best, one harvest and one shatter of the cards it cannot tell apart", async () => {
    // Five cards in hand: two to play (one action: two Gossip Sprites), four harvests and four shatters the
    // greedy judgement scores alike, ending the phase. 100 simulated games over all of them gave each 4–29.
    const { engine } = await gameEngine("chromatic");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Main", players: { p1: { zones: { Hand: ["Grove Tender", "Gossip Sprite", "Seer", "Thornback Guardian", "Gossip Sprite"], Deck: ["Seer", "Seer", "Seer"] } }, p2: { zones: { Battlefield: ["Gossip Sprite"], Hand: ["Seer", "Seer"], Deck: ["Seer", "Seer", "Seer"] } } } });
    const legal = engine.legalActions(state);
    const evaluator = new Evaluator(engine);
    const { scores } = greedyJudgement(engine, evaluator, state, legal, "p1");
    const namer = new ActionNamer(engine, new WorldSampler(engine, "p1"));
    const kinds = (keys: Iterable<string>) => [...keys].map((key) => actionKind(JSON.parse(key))).sort();
    const searched = (rootWidening: boolean) => {
      // The whole budget (stopWhenSettled: false): the width is that of 100 simulated games.
      const bot = new MctsBot(engine, "p1", 3, { playouts: 100, rootWidening, stopWhenSettled: false });
      const chosen = bot.choose(state, legal);
      return { chosen, visits: new Map([...bot.rootVisits()].filter(([, v]) => v > 0)) };
    };
    const all = searched(false);
    expect(all.visits.size).toBe(namer.group(state, legal).size); // 10: every action, the two Sprites as one
    const widened = searched(true);
    // After 100 simulated games the width is ⌈0.5·√100⌉ = 5: the first five of the root's order, greedy's best first.
    const order = rootOrder(legal.map((action, i) => ({ key: namer.key(state, action), kind: actionKind(action), score: scores[i]! })).filter((a, i, list) => list.findIndex((b) => b.key === a.key) === i));
    expect(new Set(widened.visits.keys())).toEqual(new Set(order.slice(0, 5)));
    expect(kinds(widened.visits.keys())).toEqual(["end_phase:", "game:harvest", "game:harvest", "game:shatter", "play:"]);
    // Every move let in is searched, and the bot plays greedy's best (the Sprite) here.
    for (const visits of widened.visits.values()) expect(visits).toBeGreaterThanOrEqual(4);
    expect(scores[legal.indexOf(widened.chosen)]).toBe(Math.max(...scores));
  }, 300_000);
});

describe("search bot tree reuse", () => {
  it("starts each search from the subtree the game went down, and follows the opponent's moves into it", async () => {
    const { loaded, engine } = await gameEngine("duel");
    // A game played by two search bots, every action shown to both (as balance/play.ts does).
    const { state } = engine.newGame({ seed: 4, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks.at(-1)!.cards } });
    // The whole budget every decision (stopWhenSettled: false), so the count of simulated games below is exact.
    const bots = { p1: new MctsBot(engine, "p1", 1, { playouts: 30, stopWhenSettled: false }), p2: new MctsBot(engine, "p2", 2, { playouts: 30, stopWhenSettled: false }) };
    const fresh = { p1: new MctsBot(engine, "p1", 1, { playouts: 30, reuseTree: false }), p2: new MctsBot(engine, "p2", 2, { playouts: 30, reuseTree: false }) };
    let current = state;
    for (let actions = 0; actions < 60 && !current.over; actions++) {
      const player = engine.decider(current)! as "p1" | "p2";
      const legal = engine.legalActions(current);
      const action = legal.length === 1 ? legal[0]! : bots[player].choose(current, legal);
      if (legal.length > 1) fresh[player].choose(current, legal);
      expect(legal).toContain(action);
      for (const seat of ["p1", "p2"] as const) {
        bots[seat].observe(current, action);
        fresh[seat].observe(current, action);
      }
      current = engine.applyInPlace(current, action, true).state;
    }
    for (const seat of ["p1", "p2"] as const) {
      expect(bots[seat].searched.decisions).toBeGreaterThan(2);
      expect(bots[seat].searched.playouts).toBe(30 * bots[seat].searched.decisions);
      // Simulated games of earlier searches (through the opponent's actual replies too) count again.
      expect(bots[seat].searched.reused).toBeGreaterThan(0);
      expect(fresh[seat].searched.reused).toBe(0);
    }
  }, 240_000);
});

describe("restricted play", () => {
  it("leaves out the plays of a forbidden card unless nothing else is legal", async () => {
    const { engine } = await gameEngine("duel");
    const { state } = engine.setupBoard({ turn: 3, active: "p1", phase: "Play", players: { p1: { zones: { Hand: ["Scout", "Stone Guard"], Deck: ["Scout"] } }, p2: { zones: { Deck: ["Scout"] } } } });
    const legal = engine.legalActions(state);
    const scoutId = Object.values(state.cards).find((c) => c.def.toLowerCase().includes("scout") && c.zone === "Hand")!.def;
    const allowed = allowedActions(state, legal, new Set([scoutId]));
    expect(legal.some((a) => a.type === "play" && state.cards[a.card]!.def === scoutId)).toBe(true);
    expect(allowed.some((a) => a.type === "play" && state.cards[a.card]!.def === scoutId)).toBe(false);
    expect(allowed.length).toBeLessThan(legal.length);
    const onlyScout = legal.filter((a) => a.type === "play" && state.cards[a.card]!.def === scoutId);
    expect(allowedActions(state, onlyScout, new Set([scoutId]))).toEqual(onlyScout);
    for (let seed = 0; seed < 5; seed++) {
      const a = createBot("greedy", engine, "p1", seed, { forbidden: new Set([scoutId]) }).choose(state, legal);
      expect(a.type === "play" && state.cards[a.card]!.def === scoutId).toBe(false);
    }
  });
});

describe("WorldSampler", () => {
  it("deals again only what the observer cannot see, keeping every count", async () => {
    const { loaded, engine } = await gameEngine("duel");
    const { state } = engine.newGame({ seed: 5, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks[1]!.cards } });
    const sampler = new WorldSampler(engine, "p1");
    const world = sampler.sample(state, new BotRandom(9));
    let changed = 0;
    for (const [id, card] of Object.entries(state.cards)) {
      const other = world.cards[id]!;
      expect(other.zone).toBe(card.zone);
      expect(other.owner).toBe(card.owner);
      if (!sampler.unseen(state, id)) expect(other.def).toBe(card.def);
      else if (other.def !== card.def) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    // Each player's unseen cards are the same multiset of definitions, dealt again.
    const defsOf = (s: typeof state, player: string) => Object.entries(s.cards).filter(([id, c]) => c.owner === player && sampler.unseen(state, id)).map(([, c]) => c.def).sort();
    for (const player of ["p1", "p2"]) expect(defsOf(world, player)).toEqual(defsOf(state, player));
    // p1 sees its own hand; p2's hand is hidden from p1.
    expect(state.players.p1!.zones.Hand!.every((id) => !sampler.unseen(state, id))).toBe(true);
    expect(state.players.p2!.zones.Hand!.every((id) => sampler.unseen(state, id))).toBe(true);
  });
});

describe("Evaluator", () => {
  it("counts a land in play as what it produces (CYBERVAMP pays with lands): one more land is worth the resource weight over the same card as another permanent", async () => {
    const { engine } = await gameEngine("cybervamp");
    const evaluator = new Evaluator(engine);
    expect(evaluator.weights).toMatchObject({ resource: 4, playerCounterPenalty: 4 });
    const board = (p1: string[]) => engine.setupBoard({ turn: 3, active: "p1", phase: "Pre-Battle", players: { p1: { zones: { Battlefield: p1 } }, p2: {} } }).state;
    const none = evaluator.score(board([]), "p1");
    const land = evaluator.score(board(["Blackout District"]), "p1");
    const relic = evaluator.score(board(["Hemotank"]), "p1");
    expect(land - none).toBe(evaluator.weights.permanent + evaluator.weights.resource);
    expect(relic - none).toBe(evaluator.weights.permanent);
    // Bleed: each counter costs its holder what a point of life does in this game file.
    const bleeding = engine.setupBoard({ turn: 3, active: "p1", phase: "Pre-Battle", players: { p1: { counters: { Bleed: 3 } }, p2: {} } }).state;
    expect(evaluator.score(bleeding, "p1") - none).toBe(-3 * evaluator.weights.playerCounterPenalty);
  });


  it("reads the game file's bot_* weights and scores a won game outright", async () => {
    const { engine } = await gameEngine("chromatic");
    const evaluator = new Evaluator(engine);
    expect(evaluator.weights).toMatchObject({ life: 2, hand: 2, resource: 5, permanent: 4, stat: 1 });
    const { state } = engine.setupBoard({ turn: 3, active: "p1", players: { p1: { life: 20 }, p2: { life: 5 } } });
    expect(evaluator.score(state, "p1")).toBeGreaterThan(evaluator.score(state, "p2"));
    expect(evaluator.value(state, "p1") + evaluator.value(state, "p2")).toBeCloseTo(1, 9);
    expect(evaluator.value({ ...state, over: true, winner: "p2" }, "p1")).toBe(0);
  });

  it("counts a Shattered card once — as the Mana capacity it adds, not again as a card kept in a zone — and a harvested one as a Facet", async () => {
    const { loaded, engine } = await gameEngine("chromatic");
    const evaluator = new Evaluator(engine);
    const w = evaluator.weights;
    const gain = engine.rules.param("shatter_adds_capacity", 1);
    let { state } = engine.newGame({ seed: 3, decks: { p1: loaded.decks[0]!.cards, p2: loaded.decks[1]!.cards } });
    const moves = new Set<string>();
    for (let step = 0; step < 200 && moves.size < 2 && !state.over; step++) {
      const me = engine.decider(state)!;
      const legal = engine.legalActions(state);
      for (const action of legal) {
        if (action.type !== "game" || (action.move !== "shatter" && action.move !== "harvest") || state.cards[action.card!]?.zone !== engine.rules.zones.hand) continue;
        const after = engine.apply(state, action);
        if (!after.ok) continue;
        // From the hand into the Shatter Zone (+ capacity) or the Facet Zone: a card less in hand, one resource more — not two.
        const resources = action.move === "shatter" ? gain : 1;
        expect(evaluator.score(after.state, me) - evaluator.score(state, me), action.move).toBe(resources * w.resource - w.hand);
        moves.add(action.move);
      }
      state = engine.apply(state, legal.find((a) => a.type === "pass" || a.type === "end_phase") ?? legal[0]!).state;
    }
    expect([...moves].sort()).toEqual(["harvest", "shatter"]);
  }, 60_000);

  it("counts the pool damage reduces first (Chromatic's Armor, damage_absorbed_by) as life", async () => {
    const { engine } = await gameEngine("chromatic");
    const evaluator = new Evaluator(engine);
    const board = (armor: number) => engine.setupBoard({ turn: 3, active: "p1", players: { p1: { life: 20, resources: { Armor: armor } }, p2: { life: 20 } } }).state;
    expect(evaluator.score(board(3), "p1") - evaluator.score(board(0), "p1")).toBe(3 * evaluator.weights.life);
    // A game without such a pool: a resource of that name is just not there.
    const duel = (await gameEngine("duel")).engine;
    expect(new Evaluator(duel).score(duel.setupBoard({ turn: 3, active: "p1", players: { p1: {}, p2: {} } }).state, "p1")).toBe(0);
  });
});
