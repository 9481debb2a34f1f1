/**
 * A separate land deck (`param separate_land_deck = true`, its zone named by `land_deck_zone`):
 * lands live in the land deck, every other card in the main deck (the deck zone).
 *
 * - Opening hand: `opening_hand` cards, `opening_hand_from_land_deck` of them from the land deck.
 * - `draw_deck_choice = each_draw`: every single draw, the drawing player chooses the deck it comes
 *   from (a choice only when both decks have cards); an empty deck is skipped
 *   (`empty_deck_draw = skip`: no penalty; with both empty the draw is skipped).
 * - `first_player_renew_draw = false`: the first player's draw in the very first turn is skipped.
 * - Deck construction: a player's list is split into the Main Deck (every card that is not a land,
 *   the game file's `deck min/max/copies`) and the Land Deck (lands: `land_deck_min`,
 *   `land_deck_max`, `land_copies`; `unlimited` = no limit); each is checked on its own, every
 *   violation listed (`land_deck_too_small`, `main_deck_too_small`, `too_many_copies`, ...).
 * - The simulator's random decks are legal that way: other cards up to the Main Deck's minimum,
 *   `land_deck_min` lands.
 */
import type { EngineParamName } from "../../compiler/contract.ts";
import type { SourceRef } from "../../compiler/ir.ts";
import type { Ctx } from "../core/index.ts";
import { cardName, emit, moveCard, noteEvent, playerRestriction, recordDrawn, replaceable, replaceEvent, shuffleZone, zoneList } from "../core/index.ts";
import { isLand, isLandCard } from "./lands.ts";
import type { Mechanic } from "../core/mechanics.ts";
import { nextInt, seedRng } from "../state/rng.ts";
import type { Rules } from "../core/rules.ts";
import type { PlayerId } from "../state/state.ts";

function landDeck(rules: Rules): string | undefined {
  const name = String(rules.param("land_deck_zone", ""));
  return rules.game.zones.find((z) => z.name.toLowerCase() === name.toLowerCase())?.name;
}

