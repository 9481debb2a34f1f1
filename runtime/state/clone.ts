/**
 * Copying a game state before an action changes it. States are plain JSON, so a recursive copy
 * is exact; it is several times faster than a JSON round trip. Compiled IR held inside a state
 * (a frame's `steps`, any `source` range) is never mutated by the engine, so it is shared.
 */
const SHARED_KEYS = new Set(["steps", "source"]);

export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneJson(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value as Record<string, unknown>) {
    const v = (value as Record<string, unknown>)[key];
    out[key] = SHARED_KEYS.has(key) ? v : cloneJson(v);
  }
  return out as T;
}

/**
 * A working copy of a state for one action, sharing what the action does not touch.
 * Card instances are ~90% of a state and an action touches a few of them, so the card table is
 * copied shallowly and each card is copied the first time the action reads it (through a Proxy
 * over the new table): every write lands on a copy whatever path the code took to the card, and
 * the previous state is never changed (`copyCard`: the engine's copies a card into the one card shape,
 * state/state.ts copyCardInstance). Everything else is small and copied in full. `finish()`
 * swaps the Proxy for its plain table, so the state that comes out is plain JSON again and keeps
 * the key order of a full copy (same JSON, same trace).
 */
export function draftOf<S extends { cards: Record<string, object> }>(
  state: S,
  trailing: readonly string[] = [],
  copyCard: (card: S["cards"][string]) => S["cards"][string] = cloneJson,
): { draft: S; finish: () => S } {
  const original = state.cards;
  const table: Record<string, object> = { ...original };
  const lazy = new Proxy(table, {
    get(target, key) {
      const value = target[key as string];
      // Still the previous state's object: copy it before anyone can write to it.
      if (value !== undefined && typeof key === "string" && value === original[key]) return (target[key] = copyCard(value as S["cards"][string]));
      return value;
    },
  });
  const draft = {} as S;
  // `trailing` (the optional fields) last and always, in their order: a state read back from JSON lacks its undefined
  // fields, and its copy takes the key order a new game's state has (the same JSON as the run it was saved from).
  for (const key in state) if (!trailing.includes(key)) (draft as Record<string, unknown>)[key] = key === "cards" ? lazy : cloneJson(state[key]);
  for (const key of trailing) (draft as Record<string, unknown>)[key] = cloneJson((state as Record<string, unknown>)[key]);
  return {
    draft,
    finish: () => {
      draft.cards = table;
      return draft;
    },
  };
}
