/**
 * Trigger chains (Chromatic Battlelines 17.1) rebuilt from a trace as trees: a chain's roots are
 * the ability that started it and the opponent's abilities appended at its end; each node's
 * children are the abilities noted while it resolved, in the order they fired (depth-first, as
 * the engine resolves them). Instances suppressed by "once per instance per chain" are leaves
 * where they were noted. Pure: the stepper and the tests share it.
 */
import type { TraceEvent } from "../../../runtime/index.ts";

export type ChainNodeStatus = "fired" | "suppressed" | "appended";

export interface ChainNode {
  /** The noted trigger's id (`TraceEvent.trigger`). */
  trigger: number;
  label: string;
  /** The card whose ability it is, when the trace names one (`Seer: When you draw…` → Seer). */
  card?: string;
  status: ChainNodeStatus;
  /** An opponent's ability that waits for the end of the chain (fired later or not). */
  opponent: boolean;
  /** Index of the event that put it in the tree (fire, suppressed or appended). */
  eventIndex: number;
  /** Index of its `fire` event, once it fired. */
  firedAt?: number;
  /** Index of its last `resolve` event, once it resolved. */
  resolvedAt?: number;
  source?: TraceEvent["source"];
  children: ChainNode[];
}

export interface ChainTree {
  chain: number;
  label: string;
  startIndex: number;
  endIndex?: number;
  roots: ChainNode[];
}

/**
 * Each event's depth in its trigger chain's tree, for indenting a log (0 outside chains): a chain event's noted trigger
 * sits one below the trigger that caused it (`parent`); a chain's starting ability and the opponent's abilities appended
 * from the original event have none and sit at 0. The engine's events carry `parent` only; depth is worked out here.
 */
export function chainDepths(events: readonly TraceEvent[]): number[] {
  const depthOf = new Map<string, number>();
  return events.map((e) => {
    if (e.chain === undefined || e.trigger === undefined) return 0;
    const depth = e.parent !== undefined ? (depthOf.get(`${e.chain}:${e.parent}`) ?? 0) + 1 : 0;
    if (!depthOf.has(`${e.chain}:${e.trigger}`)) depthOf.set(`${e.chain}:${e.trigger}`, depth);
    return depth;
  });
}

const cardOf = (text: string): string | undefined => /^([^:]+):/.exec(text)?.[1]?.trim();
/** "Seer: [Base] When you draw, Scry 1. — fires in chain 1" → "Seer: [Base] When you draw, Scry 1." */
const abilityText = (text: string): string => text.replace(/\s+—\s+(fires in chain|already fired in chain|p\d+'s, runs at the end of chain).*$/, "");

export function buildChains(events: readonly TraceEvent[]): ChainTree[] {
  const chains = new Map<number, ChainTree>();
  /** Nodes by chain and trigger id (an opponent's noted ability is appended to every chain under one id). */
  const nodes = new Map<string, ChainNode>();
  const key = (chain: number, trigger: number) => `${chain}:${trigger}`;
  /** Fired nodes still resolving (innermost last): a trigger noted now is their child. */
  const running: ChainNode[] = [];
  /** Ability id → the node running when that ability was last noted. */
  const notedUnder = new Map<string, ChainNode | undefined>();

  const attach = (tree: ChainTree, node: ChainNode, parent: ChainNode | undefined) => {
    if (parent) return void parent.children.push(node);
    // The opponent's abilities waiting for the end of the chain stay after everything that runs before them.
    const firstWaiting = tree.roots.findIndex((r) => r.opponent && r.firedAt === undefined);
    tree.roots.splice(firstWaiting < 0 ? tree.roots.length : firstWaiting, 0, node);
  };

  for (const [i, e] of events.entries()) {
    if (e.kind === "chain_start" && e.chain !== undefined) {
      chains.set(e.chain, { chain: e.chain, label: e.text, startIndex: i, roots: [] });
      running.length = 0;
      continue;
    }
    if (e.kind === "chain_end" && e.chain !== undefined) {
      const tree = chains.get(e.chain);
      if (tree) tree.endIndex = i;
      running.length = 0;
      continue;
    }
    if (e.kind === "trigger" && e.ability) {
      notedUnder.set(e.ability, running.at(-1));
      continue;
    }
    if (e.kind === "resolve" && e.ability) {
      // An ability's own frame resolves last (a keyword action inside it resolves first, with the same ability id).
      const top = running.at(-1);
      if (top && top.label && e.text.startsWith(top.label)) {
        top.resolvedAt = i;
        running.pop();
      }
      continue;
    }
    const tree = e.chain !== undefined ? chains.get(e.chain) : undefined;
    if (!tree || e.trigger === undefined) continue;
    if (e.kind === "appended") {
      const node: ChainNode = { trigger: e.trigger, label: abilityText(e.text), status: "appended", opponent: true, eventIndex: i, children: [], ...(e.source ? { source: e.source } : {}), ...(cardOf(e.text) ? { card: cardOf(e.text)! } : {}) };
      nodes.set(key(tree.chain, e.trigger), node);
      tree.roots.push(node);
    } else if (e.kind === "fire") {
      let node = nodes.get(key(tree.chain, e.trigger));
      if (node && node.status === "appended") {
        node.status = "fired";
        node.firedAt = i;
        // Appended abilities run at the end of the chain, in the order their player chose: move it after what already ran.
        tree.roots.splice(tree.roots.indexOf(node), 1);
        const firstWaiting = tree.roots.findIndex((r) => r.opponent && r.firedAt === undefined);
        tree.roots.splice(firstWaiting < 0 ? tree.roots.length : firstWaiting, 0, node);
      } else if (!node) {
        node = { trigger: e.trigger, label: abilityText(e.text), status: "fired", opponent: false, eventIndex: i, firedAt: i, children: [], ...(e.source ? { source: e.source } : {}), ...(cardOf(e.text) ? { card: cardOf(e.text)! } : {}) };
        nodes.set(key(tree.chain, e.trigger), node);
        attach(tree, node, e.parent !== undefined ? nodes.get(key(tree.chain, e.parent)) : undefined);
      }
      running.push(node);
    } else if (e.kind === "suppressed") {
      const node: ChainNode = { trigger: e.trigger, label: abilityText(e.text), status: "suppressed", opponent: false, eventIndex: i, children: [], ...(e.source ? { source: e.source } : {}), ...(cardOf(e.text) ? { card: cardOf(e.text)! } : {}) };
      nodes.set(key(tree.chain, e.trigger), node);
      const parent = e.parent !== undefined ? nodes.get(key(tree.chain, e.parent)) : e.ability ? notedUnder.get(e.ability) : undefined;
      attach(tree, node, parent);
    }
  }
  return [...chains.values()];
}

/** Nodes in depth-first order (the order they appear in the tree). */
export function depthFirst(roots: readonly ChainNode[]): { node: ChainNode; depth: number }[] {
  const out: { node: ChainNode; depth: number }[] = [];
  const walk = (list: readonly ChainNode[], depth: number) => {
    for (const node of list) {
      out.push({ node, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}
