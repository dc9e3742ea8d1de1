import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { createTempTree, type TempTree } from '../../support/temp-tree.ts';

const INDEX = '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;

let build: TempTree;
let distDir: string;
let server: TestServer;

/** index.html as pages go out: with GET /api/config's answer for the app (first-paint.test.ts checks it on every kind of page). */
async function appShell(): Promise<string> {
  const config: unknown = await (await server.fetch('/api/config')).json();
  return INDEX.replace('</body>', `<script type="application/json" id="public-config">${JSON.stringify(config)}</script></body>`);
}

beforeAll(async () => {
  build = await createTempTree({
    'index.html': INDEX,
    'assets/index-AbC123.js': SCRIPT,
    'assets/index-AbC123.js.br': brotliCompressSync(SCRIPT),
    'legal/terms.pdf': '%PDF-1.4 test',
  });
  distDir = build.dir;
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(async () => {
  await server.close();
  await build.remove();
});

describe('serving the built web app', () => {
  it('serves index.html for the home page, revalidated on every visit', async () => {
    const response = await server.fetch('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(await appShell());
  });

  // The blog's pages also carry their first paint: tests/server/http/first-paint.test.ts.
  it('serves every page of the app as index.html so client routes load directly', async () => {
    for (const page of ['/features', '/admin/leads', '/dashboard/']) {
      const response = await server.fetch(page);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toBe(await appShell());
    }
  });

  it('serves /index.html by name with a 200, whatever the cache-busting query (the version check reads it)', async () => {
    const response = await server.fetch(`/index.html?v=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(await appShell());
  });

  it('sends a visitor or crawler who asks for /index.html to the home page, its one address (301)', async () => {
    // A browser's navigation says so; a crawler sends no Sec-Fetch-Mode. The app knows no /index.html:
    // served, it was its not-found page with a 200, a second home address to crawlers.
    for (const headers of [{ 'sec-fetch-mode': 'navigate' }, {}]) {
      const response = await server.app.inject({ url: '/index.html?utm_source=mail', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(301);
      expect(response.headers.location).toBe('/?utm_source=mail');
    }
  });

  it('answers an unknown page with a 404 status and the app, which shows its not-found page', async () => {
    const response = await server.fetch('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(await appShell());
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const response = await server.fetch('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    // fetch decodes br itself; the body must be the original script either way.
    expect(await response.text()).toBe(SCRIPT);
    expect(brotliDecompressSync(brotliCompressSync(SCRIPT)).toString()).toBe(SCRIPT);
  });

  it('answers a repeat visit with 304 when the file is unchanged', async () => {
    const first = await server.fetch('/');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await server.fetch('/', { headers: { 'if-none-match': etag ?? '' } });
    expect(second.status).toBe(304);
  });

  it('serves other public files with their type and a short cache', async () => {
    const response = await server.fetch('/legal/terms.pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('never answers a missing asset with the app', async () => {
    const response = await server.fetch('/assets/gone-123.js');
    expect(response.status).toBe(404);
  });

  it('does not let a path escape the build directory', async () => {
    const response = await server.fetch('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(await appShell());
  });

  it('sends the security headers on pages, assets, API answers and errors', async () => {
    const responses = await Promise.all(
      ['/', '/assets/index-AbC123.js', '/api/health', '/api/nope', '/nope'].map((p) => server.fetch(p)),
    );
    for (const response of responses) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('without a build', () => {
  it('says how to build the app instead of failing', async () => {
    const bare = await startTestServer({ webDistDir: path.join(tmpdir(), 'hireassist-no-build') });
    try {
      const response = await bare.fetch('/features');
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
      expect((await bare.fetch('/api/health')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('behind https', () => {
  it('adds HSTS when the public URL is https', async () => {
    const secure = await startTestServer({ env: { PUBLIC_URL: 'https://hireassist.example' }, webDistDir: distDir });
    try {
      const response = await secure.fetch('/');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
