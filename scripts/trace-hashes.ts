/**
 * Trace hashes: a fingerprint of everything the engine does for each game — random-play games
 * (several seeds, as `cardwright simulate` plays them, with the trace hash it prints) and every
 * scenario under cards/<game>/scenarios.
 * test/runtime/trace-hashes.test.ts compares them with the recorded ones in
 * test/runtime/trace-hashes.json, so any change of behaviour (a different event, order, text,
 * source line or column, or random draw) is visible — not a byte offset (see withoutOffset).
 *
 * A change on purpose (a rule fixed, a card's text changed): rerecord and say why in the commit.
 *
 *   npx tsx scripts/trace-hashes.ts            # prints what differs from the recorded hashes
 *   npx tsx scripts/trace-hashes.ts --write    # records the current hashes
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lowerWorkspace } from "../compiler/lower.ts";
import { parseScenarioFile } from "../compiler/scenario.ts";
import { createEngine, type Engine, type TraceEvent } from "../runtime/index.ts";
import { runScenario } from "../runtime/scenario.ts";
import { simulate } from "../runtime/simulate.ts";
import { HASH_START, hashEventWithText, hashHex, hashUpdate } from "../runtime/state/trace.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const RECORDED = path.join(root, "test/runtime/trace-hashes.json");

/** Random-play runs per game: seeds × games. CYBERVAMP and Chromatic games are ~10× longer than Duel's. */
export const SIMULATIONS: Record<string, { seeds: number[]; games: number }> = {
  duel: { seeds: [1, 2, 3], games: 10 },
  chromatic: { seeds: [1, 2, 3], games: 3 },
  cybervamp: { seeds: [1, 2, 3], games: 3 },
};

/** The game's engine: its game file and card sets (`withScenarioCards`: also the test cards beside its scenarios). */
export function engineFor(game: string, withScenarioCards = false): Engine {
  const read = (folder: string) =>
    existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder))
          .filter((f) => f.endsWith(".game") || f.endsWith(".cards"))
          .sort()
          .map((f) => ({ path: `${folder}/${f}`, text: readFileSync(path.join(root, folder, f), "utf8") }))
      : [];
  const files = [...read(`cards/${game}`), ...(withScenarioCards ? read(`cards/${game}/scenarios`) : [])];
  const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === game);
  if (!bundle) throw new Error(`no game "${game}" in cards/${game}`);
  return createEngine(bundle);
}

/**
 * A position's byte offset, left out of the hash: a source range is hashed by its file, line and column. The
 * offset counts every character before the position — a longer comment earlier in the game file moved every
 * later rule's offset, so 27 CYBERVAMP hashes moved for a comment edited on one line (session 30's rejected
 * landing) though no event, line or column changed. A rule moved to another line or column still moves them.
 */
function withoutOffset(this: unknown, key: string, value: unknown): unknown {
  return key === "offset" && typeof this === "object" && this !== null && "line" in this && "column" in this ? undefined : value;
}

/** A hash of every byte of a trace but source offsets: each event as JSON, in order. */
export function hashEvents(events: readonly TraceEvent[], extra = ""): string {
  const hash = createHash("sha256");
  for (const event of events) hash.update(JSON.stringify(event, withoutOffset)).update("\n");
  hash.update(extra);
  return hash.digest("hex").slice(0, 16);
}

export function computeTraceHashes(games: string[] = Object.keys(SIMULATIONS)): Record<string, string> {
  const out: Record<string, string> = {};
  for (const game of games) {
    const engine = engineFor(game);
    const { seeds, games: count } = SIMULATIONS[game]!;
    for (const seed of seeds) {
      const withText: string[] = [];
      const result = simulate(engine, {
        games: count,
        seed,
        onGameTrace: (g, events) => {
          out[`${game} simulate seed ${seed} game ${g}`] = hashEvents(events);
          withText[g] = hashHex(events.reduce(hashEventWithText, HASH_START));
        },
      });
      out[`${game} simulate seed ${seed} summary`] = hashEvents([], JSON.stringify({ ...result, traceHash: undefined }));
      // The hash line `cardwright simulate` printed until session 14 (each event's text hashed in full), recomputed
      // from the full traces and combined as simulate combines its games' hashes: recorded then, it must not move.
      out[`${game} simulate seed ${seed} hash line`] = hashHex(withText.reduce(hashUpdate, HASH_START));
      // The hash line `cardwright simulate` prints now (`hashEvent`), as it prints it.
      out[`${game} simulate seed ${seed} printed hash line`] = result.traceHash ?? "none";
    }
    const dir = path.join(root, "cards", game, "scenarios");
    if (!existsSync(dir)) continue;
    const scenarioEngine = engineFor(game, true);
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".scenario")).sort()) {
      const file = `cards/${game}/scenarios/${name}`;
      const parsed = parseScenarioFile(readFileSync(path.join(root, file), "utf8"), file);
      const seen = new Map<string, number>();
      for (const scenario of parsed.scenarios) {
        const n = (seen.get(scenario.name) ?? 0) + 1;
        seen.set(scenario.name, n);
        const result = runScenario(scenarioEngine, scenario);
        out[`${file} "${scenario.name}"${n > 1 ? ` #${n}` : ""}`] = hashEvents(result.events, JSON.stringify(result.failures.map((f) => f.message)));
      }
    }
  }
  return out;
}

export function readRecorded(): Record<string, string> {
  return JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, string>;
}

/** What differs: recorded keys whose hash changed or that are gone, and keys not recorded yet. */
export function compareHashes(recorded: Record<string, string>, now: Record<string, string>): { changed: string[]; missing: string[]; added: string[] } {
  const changed = Object.keys(recorded).filter((k) => k in now && now[k] !== recorded[k]);
  const missing = Object.keys(recorded).filter((k) => !(k in now));
  const added = Object.keys(now).filter((k) => !(k in recorded));
  return { changed, missing, added };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const now = computeTraceHashes();
  const recorded = existsSync(RECORDED) ? readRecorded() : {};
  const { changed, missing, added } = compareHashes(recorded, now);
  for (const [label, keys] of [["changed", changed], ["gone", missing], ["new", added]] as const) if (keys.length) console.log(`${label} (${keys.length}):\n${keys.map((k) => `  ${k}`).join("\n")}`);
  if (!changed.length && !missing.length && !added.length) console.log(`all ${Object.keys(now).length} trace hashes as recorded`);
  if (process.argv.includes("--write")) {
    writeFileSync(RECORDED, JSON.stringify(now, null, 1) + "\n");
    console.log(`recorded ${Object.keys(now).length} trace hashes in ${path.relative(root, RECORDED)}`);
  }
}
