import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminSession, redirectRefusedText } from '../../src-desktop/main/admin-session.ts';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { openTokenVault } from '../../src-desktop/main/token-vault.ts';
import { listenOnLoopback } from '../support/free-port.ts';
import { nodeFetch } from './support/node-fetch.ts';

const SERVER = 'http://console.test';

/** A server whose validate answers 200 with `valid` as given, and counts the requests. */
function validateAnswering(valid: boolean) {
  return vi.fn<typeof fetch>(async () => Response.json({ valid }));
}

async function sessionWith(server: typeof fetch, token: string | null) {
  const vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
  const store = vault.storeFor(SERVER);
  if (token) await store.write(token);
  return { session: createAdminSession({ vault, serverUrl: SERVER, fetch: server }), store, vault };
}

beforeEach(() => {
  // The memory vault says on start that the keychain is unavailable.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin session in main: validate', () => {
  it('forgets a token the server answers 200 {valid: false} for, as it does after a 401', async () => {
    const { session, store } = await sessionWith(validateAnswering(false), 'revoked-token');
    expect(await session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: false });
    expect(await store.read()).toBeNull();
  });

  it('keeps a token the server still accepts, and asks nothing without a token', async () => {
    const accepting = validateAnswering(true);
    const { session, store } = await sessionWith(accepting, 'working-token');
    expect(await session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: true });
    expect(await store.read()).toBe('working-token');

    const refusing = validateAnswering(false);
    const empty = await sessionWith(refusing, null);
    expect(await empty.session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: false });
    expect(refusing).not.toHaveBeenCalled();
  });
});

describe('admin session in main: a switch of server while an export is starting', () => {
  it("a 401 from the server left behind does not cost the new server's token", async () => {
    let answerExport: (response: Response) => void = () => undefined;
    const server = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/export')
        ? new Promise<Response>((resolve) => (answerExport = resolve))
        : Response.json({ success: true }),
    );
    const { session, vault } = await sessionWith(server, 'old-server-token');
    const download = session.download('/api/admin/leads/export', new AbortController().signal);
    await vi.waitFor(() => expect(server).toHaveBeenCalledTimes(1));

    const other = 'https://other.example';
    await session.switchServer(other, () => undefined);
    await vault.storeFor(other).write('new-server-token');
    answerExport(Response.json({ error: 'Unauthorized' }, { status: 401 }));

    expect(await download).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await vault.storeFor(other).read()).toBe('new-server-token');
  });
});

/** A real HTTP server on this computer that records what reaches it and answers as `answer` says. */
async function recordingServer(host: string, answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      answer(request, response);
    });
  });
  return {
    origin: await listenOnLoopback(server, host),
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('admin session in main: redirects', () => {
  it('never follows a redirect, so the password, token and device cookie reach no other address', async () => {
    // Where a misconfigured proxy, or an https server sending its API elsewhere, would send them
    // (another origin; with https → http the password would cross the network in clear text).
    const elsewhere = await recordingServer('127.0.0.2', (_request, response) => response.end('{"success":true,"token":"x"}'));
    const server = await recordingServer('127.0.0.1', (request, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}${request.url}` }).end();
    });
    try {
      const vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
      await vault.storeFor(knownDeviceAccount(server.origin)).write('the-device-cookie');
      const session = createAdminSession({ vault, serverUrl: server.origin, fetch: nodeFetch });
      const SECRET = 'the admin password';
      // The operator is told why, rather than signed in with a token from elsewhere.
      expect(await session.call({ method: 'login', args: [SECRET] })).toEqual({
        ok: false,
        reason: 'failed',
        status: 502,
        error: redirectRefusedText(`${elsewhere.origin}/api/admin/auth/login`),
      });
      expect(await vault.storeFor(server.origin).read()).toBeNull();

      await vault.storeFor(server.origin).write('the-admin-token');
      expect(await session.call({ method: 'listLeads', args: [] })).toMatchObject({ ok: false });
      expect(await session.download('/api/admin/leads/export', new AbortController().signal)).toMatchObject({ ok: false });

      expect(server.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
        'POST /api/admin/auth/login',
        'GET /api/admin/leads',
        'GET /api/admin/leads/export',
      ]);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await server.close();
      await elsewhere.close();
    }
  });
});
