import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { redirectRefusedText } from '../../src-desktop/main/admin-session.ts';
import { KEYCHAIN_SERVICE } from '../../src-desktop/main/token-vault.ts';
import { entries } from './support/keytar-stand-in.ts';
import { app, BrowserWindow, invokeAs, Menu, net } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

const SERVER = 'https://admin.example.com';
const TOKEN = 'the-admin-token-in-the-keychain';

vi.mock('keytar', () => import('./support/keytar-stand-in.ts'));

describe("main process reaching its server through Chromium's network stack (electron mocked, keytar stand-in)", () => {
  it("calls the server with Electron's net.fetch (system proxy, OS certificates), never Node's fetch, and keeps the token out of URLs", async () => {
    await writeFile(
      path.join(app.getPath('userData'), 'settings.json'),
      JSON.stringify({ serverUrl: SERVER, lastScreen: 'leads', bounds: null }),
    );
    entries.set(`${KEYCHAIN_SERVICE}/${SERVER}`, TOKEN);
    const nodeFetchCalls = vi.spyOn(globalThis, 'fetch');
    const log = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
    net.fetch.mockImplementation(async () => Response.json({ valid: true }));

    await import('../../src-desktop/main/index.ts');
    await vi.waitFor(() => expect(Menu.setApplicationMenu).toHaveBeenCalled());
    // From the console window's renderer, as Electron delivers it.
    const fromRenderer = (channel: string, ...args: unknown[]) =>
      invokeAs(
        channel,
        { sender: BrowserWindow.created[0]?.webContents, senderFrame: { url: 'app://console/index.html', parent: null } },
        ...args,
      );

    expect(await fromRenderer(IPC_CHANNELS.adminCall, { method: 'validate', args: [] })).toEqual({ ok: true, value: true });
    expect(nodeFetchCalls).not.toHaveBeenCalled();
    expect(net.fetch).toHaveBeenCalledTimes(1);
    const [input, init] = net.fetch.mock.calls[0] ?? [];
    expect(input).toBe(`${SERVER}/api/admin/auth/validate`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    // Chromium's cookie jar and disk cache (files in userData) keep nothing of the admin API.
    expect(init).toMatchObject({ credentials: 'omit', cache: 'no-store' });

    // A redirect, which net.fetch can only refuse, reads as the refusal main gives any redirect.
    net.fetch.mockImplementation(async () => {
      throw new Error("Attempted to redirect, but redirect policy was 'error'");
    });
    expect(await fromRenderer(IPC_CHANNELS.adminCall, { method: 'listLeads', args: [] })).toMatchObject({
      ok: false,
      error: redirectRefusedText(null),
    });
    const logged = log.flatMap((spy) => spy.mock.calls.flat().map(String));
    expect(logged.filter((line) => line.includes(TOKEN))).toEqual([]);
    expect(nodeFetchCalls).not.toHaveBeenCalled();
  });
});
