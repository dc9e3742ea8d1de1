import type { Keychain } from '../../../src-desktop/main/token-vault.ts';

/**
 * The OS keychain as keytar answers it, kept in `entries` (`service/account` → secret), for the
 * main-process tests that mock keytar: `vi.mock('keytar', () => import('./support/keytar-stand-in.ts'))`.
 * The test imports `entries` from here too, and reads the one module instance the mock serves.
 */
export const entries = new Map<string, string>();

const keychain: Keychain = {
  getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
  setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
  deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
};
export default keychain;
