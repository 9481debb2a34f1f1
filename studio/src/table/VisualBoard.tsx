/**
 * The visual table: every card drawn as its face (faces/) in its player's zones, laid out
 * as the game file declares them — a slotted battlefield as its slots (Three-Slot Duel's three),
 * a battlefield's cards in rows by card type (CYBERVAMP's lands and creatures, Chromatic's
 * weapons and enchantments), each other public zone (Facet Zone, Shatter Zone, graveyards) as a
 * row; exhausted cards turned a quarter, Overexhausted a half; counters and damage on the
 * cards, life, resources and counters on the players; the opponent's hand face down unless
 * shown. A card's legal actions come from the card itself (click it); while something is being
 * aimed, the cards and players it may target are lit and a click picks one. The stack is a pile
 * of faces, each with its owner and arrows to its targets.
 */
import { useLayoutEffect, useRef, useState } from "react";
import type { CardModel, GameModel } from "../../../compiler/model.ts";
import type { Action, PlayerId } from "../../../runtime/index.ts";
import type { TargetValue } from "../../../runtime/state/state.ts";
import { colourFor, inkOn, renderCardBack, renderCardFace } from "../../../faces/index.ts";
import type { TableSession } from "./session.ts";
import { artHref } from "../art.ts";
import { stackOf } from "./event-boards.ts";

/** A face's width on the board, and the smallest it shrinks to so that a full board fits its box. */
const FACE_WIDTH = 78;
const MIN_FACE_WIDTH = 54;

export interface BoardInteraction {
  /** Cards and players that may be clicked as a target now. */
  targets: TargetValue[];
  /** The picked card (its actions are shown beside it). */
  picked?: string;
  pickedActions?: { label: string; action: Action }[];
  onCard: (card: string) => void;
  onPlayer: (player: PlayerId) => void;
  onAction: (action: Action) => void;
  onCancel: () => void;
  /** A card dragged onto a card, a player, or its own side's battlefield ("field"). */
  onDrop?: (dragged: string, target: TargetValue | "field") => void;
}

const DRAG_TYPE = "application/x-cardwright-card";
/** Drop handlers for a place on the board: a card, a player bar, a battlefield. */
function dropOn(interaction: BoardInteraction, target: TargetValue | "field", except?: string) {
  if (!interaction.onDrop) return {};
  return {
    onDragOver: (e: React.DragEvent) => {
      if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e: React.DragEvent) => {
      const dragged = e.dataTransfer.getData(DRAG_TYPE);
      if (!dragged || dragged === except) return;
      e.preventDefault();
      e.stopPropagation();
      interaction.onDrop!(dragged, target);
    },
  };
}

