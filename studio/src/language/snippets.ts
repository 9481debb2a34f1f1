/**
 * The new-card snippets (pure: no Monaco, so they are unit-tested against the checker): one per
 * card type of the card's game, with that type's required fields (`cardtype Unit … requires
 * cost, color, rarity, power`), the game's colours and rarities as choices, and defaults that
 * check clean and that the engine runs, all read from the game file.
 */
export type SnippetDefinition = { kind: string; name: string; detail?: string };

export interface CardSnippet {
  label: string;
  body: string;
  detail: string;
  sort: string;
}

/**
 * A snippet placeholder holding the first of the given names (the default). A plain placeholder,
 * not a choice list: Monaco moves on to the next field by itself when an item of a choice list is
 * accepted, so the next Tab skipped a field. The field's values are the completions (Ctrl+Space)
 * there, and accepting one leaves the cursor in the field.
 */
function choice(index: number, names: string[], fallback: string): string {
  const first = names.find((n) => /^[^,|$}\\]+$/.test(n));
  return `\${${index}:${first ?? fallback}}`;
}

/**
 * The placeholder text of a new card's ability: an effect on its own for a one-shot card; on a
 * permanent (where bare text is a static ability, which a draw is not) a trigger, written with
 * the game's "enters play" marker when it declares one (Duel's `PLAY:`).
 */
function abilityText(permanent: boolean, definitions: SnippetDefinition[]): string {
  if (!permanent) return "Draw a card.";
  const entersPlay = definitions.find((d) => d.kind === "marker" && /=\s*"When this enters (play|the battlefield)"/i.test(d.detail ?? ""));
  return entersPlay ? `${entersPlay.name}: Draw a card.` : "When this enters play, draw a card.";
}

/**
 * The tags of a new card's abilities, one per ability the card type asks for: none for a plain
 * type; `abilities Base 1, facet 4` gives `[Base] ` then four colour tags (the colours other
 * than the card's own first: a facet of another colour is what a facet is for). A count may
 * name a game parameter (`facet spell_abilities`).
 */
function abilityTags(detail: string, definitions: SnippetDefinition[], cardColor: string | undefined): string[] {
  const clause = /abilities\s+([^};]*)/.exec(detail)?.[1];
  if (!clause) return [""];
  const colors = definitions.filter((d) => d.kind === "color").map((d) => d.name);
  const byColor = [...colors.filter((c) => c !== cardColor), ...colors.filter((c) => c === cardColor)];
  const countOf = (word: string | undefined): number => {
    if (word === undefined) return 1;
    if (/^\d+$/.test(word)) return Number(word);
    const param = definitions.find((d) => d.kind === "param" && d.name === word);
    const value = /=\s*(\d+)/.exec(param?.detail ?? "")?.[1];
    return value ? Number(value) : 1;
  };
  const tags: string[] = [];
  for (const part of clause.split(",").map((p) => p.trim().split(/\s+/))) {
    const [name, count] = part;
    if (!name) continue;
    const n = countOf(count);
    if (name.toLowerCase() === "facet") tags.push(...byColor.slice(0, n).map((c) => `[${c}] `));
    else for (let i = 0; i < n; i++) tags.push(`[${name}] `);
  }
  return tags.length > 0 ? tags : [""];
}

export function cardSnippets(definitions: SnippetDefinition[]): CardSnippet[] {
  const named = (kind: string) => definitions.filter((d) => d.kind === kind).map((d) => d.name);
  const colors = definitions.filter((d) => d.kind === "color");
  // The default colour is the first one the game declares; a colour that "pays free" costs `free`.
  const defaultColor = colors[0];
  const defaultCost = defaultColor && /\bpays\s+free\b/.test(defaultColor.detail ?? "") ? "free" : "1";
  // A rarity named like the default colour (Duel's Gray is both) goes first, so the defaults agree.
  const rarities = named("rarity");
  const rarityChoices = defaultColor && rarities.includes(defaultColor.name) ? [defaultColor.name, ...rarities.filter((r) => r !== defaultColor.name)] : rarities;
  const snippets: CardSnippet[] = [];
  for (const type of definitions.filter((d) => d.kind === "cardtype")) {
    const detail = type.detail ?? "";
    const required = /requires\s+([^};]*)/.exec(detail)?.[1]?.split(",").map((f) => f.trim().toLowerCase()).filter((f) => f && f !== "type" && f !== "text") ?? ["cost", "rarity"];
    const stats = new Set([...named("stat").map((n) => n.toLowerCase()), "power", "attack", "defense", "armor"]);
    let index = 2;
    const lines = [`card "\${1:New ${type.name}}" {`, `  type: ${type.name}`];
    for (const field of required) {
      const value =
        field === "color" || field === "faction"
          ? choice(index++, named("color"), "Color")
          : field === "rarity"
            ? choice(index++, rarityChoices, "Common")
            : field === "tribe" || field === "subtype"
              ? choice(index++, named("subtype"), field)
              : field === "cost"
                ? `\${${index++}:${defaultCost}}`
                : `\${${index++}:${stats.has(field) ? "1" : field}}`;
      lines.push(`  ${field}: ${value}`);
    }
    const permanent = /^cardtype\s+\S+\s+[^{]*\bpermanent\b/.test(detail);
    const text = abilityText(permanent, definitions);
    const tags = abilityTags(detail, definitions, defaultColor?.name);
    lines.push("  text:", ...tags.map((tag, i) => `    ${tag}${i === 0 ? `\${${index}:${text}}` : text}`), "}");
    snippets.push({ label: `card ${type.name}`, body: lines.join("\n"), detail: `New ${type.name} (${required.join(", ") || "no required fields"})`, sort: `0card ${type.name}` });
  }
  return snippets;
}

/** The text a snippet inserts when every placeholder keeps its default (the first choice). */
export function snippetDefaults(body: string): string {
  return body.replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, "$1").replace(/\$\{\d+:([^}]*)\}/g, "$1");
}
