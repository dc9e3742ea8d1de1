import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { ADMIN_DEVICE_COOKIE } from '../../src-shared/domain/admin.ts';
import { createAdminSession, SIGN_IN_DURING_SWITCH, SIGN_IN_OVERTAKEN } from '../../src-desktop/main/admin-session.ts';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { openSettings, type SettingsStore } from '../../src-desktop/main/settings.ts';
import { openTokenVault, type TokenVault } from '../../src-desktop/main/token-vault.ts';
import { ADMIN_PASSWORD } from '../server/admin/admin-client.ts';
import { closeHttpServer, listenOnLoopback } from '../support/free-port.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { callAdmin as admin, fromRenderer, setupConsoleIpc } from './support/console-ipc.ts';
import { nodeFetch } from './support/node-fetch.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/** How long the slow server takes to answer its first sign-out (a slow link, a busy server). */
const SLOW_SIGN_OUT_MS = 400;

let server: TestServer;
let slow: { origin: string; close(): Promise<void> };
let settingsDir: string;
let settings: SettingsStore;
let vault: TokenVault;

/** A server whose first sign-out answers late and every later one at once. */
async function slowSignOutServer() {
  let signOuts = 0;
  const http = createServer((request, response) => {
    request.resume();
    const delay = request.url === '/api/admin/auth/logout' && signOuts++ === 0 ? SLOW_SIGN_OUT_MS : 0;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: true }));
    }, delay);
  });
  return {
    origin: await listenOnLoopback(http),
    close: () => closeHttpServer(http),
  };
}

/**
 * A server that answers requests to `heldPath` only once the test releases them (a slow link, a
 * busy server), a sign-in with a token and device cookie of its own, and notes the token of each sign-out it is sent.
 */
async function heldServer(heldPath: '/api/admin/auth/login' | '/api/admin/auth/logout') {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let received: () => void = () => {};
  const heldRequestReceived = new Promise<void>((resolve) => (received = resolve));
  const signedOut: string[] = [];
  const signIns: string[] = [];
  const http = createServer((request, response) => {
    request.resume();
    if (request.url === '/api/admin/auth/logout') signedOut.push(request.headers.authorization ?? '');
    if (request.url === '/api/admin/auth/login') signIns.push(request.url);
    const body =
      request.url === '/api/admin/auth/login' ? { success: true, token: 'token-of-the-held-server' } : { success: true };
    const answer = () => {
      // Each sign-in makes this computer a device the server knows, as the real server does.
      if (request.url === '/api/admin/auth/login')
        response.setHeader('set-cookie', `${ADMIN_DEVICE_COOKIE}=device-of-the-held-server; Path=/api/admin`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url !== heldPath) return answer();
    received();
    void released.then(answer);
  });
  return {
    origin: await listenOnLoopback(http),
    heldRequestReceived,
    release: () => release(),
    signedOut,
    signIns,
    close: () => closeHttpServer(http),
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD } });
  slow = await slowSignOutServer();
  settingsDir = await mkdtemp(path.join(tmpdir(), 'console-settings-'));
  settings = openSettings({ cwd: settingsDir });
  // The memory vault, as when the keychain is unavailable; the real keychain has its own test.
  vault = await openTokenVault(() => Promise.reject(new Error('no keychain in this test')));
  const session = createAdminSession({ vault, serverUrl: settings.get().serverUrl, fetch: nodeFetch });
  setupConsoleIpc({ settings, vault, session });
});

afterAll(async () => {
  await server?.close();
  await slow?.close();
  if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
});

describe('two server switches at once (electron mocked, real server)', () => {
  it('ends on the server asked for last, with the settings, the session and the stored secrets all of that one server', async () => {
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, slow.origin)).toEqual({ ok: true, serverUrl: slow.origin });
    // Signed in there: its token is kept, so leaving it sends a sign-out, which it answers late.
    await vault.storeFor(slow.origin).write('token-of-the-slow-server');
    const unused = 'http://127.0.0.1:9';

    // The operator asks for one server, then, before that switch is done, for another.
    const first = fromRenderer(IPC_CHANNELS.settingsSetServerUrl, unused);
    const second = fromRenderer(IPC_CHANNELS.settingsSetServerUrl, server.url);
    expect(await second).toMatchObject({ ok: true, serverUrl: server.url });
    // The console now names the test server: the operator signs in to it.
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    expect(await first).toMatchObject({ ok: true, serverUrl: unused });

    expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toMatchObject({ serverUrl: server.url });
    expect(await admin('validate')).toEqual({ ok: true, value: true });
    for (const left of [slow.origin, unused]) {
      expect(await vault.storeFor(left).read(), left).toBeNull();
      expect(await vault.storeFor(knownDeviceAccount(left)).read(), left).toBeNull();
    }
  });
});

describe('signing in while the console leaves its server (electron mocked)', () => {
  it('undoes a sign-in answered after the switch: its session is ended on that server and nothing of it is kept', async () => {
    const held = await heldServer('/api/admin/auth/login');
    try {
      expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, held.origin)).toMatchObject({ ok: true });
      const signIn = admin('login', 'the password of the held server');
      await held.heldRequestReceived;
      expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, server.url)).toMatchObject({
        ok: true,
        serverUrl: server.url,
      });

      held.release();
      expect(await signIn).toEqual({ ok: false, reason: 'failed', error: SIGN_IN_OVERTAKEN });
      expect(held.signedOut).toContain('Bearer token-of-the-held-server');
      expect(await vault.storeFor(held.origin).read()).toBeNull();
      expect(await vault.storeFor(knownDeviceAccount(held.origin)).read()).toBeNull();
      expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toMatchObject({ serverUrl: server.url });
    } finally {
      await held.close();
    }
  });

  it('refuses a sign-in asked for while a switch runs, sending the password nowhere', async () => {
    const held = await heldServer('/api/admin/auth/logout');
    try {
      expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, held.origin)).toMatchObject({ ok: true });
      await vault.storeFor(held.origin).write('token-of-the-held-server');
      // Leaving it: its sign-out is answered only once released.
      const switched = fromRenderer(IPC_CHANNELS.settingsSetServerUrl, server.url);
      await held.heldRequestReceived;

      expect(await admin('login', 'a password typed meanwhile')).toEqual({
        ok: false,
        reason: 'failed',
        error: SIGN_IN_DURING_SWITCH,
      });
      expect(held.signIns).toEqual([]);

      held.release();
      expect(await switched).toMatchObject({ ok: true, serverUrl: server.url });
      expect(await vault.storeFor(held.origin).read()).toBeNull();
      expect(await admin('validate')).toEqual({ ok: true, value: false });
    } finally {
      await held.close();
    }
  });
});
