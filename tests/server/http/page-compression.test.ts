import type * as Zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { createTempTree, type TempTree } from '../../support/temp-tree.ts';

// Counts compressions, synchronous or not: the server used to compress every page at
// brotli's best quality before it could answer anything (1.2 to 1.7 s of a real build).
const compressions = vi.hoisted(() => ({ brotli: 0, gzip: 0 }));
// How many brotli compressions to fail next, as zlib does when it cannot get memory.
const failing = vi.hoisted(() => ({ brotli: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof Zlib>();
  function counted<F extends (...args: never[]) => unknown>(kind: keyof typeof compressions, compress: F): F {
    return ((...args: Parameters<F>) => {
      compressions[kind]++;
      return compress(...args);
    }) as F;
  }
  return {
    ...actual,
    brotliCompress: counted('brotli', ((...args: Parameters<typeof actual.brotliCompress>) => {
      if (failing.brotli === 0) return actual.brotliCompress(...args);
      failing.brotli--;
      const done = args.at(-1) as (error: Error | null, result?: Buffer) => void;
      process.nextTick(done, new Error('zlib: out of memory'));
    }) as typeof actual.brotliCompress),
    brotliCompressSync: counted('brotli', actual.brotliCompressSync),
    gzip: counted('gzip', actual.gzip),
    gzipSync: counted('gzip', actual.gzipSync),
  };
});

const INDEX =
  '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"><!--first-paint--></div></body></html>';
const FEATURES =
  '<!doctype html><html><head><title>Features</title></head><body><div id="root"><h1>Features</h1></div></body></html>';
const FEATURES_SCRIPT = '/assets/FeaturesPage-AbC123.js';
const PRICING =
  '<!doctype html><html><head><title>Pricing</title></head><body><div id="root"><h1>Pricing</h1></div></body></html>';

let build: TempTree;
let server: TestServer;

beforeAll(async () => {
  build = await createTempTree({
    'index.html': INDEX,
    'pages/features.html': FEATURES,
    'pages/pricing.html': PRICING,
    'route-assets.json': JSON.stringify({
      '/features': { scripts: [FEATURES_SCRIPT], styles: [], html: '/pages/features.html' },
      '/pricing': { scripts: [], styles: [], html: '/pages/pricing.html' },
    }),
  });
  server = await startTestServer({ webDistDir: build.dir });
});
afterAll(async () => {
  await server.close();
  await build.remove();
});

describe("a prerendered page's compressed HTML", () => {
  it('is not made at start-up, but once, by the first request that accepts it', async () => {
    expect(compressions).toEqual({ brotli: 0, gzip: 0 });

    const answers = await Promise.all(
      [1, 2, 3].map(() => server.fetch('/features', { headers: { 'accept-encoding': 'br, gzip' } })),
    );
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      // fetch undoes the content encoding it reads in the header.
      const html = await response.text();
      expect(html).toContain('<h1>Features</h1>');
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${FEATURES_SCRIPT}">`);
    }
    expect(compressions).toEqual({ brotli: 1, gzip: 1 });

    const gzipped = await server.fetch('/features', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('<h1>Features</h1>');
    const plain = await server.fetch('/features', { headers: { 'accept-encoding': 'identity' } });
    expect(await plain.text()).toContain('<h1>Features</h1>');
    expect(compressions).toEqual({ brotli: 1, gzip: 1 });
  });

  it('answers a repeat visit with 304 by its etag', async () => {
    const first = await server.fetch('/features');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await server.fetch('/features', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('a page whose compression fails', () => {
  it('goes out uncompressed, and the next request compresses it', async () => {
    failing.brotli = 1;
    const failed = await server.fetch('/pricing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(failed.status).toBe(200);
    expect(failed.headers.get('content-encoding')).toBeNull();
    expect(await failed.text()).toContain('<h1>Pricing</h1>');

    const next = await server.fetch('/pricing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(next.status).toBe(200);
    expect(next.headers.get('content-encoding')).toBe('br');
    expect(await next.text()).toContain('<h1>Pricing</h1>');
    expect(next.headers.get('etag')).toBe(failed.headers.get('etag'));
  });
});
