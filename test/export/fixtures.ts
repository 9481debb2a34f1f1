/**
 * Hand-made workspace models for the exporter tests: small, independent of the front end,
 * and full of the text that breaks exporters (&, <, quotes, emoji, line breaks).
 */
import type { Range } from "../../compiler/diagnostics.ts";
import type { CompiledBundle } from "../../compiler/ir.ts";
import type { CardModel, FieldValue, GameModel, SetModel, WorkspaceModel } from "../../compiler/model.ts";

export function range(line: number, length = 1): Range {
  const offset = (line - 1) * 40;
  return { start: { offset, line, column: 1 }, end: { offset: offset + length, line, column: 1 + length } };
}

export const duelGame: GameModel = {
  id: "duel",
  name: "Three-Slot Duel",
  file: "cards/duel/duel.game",
  params: { starting_life: 10, opening_hand: 5, draw_at_max_hand: "discard", first_turn_attacks: false },
  colors: ["Gray", "Blue", "Yellow", "Green", "Red"],
  cardTypes: ["Unit", "Spell"],
  zones: ["Deck", "Hand", "Field", "Graveyard", "Oblivion"],
  phases: ["Start", "Play", "End"],
  keywords: [
    { name: "Haste", kind: "ability", definition: "rule ignores_summoning_sickness" },
    { name: "Spark", kind: "action", parameter: "N", definition: "Deal N damage to any target." },
  ],
};

export const vampGame: GameModel = {
  id: "cybervamp",
  name: "CYBERVAMP",
  file: "cards/cybervamp/cybervamp.game",
  params: { starting_life: 20, response_model: "stack" },
  colors: ["Red", "Black"],
  cardTypes: ["Creature", "Token"],
  zones: ["Deck", "Hand", "Field", "Discard Pile"],
  phases: ["Renew", "Main", "Post-Battle"],
  keywords: [],
};

interface CardSpec {
  name: string;
  type?: string;
  subtypes?: string[];
  supertypes?: string[];
  isToken?: boolean;
  colors?: string[];
  rarity?: string;
  cost?: string;
  stats?: Record<string, number>;
  abilities?: { tag?: string; text: string }[];
}

export function card(game: string, set: string, file: string, line: number, spec: CardSpec): CardModel {
  const abilities = (spec.abilities ?? []).map((ability, i) => ({ ...ability, range: range(line + 2 + i, ability.text.length) }));
  const fields: Record<string, FieldValue> = {};
  const type = spec.type ?? "Unit";
  const subtypes = spec.subtypes ?? [];
  fields["type"] = { kind: "words", words: [...(spec.supertypes ?? []), type, ...subtypes], text: subtypes.length ? `${type} — ${subtypes.join(" ")}` : type };
  if (spec.colors) fields["color"] = { kind: "words", words: spec.colors, text: spec.colors.join(" ") };
  if (spec.cost !== undefined) {
    const amount = Number.parseInt(spec.cost.replace(/[^0-9]/g, ""), 10);
    fields["cost"] = { kind: "cost", text: spec.cost, symbols: [{ pays: "generic", amount: Number.isNaN(amount) ? 1 : amount }] };
  }
  for (const [stat, value] of Object.entries(spec.stats ?? {})) fields[stat] = { kind: "number", value, text: String(value) };
  if (spec.rarity) fields["rarity"] = { kind: "words", words: [spec.rarity], text: spec.rarity };
  if (spec.isToken) fields["token"] = { kind: "flag", text: "token" };
  return {
    game,
    set,
    name: spec.name,
    file,
    range: range(line, 10),
    type,
    subtypes,
    supertypes: spec.supertypes ?? [],
    isToken: spec.isToken ?? false,
    colors: spec.colors ?? [],
    ...(spec.rarity !== undefined ? { rarity: spec.rarity } : {}),
    ...(spec.cost !== undefined ? { cost: spec.cost } : {}),
    stats: spec.stats ?? {},
    fields,
    abilities,
    text: abilities.map((ability) => (ability.tag ? `[${ability.tag}] ${ability.text}` : ability.text)).join("\n"),
  };
}

/** Names and text every format must carry through unchanged. */
export const TRICKY_NAMES = ["Fish & Chips", "<Script> Kiddie", 'The "Quoted" One', "Bat's 🦇 Swarm", "Ünïcödé Ænd", "A & B < C > D"];

