import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { mergeContentSources, securityHeaders, withSecurityHeaders } from '../../server/http/security-headers.ts';
import type { RouteTableEntry } from '../../server/http/route-access.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { BLOG_SLUG_MAX_LENGTH } from '../../src-shared/domain/blog-post.ts';
import { addBlogPost, ADMIN_PASSWORD, adminToken, savePostHtmlBody } from './support.ts';
import { createTempTree, type TempTree } from '../support/temp-tree.ts';
import { listenOnLoopback } from '../support/free-port.ts';

/**
 * The HTTP edge: path traversal on every file-like parameter, oversized bodies on every
 * route that takes one, and the security headers on every kind of response.
 */

const SECRET = 'TOP-SECRET-OUTSIDE-THE-WEB-ROOT';
const INDEX = '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"></div></body></html>';
const ASSET = 'assets/index-AbC123.js';

let root: TempTree;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  // dist/ is the web root; a secret sits next to it, where a traversal would land.
  root = await createTempTree({
    'dist/index.html': INDEX,
    [`dist/${ASSET}`]: 'console.log("app");',
    'secret.txt': SECRET,
    'secret.html': SECRET,
  });
  server = await startTestServer({ webDistDir: path.join(root.dir, 'dist'), env: { ADMIN_PASSWORD } });
  admin = await adminToken(server);
});
afterAll(async () => {
  await server.close();
  await root.remove();
});

