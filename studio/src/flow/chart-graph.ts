/**
 * A game's statechart (the XState machine runtime/core/flow.ts builds from the game file) as a
 * graph laid out by ELK (elkjs): states as boxes inside their parents, each transition an arrow
 * labelled with its event. Shared by the studio's Flow view (studio/src/flow/FlowView.tsx) and
 * the docs' pictures (scripts/statecharts.ts).
 *
 * A compound state may be drawn collapsed (the Flow view shows the phase being played open and
 * the others as single boxes): arrows into or out of its hidden states then end at its box, and
 * arrows that would stay inside it are left out.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk.bundled.js";
import type { AnyStateMachine } from "xstate";
import type { SourceRef } from "../../../compiler/ir.ts";

type StateNode = AnyStateMachine["root"];

const CHAR_WIDTH = 7;
const LABEL_HEIGHT = 16;

/** The graph id of a state: its XState id with characters ELK dislikes replaced. */
export const graphIdOf = (node: StateNode) => node.id.replace(/[^A-Za-z0-9_.-]/g, "_");
const nameOf = (node: StateNode) => (node.type === "final" ? `${node.key} (final)` : node.key.replace(/_/g, " "));

export interface ChartGraph {
  graph: ElkNode;
  /** Graph id → the state it draws. */
  states: Map<string, StateNode>;
  /** Graph id → label (states and edges). */
  labels: Map<string, string>;
  /** Edge id → the event and the states (graph ids) it leads from and to. */
  edges: Map<string, { event: string; from: string; to: string }>;
}

/** The state's meta: the game-file line that defines it (runtime/core/flow.ts FlowStateMeta). */
export const sourceOf = (node: StateNode): SourceRef | undefined => (node.meta as { source?: SourceRef } | undefined)?.source;

/**
 * The chart as an ELK graph: one node per state drawn (children inside), one edge per transition.
 * `collapsed(node)`: draw this compound state as a single box.
 */
export function statechartGraph(machine: AnyStateMachine, collapsed: (node: StateNode) => boolean = () => false): ChartGraph {
  const labels = new Map<string, string>();
  const states = new Map<string, StateNode>();
  const edgeInfo = new Map<string, { event: string; from: string; to: string }>();
  const edges: ElkExtendedEdge[] = [];
  // The box a state is drawn in: itself, or its nearest collapsed ancestor.
  const shownAs = new Map<StateNode, StateNode>();
  const visit = (node: StateNode, hiddenIn: StateNode | undefined) => {
    shownAs.set(node, hiddenIn ?? node);
    const hide = hiddenIn ?? (Object.keys(node.states).length > 0 && node !== machine.root && collapsed(node) ? node : undefined);
    for (const child of Object.values(node.states)) visit(child, hide);
  };
  visit(machine.root, undefined);
  const build = (node: StateNode): ElkNode => {
    const id = graphIdOf(node);
    const name = nameOf(node);
    labels.set(id, name);
    states.set(id, node);
    const children = node === machine.root || !collapsed(node) ? Object.values(node.states).map(build) : [];
    const leaf: ElkNode = { id, labels: [{ text: name, width: name.length * CHAR_WIDTH + 8, height: LABEL_HEIGHT }] };
    if (children.length === 0) return { ...leaf, width: Math.max(70, name.length * CHAR_WIDTH + 16), height: 32 };
    return { ...leaf, children, layoutOptions: { "elk.padding": "[top=28,left=12,bottom=12,right=12]", "elk.nodeLabels.placement": "INSIDE V_TOP H_LEFT" } };
  };
  const root = build(machine.root);
  const walk = (node: StateNode) => {
    const from = shownAs.get(node)!;
    for (const [event, transitions] of Object.entries(node.on as Record<string, { target?: StateNode[] }[]>)) {
      for (const transition of transitions) {
        for (const target of transition.target ?? []) {
          const to = shownAs.get(target)!;
          // Inside one collapsed box, or from a collapsed box to its own inside: not drawn.
          if (from === to && node !== target) continue;
          const edgeId = `${graphIdOf(from)}--${event}--${graphIdOf(to)}`;
          if (edgeInfo.has(edgeId)) continue;
          labels.set(edgeId, event);
          edgeInfo.set(edgeId, { event, from: graphIdOf(from), to: graphIdOf(to) });
          edges.push({ id: edgeId, sources: [graphIdOf(from)], targets: [graphIdOf(to)], labels: [{ text: event, width: event.length * CHAR_WIDTH * 0.85, height: LABEL_HEIGHT }] });
        }
      }
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return {
    graph: {
      ...root,
      layoutOptions: {
        "elk.algorithm": "layered",
        "elk.direction": "RIGHT",
        "elk.hierarchyHandling": "INCLUDE_CHILDREN",
        "elk.json.edgeCoords": "ROOT",
        "elk.json.shapeCoords": "ROOT",
        "elk.edgeLabels.inline": "false",
        "elk.layered.spacing.nodeNodeBetweenLayers": "40",
        "elk.spacing.edgeLabel": "2",
        "elk.padding": "[top=28,left=12,bottom=12,right=12]",
        "elk.nodeLabels.placement": "INSIDE V_TOP H_LEFT",
      },
      edges,
    },
    states,
    labels,
    edges: edgeInfo,
  };
}

/** The graph ids of the states a snapshot value is in (each region's leaf and every ancestor), as drawn: a hidden state counts as its collapsed box. */
export function activeGraphIds(machine: AnyStateMachine, value: unknown): Set<string> {
  const ids = new Set<string>();
  if (value === undefined || value === null) return ids;
  const visit = (node: StateNode, at: unknown) => {
    ids.add(graphIdOf(node));
    if (typeof at === "string") {
      const child = node.states[at];
      if (child) ids.add(graphIdOf(child));
      return;
    }
    // An object names one child of a compound state, or every region of a parallel one.
    if (at && typeof at === "object") {
      for (const [key, below] of Object.entries(at as Record<string, unknown>)) {
        const child = node.states[key];
        if (child) visit(child, below);
      }
    }
  };
  visit(machine.root, value);
  return ids;
}

/** Is this state a region of a parallel state (a phase's steps, or what the players do beside them)? */
export const isRegion = (node: StateNode): boolean => node.parent?.type === "parallel";

const signatures = new WeakMap<AnyStateMachine, string>();
/**
 * The shape of a chart: every state's id and kind with its transitions' events and targets (not its
 * meta: a game file edited elsewhere moves the lines a chart links to, not the chart). Two charts
 * with the same signature run the same flow.
 */
export function chartSignature(machine: AnyStateMachine): string {
  let known = signatures.get(machine);
  if (known === undefined) {
    const parts: string[] = [];
    const walk = (node: StateNode) => {
      const on = Object.entries(node.on as Record<string, { target?: StateNode[] }[]>).map(([event, ts]) => `${event}>${ts.flatMap((t) => (t.target ?? []).map((x) => x.id)).join(",")}`);
      parts.push(`${node.id}:${node.type}[${on.sort().join(";")}]`);
      for (const child of Object.values(node.states)) walk(child);
    };
    walk(machine.root);
    signatures.set(machine, (known = parts.join("\n")));
  }
  return known;
}