export function duelSet(): SetModel {
  const file = "cards/duel/tricky.cards";
  const cards = [
    card("duel", "DU1", file, 3, {
      name: TRICKY_NAMES[0]!,
      colors: ["Red"],
      cost: "2 life",
      rarity: "Common",
      stats: { power: 3 },
      abilities: [{ text: "PLAY: Deal 1 damage to target enemy unit." }, { text: 'BREACH: Draw a card & say "yum" <loudly>.' }],
    }),
    card("duel", "DU1", file, 12, {
      name: TRICKY_NAMES[1]!,
      type: "Spell",
      colors: ["Blue"],
      cost: "2 Crystals",
      rarity: "Rare",
      abilities: [{ text: "Deal 3 damage to any target. 🔥" }],
    }),
    card("duel", "DU1", file, 20, {
      name: TRICKY_NAMES[2]!,
      subtypes: ["Knight"],
      colors: ["Gray"],
      cost: "free",
      rarity: "Epic",
      stats: { power: 1 },
      abilities: [{ text: "Haste." }, { text: "Passive: Other units you control get +1 power." }],
    }),
    card("duel", "DU1", file, 30, {
      name: TRICKY_NAMES[3]!,
      supertypes: ["Token"],
      isToken: true,
      colors: ["Red"],
      stats: { power: 1 },
      abilities: [],
    }),
  ];
  return { code: "DU1", name: 'Duel Starter & "Friends" <1>', game: "duel", file, cards };
}

export function vampSet(count: number): SetModel {
  const file = "cards/cybervamp/big.cards";
  const cards: CardModel[] = [];
  for (let i = 0; i < count; i++) {
    cards.push(
      card("cybervamp", "CV1", file, 3 + i * 8, {
        name: i === 0 ? TRICKY_NAMES[4]! : i === 1 ? TRICKY_NAMES[5]! : `Thrall ${i + 1}`,
        type: "Creature",
        subtypes: ["Vampire"],
        colors: i % 2 ? ["Red", "Black"] : ["Black"],
        cost: `{${(i % 5) + 1}}`,
        rarity: "Common",
        stats: { power: i % 4, toughness: (i % 3) + 1 },
        abilities: [{ text: `When this enters play, draw a card.\nThen gain ${i} life.` }],
      }),
    );
  }
  return { code: "CV1", name: "Big Set", game: "cybervamp", file, cards };
}

export function workspace(sets: SetModel[], games: GameModel[] = [duelGame, vampGame]): WorkspaceModel {
  return { games, sets, diagnostics: [] };
}

/**
 * Minimal compiled bundles for hand-made models (the real ones come from compiler/lower.ts):
 * enough for the JSON schema's outline and for token relations.
 */
export function fakeBundles(model: WorkspaceModel, tokenCreators: Record<string, { name: string; amount: number }> = {}): CompiledBundle[] {
  return model.games.map((game) => ({
    game: {
      irVersion: 1,
      id: game.id,
      name: game.name,
      file: game.file,
      params: game.params,
      resources: [],
      colors: game.colors.map((name) => ({ name })),
      zones: game.zones.map((name) => ({ name, role: "other" as const, visibility: "public" as const, ordered: false, shared: false })),
      cardTypes: game.cardTypes.map((name) => ({ name, permanent: true, token: false, requires: [] })),
      stats: [],
      rarities: [],
      deck: {},
      phases: game.phases.map((name) => ({ name, auto: false, steps: [], source: { file: game.file, range: range(1) } })),
      markers: [],
      keywords: [],
      counters: [],
      rules: [],
      source: { file: game.file, range: range(1) },
    },
    cards: model.sets
      .filter((set) => set.game === game.id)
      .flatMap((set) =>
        set.cards.map((card) => {
          const token = tokenCreators[card.name];
          return {
            id: `${set.code}/${card.name}`,
            name: card.name,
            set: set.code,
            game: game.id,
            cardType: card.type,
            subtypes: card.subtypes,
            supertypes: card.supertypes,
            colors: card.colors,
            cost: [],
            stats: card.stats,
            flags: [],
            isToken: card.isToken,
            abilities: token
              ? [
                  {
                    id: `${set.code}/${card.name}#0`,
                    kind: "spell" as const,
                    targets: [],
                    steps: [{ op: "create_token" as const, token: { name: token.name, cardType: "Unit", subtypes: [], stats: {}, keywords: [] }, amount: token.amount }],
                    text: `Create ${token.amount} ${token.name} tokens.`,
                    source: { file: card.file, range: card.range },
                  },
                ]
              : [],
            text: card.text,
            source: { file: card.file, range: card.range },
          };
        }),
      ),
  }));
}
