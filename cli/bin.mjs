#!/usr/bin/env node
// The published entry point: registers tsx so the TypeScript sources run as they are
// (no build step between editing the compiler and running it), then hands over to main.ts.
import { register } from "tsx/esm/api";
register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
