import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../server/features/admin/login-limits.ts';
import { ADMIN_DEVICE_COOKIE } from '../../src-shared/domain/admin.ts';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { createAdminSession } from '../../src-desktop/main/admin-session.ts';
import { knownDeviceAccount, withKnownDevice } from '../../src-desktop/main/known-device.ts';
import { isConsoleResource, setupContentSecurity } from '../../src-desktop/main/security.ts';
import { INSECURE_SERVER_URL, parseServerUrl } from '../../src-desktop/main/server-url.ts';
import { openSettings } from '../../src-desktop/main/settings.ts';
import { openTokenVault, type TokenVault } from '../../src-desktop/main/token-vault.ts';
import { rendererUrl } from '../../src-desktop/main/window.ts';
import { ADMIN_PASSWORD } from '../server/admin/admin-client.ts';
import { adminLogin } from '../support/admin-login.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { callAdmin as admin, RENDERER, setupConsoleIpc } from './support/console-ipc.ts';
import { app, invoke, session } from './support/electron-mock.ts';
import { nodeFetch } from './support/node-fetch.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/**
 * The console talks to its server only where nobody can read the admin password and token on
 * the way (https, or http on this computer), shows only its own files, and keeps the server's
 * known-device cookie in main beside the token. The Electron binary cannot run here: main's
 * modules run with the `electron` module replaced ("electron mocked"), against a real server.
 */

const APP_ENTRY = 'app://console/index.html';

afterEach(() => {
  app.isPackaged = false;
  vi.restoreAllMocks();
});

describe('the packaged app loads only its own files (electron mocked)', () => {
  it('ignores ELECTRON_RENDERER_URL once packaged', () => {
    app.isPackaged = true;
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/console' }).href).toBe(APP_ENTRY);
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173/' }).href).toBe(APP_ENTRY);
  });

  it('in development takes the dev server from ELECTRON_RENDERER_URL, only on this computer', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173/' }).href).toBe('http://localhost:5173/');
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }).href).toBe('http://127.0.0.1:5173/');
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }).href).toBe(APP_ENTRY);
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'file:///tmp/page.html' }).href).toBe(APP_ENTRY);
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'not a url' }).href).toBe(APP_ENTRY);
  });

  it("lets the window load the console's files and the devtools, nothing else", () => {
    const built = new URL(APP_ENTRY);
    expect(isConsoleResource('app://console/assets/index-1a2b.js', built)).toBe(true);
    expect(isConsoleResource('devtools://devtools/bundled/inspector.html', built)).toBe(true);
    for (const other of [
      'https://evil.example/x.js',
      'http://127.0.0.1:3000/api/admin/leads',
      'app://other/index.html',
      'file:///etc/passwd',
      'ws://console/',
      'not a url',
    ]) {
      expect(isConsoleResource(other, built), other).toBe(false);
    }
    const dev = new URL('http://localhost:5173/');
    expect(isConsoleResource('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isConsoleResource('ws://localhost:5173/', dev)).toBe(true);
    expect(isConsoleResource('http://localhost:3000/api/admin/leads', dev)).toBe(false);
  });

  it('cancels every request of a page for anything but those files', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setupContentSecurity(new URL(APP_ENTRY));
    const [listener] = session.defaultSession.webRequest.onBeforeRequest.mock.calls.at(-1) ?? [];
    expect(listener).toBeDefined();
    const answer = (url: string) => {
      let cancel: boolean | undefined;
      listener?.({ url }, (response) => {
        cancel = response.cancel;
      });
      return cancel;
    };
    expect(answer('app://console/index.html')).toBe(false);
    expect(answer('https://evil.example/steal')).toBe(true);
    expect(answer('http://192.0.2.1/')).toBe(true);
  });
});

