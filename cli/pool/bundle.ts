/**
 * A pool worker module prebuilt as one plain JavaScript file (esbuild), so that each worker thread
 * loads plain JS instead of registering tsx and transforming every TypeScript file it imports —
 * about a second of CPU per thread otherwise, which ate the speed-up of `simulate --workers 2`.
 *
 * Built on first use into a cache directory (node_modules/.cache/cardwright/pool, beside the
 * packages the bundle imports: packages stay external) and reused while every source file that
 * went into it is byte for byte the same (the manifest records each input's SHA-256; any change
 * rebuilds). Whenever a bundle cannot be made or trusted — esbuild warns, the code reads
 * `import.meta` (its URL would be the bundle's), the cache cannot be written — the worker falls back
 * to running the TypeScript through tsx: slower to start, same results.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { threadId } from "node:worker_threads";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where bundles are kept unless CARDWRIGHT_POOL_CACHE names another directory. */
export const DEFAULT_POOL_CACHE = join(ROOT, "node_modules", ".cache", "cardwright", "pool");

interface Manifest {
  entry: string;
  /** The bundle's file name in the cache directory; null: this module is run through tsx. */
  bundle: string | null;
  /** Every source file bundled (absolute path) → SHA-256 of its contents when it was bundled. */
  inputs: Record<string, string>;
}

const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

function readManifest(path: string): Manifest | null {
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
    return typeof manifest === "object" && manifest !== null && typeof manifest.inputs === "object" ? manifest : null;
  } catch {
    return null;
  }
}

function inputsUnchanged(manifest: Manifest): boolean {
  try {
    for (const [file, hash] of Object.entries(manifest.inputs)) if (sha256(readFileSync(file)) !== hash) return false;
    return true;
  } catch {
    return false; // a source file is gone
  }
}

/**
 * The file URL of `module`'s prebuilt bundle (built now if missing or stale), or null when the
 * worker should run the module through tsx (not a TypeScript file URL, or no trustworthy bundle).
 */
export async function workerBundle(module: string, cacheDir = process.env["CARDWRIGHT_POOL_CACHE"] || DEFAULT_POOL_CACHE): Promise<string | null> {
  if (!module.startsWith("file:")) return null;
  const entry = fileURLToPath(module);
  if (!/\.[cm]?tsx?$/.test(entry)) return null;
  const key = sha256(entry).slice(0, 16);
  const manifestPath = join(cacheDir, `${key}.json`);
  const cached = readManifest(manifestPath);
  if (cached && cached.entry === entry && inputsUnchanged(cached)) return cached.bundle ? pathToFileURL(join(cacheDir, cached.bundle)).href : null;
  try {
    const manifest = await build(entry, key);
    mkdirSync(cacheDir, { recursive: true });
    // Each file is written under a temporary name and renamed into place (the bundle first, the
    // manifest last): a process or thread reading the cache meanwhile sees whole files only.
    const writeWhole = (path: string, text: string) => {
      const temporary = `${path}.${process.pid}.${threadId}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, path);
    };
    if (manifest.text !== null) writeWhole(join(cacheDir, manifest.bundle!), manifest.text);
    writeWhole(manifestPath, JSON.stringify({ entry, bundle: manifest.bundle, inputs: manifest.inputs } satisfies Manifest));
    return manifest.bundle ? pathToFileURL(join(cacheDir, manifest.bundle)).href : null;
  } catch {
    return null;
  }
}

async function build(entry: string, key: string): Promise<Manifest & { text: string | null }> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: "silent",
  });
  const inputs: Record<string, string> = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const path = join(ROOT, file);
    inputs[path] = sha256(readFileSync(path));
  }
  const text = result.outputFiles[0]?.text ?? "";
  if (result.warnings.length > 0 || text === "" || text.includes("import.meta")) return { entry, bundle: null, inputs, text: null };
  return { entry, bundle: `${key}-${sha256(text).slice(0, 16)}.mjs`, inputs, text };
}
