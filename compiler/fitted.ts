/**
 * Arrays kept in the tree, the checker's views and the card models: V8 gives an array built by
 * `push` or `filter` room for 17 elements on its first element, and most of these hold one to
 * three. A 10,000-card check kept ~200,000 such arrays (a sixth of its memory); a copy has room
 * for exactly its elements.
 */
export function fitted<T>(list: T[]): T[] {
  return list.length === 0 ? [] : list.slice();
}

/** The elements of `list` that are there, in an array with room for exactly them (`map` sizes its result; `filter` does not). */
export function present<T>(list: (T | undefined)[]): T[] {
  return list.includes(undefined) ? fitted(list.filter((item): item is T => item !== undefined)) : (list as T[]);
}
