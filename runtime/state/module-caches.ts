/**
 * The engine's module-level caches (memos of a pure function of a string key, and the values in
 * progress of a computation), created here so they can all be emptied at once. The mutation harness
 * (mutation/scenario-runner.mjs) runs thousands of deliberately broken engines in one process: a value
 * cached while one broken engine ran must never answer for the next, and a cache warmed by an earlier
 * game must not hide the code that fills it. A new module-level Map or Set in runtime/ is made with
 * moduleCache()/moduleSet() (test/scenarios/mutation.test.ts checks it); a WeakMap keyed by a game's
 * own objects needs nothing (each game run has its own).
 */
const caches: { clear(): void }[] = [];

export function moduleCache<K, V>(): Map<K, V> {
  const cache = new Map<K, V>();
  caches.push(cache);
  return cache;
}

export function moduleSet<T>(): Set<T> {
  const set = new Set<T>();
  caches.push(set);
  return set;
}

/** Empties every module-level cache of runtime/ (between two games of the mutation harness). */
export function clearModuleCaches(): void {
  for (const cache of caches) cache.clear();
}
