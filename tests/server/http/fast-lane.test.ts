import { createServer, type RequestListener } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FastLane, type FixedAnswer } from '../../../server/http/fast-lane.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { listenOnLoopback } from '../../support/free-port.ts';

/** Headers Node writes itself per connection or per moment: not part of an answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive']);

async function answerOf(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_RESPONSE.has(name)));
  return { status: response.status, headers, body: await response.text() };
}

describe('the fast lane, in the real server', () => {
  let server: TestServer;
  /** Every request Fastify itself handles, by URL: the fast lane's answers must never appear here. */
  const seenByFastify: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      configure: (app) => app.addHook('onRequest', async (request) => void seenByFastify.push(request.url)),
    });
  });
  afterAll(() => server.close());

  // A query string always goes through Fastify, so it shows what the ordinary route sends.
  it.each(['/api/config', '/api/health'])('sends %s exactly as the Fastify route does', async (path) => {
    await server.fetch(path); // /api/health: the first check is worked out by the route
    seenByFastify.length = 0;
    const fast = await answerOf(await server.fetch(path));
    // Without this the test passes with the fast lane unwired: Fastify sends the same answer.
    expect(seenByFastify, 'Fastify handled a fast-lane request').toEqual([]);
    const routed = await answerOf(await server.fetch(`${path}?through=fastify`));
    expect(seenByFastify).toEqual([`${path}?through=fastify`]);
    expect(fast.status).toBe(200);
    expect(fast).toEqual(routed);
    expect(fast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(fast.headers['x-content-type-options']).toBe('nosniff');
    expect(fast.headers['content-length']).toBe(String(Buffer.byteLength(fast.body)));
  });

  it('leaves HEAD and other methods to Fastify', async () => {
    const head = await server.fetch('/api/config', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await server.fetch('/api/config', { method: 'POST' })).status).toBe(404);
  });

  // The server is made by our factory (the fast lane in front of Fastify), and Fastify applies
  // its own server options only to a server it makes itself: Node's 5 s keep-alive came back,
  // shorter than a load balancer's idle timeout (60 s on AWS), so the balancer reused
  // connections the server had just closed.
  it("keeps idle connections open 72 s, Fastify's default, in both lanes", async () => {
    for (const path of ['/api/health', '/api/health?through=fastify']) {
      const response = await server.fetch(path);
      await response.text();
      expect(response.headers.get('keep-alive'), path).toBe('timeout=72');
    }
  });
});

describe('FastLane', () => {
  const ok: FixedAnswer = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'fast' };
  let current: FixedAnswer | Promise<FixedAnswer> = ok;
  const lane = new FastLane({ 'x-common': 'yes' });
  lane.add('/probe', () => current);
  const fallback: RequestListener = (_request, response) => response.writeHead(299).end('fallback');
  const http = createServer(lane.listener(fallback));
  let url = '';
  beforeAll(async () => {
    url = await listenOnLoopback(http);
  });
  afterAll(() => new Promise((resolve) => http.close(resolve)));

  const get = async (path: string) => {
    const response = await fetch(url + path);
    return { status: response.status, common: response.headers.get('x-common'), body: await response.text() };
  };

  it('answers its paths with the common headers, and passes every other path on with them already set', async () => {
    expect(await get('/probe')).toEqual({ status: 200, common: 'yes', body: 'fast' });
    expect(await get('/other')).toEqual({ status: 299, common: 'yes', body: 'fallback' });
  });

  it('passes on answers still being worked out, and failures (they are logged there)', async () => {
    current = Promise.resolve(ok);
    expect((await get('/probe')).body).toBe('fallback');
    current = { ...ok, status: 503 };
    expect((await get('/probe')).body).toBe('fallback');
    current = ok;
  });

  it('passes everything on once closed, so a closing server answers with its 503', async () => {
    lane.close();
    expect((await get('/probe')).body).toBe('fallback');
  });
});
