// A bundled game and its decks as `cardwright balance` loads them (real files, real checks).
import { loadBalanceRun, type LoadedRun } from "../../cli/commands/balance.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import type { RunSpec } from "../../balance/plan.ts";

const cache = new Map<string, Promise<LoadedRun>>();

export function loadGame(game: string): Promise<LoadedRun> {
  let loading = cache.get(game);
  if (!loading)
    cache.set(
      game,
      (loading = loadBalanceRun(`cards/${game}`, undefined).then((r) => {
        if (!("bundle" in r)) throw new Error(`cards/${game} does not load: ${r.message} ${r.diagnostics.map((d) => d.message).join("; ")}`);
        return r;
      })),
    );
  return loading;
}

export async function gameEngine(game: string): Promise<{ loaded: LoadedRun; engine: Engine }> {
  const loaded = await loadGame(game);
  return { loaded, engine: createEngine(loaded.bundle) };
}

export function runSpec(loaded: LoadedRun, overrides: Partial<RunSpec> = {}): RunSpec {
  return { bundle: loaded.bundle, decks: loaded.decks, bots: { p1: "random", p2: "random" }, botSettings: {}, games: 4, seed: 1, restrictedGames: 0, maxTurns: 200, maxActions: 20000, ...overrides };
}
