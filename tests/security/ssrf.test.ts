import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { STORYCHIEF_BASE_URL } from '../../server/features/blog/config.ts';
import { createMinimalWebBuild, type TempTree } from '../support/temp-tree.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { listenOnLoopback } from '../support/free-port.ts';

/**
 * SSRF against the StoryChief adapter. A local fake CMS stands in for StoryChief
 * (the test server's storyChiefBaseUrl, which production has no setting for); a second local server
 * stands in for an internal service that must never be reached. Link-local and private
 * addresses are never contacted from here: the adapter follows no redirect at all, which the
 * redirect to the loopback "internal" server proves for every range.
 */

interface Peer {
  server: Server;
  url: string;
  requests: { method: string; url: string; host: string; authorization: string | undefined }[];
}

async function startPeer(
  handle: (request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: unknown },
) {
  const requests: Peer['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      host: request.headers.host ?? '',
      authorization: request.headers.authorization,
    });
    const answer = handle(request);
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  return { server, url: await listenOnLoopback(server), requests } satisfies Peer;
}

const story = {
  id: 7,
  slug: 'cms-post',
  title: 'From the CMS',
  excerpt: 'Excerpt',
  content: '<p>Body</p>',
  status: 'published',
  published_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  // An image on a metadata address: the adapter must neither fetch nor pass it on.
  featured_image: { data: { url: 'http://169.254.169.254/latest/meta-data/', sizes: {}, alt: '', name: '' } },
};

let mode: 'normal' | 'redirect' = 'normal';
let cms: Peer;
let internal: Peer;
let server: TestServer;
let build: TempTree;

beforeAll(async () => {
  internal = await startPeer(() => ({ status: 200, body: { secret: 'internal data' } }));
  cms = await startPeer((request) => {
    if (mode === 'redirect') return { status: 302, headers: { location: `${internal.url}/latest/meta-data/` } };
    const path = new URL(request.url ?? '/', 'http://cms').pathname;
    if (path === '/stories') return { status: 200, body: { data: [story], meta: { pagination: { total: 1 } } } };
    if (path === '/stories/7') return { status: 200, body: { data: story } };
    return { status: 404, body: {} };
  });
  // The app's pages carry the blog's first paint, which reads from the CMS too.
  build = await createMinimalWebBuild();
  server = await startTestServer({
    webDistDir: build.dir,
    env: {
      STORYCHIEF_API_KEY: 'test-storychief-key',
      STORYCHIEF_CACHE_TTL_SECONDS: '0',
      // Generous: a CMS answer slower than this is a 502, and this machine is shared and busy.
      STORYCHIEF_TIMEOUT_MS: '15000',
    },
    storyChiefBaseUrl: cms.url,
  });
});
afterAll(async () => {
  await server.close();
  await build.remove();
  for (const peer of [cms, internal]) await new Promise((resolve) => peer.server.close(resolve));
});

/** Each request the CMS got went to its host, on a path and query the adapter builds itself. */
function expectOnlyWellFormedCmsRequests() {
  const cmsHost = new URL(cms.url).host;
  for (const request of cms.requests) {
    expect(request.host, request.url).toBe(cmsHost);
    expect(request.method).toBe('GET');
    expect(request.authorization).toBe('Bearer test-storychief-key');
    const url = new URL(request.url, cms.url);
    expect(url.pathname, request.url).toMatch(/^\/stories(\/\d{1,9})?$/);
    for (const [name, value] of url.searchParams) {
      expect(['page', 'per_page', 'status', 'includes'], request.url).toContain(name);
      expect(value, request.url).toMatch(/^(\d{1,6}|published|draft|scheduled|content)$/);
    }
  }
}

const HOSTILE_VALUES = (target: string) => {
  const host = new URL(target).host;
  return [
    target,
    `${target}/latest/meta-data/`,
    `//${host}/x`,
    `@${host}`,
    `7@${host}`,
    `7#@${host}`,
    `http:%2F%2F${host}`,
    encodeURIComponent(`${target}/x`),
    encodeURIComponent(encodeURIComponent(`//${host}`)),
    '169.254.169.254',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::1]/',
    '../../admin',
    '..%2F..%2Fadmin',
    '7/../../x',
    '7%00',
    '7\\@evil.example',
  ];
};

describe('the StoryChief adapter', () => {
  it('talks to the fixed StoryChief base URL: no setting points it (and its key) elsewhere', () => {
    expect(STORYCHIEF_BASE_URL).toBe('https://api.storychief.io/1.0');
    expect(loadConfig({ STORYCHIEF_API_KEY: 'k' }).blog.storyChief?.baseUrl).toBe(STORYCHIEF_BASE_URL);
    for (const target of ['http://169.254.169.254', 'http://10.0.0.1', 'http://127.0.0.1:9', 'http://evil.example']) {
      const env = {
        STORYCHIEF_API_KEY: 'k',
        STORYCHIEF_BASE_URL: target,
        STORYCHIEF_API_URL: target,
        STORYCHIEF_TEST_BASE_URL: target,
        STORYCHIEF_IMAGE_ORIGIN: 'https://images.storychief.io',
      };
      expect(loadConfig(env).blog.storyChief?.baseUrl, target).toBe(STORYCHIEF_BASE_URL);
    }
  });

  it('serves the CMS posts through the local fake CMS (the control)', async () => {
    const response = await server.fetch('/api/storychief/stories');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { slug: string; featured_image: unknown }[] };
    expect(body.data[0]?.slug).toBe('cms-post');
    // The metadata-address image is dropped, not passed to browsers (only https images pass).
    expect(body.data[0]?.featured_image).toBeNull();
    expectOnlyWellFormedCmsRequests();
  });

  it('lets no id, slug or list parameter change the host, path or query it fetches', async () => {
    const before = cms.requests.length;
    const paths: string[] = [];
    for (const value of HOSTILE_VALUES(internal.url)) {
      const encoded = value.includes('%') ? value : encodeURIComponent(value);
      for (const list of ['stories', 'posts', 'publications/posts', 'publications/stories']) {
        paths.push(`/api/storychief/${list}/${encoded}`);
        for (const name of ['page', 'status', 'url']) {
          paths.push(`/api/storychief/${list}?${name}=${encoded}`);
        }
      }
      paths.push(`/blog/${encoded}.html`, `/blog/${encoded}`, `/api/check-html/${encoded}`, `/api/cached-post/${encoded}`);
    }
    for (const path of paths) {
      const response = await server.fetch(path);
      expect(response.status, path).toBeLessThan(500);
      const text = await response.text();
      expect(text, path).not.toContain('internal data');
    }
    expect(internal.requests, 'requests that reached the internal server').toEqual([]);
    expect(cms.requests.length).toBeGreaterThan(before);
    expectOnlyWellFormedCmsRequests();
  });

  it('follows no redirect from the CMS (to loopback here; the same refusal covers link-local and private ranges)', async () => {
    mode = 'redirect';
    try {
      for (const path of ['/api/storychief/stories', '/api/storychief/stories/7', '/blog/cms-post.html', '/sitemap.xml']) {
        const response = await server.fetch(path);
        // The answer is the CMS's absence (502), a stale copy or not found; never the redirect's target.
        expect([200, 404, 502], `${path}: ${response.status}`).toContain(response.status);
        expect(await response.text(), path).not.toContain('internal data');
      }
      const list = await server.fetch('/api/storychief/stories');
      expect(list.status).toBe(502);
      expect(await list.json()).toEqual({ error: expect.stringMatching(/unavailable/i) });
    } finally {
      mode = 'normal';
    }
    expect(internal.requests, 'requests that reached the internal server').toEqual([]);
  });
});
