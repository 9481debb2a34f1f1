/** Helpers every exporter shares: stable ids and file names, image URLs, set ordering. */
import { createHash } from "node:crypto";
import type { CardModel, GameModel, SetModel, WorkspaceModel } from "../compiler/model.ts";

/** A short stable hex digest, for ids that must not change between runs. */
export function stableHash(text: string, length = 8): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/**
 * A file-name-safe, URL-safe slug: ASCII letters, digits and dashes. Names with no such
 * characters (an emoji-only name) get a digest so they still have a stable, distinct slug.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug === "" ? `card-${stableHash(name)}` : slug;
}

/** Slugs of a set's cards, unique within the set (a later clash gets "-2", "-3", ...). */
export function cardSlugs(set: SetModel): Map<CardModel, string> {
  const taken = new Set<string>();
  const slugs = new Map<CardModel, string>();
  for (const card of set.cards) {
    const base = slugify(card.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    slugs.set(card, slug);
  }
  return slugs;
}

/** File-name-safe set codes, unique across the export (duplicate codes are only a warning upstream). */
export function setSlugs(sets: SetModel[]): Map<SetModel, string> {
  const taken = new Set<string>();
  const slugs = new Map<SetModel, string>();
  for (const set of sets) {
    const base = set.code.replace(/[^A-Za-z0-9_-]+/g, "_") || `set-${stableHash(set.code)}`;
    let slug = base;
    for (let n = 2; taken.has(slug.toLowerCase()); n++) slug = `${base}-${n}`;
    taken.add(slug.toLowerCase());
    slugs.set(set, slug);
  }
  return slugs;
}

/** The URL of an exported image: relative to the output directory, or under the chosen base URL. */
export function imageUrl(baseUrl: string, relativePath: string): string {
  const encoded = relativePath.split("/").map(encodeURIComponent).join("/");
  if (baseUrl === "") return encoded;
  return baseUrl.endsWith("/") ? baseUrl + encoded : `${baseUrl}/${encoded}`;
}

/** Sets in a fixed order (game, code, file) so output does not depend on the order paths were given. */
export function orderedSets(model: WorkspaceModel): SetModel[] {
  return [...model.sets].sort(
    (a, b) => compareText(a.game, b.game) || compareText(a.code, b.code) || compareText(a.file, b.file),
  );
}

/** Games that at least one exported set is for, in id order. */
export function exportedGames(model: WorkspaceModel): GameModel[] {
  const used = new Set(model.sets.map((set) => set.game));
  return model.games.filter((game) => used.has(game.id)).sort((a, b) => compareText(a.id, b.id));
}

export function gameOf(model: WorkspaceModel, id: string): GameModel | undefined {
  return model.games.find((game) => game.id === id);
}

/** Code-unit comparison: unlike localeCompare, it is the same on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * XML 1.0 cannot carry most C0 control characters, even escaped. Card text never should hold
 * them; if one slips through it becomes U+FFFD rather than an unreadable file.
 */
export function xmlSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD");
}

/** The card's type line as printed: "Token Creature — Vampire Knight". */
export function typeLine(card: CardModel): string {
  const main = [...card.supertypes, card.type].join(" ");
  return card.subtypes.length > 0 ? `${main} — ${card.subtypes.join(" ")}` : main;
}

/** Stats as printed in one slot: "3", "1/3". */
export function statLine(card: CardModel): string | undefined {
  const values = Object.values(card.stats);
  return values.length > 0 ? values.join("/") : undefined;
}
