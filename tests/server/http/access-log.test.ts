import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../support/log-capture.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
const log = captureLog();
const urlOf = (line: Record<string, unknown>) => (line.req as { url?: string } | undefined)?.url;

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    logStream: log.stream,
  });
});
afterAll(() => server.close());

describe('the access log', () => {
  it('writes one line per request, once it is answered, with method, URL, status and time', async () => {
    log.clear();
    const response = await server.fetch('/api/storychief/stories?probe=1', { headers: { authorization: 'Bearer secret-token' } });
    expect(response.status).toBe(200);
    await log.waitFor((line) => urlOf(line) === '/api/storychief/stories?probe=1');
    const forRequest = log.lines().filter((line) => urlOf(line) === '/api/storychief/stories?probe=1');
    expect(forRequest).toHaveLength(1);
    const [line] = forRequest;
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/storychief/stories?probe=1' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.reqId).toBe('string');
    expect(typeof line?.responseTime).toBe('number');
    expect(log.text()).not.toContain('secret-token');
  });

  it("leaves out the load balancers' health probes and the public config every page load fetches", async () => {
    log.clear();
    for (const probe of ['/api/health', '/api/config', '/api/config?v=2', '/api/health?probe=1'])
      expect((await server.fetch(probe)).status, probe).toBe(200);
    expect((await server.fetch('/api/storychief/stories')).status).toBe(200);
    // Answered one after another, so the probes' lines (if any) come before this one.
    await log.waitFor((line) => urlOf(line) === '/api/storychief/stories');
    const urls = log.lines().map(urlOf);
    expect(urls).toEqual(['/api/storychief/stories']);
  });
});
