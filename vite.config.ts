import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

const apiTarget = `http://localhost:${process.env.DEV_API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src-web',
  publicDir: 'public',
  plugins: [react(), themeVariables(), appVersion(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/cognito': apiTarget,
    },
  },
});
