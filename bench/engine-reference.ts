/**
 * The reference limit for the engine bench: Three-Slot Duel's core rules written as one plain,
 * mutable, hand-written reducer — no IR, no XState, no JSON states, no trace. Cards are vanilla
 * (power and cost only; their abilities are not run), so the bench compares it with the engine
 * running the same vanilla cards. Random play picks uniformly among the legal actions, like the
 * engine's simulator.
 */
import type { CompiledBundle } from "../compiler/ir.ts";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

interface Card {
  power: number;
  unit: boolean;
  pays: "free" | "crystal" | "discard" | "erase" | "life";
  amount: number;
}
interface Unit {
  card: number;
  entered: number;
  attacked: number;
  defender: boolean;
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
type Move = { kind: "play"; index: number; pay: number[] } | { kind: "attack"; unit: number; target: number } | { kind: "defend"; unit: number } | { kind: "end" };

export function referenceCards(bundle: CompiledBundle): Card[] {
  return bundle.cards.map((c) => {
    const part = c.cost[0];
    const amount = part && "amount" in part && typeof part.amount === "number" ? part.amount : 0;
    const pays = !part ? "free" : part.pays === "resource" ? "crystal" : part.pays === "discard" || part.pays === "erase" || part.pays === "life" ? part.pays : "free";
    return { power: c.stats["power"] ?? 0, unit: c.cardType === "Unit", pays, amount };
  });
}

export function playReferenceGames(cards: Card[], games: number, seed: number): { actions: number; turns: number } {
  let actions = 0;
  let turns = 0;
  const rng = xoroshiro128plus(seed);
  const rand = (n: number) => uniformInt(rng, 0, n - 1);
  for (let g = 0; g < games; g++) {
    const players: Player[] = [0, 1].map(() => {
      const deck = Array.from({ length: 30 }, () => rand(cards.length));
      return { life: 10, crystals: 0, capacity: 0, deck, hand: deck.splice(0, 5), field: [], graveyard: [], oblivion: 0 };
    });
    let active = rand(2);
    let turn = 1;
    const draw = (p: Player) => {
      const card = p.deck.shift();
      if (card === undefined) return;
      if (p.hand.length >= 6) p.graveyard.push(card);
      else p.hand.push(card);
    };
    const startTurn = () => {
      const p = players[active]!;
      for (const u of p.field) u.defender = false;
      draw(p);
      p.capacity += 1;
      p.crystals = p.capacity;
    };
    const power = (u: Unit) => Math.max(0, cards[u.card]!.power - u.weakened);
    const destroy = (p: Player, u: Unit) => {
      p.field.splice(p.field.indexOf(u), 1);
      p.graveyard.push(u.card);
    };
    startTurn();
    while (players[0]!.life > 0 && players[1]!.life > 0 && turn < 200) {
      const me = players[active]!;
      const foe = players[1 - active]!;
      const moves: Move[] = [];
      me.hand.forEach((id, index) => {
        const c = cards[id]!;
        if (c.unit && me.field.length >= 3) return;
        const ok =
          c.pays === "free" ||
          (c.pays === "crystal" && me.crystals >= c.amount) ||
          (c.pays === "discard" && me.hand.length - 1 >= c.amount) ||
          (c.pays === "erase" && me.graveyard.length >= c.amount) ||
          (c.pays === "life" && me.life > c.amount);
        if (ok) moves.push({ kind: "play", index, pay: [] });
      });
      me.field.forEach((u, unit) => {
        if (turn > 1 && u.attacked !== turn && u.entered !== turn && !u.defender) {
          moves.push({ kind: "attack", unit, target: -1 });
          foe.field.forEach((_, target) => moves.push({ kind: "attack", unit, target }));
        }
        if (!u.defender && u.attacked !== turn) moves.push({ kind: "defend", unit });
      });
      moves.push({ kind: "end" });
      const move = moves[rand(moves.length)]!;
      actions++;
      if (move.kind === "play") {
        const [id] = me.hand.splice(move.index, 1);
        const c = cards[id!]!;
        if (c.pays === "crystal") me.crystals -= c.amount;
        else if (c.pays === "life") me.life -= c.amount;
        else if (c.pays === "discard") for (let i = 0; i < c.amount; i++) me.graveyard.push(me.hand.splice(rand(me.hand.length), 1)[0]!);
        else if (c.pays === "erase") {
          me.graveyard.splice(0, c.amount);
          me.oblivion += c.amount;
        }
        if (c.unit) me.field.push({ card: id!, entered: turn, attacked: 0, defender: false, weakened: 0 });
        else me.graveyard.push(id!);
      } else if (move.kind === "attack") {
        const attacker = me.field[move.unit]!;
        attacker.attacked = turn;
        const target = move.target >= 0 ? foe.field[move.target]! : undefined;
        const blocker = target?.defender ? target : foe.field.find((u) => u.defender);
        const fightWith = blocker ?? target;
        if (blocker) blocker.defender = false;
        if (fightWith) {
          const a = power(attacker);
          const b = power(fightWith);
          if (a > b) destroy(foe, fightWith);
          else if (a === b) {
            destroy(me, attacker);
            destroy(foe, fightWith);
          } else {
            destroy(me, attacker);
            fightWith.weakened += a;
          }
        } else foe.life -= power(attacker);
      } else if (move.kind === "defend") {
        me.field[move.unit]!.defender = true;
      } else {
        for (const p of players) for (const u of p.field) u.weakened = 0;
        active = 1 - active;
        turn++;
        startTurn();
      }
    }
    turns += turn;
  }
  return { actions, turns };
}
