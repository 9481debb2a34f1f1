import { useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import { CardFace } from "./CardFace.tsx";

/** Every card of a set, drawn; clicking a card opens it in the editor. */
export function Gallery({ store, onOpenCard }: { store: WorkspaceStore; onOpenCard: (file: string, offset: number) => void }) {
  const sets = store.model?.sets ?? [];
  const activeSet = sets.find((s) => s.file === store.activePath);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const selectedFile = chosen ?? activeSet?.file ?? sets[0]?.file;
  const selected = sets.filter((s) => s.file === selectedFile);
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();

  if (sets.length === 0) return <div className="gallery empty">No card sets checked yet.</div>;
  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery-bar">
        <label>
          Set{" "}
          <select value={selectedFile} onChange={(e) => setChosen(e.target.value)}>
            {sets.map((s) => (
              <option key={s.file + s.code} value={s.file}>
                {s.code} — {s.name} ({s.game}, {s.cards.length} cards)
              </option>
            ))}
          </select>
        </label>
        <input type="search" placeholder="Filter by name, type or text" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      <div className="gallery-grid">
        {selected.flatMap((set) => {
          const game = store.model?.games.find((g) => g.id === set.game);
          return set.cards
            .filter((c) => !needle || `${c.name} ${c.type} ${c.subtypes.join(" ")} ${c.text}`.toLowerCase().includes(needle))
            .map((card) => <CardFace key={card.file + card.range.start.offset} card={card} game={game} width={200} onClick={() => onOpenCard(card.file, card.range.start.offset)} />);
        })}
      </div>
    </div>
  );
}
