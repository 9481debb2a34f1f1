/**
 * One process asking for a build (test/studio/build-lock.test.ts starts two at once):
 * `ensureStudioBuilt` on a target in a temp folder whose build writes its files one by one,
 * slowly, and notes when it starts and ends in a shared log. Prints the build report as JSON.
 *
 *   tsx build-lock-child.ts <folder> <processes> [--force]
 *
 * The processes start at once: each waits until all of them are loaded (a ready file each), since
 * tsx's start-up varies by seconds here and would otherwise put one build well before the other.
 */
import { appendFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ensureStudioBuilt } from "../../../studio/server/build.ts";

export const BUILD_FILES = 12;

const folder = process.argv[2]!;
const log = path.join(folder, "builds.log");
const processes = Number(process.argv[3]);
const pause = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

await writeFile(path.join(folder, `ready-${process.pid}`), "");
while ((await readdir(folder)).filter((name) => name.startsWith("ready-")).length < processes) await pause(5);

const report = await ensureStudioBuilt({
  force: process.argv.includes("--force"),
  target: {
    distDir: path.join(folder, "dist"),
    sources: [path.join(folder, "src")],
    async build(outDir) {
      await appendFile(log, `start ${process.pid} ${Date.now()}\n`);
      // index.html first, the assets after it: a build written in place would be served half done.
      await writeFile(path.join(outDir, "index.html"), `built by ${process.pid}`);
      for (let i = 0; i < BUILD_FILES; i++) {
        await pause();
        await writeFile(path.join(outDir, `asset-${i}.js`), `// ${i} from ${process.pid}`);
      }
      await appendFile(log, `end ${process.pid} ${Date.now()}\n`);
    },
  },
});
console.log(JSON.stringify(report));
