/**
 * The worker-thread side of the search-bot A/B bench (bench/versus.ts, ./versus.ts): plays one game of
 * one of the bench's setups. The setups (with their compiled games and decks) are sent to a thread once;
 * the engine is built once per compiled game.
 */
import { createEngine, type Engine } from "../runtime/index.ts";
import type { RunSpec } from "./plan.ts";
import { playVersusGame, type VersusGame, type VersusSetup } from "./versus.ts";

export interface VersusRun {
  setup: VersusSetup;
  bundle: RunSpec["bundle"];
  decks: RunSpec["decks"];
}

export interface VersusTask {
  /** Index in the shared list of runs. */
  run: number;
  game: number;
}

const engines = new WeakMap<RunSpec["bundle"], Engine>();

export default function playVersusTask({ run, game }: VersusTask, runs: readonly VersusRun[]): VersusGame {
  const entry = runs[run];
  if (!entry) throw new RangeError(`no A/B run ${run} (the bench sent ${runs.length})`);
  let engine = engines.get(entry.bundle);
  if (!engine) engines.set(entry.bundle, (engine = createEngine(entry.bundle)));
  return playVersusGame(engine, entry.setup, entry.decks, game);
}
