// The studio's own Vite config: root is studio/, output studio/dist. The compiler and
// faces are imported from their folders directly, so the browser runs the same checker as the CLI.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const studioDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: studioDir,
  base: "./",
  plugins: [react()],
  // Monaco's dist is large; the budget lives in bench/studio.ts, not in a warning here.
  build: {
    outDir: path.join(studioDir, "dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
    target: "es2022",
    // Rolldown's plugin-timing report is noise on a loaded 2-core machine.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: "es", rolldownOptions: { checks: { bundlerTimings: false } } },
  resolve: {
    alias: existsSync(path.join(studioDir, "..", "compiler", "index.ts"))
      ? {}
      : // Until the compiler's public API lands the studio still builds, and says so in its status bar.
        { "../../../compiler/index.ts": path.join(studioDir, "src", "language", "compiler-missing.ts") },
  },
  logLevel: "warn",
});
