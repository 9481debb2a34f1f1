/**
 * The fair reference for the engine bench: vanilla Three-Slot Duel (cards with their cost, power
 * and rarity, no abilities) as one plain hand-written reducer over mutable arrays — no IR, no
 * XState, no JSON states, no trace — offering exactly the engine's action menu:
 * - play a card from hand, one action per way to pay it: Crystals (X costs: every X from 0 to
 *   min(Crystals, 20), and all of them when more), life (never down to 0), discarding other cards
 *   from hand or erasing cards from the Graveyard (each distinct set of card names, at most 60,
 *   as the engine lists them); a Unit only with a free slot (3);
 * - attack with each unit that may (not on the game's first turn, not the turn it entered, once a
 *   turn, not a defender) the opposing player or each opposing unit; make a unit a defender; end
 *   the phase; and, when several defenders could wall an attack, the defending player's choice;
 * - the game file's rules as the engine reads them: 10 life, 5 cards, hand of 6 (a card drawn into
 *   a full hand goes to the Graveyard), Crystals +1 per turn refilled each turn, fights by power
 *   (ties destroy both, a losing attacker weakens the blocker until end of turn), defenders wall
 *   one attack (aimed at the player or another unit) and stop at their controller's next turn,
 *   no attacks on turn 1, the turn limit of 100 (higher life wins, equal life draws);
 * - random decks of 30 within the rarity caps, uniform random play like the engine's simulator.
 * test/runtime/duel-reference.test.ts checks that it is the same game as the engine's (options per
 * decision, share of each action type, turns and decisions per game, over 2,000 games each).
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import type { Engine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

export interface DuelCard {
  name: string;
  unit: boolean;
  power: number;
  pays: "free" | "crystal" | "discard" | "erase" | "life";
  /** How much the cost takes (Crystals, cards, life); for an X cost, 0 and `x` is set. */
  amount: number;
  x: boolean;
  /** Copies a random deck may hold (its rarity's maximum). */
  copies: number;
}

/** The cards of a Duel bundle as the reference plays them (vanilla: abilities are not read). */
export function duelCards(bundle: CompiledBundle): DuelCard[] {
  const { game } = bundle;
  const crystal = game.resources[0]?.name.toLowerCase();
  return bundle.cards
    .filter((c) => !c.isToken)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((c) => {
      const part = c.cost[0];
      let pays: DuelCard["pays"] = "free";
      let amount = 0;
      let x = false;
      if (part && "amount" in part) {
        if (typeof part.amount === "number") amount = part.amount;
        else if (typeof part.amount === "object" && part.amount !== null && (part.amount as { kind?: string }).kind === "x") x = true;
        if (part.pays === "resource" && part.resource.toLowerCase() === crystal) pays = "crystal";
        else if (part.pays === "discard" || part.pays === "erase" || part.pays === "life") pays = part.pays;
      }
      const copies = game.rarities.find((r) => r.name.toLowerCase() === (c.rarity ?? "").toLowerCase())?.max ?? game.deck.copies ?? 4;
      return { name: c.name, unit: c.cardType.toLowerCase() === "unit", power: c.stats["power"] ?? 0, pays, amount, x, copies };
    });
}

interface Unit {
  card: number;
  entered: number;
  attacked: number;
  defender: boolean;
  /** Power lost until end of turn (a fight lost by the attacker). */
  weakened: number;
}

interface Player {
  life: number;
  crystals: number;
  capacity: number;
  deck: number[];
  hand: number[];
  field: Unit[];
  graveyard: number[];
  oblivion: number;
}

export type DuelMove =
  | { type: "play"; index: number; x: number; pay: number[] }
  | { type: "attack"; unit: number; target: number }
  | { type: "defend"; unit: number }
  | { type: "end_phase" }
  | { type: "choose"; unit: number };

/** What random play did, for comparing two implementations of the game. */
export interface PlayStats {
  games: number;
  decisions: number;
  /** Sum over decisions of the number of legal actions offered. */
  options: number;
  turns: number;
  /** Decisions by the type of the action taken ("attack player" and "attack unit" apart). */
  byType: Record<string, number>;
  firstPlayerWins: number;
  draws: number;
}

export const emptyStats = (): PlayStats => ({ games: 0, decisions: 0, options: 0, turns: 0, byType: {}, firstPlayerWins: 0, draws: 0 });

