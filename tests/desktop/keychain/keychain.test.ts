import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, loadKeytar, openTokenVault, type Keychain } from '../../../src-desktop/main/token-vault.ts';

/**
 * The OS keychain for real: keytar against gnome-keyring's Secret Service, in the private D-Bus
 * session that `npm run test:keychain` starts. Never skipped: a missing keytar build or
 * Secret Service fails here with what to fix.
 */
let keytar: Keychain;
const account = `http://127.0.0.1:${40_000 + (randomBytes(2).readUInt16BE() % 20_000)}`;

beforeAll(async () => {
  try {
    keytar = await loadKeytar();
  } catch (error) {
    throw new Error(
      `keytar could not be loaded (${String(error)}): install Debian's libsecret-1-dev, then reinstall the dependencies so keytar compiles`,
    );
  }
  try {
    await keytar.getPassword(KEYCHAIN_SERVICE, account);
  } catch (error) {
    throw new Error(
      `No Secret Service answered (${String(error)}): run these tests with \`npm run test:keychain\`, which starts gnome-keyring in a D-Bus session`,
    );
  }
});

afterAll(async () => {
  await keytar?.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false);
});

describe('admin token in the real OS keychain (keytar, gnome-keyring Secret Service)', () => {
  it('stores, reads, replaces and deletes a token under the console service and the server origin', async () => {
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    await keytar.setPassword(KEYCHAIN_SERVICE, account, 'first-token');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('first-token');
    await keytar.setPassword(KEYCHAIN_SERVICE, account, 'second-token');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('second-token');
    expect(await keytar.deletePassword(KEYCHAIN_SERVICE, account)).toBe(true);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });

  it("main's token vault keeps the token in the keychain, one entry per server origin", async () => {
    const vault = await openTokenVault();
    expect(vault.kind()).toBe('keychain');
    const store = vault.storeFor(account);
    await store.write('vault-token');
    // Another launch (a fresh vault) finds it: the keychain, not memory, holds it.
    expect(await (await openTokenVault()).storeFor(account).read()).toBe('vault-token');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('vault-token');
    expect(await vault.storeFor('https://other.example').read()).toBeNull();
    await store.clear();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    await store.clear();
  });

  it('falls back to memory only when keytar throws or cannot load', async () => {
    const broken: Keychain = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      setPassword: () => Promise.reject(new Error('unreachable')),
      deletePassword: () => Promise.reject(new Error('unreachable')),
    };
    for (const load of [async () => broken, () => Promise.reject(new Error("Cannot find module 'keytar'"))]) {
      const vault = await openTokenVault(load);
      expect(vault.kind()).toBe('memory');
      const store = vault.storeFor(account);
      await store.write('memory-token');
      expect(await vault.storeFor(account).read()).toBe('memory-token');
      await store.clear();
      expect(await store.read()).toBeNull();
    }
  });

  it('moves to memory when the real keychain starts failing after launch, and stops using it', async () => {
    // The real keytar until `failing` is set; then every call throws, as with a keyring locked mid-run.
    let failing = false;
    const guarded =
      <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
      (...args: Args) =>
        failing ? Promise.reject(new Error('Cannot get secret of a locked object')) : call(...args);
    const flaky: Keychain = {
      getPassword: guarded(keytar.getPassword),
      setPassword: guarded(keytar.setPassword),
      deletePassword: guarded(keytar.deletePassword),
    };
    const vault = await openTokenVault(async () => flaky);
    expect(vault.kind()).toBe('keychain');
    const store = vault.storeFor(account);
    await store.write('keychain-token');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('keychain-token');

    failing = true;
    await store.write('memory-token');
    expect(vault.kind()).toBe('memory');
    // The keychain answers again, but this run keeps to memory: the token is not split across both.
    failing = false;
    expect(await store.read()).toBe('memory-token');
    await store.clear();
    expect(await store.read()).toBeNull();
    // Only the write before the failure reached the real keychain; later writes and clears stayed in memory.
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('keychain-token');
  });

  it('removes at the next launch the entry a clear could not remove while the keychain failed', async () => {
    let failing = false;
    const flaky: Keychain = {
      getPassword: (...args) => (failing ? Promise.reject(new Error('locked')) : keytar.getPassword(...args)),
      setPassword: (...args) => (failing ? Promise.reject(new Error('locked')) : keytar.setPassword(...args)),
      deletePassword: (...args) => (failing ? Promise.reject(new Error('locked')) : keytar.deletePassword(...args)),
    };
    // The settings file's list of entries still to remove, as main keeps it.
    let pending: string[] = [];
    const ledger = { pendingKeychainRemovals: () => pending, setPendingKeychainRemovals: (next: string[]) => (pending = next) };
    const vault = await openTokenVault(async () => flaky, ledger);
    await vault.storeFor(account).write('signed-out-token');
    failing = true;
    await vault.storeFor(account).clear();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('signed-out-token');

    failing = false;
    const relaunched = await openTokenVault(loadKeytar, ledger);
    expect(relaunched.kind()).toBe('keychain');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    expect(pending).toEqual([]);
  });
});

/** Locks the Secret Service's login keyring, as the operator (or an idle timeout) locks it mid-run. */
async function lockKeyring(): Promise<void> {
  await promisify(execFile)('dbus-send', [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    'array:objpath:/org/freedesktop/secrets/collection/login',
  ]);
}

// Last in the file: the keyring stays locked (unlocking asks for its password in a prompt, which this session cannot show).
describe('a keyring locked while the console runs (real gnome-keyring)', () => {
  it('is taken as not answering: the sign-out cannot pass for done, and the entry goes at the next launch it is open', async () => {
    let pending: string[] = [];
    const ledger = { pendingKeychainRemovals: () => pending, setPendingKeychainRemovals: (next: string[]) => (pending = next) };
    const vault = await openTokenVault(loadKeytar, ledger);
    await vault.storeFor(account).write('session-token');
    // Another run, whose first step after the lock removes an entry (a switch forgetting a server's device cookie).
    const forgetting = await openTokenVault(loadKeytar, ledger);
    await forgetting.storeFor(`${account} known device`).write('device-cookie');
    await lockKeyring();
    await forgetting.storeFor(`${account} known device`).clear();
    expect(forgetting.kind()).toBe('memory');
    expect(pending).toEqual([`${account} known device`]);
    pending = [];

    // gnome-keyring answers a read of a locked keyring with nothing, as if no one had signed in.
    expect(await vault.storeFor(account).read()).toBeNull();
    // The console must know the keychain did not answer: sign-out then says the server was not
    // told (KEYCHAIN_LOST_AT_SIGN_OUT), and the entry it could not remove is noted.
    expect(vault.kind()).toBe('memory');
    await vault.storeFor(account).clear();
    expect(pending).toEqual([account]);

    // A launch while it is still locked removes nothing, so the note stays.
    const relaunched = await openTokenVault(loadKeytar, ledger);
    expect(relaunched.kind()).toBe('memory');
    expect(pending).toEqual([account]);
  });
});
