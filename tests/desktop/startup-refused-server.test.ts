import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { KEYCHAIN_SERVICE } from '../../src-desktop/main/token-vault.ts';
import { entries } from './support/keytar-stand-in.ts';
import { app, Menu, net } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

vi.mock('keytar', () => import('./support/keytar-stand-in.ts'));

describe('main process start-up with a stored address it now refuses (electron mocked, keytar stand-in)', () => {
  it("removes that server's token and device cookie from the keychain without sending them anywhere", async () => {
    const refused = 'http://admin.example.com';
    await writeFile(
      path.join(app.getPath('userData'), 'settings.json'),
      JSON.stringify({ serverUrl: refused, lastScreen: 'users', bounds: null }),
    );
    entries.set(`${KEYCHAIN_SERVICE}/${refused}`, 'a-token-of-the-refused-server');
    entries.set(`${KEYCHAIN_SERVICE}/${knownDeviceAccount(refused)}`, 'its-device-cookie');
    entries.set(`${KEYCHAIN_SERVICE}/https://admin.example.com`, 'the-https-server-token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    await import('../../src-desktop/main/index.ts');
    await vi.waitFor(() => expect(Menu.setApplicationMenu).toHaveBeenCalled());

    expect([...entries.keys()]).toEqual([`${KEYCHAIN_SERVICE}/https://admin.example.com`]);
    expect(net.fetch).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
