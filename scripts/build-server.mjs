/**
 * Builds the server into plain JavaScript: `server/index.ts` and everything it imports from
 * the repository as ES modules in `dist/server` (`index.js`, and a chunk for each part the
 * server imports only when configured, such as the embedded PGlite), which `node` runs without
 * a runtime transpiler (`npm start`, production). Packages stay imports of node_modules, loaded
 * at run time.
 * Run: `node scripts/build-server.mjs` (part of `npm run build`), or import `buildServer()`.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(PROJECT_ROOT, 'server/index.ts');
export const SERVER_DIR = path.join(PROJECT_ROOT, 'dist/server');
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'index.js');

/**
 * In one bundle every module's `import.meta.url` would be the bundle's, so paths a module finds
 * from its own place (the project root, `content/blog`, the password worker file beside its
 * module) would point elsewhere. Each module's `import.meta.url` becomes its source file's URL,
 * computed from the bundle's own URL, so those paths stay what they are when run from source
 * and the repository can still move as a whole.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return { contents, loader: 'ts' };
      // Every output file (entry and chunks) sits directly in SERVER_DIR.
      const relative = path.relative(SERVER_DIR, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: contents.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Bundles the server; throws (after esbuild has printed why) when the build fails. */
export async function buildServer() {
  const { build } = await import('esbuild');
  // Chunk names change with their content: old ones must not pile up.
  await rm(SERVER_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [SERVER_ENTRY],
    outdir: SERVER_DIR,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    // A module the server imports with import() becomes a chunk of its own, so the packages it
    // imports load only when it does (in one file, esbuild would hoist them to the top).
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // node_modules are resolved by Node at run time, as when running from source.
    packages: 'external',
    // A separate map for debugging (`node --enable-source-maps`); nothing loads it by default.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
  } catch {
    process.exitCode = 1;
  }
}
