/**
 * The core's API for the modules that register with it (response models, mechanics) and for the
 * engine's actions above it. Files inside core/ import each other directly, never this file.
 */
export * from "./cards.ts";
export * from "./values.ts";
export * from "./triggers.ts";
export * from "./operations.ts";
export * from "./settle.ts";
