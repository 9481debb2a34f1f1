/**
 * The Flow view: the game's statechart (runtime/core/flow.ts, built from the game file as it is
 * in the editor now) laid out by ELK, the states the game is in at the cursor highlighted, the
 * transition taken to get there drawn moving with the event that caused it. Clicking a state
 * opens the game-file line that defines it. The phase being played is drawn open and the others
 * as single boxes, unless "All phases" is ticked.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { ElkNode } from "elkjs/lib/elk.bundled.js";
import type { AnyStateMachine } from "xstate";
import type { Flow } from "../../../runtime/core/flow.ts";
import type { GameState } from "../../../runtime/index.ts";
import type { WorkspaceStore } from "../workspace/store.ts";
import type { RevealSource } from "../table/SourceLink.tsx";
import { activeGraphIds, chartSignature, isRegion, sourceOf, statechartGraph, type ChartGraph } from "./chart-graph.ts";
import "./flow.css";

type StateNode = AnyStateMachine["root"];

/** Laid-out charts by machine and by which phase is drawn open ("" = all): ELK runs once for each. */
const layouts = new WeakMap<AnyStateMachine, Map<string, Promise<{ laid: ElkNode; graph: ChartGraph }>>>();
let elk: Promise<{ layout(graph: ElkNode): Promise<ElkNode> }> | undefined;

function layoutOf(machine: AnyStateMachine, openPhase: string): Promise<{ laid: ElkNode; graph: ChartGraph }> {
  let byPhase = layouts.get(machine);
  if (!byPhase) layouts.set(machine, (byPhase = new Map()));
  let known = byPhase.get(openPhase);
  if (!known) {
    const turn = machine.root.states["turn"];
    // A phase is a child of `turn`: all but the open one are drawn as single boxes.
    const graph = statechartGraph(machine, (node) => openPhase !== "" && node.parent === turn && node.key !== openPhase);
    elk ??= import("elkjs/lib/elk.bundled.js").then((m) => new m.default());
    known = elk.then((e) => e.layout(structuredClone(graph.graph))).then((laid) => ({ laid, graph }));
    byPhase.set(openPhase, known);
  }
  return known;
}

/**
 * The game's chart as the game file in the editor defines it now: compiled again whenever that
 * file's text changes (a phase added, renamed or moved redraws the chart); `fallback` — the
 * chart of the engine being played — while it compiles or when the file does not.
 */
export function useLiveFlow(store: WorkspaceStore, gameId: string | undefined, fallback: Flow | undefined): Flow | undefined {
  const gameFile = store.model?.games.find((g) => g.id.toLowerCase() === gameId?.toLowerCase())?.file;
  const text = gameFile ? store.files.get(gameFile)?.model.getValue() : undefined;
  const [live, setLive] = useState<{ text: string; flow: Flow } | undefined>(undefined);
  useEffect(() => {
    if (!gameFile || text === undefined || live?.text === text) return;
    let cancelled = false;
    void Promise.all([import("../../../compiler/lower.ts"), import("../../../runtime/index.ts")]).then(([{ lowerWorkspace }, { createEngine }]) => {
      if (cancelled) return;
      try {
        const bundle = lowerWorkspace([{ path: gameFile, text }]).bundles.find((b) => b.game.id.toLowerCase() === gameId?.toLowerCase());
        if (bundle) setLive({ text, flow: createEngine(bundle).rules.flow });
      } catch {
        // A game file the engine refuses keeps the last chart drawn; the editor shows its problems.
      }
    });
    return () => {
      cancelled = true;
    };
  }, [gameFile, text, gameId, live?.text]);
  return live?.flow ?? fallback;
}

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 2;

/** The scale a fitted chart is drawn at: the canvas's width over the chart's own. */
function fitScale(canvas: HTMLElement): number {
  const svg = canvas.querySelector("svg");
  const own = Number(svg?.getAttribute("data-width") ?? 0);
  return svg && own > 0 ? svg.getBoundingClientRect().width / own : 1;
}

