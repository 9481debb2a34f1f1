#!/usr/bin/env node
// The published entry point: registers tsx so the TypeScript sources run as they are
// (no build step between editing the compiler and running it), then hands over to main.ts.
// Chevrotain (the grammar's parser: plain JavaScript, with lodash-es ≈ 650 modules) is loaded before tsx's hooks are
// registered: through them every module also costs memory on tsx's loader thread — ≈ 24 MB of `cardwright check`'s
// peak (docs/performance.md, session 24). The compiler's own imports of it then find it loaded.
await import("chevrotain");
const { register } = await import("tsx/esm/api");
register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
