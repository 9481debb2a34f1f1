/**
 * Names that a plain JavaScript object already answers for (`obj["constructor"]` is a function,
 * `obj["__proto__"]` its prototype). The engine keeps its state as plain JSON objects keyed by the
 * names a game file declares, so no declared name may be one of these, in any case (CW2080); the
 * engine refuses a bundle that declares one, and the boundary an id that is not an own entry.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(
  [
    "__proto__", "constructor", "prototype", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf",
    "propertyIsEnumerable", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
  ].map((name) => name.toLowerCase()),
);

/** Is `name` (in any case) one a plain object already has? */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name.toLowerCase());
}