const HAND_MAX = 6;
const SLOTS = 3;
const LISTED_X = 20;
const COMBINATIONS = 60;
const TURN_LIMIT = 100;

/** Distinct multisets of `n` card ids from `cards` (at most `limit`), as lists of ids. */
function multisets(cards: number[], skip: number, n: number, limit: number): number[][] {
  const counts = new Map<number, number>();
  cards.forEach((card, i) => {
    if (i !== skip) counts.set(card, (counts.get(card) ?? 0) + 1);
  });
  const kinds = [...counts];
  const out: number[][] = [];
  const chosen: number[] = [];
  const pick = (k: number, left: number) => {
    if (out.length >= limit) return;
    if (left === 0) {
      out.push([...chosen]);
      return;
    }
    if (k >= kinds.length) return;
    const [card, have] = kinds[k]!;
    for (let take = Math.min(left, have); take >= 0; take--) {
      for (let t = 0; t < take; t++) chosen.push(card);
      pick(k + 1, left - take);
      chosen.length -= take;
    }
  };
  pick(0, n);
  return out;
}

/** Plays `games` random games; returns the actions and turns played (and fills `stats`). */
export function playReference(cards: DuelCard[], games: number, seed: number, stats?: PlayStats): { actions: number; turns: number } {
  const rng = xoroshiro128plus(seed);
  const rand = (n: number) => uniformInt(rng, 0, n - 1);
  let actions = 0;
  let turnsPlayed = 0;
  const deckOf = (): number[] => {
    const deck: number[] = [];
    const count = new Array<number>(cards.length).fill(0);
    for (let guard = 0; deck.length < 30 && guard < 10_000; guard++) {
      const card = rand(cards.length);
      if (count[card]! >= cards[card]!.copies) continue;
      count[card]!++;
      deck.push(card);
    }
    for (let i = deck.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    return deck;
  };
  for (let g = 0; g < games; g++) {
    const players: Player[] = [0, 1].map(() => ({ life: 10, crystals: 0, capacity: 0, deck: deckOf(), hand: [], field: [], graveyard: [], oblivion: 0 }));
    const first = rand(2);
    let active = first;
    let turn = 1;
    let over = false;
    let winner = -1;
    /** An attack waiting for the defending player to pick which defender walls it. */
    let walling: { attacker: Unit; target: Unit | null } | null = null;
    const draw = (p: Player) => {
      const card = p.deck.shift();
      if (card === undefined) return;
      if (p.hand.length >= HAND_MAX) p.graveyard.push(card);
      else p.hand.push(card);
    };
    for (const p of [players[first]!, players[1 - first]!]) for (let i = 0; i < 5; i++) draw(p);
    const startTurn = () => {
      const p = players[active]!;
      draw(p);
      p.capacity += 1;
      p.crystals += 1;
    };
    const power = (u: Unit) => Math.max(0, cards[u.card]!.power - u.weakened);
    const destroy = (p: Player, u: Unit) => {
      const at = p.field.indexOf(u);
      if (at < 0) return;
      p.field.splice(at, 1);
      p.graveyard.push(u.card);
    };
    const fight = (me: Player, foe: Player, attacker: Unit, blocker: Unit) => {
      const a = power(attacker);
      const b = power(blocker);
      if (a > b) destroy(foe, blocker);
      else if (a === b) {
        destroy(me, attacker);
        destroy(foe, blocker);
      } else {
        destroy(me, attacker);
        if (a > 0) blocker.weakened += a;
      }
    };
    const resolveAttack = (attacker: Unit, target: Unit | null, blocker: Unit | null) => {
      const me = players[active]!;
      const foe = players[1 - active]!;
      if (blocker) {
        blocker.defender = false;
        fight(me, foe, attacker, blocker);
      } else if (target) fight(me, foe, attacker, target);
      else foe.life -= power(attacker);
      if (foe.life <= 0) {
        over = true;
        winner = active;
      }
    };
    const endTurn = () => {
      for (const p of players) for (const u of p.field) u.weakened = 0;
      active = 1 - active;
      turn++;
      const p = players[active]!;
      for (const u of p.field) u.defender = false;
      p.crystals = p.capacity;
      if (turn > TURN_LIMIT) {
        over = true;
        const [a, b] = [players[0]!.life, players[1]!.life];
        winner = a === b ? -1 : a > b ? 0 : 1;
        return;
      }
      startTurn();
    };
    startTurn();
    const moves: DuelMove[] = [];
    while (!over && turn <= 200) {
      const me = players[active]!;
      const foe = players[1 - active]!;
      moves.length = 0;
      if (walling) {
        foe.field.forEach((u, unit) => u.defender && moves.push({ type: "choose", unit }));
      } else {
        me.hand.forEach((id, index) => {
          const c = cards[id]!;
          if (c.unit && me.field.length >= SLOTS) return;
          switch (c.pays) {
            case "free":
              moves.push({ type: "play", index, x: 0, pay: [] });
              break;
            case "crystal":
              if (c.x) {
                for (let x = 0; x <= Math.min(me.crystals, LISTED_X); x++) moves.push({ type: "play", index, x, pay: [] });
                if (me.crystals > LISTED_X) moves.push({ type: "play", index, x: me.crystals, pay: [] });
              } else if (me.crystals >= c.amount) moves.push({ type: "play", index, x: 0, pay: [] });
              break;
            case "life":
              if (me.life > c.amount) moves.push({ type: "play", index, x: 0, pay: [] });
              break;
            case "discard":
              for (const pay of multisets(me.hand, index, c.amount, COMBINATIONS)) moves.push({ type: "play", index, x: 0, pay });
              break;
            case "erase":
              for (const pay of multisets(me.graveyard, -1, c.amount, COMBINATIONS)) moves.push({ type: "play", index, x: 0, pay });
              break;
          }
        });
        me.field.forEach((u, unit) => {
          if (turn > 1 && u.attacked !== turn && u.entered !== turn && !u.defender) {
            moves.push({ type: "attack", unit, target: -1 });
            foe.field.forEach((_, target) => moves.push({ type: "attack", unit, target }));
          }
          if (!u.defender && u.attacked !== turn) moves.push({ type: "defend", unit });
        });
        moves.push({ type: "end_phase" });
      }
      const move = moves[rand(moves.length)]!;
      actions++;
      if (stats) {
        stats.decisions++;
        stats.options += moves.length;
        const type = move.type === "attack" ? (move.target < 0 ? "attack player" : "attack unit") : move.type;
        stats.byType[type] = (stats.byType[type] ?? 0) + 1;
      }
      switch (move.type) {
        case "play": {
          const [id] = me.hand.splice(move.index, 1);
          const c = cards[id!]!;
          if (c.pays === "crystal") me.crystals -= c.x ? move.x : c.amount;
          else if (c.pays === "life") me.life -= c.amount;
          else if (c.pays === "discard") for (const card of move.pay) me.graveyard.push(me.hand.splice(me.hand.indexOf(card), 1)[0]!);
          else if (c.pays === "erase")
            for (const card of move.pay) {
              me.graveyard.splice(me.graveyard.indexOf(card), 1);
              me.oblivion++;
            }
          if (c.unit) me.field.push({ card: id!, entered: turn, attacked: 0, defender: false, weakened: 0 });
          else me.graveyard.push(id!);
          break;
        }
        case "attack": {
          const attacker = me.field[move.unit]!;
          attacker.attacked = turn;
          const target = move.target >= 0 ? foe.field[move.target]! : null;
          if (target?.defender) {
            resolveAttack(attacker, target, target);
            break;
          }
          const defenders = foe.field.filter((u) => u.defender);
          if (defenders.length > 1) walling = { attacker, target };
          else resolveAttack(attacker, target, defenders[0] ?? null);
          break;
        }
        case "choose": {
          const { attacker, target } = walling!;
          walling = null;
          resolveAttack(attacker, target, foe.field[move.unit]!);
          break;
        }
        case "defend":
          me.field[move.unit]!.defender = true;
          break;
        case "end_phase":
          endTurn();
          break;
      }
    }
    turnsPlayed += turn;
    if (stats) {
      stats.games++;
      stats.turns += turn;
      if (winner === first) stats.firstPlayerWins++;
      if (over && winner < 0) stats.draws++;
    }
  }
  return { actions, turns: turnsPlayed };
}

/** The same statistics from the engine's own random play (`simulate`) of a game. */
export function engineStats(engine: Engine, games: number, seed: number): PlayStats {
  const stats = emptyStats();
  simulate(engine, {
    games,
    seed,
    checkInvariants: false,
    onDecision: (legal, chosen) => {
      stats.decisions++;
      stats.options += legal.length;
      const type = chosen.type === "attack" ? ("player" in chosen.target ? "attack player" : "attack unit") : chosen.type;
      stats.byType[type] = (stats.byType[type] ?? 0) + 1;
    },
    onGameDone: (_, final) => {
      stats.games++;
      stats.turns += final.turn;
      if (final.winner === final.order[0]) stats.firstPlayerWins++;
      if (final.winner === "draw") stats.draws++;
    },
  });
  return stats;
}

/** A Duel bundle with every card's abilities removed: the game the reference plays. */
export function vanilla(bundle: CompiledBundle): CompiledBundle {
  return { game: bundle.game, cards: bundle.cards.map((c) => ({ ...c, abilities: [] })) };
}

/**
 * Where two runs of random play differ more than sampling noise allows (fixed seeds, 2,000 games
 * each: options per decision within 2%, decisions and turns per game within 3%, each action
 * type's share within 0.5 points — and within 20% of itself for a share under 5% — and the first
 * player's wins within 4 points). Empty when they play the same game.
 */
export function statsDiffer(a: PlayStats, b: PlayStats): string[] {
  const out: string[] = [];
  const relative = (label: string, x: number, y: number, tolerance: number) => {
    if (Math.abs(x - y) > tolerance * Math.max(Math.abs(x), Math.abs(y))) out.push(`${label}: ${x.toFixed(3)} vs ${y.toFixed(3)}`);
  };
  relative("options per decision", a.options / a.decisions, b.options / b.decisions, 0.02);
  relative("decisions per game", a.decisions / a.games, b.decisions / b.games, 0.03);
  relative("turns per game", a.turns / a.games, b.turns / b.games, 0.03);
  for (const type of new Set([...Object.keys(a.byType), ...Object.keys(b.byType)])) {
    const x = (100 * (a.byType[type] ?? 0)) / a.decisions;
    const y = (100 * (b.byType[type] ?? 0)) / b.decisions;
    const small = Math.max(x, y) < 5;
    if (Math.abs(x - y) > 0.5 || (small && Math.abs(x - y) > 0.2 * Math.max(x, y))) out.push(`share of ${type}: ${x.toFixed(2)}% vs ${y.toFixed(2)}%`);
  }
  const firstA = (100 * a.firstPlayerWins) / a.games;
  const firstB = (100 * b.firstPlayerWins) / b.games;
  if (Math.abs(firstA - firstB) > 4) out.push(`first player's wins: ${firstA.toFixed(1)}% vs ${firstB.toFixed(1)}%`);
  return out;
}

if (process.argv[1]?.endsWith("bench/duel-reference.ts")) {
  // Prints the two games side by side: npx tsx bench/duel-reference.ts [games]
  const { bundleOf } = await import("./bundles.ts");
  const { createEngine } = await import("../runtime/index.ts");
  const games = Number(process.argv[2] ?? 2000);
  const bundle = vanilla(bundleOf("duel"));
  const engine = engineStats(createEngine(bundle), games, 1);
  const reference = emptyStats();
  playReference(duelCards(bundle), games, 1, reference);
  const row = (label: string, s: PlayStats) =>
    `${label.padEnd(10)} ${(s.options / s.decisions).toFixed(3)} options/decision, ${(s.decisions / s.games).toFixed(2)} decisions and ${(s.turns / s.games).toFixed(2)} turns per game, first player wins ${((100 * s.firstPlayerWins) / s.games).toFixed(1)}%; ` +
    Object.keys(s.byType)
      .sort()
      .map((t) => `${t} ${((100 * s.byType[t]!) / s.decisions).toFixed(2)}%`)
      .join(", ");
  console.log(`Vanilla Three-Slot Duel, ${games} random games each`);
  console.log(row("engine", engine));
  console.log(row("reference", reference));
  const differ = statsDiffer(engine, reference);
  console.log(differ.length ? `DIFFERENT: ${differ.join("; ")}` : "the same game (within sampling noise)");
}
