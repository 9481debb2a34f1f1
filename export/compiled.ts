/**
 * The compiled effect IR embedded in the JSON export. The lowering lives in compiler/lower.ts
 * (the engine's); this adapter is the one place the exporter calls it, so the JSON exporter
 * does not depend on the lowering's entry points.
 */
import type { GameModel, WorkspaceModel } from "../compiler/model.ts";

export interface CompiledForExport {
  /** The compiled game (rules, keywords, phases ...) the runtime's loader needs; absent until lowering lands. */
  game?: object;
  /** Compiled cards by card name (names are unique within a game). */
  cards: Map<string, object>;
}

export function compileForExport(_model: WorkspaceModel, _game: GameModel): CompiledForExport {
  return { cards: new Map() };
}
