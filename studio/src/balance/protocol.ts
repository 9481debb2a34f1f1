/** Messages between the Balance view and its worker (./balance.worker.ts). */
import type { SourceFile } from "../../../compiler/model.ts";
import type { GameRecord } from "../../../balance/play.ts";
import type { DeckSpec, RunSpec } from "../../../balance/plan.ts";

/** A run to play: the workspace's sources (the worker compiles the game itself) and the run's settings. */
export interface BalanceRequest {
  files: SourceFile[];
  gameId: string;
  run: Omit<RunSpec, "bundle"> & { decks: DeckSpec[] };
}

export type BalanceResponse =
  | { type: "started"; game: { id: string; name: string }; cardNames: Record<string, string>; total: number }
  | { type: "records"; records: GameRecord[] }
  | { type: "done" }
  | { type: "error"; message: string };
