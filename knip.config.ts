import type { KnipConfig } from 'knip';

/**
 * knip (`npm run lint`) reports files nothing reaches, exports nothing imports and dependencies
 * nothing uses. It follows imports from the entry points below and from what its plugins read
 * (package.json scripts, vite, vitest, playwright, eslint, electron-vite configs).
 *
 * Entries ending in `!` are production code. `npm run lint` runs knip twice: once with
 * everything (tests, benches, scripts, configs), and once `--production`, where tests do not
 * count, so production code that only a test uses is reported too (move it to tests/support, or
 * test it through the code that uses it). An export the build uses but knip's production run does
 * not follow says so with `@public` in its doc comment (themeCssVariables, for vite.config.ts).
 */
const production = process.argv.includes('--production');

const config: KnipConfig = {
  entry: [
    // The server; `npm run dev`'s server/dev.ts is found through package.json's scripts.
    'server/index.ts!',
    // Loaded by path as a worker thread (password-threads.ts).
    'server/identity/password-thread.mjs!',
    // The web app's entry is src-web/index.html's script; the prerender build's is named in vite.config.ts.
    'src-web/main.tsx!',
    'src-web/prerender/render.tsx!',
    // The desktop console's main, preload and renderer, as electron.vite.config.ts builds them.
    'src-desktop/main/index.ts!',
    'src-desktop/preload/index.ts!',
    'src-desktop/renderer/main.tsx!',
    // Each bench, script and CI helper is run by itself (npm run bench NAME, node, npx tsx).
    'bench/**/*.{ts,mjs}',
    // A bench's jsdom measurement, run by its own vitest config (bench/blog-html).
    'bench/**/*.measure.tsx',
    'scripts/**/*.{ts,mjs}',
    '.ci/*.mjs',
    // Preloaded into a child process with `node --import` by path (reliability/support/server-process.ts).
    'tests/reliability/support/memory-probe.ts',
    // Built for the browser by path (tests/e2e/identity-clients.spec.ts).
    'tests/e2e/support/amplify-app.ts',
  ],
  project: [
    '{server,src-web,src-shared,src-desktop}/**/*.{ts,tsx,mjs,css}!',
    '{bench,scripts,tests}/**/*.{ts,tsx,mjs}',
    '.ci/*.mjs',
    '*.{ts,js,mjs}',
    // Development tools, not what ships: npm run dev, npm run desktop.
    '!server/dev.ts!',
    '!src-desktop/launch/**!',
  ],
  // A type or interface used in its own file's exported signatures is part of that file's API; a
  // value export nobody imports is not, and is reported. With --production, where tests do not
  // count, an export its own file uses is live code a test reaches directly (a seam); one nothing
  // in production uses is dead code that only a test keeps alive, and is reported.
  ignoreExportsUsedInFile: production ? true : { interface: true, type: true },
  ignoreIssues: {
    // Stands in for the `electron` module (vi.mock): the code under test imports its exports.
    'tests/desktop/support/electron-mock.ts': ['exports'],
  },
  // Dependencies no import names, each for a reason knip cannot see.
  ignoreDependencies: [
    // bench/support/load.ts runs node_modules/autocannon/autocannon.js by path.
    'autocannon',
    // bench/lighthouse runs `npx lighthouse` with its arguments built in a variable.
    'lighthouse',
    // tests/e2e/identity-clients.spec.ts serves its browser bundle from node_modules to Chromium.
    'oidc-client-ts',
    // Packages the console by hand: `npx electron-builder`, configured in electron-builder.yml (README).
    'electron-builder',
  ],
  // System commands, not packages: taskset pins the benches' processes to cores; mkfifo makes
  // the pipe of tests/server/http/log-destination.test.ts; openssl the certificate of
  // tests/e2e/support/https-front.ts.
  ignoreBinaries: ['taskset', 'mkfifo', 'openssl'],
  compilers: {
    // Style sheets name packages too: `url('@fontsource-variable/inter/files/…')` in global.css.
    css: (text: string) =>
      [...text.matchAll(/(?:@import\s+|url\()\s*['"]?([^'")\s]+)/g)]
        .map(([, specifier]) => specifier)
        .filter((specifier): specifier is string => !!specifier && !/^(?:data:|https?:|\/)/.test(specifier))
        .map((specifier) => `import '${specifier}';`)
        .join('\n'),
  },
};

export default config;
