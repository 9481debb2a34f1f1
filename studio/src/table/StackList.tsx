import type { StackEntry } from "./event-boards.ts";
import { describeTargets } from "./event-boards.ts";
import type { RevealSource } from "./SourceLink.tsx";

const PUT_BY: Record<string, string> = { spell: "cast by", ability: "activated by", trigger: "triggered for", rule: "waiting for" };

/**
 * The response stack, top first: each item says who put it there and what it targets, so two
 * copies of one spell are told apart; an item links to the text it runs. The list is the
 * state's own stack, so a countered spell is gone the moment it is countered.
 */
export function StackList({ entries, onReveal, testId }: { entries: StackEntry[]; onReveal: RevealSource; testId: string }) {
  return (
    <div className="stack" data-testid={testId}>
      <div className="panel-title">Stack (top first)</div>
      {entries.length === 0 ? (
        <p className="muted" style={{ margin: "4px 10px" }}>empty</p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li
              key={e.id}
              className={(e.source ? "linked " : "") + `stack-${e.kind}`}
              data-controller={e.controller}
              data-card={e.cardName}
              onClick={() => e.source && onReveal(e.source.file, e.source.range.start.offset, e.source.range.end.offset)}
            >
              <span className={`owner ${e.controller}`}>{e.controller}</span> <strong>{e.cardName ?? e.label}</strong>
              {e.cardName && e.label !== e.cardName ? <span className="muted"> — {e.label.replace(new RegExp(`^${e.cardName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\s*`), "")}</span> : null}
              <span className="put-by"> · {PUT_BY[e.kind] ?? "by"} {e.controller}</span>
              {e.targets.length > 0 && <span className="targets"> → {describeTargets(e)}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
