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
