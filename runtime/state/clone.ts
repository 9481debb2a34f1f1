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
 * A working copy of a state for one action, sharing what the action does not touch. Card
 * instances are ~90% of a state and an action writes a few of them: the card table is shared —
 * the engine gives the working state a table of its own at the action's first change to it and
 * copies a card at its first write (runtime/core/cards.ts writeCard/insertCard/removeCard, the only
 * ways runtime/ changes a card: test/runtime/card-writes.test.ts), so the previous state is never
 * changed and what an action only reads is never copied. Everything else is small and copied in full.
 */
export function draftOf<S extends { cards: Record<string, object> }>(state: S, trailing: readonly string[] = []): S {
  const draft = {} as S;
  // `trailing` (the optional fields) last and always, in their order: a state read back from JSON lacks its undefined
  // fields, and its copy takes the key order a new game's state has (the same JSON as the run it was saved from).
  for (const key in state) if (!trailing.includes(key)) (draft as Record<string, unknown>)[key] = key === "cards" ? state.cards : cloneJson(state[key]);
  for (const key of trailing) (draft as Record<string, unknown>)[key] = cloneJson((state as Record<string, unknown>)[key]);
  return draft;
}
