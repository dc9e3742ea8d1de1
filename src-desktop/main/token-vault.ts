import { createMemoryTokenStore } from '../../src-shared/api/admin/memory-token-store.ts';
import type { TokenStore } from '../../src-shared/domain/platform.ts';
import type { TokenStorageKind } from '../contract/bridge.ts';

/** The keychain entry's service name; the account is the server's origin. */
export const KEYCHAIN_SERVICE = 'HireAssist Console';

/** The part of keytar the console uses (keytar's own functions have these shapes). */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Where main keeps admin tokens: one store per server origin. */
export interface TokenVault {
  /** The keychain until it fails, then memory for the rest of the run. */
  kind(): TokenStorageKind;
  storeFor(origin: string): TokenStore;
  /**
   * Whether the keychain may still hold `account`'s entry with nothing to remove it: a clear the
   * keychain did not do while the settings could not note it for the next launch either.
   */
  leftInKeychain(account: string): boolean;
  /** Whether any entry is so left: a later launch may find a session this run was asked to end. */
  leftAnyInKeychain(): boolean;
}

/**
 * Where the vault notes the keychain entries it was asked to remove while the keychain did not
 * answer (the settings file): they are removed at the next launch that reaches the keychain,
 * so a token the operator signed out of does not come back from it.
 */
export interface RemovalLedger {
  pendingKeychainRemovals(): string[];
  setPendingKeychainRemovals(accounts: string[]): void;
}

/** No ledger: entries the keychain could not remove are forgotten (tests of other things). */
const NO_LEDGER: RemovalLedger = { pendingKeychainRemovals: () => [], setPendingKeychainRemovals: () => undefined };

/** keytar, loaded only when asked: it is a native, optional module that may be missing or built for another runtime. */
export async function loadKeytar(): Promise<Keychain> {
  const module: Keychain & { default?: Keychain } = await import('keytar');
  return module.default ?? module;
}

/**
 * The OS keychain when keytar loads and the keychain takes a write (it is unlocked), otherwise
 * memory only (the next launch asks for the password again, and the renderer says so). A
 * keychain that fails later (locked, its daemon gone) is dropped the same way, so sign-in and sign-out go on in memory
 * instead of failing with keytar's error; the renderer learns it from `kind()`.
 */
export async function openTokenVault(
  loadKeychain: () => Promise<Keychain> = loadKeytar,
  ledger: RemovalLedger = NO_LEDGER,
): Promise<TokenVault> {
  let keychain: Keychain | null = null;
  try {
    const loaded = await loadKeychain();
    await confirmAnswering(loaded);
    // What an earlier run could not remove goes first, before anything can read it back.
    const pending = ledger.pendingKeychainRemovals();
    for (const account of pending) await loaded.deletePassword(KEYCHAIN_SERVICE, account);
    keychain = loaded;
    if (pending.length > 0) noteRemovals(ledger, []);
  } catch (error) {
    console.warn(`The OS keychain is unavailable, so the admin token is kept in memory only: ${describe(error)}`);
  }
  /** Entries a removal could neither reach nor note: the next launch would find them. */
  const leftBehind = new Set<string>();
  /** A removal the keychain did not do: it may still hold the entry, to be removed next launch. */
  const removeLater = (account: string) => {
    let noted = true;
    try {
      const pending = ledger.pendingKeychainRemovals();
      if (!pending.includes(account)) noted = noteRemovals(ledger, [...pending, account]);
    } catch (error) {
      noted = false;
      console.warn(`The keychain entries still to remove could not be read from the settings: ${describe(error)}`);
    }
    if (noted) leftBehind.delete(account);
    else leftBehind.add(account);
  };

  /**
   * Entries this run has read or written in the keychain: one it then finds empty, or cannot
   * remove, is checked for a locked keychain (confirmAnswering) rather than taken as gone.
   */
  const held = new Set<string>();
  const memory = new Map<string, TokenStore>();
  const memoryStore = (origin: string) => {
    const store = memory.get(origin) ?? createMemoryTokenStore();
    memory.set(origin, store);
    return store;
  };
  /** Runs one keychain operation; on failure the keychain is given up for this run and memory answers instead. */
  const withKeychain = async <T>(operation: (available: Keychain) => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (!keychain) return fallback();
    try {
      return await operation(keychain);
    } catch (error) {
      keychain = null;
      console.warn(
        `The OS keychain stopped answering, so the admin token is kept in memory only from now on: ${describe(error)}`,
      );
      return fallback();
    }
  };

  return {
    kind: () => (keychain ? 'keychain' : 'memory'),
    leftInKeychain: (account) => leftBehind.has(account),
    leftAnyInKeychain: () => leftBehind.size > 0,
    storeFor(origin) {
      const inMemory = memoryStore(origin);
      return {
        read: () =>
          withKeychain(async (available) => {
            const value = await available.getPassword(KEYCHAIN_SERVICE, origin);
            // Gone since this run saw it: the keychain may have been locked meanwhile.
            if (value === null && held.has(origin)) await confirmAnswering(available);
            // Answering, and empty: removed elsewhere (the keychain app), not to be checked again.
            if (value === null) held.delete(origin);
            else held.add(origin);
            return value;
          }, inMemory.read),
        write: (token) =>
          withKeychain(
            async (available) => {
              await available.setPassword(KEYCHAIN_SERVICE, origin, token);
              held.add(origin);
            },
            () => inMemory.write(token),
          ),
        clear: () =>
          withKeychain(
            async (available) => {
              // Nothing removed of an entry this run saw: the keychain may be locked, still holding it.
              const removed = await available.deletePassword(KEYCHAIN_SERVICE, origin);
              if (!removed && held.has(origin)) await confirmAnswering(available);
              held.delete(origin);
            },
            async () => {
              removeLater(origin);
              await inMemory.clear();
            },
          ),
      };
    },
  };
}

/** The entry written and removed to learn whether the keychain answers; it never holds a secret. */
const PROBE_ACCOUNT = 'availability-check';

/**
 * Throws unless the keychain is reachable and unlocked. A read or a delete cannot tell: gnome-keyring answers
 * a read of a locked keyring with nothing and a delete with false, as for an entry that is not
 * there (a sign-out would pass for done, its entry kept for the next launch). Only a write is
 * refused ("Cannot create an item in a locked collection").
 */
async function confirmAnswering(keychain: Keychain): Promise<void> {
  await keychain.setPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT, 'probe');
  await keychain.deletePassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT);
}

/**
 * Writes the ledger, and says whether it could; a settings file that cannot be written costs the
 * note, never the sign-out (which then says what stays behind, see admin-session.ts).
 */
function noteRemovals(ledger: RemovalLedger, accounts: string[]): boolean {
  try {
    ledger.setPendingKeychainRemovals(accounts);
    return true;
  } catch (error) {
    console.warn(`The keychain entries still to remove could not be noted in the settings: ${describe(error)}`);
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
