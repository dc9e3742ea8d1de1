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
  kind: TokenStorageKind;
  storeFor(origin: string): TokenStore;
}

/** keytar, loaded only when asked: it is a native, optional module that may be missing or built for another runtime. */
export async function loadKeytar(): Promise<Keychain> {
  const module: Keychain & { default?: Keychain } = await import('keytar');
  return module.default ?? module;
}

/**
 * The OS keychain when keytar loads and answers a read, otherwise memory only (the next
 * launch asks for the password again, and the renderer says so).
 */
export async function openTokenVault(loadKeychain: () => Promise<Keychain> = loadKeytar): Promise<TokenVault> {
  try {
    const keychain = await loadKeychain();
    // A read proves the Secret Service / Keychain / Credential Vault is reachable and unlocked.
    await keychain.getPassword(KEYCHAIN_SERVICE, 'availability-check');
    return { kind: 'keychain', storeFor: (origin) => keychainTokenStore(keychain, origin) };
  } catch (error) {
    console.warn(`The OS keychain is unavailable, so the admin token is kept in memory only: ${describe(error)}`);
    const stores = new Map<string, TokenStore>();
    return {
      kind: 'memory',
      storeFor(origin) {
        const store = stores.get(origin) ?? createMemoryTokenStore();
        stores.set(origin, store);
        return store;
      },
    };
  }
}

function keychainTokenStore(keychain: Keychain, origin: string): TokenStore {
  return {
    read: () => keychain.getPassword(KEYCHAIN_SERVICE, origin),
    write: (token) => keychain.setPassword(KEYCHAIN_SERVICE, origin, token),
    clear: async () => {
      await keychain.deletePassword(KEYCHAIN_SERVICE, origin);
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
