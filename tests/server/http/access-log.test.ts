import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
});
afterAll(() => server.close());

describe('the access log', () => {
  it('writes one line per request, once it is answered, with method, URL, status and time', async () => {
    lines.length = 0;
    const response = await server.fetch('/api/storychief/stories?probe=1', { headers: { authorization: 'Bearer secret-token' } });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const forRequest = lines.filter(
      (line) => (line.req as { url?: string } | undefined)?.url === '/api/storychief/stories?probe=1',
    );
    expect(forRequest).toHaveLength(1);
    const [line] = forRequest;
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/storychief/stories?probe=1' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.reqId).toBe('string');
    expect(typeof line?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it("leaves out the load balancers' health probes and the public config every page load fetches", async () => {
    lines.length = 0;
    for (const probe of ['/api/health', '/api/config', '/api/config?v=2', '/api/health?probe=1'])
      expect((await server.fetch(probe)).status, probe).toBe(200);
    expect((await server.fetch('/api/storychief/stories')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const urls = lines.map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toEqual(['/api/storychief/stories']);
  });
});
