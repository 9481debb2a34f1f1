// Stand-in for compiler/index.ts while it does not exist yet: the worker reports that checking is unavailable.
export {};
