/**
 * The seeded random generator, kept inside the game state as plain numbers so a state can be
 * serialised, stored, restored and replayed: xoroshiro128+ from pure-rand, whose internal
 * state is four 32-bit integers.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

export type RngState = number[];

export function seedRng(seed: number): RngState {
  return [...xoroshiro128plus(seed | 0).getState()];
}

/** A uniform integer in [min, max]; returns the value and the next generator state. */
export function nextInt(rng: RngState, min: number, max: number): [number, RngState] {
  const generator = xoroshiro128plusFromState(rng);
  const value = uniformInt(generator, min, max);
  return [value, [...generator.getState()]];
}

/**
 * Shuffles `list` in place (Fisher–Yates, the draws `nextInt` would give one by one, from the last
 * position down) and returns the generator's next state: one generator for the whole shuffle
 * instead of one per card.
 */
export function shuffleInPlace<T>(rng: RngState, list: T[]): RngState {
  const generator = xoroshiro128plusFromState(rng);
  for (let i = list.length - 1; i > 0; i--) {
    const j = uniformInt(generator, 0, i);
    const held = list[i]!;
    list[i] = list[j]!;
    list[j] = held;
  }
  return [...generator.getState()];
}