/** A request with the path exactly as written: fetch() would resolve the dot segments first. */
function raw(
  requestPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: requestPath, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Ways to say "the parent folder" to a server: plain, encoded, double-encoded, backslashes, overlong UTF-8. */
const UP = ['..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '..%5c..', '%c0%ae%c0%ae'];
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%255c'];

function traversals(prefix: string, target: string, suffix = ''): string[] {
  const paths: string[] = [];
  for (const up of UP) {
    for (const separator of SEPARATORS) {
      paths.push(`${prefix}${up}${separator}${up}${separator}${up}${separator}${target}${suffix}`);
    }
  }
  paths.push(`${prefix}${target}%00${suffix}`, `${prefix}..%00/${target}${suffix}`, `${prefix}%2e%2e%2f${target}%00.html`);
  return paths;
}

describe('path traversal on every file-like parameter', () => {
  it('static files: never a file outside the web root', async () => {
    const paths = [
      ...traversals('/', 'secret.txt'),
      ...traversals('/assets/', 'secret.txt'),
      ...traversals('/', 'etc/passwd'),
      '/..',
      '/%2e%2e',
      `/${ASSET}%00.html`,
      `/${ASSET}/..%2f..%2f..%2fsecret.txt`,
    ];
    for (const requestPath of paths) {
      const response = await raw(requestPath);
      expect(response.body, requestPath).not.toContain(SECRET);
      expect(response.body, requestPath).not.toMatch(/root:.*:0:0:/);
      // Unknown paths get the app's not-found page (index.html with a 404) or a plain 4xx.
      expect(
        response.status === 404 || response.status === 400 || response.body === INDEX,
        `${requestPath}: ${response.status}`,
      ).toBe(true);
      expect(response.status, requestPath).toBeLessThan(500);
    }
  });

  it('blog pages, blog images and the cached-post API: 4xx, never a file', async () => {
    const paths = [
      ...traversals('/blog/', 'secret', '.html'),
      ...traversals('/blog/images/', 'secret.txt'),
      ...traversals('/blog/images/', 'package.json'),
      ...traversals('/api/check-html/', 'secret'),
      ...traversals('/api/cached-post/', 'secret'),
      '/blog/..html',
      '/blog/.html',
      '/blog/%2e%2e.html',
      '/blog/secret%00.html',
    ];
    for (const requestPath of paths) {
      const response = await raw(requestPath);
      expect(response.body, requestPath).not.toContain(SECRET);
      expect(response.body, requestPath).not.toContain('"name": "hireassist"');
      expect(response.status, requestPath).toBeGreaterThanOrEqual(400);
      expect(response.status, requestPath).toBeLessThan(500);
    }
  });

  it('POST /api/save-post-html: a file name or slug that leaves its folder is a 400', async () => {
    const names = [
      '../secret.html',
      '..%2fsecret.html',
      '..\\secret.html',
      '/etc/cron.d/x.html',
      'C:\\Windows\\x.html',
      'sub/post.html',
      'post.html\u0000.txt',
      'post\u0000.html',
      '.html',
      '%2e%2e.html',
    ];
    for (const name of names) {
      const slug = name.replace(/\.html$/, '');
      for (const body of [
        { ...savePostHtmlBody('safe-post'), filename: name },
        { ...savePostHtmlBody('safe-post'), slug, filename: name },
      ]) {
        const response = await server.fetch('/api/save-post-html', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify(body),
        });
        expect(response.status, JSON.stringify(name)).toBe(400);
        expect(await response.json()).toEqual({ error: expect.any(String) });
      }
    }
    const stored = await server.app.database.db.selectFrom('blog_html_pages').select('slug').execute();
    expect(stored).toEqual([]);
  });
});

describe('oversized bodies', () => {
  const TWO_MIB = 2 * 1024 * 1024;
  const withBody = (route: RouteTableEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

  it('every route that takes a body answers a body over its limit with a clear 413 JSON error', async () => {
    const routes = server.app.routeTable.filter(withBody);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(/:[a-z]+/gi, 'x').replace(/\*$/, 'x');
      const isCognito = route.access === 'cognito';
      const size = Math.max(TWO_MIB, (route.bodyLimit ?? 0) + 1);
      const response = await server.fetch(url, {
        method: route.method,
        headers: {
          'content-type': isCognito ? 'application/x-amz-json-1.1' : 'application/json',
          authorization: `Bearer ${admin}`,
          ...(isCognito ? { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' } : {}),
        },
        body: JSON.stringify({ padding: 'x'.repeat(size) }),
      });
      const label = `${route.method} ${route.url}`;
      expect(response.headers.get('content-type') ?? '', label).toMatch(/json/);
      const body = (await response.json()) as { error?: string; message?: string };
      // A customer route refuses the admin token before it reads the body: that is a 401, not a 413.
      if (route.access === 'user' && response.status === 401) continue;
      expect(response.status, label).toBe(413);
      expect(body.error ?? body.message, label).toBe('The request body is too large');
    }
  });
});

describe('POST /api/save-post-html body limit', () => {
  /** A post whose every text field is as long as the schema allows, in characters JSON writes as \u00XX. */
  function largestBody() {
    const longest = (length: number) => '\u0001'.repeat(length);
    const body = savePostHtmlBody('p'.repeat(BLOG_SLUG_MAX_LENGTH), longest(500_000));
    const image = 'https://images.example/'.padEnd(2048, 'x');
    return {
      ...body,
      title: longest(300),
      postData: {
        ...body.postData,
        id: -Number.MAX_SAFE_INTEGER,
        title: longest(300),
        excerpt: longest(2000),
        seo_keyword: longest(2000),
        status: 'scheduled' as const,
        published_at: longest(40),
        updated_at: longest(40),
        seo: { title: longest(300), description: longest(1000) },
        featured_image: {
          data: { url: image, sizes: { large: image, regular: image, full: image }, alt: longest(2000), name: longest(1000) },
        },
      },
    };
  }

  it('is at least the largest body the schema allows', () => {
    const route = server.app.routeTable.find((entry) => entry.method === 'POST' && entry.url === '/api/save-post-html');
    const largest = Buffer.byteLength(JSON.stringify(largestBody()));
    expect(largest).toBeGreaterThan(6_000_000);
    expect(route?.bodyLimit).toBeGreaterThanOrEqual(largest);
    expect(route?.bodyLimit).toBeLessThan(largest * 1.01);
  });

  it('accepts a long post in a non-Latin script (3 MB of JSON; it was a 413 at 1 MiB)', async () => {
    const text = '<p>' + '文'.repeat(499_990) + '</p>';
    const response = await server.fetch('/api/save-post-html', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify(savePostHtmlBody('long-post', text)),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, url: '/blog/long-post.html' });
  });

  it('answers one byte over the limit with a clear 413 in the JSON error envelope', async () => {
    const route = server.app.routeTable.find((entry) => entry.method === 'POST' && entry.url === '/api/save-post-html');
    const limit = route?.bodyLimit ?? 0;
    const body = JSON.stringify(savePostHtmlBody('too-long'));
    const response = await server.fetch('/api/save-post-html', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: body.padEnd(limit + 1, ' '),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is too large' });
  });
});

describe('bad input on admin user actions', () => {
  it('a body that is not JSON is a 400 JSON error, not a failure to serialize the error (was a 500)', async () => {
    for (const [method, suffix] of [
      ['POST', '/enable'],
      ['POST', '/disable'],
      ['DELETE', ''],
    ] as const) {
      const response = await server.fetch(`/api/admin/users/someone${suffix}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{',
      });
      expect(response.status, `${method} ${suffix}`).toBe(400);
      // In the admin API's envelope, as its own refusals ({ success, error }).
      expect(await response.json()).toEqual({ success: false, error: 'The request body is not valid JSON' });
    }
  });
});

describe('security headers on every kind of response', () => {
  const kinds: Record<
    string,
    () => Promise<{ status: number; headers: Headers | Record<string, string | string[] | undefined> }>
  > = {
    'HTML app page': () => server.fetch('/features'),
    'hashed asset': () => server.fetch(`/${ASSET}`),
    'API JSON': () => server.fetch('/api/config'),
    'API error': () => server.fetch('/api/admin/leads'),
    'API 404': () => server.fetch('/api/no-such-thing'),
    '404 page': () => server.fetch('/no-such-page'),
    'blog page': async () => {
      await addBlogPost(server.app.database.db, 'headers-post');
      await server.fetch('/api/save-post-html', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(savePostHtmlBody('headers-post')),
      });
      const page = await server.fetch('/blog/headers-post.html');
      expect(page.status).toBe(200);
      return page;
    },
    'blog 404 page': () => server.fetch('/blog/no-such-post.html'),
    'sitemap.xml': () => server.fetch('/sitemap.xml'),
    'robots.txt': () => server.fetch('/robots.txt'),
    'identity service reply': () => cognitoRequest(server.url, 'GetUser', '{}'),
    JWKS: () => server.fetch('/cognito/us-east-1_local/.well-known/jwks.json'),
    '413 error': () =>
      server.fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(2 << 20),
      }),
    'bad JSON 400': () =>
      server.fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    'HEAD request': () => server.fetch('/', { method: 'HEAD' }),
  };

  it.each(Object.keys(kinds))('%s', async (kind) => {
    const response = await kinds[kind]?.();
    if (!response) throw new Error(kind);
    const headers = response.headers as Headers;
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp, kind).toMatch(/default-src/);
    expect(csp, kind).toMatch(/frame-ancestors 'none'|sandbox/);
    expect(headers.get('x-content-type-options'), kind).toBe('nosniff');
    expect(headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options'), kind).toBe('DENY');
    expect(headers.get('x-powered-by'), kind).toBeNull();
    // Plain HTTP here: HSTS is only sent behind TLS (checked below).
    expect(headers.get('strict-transport-security'), kind).toBeNull();
  });

  it('sends HSTS when the site is served over TLS (PUBLIC_URL https)', async () => {
    // The same header code the server runs, on a bare node:http server: a second full server costs too much here.
    expect(loadConfig({ PUBLIC_URL: 'https://hireassist.example' }).secure).toBe(true);
    const bare = createServer(
      withSecurityHeaders(securityHeaders({ secure: true, sources: mergeContentSources() }), (_request, response) => {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
      }),
    );
    const url = await listenOnLoopback(bare);
    try {
      for (const requestPath of ['/', '/missing']) {
        const response = await fetch(`${url}${requestPath}`);
        expect(response.headers.get('strict-transport-security'), requestPath).toMatch(/max-age=31536000/);
      }
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});

describe('malformed requests an attacker sends to find an answer without the security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined>, label: string) => {
    expect(String(headers['content-security-policy']), label).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['x-frame-options'], label).toBe('DENY');
    expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  };

  it('a URL with broken percent-encoding (FST_ERR_BAD_URL) gets a JSON 400 with every security header', async () => {
    for (const requestPath of ['/%', '/api/%zz', '/api/admin/%', '/blog/%E0%A4%A.html', '/cognito/%ff%']) {
      const response = await raw(requestPath);
      expect(response.status, requestPath).toBe(400);
      expectSecurityHeaders(response.headers, requestPath);
      expect(response.headers['content-type'], requestPath).toMatch(/json/);
      expect(JSON.parse(response.body), requestPath).toEqual({
        error: 'The URL is not valid: it has a malformed percent-encoding',
      });
    }
  });

  it('a request Node cannot parse gets a JSON 400 with every security header', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectSecurityHeaders(headers, 'unparsable request');
    expect(JSON.parse(body)).toEqual({ error: 'The request is not valid HTTP' });
  });
});
