import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { PAGES } from './src-web/app/pages.ts';
import type { PageHead, RouteAssetsEntry } from './src-shared/domain/route-assets.ts';
import { hireAssistTheme, themeCssVariables } from './src-shared/ui/theme.ts';

const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes .br and .gz beside every text file of the build, once, at maximum compression,
 * so the server never compresses on a request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hireassist:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Writes the theme's CSS variables into index.html, computed once at build time, so the
 * browser neither computes the theme nor needs FluentProvider to apply it (AppProviders.tsx).
 */
function themeVariables(): Plugin {
  const css = themeCssVariables(hireAssistTheme);
  return {
    name: 'hireassist:theme-variables',
    transformIndexHtml: () => [{ tag: 'style', attrs: { id: 'theme' }, children: css, injectTo: 'head' }],
  };
}

/**
 * Gives every build an id (its time and a random suffix), written into index.html as
 * `<meta name="app-version">` and into the code as __APP_BUILD_ID__: the running app compares
 * the two to notice a new deployment (src-web/features/version-check).
 */
function appVersion(): Plugin {
  const buildId = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  return {
    name: 'hireassist:app-version',
    config: () => ({ define: { __APP_BUILD_ID__: JSON.stringify(buildId) } }),
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'app-version', content: buildId }, injectTo: 'head' }],
  };
}

/** Where the build writes, per page, the files its code needs first (read by server/http/web-app). */
export const ROUTE_ASSETS_FILE = 'route-assets.json';

/** Per page pattern, what the server needs of it (src-shared/domain/route-assets.ts). */
type RouteAssets = Record<string, RouteAssetsEntry>;

/** The folder PAGES' module paths are relative to. */
const PAGES_DIR = 'src-web/app';

type Chunk = Rollup.OutputChunk;

/**
 * Per prerendered page pattern, the style sheets of the code its page loads later (its lazy
 * imports): the home page's lower sections are in its prerendered HTML but their code, and
 * so their styles, load only as the visitor scrolls. The prerendered page carries them inline
 * so that markup is styled without JavaScript. Passed from routeAssets to prerender in memory:
 * the server has no use for them.
 */
const lazyStyles = new Map<string, string[]>();

/**
 * The style sheets `chunk`'s lazy imports (and what they import) bring that neither `loaded`
 * holds nor the chunks of `skipped` (the entry's, already inlined into index.html).
 */
function lazyStylesOf(chunk: Chunk, byFile: Map<string, Chunk>, loaded: Set<string>, skipped: string[]): string[] {
  const seen = new Set<string>(skipped);
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const current = byFile.get(fileName);
    if (!current || seen.has(fileName)) return;
    seen.add(fileName);
    current.imports.forEach(visit);
    for (const css of current.viteMetadata?.importedCss ?? []) if (!loaded.has(`/${css}`)) styles.add(`/${css}`);
  };
  chunk.dynamicImports.forEach(visit);
  return [...styles];
}

/**
 * Writes route-assets.json: for each page of the router (keyed by its PATHS pattern), the
 * scripts and style sheets its lazy chunk needs. The server names them in the page's HTML
 * (modulepreload, preload), so they download with the app's entry instead of after it.
 */
function routeAssets(): Plugin {
  return {
    name: 'hireassist:route-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const assets: RouteAssets = {};
      for (const { path: pattern, module } of PAGES) {
        const moduleId = path.resolve(PAGES_DIR, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
        if (!chunk) throw new Error(`route-assets: no chunk for ${pattern} (${module})`);
        const entryFiles = entry ? [entry.fileName, ...entry.imports] : [];
        const seen = new Set<string>(entryFiles);
        const scripts: string[] = [];
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const current = byFile.get(fileName);
          if (!current || seen.has(fileName)) return;
          seen.add(fileName);
          scripts.push(`/${fileName}`);
          // Imports first: style sheets in the order the app applies them, so later rules still win.
          current.imports.forEach(visit);
          for (const css of current.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
        };
        visit(chunk.fileName);
        assets[pattern] = { scripts, styles: [...styles] };
        lazyStyles.set(pattern, lazyStylesOf(chunk, byFile, styles, entryFiles));
      }
      if (Object.keys(assets).length === 0) throw new Error(`route-assets: PAGES (src-web/app/pages.ts) lists no page`);
      this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: JSON.stringify(assets) });
    },
  };
}

