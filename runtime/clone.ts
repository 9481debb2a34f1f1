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
