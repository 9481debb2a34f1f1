import type { ChainNode, ChainTree } from "./chains.ts";
import type { RevealSource } from "./SourceLink.tsx";

const STATUS_LABEL = { fired: "fired", suppressed: "suppressed: once per instance", appended: "waits for the end of the chain" } as const;

/**
 * Trigger chains drawn as trees (depth-first, the order the engine resolves them): one box per
 * noted ability, connectors to the abilities it caused, suppressed instances struck through,
 * the opponent's appended abilities marked. Clicking a node moves the stepper to its event;
 * its link opens (and selects) the ability's text in the editor.
 */
export function ChainTreeView({ chains, cursor, onSelect, onReveal }: { chains: ChainTree[]; cursor: number; onSelect?: (eventIndex: number) => void; onReveal: RevealSource }) {
  if (chains.length === 0) return null;
  const renderNode = (node: ChainNode, level: number) => {
    const at = node.firedAt ?? node.eventIndex;
    const state = at > cursor ? "future" : node.firedAt !== undefined && node.firedAt <= cursor && (node.resolvedAt === undefined || node.resolvedAt >= cursor) ? "current" : "";
    return (
      <li key={`${node.trigger}:${node.eventIndex}`} role="treeitem" aria-level={level} aria-expanded={node.children.length ? true : undefined} data-status={node.status} data-card={node.card} data-opponent={node.opponent || undefined}>
        <div
          className={`chain-node status-${node.status}${node.opponent ? " opponent" : ""}${state ? " " + state : ""}`}
          onClick={() => onSelect?.(at)}
          title={node.status === "suppressed" ? "Noted again in the same chain: each instance fires once per chain" : node.opponent ? "The opponent's ability: it runs at the end of the chain" : "Fired in this chain"}
        >
          <span className="chain-badge">{node.opponent ? `opponent · ${STATUS_LABEL[node.status]}` : STATUS_LABEL[node.status]}</span>
          <span className="chain-label">{node.label}</span>
          {node.source && (
            <button
              type="button"
              className="source-link"
              aria-label={`Open ${node.source.file}:${node.source.range.start.line}`}
              onClick={(e) => {
                e.stopPropagation();
                onReveal(node.source!.file, node.source!.range.start.offset, node.source!.range.end.offset);
              }}
            >
              ↗ {node.source.file.split("/").pop()}:{node.source.range.start.line}
            </button>
          )}
        </div>
        {node.children.length > 0 && <ul role="group">{node.children.map((child) => renderNode(child, level + 1))}</ul>}
      </li>
    );
  };
  return (
    <div className="chain-trees" data-testid="chain-tree">
      {chains.map((chain) => (
        <section key={chain.chain} className={"chain" + (chain.startIndex > cursor ? " future" : chain.startIndex <= cursor && (chain.endIndex === undefined || chain.endIndex >= cursor) ? " current" : "")} data-chain={chain.chain}>
          <div className="chain-title" onClick={() => onSelect?.(chain.startIndex)}>{chain.label}</div>
          <ul className="tree" role="tree" aria-label={`chain ${chain.chain}`}>
            {chain.roots.map((root) => renderNode(root, 1))}
          </ul>
        </section>
      ))}
    </div>
  );
}
