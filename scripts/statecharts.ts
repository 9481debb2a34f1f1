/**
 * Writes docs/games/<game>-statechart.svg: each game's statechart (runtime/core/flow.ts, the XState
 * machine the engine runs, built from the game file) laid out by ELK (elkjs, through the graph the
 * studio's Flow view also draws: studio/src/flow/chart-graph.ts) and drawn as SVG —
 * states as boxes inside their parents, each transition an arrow labelled with its event.
 *
 *   npx tsx scripts/statecharts.ts            (test/runtime/statechart-docs.test.ts holds the files to it)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ELK, { type ElkNode } from "elkjs/lib/elk.bundled.js";
import type { AnyStateMachine } from "xstate";
import { createEngine } from "../runtime/index.ts";
import { bundleOf } from "../bench/bundles.ts";
import { isRegion, statechartGraph } from "../studio/src/flow/chart-graph.ts";

export const STATECHART_GAMES = ["duel", "chromatic", "cybervamp"] as const;

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The chart of one machine as a self-contained SVG. */
export async function statechartSvg(machine: AnyStateMachine, title: string): Promise<string> {
  const { graph, states } = statechartGraph(machine);
  const laid = await new ELK().layout(graph);
  const parts: string[] = [];
  const drawNode = (node: ElkNode, depth: number) => {
    const { x = 0, y = 0, width = 0, height = 0 } = node;
    const compound = (node.children?.length ?? 0) > 0;
    const fill = compound ? (depth % 2 ? "#f4f6fb" : "#ffffff") : "#e8eefc";
    // A region of a parallel state (a phase's steps beside what the players do) is dashed.
    const state = states.get(node.id);
    const dashed = state && isRegion(state) ? ' stroke-dasharray="6 4"' : "";
    parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${width.toFixed(1)}" height="${height.toFixed(1)}" rx="8" fill="${fill}" stroke="#4a5a85" stroke-width="${compound ? 1 : 1.4}"${dashed}/>`);
    const label = node.labels?.[0]?.text ?? node.id;
    const textY = compound ? y + 18 : y + height / 2 + 4;
    const textX = compound ? x + 10 : x + width / 2;
    parts.push(`<text x="${textX.toFixed(1)}" y="${textY.toFixed(1)}"${compound ? "" : ' text-anchor="middle"'} font-weight="${compound ? "bold" : "normal"}">${escape(label)}</text>`);
    for (const child of node.children ?? []) drawNode(child, depth + 1);
  };
  for (const child of laid.children ?? []) drawNode(child, 1);
  const drawEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      for (const section of edge.sections ?? []) {
        const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
        parts.push(`<polyline points="${points}" fill="none" stroke="#8a4b08" stroke-width="1.2" marker-end="url(#arrow)"/>`);
      }
      const label = edge.labels?.[0];
      if (label?.text && label.x !== undefined && label.y !== undefined) parts.push(`<text x="${label.x.toFixed(1)}" y="${(label.y + 11).toFixed(1)}" font-size="10" fill="#8a4b08">${escape(label.text)}</text>`);
    }
    for (const child of node.children ?? []) drawEdges(child);
  };
  drawEdges(laid);
  const width = Math.ceil(laid.width ?? 0) + 2;
  const height = Math.ceil(laid.height ?? 0) + 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 -28 ${width} ${height}" font-family="DejaVu Sans, sans-serif" font-size="12">`,
    `<title>${escape(title)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a4b08"/></marker></defs>`,
    `<text x="4" y="-10" font-size="14" font-weight="bold">${escape(title)}</text>`,
    ...parts,
    `</svg>`,
    "",
  ].join("\n");
}

/** Each game's chart, as docs/games/<game>-statechart.svg holds it. */
export async function gameStatechartSvg(game: (typeof STATECHART_GAMES)[number]): Promise<string> {
  const bundle = bundleOf(game);
  const { flow } = createEngine(bundle).rules;
  const model = (flow.machine.config.meta as { responseModel?: string } | undefined)?.responseModel ?? "instant";
  return statechartSvg(flow.machine, `${bundle.game.name}: the game's statechart (response model: ${model})`);
}

export const statechartFile = (game: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "games", `${game}-statechart.svg`);

if (process.argv[1]?.endsWith("scripts/statecharts.ts")) {
  for (const game of STATECHART_GAMES) {
    writeFileSync(statechartFile(game), await gameStatechartSvg(game));
    console.log(`wrote ${path.relative(process.cwd(), statechartFile(game))}`);
  }
}
