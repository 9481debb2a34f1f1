import { useEffect, useState } from "react";
import type { CardModel } from "../../../compiler/model.ts";
import type { WorkspaceStore } from "../workspace/store.ts";
import { differsFromText, readingsAt, type AbilityReading } from "../language/reads-as.ts";

/**
 * The card panel's "Runs as": each ability of the card under the cursor as written and as the
 * engine reads it (from the checker's last check). A reading that differs from the text is
 * highlighted; clicking an ability selects its text in the editor.
 */
export function ReadsAsPanel({ store, path, card, onReveal }: { store: WorkspaceStore; path: string; card: CardModel; onReveal: (file: string, offset: number, end?: number) => void }) {
  const [readings, setReadings] = useState<{ card?: string; abilities: AbilityReading[] } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // Asked again after each check (a new model): the card's text or its game may have changed.
    void readingsAt(store, path, card.range.start.offset).then((found) => live && setReadings(found));
    return () => {
      live = false;
    };
  }, [store, path, card, store.model]);
  const abilities = readings?.card === card.name ? readings.abilities : undefined;
  const differing = abilities?.filter(differsFromText).length ?? 0;
  return (
    <>
      <div className="panel-title">
        <span>Runs as</span>
        {differing > 0 && <span className="reads-as-count" data-testid="reads-as-differs">{differing} differ{differing === 1 ? "s" : ""} from the text</span>}
      </div>
      {!abilities ? (
        <p className="muted reads-as-none">The engine's reading appears once the card is checked.</p>
      ) : abilities.length === 0 ? (
        <p className="muted reads-as-none">No abilities.</p>
      ) : (
        <ul className="reads-as" data-testid="reads-as">
          {abilities.map((ability) => {
            const differs = differsFromText(ability);
            return (
              <li key={ability.start} className={differs ? "differs" : "same"} data-differs={differs} onClick={() => onReveal(path, ability.start, ability.end)} title={differs ? "The engine runs this differently from the text" : "Runs as written"}>
                <div className="written">{ability.text}</div>
                <div className="runs-as">
                  <span className="label">{differs ? "Runs as:" : "Runs as written:"}</span> {ability.readsAs}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