function Face({ card, game, width, back }: { card: CardModel | undefined; game: GameModel | undefined; width: number; back?: boolean }) {
  const svg = back || !card ? renderCardBack(game, { width }) : renderCardFace(card, { ...(game ? { game } : {}), width, idPrefix: `t${card.range.start.offset}`, imageHref: artHref });
  return <div className="face-svg" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function VisualBoard({
  session,
  game,
  cards,
  bottom,
  showOpponentHand,
  interaction,
}: {
  session: TableSession;
  game: GameModel | undefined;
  cards: (name: string) => CardModel | undefined;
  bottom: PlayerId;
  showOpponentHand: boolean;
  interaction: BoardInteraction;
}) {
  const { rules } = session.engine;
  const state = session.state;
  const top = state.order.find((p) => p !== bottom) ?? "p2";
  const boardRef = useRef<HTMLDivElement>(null);
  // Faces shrink (down to MIN_FACE_WIDTH) until the whole board fits its box without scrolling;
  // they start again from full size when the box or the number of cards on the board changes.
  const [faceWidth, setFaceWidth] = useState(FACE_WIDTH);
  const [boxSize, setBoxSize] = useState("");
  const cardCount = Object.values(state.players).reduce((n, p) => n + Object.values(p.zones).reduce((m, ids) => m + ids.length, 0), 0);
  useLayoutEffect(() => setFaceWidth(FACE_WIDTH), [boxSize, cardCount]);
  useLayoutEffect(() => {
    const root = boardRef.current;
    if (!root || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setBoxSize(`${root.clientWidth}x${root.clientHeight}`));
    observer.observe(root);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const root = boardRef.current;
    if (!root || root.clientHeight === 0 || root.scrollHeight <= root.clientHeight + 1 || faceWidth <= MIN_FACE_WIDTH) return;
    // Most of the board's height is faces: shrink them by the share that overflows (again after the next layout if needed).
    const next = Math.max(MIN_FACE_WIDTH, Math.min(faceWidth - 2, Math.floor(faceWidth * (root.clientHeight / root.scrollHeight))));
    setFaceWidth(next);
  });
  const stack = stackOf(session.engine, state);
  const isTarget = (t: TargetValue) => interaction.targets.some((x) => ("card" in x && "card" in t ? x.card === t.card : "player" in x && "player" in t && x.player === t.player));
  const zoneDecl = (name: string) => rules.game.zones.find((z) => z.name === name);
  const typeOrder = rules.game.cardTypes.map((t) => t.name.toLowerCase());
  const colours = new Set(rules.game.colors.map((c) => c.name.toLowerCase()));
  /**
   * A card in play whose colour-tagged abilities are not all on (Chromatic's enchantment with its
   * one active ability, a creature's bought enhancements): the ones that are on, as the engine says.
   */
  const activeTagged = (id: string, def: { abilities: { id: string; tag?: string; text: string }[] } | undefined) => {
    const tagged = def?.abilities.filter((a) => a.tag && colours.has(a.tag.toLowerCase())) ?? [];
    if (tagged.length === 0) return [];
    const on = new Set(session.engine.activeAbilities(state, id));
    const active = tagged.filter((a) => on.has(a.id));
    return active.length < tagged.length ? active : [];
  };

  const cardView = (id: string, options: { faceDown?: boolean } = {}) => {
    const instance = state.cards[id];
    const def = instance ? (rules.cards.get(instance.def) ?? state.tokens[instance.def]) : undefined;
    const model = def ? cards(def.name) : undefined;
    const counters = instance ? Object.entries(instance.counters).filter(([, n]) => n) : [];
    const turned = instance?.overexhausted ? "overexhausted" : instance?.exhausted ? "exhausted" : "";
    const target = isTarget({ card: id });
    const picked = interaction.picked === id;
    const active = instance && instance.zone === rules.zones.battlefield && !options.faceDown ? activeTagged(id, def) : [];
    return (
      <div
        key={id}
        className={`table-card ${turned}${target ? " targetable" : ""}${picked ? " picked" : ""}`}
        data-card-id={id}
        data-card={options.faceDown ? undefined : def?.name}
        data-owner={instance?.controller}
        data-turned={turned || undefined}
        role="button"
        aria-label={options.faceDown ? "a face-down card" : def?.name}
        draggable={!options.faceDown && !!interaction.onDrop}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, id);
          e.dataTransfer.effectAllowed = "move";
        }}
        {...dropOn(interaction, { card: id }, id)}
        onClick={(e) => {
          e.stopPropagation();
          if (!options.faceDown) interaction.onCard(id);
        }}
      >
        <Face card={model} game={game} width={faceWidth} back={options.faceDown || !model} />
        {!options.faceDown && !model && def && <span className="face-name">{def.name}</span>}
        {active.length > 0 && (
          <span className="active-abilities" data-testid="active-abilities">
            {active.map((a) => (
              <span key={a.id} className="active-ability" data-active-ability={a.tag} title={`Active: [${a.tag}] ${a.text}`} style={{ background: colourFor(a.tag), color: inkOn(colourFor(a.tag)) }}>
                ● {a.tag}
              </span>
            ))}
          </span>
        )}
        {(counters.length > 0 || (instance?.damage ?? 0) > 0) && (
          <span className="card-counters">
            {counters.map(([k, n]) => (
              <span key={k} className="counter" title={`${n} ${k}`}>{n} {k}</span>
            ))}
            {instance!.damage > 0 && <span className="counter damage">{instance!.damage} dmg</span>}
          </span>
        )}
        {picked && interaction.pickedActions && (
          <div className="card-actions" data-testid="card-actions" onClick={(e) => e.stopPropagation()}>
            {interaction.pickedActions.map((a) => (
              <button type="button" key={a.label} onClick={() => interaction.onAction(a.action)}>{a.label}</button>
            ))}
            {interaction.targets.length > 0 && <span className="muted">or click a lit card or player to aim</span>}
            <button type="button" onClick={interaction.onCancel}>Cancel</button>
          </div>
        )}
      </div>
    );
  };

  const side = (player: PlayerId) => {
    const p = state.players[player];
    if (!p) return null;
    // Engine-internal zones ("(resolving)") are not the game's: a spell on its way is on the stack pile.
    const zones = Object.entries(p.zones).filter(([zone]) => !zone.startsWith("("));
    const battlefield = rules.zones.battlefield;
    const hand = rules.zones.hand;
    const hidden = (zone: string) => zoneDecl(zone)?.visibility === "hidden" || zone === rules.zones.deck || /deck/i.test(zone);
    const field = p.zones[battlefield] ?? [];
    const slots = zoneDecl(battlefield)?.slots;
    // Battlefield rows by card type, in the game file's order of types.
    const rows = new Map<string, string[]>();
    for (const id of field) {
      const instance = state.cards[id];
      const def = instance ? (rules.cards.get(instance.def) ?? state.tokens[instance.def]) : undefined;
      const type = def?.cardType ?? "?";
      rows.set(type, [...(rows.get(type) ?? []), id]);
    }
    const orderedRows = [...rows].sort((a, b) => typeOrder.indexOf(a[0].toLowerCase()) - typeOrder.indexOf(b[0].toLowerCase()));
    const others = zones.filter(([zone]) => zone !== battlefield && zone !== hand);
    const handIds = p.zones[hand] ?? [];
    const handHidden = player !== bottom && !showOpponentHand;
    const resources = [...Object.entries(p.resources).map(([k, v]) => `${k} ${v}${p.capacity[k] !== undefined ? `/${p.capacity[k]}` : ""}`), ...Object.entries(p.counters).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`)];
    const playerTarget = isTarget({ player });
    const handRow = (
      <div className="zone-row hand-row" data-zone={hand}>
        <span className="zone-label">{hand} ({handIds.length})</span>
        <div className="zone-cards">{handIds.map((id) => cardView(id, { faceDown: handHidden }))}</div>
      </div>
    );
    return (
      <section className={`board-side ${player === bottom ? "bottom" : "top"}`} data-testid={`board-${player}`}>
        {player !== bottom && handRow}
        <div
          className={`player-bar${playerTarget ? " targetable" : ""}${state.active === player ? " active" : ""}`}
          data-player={player}
          role="button"
          aria-label={`player ${player}`}
          onClick={() => interaction.onPlayer(player)}
          {...dropOn(interaction, { player })}
        >
          <strong>{player}</strong> {state.active === player ? "· active" : ""} · <span data-testid={`life-${player}`}>life {p.life}</span>
          {resources.length > 0 && <span className="muted"> · {resources.join(" · ")}</span>}
          {zones.filter(([zone]) => hidden(zone)).map(([zone, ids]) => (
            <span key={zone} className="pile-count" data-zone={zone}> · {zone} {ids.length}</span>
          ))}
        </div>
        <div className="side-body">
        <div className="battlefield" data-zone={battlefield} {...dropOn(interaction, "field")}>
          {slots ? (
            <div className="zone-row slots">
              {Array.from({ length: Math.max(slots, field.length) }, (_, i) => (
                <div key={i} className="slot" data-slot={i + 1}>
                  {field[i] ? cardView(field[i]!) : <span className="slot-empty">slot {i + 1}</span>}
                </div>
              ))}
            </div>
          ) : orderedRows.length === 0 ? (
            <div className="zone-row empty"><span className="zone-label">{battlefield}</span></div>
          ) : (
            orderedRows.map(([type, ids]) => (
              <div key={type} className="zone-row" data-type={type}>
                <span className="zone-label">{type}</span>
                <div className="zone-cards">{ids.map((id) => cardView(id))}</div>
              </div>
            ))
          )}
        </div>
        <div className="other-zones">
          {others.filter(([zone]) => !hidden(zone)).map(([zone, ids]) => (
            <div key={zone} className="zone-row pile" data-zone={zone}>
              <span className="zone-label">{zone} ({ids.length})</span>
              <div className="zone-cards">{ids.slice(-3).map((id) => cardView(id))}</div>
            </div>
          ))}
        </div>
        </div>
        {player === bottom && handRow}
      </section>
    );
  };

  // Arrows from each stack item to its targets, drawn over the board once it is laid out.
  const [arrows, setArrows] = useState<{ x1: number; y1: number; x2: number; y2: number; key: string }[]>([]);
  const stackKey = JSON.stringify(stack.map((e) => [e.id, e.targets]));
  useLayoutEffect(() => {
    const root = boardRef.current;
    if (!root) return;
    const box = root.getBoundingClientRect();
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
    };
    const next: typeof arrows = [];
    for (const entry of stack) {
      const from = root.querySelector(`[data-stack-item="${entry.id}"]`);
      if (!from) continue;
      for (const [i, t] of entry.targets.entries()) {
        const to = t.card ? (root.querySelector(`[data-card-id="${t.card}"]`) ?? root.querySelector(`[data-stack-card="${t.card}"]`)) : root.querySelector(`.player-bar[data-player="${t.player}"]`);
        if (!to) continue;
        const a = centre(from);
        const b = centre(to);
        next.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, key: `${entry.id}:${i}` });
      }
    }
    setArrows(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stackKey, session.cursor, session.history.length, faceWidth]);

  return (
    <div className="visual-board" ref={boardRef} data-testid="visual-board" data-face-width={faceWidth} onClick={interaction.onCancel}>
      {side(top)}
      <div className="board-middle">
        <div className="turn-line">
          Turn {state.turn} · {state.active} · {state.phase}
        </div>
        {stack.length > 0 && (
          <div className="stack-pile" data-testid="stack-pile" aria-label="the stack, top first">
            {stack.map((entry, i) => {
              const model = entry.cardName ? cards(entry.cardName) : undefined;
              return (
                <div key={entry.id} className="stack-item" data-stack-item={entry.id} data-stack-card={entry.card} data-controller={entry.controller} data-card={entry.cardName} data-targets={entry.targets.map((t) => t.name ?? t.player).join(", ")} style={{ zIndex: stack.length - i }}>
                  <span className={`owner ${entry.controller}`}>{entry.controller}</span>
                  {model ? <Face card={model} game={game} width={Math.round(faceWidth * 0.9)} /> : <span className="stack-label">{entry.label}</span>}
                  <span className="stack-targets">{entry.targets.length ? `→ ${entry.targets.map((t) => (t.player ? t.player : `"${t.name}"`)).join(", ")}` : ""}</span>
                </div>
              );
            })}
          </div>
        )}
      </div>
      {side(bottom)}
      <svg className="stack-arrows" aria-hidden="true">
        <defs>
          <marker id="arrow-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#c0392b" />
          </marker>
        </defs>
        {arrows.map((a) => (
          <line key={a.key} className="stack-arrow" x1={a.x1} y1={a.y1} x2={a.x2} y2={a.y2} markerEnd="url(#arrow-head)" />
        ))}
      </svg>
    </div>
  );
}
