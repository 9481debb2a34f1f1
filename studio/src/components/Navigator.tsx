/**
 * Getting around a workspace as in VS Code: quick open (Ctrl+P: files and cards by a few
 * letters of their names), search across every file (Ctrl+Shift+F), and the outline of the open
 * file (the compiler's document symbols). Each result opens its place in the editor.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { DocumentSymbol } from "../../../compiler/check-query.ts";
import { outlineOf } from "../language/navigation.ts";

type Reveal = (file: string, offset: number, end?: number) => void;

/** How well `query` matches `text` as a subsequence (VS Code's quick open): null when it does not; higher is better. */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, "");
  const t = text.toLowerCase();
  if (!q) return 0;
  let score = 0;
  let at = -1;
  for (const ch of q) {
    const next = t.indexOf(ch, at + 1);
    if (next < 0) return null;
    // Letters next to each other, and at the start of a word or a path segment, count more.
    score += next === at + 1 ? 3 : 1;
    if (next === 0 || /[\s/._-]/.test(t[next - 1]!)) score += 2;
    at = next;
  }
  return score - t.length / 100;
}

interface QuickItem {
  label: string;
  detail: string;
  file: string;
  offset: number;
  end?: number;
}

export function QuickOpen({ store, onReveal, onClose }: { store: WorkspaceStore; onReveal: Reveal; onClose: () => void }) {
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const items = useMemo<QuickItem[]>(() => {
    const files = [...store.files.values()].map((f) => ({ label: f.path.split("/").pop()!, detail: f.path, file: f.path, offset: 0 }));
    const cards = (store.model?.sets ?? []).flatMap((s) => s.cards.map((c) => ({ label: c.name, detail: `card · ${s.file}`, file: c.file, offset: c.range.start.offset })));
    return [...files, ...cards];
  }, [store, store.model]);
  const shown = items
    .map((item) => ({ item, score: Math.max(fuzzyScore(query, item.label) ?? -Infinity, (fuzzyScore(query, item.detail) ?? -Infinity) - 1) }))
    .filter((x) => x.score > -Infinity)
    .sort((a, b) => b.score - a.score)
    .slice(0, 40)
    .map((x) => x.item);
  const open = (item: QuickItem | undefined) => {
    if (!item) return;
    onClose();
    onReveal(item.file, item.offset);
  };
  return (
    <div className="overlay" onMouseDown={onClose}>
      <div className="quick-open" data-testid="quick-open" role="dialog" aria-label="Quick open" onMouseDown={(e) => e.stopPropagation()}>
        <input
          ref={input}
          aria-label="Go to file or card"
          placeholder="Go to a file or a card by name"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") onClose();
            else if (e.key === "ArrowDown") setSelected((s) => Math.min(shown.length - 1, s + 1));
            else if (e.key === "ArrowUp") setSelected((s) => Math.max(0, s - 1));
            else if (e.key === "Enter") open(shown[selected]);
            else return;
            e.preventDefault();
          }}
        />
        <ul role="listbox">
          {shown.map((item, i) => (
            <li key={`${item.file}:${item.offset}:${item.label}`} role="option" aria-selected={i === selected} className={i === selected ? "selected" : ""} onClick={() => open(item)}>
              <span className="name">{item.label}</span> <span className="muted">{item.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Every line of every file that holds the text (case-insensitive unless asked), grouped by file. */
export function searchWorkspace(files: { path: string; text: string }[], needle: string, matchCase = false): { file: string; line: number; offset: number; end: number; text: string }[] {
  if (!needle) return [];
  const out: { file: string; line: number; offset: number; end: number; text: string }[] = [];
  const n = matchCase ? needle : needle.toLowerCase();
  for (const { path, text } of files) {
    const hay = matchCase ? text : text.toLowerCase();
    let lineStart = 0;
    let line = 1;
    for (let at = hay.indexOf(n); at >= 0 && out.length < 2000; at = hay.indexOf(n, at + n.length)) {
      for (let nl = text.indexOf("\n", lineStart); nl >= 0 && nl < at; nl = text.indexOf("\n", lineStart)) {
        lineStart = nl + 1;
        line++;
      }
      const lineEnd = text.indexOf("\n", at);
      out.push({ file: path, line, offset: at, end: at + needle.length, text: text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim() });
    }
  }
  return out;
}

export function SearchPanel({ store, onReveal, focusKey }: { store: WorkspaceStore; onReveal: Reveal; focusKey: number }) {
  const [needle, setNeedle] = useState("");
  const [matchCase, setMatchCase] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [focusKey]);
  const files = [...store.files.values()].map((f) => ({ path: f.path, text: f.model.getValue() }));
  const results = searchWorkspace(files, needle, matchCase);
  const byFile = new Map<string, typeof results>();
  for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  return (
    <div className="search-panel" data-testid="search">
      <div className="search-row">
        <input ref={input} type="search" aria-label="Search the workspace" placeholder="Search in every file" value={needle} onChange={(e) => setNeedle(e.target.value)} />
        <label title="Match case">
          <input type="checkbox" checked={matchCase} onChange={(e) => setMatchCase(e.target.checked)} /> Aa
        </label>
      </div>
      {needle && <div className="muted">{results.length} result(s) in {byFile.size} file(s)</div>}
      <ul className="search-results">
        {[...byFile].map(([file, hits]) => (
          <li key={file}>
            <div className="search-file">{file}</div>
            <ul>
              {hits.slice(0, 200).map((hit) => (
                <li key={hit.offset} className="search-hit" onClick={() => onReveal(hit.file, hit.offset, hit.end)}>
                  <span className="where">{hit.line}</span> {hit.text}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OutlinePanel({ store, onReveal }: { store: WorkspaceStore; onReveal: Reveal }) {
  const [symbols, setSymbols] = useState<DocumentSymbol[]>([]);
  const path = store.activePath;
  useEffect(() => {
    let live = true;
    if (!path) return;
    void outlineOf(store, path).then((s) => live && setSymbols(s));
    return () => {
      live = false;
    };
  }, [store, path, store.model]);
  const render = (list: DocumentSymbol[], depth: number) =>
    list.map((symbol) => (
      <li key={`${symbol.kind}:${symbol.name}:${symbol.range.start.offset}`}>
        <div className="outline-row" style={{ paddingLeft: 6 + depth * 12 }} onClick={() => path && onReveal(path, symbol.selectionRange.start.offset)} title={symbol.detail}>
          <span className={`outline-kind kind-${symbol.kind}`}>{symbol.kind}</span> {symbol.name} <span className="muted">{symbol.kind === "card" ? symbol.detail : ""}</span>
        </div>
        {symbol.children.length > 0 && <ul>{render(symbol.children, depth + 1)}</ul>}
      </li>
    ));
  return (
    <ul className="outline" data-testid="outline">
      {symbols.length === 0 ? <li className="muted">Nothing to outline.</li> : render(symbols, 0)}
    </ul>
  );
}
