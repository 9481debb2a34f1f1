/**
 * The deck files' diagnostics after each check (deck lists are the table's, not compiler input). A deck
 * is read again only when its text, its game or that game's card names changed: a keystroke in a card's
 * text changes none of them, and reading every deck against a 2,000-card set on every keystroke was work
 * linear in the set.
 */
import type { Diagnostic } from "../../../compiler/diagnostics.ts";
import { deckCardNames, deckDiagnostics, gameFolders, gameOfDeckPath, type DeckModelView } from "../../../compiler/decklist.ts";

interface Kept {
  text: string;
  game: string | undefined;
  names: readonly string[] | undefined;
  diagnostics: readonly Diagnostic[];
}

export class DeckChecks {
  private readonly kept = new Map<string, Kept>();

  /** The same diagnostics as `deckDiagnostics(decks, model)`. */
  diagnostics(decks: readonly { path: string; text: string }[], model: DeckModelView): Diagnostic[] {
    const folders = gameFolders(model);
    const namesOf = new Map<string, string[]>();
    const out: Diagnostic[] = [];
    const present = new Set<string>();
    for (const deck of decks) {
      present.add(deck.path);
      const game = gameOfDeckPath(deck.path, folders);
      const names = game === undefined ? undefined : (namesOf.get(game) ?? namesOf.set(game, deckCardNames(model, game)).get(game)!);
      let kept = this.kept.get(deck.path);
      if (!kept || kept.text !== deck.text || kept.game !== game || !sameNames(kept.names, names)) {
        kept = { text: deck.text, game, names, diagnostics: deckDiagnostics([deck], model) };
        this.kept.set(deck.path, kept);
      }
      out.push(...kept.diagnostics);
    }
    for (const path of [...this.kept.keys()]) if (!present.has(path)) this.kept.delete(path);
    return out;
  }
}

function sameNames(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