describe('the server address: https, or http only on this computer (electron mocked)', () => {
  it('accepts https anywhere and http on localhost, 127.0.0.0/8 and [::1]', () => {
    for (const [input, origin] of [
      ['https://admin.example.com', 'https://admin.example.com'],
      ['https://203.0.113.5:8443/', 'https://203.0.113.5:8443'],
      ['http://localhost:3000', 'http://localhost:3000'],
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['http://127.10.20.30', 'http://127.10.20.30'],
      ['http://[::1]:3000', 'http://[::1]:3000'],
      // Other spellings of a loopback address, as URL normalises them.
      ['http://2130706433:3000', 'http://127.0.0.1:3000'],
    ]) {
      expect(parseServerUrl(input ?? ''), input).toEqual({ ok: true, serverUrl: origin });
    }
  });

  it('refuses http to any other machine, saying why and what to write instead', () => {
    for (const input of [
      'http://admin.example.com',
      'http://10.0.0.5:3000',
      'http://192.168.1.20',
      'http://[2001:db8::1]',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      'http://0.0.0.0:3000',
    ]) {
      expect(parseServerUrl(input), input).toEqual({ ok: false, error: INSECURE_SERVER_URL });
    }
    expect(INSECURE_SERVER_URL).toMatch(/https:\/\//);
  });

  it('an http address to another machine saved by an earlier version is not used, and the setup screen says why', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'console-settings-'));
    try {
      await writeFile(
        path.join(folder, 'settings.json'),
        JSON.stringify({ serverUrl: 'http://admin.example.com', lastScreen: 'users', bounds: null }),
      );
      const settings = openSettings({ cwd: folder });
      expect(settings.get()).toEqual({
        serverUrl: null,
        lastScreen: 'users',
        refusedServerUrl: { url: 'http://admin.example.com', error: INSECURE_SERVER_URL },
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the known-device cookie in main (electron mocked, real server)', () => {
  let server: TestServer;
  let settingsDir: string;
  let vault: TokenVault;

  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD } });
    settingsDir = await mkdtemp(path.join(tmpdir(), 'console-known-device-'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
    const settings = openSettings({ cwd: settingsDir });
    const session = createAdminSession({ vault, serverUrl: null, fetch: nodeFetch });
    setupConsoleIpc({ settings, vault, session });
    // Refused before anything is sent: the renderer asked for http to another machine.
    expect(await invoke(IPC_CHANNELS.settingsSetServerUrl, RENDERER.href, 'http://admin.example.com')).toEqual({
      ok: false,
      error: INSECURE_SERVER_URL,
    });
    expect(await invoke(IPC_CHANNELS.settingsSetServerUrl, RENDERER.href, server.url)).toEqual({
      ok: true,
      serverUrl: server.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
  });

  it('keeps the cookie a login sets in main, beside the token; the renderer gets only the outcome', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true, value: undefined });
    const cookie = await vault.storeFor(knownDeviceAccount(server.url)).read();
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it(`logs in at once after ${ADMIN_LOGIN_LIMITS.perIpPerHour} wrong guesses from its own address locked that address`, async () => {
    for (let n = 0; n < ADMIN_LOGIN_LIMITS.perIpPerHour; n++) {
      const guess = await adminLogin(server, `a guess from the same address ${n}`);
      expect(guess.status).toBe(401);
    }
    const stranger = await adminLogin(server, ADMIN_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true, value: undefined });
    expect(await admin('validate')).toEqual({ ok: true, value: true });
  });

  it('a console without the cookie (another machine behind the same address) is refused', async () => {
    const otherVault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
    const other = createAdminSession({ vault: otherVault, serverUrl: server.url, fetch: nodeFetch });
    expect(await other.call({ method: 'login', args: [ADMIN_PASSWORD] })).toMatchObject({
      ok: false,
      reason: 'failed',
      error: expect.stringMatching(/^Too many failed login attempts from your address/),
    });
  });

  it('"Sign out all admin sessions" ends this session too and forgets its token, but the device stays known', async () => {
    expect(await admin('revokeAllSessions')).toEqual({ ok: true, value: undefined });
    expect(await vault.storeFor(server.url).read()).toBeNull();
    expect(await admin('validate')).toEqual({ ok: true, value: false });
    expect(await vault.storeFor(knownDeviceAccount(server.url)).read()).not.toBeNull();
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true, value: undefined });
  });

  it('sends the cookie only with admin requests to its own server', async () => {
    const seen: [string, string | null][] = [];
    const recording = vi.fn<typeof fetch>(async (input, init) => {
      seen.push([String(input), new Headers(init?.headers).get('cookie')]);
      return new Response('{}');
    });
    const jar = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
    const store = jar.storeFor(knownDeviceAccount('https://a.example'));
    await store.write('the-device-cookie');
    const deviceFetch = withKnownDevice(recording, 'https://a.example', store);
    await deviceFetch('https://a.example/api/admin/auth/login', { method: 'POST' });
    await deviceFetch('https://a.example/api/storychief/stories');
    await deviceFetch('https://b.example/api/admin/auth/login', { method: 'POST' });
    expect(seen).toEqual([
      ['https://a.example/api/admin/auth/login', `${ADMIN_DEVICE_COOKIE}=the-device-cookie`],
      ['https://a.example/api/storychief/stories', null],
      ['https://b.example/api/admin/auth/login', null],
    ]);
  });
});