/**
 * Puts the app's own style sheet (a few KB) into index.html instead of linking it, so the first
 * paint waits for no second request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'hireassist:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let result = html;
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${output.fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
          if (!link.test(result)) continue;
          const css = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
          result = result.replace(link, () => `<style>${css}</style>`);
        }
        return result;
      },
    },
  };
}

/** The pages whose HTML carries their prerendered markup: the public pages with no per-visit data. */
const PRERENDERED = PAGES.flatMap((page) => (page.prerender ? [page.path] : []));

/** index.html's #root content: the boot bar and the first-paint slot the server may fill. */
const ROOT_CONTENT = /(<div id="root">)[\s\S]*?<!--first-paint-->/;

/**
 * Prerendered markup as a preview: seen, but inert and hidden from assistive technology (and
 * without a second <main>), so nothing reads or clicks the copy the app is about to replace;
 * the app's own page, rendered a moment later, is the one people and tests use. Marked
 * data-prerendered: the home page's first render takes its lower sections' markup from it
 * (src-web/features/marketing/home/HomePage.tsx).
 */
function inertPreview(markup: string): string {
  return `<div inert aria-hidden="true" data-prerendered="">${markup.replace(/<main\b/g, '<div').replace(/<\/main>/g, '</div>')}</div>`;
}

/**
 * Prerenders the public pages: once the browser build is written, builds src-web/prerender
 * for Node, renders each page of PRERENDERED with react-dom/static and writes index.html with
 * that markup in #root as pages/<path>.html, named in route-assets.json. The page then paints from its HTML, before any
 * script has run; the app renders it again in place when its code has loaded (main.tsx).
 * JSON-LD is left out: it names the site's public origin, which only the running app knows.
 */
function prerender(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'hireassist:prerender',
    apply: (config) => !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // One folder per build process: two builds at once (another output folder) must not share it.
      const serverDir = path.resolve(`node_modules/.cache/hireassist-prerender-${process.pid}`);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: 'prerender/render.tsx', outDir: serverDir, emptyOutDir: true, target: 'node20' },
      });
      const { prerenderPage } = (await import(pathToFileURL(path.join(serverDir, 'render.js')).href)) as {
        prerenderPage(pathname: string): Promise<{ markup: string; meta: PageHead | undefined }>;
      };
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const assetsFile = path.join(outDir, ROUTE_ASSETS_FILE);
      const assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as RouteAssets;
      for (const pathname of PRERENDERED) {
        const page = assets[pathname];
        if (!page) throw new Error(`prerender: ${pathname} has no entry in ${ROUTE_ASSETS_FILE}`);
        const rendered = await prerenderPage(pathname);
        if (!rendered.meta) throw new Error(`prerender: ${pathname} sets no title and description (usePageMeta)`);
        page.meta = rendered.meta;
        const markup = rendered.markup.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
        // The page's own style sheets are inlined: the markup needs them for its first paint; so
        // are those of its lazy parts, which the markup may hold (the home page's lower sections).
        // All of them: a lazy part left out of the markup (a closed dialog) costs its few KB here.
        const styles = [...page.styles, ...(lazyStyles.get(pathname) ?? [])]
          .map((href) => `<style>${readFileSync(path.join(outDir, href), 'utf8')}</style>`)
          .join('');
        page.html = `/pages${pathname === '/' ? '/home' : pathname}.html`;
        const file = path.join(outDir, page.html);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(
          file,
          template
            .replace('</head>', () => `${styles}</head>`)
            .replace(ROOT_CONTENT, (_match, open: string) => `${open}${inertPreview(markup)}<!--first-paint-->`),
        );
      }
      writeFileSync(assetsFile, JSON.stringify(assets));
      rmSync(serverDir, { recursive: true, force: true });
    },
  };
}

const apiTarget = `http://localhost:${process.env.DEV_API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src-web',
  publicDir: 'public',
  plugins: [react(), themeVariables(), appVersion(), routeAssets(), inlineEntryCss(), prerender(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // No modulepreload polyfill (0.3 KB of every first load, the home page's at its budget): the
    // browsers the build targets preload natively, but Safari before 17 and Firefox before 115,
    // which still load every script, only when the code imports it.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/cognito': apiTarget,
    },
  },
});
