import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, SESSION_LEFT_IN_KEYCHAIN } from '../../src-desktop/contract/bridge.ts';
import { createAdminSession, keychainKeepsSession, KEYCHAIN_LOST_AT_SIGN_OUT } from '../../src-desktop/main/admin-session.ts';
import type { SettingsStore } from '../../src-desktop/main/settings.ts';
import { KEYCHAIN_SERVICE, openTokenVault, type Keychain } from '../../src-desktop/main/token-vault.ts';
import { callAdmin as admin, RENDERER, setupConsoleIpc } from './support/console-ipc.ts';
import { invoke } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

const SERVER = 'http://console.test';

/**
 * A keytar stand-in: a working keychain in memory until `failing` is set, then every call
 * throws as keytar does when the Secret Service goes away or the keychain is locked.
 */
function keychainThatStartsFailing() {
  const entries = new Map<string, string>();
  const state = { failing: false, calls: 0 };
  const guard = () => {
    state.calls += 1;
    if (state.failing) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  const keychain: Keychain = {
    getPassword: async (service, account) => {
      guard();
      return entries.get(`${service}/${account}`) ?? null;
    },
    setPassword: async (service, account, password) => {
      guard();
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => {
      guard();
      return entries.delete(`${service}/${account}`);
    },
  };
  return { keychain, entries, state };
}

/** The admin endpoints the session uses, answering as the server does. */
function fakeServer(tokens: { issued: string[]; valid: Set<string> }): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'POST /api/admin/auth/login': {
        const issued = `token-${tokens.issued.length + 1}`;
        tokens.issued.push(issued);
        tokens.valid.add(issued);
        return json({ success: true, token: issued });
      }
      case 'GET /api/admin/auth/validate':
        return json({ valid: tokens.valid.has(token) });
      case 'POST /api/admin/auth/logout':
        tokens.valid.delete(token);
        return json({ success: true });
      case 'GET /api/admin/leads':
        return tokens.valid.has(token) ? json({ success: true, leads: [] }) : json({ error: 'Unauthorized' }, 401);
      default:
        return json({ error: 'not found' }, 404);
    }
  };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe('token vault when the keychain fails after launch (keytar stand-in)', () => {
  it('keeps a token written after the failure in memory and reports memory from then on', async () => {
    const { keychain, entries, state } = keychainThatStartsFailing();
    const vault = await openTokenVault(async () => keychain);
    expect(vault.kind()).toBe('keychain');
    const store = vault.storeFor(SERVER);
    await store.write('first');
    expect(entries.get(`${KEYCHAIN_SERVICE}/${SERVER}`)).toBe('first');

    state.failing = true;
    await expect(store.write('second')).resolves.toBeUndefined();
    expect(vault.kind()).toBe('memory');
    expect(await store.read()).toBe('second');
    // Another store for the same server (main asks for one per call) sees the same memory.
    expect(await vault.storeFor(SERVER).read()).toBe('second');
    await expect(store.clear()).resolves.toBeUndefined();
    expect(await store.read()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('kept in memory only from now on'));
  });

  it('answers a failed read from memory (no token: the console asks for the password) and a failed delete without an error', async () => {
    for (const operation of ['read', 'clear'] as const) {
      const { keychain, state } = keychainThatStartsFailing();
      const vault = await openTokenVault(async () => keychain);
      const store = vault.storeFor(SERVER);
      await store.write('stored');
      state.failing = true;
      if (operation === 'read') await expect(store.read()).resolves.toBeNull();
      else await expect(store.clear()).resolves.toBeUndefined();
      expect(vault.kind(), operation).toBe('memory');
      // The keychain is not asked again once given up.
      const calls = state.calls;
      state.failing = false;
      await store.write('later');
      expect(await store.read()).toBe('later');
      expect(state.calls, operation).toBe(calls);
    }
  });
});

