import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { knownDeviceAccount } from '../../src-desktop/main/known-device.ts';
import { KEYCHAIN_SERVICE, type Keychain } from '../../src-desktop/main/token-vault.ts';
import { app, Menu, net } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/** The OS keychain as keytar answers it, holding what an earlier version kept for its server. */
const entries = vi.hoisted(() => new Map<string, string>());
vi.mock('keytar', () => {
  const keychain: Keychain = {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
  return { default: keychain };
});

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
