import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { createAdminSession } from '../../src-desktop/main/admin-session.ts';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { createExportSaver } from '../../src-desktop/main/save-export.ts';
import { SERVER_NOT_SAVED, SERVER_SWITCH_DECLINED, UNKNOWN_SENDER } from '../../src-desktop/main/ipc.ts';
import { openSettings, type SettingsStore } from '../../src-desktop/main/settings.ts';
import { openTokenVault, type TokenVault } from '../../src-desktop/main/token-vault.ts';
import { ADMIN_PASSWORD } from '../server/admin/admin-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { callAdmin as admin, fromRenderer, RENDERER, setupConsoleIpc } from './support/console-ipc.ts';
import { consoleContents, invoke, invokeAs } from './support/electron-mock.ts';
import { nodeFetch } from './support/node-fetch.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

let server: TestServer;
let settingsDir: string;
let settings: SettingsStore;
let vault: TokenVault;
const openExternal = vi.fn(async () => undefined);
// The native dialog main shows before leaving one server for another, answered as the operator would.
const confirmServerSwitch = vi.fn(async (_from: string, _to: string) => true);
let exportDir: string;
// The native save dialog, answered as an operator choosing leads.csv in a folder.
const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: path.join(exportDir, 'leads.csv') }));
const progress: number[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD } });
  settingsDir = await mkdtemp(path.join(tmpdir(), 'console-settings-'));
  settings = openSettings({ cwd: settingsDir });
  // The memory vault, as when the keychain is unavailable; the real keychain has its own test.
  vault = await openTokenVault(() => Promise.reject(new Error('no keychain in this test')));
  const session = createAdminSession({ vault, serverUrl: settings.get().serverUrl, fetch: nodeFetch });
  exportDir = await mkdtemp(path.join(tmpdir(), 'console-export-'));
  const exports = createExportSaver({
    showSaveDialog,
    defaultDirectory: exportDir,
    download: (exportPath, signal) => session.download(exportPath, signal),
    onProgress: (bytes) => progress.push(bytes),
  });
  setupConsoleIpc({ settings, vault, session, exports, openExternal, confirmServerSwitch });
});

afterAll(async () => {
  await server?.close();
  if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
  if (exportDir) await rm(exportDir, { recursive: true, force: true });
});