/** A part's limits from three game parameters; `unlimited` (or any non-number) is no limit. */
function limits(rules: Rules, min: EngineParamName, max: EngineParamName, copies: EngineParamName): { min?: number; max?: number; copies?: number } {
  const read = (name: string) => {
    const raw = rules.game.params[name];
    return typeof raw === "number" ? raw : /^\d+$/.test(String(raw ?? "")) ? Number(raw) : undefined;
  };
  const out: { min?: number; max?: number; copies?: number } = {};
  for (const [key, name] of [["min", min], ["max", max], ["copies", copies]] as const) {
    const value = read(name);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** One card drawn from a deck; `drawn`: on the turn's record of cards drawn (every draw but the opening hand's). */
function drawFrom(ctx: Ctx, player: PlayerId, zone: string, source: SourceRef | undefined, drawn = true): void {
  const id = zoneList(ctx, player, zone)[0];
  if (!id) return;
  moveCard(ctx, id, ctx.rules.zones.hand, { source, quiet: true });
  // "Whenever you draw your second card each turn", "for each card drawn this way" read the record (was never written here).
  if (drawn) recordDrawn(ctx, player, id);
  emit(ctx, "draw", `${player} draws ${cardName(ctx, id)} from the ${zone}`, { player, card: id, name: cardName(ctx, id), amount: 1, from: zone, source });
  noteEvent(ctx, "draw", { player, card: id, amount: 1 });
}

export const landDeckMechanic: Mechanic = {
  name: "land-deck",
  applies: (rules) => rules.param("separate_land_deck", false) === true && landDeck(rules) !== undefined,
  openingHand(ctx, player) {
    const { rules } = ctx;
    const lands = landDeck(rules)!;
    const main = rules.zones.deck;
    for (const id of [...zoneList(ctx, player, main)]) if (isLand(ctx, id)) moveCard(ctx, id, lands, { quiet: true });
    shuffleZone(ctx, player, lands);
    const total = rules.param("opening_hand", 0);
    const fromLands = Math.min(total, rules.param("opening_hand_from_land_deck", 0));
    for (let i = 0; i < fromLands; i++) drawFrom(ctx, player, lands, undefined, false);
    for (let i = 0; i < total - fromLands; i++) drawFrom(ctx, player, main, undefined, false);
    return true;
  },
  draw(ctx, frame, player, amount, source) {
    const { state, rules } = ctx;
    const lands = landDeck(rules)!;
    const main = rules.zones.deck;
    // The turn's own draw (a phase step, no card) of the first player's first turn.
    if (!frame.card && !frame.ability && state.turn === 1 && !rules.param("first_player_renew_draw", true)) {
      emit(ctx, "draw", `${player} goes first: no draw this turn`, { player, amount: 0, source });
      return "done";
    }
    const resuming = frame.chosen["$drawn"] !== undefined;
    const done = Number(frame.chosen["$drawn"]?.[0] ?? 0);
    // "Players can't draw cards" holds whichever deck a draw would come from (as core/operations.ts draw reads it).
    const barred = !resuming && amount > 0 ? playerRestriction(ctx, player, "cant_draw") : undefined;
    if (barred) {
      emit(ctx, "draw", `${player} can't draw cards: ${amount} not drawn (${barred})`, { player, amount: 0, source });
      return "done";
    }
    for (let i = done; i < amount; i++) {
      // Each card drawn is an event of its own that a replacement may take ("If you would draw a card, ... instead"),
      // before any deck is chosen; the card whose deck choice is being answered was offered to them already.
      if (!(resuming && i === done) && replaceable(ctx, "draw") && !replaceEvent(ctx, "draw", { player }, `${player} would draw a card`, 1)) continue;
      const decks = [main, lands].filter((z) => zoneList(ctx, player, z).length > 0);
      let zone: string | undefined;
      if (decks.length === 0) {
        emit(ctx, "draw", `${player} cannot draw: the ${main} and the ${lands} are empty, the draw is skipped`, { player, amount: 0, source });
        if (rules.param("empty_deck_draw", "skip") !== "skip") emit(ctx, "check", `empty_deck_draw = ${rules.param("empty_deck_draw", "skip")} is read as skip here`, { player, source });
        continue;
      }
      if (decks.length === 1 || rules.param("draw_deck_choice", "each_draw") !== "each_draw") zone = decks[0];
      else if (frame.answer) {
        zone = [main, lands][Number(frame.answer[0])] ?? main;
        delete frame.answer;
      } else {
        frame.chosen["$drawn"] = [String(i)];
        state.pending = { kind: "mode", player, modes: [`draw from the ${main}`, `draw from the ${lands}`], prompt: "choose the deck to draw from", frame: state.frames.length - 1 };
        return "wait";
      }
      drawFrom(ctx, player, zone!, source);
    }
    delete frame.chosen["$drawn"];
    return "done";
  },
  deckParts(rules, cards) {
    const lands = cards.filter((def) => isLandCard(rules, def));
    const main = cards.filter((def) => !isLandCard(rules, def));
    return [
      { id: "main_deck", name: rules.zones.deck, cards: main, ...rules.game.deck },
      { id: "land_deck", name: landDeck(rules)!, cards: lands, ...limits(rules, "land_deck_min", "land_deck_max", "land_copies") },
    ];
  },
  randomDeck(rules, seed, base) {
    // The core's random deck mixes lands and other cards: keep its other cards (topped up to the Main
    // Deck's minimum) and add lands, the least-used first, up to the Land Deck's minimum.
    const pool = [...rules.cards.values()].filter((c) => !c.isToken).sort((a, b) => (a.id < b.id ? -1 : 1));
    const landDefs = pool.filter((def) => isLandCard(rules, def));
    const others = pool.filter((def) => !isLandCard(rules, def));
    if (landDefs.length === 0) return base;
    const isLandId = (id: string) => landDefs.some((d) => d.id === id);
    const main = base.filter((id) => !isLandId(id));
    const lands: string[] = [];
    const { min = 0, copies = Infinity } = rules.game.deck;
    const land = limits(rules, "land_deck_min", "land_deck_max", "land_copies");
    let rng = seedRng(seed ^ 0x1a2d);
    const count = (deck: string[], id: string) => deck.filter((d) => d === id).length;
    for (let guard = 0; main.length < min && guard < 10_000 && others.length > 0; guard++) {
      const [i, next] = nextInt(rng, 0, others.length - 1);
      rng = next;
      const def = others[i]!;
      const limit = rules.game.rarities.find((r) => r.name.toLowerCase() === (def.rarity ?? "").toLowerCase())?.max ?? copies;
      if (count(main, def.id) < limit) main.push(def.id);
    }
    while (lands.length < (land.min ?? 0)) {
      const fewest = Math.min(...landDefs.map((d) => count(lands, d.id)));
      if (fewest >= (land.copies ?? Infinity)) break;
      const choices = landDefs.filter((d) => count(lands, d.id) === fewest);
      const [i, next] = nextInt(rng, 0, choices.length - 1);
      rng = next;
      lands.push(choices[i]!.id);
    }
    return [...main, ...lands];
  },
};
