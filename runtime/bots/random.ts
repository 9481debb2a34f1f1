/**
 * A bot's own seeded generator (xoroshiro128+ from pure-rand, as the engine's), and the random
 * bot: a uniform pick among the legal actions. Bots never draw from the game state's generator,
 * so a bot's thinking cannot change what the game deals.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { Action, GameState } from "../index.ts";
import { type Bot, registerBot } from "./bot.ts";

export class BotRandom {
  private readonly generator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  /** A uniform whole number in [0, n). */
  int(n: number): number {
    return n <= 1 ? 0 : uniformInt(this.generator, 0, n - 1);
  }

  /** A uniform number in [0, 1). */
  float(): number {
    return uniformInt(this.generator, 0, 0x3fffffff) / 0x40000000;
  }

  /** A fresh 31-bit seed (for a generator of a sampled world). */
  seed(): number {
    return uniformInt(this.generator, 0, 0x7fffffff);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export class RandomBot implements Bot {
  readonly kind = "random";
  private readonly random: BotRandom;

  constructor(seed: number) {
    this.random = new BotRandom(seed);
  }

  choose(_state: GameState, legal: readonly Action[]): Action {
    return this.random.pick(legal);
  }
}

registerBot("random", (_engine, _player, seed) => new RandomBot(seed));
