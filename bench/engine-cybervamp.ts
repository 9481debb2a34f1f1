/**
 * Engine bench, CYBERVAMP: random-play games/s and actions/s through the full engine (the stack
 * response model with its windows, land payments, damage combat, Bleed), with the simulator's
 * invariant checks off (the engine alone) and on (what `cardwright simulate` costs); and the
 * cost of listing legal actions on a board where the payment matching has work to do
 * (ten lands of five kinds, a hand of costly cards).
 *
 *   npx tsx bench/engine-cybervamp.ts [games]
 */
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../compiler/lower.ts";
import { createEngine } from "../runtime/index.ts";
import { simulate } from "../runtime/simulate.ts";

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, (performance.now() - start) / 1000];
}

export function runCybervampBench(games = 20) {
  const files = ["cards/cybervamp/cybervamp.game", "cards/cybervamp/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  const engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "cybervamp")!);
  simulate(engine, { games: 2, seed: 99, checkInvariants: false }); // warm-up
  const measure = (checkInvariants: boolean) => {
    const [result, seconds] = time(() => simulate(engine, { games, seed: 1, checkInvariants }));
    return { games, seconds, gamesPerSecond: games / seconds, actionsPerSecond: result.actions / seconds, actionsPerGame: result.actions / games, turnsPerGame: result.averageTurns };
  };
  const engineOnly = measure(false);
  const withInvariants = measure(true);
  const state = engine.setupBoard({
    turn: 3,
    active: "p1",
    phase: "Pre-Battle",
    players: {
      p1: {
        zones: {
          Battlefield: ["Crimson Substation", "Neon Abattoir", "Sterile Clinic", "Halo Spire", "Blackout District", "Velvet Lounge", "Violet Datacore", "Gold Exchange", "Bullion Vault", "Gold Exchange"],
          Hand: ["Puppeteer Prime", "Countess Vesper", "The Pale Architect", "Call the Swarm", "Breachline Ravager", "Arterial Spray", "Hostile Takeover"],
        },
      },
      p2: { zones: { Battlefield: ["Blood Broker", "Chrome Sentinel"] } },
    },
  }).state;
  const rounds = 200;
  let listed = 0;
  const [, listSeconds] = time(() => {
    for (let i = 0; i < rounds; i++) listed = engine.legalActions(state).length;
  });
  return { engineOnly, withInvariants, legalActions: { rounds, listed, msPerCall: (listSeconds * 1000) / rounds } };
}

if (process.argv[1] && process.argv[1].endsWith("engine-cybervamp.ts")) {
  const games = Number(process.argv[2] ?? 20);
  const r = runCybervampBench(games);
  const line = (label: string, m: typeof r.engineOnly) =>
    `${label.padEnd(36)} ${m.gamesPerSecond.toFixed(2).padStart(8)} games/s ${m.actionsPerSecond.toFixed(0).padStart(8)} actions/s  (${m.games} games, ${m.seconds.toFixed(2)} s, ${m.actionsPerGame.toFixed(0)} actions and ${m.turnsPerGame.toFixed(1)} turns per game)`;
  console.log(line("CYBERVAMP engine (no invariants)", r.engineOnly));
  console.log(line("CYBERVAMP simulate (invariants on)", r.withInvariants));
  console.log(`legal actions, 10 lands + 7 costly cards: ${r.legalActions.msPerCall.toFixed(2)} ms per call (${r.legalActions.listed} actions listed)`);
}
