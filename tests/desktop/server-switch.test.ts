import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { createAdminSession } from '../../src-desktop/main/admin-session.ts';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { openSettings, type SettingsStore } from '../../src-desktop/main/settings.ts';
import { openTokenVault, type TokenVault } from '../../src-desktop/main/token-vault.ts';
import { ADMIN_PASSWORD } from '../server/admin/admin-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { callAdmin as admin, fromRenderer, setupConsoleIpc } from './support/console-ipc.ts';

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
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD } });
  slow = await slowSignOutServer();
  settingsDir = await mkdtemp(path.join(tmpdir(), 'console-settings-'));
  settings = openSettings({ cwd: settingsDir });
  // The memory vault, as when the keychain is unavailable; the real keychain has its own test.
  vault = await openTokenVault(() => Promise.reject(new Error('no keychain in this test')));
  const session = createAdminSession({ vault, serverUrl: settings.get().serverUrl });
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
