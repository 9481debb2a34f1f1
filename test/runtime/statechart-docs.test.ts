// docs/games/<game>-statechart.svg are the charts the engine runs: regenerate them with
// `npx tsx scripts/statecharts.ts` when a game file's phases or a response model change.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STATECHART_GAMES, gameStatechartSvg, statechartFile } from "../../scripts/statecharts.ts";
import { bundleOf } from "../../bench/bundles.ts";

describe("the statechart pages in docs/games", () => {
  for (const game of STATECHART_GAMES) {
    it(`${game}: the SVG on disk is the chart of the game file, with every phase drawn`, async () => {
      const svg = await gameStatechartSvg(game);
      for (const phase of bundleOf(game).game.phases) expect(svg).toContain(`>${phase.name}</text>`);
      expect(svg).toContain(">over (final)</text>");
      expect(svg.includes(">window</text>")).toBe(game !== "duel");
      // The response model's own states.
      const own = { duel: ["resolving"], cybervamp: ["stack", "building", "resolving", "fizzle", "phase end"], chromatic: ["actions", "waiting", "chain", "built", "ordering", "appended", "phase end"] }[game];
      for (const name of own) expect(svg).toContain(`>${name}</text>`);
      expect(readFileSync(statechartFile(game), "utf8"), "docs are stale: run npx tsx scripts/statecharts.ts").toBe(svg);
    });
  }
});