describe('IPC hub (electron mocked, real server)', () => {
  it('drops messages from any frame but the console renderer, doing nothing for them', async () => {
    const strangers = [
      'https://evil.example/index.html',
      // Another host on the console's scheme, and the built renderer opened as a file.
      'app://other/index.html',
      'file:///opt/HireAssist%20Console/resources/app.asar/out/desktop/renderer/index.html',
      'not a url',
      null,
    ];
    for (const frame of strangers) {
      await expect(
        invoke(IPC_CHANNELS.saveExport, frame, { path: '/api/admin/leads/export', suggestedName: 'a.csv' }),
      ).rejects.toThrow(UNKNOWN_SENDER);
      await expect(invoke(IPC_CHANNELS.openExternal, frame, 'https://example.com')).rejects.toThrow(UNKNOWN_SENDER);
      await expect(invoke(IPC_CHANNELS.adminCall, frame, { method: 'login', args: [ADMIN_PASSWORD] })).rejects.toThrow(
        UNKNOWN_SENDER,
      );
    }
    expect(showSaveDialog).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("drops messages from the renderer's page anywhere but the console window's top frame", async () => {
    const page = `${RENDERER.href}#/leads`;
    for (const event of [
      // Another webContents showing the console's page (a second window, a devtools extension's view).
      { sender: { id: 2 }, senderFrame: { url: page, parent: null } },
      // A frame inside the console's page.
      { sender: consoleContents, senderFrame: { url: page, parent: { url: page } } },
    ]) {
      await expect(invokeAs(IPC_CHANNELS.openExternal, event, 'https://example.com')).rejects.toThrow(UNKNOWN_SENDER);
      await expect(invokeAs(IPC_CHANNELS.settingsGet, event)).rejects.toThrow(UNKNOWN_SENDER);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('rejects arguments that do not fit the contract with a clear error', async () => {
    for (const exportPath of ['/api/admin/audit', 'https://evil.example/api/admin/leads/export', '/api/admin/leads/export#x']) {
      await expect(fromRenderer(IPC_CHANNELS.saveExport, { path: exportPath, suggestedName: 'a.csv' })).rejects.toThrow(
        /Invalid arguments for console:save-export/,
      );
    }
    await expect(admin('readToken')).rejects.toThrow(/unknown admin method "readToken"/);
    await expect(admin('constructor')).rejects.toThrow(/unknown admin method/);
    await expect(fromRenderer(IPC_CHANNELS.adminCall, { method: 'login', args: ['x'], token: 'y' })).rejects.toThrow(
      /unexpected field token/,
    );
    await expect(fromRenderer(IPC_CHANNELS.settingsSetLastScreen, 'settings')).rejects.toThrow(/Invalid arguments/);
    await expect(
      fromRenderer(IPC_CHANNELS.saveExport, { path: '/api/admin/leads/export', suggestedName: '../../.bashrc' }),
    ).rejects.toThrow(/Invalid arguments for console:save-export/);
    await expect(fromRenderer(IPC_CHANNELS.openExternal, { href: 'https://example.com' })).rejects.toThrow(/Invalid arguments/);
    expect(showSaveDialog).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses a suggested file name that is not a plain .csv name before any dialog opens', async () => {
    // The name lands in the save dialog beside the Downloads folder: no way out of it, no hidden
    // file, no control or bidi characters that make the name read as something else.
    for (const suggestedName of [
      '..',
      '.',
      '.bashrc',
      'leads\u007f.csv',
      'leads\u0085.csv',
      'leads\u009b.csv',
      'report-\u202evsc.exe',
      'leads\u200b.csv',
      'leads\u2028.csv',
      'leads.exe',
      'leads',
    ]) {
      await expect(
        fromRenderer(IPC_CHANNELS.saveExport, { path: '/api/admin/leads/export', suggestedName }),
        JSON.stringify(suggestedName),
      ).rejects.toThrow(/Invalid arguments for console:save-export/);
    }
    expect(showSaveDialog).not.toHaveBeenCalled();
  });

  it('answers an admin call with arguments the server would refuse as the 400 the server gives, never a rejection', async () => {
    // The shared screens take an AdminApi call's failure as an outcome; a rejection left them busy for ever.
    const refused = { ok: false, reason: 'failed', status: 400, error: expect.stringMatching(/^Invalid /) };
    for (const [method, ...args] of [
      ['login', 42],
      ['login'],
      ['listLeads', 'extra'],
      ['listLeads', { limit: 1000 }],
      ['leadDetail', 'one'],
      ['disableUser', ''],
      ['inviteUser', { email: 'ana@example.com', role: 'admin' }],
    ] as const) {
      expect(await admin(method, ...args), method).toEqual(refused);
    }
    expect(await admin('listLeads', { limit: 1000 })).toEqual({
      ...refused,
      error: "Invalid query: 'limit' must be <= 200",
    });
    expect(showSaveDialog).not.toHaveBeenCalled();
  });

  it('refuses a server address that is not a plain http(s) origin', async () => {
    for (const bad of ['ftp://example.com', 'javascript:alert(1)', 'http://user:pw@example.com', 'https://example.com/admin']) {
      const reply = (await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, bad)) as { ok: boolean };
      expect(reply.ok, bad).toBe(false);
    }
    expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toEqual({ serverUrl: null, lastScreen: 'leads' });
  });

  it('never puts the admin token in a reply over a full sign-in, list and sign-out run', async () => {
    const replies: unknown[] = [];
    const record = async (reply: Promise<unknown>) => {
      const value = await reply;
      replies.push(value);
      return value;
    };
    expect(await record(admin('listLeads'))).toMatchObject({ ok: false });
    expect(await record(fromRenderer(IPC_CHANNELS.settingsSetServerUrl, `${server.url}/`))).toEqual({
      ok: true,
      serverUrl: server.url,
    });
    expect(await record(fromRenderer(IPC_CHANNELS.tokenStorage))).toBe('memory');
    expect(await record(admin('login', 'not the password'))).toMatchObject({ ok: false, reason: 'failed' });
    expect(await record(admin('login', ADMIN_PASSWORD))).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    expect(token).toMatch(/.{20,}/);

    expect(await record(admin('validate'))).toEqual({ ok: true, value: true });
    expect(await record(admin('listLeads'))).toMatchObject({ ok: true, value: { items: expect.any(Array) } });
    expect(await record(admin('listLeads', { q: 'x', order: 'asc', limit: 10 }))).toMatchObject({ ok: true });
    expect(await record(admin('listUsers'))).toMatchObject({ ok: true, value: { items: expect.any(Array) } });
    expect(await record(admin('listAudit', { type: 'admin.login' }))).toMatchObject({
      ok: true,
      value: { items: expect.any(Array), nextCursor: null, total: expect.any(Number) },
    });
    expect(await record(admin('listOutbox'))).toMatchObject({ ok: true });
    expect(await record(fromRenderer(IPC_CHANNELS.settingsSetLastScreen, 'users'))).toEqual({ ok: true });
    expect(await record(fromRenderer(IPC_CHANNELS.settingsGet))).toEqual({ serverUrl: server.url, lastScreen: 'users' });
    await record(admin('logout'));
    expect(await record(admin('validate'))).toEqual({ ok: true, value: false });

    for (const reply of replies) expect(JSON.stringify(reply) ?? '').not.toContain(token);
    // Sign-out revoked the token on the server, not only here.
    const check = await server.fetch('/api/admin/auth/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
  });

  it('forgets a token the server no longer accepts, so the console asks for the password again', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    // Revoked behind the console's back (another operator's sign-out, or expiry).
    await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(await admin('listUsers')).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await vault.storeFor(server.url).read()).toBeNull();
    expect(await admin('validate')).toEqual({ ok: true, value: false });
  });

  it('counts signing out of a session the server had already ended as done', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    // The server answers 401 for the dead token: what signing out wanted.
    expect(await admin('logout')).toEqual({ ok: true, value: undefined });
    expect(await vault.storeFor(server.url).read()).toBeNull();
  });

  it('gives the very 400 message the server gives for an over-long search or invitation address', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const q = 'x'.repeat(201);
    const search = await server.fetch(`/api/admin/users?q=${q}`, { headers });
    expect(search.status).toBe(400);
    const { error: searchError } = (await search.json()) as { error: string };
    expect(searchError).toBe("Invalid query: 'q' must be at most 200 characters");
    expect(await admin('listUsers', { q })).toEqual({ ok: false, reason: 'failed', status: 400, error: searchError });

    const order = await server.fetch('/api/admin/leads?order=up', { headers });
    const { error: orderError } = (await order.json()) as { error: string };
    expect(await admin('listLeads', { order: 'up' })).toEqual({ ok: false, reason: 'failed', status: 400, error: orderError });

    const email = `${'a'.repeat(130)}@example.com`;
    const invite = await server.fetch('/api/admin/users/invite', { method: 'POST', headers, body: JSON.stringify({ email }) });
    expect(invite.status).toBe(400);
    const { error: inviteError } = (await invite.json()) as { error: string };
    expect(await admin('inviteUser', { email })).toEqual({ ok: false, reason: 'failed', status: 400, error: inviteError });
  });

  it('streams an export straight into the file chosen in the save dialog, with progress', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    await server.app.database.db
      .insertInto('leads')
      .values(Array.from({ length: 3000 }, (_, i) => ({ name: `Lead ${i}`, email: `lead${i}@example.com`, source: 'contact' })))
      .execute();
    const request = { path: '/api/admin/leads/export?q=lead1', suggestedName: 'leads-2026-11-25.csv' };
    const result = await fromRenderer(IPC_CHANNELS.saveExport, request);
    expect(result).toEqual({ status: 'saved', location: path.join(exportDir, 'leads.csv') });
    const written = await readFile(path.join(exportDir, 'leads.csv'), 'utf8');
    const token = await vault.storeFor(server.url).read();
    const direct = await (await server.fetch(request.path, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(written).toBe(`\ufeff${direct}`);
    expect(written.split('\r\n')).toHaveLength(1 + 1111);
    expect(progress.at(-1)).toBe(Buffer.byteLength(direct));
    // Nothing but the file: the temp file it was written to is gone.
    expect(await readdir(exportDir)).toEqual(['leads.csv']);
  });

  it("reports the OS's error when the chosen folder is gone, and leaves nothing behind", async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const gone = path.join(exportDir, 'removed-meanwhile');
    showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: path.join(gone, 'users.csv') });
    const result = await fromRenderer(IPC_CHANNELS.saveExport, { path: '/api/admin/users/export', suggestedName: 'users.csv' });
    expect(result).toMatchObject({ status: 'failed', message: expect.stringContaining('ENOENT') });
    expect((await readdir(exportDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('answers an export refused for a session that ended behind its back as unauthorized, and forgets the token', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const request = { path: '/api/admin/users/export', suggestedName: 'users-2026-11-25.csv' };
    expect(await fromRenderer(IPC_CHANNELS.saveExport, request)).toEqual({ status: 'unauthorized' });
    expect(await vault.storeFor(server.url).read()).toBeNull();
  });

  it("leaves the server only when the operator confirms it in main's own dialog: the renderer alone cannot repoint the console", async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    const other = 'https://attacker.example';
    confirmServerSwitch.mockClear();
    confirmServerSwitch.mockResolvedValueOnce(false);
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, other)).toEqual({ ok: false, error: SERVER_SWITCH_DECLINED });
    expect(confirmServerSwitch).toHaveBeenCalledWith(server.url, other);
    // Still on the same server, still signed in, the setting unchanged.
    expect(await vault.storeFor(server.url).read()).toBe(token);
    expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toMatchObject({ serverUrl: server.url });
    expect(await admin('validate')).toEqual({ ok: true, value: true });
    // The same address again asks nothing.
    confirmServerSwitch.mockClear();
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, server.url)).toEqual({ ok: true, serverUrl: server.url });
    expect(confirmServerSwitch).not.toHaveBeenCalled();
  });

  it('switches all the same when the old server cannot be told of the sign-out, and says so', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    // The old server fails the logout (a 5xx): its session may live on there until it expires.
    const unreachable = 'http://127.0.0.1:9';
    const realFetch = globalThis.fetch;
    const logoutFails = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/admin/auth/logout'))
        return Response.json({ error: 'Internal Server Error' }, { status: 503 });
      return realFetch(input, init);
    });
    const reply = await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, unreachable);
    logoutFails.mockRestore();
    expect(reply).toEqual({ ok: true, serverUrl: unreachable, signOutFailure: expect.stringContaining(server.url) });
    expect((reply as { signOutFailure: string }).signOutFailure).toContain('Internal Server Error');
    // Nothing of the old server stays here, whatever it answered.
    expect(await vault.storeFor(server.url).read()).toBeNull();
    expect(await vault.storeFor(knownDeviceAccount(server.url)).read()).toBeNull();
    const check = await server.fetch('/api/admin/auth/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(200);
    // Back to the test server for the tests that follow.
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, server.url)).toEqual({ ok: true, serverUrl: server.url });
  });

  it('stays on the old server, address and session alike, when the new address cannot be saved', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    vi.spyOn(settings, 'setServerUrl').mockImplementationOnce(() => {
      throw new Error("EACCES: permission denied, open '/home/op/.config/HireAssist Console/settings.json'");
    });
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, 'http://127.0.0.1:9')).toEqual({
      ok: false,
      error: `${SERVER_NOT_SAVED} EACCES: permission denied, open '/home/op/.config/HireAssist Console/settings.json'`,
    });
    expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toMatchObject({ serverUrl: server.url });
    // Signed out of the old server (the operator asked to leave it), but main still talks to it,
    // the server its settings name: the password typed next goes there, not to the other one.
    const check = await server.fetch('/api/admin/auth/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
    expect(await admin('validate')).toEqual({ ok: true, value: false });
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    expect(await admin('validate')).toEqual({ ok: true, value: true });
  });

  it('answers the settings file, instead of failing silently, when the screen shown cannot be saved', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await fromRenderer(IPC_CHANNELS.settingsSetLastScreen, 'users')).toEqual({ ok: true });
    vi.spyOn(settings, 'setLastScreen').mockImplementationOnce(() => {
      throw new Error("EACCES: permission denied, open '/home/op/.config/HireAssist Console/settings.json'");
    });
    expect(await fromRenderer(IPC_CHANNELS.settingsSetLastScreen, 'audit')).toEqual({
      ok: false,
      file: path.join(settingsDir, 'settings.json'),
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('EACCES'));
    expect(await fromRenderer(IPC_CHANNELS.settingsGet)).toMatchObject({ lastScreen: 'users' });
  });

  it('signs out of the old server when the operator switches servers', async () => {
    expect(await admin('login', ADMIN_PASSWORD)).toEqual({ ok: true });
    const token = await vault.storeFor(server.url).read();
    const deviceCookie = vault.storeFor(knownDeviceAccount(server.url));
    expect(await deviceCookie.read()).not.toBeNull();
    const other = 'http://127.0.0.1:9';
    expect(await fromRenderer(IPC_CHANNELS.settingsSetServerUrl, other)).toEqual({ ok: true, serverUrl: other });
    expect(await vault.storeFor(server.url).read()).toBeNull();
    // Nor does the old server's known-device cookie stay on this computer.
    expect(await deviceCookie.read()).toBeNull();
    const check = await server.fetch('/api/admin/auth/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
    expect(await admin('validate')).toEqual({ ok: true, value: false });
  });
});