describe('sign-in and sign-out over IPC when the keychain fails after launch (electron mocked, keytar stand-in)', () => {
  /** The settings of a console on SERVER; the keychain entries still to remove are kept as the file would. */
  function settingsOnServer(): SettingsStore {
    let pending: string[] = [];
    return {
      file: '/home/op/.config/HireAssist Console/settings.json',
      get: () => ({ serverUrl: SERVER, lastScreen: 'leads' }),
      setServerUrl: () => undefined,
      setLastScreen: () => undefined,
      bounds: () => null,
      setBounds: () => undefined,
      pendingKeychainRemovals: () => pending,
      setPendingKeychainRemovals: (accounts) => {
        pending = accounts;
      },
    };
  }

  async function consoleWith(keychain: Keychain, settings = settingsOnServer()) {
    const tokens = { issued: [] as string[], valid: new Set<string>() };
    const vault = await openTokenVault(async () => keychain, settings);
    const session = createAdminSession({ vault, serverUrl: SERVER, fetch: fakeServer(tokens) });
    setupConsoleIpc({ settings, vault, session });
    return tokens;
  }

  it('signs in with the token kept in memory, and the console then shows the memory-only warning', async () => {
    const { keychain, state } = keychainThatStartsFailing();
    await consoleWith(keychain);
    expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href)).toBe('keychain');
    state.failing = true;
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
    expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href)).toBe('memory');
    expect(await admin('validate')).toEqual({ ok: true, value: true });
    expect(await admin('listLeads')).toEqual({
      ok: true,
      value: { items: [], nextCursor: null, total: null, totalIsEstimate: false },
    });
  });

  it('signs out (the token is revoked on the server) although the keychain entry cannot be deleted', async () => {
    const { keychain, state } = keychainThatStartsFailing();
    const tokens = await consoleWith(keychain);
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
    expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href)).toBe('keychain');
    const [token] = tokens.issued;

    // The keychain read for the logout request still works; the delete that follows throws.
    const { deletePassword } = keychain;
    keychain.deletePassword = async (...args) => {
      state.failing = true;
      return deletePassword(...args);
    };
    await expect(admin('logout')).resolves.toEqual({ ok: true, value: undefined });
    expect(tokens.valid.has(token ?? '')).toBe(false);
    expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href)).toBe('memory');
    expect(await admin('validate')).toEqual({ ok: true, value: false });
  });

  it('removes at the next launch the keychain entry a sign-out could not delete, before anything reads it', async () => {
    for (const failingFrom of ['the delete', 'before the sign-out'] as const) {
      const { keychain, entries, state } = keychainThatStartsFailing();
      const settings = settingsOnServer();
      await consoleWith(keychain, settings);
      expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
      const { deletePassword } = keychain;
      if (failingFrom === 'before the sign-out') state.failing = true;
      else {
        keychain.deletePassword = async (...args) => {
          state.failing = true;
          return deletePassword(...args);
        };
      }
      await admin('logout');
      expect(await admin('validate')).toEqual({ ok: true, value: false });
      // The keychain could not be told: its entry is still there, and noted for removal.
      expect(entries.has(`${KEYCHAIN_SERVICE}/${SERVER}`), failingFrom).toBe(true);
      expect(settings.pendingKeychainRemovals()).toEqual([SERVER]);

      // The next launch, with the keychain answering again.
      state.failing = false;
      keychain.deletePassword = deletePassword;
      const relaunched = await openTokenVault(async () => keychain, settings);
      expect(relaunched.kind()).toBe('keychain');
      expect(entries.has(`${KEYCHAIN_SERVICE}/${SERVER}`), failingFrom).toBe(false);
      expect(await relaunched.storeFor(SERVER).read()).toBeNull();
      expect(settings.pendingKeychainRemovals()).toEqual([]);
    }
  });

  it('says the next launch may sign in again when neither the keychain nor the settings can take the removal', async () => {
    for (const failingFrom of ['before the sign-out', 'the launch'] as const) {
      const { keychain, entries, state } = keychainThatStartsFailing();
      // The settings can be read but not written (a full disk, a read-only profile).
      const settings: SettingsStore = {
        ...settingsOnServer(),
        setPendingKeychainRemovals: () => {
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      };
      // A session the keychain holds: signed in now, or left signed in by an earlier launch.
      entries.set(`${KEYCHAIN_SERVICE}/${SERVER}`, 'earlier-token');
      if (failingFrom === 'the launch') state.failing = true;
      const tokens = await consoleWith(keychain, settings);
      tokens.valid.add('earlier-token');
      expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
      state.failing = true;

      expect(await admin('logout'), failingFrom).toEqual({ ok: false, reason: 'failed', error: keychainKeepsSession(SERVER) });
      // The keychain banner must not say the next launch asks for the password: the renderer learns why.
      expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href), failingFrom).toBe(SESSION_LEFT_IN_KEYCHAIN);
      // What the message is about: the next launch, with the keychain answering, finds a session.
      state.failing = false;
      const relaunched = await openTokenVault(async () => keychain, settings);
      expect(await relaunched.storeFor(SERVER).read(), failingFrom).not.toBeNull();
    }
  });

  it('switching servers says the keychain may keep the old session when neither it nor the settings can take the removal', async () => {
    const { keychain, entries, state } = keychainThatStartsFailing();
    const settings: SettingsStore = {
      ...settingsOnServer(),
      setPendingKeychainRemovals: () => {
        throw new Error('EROFS: read-only file system, open');
      },
    };
    entries.set(`${KEYCHAIN_SERVICE}/${SERVER}`, 'earlier-token');
    state.failing = true;
    await consoleWith(keychain, settings);
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });

    const switched = await invoke(IPC_CHANNELS.settingsSetServerUrl, RENDERER.href, 'https://other.example');
    expect(switched).toEqual({ ok: true, serverUrl: 'https://other.example', signOutFailure: keychainKeepsSession(SERVER) });
  });

  it('says the server was not told when the keychain stopped answering before a sign-out could read the token', async () => {
    const { keychain, state } = keychainThatStartsFailing();
    const tokens = await consoleWith(keychain);
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
    state.failing = true;
    expect(await admin('logout')).toEqual({ ok: false, reason: 'failed', error: KEYCHAIN_LOST_AT_SIGN_OUT });
    // The server still takes the session: nothing reached it, which is why the console must say so.
    expect(tokens.valid.has(tokens.issued[0] ?? '')).toBe(true);
    expect(await admin('validate')).toEqual({ ok: true, value: false });
    // A sign-out with nothing to tell (signed out already) is done, keychain or not.
    expect(await admin('logout')).toEqual({ ok: true, value: undefined });
  });

  it('treats a keychain that stops answering mid-session as no session: the console asks for the password', async () => {
    const { keychain, state } = keychainThatStartsFailing();
    await consoleWith(keychain);
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
    state.failing = true;
    expect(await admin('listLeads')).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await invoke(IPC_CHANNELS.tokenStorage, RENDERER.href)).toBe('memory');
    expect(await admin('login', 'the password')).toEqual({ ok: true, value: undefined });
    expect(await admin('listLeads')).toEqual({
      ok: true,
      value: { items: [], nextCursor: null, total: null, totalIsEstimate: false },
    });
  });
});