export interface FlowTransition {
  /** The chart's value before (the previous event, or the step before). */
  from: unknown;
  /** Its values in between, in order (at each event of a step), when the cursor moved by more than one event. */
  through?: readonly unknown[];
  /** What caused it: the trace event's text at the cursor. */
  cause?: string;
}

/** What is resolving in a game state: the card or ability at the bottom of the resolution (the stack's popped item, a chain's firing ability, a spell played). */
export function resolvingOf(state: GameState | undefined): string | undefined {
  return state?.frames.find((frame) => frame.card !== undefined || frame.ability !== undefined)?.label;
}

export function FlowView({
  flow: edited,
  running,
  value,
  transition,
  onReveal,
  onRestart,
  restartLabel = "Restart with the edited file",
  resolving,
  testId = "flow-view",
}: {
  /** The chart of the game file as it is in the editor now (`useLiveFlow`). */
  flow: Flow;
  /** The chart of the engine the game runs (compiled when it started); `value` is a state of it. */
  running?: Flow;
  value: unknown;
  transition?: FlowTransition;
  onReveal: RevealSource;
  /** Starts the game again with the edited game file (offered when the two charts differ). */
  onRestart?: () => void;
  restartLabel?: string;
  /** What is resolving at the cursor (`resolvingOf`): a choice inside a resolution names it. */
  resolving?: string;
  testId?: string;
}) {
  // The game file changed the flow since the game started: the game still runs the older chart.
  // The edited chart is drawn (states matched by their ids only — a renamed phase is not guessed)
  // unless the designer asks for the chart the game runs; a restart runs the edited file.
  const stale = running !== undefined && running !== edited && chartSignature(running.machine) !== chartSignature(edited.machine);
  const [showRunning, setShowRunning] = useState(false);
  const flow = stale && showRunning ? running : edited;
  const machine = flow.machine;
  const [allPhases, setAllPhases] = useState(false);
  // Fit: the whole chart scaled into the panel; else at a zoom of its own size (a wide chart —
  // Chromatic's five phases open, ≈ 5,000 px — is read at 40–60 %), scrolled to the active state.
  const [fit, setFit] = useState(true);
  const [zoom, setZoomLevel] = useState(1);
  const setZoom = (level: number) => {
    setFit(false);
    setZoomLevel(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(level * 20) / 20)));
  };
  const canvas = useRef<HTMLDivElement>(null);
  const phase = flow.phaseOf(value) ?? "";
  const phaseDrawn = !phase || machine.root.states["turn"]?.states[phase] !== undefined;
  const openPhase = allPhases ? "" : (phaseDrawn && phase) || (Object.keys(machine.root.states["turn"]?.states ?? {})[0] ?? "");
  const [laid, setLaid] = useState<{ key: string; machine: AnyStateMachine; laid: ElkNode; graph: ChartGraph } | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void layoutOf(machine, openPhase).then((result) => {
      if (!cancelled) setLaid({ key: openPhase, machine, ...result });
    });
    return () => {
      cancelled = true;
    };
  }, [machine, openPhase]);

  const active = useMemo(() => activeGraphIds(machine, value), [machine, value]);
  // The transitions taken: the chart's own events between each value and the next, each replayed
  // through the chart to know the states it left and entered.
  const steps = useMemo(() => {
    const taken: { event: string; left: Set<string>; entered: Set<string> }[] = [];
    if (!transition) return taken;
    const values = [transition.from, ...(transition.through ?? []), value];
    for (let i = 0; i + 1 < values.length; i++) {
      let at = values[i];
      for (const event of flow.eventsBetween(at, values[i + 1]) ?? []) {
        const next = flow.send(at, { type: event }).value;
        taken.push({ event, left: activeGraphIds(machine, at), entered: activeGraphIds(machine, next) });
        at = next;
      }
    }
    return taken;
  }, [flow, machine, transition, value]);
  const events = steps.map((step) => step.event);
  const leaf = flow.isOver(value) ? "over" : flow.leafOf(value);
  const step = flow.stepOf(value);
  const words = (path: string) => path.split(".").map((s) => s.replace(/_/g, " ")).join(" › ");
  // "choosing, while resolving X": a choice inside a resolution (`stack.resolving.choice`).
  const choosingInside = leaf?.endsWith(".choice") ? leaf.slice(0, -".choice".length) : undefined;
  const doing = choosingInside !== undefined ? `choosing, while ${words(choosingInside)}${resolving ? `: ${resolving}` : ""}` : words(leaf ?? "");

  const current = laid && laid.machine === machine && laid.key === openPhase ? laid : undefined;
  // At its own size, the active state is kept in view as the cursor moves.
  useEffect(() => {
    if (fit || !current) return;
    const leafBox = [...(canvas.current?.querySelectorAll<SVGGElement>(".flow-state.active") ?? [])].at(-1);
    leafBox?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [fit, zoom, current, value]);
  // Ctrl/⌘ + wheel over the chart zooms it (the page does not zoom).
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      setZoom((fit ? fitScale(element) : zoom) * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  });
  const nodes: { node: ElkNode; state: StateNode; depth: number }[] = [];
  const collect = (node: ElkNode, depth: number) => {
    for (const child of node.children ?? []) {
      const state = current!.graph.states.get(child.id);
      if (state) nodes.push({ node: child, state, depth });
      collect(child, depth + 1);
    }
  };
  if (current) collect(current.laid, 1);
  const edges: ElkNode["edges"] = [];
  const collectEdges = (node: ElkNode) => {
    edges.push(...(node.edges ?? []));
    for (const child of node.children ?? []) collectEdges(child);
  };
  if (current) collectEdges(current.laid);
  // Of the arrows an event could follow from the states left, XState takes the one declared deepest.
  const takenEdges = new Set<string>();
  if (current) {
    const depth = (id: string) => id.split(".").length;
    for (const step of steps) {
      const candidates = [...current.graph.edges].filter(([, e]) => e.event === step.event && step.left.has(e.from) && step.entered.has(e.to)).sort(([, a], [, b]) => depth(b.from) - depth(a.from));
      if (candidates[0]) takenEdges.add(candidates[0][0]);
    }
  }
  const takenEdge = (id: string) => takenEdges.has(id);
  const width = Math.ceil(current?.laid.width ?? 0) + 2;
  const height = Math.ceil(current?.laid.height ?? 0) + 2;
  const animationKey = `${JSON.stringify(transition?.from ?? null)}>${JSON.stringify(value ?? null)}`;

  return (
    <div className="flow-view" data-testid={testId} data-leaf={leaf ?? ""} data-phase={phase} data-step={step ?? ""}>
      <div className="flow-caption">
        <span data-testid="flow-active">
          {flow.isOver(value) ? "over" : phase ? `${phase}${step ? ` › step ${words(step)}` : ""} › ${doing}` : "—"}
        </span>
        {transition && (
          <span className="flow-transition" data-testid="flow-transition" data-events={events.join(" ")}>
            {events.length ? `${events.join(" → ")}` : "no transition"}
            {transition.cause ? <span className="muted"> — {transition.cause}</span> : null}
          </span>
        )}
        <label className="muted flow-all">
          <input type="checkbox" checked={fit} onChange={(e) => setFit(e.target.checked)} /> Fit
        </label>
        <span className="flow-zoom">
          <button type="button" aria-label="Zoom out" onClick={() => setZoom((fit && canvas.current ? fitScale(canvas.current) : zoom) - 0.1)}>
            −
          </button>
          <input type="range" aria-label="Zoom" min={MIN_ZOOM * 100} max={MAX_ZOOM * 100} step={5} value={Math.round((fit && canvas.current ? fitScale(canvas.current) : zoom) * 100)} onChange={(e) => setZoom(Number(e.target.value) / 100)} />
          <button type="button" aria-label="Zoom in" onClick={() => setZoom((fit && canvas.current ? fitScale(canvas.current) : zoom) + 0.1)}>
            +
          </button>
          <span className="muted" data-testid="flow-zoom">
            {fit ? "fit" : `${Math.round(zoom * 100)} %`}
          </span>
        </span>
        <label className="muted">
          <input type="checkbox" checked={allPhases} onChange={(e) => setAllPhases(e.target.checked)} /> All phases
        </label>
      </div>
      {stale && (
        <div className="flow-stale" role="status" data-testid="flow-stale">
          <span>
            The game file has changed since this game started: the game runs its flow as the file was then
            {phaseDrawn ? "" : ` — it is in the ${phase} phase, which the edited file does not have`}.
          </span>
          {onRestart && (
            <button type="button" onClick={onRestart}>
              {restartLabel}
            </button>
          )}
          <label className="muted">
            <input type="checkbox" checked={showRunning} onChange={(e) => setShowRunning(e.target.checked)} /> Show the chart the game runs
          </label>
        </div>
      )}
      {!current ? (
        <p className="muted">Laying out the chart…</p>
      ) : (
        <div className={"flow-canvas" + (fit ? " fit" : "")} ref={canvas}>
          <svg width={fit ? width : Math.round(width * zoom)} height={fit ? height : Math.round(height * zoom)} data-width={width} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Statechart of ${String((machine.config.meta as { game?: string } | undefined)?.game ?? "the game")}`}>
            <defs>
              <marker id="flow-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#8a4b08" />
              </marker>
              <marker id="flow-arrow-taken" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#d9480f" />
              </marker>
            </defs>
            {nodes.map(({ node, state, depth }) => {
              const { x = 0, y = 0, width: w = 0, height: h = 0 } = node;
              const compound = (node.children?.length ?? 0) > 0;
              const isActive = active.has(node.id);
              const source = sourceOf(state);
              const label = current.graph.labels.get(node.id) ?? state.key;
              return (
                <g
                  key={node.id}
                  className={"flow-state" + (compound ? " compound" : " leaf") + (isRegion(state) ? " region" : "") + (isActive ? " active" : "") + (depth % 2 ? " odd" : "") + (source ? " linked" : "")}
                  data-state={state.id}
                  data-active={isActive ? "true" : "false"}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (source) onReveal(source.file, source.range.start.offset, source.range.end.offset);
                  }}
                >
                  <title>{`${state.description ?? label}${source ? ` — ${source.file.split("/").pop()}:${source.range.start.line}` : ""}`}</title>
                  <rect x={x} y={y} width={w} height={h} rx={8} />
                  <text x={compound ? x + 10 : x + w / 2} y={compound ? y + 18 : y + h / 2 + 4} textAnchor={compound ? "start" : "middle"}>
                    {label}
                  </text>
                </g>
              );
            })}
            {edges.map((edge) => {
              const taken = takenEdge(edge.id);
              const label = edge.labels?.[0];
              return (
                <g key={taken ? `${edge.id}:${animationKey}` : edge.id} className={"flow-edge" + (taken ? " taken" : "")} data-event={current.graph.edges.get(edge.id)?.event} data-taken={taken ? "true" : "false"}>
                  {(edge.sections ?? []).map((section, i) => (
                    <polyline key={i} points={[section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${p.x},${p.y}`).join(" ")} markerEnd={taken ? "url(#flow-arrow-taken)" : "url(#flow-arrow)"} />
                  ))}
                  {label?.text && label.x !== undefined && label.y !== undefined && (
                    <text x={label.x} y={label.y + 11}>
                      {label.text}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </div>
  );
}
